"""K games played on from one position: the batch a Monte Carlo search or a learning
agent asks for, in one call.

>>> import linecraft
>>> state = linecraft.load("next-station-london").new_state(3)
>>> totals = playouts(state, 4, bot="random", seed=1)
>>> len(totals), sorted(totals[0])
(4, [0])
>>> totals == playouts(state, 4, bot="random", seed=1)  # the seed fixes every playout
True
>>> state.is_terminal()  # played on copies
False
"""

from __future__ import annotations

import random

from linecraft.bots import make_bot
from linecraft.core.game import State


def playouts(state: State, k: int, *, bot: str = "random", seed: int = 0) -> list[dict[int, int]]:
    """The final totals by seat of `k` games played from `state` to their end, each on
    a copy: playout i draws its chance events from a generator seeded `seed + i` (not
    the state's own, which would give every playout the same draws) and lets a `bot`
    seeded likewise play every seat."""
    totals = []
    for index in range(k):
        rng = random.Random(seed + index)
        chooser = make_bot(bot, seed + index)
        game = state.clone()
        while not game.is_terminal():
            if game.is_chance():
                game.advance(rng)
                continue
            for player in game.to_act():
                game.apply_unchecked(player, chooser.choose(game, player))
        totals.append({player: card.total for player, card in game.scores().items()})
    return totals
