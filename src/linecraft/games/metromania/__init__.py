"""Metromania (rules in `../shared/rules/metromania.md`)."""

from typing import Any

from linecraft.core.registry import GameInfo, Option, register
from linecraft.games.metromania.game import Metromania
from linecraft.games.metromania.help import pages
from linecraft.games.metromania.position import Position, format_position, parse_position
from linecraft.games.metromania.rules import MetromaniaState
from linecraft.games.metromania.scoring import score_city


def _players(value: Any) -> int:
    if value not in (2, 3, 4) or isinstance(value, bool):
        raise ValueError("2, 3 or 4")
    return int(value)


def _choice(*allowed: str) -> Any:
    def validate(value: Any) -> str:
        if value not in allowed:
            raise ValueError(" or ".join(allowed))
        return str(value)

    return validate


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("true or false")
    return value


def _end_lines(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError("a whole number of lines, at least 1")
    return value


INFO = GameInfo(
    name="metromania",
    title="Metromania",
    make=Metromania,
    options=(
        Option("players", 4, "2, 3 or 4", _players, "seats", hidden=True),
        Option(
            "two_player_mode",
            "two-companies",
            "two-companies or six-destinations",
            _choice("two-companies", "six-destinations"),
            "how two players play (§15)",
            choices=("two-companies", "six-destinations"),
            label="With two players",
            help="Each player runs two companies, or one company with six destinations.",
            choice_words=("Two companies each", "Six destinations each"),
        ),
        Option(
            "open_destinations",
            False,
            "true or false",
            _flag,
            "markers letter up (§16.1)",
            choices=(False, True),
            label="Destinations open",
            help="Destination markers are dealt letter up for everyone to see.",
        ),
        Option(
            "strict_municipality",
            False,
            "true or false",
            _flag,
            "fixed hands (§16.2)",
            choices=(False, True),
            label="The municipality's destinations",
            help="Every company gets the destinations of the rulebook's table.",
        ),
        Option(
            "gates",
            "standard",
            "standard or alternating",
            _choice("standard", "alternating"),
            "arrow pattern",
            choices=("standard", "alternating"),
            label="Gates",
            help="How the white and black arrows sit around the city.",
            choice_words=("As in the rulebook", "Alternating"),
        ),
        Option(
            "end_lines",
            None,
            "null or 1 to the number of lines",
            _end_lines,
            "blocked/finished lines that end the building (default 5; 3 with six destinations)",
            choices=(None, 3, 4, 5, 6),
            label="Lines that end the game",
            help="The building ends when this many lines are blocked or finished.",
            choice_words=("As the rules say (5, or 3 with six destinations)", "3", "4", "5", "6"),
        ),
    ),
    conformance_options=(
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 4, "open_destinations": True, "gates": "alternating"},
        {"players": 3, "strict_municipality": True},
    ),
    blurb=(
        "Run a subway company: dig tunnels for your two lines across a city of triangles "
        "and carry the residents from home to work and fun."
    ),
    players=(2, 4),
    minutes="45",
    help=pages,
)
register(INFO)

__all__ = [
    "INFO",
    "Metromania",
    "MetromaniaState",
    "Position",
    "format_position",
    "parse_position",
    "score_city",
]
