"""The 7 × 7 board: squares, neighbours, exits, centre area, and the board text (§2, §12).

A board is a sequence of 49 entries, row A first, each a canonical token or
None for an empty square.
"""

from __future__ import annotations

from collections.abc import Sequence

from linecraft.core.errors import PositionError
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
        raise ValueError(f"{text!r} is not a square (A1 to G7)")
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
        raise PositionError("underground boards need the Underground expansion")
    return parse_surface(layers["surface"])


Rows = list[tuple[int, list[str]]]


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
                raise PositionError(f"line {number}: {stripped} out of place")
            if current is not None and not layers and name == "underground":
                raise PositionError(f"line {number}: a board before the first header")
            current = layers.setdefault(name, [])
            continue
        if current is None:
            current = layers.setdefault("surface", [])
        current.append((number, stripped.split()))
    for name, rows in layers.items():
        if len(rows) != SIZE:
            raise PositionError(
                f"the {name} board has {SIZE} lines of {SIZE} tokens, found {len(rows)} lines"
            )
    if not layers:
        raise PositionError(f"a board has {SIZE} lines of {SIZE} tokens, found 0 lines")
    return layers


def parse_surface(rows: Rows) -> Drawing:
    board = Drawing()
    for row_index, (number, tokens) in enumerate(rows):
        if len(tokens) != SIZE:
            raise PositionError(f"line {number}: {len(tokens)} tokens, a board line has {SIZE}")
        for col, token in enumerate(tokens):
            if token == EMPTY_TOKEN:
                board.append(None)
                continue
            if token.endswith(IMPACT) and token != EMPTY_TOKEN + IMPACT:
                if board.impact is not None:
                    raise PositionError(f"line {number}: a second last-impact mark '@'")
                board.impact = row_index * SIZE + col
                token = token[:-1]
            try:
                board.append(piece(token).token)
            except ValueError as exc:
                square = cell_name(row_index * SIZE + col)
                raise PositionError(f"line {number}, square {square}: {exc}") from None
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
    for cell in range(CELLS):
        token = board[cell]
        if token is None:
            if any(EXIT_TYPE[cell]):
                targets.add(cell)
            continue
        if token == CRATER:
            continue
        for side in range(4):
            other = NEIGHBOUR[cell][side]
            if token[side] != BLANK and other >= 0 and board[other] is None:
                targets.add(other)
    return sorted(targets)
