"""How to play Metro: the base game (with its two variants) and one page per module.

Every sentence is a whole template here, marked for translation and translated when
the page is built, in the reader's language. Every picture is drawn then too, by the
game's own renderer, from a real position: a game played move by move (so the engine
itself decides where a tile may go) or a position taken from the rules, scored by the
scorer (so no number on the page is written by hand).
"""

from __future__ import annotations

import linecraft
from linecraft.core.game import HelpPage, HelpSection, Picture
from linecraft.core.i18n import N_, _
from linecraft.games.metro import words
from linecraft.games.metro.board import CENTRAL_SQUARES, square, square_name
from linecraft.games.metro.game import Metro
from linecraft.games.metro.position import Table, parse_board_rows
from linecraft.games.metro.routes import trace
from linecraft.games.metro.rules import MetroState
from linecraft.games.metro.scoring import company_values, owners, score_table
from linecraft.games.metro.svg import (
    render_exchange,
    render_shares,
    render_table,
    render_tile_grid,
)
from linecraft.games.metro.tables import (
    COMPANIES,
    COMPANY_STATIONS,
    PERCENTAGES,
    SEAT_COLOURS,
    parse_share,
)
from linecraft.games.metro.tiles import CENTRAL_PIECES, COPIES, design, rotate

# --- the base game ----------------------------------------------------------------------
BASE_TITLE = "Metro"
GAME_TITLE = N_("The game")
GAME_TEXT = (
    N_(
        "Metro is a game for 2 to 6 players by Dirk Henn. Together you lay square track "
        "tiles on the city grid, and every tile carries the tracks on to its neighbours."
    ),
    N_(
        "Each player owns subway cars that wait at numbered stations round the edge of the "
        "board. A car's line follows the tracks through the tiles until it reaches a "
        "station again, or the central station in the middle of the board."
    ),
    N_(
        "When a line reaches a station it scores for the car's owner: the longer the ride, "
        "the more points. Stretch your own lines and cut your opponents' lines short."
    ),
)
START_CAPTION = N_(
    "A four-player game at the start: every car waits at its station, and the 32 "
    "stations are numbered round the edge."
)

STATIONS_TITLE = N_("Stations and cars")
STATIONS_TEXT = (
    N_(
        "Each of the 32 stations has a departure track, where a car may stand, and an "
        "arrival track beside it. The central station has eight more pairs of tracks; in "
        "the base game no car stands there, but any line may end there."
    ),
    N_(
        "Each player puts the cars of one colour on the stations listed for the number of "
        "players: 16 each with 2 players, 10 with 3, 8 with 4, 6 with 5 and 5 with 6. With "
        "3, 5 or 6 players stations 16 and 17 stay empty."
    ),
    N_(
        "A line may end at any arrival track: an opponent's station, one of your own, or "
        "the central station."
    ),
    N_(
        "Our rulings: the first seat starts and play goes round in seat order (the "
        "rulebook lets the youngest player start), and colours go by seat: yellow, blue, "
        "orange, green, purple, black."
    ),
)

TILES_TITLE = N_("The tiles")
TILES_TEXT = (
    N_(
        "There are 60 tiles, each with four tracks. Every tile has an arrow, and all arrows "
        "point to the top of the board: a tile is always laid as it is printed."
    ),
    N_(
        "Tracks may curve, cross or turn back. A line follows its track wherever it goes, "
        "and it may run through the same tile more than once."
    ),
)
TILE_SET_CAPTION = N_(
    "All 60 tiles as printed, arrow up, with the number of copies of each. A full row "
    "shows one design in its four turns: laid arrow up, each turn is a different tile."
)
COPIES_LABEL = "×{count}"  # copies of a tile, under its picture: no words

TURN_TITLE = N_("Your turn")
TURN_TEXT = (
    N_("Each player holds one tile, secretly. On your turn, do one of these:"),
    N_("Place your tile on the board, then draw a new one from the face-down pile."),
    N_(
        "Or, if you would rather keep your tile, draw a tile from the pile and place that "
        "one at once. Your old tile stays in your hand for a later turn."
    ),
    N_(
        "When the pile is empty, place the tile still in your hand; after that you pass "
        "until the board is full. You go on placing tiles even when all your lines are "
        "finished."
    ),
    N_(
        "In a room, the squares where your tile may go are lit: click one, then confirm. "
        "The draw button draws a tile for you to place."
    ),
)

PLACING_TITLE = N_("Placing a tile")
PLACING_TEXT = (
    N_(
        "A tile goes on an empty square on the edge of the board, or on a square that shares "
        "a side with a tile already placed. Touching only the central station is not enough."
    ),
    N_(
        "A tile may not finish a line after only one tile, for example by turning a "
        "station's departure track straight back into an arrival track. It may do so only "
        "if the tile can go nowhere else."
    ),
    N_(
        "Our rulings: the exception looks only at the tile being placed (not at your other "
        "tiles, nor at drawing instead), and only lines with a car count: a route from a "
        "station without a car may be closed by a single tile."
    ),
)
LIT_CAPTION = N_(
    "{colour} is to place a tile with {shape}. The lit squares are where it may go: on "
    "the top edge its U-turn would send a car straight back to its own station."
)
ALLOWED_CAPTION = N_("Allowed: the new tile (framed) shares a side with a tile on the board.")
NOT_BESIDE_CAPTION = N_(
    "Not allowed: this square is not on the edge and touches no tile, only the central station."
)
ONE_TILE_HOME_CAPTION = N_(
    "Not allowed: the {colour} line from station {station} would come straight back to "
    "its own station after one tile."
)
ONE_TILE_CAPTION = N_(
    "Not allowed: the {colour} line from station {station} would reach station {to} after one tile."
)

SCORING_TITLE = N_("Scoring a line")
SCORING_TEXT = (
    N_(
        "A line scores the moment it reaches an arrival track: its owner gets 1 point for "
        "every tile it runs through. A tile passed twice scores twice."
    ),
    N_(
        "A line from the edge that ends at the central station scores double. The printed "
        "tracks of the central station score nothing: a line stops there."
    ),
    N_("Loops of track that touch no station belong to nobody and score nothing."),
)
LINE_CAPTION = N_(
    "The {colour} line from station {station} makes {passages} passages through {tiles} "
    "different tiles and ends at the central station: {passages} × 2 = {points} points."
)

END_TITLE = N_("End of the game")
END_TEXT = (
    N_("The game ends when the 60th tile is placed. By then every line has reached a station."),
    N_(
        "The player with the most points wins. Our ruling: players tied for the most "
        "points share the victory."
    ),
)
FINAL_CAPTION = N_("A finished four-player game: {scores}. {colour} wins.")
FINAL_TIE_CAPTION = N_("A finished four-player game: {scores}. {colours} share the win.")

VARIANTS_TITLE = N_("Variants")
VARIANTS_TEXT = (
    # TRANSLATORS: "Tiles in hand" is the lobby option's name.
    N_(
        "Tiles in hand: with two or three tiles in hand you choose which one to place, then "
        "draw one back (or draw one and place it at once, as usual). The game takes longer."
    ),
    # TRANSLATORS: "Turn the tiles" is the lobby option's name, "Rotate" the room's button.
    N_(
        "Turn the tiles: tiles may be laid in any of their four turns, not only with the "
        "arrow up. The exception for one-tile lines then looks at every turn too. In a room, "
        "the Rotate button (or the R key) turns the tile in your hand."
    ),
)

# --- module 1 -----------------------------------------------------------------------------
COMPANIES_TITLE = N_("Module 1: Companies")
COMPANIES_CHANGE_TITLE = N_("What changes")
COMPANIES_CHANGE_TEXT = (
    N_(
        "Players own no cars. Eight companies (yellow, blue, orange, green, purple, black, "
        "red and white) each have 4 cars, one on each side of the board, so every station "
        "has a car. All eight companies play, whatever the number of players."
    ),
    N_(
        "Lines score as in the base game, doubled at the central station too, but their "
        "points are profit for the company that owns the car. You score through the shares "
        "you hold."
    ),
)
COMPANY_STATIONS_TITLE = N_("Company stations")
COMPANY_STATIONS_RULING = N_(
    "Our ruling: the rulebook's table of company stations is only partly legible; we "
    "read it as follows."
)
COMPANY_STATIONS_TEXT = N_("{company}: stations {first}, {second}, {third} and {fourth}.")
COMPANIES_START_CAPTION = N_("At the start, the cars of the eight companies fill all 32 stations.")

SHARES_TITLE = N_("Shares")
SHARES_TEXT = (
    N_(
        "There are 32 shares: 10%, 20%, 30% and 40% of each company. They are sorted by "
        "percentage into four face-down stacks."
    ),
    N_(
        "Each player takes the top share of every stack and keeps it secret, so everyone "
        "always holds one share of each percentage. Then the top share of each stack is "
        "turned face up beside it."
    ),
)
ONE_COMPANY_CAPTION = N_("Each company has four shares: 10%, 20%, 30% and 40%.")
HAND_CAPTION = N_("A player's secret shares: one of each percentage, of any companies.")

EXCHANGE_TITLE = N_("Exchanging a share")
EXCHANGE_TEXT = (
    N_(
        "Instead of placing a tile, you may exchange a share: put one of yours face down "
        "under the stack of its percentage, then take either the face-up share of that "
        "percentage or the top share of the stack. If you took the face-up one, the next "
        "share of the stack is turned face up."
    ),
    N_("Exchanges end for good as soon as any company has 25 profit or more."),
    N_(
        "Our option, off unless the room turns it on: nobody may exchange on two of their "
        "turns in a row."
    ),
)

VALUES_TITLE = N_("End scoring")
VALUES_TEXT = (
    N_(
        "When the 60th tile is placed, each company is valued by its profit: the most "
        "profitable is worth 8, the next 7, and so on. Tied companies share the higher value "
        "and the next value is skipped."
    ),
    N_("For example, profits of {profits} make the companies worth {values}."),
    N_(
        "Our ruling: the same counting holds at the bottom, so two companies tied for last "
        "are each worth 2, not 1."
    ),
    N_(
        "Each share earns its company's value once for 10%, twice for 20%, three times for "
        "30% and four times for 40%."
    ),
    N_(
        "Majority bonus: for each company, the player holding the most percent of it gets "
        "a tenth of its profit, rounded down. Tied players each get the whole bonus. Shares "
        "in the stacks or face up belong to nobody."
    ),
)
# Items of the lists in the sentences above ("Yellow 38, Orange 30"): no words.
PROFIT_AMOUNT = "{company} {profit}"
VALUE_AMOUNT = "{company} {value}"
HOLDER_CAPTION = N_(
    "At the end of this game the companies are worth {values}. Player {seat} holds "
    "{shares}: {points} points from shares and {bonus} in majority bonuses make {total}."
)
SHARE_HELD = N_("{company} {percentage}%")

# --- module 2 -----------------------------------------------------------------------------
CENTRAL_CARS_TITLE = N_("Module 2: Central station cars")
CENTRAL_CARS_RULE_TITLE = N_("A car in the central station")
CENTRAL_CARS_TEXT = (
    N_(
        "Each player also takes the central car of their colour. On your turn, instead of "
        "placing a tile, you may put it on a free track of the central station. Its line "
        "starts there and scores for you like your other lines. You do this once per game."
    ),
    N_("The line must run through more than one tile, like every line."),
    N_("A line from the central station is never doubled, even if it ends at the central station."),
    # TRANSLATORS: the quoted words end the lobby option "Central station: cars only on
    # open routes"; quote them as you translate that option.
    N_(
        "The rulebook lets the car go on any free track, even one whose route is already "
        "finished: that line then scores at once. Our option 'cars only on open routes' "
        "allows only routes that are still open."
    ),
    N_(
        "In a room, the eight tracks of the central station light up like squares: click "
        "one, then confirm."
    ),
    N_("Module 2 and module 3 cannot be played together."),
)
CENTRAL_COMPANIES_TITLE = N_("With module 1")
CENTRAL_COMPANIES_TEXT = (
    N_(
        "All eight company central cars lie beside the board. To place one, reveal one of "
        "your shares of that company and lay it face up in front of you: it can no longer "
        "be exchanged. The line's points are profit for that company."
    ),
    N_(
        "You may do this more than once, revealing another share each time, but each "
        "company's central car is placed only once. In a room, pick the share to reveal "
        "from your hand, then click the track."
    ),
)
CENTRAL_CAPTION = N_(
    "The {colour} central car's line runs through {passages} tiles to station {to}: "
    "{points} points, not doubled."
)

# --- module 3 -----------------------------------------------------------------------------
CENTRAL_TRACKS_TITLE = N_("Module 3: Central tracks")
CENTRAL_TRACKS_RULE_TITLE = N_("Tracks through the centre")
CENTRAL_TRACKS_TEXT = (
    N_(
        "Four of the eight central track pieces, chosen at random, cover the central "
        "station. No line ends in the centre any more: lines run on through the pieces and "
        "always end at a station on the edge. Nothing is doubled."
    ),
    N_("Our ruling: every passage through a central piece scores 1 point, like a tile."),
    N_(
        "The pieces lie in random turns (the rulebook says their turn does not matter); a "
        "room may lay them as printed instead."
    ),
    # TRANSLATORS: the quoted words end the lobby option "Central tracks: no tile beside
    # them alone"; quote them as you translate that option.
    N_(
        "As the pieces lie on the board, a square beside one may take a tile. Our option "
        "'no tile beside them alone' lets only tiles count, as with the central station."
    ),
    N_("Module 3 and module 2 cannot be played together."),
)
CENTRAL_TRACKS_CAPTION = N_(
    "The {colour} line from station {station} passes {tiles} tiles and {pieces} central "
    "pieces and reaches station {to}: {points} points."
)
PIECES_TITLE = N_("The eight central pieces")
PIECES_TEXT = (
    N_(
        "Our ruling: the printed pieces are not legible in our copy of the rulebook, so we "
        "use these eight, each of a different design."
    ),
)
PIECES_CAPTION = N_(
    "The eight central pieces: four straight tracks; two straight tracks and two curves; "
    "curves only (three kinds); and three with a U-turn."
)

# --- module 4 -----------------------------------------------------------------------------
NUMBERS_TITLE = N_("Module 4: Numbered stations")
NUMBERS_RULE_TITLE = N_("Station numbers")
NUMBERS_TEXT = (
    N_(
        "The 32 station numbers are shuffled face down and each player is dealt the same "
        "number of them, 2 unless the room chooses 1, 3 or 4. Keep them secret."
    ),
    N_(
        "At the end, everyone shows their numbers. For each number you hold, you earn the "
        "points of the line that ended at that station, as many as its owner scored for "
        "it, even if the line is an opponent's."
    ),
    N_("A line that started at the central station (module 2) earns the holder double."),
    N_(
        "Our rulings: numbers are dealt from one pile (the rulebook lets players agree how "
        "many of each colour to take), only lines with a car count, and a line that ends at "
        "the central station reaches no number."
    ),
)
NUMBER_CAPTION = N_(
    "The holder of number {station} earns {points} points: the {colour} line from "
    "station {start} ends there."
)
NUMBER_CENTRAL_CAPTION = N_(
    "The holder of number {station} earns {points} points: the {colour} line from the "
    "central station ends there, counted double."
)

# --- the positions shown -------------------------------------------------------------------
# The rules' worked example (§7.5): blue's line from station 12, 7 passages to the centre.
WORKED_EXAMPLE = """
---- ---- ---- ---- ---- ---- ---- ----
---- badb ---- ---- ---- ---- ---- ----
---- baac aaaa cdac ---- ---- ---- ----
cbaa aacb ---- #### #### ---- ---- ----
---- ---- ---- #### #### ---- ---- ----
---- ---- ---- ---- ---- ---- ---- ----
---- ---- ---- ---- ---- ---- ---- ----
---- ---- ---- ---- ---- ---- ---- ----
"""
# The same corner with a central car's line to station 5 and a line from 8 to 10.
CENTRAL_EXAMPLE = """
aaaa ---- ---- aaaa ---- ---- ---- ----
cbaa badb ---- aaaa ---- ---- ---- ----
---- baac aaaa cdac ---- ---- ---- ----
cbaa aacb ---- #### #### ---- ---- ----
---- ---- ---- #### #### ---- ---- ----
---- ---- ---- ---- ---- ---- ---- ----
---- ---- ---- ---- ---- ---- ---- ----
---- ---- ---- ---- ---- ---- ---- ----
"""
# The rules' full board (§18.2).
FULL_BOARD = """
acba baac acba adad adbb aacb cbaa cbcb
cddb bcbc baac dacc bcdd cbaa cdac badb
bcbc dbba bbad aacb badb adbb dbcd cccc
cddb acba dbcd #### #### dddd adad aaaa
dbba cbaa dddd #### #### accd cbcb ccda
aaaa bbbb ccda bcdd aaaa accd dada dada
bbbb dacc ddbc acba cdac bbad cbaa aacb
aacb baac cbcb baac ddbc cccc bcbc aaaa
"""
# The rules' module-3 example (§13): station 21 through the centre to station 12.
CENTRAL_TRACKS_EXAMPLE = """
---- ---- ---- ---- ---- ---- ---- ----
---- ---- ---- ---- ---- ---- ---- ----
---- ---- ---- ---- ---- ---- ---- ----
baac aacb baac BBBB AAAA ---- ---- ----
---- ---- ---- CCCC ADBB ---- ---- ----
---- ---- ---- ---- aaaa ---- ---- ----
---- ---- ---- ---- baac ---- ---- ----
---- ---- ---- ---- aaaa ---- ---- ----
"""
# The rules' module-1 example (§18.4): each seat's shares on the full board.
FULL_BOARD_SHARES = {
    0: ["Y40", "O30", "B20", "G10"],
    1: ["P40", "Y30", "O20", "K10"],
    2: ["O40", "K30", "Y20", "R10"],
    3: ["G40", "B30", "W20", "Y10"],
}
# The rules' value example (§11.5): ties share the higher value.
EXAMPLE_PROFITS = {
    "yellow": 38,
    "orange": 30,
    "blue": 22,
    "green": 22,
    "red": 18,
    "purple": 12,
    "black": 9,
    "white": 9,
}
# A short game in the top-left corner: seats place tiles dealt in this order, then the
# fourth seat is to place its tile (`PLACING_TILE`).
PLACING_DEAL = ("cbaa", "aacb", "baac", "dacc")
PLACING_MOVES = (("01", "cbaa", "aaaa"), ("10", "aacb", "bbbb"), ("00", "baac", "cccc"))
PLACING_TILE = "dacc"
CORNER = (0, 0, 3, 3)  # the rows and columns shown of the placing examples
GRID_WIDTH = 4  # tiles in a row of the tile pictures
EXCHANGE_MARGIN = 30
WORKED_CORNER = (0, 0, 4, 4)


# --- building the pages ---------------------------------------------------------------------
def pages() -> list[HelpPage]:
    """The base game, then modules 1 to 4, in the reader's language."""
    return [
        HelpPage("base", BASE_TITLE, _base_sections()),
        HelpPage("module-1", _(COMPANIES_TITLE), _companies_sections()),
        HelpPage("module-2", _(CENTRAL_CARS_TITLE), _central_cars_sections()),
        HelpPage("module-3", _(CENTRAL_TRACKS_TITLE), _central_tracks_sections()),
        HelpPage("module-4", _(NUMBERS_TITLE), _numbers_sections()),
    ]


def _section(
    title: str, paragraphs: tuple[str, ...], pictures: tuple[Picture, ...] = ()
) -> HelpSection:
    """A section from its marked title and paragraphs, translated."""
    return HelpSection(_(title), tuple(_(text) for text in paragraphs), pictures)


def _game(**options: object) -> Metro:
    game = linecraft.load("metro", **{"players": 4, **options})
    assert isinstance(game, Metro)
    return game


def _table(board_text: str, **fields: object) -> Table:
    """A position from a board text (§17.1) and the Table's other fields."""
    rows = [row for row in board_text.strip().splitlines() if row.strip()]
    table = Table(players=4, board=parse_board_rows(rows, 1))
    for name, value in fields.items():
        setattr(table, name, value)
    return table


def _colour(colour: str) -> str:
    """A car colour as it reads inside a sentence ("the blue line")."""
    return words.colour_word(colour)


def _name(colour: str) -> str:
    """A car colour starting a sentence or naming a company ("Blue 20% share")."""
    return _(words.COLOUR_NAMES[colour])


def _base_sections() -> tuple[HelpSection, ...]:
    start = Picture(render_table(Table(players=4)), _(START_CAPTION))
    return (
        _section(GAME_TITLE, GAME_TEXT, (start,)),
        _section(STATIONS_TITLE, STATIONS_TEXT),
        _section(TILES_TITLE, TILES_TEXT, (_tile_set(),)),
        _section(TURN_TITLE, TURN_TEXT),
        _section(PLACING_TITLE, PLACING_TEXT, _placing_pictures()),
        _section(SCORING_TITLE, SCORING_TEXT, (_worked_example(),)),
        _section(END_TITLE, END_TEXT, (_final_example(),)),
        _section(VARIANTS_TITLE, VARIANTS_TEXT),
    )


def _tile_set() -> Picture:
    """The 24 printed tiles with their copies: a design in four turns fills a row,
    the designs with fewer turns share rows."""
    rows: list[list[tuple[str, str]]] = []
    loose: list[tuple[str, str]] = []
    for code in words.SHAPES:
        prints = list(dict.fromkeys(rotate(code, k) for k in range(4)))
        cells = [(p, COPIES_LABEL.format(count=COPIES[p])) for p in prints]
        if len(cells) == GRID_WIDTH:
            rows.append(cells)
        else:
            loose += cells
    rows += [loose[i : i + GRID_WIDTH] for i in range(0, len(loose), GRID_WIDTH)]
    return Picture(render_tile_grid(rows), _(TILE_SET_CAPTION))


def placing_state() -> MetroState:
    """Three tiles placed in the top-left corner; green (the fourth seat) is to place
    `PLACING_TILE`. Played move by move, so the engine says where it may go."""
    state = _game().new_state(0)
    assert isinstance(state, MetroState)
    for code in PLACING_DEAL:
        state.apply_chance(f"tile {code}")
    for seat, (where, code, refill) in enumerate(PLACING_MOVES):
        state.apply(seat, f"place {where} {code}")
        state.apply_chance(f"tile {refill}")
    return state


def _placing_pictures() -> tuple[Picture, ...]:
    state = placing_state()
    seat = state.to_act()[0]
    lit = frozenset(p.square for p in state.placements(PLACING_TILE))
    table = state.table(secrets=False)
    colour = _name(SEAT_COLOURS[seat])
    shape = _(words.SHAPES[design(PLACING_TILE)])
    allowed, alone, one_tile = square(1, 1), square(2, 3), square(0, 3)
    return (
        Picture(
            render_table(table, highlight=lit, window=CORNER),
            _(LIT_CAPTION).format(colour=colour, shape=shape),
        ),
        Picture(_placed(table, allowed, framed=True), _(ALLOWED_CAPTION)),
        Picture(_placed(table, alone), _(NOT_BESIDE_CAPTION)),
        Picture(_placed(table, one_tile), _one_tile_caption(state, one_tile)),
    )


def _placed(table: Table, sq: int, *, framed: bool = False) -> str:
    """The corner with `PLACING_TILE` on `sq`: framed if allowed, else crossed out."""
    after = Table(players=table.players, board=list(table.board))
    after.board[sq] = PLACING_TILE
    mark = frozenset({sq})
    if framed:
        return render_table(after, window=CORNER, framed=mark)
    return render_table(after, window=CORNER, crossed=mark)


def _one_tile_caption(state: MetroState, sq: int) -> str:
    """Why the engine forbids the tile on `sq`: the line it would finish at once."""
    departure = state.one_tile_line(sq, PLACING_TILE)
    assert departure is not None, f"{PLACING_TILE} on {square_name(sq)} should be forbidden"
    after = list(state.board)
    after[sq] = PLACING_TILE
    route = trace(after, departure)
    colour = _colour(owners(state.table(secrets=False))[departure])
    if route.to == departure:
        return _(ONE_TILE_HOME_CAPTION).format(colour=colour, station=departure)
    return _(ONE_TILE_CAPTION).format(colour=colour, station=departure, to=route.to)


def _line(table: Table, departure: str) -> dict[str, object]:
    """The scorer's record of the line from `departure`."""
    lines: list[dict[str, object]] = score_table(table)["lines"]
    return next(line for line in lines if line["from"] == departure)


def worked_example() -> Table:
    return _table(WORKED_EXAMPLE)


def _worked_example() -> Picture:
    table = worked_example()
    line = _line(table, "12")
    path = line["path"]
    assert isinstance(path, list)
    caption = _(LINE_CAPTION).format(
        colour=_colour(str(line["owner"])),
        station=line["from"],
        passages=line["passages"],
        tiles=len(set(path)),
        points=line["points"],
    )
    svg = _game().render_position(table, overlay=True, window=WORKED_CORNER)
    return Picture(svg, caption)


def final_example() -> Table:
    return _table(FULL_BOARD)


def _final_example() -> Picture:
    table = final_example()
    players = score_table(table)["players"]
    amounts = ", ".join(
        words.COLOUR_AMOUNT.format(colour=_name(p["colour"]), amount=p["total"]) for p in players
    )
    best = max(p["total"] for p in players)
    winners = [_name(p["colour"]) for p in players if p["total"] == best]
    if len(winners) == 1:
        caption = _(FINAL_CAPTION).format(scores=amounts, colour=winners[0])
    else:
        caption = _(FINAL_TIE_CAPTION).format(scores=amounts, colours=", ".join(winners))
    return Picture(_game().render_position(table, overlay=True), caption)


# --- module 1 -------------------------------------------------------------------------------
def _companies_sections() -> tuple[HelpSection, ...]:
    stations = tuple(
        _(COMPANY_STATIONS_TEXT).format(
            company=_name(company),
            first=numbers[0],
            second=numbers[1],
            third=numbers[2],
            fourth=numbers[3],
        )
        for company, numbers in COMPANY_STATIONS.items()
    )
    start = Picture(
        render_table(Table(players=4, modules=frozenset({1}))), _(COMPANIES_START_CAPTION)
    )
    hand = [share for text in FULL_BOARD_SHARES[0] if (share := parse_share(text)) is not None]
    shares = (
        Picture(render_shares([(COMPANIES[0], p) for p in PERCENTAGES]), _(ONE_COMPANY_CAPTION)),
        Picture(render_shares(sorted(hand, key=lambda s: s[1])), _(HAND_CAPTION)),
    )
    company_stations = (_(COMPANY_STATIONS_RULING), *stations)
    return (
        _section(COMPANIES_CHANGE_TITLE, COMPANIES_CHANGE_TEXT),
        HelpSection(_(COMPANY_STATIONS_TITLE), company_stations, (start,)),
        _section(SHARES_TITLE, SHARES_TEXT, shares),
        _section(EXCHANGE_TITLE, EXCHANGE_TEXT, _exchange_pictures()),
        HelpSection(_(VALUES_TITLE), _values_text(), (companies_example_picture(),)),
    )


def _exchange_pictures() -> tuple[Picture, ...]:
    own, taken = ("blue", 20), "yellow"
    blue, yellow = _name(own[0]), _name(taken)
    return (
        Picture(
            render_exchange(own, taken, margin=EXCHANGE_MARGIN),
            _(words.EXCHANGE_OPEN_BUTTON).format(percentage=own[1], own=blue, company=yellow),
        ),
        Picture(
            render_exchange(own, None, margin=EXCHANGE_MARGIN),
            _(words.EXCHANGE_TOP_BUTTON).format(percentage=own[1], own=blue),
        ),
    )


def _values_text() -> tuple[str, ...]:
    """The value example filled in by the scorer's own rule."""
    values = company_values(EXAMPLE_PROFITS)
    profits = ", ".join(
        PROFIT_AMOUNT.format(company=_name(c), profit=p) for c, p in EXAMPLE_PROFITS.items()
    )
    worth = ", ".join(
        VALUE_AMOUNT.format(company=_name(c), value=values[c]) for c in EXAMPLE_PROFITS
    )
    first, example, *rest = (_(text) for text in VALUES_TEXT)
    return (first, example.format(profits=profits, values=worth), *rest)


def companies_example() -> Table:
    shares = {
        seat: [share for text in held if (share := parse_share(text)) is not None]
        for seat, held in FULL_BOARD_SHARES.items()
    }
    return _table(FULL_BOARD, modules=frozenset({1}), shares=shares)


def companies_example_picture() -> Picture:
    table = companies_example()
    result = score_table(table)
    players = result["players"]
    best = max(players, key=lambda p: p["total"])
    held = ", ".join(
        _(SHARE_HELD).format(company=_name(c), percentage=p) for c, p in table.shares[best["seat"]]
    )
    worth = ", ".join(
        VALUE_AMOUNT.format(company=_name(c["colour"]), value=c["value"])
        for c in result["companies"]
    )
    caption = _(HOLDER_CAPTION).format(
        values=worth,
        seat=best["seat"] + 1,
        shares=held,
        points=best["shares"],
        bonus=best["bonus"],
        total=best["total"],
    )
    return Picture(_game(modules=(1,)).render_position(table, overlay=True), caption)


# --- module 2 -------------------------------------------------------------------------------
def central_example() -> Table:
    return _table(CENTRAL_EXAMPLE, modules=frozenset({2}), central_cars={"C2": "yellow"})


def _central_cars_sections() -> tuple[HelpSection, ...]:
    table = central_example()
    line = _line(table, "C2")
    caption = _(CENTRAL_CAPTION).format(
        colour=_colour(str(line["owner"])),
        passages=line["passages"],
        to=line["to"],
        points=line["points"],
    )
    svg = _game(modules=(2,)).render_position(table, overlay=True, window=WORKED_CORNER)
    return (
        _section(CENTRAL_CARS_RULE_TITLE, CENTRAL_CARS_TEXT, (Picture(svg, caption),)),
        _section(CENTRAL_COMPANIES_TITLE, CENTRAL_COMPANIES_TEXT),
    )


# --- module 3 -------------------------------------------------------------------------------
def central_tracks_example() -> Table:
    return _table(CENTRAL_TRACKS_EXAMPLE, modules=frozenset({3}))


def _central_tracks_sections() -> tuple[HelpSection, ...]:
    table = central_tracks_example()
    line = _line(table, "21")
    path = line["path"]
    assert isinstance(path, list)
    centre = {square_name(sq) for sq in CENTRAL_SQUARES}
    pieces = sum(1 for sq in path if sq in centre)
    caption = _(CENTRAL_TRACKS_CAPTION).format(
        colour=_colour(str(line["owner"])),
        station=line["from"],
        tiles=len(path) - pieces,
        pieces=pieces,
        to=line["to"],
        points=line["points"],
    )
    svg = _game(modules=(3,)).render_position(table, overlay=True, window=(3, 0, 7, 4))
    cells = [(piece, "") for piece in CENTRAL_PIECES]
    grid = render_tile_grid([cells[:GRID_WIDTH], cells[GRID_WIDTH:]])
    shown = Picture(grid, _(PIECES_CAPTION))
    return (
        _section(CENTRAL_TRACKS_RULE_TITLE, CENTRAL_TRACKS_TEXT, (Picture(svg, caption),)),
        _section(PIECES_TITLE, PIECES_TEXT, (shown,)),
    )


# --- module 4 -------------------------------------------------------------------------------
def numbers_example() -> Table:
    """The central example with two numbers held: one reached from the central
    station, one from the edge."""
    return _table(
        CENTRAL_EXAMPLE,
        modules=frozenset({2, 4}),
        central_cars={"C2": "yellow"},
        numbers={1: [5], 2: [10]},
    )


def _numbers_sections() -> tuple[HelpSection, ...]:
    table = numbers_example()
    result = score_table(table)
    ends = {line["to"]: line for line in result["lines"] if line["status"] == "complete"}
    svg = _game(modules=(2, 4)).render_position(table, overlay=True, window=WORKED_CORNER)
    captions = []
    for record in result["numbers"]:
        line = ends[str(record["station"])]
        central = str(line["from"]).startswith("C")
        template = NUMBER_CENTRAL_CAPTION if central else NUMBER_CAPTION
        captions.append(
            _(template).format(
                station=record["station"],
                points=record["points"],
                colour=_colour(line["owner"]),
                start=line["from"],
            )
        )
    picture = Picture(svg, " ".join(captions))
    return (_section(NUMBERS_RULE_TITLE, NUMBERS_TEXT, (picture,)),)
