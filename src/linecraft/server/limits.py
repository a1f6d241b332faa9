"""What one client may ask of the server: the sizes of what it sends, how many seats a
room has, and how fast it may act, create rooms and open connections. A host tunes them
with `linecraft serve`'s options; whatever passes them is refused with the reason, never
with a crash.

The rates are token buckets kept in memory per client address (or per connection): a
bucket holds up to `burst` tokens, refills at `rate` per second, and each request takes
one. Checking one is a dictionary look-up under a lock held for microseconds, so the
event loop never waits on it."""

from __future__ import annotations

import math
import threading
import time
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import linecraft
from linecraft.core.i18n import _

# characters a name or an action may not hold: they reorder or hide the text around
# them in the log and on the boards (bidirectional embeddings, overrides and isolates)
REORDERING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@dataclass(frozen=True)
class Limits:
    """The server's limits; every default suits a public server of friends' tables."""

    body_bytes: int = 1 << 20  # an HTTP request body (a record file is tens of KiB)
    frame_bytes: int = 64 << 10  # a WebSocket message (an action is a few dozen bytes)
    action_chars: int = 200  # an action's text (the longest any game has is ~20)
    # the most seats a room of a game may have, where a host wants more or fewer than
    # the game's own range (its registry entry) allows
    seats: Mapping[str, int] = field(default_factory=dict)
    actions_per_second: float = 20.0  # per WebSocket connection, and per seat over HTTP
    rooms_per_hour: int = 60  # rooms (and daily challenges) one client address creates
    sockets_per_address: int = 100  # WebSockets open at once from one client address

    def seat_range(self, game: str) -> tuple[int, int]:
        """How many seats a room of `game` may have (`ValueError`: no such game)."""
        least, most = linecraft.game_info(game).players
        return least, self.seats.get(game, most)


def seats_refusal(limits: Limits, game: str, count: int) -> str | None:
    """Why a room of `game` cannot have `count` seats (None: it can)."""
    try:
        least, most = limits.seat_range(game)
    except ValueError as exc:
        return str(exc)
    if least <= count <= most:
        return None
    title = linecraft.game_info(game).title
    if least == most:
        return _("{game} is played by {most} players; this table has {count} seats").format(
            game=title, most=most, count=count
        )
    return _("{game} is played by {least} to {most} players; this table has {count} seats").format(
        game=title, least=least, most=most, count=count
    )


class Buckets:
    """Token buckets by key: `take(key)` spends one token, or says how many seconds until
    one is there. Full buckets are forgotten (a new one starts full anyway), so the
    table holds only keys that used their bucket recently, at most `keep` of them."""

    def __init__(
        self,
        rate: float,
        burst: float,
        *,
        keep: int = 100_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate, self.burst, self.keep, self._clock = rate, max(1.0, burst), keep, clock
        self._buckets: dict[Any, tuple[float, float]] = {}  # key: (tokens, when)
        self._lock = threading.Lock()

    def take(self, key: Any) -> float:
        """0 when the request may go ahead (a token is spent); else the seconds to wait."""
        now = self._clock()
        with self._lock:
            tokens, then = self._buckets.pop(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            if tokens >= 1:
                self._buckets[key] = (tokens - 1, now)
                self._forget(now)
                return 0.0
            self._buckets[key] = (tokens, now)
            return (1 - tokens) / self.rate if self.rate > 0 else math.inf

    def give_back(self, key: Any) -> None:
        """Return the token a refused request spent (it made nothing)."""
        with self._lock:
            if key in self._buckets:
                tokens, then = self._buckets[key]
                self._buckets[key] = (min(self.burst, tokens + 1), then)

    def _forget(self, now: float) -> None:
        """Drop the full buckets when the table grows, then the oldest if it must."""
        if len(self._buckets) <= self.keep:
            return
        full = self.burst / self.rate if self.rate > 0 else math.inf
        for key, (_tokens, then) in list(self._buckets.items()):
            if now - then >= full:
                del self._buckets[key]
        while len(self._buckets) > self.keep:
            del self._buckets[next(iter(self._buckets))]  # the least recently used


class Counter:
    """Open connections by client address, each address at most `most` at once."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def open(self, address: str) -> bool:
        """Count one more connection from `address`; False (nothing counted) at the limit."""
        with self._lock:
            count = self._open.get(address, 0)
            if count >= self.most:
                return False
            self._open[address] = count + 1
            return True

    def close(self, address: str) -> None:
        with self._lock:
            count = self._open.pop(address, 0) - 1
            if count > 0:
                self._open[address] = count


def retry_after(seconds: float) -> str:
    """A Retry-After header's value: whole seconds, at least 1."""
    return str(max(1, math.ceil(seconds)))


def text_refusal(text: str) -> str | None:
    """Why `text` cannot be taken as a name or an action (None: it can): it must be
    real Unicode (no lone surrogates, which no file or page can hold) without control
    characters or marks that reorder the text around it."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _("the text is not valid Unicode")
    if any(c in REORDERING or unicodedata.category(c) == "Cc" for c in text):
        return _("the text holds control characters")
    return None


def json_refusal(value: Any, depth: int = 0) -> str | None:
    """Why a JSON value (options, a record) cannot be taken: text in it that is not
    valid Unicode, a number that is not finite (NaN, Infinity: not JSON, though
    Python reads them), or nesting deeper than any record has."""
    if depth > 32:
        return _("the JSON is nested too deeply")
    if isinstance(value, float) and not math.isfinite(value):
        return _("a number is not finite")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return _("the text is not valid Unicode")
        return None
    if isinstance(value, dict):
        items: list[Any] = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    else:
        return None
    for item in items:
        refusal = json_refusal(item, depth + 1)
        if refusal:
            return refusal
    return None
