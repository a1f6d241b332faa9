"""Metro in words: every event of whole games told to each seat and to spectators in
plain English, with seat names, without engine notation and without another seat's
secrets; score cards as rows; buttons for legal actions only; prompts for the seat to act.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

import linecraft
from linecraft.bots import RandomBot
from linecraft.core.game import Control, Event
from linecraft.games.metro import INFO, words
from linecraft.games.metro.actions import Exchange, Outcome, Place
from linecraft.games.metro.board import SQUARES, square
from linecraft.games.metro.game import Metro
from linecraft.games.metro.rules import MetroState
from linecraft.games.metro.tables import parse_share
from linecraft.games.metro.tiles import CENTRAL_PIECES, DESIGN_COPIES, VALID_CODES, design, rotate
from tests.games.metro.helpers import state_with

NAMES = ("Ann", "Bea", "Cy", "Dot", "Eve", "Flo")
OPTION_SETS: list[Mapping[str, Any]] = [
    *INFO.conformance_options,
    {"players": 3, "hand_size": 3},
    {"players": 4, "modules": (1,), "exchange_cooldown": True},
    {"players": 2, "modules": (1, 3, 4), "free_rotation": True},
    {"players": 5, "modules": (1, 2, 4)},
]
IDS = [f"game{n}" for n in range(len(OPTION_SETS))]
PIECE_CODES = {rotate(piece, k) for piece in CENTRAL_PIECES for k in range(4)}
NOTATION = re.compile(
    r"\b(" + "|".join(sorted({*VALID_CODES, *PIECE_CODES})) + r")\b"  # tiles, central pieces
    r"|\b[YBOGPKRW][1-4]0\b"  # shares
    r"|\bC[1-8]\b"  # central positions
    r"|\b(player|seat|company) \d"
    r"|\b(place \d\d|exchange [1-4]0)",  # action texts
)

Told = tuple[MetroState, Event, dict[int | None, str | None]]


def _load(options: Mapping[str, Any]) -> Metro:
    game = linecraft.load("metro", **options)
    assert isinstance(game, Metro)
    return game


@cache
def played(index: int) -> tuple[Metro, MetroState, list[Told]]:
    """A whole seeded game of random bots: each event with the state it applied to and
    its line for every viewer (None: a spectator)."""
    game = _load(OPTION_SETS[index])
    state = game.new_state(index)
    bots = [RandomBot(index * 10 + seat) for seat in range(game.num_players)]
    viewers: list[int | None] = [None, *range(game.num_players)]
    told: list[Told] = []
    while not state.is_terminal():
        before = state.clone()
        assert isinstance(before, MetroState)
        if state.is_chance():
            state.advance()
        else:
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state, seat))
        event = state.history[-1]
        table = before.table()
        lines = {v: words.describe_event(game, before, event, NAMES, v) for v in viewers}
        assert before.table() == table and len(before.history) == len(state.history) - 1
        told.append((before, event, lines))
    return game, state, told


def test_every_tile_design_and_central_piece_has_words() -> None:
    assert set(words.SHAPES) == set(DESIGN_COPIES)
    assert {design(piece.lower()) for piece in CENTRAL_PIECES} <= set(words.SHAPES)


@pytest.mark.parametrize("index", range(len(OPTION_SETS)), ids=IDS)
def test_every_event_is_told_in_words_with_names(index: int) -> None:
    game, _, told = played(index)
    names = NAMES[: game.num_players]
    for before, event, lines in told:
        for text in lines.values():
            assert text is None or text.strip(), event
            if text is not None:
                assert not NOTATION.search(text), text
        seat = event.player if event.player is not None else before.pending[0][1]
        if seat is not None:
            assert all(t in (None, words.PILE_EMPTY) or names[seat] in t for t in lines.values())
        if event.player is not None:
            action = re.compile(rf"\b{re.escape(event.text)}\b")
            assert all(lines.values())
            assert not any(action.search(text or "") for text in lines.values())
    assert all(line is not None and line.endswith(words.GAME_OVER) for line in told[-1][2].values())
    emptied = [lines for _, _, lines in told if words.PILE_EMPTY in (lines[None] or "")]
    assert len(emptied) == 1 and all(words.PILE_EMPTY in (t or "") for t in emptied[0].values())


@pytest.mark.parametrize("index", range(len(OPTION_SETS)), ids=IDS)
def test_a_private_draw_reads_the_same_to_others_whatever_was_drawn(index: int) -> None:
    game, _, told = played(index)
    private = [(b, e, lines) for b, e, lines in told if b.chance_viewers() is not None]
    assert private
    for before, event, lines in private:
        (drawer,) = before.chance_viewers() or ()
        outcome = game.parse_outcome(event.text)
        assert isinstance(outcome, Outcome)
        told_to_drawer = lines[drawer]
        assert told_to_drawer is not None and _secret_words(outcome) in told_to_drawer
        others = [v for v in lines if v != drawer]
        outcomes = [str(o) for o, _ in before.chance_outcomes()]
        for other in outcomes[:1] + outcomes[-1:]:
            elsewise = Event(None, other)
            for viewer in others:
                assert words.describe_event(game, before, elsewise, NAMES, viewer) == lines[viewer]


def _secret_words(outcome: Outcome) -> str:
    """What only the drawer may read: the tile's tracks, the share's company, the number."""
    if outcome.kind == "tile":
        return words.SHAPES[design(outcome.value)]
    share = parse_share(outcome.value)
    if share is not None:
        return words.COLOUR_NAMES[share[0]]
    return outcome.value


def test_an_exchange_names_the_returned_share_only_to_its_player() -> None:
    game = _load({"players": 3, "modules": (1,)})
    state = game.new_state(5)
    while state.is_chance():
        state.advance()
    assert isinstance(state, MetroState)
    own = next(c for c, p in state.shares[0] if p == 20)
    assert own != state.open_share[20]  # so naming it would give the secret away
    for take in ("open", "top"):
        event = Event(0, str(Exchange(20, take)))
        mine = words.describe_event(game, state, event, NAMES, 0)
        theirs = words.describe_event(game, state, event, NAMES, 1)
        spectators = words.describe_event(game, state, event, NAMES, None)
        assert mine is not None and words.COLOUR_NAMES[own] in mine
        assert theirs == spectators
        assert theirs is not None and theirs.startswith("Ann returned a 20% share")
        assert words.COLOUR_NAMES[own] not in theirs


def test_a_line_into_the_centre_is_told_doubled() -> None:
    """§7.5: blue's line from station 12 runs 7 passages into the centre: 14 points."""
    board: list[str | None] = [None] * SQUARES
    for (row, col), code in {
        (1, 1): "badb",
        (2, 1): "baac",
        (2, 2): "aaaa",
        (3, 0): "cbaa",
        (3, 1): "aacb",
    }.items():
        board[square(row, col)] = code
    state = state_with(board, "cdac", players=4)
    game = state.rules
    text = words.describe_event(game, state, Event(0, "place 23 cdac"), NAMES, 2)
    assert text == (
        "Ann placed a tile on square 23: a straight track, two tight curves and a U-turn. "
        "Bea's line from station 12 reached the central station: 7 × 2 = 14 points."
    )


@pytest.mark.parametrize("index", range(len(OPTION_SETS)), ids=IDS)
def test_score_rows_add_up_to_the_total(index: int) -> None:
    game, end, told = played(index)
    middle = told[len(told) // 2][0]
    for state in (middle, end):
        for card in state.scores().values():
            rows = words.score_rows(game, card)
            assert rows[-1] == ("Total", card.total)
            numbers = [v for _, v in rows[:-1] if isinstance(v, int)]
            assert all(v >= 0 for v in numbers)  # Metro has no penalties
            assert sum(numbers) == card.total
            assert all(label[0].isupper() and "_" not in label for label, _ in rows)


def test_score_rows_follow_the_modules() -> None:
    card = {"colour": "-", "lines": 0, "shares": 45, "bonus": 2, "numbers": 5, "total": 52}
    assert words.score_rows(_load({"players": 4, "modules": (1, 4)}), card) == [
        ("Shares", 45),
        ("Majority bonuses", 2),
        ("Station numbers", 5),
        ("Total", 52),
    ]
    card = {"colour": "blue", "lines": 24, "shares": 0, "bonus": 0, "numbers": 0, "total": 24}
    assert words.score_rows(_load({"players": 4}), card) == [
        ("Colour", "Blue"),
        ("Lines", 24),
        ("Total", 24),
    ]


@pytest.mark.parametrize("index", range(len(OPTION_SETS)), ids=IDS)
def test_controls_and_prompts_for_the_seat_to_act(index: int) -> None:
    game, _, told = played(index)
    for before, event, _ in told[::3]:
        if event.player is None:
            continue
        for seat in range(game.num_players):
            buttons = words.controls(game, before, seat)
            asked = words.prompt(game, before, seat)
            if seat != event.player:
                assert buttons == [] and asked == ""
                continue
            assert asked and not NOTATION.search(asked)
            _check_buttons(game, before, seat, buttons)


def _check_buttons(game: Metro, state: MetroState, seat: int, buttons: list[Any]) -> None:
    legal = {
        str(a)
        for a in state.legal_actions(seat)
        if game.action_pick(a) is None and game.action_target(a) is None
    }
    if state.drawn is not None:
        assert buttons == []
        return
    assert {b.action for b in buttons if b.enabled} == legal
    for button in buttons:
        assert button.label and not NOTATION.search(button.label)
        assert button.action != "undo"
        assert button.enabled or (button.why_not and button.action not in legal)
    if not sum(state.pile.values()) and state.hands[seat]:
        assert any(b.action == "draw" and not b.enabled for b in buttons)


def test_a_second_exchange_in_a_row_is_shown_held_back() -> None:
    game = _load({"players": 2, "modules": (1,), "exchange_cooldown": True})
    state = game.new_state(3)
    while state.is_chance():
        state.advance()
    assert isinstance(state, MetroState)
    state.apply(0, "exchange 10 top")
    while state.to_act() != (0,):
        if state.is_chance():
            state.advance()
        else:
            place = next(a for a in state.legal_actions(1) if isinstance(a, Place))
            state.apply(1, place)
    held = [b for b in words.controls(game, state, 0) if not b.enabled]
    assert [(b.label, b.why_not) for b in held] == [
        ("Exchange a share", "You exchanged on your last turn: do something else first.")
    ]


def test_prompts_name_the_tile_drawn_and_the_hand() -> None:
    game = _load({"players": 2, "hand_size": 2})
    state = game.new_state(1)
    while state.is_chance():
        state.advance()
    assert isinstance(state, MetroState)
    assert words.prompt(game, state, 0) == (
        "Place one of your 2 tiles, or draw a new one (56 left in the pile) and place that instead."
    )
    state.apply(0, "draw")
    state.advance()
    assert state.drawn is not None
    assert words.prompt(game, state, 0) == (
        f"Place the tile you drew, with {words.SHAPES[design(state.drawn)]}."
    )
    assert words.controls(game, state, 0) == []


def test_a_seat_without_tiles_passes() -> None:
    game = _load({"players": 2})
    state = game.new_state(2)
    while state.is_chance():
        state.advance()
    assert isinstance(state, MetroState)
    state.pile.clear()
    state.hands[0] = []
    assert words.prompt(game, state, 0) == "You have no tile left: pass."
    assert words.controls(game, state, 0) == [Control("pass", "Pass")]
    told = words.describe_event(game, state, Event(0, "pass"), NAMES, None)
    assert told == "Ann had no tile left and passed."
