"""Placement legality, turns, hidden information, variants and module actions."""

from __future__ import annotations

from typing import Any

import pytest

import linecraft
from linecraft.core import IllegalActionError
from linecraft.games.metro.actions import Exchange, Place
from linecraft.games.metro.board import SQUARES, TILE_SQUARES, on_outer_ring, square, square_name
from linecraft.games.metro.routes import Route
from linecraft.games.metro.rules import MetroState
from tests.games.metro.helpers import state_with, vector

EMPTY: list[str | None] = [None] * SQUARES


def legal_squares(state: MetroState, code: str) -> set[str]:
    return {square_name(p.square) for p in state.placements(code)}


def test_one_tile_lines_on_an_empty_board() -> None:
    """§18.1: dacc may go on 18 outer squares with 4 players; with 3, also on 70."""
    state = state_with(EMPTY, "dacc", players=4)
    forbidden = {f"0{c}" for c in range(8)} | {"70", "77"}
    outer = {square_name(sq) for sq in TILE_SQUARES if on_outer_ring(sq)}
    assert legal_squares(state, "dacc") == outer - forbidden
    assert len(outer - forbidden) == 18
    with pytest.raises(IllegalActionError, match="complete the line from 3 with one tile"):
        state.apply(0, "place 05 dacc")
    three = state_with(EMPTY, "dacc", players=3)
    assert legal_squares(three, "dacc") == outer - forbidden | {"70"}


def test_the_exception_when_every_square_completes_a_one_tile_line() -> None:
    board = list(vector("full_board").board)
    board[square(0, 5)] = None  # the only empty square: row 0, station 3's car
    state = state_with(board, "dacc")
    assert legal_squares(state, "dacc") == {"05"}
    state.apply(0, "place 05")
    assert state.routes["3"].points == 1


def test_adjacency_refusals() -> None:
    board = list(EMPTY)
    board[square(1, 1)] = "aaaa"
    state = state_with(board, "aaaa")
    with pytest.raises(
        IllegalActionError, match="22 is neither on the outer ring nor next to a tile"
    ):
        state.apply(0, "place 22 aaaa")
    with pytest.raises(IllegalActionError, match="23 is neither"):  # touching the centre only
        state.apply(0, "place 23 aaaa")
    with pytest.raises(IllegalActionError, match="11 is not empty"):
        state.apply(0, "place 11 aaaa")
    with pytest.raises(IllegalActionError, match="33 is the central station"):
        state.apply(0, "place 33 aaaa")
    with pytest.raises(IllegalActionError, match="you have aaaa, not bbbb"):
        state.apply(0, "place 21 bbbb")
    with pytest.raises(IllegalActionError, match="keep their orientation"):
        state.apply(0, "place 21 aaaa r1")
    assert str(state.apply(0, "place 21")) == "place 21 aaaa"  # next to 11


def test_a_turn_places_from_hand_then_draws_or_draws_and_places() -> None:
    state = linecraft.load("metro", players=2).new_state(5)
    assert isinstance(state, MetroState)
    while state.is_chance():
        state.advance()
    hand = state.hands[0][0]
    assert state.chance_viewers() is None and state.to_act() == (0,)
    state.apply(0, "draw")
    assert state.is_chance() and state.chance_viewers() == (0,)
    state.advance()
    drawn = state.drawn
    assert drawn is not None and state.to_act() == (0,)
    assert (
        state.view(0)["seats"][0]["drawn"] == drawn and state.view(1)["seats"][0]["drawn"] is None
    )
    assert state.view(1)["seats"][0]["hand"] is None and state.view(0)["seats"][0]["hand"] == [hand]
    with pytest.raises(IllegalActionError, match="place the tile you drew"):
        state.apply(0, "draw")
    state.apply(0, str(state.placements(drawn)[0]))
    assert state.hands[0] == [hand] and not state.is_chance() and state.to_act() == (1,)
    state.apply(1, str(state.legal_actions(1)[0]))
    assert state.is_chance() and state.chance_viewers() == (1,)  # the refill is private


def test_passing_only_when_nothing_else_is_legal() -> None:
    state = state_with(EMPTY, "aaaa", players=2)
    with pytest.raises(IllegalActionError, match="you can still play"):
        state.apply(0, "pass")


def test_free_rotation_uses_the_smallest_equivalent_rotation() -> None:
    state = state_with(EMPTY, "cbcb", players=2, free_rotation=True)
    moves = [m for m in state.legal_actions(0) if isinstance(m, Place) and m.square == square(7, 3)]
    assert [str(m) for m in moves] == [
        "place 73 cbcb r0",
        "place 73 cbcb r1",
    ]  # a half turn repeats
    played = state.apply(0, "place 73 cbcb r2")
    assert str(played) == "place 73 cbcb r0" and state.board[square(7, 3)] == "cbcb"


def companies_after_one_round(**options: Any) -> MetroState:
    """Three players with module 1: seat 0 exchanged its 20 % share, seats 1 and 2 played."""
    state = linecraft.load("metro", players=3, modules=[1], **options).new_state(2)
    assert isinstance(state, MetroState)
    while state.is_chance():
        state.advance()
    state.apply(0, "exchange 20 open")
    for seat in (1, 2):
        while state.is_chance():
            state.advance()
        state.apply(seat, str(state.legal_actions(seat)[0]))
    while state.is_chance():
        state.advance()
    return state


def test_companies_exchange_shares_until_a_company_reaches_25() -> None:
    state = linecraft.load("metro", players=3, modules=[1]).new_state(2)
    assert isinstance(state, MetroState)
    while state.is_chance():
        state.advance()
    assert len(state.open_share) == 4 and all(len(s) == 4 for s in state.shares)
    assert state.view(1)["seats"][0]["shares"] == []  # others' shares are secret
    own20 = next(s for s in state.shares[0] if s[1] == 20)
    opened = state.open_share[20]
    state.apply(0, "exchange 20 open")
    assert (opened, 20) in state.shares[0] and own20 not in state.shares[0]
    assert state.is_chance() and state.chance_viewers() is None  # the new open share
    state.advance()
    assert state.view(1)["returned_by_you"] == [] and state.view(0)["returned_by_you"]
    state = companies_after_one_round()
    state.routes["1"] = Route("1", "8", tuple(range(25)))  # yellow's line: 25 passages
    with pytest.raises(IllegalActionError, match="yellow has 25 profit: exchanging is over"):
        state.apply(0, "exchange 10 top")


def test_two_exchanges_in_a_row_are_legal() -> None:
    """The rulebook stops exchanges only at 25 profit, not after an exchange."""
    state = companies_after_one_round()
    assert "exchange 10 top" in {str(a) for a in state.legal_actions(0)}
    state.apply(0, "exchange 10 top")


def test_the_exchange_cooldown_forbids_two_exchanges_in_a_row() -> None:
    state = companies_after_one_round(exchange_cooldown=True)
    assert not any(isinstance(a, Exchange) for a in state.legal_actions(0))
    with pytest.raises(IllegalActionError, match="exchanged on your last turn"):
        state.apply(0, "exchange 10 top")


def test_central_cars_claim_open_central_routes_without_doubling() -> None:
    state = state_with(EMPTY, "aaaa", players=2, modules=[2])
    assert "central C2" in {str(a) for a in state.legal_actions(0)}
    state.apply(0, "central C2")
    assert state.central_cars == {"C2": "yellow"}
    while state.is_chance():
        state.advance()
    with pytest.raises(IllegalActionError, match="C2 already has a car"):
        state.apply(1, "central C2")
    state.apply(1, "central C1")
    while state.is_chance():
        state.advance()
    with pytest.raises(IllegalActionError, match="placed your central car already"):
        state.apply(0, "central C3")


def board_with(tiles: dict[str, str]) -> list[str | None]:
    """An otherwise empty board with tiles by square name, e.g. {"23": "aacb"}."""
    board = list(EMPTY)
    for name, code in tiles.items():
        board[square(int(name[0]), int(name[1]))] = code
    return board


def test_a_central_car_may_claim_a_complete_route_and_scores_it_at_once() -> None:
    """The rulebook's "qualquer espaço não ocupado": here C2 runs through 23 and 24 into C1."""
    board = board_with({"23": "aacb", "24": "baac"})
    state = state_with(board, "aaaa", players=2, modules=[2])
    assert state.routes["C2"].complete
    assert "central C2" in {str(a) for a in state.legal_actions(0)}
    state.apply(0, "central C2")
    assert state.profits()["yellow"] == 2
    assert state.view(0)["seats"][0]["points"] == 2


def test_a_central_car_never_claims_a_one_tile_line() -> None:
    """The rulebook: its line must pass more than one tile (the U-turn on 23 is one)."""
    state = state_with(board_with({"23": "ccda"}), "aaaa", players=2, modules=[2])
    assert state.routes["C2"].passages == 1 and state.routes["C2"].complete
    assert "central C2" not in {str(a) for a in state.legal_actions(0)}
    with pytest.raises(IllegalActionError, match="the line from C2 would pass only one tile"):
        state.apply(0, "central C2")


def test_central_cars_open_only_keeps_them_off_complete_routes() -> None:
    board = board_with({"23": "aacb", "24": "baac"})
    state = state_with(board, "aaaa", players=2, modules=[2], central_cars_open_only=True)
    assert "central C2" not in {str(a) for a in state.legal_actions(0)}
    with pytest.raises(IllegalActionError, match="the route from C2 is already complete"):
        state.apply(0, "central C2")
    state.apply(0, "central C1")  # its route is still open


CENTRE_NEIGHBOURS = {"23", "24", "32", "42", "35", "45", "53", "54"}


def central_tracks(**options: Any) -> MetroState:
    """Module 3, the four pieces drawn and nothing else on the board."""
    state = linecraft.load("metro", players=4, modules=[3], **options).new_state(1)
    assert isinstance(state, MetroState)
    while state.is_chance():
        state.advance()
    assert state.placed == 0
    return state


def test_central_track_pieces_are_pieces_on_the_board_for_adjacency() -> None:
    """The rulebook: "adjacente … a ao menos uma peça que já esteja no tabuleiro"."""
    state = central_tracks()
    code = state.hands[0][0]
    assert legal_squares(state, code) >= CENTRE_NEIGHBOURS
    state.apply(0, f"place 23 {code}")


def test_central_tracks_no_adjacency_makes_only_tiles_count_for_adjacency() -> None:
    state = central_tracks(central_tracks_no_adjacency=True)
    code = state.hands[0][0]
    assert not CENTRE_NEIGHBOURS & legal_squares(state, code)
    with pytest.raises(IllegalActionError, match="23 is neither"):
        state.apply(0, f"place 23 {code}")


def test_central_pieces_are_drawn_at_setup_and_numbers_dealt_in_secret() -> None:
    state = linecraft.load("metro", players=4, modules=[3, 4]).new_state(1)
    assert isinstance(state, MetroState)
    while state.is_chance():
        state.advance()
    pieces = [state.board[sq] for sq in (27, 28, 35, 36)]
    assert all(p is not None and p.isupper() for p in pieces)
    assert all(len(n) == 2 for n in state.numbers)
    assert state.view(2)["seats"][0]["numbers"] is None and state.view(0)["seats"][0]["numbers"]
    assert "C1" not in {line for line in state.car_departures()}
