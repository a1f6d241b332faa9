"""Engine speed against the targets: random full games per second and the greedy bot's
time per game, on one core, with 95% intervals.

    .venv/bin/python benchmarks/engines.py [--seconds 10] [--games 20] [--only GAME]

Random play is measured in five windows of `--seconds`/5 each (fresh seeds in each), so
the interval shows how steady the figure is; the greedy bot plays `--games` seeded games
with every seat greedy, timed one by one. Each line ends with the target it is held to
and whether it is met. Figures go into `benchmarks/history.md`, a line per change.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass
from typing import Any

import linecraft
from linecraft import compiled
from linecraft.bots import make_bot
from linecraft.sim.bench import random_game
from linecraft.sim.strength import play_out

WINDOWS = 5
T_95 = {5: 2.776, 10: 2.262, 20: 2.093, 30: 2.045}  # Student's t, two-sided, n - 1 df


@dataclass(frozen=True)
class Case:
    """One configuration the issue holds to a throughput target (games/s, one core)."""

    game: str
    options: dict[str, Any]
    label: str
    target: float | None  # None: held to twice the base game's time instead


CASES = [
    Case("railroad-ink", {"players": 1}, "Railroad Ink solo", 3000),
    Case("railroad-ink", {"players": 1, "expansions": ("lava",)}, "  with Lava", None),
    Case("railroad-ink", {"players": 1, "expansions": ("meteor",)}, "  with Meteor", None),
    Case(
        "railroad-ink", {"players": 1, "expansions": ("underground",)}, "  with Underground", None
    ),
    Case(
        "railroad-ink",
        {"players": 1, "variant": "underground-standalone"},
        "  standalone Underground",
        None,
    ),
    Case("next-station-london", {"players": 1}, "London solo", 10_000),
    Case("metro", {"players": 4}, "Metro 4 players", 1000),
    Case("metromania", {"players": 4}, "Metromania 4 players", 200),
]


def interval(samples: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return mean, float("nan")
    t = T_95.get(len(samples), 1.96)
    return mean, t * statistics.stdev(samples) / len(samples) ** 0.5


def random_rate(game: linecraft.Game, seconds: float) -> tuple[float, float]:
    """Random games per second in each window: mean and 95% half-width."""
    rates, seed = [], 0
    for _ in range(WINDOWS):
        start = time.perf_counter()
        games = 0
        while (elapsed := time.perf_counter() - start) < seconds / WINDOWS:
            random_game(game, seed)
            games += 1
            seed += 1
        rates.append(games / elapsed)
    return interval(rates)


def greedy_time(game: linecraft.Game, games: int) -> tuple[float, float]:
    """Milliseconds per game with every seat greedy: mean and 95% half-width."""
    times = []
    for seed in range(games):
        bot = make_bot("greedy", seed)
        start = time.perf_counter()
        play_out(game.new_state(seed), dict.fromkeys(range(game.num_players), bot))
        times.append((time.perf_counter() - start) * 1000)
    return interval(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--only", help="one game's name, e.g. metromania")
    args = parser.parse_args()
    print(f"engines: {compiled.DESCRIPTION}")
    print(f"{'':26}{'random games/s':>22}{'greedy ms/game':>22}   target")
    base = None
    for case in CASES:
        if args.only and case.game != args.only:
            continue
        game = linecraft.load(case.game, **case.options)
        rate, rate_half = random_rate(game, args.seconds)
        ms, ms_half = greedy_time(game, args.games)
        if case.target is not None:
            base, goal = rate, f">= {case.target:,.0f} games/s"
            met = rate >= case.target
        else:
            goal = "within 2x of the base game"
            met = base is not None and rate >= base / 2
        print(
            f"{case.label:26}{rate:>12.1f} ± {rate_half:<7.1f}{ms:>12.1f} ± {ms_half:<7.1f}"
            f"   {goal} {'met' if met else 'NOT met'}"
        )


if __name__ == "__main__":
    main()
