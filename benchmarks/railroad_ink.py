"""Railroad Ink figures: engine throughput on one core, and bot strength.

    .venv/bin/python benchmarks/railroad_ink.py [--seconds 10] [--games 200]

Prints random full games per second and actions per second (solo game), then the
mean, standard deviation and 95% interval of the solo score of each bot over
`--games` seeded games (seeds 0 … games-1, the same rolls for every bot).
"""

from __future__ import annotations

import argparse

import linecraft
from linecraft.sim.bench import measure
from linecraft.sim.strength import summarise


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
        print(summarise(game, bot_name, args.games))


if __name__ == "__main__":
    main()
