"""The sheet text format of §13: read, write, and the validity checks of §13.3.

A `Sheet` keeps points rather than station indexes so that a sheet naming an empty
grid point can still be read and reported, not just refused.

Besides the checks of §13.3, a sheet is held to what its player's pencil powers
(§10) could have given: see `power_signs`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations

from linecraft.core.errors import PositionError
from linecraft.core.i18n import N_, Nn_, _, _n
from linecraft.games.next_station_london.deck import CARDS, JOKER, OBJECTIVES, POWERS
from linecraft.games.next_station_london.london import (
    COLOURS,
    LONDON,
    SHAPES,
    Point,
    parse_point,
    point_name,
)

CARDS_OF = Counter(card.symbol for card in CARDS if card.symbol is not None)  # 2 of each
MAX_TURNS = sum(CARDS_OF.values())  # every card with a symbol, the switch aside (§5.4)
MAX_SECTIONS = MAX_TURNS + 1  # and one extra section from the double power
MAX_BRANCHINGS = 2  # one switch card and one switch power per round
MAX_EXTRA_CARDS = 1  # the double or the joker power: one card more for a line's stations

PointSection = tuple[Point, Point]

# The refusals name colours, powers, points and sections as a sheet is written.
# TRANSLATORS: joins two items of a list, e.g. "green branches twice and has the circle"
AND = N_("{first} and {second}")
# TRANSLATORS: joins two powers' codes, in "that takes the {powers} power"
OR = N_("{first} or {second}")
SHAPE_COUNT = {  # how many stations of a shape, in "has 5 circle stations"
    # TRANSLATORS: {count} stations of a shape, in "has {which} stations, which need 3 jokers"
    "circle": Nn_("{count} circle", "{count} circle"),
    "square": Nn_("{count} square", "{count} square"),
    "triangle": Nn_("{count} triangle", "{count} triangle"),
    "pentagon": Nn_("{count} pentagon", "{count} pentagon"),
}


@dataclass
class Sheet:
    """One player's map: the lines in drawing order, the objectives in play, the circle."""

    lines: dict[str, list[PointSection]] = field(default_factory=dict)
    objectives: tuple[str, ...] = ()
    circle: tuple[str, Point] | None = None


def _section(word: str) -> PointSection | None:
    start, dash, end = word.partition("-")
    a, b = parse_point(start), parse_point(end)
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
        if not colon:
            # TRANSLATORS: {number} is a line of the sheet's text; the quoted parts are typed
            # as they are
            problem = _("line {number}: expected 'COLOUR: sections', 'objectives: …' or 'circle …'")
            problems.append(problem.format(number=number))
        elif words == ["objectives"]:
            if seen_objectives:
                problems.append(_("line {number}: a second objectives line").format(number=number))
            seen_objectives = True
            unknown = [v for v in values if v not in OBJECTIVES]
            if unknown:
                problems.append(
                    _("line {number}: unknown objective(s) {names}").format(
                        number=number, names=", ".join(unknown)
                    )
                )
            if len(set(values)) != len(values):
                problems.append(
                    _("line {number}: an objective is listed twice").format(number=number)
                )
            sheet.objectives = tuple(values)
        elif len(words) == 1 and words[0] in COLOURS:
            colour = words[0]
            if colour in sheet.lines:
                problems.append(
                    # TRANSLATORS: {colour} is a colour's code, e.g. purple
                    _("line {number}: a second {colour} line").format(number=number, colour=colour)
                )
            sections = []
            for value in values:
                section = _section(value)
                if section is None:
                    problems.append(
                        _("line {number}: {value} is not a section x,y-x,y").format(
                            number=number, value=repr(value)
                        )
                    )
                else:
                    sections.append(section)
            sheet.lines[colour] = sections
        elif len(words) == 2 and words[0] == "circle" and words[1] in COLOURS:
            point = parse_point(values[0]) if len(values) == 1 else None
            if sheet.circle is not None:
                problems.append(_("line {number}: a second circle line").format(number=number))
            if point is None:
                problems.append(
                    _("line {number}: expected 'circle {colour}: x,y'").format(
                        number=number, colour=words[1]
                    )
                )
            else:
                sheet.circle = (words[1], point)
        else:
            problems.append(
                _("line {number}: unknown statement {statement}").format(
                    number=number, statement=repr(head.strip())
                )
            )
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
                # TRANSLATORS: {colour} is a colour's code, e.g. purple; {points} are points,
                # e.g. 0,1
                problem = _("{colour}: {points} is not a station")
                problems.append(problem.format(colour=colour, points=", ".join(bad)))
                unreadable.add(colour)
                continue
            index = LONDON.section_between.get((LONDON.index_of[a], LONDON.index_of[b]))
            if index is None:
                # TRANSLATORS: {section} is a section as typed, e.g. 3,2-4,3
                problem = _("{colour}: {section} is not a potential section")
                problems.append(problem.format(colour=colour, section=_name((a, b))))
                unreadable.add(colour)
            else:
                drawn.append((colour, index))
    uses = Counter(index for _colour, index in drawn)
    for index, count in sorted(uses.items()):
        if count > 1:
            colours = ", ".join(c for c, i in drawn if i == index)
            problems.append(
                # TRANSLATORS: {colours} are colours' codes, e.g. "purple, blue"
                _n(
                    "{section} is drawn {count} time ({colours})",
                    "{section} is drawn {count} times ({colours})",
                    count,
                ).format(section=LONDON.section_name(index), count=count, colours=colours)
            )
    colour_of = {index: colour for colour, index in drawn}
    for first, second in combinations(sorted(uses), 2):
        if LONDON.crossing_mask[first] >> second & 1:
            problems.append(
                # TRANSLATORS: two sections as typed, e.g. 3,2-4,3, each with its colour's code
                _("{first} ({colour}) crosses {second} ({other})").format(
                    first=LONDON.section_name(first),
                    colour=colour_of[first],
                    second=LONDON.section_name(second),
                    other=colour_of[second],
                )
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
            problems.append(_("the circle is on {colour}, which has no line").format(colour=colour))
        elif point not in _line_points(colour, sheet.lines[colour]):
            problems.append(
                _("the circled {station} is not a station of the {colour} line").format(
                    station=point_name(point), colour=colour
                )
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
        # TRANSLATORS: {points} are points, e.g. "4,4, 5,3"
        problem = _("{colour}: not connected to its departure station ({points})")
        problems.append(problem.format(colour=colour, points=apart))
    elif len(points) != len(sections) + 1:
        problems.append(_("{colour}: the line closes a loop").format(colour=colour))
    if len(sections) > MAX_SECTIONS:
        count = len(sections)
        problems.append(
            _n(
                "{colour}: {count} section, at most {most}",
                "{colour}: {count} sections, at most {most}",
                count,
            ).format(colour=colour, count=count, most=MAX_SECTIONS)
        )
    branchings = _branchings(sections)
    if branchings > MAX_BRANCHINGS:
        problems.append(
            _n(
                "{colour}: {count} branching, at most {most}",
                "{colour}: {count} branchings, at most {most}",
                branchings,
            ).format(colour=colour, count=branchings, most=MAX_BRANCHINGS)
        )
    return problems


@dataclass(frozen=True, slots=True)
class PowerSign:
    """Something a line shows that its round's cards alone cannot give, and the powers
    that could have given it."""

    shows: str
    powers: frozenset[str]


def _joined(items: Iterable[str], template: str) -> str:
    """Items joined two by two with `template` ("a and b and c"), in the reader's words."""
    out = ""
    for item in items:
        out = _(template).format(first=out, second=item) if out else item
    return out


def _the_power(powers: frozenset[str]) -> str:
    # TRANSLATORS: {powers} are one or more powers' codes, e.g. "double or joker"
    return _("the {powers} power").format(powers=_joined((p for p in POWERS if p in powers), OR))


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
        # TRANSLATORS: what a line shows, after its colour's code: "green branches twice"
        signs.append(PowerSign(_("branches twice"), frozenset({"switch"})))
    if len(sections) == MAX_SECTIONS:
        shows = _n("has {count} section", "has {count} sections", MAX_SECTIONS)
        signs.append(PowerSign(shows.format(count=MAX_SECTIONS), frozenset({"double"})))
    jokers, which = _jokers_needed(colour, sections)
    if jokers == CARDS_OF[JOKER] + MAX_EXTRA_CARDS:
        # TRANSLATORS: {which} counts stations by shape, e.g. "5 circle and 3 square"
        shows = _n(
            "has {which} stations, which need {count} joker",
            "has {which} stations, which need {count} jokers",
            jokers,
        )
        signs.append(
            PowerSign(shows.format(which=which, count=jokers), frozenset({"double", "joker"}))
        )
    if circled:
        signs.append(PowerSign(_("has the circle"), frozenset({"circle"})))
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
    jokers = sum(n - CARDS_OF[shape] for shape, n in over.items())
    if jokers <= CARDS_OF[JOKER]:  # no sign and no problem: nothing to tell
        return jokers, ""
    counts = (_n(*SHAPE_COUNT[shape], n).format(count=n) for shape, n in over.items())
    return jokers, _joined(counts, AND)


def _power_problems(sheet: Sheet) -> list[str]:
    """Powers no player could have used on a sheet of trees (see `power_signs`)."""
    problems = []
    for colour, sections in sheet.lines.items():
        jokers, which = _jokers_needed(colour, sections)
        if jokers > CARDS_OF[JOKER] + MAX_EXTRA_CARDS:
            problems.append(
                # TRANSLATORS: {which} counts stations by shape, e.g. "5 circle and 4 square"
                _n(
                    "{colour}: its {which} stations need {count} joker; the deck has "
                    "{deck} and a power gives at most one card more",
                    "{colour}: its {which} stations need {count} jokers; the deck has "
                    "{deck} and a power gives at most one card more",
                    jokers,
                ).format(colour=colour, which=which, count=jokers, deck=CARDS_OF[JOKER])
            )
    signs = power_signs(sheet)
    powers_of = {}
    for colour, line_signs in signs.items():
        common = frozenset.intersection(*(sign.powers for sign in line_signs))
        if common:
            powers_of[colour] = common
        else:
            powers = _joined((_the_power(sign.powers) for sign in line_signs), AND)
            problems.append(
                # TRANSLATORS: {shown} is what a line shows, e.g. "green branches twice and
                # has the circle"; {powers} e.g. "the switch power and the circle power"
                _(
                    "{shown}: that takes {powers}, and a player holds one colour, with its "
                    "one power, per round"
                ).format(shown=_shown(colour, line_signs), powers=powers)
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
                    # TRANSLATORS: {shown} is what lines show, e.g. "green branches twice;
                    # blue branches twice"; {power} e.g. "the switch power"
                    _n(
                        "{shown}: that takes {power} {count} time, "
                        "and a player can use each power once per game",
                        "{shown}: that takes {power} {count} times, "
                        "and a player can use each power once per game",
                        len(lines),
                    ).format(shown=shown, power=_the_power(held), count=len(lines))
                )
    return problems


def _shown(colour: str, signs: list[PowerSign]) -> str:
    """What a line shows, after its colour's code: "green branches twice and ..."."""
    return f"{colour} {_joined((sign.shows for sign in signs), AND)}"
