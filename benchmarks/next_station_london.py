"""Next Station: London figures: engine throughput on one core, and bot strength.

    .venv/bin/python benchmarks/next_station_london.py [--seconds 10] [--games 500]

Prints random full games per second and actions per second (solo game), then the
solo total of each bot over `--games` seeded games (seeds 0 … games-1: the same
colour order and cards for every bot), in the base game and with both modules
(there the total includes the objectives; the solo score is 20 less).
"""

from __future__ import annotations

import argparse

import linecraft
from linecraft.sim.bench import measure
from linecraft.sim.strength import summarise


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=500)
    args = parser.parse_args()
    base = linecraft.load("next-station-london", players=1)
    result = measure(base, seconds=args.seconds)
    print(
        f"random play, solo: {result.games_per_second:.1f} games/s, "
        f"{result.actions_per_second:.0f} actions/s ({result.games} games, one core)"
    )
    modules = linecraft.load("next-station-london", players=1, objectives=True, powers=True)
    for label, game in (("base game", base), ("both modules", modules)):
        print(label)
        for bot_name in ("random", "greedy"):
            print(" ", summarise(game, bot_name, args.games))


if __name__ == "__main__":
    main()
