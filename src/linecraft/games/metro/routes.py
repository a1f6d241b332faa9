"""Following routes from departure tracks through the tiles (§7.1, §7.2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from linecraft.games.metro.board import (
    CENTRAL_ARRIVALS,
    CENTRAL_SQUARES,
    DEPARTURES,
    EDGE_ARRIVALS,
    across,
)
from linecraft.games.metro.tiles import CONNECT

Board = Sequence[str | None]  # 64 squares: a tile code, a central piece (upper case) or None
MAX_STEPS = 256


@dataclass(frozen=True, slots=True)
class Route:
    """A route from one departure: complete when it reached an arrival (`to`)."""

    departure: str
    to: str | None
    path: tuple[int, ...]  # squares in passage order
    stop: int | None = None  # the empty square an open route waits at
    exits: tuple[tuple[int, int], ...] = ()  # (entry, leave) exits of each passage

    @property
    def complete(self) -> bool:
        return self.to is not None

    @property
    def passages(self) -> int:
        return len(self.path)

    @property
    def doubled(self) -> bool:
        """From an edge station into the central station (never from the centre)."""
        return self.to is not None and self.to.startswith("C") and self.departure[0] != "C"

    @property
    def points(self) -> int:
        if not self.complete:
            return 0
        return self.passages * (2 if self.doubled else 1)


def trace(board: Board, departure: str) -> Route:
    """Follow the route; central pieces on the board (module 3) carry it through the centre."""
    sq, entry = DEPARTURES[departure]
    path: list[int] = []
    exits: list[tuple[int, int]] = []
    for _ in range(MAX_STEPS):
        code = board[sq]
        if code is None:
            return Route(departure, None, tuple(path), sq, tuple(exits))
        leave = CONNECT[code][entry]
        path.append(sq)
        exits.append((entry, leave))
        arrival = EDGE_ARRIVALS.get((sq, leave))
        if arrival is not None:
            return Route(departure, arrival, tuple(path), None, tuple(exits))
        nxt = across(sq, leave)
        assert nxt is not None
        if nxt[0] in CENTRAL_SQUARES and board[nxt[0]] is None:
            return Route(departure, CENTRAL_ARRIVALS[sq, leave], tuple(path), None, tuple(exits))
        sq, entry = nxt
    raise RuntimeError(f"the route from {departure} does not end")  # impossible (§9.4)


def one_tile_completion(board: Board, sq: int, code: str, departures: Sequence[str]) -> str | None:
    """A departure (with a car) whose open line `code` on the empty `sq` would complete
    in one passage (§6), or None."""
    for departure in departures:
        dep_sq, entry = DEPARTURES[departure]
        if dep_sq != sq:
            continue
        leave = CONNECT[code][entry]
        if (sq, leave) in EDGE_ARRIVALS:
            return departure
        nxt = across(sq, leave)
        if nxt is not None and nxt[0] in CENTRAL_SQUARES and board[nxt[0]] is None:
            return departure
    return None
