"""SVG drawing of a Metro table: tiles with their tracks, the 32 numbered stations with
their cars, the central station (or its track pieces), central cars, and completed
lines traced in their owner's colour; and the small pictures of a tile and a share
card that the hand and the buttons show. Pure: table in, SVG out."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from linecraft.core.svg import Svg
from linecraft.games.metro.board import (
    CENTRAL_POSITIONS,
    CENTRAL_SQUARES,
    DEPARTURES,
    SIZE,
    across,
    square_name,
)
from linecraft.games.metro.position import Table
from linecraft.games.metro.routes import Route
from linecraft.games.metro.scoring import all_routes, owners
from linecraft.games.metro.tiles import CONNECT

CELL = 64
MARGIN = 46
COLOURS = {
    "yellow": "#e8c21a",
    "blue": "#2a6fdb",
    "orange": "#f08a24",
    "green": "#3aa655",
    "purple": "#8e44ad",
    "black": "#222222",
    "red": "#d63a3a",
    "white": "#f4f4f4",
}
# Exit points on the unit square, clockwise from the top-left (§2.2), and inward normals.
_POINT = (
    (1 / 3, 0),
    (2 / 3, 0),
    (1, 1 / 3),
    (1, 2 / 3),
    (2 / 3, 1),
    (1 / 3, 1),
    (0, 2 / 3),
    (0, 1 / 3),
)
_INWARD = ((0, 1), (0, 1), (-1, 0), (-1, 0), (0, -1), (0, -1), (1, 0), (1, 0))
# The corners of a square's side that holds each exit, clockwise (unit square).
_SIDE = {0: ((0, 0), (1, 0)), 1: ((1, 0), (1, 1)), 2: ((1, 1), (0, 1)), 3: ((0, 1), (0, 0))}
# Share cards: the percentage in dark ink on the light company colours, else in white.
_DARK_INK = frozenset({"yellow", "orange", "white"})


def _origin(sq: int) -> tuple[float, float]:
    row, col = divmod(sq, SIZE)
    return MARGIN + col * CELL, MARGIN + row * CELL


def _track(sq: int, a: int, b: int) -> str:
    x, y = _origin(sq)
    (ax, ay), (bx, by) = _POINT[a], _POINT[b]
    (nax, nay), (nbx, nby) = _INWARD[a], _INWARD[b]
    pull = 0.42
    points = [
        (ax, ay),
        (ax + pull * nax, ay + pull * nay),
        (bx + pull * nbx, by + pull * nby),
        (bx, by),
    ]
    (p0, p1, p2, p3) = [(x + px * CELL, y + py * CELL) for px, py in points]
    return (
        f"M{p0[0]:.1f},{p0[1]:.1f} C{p1[0]:.1f},{p1[1]:.1f} "
        f"{p2[0]:.1f},{p2[1]:.1f} {p3[0]:.1f},{p3[1]:.1f}"
    )


def _tile(sq: int, code: str) -> list[str]:
    x, y = _origin(sq)
    central = code.isupper()
    fill = "#d9d2c3" if central else "#f7f1e3"
    out = [
        f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
        'stroke="#8a7f66" stroke-width="1"/>'
    ]
    connect = CONNECT[code]
    for even in (0, 2, 4, 6):
        out.append(
            f'<path d="{_track(sq, even, connect[even])}" fill="none" stroke="#5a5142" '
            'stroke-width="3"/>'
        )
    return out


def render_tile(code: str, *, margin: int = 0) -> Svg:
    """One tile on its own, as a player sees it in hand; How to play leaves a `margin`
    round it so that a picture drawn wide still shows a tile of a sensible size."""
    low, size = MARGIN - margin, CELL + 2 * margin
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{low} {low} {size} {size}" '
        f'width="{size}" height="{size}">',
        *_tile(0, code),
        "</svg>",
    ]
    return Svg("\n".join(out))


def render_tile_grid(rows: Sequence[Sequence[tuple[str, str]]]) -> Svg:
    """Tiles in rows, each with a short label below it (How to play: the tile set,
    the central pieces)."""
    step_x, step_y, label = CELL + 16, CELL + 24, 16
    width = step_x * max(len(row) for row in rows)
    height = step_y * len(rows)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="sans-serif">',
    ]
    for r, row in enumerate(rows):
        for c, (code, text) in enumerate(row):
            x, y = c * step_x + 8, r * step_y + 4
            out.append(f'<g transform="translate({x - MARGIN},{y - MARGIN})">')
            out += _tile(0, code)
            out.append("</g>")
            out.append(
                f'<text x="{x + CELL / 2}" y="{y + CELL + label}" font-size="14" '
                f'text-anchor="middle" fill="#444">{escape(text)}</text>'
            )
    out.append("</svg>")
    return Svg("\n".join(out))


def _share_card(company: str | None, percentage: int, x: float, y: float) -> list[str]:
    """A share card 34 wide and 46 tall at (x, y): the company's colour with its
    percentage, or face down (None: the top of a stack, not yet seen)."""
    if company is None:
        fill, ink, stroke, text = "#7a6f5a", "#fffdf7", "#3d3629", "?"
    else:
        fill, stroke = COLOURS[company], "#777" if company == "white" else "#222"
        ink, text = ("#222" if company in _DARK_INK else "#fff"), f"{percentage}%"
    return [
        f'<rect x="{x + 1}" y="{y + 1}" width="32" height="44" rx="4" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="2"/>',
        f'<rect x="{x + 5}" y="{y + 5}" width="24" height="6" rx="1" fill="{ink}" '
        'fill-opacity="0.35"/>',
        f'<text x="{x + 17}" y="{y + 31}" font-size="13" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}" font-family="sans-serif">{text}</text>',
    ]


def render_share(company: str, percentage: int) -> Svg:
    """A share card as it shows in the hand: the company's colour and its percentage."""
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 52 52" width="52" height="52" '
        'aria-hidden="true">',
        *_share_card(company, percentage, 9, 3),
        "</svg>",
    ]
    return Svg("\n".join(out))


def render_number(number: int) -> Svg:
    """A station-number token (module 4), as it is dealt: a round token with the number
    of a station printed round the board."""
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 52 52" width="52" height="52" '
        'aria-hidden="true">',
        '<circle cx="26" cy="26" r="23" fill="#f7f1e3" stroke="#5a5142" stroke-width="2"/>',
        '<circle cx="26" cy="26" r="18" fill="none" stroke="#8a7f66" stroke-width="1"/>',
        f'<text x="26" y="32" font-size="17" font-weight="bold" text-anchor="middle" '
        f'fill="#3d3629" font-family="sans-serif">{number}</text>',
        "</svg>",
    ]
    return Svg("\n".join(out))


def render_shares(shares: Sequence[tuple[str, int]]) -> Svg:
    """Share cards side by side (How to play): each in its company's colour."""
    width = 40 * len(shares) + 8
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} 52" width="{width}" '
        'height="52" aria-hidden="true">',
    ]
    for index, (company, percentage) in enumerate(shares):
        out += _share_card(company, percentage, 7 + 40 * index, 3)
    out.append("</svg>")
    return Svg("\n".join(out))


def render_exchange(own: tuple[str, int], taken: str | None, *, margin: int = 0) -> Svg:
    """An exchange: your share, and laid over it the share you take (the open one's
    company, or None: the top of the stack, face down), with an arrow from one to
    the other; square, as buttons show their pictures, on a light ground. How to play
    leaves a `margin` round it."""
    company, percentage = own
    low, size = -margin, 66 + 2 * margin
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{low} {low} {size} {size}" '
        f'width="{size}" height="{size}" aria-hidden="true">',
        '<rect width="66" height="66" rx="6" fill="#fffdf7"/>',  # light on any button
        *_share_card(company, percentage, 1, 1),
        '<path d="M6,56 Q14,62 26,58 M20,53 L27,58 L20,63" fill="none" stroke="#222" '
        'stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>',
        *_share_card(taken, percentage, 31, 19),
        "</svg>",
    ]
    return Svg("\n".join(out))


def _station_mark(departure: str, colour: str | None, *, slot: bool = False) -> list[str]:
    """The car on a departure track, drawn just outside the square's side; `slot` marks
    a free central track where a car may still go (module 2)."""
    sq, entry = DEPARTURES[departure]
    x, y = _origin(sq)
    px, py = _POINT[entry]
    nx, ny = _INWARD[entry]
    cx, cy = x + px * CELL - nx * 12, y + py * CELL - ny * 12
    out = []
    if colour is not None:
        stroke = "#777" if colour == "white" else "#111"
        out.append(
            f'<rect x="{cx - 6:.1f}" y="{cy - 6:.1f}" width="12" height="12" rx="2" '
            f'fill="{COLOURS[colour]}" stroke="{stroke}"/>'
        )
    elif slot:
        out.append(
            f'<rect x="{cx - 6:.1f}" y="{cy - 6:.1f}" width="12" height="12" rx="2" '
            'fill="none" stroke="#f4efe2" stroke-width="1.5" stroke-dasharray="3 2"/>'
        )
    if not departure.startswith("C"):
        tx, ty = cx - nx * 17, cy - ny * 15
        out.append(
            f'<text x="{tx:.1f}" y="{ty + 4:.1f}" font-size="11" text-anchor="middle" '
            f'fill="#444">{departure}</text>'
        )
    return out


def _central_spot(position: str) -> str:
    """Where a central car goes (module 2): the eighth of the central station between
    the position's side and the station's middle, so the eight fan out like a pinwheel
    and each is as large as the station allows (half a square)."""
    sq, entry = DEPARTURES[position]
    faced = across(sq, entry)
    assert faced is not None
    central, exit_ = faced
    x, y = _origin(central)
    corners = [(x + px * CELL, y + py * CELL) for px, py in _SIDE[exit_ // 2]]
    middle = _origin(CENTRAL_SQUARES[-1])  # the top-left corner of (4,4)
    points = " ".join(f"{px:.1f},{py:.1f}" for px, py in [*corners, middle])
    return f'<polygon class="spot" data-target="{position}" points="{points}" fill="transparent"/>'


def _line_trace(route: Route, colour: str) -> list[str]:
    return [
        f'<path d="{_track(sq, a, b)}" fill="none" stroke="{COLOURS[colour]}" stroke-width="6" '
        'stroke-opacity="0.75" stroke-linecap="round"/>'
        for sq, (a, b) in zip(route.path, route.exits, strict=True)
    ]


Window = tuple[int, int, int, int]  # first row, first column, last row, last column


def _view_box(window: Window | None, top: int, bottom: int) -> tuple[float, float, float, float]:
    """The part of the drawing shown: the whole table, or a block of squares with the
    station numbers beside it where it reaches the edge (a small example position)."""
    size = 2 * MARGIN + SIZE * CELL
    if window is None:
        return 0, -top, size, size + top + bottom
    row0, col0, row1, col1 = window
    pad = 10
    x0 = MARGIN + col0 * CELL - (MARGIN if col0 == 0 else pad)
    y0 = MARGIN + row0 * CELL - (MARGIN if row0 == 0 else pad)
    x1 = MARGIN + (col1 + 1) * CELL + (MARGIN if col1 == SIZE - 1 else pad)
    y1 = MARGIN + (row1 + 1) * CELL + (MARGIN if row1 == SIZE - 1 else pad)
    return x0, y0, x1 - x0, y1 - y0


def _frame(sq: int) -> str:
    """A bold green frame: the tile just placed in an example."""
    x, y = _origin(sq)
    return (
        f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="none" '
        'stroke="#1d8a3a" stroke-width="4" rx="3"/>'
    )


def _cross(sq: int) -> str:
    """A red cross over a square: a placement the rules forbid."""
    x, y = _origin(sq)
    near, far = 10, CELL - 10
    return (
        f'<path d="M{x + near},{y + near} L{x + far},{y + far} M{x + far},{y + near} '
        f'L{x + near},{y + far}" stroke="#d11" stroke-width="7" stroke-linecap="round" '
        'stroke-opacity="0.85"/>'
    )


def render_table(
    table: Table,
    *,
    scores: list[str] | None = None,
    highlight: frozenset[int] = frozenset(),
    title: str | None = None,
    window: Window | None = None,
    framed: frozenset[int] = frozenset(),
    crossed: frozenset[int] = frozenset(),
) -> Svg:
    """The table; `highlight` marks squares (legal targets); `scores` lines go below.
    How to play shows a `window` of it (no title or scores then), with the tile just
    placed `framed` or a forbidden placement `crossed` out."""
    size = 2 * MARGIN + SIZE * CELL
    if window is not None:
        title, scores = None, None
    top = 26 if title else 0
    bottom = 20 * len(scores or [])
    x0, y0, width, height = _view_box(window, top, bottom)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0} {y0} {width} {height}" '
        f'width="{width}" height="{height}" font-family="sans-serif">',
        f'<rect x="{x0}" y="{y0}" width="{width}" height="{height}" fill="#fffdf7"/>',
    ]
    if title:
        out.append(f'<text x="{MARGIN}" y="-6" font-size="16">{escape(title)}</text>')
    for sq in range(SIZE * SIZE):
        x, y = _origin(sq)
        code = table.board[sq]
        if code:
            out += _tile(sq, code)
        elif sq in CENTRAL_SQUARES:
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#9c9486"/>')
        else:
            fill = "#fff3a8" if sq in highlight else "#ffffff"
            out.append(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
                'stroke="#cfc6b0" stroke-width="1"/>'
            )
            out.append(
                f'<text x="{x + 4}" y="{y + 12}" font-size="9" fill="#b5ab93">'
                f"{square_name(sq)}</text>"
            )
    if not any(table.board[sq] for sq in CENTRAL_SQUARES):
        cx, cy = _origin(CENTRAL_SQUARES[0])
        out.append(
            f'<text x="{cx + CELL}" y="{cy + CELL + 5}" font-size="13" fill="#fff" '
            'text-anchor="middle" font-weight="bold">METRO</text>'
        )
    own = owners(table)
    for route in all_routes(table):
        colour = own.get(route.departure)
        if route.complete and colour is not None:
            out += _line_trace(route, colour)
    for departure in DEPARTURES:
        if departure.startswith("C") and 3 in table.modules:
            continue
        central_slot = departure.startswith("C") and 2 in table.modules
        out += _station_mark(departure, own.get(departure), slot=central_slot)
    for sq in range(SIZE * SIZE):  # transparent spots that clients click to place
        if sq in CENTRAL_SQUARES:
            continue
        x, y = _origin(sq)
        out.append(
            f'<rect class="spot" data-target="{square_name(sq)}" x="{x}" y="{y}" '
            f'width="{CELL}" height="{CELL}" fill="transparent"/>'
        )
    if 2 in table.modules:
        out += [_central_spot(position) for position in CENTRAL_POSITIONS]
    out += [_frame(sq) for sq in sorted(framed)]
    out += [_cross(sq) for sq in sorted(crossed)]
    for number, text in enumerate(scores or []):
        out.append(
            f'<text x="{MARGIN}" y="{size + 14 + 20 * number}" font-size="14">{escape(text)}</text>'
        )
    out.append("</svg>")
    return Svg("\n".join(out))
