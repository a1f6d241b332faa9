"""The Meteor expansion (§10): movement, the strike or ignore, craters, scoring."""

from __future__ import annotations

from pathlib import Path

import pytest

import linecraft
from linecraft.core import IllegalActionError
from linecraft.games.railroad_ink.board import cell_name, format_board, parse_board, parse_cell
from linecraft.games.railroad_ink.meteor import strike_square
from linecraft.games.railroad_ink.pieces import CRATER
from linecraft.games.railroad_ink.rules import RailroadInkState
from linecraft.games.railroad_ink.scoring import score_board

BOARDS = Path(__file__).parent / "boards"
GAME = linecraft.load("railroad-ink", expansions=["meteor"])


def meteor_game(roll: str, squares: dict[str, str] | None = None) -> RailroadInkState:
    state = GAME.new_state(0)
    assert isinstance(state, RailroadInkState)
    for square, token in (squares or {}).items():
        state.seats[0].board[parse_cell(square)] = token
    state.apply_chance(roll)
    return state


@pytest.mark.parametrize(
    ("impact", "craters", "direction", "distance", "struck"),
    [
        (None, [], "N", 1, "C4"),
        ("C4", ["C4"], "W", 2, "C2"),
        ("E2", ["E2", "E3"], "W", 3, "E4"),  # the rulebook's bounce
        ("B6", ["B6"], "E", 2, "B5"),
        ("A1", ["A1", "D1"], "N", 3, "E1"),
    ],
)
def test_the_movement_examples(
    impact: str | None, craters: list[str], direction: str, distance: int, struck: str
) -> None:
    board: list[str | None] = [None] * 49
    for square in craters:
        board[parse_cell(square)] = CRATER
    start = None if impact is None else parse_cell(impact)
    assert cell_name(strike_square(board, start, direction, distance)) == struck


def test_the_worked_example_scores_7_and_round_trips() -> None:
    text = (BOARDS / "meteor_example.txt").read_text()
    board = parse_board(text)
    assert board.impact == parse_cell("C2")
    card = score_board(board).card()
    assert card["expansion"] == {"meteor": {"crater_sides": 2, "points": 4}}
    assert (card["errors"], card["centre"], card["total"]) == (1, 0, 7)
    assert (
        parse_board(format_board(board)) == board
        and parse_board(format_board(board)).impact == board.impact
    )
    assert GAME.check_position(board) == []
    assert any(
        "needs the Meteor expansion" in p
        for p in linecraft.load("railroad-ink").check_position(board)
    )


def test_the_strike_comes_first_and_erases_what_was_drawn() -> None:
    state = meteor_game("roll HS RC HT OV MN M1", {"C4": "H.H."})
    assert {str(a) for a in state.legal_actions(0)} == {"strike N"} | {
        f"ignore x{k}" for k in range(1, 7)
    }
    with pytest.raises(IllegalActionError, match="first the meteor"):
        state.apply(0, "d1 D1 .H.H")
    with pytest.raises(IllegalActionError, match="the meteor flies N"):
        state.apply(0, "strike W")
    state.apply(0, "strike N")
    assert state.seats[0].board[parse_cell("C4")] == CRATER and state.seats[0].impact == parse_cell(
        "C4"
    )
    state.undo(0)
    assert state.seats[0].board[parse_cell("C4")] == "H.H." and state.seats[0].impact is None
    state.apply(0, "strike N")
    with pytest.raises(IllegalActionError, match="already resolved"):
        state.apply(0, "strike N")


def test_a_four_way_roll_lets_the_player_choose_and_ignoring_costs_a_special() -> None:
    state = meteor_game("roll HS RC HT OV MA M2")
    assert {str(a) for a in state.legal_actions(0) if str(a).startswith("strike")} == {
        "strike N", "strike E", "strike S", "strike W",
    }  # fmt: skip
    state.apply(0, "ignore x3")
    seat = state.seats[0]
    assert seat.specials_used == ["x3"] and seat.impact is None and CRATER not in seat.board
    with pytest.raises(IllegalActionError, match="a special route was already used this round"):
        state.apply(0, "x4 D1 RRRR")


def test_erasing_a_crater_to_draw_a_route() -> None:
    state = meteor_game("roll HS RC HT OV MW M1", {"D1": ".H.H"})
    state.apply(0, "strike W")  # from D4 one square west: D3
    assert state.seats[0].board[parse_cell("D3")] == CRATER
    state.apply(0, "d1 D2 .H.H")  # a highway may face the crater
    with pytest.raises(IllegalActionError, match="D5 holds no crater"):
        state.apply(0, "erase D5 d2 RR..")
    state.apply(0, "erase D3 d3 .HHH")
    assert state.seats[0].board[parse_cell("D3")] == ".HHH"
    assert state.seats[0].impact == parse_cell("D3")  # the mark stays (§10.5)


def test_with_lava_craters_are_never_erased_for_lava() -> None:
    game = linecraft.load("railroad-ink", expansions=["lava", "meteor"])
    state = game.new_state(0)
    assert isinstance(state, RailroadInkState)
    state.apply_chance("roll HS RC HT OV LC LT MS M1")
    assert game.rounds == 6
    state.apply(0, "strike S")  # D4 → E4, a square next to the volcano
    assert state.seats[0].board[parse_cell("E4")] == CRATER
    with pytest.raises(IllegalActionError, match="E4 holds no route to erase"):
        state.apply(0, "erase E4 l1 LL..")
