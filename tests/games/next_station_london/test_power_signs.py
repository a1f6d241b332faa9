"""What a sheet shows of the pencil powers (§10): each power once per player, one power
per line, and the solo deduction for a sheet that shows one."""

from __future__ import annotations

from typing import Any

import pytest

import linecraft
from linecraft.core import PositionError
from linecraft.games.next_station_london.sheet import parse_sheet, power_signs, sheet_problems
from tests.games.next_station_london import worked_example as example

# Branchings from the departure station: 3,2-4,3 and 3,2-6,2 on turns 1 and 2, then
# 3,2-1,0 on the switch card and 3,2-3,1 with the switch power.
GREEN_TWO_BRANCHINGS = "green: 3,2-4,3 3,2-6,2 3,2-1,0 3,2-3,1"
PURPLE_TWO_BRANCHINGS = "purple: 2,5-0,7 2,5-1,4 2,5-4,3 2,5-4,5"
GREEN_ONE_BRANCHING = "green: 3,2-4,3 3,2-6,2 3,2-1,0"
GREEN_11_SECTIONS = (
    "green: 3,2-4,3 4,3-5,3 3,2-5,0 5,3-6,3 6,3-6,2 6,2-7,3 5,0-6,1 7,3-9,3 6,1-7,0 7,0-9,0 9,3-8,4"
)
BLUE_11_SECTIONS = (
    "blue: 5,7-6,6 6,6-8,8 8,8-6,8 6,8-5,9 5,9-3,7 5,7-4,6 3,7-3,6 3,6-3,2 3,2-6,2 6,2-5,3 4,6-7,3"
)
# 3,7 8,7 7,5 4,5 6,3: five circles, one more than 2 circle cards and 2 jokers reach.
BLUE_FIVE_CIRCLES = "blue: 5,7-3,7 5,7-8,7 8,7-9,7 9,7-7,5 7,5-4,5 4,5-5,4 5,4-6,3"
# The four powers, one on each line: double (blue), switch (green), joker or double
# (pink: 7,5 4,5 2,5 0,7 1,8 are circles) and circle (purple).
ALL_FOUR_POWERS = """\
blue: 5,7-8,7 8,7-9,6 5,7-6,8 9,6-7,6 6,8-8,8 7,6-6,6 8,8-9,7 6,6-7,5 7,5-5,3 5,3-6,2 6,2-6,1
green: 3,2-1,0 3,2-4,3 3,2-3,1 3,2-6,2
pink: 7,3-6,3 7,3-7,5 7,5-4,5 4,5-2,5 2,5-0,7 0,7-1,8
purple: 2,5-4,3 4,3-5,3 2,5-2,7
circle purple: 4,3
"""

IMPOSSIBLE = [
    pytest.param(
        GREEN_TWO_BRANCHINGS + "\n" + PURPLE_TWO_BRANCHINGS,
        "green branches twice; purple branches twice: that takes the switch power 2 times, "
        "and a player can use each power once per game",
        id="two-lines-switch",
    ),
    pytest.param(
        GREEN_11_SECTIONS + "\n" + BLUE_11_SECTIONS,
        "green has 11 sections; blue has 11 sections: that takes the double power 2 times, "
        "and a player can use each power once per game",
        id="two-lines-double",
    ),
    pytest.param(
        "pink: 7,3-7,0 7,3-7,5 7,3-8,4 8,4-9,3 7,0-5,0 7,3-9,1 7,5-5,3 5,3-6,3 9,1-9,0 "
        "9,0-8,1 9,3-9,6",
        "pink branches twice and has 11 sections: that takes the switch power and the "
        "double power, and a player holds one colour, with its one power, per round",
        id="switch-and-double-on-one-line",
    ),
    pytest.param(
        GREEN_TWO_BRANCHINGS + "\ncircle green: 3,2",
        "green branches twice and has the circle: that takes the switch power and the "
        "circle power, and a player holds one colour, with its one power, per round",
        id="switch-and-circle-on-one-line",
    ),
    pytest.param(
        "blue: 5,7-3,7 5,7-8,7 3,7-3,6 3,6-4,5 4,5-7,5 7,5-7,3 7,3-6,3 8,7-8,8",
        "blue: its 6 circle stations need 4 jokers; the deck has 2 and a power gives at "
        "most one card more",
        id="four-jokers",
    ),
    pytest.param(
        "blue: 5,7-8,7 5,7-3,7 8,7-7,6 7,6-7,5 7,5-7,3 7,3-6,3\n"
        "purple: 2,5-0,7 0,7-1,8 2,5-4,5 4,5-7,5 1,8-1,9 1,9-3,7\n"
        "pink: 7,3-7,0 7,0-5,0 5,0-4,0 4,0-4,3 4,3-3,2 3,2-1,0",
        "blue has 5 circle stations, which need 3 jokers; purple has 5 circle stations, "
        "which need 3 jokers; pink has 5 triangle stations, which need 3 jokers: that takes "
        "the double or joker power 3 times, and a player can use each power once per game",
        id="three-lines-joker-or-double",
    ),
]


@pytest.mark.parametrize(("sheet", "problem"), IMPOSSIBLE)
def test_a_sheet_no_player_could_draw_is_refused_with_its_reason(sheet: str, problem: str) -> None:
    assert sheet_problems(parse_sheet(sheet)) == [problem]
    for options in ({}, {"powers": True}):
        game = linecraft.load("next-station-london", **options)
        assert game.check_position(game.parse_position(sheet)) == [problem]
        with pytest.raises(PositionError) as refused:
            game.score_position(game.parse_position(sheet))
        assert refused.value.problems == [problem]


@pytest.mark.parametrize(
    "sheet",
    [
        ALL_FOUR_POWERS,
        GREEN_11_SECTIONS + "\n" + PURPLE_TWO_BRANCHINGS,  # the double and the switch power
        GREEN_11_SECTIONS + "\n" + BLUE_FIVE_CIRCLES,  # the double and the joker power
        example.FINAL_SHEET,  # three lines with one branching each: three switch cards
    ],
)
def test_each_power_once_on_its_own_line_is_accepted(sheet: str) -> None:
    assert sheet_problems(parse_sheet(sheet)) == []


def test_what_each_line_shows() -> None:
    signs = power_signs(parse_sheet(ALL_FOUR_POWERS))
    assert {colour: [sign.powers for sign in line] for colour, line in signs.items()} == {
        "blue": [{"double"}],
        "green": [{"switch"}],
        "pink": [{"double", "joker"}],
        "purple": [{"circle"}],
    }
    assert power_signs(parse_sheet(example.FINAL_SHEET.replace("circle pink: 9,6", ""))) == {}


def solo_card(sheet: str) -> dict[str, Any]:
    """The card of `linecraft score --solo`, without --powers."""
    game = linecraft.load("next-station-london", solo=True)
    return dict(game.score_position(game.parse_position(sheet)))


@pytest.mark.parametrize(
    ("sheet", "modules"),
    [
        pytest.param(GREEN_ONE_BRANCHING, 0, id="switch-card"),
        pytest.param(GREEN_TWO_BRANCHINGS, 1, id="switch-card-and-power"),
        pytest.param(GREEN_11_SECTIONS, 1, id="double"),
        pytest.param(BLUE_FIVE_CIRCLES, 1, id="joker-or-double"),
        pytest.param("objectives: thames6\n" + GREEN_TWO_BRANCHINGS, 2, id="both-modules"),
    ],
)
def test_a_solo_sheet_that_shows_a_power_pays_for_module_b(sheet: str, modules: int) -> None:
    card = solo_card(sheet)
    assert card["solo_score"] == card["total"] - 10 * modules
