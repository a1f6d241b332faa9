"""The greedy bot's judgement of the city for a seat: station points as they would be
adjusted now, line progress toward a finish, markers placed (a test can only be won
with them on the board), minus a penalty for lines that cannot move any more."""

from __future__ import annotations

from typing import TYPE_CHECKING

from linecraft.games.metromania.scoring import adjusted

if TYPE_CHECKING:
    from linecraft.games.metromania.rules import MetromaniaState

FINISH_VALUE = 8.0  # a finished line keeps the station points and ends the test trips
TUNNEL_VALUE = 0.3  # each tunnel dug brings a line nearer its end
MARKER_VALUE = 3.0  # a placed marker avoids a −6 and may earn a 6
BLOCKED_PRICE = 6.0


def city_value(state: MetromaniaState, player: int) -> float:
    city = state.city
    if city is None:
        return 0.0
    mode = state.rules.mode
    value = 0.0
    for company in range(mode.companies):
        if mode.seat_of(company) != player:
            continue
        lines = city.lines[company]
        finished = sum(1 for line in lines if line.finished)
        value += adjusted(city.points[company], max(finished, 1)) + FINISH_VALUE * finished
        value += TUNNEL_VALUE * sum(line.tunnels for line in lines)
        value += MARKER_VALUE * sum(1 for owner, _ in city.placed.values() if owner == company)
        value -= BLOCKED_PRICE * sum(1 for n in range(2) if city.blocked((company, n)))
    return value
