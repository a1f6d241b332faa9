"""Load: many busy rooms on one `linecraft serve`, on loopback only.

    .venv/bin/python benchmarks/load.py [--rooms 50] [--spectators 2] [--seconds 120]
        [--pause 0.5 2.0] [--watchers 0] [--tables all] [--serve-option=--processes=0 …]

Each room is a table of two people who play legal moves over WebSockets with a pause of
`--pause` seconds (uniform) before each, bots where the table has them, and
`--spectators` more sockets watching; when its game ends, the table starts a new room
of the same kind. `--watchers 1000` puts that many more spectators on the first room,
to see what a crowd costs its players. Spectators only count what they receive, so the
load generator takes little of the machine it shares with the server. Printed: actions
acknowledged per second, the action latency (sending a move to its acknowledgement)
median and p95 with 95% intervals and the p95 of each kind of table, refusals (a move
legal in the view the person held, refused by the time it arrived), errors (an error
message, an HTTP error or a timeout), and dropped sockets (closed by the server, or
failing, before the end).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from linecraft.server.drill import merge, served
from linecraft.sim.stats import quantile_interval

# (game, options, seats: None for a person, else a bot); two people at every table
TABLES: dict[str, tuple[str, dict[str, Any], list[str | None]]] = {
    "railroad-ink": ("railroad-ink", {}, [None, None, "greedy"]),
    "london": ("next-station-london", {}, [None, None]),
    "metro": ("metro", {"players": 4}, [None, None, "greedy", "greedy"]),
    "metromania": ("metromania", {}, [None, None]),
}


@dataclass
class Tally:
    """Everything every client saw."""

    latencies: list[float] = field(default_factory=list)
    by_table: dict[str, list[float]] = field(default_factory=dict)
    refused: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    dropped: int = 0
    games: int = 0
    rooms: int = 0
    received: int = 0  # bytes


class Socket:
    """One WebSocket's view of its room, kept up to date by a reader task; answers to
    this socket's own actions (acknowledgements and errors) queue up for its person."""

    def __init__(self, ws: ClientConnection, tally: Tally) -> None:
        self.ws, self.tally = ws, tally
        self.view: dict[str, Any] | None = None
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.changed = asyncio.Event()
        self.leaving = False  # closed by this side: the game is over, or time is up

    async def read(self, until: float, *, follow: bool = True) -> None:
        """Take every message; `follow=False` (a crowd's spectator) only counts them, so
        the load generator, on the same machine, spends little on each."""
        try:
            async for text in self.ws:
                self.tally.received += len(text)
                if not follow:
                    continue
                message = json.loads(text)
                if "error" in message:
                    await self.answers.put(message)
                    continue
                self.view = merge(self.view, message)
                if "accepted" in message:
                    await self.answers.put(message)
                self.changed.set()
        except WebSocketException:
            pass
        if not self.leaving and time.monotonic() < until:  # closed by the server, or failed
            self.tally.dropped += 1
        self.changed.set()


async def person(
    socket: Socket, kind: str, rng: random.Random, pause: tuple[float, float], until: float
) -> None:
    """Legal moves with a pause before each, until the game ends or time is up."""
    while time.monotonic() < until and socket.view is not None and not socket.view["terminal"]:
        legal = [a for a in socket.view["legal"] if a != "undo"]
        if not legal:
            socket.changed.clear()
            try:
                await asyncio.wait_for(socket.changed.wait(), until - time.monotonic())
            except TimeoutError:
                return
            continue
        await asyncio.sleep(rng.uniform(*pause))
        legal = [a for a in socket.view["legal"] if a != "undo"]
        if not legal or time.monotonic() >= until:
            continue
        began = time.perf_counter()
        await socket.ws.send(json.dumps({"action": rng.choice(legal)}))
        try:
            answer = await asyncio.wait_for(socket.answers.get(), 30)
        except TimeoutError:
            socket.tally.errors["no answer in 30 s"] += 1
            return
        if "error" in answer:
            socket.tally.refused[answer["error"][:60]] += 1
        else:
            took = time.perf_counter() - began
            socket.tally.latencies.append(took)
            socket.tally.by_table.setdefault(kind, []).append(took)


async def table(
    base: str, kind: str, spectators: int, args: argparse.Namespace, rng: random.Random
) -> None:
    """Rooms of one kind, one after the other, until the end."""
    game, options, kinds = TABLES[kind]
    until = time.monotonic() + args.seconds
    async with httpx.AsyncClient(base_url=base, timeout=60) as api:
        while time.monotonic() < until:
            seats = [{"name": f"p{i}", "bot": bot} for i, bot in enumerate(kinds)]
            body = {"game": game, "options": options, "seats": seats}
            created = await api.post("/api/rooms", json=body)
            if created.status_code != 200:
                args.tally.errors[f"HTTP {created.status_code} creating a room"] += 1
                await asyncio.sleep(1)
                continue
            args.tally.rooms += 1
            room = created.json()
            tokens = [s["link"].split("token=")[1] for s in room["seats"] if s["link"]]
            ws_base = base.replace("http", "ws", 1) + f"/ws/{room['room']}"
            urls = [f"{ws_base}?token={t}" for t in tokens] + [ws_base] * spectators
            await play_room(urls, kind, len(tokens), rng, args, until)


async def play_room(
    urls: list[str],
    kind: str,
    people: int,
    rng: random.Random,
    args: argparse.Namespace,
    until: float,
) -> None:
    tally: Tally = args.tally
    sockets: list[Socket] = []
    readers: list[asyncio.Task[None]] = []
    try:
        for url in urls:
            ws = await connect(url, max_size=None, open_timeout=60, ping_interval=None)
            sockets.append(Socket(ws, tally))
            follow = len(sockets) <= people  # spectators only count what they receive
            readers.append(asyncio.create_task(sockets[-1].read(until, follow=follow)))
        for socket in sockets[:people]:
            while socket.view is None and not readers[sockets.index(socket)].done():
                await asyncio.wait_for(socket.changed.wait(), 60)
        await asyncio.gather(
            *(
                person(s, kind, random.Random(rng.random()), args.pause, until)
                for s in sockets[:people]
            )
        )
        if all(s.view and s.view["terminal"] for s in sockets[:people]):
            tally.games += 1
    except (OSError, TimeoutError, WebSocketException) as exc:
        tally.errors[f"{type(exc).__name__}: {str(exc)[:60]}"] += 1
    finally:
        for socket in sockets:
            socket.leaving = True
            await socket.ws.close()
        for reader in readers:
            await reader


async def watch_crowd(base: str, watchers: int, args: argparse.Namespace) -> None:
    """Many spectators on the first room the tables created."""
    until = time.monotonic() + args.seconds
    async with httpx.AsyncClient(base_url=base) as api:
        while not (rooms := (await api.get("/api/rooms")).json()["rooms"]):
            await asyncio.sleep(0.1)
    url = base.replace("http", "ws", 1) + f"/ws/{rooms[-1]['room']}"
    sockets = []
    for _ in range(watchers):
        ws = await connect(url, max_size=None, open_timeout=60, ping_interval=None)
        sockets.append(Socket(ws, args.tally))
    readers = [asyncio.create_task(s.read(until, follow=False)) for s in sockets]
    await asyncio.sleep(max(0.0, until - time.monotonic()))
    for socket in sockets:
        socket.leaving = True
        await socket.ws.close()
    await asyncio.gather(*readers)


async def run(base: str, args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    kinds = list(TABLES) if args.tables == "all" else args.tables.split(",")
    jobs = [
        table(base, kinds[i % len(kinds)], args.spectators, args, random.Random(rng.random()))
        for i in range(args.rooms)
    ]
    if args.watchers:
        jobs.append(watch_crowd(base, args.watchers, args))
    await asyncio.gather(*jobs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--spectators", type=int, default=2, help="per room")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--pause", type=float, nargs=2, default=(0.5, 2.0))
    parser.add_argument("--watchers", type=int, default=0, help="more spectators, on one room")
    parser.add_argument("--tables", default="all", help=f"comma-separated: {', '.join(TABLES)}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--serve-option", action="append", default=[], dest="serve_options")
    args = parser.parse_args()
    args.tally = Tally()
    # every client comes from one address here: lift the limits per address
    options = ("--rooms-per-hour", "1000000", "--sockets-per-address", "1000000")
    options += tuple(args.serve_options)
    with (
        tempfile.TemporaryDirectory() as tmp,
        served(Path(tmp) / "load.db", Path(tmp) / "load.log", options) as server,
    ):
        began = time.monotonic()
        asyncio.run(run(server.url, args))
        took = time.monotonic() - began
        log = (Path(tmp) / "load.log").read_text(errors="replace")
    tally: Tally = args.tally
    sockets = args.rooms * (2 + args.spectators) + args.watchers
    pause = f"{args.pause[0]}–{args.pause[1]} s"
    print(f"{args.rooms} rooms, {sockets} sockets, pause {pause}, {took:.0f} s")
    print(f"rooms opened {tally.rooms}, games finished {tally.games}")
    moves = len(tally.latencies)
    print(f"actions acknowledged: {moves} ({moves / took:.1f}/s)")
    if moves:
        print(f"latency median {quantile_interval(tally.latencies, 0.5)}")
        print(f"latency p95    {quantile_interval(tally.latencies, 0.95)}")
        for kind, taken in sorted(tally.by_table.items()):
            print(f"  {kind}: {len(taken)} actions, p95 {quantile_interval(taken, 0.95)}")
    print(f"received {tally.received / 1e6:.1f} MB")
    print(f"refused {sum(tally.refused.values())} {dict(tally.refused.most_common(3))}")
    print(f"errors {sum(tally.errors.values())} {dict(tally.errors.most_common(3))}")
    print(f"dropped sockets {tally.dropped}")
    print(f"server tracebacks {log.count('Traceback')}")


if __name__ == "__main__":
    main()
