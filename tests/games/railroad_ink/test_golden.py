"""Golden records: whole recorded games replayed to identical score cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden_support import assert_replays_exactly

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_enough_golden_games() -> None:
    records = [json.loads(p.read_text()) for p in GOLDEN]
    assert len(records) >= 10
    assert len({r["options"]["players"] for r in records}) >= 4
    lava = [r for r in records if r["options"].get("expansions") == ["lava"]]
    assert len(lava) >= 5
    lava_actions = [e.get("action", "") for r in lava for e in r["events"]]
    assert any(a.startswith("volcano") for a in lava_actions)
    assert sum(1 for a in lava_actions if a[:2] in ("l1", "l2")) >= 30
    meteor = [r for r in records if "meteor" in r["options"].get("expansions", [])]
    assert len(meteor) >= 5
    meteor_actions = [e.get("action", "") for r in meteor for e in r["events"]]
    assert any(a.startswith("strike") for a in meteor_actions)
    assert any(a.startswith("ignore") for a in meteor_actions)
    under = [
        r for r in records
        if "underground" in r["options"].get("expansions", [])
        or r["options"].get("variant") == "underground-standalone"
    ]  # fmt: skip
    assert len(under) >= 5
    under_actions = [e.get("action", "") for r in under for e in r["events"]]
    assert any(a.startswith("double") for a in under_actions)
    assert sum(1 for a in under_actions if a[:1] == "u") >= 100
    specials = sum(1 for r in records for e in r["events"] if e.get("action", "").startswith("x"))
    undos = sum(1 for r in records for e in r["events"] if e.get("action") == "undo")
    assert specials >= 10 and undos >= 10


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_to_its_score_cards(path: Path) -> None:
    assert_replays_exactly(path)
