"""Rooms whose bots think and whose boards are drawn in worker processes play and show
exactly what rooms that do it all in the server's threads do, and the workers never
outlive their server."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import linecraft
from linecraft.core.i18n import language
from linecraft.server.drill import Served, request
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


def living_descendants(pid: int) -> set[int]:
    """The processes below `pid` that have not ended (a zombie has ended)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if fields[0] not in "ZX":
            parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found |= frontier
    return found


def still_running(pids: set[int]) -> set[int]:
    def running(pid: int) -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in "ZX"
        except OSError:
            return False

    return {pid for pid in pids if running(pid)}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_server_killed_outright_leaves_no_worker_process_behind(tmp_path: Path) -> None:
    server = Served(tmp_path / "rooms.db", tmp_path / "serve.log", ("--processes", "1"))
    server.start()
    try:
        seats = [{"name": "Ann"}, {"name": "Bo", "bot": "greedy"}]
        status, made = request("POST", server.url, "/api/rooms", {"game": "metro", "seats": seats})
        assert status == 200, made
        request("GET", server.url, f"/api/rooms/{made['room']}/view")  # its table drawn
        deadline = time.monotonic() + 60
        while len(workers := living_descendants(server.pid)) < 3:  # the fork server, two
            assert time.monotonic() < deadline, "no worker processes started"
            time.sleep(0.1)
    finally:
        server.kill()
    deadline = time.monotonic() + 30
    while still_running(workers):
        assert time.monotonic() < deadline, f"left running: {still_running(workers)}"
        time.sleep(0.2)
