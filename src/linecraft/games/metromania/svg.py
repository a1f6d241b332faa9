"""SVG drawing of the city: districts, Spots, Lake and Park, gates with their arrows,
each company's two lines in its colour (L1 solid, L2 striped), stations, markers, and
the spots a client clicks: every space (to dig a tunnel in it), every gate (to start or
finish a line there), every vertex (a station, or the corner a tunnel leads to)."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable, Sequence
from functools import cache
from html import escape

from linecraft.core.i18n import N_, _
from linecraft.core.svg import Svg
from linecraft.games.metromania.city import City
from linecraft.games.metromania.geometry import (
    CITY_SPACES,
    CITY_VERTICES,
    DISTRICTS,
    GATES,
    Gate,
    Space,
    Vertex,
    corners,
    gate_apex,
    gate_text,
    gate_vertices,
    is_white,
    place,
    ring,
    space_text,
    vertex_text,
)
from linecraft.games.metromania.notation import Extend

UNIT = 44
SIZE = 2 * 7 * UNIT  # width: the gates reach 5.5 units east and west, and a margin
HEIGHT = round(13 * math.sqrt(3) / 2 * UNIT)  # rows -6 … 6 and a margin
COMPANY_COLOURS = ("#d62728", "#1f63c6", "#2e9e4a", "#e0b000")
FILLS = {"H": "#f6c89f", "W": "#b9c8e3", "F": "#f3b6d4", "lake": "#8ec5ea", "park": "#9fd59a"}
SECTOR_FILLS = ("#f7f2e6", "#efe8d6")
MARKER_INK = "#2a2a2a"  # a marker in a picture, where the company is not known
GATE_SPOT = 1.18  # a gate's spot reaches a little past its triangle: a fingertip on a phone
MAP_MARGIN = 2  # around the gates' spots in the phone's view of the city alone
ARROW = (
    '<defs><marker id="arrow" viewBox="0 0 6 6" refX="3" refY="3" markerWidth="4" '
    'markerHeight="4" orient="auto"><path d="M0,0 L6,3 L0,6 z" fill="#888"/></marker></defs>'
)
Point = tuple[float, float]
# The sign on a Spot that holds no marker yet: its type's initial.
SPOT_SIGNS = {
    # TRANSLATORS: the sign drawn on a House Spot: the initial of "House"
    "H": N_("H"),
    # TRANSLATORS: the sign drawn on a Work Spot: the initial of "Work"
    "W": N_("W"),
    # TRANSLATORS: the sign drawn on a Fun Spot: the initial of "Fun"
    "F": N_("F"),
}


def _xy(v: Vertex | tuple[float, float]) -> Point:
    q, r = v
    return SIZE / 2 + (q + r / 2) * UNIT, HEIGHT / 2 - r * math.sqrt(3) / 2 * UNIT


def _centroid(space: Space) -> Point:
    points = [_xy(c) for c in corners(space)]
    return sum(p[0] for p in points) / 3, sum(p[1] for p in points) / 3


def _sector(space: Space) -> int:
    x, y = _centroid(space)
    angle = math.degrees(math.atan2(HEIGHT / 2 - y, x - SIZE / 2)) % 360
    return int(angle // 60)


def _polygon(points: list[Point], fill: str, extra: str = "") -> str:
    text = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return f'<polygon points="{text}" fill="{fill}" {extra}/>'


def _gate_spot(gate: Gate) -> list[Point]:
    """The gate's triangle grown outward from the city's edge, so that on a phone it is
    a fingertip wide; it never reaches into the city."""
    a, b = (_xy(v) for v in gate_vertices(gate))
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    grow = GATE_SPOT
    return [(mx + (x - mx) * grow, my + (y - my) * grow) for x, y in (a, b, _xy(gate_apex(gate)))]


def _map_box() -> tuple[float, float, float, float]:
    """The city and its gates' spots without the margins: what a phone shows, as wide as
    the screen, so that every space is as large as it can be."""
    points = [p for gate in GATES for p in _gate_spot(gate)]
    left = min(p[0] for p in points) - MAP_MARGIN
    top = min(p[1] for p in points) - MAP_MARGIN
    right = max(p[0] for p in points) + MAP_MARGIN
    bottom = max(p[1] for p in points) + MAP_MARGIN
    return left, top, right - left, bottom - top


def _root(tall: float, top: int, phone_map: bool) -> str:
    """The svg element; while the game is played a phone shows the city alone (data-map),
    at the end the notes below it too."""
    extra = ""
    if phone_map:
        left, up, wide, high = _map_box()
        if top:  # the title stays above the city
            up, high = -top, high + up + top
        extra = f' data-map="{left:.0f} {up:.0f} {wide:.0f} {high:.0f}"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 {-top} {SIZE} {tall}" '
        f'width="{SIZE}" height="{tall}" font-family="sans-serif" '
        f'data-game="metromania"{extra}>'
    )


def render_city(
    city: City | None, *, notes: list[str] | None = None, title: str | None = None
) -> Svg:
    top = 26 if title else 0
    lines = [part for note in notes or [] for part in _wrapped(note)]
    tall = HEIGHT + top + 18 * len(lines)
    out = [
        _root(tall, top, city is not None and not notes),
        f'<rect x="0" y="{-top}" width="{SIZE}" height="{tall}" fill="#fffdf7"/>',
    ]
    if title:
        out.append(f'<text x="12" y="-6" font-size="16">{escape(title)}</text>')
    if city is not None:
        out += [*_drawing(city), *_spots()]
    for number, (indent, line) in enumerate(lines):
        out.append(
            f'<text x="{12 + indent}" y="{HEIGHT + 14 + 18 * number}" font-size="13">'
            f"{escape(line)}</text>"
        )
    out.append("</svg>")
    return Svg("\n".join(out))


NOTE_WIDTH = 84  # characters of 13-pixel text that fit across the picture's margins


def _wrapped(note: str) -> list[tuple[int, str]]:
    """A note in lines that fit the picture, the lines after the first indented (an
    overlong line would widen the picture beyond a phone's screen)."""
    parts = textwrap.wrap(note, NOTE_WIDTH) or [""]
    return [(0 if number == 0 else 16, part) for number, part in enumerate(parts)]


def _drawing(city: City, ride: Sequence[Sequence[Vertex]] = ()) -> list[str]:
    """Everything on the board, without the spots a client clicks; `ride` (runs of
    corners) is shaded under the lines, a test trip's fastest ride."""
    return [
        ARROW,
        *_districts(city),
        *(_shade(run) for run in ride),
        *_gates(city),
        *_lines(city),
        *_stations(city),
        *_tips(city),
        *_markers(city),
    ]


def render_window(
    city: City,
    around: Iterable[Vertex],
    *,
    wrong: Vertex | None = None,
    ride: Sequence[Sequence[Vertex]] = (),
    margin: float = 1.1,
) -> Svg:
    """A corner of the city as the board draws it, framed around `around` (the How to
    play pictures, where the whole city would be too small to read); `wrong` gets a red
    cross, for a step the rules refuse; `ride` is shaded, a trip's fastest ride."""
    points = [_xy(v) for v in around]
    pad = margin * UNIT
    left, top = min(p[0] for p in points) - pad, min(p[1] for p in points) - pad
    wide = max(p[0] for p in points) + pad - left
    high = max(p[1] for p in points) + pad - top
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:.0f} {top:.0f} {wide:.0f} '
        f'{high:.0f}" width="{wide:.0f}" height="{high:.0f}" font-family="sans-serif">',
        f'<rect x="{left:.0f}" y="{top:.0f}" width="{wide:.0f}" height="{high:.0f}" '
        'fill="#fffdf7"/>',
        *_drawing(city, ride),
    ]
    if wrong is not None:
        out.append(_cross(_xy(wrong)))
    out.append("</svg>")
    return Svg("\n".join(out))


def _shade(run: Sequence[Vertex]) -> str:
    """A broad yellow band along a run of corners."""
    text = " ".join(f"{x:.1f},{y:.1f}" for x, y in (_xy(v) for v in run))
    return (
        f'<polyline points="{text}" fill="none" stroke="#ffd21f" stroke-width="16" '
        'stroke-linecap="round" stroke-linejoin="round" opacity="0.75"/>'
    )


def _cross(at: Point) -> str:
    """A red cross over a corner: this step is not allowed."""
    x, y, d = at[0], at[1], UNIT * 0.28
    return (
        f'<g stroke="#d00000" stroke-width="5" stroke-linecap="round" opacity="0.9">'
        f'<line x1="{x - d:.1f}" y1="{y - d:.1f}" x2="{x + d:.1f}" y2="{y + d:.1f}"/>'
        f'<line x1="{x - d:.1f}" y1="{y + d:.1f}" x2="{x + d:.1f}" y2="{y - d:.1f}"/></g>'
    )


def _districts(city: City) -> list[str]:
    """Every space in its district's shade, Spots, Lake and Park in their colours, and
    the sign of each Spot that holds no marker yet."""
    out = []
    signs = {kind: escape(_(sign)) for kind, sign in SPOT_SIGNS.items()}
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
                f'text-anchor="middle">{signs[kind]}</text>'
            )
    return out


def _gates(city: City) -> list[str]:
    """White gates point into the city (lines start there), black ones out of it."""
    out = []
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
    assert all(ring(gate_apex(g)) == 6 for g in GATES)
    return out


def _tunnel(a: Vertex, b: Vertex, space: Space) -> tuple[Point, Point]:
    """A tunnel along edge a–b, drawn a little inside the space it is dug in."""
    (x1, y1), (x2, y2) = _xy(a), _xy(b)
    cx, cy = _centroid(space)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    dx, dy = (cx - mx) * 0.3, (cy - my) * 0.3
    return (x1 + dx, y1 + dy), (x2 + dx, y2 + dy)


def _lines(city: City) -> list[str]:
    out = []
    for (company, number), line in city.all_lines():
        if not line.started:
            continue
        colour = COMPANY_COLOURS[company % len(COMPANY_COLOURS)]
        dash = ' stroke-dasharray="7 4"' if number == 1 else ""
        for (a, b), space in zip(
            zip(line.path, line.path[1:], strict=False), line.spaces, strict=False
        ):
            (x1, y1), (x2, y2) = _tunnel(a, b, space)
            out.append(
                f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                f'stroke="{colour}" stroke-width="5" stroke-linecap="round"{dash}/>'
            )
    return out


def _tips(city: City) -> list[str]:
    """An arrowhead in its colour on the end each unfinished line grows from, clear of a
    station there, so that the tip shows among the spaces glowing around it."""
    out = []
    for (company, _number), line in city.all_lines():
        if line.started and not line.finished:
            colour = COMPANY_COLOURS[company % len(COMPANY_COLOURS)]
            out.append(_arrowhead(*_tunnel(line.path[-2], line.tip, line.spaces[-1]), colour))
    return out


def _arrowhead(start: Point, end: Point, colour: str) -> str:
    length = math.dist(start, end)
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    px, py = end[0] - ux * 9, end[1] - uy * 9  # the point, outside a station's circle
    bx, by = px - ux * 16, py - uy * 16
    points = [(px, py), (bx - uy * 9, by + ux * 9), (bx + uy * 9, by - ux * 9)]
    return _polygon(points, colour, 'class="tip" stroke="#1a1a1a" stroke-width="1.5"')


def _stations(city: City) -> list[str]:
    out = []
    for v in sorted(city.stations):
        x, y = _xy(v)
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="#fff" stroke="#111" '
            'stroke-width="2.5"/>'
        )
    return out


def _markers(city: City) -> list[str]:
    out = []
    for space, (company, code) in sorted(city.placed.items()):
        x, y = _centroid(space)
        colour = COMPANY_COLOURS[company % len(COMPANY_COLOURS)]
        out.append(_letter(x, y, code[0], colour))
    return out


def _letter(x: float, y: float, letter: str, colour: str) -> str:
    return (
        f'<text x="{x:.1f}" y="{y + 5:.1f}" font-size="15" font-weight="bold" fill="{colour}" '
        f'text-anchor="middle">{letter}</text>'
    )


def _spots() -> list[str]:
    """The clickable spots, unpainted until they glow (so that one that does not glow
    never takes a click from one that does): spaces first, then gates, then the
    vertices on top, which lie on the spaces' corners."""
    out = [
        _polygon(
            [_xy(c) for c in corners(space)],
            "none",
            f'class="spot" data-target="{space_text(space)}"',
        )
        for space in sorted(CITY_SPACES)
    ]
    out += [
        _polygon(_gate_spot(gate), "none", f'class="spot" data-target="{gate_text(gate)}"')
        for gate in GATES
    ]
    for v in sorted(CITY_VERTICES):
        x, y = _xy(v)
        out.append(
            f'<circle class="spot" data-target="{vertex_text(v)}" cx="{x:.1f}" cy="{y:.1f}" '
            'r="10" fill="none"/>'
        )
    return out


def marker_picture(step: Extend) -> str:
    """A destination about to be placed, for its button: the Spot's space in its colour,
    the marker's letter large, and the tunnel from the line's tip (the dot) to the corner
    it leads to, so that buttons of one letter for two corners differ at a glance."""
    assert step.letter is not None
    (x1, y1), (x2, y2) = _tunnel(step.tip, step.to, step.space)
    tunnel = (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{MARKER_INK}" '
        'stroke-width="3.5" stroke-linecap="round"/>'
        f'<circle cx="{x1:.1f}" cy="{y1:.1f}" r="4.5" fill="{MARKER_INK}"/>'
    )
    return _framed([step.space], [(step.space, step.spot or "", step.letter)], tunnel)


def marker_token(letter: str | None, kind: str, colour: str = MARKER_INK) -> str:
    """A destination marker on its own, as the buttons draw it: its type's Spot colour and
    its letter (a question mark for one held face down), in its company's colour."""
    return _framed([_TOKEN], [(_TOKEN, kind, letter or "?")], ink=colour)


def trip_picture(letter: str | None, kinds: Sequence[str]) -> str:
    """One day's test trip: the two destinations it joins side by side (a letter's two
    markers in their types' colours, or the Park and the Lake for Sunday)."""
    return _framed(*_trip_pair(0, 0, letter, kinds))


def week_picture(trips: Sequence[tuple[str | None, Sequence[str]]]) -> str:
    """The week's trips in order, four to a row, each as `trip_picture` draws it."""
    frame: list[Space] = []
    tokens: list[tuple[Space, str, str]] = []
    for number, (letter, kinds) in enumerate(trips):
        row, column = divmod(number, 4)
        spaces, pair = _trip_pair(2 * column + row, -2 * row, letter, kinds)
        frame += spaces
        tokens += pair
    return _framed(frame, tokens)


def _trip_pair(
    q: int, r: int, letter: str | None, kinds: Sequence[str]
) -> tuple[list[Space], list[tuple[Space, str, str]]]:
    """Two spaces sharing a side, a trip's two ends."""
    up, down = ("U", q, r), ("D", q, r)
    return [up, down], [(up, kinds[0], letter or ""), (down, kinds[1], letter or "")]


def hands_picture(hands: Sequence[tuple[Sequence[str], str]]) -> str:
    """Hands of destination markers side by side, each in its company's colour; a code
    such as "AH" is a marker letter up, "?H" one held face down. The frame is at least
    six markers wide, so that a picture shown wide keeps its markers marker-sized."""
    frame: list[Space] = []
    tokens: list[tuple[Space, str, str]] = []
    inks: list[str] = []
    column = 0
    for codes, colour in hands:
        for code in codes:
            space: Space = ("U", column, 0)
            frame.append(space)
            tokens.append((space, code[1], code[0]))
            inks.append(colour)
            column += 1
        column += 1  # a gap between hands
    return _framed(frame, tokens, inks=inks, least=HAND_WIDTH)


_TOKEN: Space = ("U", 0, 0)
HAND_WIDTH = 3.2  # half a hand picture's least width, in units: six markers and a margin


def _framed(
    frame: Sequence[Space],
    tokens: Sequence[tuple[Space, str, str]],
    extra: str = "",
    ink: str = MARKER_INK,
    inks: Sequence[str] = (),
    least: float = 0.56,
) -> str:
    """Small pictures of spaces (their type's colour and a letter), framed around
    `frame`, at least `least` units either side (a marker's square): the pictures of
    markers, hands and trips."""
    points = [_xy(c) for space in frame for c in corners(space)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    half = max(UNIT * least, (max(xs) - min(xs)) / 2 + UNIT * 0.06)
    high = max(UNIT * 0.56, (max(ys) - min(ys)) / 2 + UNIT * 0.13)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{cx - half:.1f} {cy - high:.1f} '
        f'{2 * half:.1f} {2 * high:.1f}" width="{2 * half:.0f}" height="{2 * high:.0f}" '
        'font-family="sans-serif" aria-hidden="true">'
    ]
    for space, kind, _letter in tokens:
        fill = FILLS.get(kind, SECTOR_FILLS[0])
        shape = [_xy(c) for c in corners(space)]
        out.append(_polygon(shape, fill, 'stroke="#8a7d60" stroke-width="1.5"'))
    out.append(extra)
    for number, (space, _kind, letter) in enumerate(tokens):
        x, y = _centroid(space)
        colour = inks[number] if inks else ink
        out.append(
            f'<text x="{x:.1f}" y="{y + 6:.1f}" font-size="18" font-weight="bold" '
            f'fill="{colour}" text-anchor="middle">{escape(letter)}</text>'
        )
    out.append("</svg>")
    return "".join(out)


def hand_picture(codes: Sequence[str]) -> str:
    """A hand for a button: its markers in a compact strip of triangles, up and down in
    turn, letters in dark ink (the question names the company)."""
    spaces: list[Space] = [("UD"[number % 2], number // 2, 0) for number in range(len(codes))]
    tokens = [(space, code[1], code[0]) for space, code in zip(spaces, codes, strict=True)]
    return _framed(spaces, tokens)


@cache
def district_picture(district: int, sector: int, orientation: int) -> str:
    """A district as it lies in its place in the city, turned as laid: its Spots, Lake or
    Park in their colours, the city's edge drawn thick and a dot at the city's centre, so
    that the picture can be matched to the tile on the table."""
    kinds = {cell: kind for kind, cells in DISTRICTS[district].items() for cell in cells}
    fill = SECTOR_FILLS[sector % 2]
    out = []
    for cell in TILE_SPACES:
        shape = [_xy(c) for c in corners(place(cell, sector, orientation))]
        colour = FILLS.get(kinds.get(cell, ""), fill)
        out.append(_polygon(shape, colour, 'stroke="#d8cfb8" stroke-width="2"'))
    centre, left, right = (_xy(_turned(v, sector)) for v in TILE_CORNERS)
    out.append(
        f'<line x1="{left[0]:.1f}" y1="{left[1]:.1f}" x2="{right[0]:.1f}" y2="{right[1]:.1f}" '
        'stroke="#555" stroke-width="9" stroke-linecap="round"/>'
        f'<circle cx="{centre[0]:.1f}" cy="{centre[1]:.1f}" r="9" fill="#555"/>'
    )
    xs, ys = [p[0] for p in (centre, left, right)], [p[1] for p in (centre, left, right)]
    pad = 10
    box = (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box[0]:.1f} {box[1]:.1f} '
        f'{box[2]:.1f} {box[3]:.1f}" width="{box[2]:.0f}" height="{box[3]:.0f}" '
        f'aria-hidden="true">{"".join(out)}</svg>'
    )


def _turned(v: Vertex, sector: int) -> Vertex:
    """A corner of the canonical tile turned to `sector` (the tile's own turn leaves its
    three corners where they are)."""
    for _turn in range(sector):
        v = (-v[1], v[0] + v[1])
    return v


# The canonical tile's corners: the city's centre first, then the two on the city's edge.
TILE_CORNERS: tuple[Vertex, Vertex, Vertex] = ((0, 0), (5, 0), (0, 5))
TILE_SPACES: tuple[Space, ...] = tuple(
    space
    for space in sorted(CITY_SPACES)
    if all(q >= 0 and r >= 0 and q + r <= 5 for q, r in corners(space))
)
