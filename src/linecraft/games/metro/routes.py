"""Following routes from departure tracks through the tiles (§7.1, §7.2)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from linecraft.games.metro.board import (
    ACROSS,
    CENTRAL_ARRIVALS,
    CENTRAL_SQUARES,
    DEPARTURES,
    EDGE_ARRIVALS,
    SQUARES,
)
from linecraft.games.metro.tiles import CONNECT, VALID_CODES

Board = Sequence[str | None]  # 64 squares: a tile code, a central piece (upper case) or None
MAX_STEPS = 256


class Route(NamedTuple):
    """A route from one departure: complete when it reached an arrival (`to`). Made at
    every placement and shared by a state's clones, so it is an immutable tuple."""

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


def trace(board: Board, departure: str, so_far: Route | None = None) -> Route:
    """Follow the route; central pieces on the board (module 3) carry it through the centre.

    `so_far`, an open route of this departure on an earlier board, is followed on from
    where it waits: laid tiles never move, so its passages stay as they were."""
    sq, entry = DEPARTURES[departure]
    path: list[int] = []
    exits: list[tuple[int, int]] = []
    if so_far is not None and so_far.path:
        path, exits = list(so_far.path), list(so_far.exits)
        following = ACROSS[path[-1]][exits[-1][1]]
        assert following is not None
        sq, entry = following
    for _ in range(MAX_STEPS):
        code = board[sq]
        if code is None:
            return Route(departure, None, tuple(path), sq, tuple(exits))
        leave = CONNECT[code][entry]
        path.append(sq)
        exits.append((entry, leave))
        nxt = ACROSS[sq][leave]
        if nxt is None:  # every track joins an even exit to an odd one, so off the grid
            # a route leaves by an odd exit: an edge station's arrival track
            return Route(departure, EDGE_ARRIVALS[sq, leave], tuple(path), None, tuple(exits))
        if nxt[0] in CENTRAL_SQUARES and board[nxt[0]] is None:
            return Route(departure, CENTRAL_ARRIVALS[sq, leave], tuple(path), None, tuple(exits))
        sq, entry = nxt
    raise RuntimeError(f"the route from {departure} does not end")  # impossible (§9.4)


def _one_tile_lines() -> list[dict[str, tuple[str, ...]]]:
    """Each departure traced with each tile alone on its square and the central station
    empty (as it is wherever a central departure has a car: modules 2 and 3 exclude
    each other)."""
    found: list[dict[str, tuple[str, ...]]] = [{} for _ in range(SQUARES)]
    board: list[str | None] = [None] * SQUARES
    for departure, (sq, _entry) in DEPARTURES.items():
        for code in VALID_CODES:
            board[sq] = code
            route = trace(board, departure)
            if route.complete and route.passages == 1:
                found[sq][code] = (*found[sq].get(code, ()), departure)
        board[sq] = None
    return found


# Square → tile code as laid → the departures on that square whose line the tile would
# complete at its first passage (what §6 forbids for a line with a car).
ONE_TILE_LINES = _one_tile_lines()


@cache
def one_tile_endings(cars: frozenset[str]) -> tuple[frozenset[str], ...]:
    """Square → the tile codes, as laid there, that would complete the line of a
    departure in `cars` in one passage."""
    return tuple(
        frozenset(code for code, lines in by_code.items() if not cars.isdisjoint(lines))
        for by_code in ONE_TILE_LINES
    )
