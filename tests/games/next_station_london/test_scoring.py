"""Scoring (§7, §8, §15), the sheet format (§13) and the worked example of §16."""

from __future__ import annotations

import pytest

import linecraft
from linecraft.core import PositionError
from linecraft.games.next_station_london.london import LONDON
from linecraft.games.next_station_london.rules import NextStationLondonState
from linecraft.games.next_station_london.scoring import (
    LineScore,
    SheetScore,
    score_line,
    score_sheet,
    solo_band,
)
from linecraft.games.next_station_london.sheet import format_sheet, parse_sheet, sheet_problems
from tests.games.next_station_london import worked_example as example

GAME = linecraft.load("next-station-london")
# A green line through 6 districts, at most 3 stations in one, one Thames section (§7.3).
GREEN_20 = "3,2-1,0 1,0-0,0 0,0-1,1 1,1-0,2 0,2-0,3 0,3-2,3 2,3-4,5 4,5-7,5"


def sections(text: str) -> list[tuple[int, int]]:
    pairs = [word.split("-") for word in text.split()]
    return [
        (LONDON.index_of[int(a[0]), int(a[2])], LONDON.index_of[int(b[0]), int(b[2])])
        for a, b in pairs
    ]


def card_of(sheet: str, **options: object) -> dict[str, object]:
    """The scorer's card; solo fields only when asked for, as on the command line."""
    options.setdefault("solo", False)
    game = linecraft.load("next-station-london", **options)
    return dict(game.score_position(game.parse_position(sheet)))


def test_the_rulebook_line_scores_20_and_26_with_the_circle() -> None:
    line = score_line("green", sections(GREEN_20))
    assert (line.districts, line.largest, line.thames, line.score) == (6, 3, 1, 20)
    assert line.largest_district == "north_west"
    circled = score_line("green", sections(GREEN_20), LONDON.index_of[1, 1])
    assert (circled.largest, circled.score) == (4, 26)
    elsewhere = score_line("green", sections(GREEN_20), LONDON.index_of[7, 5])
    assert elsewhere.score == 20  # east holds one station: 2 is still not the largest


def test_the_rulebook_final_example_totals_119() -> None:
    """§7.3 and §8.2: lines 20, 16, 29, 22 (87); 7 tourist visits (14); 9 two-line
    interchanges (18)."""
    figures = [(6, 3, 1), (4, 4, 0), (5, 5, 2), (5, 4, 1)]
    lines = {
        colour: LineScore(colour, frozenset(), d, m, "central", t, d * m + 2 * t, 0, None)
        for colour, (d, m, t) in zip(("purple", "blue", "pink", "green"), figures, strict=True)
    }
    score = SheetScore(lines, 7, {2: 9, 3: 0, 4: 0}, (), (), (), 0)
    assert [line.score for line in lines.values()] == [20, 16, 29, 22]
    assert (score.line_points, score.tourist_points, score.interchange_points) == (87, 14, 18)
    assert score.total == 119 and score.best_line == 29


def test_tourist_track_and_interchange_values() -> None:
    """7 visits score 14; tracks cap at 10 visits; 2, 3, 4 lines at a station: 2, 5, 9."""
    score = score_sheet(parse_sheet(example.FINAL_SHEET))
    assert (score.tourist_visits, score.tourist_points) == (5, 8)
    for visits, points in [(0, 0), (3, 4), (7, 14), (9, 21), (10, 25), (14, 25)]:
        assert SheetScore({}, visits, {2: 0, 3: 0, 4: 0}, (), (), (), 0).tourist_points == points
    # 4,6 on purple, pink and green; 3,6 and 5,7 on two lines each.
    three = "purple: 2,5-3,6 3,6-4,6 4,6-5,7\nblue:\npink: 7,3-4,6\ngreen: 3,2-3,6 3,6-3,7 3,7-4,6"
    card = card_of(three)
    assert (card["interchanges_2"], card["interchanges_3"], card["interchanges_4"]) == (2, 1, 0)
    assert card["interchange_points"] == 2 * 2 + 5
    # Now blue reaches 4,6 too: four lines there.
    four = "purple: 2,5-3,6 3,6-4,6\nblue: 5,7-4,6\npink: 7,3-4,6\ngreen: 3,2-3,6 3,6-3,7 3,7-4,6"
    card = card_of(four)
    assert (card["interchanges_2"], card["interchanges_3"], card["interchanges_4"]) == (1, 0, 1)
    assert card["interchange_points"] == 2 + 9


def test_the_scorer_examples_of_section_15() -> None:
    card = card_of("green:")
    assert [
        card[f"green_{k}"] for k in ("districts", "largest", "thames_sections", "score", "tourists")
    ] == [1, 1, 0, 1, 0]
    assert card["purple_score"] == 0 and (card["lines"], card["total"], card["best_line"]) == (
        1,
        1,
        1,
    )
    card = card_of("purple: 2,5-3,6 3,6-4,6 4,6-5,7\nblue:")
    assert (card["purple_districts"], card["purple_largest"], card["purple_score"]) == (3, 2, 6)
    assert card["blue_score"] == 1 and card["interchanges_2"] == 1
    assert (card["interchange_points"], card["total"], card["best_line"]) == (2, 9, 6)
    assert "solo_score" not in card


def test_the_worked_example_game_from_the_first_card_to_the_scorer_output() -> None:
    game = linecraft.load("next-station-london", **example.OPTIONS)
    state = game.new_state(0)
    assert isinstance(state, NextStationLondonState)
    for number, round_turns in enumerate(example.ROUNDS):
        assert state.round == number
        for cards, action in round_turns:
            for card in cards:
                state.apply_chance(card)
            if action is None:
                continue
            if action == "pass":  # every pass of the example is forced, powers aside
                moves = state.legal_actions(0)
                assert all(m.power or not m.sections for m in moves)  # type: ignore[attr-defined]
            state.apply(0, action)
    assert state.is_terminal()
    card = state.scores()[0]
    assert "".join(f"{k}: {v}\n" for k, v in card.items()) == example.SCORER_OUTPUT
    assert game.format_position(game.position_of(state, 0)) == example.FINAL_SHEET
    assert card_of(example.FINAL_SHEET, solo=True) == dict(card)


def test_solo_bands() -> None:
    bands = {
        -5: "last_stop", 90: "last_stop", 91: "wrong_tunnel", 105: "wrong_tunnel",
        106: "on_track", 125: "good_work", 136: "excellent", 150: "excellent", 151: "legendary",
    }  # fmt: skip
    assert {score: solo_band(score) for score in bands} == bands
    # One module used (objectives): 10 off; powers alone count as a module too.
    sheet = "objectives: tourist5 thames6\ngreen:\n"
    assert card_of(sheet, solo=True)["solo_score"] == 1 - 10
    assert card_of("green:", solo=True, powers=True)["solo_score"] == 1 - 10
    assert card_of("green:\ncircle green: 3,2", solo=True)["solo_score"] == 2 - 10


def test_the_sheet_format_round_trips_and_accepts_any_order() -> None:
    sheet = parse_sheet(example.FINAL_SHEET)
    assert format_sheet(sheet) == example.FINAL_SHEET
    shuffled = (
        "circle PINK: 9,6   # the circle first\r\n\n"
        + "\n".join(reversed(example.FINAL_SHEET.splitlines()[1:-1]))
        + "\nobjectives:central9\tthames6\n"
    )
    reversed_sections = shuffled.replace("2,5-2,4", "2,4-2,5")
    again = parse_sheet(reversed_sections)
    assert sheet_problems(again) == []
    assert score_sheet(again) == score_sheet(sheet)


def test_syntax_errors_are_all_reported_with_their_line() -> None:
    with pytest.raises(PositionError) as error:
        parse_sheet(
            "green: 3,2-4,3\ngreen:\nobjectives: thames6 nothing\norange: 1,1-2,2\nblue 3,3"
        )
    assert error.value.problems == [
        "line 2: a second green line",
        "line 3: unknown objective(s) nothing",
        "line 4: unknown statement 'orange'",
        "line 5: expected 'COLOUR: sections', 'objectives: …' or 'circle …'",
    ]


@pytest.mark.parametrize(
    ("sheet", "problem"),
    [
        ("green: 3,2-3,3", "green: 3,3 is not a station"),
        ("green: 3,2-4,4", "green: 3,2-4,4 is not a potential section"),
        ("green: 3,2-4,3\npurple: 2,5-4,3 4,3-3,2", "3,2-4,3 is drawn 2 times (green, purple)"),
        ("purple: 2,5-2,4 2,4-4,4\ngreen: 3,2-3,6", "3,2-3,6 (green) crosses 2,4-4,4 (purple)"),
        ("green: 3,2-4,3 5,3-5,4", "green: not connected to its departure station (5,3, 5,4)"),
        ("green: 3,2-4,3 4,3-5,3 5,3-3,1 3,1-3,2", "green: the line closes a loop"),
        ("green:\ncircle pink: 7,3", "the circle is on pink, which has no line"),
        ("green:\ncircle green: 4,3", "the circled 4,3 is not a station of the green line"),
    ],
)
def test_every_validity_rule_names_its_violation(sheet: str, problem: str) -> None:
    problems = sheet_problems(parse_sheet(sheet))
    assert any(problem in p for p in problems), problems
    with pytest.raises(PositionError):
        GAME.score_position(parse_sheet(sheet))


def test_too_many_branchings_and_sections() -> None:
    assert sheet_problems(parse_sheet("green: 3,2-4,3 3,2-6,2 3,2-1,0 3,2-3,1")) == []
    star = "green: 3,2-4,3 3,2-6,2 3,2-1,0 3,2-3,1 3,2-5,0"
    assert "green: 3 branchings, at most 2" in sheet_problems(parse_sheet(star))
    long_line = "green: " + GREEN_20 + " 7,5-9,7 9,7-9,9 9,9-8,8 8,8-6,8"
    assert "green: 12 sections, at most 11" in sheet_problems(parse_sheet(long_line))


def test_ties_go_to_the_best_single_line_then_are_shared() -> None:
    state = linecraft.load("next-station-london", players=3).new_state(0)
    assert isinstance(state, NextStationLondonState)
    # Player 0: purple 2,5-2,4 (2) and blue (1); player 1: three empty lines (3);
    # player 2: the same as player 1.
    for player, lines in enumerate(
        [{"purple": ["2,5-2,4"], "blue": []}, {"purple": [], "blue": [], "green": []}, {}]
    ):
        sheet = state.sheets[player]
        sheet.lines = {}
        for colour, drawn in (lines or {"purple": [], "blue": [], "green": []}).items():
            sheet.lines[colour] = ()
            for section in sections(" ".join(drawn)):
                sheet.draw(colour, section)
    totals = [state.scores()[p]["total"] for p in range(3)]
    assert totals == [3, 3, 3]
    assert state.winners() == [0]
    state.sheets[0].lines = {"purple": [], "blue": [], "green": []}
    assert state.winners() == [0, 1, 2]
