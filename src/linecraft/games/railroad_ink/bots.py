"""Railroad Ink's judgement of unfinished boards, used by the one-ply bots.

The final score counts every open route end as an error, but early in the game an
end facing an empty square is a promise as much as a cost: it may still be
joined. So open ends weigh more as the rounds run out, routes on exits earn a
little (future network points), and special routes, of which there are only
three, carry a small price while many rounds remain. The weights were tuned on
seeded solo games (benchmarks/railroad_ink.py).
"""

from __future__ import annotations

from linecraft.games.railroad_ink.board import CENTRE, Board
from linecraft.games.railroad_ink.pieces import HIGHWAY, LAVA, RAILWAY
from linecraft.games.railroad_ink.scoring import (
    exits_used,
    lava_details,
    longest_route,
    loose_ends,
    networks,
)
from linecraft.games.railroad_ink.underground import score_underground


def board_value(board: Board, round_no: int, rounds: int, specials_used: int) -> float:
    """Estimated final score of `board` after round `round_no` of `rounds`."""
    progress = round_no / rounds
    network_points = sum(n.points for n in networks(board) if len(n.exits) >= 2)
    routes = len(longest_route(board, HIGHWAY)) + len(longest_route(board, RAILWAY))
    centre = sum(1 for c in CENTRE if (t := board[c]) is not None and LAVA not in t)
    lava = lava_details(board).points if any(t and LAVA in t for t in board) else 0
    dead, open_ends = _ends(board)
    open_weight = 0.55 + 0.45 * progress**2
    exit_bonus = 0.3 * (1.0 - progress)
    special_price = 1.5 * (1.0 - progress)
    return (
        network_points
        + routes
        + centre
        + lava
        - dead
        - open_weight * open_ends
        + exit_bonus * exits_used(board)
        - special_price * specials_used
    )


def _ends(board: Board) -> tuple[int, int]:
    """(route sides that can never be joined, route sides facing an empty square)."""
    facing = [other_side for _, _, _, other_side in loose_ends(board)]
    open_ends = facing.count(None)
    return len(facing) - open_ends, open_ends


def under_value(board: Board, progress: float) -> float:
    """The underground board's score, its open ends weighed like the surface's."""
    details = score_underground(board)
    open_weight = 0.55 + 0.45 * progress**2
    return (
        sum(n.points for n in details.scoring_networks)
        + 2 * len(details.longest_pipe)
        + len(details.longest_subway)
        + details.centre
        - 2 * details.burst_pipes
        - open_weight * len(details.open_ends)
    )
