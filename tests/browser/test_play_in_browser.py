"""A person plays each game in the real headless Chromium against a bot, by clicking,
until the final score table; a screenshot of the end is kept in `test-artifacts/`."""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from linecraft.server.app import create_app

playwright = pytest.importorskip("playwright.sync_api")
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).parents[2] / "test-artifacts"
GAMES = [  # (game, expansions ticked in the lobby, label)
    ("metro", [], "metro"),
    ("metromania", [], "metromania"),
    ("next-station-london", [], "next-station-london"),
    ("railroad-ink", [], "railroad-ink"),
    ("railroad-ink", ["lava", "meteor"], "railroad-ink-lava-meteor"),
    ("railroad-ink", ["underground"], "railroad-ink-underground"),
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def sit_down_against_a_bot(
    page: Any, server: str, game: str, expansions: Sequence[str] = ()
) -> None:
    """From the lobby: the game, its expansions ticked, a room against the default bot,
    then the person's seat link."""
    page.goto(server)
    page.select_option("#game", game)
    for expansion in expansions:
        page.check(f"[data-option=expansions][value='\"{expansion}\"']")
    page.click("#start")
    page.click("a.seat-link")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    app = create_app(tmp_path_factory.mktemp("server") / "rooms.db")
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    while not instance.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=5)


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is installed by .ci/run")
@pytest.mark.parametrize(("game", "expansions", "label"), GAMES, ids=[g[2] for g in GAMES])
def test_a_person_plays_a_whole_game_against_a_bot(
    server: str, game: str, expansions: list[str], label: str
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM))
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        sit_down_against_a_bot(page, server, game, expansions)
        page.wait_for_selector("#boards figure")
        page.wait_for_function("document.getElementById('table-status').textContent")
        page.screenshot(path=str(ARTIFACTS / f"{label}-start.png"), full_page=True)
        clicks = spot_clicks = 0
        for _ in range(3000):  # bounded: a page that offers nothing to do fails, not hangs
            if page.query_selector("#final-scores"):
                break
            version = page.evaluate("current.version")
            spots = page.locator("#boards .spot.target")
            try:
                if spots.count():  # place by clicking a glowing spot on the board
                    spots.first.click(timeout=2000)
                    page.wait_for_timeout(50)
                    if page.evaluate("current.version") == version:
                        # several drawings aim there: pick one from the list
                        page.locator("button.legal-action").first.click(timeout=2000)
                    spot_clicks += 1
                else:
                    buttons = page.locator("button.legal-action")
                    if not buttons.count():
                        page.wait_for_timeout(100)
                        continue
                    buttons.last.click(timeout=2000)
            except playwright.Error:
                continue  # the page was redrawn under the click: look again
            page.wait_for_function(
                f"current.version !== {version} || document.getElementById('error').textContent",
                timeout=20_000,
            )
            clicks += 1
            assert clicks < 800, "the game did not end"
        else:
            stuck = page.evaluate(
                "({legal: current.legal, picked, turn: document.getElementById('turn').textContent,"
                " error: document.getElementById('error').textContent})"
            )
            pytest.fail(f"the page offers nothing to play: {stuck}")
        table = page.inner_text("#final-scores")
        scores = page.inner_text("#scores")
        page.screenshot(path=str(ARTIFACTS / f"{label}-end.png"), full_page=True)
        page.click("text=Replay")
        page.wait_for_selector("#boards figure")
        page.click("#next")
        page.wait_for_function(
            "document.getElementById('where').textContent.startsWith('event 1 ')"
        )
        page.screenshot(path=str(ARTIFACTS / f"{label}-replay.png"), full_page=True)
        browser.close()
    assert "total" in table and "Winner(s):" in scores and "Download the record" in scores
    assert not re.search(r"^\d+\t", table, re.MULTILINE)  # every row is a named field
    assert spot_clicks > 5  # most moves were played on the board itself
    for expansion in expansions:
        assert f"\n{expansion}\t" in table  # each expansion's points have a row


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is installed by .ci/run")
def test_the_room_fits_a_phone_and_shows_where_to_play(server: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM))
        page = browser.new_page(viewport={"width": 390, "height": 844})
        sit_down_against_a_bot(page, server, "next-station-london")
        page.wait_for_selector("#boards .spot.target")
        width = page.evaluate("document.documentElement.scrollWidth")
        glowing = len(page.query_selector_all("#boards .spot.target"))
        # own sheet, then the controls, then the bot's sheet: no scrolling past others to play
        tops = [
            page.locator(selector).bounding_box()["y"]  # type: ignore[index]
            for selector in ("#boards figure.mine", "#turn", "#boards figure:not(.mine)")
        ]
        page.screenshot(path=str(ARTIFACTS / "phone-next-station-london.png"), full_page=True)
        browser.close()
    assert width <= 390 and glowing >= 2
    assert tops == sorted(tops)


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is installed by .ci/run")
@pytest.mark.parametrize("game", ["next-station-london", "metro"])
def test_two_people_in_two_tabs_play_to_the_end(server: str, game: str) -> None:
    """A simultaneous game and a turn-based one, each seat in its own tab."""
    ARTIFACTS.mkdir(exist_ok=True)
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM))
        lobby = browser.new_page()
        lobby.goto(server)
        lobby.select_option("#game", game)
        lobby.fill("#seats .seat-row:nth-child(1) .seat-name", "Ada")
        lobby.fill("#seats .seat-row:nth-child(2) .seat-name", "<i>Ben</i>")
        lobby.select_option("#seats .seat-row:nth-child(2) .seat-kind", "")  # a second person
        lobby.click("#start")
        lobby.wait_for_selector("a.seat-link")
        links = [a.get_attribute("href") for a in lobby.query_selector_all("a.seat-link")]
        assert len(links) == 2
        tabs = [browser.new_page() for _ in links]
        for tab, link in zip(tabs, links, strict=True):
            tab.goto(server + str(link))
            tab.wait_for_selector("#boards figure")
        turns = [tab.inner_text("#turn") for tab in tabs]
        if game == "metro":  # turn-based: one seat moves, the other sees whose turn it is
            assert turns in (
                ["Your move.", "Waiting for Ada…"],
                ["Waiting for <i>Ben</i>…", "Your move."],
            )
        else:  # both draw on the same card at once
            assert turns == ["Your move.", "Your move."]
        for _ in range(400):
            if all(tab.query_selector("#final-scores") for tab in tabs):
                break
            for tab in tabs:
                # The other tab's moves redraw this page at any time: a click may miss.
                target = tab.locator("button.legal-action").last
                try:
                    if target.count():
                        target.click(timeout=1000)
                except playwright.Error:
                    pass
                tab.wait_for_timeout(60)
        tabs[1].screenshot(path=str(ARTIFACTS / f"two-tabs-{game}-end.png"), full_page=True)
        assert all("Winner(s):" in tab.inner_text("#scores") for tab in tabs)
        assert "<i>Ben</i>" in tabs[0].inner_text("#final-scores")  # a name is text, not markup
        lobby.reload()
        lobby.wait_for_selector("#rooms li")
        assert "<i>Ben</i>" in lobby.inner_text("#rooms")
        browser.close()


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is installed by .ci/run")
def test_a_die_is_picked_turned_and_placed_with_one_click(server: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM))
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        sit_down_against_a_bot(page, server, "railroad-ink")
        page.wait_for_selector("#pieces button.piece.picked")
        dice = page.eval_on_selector_all(
            "#pieces button.piece", "bs => bs.map(b => b.dataset.piece)"
        )
        assert dice == list(page.evaluate("Object.keys(current.pieces)"))
        # pick the second die, then turn it with the buttons and the keyboard
        page.locator("#pieces button.piece").nth(1).click()
        piece = page.evaluate("picked.piece")
        assert piece == dice[1]
        turns = []
        for turn, press in (("rotate", "#rotate"), ("mirror", "m"), ("rotate", "r")):
            before = page.evaluate("picked.form")
            after = page.evaluate(f"current.pieces[{piece!r}][{before!r}].{turn}")
            if press.startswith("#"):
                assert page.locator(press).is_disabled() == (after is None)
                page.click(press, force=True)
            else:
                page.keyboard.press(press)
            assert page.evaluate("picked.form") == (after or before)
            assert page.get_attribute("#pieces .picked", "data-form") == (after or before)
            turns.append(after)
        assert any(turns)  # at least one turn changed the drawing
        form = page.evaluate("picked.form")
        # only the spots where this die fits in this drawing glow
        fitting = page.evaluate(
            "Object.entries(current.picks)"
            f".filter(([, p]) => p[0] === {piece!r} && p[1] === {form!r})"
            ".map(([a]) => current.targets[a])"
        )
        glowing = page.eval_on_selector_all(
            "#boards .spot.target", "ss => ss.map(s => s.dataset.target)"
        )
        assert glowing and set(glowing) == set(fitting)
        assert len(glowing) == len(set(glowing))  # on this seat's board, not the bot's
        page.screenshot(path=str(ARTIFACTS / "railroad-ink-hand.png"), full_page=True)
        version = page.evaluate("current.version")
        target = glowing[0]
        page.click(f"#boards .spot.target[data-target='{target}']")
        page.wait_for_function(f"current.version !== {version}")
        played = page.evaluate("current.view.seats[0].actions_this_round")
        browser.close()
    assert played == [f"{piece} {target} {form}"]


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is installed by .ci/run")
def test_a_player_hands_an_absent_seat_to_a_bot(server: str) -> None:
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM))
        lobby = browser.new_page()
        lobby.goto(server)
        lobby.select_option("#game", "metro")
        lobby.fill("#seats .seat-row:nth-child(2) .seat-name", "Absent")
        lobby.select_option("#seats .seat-row:nth-child(2) .seat-kind", "")
        lobby.click("#start")
        lobby.wait_for_selector("a.seat-link")
        spectator = browser.new_page()
        spectator.goto(server + str(lobby.get_attribute("text=watch as a spectator", "href")))
        spectator.wait_for_selector("#boards figure")
        lobby.click("a.seat-link >> nth=0")
        lobby.wait_for_selector("#boards figure")
        assert not spectator.query_selector("#seats button")  # watching gives no say
        lobby.click("#seats button:has-text('let a bot play this seat')")
        lobby.wait_for_selector("#seats div:has-text('Absent (bot greedy)')")
        spectator.wait_for_selector("#seats div:has-text('Absent (bot greedy)')")
        assert spectator.locator("#act").is_hidden() and lobby.locator("#act").is_visible()
        browser.close()
