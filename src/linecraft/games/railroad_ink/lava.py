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
    EXIT_SQUARES,
    EXIT_TYPE,
    NEIGHBOUR,
    OPEN,
    Board,
    Fitting,
    cell_name,
    exit_name,
)
from linecraft.games.railroad_ink.phrases import N_, Phrase
from linecraft.games.railroad_ink.pieces import (
    BLANK,
    CRATER,
    CRATER_SIDE,
    HIGHWAY,
    LAVA,
    LAVA_FACES,
    OPPOSITE,
    RAILWAY,
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


NOT_FED_SIDE = 4  # what `lava_refusal` finds besides a side: no lava side meets lava


def lava_refusal(token: str, facing: str) -> int | None:
    """Which rule refuses a lava die drawn as `token`, from the side types `facing` its
    sides: the first side that meets another type (a route, or for a route side lava),
    lava on an exit included, `NOT_FED_SIDE` when no lava side meets lava, None when it
    fits (§9.5 items 2–5; item 4 is our ruling)."""
    fed = False
    for side in range(4):
        kind, met = token[side], facing[side]
        if kind == BLANK or met == OPEN:
            continue
        if kind == LAVA == met:
            fed = True
        elif kind != met:
            return side
    return None if fed else NOT_FED_SIDE


# The lava dice: which drawings fit where.
LAVA_DRAWINGS = Fitting(
    {face: orientation_tokens(face) for face in LAVA_FACES},
    {HIGHWAY: HIGHWAY, RAILWAY: RAILWAY},
    HIGHWAY + RAILWAY + LAVA,
    lava_refusal,
)


def lava_problem(board: Board, cell: int, token: str) -> Phrase | None:
    """Why a lava die drawn as `token` on `cell` is illegal (§9.5 items 2–5), or None;
    item 4 (no lava against a route or on an exit) is our ruling."""
    if board[cell] is not None:
        return Phrase(NOT_EMPTY, square=cell_name(cell))
    side = lava_refusal(token, LAVA_DRAWINGS.facing(board, cell))
    if side is None:
        return None
    if side == NOT_FED_SIDE:
        return NOT_FED
    kind = token[side]
    other = NEIGHBOUR[cell][side]
    if other < 0:
        exit_kind = EXIT_TYPE[cell][side]
        assert exit_kind is not None
        reason = Phrase(
            ON_EXIT,
            side=SIDE_NAMES[side],
            kind=TYPE_NAMES[kind],
            exit_kind=TYPE_NAMES[exit_kind],
            exit=exit_name(cell, side),
        )
        return our_ruling(reason, NO_EXIT) if kind == LAVA else reason
    other_token = board[other]
    assert other_token is not None
    facing = other_token[OPPOSITE[side]]
    reason = Phrase(
        FACES,
        side=SIDE_NAMES[side],
        kind=TYPE_NAMES[kind],
        other=TYPE_NAMES[facing],
        square=cell_name(other),
    )
    return our_ruling(reason, NO_TOUCH) if LAVA in (kind, facing) else reason


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
    drawings = LAVA_DRAWINGS.drawings[face]
    for cell, facing in LAVA_DRAWINGS.spots(board, lava_targets(board)):
        for token in drawings[facing]:
            yield cell, token


def volcano_squares(board: Board) -> list[int]:
    """The squares where `volcano_problem` finds nothing, found in one pass over the
    drawn squares: those they shut are taken, beside lava, or pointed at by a route."""
    shut = set(EXIT_SQUARES)  # no volcano on an exit square
    for cell, token in enumerate(board):
        if token is None:
            continue
        shut.add(cell)
        if LAVA in token:
            shut.update(NEIGHBOUR[cell])
        else:
            shut.update(
                other
                for side, other in enumerate(NEIGHBOUR[cell])
                if token[side] not in (BLANK, CRATER_SIDE)
            )
    return [cell for cell in range(CELLS) if cell not in shut]


NO_ROUTE = N_("{square} holds no route to erase")
NO_LAVA_FACES = N_("no lava side faces {square}")


def erasable(board: Board, cell: int) -> Phrase | None:
    """Why the route on `cell` may not be erased for lava (O9, the player being stuck), or None."""
    refusal = _erase_refusal(board, cell)
    return None if refusal is None else Phrase(refusal, square=cell_name(cell))


def _erase_refusal(board: Board, cell: int) -> str | None:
    """`erasable`'s reason, not yet worded."""
    token = board[cell]
    if token is None or token == CRATER or LAVA in token:
        return NO_ROUTE
    for side in range(4):
        other = NEIGHBOUR[cell][side]
        if other >= 0 and (facing := board[other]) is not None and facing[OPPOSITE[side]] == LAVA:
            return None
    return NO_LAVA_FACES


def erase_problem(board: Board, cell: int, token: str) -> Phrase | None:
    problem = erasable(board, cell)
    if problem is not None:
        return problem
    cleared = list(board)
    cleared[cell] = None
    return lava_problem(cleared, cell, token)


def erase_placements(board: Board, face: str) -> Iterator[tuple[int, str]]:
    """Every (square, token) where `face` may be drawn erasing a route; what the
    square held does not count, only what faces it."""
    drawings = LAVA_DRAWINGS.drawings[face]
    for cell in range(CELLS):
        if _erase_refusal(board, cell) is None:
            for token in drawings[LAVA_DRAWINGS.facing(board, cell)]:
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
