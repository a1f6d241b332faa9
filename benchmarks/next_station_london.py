"""Next Station: London figures: engine throughput on one core, and bot strength.

    .venv/bin/python benchmarks/next_station_london.py [--seconds 10] [--games 500]

Prints random full games per second and actions per second (solo game), then the
solo total of each bot over `--games` seeded games (seeds 0 … games-1: the same
colour order and cards for every bot), in the base game and with both modules
(there the total includes the objectives; the solo score is 20 less).
"""

from __future__ import annotations

import linecraft
from linecraft.sim.bench import benchmark_arguments, throughput_line
from linecraft.sim.strength import summarise


def main() -> None:
    args = benchmark_arguments(__doc__, games=500)
    base = linecraft.load("next-station-london", players=1)
    print(throughput_line(base, args.seconds, "solo"))
    modules = linecraft.load("next-station-london", players=1, objectives=True, powers=True)
    for label, game in (("base game", base), ("both modules", modules)):
        print(label)
        for bot_name in ("random", "greedy"):
            print(" ", summarise(game, bot_name, args.games))


if __name__ == "__main__":
    main()
