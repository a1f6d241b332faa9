"""Routes and scoring: the rules' test vectors (§18), worked examples (§7.5, §13, §11.5)."""

from __future__ import annotations

from linecraft.games.metro.board import square
from linecraft.games.metro.position import format_position, parse_position
from linecraft.games.metro.routes import trace
from linecraft.games.metro.scoring import (
    company_scores,
    company_values,
    format_records,
    score_table,
)
from tests.games.metro.helpers import VECTORS, vector

EXAMPLE_7_5 = """players 4
board
---- ---- ---- ---- ---- ---- ---- ----
---- badb ---- ---- ---- ---- ---- ----
---- baac aaaa cdac ---- ---- ---- ----
cbaa aacb ---- #### #### ---- ---- ----
---- ---- ---- #### #### ---- ---- ----
---- ---- ---- ---- ---- ---- ---- ----
---- ---- ---- ---- ---- ---- ---- ----
---- ---- ---- ---- ---- ---- ---- ----
"""
EXAMPLE_13 = """players 4
modules 3
board
---- ---- ---- ---- ---- ---- ---- ----
---- ---- ---- ---- ---- ---- ---- ----
---- ---- ---- ---- ---- ---- ---- ----
baac aacb baac BBBB AAAA ---- ---- ----
---- ---- ---- CCCC ADBB ---- ---- ----
---- ---- ---- ---- aaaa ---- ---- ----
---- ---- ---- ---- baac ---- ---- ----
---- ---- ---- ---- aaaa ---- ---- ----
"""


def test_the_full_board_vector_gives_the_scorer_output_exactly() -> None:
    result = score_table(vector("full_board"))
    assert format_records(result) == (VECTORS / "full_board.out").read_text()
    arrivals = [line["to"] for line in result["lines"]]
    assert len(set(arrivals)) == 40  # a bijection on a full board (§9.5)
    assert result["result"] == {"winners": [2]}


def test_modules_2_and_4_add_central_lines_and_number_points() -> None:
    out = format_records(score_table(vector("modules_2_4"))).splitlines()
    for record in (VECTORS / "modules_2_4.changes").read_text().splitlines():
        assert record in out


def test_module_1_companies_values_shares_and_majorities() -> None:
    result = score_table(vector("module_1"))
    out = format_records(result).splitlines()
    for record in (VECTORS / "module_1.changes").read_text().splitlines():
        assert record in out
    owners = {line["from"]: line["owner"] for line in result["lines"]}
    assert owners["1"] == "yellow" and owners["C2"] == "-" and owners["16"] == "red"


def test_the_rulebook_line_of_seven_passages_scores_14_at_the_centre() -> None:
    table = parse_position(EXAMPLE_7_5)
    route = trace(table.board, "12")
    assert route.path == tuple(
        square(r, c) for r, c in ((3, 0), (3, 1), (2, 1), (1, 1), (2, 1), (2, 2), (2, 3))
    )
    assert (route.to, route.passages, route.doubled, route.points) == ("C2", 7, True, 14)
    assert score_table(table)["players"][1]["lines"] == 14  # station 12 is blue's


def test_central_track_pieces_carry_a_line_through_the_centre() -> None:
    route = trace(parse_position(EXAMPLE_13).board, "21")
    assert (route.to, route.passages, route.doubled, route.points) == ("12", 9, False, 9)


def test_company_values_and_the_68_point_example() -> None:
    profits = {"yellow": 38, "orange": 30, "blue": 22, "green": 22, "red": 18, "purple": 12,
               "black": 9, "white": 9}  # fmt: skip
    assert list(company_values(profits).values()) == [8, 7, 6, 6, 4, 3, 2, 2]
    # Nina: yellow 40 % and 20 %, blue 10 %, green 30 %; values yellow 8, blue 5, green 4.
    profits = {"yellow": 38, "orange": 30, "red": 28, "blue": 20, "green": 19, "black": 18,
               "purple": 10, "white": 5}  # fmt: skip
    values = company_values(profits)
    assert (values["yellow"], values["blue"], values["green"]) == (8, 5, 4)
    shares = {
        0: [("yellow", 40), ("yellow", 20), ("blue", 10), ("green", 30)],
        1: [("blue", 30), ("green", 40), ("black", 10), ("orange", 20)],
    }
    points, bonus = company_scores(profits, shares, 2)
    assert points[0] == 48 + 5 + 12 and bonus[0] == 3
    assert points[0] + bonus[0] == 68


def test_position_files_round_trip_and_name_their_problems() -> None:
    for name in ("full_board", "modules_2_4", "module_1"):
        table = vector(name)
        assert parse_position(format_position(table)) == table
    bad = EXAMPLE_7_5.replace("cbaa aacb", "cbaa zzzz").replace("players 4", "players 9")
    try:
        parse_position(bad)
    except ValueError as exc:
        assert "'zzzz' cannot stand on square 31" in str(exc)
    else:
        raise AssertionError("a bad board was read")
