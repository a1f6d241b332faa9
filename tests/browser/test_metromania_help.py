"""Metromania's help in the browser: the How to play tabs, and in a room the folded
"Trips" reference with the week's trips and the seat's own destinations only."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import ARTIFACTS, needs_chromium


def sit_at_four(page: Any, server: str) -> None:
    """A four-seat table, the person against three bots, opened from its seat link."""
    seats = [{"name": "Ann"}, *({"bot": "greedy"} for _ in range(3))]
    answer = page.request.post(f"{server}/api/rooms", data={"game": "metromania", "seats": seats})
    assert answer.ok, answer.text()
    page.goto(server + answer.json()["seats"][0]["link"])
    page.wait_for_selector(".board.mine")


@needs_chromium
def test_how_to_play_metromania_has_its_three_screens(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/help/metromania")
    tabs = page.locator(".help-tabs a")
    assert [tabs.nth(i).inner_text() for i in range(tabs.count())] == [
        "Metromania", "Two players", "Optional rules",
    ]  # fmt: skip
    assert page.locator("#base svg").count() >= 12
    assert page.locator("#two-players svg").count() >= 2
    assert page.locator("#variants svg").count() >= 6
    page.screenshot(path=str(ARTIFACTS / "help-metromania-desktop.png"))
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(f"{server}/help/metromania#variants")
    widths = phone.eval_on_selector_all(
        ".help-pictures svg", "svgs => svgs.map(s => s.getBoundingClientRect().right)"
    )
    assert widths and max(widths) <= 390  # no picture runs off a phone's screen
    phone.screenshot(path=str(ARTIFACTS / "help-metromania-phone.png"))


@needs_chromium
def test_a_metromania_room_folds_the_trips_and_the_seats_own_destinations(
    server: str, browser: Any
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sit_at_four(page, server)
    page.wait_for_selector("details.reference")
    summary = page.locator("details.reference summary")
    assert summary.inner_text() == "Trips"
    summary.click()
    captions = page.locator("details.reference[open] figcaption").all_inner_texts()
    assert captions[0].startswith("Monday trip (A)")
    assert captions[6].startswith("Sunday trip")
    mine = captions[7:]
    assert len(mine) == 3 and all(c.startswith("Your ") for c in mine)
    letters = {c.split()[1] for c in mine}
    assert len(letters) == 3  # three different letters, and nobody else's
    page.locator("details.reference").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "metromania-reference-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("details.reference").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "metromania-reference-phone.png"))
