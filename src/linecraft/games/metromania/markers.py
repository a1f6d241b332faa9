"""Destination markers, companies per mode, valid deals (§2, §4, §5.1, §16.2)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

LETTERS = "ABCDEF"
MARKERS = ("AH", "AW", "BW", "BF", "CF", "CH", "DH", "DF", "EW", "EF", "FH", "FW")
TYPE_ORDER = "HWF"
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
SETS_X, SETS_Y = ("AH", "BW", "CF"), ("AW", "BF", "CH")
SETS_P, SETS_Q = ("DH", "EF", "FW"), ("DF", "EW", "FH")
STRICT = {
    (4, "two-companies"): ("AH BW CF", "DH AW EF", "FH EW BF", "CH FW DF"),
    (3, "two-companies"): ("AH FH BW CF", "DH EW FW BF", "CH AW DF EF"),
    (2, "two-companies"): ("AH BW CF", "CH AW BF", "DH FW EF", "FH EW DF"),
    (2, "six-destinations"): ("AH DH BW FW CF EF", "CH FH AW EW BF DF"),
}


def marker_sort_key(code: str) -> tuple[int, str]:
    return TYPE_ORDER.index(code[1]), code[0]


def sort_hand(codes: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(codes, key=marker_sort_key))


def markers_of(letter: str) -> tuple[str, str]:
    """The two markers of a letter, House before Work before Fun."""
    found = sort_hand([m for m in MARKERS if m[0] == letter])
    return found[0], found[1]


@dataclass(frozen=True)
class Mode:
    """Who plays: seats, companies, and which seat runs each company."""

    players: int
    two_player_mode: str = "two-companies"

    @property
    def companies(self) -> int:
        if self.players == 2 and self.two_player_mode == "two-companies":
            return 4
        return self.players

    def seat_of(self, company: int) -> int:
        return company % self.players

    @property
    def lines(self) -> int:
        return 2 * self.companies

    def __reduce__(self) -> tuple[type[Mode], tuple[int, str]]:
        """Pickled by way of its constructor, as a compiled class must be."""
        return Mode, (self.players, self.two_player_mode)


@dataclass(frozen=True)
class Deal:
    """The hands, one per company (chance outcome `deal 0=… 1=…`)."""

    hands: tuple[tuple[str, ...], ...]

    def __str__(self) -> str:
        return "deal " + " ".join(f"{c}={','.join(h)}" for c, h in enumerate(self.hands))

    def __reduce__(self) -> tuple[type[Deal], tuple[tuple[tuple[str, ...], ...]]]:
        """Pickled by way of its constructor, as a compiled class must be."""
        return Deal, (self.hands,)


def _quotas(mode: Mode, doubled: Sequence[str]) -> list[str]:
    """Each company's types, e.g. "HWF" or "HWFW" (3 players, doubled W)."""
    if mode.players == 4:
        return ["HWF"] * 4
    return ["HWF" + doubled[c] for c in range(3)]


def is_valid_deal(deal: Deal, mode: Mode, doubled: tuple[str, ...] = ()) -> bool:
    """Whether `deal` is one of `valid_deals`, looked up rather than compared with
    each of the thousands in turn."""
    return deal in _deal_set(mode, doubled)


@cache
def _deal_set(mode: Mode, doubled: tuple[str, ...]) -> frozenset[Deal]:
    return frozenset(valid_deals(mode, doubled))


@cache
def valid_deals(mode: Mode, doubled: tuple[str, ...] = ()) -> tuple[Deal, ...]:
    """Every valid deal, in a fixed order (R3, R4)."""
    if mode.companies == 4 and mode.players == 2:
        return tuple(
            Deal(tuple(sort_hand(h) for h in (first, second, third, fourth)))
            for first, second in ((SETS_X, SETS_Y), (SETS_Y, SETS_X))
            for third, fourth in ((SETS_P, SETS_Q), (SETS_Q, SETS_P))
        )
    if mode.players == 2:  # six destinations: each letter's two markers split
        return tuple(
            Deal((sort_hand(firsts), sort_hand(tuple(m for m in MARKERS if m not in firsts))))
            for firsts in product(*(markers_of(letter) for letter in LETTERS))
        )
    quotas = _quotas(mode, doubled)
    found: list[Deal] = []

    def fill(company: int, left: frozenset[str], hands: list[tuple[str, ...]]) -> None:
        if company == len(quotas):
            found.append(Deal(tuple(hands)))
            return
        for hand in _hands(quotas[company], left):
            fill(company + 1, left - set(hand), [*hands, hand])

    fill(0, frozenset(MARKERS), [])
    return tuple(found)


def _hands(quota: str, left: frozenset[str]) -> Iterator[tuple[str, ...]]:
    """Hands with exactly the quota's types and all letters different."""

    def choose(types: str, chosen: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        if not types:
            yield sort_hand(chosen)
            return
        kind = types[0]
        for code in sorted(left):
            if code[1] != kind or code in chosen or any(c[0] == code[0] for c in chosen):
                continue
            if (
                chosen
                and chosen[-1][1] == kind
                and marker_sort_key(code) < marker_sort_key(chosen[-1])
            ):
                continue  # one order per pair of the same type
            yield from choose(types[1:], (*chosen, code))

    yield from choose("".join(sorted(quota, key=TYPE_ORDER.index)), ())


def strict_deal(mode: Mode) -> Deal:
    return Deal(tuple(sort_hand(h.split()) for h in STRICT[mode.players, mode.two_player_mode]))


def parse_deal(text: str) -> Deal | None:
    """`deal 0=DH,AW,EF 1=…`. A company may be named more than once, in any order, its
    markers pooled (`deal 0=AH 1=AW 0=BF 1=BW …`, as an assistant room's picker writes a
    deal letter by letter); every company from 0 up must be named."""
    words = text.split()
    if not words or words[0] != "deal":
        return None
    hands: dict[int, list[str]] = {}
    for word in words[1:]:
        company, eq, codes = word.partition("=")
        if not eq or not (company.isascii() and company.isdigit()) or company != str(int(company)):
            return None
        hand = codes.split(",") if codes != "-" else []
        if any(code not in MARKERS for code in hand):
            return None
        hands.setdefault(int(company), []).extend(hand)
    if sorted(hands) != list(range(len(hands))):
        return None
    return Deal(tuple(sort_hand(hands[company]) for company in range(len(hands))))
