"""Rooms whose bots think and whose boards are drawn in worker processes play and show
exactly what rooms that do it all in the server's threads do."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import linecraft
from linecraft.core.i18n import language
from linecraft.server.offload import Offload
from linecraft.server.replays import boards
from linecraft.server.rooms import Room, Rooms
from linecraft.server.store import Store


def play_out(tmp: Path, processes: int, game: str, options: dict[str, object]) -> Room:
    """A room of bots at a fixed seed, played to its end."""
    rooms = Rooms(Store(tmp / f"rooms-{processes}.db"), offload=Offload(processes))
    try:
        players = linecraft.load(game, **options).num_players
        bots = ["greedy"] + ["random"] * (players - 1)
        seats = [{"name": f"bot {i}", "bot": bot} for i, bot in enumerate(bots)]
        room = rooms.create(game, options, seats, practice_seed=7)
        deadline = time.monotonic() + 120
        while not room.is_terminal():
            assert time.monotonic() < deadline, f"{game} did not end"
            time.sleep(0.01)
        with language("fr"):
            room.view(None)  # its boards drawn in the worker, in French
        return room
    finally:
        rooms.close()


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("railroad-ink", {"players": 2}),
        ("next-station-london", {"players": 2}),
        ("metro", {"players": 3}),
        ("metromania", {}),
    ],
)
def test_a_room_plays_alike_with_its_work_in_worker_processes(
    tmp_path: Path, game: str, options: dict[str, object]
) -> None:
    inline, spread = (play_out(tmp_path, n, game, options) for n in (0, 1))
    assert [(e.player, e.text) for e in spread.state.history] == [
        (e.player, e.text) for e in inline.state.history
    ]
    with language("fr"):
        french = spread.view(None)["boards"]
        assert french == boards(inline.state)
    assert french != boards(inline.state)  # the drawings carry their reader's words
