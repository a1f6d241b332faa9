"""What Railroad Ink tells a client besides the rules: where each play is aimed on the
board (a meteor strike on the square it lands on, an underground drawing on the
underground board), which plays wait for Confirm, what they are called, the meteor's
flight drawn before it strikes, the board of the round standing out, and when Undo has
something to take back."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import linecraft
from linecraft.core.game import Event
from linecraft.games.railroad_ink import words
from linecraft.games.railroad_ink.actions import Ignore, Place, Strike
from linecraft.games.railroad_ink.board import SIZE, cell_name, parse_cell
from linecraft.games.railroad_ink.meteor import flight
from linecraft.games.railroad_ink.pieces import CRATER
from linecraft.games.railroad_ink.rules import RailroadInk, RailroadInkState
from linecraft.games.railroad_ink.svg import CELL, MARGIN, Flight, _flight_points
from linecraft.server.gamelog import recent_moves


def _fresh(options: Mapping[str, Any]) -> tuple[RailroadInk, RailroadInkState]:
    game = linecraft.load("railroad-ink", **options)
    assert isinstance(game, RailroadInk)
    state = game.new_state(0)
    assert isinstance(state, RailroadInkState)
    return game, state


def _meteor(roll: str, impact: str | None = None) -> tuple[RailroadInk, RailroadInkState]:
    game, state = _fresh({"players": 1, "expansions": ("meteor",)})
    if impact is not None:
        state.seats[0].impact = parse_cell(impact)
        state.seats[0].board[parse_cell(impact)] = CRATER
    state.apply_chance(roll)
    return game, state


def _strikes(state: RailroadInkState) -> list[Strike]:
    return [a for a in state.legal_actions(0) if isinstance(a, Strike)]


# --- the meteor on the board ------------------------------------------------------------
def test_a_strike_is_aimed_at_the_square_it_lands_on_and_asks_first() -> None:
    game, state = _meteor("roll HS HC RT OV ME M3", impact="D6")
    [strike] = _strikes(state)
    assert game.action_target(strike) == "D5"  # east to the edge, then back (§10.3)
    assert game.asks_first(strike)
    assert game.choice_label(strike) == ("Let the meteor strike D5", None)
    assert game.parse_action(str(strike)) == strike and str(strike) == "strike E"
    assert not any(game.asks_first(a) for a in state.legal_actions(0) if a != strike)
    state.apply(0, "strike E")
    assert state.seats[0].board[parse_cell("D5")] == CRATER


def test_a_chosen_direction_is_told_with_each_landing_square() -> None:
    game, state = _meteor("roll HS HC RT OV MA M2")
    aimed = {game.action_target(s): game.choice_label(s)[0] for s in _strikes(state)}
    assert aimed == {
        "B4": "Send the meteor north to strike B4",
        "D6": "Send the meteor east to strike D6",
        "F4": "Send the meteor south to strike F4",
        "D2": "Send the meteor west to strike D2",
    }


def test_the_strike_buttons_are_gone_and_ignoring_is_one_group_of_pictures() -> None:
    game, state = _meteor("roll HS HC RT OV MN M1")
    buttons = game.controls(state, 0)
    assert not any(b.action.startswith("strike") for b in buttons)
    ignore = [b for b in buttons if b.group]
    assert len(ignore) == 6 and {b.group for b in ignore} == {words.IGNORE_GROUP}
    assert [b.label for b in ignore] == [words.PIECE_LABELS[f"x{n}"] for n in range(1, 7)]
    assert all(b.picture is not None and "<path" in b.picture for b in ignore)
    state.apply(0, "ignore x3")
    assert not any(b.group for b in game.controls(state, 0))


def test_the_meteor_flies_on_the_board_until_it_strikes() -> None:
    game, state = _meteor("roll HS HC RT OV MA M1")
    drawn = game.render_state(state, 0)
    assert drawn.count('class="meteor"') == 4 + 1  # four arrows and the start
    assert re.search(r'fill="#c62828">1</text>', drawn)  # the distance written
    state.apply(0, "strike W")
    after = game.render_state(state, 0)
    assert 'class="meteor"' not in after
    assert state.seats[0].board[parse_cell("D3")] == CRATER


def test_an_arrow_that_turns_back_at_the_edge_shows_both_ways() -> None:
    start = parse_cell("D6")
    flown = flight([None] * 49, start, "E", 3)
    assert [(cell_name(c), way) for c, way in flown] == [("D7", "E"), ("D6", "W"), ("D5", "W")]
    points = _flight_points(Flight(start, "E", 3, flown))
    edge = MARGIN + SIZE * CELL
    at_edge = [p for p in points if p[0] == edge]
    assert len(at_edge) == 2 and at_edge[0][1] != at_edge[1][1]  # out, and back beside it
    assert points[-1][1] != points[0][1]  # the way back runs beside the way out


def test_craters_on_the_way_are_passed() -> None:
    board: list[str | None] = [None] * 49
    board[parse_cell("C4")] = CRATER
    flown = flight(board, None, "N", 1)
    assert [cell_name(c) for c, _ in flown] == ["C4", "B4"]


# --- underground: the board of the round --------------------------------------------------
def _underground() -> tuple[RailroadInk, RailroadInkState]:
    game, state = _fresh({"players": 1, "expansions": ("underground",)})
    state.apply_chance("roll HS HC RT SS")
    return game, state


def _end_surface_round(state: RailroadInkState) -> None:
    while True:
        legal = state.legal_actions(0)
        drawings = [a for a in legal if isinstance(a, Place) and a.source.startswith("d")]
        if not drawings:
            break
        state.apply(0, drawings[0])
    state.apply(0, "end")


def test_only_the_board_of_the_round_is_aimed_at() -> None:
    game, state = _underground()
    surface = {game.action_target(a) for a in state.legal_actions(0)} - {None}
    assert surface and not any(str(t).startswith("underground") for t in surface)
    drawn = game.render_state(state, 0)
    assert "Surface \u2014 this round" in drawn and ">Underground<" in drawn
    assert 'opacity="0.55"' in drawn  # the resting underground board pales
    _end_surface_round(state)
    state.apply_chance("roll SIo PL PL II")
    under = {game.action_target(a) for a in state.legal_actions(0)} - {None}
    assert under and all(str(t).startswith("underground ") for t in under)
    drawn = game.render_state(state, 0)
    assert "Underground \u2014 this round" in drawn and ">Surface<" in drawn
    for target in under:
        assert f'data-target="{target}"' in drawn  # a spot on the underground board
    place = next(a for a in state.legal_actions(0) if isinstance(a, Place))
    state.apply(0, place)
    history = [*state.history[:-1], Event(0, str(place))]
    [newest, *_] = recent_moves(game, history)
    assert newest["target"] == f"underground {cell_name(place.cell)}"


def test_the_standalone_game_names_its_one_board() -> None:
    game, state = _fresh({"players": 1, "variant": "underground-standalone"})
    state.apply_chance("roll SIo PL PL II")
    drawn = game.render_state(state, 0)
    assert ">Underground<" in drawn and "this round" not in drawn and "opacity" not in drawn


# --- undo -------------------------------------------------------------------------------
def test_undo_shows_only_when_this_round_has_something_to_take_back() -> None:
    game, state = _fresh({"players": 2})
    state.apply_chance("roll HS HC RT SS")
    assert not game.may_undo(state, 0)
    place = next(a for a in state.legal_actions(0) if isinstance(a, Place))
    state.apply(0, place)
    assert game.may_undo(state, 0) and not game.may_undo(state, 1)
    state.apply(0, "undo")
    assert not game.may_undo(state, 0)
    with_meteor, meteor = _meteor("roll HS HC RT OV MN M1")
    assert not with_meteor.may_undo(meteor, 0)
    meteor.apply(0, Ignore("x1"))
    assert with_meteor.may_undo(meteor, 0)  # crossing off a special route can be taken back
