"""The greedy bot's judgement of a sheet: the score now, what the current line can
still grow by in the turns the deck has left, and the powers kept for later."""

from __future__ import annotations

from typing import TYPE_CHECKING

from linecraft.games.next_station_london.deck import CARDS, UNDERGROUND_PER_ROUND
from linecraft.games.next_station_london.london import CENTRAL, LONDON, SHAPES

if TYPE_CHECKING:
    from linecraft.games.next_station_london.rules import NextStationLondonState

GROWTH_WEIGHT = 0.6  # of the points one more station is worth
POWER_VALUE = 3.0  # a power not yet used, while the round goes on
BLOCK_WEIGHT = 0.2  # per potential section lost to later rounds


def expected_turns_left(state: NextStationLondonState) -> float:
    """Turns still to come after the open one: every Underground card left makes one,
    and each Street card left does when it comes before the last of them."""
    if state.last_turn:
        return 0.0
    left = [c for c in CARDS if c not in state.flipped and c.symbol is not None]
    underground = UNDERGROUND_PER_ROUND - state.underground_seen
    street = sum(1 for c in left if not c.underground)
    return underground + street * underground / (underground + 1)


def sheet_value(state: NextStationLondonState, player: int) -> float:
    score = state.sheet_score(player)
    value = float(score.total)
    if state.is_terminal() or state.order is None:
        return value
    rounds_after = 3 - state.round
    value -= BLOCK_WEIGHT * rounds_after * state.sheets[player].blocked.bit_count()
    turns = expected_turns_left(state)
    colour = state.colour_of(player)
    line = score.lines[colour]
    power = state.power_of(player)
    if turns == 0:
        return value
    shape = state.line_shape(player)
    blocked = state.sheets[player].blocked
    reachable: set[str] = set()
    for a in shape.ends:
        for b, index in LONDON.neighbours[a]:
            if b not in shape.stations and not blocked >> index & 1:
                found = LONDON.stations[b].shape
                reachable.update(SHAPES if found == CENTRAL else (found,))
    coverage = (len(reachable) + (1 if reachable else 0)) / (len(SHAPES) + 1)
    one_more = (line.districts + line.largest) / 2
    value += GROWTH_WEIGHT * turns * coverage * one_more
    if power == "circle":
        value += line.districts
    elif power is not None:
        value += POWER_VALUE
    return value
