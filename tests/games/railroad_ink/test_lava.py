"""The Lava expansion (§9): pieces, placement rules, the obligation, erasing, scoring."""

from __future__ import annotations

from pathlib import Path

import pytest

import linecraft
from linecraft.core import IllegalActionError
from linecraft.games.railroad_ink.board import parse_board, parse_cell
from linecraft.games.railroad_ink.rules import RailroadInkState
from linecraft.games.railroad_ink.scoring import LavaDetails, score_board

BOARDS = Path(__file__).parent / "boards"
GAME = linecraft.load("railroad-ink", expansions=["lava"])
# Our two lava rulings (§9.5 item 4, O5), as every refusal under them names them.
NO_TOUCH = "(lava never touches a route: a Linecraft ruling, not in the rulebook)"
NO_EXIT = "(no lava on exits: a Linecraft ruling, not in the rulebook)"


def lava_game(roll: str, squares: dict[str, str] | None = None) -> RailroadInkState:
    state = GAME.new_state(0)
    assert isinstance(state, RailroadInkState)
    for square, token in (squares or {}).items():
        state.seats[0].board[parse_cell(square)] = token
    state.apply_chance(roll)
    return state


def test_the_worked_example_scores_7() -> None:
    """§9.8: the highway of `H.HL` on D5 makes it a centre square; pure lava is not."""
    details = score_board(parse_board((BOARDS / "lava_example.txt").read_text()))
    card = details.card()
    assert card["expansion"] == {
        "lava": {"closed_lakes": 1, "closed_lake_points": 5, "largest_lake": 5,
                 "open_lava_sides": 3, "points": 10},
    }  # fmt: skip
    assert (card["errors"], card["longest_highway"], card["centre"], card["total"]) == (5, 1, 1, 7)
    assert details.centre == ("D5",)


def test_the_rulebook_lakes_score_16() -> None:
    """Karel: a closed lake (5) and an open largest lake of 11 squares (11)."""
    details = LavaDetails(
        lakes=(tuple(range(4)), tuple(range(10, 21))), closed=(True, False), open_sides=3
    )
    assert (details.closed_lakes, details.largest_lake, details.points) == (1, 11, 16)


def test_the_game_starts_with_a_volcano_and_lasts_six_rounds() -> None:
    state = GAME.new_state(0)
    assert isinstance(state, RailroadInkState)
    assert state.seats[0].board[parse_cell("D4")] == "LLLL" and GAME.rounds == 6
    assert len(state.chance_outcomes()) == 168 * 15


def test_new_volcanoes_and_lava_dice_examples() -> None:
    """§9.5: volcano A1 legal, C4 next to lava, A2 on an exit; l1 D5 .L.L and H.HL legal."""
    state = lava_game("roll HS RC HT OV LS LH")
    state.clone().apply(0, "volcano A1")
    with pytest.raises(IllegalActionError, match="next to the lava of D4"):
        state.apply(0, "volcano C4")
    with pytest.raises(IllegalActionError, match="lies on the exit A2N"):
        state.apply(0, "volcano A2")
    state.clone().apply(0, "l1 D5 .L.L")
    state.clone().apply(0, "l2 D5 H.HL")


@pytest.mark.parametrize(
    ("squares", "action", "reason"),
    [
        ({}, "l1 A1 .L.L", "no lava side of it is fed by the lava of a neighbouring square"),
        ({"B4": "H.H."}, "l1 C4 L.L.", f"N side (lava) faces the highway side of B4 {NO_TOUCH}"),
        ({"C5": "L.L."}, "l2 D5 H.HL", f"N side (highway) faces the lava side of C5 {NO_TOUCH}"),
        ({"C5": "R.R."}, "l2 D5 H.HL", "N side (highway) faces the railway side of C5"),
        ({"D5": ".L.L"}, "d1 D6 .H.H", f"W side (highway) faces the lava side of D5 {NO_TOUCH}"),
        ({"A2": "H.H."}, "volcano B2", f"the route of A2 points at it {NO_TOUCH}"),
        ({}, "volcano A2", f"its N side lies on the exit A2N {NO_EXIT}"),
        ({}, "l1 D4 L.L.", "D4 is not empty"),
    ],
)
def test_lava_refusals(squares: dict[str, str], action: str, reason: str) -> None:
    """The refusals under our own rulings say so; the rulebook's do not."""
    state = lava_game("roll HS RC HT OV LS LH", squares)
    before = state.seats[0].board[:]
    with pytest.raises(IllegalActionError) as refused:
        state.apply(0, action)
    assert str(refused.value) == f"{action}: {reason}"
    assert state.seats[0].board == before


def test_lava_on_an_exit_is_refused() -> None:
    state = lava_game("roll HS RC HT OV LS LH", {"B4": "L.L.", "C4": "L.L."})
    with pytest.raises(IllegalActionError) as refused:
        state.apply(0, "l1 A4 L.L.")
    assert str(refused.value) == f"l1 A4 L.L.: N side (lava) lies on the railway exit A4N {NO_EXIT}"


def test_a_lava_die_must_be_drawn_each_round() -> None:
    state = lava_game("roll HS HS HS SS LS LS")
    for action in ("d1 D1 .H.H", "d2 D2 .H.H", "d3 A2 H.H.", "d4 B2 H.R.+"):
        state.apply(0, action)
    with pytest.raises(IllegalActionError, match="a lava die must be drawn this round"):
        state.apply(0, "end")
    state.apply(0, "l1 D5 .L.L")
    state.apply(0, "end")  # the second lava die is optional


def test_a_stuck_player_erases_a_route_for_lava_or_draws_a_volcano() -> None:
    ring = {"C4": ".H.H", "D3": "H.H.", "D5": "H.H.", "E4": ".H.H"}  # blank sides face D4
    state = lava_game("roll HS HS HS SS LS LS", ring)
    for action in ("d1 D1 .H.H", "d2 D2 .H.H", "d3 A2 H.H.", "d4 B2 H.R.+"):
        state.apply(0, action)
    with pytest.raises(
        IllegalActionError, match=r"no lava die fits: draw a volcano \(e.g. on A1\)"
    ):
        state.apply(0, "end")
    erase = "erase C4 l1 L.L."
    assert erase in {str(a) for a in state.legal_actions(0)}
    state.apply(0, erase)
    assert state.seats[0].board[parse_cell("C4")] == "L.L."
    state.undo(0)
    assert state.seats[0].board[parse_cell("C4")] == ".H.H"
    free = lava_game("roll HS HS HS SS LS LS", {"C4": ".H.H"})  # lava still fits on D3
    with pytest.raises(IllegalActionError, match="only when no lava die fits"):
        free.apply(0, "erase C4 l1 L.L.")


def test_lava_boards_are_checked_for_their_volcanoes() -> None:
    board = parse_board((BOARDS / "lava_example.txt").read_text())
    assert GAME.check_position(board) == []
    board[parse_cell("A1")] = "LL.."
    assert "the lava lake A1 A2 B1 B2 has no volcano" in GAME.check_position(board)
    base = linecraft.load("railroad-ink")
    assert any("needs the Lava expansion" in p for p in base.check_position(board))


def test_lava_against_routes_or_on_exits_is_invalid_by_our_ruling() -> None:
    board = parse_board((BOARDS / "lava_example.txt").read_text())
    board[parse_cell("A4")] = "L.L."  # lava on the railway exit A4N and against B4
    board[parse_cell("B4")] = "H.H."  # a highway against the lava of A4 and C4
    problems = GAME.check_position(board)
    assert f"A4 N: lava on a railway exit {NO_EXIT}" in problems
    assert f"A4 S: lava faces the highway of B4 {NO_TOUCH}" in problems
    assert f"B4 S: highway faces the lava of C4 {NO_TOUCH}" in problems
