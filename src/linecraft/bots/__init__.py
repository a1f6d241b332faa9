"""Game-independent players behind one `Bot` protocol, registered by name."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from linecraft.bots.search import SearchBot, stand_off_breakers
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
    """One ply: the action after which the game's own heuristic values the position most
    (at a stalled position, the most of those that end the stand-off).

    Equal values are broken by the bot's seeded generator, so a seed fixes its play.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        best_value = float("-inf")
        best: list[Action] = []
        breakers = {str(action) for action in stand_off_breakers(state, player)}
        for action, value in state.child_values(player):
            if breakers and str(action) not in breakers:
                continue
            if value > best_value + 1e-9:
                best_value, best = value, [action]
            elif value > best_value - 1e-9:
                best.append(action)
        if not best:
            raise ValueError(f"player {player} has no legal action")
        return best[0] if len(best) == 1 else self._rng.choice(best)


def _normal(seed: int) -> Bot:
    return SearchBot(seed, level="normal")


def _expert(seed: int) -> Bot:
    return SearchBot(seed, level="expert")


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "normal": _normal,
    "expert": _expert,
}

#: The levels a player picks from, and the bot behind each.
LEVELS = {"easy": "greedy", "normal": "normal", "hard": "expert"}


def adviser(seed: int = 0) -> SearchBot:
    """The expert with a quarter of its budget: quick enough for a hint at every move."""
    return SearchBot(seed, level="expert", budget=0.25)


def make_bot(name: str, seed: int = 0) -> Bot:
    """The bot registered as `name`, or the bot of a level (easy, normal, hard);
    `ValueError` lists the names."""
    try:
        return BOTS[LEVELS.get(name, name)](seed)
    except KeyError:
        names = ", ".join([*sorted(BOTS), *(level for level in LEVELS if level not in BOTS)])
        raise ValueError(f"unknown bot {name!r} (bots: {names})") from None


__all__ = ["BOTS", "LEVELS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "adviser", "make_bot"]
