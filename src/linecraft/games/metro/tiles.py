"""Track tiles (§3) and the module-3 central track pieces (§13).

A code has one letter per even exit 0, 2, 4, 6 naming where its track goes:
`a` straight across (e+5), `b` wide curve clockwise (e+3), `c` tight curve
counter-clockwise (e+7), `d` U-turn (e+1). The tile set is loaded from `tiles.json`
and checked at import.
"""

from __future__ import annotations

import json
from importlib import resources
from itertools import product

SHIFT = {"a": 5, "b": 3, "c": 7, "d": 1}
TOTAL_TILES = 60
CENTRAL_PIECES = ("AAAA", "AACB", "BCBC", "CCCC", "BBBB", "ACCD", "ADBB", "ADAD")  # CT1–CT8


class TileDataError(Exception):
    """The tile data file breaks one of the tile set's invariants."""


def connections(code: str) -> tuple[int, ...]:
    """`connect[e]`: the exit joined to exit e, for all 8 exits (a symmetric pairing)."""
    connect = [-1] * 8
    for index, letter in enumerate(code.lower()):
        even = 2 * index
        odd = (even + SHIFT[letter]) % 8
        connect[even], connect[odd] = odd, even
    return tuple(connect)


def is_valid_code(code: str) -> bool:
    if len(code) != 4 or any(letter not in SHIFT for letter in code.lower()):
        return False
    return -1 not in connections(code)


def rotate(code: str, quarter_turns: int) -> str:
    """The code after `quarter_turns` clockwise quarter turns (wxyz → zwxy each)."""
    k = quarter_turns % 4
    return code[-k:] + code[:-k] if k else code


def design(code: str) -> str:
    """The rotation class of a code: its smallest rotation."""
    return min(rotate(code, k) for k in range(4))


VALID_CODES = tuple(
    "".join(letters) for letters in product("abcd", repeat=4) if is_valid_code("".join(letters))
)


def _load() -> dict[str, int]:
    text = resources.files(__package__).joinpath("tiles.json").read_text()
    copies = {row["code"]: int(row["copies"]) for row in json.loads(text)["tiles"]}
    problems = []
    if sorted(copies) != sorted(VALID_CODES) or len(VALID_CODES) != 24:
        problems.append("the tile codes are not the 24 valid codes")
    if sum(copies.values()) != TOTAL_TILES:
        problems.append(f"{sum(copies.values())} tiles, expected {TOTAL_TILES}")
    for code, count in copies.items():
        if any(copies.get(rotate(code, k)) != count for k in range(4)):
            problems.append(f"the rotations of {code} have different counts")
    if problems:
        raise TileDataError("tiles.json: " + "; ".join(problems))
    return copies


COPIES: dict[str, int] = _load()
CONNECT: dict[str, tuple[int, ...]] = {
    code: connections(code) for code in (*VALID_CODES, *(p for p in CENTRAL_PIECES))
}
for _piece in CENTRAL_PIECES:
    for _k in range(4):
        CONNECT[rotate(_piece, _k)] = connections(rotate(_piece, _k))


def _turns(code: str) -> tuple[tuple[int, str], ...]:
    """(quarter turns, the code as laid) for each distinct way to lay `code`, naming a
    laying by its fewest quarter turns (Ruling 7)."""
    laid: dict[str, int] = {}
    for k in range(4):
        laid.setdefault(rotate(code, k), k)
    return tuple((k, placed) for placed, k in laid.items())


# Printed code → its distinct layings, in the order of their quarter turns.
TURNS: dict[str, tuple[tuple[int, str], ...]] = {code: _turns(code) for code in VALID_CODES}

DESIGN_COPIES: dict[str, int] = {}
for _code, _count in COPIES.items():
    DESIGN_COPIES[design(_code)] = DESIGN_COPIES.get(design(_code), 0) + _count
