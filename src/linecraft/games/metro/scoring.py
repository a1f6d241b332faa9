"""Scoring a table (§7, §8, §11.5, §14) and the scorer records of §17.4."""

from __future__ import annotations

from typing import Any

from linecraft.games.metro.board import DEPARTURE_ORDER, EDGE_STATIONS, square_name
from linecraft.games.metro.position import Table
from linecraft.games.metro.routes import Route, trace
from linecraft.games.metro.tables import COMPANIES, SEAT_COLOURS, edge_owners


def owners(table: Table) -> dict[str, str]:
    """Departure id → the colour of its car (edge cars and central cars)."""
    return {**edge_owners(table.players, 1 in table.modules), **table.central_cars}


def departures(table: Table) -> tuple[str, ...]:
    """Every departure track of the game (no central ones under module 3)."""
    return EDGE_STATIONS if 3 in table.modules else DEPARTURE_ORDER


def all_routes(table: Table) -> list[Route]:
    return [trace(table.board, d) for d in departures(table)]


def company_values(profits: dict[str, int]) -> dict[str, int]:
    """8 − the number of companies with strictly more profit (Ruling 9)."""
    return {c: 8 - sum(1 for other in profits.values() if other > p) for c, p in profits.items()}


def company_scores(
    profits: dict[str, int], shares: dict[int, list[tuple[str, int]]], players: int
) -> tuple[list[int], list[int]]:
    """Share points and majority bonuses of each seat (§11.5)."""
    values = company_values(profits)
    points, bonus = [0] * players, [0] * players
    held: dict[str, list[int]] = {c: [0] * players for c in profits}
    for seat, owned in shares.items():
        for company, percentage in owned:
            points[seat] += percentage // 10 * values[company]
            held[company][seat] += percentage
    for company, per_seat in held.items():
        top = max(per_seat)
        for seat, percentage in enumerate(per_seat):
            if top >= 10 and percentage == top:
                bonus[seat] += profits[company] // 10
    return points, bonus


def number_points(route: Route) -> int:
    """What a line ending at a numbered station earns its token holder (§14)."""
    return route.passages * (2 if route.departure.startswith("C") else 1)


def score_table(table: Table) -> dict[str, Any]:
    """The scorer's records (§17.4) as one JSON-ready object."""
    own = owners(table)
    routes = all_routes(table)
    companies = 1 in table.modules
    lines = []
    earned: dict[str, int] = {}  # owner colour -> points of complete lines
    for route in routes:
        owner = own.get(route.departure)
        if owner is not None:
            earned[owner] = earned.get(owner, 0) + route.points
        lines.append(
            {
                "from": route.departure,
                "owner": owner or "-",
                "status": "complete" if route.complete else "open",
                "to": route.to or "-",
                "passages": route.passages,
                "doubled": "yes" if route.doubled else "no",
                "points": route.points,
                "path": [square_name(sq) for sq in route.path],
            }
        )
    result: dict[str, Any] = {
        "game": {
            "players": table.players,
            "modules": ",".join(str(m) for m in sorted(table.modules)) or "-",
            "tiles": table.tiles_placed,
            "final": "yes" if table.tiles_placed == 60 else "no",
        },
        "lines": lines,
    }
    shares_points = [0] * table.players
    bonus = [0] * table.players
    if companies:
        profits = {c: earned.get(c, 0) for c in COMPANIES}
        values = company_values(profits)
        result["companies"] = [
            {"colour": c, "profit": profits[c], "value": values[c]} for c in COMPANIES
        ]
        shares_points, bonus = company_scores(profits, table.shares, table.players)
    number_totals = [0] * table.players
    if 4 in table.modules:
        ending = {}
        for route in routes:
            if route.complete and route.departure in own:
                ending[route.to] = number_points(route)
        records = []
        for seat, stations in sorted(table.numbers.items()):
            for station in stations:
                points = ending.get(str(station), 0)
                number_totals[seat] += points
                records.append({"station": station, "holder": seat, "points": points})
        result["numbers"] = records
    players: list[dict[str, Any]] = []
    for seat in range(table.players):
        colour = "-" if companies else SEAT_COLOURS[seat]
        line_points = 0 if companies else earned.get(colour, 0)
        total = line_points + shares_points[seat] + bonus[seat] + number_totals[seat]
        players.append(
            {
                "seat": seat,
                "colour": colour,
                "lines": line_points,
                "shares": shares_points[seat],
                "bonus": bonus[seat],
                "numbers": number_totals[seat],
                "total": total,
            }
        )
    result["players"] = players
    best = max(p["total"] for p in players)
    result["result"] = {"winners": [p["seat"] for p in players if p["total"] == best]}
    return result


def format_records(result: dict[str, Any]) -> str:
    """The text form of §17.4: one `kind key=value …` record per line."""

    def record(kind: str, fields: dict[str, Any]) -> str:
        parts = []
        for key, value in fields.items():
            if isinstance(value, list):
                value = ",".join(str(v) for v in value) or "-"
            parts.append(f"{key}={value}")
        return " ".join([kind, *parts])

    out = [record("game", result["game"])]
    out += [record("line", line) for line in result["lines"]]
    out += [record("company", c) for c in result.get("companies", [])]
    out += [record("number", n) for n in result.get("numbers", [])]
    out += [record("player", p) for p in result["players"]]
    out.append(record("result", result["result"]))
    return "\n".join(out) + "\n"
