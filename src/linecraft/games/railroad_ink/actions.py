"""Actions and rolls with their canonical text (rules §13) and dense integer ids."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial

from linecraft.core.errors import ActionSyntaxError
from linecraft.games.railroad_ink.board import CELLS, cell_name, parse_cell
from linecraft.games.railroad_ink.pieces import (
    ROUTE_FACES,
    SPECIAL_ROUTES,
    STATION_FACES,
    orientation_tokens,
)

DICE = ("d1", "d2", "d3", "d4")
SOURCES = DICE + SPECIAL_ROUTES

# The tokens each source can draw: its id block is cells × these tokens.
_SOURCE_TOKENS: dict[str, tuple[str, ...]] = {
    **{die: tuple(t for f in ROUTE_FACES for t in orientation_tokens(f)) for die in DICE[:3]},
    "d4": tuple(t for f in STATION_FACES for t in orientation_tokens(f)),
    **{x: orientation_tokens(x) for x in SPECIAL_ROUTES},
}
_TOKEN_INDEX = {s: {t: i for i, t in enumerate(ts)} for s, ts in _SOURCE_TOKENS.items()}
_OFFSET: dict[str, int] = {}
_next_id = 2  # 0 is `end`, 1 is `undo`
for _source in SOURCES:
    _OFFSET[_source] = _next_id
    _next_id += CELLS * len(_SOURCE_TOKENS[_source])
NUM_DISTINCT_ACTIONS = _next_id


@dataclass(frozen=True, slots=True)
class Place:
    """Draw the face of `source` on square `cell` as `token`."""

    source: str
    cell: int
    token: str

    def __str__(self) -> str:
        return f"{self.source} {cell_name(self.cell)} {self.token}"

    @property
    def id(self) -> int:
        tokens = _SOURCE_TOKENS[self.source]
        return (
            _OFFSET[self.source] + self.cell * len(tokens) + _TOKEN_INDEX[self.source][self.token]
        )


@dataclass(frozen=True, slots=True)
class End:
    """Declare that one's drawing for this round is finished."""

    def __str__(self) -> str:
        return "end"

    @property
    def id(self) -> int:
        return 0


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back one's most recent action of this round."""

    def __str__(self) -> str:
        return "undo"

    @property
    def id(self) -> int:
        return 1


Action = Place | End | Undo


def parse_action(text: str) -> Action:
    """Read an action; an implied suffix may be omitted (§13.1).

    >>> str(parse_action("D4 b6 HRHR"))
    'd4 B6 HRHRx'
    >>> str(parse_action("x6 B6 HRHR"))
    'x6 B6 HRHR+'
    """
    words = text.split()
    if words in (["end"], ["END"], ["End"]):
        return End()
    if [w.lower() for w in words] == ["undo"]:
        return Undo()
    if len(words) != 3:
        raise ActionSyntaxError(f"{text!r} is not an action: expected '<source> <square> <token>'")
    source, square, token = words[0].lower(), words[1], words[2]
    if source not in _SOURCE_TOKENS:
        raise ActionSyntaxError(f"{text!r}: unknown source {words[0]!r} (d1-d4, x1-x6)")
    try:
        cell = parse_cell(square)
    except ValueError as exc:
        raise ActionSyntaxError(f"{text!r}: {exc}") from None
    canonical = _complete_token(source, token)
    if canonical is None:
        raise ActionSyntaxError(f"{text!r}: {token!r} is not a drawing that {source} can make")
    return Place(source, cell, canonical)


def _complete_token(source: str, token: str) -> str | None:
    allowed = _SOURCE_TOKENS[source]
    if token in allowed:
        return token
    if len(token) == 4:
        matches = [t for t in allowed if t[:4] == token]
        if len(matches) == 1:
            return matches[0]
    return None


def action_from_id(action_id: int) -> Action:
    if action_id == 0:
        return End()
    if action_id == 1:
        return Undo()
    for source in reversed(SOURCES):
        offset = _OFFSET[source]
        if offset <= action_id < NUM_DISTINCT_ACTIONS:
            tokens = _SOURCE_TOKENS[source]
            cell, index = divmod(action_id - offset, len(tokens))
            if cell < CELLS:
                return Place(source, cell, tokens[index])
    raise ValueError(f"no action has id {action_id} (ids 0 to {NUM_DISTINCT_ACTIONS - 1})")


_ROUTE_ORDER = {face: i for i, face in enumerate(ROUTE_FACES)}


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll of the four dice, normalised: d1–d3 sorted in the order of §13.4."""

    faces: tuple[str, str, str, str]

    @classmethod
    def of(cls, route: tuple[str, str, str] | list[str], station: str) -> Roll:
        ordered = sorted(route, key=_ROUTE_ORDER.__getitem__)
        return cls((ordered[0], ordered[1], ordered[2], station))

    def __str__(self) -> str:
        return "roll " + " ".join(self.faces)

    def face(self, die: str) -> str:
        return self.faces[DICE.index(die)]

    @property
    def probability(self) -> Fraction:
        counts = [self.faces[:3].count(f) for f in set(self.faces[:3])]
        arrangements = factorial(3)
        for count in counts:
            arrangements //= factorial(count)
        return Fraction(arrangements, 216) * Fraction(1, 3)


def parse_roll(text: str) -> Roll:
    """Read roll text, in any die order (§13.4); the `roll` word may be left out.

    >>> str(parse_roll("roll rt hs hc sc"))
    'roll HS HC RT SC'
    """
    words = [w.upper() for w in text.split()]
    if words and words[0] == "ROLL":
        words = words[1:]
    route = [w for w in words if w in ROUTE_FACES]
    station = [w for w in words if w in STATION_FACES]
    unknown = [w for w in words if w not in ROUTE_FACES and w not in STATION_FACES]
    if unknown or len(route) != 3 or len(station) != 1:
        raise ActionSyntaxError(
            f"{text!r} is not a roll: expected three route faces ({' '.join(ROUTE_FACES)}) "
            f"and one station face ({' '.join(STATION_FACES)})"
        )
    return Roll.of(route, station[0])


ALL_ROLLS = tuple(
    Roll.of(list(route), station)
    for route in combinations_with_replacement(ROUTE_FACES, 3)
    for station in STATION_FACES
)
