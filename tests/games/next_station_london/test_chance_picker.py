"""An assistant room's chance picker: the card flipped at a real table and each setup
draw (the solo colour order, the shared objectives, the power cards) put together from
pictures, every outcome possible now pickable and every complete pick a possible one."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence

import linecraft
from linecraft.core.game import ChancePicker, Outcome
from linecraft.core.i18n import language
from linecraft.games.next_station_london.deck import (
    CARDS,
    OBJECTIVES,
    POWERS,
    Card,
    ObjectiveDraw,
    Order,
    PowerDraw,
)
from linecraft.games.next_station_london.game import NextStationLondon
from linecraft.games.next_station_london.london import COLOURS
from linecraft.games.next_station_london.rules import NextStationLondonState
from tests.games.next_station_london.helpers import finish_round, game_for

NAMES = ["Ann", "Bea", "Cy", "Dan", "Eve", "Flo"]  # the seats' names, as a room gives them

# Card names (under-joker), objective ids (thames6), power and colour codes.
NOTATION = re.compile(r"\b(under|street)-|[a-z]+\d\b|=")


def setup_game() -> tuple[NextStationLondon, NextStationLondonState]:
    """A solo game with both modules: all three setup draws still to come."""
    game = linecraft.load("next-station-london", players=1, objectives=True, powers=True)
    assert isinstance(game, NextStationLondon)
    state = game.new_state(0)
    assert isinstance(state, NextStationLondonState)
    return game, state


def pick_of(outcome: Outcome) -> list[list[str]]:
    """The choices a person picks for `outcome`, question by question."""
    if isinstance(outcome, Card):
        return [[outcome.name]]
    if isinstance(outcome, Order):
        return [[colour] for colour in outcome.colours]
    if isinstance(outcome, ObjectiveDraw):
        return [list(outcome.names)]
    assert isinstance(outcome, PowerDraw)
    return [[power] for power in outcome.powers]


def allowed(picker: ChancePicker, picks: Sequence[Sequence[str]]) -> bool:
    """Whether the client lets a person make these picks: the count of each question,
    from its choices, no token twice."""
    tokens: list[str] = []
    for question, codes in zip(picker.questions, picks, strict=True):
        by_code = {choice.code: choice for choice in question.choices}
        if len(codes) != question.count or any(code not in by_code for code in codes):
            return False
        tokens += [by_code[code].token for code in codes if by_code[code].token]
    return len(tokens) == len(set(tokens))


def every_pick(picker: ChancePicker) -> Iterator[list[list[str]]]:
    """Every complete pick the client allows (a question's choices in any order)."""
    per_question = [
        [list(codes) for codes in itertools.permutations([c.code for c in q.choices], q.count)]
        for q in picker.questions
    ]
    for picks in itertools.product(*per_question):
        if allowed(picker, picks):
            yield list(picks)


def assert_outcomes_match_picks(game: NextStationLondon, state: NextStationLondonState) -> None:
    """Every possible outcome is pickable, and every pick is a possible outcome."""
    picker = game.chance_picker(state, NAMES)
    possible = {str(outcome) for outcome, _odds in state.chance_outcomes()}
    for outcome, _odds in state.chance_outcomes():
        pick = pick_of(outcome)
        assert allowed(picker, pick), outcome
        assert str(game.parse_outcome(picker.outcome(pick))) == str(outcome)
    picked = {str(game.parse_outcome(picker.outcome(p))) for p in every_pick(picker)}
    assert picked == possible


def captions(picker: ChancePicker) -> list[str]:
    return [choice.picture.caption for q in picker.questions for choice in q.choices]


def assert_in_words(picker: ChancePicker) -> None:
    """Titles and captions are words, never the notation; every choice has a picture."""
    words = [picker.title, *(q.title for q in picker.questions), *captions(picker)]
    assert all(text and not NOTATION.search(text) for text in words), words
    codes = {choice.code for q in picker.questions for choice in q.choices}
    assert not codes & set(captions(picker))
    assert all(
        choice.picture.svg and choice.picture.svg.startswith("<svg")
        for q in picker.questions
        for choice in q.choices
    )


def test_the_colour_order_is_four_pencils_each_once() -> None:
    game, state = setup_game()
    picker = game.chance_picker(state, NAMES)
    assert picker.prefix == "order"
    assert [q.title for q in picker.questions] == [
        "First pencil",
        "Second pencil",
        "Third pencil",
        "Fourth pencil",
    ]
    for question in picker.questions:
        assert [(c.code, c.token) for c in question.choices] == [(c, c) for c in COLOURS]
        assert [c.picture.caption for c in question.choices] == [
            "Purple pencil",
            "Blue pencil",
            "Pink pencil",
            "Green pencil",
        ]
    assert picker.outcome([["pink"], ["blue"], ["green"], ["purple"]]) == (
        "order pink blue green purple"
    )
    assert_outcomes_match_picks(game, state)
    assert_in_words(picker)


def test_the_shared_objectives_are_two_cards_picked_in_any_order() -> None:
    game, state = setup_game()
    state.apply_chance("order pink blue green purple")
    picker = game.chance_picker(state, NAMES)
    (question,) = picker.questions
    assert (picker.prefix, question.count, question.joiner) == ("objectives", 2, " ")
    assert [c.code for c in question.choices] == list(OBJECTIVES)
    assert "All 5 tourist sites" in captions(picker)
    text = picker.outcome([["thames6", "central9"]])
    assert text == "objectives thames6 central9"
    assert game.parse_outcome(text) == ObjectiveDraw(("central9", "thames6"))
    assert_outcomes_match_picks(game, state)
    assert_in_words(picker)


def test_the_powers_are_one_card_per_pencil_each_once() -> None:
    game, state = setup_game()
    state.apply_chance("order pink blue green purple")
    state.apply_chance("objectives central9 thames6")
    picker = game.chance_picker(state, NAMES)
    assert picker.prefix == "powers"
    assert [(q.title, q.code) for q in picker.questions] == [
        ("Purple pencil", "purple="),
        ("Blue pencil", "blue="),
        ("Pink pencil", "pink="),
        ("Green pencil", "green="),
    ]
    for question in picker.questions:
        assert [(c.code, c.token) for c in question.choices] == [(p, p) for p in POWERS]
    assert captions(picker)[:4] == ["Double section", "Joker", "Switch", "Circle"]
    text = picker.outcome([["joker"], ["circle"], ["double"], ["switch"]])
    assert text == "powers purple=joker blue=circle pink=double green=switch"
    assert game.parse_outcome(text) == PowerDraw(("joker", "circle", "double", "switch"))
    assert not allowed(picker, [["joker"], ["joker"], ["double"], ["switch"]])
    assert_outcomes_match_picks(game, state)
    assert_in_words(picker)


def test_the_card_flipped_is_one_of_those_left_this_round() -> None:
    state = game_for("blue")
    game = state.rules
    picker = game.chance_picker(state, NAMES)
    (question,) = picker.questions
    assert [c.code for c in question.choices] == [card.name for card in CARDS]
    assert "Underground joker" in captions(picker) and "the Switch" in captions(picker)
    assert_outcomes_match_picks(game, state)
    assert_in_words(picker)
    for card in ("street-switch", "under-circle", "street-joker"):
        state.apply_chance(card)
        if not state.is_chance():
            state.apply(0, "pass")
    left = [c.code for c in game.chance_picker(state, NAMES).questions[0].choices]
    assert len(left) == len(CARDS) - 3 and "under-circle" not in left
    assert_outcomes_match_picks(game, state)


def test_a_new_round_offers_the_whole_deck_again() -> None:
    state = game_for("green")
    finish_round(state)
    assert state.round == 1 and state.is_chance()
    picker = state.rules.chance_picker(state, NAMES)
    assert len(picker.questions[0].choices) == len(CARDS)
    assert_outcomes_match_picks(state.rules, state)


def test_the_picker_reads_in_the_readers_language() -> None:
    game, state = setup_game()
    english = game.chance_picker(state, NAMES)
    with language("de"):
        german = game.chance_picker(state, NAMES)
    assert german.title != english.title
    assert captions(german) != captions(english)
    assert german.outcome([["green"], ["pink"], ["blue"], ["purple"]]) == (
        "order green pink blue purple"
    )
