"""What an assistant room asks when the dice are thrown at a real table: one row of
faces per die, drawn as the board draws them and named in words, and a pick of one
face per die is exactly a roll the game can have."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from itertools import product
from typing import Any

import pytest

import linecraft
from linecraft.core.game import ChancePicker
from linecraft.core.i18n import language
from linecraft.games.railroad_ink.actions import Roll
from linecraft.games.railroad_ink.pieces import (
    DIRECTION_FACES,
    DISTANCE_FACES,
    LAVA_FACES,
    ROUTE_FACES,
    STATION_FACES,
)
from linecraft.games.railroad_ink.rules import RailroadInk, RailroadInkState
from linecraft.games.railroad_ink.underground import DICE_FACES, UnderRoll

SURFACE_TITLES = ["Route die 1", "Route die 2", "Route die 3", "Station die"]
LAVA_TITLES = ["Lava die 1", "Lava die 2"]
METEOR_TITLES = ["Direction die", "Distance die"]
UNDER_TITLES = [f"Underground die {die}" for die in "ABCD"]
# Every code a roll is written with: no caption may show one.
CODES = {
    *ROUTE_FACES,
    *STATION_FACES,
    *LAVA_FACES,
    *DIRECTION_FACES,
    *DISTANCE_FACES,
    *(code for die in DICE_FACES for code in die),
}


def _at_round(options: Mapping[str, Any], played: int) -> tuple[RailroadInk, RailroadInkState]:
    """A game with `played` rounds rolled and ended, its next roll due."""
    game = linecraft.load("railroad-ink", **options)
    assert isinstance(game, RailroadInk)
    state = game.new_state(3)
    assert isinstance(state, RailroadInkState)
    rng = random.Random(1)
    while state.round < played:
        state.advance()
        while state.to_act():
            player = state.to_act()[0]
            state.apply_unchecked(player, rng.choice(state.legal_actions(player)))
    assert state.is_chance()
    return game, state


def _picker(
    options: Mapping[str, Any], played: int = 0
) -> tuple[RailroadInk, RailroadInkState, ChancePicker]:
    game, state = _at_round(options, played)
    picker = game.chance_picker(state, [f"P{p}" for p in range(game.num_players)])
    return game, state, picker


def _pick_of(outcome: Roll | UnderRoll, picker: ChancePicker) -> list[list[str]]:
    """The pick a person makes for a roll: one face per die, the dice in order."""
    faces = list(outcome.faces)
    assert len(faces) == len(picker.questions)
    return [[face] for face in faces]


def _titles(picker: ChancePicker) -> list[str]:
    return [question.title for question in picker.questions]


@pytest.mark.parametrize(
    ("options", "titles"),
    [
        ({"players": 1}, SURFACE_TITLES),
        ({"players": 2, "expansions": ("lava",)}, SURFACE_TITLES + LAVA_TITLES),
        ({"players": 1, "expansions": ("meteor",)}, SURFACE_TITLES + METEOR_TITLES),
        (
            {"players": 1, "expansions": ("lava", "meteor")},
            SURFACE_TITLES + LAVA_TITLES + METEOR_TITLES,
        ),
        ({"players": 1, "expansions": ("underground",)}, SURFACE_TITLES),
    ],
)
def test_a_surface_roll_asks_each_die_in_turn(options: dict[str, Any], titles: list[str]) -> None:
    _game, _state, picker = _picker(options)
    assert _titles(picker) == titles
    assert picker.prefix == "roll"
    assert all(q.count == 1 and not q.code for q in picker.questions)
    faces = {
        "Route": ROUTE_FACES,
        "Station": STATION_FACES,
        "Lava": LAVA_FACES,
        "Direction": DIRECTION_FACES,
        "Distance": DISTANCE_FACES,
    }
    for question in picker.questions:
        codes = tuple(c.code for c in question.choices)
        assert codes == faces[question.title.split()[0]], question.title


def test_the_title_says_which_round_and_board() -> None:
    assert _picker({"players": 1})[2].title == "Round 1 of 7: what do the dice show?"
    _game, _state, under = _picker({"players": 1, "expansions": ("underground",)}, played=1)
    assert under.title == "Round 2 of 14, underground: what do the underground dice show?"
    _game, _state, surface = _picker({"players": 1, "expansions": ("underground",)}, played=2)
    assert surface.title == "Round 3 of 14, on the surface: what do the dice show?"


@pytest.mark.parametrize(
    ("options", "played"),
    [
        ({"players": 1, "expansions": ("underground",)}, 1),
        ({"players": 2, "expansions": ("underground",)}, 3),
        ({"players": 1, "variant": "underground-standalone"}, 0),
        ({"players": 1, "variant": "underground-standalone"}, 4),
    ],
)
def test_an_underground_round_asks_the_four_underground_dice(
    options: dict[str, Any], played: int
) -> None:
    game, state, picker = _picker(options, played)
    assert game.layer_of(state.round + 1) == "underground"
    assert _titles(picker) == UNDER_TITLES
    for question, faces in zip(picker.questions, DICE_FACES, strict=True):
        assert [c.code for c in question.choices] == list(faces)


@pytest.mark.parametrize(
    ("options", "played"),
    [
        ({"players": 1}, 0),
        ({"players": 3, "expansions": ("lava",)}, 2),
        ({"players": 1, "expansions": ("meteor",)}, 1),
        ({"players": 1, "expansions": ("lava", "meteor")}, 0),
        ({"players": 1, "expansions": ("underground",)}, 0),
        ({"players": 1, "expansions": ("underground",)}, 1),
        ({"players": 1, "variant": "underground-standalone"}, 0),
    ],
)
def test_every_roll_can_be_picked(options: dict[str, Any], played: int) -> None:
    """Each possible roll, picked die by die, is read back as that roll."""
    game, state, picker = _picker(options, played)
    outcomes = [outcome for outcome, _odds in state.chance_outcomes()]
    for outcome in outcomes:
        assert isinstance(outcome, Roll | UnderRoll)
        text = picker.outcome(_pick_of(outcome, picker))
        assert game.parse_outcome(text) == outcome, text


@pytest.mark.parametrize(
    ("options", "played"),
    [
        ({"players": 1}, 0),
        ({"players": 1, "expansions": ("lava",)}, 0),
        ({"players": 1, "expansions": ("meteor",)}, 0),
        ({"players": 1, "expansions": ("underground",)}, 1),
        ({"players": 1, "variant": "underground-standalone"}, 0),
    ],
)
def test_every_pick_is_a_possible_roll(options: dict[str, Any], played: int) -> None:
    """Any face of each die, in any combination: the game takes it as a roll of this
    round, with the odds of a real throw."""
    game, state, picker = _picker(options, played)
    possible = {str(outcome) for outcome, _odds in state.chance_outcomes()}
    rows = [[c.code for c in q.choices] for q in picker.questions]
    for pick in product(*rows):
        text = picker.outcome([[code] for code in pick])
        assert str(game.parse_outcome(text)) in possible, text
    after = state.clone()
    after.apply_chance(picker.outcome([[row[0]] for row in rows]))
    assert after.round == state.round + 1 and not after.is_chance()


def test_a_pick_of_the_dice_in_any_order_reads_the_same() -> None:
    """Which route die shows which face does not matter: the roll is written sorted."""
    game, _state, picker = _picker({"players": 1})
    one = picker.outcome([["RT"], ["HS"], ["HC"], ["SC"]])
    other = picker.outcome([["HC"], ["RT"], ["HS"], ["SC"]])
    assert str(game.parse_outcome(one)) == str(game.parse_outcome(other)) == "roll HS HC RT SC"


@pytest.mark.parametrize(
    ("options", "played"),
    [
        ({"players": 1, "expansions": ("lava", "meteor")}, 0),
        ({"players": 1, "expansions": ("underground",)}, 1),
    ],
)
def test_every_face_is_a_picture_named_in_words(options: dict[str, Any], played: int) -> None:
    _game, _state, picker = _picker(options, played)
    for question in picker.questions:
        captions = [c.picture.caption for c in question.choices]
        assert len(set(captions)) == len(captions), question.title
        for choice in question.choices:
            svg, caption = choice.picture.svg, choice.picture.caption
            assert svg is not None and svg.startswith("<svg"), choice.code
            assert not set(re.findall(r"\w+", caption)) & CODES, caption
            assert re.fullmatch(r"[a-z0-9 T-]+", caption), caption  # words, not codes


def test_the_meteor_dice_are_drawn_and_named() -> None:
    _game, _state, picker = _picker({"players": 1, "expansions": ("meteor",)})
    direction, distance = picker.questions[-2:]
    assert [c.picture.caption for c in direction.choices] == [
        "north",
        "east",
        "south",
        "west",
        "each player chooses",
    ]
    assert [c.picture.caption for c in distance.choices] == ["1 square", "2 squares", "3 squares"]
    assert ">2</text>" in (distance.choices[1].picture.svg or "")


def test_the_picker_speaks_the_readers_language() -> None:
    with language("de"):
        _game, _state, picker = _picker({"players": 1, "expansions": ("lava",)})
    english = _picker({"players": 1, "expansions": ("lava",)})[2]
    assert picker.title != english.title
    assert _titles(picker) != _titles(english)
    captions = [c.picture.caption for q in picker.questions for c in q.choices]
    assert captions != [c.picture.caption for q in english.questions for c in q.choices]
