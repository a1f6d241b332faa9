"""Placement legality, special routes, the end of a round and undo (rules §7, §13)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import linecraft
from linecraft.core import IllegalActionError, NotYourTurnError
from linecraft.games.railroad_ink import RailroadInkState
from linecraft.games.railroad_ink.board import parse_cell
from linecraft.games.railroad_ink.rules import placement_problem

from .helpers import board_of


def new_game(roll: str = "roll HS HC RT SC", players: int = 1) -> RailroadInkState:
    state = linecraft.load("railroad-ink", players=players).new_state(0)
    assert isinstance(state, RailroadInkState)
    state.apply_chance(roll)
    return state


def refused(state: RailroadInkState, text: str, player: int = 0) -> str:
    before = state.view(None), list(state.history)
    with pytest.raises(IllegalActionError) as info:
        state.apply(player, text)
    assert (state.view(None), state.history) == before
    return str(info.value)


def test_sample_round_of_the_rules() -> None:
    state = new_game()
    state.apply(0, "d1 D1 .H.H")
    assert "no route side touches" in refused(state, "d4 D2 .HR.+")
    state.apply(0, "d4 D2 ..RH+")
    state.apply(0, "d3 E2 RRR.")
    state.apply(0, "d2 A2 HH..")
    state.apply(0, "end")
    assert state.is_chance() and state.round == 1


def test_rules_examples_on_an_empty_board() -> None:
    empty = board_of({})
    assert placement_problem(empty, parse_cell("D1"), ".H.H") is None
    assert placement_problem(empty, parse_cell("A4"), "R.R.") is None
    problem = placement_problem(empty, parse_cell("A4"), "H.H.")
    assert str(problem) == "N side (highway) faces the railway exit A4N"
    assert placement_problem(empty, parse_cell("C3"), "HH..") is not None


def test_highway_against_railway_is_refused() -> None:
    state = new_game("roll HS RS HC OV")
    state.apply(0, "d2 B1 .R.R")
    message = refused(state, "d1 B2 .H.H")
    assert message == "d1 B2 .H.H: W side (highway) faces the railway side of B1"


def test_occupied_square_and_used_die_and_wrong_face() -> None:
    state = new_game("roll HS RS HC OV")
    state.apply(0, "d1 D1 .H.H")
    assert refused(state, "d3 D1 HH..").endswith("D1 is not empty")
    assert "already drawn this round" in refused(state, "d1 D2 .H.H")
    assert "cannot be drawn as" in refused(state, "d2 B1 .H.H")


def test_special_routes_one_per_round_three_per_game_each_once() -> None:
    state = new_game("roll HS HS HS SS")
    state.apply(0, "x3 D1 HHHH")
    assert "already used this round" in refused(state, "x1 D2 HHHR+")
    _finish_round_somehow(state)
    state.apply_chance("roll HS HS HS SS")
    assert "already used in this game" in refused(state, "x3 A2 HHHH")
    x1 = next(a for a in state.legal_actions(0) if str(a).startswith("x1"))
    state.apply(0, x1)
    state.undo(0)  # undo makes the special route available again
    assert state.seats[0].specials_used == ["x3"]
    state.apply(0, x1)
    _finish_round_somehow(state)
    state.apply_chance("roll RS RS RS OV")
    state.apply(0, next(a for a in state.legal_actions(0) if str(a).startswith("x4")))
    _finish_round_somehow(state)
    state.apply_chance("roll RS RS RS OV")
    assert "all 3 special routes" in refused(state, "x2 F1 HRRR+")
    assert all(not str(a).startswith("x") for a in state.legal_actions(0))


def _finish_round_somehow(state: RailroadInkState) -> None:
    while 0 in state.to_act():
        actions = state.legal_actions(0)
        dice = [a for a in actions if str(a).startswith("d")]
        state.apply(0, dice[0] if dice else next(a for a in actions if str(a) == "end"))


def test_cannot_end_while_a_die_can_be_drawn() -> None:
    state = new_game("roll HS RS HC OV")
    state.apply(0, "d1 D1 .H.H")
    message = refused(state, "end")
    assert message.startswith("end: d2 (RS) can still be drawn on")
    assert "end" not in [str(a) for a in state.legal_actions(0)]


def test_end_allowed_only_when_no_die_fits() -> None:
    state = new_game("roll HS RC HT OV")
    # Every exit holds a stub that points only off the board: nothing can be joined.
    stubs = {"A2": "H...", "A4": "R...", "A6": "H...", "B7": ".R..", "D7": ".H..", "F7": ".R.."}
    stubs |= {"G2": "..H.", "G4": "..R.", "G6": "..H.", "B1": "...R", "D1": "...H", "F1": "...R"}
    state.seats[0].board[:] = board_of(stubs)
    assert [str(a) for a in state.legal_actions(0)] == ["end"]
    state.apply(0, "end")
    assert state.is_chance()


def test_end_is_final_and_undo_stays_in_the_round() -> None:
    state = new_game(players=2)
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        state.undo(0)
    state.apply(0, "d1 D1 .H.H")
    state.undo(0)
    assert state.seats[0].board[parse_cell("D1")] is None
    for text in ("d1 D1 .H.H", "d4 D2 ..RH+", "d3 E2 RRR.", "d2 A2 HH..", "end"):
        state.apply(0, text)
    with pytest.raises(NotYourTurnError):
        state.undo(0)
    assert state.to_act() == (1,)


def test_identical_dice_are_listed_once_but_all_accepted() -> None:
    state = new_game("roll HS HS RT OV")
    sources = {str(a).split()[0] for a in state.legal_actions(0)}
    assert "d1" in sources and "d2" not in sources
    state.apply(0, "d2 D1 .H.H")
    assert "d1" in {str(a).split()[0] for a in state.legal_actions(0)}


def test_game_lasts_seven_rounds() -> None:
    state = linecraft.load("railroad-ink").new_state(4)
    rounds = 0
    while not state.is_terminal():
        assert state.is_chance()
        state.advance()
        rounds += 1
        _finish_round_somehow(state)  # type: ignore[arg-type]
    assert rounds == 7


def test_tie_break_prefers_fewer_errors_then_shares() -> None:
    state = new_game(players=3)
    line = {f"D{c}": ".H.H" for c in range(1, 8)}
    state.seats[0].board[:] = board_of(line)
    state.seats[1].board[:] = board_of(line)
    state.seats[2].board[:] = board_of(line | {"D4": ".HHH", "E4": "H.H.", "F4": "H.H."})
    cards = state.scores()
    assert [cards[p].total for p in range(3)] == [14, 14, 14]
    assert [cards[p]["errors"] for p in range(3)] == [0, 0, 1]
    assert state.winners() == [0, 1]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_every_board_of_legal_play_is_valid(seed: int) -> None:
    """Placement legality (§7.3) and board validity (§12.5) agree on whole random games."""
    game = linecraft.load("railroad-ink", players=2)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            for player in range(2):
                assert game.check_position(game.position_of(state, player)) == []
            continue
        player = rng.choice(state.to_act())
        state.apply(player, rng.choice(state.legal_actions(player)))
    assert all(game.check_position(game.position_of(state, p)) == [] for p in range(2))
