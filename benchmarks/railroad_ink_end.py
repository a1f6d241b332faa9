"""Railroad Ink: how long the check of `end` takes (rules §7.5), nothing cached.

    .venv/bin/python benchmarks/railroad_ink_end.py [--games 2] [--boards 12]

`end` with unused dice needs that none fits now and that no order of drawing the
round's dice, from the round's start, draws more of them. The search behind it keeps
its answers per board and roll, so every figure here is taken with that cache emptied.

- play: every position of seeded games (seeds 0 … games-1) by the random and the
  greedy bot in every mode (base, Lava, Meteor, both, Underground, standalone) with 1
  to 4 players, for each seat to act: `end` checked, whether the seat is stranded,
  and `legal_actions` (which lists only actions that strand nobody);
- adversarial: boards drawn nearly full of pieces that do not clash (few open squares,
  dice that barely fit), boards from play with many pieces erased (many open squares),
  and those again with every railway made a highway (railway dice barely fit), with
  every roll of the dice: random drawings until no die fits, then `end` checked; and
  the longest order of the roll's dice, the most work `end` asks for. Underground:
  nearly full boards, every roll, each die doubled in turn.

For each: checks, mean and p99 with 95% intervals, and the worst.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import linecraft
from linecraft.bots import Bot, make_bot
from linecraft.core import IllegalActionError
from linecraft.games.railroad_ink.actions import ALL_ROLLS, DICE, End, Place, Roll
from linecraft.games.railroad_ink.board import NEIGHBOUR, Board, frontier
from linecraft.games.railroad_ink.pieces import (
    BLANK,
    OPPOSITE,
    ROUTE_FACES,
    STATION_FACES,
    orientation_tokens,
)
from linecraft.games.railroad_ink.rules import RailroadInkState, longest_order, placements
from linecraft.games.railroad_ink.underground import ALL_UNDER_ROLLS, ALL_UNDER_TOKENS
from linecraft.games.railroad_ink.underground_play import longest_under_order
from linecraft.sim.stats import mean_interval, quantile_interval

MODES: list[tuple[str, dict[str, Any]]] = [
    ("base", {}),
    ("lava", {"expansions": ["lava"]}),
    ("meteor", {"expansions": ["meteor"]}),
    ("lava+meteor", {"expansions": ["lava", "meteor"]}),
    ("underground", {"expansions": ["underground"]}),
    ("standalone", {"variant": "underground-standalone"}),
]
SURFACE_TOKENS = [t for face in ROUTE_FACES + STATION_FACES for t in orientation_tokens(face)]


def cold(check: Callable[..., object], *args: Any) -> float:
    """Seconds one check takes with the kept answers forgotten (and no garbage
    collection in the middle of it)."""
    longest_order.cache_clear()
    longest_under_order.cache_clear()
    gc.disable()
    start = time.perf_counter()
    check(*args)
    seconds = time.perf_counter() - start
    gc.enable()
    return seconds


def end_check(state: RailroadInkState, player: int) -> bool:
    """Whether `end` is accepted now."""
    try:
        state.check(player, End())
    except IllegalActionError:
        return False
    return True


def play_checks(games: int) -> tuple[list[float], list[float], list[float]]:
    """(end checks, stranded checks, legal actions) at every position of bot games in
    every mode."""
    ends, strandings, listings = [], [], []
    for _, options in MODES:
        for players in (1, 2, 3, 4):
            game = linecraft.load("railroad-ink", players=players, **options)
            for seed in range(games):
                for bot_name in ("random", "greedy"):
                    bots = [make_bot(bot_name, seed * 10 + p) for p in range(players)]
                    for state, player in positions(game.new_state(seed), bots):
                        ends.append(cold(end_check, state, player))
                        strandings.append(cold(state.stranded, player))
                        listings.append(cold(state.legal_actions, player))
    return ends, strandings, listings


def positions(state: Any, bots: list[Bot]) -> Iterator[tuple[RailroadInkState, int]]:
    """Each position of a whole game with the seat to act there, as the bots play it."""
    assert isinstance(state, RailroadInkState)
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        for player in state.to_act():
            yield state, player
            state.apply_unchecked(player, bots[player].choose(state, player))


def clashes(board: Board, cell: int, token: str) -> bool:
    """Whether a side of `token` on `cell` meets a side of another type."""
    for side, other in enumerate(NEIGHBOUR[cell]):
        facing = board[other] if other >= 0 else None
        if facing is not None:
            mine, theirs = token[side], facing[OPPOSITE[side]]
            if BLANK not in (mine, theirs) and mine != theirs:
                return True
    return False


def nearly_full(rng: random.Random, tokens: list[str], drawn: int) -> list[str | None]:
    """`drawn` squares drawn at random with pieces that do not clash."""
    board: list[str | None] = [None] * 49
    for cell in rng.sample(range(49), drawn):
        token = next(
            (t for t in rng.sample(tokens, len(tokens)) if not clashes(board, cell, t)), None
        )
        board[cell] = token
    return board


def erased_from_play(rng: random.Random, seed: int) -> list[str | None]:
    """A board of a random game after a few rounds, with half of its pieces erased."""
    game = linecraft.load("railroad-ink")
    bot = make_bot("random", seed)
    state = next(
        s for s, _ in positions(game.new_state(seed), [bot]) if s.round >= rng.randint(2, 6)
    )
    board = list(state.seats[0].board)
    for cell in rng.sample([c for c in range(49) if board[c]], sum(map(bool, board)) // 2):
        board[cell] = None
    return board


def after_random_drawing(
    board: list[str | None], roll: Roll, rng: random.Random
) -> RailroadInkState:
    """A one-player game on `board` where dice were drawn at random until none fits,
    whether or not that order leaves a die out (so `end` may be refused)."""
    state = linecraft.load("railroad-ink").new_state(0)
    assert isinstance(state, RailroadInkState)
    state.seats[0].board = list(board)
    state.apply_chance(roll)
    while True:
        drawn = state.seats[0].board
        targets = frontier(drawn)
        dice = [
            Place(die, cell, token)
            for die in state.unused_dice(0)
            for cell, token in placements(drawn, roll.face(die), targets)
        ]
        if not dice:
            return state
        state.apply(0, rng.choice(dice))


def adversarial(
    boards: list[list[str | None]], rng: random.Random
) -> tuple[list[float], list[float], int]:
    """(end checks after random drawing, longest orders, ends refused) for every roll
    on every board."""
    ends, orders, refused = [], [], 0
    for board in boards:
        for roll in ALL_ROLLS:
            state = after_random_drawing(board, roll, rng)
            ends.append(cold(end_check, state, 0))
            refused += not end_check(state, 0)
            dice = tuple((die, roll.face(die)) for die in DICE)
            orders.append(cold(longest_order, tuple(board), dice, len(dice)))
    return ends, orders, refused


def underground_orders(boards: list[list[str | None]]) -> list[float]:
    """The longest order of every underground roll, a fifth die doubling each in turn."""
    found = []
    for board in boards:
        for roll in ALL_UNDER_ROLLS:
            dice = tuple(zip(("u1", "u2", "u3", "u4"), roll.faces, strict=True))
            for doubled in dice:
                five = (*dice, ("u5", doubled[1]))
                found.append(cold(longest_under_order, tuple(board), five, len(five)))
    return found


def line(label: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    return (
        f"{label} ({len(ms)} checks): mean {mean_interval(ms)} ms, "
        f"p99 {quantile_interval(seconds, 0.99)}, worst {max(ms):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--boards", type=int, default=12)
    args = parser.parse_args()
    rng = random.Random(0)
    ends, strandings, listings = play_checks(args.games)
    print(line("play, end", ends))
    print(line("play, stranded", strandings))
    print(line("play, legal_actions", listings))
    full = [nearly_full(rng, SURFACE_TOKENS, rng.randint(38, 44)) for _ in range(args.boards)]
    open_boards = [erased_from_play(rng, seed) for seed in range(args.boards)]
    highways = [[t and t.replace("R", "H") for t in board] for board in open_boards]
    for label, boards in (
        ("nearly full", full),
        ("many open squares", open_boards),
        ("many open squares, all highway", highways),
    ):
        ends, orders, refused = adversarial(boards, rng)
        print(line(f"adversarial, {label}, end after random drawing, {refused} refused", ends))
        print(line(f"adversarial, {label}, longest order of the 4 dice", orders))
    under = [
        nearly_full(rng, list(ALL_UNDER_TOKENS), rng.randint(38, 44)) for _ in range(args.boards)
    ]
    print(
        line(
            "adversarial, underground nearly full, longest order of 5 dice",
            underground_orders(under),
        )
    )


if __name__ == "__main__":
    main()
