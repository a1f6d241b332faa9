"""Metromania in the real browser: a person digs a tunnel by clicking the space (the
triangle) it runs through, then, where two corners fit, the corner it leads to; a
destination marker is chosen by a button with its picture and name; no button ever shows
the step notation. On a phone the city fills the width and every glowing spot is
measured."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tests.browser.conftest import ARTIFACTS, needs_chromium, playwright, version

# Step notation and engine words: vertices, spaces, gates, lines, marker codes.
NOTATION = re.compile(r"-?\d+,-?\d+|\b[UD]-?\d|\bG\d\.\d|\bL[12]\b|\b[A-F][HWF]\b|[@>=*]")
MARKER_BUTTON = re.compile(
    r"^Place destination ([A-F]) \((Monday|Tuesday|Wednesday|Thursday|Friday|Saturday) "
    r"trip, (House|Work|Fun)\), tunnel to the (right|upper right|upper left|left|lower left|"
    r"lower right)$"
)
SIX_DESTINATIONS = {"players": 2, "two_player_mode": "six-destinations"}
SEED = 5  # a practice room: the layout, the deal and the bot follow this seed
SPACE, GATE = re.compile(r"^[UD]-?\d+,-?\d+$"), re.compile(r"^G\d\.\d$")
FINGERTIP = 32  # CSS px, the smaller side of every tap target on a phone
# The whole city, gates included, is 11.4 spaces wide: on a 390 px phone a space is
# 32 px wide and 28 px tall (a triangle is 0.87 times as tall as wide). Five spaces
# glow around a line's tip, inside a hexagon one space across, so no drawing of the
# whole city gives each 32 px both ways; see the expected failure below.

# Where each glowing space, each free Spot and each marked corner lies in the drawing:
# the spots are drawn over the districts with the same points, and a Spot that holds no
# marker yet shows its small sign (House, Work, Fun).
BOARD_JS = """() => {
  const svg = document.querySelector('.board.mine svg');
  const centre = (el) => {
    const b = el.getBBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const spots = [...svg.querySelectorAll('text')]
    .filter((t) => t.getAttribute('font-size') === '11').map((t) => centre(t));
  const of = (selector) => [...svg.querySelectorAll(selector)]
    .map((s) => ({ target: s.dataset.target, at: centre(s) }));
  return { spots, glowing: of('.spot.target'), corners: of('.spot.origin') };
}"""


@dataclass
class Seen:
    """What the person was asked on the way, and what the buttons said."""

    corners: int = 0
    markers: list[str] = field(default_factory=list)
    buttons: list[str] = field(default_factory=list)
    digs: int = 0


def practice_room(page: Any, server: str) -> None:
    """A two-player room with six destinations each, against the greedy bot, where chance
    follows a seed; the person's seat."""
    answer = page.request.post(
        f"{server}/api/rooms",
        data={
            "game": "metromania",
            "options": SIX_DESTINATIONS,
            "seats": [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}],
            "practice": True,
            "seed": SEED,
        },
    )
    page.goto(server + answer.json()["seats"][0]["link"])
    page.wait_for_selector(".board.mine")


def my_turn(page: Any) -> bool:
    page.wait_for_function(
        "document.querySelector('.turn-flag') && (document.querySelector('.turn-flag')"
        ".textContent !== '' || document.querySelector('#final-scores'))",
        timeout=20_000,
    )
    return page.inner_text(".turn-flag") == "● Your turn"


def nearest(points: list[list[float]], towards: list[list[float]]) -> int:
    """The index of the point nearest to any of `towards` (the first when none is left)."""
    if not towards:
        return 0
    return min(
        range(len(points)),
        key=lambda i: min((points[i][0] - x) ** 2 + (points[i][1] - y) ** 2 for x, y in towards),
    )


def wait_for_change(page: Any, before: int) -> None:
    page.wait_for_function(
        f"document.querySelector('main.room').dataset.version !== '{before}'"
        " || document.querySelector('.choices')",
        timeout=20_000,
    )


def choose_on_the_board(page: Any, seen: Seen, spots: list[list[float]]) -> None:
    """The corner the tunnel leads to, marked on the board: the one nearest a free Spot."""
    board = page.evaluate(BOARD_JS)
    corners = board["corners"]
    assert corners and page.inner_text(".choices").startswith("Click the marked corner")
    pick = corners[nearest([c["at"] for c in corners], spots)]["target"]
    before = version(page)
    page.locator(f".board.mine .spot.origin[data-target='{pick}']").click()
    page.wait_for_function(f"document.querySelector('main.room').dataset.version !== '{before}'")
    seen.corners += 1


def choose_a_marker(page: Any, seen: Seen) -> None:
    """Destination markers as buttons: each with the marker's picture and its name."""
    buttons = page.locator(".choices button.choice")
    labels = [buttons.nth(i).locator("span").last.inner_text() for i in range(buttons.count())]
    letters = []
    for i, label in enumerate(labels):
        named = MARKER_BUTTON.match(label)
        assert named, label
        letters.append(named[1])
        picture = buttons.nth(i).locator(".picture svg")
        assert picture.count() == 1 and picture.locator("text").text_content() == named[1]
    page.screenshot(path=str(ARTIFACTS / "metromania-marker-choice.png"), full_page=True)
    letter = letters[0]
    before = version(page)
    buttons.first.click()
    page.wait_for_function(f"document.querySelector('main.room').dataset.version !== '{before}'")
    page.wait_for_selector(f".log li:has-text('placed destination {letter} there')")
    seen.markers.append(labels[0])


def dig_towards_a_spot(page: Any, seen: Seen) -> None:
    """One step of the person's turn: a glowing space nearest a free Spot (a gate when no
    space glows), then whatever the board or the buttons ask."""
    board = page.evaluate(BOARD_JS)
    spaces = [g for g in board["glowing"] if SPACE.match(g["target"])]
    gates = [g for g in board["glowing"] if GATE.match(g["target"])]
    if not spaces and not gates:  # only Spot tunnels were left and none fits: pass
        page.locator(".controls button.control:not([disabled])").first.click()
        return
    choices = spaces or gates
    target = choices[nearest([c["at"] for c in choices], board["spots"])]["target"]
    before = version(page)
    page.locator(f".board.mine .spot.target[data-target='{target}']").click()
    wait_for_change(page, before)
    seen.digs += 1
    if page.locator(".choices").count():
        texts = page.locator(".choices button").all_inner_texts()
        seen.buttons += texts
        assert not [t for t in texts if NOTATION.search(t)], texts
        if page.locator(".choices button.choice").count():
            choose_a_marker(page, seen)
        else:
            choose_on_the_board(page, seen, board["spots"])


@needs_chromium
def test_a_tunnel_is_dug_by_its_space_and_corner_and_a_marker_chosen_by_its_picture(
    server: str, browser: Any
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    practice_room(page, server)
    seen = Seen()
    for _ in range(200):
        if seen.markers and seen.corners:
            break
        if page.query_selector("#final-scores"):
            break
        if not my_turn(page) or not page.locator(".board.mine .spot.target").count():
            page.wait_for_timeout(100)
            continue
        try:
            dig_towards_a_spot(page, seen)
        except playwright.Error:  # the bot moved and the page was redrawn under the click
            continue
        if seen.corners == 1 and not seen.markers:
            page.screenshot(path=str(ARTIFACTS / "metromania-dug.png"), full_page=True)
    assert seen.corners, "no space left two corners to choose from"
    assert seen.markers, f"no Spot was reached with a choice of markers ({seen.digs} tunnels)"
    assert seen.buttons and not [b for b in seen.buttons if NOTATION.search(b)]
    assert "placed destination" in page.inner_text(".log")


def measure(page: Any, selector: str) -> list[tuple[str, float, float]]:
    """Each spot's target and the width and height it takes on the screen, in CSS px."""
    return [
        (str(t), float(w), float(h))
        for t, w, h in page.evaluate(
            f"[...document.querySelectorAll('.board.mine {selector}')].map(s => {{"
            " const r = s.getBoundingClientRect(); return [s.dataset.target, r.width, r.height]; })"
        )
    ]


def phone_game(page: Any, server: str) -> dict[str, list[tuple[str, float, float]]]:
    """The first steps on a phone, measuring what glows at each: the white gates, the
    corners a gate leads to, the spaces around the tip, the corners a space leads to."""
    practice_room(page, server)
    page.wait_for_selector(".board.mine .spot.target")
    sizes = {"gates": measure(page, ".spot.target")}
    page.locator(".board.mine .spot.target").first.click()
    page.wait_for_selector(".board.mine .spot.origin")
    sizes["corners"] = measure(page, ".spot.origin")
    page.locator(".board.mine .spot.origin").first.click()
    page.wait_for_selector(
        ".board.mine polygon.spot.target[data-target^='U'], "
        ".board.mine polygon.spot.target[data-target^='D']"
    )
    sizes["spaces"] = [s for s in measure(page, ".spot.target") if SPACE.match(s[0])]
    return sizes


@needs_chromium
def test_on_a_phone_the_city_fills_the_width_and_every_glowing_spot_is_measured(
    server: str, browser: Any
) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    sizes = phone_game(page, server)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "phone-metromania.png"), full_page=True)
    for space in page.locator(".board.mine .spot.target").all():
        if SPACE.match(space.get_attribute("data-target") or ""):
            space.click()
            break
    page.wait_for_selector(".board.mine .spot.origin")
    sizes["corners"] += measure(page, ".spot.origin")
    page.screenshot(path=str(ARTIFACTS / "phone-metromania-corners.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    assert all(sizes.values()), sizes
    for kind, spots in sizes.items():  # the city scrolls inside its frame a little
        assert min(min(w, h) for _, w, h in spots) >= FINGERTIP, (kind, spots)
