"""The engine's shortcuts agree with the rules they stand for: the tables of legal
drawings with the rules read square by square, the squares open to a volcano with
`volcano_problem`, the search that gives up early with the one that finds the
longest order, and the bots' judgement of one more drawing with the board judged
afresh."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import pairwise, permutations
from typing import Any

import pytest

import linecraft
from linecraft.games.railroad_ink.board import (
    CELLS,
    CENTRE,
    EXIT_TYPE,
    NEIGHBOUR,
    enough_drawing,
    longest_drawing,
)
from linecraft.games.railroad_ink.bots import (
    Tally,
    UnderFigures,
    board_tally,
    exit_reach,
    longest_from,
    under_figures,
)
from linecraft.games.railroad_ink.lava import (
    LAVA_DRAWINGS,
    erase_placements,
    erase_problem,
    lava_problem,
    volcano_problem,
    volcano_squares,
)
from linecraft.games.railroad_ink.pieces import (
    BLANK,
    CRATER_SIDE,
    HIGHWAY,
    LAVA,
    LAVA_FACES,
    OPPOSITE,
    RAILWAY,
    ROUTE_FACES,
    SPECIAL_ROUTES,
    STATION_FACES,
    VOLCANO,
    orientation_tokens,
)
from linecraft.games.railroad_ink.rules import ROUTES, RailroadInkState
from linecraft.games.railroad_ink.scoring import (
    crater_sides,
    exits_used,
    lava_details,
    longest_path,
    loose_ends,
    networks,
    route_components,
)
from linecraft.games.railroad_ink.underground import (
    ACCEPTS,
    CANONICAL,
    UNDERGROUND,
    score_underground,
    under_orientations,
)

Board = list[str | None]
MODES: list[dict[str, Any]] = [
    {},
    {"expansions": ("lava",)},
    {"expansions": ("meteor",)},
    {"expansions": ("underground",)},
]


def boards_in_play(options: dict[str, Any], games: int, every: int = 3) -> list[RailroadInkState]:
    """States met along seeded random games, every few actions."""
    game = linecraft.load("railroad-ink", players=1, **options)
    found = []
    for seed in range(games):
        state = game.new_state(seed)
        assert isinstance(state, RailroadInkState)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if state.is_chance():
                state.advance()
                continue
            state.apply_unchecked(0, rng.choice(state.legal_actions(0)))
            step += 1
            if step % every == 0:
                clone = state.clone()
                assert isinstance(clone, RailroadInkState)
                found.append(clone)
    return found


def route_fits(board: Board, cell: int, token: str, exits: dict[str, str]) -> bool:
    """§7.3 items 3–5 (§11.4 underground), read square by square: the square is
    empty, no route side meets another type or an exit of it, one meets its own."""
    if board[cell] is not None:
        return False
    connected = False
    for side in range(4):
        kind = token[side]
        if kind == BLANK:
            continue
        other = NEIGHBOUR[cell][side]
        if other < 0:
            exit_kind = EXIT_TYPE[cell][side]
            if exit_kind is not None:
                if exits[exit_kind] != kind:
                    return False
                connected = True
            continue
        other_token = board[other]
        facing = None if other_token is None else other_token[OPPOSITE[side]]
        if facing in (None, BLANK, CRATER_SIDE):
            continue
        if facing != kind:
            return False
        connected = True
    return connected


@pytest.mark.parametrize("options", MODES)
def test_the_tables_say_what_the_rules_say(options: dict[str, Any]) -> None:
    surface = {HIGHWAY: HIGHWAY, RAILWAY: RAILWAY}
    faces = [*ROUTE_FACES, *STATION_FACES, *SPECIAL_ROUTES]
    for state in boards_in_play(options, games=3):
        board, under = state.seats[0].board, state.seats[0].under
        for cell in range(CELLS):
            emptied = [*board[:cell], None, *board[cell + 1 :]]  # the tables ignore the square
            for face in faces:
                fitting = ROUTES.drawings[face][ROUTES.facing(board, cell)]
                for token in orientation_tokens(face):
                    assert ROUTES.fits(board, cell, token) == route_fits(
                        board, cell, token, surface
                    )
                    assert (token in fitting) == route_fits(emptied, cell, token, surface)
            for face in LAVA_FACES:
                for token in orientation_tokens(face):
                    legal = lava_problem(board, cell, token) is None
                    assert LAVA_DRAWINGS.fits(board, cell, token) == legal
            for code in CANONICAL:
                for token in under_orientations(code):
                    legal = route_fits(under, cell, token, ACCEPTS)
                    assert UNDERGROUND.fits(under, cell, token) == legal


@pytest.mark.parametrize("options", [{"expansions": ("lava",)}, {"expansions": ("lava", "meteor")}])
def test_volcanoes_and_erasing_for_lava_go_where_the_rules_allow(options: dict[str, Any]) -> None:
    for state in boards_in_play(options, games=4, every=2):
        board = state.seats[0].board
        allowed = [cell for cell in range(CELLS) if volcano_problem(board, cell) is None]
        assert volcano_squares(board) == allowed
        for face in LAVA_FACES:
            erasing = [
                (cell, token)
                for cell in range(CELLS)
                for token in orientation_tokens(face)
                if erase_problem(board, cell, token) is None
            ]
            assert list(erase_placements(board, face)) == erasing


def test_the_search_that_gives_up_early_agrees_with_the_longest() -> None:
    for state in boards_in_play({}, games=3, every=1):
        if state.roll is None or state.layer != "surface":
            continue
        board = tuple(state.seats[0].board)
        dice = tuple((die, state.surface_roll.face(die)) for die in ("d1", "d2", "d3", "d4"))
        longest = longest_drawing(board, dice, ROUTES, len(dice))
        for enough in range(1, len(dice) + 1):
            found = enough_drawing(board, dice, ROUTES, enough)
            if len(longest) >= enough:
                assert list(found) == longest[:enough]  # the same order, found first
            else:
                assert len(found) < enough


def tally_afresh(board: Board) -> Tally:
    """`Tally` from the score's own functions, the board read whole."""
    ends = [facing for _, _, _, facing in loose_ends(board)]
    return Tally(
        network_points=sum(n.points for n in networks(board) if len(n.exits) >= 2),
        routes=len(longest_path(board, HIGHWAY)) + len(longest_path(board, RAILWAY)),
        centre=sum(1 for c in CENTRE if (t := board[c]) is not None and LAVA not in t),
        lava=lava_details(board).points if any(t and LAVA in t for t in board) else 0,
        dead=len(ends) - ends.count(None),
        open_ends=ends.count(None),
        exits=exits_used(board),
        craters=crater_sides(board),
        reach=exit_reach(board),
    )


def drawings_one_on(state: RailroadInkState, layer: str) -> Iterator[tuple[Board, int]]:
    """For each legal action of seat 0 that draws on `layer`'s board: that board with
    the drawing made, and its square."""
    for action in state.legal_actions(0) if state.to_act() else []:
        after = state.clone()
        assert isinstance(after, RailroadInkState)
        after.apply_unchecked(0, action)
        step = after.seats[0].actions[-1] if after.seats[0].actions else None
        if step is not None and step.cell is not None and step.layer == layer:
            yield (after.seats[0].board if layer == "surface" else after.seats[0].under), step.cell


@pytest.mark.parametrize("options", [{}, {"expansions": ("lava", "meteor")}])
def test_a_drawing_is_judged_as_the_whole_board_would_be(options: dict[str, Any]) -> None:
    for state in boards_in_play(options, games=3, every=2):
        board = state.seats[0].board
        assert board_tally(board) == tally_afresh(board)
        for drawn, cell in drawings_one_on(state, "surface"):
            assert board_tally(drawn, cell) == tally_afresh(drawn)


LAVA_TOKENS = sorted(
    {VOLCANO, *(token for face in LAVA_FACES for token in orientation_tokens(face))}
)


def test_lava_drawn_beside_lakes_is_judged_as_the_whole_board_would_be() -> None:
    """Boards of lava alone, drawn anyhow (the judgement need not know the rules): every
    lava drawing on every empty square, lakes joined and closed among them."""
    rng = random.Random(7)
    closing = 0
    for _ in range(12):
        fill = rng.uniform(0.3, 0.8)
        board = [rng.choice(LAVA_TOKENS) if rng.random() < fill else None for _ in range(CELLS)]
        closed = lava_details(board).closed_lakes
        for cell in (cell for cell in range(CELLS) if board[cell] is None):
            for token in LAVA_TOKENS:
                drawn = [*board[:cell], token, *board[cell + 1 :]]
                assert board_tally(drawn, cell) == tally_afresh(drawn)
                closing += lava_details(drawn).closed_lakes > closed
    assert closing > 10


def under_figures_afresh(board: Board) -> UnderFigures:
    """`UnderFigures` from the underground score card, the board read whole."""
    details = score_underground(board)
    return UnderFigures(
        network_points=sum(n.points for n in details.scoring_networks),
        longest_pipe=len(details.longest_pipe),
        longest_subway=len(details.longest_subway),
        centre=details.centre,
        burst_pipes=details.burst_pipes,
        open_ends=len(details.open_ends),
    )


@pytest.mark.parametrize(
    "options", [{"variant": "underground-standalone"}, {"expansions": ("underground",)}]
)
def test_an_underground_drawing_is_judged_as_the_whole_board_would_be(
    options: dict[str, Any],
) -> None:
    """Hubs (forced in the standalone game, under surface stations in the expansion),
    exits, open ends and the longest pipe and subway, one drawing on from the survey."""
    for state in boards_in_play(options, games=3, every=2):
        if state.layer != "underground" or not state.to_act():
            continue
        below = state.seats[0].under
        assert under_figures(below) == under_figures_afresh(below)
        for drawn, cell in drawings_one_on(state, "underground"):
            assert under_figures(drawn, cell) == under_figures_afresh(drawn)


def test_the_longest_route_from_a_square_is_found() -> None:
    for state in boards_in_play({}, games=2, every=4):
        for kind in (HIGHWAY, RAILWAY):
            for component in route_components(state.seats[0].board, kind):
                if len(component) > 7:
                    continue  # trying every order is too slow beyond
                adjacency = dict(component)
                for start in adjacency:
                    assert longest_from(component, start) == longest_by_trying(adjacency, start)


def longest_by_trying(adjacency: dict[int, tuple[int, ...]], start: int) -> int:
    """The most squares of a route from `start`, trying every order of squares."""
    others = [cell for cell in adjacency if cell != start]
    best = 1
    for size in range(1, len(others) + 1):
        for route in permutations(others, size):
            path = (start, *route)
            if all(b in adjacency[a] for a, b in pairwise(path)):
                best = max(best, len(path))
    return best
