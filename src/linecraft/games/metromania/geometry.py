"""The triangular city (§3, our design D1–D6): vertices, edges, spaces, gates, districts.

Vertices are axial `(q, r)`; spaces are `("U", q, r)` or `("D", q, r)`; gates `(s, i)`.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations, product

Vertex = tuple[int, int]
Space = tuple[str, int, int]
Gate = tuple[int, int]
Edge = frozenset[Vertex]

RADIUS = 5
DIRECTIONS: tuple[Vertex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
_DIRECTION_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}
SPOT_TYPES = ("H", "W", "F")  # House, Work, Fun
TYPE_NAMES = {"H": "House", "W": "Work", "F": "Fun"}


def ring(v: Vertex) -> int:
    q, r = v
    return max(abs(q), abs(r), abs(q + r))


def add(v: Vertex, d: Vertex, times: int = 1) -> Vertex:
    return v[0] + times * d[0], v[1] + times * d[1]


CITY_VERTICES: frozenset[Vertex] = frozenset(
    (q, r)
    for q in range(-RADIUS, RADIUS + 1)
    for r in range(-RADIUS, RADIUS + 1)
    if ring((q, r)) <= RADIUS
)


def direction_index(a: Vertex, b: Vertex) -> int | None:
    return _DIRECTION_INDEX.get((b[0] - a[0], b[1] - a[1]))


def neighbours(v: Vertex) -> list[Vertex]:
    return [add(v, d) for d in DIRECTIONS]


def edge(a: Vertex, b: Vertex) -> Edge:
    return frozenset((a, b))


CITY_EDGES: frozenset[Edge] = frozenset(
    edge(v, w) for v in CITY_VERTICES for w in neighbours(v) if w in CITY_VERTICES
)


@cache
def corners(space: Space) -> tuple[Vertex, Vertex, Vertex]:
    kind, q, r = space
    if kind == "U":
        return (q, r), (q + 1, r), (q, r + 1)
    return (q + 1, r), (q, r + 1), (q + 1, r + 1)


def space_of(points: tuple[Vertex, ...] | frozenset[Vertex]) -> Space:
    """Name a space from its corner set (§3.2)."""
    a = min(p[0] for p in points)
    b = min(p[1] for p in points)
    return ("U", a, b) if (a, b) in points else ("D", a, b)


CITY_SPACES: frozenset[Space] = frozenset(
    (kind, q, r)
    for kind in ("U", "D")
    for q in range(-RADIUS - 1, RADIUS + 1)
    for r in range(-RADIUS - 1, RADIUS + 1)
    if all(c in CITY_VERTICES for c in corners((kind, q, r)))
)


@cache
def bordering(e: Edge) -> list[Space]:
    """The (one or two) spaces, city or not, that have edge `e` as a side."""
    a, _b = sorted(e)
    found = []
    for space in (("U", a[0], a[1]), ("D", a[0], a[1]), ("U", a[0], a[1] - 1),
                  ("D", a[0], a[1] - 1), ("D", a[0] - 1, a[1]), ("U", a[0] - 1, a[1]),
                  ("D", a[0] - 1, a[1] - 1)):  # fmt: skip
        if set(e) <= set(corners(space)):
            found.append(space)
    return found


@cache
def spaces_around(v: Vertex) -> tuple[Space, ...]:
    """The six spaces with corner `v`, in the city or not (a gate's tunnel lies outside)."""
    q, r = v
    return (("U", q, r), ("U", q - 1, r), ("U", q, r - 1),
            ("D", q - 1, r), ("D", q, r - 1), ("D", q - 1, r - 1))  # fmt: skip


@cache
def spaces_at(v: Vertex) -> list[Space]:
    """The city spaces with corner `v`."""
    return [s for s in spaces_around(v) if s in CITY_SPACES]


def touching(a: Space, b: Space) -> bool:
    return bool(set(corners(a)) & set(corners(b)))


# --- sides, gates ---------------------------------------------------------------------------
CORNERS: tuple[Vertex, ...] = tuple(add((0, 0), d, RADIUS) for d in DIRECTIONS)


@cache
def boundary_vertex(side: int, i: int) -> Vertex:
    return add(CORNERS[side], DIRECTIONS[(side + 2) % 6], i)


GATES: tuple[Gate, ...] = tuple((s, i) for s in range(6) for i in range(5))


@cache
def gate_vertices(gate: Gate) -> tuple[Vertex, Vertex]:
    s, i = gate
    return boundary_vertex(s, i), boundary_vertex(s, i + 1)


@cache
def gate_apex(gate: Gate) -> Vertex:
    s, i = gate
    return add(boundary_vertex(s, i), DIRECTIONS[(s + 1) % 6])


@cache
def gate_space(gate: Gate) -> Space:
    return space_of((*gate_vertices(gate), gate_apex(gate)))


@cache
def is_white(gate: Gate, pattern: str) -> bool:
    """Standard: W B W B W on every side; alternating: white when 5·s + i is even (§3.5)."""
    s, i = gate
    return i % 2 == 0 if pattern == "standard" else (5 * s + i) % 2 == 0


def far_sides(side: int) -> tuple[int, int, int]:
    return (side + 2) % 6, (side + 3) % 6, (side + 4) % 6


# --- text forms -------------------------------------------------------------------------------
def _int(text: str) -> int | None:
    """A coordinate: ASCII digits (`isdigit` alone also takes "³"), short enough that
    no one types a number larger than any board."""
    body = text[1:] if text.startswith("-") else text
    if (
        len(body) > 6
        or not (body.isascii() and body.isdigit())
        or (len(body) > 1 and body[0] == "0")
        or text == "-0"
    ):
        return None
    return int(text)


def parse_vertex(text: str) -> Vertex | None:
    q, comma, r = text.partition(",")
    a, b = _int(q), _int(r)
    return (a, b) if comma and a is not None and b is not None else None


def vertex_text(v: Vertex) -> str:
    return f"{v[0]},{v[1]}"


def parse_space(text: str) -> Space | None:
    if len(text) < 4 or text[0] not in "UD":
        return None
    v = parse_vertex(text[1:])
    return None if v is None else (text[0], v[0], v[1])


def space_text(space: Space) -> str:
    return f"{space[0]}{space[1]},{space[2]}"


def parse_gate(text: str) -> Gate | None:
    shaped = len(text) == 4 and text[0] == "G" and text[2] == "."
    if shaped and text[1] in "012345" and text[3] in "01234":
        return int(text[1]), int(text[3])
    return None


def gate_text(gate: Gate) -> str:
    return f"G{gate[0]}.{gate[1]}"


# --- districts --------------------------------------------------------------------------------
def _cells(text: str) -> tuple[Space, ...]:
    cells = [parse_space(word) for word in text.split()]
    return tuple(c for c in cells if c is not None)


# District contents on the canonical tile (D6): House, Work, Fun, and the Lake or Park.
DISTRICTS: dict[int, dict[str, tuple[Space, ...]]] = {
    1: {"H": _cells("U0,0"), "W": _cells("U3,1"), "F": _cells("U0,4"), "lake": _cells("U1,1 D1,1")},
    2: {"H": _cells("U1,0"), "W": _cells("U2,2"), "F": _cells("U0,2")},
    3: {"H": _cells("D2,0"), "W": _cells("U0,1"), "F": _cells("U1,3")},
    4: {"H": _cells("U0,0"), "W": _cells("U0,3"), "F": _cells("U4,0"), "park": _cells("U2,1 D1,1")},
    5: {"H": _cells("U1,2"), "W": _cells("D3,0"), "F": _cells("D0,0")},
    6: {"H": _cells("U3,1"), "W": _cells("D1,0"), "F": _cells("D0,3")},
}

Layout = tuple[tuple[int, int], ...]  # per sector: (district, orientation)
IDENTITY_LAYOUT: Layout = tuple((d, 0) for d in range(1, 7))


def _turn_tile(v: Vertex) -> Vertex:
    return 5 - v[0] - v[1], v[0]


def _turn_plane(v: Vertex) -> Vertex:
    return -v[1], v[0] + v[1]


def place(space: Space, sector: int, orientation: int) -> Space:
    """Where a canonical tile's space lands in `sector` with `orientation` (D5)."""
    points = list(corners(space))
    for _ in range(orientation):
        points = [_turn_tile(p) for p in points]
    for _ in range(sector):
        points = [_turn_plane(p) for p in points]
    return space_of(tuple(points))


@cache
def special_cells(layout: Layout) -> dict[Space, str]:
    """Space → "H", "W", "F", "lake" or "park" for a layout."""
    found: dict[Space, str] = {}
    for sector, (district, orientation) in enumerate(layout):
        for kind, cells in DISTRICTS[district].items():
            for cell in cells:
                found[place(cell, sector, orientation)] = kind
    return found


def all_layouts() -> list[Layout]:
    return [
        tuple(zip(order, turns, strict=True))
        for order in permutations(range(1, 7))
        for turns in product(range(3), repeat=6)
    ]
