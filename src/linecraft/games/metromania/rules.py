"""Setup, turns, the dig obligation, undo, the end of the building phase (§5, §8–§10).

Each action is one step; a turn is the steps of one company. The state keeps the
steps of the current turn with what taking each back needs, so `undo` restores the
city exactly.

The rulebook's own words settle two points here. A Spot tunnel is never owed ("Il est
interdit de construire un tunnel sur un Spot si on ne peut pas (ou ne veut pas) y
poser une Destination"): K, the tunnels a turn owes, counts only tunnels that need no
marker, and a company may pass, even after digging, once its only legal ways on go
through Spots. In the final round ("chacun des joueurs, sauf le joueur pendant le tour
duquel la phase vient de se finir, peut jouer encore une fois") the seat whose turn
ended the building phase plays no more, not even with its other company.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from linecraft.core.errors import IllegalActionError
from linecraft.core.game import Action, Outcome, ScoreCard, State
from linecraft.core.i18n import N_, Nn_, _
from linecraft.games.metromania.city import City, Dug, Refusal
from linecraft.games.metromania.dig import (
    MAX_DIG,
    dig_obligation,
    is_plain,
    leaves_room,
    needs_marker,
)
from linecraft.games.metromania.geometry import Gate, Vertex, all_layouts
from linecraft.games.metromania.markers import (
    TYPE_ORDER,
    Deal,
    is_valid_deal,
    sort_hand,
    strict_deal,
    valid_deals,
)
from linecraft.games.metromania.notation import (
    Double,
    Extend,
    Finish,
    LayoutDraw,
    Pass,
    Start,
    Station,
    Undo,
)

if TYPE_CHECKING:
    from linecraft.games.metromania.game import Metromania


@cache
def layout_draws() -> tuple[LayoutDraw, ...]:
    """The 524,880 equally likely layouts (§5)."""
    return tuple(LayoutDraw(layout) for layout in all_layouts())


def _hand_outs(quotas: list[str], pool: list[str]) -> list[tuple[tuple[str, ...], ...]]:
    """Every way to hand out the markers of `pool` (sorted), each hand taking the types
    its quota names ("HWF", "HHWF"), in a fixed order; each hand sorted."""
    if not quotas:
        return [()]
    quota = quotas[0]
    found: list[tuple[tuple[str, ...], ...]] = []
    choices = [
        combinations([code for code in pool if code[1] == kind], quota.count(kind))
        for kind in TYPE_ORDER
    ]
    for parts in product(*choices):
        hand = sort_hand([code for part in parts for code in part])
        left = list(pool)
        for code in hand:
            left.remove(code)
        found += [(hand, *rest) for rest in _hand_outs(quotas[1:], left)]
    return found


def _redealt(city: City, step: Start | Extend | Finish, dug: Dug, hand: list[str]) -> Dug:
    """`dug` with the place its marker, if any, takes back in `hand` (sorted, without it)."""
    if not isinstance(step, Extend) or step.letter is None:
        return dug
    code = city.placed[step.space][1]
    return Dug(list(dug.built), sort_hand([*hand, code]).index(code))


class MetromaniaState(State):
    """Setup chance and declarations, then the building phase, then over."""

    def __init__(self, game: Metromania, seed: int, blank: bool = False) -> None:
        """A new game from `seed`; `blank`: nothing set up, for `clone` to fill in."""
        if blank:
            return
        super().__init__(game, seed)
        self.rules = game
        self.city: City | None = None
        self.doubles: list[str] = []
        self.deal: Deal | None = None
        self.phase = "setup"
        self.to_move = 0  # company
        self.final_left: list[int] = []
        self._k: int | None = 0
        self._turn_start: City | None = None  # the city K is worked out from, when asked
        self._turn_start_shared = False  # by clones: then K is searched on a copy of it
        self.steps = 0
        # This turn's dig steps, with what `City.take_back` needs to undo them.
        self.taken: list[tuple[Start | Extend | Finish, Dug]] = []
        self.passes = 0  # turns in a row ended by a pass, nothing dug or built since

    def _blank(self) -> MetromaniaState:
        return MetromaniaState(self.rules, self.seed, blank=True)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (the server hands states to worker processes) by way of its blank
        constructor, as a compiled class must be."""
        return MetromaniaState, (self.rules, self.seed, True), self.__getstate__()

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, MetromaniaState)
        other.rules = self.rules
        other.city = self.city.copy() if self.city else None
        other.doubles = list(self.doubles)
        other.deal = self.deal
        other.phase = self.phase
        other.to_move = self.to_move
        other.final_left = list(self.final_left)
        other._k = self._k
        other._turn_start = self._turn_start
        other._turn_start_shared = self._turn_start_shared = self._turn_start is not None
        other.steps = self.steps
        other.taken = list(self.taken)
        other.passes = self.passes

    def determinised(self, player: int, rng: random.Random) -> MetromaniaState:
        """A copy without history in which the letters of the other seats' unplaced
        markers, all that `player`'s view hides (§6, R5), are dealt afresh from `rng`.

        Everything else is public and kept: the layout, every line, station and point,
        every placed marker with the company that placed it (the line whose tunnel holds
        it), the doubled types, and the type of every unplaced marker. The new hands are
        drawn uniformly from the deals the rules could have dealt (`is_valid_deal`: the
        quotas of types, all letters of a company different, the two-company game's
        sets) that agree with all of it: the seat's own companies' hands as dealt, and
        for each other company the markers it placed plus hidden ones of the types it
        still holds. The candidates are listed from the sorted pool of the hidden
        markers, so the draw depends on the view and `rng` alone, never on who truly
        holds what. With two players the seat's own hands settle the other's, so
        nothing changes there.

        Ruling (ours): the draw keeps what the seat has seen, not what it might read
        into play. A company's choices (to dig onto a Spot or not, to pass) prove
        nothing about its letters and are not weighed: every deal that fits is equally
        likely, as at the deal itself. Nor is one rare hint kept: a line whose only way
        on is a Spot that no marker in hand may take counts as blocked (R19), so that
        the building phase not having ended yet (§10) can rule out some letters; such a
        copy may end the building phase when its current turn ends.

        Nothing is hidden, and the plain copy is returned, before the deal (only chance
        or the 3-player declarations are pending: the deal is still the future, which a
        search draws with its own generator), when letters are public (open
        destinations, strict municipality), and once the game is over (all hands are
        shown). A hand-built position (`Metromania.state_from_position`) that no deal
        of the rules fits is redrawn keeping each company's letters different, or, if
        even that cannot be, keeping only the types."""
        other = self._position()
        assert isinstance(other, MetromaniaState)
        fitting = self._hidden_deals(player)
        if fitting is None:
            return other
        hidden, placed, deals = fitting
        city = other.city
        assert city is not None
        mode = self.rules.mode
        companies = range(mode.companies)
        drawn = rng.choice(deals)
        for company, dealt in zip(hidden, drawn, strict=True):
            city.hands[company] = list(dealt)
        other.deal = Deal(tuple(sort_hand([*city.hands[c], *placed[c]]) for c in companies))
        # K never depends on a hand (a Spot is never owed): work it out now, and let go
        # the city the turn began with, which holds the true hands.
        if other._turn_start is not None:
            other.k = other.k
        if mode.seat_of(other.to_move) != player and other.taken:
            # Where undo puts a marker placed this turn back: its place in the new hand.
            hand = city.hands[other.to_move]
            other.taken = [(step, _redealt(city, step, dug, hand)) for step, dug in other.taken]
        return other

    def foreseen(self, player: int) -> bool:
        """After the deal nothing is left to chance, and where `determinised` has one
        deal to draw (letters public, or two players: the seat's own hands settle the
        other's) the seat sees all there is."""
        if self.phase == "setup":
            return False
        fitting = self._hidden_deals(player)
        return fitting is None or len(fitting[2]) == 1

    def _hidden_deals(
        self, player: int
    ) -> tuple[list[int], list[list[str]], list[tuple[tuple[str, ...], ...]]] | None:
        """What `player`'s view hides, for `determinised`: the companies whose hands it
        does not see, the markers each company has placed, and the deals that fit; None
        where nothing is hidden."""
        city = self.city
        if city is None or self.deal is None or self.phase == "over":
            return None
        if self.rules.letters_public:
            return None
        mode = self.rules.mode
        companies = range(mode.companies)
        hidden = [c for c in companies if mode.seat_of(c) != player]
        placed: list[list[str]] = [[] for _ in companies]
        for _space, (owner, code) in sorted(city.placed.items()):
            placed[owner].append(code)
        pool = sorted(code for c in hidden for code in city.hands[c])
        quotas = ["".join(sorted(code[1] for code in city.hands[c])) for c in hidden]
        return hidden, placed, self._deals_fitting(hidden, placed, quotas, pool)

    def _deals_fitting(
        self, hidden: list[int], placed: list[list[str]], quotas: list[str], pool: list[str]
    ) -> list[tuple[tuple[str, ...], ...]]:
        """The ways to hand the hidden markers (`pool`, sorted) to the `hidden` companies,
        each the types of its `quotas`, that make a deal the rules could have dealt, in a
        fixed order; see `determinised` for hand-built positions that none fits."""
        assert self.city is not None
        mode, doubles = self.rules.mode, tuple(self.doubles)
        ways = _hand_outs(quotas, pool)
        deals: list[tuple[tuple[str, ...], ...]] = []
        for way in ways:
            hands = [list(hand) for hand in self.city.hands]
            for company, hand in zip(hidden, way, strict=True):
                hands[company] = list(hand)
            deals.append(tuple(sort_hand([*h, *p]) for h, p in zip(hands, placed, strict=True)))
        # A 3-player game set up from a position has no declared doubles to check against.
        if mode.players != 3 or len(doubles) == 3:
            fitting = [
                w for w, d in zip(ways, deals, strict=True) if is_valid_deal(Deal(d), mode, doubles)
            ]
            if fitting:
                return fitting
        distinct = [
            way
            for way, deal in zip(ways, deals, strict=True)
            if all(len({code[0] for code in hand}) == len(hand) for hand in deal)
        ]
        return distinct or ways

    # --- setup --------------------------------------------------------------------------
    @property
    def needs_doubles(self) -> bool:
        mode = self.rules.mode
        return mode.players == 3 and not self.rules.strict and len(self.doubles) < 2

    def pending_chance(self) -> str | None:
        if self.phase != "setup":
            return None
        if self.city is None:
            return "layout"
        if self.needs_doubles:
            return None
        return "deal"

    def _begin(self, deal: Deal) -> None:
        assert self.city is not None
        self.deal = deal
        self.city.hands = [list(h) for h in deal.hands]
        self.phase = "building"
        self._start_turn(0)

    def _start_turn(self, company: int) -> None:
        assert self.city is not None
        self.to_move = company
        self.steps = 0
        self.taken = []
        self.city.marker_this_turn = False
        self.city.starts_this_turn = 0
        self.city.first_turn = not any(line.started for line in self.city.lines[company])
        self._k, self._turn_start, self._turn_start_shared = None, self.city.copy(), False

    @property
    def snapshots(self) -> list[City]:
        """The city before each step of this turn, worked out by taking the steps back."""
        assert self.city is not None or not self.taken
        found = []
        city = self.city
        for step, dug in reversed(self.taken):
            assert city is not None
            city = city.copy()
            city.take_back(self.to_move, step, dug)
            found.append(city)
        return found[::-1]

    @property
    def k(self) -> int:
        """K, the turn's dig obligation, worked out from the city as the turn began when
        first asked: a bot trying the last steps of a turn never needs the next one's."""
        if self._k is None:
            start = self._turn_start
            assert start is not None
            if self._turn_start_shared:  # a clone's K search must not move the other's
                start = start.copy()
            self._k, self._turn_start = dig_obligation(start, self.to_move), None
        return self._k

    @k.setter
    def k(self, value: int) -> None:
        self._k, self._turn_start = value, None

    # --- whose move -------------------------------------------------------------------
    def is_chance(self) -> bool:
        return self.pending_chance() is not None

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "setup":
            return (len(self.doubles),) if self.city is not None and self.needs_doubles else ()
        if self.phase == "over":
            return ()
        return (self.rules.mode.seat_of(self.to_move),)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def stalled(self) -> bool:
        """Every company has passed in turn, nothing dug or built since the first pass:
        the city and the company to move are as they were. A pass is allowed while
        every way on goes through a Spot whose Destination the company will not place
        (R9 and the rulebook's "ne peut pas (ou ne veut pas)"), so the rules let this
        go on; the end conditions of §10 are the rulebook's and stay as they are."""
        return self.phase == "building" and self.passes >= self.rules.mode.companies

    def chance_viewers(self) -> tuple[int, ...] | None:
        """The deal is seen in parts: each seat sees its own companies' hands."""
        if self.pending_chance() == "deal" and not self.rules.letters_public:
            return tuple(range(self.rules.num_players))
        return None

    # --- actions ----------------------------------------------------------------------
    def legal_actions(self, player: int) -> list[Action]:
        """Every legal step now; `undo` (while the turn has steps) is not listed."""
        if player not in self.to_act():
            return []
        if self.phase == "setup":
            return [Double(k) for k in "HWF" if k not in self.doubles]
        assert self.city is not None
        company = self.to_move
        found: list[Action] = list(self._dig_steps(company))
        if all(needs_marker(step) for step in found):
            found.append(Pass())
        if self.steps == 0:
            found += self.city.iter_station_steps(company)
        return found

    def _dig_steps(self, company: int) -> Iterator[Start | Extend | Finish]:
        """The dig steps legal now, the obligation included. The search tries steps on
        the state's own city and takes each back before the next step is yielded, so
        a reader between two never sees it changed."""
        assert self.city is not None
        wanted = self.k - self.steps - 1
        if wanted <= 0:
            yield from self.city.iter_dig_steps(company)
            return
        city = self.city
        alone = list(city.iter_dig_steps(company))
        standing = [step for step in alone if is_plain(step)]
        # While neither line is started, no rule tells L1 from L2: a start of L2 leaves
        # as much room as the same start of L1.
        alike = not any(line.started for line in city.lines[company])
        room: dict[tuple[Gate, Vertex], bool] = {}
        for step in alone:
            if alike and isinstance(step, Start):
                where = (step.gate, step.vertex)
                if where not in room:
                    room[where] = leaves_room(city, company, step, wanted)
                if room[where]:
                    yield step
            elif leaves_room(city, company, step, wanted, standing):
                yield step

    def _keeps_obligation(self, company: int, step: Start | Extend | Finish) -> bool:
        """Whether the turn can still reach its K tunnels after `step`, through a Spot
        if need be; the company may still stop before that Spot when it comes to it."""
        assert self.city is not None
        wanted = self.k - self.steps - 1
        return wanted <= 0 or leaves_room(self.city.copy(), company, step, wanted)

    def _owed_step(self, company: int) -> Start | Extend | Finish | None:
        """A legal step that needs no marker: while one exists, the turn must go on."""
        return next((s for s in self._dig_steps(company) if not needs_marker(s)), None)

    def check(self, player: int, action: Action) -> None:
        refusal = self._refusal(action)
        if refusal is not None:
            raise IllegalActionError(f"{action}: {refusal}")

    def _refusal(self, action: Action) -> Refusal | None:
        if isinstance(action, Double):
            if self.phase != "setup" or not self.needs_doubles:
                return Refusal(
                    "not_setup", N_("doubled types are declared during the 3-player setup")
                )
            if action.kind in self.doubles:
                # TRANSLATORS: {kind} is a Spot type's letter: H, W or F
                return Refusal("double_taken", N_("{kind} is already declared"), kind=action.kind)
            return None
        if self.phase not in ("building", "final"):
            return Refusal("not_building", N_("the building phase is not on"))
        assert self.city is not None
        company = self.to_move
        if isinstance(action, Undo):
            if not self.taken:
                return Refusal("nothing_to_undo", N_("no step of this turn to take back"))
            return None
        if isinstance(action, Station) and self.steps > 0:
            return Refusal("turn_in_progress", N_("this turn has dug already"))
        if isinstance(action, Pass):
            owed = self._owed_step(company)
            if owed is not None:
                return Refusal(
                    "pass_not_allowed",
                    # TRANSLATORS: {step} is a step in the game's notation, e.g.
                    # "L1:3,-3>4,-3@U3,-3"
                    N_("the turn must go on: {step} needs no marker"),
                    step=str(owed),
                )
            return None
        if not isinstance(action, Start | Extend | Finish | Station):
            return Refusal("not_building", N_("not a Metromania step"))
        refusal: Refusal | None = self.city.problem(company, action)
        if refusal is not None or isinstance(action, Station):
            return refusal
        if not self._keeps_obligation(company, action):
            return Refusal(
                "falls_short",
                Nn_(
                    "after this step the turn could not reach its {count} tunnel",
                    "after this step the turn could not reach its {count} tunnels",
                ),
                self.k,
            )
        return refusal

    def _do(self, player: int, action: Action) -> None:
        if isinstance(action, Double):
            self.doubles.append(action.kind)
            if len(self.doubles) == 2:
                self.doubles.append(next(k for k in "HWF" if k not in self.doubles))
            return
        assert self.city is not None
        if isinstance(action, Undo):
            step, dug = self.taken.pop()
            self.city.take_back(self.to_move, step, dug)
            self.steps -= 1
            return
        if isinstance(action, Pass):
            # A pass after digging ends a turn that changed the city.
            self.passes = 0 if self.steps else self.passes + 1
            self._end_turn()
            return
        assert isinstance(action, Start | Extend | Finish | Station)
        dug = self.city.apply(self.to_move, action)
        if isinstance(action, Station):
            self.passes = 0
            self._end_turn()
            return
        self.taken.append((action, dug))
        self.steps += 1
        # A step that kept the obligation leaves a legal step whenever more are owed, so
        # the turn goes on exactly while some dig step is legal on its own.
        if self.steps == MAX_DIG or next(self.city.iter_dig_steps(self.to_move), None) is None:
            self.passes = 0
            self._end_turn()

    def _end_turn(self) -> None:
        assert self.city is not None
        n = self.rules.mode.companies
        if self.phase == "building" and self._end_triggered():
            self.phase = "final"
            self.final_left = self._final_round()
        if self.phase == "final":
            if not self.final_left:
                self.phase = "over"
                self.taken = []
                return
            self._start_turn(self.final_left.pop(0))
            return
        self._start_turn((self.to_move + 1) % n)

    def _final_round(self) -> list[int]:
        """The companies owed a last turn, in turn order: every company of every other
        seat. In the two-company game the ender's other company is the same player, who
        does not play again (§10)."""
        mode = self.rules.mode
        ender = mode.seat_of(self.to_move)
        later = [(self.to_move + i) % mode.companies for i in range(1, mode.companies)]
        return [company for company in later if mode.seat_of(company) != ender]

    def _end_triggered(self) -> bool:
        """The three end conditions of §10."""
        assert self.city is not None
        city = self.city
        if any(all(line.finished for line in pair) for pair in city.lines):
            return True
        if city.supply == 0:
            return True
        return self._lines_done()

    def _lines_done(self) -> bool:
        """Whether `end_lines` lines are finished or blocked (§10); blocked lines take a
        search, so the count stops once it is settled."""
        assert self.city is not None
        lines = self.city.all_lines()
        wanted, left = self.rules.end_lines, len(lines)
        for lid, line in lines:
            if line.finished or self.city.blocked(lid):
                wanted -= 1
                if wanted == 0:
                    return True
            left -= 1
            if left < wanted:
                return False
        return False

    def end_reasons(self) -> list[str]:
        """Which end conditions hold now (for reports)."""
        assert self.city is not None
        city = self.city
        reasons = []
        if any(all(line.finished for line in pair) for pair in city.lines):
            reasons.append("both_lines_finished")
        if city.supply == 0:
            reasons.append("stations_used")
        if self._lines_done():
            reasons.append("lines_blocked_or_finished")
        return reasons

    # --- chance -----------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Outcome, float]]:
        options = self._outcomes()
        return [(o, 1 / len(options)) for o in options]

    def _outcomes(self) -> list[Outcome]:
        if self.pending_chance() == "layout":
            return list(layout_draws())
        return list(valid_deals(self.rules.mode, tuple(self.doubles)))

    def _sample_outcome(self, rng: random.Random) -> Outcome:
        if self.pending_chance() == "layout":
            order = list(range(1, 7))
            rng.shuffle(order)
            return LayoutDraw(tuple((d, rng.randrange(3)) for d in order))
        return rng.choice(valid_deals(self.rules.mode, tuple(self.doubles)))

    def _do_chance(self, outcome: Outcome) -> None:
        pending = self.pending_chance()
        if pending == "layout":
            if not isinstance(outcome, LayoutDraw):
                raise IllegalActionError(
                    # TRANSLATORS: {outcome} is a chance outcome in the game's notation
                    _("{outcome}: the layout is drawn first").format(outcome=outcome)
                )
            self.city = City(outcome.layout, self.rules.gates, self.rules.mode.companies)
            if self.rules.strict:
                self._begin(strict_deal(self.rules.mode))
            return
        if not isinstance(outcome, Deal) or not is_valid_deal(
            outcome, self.rules.mode, tuple(self.doubles)
        ):
            raise IllegalActionError(
                # TRANSLATORS: {outcome} is a chance outcome in the game's notation
                _("{outcome}: not a valid deal for this game").format(outcome=outcome)
            )
        self._begin(outcome)

    # --- results ----------------------------------------------------------------------
    def score_report(self) -> dict[str, Any]:
        from linecraft.games.metromania.scoring import score_city

        assert self.city is not None
        return score_city(self.city, self.rules.mode)

    def scores(self) -> dict[int, ScoreCard]:
        n = self.rules.num_players
        if self.city is None or self.deal is None:
            return {p: ScoreCard({"total": 0}) for p in range(n)}
        report = self.score_report()
        return {
            seat["seat"]: ScoreCard(
                {k: v for k, v in seat.items() if k not in ("seat", "winner")}
                | {"breakdown": [c for c in report["companies"] if c["seat"] == seat["seat"]]}
            )
            for seat in report["seats"]
        }

    def heuristic(self, player: int) -> float:
        from linecraft.games.metromania.bots import city_value

        return city_value(self, player)

    def winners(self) -> list[int]:
        if self.city is None or self.deal is None:
            return list(range(self.rules.num_players))
        return list(self.score_report()["winners"])

    def view(self, player: int | None) -> dict[str, Any]:
        from linecraft.games.metromania.position import public_view

        return public_view(self, player)
