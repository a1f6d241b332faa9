"""The replay viewer in real Chromium: keys, autoplay, the log with the step marked,
the scores at each step, and a downloaded record file opened in the browser."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.browser.conftest import ARTIFACTS, needs_chromium


def finished_room(server: str, game: str = "railroad-ink", seed: int | None = None) -> str:
    """A solo game the greedy bot plays to its end (on the chance of `seed`, when given:
    a practice room)."""
    body: dict[str, Any] = {"game": game, "options": {}, "seats": [{"name": "Bo", "bot": "greedy"}]}
    if seed is not None:
        body |= {"practice": True, "seed": seed}
    request = urllib.request.Request(
        f"{server}/api/rooms", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    room = str(json.load(urllib.request.urlopen(request))["room"])
    deadline = time.monotonic() + 60
    while not json.load(urllib.request.urlopen(f"{server}/api/rooms/{room}/view"))["terminal"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    return room


def where(page: Any) -> str:
    return str(page.inner_text("#where"))


@needs_chromium
def test_a_game_is_replayed_with_keys_autoplay_log_and_scores(
    server: str, browser: Any, tmp_path: Path
) -> None:
    room = finished_room(server)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/replay/{room}")
    page.wait_for_selector("#boards figure")
    steps = int(where(page).split(" of ")[1])
    assert where(page) == f"Step 0 of {steps}" and not page.query_selector(".log li.current")
    page.keyboard.press("End")
    page.wait_for_function(
        f"document.getElementById('where').textContent === 'Step {steps} of {steps}'"
    )
    assert "Final scores" in page.inner_text(".scores") and "Total" in page.inner_text(".scores")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.getElementById('where').textContent.startsWith('Step 1 ')")
    assert page.locator(".log li.current").count() == 1  # the step just played, marked
    assert "Scores after step 1" in page.inner_text(".scores")
    page.keyboard.press(" ")  # autoplay
    page.wait_for_function("parseInt(document.getElementById('where').textContent.slice(5)) >= 3")
    page.keyboard.press(" ")
    page.screenshot(path=str(ARTIFACTS / "replay-viewer.png"), full_page=True)
    page.locator(".log li button").nth(5).click()  # a line of the log: the step after it
    page.wait_for_function("document.getElementById('where').textContent.startsWith('Step ')")
    record = tmp_path / "game.json"
    record.write_bytes(urllib.request.urlopen(f"{server}/api/rooms/{room}/record").read())
    opened = browser.new_page(viewport={"width": 1280, "height": 900})
    opened.goto(f"{server}/replay")
    opened.set_input_files("#record-file", str(record))
    opened.wait_for_selector("#boards figure")
    assert where(opened) == f"Step 0 of {steps}"
    opened.keyboard.press("End")
    opened.wait_for_function(
        f"document.getElementById('where').textContent === 'Step {steps} of {steps}'"
    )
    total = json.loads(record.read_text())["scores"]["0"]["total"]
    assert opened.inner_text("#replay-scores tr.total") == f"Total\t{total}"
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "railroad-ink", "events": [{"player": 0, "text": "nonsense"}]}')
    opened.set_input_files("#record-file", str(bad))
    opened.wait_for_selector(".error:has-text('cannot be replayed')")


@needs_chromium
def test_analyse_lists_the_biggest_losses_and_marks_the_experts_choice(
    server: str, browser: Any
) -> None:
    """A newcomer's way: a finished game's replay, Analyse, a loss clicked: the board at
    that move with the expert's choice marked, and its word above the board."""
    # A seeded game, whose biggest loss has a move on the board for its better choice
    # (not a pass, which has no spot to mark).
    room = finished_room(server, "next-station-london", seed=1)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/replay/{room}")
    page.click("#analyse")
    page.wait_for_selector("#analysis-summary", timeout=60_000)
    summary = page.inner_text("#analysis-summary")
    assert summary.startswith("Bo: ") and "moves cost a point or more" in summary
    lessons = page.locator(".lessons button")
    assert lessons.count() > 0, "a greedy game always leaves the expert something to say"
    first = lessons.first.inner_text()
    assert "points lost. Better: " in first or "point lost. Better: " in first
    lessons.first.click()
    page.wait_for_selector("#advice")
    assert page.inner_text("#advice").startswith(first.split(":")[0])
    assert page.locator("#boards .spot.advice").count() == 1
    page.wait_for_function("document.getElementById('advice').getBoundingClientRect().top < 200")
    page.screenshot(path=str(ARTIFACTS / "replay-analysis-phone.png"))
