"""How to play, from the lobby, for every game: a tab per screen, pictures drawn by the
game's own renderer, words for players (no rule codes), and no serious accessibility
violation; in a room, the reference folded beside the board."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, needs_chromium, sit_down_against_a_bot
from tests.browser.test_accessibility import AXE, violations

GAMES = ["railroad-ink", "next-station-london", "metro", "metromania"]


@needs_chromium
@pytest.mark.parametrize("game", GAMES)
def test_how_to_play_opens_from_the_lobby_with_pictures(
    server: str, browser: Any, game: str
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server)
    page.click(f".card[data-game='{game}'] >> text=How to play")
    page.wait_for_selector(".help-page")
    tabs = page.locator(".help-tabs a")
    assert tabs.count() >= 2  # the game, then each expansion or module
    assert page.locator(".help-page svg").count() >= 3  # pieces, placements, a scored example
    text = page.inner_text("main")
    assert "§" not in text and len(text) > 1500
    tabs.nth(1).click()
    page.screenshot(path=str(ARTIFACTS / f"help-{game}.png"))
    if AXE.exists():
        assert violations(page) == []


@needs_chromium
def test_a_room_offers_its_reference_and_explains_its_score_rows(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sit_down_against_a_bot(page, server, "railroad-ink")
    page.wait_for_selector("details.reference")
    page.click("details.reference >> nth=0 >> summary")
    assert page.locator("details.reference[open] .reference-items figure").count() >= 6
    assert page.get_attribute(".scores tbody th >> nth=0", "title")  # a row's explanation
    assert page.get_attribute("header a.help-link", "href") == "/help/railroad-ink"


@needs_chromium
def test_a_first_solo_game_is_guided_once(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server)
    page.click(".card[data-game='railroad-ink'] button.solo")  # Play solo now
    page.wait_for_selector(".guide")
    steps = [page.inner_text(".guide p")]
    while page.inner_text("#guide-next") == "Next":
        page.click("#guide-next")
        steps.append(page.inner_text(".guide p"))
    page.screenshot(path=str(ARTIFACTS / "railroad-ink-guide.png"))
    page.click("#guide-next")  # Got it
    assert len(steps) == 4 and "dice" in steps[0] and not page.query_selector(".guide")
    page.reload()
    page.wait_for_selector(".board.mine .spot.target")
    assert not page.query_selector(".guide")  # once per game in this browser
