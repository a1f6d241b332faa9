"""Rounds, turns and drawing legality (§5, §6, §10).

All players act at once on the same card. Every card flip is an explicit chance
event whose outcomes are the cards left in this round's deck; the random setup
(solo colour order, the two objectives, the powers) is drawn the same way.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from linecraft.core.errors import IllegalActionError
from linecraft.core.game import Action, Outcome, ScoreCard, State
from linecraft.core.i18n import N_, _
from linecraft.games.next_station_london.actions import (
    PASS,
    SINGLE_MOVES,
    DirectedSection,
    Move,
    section_text,
)
from linecraft.games.next_station_london.bots import sheet_value
from linecraft.games.next_station_london.deck import (
    ALL_OBJECTIVE_DRAWS,
    ALL_ORDERS,
    ALL_POWER_DRAWS,
    DECK_LEFT,
    JOKER,
    MATCHING,
    UNDERGROUND_PER_ROUND,
    Card,
    ObjectiveDraw,
    Order,
    PowerDraw,
)
from linecraft.games.next_station_london.london import CENTRAL, COLOURS, LONDON, stations_in
from linecraft.games.next_station_london.scoring import (
    LineFigures,
    Network,
    SheetScore,
    figures_of,
    score_lines,
)
from linecraft.games.next_station_london.sheet import format_sheet

if TYPE_CHECKING:
    from linecraft.games.next_station_london.game import NextStationLondon

ROUNDS = 4
SWITCH_POWER_FIRST_TURN = 3  # Ruling P4
# What a section must end at, in the words of the refusal (`section_problem`).
SHAPE_WITH_ARTICLE = {
    # TRANSLATORS: a shape with its article, in "{station} is {shape}; this section must
    # end at {symbol}"
    "circle": N_("a circle"),
    "square": N_("a square"),
    "triangle": N_("a triangle"),
    "pentagon": N_("a pentagon"),
}
SETUP_FIRST = {  # the setup draw still to come, when another outcome is given
    # TRANSLATORS: {outcome} is what was typed, e.g. under-joker
    "order": N_("{outcome}: the order draw comes first"),
    "objectives": N_("{outcome}: the objectives draw comes first"),
    "powers": N_("{outcome}: the powers draw comes first"),
}


def _words(code: str, table: dict[str, str]) -> str:
    """A code in the reader's words where the table has them (else the code)."""
    return _(table[code]) if code in table else code


def _colour(colour: str) -> str:
    """A pencil's colour in words, for a refusal (the words live in `words`)."""
    from linecraft.games.next_station_london.words import COLOUR_WORDS

    return _words(colour, COLOUR_WORDS)


def _power(power: str) -> str:
    """A pencil power's short name in words, for a refusal."""
    from linecraft.games.next_station_london.words import POWER_SHORT

    return _words(power, POWER_SHORT)


class LineShape(NamedTuple):
    """A line as the drawing rules and its score see it (§6.1, §7): its sections, its
    stations as a bitmask (bit s: station s), its ends in index order and how many of
    its sections cross the Thames."""

    sections: tuple[DirectedSection, ...]
    stations: int
    ends: tuple[int, ...]
    thames: int

    @classmethod
    def of(cls, colour: str, sections: Sequence[DirectedSection]) -> LineShape:
        """Worked out from the sections: the stations are the departure station and
        every station a section touches (Ruling O5); before the first section the
        departure station is the end, after it the stations one section touches are."""
        departure = LONDON.departure[colour]
        if not sections:
            return cls((), 1 << departure, (departure,), 0)
        degree = Counter(s for section in sections for s in section)
        return cls(
            tuple(sections),
            sum(1 << s for s in degree) | 1 << departure,
            tuple(sorted(s for s, d in degree.items() if d == 1)),
            sum(LONDON.thames_mask >> LONDON.section_between[s] & 1 for s in sections),
        )

    def extended(self, section: DirectedSection) -> LineShape:
        """The line after drawing `section` from one of its stations to a new one: the
        new station is an end, and the station left stops being one (but the departure
        station of an empty line stays one)."""
        a, b = section
        kept = [s for s in self.ends if s != a] if self.sections else [a]
        return LineShape(
            (*self.sections, section),
            self.stations | 1 << b,
            tuple(sorted([*kept, b])),
            self.thames + (LONDON.thames_mask >> LONDON.section_between[section] & 1),
        )


class Sheet:
    """One player's map during play: the lines in drawing order, what blocks sections,
    and each line's shape, kept up to date as it is drawn."""

    __slots__ = ("_others", "blocked", "circle", "drawn", "lines", "shapes")

    def __init__(self) -> None:
        # Each drawing replaces a line's tuple, so copies of the sheet share the lines.
        self.lines: dict[str, tuple[DirectedSection, ...]] = {}
        self.shapes: dict[str, LineShape] = {}
        self.drawn = 0  # bit i: section i is drawn
        self.blocked = 0  # drawn sections and every section crossing one
        self.circle: tuple[str, int] | None = None
        # The lines but one added up (`others`) with what they were added up from; one
        # holder shared with the sheet's copies, so what one adds up serves them all.
        self._others: list[tuple[tuple[object, ...], Network]] = []

    def copy(self) -> Sheet:
        other = Sheet()
        other.lines = dict(self.lines)
        other.shapes = dict(self.shapes)
        other.drawn = self.drawn
        other.blocked = self.blocked
        other.circle = self.circle
        other._others = self._others
        return other

    def shape(self, colour: str) -> LineShape:
        """The shape of the line of `colour`; worked out again only when its sections are
        not the ones it was kept for (a line just started, or lines set from outside)."""
        sections = self.lines[colour]
        shape = self.shapes.get(colour)
        if shape is None or shape.sections is not sections:
            shape = self.shapes[colour] = LineShape.of(colour, sections)
        return shape

    def draw(self, colour: str, section: DirectedSection) -> None:
        index = LONDON.section_between[section]
        shape = self.shapes[colour] = self.shape(colour).extended(section)
        self.lines[colour] = shape.sections
        self.drawn |= 1 << index
        self.blocked |= (1 << index) | LONDON.crossing_mask[index]

    def circled(self, colour: str) -> int | None:
        """The station circled on the line of `colour`, if any."""
        return self.circle[1] if self.circle is not None and self.circle[0] == colour else None

    def line_figures(self, colour: str) -> LineFigures:
        """D, M and the score of the line of `colour`, as `score_line` has them."""
        line = self.shape(colour)
        return figures_of(line.stations, self.circled(colour), line.thames)

    def others(self, colour: str) -> Network:
        """Every line but the one of `colour` added up for scoring: they stay the same for
        a whole round, so they are added up again only once they (or the circle) change."""
        key = (colour, self.circle, *(s for c, s in self.lines.items() if c != colour))
        if not self._others or self._others[0][0] != key:
            network = Network()
            for other in self.lines:
                if other != colour:
                    line = self.shape(other)
                    score = self.line_figures(other).score
                    network = network.plus(line.stations, score, line.thames)
            self._others[:] = [(key, network)]
        return self._others[0][1]


def second_symbol(symbol: str, first_destination: int) -> str:
    """What the second section of a `double` may end at (§10.3, Ruling P2)."""
    if symbol != JOKER:
        return symbol
    shape = LONDON.stations[first_destination].shape
    return JOKER if shape == CENTRAL else shape


def section_problem(
    colour: str,
    line: LineShape,
    blocked: int,
    drawn: int,
    section: DirectedSection,
    *,
    symbol: str,
    start_anywhere: bool,
) -> str | None:
    """Why `section` may not be drawn now (§6.2 b–f), or None."""
    a, b = section
    name = LONDON.stations
    if start_anywhere and not line.stations >> a & 1:
        # TRANSLATORS: {station} is a point, e.g. 3,2; {colour} is e.g. "purple"
        return _("{station} is not a station of the {colour} line").format(
            station=name[a].name, colour=_colour(colour)
        )
    if not start_anywhere and a not in line.ends:
        ends = " ".join(name[s].name for s in sorted(line.ends))
        # TRANSLATORS: {station} and {ends} are points, e.g. 3,2
        return _("{station} is not an end of the {colour} line (ends: {ends})").format(
            station=name[a].name, colour=_colour(colour), ends=ends
        )
    if line.stations >> b & 1:
        return _("{station} is already on the {colour} line").format(
            station=name[b].name, colour=_colour(colour)
        )
    if not MATCHING[symbol] >> b & 1:
        # TRANSLATORS: {shape} and {symbol} are shapes with their article, e.g. "a circle"
        return _("{station} is {shape}; this section must end at {symbol}").format(
            station=name[b].name,
            shape=_words(name[b].shape, SHAPE_WITH_ARTICLE),
            symbol=_words(symbol, SHAPE_WITH_ARTICLE),
        )
    index = LONDON.section_between[section]
    if drawn >> index & 1:
        return _("this section is already drawn")
    if blocked >> index & 1:
        mask = LONDON.crossing_mask[index] & drawn
        other = (mask & -mask).bit_length() - 1
        # TRANSLATORS: {section} is a section as typed, e.g. 3,2-4,3
        return _("it crosses {section}").format(section=LONDON.section_name(other))
    return None


def _matching_neighbours() -> dict[str, tuple[tuple[tuple[int, int, int], ...], ...]]:
    """For each card symbol and each station, the neighbours a section from the station
    may end at on the symbol's turn (§4.2), as `LondonMap.neighbour_bits` has them."""
    return {
        symbol: tuple(
            tuple(n for n in neighbours if matching & n[1]) for neighbours in LONDON.neighbour_bits
        )
        for symbol, matching in MATCHING.items()
    }


MATCHING_NEIGHBOURS = _matching_neighbours()


def legal_sections(
    line: LineShape, blocked: int, symbol: str, starts: Iterable[int]
) -> list[DirectedSection]:
    """Every section from one of `starts` (in index order) to a new station allowed for
    `symbol` (blocked covers drawn)."""
    neighbours = MATCHING_NEIGHBOURS[symbol]
    return [
        (a, b)
        for a in starts
        for b, station, section in neighbours[a]
        if not line.stations & station and not blocked & section
    ]


class NextStationLondonState(State):
    """A game in progress: the setup draws, the round's deck, one `Sheet` per player."""

    def __init__(self, game: NextStationLondon, seed: int, blank: bool = False) -> None:
        """A new game from `seed`; `blank`: nothing set up, for `clone` to fill in."""
        if blank:
            return
        super().__init__(game, seed)
        self.rules = game
        self.order: tuple[str, ...] | None = game.order
        self.objectives: tuple[str, ...] | None = game.objectives if game.module_a else ()
        self.powers: PowerDraw | None = game.powers
        self.sheets = [Sheet() for _player in range(game.num_players)]
        # Clones share sheets until one of them draws: that one copies its sheet first
        # (a move changes one sheet, and a search tries many moves on clones).
        self._sheet_shared = [False] * game.num_players
        self.round = 0
        self.turn = 0
        self.underground_seen = 0
        self.flipped: list[Card] = []
        self.flipped_mask = 0  # the same cards' `Card.bit`s
        self.card: Card | None = None  # the symbol card of the open turn
        self.switch_turn = False
        self.switch_waiting = False  # a switch was flipped; its symbol card comes next
        self.waiting = tuple(range(game.num_players))  # who has not acted on the card
        self.power_used = [False] * game.num_players
        self.over = False
        if self.pending_setup() is None:
            self._start_round(0)

    def _blank(self) -> NextStationLondonState:
        return NextStationLondonState(self.rules, self.seed, blank=True)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (the server hands states to worker processes) by way of its blank
        constructor, as a compiled class must be."""
        return NextStationLondonState, (self.rules, self.seed, True), self.__getstate__()

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, NextStationLondonState)
        other.rules = self.rules
        other.order = self.order
        other.objectives = self.objectives
        other.powers = self.powers
        other.sheets = list(self.sheets)
        self._sheet_shared = [True] * len(self.sheets)
        other._sheet_shared = [True] * len(self.sheets)
        other.round = self.round
        other.turn = self.turn
        other.underground_seen = self.underground_seen
        other.flipped = list(self.flipped)
        other.flipped_mask = self.flipped_mask
        other.card = self.card
        other.switch_turn = self.switch_turn
        other.switch_waiting = self.switch_waiting
        other.waiting = self.waiting
        other.power_used = list(self.power_used)
        other.over = self.over

    # --- setup and rounds -------------------------------------------------------------
    def pending_setup(self) -> str | None:
        """Which random setup draw comes next: 'order', 'objectives', 'powers' or None."""
        if self.order is None:
            return "order"
        if self.objectives is None:
            return "objectives"
        if self.rules.module_b and self.powers is None:
            return "powers"
        return None

    def _start_round(self, number: int) -> None:
        self.round = number
        self.turn = 0
        self.underground_seen = 0
        self.flipped = []
        self.flipped_mask = 0
        self.card = None
        self.switch_turn = self.switch_waiting = False
        self.power_used = [False] * len(self.sheets)
        for player in range(len(self.sheets)):
            self._own_sheet(player).lines[self.colour_of(player)] = ()

    def _own_sheet(self, player: int) -> Sheet:
        """The player's sheet to change, copied first if clones share it."""
        if self._sheet_shared[player]:
            self.sheets[player] = self.sheets[player].copy()
            self._sheet_shared[player] = False
        return self.sheets[player]

    def colour_of(self, player: int) -> str:
        """Player i draws colour order[(i + r) mod 4] in round r (§5.2)."""
        assert self.order is not None
        return self.order[(player + self.round) % len(self.order)]

    def power_of(self, player: int) -> str | None:
        """The power this player may still use this round, if any."""
        if self.powers is None or self.power_used[player]:
            return None
        return self.powers.of(self.colour_of(player))

    @property
    def last_turn(self) -> bool:
        """Whether the open turn is the round's last (its card is the 5th Underground)."""
        return self.underground_seen == UNDERGROUND_PER_ROUND

    # --- whose move -------------------------------------------------------------------
    def is_chance(self) -> bool:
        """A setup draw or a flip is due: no card is open (none is before the setup ends)."""
        return self.card is None and not self.over

    def to_act(self) -> tuple[int, ...]:
        """Those who have not acted on the open card (none is open when a chance event is
        due or the game is over)."""
        return () if self.card is None else self.waiting

    def is_terminal(self) -> bool:
        return self.over

    # --- actions ----------------------------------------------------------------------
    def line_shape(self, player: int) -> LineShape:
        return self.sheets[player].shape(self.colour_of(player))

    def legal_actions(self, player: int) -> list[Action]:
        """Pass, every single section, every power use that changes something (Ruling O6)."""
        if player not in self.to_act():
            return []
        assert self.card is not None and self.card.symbol is not None
        sheet = self.sheets[player]
        line = self.line_shape(player)
        symbol = self.card.symbol
        starts = tuple(stations_in(line.stations)) if self.switch_turn else line.ends
        singles = legal_sections(line, sheet.blocked, symbol, starts)
        plain = SINGLE_MOVES[None]
        moves: list[Move] = [PASS] + [plain[s] for s in singles]
        power = self.power_of(player)
        if power == "joker" and symbol != JOKER:
            jokers = legal_sections(line, sheet.blocked, JOKER, starts)
            moves += [SINGLE_MOVES["joker"][s] for s in jokers if s not in singles]
        elif power == "switch" and not self.switch_turn and self.turn >= SWITCH_POWER_FIRST_TURN:
            middle = [s for s in stations_in(line.stations) if s not in line.ends]
            moves += [
                SINGLE_MOVES["switch"][s]
                for s in legal_sections(line, sheet.blocked, symbol, middle)
            ]
        elif power == "double":
            for first in singles:
                after = line.extended(first)
                index = LONDON.section_between[first]
                blocked = sheet.blocked | (1 << index) | LONDON.crossing_mask[index]
                follow = second_symbol(symbol, first[1])
                moves += [
                    Move((first, second), "double")
                    for second in legal_sections(after, blocked, follow, after.ends)
                ]
        elif power == "circle":
            circled = []
            for move in moves:
                stations = line.stations
                for _a, b in move.sections:
                    stations |= 1 << b
                circled += [move.with_circle(s) for s in stations_in(stations)]
            moves += circled
        return list(moves)

    def check(self, player: int, action: Action) -> None:
        problem = self._problem(player, action)
        if problem is not None:
            raise IllegalActionError(f"{action}: {problem}")

    def _problem(self, player: int, move: Action) -> str | None:
        if not isinstance(move, Move):
            return _("not a Next Station: London action")
        assert self.card is not None and self.card.symbol is not None
        colour = self.colour_of(player)
        for power in (move.power, "circle" if move.circle is not None else None):
            if power is not None:
                problem = self._power_problem(player, power)
                if problem is not None:
                    return problem
        if move.power is not None and move.circle is not None:
            return _("only one power may be used in a round")
        sheet = self.sheets[player]
        line = self.line_shape(player)
        blocked, drawn = sheet.blocked, sheet.drawn
        symbol = JOKER if move.power == "joker" else self.card.symbol
        start_anywhere = self.switch_turn or move.power == "switch"
        for number, section in enumerate(move.sections):
            if number == 1:
                symbol = second_symbol(symbol, move.sections[0][1])
                start_anywhere = False  # Ruling P3
            problem = section_problem(
                colour,
                line,
                blocked,
                drawn,
                section,
                symbol=symbol,
                start_anywhere=start_anywhere,
            )
            if problem is not None:
                return f"{section_text(section)}: {problem}" if number else problem
            index = LONDON.section_between[section]
            line = line.extended(section)
            drawn |= 1 << index
            blocked |= (1 << index) | LONDON.crossing_mask[index]
        if move.circle is not None and not line.stations >> move.circle & 1:
            name = LONDON.stations[move.circle].name
            # TRANSLATORS: {station} is a point, e.g. 3,2
            return _("the circled {station} is not a station of the {colour} line").format(
                station=name, colour=_colour(colour)
            )
        return None

    def _power_problem(self, player: int, power: str) -> str | None:
        if self.powers is None:
            # TRANSLATORS: powers is the option's code, typed as it is
            return _("pencil powers are not in play (option powers)")
        colour = self.colour_of(player)
        own = self.powers.of(colour)
        if own != power:
            # TRANSLATORS: {own} and {power} are powers' short names, e.g. "double"
            return _("the {colour} pencil's power is {own}, not {power}").format(
                colour=_colour(colour), own=_power(own), power=_power(power)
            )
        if self.power_used[player]:
            return _("the {power} power was already used this round").format(power=_power(power))
        if power == "switch" and self.turn < SWITCH_POWER_FIRST_TURN:
            return _("the switch power cannot be used before turn 3 (this is turn {turn})").format(
                turn=self.turn
            )
        return None

    def _do(self, player: int, action: Action) -> None:
        assert isinstance(action, Move)
        sheet = self._own_sheet(player)
        colour = self.colour_of(player)
        for section in action.sections:
            sheet.draw(colour, section)
        if action.power is not None:
            self.power_used[player] = True
        if action.circle is not None:
            sheet.circle = (colour, action.circle)
            self.power_used[player] = True
        self.waiting = tuple(p for p in self.waiting if p != player)
        if not self.waiting:
            self._close_turn()

    def _close_turn(self) -> None:
        if not self.last_turn:
            self.card = None
            self.switch_turn = False
        elif self.round + 1 < ROUNDS:
            self._start_round(self.round + 1)
        else:
            self.over = True
            self.card = None

    # --- chance -----------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Outcome, float]]:
        options = self._outcomes()
        return [(outcome, 1 / len(options)) for outcome in options]

    def _outcomes(self) -> tuple[Outcome, ...]:
        pending = self.pending_setup()
        if pending == "order":
            return ALL_ORDERS
        if pending == "objectives":
            return ALL_OBJECTIVE_DRAWS
        if pending == "powers":
            return ALL_POWER_DRAWS
        return self.deck

    def _sample_outcome(self, rng: random.Random) -> Outcome:
        return rng.choice(self._outcomes())

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards still in this round's deck, in the order of `CARDS`."""
        return DECK_LEFT[self.flipped_mask]

    def _do_chance(self, outcome: Outcome) -> None:
        pending = self.pending_setup()
        if pending is not None:
            expected = {"order": Order, "objectives": ObjectiveDraw, "powers": PowerDraw}
            if not isinstance(outcome, expected[pending]):
                raise IllegalActionError(_(SETUP_FIRST[pending]).format(outcome=outcome))
            if isinstance(outcome, Order):
                self.order = outcome.colours
            elif isinstance(outcome, ObjectiveDraw):
                self.objectives = outcome.names
            elif isinstance(outcome, PowerDraw):
                self.powers = outcome
            if self.pending_setup() is None:
                self._start_round(0)
            return
        if not isinstance(outcome, Card):
            raise IllegalActionError(
                _("{outcome}: a station card is flipped now").format(outcome=outcome)
            )
        if self.flipped_mask & outcome.bit:
            raise IllegalActionError(
                _("{outcome} was already flipped this round").format(outcome=outcome)
            )
        self.flipped.append(outcome)
        self.flipped_mask |= outcome.bit
        if outcome.symbol is None:
            # Ruling P1: a switch as the 1st or 2nd card is ignored.
            self.switch_waiting = self.turn >= 2
            return
        self.turn += 1
        self.card = outcome
        self.switch_turn, self.switch_waiting = self.switch_waiting, False
        if outcome.underground:
            self.underground_seen += 1
        self.waiting = tuple(range(len(self.sheets)))

    # --- results ----------------------------------------------------------------------
    def running_network(self, player: int) -> tuple[Network, LineFigures]:
        """The sheet's lines added up as `sheet_score` has them, the current one as it
        stands, and that line's figures, from the other lines added up once a round:
        what the bots weigh after every move they try."""
        sheet = self.sheets[player]
        colour = self.colour_of(player)
        line = sheet.shape(colour)
        figures = sheet.line_figures(colour)
        return sheet.others(colour).plus(line.stations, figures.score, line.thames), figures

    def sheet_score(self, player: int) -> SheetScore:
        sheet = self.sheets[player]
        return score_lines(
            sheet.lines,
            objectives=self.objectives or (),
            circle=sheet.circle,
            powers=self.rules.module_b,
        )

    def scores(self) -> dict[int, ScoreCard]:
        return {
            p: ScoreCard(self.sheet_score(p).card(solo=self.rules.solo))
            for p in range(len(self.sheets))
        }

    def heuristic(self, player: int) -> float:
        return sheet_value(self, player)

    def winners(self) -> list[int]:
        """Highest total; then the best single line; still equal: shared (§8.3)."""
        scores = [self.sheet_score(p) for p in range(len(self.sheets))]
        keys = {p: (score.total, score.best_line) for p, score in enumerate(scores)}
        best = max(keys.values())
        return [p for p, key in keys.items() if key == best]

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything on the table; nothing is secret in this game but the deck order,
        which is never drawn in advance."""
        return {
            "game": self.rules.name,
            "round": self.round + 1,
            "rounds": ROUNDS,
            "setup": self.pending_setup(),
            "order": list(self.order) if self.order else None,
            "objectives": list(self.objectives or ()),
            "powers": dict(zip(COLOURS, self.powers.powers, strict=True)) if self.powers else None,
            "turn": self.turn,
            "card": self.card.name if self.card else None,
            "switch_turn": self.switch_turn,
            "flipped": [card.name for card in self.flipped],
            "underground_seen": self.underground_seen,
            "to_act": list(self.to_act()),
            "terminal": self.over,
            "viewer": player,
            "seats": [
                {
                    "colour": self.colour_of(p) if self.order else None,
                    "sheet": format_sheet(self.rules.position_of(self, p)).splitlines(),
                    "power_used": self.power_used[p],
                    "acted": p not in self.waiting,
                }
                for p in range(len(self.sheets))
            ],
        }
