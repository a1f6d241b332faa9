"""The action notation of §17.3 and dense ids; the chance outcomes' text.

Placements always carry the printed code in their canonical text; `rK` appears only
in the free-rotation variant (rotation None means fixed orientation).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from linecraft.core.errors import ActionSyntaxError
from linecraft.core.i18n import N_, _
from linecraft.games.metro.board import CENTRAL_POSITIONS, SQUARES, parse_square, square_name
from linecraft.games.metro.tables import COMPANIES, PERCENTAGES, parse_share, share_text
from linecraft.games.metro.tiles import CENTRAL_PIECES, VALID_CODES, design

_ROTATIONS = 5  # None, then 0-3
_PLACE_IDS = SQUARES * len(VALID_CODES) * _ROTATIONS
DRAW_ID, PASS_ID = _PLACE_IDS, _PLACE_IDS + 1
_EXCHANGE_BASE = _PLACE_IDS + 2
_CENTRAL_BASE = _EXCHANGE_BASE + 2 * len(PERCENTAGES)
_SHARE_CHOICES = 1 + len(COMPANIES) * len(PERCENTAGES)
NUM_DISTINCT_ACTIONS = _CENTRAL_BASE + len(CENTRAL_POSITIONS) * _SHARE_CHOICES


@dataclass(frozen=True, slots=True)
class Place:
    """Place a tile: `code` as printed (None: the only tile in hand), `rotation` quarter
    turns clockwise (None: fixed orientation)."""

    square: int
    code: str | None = None
    rotation: int | None = None

    def __str__(self) -> str:
        code = f" {self.code}" if self.code else ""
        rotation = "" if self.rotation is None else f" r{self.rotation}"
        return f"place {square_name(self.square)}{code}{rotation}"

    @property
    def id(self) -> int:
        assert self.code is not None
        rotation = 0 if self.rotation is None else 1 + self.rotation
        return (
            self.square * len(VALID_CODES) + VALID_CODES.index(self.code)
        ) * _ROTATIONS + rotation


@cache
def placings(code: str, rotation: int | None) -> tuple[Place, ...]:
    """Every `Place` of `code` turned `rotation`, by square, made once: legal-action
    lists repeat them all game."""
    return tuple(Place(sq, code, rotation) for sq in range(SQUARES))


@dataclass(frozen=True, slots=True)
class Draw:
    def __str__(self) -> str:
        return "draw"

    @property
    def id(self) -> int:
        return DRAW_ID


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"

    @property
    def id(self) -> int:
        return PASS_ID


@dataclass(frozen=True, slots=True)
class Exchange:
    """Module 1: return your `percentage` share; take the open share or the top one."""

    percentage: int
    take: str  # "open" or "top"

    def __str__(self) -> str:
        return f"exchange {self.percentage} {self.take}"

    @property
    def id(self) -> int:
        return _EXCHANGE_BASE + 2 * PERCENTAGES.index(self.percentage) + (self.take == "top")


@dataclass(frozen=True, slots=True)
class Central:
    """Module 2: a central car on `position`; with module 1, revealing `share`."""

    position: str
    share: tuple[str, int] | None = None

    def __str__(self) -> str:
        tail = f" {share_text(*self.share)}" if self.share else ""
        return f"central {self.position}{tail}"

    @property
    def id(self) -> int:
        choice = 0
        if self.share is not None:
            company, percentage = self.share
            choice = 1 + COMPANIES.index(company) * len(PERCENTAGES) + PERCENTAGES.index(percentage)
        return _CENTRAL_BASE + CENTRAL_POSITIONS.index(self.position) * _SHARE_CHOICES + choice


MetroAction = Place | Draw | Pass | Exchange | Central


def action_from_id(number: int) -> MetroAction:
    if not 0 <= number < NUM_DISTINCT_ACTIONS:
        raise ActionSyntaxError(f"action id {number} is outside 0..{NUM_DISTINCT_ACTIONS - 1}")
    if number < _PLACE_IDS:
        rest, rotation = divmod(number, _ROTATIONS)
        sq, code = divmod(rest, len(VALID_CODES))
        return Place(sq, VALID_CODES[code], None if rotation == 0 else rotation - 1)
    if number == DRAW_ID:
        return Draw()
    if number == PASS_ID:
        return Pass()
    if number < _CENTRAL_BASE:
        index, top = divmod(number - _EXCHANGE_BASE, 2)
        return Exchange(PERCENTAGES[index], "top" if top else "open")
    position, choice = divmod(number - _CENTRAL_BASE, _SHARE_CHOICES)
    share = None
    if choice:
        company, percentage = divmod(choice - 1, len(PERCENTAGES))
        share = (COMPANIES[company], PERCENTAGES[percentage])
    return Central(CENTRAL_POSITIONS[position], share)


# TRANSLATORS: the moves in notation, typed as they are: translate only "expected" and "or".
USAGE = N_(
    "expected: place RC [CODE [rK]], draw, exchange 10|20|30|40 open|top, "
    "central Ck [SHARE], or pass"
)


def parse_action(text: str) -> MetroAction:
    words = text.split()
    head = words[0].lower() if words else ""
    if head in ("draw", "pass") and len(words) == 1:
        return Draw() if head == "draw" else Pass()
    if head == "place" and 2 <= len(words) <= 4:
        sq = parse_square(words[1])
        if sq is None:
            # TRANSLATORS: {text} is the move typed; {word} a part of it, e.g. '99'.
            told = _("{text}: {word} is not a square RC (row, column)")
            raise ActionSyntaxError(told.format(text=repr(text), word=repr(words[1])))
        code = words[2].lower() if len(words) >= 3 else None
        if code is not None and code not in VALID_CODES:
            told = _("{text}: {word} is not a tile code")
            raise ActionSyntaxError(told.format(text=repr(text), word=repr(words[2])))
        rotation = None
        if len(words) == 4:
            if words[3] not in ("r0", "r1", "r2", "r3"):
                told = _("{text}: the rotation is r0, r1, r2 or r3")
                raise ActionSyntaxError(told.format(text=repr(text)))
            rotation = int(words[3][1])
        return Place(sq, code, rotation)
    exchange = len(words) == 3 and words[1] in ("10", "20", "30", "40")
    if head == "exchange" and exchange and words[2] in ("open", "top"):
        return Exchange(int(words[1]), words[2])
    if head == "central" and len(words) in (2, 3) and words[1].upper() in CENTRAL_POSITIONS:
        share = parse_share(words[2]) if len(words) == 3 else None
        if len(words) == 3 and share is None:
            told = _("{text}: {word} is not a share like Y40")
            raise ActionSyntaxError(told.format(text=repr(text), word=repr(words[2])))
        return Central(words[1].upper(), share)
    # TRANSLATORS: {usage} lists the moves: "expected: place RC …, or pass".
    told = _("{text} is not a Metro action ({usage})")
    raise ActionSyntaxError(told.format(text=repr(text), usage=_(USAGE)))


# --- chance outcomes ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Outcome:
    """A chance event's result: `tile CODE` (a tile drawn), `centre CODE` (a central piece
    as placed), `share Y40` (a share taken), `open Y40` (a share turned face up),
    `number 12` (a station-number token dealt)."""

    kind: str
    value: str

    def __str__(self) -> str:
        return f"{self.kind} {self.value}"


# Every tile draw, made once: a pile is listed at each draw.
TILE_OUTCOMES = {code: Outcome("tile", code) for code in VALID_CODES}


def parse_outcome(text: str) -> Outcome:
    words = text.split()
    if len(words) == 2:
        kind, value = words[0].lower(), words[1]
        if kind == "tile" and value.lower() in VALID_CODES:
            return Outcome(kind, value.lower())
        if kind == "centre" and value.isupper() and design(value) in CENTRAL_PIECES:
            return Outcome(kind, value)
        if kind in ("share", "open") and parse_share(value):
            return Outcome(kind, value.upper())
        if kind == "number" and value.isdigit() and 1 <= int(value) <= 32:
            return Outcome(kind, value)
    # TRANSLATORS: {text} is what was typed; keep the notation in brackets as it is.
    told = _(
        "{text} is not a chance outcome (tile CODE, centre CODE, share Y40, open Y40, number N)"
    )
    raise ActionSyntaxError(told.format(text=repr(text)))
