"""How to play Next Station: London, the reference beside the map, and the score rows'
help: four pages (the game, solo, module A, module B) drawn by the game's own renderer
from positions the rules engine accepts (and tries it refuses, for the reasons the
captions give), examples scored by the scorer with the totals of the rules' worked
example; the cards of the round not flipped yet, never the deck's order; a line of help
for every score row a finished game shows, and for no other."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import linecraft
from linecraft.bots import make_bot
from linecraft.core.errors import IllegalActionError
from linecraft.core.game import HelpPage, Picture
from linecraft.games.next_station_london import help as london_help
from linecraft.games.next_station_london import words
from linecraft.games.next_station_london.deck import CARDS, UNDERGROUND_PER_ROUND
from linecraft.games.next_station_london.game import NextStationLondon
from linecraft.games.next_station_london.rules import NextStationLondonState
from linecraft.games.next_station_london.scoring import score_sheet
from linecraft.games.next_station_london.sheet import sheet_problems
from linecraft.server.helppages import help_page
from tests.games.next_station_london.test_words import NOTATION

POWERS = ("double", "joker", "switch", "circle")  # purple, blue, pink, green
# Finished games whose score cards together show every kind of row.
FINISHED: dict[str, dict[str, Any]] = {
    "two players": {"players": 2},
    "solo, both modules": {"players": 1, "objectives": True, "powers": True},
    "three players, objectives": {"players": 3, "objectives": True},
}


@cache
def _pages() -> tuple[HelpPage, ...]:
    return tuple(london_help.pages())


def _pictures() -> Iterator[Picture]:
    for page in _pages():
        for section in page.sections:
            yield from section.pictures


def _texts() -> Iterator[str]:
    for page in _pages():
        yield page.title
        for section in page.sections:
            yield section.title
            yield from section.paragraphs
            yield from (picture.caption for picture in section.pictures)


def _game(**options: Any) -> NextStationLondon:
    game = linecraft.load("next-station-london", **options)
    assert isinstance(game, NextStationLondon)
    return game


def _finished(options: dict[str, Any], seed: int = 3) -> NextStationLondonState:
    """A whole game played by bots (greedy seat 0, random others)."""
    game = _game(**options)
    bots = [make_bot("greedy" if p == 0 else "random", seed + p) for p in range(game.num_players)]
    state = game.new_state(seed)
    assert isinstance(state, NextStationLondonState)
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
        else:
            player = state.to_act()[0]
            state.apply_unchecked(player, bots[player].choose(state, player))
    return state


# --- the pages --------------------------------------------------------------------------
def test_the_game_comes_first_then_solo_and_each_module() -> None:
    pages = _pages()
    assert [page.key for page in pages] == ["base", "solo", "module-a", "module-b"]
    assert all(page.sections and page.title for page in pages)
    assert all(s.paragraphs or s.pictures for page in pages for s in page.sections)
    assert linecraft.game_info("next-station-london").help is london_help.pages


def test_every_picture_is_an_svg_drawing_of_the_game_with_words() -> None:
    pictures = list(_pictures())
    assert len(pictures) >= 15
    for picture in pictures:
        assert picture.svg is not None and picture.caption
        root = ET.fromstring(picture.svg)  # well formed, one drawing
        assert root.tag.endswith("svg") and root.get("viewBox")
    maps = [p for p in pictures if "#9ccbe8" in (p.svg or "")]  # the Thames: a map
    assert len(maps) >= 10


def test_the_words_are_for_players_not_notation_or_rule_codes() -> None:
    for text in _texts():
        assert not NOTATION.search(text), text
        assert "§" not in text and not re.search(r"\b[OP]\d+\b", text), text


def test_the_whole_page_stays_small() -> None:
    assert len(help_page("next-station-london", "en").encode()) < 1_500_000


def test_the_tries_are_judged_by_the_rules_as_the_captions_say() -> None:
    game = london_help.load_game()
    state = london_help.played(game, london_help.TRIES_TURNS)
    state.apply_chance(london_help.TRIES_CARD)
    legal = {str(action) for action in state.legal_actions(0)}
    assert london_help.ALLOWED in legal
    reasons = {}
    for move in (london_help.CROSSING, london_help.NOT_FROM_AN_END):
        assert move not in legal
        with pytest.raises(IllegalActionError) as refused:
            state.check(0, game.parse_action(move))
        reasons[move] = str(refused.value)
    assert "crosses" in reasons[london_help.CROSSING]
    assert "is not an end" in reasons[london_help.NOT_FROM_AN_END]


def test_the_switch_lets_the_line_branch_where_it_could_not_before() -> None:
    game = london_help.load_game()
    state = london_help.played(game, london_help.SWITCH_TURNS)
    before_switch = state.clone()
    assert isinstance(before_switch, NextStationLondonState)
    before_switch.apply_chance(london_help.SWITCH_CARDS[1])
    for card in london_help.SWITCH_CARDS:
        state.apply_chance(card)
    assert state.switch_turn
    assert london_help.BRANCH in {str(a) for a in state.legal_actions(0)}
    assert london_help.BRANCH not in {str(a) for a in before_switch.legal_actions(0)}


@pytest.mark.parametrize("power", sorted(london_help.POWER_TRIES))
def test_each_power_picture_is_a_move_only_that_power_allows(power: str) -> None:
    turns, card, move = london_help.POWER_TRIES[power]
    game = london_help.power_game(power)
    state = london_help.played(game, turns)
    state.apply_chance(card)
    assert state.power_of(0) == power
    assert move in {str(a) for a in state.legal_actions(0)}
    plain = _game(order=("green", "purple", "blue", "pink"), solo=False)
    without = london_help.played(plain, turns)
    without.apply_chance(card)
    sections = move.split()[1:]
    assert " ".join(sections) not in {str(a) for a in without.legal_actions(0)}


def _captions(key: str) -> list[str]:
    (page,) = (p for p in _pages() if p.key == key)
    return [picture.caption for s in page.sections for picture in s.pictures]


def test_the_example_sheets_are_valid_sheets() -> None:
    for objectives in (False, True):
        for circle in (False, True):
            sheet = london_help.example_sheet(objectives=objectives, circle=circle)
            assert sheet_problems(sheet) == []


def test_the_scored_example_is_the_scorers_and_the_rules_worked_example() -> None:
    game = _game(players=1, solo=True, objectives=("central9", "thames6"), powers=True)
    card = game.score_position(london_help.example_sheet(objectives=True, circle=True))
    assert (card["total"], card["solo_score"]) == (145, 125)  # the rules' worked example
    plain = score_sheet(london_help.example_sheet())
    base = _captions("base")
    assert (
        f"lines {plain.line_points} + tourist sites {plain.tourist_points} + interchanges "
        f"{plain.interchange_points} = {plain.total} points" in " ".join(base)
    )
    assert plain.total == card["total"] - 6 - 20  # less the circle's 6 and the objectives
    assert any(
        f"{card['total']} points, less 20 for the modules, gives 125" in c
        for c in _captions("solo")
    )
    assert any("4 × 4 + 2 × 3 = 22 points" in caption for caption in base)  # purple, round 1
    assert any("scores 38 instead of 32" in caption for caption in _captions("module-b"))
    assert any("20 points more" in caption for caption in _captions("module-a"))


# --- score rows ---------------------------------------------------------------------------
def test_every_score_row_of_finished_games_has_help_and_every_help_a_row() -> None:
    help_rows = _game().score_help()
    shown: set[str] = set()
    for name, options in FINISHED.items():
        state = _finished(options)
        game = state.rules
        rows = [game.score_rows(card) for card in state.scores().values()]
        assert len({tuple(label for label, _ in seat) for seat in rows}) == 1, name
        shown |= {label for seat in rows for label, _ in seat}
    assert shown == set(help_rows)
    assert all(text and not NOTATION.search(text) for text in help_rows.values())


# --- reference ----------------------------------------------------------------------------
def _titles(
    game: NextStationLondon, state: NextStationLondonState, player: int | None
) -> list[str]:
    return [reference.title for reference in game.reference(state, player)]


def test_the_cards_left_are_this_rounds_unflipped_cards_and_the_underground_to_come() -> None:
    game = _game(players=2, objectives=("tourist5", "thames6"), powers=True)
    state = game.new_state(7)
    assert isinstance(state, NextStationLondonState)
    assert game.reference(state, 0) == []  # the powers are not dealt yet
    state.advance()
    for card in ("street-switch", "under-joker"):  # the switch first: set aside
        state.apply_chance(card)
    cards_left = game.reference(state, 0)[0]
    assert cards_left.title == words.CARDS_LEFT_TITLE
    count, *cards = cards_left.items
    assert count.caption == f"{UNDERGROUND_PER_ROUND - 1} Underground cards still to come."
    flipped = {"street-switch", "under-joker"}
    assert [c.caption for c in cards] == [
        words.CARD_WORDS[card.name] for card in CARDS if card.name not in flipped
    ]
    assert all(c.svg and c.svg.startswith("<svg") for c in cards)


def test_the_reference_never_tells_the_deck_order_nor_differs_but_by_the_seats_pencils() -> None:
    game = _game(players=2, objectives=("tourist5", "thames6"), powers=POWERS)
    seen = []
    for seed in (1, 2):  # different decks to come, the same cards flipped so far
        state = game.new_state(seed)
        assert isinstance(state, NextStationLondonState)
        state.apply_chance("under-square")
        seen.append(game.reference(state, 0))
    assert seen[0] == seen[1]
    assert _titles(game, state, None) == [
        words.CARDS_LEFT_TITLE,
        "Shared objectives, 10 points each",
    ]
    mine, theirs = (game.reference(state, p) for p in (0, 1))
    assert [r.title for r in mine] == [r.title for r in theirs]
    different = [a.title for a, b in zip(mine, theirs, strict=True) if a != b]
    assert different == [words.PENCILS_TITLE]  # each seat's own colour order


def test_the_pencils_show_the_seats_colours_round_by_round_with_their_powers() -> None:
    game = _game(
        players=2,
        order=("pink", "green", "purple", "blue"),
        powers=("double", "joker", "switch", "circle"),
    )
    state = game.new_state(1)
    assert isinstance(state, NextStationLondonState)
    state.apply_chance("under-square")
    (pencils,) = (r for r in game.reference(state, 1) if r.title == words.PENCILS_TITLE)
    assert [p.caption for p in pencils.items] == [
        "Round 1, now: green, circle",
        "Round 2: purple, double section",
        "Round 3: blue, joker",
        "Round 4: pink, switch",
    ]


def test_the_last_turn_of_a_round_says_so() -> None:
    game = _game(players=1, solo=False, order=("purple", "blue", "pink", "green"))
    state = game.new_state(1)
    assert isinstance(state, NextStationLondonState)
    for card in ("under-square", "under-circle", "under-triangle", "under-pentagon"):
        state.apply_chance(card)
        state.apply(0, "pass")
    state.apply_chance("under-joker")
    count = game.reference(state, 0)[0].items[0]
    assert count.caption == "This is the last turn of the round."
    assert len(game.reference(state, 0)[0].items) == 1 + len(CARDS) - UNDERGROUND_PER_ROUND


def test_a_finished_game_has_nothing_left_to_look_up() -> None:
    state = _finished(FINISHED["two players"])
    assert state.rules.reference(state, 0) == []
