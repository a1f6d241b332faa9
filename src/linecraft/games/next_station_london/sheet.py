"""The sheet text format of §13: read, write, and the validity checks of §13.3.

A `Sheet` keeps points rather than station indexes so that a sheet naming an empty
grid point can still be read and reported, not just refused.

Besides the checks of §13.3, a sheet is held to what its player's pencil powers
(§10) could have given: see `power_signs`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations

from linecraft.core.errors import PositionError
from linecraft.games.next_station_london.deck import CARDS, JOKER, OBJECTIVES, POWERS
from linecraft.games.next_station_london.london import COLOURS, LONDON, SHAPES, Point, point_name

CARDS_OF = Counter(card.symbol for card in CARDS if card.symbol is not None)  # 2 of each
MAX_TURNS = sum(CARDS_OF.values())  # every card with a symbol, the switch aside (§5.4)
MAX_SECTIONS = MAX_TURNS + 1  # and one extra section from the double power
MAX_BRANCHINGS = 2  # one switch card and one switch power per round
MAX_EXTRA_CARDS = 1  # the double or the joker power: one card more for a line's stations

PointSection = tuple[Point, Point]


@dataclass
class Sheet:
    """One player's map: the lines in drawing order, the objectives in play, the circle."""

    lines: dict[str, list[PointSection]] = field(default_factory=dict)
    objectives: tuple[str, ...] = ()
    circle: tuple[str, Point] | None = None


def _point(word: str) -> Point | None:
    if len(word) == 3 and word[0].isdigit() and word[1] == "," and word[2].isdigit():
        return int(word[0]), int(word[2])
    return None


def _section(word: str) -> PointSection | None:
    start, dash, end = word.partition("-")
    a, b = _point(start), _point(end)
    return (a, b) if dash and a is not None and b is not None else None


def parse_sheet(text: str) -> Sheet:
    """Read a sheet; `PositionError` lists every syntax problem with its line number."""
    sheet = Sheet()
    problems: list[str] = []
    seen_objectives = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, colon, rest = line.partition(":")
        words = head.lower().split()
        values = rest.lower().split()
        where = f"line {number}"
        if not colon:
            problems.append(f"{where}: expected 'COLOUR: sections', 'objectives: …' or 'circle …'")
        elif words == ["objectives"]:
            if seen_objectives:
                problems.append(f"{where}: a second objectives line")
            seen_objectives = True
            unknown = [v for v in values if v not in OBJECTIVES]
            if unknown:
                problems.append(f"{where}: unknown objective(s) {', '.join(unknown)}")
            if len(set(values)) != len(values):
                problems.append(f"{where}: an objective is listed twice")
            sheet.objectives = tuple(values)
        elif len(words) == 1 and words[0] in COLOURS:
            colour = words[0]
            if colour in sheet.lines:
                problems.append(f"{where}: a second {colour} line")
            sections = []
            for value in values:
                section = _section(value)
                if section is None:
                    problems.append(f"{where}: {value!r} is not a section x,y-x,y")
                else:
                    sections.append(section)
            sheet.lines[colour] = sections
        elif len(words) == 2 and words[0] == "circle" and words[1] in COLOURS:
            point = _point(values[0]) if len(values) == 1 else None
            if sheet.circle is not None:
                problems.append(f"{where}: a second circle line")
            if point is None:
                problems.append(f"{where}: expected 'circle {words[1]}: x,y'")
            else:
                sheet.circle = (words[1], point)
        else:
            problems.append(f"{where}: unknown statement {head.strip()!r}")
    if problems:
        raise PositionError("; ".join(problems), problems)
    return sheet


def format_sheet(sheet: Sheet) -> str:
    """The canonical text: objectives, the lines in drawing order, the circle last."""
    out = []
    if sheet.objectives:
        out.append("objectives: " + " ".join(sheet.objectives))
    for colour, sections in sheet.lines.items():
        words = [f"{point_name(a)}-{point_name(b)}" for a, b in sections]
        out.append(f"{colour}:" + "".join(f" {w}" for w in words))
    if sheet.circle is not None:
        out.append(f"circle {sheet.circle[0]}: {point_name(sheet.circle[1])}")
    return "\n".join(out) + "\n"


def _name(section: PointSection) -> str:
    return f"{point_name(section[0])}-{point_name(section[1])}"


def sheet_problems(sheet: Sheet) -> list[str]:
    """Every violation of §13.3 rules 2–8 (rule 1 is checked by `parse_sheet`), and
    every use of a power that no player could make (`power_signs`)."""
    problems = []
    drawn: list[tuple[str, int]] = []  # (colour, section index) of the sections on the map
    unreadable: set[str] = set()  # lines with a point or section not on the map
    for colour, sections in sheet.lines.items():
        for a, b in sections:
            bad = [point_name(p) for p in (a, b) if p not in LONDON.index_of]
            if bad:
                problems.append(f"{colour}: {', '.join(bad)} is not a station")
                unreadable.add(colour)
                continue
            index = LONDON.section_between.get((LONDON.index_of[a], LONDON.index_of[b]))
            if index is None:
                problems.append(f"{colour}: {_name((a, b))} is not a potential section")
                unreadable.add(colour)
            else:
                drawn.append((colour, index))
    uses = Counter(index for _, index in drawn)
    for index, count in sorted(uses.items()):
        if count > 1:
            colours = ", ".join(c for c, i in drawn if i == index)
            problems.append(f"{LONDON.section_name(index)} is drawn {count} times ({colours})")
    colour_of = {index: colour for colour, index in drawn}
    for first, second in combinations(sorted(uses), 2):
        if LONDON.crossing_mask[first] >> second & 1:
            problems.append(
                f"{LONDON.section_name(first)} ({colour_of[first]}) crosses "
                f"{LONDON.section_name(second)} ({colour_of[second]})"
            )
    trees = {}
    for colour, sections in sheet.lines.items():
        shape = _line_shape_problems(colour, sections)
        problems.extend(shape)
        if not shape and colour not in unreadable:
            trees[colour] = sections
    if sheet.circle is not None:
        colour, point = sheet.circle
        if colour not in sheet.lines:
            problems.append(f"the circle is on {colour}, which has no line")
        elif point not in _line_points(colour, sheet.lines[colour]):
            problems.append(
                f"the circled {point_name(point)} is not a station of the {colour} line"
            )
    circle = sheet.circle if sheet.circle is not None and sheet.circle[0] in trees else None
    return problems + _power_problems(Sheet(trees, sheet.objectives, circle))


def _line_points(colour: str, sections: list[PointSection]) -> set[Point]:
    departure = LONDON.stations[LONDON.departure[colour]].point
    return {departure} | {p for section in sections for p in section}


def _branchings(sections: list[PointSection]) -> int:
    """How many sections leave a station that already had two: one per switch turn."""
    degree = Counter(p for section in sections for p in section)
    return sum(max(0, d - 2) for d in degree.values())


def _line_shape_problems(colour: str, sections: list[PointSection]) -> list[str]:
    """Rules 6 and 7: a connected tree from the departure station, within the size limits."""
    problems = []
    departure = LONDON.stations[LONDON.departure[colour]].point
    points = _line_points(colour, sections)
    reached = {departure}
    grew = True
    while grew:
        grew = False
        for a, b in sections:
            if (a in reached) != (b in reached):
                reached |= {a, b}
                grew = True
    if reached != points:
        apart = ", ".join(point_name(p) for p in sorted(points - reached, key=lambda p: p[::-1]))
        problems.append(f"{colour}: not connected to its departure station ({apart})")
    elif len(points) != len(sections) + 1:
        problems.append(f"{colour}: the line closes a loop")
    if len(sections) > MAX_SECTIONS:
        problems.append(f"{colour}: {len(sections)} sections, at most {MAX_SECTIONS}")
    branchings = _branchings(sections)
    if branchings > MAX_BRANCHINGS:
        problems.append(f"{colour}: {branchings} branchings, at most {MAX_BRANCHINGS}")
    return problems


@dataclass(frozen=True, slots=True)
class PowerSign:
    """Something a line shows that its round's cards alone cannot give, and the powers
    that could have given it."""

    shows: str
    powers: frozenset[str]


def _the_power(powers: frozenset[str]) -> str:
    return "the " + " or ".join(p for p in POWERS if p in powers) + " power"


def power_signs(sheet: Sheet) -> dict[str, list[PowerSign]]:
    """What each line of a sheet of trees shows that only a pencil power (§10) gives;
    lines that show nothing are left out.

    A sheet records sections, not turns, so a sign is only what no play without the
    power could draw, whatever the order of the cards:

    * switch: a line that branches twice. The switch card gives a line at most one
      branching, so one branching on every line is still no sign.
    * double: a line of 11 sections, one more than a round has turns.
    * double or joker: a line whose stations need 3 jokers (`_jokers_needed`); each
      of the two powers gives exactly one card more, the joker power by making a card
      a joker, the double by drawing two sections on one card.
    * circle: the circle line.

    These are what any play with the power must show, not all it must obey: the order
    of the turns (such as the double's two sections drawn one after the other) needs a
    game log.

    The rulebook lets each player use each power once per game; the card stays with its
    colour, whose line the player draws in one round, and each round's holder uses it
    once (Ruling P7). A player holds one colour, so one power, per round. So the lines
    that show signs must take different powers, one each (`_power_problems`). A sheet
    that shows a sign was played with module B: it counts for the solo score (§11) as a
    circle line does (§15).

    >>> signs = power_signs(parse_sheet("green: 3,2-4,3 3,2-6,2 3,2-1,0 3,2-3,1"))
    >>> [(sign.shows, sorted(sign.powers)) for sign in signs["green"]]
    [('branches twice', ['switch'])]
    >>> power_signs(parse_sheet("green: 3,2-4,3 3,2-6,2 3,2-1,0"))  # the switch card
    {}
    """
    signs = {}
    for colour, sections in sheet.lines.items():
        circled = sheet.circle is not None and sheet.circle[0] == colour
        line_signs = _line_signs(colour, sections, circled=circled)
        if line_signs:
            signs[colour] = line_signs
    return signs


def _line_signs(colour: str, sections: list[PointSection], *, circled: bool) -> list[PowerSign]:
    signs = []
    if _branchings(sections) == MAX_BRANCHINGS:
        signs.append(PowerSign("branches twice", frozenset({"switch"})))
    if len(sections) == MAX_SECTIONS:
        signs.append(PowerSign(f"has {MAX_SECTIONS} sections", frozenset({"double"})))
    jokers, which = _jokers_needed(colour, sections)
    if jokers == CARDS_OF[JOKER] + MAX_EXTRA_CARDS:
        signs.append(
            PowerSign(
                f"has {which} stations, which need {jokers} jokers", frozenset({"double", "joker"})
            )
        )
    if circled:
        signs.append(PowerSign("has the circle", frozenset({"circle"})))
    return signs


def _jokers_needed(colour: str, sections: list[PointSection]) -> tuple[int, str]:
    """How many of a line's stations only a joker could reach, and the shapes that
    have more stations than cards (e.g. "5 circle").

    Every station of a tree but its departure station was the new station of exactly
    one section, so the cards of the round had to match those stations in some order:
    a round has two cards of each shape, and Central Station matches any card (§4.2).
    """
    departure = LONDON.stations[LONDON.departure[colour]].point
    new_stations = _line_points(colour, sections) - {departure}
    shapes = Counter(LONDON.stations[LONDON.index_of[p]].shape for p in new_stations)
    over = {shape: shapes[shape] for shape in SHAPES if shapes[shape] > CARDS_OF[shape]}
    which = " and ".join(f"{n} {shape}" for shape, n in over.items())
    return sum(n - CARDS_OF[shape] for shape, n in over.items()), which


def _power_problems(sheet: Sheet) -> list[str]:
    """Powers no player could have used on a sheet of trees (see `power_signs`)."""
    problems = []
    for colour, sections in sheet.lines.items():
        jokers, which = _jokers_needed(colour, sections)
        if jokers > CARDS_OF[JOKER] + MAX_EXTRA_CARDS:
            problems.append(
                f"{colour}: its {which} stations need {jokers} jokers; the deck has "
                f"{CARDS_OF[JOKER]} and a power gives at most one card more"
            )
    signs = power_signs(sheet)
    powers_of = {}
    for colour, line_signs in signs.items():
        common = frozenset.intersection(*(sign.powers for sign in line_signs))
        if common:
            powers_of[colour] = common
        else:
            problems.append(
                f"{_shown(colour, line_signs)}: that takes "
                + " and ".join(_the_power(sign.powers) for sign in line_signs)
                + ", and a player holds one colour, with its one power, per round"
            )
    return problems + _overused(signs, powers_of)


def _overused(signs: dict[str, list[PowerSign]], powers_of: dict[str, frozenset[str]]) -> list[str]:
    """Sets of powers that more lines need than the sets hold powers, smallest first:
    the lines can take one power each exactly when there is none (Hall's theorem)."""
    problems = []
    found: list[frozenset[str]] = []
    for size in range(1, len(POWERS) + 1):
        for held in map(frozenset, combinations(POWERS, size)):
            lines = [colour for colour, powers in powers_of.items() if powers <= held]
            if len(lines) > size and not any(smaller <= held for smaller in found):
                found.append(held)
                shown = "; ".join(_shown(colour, signs[colour]) for colour in lines)
                problems.append(
                    f"{shown}: that takes {_the_power(held)} {len(lines)} times, "
                    "and a player can use each power once per game"
                )
    return problems


def _shown(colour: str, signs: list[PowerSign]) -> str:
    return f"{colour} " + " and ".join(sign.shows for sign in signs)
