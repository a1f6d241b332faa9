"""The London map: 53 stations, 155 potential sections, 116 crossing pairs, the Thames.

Loaded once from `london.json` and checked against the rules' invariants (§3.10): the
sections must equal the nearest-station-per-ray rule, the Thames sections the
north/south rule, and the crossing pairs a direct geometric intersection test. A
broken data file stops the import with `MapDataError` naming what is wrong.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from typing import Any

COLOURS = ("purple", "blue", "pink", "green")
SHAPES = ("circle", "square", "triangle", "pentagon")
CENTRAL = "central"
DISTRICTS = (
    "corner_nw",
    "north_west",
    "north",
    "north_east",
    "corner_ne",
    "west",
    "central",
    "east",
    "corner_sw",
    "south_west",
    "south",
    "south_east",
    "corner_se",
)
DISTRICT_SIZES = dict(zip(DISTRICTS, (1, 4, 6, 4, 1, 6, 9, 6, 1, 4, 6, 4, 1), strict=True))
TOURIST_POINTS = ("6,1", "0,3", "5,3", "9,6", "4,9")
DEPARTURES = {"green": "3,2", "pink": "7,3", "purple": "2,5", "blue": "5,7"}
# North of the Thames (§3.9): rows 0-3 and four stations of rows 4-5.
NORTH_EXTRA = ("4,4", "5,4", "8,4", "4,5")
DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
SIZE = 10

Point = tuple[int, int]


class MapDataError(Exception):
    """The map data file breaks one of the map's invariants."""


@dataclass(frozen=True, slots=True)
class Station:
    index: int
    x: int
    y: int
    shape: str
    district: str
    tourist: bool
    departure: str | None

    @property
    def point(self) -> Point:
        return self.x, self.y

    @property
    def name(self) -> str:
        return f"{self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class Section:
    """An undirected potential section; `a` comes first in reading order."""

    index: int
    a: int
    b: int
    thames: bool
    length: int


DIGITS = frozenset("0123456789")


def point_name(point: Point) -> str:
    return f"{point[0]},{point[1]}"


def parse_point(text: str) -> Point | None:
    """`x,y` with single digits (0–9: `isdigit` alone also takes "³"), or None."""
    if len(text) == 3 and text[0] in DIGITS and text[1] == "," and text[2] in DIGITS:
        return int(text[0]), int(text[2])
    return None


class LondonMap:
    """The map with the lookups the rules need, all by station and section index."""

    def __init__(self, data: dict[str, Any]) -> None:
        stations = []
        for index, row in enumerate(data["stations"]):
            point = parse_point(row["point"])
            if point is None:
                raise MapDataError(f"station {row['point']!r}: not a point")
            stations.append(
                Station(
                    index,
                    point[0],
                    point[1],
                    row["shape"],
                    row["district"],
                    bool(row["tourist"]),
                    row["departure"],
                )
            )
        self.stations: tuple[Station, ...] = tuple(stations)
        self.index_of: dict[Point, int] = {s.point: s.index for s in self.stations}
        sections = []
        for index, row in enumerate(data["sections"]):
            a, b = self._section_ends(row["section"])
            dx, dy = (
                self.stations[b].x - self.stations[a].x,
                self.stations[b].y - self.stations[a].y,
            )
            sections.append(Section(index, a, b, bool(row["thames"]), max(abs(dx), abs(dy))))
        self.sections: tuple[Section, ...] = tuple(sections)
        self.section_between: dict[tuple[int, int], int] = {}
        neighbours: list[list[tuple[int, int]]] = [[] for _ in self.stations]
        for section in self.sections:
            self.section_between[section.a, section.b] = section.index
            self.section_between[section.b, section.a] = section.index
            neighbours[section.a].append((section.b, section.index))
            neighbours[section.b].append((section.a, section.index))
        # (neighbour station, section) pairs, in reading order of the neighbour.
        self.neighbours: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(sorted(n)) for n in neighbours
        )
        # The same as (neighbour, 1 << neighbour, 1 << section), to test a neighbour
        # against station and section bitmasks.
        self.neighbour_bits: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
            tuple((b, 1 << b, 1 << index) for b, index in n) for n in self.neighbours
        )
        crossing = [0] * len(self.sections)
        self.crossing_pairs: list[tuple[int, int, tuple[Fraction, Fraction]]] = []
        for row in data["crossings"]:
            first, second = (self._listed_section(s) for s in row["sections"])
            at = (Fraction(row["at"][0]), Fraction(row["at"][1]))
            self.crossing_pairs.append((first, second, at))
            crossing[first] |= 1 << second
            crossing[second] |= 1 << first
        # Bit j of crossing_mask[i] is set when sections i and j cross.
        self.crossing_mask: tuple[int, ...] = tuple(crossing)
        self.departure: dict[str, int] = {
            s.departure: s.index for s in self.stations if s.departure is not None
        }
        self.central_station = next(s.index for s in self.stations if s.shape == CENTRAL)
        self.district_stations: dict[str, tuple[int, ...]] = {
            d: tuple(s.index for s in self.stations if s.district == d) for d in DISTRICTS
        }
        self.tourists: tuple[int, ...] = tuple(s.index for s in self.stations if s.tourist)
        self.thames_mask = sum(1 << s.index for s in self.sections if s.thames)
        # The same as station bitmasks (bit s: station s), for scoring a line by its bitmask.
        self.district_masks: tuple[int, ...] = tuple(
            sum(1 << s for s in self.district_stations[d]) for d in DISTRICTS
        )
        self.tourist_mask = sum(1 << s for s in self.tourists)
        # The place in DISTRICTS of each station's district.
        self.district_number: tuple[int, ...] = tuple(
            DISTRICTS.index(s.district) for s in self.stations
        )

    def _section_ends(self, text: str) -> tuple[int, int]:
        left, _, right = text.partition("-")
        points = parse_point(left), parse_point(right)
        if points[0] not in self.index_of or points[1] not in self.index_of:
            raise MapDataError(f"section {text!r}: its ends are not stations")
        return self.index_of[points[0]], self.index_of[points[1]]

    def _listed_section(self, text: str) -> int:
        index = self.section_between.get(self._section_ends(text))
        if index is None:
            raise MapDataError(f"crossing {text!r}: not a listed section")
        return index

    def station_at(self, point: Point) -> Station | None:
        index = self.index_of.get(point)
        return None if index is None else self.stations[index]

    def section_name(self, section: int) -> str:
        s = self.sections[section]
        return f"{self.stations[s.a].name}-{self.stations[s.b].name}"

    def is_north(self, station: int) -> bool:
        s = self.stations[station]
        return s.y <= 3 or s.name in NORTH_EXTRA


def stations_in(mask: int) -> Iterator[int]:
    """The stations of a bitmask (bit s: station s), in index order."""
    while mask:
        lowest = mask & -mask
        yield lowest.bit_length() - 1
        mask ^= lowest


def _rays(stations: dict[Point, Station]) -> set[frozenset[Point]]:
    """The potential sections by the rule of §3.7: nearest station in each direction."""
    found = set()
    for x, y in stations:
        for dx, dy in DIRECTIONS:
            nx, ny = x + dx, y + dy
            while 0 <= nx < SIZE and 0 <= ny < SIZE:
                if (nx, ny) in stations:
                    found.add(frozenset({(x, y), (nx, ny)}))
                    break
                nx, ny = nx + dx, ny + dy
    return found


def _intersection(p: Point, q: Point, r: Point, s: Point) -> tuple[Fraction, Fraction] | None:
    """Where segments p-q and r-s cross at one point strictly inside both, or None."""
    d = (q[0] - p[0]) * (s[1] - r[1]) - (q[1] - p[1]) * (s[0] - r[0])
    if d == 0:
        return None
    t = Fraction((r[0] - p[0]) * (s[1] - r[1]) - (r[1] - p[1]) * (s[0] - r[0]), d)
    u = Fraction((r[0] - p[0]) * (q[1] - p[1]) - (r[1] - p[1]) * (q[0] - p[0]), d)
    if 0 < t < 1 and 0 < u < 1:
        return p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])
    return None


def check_map(london: LondonMap) -> list[str]:
    """Every broken invariant of §3.10 (empty: the map is right)."""
    problems = []
    shapes = Counter(s.shape for s in london.stations)
    if len(london.stations) != 53:
        problems.append(f"{len(london.stations)} stations, expected 53")
    if shapes != Counter({**dict.fromkeys(SHAPES, 13), CENTRAL: 1}):
        problems.append(f"stations per shape {dict(shapes)}, expected 13 of each and 1 central")
    tourists = sorted(london.stations[i].name for i in london.tourists)
    if tourists != sorted(TOURIST_POINTS):
        problems.append(f"tourist sites {tourists}, expected {sorted(TOURIST_POINTS)}")
    departures = {c: london.stations[i].name for c, i in london.departure.items()}
    if departures != DEPARTURES:
        problems.append(f"departure stations {departures}, expected {DEPARTURES}")
    sizes = {d: len(london.district_stations[d]) for d in DISTRICTS}
    if sizes != DISTRICT_SIZES or any(s.district not in DISTRICT_SIZES for s in london.stations):
        problems.append(f"district sizes {sizes}, expected {DISTRICT_SIZES}")
    by_point = {s.point: s for s in london.stations}
    listed = {
        frozenset({london.stations[s.a].point, london.stations[s.b].point}) for s in london.sections
    }
    if len(london.sections) != 155 or listed != _rays(by_point):
        problems.append("the sections are not the 155 nearest-station rays of the map")
    thames = [s for s in london.sections if s.thames]
    wrong = [
        london.section_name(s.index)
        for s in london.sections
        if s.thames != (london.is_north(s.a) != london.is_north(s.b))
    ]
    if len(thames) != 24 or wrong:
        problems.append(f"{len(thames)} Thames sections; disagreeing with the river: {wrong}")
    crossings = {}
    for i, first in enumerate(london.sections):
        for second in london.sections[i + 1 :]:
            ends = (london.stations[n].point for n in (first.a, first.b, second.a, second.b))
            at = _intersection(*ends)
            if at is not None:
                crossings[frozenset({first.index, second.index})] = at
    listed_crossings = {frozenset({a, b}): at for a, b, at in london.crossing_pairs}
    if len(london.crossing_pairs) != 116 or listed_crossings != crossings:
        problems.append("the crossing pairs do not match the geometric intersections")
    return problems


def load_london() -> LondonMap:
    text = resources.files(__package__).joinpath("london.json").read_text()
    london = LondonMap(json.loads(text))
    problems = check_map(london)
    if problems:
        raise MapDataError("london.json: " + "; ".join(problems))
    return london


LONDON = load_london()
