"""Metromania figures: engine throughput on one core, and how random 4-player games end.

    .venv/bin/python benchmarks/metromania.py [--seconds 10] [--games 500]

Prints random full games per second, then over `--games` seeded random 4-player games
how often each end condition of §10 held when the building phase ended (a game can
meet several at once), and the greedy bot's mean seat total against three random bots.
"""

from __future__ import annotations

import random
from collections import Counter

import linecraft
from linecraft.bots import RandomBot, make_bot
from linecraft.games.metromania.rules import MetromaniaState
from linecraft.sim.bench import benchmark_arguments, throughput_line
from linecraft.sim.strength import play_out

CONDITIONS = ("both_lines_finished", "stations_used", "lines_blocked_or_finished")


def end_of_building(state: MetromaniaState, rng: random.Random) -> list[str]:
    """Play randomly until the final round begins; the conditions that triggered it."""
    while state.phase in ("setup", "building"):
        if state.is_chance():
            state.advance()
            continue
        player = state.to_act()[0]
        state.apply_unchecked(player, rng.choice(state.legal_actions(player)))
    return state.end_reasons()


def main() -> None:
    args = benchmark_arguments(__doc__, games=500)
    game = linecraft.load("metromania", players=4)
    print(throughput_line(game, args.seconds, "4 players"))
    counts: Counter[str] = Counter()
    alone: Counter[str] = Counter()
    for seed in range(args.games):
        state = game.new_state(seed)
        assert isinstance(state, MetromaniaState)
        reasons = end_of_building(state, random.Random(seed))
        counts.update(reasons)
        if len(reasons) == 1:
            alone[reasons[0]] += 1
    n = args.games
    print(f"random 4-player games, {n} seeds: end conditions met when the building phase ended")
    for condition in CONDITIONS:
        print(
            f"  {condition:26} {counts[condition]:4d} ({100 * counts[condition] / n:5.1f}%), "
            f"alone {alone[condition]}"
        )
    totals = []
    for seed in range(min(n, 100)):
        bots = {0: make_bot("greedy", seed), 1: RandomBot(seed), 2: RandomBot(seed + 1),
                3: RandomBot(seed + 2)}  # fmt: skip
        final = play_out(game.new_state(seed), bots)
        cards = final.scores()
        totals.append((cards[0].total, max(cards[p].total for p in (1, 2, 3))))
    wins = sum(1 for own, best in totals if own > best)
    mean = sum(own for own, _ in totals) / len(totals)
    print(f"greedy in seat 0 against 3 random bots, {len(totals)} games: mean {mean:.1f}, "
          f"won outright {wins}")  # fmt: skip


if __name__ == "__main__":
    main()
