"""The game contract, seeded randomness, records, the registry and graph helpers."""

from linecraft.core.errors import (
    ActionSyntaxError,
    IllegalActionError,
    LinecraftError,
    NotYourTurnError,
    PositionError,
    RecordError,
)
from linecraft.core.game import Action, Control, Event, Game, Outcome, ScoreCard, State
from linecraft.core.records import make_record, positions, replay
from linecraft.core.registry import GameInfo, Option, load_game, register, registered_games

__all__ = [
    "Action",
    "ActionSyntaxError",
    "Control",
    "Event",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "LinecraftError",
    "NotYourTurnError",
    "Option",
    "Outcome",
    "PositionError",
    "RecordError",
    "ScoreCard",
    "State",
    "load_game",
    "make_record",
    "positions",
    "register",
    "registered_games",
    "replay",
]
