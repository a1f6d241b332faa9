"""The piece picker the web client shows: every placing action is reachable by picking
its piece and pressing Rotate/Mirror, and every turn leads to a drawing that can be placed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from linecraft.core.game import Game, State
from linecraft.core.registry import load_game
from linecraft.server.picks import NO_FORM, pick_panel

CASES = {  # label: (game, options, does a piece have a picture, the turns allowed)
    "railroad-ink": ("railroad-ink", {}, True, ["rotate", "mirror"]),
    "railroad-ink-lava-meteor": (
        "railroad-ink",
        {"expansions": ["lava", "meteor"]},
        True,
        ["rotate", "mirror"],
    ),
    "railroad-ink-underground": (
        "railroad-ink",
        {"expansions": ["underground"]},
        True,
        ["rotate", "mirror"],
    ),
    "metro": ("metro", {}, True, []),
    "metro-free-rotation": ("metro", {"free_rotation": True}, True, ["rotate"]),
    "metromania": ("metromania", {}, False, []),
}


def decisions(game: Game, seed: int, every: int) -> Iterator[tuple[State, int]]:
    """Every `every`-th decision of a random game, with the seat to decide."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    count = 0
    while not state.is_terminal():
        if state.is_chance():
            state.advance()
            continue
        seat = state.to_act()[0]
        if count % every == 0:
            yield state, seat
        count += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def closure(pieces: dict[str, Any], piece: str, start: str) -> set[str]:
    """The drawings a player reaches from `start` with the Rotate and Mirror buttons."""
    seen, todo = {start}, [start]
    while todo:
        form = todo.pop()
        for turn in ("rotate", "mirror"):
            nxt = pieces[piece][form][turn]
            if nxt is not None and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


@pytest.mark.parametrize("seed", [7, 8])
@pytest.mark.parametrize("label", CASES)
def test_every_placing_action_is_a_piece_in_a_drawing_reached_by_turning(
    label: str, seed: int
) -> None:
    name, options, pictured, allowed = CASES[label]
    game = load_game(name, players=2, **options)
    checked = turned = 0
    for state, seat in decisions(game, seed, every=2):
        actions = state.legal_actions(seat)
        panel = pick_panel(game, actions)
        picks, pieces = panel["picks"], panel["pieces"]
        assert panel["turns"] == (allowed if pieces else [])
        by_piece: dict[str, set[str]] = {}
        for action in actions:
            pick = game.action_pick(action)
            if pick is None:
                assert str(action) not in picks
                continue
            piece, form = pick[0], pick[1] or NO_FORM
            assert picks[str(action)] == [piece, form]
            by_piece.setdefault(piece, set()).add(form)
        assert {p: set(forms) for p, forms in pieces.items()} == by_piece
        for piece, forms in pieces.items():
            first = next(iter(forms))
            assert closure(pieces, piece, first) == set(forms)
            for form, entry in forms.items():
                assert (entry["svg"] is not None) == pictured
                if entry["svg"] is not None:
                    assert entry["svg"].startswith("<svg")
                for turn in ("rotate", "mirror"):
                    nxt = entry[turn]
                    if nxt is None:
                        continue
                    turned += 1
                    assert nxt != form and nxt in forms
                    # the first placeable drawing after the turn, rotating on from there
                    candidate = game.turn_form(form, turn)
                    while candidate not in forms:
                        assert candidate is not None
                        candidate = game.turn_form(candidate, "rotate")
                    assert candidate == nxt
        checked += 1
    assert checked > 5
    assert (turned > 0) == bool(allowed)
