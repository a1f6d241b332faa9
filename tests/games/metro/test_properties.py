"""Properties of full boards (§9), checked against an independent walk over exits."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from linecraft.games.metro.board import CENTRAL_SQUARES, SIZE, TILE_SQUARES
from linecraft.games.metro.position import Table
from linecraft.games.metro.scoring import all_routes
from linecraft.games.metro.tiles import CENTRAL_PIECES, COPIES, rotate

LETTER_SHIFT = {"a": 5, "b": 3, "c": 7, "d": 1}


def random_board(rng: random.Random, rotations: bool, pieces: bool) -> list[str | None]:
    tiles = [code for code, count in COPIES.items() for _ in range(count)]
    rng.shuffle(tiles)
    board: list[str | None] = [None] * (SIZE * SIZE)
    for sq, code in zip(TILE_SQUARES, tiles, strict=True):
        board[sq] = rotate(code, rng.randrange(4)) if rotations else code
    if pieces:
        for sq, piece in zip(CENTRAL_SQUARES, rng.sample(CENTRAL_PIECES, 4), strict=True):
            board[sq] = rotate(piece, rng.randrange(4))
    return board


STEP = {0: (-1, 0), 1: (-1, 0), 2: (0, 1), 3: (0, 1), 4: (1, 0), 5: (1, 0), 6: (0, -1), 7: (0, -1)}


def independent_walk(
    board: list[str | None], row: int, col: int, entry: int
) -> tuple[str, list[tuple[int, int]]]:
    """Follow exits by geometry alone: (where it ends, the (square, entry) passed)."""
    passed = []
    while True:
        code = board[SIZE * row + col]
        assert code is not None and entry % 2 == 0  # routes always enter at even exits (§9.2)
        passed.append((SIZE * row + col, entry))
        leave = (entry + LETTER_SHIFT[code[entry // 2].lower()]) % 8
        dr, dc = STEP[leave]
        partner = 5 - leave if leave in (0, 1, 4, 5) else 9 - leave
        row, col = row + dr, col + dc
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            return "edge", passed
        if board[SIZE * row + col] is None:
            return "centre", passed
        entry = partner
        if (SIZE * row + col, entry) == passed[0]:
            return "loop", passed


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), rotations=st.booleans(), pieces=st.booleans())
def test_full_boards_pair_departures_and_arrivals_and_count_passages(
    seed: int, rotations: bool, pieces: bool
) -> None:
    board = random_board(random.Random(seed), rotations, pieces)
    table = Table(players=4, modules=frozenset({3} if pieces else set()), board=board)
    routes = all_routes(table)
    assert all(route.complete for route in routes)
    assert len({route.to for route in routes}) == len(routes) == (32 if pieces else 40)
    on_routes: set[tuple[int, int]] = set()
    for route in routes:
        first = route.path[0]
        ends, passed = independent_walk(board, first // SIZE, first % SIZE, route.exits[0][0])
        assert len(passed) == route.passages
        on_routes.update(passed)
        assert ends == ("centre" if route.to.startswith("C") else "edge")  # type: ignore[union-attr]
        doubled = route.to.startswith("C") and not route.departure.startswith("C")  # type: ignore[union-attr]
        assert route.points == route.passages * (2 if doubled else 1)
    # Every other track section lies on a closed loop (§9.6): 240 or 256 sections in all.
    sections = {(sq, e) for sq, code in enumerate(board) if code for e in (0, 2, 4, 6)}
    assert len(sections) == (256 if pieces else 240)
    for sq, entry in sections - on_routes:
        ends, _ = independent_walk(board, sq // SIZE, sq % SIZE, entry)
        assert ends == "loop"
