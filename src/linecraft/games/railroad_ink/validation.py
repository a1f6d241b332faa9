"""Is a board one that legal play could have drawn? (rules §12.5, base game)."""

from __future__ import annotations

from collections import deque

from linecraft.games.railroad_ink.board import CELLS, EXIT_TYPE, NEIGHBOUR, Board, cell_name
from linecraft.games.railroad_ink.lava import NO_EXIT, NO_TOUCH, lake_problems, our_ruling
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
        if token == CRATER:
            if not meteor:
                problems.append(f"{cell_name(cell)}: a crater needs the Meteor expansion")
            continue
        face = FACE_OF_TOKEN.get(token)
        if face is None:
            problems.append(f"{cell_name(cell)}: {token} is no die face or special route")
        elif face in (*LAVA_FACES, "V") and not lava:
            problems.append(f"{cell_name(cell)}: {token} is lava, which needs the Lava expansion")
        elif face in SPECIAL_ROUTES:
            specials.setdefault(face, []).append(cell_name(cell))
        problems.extend(_mismatches(board, cell, token))
    for special, squares in specials.items():
        if len(squares) > 1:
            problems.append(f"special route {special} drawn {len(squares)} times: {squares}")
    if len(specials) > SPECIALS_PER_GAME:
        problems.append(
            f"{len(specials)} special routes drawn ({', '.join(sorted(specials))}); "
            f"a game allows {SPECIALS_PER_GAME}"
        )
    if getattr(board, "impact", None) is not None and not meteor:
        problems.append("the last-impact mark '@' needs the Meteor expansion")
    if lava and not meteor:
        problems.extend(lake_problems(board))
    elif not lava and not meteor:
        problems.extend(
            f"{cell_name(cell)}: not linked to any exit by routes" for cell in _unlinked(board)
        )
    return problems


def _mismatches(board: Board, cell: int, token: str) -> list[str]:
    """Sides that meet the wrong type (§12.5 item 2); lava against a route or on an
    exit breaks our rulings, and the message says so."""
    found = []
    for side in range(4):
        kind = token[side]
        if kind in (BLANK, CRATER_SIDE):
            continue
        other = NEIGHBOUR[cell][side]
        where = f"{cell_name(cell)} {SIDE_NAMES[side]}"
        if other < 0:
            exit_kind = EXIT_TYPE[cell][side]
            if exit_kind is not None and exit_kind != kind:
                reason = f"{where}: {TYPE_NAMES[kind]} on a {TYPE_NAMES[exit_kind]} exit"
                found.append(our_ruling(reason, NO_EXIT) if kind == LAVA else reason)
            continue
        other_token = board[other]
        # Report each mismatched edge once, from its north or west square.
        if other_token is None or side not in (1, 2):
            continue
        facing = other_token[OPPOSITE[side]]
        if facing not in (BLANK, CRATER_SIDE, kind):
            reason = (
                f"{where}: {TYPE_NAMES[kind]} faces the {TYPE_NAMES[facing]} of {cell_name(other)}"
            )
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
