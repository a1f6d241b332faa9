"""Golden records: whole recorded games replayed to identical score cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden_support import assert_replays_exactly

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_the_golden_games_cover_every_player_count_and_module() -> None:
    records = [json.loads(p.read_text()) for p in GOLDEN]
    assert len(records) >= 10
    assert {r["options"]["players"] for r in records} == {2, 3, 4, 5, 6}
    assert {m for r in records for m in r["options"]["modules"]} == {1, 2, 3, 4}
    actions = {e["action"].split()[0] for r in records for e in r["events"] if "action" in e}
    assert {"place", "draw", "exchange", "central"} <= actions


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_to_its_score_cards(path: Path) -> None:
    assert_replays_exactly(path)
