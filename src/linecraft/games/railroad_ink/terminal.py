"""The board in a terminal: each square three lines of five characters, with rich colours."""

from __future__ import annotations

from linecraft.games.railroad_ink.board import CELLS, EXIT_TYPE, SIZE, Board
from linecraft.games.railroad_ink.pieces import BLANK, CRATER, HIGHWAY, LAVA, VOLCANO, piece

_COLOUR = {"H": "bold bright_white", "R": "bold red", "L": "bold dark_orange"}
_HORIZONTAL = {"H": "══", "R": "┄┄", "L": "▓▓"}
_VERTICAL = {"H": "║", "R": "┆", "L": "▓"}
# Centre glyph of a single-type piece by its sides (N, E, S, W present).
_JOIN: dict[tuple[int, ...], str] = {
    (1, 0, 1, 0): "│", (0, 1, 0, 1): "─", (1, 1, 0, 0): "└", (0, 1, 1, 0): "┌",
    (0, 0, 1, 1): "┐", (1, 0, 0, 1): "┘", (1, 1, 1, 0): "├", (0, 1, 1, 1): "┬",
    (1, 0, 1, 1): "┤", (1, 1, 0, 1): "┴", (1, 1, 1, 1): "┼",
}  # fmt: skip


def _paint(text: str, kind: str) -> str:
    return f"[{_COLOUR[kind]}]{text}[/]" if kind != BLANK else text


def _square_lines(token: str | None, highlight: bool) -> list[str]:
    if token is None:
        dot = "[yellow]·[/]" if highlight else "[bright_black]·[/]"
        return ["     ", f"  {dot}  ", "     "]
    if token == CRATER:
        return ["     ", " [grey50](◉)[/] ", "     "]
    shape = piece(token)
    n, e, s, w = shape.sides[0], shape.sides[1], shape.sides[2], shape.sides[3]
    if shape.is_lava:
        middle = _paint("▲" if token == VOLCANO else "▓", LAVA)
    elif shape.is_station:
        middle = "[bold black on bright_yellow]■[/]"
    elif shape.is_overpass:
        middle = _paint("╫" if n == HIGHWAY else "╪", HIGHWAY)
    else:
        kind = next(c for c in shape.sides if c != BLANK)
        middle = _paint(_JOIN.get(tuple(int(c != BLANK) for c in shape.sides), "•"), kind)
    return [
        f"  {_paint(_VERTICAL.get(n, ' '), n)}  ",
        f"{_paint(_HORIZONTAL.get(w, '  '), w)}{middle}{_paint(_HORIZONTAL.get(e, '  '), e)}",
        f"  {_paint(_VERTICAL.get(s, ' '), s)}  ",
    ]


def board_text(board: Board, highlight: frozenset[int] = frozenset()) -> str:
    """The board with row letters, column numbers and exit stubs, as rich markup."""
    top = "   " + "".join(
        f"  {_paint(_VERTICAL[k], k) if (k := EXIT_TYPE[c][0]) else ' '}  " for c in range(SIZE)
    )
    bottom = "   " + "".join(
        f"  {_paint(_VERTICAL[k], k) if (k := EXIT_TYPE[CELLS - SIZE + c][2]) else ' '}  "
        for c in range(SIZE)
    )
    lines = ["    " + "".join(f"  {c + 1}  " for c in range(SIZE)), top]
    for row in range(SIZE):
        cells = [
            _square_lines(board[row * SIZE + c], row * SIZE + c in highlight) for c in range(SIZE)
        ]
        west, east = EXIT_TYPE[row * SIZE][3], EXIT_TYPE[row * SIZE + SIZE - 1][1]
        for line in range(3):
            left = _paint(_HORIZONTAL[west][0], west) if west and line == 1 else " "
            right = _paint(_HORIZONTAL[east][0], east) if east and line == 1 else " "
            label = "ABCDEFG"[row] if line == 1 else " "
            lines.append(f"{label} {left}" + "".join(c[line] for c in cells) + right)
    lines.append(bottom)
    return "\n".join(lines)


_UNDER_STYLE = {"S": "bold dodger_blue1", "P": "grey62"}


def under_board_text(board: Board, highlight: frozenset[int] = frozenset()) -> str:
    """The underground board as its tokens (S subway, P pipe; o station, h hub,
    c cap, b burst), coloured, with row letters and column numbers."""
    lines = ["    " + "".join(f"{c + 1:^7}" for c in range(SIZE))]
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            token = board[row * SIZE + col]
            if token is None:
                dot = "[yellow]·[/]" if row * SIZE + col in highlight else "[bright_black]·[/]"
                cells.append(f"   {dot}   ")
                continue
            painted = "".join(
                f"[{_UNDER_STYLE[c]}]{c}[/]" if c in _UNDER_STYLE else c for c in token
            )
            cells.append(" " + painted + " " * (6 - len(token)))
        lines.append(f"{'ABCDEFG'[row]}   " + "".join(cells))
    return "\n".join(lines)
