"""A person plays each game in the real headless Chromium against a bot, by pointing and
clicking only, until the final score table; screenshots of the start, the middle and
the end are kept in `test-artifacts/`."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from tests.browser.conftest import (
    ARTIFACTS,
    Clicks,
    Server,
    needs_chromium,
    play_by_clicking,
    playwright,
    sit_down_against_a_bot,
    take_a_step,
    version,
)

GAMES = [  # (game, expansions ticked in the lobby, label)
    ("metro", [], "metro"),
    ("metromania", [], "metromania"),
    ("next-station-london", [], "next-station-london"),
    ("railroad-ink", [], "railroad-ink"),
    ("railroad-ink", ["lava", "meteor"], "railroad-ink-lava-meteor"),
    ("railroad-ink", ["underground"], "railroad-ink-underground"),
]
NO_TAKE_BACKS = ("metro", "next-station-london")


@needs_chromium
@pytest.mark.parametrize(("game", "expansions", "label"), GAMES, ids=[g[2] for g in GAMES])
def test_a_person_plays_a_whole_game_by_pointing_and_clicking(
    server: str, browser: Any, game: str, expansions: list[str], label: str
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sit_down_against_a_bot(page, server, game, expansions)
    page.wait_for_selector(".prompt")
    page.screenshot(path=str(ARTIFACTS / f"{label}-start.png"), full_page=True)
    clicks = play_by_clicking(page, seed=len(label))
    table = page.inner_text("#final-scores")
    after = page.inner_text(".scores")
    page.screenshot(path=str(ARTIFACTS / f"{label}-end.png"), full_page=True)
    assert page.inner_text(".turn-flag") == "Game over"
    assert not page.query_selector(".board.mine .spot.target")  # nothing stale glows
    assert page.inner_text(".log").count("\n") > 10  # the game told in its log
    page.click("text=Replay")
    page.wait_for_selector("#boards figure")
    page.click("#next")
    page.wait_for_function("document.getElementById('where').textContent.startsWith('Step 1 ')")
    page.screenshot(path=str(ARTIFACTS / f"{label}-replay.png"), full_page=True)
    assert "Total" in table and "Download the record" in after
    assert "Winner" in after or "Shared win" in after  # the live dice may make a tie
    assert clicks.spots > 5  # the moves were played on the board itself
    if game in NO_TAKE_BACKS:  # every placement waited for Confirm
        assert clicks.confirms >= clicks.spots - 1 and clicks.unconfirmed_changes == 0


@needs_chromium
def test_a_misclick_is_never_final_where_the_rules_allow_no_take_back(
    server: str, browser: Any
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sit_down_against_a_bot(page, server, "next-station-london")
    page.wait_for_selector(".board.mine .spot.target")
    # The bot draws on the same card: once it is done, only this seat changes the room.
    page.wait_for_selector(".seats li:has-text('done')")
    before = version(page)
    spot = page.locator(".board.mine .spot.target").first
    target = spot.get_attribute("data-target")
    spot.click()
    page.wait_for_selector("#confirm")
    assert page.locator(f".board.mine .spot.pending[data-target='{target}']").count() == 1
    page.wait_for_timeout(300)
    assert version(page) == before  # shown, not played
    page.click("#cancel")
    assert not page.query_selector("#confirm") and version(page) == before
    page.locator(f".board.mine .spot.target[data-target='{target}']").click()
    page.locator(f".board.mine .spot.target[data-target='{target}']").click()  # 2nd click
    page.wait_for_function(f"document.querySelector('main.room').dataset.version !== '{before}'")


@needs_chromium
def test_a_die_is_picked_turned_ghosted_and_placed_with_the_keyboard(
    server: str, browser: Any
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sit_down_against_a_bot(page, server, "railroad-ink")
    page.wait_for_selector(".hand button.piece.picked")
    page.locator(".hand button.piece").nth(1).click()
    piece = page.get_attribute(".hand .picked", "data-piece")
    forms = [page.get_attribute(".hand .picked", "data-form")]
    for press in ("r", "m", "r"):
        page.keyboard.press(press)
        forms.append(page.get_attribute(".hand .picked", "data-form"))
    assert len(set(forms)) > 1  # turning changed the drawing
    spot = page.locator(".board.mine .spot.target").first
    spot.hover()
    page.wait_for_selector(".board.mine svg.ghost")  # the die as it would be drawn
    page.screenshot(path=str(ARTIFACTS / "railroad-ink-ghost.png"))
    before = version(page)
    page.locator(".board.mine .spot.target").first.focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.target")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('main.room').dataset.version !== '{before}'")
    page.wait_for_selector(f".board.mine .spot.recent[data-target='{focused}']")
    assert piece not in [
        p.get_attribute("data-piece") for p in page.query_selector_all(".hand button.piece")
    ]  # the die is drawn where Enter was pressed


@needs_chromium
def test_a_lost_connection_blocks_input_and_resyncs(tmp_path: Any, browser: Any) -> None:
    running = Server(tmp_path / "rooms.db")
    running.start()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sit_down_against_a_bot(page, running.url, "railroad-ink")
    page.wait_for_selector(".board.mine .spot.target")
    page.locator(".board.mine .spot.target").first.click()
    page.wait_for_selector(".spot.recent")
    running.stop()
    page.wait_for_selector(".banner:has-text('reconnecting')")
    assert page.get_attribute("main.room", "inert") is not None  # no input while away
    page.screenshot(path=str(ARTIFACTS / "reconnecting.png"))
    running.start()
    page.wait_for_selector(".banner", state="detached", timeout=20_000)
    page.wait_for_selector(".board.mine .spot.target")
    assert page.locator(".spot.recent").count() >= 1  # the move made before is still there
    running.stop()


@needs_chromium
@pytest.mark.parametrize("game", ["next-station-london", "railroad-ink", "metro"])
def test_the_room_fits_a_phone_and_puts_your_board_first(
    server: str, browser: Any, game: str
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    sit_down_against_a_bot(page, server, game)
    page.wait_for_selector(".board.mine .spot.target")
    width = page.evaluate("document.documentElement.scrollWidth")
    order = (".board.mine", ".prompt", ".board.other" if game != "metro" else ".log")
    tops = [page.locator(selector).first.bounding_box()["y"] for selector in order]
    smallest = page.evaluate(
        "Math.min(...[...document.querySelectorAll('.board.mine .spot.target')]"
        ".map(s => { const r = s.getBoundingClientRect(); return Math.min(r.width, r.height); }))"
    )
    page.screenshot(path=str(ARTIFACTS / f"phone-{game}.png"), full_page=True)
    assert width <= 390
    assert tops == sorted(tops)  # your board, then what to do, then the others
    assert smallest >= 32  # every tap target takes a fingertip


@needs_chromium
@pytest.mark.parametrize("game", ["next-station-london", "metro"])
def test_two_people_in_two_tabs_play_to_the_end(server: str, browser: Any, game: str) -> None:
    """A simultaneous game and a turn-based one, each seat in its own tab."""
    lobby = browser.new_page()
    lobby.goto(server)
    lobby.select_option("#game", game)
    lobby.fill("#seats .seat-row:nth-child(1) .seat-name", "Ada")
    lobby.fill("#seats .seat-row:nth-child(2) .seat-name", "<i>Ben</i>")
    lobby.select_option("#seats .seat-row:nth-child(2) .seat-kind", "")  # a second person
    lobby.click("#start")
    lobby.wait_for_selector("a.seat-link")
    links = [a.get_attribute("href") for a in lobby.query_selector_all("a.seat-link")]
    tabs = [browser.new_page() for _ in links]
    for tab, link in zip(tabs, links, strict=True):
        tab.goto(server + str(link))
        tab.wait_for_selector(".prompt")
    flags = [tab.inner_text(".turn-flag") for tab in tabs]
    if game == "metro":  # turn-based: one seat moves, the other sees whose turn it is
        assert sorted(flags) == ["", "● Your turn"]
        waiting = tabs[flags.index("")].inner_text(".prompt")
        assert waiting in ("Waiting for Ada…", "Waiting for <i>Ben</i>…")
    else:  # both draw on the same card at once
        assert flags == ["● Your turn", "● Your turn"]
    rng = random.Random(2)
    for _ in range(1500):
        if all(tab.query_selector("#final-scores") for tab in tabs):
            break
        for tab in tabs:  # the other tab's moves redraw this page at any time
            stepped = False
            with contextlib.suppress(playwright.Error):
                stepped = take_a_step(tab, rng, Clicks(), version(tab))
            if not stepped:  # waiting for the other seat
                tab.wait_for_timeout(40)
    tabs[1].screenshot(path=str(ARTIFACTS / f"two-tabs-{game}-end.png"), full_page=True)
    ends = [tab.inner_text(".scores") for tab in tabs]  # the live draws may make a tie
    assert all("Winner" in end or "Shared win" in end for end in ends)
    assert "<i>Ben</i>" in tabs[0].inner_text("#final-scores")  # a name is text, not markup
    lobby.reload()
    lobby.wait_for_selector("#mine li")  # the lobby remembers the seat, and the names as text
    assert "<i>Ben</i>" in lobby.inner_text("#mine") and "finished" in lobby.inner_text("#mine")


@needs_chromium
def test_an_absent_seat_goes_to_a_bot_and_back_to_its_player(tmp_path: Any, browser: Any) -> None:
    running = Server(tmp_path / "rooms.db", absent_after=1.0)
    running.start()
    lobby = browser.new_page()
    lobby.goto(running.url)
    lobby.select_option("#game", "metro")
    lobby.fill("#seats .seat-row:nth-child(2) .seat-name", "Absent")
    lobby.select_option("#seats .seat-row:nth-child(2) .seat-kind", "")
    lobby.click("#start")
    lobby.wait_for_selector("a.seat-link")
    absent_link = str(lobby.get_attribute("a.seat-link >> nth=1", "href"))
    spectator = browser.new_page()
    spectator.goto(running.url + str(lobby.get_attribute("text=watch as a spectator", "href")))
    spectator.wait_for_selector(".board")
    lobby.click("a.seat-link >> nth=0")
    lobby.wait_for_selector(".board")
    lobby.on("dialog", lambda dialog: dialog.accept())  # "Let a bot play for Absent …?"
    lobby.click(".seats button:has-text('let a bot play for Absent')")
    for page in (lobby, spectator):  # everyone sees who plays the seat, and who handed it
        page.wait_for_selector(".seats li:has-text('bot playing for Absent')")
        page.wait_for_selector(".log li:has-text('handed Absent')")
    assert not spectator.query_selector(".seats button")  # watching gives no say
    assert not spectator.query_selector("details.expert") and lobby.query_selector("details.expert")
    back = browser.new_page()
    back.goto(running.url + absent_link)
    back.wait_for_selector("#take-back")
    back.screenshot(path=str(ARTIFACTS / "take-your-seat-back.png"))
    back.click("#take-back")
    back.wait_for_selector(".log li:has-text('took the seat back')")
    assert not back.query_selector("#take-back")
    lobby.wait_for_selector(".seats li:has-text('Absent'):not(:has-text('bot'))")
    running.stop()
