"""How to play Metromania: the base game, the two-player modes and the optional rules.

Every sentence a player reads is a whole template below (they will be translated as they
are). The pictures are drawn at call time by the game's own renderer from real positions:
the rules' worked examples (Position W and the steps that follow it) and the end of a
recorded game, so they follow the rules as the engine plays them. Every step drawn is
checked by the engine first: a legal one must be legal, the refused one refused for the
reason its caption gives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from linecraft.core.game import HelpPage, HelpSection, Picture
from linecraft.games.metromania import notation, words
from linecraft.games.metromania.city import City
from linecraft.games.metromania.game import Metromania
from linecraft.games.metromania.geometry import IDENTITY_LAYOUT, Vertex, parse_vertex
from linecraft.games.metromania.markers import (
    DAYS,
    LETTERS,
    SETS_P,
    SETS_Q,
    SETS_X,
    SETS_Y,
    STRICT,
    markers_of,
)
from linecraft.games.metromania.position import Position, parse_position
from linecraft.games.metromania.scoring import run_test, score_city
from linecraft.games.metromania.svg import (
    COMPANY_COLOURS,
    MARKER_INK,
    hands_picture,
    render_city,
    render_window,
    week_picture,
)
from linecraft.games.metromania.trips import Network

# --- the positions ------------------------------------------------------------------------
# The rules' worked examples start here (the identity layout): Red's two lines and the
# start of Blue's.
POSITION_W = """metromania-position
options players=4 open_destinations=false strict_municipality=false gates=standard end_lines=5
layout 1.0 2.0 3.0 4.0 5.0 6.0
phase building
to_move 1
final_left -
company 0 seat=0 points=0 hand=DH,EF
company 1 seat=1 points=0 hand=FH,EW,BF
company 2 seat=2 points=0 hand=AH,BW,CF
company 3 seat=3 points=0 hand=CH,FW,DF
line 0 L1 G3.2>-2,-3 -1,-3@U-2,-3 0,-3@D-1,-4=A 1,-3@U0,-3 2,-3@U1,-3 3,-3@U2,-3
line 0 L2 G0.0>5,0 4,0@U4,0 3,0@U3,0 2,0@U2,0 1,0@U1,0 0,0@D0,-1 -1,0@U-1,0
line 1 L1 G4.0>1,-5 1,-4@U1,-5
stations -
"""
# The examples' steps, by company: Blue meets, runs alongside and leaves Red; Blue
# reaches a corner of two House Spots; Red's intermediate station; Green's line and its
# destination. Together they make the rules' Position T.
MEET_ALONGSIDE_PART = (1, ("L1:1,-4>1,-3@U1,-4", "L1:1,-3>2,-3@D1,-4", "L1:2,-3>2,-2@D1,-3"))
TWO_HOUSES = (1, ("L1:2,-2>1,-1@U1,-2", "L1:1,-1>0,0@U0,-1"))
INTERMEDIATE = (0, ("L1:*-1,-3",))
GREEN_LINE = (
    2,
    (
        "L1:G1.0>0,5",
        "L1:0,5>0,4@D-1,4",
        "L1:0,4>0,3@U0,3",
        "L1:0,3>0,2@U0,2",
        "L1:0,2>0,1@U0,1",
        "L1:0,1>1,0@U0,0=A",
    ),
)
# On Position W: a gentle bend, and the sharp bend refused at a corner with no station.
GENTLE_BEND = (0, ("L1:3,-3>3,-2@U3,-3",))
SHARP_BEND = (0, "L1:3,-3>3,-4@D2,-4", "sharp_bend")
# On Position T: a sharp bend at a station through a House Spot; Red finishing its line.
BEND_AT_STATION = (1, ("L1:0,0>0,-1@D-1,-1=F", "L1:0,-1>0,-2@U0,-2"))
FINISH_WITH_BONUS = (0, ("L1:3,-3>4,-3@U3,-3", "L1:4,-3>5,-3@U4,-3", "L1:5,-3>G5.1+4,-3"))

# The end of a recorded 4-player game (greedy bots): one company kept its station
# points, one halved them, two lost them; four trips ran, three could not.
FINISHED_GAME = """metromania-position
options players=4 open_destinations=false strict_municipality=false gates=standard end_lines=5
layout 6.0 4.1 3.2 2.2 1.1 5.1
phase over
to_move -
final_left -
company 0 seat=0 points=6 hand=-
company 1 seat=1 points=8 hand=EW
company 2 seat=2 points=4 hand=FH
company 3 seat=3 points=4 hand=-
line 0 L1 G2.4>-5,1 -4,0@D-5,0 -3,-1@U-4,-1 -2,-2@D-3,-2 -2,-3@D-3,-3=B -1,-3@D-2,-4 \
-1,-2@D-2,-3 -2,-1@U-2,-2 -3,0@U-3,-1 -3,1@U-3,0 -3,2@U-3,1 -2,2@D-3,1 -1,2@D-2,1 -1,3@U-1,2 \
0,3@D-1,2 1,2@D0,2 2,1@D1,1 3,0@D2,0
line 0 L2 G5.4>5,-1 4,0@U4,-1=F 4,1@D3,0 3,2@U3,1=D 2,2@D2,1 1,3@D1,2 0,4@U0,3 -1,5@U-1,4 \
>G1.1
line 1 L1 G5.2>5,-2 4,-1@D4,-2 4,0@D3,-1
line 1 L2 G2.2>-5,2 -4,2@D-5,1 -3,1@D-4,1 -2,1@D-3,0=C -1,1@U-2,1 0,0@U-1,0 0,-1@U0,-1=D \
1,-2@U0,-2 1,-3@U1,-3 0,-3@U0,-3 -1,-3@U-1,-3 -2,-3@U-2,-3
line 2 L1 G3.0>-5,0 -5,1@U-5,0 -5,2@U-5,1=A -4,2@U-5,2 -4,3@D-5,2 -3,3@U-4,3=E -3,4@D-4,3 \
-4,5@U-4,4 >G1.3
line 2 L2 G0.0>5,0 4,0@D4,-1 3,1@U3,0 2,1@U2,1 1,1@U1,1 0,2@D0,1 0,3@U0,2 -1,4@U-1,3 \
-2,4@D-2,3 -3,4@U-3,4 -2,3@U-3,3 -2,2@D-3,2 -3,2@U-3,2 -4,3@U-4,2 -5,4@D-5,3 >G2.1
line 3 L1 G4.2>3,-5 4,-5@U3,-5 4,-4@U4,-5 5,-4@U4,-4=C 5,-3@D4,-4 4,-2@D4,-3 3,-1@U3,-2 \
3,0@U3,-1 2,1@U2,0 2,0@D1,0=B 2,-1@D1,-1 3,-2@U2,-2 3,-3@D2,-3 2,-3@D2,-4 2,-4@U2,-4 \
2,-5@U2,-5 1,-5@U1,-5 0,-4@D0,-5
line 3 L2 G1.0>0,5 0,4@D-1,4=A -1,4@D-1,3 -2,5@D-2,4 -3,5@D-3,4 -3,4@D-4,4
stations -5,1 -5,2 -4,0 -4,2 -4,3 -4,5 -3,1 -3,2 -3,4 -2,-3 -2,1 -2,2 -1,-3 -1,4 0,-3 0,-1 \
0,0 0,3 0,4 0,5 1,-2 1,1 2,1 2,2 3,1 4,-4 4,-1 4,0 5,-1
"""

# --- the words ----------------------------------------------------------------------------
TITLES = {
    "base": "Metromania",
    "two": "Two players",
    "options": "Optional rules",
}
BRIEF = (
    "You run a subway company. Over the game you dig two lines through a city of small "
    "triangles: a solid line and a striped line, drawn in your company's colour.",
    "Where lines meet, stations open, and the company that built a station scores for the "
    "Spots beside it.",
    "When the building ends, the municipality rides seven test trips between destinations. "
    "The companies whose lines carry the fastest trips score; those who made a trip "
    "impossible lose points.",
    "The highest score wins.",
)
CITY = (
    "The city is made of six triangular districts, placed and turned at random. Lines run "
    "along the sides of the small triangles, and stations sit on their corners.",
    "Each district holds a House, a Work and a Fun Spot (H, W and F on the board). One "
    "district holds the Lake, another the Park: no tunnel may be dug in them.",
    "Thirty gates surround the city. A white gate, its arrow pointing in, is where a line "
    "starts. A black gate, its arrow pointing out, is where a line ends.",
    "The printed tiles and frame are not public: the districts and the pattern of arrows "
    "drawn here are our own design, with the printed game's counts.",
)
SETUP = (
    "The first seat plays first, then the turn goes round the table.",
    "Each company is dealt three destination markers face down: one House, one Work and one "
    "Fun, with three different letters. Only you see your letters.",
    "Our ruling: the markers are dealt in one go, every valid set of hands equally likely, "
    "instead of the rulebook's redraws, which can get stuck with four players.",
)
TURN = (
    "On your turn, do exactly one of these: dig three tunnels, spread as you like over your "
    "two lines, or build one intermediate station.",
    "Where three tunnels cannot be dug, dig as many as you can. Our ruling: that is the most "
    "your turn could reach, so you may not cut it short by digging in a clumsy order.",
    "A tunnel through a Spot is never owed: you may end your turn, or pass, rather than "
    "place a destination. With nothing left to dig, you pass.",
    "Until your turn ends you may take back its tunnels, one at a time.",
)
STARTING = (
    "Start a line by digging a tunnel in a free white gate. The line leaves the gate by "
    "either corner of the gate's side against the city.",
    "In your first turn you may start only one line.",
    "Your second line may not start on the side of the city where your first one starts, nor "
    "on a side next to it, unless every white gate on the other sides already holds a "
    "tunnel.",
)
DIGGING = (
    "Each tunnel lies in one small triangle and carries the line along one of its sides. A "
    "triangle holds one tunnel at most, so two lines can share a side, one in each triangle "
    "beside it.",
    "A line always grows from its end, without branches. It may go straight on or bend "
    "gently; a sharp bend is allowed only at a station.",
    "A line never touches itself and never runs alongside itself.",
    "The Lake and the Park take no tunnels. The gates take only the tunnels that start or "
    "finish a line.",
)
STATIONS = (
    "A station opens at once where your line meets another line: where it crosses it, "
    "touches it, or reaches its end.",
    "A station also opens where your line leaves a line it was running alongside.",
    "The company that builds a station scores 1 point for each Spot touching its corner, "
    "whatever lies on the Spot. Reaching a station already there scores nothing, and the "
    "Lake and the Park score nothing.",
    "A station serves every line through its corner, whoever built it.",
    "There are 30 stations. Once they are gone, no tunnel that would open a station may be dug.",
)
INTERMEDIATE_WORDS = (
    "Instead of digging, you may build one station on one of your lines, between two "
    "stations already on it; the line's start and end count as stations here. It scores "
    "like any other station.",
    "Our ruling: on a line still growing, some station must stand further along the line.",
)
DESTINATIONS = (
    "A tunnel dug in a Spot must at once receive one of your destination markers of that "
    "Spot's type, letter up. A company that cannot, or will not, place one may not dig "
    "there.",
    "You may place one destination per turn, and two markers of the same letter may never "
    "touch, by a side or by a corner.",
    "Place all your destinations while building: each one left in your hand costs you 6 "
    "points at the end.",
)
FINISHING = (
    "A line finishes with a tunnel in a free black gate. The gate may not lie on the side "
    "where the line started, nor on a side next to it, unless every black gate on the "
    "other sides already holds a tunnel.",
    "Finishing earns one intermediate station on that line at once, if you want it: the "
    "bonus station. After that, no intermediate station may be built on the finished line, "
    "though other lines still open stations on it.",
    "Each line has 18 tunnels, the gate tunnels included.",
)
ENDING = (
    "The building ends when a company has finished both its lines, when the last station "
    "is built, or when five lines, of all companies together, are blocked or finished.",
    "A line is blocked when it cannot grow any more: every way on from its end is taken or "
    "forbidden, or its 18 tunnels are used. Our ruling: a station that appears at its end "
    "can free it again.",
    "The company whose turn ended the building plays no more; every other company plays one "
    "last turn.",
)
LINE_POINTS = (
    "All points scored so far are station points. A company that finished both its lines "
    "keeps them, one that finished one line halves them (rounded down), and one that "
    "finished none loses them all.",
)
TRIPS = (
    "The municipality then rides seven test trips, one a day: Monday joins the two A "
    "destinations, Tuesday the two B, and so on to Saturday's F; Sunday joins the Park and "
    "the Lake.",
    "A ride goes from a station touching one destination to a station touching the other. "
    "It takes 1 minute per section between two stations along a line, however long, and "
    "3 minutes for each change of line, even between two lines of one company.",
    "Every company with a section on a fastest ride scores once: 6 points if it placed one "
    "of the trip's two destinations, 3 points otherwise. On Sunday each such company "
    "scores 5.",
    "A trip is impossible when a destination was never placed (its holder loses 6), when no "
    "station touches a placed destination (its placer loses 6), or when no ride joins the "
    "two (both placers lose 6). A company loses 6 at most once a trip; an impossible Sunday "
    "trip costs nothing.",
)
WINNER = (
    "The highest total wins. Ties go to the most finished lines, then to the most tunnels "
    "dug; players still tied share the win.",
)
THREE_PLAYERS = (
    "With three players, each company holds four destinations: one of each type and a "
    "second of a type its player chooses.",
    "Our ruling: the players choose in seat order before the deal, each a different type; "
    "the last player gets the type left.",
)
SCORED = ("The end of a four-player game, and how each company scored.",)
TWO_COMPANIES = (
    "With two players, each player runs two companies, independent in everything: their "
    "turns, markers, points and lines.",
    "The first companies hold the letters A, B and C, the second companies D, E and F, one of "
    "each type; which set goes to which company is drawn by chance.",
    "The companies play in this order: the first player's first company, the second "
    "player's first, the first player's second, the second player's second. That is our "
    "reading of the rulebook's first companies, then second ones, always in the same order.",
    "The building ends when one company has finished both its lines (or the other usual "
    "ways). The player whose turn ended it plays no more, with neither company.",
    "Tests score companies, not players: your second company scores 3 on a trip your first "
    "company's destination belongs to. Your score is the sum of your two companies, and so "
    "are the tie-breaks (our ruling).",
    "Our ruling: you see only the types of your opponent's unplaced markers, as in the "
    "larger games; the letters are yours to work out.",
)
SIX_DESTINATIONS = (
    "Some descriptions of the game give each of two players a single company holding six "
    "destinations, one of each letter. This option plays that reading.",
    "Each letter's two markers are split between the two companies at random. A company "
    "still places one destination per turn.",
    "Our ruling: with only four lines in the game, the building ends when three lines are "
    "blocked or finished.",
)
OPEN = (
    "Every company keeps its destinations letter up: everyone knows who must reach which "
    "letters. Nothing else changes.",
)
STRICT_WORDS = (
    "No deal: every company gets the destinations of the municipality's table, so every "
    "letter is known from the start.",
    "The rulebook prints the table for four players. The tables for two and three players "
    "are our own, with one marker of each letter for each pair of companies.",
)
GATES_WORDS = (
    "The default pattern, as in the rulebook, is our own design, since the printed frame is "
    "not public: each side reads white, black, white, black, white, making 18 white gates "
    "and 12 black.",
    "Alternating: the colours alternate all the way round the city, 15 white and 15 black, "
    "so lines have more places to finish.",
)
END_LINES = (
    "Lines that end the game: how many blocked or finished lines end the building, instead "
    "of five (three with six destinations).",
)
SECTIONS = {
    "brief": "The game in brief",
    "city": "The city",
    "setup": "Setting up",
    "turn": "Your turn",
    "starting": "Starting a line",
    "digging": "Digging tunnels",
    "stations": "Stations",
    "intermediate": "Intermediate stations",
    "destinations": "Spots and destinations",
    "finishing": "Finishing a line",
    "ending": "The end of the building",
    "line_points": "Line points",
    "trips": "The test trips",
    "winner": "The winner",
    "three": "With three players",
    "scored": "A scored game",
    "two_companies": "Two companies each",
    "six": "Six destinations each (option)",
    "open": "Destinations open",
    "strict": "The municipality's destinations",
    "gates": "Gates",
    "end_lines": "When the building ends",
}
CAPTIONS = {
    "city": (
        "The city: six districts with their Spots, the Lake (blue) and the Park (green), and "
        "the white and black gates around it."
    ),
    "hand": "A hand of destinations, as only its owner sees it: {markers}.",
    "start": (
        "Green's line starts at a white gate, its arrow pointing into the city, and runs "
        "down through the city."
    ),
    "gentle": "Allowed: Red's line goes on from its end with a gentle bend.",
    "sharp": "Not allowed: a sharp bend at a corner where no station stands.",
    "meet_part.one": (
        "Blue meets Red's line (a station opens), runs alongside it, then leaves it: a second "
        "station opens where they part, beside a House Spot. Blue scores {count} point."
    ),
    "meet_part.many": (
        "Blue meets Red's line (a station opens), runs alongside it, then leaves it: a second "
        "station opens where they part, beside a House Spot. Blue scores {count} points."
    ),
    "two_houses.one": (
        "Blue reaches Red's striped line at a corner touching two House Spots: the station "
        "there scores {count} point."
    ),
    "two_houses.many": (
        "Blue reaches Red's striped line at a corner touching two House Spots: the station "
        "there scores {count} points."
    ),
    "bend_at_station": (
        "Allowed: a sharp bend at a station. Its tunnel runs through a House Spot, so Blue "
        "placed its destination {letter} there, letter up, then dug on."
    ),
    "destination": (
        "Red's solid line runs through a Work Spot, so Red placed its destination A there, "
        "letter up: the Monday trip will start or end beside it."
    ),
    "intermediate.one": (
        "Red's whole turn: an intermediate station between its start and its first station, "
        "beside a Work Spot: {count} point."
    ),
    "intermediate.many": (
        "Red's whole turn: an intermediate station between its start and its first station, "
        "beside a Work Spot: {count} points."
    ),
    "finish.one": (
        "Red finishes its solid line at a black gate on a far side from its start, and builds "
        "its bonus station beside a House Spot: {count} point."
    ),
    "finish.many": (
        "Red finishes its solid line at a black gate on a far side from its start, and builds "
        "its bonus station beside a House Spot: {count} points."
    ),
    "week": (
        "The week's trips, Monday to Sunday: the two destinations of letters A to F, then the "
        "Park and the Lake."
    ),
    "monday": (
        "The Monday trip joins Red's destination A (Work) and Green's A (House). The fastest "
        "ride takes {minutes} minutes: along Red's solid line, a change, then along Blue's "
        "line. Red scores {red}, having placed an A; Blue scores {blue}; Green, with no "
        "section on the ride, scores {green}."
    ),
    "scored": "Final totals: {totals}. {winner} wins.",
    "total": "{company} {total}",
    "company.kept": (
        "{company} finished both its lines and keeps its {stations} station points. Trips "
        "carried: {awards}. Penalties: {penalties}. Total: {total}."
    ),
    "company.halved": (
        "{company} finished one line, so its {stations} station points are halved to "
        "{line_points}. Trips carried: {awards}. Penalties: {penalties}. Total: {total}."
    ),
    "company.zeroed": (
        "{company} finished no line, so its {stations} station points are lost. Trips "
        "carried: {awards}. Penalties: {penalties}. Total: {total}."
    ),
    "first_sets": (
        "The first companies' hands: one gets {markers}, the other {others}, by chance."
    ),
    "second_sets": (
        "The second companies' hands: one gets {markers}, the other {others}, by chance."
    ),
    "six_hand": "A hand of six destinations, one of each letter: {markers}.",
    "face_down": "Usually the other players see only the types of your markers.",
    "face_up": "With open destinations, everyone sees the letters: {markers}.",
    "strict_hand": "{company}: {markers}.",
    "standard": "Gates as in the rulebook: white, black, white, black, white on every side.",
    "alternating": "Alternating gates: white and black all the way round.",
}


def pages() -> list[HelpPage]:
    """The base game, the two-player modes, the optional rules."""
    return [_base_page(), _two_player_page(), _options_page()]


# --- the base game ------------------------------------------------------------------------
def position_w() -> City:
    """The city where the rules' worked examples start."""
    return parse_position(POSITION_W).city


def position_t() -> City:
    """Position W after the examples' steps (the rules' Position T)."""
    return apply_steps(position_w(), MEET_ALONGSIDE_PART, TWO_HOUSES, INTERMEDIATE, GREEN_LINE)


def finished_game() -> Position:
    """The end of the recorded game the scored example shows."""
    return parse_position(FINISHED_GAME)


def _base_page() -> HelpPage:
    w, t = position_w(), position_t()
    return HelpPage(
        "base",
        TITLES["base"],
        (
            _section("brief", BRIEF),
            _section(
                "city", CITY, Picture(_svg(render_city(_empty_city("standard"))), CAPTIONS["city"])
            ),
            _section("setup", SETUP, _hand_picture("hand", STRICT[4, "two-companies"][0])),
            _section("turn", TURN),
            _section("starting", STARTING, _start_picture(t)),
            _section("digging", DIGGING, *_bend_pictures(w), _bend_at_station(t)),
            _section("stations", STATIONS, *_station_pictures(w)),
            _section("intermediate", INTERMEDIATE_WORDS, _intermediate_picture(w)),
            _section("destinations", DESTINATIONS, _destination_picture(w)),
            _section("finishing", FINISHING, _finish_picture(t)),
            _section("ending", ENDING),
            _section("line_points", LINE_POINTS),
            _section("trips", TRIPS, _week(), _monday_picture(t)),
            _section("winner", WINNER),
            _section("three", THREE_PLAYERS),
            scored_section(),
        ),
    )


def _start_picture(t: City) -> Picture:
    around = [(-2, 6), (0, 5), (0, 3), (2, 5)]
    return Picture(_svg(render_window(t, around, margin=0.6)), CAPTIONS["start"])


def _bend_pictures(w: City) -> list[Picture]:
    """A legal placement and a refused one, on the same corner of Position W."""
    allowed = apply_steps(w, GENTLE_BEND)
    company, text, code = SHARP_BEND
    step = _step(text)
    refusal = w.problem(company, step)
    if refusal is None or refusal.code != code:
        raise AssertionError(f"{text} should be refused {code}, not {refusal}")
    refused = w.copy()
    refused.apply(company, step)
    around = [(1, -3), (4, -3), (3, -4), (3, -2)]
    return [
        Picture(_svg(render_window(allowed, around)), CAPTIONS["gentle"]),
        Picture(_svg(render_window(refused, around, wrong=(3, -3))), CAPTIONS["sharp"]),
    ]


def _station_pictures(w: City) -> list[Picture]:
    """Blue meets, runs alongside and leaves Red; then reaches a corner of two Houses."""
    first = apply_steps(w, MEET_ALONGSIDE_PART)
    second = apply_steps(first, TWO_HOUSES)
    return [
        Picture(
            _svg(render_window(first, [(0, -4), (3, -4), (0, -2), (3, -2)])),
            _count("meet_part", _gained(w, first, MEET_ALONGSIDE_PART[0])),
        ),
        Picture(
            _svg(render_window(second, [(-1, -1), (3, -1), (-1, 1), (2, 1)])),
            _count("two_houses", _gained(first, second, TWO_HOUSES[0])),
        ),
    ]


def _bend_at_station(t: City) -> Picture:
    """Blue's sharp bend at a station, through a House Spot, and one tunnel on."""
    after = apply_steps(t, BEND_AT_STATION)
    step = _step(BEND_AT_STATION[1][0])
    assert isinstance(step, notation.Extend)
    around = [(-1, -2), (2, -2), (-1, 1), (2, 1)]
    caption = CAPTIONS["bend_at_station"].format(letter=step.letter)
    return Picture(_svg(render_window(after, around)), caption)


def _destination_picture(w: City) -> Picture:
    """Red's marker A on the Work Spot its solid line runs through (Position W)."""
    return Picture(
        _svg(render_window(w, [(-3, -4), (1, -4), (-3, -3), (1, -3)], margin=0.8)),
        CAPTIONS["destination"],
    )


def _intermediate_picture(w: City) -> Picture:
    before = apply_steps(w, MEET_ALONGSIDE_PART, TWO_HOUSES)
    after = apply_steps(before, INTERMEDIATE)
    around = [(-3, -4), (2, -4), (-3, -2), (2, -2)]
    return Picture(
        _svg(render_window(after, around)),
        _count("intermediate", _gained(before, after, INTERMEDIATE[0])),
    )


def _finish_picture(t: City) -> Picture:
    after = apply_steps(t, FINISH_WITH_BONUS)
    around = [(2, -4), (6, -4), (2, -2), (5, -2)]
    return Picture(
        _svg(render_window(after, around)),
        _count("finish", _gained(t, after, FINISH_WITH_BONUS[0])),
    )


def _week() -> Picture:
    trips: list[tuple[str | None, Sequence[str]]] = []
    for letter in LETTERS:
        first, second = markers_of(letter)
        trips.append((letter, (first[1], second[1])))
    trips.append((None, ("park", "lake")))
    return Picture(week_picture(trips), CAPTIONS["week"])


def _monday_picture(t: City) -> Picture:
    """The rules' Monday test on Position T, as the scorer runs it."""
    test = run_test(t, Network.of(t), DAYS[0])
    awards = {int(c): points for c, points in test["awards"].items()}
    caption = CAPTIONS["monday"].format(
        minutes=test["minutes"],
        red=awards.get(0, 0),
        blue=awards.get(1, 0),
        green=awards.get(2, 0),
    )
    around = [(-2, -4), (3, -4), (-2, 1), (3, 1)]
    return Picture(_svg(render_window(t, around, ride=_ride(t, test))), caption)


def _ride(city: City, test: Mapping[str, Any]) -> list[list[Vertex]]:
    """The corners along each section a test's fastest rides use."""
    runs = []
    for section in test["sections_used"]:
        line = city.line((section["company"], int(section["line"][1]) - 1))
        ends = sorted(line.path.index(_vertex(section[k])) for k in ("from", "to"))
        runs.append(line.path[ends[0] : ends[1] + 1])
    return runs


def _vertex(text: str) -> Vertex:
    v = parse_vertex(text)
    assert v is not None
    return v


def scored_section() -> HelpSection:
    """The end of a recorded game: the board with its trips, each company's score."""
    position = finished_game()
    game = _game(position.options)
    state = game.state_from_position(position)
    report = score_city(position.city, position.mode)
    paragraphs = [
        *SCORED,
        " ".join(words.trip_notes(report)),
        *(_company_words(record) for record in report["companies"]),
    ]
    picture = Picture(_svg(game.render_state(state, 0, overlay=True)), scored_caption(report))
    return HelpSection(SECTIONS["scored"], tuple(paragraphs), (picture,))


def scored_caption(report: Mapping[str, Any]) -> str:
    """The totals the scorer gives, and the winners."""
    totals = words.TEXT["list"].join(
        CAPTIONS["total"].format(company=words.COMPANY_TITLES[c["company"]], total=c["total"])
        for c in report["companies"]
    )
    winner = words.TEXT["list"].join(words.COMPANY_TITLES[s] for s in report["winners"])
    return CAPTIONS["scored"].format(totals=totals, winner=winner)


def _company_words(record: Mapping[str, Any]) -> str:
    return CAPTIONS[f"company.{record['adjustment']}"].format(
        company=words.COMPANY_TITLES[record["company"]],
        stations=record["station_points"],
        line_points=record["line_points"],
        awards=record["test_points"],
        penalties=record["penalties"],
        total=record["total"],
    )


# --- two players --------------------------------------------------------------------------
def _two_player_page() -> HelpPage:
    sets = (
        _sets_picture("first_sets", SETS_X, SETS_Y),
        _sets_picture("second_sets", SETS_P, SETS_Q),
    )
    return HelpPage(
        "two-players",
        TITLES["two"],
        (
            _section("two_companies", TWO_COMPANIES, *sets),
            _section(
                "six", SIX_DESTINATIONS, _hand_picture("six_hand", STRICT[2, "six-destinations"][0])
            ),
        ),
    )


def _sets_picture(key: str, codes: Sequence[str], others: Sequence[str]) -> Picture:
    caption = CAPTIONS[key].format(markers=_markers(codes), others=_markers(others))
    return Picture(hands_picture([(codes, MARKER_INK), (others, MARKER_INK)]), caption)


# --- optional rules -----------------------------------------------------------------------
def _options_page() -> HelpPage:
    hand = STRICT[4, "two-companies"][0].split()
    open_pictures = (
        Picture(hands_picture([([f"?{c[1]}" for c in hand], MARKER_INK)]), CAPTIONS["face_down"]),
        Picture(
            hands_picture([(hand, MARKER_INK)]),
            CAPTIONS["face_up"].format(markers=_markers(hand)),
        ),
    )
    strict = tuple(
        Picture(
            hands_picture([(codes.split(), COMPANY_COLOURS[company])]),
            CAPTIONS["strict_hand"].format(
                company=words.COMPANY_TITLES[company], markers=_markers(codes.split())
            ),
        )
        for company, codes in enumerate(STRICT[4, "two-companies"])
    )
    gates = tuple(
        Picture(_svg(render_city(_empty_city(pattern))), CAPTIONS[pattern])
        for pattern in ("standard", "alternating")
    )
    return HelpPage(
        "variants",  # not "options": the lobby styles that id
        TITLES["options"],
        (
            _section("open", OPEN, *open_pictures),
            _section("strict", STRICT_WORDS, *strict),
            _section("gates", GATES_WORDS, *gates),
            _section("end_lines", END_LINES),
        ),
    )


# --- helpers ------------------------------------------------------------------------------
def _section(key: str, paragraphs: Sequence[str], *pictures: Picture) -> HelpSection:
    return HelpSection(SECTIONS[key], tuple(paragraphs), tuple(pictures))


def _count(key: str, count: int) -> str:
    """The singular or the plural caption."""
    return CAPTIONS[f"{key}.{'one' if abs(count) == 1 else 'many'}"].format(count=count)


def _svg(text: str) -> str:
    return str(text)


def _game(options: Mapping[str, Any]) -> Metromania:
    defaults = {"players": 4, "two_player_mode": "two-companies", "open_destinations": False,
                "strict_municipality": False, "gates": "standard", "end_lines": None}  # fmt: skip
    return Metromania({**defaults, **options})


def _empty_city(pattern: str) -> City:
    return City(IDENTITY_LAYOUT, pattern, 4)


def _step(text: str) -> notation.Start | notation.Extend | notation.Finish | notation.Station:
    step = notation.parse_step(text)
    assert isinstance(step, notation.Start | notation.Extend | notation.Finish | notation.Station)
    return step


def apply_steps(city: City, *moves: tuple[int, Sequence[str]]) -> City:
    """The city after each company's steps, every step checked by the engine first (the
    examples skip the turns in between, as the rules' examples do)."""
    after = city.copy()
    for company, steps in moves:
        after.first_turn = not any(line.started for line in after.lines[company])
        after.starts_this_turn = 0
        after.marker_this_turn = False
        for text in steps:
            step = _step(text)
            refusal = after.problem(company, step)
            if refusal is not None:
                raise AssertionError(f"{text}: {refusal}")
            after.apply(company, step)
    return after


def _gained(before: City, after: City, company: int) -> int:
    return after.points[company] - before.points[company]


def _markers(codes: Sequence[str]) -> str:
    return words.TEXT["list"].join(
        words.TEXT["marker"].format(letter=code[0], spot=words.SPOTS[code[1]]) for code in codes
    )


def _hand_picture(key: str, codes: str) -> Picture:
    hand = codes.split()
    caption = CAPTIONS[key].format(markers=_markers(hand))
    return Picture(hands_picture([(hand, MARKER_INK)]), caption)
