"""An assistant room's questions for Metromania's chance: the layout and the deal are put
together from pictures, every complete pick is a possible outcome and every possible
outcome can be picked."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import linecraft
from linecraft.core.errors import ActionSyntaxError
from linecraft.core.game import ChancePicker, ChanceQuestion
from linecraft.core.i18n import language
from linecraft.games.metromania import picker
from linecraft.games.metromania.game import Metromania
from linecraft.games.metromania.geometry import all_layouts
from linecraft.games.metromania.markers import Deal, Mode, valid_deals
from linecraft.games.metromania.notation import LayoutDraw
from linecraft.games.metromania.rules import MetromaniaState
from linecraft.games.metromania.svg import FILLS

NAMES = ("Ann", "Bea", "Cleo", "Dan")
NOTATION = re.compile(r"\d\.\d|=|\b[A-F][HWF]\b")


def game(**options: Any) -> Metromania:
    found = linecraft.load("metromania", **options)
    assert isinstance(found, Metromania)
    return found


def at_deal(**options: Any) -> tuple[Metromania, MetromaniaState]:
    """A game whose deal is due: the layout drawn, doubled types declared."""
    played = game(**options)
    state = played.new_state(3)
    state.advance()
    while not state.is_chance():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.pending_chance() == "deal"
    return played, state


def tokens(token: str) -> set[str]:
    """The things a choice uses up (space-separated)."""
    return set(token.split())


def every_pick(found: ChancePicker) -> Iterator[list[list[str]]]:
    """Every complete pick a person can make: each question's count of choices, no
    token used up twice across the questions."""

    def fill(index: int, taken: set[str], picks: list[list[str]]) -> Iterator[list[list[str]]]:
        if index == len(found.questions):
            yield picks
            return
        question = found.questions[index]
        yield from choose(question, 0, question.count, taken, [], index, picks)

    def choose(
        question: ChanceQuestion,
        start: int,
        left: int,
        taken: set[str],
        chosen: list[str],
        index: int,
        picks: list[list[str]],
    ) -> Iterator[list[list[str]]]:
        if left == 0:
            yield from fill(index + 1, taken, [*picks, chosen])
            return
        for number in range(start, len(question.choices)):
            choice = question.choices[number]
            used = tokens(choice.token)
            if used & taken:
                continue
            yield from choose(
                question, number + 1, left - 1, taken | used, [*chosen, choice.code], index, picks
            )

    yield from fill(0, set(), [])


def picked_deals(played: Metromania, found: ChancePicker) -> list[Deal]:
    deals = []
    for pick in every_pick(found):
        outcome = played.parse_outcome(found.outcome(pick))
        assert isinstance(outcome, Deal)
        deals.append(outcome)
    return deals


# --- the layout --------------------------------------------------------------------------------
def test_the_layout_asks_each_place_for_one_of_eighteen_districts() -> None:
    played = game(players=4)
    found = played.chance_picker(played.new_state(0), NAMES)
    assert found is not None and found.prefix == "layout"
    assert len(found.questions) == 6
    assert len({q.title for q in found.questions}) == 6
    assert found.questions[0].title == "The district on the upper right side"
    codes = [f"{d}.{o}" for d in range(1, 7) for o in range(3)]
    for question in found.questions:
        assert question.count == 1
        assert [c.code for c in question.choices] == codes
        assert [c.token for c in question.choices] == [f"district{c[0]}" for c in codes]


def test_every_layout_can_be_picked_and_reads_back() -> None:
    found = picker.layout_picker()
    layouts = random.Random(1).sample(all_layouts(), 3000)
    layouts += [
        tuple((d, 0) for d in range(1, 7)),
        ((3, 1), (6, 2), (1, 0), (5, 1), (2, 2), (4, 0)),
    ]
    for layout in layouts:
        text = found.outcome([[f"{d}.{o}"] for d, o in layout])
        assert game(players=4).parse_outcome(text) == LayoutDraw(layout)


def test_every_layout_pick_is_a_layout_of_the_game() -> None:
    """Picks at random as a person makes them: a district once; each is one of the
    524,880 outcomes."""
    played = game(players=3)
    state = played.new_state(0)
    possible = {str(outcome) for outcome, _odds in state.chance_outcomes()}
    found = played.chance_picker(state, NAMES)
    assert found is not None
    rng = random.Random(2)
    for _try in range(500):
        taken: set[str] = set()
        pick = []
        for question in found.questions:
            choice = rng.choice([c for c in question.choices if c.token not in taken])
            taken.add(choice.token)
            pick.append([choice.code])
        assert str(played.parse_outcome(found.outcome(pick))) in possible


def test_a_district_is_drawn_as_it_lies_in_its_place() -> None:
    """Its Spots in their colours (the Lake's two cells for district 1), each turn and
    each place a different picture."""
    found = picker.layout_picker()
    first = {c.code: c.picture.svg or "" for c in found.questions[0].choices}
    lake = first["1.0"]
    assert lake.count(FILLS["lake"]) == 2 and lake.count(FILLS["park"]) == 0
    assert all(lake.count(FILLS[kind]) == 1 for kind in "HWF")
    assert first["4.2"].count(FILLS["park"]) == 2
    assert len(set(first.values())) == 18
    second = {c.code: c.picture.svg for c in found.questions[1].choices}
    assert all(second[code] != first[code] for code in first)


# --- the deal ----------------------------------------------------------------------------------
def test_two_companies_each_pick_one_of_two_sets() -> None:
    played, state = at_deal(players=2)
    found = played.chance_picker(state, NAMES)
    assert found is not None and found.prefix == "deal"
    assert [q.title for q in found.questions] == [
        "Red's destinations (Ann)",
        "Blue's destinations (Bea)",
        "Green's destinations (Ann)",
        "Yellow's destinations (Bea)",
    ]
    assert [len(q.choices) for q in found.questions] == [2, 2, 2, 2]
    assert found.questions[0].choices[0].picture.caption == "A (House), B (Work), C (Fun)"
    deals = picked_deals(played, found)
    assert sorted(map(str, deals)) == sorted(map(str, valid_deals(played.mode)))


def test_six_destinations_ask_which_marker_of_each_letter_the_first_company_holds() -> None:
    played, state = at_deal(players=2, two_player_mode="six-destinations")
    found = played.chance_picker(state, NAMES)
    assert found is not None
    assert found.title.startswith("The destinations Red (Ann) holds; Blue (Bea) holds")
    assert [q.title for q in found.questions] == [f"Red's destination {x}" for x in "ABCDEF"]
    assert [c.picture.caption for c in found.questions[0].choices] == ["A (House)", "A (Work)"]
    deals = picked_deals(played, found)
    assert len(deals) == 64
    assert sorted(map(str, deals)) == sorted(map(str, valid_deals(played.mode)))


@pytest.mark.parametrize(("players", "doubles"), [(4, ()), (3, ("W", "F", "H"))])
def test_three_and_four_players_pick_each_company_s_markers_by_type(
    players: int, doubles: tuple[str, ...]
) -> None:
    """A row of markers per company and type, each marker used once and a letter once
    per hand (a choice uses up two tokens): the picks are exactly the valid deals."""
    mode = Mode(players)
    found = picker.deal_picker(mode, doubles, NAMES)
    assert found is not None
    assert len(found.questions) == 3 * mode.companies
    assert found.questions[0].title == "Red's House destination (Ann)"
    counts = [q.count for q in found.questions]
    assert sum(counts) == 12
    if players == 3:
        assert found.questions[1].title == "Red's two Work destinations (Ann)" and counts[1] == 2
    deals = picked_deals(game(players=players), found)
    assert len(deals) == len(set(deals))
    assert set(deals) == set(valid_deals(mode, doubles))


def test_a_deal_may_name_a_company_more_than_once() -> None:
    played = game(players=2, two_player_mode="six-destinations")
    text = "deal 0=AH 1=AW 0=BW 1=BF 0=CF 1=CH 1=DH 0=DF 0=EW 1=EF 1=FH 0=FW"
    assert str(played.parse_outcome(text)) == ("deal 0=AH,BW,EW,FW,CF,DF 1=CH,DH,FH,AW,BF,EF")
    with pytest.raises(ActionSyntaxError):
        played.parse_outcome("deal 1=AH 2=AW")
    with pytest.raises(ActionSyntaxError):
        played.parse_outcome("deal 0=AH 01=AW")


# --- words -------------------------------------------------------------------------------------
def all_pickers() -> Iterator[ChancePicker]:
    yield picker.layout_picker()
    for options in ({"players": 2}, {"players": 2, "two_player_mode": "six-destinations"}):
        played, state = at_deal(**options)
        found = played.chance_picker(state, NAMES)
        assert found is not None
        yield found


def test_titles_and_captions_are_words_never_notation() -> None:
    for found in all_pickers():
        texts = [found.title, *(q.title for q in found.questions)]
        texts += [c.picture.caption for q in found.questions for c in q.choices]
        assert all(text and not NOTATION.search(text) for text in texts), texts


def test_the_words_are_translated() -> None:
    english = [c.picture.caption for c in picker.layout_picker().questions[0].choices]
    with language("fr"):
        found = picker.layout_picker()
    french = [c.picture.caption for c in found.questions[0].choices]
    assert found.questions[0].title != "The district on the upper right side"
    assert french[1] != english[1] and french[1].count("1") == 1
