"""How to play Metromania, the room's reference and the score rows' help: every page has
sections in words with pictures drawn by Metromania's renderer; the examples are the
rules' worked examples as the engine plays them and their numbers are the scorer's; the
reference shows a seat its own destinations and never another seat's secret letters."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import linecraft
from linecraft.core import replay
from linecraft.core.game import HelpPage, Picture
from linecraft.games.metromania import help as mm_help
from linecraft.games.metromania import words
from linecraft.games.metromania.city import spot_points
from linecraft.games.metromania.game import Metromania
from linecraft.games.metromania.markers import DAYS, MARKERS
from linecraft.games.metromania.position import position_problems
from linecraft.games.metromania.rules import MetromaniaState
from linecraft.games.metromania.scoring import run_test, score_city
from linecraft.games.metromania.svg import FILLS, SECTOR_FILLS
from linecraft.games.metromania.trips import Network
from linecraft.server.helppages import help_page
from tests.games.metromania.helpers import position
from tests.golden_support import play_golden

SVG = "{http://www.w3.org/2000/svg}svg"
GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def _load(**options: Any) -> Metromania:
    game = linecraft.load("metromania", **{"players": 4, **options})
    assert isinstance(game, Metromania)
    return game


@pytest.fixture(scope="module")
def pages() -> list[HelpPage]:
    return list(mm_help.pages())


def _pictures(pages: list[HelpPage]) -> list[Picture]:
    return [p for page in pages for s in page.sections for p in s.pictures]


def _picture(pages: list[HelpPage], start: str) -> Picture:
    """The picture whose caption starts with `start`."""
    return next(p for p in _pictures(pages) if p.caption.startswith(start))


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"-?\d+", text)]


# --- the pages --------------------------------------------------------------------------
def test_the_base_game_comes_first_then_two_players_then_the_options(
    pages: list[HelpPage],
) -> None:
    assert [p.key for p in pages] == ["base", "two-players", "variants"]
    assert linecraft.game_info("metromania").help is mm_help.pages
    for page in pages:
        assert page.sections, page.key
        for section in page.sections:
            assert section.title and section.paragraphs, (page.key, section.title)
            assert all(text.strip() for text in section.paragraphs)


def test_every_picture_is_a_drawing_of_the_games_renderer(pages: list[HelpPage]) -> None:
    pictures = _pictures(pages)
    assert len(pictures) >= 20
    colours = [*FILLS.values(), *SECTOR_FILLS]
    for picture in pictures:
        assert picture.svg is not None and picture.caption.strip()
        assert ET.fromstring(picture.svg).tag == SVG, picture.caption
        assert any(colour in picture.svg for colour in colours), picture.caption


def test_the_scored_example_is_the_renderers_overlay_of_a_finished_game(
    pages: list[HelpPage],
) -> None:
    game = _load()
    final = mm_help.finished_game()
    assert final.phase == "over" and position_problems(final) == []
    state = game.state_from_position(final)
    drawn = game.render_state(state, 0, overlay=True)
    assert _picture(pages, "Final totals").svg == drawn
    assert "Monday trip (A)" in drawn  # the trips written under the city


def test_no_engine_notation_in_the_words(pages: list[HelpPage]) -> None:
    texts = [t for page in pages for s in page.sections for t in (s.title, *s.paragraphs)]
    texts += [p.caption for p in _pictures(pages)]
    for text in texts:
        assert "§" not in text, text
        assert not re.search(r"\b(L[12]:|G\d\.\d|[UD]-?\d,-?\d|[RD]\d+\b)", text), text
        assert not re.search(r"\b(" + "|".join(MARKERS) + r")\b", text), text
        assert not re.search(r"-?\d+,-?\d+", text), text


def test_the_whole_page_is_small_enough() -> None:
    assert len(help_page("metromania", "en").encode()) < 1_500_000


# --- the examples are the rules' and the engine's ---------------------------------------
def test_the_examples_build_the_rules_position_t() -> None:
    built, printed = mm_help.position_t(), position("t").city
    assert built.points == printed.points and built.stations == printed.stations
    assert built.placed == printed.placed and built.hands == printed.hands
    assert [(lid, line.path) for lid, line in built.all_lines()] == [
        (lid, line.path) for lid, line in printed.all_lines()
    ]


def test_the_refused_placement_is_refused_for_its_reason(pages: list[HelpPage]) -> None:
    company, text, code = mm_help.SHARP_BEND
    step = _load().parse_action(text)
    refusal = mm_help.position_w().problem(company, step)  # type: ignore[arg-type]
    assert refusal is not None and refusal.code == code == "sharp_bend"
    refused = _picture(pages, "Not allowed")
    assert refused.svg is not None and "#d00000" in refused.svg  # the red cross
    allowed = _picture(pages, "Allowed: Red")
    assert allowed.svg is not None and "#d00000" not in allowed.svg
    mm_help.apply_steps(mm_help.position_w(), mm_help.GENTLE_BEND)  # checked legal


def test_the_station_captions_give_the_spots_the_engine_counts(pages: list[HelpPage]) -> None:
    w = mm_help.position_w()
    parted = _picture(pages, "Blue meets").caption
    specials = w.specials
    assert _numbers(parted) == [spot_points(specials, (1, -3)) + spot_points(specials, (2, -3))]
    two = _picture(pages, "Blue reaches").caption
    assert _numbers(two) == [spot_points(specials, (0, 0))] == [2]
    bonus = _picture(pages, "Red finishes").caption
    assert _numbers(bonus) == [spot_points(specials, (4, -3))]


def test_the_monday_caption_is_the_scorers_test(pages: list[HelpPage]) -> None:
    t = mm_help.position_t()
    test = run_test(t, Network.of(t), DAYS[0])
    caption = _picture(pages, "The Monday trip").caption
    awards = test["awards"]
    expected = [test["minutes"], awards.get("0", 0), awards.get("1", 0), awards.get("2", 0)]
    assert _numbers(caption) == expected == [6, 6, 3, 0]


def test_the_scored_caption_gives_every_total_and_the_winner(pages: list[HelpPage]) -> None:
    final = mm_help.finished_game()
    report = score_city(final.city, final.mode)
    caption = _picture(pages, "Final totals").caption
    for company in report["companies"]:
        assert f"{words.COMPANY_TITLES[company['company']]} {company['total']}" in caption
    for seat in report["winners"]:
        assert f"{words.COMPANY_TITLES[seat]} wins" in caption
    section = next(s for s in pages[0].sections if s.pictures and s.pictures[0].caption == caption)
    told = " ".join(section.paragraphs)
    for company in report["companies"]:
        assert f"Total: {company['total']}." in told
    assert {c["adjustment"] for c in report["companies"]} == {"kept", "halved", "zeroed"}


# --- score rows -------------------------------------------------------------------------
def _rows(game: Metromania, state: MetromaniaState) -> set[str]:
    return {label for card in state.scores().values() for label, _ in game.score_rows(card)}


def _golden_states() -> list[tuple[Metromania, MetromaniaState]]:
    found = []
    for path in GOLDEN:
        record = json.loads(path.read_text())
        state = replay(record)
        assert isinstance(state, MetromaniaState)
        found.append((state.rules, state))
    return found


def test_every_score_row_of_every_golden_game_has_help() -> None:
    for game, state in _golden_states():
        helped = game.score_help()
        assert _rows(game, state) <= set(helped), game.options
        assert all(line.strip() for line in helped.values())


def test_every_explained_row_is_one_a_finished_game_writes() -> None:
    """Four seats and three, and two with six destinations, write the same rows."""
    written: set[str] = set()
    for game, state in _golden_states():
        if game.mode.companies == game.mode.players:
            written |= _rows(game, state)
    assert set(_load().score_help()) == written
    assert set(_load(players=3).score_help()) == written


# Bot games of two companies each that, between them, finish 0, 1 and 2 lines for every
# company (found once by trying seeds; each row below comes from a real finished game).
TWO_COMPANY_SEEDS = (100, 101, 103, 104, 121, 131, 200, 216)


def test_every_explained_row_of_the_two_company_game_is_written() -> None:
    game = _load(players=2)
    written: set[str] = set()
    for seed in TWO_COMPANY_SEEDS:
        record = play_golden("metromania", {"players": 2}, ["greedy", "greedy"], seed)
        state = replay(record)
        assert isinstance(state, MetromaniaState)
        written |= _rows(game, state)
    assert set(game.score_help()) == written
    assert "Red: Line points (both lines finished: kept)" in written


# --- the reference ----------------------------------------------------------------------
def _midgame(game: Metromania, seed: int, steps: int = 12) -> MetromaniaState:
    """A game a few turns in, every seat playing its first legal step."""
    state = game.new_state(seed)
    assert isinstance(state, MetromaniaState)
    while steps and not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
        steps -= 1
    return state


def _held(state: MetromaniaState, seat: int) -> list[str]:
    assert state.city is not None
    mode = state.rules.mode
    return [
        code for c, hand in enumerate(state.city.hands) if mode.seat_of(c) == seat for code in hand
    ]


def _marker_items(game: Metromania, state: MetromaniaState, seat: int | None) -> list[Picture]:
    (reference,) = game.reference(state, seat)
    assert reference.title == "Trips"
    assert len(reference.items) >= len(DAYS)
    return list(reference.items[len(DAYS) :])


def test_the_reference_lists_the_week_of_trips() -> None:
    game = _load()
    (reference,) = game.reference(game.new_state(1), None)
    captions = [item.caption for item in reference.items]
    assert [c.split(":")[0].rstrip(".") for c in captions] == [words.TRIPS[day] for day in DAYS]
    assert captions[0] == "Monday trip (A): House and Work."
    assert "Park" in captions[-1] and "Lake" in captions[-1]
    assert all(item.svg and ET.fromstring(item.svg).tag == SVG for item in reference.items)


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 2}, {"players": 3}])
def test_the_reference_shows_a_seats_own_markers_and_no_one_elses(
    options: dict[str, Any],
) -> None:
    game = _load(**options)
    state = _midgame(game, seed=5)
    for seat in range(game.num_players):
        items = _marker_items(game, state, seat)
        own = _held(state, seat)
        shown = [re.search(r"([A-F]) \((House|Work|Fun)\)", i.caption) for i in items]
        codes = sorted(m.group(1) + m.group(2)[0] for m in shown if m)
        assert codes == sorted(own)
        assert all(i.caption.startswith("Your ") for i in items if i.svg)
        blob = json.dumps([[i.caption, i.svg] for i in items])
        for code in (c for s in range(game.num_players) if s != seat for c in _held(state, s)):
            if code[0] not in {c[0] for c in own}:
                assert f">{code[0]}<" not in blob, (seat, code)
    assert _marker_items(game, state, None) == []  # a spectator sees no hand


def test_open_destinations_show_every_company_s_markers() -> None:
    game = _load(open_destinations=True)
    state = _midgame(game, seed=6)
    assert state.city is not None
    items = _marker_items(game, state, 0)
    assert len(items) == sum(len(hand) for hand in state.city.hands)
    others = [i.caption for i in items if not i.caption.startswith("Your")]
    assert others and all(c.split("'")[0] in words.COMPANY_TITLES for c in others)
    assert len(_marker_items(game, state, None)) == len(items)


def test_a_seat_with_every_destination_placed_is_told_so() -> None:
    game = _load()
    state = game.state_from_position(position("t"))
    assert state.city is not None
    state.city.hands[0] = []
    items = _marker_items(game, state, 0)
    assert [i.caption for i in items] == [words.REFERENCE["all_placed"]]
