"""Web platform figures: no move lost, start-up time, and how much a busy room slows
another. Every server is `linecraft serve` in a child process on loopback.

    .venv/bin/python benchmarks/server.py [--runs 5] [--rooms 12] [--seconds 8]
        [--kills 3] [--stored 10000] [--latency-seconds 15] [--only drill,startup,latency]

- drill: `--runs` times, `--rooms` live rooms (Railroad Ink with a bot, London, Metro;
  half the people on WebSockets, half on HTTP) played at once for `--seconds`, the
  server SIGKILLed `--kills` times at random moments and restarted; after each kill and
  at the end the stored logs are audited against every acknowledged action.
- startup: `--stored` rooms written to a file (a third finished, the rest running),
  then the seconds from starting the server to its first answer, and the first view of
  a stored room (which loads it), 5 times each.
- latency: a person's action in a solo Railroad Ink room, timed alone, then while a room
  of one person and 11 greedy bots plays as fast as its person can.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import sqlite3
import statistics
import tempfile
import threading
import time
from pathlib import Path

import linecraft
from linecraft.bots import make_bot
from linecraft.core.records import make_record
from linecraft.server.drill import (
    Audit,
    Player,
    Served,
    audit,
    open_rooms,
    play_all,
    request,
    settle_in_flight,
)
from linecraft.server.store import RoomRow, SeatRow, Store
from linecraft.sim.stats import mean_interval, quantile_interval
from linecraft.sim.strength import play_out

# people who play as fast as the machine allows, at tables of up to 12 seats
AT_FULL_SPEED = ("--max-seats", "railroad-ink=12", "--actions-per-second", "10000")


def drill(args: argparse.Namespace, workdir: Path) -> None:
    print(f"drill: {args.runs} runs × {args.rooms} rooms × {args.seconds:g} s, "
          f"{args.kills} SIGKILLs each")  # fmt: skip
    total = Audit()
    rng = random.Random(0)
    for run in range(args.runs):
        db = workdir / f"drill-{run}.db"
        server = Served(db, workdir / f"drill-{run}.log", AT_FULL_SPEED)
        server.start()
        players = open_rooms(server.url, args.rooms, seed=run)
        results: list[Audit] = []
        try:
            for kill in range(args.kills + 1):
                stop = threading.Event()
                last = kill == args.kills
                seconds = args.seconds / (args.kills + 1)
                if not last:
                    delay = rng.uniform(0.3, seconds)
                    server.kill_after(delay, stop)
                play_all(players, seconds=seconds if last else 600, stop=stop)
                if last:
                    server.stop()
                results.append(audit(db, players))
                settle_in_flight(db, players)
                if not last:
                    server.start()
                    for player in players:
                        player.base = server.url
        finally:
            server.stop()
        final = results[-1]
        print(f"  run {run + 1}: {final}; after each kill: "
              + ", ".join("clean" if r.clean() else str(r) for r in results[:-1]))  # fmt: skip
        for field in ("acknowledged", "stored", "lost", "doubled", "out_of_order", "holes"):
            setattr(total, field, getattr(total, field) + getattr(final, field))
        total.errors += final.errors
    print(f"  all runs: {total}")


def populate(db: Path, count: int) -> list[str]:
    """`count` stored rooms made from real games: a third finished, the rest cut short."""
    store = Store(db)
    store.close()
    logs = []
    for seed in range(30):
        game = linecraft.load(["railroad-ink", "next-station-london", "metro"][seed % 3])
        bot = make_bot("random", seed)
        state = play_out(game.new_state(seed), dict.fromkeys(range(game.num_players), bot))
        logs.append((game, state))
    ids = []
    with sqlite3.connect(db) as conn:
        for index in range(count):
            game, state = logs[index % len(logs)]
            finished = index % 3 == 0
            events = state.history if finished else state.history[: len(state.history) // 2]
            room = secrets.token_urlsafe(6)
            ids.append(room)
            row = RoomRow(room, game.name, dict(game.options), None, f"2026-01-01T{index:06d}")
            conn.execute(
                "INSERT INTO rooms (id, game, options, created, status, events)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (row.id, row.game, json.dumps(row.options), row.created,
                 "finished" if finished else "running", len(events)),
            )  # fmt: skip
            players = range(game.num_players)
            seats = [SeatRow(p, f"p{p}", None, secrets.token_urlsafe(12)) for p in players]
            conn.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [(room, s.seat, s.name, s.bot, s.token) for s in seats],
            )
            conn.executemany(
                "INSERT INTO events VALUES (?, ?, ?, ?)",
                [(room, n, e.player, e.text) for n, e in enumerate(events)],
            )
            if finished:
                record = json.dumps(make_record(state))
                conn.execute("INSERT INTO records VALUES (?, ?)", (room, record))
    return ids


def startup(args: argparse.Namespace, workdir: Path) -> None:
    db = workdir / "stored.db"
    began = time.perf_counter()
    ids = populate(db, args.stored)
    size = db.stat().st_size / 2**20
    print(f"startup: {args.stored} stored rooms ({size:.0f} MiB, "
          f"written in {time.perf_counter() - began:.0f} s)")  # fmt: skip
    starts, firsts = [], []
    for attempt in range(5):
        server = Served(db, workdir / "startup.log")
        starts.append(server.start())
        room = ids[attempt * 7 + 1]  # a running room, loaded on its first view
        began = time.perf_counter()
        status, _ = request("GET", server.url, f"/api/rooms/{room}/view")
        firsts.append(time.perf_counter() - began)
        assert status == 200, status
        server.stop()
    print(f"  start to first answer: {mean_interval(starts)} s (95%), max {max(starts):.3f} s")
    print(f"  first view of a stored room: {mean_interval(firsts)} s (95%)")


def keep_busy(url: str, stop: threading.Event) -> None:
    """One person and 11 greedy bots, game after game, the person as fast as it can."""
    seats = [{"name": "Ann"}] + [{"name": f"b{i}", "bot": "greedy"} for i in range(11)]
    while not stop.is_set():
        _, created = request("POST", url, "/api/rooms", {"game": "railroad-ink", "seats": seats})
        token = created["seats"][0]["link"].split("token=")[1]
        person = Player(url, created["room"], 0, token, False, random.Random(1))
        person.play(time.monotonic() + 600, stop)


def latency(args: argparse.Namespace, workdir: Path) -> None:
    server = Served(workdir / "latency.db", workdir / "latency.log", AT_FULL_SPEED)
    server.start()
    try:
        figures = {}
        for label, busy in (("alone", False), ("beside 1 person + 11 bots", True)):
            stop = threading.Event()
            background: list[threading.Thread] = []
            if busy:
                background.append(threading.Thread(target=keep_busy, args=(server.url, stop)))
                background[0].start()
            samples: list[float] = []
            until = time.monotonic() + args.latency_seconds
            while time.monotonic() < until:
                _, created = request(
                    "POST", server.url, "/api/rooms",
                    {"game": "railroad-ink", "seats": [{"name": "Bo"}]},
                )  # fmt: skip
                token = created["seats"][0]["link"].split("token=")[1]
                solo = [Player(server.url, created["room"], 0, token, False, random.Random())]
                play_all(solo, seconds=min(3.0, until - time.monotonic()))
                samples += solo[0].latencies
            stop.set()
            for thread in background:
                thread.join()
            figures[label] = samples
            median, p95 = quantile_interval(samples, 0.5), quantile_interval(samples, 0.95)
            print(f"latency {label}: {len(samples)} actions, median {median}, p95 {p95}")
        alone, busy_samples = figures.values()
        added = (statistics.median(busy_samples) - statistics.median(alone)) * 1000
        print(f"  the busy room adds {added:.1f} ms to the median")
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rooms", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--stored", type=int, default=10_000)
    parser.add_argument("--latency-seconds", type=float, default=15.0)
    parser.add_argument("--only", default="drill,startup,latency")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        for part in args.only.split(","):
            {"drill": drill, "startup": startup, "latency": latency}[part](args, workdir)


if __name__ == "__main__":
    main()
