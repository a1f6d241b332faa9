"""Underground rounds (§11.5–§11.7, §11.10): sources, doubling, hubs and burst pipes.

The state keeps one underground board per seat; these functions decide what may be
drawn there and what a drawing changes on the other board.
"""

from __future__ import annotations

from functools import lru_cache

from linecraft.games.railroad_ink.actions import UNDER_SOURCES, Place, place
from linecraft.games.railroad_ink.board import SIZE, Board, frontier, longest_drawing
from linecraft.games.railroad_ink.phrases import N_, Phrase
from linecraft.games.railroad_ink.pieces import piece
from linecraft.games.railroad_ink.underground import (
    DOUBLE_DIE,
    DOUBLINGS_PER_GAME,
    UNDERGROUND,
    UnderRoll,
    under_orientations,
    under_piece,
)


def source_face(roll: UnderRoll, source: str, doubled: str | None) -> str | None:
    """The face a source shows this round (u5 shows the doubled die's face), or None."""
    if source == DOUBLE_DIE:
        return None if doubled is None else roll.face(doubled)
    return roll.face(source)


def complete_token(face: str, token: str) -> str:
    """The drawing meant by `token` for `face`, markers (`o`, `c`) filled in (§13.1)."""
    matches = [t for t in under_orientations(face) if t[:4] == token[:4]]
    return matches[0] if len(matches) == 1 and token in (matches[0], matches[0][:4]) else token


ALREADY_DOUBLED = Phrase(N_("a die was already doubled this round"))
ALL_DOUBLED = Phrase(
    N_("all {count} doublings of the game have been used"), count=DOUBLINGS_PER_GAME
)


def double_problem(doubled: str | None, doublings: int) -> Phrase | None:
    if doubled is not None:
        return ALREADY_DOUBLED
    if doublings >= DOUBLINGS_PER_GAME:
        return ALL_DOUBLED
    return None


def placement_moves(
    board: Board, roll: UnderRoll, sources: list[str], doubled: str | None
) -> list[Place]:
    """Every legal underground drawing for the unused sources (identical faces once)."""
    spots = UNDERGROUND.spots(board, frontier(board))
    found: list[Place] = []
    seen = set()
    for source in sources:
        face = source_face(roll, source, doubled)
        if face is None or face in seen:
            continue
        seen.add(face)
        drawings = UNDERGROUND.drawings[face]
        found.extend(
            place(source, cell, token) for cell, facing in spots for token in drawings[facing]
        )
    return found


@lru_cache(maxsize=4096)
def longest_under_order(
    board: tuple[str | None, ...], dice: tuple[tuple[str, str], ...], enough: int
) -> tuple[Place, ...]:
    """The longest sequence of drawings of underground dice (source, face) that can be
    drawn one after another, stopping at `enough` drawings (§7.5, §11.5); kept, since
    bots and `legal_actions` ask about the same board again and again."""
    return tuple(Place(*drawn) for drawn in longest_drawing(board, dice, UNDERGROUND, enough))


def available_sources(used: set[str], doubled: str | None) -> list[str]:
    return [s for s in UNDER_SOURCES if s not in used and (s != DOUBLE_DIE or doubled is not None)]


def forced_hub(board: Board, cell: int) -> bool:
    """Standalone: a new station with no hub in its row or column becomes one (§11.10)."""
    row, col = divmod(cell, SIZE)
    line = [r * SIZE + col for r in range(SIZE)] + [row * SIZE + c for c in range(SIZE)]
    return not any(
        other != cell and (t := board[other]) is not None and under_piece(t).hub for other in line
    )


def as_drawn(token: str, hub: bool) -> str:
    """A drawn station token written as a hub when it is one."""
    return token.replace("o", "h", 1) if hub and "o" in token[4:] else token


def under_surface_effect(under_token: str | None, surface_token: str) -> str | None:
    """What a surface station does to the underground square below (§11.7): a station
    becomes a hub, a pipe bursts. None when nothing changes."""
    if under_token is None or not piece(surface_token).is_station:
        return None
    shape = under_piece(under_token)
    changed = under_token
    if shape.station and not shape.hub:
        changed = as_drawn(changed, True)
    if shape.pipe and not shape.burst:
        changed += "b"
    return None if changed == under_token else changed
