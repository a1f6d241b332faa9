"""The server's limits, each refused with its reason and nothing else changed: body and
message sizes, seats per game, actions per second, rooms per address an hour, sockets
per address; assistant rooms keep a person in the first seat; the lobby lists no
private or finished room."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from linecraft import cli
from linecraft.server.app import create_app
from linecraft.server.limits import Buckets, Limits
from tests.server.helpers import create, token_of, wait_for

SOLO = [{"name": "Ann"}]


@pytest.fixture
def tight(db: Path) -> Iterator[TestClient]:
    """A server with small limits, to reach each one in a few requests."""
    limits = Limits(
        body_bytes=2000,
        frame_bytes=1000,
        actions_per_second=2,
        rooms_per_hour=3,
        sockets_per_address=2,
    )
    with TestClient(create_app(db, limits=limits)) as running:
        yield running


def rooms_in(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM rooms").fetchone()[0])


def listed(client: TestClient) -> set[str]:
    return {r["room"] for r in client.get("/api/rooms").json()["rooms"]}


def test_a_body_over_the_limit_is_refused_before_it_is_read(tight: TestClient, db: Path) -> None:
    body = {"game": "railroad-ink", "seats": [{"name": "x" * 30}] * 60}
    declared = tight.post("/api/rooms", json=body)
    assert declared.status_code == 413
    assert declared.json()["detail"] == "the request is larger than 2000 bytes"
    streamed = tight.post(  # no Content-Length: counted as it arrives
        "/api/rooms",
        content=(b"x" * 500 for _ in range(10)),
        headers={"content-type": "application/json"},
    )
    assert streamed.status_code == 413
    german = tight.post("/api/rooms", json=body, headers={"accept-language": "de"})
    assert german.status_code == 413 and "2000 Bytes" in german.json()["detail"]
    assert rooms_in(db) == 0


def test_seats_follow_each_games_range_unless_the_host_allows_more(
    client: TestClient, db: Path
) -> None:
    many = [{"name": f"bot {i}", "bot": "random"} for i in range(1000)]
    refused = client.post("/api/rooms", json={"game": "railroad-ink", "seats": many})
    assert refused.status_code == 400
    assert refused.json()["detail"] == (
        "Railroad Ink is played by 1 to 6 players; this table has 1000 seats"
    )
    alone = client.post("/api/rooms", json={"game": "metro", "seats": SOLO})
    assert alone.status_code == 400 and "2 to 6 players" in alone.json()["detail"]
    assert rooms_in(db) == 0
    record = {"game": "railroad-ink", "options": {"players": 1000}, "events": []}
    replayed = client.post("/api/replay", json={"record": record})  # no 1,000-seat replay
    assert replayed.status_code == 400 and "1000 seats" in replayed.json()["detail"]
    with TestClient(create_app(db, limits=Limits(seats={"railroad-ink": 8}))) as host:
        games = {g["name"]: g for g in host.get("/api/games").json()["games"]}
        assert games["railroad-ink"]["players"] == [1, 8]  # the lobby offers what is allowed
        seats = [{"name": "Ann"}] + [{"bot": "random"}] * 7
        assert host.post("/api/rooms", json={"game": "railroad-ink", "seats": seats}).is_success
        nine = host.post("/api/rooms", json={"game": "railroad-ink", "seats": [*seats, SOLO[0]]})
        assert nine.status_code == 400 and "1 to 8 players" in nine.json()["detail"]


def test_a_connection_sending_too_fast_is_told_to_wait_and_stays_open(
    tight: TestClient,
) -> None:
    result = create(tight, "railroad-ink", {}, SOLO)
    with tight.websocket_connect(f"/ws/{result['room']}?token={token_of(result, 0)}") as socket:
        view = socket.receive_json()
        for _ in range(10):
            socket.send_text(json.dumps({"action": "nonsense"}))
        errors = [socket.receive_json()["error"] for _ in range(10)]
        slow_down = "too many actions: at most 2 a second; wait a moment"
        assert (
            errors[:4] == ["'nonsense' is not an action: expected '<source> <square> <token>'"] * 4
        )
        assert errors.count(slow_down) >= 3  # a burst of twice the rate, then 2 a second
        time.sleep(0.6)
        socket.send_text(json.dumps({"action": view["legal"][0]}))
        answer = socket.receive_json()
        if "accepted" not in answer:  # the change may be pushed before the answer
            answer = socket.receive_json()
        assert answer["accepted"] == view["legal"][0]


def test_actions_over_http_are_limited_per_seat_with_retry_after(tight: TestClient) -> None:
    result = create(tight, "railroad-ink", {}, SOLO)
    room, token = result["room"], token_of(result, 0)
    answers = [
        tight.post(f"/api/rooms/{room}/act", json={"token": token, "action": "nonsense"})
        for _ in range(8)
    ]
    assert [a.status_code for a in answers][:4] == [400] * 4 and answers[-1].status_code == 429
    assert answers[-1].headers["retry-after"] == "1"
    assert "too many actions" in answers[-1].json()["error"]


def test_rooms_per_address_an_hour_with_retry_after(tight: TestClient, db: Path) -> None:
    bad = tight.post(
        "/api/rooms", json={"game": "railroad-ink", "seats": SOLO, "options": {"x": 1}}
    )
    assert bad.status_code == 400  # a refused room counts for nothing
    made = [
        tight.post("/api/rooms", json={"game": "railroad-ink", "seats": SOLO}) for _ in range(3)
    ]
    assert all(m.status_code == 200 for m in made)
    refused = tight.post("/api/rooms", json={"game": "railroad-ink", "seats": SOLO})
    assert refused.status_code == 429
    assert 1000 < int(refused.headers["retry-after"]) <= 1200  # a room every 20 minutes
    assert refused.json()["detail"].startswith("too many new rooms from your address: at most 3")
    daily = tight.post("/api/daily/railroad-ink", json={"name": "Ann"})
    assert daily.status_code == 429  # a daily challenge is a room too
    assert rooms_in(db) == 3
    elsewhere = TestClient(tight.app, client=("203.0.113.9", 40000))  # another address
    assert elsewhere.post("/api/rooms", json={"game": "railroad-ink", "seats": SOLO}).is_success


def test_sockets_per_address(tight: TestClient) -> None:
    result = create(tight, "railroad-ink", {}, SOLO)
    path = f"/ws/{result['room']}"
    with tight.websocket_connect(path) as first, tight.websocket_connect(path) as second:
        first.receive_json(), second.receive_json()
        with tight.websocket_connect(path) as third:
            reason = "too many connections from your address: at most 2 at once"
            assert third.receive_json() == {"error": reason}
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == 1013 and closed.value.reason == reason
    with tight.websocket_connect(path) as again:  # the others closed: room again
        assert again.receive_json()["room"] == result["room"]


def test_a_message_over_the_frame_limit_closes_with_1009_and_says_why(tight: TestClient) -> None:
    result = create(tight, "railroad-ink", {}, SOLO)
    with tight.websocket_connect(f"/ws/{result['room']}?token={token_of(result, 0)}") as socket:
        socket.receive_json()
        socket.send_text(json.dumps({"action": "x" * 2000}))
        reason = "the message is larger than 1000 bytes"
        assert socket.receive_json() == {"error": reason}
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1009 and closed.value.reason == reason


def test_an_assistant_room_keeps_a_person_in_the_first_seat(client: TestClient, db: Path) -> None:
    for first in ({"name": "Bot", "bot": "greedy"}, {"open": True}):
        body = {"game": "railroad-ink", "seats": [first], "assistant": True}
        refused = client.post("/api/rooms", json=body)
        assert refused.status_code == 400 and "cannot be a bot or an open seat" in refused.text
    assert rooms_in(db) == 0
    seats = [{"name": "Ann"}, {"name": "Ben"}]
    body = {"game": "next-station-london", "seats": seats, "assistant": True}
    result = client.post("/api/rooms", json=body).json()
    handed = client.post(
        f"/api/rooms/{result['room']}/takeover",
        json={"token": token_of(result, 1), "seat": 0, "bot": "greedy"},
    )
    assert handed.status_code == 409 and "never goes to a bot" in handed.json()["detail"]


def test_the_lobby_lists_no_private_or_finished_room(client: TestClient) -> None:
    public = create(client, "metro", {}, [{"name": "Ann"}, {"open": True}])["room"]
    unlisted = client.post(
        "/api/rooms",
        json={"game": "metro", "seats": [{"name": "Ann"}, {"open": True}], "listed": False},
    ).json()
    assistant = client.post(
        "/api/rooms", json={"game": "railroad-ink", "seats": SOLO, "assistant": True}
    ).json()["room"]
    daily = client.post("/api/daily/railroad-ink", json={"name": "Ann"}).json()["room"]
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    bots = [{"name": "A", "bot": "greedy"}, {"name": "B", "bot": "greedy"}]
    finished = rooms.create("metro", {"hand_size": 2}, bots)
    wait_for(client, finished.id, lambda v: bool(v["terminal"]))
    assert listed(client) == {public}
    for room in (unlisted["room"], assistant, daily, finished.id):  # each still reachable
        assert client.get(f"/api/rooms/{room}/view").status_code == 200
    # a private table plays again in private
    private = rooms.create("metro", {"hand_size": 2}, bots, listed=False)
    wait_for(client, private.id, lambda v: bool(v["terminal"]))
    again = client.post(f"/api/rooms/{private.id}/rematch", json={"token": private.seats[0].token})
    assert again.status_code == 200 and listed(client) == {public}


def test_requests_without_a_token_or_with_strange_text_are_refused(client: TestClient) -> None:
    result = create(client, "railroad-ink", {}, SOLO)
    room, token = result["room"], token_of(result, 0)
    before = client.get(f"/api/rooms/{room}/view", params={"token": token}).json()
    for path, body in (
        (f"/api/rooms/{room}/act", {"token": "", "action": "x"}),
        (f"/api/rooms/{room}/rematch", {"token": ""}),
        (f"/api/rooms/{room}/takeback", {"token": ""}),
        (f"/api/rooms/{room}/act", {"token": "é" * 16, "action": "x"}),
    ):
        answer = client.post(path, json=body)
        assert answer.status_code == 403, (path, answer.text)
    assert client.get(f"/api/rooms/{room}/rematch", params={"token": ""}).status_code == 403
    assert client.get(f"/api/rooms/{room}/view", params={"token": "ü"}).status_code == 403
    assert client.get(f"/room/{room}", params={"token": "ü"}).status_code == 403
    strange: list[tuple[str, dict[str, Any]]] = [
        ("/api/rooms", {"game": "railroad-ink", "seats": [{"name": "\ud800"}]}),
        ("/api/rooms", {"game": "railroad-ink", "seats": [{"name": "Ann\u202eloh"}]}),
        ("/api/rooms", {"game": "railroad-ink", "seats": [{"name": "A\x00"}]}),
        ("/api/rooms", {"game": "railroad-ink", "seats": SOLO, "options": {"\ud800": 1}}),
        (f"/api/rooms/{room}/join", {"name": "\ud800"}),
        ("/api/daily/railroad-ink", {"name": "\ud800"}),
        ("/api/seats", {"seats": [{"room": room, "token": "\ud800"}]}),
        (f"/api/rooms/{room}/act", {"token": token, "action": "\ud800"}),
    ]
    for path, body in strange:
        answer = client.post(
            path, content=json.dumps(body), headers={"content-type": "application/json"}
        )
        assert answer.status_code == 422, (path, answer.text)
    long = client.post(
        f"/api/rooms/{room}/act", json={"token": token, "action": "d1 A" + "9" * 5000}
    )
    assert long.status_code == 400 and long.json()["error"] == "an action is at most 200 characters"
    assert client.get(f"/api/rooms/{room}/view", params={"token": token}).json() == before


def test_buckets_refill_at_their_rate_and_forget_full_ones() -> None:
    now = [0.0]
    buckets = Buckets(2, 4, keep=3, clock=lambda: now[0])
    assert [buckets.take("a") for _ in range(4)] == [0, 0, 0, 0]
    assert buckets.take("a") == pytest.approx(0.5)
    now[0] += 0.5
    assert buckets.take("a") == 0 and buckets.take("a") == pytest.approx(0.5)
    for key in "bcde":  # past `keep` keys: the full and the oldest are forgotten
        buckets.take(key)
    assert len(buckets._buckets) <= 3


def test_serve_passes_its_limits_to_the_app_and_to_uvicorn(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ran: dict[str, Any] = {}
    monkeypatch.setattr("uvicorn.run", lambda app, **options: ran.update(app=app, **options))
    args = cli.build_parser().parse_args(
        ["serve", "--db", str(tmp_path / "rooms.db"), "--max-frame", "4096",
         "--max-seats", "railroad-ink=12", "--rooms-per-hour", "5", "--max-body", "9999",
         "--actions-per-second", "3", "--sockets-per-address", "7"]
    )  # fmt: skip
    assert args.run(args, cli.Console()) == 0
    assert ran["ws_max_size"] == 4096
    assert ran["app"].state.limits == Limits(
        body_bytes=9999,
        frame_bytes=4096,
        seats={"railroad-ink": 12},
        actions_per_second=3,
        rooms_per_hour=5,
        sockets_per_address=7,
    )
