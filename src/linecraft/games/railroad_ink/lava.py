"""Lava placement rules (§9.5, §9.6): lava dice, new volcanoes, erasing to make room.

Two rules here are Linecraft rulings, not the rulebook's (§9.5 item 4, O5): lava never
touches a route (no lava side faces a route side, and no route side faces lava: that
half is in `placement_problem`), and no lava side lies on an exit. Every refusal under
them says that it is ours.
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
NO_TOUCH = "lava never touches a route"
NO_EXIT = "no lava on exits"


def our_ruling(reason: str, ruling: str) -> str:
    """A refusal under one of our lava rulings, saying that the rulebook lacks it."""
    return f"{reason} ({ruling}: a Linecraft ruling, not in the rulebook)"


def lava_problem(board: Board, cell: int, token: str) -> str | None:
    """Why a lava die drawn as `token` on `cell` is illegal (§9.5 items 2–5), or None;
    item 4 (no lava against a route or on an exit) is our ruling."""
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
                reason = f"{where} lies on the {TYPE_NAMES[exit_kind]} exit {exit_name(cell, side)}"
                return our_ruling(reason, NO_EXIT) if kind == LAVA else reason
            continue
        other_token = board[other]
        facing = None if other_token is None else other_token[OPPOSITE[side]]
        if facing is None or facing in (BLANK, CRATER_SIDE):
            continue
        if kind == LAVA and facing == LAVA:
            fed = True
        elif kind != facing:
            reason = f"{where} faces the {TYPE_NAMES[facing]} side of {cell_name(other)}"
            return our_ruling(reason, NO_TOUCH) if LAVA in (kind, facing) else reason
    if not fed:
        return "no lava side of it is fed by the lava of a neighbouring square"
    return None


def volcano_problem(board: Board, cell: int) -> str | None:
    """Why a new volcano on `cell` is illegal (§9.5), or None; its four lava sides keep
    our rulings: none on an exit (O5), none against a route."""
    if board[cell] is not None:
        return f"{cell_name(cell)} is not empty"
    for side in range(4):
        other = NEIGHBOUR[cell][side]
        if other < 0:
            if EXIT_TYPE[cell][side] is not None:
                reason = f"its {SIDE_NAMES[side]} side lies on the exit {exit_name(cell, side)}"
                return our_ruling(reason, NO_EXIT)
            continue
        token = board[other]
        if token is None:
            continue
        if LAVA in token:
            return f"it is next to the lava of {cell_name(other)}"
        if token[OPPOSITE[side]] not in (BLANK, CRATER_SIDE):
            return our_ruling(f"the route of {cell_name(other)} points at it", NO_TOUCH)
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
