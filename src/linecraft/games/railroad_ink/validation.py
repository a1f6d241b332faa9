"""Is a board one that legal play could have drawn? (rules §12.5, base game)."""

from __future__ import annotations

from collections import deque

from linecraft.core.i18n import _, _n
from linecraft.games.railroad_ink.board import CELLS, EXIT_TYPE, NEIGHBOUR, Board, cell_name
from linecraft.games.railroad_ink.lava import NO_EXIT, NO_TOUCH, lake_problems, our_ruling
from linecraft.games.railroad_ink.phrases import N_, Phrase
from linecraft.games.railroad_ink.pieces import (
    BLANK,
    CRATER,
    CRATER_SIDE,
    FACE_OF_TOKEN,
    LAVA,
    LAVA_FACES,
    OPPOSITE,
    SIDE_NAMES,
    SPECIAL_ROUTES,
    SPECIALS_PER_GAME,
    TYPE_NAMES,
)


def board_problems(board: Board, *, lava: bool = False, meteor: bool = False) -> list[str]:
    """Every reason the board is not valid, each naming its square; empty when valid."""
    problems = []
    specials: dict[str, list[str]] = {}
    for cell in range(CELLS):
        token = board[cell]
        if token is None:
            continue
        square = cell_name(cell)
        if token == CRATER:
            if not meteor:
                problems.append(
                    _("{square}: a crater needs the Meteor expansion").format(square=square)
                )
            continue
        face = FACE_OF_TOKEN.get(token)
        if face is None:
            message = _("{square}: {token} is no die face or special route")
            problems.append(message.format(square=square, token=token))
        elif face in (*LAVA_FACES, "V") and not lava:
            message = _("{square}: {token} is lava, which needs the Lava expansion")
            problems.append(message.format(square=square, token=token))
        elif face in SPECIAL_ROUTES:
            specials.setdefault(face, []).append(square)
        problems.extend(str(problem) for problem in _mismatches(board, cell, token))
    for special, squares in specials.items():
        if len(squares) > 1:
            # TRANSLATORS: {special} is a special route's code, e.g. x3; {squares} its
            # squares, e.g. ['B2', 'C5'].
            message = _n(
                "special route {special} drawn {count} time: {squares}",
                "special route {special} drawn {count} times: {squares}",
                len(squares),
            )
            problems.append(message.format(special=special, count=len(squares), squares=squares))
    if len(specials) > SPECIALS_PER_GAME:
        # TRANSLATORS: {codes} are the special routes' codes, e.g. "x1, x3, x4, x6".
        message = _n(
            "{count} special route drawn ({codes}); a game allows {allowed}",
            "{count} special routes drawn ({codes}); a game allows {allowed}",
            len(specials),
        )
        codes = ", ".join(sorted(specials))
        problems.append(message.format(count=len(specials), codes=codes, allowed=SPECIALS_PER_GAME))
    if getattr(board, "impact", None) is not None and not meteor:
        problems.append(_("the last-impact mark '@' needs the Meteor expansion"))
    if lava and not meteor:
        problems.extend(lake_problems(board))
    elif not lava and not meteor:
        unlinked = _("{square}: not linked to any exit by routes")
        problems.extend(unlinked.format(square=cell_name(cell)) for cell in _unlinked(board))
    return problems


# Sides that meet the wrong type in a board file.
# TRANSLATORS: {square} {side} is a square and a side, e.g. "A4 N"; {kind} and
# {exit_kind} are "highway", "railway" or "lava".
ON_EXIT = N_("{square} {side}: {kind} on a {exit_kind} exit")
# TRANSLATORS: {square} {side} is a square and a side, e.g. "A4 S"; {kind} and
# {other} are "highway", "railway" or "lava"; {neighbour} the square next to it.
MEETS = N_("{square} {side}: {kind} faces the {other} of {neighbour}")


def _mismatches(board: Board, cell: int, token: str) -> list[Phrase]:
    """Sides that meet the wrong type (§12.5 item 2); lava against a route or on an
    exit breaks our rulings, and the message says so."""
    found = []
    for side in range(4):
        kind = token[side]
        if kind in (BLANK, CRATER_SIDE):
            continue
        other = NEIGHBOUR[cell][side]
        where = {"square": cell_name(cell), "side": SIDE_NAMES[side]}
        if other < 0:
            exit_kind = EXIT_TYPE[cell][side]
            if exit_kind is not None and exit_kind != kind:
                names = {"kind": TYPE_NAMES[kind], "exit_kind": TYPE_NAMES[exit_kind]}
                reason = Phrase(ON_EXIT, **where, **names)
                found.append(our_ruling(reason, NO_EXIT) if kind == LAVA else reason)
            continue
        other_token = board[other]
        # Report each mismatched edge once, from its north or west square.
        if other_token is None or side not in (1, 2):
            continue
        facing = other_token[OPPOSITE[side]]
        if facing not in (BLANK, CRATER_SIDE, kind):
            names = {"kind": TYPE_NAMES[kind], "other": TYPE_NAMES[facing]}
            reason = Phrase(MEETS, **where, **names, neighbour=cell_name(other))
            found.append(our_ruling(reason, NO_TOUCH) if LAVA in (kind, facing) else reason)
    return found


def _unlinked(board: Board) -> list[int]:
    """Drawn squares that no chain of same-type contacts links to an exit of its type."""
    reached = set()
    queue: deque[int] = deque()
    for cell in range(CELLS):
        token = board[cell]
        if token is not None and any(
            t is not None and token[side] == t for side, t in enumerate(EXIT_TYPE[cell])
        ):
            reached.add(cell)
            queue.append(cell)
    while queue:
        cell = queue.popleft()
        token = board[cell]
        assert token is not None
        for side in range(4):
            other = NEIGHBOUR[cell][side]
            if other < 0 or other in reached or token[side] == BLANK:
                continue
            other_token = board[other]
            if other_token is not None and other_token[OPPOSITE[side]] == token[side]:
                reached.add(other)
                queue.append(other)
    return [c for c in range(CELLS) if board[c] is not None and c not in reached]
