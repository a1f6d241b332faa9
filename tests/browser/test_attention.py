"""Your turn, told when you look elsewhere: the tab's title and icon, and a browser
notification once it is switched on (one click, remembered)."""

from __future__ import annotations

import random
from typing import Any

import httpx

from tests.browser.conftest import Clicks, needs_chromium, take_a_step, version

# Headless Chromium shows every tab in front; this makes one tab say it is behind
# others (as a person's tab is while they look elsewhere) and notes each notification
# the page raises, which the real Notification still shows.
IN_THE_BACKGROUND = """
Object.defineProperty(document, "hidden", { get: () => window.behind === true });
const Shown = window.Notification;
window.raised = [];
window.Notification = class extends Shown {
  constructor(title, options) { super(title, options); window.raised.push([title, options.body]); }
};
"""


def title_and_icon(page: Any) -> tuple[str, str]:
    return page.title(), str(page.get_attribute("#favicon", "href"))


def play_one_move(page: Any) -> None:
    """Click until the game has moved on from this seat's turn."""
    rng, clicks = random.Random(1), Clicks()
    while page.inner_text(".turn-flag") == "● Your turn":
        before = version(page)
        if take_a_step(page, rng, clicks, before):
            page.wait_for_function(
                f"document.querySelector('main.room').dataset.version !== '{before}'"
                " || document.querySelector('#confirm, .choices')"
            )


@needs_chromium
def test_the_title_icon_and_a_notification_say_whose_turn_it_is(server: str, browser: Any) -> None:
    with httpx.Client(base_url=server) as api:
        seats = [{"name": "Ann"}, {"name": "Ben"}]
        created = api.post("/api/rooms", json={"game": "metro", "seats": seats}).json()
    links = [server + s["link"] for s in created["seats"]]
    ann_side = browser.new_context(permissions=["notifications"])
    ann_side.add_init_script(IN_THE_BACKGROUND)
    ann, ben = ann_side.new_page(), browser.new_page()
    ann.goto(links[0])
    ben.goto(links[1])
    for page in (ann, ben):
        page.wait_for_selector(".board")
    assert title_and_icon(ann) == ("● Your turn — Metro — Linecraft", "/static/icon-turn.svg")
    assert title_and_icon(ben) == ("Metro — Linecraft", "/static/icon.svg")

    ann.click("#notify")  # off by default; one click asks the browser, then it is on
    ann.wait_for_selector("#notify[aria-pressed=true]:has-text('Notifying: on')")
    ann.reload()
    ann.wait_for_selector("#notify[aria-pressed=true]")  # remembered
    assert ben.get_attribute("#notify", "aria-pressed") == "false"

    play_one_move(ann)
    ann.wait_for_function("!document.title.startsWith('●')")
    assert title_and_icon(ann) == ("Metro — Linecraft", "/static/icon.svg")
    ben.wait_for_function("document.title.startsWith('● Your turn')")
    assert ann.evaluate("window.raised") == []
    ann.evaluate("window.behind = true")  # Ann looks at another tab while Ben plays
    play_one_move(ben)
    ann.wait_for_function("window.raised.length === 1")
    assert ann.evaluate("window.raised") == [["Your turn", "Metro"]]
    assert title_and_icon(ann) == ("● Your turn — Metro — Linecraft", "/static/icon-turn.svg")
    assert ben.evaluate("typeof window.raised") == "undefined"  # Ben never switched it on
    ann_side.close()
