"""Metro's modules in the real browser: a central car is put on the central station by
clicking its track on the board (after picking the share it reveals, with companies),
confirmed in words and shown on the board and in the log; exchanges fold under one
button with pictures of the cards. Screenshots at desktop and phone size are kept in
`test-artifacts/`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, needs_chromium, open_lobby, version

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
POSITIONS = [f"C{n}" for n in range(1, 9)]
SCREENS = [("desktop", DESKTOP), ("phone", PHONE)]

# The middle of a central spot (a triangle, whose box's middle lies on its edge), in
# the page's coordinates, for the mouse to click where a player would tap.
MIDDLE_OF = """(target) => {
  const spot = document.querySelector(`.board.mine .spot[data-target='${target}']`);
  const points = spot.points;
  let x = 0, y = 0;
  const n = points.numberOfItems;
  for (let i = 0; i < n; i++) { x += points.getItem(i).x; y += points.getItem(i).y; }
  const on = new DOMPoint(x / n, y / n).matrixTransform(spot.getScreenCTM());
  return [on.x, on.y];
}"""

# The cars drawn inside a central spot: filled (a car) or dashed (a free slot).
CARS_IN = """(target) => {
  const spot = document.querySelector(`.board.mine .spot[data-target='${target}']`);
  return [...spot.ownerSVGElement.querySelectorAll("rect[width='12']")].filter((car) => {
    const box = car.getBBox();
    return spot.isPointInFill(new DOMPoint(box.x + box.width / 2, box.y + box.height / 2));
  }).map((car) => car.getAttribute("fill"));
}"""


def sit_down_with_modules(page: Any, server: str, modules: Sequence[int]) -> None:
    """From the lobby: Metro with these modules ticked, against the default bot."""
    open_lobby(page, server)
    page.select_option("#game", "metro")
    for module in modules:
        page.check(f"[data-option=modules][value='{module}']")
    page.click("#start")
    page.click("a.seat-link")
    page.wait_for_selector(".board.mine .spot.target")


def glowing(page: Any) -> set[str]:
    spots = page.query_selector_all(".board.mine .spot.target")
    return {str(spot.get_attribute("data-target")) for spot in spots}


def tap(page: Any, target: str) -> None:
    page.locator(f".board.mine .spot[data-target='{target}']").scroll_into_view_if_needed()
    page.mouse.click(*page.evaluate(MIDDLE_OF, target))


def smallest_central_spot(page: Any) -> float:
    return float(
        page.evaluate(
            "Math.min(...[...document.querySelectorAll('.board.mine polygon.spot.target')]"
            ".map(s => { const r = s.getBoundingClientRect();"
            " return Math.min(r.width, r.height); }))"
        )
    )


@needs_chromium
@pytest.mark.parametrize(("screen", "viewport"), SCREENS, ids=[s[0] for s in SCREENS])
def test_a_share_card_reveals_a_central_car_placed_on_the_board(
    server: str, browser: Any, screen: str, viewport: dict[str, int]
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport=viewport)
    sit_down_with_modules(page, server, [1, 2])
    controls = page.inner_text(".controls")
    assert "central" not in controls.lower()  # central cars are played on the board now
    shares = page.locator(".hand-row.scarce button.piece")
    assert shares.count() == 4  # the four shares dealt, each a card with its words
    names = [shares.nth(n).locator(".piece-name").inner_text() for n in range(shares.count())]
    assert all(name.endswith("% share") for name in names), names
    assert page.locator(".hand-row.scarce svg rect").count() >= 4
    assert not page.query_selector(".hand-row.scarce .picked")  # never picked by itself
    assert not glowing(page) & set(POSITIONS)  # a tile in hand: the centre waits
    shares.last.click()
    page.wait_for_selector(".board.mine polygon.spot.target")
    assert glowing(page) == set(POSITIONS)  # a share picked: only the central tracks
    if screen == "phone":
        assert smallest_central_spot(page) >= 32  # a fingertip
    page.screenshot(path=str(ARTIFACTS / f"metro-central-{screen}-share.png"), full_page=True)
    share = names[-1].removesuffix(" share")  # e.g. "Blue 40%"
    company, percentage = share.split()
    assert page.evaluate(CARS_IN, "C5") == ["none"]  # a free slot, dashed
    before = version(page)
    tap(page, "C5")
    page.wait_for_selector("#confirm")
    asked = page.inner_text(".pending-box")
    assert f"Reveal your {percentage} share of {company} and put its car on" in asked
    assert "the central station's bottom-left track?" in asked
    assert page.locator(".board.mine .spot.pending[data-target='C5']").count() == 1
    page.wait_for_timeout(300)
    assert version(page) == before  # shown, not played
    page.screenshot(path=str(ARTIFACTS / f"metro-central-{screen}-confirm.png"), full_page=True)
    page.click("#confirm")
    page.wait_for_selector(".board.mine .spot.recent[data-target='C5']")
    told = f"revealed a {percentage} share of {company} and put the {company} central car on "
    page.wait_for_selector(f".log li:has-text('{told}the central station')")
    cars = page.evaluate(CARS_IN, "C5")
    assert len(cars) == 1 and cars[0] != "none"  # the company's car stands there now
    assert "C5" not in glowing(page)
    page.wait_for_selector(".prompt:has-text('Place your tile')")  # the bot has moved
    page.screenshot(path=str(ARTIFACTS / f"metro-central-{screen}-placed.png"), full_page=True)


@needs_chromium
def test_without_companies_the_central_car_glows_beside_the_tile_squares(
    server: str, browser: Any
) -> None:
    page = browser.new_page(viewport=PHONE)
    sit_down_with_modules(page, server, [2])
    assert not page.query_selector(".hand-row.scarce")  # no shares: the hand is tiles
    lit = glowing(page)
    assert set(POSITIONS) <= lit and lit - set(POSITIONS)  # the centre and the squares
    assert smallest_central_spot(page) >= 32
    tap(page, "C8")
    page.wait_for_selector("#confirm")
    asked = page.inner_text(".pending-box")
    assert "Put your central car on the central station's right-upper track?" in asked
    page.click("#confirm")
    page.wait_for_selector(".log li:has-text('put the Yellow central car on')")
    page.wait_for_selector(".prompt:has-text('Place your tile')")
    assert not glowing(page) & set(POSITIONS)  # one central car each
    page.screenshot(path=str(ARTIFACTS / "metro-central-phone-no-companies.png"), full_page=True)


@needs_chromium
def test_exchanges_fold_under_one_button_with_pictures_of_the_cards(
    server: str, browser: Any
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    sit_down_with_modules(page, server, [1, 2])
    group = page.locator(".controls details.control-group")
    assert group.count() == 1 and group.locator("summary").inner_text() == "Exchange a share"
    group.locator("summary").click()
    buttons = group.locator("button.control")
    assert buttons.count() >= 4  # the top of each stack, and the open shares
    for n in range(buttons.count()):
        assert buttons.nth(n).locator(".picture svg rect").count() >= 2  # two cards
        assert str(buttons.nth(n).get_attribute("title")).startswith("Swap your ")
    page.screenshot(path=str(ARTIFACTS / "metro-exchanges-desktop.png"), full_page=True)
    label = str(buttons.first.get_attribute("title"))
    buttons.first.click()
    page.wait_for_selector(".log li:has-text('Player returned the ')")
    assert label.split(" for ")[0].removeprefix("Swap your ") in page.inner_text(".log")
