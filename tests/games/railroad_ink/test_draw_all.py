"""Every die that can be drawn must be drawn, in some order (§7.5): the order of
drawing, a special route, a lava die or a volcano cannot dodge a die."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import linecraft
from linecraft.bots import GreedyBot, RandomBot
from linecraft.core import IllegalActionError
from linecraft.games.railroad_ink.actions import (
    ALL_ROLLS,
    DICE,
    NUM_DISTINCT_ACTIONS,
    UNDER_SOURCES,
    Double,
    End,
    Place,
    Roll,
    Undo,
    Volcano,
    action_from_id,
)
from linecraft.games.railroad_ink.board import NEIGHBOUR, parse_board, parse_cell
from linecraft.games.railroad_ink.pieces import (
    BLANK,
    OPPOSITE,
    ROUTE_FACES,
    STATION_FACES,
    orientation_tokens,
)
from linecraft.games.railroad_ink.rules import RailroadInkState, fits, longest_order
from linecraft.games.railroad_ink.underground import UnderRoll, parse_layers
from linecraft.games.railroad_ink.underground_play import source_face

# The only empty square that anything points at is E7, between two highway ends.
CORNER = """
..HH HH.. .H.H .H.H .H.H H..H ..HH
H.H. .... .... .... .... .... H.H.
H.H. .... .... .... .... .... H.H.
H.HH .... .... .... .... .... HHH.
H.H. .... .... .... .... .... ....
H.H. .... .... .... .... .... H.H.
HH.. .HHH .H.H .H.H .H.H .HHH H..H
"""
ALL_FOUR = ["d4 E7 H..R+", "d1 E6 .R.R", "d2 E5 .R.R", "d3 E4 .R.R"]
# The same with its middle full of straight highways: a die fits on E7 alone.
FULL = """
..HH HH.. .H.H .H.H .H.H H..H ..HH
H.H. H.H. H.H. H.H. H.H. H.H. H.H.
H.H. H.H. H.H. H.H. H.H. H.H. H.H.
H.HH H.H. H.H. H.H. H.H. H.H. HHH.
H.H. H.H. H.H. H.H. H.H. H.H. ....
H.H. H.H. H.H. H.H. H.H. H.H. H.H.
HH.. .HHH .H.H .H.H .H.H .HHH H..H
"""

# Underground: the only square open is C3, below the pipe of B3.
UNDER_CORNER = """
[underground]
.S.S .S.S .S.S .S.S .S.S .S.S .S.S
.S.S .S.S PSPS .S.S .S.S .S.S .S.S
S.S. .... .... S.S. .S.S .S.S .S.S
..PP .... .... .PP. .P.P .P.P .P.P
.S.S .S.S .S.S .S.S .S.S .S.S .S.S
.S.S .S.S .S.S .S.S .S.S .S.S .S.S
.S.S .S.S .S.S .S.S .S.S .S.S .S.S
"""


def game_on(board_text: str, roll: str, **options: Any) -> RailroadInkState:
    state = linecraft.load("railroad-ink", **options).new_state(0)
    assert isinstance(state, RailroadInkState)
    state.seats[0].board = list(parse_board(board_text))
    state.apply_chance(roll)
    return state


def snapshot(state: RailroadInkState) -> tuple[object, ...]:
    seat = state.seats[0]
    return (
        state.view(None),
        list(state.history),
        list(seat.board),
        list(seat.under),
        list(seat.actions),
    )


def refusal(state: RailroadInkState, text: str = "end") -> str:
    """The reason `text` is refused; the state must be exactly as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(0, text)
    assert snapshot(state) == before
    return str(info.value)


def named_order(message: str) -> list[str]:
    """The drawings that a refusal of `end` names."""
    drawings = message.split(": ", 2)[2].split("; undo")[0]
    return drawings.split(", ")


def undo_all(state: RailroadInkState, keep: int = 0) -> None:
    while len(state.seats[0].actions) > keep:
        state.undo(0)


def under_corner(roll: str) -> RailroadInkState:
    state = linecraft.load("railroad-ink", variant="underground-standalone").new_state(0)
    assert isinstance(state, RailroadInkState)
    state.seats[0].under = list(parse_layers(UNDER_CORNER).underground)
    state.apply_chance(roll)
    return state


def test_the_order_of_drawing_cannot_dodge_a_die() -> None:
    state = game_on(CORNER, "roll RS RS RS SC")
    assert "d4 E7 HR..+" not in [str(a) for a in state.legal_actions(0)]  # it strands
    state.apply(0, "d4 E7 HR..+")  # railway to the board edge: no straight railway fits
    assert state.stranded(0) and state.legal_actions(0) == [Undo()]
    message = refusal(state)
    assert message.startswith("end: the dice can all be drawn: d4 E7 ")
    assert message.endswith("; undo and draw them")
    undo_all(state)
    for drawing in named_order(message):
        state.apply(0, drawing)
    assert End() in state.legal_actions(0)
    state.apply(0, "end")


def test_drawing_all_four_in_the_good_order_ends_the_round() -> None:
    state = game_on(CORNER, "roll RS RS RS SC")
    for drawing in ALL_FOUR:
        state.apply(0, drawing)
    assert End() in state.legal_actions(0)
    state.apply(0, "end")
    assert state.is_chance()


def test_a_special_route_cannot_dodge_a_die() -> None:
    state = game_on(FULL, "roll HS RS RS SC")
    state.apply(0, "x3 E7 HHHH")  # on the one square where a die fits
    assert End() not in state.legal_actions(0)
    assert refusal(state) == "end: 1 of the 4 dice can be drawn: d1 E7 H.H.; undo and draw them"


def test_a_die_that_fits_nowhere_in_any_order_may_stay_unused() -> None:
    state = game_on(CORNER, "roll RS RS RS SS")  # no straight station joins a highway at E7
    assert End() in state.legal_actions(0)
    state.apply(0, "end")


def test_drawing_fewer_than_the_most_is_refused_with_how_many_can_be_drawn() -> None:
    state = game_on(CORNER, "roll HS RS RS SC")
    state.apply(0, "d1 E7 H.H.")  # the highway joins D7 and F7, and the station has nowhere to go
    message = refusal(state)
    assert message.startswith("end: 3 of the 4 dice can be drawn: ")
    assert len(named_order(message)) == 3


def test_underground_dice_cannot_be_dodged() -> None:
    state = under_corner("roll STo SI PI PTs")
    assert "u4 C3 PSPPo" not in [str(a) for a in state.legal_actions(0)]
    state.apply(0, "u4 C3 PSPPo")  # pipes west and south: no subway left open
    state.apply(0, "u3 D3 P.P.")
    assert End() not in state.legal_actions(0) and Undo() in state.legal_actions(0)
    message = refusal(state)
    assert message.startswith("end: the dice can all be drawn: ")
    undo_all(state)
    for drawing in named_order(message):
        state.apply(0, drawing)
    state.apply(0, "end")


def test_a_doubled_die_counts_among_the_dice() -> None:
    state = under_corner("roll STo SI PI PTs")
    state.apply(0, "double u3")
    for drawing in ["u4 C3 PSPPo", "u3 C2 .P.P", "u5 D3 P.P."]:
        state.apply(0, drawing)
    assert refusal(state).startswith("end: 4 of the 5 dice can be drawn: ")


def test_a_doubled_die_that_fits_in_no_order_may_stay_unused() -> None:
    state = under_corner("roll STo SI PI PTs")
    for drawing in ["u4 C3 PPPSo", "u1 C2 SSS.o", "u2 D2 S.S.", "u3 D3 P.P."]:
        state.apply(0, drawing)
    state.apply(0, "double u2")  # a second straight subway has nowhere to go
    assert End() in state.legal_actions(0)
    state.apply(0, "end")


def test_a_double_that_strands_is_not_listed() -> None:
    """A double's u5 counts among the dice owed once the start lets five be drawn: a
    double that leaves it no way is left out, like any drawing that strands."""
    state = under_corner("roll SIo SI PI II")
    state.apply(0, "u3 C3 P.P.")
    assert "double u4" not in [str(a) for a in state.legal_actions(0)]
    assert "double u3" in [str(a) for a in state.legal_actions(0)]
    state.apply(0, "double u4")  # by hand: taken, but only undo leads on
    assert state.stranded(0) and state.legal_actions(0) == [Undo()]


def test_lava_in_the_way_of_a_die_must_be_undone() -> None:
    state = game_on(CORNER, "roll RS RS RS SC LS LS", expansions=["lava"])
    state.seats[0].board[parse_cell("D4")] = "LLLL"
    state.apply(0, "l1 E4 L.L.")  # fed by the volcano, but on the railway's way
    for drawing in ALL_FOUR[:3]:
        state.apply(0, drawing)
    message = refusal(state)
    assert "the dice can all be drawn" in message
    assert all(drawing[0] == "d" for drawing in named_order(message))  # route dice only
    undo_all(state)
    state.apply(0, "l1 C4 L.L.")
    for drawing in ALL_FOUR:
        state.apply(0, drawing)
    state.apply(0, "end")


def test_with_meteor_the_round_starts_after_the_strike() -> None:
    state = game_on(CORNER, "roll RS RS RS SC MN M1", expansions=["meteor"])
    state.apply(0, "strike N")  # a crater on the empty C4
    state.apply(0, "d4 E7 HR..+")
    message = refusal(state)
    undo_all(state, keep=1)
    for drawing in named_order(message):
        state.apply(0, drawing)
    state.apply(0, "end")


def test_a_die_that_fits_only_on_a_crater_may_stay_unused() -> None:
    state = linecraft.load("railroad-ink", expansions=["meteor"]).new_state(0)
    assert isinstance(state, RailroadInkState)
    state.seats[0].board = list(parse_board(CORNER))
    state.seats[0].impact = parse_cell("E4")
    state.apply_chance("roll RS RS RS SC ME M3")
    state.apply(0, "strike E")  # E4 → E7: the one open square becomes a crater
    actions = [str(a) for a in state.legal_actions(0)]
    assert "end" in actions and "erase E7 d4 H..R+" in actions  # erasing is not obligatory
    state.apply(0, "end")


def test_greedy_bot_undoes_when_stranded_and_never_strands_itself() -> None:
    state = game_on(CORNER, "roll RS RS RS SC")
    state.apply(0, "d4 E7 HR..+")
    bot = GreedyBot(seed=1)
    assert str(bot.choose(state, 0)) == "undo"
    state.undo(0)
    while not state.seats[0].ended:
        state.apply(0, bot.choose(state, 0))
        assert not state.stranded(0)
    drawn = {event.text.split()[0] for event in state.history[3:]}
    assert {"d1", "d2", "d3", "d4"} <= drawn


def test_random_bot_gets_out_of_a_corner() -> None:
    state = game_on(CORNER, "roll RS RS RS SC")
    state.apply(0, "d4 E7 HR..+")
    bot = RandomBot(seed=3)
    assert str(bot.choose(state, 0)) == "undo"
    for _ in range(200):
        if state.seats[0].ended:
            break
        state.apply(0, bot.choose(state, 0))
    assert state.seats[0].ended


DICE_TOKENS = [t for face in ROUTE_FACES + STATION_FACES for t in orientation_tokens(face)]


def dense_board(rng: random.Random, drawn: int = 44) -> list[str | None]:
    """A board with `drawn` squares drawn at random with pieces that do not clash: few
    squares are open, so the order of drawing matters."""
    board: list[str | None] = [None] * 49
    for cell in rng.sample(range(49), drawn):
        for token in rng.sample(DICE_TOKENS, len(DICE_TOKENS)):
            if not any(
                _clash(token, side, board, other) for side, other in enumerate(NEIGHBOUR[cell])
            ):
                board[cell] = token
                break
    return board


def _clash(token: str, side: int, board: list[str | None], other: int) -> bool:
    facing = board[other] if other >= 0 else None
    if facing is None:
        return False
    mine, theirs = token[side], facing[OPPOSITE[side]]
    return BLANK not in (mine, theirs) and mine != theirs


def most_drawn_by_trying_every_order(board: list[str | None], faces: list[str]) -> int:
    """The most of `faces` that can be drawn one after another, every order tried (each
    set of drawings with the faces left once: what follows it never changes)."""
    tried: set[tuple[frozenset[tuple[int, str]], tuple[str, ...]]] = set()

    def most(drawn: frozenset[tuple[int, str]], left: tuple[str, ...]) -> int:
        if (drawn, left) in tried:
            return 0
        tried.add((drawn, left))
        best = len(drawn)
        for index, face in enumerate(left):
            for cell in range(49):
                for token in orientation_tokens(face):
                    if fits(board, cell, token):
                        board[cell] = token
                        rest = left[:index] + left[index + 1 :]
                        best = max(best, most(drawn | {(cell, token)}, rest))
                        board[cell] = None
        return best

    return most(frozenset(), tuple(faces))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), drawn=st.integers(40, 46), roll=st.sampled_from(ALL_ROLLS))
def test_the_search_finds_the_longest_order(seed: int, drawn: int, roll: Roll) -> None:
    board = dense_board(random.Random(seed), drawn)
    dice = tuple((die, roll.face(die)) for die in DICE)
    order = longest_order(tuple(board), dice, len(dice))
    after = list(board)
    for drawing in order:  # each drawing legal when its turn comes
        assert fits(after, drawing.cell, drawing.token)
        after[drawing.cell] = drawing.token
    assert len({drawing.source for drawing in order}) == len(order)
    assert len(order) == most_drawn_by_trying_every_order(board, [face for _, face in dice])


MODES: list[dict[str, Any]] = [
    {},
    {"expansions": ["lava"]},
    {"expansions": ["meteor"]},
    {"expansions": ["underground"]},
    {"variant": "underground-standalone"},
]


@settings(max_examples=40, deadline=None)
@given(
    mode=st.sampled_from(range(len(MODES))),
    seed=st.integers(0, 10_000),
    dense=st.booleans(),
    steps=st.integers(1, 60),
)
def test_end_is_listed_exactly_when_it_is_accepted_and_no_listed_action_strands(
    mode: int, seed: int, dense: bool, steps: int
) -> None:
    state = linecraft.load("railroad-ink", players=2, **MODES[mode]).new_state(seed)
    assert isinstance(state, RailroadInkState)
    rng = random.Random(seed)
    if dense and "lava" not in MODES[mode].get("expansions", ()):
        for seat in state.seats:
            seat.board = dense_board(rng)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance():
            state.advance()
            continue
        player = rng.choice(state.to_act())
        listed = state.legal_actions(player)
        try:
            state.check(player, End())
            accepted = True
        except IllegalActionError:
            accepted = False
        assert (End() in listed) == accepted
        assert (Undo() in listed) == state.stranded(player)
        assert listed == [Undo()] or Undo() not in listed
        state.apply(player, rng.choice(listed))
        assert not state.stranded(player)  # a listed action never leads into a corner


EVERY_ACTION = [action_from_id(number) for number in range(NUM_DISTINCT_ACTIONS)]


@settings(max_examples=40, deadline=None)
@given(
    mode=st.sampled_from(range(len(MODES))), seed=st.integers(0, 10_000), steps=st.integers(1, 50)
)
def test_the_list_leaves_out_exactly_the_actions_that_strand(
    mode: int, seed: int, steps: int
) -> None:
    """Of every drawing on an empty square, volcano and double that the notation can
    name, the list holds those `check` accepts after which the player can still draw
    the dice owed (§7.5), and no other: the shortcuts that spare the search drop
    nothing and let nothing through."""
    state = linecraft.load("railroad-ink", players=1, **MODES[mode]).new_state(seed)
    assert isinstance(state, RailroadInkState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance():
            state.advance()
            continue
        state.apply(0, rng.choice(state.legal_actions(0)))
    if state.is_terminal() or state.is_chance() or not state.seats[0].resolved:
        return
    seat, roll = state.seats[0], state.roll
    assert roll is not None
    if isinstance(roll, UnderRoll):
        board = seat.under
        dice = [(s, source_face(roll, s, seat.doubled)) for s in UNDER_SOURCES if not seat.used(s)]
    else:
        board = seat.board
        dice = [(d, roll.face(d)) for d in [*state.unused_dice(0), *state.unused_lava_dice(0)]]
    firsts: dict[str, str] = {}  # of identical dice, the list shows the first one's
    for source, face in dice:
        if face is not None:  # u5 before a double
            firsts.setdefault(face, source)
    sources = {*firsts.values(), *seat.open_specials()}
    shown = (Place, Volcano, Double)
    listed = {str(a) for a in state.legal_actions(0) if isinstance(a, shown)}
    kept = set()
    for action in EVERY_ACTION:
        if isinstance(action, Place | Volcano) and board[action.cell] is not None:
            continue
        if not isinstance(action, shown) or (
            isinstance(action, Place) and action.source not in sources
        ):
            continue
        try:
            state.check(0, action)
        except IllegalActionError:
            continue
        after = state.clone()
        after.apply_unchecked(0, action)
        if not after.stranded(0):
            kept.add(str(action))
    assert listed == kept
