"""How long the analysis of a whole game takes, against the target: under a minute on
one core, for every game.

    .venv/bin/python benchmarks/analysis.py [--games 3] [--only GAME]

For each configuration the greedy bot plays every seat of held-out seeds (100 000 up),
and the expert reads seat 0's decisions one by one, as `linecraft analyse` and the
replay's Analyse button do. Printed: seconds per game (mean ± 95% half-width, and the
slowest), decisions per game, and the lessons found (losses beyond the samples' luck).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import linecraft
from linecraft.bots import make_bot
from linecraft.bots.analysis import analyse
from linecraft.sim.strength import play_out

HELD_OUT = 100_000
TARGET = 60.0  # seconds a game

CONFIGS: list[tuple[str, str, dict[str, Any]]] = [
    ("Railroad Ink, 2 players", "railroad-ink", {"players": 2}),
    ("  with Lava, solo", "railroad-ink", {"players": 1, "expansions": ["lava"]}),
    ("  with Underground, solo", "railroad-ink", {"players": 1, "expansions": ["underground"]}),
    ("London, solo", "next-station-london", {"players": 1}),
    ("Metro, 2 players", "metro", {"players": 2}),
    ("Metromania, 2 players", "metromania", {"players": 2}),
    ("Metromania, 4 players", "metromania", {"players": 4}),
]


def analysed(name: str, options: dict[str, Any], seed: int) -> tuple[float, int, int]:
    """Seconds to analyse seat 0 of one greedy game, its decisions and its lessons."""
    game = linecraft.load(name, **options)
    greedy = make_bot("greedy", seed)
    played = play_out(game.new_state(seed), dict.fromkeys(range(game.num_players), greedy))
    start = time.perf_counter()
    moments = analyse(game, game.new_state(seed), played.history, 0)
    seconds = time.perf_counter() - start
    return seconds, len(moments), sum(moment.notable for moment in moments)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--only", help="one game's name, e.g. metromania")
    args = parser.parse_args()
    print(f"{'':28}{'seconds a game':>20}{'slowest':>9}{'decisions':>11}{'lessons':>9}")
    for label, name, options in CONFIGS:
        if args.only and args.only not in name:
            continue
        runs = [analysed(name, options, HELD_OUT + i) for i in range(args.games)]
        seconds = [s for s, _, _ in runs]
        half = 1.96 * statistics.stdev(seconds) / len(seconds) ** 0.5 if len(runs) > 1 else 0
        met = "met" if max(seconds) < TARGET else "NOT met"
        print(
            f"{label:28}{statistics.fmean(seconds):>12.1f} ± {half:<5.1f}{max(seconds):>9.1f}"
            f"{statistics.fmean(d for _, d, _ in runs):>11.1f}"
            f"{statistics.fmean(n for _, _, n in runs):>9.1f}   under {TARGET:.0f} s: {met}"
        )


if __name__ == "__main__":
    main()
