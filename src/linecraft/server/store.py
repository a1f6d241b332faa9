"""Rooms on disk: one SQLite file holding every room, its seats, every event and the
records of finished games.

Storage model: one connection, one writer. Every transaction (and every read) holds the
store's lock, so no two threads ever interleave on the connection; a room's events are
appended in one transaction that also moves the room's event count, and the append is
refused unless it starts exactly where the stored log ends, so a hole or a duplicate
can never be stored silently. The file is in WAL mode with `synchronous=FULL`: a commit
has reached the disk before `append` returns, so an acknowledged action survives a
killed process and a power cut alike.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from linecraft.core.game import Event

SCHEMA_VERSION = 3

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER,               -- practice rooms only (live rooms draw from the OS)
    created TEXT NOT NULL,
    assistant INTEGER NOT NULL DEFAULT 0,
    practice INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'running',  -- running, finished, closed, set-aside
    events INTEGER NOT NULL DEFAULT 0,       -- events stored: the next event's number
    problem TEXT,                            -- why a room was set aside
    touched TEXT,                            -- the last change (idle rooms are closed)
    clock INTEGER,                           -- seconds a person has for a turn (null: no clock)
    rematch TEXT,                            -- the room of the next game at the same table
    daily TEXT,                              -- "date key" of a daily challenge room
    listed INTEGER NOT NULL DEFAULT 1        -- shown in the lobby's list of tables
);
CREATE TABLE IF NOT EXISTS daily_results (  -- the result board of the daily challenges
    day TEXT NOT NULL,
    challenge TEXT NOT NULL,
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    room TEXT PRIMARY KEY REFERENCES rooms(id)
);
CREATE TABLE IF NOT EXISTS settings (  -- the server's own values (the daily secret)
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rooms_by_age ON rooms (created);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    token TEXT NOT NULL UNIQUE,
    stand_in INTEGER NOT NULL DEFAULT 0,  -- the bot plays a person's seat while they are away
    handed_by TEXT,                       -- the seated player who handed it to the bot
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS events (
    room TEXT NOT NULL REFERENCES rooms(id),
    number INTEGER NOT NULL,
    player INTEGER,
    text TEXT NOT NULL,
    PRIMARY KEY (room, number)
);
CREATE TABLE IF NOT EXISTS notices (  -- what the table is told besides the game's events
    room TEXT NOT NULL REFERENCES rooms(id),
    after INTEGER NOT NULL,               -- the events stored when it happened
    text TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS records (
    room TEXT PRIMARY KEY REFERENCES rooms(id),
    record TEXT NOT NULL
);
"""

# The first server's rooms table (no status, event count or practice mark; every room
# seeded). Its rooms become live rooms whose chance comes from the OS from now on.
MIGRATE_FROM_0 = """
CREATE TABLE rooms_v1 (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER,
    created TEXT NOT NULL, assistant INTEGER NOT NULL DEFAULT 0,
    practice INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL DEFAULT 'running',
    events INTEGER NOT NULL DEFAULT 0, problem TEXT
);
INSERT INTO rooms_v1 (id, game, options, created, assistant, events)
    SELECT id, game, options, created, assistant,
           (SELECT COUNT(*) FROM events WHERE events.room = rooms.id)
    FROM rooms;
DROP TABLE rooms;
ALTER TABLE rooms_v1 RENAME TO rooms;
"""

# Columns added since schema 1, with their definitions: added in place to older files.
ADDED_COLUMNS = {
    "rooms": {
        "touched": "TEXT",
        "clock": "INTEGER",
        "rematch": "TEXT",
        "daily": "TEXT",
        "listed": "INTEGER NOT NULL DEFAULT 1",
    },
    "seats": {"stand_in": "INTEGER NOT NULL DEFAULT 0", "handed_by": "TEXT"},
}

Status = Literal["running", "finished", "closed", "set-aside"]


class StoreError(Exception):
    """A write that would corrupt a room's log (a hole, a duplicate, an unknown room)."""


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    bot: str | None
    token: str
    stand_in: bool = False  # a bot plays this person's seat while they are away
    handed_by: str | None = None  # who handed it to the bot


@dataclass(frozen=True)
class RoomRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int | None  # practice rooms only
    created: str
    assistant: bool = False  # chance is typed in by seat 0 (a physical game played along)
    practice: bool = False  # chance follows a seed the creator chose; every seat is told
    status: Status = "running"
    problem: str | None = None
    clock: int | None = None  # seconds a person has for a turn before a bot plays it
    touched: str | None = None  # the last change
    rematch: str | None = None  # the room of the next game at the same table
    daily: str | None = None  # "date challenge" of a daily challenge room
    listed: bool = True  # shown in the lobby's list of tables (if not assistant or daily)


@dataclass(frozen=True)
class RoomSummary:
    """What the lobby lists of a room, read without rebuilding its game."""

    id: str
    game: str
    status: Status
    created: str
    seats: list[tuple[str, str | None]]  # (name, bot)
    options: dict[str, Any]
    touched: str | None


class Store:
    """The one SQLite file of a server, behind one lock."""

    def __init__(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        # isolation_level=None: transactions are opened explicitly, below, and nowhere else
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA busy_timeout=10000")
        self._migrate()

    def _migrate(self) -> None:
        with self._lock:
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version == SCHEMA_VERSION:
                return
            old = (
                self._db.execute(
                    "SELECT 1 FROM pragma_table_info('rooms') WHERE name = 'seed'"
                ).fetchone()
                and not self._db.execute(
                    "SELECT 1 FROM pragma_table_info('rooms') WHERE name = 'status'"
                ).fetchone()
            )
            self._db.execute("BEGIN IMMEDIATE")
            try:
                if old:
                    for statement in MIGRATE_FROM_0.split(";"):
                        if statement.strip():
                            self._db.execute(statement)
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                for table, columns in ADDED_COLUMNS.items():
                    have = {r[1] for r in self._db.execute(f"PRAGMA table_info({table})")}
                    for column, definition in columns.items():
                        if column not in have:
                            self._db.execute(
                                f"ALTER TABLE {table} ADD COLUMN {column} {definition}"
                            )
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _write(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[int]:
        """Run statements in one transaction; their row counts. All or nothing."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                counts = [self._db.execute(sql, args).rowcount for sql, args in statements]
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return counts

    def pragma(self, name: str) -> Any:
        with self._lock:
            return self._db.execute(f"PRAGMA {name}").fetchone()[0]

    # --- writes ----------------------------------------------------------------------
    def add_room(self, room: RoomRow, seats: list[SeatRow]) -> None:
        statements: list[tuple[str, Sequence[Any]]] = [
            (
                "INSERT INTO rooms (id, game, options, seed, created, assistant, practice,"
                " clock, touched, daily, listed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    room.id,
                    room.game,
                    json.dumps(room.options),
                    room.seed,
                    room.created,
                    int(room.assistant),
                    int(room.practice),
                    room.clock,
                    room.created,
                    room.daily,
                    int(room.listed),
                ),
            )
        ]
        statements += [
            (
                "INSERT INTO seats (room, seat, name, bot, token) VALUES (?, ?, ?, ?, ?)",
                (room.id, s.seat, s.name, s.bot, s.token),
            )
            for s in seats
        ]
        self._write(statements)

    def append(
        self,
        room: str,
        first: int,
        events: Sequence[Event],
        record: dict[str, Any] | None = None,
        touched: str | None = None,
    ) -> None:
        """Store events `first`, `first + 1`, … of a room in one transaction; with the
        `record` of a game that has just ended, the room is finished too.

        `StoreError` when the stored log does not end at `first - 1`: nothing is written.
        """
        statements: list[tuple[str, Sequence[Any]]] = [
            (
                "UPDATE rooms SET events = events + ?, status = ?, touched = ?"
                " WHERE id = ? AND events = ? AND status = 'running'",
                (len(events), "finished" if record else "running", touched, room, first),
            )
        ]
        statements += [
            ("INSERT INTO events VALUES (?, ?, ?, ?)", (room, first + i, e.player, e.text))
            for i, e in enumerate(events)
        ]
        if record is not None:
            statements.append(("INSERT INTO records VALUES (?, ?)", (room, json.dumps(record))))
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                moved = self._db.execute(*statements[0]).rowcount
                if moved != 1:
                    stored = self._db.execute(
                        "SELECT events, status FROM rooms WHERE id = ?", (room,)
                    ).fetchone()
                    raise StoreError(
                        f"room {room!r}: cannot store events from number {first}"
                        + (
                            f" (the stored log holds {stored[0]} events, {stored[1]})"
                            if stored
                            else " (no such room)"
                        )
                    )
                for sql, args in statements[1:]:
                    self._db.execute(sql, args)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def set_bot(
        self,
        room: str,
        seat: int,
        bot: str | None,
        *,
        stand_in: bool = False,
        handed_by: str | None = None,
    ) -> None:
        """Who plays a seat: a bot (`stand_in`: for the person while they are away,
        `handed_by` whom), or its person again (bot None)."""
        self._write(
            [
                (
                    "UPDATE seats SET bot = ?, stand_in = ?, handed_by = ?"
                    " WHERE room = ? AND seat = ?",
                    (bot, int(stand_in), handed_by, room, seat),
                )
            ]
        )

    def add_notice(self, room: str, after: int, text: str) -> None:
        self._write([("INSERT INTO notices VALUES (?, ?, ?)", (room, after, text))])

    def notices(self, room: str) -> list[tuple[int, str]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT after, text FROM notices WHERE room = ? ORDER BY rowid", (room,)
            ).fetchall()
        return [(after, text) for after, text in rows]

    def setting(self, key: str, make: Callable[[], str]) -> str:
        """A value of the server's own, made by `make` the first time and kept."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                found = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,))
                row = found.fetchone()
                value = row[0] if row else make()
                if not row:
                    self._db.execute("INSERT INTO settings VALUES (?, ?)", (key, value))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return str(value)

    def add_daily_result(self, day: str, challenge: str, name: str, score: int, room: str) -> None:
        self._write(
            [
                (
                    "INSERT OR IGNORE INTO daily_results VALUES (?, ?, ?, ?, ?)",
                    (day, challenge, name, score, room),
                )
            ]
        )

    def daily_results(self, day: str, challenge: str) -> list[tuple[str, int, str]]:
        """(name, score, room) of a day's challenge, best first (the earlier on a tie)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT name, score, room FROM daily_results WHERE day = ? AND challenge = ?"
                " ORDER BY score DESC, rowid",
                (day, challenge),
            ).fetchall()
        return [(name, score, room) for name, score, room in rows]

    def set_rematch(self, room: str, rematch: str) -> bool:
        """Point a finished room at its rematch; False when it already has one."""
        (moved,) = self._write(
            [("UPDATE rooms SET rematch = ? WHERE id = ? AND rematch IS NULL", (rematch, room))]
        )
        return bool(moved)

    def claim_seat(self, room: str, seat: int, name: str) -> bool:
        """Give an open seat (no name yet, no bot) its person; False when it was taken."""
        (claimed,) = self._write(
            [
                (
                    "UPDATE seats SET name = ? WHERE room = ? AND seat = ? AND name = ''"
                    " AND bot IS NULL",
                    (name, room, seat),
                )
            ]
        )
        return bool(claimed)

    def close_room(self, room: str, record: dict[str, Any]) -> bool:
        """Close a running room that nobody plays any more, keeping its log and the
        record of the game so far; False when it was no longer running."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                closed = self._db.execute(
                    "UPDATE rooms SET status = 'closed' WHERE id = ? AND status = 'running'",
                    (room,),
                ).rowcount
                if closed:
                    self._db.execute(
                        "INSERT INTO records VALUES (?, ?)", (room, json.dumps(record))
                    )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return bool(closed)

    def idle_rooms(self, before: str) -> list[str]:
        """Running rooms whose last change is older than `before` (an ISO time)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM rooms WHERE status = 'running' AND COALESCE(touched, created) < ?",
                (before,),
            ).fetchall()
        return [r[0] for r in rows]

    def set_aside(self, room: str, problem: str) -> None:
        """Mark a room whose log cannot be replayed; it is never loaded again."""
        self._write(
            [("UPDATE rooms SET status = 'set-aside', problem = ? WHERE id = ?", (problem, room))]
        )

    # --- reads -----------------------------------------------------------------------
    def load(self, room_id: str) -> tuple[RoomRow, list[SeatRow], list[Event]] | None:
        """A room with its seats and its whole log; None when there is no such room."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, options, seed, created, assistant, practice, status, problem,"
                " clock, touched, rematch, daily, listed FROM rooms WHERE id = ?",
                (room_id,),
            ).fetchone()
            if row is None:
                return None
            room = RoomRow(
                row[0],
                row[1],
                json.loads(row[2]),
                row[3],
                row[4],
                bool(row[5]),
                bool(row[6]),
                row[7],
                row[8],
                row[9],
                row[10],
                row[11],
                row[12],
                bool(row[13]),
            )
            seats = [
                SeatRow(seat, name, bot, token, bool(stand_in), handed_by)
                for seat, name, bot, token, stand_in, handed_by in self._db.execute(
                    "SELECT seat, name, bot, token, stand_in, handed_by FROM seats"
                    " WHERE room = ? ORDER BY seat",
                    (room_id,),
                )
            ]
            events = [
                Event(player, text)
                for player, text in self._db.execute(
                    "SELECT player, text FROM events WHERE room = ? ORDER BY number", (room_id,)
                )
            ]
        return room, seats, events

    def record(self, room_id: str) -> dict[str, Any] | None:
        """The record stored when the room's game ended (None: not ended, or none kept)."""
        with self._lock:
            row = self._db.execute("SELECT record FROM records WHERE room = ?", (room_id,))
            found = row.fetchone()
        return json.loads(found[0]) if found else None

    def summaries(self, limit: int) -> list[RoomSummary]:
        """The newest public running rooms, newest first. Finished, closed and set-aside
        rooms leave the list (their records stay reachable by link); private rooms are
        never in it: those created unlisted, assistant rooms (one person's game at a real
        table) and daily challenge rooms (one person's attempt)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, status, created, options, touched FROM rooms"
                " WHERE status = 'running' AND listed = 1 AND assistant = 0 AND daily IS NULL"
                " ORDER BY created DESC, rowid DESC LIMIT ?",
                (limit,),
            ).fetchall()
            seats: dict[str, list[tuple[str, str | None]]] = {r[0]: [] for r in rows}
            if rows:
                marks = ",".join("?" * len(rows))
                for room, name, bot in self._db.execute(
                    f"SELECT room, name, bot FROM seats WHERE room IN ({marks})"
                    " ORDER BY room, seat",
                    list(seats),
                ):
                    seats[room].append((name, bot))
        return [
            RoomSummary(r[0], r[1], r[2], r[3], seats[r[0]], json.loads(r[4]), r[5]) for r in rows
        ]

    def events(self, room_id: str) -> list[Event]:
        """A room's stored log in order (what every acknowledged action is checked against)."""
        loaded = self.load(room_id)
        return loaded[2] if loaded else []
