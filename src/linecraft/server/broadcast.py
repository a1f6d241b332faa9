"""Telling a room's connections of its changes: who watches, when each is woken, and
the text each is sent (made once for all who are sent the same)."""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from linecraft.core.i18n import current
from linecraft.server.rooms import Room

SPECTATOR_DELAY = 0.2  # seconds: unseen by a person watching, and a crowd's changes merge


class Audiences:
    """The connections watching each room, told of a change together: the room calls
    the event loop once per change, however many watch (a thread waking the loop costs
    a system call), and the loop wakes each connection.

    Seats are woken at once. Spectators are woken `spectator_delay` seconds after a
    change, `group` connections at a time with the loop free for other work between
    groups, and changes made meanwhile reach them in the same message: a crowd of a
    thousand watching one table would otherwise hold the loop, and every player's
    answer with it, while the same change is sent a thousand times.
    """

    def __init__(self, spectator_delay: float = SPECTATOR_DELAY, group: int = 50) -> None:
        self._rooms: dict[Room, _Audience] = {}
        self._delay = spectator_delay
        self._group = group

    def join(self, room: Room, changed: asyncio.Event, *, seated: bool) -> Callable[[], None]:
        """Watch `room` (on the event loop) from a seat or as a spectator; the answer
        stops watching."""
        audience = self._rooms.get(room)
        if audience is None:
            loop = asyncio.get_running_loop()
            audience = self._rooms[room] = _Audience(loop)

            def notice() -> None:  # called from whichever thread changed the room
                with suppress(RuntimeError):  # a closed loop: the server has stopped
                    loop.call_soon_threadsafe(self._tell, audience)

            audience.stop = room.watch(notice)
        (audience.seats if seated else audience.spectators).add(changed)

        def leave() -> None:
            audience.seats.discard(changed)
            audience.spectators.discard(changed)
            if not (audience.seats or audience.spectators) and self._rooms.get(room) is audience:
                del self._rooms[room]
                audience.stop()

        return leave

    def _tell(self, audience: _Audience) -> None:
        for event in audience.seats:
            event.set()
        if audience.spectators and not audience.telling:
            audience.telling = True
            audience.loop.call_later(self._delay, self._tell_spectators, audience, None, 0)

    def _tell_spectators(
        self, audience: _Audience, events: list[asyncio.Event] | None, start: int
    ) -> None:
        events = list(audience.spectators) if events is None else events
        for event in events[start : start + self._group]:
            event.set()
        if start + self._group < len(events):
            audience.loop.call_soon(self._tell_spectators, audience, events, start + self._group)
        else:
            audience.telling = False


@dataclass
class _Audience:
    """Who watches one room, and whether spectators are being told of a change."""

    loop: asyncio.AbstractEventLoop
    seats: set[asyncio.Event] = field(default_factory=set)
    spectators: set[asyncio.Event] = field(default_factory=set)
    telling: bool = False
    stop: Callable[[], None] = lambda: None


class Messages:
    """The text of each message a change sends, made once for every socket that is sent
    the same (the spectators of a room, a seat open in two tabs): a view, or the delta
    from one version to another, for one seat in one language. Only the latest few
    hundred are kept."""

    def __init__(self, keep: int = 512) -> None:
        self._made: OrderedDict[tuple[Any, ...], str] = OrderedDict()
        self._keep = keep

    def text(
        self, room: str, seat: int | None, before: dict[str, Any] | None, after: dict[str, Any]
    ) -> str:
        since = None if before is None else before["version"]
        key = (room, seat, current(), since, after["version"])
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = json.dumps(update(before, after))
            if len(self._made) > self._keep:
                self._made.popitem(last=False)
        return made


def update(before: dict[str, Any] | None, after: dict[str, Any]) -> dict[str, Any]:
    """What a socket that holds `before` (None: nothing yet) is sent to hold `after`."""
    return after if before is None else {"delta": _delta(before, after)}


def _delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The parts of a view that changed; of the boards, only those drawn differently;
    of the log, only the lines told since (`log_more`)."""
    changed = {k: v for k, v in after.items() if k not in ("boards", "log") and before.get(k) != v}
    boards = {k: svg for k, svg in after["boards"].items() if before["boards"].get(k) != svg}
    told = before["log"][-1]["n"] if before["log"] else -1
    more = [line for line in after["log"] if line["n"] > told]
    return changed | ({"boards": boards} if boards else {}) | ({"log_more": more} if more else {})
