"""Game-independent players behind one `Bot` protocol, registered by name."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from linecraft.core.game import Action, State


class Bot(Protocol):
    """Chooses an action for a seat; deterministic for a given seed."""

    name: str

    def choose(self, state: State, player: int) -> Action: ...


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        return self._rng.choice(state.legal_actions(player))


class GreedyBot:
    """One ply: the action after which the game's own heuristic values the position most.

    Equal values are broken by the bot's seeded generator, so a seed fixes its play.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        best_value = float("-inf")
        best: list[Action] = []
        for action, value in state.child_values(player):
            if value > best_value + 1e-9:
                best_value, best = value, [action]
            elif value > best_value - 1e-9:
                best.append(action)
        if not best:
            raise ValueError(f"player {player} has no legal action")
        return best[0] if len(best) == 1 else self._rng.choice(best)


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    """The bot registered as `name`; `ValueError` lists the names."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(sorted(BOTS))})") from None


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot"]
