"""Railroad Ink's How to play page and what a seat looks up in a room, in the real
headless Chromium: a tab per page (the game, Lava, Meteor, Underground) with the
renderer's pictures; beside the board the dice faces of the options in play and the
special routes, the one crossed off to ignore the meteor struck through; each score row
explained when the pointer rests on it. Screenshots at a desktop and a phone size are
kept in `test-artifacts/`."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from linecraft.games.railroad_ink import words
from tests.browser.conftest import ARTIFACTS, needs_chromium, version

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _sit_down_against_a_bot(page: Any, server: str, options: dict[str, Any]) -> None:
    """A room made the way the lobby makes one (a person and the greedy bot), then the
    person's seat link."""
    body = {
        "game": "railroad-ink",
        "options": options,
        "seats": [{"name": "Ann"}, {"bot": "greedy"}],
    }
    request = urllib.request.Request(
        f"{server}/api/rooms",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        room = json.load(answer)
    page.goto(server + room["seats"][0]["link"])
    page.wait_for_selector(".board.mine")


@needs_chromium
def test_the_help_page_has_a_tab_for_the_game_and_each_expansion(server: str, browser: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page = browser.new_page(viewport=size)
        page.goto(f"{server}/help/railroad-ink")
        tabs = page.locator(".help-tabs a")
        assert tabs.all_inner_texts() == ["Railroad Ink", "Lava", "Meteor", "Underground"]
        assert page.locator(".help-page").count() == 4
        assert page.locator(".help-pictures figure svg").count() >= 25
        assert page.locator("text=Not allowed").count() >= 3  # a forbidden drawing per page
        page.screenshot(path=str(ARTIFACTS / f"railroad-ink-help-{name}.png"))
        page.click(".help-tabs a:has-text('Meteor')")
        page.wait_for_function("location.hash === '#meteor'")
        page.wait_for_timeout(200)
        box = page.locator("#meteor h2").bounding_box()
        assert box is not None and 0 <= box["y"] < size["height"] / 2  # scrolled to it
        page.screenshot(path=str(ARTIFACTS / f"railroad-ink-help-meteor-{name}.png"))
        page.close()


@needs_chromium
def test_a_seat_looks_up_the_dice_and_its_special_routes_beside_the_board(
    server: str, browser: Any
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    _sit_down_against_a_bot(page, server, {"expansions": ["meteor"]})
    page.wait_for_selector(".board.mine g.meteor")
    dice = page.locator("details.reference", has_text=words.REFERENCE_DICE)
    specials = page.locator("details.reference", has_text=words.REFERENCE_SPECIALS)
    assert dice.count() == 1 and specials.count() == 1
    assert not dice.locator("figure").first.is_visible()  # folded away until asked for
    dice.locator("summary").click()
    captions = dice.locator("figcaption").all_inner_texts()
    assert len(captions) == 17 and dice.locator("figure svg").count() == 17
    assert "Distance die: 3 squares" in captions
    specials.locator("summary").click()
    assert specials.locator("figure svg").count() == 6
    assert not any("already used" in c for c in specials.locator("figcaption").all_inner_texts())
    page.screenshot(path=str(ARTIFACTS / "railroad-ink-reference-desktop.png"), full_page=True)
    group = page.locator(".controls details.control-group")
    group.locator("summary").click()
    before = version(page)
    group.locator("button.control", has_text="Highway crossing").click()
    if page.locator("#confirm").count():
        page.click("#confirm")
    page.wait_for_function(
        f"document.querySelector('main.room').dataset.version !== '{before}'", timeout=20_000
    )
    used = words.SPECIAL_USED.format(piece=words.PIECE_LABELS["x3"])
    page.wait_for_selector(f"details.reference figcaption:text-is('{used}')")
    specials = page.locator("details.reference", has_text=words.REFERENCE_SPECIALS)
    if not specials.locator("figure").first.is_visible():
        specials.locator("summary").click()
    struck = specials.locator("figure", has_text="already used")
    assert struck.count() == 1 and struck.locator("line[stroke='#d50000']").count() == 1
    page.screenshot(path=str(ARTIFACTS / "railroad-ink-reference-used.png"), full_page=True)
    rows = page.locator("#live-scores tbody th[scope=row]")
    assert rows.count() >= 8
    titles = rows.evaluate_all("rows => rows.map((r) => [r.textContent, r.title])")
    assert all(title for _, title in titles), titles  # every row explained
    assert dict(titles)[words.ROW_CRATERS] == words.HELP_CRATERS
    phone = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    phone.goto(page.url)
    phone.wait_for_selector("details.reference")
    phone.locator("details.reference summary").first.click()
    phone.locator("details.reference").first.scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "railroad-ink-reference-phone.png"))
    phone.close()
