"""The greedy bot's judgement of a Metro table, from what its seat may see: its own
lines (an open line still grows, so closing a short one early loses that), the
opponents' best total (closing their long lines early costs them the same growth),
and with companies its shares weighted by the companies' projected profits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from linecraft.games.metro.scoring import number_points
from linecraft.games.metro.tables import SEAT_COLOURS

if TYPE_CHECKING:
    from linecraft.games.metro.rules import MetroState

GROWTH = 3.0  # what an open line is still expected to add


def projected(state: MetroState) -> dict[str, float]:
    """Each car colour's points if every open line grew by GROWTH and then ended."""
    return {
        colour: points + passages + GROWTH * lines
        for colour, (points, passages, lines) in state.line_totals.items()
    }


def table_value(state: MetroState, player: int) -> float:
    value = projected(state)
    numbers = 0.0
    held = state.numbers[player]
    for route in state.routes.values() if held else ():
        if route.to is not None and route.to.isdigit() and int(route.to) in held:
            numbers += number_points(route)
    if 1 in state.rules.modules:
        own = sum(pct / 10 * value.get(company, 0.0) for company, pct in state.shares[player])
        return own + numbers
    mine = value.get(SEAT_COLOURS[player], 0.0) + numbers
    others = [
        value.get(SEAT_COLOURS[p], 0.0) for p in range(state.rules.num_players) if p != player
    ]
    return mine - max(others)
