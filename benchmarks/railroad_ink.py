"""Railroad Ink figures: engine throughput on one core, and bot strength.

    .venv/bin/python benchmarks/railroad_ink.py [--seconds 10] [--games 200]

Prints random full games per second and actions per second (solo game), then the
mean, standard deviation and 95% interval of the solo score of each bot over
`--games` seeded games (seeds 0 … games-1, the same rolls for every bot).
"""

from __future__ import annotations

import argparse
import statistics
import time

import linecraft
from linecraft.bots import make_bot
from linecraft.core.game import Game
from linecraft.sim.bench import measure


def bot_scores(game: Game, bot_name: str, games: int) -> list[int]:
    scores = []
    for seed in range(games):
        state = game.new_state(seed)
        bot = make_bot(bot_name, seed)
        while not state.is_terminal():
            if state.is_chance():
                state.advance()
                continue
            for player in state.to_act():
                state.apply_unchecked(player, bot.choose(state, player))
        scores.append(state.scores()[0].total)
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    game = linecraft.load("railroad-ink", players=1)
    result = measure(game, seconds=args.seconds)
    print(
        f"random play, 1 player: {result.games_per_second:.1f} games/s, "
        f"{result.actions_per_second:.0f} actions/s ({result.games} games, one core)"
    )
    for bot_name in ("random", "greedy"):
        start = time.perf_counter()
        scores = bot_scores(game, bot_name, args.games)
        mean = statistics.fmean(scores)
        spread = statistics.stdev(scores)
        half = 1.96 * spread / len(scores) ** 0.5
        print(
            f"{bot_name:>6}: mean {mean:.2f} ± {half:.2f} (95%), sd {spread:.2f}, "
            f"min {min(scores)}, max {max(scores)} over {len(scores)} games "
            f"({(time.perf_counter() - start) / len(scores) * 1000:.0f} ms/game)"
        )


if __name__ == "__main__":
    main()
