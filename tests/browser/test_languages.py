"""A player who reads Czech: the switcher, then a whole Railroad Ink round by clicking,
and not one English word on the page; the choice is remembered."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from linecraft.core.i18n import PACKAGE
from tests.browser.conftest import ARTIFACTS, needs_chromium, version

WORD = re.compile(r"[A-Za-zÀ-ž]{4,}")


def words_of(path: Path, *, translated: bool) -> set[str]:
    """The words of a catalog's English messages (or of its translations)."""
    found: set[str] = set()
    with path.open("rb") as po:
        for message in read_po(po):
            texts = message.string if translated else message.id
            for text in texts if isinstance(texts, tuple) else (texts,):
                # placeholders and markup are not words a reader sees
                plain = re.sub(r"\{[^{}]*\}|<[^<>]*>", " ", str(text or ""))
                found |= {w.lower() for w in WORD.findall(plain)}
    return found


def english_only_words() -> set[str]:
    """Words of the English messages the room can show that no Czech message uses
    (names such as Linecraft or Railroad Ink are the same in both)."""
    domains = [
        (PACKAGE / "locale", "client"),
        (PACKAGE / "locale", "linecraft"),
        (PACKAGE / "games" / "railroad_ink" / "locale", "railroad_ink"),
    ]
    english: set[str] = set()
    czech: set[str] = set()
    for folder, domain in domains:
        english |= words_of(folder / f"{domain}.pot", translated=False)
        czech |= words_of(folder / "cs" / "LC_MESSAGES" / f"{domain}.po", translated=True)
    return english - czech


@needs_chromium
def test_a_railroad_ink_round_in_czech_leaves_no_english(server: str, browser: Any) -> None:
    page = browser.new_page(locale="en-GB")  # the browser asks for English…
    page.goto(server)
    page.wait_for_selector(".card")
    with page.expect_navigation():
        page.select_option("#language", "cs")  # …the player chooses Czech
    page.wait_for_selector("html[lang=cs] .card")
    page.click(".card[data-game=railroad-ink] button.solo")
    page.wait_for_selector(".board.mine")
    while page.query_selector(".guide"):
        page.click("#guide-next")
    for _ in range(12):  # the round's four dice, picking another when one fits nowhere
        spots = page.locator(".board.mine .spot.target")
        if spots.count():
            before = version(page)
            spots.first.click()
            page.wait_for_function(
                f"document.querySelector('main.room').dataset.version !== '{before}'"
            )
        elif page.locator(".hand .hand-row:not(.scarce) button.piece:not(.picked)").count():
            page.locator(".hand .hand-row:not(.scarce) button.piece:not(.picked)").first.click()
        else:
            break
    page.screenshot(path=str(ARTIFACTS / "czech-round-1.png"), full_page=True)
    before = version(page)
    page.click(".controls button.control[data-action=end]")
    page.wait_for_function(f"document.querySelector('main.room').dataset.version !== '{before}'")
    page.wait_for_selector(".log li >> nth=6")  # the roll of round 2 is told
    page.screenshot(path=str(ARTIFACTS / "czech-round-2.png"), full_page=True)
    shown = page.evaluate(
        """() => [document.title, document.body.innerText,
                  ...[...document.querySelectorAll('[title],[aria-label],[placeholder]')]
                     .filter((e) => !e.closest('details.expert'))  // notation is not words
                     .flatMap((e) => [e.title, e.getAttribute('aria-label'), e.placeholder])]
                 .filter(Boolean).join(' ')"""
    )
    english = english_only_words()
    left = sorted({w for w in WORD.findall(shown) if w.lower() in english})
    assert not left, f"English words on the Czech page: {left}"
    page.goto(server)  # the choice is remembered
    assert page.get_attribute("html", "lang") == "cs"
