"""Properties over random games: what play produces is a valid sheet that the text
format carries exactly and the scorer scores exactly as the game did."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import linecraft
from linecraft.games.next_station_london.sheet import sheet_problems

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 1},
    {"players": 1, "objectives": True, "powers": True},
    {"players": 3, "powers": True},
    {"players": 2, "objectives": True},
]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), options=st.sampled_from(OPTION_SETS))
def test_played_sheets_are_valid_round_trip_and_score_alike(
    seed: int, options: dict[str, Any]
) -> None:
    game = linecraft.load("next-station-london", **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
        else:
            player = state.to_act()[0]
            state.apply_unchecked(player, rng.choice(state.legal_actions(player)))
    for player in range(game.num_players):
        sheet = game.position_of(state, player)
        text = game.format_position(sheet)
        parsed = game.parse_position(text)
        assert game.format_position(parsed) == text
        assert sheet_problems(parsed) == []
        assert dict(game.score_position(parsed)) == dict(state.scores()[player])
        assert len(parsed.lines) == 4 and all(len(s) <= 11 for s in parsed.lines.values())
