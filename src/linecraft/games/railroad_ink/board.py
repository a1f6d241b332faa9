"""The 7 × 7 board: squares, neighbours, exits, centre area, and the board text (§2, §12).

A board is a sequence of 49 entries, row A first, each a canonical token or
None for an empty square.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache

from linecraft.core.errors import PositionError
from linecraft.core.i18n import Nn_, _, _n
from linecraft.games.railroad_ink.pieces import (
    BLANK,
    CRATER,
    HIGHWAY,
    OPPOSITE,
    RAILWAY,
    SIDE_NAMES,
    piece,
)

SIZE = 7
CELLS = SIZE * SIZE
ROWS = "ABCDEFG"
EMPTY_TOKEN = "...."

Board = Sequence[str | None]
IMPACT = "@"


class Drawing(list[str | None]):
    """A board's 49 squares and, with Meteor, its last impact square (the `@` mark)."""

    def __init__(self, squares: Sequence[str | None] = (), impact: int | None = None) -> None:
        super().__init__(squares)
        self.impact = impact


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
CENTRE = frozenset(r * SIZE + c for r in range(2, 5) for c in range(2, 5))


def exit_name(cell: int, side: int) -> str:
    """An exit written as its square and side.

    >>> exit_name(1, 0)
    'A2N'
    """
    return cell_name(cell) + SIDE_NAMES[side]


def facing(board: Board, cell: int, side: int) -> tuple[int, str | None]:
    """(neighbour square or -1, the side type that faces `side` there or None)."""
    other = NEIGHBOUR[cell][side]
    if other < 0:
        return other, None
    token = board[other]
    return other, (token[OPPOSITE[side]] if token is not None else None)


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
    targets = set()
    for cell, token in enumerate(board):
        if token is None:
            if _ON_EXIT[cell]:
                targets.add(cell)
        elif token != CRATER:
            for side in _route_sides(token):
                other = NEIGHBOUR[cell][side]
                if other >= 0 and board[other] is None:
                    targets.add(other)
    return sorted(targets)


_ON_EXIT = tuple(any(sides) for sides in EXIT_TYPE)


@cache
def _route_sides(token: str) -> tuple[int, ...]:
    return tuple(side for side in range(4) if token[side] != BLANK)


# --- the order of drawing (§7.5) ---------------------------------------------------------
Die = tuple[str, tuple[str, ...]]  # a source and the drawings its face allows
Fits = Callable[[Board, int, str], bool]  # whether a drawing is legal there now
Drawn = tuple[str, int, str]  # a source, the square and the drawing
Link = tuple[tuple[str, ...], int, str]  # a face, a square it could reach, the drawing


def longest_drawing(board: Board, dice: Sequence[Die], fits: Fits, enough: int) -> list[Drawn]:
    """The longest sequence of drawings of distinct `dice`, each legal (`fits`) on
    `board` with the earlier ones drawn, stopping at the first of `enough` drawings.

    >>> dice = [("d1", (".H.H",)), ("d2", (".H.H",))]
    >>> def fits(board, cell, token):  # D1 on its exit, then D2 beside it
    ...     return cell == 21 or (cell == 22 and board[21] is not None)
    >>> longest_drawing([None] * CELLS, dice, fits, 2)
    [('d1', 21, '.H.H'), ('d2', 22, '.H.H')]
    """
    return _DrawingOrders(board, dice, fits).longest(enough)


def draws_in_order(board: Board, drawings: Sequence[Drawn], fits: Fits) -> bool:
    """Whether `drawings` can be drawn on `board` one after another in this order."""
    work = list(board)
    for _source, cell, token in drawings:
        if not fits(work, cell, token):
            return False
        work[cell] = token
    return True


BLOCKED = "...."  # a square put out of use: nothing is drawn on it, nothing joins it
Longest = Callable[[Board, list[tuple[str, str]], int], list[Drawn]]  # by (source, face)


class Ways:
    """The ways left to draw the dice a player still needs this round (§7.5), known
    from one order that draws `need` of the dice `left` (source, face) on `board`:
    which drawings leave a way open.

    A drawing away from the squares of the known order, or of a spare one that keeps
    off those squares, leaves that order whole. Near both, the order is tried again,
    then one that keeps off the drawing's square (the known order mended, or searched
    for, once per square), and only when these fail is the board searched with the
    drawing on it.
    """

    def __init__(
        self,
        board: Board,
        left: list[tuple[str, str]],
        need: int,
        order: list[Drawn],
        fits: Fits,
        longest: Longest,
    ) -> None:
        self.board = board
        self.left = left
        self.faces = dict(left)
        self.need = need
        self.fits = fits
        self.longest = longest
        self.orders: dict[tuple[str | None, int | None, bool], tuple[list[Drawn], set[int]]] = {
            (None, None, False): (order, _near(order))
        }

    def keep(self, cell: int, token: str, source: str | None) -> bool:
        """Whether drawing `token` on `cell` (from `source`) leaves a way open."""
        face = self.faces.get(source or "")
        wanted = self.need - (face is not None)
        if wanted <= 0:
            return True
        for spare in (False, True):
            known, near = self._order(face, None, spare)
            if len(known) >= wanted and cell not in near:
                return True
        after = list(self.board)
        after[cell] = token
        for blocked in (None, cell):
            known, _ = self._order(face, blocked)
            if len(known) >= wanted and draws_in_order(after, known, self.fits):
                return True
        return len(self.longest(after, self._without(face), wanted)) >= wanted

    def _order(
        self, face: str | None, blocked: int | None, spare: bool = False
    ) -> tuple[list[Drawn], set[int]]:
        """An order of the dice needed less one of `face`, with the `blocked` square out
        of use, and the squares near it: the whole order (with the square blocked,
        mended) less its drawing of `face` when that still works, else searched for.
        A `spare` order keeps off the first one's squares."""
        key = (face, blocked, spare)
        if key not in self.orders:
            board = list(self.board)
            if blocked is not None:
                board[blocked] = BLOCKED
            wanted = self.need - (face is not None)
            if face is not None:
                found = self._less(board, self._order(None, blocked, spare)[0], face)
            elif spare:
                for _, cell, _ in self._order(None, None)[0]:
                    board[cell] = BLOCKED
                found = None
            else:
                found = self._mended(board, self._order(None, None)[0], blocked)
            if found is None or len(found) < wanted:
                found = self.longest(board, self._without(face), wanted)
            self.orders[key] = (found, _near(found))
        return self.orders[key]

    def _less(self, board: Board, order: list[Drawn], face: str | None) -> list[Drawn] | None:
        """`order` less its first drawing of `face`, if the rest still draws in turn."""
        same = [i for i, (source, _, _) in enumerate(order) if self.faces[source] == face]
        rest = order[: same[0]] + order[same[0] + 1 :] if same else order
        return rest if draws_in_order(board, rest, self.fits) else None

    def _mended(self, board: Board, order: list[Drawn], blocked: int | None) -> list[Drawn] | None:
        """`order` with its drawing on the `blocked` square drawn elsewhere, last."""
        kept = [drawing for drawing in order if drawing[1] != blocked]
        if len(kept) == len(order):
            return order
        if not draws_in_order(board, kept, self.fits):
            return None
        after = list(board)
        for _source, cell, token in kept:
            after[cell] = token
        moved = next(source for source, cell, _ in order if cell == blocked)
        return kept + self.longest(after, [d for d in self.left if d[0] == moved], 1)

    def _without(self, face: str | None) -> list[tuple[str, str]]:
        """The dice left, less the first that shows `face`."""
        sources = [source for source, shown in self.left if shown == face][:1]
        return [die for die in self.left if die[0] not in sources]


def _near(order: list[Drawn]) -> set[int]:
    """The squares where a drawing could disturb an order: its own and their neighbours."""
    return {c for _, cell, _ in order for c in (cell, *NEIGHBOUR[cell]) if c >= 0}


class _DrawingOrders:
    """A depth-first search over the orders of drawing some dice.

    Two drawings never clash in one order and agree in another (a side meets a side
    of another type in every order or in none), so only connection depends on the
    order: the search visits each set of drawings once, and gives up on a set as soon
    as a bound shows that the dice left cannot lengthen the longest sequence found.
    """

    def __init__(self, board: Board, dice: Sequence[Die], fits: Fits) -> None:
        self.board = list(board)
        self.dice = tuple(dice)
        self.fits = fits
        self.path: list[Drawn] = []
        self.best: list[Drawn] = []
        self.seen: set[tuple[frozenset[tuple[int, str]], tuple[str, ...]]] = set()
        self.enough = 0

    def longest(self, enough: int) -> list[Drawn]:
        self.enough = enough
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
        first: dict[tuple[str, ...], tuple[str, tuple[Die, ...]]] = {}
        for index, (source, tokens) in enumerate(left):  # of identical dice, the first
            first.setdefault(tokens, (source, left[:index] + left[index + 1 :]))
        found = self._lazy_moves(left, targets) if moves is None else moves
        for tokens, cell, token in self._distinct(found):
            source, rest = first[tokens]
            if self._draw(source, cell, token, rest, targets):
                return True
            if moves is None:
                moves = self._moves(left, targets)
                if self._hopeless(left, moves):
                    break
        self.seen.add(self._key(left))  # nothing longer comes of this set: never again
        return False

    def _key(self, left: tuple[Die, ...]) -> tuple[frozenset[tuple[int, str]], tuple[str, ...]]:
        return frozenset((cell, token) for _, cell, token in self.path), tuple(s for s, _ in left)

    def _hopeless(self, left: tuple[Die, ...], moves: list[Link]) -> bool:
        return len(self.path) + self._bound(left, moves) <= len(self.best)

    def _lazy_moves(self, left: tuple[Die, ...], targets: list[int]) -> Iterator[Link]:
        """Each drawing of a face left that fits now, found one at a time."""
        for tokens in dict.fromkeys(tokens for _die, tokens in left):
            for cell in targets:
                for token in tokens:
                    if self.fits(self.board, cell, token):
                        yield tokens, cell, token

    def _moves(self, left: tuple[Die, ...], targets: list[int]) -> list[Link]:
        return list(self._lazy_moves(left, targets))

    def _distinct(self, moves: Iterable[Link]) -> Iterator[Link]:
        """The drawings of `moves` that differ in what they leave for later: of one
        face on one square, only those that turn different sides towards the empty
        squares around it, as nothing else of a drawing matters to what comes next."""
        outlooks = set()
        for tokens, cell, token in moves:
            towards = (side for side, other in enumerate(NEIGHBOUR[cell]) if self._empty(other))
            outlook = (tokens, cell, *(token[side] for side in towards))
            if outlook not in outlooks:
                outlooks.add(outlook)
                yield tokens, cell, token

    def _empty(self, cell: int) -> bool:
        return cell >= 0 and self.board[cell] is None

    def _draw(
        self, source: str, cell: int, token: str, rest: tuple[Die, ...], targets: list[int]
    ) -> bool:
        self.board[cell] = token
        self.path.append((source, cell, token))
        pointed = [
            other
            for side, other in enumerate(NEIGHBOUR[cell])
            if token[side] != BLANK and self._empty(other)
        ]
        after = [t for t in targets if t != cell] + [t for t in pointed if t not in targets]
        if self._extend(rest, after):
            return True
        self.path.pop()
        self.board[cell] = None
        return False

    def _bound(self, left: tuple[Die, ...], moves: list[Link]) -> int:
        """At most how many of the dice `left` can still be drawn, given the `moves`
        that fit now.

        A die's face can reach every square where it fits now, or where it fits beside
        one drawing of another die left that could itself be drawn so (chains of at
        most `len(left) - 1` links); no more dice of a face are drawn than it reaches
        squares, and no more dice in all than all of them reach.
        """
        counts = Counter(tokens for _, tokens in left)
        squares: dict[tuple[str, ...], set[int]] = {tokens: set() for tokens in counts}
        links = moves
        found = set(links)
        for _step in range(len(left) - 1):
            for tokens, cell, _token in links:
                squares[tokens].add(cell)
            links = [link for link in self._links(links, counts) if link not in found]
            found.update(links)
        for tokens, cell, _token in links:
            squares[tokens].add(cell)
        each = sum(min(count, len(squares[tokens])) for tokens, count in counts.items())
        return min(each, len(set().union(*squares.values())))

    def _links(self, links: list[Link], counts: Counter[tuple[str, ...]]) -> list[Link]:
        """The drawings that fit beside one of `links`, of a die other than its own."""
        openings: dict[tuple[int, int, str, tuple[str, ...]], tuple[int, str]] = {}
        for tokens, cell, token in links:
            for side in range(4):
                other = NEIGHBOUR[cell][side]
                if token[side] != BLANK and self._empty(other):
                    opening = (other, OPPOSITE[side], token[side], tokens)
                    openings.setdefault(opening, (cell, token))
        found: list[Link] = []
        for (square, side, kind, beside), (cell, token) in openings.items():
            self.board[cell] = token
            for tokens in counts:
                if tokens != beside or counts[tokens] > 1:
                    found.extend(
                        (tokens, square, drawing)
                        for drawing in tokens
                        if drawing[side] == kind and self.fits(self.board, square, drawing)
                    )
            self.board[cell] = None
        return found
