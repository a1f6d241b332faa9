"""Lava placement rules (§9.5, §9.6): lava dice, new volcanoes, erasing to make room.

Lava never touches a route: no lava side may face a route side or lie on an exit,
and no route side may face lava (that half is in `placement_problem`).
"""

from __future__ import annotations

from collections.abc import Iterator

from linecraft.games.railroad_ink.board import (
    CELLS,
    EXIT_TYPE,
    NEIGHBOUR,
    Board,
    cell_name,
    exit_name,
)
from linecraft.games.railroad_ink.pieces import (
    BLANK,
    CRATER,
    CRATER_SIDE,
    LAVA,
    OPPOSITE,
    SIDE_NAMES,
    TYPE_NAMES,
    VOLCANO,
    orientation_tokens,
)
from linecraft.games.railroad_ink.scoring import lava_details

D4 = 3 * 7 + 3


def lava_problem(board: Board, cell: int, token: str) -> str | None:
    """Why a lava die drawn as `token` on `cell` is illegal (§9.5 items 2–5), or None."""
    if board[cell] is not None:
        return f"{cell_name(cell)} is not empty"
    fed = False
    for side in range(4):
        kind = token[side]
        if kind == BLANK:
            continue
        other = NEIGHBOUR[cell][side]
        where = f"{SIDE_NAMES[side]} side ({TYPE_NAMES[kind]})"
        if other < 0:
            exit_kind = EXIT_TYPE[cell][side]
            if exit_kind is not None and (kind == LAVA or exit_kind != kind):
                return f"{where} lies on the {TYPE_NAMES[exit_kind]} exit {exit_name(cell, side)}"
            continue
        other_token = board[other]
        facing = None if other_token is None else other_token[OPPOSITE[side]]
        if facing is None or facing in (BLANK, CRATER_SIDE):
            continue
        if kind == LAVA and facing == LAVA:
            fed = True
        elif kind != facing:
            return f"{where} faces the {TYPE_NAMES[facing]} side of {cell_name(other)}"
    if not fed:
        return "no lava side of it is fed by the lava of a neighbouring square"
    return None


def volcano_problem(board: Board, cell: int) -> str | None:
    """Why a new volcano on `cell` is illegal (§9.5, O5), or None."""
    if board[cell] is not None:
        return f"{cell_name(cell)} is not empty"
    for side in range(4):
        other = NEIGHBOUR[cell][side]
        if other < 0:
            if EXIT_TYPE[cell][side] is not None:
                return f"its {SIDE_NAMES[side]} side lies on the exit {exit_name(cell, side)}"
            continue
        token = board[other]
        if token is None:
            continue
        if LAVA in token:
            return f"it is next to the lava of {cell_name(other)}"
        if token[OPPOSITE[side]] not in (BLANK, CRATER_SIDE):
            return f"the route of {cell_name(other)} points at it"
    return None


def lava_targets(board: Board) -> list[int]:
    """Empty squares an open lava side faces: the only places a lava die can go."""
    found = set()
    for cell in range(CELLS):
        token = board[cell]
        if token is None or LAVA not in token:
            continue
        for side in range(4):
            other = NEIGHBOUR[cell][side]
            if token[side] == LAVA and other >= 0 and board[other] is None:
                found.add(other)
    return sorted(found)


def lava_placements(board: Board, face: str) -> Iterator[tuple[int, str]]:
    for cell in lava_targets(board):
        for token in orientation_tokens(face):
            if lava_problem(board, cell, token) is None:
                yield cell, token


def volcano_squares(board: Board) -> list[int]:
    return [cell for cell in range(CELLS) if volcano_problem(board, cell) is None]


def erasable(board: Board, cell: int) -> str | None:
    """Why the route on `cell` may not be erased for lava (O9, the player being stuck), or None."""
    token = board[cell]
    if token is None or token == CRATER or LAVA in token:
        return f"{cell_name(cell)} holds no route to erase"
    for side in range(4):
        other = NEIGHBOUR[cell][side]
        if other >= 0 and (facing := board[other]) is not None and facing[OPPOSITE[side]] == LAVA:
            return None
    return f"no lava side faces {cell_name(cell)}"


def erase_problem(board: Board, cell: int, token: str) -> str | None:
    problem = erasable(board, cell)
    if problem is not None:
        return problem
    cleared = list(board)
    cleared[cell] = None
    return lava_problem(cleared, cell, token)


def erase_placements(board: Board, face: str) -> Iterator[tuple[int, str]]:
    for cell in range(CELLS):
        if erasable(board, cell) is None:
            cleared = list(board)
            cleared[cell] = None
            for token in orientation_tokens(face):
                if lava_problem(cleared, cell, token) is None:
                    yield cell, token


def lake_problems(board: Board) -> list[str]:
    """With Lava and no Meteor: D4 holds a volcano and every lake contains one (§12.5)."""
    problems = []
    if board[D4] != VOLCANO:
        problems.append("D4: the starting volcano is missing")
    for lake in lava_details(board).lakes:
        if not any(board[c] == VOLCANO for c in lake):
            names = " ".join(cell_name(c) for c in lake)
            problems.append(f"the lava lake {names} has no volcano")
    return problems
