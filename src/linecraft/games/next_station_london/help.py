"""How to play Next Station: London: the base game, the solo game and the two advanced
modules, one page each.

Every picture is drawn when the pages are built, from positions played through the
rules engine (the tries on a card) or sheets of the rules' worked example checked by the
validator, and every number in a caption comes from the scorer, so that neither can
drift from the game. The words are whole sentences with named places to fill.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import linecraft
from linecraft.core.game import HelpPage, HelpSection, Picture
from linecraft.core.i18n import N_, Nn_, _, _n
from linecraft.games.next_station_london.actions import parse_action
from linecraft.games.next_station_london.deck import CARD_BY_NAME, CARDS
from linecraft.games.next_station_london.game import NextStationLondon
from linecraft.games.next_station_london.london import COLOURS, LONDON, Point
from linecraft.games.next_station_london.rules import NextStationLondonState
from linecraft.games.next_station_london.scoring import (
    INTERCHANGE_POINTS,
    MODULE_DEDUCTION,
    OBJECTIVE_POINTS,
    SOLO_BANDS,
    SOLO_VERDICTS,
    score_sheet,
)
from linecraft.games.next_station_london.sheet import Sheet, parse_sheet
from linecraft.games.next_station_london.svg import (
    crop_map,
    map_only,
    mark_section,
    render_cards,
    render_panel,
    render_sheet,
    render_track,
)
from linecraft.games.next_station_london.words import CARD_WORDS, OBJECTIVE_HELP

# --- the positions shown ----------------------------------------------------------------
# The purple line of round 1, three cards in (cards flipped, then the move on them), and
# the card of the tries: one section that may be drawn, two that may not.
TRIES_TURNS = (
    ("under-square", "2,5-2,4"),
    ("under-joker", "2,4-4,4"),
    ("street-pentagon", "4,4-1,1"),
)
TRIES_CARD = "street-triangle"
ALLOWED = "2,5-1,4"
CROSSING = "2,5-4,3"
NOT_FROM_AN_END = "2,4-4,6"
# The rest of that round in the rules' worked example: the Switch comes as the 8th card.
SWITCH_TURNS = (
    *TRIES_TURNS,
    ("street-joker", "1,1-1,4"),
    ("street-triangle", "pass"),
    ("under-triangle", "pass"),
    ("under-circle", "1,4-1,8"),
)
SWITCH_CARDS = ("street-switch", "under-pentagon")
BRANCH = "1,4-2,3"
# The finished sheet of the rules' worked example (a solo game with both modules).
EXAMPLE_LINES = """
purple: 2,5-2,4 2,4-4,4 4,4-1,1 1,1-1,4 1,4-1,8 1,4-2,3
blue: 5,7-3,7 5,7-5,4 5,4-6,3 6,3-9,6 6,3-6,6 9,6-9,7 3,7-4,6 4,6-2,4 2,4-2,3 9,7-8,8
pink: 7,3-6,2 7,3-9,3 9,3-9,6 9,6-8,7 8,7-7,6 7,6-4,9 6,2-5,3 9,3-8,4 4,9-2,7 2,7-3,6
green: 3,2-4,3 3,2-6,2 4,3-5,3 5,3-5,4 6,2-9,2 5,4-4,5 4,5-4,4
"""
EXAMPLE_OBJECTIVES = ("central9", "thames6")
EXAMPLE_POWERS = ("double", "joker", "circle", "switch")  # purple, blue, pink, green
EXAMPLE_CIRCLE = ("pink", (9, 6))
CARD_CANVAS = 250  # the width a card picture is drawn on, about that of a map crop
# The pencil powers, each on the green line of round 1: (power, turns, the card, the move).
POWER_TRIES = {
    "double": ((), "street-circle", "double 3,2-5,0 3,2-0,2"),
    "joker": ((), "street-square", "joker 3,2-1,0"),
    "switch": (
        (("street-circle", "3,2-5,0"), ("street-square", "3,2-6,2")),
        "street-triangle",
        "switch 3,2-4,3",
    ),
}

LEGENDARY = "legendary"  # the solo band above the table's last

# --- the words: the base game -------------------------------------------------------------
BASE_TITLE = "Next Station: London"
ABOUT_TITLE = N_("What the game is about")
ABOUT = (
    N_(
        "Each player has a map of London. Over 4 rounds you draw 4 metro lines on it, one per "
        "round: purple, blue, pink and green."
    ),
    N_(
        "In a round, cards are flipped one after another. On each card every player may add a "
        "section to their line, ending at a station with the card's symbol. Everyone plays at "
        "once on the same cards, each on their own map."
    ),
    N_(
        "After each round the new line scores. At the end of the game, tourist sites and "
        "interchanges score too, and the highest total wins."
    ),
)
MAP_TITLE = N_("The map")
MAP = (
    N_(
        "Stations are circles, squares, triangles and pentagons. Central Station, the dark “?” "
        "in the middle, matches every symbol."
    ),
    N_("Each colour starts from its own departure station, the station filled with that colour."),
    N_(
        "The map has 13 districts: 9 large ones in a 3 × 3 grid and 4 small corners, each "
        "holding a single station."
    ),
    N_("The blue band is the Thames. Each section that passes under it scores 2 points."),
    N_("The 5 stations in a yellow spiky ring are tourist sites; Central Station is one of them."),
    N_(
        "Sections may only follow the dotted grey lines: straight across, up and down or "
        "diagonally, from one station to the next one along the dots."
    ),
)
MAP_CAPTION = N_("The empty map, with the names of its districts.")
CARDS_TITLE = N_("The cards")
CARDS_TEXT = (
    N_("The deck has 11 cards: 6 blue Street cards and 5 pink and yellow Underground cards."),
    N_(
        "Each shape is on one Street card and one Underground card. There is a joker of each "
        "kind, which allows any station, and one Switch, which is a Street card."
    ),
)
CARDS_CAPTION = N_("Above, the 6 Street cards; below, the 5 Underground cards.")
ROUND_TITLE = N_("A round")
ROUND = (
    N_(
        "At the start of a round each player holds a pencil. Your line starts from that "
        "colour's departure station. All 11 cards are shuffled."
    ),
    N_(
        "The cards are flipped one at a time. On each card every player may draw one section "
        "of their line, or pass."
    ),
    N_(
        "The round ends after the turn of the 5th Underground card; the other cards are not "
        "used this round. So a round has between 5 and 10 turns."
    ),
    N_(
        "Then the line is scored, and the pencils move on to the next player, so that over "
        "the 4 rounds everyone draws each colour once."
    ),
    N_(
        "Here the cards are flipped for you. Click a glowing station to draw a section to it, "
        "then confirm. When both ends of your line reach it, first click the end to draw from. "
        "Pass is a button beside the map; “Cards left this round” shows the cards still to come."
    ),
    N_(
        "An option here lets more than 4 players share the cards; several of them then hold the "
        "same colour in a round. Our ruling: each of them may use that colour's power once in "
        "the round, and all share the same two objectives."
    ),
)
DRAW_TITLE = N_("Drawing a section")
DRAW = (
    N_(
        "A section is a straight stroke along a dotted line. It starts from an end of your "
        "line (at first, from the departure station) and ends at a station with the card's "
        "symbol, or at Central Station. On a joker it may end at any station."
    ),
    N_(
        "It may not end at a station already on this line. It may not cross, or run along, "
        "any section already drawn on your map, whatever its colour."
    ),
    N_("You may always pass, and you must pass when no section can be drawn."),
)
# TRANSLATORS: {card} is a card's name, e.g. "Street triangle"
THE_CARD = N_("The card: {card}.")
ALLOWED_CAPTION = N_("Allowed: from an end of the purple line to a triangle.")
CROSSING_CAPTION = N_("Not allowed: this section would cross the purple line.")
NOT_FROM_AN_END_CAPTION = N_(
    "Not allowed: this station is in the middle of the line, not at one of its ends."
)
SWITCH_TITLE = N_("The Switch")
SWITCH = (
    N_(
        "When the Switch is flipped, the next card is flipped at once and gives the symbol. "
        "This turn your section may start from any station of your line, so the line can "
        "branch. From then on the line grows from any of its ends."
    ),
    N_(
        "A Switch flipped as the first or second card of a round does nothing: it is set "
        "aside and the next card is flipped as usual."
    ),
    N_(
        "Our ruling: only the section of that turn may start anywhere; a player who passes "
        "loses the chance. If the card after the Switch is the 5th Underground card, the "
        "switch turn is the last turn of the round."
    ),
)
SWITCH_CARDS_CAPTION = N_("The cards: the Switch, then an Underground pentagon.")
SWITCH_CAPTION = N_(
    "The purple line branches from a station in its middle to a pentagon. It now has three ends."
)
SHARING_TITLE = N_("Interchanges")
SHARING = (
    N_(
        "From the second round on, a new line may pass through stations of your earlier "
        "lines. A station on two or more of your lines is an interchange, ringed in black."
    ),
    N_("Lines may share stations but never a section, and no line may cross another."),
)
LINE_TITLE = N_("Scoring a line")
LINE = (
    N_(
        "At the end of each round, score the line just drawn. Count the districts it reaches "
        "and the most of its stations in any one district. Multiply the two numbers, then add "
        "2 points for each of its sections under the Thames."
    ),
    N_("The departure station is a station of the line. A line with no section scores 1."),
    N_(
        "Our ruling: districts are counted from the line's stations; a section that only "
        "passes the corner where four districts meet does not reach them."
    ),
)
# TRANSLATORS: the numbers come from the example and are all greater than 1
LINE_CAPTION = N_(
    "The purple line reaches {districts} districts, with at most {largest} stations in one "
    "of them, and passes under the Thames {thames} times: {districts} × {largest} + 2 × "
    "{thames} = {score} points."
)
END_TITLE = N_("The end of the game")
END = (
    N_(
        "Tourist sites: after each round, cross one box of the tourist track for each tourist "
        "site on the new line; a site on two lines counts twice. At the end the track is worth "
        "the number in its first box left free."
    ),
    # TRANSLATORS: {two}, {three} and {four} are 2, 5 and 9
    N_(
        "Interchanges: each station on 2 of your lines scores {two} points, on 3 lines {three} "
        "points, on all 4 lines {four} points."
    ),
    N_(
        "Your score is your 4 lines, the tourist track and the interchanges added up. On a "
        "tie, the player with the best single line wins; if that is equal too, they share the "
        "victory."
    ),
    N_(
        "Our ruling: a departure station always belongs to its line, even a line that never "
        "left it, so it can make an interchange."
    ),
)
END_MAP_CAPTION = N_(
    "A finished map. The number beside each ringed station is how many lines share it."
)
# TRANSLATORS: the numbers come from the example and are all greater than 1
END_PANEL_CAPTION = N_(
    "Its score: lines {lines} + tourist sites {tourists} + interchanges {interchanges} = "
    "{total} points."
)
# TRANSLATORS: the numbers come from the example and are all greater than 1
TRACK_CAPTION = N_("The tourist track after {visits} visits: it scores {points} points.")

# --- the words: the solo game --------------------------------------------------------------
SOLO_TITLE = N_("Solo play")
ALONE_TITLE = N_("Playing alone")
ALONE = (
    N_(
        "Lay the four pencils out in a random order: you draw your lines in that order. Here "
        "the order is drawn when the game starts and told in the log."
    ),
    N_(
        "All the usual rules apply. You may add either advanced module, or both, with all "
        "their rules."
    ),
)
RATING_TITLE = N_("Your rating")
RATING = Nn_(
    "Score as usual, then take off {points} point for each advanced module played. The "
    "city council then rates your network:",
    "Score as usual, then take off {points} points for each advanced module played. The "
    "city council then rates your network:",
)
# TRANSLATORS: a row of the solo rating table: the scores, then the council's verdict
BAND_LOWEST = N_("{high} or less: {verdict}")
BAND = N_("{low} to {high}: {verdict}")
BAND_HIGHEST = N_("{low} or more: {verdict}")
SOLO_MAP_CAPTION = N_("The finished map of the rules' solo example, played with both modules.")
# TRANSLATORS: the numbers come from the example and are all greater than 1; {verdict}
# is the council's rating, a sentence
SOLO_CAPTION = N_(
    "A solo game with both modules: {total} points, less {deduction} for the modules, gives "
    "{solo}. {verdict}"
)

# --- the words: module A -------------------------------------------------------------------
OBJECTIVES_PAGE_TITLE = N_("Module A: shared objectives")
OBJECTIVES_SETUP_TITLE = N_("Setting up and scoring")
OBJECTIVES_SETUP = (
    N_(
        "Shuffle the 5 objective cards and lay 2 of them face up for the whole game; the other "
        "3 are not used. Here they are drawn at the start and shown beside the map."
    ),
    Nn_(
        "Every player may achieve each objective on their own map: it is not a race. Each "
        "objective achieved is worth {points} point at the end.",
        "Every player may achieve each objective on their own map: it is not a race. Each "
        "objective achieved is worth {points} points at the end.",
    ),
    N_(
        "An objective looks at your whole network: the stations and sections of all your lines "
        "together."
    ),
)
OBJECTIVES_LIST_TITLE = N_("The five objectives")
OBJECTIVES_EXAMPLE_TITLE = N_("An example")
OBJECTIVES_MAP_CAPTION = N_("A finished map, in a game with these two objectives.")
# TRANSLATORS: the numbers come from the example and are all greater than 1
OBJECTIVES_CAPTION = N_(
    "All {central} stations of the central district are on this network, and it passes "
    "under the Thames {thames} times: both objectives are achieved, {points} points more."
)

# --- the words: module B -------------------------------------------------------------------
POWERS_PAGE_TITLE = N_("Module B: pencil powers")
POWERS_SETUP_TITLE = N_("Setting up and using a power")
POWERS_SETUP = (
    N_(
        "Shuffle the 4 power cards and give one to each pencil colour for the whole game, also "
        "to the colours no player holds."
    ),
    N_(
        "A power travels with its pencil. Whoever holds the pencil in a round may use its "
        "power once in that round, so each player can use each power once in the game. Using "
        "a power is never required."
    ),
    N_("Here a power is a button beside the map: pick it, then click the station."),
    N_(
        "Our ruling: a power may be used even where it changes nothing; it is then spent for "
        "the round."
    ),
)
DOUBLE_TITLE = N_("Double section")
DOUBLE = (
    N_(
        "Draw two sections on one card. Both must end at stations with the card's symbol, or "
        "at Central Station. The second starts from an end of the line as it is after the "
        "first."
    ),
    N_(
        "On a joker, the second section must go to the same shape as the first; if the first "
        "went to Central Station, the second may go anywhere."
    ),
    N_(
        "On a switch turn only the first section may start from any station; the second "
        "starts from an end."
    ),
    N_(
        "Our ruling: the power always draws exactly two sections, and the second may always "
        "end at Central Station."
    ),
)
DOUBLE_CAPTION = N_("With the double section, the green line reaches two circles on one card.")
JOKER_TITLE = N_("Joker")
JOKER = (
    N_(
        "Treat the card as a joker: the section may end at any station. On a switch turn, the "
        "card flipped after the Switch becomes the joker."
    ),
)
JOKER_CAPTION = N_("With the joker, the green line goes to a triangle on a square card.")
SWITCH_POWER_TITLE = N_("Switch")
SWITCH_POWER = (
    N_(
        "Play the card as if the Switch had come with it: the section may start from any "
        "station of your line. No extra card is flipped."
    ),
    N_("The switch power cannot be used on the first two turns of a round."),
)
SWITCH_POWER_CAPTION = N_(
    "On the third turn, with the switch, the green line branches from its departure station."
)
CIRCLE_TITLE = N_("Circle")
CIRCLE = (
    N_(
        "Circle one station of the line you are drawing. For this line's score it counts as 2 "
        "stations in its district."
    ),
    N_(
        "It changes nothing else: not the number of districts, not the other lines, nor "
        "tourist sites, interchanges or objectives."
    ),
    N_(
        "Our ruling: you may circle along with any move of the round, a pass or the first two "
        "turns included, once the station is on the line; the departure station counts."
    ),
)
# TRANSLATORS: the numbers come from the example and are all greater than 1
CIRCLE_CAPTION = N_(
    "The pink line circles the tourist site in the east: {largest} stations count there "
    "instead of {plain_largest}, and the line scores {score} instead of {plain_score}."
)


# --- building the pages ------------------------------------------------------------------
def pages() -> list[HelpPage]:
    """The base game, the solo game, module A and module B, in the reader's language."""
    return [
        HelpPage("base", BASE_TITLE, _base_sections()),
        HelpPage("solo", _(SOLO_TITLE), _solo_sections()),
        HelpPage("module-a", _(OBJECTIVES_PAGE_TITLE), _objectives_sections()),
        HelpPage("module-b", _(POWERS_PAGE_TITLE), _powers_sections()),
    ]


def _each(texts: Sequence[str]) -> tuple[str, ...]:
    """Paragraphs marked with `N_`, in the reader's language."""
    return tuple(_(text) for text in texts)


def load_game(**options: Any) -> NextStationLondon:
    """A game with the pencils in the printed order, not scored as a solo game."""
    game = linecraft.load("next-station-london", **{"order": COLOURS, "solo": False, **options})
    assert isinstance(game, NextStationLondon)
    return game


def played(game: NextStationLondon, turns: Sequence[tuple[str, str]]) -> NextStationLondonState:
    """A one-player game after these turns (the card flipped, then the move on it)."""
    state = game.new_state(0)
    assert isinstance(state, NextStationLondonState)
    for card, move in turns:
        state.apply_chance(card)
        state.apply(0, move)
    return state


def example_sheet(*, objectives: bool = False, circle: bool = False) -> Sheet:
    """The finished sheet of the rules' worked example, with its objectives and circle
    or without."""
    return Sheet(
        parse_sheet(EXAMPLE_LINES).lines,
        EXAMPLE_OBJECTIVES if objectives else (),
        EXAMPLE_CIRCLE if circle else None,
    )


def _sections(move: str) -> list[tuple[Point, Point]]:
    """The sections of a move, as the engine reads it, as pairs of map points."""
    action = parse_action(move)
    return [(LONDON.stations[a].point, LONDON.stations[b].point) for a, b in action.sections]


def _whole_map(game: NextStationLondon, sheet: Sheet) -> str:
    """A whole map with district names and the number of lines at each interchange, in
    letters big enough for a map shown small."""
    score = score_sheet(sheet, powers=game.module_b)
    drawing = render_sheet(sheet, score=score, overlay=True, solo=game.solo, label_scale=1.5)
    return map_only(drawing)


def _line_points(game: NextStationLondon, state: NextStationLondonState) -> list[Point]:
    """Every station of the lines on a player's map, departure stations included."""
    position = game.position_of(state, 0)
    points = [p for sections in position.lines.values() for s in sections for p in s]
    return points + [LONDON.stations[LONDON.departure[c]].point for c in position.lines]


def _card(name: str) -> Picture:
    """The card of a turn, drawn about as wide as the map beside it."""
    drawing = render_cards([[CARD_BY_NAME[name]]], canvas=CARD_CANVAS)
    return Picture(drawing, _(THE_CARD).format(card=_(CARD_WORDS[name])))


def _try(
    game: NextStationLondon,
    state: NextStationLondonState,
    move: str,
    caption: str,
    *,
    allowed: bool,
    around: Sequence[Point] = (),
) -> Picture:
    """A move drawn (allowed) or shown dashed and crossed out (not allowed) on the part
    of the map around the line, the move and `around`."""
    after = state.clone()
    if allowed:
        after.apply(0, move)
    svg = game.render_position(game.position_of(after, 0))
    sections = _sections(move)
    for a, b in sections:
        svg = mark_section(svg, a, b, colour=state.colour_of(0), legal=allowed)
    shown = [*_line_points(game, state), *around, *(p for section in sections for p in section)]
    return Picture(crop_map(svg, shown), _(caption))


def _base_sections() -> tuple[HelpSection, ...]:
    game = load_game()
    empty = _whole_map(game, Sheet())
    deck = render_cards(
        [[c for c in CARDS if not c.underground], [c for c in CARDS if c.underground]]
    )
    tries = played(game, TRIES_TURNS)
    tries.apply_chance(TRIES_CARD)
    every = [p for move in (ALLOWED, CROSSING, NOT_FROM_AN_END) for s in _sections(move) for p in s]
    return (
        HelpSection(_(ABOUT_TITLE), _each(ABOUT)),
        HelpSection(_(MAP_TITLE), _each(MAP), (Picture(empty, _(MAP_CAPTION)),)),
        HelpSection(_(CARDS_TITLE), _each(CARDS_TEXT), (Picture(deck, _(CARDS_CAPTION)),)),
        HelpSection(_(ROUND_TITLE), _each(ROUND)),
        HelpSection(
            _(DRAW_TITLE),
            _each(DRAW),
            (
                _card(TRIES_CARD),
                _try(game, tries, ALLOWED, ALLOWED_CAPTION, allowed=True, around=every),
                _try(game, tries, CROSSING, CROSSING_CAPTION, allowed=False, around=every),
                _try(
                    game,
                    tries,
                    NOT_FROM_AN_END,
                    NOT_FROM_AN_END_CAPTION,
                    allowed=False,
                    around=every,
                ),
            ),
        ),
        _switch_section(game),
        HelpSection(_(SHARING_TITLE), _each(SHARING)),
        _line_section(game),
        _end_section(game),
    )


def _switch_section(game: NextStationLondon) -> HelpSection:
    state = played(game, SWITCH_TURNS)
    for card in SWITCH_CARDS:
        state.apply_chance(card)
    drawing = render_cards([[CARD_BY_NAME[c] for c in SWITCH_CARDS]], canvas=CARD_CANVAS)
    cards = Picture(drawing, _(SWITCH_CARDS_CAPTION))
    return HelpSection(
        _(SWITCH_TITLE),
        _each(SWITCH),
        (cards, _try(game, state, BRANCH, SWITCH_CAPTION, allowed=True)),
    )


def _line_section(game: NextStationLondon) -> HelpSection:
    state = played(game, SWITCH_TURNS)
    for card in SWITCH_CARDS:
        state.apply_chance(card)
    state.apply(0, BRANCH)  # the last turn of round 1: the purple line is scored
    position = game.position_of(state, 0)
    purple = Sheet({"purple": position.lines["purple"]})
    line = score_sheet(purple).lines["purple"]
    caption = _(LINE_CAPTION).format(
        districts=line.districts, largest=line.largest, thames=line.thames, score=line.score
    )
    return HelpSection(_(LINE_TITLE), _each(LINE), (Picture(_whole_map(game, purple), caption),))


def _end_section(game: NextStationLondon) -> HelpSection:
    sheet = example_sheet()
    score = score_sheet(sheet)
    panel = _(END_PANEL_CAPTION).format(
        lines=score.line_points,
        tourists=score.tourist_points,
        interchanges=score.interchange_points,
        total=score.total,
    )
    track = _(TRACK_CAPTION).format(visits=score.tourist_visits, points=score.tourist_points)
    end = tuple(
        text.format(
            two=INTERCHANGE_POINTS[2], three=INTERCHANGE_POINTS[3], four=INTERCHANGE_POINTS[4]
        )
        for text in _each(END)
    )
    return HelpSection(
        _(END_TITLE),
        end,
        (
            Picture(_whole_map(game, sheet), _(END_MAP_CAPTION)),
            Picture(render_panel(score), panel),
            Picture(render_track(score.tourist_visits), track),
        ),
    )


def _solo_sections() -> tuple[HelpSection, ...]:
    game = load_game(players=1, solo=True, objectives=EXAMPLE_OBJECTIVES, powers=EXAMPLE_POWERS)
    sheet = example_sheet(objectives=True, circle=True)
    score = score_sheet(sheet, powers=True)
    band = score.card(solo=True)["solo_band"]
    caption = _(SOLO_CAPTION).format(
        total=score.total,
        deduction=score.total - score.solo_score,
        solo=score.solo_score,
        verdict=_(SOLO_VERDICTS[band]),
    )
    rating = (_n(*RATING, MODULE_DEDUCTION).format(points=MODULE_DEDUCTION), *_bands())
    return (
        HelpSection(_(ALONE_TITLE), _each(ALONE)),
        HelpSection(
            _(RATING_TITLE),
            rating,
            (
                Picture(_whole_map(game, sheet), _(SOLO_MAP_CAPTION)),
                Picture(render_panel(score, solo=True), caption),
            ),
        ),
    )


def _bands() -> tuple[str, ...]:
    """The solo rating table, one line per band."""
    lines = []
    low = None
    for high, band in SOLO_BANDS:
        verdict = _(SOLO_VERDICTS[band])
        if low is None:
            lines.append(_(BAND_LOWEST).format(high=high, verdict=verdict))
        else:
            lines.append(_(BAND).format(low=low, high=high, verdict=verdict))
        low = high + 1
    highest = SOLO_VERDICTS[LEGENDARY]
    lines.append(_(BAND_HIGHEST).format(low=low, verdict=_(highest)))
    return tuple(lines)


def _objectives_sections() -> tuple[HelpSection, ...]:
    game = load_game(objectives=EXAMPLE_OBJECTIVES)
    sheet = example_sheet(objectives=True)
    score = score_sheet(sheet)
    central = LONDON.district_stations["central"]
    network = {s for line in score.lines.values() for s in line.stations}
    caption = _(OBJECTIVES_CAPTION).format(
        central=sum(1 for s in central if s in network),
        thames=sum(line.thames for line in score.lines.values()),
        points=OBJECTIVE_POINTS * len(score.achieved),
    )
    first, worth, network_text = OBJECTIVES_SETUP
    setup = (
        _(first),
        _n(*worth, OBJECTIVE_POINTS).format(points=OBJECTIVE_POINTS),
        _(network_text),
    )
    return (
        HelpSection(_(OBJECTIVES_SETUP_TITLE), setup),
        HelpSection(_(OBJECTIVES_LIST_TITLE), _each(tuple(OBJECTIVE_HELP.values()))),
        HelpSection(
            _(OBJECTIVES_EXAMPLE_TITLE),
            (),
            (
                Picture(_whole_map(game, sheet), _(OBJECTIVES_MAP_CAPTION)),
                Picture(render_panel(score), caption),
            ),
        ),
    )


def _powers_sections() -> tuple[HelpSection, ...]:
    return (
        HelpSection(_(POWERS_SETUP_TITLE), _each(POWERS_SETUP)),
        _power_section("double", DOUBLE_TITLE, DOUBLE, DOUBLE_CAPTION),
        _power_section("joker", JOKER_TITLE, JOKER, JOKER_CAPTION),
        _power_section("switch", SWITCH_POWER_TITLE, SWITCH_POWER, SWITCH_POWER_CAPTION),
        _circle_section(),
    )


def power_game(power: str) -> NextStationLondon:
    """A game in which green, drawn first, holds `power`."""
    others = [p for p in EXAMPLE_POWERS if p != power]
    powers = (*others, power)  # purple, blue, pink, then green
    return load_game(order=("green", "purple", "blue", "pink"), powers=powers)


def _power_section(
    power: str, title: str, paragraphs: tuple[str, ...], caption: str
) -> HelpSection:
    turns, card, move = POWER_TRIES[power]
    game = power_game(power)
    state = played(game, turns)
    state.apply_chance(card)
    return HelpSection(
        _(title),
        _each(paragraphs),
        (_card(card), _try(game, state, move, caption, allowed=True)),
    )


def _circle_section() -> HelpSection:
    game = load_game(powers=EXAMPLE_POWERS)
    pink = example_sheet().lines["pink"]
    circled, plain = Sheet({"pink": pink}, circle=EXAMPLE_CIRCLE), Sheet({"pink": pink})
    with_circle, without = (score_sheet(s, powers=True).lines["pink"] for s in (circled, plain))
    caption = _(CIRCLE_CAPTION).format(
        largest=with_circle.largest,
        plain_largest=without.largest,
        score=with_circle.score,
        plain_score=without.score,
    )
    return HelpSection(
        _(CIRCLE_TITLE),
        _each(CIRCLE),
        (Picture(_whole_map(game, circled), caption),),
    )
