"""axe-core (the npm package `make test` installs) finds no serious or critical
accessibility violation in the lobby, a room of each game, and the replay viewer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import needs_chromium, play_by_clicking, sit_down_against_a_bot

AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"
needs_axe = pytest.mark.skipif(not AXE.exists(), reason="make test installs axe-core")


def violations(page: Any) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations"
        ".filter(v => ['serious', 'critical'].includes(v.impact))"
        ".map(v => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map(n => n.target).join(' | ')}`))"
    )
    return list(found)


@needs_chromium
@needs_axe
@pytest.mark.parametrize(
    ("game", "expansions"),
    [
        ("railroad-ink", []),
        ("railroad-ink", ["underground"]),
        ("next-station-london", []),
        ("metro", []),
        ("metromania", []),
    ],
)
def test_rooms_have_no_serious_accessibility_violation(
    server: str, browser: Any, game: str, expansions: list[str]
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    sit_down_against_a_bot(page, server, game, expansions)
    page.wait_for_selector(".prompt")
    assert violations(page) == []


@needs_chromium
@needs_axe
def test_the_lobby_and_the_replay_viewer_have_no_serious_violation(
    server: str, browser: Any
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server)
    page.wait_for_selector("#game option", state="attached")
    assert violations(page) == []
    sit_down_against_a_bot(page, server, "metro")
    play_by_clicking(page, seed=5)
    page.click("text=Replay")
    page.wait_for_selector("#boards figure")
    assert violations(page) == []
