"""SVG drawing of a board: exits, highways and railways as players know them, stations,
overpasses, round numbers, and an optional scoring overlay. Pure: board in, SVG out.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

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


def _spots() -> list[str]:
    """Transparent squares on top, one per square, that clients click to place."""
    return [
        f'<rect class="spot" data-target="{cell_name(cell)}" x="{_origin(cell)[0]}" '
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
    title: str | None = None,
) -> Svg:
    """Draw `board`. `details` adds the scoring overlay (networks coloured, longest
    routes traced, errors marked); `highlight` marks squares (legal targets)."""
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
    out.extend(_labels())
    out.extend(_spots())
    out.append("</svg>")
    return Svg("\n".join(out))


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
    out.extend(_spots())
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


def render_layers(surface: Svg | None, underground: Svg, title: str | None = None) -> Svg:
    """The surface board and the underground board side by side, each named above it."""
    width = 2 * MARGIN + SIZE * CELL
    boards = [(n, b) for n, b in (("Surface", surface), ("Underground", underground)) if b]
    top = 22 + (24 if title else 0)
    total = width * len(boards)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 {-top} {total} {width + top}" '
        f'width="{total}" height="{width + top}" font-family="sans-serif">',
    ]
    if title:
        out.append(f'<text x="{MARGIN}" y="-28" font-size="15">{escape(title)}</text>')
    for index, (name, board) in enumerate(boards):
        inner = board.split(">", 1)[1].rsplit("</svg>", 1)[0]
        out.append(
            f'<text x="{index * width + width / 2:g}" y="-5" font-size="17" '
            f'font-weight="bold" text-anchor="middle">{name}</text>'
        )
        out.append(f'<g transform="translate({index * width},0)">{inner}</g>')
    out.append("</svg>")
    return Svg("\n".join(out))
