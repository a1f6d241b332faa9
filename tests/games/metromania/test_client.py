"""What a browser client is told about Metromania's steps: each aims at a spot of the city
drawing (the space a tunnel is dug in, a gate, a vertex); steps that share a spot and a
line differ in the corner they lead to, clicked on the board, or else in words and
pictures; and on a phone the drawing shows the city alone with every spot in it."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import linecraft
from linecraft.core.game import Action
from linecraft.games.metromania import svg, words
from linecraft.games.metromania.game import Metromania
from linecraft.games.metromania.geometry import CITY_SPACES, CITY_VERTICES, GATES
from linecraft.games.metromania.notation import Extend, Finish, Start, Station
from linecraft.games.metromania.rules import MetromaniaState
from linecraft.games.metromania.svg import FILLS
from tests.games.metromania.helpers import GAME, state_at

# Step notation and engine words: vertices, spaces, gates, lines, marker codes.
NOTATION = re.compile(r"-?\d+,-?\d+|\b[UD]-?\d|\bG\d\.\d|\bL[12]\b|\b[A-F][HWF]\b|[@>=*]")
SPOT = re.compile(r'<(polygon|circle) [^>]*class="spot" data-target="([^"]+)"([^>]*)>')
OPTIONS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 3},
    {"players": 2, "two_player_mode": "six-destinations"},
]


def decisions(options: dict[str, Any], seed: int) -> Iterator[tuple[Metromania, MetromaniaState]]:
    """Every decision of a game played at random, with steps through Spots preferred so
    that destinations get placed."""
    game = linecraft.load("metromania", **options)
    assert isinstance(game, Metromania)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        yield game, state
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        markers = [a for a in legal if isinstance(a, Extend) and a.letter]
        state.apply(seat, rng.choice(markers or legal))


def spots(svg: str) -> dict[str, str]:
    """Each clickable spot of a drawing: its target and its shape."""
    return {target: shape for shape, target, _ in SPOT.findall(svg)}


def shared(game: Metromania, legal: list[Action]) -> list[list[Action]]:
    """The steps that aim at one spot with one line: a click there must be told apart."""
    groups: dict[tuple[Any, ...], list[Action]] = {}
    for action in legal:
        target = game.action_target(action)
        if target is not None:
            groups.setdefault((target, game.action_pick(action)), []).append(action)
    return [group for group in groups.values() if len(group) > 1]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_every_step_aims_at_a_spot_and_shared_spots_are_told_apart(
    options: dict[str, Any],
) -> None:
    asked = {"corner": 0, "buttons": 0}
    for game, state in decisions(options, seed=3):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        drawn = spots(game.render_state(state, seat))
        for action in legal:
            target, origin = game.action_target(action), game.action_origin(action)
            if isinstance(action, Start | Extend | Finish | Station):
                assert target in drawn, action
                assert origin is None or origin in drawn, action
            if isinstance(action, Extend):
                assert drawn[str(target)] == "polygon"  # the space, never a vertex
        for group in shared(game, legal):
            origins = [game.action_origin(a) for a in group]
            labels = [game.choice_label(a) for a in group]
            assert all(not NOTATION.search(text) for text, _ in labels), labels
            if None not in origins and len(set(origins)) == len(origins):
                asked["corner"] += 1  # clicked on the board
            else:
                assert len({text for text, _ in labels}) == len(group), labels
                asked["buttons"] += 1
    assert asked["corner"] > 0
    if options.get("two_player_mode") == "six-destinations":  # several letters per Spot type
        assert asked["buttons"] > 0


def test_a_space_leaves_two_corners_to_click() -> None:
    state = state_at("t", 0)
    steps = [a for a in state.legal_actions(0) if GAME.action_target(a) == "U3,-3"]
    assert {GAME.action_origin(a) for a in steps} == {"4,-3", "3,-2"}
    assert {GAME.action_pick(a) for a in steps} == {("L1", None)}
    assert {GAME.choice_label(a)[0] for a in steps} == {
        "Dig the tunnel to the right",
        "Dig the tunnel to the upper right",
    }


def test_a_finish_asks_for_the_bonus_station_on_the_board() -> None:
    state = state_at("t", 0)
    for step in ("L1:3,-3>4,-3@U3,-3", "L1:4,-3>5,-3@U4,-3"):
        state.apply(0, step)
    finishes = [a for a in state.legal_actions(0) if isinstance(a, Finish) and a.gate == (5, 1)]
    origins = [GAME.action_origin(a) for a in finishes]
    assert "G5.1" in origins and "4,-3" in origins and len(set(origins)) == len(origins)
    assert {GAME.action_target(a) for a in finishes} == {"G5.1"}


def test_a_marker_is_named_by_its_letter_trip_and_spot_with_its_picture() -> None:
    state = state_at("t", 1)
    [step] = [a for a in state.legal_actions(1) if str(a) == "L1:0,0>0,-1@D-1,-1=F"]
    text, picture = GAME.choice_label(step)
    assert text == "Place destination F (Saturday trip, House), tunnel to the lower left"
    assert picture is not None and picture.startswith("<svg") and ">F</text>" in picture
    assert FILLS["H"] in picture  # the House Spot's colour
    read = GAME.parse_action(str(step))  # from its text alone the Spot's type is unknown
    assert (
        GAME.choice_label(read)[0]
        == "Place destination F (Saturday trip), tunnel to the lower left"
    )


def test_the_lines_in_hand_are_named_as_drawn() -> None:
    assert [GAME.piece_label(p) for p in ("L1", "L2")] == ["Solid line", "Striped line"]
    assert words.TEXT["origin_help"] == GAME.origin_help


def test_on_a_phone_the_drawing_shows_the_city_alone_with_every_spot() -> None:
    state = state_at("t", 0)
    svg = GAME.render_state(state, 0)
    found = re.search(r'data-map="(-?\d+) (-?\d+) (\d+) (\d+)"', svg)
    assert found is not None
    left, top, wide, high = map(int, found.groups())
    whole = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg)
    assert whole is not None and wide < int(whole[1]) * 0.82  # the margins left out
    corners = [
        tuple(map(float, pair.split(",")))
        for points in re.findall(r'points="([^"]+)" fill="none" class="spot"', svg)
        for pair in points.split()
    ]
    centres = re.findall(r'class="spot" data-target="[^"]+" cx="([\d.]+)" cy="([\d.]+)"', svg)
    assert len(corners) == 3 * (len(CITY_SPACES) + len(GATES))
    assert len(centres) == len(CITY_VERTICES)
    for x, y in [*corners, *((float(x), float(y)) for x, y in centres)]:
        assert left <= x <= left + wide and top <= y <= top + high
    ended = GAME.render_state(state, 0, overlay=True)
    assert "data-map" not in ended  # the notes below the city are shown whole


def test_beside_the_board_each_company_is_told_in_words_with_secrets_kept() -> None:
    state = state_at("t", 0)
    mine, theirs = GAME.status_lines(state, 0), GAME.status_lines(state, 1)
    assert mine[0] == "Stations left in the supply: 25."
    assert mine[1].startswith("Red (yours): 1 point; destinations D (House), E (Fun).")
    assert theirs[1].startswith("Red: 1 point; destinations 1 House face down, 1 Fun face down.")
    assert theirs[2].startswith("Blue (yours): ")
    for line in mine + theirs:
        assert not NOTATION.search(line), line


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_at_the_end_the_city_drawing_tells_each_test_trip_in_words(
    options: dict[str, Any],
) -> None:
    *_, (game, state) = decisions(options, seed=4)  # the last decision, played: the end
    assert state.is_terminal()
    notes = words.trip_notes(state.score_report())
    assert [note.split(":")[0] for note in notes] == list(words.TRIPS.values())
    assert all(not NOTATION.search(note) for note in notes), notes
    drawn = game.render_state(state, 0)
    # each note is there whole, in lines short enough for a phone
    lines = re.findall(r"<text[^>]*>([^<]*)</text>", drawn)
    assert all(note in " ".join(lines) for note in notes)
    assert max(map(len, lines)) <= svg.NOTE_WIDTH
