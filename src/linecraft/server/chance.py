"""Where a room's dice and cards come from.

A live room draws every outcome from the operating system's cryptographic generator:
no seed exists, so nothing a seat sees lets it predict the next roll or another seat's
hand. A practice room follows a seed its creator chose (every seat is told); each
outcome is drawn from a generator keyed by the seed and the event's number, so a
restarted server continues the game exactly where it stood. Either way the outcomes
are stored as events, and a replay reads them back rather than drawing again.
"""

from __future__ import annotations

import random
import secrets

from linecraft.core.rng import derive_seed


class Chance:
    """The generator to draw event number `n` of a room with."""

    def __init__(self, practice_seed: int | None = None) -> None:
        self._seed = practice_seed
        self._system = random.SystemRandom()

    @property
    def practice(self) -> bool:
        return self._seed is not None

    def generator(self, number: int) -> random.Random:
        if self._seed is None:
            return self._system
        return random.Random(derive_seed(self._seed, number))

    def bot_seed(self, seat: int) -> int:
        """A bot's seed: reproducible in practice rooms, unpredictable in live ones."""
        if self._seed is None:
            return secrets.randbits(63)
        return derive_seed(self._seed, -1 - seat)
