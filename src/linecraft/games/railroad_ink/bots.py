"""Railroad Ink's judgement of unfinished boards, used by the one-ply bots.

The final score counts every open route end as an error, but early in the game an
end facing an empty square is a promise as much as a cost: it may still be
joined. So open ends weigh more as the rounds run out, routes on exits earn a
little (future network points), route sides facing a crater earn their 2 points at
once (Meteor: a crater stays until its owner erases it), and special routes, of which
there are only three, carry a small price while many rounds remain. Most points come from joining
exits, a few squares apart on the border, so while rounds remain a free exit counts
for how near the routes have come to it (`exit_reach`): without it the bots built
one corner of the board and left the far exits empty. The weights were tuned on
seeded solo games (benchmarks/railroad_ink.py). The expert plays best at the same
weights: each moved a step either way (`EXIT_REACH` 2 or 4, `OPEN_END` 0.4 or 0.7,
`SPECIAL_PRICE` 0.5 or 3, `EXIT_BONUS` 1, `REACH_DECAY` 0.8) scored between 1.9 points
less and 0.6 more over tuning seeds 3000–3039, within the noise of 40 games (±2).

A one-ply bot judges every legal drawing on the same board, so a board's `Survey`
is kept, and the board with one more drawing is surveyed from it: only what the
drawing joins is looked at again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import NamedTuple

from linecraft.games.railroad_ink.board import (
    CELLS,
    CENTRE,
    EXIT_SQUARES,
    EXIT_TYPE,
    NEIGHBOUR,
    SIZE,
    Board,
)
from linecraft.games.railroad_ink.pieces import (
    BLANK,
    CRATER,
    CRATER_SIDE,
    HIGHWAY,
    LAVA,
    OPPOSITE,
    RAILWAY,
)
from linecraft.games.railroad_ink.scoring import (
    NETWORK_POINTS,
    Component,
    crater_sides,
    exits_used,
    inner_sides,
    lava_lakes,
    lava_sides,
    longest_in,
    longest_path,
    loose_ends,
    part_groups,
    part_sides,
    route_components,
    side_parts,
    sides_of,
)
from linecraft.games.railroad_ink.underground import (
    PIPE,
    SUBWAY,
    UnderPiece,
    exit_accepts,
    is_hub,
    network_points,
    under_links,
    under_part,
    under_piece,
)

# What an open route end costs at the start, and its rise to a full error point at the
# end (with the square of the game's progress); what a route on an exit earns and a
# special route costs at the start (nothing at the end).
OPEN_END = 0.55
OPEN_END_RISE = 0.45
EXIT_BONUS = 0.3
SPECIAL_PRICE = 1.5


def board_value(
    board: Board, round_no: int, rounds: int, specials_used: int, drawn: int | None = None
) -> float:
    """Estimated final score of `board` after round `round_no` of `rounds`; `drawn`,
    the square drawn on last, if any, lets the board be judged from the one before."""
    tally = board_tally(board, drawn)
    progress = round_no / rounds
    open_weight = OPEN_END + OPEN_END_RISE * progress**2
    exit_bonus = EXIT_BONUS * (1.0 - progress)
    special_price = SPECIAL_PRICE * (1.0 - progress)
    return (
        tally.network_points
        + tally.routes
        + tally.centre
        + tally.lava
        + 2 * tally.craters
        - tally.dead
        - open_weight * tally.open_ends
        + exit_bonus * tally.exits
        - special_price * specials_used
        + EXIT_REACH * (1.0 - progress) * tally.reach
    )


# A free exit that a route points at is worth EXIT_REACH points at the start (most
# exits joined to a network add 4), and REACH_DECAY times less for every empty square
# between it and the nearest square a route points at.
EXIT_REACH = 3.0
REACH_DECAY = 0.7
_ROUTES = (HIGHWAY, RAILWAY)  # lava spreading towards an exit brings it no nearer


def exit_reach(board: Board) -> float:
    """The free exits, each weighed by how near the routes have come to it."""
    return sum(REACH_DECAY**gap for gap in exit_gaps(board).values())


# The squares as bits (bit `cell`), for `reach`: a step to every neighbour at once is
# four shifts, where `exit_gaps` visits squares one by one; a bot asks for the reach
# of every drawing it judges.
_EXIT_BITS = sum(1 << cell for cell in EXIT_SQUARES)
_WEST_FREE = sum(1 << cell for cell in range(CELLS) if NEIGHBOUR[cell][3] >= 0)
_EAST_FREE = sum(1 << cell for cell in range(CELLS) if NEIGHBOUR[cell][1] >= 0)


def reach(empty: int, pointed: int) -> float:
    """`exit_reach` from the board's `empty` squares and the squares a route points
    at (`pointed_at`), as bits; the same sum, exit by exit."""
    front = seen = pointed & empty
    fronts: list[int] = []
    free_exits = empty & _EXIT_BITS
    while front and free_exits & ~seen:
        fronts.append(front)
        ahead = (front << SIZE) | (front >> SIZE)
        ahead |= ((front & _EAST_FREE) << 1) | ((front & _WEST_FREE) >> 1)
        front = ahead & empty & ~seen
        seen |= front
    fronts.append(front)
    total = 0.0
    for cell in EXIT_SQUARES:
        bit = 1 << cell
        if free_exits & bit:
            for gap, squares in enumerate(fronts):
                if squares & bit:
                    total += REACH_DECAY**gap
                    break
    return total


@cache
def pointed_at(cell: int, token: str) -> int:
    """The squares beside `cell` that the highways and railways of `token` point at."""
    return sum(
        1 << other
        for side, other in enumerate(NEIGHBOUR[cell])
        if token[side] in _ROUTES and other >= 0
    )


def exit_gaps(board: Board) -> dict[int, int]:
    """For each exit square still empty that the routes can reach, the empty squares
    between it and the nearest empty square a highway or railway points at (0: one
    points at it).

    >>> from linecraft.games.railroad_ink.board import cell_name, parse_cell
    >>> board = [None] * 49
    >>> board[parse_cell("A2")] = "H.H."  # a straight highway down from the A2 exit
    >>> gaps = exit_gaps(board)
    >>> [(cell_name(cell), gaps[cell]) for cell in map(parse_cell, ("B1", "A4", "G6"))]
    [('B1', 1), ('A4', 3), ('G6', 9)]
    """
    gap = [-1] * CELLS
    queue: list[int] = []
    for cell in range(CELLS):
        token = board[cell]
        if token is None:
            continue
        for side, other in enumerate(NEIGHBOUR[cell]):
            if token[side] in _ROUTES and other >= 0 and board[other] is None and gap[other] < 0:
                gap[other] = 0
                queue.append(other)
    for cell in queue:  # breadth first over the empty squares
        step = gap[cell] + 1
        for other in NEIGHBOUR[cell]:
            if other >= 0 and board[other] is None and gap[other] < 0:
                gap[other] = step
                queue.append(other)
    return {cell: gap[cell] for cell in EXIT_SQUARES if gap[cell] >= 0 and board[cell] is None}


class Tally(NamedTuple):
    """What `board_value` weighs on a board."""

    network_points: int  # of the networks joining two exits or more
    routes: int  # the longest highway and the longest railway
    centre: int  # centre squares drawn on, lava aside
    lava: int  # the lakes' points
    dead: int  # route sides that can never be joined
    open_ends: int  # route sides facing an empty square
    exits: int  # exits with a route of their type drawn on them
    craters: int  # Meteor: route sides facing a crater, +2 points each (§10.6)
    reach: float  # the free exits, weighed by how near the routes have come (`exit_reach`)


def board_tally(board: Board, drawn: int | None = None) -> Tally:
    """The tally of `board`, from the survey of the board without its drawing on
    `drawn` when given (the board a bot judges all its drawings on)."""
    if drawn is None or board[drawn] is None:
        return _survey(tuple(board)).tally
    before = list(board)
    before[drawn] = None
    return _survey(tuple(before)).tally_after(board, drawn)


@lru_cache(maxsize=64)
def _survey(board: tuple[str | None, ...]) -> Survey:
    """A board's survey, kept while bots judge the drawings on it."""
    groups, on_exits = part_groups(board)
    exits = [sum(len(on_exits.get(node, ())) for node in group) for group in groups]
    routes = {kind: Routes.of(route_components(board, kind)) for kind in (HIGHWAY, RAILWAY)}
    ends = [facing for _, _, _, facing in loose_ends(board)]
    empty = sum(1 << cell for cell in range(CELLS) if board[cell] is None)
    pointed = 0
    for cell in range(CELLS):
        if (token := board[cell]) is not None:
            pointed |= pointed_at(cell, token)
    lakes = Lakes.of(board)
    tally = Tally(
        network_points=sum(NETWORK_POINTS[count] for count in exits),
        routes=routes[HIGHWAY].longest + routes[RAILWAY].longest,
        centre=sum(1 for c in CENTRE if (t := board[c]) is not None and LAVA not in t),
        lava=lakes.points,
        dead=len(ends) - ends.count(None),
        open_ends=ends.count(None),
        exits=exits_used(board),
        craters=crater_sides(board) if CRATER in board else 0,
        reach=reach(empty, pointed),
    )
    networks = {node: index for index, group in enumerate(groups) for node in group}
    return Survey(tally, networks, exits, routes, empty, pointed, lakes)


@dataclass
class Lakes:
    """A board's lava lakes, for the lava points (`LavaDetails.points`) once one more
    lava drawing joins those beside it: each lake's size and open lava sides."""

    lake: dict[int, int]  # lava square -> its lake
    sizes: list[int]
    open_sides: list[int]

    @classmethod
    def of(cls, board: tuple[str | None, ...]) -> Lakes:
        lakes, open_sides = lava_lakes(board)
        lake = {cell: index for index, squares in enumerate(lakes) for cell in squares}
        return cls(lake, [len(squares) for squares in lakes], list(open_sides))

    @property
    def points(self) -> int:
        return 5 * self.open_sides.count(0) + max(self.sizes, default=0)

    def points_after(self, board: Board, cell: int, token: str) -> int:
        """The points once lava drawn as `token` on the empty `cell` (now on `board`)
        joins the lakes its lava meets: each of them had its side facing `cell` open,
        so none was closed, and the new lake is closed when no side is left open."""
        joined, open_sides = lava_sides(board, cell, token)
        lakes = {self.lake[other] for other in joined}
        open_sides += sum(self.open_sides[index] for index in lakes) - len(joined)
        size = 1 + sum(self.sizes[index] for index in lakes)
        others = [count for index, count in enumerate(self.sizes) if index not in lakes]
        closed = self.open_sides.count(0) + (open_sides == 0)
        return 5 * closed + max([size, *others])


@dataclass
class Routes:
    """One route type's components, each with its longest route, and the longest
    route starting on a square, found when a drawing beside it is judged."""

    components: list[Component]
    component: dict[int, int]  # square -> its component
    longest: int  # of the whole board
    starting: dict[int, int] = field(default_factory=dict)  # square -> longest route from it

    @classmethod
    def of(cls, components: list[Component]) -> Routes:
        return cls(
            components,
            {cell: index for index, component in enumerate(components) for cell, _ in component},
            max((len(longest_in(component)) for component in components), default=0),
        )

    def longest_after(self, board: Board, cell: int, kind: str) -> int:
        """The longest route once `board[cell]` is drawn: the longest before, or one
        through the new square, made of the longest routes starting beside it in
        different components (a route into one component twice needs a search)."""
        token = board[cell]
        assert token is not None
        if kind not in token[:4]:
            return self.longest
        joined = [
            other
            for side, other in sides_of(cell, token, kind)
            if (other_token := board[other]) is not None and other_token[OPPOSITE[side]] == kind
        ]
        if len({self.component[other] for other in joined}) < len(joined):
            return len(longest_path(board, kind))
        arms = sorted((self._starting(other) for other in joined), reverse=True)
        return max(self.longest, 1 + sum(arms[:2]))

    def _starting(self, cell: int) -> int:
        if cell not in self.starting:
            self.starting[cell] = longest_from(self.components[self.component[cell]], cell)
        return self.starting[cell]


@dataclass
class Survey:
    """A board's tally, with what judging the board one drawing further takes: the
    network of each part (2 × square + part index), the exits of each network, and
    each route type's components; its empty squares and those a route points at,
    as bits (`reach`)."""

    tally: Tally
    networks: dict[int, int]
    network_exits: list[int]
    routes: dict[str, Routes]
    empty: int
    pointed: int
    lakes: Lakes

    def tally_after(self, board: Board, cell: int) -> Tally:
        """The tally of `board`, which is this survey's board with `cell` drawn on."""
        token = board[cell]
        assert token is not None
        before = self.tally
        dead, open_ends = self._ends_after(board, cell, token)
        return Tally(
            network_points=before.network_points + self._network_gain(board, cell, token),
            routes=self.routes[HIGHWAY].longest_after(board, cell, HIGHWAY)
            + self.routes[RAILWAY].longest_after(board, cell, RAILWAY),
            centre=before.centre + (cell in CENTRE and LAVA not in token),
            lava=self.lakes.points_after(board, cell, token) if LAVA in token else before.lava,
            dead=dead,
            open_ends=open_ends,
            exits=before.exits
            + sum(1 for side, kind in enumerate(EXIT_TYPE[cell]) if kind and token[side] == kind),
            craters=before.craters + self._craters_faced(board, cell, token),
            reach=reach(self.empty & ~(1 << cell), self.pointed | pointed_at(cell, token)),
        )

    def _network_gain(self, board: Board, cell: int, token: str) -> int:
        """The network points the drawing adds: each of its parts joins the networks
        beside it and the exits it lies on (the two parts of an overpass join into
        one where they meet the same network)."""
        networks: list[set[int]] = []  # per part: the networks it joins
        exits: list[int] = []  # per part: the exits it lies on
        for part, side, kind in part_sides(token):
            if part == len(networks):
                networks.append(set())
                exits.append(0)
            other = NEIGHBOUR[cell][side]
            if other < 0:
                exits[part] += EXIT_TYPE[cell][side] == kind
            elif (other_token := board[other]) is not None and other_token[OPPOSITE[side]] == kind:
                networks[part].add(
                    self.networks[2 * other + side_parts(other_token)[OPPOSITE[side]]]
                )
        if len(networks) == 2 and networks[0] & networks[1]:
            networks, exits = [networks[0] | networks[1]], [exits[0] + exits[1]]
        gain = 0
        for joined, own in zip(networks, exits, strict=True):
            counts = [self.network_exits[network] for network in joined]
            gain += NETWORK_POINTS[own + sum(counts)] - sum(NETWORK_POINTS[n] for n in counts)
        return gain

    @staticmethod
    def _craters_faced(board: Board, cell: int, token: str) -> int:
        """The drawing's route sides that face a crater (§10.6)."""
        return sum(
            1
            for side, other in inner_sides(cell, token)
            if token[side] in _ROUTES and board[other] == CRATER
        )

    def _ends_after(self, board: Board, cell: int, token: str) -> tuple[int, int]:
        """(dead, open) route sides once the drawing is made: its own sides, and the
        sides beside it that faced an empty square."""
        dead, open_ends = self.tally.dead, self.tally.open_ends
        for side, other in inner_sides(cell, token):
            kind = token[side]
            other_token = board[other]
            facing = None if other_token is None else other_token[OPPOSITE[side]]
            if facing == kind or (facing == CRATER_SIDE and kind != LAVA):
                continue
            if facing is None:
                open_ends += 1
            else:
                dead += 1
        for side, other in enumerate(NEIGHBOUR[cell]):
            other_token = board[other] if other >= 0 else None
            if other_token is None or other_token[OPPOSITE[side]] in (BLANK, CRATER_SIDE):
                continue
            kind = other_token[OPPOSITE[side]]
            open_ends -= 1  # it faced the empty square
            if token[side] != kind and not (token[side] == CRATER_SIDE and kind != LAVA):
                dead += 1
        return dead, open_ends


@lru_cache(maxsize=8192)
def longest_from(component: Component, start: int) -> int:
    """The most squares of a simple route in `component` that starts on `start`."""
    adjacency = dict(component)
    on_route: set[int] = set()
    best = 0

    def extend(cell: int, length: int) -> bool:
        nonlocal best
        on_route.add(cell)
        best = max(best, length)
        if best == len(adjacency):
            return True
        for other in adjacency[cell]:
            if (
                other not in on_route
                and length + _reachable(adjacency, other, on_route) > best
                and extend(other, length + 1)
            ):
                return True
        on_route.discard(cell)
        return False

    extend(start, 1)
    return best


def _reachable(adjacency: dict[int, tuple[int, ...]], start: int, off: Iterable[int]) -> int:
    """How many squares can be reached from `start` without passing `off`."""
    seen = {start, *off}
    stack = [start]
    count = 1
    while stack:
        for other in adjacency[stack.pop()]:
            if other not in seen:
                seen.add(other)
                stack.append(other)
                count += 1
    return count


def under_value(board: Board, progress: float, drawn: int | None = None) -> float:
    """The underground board's score, its open ends weighed like the surface's;
    `drawn`, the square drawn on last, if any, lets the board be judged from the one
    before (as `board_value` judges the surface)."""
    figures = under_figures(board, drawn)
    open_weight = 0.55 + 0.45 * progress**2
    return (
        figures.network_points
        + 2 * figures.longest_pipe
        + figures.longest_subway
        + figures.centre
        - 2 * figures.burst_pipes
        - open_weight * figures.open_ends
    )


class UnderFigures(NamedTuple):
    """What `under_value` weighs on the board below: its score card's figures."""

    network_points: int
    longest_pipe: int
    longest_subway: int
    centre: int
    burst_pipes: int
    open_ends: int


def under_figures(board: Board, drawn: int | None = None) -> UnderFigures:
    """The figures of the board below, from the survey of the board without its
    drawing on `drawn` when given (the board a bot judges all its drawings on)."""
    if drawn is None or board[drawn] is None:
        return _under_survey(tuple(board)).figures
    before = list(board)
    before[drawn] = None
    return _under_survey(tuple(before)).figures_after(board, drawn)


@lru_cache(maxsize=64)
def _under_survey(board: tuple[str | None, ...]) -> UnderSurvey:
    """The board below surveyed, kept while bots judge the drawings on it (and, on the
    surface, while the board below stays as it was)."""
    links, open_ends = under_links(board)
    network: dict[int, int] = {}  # part (`under_part`) -> its network
    sizes: list[int] = []  # each network's exits and hubs
    for group in links.groups():
        size = 0
        for node in group:
            if isinstance(node, str):
                size += 1  # an exit
            else:
                network[node] = len(sizes)
                size += node % 2 == 1 and is_hub(board, node // 2)  # a subway's hub
        sizes.append(size)
    routes = {kind: Routes.of(route_components(board, kind)) for kind in _UNDER_ROUTES}
    figures = UnderFigures(
        network_points=sum(network_points(size) for size in sizes if size >= 2),
        longest_pipe=routes[PIPE].longest,
        longest_subway=routes[SUBWAY].longest,
        centre=sum(1 for c in CENTRE if board[c] is not None),
        burst_pipes=sum(1 for t in board if t is not None and under_piece(t).burst),
        open_ends=len(open_ends),
    )
    return UnderSurvey(figures, network, sizes, routes)


@dataclass
class UnderSurvey:
    """The board below's figures, with what judging it one drawing further takes: the
    network of each part, each network's size, and the pipes' and subways' components."""

    figures: UnderFigures
    network: dict[int, int]
    sizes: list[int]
    routes: dict[str, Routes]

    def figures_after(self, board: Board, cell: int) -> UnderFigures:
        """The figures of `board`, which is this survey's board with `cell` drawn on."""
        token = board[cell]
        assert token is not None
        shape = under_piece(token)
        before = self.figures
        return UnderFigures(
            network_points=before.network_points + self._network_gain(board, cell, shape),
            longest_pipe=self.routes[PIPE].longest_after(board, cell, PIPE),
            longest_subway=self.routes[SUBWAY].longest_after(board, cell, SUBWAY),
            centre=before.centre + (cell in CENTRE),
            burst_pipes=before.burst_pipes + shape.burst,
            open_ends=before.open_ends + _open_ends_added(board, cell, token),
        )

    def _network_gain(self, board: Board, cell: int, shape: UnderPiece) -> int:
        """The network points the drawing adds: each of its parts joins the networks
        beside it, the exits it lies on and, for a subway with a hub, the hub."""
        gain = 0
        for kind, sides in shape.parts:
            joined: set[int] = set()
            own = int(kind == SUBWAY and shape.hub)
            for side in sides:
                other = NEIGHBOUR[cell][side]
                if other < 0:
                    own += exit_accepts(cell, side) == kind
                elif (other_token := board[other]) is not None and other_token[
                    OPPOSITE[side]
                ] == kind:
                    index = self.network.get(under_part(other, kind))
                    if index is not None:
                        joined.add(index)
            sizes = [self.sizes[index] for index in joined]
            gain += network_points(own + sum(sizes)) - sum(map(network_points, sizes))
        return gain


def _open_ends_added(board: Board, cell: int, token: str) -> int:
    """The open ends a drawing on the empty `cell` adds: its own pipe and subway sides
    that meet no like side, less the sides beside it that faced the empty square and
    now meet their like."""
    added = 0
    for side, other in enumerate(NEIGHBOUR[cell]):
        if other < 0:
            continue  # a border side is never an open end underground
        mine = token[side]
        other_token = board[other]
        theirs = BLANK if other_token is None else other_token[OPPOSITE[side]]
        if mine in _UNDER_ROUTES and theirs != mine:
            added += 1
        elif theirs in _UNDER_ROUTES and theirs == mine:
            added -= 1
    return added


_UNDER_ROUTES = (PIPE, SUBWAY)
