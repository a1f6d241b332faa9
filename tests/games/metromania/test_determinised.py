"""`MetromaniaState.determinised`: the position a searching bot sees, the other seats'
unplaced letters dealt afresh (§5.1, §6), on random positions of every mode."""

from __future__ import annotations

import pickle
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import linecraft
from linecraft.games.metromania.game import Metromania
from linecraft.games.metromania.markers import Deal, is_valid_deal, sort_hand, valid_deals
from linecraft.games.metromania.notation import Extend
from linecraft.games.metromania.position import parse_position
from linecraft.games.metromania.rules import MetromaniaState

OPTIONS: tuple[dict[str, Any], ...] = (
    {"players": 2},
    {"players": 2, "two_player_mode": "six-destinations"},
    {"players": 3},
    {"players": 3, "gates": "alternating", "end_lines": 3},
    {"players": 4},
    {"players": 4, "open_destinations": True, "gates": "alternating"},
    {"players": 3, "strict_municipality": True},
)
HIDDEN_LETTERS = (OPTIONS[2], OPTIONS[3], OPTIONS[4])  # three or four seats, letters secret


def load(options: dict[str, Any]) -> Metromania:
    game = linecraft.load("metromania", **options)
    assert isinstance(game, Metromania)
    return game


def play(state: MetromaniaState, rng: random.Random, events: int) -> None:
    """Up to `events` random events: chance from `rng`, checked steps, now and then an undo."""
    for _ in range(events):
        if state.is_terminal():
            return
        if state.is_chance():
            state.advance(rng)
            continue
        seat = state.to_act()[0]
        if state.taken and rng.random() < 0.1:
            state.apply(seat, "undo")
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def reached(options: dict[str, Any], seed: int, events: int) -> MetromaniaState:
    state = load(options).new_state(seed)
    play(state, random.Random(seed), events)
    return state


def views(state: MetromaniaState) -> list[dict[str, Any]]:
    return [state.view(q) for q in [*range(state.rules.num_players), None]]


def dealt(state: MetromaniaState) -> tuple[tuple[str, ...], ...]:
    """Each company's hand as dealt: its unplaced markers and those it placed."""
    assert state.city is not None
    city = state.city
    return tuple(
        sort_hand([*city.hands[c], *(code for owner, code in city.placed.values() if owner == c)])
        for c in range(state.rules.mode.companies)
    )


def fitting_deals(state: MetromaniaState, player: int) -> list[Deal]:
    """The valid deals that agree with all `player` has seen, by brute force: its own
    hands, every placed marker, and the types every other company still holds."""
    assert state.city is not None
    city, mode = state.city, state.rules.mode
    found = []
    for deal in valid_deals(mode, tuple(state.doubles)):
        fits = True
        for c, hand in enumerate(deal.hands):
            placed = [code for owner, code in city.placed.values() if owner == c]
            left = [code for code in hand if code not in placed]
            if len(left) + len(placed) != len(hand):
                fits = False
            elif mode.seat_of(c) == player:
                fits = fits and sorted(left) == sorted(city.hands[c])
            else:
                fits = fits and sorted(m[1] for m in left) == sorted(m[1] for m in city.hands[c])
        if fits:
            found.append(deal)
    return found


@settings(max_examples=40, deadline=None)
@given(
    options=st.sampled_from(OPTIONS),
    seed=st.integers(0, 2**32 - 1),
    events=st.integers(0, 130),
    player=st.integers(0, 3),
    k=st.integers(0, 2**32 - 1),
)
def test_the_copy_shows_the_seat_what_it_saw_and_plays_to_the_end(
    options: dict[str, Any], seed: int, events: int, player: int, k: int
) -> None:
    state = reached(options, seed, events)
    player %= state.rules.num_players
    before = views(state)
    d = state.determinised(player, random.Random(k))
    assert views(state) == before  # the state itself is untouched
    assert isinstance(d, MetromaniaState) and d.history == []
    assert d.view(player) == state.view(player)
    if player in state.to_act():
        assert d.legal_actions(player) == state.legal_actions(player)
    if d.city is not None and d.deal is not None and not d.rules.letters_public:
        # A deal the rules could have dealt, the one the copy records.
        assert is_valid_deal(Deal(dealt(d)), d.rules.mode, tuple(d.doubles))
        assert d.deal == Deal(dealt(d))
    assert pickle.loads(pickle.dumps(d)).view(player) == d.view(player)
    play(d, random.Random(k), 10_000)
    assert d.is_terminal()
    assert views(state) == before


@settings(max_examples=40, deadline=None)
@given(
    options=st.sampled_from(OPTIONS),
    seed=st.integers(0, 2**32 - 1),
    events=st.integers(0, 130),
    player=st.integers(0, 3),
)
def test_the_copy_is_a_function_of_the_seats_view(
    options: dict[str, Any], seed: int, events: int, player: int
) -> None:
    state = reached(options, seed, events)
    player %= state.rules.num_players
    other = state.determinised(player, random.Random(1))
    first = state.determinised(player, random.Random(2))
    second = other.determinised(player, random.Random(2))
    assert views(first) == views(second)
    assert first.deal == second.deal
    for seat in first.to_act():  # whoever is to act, the letters it may place included
        assert first.legal_actions(seat) == second.legal_actions(seat)


@settings(max_examples=25, deadline=None)
@given(
    options=st.sampled_from(HIDDEN_LETTERS),
    seed=st.integers(0, 2**32 - 1),
    events=st.integers(0, 40),
    player=st.integers(0, 3),
)
def test_the_other_seats_letters_are_dealt_afresh(
    options: dict[str, Any], seed: int, events: int, player: int
) -> None:
    game = load(options)
    player %= game.num_players
    state = game.new_state(seed)
    rng = random.Random(seed)
    while state.deal is None:  # to the deal, then some steps of the building phase
        play(state, rng, 1)
    play(state, rng, events)
    fitting = fitting_deals(state, player)
    assert Deal(dealt(state)) in fitting
    if events == 0:
        assert len(fitting) > 1  # right after the deal, the others' letters are open
    drawn = set()
    for k in range(30):
        d = state.determinised(player, random.Random(k))
        assert Deal(dealt(d)) in fitting
        drawn.add(dealt(d))
    assert state.foreseen(player) == (len(fitting) == 1 or state.is_terminal())
    if state.is_terminal():
        assert drawn == {dealt(state)}  # every hand is shown at the end
    else:
        assert (len(drawn) > 1) == (len(fitting) > 1)
        if len(fitting) > 1:
            assert drawn != {dealt(state)}  # some other seat's secret differs from the truth


@settings(max_examples=12, deadline=None)
@given(
    mode=st.sampled_from(["two-companies", "six-destinations"]),
    seed=st.integers(0, 2**32 - 1),
    events=st.integers(1, 60),
)
def test_with_two_players_a_seats_own_hands_settle_the_others(
    mode: str, seed: int, events: int
) -> None:
    state = reached({"players": 2, "two_player_mode": mode}, seed, events)
    for player in (0, 1):
        d = state.determinised(player, random.Random(seed))
        assert d.city is None or d.city.hands == state.city.hands  # type: ignore[union-attr]
        # after the deal no chance is left, so a search sees all there is
        assert state.foreseen(player) == (state.phase != "setup")


def test_nothing_is_dealt_afresh_before_the_deal() -> None:
    state = load({"players": 3}).new_state(5)
    state.advance()  # the layout; the declarations and the deal are to come
    d = state.determinised(0, random.Random(0))
    assert views(d) == views(state) and d.deal is None
    d.apply(0, "double H")
    d.apply(1, "double W")
    assert d.is_chance()
    d.advance(random.Random(3))
    assert d.deal is not None and is_valid_deal(d.deal, d.rules.mode, ("H", "W", "F"))


def marker_mid_turn(seed: int) -> MetromaniaState | None:
    """A 3-player game in which the company to move has placed a marker this turn and
    still holds another of its type, so where undo puts it back hangs on the letters."""
    state = load({"players": 3}).new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        play(state, rng, 1)
        assert state.city is not None or state.is_chance()
        for step, _dug in state.taken:
            if isinstance(step, Extend) and step.letter and state.city is not None:
                kind = state.city.placed[step.space][1][1]
                if any(code[1] == kind for code in state.city.hands[state.to_move]):
                    return state
    return None


def test_undo_puts_a_redealt_marker_back_in_its_new_hand() -> None:
    """Mid-turn, after another seat placed a marker, the copy's undo puts it back where
    it belongs in the redrawn hand (sorted), as in a game dealt those hands."""
    moved = False  # some redrawn hand puts the marker back elsewhere than the true one
    for seed in range(200):
        state = marker_mid_turn(seed)
        if state is None:
            continue
        if moved:
            break
        owner = state.to_act()[0]
        player = (owner + 1) % 3
        undone = state.clone()
        assert isinstance(undone, MetromaniaState)
        while undone.taken:
            undone.apply(owner, "undo")
        true_places = [dug.hand_index for _step, dug in state.taken]
        for k in range(8):
            d = state.determinised(player, random.Random(k))
            moved |= [dug.hand_index for _step, dug in d.taken] != true_places
            while d.taken:
                d.apply(owner, "undo")
            assert d.city is not None and undone.city is not None
            hand = d.city.hands[d.to_move]
            assert hand == list(sort_hand(hand))
            assert len(hand) == len(undone.city.hands[d.to_move])
            assert d.view(player) == undone.view(player)
    assert moved


def test_a_three_player_position_without_declarations_keeps_letters_apart() -> None:
    """A hand-built position names no doubled types: the letters are still dealt so that
    no company holds one twice."""
    text = "\n".join(
        [
            "metromania-position",
            "options players=3 open_destinations=false strict_municipality=false",
            "layout 1.0 2.0 3.0 4.0 5.0 6.0",
            "phase building",
            "to_move 0",
            "final_left -",
            "company 0 seat=0 points=0 hand=AH,CH,BW,EF",
            "company 1 seat=1 points=0 hand=DH,AW,FW,BF",
            "company 2 seat=2 points=0 hand=FH,EW,CF,DF",
            "stations -",
        ]
    )
    game = load({"players": 3})
    state = game.state_from_position(parse_position(text))
    drawn = set()
    for k in range(10):
        d = state.determinised(0, random.Random(k))
        assert d.view(0) == state.view(0)
        assert all(len({code[0] for code in hand}) == len(hand) for hand in dealt(d))
        drawn.add(dealt(d))
        play(d, random.Random(k), 10_000)
        assert d.is_terminal()
    assert len(drawn) > 1
