"""Seats and absent players, enforced by the server: a seat goes to a bot only after its
person has been away long enough, only at another seated player's hand, in everyone's
sight, and its person takes it back with their own link; open seats are taken from the
lobby; a turn clock lets a bot play a late turn; idle rooms are closed, records kept."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from linecraft.server.app import create_app
from tests.server.helpers import create, token_of, wait_for

AWAY = 0.6  # seconds without a connection before a seat counts as absent, in these tests


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "rooms.db", absent_after=AWAY)) as test_client:
        yield test_client


def hand_over(client: TestClient, room: str, token: str, seat: int) -> Any:
    return client.post(
        f"/api/rooms/{room}/takeover", json={"token": token, "seat": seat, "bot": "greedy"}
    )


def play_until(client: TestClient, room: str, token: str, ready: Any) -> dict[str, Any]:
    """The seat of `token` plays its first legal action whenever it is to act, until
    `ready` holds for its view."""
    for _ in range(400):
        view: dict[str, Any] = client.get(f"/api/rooms/{room}/view", params={"token": token}).json()
        if ready(view):
            return view
        if view["legal"]:
            client.post(f"/api/rooms/{room}/act", json={"token": token, "action": view["legal"][0]})
        time.sleep(0.05)
    raise AssertionError("never got there")


def test_an_absent_seat_goes_to_a_bot_and_comes_back_to_its_person(client: TestClient) -> None:
    result = create(client, "metro", {}, [{"name": "Ann"}, {"name": "Ben"}])
    room, ann, ben = result["room"], token_of(result, 0), token_of(result, 1)
    with client.websocket_connect(f"/ws/{room}?token={ann}") as socket:
        socket.receive_json()
        too_soon = hand_over(client, room, ann, 1)
        assert too_soon.status_code == 409 and "only after" in too_soon.json()["detail"]
        here = hand_over(client, room, ben, 0)  # Ann is connected: never hers
        assert here.status_code == 409 and "Ann is here" in here.json()["detail"]
        for stranger in ("", "not-a-seat"):
            assert hand_over(client, room, stranger, 1).status_code == 403
        assert hand_over(client, room, ann, 0).status_code == 409  # not one's own
        absent = wait_for(client, room, lambda v: v["seats"][1]["absent"], ann)
        assert absent["seats"][1]["away"] and not absent["seats"][0]["away"]
        handed = hand_over(client, room, ann, 1)
        assert handed.status_code == 200, handed.text
        seat = handed.json()["seats"][1]
        assert seat["bot"] == "greedy" and seat["stand_in"] and seat["handed_by"] == "Ann"
        told = [line["text"] for line in handed.json()["log"]]
        assert "Ann handed Ben's seat to a bot while Ben was away." in told
        assert hand_over(client, room, ann, 1).status_code == 409  # already a bot's
    played = play_until(client, room, ann, lambda v: any(line["seat"] == 1 for line in v["log"]))
    refused = client.post(f"/api/rooms/{room}/act", json={"token": ben, "action": "pass"})
    assert refused.status_code == 400 and "take your seat back" in refused.json()["error"]
    back = client.post(f"/api/rooms/{room}/takeback", json={"token": ben})
    assert back.status_code == 200 and back.json()["seats"][1]["bot"] is None
    moves = sum(line["seat"] == 1 for line in back.json()["log"])
    time.sleep(0.5)
    after = client.get(f"/api/rooms/{room}/view", params={"token": ben}).json()
    assert sum(line["seat"] == 1 for line in after["log"]) == moves  # the bot stopped
    assert "Ben is back and took the seat back from the bot." in [x["text"] for x in after["log"]]
    assert played["seats"][1]["handed_by"] == "Ann"
    again = client.post(f"/api/rooms/{room}/takeback", json={"token": ben})
    assert again.status_code == 409  # nothing to take back


def test_an_open_seat_is_taken_from_the_lobby_before_the_game_starts(client: TestClient) -> None:
    result = create(client, "next-station-london", {}, [{"name": "Ann"}, {"open": True}])
    room, ann = result["room"], token_of(result, 0)
    assert result["seats"][1]["link"] is None and result["seats"][1]["open"]
    listed = client.get("/api/rooms").json()["rooms"][0]
    assert listed["open_seats"] == 1 and listed["title"] == "Next Station: London"
    waiting = client.get(f"/api/rooms/{room}/view", params={"token": ann}).json()
    assert waiting["open_seats"] == 1 and not waiting["legal"] and not waiting["to_act"]
    refused = client.post(f"/api/rooms/{room}/act", json={"token": ann, "action": "pass"})
    assert refused.status_code == 400 and "waiting for 1 more player" in refused.json()["error"]
    joined = client.post(f"/api/rooms/{room}/join", json={"name": "Ann"})
    assert joined.status_code == 200 and joined.json()["name"] == "Ann 2"  # names stay apart
    assert client.post(f"/api/rooms/{room}/join", json={"name": "Cy"}).status_code == 409
    assert client.get("/api/rooms").json()["rooms"][0]["open_seats"] == 0
    token = joined.json()["link"].split("token=")[1]
    view = wait_for(client, room, lambda v: bool(v["legal"]), token)
    played = client.post(
        f"/api/rooms/{room}/act", json={"token": token, "action": view["legal"][0]}
    )
    assert played.status_code == 200, played.text


def test_a_late_turn_is_played_by_a_bot_and_the_log_says_so(client: TestClient) -> None:
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    room = rooms.create("metro", {}, [{"name": "Ann"}, {"name": "Ben"}], clock=1)
    first = wait_for(client, room.id, lambda v: bool(v["to_act"]))["to_act"][0]
    name = room.seats[first].name
    view = wait_for(client, room.id, lambda v: first not in v["to_act"])
    told = [line["text"] for line in view["log"]]
    assert f"{name}'s clock ran out: a bot played the turn." in told
    assert any(line["seat"] == first for line in view["log"])


def test_an_idle_room_is_closed_and_keeps_its_record(tmp_path: Path) -> None:
    app = create_app(tmp_path / "rooms.db", absent_after=AWAY, close_idle_after=1)
    with TestClient(app) as client:
        result = create(client, "railroad-ink", {}, [{"name": "Ann"}])
        room, ann = result["room"], token_of(result, 0)
        legal = wait_for(client, room, lambda v: bool(v["legal"]), ann)["legal"]
        closed = wait_for(client, room, lambda v: v["closed"], ann)
        assert not closed["legal"] and not client.get("/api/rooms").json()["rooms"]  # gone
        refused = client.post(f"/api/rooms/{room}/act", json={"token": ann, "action": legal[0]})
        assert refused.status_code == 400 and "closed" in refused.json()["error"]
        record = client.get(f"/api/rooms/{room}/record").json()
        assert record["game"] == "railroad-ink" and record["events"]  # the game so far


def test_a_finished_table_plays_again_and_each_seat_finds_its_place(client: TestClient) -> None:
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    bots = [{"name": "Ann", "bot": "greedy"}, {"name": "Ben", "bot": "greedy"}]
    held = rooms.create("metro", {"hand_size": 2}, bots)
    room, ann, ben = held.id, held.seats[0].token, held.seats[1].token
    early = client.post(f"/api/rooms/{room}/rematch", json={"token": ann})
    assert early.status_code == 409 and "once the game is over" in early.json()["detail"]
    wait_for(client, room, lambda v: v["terminal"])
    mine = client.post("/api/seats", json={"seats": [{"room": room, "token": ann}]}).json()
    assert mine["seats"][0]["status"] == "finished" and mine["seats"][0]["names"] == ["Ann", "Ben"]
    assert client.get(f"/api/rooms/{room}/rematch", params={"token": ben}).status_code == 404
    started = client.post(f"/api/rooms/{room}/rematch", json={"token": ann}).json()
    again = client.post(f"/api/rooms/{room}/rematch", json={"token": ben}).json()
    assert again["room"] == started["room"]  # one rematch per table
    invited = client.get(f"/api/rooms/{room}/view", params={"token": ben}).json()
    assert invited["rematch"] == started["room"]  # everyone at the table sees it
    ben_link = client.get(f"/api/rooms/{room}/rematch", params={"token": ben}).json()["link"]
    view = client.get(
        f"/api/rooms/{started['room']}/view", params={"token": ben_link.split("token=")[1]}
    ).json()
    assert view["you"] == 1 and [s["name"] for s in view["seats"]] == ["Ann", "Ben"]
    assert view["title"] == "Metro — Tiles in hand: Two"  # the same options, in words


def test_the_daily_challenge_deals_the_same_to_everyone_and_lists_results(
    client: TestClient,
) -> None:
    first = client.post("/api/daily/railroad-ink", json={"name": "Ann"}).json()
    second = client.post("/api/daily/railroad-ink", json={"name": "Ben"}).json()
    tokens = [r["link"].split("token=")[1] for r in (first, second)]
    views = [
        wait_for(client, r["room"], lambda v: bool(v["legal"]), t)
        for r, t in zip((first, second), tokens, strict=True)
    ]
    assert views[0]["view"]["roll"] == views[1]["view"]["roll"]  # the same dice today
    assert views[0]["daily"]["title"] == "Railroad Ink" and not views[0]["practice"]
    assert client.post("/api/daily/chess", json={"name": "Ann"}).status_code == 404
    ends = [
        play_until(client, r["room"], t, lambda v: v["terminal"])
        for r, t in zip((first, second), tokens, strict=True)
    ]
    board = client.get("/api/daily").json()
    today = next(c for c in board["challenges"] if c["key"] == "railroad-ink")
    scores = [e["scores"]["0"]["total"] for e in ends]
    assert [r["score"] for r in today["results"]] == sorted(scores, reverse=True)
    assert ends[1]["daily"]["players"] == 2 and ends[1]["daily"]["share"].startswith(
        f"Linecraft daily {board['day']} · Railroad Ink · {scores[1]} points · "
    )
    record = client.get(f"/api/rooms/{first['room']}/record").json()
    assert record["seed"] is None  # the day's seed is never told
