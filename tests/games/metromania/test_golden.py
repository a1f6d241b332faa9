"""Golden records: whole recorded games replayed to identical score cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden_support import assert_replays_exactly

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_the_golden_games_cover_every_mode_and_variant() -> None:
    records = [json.loads(p.read_text()) for p in GOLDEN]
    assert len(records) >= 10
    options = [r["options"] for r in records]
    assert {o["players"] for o in options} == {2, 3, 4}
    assert {o["two_player_mode"] for o in options if o["players"] == 2} == {
        "two-companies", "six-destinations",
    }  # fmt: skip
    assert any(o["open_destinations"] for o in options)
    assert any(o["strict_municipality"] for o in options)
    assert any(o["gates"] == "alternating" for o in options)
    actions = [e["action"] for r in records for e in r["events"] if "action" in e]
    assert "undo" in actions and any(a.startswith("double") for a in actions)
    assert any("=" in a for a in actions) and any("*" in a for a in actions)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_to_its_score_cards(path: Path) -> None:
    assert_replays_exactly(path)
