"""Metro in words: the game log, score cards, buttons and prompts a client shows.

Tiles are told by their tracks, shares by percentage and company, stations by the
numbers printed round the board, so a player never reads the engine's notation; a
private draw is told in full only to the seat that made it (§16). Every sentence is a
whole template below, marked for translation (`N_`, `Nn_`) and translated where it is
used (`_`, `_n`), in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from linecraft.core.game import Action, Control, Event
from linecraft.core.i18n import N_, Nn_, _, _n
from linecraft.games.metro.actions import (
    Central,
    Draw,
    Exchange,
    MetroAction,
    Outcome,
    Pass,
    Place,
)
from linecraft.games.metro.board import CENTRAL_SQUARES, DEPARTURE_ORDER, square_name
from linecraft.games.metro.routes import Route
from linecraft.games.metro.rules import PROFIT_STOPS_EXCHANGE, MetroState
from linecraft.games.metro.scoring import owners
from linecraft.games.metro.svg import render_exchange
from linecraft.games.metro.tables import COMPANIES, SEAT_COLOURS, parse_share
from linecraft.games.metro.tiles import design

if TYPE_CHECKING:
    from linecraft.games.metro.game import Metro

# --- the game's words -------------------------------------------------------------------
# The tracks of each tile design (§3.2, §13), keyed by its smallest rotation.
SHAPES = {
    # TRANSLATORS: the tracks of a tile; a {shape} in sentences such as "a tile with {shape}".
    "aaaa": N_("four straight tracks"),
    # TRANSLATORS: the tracks of a tile; a {shape} in sentences such as "a tile with {shape}".
    "aacb": N_("two straight tracks, a wide curve and a tight curve"),
    # TRANSLATORS: the tracks of a tile; a {shape} in sentences such as "a tile with {shape}".
    "bcbc": N_("two wide and two tight curves"),
    # TRANSLATORS: the tracks of a tile; a {shape} in sentences such as "a tile with {shape}".
    "cccc": N_("four tight curves"),
    # TRANSLATORS: the tracks of a tile; a {shape} in sentences such as "a tile with {shape}".
    "bbbb": N_("four wide curves"),
    # TRANSLATORS: the tracks of a tile; a {shape} in sentences such as "a tile with {shape}".
    "accd": N_("a straight track, two tight curves and a U-turn"),
    # TRANSLATORS: the tracks of a tile; a {shape} in sentences such as "a tile with {shape}".
    "adbb": N_("a straight track, two wide curves and a U-turn"),
    # TRANSLATORS: the tracks of a tile; a {shape} in sentences such as "a tile with {shape}".
    "bcdd": N_("a wide curve, a tight curve and two U-turns"),
    # TRANSLATORS: the tracks of a tile; a {shape} in sentences such as "a tile with {shape}".
    "adad": N_("two straight tracks and two U-turns"),
    # TRANSLATORS: the tracks of a tile; a {shape} in sentences such as "a tile with {shape}".
    "dddd": N_("four U-turns"),
}
# Car and company colours (§1); seats own the first six colours in the base game. A
# colour names a company, or a player by the colour of their cars ({colour}, {company}).
COLOUR_NAMES = {
    # TRANSLATORS: a colour naming a player's cars or a company, as a name: "Yellow 40% share".
    "yellow": N_("Yellow"),
    # TRANSLATORS: a colour naming a player's cars or a company, as a name: "Blue 40% share".
    "blue": N_("Blue"),
    # TRANSLATORS: a colour naming a player's cars or a company, as a name: "Orange 40% share".
    "orange": N_("Orange"),
    # TRANSLATORS: a colour naming a player's cars or a company, as a name: "Green 40% share".
    "green": N_("Green"),
    # TRANSLATORS: a colour naming a player's cars or a company, as a name: "Purple 40% share".
    "purple": N_("Purple"),
    # TRANSLATORS: a colour naming a player's cars or a company, as a name: "Black 40% share".
    "black": N_("Black"),
    # TRANSLATORS: a colour naming a player's cars or a company, as a name: "Red 40% share".
    "red": N_("Red"),
    # TRANSLATORS: a colour naming a player's cars or a company, as a name: "White 40% share".
    "white": N_("White"),
}
# The same colours inside a sentence ("your cars are blue", "the blue line").
COLOUR_WORDS = {
    # TRANSLATORS: a colour inside a sentence: "Your cars are yellow", "the yellow line".
    "yellow": N_("yellow"),
    # TRANSLATORS: a colour inside a sentence: "Your cars are blue", "the blue line".
    "blue": N_("blue"),
    # TRANSLATORS: a colour inside a sentence: "Your cars are orange", "the orange line".
    "orange": N_("orange"),
    # TRANSLATORS: a colour inside a sentence: "Your cars are green", "the green line".
    "green": N_("green"),
    # TRANSLATORS: a colour inside a sentence: "Your cars are purple", "the purple line".
    "purple": N_("purple"),
    # TRANSLATORS: a colour inside a sentence: "Your cars are black", "the black line".
    "black": N_("black"),
    # TRANSLATORS: a colour inside a sentence: "Your cars are red", "the red line".
    "red": N_("red"),
    # TRANSLATORS: a colour inside a sentence: "Your cars are white", "the white line".
    "white": N_("white"),
}
# The central station's departure tracks C1–C8 (§2.5), which the board does not number:
# the side of the station first, then which of its two tracks.
CENTRAL_TRACKS = {
    # TRANSLATORS: a {track}, as in "Put your central car on {track}".
    "C1": N_("the central station's top-right track"),
    # TRANSLATORS: a {track}, as in "Put your central car on {track}".
    "C2": N_("the central station's top-left track"),
    # TRANSLATORS: a {track}, as in "Put your central car on {track}".
    "C3": N_("the central station's left-upper track"),
    # TRANSLATORS: a {track}, as in "Put your central car on {track}".
    "C4": N_("the central station's left-lower track"),
    # TRANSLATORS: a {track}, as in "Put your central car on {track}".
    "C5": N_("the central station's bottom-left track"),
    # TRANSLATORS: a {track}, as in "Put your central car on {track}".
    "C6": N_("the central station's bottom-right track"),
    # TRANSLATORS: a {track}, as in "Put your central car on {track}".
    "C7": N_("the central station's right-lower track"),
    # TRANSLATORS: a {track}, as in "Put your central car on {track}".
    "C8": N_("the central station's right-upper track"),
}
CENTRAL_QUARTERS = {
    # TRANSLATORS: a {quarter}, as in "… now covers the {quarter} of the central station."
    27: N_("top-left quarter"),
    # TRANSLATORS: a {quarter}, as in "… now covers the {quarter} of the central station."
    28: N_("top-right quarter"),
    # TRANSLATORS: a {quarter}, as in "… now covers the {quarter} of the central station."
    35: N_("bottom-left quarter"),
    # TRANSLATORS: a {quarter}, as in "… now covers the {quarter} of the central station."
    36: N_("bottom-right quarter"),
}
# TRANSLATORS: where a line starts or ends ({start}, {end}): "station 12".
STATION = N_("station {number}")
# TRANSLATORS: where a line starts or ends ({start}, {end}).
CENTRAL_STATION = N_("the central station")

# --- the log ----------------------------------------------------------------------------
# TRANSLATORS: {square} is a square of the board by row and column, e.g. 07.
PLACED = N_("{name} placed a tile on square {square}: {shape}.")
DRAW_CHOSEN = N_("{name} drew a tile from the pile to place it at once.")
PASSED = N_("{name} had no tile left and passed.")
# TRANSLATORS: {company} is a company's colour, e.g. "Yellow"; {percentage} a number.
EXCHANGED_OPEN = N_(
    "{name} returned a {percentage}% share and took the open {percentage}% share of {company}."
)
# TRANSLATORS: {own} and {company} are companies' colours, e.g. "Yellow".
EXCHANGED_OPEN_OWN = N_(
    "{name} returned the {percentage}% share of {own} "
    "and took the open {percentage}% share of {company}."
)
EXCHANGED_TOP = N_(
    "{name} returned a {percentage}% share and took the top share of the {percentage}% stack."
)
# TRANSLATORS: {own} is a company's colour, e.g. "Yellow".
EXCHANGED_TOP_OWN = N_(
    "{name} returned the {percentage}% share of {own} "
    "and took the top share of the {percentage}% stack."
)
# TRANSLATORS: {colour} is the player's colour as a name, e.g. "Yellow".
CENTRAL_CAR = N_("{name} put the {colour} central car on {track}.")
CENTRAL_COMPANY_CAR = N_(
    "{name} revealed a {percentage}% share of {company} and put the {company} central car "
    "on {track}."
)
# TRANSLATORS: {start} and {end} are "station 12" or "the central station".
LINE_SCORED = Nn_(
    "{name}'s line from {start} reached {end}: {points} point.",
    "{name}'s line from {start} reached {end}: {points} points.",
)
LINE_RETURNED = Nn_(
    "{name}'s line from {start} came back to its own station: {points} point.",
    "{name}'s line from {start} came back to its own station: {points} points.",
)
# A doubled line scores at least 2 points: English never shows the first form.
LINE_DOUBLED = Nn_(
    "{name}'s line from {start} reached the central station: {passages} × 2 = {points} point.",
    "{name}'s line from {start} reached the central station: {passages} × 2 = {points} points.",
)
COMPANY_LINE_SCORED = Nn_(
    "The {company} line from {start} reached {end}: {points} point of profit for {company}.",
    "The {company} line from {start} reached {end}: {points} points of profit for {company}.",
)
COMPANY_LINE_RETURNED = Nn_(
    "The {company} line from {start} came back to its own station: "
    "{points} point of profit for {company}.",
    "The {company} line from {start} came back to its own station: "
    "{points} points of profit for {company}.",
)
COMPANY_LINE_DOUBLED = Nn_(
    "The {company} line from {start} reached the central station: "
    "{passages} × 2 = {points} point of profit for {company}.",
    "The {company} line from {start} reached the central station: "
    "{passages} × 2 = {points} points of profit for {company}.",
)
EXCHANGES_OVER = N_("{company} has {profit} profit: shares can no longer be exchanged.")
GAME_OVER = N_("All 60 tiles are placed: the game is over.")
# Private draws, told only to the seat that draws (§16).
DEALT_TILE = N_("{name} was dealt a tile with {shape}.")
DREW_TILE = N_("{name} drew a tile with {shape}.")
DRAWN_TILE = N_("The tile {name} drew has {shape}.")
DEALT_SHARE = N_("{name} was dealt a {percentage}% share of {company}.")
TOOK_SHARE = N_("{name} took a {percentage}% share of {company} from the stack.")
DEALT_NUMBER = N_("{name} was dealt station number {number}.")
PILE_EMPTY = N_("The draw pile is now empty.")
OPENED_SHARE = N_("The {percentage}% share of {company} is turned face up beside its stack.")
CENTRAL_PIECE = N_(
    "A central track piece with {shape} now covers the {quarter} of the central station."
)

# --- score cards ------------------------------------------------------------------------
# TRANSLATORS: a score row: the colour of the player's cars.
ROW_COLOUR = N_("Colour")
# TRANSLATORS: a score row: points from the player's lines.
ROW_LINES = N_("Lines")
# TRANSLATORS: a score row (points from the shares the player holds), and a section
# title of How to play.
ROW_SHARES = N_("Shares")
ROW_BONUS = N_("Majority bonuses")
ROW_NUMBERS = N_("Station numbers")
ROW_TOTAL = N_("Total")

# What each score row means (a tooltip on the row's words).
SCORE_HELP = {
    ROW_COLOUR: N_("The colour of this player's cars on the board."),
    ROW_LINES: N_(
        "Points for this player's finished lines: 1 for every tile a line runs through "
        "(twice through one tile counts twice), doubled for a line from the edge that ends "
        "at the central station."
    ),
    ROW_SHARES: N_(
        "Each share earns its company's value (8 for the company with the most profit, "
        "down to 1) once for 10%, twice for 20%, three times for 30% and four times for 40%."
    ),
    ROW_BONUS: N_(
        "For each company in which this player holds the most percent, a tenth of its "
        "profit, rounded down; tied players each get the whole bonus."
    ),
    ROW_NUMBERS: N_(
        "The points of every line that ends at a station whose number this player holds; "
        "a line from the central station counts double."
    ),
    ROW_TOTAL: N_(
        "All the rows above added up: the highest total wins, and tied players share the win."
    ),
}

# --- the drawing's score lines (at the end, and in How to play) ----------------------------
OVERLAY_PLAYER = N_("{colour}: {total} points from lines.")
OVERLAY_PLAYER_NUMBERS = N_(
    "{colour}: {lines} points from lines + {numbers} from station numbers = {total}."
)
# TRANSLATORS: {seat} is the player's number, 1 to 6.
OVERLAY_HOLDER = N_("Player {seat}: {shares} points from shares + {bonus} in bonuses = {total}.")
# TRANSLATORS: {seat} is the player's number, 1 to 6.
OVERLAY_HOLDER_NUMBERS = N_(
    "Player {seat}: {shares} from shares + {bonus} in bonuses + {numbers} from station "
    "numbers = {total}."
)
# TRANSLATORS: {value} is what each share of the company is worth, 1 to 8.
OVERLAY_COMPANY = N_("{company}: {profit} profit, worth {value}.")

# --- the reference beside the board ---------------------------------------------------------
TILES_LEFT_TITLE = N_("Tiles left")
# TRANSLATORS: under a picture of a tile: how many of its copies are not yet seen.
TILES_LEFT = N_("{left} of {copies} left")
SHARE_CARDS_TITLE = N_("Share cards")
# TRANSLATORS: under a picture of a share card: "Yellow 40%: yours".
SHARE_CARD_YOURS = N_("{company} {percentage}%: yours")
# TRANSLATORS: under a picture of a share card: the one turned face up beside its stack.
SHARE_CARD_OPEN = N_("{company} {percentage}%: face up")
# TRANSLATORS: under a picture of a share card: revealed to place a central car.
SHARE_CARD_REVEALED = N_("{company} {percentage}%: revealed")
# TRANSLATORS: a share card by its company and percentage: "Yellow 40%".
SHARE_CARD_HIDDEN = N_("{company} {percentage}%")  # face down: in a stack or another hand

# --- buttons and prompts ----------------------------------------------------------------
DRAW_BUTTON = N_("Draw a tile and place it")
DRAW_EMPTY = N_("The draw pile is empty.")
PASS_BUTTON = N_("Pass")
EXCHANGE_OPEN_BUTTON = N_("Swap your {percentage}% share of {own} for the open one of {company}")
EXCHANGE_TOP_BUTTON = N_("Swap your {percentage}% share of {own} for the top of the stack")
EXCHANGE_BUTTON = N_("Exchange a share")
EXCHANGE_COOLDOWN = N_("You exchanged on your last turn: do something else first.")
# What Confirm will do (Metro has no take-backs, so every placement asks first).
PLACE_CHOICE = N_("Place the tile with {shape} on square {square}")
CENTRAL_BUTTON = N_("Put your central car on {track}")
CENTRAL_COMPANY_BUTTON = N_(
    "Reveal your {percentage}% share of {company} and put its car on {track}"
)
# The hand: tiles, and with modules 1 and 2 the shares a central car reveals.
TILE_LABEL = N_("Tile with {shape}")
SHARE_LABEL = N_("{company} {percentage}% share")
SHARES_ROW = N_("Your shares: reveal one to put its company's central car")
PLACE_DRAWN = N_("Place the tile you drew, with {shape}.")
# TRANSLATORS: the count is the number of tiles in hand, {hand}.
PLACE_OR_DRAW = Nn_(
    "Place your tile, or draw a new one ({pile} left in the pile) and place that instead.",
    "Place one of your {hand} tiles, or draw a new one ({pile} left in the pile) "
    "and place that instead.",
)
PLACE_LAST = Nn_(
    "The pile is empty: place your tile.",
    "The pile is empty: place one of your {hand} tiles.",
)
NO_TILE_PASS = N_("You have no tile left: pass.")
NO_TILE_BUTTONS = N_("You have no tile left: choose one of the buttons.")

# --- the chance picker: an assistant room asks what the real table shows -----------------
# TRANSLATORS: {name} is the player's name.
PICK_DEALT_TILE = N_("{name} was dealt a tile: which one?")
# TRANSLATORS: {name} is the player's name.
PICK_TILE = N_("{name} drew a tile to refill their hand: which one?")
# TRANSLATORS: {name} is the player's name.
PICK_DRAWN = N_("{name} drew a tile to place at once: which one?")
PICK_TILE_QUESTION = N_("Tiles in the pile, as printed (arrow up)")
# TRANSLATORS: under a picture of a tile, below "Tiles in the pile": its copies still there.
PICK_TILE_LEFT = Nn_("{left} left", "{left} left")
# TRANSLATORS: {quarter} is e.g. "top-left quarter".
PICK_CENTRE = N_("Which central track piece covers the {quarter} of the central station?")
# TRANSLATORS: {quarter} is e.g. "top-left quarter".
PICK_CENTRE_TURNED = N_(
    "Which central track piece covers the {quarter} of the central station, and which way "
    "is it turned?"
)
PICK_CENTRE_QUESTION = N_("Central track pieces not yet laid")
# TRANSLATORS: {name} is the player's name.
PICK_DEALT_SHARE = N_("{name} was dealt a {percentage}% share: which one?")
# TRANSLATORS: {name} is the player's name.
PICK_TOOK_SHARE = N_("{name} took the top {percentage}% share of the stack: which one?")
PICK_OPEN_SHARE = N_("A {percentage}% share is turned face up beside its stack: which one?")
PICK_SHARE_QUESTION = N_("{percentage}% shares in the stack")
# TRANSLATORS: {name} is the player's name.
PICK_NUMBER = N_("{name} was dealt a station number: which one?")
PICK_NUMBER_QUESTION = N_("Station numbers not yet dealt")
# TRANSLATORS: under a picture of a station-number token: "Station 12".
PICK_NUMBER_TOKEN = N_("Station {number}")

# --- beside the table ----------------------------------------------------------------------
PILE_STATUS = N_("Tiles placed {placed} of 60, draw pile {pile}")
# TRANSLATORS: {points} lists each colour with its points: "Yellow 12, Blue 8".
POINTS_STATUS = N_("Points: {points}")
# TRANSLATORS: {profits} lists each company with its profit: "Yellow 12, Blue 8".
PROFITS_STATUS = N_("Company profits: {profits}")
COLOUR_AMOUNT = "{colour} {amount}"  # an item of those lists: no words to translate
# TRANSLATORS: {colour} is a colour inside a sentence, e.g. "yellow".
YOUR_LINES = N_("Your cars are {colour}: {complete} of {lines} lines complete.")
# TRANSLATORS: {tiles} lists the tiles in hand: "cbaa (four tight curves), …".
HAND_STATUS = N_("Your hand: {tiles}")
HAND_TILE = "{code} ({shape})"  # an item of that list: no words to translate
HAND_EMPTY = N_("Your hand: empty")
DRAWN_STATUS = N_("The tile you drew has {shape}.")
# TRANSLATORS: {shares} lists the shares held: "Yellow 40%, Blue 30% (revealed)".
SHARES_STATUS = N_("Your shares: {shares}")
# TRANSLATORS: a share card by its company and percentage: "Yellow 40%".
SHARE_HELD = N_("{company} {percentage}%")
SHARE_REVEALED = N_("{company} {percentage}% (revealed)")
# TRANSLATORS: {numbers} lists station numbers: "5, 12".
NUMBERS_STATUS = N_("Your station numbers: {numbers}")


def _shape(code: str) -> str:
    """A tile's tracks, in words ("four tight curves")."""
    return _(SHAPES[design(code.lower())])


def _colour_name(colour: str) -> str:
    """A colour as the name of a player's cars or of a company ("Yellow")."""
    return _(COLOUR_NAMES[colour])


def colour_word(colour: str) -> str:
    """A colour inside a sentence ("your cars are yellow")."""
    return _(COLOUR_WORDS[colour])


def _track(position: str) -> str:
    return _(CENTRAL_TRACKS[position])


def _pile(state: MetroState) -> int:
    return sum(state.pile.values())


# --- the log ----------------------------------------------------------------------------
def describe_event(
    game: Metro, before: MetroState, event: Event, names: Sequence[str], viewer: int | None
) -> str | None:
    """One log line for `viewer`: the action with the lines it completed, or a chance
    outcome, in full only where `viewer` may see it."""
    if event.player is None:
        return _describe_chance(game, before, event.text, names, viewer)
    action = game.parse_action(event.text)
    assert isinstance(action, Place | Draw | Pass | Exchange | Central)
    after = before.clone()
    assert isinstance(after, MetroState)
    after.apply_unchecked(event.player, action)
    told = [_describe_action(before, event.player, action, names, viewer)]
    told += [_describe_line(game, route, colour, names) for route, colour in _scored(before, after)]
    told += _exchanges_closed(game, before, after)
    if after.is_terminal():
        told.append(_(GAME_OVER))
    return " ".join(told)


def _describe_action(
    before: MetroState, player: int, action: MetroAction, names: Sequence[str], viewer: int | None
) -> str:
    name = names[player]
    if isinstance(action, Place):
        assert action.code is not None
        return _(PLACED).format(
            name=name, shape=_shape(action.code), square=square_name(action.square)
        )
    if isinstance(action, Draw):
        return _(DRAW_CHOSEN).format(name=name)
    if isinstance(action, Exchange):
        return _describe_exchange(before, player, action, name, own_view=viewer == player)
    if isinstance(action, Central):
        return _describe_central(player, action, name)
    return _(PASSED).format(name=name)


def _describe_exchange(
    before: MetroState, player: int, action: Exchange, name: str, *, own_view: bool
) -> str:
    """Others learn only the percentage returned (§16); the player knows which share."""
    percentage = action.percentage
    own = _own_company(before, player, percentage)
    if action.take == "top":
        template = EXCHANGED_TOP_OWN if own_view else EXCHANGED_TOP
        return _(template).format(name=name, percentage=percentage, own=own)
    template = EXCHANGED_OPEN_OWN if own_view else EXCHANGED_OPEN
    company = _colour_name(before.open_share[percentage])
    return _(template).format(name=name, percentage=percentage, own=own, company=company)


def _own_company(state: MetroState, player: int, percentage: int) -> str:
    """The company of the player's share of that percentage (one each, §11.1)."""
    return next(_colour_name(c) for c, p in state.shares[player] if p == percentage)


def _describe_central(player: int, action: Central, name: str) -> str:
    track = _track(action.position)
    if action.share is None:
        colour = _colour_name(SEAT_COLOURS[player])
        return _(CENTRAL_CAR).format(name=name, colour=colour, track=track)
    company, percentage = action.share
    return _(CENTRAL_COMPANY_CAR).format(
        name=name, percentage=percentage, company=_colour_name(company), track=track
    )


def _scored(before: MetroState, after: MetroState) -> list[tuple[Route, str]]:
    """The lines that scored with this action (a tile completing them, or a central car
    on a route already complete), by departure as the rules score them (Ruling 5)."""
    done_before = _complete_lines(before)
    done_after = _complete_lines(after)
    return [
        (after.routes[departure], done_after[departure])
        for departure in DEPARTURE_ORDER
        if departure in done_after and departure not in done_before
    ]


def _complete_lines(state: MetroState) -> dict[str, str]:
    """Departure → car colour of every complete line."""
    cars = owners(state.table(secrets=False))
    return {d: colour for d, colour in cars.items() if state.routes[d].complete}


def _describe_line(game: Metro, route: Route, colour: str, names: Sequence[str]) -> str:
    """A line as it scores: points for its seat, or profit for its company (module 1)."""
    assert route.to is not None
    companies = 1 in game.modules
    words: dict[str, Any] = {
        "start": _station(route.departure),
        "end": _station(route.to),
        "passages": route.passages,
        "points": route.points,
    }
    if companies:
        words["company"] = _colour_name(colour)
    else:
        words["name"] = names[SEAT_COLOURS.index(colour)]
    if route.doubled:
        forms = COMPANY_LINE_DOUBLED if companies else LINE_DOUBLED
    elif route.to == route.departure:
        forms = COMPANY_LINE_RETURNED if companies else LINE_RETURNED
    else:
        forms = COMPANY_LINE_SCORED if companies else LINE_SCORED
    return _n(*forms, route.points).format(**words)


def _station(departure_or_arrival: str) -> str:
    if departure_or_arrival in CENTRAL_TRACKS:
        return _(CENTRAL_STATION)
    return _(STATION).format(number=departure_or_arrival)


def _exchanges_closed(game: Metro, before: MetroState, after: MetroState) -> list[str]:
    """Announce the moment a company's profit ends all exchanges (§11.4)."""
    if 1 not in game.modules or max(before.profits().values(), default=0) >= PROFIT_STOPS_EXCHANGE:
        return []
    profits = after.profits()
    rich = [c for c in COMPANIES if profits.get(c, 0) >= PROFIT_STOPS_EXCHANGE]
    if not rich:
        return []
    return [_(EXCHANGES_OVER).format(company=_colour_name(rich[0]), profit=profits[rich[0]])]


def _describe_chance(
    game: Metro, before: MetroState, text: str, names: Sequence[str], viewer: int | None
) -> str | None:
    """Central pieces and open shares are told to all; a seat's draw only to that seat."""
    kind, seat, percentage = before.pending[0]
    outcome = game.parse_outcome(text)
    assert isinstance(outcome, Outcome)
    if kind == "centre":
        return _describe_central_piece(before, outcome.value)
    if kind == "open":
        company = _colour_name(_share_company(outcome.value))
        return _(OPENED_SHARE).format(percentage=percentage, company=company)
    assert seat is not None
    seen_by = before.chance_viewers()
    sees = seen_by is None or viewer in seen_by
    if kind in ("tile", "drawn"):
        return _describe_tile(before, kind, outcome.value, names[seat], sees=sees)
    if not sees:
        return None
    if kind == "number":
        return _(DEALT_NUMBER).format(name=names[seat], number=outcome.value)
    template = DEALT_SHARE if _in_setup(before) else TOOK_SHARE
    company = _colour_name(_share_company(outcome.value))
    return _(template).format(name=names[seat], percentage=percentage, company=company)


def _share_company(value: str) -> str:
    share = parse_share(value)
    assert share is not None
    return share[0]


def _describe_central_piece(before: MetroState, value: str) -> str:
    square = next(sq for sq in CENTRAL_SQUARES if before.board[sq] is None)
    return _(CENTRAL_PIECE).format(shape=_shape(value), quarter=_(CENTRAL_QUARTERS[square]))


def _in_setup(state: MetroState) -> bool:
    """Nobody has acted yet: draws now are the deal (§4, §11.1, §14)."""
    return all(event.player is None for event in state.history)


def _describe_tile(
    before: MetroState, kind: str, code: str, name: str, *, sees: bool
) -> str | None:
    """The tile to its drawer; to everyone, the moment the pile runs out."""
    told = []
    if sees:
        told.append(_(_tile_template(before, kind)).format(name=name, shape=_shape(code)))
    if _pile(before) == 1:
        told.append(_(PILE_EMPTY))
    return " ".join(told) or None


def _tile_template(before: MetroState, kind: str) -> str:
    """Dealt at the start, drawn to refill the hand, or drawn with `draw` to place now
    (the template, translated where it is used)."""
    if _in_setup(before):
        return DEALT_TILE
    return DRAWN_TILE if kind == "drawn" else DREW_TILE


# --- score cards ------------------------------------------------------------------------
def score_rows(game: Metro, card: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """A player's record (§17.4) as rows: the seat's car colour and line points, or with
    companies its share points and majority bonuses; station numbers with module 4."""
    if 1 in game.modules:
        rows: list[tuple[str, Any]] = [(ROW_SHARES, card["shares"]), (ROW_BONUS, card["bonus"])]
    else:
        rows = [(ROW_COLOUR, _colour_name(card["colour"])), (ROW_LINES, card["lines"])]
    if 4 in game.modules:
        rows.append((ROW_NUMBERS, card["numbers"]))
    return [(_(row), value) for row, value in [*rows, (ROW_TOTAL, card["total"])]]


def score_help(game: Metro) -> dict[str, str]:
    """Help for the rows this game's options produce (`score_rows`), keyed by the
    rows' words as `score_rows` gives them."""
    rows = [ROW_SHARES, ROW_BONUS] if 1 in game.modules else [ROW_COLOUR, ROW_LINES]
    if 4 in game.modules:
        rows.append(ROW_NUMBERS)
    return {_(row): _(SCORE_HELP[row]) for row in [*rows, ROW_TOTAL]}


# --- buttons and prompts ----------------------------------------------------------------
def controls(game: Metro, state: MetroState, player: int) -> list[Control]:
    """Drawing, passing and exchanges (tiles and central cars are placed on the board),
    with drawing and exchanging shown greyed out while the rules hold them back."""
    if player not in state.to_act() or state.drawn is not None:
        return []
    legal = state.legal_actions(player)
    buttons = [button for action in legal if (button := _button(state, player, action)) is not None]
    return buttons + _held_back(game, state, player, legal)


def _button(state: MetroState, player: int, action: Action) -> Control | None:
    """Drawing, passing and exchanging; central cars are played on the board."""
    if isinstance(action, Draw):
        return Control(str(action), _(DRAW_BUTTON))
    if isinstance(action, Pass):
        return Control(str(action), _(PASS_BUTTON))
    if isinstance(action, Exchange):
        return _exchange_button(state, player, action)
    return None


def _exchange_button(state: MetroState, player: int, action: Exchange) -> Control:
    """An exchange with a picture of the two cards; all of them fold under one button."""
    percentage = action.percentage
    own = _own_company(state, player, percentage)
    taken = None if action.take == "top" else state.open_share[percentage]
    if taken is None:
        label = _(EXCHANGE_TOP_BUTTON).format(percentage=percentage, own=own)
    else:
        label = _(EXCHANGE_OPEN_BUTTON).format(
            percentage=percentage, own=own, company=_colour_name(taken)
        )
    own_share = next(s for s in state.shares[player] if s[1] == percentage)
    picture = render_exchange(own_share, taken)
    return Control(str(action), label, group=_(EXCHANGE_BUTTON), picture=picture)


def _held_back(game: Metro, state: MetroState, player: int, legal: list[Action]) -> list[Control]:
    """Buttons a player may press again later: drawing while tiles are in hand but the
    pile is empty, and exchanging on the turn after an exchange (the cooldown)."""
    held = []
    if not any(isinstance(a, Draw) for a in legal) and state.hands[player]:
        held.append(Control(str(Draw()), _(DRAW_BUTTON), enabled=False, why_not=_(DRAW_EMPTY)))
    profits = state.profits()
    cooling = (
        1 in game.modules
        and game.exchange_cooldown
        and state.exchanged_last[player]
        and max(profits.values(), default=0) < PROFIT_STOPS_EXCHANGE
    )
    if cooling:  # one greyed-out button stands for every exchange
        exchange = str(Exchange(10, "top"))
        held.append(
            Control(exchange, _(EXCHANGE_BUTTON), enabled=False, why_not=_(EXCHANGE_COOLDOWN))
        )
    return held


def prompt(game: Metro, state: MetroState, player: int) -> str:
    """What the seat to act may do now: place the drawn tile, place from the hand or
    draw, or, with no tile left, pass or use a module's button."""
    if player not in state.to_act():
        return ""
    if state.drawn is not None:
        return _(PLACE_DRAWN).format(shape=_shape(state.drawn))
    hand = len(state.hands[player])
    if hand == 0:
        only_pass = all(isinstance(a, Pass) for a in state.legal_actions(player))
        return _(NO_TILE_PASS) if only_pass else _(NO_TILE_BUTTONS)
    pile = _pile(state)
    if pile:
        return _n(*PLACE_OR_DRAW, hand).format(hand=hand, pile=pile)
    return _n(*PLACE_LAST, hand).format(hand=hand)


# --- the hand and Confirm -----------------------------------------------------------------
def tile_label(code: str) -> str:
    return _(TILE_LABEL).format(shape=_shape(code))


def share_label(company: str, percentage: int) -> str:
    return _(SHARE_LABEL).format(company=_colour_name(company), percentage=percentage)


def choice_label(action: Action) -> tuple[str, str | None]:
    """What Confirm will do, in words: a tile on its square, a central car on its track
    (with the share it reveals). No picture: no two Metro plays share a spot and a
    piece, so the client never shows these as buttons, and the hand shows the piece."""
    if isinstance(action, Place):
        assert action.code is not None
        square = square_name(action.square)
        return _(PLACE_CHOICE).format(shape=_shape(action.code), square=square), None
    if isinstance(action, Central):
        track = _track(action.position)
        if action.share is None:
            return _(CENTRAL_BUTTON).format(track=track), None
        company, percentage = action.share
        told = _(CENTRAL_COMPANY_BUTTON).format(
            percentage=percentage, company=_colour_name(company), track=track
        )
        return told, None
    return str(action), None


# --- beside the table -----------------------------------------------------------------------
def status_lines(game: Metro, state: MetroState, viewer: int | None) -> list[str]:
    """What a seat reads beside the table, in words: the pile, the points or the
    companies' profits, and its own lines, hand, shares and numbers (never another's)."""
    out = [_(PILE_STATUS).format(placed=state.placed, pile=_pile(state))]
    profits = state.profits()
    if 1 in game.modules:
        amounts = [(c, profits.get(c, 0)) for c in COMPANIES]
        out.append(_(PROFITS_STATUS).format(profits=_amounts(amounts)))
    else:
        colours = SEAT_COLOURS[: game.num_players]
        points = _amounts([(c, profits.get(c, 0)) for c in colours])
        out.append(_(POINTS_STATUS).format(points=points))
    if viewer is None:
        return out
    if 1 not in game.modules:
        out.append(_your_lines(state, SEAT_COLOURS[viewer]))
    out.append(_your_hand(state, viewer))
    if state.drawn is not None and state.turn == viewer:
        out.append(_(DRAWN_STATUS).format(shape=_shape(state.drawn)))
    if 1 in game.modules:
        out.append(_(SHARES_STATUS).format(shares=_your_shares(state, viewer)))
    if state.numbers[viewer]:
        numbers = ", ".join(map(str, state.numbers[viewer]))
        out.append(_(NUMBERS_STATUS).format(numbers=numbers))
    return out


def _amounts(amounts: list[tuple[str, int]]) -> str:
    return ", ".join(COLOUR_AMOUNT.format(colour=_colour_name(c), amount=a) for c, a in amounts)


def _your_lines(state: MetroState, colour: str) -> str:
    cars = owners(state.table(secrets=False))
    mine = [state.routes[d] for d, owner in cars.items() if owner == colour]
    complete = sum(1 for route in mine if route.complete)
    return _(YOUR_LINES).format(colour=colour_word(colour), complete=complete, lines=len(mine))


def _your_hand(state: MetroState, viewer: int) -> str:
    """The tiles in hand by their tracks (the code stays for the notation box)."""
    hand = state.hands[viewer]
    if not hand:
        return _(HAND_EMPTY)
    tiles = ", ".join(HAND_TILE.format(code=code, shape=_shape(code)) for code in hand)
    return _(HAND_STATUS).format(tiles=tiles)


def _your_shares(state: MetroState, viewer: int) -> str:
    told = []
    for company, percentage in state.shares[viewer]:
        template = SHARE_REVEALED if (company, percentage) in state.revealed else SHARE_HELD
        told.append(_(template).format(company=_colour_name(company), percentage=percentage))
    return ", ".join(told)


# --- the drawing's score lines ----------------------------------------------------------------
def overlay_lines(result: Mapping[str, Any]) -> list[str]:
    """The scorer's result (§17.4) as the lines drawn under the table: each seat's
    total, by car colour (or by player number with companies), then the companies."""
    companies = result.get("companies", [])
    numbers = "numbers" in result
    out = []
    for player in result["players"]:
        if companies:
            template = OVERLAY_HOLDER_NUMBERS if numbers else OVERLAY_HOLDER
            out.append(_(template).format(seat=player["seat"] + 1, **_card(player)))
        else:
            template = OVERLAY_PLAYER_NUMBERS if numbers else OVERLAY_PLAYER
            colour = _colour_name(player["colour"])
            out.append(_(template).format(colour=colour, **_card(player)))
    for company in companies:
        out.append(
            _(OVERLAY_COMPANY).format(
                company=_colour_name(company["colour"]),
                profit=company["profit"],
                value=company["value"],
            )
        )
    return out


def _card(player: Mapping[str, Any]) -> dict[str, Any]:
    return {k: player[k] for k in ("lines", "shares", "bonus", "numbers", "total")}


# --- the reference beside the board -----------------------------------------------------------
def tiles_left_caption(left: int, copies: int) -> str:
    return _(TILES_LEFT).format(left=left, copies=copies)


def share_card_caption(company: str, percentage: int, where: str) -> str:
    """`where`: "yours", "open", "revealed" or "hidden" (in a stack or another hand)."""
    template = {
        "yours": SHARE_CARD_YOURS,
        "open": SHARE_CARD_OPEN,
        "revealed": SHARE_CARD_REVEALED,
        "hidden": SHARE_CARD_HIDDEN,
    }[where]
    return _(template).format(company=_colour_name(company), percentage=percentage)


# --- the chance picker ------------------------------------------------------------------------
def pick_title(state: MetroState, names: Sequence[str]) -> str:
    """What the person at the real table is asked for the next draw: whose draw it is
    and what is drawn, as the log will tell it."""
    kind, seat, detail = state.pending[0]
    if kind == "centre":
        square = next(sq for sq in CENTRAL_SQUARES if state.board[sq] is None)
        turned = state.rules.central_track_rotation == "random"
        template = PICK_CENTRE_TURNED if turned else PICK_CENTRE
        return _(template).format(quarter=_(CENTRAL_QUARTERS[square]))
    if kind == "open":
        return _(PICK_OPEN_SHARE).format(percentage=detail)
    assert seat is not None
    if kind == "number":
        return _(PICK_NUMBER).format(name=names[seat])
    if kind == "share":
        template = PICK_DEALT_SHARE if _in_setup(state) else PICK_TOOK_SHARE
        return _(template).format(name=names[seat], percentage=detail)
    if kind == "drawn":
        return _(PICK_DRAWN).format(name=names[seat])
    return _(PICK_DEALT_TILE if _in_setup(state) else PICK_TILE).format(name=names[seat])


def pick_question(kind: str, percentage: int) -> str:
    """The heading over the pictures to pick from, for a draw of `kind`."""
    if kind in ("share", "open"):
        return _(PICK_SHARE_QUESTION).format(percentage=percentage)
    template = {"centre": PICK_CENTRE_QUESTION, "number": PICK_NUMBER_QUESTION}
    return _(template.get(kind, PICK_TILE_QUESTION))


def tile_in_pile_caption(left: int) -> str:
    return _n(*PICK_TILE_LEFT, left).format(left=left)


def central_piece_caption(code: str) -> str:
    """The piece's tracks, short enough to sit under its picture ("Four tight curves")."""
    shape = _shape(code)
    return shape[:1].upper() + shape[1:]


def number_token_caption(number: int) -> str:
    return _(PICK_NUMBER_TOKEN).format(number=number)
