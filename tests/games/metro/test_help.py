"""How to play Metro, the room's reference and the score rows' help: every page has
sections in words with pictures drawn by Metro's renderer; the examples' numbers are
the scorer's; the placing examples are what the engine allows; the reference counts
the tiles a seat has not seen and never shows another seat's hand or shares."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

import linecraft
from linecraft.core.game import HelpPage, Picture
from linecraft.games.metro import help as metro_help
from linecraft.games.metro import words
from linecraft.games.metro.board import square
from linecraft.games.metro.game import Metro
from linecraft.games.metro.rules import MetroState
from linecraft.games.metro.scoring import score_table
from linecraft.games.metro.tables import COMPANIES, PERCENTAGES
from linecraft.games.metro.tiles import COPIES, DESIGN_COPIES
from linecraft.server.helppages import help_page

SVG = "{http://www.w3.org/2000/svg}svg"


def _load(**options: Any) -> Metro:
    game = linecraft.load("metro", **{"players": 4, **options})
    assert isinstance(game, Metro)
    return game


@pytest.fixture(scope="module")
def pages() -> list[HelpPage]:
    return list(metro_help.pages())


def _pictures(pages: list[HelpPage]) -> list[Picture]:
    return [p for page in pages for s in page.sections for p in s.pictures]


def _picture(pages: list[HelpPage], key: str, start: str) -> Picture:
    """The picture of page `key` whose caption starts with `start`."""
    page = next(p for p in pages if p.key == key)
    return next(p for s in page.sections for p in s.pictures if p.caption.startswith(start))


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


# --- the pages --------------------------------------------------------------------------
def test_the_base_game_comes_first_then_one_page_per_module(pages: list[HelpPage]) -> None:
    assert [p.key for p in pages] == ["base", "module-1", "module-2", "module-3", "module-4"]
    for page in pages:
        assert page.sections, page.key
        for section in page.sections:
            assert section.title and section.paragraphs, (page.key, section.title)
            assert all(text.strip() for text in section.paragraphs)


def test_every_picture_is_an_svg_drawing_with_a_caption(pages: list[HelpPage]) -> None:
    pictures = _pictures(pages)
    assert len(pictures) >= 12
    for picture in pictures:
        assert picture.svg is not None and picture.caption.strip()
        assert ET.fromstring(picture.svg).tag == SVG, picture.caption


def test_the_examples_are_drawn_by_the_games_own_renderer(pages: list[HelpPage]) -> None:
    drawn = _load().render_position(
        metro_help.worked_example(), overlay=True, window=metro_help.WORKED_CORNER
    )
    assert _picture(pages, "base", "The blue line").svg == drawn
    final = _load().render_position(metro_help.final_example(), overlay=True)
    assert _picture(pages, "base", "A finished").svg == final


def test_no_engine_notation_in_the_words(pages: list[HelpPage]) -> None:
    texts = [t for page in pages for s in page.sections for t in (s.title, *s.paragraphs)]
    texts += [p.caption for p in _pictures(pages)]
    for text in texts:
        assert "§" not in text and not re.search(r"\b[abcdABCD]{4}\b", text), text
        assert not re.search(r"\b(C\d|place \d\d)\b", text), text


def test_the_whole_page_is_small_enough() -> None:
    assert len(help_page("metro", "en").encode()) < 1_500_000


# --- the examples' numbers are the scorer's ----------------------------------------------------
def test_the_worked_example_caption_is_the_scorers_line(pages: list[HelpPage]) -> None:
    line = next(
        ln for ln in score_table(metro_help.worked_example())["lines"] if ln["from"] == "12"
    )
    caption = _picture(pages, "base", "The blue line").caption
    assert line["doubled"] == "yes" and line["owner"] == "blue"
    distinct = len(set(line["path"]))
    assert _numbers(caption) == [
        12,
        line["passages"],
        distinct,
        line["passages"],
        2,
        line["points"],
    ]


def test_the_finished_game_caption_gives_every_total(pages: list[HelpPage]) -> None:
    players = score_table(metro_help.final_example())["players"]
    caption = _picture(pages, "base", "A finished").caption
    for player in players:
        assert f"{words.COLOUR_NAMES[player['colour']]} {player['total']}" in caption
    best = max(players, key=lambda p: p["total"])
    assert f"{words.COLOUR_NAMES[best['colour']]} wins" in caption


def test_the_companies_caption_is_the_scorers_card(pages: list[HelpPage]) -> None:
    result = score_table(metro_help.companies_example())
    best = max(result["players"], key=lambda p: p["total"])
    caption = _picture(pages, "module-1", "At the end").caption
    assert f"Player {best['seat'] + 1} holds" in caption
    assert (
        f"{best['shares']} points from shares and {best['bonus']} in majority bonuses "
        f"make {best['total']}."
    ) in caption
    for company in result["companies"]:
        assert f"{words.COLOUR_NAMES[company['colour']]} {company['value']}" in caption


def test_the_value_example_follows_the_scorers_rule(pages: list[HelpPage]) -> None:
    page = next(p for p in pages if p.key == "module-1")
    text = " ".join(t for s in page.sections for t in s.paragraphs)
    assert "Blue 6, Green 6, Red 4" in text and "Black 2, White 2" in text


def test_the_module_examples_are_the_scorers(pages: list[HelpPage]) -> None:
    central = score_table(metro_help.central_example())["lines"]
    c2 = next(ln for ln in central if ln["from"] == "C2")
    caption = _picture(pages, "module-2", "The yellow central car").caption
    assert _numbers(caption) == [c2["passages"], int(c2["to"]), c2["points"]]
    tracks = score_table(metro_help.central_tracks_example())["lines"]
    line = next(ln for ln in tracks if ln["from"] == "21")
    caption = _picture(pages, "module-3", "The orange line").caption
    assert _numbers(caption)[-1] == line["points"] == line["passages"]
    records = score_table(metro_help.numbers_example())["numbers"]
    caption = _picture(pages, "module-4", "The holder").caption
    for record in records:
        assert f"number {record['station']} earns {record['points']} points" in caption
    assert any(record["points"] for record in records)


# --- the placing examples are what the engine allows -----------------------------------------
def test_the_placing_examples_are_what_the_engine_allows(pages: list[HelpPage]) -> None:
    state = metro_help.placing_state()
    allowed = {p.square for p in state.placements(metro_help.PLACING_TILE)}
    assert square(1, 1) in allowed
    assert square(2, 3) not in allowed and not state.adjacency_legal(square(2, 3))
    assert square(0, 3) not in allowed and state.adjacency_legal(square(0, 3))
    lit = _picture(pages, "base", "Green is to place")
    assert lit.svg is not None and lit.svg.count('fill="#fff3a8"') == len(allowed)
    caption = _picture(pages, "base", "Not allowed: the green line").caption
    assert "station 5" in caption
    assert _picture(pages, "base", "Allowed").svg is not None


# --- score rows -------------------------------------------------------------------------------
OPTIONS: list[Mapping[str, Any]] = [
    {"players": 2},
    {"players": 3, "modules": (4,)},
    {"players": 4, "modules": (1,)},
    {"players": 3, "modules": (1, 2, 4)},
]


def _finished(game: Metro, seed: int) -> MetroState:
    rng = random.Random(seed)
    state = game.new_state(seed)
    assert isinstance(state, MetroState)
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("index", range(len(OPTIONS)))
def test_every_score_row_of_a_finished_game_has_help(index: int) -> None:
    game = _load(**OPTIONS[index])
    state = _finished(game, seed=index)
    helped = game.score_help()
    for card in state.scores().values():
        rows = [label for label, _ in game.score_rows(card)]
        assert set(rows) == set(helped), rows
    assert all(line.endswith(".") and len(line) > 20 for line in helped.values())


# --- the reference ----------------------------------------------------------------------------
def _midgame(seed: int, **options: Any) -> MetroState:
    """A game some twenty moves in, with a tile just drawn to place now if there is one."""
    game = _load(**options)
    rng = random.Random(seed)
    state = game.new_state(seed)
    assert isinstance(state, MetroState)
    moves = 0
    while moves < 20 or state.is_chance():
        if state.is_chance():
            state.advance()
            continue
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        moves += 1
    return state


def _captions(state: MetroState, player: int | None) -> list[list[str]]:
    refs = state.rules.reference(state, player)
    return [[item.caption for item in ref.items] for ref in refs]


def test_tiles_left_counts_what_the_seat_has_not_seen() -> None:
    state = _midgame(1, hand_size=3)
    ref = state.rules.reference(state, 0)[0]
    assert ref.title == words.TILES_LEFT_TITLE
    assert len(ref.items) == len(COPIES) == 24
    seen = Counter(code for code in state.board if code) + Counter(state.hands[0])
    expected = [
        words.tiles_left_caption(COPIES[code] - seen[code], COPIES[code]) for code in COPIES
    ]
    assert sorted(item.caption for item in ref.items) == sorted(expected)
    left = sum(_numbers(item.caption)[0] for item in ref.items)
    assert left == 60 - state.placed - len(state.hands[0])
    assert all(item.svg and ET.fromstring(item.svg).tag == SVG for item in ref.items)


def test_tiles_left_by_design_when_tiles_may_be_turned() -> None:
    state = _midgame(2, free_rotation=True)
    items = state.rules.reference(state, None)[0].items
    assert len(items) == len(DESIGN_COPIES) == 10
    assert sum(_numbers(i.caption)[0] for i in items) == 60 - state.placed


def test_the_tile_just_drawn_counts_as_seen_by_its_drawer_only() -> None:
    state = _midgame(3)
    seat = state.to_act()[0]
    state.apply(seat, "draw")
    state.advance()
    assert state.drawn is not None
    mine = sum(_numbers(c)[0] for c in _captions(state, seat)[0])
    theirs = sum(_numbers(c)[0] for c in _captions(state, (seat + 1) % 4)[0])
    assert mine == 60 - state.placed - len(state.hands[seat]) - 1
    assert theirs == 60 - state.placed - len(state.hands[(seat + 1) % 4])


def test_the_reference_never_shows_another_seats_hand_or_shares() -> None:
    state = _midgame(4, modules=(1,), hand_size=2)
    before = _captions(state, 0)
    other = state.clone()
    assert isinstance(other, MetroState)
    # Another seat's secret tiles and shares change: seat 0's reference must not.
    spare = next(code for code, count in other.pile.items() if count and code not in other.hands[1])
    other.hands[1] = [spare, *other.hands[1][1:]]
    other.shares[1], other.shares[2] = other.shares[2], other.shares[1]
    assert _captions(other, 0) == before
    assert _captions(other, 1) != _captions(state, 1)


def test_share_cards_show_each_card_as_far_as_the_seat_knows() -> None:
    state = _midgame(5, modules=(1,))
    shares = state.rules.reference(state, 0)[1]
    assert shares.title == words.SHARE_CARDS_TITLE
    assert len(shares.items) == len(COMPANIES) * len(PERCENTAGES) == 32
    captions = [item.caption for item in shares.items]
    yours = [c for c in captions if c.endswith(": yours")]
    assert len(yours) == 4
    for company, percentage in state.shares[0]:
        assert words.share_card_caption(company, percentage, "yours") in captions
    for seat in (1, 2, 3):
        for company, percentage in state.shares[seat]:
            if (company, percentage) not in state.revealed:
                assert words.share_card_caption(company, percentage, "hidden") in captions
    for percentage, company in state.open_share.items():
        assert words.share_card_caption(company, percentage, "open") in captions


def test_only_companies_have_share_cards() -> None:
    state = _midgame(6)
    assert [ref.title for ref in state.rules.reference(state, 0)] == [words.TILES_LEFT_TITLE]


def test_nothing_is_left_to_look_up_once_the_board_is_full() -> None:
    state = _finished(_load(), seed=7)
    assert state.rules.reference(state, 0) == []
