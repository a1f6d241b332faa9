"""Chance outcomes: the 11 station cards (§4) and the random setup draws (§9–§11).

Each is a small value whose `str` is its canonical text in records:
`under-joker`, `order pink blue green purple`, `objectives central9 thames6`,
`powers purple=double blue=joker pink=circle green=switch`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, permutations

from linecraft.core.errors import ActionSyntaxError
from linecraft.core.i18n import _
from linecraft.games.next_station_london.london import CENTRAL, COLOURS, LONDON, SHAPES

JOKER = "joker"
OBJECTIVES = ("interchange8", "district13", "tourist5", "central9", "thames6")
POWERS = ("double", "joker", "switch", "circle")
UNDERGROUND_PER_ROUND = 5


@dataclass(frozen=True, slots=True)
class Card:
    """A station card; `symbol` is None only for the switch. `bit` is 1 << its place in
    `CARDS`, so the cards flipped in a round are one bitmask."""

    name: str
    underground: bool
    symbol: str | None
    bit: int = field(repr=False)  # where the card sits, not what it shows

    def __str__(self) -> str:
        return self.name


def _card(place: int, name: str) -> Card:
    kind, _dash, face = name.partition("-")
    return Card(name, kind == "under", None if face == "switch" else face, 1 << place)


CARDS: tuple[Card, ...] = tuple(
    _card(place, name)
    for place, name in enumerate(
        f"{kind}-{face}"
        for kind, faces in (("street", (*SHAPES, JOKER, "switch")), ("under", (*SHAPES, JOKER)))
        for face in faces
    )
)
CARD_BY_NAME = {card.name: card for card in CARDS}


def _decks_left() -> tuple[tuple[Card, ...], ...]:
    """Entry `flipped` (a bitmask of `Card.bit`): the cards still in the round's deck, in
    the order of `CARDS`; a flip's outcomes without comparing cards."""
    return tuple(
        tuple(card for card in CARDS if not flipped & card.bit)
        for flipped in range(1 << len(CARDS))
    )


DECK_LEFT = _decks_left()


def _stations_matching() -> dict[str, int]:
    """For each card symbol, the stations a section may end at on its turn (§4.2), as a
    bitmask (bit s: station s): its shape and Central Station; any station for the joker."""
    matching = {
        symbol: sum(1 << s.index for s in LONDON.stations if s.shape in (CENTRAL, symbol))
        for symbol in SHAPES
    }
    return {**matching, JOKER: (1 << len(LONDON.stations)) - 1}


MATCHING = _stations_matching()


@dataclass(frozen=True, slots=True)
class Order:
    """The colour order of §5.2 (drawn at random in the solo game)."""

    colours: tuple[str, ...]

    def __str__(self) -> str:
        return "order " + " ".join(self.colours)


@dataclass(frozen=True, slots=True)
class ObjectiveDraw:
    """The 2 shared objectives of module A, in the order of the rules' table."""

    names: tuple[str, ...]

    def __str__(self) -> str:
        return "objectives " + " ".join(self.names)


@dataclass(frozen=True, slots=True)
class PowerDraw:
    """Module B: the power of each colour, in the colour order purple, blue, pink, green."""

    powers: tuple[str, ...]

    def of(self, colour: str) -> str:
        return self.powers[COLOURS.index(colour)]

    def __str__(self) -> str:
        pairs = " ".join(f"{c}={p}" for c, p in zip(COLOURS, self.powers, strict=True))
        return "powers " + pairs


ALL_ORDERS = tuple(Order(p) for p in permutations(COLOURS))
ALL_OBJECTIVE_DRAWS = tuple(ObjectiveDraw(pair) for pair in combinations(OBJECTIVES, 2))
ALL_POWER_DRAWS = tuple(PowerDraw(p) for p in permutations(POWERS))


def check_order(colours: tuple[str, ...]) -> tuple[str, ...]:
    if sorted(colours) != sorted(COLOURS):
        raise ValueError(
            # TRANSLATORS: {colours} are the colours' codes, typed as they are
            _("the order must name each of {colours} once").format(colours=", ".join(COLOURS))
        )
    return colours


def check_objectives(names: tuple[str, ...]) -> tuple[str, ...]:
    """Two distinct objective names, returned in the table order."""
    unknown = [n for n in names if n not in OBJECTIVES]
    if unknown or len(set(names)) != 2 or len(names) != 2:
        raise ValueError(
            # TRANSLATORS: {objectives} are the objectives' codes, typed as they are
            _("two different objectives from {objectives}").format(objectives=", ".join(OBJECTIVES))
        )
    return tuple(n for n in OBJECTIVES if n in names)


def check_powers(powers: tuple[str, ...]) -> tuple[str, ...]:
    if sorted(powers) != sorted(POWERS):
        raise ValueError(
            # TRANSLATORS: {powers} and {colours} are codes, typed as they are
            _("each of {powers} once, for the colours {colours} in order").format(
                powers=", ".join(POWERS), colours=", ".join(COLOURS)
            )
        )
    return powers


def parse_outcome(text: str) -> Card | Order | ObjectiveDraw | PowerDraw:
    """The chance outcome named by `text` (any case); `ActionSyntaxError` otherwise."""
    words = text.lower().split()
    if len(words) == 1 and words[0] in CARD_BY_NAME:
        return CARD_BY_NAME[words[0]]
    try:
        if words and words[0] == "order":
            return Order(check_order(tuple(words[1:])))
        if words and words[0] == "objectives":
            return ObjectiveDraw(check_objectives(tuple(words[1:])))
        if words and words[0] == "powers":
            pairs = dict(word.partition("=")[::2] for word in words[1:])
            if sorted(pairs) != sorted(COLOURS) or len(words) != 5:
                raise ValueError(
                    # TRANSLATORS: purple=… blue=… pink=… green=… is typed as it is
                    _("name the power of each colour: purple=… blue=… pink=… green=…")
                )
            return PowerDraw(check_powers(tuple(pairs[c] for c in COLOURS)))
    except ValueError as exc:
        raise ActionSyntaxError(f"{text!r}: {exc}") from None
    raise ActionSyntaxError(
        # TRANSLATORS: {cards} are the cards' codes; order, objectives and powers are typed
        # as they are
        _(
            "{text} is not a card ({cards}) or a setup draw (order …, objectives …, powers …)"
        ).format(text=repr(text), cards=", ".join(CARD_BY_NAME))
    )
