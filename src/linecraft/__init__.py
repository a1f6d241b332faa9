"""Linecraft: transit-network board games — engines, scorers, bots and a command line.

>>> import linecraft
>>> game = linecraft.load("railroad-ink", players=2)
>>> state = game.new_state(seed=1)
>>> state.apply_chance("roll HS HC RT SC")
Roll(faces=('HS', 'HC', 'RT', 'SC'))
>>> str(state.apply(0, "d1 D1 .H.H"))
'd1 D1 .H.H'
"""

from typing import Any

import linecraft.compiled
import linecraft.games  # noqa: F401  (registers every game)
from linecraft.core import (
    ActionSyntaxError,
    Game,
    IllegalActionError,
    LinecraftError,
    NotYourTurnError,
    ScoreCard,
    State,
    make_record,
    replay,
)
from linecraft.core.registry import GameInfo, game_info, load_game, registered_games


def load(name: str, **options: Any) -> Game:
    """The game registered as `name` with validated options."""
    return load_game(name, **options)


def games() -> list[GameInfo]:
    """Every registered game with its options."""
    return registered_games()


__all__ = [
    "ActionSyntaxError",
    "Game",
    "IllegalActionError",
    "LinecraftError",
    "NotYourTurnError",
    "ScoreCard",
    "State",
    "game_info",
    "games",
    "load",
    "make_record",
    "replay",
]
