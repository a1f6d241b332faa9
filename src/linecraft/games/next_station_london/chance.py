"""What an assistant room asks the person at a real table when chance is due: the card
just flipped, or a setup draw (the solo colour order, the shared objectives, the power
cards), put together from pictures instead of typed in notation.

Each picker writes the notation `deck.parse_outcome` reads, and offers only what may
happen now: the cards not flipped yet this round; every colour, objective and power
once (a token per colour and per power).
"""

from __future__ import annotations

from linecraft.core.game import ChanceChoice, ChancePicker, ChanceQuestion, Picture
from linecraft.core.i18n import _
from linecraft.games.next_station_london.deck import OBJECTIVES, POWERS
from linecraft.games.next_station_london.london import COLOURS
from linecraft.games.next_station_london.rules import NextStationLondonState
from linecraft.games.next_station_london.svg import (
    render_card,
    render_objective,
    render_pencil,
    render_power,
)
from linecraft.games.next_station_london.words import (
    CARD_PICKER_TITLE,
    CARD_QUESTION,
    CARD_WORDS,
    OBJECTIVE_LABEL,
    OBJECTIVES_PICKER_TITLE,
    OBJECTIVES_QUESTION,
    ORDER_PICKER_TITLE,
    ORDER_QUESTIONS,
    PENCIL_WORDS,
    POWER_CARD_WORDS,
    POWERS_PICKER_TITLE,
)


def chance_picker(state: NextStationLondonState) -> ChancePicker:
    """The pending draw as the table shows it: a setup draw before the first round, a
    station card after."""
    pending = state.pending_setup()
    if pending == "order":
        return order_picker()
    if pending == "objectives":
        return objectives_picker()
    if pending == "powers":
        return powers_picker()
    return card_picker(state)


def card_picker(state: NextStationLondonState) -> ChancePicker:
    """One card, from those of this round's deck not flipped yet."""
    choices = tuple(
        ChanceChoice(card.name, Picture(render_card(card), _(CARD_WORDS[card.name])))
        for card in state.deck
    )
    return ChancePicker(_(CARD_PICKER_TITLE), (ChanceQuestion(_(CARD_QUESTION), choices),))


def order_picker() -> ChancePicker:
    """The four pencils as they lie, first to fourth: each colour once."""
    pencils = tuple(
        ChanceChoice(colour, Picture(render_pencil(colour), _(PENCIL_WORDS[colour])), colour)
        for colour in COLOURS
    )
    questions = tuple(ChanceQuestion(_(title), pencils) for title in ORDER_QUESTIONS)
    return ChancePicker(_(ORDER_PICKER_TITLE), questions, "order")


def objectives_picker() -> ChancePicker:
    """The two objective cards laid face up, in any order (the notation sorts them)."""
    cards = tuple(
        ChanceChoice(name, Picture(render_objective(name), _(OBJECTIVE_LABEL[name])))
        for name in OBJECTIVES
    )
    question = ChanceQuestion(_(OBJECTIVES_QUESTION), cards, count=2, joiner=" ")
    return ChancePicker(_(OBJECTIVES_PICKER_TITLE), (question,), "objectives")


def powers_picker() -> ChancePicker:
    """The power card of each pencil, in the colour order of the notation: each power
    once."""
    cards = tuple(
        ChanceChoice(power, Picture(render_power(power), _(POWER_CARD_WORDS[power])), power)
        for power in POWERS
    )
    questions = tuple(
        ChanceQuestion(_(PENCIL_WORDS[colour]), cards, code=f"{colour}=") for colour in COLOURS
    )
    return ChancePicker(_(POWERS_PICKER_TITLE), questions, "powers")
