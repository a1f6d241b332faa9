"""Railroad Ink figures: engine throughput on one core, and bot strength.

    .venv/bin/python benchmarks/railroad_ink.py [--seconds 10] [--games 200]

Prints random full games per second and actions per second (solo game), then the
mean, standard deviation and 95% interval of the solo score of each bot over
`--games` seeded games (seeds 0 … games-1, the same rolls for every bot).
"""

from __future__ import annotations

import linecraft
from linecraft.games.railroad_ink import EXPANSIONS
from linecraft.sim.bench import benchmark_arguments, throughput_line
from linecraft.sim.strength import summarise


def main() -> None:
    args = benchmark_arguments(__doc__, games=200)
    game = linecraft.load("railroad-ink", players=1)
    print(throughput_line(game, args.seconds, "1 player"))
    for bot_name in ("random", "greedy"):
        print(summarise(game, bot_name, args.games))
    variants: list[tuple[dict[str, object], str]] = [
        ({"expansions": [name]}, name) for name in EXPANSIONS
    ]
    variants += [({"expansions": ["lava", "meteor"]}, "lava and meteor")]
    variants += [({"variant": "underground-standalone"}, "the standalone underground game")]
    for options, label in variants:
        game = linecraft.load("railroad-ink", players=1, **options)
        print(f"with {label}:")
        for bot_name in ("random", "greedy"):
            print(" ", summarise(game, bot_name, args.games))


if __name__ == "__main__":
    main()
