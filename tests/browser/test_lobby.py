"""The way around the games, by clicking: an open seat taken from the lobby's tables, a
rematch started by one player and joined by the other, a daily challenge played to its
place on the day's board."""

from __future__ import annotations

import random
from typing import Any

import httpx

from tests.browser.conftest import ARTIFACTS, needs_chromium, play_by_clicking


@needs_chromium
def test_an_open_seat_is_taken_from_the_lobby_and_the_game_begins(
    server: str, browser: Any
) -> None:
    host = browser.new_page()
    host.goto(server)
    host.fill("#my-name", "Hana")
    host.select_option("#game", "metro")
    host.select_option("#seats .seat-row:nth-child(2) .seat-kind", "open")
    host.click("#start")
    host.click("a.seat-link")
    host.wait_for_selector("text=Waiting for 1 more player to join from the lobby…")
    guest = browser.new_page()
    guest.goto(server)
    guest.fill("#my-name", "Gil")
    guest.click("#rooms li:has-text('Hana') button.join")
    guest.wait_for_selector(".board")
    host.wait_for_selector(".seats li:has-text('Gil')")  # the table sees who sat down
    host.wait_for_selector(
        "text=Waiting for 1 more player to join from the lobby…", state="detached"
    )
    guest.goto(server)  # the table is full: no Join any more, and Gil's lobby lists the seat
    guest.wait_for_selector("#mine li:has-text('Hana')")
    assert not guest.query_selector("#rooms li:has-text('Hana') button.join")


def play_out(server: str, room: str, tokens: list[str]) -> None:
    """Both seats play legal moves through the API until the game is over."""
    rng = random.Random(3)
    with httpx.Client(base_url=server, timeout=30) as api:
        for _ in range(2000):
            view = api.get(f"/api/rooms/{room}/view", params={"token": tokens[0]}).json()
            if view["terminal"]:
                return
            for seat in view["to_act"]:
                mine = api.get(f"/api/rooms/{room}/view", params={"token": tokens[seat]}).json()
                if mine["legal"]:
                    action = rng.choice(mine["legal"])
                    api.post(
                        f"/api/rooms/{room}/act", json={"token": tokens[seat], "action": action}
                    )
    raise AssertionError("the game did not end")


@needs_chromium
def test_a_rematch_is_started_by_one_and_joined_by_the_other(server: str, browser: Any) -> None:
    created = httpx.post(
        f"{server}/api/rooms",
        json={"game": "metro", "seats": [{"name": "Ann"}, {"name": "Ben"}]},
    ).json()
    links = [s["link"] for s in created["seats"]]
    play_out(server, created["room"], [link.split("token=")[1] for link in links])
    ann, ben = browser.new_page(), browser.new_page()
    ann.goto(server + links[0])
    ben.goto(server + links[1])
    ann.wait_for_selector("#final-scores")
    ann.click("#rematch")
    ann.wait_for_url(lambda url: created["room"] not in url)
    ann.wait_for_selector(".board")
    ben.wait_for_selector("#rematch:has-text('Join the rematch')")  # invited, live
    ben.screenshot(path=str(ARTIFACTS / "rematch-invitation.png"))
    ben.click("#rematch")
    ben.wait_for_url(lambda url: created["room"] not in url)
    assert ann.url.split("?")[0] == ben.url.split("?")[0]  # one new table
    ben.wait_for_selector(".board")
    assert "Ann" in ben.inner_text(".seats") and "Ben" in ann.inner_text(".seats")


@needs_chromium
def test_a_daily_challenge_ends_with_a_place_on_the_days_board(server: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(server)
    page.fill("#my-name", "Dana")
    page.click("#daily .daily[data-challenge=railroad-ink] button")
    page.wait_for_selector(".badge:has-text('daily challenge')")
    while page.query_selector(".guide"):
        page.click("#guide-next")
    play_by_clicking(page, seed=11)
    page.wait_for_selector(".daily-result")
    assert "Place 1 of 1" in page.inner_text(".daily-result")
    assert "Linecraft daily" in page.inner_text("#share-line")
    page.screenshot(path=str(ARTIFACTS / "daily-challenge-end.png"), full_page=True)
    page.click("text=Today's results")
    page.wait_for_selector(
        "#daily .daily[data-challenge=railroad-ink] .daily-board li:has-text('Dana')"
    )
