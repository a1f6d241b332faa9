"""Next Station: London in the browser: the How to play pages at desktop and phone size,
and in a room the cards left this round, the seat's pencils and the shared objectives
folded beside the map, with a line of help on every score row."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import ARTIFACTS, needs_chromium

GAME = "next-station-london"
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}


@needs_chromium
def test_the_four_pages_show_at_desktop_and_phone_size(server: str, browser: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for size, (width, height) in SIZES.items():
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(f"{server}/help/{GAME}")
        tabs = page.locator(".help-tabs a")
        assert [tabs.nth(i).get_attribute("href") for i in range(tabs.count())] == [
            "#base",
            "#solo",
            "#module-a",
            "#module-b",
        ]
        assert page.locator(".help-page figure svg").count() >= 15
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        tabs.nth(3).click()
        assert page.locator("#module-b h3").first.is_visible()
        page.screenshot(path=str(ARTIFACTS / f"help-{GAME}-{size}.png"), full_page=True)


def _room(page: Any, server: str) -> str:
    """A practice room against a bot, with both modules, straight from the API."""
    answer = page.request.post(
        f"{server}/api/rooms",
        data={
            "game": GAME,
            "options": {"objectives": True, "powers": True},
            "seats": [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}],
            "seed": 4,
            "practice": True,
        },
    )
    assert answer.ok, answer.text()
    link: str = answer.json()["seats"][0]["link"]
    return server + link


@needs_chromium
def test_a_room_shows_the_cards_left_and_explains_its_score_rows(server: str, browser: Any) -> None:
    for size, (width, height) in SIZES.items():
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(_room(page, server))
        page.wait_for_selector(".board.mine .spot.target")
        summaries = page.locator("details.reference summary")
        assert [summaries.nth(i).inner_text() for i in range(summaries.count())] == [
            "Cards left this round",
            "Your pencils, round by round",
            "Shared objectives, 10 points each",
        ]
        page.click("details.reference >> nth=0 >> summary")
        cards = page.locator("details.reference[open] .reference-items figure")
        captions = [cards.nth(i).inner_text() for i in range(cards.count())]
        assert "still to come" in captions[0]  # how many Underground cards, then the cards
        assert 1 <= len(captions) - 1 <= 10  # a card is open: at most 10 are left
        assert all(c.startswith(("Street", "Underground", "the Switch")) for c in captions[1:])
        assert page.locator("details.reference[open] .reference-items figure svg").count() == len(
            captions
        )
        rows = page.locator(".scores tbody th")
        titles = [rows.nth(i).get_attribute("title") for i in range(rows.count())]
        assert rows.count() >= 8 and all(titles), titles
        page.locator("details.reference >> nth=0").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"room-{GAME}-reference-{size}.png"), full_page=True)
