"""Metromania (rules in `../shared/rules/metromania.md`)."""

from typing import Any

from linecraft.core.i18n import N_, _
from linecraft.core.registry import GameInfo, Option, register
from linecraft.games.metromania.game import Metromania
from linecraft.games.metromania.help import pages
from linecraft.games.metromania.position import Position, format_position, parse_position
from linecraft.games.metromania.rules import MetromaniaState
from linecraft.games.metromania.scoring import score_city


def _players(value: Any) -> int:
    if value not in (2, 3, 4) or isinstance(value, bool):
        raise ValueError(_("2, 3 or 4"))
    return int(value)


def _choice(*allowed: str) -> Any:
    def validate(value: Any) -> str:
        if value not in allowed:
            # TRANSLATORS: the values an option allows, as codes: {choices} lists all but the
            # last, e.g. "standard", and {last} is the last, e.g. "alternating"
            raise ValueError(
                _("{choices} or {last}").format(choices=", ".join(allowed[:-1]), last=allowed[-1])
            )
        return str(value)

    return validate


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        # TRANSLATORS: the values a yes/no option allows, as codes: keep true and false
        raise ValueError(_("true or false"))
    return value


def _end_lines(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(_("a whole number of lines, at least 1"))
    return value


INFO = GameInfo(
    name="metromania",
    title="Metromania",
    make=Metromania,
    options=(
        Option("players", 4, N_("2, 3 or 4"), _players, "seats", hidden=True),
        Option(
            "two_player_mode",
            "two-companies",
            # TRANSLATORS: the option's values, as codes: keep them as they are
            N_("two-companies or six-destinations"),
            _choice("two-companies", "six-destinations"),
            "how two players play (§15)",
            choices=("two-companies", "six-destinations"),
            label=N_("With two players"),
            help=N_("Each player runs two companies, or one company with six destinations."),
            choice_words=(N_("Two companies each"), N_("Six destinations each")),
        ),
        Option(
            "open_destinations",
            False,
            N_("true or false"),
            _flag,
            "markers letter up (§16.1)",
            choices=(False, True),
            label=N_("Destinations open"),
            help=N_("Destination markers are dealt letter up for everyone to see."),
        ),
        Option(
            "strict_municipality",
            False,
            N_("true or false"),
            _flag,
            "fixed hands (§16.2)",
            choices=(False, True),
            label=N_("The municipality's destinations"),
            help=N_("Every company gets the destinations of the rulebook's table."),
        ),
        Option(
            "gates",
            "standard",
            # TRANSLATORS: the option's values, as codes: keep them as they are
            N_("standard or alternating"),
            _choice("standard", "alternating"),
            "arrow pattern",
            choices=("standard", "alternating"),
            label=N_("Gates"),
            help=N_("How the white and black arrows sit around the city."),
            choice_words=(N_("As in the rulebook"), N_("Alternating")),
        ),
        Option(
            "end_lines",
            None,
            # TRANSLATORS: the values the option allows: keep "null" as it is
            N_("null or 1 to the number of lines"),
            _end_lines,
            "blocked/finished lines that end the building (default 5; 3 with six destinations)",
            choices=(None, 3, 4, 5, 6),
            label=N_("Lines that end the game"),
            help=N_("The building ends when this many lines are blocked or finished."),
            choice_words=(
                N_("As the rules say (5, or 3 with six destinations)"),
                "3",
                "4",
                "5",
                "6",
            ),
        ),
    ),
    conformance_options=(
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 4, "open_destinations": True, "gates": "alternating"},
        {"players": 3, "strict_municipality": True},
    ),
    blurb=N_(
        "Run a subway company: dig tunnels for your two lines across a city of triangles "
        "and carry the residents from home to work and fun."
    ),
    players=(2, 4),
    # TRANSLATORS: how many minutes a game takes, as the lobby shows it
    minutes=N_("45"),
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
