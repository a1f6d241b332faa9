"""Text formats: orientations (§6), board text (§12), actions and rolls (§13)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from linecraft.core import ActionSyntaxError, PositionError
from linecraft.games.railroad_ink import format_board, parse_board
from linecraft.games.railroad_ink.actions import ALL_ROLLS, parse_action, parse_roll
from linecraft.games.railroad_ink.pieces import FACE_OF_TOKEN, orientation_tokens

# Rules §6, the complete table: k = 0…7 for every face.
ORIENTATION_TABLE = """
HS H.H. .H.H H.H. .H.H H.H. .H.H H.H. .H.H
RS R.R. .R.R R.R. .R.R R.R. .R.R R.R. .R.R
HC HH.. .HH. ..HH H..H H..H HH.. .HH. ..HH
RC RR.. .RR. ..RR R..R R..R RR.. .RR. ..RR
HT HHH. .HHH H.HH HH.H H.HH HH.H HHH. .HHH
RT RRR. .RRR R.RR RR.R R.RR RR.R RRR. .RRR
OV HRHRx RHRHx HRHRx RHRHx HRHRx RHRHx HRHRx RHRHx
SS H.R.+ .H.R+ R.H.+ .R.H+ H.R.+ .H.R+ R.H.+ .R.H+
SC HR..+ .HR.+ ..HR+ R..H+ H..R+ RH..+ .RH.+ ..RH+
x1 HHRH+ HHHR+ RHHH+ HRHH+ HHRH+ HHHR+ RHHH+ HRHH+
x2 HRRR+ RHRR+ RRHR+ RRRH+ HRRR+ RHRR+ RRHR+ RRRH+
x3 HHHH HHHH HHHH HHHH HHHH HHHH HHHH HHHH
x4 RRRR RRRR RRRR RRRR RRRR RRRR RRRR RRRR
x5 HRRH+ HHRR+ RHHR+ RRHH+ HHRR+ RHHR+ RRHH+ HRRH+
x6 HRHR+ RHRH+ HRHR+ RHRH+ HRHR+ RHRH+ HRHR+ RHRH+
"""


@pytest.mark.parametrize("line", ORIENTATION_TABLE.strip().splitlines())
def test_orientations_match_the_rules_table(line: str) -> None:
    code, *tokens = line.split()
    assert set(orientation_tokens(code)) == set(tokens)
    assert orientation_tokens(code)[0] == tokens[0]


def test_rolls_are_168_and_sum_to_one() -> None:
    assert len({str(r) for r in ALL_ROLLS}) == 168
    assert sum(r.probability for r in ALL_ROLLS) == 1
    assert parse_roll("roll HS HS RT OV").probability == Fraction(1, 216)


def test_roll_text_is_normalised() -> None:
    assert str(parse_roll("SC rt HS hc")) == "roll HS HC RT SC"
    for bad in ("roll HS HS OV", "roll HS HS HS HS", "roll XX HS HS OV", ""):
        with pytest.raises(ActionSyntaxError):
            parse_roll(bad)


def test_action_text() -> None:
    assert str(parse_action("D2 c4 H.H.")) == "d2 C4 H.H."
    assert str(parse_action("d4 B6 HRHR")) == "d4 B6 HRHRx"
    assert str(parse_action("x6 B6 HRHR")) == "x6 B6 HRHR+"
    for bad in ("d9 C4 H.H.", "d1 H4 H.H.", "d1 C4 HH", "d1 C4 HRHRx", "d1", "undo now"):
        with pytest.raises(ActionSyntaxError):
            parse_action(bad)


TOKENS = sorted(FACE_OF_TOKEN)
board_strategy = st.lists(st.one_of(st.none(), st.sampled_from(TOKENS)), min_size=49, max_size=49)


@given(board_strategy)
def test_board_text_round_trips(board: list[str | None]) -> None:
    text = format_board(board)
    assert parse_board(text) == board
    assert format_board(parse_board(text)) == text


def test_board_text_comments_headers_and_spacing() -> None:
    rows = ["....\t....  ....  ....  ....  ....  ...."] * 7
    text = "# a comment\n[surface]\n\n" + "\n".join(rows) + "\n"
    assert parse_board(text) == [None] * 49


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\n".join(["....  " * 7] * 6), "found 6 lines"),
        ("\n".join(["....  " * 6] * 7), "line 1: 6 tokens"),
        ("\n".join(["HHRR  " + "....  " * 6] + ["....  " * 7] * 6), "square A1"),
        ("\n".join(["....  " * 7] * 2 + ["..x.  " + "....  " * 6] + ["....  " * 7] * 4), "line 3"),
        ("\n".join(["H.H.x " + "....  " * 6] + ["....  " * 7] * 6), "overpass"),
    ],
)
def test_malformed_boards_name_the_line_and_problem(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        parse_board(text)
