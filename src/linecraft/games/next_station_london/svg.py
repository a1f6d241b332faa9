"""SVG drawing of a sheet: districts, the Thames, guide lines, stations by shape,
tourist sites, the four coloured lines, interchanges, the circle, and a score panel.
Pure: sheet in, SVG out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from html import escape

from linecraft.core.i18n import N_, _
from linecraft.core.svg import Svg
from linecraft.games.next_station_london.deck import Card
from linecraft.games.next_station_london.london import CENTRAL, COLOURS, LONDON, SHAPES, SIZE, Point
from linecraft.games.next_station_london.scoring import (
    OBJECTIVE_SHORT,
    TRACK,
    SheetScore,
    solo_band,
)
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
# The names written on the map's districts (the corners hold one station and no name).
DISTRICT_LABELS = {
    # TRANSLATORS: a district's name, written small on the map
    "north_west": N_("north-west"),
    "north": N_("north"),
    "north_east": N_("north-east"),
    "west": N_("west"),
    # TRANSLATORS: the central district's name, written small on the map
    "central": N_("central"),
    "east": N_("east"),
    "south_west": N_("south-west"),
    "south": N_("south"),
    "south_east": N_("south-east"),
}
# The solo rating on the score panel, short (the verdicts are in `SOLO_VERDICTS`).
SOLO_BAND_WORDS = {
    # TRANSLATORS: a solo rating, short, on the score panel: "solo 125: good work"
    "last_stop": N_("last stop"),
    "wrong_tunnel": N_("wrong tunnel"),
    "on_track": N_("on track"),
    "good_work": N_("good work"),
    "excellent": N_("excellent"),
    "legendary": N_("legendary"),
}


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
    if station.shape == CENTRAL:
        stroke = 'stroke="#222" stroke-width="2"'
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{RADIUS + 3}" fill="#333" {stroke}/>')
        out.append(
            f'<text x="{cx:g}" y="{cy + 6:g}" font-size="17" font-weight="bold" fill="#fff" '
            'text-anchor="middle">?</text>'
        )
    else:
        out.append(_shape(station.shape, cx, cy, fill))
    return out


def _shape(shape: str, cx: float, cy: float, fill: str, scale: float = 1) -> str:
    """A station symbol (circle, square, triangle, pentagon): on the map and on the cards."""
    stroke = f'stroke="#222" stroke-width="{2 * scale:g}"'
    radius = RADIUS * scale
    if shape == "circle":
        return f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius:g}" fill="{fill}" {stroke}/>'
    if shape == "square":
        side = radius * 1.7
        return (
            f'<rect x="{cx - side / 2:g}" y="{cy - side / 2:g}" width="{side:g}" '
            f'height="{side:g}" fill="{fill}" {stroke}/>'
        )
    if shape == "triangle":
        points = _polygon(cx, cy + 2 * scale, 3, radius + 3 * scale)
        return f'<polygon points="{points}" fill="{fill}" {stroke}/>'
    return f'<polygon points="{_polygon(cx, cy, 5, radius + scale)}" fill="{fill}" {stroke}/>'


def _colour_words(colour: str) -> str:
    """A line's colour in the reader's words (the words live in `words`)."""
    from linecraft.games.next_station_london.words import COLOUR_WORDS

    return _(COLOUR_WORDS[colour])


def _panel_rows(score: SheetScore | None, solo: bool) -> list[tuple[str, str, bool]]:
    """The score pad's lines in words, each with its colour and whether it is bold."""
    rows: list[tuple[str, str, bool]] = []
    if score is None:
        rows.append((_("invalid sheet"), "#c62828", False))
        return rows
    for colour in COLOURS:
        line = score.lines.get(colour)
        if line is None:
            # TRANSLATORS: {colour} is a line's colour, e.g. "purple"
            text = _("{colour}: not drawn yet").format(colour=_colour_words(colour))
            rows.append((text, "#888", False))
            continue
        formula = f"{line.districts} × {line.largest} + 2 × {line.thames}"
        text = f"{_colour_words(colour)}: {formula} = {line.score}"
        rows.append((text, LINE_COLOURS[colour], False))
    # TRANSLATORS: on the score panel: the visits of tourist sites → the points they make
    tourists = _("tourist sites: {visits} → {points}").format(
        visits=score.tourist_visits, points=score.tourist_points
    )
    # TRANSLATORS: on the score panel: the stations on 2, 3 and 4 lines → the points they
    # make
    interchanges = _("interchanges 2/3/4: {two}/{three}/{four} → {points}").format(
        two=score.interchanges[2],
        three=score.interchanges[3],
        four=score.interchanges[4],
        points=score.interchange_points,
    )
    rows += [(tourists, "#222", False), (interchanges, "#222", False)]
    for name in score.objectives:
        if name in score.achieved:
            # TRANSLATORS: {objective} is a shared objective, short, e.g. "8 interchanges"
            text = _("{objective}: achieved, +10")
        else:
            text = _("{objective}: not achieved")
        rows.append((text.format(objective=_(OBJECTIVE_SHORT[name])), "#222", False))
    rows.append((_("total {total}").format(total=score.total), "#000", True))
    if solo:
        band = _(SOLO_BAND_WORDS[solo_band(score.solo_score)])
        # TRANSLATORS: the solo score and its rating, e.g. "solo 125: good work"
        text = _("solo {score}: {band}").format(score=score.solo_score, band=band)
        rows.append((text, "#000", True))
    return rows


def _panel(score: SheetScore | None, solo: bool, x: float = MAP_SIZE + 8) -> list[str]:
    out = []
    for number, (text, colour, bold) in enumerate(_panel_rows(score, solo)):
        weight = ' font-weight="bold"' if bold else ""
        out.append(
            f'<text x="{x:g}" y="{MARGIN + 6 + 24 * number}" font-size="14" '
            f'fill="{colour}"{weight}>{escape(text)}</text>'
        )
    return out


def render_panel(score: SheetScore, *, solo: bool = False) -> Svg:
    """The score panel of a sheet on its own, the way a player reads the score pad."""
    height = 24 * len(_panel_rows(score, solo)) + 16
    return Svg(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 {MARGIN - 24} {PANEL} {height}" '
        f'width="{PANEL}" height="{height}" font-family="sans-serif">'
        f'<rect x="0" y="{MARGIN - 24}" width="{PANEL}" height="{height}" fill="#fffdf7"/>'
        + "".join(_panel(score, solo, x=8))
        + "</svg>"
    )


def render_sheet(
    sheet: Sheet,
    *,
    score: SheetScore | None,
    overlay: bool = False,
    title: str | None = None,
    solo: bool = False,
    label_scale: float = 1,
) -> Svg:
    """The sheet; `score` (None for an invalid sheet) fills the panel; `overlay` names
    the districts and numbers the lines at every interchange, in letters `label_scale`
    times the usual size (for a map shown small)."""
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
                f'<text x="{cx + 13:g}" y="{cy - 12:g}" font-size="{12 * label_scale:g}" '
                'font-weight="bold">'
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
                f'<text x="{x:g}" y="{y:g}" font-size="{10 * label_scale:g}" fill="#9a8c64" '
                f'text-anchor="middle">{escape(_(DISTRICT_LABELS[district]))}</text>'
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


# --- pieces beside the map: cards, pencils, the tourist track ---------------------------
CARD_WIDTH, CARD_HEIGHT = 60, 84
STREET_FILL = "#2d6cb5"
UNDERGROUND_FILLS = ("#e4509a", "#f6c945")  # pink above, yellow below
CARD_GAP = 8


def _card_background(underground: bool) -> list[str]:
    """A card's colours: blue for a Street card, pink and yellow for an Underground card."""
    w, h = CARD_WIDTH, CARD_HEIGHT
    if underground:
        pink, yellow = UNDERGROUND_FILLS
        out = [
            f'<rect width="{w}" height="{h}" rx="6" fill="{pink}"/>',
            f'<path d="M0,{h * 0.62:g} L{w},{h * 0.38:g} L{w},{h - 6} Q{w},{h} {w - 6},{h} '
            f'L6,{h} Q0,{h} 0,{h - 6} Z" fill="{yellow}"/>',
        ]
    else:
        out = [f'<rect width="{w}" height="{h}" rx="6" fill="{STREET_FILL}"/>']
    out.append(
        f'<rect x="3" y="3" width="{w - 6}" height="{h - 6}" rx="4" fill="none" '
        'stroke="#fff" stroke-width="1.5"/>'
    )
    return out


def _card_symbol(symbol: str | None) -> list[str]:
    """A shape, the four shapes of the joker, or the fork of the switch (None)."""
    cx, cy = CARD_WIDTH / 2, CARD_HEIGHT / 2
    if symbol is None:
        fork = f"M{cx:g},{cy + 24:g} L{cx:g},{cy + 2:g} M{cx:g},{cy + 4:g} L{cx - 13:g},{cy - 22:g}"
        fork += f" M{cx:g},{cy + 4:g} L{cx + 13:g},{cy - 22:g}"
        return [
            f'<path d="{fork}" stroke="#222" stroke-width="9" stroke-linecap="round" fill="none"/>',
            f'<path d="{fork}" stroke="#fff" stroke-width="5" stroke-linecap="round" fill="none"/>',
        ]
    if symbol in SHAPES:
        return [_shape(symbol, cx, cy, "#fff", scale=1.5)]
    return [
        _shape(shape, cx + dx, cy + dy, "#fff", scale=0.75)
        for shape, dx, dy in zip(SHAPES, (-12, 12, -12, 12), (-12, -12, 12, 12), strict=True)
    ]


def _card_face(card: Card, x: float, y: float) -> list[str]:
    """One station card at (x, y)."""
    return [
        f'<g transform="translate({x:g},{y:g})">',
        *_card_background(card.underground),
        *_card_symbol(card.symbol),
        "</g>",
    ]


def render_count(count: int) -> Svg:
    """An Underground card's colours with a number: how many are still to come."""
    w, h = CARD_WIDTH, CARD_HEIGHT
    number = (
        f'<text x="{w / 2:g}" y="{h / 2 + 14:g}" font-size="40" font-weight="bold" '
        'font-family="sans-serif" text-anchor="middle" fill="#fff" stroke="#222" '
        f'stroke-width="1.5">{count}</text>'
    )
    return Svg(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
        f'height="{h}">{"".join(_card_background(True))}{number}</svg>'
    )


def render_card(card: Card) -> Svg:
    """One station card."""
    return render_cards([[card]])


def render_cards(rows: Sequence[Sequence[Card]], *, canvas: int = 0) -> Svg:
    """Station cards laid out in rows (e.g. the Street cards above the Underground),
    centred on a drawing at least `canvas` wide (so that a picture stretched to a
    width shows the cards at their size)."""
    columns = max(len(row) for row in rows)
    cards = columns * (CARD_WIDTH + CARD_GAP) - CARD_GAP
    pad = CARD_GAP if canvas > cards else 0
    width, left = max(canvas, cards), max(0, canvas - cards) / 2
    height = len(rows) * (CARD_HEIGHT + CARD_GAP) - CARD_GAP + 2 * pad
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}">'
    ]
    for r, row in enumerate(rows):
        for c, card in enumerate(row):
            x = left + c * (CARD_WIDTH + CARD_GAP)
            out += _card_face(card, x, pad + r * (CARD_HEIGHT + CARD_GAP))
    out.append("</svg>")
    return Svg("".join(out))


def render_pencil(colour: str) -> Svg:
    """A pencil of one colour, lying on the diagonal."""
    body = "8,44 4,40 30,14 34,18"
    return Svg(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48">'
        f'<polygon points="{body}" fill="{LINE_COLOURS[colour]}" stroke="#222" '
        'stroke-width="1.5"/>'
        '<polygon points="30,14 34,18 44,4" fill="#f1d6a8" stroke="#222" stroke-width="1.5"/>'
        '<polygon points="40.5,7 41,7.6 44,4" fill="#222" stroke="#222" stroke-width="1.5"/>'
        "</svg>"
    )


def render_track(visits: int) -> Svg:
    """The tourist track: a box per number of visits with what it is worth, a cross in
    one box per visit, and the first box left free (the one that scores) marked."""
    size, gap = 30, 4
    scoring = min(visits, len(TRACK) - 1)
    width = len(TRACK) * (size + gap) - gap + 8
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 {width} {size + 8}" '
        f'width="{width}" height="{size + 8}" font-family="sans-serif">'
    ]
    for box, points in enumerate(TRACK):
        x = box * (size + gap)
        fill = "#f2c230" if box == scoring else "#fffdf7"
        out.append(
            f'<rect x="{x}" y="0" width="{size}" height="{size}" rx="3" fill="{fill}" '
            'stroke="#9a8c64" stroke-width="1.5"/>'
            f'<text x="{x + size / 2:g}" y="{size / 2 + 5:g}" font-size="14" '
            f'text-anchor="middle">{points}</text>'
        )
        if box < scoring:
            out.append(
                f'<path d="M{x + 4},4 L{x + size - 4},{size - 4} M{x + size - 4},4 '
                f'L{x + 4},{size - 4}" stroke="#333" stroke-width="2"/>'
            )
    out.append("</svg>")
    return Svg("".join(out))


# --- parts of a sheet, for the How to play pages ---------------------------------------
def _reframe(svg: str, left: float, top: float, width: float, height: float) -> Svg:
    """The same drawing showing only the given box of it."""
    head, rest = svg.split(">", 1)
    head = re.sub(r'viewBox="[^"]*"', f'viewBox="{left:g} {top:g} {width:g} {height:g}"', head)
    head = re.sub(r' width="[^"]*"', f' width="{width:g}"', head, count=1)
    head = re.sub(r' height="[^"]*"', f' height="{height:g}"', head, count=1)
    return Svg(f"{head}>{rest}")


def crop_map(svg: str, points: Sequence[Point], *, margin: float = 0.75, least: float = 4) -> Svg:
    """A sheet's drawing cut down to the part of the map around `points`, at least
    `least` grid steps across each way (so that several crops show at one scale)."""
    box = []
    for values in ([x for x, _y in points], [y for _x, y in points]):
        low, high = min(values), max(values)
        grow = max(0.0, least - (high - low)) / 2
        box.append((low - grow - margin, high + grow + margin))
    (left, top), (right, bottom) = _xy(box[0][0], box[1][0]), _xy(box[0][1], box[1][1])
    width, height = min(right - left, MAP_SIZE), min(bottom - top, MAP_SIZE)
    left = min(max(left, 0), MAP_SIZE - width)  # moved back onto the map, not past it
    top = min(max(top, 0), MAP_SIZE - height)
    return _reframe(svg, left, top, width, height)


def map_only(svg: str) -> Svg:
    """A sheet's drawing without its score panel."""
    return _reframe(svg, 0, 0, MAP_SIZE, MAP_SIZE)


def mark_section(svg: str, a: Point, b: Point, *, colour: str, legal: bool) -> Svg:
    """A section drawn over a sheet as a try: a green tick for a section that may be
    drawn; dashed, with a red cross, for one that may not."""
    (x1, y1), (x2, y2) = _xy(*a), _xy(*b)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    if legal:
        marks = [
            f'<circle cx="{mx:g}" cy="{my:g}" r="12" fill="#fff" stroke="#2e7d32" '
            'stroke-width="2.5"/>',
            f'<path d="M{mx - 6:g},{my:g} L{mx - 1.5:g},{my + 5:g} L{mx + 6.5:g},{my - 5:g}" '
            'stroke="#2e7d32" stroke-width="3.5" fill="none" stroke-linecap="round"/>',
        ]
    else:
        marks = [
            f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
            f'stroke="{LINE_COLOURS[colour]}" stroke-width="7" stroke-dasharray="9 7" '
            'stroke-linecap="round" opacity="0.8"/>',
            f'<circle cx="{mx:g}" cy="{my:g}" r="12" fill="#fff" stroke="#c62828" '
            'stroke-width="2.5"/>',
            f'<path d="M{mx - 6:g},{my - 6:g} L{mx + 6:g},{my + 6:g} M{mx + 6:g},{my - 6:g} '
            f'L{mx - 6:g},{my + 6:g}" stroke="#c62828" stroke-width="3.5" '
            'stroke-linecap="round"/>',
        ]
    head, _end, _rest = svg.rpartition("</svg>")
    return Svg(head + "".join(marks) + "</svg>")


def _star(cx: float, cy: float, inner: float, outer: float) -> str:
    """The spiky ring of a tourist site."""
    points = []
    for k in range(24):
        radius = outer if k % 2 == 0 else inner
        angle = math.radians(-90 + 15 * k)
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return f'<polygon points="{" ".join(points)}" fill="#f2c230"/>'


def _objective_sign(name: str) -> list[str]:
    """What an objective is about, drawn with the map's own marks."""
    if name.startswith("interchange"):
        return [
            '<circle cx="18" cy="18" r="14" fill="#fff" stroke="#111" stroke-width="3"/>',
            '<circle cx="18" cy="18" r="8" fill="#fff" stroke="#222" stroke-width="2"/>',
        ]
    if name.startswith("district"):
        return [
            f'<rect x="{4 + 10 * c}" y="{4 + 10 * r}" width="10" height="10" '
            f'fill="{DISTRICT_FILLS[(r + c) % 2]}" stroke="#9a8c64" stroke-width="1"/>'
            for r in range(3)
            for c in range(3)
        ]
    if name.startswith("tourist"):
        return [_star(18, 18, 11, 16), _shape("circle", 18, 18, "#fff", scale=0.8)]
    if name.startswith("central"):
        return [
            '<circle cx="18" cy="18" r="13" fill="#333" stroke="#222" stroke-width="2"/>',
            '<text x="18" y="25" font-size="19" font-weight="bold" fill="#fff" '
            'text-anchor="middle">?</text>',
        ]
    return [
        '<polyline points="2,12 12,12 20,24 34,24" fill="none" stroke="#9ccbe8" '
        'stroke-width="9" stroke-linejoin="round" stroke-linecap="round"/>'
    ]


def render_objective(name: str) -> Svg:
    """A shared objective's sign: what it counts, and how many it needs."""
    count = re.sub(r"\D", "", name)
    return Svg(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48" '
        'font-family="sans-serif">'
        + "".join(_objective_sign(name))
        + f'<text x="46" y="46" font-size="19" font-weight="bold" text-anchor="end" '
        f'fill="#222" stroke="#fff" stroke-width="0.6">{count}</text></svg>'
    )


def _power_sign(power: str) -> list[str]:
    """What a pencil power does, drawn with the map's own marks."""
    grey = 'stroke="#555" stroke-width="5" stroke-linecap="round" fill="none"'
    if power == "double":  # two sections drawn in one turn
        return [
            f'<polyline points="9,39 24,11 39,39" {grey} stroke-linejoin="round"/>',
            _shape("circle", 9, 39, "#fff", scale=0.6),
            _shape("square", 24, 11, "#fff", scale=0.6),
            _shape("triangle", 39, 39, "#fff", scale=0.6),
        ]
    if power == "joker":  # the joker card's four shapes: any station
        return [
            _shape(shape, 24 + dx, 24 + dy, "#fff", scale=0.6)
            for shape, dx, dy in zip(SHAPES, (-10, 10, -10, 10), (-10, -10, 10, 10), strict=True)
        ]
    if power == "switch":  # the Switch card's fork: a branch from any station
        return [f'<path d="M24,44 L24,24 M24,26 L12,6 M24,26 L36,6" {grey}/>']
    return [  # circle: one station counted twice
        _shape("circle", 24, 24, "#fff", scale=0.9),
        '<circle cx="24" cy="24" r="19" fill="none" stroke="#222" stroke-width="3" '
        'stroke-dasharray="5 3"/>',
    ]


def render_power(power: str) -> Svg:
    """A pencil power's sign: what it lets a line do, for its card among others."""
    return Svg(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48">'
        + "".join(_power_sign(power))
        + "</svg>"
    )
