"""Metromania in words: the game log, the score card, the buttons and the prompt.

A client shows players companies, lines, gates, stations and destinations, never the step
notation (vertices, spaces, gate numbers, marker codes). Every sentence a player reads is a
whole template in the tables below, marked for translation where it is defined and
translated (in the reader's language) where it is said.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from linecraft.core.game import Action, Control, Event, Picture, Reference
from linecraft.core.i18n import N_, Nn_, _, _n
from linecraft.games.metromania.city import TUNNELS, Line, LineId
from linecraft.games.metromania.geometry import Vertex, direction_index, gate_apex
from linecraft.games.metromania.markers import DAYS, LETTERS, Deal, Mode, markers_of, sort_hand
from linecraft.games.metromania.notation import (
    Double,
    Extend,
    Finish,
    LayoutDraw,
    Pass,
    Start,
    Station,
    Undo,
)
from linecraft.games.metromania.rules import MetromaniaState
from linecraft.games.metromania.svg import COMPANY_COLOURS, marker_token, trip_picture

if TYPE_CHECKING:
    from linecraft.games.metromania.game import Metromania

# --- the game's words ---------------------------------------------------------------------
# Marked with N_ (or Nn_ for a count's singular and plural) where they are defined and
# translated with _ (or _n) where a player reads them.
COLOURS = (  # companies 0–3 (§4)
    # TRANSLATORS: a company's colour, its name in sentences ("Dig 3 tunnels for red.")
    N_("red"),
    # TRANSLATORS: a company's colour, its name in sentences ("Dig 3 tunnels for blue.")
    N_("blue"),
    # TRANSLATORS: a company's colour, its name in sentences ("Dig 3 tunnels for green.")
    N_("green"),
    # TRANSLATORS: a company's colour, its name in sentences ("Dig 3 tunnels for yellow.")
    N_("yellow"),
)
COMPANY_TITLES = (
    # TRANSLATORS: a company's name, as a title (score rows, captions)
    N_("Red"),
    # TRANSLATORS: a company's name, as a title (score rows, captions)
    N_("Blue"),
    # TRANSLATORS: a company's name, as a title (score rows, captions)
    N_("Green"),
    # TRANSLATORS: a company's name, as a title (score rows, captions)
    N_("Yellow"),
)
LINE_NAMES = (  # L1, L2
    # TRANSLATORS: a company's line; {colour} is the company's colour, e.g. "red"
    N_("the solid {colour} line"),
    # TRANSLATORS: a company's line; {colour} is the company's colour, e.g. "red"
    N_("the striped {colour} line"),
)
SIDES = (  # §3.3
    # TRANSLATORS: a side of the hexagonal city, as in "at a white gate on {side}"
    N_("the upper right side"),
    # TRANSLATORS: a side of the hexagonal city, as in "at a white gate on {side}"
    N_("the top side"),
    # TRANSLATORS: a side of the hexagonal city, as in "at a white gate on {side}"
    N_("the upper left side"),
    # TRANSLATORS: a side of the hexagonal city, as in "at a white gate on {side}"
    N_("the lower left side"),
    # TRANSLATORS: a side of the hexagonal city, as in "at a white gate on {side}"
    N_("the bottom side"),
    # TRANSLATORS: a side of the hexagonal city, as in "at a white gate on {side}"
    N_("the lower right side"),
)
SPOTS = {
    # TRANSLATORS: a Spot's type (a House Spot, two House destinations, 1 House face down)
    "H": N_("House"),
    # TRANSLATORS: a Spot's type (a Work Spot, two Work destinations, 1 Work face down)
    "W": N_("Work"),
    # TRANSLATORS: a Spot's type (a Fun Spot, two Fun destinations, 1 Fun face down)
    "F": N_("Fun"),
}
TRIPS = {
    "mon": N_("Monday trip (A)"),
    "tue": N_("Tuesday trip (B)"),
    "wed": N_("Wednesday trip (C)"),
    "thu": N_("Thursday trip (D)"),
    "fri": N_("Friday trip (E)"),
    "sat": N_("Saturday trip (F)"),
    "sun": N_("Sunday trip (Park to Lake)"),
}
LINE_POINTS = {
    "kept": N_("Line points (both lines finished: kept)"),
    "halved": N_("Line points (one line finished: halved)"),
    "zeroed": N_("Line points (no line finished: lost)"),
}
PLACES = (
    # TRANSLATORS: a player's place at the end of the game (a score row's value)
    N_("1st"),
    # TRANSLATORS: a player's place at the end of the game (a score row's value)
    N_("2nd"),
    # TRANSLATORS: a player's place at the end of the game (a score row's value)
    N_("3rd"),
    # TRANSLATORS: a player's place at the end of the game (a score row's value)
    N_("4th"),
)
# Where a tunnel runs from the corner it starts at, as the city is drawn (DIRECTIONS order).
WAYS = (
    # TRANSLATORS: where a tunnel runs on the board, as in "Dig the tunnel {way}"
    N_("to the right"),
    # TRANSLATORS: where a tunnel runs on the board, as in "Dig the tunnel {way}"
    N_("to the upper right"),
    # TRANSLATORS: where a tunnel runs on the board, as in "Dig the tunnel {way}"
    N_("to the upper left"),
    # TRANSLATORS: where a tunnel runs on the board, as in "Dig the tunnel {way}"
    N_("to the left"),
    # TRANSLATORS: where a tunnel runs on the board, as in "Dig the tunnel {way}"
    N_("to the lower left"),
    # TRANSLATORS: where a tunnel runs on the board, as in "Dig the tunnel {way}"
    N_("to the lower right"),
)
LETTER_TRIPS = {
    "A": N_("Monday trip"),
    "B": N_("Tuesday trip"),
    "C": N_("Wednesday trip"),
    "D": N_("Thursday trip"),
    "E": N_("Friday trip"),
    "F": N_("Saturday trip"),
}
LINE_PIECES = (  # L1, L2 in hand
    # TRANSLATORS: a company's line L1, drawn solid (a piece in hand, a status line)
    N_("Solid line"),
    # TRANSLATORS: a company's line L2, drawn striped (a piece in hand, a status line)
    N_("Striped line"),
)
DOUBLE_BUTTONS = {
    "H": N_("Take two House destinations"),
    "W": N_("Take two Work destinations"),
    "F": N_("Take two Fun destinations"),
}
END_REASONS = {
    "both_lines_finished": N_("A company has finished both its lines."),
    "stations_used": N_("The last station is built."),
}
# TRANSLATORS: {count} is the number of blocked or finished lines that end the building
# (the English singular is the plural on purpose: the count is rarely 1)
END_LINES_REASON = Nn_(
    "At least {count} lines are blocked or finished.",
    "At least {count} lines are blocked or finished.",
)
# Not words: a list of names or markers, and a marker with its Spot's type.
LIST = ", "
MARKER = "{letter} ({spot})"
COMPANY_ROW = "{company}: {row}"
TEXT = {
    "layout": N_("The city is laid out: six districts in random places and turns."),
    "strict": N_("The destinations follow the municipality's table."),
    "dealt": N_("The destination markers are dealt face down."),
    "dealt_open": N_("The destination markers are dealt letter up."),
    # TRANSLATORS: {markers} lists destination markers, e.g. "A (House), B (Work), C (Fun)";
    # {colour} is the company's colour, e.g. "red"
    "hand": N_("{name} holds {markers} for {colour}."),
    # TRANSLATORS: {spot} is a Spot's type: House, Work or Fun
    "double": N_("{name} will hold two {spot} destinations."),
    # TRANSLATORS: {spot} is a Spot's type: House, Work or Fun
    "double_last": N_("{name} gets the type left: two {spot} destinations."),
    # TRANSLATORS: {line} is e.g. "the solid red line"; {side} e.g. "the upper right side"
    "start": N_("{name} started {line} at a white gate on {side}."),
    # TRANSLATORS: {line} is e.g. "the solid red line"
    "extend": N_("{name} dug a tunnel on {line}."),
    # TRANSLATORS: {line} is e.g. "the solid red line"; {spot} is House, Work or Fun;
    # {letter} is a destination's letter, A to F
    "extend_marker": N_(
        "{name} dug a tunnel on {line} through a {spot} Spot and placed destination {letter} there."
    ),
    # TRANSLATORS: {line} is e.g. "the solid red line"; {side} e.g. "the upper right side"
    "finish": N_("{name} finished {line} at a black gate on {side}."),
    # TRANSLATORS: {line} is e.g. "the solid red line"; {side} e.g. "the upper right side"
    "finish_bonus": N_(
        "{name} finished {line} at a black gate on {side} and built its bonus station."
    ),
    # TRANSLATORS: {line} is e.g. "the solid red line"
    "station": N_("{name} built an intermediate station on {line}."),
    # TRANSLATORS: {colour} is the company's colour, e.g. "red"
    "passed": N_("{name} passed for {colour}: no tunnel outside a Spot can be dug."),
    # TRANSLATORS: {colour} is the company's colour, e.g. "red"
    "stopped": N_("{name} ended the turn for {colour}: no tunnel outside a Spot can be dug."),
    "undo": N_("{name} took back the last tunnel."),
    # TRANSLATORS: {line} is another company's line, e.g. "the solid red line"
    "meets": N_("A station opens where it meets {line}."),
    # TRANSLATORS: {line} is another company's line, e.g. "the solid red line"
    "parts": N_("A station opens where it parts from {line}."),
    "over": N_("The building phase is over and the seven test trips are run."),
    "pass_button": N_("Pass (nothing can be dug)"),
    "pass_spots_button": N_("Pass (dig no tunnel through a Spot)"),
    "stop_spots_button": N_("End the turn (dig no tunnel through a Spot)"),
    # TRANSLATORS: {spots} lists the Spot types still to choose, e.g. "House, Work, Fun"
    "choose_double": N_("Choose the type you will hold two destinations of: {spots}."),
    # TRANSLATORS: {colour} is the company's colour, e.g. "red"
    "stuck": N_("Nothing can be dug for {colour}: pass."),
    # TRANSLATORS: {colour} is the company's colour, e.g. "red"
    "stuck_or_station": N_(
        "Nothing can be dug for {colour}: pass or build an intermediate station."
    ),
    # TRANSLATORS: {colour} is the company's colour, e.g. "red"
    "spots": N_(
        "Only tunnels through a Spot are left for {colour}: dig one and place a destination, "
        "or pass."
    ),
    # TRANSLATORS: {colour} is the company's colour, e.g. "red"
    "spots_or_station": N_(
        "Only tunnels through a Spot are left for {colour}: dig one and place a destination, "
        "pass, or build an intermediate station."
    ),
    # TRANSLATORS: {colour} is the company's colour, e.g. "red"
    "spots_end": N_(
        "Only tunnels through a Spot are left for {colour}: dig one and place a destination, "
        "or end the turn."
    ),
    # TRANSLATORS: {colour} is the company's colour, e.g. "red"
    "dig_on": N_("Dig on for {colour}: a tunnel without a Spot can still be dug."),
    # TRANSLATORS: {colour} is the company's colour, e.g. "red"
    "last_turn": N_("This is the last turn for {colour}."),
    # TRANSLATORS: a button; {way} is a direction, e.g. "to the upper right"
    "choice_start": N_("Start the line here, tunnel {way}"),
    # TRANSLATORS: a button; {way} is a direction, e.g. "to the upper right"
    "choice_extend": N_("Dig the tunnel {way}"),
    # TRANSLATORS: a button; {letter} is A to F, {trip} e.g. "Monday trip", {spot} House,
    # Work or Fun, {way} a direction, e.g. "to the upper right"
    "choice_marker": N_("Place destination {letter} ({trip}, {spot}), tunnel {way}"),
    # TRANSLATORS: a button; {letter} is A to F, {trip} e.g. "Monday trip", {way} a
    # direction, e.g. "to the upper right"
    "choice_marker_blind": N_("Place destination {letter} ({trip}), tunnel {way}"),
    "choice_finish": N_("Finish the line without a bonus station"),
    "choice_finish_bonus": N_("Finish the line and build its bonus station"),
    "choice_station": N_("Build an intermediate station here"),
    "origin_help": N_(
        "Click the marked corner the tunnel leads to. Finishing a line: click the marked "
        "point of the line that gets its bonus station, or the gate again for none."
    ),
    "status_supply": N_("Stations left in the supply: {count}."),
    "status_setup": N_("The city is being laid out."),
    "status_deal": N_("The destination markers are being dealt."),
    # TRANSLATORS: {company} is e.g. "Red"; {points} e.g. "3 points"; {markers} e.g.
    # "A (House), B (Work)" or "1 House face down" or "all placed"; {lines} tells each
    # line's state, e.g. "Solid line: 12 tunnels left. Striped line not started."
    "status_own": N_("{company} (yours): {points}; destinations {markers}. {lines}"),
    # TRANSLATORS: as the line above, for another player's company
    "status_other": N_("{company}: {points}; destinations {markers}. {lines}"),
    # TRANSLATORS: a company's destinations when it holds none any more
    "status_none": N_("all placed"),
    # TRANSLATORS: {line} is "Solid line" or "Striped line"
    "status_not_started": N_("{line} not started."),
    # TRANSLATORS: {line} is "Solid line" or "Striped line"
    "status_finished": N_("{line} finished."),
    # TRANSLATORS: {trip} is e.g. "Monday trip (A)"
    "trip_zero": N_("{trip}: both destinations share a station (0 minutes)."),
    # TRANSLATORS: {trip} is e.g. "Monday trip (A)"; {causes} lists why, e.g.
    # "destination A (House) was never placed"
    "trip_impossible": N_("{trip}: impossible, {causes}."),
    # TRANSLATORS: why a test trip is impossible; {letter} is A to F, {spot} House, Work or Fun
    "cause_not_placed": N_("destination {letter} ({spot}) was never placed"),
    # TRANSLATORS: why a test trip is impossible; {letter} is A to F, {spot} House, Work or Fun
    "cause_no_station": N_("destination {letter} ({spot}) has no station beside it"),
    # TRANSLATORS: why a test trip is impossible
    "cause_no_connection": N_("no route joins its two destinations"),
    # TRANSLATORS: why the Sunday test trip is impossible
    "cause_no_route": N_("no route joins the Park and the Lake"),
    "station_points": N_("Station points"),
    "lines_finished": N_("Lines finished"),
    "tunnels": N_("Tunnels dug"),
    "place": N_("Place"),
    "total": N_("Total"),
}
# The sentences that count something: a singular and a plural, picked by the count.
COUNTS = {
    # TRANSLATORS: {count} other lines meet there (never 1)
    "junction": Nn_(
        "A station opens where {count} other line passes.",
        "A station opens where {count} other lines pass.",
    ),
    "points": Nn_("{name} scores {count} point.", "{name} scores {count} points."),
    "supply": Nn_("Only {count} station is left.", "Only {count} stations are left."),
    # TRANSLATORS: {companies} lists companies' colours, e.g. "blue, green"; {count} is
    # how many they are
    "final_round": Nn_(
        "Final round: one last turn for {companies}.",
        "Final round: one last turn each for {companies}.",
    ),
    # TRANSLATORS: {names} is the winner's name
    "winner": Nn_("{names} wins with {count} point.", "{names} wins with {count} points."),
    # TRANSLATORS: {names} lists the winners' names
    "shared": Nn_(
        "Shared win with {count} point: {names}.", "Shared win with {count} points: {names}."
    ),
    # TRANSLATORS: {colour} is the company's colour, e.g. "red"
    "first_turn": Nn_(
        "Start a {colour} line at a white gate.",
        "Dig {count} tunnels for {colour}, starting a line at a white gate.",
    ),
    # TRANSLATORS: {colour} is the company's colour, e.g. "red"
    "dig": Nn_("Dig {count} tunnel for {colour}.", "Dig {count} tunnels for {colour}."),
    # TRANSLATORS: {colour} is the company's colour, e.g. "red"
    "dig_or_station": Nn_(
        "Dig {count} tunnel for {colour}, or build one intermediate station.",
        "Dig {count} tunnels for {colour}, or build one intermediate station.",
    ),
    # TRANSLATORS: {colour} is the company's colour, e.g. "red"
    "more": Nn_(
        "{count} more tunnel to dig for {colour}.", "{count} more tunnels to dig for {colour}."
    ),
    # TRANSLATORS: a company's station points, in its status line
    "status_points": Nn_("{count} point", "{count} points"),
    # TRANSLATORS: another player's destination markers of one type, held face down;
    # {spot} is House, Work or Fun (the English singular is kept as the plural on purpose)
    "status_hidden": Nn_("{count} {spot} face down", "{count} {spot} face down"),
    # TRANSLATORS: {line} is "Solid line" or "Striped line"
    "status_growing": Nn_("{line}: {count} tunnel left.", "{line}: {count} tunnels left."),
    # TRANSLATORS: {trip} is e.g. "Monday trip (A)"
    "trip_minutes": Nn_("{trip}: {count} minute.", "{trip}: {count} minutes."),
}
# One line per score row (its tooltip), by the row's words.
ROW_HELP = {
    "station_points": N_(
        "Points scored while building: 1 for each House, Work or Fun Spot touching a station "
        "the company built."
    ),
    "lines_finished": N_(
        "How many of the company's two lines reached a black gate: it sets the line points "
        "and breaks ties first."
    ),
    "kept": N_("Both lines finished: the company keeps all its station points."),
    "halved": N_("One line finished: the station points are halved, rounded down."),
    "zeroed": N_("No line finished: the station points are lost."),
    # TRANSLATORS: {letter} is a destination's letter, A to F
    "trip": N_(
        "The fastest ride between the two {letter} destinations: 6 points if the company "
        "placed one of them and a section of its lines is on the ride, 3 if it only carries "
        "the ride, −6 if the trip is impossible through its fault."
    ),
    "sunday": N_(
        "The fastest ride from the Park to the Lake: 5 points for each company with a section "
        "on it; an impossible Sunday trip costs nothing."
    ),
    "tunnels": N_("Tunnels dug, gate tunnels included: they break ties after finished lines."),
    "place": N_("Place at the end: most points, then most finished lines, then most tunnels."),
    "total": N_("Line points plus the seven test trips."),
}
REFERENCE = {
    "title": N_("Trips"),
    # TRANSLATORS: {trip} is e.g. "Monday trip (A)"; {first} and {second} are the Spot
    # types it joins: House, Work or Fun
    "trip": N_("{trip}: {first} and {second}."),
    "sunday": "{trip}.",  # not words
    # TRANSLATORS: {letter} is A to F, {spot} House, Work or Fun, {trip} e.g. "Monday trip"
    "own": N_("Your {letter} ({spot}): {trip}."),
    # TRANSLATORS: {letter} is A to F, {spot} House, Work or Fun, {trip} e.g. "Monday trip",
    # {colour} the company's colour, e.g. "red"
    "own_company": N_("Your {letter} ({spot}) for {colour}: {trip}."),
    # TRANSLATORS: {company} is e.g. "Red", {letter} A to F, {spot} House, Work or Fun,
    # {trip} e.g. "Monday trip"
    "other": N_("{company}'s {letter} ({spot}): {trip}."),
    "all_placed": N_("All your destinations are placed."),
}
# What an assistant room asks when chance is due at a real table (`picker`).
PICKER = {
    "layout": N_("The city on the table: the district in each place, turned as it lies"),
    # TRANSLATORS: {side} is a side of the hexagonal city, e.g. "the upper right side"
    "place": N_("The district on {side}"),
    # TRANSLATORS: one of the six district tiles, numbered 1 to 6, as first drawn
    "district": N_("District {number}, not turned"),
    # TRANSLATORS: a district tile given a third of a turn from how it is first drawn
    "turned_once": N_("District {number}, turned once"),
    # TRANSLATORS: a district tile given two thirds of a turn from how it is first drawn
    "turned_twice": N_("District {number}, turned twice"),
    "deal": N_("The destination markers each company holds"),
    # TRANSLATORS: {company} is a company's name, e.g. "Red"; {name} the player's name
    "hand": N_("{company}'s destinations ({name})"),
    # TRANSLATORS: {company} and {other} are the two companies' names, e.g. "Red", "Blue";
    # {name} and {other_name} their players' names
    "split": N_(
        "The destinations {company} ({name}) holds; {other} ({other_name}) holds the other "
        "one of each letter"
    ),
    # TRANSLATORS: {company} is a company's name, e.g. "Red"; {letter} is A to F
    "split_letter": N_("{company}'s destination {letter}"),
    # TRANSLATORS: {company} is a company's name, e.g. "Red"; {spot} is House, Work or Fun;
    # {name} the player's name
    "typed_one": N_("{company}'s {spot} destination ({name})"),
    # TRANSLATORS: {company} is a company's name, e.g. "Red"; {spot} is House, Work or Fun;
    # {name} the player's name
    "typed_two": N_("{company}'s two {spot} destinations ({name})"),
}
LOW_SUPPLY = 5  # from here on the log counts the stations left: an empty supply ends the game


def _say(key: str, **fields: Any) -> str:
    return _(TEXT[key]).format(**fields)


def _count(key: str, count: int, **fields: Any) -> str:
    """The singular or the plural form of a sentence that counts something."""
    return _n(*COUNTS[key], abs(count)).format(count=count, **fields)


def _row_help(key: str) -> str:
    return _(ROW_HELP[key])


def _reference(key: str) -> str:
    return _(REFERENCE[key])


def company_title(company: int) -> str:
    """A company's name as a title: Red, Blue, Green, Yellow."""
    return _(COMPANY_TITLES[company])


def _list(items: Iterable[str]) -> str:
    return LIST.join(items)


def _marker(code: str) -> str:
    """A marker letter up with its Spot's type: "A (House)"."""
    return MARKER.format(letter=code[0], spot=_(SPOTS[code[1]]))


def _line(line_id: LineId) -> str:
    return _(LINE_NAMES[line_id[1]]).format(colour=_(COLOURS[line_id[0]]))


# --- the game log -------------------------------------------------------------------------
def describe_event(
    game: Metromania,
    before: MetromaniaState,
    event: Event,
    names: Sequence[str],
    viewer: int | None,
) -> str | None:
    """One log line for `event` applied to `before`, as `viewer` may know it: in a secret
    deal a seat reads its own companies' hands and nobody else's."""
    after = before.clone()
    assert isinstance(after, MetromaniaState)
    if event.player is None:
        outcome = after.apply_chance(event.text)
        if isinstance(outcome, LayoutDraw):
            return " ".join(_layout_news(game, after, names))
        assert isinstance(outcome, Deal)
        return " ".join(_deal_news(game, before, outcome, names, viewer))
    step = game.parse_action(event.text)
    after.apply_unchecked(event.player, step)
    news = _step_news(before, after, step, names, event.player)
    return " ".join([*news, *_phase_news(game, before, after, names)])


def _layout_news(game: Metromania, after: MetromaniaState, names: Sequence[str]) -> list[str]:
    """The layout; in the strict municipality the fixed, public hands come with it."""
    if after.deal is None:
        return [_say("layout")]
    return [_say("layout"), _say("strict"), *_hands(game, after.deal, names, None)]


def _deal_news(
    game: Metromania,
    before: MetromaniaState,
    deal: Deal,
    names: Sequence[str],
    viewer: int | None,
) -> list[str]:
    seen_by = before.chance_viewers()
    if seen_by is None:
        return [_say("dealt_open"), *_hands(game, deal, names, None)]
    if viewer is None or viewer not in seen_by:
        return [_say("dealt")]
    return [_say("dealt"), *_hands(game, deal, names, viewer)]


def _hands(game: Metromania, deal: Deal, names: Sequence[str], seat: int | None) -> list[str]:
    """The hand of every company (seat None), or of one seat's companies only."""
    said = []
    for company, hand in enumerate(deal.hands):
        owner = game.mode.seat_of(company)
        if seat is not None and owner != seat:
            continue
        markers = _list(_marker(code) for code in hand)
        said.append(_say("hand", name=names[owner], markers=markers, colour=_(COLOURS[company])))
    return said


def _step_news(
    before: MetromaniaState,
    after: MetromaniaState,
    step: Action,
    names: Sequence[str],
    player: int,
) -> list[str]:
    name = names[player]
    if isinstance(step, Double):
        said = [_say("double", name=name, spot=_(SPOTS[step.kind]))]
        if len(after.doubles) == 3:  # the last seat gets the type left (R2)
            said.append(_say("double_last", name=names[2], spot=_(SPOTS[after.doubles[2]])))
        return said
    company = before.to_move
    if isinstance(step, Pass):  # told alike whatever Spots were left: those hang on letters
        colour = _(COLOURS[company])
        return [_say("stopped" if before.steps else "passed", name=name, colour=colour)]
    if isinstance(step, Undo):
        return [_say("undo", name=name)]
    assert isinstance(step, Start | Extend | Finish | Station)
    return [
        _dig_sentence(before, step, name),
        *_station_news(before, after, step),
        *_points_news(before, after, name),
        *_supply_news(before, after),
    ]


def _is_dig(action: Action) -> bool:
    return isinstance(action, Start | Extend | Finish)


def _dig_sentence(
    before: MetromaniaState, step: Start | Extend | Finish | Station, name: str
) -> str:
    assert before.city is not None
    line = _line((before.to_move, step.line))
    if isinstance(step, Start):
        return _say("start", name=name, line=line, side=_(SIDES[step.gate[0]]))
    if isinstance(step, Finish):
        key = "finish_bonus" if step.bonus else "finish"
        return _say(key, name=name, line=line, side=_(SIDES[step.gate[0]]))
    if isinstance(step, Station):
        return _say("station", name=name, line=line)
    if step.letter is None:
        return _say("extend", name=name, line=line)
    spot = _(SPOTS[before.city.specials[step.space]])
    return _say("extend_marker", name=name, line=line, spot=spot, letter=step.letter)


def _station_news(
    before: MetromaniaState, after: MetromaniaState, step: Start | Extend | Finish | Station
) -> list[str]:
    """The stations a tunnel forces (§8.6): where the line meets or leaves other lines."""
    assert before.city is not None and after.city is not None
    chosen = {step.vertex} if isinstance(step, Station) else set()
    if isinstance(step, Finish) and step.bonus is not None:
        chosen.add(step.bonus)
    forced = sorted(after.city.stations - before.city.stations - chosen)
    return [_forced_station(after, (before.to_move, step.line), v, step) for v in forced]


def _forced_station(
    after: MetromaniaState,
    line_id: LineId,
    vertex: Vertex,
    step: Start | Extend | Finish | Station,
) -> str:
    assert after.city is not None
    others = [
        other
        for other, line in after.city.all_lines()
        if other != line_id and vertex in line.vertices
    ]
    if len(others) != 1:
        return _count("junction", len(others))
    leaving = isinstance(step, Extend | Finish) and vertex == step.tip
    return _say("parts" if leaving else "meets", line=_line(others[0]))


def _points_news(before: MetromaniaState, after: MetromaniaState, name: str) -> list[str]:
    assert before.city is not None and after.city is not None
    gained = after.city.points[before.to_move] - before.city.points[before.to_move]
    return [_count("points", gained, name=name)] if gained else []


def _supply_news(before: MetromaniaState, after: MetromaniaState) -> list[str]:
    """How few stations are left, since an empty supply ends the building (§10)."""
    assert before.city is not None and after.city is not None
    left = after.city.supply
    if 0 < left <= LOW_SUPPLY and left < before.city.supply:
        return [_count("supply", left)]
    return []


def _phase_news(
    game: Metromania, before: MetromaniaState, after: MetromaniaState, names: Sequence[str]
) -> list[str]:
    """The final round (with why it came) and the end of the game (with who won)."""
    if before.phase == "building" and after.phase == "final":
        reasons = [_end_reason(r, game.end_lines) for r in after.end_reasons()]
        owed = [after.to_move, *after.final_left]
        companies = _list(_(COLOURS[c]) for c in owed)
        return [*reasons, _count("final_round", len(owed), companies=companies)]
    if before.phase == "final" and after.phase == "over":
        return [_say("over"), _winners(after, names)]
    return []


def _end_reason(reason: str, lines: int) -> str:
    if reason in END_REASONS:
        return _(END_REASONS[reason])
    return _n(*END_LINES_REASON, lines).format(count=lines)


def _winners(after: MetromaniaState, names: Sequence[str]) -> str:
    winners = after.winners()
    points = after.scores()[winners[0]].total
    named = _list(names[w] for w in winners)
    return _count("winner" if len(winners) == 1 else "shared", points, names=named)


# --- the score card -----------------------------------------------------------------------
def score_rows(card: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """A seat's card as a player reads it. Rows with a number add up to the total (a
    failed test trip is −6 on its day); rows with text are detail (the tie-breaks, the
    place). The per-company breakdown is shown when the card carries its companies'
    records of §20 under `breakdown`."""
    rows: list[tuple[str, Any]] = []
    records = card.get("breakdown", [])
    for record in records:
        company = company_title(record["company"]) if len(records) > 1 else None
        rows += [(_row(label, company), value) for label, value in _company_rows(record)]
    if "lines_finished" in card and not records:
        rows.append((_say("lines_finished"), str(card["lines_finished"])))
    if "tunnels" in card:
        rows.append((_say("tunnels"), str(card["tunnels"])))
    if "rank" in card:
        rank = card["rank"]
        rows.append((_say("place"), _(PLACES[rank - 1])))
    return [*rows, (_say("total"), card["total"])]


def _row(label: str, company: str | None) -> str:
    """A company's own row; named only where a seat runs two companies."""
    return label if company is None else COMPANY_ROW.format(company=company, row=label)


def _company_rows(record: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """Station points and finished lines (detail), then what they make and each trip."""
    adjustment = record["adjustment"]
    return [
        (_say("station_points"), str(record["station_points"])),
        (_say("lines_finished"), str(record["lines_finished"])),
        (_(LINE_POINTS[adjustment]), record["line_points"]),
        *((_(TRIPS[day]), record["tests"][day]) for day in DAYS),
    ]


# --- buttons and prompt -------------------------------------------------------------------
def controls(game: Metromania, state: MetromaniaState, player: int) -> list[Control]:
    """Passing and the 3-player declarations; every other step picks a line and aims at
    a gate or a vertex on the board."""
    found = []
    legal = state.legal_actions(player)
    for action in legal:
        if isinstance(action, Pass):
            found.append(Control(str(action), _pass_button(state, legal)))
        elif isinstance(action, Double):
            found.append(Control(str(action), _(DOUBLE_BUTTONS[action.kind])))
    return found


def _pass_button(state: MetromaniaState, legal: list[Action]) -> str:
    """Passing with nothing to dig, or leaving the tunnels through Spots undug (nobody has
    to place a destination), at the start of the turn or after some tunnels."""
    if not any(_is_dig(a) for a in legal):
        return _say("pass_button")
    return _say("stop_spots_button" if state.steps else "pass_spots_button")


def prompt(game: Metromania, state: MetromaniaState, player: int) -> str:
    """What is left of the turn: the declaration, or how many tunnels are owed and for
    which company, and what may be done instead (a station, a pass)."""
    if player not in state.to_act():
        return ""
    if state.phase == "setup":
        spots = _list(_(SPOTS[k]) for k in SPOTS if k not in state.doubles)
        return _say("choose_double", spots=spots)
    colour = _(COLOURS[state.to_move])
    said = _turn_prompt(state, player, colour)
    return f"{said} {_say('last_turn', colour=colour)}" if state.phase == "final" else said


def _turn_prompt(state: MetromaniaState, player: int, colour: str) -> str:
    """From the legal steps and the tunnels still owed (K less those dug): a Spot tunnel is
    never owed, so the turn may end where only those are left."""
    assert state.city is not None
    legal = state.legal_actions(player)
    digs = any(_is_dig(a) for a in legal)
    station = any(isinstance(a, Station) for a in legal)
    owed = state.k - state.steps
    if not digs:
        return _say("stuck_or_station" if station else "stuck", colour=colour)
    if any(isinstance(a, Pass) for a in legal):  # what is left goes through Spots
        key = "spots_end" if state.steps else "spots_or_station" if station else "spots"
        return _say(key, colour=colour)
    if owed <= 0:
        return _say("dig_on", colour=colour)
    if state.steps:
        return _count("more", owed, colour=colour)
    if state.city.first_turn:
        return _count("first_turn", owed, colour=colour)
    return _count("dig_or_station" if station else "dig", owed, colour=colour)


# --- choices on the board -----------------------------------------------------------------
def choice_words(action: Action) -> str:
    """A step in words for the buttons that tell apart plays aimed at one spot: the way its
    tunnel runs and the destination it places, never a vertex, a space or a code."""
    if isinstance(action, Start):
        return _say("choice_start", way=_way(gate_apex(action.gate), action.vertex))
    if isinstance(action, Extend):
        return _extend_words(action)
    if isinstance(action, Finish):
        return _say("choice_finish_bonus" if action.bonus else "choice_finish")
    if isinstance(action, Station):
        return _say("choice_station")
    return str(action)


def _extend_words(step: Extend) -> str:
    way = _way(step.tip, step.to)
    if step.letter is None:
        return _say("choice_extend", way=way)
    trip = _(LETTER_TRIPS[step.letter])
    if step.spot is None:  # a step read from its text: the Spot's type is the city's
        return _say("choice_marker_blind", letter=step.letter, trip=trip, way=way)
    spot = _(SPOTS[step.spot])
    return _say("choice_marker", letter=step.letter, trip=trip, spot=spot, way=way)


def _way(a: Vertex, b: Vertex) -> str:
    index = direction_index(a, b)
    assert index is not None
    return _(WAYS[index])


def piece_label(piece: str) -> str:
    """A line in hand: L1 is drawn solid, L2 striped."""
    return _(LINE_PIECES[int(piece[1]) - 1]) if piece in ("L1", "L2") else piece


# --- beside the board ---------------------------------------------------------------------
def status_lines(state: MetromaniaState, viewer: int | None) -> list[str]:
    """The station supply (an empty one ends the building), then each company's points,
    destinations (another seat's face down unless they are open) and lines."""
    city = state.city
    if city is None:
        return [_say("status_setup")]
    if state.deal is None:
        return [_say("status_deal")]
    out = [_say("status_supply", count=city.supply)]
    mode = state.rules.mode
    for company in range(mode.companies):
        own = viewer == mode.seat_of(company)
        shown = own or state.rules.letters_public or state.is_terminal()
        hand = sort_hand(city.hands[company])
        out.append(
            _say(
                "status_own" if own else "status_other",
                company=company_title(company),
                points=_count("status_points", city.points[company]),
                markers=_hand_words(hand, shown),
                lines=" ".join(_line_state(n, line) for n, line in enumerate(city.lines[company])),
            )
        )
    return out


def _hand_words(hand: Sequence[str], shown: bool) -> str:
    if not hand:
        return _say("status_none")
    if shown:
        return _list(_marker(c) for c in hand)
    kinds = [k for k in SPOTS if any(c[1] == k for c in hand)]
    return _list(
        _count("status_hidden", sum(c[1] == k for c in hand), spot=_(SPOTS[k])) for k in kinds
    )


def _line_state(number: int, line: Line) -> str:
    name = _(LINE_PIECES[number])
    if not line.started:
        return _say("status_not_started", line=name)
    if line.finished:
        return _say("status_finished", line=name)
    return _count("status_growing", TUNNELS - line.tunnels, line=name)


def trip_notes(report: Mapping[str, Any]) -> list[str]:
    """Each test trip as the city drawing tells it at the end: how long it took, or why
    it was impossible (the score table gives the points)."""
    notes = []
    for test in report["tests"]:
        day = test["day"]
        trip = _(TRIPS[day])
        if test["status"] == "ok":
            notes.append(_count("trip_minutes", test["minutes"], trip=trip))
        elif test["status"] == "zero":
            notes.append(_say("trip_zero", trip=trip))
        else:
            causes = [_cause(c) for c in test["causes"]] or [_say("cause_no_route")]
            notes.append(_say("trip_impossible", trip=trip, causes=_list(causes)))
    return notes


def _cause(cause: Mapping[str, Any]) -> str:
    code = cause["marker"]
    if code is None:
        return _say("cause_no_connection")
    return _say(f"cause_{cause['cause']}", letter=code[0], spot=_(SPOTS[code[1]]))


# --- help beside the board ----------------------------------------------------------------
def score_help(mode: Mode) -> dict[str, str]:
    """A line for each row `score_rows` writes in this mode: where a seat runs two
    companies, each company's rows carry its name."""
    rows = [
        (_say("station_points"), _row_help("station_points")),
        (_say("lines_finished"), _row_help("lines_finished")),
        *((_(LINE_POINTS[key]), _row_help(key)) for key in LINE_POINTS),
        *((_(TRIPS[day]), _trip_help(day)) for day in DAYS),
    ]
    if mode.companies > mode.players:
        named = [_(title) for title in COMPANY_TITLES[: mode.companies]]
        rows = [(_row(label, company), line) for company in named for label, line in rows]
    rows += [
        (_say("tunnels"), _row_help("tunnels")),
        (_say("place"), _row_help("place")),
        (_say("total"), _row_help("total")),
    ]
    return dict(rows)


def _trip_help(day: str) -> str:
    if day == "sun":
        return _row_help("sunday")
    return _row_help("trip").format(letter=LETTERS[DAYS.index(day)])


def reference(state: MetromaniaState, viewer: int | None) -> list[Reference]:
    """The seven trips with the destinations each joins, then the destinations the viewer's
    companies still hold; another company's only where letters are public (open
    destinations, the municipality's table, or the game over)."""
    items = [_trip_item(day) for day in DAYS]
    city = state.city
    if city is not None and state.phase != "setup":
        mode = state.rules.mode
        public = state.rules.letters_public or state.is_terminal()
        own = [c for c in range(mode.companies) if mode.seat_of(c) == viewer]
        items += [item for c in own for item in _held_items(c, city.hands[c], len(own))]
        if own and not any(city.hands[c] for c in own):
            items.append(Picture(None, _reference("all_placed")))
        if public:
            others = [c for c in range(mode.companies) if c not in own]
            items += [item for c in others for item in _held_items(c, city.hands[c], 0)]
    return [Reference(_reference("title"), tuple(items))]


def _trip_item(day: str) -> Picture:
    trip = _(TRIPS[day])
    if day == "sun":
        return Picture(trip_picture(None, ("park", "lake")), REFERENCE["sunday"].format(trip=trip))
    first, second = markers_of(LETTERS[DAYS.index(day)])
    caption = _reference("trip").format(
        trip=trip, first=_(SPOTS[first[1]]), second=_(SPOTS[second[1]])
    )
    return Picture(trip_picture(first[0], (first[1], second[1])), caption)


def _held_items(company: int, hand: Sequence[str], own: int) -> list[Picture]:
    """A company's unplaced markers, letter up, in its colour; `own`: how many companies
    the viewer runs (0 for another seat's), naming the company where the viewer has two."""
    key = "other" if not own else "own" if own == 1 else "own_company"
    items = []
    for code in sort_hand(hand):
        letter, spot = code[0], _(SPOTS[code[1]])
        caption = _(REFERENCE[key]).format(
            letter=letter,
            spot=spot,
            trip=_(LETTER_TRIPS[letter]),
            colour=_(COLOURS[company]),
            company=company_title(company),
        )
        picture = marker_token(letter, code[1], COMPANY_COLOURS[company])
        items.append(Picture(picture, caption))
    return items


# --- an assistant room's questions ----------------------------------------------------------
def picker_words(key: str, **fields: Any) -> str:
    """A title or caption of the chance picker."""
    return _(PICKER[key]).format(**fields)


def district_caption(number: int, orientation: int) -> str:
    """A district tile and its turn, as a choice of the layout reads."""
    key = ("district", "turned_once", "turned_twice")[orientation]
    return picker_words(key, number=number)


def side_words(side: int) -> str:
    return _(SIDES[side])


def markers_words(codes: Iterable[str]) -> str:
    """Markers letter up with their Spots' types: "A (House), B (Work)"."""
    return _list(_marker(code) for code in codes)


def spot_words(kind: str) -> str:
    """A Spot's type in words: House, Work or Fun."""
    return _(SPOTS[kind])
