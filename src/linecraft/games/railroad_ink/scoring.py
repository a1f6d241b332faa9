"""Scoring a board (rules §8): networks, longest routes, centre squares, errors.

`score_board` returns the full breakdown; `ScoreDetails.card()` the score card
with the exact field names of rules §14.1.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from linecraft.core.graph import UnionFind, components, longest_simple_path
from linecraft.core.i18n import _
from linecraft.games.railroad_ink.board import (
    CELLS,
    CENTRE,
    EXIT_TYPE,
    EXITS,
    NEIGHBOUR,
    Board,
    cell_name,
    exit_name,
)
from linecraft.games.railroad_ink.phrases import N_, Phrase
from linecraft.games.railroad_ink.pieces import (
    BLANK,
    CRATER,
    CRATER_SIDE,
    HIGHWAY,
    LAVA,
    OPPOSITE,
    RAILWAY,
    ROUTE_TYPES,
    SIDE_NAMES,
    TYPE_NAMES,
    piece,
)

# Points for a network by its number of exits (§8.2).
NETWORK_POINTS = (0, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 45)


@dataclass(frozen=True)
class Network:
    """Exits joined by routes; `parts` are (square index, part index) pairs (§8.1)."""

    exits: tuple[str, ...]
    parts: tuple[tuple[int, int], ...]

    @property
    def squares(self) -> tuple[str, ...]:
        return tuple(cell_name(c) for c in sorted({cell for cell, _ in self.parts}))

    @property
    def points(self) -> int:
        return NETWORK_POINTS[len(self.exits)]


@dataclass(frozen=True)
class RouteError:
    square: str
    side: str
    reason: Phrase

    def __str__(self) -> str:
        # TRANSLATORS: a route end that leads nowhere: a square, a side (N, E, S or W)
        # and why, e.g. "A3 N: highway faces the empty square A2".
        return _("{square} {side}: {reason}").format(
            square=self.square, side=self.side, reason=self.reason
        )


@dataclass(frozen=True)
class LavaDetails:
    """Lava lakes and their open sides (§9.3, §9.8)."""

    lakes: tuple[tuple[int, ...], ...]  # squares of each lake
    closed: tuple[bool, ...]
    open_sides: int

    @property
    def closed_lakes(self) -> int:
        return sum(self.closed)

    @property
    def largest_lake(self) -> int:
        return max((len(lake) for lake in self.lakes), default=0)

    @property
    def points(self) -> int:
        return 5 * self.closed_lakes + self.largest_lake

    def entry(self) -> dict[str, int]:
        return {
            "closed_lakes": self.closed_lakes,
            "closed_lake_points": 5 * self.closed_lakes,
            "largest_lake": self.largest_lake,
            "open_lava_sides": self.open_sides,
            "points": self.points,
        }


@dataclass(frozen=True)
class ScoreDetails:
    """Everything a player needs to see how a board scores."""

    networks: tuple[Network, ...]
    longest_highway: tuple[str, ...]
    longest_railway: tuple[str, ...]
    centre: tuple[str, ...]
    errors: tuple[RouteError, ...]  # open lava sides included (§9.8)
    lava: LavaDetails | None = None
    crater_sides: int | None = None  # Meteor: route sides facing a crater (§10.6)

    @property
    def scoring_networks(self) -> tuple[Network, ...]:
        """Networks with at least two exits, largest first (§14.1)."""
        ranked = [n for n in self.networks if len(n.exits) >= 2]
        return tuple(sorted(ranked, key=lambda n: -len(n.exits)))

    @property
    def total(self) -> int:
        return (
            sum(n.points for n in self.scoring_networks)
            + len(self.longest_highway)
            + len(self.longest_railway)
            + len(self.centre)
            - len(self.errors)
            + (self.lava.points if self.lava else 0)
            + 2 * (self.crater_sides or 0)
        )

    def expansion_entries(self) -> dict[str, dict[str, int]]:
        entries = {}
        if self.lava is not None:
            entries["lava"] = self.lava.entry()
        if self.crater_sides is not None:
            entries["meteor"] = {"crater_sides": self.crater_sides, "points": 2 * self.crater_sides}
        return entries

    def card(self) -> dict[str, object]:
        networks = [{"exits": len(n.exits), "points": n.points} for n in self.scoring_networks]
        return {
            "networks": networks,
            "network_points": sum(n["points"] for n in networks),
            "longest_highway": len(self.longest_highway),
            "longest_railway": len(self.longest_railway),
            "centre": len(self.centre),
            "errors": len(self.errors),
            "expansion": self.expansion_entries(),
            "total": self.total,
        }


def score_board(board: Board, *, lava: bool = False, meteor: bool = False) -> ScoreDetails:
    """The breakdown; an expansion's entry appears with its option or when the board
    shows it (lava sides; craters or the impact mark)."""
    with_lava = lava or any(t is not None and LAVA in t for t in board)
    with_meteor = meteor or CRATER in board or getattr(board, "impact", None) is not None
    return ScoreDetails(
        networks=networks(board),
        longest_highway=longest_route(board, HIGHWAY),
        longest_railway=longest_route(board, RAILWAY),
        centre=centre_squares(board),
        errors=route_errors(board),
        lava=lava_details(board) if with_lava else None,
        crater_sides=crater_sides(board) if with_meteor else None,
    )


def centre_squares(board: Board) -> tuple[str, ...]:
    """Centre squares with a route drawn on them (§8.4): the route half of `LR`/`LH`
    counts, as the rulebook counts any route; pure lava, volcanoes and craters do not."""
    return tuple(
        cell_name(c)
        for c in sorted(CENTRE)
        if (t := board[c]) is not None and any(side in ROUTE_TYPES for side in t[:4])
    )


def crater_sides(board: Board) -> int:
    """Route sides facing a crater square: +2 each, never an error (§10.6)."""
    count = 0
    for cell in range(CELLS):
        token = board[cell]
        if token is None or token == CRATER:
            continue
        for side in range(4):
            other = NEIGHBOUR[cell][side]
            if token[side] in (HIGHWAY, RAILWAY) and other >= 0 and board[other] == CRATER:
                count += 1
    return count


def lava_details(board: Board) -> LavaDetails:
    """Lakes: lava squares linked where both sides of their shared edge are lava (O4)."""
    lakes, open_sides = lava_lakes(board)
    return LavaDetails(lakes, tuple(not sides for sides in open_sides), sum(open_sides))


def lava_lakes(board: Board) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The lakes (`lava_details`), each with its open lava sides."""
    links: UnionFind[int] = UnionFind()
    open_at: dict[int, int] = {}
    for cell in range(CELLS):
        token = board[cell]
        if token is None or LAVA not in token:
            continue
        links.add(cell)
        joined, open_at[cell] = lava_sides(board, cell, token)
        for other in joined:
            links.union(cell, other)
    lakes = tuple(tuple(sorted(group)) for group in links.groups())
    return lakes, tuple(sum(open_at[cell] for cell in lake) for lake in lakes)


def lava_sides(board: Board, cell: int, token: str) -> tuple[list[int], int]:
    """For lava drawn as `token` on `cell`: the squares its lava meets lava on (the
    lake goes on there), and how many of its lava sides are open, facing no lava
    (the board edge closes lava)."""
    joined: list[int] = []
    open_sides = 0
    for side in range(4):
        if token[side] != LAVA:
            continue
        other = NEIGHBOUR[cell][side]
        if other < 0:
            continue
        facing = board[other]
        if facing is not None and facing[OPPOSITE[side]] == LAVA:
            joined.append(other)
        else:
            open_sides += 1
    return joined, open_sides


def networks(board: Board) -> tuple[Network, ...]:
    """Connected components of parts and exits (§8.1) that contain at least one exit,
    ordered by their first part."""
    found = []
    groups, exits = part_groups(board)
    for group in groups:
        names = sorted(name for node in group for name in exits.get(node, ()))
        if names:
            found.append(Network(tuple(names), tuple(sorted(divmod(node, 2) for node in group))))
    return tuple(found)


def part_groups(board: Board) -> tuple[list[list[int]], dict[int, list[str]]]:
    """The parts joined by routes, as part numbers (2 × square + part index), group
    by group in the order of their first part; and the exits each part lies on."""
    links: dict[int, list[int]] = {}
    exits: dict[int, list[str]] = {}
    for cell in range(CELLS):
        token = board[cell]
        if token is None:
            continue
        for part, side, kind in part_sides(token):
            node = 2 * cell + part
            joined = links.setdefault(node, [])
            other = NEIGHBOUR[cell][side]
            if other < 0:
                if EXIT_TYPE[cell][side] == kind:
                    exits.setdefault(node, []).append(exit_name(cell, side))
                continue
            other_token = board[other]
            if other_token is not None and other_token[OPPOSITE[side]] == kind:
                joined.append(2 * other + side_parts(other_token)[OPPOSITE[side]])
    groups = []
    seen: set[int] = set()
    for start in links:
        if start in seen:
            continue
        seen.add(start)
        group = [start]
        for node in group:
            fresh = [other for other in links[node] if other not in seen]
            seen.update(fresh)
            group.extend(fresh)
        groups.append(group)
    return groups, exits


@cache
def part_sides(token: str) -> tuple[tuple[int, int, str], ...]:
    """(part index, side, its type) for every route side of a drawing, part by part."""
    shape = piece(token)
    return tuple(
        (index, side, shape.sides[side]) for index, part in enumerate(shape.parts) for side in part
    )


@cache
def side_parts(token: str) -> tuple[int, ...]:
    """The part holding each side of a drawing (-1 for none)."""
    parts = [-1] * 4
    for index, side, _kind in part_sides(token):
        parts[side] = index
    return tuple(parts)


def longest_route(board: Board, kind: str) -> tuple[str, ...]:
    """Squares of the longest simple highway or railway path (§8.3 ruling)."""
    return tuple(cell_name(c) for c in longest_path(board, kind))


Component = tuple[tuple[int, tuple[int, ...]], ...]  # squares with their neighbours


def longest_path(board: Board, kind: str) -> tuple[int, ...]:
    """Squares of the longest simple path joined by sides of `kind` on either board:
    as `longest_simple_path` finds it, one component at a time."""
    best: tuple[int, ...] = ()
    for component in route_components(board, kind):
        if len(component) > len(best):
            found = longest_in(component)
            if len(found) > len(best):
                best = found
    return best


def route_components(board: Board, kind: str) -> list[Component]:
    """The squares joined by sides of `kind`, component by component, each in the
    order a depth-first walk from its first square meets them (the order of
    `longest_simple_path`)."""
    adjacency: dict[int, tuple[int, ...]] = {}
    for cell in range(CELLS):
        token = board[cell]
        if token is None or kind not in token[:4]:
            continue
        adjacency[cell] = tuple(
            other
            for side, other in sides_of(cell, token, kind)
            if (other_token := board[other]) is not None and other_token[OPPOSITE[side]] == kind
        )
    return [tuple((cell, adjacency[cell]) for cell in group) for group in components(adjacency)]


@cache
def sides_of(cell: int, token: str, kind: str) -> tuple[tuple[int, int], ...]:
    """(side, neighbouring square) for each side of `kind` of a drawing on `cell`."""
    return tuple(
        (side, other)
        for side, other in enumerate(NEIGHBOUR[cell])
        if token[side] == kind and other >= 0
    )


@lru_cache(maxsize=8192)
def longest_in(component: Component) -> tuple[int, ...]:
    """The longest simple path of one component; kept, since a board's components
    outlive most drawings (bots judge dozens of drawings on the same board)."""
    return tuple(longest_simple_path(dict(component)))


def loose_ends(board: Board) -> Iterator[tuple[int, int, int, str | None]]:
    """Every route side inside the board not met by its own type:
    (square, side, neighbour, the neighbour's facing side type or None when empty)."""
    for cell in range(CELLS):
        token = board[cell]
        if token is None:
            continue
        for side, other in inner_sides(cell, token):
            kind = token[side]
            other_token = board[other]
            facing = None if other_token is None else other_token[OPPOSITE[side]]
            if facing == CRATER_SIDE and kind != LAVA:
                continue  # a route side into a crater earns the crater bonus (§10.6)
            if facing != kind:
                yield cell, side, other, facing


@cache
def inner_sides(cell: int, token: str) -> tuple[tuple[int, int], ...]:
    """(side, neighbouring square) for each side of a drawing that leads somewhere
    inside the board: a route or lava side."""
    return tuple(
        (side, other)
        for side, other in enumerate(NEIGHBOUR[cell])
        if token[side] not in (BLANK, CRATER_SIDE) and other >= 0
    )


# Why a route end is an error, as its mark on the board names it (§8.5).
# TRANSLATORS: {kind} is "highway", "railway" or "lava"; {square} a square such as A2.
FACES_EMPTY = N_("{kind} faces the empty square {square}")
FACES_BLANK = N_("{kind} faces a blank side of {square}")
FACES_CRATER = N_("{kind} faces the crater {square}")
# TRANSLATORS: {kind} and {other} are "highway", "railway" or "lava".
FACES_OTHER = N_("{kind} faces the {other} of {square}")


def route_errors(board: Board) -> tuple[RouteError, ...]:
    """Every route side that leads nowhere (§8.5); the board edge is never an error."""
    errors = []
    for cell, side, other, facing in loose_ends(board):
        kind = TYPE_NAMES[board[cell][side]]  # type: ignore[index]
        square = cell_name(other)
        if facing is None:
            reason = Phrase(FACES_EMPTY, kind=kind, square=square)
        elif facing == BLANK:
            reason = Phrase(FACES_BLANK, kind=kind, square=square)
        elif facing == CRATER_SIDE:
            reason = Phrase(FACES_CRATER, kind=kind, square=square)
        else:
            reason = Phrase(FACES_OTHER, kind=kind, other=TYPE_NAMES[facing], square=square)
        errors.append(RouteError(cell_name(cell), SIDE_NAMES[side], reason))
    return tuple(errors)


def exits_used(board: Board) -> int:
    """Exits with a route of their type drawn on them (a heuristic for bots)."""
    return sum(
        1
        for (cell, side), kind in EXITS.items()
        if (token := board[cell]) is not None and token[side] == kind
    )


def explain(details: ScoreDetails) -> list[str]:
    """The breakdown in words, one line per item."""
    lines = []
    for network in sorted(details.networks, key=lambda n: -len(n.exits)):
        lines.append(
            f"network of {len(network.exits)} exit{'s' if len(network.exits) > 1 else ''} "
            f"({' '.join(network.exits)}): "
            f"{network.points} points"
        )
    for name, squares in (
        ("longest highway", details.longest_highway),
        ("longest railway", details.longest_railway),
    ):
        lines.append(f"{name}: {len(squares)} ({' '.join(squares) or 'none'})")
    lines.append(f"centre squares: {len(details.centre)} ({' '.join(details.centre) or 'none'})")
    if details.lava is not None:
        for lake, closed in zip(details.lava.lakes, details.lava.closed, strict=True):
            state = "closed, +5" if closed else "open"
            lines.append(
                f"lava lake of {len(lake)} ({' '.join(cell_name(c) for c in lake)}): {state}"
            )
        lines.append(f"largest lava lake: {details.lava.largest_lake}")
    if details.crater_sides is not None:
        lines.append(f"route sides into craters: {details.crater_sides} (+2 each)")
    lines.extend(f"error at {error}" for error in details.errors)
    lines.append(f"total: {details.total}")
    return lines
