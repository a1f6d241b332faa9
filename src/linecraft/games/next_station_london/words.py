"""What a client tells players of Next Station: London, in the game's own words: the game
log, the score card, the buttons beside the sheet and what is left to do.

The map shows no coordinates, so a station is named by what a player sees on the sheet:
its shape and district, or Central Station, a departure station or a tourist site; two
stations of one shape in one district are told apart by the side they lie on. Nothing is
secret in this game (every card is flipped for all, every sheet is on the table), so the
log reads the same for every seat.

Every player-facing text is a whole phrase or sentence in the tables below, with named
places to fill, marked for translation (`N_`) and translated where it is used (`_`), so
that a translation replaces the words and nothing else.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from linecraft.core.game import Control, Event, Picture, Reference, State
from linecraft.core.i18n import N_, Nn_, _, _n, current
from linecraft.games.next_station_london.actions import DirectedSection, Move
from linecraft.games.next_station_london.deck import (
    JOKER,
    UNDERGROUND_PER_ROUND,
    Card,
    ObjectiveDraw,
    Order,
    PowerDraw,
)
from linecraft.games.next_station_london.london import CENTRAL, COLOURS, LONDON, Station
from linecraft.games.next_station_london.rules import ROUNDS, NextStationLondonState
from linecraft.games.next_station_london.scoring import (
    INTERCHANGE_POINTS,
    MODULE_DEDUCTION,
    OBJECTIVE_POINTS,
    OBJECTIVE_TEXT,
    SOLO_VERDICTS,
    TRACK,
    line_stations,
)
from linecraft.games.next_station_london.svg import (
    render_card,
    render_count,
    render_pencil,
)

if TYPE_CHECKING:
    from linecraft.games.next_station_london.game import NextStationLondon

# --- the game's words ---------------------------------------------------------------
COLOUR_WORDS = {
    # TRANSLATORS: a pencil's colour, filled in as {colour} in "the {colour} line",
    # "a {colour} section", "{name} draws {colour}"
    "purple": N_("purple"),
    "blue": N_("blue"),
    "pink": N_("pink"),
    "green": N_("green"),
}
# Where a station lies: every station's name and the circle's log line say "in" a district.
DISTRICT_WORDS = {
    # TRANSLATORS: where a station lies, filled in as {district} in "the circle {district}"
    "corner_nw": N_("in the north-west corner"),
    "north_west": N_("in the north-west"),
    "north": N_("in the north"),
    "north_east": N_("in the north-east"),
    "corner_ne": N_("in the north-east corner"),
    "west": N_("in the west"),
    # TRANSLATORS: in the central district of the map
    "central": N_("in the centre"),
    "east": N_("in the east"),
    "corner_sw": N_("in the south-west corner"),
    "south_west": N_("in the south-west"),
    "south": N_("in the south"),
    "south_east": N_("in the south-east"),
    "corner_se": N_("in the south-east corner"),
}
# TRANSLATORS: the station in the middle of the map, which matches every card
CENTRAL_STATION = N_("Central Station")
DEPARTURE_WORDS = {
    "purple": N_("the purple departure station"),
    "blue": N_("the blue departure station"),
    "pink": N_("the pink departure station"),
    "green": N_("the green departure station"),
}
# TRANSLATORS: a station's name; {district} is where it lies, e.g. "in the east"
TOURIST_WORDS = N_("the tourist site {district}")
SHAPE_STATION_WORDS = {  # the one station of its shape in its district
    # TRANSLATORS: a station's name; {district} is where it lies, e.g. "in the north-west"
    "circle": N_("the circle {district}"),
    "square": N_("the square {district}"),
    "triangle": N_("the triangle {district}"),
    "pentagon": N_("the pentagon {district}"),
}
SIDE_STATION_WORDS = {  # two stations of one shape in one district, by the side they lie on
    # TRANSLATORS: a station's name: of the two circles in one district, the one further
    # west; {district} is where they lie, e.g. "in the north-west"
    ("west", "circle"): N_("the western circle {district}"),
    ("east", "circle"): N_("the eastern circle {district}"),
    ("north", "circle"): N_("the northern circle {district}"),
    ("south", "circle"): N_("the southern circle {district}"),
    ("west", "square"): N_("the western square {district}"),
    ("east", "square"): N_("the eastern square {district}"),
    ("north", "square"): N_("the northern square {district}"),
    ("south", "square"): N_("the southern square {district}"),
    ("west", "triangle"): N_("the western triangle {district}"),
    ("east", "triangle"): N_("the eastern triangle {district}"),
    ("north", "triangle"): N_("the northern triangle {district}"),
    ("south", "triangle"): N_("the southern triangle {district}"),
    ("west", "pentagon"): N_("the western pentagon {district}"),
    ("east", "pentagon"): N_("the eastern pentagon {district}"),
    ("north", "pentagon"): N_("the northern pentagon {district}"),
    ("south", "pentagon"): N_("the southern pentagon {district}"),
}
CARD_WORDS = {
    # TRANSLATORS: a station card's name; Street and Underground are the two kinds of card
    "street-circle": N_("Street circle"),
    "street-square": N_("Street square"),
    "street-triangle": N_("Street triangle"),
    "street-pentagon": N_("Street pentagon"),
    "street-joker": N_("Street joker"),
    # TRANSLATORS: the Switch card (the line may branch), as a card's name
    "street-switch": N_("the Switch"),
    "under-circle": N_("Underground circle"),
    "under-square": N_("Underground square"),
    "under-triangle": N_("Underground triangle"),
    "under-pentagon": N_("Underground pentagon"),
    "under-joker": N_("Underground joker"),
}
# Where a section may end on a card of each symbol.
TARGET_WORDS = {
    # TRANSLATORS: where a section may end, filled in as {target} in "draw a section ... to
    # {target}"
    "circle": N_("a circle or Central Station"),
    "square": N_("a square or Central Station"),
    "triangle": N_("a triangle or Central Station"),
    "pentagon": N_("a pentagon or Central Station"),
    JOKER: N_("any station"),
}
POWER_NAMES = {
    # TRANSLATORS: a pencil power's name, as in "Your blue power, {power}: used this round."
    "double": N_("double section"),
    "joker": N_("joker"),
    "switch": N_("switch"),
    "circle": N_("circle"),
}
POWER_SHORT = {
    # TRANSLATORS: a pencil power's short name, as in "Use the {power} power"
    "double": N_("double"),
    "joker": N_("joker"),
    "switch": N_("switch"),
    "circle": N_("circle"),
}
OBJECTIVE_HELP = {
    "interchange8": N_("Make at least 8 interchanges: stations on 2 or more of your lines."),
    "district13": N_("Reach a station in each of the 13 districts, the 4 corners included."),
    "tourist5": N_("Reach all 5 tourist sites, Central Station included."),
    "central9": N_("Reach all 9 stations of the central district, Central Station included."),
    "thames6": N_("Pass under the Thames at least 6 times, over all your lines together."),
}
OBJECTIVE_LABEL = {  # short, for a caption under the objective's sign
    # TRANSLATORS: an objective card's name, under its sign
    "interchange8": N_("8 interchanges"),
    "district13": N_("All 13 districts"),
    "tourist5": N_("All 5 tourist sites"),
    "central9": N_("All 9 central stations"),
    "thames6": N_("6 Thames sections"),
}
POWER_WORDS = {
    # TRANSLATORS: what a pencil power does, filled in as {power} in "Your green pencil's
    # power is unused this round: {power}." and after "Use the double power:"
    "double": N_("two sections in one turn"),
    "joker": N_("one section to any station"),
    "switch": N_("one branch from any station of the line, from turn 3"),
    "circle": N_("one station of the line counted twice"),
}

# --- the chance picker: what a real table shows, picked in an assistant room ------------
# TRANSLATORS: a heading: the person at a real table picks the station card they flipped
CARD_PICKER_TITLE = N_("The card flipped at the table")
CARD_QUESTION = N_("The cards not flipped yet this round")
# TRANSLATORS: a heading: the person at a real table picks the pencils as they lie
ORDER_PICKER_TITLE = N_("The order the pencils are laid out in")
ORDER_QUESTIONS = (
    # TRANSLATORS: which pencil lies first (second, …) in the order laid out
    N_("First pencil"),
    N_("Second pencil"),
    N_("Third pencil"),
    N_("Fourth pencil"),
)
PENCIL_WORDS = {
    # TRANSLATORS: a pencil, by its colour, as a button's caption or a heading
    "purple": N_("Purple pencil"),
    "blue": N_("Blue pencil"),
    "pink": N_("Pink pencil"),
    "green": N_("Green pencil"),
}
# TRANSLATORS: a heading: the person at a real table picks the 2 objective cards laid out
OBJECTIVES_PICKER_TITLE = N_("The shared objectives laid face up")
OBJECTIVES_QUESTION = N_("Objective cards")
# TRANSLATORS: a heading: the person at a real table picks the power card of each pencil
POWERS_PICKER_TITLE = N_("The power card given to each pencil")
POWER_CARD_WORDS = {
    # TRANSLATORS: a power card's name, under its sign
    "double": N_("Double section"),
    "joker": N_("Joker"),
    "switch": N_("Switch"),
    "circle": N_("Circle"),
}

# --- the log --------------------------------------------------------------------------
# TRANSLATORS: {colours} lists the four colours, e.g. "pink, blue, green, purple"
ORDER_DRAWN = N_("The pencils are laid out in this order: {colours}.")
# TRANSLATORS: {objectives} lists two objectives, e.g. "all 5 tourist sites; at least 6
# Thames sections"
OBJECTIVES_DRAWN = Nn_(
    "Shared objectives, {points} point each: {objectives}.",
    "Shared objectives, {points} points each: {objectives}.",
)
# TRANSLATORS: {powers} lists each colour with its power, e.g. "purple, two sections in
# one turn; blue, one section to any station; …"
POWERS_DRAWN = N_("Pencil powers for the whole game: {powers}.")
POWER_OF_COLOUR = "{colour}, {power}"  # one item of that list: the words are filled in
# TRANSLATORS: {pencils} lists who draws which colour, e.g. "Ann draws purple, Bea draws blue"
ROUND_BEGINS = N_("Round {round} of {rounds} begins: {pencils}.")
# TRANSLATORS: one item of a list: the colour a player draws this round
PENCIL_OF_SEAT = N_("{name} draws {colour}")
# TRANSLATORS: {card} is the card flipped, e.g. "Street circle"
CARD_STREET = N_("Turn {turn}: {card}.")
CARD_UNDERGROUND = N_("Turn {turn}: {card}, Underground card {seen} of {all}.")
CARD_LAST = N_("Turn {turn}: {card}, the last Underground card, so the last turn of round {round}.")
SWITCH_SET_ASIDE = N_("The Switch comes among the first two cards of the round and is set aside.")
SWITCH_FLIPPED = N_(
    "The Switch! The next card comes at once, and this turn every line may branch "
    "from any of its stations."
)
SECTION_WORDS = {  # keyed by (under the Thames, ends at an interchange)
    # TRANSLATORS: a section drawn, filled in as {section} in "{name} drew a purple section
    # {section}."; {start} and {end} are stations, e.g. "the circle in the north"
    (False, False): N_("from {start} to {end}"),
    (True, False): N_("from {start} under the Thames to {end}"),
    (False, True): N_("from {start} to {end}, an interchange"),
    (True, True): N_("from {start} under the Thames to {end}, an interchange"),
}
MOVE_WORDS = {
    # TRANSLATORS: {section} is e.g. "from the circle in the north to the square in the west"
    "draw": N_("{name} drew a {colour} section {section}."),
    "branch": N_("{name} branched the {colour} line {section}."),
    "joker": N_("{name} used the joker power: a {colour} section {section}."),
    "switch": N_("{name} used the switch power to branch the {colour} line {section}."),
    # TRANSLATORS: {section} and {second} are the two sections, e.g. "from the circle in the
    # north to the square in the west"
    "double": N_("{name} used the double power: {colour} sections {section}, then {second}."),
    "pass": N_("{name} passed."),
    "forced": N_("{name} could draw nothing and passed."),
}
# TRANSLATORS: {station} is e.g. "the circle in the north"; {district} is where it lies,
# e.g. "in the north"
CIRCLED = N_("{name} circled {station}: it counts twice {district} for the {colour} line.")
# TRANSLATORS: {lines} lists each player's line score, e.g. "Ann's purple line scores 22"
ROUND_OVER = N_("Round {round} is over: {lines}.")
# TRANSLATORS: one item of a list: a player's line and its score
LINE_SCORED = N_("{name}'s {colour} line scores {points}")
# TRANSLATORS: {totals} lists each player's total, e.g. "Ann 145 points, Bea 130 points"
GAME_OVER = N_("The game is over: {totals}.")
# TRANSLATORS: one item of a list: a player and their total
TOTAL_OF_SEAT = Nn_("{name} {points} point", "{name} {points} points")
LIST_JOIN = ", "
CLAUSE_JOIN = "; "

# --- the score card -------------------------------------------------------------------
# One row per part of the pad, the same rows for every seat (each line's formula is on
# the panel beside its map).
LINE_ROWS = {
    "purple": N_("Purple line"),
    "blue": N_("Blue line"),
    "pink": N_("Pink line"),
    "green": N_("Green line"),
}
NOT_DRAWN = "–"  # the value of a line not drawn yet
TOURIST_ROW = N_("Tourist sites")
INTERCHANGE_ROW = N_("Interchanges")
OBJECTIVES_ROW = N_("Shared objectives")
BEST_LINE_ROW = N_("Best line (breaks a tie)")
SOLO_DEDUCTION_ROW = N_("Solo: 10 points off per module used")
SOLO_SCORE_ROW = N_("Solo score")
SOLO_RATING_ROW = N_("Solo rating")
TOTAL_ROW = N_("Total")
# Rows that tell more about the card but are not parts of the total.
DETAIL_ROWS = frozenset({BEST_LINE_ROW, SOLO_DEDUCTION_ROW, SOLO_SCORE_ROW, SOLO_RATING_ROW})
# What each row means, shown when a player points at it.
# TRANSLATORS: {colour} is a line's colour, e.g. "purple"
LINE_HELP = N_(
    "The {colour} line: the districts it reaches × the most of its stations in one "
    "district, plus 2 for each of its sections under the Thames. A dash: not drawn yet."
)
# TRANSLATORS: {track} lists the points of the track, e.g. "1, 2, 4, 6"
TOURIST_HELP = N_(
    "Each line counts the tourist sites it passes; the track turns the visits of all "
    "four lines into points: {track}, and no more after 10 visits."
)
INTERCHANGE_HELP = N_(
    "Every station used by 2 of your lines scores {two}, by 3 lines {three}, by all 4 lines {four}."
)
OBJECTIVES_HELP = Nn_(
    "{points} point for each shared objective your whole network achieves.",
    "{points} points for each shared objective your whole network achieves.",
)
BEST_LINE_HELP = N_("Your best single line: between equal totals, the higher one wins.")
SOLO_DEDUCTION_HELP = Nn_(
    "Alone, you give back {points} point for each advanced module played.",
    "Alone, you give back {points} points for each advanced module played.",
)
SOLO_SCORE_HELP = N_("The total less the points given back for the modules.")
SOLO_RATING_HELP = N_("What the city council thinks of your network, by your solo score.")
TOTAL_HELP = N_("Your four lines, tourist sites, interchanges and objectives added up.")

# --- what a seat may look up beside the map --------------------------------------------
CARDS_LEFT_TITLE = N_("Cards left this round")
LAST_TURN = N_("This is the last turn of the round.")  # no Underground card to come
UNDERGROUND_LEFT = Nn_(
    "1 Underground card still to come.", "{count} Underground cards still to come."
)
PENCILS_TITLE = N_("Your pencils, round by round")
PENCIL_ROUND = {  # keyed by (this round, the power known)
    # TRANSLATORS: {colour} is the pencil's colour, {power} its power, e.g. "joker"
    (False, False): N_("Round {round}: {colour}"),
    (True, False): N_("Round {round}, now: {colour}"),
    (False, True): N_("Round {round}: {colour}, {power}"),
    (True, True): N_("Round {round}, now: {colour}, {power}"),
}
OBJECTIVES_TITLE = Nn_(
    "Shared objectives, {points} point each", "Shared objectives, {points} points each"
)

# --- buttons and prompts --------------------------------------------------------------
PASS_LABEL = N_("Pass")
PASS_FORCED_LABEL = N_("Pass (nothing can be drawn)")
# TRANSLATORS: {station} is e.g. "the circle in the north"
PASS_CIRCLE_LABEL = N_("Pass and circle {station}")
# When several plays end at the clicked station (the circle, the double's first section).
CHOICE_WORDS = {  # keyed by (a double, a circle)
    # TRANSLATORS: a button; {start}, {middle}, {second}, {end} and {station} are stations,
    # e.g. "the circle in the north"
    (False, False): N_("From {start} to {end}"),
    (False, True): N_("From {start} to {end}, and circle {station}"),
    (True, False): N_("From {start} to {middle}, then from {second} to {end}"),
    (True, True): N_("From {start} to {middle}, then from {second} to {end}, and circle {station}"),
}
PLAYED_WHY_NOT = N_("You have played on this card; the next one comes when everyone has.")
PROMPTS = {  # keyed by whether this turn's section may start anywhere on the line
    # TRANSLATORS: {card} is the card, e.g. "Street circle"; {target} is where the section
    # may end, e.g. "a circle or Central Station"
    False: N_("{card}: draw a {colour} section from an end of your line to {target}, or pass."),
    True: N_(
        "{card} with the Switch: draw a {colour} section from any station of your line "
        "to {target}, or pass."
    ),
}
NOTHING_TO_DRAW_PROMPT = N_("{card}: no {colour} section can be drawn, so pass.")
# TRANSLATORS: {power} is what the power does, e.g. "two sections in one turn"
POWER_PROMPT = N_("Your {colour} pencil's power is unused this round: {power}.")


def _side(station: Station, twin: Station) -> str:
    """The side a station lies on compared with the other station of its shape in its
    district: along the axis on which the two lie further apart (east–west on a tie)."""
    dx, dy = station.x - twin.x, station.y - twin.y
    if abs(dx) >= abs(dy):
        return "east" if dx > 0 else "west"
    return "south" if dy > 0 else "north"


def _station_templates() -> dict[int, tuple[str, str]]:
    """Every station's name template (untranslated) and its district, unique on the map."""
    names: dict[int, tuple[str, str]] = {}
    plain: dict[tuple[str, str], list[Station]] = {}
    for station in LONDON.stations:
        if station.shape == CENTRAL:
            names[station.index] = (CENTRAL_STATION, station.district)
        elif station.departure is not None:
            names[station.index] = (DEPARTURE_WORDS[station.departure], station.district)
        elif station.tourist:
            names[station.index] = (TOURIST_WORDS, station.district)
        else:
            plain.setdefault((station.shape, station.district), []).append(station)
    for (shape, district), stations in plain.items():
        for station in stations:
            if len(stations) == 1:
                names[station.index] = (SHAPE_STATION_WORDS[shape], district)
                continue
            (twin,) = (s for s in stations if s is not station)
            names[station.index] = (SIDE_STATION_WORDS[_side(station, twin), shape], district)
    return names


STATION_TEMPLATES = _station_templates()


def station_names() -> dict[int, str]:
    """A name in words for every station, unique on the map, in the reader's language."""
    return _station_names(current())


@functools.cache
def _station_names(language: str) -> dict[int, str]:
    """The names in `language` (the current one, which `_` reads): drawn up once each."""
    return {
        index: _(template).format(district=_(DISTRICT_WORDS[district]))
        for index, (template, district) in STATION_TEMPLATES.items()
    }


def _london(state: State) -> NextStationLondonState:
    assert isinstance(state, NextStationLondonState)
    return state


def _draws_something(actions: Sequence[object]) -> bool:
    """Whether any of these legal actions draws a section (else only passing is left)."""
    return any(isinstance(a, Move) and a.sections for a in actions)


def _colour(colour: str) -> str:
    return _(COLOUR_WORDS[colour])


# --- describe_event -------------------------------------------------------------------
def describe_event(
    game: NextStationLondon,
    before: State,
    event: Event,
    names: Sequence[str],
    viewer: int | None,
) -> str | None:
    """One line of the log for `event` applied to `before` (left unchanged). `viewer`
    changes nothing: every card and every sheet is open to all."""
    state = _london(before)
    if event.player is None:
        return _describe_outcome(state, game.parse_outcome(event.text), names)
    move = game.parse_action(event.text)
    assert isinstance(move, Move)
    return _describe_move(state, event.player, move, names)


def _describe_outcome(state: NextStationLondonState, outcome: object, names: Sequence[str]) -> str:
    if isinstance(outcome, Order):
        colours = LIST_JOIN.join(_colour(c) for c in outcome.colours)
        return _(ORDER_DRAWN).format(colours=colours)
    if isinstance(outcome, ObjectiveDraw):
        objectives = CLAUSE_JOIN.join(_(OBJECTIVE_TEXT[name]) for name in outcome.names)
        return _n(*OBJECTIVES_DRAWN, OBJECTIVE_POINTS).format(
            points=OBJECTIVE_POINTS, objectives=objectives
        )
    if isinstance(outcome, PowerDraw):
        powers = CLAUSE_JOIN.join(
            POWER_OF_COLOUR.format(colour=_colour(c), power=_(POWER_WORDS[outcome.of(c)]))
            for c in COLOURS
        )
        return _(POWERS_DRAWN).format(powers=powers)
    assert isinstance(outcome, Card)
    flip = _describe_card(state, outcome)
    if state.flipped:
        return flip
    return f"{_round_begins(state, names)} {flip}"


def _round_begins(state: NextStationLondonState, names: Sequence[str]) -> str:
    pencils = LIST_JOIN.join(
        _(PENCIL_OF_SEAT).format(name=names[p], colour=_colour(state.colour_of(p)))
        for p in range(len(state.sheets))
    )
    return _(ROUND_BEGINS).format(round=state.round + 1, rounds=ROUNDS, pencils=pencils)


def _describe_card(state: NextStationLondonState, card: Card) -> str:
    """The card as the flipping procedure of §5.3 takes it."""
    if card.symbol is None:
        return _(SWITCH_SET_ASIDE) if state.turn < 2 else _(SWITCH_FLIPPED)
    words = {"turn": state.turn + 1, "card": _(CARD_WORDS[card.name]), "round": state.round + 1}
    if not card.underground:
        return _(CARD_STREET).format(**words)
    seen = state.underground_seen + 1
    if seen == UNDERGROUND_PER_ROUND:
        return _(CARD_LAST).format(**words)
    return _(CARD_UNDERGROUND).format(seen=seen, all=UNDERGROUND_PER_ROUND, **words)


def _describe_move(
    state: NextStationLondonState, player: int, move: Move, names: Sequence[str]
) -> str:
    colour = state.colour_of(player)
    words = {"name": names[player], "colour": _colour(colour)}
    sentences = [_move_sentence(state, player, move, words)]
    if move.circle is not None:
        station = LONDON.stations[move.circle]
        sentences.append(
            _(CIRCLED).format(
                station=station_names()[station.index],
                district=_(DISTRICT_WORDS[station.district]),
                **words,
            )
        )
    if _closes_round(state, player):
        sentences += _round_results(state, player, move, names)
    return " ".join(sentences)


def _move_sentence(
    state: NextStationLondonState, player: int, move: Move, words: dict[str, str]
) -> str:
    if not move.sections:
        forced = not _draws_something(state.legal_actions(player))
        kind = "forced" if forced else "pass"
        return _(MOVE_WORDS[kind]).format(**words)
    others = _other_lines_stations(state, player)
    sections = [_section_words(s, others) for s in move.sections]
    if move.power == "double":
        double = MOVE_WORDS["double"]
        return _(double).format(section=sections[0], second=sections[1], **words)
    if move.power is not None:
        return _(MOVE_WORDS[move.power]).format(section=sections[0], **words)
    branched = move.sections[0][0] not in state.line_shape(player).ends
    kind = "branch" if branched else "draw"
    return _(MOVE_WORDS[kind]).format(section=sections[0], **words)


def _other_lines_stations(state: NextStationLondonState, player: int) -> set[int]:
    """The stations of this sheet's other colours: a section ending at one makes an
    interchange."""
    current_colour = state.colour_of(player)
    return {
        station
        for colour, sections in state.sheets[player].lines.items()
        if colour != current_colour
        for station in line_stations(colour, sections)
    }


def _section_words(section: DirectedSection, interchanges: set[int]) -> str:
    start, end = section
    thames = LONDON.sections[LONDON.section_between[section]].thames
    names = station_names()
    return _(SECTION_WORDS[thames, end in interchanges]).format(start=names[start], end=names[end])


def _closes_round(state: NextStationLondonState, player: int) -> bool:
    """Whether this seat is the last to act on the round's last card."""
    return state.last_turn and all(p == player for p in state.waiting)


def _round_results(
    state: NextStationLondonState, player: int, move: Move, names: Sequence[str]
) -> list[str]:
    """The line scores of the round just closed, and the totals after the last round."""
    after = _london(state.clone())
    after.apply_unchecked(player, move)
    lines = LIST_JOIN.join(
        _(LINE_SCORED).format(
            name=names[p],
            colour=_colour(state.colour_of(p)),
            points=after.sheet_score(p).lines[state.colour_of(p)].score,
        )
        for p in range(len(state.sheets))
    )
    out = [_(ROUND_OVER).format(round=state.round + 1, lines=lines)]
    if after.is_terminal():
        scores = after.scores()
        totals = LIST_JOIN.join(
            _n(*TOTAL_OF_SEAT, int(card.total)).format(name=names[p], points=card.total)
            for p, card in scores.items()
        )
        out.append(_(GAME_OVER).format(totals=totals))
    return out


# --- score_rows -----------------------------------------------------------------------
def score_rows(card: Mapping[str, Any], *, objectives: bool) -> list[tuple[str, Any]]:
    """The score card of §15 as a player reads the score pad: the four lines, tourist
    sites, interchanges, the objectives (`objectives`: module A is played), then (not
    parts of the total, see `DETAIL_ROWS`) the tie-break or the solo score with its
    rating; the total last. Every seat gets the same rows."""
    rows: list[tuple[str, Any]] = [
        (_(LINE_ROWS[colour]), card[f"{colour}_score"] or NOT_DRAWN) for colour in COLOURS
    ]
    rows.append((_(TOURIST_ROW), card["tourist_points"]))
    rows.append((_(INTERCHANGE_ROW), card["interchange_points"]))
    if objectives:
        rows.append((_(OBJECTIVES_ROW), card["objective_points"]))
    if "solo_score" in card:
        band = card["solo_band"]
        rows += [
            (_(SOLO_DEDUCTION_ROW), card["solo_score"] - card["total"]),
            (_(SOLO_SCORE_ROW), card["solo_score"]),
            (_(SOLO_RATING_ROW), _(SOLO_VERDICTS[band])),
        ]
    else:
        rows.append((_(BEST_LINE_ROW), card["best_line"]))
    return [*rows, (_(TOTAL_ROW), card["total"])]


def score_help() -> dict[str, str]:
    """A line for every row `score_rows` can show, by the row's words."""
    track = LIST_JOIN.join(str(points) for points in TRACK[1:])
    rows = {_(LINE_ROWS[c]): _(LINE_HELP).format(colour=_colour(c)) for c in COLOURS}
    rows[_(TOURIST_ROW)] = _(TOURIST_HELP).format(track=track)
    rows[_(INTERCHANGE_ROW)] = _(INTERCHANGE_HELP).format(
        two=INTERCHANGE_POINTS[2], three=INTERCHANGE_POINTS[3], four=INTERCHANGE_POINTS[4]
    )
    rows[_(OBJECTIVES_ROW)] = _n(*OBJECTIVES_HELP, OBJECTIVE_POINTS).format(points=OBJECTIVE_POINTS)
    rows[_(BEST_LINE_ROW)] = _(BEST_LINE_HELP)
    rows[_(SOLO_DEDUCTION_ROW)] = _n(*SOLO_DEDUCTION_HELP, MODULE_DEDUCTION).format(
        points=MODULE_DEDUCTION
    )
    rows[_(SOLO_SCORE_ROW)] = _(SOLO_SCORE_HELP)
    rows[_(SOLO_RATING_ROW)] = _(SOLO_RATING_HELP)
    rows[_(TOTAL_ROW)] = _(TOTAL_HELP)
    return rows


# --- reference --------------------------------------------------------------------------
def reference(state: State, player: int | None) -> list[Reference]:
    """The cards of this round not flipped yet, with the Underground cards still to
    come; the seat's pencils round by round; the shared objectives. All of it is on
    the table for everyone: the deck's order is never drawn in advance."""
    london = _london(state)
    if london.is_terminal() or london.pending_setup() is not None:
        return []
    out = [_cards_left(london)]
    if player is not None:
        out.append(_pencils(london, player))
    if london.objectives:
        title = _n(*OBJECTIVES_TITLE, OBJECTIVE_POINTS).format(points=OBJECTIVE_POINTS)
        out.append(
            Reference(
                title,
                tuple(Picture(None, _(OBJECTIVE_HELP[name])) for name in london.objectives),
            )
        )
    return out


def _cards_left(state: NextStationLondonState) -> Reference:
    count = UNDERGROUND_PER_ROUND - state.underground_seen
    words = _n(*UNDERGROUND_LEFT, count).format(count=count) if count else _(LAST_TURN)
    items = [Picture(render_count(count), words)]
    items += [Picture(render_card(card), _(CARD_WORDS[card.name])) for card in state.deck]
    return Reference(_(CARDS_LEFT_TITLE), tuple(items))


def _pencils(state: NextStationLondonState, player: int) -> Reference:
    assert state.order is not None
    items = []
    for number in range(ROUNDS):
        colour = state.order[(player + number) % len(state.order)]
        power = state.powers.of(colour) if state.powers is not None else None
        words = _(PENCIL_ROUND[number == state.round, power is not None]).format(
            round=number + 1,
            colour=_colour(colour),
            power=_(POWER_NAMES[power]) if power is not None else "",
        )
        items.append(Picture(render_pencil(colour), words))
    return Reference(_(PENCILS_TITLE), tuple(items))


# --- controls -------------------------------------------------------------------------
def controls(game: NextStationLondon, state: State, player: int) -> list[Control]:
    """Passing, alone or with the circle power, is the one move that draws nothing. A
    seat that has played on the open card sees Pass disabled until the next card."""
    london = _london(state)
    if player not in london.to_act():
        if london.card is not None and not london.is_terminal():
            return [Control("pass", _(PASS_LABEL), enabled=False, why_not=_(PLAYED_WHY_NOT))]
        return []
    legal = london.legal_actions(player)
    forced = not _draws_something(legal)
    return [
        Control(str(action), _pass_label(action, forced))
        for action in legal
        if game.action_pick(action) is None and game.action_target(action) is None
    ]


def choice_label(action: object) -> str:
    """A play in words, for the buttons offered when several end at one station."""
    assert isinstance(action, Move)
    if not action.sections:
        return _pass_label(action, forced=False)
    (start, middle), (second, end) = action.sections[0], action.sections[-1]
    names = station_names()
    return _(CHOICE_WORDS[len(action.sections) > 1, action.circle is not None]).format(
        start=names[start],
        middle=names[middle],
        second=names[second],
        end=names[end],
        station=names.get(action.circle if action.circle is not None else -1, ""),
    )


def _pass_label(action: object, forced: bool) -> str:
    assert isinstance(action, Move)
    if action.circle is not None:
        return _(PASS_CIRCLE_LABEL).format(station=station_names()[action.circle])
    return _(PASS_FORCED_LABEL) if forced else _(PASS_LABEL)


# --- prompt ---------------------------------------------------------------------------
def prompt(game: NextStationLondon, state: State, player: int) -> str:
    """What the seat is to do with the card in play, and the power it still holds."""
    london = _london(state)
    if player not in london.to_act() or london.card is None or london.card.symbol is None:
        return ""
    colour = london.colour_of(player)
    words = {"card": _(CARD_WORDS[london.card.name]), "colour": _colour(colour)}
    if _draws_something(london.legal_actions(player)):
        target = _(TARGET_WORDS[london.card.symbol])
        text = _(PROMPTS[london.switch_turn]).format(target=target, **words)
    else:
        text = _(NOTHING_TO_DRAW_PROMPT).format(**words)
    power = london.power_of(player)
    if power is None:
        return text
    reminder = _(POWER_PROMPT).format(colour=words["colour"], power=_(POWER_WORDS[power]))
    return f"{text} {reminder}"


# TRANSLATORS: a button; {power} is the power's short name, e.g. "double"; {what} is what
# it does, e.g. "two sections in one turn"
POWER_BUTTON = N_("Use the {power} power: {what}")
# TRANSLATORS: the heading of the pencil power's button beside the map
POWER_GROUP = N_("Pencil power (once per game)")


def power_label(power: str) -> str:
    """A pencil power's button: its name and, in one line, what it does."""
    return _(POWER_BUTTON).format(power=_(POWER_SHORT[power]), what=_(POWER_WORDS[power]))


# --- beside the map ------------------------------------------------------------------------
STATUS_ROUND = N_("Round {round} of 4, turn {turn}.")
# TRANSLATORS: {card} is the card, e.g. "Street circle"
STATUS_CARD = N_("The card: {card}. Underground cards flipped this round: {seen} of 5.")
STATUS_LAST_TURN = N_("This is the last turn of the round.")
STATUS_SWITCH = N_("Switch turn: this section may start from any station of your line.")
STATUS_LINE = N_("Your {colour} line scores {score} so far; your sheet {total} in all.")
# TRANSLATORS: {power} is the power's name, e.g. "double section"; {state} is "still to
# use" or "used"
STATUS_POWER = N_("Your {colour} power, {power}: {state} this round.")
POWER_STATE = {
    # TRANSLATORS: filled in as {state} in "Your blue power, joker: {state} this round."
    False: N_("still to use"),
    True: N_("used"),
}


def status_lines(state: State, player: int | None) -> list[str]:
    """The round and the card for everyone; for a seat, its line's score so far and its
    power (the map, the prompt and the references say the rest)."""
    london = _london(state)
    if london.order is None or london.pending_setup() is not None or london.card is None:
        return []
    out = [_(STATUS_ROUND).format(round=london.round + 1, turn=london.turn)]
    card = _(CARD_WORDS[london.card.name])
    out.append(_(STATUS_CARD).format(card=card, seen=london.underground_seen))
    if london.switch_turn:
        out.append(_(STATUS_SWITCH))
    if london.last_turn:
        out.append(_(STATUS_LAST_TURN))
    if player is None:
        return out
    colour = london.colour_of(player)
    score = london.sheet_score(player)
    words = {"colour": _colour(colour)}
    out.append(_(STATUS_LINE).format(score=score.lines[colour].score, total=score.total, **words))
    power = london.powers.of(colour) if london.powers else None
    if power is not None:
        used = _(POWER_STATE[bool(london.power_used[player])])
        out.append(_(STATUS_POWER).format(power=_(POWER_NAMES[power]), state=used, **words))
    return out
