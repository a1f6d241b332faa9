"""Board geometry (§2): squares, exits and their neighbours, the 32 edge stations,
the 8 central positions, and which departure and arrival tracks a square touches.

Squares are indexes `8 * row + col`; exits are numbered 0–7 clockwise from the
top-left. Departures and arrivals are ids `"1"`…`"32"` and `"C1"`…`"C8"`.
"""

from __future__ import annotations

SIZE = 8
SQUARES = SIZE * SIZE
CENTRAL_SQUARES = (27, 28, 35, 36)  # (3,3) (3,4) (4,3) (4,4)
TILE_SQUARES = tuple(s for s in range(SQUARES) if s not in CENTRAL_SQUARES)
EDGE_STATIONS = tuple(str(n) for n in range(1, 33))
CENTRAL_POSITIONS = tuple(f"C{n}" for n in range(1, 9))


def square(row: int, col: int) -> int:
    return SIZE * row + col


def square_name(sq: int) -> str:
    return f"{sq // SIZE}{sq % SIZE}"


def parse_square(text: str) -> int | None:
    if (
        len(text) == 2
        and text.isascii()
        and text.isdigit()
        and int(text[0]) < SIZE
        and int(text[1]) < SIZE
    ):
        return square(int(text[0]), int(text[1]))
    return None


def on_outer_ring(sq: int) -> bool:
    row, col = divmod(sq, SIZE)
    return row in (0, SIZE - 1) or col in (0, SIZE - 1)


def orthogonal_neighbours(sq: int) -> list[int]:
    row, col = divmod(sq, SIZE)
    found = []
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            found.append(square(r, c))
    return found


def across(sq: int, exit_: int) -> tuple[int, int] | None:
    """The square and exit that exit `exit_` of `sq` touches (§2.3); None off the grid."""
    row, col = divmod(sq, SIZE)
    if exit_ in (0, 1):
        row, partner = row - 1, 5 - exit_
    elif exit_ in (4, 5):
        row, partner = row + 1, 5 - exit_
    elif exit_ in (2, 3):
        col, partner = col + 1, 9 - exit_
    else:
        col, partner = col - 1, 9 - exit_
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        return None
    return square(row, col), partner


# `ACROSS[sq][exit]` is `across(sq, exit)`, looked up at every step of a route.
ACROSS = tuple(tuple(across(sq, exit_) for exit_ in range(8)) for sq in range(SQUARES))
# `TILE_NEIGHBOURS[sq]`: the tile squares among `orthogonal_neighbours(sq)`.
TILE_NEIGHBOURS = tuple(
    tuple(n for n in orthogonal_neighbours(sq) if n not in CENTRAL_SQUARES) for sq in range(SQUARES)
)


def _edge_departure(station: int) -> tuple[int, int]:
    if station <= 8:
        return square(0, 8 - station), 0
    if station <= 16:
        return square(station - 9, 0), 6
    if station <= 24:
        return square(7, station - 17), 4
    return square(32 - station, 7), 2


# Central positions: (tile square faced, departure exit, arrival exit) (§2.5).
_CENTRAL = {
    "C1": (square(2, 4), 4, 5),
    "C2": (square(2, 3), 4, 5),
    "C3": (square(3, 2), 2, 3),
    "C4": (square(4, 2), 2, 3),
    "C5": (square(5, 3), 0, 1),
    "C6": (square(5, 4), 0, 1),
    "C7": (square(4, 5), 6, 7),
    "C8": (square(3, 5), 6, 7),
}

# Every departure: (square, the even exit its route enters by).
DEPARTURES: dict[str, tuple[int, int]] = {
    **{str(s): _edge_departure(s) for s in range(1, 33)},
    **{pos: (sq, dep) for pos, (sq, dep, _) in _CENTRAL.items()},
}
DEPARTURE_ORDER = (*EDGE_STATIONS, *CENTRAL_POSITIONS)


def _edge_arrivals() -> dict[tuple[int, int], str]:
    found = {}
    for station in range(1, 33):
        sq, dep = _edge_departure(station)
        found[sq, dep + 1] = str(station)  # the arrival exit is the odd one beside it
    return found


EDGE_ARRIVALS = _edge_arrivals()
CENTRAL_ARRIVALS = {(sq, arr): pos for pos, (sq, _, arr) in _CENTRAL.items()}
