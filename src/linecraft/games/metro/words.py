"""Metro in words: the game log, score cards, buttons and prompts a client shows.

Tiles are told by their tracks, shares by percentage and company, stations by the
numbers printed round the board, so a player never reads the engine's notation; a
private draw is told in full only to the seat that made it (§16). Every sentence is a
whole template below, ready for translation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from linecraft.core.game import Action, Control, Event
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
    "aaaa": "four straight tracks",
    "aacb": "two straight tracks, a wide curve and a tight curve",
    "bcbc": "two wide and two tight curves",
    "cccc": "four tight curves",
    "bbbb": "four wide curves",
    "accd": "a straight track, two tight curves and a U-turn",
    "adbb": "a straight track, two wide curves and a U-turn",
    "bcdd": "a wide curve, a tight curve and two U-turns",
    "adad": "two straight tracks and two U-turns",
    "dddd": "four U-turns",
}
# Car and company colours (§1); seats own the first six colours in the base game.
COLOUR_NAMES = {
    "yellow": "Yellow",
    "blue": "Blue",
    "orange": "Orange",
    "green": "Green",
    "purple": "Purple",
    "black": "Black",
    "red": "Red",
    "white": "White",
}
# The central station's departure tracks C1–C8 (§2.5), which the board does not number:
# the side of the station first, then which of its two tracks.
CENTRAL_TRACKS = {
    "C1": "the central station's top-right track",
    "C2": "the central station's top-left track",
    "C3": "the central station's left-upper track",
    "C4": "the central station's left-lower track",
    "C5": "the central station's bottom-left track",
    "C6": "the central station's bottom-right track",
    "C7": "the central station's right-lower track",
    "C8": "the central station's right-upper track",
}
CENTRAL_QUARTERS = {
    27: "top-left quarter",
    28: "top-right quarter",
    35: "bottom-left quarter",
    36: "bottom-right quarter",
}
STATION = "station {number}"
CENTRAL_STATION = "the central station"

# --- the log ----------------------------------------------------------------------------
PLACED = "{name} placed a tile on square {square}: {shape}."
DRAW_CHOSEN = "{name} drew a tile from the pile to place it at once."
PASSED = "{name} had no tile left and passed."
EXCHANGED_OPEN = (
    "{name} returned a {percentage}% share and took the open {percentage}% share of {company}."
)
EXCHANGED_OPEN_OWN = (
    "{name} returned the {percentage}% share of {own} "
    "and took the open {percentage}% share of {company}."
)
EXCHANGED_TOP = (
    "{name} returned a {percentage}% share and took the top share of the {percentage}% stack."
)
EXCHANGED_TOP_OWN = (
    "{name} returned the {percentage}% share of {own} "
    "and took the top share of the {percentage}% stack."
)
CENTRAL_CAR = "{name} put the {colour} central car on {track}."
CENTRAL_COMPANY_CAR = (
    "{name} revealed a {percentage}% share of {company} and put the {company} central car "
    "on {track}."
)
LINE_SCORED = (
    "{name}'s line from {start} reached {end}: 1 point.",
    "{name}'s line from {start} reached {end}: {points} points.",
)
LINE_RETURNED = (
    "{name}'s line from {start} came back to its own station: 1 point.",
    "{name}'s line from {start} came back to its own station: {points} points.",
)
LINE_DOUBLED = (
    "{name}'s line from {start} reached the central station: {passages} × 2 = {points} points."
)
COMPANY_LINE_SCORED = (
    "The {company} line from {start} reached {end}: 1 point of profit for {company}.",
    "The {company} line from {start} reached {end}: {points} points of profit for {company}.",
)
COMPANY_LINE_RETURNED = (
    "The {company} line from {start} came back to its own station: "
    "1 point of profit for {company}.",
    "The {company} line from {start} came back to its own station: "
    "{points} points of profit for {company}.",
)
COMPANY_LINE_DOUBLED = (
    "The {company} line from {start} reached the central station: "
    "{passages} × 2 = {points} points of profit for {company}."
)
EXCHANGES_OVER = "{company} has {profit} profit: shares can no longer be exchanged."
GAME_OVER = "All 60 tiles are placed: the game is over."
# Private draws, told only to the seat that draws (§16).
DEALT_TILE = "{name} was dealt a tile with {shape}."
DREW_TILE = "{name} drew a tile with {shape}."
DRAWN_TILE = "The tile {name} drew has {shape}."
DEALT_SHARE = "{name} was dealt a {percentage}% share of {company}."
TOOK_SHARE = "{name} took a {percentage}% share of {company} from the stack."
DEALT_NUMBER = "{name} was dealt station number {number}."
PILE_EMPTY = "The draw pile is now empty."
OPENED_SHARE = "The {percentage}% share of {company} is turned face up beside its stack."
CENTRAL_PIECE = (
    "A central track piece with {shape} now covers the {quarter} of the central station."
)

# --- score cards ------------------------------------------------------------------------
ROW_COLOUR = "Colour"
ROW_LINES = "Lines"
ROW_SHARES = "Shares"
ROW_BONUS = "Majority bonuses"
ROW_NUMBERS = "Station numbers"
ROW_TOTAL = "Total"

# What each score row means (a tooltip on the row's words).
SCORE_HELP = {
    ROW_COLOUR: "The colour of this player's cars on the board.",
    ROW_LINES: (
        "Points for this player's finished lines: 1 for every tile a line runs through "
        "(twice through one tile counts twice), doubled for a line from the edge that ends "
        "at the central station."
    ),
    ROW_SHARES: (
        "Each share earns its company's value (8 for the company with the most profit, "
        "down to 1) once for 10%, twice for 20%, three times for 30% and four times for 40%."
    ),
    ROW_BONUS: (
        "For each company in which this player holds the most percent, a tenth of its "
        "profit, rounded down; tied players each get the whole bonus."
    ),
    ROW_NUMBERS: (
        "The points of every line that ends at a station whose number this player holds; "
        "a line from the central station counts double."
    ),
    ROW_TOTAL: (
        "All the rows above added up: the highest total wins, and tied players share the win."
    ),
}

# --- the drawing's score lines (at the end, and in How to play) ----------------------------
OVERLAY_PLAYER = "{colour}: {total} points from lines."
OVERLAY_PLAYER_NUMBERS = (
    "{colour}: {lines} points from lines + {numbers} from station numbers = {total}."
)
OVERLAY_HOLDER = "Player {seat}: {shares} points from shares + {bonus} in bonuses = {total}."
OVERLAY_HOLDER_NUMBERS = (
    "Player {seat}: {shares} from shares + {bonus} in bonuses + {numbers} from station "
    "numbers = {total}."
)
OVERLAY_COMPANY = "{company}: {profit} profit, worth {value}."

# --- the reference beside the board ---------------------------------------------------------
TILES_LEFT_TITLE = "Tiles left"
TILES_LEFT = "{left} of {copies} left"
SHARE_CARDS_TITLE = "Share cards"
SHARE_CARD_YOURS = "{company} {percentage}%: yours"
SHARE_CARD_OPEN = "{company} {percentage}%: face up"
SHARE_CARD_REVEALED = "{company} {percentage}%: revealed"
SHARE_CARD_HIDDEN = "{company} {percentage}%"  # face down: in a stack or another hand

# --- buttons and prompts ----------------------------------------------------------------
DRAW_BUTTON = "Draw a tile and place it"
DRAW_EMPTY = "The draw pile is empty."
PASS_BUTTON = "Pass"
EXCHANGE_OPEN_BUTTON = "Swap your {percentage}% share of {own} for the open one of {company}"
EXCHANGE_TOP_BUTTON = "Swap your {percentage}% share of {own} for the top of the stack"
EXCHANGE_BUTTON = "Exchange a share"
EXCHANGE_COOLDOWN = "You exchanged on your last turn: do something else first."
# What Confirm will do (Metro has no take-backs, so every placement asks first).
PLACE_CHOICE = "Place the tile with {shape} on square {square}"
CENTRAL_BUTTON = "Put your central car on {track}"
CENTRAL_COMPANY_BUTTON = "Reveal your {percentage}% share of {company} and put its car on {track}"
# The hand: tiles, and with modules 1 and 2 the shares a central car reveals.
TILE_LABEL = "Tile with {shape}"
SHARE_LABEL = "{company} {percentage}% share"
SHARES_ROW = "Your shares: reveal one to put its company's central car"
PLACE_DRAWN = "Place the tile you drew, with {shape}."
PLACE_OR_DRAW = (
    "Place your tile, or draw a new one ({pile} left in the pile) and place that instead.",
    "Place one of your {hand} tiles, or draw a new one ({pile} left in the pile) "
    "and place that instead.",
)
PLACE_LAST = (
    "The pile is empty: place your tile.",
    "The pile is empty: place one of your {hand} tiles.",
)
NO_TILE_PASS = "You have no tile left: pass."
NO_TILE_BUTTONS = "You have no tile left: choose one of the buttons."

# --- beside the table ----------------------------------------------------------------------
PILE_STATUS = "Tiles placed {placed} of 60, draw pile {pile}"
POINTS_STATUS = "Points: {points}"
PROFITS_STATUS = "Company profits: {profits}"
COLOUR_AMOUNT = "{colour} {amount}"
YOUR_LINES = "Your cars are {colour}: {complete} of {lines} lines complete."
HAND_STATUS = "Your hand: {tiles}"
HAND_TILE = "{code} ({shape})"
HAND_EMPTY = "Your hand: empty"
DRAWN_STATUS = "The tile you drew has {shape}."
SHARES_STATUS = "Your shares: {shares}"
SHARE_HELD = "{company} {percentage}%"
SHARE_REVEALED = "{company} {percentage}% (revealed)"
NUMBERS_STATUS = "Your station numbers: {numbers}"


def _plural(forms: tuple[str, str], count: int) -> str:
    return forms[0] if count == 1 else forms[1]


def _shape(code: str) -> str:
    return SHAPES[design(code.lower())]


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
        told.append(GAME_OVER)
    return " ".join(told)


def _describe_action(
    before: MetroState, player: int, action: MetroAction, names: Sequence[str], viewer: int | None
) -> str:
    name = names[player]
    if isinstance(action, Place):
        assert action.code is not None
        return PLACED.format(
            name=name, shape=_shape(action.code), square=square_name(action.square)
        )
    if isinstance(action, Draw):
        return DRAW_CHOSEN.format(name=name)
    if isinstance(action, Exchange):
        return _describe_exchange(before, player, action, name, own_view=viewer == player)
    if isinstance(action, Central):
        return _describe_central(player, action, name)
    return PASSED.format(name=name)


def _describe_exchange(
    before: MetroState, player: int, action: Exchange, name: str, *, own_view: bool
) -> str:
    """Others learn only the percentage returned (§16); the player knows which share."""
    percentage = action.percentage
    own = _own_company(before, player, percentage)
    if action.take == "top":
        template = EXCHANGED_TOP_OWN if own_view else EXCHANGED_TOP
        return template.format(name=name, percentage=percentage, own=own)
    template = EXCHANGED_OPEN_OWN if own_view else EXCHANGED_OPEN
    company = COLOUR_NAMES[before.open_share[percentage]]
    return template.format(name=name, percentage=percentage, own=own, company=company)


def _own_company(state: MetroState, player: int, percentage: int) -> str:
    """The company of the player's share of that percentage (one each, §11.1)."""
    return next(COLOUR_NAMES[c] for c, p in state.shares[player] if p == percentage)


def _describe_central(player: int, action: Central, name: str) -> str:
    track = CENTRAL_TRACKS[action.position]
    if action.share is None:
        return CENTRAL_CAR.format(name=name, colour=COLOUR_NAMES[SEAT_COLOURS[player]], track=track)
    company, percentage = action.share
    return CENTRAL_COMPANY_CAR.format(
        name=name, percentage=percentage, company=COLOUR_NAMES[company], track=track
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
        words["company"] = COLOUR_NAMES[colour]
    else:
        words["name"] = names[SEAT_COLOURS.index(colour)]
    if route.doubled:
        return (COMPANY_LINE_DOUBLED if companies else LINE_DOUBLED).format(**words)
    if route.to == route.departure:
        forms = COMPANY_LINE_RETURNED if companies else LINE_RETURNED
    else:
        forms = COMPANY_LINE_SCORED if companies else LINE_SCORED
    return _plural(forms, route.points).format(**words)


def _station(departure_or_arrival: str) -> str:
    if departure_or_arrival in CENTRAL_TRACKS:
        return CENTRAL_STATION
    return STATION.format(number=departure_or_arrival)


def _exchanges_closed(game: Metro, before: MetroState, after: MetroState) -> list[str]:
    """Announce the moment a company's profit ends all exchanges (§11.4)."""
    if 1 not in game.modules or max(before.profits().values(), default=0) >= PROFIT_STOPS_EXCHANGE:
        return []
    profits = after.profits()
    rich = [c for c in COMPANIES if profits.get(c, 0) >= PROFIT_STOPS_EXCHANGE]
    if not rich:
        return []
    return [EXCHANGES_OVER.format(company=COLOUR_NAMES[rich[0]], profit=profits[rich[0]])]


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
        company = COLOUR_NAMES[_share_company(outcome.value)]
        return OPENED_SHARE.format(percentage=percentage, company=company)
    assert seat is not None
    seen_by = before.chance_viewers()
    sees = seen_by is None or viewer in seen_by
    if kind in ("tile", "drawn"):
        return _describe_tile(before, kind, outcome.value, names[seat], sees=sees)
    if not sees:
        return None
    if kind == "number":
        return DEALT_NUMBER.format(name=names[seat], number=outcome.value)
    template = DEALT_SHARE if _in_setup(before) else TOOK_SHARE
    company = COLOUR_NAMES[_share_company(outcome.value)]
    return template.format(name=names[seat], percentage=percentage, company=company)


def _share_company(value: str) -> str:
    share = parse_share(value)
    assert share is not None
    return share[0]


def _describe_central_piece(before: MetroState, value: str) -> str:
    square = next(sq for sq in CENTRAL_SQUARES if before.board[sq] is None)
    return CENTRAL_PIECE.format(shape=_shape(value), quarter=CENTRAL_QUARTERS[square])


def _in_setup(state: MetroState) -> bool:
    """Nobody has acted yet: draws now are the deal (§4, §11.1, §14)."""
    return all(event.player is None for event in state.history)


def _describe_tile(
    before: MetroState, kind: str, code: str, name: str, *, sees: bool
) -> str | None:
    """The tile to its drawer; to everyone, the moment the pile runs out."""
    told = []
    if sees:
        told.append(_tile_template(before, kind).format(name=name, shape=_shape(code)))
    if _pile(before) == 1:
        told.append(PILE_EMPTY)
    return " ".join(told) or None


def _tile_template(before: MetroState, kind: str) -> str:
    """Dealt at the start, drawn to refill the hand, or drawn with `draw` to place now."""
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
        rows = [(ROW_COLOUR, COLOUR_NAMES[card["colour"]]), (ROW_LINES, card["lines"])]
    if 4 in game.modules:
        rows.append((ROW_NUMBERS, card["numbers"]))
    return [*rows, (ROW_TOTAL, card["total"])]


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
        return Control(str(action), DRAW_BUTTON)
    if isinstance(action, Pass):
        return Control(str(action), PASS_BUTTON)
    if isinstance(action, Exchange):
        return _exchange_button(state, player, action)
    return None


def _exchange_button(state: MetroState, player: int, action: Exchange) -> Control:
    """An exchange with a picture of the two cards; all of them fold under one button."""
    percentage = action.percentage
    own = _own_company(state, player, percentage)
    taken = None if action.take == "top" else state.open_share[percentage]
    if taken is None:
        label = EXCHANGE_TOP_BUTTON.format(percentage=percentage, own=own)
    else:
        label = EXCHANGE_OPEN_BUTTON.format(
            percentage=percentage, own=own, company=COLOUR_NAMES[taken]
        )
    own_share = next(s for s in state.shares[player] if s[1] == percentage)
    picture = render_exchange(own_share, taken)
    return Control(str(action), label, group=EXCHANGE_BUTTON, picture=picture)


def _held_back(game: Metro, state: MetroState, player: int, legal: list[Action]) -> list[Control]:
    """Buttons a player may press again later: drawing while tiles are in hand but the
    pile is empty, and exchanging on the turn after an exchange (the cooldown)."""
    held = []
    if not any(isinstance(a, Draw) for a in legal) and state.hands[player]:
        held.append(Control(str(Draw()), DRAW_BUTTON, enabled=False, why_not=DRAW_EMPTY))
    profits = state.profits()
    cooling = (
        1 in game.modules
        and game.exchange_cooldown
        and state.exchanged_last[player]
        and max(profits.values(), default=0) < PROFIT_STOPS_EXCHANGE
    )
    if cooling:  # one greyed-out button stands for every exchange
        exchange = str(Exchange(10, "top"))
        held.append(Control(exchange, EXCHANGE_BUTTON, enabled=False, why_not=EXCHANGE_COOLDOWN))
    return held


def prompt(game: Metro, state: MetroState, player: int) -> str:
    """What the seat to act may do now: place the drawn tile, place from the hand or
    draw, or, with no tile left, pass or use a module's button."""
    if player not in state.to_act():
        return ""
    if state.drawn is not None:
        return PLACE_DRAWN.format(shape=_shape(state.drawn))
    hand = len(state.hands[player])
    if hand == 0:
        only_pass = all(isinstance(a, Pass) for a in state.legal_actions(player))
        return NO_TILE_PASS if only_pass else NO_TILE_BUTTONS
    pile = _pile(state)
    if pile:
        return _plural(PLACE_OR_DRAW, hand).format(hand=hand, pile=pile)
    return _plural(PLACE_LAST, hand).format(hand=hand)


# --- the hand and Confirm -----------------------------------------------------------------
def tile_label(code: str) -> str:
    return TILE_LABEL.format(shape=_shape(code))


def share_label(company: str, percentage: int) -> str:
    return SHARE_LABEL.format(company=COLOUR_NAMES[company], percentage=percentage)


def choice_label(action: Action) -> tuple[str, str | None]:
    """What Confirm will do, in words: a tile on its square, a central car on its track
    (with the share it reveals). No picture: no two Metro plays share a spot and a
    piece, so the client never shows these as buttons, and the hand shows the piece."""
    if isinstance(action, Place):
        assert action.code is not None
        square = square_name(action.square)
        return PLACE_CHOICE.format(shape=_shape(action.code), square=square), None
    if isinstance(action, Central):
        track = CENTRAL_TRACKS[action.position]
        if action.share is None:
            return CENTRAL_BUTTON.format(track=track), None
        company, percentage = action.share
        told = CENTRAL_COMPANY_BUTTON.format(
            percentage=percentage, company=COLOUR_NAMES[company], track=track
        )
        return told, None
    return str(action), None


# --- beside the table -----------------------------------------------------------------------
def status_lines(game: Metro, state: MetroState, viewer: int | None) -> list[str]:
    """What a seat reads beside the table, in words: the pile, the points or the
    companies' profits, and its own lines, hand, shares and numbers (never another's)."""
    out = [PILE_STATUS.format(placed=state.placed, pile=_pile(state))]
    profits = state.profits()
    if 1 in game.modules:
        amounts = [(c, profits.get(c, 0)) for c in COMPANIES]
        out.append(PROFITS_STATUS.format(profits=_amounts(amounts)))
    else:
        colours = SEAT_COLOURS[: game.num_players]
        out.append(POINTS_STATUS.format(points=_amounts([(c, profits.get(c, 0)) for c in colours])))
    if viewer is None:
        return out
    if 1 not in game.modules:
        out.append(_your_lines(state, SEAT_COLOURS[viewer]))
    out.append(_your_hand(state, viewer))
    if state.drawn is not None and state.turn == viewer:
        out.append(DRAWN_STATUS.format(shape=_shape(state.drawn)))
    if 1 in game.modules:
        out.append(SHARES_STATUS.format(shares=_your_shares(state, viewer)))
    if state.numbers[viewer]:
        out.append(NUMBERS_STATUS.format(numbers=", ".join(map(str, state.numbers[viewer]))))
    return out


def _amounts(amounts: list[tuple[str, int]]) -> str:
    return ", ".join(COLOUR_AMOUNT.format(colour=COLOUR_NAMES[c], amount=a) for c, a in amounts)


def _your_lines(state: MetroState, colour: str) -> str:
    cars = owners(state.table(secrets=False))
    mine = [state.routes[d] for d, owner in cars.items() if owner == colour]
    complete = sum(1 for route in mine if route.complete)
    return YOUR_LINES.format(colour=colour, complete=complete, lines=len(mine))


def _your_hand(state: MetroState, viewer: int) -> str:
    """The tiles in hand by their tracks (the code stays for the notation box)."""
    hand = state.hands[viewer]
    if not hand:
        return HAND_EMPTY
    tiles = ", ".join(HAND_TILE.format(code=code, shape=_shape(code)) for code in hand)
    return HAND_STATUS.format(tiles=tiles)


def _your_shares(state: MetroState, viewer: int) -> str:
    told = []
    for company, percentage in state.shares[viewer]:
        template = SHARE_REVEALED if (company, percentage) in state.revealed else SHARE_HELD
        told.append(template.format(company=COLOUR_NAMES[company], percentage=percentage))
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
            out.append(template.format(seat=player["seat"] + 1, **_card(player)))
        else:
            template = OVERLAY_PLAYER_NUMBERS if numbers else OVERLAY_PLAYER
            out.append(template.format(colour=COLOUR_NAMES[player["colour"]], **_card(player)))
    for company in companies:
        out.append(
            OVERLAY_COMPANY.format(
                company=COLOUR_NAMES[company["colour"]],
                profit=company["profit"],
                value=company["value"],
            )
        )
    return out


def _card(player: Mapping[str, Any]) -> dict[str, Any]:
    return {k: player[k] for k in ("lines", "shares", "bonus", "numbers", "total")}


# --- the reference beside the board -----------------------------------------------------------
def tiles_left_caption(left: int, copies: int) -> str:
    return TILES_LEFT.format(left=left, copies=copies)


def share_card_caption(company: str, percentage: int, where: str) -> str:
    """`where`: "yours", "open", "revealed" or "hidden" (in a stack or another hand)."""
    template = {
        "yours": SHARE_CARD_YOURS,
        "open": SHARE_CARD_OPEN,
        "revealed": SHARE_CARD_REVEALED,
        "hidden": SHARE_CARD_HIDDEN,
    }[where]
    return template.format(company=COLOUR_NAMES[company], percentage=percentage)
