"""Write the golden records (run by hand, only when a rules change is intended):

.venv/bin/python -m tests.games.next_station_london.make_golden
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.golden_support import write_golden

BOTH: dict[str, Any] = {"objectives": True, "powers": True}
GAMES: list[tuple[str, dict[str, Any], list[str], int]] = [
    ("solo-greedy", {"players": 1}, ["greedy"], 1),
    ("solo-random", {"players": 1}, ["random"], 2),
    ("solo-both-modules", {"players": 1, **BOTH}, ["greedy"], 3),
    ("solo-powers", {"players": 1, "powers": True}, ["greedy"], 4),
    ("solo-objectives", {"players": 1, "objectives": True}, ["random"], 5),
    ("2p", {"players": 2}, ["greedy", "random"], 6),
    ("2p-powers", {"players": 2, "powers": True}, ["greedy", "greedy"], 7),
    ("3p-both-modules", {"players": 3, **BOTH}, ["greedy", "random", "greedy"], 8),
    ("4p", {"players": 4}, ["greedy"] * 4, 9),
    ("4p-both-modules", {"players": 4, **BOTH}, ["random", "greedy"] * 2, 10),
    ("5p-more-players", {"players": 5, "more_players": True, "powers": True}, ["greedy"] * 5, 11),
]

if __name__ == "__main__":
    write_golden(Path(__file__).parent / "golden", "next-station-london", GAMES)
