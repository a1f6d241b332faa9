"""SVG drawing of a board: exits, highways and railways as players know them, stations,
overpasses, round numbers, and an optional scoring overlay. Pure: board in, SVG out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from linecraft.core.i18n import N_, _
from linecraft.core.svg import Svg
from linecraft.games.railroad_ink.board import (
    CELLS,
    CENTRE,
    EXITS,
    SIZE,
    Board,
    cell_name,
    parse_cell,
)
from linecraft.games.railroad_ink.pieces import CRATER, HIGHWAY, LAVA, VOLCANO, piece
from linecraft.games.railroad_ink.scoring import ScoreDetails
from linecraft.games.railroad_ink.underground import under_piece

CELL = 64
MARGIN = 40
EXIT_STUB = 20
NETWORK_COLOURS = ("#1f77b4", "#2ca02c", "#9467bd", "#d62728", "#8c564b", "#e377c2", "#17becf")
HIGHWAY_COLOUR = "#4a4a4a"
RAILWAY_COLOUR = "#7a2f1d"


# Side midpoints relative to the square's top-left corner, N E S W.
_MID = ((CELL / 2, 0.0), (float(CELL), CELL / 2), (CELL / 2, float(CELL)), (0.0, CELL / 2))


def _origin(cell: int) -> tuple[float, float]:
    row, col = divmod(cell, SIZE)
    return MARGIN + col * CELL, MARGIN + row * CELL


def _centre(cell: int) -> tuple[float, float]:
    x, y = _origin(cell)
    return x + CELL / 2, y + CELL / 2


def _route_path(cell: int, sides: Sequence[int]) -> str:
    """One path per part: a curve for two neighbouring sides, spokes from the centre else."""
    x, y = _origin(cell)
    cx, cy = x + CELL / 2, y + CELL / 2
    points = [(x + _MID[s][0], y + _MID[s][1]) for s in sides]
    if len(sides) == 2 and (sides[1] - sides[0]) % 2 == 1:
        (ax, ay), (bx, by) = points
        return f"M{ax:g},{ay:g} Q{cx:g},{cy:g} {bx:g},{by:g}"
    return " ".join(f"M{cx:g},{cy:g} L{px:g},{py:g}" for px, py in points)


def _route(path: str, kind: str, colour: str | None) -> list[str]:
    if kind == HIGHWAY:
        return [
            f'<path d="{path}" stroke="{colour or HIGHWAY_COLOUR}" stroke-width="16" '
            'fill="none" stroke-linecap="butt"/>',
            f'<path d="{path}" stroke="#ffffff" stroke-width="1.6" stroke-dasharray="5,4" '
            'fill="none"/>',
        ]
    return [
        f'<path d="{path}" stroke="{colour or RAILWAY_COLOUR}" stroke-width="12" '
        'stroke-dasharray="2.5,5" fill="none"/>',
        f'<path d="{path}" stroke="{colour or RAILWAY_COLOUR}" stroke-width="3" fill="none"/>',
    ]


def under_target(cell: int) -> str:
    """The spot of an underground square: named apart from the surface square above
    it, so that only the board drawn on this round glows (§11.5)."""
    return f"underground {cell_name(cell)}"


def _spots(target: Callable[[int], str] = cell_name) -> list[str]:
    """Transparent squares on top, one per square, that clients click to place."""
    return [
        f'<rect class="spot" data-target="{target(cell)}" x="{_origin(cell)[0]}" '
        f'y="{_origin(cell)[1]}" width="{CELL}" height="{CELL}" fill="transparent"/>'
        for cell in range(CELLS)
    ]


def _labels() -> list[str]:
    """Column numbers above the board and row letters beside it."""
    out = []
    for index in range(SIZE):
        pos = MARGIN + index * CELL + CELL / 2
        out.append(
            f'<text x="{pos:g}" y="{MARGIN - 28}" font-size="11" text-anchor="middle" '
            f'fill="#8a7f66">{index + 1}</text>'
        )
        out.append(
            f'<text x="{MARGIN - 32}" y="{pos + 4:g}" font-size="11" text-anchor="middle" '
            f'fill="#8a7f66">{"ABCDEFG"[index]}</text>'
        )
    return out


def _exit_marks() -> list[str]:
    out = []
    for (cell, side), kind in EXITS.items():
        x, y = _origin(cell)
        mx, my = x + _MID[side][0], y + _MID[side][1]
        dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[side]
        ox, oy = mx + dx * EXIT_STUB, my + dy * EXIT_STUB
        out.extend(_route(f"M{mx:g},{my:g} L{ox:g},{oy:g}", kind, None))
        out.append(
            f'<circle cx="{ox:g}" cy="{oy:g}" r="4" fill="#ffffff" stroke="#333" '
            'stroke-width="1.5"/>'
        )
    return out


def render_board(
    board: Board,
    *,
    drawn_in: Sequence[int] | None = None,
    details: ScoreDetails | None = None,
    highlight: Sequence[int] = (),
    flights: Sequence[Flight] = (),
    title: str | None = None,
) -> Svg:
    """Draw `board`. `details` adds the scoring overlay (networks coloured, longest
    routes traced, errors marked); `highlight` marks squares (legal targets);
    `flights` draws where a meteor about to strike would fly and land."""
    width = 2 * MARGIN + SIZE * CELL
    top = 24 if title else 0
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 {-top} {width} {width + top}" '
        f'width="{width}" height="{width + top}" font-family="sans-serif">',
        f'<rect x="0" y="{-top}" width="{width}" height="{width + top}" fill="#f7f3e8"/>',
    ]
    if title:
        out.append(f'<text x="{MARGIN}" y="-6" font-size="15">{escape(title)}</text>')
    for cell in range(CELLS):
        x, y = _origin(cell)
        fill = "#efe6cf" if cell in CENTRE else "#fffdf6"
        out.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
            f'stroke="#c9bfa5" stroke-width="1"><title>{cell_name(cell)}</title></rect>'
        )
    for cell in highlight:
        x, y = _origin(cell)
        out.append(
            f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" '
            'fill="#fff2a8" stroke="#e0b400" stroke-width="2" rx="4"/>'
        )
    out.extend(_exit_marks())
    colour_of = _network_colours(details)
    for cell in range(CELLS):
        token = board[cell]
        if token is not None:
            out.extend(_square(cell, token, colour_of))
            if drawn_in is not None and drawn_in[cell]:
                x, y = _origin(cell)
                out.append(
                    f'<text x="{x + 4}" y="{y + 12}" font-size="10" fill="#8a7f66">'
                    f"{drawn_in[cell]}</text>"
                )
    impact = getattr(board, "impact", None)
    if impact is not None:  # the last impact square: a dot in its corner
        x, y = _origin(impact)
        out.append(f'<circle cx="{x + CELL - 8}" cy="{y + 8}" r="5" fill="#c62828"/>')
    if details is not None:
        out.extend(_overlay(details))
    for flight in flights:
        out.extend(_flight(flight))
    if flights:
        out.extend(_meteor_start(flights[0]))
    out.extend(_labels())
    out.extend(_spots())
    out.append("</svg>")
    return Svg("\n".join(out))


METEOR_COLOUR = "#c62828"
_WAYS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}  # (dx, dy) on the drawing
_LEG_GAP = 12  # how far a leg after a bounce runs beside the one before


@dataclass(frozen=True, slots=True)
class Flight:
    """A meteor about to strike: where it starts, the way it is sent, how far, and
    every square it passes with the way it flew into it (the last is the one struck)."""

    start: int
    direction: str
    distance: int
    flown: Sequence[tuple[int, str]]


def _flight_points(flight: Flight) -> list[tuple[float, float]]:
    """The arrow's corners: from the start through every square passed; where the
    meteor turns back at the edge (§10.3) the arrow touches the edge and comes back a
    little beside itself, so the way out and the way back both show."""
    leg = 0

    def at(x: float, y: float, way: str) -> tuple[float, float]:
        dx, dy = _WAYS[way]
        return x + abs(dy) * leg * _LEG_GAP, y - abs(dx) * leg * _LEG_GAP

    points = [_centre(flight.start)]
    last, heading = flight.start, flight.direction
    for cell, way in flight.flown:
        if way != heading:  # turned back at the edge beyond `last`
            cx, cy = _centre(last)
            dx, dy = _WAYS[heading]
            wall = cx + dx * CELL / 2, cy + dy * CELL / 2
            points.append(at(*wall, way))
            leg += 1
            points.append(at(*wall, way))
        points.append(at(*_centre(cell), way))
        last, heading = cell, way
    return points


def _flight(flight: Flight) -> list[str]:
    """An arrow from the meteor's start along its flight to the square it strikes,
    and that square marked as a target."""
    points = _flight_points(flight)
    (ax, ay), (bx, by) = points[-2], points[-1]
    length = max(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5, 1.0)
    ux, uy = (bx - ax) / length, (by - ay) / length
    tip = bx - ux * 10, by - uy * 10
    base = tip[0] - ux * 16, tip[1] - uy * 16
    line = " ".join(f"{x:g},{y:g}" for x, y in [*points[:-1], base])
    head = (
        f"{tip[0]:g},{tip[1]:g} {base[0] - uy * 9:g},{base[1] + ux * 9:g} "
        f"{base[0] + uy * 9:g},{base[1] - ux * 9:g}"
    )
    cx, cy = _centre(flight.flown[-1][0])
    return [
        '<g class="meteor" pointer-events="none">',
        f'<circle cx="{cx:g}" cy="{cy:g}" r="25" fill="none" '
        f'stroke="{METEOR_COLOUR}" stroke-width="3" stroke-dasharray="6,4"/>',
        f'<path d="M{cx - 9:g},{cy:g} H{cx + 9:g} M{cx:g},{cy - 9:g} V{cy + 9:g}" '
        f'stroke="{METEOR_COLOUR}" stroke-width="2"/>',
        f'<polyline points="{line}" stroke="#ffffff" stroke-width="8" fill="none" '
        'stroke-linejoin="round" stroke-linecap="round" opacity=".8"/>',
        f'<polyline points="{line}" stroke="{METEOR_COLOUR}" stroke-width="4" fill="none" '
        'stroke-linejoin="round" stroke-linecap="round"/>',
        f'<polygon points="{head}" fill="{METEOR_COLOUR}" stroke="#ffffff" stroke-width="1"/>',
        "</g>",
    ]


def _meteor_start(flight: Flight) -> list[str]:
    """Where the meteor starts, with the distance it flies written beside it, below
    and left of the start, where no arrow runs (a leg after a bounce runs right of or
    above the one before)."""
    sx, sy = _centre(flight.start)
    lx, ly = sx - 17, sy + 17
    return [
        '<g class="meteor" pointer-events="none">',
        f'<circle cx="{sx:g}" cy="{sy:g}" r="6" fill="{METEOR_COLOUR}" stroke="#ffffff"/>',
        f'<circle cx="{lx:g}" cy="{ly:g}" r="11" fill="#ffffff" stroke="{METEOR_COLOUR}" '
        'stroke-width="2.5"/>',
        f'<text x="{lx:g}" y="{ly + 5:g}" font-size="14" font-weight="bold" '
        f'text-anchor="middle" fill="{METEOR_COLOUR}">{flight.distance}</text>',
        "</g>",
    ]


def render_drawing(token: str, *, underground: bool = False) -> Svg:
    """One square's drawing on its own, as a player sees a die before placing it."""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{MARGIN} {MARGIN} {CELL} {CELL}" '
        f'width="{CELL}" height="{CELL}">',
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{CELL}" height="{CELL}" '
        f'fill="{"#f4f7f9" if underground else "#fffdf6"}" stroke="#b8b2a2"/>',
    ]
    out.extend(_under_square(0, token) if underground else _square(0, token, {}))
    out.append("</svg>")
    return Svg("\n".join(out))


LAVA_COLOUR = "#e0522a"


def _lava(cell: int, token: str) -> list[str]:
    """Lava: a wedge from the centre to each lava side; a volcano fills its square."""
    x, y = _origin(cell)
    if token == VOLCANO:
        cx, cy = _centre(cell)
        return [
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
            f'fill="{LAVA_COLOUR}" rx="3"/>',
            f'<polygon points="{cx - 14:g},{cy + 12:g} {cx:g},{cy - 14:g} {cx + 14:g},{cy + 12:g}" '
            'fill="#5b2a16"/>',
        ]
    corners = ((x, y), (x + CELL, y), (x + CELL, y + CELL), (x, y + CELL))
    cx, cy = _centre(cell)
    out = []
    for side in range(4):
        if token[side] == LAVA:
            (ax, ay), (bx, by) = corners[side], corners[(side + 1) % 4]
            out.append(
                f'<polygon points="{ax:g},{ay:g} {bx:g},{by:g} {cx:g},{cy:g}" '
                f'fill="{LAVA_COLOUR}"/>'
            )
    return out


def _crater(cell: int) -> list[str]:
    cx, cy = _centre(cell)
    return [
        f'<circle cx="{cx:g}" cy="{cy:g}" r="24" fill="#8d8579" stroke="#4d463d" '
        'stroke-width="3"/>',
        f'<circle cx="{cx - 5:g}" cy="{cy - 4:g}" r="9" fill="#6b6458"/>',
    ]


def _square(cell: int, token: str, colour_of: dict[tuple[int, int], str]) -> list[str]:
    if token == CRATER:
        return _crater(cell)
    shape = piece(token)
    out = _lava(cell, token) if shape.is_lava else []
    parts = list(enumerate(shape.parts))
    if shape.is_overpass:  # the railway runs underneath: draw it first
        parts.sort(key=lambda item: shape.sides[item[1][0]] == HIGHWAY)
    for index, sides in parts:
        colour = colour_of.get((cell, index))
        if shape.is_overpass and shape.sides[sides[0]] == HIGHWAY:
            out.append(
                f'<path d="{_route_path(cell, sides)}" stroke="#fffdf6" stroke-width="24" '
                'fill="none"/>'
            )
        for kind in (HIGHWAY, "R"):
            typed = [s for s in sides if shape.sides[s] == kind]
            if typed:
                path = (
                    _route_path(cell, typed)
                    if len(typed) == len(sides)
                    else " ".join(_route_path(cell, [s]) for s in typed)
                )
                out.extend(_route(path, kind, colour))
    if shape.is_station:
        cx, cy = _centre(cell)
        out.append(
            f'<rect x="{cx - 10:g}" y="{cy - 10:g}" width="20" height="20" fill="#111" rx="2"/>'
        )
    return out


def _network_colours(details: ScoreDetails | None) -> dict[tuple[int, int], str]:
    """Colour each part of each network with exits, from the network's squares."""
    if details is None:
        return {}
    colours: dict[tuple[int, int], str] = {}
    ranked = sorted(details.networks, key=lambda n: -len(n.exits))
    for number, network in enumerate(ranked):
        if len(network.exits) < 2:
            continue
        colour = NETWORK_COLOURS[number % len(NETWORK_COLOURS)]
        for index, part in network.parts:
            colours[(index, part)] = colour
    return colours


def _overlay(details: ScoreDetails) -> list[str]:
    out = []
    for squares, colour in (
        (details.longest_highway, "#ff7f0e"),
        (details.longest_railway, "#d400d4"),
    ):
        if len(squares) >= 2:
            points = " ".join(
                "{:g},{:g}".format(*_centre(parse_cell(square))) for square in squares
            )
            out.append(
                f'<polyline points="{points}" stroke="{colour}" stroke-width="4" fill="none" '
                'stroke-opacity="0.85" stroke-dasharray="8,4" stroke-linejoin="round"/>'
            )
    for error in details.errors:
        x, y = _origin(parse_cell(error.square))
        side = "NESW".index(error.side)
        mx, my = x + _MID[side][0], y + _MID[side][1]
        out.append(
            f'<g stroke="#e00000" stroke-width="3"><title>{escape(str(error))}</title>'
            f'<line x1="{mx - 6:g}" y1="{my - 6:g}" x2="{mx + 6:g}" y2="{my + 6:g}"/>'
            f'<line x1="{mx - 6:g}" y1="{my + 6:g}" x2="{mx + 6:g}" y2="{my - 6:g}"/></g>'
        )
    return out


SUBWAY_COLOUR, PIPE_COLOUR = "#1b4f9c", "#6f7a80"


def render_underground(board: Board, *, drawn_in: Sequence[int] | None = None) -> Svg:
    """The underground board: subway lines thin and blue with station circles (hubs
    filled), pipes double and grey, capped stubs, burst pipes marked with a zigzag."""
    width = 2 * MARGIN + SIZE * CELL
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {width}" '
        f'width="{width}" height="{width}" font-family="sans-serif">',
        f'<rect x="0" y="0" width="{width}" height="{width}" fill="#e9eef2"/>',
    ]
    for cell in range(CELLS):
        x, y = _origin(cell)
        fill = "#dde5ea" if cell in CENTRE else "#f4f7f9"
        out.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
            f'stroke="#b8c4cc" stroke-width="1"><title>{cell_name(cell)}</title></rect>'
        )
    for (cell, side), kind in EXITS.items():
        x, y = _origin(cell)
        mx, my = x + _MID[side][0], y + _MID[side][1]
        dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[side]
        colour = SUBWAY_COLOUR if kind == "R" else PIPE_COLOUR
        out.append(
            f'<line x1="{mx:g}" y1="{my:g}" x2="{mx + dx * EXIT_STUB:g}" '
            f'y2="{my + dy * EXIT_STUB:g}" stroke="{colour}" stroke-width="4"/>'
        )
    for cell in range(CELLS):
        token = board[cell]
        if token is not None:
            out.extend(_under_square(cell, token))
            if drawn_in is not None and drawn_in[cell]:
                x, y = _origin(cell)
                out.append(
                    f'<text x="{x + 4}" y="{y + 12}" font-size="10" fill="#6b7b86">'
                    f"{drawn_in[cell]}</text>"
                )
    out.extend(_labels())
    out.extend(_spots(under_target))
    out.append("</svg>")
    return Svg("\n".join(out))


def _under_square(cell: int, token: str) -> list[str]:
    shape = under_piece(token)
    out = []
    cx, cy = _centre(cell)
    if shape.pipe:
        path = _route_path(cell, list(shape.pipe))
        out.append(f'<path d="{path}" stroke="{PIPE_COLOUR}" stroke-width="14" fill="none"/>')
        out.append(f'<path d="{path}" stroke="#f4f7f9" stroke-width="6" fill="none"/>')
        if len(shape.pipe) == 1:
            out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="7" fill="{PIPE_COLOUR}"/>')
        if shape.burst:
            out.append(
                f'<polyline points="{cx - 14:g},{cy + 8:g} {cx - 6:g},{cy - 8:g} {cx + 2:g},'
                f'{cy + 8:g} {cx + 10:g},{cy - 8:g}" stroke="#d32f2f" stroke-width="3" '
                'fill="none"/>'
            )
    if shape.subway:
        path = _route_path(cell, list(shape.subway))
        out.append(f'<path d="{path}" stroke="{SUBWAY_COLOUR}" stroke-width="4" fill="none"/>')
        if shape.station:
            fill = SUBWAY_COLOUR if shape.hub else "#ffffff"
            out.append(
                f'<circle cx="{cx:g}" cy="{cy:g}" r="9" fill="{fill}" '
                f'stroke="{SUBWAY_COLOUR}" stroke-width="3"/>'
            )
    return out


# The two boards' names above them (§11.5).
LAYER_NAMES = (N_("Surface"), N_("Underground"))


def render_layers(
    surface: Svg | None,
    underground: Svg,
    title: str | None = None,
    *,
    names: tuple[str, str] | None = None,
    resting: int | None = None,
) -> Svg:
    """The surface board and the underground board side by side, each named above it
    (`names`, already in the reader's language; the plain names without them);
    the board at rest this round (`resting`: 0 the surface, 1 the underground) pales,
    so the one drawn on stands out."""
    if names is None:
        names = (_(LAYER_NAMES[0]), _(LAYER_NAMES[1]))
    width = 2 * MARGIN + SIZE * CELL
    boards = [
        (i, n, b) for i, (n, b) in enumerate(zip(names, (surface, underground), strict=True)) if b
    ]
    top = 30 + (24 if title else 0)
    total = width * len(boards)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 {-top} {total} {width + top}" '
        f'width="{total}" height="{width + top}" font-family="sans-serif">',
    ]
    if title:
        out.append(f'<text x="{MARGIN}" y="-34" font-size="15">{escape(title)}</text>')
    for index, (layer, name, board) in enumerate(boards):
        inner = board.split(">", 1)[1].rsplit("</svg>", 1)[0]
        pale = layer == resting
        out.append(
            f'<text x="{index * width + width / 2:g}" y="-7" font-size="22" '
            f'font-weight="{"normal" if pale else "bold"}" text-anchor="middle" '
            f'fill="{"#8a8a8a" if pale else "#000000"}">{escape(name)}</text>'
        )
        fade = ' opacity="0.55"' if pale else ""
        out.append(f'<g transform="translate({index * width},0)"{fade}>{inner}</g>')
    out.append("</svg>")
    return Svg("\n".join(out))


def render_meteor_die(code: str) -> Svg:
    """A face of a meteor die as the board draws the meteor (§10.2): an arrow for a
    direction (four for the face where each player chooses), the distance as the
    number in a circle that marks where the meteor starts."""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CELL} {CELL}" '
        f'width="{CELL}" height="{CELL}" font-family="sans-serif">',
        f'<rect x="0" y="0" width="{CELL}" height="{CELL}" fill="#fffdf6" stroke="#b8b2a2"/>',
    ]
    if code in ("M1", "M2", "M3"):
        out.append(
            f'<circle cx="{CELL / 2:g}" cy="{CELL / 2:g}" r="20" fill="#ffffff" '
            f'stroke="{METEOR_COLOUR}" stroke-width="4"/>'
        )
        out.append(
            f'<text x="{CELL / 2:g}" y="{CELL / 2 + 9:g}" font-size="26" font-weight="bold" '
            f'text-anchor="middle" fill="{METEOR_COLOUR}">{code[1]}</text>'
        )
    else:
        ways = "NESW" if code == "MA" else code[1]
        back = -5.0 if code == "MA" else 20.0
        for way in ways:
            out.extend(_die_arrow(way, back))
    out.append("</svg>")
    return Svg("\n".join(out))


def _die_arrow(way: str, back: float) -> list[str]:
    """A red arrow on a die face, its tip near the edge it points to and its tail
    `back` beyond the middle (a negative `back` starts it short of the middle)."""
    dx, dy = _WAYS[way]
    half = CELL / 2
    sx, sy = half - dx * back, half - dy * back
    tx, ty = half + dx * 26, half + dy * 26
    bx, by = tx - dx * 12, ty - dy * 12
    head = f"{tx:g},{ty:g} {bx - dy * 8:g},{by + dx * 8:g} {bx + dy * 8:g},{by - dx * 8:g}"
    return [
        f'<line x1="{sx:g}" y1="{sy:g}" x2="{bx:g}" y2="{by:g}" stroke="{METEOR_COLOUR}" '
        'stroke-width="5" stroke-linecap="round"/>',
        f'<polygon points="{head}" fill="{METEOR_COLOUR}"/>',
    ]


def crop(svg: str, top: int, left: int, rows: int, cols: int) -> Svg:
    """Part of a board drawing: `rows` × `cols` squares from the square in row `top`,
    column `left` (0-based), with the margin around them, where exits show."""
    view = f"{left * CELL} {top * CELL} {cols * CELL + 2 * MARGIN} {rows * CELL + 2 * MARGIN}"
    head, rest = svg.split(">", 1)
    head = re.sub(r'viewBox="[^"]*"', f'viewBox="{view}"', head, count=1)
    head = re.sub(r'width="[^"]*"', f'width="{cols * CELL + 2 * MARGIN}"', head, count=1)
    head = re.sub(r'height="[^"]*"', f'height="{rows * CELL + 2 * MARGIN}"', head, count=1)
    return Svg(f"{head}>{rest}")


def cross_out(svg: str, cell: int) -> Svg:
    """A board drawing with a red cross on one square: a drawing that is not allowed."""
    x, y = _origin(cell)
    lines = "".join(
        f'<line x1="{x + a:g}" y1="{y + b:g}" x2="{x + CELL - a:g}" y2="{y + CELL - b:g}"/>'
        for a, b in ((6, 6), (6, CELL - 6))
    )
    mark = (
        f'<g stroke="#ffffff" stroke-width="11" stroke-linecap="round">{lines}</g>'
        f'<g stroke="#d50000" stroke-width="6" stroke-linecap="round">{lines}</g>'
    )
    body, end = svg.rsplit("</svg>", 1)
    return Svg(f"{body}{mark}</svg>{end}")


def used_up(svg: str) -> Svg:
    """A square's drawing paled and struck through: a special route already used."""
    head, rest = svg.split(">", 1)
    body = rest.rsplit("</svg>", 1)[0]
    a, b = MARGIN + 4, MARGIN + CELL - 4
    return Svg(
        f'{head}><g opacity="0.35">{body}</g>'
        f'<line x1="{a}" y1="{b}" x2="{b}" y2="{a}" stroke="#d50000" stroke-width="5" '
        'stroke-linecap="round"/></svg>'
    )


def side_by_side(drawings: Sequence[str], columns: int = 3, gap: int = 10) -> Svg:
    """Square drawings (dice faces, special routes) in rows of `columns`, in order, so
    that every such picture draws its squares at one size."""
    rows = -(-len(drawings) // columns)
    width = columns * CELL + (columns - 1) * gap
    height = rows * CELL + (rows - 1) * gap
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="sans-serif">'
    ]
    for index, drawing in enumerate(drawings):
        head, rest = drawing.split(">", 1)
        found = re.search(r'viewBox="(\S+) (\S+)', head)
        left, top = (float(found[1]), float(found[2])) if found else (0.0, 0.0)
        body = rest.rsplit("</svg>", 1)[0]
        row, column = divmod(index, columns)
        shift = f"{column * (CELL + gap) - left:g},{row * (CELL + gap) - top:g}"
        out.append(f'<g transform="translate({shift})">{body}</g>')
    out.append("</svg>")
    return Svg("\n".join(out))
