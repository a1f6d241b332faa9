"""Bot strength: seeded whole games by one bot in every seat, and a summary of scores.

Each game runs on one core; with `jobs` above 1 the games are shared out among that
many processes, so a machine with many cores plays the issue's hundreds of seeded
games in minutes with the same results. Times are each game's own, summed, so they
read as one core's whatever the number of jobs.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

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


T = TypeVar("T")
R = TypeVar("R")


def _each(work: Callable[[T], R], items: Iterable[T], jobs: int) -> list[R]:
    """`work` on every item, in order: here, or shared among `jobs` processes."""
    if jobs <= 1:
        return [work(item) for item in items]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(work, items))


def duel(game: Game, a: str, b: str, seeds: range, *, jobs: int = 1) -> Duel:
    """`a` and `b` at a two-seat game for every seed, each seat once."""
    pairs = [(seed, seat) for seed in seeds for seat in (0, 1)]
    games = _each(partial(_duel_game, game, a, b), pairs, jobs)
    moves = sum(moves for _, _, moves in games)
    return Duel(a, b, [point for point, _, _ in games], sum(s for _, s, _ in games) / max(1, moves))


def _duel_game(game: Game, a: str, b: str, seed_seat: tuple[int, int]) -> tuple[float, float, int]:
    """One game of a duel: `a`'s point, its thinking seconds and its moves."""
    seed, seat = seed_seat
    mine = Timed(make_bot(a, seed))
    bots: dict[int, Bot] = {seat: mine, 1 - seat: make_bot(b, seed + 7919)}
    winners = play_out(game.new_state(seed), bots).winners()
    return (1 / len(winners) if seat in winners else 0.0), mine.seconds, mine.moves


def bot_scores(
    game: Game, bot_name: str, games: int, *, first_seed: int = 0, jobs: int = 1
) -> list[int]:
    """Player 0's total in each game; seeds first_seed … first_seed+games-1, so every bot
    meets the same chance events while it plays the same way."""
    return summarise(game, bot_name, games, first_seed=first_seed, jobs=jobs).scores


def _solo_game(game: Game, bot_name: str, seed: int) -> tuple[int, float]:
    """Player 0's total in one game, and the seconds the game took."""
    start = time.perf_counter()
    bot = make_bot(bot_name, seed)
    state = play_out(game.new_state(seed), dict.fromkeys(range(game.num_players), bot))
    return state.scores()[0].total, time.perf_counter() - start


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


def summarise(
    game: Game, bot_name: str, games: int, *, first_seed: int = 0, jobs: int = 1
) -> Summary:
    seeds = range(first_seed, first_seed + games)
    played = _each(partial(_solo_game, game, bot_name), seeds, jobs)
    return Summary(bot_name, [total for total, _ in played], sum(s for _, s in played))
