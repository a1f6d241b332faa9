"""Assistant rooms, by clicking: a person plays the real game at the table and shows
Linecraft what the dice, cards and tiles show by picking their pictures — never typing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.browser.conftest import (
    ARTIFACTS,
    answer_chance,
    needs_chromium,
    open_lobby,
    play_by_clicking,
    version,
)


def open_assistant_room(page: Any, server: str, game: str, *, solo: bool = True) -> None:
    """From the lobby: the game, the Assistant box ticked, the seat link."""
    open_lobby(page, server)
    page.select_option("#game", game)
    if solo:
        remove = page.locator("#seats button[aria-label^='Remove seat']")
        while remove.count():  # the seats redraw after each: look again
            remove.last.click()
    page.check("#assistant")
    page.click("#start")
    page.click("a.seat-link")
    page.wait_for_selector(".chance-picker")


@needs_chromium
@pytest.mark.parametrize(("game", "seed"), [("railroad-ink", 1), ("next-station-london", 2)])
def test_a_solo_game_at_the_table_is_kept_by_picking_pictures(
    server: str, browser: Any, game: str, seed: int
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    open_assistant_room(page, server, game)
    assert page.locator(".chance-picker button.piece svg").count(), "pictures to pick from"
    assert not page.locator("#action:visible").count(), "nothing to type"
    page.screenshot(path=str(ARTIFACTS / f"assistant-{game}-desktop.png"), full_page=True)
    clicks = play_by_clicking(page, seed)
    assert clicks.chances >= (7 if game == "railroad-ink" else 4 * 5)
    log = page.inner_text(".log")
    assert page.locator("#final-scores").count() and log


@needs_chromium
@pytest.mark.parametrize(
    ("game", "answers"), [("metro", 2), ("metromania", 1), ("railroad-ink", 1)]
)
def test_the_first_draws_are_picked_on_a_phone(
    server: str, browser: Any, game: str, answers: int
) -> None:
    """A table of two with a bot: the host picks the first draws by their pictures and
    the game moves on to a move."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    open_assistant_room(page, server, game, solo=False)
    page.screenshot(path=str(ARTIFACTS / f"assistant-{game}-phone.png"), full_page=True)
    rng = random.Random(4)
    for _ in range(answers):
        before = version(page)
        answer_chance(page, rng)
        page.wait_for_function(
            f"document.querySelector('main.room').dataset.version !== '{before}'"
        )
    assert page.locator(".log li.chance").count() >= 1  # another seat's draw is private
    assert not page.inner_text(".error")
