"""The game in words: every event of whole games told without engine notation, the
score card read as the score pad, the buttons and the prompts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, cast

import pytest

import linecraft
from linecraft.bots import make_bot
from linecraft.core.game import Event, State
from linecraft.games.next_station_london import words
from linecraft.games.next_station_london.game import NextStationLondon
from linecraft.games.next_station_london.london import LONDON
from tests.games.next_station_london import worked_example as example
from tests.games.next_station_london.helpers import game_for, turn

NAMES = ("Ann", "Bea", "Cy", "Dee", "Eve")
# Station points (3,2), sections (3,2-4,3), card names (under-joker), district and
# objective ids (north_west, thames6), seat numbers.
NOTATION = re.compile(r"\d,\d|\b(under|street)-|_|[a-z]+\d\b|\b(player|seat) \d")

# The worked example's turns: the cards flipped, then the action (None: none).
EXAMPLE_ROUNDS = cast(list[list[tuple[list[str], str | None]]], example.ROUNDS)

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 1},
    {"players": 1, "objectives": True, "powers": True},
    {"players": 2, "powers": True},
    {"players": 3, "objectives": True},
    {"players": 4, "objectives": True, "powers": True},
    {"players": 5, "more_players": True, "powers": True},
]


def load(**options: Any) -> NextStationLondon:
    game = linecraft.load("next-station-london", **options)
    assert isinstance(game, NextStationLondon)
    return game


def told(game: NextStationLondon, before: State, event: Event) -> str | None:
    """The event as every viewer reads it: the same for all, nothing being secret."""
    names = NAMES[: game.num_players]
    viewers: list[int | None] = [None, *range(game.num_players)]
    lines = {words.describe_event(game, before, event, names, v) for v in viewers}
    assert len(lines) == 1, lines
    return lines.pop()


def played(game: NextStationLondon, seed: int) -> Iterator[tuple[State, Event]]:
    """Each event of a whole game with the state it applies to: greedy seat 0, random
    others."""
    bots = [make_bot("greedy" if p == 0 else "random", seed + p) for p in range(game.num_players)]
    state = game.new_state(seed)
    while not state.is_terminal():
        before = state.clone()
        if state.is_chance():
            assert state.chance_viewers() is None
            state.advance()
        else:
            player = state.to_act()[0]
            state.apply_unchecked(player, bots[player].choose(state, player))
        yield before, state.history[-1]


def parts_add_up(rows: list[tuple[str, Any]]) -> bool:
    *parts, (label, total) = rows
    numbers = [v for k, v in parts if k not in words.DETAIL_ROWS and v != words.NOT_DRAWN]
    return label == words.TOTAL_ROW and sum(numbers) == total


def test_every_station_has_its_own_name_in_words() -> None:
    names = words.station_names()
    assert len(set(names.values())) == len(LONDON.stations) == len(names)
    assert not any(NOTATION.search(name) for name in names.values())
    assert names[LONDON.index_of[5, 3]] == "Central Station"
    assert names[LONDON.index_of[3, 2]] == "the green departure station"
    assert names[LONDON.index_of[9, 6]] == "the tourist site in the east"
    assert names[LONDON.index_of[7, 0]] == "the western triangle in the north-east"
    assert names[LONDON.index_of[4, 4]] == "the northern pentagon in the centre"
    assert names[LONDON.index_of[0, 0]] == "the pentagon in the north-west corner"


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(map(str, o.values())))
def test_whole_games_are_told_in_words_with_cards_buttons_and_prompts(
    options: dict[str, Any],
) -> None:
    game = load(**options)
    for before, event in played(game, seed=len(options) * 7 + game.num_players):
        seen, history = before.view(None), list(before.history)
        line = told(game, before, event)
        assert line and not NOTATION.search(line), line
        assert before.view(None) == seen and before.history == history
        if event.player is not None:
            assert line.startswith(NAMES[event.player])
            check_buttons_and_prompt(game, before, event.player)
        rows = [game.score_rows(card) for card in before.scores().values()]
        assert all(parts_add_up(seat) for seat in rows)
        assert len({tuple(label for label, _ in seat) for seat in rows}) == 1  # one table


def check_buttons_and_prompt(game: NextStationLondon, state: State, player: int) -> None:
    legal = {str(a) for a in state.legal_actions(player)}
    buttons = words.controls(game, state, player)
    assert buttons and all(b.action in legal and b.enabled for b in buttons)
    assert "undo" not in {b.action for b in buttons}
    assert len({b.label for b in buttons}) == len(buttons)
    assert not any(NOTATION.search(b.label) for b in buttons)
    text = words.prompt(game, state, player)
    assert text and not NOTATION.search(text)
    check_choices(game, state.legal_actions(player))


def check_choices(game: NextStationLondon, actions: list[Any]) -> None:
    """Plays that end at one station with one piece are told apart in words."""
    shared: dict[tuple[Any, Any], set[str]] = {}
    for action in actions:
        label, _ = game.choice_label(action)
        assert label and not NOTATION.search(label), label
        key = (game.action_target(action), game.action_pick(action))
        assert label not in shared.setdefault(key, set()), label
        shared[key].add(label)


def worked_example_log() -> list[str]:
    """The log of the rules' worked example (§16), read by the solo player Ann."""
    game = load(**example.OPTIONS)
    state = game.new_state(0)
    log = []
    for rounds in EXAMPLE_ROUNDS:
        for cards, action in rounds:
            events = [Event(None, card) for card in cards]
            events += [Event(0, action)] if action is not None else []
            for event in events:
                line = told(game, state, event)
                assert line is not None
                log.append(line)
                state.replay_events([event])
    return log


def test_the_worked_example_log_announces_rounds_cards_switches_and_results() -> None:
    log = worked_example_log()
    assert log[:4] == [
        "Round 1 of 4 begins: Ann draws purple. Turn 1: Underground square, "
        "Underground card 1 of 5.",
        "Ann drew a purple section from the purple departure station to the square in the west.",
        "Turn 2: Underground joker, Underground card 2 of 5.",
        "Ann drew a purple section from the square in the west under the Thames "
        "to the northern pentagon in the centre.",
    ]
    assert "Ann could draw nothing and passed." in log
    switch = log.index(words.SWITCH_FLIPPED)
    assert log[switch + 1 : switch + 3] == [
        "Turn 8: Underground pentagon, the last Underground card, so the last turn of round 1.",
        "Ann branched the purple line from the triangle in the west under the Thames to the "
        "eastern pentagon in the west. Round 1 is over: Ann's purple line scores 22.",
    ]
    assert (
        "Ann drew a blue section from the southern triangle in the centre to the square in the "
        "west, an interchange."
    ) in log
    assert (
        "Ann drew a pink section from the northern square in the south-west to the southern "
        "pentagon in the centre. Ann circled the tourist site in the east: it counts twice in "
        "the east for the pink line. Round 3 is over: Ann's pink line scores 38."
    ) in log
    round_4 = log.index("Round 4 of 4 begins: Ann draws green. Turn 1: Street pentagon.")
    assert log[round_4 + 1 : round_4 + 3] == [
        "Ann could draw nothing and passed.",
        words.SWITCH_SET_ASIDE,
    ]
    assert log[-1] == (
        "Ann passed. Round 4 is over: Ann's green line scores 15. The game is over: Ann 145 points."
    )


def test_the_worked_example_card_reads_as_the_score_pad() -> None:
    game = load(**example.OPTIONS)
    card = game.score_position(game.parse_position(example.FINAL_SHEET))
    rows = game.score_rows(card)
    assert rows == [
        ("Purple line", 22),
        ("Blue line", 28),
        ("Pink line", 38),
        ("Green line", 15),
        ("Tourist sites", 8),
        ("Interchanges", 14),
        ("Shared objectives", 20),
        (words.SOLO_DEDUCTION_ROW, -20),
        (words.SOLO_SCORE_ROW, 125),
        (words.SOLO_RATING_ROW, "Good work; lots of satisfied passengers."),
        ("Total", 145),
    ]
    assert parts_add_up(rows)


def test_a_live_card_names_the_lines_not_drawn_yet_and_the_tie_break() -> None:
    state = game_for("green", players=2)
    rows = state.game.score_rows(state.scores()[1])
    assert rows[0] == ("Purple line", 1)
    assert rows[1:4] == [(f"{c} line", words.NOT_DRAWN) for c in ("Blue", "Pink", "Green")]
    assert rows[-2:] == [(words.BEST_LINE_ROW, 1), ("Total", 1)]
    assert words.OBJECTIVES_ROW not in dict(rows)  # module A is not played


def test_powers_are_told_by_name() -> None:
    state = game_for("green", players=2, powers=("circle", "switch", "joker", "double"))
    game = state.game
    assert isinstance(game, NextStationLondon)
    state.apply_chance("under-joker")
    double = Event(0, "double 3,2-5,0 3,2-0,2")
    assert told(game, state, double) == (
        "Ann used the double power: green sections from the green departure station to the "
        "circle in the north, then from the green departure station to the circle in the "
        "north-west."
    )
    state.replay_events([double])
    assert told(game, state, Event(1, "pass circle 2,5")) == (
        "Bea passed. Bea circled the purple departure station: it counts twice in the west "
        "for the purple line."
    )


def test_buttons_pass_with_or_without_the_circle_and_wait_for_the_others() -> None:
    state = game_for("purple", players=2, powers=("circle", "switch", "joker", "double"))
    game = state.game
    assert isinstance(game, NextStationLondon)
    state.apply_chance("under-square")
    assert [(b.action, b.label) for b in words.controls(game, state, 0)] == [
        ("pass", "Pass"),
        ("pass circle 2,5", "Pass and circle the purple departure station"),
    ]
    state.apply(0, "pass")
    (waiting,) = words.controls(game, state, 0)
    assert not waiting.enabled and waiting.why_not == words.PLAYED_WHY_NOT
    assert words.prompt(game, state, 0) == ""


def test_prompts_say_where_a_section_may_start_and_end() -> None:
    state = game_for("green", powers=("circle", "switch", "joker", "double"))
    game = state.game
    assert isinstance(game, NextStationLondon)
    state.apply_chance("street-circle")
    assert words.prompt(game, state, 0) == (
        "Street circle: draw a green section from an end of your line to a circle or Central "
        "Station, or pass. Your green pencil's power is unused this round: two sections in "
        "one turn."
    )
    turn(state, "", "3,2-5,0")
    turn(state, "under-circle", "pass")
    turn(state, "street-switch under-joker")
    assert words.prompt(game, state, 0).startswith(
        "Underground joker with the Switch: draw a green section from any station of your "
        "line to any station, or pass."
    )


def test_a_seat_that_can_draw_nothing_is_told_to_pass() -> None:
    state = game_for("purple")
    game = state.game
    assert isinstance(game, NextStationLondon)
    # The worked example's first four turns (§16): then no triangle can be reached.
    turn(state, "under-square", "2,5-2,4")
    turn(state, "under-joker", "2,4-4,4")
    turn(state, "street-pentagon", "4,4-1,1")
    turn(state, "street-joker", "1,1-1,4")
    turn(state, "street-triangle")
    assert words.prompt(game, state, 0) == (
        "Street triangle: no purple section can be drawn, so pass."
    )
    assert [b.label for b in words.controls(game, state, 0)] == [words.PASS_FORCED_LABEL]
