"""The Underground expansion (§11): pieces, placement, scoring, the board text."""

from __future__ import annotations

from pathlib import Path

import pytest

import linecraft
from linecraft.core import IllegalActionError, PositionError
from linecraft.games.railroad_ink.board import parse_cell
from linecraft.games.railroad_ink.rules import RailroadInkState
from linecraft.games.railroad_ink.underground import (
    ALL_UNDER_ROLLS,
    Layers,
    format_layers,
    parse_boards,
    parse_layers,
    parse_under_roll,
    score_underground,
    under_orientations,
    under_piece,
    under_problem,
    underground_problems,
)
from linecraft.games.railroad_ink.underground_play import forced_hub

BOARDS = Path(__file__).parent / "boards"


def test_the_worked_example_totals_40_with_every_field() -> None:
    text = (BOARDS / "underground_example.txt").read_text()
    layers = parse_layers(text)
    assert layers.surface is None
    assert score_underground(layers.underground).card() == {
        "networks": [
            {"kind": "subway", "exits": 3, "hubs": 1, "size": 4, "points": 12},
            {"kind": "pipe", "exits": 2, "hubs": 0, "size": 2, "points": 4},
        ],
        "network_points": 16, "longest_pipe": 7, "longest_pipe_points": 14,
        "longest_subway": 9, "centre": 5, "open_ends": 2, "burst_pipes": 1, "errors": 4,
        "total": 40,
    }  # fmt: skip
    assert parse_layers(format_layers(layers)) == layers


def test_faces_orientations_and_rolls() -> None:
    assert under_orientations("LL") == ("SPPS", "SSPP", "PSSP", "PPSS")
    assert under_orientations("PTs") == ("PPPSo", "SPPPo", "PSPPo", "PPSPo")
    assert len(ALL_UNDER_ROLLS) == 360
    assert sum(r.probability for r in ALL_UNDER_ROLLS) == 1
    assert str(parse_under_roll("roll sio pl px ii")) == "roll SIo PL PX II"
    with pytest.raises(ValueError, match="not an underground roll"):
        parse_under_roll("roll PL SIo PX II")  # die A shows only stations


@pytest.mark.parametrize(
    ("token", "problem"),
    [("S.S", "four sides"), ("P..S", "subway stub ends at a station"), ("PPP.c", "only a stub"),
     ("S.S.b", "only a pipe can burst"), ("P.P.o", "a station needs a subway side")],
)  # fmt: skip
def test_malformed_tokens_are_named(token: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        under_piece(token)


def test_placement_examples_on_an_empty_board() -> None:
    """§11.4: pipes on highway exits, subways on railway exits, no mismatch."""
    board: list[str | None] = [None] * 49
    assert under_problem(board, parse_cell("D1"), ".P.P") is None
    assert "takes pipes" in str(under_problem(board, parse_cell("D1"), ".S.S"))
    assert under_problem(board, parse_cell("A4"), "S.S.o") is None
    board[parse_cell("D1")] = ".P.P"
    assert under_problem(board, parse_cell("D2"), "SPSP") is None
    assert "W side (subway) faces the pipe side of D1" in str(
        under_problem(board, parse_cell("D2"), "PSPS")
    )


def test_a_two_board_file_needs_both_headers_in_order() -> None:
    text = (BOARDS / "underground_example.txt").read_text()
    surface = "[surface]\n" + "\n".join([" ".join(["...."] * 7)] * 7) + "\n"
    layers = parse_layers(surface + text)
    assert layers.surface is not None and layers.surface[0] is None
    with pytest.raises(PositionError, match="out of place"):
        parse_layers(text + surface)


def test_a_board_file_tells_its_mode() -> None:
    """§14: a surface board alone is the base game, two boards the expansion, an
    underground board alone the standalone game (checked as such: no bursts)."""
    surface = (BOARDS / "worked_example.txt").read_text()
    under = (BOARDS / "underground_example.txt").read_text()
    assert not isinstance(parse_boards(surface), Layers)
    two = parse_boards("[surface]\n" + surface + under)
    assert isinstance(two, Layers) and two.surface is not None
    assert underground_problems(two, standalone=False) == [
        "D3: a burst pipe with no surface station above"
    ]
    alone = parse_boards(under)
    assert isinstance(alone, Layers) and alone.surface is None
    assert underground_problems(alone, standalone=False) == [
        "D3: no pipe bursts in the standalone game"
    ]


def test_hankas_board_scores_80_line_by_line() -> None:
    """§11.8 and §14.4: the rulebook's figures, rebuilt on a board."""
    layers = parse_layers((BOARDS / "underground_hanka.txt").read_text())
    assert score_underground(layers.underground).card() == {
        "networks": [
            {"kind": "subway", "exits": 4, "hubs": 6, "size": 10, "points": 36},
            {"kind": "pipe", "exits": 3, "hubs": 0, "size": 3, "points": 8},
        ],
        "network_points": 44, "longest_pipe": 13, "longest_pipe_points": 26,
        "longest_subway": 15, "centre": 6, "open_ends": 9, "burst_pipes": 1, "errors": 11,
        "total": 80,
    }  # fmt: skip


def expansion_game() -> RailroadInkState:
    state = linecraft.load("railroad-ink", expansions=["underground"]).new_state(0)
    assert isinstance(state, RailroadInkState)
    return state


def test_rounds_alternate_between_the_boards() -> None:
    state = expansion_game()
    assert state.game.rounds == 14
    assert len(state.chance_outcomes()) == 168  # round 1 is a surface round
    with pytest.raises(IllegalActionError, match="round 1 is a surface round"):
        state.apply_chance("roll SIo PL PX II")
    state.apply_chance("roll HS HS HS SS")
    for action in ("d1 D1 .H.H", "d2 D2 .H.H", "d3 A2 H.H.", "d4 B2 H.R.+"):
        state.apply(0, action)
    state.apply(0, "end")
    assert len(state.chance_outcomes()) == 360  # round 2 goes underground
    state.apply_chance("roll SIo PL PX II")
    with pytest.raises(IllegalActionError, match="underground round draws the underground dice"):
        state.apply(0, "d1 D3 .H.H")
    state.apply(0, "u2 D1 ..PP")  # the curved pipe of die B on the highway exit D1W
    assert state.seats[0].under[parse_cell("D1")] == "..PP"


def test_doubling_once_per_round_and_three_times_a_game() -> None:
    state = linecraft.load("railroad-ink", variant="underground-standalone").new_state(0)
    assert isinstance(state, RailroadInkState)
    state.apply_chance("roll STo PT PL II")
    with pytest.raises(IllegalActionError, match="u5 exists only after a double"):
        state.apply(0, "u5 D1 .P.P")
    state.apply(0, "double u2")  # Hanka doubles the pipe T
    with pytest.raises(IllegalActionError, match="already doubled this round"):
        state.apply(0, "double u3")
    state.apply(0, "u5 D1 .PPP")
    state.undo(0)
    state.undo(0)  # the double goes back once u5's drawing has
    assert state.seats[0].doublings == 0 and state.seats[0].doubled is None
    state.seats[0].doublings = 3
    with pytest.raises(IllegalActionError, match="all 3 doublings"):
        state.apply(0, "double u2")


def test_hubs_and_burst_pipes_between_the_boards() -> None:
    state = expansion_game()
    seat = state.seats[0]
    seat.board[parse_cell("B4")] = "H.R.+"  # a surface station already above B4
    seat.under[parse_cell("D3")] = ".P.P"  # a pipe already below D3
    state.apply_chance("roll HS HS HS SS")
    seat.board[parse_cell("D2")] = ".H.H"
    seat.board[parse_cell("D1")] = ".H.H"
    state.apply(0, "d4 D3 .R.H+")  # a station drawn over the pipe: it bursts
    assert seat.under[parse_cell("D3")] == ".P.Pb"
    state.undo(0)
    assert seat.under[parse_cell("D3")] == ".P.P"
    state.round, state.roll = 1, None
    for s in state.seats:
        s.ended = False
    state.apply_chance("roll SIo PL PX II")
    state.apply(0, "u1 A4 S.S.")  # the marker may be left out
    assert seat.under[parse_cell("A4")] == "S.S.o"
    state.apply(0, "double u1")
    state.apply(0, "u5 B4 S.S.")  # a station under the surface station of B4: a hub
    assert seat.under[parse_cell("B4")] == "S.S.h"


def test_standalone_forced_hubs() -> None:
    """§11.10: C4 first (hub), C6 plain (hub C4 in row C), E2 hub, E4 plain."""
    board: list[str | None] = [None] * 49
    for square, hub in (("C4", True), ("C6", False), ("E2", True), ("E4", False)):
        cell = parse_cell(square)
        assert forced_hub(board, cell) is hub
        board[cell] = "S.S.h" if hub else "S.S.o"
