"""The server speaks its reader's language: chosen (the `lang` cookie), else the
browser's; every reader of one room reads it in their own words."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.helpers import create, token_of, wait_for


def test_the_language_comes_from_the_choice_then_the_browser(client: TestClient) -> None:
    assert client.get("/api/messages").json()["language"] == "en"
    german = client.get("/api/messages", headers={"Accept-Language": "de-AT,de;q=0.9"}).json()
    assert german["language"] == "de" and german["messages"]  # the client's words, in German
    assert set(german["languages"]) == {"en", "cs", "de", "fr", "pt"}
    client.cookies.set("lang", "cs")
    czech = client.get("/api/messages", headers={"Accept-Language": "de"}).json()
    assert czech["language"] == "cs"  # a choice beats the browser
    assert '<html lang="cs">' in client.get("/").text


def test_the_language_form_remembers_and_goes_back(client: TestClient) -> None:
    chosen = client.get(
        "/language", params={"lang": "fr", "back": "/help/metro"}, follow_redirects=False
    )
    assert chosen.status_code == 303 and chosen.headers["location"] == "/help/metro"
    assert "lang=fr" in chosen.headers["set-cookie"]
    elsewhere = client.get(
        "/language", params={"lang": "fr", "back": "//elsewhere.example"}, follow_redirects=False
    )
    assert elsewhere.headers["location"] == "/"  # never to another site
    assert client.get("/language", params={"lang": "xx"}).status_code == 400
    client.cookies.set("lang", "fr")
    page = client.get("/help/metro").text
    assert '<html lang="fr">' in page and "How to play" not in page


def test_errors_and_error_pages_in_the_readers_language(client: TestClient) -> None:
    english = client.get("/room/nowhere")
    client.cookies.set("lang", "de")
    german = client.get("/room/nowhere")
    assert german.status_code == english.status_code == 404
    assert "There is no room" in english.text and "There is no room" not in german.text
    assert "nowhere" in german.text  # the room asked for is still named


def test_one_room_read_in_two_languages(client: TestClient) -> None:
    result = create(client, "railroad-ink", {}, [{"name": "Ann"}])
    room, token = result["room"], token_of(result, 0)
    english = wait_for(client, room, lambda v: bool(v["legal"]), token)
    client.cookies.set("lang", "pt")
    portuguese = client.get(f"/api/rooms/{room}/view", params={"token": token}).json()
    client.cookies.delete("lang")
    again = client.get(f"/api/rooms/{room}/view", params={"token": token}).json()
    assert again["log"] == english["log"]  # each language's view is kept apart
    assert portuguese["log"][0]["text"] != english["log"][0]["text"]
    assert portuguese["prompt"] != english["prompt"] and portuguese["legal"] == english["legal"]
    refused = client.post(
        f"/api/rooms/{room}/act",
        json={"token": token, "action": "d1 A1 H.H."},
        headers={"Accept-Language": "cs"},
    )
    assert refused.status_code == 400
    assert refused.json()["error"] != english_refusal(client, room, token)


def english_refusal(client: TestClient, room: str, token: str) -> str:
    refused = client.post(
        f"/api/rooms/{room}/act",
        json={"token": token, "action": "d1 A1 H.H."},
        headers={"Accept-Language": "en"},
    )
    return str(refused.json()["error"])
