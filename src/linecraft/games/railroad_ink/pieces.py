"""Dice faces, special routes, orientations and piece geometry (rules §3–§6).

A piece is written as its side token: the side types for N, E, S, W, then `+`
for a station or `x` for an overpass. All data about pieces lives here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from linecraft.core.i18n import _
from linecraft.games.railroad_ink.phrases import N_, Phrase

HIGHWAY, RAILWAY, LAVA, BLANK = "H", "R", "L", "."
ROUTE_TYPES = (HIGHWAY, RAILWAY)
SIDE_NAMES = "NESW"
N, E, S, W = range(4)
OPPOSITE = (S, W, N, E)
# A side's type as a refusal names it, e.g. "N side (highway)".
TYPE_NAMES = {
    HIGHWAY: Phrase(N_("highway")),
    RAILWAY: Phrase(N_("railway")),
    LAVA: Phrase(N_("lava")),
    BLANK: Phrase(N_("blank")),
}

ROUTE_FACES = ("HS", "RS", "HC", "RC", "HT", "RT")
STATION_FACES = ("OV", "SS", "SC")
SPECIAL_ROUTES = ("x1", "x2", "x3", "x4", "x5", "x6")
SPECIALS_PER_GAME = 3  # special routes a board may draw in a game, one a round at most
LAVA_FACES = ("LC", "LS", "LT", "LR", "LH")  # §9.2, in the normalisation order
LAVA_FACE_ODDS = {"LC": (2, 6), "LS": (1, 6), "LT": (1, 6), "LR": (1, 6), "LH": (1, 6)}
VOLCANO = "LLLL"
CRATER, CRATER_SIDE = "****", "*"  # a crater behaves as four blank sides (O13)
DIRECTION_FACES = ("MN", "ME", "MS", "MW", "MA")
DIRECTION_ODDS = {"MN": 1, "ME": 1, "MS": 1, "MW": 1, "MA": 2}  # sixths
DISTANCE_FACES = ("M1", "M2", "M3")
DISTANCE_ODDS = {"M1": 3, "M2": 2, "M3": 1}  # sixths

CANONICAL = {
    "HS": "H.H.",
    "RS": "R.R.",
    "HC": "HH..",
    "RC": "RR..",
    "HT": "HHH.",
    "RT": "RRR.",
    "OV": "HRHRx",
    "SS": "H.R.+",
    "SC": "HR..+",
    "x1": "HHRH+",
    "x2": "HRRR+",
    "x3": "HHHH",
    "x4": "RRRR",
    "x5": "HRRH+",
    "x6": "HRHR+",
    "LC": "LL..",
    "LS": "L.L.",
    "LT": "LLL.",
    "LR": "R.RL",
    "LH": "H.HL",
    "V": VOLCANO,
}

# A face as a refusal names it (the command line shows these too).
FACE_NAMES = {
    "HS": N_("straight highway"),
    "RS": N_("straight railway"),
    "HC": N_("curved highway"),
    "RC": N_("curved railway"),
    "HT": N_("highway T-junction"),
    "RT": N_("railway T-junction"),
    "OV": N_("overpass"),
    "SS": N_("straight station"),
    "SC": N_("curved station"),
    "x1": N_("station with 3 highways and 1 railway"),
    "x2": N_("station with 1 highway and 3 railways"),
    "x3": N_("highway crossing"),
    "x4": N_("railway crossing"),
    "x5": N_("station, adjacent pairs"),
    "x6": N_("station, opposite pairs"),
    "LC": N_("lava corner"),
    "LS": N_("straight lava"),
    "LT": N_("three lava sides"),
    "LR": N_("lava and a straight railway"),
    "LH": N_("lava and a straight highway"),
    "V": N_("volcano"),
}


def rotate(token: str) -> str:
    """One clockwise quarter turn: what was on the west side is now on the north side."""
    return token[3] + token[0] + token[1] + token[2] + token[4:]


def mirror(token: str) -> str:
    """Swap the east and west sides."""
    return token[0] + token[3] + token[2] + token[1] + token[4:]


def orientation_tokens(code: str) -> tuple[str, ...]:
    """The distinct drawings of a face, in the order k = 0…7 of rules §6.

    >>> orientation_tokens("SC")
    ('HR..+', '.HR.+', '..HR+', 'R..H+', 'H..R+', 'RH..+', '.RH.+', '..RH+')
    >>> orientation_tokens("HS")
    ('H.H.', '.H.H')
    """
    return _ORIENTATIONS[code]


def all_orientations(canonical: str) -> tuple[str, ...]:
    """Every distinct drawing of a token: its rotations, then its mirror image's."""
    tokens: list[str] = []
    for start in (canonical, mirror(canonical)):
        token = start
        for _turn in range(4):
            if token not in tokens:
                tokens.append(token)
            token = rotate(token)
    return tuple(tokens)


_ORIENTATIONS = {code: all_orientations(token) for code, token in CANONICAL.items()}
FACE_OF_TOKEN = {
    token: code for code, tokens in _ORIENTATIONS.items() for token in tokens
}  # every base token belongs to exactly one face


@dataclass(frozen=True, slots=True)
class Piece:
    """What a well-formed token draws in one square: side types and parts (§4)."""

    token: str
    sides: str
    parts: tuple[tuple[int, ...], ...]  # route parts only
    is_station: bool
    is_overpass: bool
    lava: tuple[int, ...] = ()  # the lava sides, one part of their own (§9.3)

    @property
    def is_lava(self) -> bool:
        return bool(self.lava)


@cache
def piece(token: str) -> Piece:
    """Parse a surface token of the base game; `ValueError` says what is wrong.

    A `+` on a single-type piece is accepted and dropped (§12.2).

    >>> piece("HRHRx").parts
    ((0, 2), (1, 3))
    >>> piece("H.R.+").is_station
    True
    """
    if token == CRATER:
        return Piece(CRATER, "....", (), False, False)
    sides, suffix = token[:4], token[4:]
    if len(token) < 4 or any(c not in "HRL." for c in sides):
        raise ValueError(
            _("{token} is not a token: four sides from H, R, L, . (N, E, S, W)").format(
                token=repr(token)
            )
        )
    if LAVA in sides:
        return _lava_piece(token)
    if suffix not in ("", "+", "x"):
        raise ValueError(
            _("{token}: the suffix must be '+' (station) or 'x' (overpass)").format(
                token=repr(token)
            )
        )
    if sides == "....":
        raise ValueError(
            _("{token}: an empty square is written '....' with no suffix").format(token=repr(token))
        )
    kinds = {c for c in sides if c != BLANK}
    routes = tuple(i for i, c in enumerate(sides) if c != BLANK)
    if suffix == "x":
        if sides not in ("HRHR", "RHRH"):
            raise ValueError(
                _("{token}: only HRHR or RHRH can be an overpass").format(token=repr(token))
            )
        highway = tuple(i for i in routes if sides[i] == HIGHWAY)
        railway = tuple(i for i in routes if sides[i] == RAILWAY)
        return Piece(token, sides, (highway, railway), False, True)
    if len(kinds) == 2:
        if suffix != "+":
            raise ValueError(
                _("{token}: highway and railway meet only in a station ('+')").format(
                    token=repr(token)
                )
            )
        return Piece(token, sides, (routes,), True, False)
    return Piece(sides, sides, (routes,), False, False)


def _lava_piece(token: str) -> Piece:
    """A lava square: lava sides in one part, at most one route type beside them (§12.2)."""
    sides, suffix = token[:4], token[4:]
    if suffix:
        raise ValueError(_("{token}: a lava square takes no suffix").format(token=repr(token)))
    kinds = {c for c in sides if c not in (BLANK, LAVA)}
    if len(kinds) > 1:
        raise ValueError(
            _("{token}: a lava square holds at most one route type").format(token=repr(token))
        )
    routes = tuple(i for i, c in enumerate(sides) if c in kinds)
    lava = tuple(i for i, c in enumerate(sides) if c == LAVA)
    return Piece(sides, sides, (routes,) if routes else (), False, False, lava)
