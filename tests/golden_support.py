"""Golden records shared by every game: play them (by hand, when a rules change is
intended) and replay them in the tests to identical score cards and winners."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import linecraft
from linecraft.bots import make_bot
from linecraft.core import LinecraftError, make_record, replay

STAMP = "2026-11-21T00:00:00+00:00"


def play_golden(
    name: str, options: Mapping[str, Any], bots: Sequence[str], seed: int, undo_rate: float = 0.0
) -> dict[str, Any]:
    """A whole game by seeded bots; with `undo_rate`, some actions are taken back and redone."""
    state = linecraft.load(name, **options).new_state(seed)
    players = [make_bot(bot, seed + seat) for seat, bot in enumerate(bots)]
    whims = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        for seat in state.to_act():
            action = players[seat].choose(state, seat)
            state.apply(seat, action)
            if state.game.has_undo and str(action) != "end" and whims.random() < undo_rate:
                try:
                    state.undo(seat)  # the rules allow it only within a turn or round
                except LinecraftError:
                    continue
                state.apply(seat, action)
    return make_record(state, players=[f"{bot} bot" for bot in bots], start=STAMP, end=STAMP)


def write_golden(
    folder: Path,
    name: str,
    games: Sequence[tuple[str, dict[str, Any], list[str], int]],
    undo_rate: float = 0.0,
) -> None:
    """Write `folder/LABEL.json` for each (label, options, bots, seed)."""
    for label, options, bots, seed in games:
        path = folder / f"{label}.json"
        record = play_golden(name, options, bots, seed, undo_rate)
        path.write_text(json.dumps(record, indent=1) + "\n")
        print(path)


def assert_replays_exactly(path: Path) -> dict[str, Any]:
    """Replay a golden record; its score cards and winners must come out identical."""
    record: dict[str, Any] = json.loads(path.read_text())
    state = replay(record)  # raises when the stored score cards differ
    assert state.is_terminal()
    assert {str(p): dict(c) for p, c in state.scores().items()} == record["scores"]
    assert state.winners() == record["result"]["winners"]
    return record
