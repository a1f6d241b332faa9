"""How to play Metromania: the base game, the two-player modes and the optional rules.

Every sentence a player reads is a whole template below, marked for translation and
translated when the pages are built, in the reader's language. The pictures are drawn at
call time by the game's own renderer from real positions: the rules' worked examples
(Position W and the steps that follow it) and the end of a recorded game, so they follow
the rules as the engine plays them. Every step drawn is checked by the engine first: a
legal one must be legal, the refused one refused for the reason its caption gives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from linecraft.core.game import HelpPage, HelpSection, Picture
from linecraft.core.i18n import N_, Nn_, _, _n
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
    "two": N_("Two players"),
    "options": N_("Optional rules"),
}
BRIEF = (
    N_(
        "You run a subway company. Over the game you dig two lines through a city of small "
        "triangles: a solid line and a striped line, drawn in your company's colour."
    ),
    N_(
        "Where lines meet, stations open, and the company that built a station scores for the "
        "Spots beside it."
    ),
    N_(
        "When the building ends, the municipality rides seven test trips between destinations. "
        "The companies whose lines carry the fastest trips score; those who made a trip "
        "impossible lose points."
    ),
    N_("The highest score wins."),
)
CITY = (
    N_(
        "The city is made of six triangular districts, placed and turned at random. Lines run "
        "along the sides of the small triangles, and stations sit on their corners."
    ),
    N_(
        "Each district holds a House, a Work and a Fun Spot (H, W and F on the board). One "
        "district holds the Lake, another the Park: no tunnel may be dug in them."
    ),
    N_(
        "Thirty gates surround the city. A white gate, its arrow pointing in, is where a line "
        "starts. A black gate, its arrow pointing out, is where a line ends."
    ),
    N_(
        "The printed tiles and frame are not public: the districts and the pattern of arrows "
        "drawn here are our own design, with the printed game's counts."
    ),
)
SETUP = (
    N_("The first seat plays first, then the turn goes round the table."),
    N_(
        "Each company is dealt three destination markers face down: one House, one Work and one "
        "Fun, with three different letters. Only you see your letters."
    ),
    N_(
        "Our ruling: the markers are dealt in one go, every valid set of hands equally likely, "
        "instead of the rulebook's redraws, which can get stuck with four players."
    ),
)
TURN = (
    N_(
        "On your turn, do exactly one of these: dig three tunnels, spread as you like over your "
        "two lines, or build one intermediate station."
    ),
    N_(
        "Where three tunnels cannot be dug, dig as many as you can. Our ruling: that is the most "
        "your turn could reach, so you may not cut it short by digging in a clumsy order."
    ),
    N_(
        "A tunnel through a Spot is never owed: you may end your turn, or pass, rather than "
        "place a destination. With nothing left to dig, you pass."
    ),
    N_("Until your turn ends you may take back its tunnels, one at a time."),
)
STARTING = (
    N_(
        "Start a line by digging a tunnel in a free white gate. The line leaves the gate by "
        "either corner of the gate's side against the city."
    ),
    N_("In your first turn you may start only one line."),
    N_(
        "Your second line may not start on the side of the city where your first one starts, nor "
        "on a side next to it, unless every white gate on the other sides already holds a "
        "tunnel."
    ),
)
DIGGING = (
    N_(
        "Each tunnel lies in one small triangle and carries the line along one of its sides. A "
        "triangle holds one tunnel at most, so two lines can share a side, one in each triangle "
        "beside it."
    ),
    N_(
        "A line always grows from its end, without branches. It may go straight on or bend "
        "gently; a sharp bend is allowed only at a station."
    ),
    N_("A line never touches itself and never runs alongside itself."),
    N_(
        "The Lake and the Park take no tunnels. The gates take only the tunnels that start or "
        "finish a line."
    ),
)
STATIONS = (
    N_(
        "A station opens at once where your line meets another line: where it crosses it, "
        "touches it, or reaches its end."
    ),
    N_("A station also opens where your line leaves a line it was running alongside."),
    N_(
        "The company that builds a station scores 1 point for each Spot touching its corner, "
        "whatever lies on the Spot. Reaching a station already there scores nothing, and the "
        "Lake and the Park score nothing."
    ),
    N_("A station serves every line through its corner, whoever built it."),
    N_(
        "There are 30 stations. Once they are gone, no tunnel that would open a station may be dug."
    ),
)
INTERMEDIATE_WORDS = (
    N_(
        "Instead of digging, you may build one station on one of your lines, between two "
        "stations already on it; the line's start and end count as stations here. It scores "
        "like any other station."
    ),
    N_("Our ruling: on a line still growing, some station must stand further along the line."),
)
DESTINATIONS = (
    N_(
        "A tunnel dug in a Spot must at once receive one of your destination markers of that "
        "Spot's type, letter up. A company that cannot, or will not, place one may not dig "
        "there."
    ),
    N_(
        "You may place one destination per turn, and two markers of the same letter may never "
        "touch, by a side or by a corner."
    ),
    N_(
        "Place all your destinations while building: each one left in your hand costs you 6 "
        "points at the end."
    ),
)
FINISHING = (
    N_(
        "A line finishes with a tunnel in a free black gate. The gate may not lie on the side "
        "where the line started, nor on a side next to it, unless every black gate on the "
        "other sides already holds a tunnel."
    ),
    N_(
        "Finishing earns one intermediate station on that line at once, if you want it: the "
        "bonus station. After that, no intermediate station may be built on the finished line, "
        "though other lines still open stations on it."
    ),
    N_("Each line has 18 tunnels, the gate tunnels included."),
)
ENDING = (
    N_(
        "The building ends when a company has finished both its lines, when the last station "
        "is built, or when five lines, of all companies together, are blocked or finished."
    ),
    N_(
        "A line is blocked when it cannot grow any more: every way on from its end is taken or "
        "forbidden, or its 18 tunnels are used. Our ruling: a station that appears at its end "
        "can free it again."
    ),
    N_(
        "The company whose turn ended the building plays no more; every other company plays one "
        "last turn."
    ),
)
LINE_POINTS = (
    N_(
        "All points scored so far are station points. A company that finished both its lines "
        "keeps them, one that finished one line halves them (rounded down), and one that "
        "finished none loses them all."
    ),
)
TRIPS = (
    N_(
        "The municipality then rides seven test trips, one a day: Monday joins the two A "
        "destinations, Tuesday the two B, and so on to Saturday's F; Sunday joins the Park and "
        "the Lake."
    ),
    N_(
        "A ride goes from a station touching one destination to a station touching the other. "
        "It takes 1 minute per section between two stations along a line, however long, and "
        "3 minutes for each change of line, even between two lines of one company."
    ),
    N_(
        "Every company with a section on a fastest ride scores once: 6 points if it placed one "
        "of the trip's two destinations, 3 points otherwise. On Sunday each such company "
        "scores 5."
    ),
    N_(
        "A trip is impossible when a destination was never placed (its holder loses 6), when no "
        "station touches a placed destination (its placer loses 6), or when no ride joins the "
        "two (both placers lose 6). A company loses 6 at most once a trip; an impossible Sunday "
        "trip costs nothing."
    ),
)
WINNER = (
    N_(
        "The highest total wins. Ties go to the most finished lines, then to the most tunnels "
        "dug; players still tied share the win."
    ),
)
THREE_PLAYERS = (
    N_(
        "With three players, each company holds four destinations: one of each type and a "
        "second of a type its player chooses."
    ),
    N_(
        "Our ruling: the players choose in seat order before the deal, each a different type; "
        "the last player gets the type left."
    ),
)
SCORED = (N_("The end of a four-player game, and how each company scored."),)
TWO_COMPANIES = (
    N_(
        "With two players, each player runs two companies, independent in everything: their "
        "turns, markers, points and lines."
    ),
    N_(
        "The first companies hold the letters A, B and C, the second companies D, E and F, one of "
        "each type; which set goes to which company is drawn by chance."
    ),
    N_(
        "The companies play in this order: the first player's first company, the second "
        "player's first, the first player's second, the second player's second. That is our "
        "reading of the rulebook's first companies, then second ones, always in the same order."
    ),
    N_(
        "The building ends when one company has finished both its lines (or the other usual "
        "ways). The player whose turn ended it plays no more, with neither company."
    ),
    N_(
        "Tests score companies, not players: your second company scores 3 on a trip your first "
        "company's destination belongs to. Your score is the sum of your two companies, and so "
        "are the tie-breaks (our ruling)."
    ),
    N_(
        "Our ruling: you see only the types of your opponent's unplaced markers, as in the "
        "larger games; the letters are yours to work out."
    ),
)
SIX_DESTINATIONS = (
    N_(
        "Some descriptions of the game give each of two players a single company holding six "
        "destinations, one of each letter. This option plays that reading."
    ),
    N_(
        "Each letter's two markers are split between the two companies at random. A company "
        "still places one destination per turn."
    ),
    N_(
        "Our ruling: with only four lines in the game, the building ends when three lines are "
        "blocked or finished."
    ),
)
OPEN = (
    N_(
        "Every company keeps its destinations letter up: everyone knows who must reach which "
        "letters. Nothing else changes."
    ),
)
STRICT_WORDS = (
    N_(
        "No deal: every company gets the destinations of the municipality's table, so every "
        "letter is known from the start."
    ),
    N_(
        "The rulebook prints the table for four players. The tables for two and three players "
        "are our own, with one marker of each letter for each pair of companies."
    ),
)
GATES_WORDS = (
    N_(
        "The default pattern, as in the rulebook, is our own design, since the printed frame is "
        "not public: each side reads white, black, white, black, white, making 18 white gates "
        "and 12 black."
    ),
    N_(
        "Alternating: the colours alternate all the way round the city, 15 white and 15 black, "
        "so lines have more places to finish."
    ),
)
END_LINES = (
    N_(
        "Lines that end the game: how many blocked or finished lines end the building, instead "
        "of five (three with six destinations)."
    ),
)
SECTIONS = {
    "brief": N_("The game in brief"),
    "city": N_("The city"),
    "setup": N_("Setting up"),
    "turn": N_("Your turn"),
    "starting": N_("Starting a line"),
    "digging": N_("Digging tunnels"),
    "stations": N_("Stations"),
    "intermediate": N_("Intermediate stations"),
    "destinations": N_("Spots and destinations"),
    "finishing": N_("Finishing a line"),
    "ending": N_("The end of the building"),
    "line_points": N_("Line points"),
    "trips": N_("The test trips"),
    "winner": N_("The winner"),
    "three": N_("With three players"),
    "scored": N_("A scored game"),
    "two_companies": N_("Two companies each"),
    "six": N_("Six destinations each (option)"),
    "open": N_("Destinations open"),
    "strict": N_("The municipality's destinations"),
    "gates": N_("Gates"),
    "end_lines": N_("When the building ends"),
}
CAPTIONS = {
    "city": N_(
        "The city: six districts with their Spots, the Lake (blue) and the Park (green), and "
        "the white and black gates around it."
    ),
    # TRANSLATORS: {markers} lists destination markers, e.g. "A (House), B (Work), C (Fun)"
    "hand": N_("A hand of destinations, as only its owner sees it: {markers}."),
    "start": N_(
        "Green's line starts at a white gate, its arrow pointing into the city, and runs "
        "down through the city."
    ),
    "gentle": N_("Allowed: Red's line goes on from its end with a gentle bend."),
    "sharp": N_("Not allowed: a sharp bend at a corner where no station stands."),
    # TRANSLATORS: {letter} is a destination's letter, A to F
    "bend_at_station": N_(
        "Allowed: a sharp bend at a station. Its tunnel runs through a House Spot, so Blue "
        "placed its destination {letter} there, letter up, then dug on."
    ),
    "destination": N_(
        "Red's solid line runs through a Work Spot, so Red placed its destination A there, "
        "letter up: the Monday trip will start or end beside it."
    ),
    "week": N_(
        "The week's trips, Monday to Sunday: the two destinations of letters A to F, then the "
        "Park and the Lake."
    ),
    # TRANSLATORS: {totals} lists each company's total, e.g. "Red 20, Blue 15"; {winner}
    # is the winning company, e.g. "Red"
    "scored": N_("Final totals: {totals}. {winner} wins."),
    "total": "{company} {total}",  # not words
    # TRANSLATORS: {markers} lists destination markers, e.g. "A (House), B (Work), C (Fun)"
    "first_sets": N_(
        "The first companies' hands: one gets {markers}, the other {others}, by chance."
    ),
    # TRANSLATORS: {markers} lists destination markers, e.g. "A (House), B (Work), C (Fun)"
    "second_sets": N_(
        "The second companies' hands: one gets {markers}, the other {others}, by chance."
    ),
    # TRANSLATORS: {markers} lists destination markers, e.g. "A (House), B (Work), C (Fun)"
    "six_hand": N_("A hand of six destinations, one of each letter: {markers}."),
    "face_down": N_("Usually the other players see only the types of your markers."),
    # TRANSLATORS: {markers} lists destination markers, e.g. "A (House), B (Work), C (Fun)"
    "face_up": N_("With open destinations, everyone sees the letters: {markers}."),
    "strict_hand": "{company}: {markers}.",  # not words
    "standard": N_("Gates as in the rulebook: white, black, white, black, white on every side."),
    "alternating": N_("Alternating gates: white and black all the way round."),
}
# The captions that count something: a singular and a plural, picked by the count.
COUNTED = {
    "meet_part": Nn_(
        "Blue meets Red's line (a station opens), runs alongside it, then leaves it: a second "
        "station opens where they part, beside a House Spot. Blue scores {count} point.",
        "Blue meets Red's line (a station opens), runs alongside it, then leaves it: a second "
        "station opens where they part, beside a House Spot. Blue scores {count} points.",
    ),
    "two_houses": Nn_(
        "Blue reaches Red's striped line at a corner touching two House Spots: the station "
        "there scores {count} point.",
        "Blue reaches Red's striped line at a corner touching two House Spots: the station "
        "there scores {count} points.",
    ),
    "intermediate": Nn_(
        "Red's whole turn: an intermediate station between its start and its first station, "
        "beside a Work Spot: {count} point.",
        "Red's whole turn: an intermediate station between its start and its first station, "
        "beside a Work Spot: {count} points.",
    ),
    "finish": Nn_(
        "Red finishes its solid line at a black gate on a far side from its start, and builds "
        "its bonus station beside a House Spot: {count} point.",
        "Red finishes its solid line at a black gate on a far side from its start, and builds "
        "its bonus station beside a House Spot: {count} points.",
    ),
    # TRANSLATORS: {count} is the ride's minutes; {red}, {blue} and {green} are points
    "monday": Nn_(
        "The Monday trip joins Red's destination A (Work) and Green's A (House). The fastest "
        "ride takes {count} minute: along Red's solid line, a change, then along Blue's "
        "line. Red scores {red}, having placed an A; Blue scores {blue}; Green, with no "
        "section on the ride, scores {green}.",
        "The Monday trip joins Red's destination A (Work) and Green's A (House). The fastest "
        "ride takes {count} minutes: along Red's solid line, a change, then along Blue's "
        "line. Red scores {red}, having placed an A; Blue scores {blue}; Green, with no "
        "section on the ride, scores {green}.",
    ),
    # TRANSLATORS: {company} is e.g. "Red"; {count} its station points; {awards} and
    # {penalties} are points
    "company.kept": Nn_(
        "{company} finished both its lines and keeps its {count} station point. Trips "
        "carried: {awards}. Penalties: {penalties}. Total: {total}.",
        "{company} finished both its lines and keeps its {count} station points. Trips "
        "carried: {awards}. Penalties: {penalties}. Total: {total}.",
    ),
    # TRANSLATORS: {company} is e.g. "Red"; {count} its station points, {line_points} what
    # is left of them; {awards} and {penalties} are points
    "company.halved": Nn_(
        "{company} finished one line, so its {count} station point is halved to "
        "{line_points}. Trips carried: {awards}. Penalties: {penalties}. Total: {total}.",
        "{company} finished one line, so its {count} station points are halved to "
        "{line_points}. Trips carried: {awards}. Penalties: {penalties}. Total: {total}.",
    ),
    # TRANSLATORS: {company} is e.g. "Red"; {count} its station points; {awards} and
    # {penalties} are points
    "company.zeroed": Nn_(
        "{company} finished no line, so its {count} station point is lost. Trips "
        "carried: {awards}. Penalties: {penalties}. Total: {total}.",
        "{company} finished no line, so its {count} station points are lost. Trips "
        "carried: {awards}. Penalties: {penalties}. Total: {total}.",
    ),
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
        TITLES["base"],  # the game's title: not translated
        (
            _section("brief", BRIEF),
            _section(
                "city",
                CITY,
                Picture(_svg(render_city(_empty_city("standard"))), _caption("city")),
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
    return Picture(_svg(render_window(t, around, margin=0.6)), _caption("start"))


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
        Picture(_svg(render_window(allowed, around)), _caption("gentle")),
        Picture(_svg(render_window(refused, around, wrong=(3, -3))), _caption("sharp")),
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
    caption = _caption("bend_at_station").format(letter=step.letter)
    return Picture(_svg(render_window(after, around)), caption)


def _destination_picture(w: City) -> Picture:
    """Red's marker A on the Work Spot its solid line runs through (Position W)."""
    return Picture(
        _svg(render_window(w, [(-3, -4), (1, -4), (-3, -3), (1, -3)], margin=0.8)),
        _caption("destination"),
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
    return Picture(week_picture(trips), _caption("week"))


def _monday_picture(t: City) -> Picture:
    """The rules' Monday test on Position T, as the scorer runs it."""
    test = run_test(t, Network.of(t), DAYS[0])
    awards = {int(c): points for c, points in test["awards"].items()}
    minutes = test["minutes"]
    caption = _counted("monday", minutes).format(
        count=minutes,
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
        *(_(paragraph) for paragraph in SCORED),
        " ".join(words.trip_notes(report)),
        *(_company_words(record) for record in report["companies"]),
    ]
    picture = Picture(_svg(game.render_state(state, 0, overlay=True)), scored_caption(report))
    return HelpSection(_section_title("scored"), tuple(paragraphs), (picture,))


def scored_caption(report: Mapping[str, Any]) -> str:
    """The totals the scorer gives, and the winners."""
    totals = words.LIST.join(
        CAPTIONS["total"].format(company=words.company_title(c["company"]), total=c["total"])
        for c in report["companies"]
    )
    winner = words.LIST.join(words.company_title(s) for s in report["winners"])
    return _caption("scored").format(totals=totals, winner=winner)


def _company_words(record: Mapping[str, Any]) -> str:
    stations = record["station_points"]
    return _counted(f"company.{record['adjustment']}", stations).format(
        company=words.company_title(record["company"]),
        count=stations,
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
        _title("two"),
        (
            _section("two_companies", TWO_COMPANIES, *sets),
            _section(
                "six", SIX_DESTINATIONS, _hand_picture("six_hand", STRICT[2, "six-destinations"][0])
            ),
        ),
    )


def _sets_picture(key: str, codes: Sequence[str], others: Sequence[str]) -> Picture:
    caption = _(CAPTIONS[key]).format(markers=_markers(codes), others=_markers(others))
    return Picture(hands_picture([(codes, MARKER_INK), (others, MARKER_INK)]), caption)


# --- optional rules -----------------------------------------------------------------------
def _options_page() -> HelpPage:
    hand = STRICT[4, "two-companies"][0].split()
    open_pictures = (
        Picture(hands_picture([([f"?{c[1]}" for c in hand], MARKER_INK)]), _caption("face_down")),
        Picture(
            hands_picture([(hand, MARKER_INK)]),
            _caption("face_up").format(markers=_markers(hand)),
        ),
    )
    strict = tuple(
        Picture(
            hands_picture([(codes.split(), COMPANY_COLOURS[company])]),
            CAPTIONS["strict_hand"].format(
                company=words.company_title(company), markers=_markers(codes.split())
            ),
        )
        for company, codes in enumerate(STRICT[4, "two-companies"])
    )
    gates = tuple(
        Picture(_svg(render_city(_empty_city(pattern))), _(CAPTIONS[pattern]))
        for pattern in ("standard", "alternating")
    )
    return HelpPage(
        "variants",  # not "options": the lobby styles that id
        _title("options"),
        (
            _section("open", OPEN, *open_pictures),
            _section("strict", STRICT_WORDS, *strict),
            _section("gates", GATES_WORDS, *gates),
            _section("end_lines", END_LINES),
        ),
    )


# --- helpers ------------------------------------------------------------------------------
def _section(key: str, paragraphs: Sequence[str], *pictures: Picture) -> HelpSection:
    return HelpSection(_section_title(key), tuple(_(p) for p in paragraphs), tuple(pictures))


def _section_title(key: str) -> str:
    return _(SECTIONS[key])


def _title(key: str) -> str:
    return _(TITLES[key])


def _caption(key: str) -> str:
    return _(CAPTIONS[key])


def _counted(key: str, count: int) -> str:
    """The singular or the plural form of a caption that counts, not yet filled in."""
    return _n(*COUNTED[key], abs(count))


def _count(key: str, count: int) -> str:
    """The singular or the plural caption."""
    return _counted(key, count).format(count=count)


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
    return words.LIST.join(
        words.MARKER.format(letter=code[0], spot=_(words.SPOTS[code[1]])) for code in codes
    )


def _hand_picture(key: str, codes: str) -> Picture:
    hand = codes.split()
    caption = _(CAPTIONS[key]).format(markers=_markers(hand))
    return Picture(hands_picture([(hand, MARKER_INK)]), caption)
