"""SVG drawing of a sheet: districts, the Thames, guide lines, stations by shape,
tourist sites, the four coloured lines, interchanges, the circle, and a score panel.
Pure: sheet in, SVG out.
"""

from __future__ import annotations

import math
from html import escape

from linecraft.core.svg import Svg
from linecraft.games.next_station_london.london import COLOURS, LONDON, SIZE, Point
from linecraft.games.next_station_london.scoring import SheetScore, solo_band
from linecraft.games.next_station_london.sheet import Sheet

STEP = 56
MARGIN = 44
PANEL = 270
RADIUS = 11
LINE_COLOURS = {"purple": "#7b3fa0", "blue": "#1f63c6", "pink": "#e4509a", "green": "#2f9a4c"}
DISTRICT_FILLS = ("#f6f1e4", "#ece5d2")
THAMES = ((-0.5, 3.4), (2, 3.4), (3.6, 5.3), (5, 5.3), (6.4, 4.3), (9.5, 4.3))
BORDERS = (2.5, 6.5)  # main district borders, in grid units, both axes
CORNER_RADIUS = 0.62
MAP_SIZE = 2 * MARGIN + (SIZE - 1) * STEP


def _xy(x: float, y: float) -> tuple[float, float]:
    return MARGIN + x * STEP, MARGIN + y * STEP


def _districts() -> list[str]:
    out = []
    edges = (-0.6, *BORDERS, SIZE - 1 + 0.6)
    for row in range(3):
        for col in range(3):
            (x0, y0), (x1, y1) = _xy(edges[col], edges[row]), _xy(edges[col + 1], edges[row + 1])
            fill = DISTRICT_FILLS[(row + col) % 2]
            out.append(
                f'<rect x="{x0:g}" y="{y0:g}" width="{x1 - x0:g}" height="{y1 - y0:g}" '
                f'fill="{fill}" stroke="#c9bd9c" stroke-width="1.5"/>'
            )
    for corner in ("corner_nw", "corner_ne", "corner_sw", "corner_se"):
        station = LONDON.stations[LONDON.district_stations[corner][0]]
        cx, cy = _xy(station.x, station.y)
        out.append(
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{CORNER_RADIUS * STEP:g}" fill="#e3d8bb" '
            'stroke="#c9bd9c" stroke-width="1.5"/>'
        )
    return out


def _thames() -> str:
    points = " ".join(f"{px:g},{py:g}" for px, py in (_xy(x, y) for x, y in THAMES))
    return (
        f'<polyline points="{points}" fill="none" stroke="#9ccbe8" stroke-width="16" '
        'stroke-linejoin="round" stroke-linecap="round" opacity="0.8"/>'
    )


def _guides() -> list[str]:
    out = []
    for section in LONDON.sections:
        (x1, y1), (x2, y2) = (_xy(*LONDON.stations[s].point) for s in (section.a, section.b))
        out.append(
            f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#b3aa92" '
            'stroke-width="1" stroke-dasharray="2 4"/>'
        )
    return out


def _polygon(cx: float, cy: float, sides: int, radius: float, turn: float = -90) -> str:
    points = []
    for k in range(sides):
        angle = math.radians(turn + 360 * k / sides)
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return " ".join(points)


def _station(index: int, fill: str) -> list[str]:
    station = LONDON.stations[index]
    cx, cy = _xy(station.x, station.y)
    out = []
    if station.tourist:
        star = []
        for k in range(24):
            radius = RADIUS + (8 if k % 2 == 0 else 3)
            angle = math.radians(-90 + 15 * k)
            star.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
        out.append(f'<polygon points="{" ".join(star)}" fill="#f2c230"/>')
    stroke = 'stroke="#222" stroke-width="2"'
    if station.shape == "circle":
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{RADIUS}" fill="{fill}" {stroke}/>')
    elif station.shape == "square":
        side = RADIUS * 1.7
        out.append(
            f'<rect x="{cx - side / 2:g}" y="{cy - side / 2:g}" width="{side:g}" '
            f'height="{side:g}" fill="{fill}" {stroke}/>'
        )
    elif station.shape == "triangle":
        out.append(
            f'<polygon points="{_polygon(cx, cy + 2, 3, RADIUS + 3)}" fill="{fill}" {stroke}/>'
        )
    elif station.shape == "pentagon":
        out.append(f'<polygon points="{_polygon(cx, cy, 5, RADIUS + 1)}" fill="{fill}" {stroke}/>')
    else:
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{RADIUS + 3}" fill="#333" {stroke}/>')
        out.append(
            f'<text x="{cx:g}" y="{cy + 6:g}" font-size="17" font-weight="bold" fill="#fff" '
            'text-anchor="middle">?</text>'
        )
    return out


def _panel(score: SheetScore | None, solo: bool) -> list[str]:
    x = MAP_SIZE + 8
    rows: list[tuple[str, str]] = []
    if score is None:
        rows.append(("invalid sheet", "#c62828"))
    else:
        for colour in COLOURS:
            line = score.lines.get(colour)
            if line is None:
                rows.append((f"{colour}: not drawn yet", "#888"))
                continue
            formula = f"{line.districts} × {line.largest} + 2 × {line.thames}"
            rows.append((f"{colour}: {formula} = {line.score}", LINE_COLOURS[colour]))
        rows += [
            (f"tourist sites: {score.tourist_visits} → {score.tourist_points}", "#222"),
            (
                f"interchanges 2/3/4: {score.interchanges[2]}/{score.interchanges[3]}/"
                f"{score.interchanges[4]} → {score.interchange_points}",
                "#222",
            ),
        ]
        for name in score.objectives:
            mark = "achieved, +10" if name in score.achieved else "not achieved"
            rows.append((f"{name}: {mark}", "#222"))
        rows.append((f"total {score.total}", "#000"))
        if solo:
            rows.append((f"solo {score.solo_score}: {solo_band(score.solo_score)}", "#000"))
    out = []
    for number, (text, colour) in enumerate(rows):
        weight = ' font-weight="bold"' if text.startswith(("total", "solo")) else ""
        out.append(
            f'<text x="{x}" y="{MARGIN + 6 + 24 * number}" font-size="14" fill="{colour}"{weight}>'
            f"{escape(text)}</text>"
        )
    return out


def render_sheet(
    sheet: Sheet,
    *,
    score: SheetScore | None,
    overlay: bool = False,
    title: str | None = None,
    solo: bool = False,
) -> Svg:
    """The sheet; `score` (None for an invalid sheet) fills the panel; `overlay` names
    the districts and numbers the lines at every interchange."""
    top = 26 if title else 0
    width = MAP_SIZE + PANEL
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 {-top} {width} {MAP_SIZE + top}" '
        f'width="{width}" height="{MAP_SIZE + top}" font-family="sans-serif" '
        f'data-map="0 {-top} {MAP_SIZE} {MAP_SIZE + top}">',
        f'<rect x="0" y="{-top}" width="{width}" height="{MAP_SIZE + top}" fill="#fffdf7"/>',
    ]
    if title:
        out.append(f'<text x="{MARGIN}" y="-6" font-size="16">{escape(title)}</text>')
    out += _districts()
    out.append(_thames())
    out += _guides()
    used: dict[Point, list[str]] = {}
    for colour, sections in sheet.lines.items():
        departure = LONDON.stations[LONDON.departure[colour]].point
        used.setdefault(departure, []).append(colour)
        for a, b in sections:
            for point in (a, b):
                if colour not in used.setdefault(point, []):
                    used[point].append(colour)
            (x1, y1), (x2, y2) = _xy(*a), _xy(*b)
            out.append(
                f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
                f'stroke="{LINE_COLOURS[colour]}" stroke-width="7" stroke-linecap="round"/>'
            )
    for station in LONDON.stations:
        colours = used.get(station.point, [])
        if len(colours) >= 2:
            cx, cy = _xy(station.x, station.y)
            out.append(
                f'<circle cx="{cx:g}" cy="{cy:g}" r="{RADIUS + 7}" fill="#fff" stroke="#111" '
                'stroke-width="3"/>'
            )
        fill = LINE_COLOURS[station.departure] if station.departure else "#fff"
        out += _station(station.index, fill)
        if overlay and len(colours) >= 2:
            cx, cy = _xy(station.x, station.y)
            out.append(
                f'<text x="{cx + 13:g}" y="{cy - 12:g}" font-size="12" font-weight="bold">'
                f"{len(colours)}</text>"
            )
    if sheet.circle is not None:
        colour, point = sheet.circle
        cx, cy = _xy(*point)
        out.append(
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{RADIUS + 11}" fill="none" '
            f'stroke="{LINE_COLOURS.get(colour, "#000")}" stroke-width="3" stroke-dasharray="5 3"/>'
        )
    if overlay:
        for district, members in LONDON.district_stations.items():
            if district.startswith("corner"):
                continue
            xs = [LONDON.stations[s].x for s in members]
            ys = [LONDON.stations[s].y for s in members]
            x, y = _xy((min(xs) + max(xs)) / 2, min(ys) - 0.45)
            out.append(
                f'<text x="{x:g}" y="{y:g}" font-size="10" fill="#9a8c64" '
                f'text-anchor="middle">{district}</text>'
            )
    out += _panel(score, solo)
    for station in LONDON.stations:  # transparent spots that clients click to draw
        cx, cy = _xy(station.x, station.y)
        out.append(
            f'<circle class="spot" data-target="{station.name}" cx="{cx:g}" cy="{cy:g}" '
            f'r="{RADIUS + 6}" fill="transparent"/>'
        )
    out.append("</svg>")
    return Svg("\n".join(out))
