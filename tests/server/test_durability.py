"""Never lose a move: many rooms at once over HTTP and WebSockets against a real server
process, SIGKILLs in the middle of play, and what the SQLite file holds afterwards."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from linecraft.core.game import Event
from linecraft.server.drill import (
    Served,
    audit,
    open_rooms,
    play_all,
    request,
    served,
    settle_in_flight,
)
from linecraft.server.store import RoomRow, SeatRow, Store, StoreError

FAST = ("--actions-per-second", "10000")  # the drill plays as fast as the machine goes


def test_many_rooms_played_at_once_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "rooms.db"
    with served(db, tmp_path / "server.log", FAST) as server:
        players = open_rooms(server.url, 6, seed=1)
        play_all(players, seconds=120, moves=5)  # moves, not seconds: a loaded machine is slow
    result = audit(db, players)
    assert result.acknowledged >= 5 * len(players) and result.clean(), str(result)
    assert result.stored == result.acknowledged
    assert any(p.by_socket and p.acknowledged for p in players)
    assert any(not p.by_socket and p.acknowledged for p in players)


def test_sigkill_in_the_middle_of_play_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db, log = tmp_path / "rooms.db", tmp_path / "server.log"
    server = Served(db, log, FAST)
    server.start()
    players = open_rooms(server.url, 6, seed=2)
    try:
        for _ in range(2):
            stop = threading.Event()
            killer = server.kill_after(1.5, stop, players)
            play_all(players, seconds=30, stop=stop)
            killer.join()
            result = audit(db, players)
            assert result.acknowledged > 0 and result.clean(), str(result)
            settle_in_flight(db, players)
            server.start()  # every room comes back and play goes on
            for player in players:
                player.base = server.url
        play_all(players, seconds=1.5)
        for room in {p.room for p in players}:
            status, view = request("GET", server.url, f"/api/rooms/{room}/view")
            assert status == 200, view
    finally:
        server.stop()
    result = audit(db, players)
    assert result.clean(), str(result)


def test_the_store_is_one_durable_writer_that_refuses_holes_and_duplicates(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "rooms.db")
    assert store.pragma("journal_mode") == "wal"
    assert store.pragma("synchronous") == 2  # FULL: committed means on the disk
    store.add_room(RoomRow("r", "railroad-ink", {}, None, "now"), [SeatRow(0, "Ann", None, "t")])
    store.append("r", 0, [Event(None, "roll HS HC RT SC"), Event(0, "d1 D1 .H.H")])
    with pytest.raises(StoreError, match="holds 2 events"):
        store.append("r", 3, [Event(0, "d2 D2 .H.H")])  # a hole
    with pytest.raises(StoreError, match="holds 2 events"):
        store.append("r", 1, [Event(0, "d2 D2 .H.H")])  # a duplicate number
    with pytest.raises(StoreError, match="no such room"):
        store.append("nowhere", 0, [Event(0, "end")])
    assert store.events("r") == [Event(None, "roll HS HC RT SC"), Event(0, "d1 D1 .H.H")]
    with sqlite3.connect(tmp_path / "rooms.db") as conn:
        assert conn.execute("SELECT events FROM rooms").fetchone() == (2,)
