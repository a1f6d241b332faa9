"""How to play Railroad Ink: the base game, then the Lava, Meteor and Underground
expansions (the standalone Underground game with the last), in the rulebooks' words
(rules in `../shared/rules/railroad-ink.md`; where a point is our own ruling the page
says so).

Every picture is drawn when the pages are asked for, by the game's own renderer, from
real positions; the scored examples are scored by the game's scorer and their captions
carry its numbers, so nothing here can go stale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from linecraft.core.game import HelpPage, HelpSection, Picture
from linecraft.core.i18n import N_, _
from linecraft.games.railroad_ink.board import Board, parse_cell
from linecraft.games.railroad_ink.drawing import Drawing
from linecraft.games.railroad_ink.meteor import flight
from linecraft.games.railroad_ink.pieces import (
    CANONICAL,
    CRATER,
    DIRECTION_FACES,
    DISTANCE_FACES,
    LAVA_FACES,
    ROUTE_FACES,
    SPECIAL_ROUTES,
    STATION_FACES,
    VOLCANO,
)
from linecraft.games.railroad_ink.rules import RailroadInk
from linecraft.games.railroad_ink.scoring import score_board
from linecraft.games.railroad_ink.svg import (
    Flight,
    crop,
    cross_out,
    render_board,
    render_drawing,
    render_meteor_die,
    render_underground,
    side_by_side,
)
from linecraft.games.railroad_ink.underground import CANONICAL as UNDER_CANONICAL
from linecraft.games.railroad_ink.underground import DICE_FACES as UNDER_DICE_FACES
from linecraft.games.railroad_ink.underground import Layers

# --- the base game ----------------------------------------------------------------------
BASE_TITLE = "Railroad Ink"  # the game's published name, never translated
ABOUT_TITLE = N_("What the game is about")
ABOUT = (
    N_(
        "Railroad Ink is a roll-and-write game. Every player has a board of 7 by 7 squares "
        "and draws highways and railways on it."
    ),
    N_(
        "Twelve exits wait on the edges of the board. In seven rounds, link as many of them as "
        "you can into networks, and build a long highway and a long railway."
    ),
    N_(
        "Everyone draws the same roll at the same time, each on their own board, so nobody "
        "waits for anybody."
    ),
)
EMPTY_BOARD = N_(
    "Your board. The exits read highway, railway, highway along the top and the bottom, "
    "and railway, highway, railway along the sides. The nine shaded squares are the centre."
)
ROUND_TITLE = N_("A round")
ROUND = (
    N_("Each round four dice are rolled: three route dice and one station die."),
    N_(
        "Draw all four results on your board, each in its own square, in any order. You may "
        "turn and mirror every drawing as you like."
    ),
    N_(
        "You must draw every die that can be drawn. A die that fits nowhere is lost, but you "
        "may not lose one on purpose by drawing the others in a clever order."
    ),
    N_("Besides the dice you may draw one special route in the round."),
    N_(
        "Here: pick a die in your hand, turn it with Rotate (R) or Mirror (M), and click one "
        "of the glowing squares. Click the same square again to try the next drawing that "
        "fits there."
    ),
    N_(
        "Undo takes back your drawings of this round, the last one first (our ruling). Press "
        "End round when you are done: that is final."
    ),
)
DICE_TITLE = N_("The dice")
DICE = (
    N_(
        "The three route dice are alike: a straight, a curve and a T-junction, each as a "
        "highway and as a railway."
    ),
    N_(
        "The station die shows an overpass, a straight station and a curved station, each on "
        "two of its faces. A station joins a highway to a railway. An overpass carries the "
        "highway over the railway without joining them."
    ),
)
ROUTE_DIE = N_(
    "A route die: straight highway, straight railway, curved highway, curved railway, "
    "highway T-junction, railway T-junction."
)
STATION_DIE = N_("The station die: overpass, straight station, curved station.")
SPECIALS_TITLE = N_("Special routes")
SPECIALS = (
    N_(
        "Six special routes are printed on your board. They are never rolled: you may draw one "
        "of them in a round, besides the dice."
    ),
    N_(
        "Each special route can be drawn once, and at most three of them in a whole game. They "
        "follow the same rules as the dice. In a room, Special routes beside the board shows "
        "the ones you have used."
    ),
)
SPECIALS_PICTURE = N_(
    "The six special routes: a station with three highways and a railway, a station with a "
    "highway and three railways, a highway crossing, a railway crossing, a station with "
    "the highways side by side, and a station with the highways opposite each other."
)
PLACING_TITLE = N_("Where a drawing may go")
PLACING = (
    N_(
        "Draw on an empty square. At least one end of the new drawing must continue a route "
        "of its own kind, or meet an exit of its own kind."
    ),
    N_(
        "A highway may never run into a railway or a railway exit, nor a railway into a "
        "highway or a highway exit. Only a station joins a highway to a railway."
    ),
    N_(
        "An end may point at an empty square or at the edge of the board. If it still leads "
        "nowhere at the end of the game, it costs a point."
    ),
)
BASE_LEGAL = N_(
    "Allowed: the curved station continues the highway from the exit and sends a railway south."
)
BASE_MISMATCH = N_(
    "Not allowed: the railway would run into the highway. Only a station joins a highway "
    "to a railway."
)
BASE_ALONE = N_("Not allowed: this curve touches no exit and no route.")
SCORING_TITLE = N_("Scoring")
SCORING = (
    N_(
        "Networks: each network scores by the exits it joins: 2 exits 4 points, 3 exits 8, "
        "4 exits 12, 5 exits 16, 6 exits 20, 7 exits 24, 8 exits 28, 9 exits 32, 10 exits 36, "
        "11 exits 40, and all 12 exits 45."
    ),
    N_(
        "Longest highway and longest railway: 1 point for each square of the longest unbroken "
        "run. Stations and overpasses do not break it, and no square counts twice."
    ),
    N_("Centre: 1 point for each of the nine centre squares with a route drawn in it."),
    N_(
        "Errors: 1 point off for each end of a route that leads nowhere, into an empty square "
        "or against a blank side. Ends on the edge of the board never cost anything."
    ),
    N_(
        "In the picture each network has its own colour, the longest highway is traced in "
        "orange dashes, the longest railway in purple dashes, and each error is a red cross."
    ),
)
# In the scored examples' captions every {placeholder} is a number of points.
BASE_SCORED = N_(
    "This board scores {networks} for its networks, {highway} for the longest highway, "
    "{railway} for the longest railway and {centre} for the centre, minus {errors} for "
    "errors: {total} points."
)
END_TITLE = N_("End of the game")
END = (
    N_(
        "After the seventh round every board is scored and the highest score wins. On equal "
        "scores the player with fewer errors wins; if that is equal too, they share the victory."
    ),
    N_(
        "During the game the score table beside the board shows your score so far. Hold the "
        "pointer over a row to see how it is counted."
    ),
)

# --- Lava ---------------------------------------------------------------------------------
LAVA_TITLE = N_("Lava")
LAVA_CHANGES_TITLE = N_("What changes")
LAVA_CHANGES = (
    N_("The game lasts six rounds, and every board starts with a volcano on the middle square."),
    N_(
        "Two lava dice are rolled with the route dice every round. Draw all the route dice as "
        "usual, and at least one of the lava dice; the second one is up to you."
    ),
    N_(
        "At the end, closed lava lakes and your largest lake earn points, and open lava sides "
        "cost points."
    ),
    N_("Our ruling: the two lava dice are alike, with the faces shown here."),
)
LAVA_DIE = N_(
    "A lava die: lava corner (on two faces), straight lava, lava on three sides, lava "
    "beside a straight railway, lava beside a straight highway. Last, not on the die, a "
    "volcano: lava on all four sides."
)
LAVA_DRAWING_TITLE = N_("Drawing lava")
LAVA_DRAWING = (
    N_(
        "Lava flows on: one lava side of the new drawing must meet an open lava side already "
        "on your board."
    ),
    N_(
        "Our ruling: lava never touches a route. No lava side may face the end of a highway or "
        "a railway, and none may lie on an exit."
    ),
    N_(
        "The route beside the lava on two of the faces need not connect to anything, but it "
        "must not run into the other kind of route. After that it is an ordinary route (our "
        "ruling)."
    ),
)
LAVA_LEGAL = N_("Allowed: the straight lava flows on north from the volcano.")
LAVA_ILLEGAL = N_("Not allowed: the lava would touch the end of the highway beside it.")
VOLCANO_TITLE = N_("New volcanoes")
VOLCANOES = (
    N_(
        "At any time in a round you may draw a new volcano on an empty square with no lava "
        "next to it. Like all lava it may not touch a route or an exit."
    ),
    N_(
        "You may draw as many volcanoes as you like, and a volcano does not count as your lava "
        "die (our ruling)."
    ),
)
LAVA_ROOM_TITLE = N_("No room for lava")
LAVA_ROOM = (
    N_(
        "When no lava die fits anywhere, you must draw a new volcano, or erase one of your "
        "route squares next to an open lava side and draw a lava die there instead."
    ),
    N_(
        "Our ruling: erasing and drawing the lava are one step, allowed whenever no lava die "
        "fits. Only when neither is possible may you end the round without lava."
    ),
)
LAVA_SCORING_TITLE = N_("Scoring lava")
LAVA_SCORING = (
    N_(
        "A lava lake is a group of lava squares joined by their lava sides (our ruling). A lake "
        "is closed when every one of its lava sides meets lava or the edge of the board."
    ),
    N_(
        "5 points for each closed lake, and 1 point for each square of your largest lake, closed "
        "or not. Each open lava side, facing an empty square or a blank side, is an error."
    ),
    N_("A square of lava alone is not a centre square; a square with a route beside the lava is."),
)
LAVA_SCORED = N_(
    "This board scores {closed} for its closed lakes, {largest} for its largest lake, "
    "{highway} for the longest highway and {centre} for the centre, minus {errors} for "
    "errors ({open_sides} of them open lava sides): {total} points."
)

# --- Meteor -------------------------------------------------------------------------------
METEOR_TITLE = N_("Meteor")
METEOR_CHANGES_TITLE = N_("What changes")
METEOR_CHANGES = (
    N_(
        "The game lasts six rounds. A direction die and a distance die are rolled with the "
        "route dice every round."
    ),
    N_(
        "Each round a meteor strikes your board and leaves a crater, destroying whatever was "
        "drawn there."
    ),
)
DIRECTION_DIE = N_(
    "The direction die: north, east, south, west, and on two faces an arrow four ways: "
    "each player chooses the direction for their own board."
)
DISTANCE_DIE = N_("The distance die: 1 square on three faces, 2 squares on two, 3 squares on one.")
STRIKE_TITLE = N_("The strike")
STRIKE = (
    N_(
        "Each round the meteor strikes before you draw anything (our ruling: it is always your "
        "first step)."
    ),
    N_(
        "It starts from the square it struck last (the middle square in the first round), "
        "flies the rolled distance in the rolled direction, and strikes the square where it stops."
    ),
    N_(
        "At the edge of the board it bounces back without losing a step. If it stops on a "
        "crater, it flies on the same way until it reaches a square without one."
    ),
    N_(
        "The drawing on the struck square is erased and a crater is drawn there. A red dot "
        "marks the square struck last."
    ),
    N_(
        "Here: an arrow on your board shows the flight. Click the square where it lands and "
        "confirm. When the die lets you choose, click where one of the four arrows lands."
    ),
)
FLIGHT_PICTURE = N_(
    "From the square struck last, marked with the red dot, the meteor flies 3 squares "
    "west: it bounces off the edge, flies back past both craters and strikes the square "
    "circled."
)
IGNORE_TITLE = N_("Ignoring the meteor")
IGNORE = (
    N_(
        "Instead of letting it strike, you may cross off one of your unused special routes: "
        "the meteor misses your board this round."
    ),
    N_(
        "That is your special route of the round and one of your three in the game. The next "
        "meteor starts from the square struck last (our ruling)."
    ),
)
CRATERS_TITLE = N_("Craters")
CRATERS = (
    N_(
        "Nothing can be drawn on a crater, and a crater joins nothing: for the routes around "
        "it, it is like a square with four blank sides (our ruling)."
    ),
    N_(
        "During a round you may erase a crater and draw one of the round's route dice or a "
        "special route there, in one step (our ruling). You never have to: a die that fits "
        "only on a crater may stay undrawn."
    ),
)
METEOR_SCORING_TITLE = N_("Scoring craters")
METEOR_SCORING = (
    N_(
        "2 points for each end of a route that faces a crater; such an end is not an error. "
        "Craters never count as centre squares."
    ),
)
METEOR_SCORED = N_(
    "This board scores {craters} for route ends facing craters, {highway} for the longest "
    "highway and {railway} for the longest railway, minus {errors} for errors: {total} points."
)
BOTH_TITLE = N_("Lava and Meteor together")
BOTH = (
    N_(
        "Both expansions may be played together (our ruling for how): six rounds, a volcano on "
        "the middle square, and the meteor strikes first in every round."
    ),
    N_(
        "The meteor destroys lava too, volcanoes included. A lava side facing a crater is open, "
        "and lava is never drawn on a crater."
    ),
)

# --- Underground ----------------------------------------------------------------------------
UNDER_TITLE = N_("Underground")
UNDER_CHANGES_TITLE = N_("What changes")
UNDER_CHANGES = (
    N_(
        "Each player has a second board under the first: the underground board, for subway "
        "lines and water pipes. The surface board is played as in the base game."
    ),
    N_(
        "The game lasts 14 rounds, taking turns: round 1 on the surface, round 2 underground, "
        "and so on. Surface rounds are ordinary rounds, with the route dice and special routes."
    ),
    N_(
        "In an underground round the four underground dice, A to D, are rolled, and you draw "
        "all of them on your underground board, in any order."
    ),
    N_("Our ruling: the Underground expansion is not played together with Lava or Meteor."),
)
UNDER_DIE_PICTURES = (
    N_(
        "Underground die A: a straight, a curved and a T-junction subway line, each with a "
        "station and each on two faces."
    ),
    N_(
        "Underground die B: straight subway, straight pipe, curved pipe, curved subway, subway "
        "T-junction, pipe T-junction."
    ),
    N_(
        "Underground die C: straight pipe and curved pipe (two faces each), pipe T-junction, "
        "pipe crossing."
    ),
    N_(
        "Underground die D: a pipe crossing a subway (two faces), a curved subway beside a "
        "curved pipe, the same with a station, a pipe T-junction with a short subway to a "
        "station, and a subway T-junction with a short capped pipe."
    ),
)
UNDER_DRAWING_TITLE = N_("Drawing underground")
UNDER_DRAWING = (
    N_(
        "The underground exits lie under the surface exits: railway exits take subway lines, "
        "highway exits take pipes."
    ),
    N_(
        "Each drawing must continue a subway line or a pipe, or start at an exit that takes it. "
        "A subway line never touches a pipe; where both are on one face they pass without "
        "joining."
    ),
    N_("No special routes are drawn underground (our ruling)."),
)
UNDER_LEGAL = N_(
    "Allowed: the pipe goes on from the exit, and the subway line crosses it without joining."
)
UNDER_ILLEGAL = N_("Not allowed: the subway line would run into the pipe.")
DOUBLING_TITLE = N_("Doubling")
DOUBLING = (
    N_(
        "Once in an underground round, and at most three times in the game, you may double one "
        "of the underground dice and draw its face twice. This does not use up your surface "
        "special routes."
    ),
    N_(
        "You may double a die even after drawing it; the copy must then be drawn too if it fits "
        "(our ruling)."
    ),
)
HUBS_TITLE = N_("Hubs and burst pipes")
HUBS = (
    N_(
        "A subway station under a surface station is a hub, drawn filled, whichever of the two "
        "was drawn first. Hubs count in the size of subway networks."
    ),
    N_(
        "When you draw a surface station above a pipe, that pipe bursts: 2 points off at the "
        "end. A pipe drawn later under a station does not burst."
    ),
    N_(
        "Our rulings: overpasses and the highway and railway crossings are not stations for "
        "this, and a burst pipe still counts for networks and the longest pipe."
    ),
)
UNDER_SCORING_TITLE = N_("Scoring the underground board")
UNDER_SCORING = (
    N_(
        "Pipe networks score by the exits they join, subway networks by their exits and hubs, "
        "with the table of the base game. A subway network of hubs alone scores by its size "
        "too, and one larger than 12 scores 45 (our ruling)."
    ),
    N_(
        "Longest pipe: 2 points for each square. Longest subway line: 1 point for each square. "
        "Centre: 1 point for each centre square with anything drawn in it."
    ),
    N_(
        "1 point off for each end of a subway line or a pipe that leads nowhere, and 2 points "
        "off for each burst pipe."
    ),
    N_(
        "The underground score is added to your surface score. On equal scores the player with "
        "fewer errors on both boards together wins (our ruling)."
    ),
)
SURFACE_SCORED = N_(
    "The surface board scores {networks} for its networks, {highway} for the longest "
    "highway, {railway} for the longest railway and {centre} for the centre, minus "
    "{errors} for errors: {total} points."
)
UNDER_SCORED = N_(
    "The underground board scores {networks} for its networks, {pipe} for the longest pipe, "
    "{subway} for the longest subway and {centre} for the centre, minus {open_ends} for "
    "open ends and {burst} for burst pipes: {total} points. Both boards: {both} points."
)
STANDALONE_TITLE = N_("Underground on its own")
STANDALONE = (
    N_(
        "The underground board can also be played alone: seven rounds, all of them underground, "
        "with the four underground dice. There are no route dice, no special routes and no "
        "burst pipes; doubling works as usual."
    ),
    N_(
        "Hubs come another way: a subway station becomes a hub at once when no hub lies in its "
        "row or its column. Our ruling: this is decided when the station is drawn and never "
        "changes."
    ),
    N_(
        "Scoring is that of the underground board; on equal scores the player with fewer "
        "errors wins."
    ),
)
STANDALONE_SCORED = N_(
    "Played alone, this board scores {networks} for its networks, {pipe} for the longest "
    "pipe, {subway} for the longest subway and {centre} for the centre, minus {open_ends} "
    "for open ends: {total} points."
)

# --- the positions drawn --------------------------------------------------------------------
# Rules §8.7: the complete worked example of the base game.
BASE_EXAMPLE = """
....  H.H.  ....  R.R.  ....  H.H.  ....
..RR  HH..  .H.H  RRHH+ .R.R  HRHRx .R.R
....  ....  ....  H.H.  ....  H.H.  ....
.H.H  ..HH  ....  HH..  .HHH  HHHH  .H.H
....  H.H.  ....  ....  H.H.  H.H.  ....
.R.R  HHHR+ .H.H  ..RH+ ....  HR..+ .R.R
....  H.H.  ....  R.R.  ....  H.H.  ....
"""
# Rules §9.8: two lakes, one closed.
LAVA_EXAMPLE = """
LLLL  ..LL  ....  ....  ....  ....  ....
LL..  L..L  ....  ....  ....  ....  ....
....  ....  ....  L.L.  ....  ....  ....
....  ....  .L.L  LLLL  H.HL  ....  ....
....  ....  ....  LL..  ....  ....  ....
....  ....  ....  ....  ....  ....  ....
....  ....  ....  ....  ....  ....  ....
"""
# Rules §10.6: two strikes, two route ends facing craters.
METEOR_EXAMPLE = """
....  ....  ....  R.R.  ....  ....  ....
....  ....  ....  R.R.  ....  ....  ....
....  ****@ ....  ****  ....  ....  ....
.H.H  HH.H  ....  ....  ....  ....  ....
....  ....  ....  ....  ....  ....  ....
....  ....  ....  ....  ....  ....  ....
....  ....  ....  ....  ....  ....  ....
"""
# Rules §11.8 under the §8.7 board, with a station on D3 drawn over the pipe there.
UNDER_EXAMPLE = """
[surface]
....  H.H.  ....  R.R.  ....  H.H.  ....
..RR  HH..  .H.H  RRHH+ .R.R  HRHRx .R.R
....  ....  ....  H.H.  ....  H.H.  ....
.H.H  .HHH  .R.H+ HH..  .HHH  HHHH  .H.H
....  H.H.  ....  ....  H.H.  H.H.  ....
.R.R  HHHR+ .H.H  ..RH+ ....  HR..+ .R.R
....  H.H.  ....  R.R.  ....  H.H.  ....
[underground]
....  P.P.  ....  S.S.  ....  ....  ....
....  PP..  .P.P  S.S.h ....  ....  ....
....  ....  ....  S.S.  ....  ....  ....
.P.P  .P.P  .P.Pb SPSP  .P.P  .P.P  .P.P
....  ....  ....  S.S.  ....  ....  ....
....  ....  ....  SSSPc .S.S  .S.S  .S.S
....  ....  ....  S.S.  ....  ....  ....
"""
# The same underground board played alone: its one station is the first, so a hub.
STANDALONE_EXAMPLE = """
[underground]
....  P.P.  ....  S.S.  ....  ....  ....
....  PP..  .P.P  S.S.h ....  ....  ....
....  ....  ....  S.S.  ....  ....  ....
.P.P  .P.P  .P.P  SPSP  .P.P  .P.P  .P.P
....  ....  ....  S.S.  ....  ....  ....
....  ....  ....  SSSPc .S.S  .S.S  .S.S
....  ....  ....  S.S.  ....  ....  ....
"""


@dataclass(frozen=True)
class Placement:
    """A drawing shown on part of a board, allowed or not (the tests ask the rules)."""

    layer: str  # "surface", "lava" or "underground": whose rules decide
    before: Mapping[str, str]  # square -> token already drawn
    square: str
    token: str
    allowed: bool
    caption: str
    window: tuple[int, int, int, int]  # top row, left column, rows, columns shown


PLACEMENTS: dict[str, tuple[Placement, ...]] = {
    "base": (
        Placement("surface", {"D1": ".H.H"}, "D2", "..RH+", True, BASE_LEGAL, (2, 0, 3, 3)),
        Placement("surface", {"D1": ".H.H"}, "D2", "..RR", False, BASE_MISMATCH, (2, 0, 3, 3)),
        Placement("surface", {"D1": ".H.H"}, "C3", "HH..", False, BASE_ALONE, (2, 0, 3, 3)),
    ),
    "lava": (
        Placement(
            "lava",
            {"D4": VOLCANO, "D6": ".H.H", "D7": ".H.H"},
            "C4",
            "L.L.",
            True,
            LAVA_LEGAL,
            (2, 3, 3, 4),
        ),
        Placement(
            "lava",
            {"D4": VOLCANO, "D6": ".H.H", "D7": ".H.H"},
            "D5",
            ".L.L",
            False,
            LAVA_ILLEGAL,
            (2, 3, 3, 4),
        ),
    ),
    "underground": (
        Placement("underground", {"D1": ".P.P"}, "D2", "SPSP", True, UNDER_LEGAL, (2, 0, 3, 3)),
        Placement("underground", {"D1": ".P.P"}, "D2", "PSPS", False, UNDER_ILLEGAL, (2, 0, 3, 3)),
    ),
}
# The meteor's bounce (rules §10.3): last struck E2, craters on E2 and E3, 3 squares west;
# shown on rows D to F, columns 1 to 5.
FLIGHT_START, FLIGHT_CRATERS, FLIGHT_WAY, FLIGHT_DISTANCE = "E2", ("E2", "E3"), "W", 3
FLIGHT_WINDOW = (3, 0, 3, 5)


# --- the pages ------------------------------------------------------------------------------
def pages() -> tuple[HelpPage, ...]:
    """The base game, then each expansion (the standalone Underground game with it)."""
    return (_base_page(), _lava_page(), _meteor_page(), _underground_page())


def _game(**options: Any) -> RailroadInk:
    return RailroadInk({"players": 1, "expansions": (), "variant": "base", **options})


def _section(
    title: str, paragraphs: Sequence[str], pictures: tuple[Picture, ...] = ()
) -> HelpSection:
    """A section in the reader's language (its pictures are captioned so already)."""
    return HelpSection(_(title), tuple(_(text) for text in paragraphs), pictures)


def _base_page() -> HelpPage:
    game = _game()
    empty = Picture(game.render_position(Drawing([None] * 49)), _(EMPTY_BOARD))
    return HelpPage(
        "base",
        BASE_TITLE,
        (
            _section(ABOUT_TITLE, ABOUT, (empty,)),
            _section(ROUND_TITLE, ROUND),
            _section(DICE_TITLE, DICE, _surface_dice()),
            _section(SPECIALS_TITLE, SPECIALS, (_strip(SPECIAL_ROUTES, SPECIALS_PICTURE),)),
            _section(PLACING_TITLE, PLACING, _placements("base")),
            _section(SCORING_TITLE, SCORING, (scored_example(game, BASE_EXAMPLE),)),
            _section(END_TITLE, END),
        ),
    )


def _lava_page() -> HelpPage:
    game = _game(expansions=("lava",))
    dice = (_strip((*LAVA_FACES, "V"), LAVA_DIE),)
    return HelpPage(
        "lava",
        _(LAVA_TITLE),
        (
            _section(LAVA_CHANGES_TITLE, LAVA_CHANGES, dice),
            _section(LAVA_DRAWING_TITLE, LAVA_DRAWING, _placements("lava")),
            _section(VOLCANO_TITLE, VOLCANOES),
            _section(LAVA_ROOM_TITLE, LAVA_ROOM),
            _section(LAVA_SCORING_TITLE, LAVA_SCORING, (scored_example(game, LAVA_EXAMPLE),)),
        ),
    )


def _meteor_page() -> HelpPage:
    game = _game(expansions=("meteor",))
    directions = side_by_side([render_meteor_die(c) for c in DIRECTION_FACES])
    distances = side_by_side([render_meteor_die(c) for c in DISTANCE_FACES])
    dice = (Picture(directions, _(DIRECTION_DIE)), Picture(distances, _(DISTANCE_DIE)))
    return HelpPage(
        "meteor",
        _(METEOR_TITLE),
        (
            _section(METEOR_CHANGES_TITLE, METEOR_CHANGES, dice),
            _section(STRIKE_TITLE, STRIKE, (_flight_picture(),)),
            _section(IGNORE_TITLE, IGNORE),
            _section(CRATERS_TITLE, CRATERS),
            _section(METEOR_SCORING_TITLE, METEOR_SCORING, (scored_example(game, METEOR_EXAMPLE),)),
            _section(BOTH_TITLE, BOTH),
        ),
    )


def _underground_page() -> HelpPage:
    dice = tuple(
        Picture(
            side_by_side([render_drawing(UNDER_CANONICAL[c], underground=True) for c in faces]),
            _(caption),
        )
        for faces, caption in zip(UNDER_DICE_FACES, UNDER_DIE_PICTURES, strict=True)
    )
    expansion = _game(expansions=("underground",))
    standalone = _game(variant="underground-standalone")
    return HelpPage(
        "underground",
        _(UNDER_TITLE),
        (
            _section(UNDER_CHANGES_TITLE, UNDER_CHANGES, dice),
            _section(UNDER_DRAWING_TITLE, UNDER_DRAWING, _placements("underground")),
            _section(DOUBLING_TITLE, DOUBLING),
            _section(HUBS_TITLE, HUBS),
            _section(UNDER_SCORING_TITLE, UNDER_SCORING, layered_example(expansion, UNDER_EXAMPLE)),
            _section(STANDALONE_TITLE, STANDALONE, layered_example(standalone, STANDALONE_EXAMPLE)),
        ),
    )


# --- pictures -------------------------------------------------------------------------------
def _strip(codes: Sequence[str], caption: str) -> Picture:
    """Faces or special routes in a row, as they are drawn on the board."""
    return Picture(side_by_side([render_drawing(CANONICAL[c]) for c in codes]), _(caption))


def _surface_dice() -> tuple[Picture, ...]:
    return (_strip(ROUTE_FACES, ROUTE_DIE), _strip(STATION_FACES, STATION_DIE))


def placement_board(example: Placement, *, with_drawing: bool) -> Board:
    """The board of an example, with or without the drawing it shows."""
    board = Drawing([None] * 49)
    for square, token in example.before.items():
        board[parse_cell(square)] = token
    if with_drawing:
        board[parse_cell(example.square)] = example.token
    return board


def _placements(key: str) -> tuple[Picture, ...]:
    return tuple(_placement(example) for example in PLACEMENTS[key])


def _placement(example: Placement) -> Picture:
    """Part of a board with the drawing: marked where it is allowed, crossed out where not."""
    board = placement_board(example, with_drawing=True)
    cell = parse_cell(example.square)
    if example.layer == "underground":
        svg: str = render_underground(board)
    else:
        svg = render_board(board, highlight=[cell] if example.allowed else [])
    if not example.allowed:
        svg = cross_out(svg, cell)
    return Picture(crop(svg, *example.window), _(example.caption))


def flight_board() -> Drawing:
    """The board of the bounce example: two craters, the last struck one marked."""
    board = Drawing([None] * 49, parse_cell(FLIGHT_START))
    for square in FLIGHT_CRATERS:
        board[parse_cell(square)] = CRATER
    return board


def _flight_picture() -> Picture:
    board = flight_board()
    start = parse_cell(FLIGHT_START)
    flown = flight(board, start, FLIGHT_WAY, FLIGHT_DISTANCE)
    drawing = render_board(board, flights=[Flight(start, FLIGHT_WAY, FLIGHT_DISTANCE, flown)])
    return Picture(crop(drawing, *FLIGHT_WINDOW), _(FLIGHT_PICTURE))


def scored_example(game: RailroadInk, text: str) -> Picture:
    """A surface board with the scoring overlay, its caption the scorer's numbers."""
    position = game.parse_position(text)
    card = game.card_of(position)
    return Picture(game.render_position(position, overlay=True), _surface_caption(game, card))


def _surface_caption(game: RailroadInk, card: Mapping[str, Any]) -> str:
    numbers = {
        "networks": card["network_points"],
        "highway": card["longest_highway"],
        "railway": card["longest_railway"],
        "centre": card["centre"],
        "errors": card["errors"],
        "total": card["total"],
    }
    expansion = card["expansion"]
    if game.lava:
        lava = expansion["lava"]
        return _(LAVA_SCORED).format(
            closed=lava["closed_lake_points"],
            largest=lava["largest_lake"],
            open_sides=lava["open_lava_sides"],
            **numbers,
        )
    if game.meteor:
        return _(METEOR_SCORED).format(craters=expansion["meteor"]["points"], **numbers)
    if game.underground:
        surface_total = card["total"] - expansion["underground"]["points"]
        return _(SURFACE_SCORED).format(**{**numbers, "total": surface_total})
    return _(BASE_SCORED).format(**numbers)


def layered_example(game: RailroadInk, text: str) -> tuple[Picture, ...]:
    """The surface board scored (in expansion mode) and the underground board, each
    with its caption from the scorer."""
    position = game.parse_position(text)
    assert isinstance(position, Layers)
    card = game.card_of(position)
    pictures = []
    if position.surface is not None:
        surface = position.surface
        overlay = render_board(surface, details=score_board(surface))
        pictures.append(Picture(overlay, _surface_caption(game, card)))
    under = card["expansion"]["underground"] if position.surface is not None else card
    pictures.append(Picture(render_underground(position.underground), _under_caption(under, card)))
    return tuple(pictures)


def _under_caption(under: Mapping[str, Any], card: Mapping[str, Any]) -> str:
    numbers = {
        "networks": under["network_points"],
        "pipe": under["longest_pipe_points"],
        "subway": under["longest_subway"],
        "centre": under["centre"],
        "open_ends": under["open_ends"],
        "total": under["total"],
    }
    if under is card:
        return _(STANDALONE_SCORED).format(**numbers)
    burst = 2 * under["burst_pipes"]
    return _(UNDER_SCORED).format(burst=burst, both=card["total"], **numbers)
