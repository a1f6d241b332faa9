"""The pictures an assistant room shows for Metro's draws: each draw offers exactly what
may be drawn now (tiles in the pile, central pieces not yet laid, shares in the stack,
numbers not yet dealt), each pick reads back as that outcome, and every word under a
picture is plain words, never notation."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

import pytest

import linecraft
from linecraft.core.game import ChancePicker
from linecraft.core.i18n import language
from linecraft.games.metro.actions import Draw
from linecraft.games.metro.game import Metro
from linecraft.games.metro.rules import MetroState
from linecraft.games.metro.tiles import CENTRAL_PIECES, COPIES, rotate
from tests.games.metro.test_words import NOTATION

NAMES = ["Ann", "Bea", "Cy", "Dan", "Eve", "Flo"]  # the seats' names, as a room gives them

OPTION_SETS: list[Mapping[str, Any]] = [
    {"players": 2},
    {"players": 4, "free_rotation": True, "hand_size": 2},
    {"players": 4, "modules": (1,)},
    {"players": 3, "modules": (1, 3, 4)},
    {"players": 2, "modules": (3,), "central_track_rotation": "fixed"},
    {"players": 5, "modules": (1, 2, 4)},
]
IDS = [f"game{n}" for n in range(len(OPTION_SETS))]
KINDS = {"tile", "drawn", "centre", "share", "open", "number"}


def _load(**options: Any) -> Metro:
    game = linecraft.load("metro", **options)
    assert isinstance(game, Metro)
    return game


def _draws(game: Metro, seed: int) -> Iterator[MetroState]:
    """Every state of a random game where a draw is due; seats draw to place at once
    now and then, so that kind of draw comes too."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    assert isinstance(state, MetroState)
    while not state.is_terminal():
        if state.is_chance():
            yield state
            state.advance()
            continue
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        draws = [a for a in legal if isinstance(a, Draw)]
        state.apply(player, draws[0] if draws and rng.random() < 0.3 else rng.choice(legal))


@cache
def _seen(index: int) -> list[tuple[MetroState, ChancePicker]]:
    game = _load(**OPTION_SETS[index])
    return [(state.clone(), game.chance_picker(state, NAMES)) for state in _draws(game, index)]


def _possible(state: MetroState) -> set[str]:
    return {str(outcome) for outcome, _odds in state.chance_outcomes()}


@pytest.mark.parametrize("index", range(len(OPTION_SETS)), ids=IDS)
def test_each_draw_offers_exactly_what_may_be_drawn_now(index: int) -> None:
    """Each possible outcome is one picture, picked it reads back as itself, and
    nothing else is offered."""
    game = _load(**OPTION_SETS[index])
    for state, picker in _seen(index):
        (question,) = picker.questions
        assert question.count == 1
        picked = {str(game.parse_outcome(picker.outcome([[c.code]]))) for c in question.choices}
        assert picked == _possible(state)
        assert len(question.choices) == len(picked)


def test_every_kind_of_draw_has_a_picker() -> None:
    kinds = {state.pending[0][0] for index in range(len(OPTION_SETS)) for state, _ in _seen(index)}
    assert kinds == KINDS


@pytest.mark.parametrize("index", range(len(OPTION_SETS)), ids=IDS)
def test_titles_and_captions_are_words(index: int) -> None:
    for _state, picker in _seen(index):
        (question,) = picker.questions
        for text in (picker.title, question.title):
            assert text and not NOTATION.search(text), text
        for choice in question.choices:
            caption = choice.picture.caption
            assert caption and not NOTATION.search(caption), caption
            assert choice.code.isdigit() or choice.code not in caption  # a number is a word
            assert choice.picture.svg and choice.picture.svg.startswith("<svg")


def _first(game: Metro, kind: str) -> tuple[MetroState, ChancePicker]:
    for state in _draws(game, 0):
        if state.pending[0][0] == kind:
            return state, game.chance_picker(state, NAMES)
    raise AssertionError(f"no {kind} draw")


def test_the_deal_offers_all_24_tiles_with_the_copies_in_the_pile() -> None:
    _state, picker = _first(_load(players=2), "tile")
    (question,) = picker.questions
    assert picker.prefix == "tile"
    assert picker.title == "Ann was dealt a tile: which one?"
    assert question.title == "Tiles in the pile, as printed (arrow up)"
    assert sorted(c.code for c in question.choices) == sorted(COPIES)
    captions = {c.code: c.picture.caption for c in question.choices}
    assert captions["aaaa"] == "4 left"
    assert captions["dddd"] == "2 left"
    assert question.choices[0].code == "aaaa"  # in the order How to play shows them


def test_a_tile_gone_from_the_pile_is_not_offered() -> None:
    state, _picker = _first(_load(players=2), "tile")
    state.pile["dddd"] = 0
    state.pile["aaaa"] = 1
    (question,) = _load(players=2).chance_picker(state, NAMES).questions
    captions = {c.code: c.picture.caption for c in question.choices}
    assert "dddd" not in captions
    assert captions["aaaa"] == "1 left"


def test_a_tile_drawn_to_place_at_once_is_asked_as_such() -> None:
    game = _load(players=2)
    state, picker = _first(game, "drawn")
    assert picker.prefix == "tile"
    assert "to place at once" in picker.title
    code = picker.questions[0].choices[-1].code
    state.apply_chance(picker.outcome([[code]]))
    assert state.drawn == code


@pytest.mark.parametrize(("rotation", "offered"), [("random", 19), ("fixed", 8)])
def test_central_pieces_turned_every_distinct_way_when_laid_at_random(
    rotation: str, offered: int
) -> None:
    game = _load(players=2, modules=(3,), central_track_rotation=rotation)
    state, picker = _first(game, "centre")
    (question,) = picker.questions
    assert picker.prefix == "centre"
    assert "top-left quarter" in picker.title
    assert ("which way" in picker.title) == (rotation == "random")
    turns = range(4) if rotation == "random" else range(1)
    expected = {rotate(piece, k) for piece in CENTRAL_PIECES for k in turns}
    assert {c.code for c in question.choices} == expected
    assert len(question.choices) == offered
    captions = {c.code: c.picture.caption for c in question.choices}
    assert captions["CCCC"] == "Four tight curves"
    state.apply_chance(picker.outcome([["CCCC"]]))
    (question,) = game.chance_picker(state, NAMES).questions
    assert "CCCC" not in {c.code for c in question.choices}
    assert "bottom-right" not in game.chance_picker(state, NAMES).title
    assert "top-right quarter" in game.chance_picker(state, NAMES).title


def test_shares_dealt_and_turned_face_up_from_their_stack() -> None:
    game = _load(players=2, modules=(1,))
    state, picker = _first(game, "share")
    (question,) = picker.questions
    assert picker.prefix == "share"
    assert picker.title == "Ann was dealt a 10% share: which one?"
    assert question.title == "10% shares in the stack"
    assert len(question.choices) == 8
    assert [c.code for c in question.choices] == [f"{letter}10" for letter in "YBOGPKRW"]
    captions = {c.code: c.picture.caption for c in question.choices}
    assert captions["Y10"] == "Yellow 10% share"
    state.apply_chance(picker.outcome([["Y10"]]))
    assert "Y10" not in {c.code for c in game.chance_picker(state, NAMES).questions[0].choices}
    state, picker = _first(game, "open")
    assert picker.prefix == "open"
    assert picker.title == "A 10% share is turned face up beside its stack: which one?"
    assert len(picker.questions[0].choices) == 8 - 2  # two seats were dealt one each


def test_station_numbers_not_yet_dealt() -> None:
    game = _load(players=3, modules=(4,))
    state, picker = _first(game, "number")
    (question,) = picker.questions
    assert picker.prefix == "number"
    assert picker.title == "Ann was dealt a station number: which one?"
    assert [c.code for c in question.choices] == [str(n) for n in range(1, 33)]
    twelve = next(c for c in question.choices if c.code == "12")
    assert twelve.picture.caption == "Station 12"
    assert ">12</text>" in (twelve.picture.svg or "")
    state.apply_chance(picker.outcome([["12"]]))
    picker = game.chance_picker(state, NAMES)
    assert picker.title == "Bea was dealt a station number: which one?"
    assert "12" not in {c.code for c in picker.questions[0].choices}


def test_the_picker_speaks_the_room_language() -> None:
    """Czech counts 1 and 2–4 with different verbs: the count under a tile agrees."""
    game = _load(players=2)
    state, _picker = _first(game, "tile")
    state.pile["aaaa"], state.pile["aacb"] = 1, 3
    with language("cs"):
        picker = game.chance_picker(state, NAMES)
    captions = {c.code: c.picture.caption for c in picker.questions[0].choices}
    assert picker.title == "Ann dostává dlaždici: kterou?"
    assert (captions["aaaa"], captions["aacb"]) == ("zbývá 1", "zbývají 3")
