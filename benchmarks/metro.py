"""Metro figures: engine throughput on one core, and the greedy bot against random.

    .venv/bin/python benchmarks/metro.py [--seconds 10] [--games 500]

Prints random full games per second (2 players), then the greedy bot's results in
`--games` seeded 2-player games against the random bot, the greedy bot taking the
first seat in even-numbered games and the second in odd ones.
"""

from __future__ import annotations

import time

import linecraft
from linecraft.bots import make_bot
from linecraft.sim.bench import benchmark_arguments, throughput_line
from linecraft.sim.strength import play_out


def main() -> None:
    args = benchmark_arguments(__doc__, games=500)
    game = linecraft.load("metro", players=2)
    print(throughput_line(game, args.seconds, "2 players"))
    wins = draws = losses = margin = 0
    start = time.perf_counter()
    for seed in range(args.games):
        greedy_seat = seed % 2
        bots = {greedy_seat: make_bot("greedy", seed), 1 - greedy_seat: make_bot("random", seed)}
        state = play_out(game.new_state(seed), bots)
        totals = {p: card.total for p, card in state.scores().items()}
        margin += totals[greedy_seat] - totals[1 - greedy_seat]
        winners = state.winners()
        if winners == [greedy_seat]:
            wins += 1
        elif greedy_seat in winners:
            draws += 1
        else:
            losses += 1
    n = args.games
    print(
        f"greedy vs random, {n} games: greedy won {wins} ({100 * wins / n:.1f}%), "
        f"shared {draws}, lost {losses}; mean margin {margin / n:+.1f} points "
        f"({(time.perf_counter() - start) / n * 1000:.0f} ms/game)"
    )


if __name__ == "__main__":
    main()
