"""Railroad Ink in the real headless Chromium against a bot: the meteor's flight drawn
on the board and struck by clicking where its arrow lands (after Confirm), the special
routes that would ignore it folded under one button; in the Underground expansion only
the board of the round glows; Undo only once something of the round can be taken back,
and a second click on the square just drawn draws it another way. Screenshots at a
desktop and a phone size are kept in `test-artifacts/`."""

from __future__ import annotations

import random
from typing import Any

from tests.browser.conftest import (
    ARTIFACTS,
    Clicks,
    needs_chromium,
    sit_down_against_a_bot,
    sit_down_in_a_practice_room,
    take_a_step,
    version,
)

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
MINE = ".board.mine"
CRATER_FILL = "#8d8579"
CURVES_FIRST = 1  # a practice seed whose first roll is two highway curves and a T


def _shoot(page: Any, browser: Any, name: str, click: str | None = None) -> None:
    """The page as it is at a desktop size, and the same seat opened on a phone, where
    the spot `click` names is clicked first (a Confirm line is the page's own)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-desktop.png"), full_page=True)
    phone = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    phone.goto(page.url)
    phone.wait_for_selector(".board.mine svg")
    if click is not None:
        phone.locator(f"{MINE} .spot.target[data-target='{click}']").click()
        phone.wait_for_selector("#confirm")
    phone.wait_for_timeout(300)
    phone.screenshot(path=str(ARTIFACTS / f"{name}-phone.png"))  # what a phone shows first
    phone.close()


def _wait_for_change(page: Any, before: int) -> None:
    page.wait_for_function(
        f"document.querySelector('main.room').dataset.version !== '{before}'", timeout=20_000
    )


def _crater_on(page: Any, target: str) -> bool:
    """Whether the person's board shows a crater in the square of that spot."""
    return bool(
        page.evaluate(
            """([target, fill]) => {
                const board = document.querySelector('.board.mine svg');
                const spot = [...board.querySelectorAll('.spot')]
                    .find((s) => s.dataset.target === target);
                const cx = +spot.getAttribute('x') + 32, cy = +spot.getAttribute('y') + 32;
                return [...board.querySelectorAll(`circle[fill="${fill}"]`)].some(
                    (c) => +c.getAttribute('cx') === cx && +c.getAttribute('cy') === cy);
            }""",
            [target, CRATER_FILL],
        )
    )


@needs_chromium
def test_the_meteor_strikes_where_its_arrow_lands_after_confirm(server: str, browser: Any) -> None:
    page = browser.new_page(viewport=DESKTOP)
    sit_down_against_a_bot(page, server, "railroad-ink", ["lava", "meteor"])
    page.wait_for_selector(f"{MINE} g.meteor")  # the flight is drawn before anything else
    prompt = page.inner_text(".prompt")
    assert "the meteor strikes first" in prompt and "arrow" in prompt
    spots = page.locator(f"{MINE} .spot.target")
    arrows = page.locator(f"{MINE} g.meteor polygon").count()
    assert spots.count() in (1, 4) and arrows in (1, 4)  # one way, or the player chooses
    assert not page.locator(".controls button", has_text="strike").count()
    group = page.locator(".controls details.control-group")
    assert group.count() == 1  # the special routes that would ignore it: one button
    summary = group.locator("summary")
    assert summary.inner_text() == "Cross off a special route to ignore the meteor"
    summary.click()
    ignore = group.locator("button.control")
    assert ignore.count() == 6 and group.locator(".picture svg").count() == 6
    assert "Highway crossing" in ignore.all_inner_texts()
    _shoot(page, browser, "railroad-ink-meteor")
    summary.click()
    target = spots.first.get_attribute("data-target")
    before = version(page)
    spots.first.click()
    page.wait_for_selector("#confirm")
    line = page.inner_text(".pending-box")
    assert target in line and ("Let the meteor strike" in line or "Send the meteor" in line)
    assert page.locator(f"{MINE} .spot.pending[data-target='{target}']").count() == 1
    page.wait_for_timeout(300)  # shown, not sent (the bot's own moves may come meanwhile)
    assert page.locator("#confirm").count() == 1 and page.locator(f"{MINE} g.meteor").count()
    assert not _crater_on(page, target)
    _shoot(page, browser, "railroad-ink-meteor-confirm", click=target)
    page.click("#confirm")
    _wait_for_change(page, before)
    page.wait_for_function("!document.querySelector('.board.mine g.meteor')")
    assert _crater_on(page, target)
    assert "meteor strikes first" not in page.inner_text(".prompt")
    assert page.locator("#undo").count() == 1  # the strike can be taken back
    _shoot(page, browser, "railroad-ink-meteor-struck")


def _round(page: Any) -> str:
    return str(page.inner_text(".prompt"))


@needs_chromium
def test_only_the_board_of_the_round_glows_underground(server: str, browser: Any) -> None:
    page = browser.new_page(viewport=DESKTOP)
    sit_down_against_a_bot(page, server, "railroad-ink", ["underground"])
    page.wait_for_selector(f"{MINE} .spot.target")
    targets = page.eval_on_selector_all(
        f"{MINE} .spot.target", "spots => spots.map((s) => s.dataset.target)"
    )
    assert targets and not any(t.startswith("underground") for t in targets)
    assert "Surface \u2014 this round" in page.text_content(f"{MINE} svg")
    _shoot(page, browser, "railroad-ink-underground-surface-round")
    rng, clicks = random.Random(5), Clicks()
    for _ in range(300):  # draw round 1 by clicking and end it; the bot ends too
        if "underground" in _round(page) and page.locator(f"{MINE} .spot.target").count():
            break
        before = version(page)
        if not take_a_step(page, rng, clicks, before):
            page.wait_for_timeout(100)
        else:
            page.wait_for_timeout(150)
    assert _round(page).startswith("Round 2 of 14, underground")
    targets = page.eval_on_selector_all(
        f"{MINE} .spot.target", "spots => spots.map((s) => s.dataset.target)"
    )
    assert targets and all(t.startswith("underground ") for t in targets)
    assert "Underground \u2014 this round" in page.text_content(f"{MINE} svg")
    _shoot(page, browser, "railroad-ink-underground-round")
    before = version(page)
    spot = page.locator(f"{MINE} .spot.target").first
    target = spot.get_attribute("data-target")
    spot.click()
    _wait_for_change(page, before)
    page.wait_for_selector(f"{MINE} .spot.recent[data-target='{target}']")  # marked below


@needs_chromium
def test_undo_shows_once_something_is_drawn_and_a_second_click_redraws(
    server: str, browser: Any
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    sit_down_in_a_practice_room(page, server, "railroad-ink", CURVES_FIRST)
    page.wait_for_selector(f"{MINE} .spot.target")
    assert page.locator(".controls").count() == 1 and page.locator("#undo").count() == 0
    # each step waits for its own answer: the bot's drawings change the view meanwhile
    page.locator(f"{MINE} .spot.target").first.click()
    page.wait_for_selector("#undo")
    _shoot(page, browser, "railroad-ink-undo")
    page.click("#undo")
    page.wait_for_selector("#undo", state="detached")  # nothing of the round left to take back
    page.locator(f"{MINE} .spot.target").first.click()  # a first drawing: Undo shows
    page.wait_for_selector("#undo")
    assert _redraws_by_a_second_click(page)


@needs_chromium
def test_the_first_drawing_of_a_round_can_be_drawn_another_way(server: str, browser: Any) -> None:
    page = browser.new_page(viewport=DESKTOP)
    sit_down_in_a_practice_room(page, server, "railroad-ink", CURVES_FIRST)
    page.wait_for_selector(f"{MINE} .spot.target")
    assert page.locator("#undo").count() == 0  # nothing drawn yet
    assert _redraws_by_a_second_click(page)


def _drawn(page: Any) -> str:
    """The person's board as drawn, without the spots a client marks up."""
    return str(
        page.evaluate(
            """() => [...document.querySelector('.board.mine svg').children]
                .filter((e) => !e.classList.contains('spot') && !e.classList.contains('ghost'))
                .map((e) => e.outerHTML).join('')"""
        )
    )


def _redraws_by_a_second_click(page: Any) -> bool:
    """Draw a die on a square where it fits more than one way, then click that square
    again: the same die is drawn there another way, and the square still offers the
    next way. Each die in hand is tried on a few squares, each try taken back when the
    die fits there one way only (a straight or an overpass beside an exit does; a roll
    of those alone has nothing to redraw, hence the practice seed)."""
    dice = page.locator(".hand .hand-row:not(.scarce) button.piece")
    for piece in range(dice.count()):
        for index in range(4):
            dice.nth(piece).click()  # a die drawn and taken back leaves the first in hand
            spots = page.locator(f"{MINE} .spot.target")
            if index >= spots.count():
                break
            target = spots.nth(index).get_attribute("data-target")
            spots.nth(index).click()
            # the drawing is back from the server (the bot's moves change the version too)
            page.wait_for_selector(f"{MINE} .spot.recent[data-target='{target}']")
            page.wait_for_selector("#undo")
            again = page.locator(f"{MINE} .spot.again[data-target='{target}']")
            if again.count():
                drawn = _drawn(page)
                again.click()
                for _ in range(100):  # taken back, then drawn another way
                    if _drawn(page) != drawn and page.locator("#undo").count():
                        break
                    page.wait_for_timeout(100)
                return _drawn(page) != drawn and again.count() == 1
            page.click("#undo")
            page.wait_for_selector(f"{MINE} .spot.recent[data-target='{target}']", state="detached")
    return False
