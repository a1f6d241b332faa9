"""Turns, placement legality, hidden hands and the modules' actions (§4–§6, §10–§14).

Every draw is an explicit chance event whose outcomes are what is left (tiles in the
pile, shares in a stack, number tokens), so no order is fixed in advance; draws that
only one seat may see are marked private (`chance_viewers`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from linecraft.core.errors import IllegalActionError
from linecraft.core.game import Action, ScoreCard, State
from linecraft.core.game import Outcome as CoreOutcome
from linecraft.core.i18n import N_, _
from linecraft.core.rng import make_rng
from linecraft.games.metro.actions import (
    TILE_OUTCOMES,
    Central,
    Draw,
    Exchange,
    Outcome,
    Pass,
    Place,
    placings,
)
from linecraft.games.metro.board import (
    CENTRAL_POSITIONS,
    CENTRAL_SQUARES,
    SQUARES,
    TILE_NEIGHBOURS,
    TILE_SQUARES,
    on_outer_ring,
    square_name,
)
from linecraft.games.metro.bots import table_value
from linecraft.games.metro.position import Table
from linecraft.games.metro.routes import ONE_TILE_LINES, Route, one_tile_endings, trace
from linecraft.games.metro.scoring import departures, score_table
from linecraft.games.metro.tables import (
    COMPANIES,
    PERCENTAGES,
    SEAT_COLOURS,
    parse_share,
    share_text,
)
from linecraft.games.metro.tiles import (
    CENTRAL_PIECES,
    COPIES,
    TURNS,
    VALID_CODES,
    design,
    rotate,
)

if TYPE_CHECKING:
    from linecraft.games.metro.game import Metro

PROFIT_STOPS_EXCHANGE = 25
TOTAL_TILES = 60

# Why no exchange, or no central car on a position, is possible now: `legal_actions`
# asks on every turn, so these stay templates until an action is refused with them.
EXCHANGE_NEEDS_MODULE = N_("exchanging shares needs module 1")
# TRANSLATORS: {company} is a company's colour inside a sentence, e.g. "yellow".
EXCHANGE_OVER = N_("{company} has {profit} profit: exchanging is over")
EXCHANGE_COOLING = N_("you exchanged on your last turn")
# TRANSLATORS: {position} is a track of the central station, C1 to C8.
POSITION_TAKEN = N_("{position} already has a car")
# TRANSLATORS: {position} is a track of the central station, C1 to C8.
POSITION_COMPLETE = N_("the route from {position} is already complete")
# TRANSLATORS: {position} is a track of the central station, C1 to C8.
POSITION_ONE_TILE = N_("the line from {position} would pass only one tile")


def _colour_word(colour: str) -> str:
    """A colour in words (looked up late: the words import these rules)."""
    from linecraft.games.metro.words import colour_word

    return colour_word(colour)


class Stack:
    """A face-down share stack: never-seen shares on top (in no fixed order), shares
    returned by players below them in the order returned."""

    __slots__ = ("returned", "unseen")

    def __init__(self, unseen: set[str], returned: Sequence[tuple[str, int]] = ()) -> None:
        self.unseen = set(unseen)  # companies
        self.returned = list(returned)  # (company, seat who returned it)

    def copy(self) -> Stack:
        return Stack(self.unseen, self.returned)

    def __reduce__(self) -> tuple[type[Stack], tuple[set[str], list[tuple[str, int]]]]:
        """Pickled by way of its constructor, as a compiled class must be."""
        return Stack, (self.unseen, self.returned)

    def __len__(self) -> int:
        return len(self.unseen) + len(self.returned)


class MetroState(State):
    """A game in progress; see the module docstring for how chance works."""

    def __init__(self, game: Metro, seed: int, blank: bool = False) -> None:
        """A new game from `seed`; `blank`: nothing set up, for `clone` to fill in."""
        if blank:
            return
        super().__init__(game, seed)
        self.rules = game
        n = game.num_players
        self.board: list[str | None] = [None] * SQUARES
        self.pile: dict[str, int] = dict(COPIES)
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.drawn: str | None = None  # a tile drawn with `draw`, to be placed now
        self.turn = 0
        self.placed = 0
        self.central_cars: dict[str, str] = {}
        self.central_used = [False] * n
        self.shares: list[list[tuple[str, int]]] = [[] for _ in range(n)]
        self.revealed: set[tuple[str, int]] = set()
        modules = game.modules  # the stacks and the number tokens only where in play
        self.stacks = {p: Stack(set(COMPANIES)) for p in PERCENTAGES} if 1 in modules else {}
        self.open_share: dict[int, str] = {}
        self.exchanged_last = [False] * n
        self.numbers: list[list[int]] = [[] for _ in range(n)]
        self.number_pile = set(range(1, 33)) if 4 in modules else set()
        self.over = False
        # Chance events still to come, in order: (kind, seat or None, detail).
        self.pending: list[tuple[str, int | None, int]] = self._setup_events()
        self.routes: dict[str, Route] = {}
        self.waiting: dict[int, tuple[str, ...]] = {}  # empty square -> routes stopped there
        self.placeable: set[int] = set()  # the squares `adjacency_legal` allows
        # Car colour -> (points of its complete lines, passages of its open lines, its
        # open lines): what the bots judge a table by, without walking every route.
        self.line_totals: dict[str, tuple[int, int, int]] = {}
        self.index_board()
        # Square -> the codes, as laid, that §6 forbids there while other placements exist.
        self.one_tile_endings = one_tile_endings(frozenset(self.cars()))

    def _setup_events(self) -> list[tuple[str, int | None, int]]:
        game = self.rules
        n = game.num_players
        events: list[tuple[str, int | None, int]] = []
        if 3 in game.modules:
            events += [("centre", None, sq) for sq in CENTRAL_SQUARES]
        if 1 in game.modules:
            events += [("share", seat, p) for p in PERCENTAGES for seat in range(n)]
            events += [("open", None, p) for p in PERCENTAGES]
        if 4 in game.modules:
            events += [
                ("number", seat, 0) for _ in range(game.numbers_per_player) for seat in range(n)
            ]
        events += [("tile", seat, 0) for _ in range(game.hand_size) for seat in range(n)]
        return events

    def _blank(self) -> MetroState:
        return MetroState(self.rules, self.seed, blank=True)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (the server hands states to worker processes) by way of its blank
        constructor, as a compiled class must be."""
        return MetroState, (self.rules, self.seed, True), self.__getstate__()

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, MetroState)
        other.rules = self.rules
        other.board = list(self.board)
        other.pile = dict(self.pile)
        other.hands = [list(h) for h in self.hands]
        other.drawn = self.drawn
        other.turn = self.turn
        other.placed = self.placed
        other.central_cars = dict(self.central_cars)
        other.central_used = list(self.central_used)
        other.shares = [list(s) for s in self.shares]
        other.revealed = set(self.revealed)
        other.stacks = {p: s.copy() for p, s in self.stacks.items()}
        other.open_share = dict(self.open_share)
        other.exchanged_last = list(self.exchanged_last)
        other.numbers = [list(n) for n in self.numbers]
        other.number_pile = set(self.number_pile)
        other.over = self.over
        other.pending = list(self.pending)
        other.routes = dict(self.routes)
        other.waiting = dict(self.waiting)
        other.placeable = set(self.placeable)
        other.line_totals = dict(self.line_totals)
        other.one_tile_endings = self.one_tile_endings

    def determinised(self, player: int, rng: random.Random) -> MetroState:
        """A copy with what `player` cannot see (§16) dealt afresh from `rng`: the pile,
        the other hands and another seat's drawn tile; per percentage, the others'
        unrevealed shares and the stack's shares (but those `player` returned); the
        others' number tokens and the undealt ones. Sizes and the board stay, so the
        routes and their caches still hold.

        Each pool is sorted before `rng` shuffles it, and dealt to public places (hand
        sizes, share lists, who returned what where: exchanges are public), so the true
        deal cannot leak into a bot's choice; so is the copy's generator drawn from
        `rng`, as the true one would steer its draws."""
        other = self._position(throwaway=True)
        assert isinstance(other, MetroState)
        other._rng, other._rng_shared = make_rng(rng.getrandbits(64)), False
        others = [seat for seat in range(self.rules.num_players) if seat != player]
        other._deal_tiles(player, others, rng)
        if 1 in self.rules.modules:
            other._deal_shares(player, others, rng)
        if 4 in self.rules.modules:
            other._deal_numbers(others, rng)
        return other

    def _deal_tiles(self, player: int, others: list[int], rng: random.Random) -> None:
        """Deal the pile, the `others`' hands and a drawn tile `player` cannot see anew."""
        hidden_drawn = self.drawn is not None and self.turn != player
        pool = [code for code, count in self.pile.items() for _ in range(count)]
        for seat in others:
            pool.extend(self.hands[seat])
        if hidden_drawn:
            pool.append(str(self.drawn))
        pool.sort()
        rng.shuffle(pool)
        for seat in others:
            size = len(self.hands[seat])
            self.hands[seat], pool = sorted(pool[:size]), pool[size:]
        if hidden_drawn:
            self.drawn = pool.pop()
        self.pile = dict.fromkeys(self.pile, 0)
        for code in pool:
            self.pile[code] += 1

    def _deal_shares(self, player: int, others: list[int], rng: random.Random) -> None:
        """Deal, stack by stack, the shares `player` cannot see anew: the `others`'
        unrevealed ones in their places, the returned ones others put under the stack,
        and the stack's never-seen ones."""
        for percentage, stack in self.stacks.items():
            held = [
                (seat, i)
                for seat in others
                for i, share in enumerate(self.shares[seat])
                if share[1] == percentage and share not in self.revealed
            ]
            returned = [i for i, (_c, seat) in enumerate(stack.returned) if seat != player]
            pool = sorted(
                [self.shares[seat][i][0] for seat, i in held]
                + [stack.returned[i][0] for i in returned]
                + list(stack.unseen)
            )
            rng.shuffle(pool)
            for seat, i in held:
                self.shares[seat][i] = (pool.pop(), percentage)
            for i in returned:
                stack.returned[i] = (pool.pop(), stack.returned[i][1])
            stack.unseen = set(pool)

    def _deal_numbers(self, others: list[int], rng: random.Random) -> None:
        """Deal the `others`' number tokens and the undealt ones anew."""
        pool = sorted(self.number_pile.union(*(self.numbers[seat] for seat in others)))
        rng.shuffle(pool)
        for seat in others:
            size = len(self.numbers[seat])
            self.numbers[seat], pool = sorted(pool[:size]), pool[size:]
        self.number_pile = set(pool)

    # --- the table --------------------------------------------------------------------
    def _table_shell(self) -> Table:
        return Table(
            players=self.rules.num_players,
            modules=self.rules.modules,
            free_rotation=self.rules.free_rotation,
            board=self.board,
            central_cars=self.central_cars,
        )

    def table(self, *, secrets: bool = True) -> Table:
        """The position; with `secrets`, every seat's shares and number tokens."""
        table = self._table_shell()
        table.board = list(self.board)
        table.central_cars = dict(self.central_cars)
        if 1 in self.rules.modules:
            table.shares = {seat: list(s) for seat, s in enumerate(self.shares)} if secrets else {}
        if 4 in self.rules.modules:
            table.numbers = (
                {seat: list(n) for seat, n in enumerate(self.numbers)} if secrets else {}
            )
        return table

    def cars(self) -> dict[str, str]:
        """Departure → the colour of its car, for every departure with a car now (edge
        cars and central cars)."""
        return {**self.rules.edge_cars, **self.central_cars}

    def car_departures(self) -> list[str]:
        """Departures with a car now: the one-tile-line rule protects only these."""
        return list(self.cars())

    def car(self, departure: str) -> str | None:
        """The colour of the car on `departure`, if it has one."""
        return self.central_cars.get(departure) or self.rules.edge_cars.get(departure)

    def index_board(self) -> None:
        """Trace every route and find the placeable squares of the board as it is, laying
        its pieces one by one on the empty board: the central pieces first, as module 3
        lays them before any tile (`_lay` keeps all this up to date from then on)."""
        board, self.board = self.board, [None] * SQUARES
        self.routes, self.waiting, self.line_totals = {}, {}, {}
        for departure in departures(self._table_shell()):
            self._retrace(departure)
        self.placeable = {sq for sq in TILE_SQUARES if on_outer_ring(sq)}
        for sq in (*CENTRAL_SQUARES, *TILE_SQUARES):
            piece = board[sq]
            if piece is not None:
                self._lay(sq, piece)

    def _retrace(self, departure: str) -> None:
        before = self.routes.get(departure)
        route = trace(self.board, departure, before)
        self.routes[departure] = route
        if route.stop is not None:
            self.waiting[route.stop] = (*self.waiting.get(route.stop, ()), departure)
        colour = self.car(departure)
        if colour is not None:
            self._count_line(colour, route, before)

    def _count_line(self, colour: str, route: Route, open_before: Route | None = None) -> None:
        """Count a route of a `colour` car in `line_totals`, in place of the open route
        it went on from (`open_before`), if any."""
        points, passages, lines = self.line_totals.get(colour, (0, 0, 0))
        if open_before is not None:
            passages, lines = passages - open_before.passages, lines - 1
        if route.complete:
            points += route.points
        else:
            passages, lines = passages + route.passages, lines + 1
        self.line_totals[colour] = (points, passages, lines)

    def _lay(self, sq: int, piece: str) -> None:
        """Put a tile or a central piece on `sq`: the routes stopped there go on, and the
        empty tile squares beside it become placeable if it anchors them (§6)."""
        self.board[sq] = piece
        self.placeable.discard(sq)
        if self._anchors(sq):
            for n in TILE_NEIGHBOURS[sq]:
                if self.board[n] is None:
                    self.placeable.add(n)
        for departure in self.waiting.pop(sq, ()):
            self._retrace(departure)

    def profits(self) -> dict[str, int]:
        """Points earned so far by each car colour (players' or companies')."""
        earned: dict[str, int] = {}
        for departure, colour in self.cars().items():
            earned[colour] = earned.get(colour, 0) + self.routes[departure].points
        return earned

    # --- whose move -------------------------------------------------------------------
    def is_chance(self) -> bool:
        return bool(self.pending) and not self.over

    def to_act(self) -> tuple[int, ...]:
        if self.over or self.pending:
            return ()
        return (self.turn,)

    def is_terminal(self) -> bool:
        return self.over

    def chance_viewers(self) -> tuple[int, ...] | None:
        """Who sees the pending chance outcome: one seat for private draws, None: everyone."""
        if not self.pending:
            return None
        kind, seat, _detail = self.pending[0]
        return (
            (seat,) if kind in ("tile", "drawn", "share", "number") and seat is not None else None
        )

    # --- placements -------------------------------------------------------------------
    def adjacency_legal(self, sq: int) -> bool:
        """An empty tile square on the outer ring or beside a piece on the board (§6): the
        empty board's outer ring, and the squares beside each piece `_lay` lays."""
        return sq in self.placeable

    def _anchors(self, sq: int) -> bool:
        """Whether the piece on `sq` makes the squares beside it placeable: a tile always,
        a module-3 central track (a piece on the board too) unless `central_tracks_no_adjacency`."""
        if self.board[sq] is None:
            return False
        return sq not in CENTRAL_SQUARES or not self.rules.central_tracks_no_adjacency

    def placements(self, code: str) -> list[Place]:
        """Every legal placement of the tile with printed `code` (§6, Rulings 3 and 7)."""
        turns = TURNS[code] if self.rules.free_rotation else ((None, code),)
        layings = [(placings(code, k), placed) for k, placed in turns]
        squares = sorted(self.placeable)
        ending = self.one_tile_endings  # the layings `one_tile_line` finds a line for
        allowed = [
            by_square[sq]
            for sq in squares
            for by_square, placed in layings
            if placed not in ending[sq]
        ]
        return allowed or [by_square[sq] for sq in squares for by_square, _placed in layings]

    def one_tile_line(self, sq: int, placed: str) -> str | None:
        """A departure with a car whose open line the tile laid as `placed` on the empty
        `sq` would complete in one passage (§6), or None."""
        lines = ONE_TILE_LINES[sq].get(placed)
        if lines is None:
            return None
        return next((departure for departure in self.car_departures() if departure in lines), None)

    def tiles_to_place(self, player: int) -> list[str]:
        """The printed codes the player may place now (the drawn tile, else the hand)."""
        if self.drawn is not None:
            return [self.drawn]
        return sorted(set(self.hands[player]))

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.to_act():
            return []
        found: list[Action] = []
        for code in self.tiles_to_place(player):
            found.extend(self.placements(code))
        if self.drawn is not None:
            return found
        if any(self.pile.values()):
            found.append(Draw())
        found.extend(self._exchanges(player))
        found.extend(self._central_moves(player))
        return found or [Pass()]

    def _exchanges(self, player: int) -> list[Action]:
        if self._exchange_problem(player) is not None:
            return []
        moves: list[Action] = []
        for percentage in PERCENTAGES:
            if self._own_share(player, percentage) in self.revealed:
                continue
            if percentage in self.open_share:
                moves.append(Exchange(percentage, "open"))
            moves.append(Exchange(percentage, "top"))
        return moves

    def _exchange_problem(self, player: int) -> str | None:
        """Why `player` may exchange no share now, as a template (`_exchange_refused`
        tells it in words), or None."""
        if 1 not in self.rules.modules:
            return EXCHANGE_NEEDS_MODULE
        profits = self.profits()
        if any(profits.get(c, 0) >= PROFIT_STOPS_EXCHANGE for c in COMPANIES):
            return EXCHANGE_OVER
        if self.rules.exchange_cooldown and self.exchanged_last[player]:
            return EXCHANGE_COOLING
        return None

    def _exchange_refused(self, player: int) -> str | None:
        """`_exchange_problem` in words."""
        problem = self._exchange_problem(player)
        if problem != EXCHANGE_OVER:
            return None if problem is None else _(problem)
        profits = self.profits()
        rich = next(c for c in COMPANIES if profits.get(c, 0) >= PROFIT_STOPS_EXCHANGE)
        return _(problem).format(company=_colour_word(rich), profit=profits[rich])

    def _own_share(self, player: int, percentage: int) -> tuple[str, int]:
        return next(s for s in self.shares[player] if s[1] == percentage)

    def _central_moves(self, player: int) -> list[Action]:
        if 2 not in self.rules.modules or self.placed >= TOTAL_TILES:
            return []
        free = [p for p in CENTRAL_POSITIONS if self._position_problem(p) is None]
        if 1 not in self.rules.modules:
            if self.central_used[player]:
                return []
            return [Central(p) for p in free]
        placed = set(self.central_cars.values())
        shares = [s for s in self.shares[player] if s not in self.revealed and s[0] not in placed]
        return [Central(p, s) for p in free for s in shares]

    # --- checking -----------------------------------------------------------------------
    def apply(self, player: int, action: Action | str) -> Action:
        """As `State.apply`, completing a short `place RC` from the hand (§17.3)."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if isinstance(action, Place) and player in self.to_act():
            action = self._complete_place(player, action)
        return super().apply(player, action)

    def _complete_place(self, player: int, place: Place) -> Place:
        code = place.code
        if code is None:
            codes = self.tiles_to_place(player)
            if len(codes) != 1:
                if codes:
                    which = _("say which tile ({tiles})").format(tiles=", ".join(codes))
                else:
                    which = _("say which tile (you have none)")
                raise IllegalActionError(f"{place}: {which}")
            code = codes[0]
        rotation = place.rotation
        if self.rules.free_rotation:
            placed = rotate(code, rotation or 0)
            rotation = min(k for k in range(4) if rotate(code, k) == placed)  # Ruling 7
        elif rotation is not None:
            # TRANSLATORS: free_rotation is the option's name in the game's settings.
            kept = _("tiles keep their orientation (free_rotation is off)")
            raise IllegalActionError(f"{place}: {kept}")
        return Place(place.square, code, rotation)

    def check(self, player: int, action: Action) -> None:
        problem = self._problem(player, action)
        if problem is not None:
            raise IllegalActionError(f"{action}: {problem}")

    def _problem(self, player: int, action: Action) -> str | None:
        """Why `action` is refused, in words (only ever asked when it is played)."""
        if isinstance(action, Place):
            return self._place_problem(player, action)
        if self.drawn is not None:
            # TRANSLATORS: {tile} is the tile's code, e.g. cbaa.
            return _("place the tile you drew ({tile}) first").format(tile=self.drawn)
        if isinstance(action, Draw):
            return None if sum(self.pile.values()) else _("the draw pile is empty")
        if isinstance(action, Exchange):
            problem = self._exchange_refused(player)
            percentage = action.percentage
            if problem is None and self._own_share(player, percentage) in self.revealed:
                problem = _("your {percentage}% share is revealed and cannot be exchanged")
                problem = problem.format(percentage=percentage)
            if problem is None and action.take == "open" and percentage not in self.open_share:
                problem = _("there is no open {percentage}% share").format(percentage=percentage)
            return problem
        if isinstance(action, Central):
            return (
                None
                if action in self._central_moves(player)
                else self._central_problem(player, action)
            )
        if isinstance(action, Pass):
            others = [a for a in self.legal_actions(player) if not isinstance(a, Pass)]
            if not others:
                return None
            # TRANSLATORS: {action} is a move in notation, e.g. "place 07 cbaa".
            return _("you can still play (e.g. {action})").format(action=others[0])
        return _("not a Metro action")

    def _position_problem(self, position: str) -> str | None:
        """Why no central car may go on `position` now (§12), as a template taking the
        `position`, or None: any unoccupied position will do, also one whose route is
        complete already (it scores at once), unless that line passes only one tile."""
        route = self.routes[position]
        if position in self.central_cars:
            return POSITION_TAKEN
        if route.complete and self.rules.central_cars_open_only:
            return POSITION_COMPLETE
        if route.complete and route.passages == 1:
            return POSITION_ONE_TILE
        return None

    def _central_problem(self, player: int, action: Central) -> str:
        if 2 not in self.rules.modules:
            return _("central cars need module 2")
        problem = self._position_problem(action.position)
        if problem is not None:
            return _(problem).format(position=action.position)
        if 1 in self.rules.modules:
            if action.share is None:
                return _("name the share you reveal (e.g. central C2 Y40)")
            if action.share not in self.shares[player] or action.share in self.revealed:
                # TRANSLATORS: {share} is a share in notation, e.g. Y40.
                told = _("you hold no unrevealed share {share}")
                return told.format(share=share_text(*action.share))
            told = _("the {company} central car is already placed")
            return told.format(company=_colour_word(action.share[0]))
        if action.share is not None:
            return _("shares need module 1")
        return _("you have placed your central car already")

    def _place_problem(self, player: int, place: Place) -> str | None:
        assert place.code is not None
        having = self.tiles_to_place(player)
        if place.code not in having:
            if not having:
                # TRANSLATORS: {code} is a tile's code, e.g. cbaa.
                return _("you have no tile, not {code}").format(code=place.code)
            # TRANSLATORS: {tiles} and {code} are tiles' codes, e.g. "cbaa, aacb" and dacc.
            told = _("you have {tiles}, not {code}")
            return told.format(tiles=", ".join(having), code=place.code)
        sq = place.square
        if sq in CENTRAL_SQUARES:
            # TRANSLATORS: {square} is a square by row and column, e.g. 07.
            return _("{square} is the central station").format(square=square_name(sq))
        if self.board[sq] is not None:
            return _("{square} is not empty").format(square=square_name(sq))
        if sq not in self.placeable:
            told = _("{square} is neither on the outer ring nor next to a tile")
            return told.format(square=square_name(sq))
        if place not in self.placements(place.code):
            line = self.one_tile_line(sq, rotate(place.code, place.rotation or 0))
            # TRANSLATORS: {station} is a station's number, or C1 to C8 in the centre.
            told = _("it would complete the line from {station} with one tile")
            return told.format(station=line)
        return None

    # --- doing ------------------------------------------------------------------------
    def _do(self, player: int, action: Action) -> None:
        n = self.rules.num_players
        if isinstance(action, Draw):
            self.pending.append(("drawn", player, 0))
            return
        self.exchanged_last[player] = isinstance(action, Exchange)
        if isinstance(action, Place):
            assert action.code is not None
            self._lay(action.square, rotate(action.code, action.rotation or 0))
            self.placed += 1
            if self.drawn is not None:
                self.drawn = None
            else:
                self.hands[player].remove(action.code)
                if any(self.pile.values()):
                    self.pending.append(("tile", player, 0))
        elif isinstance(action, Exchange):
            own = self._own_share(player, action.percentage)
            self.shares[player].remove(own)
            self.stacks[action.percentage].returned.append((own[0], player))
            if action.take == "open":
                self.shares[player].append(
                    (self.open_share.pop(action.percentage), action.percentage)
                )
                self.pending.append(("open", None, action.percentage))
            else:
                self.pending.append(("share", player, action.percentage))
        elif isinstance(action, Central):
            colour = action.share[0] if action.share else SEAT_COLOURS[player]
            if action.share:
                self.revealed.add(action.share)
            self.central_cars[action.position] = colour
            self.one_tile_endings = one_tile_endings(frozenset(self.cars()))
            self._count_line(colour, self.routes[action.position])
            self.central_used[player] = True
        if self.placed >= TOTAL_TILES:
            self.over = True
        self.turn = (player + 1) % n

    # --- chance -----------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[CoreOutcome, float]]:
        outcomes, counts = self._outcomes()
        total = sum(counts)
        return [(outcome, count / total) for outcome, count in zip(outcomes, counts, strict=True)]

    def _outcomes(self) -> tuple[list[Outcome], list[int]]:
        """The outcomes the pending draw may have, and how many ways each happens."""
        kind, _seat, detail = self.pending[0]
        if kind in ("tile", "drawn"):
            codes = [code for code in VALID_CODES if self.pile[code]]
            return [TILE_OUTCOMES[code] for code in codes], [self.pile[code] for code in codes]
        if kind == "centre":
            used = {design(c) for c in (self.board[sq] for sq in CENTRAL_SQUARES) if c}
            rotations = range(4) if self.rules.central_track_rotation == "random" else (0,)
            laid = dict.fromkeys(  # a piece looking the same after a turn is laid one way
                rotate(piece, k) for piece in CENTRAL_PIECES if piece not in used for k in rotations
            )
            outcomes = [Outcome("centre", code) for code in laid]
        elif kind in ("share", "open"):
            stack = self.stacks[detail]
            companies = sorted(stack.unseen) if stack.unseen else [stack.returned[0][0]]
            outcomes = [Outcome(kind, share_text(c, detail)) for c in companies]
        else:
            outcomes = [Outcome("number", str(n)) for n in sorted(self.number_pile)]
        return outcomes, [1] * len(outcomes)

    def _sample_outcome(self, rng: random.Random) -> CoreOutcome:
        outcomes, counts = self._outcomes()
        return rng.choices(outcomes, weights=counts)[0]

    def _possible(self, outcome: Outcome) -> bool:
        """Whether `outcome` may be drawn now (a tile is checked against the pile alone)."""
        if self.pending[0][0] in ("tile", "drawn"):
            return outcome.kind == "tile" and self.pile.get(outcome.value, 0) > 0
        return outcome in self._outcomes()[0]

    def _do_chance(self, outcome: CoreOutcome) -> None:
        if not isinstance(outcome, Outcome) or not self._possible(outcome):
            kind = self.pending[0][0]
            # TRANSLATORS: {outcome} is in notation (e.g. "tile cbaa"); {kind} is the kind
            # of draw as the notation names it: tile, drawn, centre, share, open or number.
            told = _("{outcome} is not a possible {kind} draw now")
            raise IllegalActionError(told.format(outcome=outcome, kind=kind))
        kind, seat, detail = self.pending.pop(0)
        if kind in ("tile", "drawn"):
            self.pile[outcome.value] -= 1
            if kind == "drawn":
                self.drawn = outcome.value
            else:
                assert seat is not None
                self.hands[seat].append(outcome.value)
        elif kind == "centre":
            sq = next(sq for sq in CENTRAL_SQUARES if self.board[sq] is None)
            self._lay(sq, outcome.value)
        elif kind in ("share", "open"):
            share = parse_share(outcome.value)
            assert share is not None
            stack = self.stacks[detail]
            if stack.unseen:
                stack.unseen.discard(share[0])
            else:
                stack.returned.pop(0)
            if kind == "open":
                self.open_share[detail] = share[0]
            else:
                assert seat is not None
                self.shares[seat].append(share)
        else:
            assert seat is not None
            self.number_pile.discard(int(outcome.value))
            self.numbers[seat].append(int(outcome.value))

    # --- results ----------------------------------------------------------------------
    def scores(self) -> dict[int, ScoreCard]:
        """Each seat's player record (§17.4), counting every secret as if revealed now."""
        players = score_table(self.table())["players"]
        return {p["seat"]: ScoreCard({k: v for k, v in p.items() if k != "seat"}) for p in players}

    def heuristic(self, player: int) -> float:
        return table_value(self, player)

    def winners(self) -> list[int]:
        """Every seat with the highest total shares the victory (Ruling 6)."""
        totals = {p: card.total for p, card in self.scores().items()}
        best = max(totals.values())
        return [p for p, total in totals.items() if total == best]

    def view(self, player: int | None) -> dict[str, Any]:
        """Public information plus what `player` alone may see (§16)."""
        profits = self.profits()
        public_board = [code for code in self.board]
        seats = []
        for seat in range(self.rules.num_players):
            own = seat == player
            shares = [share_text(*s) for s in self.shares[seat] if own or s in self.revealed]
            entry: dict[str, Any] = {
                "colour": None if 1 in self.rules.modules else SEAT_COLOURS[seat],
                "hand_size": len(self.hands[seat]),
                "hand": sorted(self.hands[seat]) if own else None,
                "drawn": self.drawn if own and seat == self.turn else None,
                "shares": shares,
                "numbers": list(self.numbers[seat]) if own else None,
                "central_car_used": self.central_used[seat],
            }
            if 1 not in self.rules.modules:
                entry["points"] = profits.get(SEAT_COLOURS[seat], 0)
            seats.append(entry)
        return {
            "game": self.rules.name,
            "board": public_board,
            "tiles_placed": self.placed,
            "pile": sum(self.pile.values()),
            "turn": self.turn,
            "to_act": list(self.to_act()),
            "drawing": self.drawn is not None,
            "terminal": self.over,
            "viewer": player,
            "central_cars": dict(self.central_cars),
            "profits": {c: profits.get(c, 0) for c in COMPANIES}
            if 1 in self.rules.modules
            else None,
            "open_shares": {str(p): share_text(c, p) for p, c in sorted(self.open_share.items())},
            "stacks": {str(p): len(s) for p, s in self.stacks.items()}
            if 1 in self.rules.modules
            else None,
            "returned_by_you": [
                share_text(c, p)
                for p, s in self.stacks.items()
                for c, seat in s.returned
                if seat == player
            ],
            "seats": seats,
        }
