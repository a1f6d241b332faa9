"""Engine throughput: random full games on one core (`linecraft bench`)."""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

from linecraft.core.game import Game


@dataclass(frozen=True)
class Throughput:
    games: int
    actions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds


def random_game(game: Game, seed: int) -> int:
    """Play one game to the end with uniformly random legal actions; returns the action count."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    actions = 0
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        for player in state.to_act():
            state.apply_unchecked(player, rng.choice(state.legal_actions(player)))
            actions += 1
    return actions


def measure(game: Game, seconds: float = 5.0, seed: int = 0) -> Throughput:
    """Play random games for about `seconds` and count them."""
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < seconds:
        actions += random_game(game, seed + games)
        games += 1
    return Throughput(games, actions, time.perf_counter() - start)


def benchmark_arguments(doc: str | None, games: int) -> argparse.Namespace:
    """`--seconds` of throughput and `--games` of strength, for the benchmark scripts."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=games)
    return parser.parse_args()


def throughput_line(game: Game, seconds: float, label: str) -> str:
    result = measure(game, seconds=seconds)
    return (
        f"random play, {label}: {result.games_per_second:.1f} games/s, "
        f"{result.actions_per_second:.0f} actions/s ({result.games} games, one core)"
    )
