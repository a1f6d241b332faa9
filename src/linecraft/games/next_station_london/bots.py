"""The bots' judgement of a sheet: the score now, what the current line can still grow
by in the turns the deck has left, the way made towards the shared objectives not yet
met (module A), and the powers kept for later."""

from __future__ import annotations

from typing import TYPE_CHECKING

from linecraft.games.next_station_london.deck import CARDS, MATCHING, UNDERGROUND_PER_ROUND
from linecraft.games.next_station_london.london import LONDON, SHAPES
from linecraft.games.next_station_london.scoring import OBJECTIVE_POINTS

if TYPE_CHECKING:
    from linecraft.games.next_station_london.rules import NextStationLondonState

GROWTH_WEIGHT = 0.6  # of the points one more station is worth
POWER_VALUE = 3.0  # a power not yet used, while the round goes on
BLOCK_WEIGHT = 0.2  # per potential section lost to later rounds
# Of a shared objective's points not yet won, times the square of the way made to it:
# the last interchange or Thames section before an objective weighs the most.
OBJECTIVE_PROGRESS = 0.7
# The Street cards with a symbol, as a bitmask of `Card.bit`.
STREET_SYMBOL_CARDS = sum(c.bit for c in CARDS if not c.underground and c.symbol is not None)


def _shapes_served() -> tuple[int, ...]:
    """For each station, the shapes (bit k: SHAPES[k]) whose cards let a section end
    there: its own shape, or all four for Central Station."""
    return tuple(
        sum(1 << k for k, shape in enumerate(SHAPES) if MATCHING[shape] >> station & 1)
        for station in range(len(LONDON.stations))
    )


SHAPES_SERVED = _shapes_served()


def expected_turns_left(state: NextStationLondonState) -> float:
    """Turns still to come after the open one: every Underground card left makes one,
    and each Street card left does when it comes before the last of them."""
    if state.last_turn:
        return 0.0
    underground = UNDERGROUND_PER_ROUND - state.underground_seen
    street = (STREET_SYMBOL_CARDS & ~state.flipped_mask).bit_count()
    return underground + street * underground / (underground + 1)


def sheet_value(state: NextStationLondonState, player: int) -> float:
    if state.is_terminal() or state.order is None:
        return float(state.sheet_score(player).total)
    network, line = state.running_network(player)
    objectives = state.objectives or ()
    value = float(network.total(objectives))
    for name in objectives:
        progress = network.progress(name)
        if progress < 1:
            value += OBJECTIVE_PROGRESS * OBJECTIVE_POINTS * progress**2
    rounds_after = 3 - state.round
    sheet = state.sheets[player]
    value -= BLOCK_WEIGHT * rounds_after * sheet.blocked.bit_count()
    turns = expected_turns_left(state)
    power = state.power_of(player)
    if turns == 0:
        return value
    shape = state.line_shape(player)
    stations, blocked = shape.stations, sheet.blocked
    reachable = 0  # the shapes whose cards could extend the line (bit k: SHAPES[k])
    for a in shape.ends:
        for b, station, section in LONDON.neighbour_bits[a]:
            if not stations & station and not blocked & section:
                reachable |= SHAPES_SERVED[b]
    coverage = (reachable.bit_count() + (1 if reachable else 0)) / (len(SHAPES) + 1)
    one_more = (line.districts + line.largest) / 2
    value += GROWTH_WEIGHT * turns * coverage * one_more
    if power == "circle":
        value += line.districts
    elif power is not None:
        value += POWER_VALUE
    return value
