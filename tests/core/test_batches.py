"""The batch entry points answer what their one-at-a-time equivalents answer."""

from __future__ import annotations

import random

import pytest

import linecraft
from linecraft.bots import make_bot
from linecraft.core.game import State
from linecraft.sim.playouts import playouts
from linecraft.sim.trace import fingerprint

CONFIGS = [
    ("railroad-ink", {"players": 2, "expansions": ["lava", "meteor"]}),
    ("railroad-ink", {"players": 1, "expansions": ["underground"]}),
    ("next-station-london", {"players": 2, "objectives": True, "powers": True}),
    ("metro", {"players": 3, "modules": [1, 3, 4]}),
    ("metromania", {"players": 3}),
]


def positions(name: str, options: dict[str, object], seed: int) -> list[State]:
    """Every position of one random game where someone is to act."""
    state = linecraft.load(name, **options).new_state(seed)
    rng = random.Random(seed)
    found = []
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        found.append(state.clone())
        for player in state.to_act():
            state.apply_unchecked(player, rng.choice(state.legal_actions(player)))
    return found


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_child_values_are_the_heuristic_after_each_legal_action(
    name: str, options: dict[str, object]
) -> None:
    for state in positions(name, options, seed=11)[::3]:
        player = state.to_act()[0]
        before = fingerprint(state)
        expected = []
        for action in state.legal_actions(player):
            after = state.clone()
            after.apply_unchecked(player, action)
            expected.append((action, after.heuristic(player)))
        assert state.child_values(player) == expected
        assert fingerprint(state) == before  # the children were copies


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_playouts_are_seeded_games_to_the_end_from_a_copy(
    name: str, options: dict[str, object]
) -> None:
    state = positions(name, options, seed=4)[5]
    before = fingerprint(state)
    totals = playouts(state, 3, bot="greedy", seed=7)
    assert fingerprint(state) == before
    assert totals == playouts(state, 3, bot="greedy", seed=7)
    assert [sorted(t) for t in totals] == [list(range(state.game.num_players))] * 3
    # each playout is the game its seed gives: played by hand, it ends with those totals
    game = state.clone()
    rng, bot = random.Random(8), make_bot("greedy", 8)
    while not game.is_terminal():
        if game.is_chance():
            game.advance(rng)
        for player in game.to_act():
            game.apply(player, bot.choose(game, player))
    assert totals[1] == {p: card.total for p, card in game.scores().items()}
