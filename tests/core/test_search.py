"""The search bot: legal, seeded, blind to what its seat cannot see, and the levels."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import linecraft
from linecraft.bots import LEVELS, SearchBot, make_bot
from linecraft.bots.search import _Search
from linecraft.core.game import Effort, State
from linecraft.sim.strength import play_out
from linecraft.sim.trace import fingerprint
from tests.core.test_batches import positions as every_position

CONFIGS = [
    ("railroad-ink", {"players": 1}),
    ("railroad-ink", {"players": 2, "expansions": ["meteor"]}),
    ("next-station-london", {"players": 2}),
    ("metro", {"players": 3, "modules": [1, 4]}),
    ("metromania", {"players": 2}),
]
# Small, so a whole game is quick, yet every part of the search runs.
QUICK = Effort(beam=2, leaves=3, samples=2, rounds=2, horizon=1)


def positions(name: str, options: dict[str, object], seed: int) -> list[State]:
    """Eight positions of one random game where someone is to act, spread over it."""
    found = every_position(name, options, seed)
    return found[:: max(1, len(found) // 8)][:8]


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_the_search_chooses_a_legal_action_and_leaves_the_state_as_it_was(
    name: str, options: dict[str, object]
) -> None:
    for state in positions(name, options, seed=3):
        player = state.to_act()[0]
        before = fingerprint(state)
        judged = SearchBot(1, effort=QUICK).judge(state, player)
        assert fingerprint(state) == before
        assert judged[0][1] == SearchBot(1, effort=QUICK).choose(state, player)
        firsts = [str(action) for _, action in judged]
        assert len(set(firsts)) == len(firsts)
        assert set(firsts) <= {str(a) for a in state.legal_actions(player)}


@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_the_search_sees_only_its_seats_view(name: str, options: dict[str, object]) -> None:
    """Two positions alike in the seat's view but not in what it hides (the hidden
    things drawn afresh) get the same choice from bots of the same seed."""
    for state in positions(name, options, seed=8):
        player = state.to_act()[0]
        twin = state.determinised(player, random.Random(99))
        assert twin.view(player) == state.view(player)
        first = SearchBot(5, effort=QUICK).choose(state, player)
        assert SearchBot(5, effort=QUICK).choose(twin, player) == first


def test_a_seed_fixes_a_whole_game() -> None:
    game = linecraft.load("railroad-ink", players=1)

    def played(seed: int) -> list[str]:
        bot = SearchBot(seed, effort=QUICK)
        return [event.text for event in play_out(game.new_state(4), {0: bot}).history]

    assert played(1) == played(1)
    assert played(1) != played(2)  # the bot's own draws of chance steer it


def test_planning_the_turn_beats_one_move_at_a_time_on_a_round() -> None:
    """A Railroad Ink round is four drawings: judging them together finds a board the
    one-at-a-time choices (the first best action each time) value no higher, as the
    beam holds their line; on most rolls it finds a better one."""
    game = linecraft.load("railroad-ink", players=1)
    better = 0
    for seed in range(6):
        state = game.new_state(seed)
        state.advance()
        greedy = state.clone()
        while 0 in greedy.to_act():
            action = max(greedy.child_values(0), key=lambda item: item[1])[0]
            greedy.apply_unchecked(0, action)
        best = SearchBot(0, effort=Effort(beam=8, horizon=0)).judge(state, 0)[0][0]
        assert best >= greedy.heuristic(0) - 1e-9
        better += best > greedy.heuristic(0) + 1e-9
    assert better >= 3


def test_levels_name_the_bots_and_unknown_names_are_refused() -> None:
    assert LEVELS == {"easy": "greedy", "normal": "normal", "hard": "expert"}
    assert make_bot("easy").name == "greedy"
    assert make_bot("hard").name == make_bot("expert").name == "expert"
    with pytest.raises(ValueError, match=r"unknown bot 'wizard' \(bots: .*expert.*hard"):
        make_bot("wizard")
    with pytest.raises(ValueError, match="levels: normal, expert"):
        linecraft.load("metro", players=2).search_effort("legendary")


def test_a_seconds_budget_stops_the_judging_early() -> None:
    """With no time at all the search still answers, after its first round of judging:
    what one round of judging would say. (Nine first moves here: four plans meet the
    first round, two the second; a second round of one plan would decide nothing, and
    `test_judging_stops_once_one_plan_is_left` shows it is not played.)"""
    state = linecraft.load("next-station-london", players=1).new_state(4)
    while state.is_chance():
        state.advance()
    effort = replace(QUICK, leaves=4)
    hurried = SearchBot(0, effort=effort, seconds=0.0).judge(state, 0)
    assert hurried == SearchBot(0, effort=replace(effort, rounds=1)).judge(state, 0)
    assert hurried != SearchBot(0, effort=effort).judge(state, 0)


def test_judging_stops_once_one_plan_is_left() -> None:
    """Three first moves: the first round leaves one plan, so a second round, which
    could only sample it again, is not played: two rounds judge as one."""
    state = linecraft.load("next-station-london", players=1).new_state(2)
    while state.is_chance():
        state.advance()
    assert len(state.legal_actions(0)) == 3
    judged = SearchBot(0, effort=QUICK).judge(state, 0)
    assert judged == SearchBot(0, effort=replace(QUICK, rounds=1)).judge(state, 0)


@pytest.mark.parametrize(
    ("name", "options"),
    [("metromania", {"players": 2}), ("railroad-ink", {"players": 2, "expansions": ["meteor"]})],
)
def test_a_foreseen_position_is_judged_on_one_sample_as_on_many(
    name: str, options: dict[str, object]
) -> None:
    """Two-player Metromania after the deal, Railroad Ink's last round: every world is
    the position itself and no chance is left (`State.foreseen`), so each plan is played
    out once; the plans come out in the same order with the same values as when each
    meets every sample of the effort (every sample repeats the first)."""
    foreseen = [
        state
        for state in every_position(name, options, 11)
        if not state.is_chance() and state.foreseen(state.to_act()[0])
    ]
    assert len(foreseen) >= 4
    for state in foreseen[:: len(foreseen) // 4][:4]:
        seat = state.to_act()[0]
        once = _Search(state, seat, QUICK, 5)
        assert once.effort == replace(QUICK, samples=1, rounds=1)
        often = _Search(state, seat, QUICK, 5)
        often.effort = QUICK
        judged, judged_often = once.best(None), often.best(None)
        assert [str(a) for _, a in judged] == [str(a) for _, a in judged_often]
        assert [v for v, _ in judged] == pytest.approx([v for v, _ in judged_often])


def test_moves_compared_for_a_reader_meet_many_plausible_games() -> None:
    """Where nothing is left to chance (two-player Metromania after the deal), the moves
    an analysis sets side by side meet games where the other seat plays any move near
    its best (`JUDGING_TEMPER`), so their values vary from sample to sample and the
    comparison says how big a gap luck alone could make; the choice is the expert's own,
    and a move set beside itself has no gap and no noise."""
    varied = 0
    foreseen = [
        (state, seat)
        for state in positions("metromania", {"players": 2}, 11)
        if not state.is_chance() and state.foreseen(seat := state.to_act()[0])
    ]
    for state, seat in foreseen[:3]:
        choice = SearchBot(3, effort=QUICK).choose(state, seat)
        other = next(a for a in state.legal_actions(seat) if str(a) != str(choice))
        compared = SearchBot(3, effort=QUICK).compare(state, seat, other)
        assert str(compared.choice) == str(choice)
        varied += compared.noise > 0
        same = SearchBot(3, effort=QUICK).compare(state, seat, choice)
        assert same.choice_value == same.played_value and same.noise == 0
    assert varied >= 2
