"""Write the golden records (run by hand, only when a rules change is intended):

.venv/bin/python -m tests.games.metromania.make_golden
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.golden_support import write_golden

GAMES: list[tuple[str, dict[str, Any], list[str], int]] = [
    ("4p", {"players": 4}, ["greedy", "random", "greedy", "random"], 1),
    ("4p-greedy", {"players": 4}, ["greedy"] * 4, 2),
    ("4p-open-alternating", {"players": 4, "open_destinations": True, "gates": "alternating"},
     ["greedy", "random"] * 2, 3),
    ("4p-strict", {"players": 4, "strict_municipality": True}, ["random", "greedy"] * 2, 4),
    ("3p", {"players": 3}, ["greedy", "random", "greedy"], 5),
    ("3p-strict", {"players": 3, "strict_municipality": True}, ["greedy"] * 3, 6),
    ("3p-end-lines-3", {"players": 3, "end_lines": 3}, ["random", "greedy", "random"], 7),
    ("2p-two-companies", {"players": 2}, ["greedy", "random"], 8),
    ("2p-two-companies-greedy", {"players": 2}, ["greedy", "greedy"], 9),
    ("2p-six-destinations", {"players": 2, "two_player_mode": "six-destinations"},
     ["greedy", "random"], 10),
]  # fmt: skip

if __name__ == "__main__":
    write_golden(Path(__file__).parent / "golden", "metromania", GAMES, undo_rate=0.05)
