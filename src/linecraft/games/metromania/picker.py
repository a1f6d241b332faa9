"""What an assistant room asks when chance is due at a real table: the layout as six
places, each a district as it lies; the deal as the destinations each company holds.

Every complete pick is a possible outcome and every outcome can be picked: the tokens
(a district, a marker) keep each thing used once, and the questions are cut so that no
other rule needs them. The 3- and 4-player deals need a second token on each marker
(its letter within the company's hand, never two alike), which the platform's single
token per choice cannot say: those deals are typed until a choice may use up several.
"""

from __future__ import annotations

from collections.abc import Sequence

from linecraft.core.game import ChanceChoice, ChancePicker, ChanceQuestion, Picture
from linecraft.games.metromania import words
from linecraft.games.metromania.markers import (
    LETTERS,
    MARKERS,
    TYPE_ORDER,
    Mode,
    markers_of,
    valid_deals,
)
from linecraft.games.metromania.rules import MetromaniaState
from linecraft.games.metromania.svg import (
    district_picture,
    hand_picture,
    marker_token,
)

DISTRICT_NUMBERS = range(1, 7)
ORIENTATIONS = range(3)
SECTORS = range(6)


def chance_picker(state: MetromaniaState, names: Sequence[str]) -> ChancePicker | None:
    """The pending chance event as questions with pictures; `names`: the seats' names,
    for whose companies' hands are asked."""
    pending = state.pending_chance()
    if pending == "layout":
        return layout_picker()
    if pending == "deal":
        return deal_picker(state.rules.mode, tuple(state.doubles), names)
    return None


# --- the layout --------------------------------------------------------------------------------
def layout_picker() -> ChancePicker:
    """One question per place, in the notation's order (sector 0 first): the eighteen
    ways a district can lie there; a district chosen for one place is gone from the
    others."""
    questions = tuple(
        ChanceQuestion(
            words.picker_words("place", side=words.side_words(sector)),
            tuple(
                _district_choice(sector, number, orientation)
                for number in DISTRICT_NUMBERS
                for orientation in ORIENTATIONS
            ),
        )
        for sector in SECTORS
    )
    return ChancePicker(words.picker_words("layout"), questions, prefix="layout")


def _district_choice(sector: int, number: int, orientation: int) -> ChanceChoice:
    picture = Picture(
        district_picture(number, sector, orientation),
        words.district_caption(number, orientation),
    )
    return ChanceChoice(f"{number}.{orientation}", picture, token=f"district{number}")


# --- the deal ----------------------------------------------------------------------------------
def deal_picker(mode: Mode, doubles: Sequence[str], names: Sequence[str]) -> ChancePicker | None:
    """Each company's destinations, cut by what the mode's deals allow."""
    owners = [names[mode.seat_of(company)] for company in range(mode.companies)]
    if mode.players == 2 and mode.companies == 4:
        return _sets_picker(mode, owners)
    if mode.players == 2:
        return _split_picker(owners)
    return _typed_picker(mode, doubles, owners)


def _sets_picker(mode: Mode, owners: Sequence[str]) -> ChancePicker:
    """Two companies each: a company holds one of two whole sets, and the set a
    company takes is gone from the company that shares the pair with it."""
    deals = valid_deals(mode)
    questions = []
    for company in range(mode.companies):
        hands = sorted({deal.hands[company] for deal in deals})
        questions.append(
            ChanceQuestion(
                words.picker_words(
                    "hand", company=words.company_title(company), name=owners[company]
                ),
                tuple(_hand_choice(hand) for hand in hands),
                code=f"{company}=",
            )
        )
    return ChancePicker(words.picker_words("deal"), tuple(questions), prefix="deal")


def _hand_choice(hand: Sequence[str]) -> ChanceChoice:
    picture = Picture(hand_picture(hand), words.markers_words(hand))
    code = ",".join(hand)
    return ChanceChoice(code, picture, token=code)


def _split_picker(owners: Sequence[str]) -> ChancePicker:
    """Six destinations each: for every letter, which of its two markers the first
    company holds; the second holds the other (a company may be written more than once
    in the deal's notation)."""
    first, second = (words.company_title(company) for company in range(2))
    questions = tuple(
        ChanceQuestion(
            words.picker_words("split_letter", company=first, letter=letter),
            tuple(_split_choice(code, other) for code, other in _both_ways(letter)),
        )
        for letter in LETTERS
    )
    title = words.picker_words(
        "split", company=first, name=owners[0], other=second, other_name=owners[1]
    )
    return ChancePicker(title, questions, prefix="deal")


def _both_ways(letter: str) -> tuple[tuple[str, str], tuple[str, str]]:
    one, two = markers_of(letter)
    return (one, two), (two, one)


def _split_choice(code: str, other: str) -> ChanceChoice:
    picture = Picture(marker_token(code[0], code[1]), words.markers_words([code]))
    return ChanceChoice(f"0={code} 1={other}", picture)


def _typed_picker(mode: Mode, doubles: Sequence[str], owners: Sequence[str]) -> ChancePicker:
    """Three and four players: for each company, its markers of each type (two of its
    doubled type); a marker is used once, and a letter once in a company's hand."""
    questions = []
    for company in range(mode.companies):
        quota = "HWF" + (doubles[company] if mode.players == 3 else "")
        name = words.company_title(company)
        for kind in TYPE_ORDER:
            count = quota.count(kind)
            spot = words.spot_words(kind)
            key = "typed_one" if count == 1 else "typed_two"
            questions.append(
                ChanceQuestion(
                    words.picker_words(key, company=name, spot=spot, name=owners[company]),
                    tuple(_typed_choice(company, code) for code in MARKERS if code[1] == kind),
                    count=count,
                    code=f"{company}=",
                )
            )
    return ChancePicker(words.picker_words("deal"), tuple(questions), prefix="deal")


def _typed_choice(company: int, code: str) -> ChanceChoice:
    picture = Picture(marker_token(code[0], code[1]), words.markers_words([code]))
    return ChanceChoice(code, picture, token=f"{code} {code[0]}@{company}")
