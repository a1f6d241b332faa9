"""Metro positions and states built for the tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import linecraft
from linecraft.games.metro.position import Table, parse_position
from linecraft.games.metro.rules import MetroState

VECTORS = Path(__file__).parent / "vectors"


def vector(name: str) -> Table:
    return parse_position((VECTORS / f"{name}.txt").read_text())


def state_with(board: list[str | None], hand: str, **options: Any) -> MetroState:
    """Seat 0 to play `hand` on `board` (the rest of the game as dealt by seed 0)."""
    options.setdefault("players", 4)
    state = linecraft.load("metro", **options).new_state(0)
    assert isinstance(state, MetroState)
    while state.is_chance():
        state.advance()
    state.board = list(board)
    state.hands[0] = [hand]
    state.index_board()
    return state
