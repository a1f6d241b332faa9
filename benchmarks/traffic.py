"""What a room sends its players: bytes per action and per-action latency with 2, 4 and
6 seats, every seat a person on a WebSocket playing random legal actions.

    .venv/bin/python benchmarks/traffic.py [--seconds 10] [--games railroad-ink,next-station-london]

Bytes per action: everything all sockets of the room received, divided by the actions
acknowledged. Latency: from sending an action to its acknowledgement, median and p95 with
distribution-free 95% intervals.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

from linecraft.server.drill import Player, play_all, request, served
from linecraft.sim.stats import quantile_interval

AT_FULL_SPEED = ("--actions-per-second", "10000")  # the people play as fast as they can


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", default="railroad-ink,next-station-london")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as tmp,
        served(Path(tmp) / "traffic.db", Path(tmp) / "traffic.log", AT_FULL_SPEED) as server,
    ):
        for game in args.games.split(","):
            for seats in (2, 4, 6):
                players: list[Player] = []
                while sum(len(p.acknowledged) for p in players) < 200:
                    people = [{"name": f"p{i}"} for i in range(seats)]
                    options = {"more_players": True} if "london" in game and seats > 4 else {}
                    body = {"game": game, "seats": people, "options": options}
                    _, created = request("POST", server.url, "/api/rooms", body)
                    room = [
                        Player(server.url, created["room"], s["seat"],
                               s["link"].split("token=")[1], True, random.Random(s["seat"]))
                        for s in created["seats"]
                    ]  # fmt: skip
                    play_all(room, args.seconds)
                    players += room
                actions = sum(len(p.acknowledged) for p in players)
                received = sum(p.received for p in players)
                latencies = [t for p in players for t in p.latencies]
                print(
                    f"{game}, {seats} seats: {actions} actions, "
                    f"{received / actions / 1024:.1f} KiB per action to the room's sockets, "
                    f"latency median {quantile_interval(latencies, 0.5)}, "
                    f"p95 {quantile_interval(latencies, 0.95)}"
                )


if __name__ == "__main__":
    main()
