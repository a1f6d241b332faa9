"""Final scoring (§11–§13) and the scorer output of §20."""

from __future__ import annotations

import json
from typing import Any

from linecraft.games.metromania.city import City
from linecraft.games.metromania.geometry import Space, spaces_at, vertex_text
from linecraft.games.metromania.markers import DAYS, LETTERS, Mode, markers_of
from linecraft.games.metromania.notation import line_text
from linecraft.games.metromania.trips import Network, fastest

OWN_MARKER_AWARD, OTHER_AWARD, SUNDAY_AWARD, PENALTY = 6, 3, 5, -6
ADJUSTMENT = {2: "kept", 1: "halved", 0: "zeroed"}


def adjusted(points: int, finished: int) -> int:
    return points if finished == 2 else points // 2 if finished == 1 else 0


def _stations_touching(city: City, spaces: list[Space]) -> list[tuple[int, int]]:
    return sorted(v for v in city.stations if any(s in spaces_at(v) for s in spaces))


def _marker_space(city: City, code: str) -> tuple[Space, int] | None:
    for space, (company, placed) in city.placed.items():
        if placed == code:
            return space, company
    return None


def _holder(city: City, code: str) -> int | None:
    return next((c for c, hand in enumerate(city.hands) if code in hand), None)


def run_test(city: City, network: Network, day: str) -> dict[str, Any]:
    """One day's test: status, minutes, trips, sections used, awards, causes, penalties."""
    result: dict[str, Any] = {"day": day}
    causes: list[dict[str, Any]] = []
    if day == "sun":
        kinds = {s: k for s, k in city.specials.items()}
        origins = _stations_touching(city, [s for s, k in kinds.items() if k == "park"])
        targets = _stations_touching(city, [s for s, k in kinds.items() if k == "lake"])
        result["pair"] = "park-lake"
        placers: set[int] = set()
    else:
        letter = LETTERS[DAYS.index(day)]
        result["pair"] = letter
        ends: list[list[tuple[int, int]]] = []
        placers = set()
        for code in markers_of(letter):
            found = _marker_space(city, code)
            if found is None:
                causes.append(
                    {"cause": "not_placed", "marker": code, "company": _holder(city, code)}
                )
                continue
            space, company = found
            placers.add(company)
            touched = _stations_touching(city, [space])
            if not touched:
                causes.append({"cause": "no_station", "marker": code, "company": company})
            ends.append(touched)
        origins, targets = ([*ends, [], []])[:2]
    trip = None
    if not causes and origins and targets:
        trip = fastest(network, origins, targets)
        if trip.minutes is None and day != "sun":
            causes = [
                {"cause": "no_connection", "marker": None, "company": c} for c in sorted(placers)
            ]
    awards: dict[str, int] = {}
    if trip is not None and trip.minutes:
        for company in sorted({lid[0] for lid, _, _ in trip.used}):
            if day == "sun":
                awards[str(company)] = SUNDAY_AWARD
            else:
                awards[str(company)] = OWN_MARKER_AWARD if company in placers else OTHER_AWARD
    minutes = trip.minutes if trip is not None else None
    used = trip.used if trip is not None and minutes is not None else []
    result.update(
        status="impossible" if causes or minutes is None else ("zero" if minutes == 0 else "ok"),
        minutes=minutes,
        fastest_trips=trip.fastest_trips if trip is not None and minutes is not None else 0,
        origins=[vertex_text(v) for v in origins],
        targets=[vertex_text(v) for v in targets],
        sections_used=[
            {
                "company": lid[0],
                "line": line_text(lid[1]),
                "from": vertex_text(u),
                "to": vertex_text(v),
            }
            for lid, u, v in used
        ],
        awards=awards,
        causes=causes,
        penalties={str(c["company"]): PENALTY for c in causes if c["company"] is not None}
        if day != "sun"
        else {},
    )
    return result


def score_city(city: City, mode: Mode) -> dict[str, Any]:
    """The full scorer output of §20 for the city as it stands."""
    network = Network.of(city)
    tests = [run_test(city, network, day) for day in DAYS]
    companies = []
    for c in range(mode.companies):
        finished = sum(1 for line in city.lines[c] if line.finished)
        per_day = {
            t["day"]: t["awards"].get(str(c), 0) + t["penalties"].get(str(c), 0) for t in tests
        }
        awards = sum(t["awards"].get(str(c), 0) for t in tests)
        penalties = sum(t["penalties"].get(str(c), 0) for t in tests)
        line_points = adjusted(city.points[c], finished)
        companies.append(
            {
                "company": c,
                "seat": mode.seat_of(c),
                "station_points": city.points[c],
                "lines_finished": finished,
                "adjustment": ADJUSTMENT[finished],
                "line_points": line_points,
                "tests": per_day,
                "test_points": awards,
                "penalties": penalties,
                "total": line_points + awards + penalties,
                "tunnels": sum(line.tunnels for line in city.lines[c]),
            }
        )
    seats = []
    for seat in range(mode.players):
        own = [c for c in companies if c["seat"] == seat]
        seats.append(
            {
                "seat": seat,
                "companies": [c["company"] for c in own],
                "total": sum(c["total"] for c in own),
                "lines_finished": sum(c["lines_finished"] for c in own),
                "tunnels": sum(c["tunnels"] for c in own),
            }
        )
    keys = {s["seat"]: (s["total"], s["lines_finished"], s["tunnels"]) for s in seats}
    for s in seats:
        s["rank"] = 1 + sum(1 for other in keys.values() if other > keys[s["seat"]])
        s["winner"] = s["rank"] == 1
    return {
        "companies": companies,
        "seats": seats,
        "tests": tests,
        "winners": [s["seat"] for s in seats if s["winner"]],
    }


def format_report(report: dict[str, Any]) -> str:
    """Text mode: `name=value` pairs, one company, test or seat per line; values that are
    not plain numbers or words are written as compact JSON."""

    def flat(obj: dict[str, Any]) -> str:
        parts = []
        for key, value in obj.items():
            plain = isinstance(value, int | str) and not isinstance(value, bool)
            parts.append(f"{key}={value if plain else json.dumps(value, separators=(',', ':'))}")
        return " ".join(parts)

    lines = [flat(record) for part in ("companies", "tests", "seats") for record in report[part]]
    lines.append("winners=" + ",".join(str(w) for w in report["winners"]))
    return "\n".join(lines) + "\n"
