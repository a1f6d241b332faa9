"""Golden records: whole recorded games replayed to identical score cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden_support import assert_replays_exactly

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))
POWER_WORDS = ("joker", "switch", "double", "circle")


def test_the_golden_games_cover_solo_multiplayer_and_both_modules() -> None:
    records = [json.loads(p.read_text()) for p in GOLDEN]
    assert len(records) >= 10
    options = [r["options"] for r in records]
    assert {o["players"] for o in options} >= {1, 2, 3, 4, 5}
    assert any(o["objectives"] and o["powers"] for o in options if o["players"] == 1)
    assert any(not o["objectives"] and not o["powers"] for o in options)
    actions = [e["action"] for r in records for e in r["events"] if "action" in e]
    assert all(any(word in a for a in actions) for word in POWER_WORDS)
    assert any(
        e["chance"].startswith("objectives") for r in records for e in r["events"] if "chance" in e
    )


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_to_its_score_cards(path: Path) -> None:
    assert_replays_exactly(path)
