"""Bot strength against the targets: the expert's mean score (solo games) or its wins
(two-seat games), with 95% intervals and its thinking time, on one core.

    .venv/bin/python benchmarks/bots.py [--games 20] [--only GAME] [--against BOT] [--jobs N]
                                        [--first-seed 100000]

Seeds are held out: every figure is played on seeds from 100 000 up, and the efforts in
each game's `search_efforts` were chosen on seeds below 10 000. Solo figures set the
expert beside the greedy bot on the same seeds (the same rolls and cards); two-seat
figures play each seed twice, seats swapped, the expert against greedy and normal.
The issue's counts are 200 games (Railroad Ink), 500 (London) and 500 two-seat games;
`--games` scales them all (20: a quick look), and `--against greedy` (or `normal`)
plays one of the two duels alone, as a long run may have to. Every game runs on one
core and its time is its own; `--jobs N` shares the games among N processes (one per
core), with the same results. `--first-seed` plays a further stretch of held-out seeds
(say 100 100 after a run of 100 games), to add to an earlier run rather than repeat it.
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

import linecraft
from linecraft.sim.strength import duel, summarise

HELD_OUT = 100_000


def solo(
    label: str, options: dict[str, Any], games: int, target: str, jobs: int, first: int
) -> None:
    game = linecraft.load(options.pop("game"), players=1, **options)
    expert = summarise(game, "expert", games, first_seed=first, jobs=jobs)
    greedy = summarise(game, "greedy", games, first_seed=first, jobs=jobs)
    gain = [e - g for e, g in zip(expert.scores, greedy.scores, strict=True)]
    half = 1.96 * statistics.stdev(gain) / len(gain) ** 0.5
    print(label)
    print(" ", expert)
    print(" ", greedy)
    print(f"  expert - greedy: {statistics.fmean(gain):+.2f} ± {half:.2f} (95%)   target: {target}")


DUEL_TARGETS = {"greedy": "≥ 75% at ≤ 1 s a move", "normal": "≥ 60%"}


def two_seats(name: str, games: int, jobs: int, against: list[str], first: int) -> None:
    game = linecraft.load(name, players=2)
    print(f"{game.name}, 2 players, seeds {first} up")
    seeds = range(first, first + max(1, games // 2))
    for rival in against:
        played = duel(game, "expert", rival, seeds, jobs=jobs)
        print(" ", played, "  target:", DUEL_TARGETS[rival])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--only", help="one game: railroad-ink, london, metro, metromania")
    parser.add_argument(
        "--against", choices=sorted(DUEL_TARGETS), help="one duel's rival (default: both)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the games")
    parser.add_argument(
        "--first-seed", type=int, default=HELD_OUT, help="the first held-out seed played"
    )
    args = parser.parse_args()
    if args.first_seed < HELD_OUT:
        parser.error(f"--first-seed {args.first_seed}: the held-out seeds start at {HELD_OUT}")
    n, jobs, first = args.games, args.jobs, args.first_seed

    def wanted(key: str) -> bool:
        return args.only in (None, key)

    if wanted("railroad-ink"):
        target = "expert ≥ 60 at ≤ 10 s a game"
        solo("Railroad Ink solo", {"game": "railroad-ink"}, n, target, jobs, first)
        for label, options in (
            ("with Lava", {"expansions": ("lava",)}),
            ("with Meteor", {"expansions": ("meteor",)}),
            ("with Underground", {"expansions": ("underground",)}),
            ("standalone Underground", {"variant": "underground-standalone"}),
        ):
            solo(
                f"  {label}", {"game": "railroad-ink", **options}, n, "+15 over greedy", jobs, first
            )
    if wanted("london"):
        london = {"game": "next-station-london"}
        solo("London solo", london, n, "expert ≥ 160 at ≤ 2 s a game", jobs, first)
        both = {"game": "next-station-london", "objectives": True, "powers": True}
        solo("  both modules", both, n, "expert ≥ 175", jobs, first)
    for name in ("metro", "metromania"):
        if wanted(name):
            rivals = [args.against] if args.against else list(DUEL_TARGETS)
            two_seats(name, n, jobs, rivals, first)


if __name__ == "__main__":
    main()
