"""The turn action notation of §14 and dense action ids.

A `Move` is `pass`, one section, a power with its section(s), and optionally
`circle P`. Sections are directed: from the station already on the line to the new
one. Every section in an action is a potential section of the map, so a `Move` can
always be drawn; whether it is legal now is the rules' business.

Ids: move index × 54 + circle index, where the circle index is 0 (none) or
1 + station; move indexes are 0 pass, then 310 directed sections for each of plain,
`joker`, `switch`, then 310 × 310 ordered pairs for `double`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from linecraft.core.errors import ActionSyntaxError
from linecraft.core.i18n import _
from linecraft.games.next_station_london.london import LONDON, parse_point, point_name

DirectedSection = tuple[int, int]  # (from station, to station)

SINGLE_POWERS = ("joker", "switch")
DOUBLE = "double"
_DIRECTED = 2 * len(LONDON.sections)
_CIRCLES = 1 + len(LONDON.stations)
_DOUBLE_BASE = 1 + 3 * _DIRECTED
NUM_MOVES = _DOUBLE_BASE + _DIRECTED * _DIRECTED
NUM_DISTINCT_ACTIONS = NUM_MOVES * _CIRCLES


def directed_id(section: DirectedSection) -> int:
    index = LONDON.section_between[section]
    return 2 * index + (0 if LONDON.sections[index].a == section[0] else 1)


def directed_from_id(number: int) -> DirectedSection:
    s = LONDON.sections[number // 2]
    return (s.a, s.b) if number % 2 == 0 else (s.b, s.a)


def section_text(section: DirectedSection) -> str:
    return f"{LONDON.stations[section[0]].name}-{LONDON.stations[section[1]].name}"


@dataclass(frozen=True, slots=True)
class Move:
    """One player's action on one turn."""

    sections: tuple[DirectedSection, ...] = ()
    power: str | None = None  # "joker", "switch", "double" or None
    circle: int | None = None  # the station circled with this action
    # The notation, written the first time it is asked for: every move played goes into
    # the record, and the moves listed as legal are made once (`SINGLE_MOVES`).
    _text: str | None = field(default=None, init=False, repr=False, compare=False)

    def __str__(self) -> str:
        text = self._text
        if text is None:
            words = [self.power] if self.power else []
            words += [section_text(s) for s in self.sections] or ["pass"]
            if self.circle is not None:
                words += ["circle", LONDON.stations[self.circle].name]
            text = " ".join(words)
            object.__setattr__(self, "_text", text)
        return text

    @property
    def id(self) -> int:
        if not self.sections:
            move = 0
        elif self.power == DOUBLE:
            first, second = (directed_id(s) for s in self.sections)
            move = _DOUBLE_BASE + first * _DIRECTED + second
        else:
            block = 0 if self.power is None else 1 + SINGLE_POWERS.index(self.power)
            move = 1 + block * _DIRECTED + directed_id(self.sections[0])
        return move * _CIRCLES + (0 if self.circle is None else 1 + self.circle)

    def with_circle(self, station: int | None) -> Move:
        return Move(self.sections, self.power, station)


PASS = Move()


def _single_moves() -> dict[str | None, dict[DirectedSection, Move]]:
    """Every move of one section of the map, either way, by power (None: plain, "joker",
    "switch") and section: made once, so listing the legal moves makes none."""
    directed = [(s.a, s.b) for s in LONDON.sections] + [(s.b, s.a) for s in LONDON.sections]
    return {
        power: {section: Move((section,), power) for section in directed}
        for power in (None, *SINGLE_POWERS)
    }


SINGLE_MOVES = _single_moves()


def action_from_id(number: int) -> Move:
    if not 0 <= number < NUM_DISTINCT_ACTIONS:
        raise ActionSyntaxError(
            _("action id {number} is outside 0..{last}").format(
                number=number, last=NUM_DISTINCT_ACTIONS - 1
            )
        )
    move, circle_index = divmod(number, _CIRCLES)
    circle = None if circle_index == 0 else circle_index - 1
    if move == 0:
        return Move(circle=circle)
    if move >= _DOUBLE_BASE:
        first, second = divmod(move - _DOUBLE_BASE, _DIRECTED)
        return Move((directed_from_id(first), directed_from_id(second)), DOUBLE, circle)
    block, section = divmod(move - 1, _DIRECTED)
    power = None if block == 0 else SINGLE_POWERS[block - 1]
    return Move((directed_from_id(section),), power, circle)


def parse_station(text: str) -> int:
    point = parse_point(text)
    if point is None:
        # TRANSLATORS: x,y is how a point is typed, e.g. 3,2
        raise ActionSyntaxError(
            _("{text} is not a point x,y (two digits 0-9)").format(text=repr(text))
        )
    if point not in LONDON.index_of:
        raise ActionSyntaxError(_("there is no station at {point}").format(point=point_name(point)))
    return LONDON.index_of[point]


def parse_section(text: str) -> DirectedSection:
    start, dash, end = text.partition("-")
    if not dash:
        raise ActionSyntaxError(
            _("{text} is not a section A-B (e.g. 3,2-4,3)").format(text=repr(text))
        )
    section = parse_station(start), parse_station(end)
    if section not in LONDON.section_between:
        raise ActionSyntaxError(
            _("{text}: no guide line joins {start} and {end} directly").format(
                text=text, start=start, end=end
            )
        )
    return section


def parse_action(text: str) -> Move:
    """Read the notation of §14 (any case, any whitespace)."""
    words = text.lower().split()
    circle = None
    if len(words) >= 2 and words[-2] == "circle":
        circle = parse_station(words[-1])
        words = words[:-2]
    if words == ["pass"]:
        return Move(circle=circle)
    power = words[0] if words and words[0] in (*SINGLE_POWERS, DOUBLE) else None
    sections = words[1:] if power else words
    wanted = 2 if power == DOUBLE else 1
    if len(sections) != wanted:
        raise ActionSyntaxError(
            # TRANSLATORS: pass, joker, switch, double and circle are typed as they are
            _(
                "{text}: expected pass, A-B, joker A-B, switch A-B or double A-B C-D, "
                "optionally followed by circle P"
            ).format(text=repr(text))
        )
    return Move(tuple(parse_section(s) for s in sections), power, circle)
