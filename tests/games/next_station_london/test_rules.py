"""Drawing legality, the deck and the round flow, the pencil powers (§5, §6, §10)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import linecraft
from linecraft.core import IllegalActionError
from linecraft.games.next_station_london.london import COLOURS, LONDON
from linecraft.games.next_station_london.rules import NextStationLondonState
from tests.games.next_station_london.helpers import destinations, finish_round, game_for, turn

# §6.6: the two stations of each shape next to each departure station.
SHAPES = ("circle", "square", "triangle", "pentagon")
FIRST_TURN = {
    colour: dict(zip(SHAPES, pairs.split(" | "), strict=True))
    for colour, pairs in {
        "green": "5,0 0,2 | 3,1 6,2 | 1,0 4,3 | 2,3 3,6",
        "pink": "6,3 7,5 | 6,2 9,3 | 7,0 4,6 | 9,1 8,4",
        "purple": "4,5 0,7 | 2,4 2,7 | 4,3 1,4 | 0,5 3,6",
        "blue": "3,7 8,7 | 5,4 6,6 | 4,6 5,9 | 6,8 3,9",
    }.items()
}


@pytest.mark.parametrize("colour", FIRST_TURN)
@pytest.mark.parametrize("shape", SHAPES)
def test_first_turn_destinations_for_each_symbol(colour: str, shape: str) -> None:
    for kind in ("street", "under"):
        state = game_for(colour)
        state.apply_chance(f"{kind}-{shape}")
        assert destinations(state) == set(FIRST_TURN[colour][shape].split())


@pytest.mark.parametrize("colour", FIRST_TURN)
def test_a_joker_reaches_all_eight_neighbours_but_never_central_on_turn_one(colour: str) -> None:
    state = game_for(colour)
    state.apply_chance("under-joker")
    expected = {s for pair in FIRST_TURN[colour].values() for s in pair.split()}
    assert destinations(state) == expected and len(expected) == 8
    assert "5,3" not in expected


def test_central_station_matches_every_symbol() -> None:
    state = game_for("green")
    turn(state, "street-triangle", "3,2-4,3")
    state.apply_chance("street-square")
    assert destinations(state) == {"5,3", "5,4", "2,5", "3,1", "6,2"}  # 5,3: Central
    state.apply(0, "4,3-5,3")
    state.apply_chance("under-circle")
    assert destinations(state) == {"5,0", "6,3", "7,5", "0,2"}


def test_a_section_may_not_cross_any_drawn_section() -> None:
    state = game_for("purple")
    turn(state, "under-square", "2,5-2,4")
    turn(state, "under-joker", "2,4-4,4")
    finish_round(state)
    assert state.colour_of(0) == "blue"
    finish_round(state)
    assert state.colour_of(0) == "pink"
    finish_round(state)
    assert state.colour_of(0) == "green"
    state.apply_chance("street-pentagon")
    assert "3,6" not in destinations(state)
    with pytest.raises(IllegalActionError, match="3,2-3,6: it crosses 2,4-4,4"):
        state.apply(0, "3,2-3,6")


def test_a_line_never_revisits_its_own_station_and_no_section_is_drawn_twice() -> None:
    state = game_for("green")
    turn(state, "street-circle", "3,2-5,0")
    turn(state, "street-triangle", "5,0-4,0")
    turn(state, "street-square", "4,0-3,1")
    state.apply_chance("street-joker")
    with pytest.raises(IllegalActionError, match="3,2 is already on the green line"):
        state.apply(0, "3,1-3,2")
    with pytest.raises(IllegalActionError, match="5,0 is not an end of the green line"):
        state.apply(0, "5,0-7,0")
    state.apply(0, "3,1-1,1")
    finish_round(state)
    assert state.colour_of(0) == "purple"  # another colour may use 3,2, not 3,2-5,0
    turn(state, "under-square", "2,5-2,4")
    turn(state, "under-pentagon", "2,4-2,3")
    turn(state, "street-triangle", "2,3-3,2")
    state.apply_chance("street-joker")
    with pytest.raises(IllegalActionError, match="3,2-5,0: this section is already drawn"):
        state.apply(0, "3,2-5,0")


def test_a_switch_as_first_or_second_card_is_ignored() -> None:
    state = game_for("green")
    state.apply_chance("street-switch")
    assert state.is_chance() and state.turn == 0
    state.apply_chance("street-circle")
    assert state.turn == 1 and not state.switch_turn


def test_a_switch_lets_this_turns_section_branch_from_any_station() -> None:
    state = game_for("green")
    turn(state, "street-triangle", "3,2-4,3")
    turn(state, "street-square", "4,3-5,3")
    state.apply_chance("street-switch")
    assert state.is_chance()  # the symbol card comes at once
    state.apply_chance("under-pentagon")
    assert state.switch_turn and state.turn == 3
    assert "6,1" in destinations(state)  # 4,3-6,1 from the middle of the line
    state.apply(0, "4,3-6,1")
    assert sorted(LONDON.stations[s].name for s in state.line_shape(0).ends) == [
        "3,2",
        "5,3",
        "6,1",
    ]
    state.apply_chance("street-pentagon")
    assert not state.switch_turn
    with pytest.raises(IllegalActionError, match="4,3 is not an end"):
        state.apply(0, "4,3-4,4")  # the branch point is not an end (Ruling O2)


def test_passing_on_a_switch_turn_forfeits_the_branch() -> None:
    state = game_for("green")
    turn(state, "street-triangle", "3,2-4,3")
    turn(state, "street-square", "4,3-5,3")
    turn(state, "street-switch under-pentagon", "pass")
    state.apply_chance("street-pentagon")
    assert "6,1" not in destinations(state)


def test_the_round_ends_on_the_fifth_underground_card_even_after_a_switch() -> None:
    state = game_for("green")
    for card in ("under-circle", "under-square", "under-triangle", "under-joker"):
        turn(state, card, "pass")
    turn(state, "street-switch under-pentagon", "pass")  # Ruling O1: the last turn
    assert state.round == 1 and state.turn == 0 and state.colour_of(0) == "purple"


def test_the_number_of_turns_per_round_follows_the_deck() -> None:
    """§5.4: 5..10 turns with probabilities 1, 5, 15, 35, 70, 126 out of 252."""
    start = game_for("green")
    memo: dict[tuple[frozenset[str], int, bool], Counter[int]] = {}

    def turns(state: NextStationLondonState) -> Counter[int]:
        key = (frozenset(c.name for c in state.flipped), state.turn, state.switch_waiting)
        if key not in memo:
            found: Counter[int] = Counter()
            outcomes = state.chance_outcomes()
            for outcome, _ in outcomes:
                after = state.clone()
                after.apply_chance(outcome)
                if not after.is_chance():
                    turn_number = after.turn
                    after.apply(0, "pass")
                    if after.round == 1:
                        found[turn_number] += Fraction(1, len(outcomes))  # type: ignore[assignment]
                        continue
                for n, p in turns(after).items():
                    found[n] += p * Fraction(1, len(outcomes))  # type: ignore[assignment]
            memo[key] = found
        return memo[key]

    distribution = turns(start)
    assert distribution == {
        n: Fraction(k, 252) for n, k in zip(range(5, 11), (1, 5, 15, 35, 70, 126), strict=True)
    }


def test_colours_rotate_so_every_player_draws_each_colour_once() -> None:
    state = linecraft.load("next-station-london", players=4).new_state(0)
    assert isinstance(state, NextStationLondonState)
    seen = []
    for _ in range(4):
        seen.append([state.colour_of(p) for p in range(4)])
        finish_round(state)
    assert seen[0] == ["purple", "blue", "pink", "green"]
    assert seen[1] == ["blue", "pink", "green", "purple"]
    assert all(len(set(column)) == 4 for column in zip(*seen, strict=True))
    assert state.is_terminal()


def test_more_than_four_players_need_the_engine_option() -> None:
    with pytest.raises(ValueError, match="more_players"):
        linecraft.load("next-station-london", players=5)
    state = linecraft.load("next-station-london", players=6, more_players=True).new_state(0)
    assert isinstance(state, NextStationLondonState)
    assert [state.colour_of(p) for p in range(6)][4:] == ["purple", "blue"]


# --- pencil powers -------------------------------------------------------------------------
def powered(power: str, colour: str = "green") -> NextStationLondonState:
    """Player 0 draws `colour` in round 1 with `power`."""
    others = [p for p in ("double", "joker", "switch", "circle") if p != power]
    by_colour = dict(zip([c for c in COLOURS if c != colour], others, strict=True))
    by_colour[colour] = power
    powers = tuple(by_colour[c] for c in COLOURS)
    return game_for(colour, powers=powers)


def test_double_on_a_joker_turn_follows_the_first_sections_symbol() -> None:
    """§10.3 examples, green's first turn on under-joker (Ruling P2, O7)."""
    for legal in ("double 3,2-5,0 3,2-0,2", "double 3,2-5,0 5,0-5,3"):
        state = powered("double")
        state.apply_chance("under-joker")
        state.apply(0, legal)
    state = powered("double")
    state.apply_chance("under-joker")
    with pytest.raises(
        IllegalActionError, match="1,0 is a triangle; this section must end at a circle"
    ):
        state.apply(0, "double 3,2-5,0 3,2-1,0")
    state = powered("double")
    turn(state, "street-triangle", "3,2-4,3")
    state.apply_chance("street-joker")
    state.apply(0, "double 4,3-5,3 5,3-6,2")  # after Central, anything goes
    assert state.power_used[0]


def test_double_on_a_shape_card_and_after_a_switch() -> None:
    state = powered("double")
    state.apply_chance("street-circle")
    with pytest.raises(IllegalActionError, match="must end at a circle"):
        state.apply(0, "double 3,2-5,0 5,0-4,0")
    state.apply(0, "double 3,2-5,0 3,2-0,2")
    state = powered("double")
    turn(state, "street-triangle", "3,2-4,3")
    turn(state, "street-square", "4,3-5,3")
    state.apply_chance("street-switch")
    state.apply_chance("under-joker")
    # The first section may branch (from 4,3); the second must start at an end (Ruling P3).
    with pytest.raises(IllegalActionError, match="4,3 is not an end"):
        state.apply(0, "double 4,3-2,3 4,3-4,4")
    state.apply(0, "double 4,3-2,3 5,3-4,4")  # a pentagon again


def test_joker_power_once_per_round_and_only_for_its_colour() -> None:
    state = powered("joker")
    state.apply_chance("street-circle")
    state.apply(0, "joker 3,2-1,0")  # a triangle on a circle card
    state.apply_chance("street-square")
    with pytest.raises(IllegalActionError, match="already used this round"):
        state.apply(0, "joker 1,0-2,0")
    with pytest.raises(IllegalActionError, match="power is joker, not double"):
        state.apply(0, "double 1,0-2,0 2,0-4,0")
    state.apply(0, "1,0-2,0")
    finish_round(state)
    state.apply_chance("street-circle")  # pink now, whose power is not joker
    with pytest.raises(IllegalActionError, match="purple pencil's power is double, not joker"):
        state.apply(0, "joker 7,3-6,2")


def test_switch_power_from_turn_three_on() -> None:
    state = powered("switch")
    turn(state, "street-triangle", "3,2-4,3")
    state.apply_chance("street-square")
    with pytest.raises(IllegalActionError, match="before turn 3"):
        state.apply(0, "switch 3,2-3,1")
    state.apply(0, "4,3-5,3")
    state.apply_chance("under-triangle")
    assert "switch 4,3-4,0" in {str(m) for m in state.legal_actions(0)}
    state.apply(0, "switch 4,3-4,0")
    assert {LONDON.stations[s].name for s in state.line_shape(0).ends} == {"3,2", "5,3", "4,0"}
    state = powered("switch")
    turn(state, "street-triangle", "3,2-4,3")
    turn(state, "street-square", "4,3-5,3")
    state.apply_chance("under-triangle")
    state.apply(0, "switch 3,2-1,0")  # from an end: changes nothing, still spent (O6)
    assert state.power_used[0]


def test_circle_power_counts_a_station_twice_for_its_line() -> None:
    state = powered("circle")
    turn(state, "street-circle", "pass circle 3,2")  # Ruling O9
    finish_round(state)
    assert state.scores()[0]["green_score"] == 2  # 1 district × 2
    state = powered("circle")
    state.apply_chance("street-circle")
    with pytest.raises(IllegalActionError, match="circled 6,2 is not a station of the green line"):
        state.apply(0, "3,2-5,0 circle 6,2")
    state.apply(0, "3,2-5,0 circle 5,0")
    assert state.sheets[0].circle == ("green", LONDON.index_of[5, 0])
