"""Positions of the rules' worked examples, as games that go on from them."""

from __future__ import annotations

from pathlib import Path

import linecraft
from linecraft.games.metromania.game import Metromania
from linecraft.games.metromania.position import Position, parse_position
from linecraft.games.metromania.rules import MetromaniaState

HERE = Path(__file__).parent
GAME = linecraft.load("metromania", players=4)
assert isinstance(GAME, Metromania)


def position(name: str) -> Position:
    return parse_position((HERE / f"position_{name}.txt").read_text())


def state_at(name: str, to_move: int | None = None) -> MetromaniaState:
    """The game going on from Position `name` (W or T), optionally with another company to move."""
    found = position(name)
    if to_move is not None:
        found.to_move = to_move
    return GAME.state_from_position(found)
