"""Properties over random games: what play produces is a valid sheet that the text
format carries exactly and the scorer scores exactly as the game did, also when the
sheet shows the pencil powers it was drawn with."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import linecraft
from linecraft.core.game import Action
from linecraft.games.next_station_london.sheet import power_signs, sheet_problems

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 1},
    {"players": 1, "objectives": True, "powers": True},
    {"players": 3, "powers": True},
    {"players": 2, "objectives": True},
    {"players": 5, "more_players": True, "powers": True},
]


def eager_for_powers(rng: random.Random, actions: list[Action]) -> Action:
    """Half the time a power where one is offered, otherwise a drawing where one is
    possible: lines of 11 sections, second branchings and third jokers come often."""
    powered = [a for a in actions if getattr(a, "power", None) or getattr(a, "circle", None)]
    drawn = [a for a in actions if getattr(a, "sections", ())]
    return rng.choice(powered if powered and rng.random() < 0.5 else drawn or actions)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), options=st.sampled_from(OPTION_SETS), eager=st.booleans())
def test_played_sheets_are_valid_round_trip_and_score_alike(
    seed: int, options: dict[str, Any], eager: bool
) -> None:
    game = linecraft.load("next-station-london", **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
        else:
            player = state.to_act()[0]
            actions = state.legal_actions(player)
            choice = eager_for_powers(rng, actions) if eager else rng.choice(actions)
            state.apply_unchecked(player, choice)
    for player in range(game.num_players):
        sheet = game.position_of(state, player)
        text = game.format_position(sheet)
        parsed = game.parse_position(text)
        assert game.format_position(parsed) == text
        assert sheet_problems(parsed) == []
        assert dict(game.score_position(parsed)) == dict(state.scores()[player])
        assert len(parsed.lines) == 4 and all(len(s) <= 11 for s in parsed.lines.values())
        if power_signs(parsed):  # scored alone, without --powers: module B all the same
            assert options.get("powers")
            alone = linecraft.load("next-station-london", **{**options, "powers": False})
            assert dict(alone.score_position(parsed)) == dict(state.scores()[player])
