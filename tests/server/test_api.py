"""The server through its HTTP and WebSocket API, with FastAPI's test client."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from linecraft.core import replay
from linecraft.server.app import create_app
from linecraft.server.drill import merge
from tests.server.helpers import bots_done, create, over, token_of, wait_for

ALL_BOTS = {
    "railroad-ink": ({}, 2),
    "next-station-london": ({"objectives": True, "powers": True}, 2),
    "metro": ({"modules": [1, 2]}, 3),
    "metromania": ({}, 4),
}


def test_the_lobby_lists_every_game_with_its_options(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert set(games) == set(ALL_BOTS)
    assert "expansions" in [o["name"] for o in games["railroad-ink"]["options"]]
    assert client.get("/").status_code == 200 and "Linecraft" in client.get("/").text


def test_a_room_from_creation_to_an_illegal_and_a_legal_action(client: TestClient) -> None:
    result = create(client, "railroad-ink", {}, [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}])
    room, token = result["room"], token_of(result, 0)
    assert result["seats"][1]["link"] is None  # bots have no link
    view = wait_for(client, room, bots_done, token)
    assert view["you"] == 0 and view["legal"] and view["seats"][1]["status"] == "done"
    refused = client.post(f"/api/rooms/{room}/act", json={"token": token, "action": "d1 A1 H.H."})
    assert refused.status_code == 400 and "d1 A1 H.H." in refused.json()["error"]
    assert client.get(f"/api/rooms/{room}/view", params={"token": token}).json() == view
    played = client.post(
        f"/api/rooms/{room}/act", json={"token": token, "action": view["legal"][0]}
    )
    assert played.status_code == 200
    stranger = client.get(f"/api/rooms/{room}/view", params={"token": "not-a-seat"})
    assert stranger.status_code == 403
    assert client.get(f"/api/rooms/{room}/record").status_code == 409  # not over yet
    long_name = client.post(
        "/api/rooms", json={"game": "metro", "seats": [{"name": "x" * 41}, {"bot": "random"}]}
    )
    assert long_name.status_code == 422 and "40 characters" in long_name.text
    assert len(client.get("/api/rooms").json()["rooms"]) == 1  # nothing was created


@pytest.mark.parametrize("game", sorted(ALL_BOTS))
def test_a_whole_bot_game_of_each_game(client: TestClient, game: str) -> None:
    options, players = ALL_BOTS[game]
    seats = [
        {"name": f"bot {i}", "bot": "greedy" if i % 2 == 0 else "random"} for i in range(players)
    ]
    result = create(client, game, options, seats)
    view = wait_for(client, result["room"], over)
    assert view["terminal"] and view["scores"] and view["winners"]
    record = client.get(f"/api/rooms/{result['room']}/record").json()
    assert replay(record).winners() == view["winners"]


def test_spectators_and_other_seats_see_no_secrets(client: TestClient) -> None:
    result = create(client, "metro", {}, [{"name": "Ann"}, {"name": "Ben"}], seed=424242)
    room = result["room"]
    spectator = client.get(f"/api/rooms/{room}/view").text
    ann = client.get(f"/api/rooms/{room}/view", params={"token": token_of(result, 0)}).json()
    assert "424242" not in spectator
    assert ann["view"]["seats"][0]["hand"] and ann["view"]["seats"][1]["hand"] is None
    assert all(seat["hand"] is None for seat in json.loads(spectator)["view"]["seats"])
    assert token_of(result, 1) not in spectator
    # the shared table is drawn the same for everyone: where Ann's hand fits is hers alone
    ben = client.get(f"/api/rooms/{room}/view", params={"token": token_of(result, 1)}).json()
    assert ann["boards"] == ben["boards"] == json.loads(spectator)["boards"]
    # beside the table each seat reads its own hand; nobody reads another's
    hand = "Your hand: " + ", ".join(ann["view"]["seats"][0]["hand"])
    assert any(line.startswith(hand) for line in ann["status"])
    assert not any("Your hand" in line for line in json.loads(spectator)["status"])
    pile = "Tiles placed 0 of 60, draw pile 58"  # one tile in each hand
    assert ann["status"][0] == json.loads(spectator)["status"][0] == pile


def test_a_restarted_server_resumes_every_room_exactly(client: TestClient, db: Path) -> None:
    result = create(
        client, "next-station-london", {}, [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}]
    )
    room, token = result["room"], token_of(result, 0)
    for _ in range(3):
        view = wait_for(client, room, lambda v: bool(v["legal"]), token)
        client.post(f"/api/rooms/{room}/act", json={"token": token, "action": view["legal"][-1]})
    before = wait_for(client, room, bots_done, token)
    with TestClient(create_app(db)) as restarted:
        after = restarted.get(f"/api/rooms/{room}/view", params={"token": token}).json()
    before.pop("version"), after.pop("version")
    assert after == before


def test_the_websocket_plays_a_seat_and_refuses_with_the_reason(client: TestClient) -> None:
    result = create(client, "railroad-ink", {}, [{"name": "Ann"}])
    with client.websocket_connect(f"/ws/{result['room']}?token={token_of(result, 0)}") as socket:
        view = socket.receive_json()
        assert view["you"] == 0
        socket.send_text(json.dumps({"action": "nonsense"}))
        assert "is not an action" in socket.receive_json()["error"]
        socket.send_text(json.dumps({"action": view["legal"][0]}))
        after = merge(view, socket.receive_json())
        if "accepted" not in after:  # the change may be pushed before the answer
            after = merge(after, socket.receive_json())
        assert after["version"] > view["version"] and after["accepted"] == view["legal"][0]
        whole = client.get(
            f"/api/rooms/{result['room']}/view", params={"token": token_of(result, 0)}
        )
        assert after == whole.json() | {"accepted": view["legal"][0]}  # the deltas add up
        socket.send_text("{not json")
        assert socket.receive_json()["error"] == 'send {"action": "…"} as JSON'

    with client.websocket_connect(f"/ws/{result['room']}") as watcher:
        assert watcher.receive_json()["you"] is None
        watcher.send_text(json.dumps({"action": "end"}))
        assert watcher.receive_json()["error"] == "spectators only watch"


def test_a_finished_game_can_be_stepped_through(client: TestClient) -> None:
    result = create(client, "railroad-ink", {}, [{"name": "bot", "bot": "greedy"}])
    room = result["room"]
    final = wait_for(client, room, over)
    start = client.get(f"/api/rooms/{room}/replay", params={"step": 0}).json()
    assert start["step"] == 0 and start["steps"] > 20 and not start["terminal"]
    assert start["log"][0]["text"].startswith("Round 1")  # the whole game, told
    last = client.get(f"/api/rooms/{room}/replay", params={"step": 10_000}).json()
    assert last["step"] == last["steps"] and last["boards"] == final["boards"]
    assert last["score_rows"] == final["score_rows"] and last["winners"] == [0]
    record = client.get(f"/api/rooms/{room}/record").json()
    opened = client.post("/api/replay", json={"record": record, "step": 10_000}).json()
    assert opened["boards"] == last["boards"]  # a record file replays the same
    broken = record | {"events": [*record["events"][:3], {"player": 0, "action": "d9 Z9"}]}
    refused = client.post("/api/replay", json={"record": broken, "step": 4})
    assert refused.status_code == 400 and "cannot be replayed" in refused.json()["detail"]
    assert client.get(f"/replay/{room}").status_code == 200


def test_live_scores_only_where_they_hide_nothing(client: TestClient) -> None:
    ink = create(client, "railroad-ink", {}, [{"name": "Ann"}])
    metro = create(client, "metro", {}, [{"name": "Ann"}, {"name": "Ben"}])
    assert client.get(f"/api/rooms/{ink['room']}/view").json()["scores"] is not None
    assert client.get(f"/api/rooms/{metro['room']}/view").json()["scores"] is None


def test_an_assistant_room_waits_for_the_dice_typed_in(client: TestClient) -> None:
    response = client.post(
        "/api/rooms",
        json={"game": "railroad-ink", "seats": [{"name": "Ann"}], "assistant": True},
    )
    result = response.json()
    room, token = result["room"], token_of(result, 0)
    view = client.get(f"/api/rooms/{room}/view", params={"token": token}).json()
    assert view["chance"]["prompt"].startswith("the roll you threw") and not view["legal"]
    bad = client.post(f"/api/rooms/{room}/act", json={"token": token, "action": "roll XX"})
    assert bad.status_code == 400 and "is not a roll" in bad.json()["error"]
    good = client.post(
        f"/api/rooms/{room}/act", json={"token": token, "action": "roll HS HC RT SC"}
    )
    assert good.status_code == 200 and good.json()["view"]["roll"] == ["HS", "HC", "RT", "SC"]
    assert good.json()["chance"] is None and good.json()["legal"]


def test_a_seat_reads_the_game_in_words(client: TestClient) -> None:
    """The view carries the game's own words: the log, what to do now, the buttons, the
    score rows, where the last moves were, and the starts that tell two plays apart."""
    result = create(client, "next-station-london", {"powers": True}, [{"name": "Ann"}])
    room, token = result["room"], token_of(result, 0)
    view = client.get(f"/api/rooms/{room}/view", params={"token": token}).json()
    assert view["title"] == "Next Station: London — Pencil powers"
    assert view["prompt"] and [c["label"] for c in view["controls"]][:1] == ["Pass"]
    assert any("Round 1 of 4 begins" in line["text"] for line in view["log"])
    assert view["score_rows"]["0"][-1] == ["Total", view["scores"]["0"]["total"]]
    assert view["origins"] and set(view["origins"]) <= set(view["legal"])
    move = next(a for a in view["legal"] if a in view["targets"] and a not in view["picks"])
    played = client.post(f"/api/rooms/{room}/act", json={"token": token, "action": move})
    after = played.json()
    assert after["log"][-1]["seat"] == 0 or after["log"][-2]["seat"] == 0
    assert {"seat": 0, "target": view["targets"][move], "age": 0} in after["recent"]
    for action in view["legal"]:  # a power is a piece to pick, never played by a plain click
        if action.split()[0] in ("joker", "switch", "double"):
            piece = view["picks"][action][0]
            assert view["groups"][piece][1] and "power" in view["groups"][piece][2]


def test_a_page_that_cannot_be_shown_says_why_and_leads_back(client: TestClient) -> None:
    result = create(client, "railroad-ink", {}, [{"name": "Ann"}])
    for path, status, words in (
        ("/room/nowhere", 404, "There is no room"),
        (f"/room/{result['room']}?token=not-a-seat", 403, "does not belong to a seat"),
        (f"/replay/{result['room']}", 409, "not over yet"),
        ("/no/such/page", 404, "There is no such page"),
        ("/help/chess", 404, "no game called"),
    ):
        page = client.get(path)
        assert page.status_code == status and words in page.text, (path, page.text)
        assert 'href="/">Back to the lobby' in page.text
    assert client.get("/api/rooms/nowhere/view").json()["detail"].startswith("There is no room")


def test_a_finished_game_is_analysed_and_bad_asks_are_refused(client: TestClient) -> None:
    """The replay's Analyse: a finished room's seat, a record file, and what is refused
    (a game still running, a seat it lacks, a file that is no game), each in words."""
    running = create(client, "metro", {}, [{"name": "Ann"}, {"bot": "greedy"}])["room"]
    early = client.get(f"/api/rooms/{running}/analysis")
    assert early.status_code == 409 and "once it is over" in early.json()["detail"]
    room = create(client, "next-station-london", {}, [{"name": "Bo", "bot": "greedy"}])["room"]
    wait_for(client, room, over)
    answer = client.get(f"/api/rooms/{room}/analysis", params={"seat": 0}).json()
    record = client.get(f"/api/rooms/{room}/record").json()
    decisions = [e for e in record["events"] if e.get("player") == 0]
    assert answer["decisions"] == len(decisions) == len(answer["moments"])
    assert [m["played"] for m in answer["moments"]] == [e["action"] for e in decisions]
    assert all(m["loss"] >= 0 for m in answer["moments"])
    assert set(answer["biggest"]) <= {m["step"] for m in answer["moments"] if m["loss"] >= 1}
    opened = client.post("/api/replay/analysis", json={"record": record, "seat": 0})
    assert opened.json() == answer  # the same game, seed and language: the same reading
    no_seat = client.get(f"/api/rooms/{room}/analysis", params={"seat": 1})
    assert no_seat.status_code == 400 and "there is no seat 1" in no_seat.json()["detail"]
    record["events"][3] = {"player": 0, "action": "nonsense"}
    bad = client.post("/api/replay/analysis", json={"record": record})
    assert bad.status_code == 400 and "cannot be analysed" in bad.json()["detail"]
