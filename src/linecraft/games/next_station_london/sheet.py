"""The sheet text format of §13: read, write, and the validity checks of §13.3.

A `Sheet` keeps points rather than station indexes so that a sheet naming an empty
grid point can still be read and reported, not just refused.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations

from linecraft.core.errors import PositionError
from linecraft.games.next_station_london.deck import OBJECTIVES
from linecraft.games.next_station_london.london import COLOURS, LONDON, Point, point_name

MAX_SECTIONS = 11  # 10 turns and one extra section from the double power
MAX_BRANCHINGS = 2  # one switch card and one switch power per round

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
    """Every violation of §13.3 rules 2–8 (rule 1 is checked by `parse_sheet`)."""
    problems = []
    drawn: list[tuple[str, int]] = []  # (colour, section index) of the sections on the map
    for colour, sections in sheet.lines.items():
        for a, b in sections:
            bad = [point_name(p) for p in (a, b) if p not in LONDON.index_of]
            if bad:
                problems.append(f"{colour}: {', '.join(bad)} is not a station")
                continue
            index = LONDON.section_between.get((LONDON.index_of[a], LONDON.index_of[b]))
            if index is None:
                problems.append(f"{colour}: {_name((a, b))} is not a potential section")
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
    for colour, sections in sheet.lines.items():
        problems.extend(_line_shape_problems(colour, sections))
    if sheet.circle is not None:
        colour, point = sheet.circle
        if colour not in sheet.lines:
            problems.append(f"the circle is on {colour}, which has no line")
        elif point not in _line_points(colour, sheet.lines[colour]):
            problems.append(
                f"the circled {point_name(point)} is not a station of the {colour} line"
            )
    return problems


def _line_points(colour: str, sections: list[PointSection]) -> set[Point]:
    departure = LONDON.stations[LONDON.departure[colour]].point
    return {departure} | {p for section in sections for p in section}


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
    degree = Counter(p for section in sections for p in section)
    branchings = sum(max(0, d - 2) for d in degree.values())
    if branchings > MAX_BRANCHINGS:
        problems.append(f"{colour}: {branchings} branchings, at most {MAX_BRANCHINGS}")
    return problems
