"""A durability drill for a running server: people play many rooms at once over
loopback, by HTTP and by WebSocket, each noting every action the server acknowledged;
the audit then reads the SQLite file and compares. Used by the test suite and by
`benchmarks/server.py` (also across SIGKILLs), never against another machine.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

# rooms of the drill: (game, options, seats: None for a person, else a bot)
TABLES: list[tuple[str, dict[str, Any], list[str | None]]] = [
    ("railroad-ink", {}, [None, None, "greedy"]),
    ("next-station-london", {}, [None, None]),
    ("metro", {}, [None, None]),
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Served:
    """`linecraft serve` in a child process on a loopback port, to stop or to kill."""

    def __init__(self, db: Path, log: Path, options: tuple[str, ...] = ()) -> None:
        self.db, self.log = db, log
        self.options = options  # more `linecraft serve` options
        self.url = ""
        self._process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60) -> float:
        """Start on a free port and wait until the lobby answers; the seconds that took."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        began = time.monotonic()
        command = [sys.executable, "-m", "linecraft", "serve"]
        command += ["--port", str(self.port), "--db", str(self.db), *self.options]
        with self.log.open("ab") as out:
            self._process = subprocess.Popen(command, stdout=out, stderr=out)
        while time.monotonic() - began < timeout:
            if self._process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                request("GET", self.url, "/api/games")
                return time.monotonic() - began
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not answer in time")

    @property
    def pid(self) -> int:
        """The server's process id (it must have been started)."""
        assert self._process is not None, "the server was never started"
        return self._process.pid

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush; what was committed must be all there is."""
        if self._process is not None:
            os.kill(self._process.pid, signal.SIGKILL)
            self._process.wait()

    def kill_after(
        self, seconds: float, stop: threading.Event, players: Sequence[Player] = ()
    ) -> threading.Thread:
        """Set `stop` (so players take the dropped connections calmly), then SIGKILL,
        `seconds` from now; with `players`, `seconds` after the next move the server
        acknowledges to any of them, so the kill lands in the middle of play however
        slowly the machine gets it started (at most a minute's wait)."""
        before = sum(len(player.acknowledged) for player in players)

        def kill() -> None:
            deadline = time.monotonic() + 60
            while players and time.monotonic() < deadline:
                if sum(len(player.acknowledged) for player in players) > before:
                    break
                time.sleep(0.01)
            time.sleep(seconds)
            stop.set()
            self.kill()

        killer = threading.Thread(target=kill, daemon=True)
        killer.start()
        return killer

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


@contextmanager
def served(db: Path, log: Path, options: tuple[str, ...] = ()) -> Iterator[Served]:
    server = Served(db, log, options)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def request(
    method: str,
    base: str,
    path: str,
    body: dict[str, Any] | None = None,
    connection: http.client.HTTPConnection | None = None,
) -> tuple[int, Any]:
    """One HTTP request; (status, decoded JSON body)."""
    parts = urlsplit(base)
    conn = connection or http.client.HTTPConnection(
        parts.hostname or "127.0.0.1", parts.port, timeout=30
    )
    try:
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        payload = response.read()
        try:
            return response.status, json.loads(payload) if payload else None
        except ValueError:  # a server error page
            return response.status, payload.decode(errors="replace")
    finally:
        if connection is None:
            conn.close()


@dataclass
class Player:
    """One person's seat, played at random over HTTP or a WebSocket."""

    base: str
    room: str
    seat: int
    token: str
    by_socket: bool
    rng: random.Random
    acknowledged: list[str] = field(default_factory=list)
    in_flight: str | None = None  # sent, and no answer came before the server died
    refused: int = 0
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    received: int = 0  # bytes of the messages that reached this player

    def choose(self, view: dict[str, Any]) -> str | None:
        legal = [a for a in view.get("legal", []) if a != "undo"]
        return self.rng.choice(legal) if legal else None

    def play(
        self, until: float, stop: threading.Event, enough: threading.Event | None = None
    ) -> None:
        """Play until `until`, or until `stop` (the server is about to die) or `enough`
        (the drill has the moves it wanted) is set."""
        enough = enough or threading.Event()
        try:
            if self.by_socket:
                self._play_socket(until, stop, enough)
            else:
                self._play_http(until, stop, enough)
        except (OSError, WebSocketException, http.client.HTTPException) as exc:
            if not stop.is_set():
                self.errors.append(f"{type(exc).__name__}: {exc}")

    def _play_http(self, until: float, stop: threading.Event, enough: threading.Event) -> None:
        parts = urlsplit(self.base)
        conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
        path = f"/api/rooms/{self.room}"
        status, view = request("GET", self.base, f"{path}/view?token={self.token}", None, conn)
        while self._going(until, stop, enough) and not view["terminal"]:
            action = self.choose(view)
            if action is None:
                time.sleep(0.01)
                status, view = request(
                    "GET", self.base, f"{path}/view?token={self.token}", None, conn
                )
                continue
            self.in_flight = action
            began = time.perf_counter()
            status, answer = request(
                "POST", self.base, f"{path}/act", {"token": self.token, "action": action}, conn
            )
            self.in_flight = None
            if status == 200:
                self.latencies.append(time.perf_counter() - began)
                self.acknowledged.append(answer.get("accepted", action))
                view = answer
            elif status == 400:
                self.refused += 1  # a race with a bot or chance: look again
                status, view = request(
                    "GET", self.base, f"{path}/view?token={self.token}", None, conn
                )
            else:
                self.errors.append(f"HTTP {status}: {answer}")
                return
        conn.close()

    def _play_socket(self, until: float, stop: threading.Event, enough: threading.Event) -> None:
        url = self.base.replace("http", "ws", 1) + f"/ws/{self.room}?token={self.token}"
        with connect(url, open_timeout=30, close_timeout=1) as ws:
            view = self._receive(ws, None, 30)
            while self._going(until, stop, enough) and not view["terminal"]:
                action = self.choose(view)
                if action is None:
                    with suppress(TimeoutError):
                        view = self._receive(ws, view, 0.5)
                    continue
                self.in_flight = action
                began = time.perf_counter()
                ws.send(json.dumps({"action": action}))
                while True:
                    message = self._receive(ws, view, 30)
                    if "error" in message:
                        self.in_flight = None
                        self.refused += 1
                        break
                    view = message
                    if "accepted" in message:
                        self.in_flight = None
                        self.latencies.append(time.perf_counter() - began)
                        self.acknowledged.append(message["accepted"])
                        break

    @staticmethod
    def _going(until: float, stop: threading.Event, enough: threading.Event) -> bool:
        return time.monotonic() < until and not stop.is_set() and not enough.is_set()

    def _receive(
        self, ws: ClientConnection, view: dict[str, Any] | None, timeout: float
    ) -> dict[str, Any]:
        """The next message as a whole view (a delta applied to `view`), or an error;
        `accepted` is set only on the answer to this player's own action."""
        text = ws.recv(timeout=timeout)
        self.received += len(text)
        return merge(view, json.loads(text))


def merge(view: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """What a client holds after a message: a whole view, or `view` with the delta
    applied; `accepted` is kept only on the answer to the client's own action."""
    if "delta" not in message or view is None:
        return message
    delta: dict[str, Any] = message["delta"]
    whole = {k: v for k, v in view.items() if k != "accepted"} | delta
    whole["boards"] = view["boards"] | delta.get("boards", {})
    whole["log"] = view["log"] + whole.pop("log_more", [])
    if "accepted" in message:
        whole["accepted"] = message["accepted"]
    return whole


def open_rooms(base: str, count: int, seed: int, sockets: bool = True) -> list[Player]:
    """`count` live rooms from `TABLES` in turn; half the people play by WebSocket."""
    rng = random.Random(seed)
    players: list[Player] = []
    for index in range(count):
        game, options, kinds = TABLES[index % len(TABLES)]
        seats = [{"name": f"p{i}", "bot": bot} for i, bot in enumerate(kinds)]
        status, created = request(
            "POST", base, "/api/rooms", {"game": game, "options": options, "seats": seats}
        )
        if status != 200:
            raise RuntimeError(f"room not created: {status} {created}")
        for seat in created["seats"]:
            if seat["link"]:
                token = seat["link"].split("token=")[1]
                by_socket = sockets and len(players) % 2 == 1
                player = Player(base, created["room"], seat["seat"], token, by_socket, rng)
                player.rng = random.Random(rng.random())
                players.append(player)
    return players


def play_all(
    players: list[Player],
    seconds: float,
    stop: threading.Event | None = None,
    moves: int | None = None,
) -> None:
    """Every player in its own thread at once, for `seconds` or until `stop`; with
    `moves`, until every player has had that many more actions acknowledged or is done
    (then `seconds` only bounds a machine too loaded to get there)."""
    stop = stop or threading.Event()
    enough = threading.Event()
    until = time.monotonic() + seconds
    wanted = [len(p.acknowledged) + (moves or 0) for p in players]
    threads = [threading.Thread(target=p.play, args=(until, stop, enough)) for p in players]
    for thread in threads:
        thread.start()
    while moves is not None and not enough.is_set():
        enough.wait(0.01)
        if all(
            len(p.acknowledged) >= want or not thread.is_alive()
            for p, want, thread in zip(players, wanted, threads, strict=True)
        ):
            enough.set()
    for thread in threads:
        thread.join()


@dataclass
class Audit:
    """What the stored logs say about the acknowledged actions."""

    acknowledged: int = 0
    stored: int = 0
    lost: int = 0
    doubled: int = 0
    out_of_order: int = 0
    holes: int = 0
    errors: int = 0

    def clean(self) -> bool:
        return not (self.lost or self.doubled or self.out_of_order or self.holes or self.errors)

    def __str__(self) -> str:
        return (
            f"acknowledged {self.acknowledged}, stored {self.stored}, lost {self.lost}, "
            f"doubled {self.doubled}, out of order {self.out_of_order}, holes {self.holes}, "
            f"errors {self.errors}"
        )


def audit(db: Path, players: list[Player]) -> Audit:
    """Compare each player's acknowledged actions with its seat's stored events: all
    there, once, in order; an action the server died answering may be stored or not."""
    result = Audit()
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        logs: dict[str, list[tuple[int, int | None, str]]] = {}
        for room in {p.room for p in players}:
            logs[room] = conn.execute(
                "SELECT number, player, text FROM events WHERE room = ? ORDER BY number", (room,)
            ).fetchall()
            result.holes += sum(1 for i, row in enumerate(logs[room]) if row[0] != i)
    for player in players:
        stored = [text for _, seat, text in logs[player.room] if seat == player.seat]
        acked = player.acknowledged
        if player.in_flight is not None and len(stored) == len(acked) + 1:
            stored = stored[:-1]  # committed, but the answer never left a dying server
        result.acknowledged += len(acked)
        result.stored += len(stored)
        result.errors += len(player.errors)
        missing, extra = Counter(acked) - Counter(stored), Counter(stored) - Counter(acked)
        result.lost += sum(missing.values())
        result.doubled += sum(extra.values())
        if not missing and not extra and stored != acked:
            result.out_of_order += 1
    return result


def settle_in_flight(db: Path, players: list[Player]) -> None:
    """After a kill: an action whose answer was lost counts as acknowledged when it was
    stored (the player sees it on its board when it comes back), else as never sent."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        for player in players:
            if player.in_flight is None:
                continue
            (count,) = conn.execute(
                "SELECT COUNT(*) FROM events WHERE room = ? AND player = ?",
                (player.room, player.seat),
            ).fetchone()
            if count == len(player.acknowledged) + 1:
                player.acknowledged.append(player.in_flight)
            player.in_flight = None
