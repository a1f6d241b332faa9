"""Bot strength runs: shared among processes, they play the same games."""

from __future__ import annotations

import linecraft
from linecraft.sim.strength import bot_scores, duel, summarise


def test_games_shared_among_processes_give_the_same_results() -> None:
    solo = linecraft.load("railroad-ink", players=1)
    alone = bot_scores(solo, "greedy", 6, first_seed=40)
    assert bot_scores(solo, "greedy", 6, first_seed=40, jobs=2) == alone
    summary = summarise(solo, "greedy", 6, first_seed=40, jobs=2)
    assert summary.scores == alone and summary.seconds > 0
    metro = linecraft.load("metro", players=2)
    one, two = (duel(metro, "greedy", "random", range(3), jobs=jobs) for jobs in (1, 2))
    assert one.points == two.points and len(one.points) == 6
    assert two.seconds_per_move > 0
