"""Metromania in words: the game log, the score card, the buttons and the prompt.

A client shows players companies, lines, gates, stations and destinations, never the step
notation (vertices, spaces, gate numbers, marker codes). Every sentence a player reads is a
whole template in the tables below, so that the tables can be translated as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from linecraft.core.game import Action, Control, Event, Picture, Reference
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
COLOURS = ("red", "blue", "green", "yellow")  # companies 0–3 (§4)
COMPANY_TITLES = ("Red", "Blue", "Green", "Yellow")
LINE_NAMES = ("the solid {colour} line", "the striped {colour} line")  # L1, L2
SIDES = ("upper right", "top", "upper left", "lower left", "bottom", "lower right")  # §3.3
SPOTS = {"H": "House", "W": "Work", "F": "Fun"}
TRIPS = {
    "mon": "Monday trip (A)",
    "tue": "Tuesday trip (B)",
    "wed": "Wednesday trip (C)",
    "thu": "Thursday trip (D)",
    "fri": "Friday trip (E)",
    "sat": "Saturday trip (F)",
    "sun": "Sunday trip (Park to Lake)",
}
LINE_POINTS = {
    "kept": "Line points (both lines finished: kept)",
    "halved": "Line points (one line finished: halved)",
    "zeroed": "Line points (no line finished: lost)",
}
PLACES = ("1st", "2nd", "3rd", "4th")
# Where a tunnel runs from the corner it starts at, as the city is drawn (DIRECTIONS order).
WAYS = ("right", "upper right", "upper left", "left", "lower left", "lower right")
LETTER_TRIPS = {
    "A": "Monday trip",
    "B": "Tuesday trip",
    "C": "Wednesday trip",
    "D": "Thursday trip",
    "E": "Friday trip",
    "F": "Saturday trip",
}
LINE_PIECES = ("Solid line", "Striped line")  # L1, L2 in hand
DOUBLE_BUTTONS = {
    "H": "Take two House destinations",
    "W": "Take two Work destinations",
    "F": "Take two Fun destinations",
}
END_REASONS = {
    "both_lines_finished": "A company has finished both its lines.",
    "stations_used": "The last station is built.",
    "lines_blocked_or_finished": "At least {count} lines are blocked or finished.",
}
# A key ending in .one or .many is the singular or the plural of one sentence.
TEXT = {
    "layout": "The city is laid out: six districts in random places and turns.",
    "strict": "The destinations follow the municipality's table.",
    "dealt": "The destination markers are dealt face down.",
    "dealt_open": "The destination markers are dealt letter up.",
    "hand": "{name} holds {markers} for {colour}.",
    "marker": "{letter} ({spot})",
    "list": ", ",
    "double": "{name} will hold two {spot} destinations.",
    "double_last": "{name} gets the type left: two {spot} destinations.",
    "start": "{name} started {line} at a white gate on the {side} side.",
    "extend": "{name} dug a tunnel on {line}.",
    "extend_marker": (
        "{name} dug a tunnel on {line} through a {spot} Spot and placed destination {letter} there."
    ),
    "finish": "{name} finished {line} at a black gate on the {side} side.",
    "finish_bonus": (
        "{name} finished {line} at a black gate on the {side} side and built its bonus station."
    ),
    "station": "{name} built an intermediate station on {line}.",
    "passed": "{name} passed for {colour}: no tunnel outside a Spot can be dug.",
    "stopped": "{name} ended the turn for {colour}: no tunnel outside a Spot can be dug.",
    "undo": "{name} took back the last tunnel.",
    "meets": "A station opens where it meets {line}.",
    "parts": "A station opens where it parts from {line}.",
    "junction": "A station opens where {count} other lines pass.",
    "points.one": "{name} scores {count} point.",
    "points.many": "{name} scores {count} points.",
    "supply.one": "Only {count} station is left.",
    "supply.many": "Only {count} stations are left.",
    "final_round.one": "Final round: one last turn for {companies}.",
    "final_round.many": "Final round: one last turn each for {companies}.",
    "over": "The building phase is over and the seven test trips are run.",
    "winner.one": "{names} wins with {count} point.",
    "winner.many": "{names} wins with {count} points.",
    "shared.one": "Shared win with {count} point: {names}.",
    "shared.many": "Shared win with {count} points: {names}.",
    "pass_button": "Pass (nothing can be dug)",
    "pass_spots_button": "Pass (dig no tunnel through a Spot)",
    "stop_spots_button": "End the turn (dig no tunnel through a Spot)",
    "choose_double": "Choose the type you will hold two destinations of: {spots}.",
    "first_turn.one": "Start a {colour} line at a white gate.",
    "first_turn.many": "Dig {count} tunnels for {colour}, starting a line at a white gate.",
    "dig.one": "Dig {count} tunnel for {colour}.",
    "dig.many": "Dig {count} tunnels for {colour}.",
    "dig_or_station.one": "Dig {count} tunnel for {colour}, or build one intermediate station.",
    "dig_or_station.many": "Dig {count} tunnels for {colour}, or build one intermediate station.",
    "more.one": "{count} more tunnel to dig for {colour}.",
    "more.many": "{count} more tunnels to dig for {colour}.",
    "stuck": "Nothing can be dug for {colour}: pass.",
    "stuck_or_station": "Nothing can be dug for {colour}: pass or build an intermediate station.",
    "spots": (
        "Only tunnels through a Spot are left for {colour}: dig one and place a destination, "
        "or pass."
    ),
    "spots_or_station": (
        "Only tunnels through a Spot are left for {colour}: dig one and place a destination, "
        "pass, or build an intermediate station."
    ),
    "spots_end": (
        "Only tunnels through a Spot are left for {colour}: dig one and place a destination, "
        "or end the turn."
    ),
    "dig_on": "Dig on for {colour}: a tunnel without a Spot can still be dug.",
    "last_turn": "This is the last turn for {colour}.",
    "choice_start": "Start the line here, tunnel to the {way}",
    "choice_extend": "Dig the tunnel to the {way}",
    "choice_marker": "Place destination {letter} ({trip}, {spot}), tunnel to the {way}",
    "choice_marker_blind": "Place destination {letter} ({trip}), tunnel to the {way}",
    "choice_finish": "Finish the line without a bonus station",
    "choice_finish_bonus": "Finish the line and build its bonus station",
    "choice_station": "Build an intermediate station here",
    "origin_help": (
        "Click the marked corner the tunnel leads to. Finishing a line: click the marked "
        "point of the line that gets its bonus station, or the gate again for none."
    ),
    "status_supply": "Stations left in the supply: {count}.",
    "status_setup": "The city is being laid out.",
    "status_own": "{company} (yours): {points}; destinations {markers}. {lines}",
    "status_other": "{company}: {points}; destinations {markers}. {lines}",
    "status_points.one": "{count} point",
    "status_points.many": "{count} points",
    "status_hidden": "{count} {spot} face down",
    "status_none": "all placed",
    "status_not_started": "{line} not started.",
    "status_growing.one": "{line}: {count} tunnel left.",
    "status_growing.many": "{line}: {count} tunnels left.",
    "status_finished": "{line} finished.",
    "trip_minutes.one": "{trip}: {count} minute.",
    "trip_minutes.many": "{trip}: {count} minutes.",
    "trip_zero": "{trip}: both destinations share a station (0 minutes).",
    "trip_impossible": "{trip}: impossible, {causes}.",
    "cause_not_placed": "destination {letter} ({spot}) was never placed",
    "cause_no_station": "destination {letter} ({spot}) has no station beside it",
    "cause_no_connection": "no route joins its two destinations",
    "cause_no_route": "no route joins the Park and the Lake",
    "company_row": "{company}: {row}",
    "station_points": "Station points",
    "lines_finished": "Lines finished",
    "tunnels": "Tunnels dug",
    "place": "Place",
    "total": "Total",
}
# One line per score row (its tooltip), by the row's words.
ROW_HELP = {
    "station_points": (
        "Points scored while building: 1 for each House, Work or Fun Spot touching a station "
        "the company built."
    ),
    "lines_finished": (
        "How many of the company's two lines reached a black gate: it sets the line points "
        "and breaks ties first."
    ),
    "kept": "Both lines finished: the company keeps all its station points.",
    "halved": "One line finished: the station points are halved, rounded down.",
    "zeroed": "No line finished: the station points are lost.",
    "trip": (
        "The fastest ride between the two {letter} destinations: 6 points if the company "
        "placed one of them and a section of its lines is on the ride, 3 if it only carries "
        "the ride, −6 if the trip is impossible through its fault."
    ),
    "sunday": (
        "The fastest ride from the Park to the Lake: 5 points for each company with a section "
        "on it; an impossible Sunday trip costs nothing."
    ),
    "tunnels": "Tunnels dug, gate tunnels included: they break ties after finished lines.",
    "place": "Place at the end: most points, then most finished lines, then most tunnels.",
    "total": "Line points plus the seven test trips.",
}
REFERENCE = {
    "title": "Trips",
    "trip": "{trip}: {first} and {second}.",
    "sunday": "{trip}.",
    "own": "Your {letter} ({spot}): {trip}.",
    "own_company": "Your {letter} ({spot}) for {colour}: {trip}.",
    "other": "{company}'s {letter} ({spot}): {trip}.",
    "all_placed": "All your destinations are placed.",
}
LOW_SUPPLY = 5  # from here on the log counts the stations left: an empty supply ends the game


def _say(key: str, **fields: Any) -> str:
    return TEXT[key].format(**fields)


def _count(key: str, count: int, **fields: Any) -> str:
    """The singular or the plural form of a sentence that counts something."""
    return _say(f"{key}.{'one' if abs(count) == 1 else 'many'}", count=count, **fields)


def _line(line_id: LineId) -> str:
    return LINE_NAMES[line_id[1]].format(colour=COLOURS[line_id[0]])


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
        markers = TEXT["list"].join(
            _say("marker", letter=code[0], spot=SPOTS[code[1]]) for code in hand
        )
        said.append(_say("hand", name=names[owner], markers=markers, colour=COLOURS[company]))
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
        said = [_say("double", name=name, spot=SPOTS[step.kind])]
        if len(after.doubles) == 3:  # the last seat gets the type left (R2)
            said.append(_say("double_last", name=names[2], spot=SPOTS[after.doubles[2]]))
        return said
    company = before.to_move
    if isinstance(step, Pass):  # told alike whatever Spots were left: those hang on letters
        return [_say("stopped" if before.steps else "passed", name=name, colour=COLOURS[company])]
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
        return _say("start", name=name, line=line, side=SIDES[step.gate[0]])
    if isinstance(step, Finish):
        key = "finish_bonus" if step.bonus else "finish"
        return _say(key, name=name, line=line, side=SIDES[step.gate[0]])
    if isinstance(step, Station):
        return _say("station", name=name, line=line)
    if step.letter is None:
        return _say("extend", name=name, line=line)
    spot = SPOTS[before.city.specials[step.space]]
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
        return _say("junction", count=len(others))
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
        reasons = [END_REASONS[r].format(count=game.end_lines) for r in after.end_reasons()]
        owed = [after.to_move, *after.final_left]
        companies = TEXT["list"].join(COLOURS[c] for c in owed)
        return [*reasons, _count("final_round", len(owed), companies=companies)]
    if before.phase == "final" and after.phase == "over":
        return [_say("over"), _winners(after, names)]
    return []


def _winners(after: MetromaniaState, names: Sequence[str]) -> str:
    winners = after.winners()
    points = after.scores()[winners[0]].total
    named = TEXT["list"].join(names[w] for w in winners)
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
        company = COMPANY_TITLES[record["company"]] if len(records) > 1 else None
        rows += [(_row(label, company), value) for label, value in _company_rows(record)]
    if "lines_finished" in card and not records:
        rows.append((_say("lines_finished"), str(card["lines_finished"])))
    if "tunnels" in card:
        rows.append((_say("tunnels"), str(card["tunnels"])))
    if "rank" in card:
        rows.append((_say("place"), PLACES[card["rank"] - 1]))
    return [*rows, (_say("total"), card["total"])]


def _row(label: str, company: str | None) -> str:
    """A company's own row; named only where a seat runs two companies."""
    return label if company is None else _say("company_row", company=company, row=label)


def _company_rows(record: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """Station points and finished lines (detail), then what they make and each trip."""
    return [
        (_say("station_points"), str(record["station_points"])),
        (_say("lines_finished"), str(record["lines_finished"])),
        (LINE_POINTS[record["adjustment"]], record["line_points"]),
        *((TRIPS[day], record["tests"][day]) for day in DAYS),
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
            found.append(Control(str(action), DOUBLE_BUTTONS[action.kind]))
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
        spots = TEXT["list"].join(SPOTS[k] for k in SPOTS if k not in state.doubles)
        return _say("choose_double", spots=spots)
    colour = COLOURS[state.to_move]
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
    trip = LETTER_TRIPS[step.letter]
    if step.spot is None:  # a step read from its text: the Spot's type is the city's
        return _say("choice_marker_blind", letter=step.letter, trip=trip, way=way)
    spot = SPOTS[step.spot]
    return _say("choice_marker", letter=step.letter, trip=trip, spot=spot, way=way)


def _way(a: Vertex, b: Vertex) -> str:
    index = direction_index(a, b)
    assert index is not None
    return WAYS[index]


def piece_label(piece: str) -> str:
    """A line in hand: L1 is drawn solid, L2 striped."""
    return LINE_PIECES[int(piece[1]) - 1] if piece in ("L1", "L2") else piece


# --- beside the board ---------------------------------------------------------------------
def status_lines(state: MetromaniaState, viewer: int | None) -> list[str]:
    """The station supply (an empty one ends the building), then each company's points,
    destinations (another seat's face down unless they are open) and lines."""
    city = state.city
    if city is None:
        return [_say("status_setup")]
    out = [_say("status_supply", count=city.supply)]
    mode = state.rules.mode
    for company in range(mode.companies):
        own = viewer == mode.seat_of(company)
        shown = own or state.rules.letters_public or state.is_terminal()
        hand = sort_hand(city.hands[company])
        out.append(
            _say(
                "status_own" if own else "status_other",
                company=COMPANY_TITLES[company],
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
        return TEXT["list"].join(_say("marker", letter=c[0], spot=SPOTS[c[1]]) for c in hand)
    kinds = [k for k in SPOTS if any(c[1] == k for c in hand)]
    return TEXT["list"].join(
        _say("status_hidden", count=sum(c[1] == k for c in hand), spot=SPOTS[k]) for k in kinds
    )


def _line_state(number: int, line: Line) -> str:
    name = LINE_PIECES[number]
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
        trip = TRIPS[test["day"]]
        if test["status"] == "ok":
            notes.append(_count("trip_minutes", test["minutes"], trip=trip))
        elif test["status"] == "zero":
            notes.append(_say("trip_zero", trip=trip))
        else:
            causes = [_cause(c) for c in test["causes"]] or [_say("cause_no_route")]
            notes.append(_say("trip_impossible", trip=trip, causes=TEXT["list"].join(causes)))
    return notes


def _cause(cause: Mapping[str, Any]) -> str:
    code = cause["marker"]
    if code is None:
        return _say("cause_no_connection")
    return _say(f"cause_{cause['cause']}", letter=code[0], spot=SPOTS[code[1]])


# --- help beside the board ----------------------------------------------------------------
def score_help(mode: Mode) -> dict[str, str]:
    """A line for each row `score_rows` writes in this mode: where a seat runs two
    companies, each company's rows carry its name."""
    rows = [
        (_say("station_points"), ROW_HELP["station_points"]),
        (_say("lines_finished"), ROW_HELP["lines_finished"]),
        *((LINE_POINTS[key], ROW_HELP[key]) for key in LINE_POINTS),
        *((TRIPS[day], _trip_help(day)) for day in DAYS),
    ]
    if mode.companies > mode.players:
        named = COMPANY_TITLES[: mode.companies]
        rows = [(_row(label, company), line) for company in named for label, line in rows]
    rows += [
        (_say("tunnels"), ROW_HELP["tunnels"]),
        (_say("place"), ROW_HELP["place"]),
        (_say("total"), ROW_HELP["total"]),
    ]
    return dict(rows)


def _trip_help(day: str) -> str:
    if day == "sun":
        return ROW_HELP["sunday"]
    return ROW_HELP["trip"].format(letter=LETTERS[DAYS.index(day)])


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
            items.append(Picture(None, REFERENCE["all_placed"]))
        if public:
            others = [c for c in range(mode.companies) if c not in own]
            items += [item for c in others for item in _held_items(c, city.hands[c], 0)]
    return [Reference(REFERENCE["title"], tuple(items))]


def _trip_item(day: str) -> Picture:
    trip = TRIPS[day]
    if day == "sun":
        return Picture(trip_picture(None, ("park", "lake")), REFERENCE["sunday"].format(trip=trip))
    first, second = markers_of(LETTERS[DAYS.index(day)])
    caption = REFERENCE["trip"].format(trip=trip, first=SPOTS[first[1]], second=SPOTS[second[1]])
    return Picture(trip_picture(first[0], (first[1], second[1])), caption)


def _held_items(company: int, hand: Sequence[str], own: int) -> list[Picture]:
    """A company's unplaced markers, letter up, in its colour; `own`: how many companies
    the viewer runs (0 for another seat's), naming the company where the viewer has two."""
    key = "other" if not own else "own" if own == 1 else "own_company"
    items = []
    for code in sort_hand(hand):
        letter, spot = code[0], SPOTS[code[1]]
        caption = REFERENCE[key].format(
            letter=letter,
            spot=spot,
            trip=LETTER_TRIPS[letter],
            colour=COLOURS[company],
            company=COMPANY_TITLES[company],
        )
        picture = marker_token(letter, code[1], COMPANY_COLOURS[company])
        items.append(Picture(picture, caption))
    return items
