"""The base game: rounds, placement legality, special routes, end of round, undo (§7).

All players draw at once on the same roll; a round ends when every player has
declared `end`, and the game after round 7.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from linecraft.core.errors import ActionSyntaxError, IllegalActionError
from linecraft.core.game import Action as CoreAction
from linecraft.core.game import (
    ChancePicker,
    Control,
    Effort,
    Event,
    Game,
    Outcome,
    Reference,
    ScoreCard,
    State,
    Turn,
)
from linecraft.core.i18n import _
from linecraft.games.railroad_ink import actions as notation
from linecraft.games.railroad_ink import words
from linecraft.games.railroad_ink.actions import (
    DICE,
    DIRECTIONS,
    LAVA_DICE,
    UNDER_SOURCES,
    VOLCANOES,
    Double,
    End,
    Erase,
    Ignore,
    Place,
    Roll,
    Strike,
    Undo,
    Volcano,
    place,
)
from linecraft.games.railroad_ink.board import (
    CELLS,
    EXIT_TYPE,
    NEIGHBOUR,
    UNCONNECTED,
    Board,
    Drawn,
    Fitting,
    Spot,
    Ways,
    cell_name,
    draws_in_order,
    enough_drawing,
    exit_name,
    format_board,
    frontier,
    longest_drawing,
    route_refusal,
)
from linecraft.games.railroad_ink.bots import board_value, under_value
from linecraft.games.railroad_ink.drawing import Drawing
from linecraft.games.railroad_ink.lava import (
    D4,
    NO_TOUCH,
    erase_placements,
    erase_problem,
    lava_placements,
    lava_problem,
    our_ruling,
    volcano_problem,
    volcano_squares,
)
from linecraft.games.railroad_ink.meteor import crater_problem, flight, strike_square
from linecraft.games.railroad_ink.phrases import N_, Phrase
from linecraft.games.railroad_ink.picker import chance_picker
from linecraft.games.railroad_ink.pieces import (
    CRATER,
    DIRECTION_FACES,
    DIRECTION_ODDS,
    DISTANCE_FACES,
    DISTANCE_ODDS,
    FACE_NAMES,
    HIGHWAY,
    LAVA,
    LAVA_FACE_ODDS,
    LAVA_FACES,
    OPPOSITE,
    RAILWAY,
    ROUTE_FACES,
    SIDE_NAMES,
    SPECIAL_ROUTES,
    SPECIALS_PER_GAME,
    STATION_FACES,
    TYPE_NAMES,
    VOLCANO,
    mirror,
    orientation_tokens,
    piece,
    rotate,
)
from linecraft.games.railroad_ink.scoring import ScoreDetails, explain, score_board
from linecraft.games.railroad_ink.svg import (
    Flight,
    render_board,
    render_drawing,
    render_layers,
    render_underground,
    under_target,
)
from linecraft.games.railroad_ink.terminal import board_text, under_board_text
from linecraft.games.railroad_ink.underground import (
    ALL_UNDER_ROLLS,
    DOUBLE_DIE,
    UNDERGROUND,
    Layers,
    UnderRoll,
    explain_underground,
    format_layers,
    parse_boards,
    parse_layers,
    parse_under_roll,
    score_underground,
    under_orientations,
    under_piece,
    under_problem,
    underground_problems,
)
from linecraft.games.railroad_ink.underground import DICE_FACES as UNDER_DICE_FACES
from linecraft.games.railroad_ink.underground import FACE_NAMES as UNDER_FACE_NAMES
from linecraft.games.railroad_ink.underground_play import (
    as_drawn,
    available_sources,
    complete_token,
    double_problem,
    forced_hub,
    longest_under_order,
    placement_moves,
    source_face,
    under_surface_effect,
)

ROUNDS = 7
LAVA_ROUNDS = 6
UNDERGROUND_ROUNDS = 14


# --- why a play is refused (worded only when read, see `Phrase`) ----------------------------
NOT_EMPTY = N_("{square} is not empty")
# TRANSLATORS: {side} is N, E, S or W; {kind} and {exit_kind} are "highway" or
# "railway"; {exit} is an exit such as A4N.
ON_EXIT = N_("{side} side ({kind}) faces the {exit_kind} exit {exit}")
# TRANSLATORS: {side} is N, E, S or W; {kind} and {other} are "highway", "railway"
# or "lava"; {square} is the neighbouring square.
FACES = N_("{side} side ({kind}) faces the {other} side of {square}")
ALONE = Phrase(N_("no route side touches a route or exit of its type"))
# TRANSLATORS: {special} is a special route's code, e.g. x3.
SPECIAL_USED = N_("{special} was already used in this game")
SPECIAL_THIS_ROUND = Phrase(N_("a special route was already used this round"))
ALL_SPECIALS_USED = Phrase(
    N_("all {count} special routes of the game have been used"), count=SPECIALS_PER_GAME
)
NOTHING_TO_UNDO = Phrase(N_("nothing to undo in this round"))
UNDER_DICE_LATER = Phrase(N_("underground dice are drawn in underground rounds"))
METEOR_FIRST = Phrase(N_("first the meteor: strike it (strike N/E/S/W) or ignore it (ignore xK)"))
# TRANSLATORS: {die} is a die's code, e.g. d2; {face} its face's code, e.g. HC.
STILL_DRAWABLE = N_("{die} ({face}) can still be drawn on {square}")
NOT_AN_ACTION = Phrase(N_("not a Railroad Ink action"))
# TRANSLATORS: {source} is a die's code, e.g. d2.
ALREADY_DRAWN = N_("{source} was already drawn this round")
# TRANSLATORS: {source} is a die's code, e.g. d2; {face} its face's code, e.g. HC,
# then its name; {token} a drawing in notation, e.g. H.H.
CANNOT_DRAW_AS = N_("{source} shows {face} ({name}), which cannot be drawn as {token}")
# TRANSLATORS: {order} is a list of drawings in notation, e.g. "d1 A2 H.H., d2 A4 RR..".
ALL_DICE_FIT = N_("the dice can all be drawn: {order}; undo and draw them")
# TRANSLATORS: {order} is a list of drawings in notation, e.g. "d1 A2 H.H., d2 A4 RR..".
SOME_DICE_FIT = N_("{most} of the {count} dice can be drawn: {order}; undo and draw them")
# TRANSLATORS: {source} is a die's code, e.g. u2.
UNDER_STILL_DRAWABLE = N_("{source} can still be drawn on {square}")
UNDER_DICE_NOW = Phrase(
    N_("an underground round draws the underground dice (u1-u4, u5 after a double)")
)
NO_DOUBLE_YET = Phrase(N_("u5 exists only after a double"))
NEEDS_METEOR = Phrase(N_("the meteor needs the Meteor expansion"))
METEOR_RESOLVED = Phrase(N_("the meteor of this round is already resolved"))
# TRANSLATORS: {face} is the direction die's code, e.g. MN; {direction} N, E, S or W.
METEOR_FLIES = N_("the direction die shows {face}: the meteor flies {direction}")
CRATER_NEEDS_METEOR = Phrase(N_("erasing a crater needs the Meteor expansion"))
LAVA_NEEDS_LAVA = Phrase(N_("lava needs the Lava expansion"))
ERASE_ONLY_STUCK = Phrase(N_("erasing for lava is allowed only when no lava die fits anywhere"))
# TRANSLATORS: {move} is a drawing in notation, e.g. "l1 C4 L.L.".
LAVA_DIE_OWED = N_("a lava die must be drawn this round ({move} fits)")
VOLCANO_FIRST = N_("no lava die fits: draw a volcano (e.g. on {square}) first")
# TRANSLATORS: {move} is an erasing in notation, e.g. "erase C4 l1 L.L.".
ERASE_FIRST = N_("no lava die fits: erase a route for lava (e.g. {move}) first")


TAKEN = -1  # what `_refusal` finds besides a side, or `UNCONNECTED`: the square is not empty


def placement_problem(board: Board, cell: int, token: str) -> Phrase | None:
    """Why drawing `token` on `cell` is illegal (§7.3 items 3–5), or None when it is legal."""
    refusal = _refusal(board, cell, token)
    return None if refusal is None else _refusal_words(board, cell, token, refusal)


# The route dice and special routes on the surface: which drawings fit where.
ROUTES = Fitting(
    {face: orientation_tokens(face) for face in (*ROUTE_FACES, *STATION_FACES, *SPECIAL_ROUTES)},
    {HIGHWAY: HIGHWAY, RAILWAY: RAILWAY},
    HIGHWAY + RAILWAY + LAVA,
    route_refusal,
)


def _refusal(board: Board, cell: int, token: str) -> int | None:
    """Which rule refuses the drawing: the square is `TAKEN`, no side is connected
    (`UNCONNECTED`), or the side that meets the other type of route, or an exit of
    it; None when it is legal."""
    if board[cell] is not None:
        return TAKEN
    return route_refusal(token, ROUTES.facing(board, cell))


def _refusal_words(board: Board, cell: int, token: str, refusal: int) -> Phrase:
    """The refusal `_refusal` found, as a player reads it."""
    if refusal == TAKEN:
        return Phrase(NOT_EMPTY, square=cell_name(cell))
    if refusal == UNCONNECTED:
        return ALONE
    side, kind = refusal, token[refusal]
    other = NEIGHBOUR[cell][side]
    if other < 0:
        exit_kind = EXIT_TYPE[cell][side]
        assert exit_kind is not None
        return Phrase(
            ON_EXIT,
            side=SIDE_NAMES[side],
            kind=TYPE_NAMES[kind],
            exit_kind=TYPE_NAMES[exit_kind],
            exit=exit_name(cell, side),
        )
    other_token = board[other]
    assert other_token is not None
    facing = other_token[OPPOSITE[side]]
    reason = Phrase(
        FACES,
        side=SIDE_NAMES[side],
        kind=TYPE_NAMES[kind],
        other=TYPE_NAMES[facing],
        square=cell_name(other),
    )
    return our_ruling(reason, NO_TOUCH) if facing == LAVA else reason


def placements(board: Board, face: str, targets: list[int]) -> Iterator[tuple[int, str]]:
    """Every legal (square, token) for one face on the given target squares."""
    drawings = ROUTES.drawings[face]
    for cell, facing in ROUTES.spots(board, targets):
        for token in drawings[facing]:
            yield cell, token


def _kept_places(
    found: list[CoreAction], source: str, face: str, spots: list[Spot], ways: Ways
) -> bool:
    """Add to `found` every legal drawing of `source`, showing `face`, on the `spots`
    (the frontier's squares with their facings) that leaves a way open (§7.5), square
    by square: on most squares every drawing does, known without looking at each.
    Whether any drawing fits at all."""
    drawings = ROUTES.drawings[face]
    fitting = False
    for cell, facing in spots:
        tokens = drawings[facing]
        if tokens:
            fitting = True
            if ways.keeps_square(cell, source):
                found.extend([place(source, cell, token) for token in tokens])
            else:
                found.extend(
                    [
                        place(source, cell, token)
                        for token in tokens
                        if ways.keep(cell, token, source)
                    ]
                )
    return fitting


@lru_cache(maxsize=4096)
def longest_order(
    board: tuple[str | None, ...], dice: tuple[tuple[str, str], ...], enough: int
) -> tuple[Place, ...]:
    """The longest sequence of drawings of route dice (source, face) that can be drawn
    one after another on a surface board, stopping at `enough` drawings (§7.5); kept,
    since bots and `legal_actions` ask about the same board again and again.

    >>> empty = (None,) * 49
    >>> [str(drawing) for drawing in longest_order(empty, (("d1", "HS"), ("d2", "RC")), 2)]
    ['d1 A2 H.H.', 'd2 A4 RR..']
    """
    return tuple(Place(*drawn) for drawn in longest_drawing(board, dice, ROUTES, enough))


@cache
def _roll_odds(*, underground: bool, lava: bool, meteor: bool) -> tuple[tuple[Outcome, float], ...]:
    """Every roll of a round with its odds: the same for every round of a kind, and
    with Lava and Meteor over ten thousand exact fractions, so worked out once."""
    rolls: Sequence[Roll | UnderRoll] = (
        ALL_UNDER_ROLLS if underground else notation.all_rolls(lava=lava, meteor=meteor)
    )
    return tuple((roll, float(roll.probability)) for roll in rolls)


def fits(board: Board, cell: int, token: str) -> bool:
    """Whether drawing `token` on `cell` is legal (§7.3 items 3–5)."""
    return ROUTES.fits(board, cell, token)


def _drawn(order: tuple[Place, ...]) -> list[Drawn]:
    return [(p.source, p.cell, p.token) for p in order]


def _drawing_of(action: CoreAction) -> tuple[int, str, str | None] | None:
    """The square an action draws on, what it draws there, and its source."""
    if isinstance(action, Place | Erase):
        return action.cell, action.token, action.source
    if isinstance(action, Volcano):
        return action.cell, VOLCANO, None
    return None


class Step(NamedTuple):
    """An action of this round and what it changed, so that undo restores it exactly
    (a named tuple: one is made for every action)."""

    action: Place | Volcano | Erase | Strike | Ignore | Double
    cell: int | None = None  # the square it changed
    before: str | None = None
    before_round: int = 0
    before_impact: int | None = None
    layer: str = "surface"  # the board `cell` is on
    under_before: str | None = None  # the square below, when a surface station changed it

    @property
    def source(self) -> str | None:
        action = self.action
        if isinstance(action, Place):  # by far the most common: checked first
            return action.source
        if isinstance(action, Volcano | Strike):
            return None
        if isinstance(action, Double):
            return "double"
        return action.source


class Seat:
    """One player's board and what they did this round (Appendix A)."""

    __slots__ = (
        "actions",
        "board",
        "doubled",
        "doublings",
        "drawn_in",
        "ended",
        "impact",
        "resolved",
        "specials_used",
        "under",
        "under_drawn_in",
    )

    def __init__(self) -> None:
        self.board: list[str | None] = [None] * CELLS
        self.drawn_in: list[int] = [0] * CELLS
        self.specials_used: list[str] = []
        self.actions: list[Step] = []
        self.ended = False
        self.impact: int | None = None  # Meteor: the last impact square (None: D4, no strike yet)
        self.resolved = True  # Meteor: this round's strike is struck or ignored
        self.under: list[str | None] = [None] * CELLS  # Underground: the board below
        self.under_drawn_in: list[int] = [0] * CELLS
        self.doublings = 0
        self.doubled: str | None = None  # the die doubled this underground round

    def copy(self) -> Seat:
        other = Seat()
        other.board = list(self.board)
        other.drawn_in = list(self.drawn_in)
        other.specials_used = list(self.specials_used)
        other.actions = list(self.actions)
        other.ended = self.ended
        other.impact = self.impact
        other.resolved = self.resolved
        other.under = list(self.under)
        other.under_drawn_in = list(self.under_drawn_in)
        other.doublings = self.doublings
        other.doubled = self.doubled
        return other

    def used(self, source: str) -> bool:
        return any(a.source == source for a in self.actions)

    @property
    def special_this_round(self) -> bool:
        return any(a.source in SPECIAL_ROUTES for a in self.actions)

    def open_specials(self) -> list[str]:
        """The special routes that may be drawn now: those `may_draw_special` allows."""
        if self.special_this_round or len(self.specials_used) >= SPECIALS_PER_GAME:
            return []
        return [special for special in SPECIAL_ROUTES if special not in self.specials_used]

    def may_draw_special(self, special: str) -> Phrase | None:
        """Why `special` may not be drawn now (§7.4), or None."""
        if special in self.specials_used:
            return Phrase(SPECIAL_USED, special=special)
        if self.special_this_round:
            return SPECIAL_THIS_ROUND
        if len(self.specials_used) >= SPECIALS_PER_GAME:
            return ALL_SPECIALS_USED
        return None


def _cannot_draw_as(action: Place | Erase, face: str, name: str) -> Phrase:
    """A die drawn as a drawing its face cannot make."""
    named = Phrase(name)
    return Phrase(CANNOT_DRAW_AS, source=action.source, face=face, name=named, token=action.token)


class RailroadInkState(State):
    """A game in progress: shared round and roll, one `Seat` per player."""

    game: RailroadInk

    def __init__(self, game: RailroadInk, seed: int, blank: bool = False) -> None:
        """A new game from `seed`; `blank`: nothing set up, for `clone` to fill in."""
        if blank:
            return
        super().__init__(game, seed)
        self.round = 0
        self.roll: Roll | UnderRoll | None = None
        self.seats = [Seat() for _ in range(game.num_players)]
        self._over = False
        if game.lava:
            for seat in self.seats:
                seat.board[D4] = VOLCANO  # §9.4: every board starts with a volcano

    def _blank(self) -> RailroadInkState:
        return RailroadInkState(self.game, self.seed, blank=True)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (the server hands states to worker processes) by way of its blank
        constructor, as a compiled class must be."""
        return RailroadInkState, (self.game, self.seed, True), self.__getstate__()

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

    def foreseen(self, player: int) -> bool:
        """Nothing is hidden, and once the last round's dice are rolled nothing is left
        to chance (the meteor's flight comes with the roll): a search's samples of the
        last round would all repeat the first."""
        return self.round >= self.game.rounds and not self.is_chance()

    # --- actions ----------------------------------------------------------------------
    @property
    def surface_roll(self) -> Roll:
        assert isinstance(self.roll, Roll)
        return self.roll

    @property
    def layer(self) -> str:
        """Which board this round is drawn on."""
        return self.game.layer_of(max(self.round, 1))

    def unused_dice(self, player: int) -> list[str]:
        seat = self.seats[player]
        return [die for die in DICE if not seat.used(die)]

    def unused_lava_dice(self, player: int) -> list[str]:
        seat = self.seats[player]
        return [die for die in LAVA_DICE if not seat.used(die)] if self.game.lava else []

    def legal_actions(self, player: int) -> list[CoreAction]:
        """The legal actions after which the player can still draw as many of the
        round's dice as its start allowed (§7.5). One that strands the player is legal
        too (`apply` takes it), but only leads to `undo`, so it is not listed; for a
        stranded player, `undo` is."""
        if player not in self.to_act():
            return []
        assert self.roll is not None
        seat = self.seats[player]
        if not seat.resolved:
            return self._meteor_choices(player)
        start = self._round_start(player)
        way = self._way_ahead(player, self._round_dice(player), start)
        if way is None:
            return [Undo()]  # painted into a corner (only by `apply`): only undo leads on
        if self.layer == "underground":
            keeps = self._keeps_way(player, self._ways(player, *way), way[1], start)
            return [action for action in self._under_actions(player) if keeps(action)]
        board = self.seats[player].board
        spots = ROUTES.spots(board, frontier(board))
        ways = self._ways(player, *way, spots)
        return self._surface_actions(
            player, spots, ways, self._keeps_way(player, ways, way[1], start)
        )

    def _surface_actions(
        self, player: int, spots: list[Spot], ways: Ways, keeps: Callable[[CoreAction], bool]
    ) -> list[CoreAction]:
        """The legal actions on the surface, on the frontier's `spots`, that leave a way
        open (`ways`, `keeps`)."""
        assert self.roll is not None
        seat = self.seats[player]
        found: list[CoreAction] = []
        fitting = False
        faces_seen = set()
        for die in self.unused_dice(player):
            face = self.roll.face(die)
            if face in faces_seen:
                continue  # an identical die lower down already lists these drawings
            faces_seen.add(face)
            fitting = _kept_places(found, die, face, spots, ways) or fitting
        lava = self._lava_actions(player) if self.game.lava else []
        if not fitting and not self._owes_lava(player, lava):
            found.append(End())
        found.extend([action for action in lava if keeps(action)])
        if self.game.meteor:
            found.extend([action for action in self._crater_erases(player) if keeps(action)])
        for special in seat.open_specials():
            _kept_places(found, special, special, spots, ways)
        return found

    def check(self, player: int, action: CoreAction) -> None:
        problem = self._problem(player, action)
        if problem is not None:
            # TRANSLATORS: {action} is the refused play in notation, e.g. "d1 B2 .H.H";
            # {problem} says why.
            message = _("{action}: {problem}").format(action=action, problem=problem)
            raise IllegalActionError(message)

    def _problem(self, player: int, action: CoreAction) -> Phrase | None:
        seat = self.seats[player]
        if isinstance(action, Undo):
            return None if seat.actions else NOTHING_TO_UNDO
        if self.layer == "underground":
            return self._under_problem(player, action)
        if isinstance(action, Double) or (
            isinstance(action, Place) and action.source in UNDER_SOURCES
        ):
            return UNDER_DICE_LATER
        if isinstance(action, Strike | Ignore):
            return self._meteor_problem(player, action)
        if not seat.resolved:
            return METEOR_FIRST
        if isinstance(action, Erase) and not action.for_lava:
            return self._crater_erase_problem(player, action)
        if isinstance(action, End):
            blocker = self._drawable_die(player)
            if blocker is None:
                return self._order_problem(player) or self._lava_blocker(player)
            die, cell = blocker
            assert self.roll is not None
            return Phrase(STILL_DRAWABLE, die=die, face=self.roll.face(die), square=cell_name(cell))
        if isinstance(action, Volcano | Erase) or (
            isinstance(action, Place) and action.source in LAVA_DICE
        ):
            return self._lava_problem(player, action)
        if not isinstance(action, Place):
            return NOT_AN_ACTION
        return self._problem_on(player, action, seat.board)

    def _problem_on(self, player: int, action: Place, board: Board) -> Phrase | None:
        """Why drawing a route die or special route on `board` is illegal, or None."""
        seat = self.seats[player]
        assert self.roll is not None
        if action.source in DICE:
            face = self.roll.face(action.source)
            if seat.used(action.source):
                return Phrase(ALREADY_DRAWN, source=action.source)
        else:
            face = action.source
            special_problem = seat.may_draw_special(face)
            if special_problem is not None:
                return special_problem
        if action.token not in orientation_tokens(face):
            return _cannot_draw_as(action, face, FACE_NAMES[face])
        return placement_problem(board, action.cell, action.token)

    def _drawable_die(self, player: int) -> tuple[str, int] | None:
        """An unused die and a square where it can still be drawn, if any (§7.5)."""
        assert self.roll is not None
        board = self.seats[player].board
        targets = frontier(board)
        for die in self.unused_dice(player):
            for cell, _token in placements(board, self.roll.face(die), targets):
                return die, cell
        return None

    # --- every die that can be drawn (§7.5) ----------------------------------------------
    def _round_dice(self, player: int) -> list[tuple[str, str]]:
        """The dice the player must draw if they can, with their faces: the route dice
        of a surface round, or the underground dice (u5 after a double, O17)."""
        assert self.roll is not None
        if isinstance(self.roll, UnderRoll):
            doubled = self.seats[player].doubled
            faces = [(s, source_face(self.roll, s, doubled)) for s in UNDER_SOURCES]
            return [(source, face) for source, face in faces if face is not None]
        return [(die, self.roll.face(die)) for die in DICE]

    def _dice_drawn(self, player: int) -> set[str]:
        return {step.source for step in self.seats[player].actions if step.source}

    def _round_start(self, player: int) -> tuple[str | None, ...]:
        """The board this round's drawing started from: every drawing of the round
        taken back, the meteor's strike kept (it comes before any drawing, §10.3)."""
        seat = self.seats[player]
        board = list(seat.under if self.layer == "underground" else seat.board)
        for step in reversed(seat.actions):
            if isinstance(step.action, Strike | Ignore):
                break
            if step.cell is not None:
                board[step.cell] = step.before
        return tuple(board)

    def _fitting(self) -> Fitting:
        return UNDERGROUND if self.layer == "underground" else ROUTES

    def _longest(self, board: Board, dice: list[tuple[str, str]], enough: int) -> tuple[Place, ...]:
        if self.layer == "underground":
            return longest_under_order(tuple(board), tuple(dice), enough)
        return longest_order(tuple(board), tuple(dice), enough)

    def _enough(self, board: Board, dice: list[tuple[str, str]], enough: int) -> list[Drawn]:
        """An order drawing `enough` of `dice`, or a shorter one when none does."""
        return list(enough_drawing(tuple(board), tuple(dice), self._fitting(), enough))

    def _board_of(self, player: int) -> Board:
        seat = self.seats[player]
        return seat.under if self.layer == "underground" else seat.board

    def _most_dice(
        self, player: int, dice: list[tuple[str, str]], start: Board | None = None
    ) -> tuple[Place, ...]:
        """An order of drawing as many of `dice` as the round's `start` allows."""
        return self._longest(self._round_start(player) if start is None else start, dice, len(dice))

    def _way_ahead(
        self,
        player: int,
        dice: list[tuple[str, str]],
        start: Board | None = None,
        known: Sequence[Drawn] = (),
    ) -> tuple[int, list[Drawn]] | None:
        """How many more of `dice` the player must draw to draw as many as the round's
        `start` allowed, with an order that draws that many from the board as it is
        (the `known` one, when it draws enough); None when no order does: the player
        is stranded."""
        drawn = self._dice_drawn(player)
        most = self._most_dice(player, dice, start)
        need = len(most) - sum(source in drawn for source, _ in dice)
        if need <= 0:
            return 0, []
        if len(known) >= need:
            return need, list(known[:need])
        board = self._board_of(player)
        rest = [d for d in _drawn(most) if d[0] not in drawn]
        if draws_in_order(board, rest, self._fitting()):
            return need, rest  # the rest of the round's own order still works
        left = [(source, face) for source, face in dice if source not in drawn]
        order = self._enough(board, left, need)
        return (need, order) if len(order) >= need else None

    def stranded(self, player: int) -> bool:
        """Whether the player can no longer draw, in any order, as many of this round's
        dice as its start allowed (see `_order_problem`), so that `end` will be
        refused. `legal_actions` never leads there; an action applied by hand can,
        and then it offers `undo` alone (a special route might still open a way, and
        `apply` takes one)."""
        if player not in self.to_act() or not self.seats[player].resolved:
            return False
        return self._way_ahead(player, self._round_dice(player)) is None

    def _ways(
        self, player: int, need: int, order: list[Drawn], spots: list[Spot] | None = None
    ) -> Ways:
        """The ways left to draw the `need` dice still required (§7.5), knowing an
        `order` that draws them (and the board's `spots`, when known)."""
        drawn = self._dice_drawn(player)
        left = [(source, face) for source, face in self._round_dice(player) if source not in drawn]
        return Ways(self._board_of(player), left, need, order, self._fitting(), spots)

    def _keeps_way(
        self, player: int, ways: Ways, order: list[Drawn], start: Board
    ) -> Callable[[CoreAction], bool]:
        """Whether the player is still not stranded after an action, knowing the `ways`
        left, an `order` that draws the dice still required (§7.5) and the round's
        `start`."""

        def keeps(action: CoreAction) -> bool:
            if isinstance(action, Place | Erase):
                return ways.keep(action.cell, action.token, action.source)
            if isinstance(action, Volcano):
                return ways.keep(action.cell, VOLCANO, None)
            if isinstance(action, Double):
                return self._keeps_way_when_doubled(player, action, start, order)
            return True

        return keeps

    def _keeps_way_when_doubled(
        self, player: int, action: Double, start: Board, order: list[Drawn]
    ) -> bool:
        """A double adds u5 to the dice: can they still be drawn as the `start` allows?
        The `order` known for the dice without it does, when the double does not add
        to the dice still needed. It adds at most one, so when u5 fits somewhere once
        that order is drawn, a way is open, known without asking how many the start
        allows with u5 (a search of five dice, the most of an underground round's
        listing)."""
        assert isinstance(self.roll, UnderRoll)
        face = self.roll.face(action.die)
        if self._fits_after(self._board_of(player), order, face):
            return True
        dice = [*self._round_dice(player), (DOUBLE_DIE, face)]
        return self._way_ahead(player, dice, start, order) is not None

    def _fits_after(self, board: Board, order: list[Drawn], face: str) -> bool:
        """Whether a die showing `face` fits somewhere on `board` once `order` is drawn."""
        after = list(board)
        for _source, cell, token in order:
            after[cell] = token
        fitting = self._fitting()
        drawings = fitting.drawings[face]
        return any(drawings[facing] for _cell, facing in fitting.spots(after, frontier(after)))

    def _order_problem(self, player: int) -> Phrase | None:
        """Why `end` must wait although no unused die fits now: some order of drawing
        this round's dice alone (no special route), from the round's start, draws more
        of them than the player has (§7.5 item 2), so the order of drawing or a special
        route cannot dodge a die. The message names such an order.

        The dice are the route dice, or in an underground round the underground dice
        (u5 too once doubled: a die of the round like the others, O17). Our reading
        for the expansions: the lava dice keep their own rule (O10) and are not among
        them; a lava die or volcano drawn in a die's way must be undone like a special
        route. With Meteor the round starts after the strike (or `ignore`), which comes
        before any drawing, and only empty squares count, never craters (O14), though
        a die drawn on an erased crater counts as drawn.
        """
        dice = self._round_dice(player)
        drawn = self._dice_drawn(player)
        most = self._most_dice(player, dice)
        if len(most) <= sum(source in drawn for source, _ in dice):
            return None
        order = ", ".join(map(str, most))
        if len(most) == len(dice):
            return Phrase(ALL_DICE_FIT, order=order)
        return Phrase(SOME_DICE_FIT, most=len(most), count=len(dice), order=order)

    # --- underground rounds (§11.4–§11.6) --------------------------------------------------
    def _under_sources(self, player: int) -> list[str]:
        seat = self.seats[player]
        used = {step.source for step in seat.actions if step.source}
        return available_sources(used, seat.doubled)

    def _under_actions(self, player: int) -> list[CoreAction]:
        seat = self.seats[player]
        assert isinstance(self.roll, UnderRoll)
        found: list[CoreAction] = list(
            placement_moves(seat.under, self.roll, self._under_sources(player), seat.doubled)
        )
        if not found:
            found.append(End())
        if double_problem(seat.doubled, seat.doublings) is None:
            found.extend(Double(die) for die in UNDER_SOURCES[:4])
        return found

    def _under_problem(self, player: int, action: CoreAction) -> Phrase | None:
        seat = self.seats[player]
        assert isinstance(self.roll, UnderRoll)
        if isinstance(action, Double):
            return double_problem(seat.doubled, seat.doublings)
        if isinstance(action, End):
            moves = placement_moves(
                seat.under, self.roll, self._under_sources(player), seat.doubled
            )
            if not moves:
                return self._order_problem(player)
            square = cell_name(moves[0].cell)
            return Phrase(UNDER_STILL_DRAWABLE, source=moves[0].source, square=square)
        if not isinstance(action, Place) or action.source not in UNDER_SOURCES:
            return UNDER_DICE_NOW
        if action.source not in self._under_sources(player):
            if action.source == "u5" and seat.doubled is None:
                return NO_DOUBLE_YET
            return Phrase(ALREADY_DRAWN, source=action.source)
        face = source_face(self.roll, action.source, seat.doubled)
        assert face is not None
        if action.token not in under_orientations(face):
            return _cannot_draw_as(action, face, UNDER_FACE_NAMES[face])
        return under_problem(seat.under, action.cell, action.token)

    def apply(self, player: int, action: CoreAction | str) -> CoreAction:
        """As `State.apply`; an underground drawing may leave out its `o`/`c` marker."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if (
            isinstance(action, Place)
            and action.source in UNDER_SOURCES
            and isinstance(self.roll, UnderRoll)
            and player in self.to_act()
        ):
            face = source_face(self.roll, action.source, self.seats[player].doubled)
            if face is not None:
                action = Place(action.source, action.cell, complete_token(face, action.token))
        return super().apply(player, action)

    # --- meteor (§10.3–§10.5) ------------------------------------------------------------
    def _meteor_choices(self, player: int) -> list[CoreAction]:
        assert self.roll is not None
        rolled = self.surface_roll.direction[1]
        seat = self.seats[player]
        distance = self.surface_roll.distance
        found: list[CoreAction] = [
            Strike(d, strike_square(seat.board, seat.impact, d, distance), rolled == "A")
            for d in DIRECTIONS
            if rolled in ("A", d)
        ]
        found.extend(Ignore(x) for x in seat.open_specials())
        return found

    def meteor_flights(self, player: int) -> list[Flight]:
        """Where this round's meteor would fly on the seat's board, one flight for each
        way it may be sent, while the seat has not yet let it strike or ignored it."""
        seat = self.seats[player]
        if seat.resolved or player not in self.to_act():
            return []
        distance = self.surface_roll.distance
        start = D4 if seat.impact is None else seat.impact
        ways = [a.direction for a in self._meteor_choices(player) if isinstance(a, Strike)]
        return [
            Flight(start, way, distance, flight(seat.board, seat.impact, way, distance))
            for way in ways
        ]

    def _meteor_problem(self, player: int, action: Strike | Ignore) -> Phrase | None:
        seat = self.seats[player]
        if not self.game.meteor:
            return NEEDS_METEOR
        if seat.resolved:
            return METEOR_RESOLVED
        assert self.roll is not None
        if isinstance(action, Strike):
            face = self.surface_roll.direction
            if face[1] not in ("A", action.direction):
                return Phrase(METEOR_FLIES, face=face, direction=face[1])
            return None
        return seat.may_draw_special(action.special)

    def _crater_erase_problem(self, player: int, action: Erase) -> Phrase | None:
        if not self.game.meteor:
            return CRATER_NEEDS_METEOR
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
        sources += [(x, x) for x in seat.open_specials()]
        found: list[CoreAction] = []
        for cell, facing in ROUTES.spots(seat.board, craters):  # what the crater held aside
            for source, face in sources:
                found.extend(Erase(cell, source, token) for token in ROUTES.drawings[face][facing])
        return found

    # --- lava (§9.5, §9.6) ------------------------------------------------------------
    def _lava_problem(self, player: int, action: CoreAction) -> Phrase | None:
        if not self.game.lava:
            return LAVA_NEEDS_LAVA
        board = self.seats[player].board
        if isinstance(action, Volcano):
            return volcano_problem(board, action.cell)
        assert isinstance(action, Place | Erase) and self.roll is not None
        if action.source not in self.unused_lava_dice(player):
            return Phrase(ALREADY_DRAWN, source=action.source)
        face = self.roll.face(action.source)
        if action.token not in orientation_tokens(face):
            return _cannot_draw_as(action, face, FACE_NAMES[face])
        if isinstance(action, Erase):
            problem = erase_problem(board, action.cell, action.token)
            if problem is None and not self._stuck(player):
                return ERASE_ONLY_STUCK
            return problem
        return lava_problem(board, action.cell, action.token)

    def _unused_lava_faces(self, player: int) -> dict[str, str]:
        """Each face among the unused lava dice, with the first die showing it."""
        assert self.roll is not None
        faces: dict[str, str] = {}
        for die in self.unused_lava_dice(player):
            faces.setdefault(self.roll.face(die), die)
        return faces

    def _lava_moves(self, player: int) -> Iterator[Place]:
        board = self.seats[player].board
        for face, die in self._unused_lava_faces(player).items():
            yield from (place(die, c, t) for c, t in lava_placements(board, face))

    def _stuck(self, player: int) -> bool:
        """No lava die drawn yet this round, and none of the unused ones fits (§9.6)."""
        if len(self.unused_lava_dice(player)) < len(LAVA_DICE):
            return False
        return next(self._lava_moves(player), None) is None

    def _erase_moves(self, player: int) -> Iterator[Erase]:
        board = self.seats[player].board
        for face, die in self._unused_lava_faces(player).items():
            yield from (Erase(c, die, t) for c, t in erase_placements(board, face))

    def _lava_actions(self, player: int) -> list[CoreAction]:
        board = self.seats[player].board
        found: list[CoreAction] = list(self._lava_moves(player))
        stuck = not found and self._stuck(player)
        found.extend(VOLCANOES[c] for c in volcano_squares(board))
        if stuck:
            found.extend(self._erase_moves(player))
        return found

    def _owes_lava(self, player: int, lava_actions: list[CoreAction]) -> bool:
        """Whether `end` must wait for lava (O10), knowing the lava actions: with no lava
        die drawn yet, any of them is owed (see `_lava_blocker`)."""
        return len(self.unused_lava_dice(player)) == len(LAVA_DICE) and bool(lava_actions)

    def _lava_blocker(self, player: int) -> Phrase | None:
        """Why `end` must wait for lava (O10), or None."""
        if not self.game.lava or len(self.unused_lava_dice(player)) < len(LAVA_DICE):
            return None
        board = self.seats[player].board
        move = next(self._lava_moves(player), None)
        if move is not None:
            return Phrase(LAVA_DIE_OWED, move=str(move))
        volcano = next(iter(volcano_squares(board)), None)
        if volcano is not None:
            return Phrase(VOLCANO_FIRST, square=cell_name(volcano))
        erase = next(self._erase_moves(player), None)
        if erase is not None:
            return Phrase(ERASE_FIRST, move=str(erase))
        return None

    def _do_under(self, seat: Seat, action: CoreAction) -> None:
        if isinstance(action, Double):
            seat.doubled = action.die
            seat.doublings += 1
            seat.actions.append(Step(action, layer="underground"))
            return
        assert isinstance(action, Place)
        cell = action.cell
        token = action.token
        if under_piece(token).station:
            if self.game.standalone:
                hub = forced_hub(seat.under, cell)
            else:
                hub = (above := seat.board[cell]) is not None and piece(above).is_station
            token = as_drawn(token, hub)
        seat.actions.append(
            Step(action, cell, seat.under[cell], seat.under_drawn_in[cell], layer="underground")
        )
        seat.under[cell] = token
        seat.under_drawn_in[cell] = self.round

    def _do(self, player: int, action: CoreAction) -> None:
        seat = self.seats[player]
        if self.layer == "underground" and not isinstance(action, Undo | End):
            self._do_under(seat, action)
            return
        if isinstance(action, Place | Volcano | Erase | Strike | Ignore):
            cell: int | None
            if isinstance(action, Strike):
                assert self.roll is not None
                cell = strike_square(
                    seat.board, seat.impact, action.direction, self.surface_roll.distance
                )
                drawn: str | None = CRATER
            elif isinstance(action, Ignore):
                cell, drawn = None, None
            else:
                cell = action.cell
                drawn = VOLCANO if isinstance(action, Volcano) else action.token
            step = Step(action, cell, None, 0, seat.impact)
            if cell is not None:
                below = seat.under[cell]
                changed = None if drawn is None else under_surface_effect(below, drawn)
                step = Step(
                    action, cell, seat.board[cell], seat.drawn_in[cell], seat.impact,
                    under_before=below if changed else None,
                )  # fmt: skip
                seat.board[cell] = drawn
                seat.drawn_in[cell] = self.round
                if changed:
                    seat.under[cell] = changed
            if isinstance(action, Strike):
                seat.impact = cell
            if isinstance(action, Strike | Ignore):
                seat.resolved = True
            if step.source in SPECIAL_ROUTES:
                seat.specials_used.append(step.source)
            seat.actions.append(step)
        elif isinstance(action, Undo):
            last = seat.actions.pop()
            if isinstance(last.action, Double):
                seat.doubled = None
                seat.doublings -= 1
                return
            if last.layer == "underground":
                assert last.cell is not None
                seat.under[last.cell] = last.before
                seat.under_drawn_in[last.cell] = last.before_round
                return
            if last.cell is not None:
                seat.board[last.cell] = last.before
                seat.drawn_in[last.cell] = last.before_round
                if last.under_before is not None:
                    seat.under[last.cell] = last.under_before
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
        if self.game.layer_of(self.round + 1) == "underground":
            return list(_roll_odds(underground=True, lava=False, meteor=False))
        return list(_roll_odds(underground=False, lava=self.game.lava, meteor=self.game.meteor))

    def _sample_outcome(self, rng: random.Random) -> Outcome:
        if self.game.layer_of(self.round + 1) == "underground":
            faces = [rng.choices(list(d), weights=list(d.values()))[0] for d in UNDER_DICE_FACES]
            return UnderRoll((faces[0], faces[1], faces[2], faces[3]))
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
        underground = self.game.layer_of(self.round + 1) == "underground"
        if underground != isinstance(outcome, UnderRoll):
            if underground:
                # TRANSLATORS: {outcome} is a roll in notation, e.g. "roll HS RC HT OV".
                message = _("{outcome}: round {round} is an underground round")
            else:
                # TRANSLATORS: {outcome} is a roll in notation, e.g. "roll HS RC HT OV".
                message = _("{outcome}: round {round} is a surface round")
            raise IllegalActionError(message.format(outcome=outcome, round=self.round + 1))
        self.round += 1
        assert isinstance(outcome, Roll | UnderRoll)
        self.roll = outcome
        for seat in self.seats:
            seat.ended = False
            seat.actions = []
            seat.resolved = not self.game.meteor or underground
            seat.doubled = None

    # --- results ----------------------------------------------------------------------
    def score_details(self, player: int) -> ScoreDetails:
        return score_board(self.seats[player].board, lava=self.game.lava, meteor=self.game.meteor)

    def scores(self) -> dict[int, ScoreCard]:
        return {
            p: ScoreCard(self.game.card_of(self.game.position_of(self, p)))
            for p in range(len(self.seats))
        }

    def heuristic(self, player: int) -> float:
        seat = self.seats[player]
        progress = self.round / self.game.rounds
        value = 0.0
        last = seat.actions[-1] if seat.actions else None
        if not self.game.standalone:
            drawn = last.cell if last is not None and last.layer == "surface" else None
            specials = len(seat.specials_used)
            value += board_value(seat.board, self.round, self.game.rounds, specials, drawn)
        if self.game.has_underground:
            drawn = last.cell if last is not None and last.layer == "underground" else None
            value += under_value(seat.under, progress, drawn)
        return value

    def quick_value(self, player: int, action: CoreAction) -> float | None:
        """`heuristic` after a drawing on the surface, from the board with it drawn: a
        drawing changes nothing else the judgement reads (with Underground it may change
        the square below, so that game makes the position)."""
        if self.game.has_underground or self.layer != "surface":
            return None
        if not isinstance(action, Place | Volcano):
            return None
        seat = self.seats[player]
        board = list(seat.board)
        specials = len(seat.specials_used)
        if isinstance(action, Volcano):
            board[action.cell] = VOLCANO
        else:
            board[action.cell] = action.token
            specials += action.source in SPECIAL_ROUTES
        return board_value(board, self.round, self.game.rounds, specials, action.cell)

    def winners(self) -> list[int]:
        """Highest total; on equal totals fewer errors (of both boards, O22); still
        equal: shared (§8.6)."""
        cards = self.scores()

        def key(card: ScoreCard) -> tuple[int, int]:
            under = card.get("expansion", {}).get("underground", {})
            return card.total, -(card["errors"] + under.get("errors", 0))

        best = max(key(card) for card in cards.values())
        return [p for p, card in cards.items() if key(card) == best]

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
                    "underground": [
                        " ".join(t or "...." for t in seat.under[r * 7 : r * 7 + 7])
                        for r in range(7)
                    ]
                    if self.game.has_underground
                    else None,
                    "doublings": seat.doublings,
                    "drawn_in": list(seat.drawn_in),
                    "specials_used": list(seat.specials_used),
                    "actions_this_round": [str(a.action) for a in seat.actions],
                    "ended": seat.ended,
                }
                for seat in self.seats
            ],
        }


VOLCANO_DRAWING = "LLLL"  # a volcano's picture in the hand: lava on all four sides


class RailroadInk(Game):
    """Railroad Ink for any number of players on the same rolls, with the Lava and
    Meteor expansions (6 rounds), the Underground expansion (two boards, 14 rounds) or
    the standalone Underground game (`variant="underground-standalone"`, 7 rounds)."""

    name = "railroad-ink"
    has_undo = True
    simultaneous = True
    action_help = (
        "d1 D1 .H.H   x3 C4 HHHH   l1 D5 .L.L   volcano A1   strike N   u3 D1 .P.P   "
        "double u2   undo   end"
    )
    # TRANSLATORS: the face codes (HS RC HT OV, LC LT, MA M2) are notation.
    chance_help = N_("the roll you threw (e.g. HS RC HT OV, LC LT with Lava, MA M2 with Meteor)")
    num_distinct_actions = notation.NUM_DISTINCT_ACTIONS
    # A turn is a round's four drawings and a special route: the normal bot plans the
    # round with a beam, the expert also plays each of its best plans into the next
    # round on sampled rolls (benchmarks/bots.py), two rounds on in the base game.
    search_efforts = MappingProxyType(
        {
            "normal": Effort(beam=4, horizon=0),
            "expert": Effort(beam=8, leaves=6, samples=4, rounds=3, horizon=1),
        }
    )

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.num_players = int(options["players"])
        self.expansions: tuple[str, ...] = tuple(options.get("expansions", ()))
        self.lava = "lava" in self.expansions
        self.meteor = "meteor" in self.expansions
        self.underground = "underground" in self.expansions
        self.standalone = options.get("variant") == "underground-standalone"
        if self.underground and (self.lava or self.meteor):
            raise ValueError(
                _("the Underground expansion is not combined with Lava or Meteor (O16)")
            )
        if self.standalone and self.expansions:
            raise ValueError(_("the standalone Underground game takes no expansions"))
        self.has_underground = self.underground or self.standalone
        if self.underground:
            self.rounds = UNDERGROUND_ROUNDS
        elif self.lava or self.meteor:
            self.rounds = LAVA_ROUNDS
        else:
            self.rounds = ROUNDS

    def search_effort(self, level: str) -> Effort:
        """The base game's expert looks two rolls ahead: its rounds list fastest, and
        the second roll was worth about 2 points a game (benchmarks/bots.py); with an
        expansion a game would take too long for a player waiting at the table.

        Meteor's expert keeps more plans and meets more rolls instead: a second roll
        lost points there (the strike moves what a plan counted on), while twice the
        plans and six rolls instead of four gained about 1.8 points on tuning seeds
        3000–3039, at about 12 s a game (benchmarks/bots.py)."""
        effort = super().search_effort(level)
        if level != "expert":
            return effort
        if self.meteor and not self.lava:
            return replace(effort, beam=12, leaves=12, samples=6)
        if not (self.expansions or self.has_underground):
            return replace(effort, horizon=2)
        return effort

    def __reduce__(self) -> tuple[type[RailroadInk], tuple[Mapping[str, Any]]]:
        """Pickled by way of its constructor, as a compiled class must be."""
        return RailroadInk, (self.options,)

    def action_target(self, action: CoreAction) -> str | None:
        """The square drawn on, on its own board (an underground square is named apart,
        so only the board of the round glows), or where the meteor would strike."""
        if isinstance(action, Place) and action.source in UNDER_SOURCES:
            return under_target(action.cell)
        if isinstance(action, Place | Erase | Volcano):
            return cell_name(action.cell)
        if isinstance(action, Strike) and action.lands is not None:
            return cell_name(action.lands)
        return None

    def asks_first(self, action: CoreAction) -> bool:
        """A strike is shown where it lands and waits for Confirm: a click on the board
        should not send a meteor by surprise."""
        return isinstance(action, Strike)

    def choice_label(self, action: CoreAction) -> tuple[str, str | None]:
        """A play in words, with the drawing it draws."""
        drawing = _drawing_of(action)
        picture = None
        if drawing is not None:
            source = drawing[2]
            picture = render_drawing(drawing[1], underground=source in UNDER_SOURCES)
        return words.choice_label(action), picture

    def may_undo(self, state: State, player: int) -> bool:
        """Only what the seat did this round can be taken back (§7.6)."""
        assert isinstance(state, RailroadInkState)
        return player in state.to_act() and bool(state.seats[player].actions)

    def action_pick(self, action: CoreAction) -> tuple[str, str | None] | None:
        """A die (or special route) and the drawing it is placed as; a new volcano is a
        tool of its own, so a click with a die in hand never draws one."""
        if isinstance(action, Volcano):
            return ("volcano", VOLCANO_DRAWING)
        return (action.source, action.token) if isinstance(action, Place) else None

    def piece_group(self, piece: str) -> tuple[str, bool]:
        return words.piece_group(piece)

    def piece_label(self, piece: str) -> str:
        return words.piece_label(piece)

    def describe_event(
        self, before: State, event: Event, names: Sequence[str], viewer: int | None
    ) -> str | None:
        assert isinstance(before, RailroadInkState)
        return words.describe_event(self, before, event, names, viewer)

    def score_rows(self, card: Mapping[str, Any]) -> list[tuple[str, Any]]:
        return words.score_rows(card)

    def controls(self, state: State, player: int) -> list[Control]:
        assert isinstance(state, RailroadInkState)
        return words.controls(self, state, player)

    def reference(self, state: State, player: int | None) -> list[Reference]:
        """The dice faces of the game's options and the special routes, the seat's
        used ones struck through."""
        assert isinstance(state, RailroadInkState)
        return words.reference(self, state, player)

    def chance_picker(self, state: State, names: Sequence[str]) -> ChancePicker:
        """The coming round's dice, each a row of its faces to pick from; every seat
        draws the same roll, so no name is needed."""
        assert isinstance(state, RailroadInkState)
        return chance_picker(self, state)

    def score_help(self) -> dict[str, str]:
        return words.score_help(self)

    def guide(self) -> list[tuple[str, str]]:
        return words.guide()

    def prompt(self, state: State, player: int) -> str:
        assert isinstance(state, RailroadInkState)
        return words.prompt(self, state, player)

    def turn_form(self, form: str, turn: Turn) -> str | None:
        """Every drawing may be turned and mirrored (§6)."""
        return rotate(form) if turn == "rotate" else mirror(form)

    def render_pick(self, piece: str, form: str | None) -> str | None:
        if form is None:
            return None
        return render_drawing(form, underground=piece in UNDER_SOURCES)

    def layer_of(self, round_number: int) -> str:
        """Surface or underground: standalone rounds are all underground; with the
        expansion, even rounds are (§11.5)."""
        if self.standalone or (self.underground and round_number % 2 == 0):
            return "underground"
        return "surface"

    def new_state(self, seed: int) -> RailroadInkState:
        return RailroadInkState(self, seed)

    def parse_action(self, text: str) -> CoreAction:
        return notation.parse_action(text)

    def parse_outcome(self, text: str) -> Outcome:
        if self.has_underground:
            try:
                return parse_under_roll(text)
            except ValueError as exc:
                if self.standalone:
                    raise ActionSyntaxError(str(exc)) from None
        return notation.parse_roll(text, lava=self.lava, meteor=self.meteor)

    def action_from_id(self, action_id: int) -> CoreAction:
        return notation.action_from_id(action_id)

    # --- positions: a board, or a surface and an underground board ---------------------
    def parse_position(self, text: str) -> Drawing | Layers:
        """A board, or a file's two boards; without the Underground options the file's
        headers tell the mode (§14)."""
        return parse_layers(text) if self.has_underground else parse_boards(text)

    def format_position(self, position: Board | Layers) -> str:
        if isinstance(position, Layers):
            return format_layers(position)
        return format_board(position)

    def position_of(self, state: State, player: int) -> Drawing | Layers:
        assert isinstance(state, RailroadInkState)
        seat = state.seats[player]
        surface = Drawing(seat.board, seat.impact)
        if self.has_underground:
            return Layers(None if self.standalone else surface, list(seat.under))
        return surface

    def check_position(self, position: Board | Layers) -> list[str]:
        from linecraft.games.railroad_ink.validation import board_problems

        if isinstance(position, Layers):
            problems = []
            if position.surface is not None:
                problems += board_problems(position.surface)
            return problems + underground_problems(position, standalone=self.standalone)
        return board_problems(position, lava=self.lava, meteor=self.meteor)

    def card_of(self, position: Board | Layers) -> dict[str, Any]:
        """The score card: the surface card (with the underground card nested in
        expansion mode), or the underground card in the standalone game (§14)."""
        if isinstance(position, Layers):
            under = score_underground(position.underground).card()
            if position.surface is None:
                return under
            card = score_board(position.surface).card()
            card["expansion"] = {"underground": {**under, "points": under["total"]}}
            under_total = under["total"]
            assert isinstance(under_total, int)
            card["total"] = int(str(card["total"])) + under_total
            return card
        return score_board(position, lava=self.lava, meteor=self.meteor).card()

    def score_position(self, position: Board | Layers) -> ScoreCard:
        return ScoreCard(self.card_of(position))

    def explain_score(self, position: Board | Layers) -> list[str]:
        if isinstance(position, Layers):
            lines = explain(score_board(position.surface)) if position.surface else []
            return lines + explain_underground(score_underground(position.underground))
        return explain(score_board(position, lava=self.lava, meteor=self.meteor))

    # --- drawing ----------------------------------------------------------------------
    def render_position(
        self, position: Board | Layers, *, overlay: bool = False, title: str | None = None
    ) -> str:
        if isinstance(position, Layers):
            surface = None
            if position.surface is not None:
                details = score_board(position.surface) if overlay else None
                surface = render_board(position.surface, details=details)
            underground = render_underground(position.underground)
            return render_layers(surface, underground, title, names=words.layer_names(None))
        details = score_board(position, lava=self.lava, meteor=self.meteor) if overlay else None
        return render_board(position, details=details, title=title)

    def render_state(
        self, state: State, player: int, *, overlay: bool = False, title: str | None = None
    ) -> str:
        assert isinstance(state, RailroadInkState)
        position = self.position_of(state, player)
        seat = state.seats[player]
        if isinstance(position, Layers):
            surface = None
            if position.surface is not None:
                details = score_board(position.surface) if overlay else None
                surface = render_board(position.surface, drawn_in=seat.drawn_in, details=details)
            underground = render_underground(position.underground, drawn_in=seat.under_drawn_in)
            active = self._active_layer(state)
            resting = None if active is None else 1 - active
            names = words.layer_names(active)
            return render_layers(surface, underground, title, names=names, resting=resting)
        details = score_board(position, lava=self.lava, meteor=self.meteor) if overlay else None
        flights = state.meteor_flights(player)
        return render_board(
            position, drawn_in=seat.drawn_in, details=details, flights=flights, title=title
        )

    def _active_layer(self, state: RailroadInkState) -> int | None:
        """The board drawn on while a round of the expansion is being drawn (0 the
        surface, 1 the underground); None between rounds, at the end, and in the
        standalone game, which has one board."""
        if self.standalone or state.roll is None or state.is_terminal():
            return None
        return 0 if state.layer == "surface" else 1

    def render_text(self, state: State, player: int | None) -> str:
        assert isinstance(state, RailroadInkState)
        parts = self._table_lines(state)
        for seat_index in range(self.num_players) if player is None else [player]:
            seat = state.seats[seat_index]
            parts.append("\n" + self._seat_line(state, seat_index))
            mine = seat_index == player
            if not self.standalone:
                targets = frozenset(frontier(seat.board)) if mine else frozenset()
                parts.append(board_text(seat.board, targets))
            if self.has_underground:
                targets = frozenset(frontier(seat.under)) if mine else frozenset()
                parts.append("underground:")
                parts.append(under_board_text(seat.under, targets))
        return "\n".join(parts)

    def status_lines(self, state: State, player: int | None) -> list[str]:
        assert isinstance(state, RailroadInkState)
        return words.status_lines(self, state, player)

    def _table_lines(self, state: RailroadInkState) -> list[str]:
        """The round, its layer and the roll."""
        parts = [f"Round {state.round} of {self.rounds} ({state.layer})"]
        if isinstance(state.roll, UnderRoll):
            dice = "  ".join(
                f"{die}={state.roll.face(die)} ({UNDER_FACE_NAMES[state.roll.face(die)]})"
                for die in UNDER_SOURCES[:4]
            )
            parts.append(f"Roll: {dice}")
        elif state.roll is not None:
            dice = "  ".join(
                f"{die}={state.roll.face(die)} ({FACE_NAMES[state.roll.face(die)]})"
                for die in DICE + (LAVA_DICE if self.lava else ())
            )
            if self.meteor:
                dice += f"  meteor {state.roll.direction} {state.roll.distance}"
            parts.append(f"Roll: {dice}")
        return parts

    def _seat_line(self, state: RailroadInkState, seat_index: int) -> str:
        """A seat's score so far, special routes and doublings used, and this round's drawings."""
        seat = state.seats[seat_index]
        card = self.card_of(self.position_of(state, seat_index))
        used = ", ".join(seat.specials_used) or "none"
        done = [a.source for a in seat.actions if a.source is not None]
        return (
            f"[b]Player {seat_index}[/b]  score now {card['total']}  "
            f"special routes used: {used}  doublings: {seat.doublings}  "
            f"drawn this round: {', '.join(done) or 'nothing'}"
        )
