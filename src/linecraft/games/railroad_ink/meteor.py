"""The meteor (§10.3–§10.5): where it strikes, and erasing a crater to draw a route."""

from __future__ import annotations

from linecraft.games.railroad_ink.board import SIZE, Board, cell_name
from linecraft.games.railroad_ink.lava import D4
from linecraft.games.railroad_ink.pieces import CRATER

STEPS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


def strike_square(board: Board, impact: int | None, direction: str, distance: int) -> int:
    """The square the meteor strikes: `distance` steps from the last impact (D4 before
    the first strike), reflecting at the edge, then on past craters (§10.3)."""
    row, col = divmod(D4 if impact is None else impact, SIZE)
    dr, dc = STEPS[direction]

    def step() -> None:
        nonlocal row, col, dr, dc
        if not (0 <= row + dr < SIZE and 0 <= col + dc < SIZE):
            dr, dc = -dr, -dc
        row, col = row + dr, col + dc

    for _ in range(distance):
        step()
    while board[row * SIZE + col] == CRATER:
        step()
    return row * SIZE + col


def crater_problem(board: Board, cell: int) -> str | None:
    """Why `cell` cannot be erased to draw a route (it must hold a crater, §10.5)."""
    return None if board[cell] == CRATER else f"{cell_name(cell)} holds no crater"
