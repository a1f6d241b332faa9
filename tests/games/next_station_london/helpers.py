"""Games set up for one colour, and turns played with given cards."""

from __future__ import annotations

from typing import Any

import linecraft
from linecraft.games.next_station_london.actions import Move
from linecraft.games.next_station_london.london import COLOURS, LONDON
from linecraft.games.next_station_london.rules import NextStationLondonState


def game_for(colour: str, **options: Any) -> NextStationLondonState:
    """A game in which player 0 draws `colour` in round 1 (then the others in order)."""
    order = (colour, *(c for c in COLOURS if c != colour))
    options.setdefault("solo", False)
    state = linecraft.load("next-station-london", order=order, **options).new_state(0)
    assert isinstance(state, NextStationLondonState)
    return state


def turn(state: NextStationLondonState, cards: str, *actions: str) -> None:
    """Flip the cards (space-separated), then every player acts in seat order."""
    for card in cards.split():
        state.apply_chance(card)
    for player, action in enumerate(actions):
        state.apply(player, action)


def destinations(state: NextStationLondonState, player: int = 0) -> set[str]:
    """Stations reachable this turn by one plain section."""
    return {
        LONDON.stations[move.sections[0][1]].name
        for move in state.legal_actions(player)
        if isinstance(move, Move) and move.power is None and len(move.sections) == 1
    }


def finish_round(state: NextStationLondonState) -> None:
    """Flip the Underground cards left, every player passing."""
    while state.underground_seen < 5 or state.to_act():
        if state.is_chance():
            left = [c for c, _ in state.chance_outcomes() if str(c).startswith("under")]
            state.apply_chance(left[0])
        else:
            for player in state.to_act():
                state.apply(player, "pass")
        if state.is_terminal() or (state.turn == 0 and not state.flipped):
            return
