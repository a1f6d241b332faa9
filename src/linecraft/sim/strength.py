"""Bot strength: seeded whole games by one bot in every seat, and a summary of scores."""

from __future__ import annotations

import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass

from linecraft.bots import Bot, make_bot
from linecraft.core.game import Action, Game, State


def play_out(state: State, bots: Mapping[int, Bot]) -> State:
    """Play to the end: chance from the state's own generator, each seat by its bot."""
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        for player in state.to_act():
            state.apply_unchecked(player, bots[player].choose(state, player))
    return state


class Timed:
    """A bot whose thinking is timed: seconds in all over `moves` choices."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name = bot, bot.name
        self.seconds, self.moves = 0.0, 0

    def choose(self, state: State, player: int) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(state, player)
        self.seconds += time.perf_counter() - start
        self.moves += 1
        return action


@dataclass(frozen=True)
class Duel:
    """Two-seat games of bot `a` against bot `b`, each seed played twice, seats swapped."""

    a: str
    b: str
    points: list[float]  # a's result in each game: 1 a win, 1/2 a shared one, 0 a loss
    seconds_per_move: float  # a's thinking

    def __str__(self) -> str:
        rate = statistics.fmean(self.points)
        half = 1.96 * statistics.stdev(self.points) / len(self.points) ** 0.5
        return (
            f"{self.a} against {self.b}: wins {rate:.1%} ± {half:.1%} (95%) of "
            f"{len(self.points)} games, {self.seconds_per_move:.3f} s a move"
        )


def duel(game: Game, a: str, b: str, seeds: range) -> Duel:
    """`a` and `b` at a two-seat game for every seed, each seat once."""
    points: list[float] = []
    timed = []
    for seed in seeds:
        for seat in (0, 1):
            mine = Timed(make_bot(a, seed))
            bots: dict[int, Bot] = {seat: mine, 1 - seat: make_bot(b, seed + 7919)}
            winners = play_out(game.new_state(seed), bots).winners()
            points.append(1 / len(winners) if seat in winners else 0.0)
            timed.append(mine)
    moves = sum(t.moves for t in timed)
    return Duel(a, b, points, sum(t.seconds for t in timed) / max(1, moves))


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


def summarise(game: Game, bot_name: str, games: int, *, first_seed: int = 0) -> Summary:
    start = time.perf_counter()
    scores = bot_scores(game, bot_name, games, first_seed=first_seed)
    return Summary(bot_name, scores, time.perf_counter() - start)
