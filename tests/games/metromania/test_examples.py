"""The worked examples of the rules (§21), step by step through the engine."""

from __future__ import annotations

import json

import pytest

from linecraft.core import IllegalActionError
from linecraft.games.metromania.geometry import IDENTITY_LAYOUT, space_text, special_cells
from linecraft.games.metromania.position import format_position, position_problems
from linecraft.games.metromania.rules import MetromaniaState
from linecraft.games.metromania.scoring import score_city
from linecraft.games.metromania.trips import Network, fastest
from tests.games.metromania.helpers import GAME, HERE, position, state_at


def refused(state: MetromaniaState, seat: int, step: str, code: str) -> None:
    before = format_position(GAME.position_of(state, seat)), state.steps
    with pytest.raises(IllegalActionError, match=f"{code}:"):
        state.apply(seat, step)
    assert (format_position(GAME.position_of(state, seat)), state.steps) == before


def test_the_identity_layout_and_the_worked_positions() -> None:
    cells = special_cells(IDENTITY_LAYOUT)
    houses = sorted(space_text(s) for s, k in cells.items() if k == "H")
    assert houses == sorted(["U2,-4", "D4,-4", "D-1,-1", "U0,0", "D-1,1", "D-4,2"])
    for name in ("w", "t"):
        text = (HERE / f"position_{name}.txt").read_text()
        assert format_position(position(name)) == text
        assert position_problems(position(name)) == []
    assert position("t").city.supply == 25


def test_example_1_the_angle_rule() -> None:
    red = state_at("w", 0)
    for legal in ("L1:3,-3>4,-3@U3,-3", "L1:3,-3>3,-2@U3,-3", "L1:3,-3>4,-4@U3,-4"):
        red.clone().apply(0, legal)
    refused(red, 0, "L1:3,-3>2,-2@D2,-3", "sharp_bend")
    refused(red, 0, "L1:3,-3>3,-4@D2,-4", "sharp_bend")
    refused(red, 0, "L1:3,-3>2,-3@U2,-3", "own_line")
    assert red.city is not None
    red.city.stations.add((3, -3))  # a hand-built copy with a station on the tip
    red.k = 3
    red.clone().apply(0, "L1:3,-3>2,-2@D2,-3")
    red.clone().apply(0, "L1:3,-3>3,-4@D2,-4")


def test_examples_2_to_5_build_position_t() -> None:
    state = state_at("w", 1)
    assert state.city is not None
    state.apply(1, "L1:1,-4>1,-3@U1,-4")  # meeting Red L1: station, no Spot
    assert state.city.stations == {(1, -3)} and state.city.points[1] == 0
    refused(state, 1, "L1:1,-3>2,-3@U1,-3", "space_occupied")
    state.apply(1, "L1:1,-3>2,-3@D1,-4")  # alongside Red: no station
    assert state.city.supply == 29
    state.apply(1, "L1:2,-3>2,-2@D1,-3")  # separation at 2,-3 beside the House U2,-4
    assert state.city.stations == {(1, -3), (2, -3)} and state.city.points[1] == 1
    assert state.to_move == 2  # three steps end the turn
    state._start_turn(1)  # Blue's next turn (others' turns left out, as in the rules)
    state.apply(1, "L1:2,-2>1,-1@U1,-2")
    state.apply(1, "L1:1,-1>0,0@U0,-1")  # meeting Red L2 at 0,0: two House Spots
    assert state.city.points[1] == 3 and state.city.supply == 27
    # Example 3b: a sharp bend from the station just reached, and marker refusals.
    refused(state, 1, "L1:0,0>0,-1@D-1,-1", "spot_without_destination")
    refused(state, 1, "L1:0,0>0,-1@D-1,-1=E", "no_such_marker")
    state.clone().apply(1, "L1:0,0>0,-1@D-1,-1=F")
    # Example 4: Red's intermediate station.
    state._start_turn(0)
    refused(state, 0, "L1:*3,-3", "not_between_stations")
    refused(state, 0, "L2:*-1,0", "not_between_stations")
    state.clone().apply(0, "L2:*2,0")
    state.apply(0, "L1:*-1,-3")
    assert state.city.points[0] == 1 and state.to_move == 1
    # Example 5: Green runs down to 1,0 and places AH on the House U0,0, in two turns.
    state._start_turn(2)
    for step in ("L1:G1.0>0,5", "L1:0,5>0,4@D-1,4", "L1:0,4>0,3@U0,3"):
        state.apply(2, step)
    state._start_turn(2)
    for step in ("L1:0,3>0,2@U0,2", "L1:0,2>0,1@U0,1"):
        state.apply(2, step)
    refused(state, 2, "L1:0,1>1,0@U0,0=B", "no_such_marker")
    state.apply(2, "L1:0,1>1,0@U0,0=A")
    assert state.city.points[2] == 1 and state.to_move == 3

    def body(text: str) -> str:  # companies, lines and stations; not whose turn it is
        return text.split("final_left", 1)[1].split("\n", 1)[1]

    assert body(format_position(GAME.position_of(state, 0))) == body(format_position(position("t")))


def test_example_6_and_8_monday_and_the_complete_scoring() -> None:
    found = position("t")
    monday = score_city(found.city, found.mode)["tests"][0]
    assert monday["minutes"] == 6 and monday["fastest_trips"] == 2
    state = state_at("t", 0)
    assert state.city is not None
    state.apply(0, "L1:3,-3>4,-3@U3,-3")
    state.apply(0, "L1:4,-3>5,-3@U4,-3")
    probe = state.clone()
    refused(probe, 0, "L1:5,-3>G5.2", "gate_not_black")
    state.apply(0, "L1:5,-3>G5.1+4,-3")  # Example 7: finished, bonus on 4,-3 (House D4,-4)
    assert state.city.points[0] == 2 and state.city.supply == 24
    assert state.city.lines[0][0].finished and state.city.lines[0][0].tunnels == 9
    state._start_turn(0)
    refused(state, 0, "L1:*1,-3", "line_closed")
    report = score_city(state.city, GAME.mode)
    monday = report["tests"][0]
    assert json.loads(json.dumps(monday)) == {
        "day": "mon", "pair": "A", "status": "ok", "minutes": 6, "fastest_trips": 2,
        "origins": ["0,0", "1,0"], "targets": ["-1,-3"],
        "sections_used": [
            {"company": 0, "line": "L1", "from": "-1,-3", "to": "1,-3"},
            {"company": 0, "line": "L1", "from": "1,-3", "to": "2,-3"},
            {"company": 1, "line": "L1", "from": "1,-3", "to": "2,-3"},
            {"company": 1, "line": "L1", "from": "2,-3", "to": "0,0"}],
        "awards": {"0": 6, "1": 3}, "causes": [], "penalties": {},
    }  # fmt: skip
    companies = {c["company"]: c for c in report["companies"]}
    assert [(c["station_points"], c["lines_finished"], c["adjustment"], c["line_points"],
             c["test_points"], c["penalties"], c["total"], c["tunnels"])
            for c in companies.values()] == [
        (2, 1, "halved", 1, 6, -12, -5, 16),
        (3, 0, "zeroed", 0, 3, -18, -15, 7),
        (1, 0, "zeroed", 0, 0, -12, -12, 6),
        (0, 0, "zeroed", 0, 0, -18, -18, 0),
    ]  # fmt: skip
    assert [s["rank"] for s in report["seats"]] == [1, 3, 2, 4] and report["winners"] == [0]
    tuesday = report["tests"][1]
    assert tuesday["status"] == "impossible" and tuesday["penalties"] == {"1": -6, "2": -6}
    assert [c["cause"] for c in tuesday["causes"]] == ["not_placed", "not_placed"]
    assert report["tests"][6]["status"] == "impossible" and report["tests"][6]["penalties"] == {}


def test_example_9_no_station_no_connection_and_zero_minutes() -> None:
    found = position("t")
    city = found.city
    # no_station: AW on D-1,-4 loses its only touching station.
    city.stations.discard((-1, -3))
    monday = score_city(city, found.mode)["tests"][0]
    assert monday["causes"] == [{"cause": "no_station", "marker": "AW", "company": 0}]
    assert monday["penalties"] == {"0": -6}
    # no_connection: a station touching AW that no other station can be reached from.
    city = position("t").city
    city.stations = {(0, -4), (1, 0), (0, 0)}
    network = Network.of(city)
    assert fastest(network, [(0, 0), (1, 0)], [(0, -4)]).minutes is None
    monday = score_city(city, found.mode)["tests"][0]
    assert [c["cause"] for c in monday["causes"]] == ["no_connection", "no_connection"]
    assert monday["penalties"] == {"0": -6, "2": -6}
    # Zero minutes: overlapping origins and targets (R22).
    zero = fastest(Network.of(position("t").city), [(0, 0)], [(0, 0)])
    assert (zero.minutes, zero.fastest_trips, zero.used) == (0, 0, [])


def test_example_10_the_final_round() -> None:
    state = state_at("t", 2)
    assert state.city is not None
    for line in state.city.lines[2]:  # Green has finished both lines during this turn
        line.start_gate = line.start_gate or (1, 0)
        line.end_gate = line.end_gate or (0, 1)
    state.apply(2, "pass")
    assert state.phase == "final" and state.to_move == 3 and state.final_left == [0, 1]
    for company in (3, 0, 1):
        assert state.to_move == company
        while state.to_move == company and not state.is_terminal():
            state.apply(company, str(state.legal_actions(company)[0]))
    assert state.is_terminal()
