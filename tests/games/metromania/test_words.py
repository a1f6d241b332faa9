"""Metromania in words: whole games told in the log as each seat may know them, score
cards that add up, buttons that play legal steps, prompts for the seat to act."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import linecraft
from linecraft.bots import make_bot
from linecraft.core.game import Event
from linecraft.games.metromania import words
from linecraft.games.metromania.game import Metromania
from linecraft.games.metromania.markers import Deal, strict_deal
from linecraft.games.metromania.notation import Extend, Finish, Start
from linecraft.games.metromania.rules import MetromaniaState
from tests.games.metromania import helpers
from tests.games.metromania.helpers import state_at

assert isinstance(helpers.GAME, Metromania)
GAME: Metromania = helpers.GAME

NAMES = ("Ann", "Bea", "Cleo", "Dan")
# Whole games by seeded bots, one per mode and variant: (options, bot, seed).
PLAYED: dict[str, tuple[dict[str, Any], str, int]] = {
    "4p": ({"players": 4}, "random", 11),
    "4p-greedy": ({"players": 4}, "greedy", 12),
    "3p": ({"players": 3}, "random", 13),
    "3p-strict-end-lines-3": (
        {"players": 3, "strict_municipality": True, "end_lines": 3},
        "random",
        14,
    ),
    "2p-two-companies": ({"players": 2}, "random", 15),
    "2p-six-destinations": ({"players": 2, "two_player_mode": "six-destinations"}, "random", 17),
    "4p-open-alternating": (
        {"players": 4, "open_destinations": True, "gates": "alternating"},
        "random",
        18,
    ),
}
GAMES = list(PLAYED)
UNDO_RATE = 0.1  # now and then a step is taken back and dug again, as people do
# Step notation and engine words: vertices, spaces, gates, lines, marker codes, chance texts.
NOTATION = re.compile(
    r"-?\d+,-?\d+|\b[UD]-?\d|\bG\d\.\d|\bL[12]\b|\b[A-F][HWF]\b|[@>=*?]"
    r"|\bdeal\b|\blayout\b|\bplayer \d|\bseat\b|\bcompany \d"
)


@cache
def record(name: str) -> tuple[Metromania, tuple[Event, ...]]:
    """The events of a whole game played by seeded bots."""
    options, bot, seed = PLAYED[name]
    game = linecraft.load("metromania", **options)
    assert isinstance(game, Metromania)
    state = game.new_state(seed)
    bots = [make_bot(bot, seed + seat) for seat in range(game.num_players)]
    whims = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        seat = state.to_act()[0]
        action = bots[seat].choose(state, seat)
        state.apply(seat, action)
        if whims.random() < UNDO_RATE and state.snapshots and seat in state.to_act():
            state.undo(seat)
            state.apply(seat, action)
    return game, tuple(state.history)


def replayed(name: str) -> Iterator[tuple[Metromania, MetromaniaState, Event]]:
    """Each event with the state it applies to; the state goes on after the loop body."""
    game, events = record(name)
    state = game.new_state(0)
    for event in events:
        yield game, state, event
        apply(game, state, event)


def apply(game: Metromania, state: MetromaniaState, event: Event) -> None:
    """The events were legal when played: replay them unchecked, as bots do."""
    if event.player is None:
        state.apply_chance(event.text)
    else:
        state.apply_unchecked(event.player, game.parse_action(event.text))


def final(name: str) -> MetromaniaState:
    game, events = record(name)
    state = game.new_state(0)
    for event in events:
        apply(game, state, event)
    return state


def viewers(game: Metromania, event: Event) -> list[int | None]:
    """A spectator and every seat for a chance event; for a step (told alike to all) a
    spectator and the next seat."""
    if event.player is None:
        return [None, *range(game.num_players)]
    return [None, (event.player + 1) % game.num_players]


def told(
    game: Metromania, state: MetromaniaState, event: Event, seats: list[int | None]
) -> dict[int | None, str | None]:
    names = NAMES[: game.num_players]
    return {v: words.describe_event(game, state, event, names, v) for v in seats}


# --- the log ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_every_event_is_told_in_words_with_the_seats_names(name: str) -> None:
    for game, state, event in replayed(name):
        seen = state.view(None), len(state.history)
        lines = told(game, state, event, viewers(game, event))
        assert (state.view(None), len(state.history)) == seen  # `before` is left as it was
        for line in lines.values():
            assert line, event
            assert not NOTATION.search(line), line
        if event.player is not None:
            assert NAMES[event.player] in str(lines[None])
        if not event.text.startswith("deal"):
            assert len(set(lines.values())) == 1, lines  # only a deal is told apart


def dealt_hands(game: Metromania, event: Event) -> tuple[tuple[str, ...], ...] | None:
    """The hands an event deals: the deal, or the layout in the strict municipality."""
    if event.text.startswith("deal"):
        outcome = game.parse_outcome(event.text)
        assert isinstance(outcome, Deal)
        return outcome.hands
    if event.text.startswith("layout") and game.strict:
        return strict_deal(game.mode).hands
    return None


@pytest.mark.parametrize("name", GAMES)
def test_a_deal_shows_each_seat_its_own_hands_and_nobody_elses(name: str) -> None:
    for game, state, event in replayed(name):
        hands = dealt_hands(game, event)
        if hands is None:
            continue
        for viewer, line in told(game, state, event, viewers(game, event)).items():
            for company, hand in enumerate(hands):
                mine = viewer == game.mode.seat_of(company) or game.letters_public
                for code in hand:
                    phrase = f"{code[0]} ({words.SPOTS[code[1]]})"
                    assert (phrase in str(line)) == mine, (viewer, phrase, line)


def test_the_worked_examples_tell_meetings_separations_points_and_the_bonus() -> None:
    state = state_at("w", 1)
    steps = ("L1:1,-4>1,-3@U1,-4", "L1:1,-3>2,-3@D1,-4", "L1:2,-3>2,-2@D1,-3")
    said = []
    for step in steps:
        said.append(words.describe_event(GAME, state, Event(1, step), NAMES, 0))
        state.apply(1, step)
    assert said == [
        "Bea dug a tunnel on the solid blue line. "
        "A station opens where it meets the solid red line.",
        "Bea dug a tunnel on the solid blue line.",
        "Bea dug a tunnel on the solid blue line. "
        "A station opens where it parts from the solid red line. Bea scores 1 point.",
    ]
    state = state_at("t", 0)
    for step in ("L1:3,-3>4,-3@U3,-3", "L1:4,-3>5,-3@U4,-3"):
        state.apply(0, step)
    assert words.describe_event(GAME, state, Event(0, "L1:5,-3>G5.1+4,-3"), NAMES, None) == (
        "Ann finished the solid red line at a black gate on the lower right side and built "
        "its bonus station. Ann scores 1 point."
    )
    assert words.describe_event(GAME, state_at("t", 0), Event(0, "L2:*2,0"), NAMES, 2) == (
        "Ann built an intermediate station on the striped red line."
    )


def test_a_destination_placed_is_told_with_its_letter_and_spot() -> None:
    line = words.describe_event(GAME, state_at("t", 1), Event(1, "L1:0,0>0,-1@D-1,-1=F"), NAMES, 3)
    assert line == (
        "Bea dug a tunnel on the solid blue line through a House Spot and placed "
        "destination F there."
    )


def test_the_final_round_and_the_winner_are_announced() -> None:
    name = "4p"
    lines = [str(words.describe_event(g, s, e, NAMES, None)) for g, s, e in replayed(name)]
    assert sum("Final round: one last turn each for " in line for line in lines) == 1
    end = final(name)
    winner = end.winners()[0]
    assert lines[-1].endswith(
        f"run. {NAMES[winner]} wins with {end.scores()[winner].total} points."
    )


# --- the score card -----------------------------------------------------------------------
def with_breakdown(state: MetromaniaState, seat: int) -> dict[str, Any]:
    """The seat's card with its companies' records of §20, as `score_rows` reads them."""
    companies = state.score_report()["companies"]
    return {**state.scores()[seat], "breakdown": [c for c in companies if c["seat"] == seat]}


@pytest.mark.parametrize("name", GAMES)
def test_score_rows_end_with_the_total_and_the_numbers_add_up(name: str) -> None:
    state = final(name)
    for seat in range(state.rules.num_players):
        card = state.scores()[seat]
        plain = words.score_rows(card)
        assert plain[-1] == ("Total", card.total)
        detailed = words.score_rows(with_breakdown(state, seat))
        assert detailed[-1] == ("Total", card.total)
        numbers = [(label, value) for label, value in detailed[:-1] if isinstance(value, int)]
        assert sum(value for _, value in numbers) == card.total
        for label, value in numbers:
            assert value >= 0 or "trip" in label  # the only penalty: −6 for a failed trip
        for label, value in detailed:
            assert not NOTATION.search(f"{label} {value}"), label


def test_score_rows_name_each_company_of_a_seat_that_runs_two() -> None:
    state = final("2p-two-companies")
    labels = [label for label, _ in words.score_rows(with_breakdown(state, 0))]
    assert "Red: Monday trip (A)" in labels and "Green: Sunday trip (Park to Lake)" in labels
    assert labels[-3:] == ["Tunnels dug", "Place", "Total"]


def test_a_card_before_the_deal_is_its_total() -> None:
    state = GAME.new_state(1)
    assert words.score_rows(state.scores()[0]) == [("Total", 0)]


# --- buttons and prompts ------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_controls_play_legal_steps_and_the_seat_to_act_is_prompted(name: str) -> None:
    for game, state, event in replayed(name):
        if event.player is None:
            continue
        seat = event.player
        legal = state.legal_actions(seat)
        controls = words.controls(game, state, seat)
        assert {c.action for c in controls} <= {str(a) for a in legal} - {"undo"}
        assert all(c.enabled and not NOTATION.search(c.label) for c in controls)
        said = words.prompt(game, state, seat)
        assert said and not NOTATION.search(said), said
        if "pass" in map(str, legal):  # a pass is offered, and the prompt says so
            [label] = [c.label for c in controls if c.action == "pass"]
            digs = any(isinstance(a, Start | Extend | Finish) for a in legal)
            assert ("Spot" in label) == digs, label  # what is left undug: Spots, or nothing
            assert "pass" in said or "end the turn" in said, said
        waiting = (seat + 1) % game.num_players
        if waiting not in state.to_act():
            assert words.controls(game, state, waiting) == []
            assert words.prompt(game, state, waiting) == ""


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("3p", "Pass (nothing can be dug)"),
        ("2p-two-companies", "Pass (dig no tunnel through a Spot)"),
    ],
)
def test_pass_says_what_is_left_undug(name: str, label: str) -> None:
    labels = set()
    for game, state, event in replayed(name):
        if event.player is not None and state.phase == "final":
            labels |= {c.label for c in words.controls(game, state, event.player)}
    assert label in labels


def test_the_three_player_declarations_are_buttons_and_a_prompt() -> None:
    game = linecraft.load("metromania", players=3)
    assert isinstance(game, Metromania)
    state = game.new_state(2)
    state.advance()
    labels = [c.label for c in words.controls(game, state, 0)]
    assert labels == list(words.DOUBLE_BUTTONS.values())
    state.apply(0, "double W")
    assert words.prompt(game, state, 1) == (
        "Choose the type you will hold two destinations of: House, Fun."
    )
    assert words.controls(game, state, 0) == [] and words.prompt(game, state, 0) == ""


def test_the_prompt_counts_the_tunnels_left_and_marks_the_last_turn() -> None:
    state = state_at("t", 0)
    assert words.prompt(GAME, state, 0) == (
        "Dig 3 tunnels for red, or build one intermediate station."
    )
    state.apply(0, "L1:3,-3>4,-3@U3,-3")
    assert words.prompt(GAME, state, 0) == "2 more tunnels to dig for red."
    state.phase = "final"
    assert words.prompt(GAME, state, 0) == (
        "2 more tunnels to dig for red. This is the last turn for red."
    )
