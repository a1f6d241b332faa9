"""The 7 × 7 board: squares, neighbours, exits, centre area, and the board text (§2, §12).

A board is a sequence of 49 entries, row A first, each a canonical token or
None for an empty square.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache, lru_cache
from itertools import product

from linecraft.core.errors import PositionError
from linecraft.core.i18n import Nn_, _, _n
from linecraft.games.railroad_ink.drawing import Drawing
from linecraft.games.railroad_ink.pieces import (
    BLANK,
    CRATER,
    CRATER_SIDE,
    HIGHWAY,
    OPPOSITE,
    RAILWAY,
    SIDE_NAMES,
    E,
    N,
    S,
    W,
    piece,
)

SIZE = 7
CELLS = SIZE * SIZE
ROWS = "ABCDEFG"
EMPTY_TOKEN = "...."

Board = Sequence[str | None]
IMPACT = "@"


def cell_name(cell: int) -> str:
    """The name of a square index, row letter then column number.

    >>> cell_name(24)
    'D4'
    """
    return f"{ROWS[cell // SIZE]}{cell % SIZE + 1}"


def parse_cell(text: str) -> int:
    """The index of a square name such as `D4` (case-insensitive)."""
    text = text.strip().upper()
    if len(text) != 2 or text[0] not in ROWS or text[1] not in "1234567":
        raise ValueError(_("{text} is not a square (A1 to G7)").format(text=repr(text)))
    return ROWS.index(text[0]) * SIZE + int(text[1]) - 1


def _neighbour(cell: int, side: int) -> int:
    row, col = divmod(cell, SIZE)
    row += (-1, 0, 1, 0)[side]
    col += (0, 1, 0, -1)[side]
    return row * SIZE + col if 0 <= row < SIZE and 0 <= col < SIZE else -1


# NEIGHBOUR[cell][side]: the square beyond that side, or -1 at the board edge.
NEIGHBOUR = tuple(tuple(_neighbour(cell, side) for side in range(4)) for cell in range(CELLS))

# The twelve exits (§2.2): (square, side) -> route type.
EXITS: dict[tuple[int, int], str] = {
    (parse_cell("A2"), 0): HIGHWAY,
    (parse_cell("A4"), 0): RAILWAY,
    (parse_cell("A6"), 0): HIGHWAY,
    (parse_cell("B7"), 1): RAILWAY,
    (parse_cell("D7"), 1): HIGHWAY,
    (parse_cell("F7"), 1): RAILWAY,
    (parse_cell("G2"), 2): HIGHWAY,
    (parse_cell("G4"), 2): RAILWAY,
    (parse_cell("G6"), 2): HIGHWAY,
    (parse_cell("B1"), 3): RAILWAY,
    (parse_cell("D1"), 3): HIGHWAY,
    (parse_cell("F1"), 3): RAILWAY,
}
# EXIT_TYPE[cell][side]: the exit's type on that border side, or None.
EXIT_TYPE = tuple(tuple(EXITS.get((cell, side)) for side in range(4)) for cell in range(CELLS))
# The squares with an exit on their border side, in square order.
EXIT_SQUARES = tuple(cell for cell, sides in enumerate(EXIT_TYPE) if any(sides))
CENTRE = frozenset(r * SIZE + c for r in range(2, 5) for c in range(2, 5))


def exit_name(cell: int, side: int) -> str:
    """An exit written as its square and side.

    >>> exit_name(1, 0)
    'A2N'
    """
    return cell_name(cell) + SIDE_NAMES[side]


def parse_board(text: str) -> Drawing:
    """Read a board in board text (§12); `PositionError` names the line and the problem.

    >>> empty_row = " ".join(["...."] * 7)
    >>> rows = [empty_row] * 3 + [".H.H " + " ".join(["...."] * 6)] + [empty_row] * 3
    >>> board = parse_board("\\n".join(rows))
    >>> board[parse_cell("D1")]
    '.H.H'
    """
    layers = board_rows(text)
    if "underground" in layers:
        raise PositionError(_("underground boards need the Underground expansion"))
    return parse_surface(layers["surface"])


Rows = list[tuple[int, list[str]]]
# A board file's layer with the wrong number of lines ("" when the file has none).
WRONG_LINES = {
    "surface": Nn_(
        "the surface board has {size} lines of {size} tokens, found {count} line",
        "the surface board has {size} lines of {size} tokens, found {count} lines",
    ),
    "underground": Nn_(
        "the underground board has {size} lines of {size} tokens, found {count} line",
        "the underground board has {size} lines of {size} tokens, found {count} lines",
    ),
    "": Nn_(
        "a board has {size} lines of {size} tokens, found {count} line",
        "a board has {size} lines of {size} tokens, found {count} lines",
    ),
}
WRONG_TOKENS = Nn_(
    "line {number}: {count} token, a board line has {size}",
    "line {number}: {count} tokens, a board line has {size}",
)


def board_rows(text: str) -> dict[str, Rows]:
    """The rows of each layer in a file: no header means one surface board; otherwise
    `[surface]` then `[underground]`, or `[underground]` alone (§12.1)."""
    layers: dict[str, Rows] = {}
    current: Rows | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        header = stripped.lower()
        if header in ("[surface]", "[underground]"):
            name = header[1:-1]
            if name in layers or (name == "surface" and "underground" in layers):
                raise PositionError(
                    _("line {number}: {header} out of place").format(number=number, header=stripped)
                )
            if current is not None and not layers and name == "underground":
                raise PositionError(
                    _("line {number}: a board before the first header").format(number=number)
                )
            current = layers.setdefault(name, [])
            continue
        if current is None:
            current = layers.setdefault("surface", [])
        current.append((number, stripped.split()))
    for name, rows in layers.items():
        if len(rows) != SIZE:
            found = len(rows)
            message = _n(*WRONG_LINES[name], found)
            raise PositionError(message.format(size=SIZE, count=found))
    if not layers:
        raise PositionError(_n(*WRONG_LINES[""], 0).format(size=SIZE, count=0))
    return layers


def parse_surface(rows: Rows) -> Drawing:
    board = Drawing()
    for row_index, (number, tokens) in enumerate(rows):
        if len(tokens) != SIZE:
            raise PositionError(
                _n(*WRONG_TOKENS, len(tokens)).format(number=number, count=len(tokens), size=SIZE)
            )
        for col, token in enumerate(tokens):
            if token == EMPTY_TOKEN:
                board.append(None)
                continue
            if token.endswith(IMPACT) and token != EMPTY_TOKEN + IMPACT:
                if board.impact is not None:
                    raise PositionError(
                        _("line {number}: a second last-impact mark '@'").format(number=number)
                    )
                board.impact = row_index * SIZE + col
                token = token[:-1]
            try:
                board.append(piece(token).token)
            except ValueError as exc:
                square = cell_name(row_index * SIZE + col)
                raise PositionError(
                    _("line {number}, square {square}: {problem}").format(
                        number=number, square=square, problem=exc
                    )
                ) from None
    return board


def format_board(board: Board) -> str:
    """Canonical board text: tokens separated by one space, one line per row."""
    impact = getattr(board, "impact", None)
    tokens = [
        EMPTY_TOKEN if t is None else t + (IMPACT if c == impact else "")
        for c, t in enumerate(board)
    ]
    lines = [" ".join(tokens[row * SIZE : (row + 1) * SIZE]) for row in range(SIZE)]
    return "\n".join(lines) + "\n"


def frontier(board: Board) -> list[int]:
    """Empty squares that a route side or an exit points at: the only legal targets
    (on the surface and underground alike)."""
    targets = {cell for cell in EXIT_SQUARES if board[cell] is None}
    for cell, token in enumerate(board):
        if token is not None:
            for other in _pointed(cell, token):
                if board[other] is None:
                    targets.add(other)
    return sorted(targets)


@cache
def _pointed(cell: int, token: str) -> tuple[int, ...]:
    """The squares the sides of a drawing on `cell` point at (a crater points nowhere)."""
    if token == CRATER:
        return ()
    return tuple(
        other for side, other in enumerate(NEIGHBOUR[cell]) if token[side] != BLANK and other >= 0
    )


# --- which drawings fit where (§7.3, §9.5, §11.4) -----------------------------------------
OPEN = "."  # a side faces nothing that counts: an empty square, a blank side, a crater, the edge
UNCONNECTED = 4  # a refusal that is no side's: no side of the drawing meets its own type
Refusal = Callable[[str, str], int | None]  # the side refusing a drawing, from what it faces


def route_refusal(token: str, facing: str) -> int | None:
    """Which rule refuses a route drawing, from the side types `facing` its sides: the
    first side that meets another type, `UNCONNECTED` when no side meets its own type,
    None when it fits (§7.3 items 4–5; underground §11.4 the same with subways and pipes)."""
    connected = False
    for side in range(4):
        kind, met = token[side], facing[side]
        if kind == BLANK or met == OPEN:
            continue
        if met != kind:
            return side
        connected = True
    return None if connected else UNCONNECTED


class Fitting:
    """Which drawings fit on an empty square of one kind of board, known from its
    *facing*: the four side types (N, E, S, W) that the neighbouring squares turn
    towards it, or the exits on its border (`OPEN` where nothing counts). Nothing
    else decides whether a drawing fits, so the rule (`refusal`) is asked once for
    every face and facing at import, and legal drawings are then looked up.

    `drawings[face][facing]`: the drawings of `face` that fit there, in the order of
    `faces[face]`; `facings[token]`: the facings a drawing fits.
    """

    def __init__(
        self,
        faces: Mapping[str, tuple[str, ...]],
        exits: Mapping[str, str],
        types: str,
        refusal: Refusal,
    ) -> None:
        self.edges = tuple(
            "".join(OPEN if kind is None else exits[kind] for kind in sides) for sides in EXIT_TYPE
        )  # what the exits on a square's border count as, side by side
        every = ["".join(sides) for sides in product(OPEN + types, repeat=4)]
        self.drawings = {
            face: {
                facing: tuple(t for t in tokens if refusal(t, facing) is None) for facing in every
            }
            for face, tokens in faces.items()
        }
        self.facings: dict[str, frozenset[str]] = {
            token: frozenset(f for f in every if token in self.drawings[face][f])
            for face, tokens in faces.items()
            for token in tokens
        }

    def facing(self, board: Board, cell: int) -> str:
        """The side types facing `cell`'s sides N, E, S, W on `board`."""
        edge = self.edges[cell]
        north, east, south, west = NEIGHBOUR[cell]  # each looking back with its opposite side
        return (
            (edge[N] if north < 0 else OPEN if (token := board[north]) is None else token[S])
            + (edge[E] if east < 0 else OPEN if (token := board[east]) is None else token[W])
            + (edge[S] if south < 0 else OPEN if (token := board[south]) is None else token[N])
            + (edge[W] if west < 0 else OPEN if (token := board[west]) is None else token[E])
        ).replace(CRATER_SIDE, OPEN)

    def fits(self, board: Board, cell: int, token: str) -> bool:
        """Whether `token` may be drawn on `cell` now."""
        return board[cell] is None and self.facing(board, cell) in self.facings[token]

    def spots(self, board: Board, targets: Iterable[int]) -> list[Spot]:
        """Each target square with its facing."""
        return [(cell, self.facing(board, cell)) for cell in targets]


Spot = tuple[int, str]  # an empty square and its facing


# --- the order of drawing (§7.5) ---------------------------------------------------------
Die = tuple[str, str]  # a source and the face it shows
Drawn = tuple[str, int, str]  # a source, the square and the drawing
Link = tuple[str, int, str]  # a face, a square it could reach, the drawing


def longest_drawing(
    board: Board, dice: Sequence[Die], fitting: Fitting, enough: int
) -> list[Drawn]:
    """The longest sequence of drawings of distinct `dice`, each legal on `board` with
    the earlier ones drawn, stopping at the first of `enough` drawings.

    >>> from linecraft.games.railroad_ink.rules import ROUTES
    >>> longest_drawing([None] * CELLS, [("d1", "HS"), ("d2", "HS")], ROUTES, 2)
    [('d1', 1, 'H.H.'), ('d2', 5, 'H.H.')]
    """
    return _DrawingOrders(board, dice, fitting, enough).longest()


@lru_cache(maxsize=4096)
def enough_drawing(
    board: tuple[str | None, ...], dice: tuple[Die, ...], fitting: Fitting, enough: int
) -> tuple[Drawn, ...]:
    """A sequence of `enough` drawings of distinct `dice`, each legal on `board` with
    the earlier ones drawn (the one `longest_drawing` finds), or a shorter one when
    there is none: then the search gives up as soon as it knows, rather than looking
    for the longest. Kept, since the same boards are asked about again and again."""
    return tuple(_DrawingOrders(board, dice, fitting, enough, longest=False).longest())


def draws_in_order(board: Board, drawings: Sequence[Drawn], fitting: Fitting) -> bool:
    """Whether `drawings` can be drawn on `board` one after another in this order."""
    work = list(board)
    for _source, cell, token in drawings:
        if not fitting.fits(work, cell, token):
            return False
        work[cell] = token
    return True


BLOCKED = "...."  # a square put out of use: nothing is drawn on it, nothing joins it
EVERY_SQUARE = frozenset(range(CELLS))


class Ways:
    """The ways left to draw the dice a player still needs this round (§7.5), known
    from one order that draws `need` of the dice `left` (source, face) on `board`:
    which drawings leave a way open.

    For each face a drawing may use, orders of the dice still wanted after it are
    known: the first one less its die of that face, a spare one that keeps off the
    first one's squares, and those found on the way. A drawing away from the squares
    of one of them leaves that order whole; near all, each is tried with the drawing
    made, and only when all fail is the board searched with the drawing on it (what
    that finds is known from then on, unless it needs the drawing).
    """

    def __init__(
        self,
        board: Board,
        left: list[Die],
        need: int,
        order: list[Drawn],
        fitting: Fitting,
        spots: list[Spot] | None = None,
    ) -> None:
        """`spots`: the frontier's squares with their facings, when already known."""
        self.board = board
        self.left = left
        self.faces = dict(left)
        self.need = need
        self.fitting = fitting
        # By the face drawn (None: no die of the round) and whether spare: the order,
        # and the squares near it.
        self.orders: dict[tuple[str | None, bool], tuple[list[Drawn], set[int]]] = {
            (None, False): (order, _near(order))
        }
        # By the face drawn: the squares near every order known for it.
        self.crowded: dict[str | None, frozenset[int] | set[int]] = {}
        self.spared: set[str | None] = set()  # the faces whose spare order was asked
        # By the face drawn: the orders found on the way.
        self.found: defaultdict[str | None, list[list[Drawn]]] = defaultdict(list)
        # By face: the empty squares where a die showing it can be drawn now.
        self.fit_squares: dict[str, list[int]] = {}
        self.spots = spots  # the frontier's squares and facings, once asked for
        self.squares_wanted: dict[str | None, list[list[int]]] = {}  # see `_squares_wanted`
        self.apart: dict[tuple[str | None, int], bool] = {}  # see `_apart`

    def keep(self, cell: int, token: str, source: str | None) -> bool:
        """Whether drawing `token` on `cell` (from `source`) leaves a way open."""
        face = self.faces.get(source or "")
        return cell not in self._crowded(face) or self._keep_near(cell, token, face)

    def keeps_square(self, cell: int, source: str | None) -> bool:
        """Whether every drawing from `source` on the empty `cell` leaves a way open, as
        on most squares, known without looking at the drawing (else `keep` answers for
        each)."""
        face = self.faces.get(source or "")
        return cell not in self._crowded(face) or self._apart(cell, face)

    def _crowded(self, face: str | None) -> frozenset[int] | set[int]:
        """The squares near every order known for the dice wanted after drawing `face`."""
        crowded = self.crowded.get(face)
        if crowded is None:
            crowded = self.crowded[face] = self._near_known(face, EVERY_SQUARE, spare=False)
        return crowded

    def _keep_near(self, cell: int, token: str, face: str | None) -> bool:
        """`keep` for a drawing near every order known so far."""
        if self.board[cell] is None and self._apart(cell, face):
            return True
        if face not in self.spared:
            self.spared.add(face)
            self.crowded[face] = self._near_known(face, self.crowded[face], spare=True)
            if cell not in self.crowded[face]:
                return True
        wanted = self._wanted(face)
        after = list(self.board)
        after[cell] = token
        known = [self._order(face, False)[0], self._order(face, True)[0], *self.found[face]]
        if any(len(k) >= wanted and draws_in_order(after, k, self.fitting) for k in known):
            return True
        found = self._search(after, self._without(face), wanted)
        if len(found) < wanted:
            return False
        if draws_in_order(self.board, found, self.fitting):  # an order for later drawings too
            self.found[face].append(found)
            self.crowded[face] = self.crowded[face] & _near(found)
        return True

    def _apart(self, cell: int, face: str | None) -> bool:
        """Whether the dice wanted after a drawing on the empty `cell` (of a die showing
        `face`) can each be drawn on a square of its own, away from `cell` and from one
        another: drawings that touch nothing new meet the board as it is now, in any
        order, so a way stays open. First fit, the dice with the fewest squares first:
        a quick test that spares most searches, which answer when it cannot. The answer
        is the same for every drawing on `cell`, so it is kept."""
        key = (face, cell)
        answer = self.apart.get(key)
        if answer is None:
            wanted = self._wanted(face)
            banned = set(_AROUND[cell])
            for squares in self._squares_wanted(face):
                if wanted <= 0:
                    break
                for square in squares:
                    if square not in banned:
                        banned.update(_AROUND[square])
                        wanted -= 1
                        break
            answer = self.apart[key] = wanted <= 0
        return answer

    def _squares_wanted(self, face: str | None) -> list[list[int]]:
        """For each die wanted after drawing one of `face`, the squares where it can be
        drawn now; the dice with the fewest first."""
        found = self.squares_wanted.get(face)
        if found is None:
            found = sorted((self._fit_squares(shown) for _, shown in self._without(face)), key=len)
            self.squares_wanted[face] = found
        return found

    def _fit_squares(self, face: str) -> list[int]:
        """The empty squares where a die showing `face` can be drawn now."""
        squares = self.fit_squares.get(face)
        if squares is None:
            if self.spots is None:
                self.spots = self.fitting.spots(self.board, frontier(self.board))
            drawings = self.fitting.drawings[face]
            squares = self.fit_squares[face] = [
                cell for cell, facing in self.spots if drawings[facing]
            ]
        return squares

    def _wanted(self, face: str | None) -> int:
        """How many dice are still wanted after drawing one of `face`."""
        return self.need - (face is not None)

    def _near_known(
        self, face: str | None, crowded: frozenset[int] | set[int], spare: bool
    ) -> frozenset[int] | set[int]:
        """The `crowded` squares less those away from the first (or `spare`) order of
        the dice wanted after drawing `face`, when it draws them all."""
        wanted = self._wanted(face)
        if wanted <= 0:
            return frozenset()
        known, near = self._order(face, spare)
        return crowded & near if len(known) >= wanted else crowded

    def _order(self, face: str | None, spare: bool) -> tuple[list[Drawn], set[int]]:
        """An order of the dice wanted after drawing one of `face`, and the squares
        near it: the first (or spare) order less its drawing of `face` when the rest
        still draws in turn, else one searched for. The spare order itself is searched
        for with the first one's squares out of use."""
        key = (face, spare)
        if key not in self.orders:
            board = list(self.board)
            if face is not None:
                found = self._less(board, self._order(None, spare)[0], face)
            else:
                for _source, cell, _token in self._order(None, False)[0]:
                    board[cell] = BLOCKED
                found = None
            wanted = self._wanted(face)
            if found is None or len(found) < wanted:
                found = self._search(board, self._without(face), wanted)
            self.orders[key] = (found, _near(found))
        return self.orders[key]

    def _less(self, board: Board, order: list[Drawn], face: str | None) -> list[Drawn] | None:
        """`order` less its first drawing of `face`, if the rest still draws in turn."""
        same = [i for i, (source, _, _) in enumerate(order) if self.faces[source] == face]
        if not same or same[0] == len(order) - 1:
            return order[: len(order) - len(same[:1])]  # the order itself, or all but its last
        rest = order[: same[0]] + order[same[0] + 1 :]
        return rest if draws_in_order(board, rest, self.fitting) else None

    def _search(self, board: Board, dice: list[Die], enough: int) -> list[Drawn]:
        return list(enough_drawing(tuple(board), tuple(dice), self.fitting, enough))

    def _without(self, face: str | None) -> list[Die]:
        """The dice left, less the first that shows `face`."""
        sources = [source for source, shown in self.left if shown == face][:1]
        return [die for die in self.left if die[0] not in sources]


def _near(order: list[Drawn]) -> set[int]:
    """The squares where a drawing could disturb an order: its own and their neighbours."""
    near: set[int] = set()
    for _source, cell, _token in order:
        near.update(_AROUND[cell])
    return near


_AROUND = tuple((cell, *(c for c in NEIGHBOUR[cell] if c >= 0)) for cell in range(CELLS))


class _DrawingOrders:
    """A depth-first search over the orders of drawing some dice.

    Two drawings never clash in one order and agree in another (a side meets a side
    of another type in every order or in none), so only connection depends on the
    order: the search visits each set of drawings once, and gives up on a set as soon
    as a bound shows that the dice left cannot lengthen the longest sequence found
    (or, when not asked for the `longest`, reach `enough`).
    """

    def __init__(
        self,
        board: Board,
        dice: Sequence[Die],
        fitting: Fitting,
        enough: int,
        longest: bool = True,
    ) -> None:
        self.board = list(board)
        self.dice = tuple(dice)
        self.fitting = fitting
        self.enough = enough
        self.exact = longest
        # Read when first needed, forgotten when a neighbour changes: each square's
        # facing, and the sides towards the empty squares around it.
        self.facings: dict[int, str] = {}
        self.openings: dict[int, tuple[int, ...]] = {}
        self.firsts: dict[tuple[Die, ...], dict[str, tuple[str, tuple[Die, ...]]]] = {}  # kept
        self.path: list[Drawn] = []
        self.best: list[Drawn] = []
        self.seen: set[tuple[frozenset[tuple[int, str]], tuple[str, ...]]] = set()

    def longest(self) -> list[Drawn]:
        self._extend(self.dice, frontier(self.board))
        return self.best

    def _extend(self, left: tuple[Die, ...], targets: list[int]) -> bool:
        """Lengthen the path with the dice `left` on the `targets` (the frontier);
        True once it is long enough."""
        if len(self.path) > len(self.best):
            self.best = list(self.path)
        if len(self.best) >= self.enough:
            return True
        if not left or (self.seen and self._key(left) in self.seen):
            return False
        # Once a longer sequence is known, a set must first show that it could beat it;
        # on the way to the first one, only after a first drawing led nowhere.
        moves = self._moves(left, targets) if len(self.best) > len(self.path) else None
        if moves is not None and self._hopeless(left, moves):
            self.seen.add(self._key(left))
            return False
        first = self._first_of_each_face(left)
        found = self._lazy_moves(left, targets) if moves is None else moves
        for face, cell, token in self._distinct(found):
            source, rest = first[face]
            if self._draw(source, cell, token, rest, targets):
                return True
            if moves is None:
                moves = self._moves(left, targets)
                if self._hopeless(left, moves):
                    break
        self.seen.add(self._key(left))  # nothing longer comes of this set: never again
        return False

    def _first_of_each_face(self, left: tuple[Die, ...]) -> dict[str, tuple[str, tuple[Die, ...]]]:
        """Of identical dice, the first is drawn: by face, its source and the dice left."""
        if left not in self.firsts:
            first: dict[str, tuple[str, tuple[Die, ...]]] = {}
            for index, (source, face) in enumerate(left):
                first.setdefault(face, (source, left[:index] + left[index + 1 :]))
            self.firsts[left] = first
        return self.firsts[left]

    def _key(self, left: tuple[Die, ...]) -> tuple[frozenset[tuple[int, str]], tuple[str, ...]]:
        return frozenset((cell, token) for _, cell, token in self.path), tuple(s for s, _ in left)

    def _hopeless(self, left: tuple[Die, ...], moves: list[Link]) -> bool:
        goal = len(self.best) + 1 if self.exact else self.enough
        return len(self.path) + self._bound(left, moves) < goal

    def _lazy_moves(self, left: tuple[Die, ...], targets: list[int]) -> Iterator[Link]:
        """Each drawing of a face left that fits now, found one at a time."""
        facings = self.facings
        for face in dict.fromkeys(face for _die, face in left):
            drawings = self.fitting.drawings[face]
            for cell in targets:
                facing = facings.get(cell)
                if facing is None:
                    facing = facings[cell] = self.fitting.facing(self.board, cell)
                for token in drawings[facing]:
                    yield face, cell, token

    def _moves(self, left: tuple[Die, ...], targets: list[int]) -> list[Link]:
        return list(self._lazy_moves(left, targets))

    def _facing(self, cell: int) -> str:
        facing = self.facings.get(cell)
        if facing is None:
            facing = self.facings[cell] = self.fitting.facing(self.board, cell)
        return facing

    def _set(self, cell: int, token: str | None) -> None:
        """Draw on `cell` (or empty it), forgetting what changes around it."""
        self.board[cell] = token
        for other in NEIGHBOUR[cell]:
            self.facings.pop(other, None)
            self.openings.pop(other, None)

    def _distinct(self, moves: Iterable[Link]) -> Iterator[Link]:
        """The drawings of `moves` that differ in what they leave for later: of one
        face on one square, only those that turn different sides towards the empty
        squares around it, as nothing else of a drawing matters to what comes next."""
        outlooks = set()
        openings = self.openings
        for face, cell, token in moves:
            towards = openings.get(cell)
            if towards is None:
                towards = openings[cell] = self._sides_to_empty(cell)
            outlook = (face, cell, *[token[side] for side in towards])
            if outlook not in outlooks:
                outlooks.add(outlook)
                yield face, cell, token

    def _sides_to_empty(self, cell: int) -> tuple[int, ...]:
        board = self.board
        return tuple(
            side
            for side, other in enumerate(NEIGHBOUR[cell])
            if other >= 0 and board[other] is None
        )

    def _empty(self, cell: int) -> bool:
        return cell >= 0 and self.board[cell] is None

    def _draw(
        self, source: str, cell: int, token: str, rest: tuple[Die, ...], targets: list[int]
    ) -> bool:
        self._set(cell, token)
        self.path.append((source, cell, token))
        board = self.board
        pointed = [
            other
            for side, other in enumerate(NEIGHBOUR[cell])
            if token[side] != BLANK and other >= 0 and board[other] is None
        ]
        after = [t for t in targets if t != cell] + [t for t in pointed if t not in targets]
        if self._extend(rest, after):
            return True
        self.path.pop()
        self._set(cell, None)
        return False

    def _bound(self, left: tuple[Die, ...], moves: list[Link]) -> int:
        """At most how many of the dice `left` can still be drawn, given the `moves`
        that fit now.

        A die's face can reach every square where it fits now, or where it fits beside
        one drawing of another die left that could itself be drawn so (chains of at
        most `len(left) - 1` links); no more dice of a face are drawn than it reaches
        squares, and no more dice in all than all of them reach.
        """
        counts = Counter(face for _, face in left)
        squares: dict[str, set[int]] = {face: set() for face in counts}
        links = moves
        found = set(links)
        for _step in range(len(left) - 1):
            for face, cell, _token in links:
                squares[face].add(cell)
            links = [link for link in self._links(links, counts) if link not in found]
            found.update(links)
        for face, cell, _token in links:
            squares[face].add(cell)
        each = sum(min(count, len(squares[face])) for face, count in counts.items())
        return min(each, len(set().union(*squares.values())))

    def _links(self, links: list[Link], counts: Counter[str]) -> list[Link]:
        """The drawings that fit beside one of `links`, of a die other than its own."""
        openings: dict[tuple[int, int, str, str], tuple[int, str]] = {}
        for face, cell, token in links:
            for side in range(4):
                other = NEIGHBOUR[cell][side]
                if token[side] != BLANK and self._empty(other):
                    opening = (other, OPPOSITE[side], token[side], face)
                    openings.setdefault(opening, (cell, token))
        found: list[Link] = []
        for (square, side, kind, beside), (cell, token) in openings.items():
            self._set(cell, token)
            facing = self._facing(square)
            for face in counts:
                if face != beside or counts[face] > 1:
                    found.extend(
                        (face, square, drawing)
                        for drawing in self.fitting.drawings[face][facing]
                        if drawing[side] == kind
                    )
            self._set(cell, None)
        return found
