"""Next Station: London (rules in `../shared/rules/next-station-london.md`)."""

from typing import Any

from linecraft.core.i18n import N_, _
from linecraft.core.registry import GameInfo, Option, register
from linecraft.games.next_station_london.deck import (
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
        raise ValueError(_("a whole number of players, at least 1"))
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(_("true or false"))
    return value


def _module(check: Any) -> Any:
    """A module option: false (off), true (drawn at random) or the explicit setup."""

    def validate(value: Any) -> bool | tuple[str, ...]:
        if isinstance(value, bool):
            return value
        if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            return tuple(check(tuple(v.lower() for v in value)))
        raise ValueError(_("false, true, or a list of names"))

    return validate


def _order(value: Any) -> tuple[str, ...] | None:
    if value is None:
        return None
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return check_order(tuple(v.lower() for v in value))
    raise ValueError(_("null or a list of the four colours"))


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
            # TRANSLATORS: more_players is an option's code, typed as it is
            N_("1–4 (more with more_players)"),
            _players,
            "sheets on the same cards",
            hidden=True,
        ),
        Option(
            "objectives",
            False,
            # TRANSLATORS: the names after "two of" are codes, typed as they are
            N_("false, true, or two of interchange8, district13, tourist5, central9, thames6"),
            _module(check_objectives),
            "module A: shared objectives, 2 drawn at random unless named",
            choices=(False, True),
            label=N_("Shared objectives"),
            help=N_("Two goals everyone may reach for extra points."),
        ),
        Option(
            "powers",
            False,
            # TRANSLATORS: the colours and powers are codes, typed as they are
            N_(
                "false, true, or the powers of purple, blue, pink, green in order "
                "(double, joker, switch, circle)"
            ),
            _module(check_powers),
            "module B: pencil powers, dealt at random unless named",
            choices=(False, True),
            label=N_("Pencil powers"),
            help=N_("Each colour brings a one-off power: a double section, a joker station…"),
        ),
        Option(
            "order",
            None,
            N_("null or the four colours"),
            _order,
            "colour order (default purple, blue, pink, green; drawn at random when solo)",
            choices=COLOURS,
            ordered=True,
            choice_words=(N_("Purple"), N_("Blue"), N_("Pink"), N_("Green")),
            label=N_("Order of the pencils"),
            help=N_("The order the four lines are drawn in, rounds one to four."),
        ),
        Option(
            "solo",
            None,
            N_("null, true or false"),
            _solo,
            "solo scoring (default: 1 player)",
            choices=(None, True, False),
            label=N_("Solo scoring"),
            help=N_("Score against the rating table, as in the solo game."),
            choice_words=(N_("When playing alone"), N_("Always"), N_("Never")),
        ),
        Option(
            "more_players",
            False,
            N_("true or false"),
            _flag,
            "allow 5+ players (§12)",
            choices=(False, True),
            label=N_("More than four players"),
            help=N_("Share the cards among five or more sheets."),
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
    blurb=N_(
        "Flip a card, draw a section of your metro line on the London map; four lines, "
        "one per pencil, linking districts, crossing the Thames and passing tourist sights."
    ),
    players=(1, 4),
    minutes=N_("20–30"),
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
