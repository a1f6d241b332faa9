"""Boards built from a few squares, for the hand-made scoring and placement tests."""

from __future__ import annotations

from linecraft.games.railroad_ink.board import CELLS, parse_cell


def board_of(squares: dict[str, str]) -> list[str | None]:
    board: list[str | None] = [None] * CELLS
    for square, token in squares.items():
        board[parse_cell(square)] = token
    return board
