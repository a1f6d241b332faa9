"""`determinised`: a seat's view of a position with everything it hides dealt afresh."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import linecraft
from linecraft.games.metro.actions import Draw
from linecraft.games.metro.rules import MetroState
from linecraft.games.metro.tables import COMPANIES, PERCENTAGES

# Every module set the rules allow (2 and 3 exclude each other).
MODULE_SETS = [
    (),
    (1,),
    (2,),
    (3,),
    (4,),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 4),
    (3, 4),
    (1, 2, 4),
    (1, 3, 4),
]

positions = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32),
        "players": st.integers(2, 5),
        "modules": st.sampled_from(MODULE_SETS),
        "steps": st.integers(0, 240),
        "draws": st.booleans(),  # draw whenever a coin says so: many drawn tiles
    }
)


def random_position(
    seed: int, players: int, modules: tuple[int, ...], steps: int, draws: bool
) -> MetroState:
    """The position after `steps` random actions and draws (or the end, if sooner); with
    `draws`, a seat draws a tile half the times it may."""
    state = linecraft.load("metro", players=players, modules=list(modules)).new_state(seed)
    assert isinstance(state, MetroState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance():
            state.advance(rng)
            continue
        [player] = state.to_act()
        legal = state.legal_actions(player)
        if draws and Draw() in legal and rng.random() < 0.5:
            state.apply_unchecked(player, Draw())
        else:
            state.apply_unchecked(player, rng.choice(legal))
    return state


def play_out(state: MetroState, rng: random.Random) -> None:
    while not state.is_terminal():
        if state.is_chance():
            state.advance(rng)
            continue
        [player] = state.to_act()
        state.apply(player, rng.choice(state.legal_actions(player)))


def secrets(state: MetroState) -> dict[str, Any]:
    """Everything hidden from somebody, in a comparable form."""
    return {
        "pile": state.pile,
        "hands": [sorted(hand) for hand in state.hands],
        "drawn": state.drawn,
        "shares": state.shares,
        "stacks": {p: (sorted(s.unseen), s.returned) for p, s in state.stacks.items()},
        "numbers": [sorted(numbers) for numbers in state.numbers],
        "number_pile": sorted(state.number_pile),
    }


def tiles(state: MetroState) -> Counter[str]:
    """The tiles not on the board: the pile, the hands and a drawn tile."""
    found = Counter({code: count for code, count in state.pile.items() if count})
    for hand in state.hands:
        found.update(hand)
    if state.drawn is not None:
        found[state.drawn] += 1
    return found


def share_companies(state: MetroState, percentage: int) -> list[str]:
    """The companies of the `percentage` shares: held, open and in the stack."""
    stack = state.stacks[percentage]
    companies = [c for held in state.shares for c, p in held if p == percentage]
    companies += [*stack.unseen, *(c for c, _seat in stack.returned)]
    companies += [c for p, c in state.open_share.items() if p == percentage]
    return sorted(companies)


def views(state: MetroState) -> list[dict[str, Any]]:
    return [state.view(q) for q in [*range(state.rules.num_players), None]]


def others_secrets(state: MetroState, player: int) -> dict[str, Any]:
    """What the other seats hold that `player` cannot see, by kind."""
    others = [q for q in range(state.rules.num_players) if q != player]
    drawn = state.drawn if state.turn != player else None
    return {
        "tiles": ([sorted(state.hands[q]) for q in others], drawn),
        "drawn": drawn,
        "shares": [[s for s in state.shares[q] if s not in state.revealed] for q in others],
        "numbers": [sorted(state.numbers[q]) for q in others],
        "stacks": [
            (sorted(stack.unseen), [r for r in stack.returned if r[1] != player])
            for stack in state.stacks.values()
        ],
    }


def redrawable(state: MetroState, player: int) -> dict[str, bool | None]:
    """Whether 32 other deals of what `player` cannot see must differ from the true one
    somewhere (True: a deal differs at least half the time), or must not (False), by
    kind; None: a deal may differ, but too rarely to insist."""
    others = [q for q in range(state.rules.num_players) if q != player]
    drawn = [state.drawn] if state.drawn is not None and state.turn != player else []
    pile = [code for code, count in state.pile.items() for _ in range(count)]
    slots = [*(state.hands[q] for q in others), drawn, pile]
    pool = [code for slot in slots for code in slot]
    tiles = any(slots[:-1]) and sum(1 for slot in slots if slot) > 1 and len(set(pool)) > 1
    same_drawn = pool.count(drawn[0]) / len(pool) if drawn else 1.0
    shares = stacks = False
    for percentage, stack in state.stacks.items():
        held = [
            s
            for q in others
            for s in state.shares[q]
            if s[1] == percentage and s not in state.revealed
        ]
        returned = [r for r in stack.returned if r[1] != player]
        pool_size = len(held) + len(stack.unseen) + len(returned)
        shares = shares or (bool(held) and pool_size > 1)
        stacks = stacks or (bool(returned) and pool_size > 1) or (bool(held) and bool(stack.unseen))
    numbers = [*(state.numbers[q] for q in others), list(state.number_pile)]
    return {
        "tiles": tiles,
        "drawn": None if 0.5 < same_drawn < 1 else same_drawn < 1,
        "shares": shares,
        "numbers": any(numbers[:-1]) and sum(1 for slot in numbers if slot) > 1,
        "stacks": stacks,
    }


@settings(max_examples=60, deadline=None)
@given(position=positions, key=st.integers(0, 2**32))
def test_a_determinised_copy_looks_the_same_to_the_seat_and_plays_to_the_end(
    position: dict[str, Any], key: int
) -> None:
    state = random_position(**position)
    before_views, before_secrets = views(state), secrets(state)
    player = key % state.rules.num_players
    copy = state.determinised(player, random.Random(key))
    assert isinstance(copy, MetroState)
    assert copy.history == []
    assert copy.view(player) == state.view(player)
    assert copy.legal_actions(player) == state.legal_actions(player)
    assert copy.to_act() == state.to_act()
    assert copy.pending == state.pending
    # The same things, only dealt otherwise: tiles, each stack's shares, number tokens.
    assert tiles(copy) == tiles(state)
    for percentage in PERCENTAGES if 1 in state.rules.modules else ():
        assert share_companies(copy, percentage) == sorted(COMPANIES)  # each just once
        returned = copy.stacks[percentage].returned
        assert [seat for _c, seat in returned] == [
            seat for _c, seat in state.stacks[percentage].returned
        ]
    assert sorted({n for held in copy.numbers for n in held} | copy.number_pile) == sorted(
        {n for held in state.numbers for n in held} | state.number_pile
    )
    assert [len(held) for held in copy.numbers] == [len(held) for held in state.numbers]
    play_out(copy, random.Random(key + 1))
    assert copy.is_terminal()
    assert copy.winners()
    # The true state did not move.
    assert views(state) == before_views
    assert secrets(state) == before_secrets


@settings(max_examples=60, deadline=None)
@given(position=positions, seat=st.integers(0, 4))
def test_a_determinised_copy_depends_on_the_view_alone(position: dict[str, Any], seat: int) -> None:
    state = random_position(**position)
    player = seat % state.rules.num_players
    other = state.determinised(player, random.Random(1))  # the same view, other secrets
    other._rng = random.Random(5)  # and another generator, which must not matter either
    assert other.view(player) == state.view(player)
    first = state.determinised(player, random.Random(2))
    second = other.determinised(player, random.Random(2))
    assert views(first) == views(second)
    assert secrets(first) == secrets(second)
    chance = random.Random(3)
    for _ in range(8):  # both go on alike, chance included
        if first.is_terminal():
            break
        if first.is_chance():
            assert first.advance() == second.advance()  # their own generators, from rng
            continue
        [to_act] = first.to_act()
        action = chance.choice(first.legal_actions(to_act))
        first.apply(to_act, action)
        second.apply(to_act, action)
        assert views(first) == views(second)


@settings(max_examples=60, deadline=None)
@given(position=positions, seat=st.integers(0, 4))
def test_a_determinised_copy_redraws_the_secrets(position: dict[str, Any], seat: int) -> None:
    state = random_position(**position)
    player = seat % state.rules.num_players
    true = others_secrets(state, player)
    dealt = [
        others_secrets(state.determinised(player, random.Random(k)), player) for k in range(32)
    ]
    for kind, differs in redrawable(state, player).items():
        if differs is not None:
            assert any(deal[kind] != true[kind] for deal in dealt) == differs, kind


@settings(max_examples=30, deadline=None)
@given(position=positions, seat=st.integers(0, 3))
def test_a_tile_another_seat_drew_is_redrawn(position: dict[str, Any], seat: int) -> None:
    state = random_position(**{**position, "steps": position["steps"] // 3, "draws": True})
    rng = random.Random(position["seed"])
    while state.drawn is None and not state.is_terminal():  # go on until a seat draws
        if state.is_chance():
            state.advance(rng)
            continue
        [to_act] = state.to_act()
        legal = state.legal_actions(to_act)
        state.apply_unchecked(to_act, Draw() if Draw() in legal else rng.choice(legal))
    assume(state.drawn is not None)
    n, drawer = state.rules.num_players, state.turn
    assert state.determinised(drawer, random.Random(0)).drawn == state.drawn
    player = (drawer + 1 + seat % (n - 1)) % n
    copies = [state.determinised(player, random.Random(k)) for k in range(32)]
    for copy in copies:
        assert copy.view(player) == state.view(player)
        assert copy.drawn is not None
        assert copy.legal_actions(drawer) == copy.placements(copy.drawn)
    differs = redrawable(state, player)["drawn"]
    if differs is not None:
        assert any(copy.drawn != state.drawn for copy in copies) == differs
