"""Every refusal code of §18, each with its reason, and the state left as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import linecraft
from linecraft.core import IllegalActionError
from linecraft.games.metromania.geometry import CITY_VERTICES
from linecraft.games.metromania.position import format_position
from linecraft.games.metromania.rules import MetromaniaState
from tests.games.metromania.helpers import GAME, position, state_at


def position_f() -> MetromaniaState:
    """Position T with Red's turn of Example 7 played: Red L1 finished."""
    state = state_at("t", 0)
    for step in ("L1:3,-3>4,-3@U3,-3", "L1:4,-3>5,-3@U4,-3", "L1:5,-3>G5.1+4,-3"):
        state.apply(0, step)
    state._start_turn(0)
    return state


def red_mid_t() -> MetromaniaState:
    state = state_at("t", 0)
    state.apply(0, "L1:3,-3>4,-3@U3,-3")
    state.apply(0, "L1:4,-3>5,-3@U4,-3")
    return state


def with_full_supply() -> MetromaniaState:
    """Position W with all 30 stations on the board, none where Blue would meet Red."""
    state = state_at("w", 1)
    assert state.city is not None
    for v in sorted(CITY_VERTICES):
        if state.city.supply > 0 and v != (1, -3):
            state.city.stations.add(v)
    return state


def blue_on_red() -> MetromaniaState:
    """Example 2 after Blue's first step: Blue's tip is on Red L1 at 1,-3."""
    state = state_at("w", 1)
    state.apply(1, "L1:1,-4>1,-3@U1,-4")
    return state


def with_marker_touching() -> MetromaniaState:
    """Example 3b with FW already on the Work Spot U-2,0, which touches D-1,-1."""
    state = state_at("t", 1)
    assert state.city is not None
    state.city.hands[3].remove("FW")
    state.city.placed[("U", -2, 0)] = (3, "FW")
    return state


def marker_placed() -> MetromaniaState:
    state = state_at("t", 1)
    assert state.city is not None
    state.city.marker_this_turn = True
    return state


def long_line() -> MetromaniaState:
    state = state_at("w", 0)
    assert state.city is not None
    state.city.lines[0][0].spaces += [("U", 9, 9)] * 12  # 18 tunnels counted
    return state


def three_players() -> MetromaniaState:
    state = linecraft.load("metromania", players=3).new_state(0)
    assert isinstance(state, MetromaniaState)
    state.advance()
    state.apply(0, "double H")
    return state


def green_first_turn() -> MetromaniaState:
    state = state_at("w", 2)
    state.apply(2, "L1:G4.2>2,-5")
    return state


def falls_short() -> MetromaniaState:
    """A position met in play where one of Green's steps would end its turn early."""
    return GAME.state_from_position(position("falls_short"))


CASES: list[tuple[Callable[[], MetromaniaState], int, str, str, str]] = [
    (lambda: state_at("w", 0), 0, "L1:G0.2>3,2", "line_started", "L1 is already started"),
    (lambda: state_at("w", 1), 1, "L2:1,1>2,1@U1,1", "line_not_started", "L2 is not started"),
    (position_f, 0, "L1:4,-3>5,-2@U4,-3", "line_finished", "L1 is finished"),
    (position_f, 0, "L1:*1,-3", "line_closed", "no more intermediate stations"),
    (green_first_turn, 2, "L2:G0.2>3,2", "one_start_first_turn", "only one line starts"),
    (lambda: state_at("w", 1), 1, "L2:G0.1>4,1", "gate_not_white", "G0.1 has a black arrow"),
    (lambda: state_at("w", 1), 1, "L2:G0.0>5,0", "gate_occupied", "G0.0 already holds a tunnel"),
    (lambda: state_at("w", 1), 1, "L2:G0.2>0,0", "gate_vertex", "0,0 is not a corner of G0.2"),
    (lambda: state_at("w", 1), 1, "L2:G3.0>-5,0", "start_side", "starts on a far side"),
    (green_first_turn, 2, "L1:2,-5>G4.1", "end_side", "finishes on a far side"),
    (red_mid_t, 0, "L1:5,-3>G5.2", "gate_not_black", "G5.2 has a white arrow"),
    (lambda: state_at("w", 0), 0, "L1:2,-3>2,-2@U2,-3", "not_from_tip", "from its tip 3,-3"),
    (lambda: state_at("w", 0), 0, "L1:3,-3>5,-3@U3,-3", "not_adjacent", "5,-3 is not a city"),
    (lambda: state_at("w", 0), 0, "L1:3,-3>2,-3@U2,-3", "own_line", "2,-3 is already on L1"),
    (lambda: state_at("w", 0), 0, "L1:3,-3>2,-2@D2,-3", "sharp_bend", "needs a station there"),
    (lambda: state_at("w", 0), 0, "L1:3,-3>4,-3@U0,0", "space_not_on_edge", "U0,0 does not"),
    (blue_on_red, 1, "L1:1,-3>2,-3@U1,-3", "space_occupied", "U1,-3 already holds"),
    (lambda: state_at("w", 0), 0, "L1:3,-3>4,-3@U3,-3=A", "destination_on_blank", "not a Spot"),
    (
        lambda: state_at("t", 1),
        1,
        "L1:0,0>0,-1@D-1,-1",
        "spot_without_destination",
        "name a marker",
    ),
    (lambda: state_at("t", 1), 1, "L1:0,0>0,-1@D-1,-1=E", "no_such_marker", "no unplaced EH"),
    (marker_placed, 1, "L1:0,0>0,-1@D-1,-1=F", "second_destination", "one marker per turn"),
    (with_marker_touching, 1, "L1:0,0>0,-1@D-1,-1=F", "letters_touch", "FW on U-2,0 touches"),
    (long_line, 0, "L1:3,-3>4,-3@U3,-3", "no_tunnels_left", "used its 18 tunnels"),
    (with_full_supply, 1, "L1:1,-4>1,-3@U1,-4", "no_station_left", "1 station(s) needed, 0 left"),
    (falls_short, 2, "L1:3,1>4,1@D3,0=C", "falls_short", "could not reach its 3 tunnels"),
    (red_mid_t, 0, "L1:5,-3>G5.1+0,0", "bonus_vertex", "0,0 is not on L1"),
    (red_mid_t, 0, "L1:5,-3>G5.1+1,-3", "station_exists", "1,-3 has a station"),
    (lambda: state_at("t", 0), 0, "L1:*0,0", "station_vertex", "0,0 is not on L1"),
    (lambda: state_at("t", 0), 0, "L1:*1,-3", "station_exists", "1,-3 has a station"),
    (lambda: state_at("t", 0), 0, "L1:*3,-3", "not_between_stations", "no station lies beyond"),
    (lambda: state_at("t", 0), 0, "pass", "pass_not_allowed", "L1:3,-3>4,-3@U3,-3 needs no"),
    (red_mid_t, 0, "pass", "pass_not_allowed", "L1:5,-3>5,-2@D4,-3 needs no marker"),
    (red_mid_t, 0, "L1:*-1,-3", "turn_in_progress", "has dug already"),
    (lambda: state_at("t", 0), 0, "double H", "not_setup", "3-player setup"),
    (three_players, 1, "double H", "double_taken", "H is already declared"),
]


@pytest.mark.parametrize(
    ("make", "seat", "step", "code", "reason"), CASES, ids=[c[3] for c in CASES]
)
def test_refusal(
    make: Callable[[], MetromaniaState], seat: int, step: str, code: str, reason: str
) -> None:
    state = make()
    before = state.clone()
    with pytest.raises(IllegalActionError) as error:
        state.apply(seat, step)
    assert f"{code}: " in str(error.value) and reason in str(error.value)
    if state.city is not None and before.city is not None:
        assert format_position(GAME.position_of(state, seat)) == format_position(
            GAME.position_of(before, seat)
        )
    assert (state.steps, state.k, state.to_act()) == (before.steps, before.k, before.to_act())
