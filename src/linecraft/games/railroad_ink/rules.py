"""The base game: rounds, placement legality, special routes, end of round, undo (§7).

All players draw at once on the same roll; a round ends when every player has
declared `end`, and the game after round 7.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from linecraft.core.errors import IllegalActionError
from linecraft.core.game import Action as CoreAction
from linecraft.core.game import Game, Outcome, ScoreCard, State
from linecraft.games.railroad_ink import actions as notation
from linecraft.games.railroad_ink.actions import (
    DICE,
    DIRECTIONS,
    LAVA_DICE,
    End,
    Erase,
    Ignore,
    Place,
    Roll,
    Strike,
    Undo,
    Volcano,
)
from linecraft.games.railroad_ink.board import (
    CELLS,
    EXIT_TYPE,
    NEIGHBOUR,
    Board,
    Drawing,
    cell_name,
    exit_name,
    format_board,
    parse_board,
)
from linecraft.games.railroad_ink.bots import board_value
from linecraft.games.railroad_ink.lava import (
    D4,
    erase_placements,
    erase_problem,
    lava_placements,
    lava_problem,
    volcano_problem,
    volcano_squares,
)
from linecraft.games.railroad_ink.meteor import crater_problem, strike_square
from linecraft.games.railroad_ink.pieces import (
    BLANK,
    CRATER,
    CRATER_SIDE,
    DIRECTION_FACES,
    DIRECTION_ODDS,
    DISTANCE_FACES,
    DISTANCE_ODDS,
    FACE_NAMES,
    LAVA_FACE_ODDS,
    LAVA_FACES,
    OPPOSITE,
    ROUTE_FACES,
    SIDE_NAMES,
    SPECIAL_ROUTES,
    STATION_FACES,
    TYPE_NAMES,
    VOLCANO,
    orientation_tokens,
)
from linecraft.games.railroad_ink.scoring import ScoreDetails, explain, score_board
from linecraft.games.railroad_ink.svg import render_board
from linecraft.games.railroad_ink.terminal import board_text

ROUNDS = 7
LAVA_ROUNDS = 6
SPECIALS_PER_GAME = 3


def placement_problem(board: Board, cell: int, token: str) -> str | None:
    """Why drawing `token` on `cell` is illegal (§7.3 items 3–5), or None when it is legal."""
    if board[cell] is not None:
        return f"{cell_name(cell)} is not empty"
    connected = False
    for side in range(4):
        kind = token[side]
        if kind == BLANK:
            continue
        other = NEIGHBOUR[cell][side]
        if other < 0:
            exit_kind = EXIT_TYPE[cell][side]
            if exit_kind is None:
                continue
            if exit_kind != kind:
                return (
                    f"{SIDE_NAMES[side]} side ({TYPE_NAMES[kind]}) faces the "
                    f"{TYPE_NAMES[exit_kind]} exit {exit_name(cell, side)}"
                )
            connected = True
            continue
        other_token = board[other]
        if other_token is None:
            continue
        facing = other_token[OPPOSITE[side]]
        if facing == kind:
            connected = True
        elif facing not in (BLANK, CRATER_SIDE):
            return (
                f"{SIDE_NAMES[side]} side ({TYPE_NAMES[kind]}) faces the "
                f"{TYPE_NAMES[facing]} side of {cell_name(other)}"
            )
    if not connected:
        return "no route side touches a route or exit of its type"
    return None


def frontier(board: Board) -> list[int]:
    """Empty squares that a route side or an exit points at: the only legal targets."""
    targets = set()
    for cell in range(CELLS):
        token = board[cell]
        if token is None:
            if any(EXIT_TYPE[cell]):
                targets.add(cell)
            continue
        if token == CRATER:
            continue
        for side in range(4):
            other = NEIGHBOUR[cell][side]
            if token[side] != BLANK and other >= 0 and board[other] is None:
                targets.add(other)
    return sorted(targets)


def placements(board: Board, face: str, targets: list[int]) -> Iterator[tuple[int, str]]:
    """Every legal (square, token) for one face on the given target squares."""
    for cell in targets:
        for token in orientation_tokens(face):
            if placement_problem(board, cell, token) is None:
                yield cell, token


@dataclass(frozen=True, slots=True)
class Step:
    """An action of this round and what it changed, so that undo restores it exactly."""

    action: Place | Volcano | Erase | Strike | Ignore
    cell: int | None = None  # the square it changed
    before: str | None = None
    before_round: int = 0
    before_impact: int | None = None

    @property
    def source(self) -> str | None:
        return None if isinstance(self.action, Volcano | Strike) else self.action.source


class Seat:
    """One player's board and what they did this round (Appendix A)."""

    __slots__ = ("actions", "board", "drawn_in", "ended", "impact", "resolved", "specials_used")

    def __init__(self) -> None:
        self.board: list[str | None] = [None] * CELLS
        self.drawn_in: list[int] = [0] * CELLS
        self.specials_used: list[str] = []
        self.actions: list[Step] = []
        self.ended = False
        self.impact: int | None = None  # Meteor: the last impact square (None: D4, no strike yet)
        self.resolved = True  # Meteor: this round's strike is struck or ignored

    def copy(self) -> Seat:
        other = Seat.__new__(Seat)
        other.board = list(self.board)
        other.drawn_in = list(self.drawn_in)
        other.specials_used = list(self.specials_used)
        other.actions = list(self.actions)
        other.ended = self.ended
        other.impact = self.impact
        other.resolved = self.resolved
        return other

    def used(self, source: str) -> bool:
        return any(a.source == source for a in self.actions)

    @property
    def special_this_round(self) -> bool:
        return any(a.source in SPECIAL_ROUTES for a in self.actions)

    def may_draw_special(self, special: str) -> str | None:
        """Why `special` may not be drawn now (§7.4), or None."""
        if special in self.specials_used:
            return f"{special} was already used in this game"
        if self.special_this_round:
            return "a special route was already used this round"
        if len(self.specials_used) >= SPECIALS_PER_GAME:
            return f"all {SPECIALS_PER_GAME} special routes of the game have been used"
        return None


class RailroadInkState(State):
    """A game in progress: shared round and roll, one `Seat` per player."""

    game: RailroadInk

    def __init__(self, game: RailroadInk, seed: int) -> None:
        super().__init__(game, seed)
        self.round = 0
        self.roll: Roll | None = None
        self.seats = [Seat() for _ in range(game.num_players)]
        self._over = False
        if game.lava:
            for seat in self.seats:
                seat.board[D4] = VOLCANO  # §9.4: every board starts with a volcano

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, RailroadInkState)
        other.round = self.round
        other.roll = self.roll
        other.seats = [seat.copy() for seat in self.seats]
        other._over = self._over

    # --- whose move -------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.roll is None or self._over:
            return ()
        return tuple(p for p, seat in enumerate(self.seats) if not seat.ended)

    def is_chance(self) -> bool:
        return self.roll is None and not self._over

    def is_terminal(self) -> bool:
        return self._over

    # --- actions ----------------------------------------------------------------------
    def unused_dice(self, player: int) -> list[str]:
        seat = self.seats[player]
        return [die for die in DICE if not seat.used(die)]

    def unused_lava_dice(self, player: int) -> list[str]:
        seat = self.seats[player]
        return [die for die in LAVA_DICE if not seat.used(die)] if self.game.lava else []

    def legal_actions(self, player: int) -> list[CoreAction]:
        if player not in self.to_act():
            return []
        assert self.roll is not None
        seat = self.seats[player]
        if not seat.resolved:
            return self._meteor_choices(player)
        targets = frontier(seat.board)
        found: list[CoreAction] = []
        faces_seen = set()
        for die in self.unused_dice(player):
            face = self.roll.face(die)
            if face in faces_seen:
                continue  # an identical die lower down already lists these drawings
            faces_seen.add(face)
            found.extend(Place(die, c, t) for c, t in placements(seat.board, face, targets))
        if not found and self._lava_blocker(player) is None:
            found.append(End())
        if self.game.lava:
            found.extend(self._lava_actions(player))
        if self.game.meteor:
            found.extend(self._crater_erases(player))
        for special in SPECIAL_ROUTES:
            if seat.may_draw_special(special) is None:
                found.extend(
                    Place(special, c, t) for c, t in placements(seat.board, special, targets)
                )
        return found

    def check(self, player: int, action: CoreAction) -> None:
        problem = self._problem(player, action)
        if problem is not None:
            raise IllegalActionError(f"{action}: {problem}")

    def _problem(self, player: int, action: CoreAction) -> str | None:
        seat = self.seats[player]
        if isinstance(action, Undo):
            return None if seat.actions else "nothing to undo in this round"
        if isinstance(action, Strike | Ignore):
            return self._meteor_problem(player, action)
        if not seat.resolved:
            return "first the meteor: strike it (strike N/E/S/W) or ignore it (ignore xK)"
        if isinstance(action, Erase) and not action.for_lava:
            return self._crater_erase_problem(player, action)
        if isinstance(action, End):
            blocker = self._drawable_die(player)
            if blocker is None:
                return self._lava_blocker(player)
            die, cell = blocker
            assert self.roll is not None
            return f"{die} ({self.roll.face(die)}) can still be drawn on {cell_name(cell)}"
        if isinstance(action, Volcano | Erase) or (
            isinstance(action, Place) and action.source in LAVA_DICE
        ):
            return self._lava_problem(player, action)
        if not isinstance(action, Place):
            return "not a Railroad Ink action"
        return self._problem_on(player, action, seat.board)

    def _problem_on(self, player: int, action: Place, board: Board) -> str | None:
        """Why drawing a route die or special route on `board` is illegal, or None."""
        seat = self.seats[player]
        assert self.roll is not None
        if action.source in DICE:
            face = self.roll.face(action.source)
            if seat.used(action.source):
                return f"{action.source} was already drawn this round"
        else:
            face = action.source
            special_problem = seat.may_draw_special(face)
            if special_problem is not None:
                return special_problem
        if action.token not in orientation_tokens(face):
            return (
                f"{action.source} shows {face} ({FACE_NAMES[face]}), "
                f"which cannot be drawn as {action.token}"
            )
        return placement_problem(board, action.cell, action.token)

    def _drawable_die(self, player: int) -> tuple[str, int] | None:
        """An unused die and a square where it can still be drawn, if any (§7.5)."""
        assert self.roll is not None
        board = self.seats[player].board
        targets = frontier(board)
        for die in self.unused_dice(player):
            for cell, _ in placements(board, self.roll.face(die), targets):
                return die, cell
        return None

    # --- meteor (§10.3–§10.5) ------------------------------------------------------------
    def _meteor_choices(self, player: int) -> list[CoreAction]:
        assert self.roll is not None
        rolled = self.roll.direction[1]
        found: list[CoreAction] = [Strike(d) for d in DIRECTIONS if rolled in ("A", d)]
        seat = self.seats[player]
        found.extend(Ignore(x) for x in SPECIAL_ROUTES if seat.may_draw_special(x) is None)
        return found

    def _meteor_problem(self, player: int, action: Strike | Ignore) -> str | None:
        seat = self.seats[player]
        if not self.game.meteor:
            return "the meteor needs the Meteor expansion"
        if seat.resolved:
            return "the meteor of this round is already resolved"
        assert self.roll is not None
        if isinstance(action, Strike):
            rolled = self.roll.direction[1]
            if rolled not in ("A", action.direction):
                return f"the direction die shows {self.roll.direction}: the meteor flies {rolled}"
            return None
        return seat.may_draw_special(action.special)

    def _crater_erase_problem(self, player: int, action: Erase) -> str | None:
        if not self.game.meteor:
            return "erasing a crater needs the Meteor expansion"
        board = self.seats[player].board
        problem = crater_problem(board, action.cell)
        if problem is not None:
            return problem
        drawn = Place(action.source, action.cell, action.token)
        cleared = list(board)
        cleared[action.cell] = None
        return self._problem_on(player, drawn, cleared)

    def _crater_erases(self, player: int) -> list[CoreAction]:
        assert self.roll is not None
        seat = self.seats[player]
        craters = [c for c in range(CELLS) if seat.board[c] == CRATER]
        if not craters:
            return []
        sources = [(d, self.roll.face(d)) for d in self.unused_dice(player)]
        sources += [(x, x) for x in SPECIAL_ROUTES if seat.may_draw_special(x) is None]
        found: list[CoreAction] = []
        for cell in craters:
            cleared = list(seat.board)
            cleared[cell] = None
            for source, face in sources:
                found.extend(
                    Erase(cell, source, token)
                    for token in orientation_tokens(face)
                    if placement_problem(cleared, cell, token) is None
                )
        return found

    # --- lava (§9.5, §9.6) ------------------------------------------------------------
    def _lava_problem(self, player: int, action: CoreAction) -> str | None:
        if not self.game.lava:
            return "lava needs the Lava expansion"
        board = self.seats[player].board
        if isinstance(action, Volcano):
            return volcano_problem(board, action.cell)
        assert isinstance(action, Place | Erase) and self.roll is not None
        if action.source not in self.unused_lava_dice(player):
            return f"{action.source} was already drawn this round"
        face = self.roll.face(action.source)
        if action.token not in orientation_tokens(face):
            return (
                f"{action.source} shows {face} ({FACE_NAMES[face]}), "
                f"which cannot be drawn as {action.token}"
            )
        if isinstance(action, Erase):
            problem = erase_problem(board, action.cell, action.token)
            if problem is None and not self._stuck(player):
                return "erasing for lava is allowed only when no lava die fits anywhere"
            return problem
        return lava_problem(board, action.cell, action.token)

    def _lava_moves(self, player: int) -> Iterator[Place]:
        assert self.roll is not None
        board = self.seats[player].board
        seen = set()
        for die in self.unused_lava_dice(player):
            face = self.roll.face(die)
            if face not in seen:
                seen.add(face)
                yield from (Place(die, c, t) for c, t in lava_placements(board, face))

    def _stuck(self, player: int) -> bool:
        """No lava die drawn yet this round, and none of the unused ones fits (§9.6)."""
        if len(self.unused_lava_dice(player)) < len(LAVA_DICE):
            return False
        return next(self._lava_moves(player), None) is None

    def _erase_moves(self, player: int) -> Iterator[Erase]:
        assert self.roll is not None
        board = self.seats[player].board
        seen = set()
        for die in self.unused_lava_dice(player):
            face = self.roll.face(die)
            if face not in seen:
                seen.add(face)
                yield from (Erase(c, die, t) for c, t in erase_placements(board, face))

    def _lava_actions(self, player: int) -> list[CoreAction]:
        board = self.seats[player].board
        found: list[CoreAction] = list(self._lava_moves(player))
        found.extend(Volcano(c) for c in volcano_squares(board))
        if self._stuck(player):
            found.extend(self._erase_moves(player))
        return found

    def _lava_blocker(self, player: int) -> str | None:
        """Why `end` must wait for lava (O10), or None."""
        if not self.game.lava or len(self.unused_lava_dice(player)) < len(LAVA_DICE):
            return None
        board = self.seats[player].board
        move = next(self._lava_moves(player), None)
        if move is not None:
            return f"a lava die must be drawn this round ({move} fits)"
        volcano = next(iter(volcano_squares(board)), None)
        if volcano is not None:
            return f"no lava die fits: draw a volcano (e.g. on {cell_name(volcano)}) first"
        erase = next(self._erase_moves(player), None)
        if erase is not None:
            return f"no lava die fits: erase a route for lava (e.g. {erase}) first"
        return None

    def _do(self, player: int, action: CoreAction) -> None:
        seat = self.seats[player]
        if isinstance(action, Place | Volcano | Erase | Strike | Ignore):
            cell: int | None
            if isinstance(action, Strike):
                assert self.roll is not None
                cell = strike_square(seat.board, seat.impact, action.direction, self.roll.distance)
                drawn: str | None = CRATER
            elif isinstance(action, Ignore):
                cell, drawn = None, None
            else:
                cell = action.cell
                drawn = VOLCANO if isinstance(action, Volcano) else action.token
            step = Step(action, cell, None, 0, seat.impact)
            if cell is not None:
                step = Step(action, cell, seat.board[cell], seat.drawn_in[cell], seat.impact)
                seat.board[cell] = drawn
                seat.drawn_in[cell] = self.round
            if isinstance(action, Strike):
                seat.impact = cell
            if isinstance(action, Strike | Ignore):
                seat.resolved = True
            if step.source in SPECIAL_ROUTES:
                seat.specials_used.append(step.source)
            seat.actions.append(step)
        elif isinstance(action, Undo):
            last = seat.actions.pop()
            if last.cell is not None:
                seat.board[last.cell] = last.before
                seat.drawn_in[last.cell] = last.before_round
            seat.impact = last.before_impact
            if isinstance(last.action, Strike | Ignore):
                seat.resolved = False
            if last.source in SPECIAL_ROUTES:
                seat.specials_used.pop()
        elif isinstance(action, End):
            seat.ended = True
            if all(s.ended for s in self.seats):
                self._finish_round()

    def _finish_round(self) -> None:
        if self.round >= self.game.rounds:
            self._over = True
        else:
            self.roll = None

    # --- chance -----------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Outcome, float]]:
        rolls = notation.all_rolls(lava=self.game.lava, meteor=self.game.meteor)
        return [(roll, float(roll.probability)) for roll in rolls]

    def _sample_outcome(self, rng: random.Random) -> Outcome:
        route = [rng.choice(ROUTE_FACES) for _ in range(3)]
        station = rng.choice(STATION_FACES)
        lava = None
        if self.game.lava:
            weights = [LAVA_FACE_ODDS[f][0] for f in LAVA_FACES]
            lava = rng.choices(LAVA_FACES, weights=weights, k=2)
        meteor = None
        if self.game.meteor:
            direction = rng.choices(
                DIRECTION_FACES, weights=[DIRECTION_ODDS[f] for f in DIRECTION_FACES]
            )
            distance = rng.choices(
                DISTANCE_FACES, weights=[DISTANCE_ODDS[f] for f in DISTANCE_FACES]
            )
            meteor = (direction[0], distance[0])
        return Roll.of(route, station, lava, meteor)

    def _do_chance(self, outcome: Outcome) -> None:
        assert isinstance(outcome, Roll)
        self.round += 1
        self.roll = outcome
        for seat in self.seats:
            seat.ended = False
            seat.actions = []
            seat.resolved = not self.game.meteor

    # --- results ----------------------------------------------------------------------
    def score_details(self, player: int) -> ScoreDetails:
        return score_board(self.seats[player].board, lava=self.game.lava, meteor=self.game.meteor)

    def scores(self) -> dict[int, ScoreCard]:
        return {p: ScoreCard(self.score_details(p).card()) for p in range(len(self.seats))}

    def heuristic(self, player: int) -> float:
        seat = self.seats[player]
        return board_value(seat.board, self.round, self.game.rounds, len(seat.specials_used))

    def winners(self) -> list[int]:
        """Highest total; on equal totals fewer errors; still equal: shared (§8.6)."""
        cards = self.scores()
        best = max((card.total, -card["errors"]) for card in cards.values())
        return [p for p, card in cards.items() if (card.total, -card["errors"]) == best]

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything on the table: all boards are public; the future rolls are not."""
        return {
            "game": self.game.name,
            "round": self.round,
            "rounds": self.game.rounds,
            "roll": list(self.roll.faces) if self.roll else None,
            "to_act": list(self.to_act()),
            "terminal": self._over,
            "viewer": player,
            "seats": [
                {
                    "board": format_board(seat.board).splitlines(),
                    "drawn_in": list(seat.drawn_in),
                    "specials_used": list(seat.specials_used),
                    "actions_this_round": [str(a.action) for a in seat.actions],
                    "ended": seat.ended,
                }
                for seat in self.seats
            ],
        }


class RailroadInk(Game):
    """Railroad Ink for any number of players on the same rolls; with the Lava
    expansion (`expansions=["lava"]`) in 6 rounds."""

    name = "railroad-ink"
    has_undo = True
    action_help = "d1 D1 .H.H   x3 C4 HHHH   l1 D5 .L.L   volcano A1   undo   end"
    chance_help = "the roll you threw (e.g. HS RC HT OV, then LC LT with Lava)"
    num_distinct_actions = notation.NUM_DISTINCT_ACTIONS

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.num_players = int(options["players"])
        self.expansions: tuple[str, ...] = tuple(options.get("expansions", ()))
        self.lava = "lava" in self.expansions
        self.meteor = "meteor" in self.expansions
        self.rounds = LAVA_ROUNDS if self.lava or self.meteor else ROUNDS

    def new_state(self, seed: int) -> RailroadInkState:
        return RailroadInkState(self, seed)

    def parse_action(self, text: str) -> CoreAction:
        return notation.parse_action(text)

    def parse_outcome(self, text: str) -> Outcome:
        return notation.parse_roll(text, lava=self.lava, meteor=self.meteor)

    def action_from_id(self, action_id: int) -> CoreAction:
        return notation.action_from_id(action_id)

    def parse_position(self, text: str) -> list[str | None]:
        return parse_board(text)

    def format_position(self, position: Board) -> str:
        return format_board(position)

    def position_of(self, state: State, player: int) -> Drawing:
        assert isinstance(state, RailroadInkState)
        seat = state.seats[player]
        return Drawing(seat.board, seat.impact)

    def check_position(self, position: Board) -> list[str]:
        from linecraft.games.railroad_ink.validation import board_problems

        return board_problems(position, lava=self.lava, meteor=self.meteor)

    def score_position(self, position: Board) -> ScoreCard:
        return ScoreCard(score_board(position, lava=self.lava, meteor=self.meteor).card())

    def explain_score(self, position: Board) -> list[str]:
        return explain(score_board(position, lava=self.lava, meteor=self.meteor))

    def render_state(
        self, state: State, player: int, *, overlay: bool = False, title: str | None = None
    ) -> str:
        assert isinstance(state, RailroadInkState)
        board = self.position_of(state, player)
        details = score_board(board, lava=self.lava, meteor=self.meteor) if overlay else None
        drawn_in = state.seats[player].drawn_in
        return render_board(board, drawn_in=drawn_in, details=details, title=title)

    def render_text(self, state: State, player: int | None) -> str:
        assert isinstance(state, RailroadInkState)
        seats = range(self.num_players) if player is None else [player]
        parts = [f"Round {state.round} of {self.rounds}"]
        if state.roll is not None:
            dice = "  ".join(
                f"{die}={state.roll.face(die)} ({FACE_NAMES[state.roll.face(die)]})"
                for die in DICE + (LAVA_DICE if self.lava else ())
            )
            parts.append(f"Roll: {dice}")
        for seat_index in seats:
            seat = state.seats[seat_index]
            card = score_board(seat.board).card()
            used = ", ".join(seat.specials_used) or "none"
            done = [str(a.source) for a in seat.actions]
            parts.append(
                f"\n[b]Player {seat_index}[/b]  score now {card['total']}  "
                f"special routes used: {used}  drawn this round: {', '.join(done) or 'nothing'}"
            )
            targets = frozenset(frontier(seat.board)) if seat_index == player else frozenset()
            parts.append(board_text(seat.board, targets))
        return "\n".join(parts)

    def render_position(
        self, position: Board, *, overlay: bool = False, title: str | None = None
    ) -> str:
        details = score_board(position, lava=self.lava, meteor=self.meteor) if overlay else None
        return render_board(position, details=details, title=title)
