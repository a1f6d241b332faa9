"""SVG drawing of the city: districts, Spots, Lake and Park, gates with their arrows,
each company's two lines in its colour (L1 solid, L2 striped), stations, markers."""

from __future__ import annotations

import math
from html import escape

from linecraft.core.svg import Svg
from linecraft.games.metromania.city import City
from linecraft.games.metromania.geometry import (
    CITY_SPACES,
    CITY_VERTICES,
    GATES,
    Space,
    Vertex,
    corners,
    gate_apex,
    gate_text,
    gate_vertices,
    is_white,
    ring,
    vertex_text,
)

UNIT = 44
SIZE = 2 * 7 * UNIT  # width: the gates reach 6.5 units east and west
HEIGHT = round(13 * math.sqrt(3) / 2 * UNIT)  # rows -6 … 6 and a margin
COMPANY_COLOURS = ("#d62728", "#1f63c6", "#2e9e4a", "#e0b000")
FILLS = {"H": "#f6c89f", "W": "#b9c8e3", "F": "#f3b6d4", "lake": "#8ec5ea", "park": "#9fd59a"}
SECTOR_FILLS = ("#f7f2e6", "#efe8d6")
ARROW = (
    '<defs><marker id="arrow" viewBox="0 0 6 6" refX="3" refY="3" markerWidth="4" '
    'markerHeight="4" orient="auto"><path d="M0,0 L6,3 L0,6 z" fill="#888"/></marker></defs>'
)


def _xy(v: Vertex | tuple[float, float]) -> tuple[float, float]:
    q, r = v
    return SIZE / 2 + (q + r / 2) * UNIT, HEIGHT / 2 - r * math.sqrt(3) / 2 * UNIT


def _centroid(space: Space) -> tuple[float, float]:
    points = [_xy(c) for c in corners(space)]
    return sum(p[0] for p in points) / 3, sum(p[1] for p in points) / 3


def _sector(space: Space) -> int:
    x, y = _centroid(space)
    angle = math.degrees(math.atan2(HEIGHT / 2 - y, x - SIZE / 2)) % 360
    return int(angle // 60)


def _polygon(points: list[tuple[float, float]], fill: str, extra: str = "") -> str:
    text = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return f'<polygon points="{text}" fill="{fill}" {extra}/>'


def render_city(
    city: City | None, *, notes: list[str] | None = None, title: str | None = None
) -> Svg:
    top = 26 if title else 0
    tall = HEIGHT + top + 18 * len(notes or [])
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 {-top} {SIZE} {tall}" '
        f'width="{SIZE}" height="{tall}" font-family="sans-serif">',
        f'<rect x="0" y="{-top}" width="{SIZE}" height="{tall}" fill="#fffdf7"/>',
    ]
    if title:
        out.append(f'<text x="12" y="-6" font-size="16">{escape(title)}</text>')
    if city is None:
        out.append("</svg>")
        return Svg("\n".join(out))
    for space in sorted(CITY_SPACES):
        kind = city.specials.get(space)
        fill = FILLS.get(kind or "", SECTOR_FILLS[_sector(space) % 2])
        out.append(
            _polygon([_xy(c) for c in corners(space)], fill, 'stroke="#d8cfb8" stroke-width="1"')
        )
        if kind in ("H", "W", "F") and space not in city.placed:
            x, y = _centroid(space)
            out.append(
                f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" fill="#7a6a4a" '
                f'text-anchor="middle">{kind}</text>'
            )
    for gate in GATES:
        points = [_xy(v) for v in (*gate_vertices(gate), gate_apex(gate))]
        white = is_white(gate, city.gates)
        out.append(
            _polygon(points, "#ffffff" if white else "#333333", 'stroke="#555" stroke-width="1"')
        )
        ax, ay = _xy(gate_apex(gate))
        mx, my = (points[0][0] + points[1][0]) / 2, (points[0][1] + points[1][1]) / 2
        sx, sy, ex, ey = (ax, ay, mx, my) if white else (mx, my, ax, ay)
        colour = "#333" if white else "#fff"
        out.append(
            f'<line x1="{sx + (ex - sx) * 0.3:.1f}" y1="{sy + (ey - sy) * 0.3:.1f}" '
            f'x2="{sx + (ex - sx) * 0.75:.1f}" y2="{sy + (ey - sy) * 0.75:.1f}" stroke="{colour}" '
            'stroke-width="2" marker-end="url(#arrow)"/>'
        )
    out.insert(2, ARROW)
    for (company, number), line in city.all_lines():
        if not line.started:
            continue
        colour = COMPANY_COLOURS[company % len(COMPANY_COLOURS)]
        dash = ' stroke-dasharray="7 4"' if number == 1 else ""
        for (a, b), space in zip(
            zip(line.path, line.path[1:], strict=False), line.spaces, strict=False
        ):
            (x1, y1), (x2, y2) = _xy(a), _xy(b)
            cx, cy = _centroid(space)
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            dx, dy = (cx - mx) * 0.3, (cy - my) * 0.3  # toward the tunnel's space
            out.append(
                f'<line x1="{x1 + dx:.1f}" y1="{y1 + dy:.1f}" x2="{x2 + dx:.1f}" '
                f'y2="{y2 + dy:.1f}" stroke="{colour}" stroke-width="5" '
                f'stroke-linecap="round"{dash}/>'
            )
    for v in sorted(city.stations):
        x, y = _xy(v)
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="#fff" stroke="#111" '
            'stroke-width="2.5"/>'
        )
    for space, (company, code) in sorted(city.placed.items()):
        x, y = _centroid(space)
        colour = COMPANY_COLOURS[company % len(COMPANY_COLOURS)]
        out.append(
            f'<text x="{x:.1f}" y="{y + 5:.1f}" font-size="15" font-weight="bold" fill="{colour}" '
            f'text-anchor="middle">{code[0]}</text>'
        )
    for gate in GATES:  # transparent spots that clients click to dig
        points = [_xy(v) for v in (*gate_vertices(gate), gate_apex(gate))]
        out.append(_polygon(points, "transparent", f'class="spot" data-target="{gate_text(gate)}"'))
    for v in sorted(CITY_VERTICES):
        x, y = _xy(v)
        out.append(
            f'<circle class="spot" data-target="{vertex_text(v)}" cx="{x:.1f}" cy="{y:.1f}" '
            'r="10" fill="transparent"/>'
        )
    for number, note in enumerate(notes or []):
        out.append(
            f'<text x="12" y="{HEIGHT + 14 + 18 * number}" font-size="13">{escape(note)}</text>'
        )
    out.append("</svg>")
    assert all(ring(gate_apex(g)) == 6 for g in GATES)
    return Svg("\n".join(out))
