"""What a client tells players of Next Station: London, in the game's own words: the game
log, the score card, the buttons beside the sheet and what is left to do.

The map shows no coordinates, so a station is named by what a player sees on the sheet:
its shape and district, or Central Station, a departure station or a tourist site; two
stations of one shape in one district are told apart by the side they lie on. Nothing is
secret in this game (every card is flipped for all, every sheet is on the table), so the
log reads the same for every seat.

Every player-facing text is a whole phrase or sentence in the tables below, with named
places to fill, so that a translation replaces the tables and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from linecraft.core.game import Control, Event, Picture, Reference, State
from linecraft.games.next_station_london.actions import DirectedSection, Move
from linecraft.games.next_station_london.deck import (
    CARDS,
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
COLOUR_WORDS = {"purple": "purple", "blue": "blue", "pink": "pink", "green": "green"}
SHAPE_WORDS = {
    "circle": "circle",
    "square": "square",
    "triangle": "triangle",
    "pentagon": "pentagon",
}
DISTRICT_WORDS = {
    "corner_nw": "the north-west corner",
    "north_west": "the north-west",
    "north": "the north",
    "north_east": "the north-east",
    "corner_ne": "the north-east corner",
    "west": "the west",
    "central": "the centre",
    "east": "the east",
    "corner_sw": "the south-west corner",
    "south_west": "the south-west",
    "south": "the south",
    "south_east": "the south-east",
    "corner_se": "the south-east corner",
}
SIDE_WORDS = {"west": "western", "east": "eastern", "north": "northern", "south": "southern"}
STATION_WORDS = {
    "central": "Central Station",
    "departure": "the {colour} departure station",
    "tourist": "the tourist site in {district}",
    "plain": "the {shape} in {district}",
    "side": "the {side} {shape} in {district}",
}
CARD_WORDS = {
    "street-circle": "Street circle",
    "street-square": "Street square",
    "street-triangle": "Street triangle",
    "street-pentagon": "Street pentagon",
    "street-joker": "Street joker",
    "street-switch": "the Switch",
    "under-circle": "Underground circle",
    "under-square": "Underground square",
    "under-triangle": "Underground triangle",
    "under-pentagon": "Underground pentagon",
    "under-joker": "Underground joker",
}
# Where a section may end on a card of each symbol.
TARGET_WORDS = {
    "circle": "a circle or Central Station",
    "square": "a square or Central Station",
    "triangle": "a triangle or Central Station",
    "pentagon": "a pentagon or Central Station",
    JOKER: "any station",
}
POWER_NAMES = {
    "double": "double section",
    "joker": "joker",
    "switch": "switch",
    "circle": "circle",
}
OBJECTIVE_HELP = {
    "interchange8": "Make at least 8 interchanges: stations on 2 or more of your lines.",
    "district13": "Reach a station in each of the 13 districts, the 4 corners included.",
    "tourist5": "Reach all 5 tourist sites, Central Station included.",
    "central9": "Reach all 9 stations of the central district, Central Station included.",
    "thames6": "Pass under the Thames at least 6 times, over all your lines together.",
}
OBJECTIVE_LABEL = {  # short, for a caption under the objective's sign
    "interchange8": "8 interchanges",
    "district13": "All 13 districts",
    "tourist5": "All 5 tourist sites",
    "central9": "All 9 central stations",
    "thames6": "6 Thames sections",
}
POWER_WORDS = {
    "double": "two sections in one turn",
    "joker": "one section to any station",
    "switch": "one branch from any station of the line, from turn 3",
    "circle": "one station of the line counted twice",
}

# --- the log --------------------------------------------------------------------------
ORDER_DRAWN = "The pencils are laid out in this order: {colours}."
OBJECTIVES_DRAWN = "Shared objectives, {points} points each: {objectives}."
POWERS_DRAWN = "Pencil powers for the whole game: {powers}."
POWER_OF_COLOUR = "{colour}, {power}"
ROUND_BEGINS = "Round {round} of {rounds} begins: {pencils}."
PENCIL_OF_SEAT = "{name} draws {colour}"
CARD_STREET = "Turn {turn}: {card}."
CARD_UNDERGROUND = "Turn {turn}: {card}, Underground card {seen} of {all}."
CARD_LAST = "Turn {turn}: {card}, the last Underground card, so the last turn of round {round}."
SWITCH_SET_ASIDE = "The Switch comes among the first two cards of the round and is set aside."
SWITCH_FLIPPED = (
    "The Switch! The next card comes at once, and this turn every line may branch "
    "from any of its stations."
)
SECTION_WORDS = {  # keyed by (under the Thames, ends at an interchange)
    (False, False): "from {start} to {end}",
    (True, False): "from {start} under the Thames to {end}",
    (False, True): "from {start} to {end}, an interchange",
    (True, True): "from {start} under the Thames to {end}, an interchange",
}
MOVE_WORDS = {
    "draw": "{name} drew a {colour} section {section}.",
    "branch": "{name} branched the {colour} line {section}.",
    "joker": "{name} used the joker power: a {colour} section {section}.",
    "switch": "{name} used the switch power to branch the {colour} line {section}.",
    "double": "{name} used the double power: {colour} sections {section}, then {second}.",
    "pass": "{name} passed.",
    "forced": "{name} could draw nothing and passed.",
}
CIRCLED = "{name} circled {station}: it counts twice in {district} for the {colour} line."
ROUND_OVER = "Round {round} is over: {lines}."
LINE_SCORED = "{name}'s {colour} line scores {points}"
GAME_OVER = "The game is over: {totals}."
TOTAL_OF_SEAT = "{name} {points} points"
LIST_JOIN = ", "
CLAUSE_JOIN = "; "

# --- the score card -------------------------------------------------------------------
# One row per part of the pad, the same rows for every seat (each line's formula is on
# the panel beside its map).
LINE_ROWS = {
    "purple": "Purple line",
    "blue": "Blue line",
    "pink": "Pink line",
    "green": "Green line",
}
NOT_DRAWN = "–"  # the value of a line not drawn yet
TOURIST_ROW = "Tourist sites"
INTERCHANGE_ROW = "Interchanges"
OBJECTIVES_ROW = "Shared objectives"
BEST_LINE_ROW = "Best line (breaks a tie)"
SOLO_DEDUCTION_ROW = "Solo: 10 points off per module used"
SOLO_SCORE_ROW = "Solo score"
SOLO_RATING_ROW = "Solo rating"
TOTAL_ROW = "Total"
# Rows that tell more about the card but are not parts of the total.
DETAIL_ROWS = frozenset({BEST_LINE_ROW, SOLO_DEDUCTION_ROW, SOLO_SCORE_ROW, SOLO_RATING_ROW})
# What each row means, shown when a player points at it.
LINE_HELP = (
    "The {colour} line: the districts it reaches × the most of its stations in one "
    "district, plus 2 for each of its sections under the Thames. A dash: not drawn yet."
)
SCORE_HELP = {
    TOURIST_ROW: (
        "Each line counts the tourist sites it passes; the track turns the visits of all "
        "four lines into points: {track}, and no more after 10 visits."
    ),
    INTERCHANGE_ROW: (
        "Every station used by 2 of your lines scores {two}, by 3 lines {three}, by all "
        "4 lines {four}."
    ),
    OBJECTIVES_ROW: "{points} points for each shared objective your whole network achieves.",
    BEST_LINE_ROW: "Your best single line: between equal totals, the higher one wins.",
    SOLO_DEDUCTION_ROW: "Alone, you give back {points} points for each advanced module played.",
    SOLO_SCORE_ROW: "The total less the points given back for the modules.",
    SOLO_RATING_ROW: "What the city council thinks of your network, by your solo score.",
    TOTAL_ROW: "Your four lines, tourist sites, interchanges and objectives added up.",
}

# --- what a seat may look up beside the map --------------------------------------------
CARDS_LEFT_TITLE = "Cards left this round"
UNDERGROUND_LEFT = {  # keyed by how many Underground cards are still to come
    0: "This is the last turn of the round.",
    1: "1 Underground card still to come.",
    2: "{count} Underground cards still to come.",
}
PENCILS_TITLE = "Your pencils, round by round"
PENCIL_ROUND = {  # keyed by (this round, the power known)
    (False, False): "Round {round}: {colour}",
    (True, False): "Round {round}, now: {colour}",
    (False, True): "Round {round}: {colour}, {power}",
    (True, True): "Round {round}, now: {colour}, {power}",
}
OBJECTIVES_TITLE = "Shared objectives, {points} points each"

# --- buttons and prompts --------------------------------------------------------------
PASS_LABEL = "Pass"
PASS_FORCED_LABEL = "Pass (nothing can be drawn)"
PASS_CIRCLE_LABEL = "Pass and circle {station}"
# When several plays end at the clicked station (the circle, the double's first section).
CHOICE_WORDS = {  # keyed by (a double, a circle)
    (False, False): "From {start} to {end}",
    (False, True): "From {start} to {end}, and circle {station}",
    (True, False): "From {start} to {middle}, then from {second} to {end}",
    (True, True): "From {start} to {middle}, then from {second} to {end}, and circle {station}",
}
PLAYED_WHY_NOT = "You have played on this card; the next one comes when everyone has."
PROMPTS = {  # keyed by whether this turn's section may start anywhere on the line
    False: "{card}: draw a {colour} section from an end of your line to {target}, or pass.",
    True: "{card} with the Switch: draw a {colour} section from any station of your line "
    "to {target}, or pass.",
}
NOTHING_TO_DRAW_PROMPT = "{card}: no {colour} section can be drawn, so pass."
POWER_PROMPT = "Your {colour} pencil's power is unused this round: {power}."


def _side(station: Station, twin: Station) -> str:
    """The side a station lies on compared with the other station of its shape in its
    district: along the axis on which the two lie further apart (east–west on a tie)."""
    dx, dy = station.x - twin.x, station.y - twin.y
    if abs(dx) >= abs(dy):
        return "east" if dx > 0 else "west"
    return "south" if dy > 0 else "north"


def _station_names() -> dict[int, str]:
    """A name in words for every station, unique on the map."""
    names: dict[int, str] = {}
    plain: dict[tuple[str, str], list[Station]] = {}
    for station in LONDON.stations:
        district = DISTRICT_WORDS[station.district]
        if station.shape == CENTRAL:
            names[station.index] = STATION_WORDS["central"]
        elif station.departure is not None:
            colour = COLOUR_WORDS[station.departure]
            names[station.index] = STATION_WORDS["departure"].format(colour=colour)
        elif station.tourist:
            names[station.index] = STATION_WORDS["tourist"].format(district=district)
        else:
            plain.setdefault((station.shape, station.district), []).append(station)
    for (shape, district), stations in plain.items():
        for station in stations:
            words = {"shape": SHAPE_WORDS[shape], "district": DISTRICT_WORDS[district]}
            if len(stations) == 1:
                names[station.index] = STATION_WORDS["plain"].format(**words)
                continue
            (twin,) = (s for s in stations if s is not station)
            side = SIDE_WORDS[_side(station, twin)]
            names[station.index] = STATION_WORDS["side"].format(side=side, **words)
    return names


STATION_NAMES = _station_names()


def _london(state: State) -> NextStationLondonState:
    assert isinstance(state, NextStationLondonState)
    return state


def _draws_something(actions: Sequence[object]) -> bool:
    """Whether any of these legal actions draws a section (else only passing is left)."""
    return any(isinstance(a, Move) and a.sections for a in actions)


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
        colours = LIST_JOIN.join(COLOUR_WORDS[c] for c in outcome.colours)
        return ORDER_DRAWN.format(colours=colours)
    if isinstance(outcome, ObjectiveDraw):
        objectives = CLAUSE_JOIN.join(OBJECTIVE_TEXT[name] for name in outcome.names)
        return OBJECTIVES_DRAWN.format(points=OBJECTIVE_POINTS, objectives=objectives)
    if isinstance(outcome, PowerDraw):
        powers = CLAUSE_JOIN.join(
            POWER_OF_COLOUR.format(colour=COLOUR_WORDS[c], power=POWER_WORDS[outcome.of(c)])
            for c in COLOURS
        )
        return POWERS_DRAWN.format(powers=powers)
    assert isinstance(outcome, Card)
    flip = _describe_card(state, outcome)
    if state.flipped:
        return flip
    return f"{_round_begins(state, names)} {flip}"


def _round_begins(state: NextStationLondonState, names: Sequence[str]) -> str:
    pencils = LIST_JOIN.join(
        PENCIL_OF_SEAT.format(name=names[p], colour=COLOUR_WORDS[state.colour_of(p)])
        for p in range(len(state.sheets))
    )
    return ROUND_BEGINS.format(round=state.round + 1, rounds=ROUNDS, pencils=pencils)


def _describe_card(state: NextStationLondonState, card: Card) -> str:
    """The card as the flipping procedure of §5.3 takes it."""
    if card.symbol is None:
        return SWITCH_SET_ASIDE if state.turn < 2 else SWITCH_FLIPPED
    words = {"turn": state.turn + 1, "card": CARD_WORDS[card.name], "round": state.round + 1}
    if not card.underground:
        return CARD_STREET.format(**words)
    seen = state.underground_seen + 1
    if seen == UNDERGROUND_PER_ROUND:
        return CARD_LAST.format(**words)
    return CARD_UNDERGROUND.format(seen=seen, all=UNDERGROUND_PER_ROUND, **words)


def _describe_move(
    state: NextStationLondonState, player: int, move: Move, names: Sequence[str]
) -> str:
    colour = state.colour_of(player)
    words = {"name": names[player], "colour": COLOUR_WORDS[colour]}
    sentences = [_move_sentence(state, player, move, words)]
    if move.circle is not None:
        station = LONDON.stations[move.circle]
        sentences.append(
            CIRCLED.format(
                station=STATION_NAMES[station.index],
                district=DISTRICT_WORDS[station.district],
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
        return MOVE_WORDS["forced" if forced else "pass"].format(**words)
    others = _other_lines_stations(state, player)
    sections = [_section_words(s, others) for s in move.sections]
    if move.power == "double":
        return MOVE_WORDS["double"].format(section=sections[0], second=sections[1], **words)
    if move.power is not None:
        return MOVE_WORDS[move.power].format(section=sections[0], **words)
    branched = move.sections[0][0] not in state.line_shape(player).ends
    return MOVE_WORDS["branch" if branched else "draw"].format(section=sections[0], **words)


def _other_lines_stations(state: NextStationLondonState, player: int) -> set[int]:
    """The stations of this sheet's other colours: a section ending at one makes an
    interchange."""
    current = state.colour_of(player)
    return {
        station
        for colour, sections in state.sheets[player].lines.items()
        if colour != current
        for station in line_stations(colour, sections)
    }


def _section_words(section: DirectedSection, interchanges: set[int]) -> str:
    start, end = section
    thames = LONDON.sections[LONDON.section_between[section]].thames
    return SECTION_WORDS[thames, end in interchanges].format(
        start=STATION_NAMES[start], end=STATION_NAMES[end]
    )


def _closes_round(state: NextStationLondonState, player: int) -> bool:
    """Whether this seat is the last to act on the round's last card."""
    return state.last_turn and all(done for p, done in enumerate(state.acted) if p != player)


def _round_results(
    state: NextStationLondonState, player: int, move: Move, names: Sequence[str]
) -> list[str]:
    """The line scores of the round just closed, and the totals after the last round."""
    after = _london(state.clone())
    after.apply_unchecked(player, move)
    lines = LIST_JOIN.join(
        LINE_SCORED.format(
            name=names[p],
            colour=COLOUR_WORDS[state.colour_of(p)],
            points=after.sheet_score(p).lines[state.colour_of(p)].score,
        )
        for p in range(len(state.sheets))
    )
    out = [ROUND_OVER.format(round=state.round + 1, lines=lines)]
    if after.is_terminal():
        scores = after.scores()
        totals = LIST_JOIN.join(
            TOTAL_OF_SEAT.format(name=names[p], points=card.total) for p, card in scores.items()
        )
        out.append(GAME_OVER.format(totals=totals))
    return out


# --- score_rows -----------------------------------------------------------------------
def score_rows(card: Mapping[str, Any], *, objectives: bool) -> list[tuple[str, Any]]:
    """The score card of §15 as a player reads the score pad: the four lines, tourist
    sites, interchanges, the objectives (`objectives`: module A is played), then (not
    parts of the total, see `DETAIL_ROWS`) the tie-break or the solo score with its
    rating; the total last. Every seat gets the same rows."""
    rows: list[tuple[str, Any]] = [
        (LINE_ROWS[colour], card[f"{colour}_score"] or NOT_DRAWN) for colour in COLOURS
    ]
    rows.append((TOURIST_ROW, card["tourist_points"]))
    rows.append((INTERCHANGE_ROW, card["interchange_points"]))
    if objectives:
        rows.append((OBJECTIVES_ROW, card["objective_points"]))
    if "solo_score" in card:
        rows += [
            (SOLO_DEDUCTION_ROW, card["solo_score"] - card["total"]),
            (SOLO_SCORE_ROW, card["solo_score"]),
            (SOLO_RATING_ROW, SOLO_VERDICTS[card["solo_band"]]),
        ]
    else:
        rows.append((BEST_LINE_ROW, card["best_line"]))
    return [*rows, (TOTAL_ROW, card["total"])]


def score_help() -> dict[str, str]:
    """A line for every row `score_rows` can show, by the row's words."""
    numbers = {
        "track": LIST_JOIN.join(str(points) for points in TRACK[1:]),
        "two": INTERCHANGE_POINTS[2],
        "three": INTERCHANGE_POINTS[3],
        "four": INTERCHANGE_POINTS[4],
        "points": OBJECTIVE_POINTS,
    }
    lines = {LINE_ROWS[c]: LINE_HELP.format(colour=COLOUR_WORDS[c]) for c in COLOURS}
    rows = {row: text.format(**numbers) for row, text in SCORE_HELP.items()}
    rows[SOLO_DEDUCTION_ROW] = SCORE_HELP[SOLO_DEDUCTION_ROW].format(points=MODULE_DEDUCTION)
    return lines | rows


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
        title = OBJECTIVES_TITLE.format(points=OBJECTIVE_POINTS)
        out.append(
            Reference(
                title, tuple(Picture(None, OBJECTIVE_HELP[name]) for name in london.objectives)
            )
        )
    return out


def _cards_left(state: NextStationLondonState) -> Reference:
    count = UNDERGROUND_PER_ROUND - state.underground_seen
    words = UNDERGROUND_LEFT[min(count, 2)].format(count=count)
    items = [Picture(render_count(count), words)]
    items += [
        Picture(render_card(card), CARD_WORDS[card.name])
        for card in CARDS
        if card not in state.flipped
    ]
    return Reference(CARDS_LEFT_TITLE, tuple(items))


def _pencils(state: NextStationLondonState, player: int) -> Reference:
    assert state.order is not None
    items = []
    for number in range(ROUNDS):
        colour = state.order[(player + number) % len(state.order)]
        power = state.powers.of(colour) if state.powers is not None else None
        words = PENCIL_ROUND[number == state.round, power is not None].format(
            round=number + 1,
            colour=COLOUR_WORDS[colour],
            power=POWER_NAMES.get(power or "", ""),
        )
        items.append(Picture(render_pencil(colour), words))
    return Reference(PENCILS_TITLE, tuple(items))


# --- controls -------------------------------------------------------------------------
def controls(game: NextStationLondon, state: State, player: int) -> list[Control]:
    """Passing, alone or with the circle power, is the one move that draws nothing. A
    seat that has played on the open card sees Pass disabled until the next card."""
    london = _london(state)
    if player not in london.to_act():
        if london.card is not None and not london.is_terminal():
            return [Control("pass", PASS_LABEL, enabled=False, why_not=PLAYED_WHY_NOT)]
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
    return CHOICE_WORDS[len(action.sections) > 1, action.circle is not None].format(
        start=STATION_NAMES[start],
        middle=STATION_NAMES[middle],
        second=STATION_NAMES[second],
        end=STATION_NAMES[end],
        station=STATION_NAMES.get(action.circle if action.circle is not None else -1, ""),
    )


def _pass_label(action: object, forced: bool) -> str:
    assert isinstance(action, Move)
    if action.circle is not None:
        return PASS_CIRCLE_LABEL.format(station=STATION_NAMES[action.circle])
    return PASS_FORCED_LABEL if forced else PASS_LABEL


# --- prompt ---------------------------------------------------------------------------
def prompt(game: NextStationLondon, state: State, player: int) -> str:
    """What the seat is to do with the card in play, and the power it still holds."""
    london = _london(state)
    if player not in london.to_act() or london.card is None or london.card.symbol is None:
        return ""
    colour = london.colour_of(player)
    words = {"card": CARD_WORDS[london.card.name], "colour": COLOUR_WORDS[colour]}
    if _draws_something(london.legal_actions(player)):
        target = TARGET_WORDS[london.card.symbol]
        text = PROMPTS[london.switch_turn].format(target=target, **words)
    else:
        text = NOTHING_TO_DRAW_PROMPT.format(**words)
    power = london.power_of(player)
    if power is None:
        return text
    return f"{text} {POWER_PROMPT.format(colour=words['colour'], power=POWER_WORDS[power])}"


POWER_BUTTON = "Use the {power} power: {what}"


def power_label(power: str) -> str:
    """A pencil power's button: its name and, in one line, what it does."""
    return POWER_BUTTON.format(power=power, what=POWER_WORDS[power])


# --- beside the map ------------------------------------------------------------------------
STATUS_ROUND = "Round {round} of 4, turn {turn}."
STATUS_CARD = "The card: {card}. Underground cards flipped this round: {seen} of 5."
STATUS_LAST_TURN = "This is the last turn of the round."
STATUS_SWITCH = "Switch turn: this section may start from any station of your line."
STATUS_LINE = "Your {colour} line scores {score} so far; your sheet {total} in all."
STATUS_POWER = "Your {colour} power, {power}: {state} this round."
POWER_STATE = {False: "still to use", True: "used"}


def status_lines(state: State, player: int | None) -> list[str]:
    """The round and the card for everyone; for a seat, its line's score so far and its
    power (the map, the prompt and the references say the rest)."""
    london = _london(state)
    if london.order is None or london.pending_setup() is not None or london.card is None:
        return []
    out = [STATUS_ROUND.format(round=london.round + 1, turn=london.turn)]
    out.append(STATUS_CARD.format(card=CARD_WORDS[london.card.name], seen=london.underground_seen))
    if london.switch_turn:
        out.append(STATUS_SWITCH)
    if london.last_turn:
        out.append(STATUS_LAST_TURN)
    if player is None:
        return out
    colour = london.colour_of(player)
    score = london.sheet_score(player)
    words = {"colour": COLOUR_WORDS[colour]}
    out.append(STATUS_LINE.format(score=score.lines[colour].score, total=score.total, **words))
    power = london.powers.of(colour) if london.powers else None
    if power is not None:
        used = POWER_STATE[bool(london.power_used[player])]
        out.append(STATUS_POWER.format(power=POWER_NAMES[power], state=used, **words))
    return out
