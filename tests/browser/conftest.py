"""What the browser tests share: a real server on loopback (restartable on the same port
and file, to cut connections), Debian's Chromium, the way from the lobby into a room,
and a player who plays by pointing and clicking only."""

from __future__ import annotations

import contextlib
import json
import random
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from linecraft.server.app import create_app
from linecraft.server.limits import Limits

playwright = pytest.importorskip("playwright.sync_api")
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).parents[2] / "test-artifacts"
JSON = {"Content-Type": "application/json"}
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian chromium is installed by make test"
)


# One browser creates every room and opens every socket from one address, as a whole
# club behind one router would: limits of a busy public server.
BUSY_TABLES = Limits(rooms_per_hour=100_000, sockets_per_address=100_000)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """`linecraft serve`'s app under uvicorn in a thread; `stop` and `start` again keep
    the address and the SQLite file, as a restarted server does."""

    def __init__(self, db: Path, *, absent_after: float = 60.0) -> None:
        self.db = db
        self.absent_after = absent_after
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        config = uvicorn.Config(
            create_app(self.db, absent_after=self.absent_after, limits=BUSY_TABLES),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        while not self._server.started:
            time.sleep(0.05)

    def stop(self) -> None:
        assert self._server is not None and self._thread is not None
        self._server.should_exit = True
        self._thread.join(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    running = Server(tmp_path_factory.mktemp("server") / "rooms.db")
    running.start()
    yield running.url
    running.stop()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One Chromium per test worker: starting one costs most of a second, and a page
    from `new_page` lives in a context of its own (cookies, storage) all the same."""
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM))
        yield launched
        launched.close()


@pytest.fixture
def browser(chromium: Any) -> Iterator[Any]:
    """The worker's Chromium; every page and context a test opened is closed after it."""
    yield chromium
    for context in chromium.contexts:
        context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failed browser test's report shows every page it left open: its address and
    the words on it, and a screenshot in test-artifacts/failed-*.png, so a failure
    seen once (in CI, under load) says where the page stood."""
    report = yield
    chromium = getattr(item, "funcargs", {}).get("browser")
    if report.when == "call" and report.failed and chromium is not None:
        report.sections.append(("pages left open", _pages_left_open(chromium, item.name)))
    return report


def _pages_left_open(chromium: Any, test: str) -> str:
    lines = []
    pages = [page for context in chromium.contexts for page in context.pages]
    for number, page in enumerate(pages):
        shot = ARTIFACTS / f"failed-{test}-{number}.png"
        ARTIFACTS.mkdir(exist_ok=True)
        try:
            page.screenshot(path=str(shot), full_page=True)
            words = page.inner_text("body", timeout=2000)[:1500]
        except playwright.Error as exc:
            words = f"(unreadable: {exc})"
        lines.append(f"{page.url} ({shot.name})\n{words}")
    return "\n\n".join(lines) or "(none)"


def open_lobby(page: Any, server: str) -> None:
    """The lobby, once its lists have arrived: they redraw the page, and a box ticked
    while that happens reads unticked for a moment, which Playwright's `check` takes for
    a click that did not work."""
    page.goto(server)
    page.wait_for_load_state("networkidle")


def sit_down_against_a_bot(
    page: Any, server: str, game: str, expansions: Sequence[str] = ()
) -> None:
    """From the lobby: the game, its expansions ticked, a room against the easy bot (the
    quickest to answer; a test plays many games at once), then the person's seat link."""
    open_lobby(page, server)
    page.select_option("#game", game)
    for expansion in expansions:
        page.check(f"[data-option=expansions][value='\"{expansion}\"']")
    for kind in page.locator("#seats .seat-kind").all()[1:]:
        kind.select_option("greedy")
    page.click("#start")
    page.click("a.seat-link")
    page.wait_for_selector(".board.mine")


def sit_down_in_a_practice_room(page: Any, server: str, game: str, seed: int) -> None:
    """A practice room whose chance follows `seed` (so a test knows the first roll or
    cards), made as the lobby makes a room against the default bot, then the person's
    seat link."""
    body = {
        "game": game,
        "options": {},
        "practice": True,
        "seed": seed,
        "seats": [{"name": "Player"}, {"bot": "greedy"}],
    }
    request = urllib.request.Request(
        f"{server}/api/rooms", data=json.dumps(body).encode(), headers=JSON
    )
    with urllib.request.urlopen(request) as answer:
        room = json.load(answer)
    page.goto(server + room["seats"][0]["link"])
    page.wait_for_selector(".board.mine")


def version(page: Any) -> int:
    return int(page.get_attribute("main.room", "data-version") or -1)


@dataclass
class Clicks:
    """What a player clicked on the way through a game."""

    spots: int = 0
    confirms: int = 0
    controls: list[str] = field(default_factory=list)
    pieces: int = 0
    origins: int = 0  # a start marked on the board to say which of several plays is meant
    unconfirmed_changes: int = 0  # a spot click that changed the game without Confirm
    chances: int = 0  # dice, cards or tiles picked in an assistant room


def play_by_clicking(page: Any, seed: int, *, limit: int = 900) -> Clicks:
    """Play to the end with the mouse only: glowing spots, the pieces in hand, the
    game's own buttons and Confirm; never the notation box or the legal list."""
    rng = random.Random(seed)
    clicks = Clicks()
    for _ in range(4000):  # bounded: a page that offers nothing to do fails, not hangs
        if page.query_selector("#final-scores"):
            return clicks
        before = version(page)
        try:
            if not take_a_step(page, rng, clicks, before):
                page.wait_for_timeout(80)
                continue
        except playwright.Error:
            continue  # the page was redrawn under the click: look again
        page.wait_for_function(
            f"document.querySelector('main.room').dataset.version !== '{before}'"
            " || document.querySelector('.error').textContent"
            " || document.querySelector('#confirm, .choices')",
            timeout=20_000,
        )
        assert clicks.spots + clicks.confirms + len(clicks.controls) < limit, "no end"
    stuck = page.inner_text("main")
    pytest.fail(f"the page offers nothing to play:\n{stuck}")


def answer_chance(page: Any, rng: random.Random) -> None:
    """An assistant room's chance picker answered by clicking pictures: each question
    filled with choices still free (a choice past a question's count changes nothing),
    then Play."""
    for fieldset in page.locator(".chance-picker fieldset").all():
        chosen = -1
        while (now := fieldset.locator("button[aria-pressed=true]").count()) > chosen:
            chosen = now
            free = fieldset.locator("button[aria-pressed=false]:not([disabled])")
            if count := free.count():
                free.nth(rng.randrange(count)).click(timeout=2000)
    page.click("#chance-play", timeout=2000)


# What a page offers to do next, counted in one round trip to the browser: a step of
# `take_a_step` asks the page once instead of once per kind of thing to click.
OFFERS = """() => [
    '.chance-picker', '#confirm', '.board.mine .spot.origin', '.choices button.choice',
    '.board.mine .spot.target',
].map(selector => document.querySelectorAll(selector).length)"""


# A click on the board answered: the move made (a new version), held for Confirm, or a
# question asked (which of several plays, which end of a line).
ANSWERED = """before => document.querySelector('main.room').dataset.version !== String(before)
    || document.querySelector('#confirm, .pending-box, .choices, .board.mine .spot.origin')"""


def take_a_step(page: Any, rng: random.Random, clicks: Clicks, before: int) -> bool:
    pickers, confirms, origins, choices, targets = page.evaluate(OFFERS)
    if pickers:
        answer_chance(page, rng)
        clicks.chances += 1
        return True
    if confirms:
        page.click("#confirm", timeout=2000)
        clicks.confirms += 1
        return True
    if origins:  # which end to draw from
        page.locator(".board.mine .spot.origin").first.click(timeout=2000)
        clicks.origins += 1
        return True
    if choices:
        page.locator(".choices button.choice").first.click(timeout=2000)
        return True
    if targets:
        page.locator(".board.mine .spot.target").nth(rng.randrange(targets)).click(timeout=2000)
        clicks.spots += 1
        with contextlib.suppress(playwright.Error):  # a click may only pick: nothing follows
            page.wait_for_function(ANSWERED, arg=before, timeout=150, polling=10)
        if version(page) != before and not page.locator("#confirm").count():
            confirm_needed = page.evaluate("document.querySelector('.pending-box') !== null")
            clicks.unconfirmed_changes += int(confirm_needed)
        return True
    enabled = page.locator(".controls button.control:not([disabled]):visible, .controls summary")
    if count := enabled.count():
        button = enabled.nth(rng.randrange(count))
        if button.evaluate("b => b.tagName") == "SUMMARY":  # opens a group of buttons
            button.click(timeout=2000)
            return False
        clicks.controls.append(button.inner_text())
        button.click(timeout=2000)
        return True
    others = page.locator(".hand button.piece:not(.picked)")
    if count := others.count():  # the piece in hand fits nowhere: pick another
        others.nth(rng.randrange(count)).click(timeout=2000)
        clicks.pieces += 1
        return False
    return False
