"""Turn rules the rulebook states outright: a Spot tunnel is never owed (§8.1, §8.5),
and the seat whose turn ended the building phase plays no more (§10); and what passing
in turn means for a search."""

from __future__ import annotations

import json

import pytest

import linecraft
from linecraft.bots import Bot, GreedyBot
from linecraft.bots.search import SearchBot, _Search, stand_off_breakers
from linecraft.core import IllegalActionError
from linecraft.core.game import State
from linecraft.core.records import replay
from linecraft.games.metromania.game import Metromania
from linecraft.games.metromania.position import parse_position
from linecraft.games.metromania.rules import MetromaniaState
from tests.games.metromania.helpers import HERE, state_at


def yellow_after_its_start() -> MetromaniaState:
    """Yellow's first turn: from 5,0 the only ways on cross the Fun Spot D4,-1."""
    state = state_at("spot_ahead")
    state.apply(3, "L1:G5.4>5,0")
    return state


def test_after_one_tunnel_a_company_may_stop_before_a_spot() -> None:
    state = yellow_after_its_start()
    assert [str(a) for a in state.legal_actions(3)] == [
        "L1:5,0>4,0@D4,-1=E",
        "L1:5,0>5,-1@D4,-1=E",
        "pass",
    ]
    state.apply(3, "pass")
    assert state.to_move == 0 and state.city is not None
    assert state.city.lines[3][0].tunnels == 1 and "EF" in state.city.hands[3]


def test_a_spot_tunnel_taken_by_choice_counts_and_the_turn_goes_on() -> None:
    state = yellow_after_its_start()
    state.apply(3, "L1:5,0>4,0@D4,-1=E")
    assert state.to_move == 3 and state.steps == 2
    with pytest.raises(IllegalActionError, match=r"pass_not_allowed: .*needs no marker"):
        state.apply(3, "pass")


def test_a_company_whose_only_way_on_is_a_spot_may_pass() -> None:
    state = state_at("spot_only")
    assert state.k == 0
    assert [str(a) for a in state.legal_actions(1)] == ["L1:-1,5>-2,5@D-2,4=F", "pass"]
    state.apply(1, "pass")
    assert state.to_move == 2


def one_finished_line(to_move: int) -> MetromaniaState:
    """Position T in a two-player game ending at 1 finished line, Red L1 finished as in
    Example 7: whoever ends a turn next ends the building phase."""
    text = (HERE / "position_t.txt").read_text()
    text = text.replace("players=4", "players=2 two_player_mode=two-companies")
    text = text.replace("3,-3@U2,-3", "3,-3@U2,-3 4,-3@U3,-3 5,-3@U4,-3 >G5.1")
    found = parse_position(text)
    found.to_move = to_move
    game = linecraft.load("metromania", players=2, end_lines=1)
    assert isinstance(game, Metromania)
    return game.state_from_position(found)


def play_turn(state: MetromaniaState) -> int:
    """Play the first legal action until the turn is over; the company that played."""
    company = state.to_move
    while state.to_move == company and not state.is_terminal():
        seat = state.to_act()[0]
        state.apply(seat, str(state.legal_actions(seat)[0]))
    return company


@pytest.mark.parametrize(("ender", "owed"), [(0, [1, 3]), (1, [2, 0]), (2, [3, 1]), (3, [0, 2])])
def test_two_companies_the_enders_seat_plays_no_more(ender: int, owed: list[int]) -> None:
    state = one_finished_line(ender)
    play_turn(state)
    assert state.phase == "final" and [state.to_move, *state.final_left] == owed
    played = []
    while not state.is_terminal():
        played.append(play_turn(state))
    assert played == owed


def test_the_search_judges_a_playout_where_every_company_passes_in_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A duel of the expert and greedy (seed 100 076, the expert second): from this
    position some playouts of the expert's search reach a city where every company
    passes, turn after turn, as a pass is allowed while the only ways on cross Spots.
    The search went round for ever there; now such a playout is judged where it
    stalled, and the expert answers. At such a position every bot ends the stand-off
    (there, an intermediate station is worth no less to the heuristic than a pass), so
    a game of bots always ends."""
    record = json.loads((HERE / "record_stalled_playouts.json").read_text())
    state = replay(record)
    stalled: list[State] = []
    judge = _Search.value

    def watched(search: _Search, position: State) -> float:
        if position.stalled():
            stalled.append(position.clone())
        return judge(search, position)

    monkeypatch.setattr(_Search, "value", watched)
    assert str(SearchBot(100_076).choose(state, 1)) == "L1:-4,4>-5,4@U-5,4"
    assert stalled and not state.stalled()
    monkeypatch.undo()

    position = stalled[0]
    seat = position.to_act()[0]
    breakers = stand_off_breakers(position, seat)
    assert "pass" in map(str, position.legal_actions(seat)) and breakers
    assert "pass" not in map(str, breakers)
    bots: list[Bot] = [GreedyBot(seed) for seed in range(8)] + [SearchBot(1, level="normal")]
    for bot in bots:
        assert not position.child(seat, bot.choose(position, seat)).stalled(), bot
    greedy = [GreedyBot(5), GreedyBot(6)]
    for _ in range(200):
        if position.is_terminal():
            break
        seat = position.to_act()[0]
        position.apply_unchecked(seat, greedy[seat].choose(position, seat))
    assert position.is_terminal()
