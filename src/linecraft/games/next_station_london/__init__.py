"""Next Station: London (rules in `../shared/rules/next-station-london.md`)."""

from typing import Any

from linecraft.core.registry import GameInfo, Option, register
from linecraft.games.next_station_london.deck import (
    OBJECTIVES,
    POWERS,
    check_objectives,
    check_order,
    check_powers,
)
from linecraft.games.next_station_london.game import NextStationLondon
from linecraft.games.next_station_london.help import pages
from linecraft.games.next_station_london.london import COLOURS, LONDON
from linecraft.games.next_station_london.rules import NextStationLondonState
from linecraft.games.next_station_london.scoring import score_sheet
from linecraft.games.next_station_london.sheet import Sheet, format_sheet, parse_sheet


def _players(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError("a whole number of players, at least 1")
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("true or false")
    return value


def _module(check: Any) -> Any:
    """A module option: false (off), true (drawn at random) or the explicit setup."""

    def validate(value: Any) -> bool | tuple[str, ...]:
        if isinstance(value, bool):
            return value
        if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            return tuple(check(tuple(v.lower() for v in value)))
        raise ValueError("false, true, or a list of names")

    return validate


def _order(value: Any) -> tuple[str, ...] | None:
    if value is None:
        return None
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return check_order(tuple(v.lower() for v in value))
    raise ValueError("null or a list of the four colours")


def _solo(value: Any) -> bool | None:
    return None if value is None else _flag(value)


INFO = GameInfo(
    name="next-station-london",
    title="Next Station: London",
    make=NextStationLondon,
    options=(
        Option(
            "players",
            1,
            "1–4 (more with more_players)",
            _players,
            "sheets on the same cards",
            hidden=True,
        ),
        Option(
            "objectives",
            False,
            f"false, true, or two of {', '.join(OBJECTIVES)}",
            _module(check_objectives),
            "module A: shared objectives, 2 drawn at random unless named",
            choices=(False, True),
            label="Shared objectives",
            help="Two goals everyone may reach for extra points.",
        ),
        Option(
            "powers",
            False,
            f"false, true, or the powers of {', '.join(COLOURS)} in order ({', '.join(POWERS)})",
            _module(check_powers),
            "module B: pencil powers, dealt at random unless named",
            choices=(False, True),
            label="Pencil powers",
            help="Each colour brings a one-off power: a double section, a joker station…",
        ),
        Option(
            "order",
            None,
            "null or the four colours",
            _order,
            "colour order (default purple, blue, pink, green; drawn at random when solo)",
            choices=COLOURS,
            ordered=True,
            label="Order of the pencils",
            help="The order the four lines are drawn in, rounds one to four.",
        ),
        Option(
            "solo",
            None,
            "null, true or false",
            _solo,
            "solo scoring (default: 1 player)",
            choices=(None, True, False),
            label="Solo scoring",
            help="Score against the rating table, as in the solo game.",
            choice_words=("When playing alone", "Always", "Never"),
        ),
        Option(
            "more_players",
            False,
            "true or false",
            _flag,
            "allow 5+ players (§12)",
            choices=(False, True),
            label="More than four players",
            help="Share the cards among five or more sheets.",
        ),
    ),
    conformance_options=(
        {"players": 1},
        {"players": 2},
        {"players": 4},
        {"players": 1, "objectives": True, "powers": True},
        {"players": 2, "powers": True},
        {"players": 4, "objectives": True, "powers": True},
    ),
    blurb=(
        "Flip a card, draw a section of your metro line on the London map; four lines, "
        "one per pencil, linking districts, crossing the Thames and passing tourist sights."
    ),
    players=(1, 4),
    minutes="20–30",
    help=pages,
)
register(INFO)

__all__ = [
    "INFO",
    "LONDON",
    "NextStationLondon",
    "NextStationLondonState",
    "Sheet",
    "format_sheet",
    "parse_sheet",
    "score_sheet",
]
