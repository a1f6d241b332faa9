"""Rounds, turns and drawing legality (§5, §6, §10).

All players act at once on the same card. Every card flip is an explicit chance
event whose outcomes are the cards left in this round's deck; the random setup
(solo colour order, the two objectives, the powers) is drawn the same way.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from linecraft.core.errors import IllegalActionError
from linecraft.core.game import Action, Outcome, ScoreCard, State
from linecraft.core.i18n import N_, _
from linecraft.games.next_station_london.actions import PASS, DirectedSection, Move, section_text
from linecraft.games.next_station_london.deck import (
    ALL_OBJECTIVE_DRAWS,
    ALL_ORDERS,
    ALL_POWER_DRAWS,
    CARDS,
    JOKER,
    UNDERGROUND_PER_ROUND,
    Card,
    ObjectiveDraw,
    Order,
    PowerDraw,
    matches,
)
from linecraft.games.next_station_london.london import CENTRAL, COLOURS, LONDON
from linecraft.games.next_station_london.scoring import SheetScore, score_lines
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


class Sheet:
    """One player's map during play: the lines in drawing order and what blocks sections."""

    __slots__ = ("blocked", "circle", "drawn", "lines")

    def __init__(self) -> None:
        self.lines: dict[str, list[DirectedSection]] = {}
        self.drawn = 0  # bit i: section i is drawn
        self.blocked = 0  # drawn sections and every section crossing one
        self.circle: tuple[str, int] | None = None

    def copy(self) -> Sheet:
        other = Sheet.__new__(Sheet)
        other.lines = {colour: list(sections) for colour, sections in self.lines.items()}
        other.drawn = self.drawn
        other.blocked = self.blocked
        other.circle = self.circle
        return other

    def draw(self, colour: str, section: DirectedSection) -> None:
        index = LONDON.section_between[section]
        self.lines[colour].append(section)
        self.drawn |= 1 << index
        self.blocked |= (1 << index) | LONDON.crossing_mask[index]


@dataclass(slots=True)
class LineShape:
    """The current line as the drawing rules see it (§6.1)."""

    stations: set[int]
    ends: set[int]
    degree: Counter[int]

    @classmethod
    def of(cls, colour: str, sections: list[DirectedSection]) -> LineShape:
        degree: Counter[int] = Counter(s for section in sections for s in section)
        departure = LONDON.departure[colour]
        if not sections:
            return cls({departure}, {departure}, degree)
        return cls(set(degree), {s for s, d in degree.items() if d == 1}, degree)

    def extended(self, section: DirectedSection) -> LineShape:
        a, b = section
        degree = self.degree.copy()
        degree[a] += 1
        degree[b] += 1
        ends = {s for s in self.ends | {a, b} if degree[s] == 1}
        return LineShape(self.stations | {b}, ends, degree)


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
    if start_anywhere and a not in line.stations:
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
    if b in line.stations:
        return _("{station} is already on the {colour} line").format(
            station=name[b].name, colour=_colour(colour)
        )
    if not matches(b, symbol):
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


def legal_sections(
    line: LineShape, blocked: int, symbol: str, starts: set[int] | frozenset[int]
) -> list[DirectedSection]:
    """Every section from one of `starts` allowed for `symbol` (blocked covers drawn)."""
    found = []
    for a in sorted(starts):
        for b, index in LONDON.neighbours[a]:
            if b not in line.stations and not blocked >> index & 1 and matches(b, symbol):
                found.append((a, b))
    return found


class NextStationLondonState(State):
    """A game in progress: the setup draws, the round's deck, one `Sheet` per player."""

    def __init__(self, game: NextStationLondon, seed: int) -> None:
        super().__init__(game, seed)
        self.rules = game
        self.order: tuple[str, ...] | None = game.order
        self.objectives: tuple[str, ...] | None = game.objectives if game.module_a else ()
        self.powers: PowerDraw | None = game.powers
        self.sheets = [Sheet() for _player in range(game.num_players)]
        self.round = 0
        self.turn = 0
        self.underground_seen = 0
        self.flipped: list[Card] = []
        self.card: Card | None = None  # the symbol card of the open turn
        self.switch_turn = False
        self.switch_waiting = False  # a switch was flipped; its symbol card comes next
        self.acted = [False] * game.num_players
        self.power_used = [False] * game.num_players
        self.over = False
        if self.pending_setup() is None:
            self._start_round(0)

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, NextStationLondonState)
        other.rules = self.rules
        other.order = self.order
        other.objectives = self.objectives
        other.powers = self.powers
        other.sheets = [sheet.copy() for sheet in self.sheets]
        other.round = self.round
        other.turn = self.turn
        other.underground_seen = self.underground_seen
        other.flipped = list(self.flipped)
        other.card = self.card
        other.switch_turn = self.switch_turn
        other.switch_waiting = self.switch_waiting
        other.acted = list(self.acted)
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
        self.card = None
        self.switch_turn = self.switch_waiting = False
        self.power_used = [False] * len(self.sheets)
        for player, sheet in enumerate(self.sheets):
            sheet.lines[self.colour_of(player)] = []

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
        return not self.over and (self.pending_setup() is not None or self.card is None)

    def to_act(self) -> tuple[int, ...]:
        if self.over or self.card is None:
            return ()
        return tuple(p for p, done in enumerate(self.acted) if not done)

    def is_terminal(self) -> bool:
        return self.over

    # --- actions ----------------------------------------------------------------------
    def line_shape(self, player: int) -> LineShape:
        colour = self.colour_of(player)
        return LineShape.of(colour, self.sheets[player].lines[colour])

    def legal_actions(self, player: int) -> list[Action]:
        """Pass, every single section, every power use that changes something (Ruling O6)."""
        if player not in self.to_act():
            return []
        assert self.card is not None and self.card.symbol is not None
        sheet = self.sheets[player]
        line = self.line_shape(player)
        symbol = self.card.symbol
        starts = line.stations if self.switch_turn else line.ends
        singles = legal_sections(line, sheet.blocked, symbol, starts)
        moves: list[Move] = [PASS, *(Move((s,)) for s in singles)]
        power = self.power_of(player)
        if power == "joker" and symbol != JOKER:
            plain = set(singles)
            jokers = legal_sections(line, sheet.blocked, JOKER, starts)
            moves += [Move((s,), "joker") for s in jokers if s not in plain]
        elif power == "switch" and not self.switch_turn and self.turn >= SWITCH_POWER_FIRST_TURN:
            moves += [
                Move((s,), "switch")
                for s in legal_sections(line, sheet.blocked, symbol, line.stations - line.ends)
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
                stations = line.stations | {b for _a, b in move.sections}
                circled += [move.with_circle(s) for s in sorted(stations)]
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
        if move.circle is not None and move.circle not in line.stations:
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
        sheet = self.sheets[player]
        colour = self.colour_of(player)
        for section in action.sections:
            sheet.draw(colour, section)
        if action.power is not None:
            self.power_used[player] = True
        if action.circle is not None:
            sheet.circle = (colour, action.circle)
            self.power_used[player] = True
        self.acted[player] = True
        if all(self.acted):
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
        return tuple(card for card in CARDS if card not in self.flipped)

    def _sample_outcome(self, rng: random.Random) -> Outcome:
        return rng.choice(self._outcomes())

    def _do_chance(self, outcome: Outcome) -> None:
        pending = self.pending_setup()
        expected = {"order": Order, "objectives": ObjectiveDraw, "powers": PowerDraw}
        if pending is not None:
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
        if outcome in self.flipped:
            raise IllegalActionError(
                _("{outcome} was already flipped this round").format(outcome=outcome)
            )
        self.flipped.append(outcome)
        if outcome.symbol is None:
            # Ruling P1: a switch as the 1st or 2nd card is ignored.
            self.switch_waiting = self.turn >= 2
            return
        self.turn += 1
        self.card = outcome
        self.switch_turn, self.switch_waiting = self.switch_waiting, False
        if outcome.underground:
            self.underground_seen += 1
        self.acted = [False] * len(self.sheets)

    # --- results ----------------------------------------------------------------------
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
        from linecraft.games.next_station_london.bots import sheet_value

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
                    "acted": self.acted[p],
                }
                for p in range(len(self.sheets))
            ],
        }
