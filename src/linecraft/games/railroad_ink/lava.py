"""Lava placement rules (§9.5, §9.6): lava dice, new volcanoes, erasing to make room.

Two rules here are Linecraft rulings, not the rulebook's (§9.5 item 4, O5): lava never
touches a route (no lava side faces a route side, and no route side faces lava: that
half is in `placement_problem`), and no lava side lies on an exit. Every refusal under
them says that it is ours.
"""

from __future__ import annotations

from collections.abc import Iterator

from linecraft.core.i18n import _
from linecraft.games.railroad_ink.board import (
    CELLS,
    EXIT_TYPE,
    NEIGHBOUR,
    Board,
    cell_name,
    exit_name,
)
from linecraft.games.railroad_ink.phrases import N_, Phrase
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
# Our two lava rulings, as a refusal under one of them names it.
NO_TOUCH = Phrase(N_("lava never touches a route"))
NO_EXIT = Phrase(N_("no lava on exits"))
# TRANSLATORS: {reason} is why a drawing is refused; {ruling} one of "lava never
# touches a route" and "no lava on exits".
OUR_RULING = N_("{reason} ({ruling}: a Linecraft ruling, not in the rulebook)")
# Why lava or a volcano is refused (worded only when read, see `Phrase`).
NOT_EMPTY = N_("{square} is not empty")
# TRANSLATORS: {side} is N, E, S or W; {kind} and {exit_kind} are "highway",
# "railway" or "lava"; {exit} is an exit such as A4N.
ON_EXIT = N_("{side} side ({kind}) lies on the {exit_kind} exit {exit}")
# TRANSLATORS: {side} is N, E, S or W; {kind} and {other} are "highway", "railway"
# or "lava"; {square} is the neighbouring square.
FACES = N_("{side} side ({kind}) faces the {other} side of {square}")
NOT_FED = Phrase(N_("no lava side of it is fed by the lava of a neighbouring square"))
# TRANSLATORS: {side} is N, E, S or W; {exit} is an exit such as A4N.
VOLCANO_ON_EXIT = N_("its {side} side lies on the exit {exit}")
NEXT_TO_LAVA = N_("it is next to the lava of {square}")
ROUTE_POINTS = N_("the route of {square} points at it")


def our_ruling(reason: Phrase, ruling: Phrase) -> Phrase:
    """A refusal under one of our lava rulings, saying that the rulebook lacks it."""
    return Phrase(OUR_RULING, reason=reason, ruling=ruling)


def lava_problem(board: Board, cell: int, token: str) -> Phrase | None:
    """Why a lava die drawn as `token` on `cell` is illegal (§9.5 items 2–5), or None;
    item 4 (no lava against a route or on an exit) is our ruling."""
    if board[cell] is not None:
        return Phrase(NOT_EMPTY, square=cell_name(cell))
    fed = False
    for side in range(4):
        kind = token[side]
        if kind == BLANK:
            continue
        other = NEIGHBOUR[cell][side]
        if other < 0:
            exit_kind = EXIT_TYPE[cell][side]
            if exit_kind is not None and (kind == LAVA or exit_kind != kind):
                reason = Phrase(
                    ON_EXIT,
                    side=SIDE_NAMES[side],
                    kind=TYPE_NAMES[kind],
                    exit_kind=TYPE_NAMES[exit_kind],
                    exit=exit_name(cell, side),
                )
                return our_ruling(reason, NO_EXIT) if kind == LAVA else reason
            continue
        other_token = board[other]
        facing = None if other_token is None else other_token[OPPOSITE[side]]
        if facing is None or facing in (BLANK, CRATER_SIDE):
            continue
        if kind == LAVA and facing == LAVA:
            fed = True
        elif kind != facing:
            reason = Phrase(
                FACES,
                side=SIDE_NAMES[side],
                kind=TYPE_NAMES[kind],
                other=TYPE_NAMES[facing],
                square=cell_name(other),
            )
            return our_ruling(reason, NO_TOUCH) if LAVA in (kind, facing) else reason
    if not fed:
        return NOT_FED
    return None


def volcano_problem(board: Board, cell: int) -> Phrase | None:
    """Why a new volcano on `cell` is illegal (§9.5), or None; its four lava sides keep
    our rulings: none on an exit (O5), none against a route."""
    if board[cell] is not None:
        return Phrase(NOT_EMPTY, square=cell_name(cell))
    for side in range(4):
        other = NEIGHBOUR[cell][side]
        if other < 0:
            if EXIT_TYPE[cell][side] is not None:
                reason = Phrase(VOLCANO_ON_EXIT, side=SIDE_NAMES[side], exit=exit_name(cell, side))
                return our_ruling(reason, NO_EXIT)
            continue
        token = board[other]
        if token is None:
            continue
        if LAVA in token:
            return Phrase(NEXT_TO_LAVA, square=cell_name(other))
        if token[OPPOSITE[side]] not in (BLANK, CRATER_SIDE):
            return our_ruling(Phrase(ROUTE_POINTS, square=cell_name(other)), NO_TOUCH)
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


NO_ROUTE = N_("{square} holds no route to erase")
NO_LAVA_FACES = N_("no lava side faces {square}")


def erasable(board: Board, cell: int) -> Phrase | None:
    """Why the route on `cell` may not be erased for lava (O9, the player being stuck), or None."""
    token = board[cell]
    if token is None or token == CRATER or LAVA in token:
        return Phrase(NO_ROUTE, square=cell_name(cell))
    for side in range(4):
        other = NEIGHBOUR[cell][side]
        if other >= 0 and (facing := board[other]) is not None and facing[OPPOSITE[side]] == LAVA:
            return None
    return Phrase(NO_LAVA_FACES, square=cell_name(cell))


def erase_problem(board: Board, cell: int, token: str) -> Phrase | None:
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
        problems.append(_("D4: the starting volcano is missing"))
    for lake in lava_details(board).lakes:
        if not any(board[c] == VOLCANO for c in lake):
            names = " ".join(cell_name(c) for c in lake)
            # TRANSLATORS: {squares} are the lake's squares, e.g. "C4 D4 D5".
            problems.append(_("the lava lake {squares} has no volcano").format(squares=names))
    return problems
