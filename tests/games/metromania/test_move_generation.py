"""The move generator and the obligation's search against the rules read plainly: every
candidate step checked by `City.problem`, K and the obligation searched on copies of the
city, one step at a time. Random games in several modes must agree at every position."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

import linecraft
from linecraft.games.metromania.city import City
from linecraft.games.metromania.dig import MAX_DIG, is_plain, needs_marker, still_standing
from linecraft.games.metromania.geometry import (
    CITY_VERTICES,
    GATES,
    IDENTITY_LAYOUT,
    bordering,
    edge,
    gate_vertices,
    neighbours,
)
from linecraft.games.metromania.markers import LETTERS
from linecraft.games.metromania.notation import Extend, Finish, Pass, Start, Station
from linecraft.games.metromania.rules import MetromaniaState

Step = Start | Extend | Finish

GAMES: list[tuple[dict[str, Any], int]] = [  # options and seed
    ({"players": 4}, 1),  # the supply runs out
    ({"players": 3, "gates": "alternating", "open_destinations": True}, 1),  # likewise
    ({"players": 2, "two_player_mode": "six-destinations"}, 0),  # both lines finished
]


def candidates(city: City, company: int) -> Iterator[Step]:
    """Every dig step of the notation from where the company's lines stand, legal or not,
    in the order legal steps are listed."""
    for number, line in enumerate(city.lines[company]):
        if not line.started:
            for gate in GATES:
                for v in gate_vertices(gate):
                    yield Start(number, gate, v)
            continue
        tip = line.tip
        for to in neighbours(tip):
            for space in bordering(edge(tip, to)):
                kind = city.specials.get(space)
                yield Extend(number, tip, to, space)
                for letter in LETTERS:
                    yield Extend(number, tip, to, space, letter, kind)
        for gate in (g for g in GATES if tip in gate_vertices(g)):
            yield Finish(number, tip, gate)
            for v in line.vertices:
                yield Finish(number, tip, gate, v)


def plain_dig_steps(city: City, company: int) -> list[Step]:
    return [step for step in candidates(city, company) if city.problem(company, step) is None]


def reachable(city: City, company: int, wanted: int, *, spots: bool = True) -> bool:
    if wanted == 0:
        return True
    for step in plain_dig_steps(city, company):
        if not spots and needs_marker(step):
            continue
        after = city.copy()
        after.apply(company, step)
        if reachable(after, company, wanted - 1, spots=spots):
            return True
    return False


def plain_obligation(city: City, company: int) -> int:
    return next((k for k in range(MAX_DIG, 0, -1) if reachable(city, company, k, spots=False)), 0)


def plain_legal(state: MetromaniaState) -> list[Any]:
    city, company = state.city, state.to_move
    assert city is not None
    wanted = state.k - state.steps - 1
    found: list[Any] = []
    for step in plain_dig_steps(city, company):
        after = city.copy()
        after.apply(company, step)
        if wanted <= 0 or reachable(after, company, wanted):
            found.append(step)
    if all(needs_marker(step) for step in found):
        found.append(Pass())
    if state.steps == 0:
        for number, line in enumerate(city.lines[company]):
            for v in line.vertices:
                if city.problem(company, Station(number, v)) is None:
                    found.append(Station(number, v))
    return found


def plain_blocked(city: City, company: int, number: int) -> bool:
    line = city.lines[company][number]
    if not line.started or line.finished:
        return False
    fresh = city.copy()
    fresh.marker_this_turn = fresh.first_turn = False
    return not any(step.line == number for step in plain_dig_steps(fresh, company))


def everything(city: City) -> Any:
    """The whole city, orders included, for comparing exactly."""
    return (
        [[(line.start_gate, line.end_gate, line.path, line.spaces) for line in pair]
         for pair in city.lines],
        list(city.tunnel_at.items()), sorted(city.stations), city.points, city.hands,
        list(city.placed.items()), city.marker_this_turn, city.starts_this_turn,
        city.first_turn,
    )  # fmt: skip


def positions(options: dict[str, Any], seed: int) -> Iterator[MetromaniaState]:
    """Each position of a random game where a company is to dig or build."""
    state = linecraft.load("metromania", **options).new_state(seed)
    assert isinstance(state, MetromaniaState)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        seat = state.to_act()[0]
        if state.phase != "setup":
            yield state
        state.apply_unchecked(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("options", "seed"), GAMES, ids=[str(o) for o, _ in GAMES])
def test_the_generator_and_the_search_follow_the_plain_rules(
    options: dict[str, Any], seed: int
) -> None:
    for state in positions(options, seed):
        city, company = state.city, state.to_move
        assert city is not None
        if state.steps == 0:
            assert state.k == plain_obligation(city, company)
        legal, plain = state.legal_actions(state.to_act()[0]), plain_legal(state)
        assert legal == plain
        assert [getattr(s, "spot", None) for s in legal] == [
            getattr(s, "spot", None) for s in plain
        ]
        assert list(city.iter_dig_steps(company)) == plain_dig_steps(city, company)
        for lid, _line in city.all_lines():
            assert city.blocked(lid) == plain_blocked(city, *lid)


def test_take_back_leaves_the_city_exactly_as_it_was() -> None:
    for options, seed in GAMES:
        for state in positions(options, seed):
            city, company = state.city, state.to_move
            assert city is not None
            before = everything(city)
            for step in list(city.iter_dig_steps(company)):
                dug = city.apply(company, step)
                city.take_back(company, step, dug)
                assert everything(city) == before


def test_undo_restores_the_position_a_step_came_from() -> None:
    undone = 0
    for state in positions({"players": 2, "two_player_mode": "six-destinations"}, 1):
        seat = state.to_act()[0]
        for step in state.legal_actions(seat):
            trial = state.clone()
            assert isinstance(trial, MetromaniaState)
            trial.apply(seat, step)
            if not trial.snapshots:
                continue  # the step ended the turn
            assert state.city is not None and trial.city is not None
            assert everything(trial.snapshots[-1]) == everything(state.city)
            trial.undo(seat)
            assert (everything(trial.city), trial.view(seat)) == (
                everything(state.city),
                state.view(seat),
            )
            undone += 1
    assert undone > 100


def side_by_side() -> City:
    """Company 0's lines started at neighbouring gates: their tips share a space."""
    city = City(IDENTITY_LAYOUT, "standard", 4)
    city.apply(0, Start(0, (0, 0), (5, 0)))
    city.apply(0, Start(1, (5, 4), (5, -1)))
    return city


def test_a_standing_tunnel_stays_legal_after_a_step_of_the_other_line() -> None:
    """`still_standing` promises its tunnels legal after the step; checked here also
    with the supply nearly used up (stations added on the first free vertices)."""
    cities = [side_by_side()]
    for options, seed in GAMES:
        cities += [state.city.copy() for state in positions(options, seed) if state.city]
    checked = 0
    for found, left in itertools.product(cities, (30, 5, 4, 3, 2)):
        city = found.copy()
        city.stations |= set(sorted(CITY_VERTICES - city.stations)[: max(0, city.supply - left)])
        for company in range(len(city.lines)):
            steps = list(city.iter_dig_steps(company))
            for step in steps:
                kept = still_standing([u for u in steps if is_plain(u)], step, city.supply)
                after = city.copy()
                after.apply(company, step)
                assert all(after.problem(company, u) is None for u in kept)
                checked += len(kept)
    assert checked > 1000
