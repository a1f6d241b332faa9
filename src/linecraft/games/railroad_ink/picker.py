"""What an assistant room asks when the dice are thrown at a real table: each die is a
row of its faces, drawn as the board draws them (§3, §9.2, §10.2, §11.3), so the roll
is put together from pictures instead of typed in notation (§13.4).

Every face of every die is offered, and any face of one die goes with any face of
another, so every pick is a roll that may happen and every roll can be picked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from linecraft.core.game import ChanceChoice, ChancePicker, ChanceQuestion, Picture
from linecraft.core.i18n import _
from linecraft.games.railroad_ink.pieces import (
    CANONICAL,
    DIRECTION_FACES,
    DISTANCE_FACES,
    LAVA_FACES,
    ROUTE_FACES,
    STATION_FACES,
)
from linecraft.games.railroad_ink.svg import render_drawing, render_meteor_die
from linecraft.games.railroad_ink.underground import CANONICAL as UNDER_CANONICAL
from linecraft.games.railroad_ink.underground import DICE_FACES, UNDER_DICE
from linecraft.games.railroad_ink.words import (
    LAVA_DIE_NUMBERED,
    METEOR_FACES,
    PICKER_TITLES,
    ROUTE_DIE_NUMBERED,
    SURFACE_FACES,
    UNDER_FACES,
    die_name,
    distance_words,
)

if TYPE_CHECKING:  # the rules' Game hands its hook to this module
    from linecraft.games.railroad_ink.rules import RailroadInk, RailroadInkState

ROLL = "roll"  # the word a roll's notation starts with (§13.4)


def chance_picker(game: RailroadInk, state: RailroadInkState) -> ChancePicker:
    """The dice of the coming round: the surface dice (with the Lava and Meteor dice of
    the options), or the four underground dice A–D in an underground round."""
    number = state.round + 1
    if game.layer_of(number) == "underground":
        questions = under_dice()
        kind = "plain" if game.standalone else "underground"
    else:
        questions = surface_dice(lava=game.lava, meteor=game.meteor)
        kind = "surface" if game.underground else "plain"
    title = _(PICKER_TITLES[kind]).format(round=number, rounds=game.rounds)
    return ChancePicker(title, questions, ROLL)


def surface_dice(*, lava: bool, meteor: bool) -> tuple[ChanceQuestion, ...]:
    """The three route dice and the station die, then the two lava dice (Lava), then
    the meteor's direction and distance dice (Meteor): in any order the roll reads the
    same, so they come as a person reads the table."""
    route = tuple(_surface_choice(code) for code in ROUTE_FACES)
    questions = [ChanceQuestion(_(ROUTE_DIE_NUMBERED).format(number=n), route) for n in (1, 2, 3)]
    station = tuple(_surface_choice(code) for code in STATION_FACES)
    questions.append(ChanceQuestion(die_name("station"), station))
    if lava:
        faces = tuple(_surface_choice(code) for code in LAVA_FACES)
        questions += [ChanceQuestion(_(LAVA_DIE_NUMBERED).format(number=n), faces) for n in (1, 2)]
    if meteor:
        questions += _meteor_dice()
    return tuple(questions)


def under_dice() -> tuple[ChanceQuestion, ...]:
    """The underground dice A, B, C, D, in the order the roll is written."""
    return tuple(
        ChanceQuestion(die_name(die), tuple(_under_choice(code) for code in faces))
        for die, faces in zip(UNDER_DICE, DICE_FACES, strict=True)
    )


def _meteor_dice() -> list[ChanceQuestion]:
    """Where the meteor flies (or each player chooses) and how far."""
    ways = tuple(
        ChanceChoice(code, Picture(render_meteor_die(code), _(METEOR_FACES[code])))
        for code in DIRECTION_FACES
    )
    lengths = tuple(
        ChanceChoice(code, Picture(render_meteor_die(code), distance_words(int(code[1]))))
        for code in DISTANCE_FACES
    )
    return [
        ChanceQuestion(die_name("direction"), ways),
        ChanceQuestion(die_name("distance"), lengths),
    ]


def _surface_choice(code: str) -> ChanceChoice:
    return ChanceChoice(code, Picture(render_drawing(CANONICAL[code]), _(SURFACE_FACES[code])))


def _under_choice(code: str) -> ChanceChoice:
    svg = render_drawing(UNDER_CANONICAL[code], underground=True)
    return ChanceChoice(code, Picture(svg, _(UNDER_FACES[code])))
