"""Rooms on disk: an SQLite file holding every room, its seats and every event.

Each accepted action and each chance outcome is committed before the server answers,
so a restarted server rebuilds every room exactly by replaying its events.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from linecraft.core.game import Event

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created TEXT NOT NULL,
    assistant INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    token TEXT NOT NULL UNIQUE,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS events (
    room TEXT NOT NULL REFERENCES rooms(id),
    number INTEGER NOT NULL,
    player INTEGER,
    text TEXT NOT NULL,
    PRIMARY KEY (room, number)
);
"""


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    bot: str | None
    token: str


@dataclass(frozen=True)
class RoomRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    created: str
    assistant: bool = False  # chance is typed in by seat 0 (a physical game played along)


class Store:
    """The one SQLite file of a server; every write is committed at once."""

    def __init__(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False)
        self._db.executescript(SCHEMA)
        self._db.commit()

    def close(self) -> None:
        self._db.close()

    def add_room(self, room: RoomRow, seats: list[SeatRow]) -> None:
        with self._db:
            self._db.execute(
                "INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?)",
                (
                    room.id,
                    room.game,
                    json.dumps(room.options),
                    room.seed,
                    room.created,
                    int(room.assistant),
                ),
            )
            self._db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [(room.id, s.seat, s.name, s.bot, s.token) for s in seats],
            )

    def set_bot(self, room: str, seat: int, bot: str | None) -> None:
        with self._db:
            self._db.execute(
                "UPDATE seats SET bot = ? WHERE room = ? AND seat = ?", (bot, room, seat)
            )

    def add_event(self, room: str, number: int, event: Event) -> None:
        with self._db:
            self._db.execute(
                "INSERT INTO events VALUES (?, ?, ?, ?)", (room, number, event.player, event.text)
            )

    def remove_events_from(self, room: str, number: int) -> None:
        """Drop events from `number` on (a failed write is never half kept)."""
        with self._db:
            self._db.execute("DELETE FROM events WHERE room = ? AND number >= ?", (room, number))

    def rooms(self) -> Iterator[tuple[RoomRow, list[SeatRow], list[Event]]]:
        query = "SELECT id, game, options, seed, created, assistant FROM rooms"
        for row in self._db.execute(query):
            room = RoomRow(row[0], row[1], json.loads(row[2]), row[3], row[4], bool(row[5]))
            seats = [
                SeatRow(*r)
                for r in self._db.execute(
                    "SELECT seat, name, bot, token FROM seats WHERE room = ? ORDER BY seat",
                    (room.id,),
                )
            ]
            events = [
                Event(player, text)
                for player, text in self._db.execute(
                    "SELECT player, text FROM events WHERE room = ? ORDER BY number", (room.id,)
                )
            ]
            yield room, seats, events
