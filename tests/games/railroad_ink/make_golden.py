"""Write the golden records (run by hand, only when a rules change is intended):

    .venv/bin/python -m tests.games.railroad_ink.make_golden

Bots play whole games with a sprinkling of undone actions; each record stores the
score cards that `test_golden.py` must reproduce.
"""

from __future__ import annotations

from pathlib import Path

from tests.golden_support import write_golden

GAMES = [  # (players, bots by seat, seed)
    (1, ["greedy"], 101),
    (1, ["greedy"], 102),
    (1, ["random"], 103),
    (2, ["greedy", "greedy"], 201),
    (2, ["greedy", "random"], 202),
    (3, ["greedy", "random", "greedy"], 301),
    (4, ["greedy", "greedy", "greedy", "greedy"], 401),
    (4, ["random", "greedy", "random", "greedy"], 402),
    (5, ["greedy"] * 5, 501),
    (6, ["greedy", "random"] * 3, 601),
]
LAVA_GAMES = [  # (players, bots by seat, seed), with the Lava expansion
    (1, ["greedy"], 701),
    (1, ["random"], 702),
    (2, ["greedy", "random"], 703),
    (3, ["greedy", "greedy", "random"], 704),
    (4, ["random", "greedy"] * 2, 705),
]


METEOR_GAMES = [  # (expansions, players, bots by seat, seed)
    (["meteor"], 1, ["greedy"], 801),
    (["meteor"], 1, ["random"], 802),
    (["meteor"], 2, ["greedy", "random"], 803),
    (["meteor"], 3, ["random", "greedy", "greedy"], 804),
    (["lava", "meteor"], 2, ["greedy", "greedy"], 805),
    (["lava", "meteor"], 3, ["random", "greedy", "random"], 806),
]


UNDERGROUND_GAMES = [  # (options, players, bots by seat, seed)
    ({"expansions": ["underground"]}, 1, ["greedy"], 901),
    ({"expansions": ["underground"]}, 2, ["greedy", "random"], 902),
    ({"expansions": ["underground"]}, 3, ["random", "greedy", "greedy"], 903),
    ({"variant": "underground-standalone"}, 1, ["greedy"], 904),
    ({"variant": "underground-standalone"}, 2, ["random", "greedy"], 905),
    ({"variant": "underground-standalone"}, 3, ["greedy", "greedy", "random"], 906),
]


def write_underground() -> None:
    write_golden(
        Path(__file__).parent / "golden",
        "railroad-ink",
        [
            (
                f"{'standalone' if 'variant' in opts else 'underground'}-{n}p-seed{seed}",
                {"players": n, **opts},
                bots,
                seed,
            )
            for opts, n, bots, seed in UNDERGROUND_GAMES
        ],
        undo_rate=0.1,
    )


def write_lava() -> None:
    write_golden(
        Path(__file__).parent / "golden",
        "railroad-ink",
        [
            (f"lava-{n}p-seed{seed}", {"players": n, "expansions": ["lava"]}, bots, seed)
            for n, bots, seed in LAVA_GAMES
        ],
        undo_rate=0.1,
    )


def write_meteor() -> None:
    write_golden(
        Path(__file__).parent / "golden",
        "railroad-ink",
        [
            (f"{'-'.join(ex)}-{n}p-seed{seed}", {"players": n, "expansions": ex}, bots, seed)
            for ex, n, bots, seed in METEOR_GAMES
        ],
        undo_rate=0.1,
    )


if __name__ == "__main__":
    write_lava()
    write_meteor()
    write_underground()
    write_golden(
        Path(__file__).parent / "golden",
        "railroad-ink",
        [(f"{n}p-seed{seed}", {"players": n}, bots, seed) for n, bots, seed in GAMES],
        undo_rate=0.1,
    )
