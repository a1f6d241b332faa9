"""How to play Railroad Ink, the reference beside the board, and the score rows' help:
pages for the base game and each expansion, drawn by the game's own renderer from
positions the rules accept, examples scored by the scorer with the worked examples'
totals of the rules; the dice faces of exactly the options in play; the special routes
with the seat's own used ones struck through; a line of help for every score row a
finished game shows, and for no other."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

import linecraft
from linecraft.core.game import Picture
from linecraft.games.railroad_ink import help as ink_help
from linecraft.games.railroad_ink import words
from linecraft.games.railroad_ink.actions import Undo, Volcano
from linecraft.games.railroad_ink.board import cell_name, parse_board, parse_cell
from linecraft.games.railroad_ink.lava import lava_problem
from linecraft.games.railroad_ink.meteor import flight
from linecraft.games.railroad_ink.pieces import CANONICAL, SPECIAL_ROUTES
from linecraft.games.railroad_ink.rules import RailroadInk, RailroadInkState, placement_problem
from linecraft.games.railroad_ink.scoring import score_board
from linecraft.games.railroad_ink.svg import render_drawing, render_meteor_die
from linecraft.games.railroad_ink.underground import CANONICAL as UNDER_CANONICAL
from linecraft.games.railroad_ink.underground import under_problem
from linecraft.server.helppages import help_page

OPTION_SETS: dict[str, Mapping[str, Any]] = {
    "base": {"players": 2},
    "lava": {"players": 2, "expansions": ("lava",)},
    "meteor": {"players": 2, "expansions": ("meteor",)},
    "lava-meteor": {"players": 2, "expansions": ("lava", "meteor")},
    "underground": {"players": 2, "expansions": ("underground",)},
    "standalone": {"players": 2, "variant": "underground-standalone"},
}
# Engine notation a player should never read: die codes, sources, side tokens, rule codes.
NOTATION = re.compile(
    r"\b(HS|RS|HC|RC|HT|RT|OV|SS|SC|LC|LS|LT|LR|LH|MN|ME|MS|MW|MA|M[123]|SIo|PTs|STc)\b"
    r"|\b(d[1-4]|x[1-6]|l[12]|u[1-5])\b"
    r"|(?<![\w.])[HRLSP.*]{4}[+xochb]*(?![\w])"
    r"|§|\bO\d+\b|\[O"
)


def _game(options: Mapping[str, Any]) -> RailroadInk:
    game = linecraft.load("railroad-ink", **options)
    assert isinstance(game, RailroadInk)
    return game


def _svg(picture: Picture) -> str:
    assert picture.svg is not None
    return picture.svg


def _inner(svg: str) -> str:
    """A drawing without its own <svg> element, as it sits in a row of drawings."""
    return svg.split(">", 1)[1].rsplit("</svg>", 1)[0]


# --- the pages ------------------------------------------------------------------------------
def test_a_page_for_the_game_and_each_expansion_with_sections_and_pictures() -> None:
    pages = linecraft.game_info("railroad-ink").help
    assert pages is not None
    shown = pages()
    assert [p.key for p in shown] == ["base", "lava", "meteor", "underground"]
    for page in shown:
        assert page.title and len(page.sections) >= 4
        assert any(section.pictures for section in page.sections)
        for section in page.sections:
            assert section.title and section.paragraphs
            words_there = [*section.paragraphs, *(p.caption for p in section.pictures)]
            for text in words_there:
                assert text.strip() and not NOTATION.search(text), text
            for picture in section.pictures:
                assert picture.svg is not None and picture.svg.startswith("<svg")
                assert picture.svg.rstrip().endswith("</svg>")


def test_the_whole_help_page_has_a_tab_per_page_and_stays_small() -> None:
    page = help_page("railroad-ink", "en")
    for key, title in (("base", "Railroad Ink"), ("lava", "Lava"), ("meteor", "Meteor")):
        assert f'<a href="#{key}">{title}</a>' in page
    assert 'id="underground"' in page and "Underground on its own" in page
    assert len(page.encode()) < 1_500_000


def test_rulings_of_our_own_are_said_to_be_ours() -> None:
    text = " ".join(
        paragraph
        for page in ink_help.pages()
        for section in page.sections
        for paragraph in section.paragraphs
    )
    assert text.count("our ruling") + text.count("Our ruling") >= 12
    assert "(our ruling)" in ink_help.ROUND[-1]  # undo, last in first out (O1)
    assert "our ruling" in ink_help.UNDER_CHANGES[-1].lower()  # not with Lava or Meteor (O16)


def test_the_dice_pictures_are_the_faces_the_board_draws() -> None:
    pages = {page.key: page for page in ink_help.pages()}
    base_dice = pages["base"].sections[2].pictures
    for code in ("HS", "RS", "HC", "RC", "HT", "RT"):
        assert _inner(render_drawing(CANONICAL[code])) in _svg(base_dice[0])
    for code in ("OV", "SS", "SC"):
        assert _inner(render_drawing(CANONICAL[code])) in _svg(base_dice[1])
    specials = _svg(pages["base"].sections[3].pictures[0])
    assert all(_inner(render_drawing(CANONICAL[x])) in specials for x in SPECIAL_ROUTES)
    meteor = pages["meteor"].sections[0].pictures
    assert _inner(render_meteor_die("MA")) in _svg(meteor[0])
    assert _inner(render_meteor_die("M3")) in _svg(meteor[1])
    under = pages["underground"].sections[0].pictures
    assert len(under) == 4
    assert _inner(render_drawing(UNDER_CANONICAL["STc"], underground=True)) in _svg(under[3])


# --- the drawn positions are real ------------------------------------------------------------
@pytest.mark.parametrize(
    "key,index", [(k, i) for k, shown in ink_help.PLACEMENTS.items() for i in range(len(shown))]
)
def test_an_allowed_drawing_is_allowed_and_a_forbidden_one_refused(key: str, index: int) -> None:
    example = ink_help.PLACEMENTS[key][index]
    board = ink_help.placement_board(example, with_drawing=False)
    cell = parse_cell(example.square)
    check = {"surface": placement_problem, "lava": lava_problem, "underground": under_problem}
    problem = check[example.layer](board, cell, example.token)
    assert (problem is None) == example.allowed, problem


def test_the_forbidden_drawings_are_crossed_out_and_the_allowed_ones_not() -> None:
    pages = {page.key: page for page in ink_help.pages()}
    shown = {"base": 4, "lava": 1, "underground": 1}  # the section of each page's examples
    for key, section in shown.items():
        pictures = pages[key].sections[section].pictures
        examples = ink_help.PLACEMENTS[key]
        assert [p.caption for p in pictures] == [e.caption for e in examples]
        for picture, example in zip(pictures, examples, strict=True):
            assert ('stroke="#d50000"' in (picture.svg or "")) != example.allowed
            assert picture.caption.startswith("Allowed" if example.allowed else "Not allowed")


@pytest.mark.parametrize(
    "options,text",
    [
        ({"players": 1}, ink_help.BASE_EXAMPLE),
        ({"players": 1, "expansions": ("lava",)}, ink_help.LAVA_EXAMPLE),
        ({"players": 1, "expansions": ("meteor",)}, ink_help.METEOR_EXAMPLE),
        ({"players": 1, "expansions": ("underground",)}, ink_help.UNDER_EXAMPLE),
        ({"players": 1, "variant": "underground-standalone"}, ink_help.STANDALONE_EXAMPLE),
    ],
)
def test_the_example_boards_are_boards_the_rules_accept(
    options: Mapping[str, Any], text: str
) -> None:
    game = _game(options)
    assert game.check_position(game.parse_position(text)) == []


def test_the_meteor_bounces_off_the_edge_and_past_the_craters() -> None:
    board = ink_help.flight_board()
    start = parse_cell(ink_help.FLIGHT_START)
    flown = flight(board, start, ink_help.FLIGHT_WAY, ink_help.FLIGHT_DISTANCE)
    assert [cell_name(c) for c, _ in flown] == ["E1", "E2", "E3", "E4"]  # rules §10.3
    picture = ink_help.pages()[2].sections[1].pictures[0]
    assert 'class="meteor"' in (picture.svg or "") and "bounces" in picture.caption


# --- the scored examples ----------------------------------------------------------------------
def _scored(key: str, section: int) -> tuple[Picture, ...]:
    page = next(p for p in ink_help.pages() if p.key == key)
    return page.sections[section].pictures


def test_the_base_example_is_drawn_with_the_overlay_and_captioned_by_the_scorer() -> None:
    (picture,) = _scored("base", 5)
    game = _game({"players": 1})
    position = game.parse_position(ink_help.BASE_EXAMPLE)
    assert picture.svg == game.render_position(position, overlay=True)
    card = score_board(parse_board(ink_help.BASE_EXAMPLE)).card()
    assert card["total"] == 49  # the rules' worked example (§8.7)
    assert picture.caption == ink_help.BASE_SCORED.format(
        networks=card["network_points"],
        highway=card["longest_highway"],
        railway=card["longest_railway"],
        centre=card["centre"],
        errors=card["errors"],
        total=card["total"],
    )


def test_the_lava_and_meteor_examples_carry_the_scorers_numbers() -> None:
    (lava,) = _scored("lava", 4)
    details = score_board(parse_board(ink_help.LAVA_EXAMPLE), lava=True)
    assert details.total == 7 and details.lava is not None  # rules §9.8
    assert f"minus {len(details.errors)} for errors" in lava.caption
    assert lava.caption.endswith(f": {details.total} points.")
    assert f"{5 * details.lava.closed_lakes} for its closed lakes" in lava.caption
    (meteor,) = _scored("meteor", 4)
    details = score_board(parse_board(ink_help.METEOR_EXAMPLE), meteor=True)
    assert details.total == 7 and details.crater_sides is not None  # rules §10.6
    craters = 2 * details.crater_sides
    assert meteor.caption.startswith(f"This board scores {craters} for route ends facing craters")
    assert meteor.caption.endswith(f": {details.total} points.")


def test_the_underground_examples_carry_the_scorers_numbers() -> None:
    surface, under = _scored("underground", 4)
    game = _game({"players": 1, "expansions": ("underground",)})
    card = game.card_of(game.parse_position(ink_help.UNDER_EXAMPLE))
    nested = card["expansion"]["underground"]
    assert nested["total"] == 40  # rules §11.8
    assert surface.caption.endswith(f": {card['total'] - nested['points']} points.")
    assert f"open ends and 2 for burst pipes: {nested['total']} points" in under.caption
    assert under.caption.endswith(f"Both boards: {card['total']} points.")
    (alone,) = _scored("underground", 5)
    game = _game({"players": 1, "variant": "underground-standalone"})
    card = game.card_of(game.parse_position(ink_help.STANDALONE_EXAMPLE))
    assert card["burst_pipes"] == 0 and alone.caption.endswith(f": {card['total']} points.")


# --- score rows -------------------------------------------------------------------------------
def _choose(state: RailroadInkState, seat: int, rng: random.Random) -> Any:
    """A random player that takes back when its order of drawing stranded a die and
    draws a new volcano only rarely, so that lava games end."""
    legal = state.legal_actions(seat)
    if any(isinstance(a, Undo) for a in legal):
        return Undo()
    others = [a for a in legal if not isinstance(a, Volcano)]
    return rng.choice(others or legal)


@cache
def _finished(name: str) -> tuple[RailroadInk, RailroadInkState]:
    game = _game(OPTION_SETS[name])
    state = game.new_state(7)
    assert isinstance(state, RailroadInkState)
    rng = random.Random(7)
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
        else:
            seat = state.to_act()[0]
            state.apply(seat, _choose(state, seat, rng))
    return game, state


@pytest.mark.parametrize("name", OPTION_SETS)
def test_every_score_row_of_a_finished_game_has_help_and_nothing_else_does(name: str) -> None:
    game, state = _finished(name)
    helped = game.score_help()
    for card in state.scores().values():
        labels = [label for label, _ in game.score_rows(card)]
        assert set(labels) == set(helped)
    assert all(line.endswith(".") and not NOTATION.search(line) for line in helped.values())


def test_the_help_says_what_the_options_change() -> None:
    base = _game(OPTION_SETS["base"]).score_help()
    lava = _game(OPTION_SETS["lava"]).score_help()
    alone = _game(OPTION_SETS["standalone"]).score_help()
    assert "lava" in lava[words.ROW_ERRORS] and "lava" not in base[words.ROW_ERRORS]
    assert base[words.ROW_CENTRE] == words.HELP_CENTRE
    assert alone[words.ROW_CENTRE] == words.HELP_UNDER[False]["centre"]  # same row, its board
    under = _game(OPTION_SETS["underground"]).score_help()
    assert "both boards" in under[words.ROW_TOTAL]


# --- beside the board ------------------------------------------------------------------------
def _captions(game: RailroadInk, state: RailroadInkState, seat: int | None) -> dict[str, list[str]]:
    return {r.title: [item.caption for item in r.items] for r in game.reference(state, seat)}


@pytest.mark.parametrize(
    "name,dice",
    [("base", 9), ("lava", 14), ("meteor", 17), ("underground", 27), ("standalone", 18)],
)
def test_the_dice_faces_of_exactly_the_options_in_play(name: str, dice: int) -> None:
    game = _game(OPTION_SETS[name])
    state = game.new_state(0)
    assert isinstance(state, RailroadInkState)
    shown = _captions(game, state, 0)
    faces = shown[words.REFERENCE_DICE]
    assert len(faces) == dice and len(set(faces)) == dice
    assert any(c.startswith("Route die") for c in faces) == (name != "standalone")
    assert any(c.startswith("Lava die") for c in faces) == (name == "lava")
    assert any(c.startswith("Distance die") for c in faces) == (name == "meteor")
    assert any(c.startswith("Underground die D") for c in faces) == (
        name in ("underground", "standalone")
    )
    assert (words.REFERENCE_SPECIALS in shown) == (name != "standalone")
    for reference in game.reference(state, 0):
        assert all((item.svg or "").startswith("<svg") for item in reference.items)
        assert not any(NOTATION.search(item.caption) for item in reference.items)


def test_the_faces_say_how_many_sides_of_the_die_show_them() -> None:
    game = _game(OPTION_SETS["meteor"])
    state = game.new_state(0)
    assert isinstance(state, RailroadInkState)
    faces = _captions(game, state, 0)[words.REFERENCE_DICE]
    assert "Route die: straight highway" in faces
    assert "Station die: overpass (2 faces)" in faces
    assert "Direction die: north" in faces
    assert "Direction die: each player chooses (2 faces)" in faces
    assert "Distance die: 1 square (3 faces)" in faces


def test_the_special_routes_show_the_seats_own_used_ones_only() -> None:
    game = _game({"players": 2, "expansions": ("meteor",)})
    state = game.new_state(0)
    assert isinstance(state, RailroadInkState)
    state.apply_chance("roll HS HC RT OV MN M1")
    state.apply(1, "ignore x4")  # seat 1 crosses off the railway crossing
    state.apply(0, "strike N")
    state.apply(0, "x3 D1 HHHH")  # seat 0 draws the highway crossing
    mine = _captions(game, state, 0)[words.REFERENCE_SPECIALS]
    theirs = _captions(game, state, 1)[words.REFERENCE_SPECIALS]
    used = words.SPECIAL_USED.format
    assert mine[2] == used(piece=words.PIECE_LABELS["x3"])
    assert mine[3] == words.PIECE_LABELS["x4"]  # another seat's use is not shown here
    assert theirs[3] == used(piece=words.PIECE_LABELS["x4"])
    assert theirs[2] == words.PIECE_LABELS["x3"]
    watching = _captions(game, state, None)[words.REFERENCE_SPECIALS]
    assert watching == [words.PIECE_LABELS[x] for x in SPECIAL_ROUTES]  # no seat's marks
    pictures = next(r for r in game.reference(state, 0) if r.title == words.REFERENCE_SPECIALS)
    assert [('opacity="0.35"' in (p.svg or "")) for p in pictures.items] == [
        x == "x3" for x in SPECIAL_ROUTES
    ]
    state.apply(0, "undo")  # taken back: usable again
    assert _captions(game, state, 0)[words.REFERENCE_SPECIALS][2] == words.PIECE_LABELS["x3"]
