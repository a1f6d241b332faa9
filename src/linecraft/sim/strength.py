"""Bot strength: seeded whole games by one bot in every seat, and a summary of scores."""

from __future__ import annotations

import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass

from linecraft.bots import Bot, make_bot
from linecraft.core.game import Game, State


def play_out(state: State, bots: Mapping[int, Bot]) -> State:
    """Play to the end: chance from the state's own generator, each seat by its bot."""
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        for player in state.to_act():
            state.apply_unchecked(player, bots[player].choose(state, player))
    return state


def bot_scores(game: Game, bot_name: str, games: int, *, first_seed: int = 0) -> list[int]:
    """Player 0's total in each game; seeds first_seed … first_seed+games-1, so every bot
    meets the same chance events while it plays the same way."""
    scores = []
    for seed in range(first_seed, first_seed + games):
        bot = make_bot(bot_name, seed)
        state = play_out(game.new_state(seed), dict.fromkeys(range(game.num_players), bot))
        scores.append(state.scores()[0].total)
    return scores


@dataclass(frozen=True)
class Summary:
    bot: str
    scores: list[int]
    seconds: float

    def __str__(self) -> str:
        mean = statistics.fmean(self.scores)
        spread = statistics.stdev(self.scores)
        half = 1.96 * spread / len(self.scores) ** 0.5
        return (
            f"{self.bot:>6}: mean {mean:.2f} ± {half:.2f} (95%), sd {spread:.2f}, "
            f"min {min(self.scores)}, max {max(self.scores)} over {len(self.scores)} games "
            f"({self.seconds / len(self.scores) * 1000:.0f} ms/game)"
        )


def summarise(game: Game, bot_name: str, games: int) -> Summary:
    start = time.perf_counter()
    scores = bot_scores(game, bot_name, games)
    return Summary(bot_name, scores, time.perf_counter() - start)
