"""Write the golden records (run by hand, only when a rules change is intended):

.venv/bin/python -m tests.games.metro.make_golden
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.golden_support import write_golden

# Linecraft's own restrictions, which the rulebook lacks, all switched on ("-rulings").
RULINGS = {
    "exchange_cooldown": True,
    "central_cars_open_only": True,
    "central_tracks_no_adjacency": True,
}

GAMES: list[tuple[str, dict[str, Any], list[str], int]] = [
    ("2p", {"players": 2}, ["greedy", "random"], 1),
    ("3p", {"players": 3}, ["greedy", "greedy", "random"], 2),
    ("4p-free-rotation", {"players": 4, "free_rotation": True}, ["greedy", "random"] * 2, 3),
    ("5p-hand-3", {"players": 5, "hand_size": 3}, ["greedy"] * 5, 4),
    ("6p", {"players": 6}, ["random", "greedy"] * 3, 5),
    ("4p-companies", {"players": 4, "modules": [1]}, ["greedy", "random"] * 2, 6),
    ("2p-central-stations", {"players": 2, "modules": [2]}, ["greedy", "random"], 7),
    ("4p-central-tracks", {"players": 4, "modules": [3]}, ["greedy"] * 4, 8),
    ("6p-numbers", {"players": 6, "modules": [4]}, ["greedy", "random"] * 3, 9),
    ("3p-modules-1-2-4", {"players": 3, "modules": [1, 2, 4]}, ["greedy", "random", "greedy"], 10),
    (
        "5p-modules-1-3-4",
        {"players": 5, "modules": [1, 3, 4]},
        ["random", "greedy"] * 2 + ["greedy"],
        11,
    ),
    (
        "3p-modules-1-2-4-rulings",
        {"players": 3, "modules": [1, 2, 4], **RULINGS},
        ["greedy", "random", "greedy"],
        10,
    ),
    (
        "5p-modules-1-3-4-rulings",
        {"players": 5, "modules": [1, 3, 4], **RULINGS},
        ["random", "greedy"] * 2 + ["greedy"],
        11,
    ),
]

if __name__ == "__main__":
    write_golden(Path(__file__).parent / "golden", "metro", GAMES)
