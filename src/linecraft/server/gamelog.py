"""A room's game log: every event told in the game's own words, once per event and seat.

The log follows the room's history with a state of its own, one event behind the
other, because a game tells an event from the position it was applied to. Each event
is told to every seat and to spectators separately (a private draw reads differently
to the one who drew it), and only once: later views reuse the lines.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from linecraft.core.game import Event, Game, State
from linecraft.core.i18n import language

RECENT = 6  # how many of a seat's last moves are marked on its board


class GameLog:
    """The log told in one language (`code`)."""

    def __init__(self, game: Game, names: Sequence[str], code: str = "en") -> None:
        self._game = game
        self.language = code
        self._names = list(names)
        self._state: State = game.new_state(0)
        self._told: list[dict[int | None, str | None]] = []
        self._lock = threading.Lock()

    def lines(
        self, history: Sequence[Event], viewer: int | None, last: int | None = None
    ) -> list[dict[str, Any]]:
        """The log up to `history`'s end as `viewer` may read it: `{"n", "seat", "text"}`
        per told event (`seat` None for chance), oldest first; only the `last` lines
        when given (a view shows the end, and a long game's whole log costs)."""
        with self._lock:
            self._follow(history)
            told = self._told  # only ever grows; events past `history` are not read
        lines: list[dict[str, Any]] = []
        for n in range(len(history) - 1, -1, -1):
            if last is not None and len(lines) == last:
                break
            if (text := told[n][viewer]) is not None:
                lines.append({"n": n, "seat": history[n].player, "text": text})
        return lines[::-1]

    def _follow(self, history: Sequence[Event]) -> None:
        with language(self.language):
            self._tell(history)

    def _tell(self, history: Sequence[Event]) -> None:
        viewers: list[int | None] = [None, *range(self._game.num_players)]
        for event in history[len(self._told) :]:
            before = self._state
            self._told.append(
                {v: self._game.describe_event(before, event, self._names, v) for v in viewers}
            )
            before.replay_events([event])


def recent_moves(game: Game, history: Sequence[Event]) -> list[dict[str, Any]]:
    """The spots of each seat's last moves, newest first (`age` 0), so a board can mark
    what just changed; undone moves are not marked."""
    marks: list[dict[str, Any]] = []
    ages: dict[int, int] = {}
    undone: dict[int, int] = {}
    for event in reversed(history):
        player = event.player
        if player is None or ages.get(player, 0) >= RECENT:
            continue
        if event.text == "undo":
            undone[player] = undone.get(player, 0) + 1
            continue
        if undone.get(player):
            undone[player] -= 1
            continue
        target = game.action_target(game.parse_action(event.text))
        if target is not None:
            marks.append({"seat": player, "target": target, "age": ages.get(player, 0)})
            ages[player] = ages.get(player, 0) + 1
    return marks
