"""What the state keeps up to date move by move agrees with working it out again: each
line's shape, the cards left, and the running total the greedy bot weighs, also in
clones that share sheets and their added-up lines while they play on apart."""

from __future__ import annotations

import random
from typing import Any

import pytest

import linecraft
from linecraft.core.game import Action
from linecraft.games.next_station_london.deck import CARDS
from linecraft.games.next_station_london.rules import LineShape, NextStationLondonState

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 1, "objectives": True, "powers": True},
    {"players": 3, "objectives": True, "powers": True},
]


def _new_state(options: dict[str, Any], seed: int) -> NextStationLondonState:
    state = linecraft.load("next-station-london", **options).new_state(seed)
    assert isinstance(state, NextStationLondonState)
    return state


def _pick(rng: random.Random, actions: list[Action]) -> Action:
    """A power half the time it is offered (switches, doubles and circles come often)."""
    powered = [a for a in actions if getattr(a, "power", None) or getattr(a, "circle", None)]
    return rng.choice(powered if powered and rng.random() < 0.5 else actions)


def _step(state: NextStationLondonState, rng: random.Random) -> None:
    if state.is_chance():
        state.advance(rng)
    else:
        player = state.to_act()[0]
        state.apply_unchecked(player, _pick(rng, state.legal_actions(player)))


def _check(state: NextStationLondonState) -> None:
    assert state.deck == tuple(card for card in CARDS if card not in state.flipped)
    if state.order is None:
        return
    for player, sheet in enumerate(state.sheets):
        for colour, sections in sheet.lines.items():
            assert sheet.shape(colour) == LineShape.of(colour, sections)
        if state.pending_setup() is None:
            score = state.sheet_score(player)
            line = score.lines[state.colour_of(player)]
            network, figures = state.running_network(player)
            total = network.total(state.objectives or ())
            assert (total, *figures) == (score.total, line.districts, line.largest, line.score)
            achieved = set(score.achieved)
            assert {o for o in state.objectives or () if network.progress(o) == 1} == achieved


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("seed", range(3))
def test_what_is_kept_up_matches_working_it_out_again(options: dict[str, Any], seed: int) -> None:
    state = _new_state(options, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        _step(state, rng)
        _check(state)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_clones_playing_on_apart_keep_their_own_totals(options: dict[str, Any]) -> None:
    """Clones share sheets and the lines added up: played on in turns with other cards
    and moves, each still scores exactly its own sheet, and the original is untouched."""
    state = _new_state(options, 7)
    rng = random.Random(7)
    while state.round < 1 or state.turn < 3:
        _step(state, rng)
    before = state.view(None)
    clones = [state.clone() for _ in range(3)]
    rngs = [random.Random(seed) for seed in range(3)]
    while not all(clone.is_terminal() for clone in clones):
        for clone, clone_rng in zip(clones, rngs, strict=True):
            if not clone.is_terminal():
                _step(clone, clone_rng)
                _check(clone)
    assert state.view(None) == before
    _check(state)
