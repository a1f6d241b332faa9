"""The meteor (§10.3–§10.5): where it strikes, and erasing a crater to draw a route."""

from __future__ import annotations

from linecraft.games.railroad_ink.board import SIZE, Board, cell_name
from linecraft.games.railroad_ink.lava import D4
from linecraft.games.railroad_ink.phrases import N_, Phrase
from linecraft.games.railroad_ink.pieces import CRATER

STEPS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
BACK = {"N": "S", "E": "W", "S": "N", "W": "E"}
Flown = tuple[int, str]  # a square the meteor passed, and the way it flew into it


def strike_square(board: Board, impact: int | None, direction: str, distance: int) -> int:
    """The square the meteor strikes: `distance` steps from the last impact (D4 before
    the first strike), reflecting at the edge, then on past craters (§10.3)."""
    return flight(board, impact, direction, distance)[-1][0]


def flight(board: Board, impact: int | None, direction: str, distance: int) -> list[Flown]:
    """Every square the meteor passes on its way to the one it strikes (the last), each
    with the way it flew into it: turned back at the edge, on past craters (§10.3), so
    a board can draw the flight before the player lets it strike.

    >>> [(cell_name(c), way) for c, way in flight([None] * 49, None, "E", 3)]
    [('D5', 'E'), ('D6', 'E'), ('D7', 'E')]
    >>> [(cell_name(c), way) for c, way in flight([None] * 49, 26, "E", 3)]
    [('D7', 'E'), ('D6', 'W'), ('D5', 'W')]
    """
    row, col = divmod(D4 if impact is None else impact, SIZE)
    way = direction
    flown: list[Flown] = []

    def step() -> None:
        nonlocal row, col, way
        dr, dc = STEPS[way]
        if not (0 <= row + dr < SIZE and 0 <= col + dc < SIZE):
            way = BACK[way]
            dr, dc = -dr, -dc
        row, col = row + dr, col + dc
        flown.append((row * SIZE + col, way))

    for _ in range(distance):
        step()
    while board[row * SIZE + col] == CRATER:
        step()
    return flown


NO_CRATER = N_("{square} holds no crater")


def crater_problem(board: Board, cell: int) -> Phrase | None:
    """Why `cell` cannot be erased to draw a route (it must hold a crater, §10.5)."""
    return None if board[cell] == CRATER else Phrase(NO_CRATER, square=cell_name(cell))
