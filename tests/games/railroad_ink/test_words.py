"""Railroad Ink in words: every event of whole games (base, Lava, Meteor, both, the
Underground expansion and the standalone game) told in plain English with seat names and
no engine notation, the same to every seat (nothing is secret); score cards as rows that
add up; buttons for legal actions only, End round shown greyed out with its reason;
prompts for the seat to act.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

import linecraft
from linecraft.core.errors import IllegalActionError
from linecraft.core.game import Action, Control, Event
from linecraft.games.railroad_ink import words
from linecraft.games.railroad_ink.actions import (
    DICE,
    LAVA_DICE,
    UNDER_SOURCES,
    Double,
    End,
    Erase,
    Ignore,
    Place,
    Strike,
    Undo,
    Volcano,
)
from linecraft.games.railroad_ink.board import CELLS, parse_cell
from linecraft.games.railroad_ink.pieces import (
    CANONICAL,
    CRATER,
    FACE_NAMES,
    ROUTE_FACES,
    SPECIAL_ROUTES,
    STATION_FACES,
)
from linecraft.games.railroad_ink.rules import RailroadInk, RailroadInkState
from linecraft.games.railroad_ink.underground import CANONICAL as UNDER_CANONICAL
from linecraft.games.railroad_ink.underground import FACE_NAMES as UNDER_FACE_NAMES

NAMES = ("Ann", "Bea", "Cy")
OPTION_SETS: list[Mapping[str, Any]] = [
    {"players": 2},
    {"players": 1},
    {"players": 2, "expansions": ("lava",)},
    {"players": 2, "expansions": ("meteor",)},
    {"players": 2, "expansions": ("lava", "meteor")},
    {"players": 2, "expansions": ("underground",)},
    {"players": 2, "variant": "underground-standalone"},
]
IDS = ["base", "solo", "lava", "meteor", "lava-meteor", "underground", "standalone"]
FACE_CODES = sorted({*CANONICAL, *UNDER_CANONICAL, "MN", "ME", "MS", "MW", "MA", "M1", "M2", "M3"})
NOTATION = re.compile(
    r"\b(" + "|".join(FACE_CODES) + r")\b"  # die faces
    r"|\b(d[1-4]|x[1-6]|l[12]|u[1-5])\b"  # sources
    r"|(?<![\w.])[HRLSP.*]{4}[+xochb]*(?![\w])"  # side tokens
    r"|\b(strike [NESW]|ignore x|double u|erase [A-G]\d|volcano [A-G]\d|roll [A-Z])"  # actions
    r"|\b(player|seat) \d"
)
D1, D2, D4 = parse_cell("D1"), parse_cell("D2"), parse_cell("D4")

# One step of a played game: the state the event applied to, the event, its log line
# for every viewer (None: a spectator), and for a seat's action the acting seat's
# buttons and prompt before it.
Step = tuple[RailroadInkState, Event, dict[int | None, str | None], list[Control], str]


def _load(options: Mapping[str, Any]) -> RailroadInk:
    game = linecraft.load("railroad-ink", **options)
    assert isinstance(game, RailroadInk)
    return game


def _choose(state: RailroadInkState, seat: int, rng: random.Random) -> Action:
    """A random player that takes back now and then (and always when its order of
    drawing stranded a die) and draws a new volcano only rarely, so that lava games end."""
    legal = state.legal_actions(seat)
    stranded = any(isinstance(a, Undo) for a in legal)
    if stranded or (state.seats[seat].actions and rng.random() < 0.08):
        return Undo()
    volcanoes = [a for a in legal if isinstance(a, Volcano)]
    others = [a for a in legal if not isinstance(a, Volcano)]
    if volcanoes and (not others or rng.random() < 0.03):
        return rng.choice(volcanoes)
    return rng.choice(others)


@cache
def played(index: int) -> tuple[RailroadInk, RailroadInkState, list[Step]]:
    """A whole seeded game: every event with its lines for every viewer."""
    game = _load(OPTION_SETS[index])
    state = game.new_state(index)
    assert isinstance(state, RailroadInkState)
    rng = random.Random(index)
    viewers: list[int | None] = [None, *range(game.num_players)]
    steps: list[Step] = []
    while not state.is_terminal():
        before = state.clone()
        assert isinstance(before, RailroadInkState)
        buttons: list[Control] = []
        said = ""
        if state.is_chance():
            state.advance()
        else:
            seat = state.to_act()[0]
            buttons = words.controls(game, state, seat)
            said = words.prompt(game, state, seat)
            state.apply(seat, _choose(state, seat, rng))
        event = state.history[-1]
        view = before.view(None)
        lines = {v: words.describe_event(game, before, event, NAMES, v) for v in viewers}
        assert before.view(None) == view and before.history == state.history[:-1]
        steps.append((before, event, lines, buttons, said))
    return game, state, steps


def _numbers(rows: list[tuple[str, Any]]) -> int:
    return sum(value for _, value in rows[:-1] if isinstance(value, int))


# --- the log ----------------------------------------------------------------------------
@pytest.mark.parametrize("index", range(len(OPTION_SETS)), ids=IDS)
def test_every_event_is_told_in_words_with_names(index: int) -> None:
    game, _, steps = played(index)
    for before, event, lines, _, _ in steps:
        line = lines[None]
        assert line and line.strip() == line, event
        assert not NOTATION.search(line), line
        if event.player is None:
            assert line.startswith(f"Round {before.round + 1} of {game.rounds}")
        else:
            assert line.startswith(NAMES[event.player])
    rolls = [lines[None] for _, event, lines, _, _ in steps if event.player is None]
    assert len(rolls) == game.rounds
    last = [words.LAST_ROUND in (line or "") for line in rolls]
    assert last == [False] * (game.rounds - 1) + [True]
    assert (steps[-1][2][None] or "").endswith(words.GAME_OVER)


@pytest.mark.parametrize("index", range(len(OPTION_SETS)), ids=IDS)
def test_nothing_is_secret_so_every_seat_reads_the_same(index: int) -> None:
    _, _, steps = played(index)
    for before, _, lines, _, _ in steps:
        assert before.chance_viewers() is None
        assert len(set(lines.values())) == 1


def test_the_games_tell_every_kind_of_action() -> None:
    kinds = set()
    for index in range(len(OPTION_SETS)):
        game, _, steps = played(index)
        kinds |= {
            type(game.parse_action(e.text)) for _, e, _, _, _ in steps if e.player is not None
        }
    assert kinds >= {Place, Volcano, Erase, Strike, Ignore, Double, Undo, End}


def test_every_piece_has_words_and_the_dice_keep_the_games_names() -> None:
    assert set(words.SURFACE_PIECES) == {*CANONICAL, CRATER}
    assert set(words.UNDER_PIECES) == set(UNDER_CANONICAL)
    for face in (*ROUTE_FACES, *STATION_FACES):
        assert words.SURFACE_PIECES[face].split(" ", 1)[1] == FACE_NAMES[face]
    for face in ("SIo", "SLo", "SI", "SL", "PI", "PL", "PX", "II", "LL"):
        assert words.UNDER_PIECES[face].split(" ", 1)[1] == UNDER_FACE_NAMES[face]


def _fresh(options: Mapping[str, Any]) -> tuple[RailroadInk, RailroadInkState]:
    game = _load(options)
    state = game.new_state(0)
    assert isinstance(state, RailroadInkState)
    return game, state


def _told(game: RailroadInk, state: RailroadInkState, player: int | None, text: str) -> str:
    line = words.describe_event(game, state, Event(player, text), NAMES, None)
    assert line is not None
    return line


@pytest.mark.parametrize(
    ("options", "roll", "line"),
    [
        (
            {"players": 2},
            "roll RS HC RT OV",
            "Round 1 of 7: the dice show a straight railway, a curved highway, "
            "a railway T-junction and an overpass.",
        ),
        (
            {"players": 1, "expansions": ("lava", "meteor")},
            "roll HS HS HT SC LC LR MN M3",
            "Round 1 of 6: the dice show a straight highway, a straight highway, "
            "a highway T-junction and a curved station. The lava dice show a lava corner "
            "and lava beside a straight railway. The meteor will fly north 3 squares.",
        ),
        (
            {"players": 1, "expansions": ("meteor",)},
            "roll HS HS HT SC MA M1",
            "Round 1 of 6: the dice show a straight highway, a straight highway, "
            "a highway T-junction and a curved station. "
            "The meteor will fly 1 square, each player choosing its direction.",
        ),
        (
            {"players": 1, "variant": "underground-standalone"},
            "roll SIo PL PX II",
            "Round 1 of 7: the dice show a straight subway with a station, a curved pipe, "
            "a pipe crossing and a pipe crossing a subway.",
        ),
    ],
)
def test_a_roll_opens_the_round(options: Mapping[str, Any], roll: str, line: str) -> None:
    game, state = _fresh(options)
    assert _told(game, state, None, roll) == line


def test_an_underground_round_is_announced_as_one() -> None:
    game, state = _fresh({"players": 1, "expansions": ("underground",)})
    state.round = 1
    assert _told(game, state, None, "roll SIo PL PX II").startswith(
        "Round 2 of 14, underground: the underground dice show a straight subway with a station"
    )


def test_drawings_specials_and_taking_back() -> None:
    game, state = _fresh({"players": 2})
    state.apply_chance("roll HS HC RT OV")
    assert _told(game, state, 1, "d1 D1 .H.H") == "Bea drew a straight highway on D1."
    assert _told(game, state, 1, "d4 D1 RHRHx") == "Bea drew an overpass on D1."
    assert _told(game, state, 0, "x4 A4 RRRR") == (
        "Ann drew a special route on A4: a railway crossing."
    )
    state.apply(0, "x4 A4 RRRR")
    assert _told(game, state, 0, "undo") == "Ann took back the drawing on A4 (a railway crossing)."


def test_the_meteor_strike_names_the_crater_and_what_it_destroyed() -> None:
    game, state = _fresh({"players": 1, "expansions": ("meteor",)})
    state.seats[0].board[parse_cell("C4")] = "H.H."
    state.apply_chance("roll HS HC RT OV MN M1")
    assert _told(game, state, 0, "strike N") == (
        "Ann let the meteor strike: it flew north 1 square and left a crater on C4. "
        "The crater destroyed the drawing there (a straight highway)."
    )
    assert _told(game, state, 0, "ignore x3") == (
        "Ann crossed off a special route (a highway crossing) to ignore the meteor this round."
    )
    state.apply(0, "strike N")
    assert _told(game, state, 0, "undo") == "Ann took back the meteor strike on C4."
    assert _told(game, state, 0, "erase C4 d1 H.H.") == (
        "Ann erased the crater on C4 and drew a straight highway there."
    )


def test_lava_volcanoes_and_erasing_for_lava() -> None:
    game, state = _fresh({"players": 1, "expansions": ("lava",)})
    state.seats[0].board[parse_cell("D5")] = ".H.H"
    state.apply_chance("roll HS HC RT OV LC LR")
    assert _told(game, state, 0, "l1 C4 ..LL") == "Ann drew a lava corner on C4."
    assert _told(game, state, 0, "volcano A1") == "Ann drew a new volcano on A1."
    assert _told(game, state, 0, "erase D5 l2 .RLR") == (
        "Ann had no room for lava: erased the drawing on D5 (a straight highway) "
        "and drew lava beside a straight railway there."
    )


def test_hubs_and_burst_pipes_are_told() -> None:
    game, state = _fresh({"players": 1, "expansions": ("underground",)})
    state.seats[0].under[D1] = "SPPSo"  # a subway station and a pipe under D1
    state.apply_chance("roll HS HC RT SS")
    assert _told(game, state, 0, "d4 D1 .R.H+") == (
        "Ann drew a straight station on D1. The subway station under D1 is now a hub. "
        "The pipe under D1 bursts."
    )
    game, state = _fresh({"players": 1, "variant": "underground-standalone"})
    state.apply_chance("roll SIo PL PX II")
    assert _told(game, state, 0, "u1 A4 S.S.o") == (
        "Ann drew a straight subway with a station on A4. The station is a hub."
    )
    assert _told(game, state, 0, "double u3") == (
        "Ann doubled a die: a pipe crossing may be drawn twice this round (2 doublings left)."
    )


# --- score cards ------------------------------------------------------------------------
@pytest.mark.parametrize("index", range(len(OPTION_SETS)), ids=IDS)
def test_score_rows_add_up_to_the_total_with_penalties_negative(index: int) -> None:
    _, final, steps = played(index)
    states = [before for before, *_ in steps[:: max(1, len(steps) // 8)]] + [final]
    labels = None
    penalties = {words.ROW_ERRORS, *(r["open_ends"] for r in words.UNDER_ROWS.values())}
    penalties.add(words.UNDER_ROWS[True]["burst_pipes"])
    for state in states:
        for card in state.scores().values():
            rows = words.score_rows(card)
            assert rows[-1] == ("Total", card.total)
            assert _numbers(rows) == card.total
            assert all(value <= 0 for label, value in rows if label in penalties)
            assert any(label in penalties for label, _ in rows)
            assert labels in (None, [label for label, _ in rows])  # one table for all seats
            labels = [label for label, _ in rows]
            assert not any(NOTATION.search(f"{label} {value}") for label, value in rows)


def test_the_lava_and_underground_rows() -> None:
    card = {
        "networks": [{"exits": 6, "points": 20}, {"exits": 4, "points": 12}],
        "network_points": 32,
        "longest_highway": 11,
        "longest_railway": 5,
        "centre": 4,
        "errors": 8,
        "expansion": {
            "lava": {
                "closed_lakes": 1,
                "closed_lake_points": 5,
                "largest_lake": 5,
                "open_lava_sides": 3,
                "points": 10,
            }
        },
        "total": 54,
    }
    assert words.score_rows(card) == [
        ("Networks (exits in each)", "6, 4"),
        ("Connected exits", 32),
        ("Longest highway", 11),
        ("Longest railway", 5),
        ("Centre squares", 4),
        ("Closed lava lakes (5 each)", 5),
        ("Largest lava lake", 5),
        ("Errors", -8),
        ("Open lava sides (among the errors)", "3"),
        ("Total", 54),
    ]
    standalone = {
        "networks": [{"kind": "subway", "exits": 3, "hubs": 1, "size": 4, "points": 12}],
        "network_points": 12,
        "longest_pipe": 7,
        "longest_pipe_points": 14,
        "longest_subway": 9,
        "centre": 5,
        "open_ends": 2,
        "burst_pipes": 0,  # pipes never burst in the standalone game (§11.10)
        "errors": 2,
        "total": 38,
    }
    rows = words.score_rows(standalone)
    assert rows[0] == ("Networks (size of each)", "subway of 4")
    assert ("Open ends", -2) in rows and _numbers(rows) == 38
    under = {**standalone, "burst_pipes": 1, "errors": 4, "total": 36, "points": 36}
    rows = words.score_rows({**card, "expansion": {"underground": under}, "total": 80})
    assert ("Underground: burst pipes (2 each)", -2) in rows
    assert ("Underground board", "36") in rows and _numbers(rows) == 80


# --- buttons and prompts ----------------------------------------------------------------
@pytest.mark.parametrize("index", range(len(OPTION_SETS)), ids=IDS)
def test_buttons_name_legal_actions_and_end_says_why_not(index: int) -> None:
    game, _, steps = played(index)
    for before, event, _, buttons, _ in steps:
        if event.player is None:
            continue
        legal = {str(a) for a in before.legal_actions(event.player)}
        assert buttons[-1].action == "end"
        assert buttons[-1].label == f"End round {before.round}"
        assert buttons[-1].enabled == _end_allowed(before, event.player)
        for button in buttons:
            assert button.action != "undo" and not NOTATION.search(button.label)
            assert button.action in legal if button.enabled else button.why_not
            action = game.parse_action(button.action)
            assert game.action_pick(action) is None and game.action_target(action) is None


def _end_allowed(state: RailroadInkState, player: int) -> bool:
    try:
        state.check(player, End())
    except IllegalActionError:
        return False
    return state.seats[player].resolved


@pytest.mark.parametrize("index", range(len(OPTION_SETS)), ids=IDS)
def test_the_seat_to_act_is_always_told_what_is_left(index: int) -> None:
    game, _, steps = played(index)
    for before, event, _, _, said in steps:
        if event.player is not None:
            assert said.startswith(f"Round {before.round} of {game.rounds}")
            assert not NOTATION.search(said), said
    acted = next(before for before, event, *_ in steps if event.player == 0)
    after_end = acted.clone()
    assert isinstance(after_end, RailroadInkState)
    after_end.seats[0].ended = True
    assert words.prompt(game, after_end, 0) == "" and words.controls(game, after_end, 0) == []


def test_the_reasons_seen_in_play() -> None:
    reasons = {
        button.why_not
        for index in range(len(OPTION_SETS))
        for *_, buttons, _ in played(index)[2]
        for button in buttons
    }
    assert {words.WHY_METEOR, words.WHY_DICE[0].format(count=1), words.WHY_LAVA} <= reasons


def _stranded() -> tuple[RailroadInk, RailroadInkState]:
    """Only D1 (on the highway exit) and D2 are free: a curve on D1 turned away from D2
    leaves the straight highway nowhere to go, though drawn first it fitted both."""
    game, state = _fresh({"players": 1})
    for cell in range(CELLS):
        if cell not in (D1, D2):
            state.seats[0].board[cell] = CRATER
    state.apply_chance("roll HS HC HC SS")
    state.apply(0, "d2 D1 ..HH")
    return game, state


def test_end_waits_for_a_die_that_another_order_draws() -> None:
    game, state = _stranded()
    end = words.controls(game, state, 0)[-1]
    assert (end.enabled, end.why_not) == (False, words.WHY_ORDER)
    assert words.prompt(game, state, 0) == (
        "Round 1 of 7: a die can still be drawn. Take back and draw in another order."
    )
    state.apply(0, "undo")
    assert words.prompt(game, state, 0) == "Round 1 of 7: 4 dice to draw."
    state.apply(0, "d1 D1 .H.H")
    state.apply(0, "d2 D2 H..H")
    end = words.controls(game, state, 0)[-1]
    assert end == Control("end", "End round 1")
    assert words.prompt(game, state, 0) == "Round 1 of 7: no die left fits anywhere. End the round."
    assert _told(game, state, 0, "end") == "Ann ended round 1; 2 dice could not be drawn."


def test_lava_holds_back_the_end_of_the_round() -> None:
    game, state = _fresh({"players": 1, "expansions": ("lava",)})
    square = parse_cell("C2")
    for cell in range(CELLS):
        if cell not in (D4, square):
            state.seats[0].board[cell] = CRATER  # D4's lava faces craters: no room for lava
    state.apply_chance("roll HS HC RT OV LC LT")
    end = words.controls(game, state, 0)[-1]
    assert (end.enabled, end.why_not) == (False, words.WHY_LAVA_ROOM)
    assert words.prompt(game, state, 0) == (
        "Round 1 of 6: no lava die fits. Draw a new volcano, or erase a route next to lava "
        "to make room."
    )
    state.apply(0, "volcano C2")
    assert words.controls(game, state, 0)[-1].enabled


def test_the_meteor_comes_first() -> None:
    game, state = _fresh({"players": 1, "expansions": ("meteor",)})
    state.apply_chance("roll HS HC RT OV MA M2")
    buttons = words.controls(game, state, 0)
    ignore = buttons[:-1]  # the strikes are played on the board, where their arrows land
    assert [b.action for b in ignore] == [f"ignore {x}" for x in SPECIAL_ROUTES]
    assert {b.group for b in ignore} == {words.IGNORE_GROUP}
    assert [b.label for b in ignore][3] == "Railway crossing"
    assert all(b.picture and b.picture.startswith("<svg") for b in ignore)
    assert (buttons[-1].enabled, buttons[-1].why_not) == (False, words.WHY_METEOR)
    assert words.prompt(game, state, 0) == (
        "Round 1 of 6: the meteor strikes first. Choose its direction: click the square "
        "where one of its arrows lands, or cross off a special route to ignore it."
    )


def test_doubling_buttons_and_the_underground_prompt() -> None:
    game, state = _fresh({"players": 1, "expansions": ("underground",)})
    state.round = 1
    state.apply_chance("roll SIo PL PL II")
    labels = [button.label for button in words.controls(game, state, 0)]
    assert labels == [
        "Draw a straight subway with a station twice",
        "Draw a curved pipe twice",  # one button for the two dice that show it
        "Draw a pipe crossing a subway twice",
        "End round 2",
    ]
    assert words.prompt(game, state, 0) == (
        "Round 2 of 14, underground: 4 underground dice to draw on the underground board."
    )


# --- the hand ---------------------------------------------------------------------------
def test_piece_groups() -> None:
    assert {words.piece_group(d) for d in DICE} == {("Dice", False)}
    assert {words.piece_group(x) for x in SPECIAL_ROUTES} == {("Special routes", True)}
    assert {words.piece_group(d) for d in LAVA_DICE} == {("Lava dice", False)}
    assert {words.piece_group(u) for u in UNDER_SOURCES} == {("Underground dice", False)}
    assert words.piece_group("volcano") == ("Volcano", True)
    assert {*DICE, *SPECIAL_ROUTES, *LAVA_DICE, *UNDER_SOURCES, "volcano"} == set(
        words.PIECE_LABELS
    )
    assert not any(NOTATION.search(label) for label in words.PIECE_LABELS.values())
    for index in range(len(OPTION_SETS)):
        game, _, steps = played(index)
        for before, event, *_ in steps[:40]:
            if event.player is not None:
                for action in before.legal_actions(event.player):
                    pick = game.action_pick(action)
                    assert pick is None or words.piece_group(pick[0])[0]
