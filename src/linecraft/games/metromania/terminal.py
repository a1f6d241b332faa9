"""The city as text: vertices on a skewed grid (4 columns per step east, 2 rows per
step north-east), line edges drawn in company colours, stations `O`, gates `w`/`b`
(upper case when used), Spots `h`/`w`/`f` (a placed marker shows its letter), Lake `~`,
Park `"`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from linecraft.games.metromania.geometry import (
    CITY_SPACES,
    CITY_VERTICES,
    GATES,
    Space,
    Vertex,
    gate_apex,
    gate_space,
    is_white,
    vertex_text,
)
from linecraft.games.metromania.markers import sort_hand

if TYPE_CHECKING:
    from linecraft.games.metromania.rules import MetromaniaState

STYLES = ("red", "dodger_blue1", "green", "yellow")
WIDTH, HEIGHT, X0, Y0 = 53, 25, 26, 12


def _cell(v: Vertex | tuple[int, int]) -> tuple[int, int]:
    q, r = v
    return Y0 - 2 * r, X0 + 4 * q + 2 * r


def _space_cell(space: Space) -> tuple[int, int]:
    kind, q, r = space
    row, col = _cell((q, r))
    return row - 1, col + (2 if kind == "U" else 4)


def city_map(state: MetromaniaState) -> str:
    city = state.city
    assert city is not None
    grid = [[" "] * WIDTH for _ in range(HEIGHT)]
    for v in CITY_VERTICES:
        row, col = _cell(v)
        grid[row][col] = "·"
    marks = {"H": "h", "W": "w", "F": "f", "lake": "~", "park": '"'}
    for space in CITY_SPACES:
        kind = city.specials.get(space)
        if kind:
            row, col = _space_cell(space)
            grid[row][col] = marks[kind]
    for space, (company, code) in city.placed.items():
        row, col = _space_cell(space)
        grid[row][col] = f"[bold {STYLES[company % 4]}]{code[0]}[/]"
    for gate in GATES:
        row, col = _cell(gate_apex(gate))
        letter = "w" if is_white(gate, city.gates) else "b"
        grid[row][col] = letter.upper() if gate_space(gate) in city.tunnel_at else letter
    for (company, _), line in city.all_lines():
        style = STYLES[company % 4]
        for a, b in zip(line.path, line.path[1:], strict=False):
            (ra, ca), (rb, cb) = _cell(a), _cell(b)
            if ra == rb:
                for col in range(min(ca, cb) + 1, max(ca, cb)):
                    grid[ra][col] = f"[{style}]─[/]"
            else:
                char = "/" if (rb - ra) * (cb - ca) < 0 else "\\"
                grid[(ra + rb) // 2][(ca + cb) // 2] = f"[{style}]{char}[/]"
    for v in city.stations:
        row, col = _cell(v)
        grid[row][col] = "[bold]O[/]"
    margins = [""] * HEIGHT
    for r in range(-5, 6):
        first = min(q for q, rr in CITY_VERTICES if rr == r)
        margins[_cell((first, r))[0]] = vertex_text((first, r))
    return "\n".join(
        f"{margin:>6} " + "".join(row).rstrip() for margin, row in zip(margins, grid, strict=True)
    )


def state_text(state: MetromaniaState, viewer: int | None) -> str:
    if state.city is None:
        return "Setting up the city."
    legend = (
        "Each row starts at the vertex named on the left; q grows by 1 per dot eastward. "
        'O station, w/b white/black gate (W/B used), h/w/f Spot, ~ Lake, " Park.'
    )
    return "\n".join([legend, city_map(state), *status_lines(state, viewer)])


def status_lines(state: MetromaniaState, viewer: int | None) -> list[str]:
    """The supply, whose turn and how far to dig, and each company's points, markers
    (letters hidden from others unless public) and lines."""
    city = state.city
    if city is None:
        return ["Setting up the city."]
    mode = state.rules.mode
    out = [
        f"Stations left {city.supply}; phase {state.phase}; company {state.to_move} to play, "
        f"owes {state.k} tunnel(s) without a Spot (dug {state.steps})"
    ]
    for company in range(mode.companies):
        seat = mode.seat_of(company)
        own = viewer == seat or state.rules.letters_public
        hand = sort_hand(city.hands[company])
        shown = ",".join(hand if own else [f"?{c[1]}" for c in hand]) or "-"
        lines = []
        for number, line in enumerate(city.lines[company]):
            if not line.started:
                lines.append(f"L{number + 1} not started")
            elif line.finished:
                lines.append(f"L{number + 1} finished")
            else:
                lines.append(
                    f"L{number + 1} tip {vertex_text(line.tip)} ({18 - line.tunnels} tunnels left)"
                )
        out.append(
            f"[{STYLES[company % 4]}]company {company}[/] (seat {seat}): {city.points[company]} "
            f"points, markers {shown}; " + "; ".join(lines)
        )
    return out
