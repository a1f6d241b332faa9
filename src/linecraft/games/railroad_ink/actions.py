"""Actions and rolls with their canonical text (rules §13) and dense integer ids."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from linecraft.core.errors import ActionSyntaxError
from linecraft.core.i18n import N_, _
from linecraft.games.railroad_ink.board import CELLS, cell_name, parse_cell
from linecraft.games.railroad_ink.pieces import (
    DIRECTION_FACES,
    DIRECTION_ODDS,
    DISTANCE_FACES,
    DISTANCE_ODDS,
    LAVA_FACE_ODDS,
    LAVA_FACES,
    ROUTE_FACES,
    SPECIAL_ROUTES,
    STATION_FACES,
    orientation_tokens,
)
from linecraft.games.railroad_ink.underground import ALL_UNDER_TOKENS

DICE = ("d1", "d2", "d3", "d4")
LAVA_DICE = ("l1", "l2")
UNDER_SOURCES = ("u1", "u2", "u3", "u4", "u5")
SOURCES = DICE + SPECIAL_ROUTES + LAVA_DICE + UNDER_SOURCES

# The tokens each source can draw: its id block is cells × these tokens.
_SOURCE_TOKENS: dict[str, tuple[str, ...]] = {
    **{die: tuple(t for f in ROUTE_FACES for t in orientation_tokens(f)) for die in DICE[:3]},
    "d4": tuple(t for f in STATION_FACES for t in orientation_tokens(f)),
    **{x: orientation_tokens(x) for x in SPECIAL_ROUTES},
    **{die: tuple(t for f in LAVA_FACES for t in orientation_tokens(f)) for die in LAVA_DICE},
    **dict.fromkeys(UNDER_SOURCES, ALL_UNDER_TOKENS),
}
_TOKEN_INDEX = {s: {t: i for i, t in enumerate(ts)} for s, ts in _SOURCE_TOKENS.items()}
_OFFSET: dict[str, int] = {}
_next_id = 2  # 0 is `end`, 1 is `undo`
for _source in SOURCES:
    _OFFSET[_source] = _next_id
    _next_id += CELLS * len(_SOURCE_TOKENS[_source])
_VOLCANO_BASE = _next_id
_ERASE_BASE = _VOLCANO_BASE + CELLS
_LAVA_TOKENS = _SOURCE_TOKENS["l1"]
_CRATER_ERASE_BASE = _ERASE_BASE + CELLS * len(LAVA_DICE) * len(_LAVA_TOKENS)
_ROUTE_PLACE_IDS = _OFFSET["l1"] - 2  # the ids of route dice and special routes
_STRIKE_BASE = _CRATER_ERASE_BASE + _ROUTE_PLACE_IDS
DIRECTIONS = "NESW"
_IGNORE_BASE = _STRIKE_BASE + len(DIRECTIONS)
_DOUBLE_BASE = _IGNORE_BASE + len(SPECIAL_ROUTES)
NUM_DISTINCT_ACTIONS = _DOUBLE_BASE + len(UNDER_SOURCES) - 1


class _Pickled:
    """How an action or a roll is pickled (the server hands states to worker processes):
    made again from its fields, as a compiled class is only ever made by its constructor."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return type(self), tuple(getattr(self, f.name) for f in fields(self))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Place(_Pickled):
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


@cache
def place(source: str, cell: int, token: str) -> Place:
    """The one `Place` of a drawing: legal moves list the same drawings again and again."""
    return Place(source, cell, token)


@dataclass(frozen=True, slots=True)
class End(_Pickled):
    """Declare that one's drawing for this round is finished."""

    def __str__(self) -> str:
        return "end"

    @property
    def id(self) -> int:
        return 0


@dataclass(frozen=True, slots=True)
class Undo(_Pickled):
    """Take back one's most recent action of this round."""

    def __str__(self) -> str:
        return "undo"

    @property
    def id(self) -> int:
        return 1


@dataclass(frozen=True, slots=True)
class Volcano(_Pickled):
    """Lava: draw a new volcano on an empty square away from lava (§9.5)."""

    cell: int

    def __str__(self) -> str:
        return f"volcano {cell_name(self.cell)}"

    @property
    def id(self) -> int:
        return _VOLCANO_BASE + self.cell


VOLCANOES = tuple(Volcano(cell) for cell in range(CELLS))  # the one `Volcano` of each square


@dataclass(frozen=True, slots=True)
class Erase(_Pickled):
    """Erase `cell` and draw `source` there in one step: a lava die on a route square
    while stuck (Lava, O9), or a route die or special route on a crater (Meteor, O14)."""

    cell: int
    source: str
    token: str

    def __str__(self) -> str:
        return f"erase {cell_name(self.cell)} {self.source} {self.token}"

    @property
    def for_lava(self) -> bool:
        return self.source in LAVA_DICE

    @property
    def id(self) -> int:
        if not self.for_lava:
            return _CRATER_ERASE_BASE + Place(self.source, self.cell, self.token).id - 2
        index = (self.cell * len(LAVA_DICE) + LAVA_DICE.index(self.source)) * len(_LAVA_TOKENS)
        return _ERASE_BASE + index + _LAVA_TOKENS.index(self.token)


@dataclass(frozen=True, slots=True)
class Strike(_Pickled):
    """Meteor: let the meteor strike this board in `direction` (N, E, S or W).

    A strike offered by the rules also knows the square it lands on and whether the
    player chose its direction, so a client shows it there in words; neither is part
    of its notation or its identity."""

    direction: str
    lands: int | None = field(default=None, compare=False)
    chosen: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        return f"strike {self.direction}"

    @property
    def id(self) -> int:
        return _STRIKE_BASE + DIRECTIONS.index(self.direction)


@dataclass(frozen=True, slots=True)
class Ignore(_Pickled):
    """Meteor: cross off special route `special` and ignore this round's meteor."""

    special: str

    def __str__(self) -> str:
        return f"ignore {self.special}"

    @property
    def source(self) -> str:
        return self.special

    @property
    def id(self) -> int:
        return _IGNORE_BASE + SPECIAL_ROUTES.index(self.special)


@dataclass(frozen=True, slots=True)
class Double(_Pickled):
    """Underground: duplicate underground die `die` (u1–u4), creating source u5 (§11.6)."""

    die: str

    def __str__(self) -> str:
        return f"double {self.die}"

    @property
    def id(self) -> int:
        return _DOUBLE_BASE + UNDER_SOURCES.index(self.die)


Action = Place | End | Undo | Volcano | Erase | Strike | Ignore | Double


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
    if len(words) == 2 and words[0].lower() == "volcano":
        try:
            return Volcano(parse_cell(words[1]))
        except ValueError as exc:
            raise _refused(TEXT_PROBLEM, text, problem=exc) from None
    if len(words) == 4 and words[0].lower() == "erase":
        drawn = parse_action(f"{words[2]} {words[1]} {words[3]}")  # as '<source> <cell> <token>'
        if not isinstance(drawn, Place):
            raise _refused(ERASE_WHAT, text)
        return Erase(drawn.cell, drawn.source, drawn.token)
    if len(words) == 2 and words[0].lower() == "strike" and words[1].upper() in DIRECTIONS:
        return Strike(words[1].upper())
    if len(words) == 2 and words[0].lower() == "ignore" and words[1].lower() in SPECIAL_ROUTES:
        return Ignore(words[1].lower())
    if len(words) == 2 and words[0].lower() == "double" and words[1].lower() in UNDER_SOURCES[:4]:
        return Double(words[1].lower())
    if len(words) != 3:
        raise _refused(NOT_AN_ACTION, text)
    source, square, token = words[0].lower(), words[1], words[2]
    if source not in _SOURCE_TOKENS:
        raise _refused(UNKNOWN_SOURCE, text, source=repr(words[0]))
    try:
        cell = parse_cell(square)
    except ValueError as exc:
        raise _refused(TEXT_PROBLEM, text, problem=exc) from None
    canonical = _complete_token(source, token)
    if canonical is None:
        raise _refused(NOT_A_DRAWING, text, token=repr(token), source=source)
    return Place(source, cell, canonical)


# Why a text names no action. {text} is the text as typed, in quotes.
# TRANSLATORS: {problem} says what is wrong with the text, e.g. "'H9' is not a square
# (A1 to G7)".
TEXT_PROBLEM = N_("{text}: {problem}")
ERASE_WHAT = N_("{text}: erase a square and draw a source there")
# TRANSLATORS: '<source> <square> <token>' is the notation's pattern, e.g. "d1 B2 .H.H".
NOT_AN_ACTION = N_("{text} is not an action: expected '<source> <square> <token>'")
# TRANSLATORS: d1-d4, x1-x6, l1, l2, u1-u5 are the sources' codes.
UNKNOWN_SOURCE = N_("{text}: unknown source {source} (d1-d4, x1-x6, l1, l2, u1-u5)")
# TRANSLATORS: {token} is a drawing in notation, e.g. 'H.H.'; {source} a die's code.
NOT_A_DRAWING = N_("{text}: {token} is not a drawing that {source} can make")


def _refused(message: str, text: str, **values: object) -> ActionSyntaxError:
    """A text that names no action, and why, in the reader's language."""
    return ActionSyntaxError(_(message).format(text=repr(text), **values))


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
    if _VOLCANO_BASE <= action_id < _ERASE_BASE:
        return Volcano(action_id - _VOLCANO_BASE)
    if _ERASE_BASE <= action_id < _CRATER_ERASE_BASE:
        rest, token = divmod(action_id - _ERASE_BASE, len(_LAVA_TOKENS))
        cell, die = divmod(rest, len(LAVA_DICE))
        return Erase(cell, LAVA_DICE[die], _LAVA_TOKENS[token])
    if _CRATER_ERASE_BASE <= action_id < _STRIKE_BASE:
        drawn = action_from_id(action_id - _CRATER_ERASE_BASE + 2)
        assert isinstance(drawn, Place)
        return Erase(drawn.cell, drawn.source, drawn.token)
    if _STRIKE_BASE <= action_id < _IGNORE_BASE:
        return Strike(DIRECTIONS[action_id - _STRIKE_BASE])
    if _IGNORE_BASE <= action_id < _DOUBLE_BASE:
        return Ignore(SPECIAL_ROUTES[action_id - _IGNORE_BASE])
    if _DOUBLE_BASE <= action_id < NUM_DISTINCT_ACTIONS:
        return Double(UNDER_SOURCES[action_id - _DOUBLE_BASE])
    for source in reversed(SOURCES):
        offset = _OFFSET[source]
        if offset <= action_id < _VOLCANO_BASE:
            tokens = _SOURCE_TOKENS[source]
            cell, index = divmod(action_id - offset, len(tokens))
            if cell < CELLS:
                return Place(source, cell, tokens[index])
    raise ValueError(f"no action has id {action_id} (ids 0 to {NUM_DISTINCT_ACTIONS - 1})")


_ROUTE_ORDER = {face: i for i, face in enumerate(ROUTE_FACES)}


_LAVA_ORDER = {face: i for i, face in enumerate(LAVA_FACES)}


@dataclass(frozen=True, slots=True)
class Roll(_Pickled):
    """One roll, normalised (§13.4): d1–d3 sorted, then d4, then l1 l2 sorted (Lava)."""

    faces: tuple[str, ...]

    @classmethod
    def of(
        cls,
        route: tuple[str, str, str] | list[str],
        station: str,
        lava: list[str] | None = None,
        meteor: tuple[str, str] | None = None,
    ) -> Roll:
        ordered = sorted(route, key=_ROUTE_ORDER.__getitem__)
        extra = sorted(lava, key=_LAVA_ORDER.__getitem__) if lava else []
        return cls((ordered[0], ordered[1], ordered[2], station, *extra, *(meteor or ())))

    def __str__(self) -> str:
        return "roll " + " ".join(self.faces)

    def face(self, die: str) -> str:
        return self.faces[(DICE + LAVA_DICE).index(die)]

    @property
    def direction(self) -> str:
        return next(f for f in self.faces if f in DIRECTION_FACES)

    @property
    def distance(self) -> int:
        return int(next(f for f in self.faces if f in DISTANCE_FACES)[1])

    @property
    def probability(self) -> Fraction:
        counts = [self.faces[:3].count(f) for f in set(self.faces[:3])]
        arrangements = factorial(3)
        for count in counts:
            arrangements //= factorial(count)
        odds = Fraction(arrangements, 216) * Fraction(1, 3)
        lava = [f for f in self.faces if f in LAVA_FACES]
        if lava:
            first, second = (Fraction(*LAVA_FACE_ODDS[f]) for f in lava)
            odds *= first * second * (1 if lava[0] == lava[1] else 2)
        for face in self.faces[4:]:
            if face in DIRECTION_ODDS:
                odds *= Fraction(DIRECTION_ODDS[face], 6)
            elif face in DISTANCE_ODDS:
                odds *= Fraction(DISTANCE_ODDS[face], 6)
        return odds


# A text that names no roll, by the expansions played (Lava, Meteor); the faces
# in brackets are the codes a roll is written with.
NOT_A_ROLL = {
    (False, False): N_(
        "{text} is not a roll: expected three route faces ({route}), one station face ({station})"
    ),
    (True, False): N_(
        "{text} is not a roll: expected three route faces ({route}), "
        "one station face ({station}), two lava faces ({lava})"
    ),
    (False, True): N_(
        "{text} is not a roll: expected three route faces ({route}), "
        "one station face ({station}), a direction ({direction}) and a distance ({distance})"
    ),
    (True, True): N_(
        "{text} is not a roll: expected three route faces ({route}), "
        "one station face ({station}), two lava faces ({lava}), "
        "a direction ({direction}) and a distance ({distance})"
    ),
}


def parse_roll(text: str, *, lava: bool = False, meteor: bool = False) -> Roll:
    """Read roll text, in any die order (§13.4); the `roll` word may be left out.

    >>> str(parse_roll("roll rt hs hc sc"))
    'roll HS HC RT SC'
    >>> str(parse_roll("LT HS RC HT OV LC", lava=True))
    'roll HS RC HT OV LC LT'
    """
    words = [w.upper() for w in text.split()]
    if words and words[0] == "ROLL":
        words = words[1:]
    route = [w for w in words if w in ROUTE_FACES]
    station = [w for w in words if w in STATION_FACES]
    lava_faces = [w for w in words if w in LAVA_FACES]
    direction = [w for w in words if w in DIRECTION_FACES]
    distance = [w for w in words if w in DISTANCE_FACES]
    known = (*ROUTE_FACES, *STATION_FACES, *LAVA_FACES, *DIRECTION_FACES, *DISTANCE_FACES)
    unknown = [w for w in words if w not in known]
    wanted_meteor = 1 if meteor else 0
    if (
        unknown
        or len(route) != 3
        or len(station) != 1
        or len(lava_faces) != (2 if lava else 0)
        or len(direction) != wanted_meteor
        or len(distance) != wanted_meteor
    ):
        faces = {
            "route": " ".join(ROUTE_FACES),
            "station": " ".join(STATION_FACES),
            "lava": " ".join(LAVA_FACES),
            "direction": " ".join(DIRECTION_FACES),
            "distance": " ".join(DISTANCE_FACES),
        }
        message = _(NOT_A_ROLL[lava, meteor]).format(text=repr(text), **faces)
        raise ActionSyntaxError(message)
    return Roll.of(route, station[0], lava_faces, (direction[0], distance[0]) if meteor else None)


ALL_ROLLS = tuple(
    Roll.of(list(route), station)
    for route in combinations_with_replacement(ROUTE_FACES, 3)
    for station in STATION_FACES
)


def all_rolls(*, lava: bool, meteor: bool) -> tuple[Roll, ...]:
    """Every distinct roll with these expansions (§13.4)."""
    pairs: list[list[str] | None] = (
        [list(p) for p in combinations_with_replacement(LAVA_FACES, 2)] if lava else [None]
    )
    strikes: list[tuple[str, str] | None] = (
        [(d, m) for d in DIRECTION_FACES for m in DISTANCE_FACES] if meteor else [None]
    )
    return tuple(
        Roll.of(list(roll.faces[:3]), roll.faces[3], pair, strike)
        for roll in ALL_ROLLS
        for pair in pairs
        for strike in strikes
    )
