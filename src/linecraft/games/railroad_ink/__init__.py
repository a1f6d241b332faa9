"""Railroad Ink: the base game (rules in `../shared/rules/railroad-ink.md`)."""

from typing import Any

from linecraft.core.i18n import N_, _
from linecraft.core.registry import GameInfo, Option, register
from linecraft.games.railroad_ink.board import format_board, parse_board
from linecraft.games.railroad_ink.help import pages
from linecraft.games.railroad_ink.rules import RailroadInk, RailroadInkState
from linecraft.games.railroad_ink.scoring import ScoreDetails, score_board


def _players(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(_("a whole number of players, at least 1"))
    return value


EXPANSIONS = ("lava", "meteor", "underground")
VARIANTS = ("base", "underground-standalone")
EXPANSION_WORDS = (
    N_("Lava: volcanoes erupt and lava spreads; close the lakes for points"),
    N_("Meteor: a meteor strikes each round and leaves a crater"),
    N_("Underground: a second board below for subway lines and pipes"),
)


def _expansions(value: Any) -> tuple[str, ...]:
    names = (value,) if isinstance(value, str) else value
    if not isinstance(names, list | tuple) or any(n not in EXPANSIONS for n in names):
        # TRANSLATORS: {names} are the expansions' codes: lava, meteor, underground.
        message = _("a list of expansions from {names}")
        raise ValueError(message.format(names=", ".join(EXPANSIONS)))
    return tuple(sorted(set(names)))


def _variant(value: Any) -> str:
    if value not in VARIANTS:
        raise ValueError(_(VARIANT_CODES))
    return str(value)


# TRANSLATORS: base and underground-standalone are codes, kept as they are.
VARIANT_CODES = N_("base or underground-standalone")

INFO = GameInfo(
    name="railroad-ink",
    title="Railroad Ink",
    make=RailroadInk,
    options=(
        Option(
            "players", 1, N_("1 or more"), _players, "boards drawn on the same rolls", hidden=True
        ),
        Option(
            "expansions",
            (),
            # TRANSLATORS: lava, meteor and underground are codes, kept as they are.
            N_("a list from lava, meteor, underground"),
            _expansions,
            "expansions",
            choices=EXPANSIONS,
            many=True,
            label=N_("Expansions"),
            help=N_("Add one or more to the base game."),
            choice_words=EXPANSION_WORDS,
        ),
        Option(
            "variant",
            "base",
            VARIANT_CODES,
            _variant,
            "the standalone Underground game",
            choices=VARIANTS,
            label=N_("Game"),
            help=N_("The standalone Underground game draws on the underground board alone."),
            choice_words=("Railroad Ink", N_("Underground on its own")),
        ),
    ),
    blurb=N_(
        "Roll the route dice and draw them on your board: link the exits into networks "
        "in seven rounds, everyone drawing the same roll."
    ),
    players=(1, 6),
    minutes=N_("20–30"),
    help=pages,
    conformance_options=(
        {"players": 1},
        {"players": 2},
        {"players": 4},
        {"players": 1, "expansions": ("lava",)},
        {"players": 3, "expansions": ("lava",)},
        {"players": 1, "expansions": ("meteor",)},
        {"players": 3, "expansions": ("meteor",)},
        {"players": 2, "expansions": ("lava", "meteor")},
        {"players": 1, "expansions": ("underground",)},
        {"players": 3, "expansions": ("underground",)},
        {"players": 1, "variant": "underground-standalone"},
        {"players": 3, "variant": "underground-standalone"},
    ),
)
register(INFO)

__all__ = [
    "INFO",
    "RailroadInk",
    "RailroadInkState",
    "ScoreDetails",
    "format_board",
    "parse_board",
    "score_board",
]
