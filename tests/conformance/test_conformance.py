"""The conformance suite: every registered game and option set must pass all of it."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import linecraft
from linecraft.core import (
    ActionSyntaxError,
    IllegalActionError,
    LinecraftError,
    NotYourTurnError,
    State,
    make_record,
    replay,
)
from linecraft.core.game import ChancePicker

CASES = [
    pytest.param(info.name, options, id=f"{info.name}-{json.dumps(options, sort_keys=True)}")
    for info in linecraft.games()
    for options in info.conformance_options
]
SEEDS = range(12)
BIG_SEED = 918_273_645_546_372_819


def play_randomly(state: State, rng: random.Random, stop_after: int | None = None) -> None:
    steps = 0
    while not state.is_terminal() and (stop_after is None or steps < stop_after):
        if state.is_chance():
            state.advance()
        else:
            player = rng.choice(state.to_act())
            state.apply_unchecked(player, rng.choice(state.legal_actions(player)))
        steps += 1


def snapshot(state: State) -> str:
    """Everything observable about a state, as text."""
    return json.dumps(
        {
            "view": state.view(None),
            "views": [state.view(p) for p in range(state.game.num_players)],
            "legal": [[str(a) for a in state.legal_actions(p)] for p in state.to_act()],
            "history": [e.to_json() for e in state.history],
            "scores": {str(p): dict(c) for p, c in state.scores().items()},
            "chance": state.is_chance(),
        },
        sort_keys=True,
    )


@pytest.mark.parametrize(("name", "options"), CASES)
def test_random_play_reaches_the_end(name: str, options: dict[str, Any]) -> None:
    game = linecraft.load(name, **options)
    for seed in SEEDS:
        state = game.new_state(seed)
        play_randomly(state, random.Random(seed))
        assert state.is_terminal()
        assert state.to_act() == ()
        assert not state.is_chance()
        winners = state.winners()
        assert winners and set(winners) <= set(range(game.num_players))
        assert all("total" in card for card in state.scores().values())


@pytest.mark.parametrize(("name", "options"), CASES)
def test_same_seed_same_game(name: str, options: dict[str, Any]) -> None:
    game = linecraft.load(name, **options)
    first, second = game.new_state(7), game.new_state(7)
    play_randomly(first, random.Random(1))
    play_randomly(second, random.Random(1))
    assert snapshot(first) == snapshot(second)
    other = game.new_state(8)
    play_randomly(other, random.Random(1))
    assert [e for e in other.history if e.player is None] != [
        e for e in first.history if e.player is None
    ]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_clone_is_independent(name: str, options: dict[str, Any]) -> None:
    game = linecraft.load(name, **options)
    state = game.new_state(3)
    play_randomly(state, random.Random(3), stop_after=25)
    before = snapshot(state)
    copy = state.clone()
    assert snapshot(copy) == before
    play_randomly(copy, random.Random(4))
    assert snapshot(state) == before
    # The clone's generator continues the same sequence as the original's.
    twin = state.clone()
    if state.is_chance():
        assert str(state.clone().advance()) == str(twin.advance())


@pytest.mark.parametrize(("name", "options"), CASES)
def test_record_round_trip_and_exact_replay(name: str, options: dict[str, Any]) -> None:
    game = linecraft.load(name, **options)
    for seed in range(4):
        state = game.new_state(seed)
        play_randomly(state, random.Random(seed))
        record = json.loads(json.dumps(make_record(state)))
        rebuilt = replay(record)
        assert snapshot(rebuilt) == snapshot(state)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_action_and_outcome_text_round_trip(name: str, options: dict[str, Any]) -> None:
    game = linecraft.load(name, **options)
    state = game.new_state(11)
    rng = random.Random(11)
    ids: dict[int, str] = {}
    while not state.is_terminal():
        if state.is_chance():
            for outcome, _ in state.chance_outcomes()[:50]:
                assert str(game.parse_outcome(str(outcome))) == str(outcome)
            state.advance()
            continue
        player = rng.choice(state.to_act())
        actions = state.legal_actions(player)
        for action in actions:
            text = str(action)
            assert str(game.parse_action(text)) == text
            assert 0 <= action.id < game.num_distinct_actions
            assert str(game.action_from_id(action.id)) == text
            assert ids.setdefault(action.id, text) == text
        state.apply_unchecked(player, rng.choice(actions))
    with pytest.raises(ActionSyntaxError):
        game.parse_action("this is not an action")


@pytest.mark.parametrize(("name", "options"), CASES)
def test_chance_outcomes_are_a_distribution(name: str, options: dict[str, Any]) -> None:
    state = linecraft.load(name, **options).new_state(0)
    assert state.is_chance()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert len({str(o) for o, _ in outcomes}) == len(outcomes)
    assert all(p > 0 for _, p in outcomes)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_view_hides_the_seed_and_the_future(name: str, options: dict[str, Any]) -> None:
    """A view is a function of the public history alone: replaying the same events on
    a state with another seed gives the same views, and no view shows the seed."""
    game = linecraft.load(name, **options)
    state = game.new_state(BIG_SEED)
    rng = random.Random(5)
    other = game.new_state(BIG_SEED + 1)
    while not state.is_terminal():
        for viewer in [None, *range(game.num_players)]:
            text = json.dumps(state.view(viewer))
            assert str(BIG_SEED) not in text
            assert state.view(viewer) == other.view(viewer)
        if state.is_chance():
            other.apply_chance(str(state.advance()))
        else:
            player = rng.choice(state.to_act())
            action = rng.choice(state.legal_actions(player))
            state.apply(player, action)
            other.apply(player, str(action))


@pytest.mark.parametrize(("name", "options"), CASES)
def test_private_draws_reach_no_other_seat(name: str, options: dict[str, Any]) -> None:
    """Two different private draws look the same to every other seat and to spectators,
    and different to the seat that drew."""
    game = linecraft.load(name, **options)
    state = game.new_state(4)
    rng = random.Random(4)
    while not state.is_terminal():
        if not state.is_chance():
            player = rng.choice(state.to_act())
            state.apply_unchecked(player, rng.choice(state.legal_actions(player)))
            continue
        viewers = state.chance_viewers()
        outcomes = [outcome for outcome, _ in state.chance_outcomes()]
        if viewers is not None and len(outcomes) > 1:
            first, second = state.clone(), state.clone()
            first.apply_chance(outcomes[0])
            second.apply_chance(outcomes[-1])
            for seat in [None, *range(game.num_players)]:
                if seat not in viewers:
                    assert first.view(seat) == second.view(seat)
            assert any(first.view(seat) != second.view(seat) for seat in viewers)
        state.advance()


def fingerprint(state: State, player: int) -> tuple[Any, ...]:
    """A cheap look at a state: enough to name the refusal that changed it, where the
    whole snapshot after the step's refusals shows any change at all."""
    legal = tuple(str(a) for a in state.legal_actions(player))
    return len(state.history), state.to_act(), state.is_chance(), legal


@pytest.mark.parametrize(("name", "options"), CASES)
def test_failed_apply_leaves_the_state_unchanged(name: str, options: dict[str, Any]) -> None:
    """A refused action changes nothing observable: views, legal actions, history and
    scores are as they were (compared in full once per step, cheaply after each
    refusal)."""
    game = linecraft.load(name, **options)
    rng = random.Random(2)
    state = game.new_state(2)
    with pytest.raises(NotYourTurnError):
        state.apply(0, game.action_from_id(0))
    refused = 0
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        player = rng.choice(state.to_act())
        legal = {str(a) for a in state.legal_actions(player)}
        before = snapshot(state)
        quick = fingerprint(state, player)
        for action_id in rng.sample(range(game.num_distinct_actions), 40):
            action = game.action_from_id(action_id)
            if str(action) in legal or str(action) == "undo":
                continue
            try:  # some games accept actions equivalent to listed ones (identical dice)
                state.clone().apply(player, action)
                continue
            except LinecraftError:
                pass
            with pytest.raises(LinecraftError):
                state.apply(player, action)
            refused += 1
            assert fingerprint(state, player) == quick, f"refusing {action} changed the state"
        for outsider in set(range(game.num_players)) - set(state.to_act()):
            with pytest.raises(NotYourTurnError):
                state.apply(outsider, next(iter(legal)))
        assert snapshot(state) == before
        state.apply(player, rng.choice(sorted(legal)))
    assert refused > 0


@pytest.mark.parametrize(("name", "options"), CASES)
def test_every_listed_action_is_accepted(name: str, options: dict[str, Any]) -> None:
    """`legal_actions` lists only actions that `apply` accepts, whatever the position."""
    game = linecraft.load(name, **options)
    for seed in range(3):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance():
                state.advance()
                continue
            player = rng.choice(state.to_act())
            actions = state.legal_actions(player)
            assert actions, "a seat that may act always has a legal action"
            for action in rng.sample(actions, min(len(actions), 25)):
                state.clone().apply(player, str(action))
            state.apply_unchecked(player, rng.choice(actions))


@pytest.mark.parametrize(("name", "options"), CASES)
def test_undo_restores_exactly(name: str, options: dict[str, Any]) -> None:
    game = linecraft.load(name, **options)
    rng = random.Random(9)
    state = game.new_state(9)
    if not game.has_undo:
        play_randomly(state, rng, stop_after=30)
        before = snapshot(state)
        for player in state.to_act():
            with pytest.raises(IllegalActionError, match="no take-backs"):
                state.undo(player)
        assert snapshot(state) == before
        return
    undone = 0
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        player = rng.choice(state.to_act())
        before = snapshot(state)
        action = rng.choice(state.legal_actions(player))
        state.apply(player, action)
        try:
            state.undo(player)
        except (IllegalActionError, NotYourTurnError):
            continue  # the rules forbid taking this one back; play goes on from here
        after = json.loads(snapshot(state))
        expected = json.loads(before)
        # The history keeps the action and its undo; everything else is as before.
        assert after["history"][: len(expected["history"])] == expected["history"]
        after.pop("history")
        expected.pop("history")
        assert after == expected
        undone += 1
        state.apply(player, action)
    assert undone > 0


def pick_at_random(picker: ChancePicker, rng: random.Random) -> list[list[str]]:
    """A complete pick as a person might make it: each question's count of choices, no
    token used twice (a pick that runs into a dead end starts again, as a person would
    take a choice back)."""
    for _attempt in range(100):
        taken: set[str] = set()
        picks: list[list[str]] = []
        for question in picker.questions:
            free = [c for c in question.choices if not taken & set(c.token.split())]
            if len(free) < question.count:
                break
            chosen = rng.sample(free, question.count)
            taken |= {token for c in chosen for token in c.token.split()}
            picks.append([c.code for c in chosen])
        else:
            return picks
    raise AssertionError(f"no complete pick found for {picker.title}")


@pytest.mark.parametrize(("name", "options"), CASES)
def test_every_pick_of_a_chance_picker_is_a_possible_outcome(
    name: str, options: dict[str, Any]
) -> None:
    """An assistant room's pictures can only put together outcomes that may happen now,
    and every question can be answered."""
    game = linecraft.load(name, **options)
    rng = random.Random(5)
    for seed in range(3):
        state = game.new_state(seed)
        while not state.is_terminal():
            if state.is_chance():
                picker = game.chance_picker(state, [f"P{p}" for p in range(game.num_players)])
                if picker is not None:
                    assert picker.title and picker.questions
                    possible = {o for o, _odds in state.chance_outcomes()}
                    for _try in range(3):
                        text = picker.outcome(pick_at_random(picker, rng))
                        assert game.parse_outcome(text) in possible, text
                    assert all(c.picture.caption for q in picker.questions for c in q.choices)
                state.advance()
            else:
                player = rng.choice(state.to_act())
                state.apply_unchecked(player, rng.choice(state.legal_actions(player)))
