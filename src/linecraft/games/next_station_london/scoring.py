"""Scoring (§7, §8, §9, §11, §15): lines, tourist track, interchanges, objectives, solo.

Works on station indexes; `lines_of_sheet` converts a valid `Sheet`. The score card's
keys are exactly the scorer fields of §15, in that order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from linecraft.core.i18n import N_
from linecraft.games.next_station_london.deck import OBJECTIVES
from linecraft.games.next_station_london.london import (
    COLOURS,
    DISTRICTS,
    LONDON,
    stations_in,
)
from linecraft.games.next_station_london.sheet import Sheet, power_signs

TRACK = (0, 1, 2, 4, 6, 8, 11, 14, 17, 21, 25)
INTERCHANGE_POINTS = {2: 2, 3: 5, 4: 9}
# What a station gains by being on k lines rather than k - 1: 2, 3 and 4.
INTERCHANGE_STEP = {
    k: points - INTERCHANGE_POINTS.get(k - 1, 0) for k, points in INTERCHANGE_POINTS.items()
}
OBJECTIVE_POINTS = 10
MODULE_DEDUCTION = 10
# Upper bounds of the solo bands (§11); above the last: legendary.
SOLO_BANDS = (
    (90, "last_stop"),
    (105, "wrong_tunnel"),
    (120, "on_track"),
    (135, "good_work"),
    (150, "excellent"),
)
SOLO_VERDICTS = {  # marked for translation: translated where shown
    # TRANSLATORS: the city council's verdict on a solo network, from the worst to the best
    "last_stop": N_("End of the line — everybody off; stop dozing between stations."),
    "wrong_tunnel": N_("Took a wrong tunnel somewhere; set your switches better next time."),
    "on_track": N_("Not bad at all; keep going like this."),
    "good_work": N_("Good work; lots of satisfied passengers."),
    "excellent": N_("Excellent; the mayor will want you to extend the network."),
    "legendary": N_("Legendary; you know every tunnel of the city by heart."),
}
OBJECTIVE_TEXT = {
    # TRANSLATORS: a shared objective, in "Shared objectives, 10 points each: {objectives}."
    "interchange8": N_("at least 8 interchange stations"),
    "district13": N_("a station in each of the 13 districts"),
    "tourist5": N_("all 5 tourist sites"),
    "central9": N_("all 9 stations of the central district"),
    "thames6": N_("at least 6 Thames sections"),
}
# The same, short enough for the score panel beside the map.
OBJECTIVE_SHORT = {
    # TRANSLATORS: a shared objective, short, on the score panel beside the map
    "interchange8": N_("8 interchanges"),
    "district13": N_("13 districts"),
    "tourist5": N_("5 tourist sites"),
    "central9": N_("9 central stations"),
    "thames6": N_("6 Thames sections"),
}

Lines = Mapping[str, Sequence[tuple[int, int]]]


@dataclass(frozen=True, slots=True)
class LineScore:
    """D, M, T and the score of one line (§7), with what produced them."""

    colour: str
    stations: frozenset[int]
    districts: int
    largest: int
    largest_district: str
    thames: int
    score: int
    tourists: int
    circled: int | None


def line_stations(colour: str, sections: Sequence[tuple[int, int]]) -> frozenset[int]:
    """The departure station and every station a section touches (Ruling O5)."""
    return frozenset({LONDON.departure[colour], *(s for section in sections for s in section)})


def station_mask(stations: Iterable[int]) -> int:
    """Stations as a bitmask (bit s: station s)."""
    return sum(1 << s for s in stations)


def district_counts(stations: int, circled: int | None) -> list[int]:
    """How many stations of a line (a bitmask, bit s: station s) each district holds, in
    the order of DISTRICTS; the circled station counts twice (the circle power, Ruling P5)."""
    counts = [(stations & district).bit_count() for district in LONDON.district_masks]
    if circled is not None:
        counts[LONDON.district_number[circled]] += 1
    return counts


class LineFigures(NamedTuple):
    """D and M of one line and its score D × M + 2 × T (§7.1)."""

    districts: int
    largest: int
    score: int


def line_figures(counts: list[int], thames: int) -> LineFigures:
    """A line's figures from its `district_counts` and its Thames sections."""
    districts = len(counts) - counts.count(0)
    largest = max(counts)
    return LineFigures(districts, largest, districts * largest + 2 * thames)


@lru_cache(maxsize=1 << 16)
def figures_of(stations: int, circled: int | None, thames: int) -> LineFigures:
    """`line_figures` of a line's stations (a bitmask, bit s: station s), kept: a bot
    judging its moves scores the same few lines again and again, and a lookup costs a
    tenth of counting the districts afresh."""
    return line_figures(district_counts(stations, circled), thames)


def score_line(
    colour: str, sections: Sequence[tuple[int, int]], circled: int | None = None
) -> LineScore:
    stations = line_stations(colour, sections)
    counts = district_counts(station_mask(stations), circled)
    thames = sum(1 for a, b in sections if LONDON.sections[LONDON.section_between[a, b]].thames)
    figures = line_figures(counts, thames)
    return LineScore(
        colour=colour,
        stations=stations,
        districts=figures.districts,
        largest=figures.largest,
        # the first of the largest districts in the order of DISTRICTS
        largest_district=DISTRICTS[counts.index(figures.largest)],
        thames=thames,
        score=figures.score,
        tourists=sum(1 for s in stations if LONDON.stations[s].tourist),
        circled=circled,
    )


def solo_band(solo_score: int) -> str:
    for upper, band in SOLO_BANDS:
        if solo_score <= upper:
            return band
    return "legendary"


@dataclass(frozen=True, slots=True)
class SheetScore:
    """Everything §15 reports about one sheet."""

    lines: dict[str, LineScore]
    tourist_visits: int
    interchanges: dict[int, int]  # lines per station (2, 3, 4) -> stations
    interchange_stations: tuple[int, ...]
    objectives: tuple[str, ...]
    achieved: tuple[str, ...]
    modules_used: int

    @property
    def line_points(self) -> int:
        return sum(line.score for line in self.lines.values())

    @property
    def tourist_points(self) -> int:
        return tourist_points(self.tourist_visits)

    @property
    def interchange_points(self) -> int:
        return interchange_points(self.interchanges)

    @property
    def total(self) -> int:
        return (
            self.line_points
            + self.tourist_points
            + self.interchange_points
            + OBJECTIVE_POINTS * len(self.achieved)
        )

    @property
    def best_line(self) -> int:
        return max((line.score for line in self.lines.values()), default=0)

    @property
    def solo_score(self) -> int:
        return self.total - MODULE_DEDUCTION * self.modules_used

    def card(self, *, solo: bool) -> dict[str, Any]:
        fields: dict[str, Any] = {"valid": "yes"}
        for colour in COLOURS:
            line = self.lines.get(colour)
            fields[f"{colour}_districts"] = line.districts if line else 0
            fields[f"{colour}_largest"] = line.largest if line else 0
            fields[f"{colour}_thames_sections"] = line.thames if line else 0
            fields[f"{colour}_score"] = line.score if line else 0
            fields[f"{colour}_tourists"] = line.tourists if line else 0
        fields.update(
            lines=self.line_points,
            tourist_visits=self.tourist_visits,
            tourist_points=self.tourist_points,
            interchanges_2=self.interchanges[2],
            interchanges_3=self.interchanges[3],
            interchanges_4=self.interchanges[4],
            interchange_points=self.interchange_points,
            objectives_achieved=" ".join(self.achieved) or "-",
            objective_points=OBJECTIVE_POINTS * len(self.achieved),
            total=self.total,
            best_line=self.best_line,
        )
        if solo:
            fields["solo_score"] = self.solo_score
            fields["solo_band"] = solo_band(self.solo_score)
        return fields


def score_lines(
    lines: Lines,
    *,
    objectives: Sequence[str] = (),
    circle: tuple[str, int] | None = None,
    powers: bool = False,
) -> SheetScore:
    """Score lines given as station-index sections; `powers`: module B is in play."""
    scored = {
        colour: score_line(
            colour, lines[colour], circle[1] if circle and circle[0] == colour else None
        )
        for colour in COLOURS
        if colour in lines
    }
    network = Network()
    for line in scored.values():
        network = network.plus(station_mask(line.stations), line.score, line.thames)
    return SheetScore(
        lines=scored,
        tourist_visits=network.tourist_visits,
        interchanges=network.interchanges,
        interchange_stations=tuple(stations_in(network.on_two)),
        objectives=tuple(objectives),
        achieved=network.achieved(objectives),
        modules_used=int(bool(objectives)) + int(powers or circle is not None),
    )


def tourist_points(visits: int) -> int:
    """The tourist track (§8.1): it stops at its last box."""
    return TRACK[min(visits, len(TRACK) - 1)]


def interchange_points(interchanges: Mapping[int, int]) -> int:
    """Points for the stations on 2, 3 and 4 lines (§8.2)."""
    return sum(INTERCHANGE_POINTS[k] * n for k, n in interchanges.items())


class Network(NamedTuple):
    """Lines added up for a sheet's score (§8, §9): sums, and bitmasks (bit s: station s)
    of the stations on at least one, two, three and four lines, so one more line costs a
    few operations."""

    line_points: int = 0
    tourist_visits: int = 0  # every line through a tourist site visits it (§8.1)
    thames: int = 0  # Thames sections over all lines
    stations: int = 0
    on_two: int = 0
    on_three: int = 0
    on_four: int = 0

    def plus(self, stations: int, score: int, thames: int) -> Network:
        """The network with one more line: its stations, its score, its Thames sections."""
        return Network(
            self.line_points + score,
            self.tourist_visits + (stations & LONDON.tourist_mask).bit_count(),
            self.thames + thames,
            self.stations | stations,
            self.on_two | self.stations & stations,
            self.on_three | self.on_two & stations,
            self.on_four | self.on_three & stations,
        )

    @property
    def interchanges(self) -> dict[int, int]:
        """Stations on exactly 2, 3 and 4 lines."""
        return {
            2: (self.on_two & ~self.on_three).bit_count(),
            3: (self.on_three & ~self.on_four).bit_count(),
            4: self.on_four.bit_count(),
        }

    def achieved(self, objectives: Sequence[str]) -> tuple[str, ...]:
        return tuple(name for name in objectives if self._achieved(name))

    def _achieved(self, name: str) -> bool:
        """Whether the network (all lines' stations together) meets objective `name` (§9.2)."""
        return self.progress(name) >= 1.0

    def progress(self, name: str) -> float:
        """How far the network has come towards objective `name` (§9.2), from 0 to 1
        (met): the share of the interchanges, districts, tourist sites, central stations
        or Thames sections it asks for."""
        if name == "interchange8":
            return min(self.on_two.bit_count(), 8) / 8
        if name == "district13":
            return sum(1 for d in LONDON.district_masks if self.stations & d) / len(DISTRICTS)
        if name == "tourist5":
            return (self.stations & LONDON.tourist_mask).bit_count() / len(LONDON.tourists)
        if name == "central9":
            central = LONDON.district_masks[DISTRICTS.index("central")]
            return (self.stations & central).bit_count() / central.bit_count()
        if name == "thames6":
            return min(self.thames, 6) / 6
        raise ValueError(f"unknown objective {name!r} (objectives: {', '.join(OBJECTIVES)})")

    def total(self, objectives: Sequence[str]) -> int:
        """The sheet's total (§8.3), as `SheetScore.total` adds it up; a bot asks for it
        after every move it tries, so the interchanges are counted by their masks (a
        station on k lines is on at least 2, …, k of them, and earns a step of the
        table for each) rather than kind by kind."""
        return (
            self.line_points
            + tourist_points(self.tourist_visits)
            + INTERCHANGE_STEP[2] * self.on_two.bit_count()
            + INTERCHANGE_STEP[3] * self.on_three.bit_count()
            + INTERCHANGE_STEP[4] * self.on_four.bit_count()
            + OBJECTIVE_POINTS * len(self.achieved(objectives))
        )


def lines_of_sheet(sheet: Sheet) -> dict[str, list[tuple[int, int]]]:
    """A valid sheet's lines as station-index sections."""
    index = LONDON.index_of
    return {
        colour: [(index[a], index[b]) for a, b in sections]
        for colour, sections in sheet.lines.items()
    }


def score_sheet(sheet: Sheet, *, powers: bool = False) -> SheetScore:
    """Score a valid sheet (check it with `sheet_problems` first); a sheet that shows
    a power's use (`power_signs`) was played with module B, `powers` or not."""
    circle = None
    if sheet.circle is not None:
        circle = sheet.circle[0], LONDON.index_of[sheet.circle[1]]
    return score_lines(
        lines_of_sheet(sheet),
        objectives=sheet.objectives,
        circle=circle,
        powers=powers or bool(power_signs(sheet)),
    )


def explain(score: SheetScore, *, solo: bool) -> list[str]:
    """The score in words, one line per item."""
    out = []
    for line in score.lines.values():
        circled = ""
        if line.circled is not None:
            circled = f", {LONDON.stations[line.circled].name} circled"
        out.append(
            f"{line.colour}: {len(line.stations)} stations in {line.districts} districts, "
            f"most in {line.largest_district} ({line.largest}{circled}), "
            f"{line.thames} Thames section(s): {line.districts} × {line.largest} + "
            f"2 × {line.thames} = {line.score}; tourist sites {line.tourists}"
        )
    out.append(f"tourist track: {score.tourist_visits} visit(s) = {score.tourist_points} points")
    shared = " ".join(LONDON.stations[s].name for s in score.interchange_stations) or "none"
    out.append(f"interchanges: {shared} = {score.interchange_points} points")
    for name in score.objectives:
        verdict = "achieved, +10" if name in score.achieved else "not achieved"
        out.append(f"objective {name} ({OBJECTIVE_TEXT[name]}): {verdict}")
    out.append(f"total {score.total}, best line {score.best_line}")
    if solo:
        out.append(
            f"solo: {score.total} − {MODULE_DEDUCTION} × {score.modules_used} module(s) = "
            f"{score.solo_score}: {solo_band(score.solo_score)}. "
            + SOLO_VERDICTS[solo_band(score.solo_score)]
        )
    return out
