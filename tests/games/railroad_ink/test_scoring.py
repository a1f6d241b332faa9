"""Hand-made boards for every scoring rule and the worked examples of rules §8."""

from __future__ import annotations

from pathlib import Path

import pytest

from linecraft.games.railroad_ink import parse_board, score_board
from linecraft.games.railroad_ink.scoring import NETWORK_POINTS

from .helpers import board_of

BOARDS = Path(__file__).parent / "boards"


def test_worked_example_of_the_rules_scores_49() -> None:
    details = score_board(parse_board((BOARDS / "worked_example.txt").read_text()))
    assert details.card() == {
        "networks": [{"exits": 6, "points": 20}, {"exits": 4, "points": 12}],
        "network_points": 32,
        "longest_highway": 11,
        "longest_railway": 5,
        "centre": 4,
        "errors": 3,
        "expansion": {},
        "total": 49,
    }
    assert details.longest_highway == (
        "A2", "B2", "B3", "B4", "C4", "D4", "D5", "D6", "C6", "B6", "A6",
    )  # fmt: skip
    assert {(e.square, e.side) for e in details.errors} == {("B1", "S"), ("E5", "S"), ("G6", "N")}


def test_network_table() -> None:
    assert NETWORK_POINTS[1:] == (0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 45)


STRAIGHT_LINE = {f"D{c}": ".H.H" for c in range(1, 8)}


def test_straight_highway_joins_two_exits() -> None:
    details = score_board(board_of(STRAIGHT_LINE))
    assert details.card()["networks"] == [{"exits": 2, "points": 4}]
    assert len(details.longest_highway) == 7
    assert details.errors == ()  # both ends lie on exits


def test_special_route_station_adds_a_railway_exit() -> None:
    squares = {**STRAIGHT_LINE, "D4": "RHHH+", "A4": "R.R.", "B4": "R.R.", "C4": "R.R."}
    details = score_board(board_of(squares))
    assert details.card()["networks"] == [{"exits": 3, "points": 8}]
    assert [(e.square, e.side) for e in details.errors] == [("D4", "S")]
    assert len(details.longest_railway) == 4  # A4 B4 C4 and the station D4


def test_loop_with_a_tail_counts_each_square_once() -> None:
    board = board_of({"D1": ".H.H", "D2": ".HHH", "D3": "..HH", "E2": "HH..", "E3": "H..H"})
    assert len(score_board(board).longest_highway) == 5


def test_centre_squares() -> None:
    board = board_of({"C4": "H.H.", "D4": "H.H.", "D5": "H.H.", "E5": "H.H.", "B4": "H.H."})
    assert score_board(board).card()["centre"] == 4


def test_centre_squares_with_lava_count_by_their_route() -> None:
    """§8.4, §9.8: a route drawn beside lava (`LR`, `LH`) is a route; lava alone is not."""
    squares = {"C3": "H.HL", "C4": "LR.R", "C5": "LL..", "D4": "LLLL", "E3": "****"}
    details = score_board(board_of(squares))
    assert details.centre == ("C3", "C4")


def test_error_examples_of_the_rules() -> None:
    railway_turn = score_board(board_of({"B1": "..RR"}))
    assert [(e.square, e.side) for e in railway_turn.errors] == [("B1", "S")]
    blank_side = score_board(board_of({"G6": "H.H.", "F6": "HR..+"}))
    assert ("G6", "N") in {(e.square, e.side) for e in blank_side.errors}
    board_edge = score_board(board_of({"C7": ".R.R", "C6": ".R.R"}))
    assert ("C7", "E") not in {(e.square, e.side) for e in board_edge.errors}


def test_errors_at_the_board_edge_never_count_but_blank_sides_do() -> None:
    # A corner curve pointing off the board on both sides: no error at all.
    assert score_board(board_of({"A1": "H..H"})).errors == ()
    # A highway T whose stem faces the blank side of a straight railway.
    details = score_board(board_of({"C3": ".HHH", "C4": "R.R.", "C2": ".H.H"}))
    errors = {(e.square, e.side) for e in details.errors}
    assert ("C3", "E") in errors  # faces the blank W side of C4
    assert ("C3", "S") in errors  # faces the empty D3


def test_mismatched_sides_are_errors_in_given_boards() -> None:
    details = score_board(board_of({"C3": ".H.H", "C4": ".R.R"}))
    reasons = {(e.square, e.side): str(e.reason) for e in details.errors}
    assert "railway" in reasons[("C3", "E")]
    assert "highway" in reasons[("C4", "W")]


def test_overpass_counts_in_both_longest_routes_and_keeps_routes_apart() -> None:
    board = board_of(
        {"A4": "R.R.", "B4": "RHRHx", "C4": "R.R.", "B3": ".H.H", "B5": ".H.H", "B2": ".H.H"}
    )
    details = score_board(board)
    assert len(details.longest_railway) == 3
    assert len(details.longest_highway) == 4
    highway_net = next(n for n in details.networks if "A4N" in n.exits)
    assert highway_net.parts == ((3, 0), (10, 1), (17, 0))  # A4, B4's railway part, C4


def test_longest_route_passes_through_stations() -> None:
    board = board_of({"D1": ".H.H", "D2": ".R.H+", "D3": ".R.R", "D4": ".H.R+", "D5": ".H.H"})
    details = score_board(board)
    assert details.longest_highway == ("D1", "D2")  # the station changes highway to railway
    assert details.longest_railway == ("D2", "D3", "D4")
    through = score_board(board_of({"D1": ".H.H", "D2": "RH.H+", "D3": ".H.H"}))
    assert len(through.longest_highway) == 3  # a station with two highway sides carries it
    assert details.card()["networks"] == []  # one exit only


def test_twelve_exits_score_45() -> None:
    ring = {
        "A1": ".HH.", "A2": "HH.H", "A3": ".H.H", "A4": "RH.H+", "A5": ".H.H", "A6": "HH.H",
        "A7": "..HH", "B7": "HRH.+", "C7": "H.H.", "D7": "HHH.", "E7": "H.H.", "F7": "HRH.+",
        "G7": "H..H", "G6": ".HHH", "G5": ".H.H", "G4": ".HRH+", "G3": ".H.H", "G2": ".HHH",
        "G1": "HH..", "F1": "H.HR+", "E1": "H.H.", "D1": "H.HH", "C1": "H.H.", "B1": "H.HR+",
    }  # fmt: skip
    assert score_board(board_of(ring)).errors == ()
    card = score_board(board_of(ring)).card()
    assert card["networks"] == [{"exits": 12, "points": 45}]


@pytest.mark.parametrize("kind", ["H", "R"])
def test_single_square_counts_one(kind: str) -> None:
    details = score_board(board_of({"D1": ".H.H" if kind == "H" else "..RR"}))
    route = details.longest_highway if kind == "H" else details.longest_railway
    other = details.longest_railway if kind == "H" else details.longest_highway
    assert (len(route), len(other)) == (1, 0)
