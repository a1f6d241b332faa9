"""Metro by Dirk Henn (rules in `../shared/rules/metro.md`)."""

from typing import Any

from linecraft.core.i18n import N_, _
from linecraft.core.registry import GameInfo, Option, register
from linecraft.games.metro.game import Metro
from linecraft.games.metro.help import pages
from linecraft.games.metro.position import Table, format_position, parse_position
from linecraft.games.metro.rules import MetroState
from linecraft.games.metro.scoring import format_records, score_table

# TRANSLATORS: the values an option takes, as written in a request: keep true and false.
TRUE_OR_FALSE = N_("true or false")
# TRANSLATORS: the values an option takes, as written in a request: keep random and fixed.
RANDOM_OR_FIXED = N_("random or fixed")


def _int_in(low: int, high: int) -> Any:
    def validate(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            told = _("a whole number from {low} to {high}")
            raise ValueError(told.format(low=low, high=high))
        return value

    return validate


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(_(TRUE_OR_FALSE))
    return value


def _modules(value: Any) -> tuple[int, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,)
    if not isinstance(value, list | tuple) or not all(v in (1, 2, 3, 4) for v in value):
        raise ValueError(_("a list of module numbers 1-4"))
    return tuple(sorted(set(value)))


def _rotation(value: Any) -> str:
    if value not in ("random", "fixed"):
        raise ValueError(_(RANDOM_OR_FIXED))
    return str(value)


INFO = GameInfo(
    name="metro",
    title="Metro",
    make=Metro,
    options=(
        Option("players", 2, "2–6", _int_in(2, 6), "seats, in turn order", hidden=True),
        Option(
            "hand_size",
            1,
            "1–3",
            _int_in(1, 3),
            "tiles in hand (§10.2)",
            choices=(1, 2, 3),
            label=N_("Tiles in hand"),
            help=N_("With more than one, you choose which tile to lay."),
            choice_words=(N_("One"), N_("Two"), N_("Three")),
        ),
        Option(
            "free_rotation",
            False,
            TRUE_OR_FALSE,
            _flag,
            "tiles may be turned (§10.1)",
            choices=(False, True),
            label=N_("Turn the tiles"),
            help=N_("Tiles may be laid in any of four turns, not only as printed."),
        ),
        Option(
            "modules",
            (),
            N_("a list of 1–4, not both 2 and 3"),
            _modules,
            "1 companies, 2 central stations, 3 central tracks, 4 numbered stations",
            choices=(1, 2, 3, 4),
            many=True,
            label=N_("Modules"),
            help=N_("Add any of the four modules (not both 2 and 3)."),
            choice_words=(
                N_("1 Companies: secret shares in the train companies"),
                N_("2 Central station: place your central car for a bonus"),
                N_("3 Central tracks: track pieces instead of the central station"),
                N_("4 Numbered stations: score the stations with your number tokens"),
            ),
        ),
        Option(
            "exchange_cooldown",
            False,
            TRUE_OR_FALSE,
            _flag,
            "module 1: nobody exchanges shares on two turns in a row "
            "(a Linecraft ruling; the rulebook stops exchanges only at 25 profit)",
            choices=(False, True),
            label=N_("Companies: no exchanges two turns in a row"),
            help=N_("Our own rule, not the rulebook's."),
        ),
        Option(
            "central_cars_open_only",
            False,
            TRUE_OR_FALSE,
            _flag,
            "module 2: a central car only where the route is not yet complete "
            "(a Linecraft ruling; the rulebook allows any free central position)",
            choices=(False, True),
            label=N_("Central station: cars only on open routes"),
            help=N_("Our own rule, not the rulebook's."),
        ),
        Option(
            "central_track_rotation",
            "random",
            RANDOM_OR_FIXED,
            _rotation,
            "module 3",
            choices=("random", "fixed"),
            label=N_("Central tracks: how they are laid"),
            help=N_("At random, or as printed in the rulebook's picture."),
            choice_words=(N_("At random"), N_("As printed")),
        ),
        Option(
            "central_tracks_no_adjacency",
            False,
            TRUE_OR_FALSE,
            _flag,
            "module 3: a square touching only the central tracks takes no tile "
            "(a Linecraft ruling; the rulebook counts them as pieces on the board)",
            choices=(False, True),
            label=N_("Central tracks: no tile beside them alone"),
            help=N_("Our own rule, not the rulebook's."),
        ),
        Option(
            "numbers_per_player",
            2,
            # TRANSLATORS: at most 32 tokens shared among the players.
            N_("1 to 32 / players"),
            _int_in(1, 16),
            "module 4 tokens each",
            choices=(1, 2, 3, 4),
            label=N_("Numbered stations: tokens each"),
            help=N_("How many station numbers each player is dealt."),
        ),
    ),
    conformance_options=(
        {"players": 2},
        {"players": 4},
        {"players": 6},
        {"players": 4, "free_rotation": True, "hand_size": 2},
        {"players": 4, "modules": (1,)},
        {"players": 2, "modules": (2,)},
        {"players": 4, "modules": (3,)},
        {"players": 6, "modules": (4,)},
        {"players": 3, "modules": (1, 2, 4)},
        {
            "players": 3,
            "modules": (1, 2),
            "exchange_cooldown": True,
            "central_cars_open_only": True,
        },
        {"players": 5, "modules": (3,), "central_tracks_no_adjacency": True},
    ),
    blurb=N_(
        "Lay track tiles on the city grid and steer every route: the longer a train's "
        "journey from its station, the more it scores, doubled through the centre."
    ),
    players=(2, 6),
    # TRANSLATORS: how many minutes a game takes.
    minutes=N_("30–45"),
    help=pages,
)
register(INFO)

__all__ = [
    "INFO",
    "Metro",
    "MetroState",
    "Table",
    "format_position",
    "format_records",
    "parse_position",
    "score_table",
]
