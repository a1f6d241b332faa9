"""Metro's How to play page and what a seat looks up in a room, in the real headless
Chromium: a tab for the game and one per module, with the renderer's pictures; beside
the board the tiles the seat has not seen (fewer after a tile is placed) and, with
companies, the share cards with the seat's own four marked; each final score row
explained when the pointer rests on it. Screenshots at a desktop and a phone size are
kept in `test-artifacts/`."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from linecraft.games.metro import words
from tests.browser.conftest import ARTIFACTS, needs_chromium, version

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
TABS = [
    "Metro",
    "Module 1: Companies",
    "Module 2: Central station cars",
    "Module 3: Central tracks",
    "Module 4: Numbered stations",
]


def _room(server: str, options: dict[str, Any], seats: list[dict[str, str]]) -> dict[str, Any]:
    body = {"game": "metro", "options": options, "seats": seats}
    request = urllib.request.Request(
        f"{server}/api/rooms",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        room: dict[str, Any] = json.load(answer)
    return room


def _tiles_left(page: Any) -> int:
    """The sum of the counts under "Tiles left" (unfolded first)."""
    tiles = page.locator("details.reference", has_text=words.TILES_LEFT_TITLE)
    if not tiles.locator("figure").first.is_visible():
        tiles.locator("summary").click()
    captions = tiles.locator("figcaption").all_inner_texts()
    assert len(captions) == 24 and tiles.locator("figure svg").count() == 24
    return sum(int(caption.split()[0]) for caption in captions)


def _placed(page: Any) -> int:
    found = re.search(r"Tiles placed (\d+) of 60", page.inner_text(".table-status"))
    assert found is not None
    return int(found.group(1))


@needs_chromium
def test_the_help_page_has_a_tab_for_the_game_and_each_module(server: str, browser: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page = browser.new_page(viewport=size)
        page.goto(f"{server}/help/metro")
        assert page.locator(".help-tabs a").all_inner_texts() == TABS
        assert page.locator(".help-page").count() == 5
        for key in ("base", "module-1", "module-2", "module-3", "module-4"):
            assert page.locator(f"#{key} .help-pictures figure svg").count() >= 1, key
        assert page.locator("figcaption", has_text="Not allowed").count() == 2
        assert page.locator("figcaption", has_text=re.compile(r"^Allowed:")).count() == 1
        page.screenshot(path=str(ARTIFACTS / f"metro-help-{name}.png"))
        page.click(".help-tabs a:has-text('Module 3')")
        page.wait_for_function("location.hash === '#module-3'")
        page.wait_for_timeout(200)
        box = page.locator("#module-3 h2").bounding_box()
        assert box is not None and 0 <= box["y"] < size["height"] / 2  # scrolled to it
        page.screenshot(path=str(ARTIFACTS / f"metro-help-module-3-{name}.png"))
        page.close()


@needs_chromium
def test_a_seat_looks_up_the_tiles_left_and_the_share_cards(server: str, browser: Any) -> None:
    room = _room(server, {"modules": [1]}, [{"name": "Ann"}, {"bot": "greedy"}])
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server + room["seats"][0]["link"])
    page.wait_for_selector(".board.mine .spot.target")
    tiles = page.locator("details.reference", has_text=words.TILES_LEFT_TITLE)
    assert not tiles.locator("figure").first.is_visible()  # folded away until asked for
    assert _tiles_left(page) == 60 - _placed(page) - 1  # all but the board and my tile
    shares = page.locator("details.reference", has_text=words.SHARE_CARDS_TITLE)
    shares.locator("summary").click()
    captions = shares.locator("figcaption").all_inner_texts()
    assert len(captions) == 32 and sum(c.endswith(": yours") for c in captions) == 4
    page.screenshot(path=str(ARTIFACTS / "metro-reference-desktop.png"), full_page=True)
    before, placed = version(page), _placed(page)
    page.locator(".board.mine .spot.target").first.click()
    page.click("#confirm")
    page.wait_for_function(
        f"document.querySelector('main.room').dataset.version !== '{before}'", timeout=20_000
    )
    # The bot places and a tile is drawn for me in turn: counted once my turn is back
    # (between the two, no tile is in my hand).
    page.wait_for_function(
        f"/Tiles placed (?!{placed} )\\d+ of 60/.test("
        "document.querySelector('.table-status').textContent)"
        " && document.querySelector('.board.mine .spot.target')",
        timeout=20_000,
    )
    assert _tiles_left(page) == 60 - _placed(page) - 1
    phone = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    phone.goto(page.url)
    phone.wait_for_selector("details.reference")
    phone.locator("details.reference summary").first.click()
    phone.locator("details.reference").first.scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "metro-reference-phone.png"))
    phone.close()


@needs_chromium
def test_every_final_score_row_is_explained(server: str, browser: Any) -> None:
    room = _room(server, {"modules": [4]}, [{"bot": "greedy"}, {"bot": "random"}])
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server + room["spectator"])
    page.wait_for_selector("#final-scores", timeout=120_000)
    rows = page.locator("#final-scores tbody th[scope=row]")
    titles = dict(rows.evaluate_all("rows => rows.map((r) => [r.textContent, r.title])"))
    assert set(titles) == {
        words.ROW_COLOUR,
        words.ROW_LINES,
        words.ROW_NUMBERS,
        words.ROW_TOTAL,
    }
    assert titles == {row: words.SCORE_HELP[row] for row in titles}
    page.screenshot(path=str(ARTIFACTS / "metro-final-scores.png"), full_page=True)
