"""The Underground expansion (§11): pieces, placement, scoring, the board text."""

from __future__ import annotations

from pathlib import Path

import pytest

from linecraft.core import PositionError
from linecraft.games.railroad_ink.board import parse_cell
from linecraft.games.railroad_ink.underground import (
    ALL_UNDER_ROLLS,
    format_layers,
    parse_layers,
    parse_under_roll,
    score_underground,
    under_orientations,
    under_piece,
    under_problem,
)

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
    assert "takes pipes" in (under_problem(board, parse_cell("D1"), ".S.S") or "")
    assert under_problem(board, parse_cell("A4"), "S.S.o") is None
    board[parse_cell("D1")] = ".P.P"
    assert under_problem(board, parse_cell("D2"), "SPSP") is None
    assert "W side (subway) faces the pipe side of D1" in (
        under_problem(board, parse_cell("D2"), "PSPS") or ""
    )


def test_a_two_board_file_needs_both_headers_in_order() -> None:
    text = (BOARDS / "underground_example.txt").read_text()
    surface = "[surface]\n" + "\n".join([" ".join(["...."] * 7)] * 7) + "\n"
    layers = parse_layers(surface + text)
    assert layers.surface is not None and layers.surface[0] is None
    with pytest.raises(PositionError, match="out of place"):
        parse_layers(text + surface)
