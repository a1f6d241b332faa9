"""What Metro tells the browser client: every play is a spot on the board (a square, or
a central track with module 2) or one of the game's buttons, never both; a central car
picks the share it reveals; hand pieces, Confirm lines and buttons are in words with
pictures; the eight central spots share out the central station, each holding its car."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import linecraft
from linecraft.games.metro import words
from linecraft.games.metro.actions import Central, Draw, Exchange, Pass, Place
from linecraft.games.metro.board import CENTRAL_POSITIONS, CENTRAL_SQUARES, DEPARTURES
from linecraft.games.metro.game import Metro
from linecraft.games.metro.rules import MetroState
from linecraft.games.metro.svg import CELL, MARGIN, render_table
from linecraft.games.metro.tables import share_text
from tests.games.metro.test_words import NOTATION

OPTIONS: list[Mapping[str, Any]] = [
    {"players": 3, "modules": (1, 2)},
    {"players": 2, "modules": (2,), "hand_size": 2},
    {"players": 4, "modules": (1, 2, 4), "free_rotation": True, "exchange_cooldown": True},
    {"players": 2},
]
SPOT = re.compile(r'class="spot" data-target="([^"]+)"')
POLYGON = re.compile(r'<polygon class="spot" data-target="(C\d)" points="([^"]+)"')


def _load(options: Mapping[str, Any]) -> Metro:
    game = linecraft.load("metro", **options)
    assert isinstance(game, Metro)
    return game


def decisions(game: Metro, seed: int, every: int = 3) -> Iterator[tuple[MetroState, int]]:
    """Every `every`-th decision of a random game, with the seat to decide."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    assert isinstance(state, MetroState)
    count = 0
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        seat = state.to_act()[0]
        if count % every == 0:
            yield state, seat
        count += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("index", range(len(OPTIONS)))
def test_every_play_is_a_spot_on_the_board_or_a_button(index: int) -> None:
    game = _load(OPTIONS[index])
    centrals = 0
    for state, seat in decisions(game, seed=index):
        spots = set(SPOT.findall(game.render_state(state, seat)))
        buttons = {c.action for c in game.controls(state, seat) if c.enabled}
        for action in state.legal_actions(seat):
            target = game.action_target(action)
            if isinstance(action, Place | Central):
                assert target in spots and str(action) not in buttons
                assert game.asks_first(action)  # Confirm, with its words
            else:
                assert isinstance(action, Draw | Pass | Exchange)
                assert target is None and str(action) in buttons
            if isinstance(action, Central):
                centrals += 1
                assert target == action.position
                share = None if action.share is None else share_text(*action.share)
                assert (game.action_pick(action) or (None,))[0] == share
    assert (centrals > 0) == (2 in game.modules)


@pytest.mark.parametrize("index", range(len(OPTIONS)))
def test_pieces_confirm_lines_and_buttons_are_words_with_pictures(index: int) -> None:
    game = _load(OPTIONS[index])
    for state, seat in decisions(game, seed=10 + index, every=5):
        for action in state.legal_actions(seat):
            pick = game.action_pick(action)
            if pick is not None:
                piece = pick[0]
                label = game.piece_label(piece)
                assert label and not NOTATION.search(label), label
                picture = game.render_pick(piece, pick[1])
                assert picture is not None and picture.startswith("<svg")
                shared = isinstance(action, Central)
                assert game.piece_group(piece) == (
                    (words.SHARES_ROW, True) if shared else ("", False)
                )
            if game.asks_first(action):
                told, _ = game.choice_label(action)
                assert told and not NOTATION.search(told), told
        for control in game.controls(state, seat):
            assert not NOTATION.search(control.label)
            if control.enabled and control.action.startswith("exchange"):
                assert control.group == words.EXCHANGE_BUTTON
                assert control.picture is not None and control.picture.startswith("<svg")
        for line in game.status_lines(state, seat):
            hand = [f"{code} (" for code in state.hands[seat]]
            bare = line
            for code in hand:  # a tile's code only with its tracks in words beside it
                bare = bare.replace(code, "(")
            assert not NOTATION.search(bare), line


def test_the_confirm_lines_of_a_central_car_and_a_tile() -> None:
    game = _load({"players": 2, "modules": (1, 2)})
    assert game.choice_label(Central("C3", ("yellow", 40))) == (
        "Reveal your 40% share of Yellow and put its car on the central station's left-upper track",
        None,
    )
    assert game.choice_label(Central("C6")) == (
        "Put your central car on the central station's bottom-right track",
        None,
    )
    assert game.choice_label(Place(25, "aaaa")) == (
        "Place the tile with four straight tracks on square 31",
        None,
    )
    assert game.piece_label("Y40") == "Yellow 40% share"
    assert (
        game.piece_label("cbaa") == "Tile with two straight tracks, a wide curve and a tight curve"
    )


def _polygon(points: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in points.split())]


def _area(corners: list[tuple[float, float]]) -> float:
    pairs = zip(corners, corners[1:] + corners[:1], strict=True)
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in pairs)) / 2


def _inside(point: tuple[float, float], corners: list[tuple[float, float]]) -> bool:
    """Strictly inside a convex polygon: on the same side of every edge."""
    px, py = point
    pairs = zip(corners, corners[1:] + corners[:1], strict=True)
    sides = [(x2 - x1) * (py - y1) - (y2 - y1) * (px - x1) for (x1, y1), (x2, y2) in pairs]
    return all(s > 0 for s in sides) or all(s < 0 for s in sides)


def _car_point(position: str) -> tuple[float, float]:
    """Where the drawing stands a central car: 12 units inside the station from the
    point where its departure track meets the faced square (§2.5)."""
    sq, entry = DEPARTURES[position]
    row, col = divmod(sq, 8)
    point = ((1, 0), (2, 0), (3, 1), (3, 2), (2, 3), (1, 3), (0, 2), (0, 1))[entry]
    inward = ((0, 1), (0, 1), (-1, 0), (-1, 0), (0, -1), (0, -1), (1, 0), (1, 0))[entry]
    x = MARGIN + col * CELL + point[0] * CELL / 3 - inward[0] * 12
    y = MARGIN + row * CELL + point[1] * CELL / 3 - inward[1] * 12
    return x, y


def test_the_central_spots_share_out_the_station_each_around_its_car() -> None:
    table = _load({"players": 2, "modules": (2,)}).new_state(0).table()
    drawing = render_table(table)
    found = dict(POLYGON.findall(drawing))
    assert list(found) == list(CENTRAL_POSITIONS)
    low, high = MARGIN + 3 * CELL, MARGIN + 5 * CELL
    for position, points in found.items():
        corners = _polygon(points)
        assert _area(corners) == CELL * CELL / 2  # half a square each: all of the station
        assert all(low <= v <= high for corner in corners for v in corner)
        assert _inside(_car_point(position), corners), position
        others = [p for p in CENTRAL_POSITIONS if p != position]
        assert not any(_inside(_car_point(p), corners) for p in others)
    assert not any(f'data-target="{sq // 8}{sq % 8}"' in drawing for sq in CENTRAL_SQUARES)
    assert "polygon" not in render_table(_load({"players": 2}).new_state(0).table())
