"""Write the golden records (run by hand, only when a rules change is intended):

    .venv/bin/python -m tests.games.railroad_ink.make_golden

Bots play whole games with a sprinkling of undone actions; each record stores the
score cards that `test_golden.py` must reproduce.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import linecraft
from linecraft.bots import make_bot
from linecraft.core import make_record

GOLDEN = Path(__file__).parent / "golden"
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


def play(players: int, bot_names: list[str], seed: int) -> dict[str, object]:
    state = linecraft.load("railroad-ink", players=players).new_state(seed)
    bots = [make_bot(name, seed + seat) for seat, name in enumerate(bot_names)]
    whims = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        for seat in state.to_act():
            action = bots[seat].choose(state, seat)
            if str(action) != "end" and whims.random() < 0.1:
                state.apply(seat, action)
                state.undo(seat)
            state.apply(seat, action)
    names = [f"{name} bot" for name in bot_names]
    return make_record(
        state, players=names, start="2026-11-21T00:00:00+00:00", end="2026-11-21T00:00:00+00:00"
    )


def main() -> None:
    for players, bots, seed in GAMES:
        path = GOLDEN / f"{players}p-seed{seed}.json"
        path.write_text(json.dumps(play(players, bots, seed), indent=1) + "\n")
        print(path)


if __name__ == "__main__":
    main()
