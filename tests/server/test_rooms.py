"""Rooms on a restarted, busy or damaged server: set-aside logs, lazy start-up, the first
server's files, chance nobody can predict, bots that never hold anyone up, and commits
that fail without changing anything."""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from linecraft.bots import BOTS, Bot, GreedyBot
from linecraft.core.game import Action, State
from linecraft.server.app import create_app
from linecraft.server.store import SCHEMA_VERSION
from tests.server.helpers import bots_done, create, over, token_of, wait_for

SOLO = [{"name": "Ann"}]


def live(client: TestClient, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """A live room: no seed anywhere, chance from the operating system."""
    response = client.post("/api/rooms", json={"game": game, "seats": seats})
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def rolls(db: Path, room: str) -> list[str]:
    """The chance outcomes stored for a room, in order."""
    with sqlite3.connect(db) as conn:
        query = "SELECT text FROM events WHERE room = ? AND player IS NULL ORDER BY number"
        return [text for (text,) in conn.execute(query, (room,))]


def play_round(client: TestClient, room: str, token: str) -> dict[str, Any]:
    """Seat 0 draws its first legal drawing until the round ends; the next round's view.
    The round's roll may still be on its way (a server rolls in the background, and a
    restarted one rolls what was not yet stored), so it first waits for something legal."""
    view = wait_for(client, room, lambda v: bool(v["legal"]) or v["terminal"], token)
    start = view["view"]["round"]
    while view["view"]["round"] == start and not view["terminal"]:
        action = next(a for a in view["legal"] if a != "undo")
        answer = client.post(f"/api/rooms/{room}/act", json={"token": token, "action": action})
        assert answer.status_code == 200, answer.text
        view = answer.json()
    return view


def test_a_room_whose_log_no_longer_replays_is_set_aside_alone(
    client: TestClient, db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    good = create(client, "railroad-ink", {}, SOLO)
    bad = create(client, "railroad-ink", {}, SOLO)
    for result in (good, bad):
        play_round(client, result["room"], token_of(result, 0))
    with sqlite3.connect(db) as conn:  # a damaged file: an action no longer legal
        conn.execute(
            "UPDATE events SET text = 'd1 G7 HH..' WHERE room = ? AND number = 1",
            (bad["room"],),
        )
    with caplog.at_level(logging.ERROR), TestClient(create_app(db)) as restarted:
        assert restarted.app.state.rooms.loaded() == 0  # start-up replayed nothing
        token = token_of(bad, 0)
        view = restarted.get(f"/api/rooms/{bad['room']}/view", params={"token": token})
        assert view.status_code == 409
        assert "set aside" in view.json()["detail"] and "stored event 1" in view.json()["detail"]
        page = restarted.get(f"/room/{bad['room']}")
        assert page.status_code == 409 and "stored event 1" in page.text
        assert "Back to the lobby" in page.text
        with restarted.websocket_connect(f"/ws/{bad['room']}?token={token}") as socket:
            assert "set aside" in socket.receive_json()["error"]
        assert bad["room"] not in [r["room"] for r in restarted.get("/api/rooms").json()["rooms"]]
        # the other room plays on
        assert play_round(restarted, good["room"], token_of(good, 0))["view"]["round"] == 3
    assert any("set aside" in r.getMessage() for r in caplog.records)
    with TestClient(create_app(db)) as again:  # once set aside, never replayed again
        assert again.get(f"/api/rooms/{bad['room']}/view").status_code == 409


def test_live_rooms_draw_unpredictable_chance_and_send_no_seed(
    client: TestClient, db: Path
) -> None:
    seats = [{"name": "bot", "bot": "random"}]
    first, second = (live(client, "railroad-ink", seats) for _ in range(2))
    for result in (first, second):
        wait_for(client, result["room"], over)
    # the same request twice: 7 rolls each, equal by chance with probability < 1e-14
    assert rolls(db, first["room"]) != rolls(db, second["room"])
    record = client.get(f"/api/rooms/{first['room']}/record").json()
    assert record["seed"] is None
    person = live(client, "metro", [{"name": "Ann"}, {"name": "Ben"}])
    messages = [json.dumps(person), client.get("/api/rooms").text]
    messages.append(client.get(f"/api/rooms/{person['room']}/view").text)
    with client.websocket_connect(f"/ws/{person['room']}?token={token_of(person, 0)}") as ws:
        view = ws.receive_json()
        messages.append(json.dumps(view))
        assert view["practice"] is False
    assert not any('"seed"' in message for message in messages)
    refused = client.post("/api/rooms", json={"game": "railroad-ink", "seats": SOLO, "seed": 5})
    assert refused.status_code == 400 and "practice room" in refused.json()["detail"]


def test_a_restart_never_replays_the_opening_rolls(client: TestClient, db: Path) -> None:
    result = live(client, "railroad-ink", SOLO)
    room, token = result["room"], token_of(result, 0)
    wait_for(client, room, lambda v: bool(v["to_act"]))  # the opening roll is stored
    for _ in range(3):  # the old server rolled the opening roll again after each restart
        with TestClient(create_app(db)) as restarted:
            play_round(restarted, room, token)
    seen = rolls(db, room)
    assert len(seen) == 4 and seen[1:] != [seen[0]] * 3


def test_a_practice_room_continues_its_seeded_chance_exactly_across_a_restart(
    client: TestClient, db: Path
) -> None:
    straight = create(client, "railroad-ink", {}, SOLO, seed=11)
    broken = create(client, "railroad-ink", {}, SOLO, seed=11)
    view = client.get(f"/api/rooms/{broken['room']}/view").json()
    assert view["practice"] is True  # every seat sees the mark
    for _ in range(3):
        play_round(client, straight["room"], token_of(straight, 0))
        with TestClient(create_app(db)) as restarted:
            play_round(restarted, broken["room"], token_of(broken, 0))
    # 4 rolls each (the 4th after the 3rd round); not one repeat of the opening roll
    assert rolls(db, straight["room"]) == rolls(db, broken["room"])
    assert len(set(rolls(db, straight["room"]))) == 4


class Waiting:
    """A bot that thinks until the test lets it (a very slow bot, made exact)."""

    name = "waiting"
    release = threading.Event()
    thinking = threading.Event()

    def __init__(self, seed: int = 0) -> None:
        self._greedy: Bot = GreedyBot(seed)

    def choose(self, state: State, player: int) -> Action:
        Waiting.thinking.set()
        assert Waiting.release.wait(60)
        return self._greedy.choose(state, player)


def test_bots_think_in_the_background_and_hold_up_no_room(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(BOTS, "waiting", Waiting)
    Waiting.release.clear(), Waiting.thinking.clear()
    seats = [{"name": "Ann"}] + [{"name": f"bot {i}", "bot": "waiting"} for i in range(5)]
    busy = create(client, "railroad-ink", {}, seats)  # answered while the bots think
    assert Waiting.thinking.wait(30)
    other = create(client, "railroad-ink", {}, SOLO)
    view = play_round(client, other["room"], token_of(other, 0))  # another room plays on
    assert view["view"]["round"] == 2
    token = token_of(busy, 0)
    watched = client.get(f"/api/rooms/{busy['room']}/view", params={"token": token}).json()
    assert watched["seats"][1]["status"] == "thinking"  # the busy room answers too
    action = next(a for a in watched["legal"] if a != "undo")  # and its person plays
    played = client.post(f"/api/rooms/{busy['room']}/act", json={"token": token, "action": action})
    assert played.status_code == 200 and played.json()["accepted"] == action
    Waiting.release.set()
    done = wait_for(client, busy["room"], bots_done, token)
    assert all(s["status"] == "done" for s in done["seats"][1:])


def test_a_commit_that_fails_changes_nothing(client: TestClient, db: Path) -> None:
    result = create(client, "railroad-ink", {}, SOLO)
    room, token = result["room"], token_of(result, 0)
    before = client.get(f"/api/rooms/{room}/view", params={"token": token}).json()
    with sqlite3.connect(db) as conn:  # another writer moved the log under the room
        conn.execute("UPDATE rooms SET events = events + 1 WHERE id = ?", (room,))
    action = before["legal"][0]
    failed = client.post(f"/api/rooms/{room}/act", json={"token": token, "action": action})
    assert failed.status_code == 503 and "nothing changed" in failed.json()["error"]
    assert client.get(f"/api/rooms/{room}/view", params={"token": token}).json() == before
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE rooms SET events = events - 1 WHERE id = ?", (room,))
    played = client.post(f"/api/rooms/{room}/act", json={"token": token, "action": action})
    assert played.status_code == 200


OLD_SCHEMA = """
CREATE TABLE rooms (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
    seed INTEGER NOT NULL, created TEXT NOT NULL, assistant INTEGER NOT NULL DEFAULT 0);
CREATE TABLE seats (room TEXT NOT NULL REFERENCES rooms(id), seat INTEGER NOT NULL,
    name TEXT NOT NULL, bot TEXT, token TEXT NOT NULL UNIQUE, PRIMARY KEY (room, seat));
CREATE TABLE events (room TEXT NOT NULL REFERENCES rooms(id), number INTEGER NOT NULL,
    player INTEGER, text TEXT NOT NULL, PRIMARY KEY (room, number));
INSERT INTO rooms VALUES ('old', 'railroad-ink', '{"players": 1}', 7, '2026-01-01', 0);
INSERT INTO seats VALUES ('old', 0, 'Ann', NULL, 'ann-token');
INSERT INTO events VALUES ('old', 0, NULL, 'roll HS HC RT SC');
INSERT INTO events VALUES ('old', 1, 0, 'd1 D1 .H.H');
"""


def test_the_first_servers_file_is_carried_over(db: Path) -> None:
    with sqlite3.connect(db) as conn:
        conn.executescript(OLD_SCHEMA)
    with TestClient(create_app(db)) as client:
        view = client.get("/api/rooms/old/view", params={"token": "ann-token"}).json()
        assert view["view"]["roll"] == ["HS", "HC", "RT", "SC"] and not view["practice"]
        assert view["view"]["seats"][0]["board"]  # d1 stayed drawn
        assert play_round(client, "old", "ann-token")["view"]["round"] == 2
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert conn.execute("SELECT seed, status FROM rooms").fetchone() == (None, "running")
