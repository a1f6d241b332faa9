"""Railroad Ink in words: the game log, score cards, buttons and prompts a client shows.

Pieces are told by what they draw (a curved highway, an overpass, lava beside a
railway), squares by the board's own coordinates, so a player never reads the engine's
notation. Every board and every roll is on the table (§7.2), so the log reads the same
to every seat. Every sentence is a whole template below, ready for translation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from linecraft.core.errors import IllegalActionError
from linecraft.core.game import Action, Control, Event, Picture, Reference
from linecraft.core.i18n import N_, Nn_, _, _n
from linecraft.games.railroad_ink.actions import (
    DICE,
    LAVA_DICE,
    UNDER_SOURCES,
    Double,
    End,
    Erase,
    Ignore,
    Place,
    Roll,
    Strike,
    Undo,
    Volcano,
)
from linecraft.games.railroad_ink.board import cell_name
from linecraft.games.railroad_ink.pieces import (
    CANONICAL,
    CRATER,
    DIRECTION_FACES,
    DIRECTION_ODDS,
    DISTANCE_FACES,
    DISTANCE_ODDS,
    FACE_OF_TOKEN,
    LAVA_FACE_ODDS,
    LAVA_FACES,
    ROUTE_FACES,
    SPECIAL_ROUTES,
    SPECIALS_PER_GAME,
    STATION_FACES,
    orientation_tokens,
)
from linecraft.games.railroad_ink.svg import render_drawing, render_meteor_die, used_up
from linecraft.games.railroad_ink.underground import (
    CANONICAL as UNDER_CANONICAL,
)
from linecraft.games.railroad_ink.underground import (
    DICE_FACES,
    DOUBLE_DIE,
    DOUBLINGS_PER_GAME,
    UNDER_DICE,
    UnderRoll,
    under_orientations,
    under_piece,
)

if TYPE_CHECKING:  # the rules' Game hands its hooks to this module
    from linecraft.games.railroad_ink.rules import RailroadInk, RailroadInkState, Step

# --- the game's words -------------------------------------------------------------------
# What a surface square holds, as drawn (§4, §5, §9.2, §10.4): die faces, special routes,
# lava faces, the volcano and the crater.
SURFACE_PIECES = {
    "HS": N_("a straight highway"),
    "RS": N_("a straight railway"),
    "HC": N_("a curved highway"),
    "RC": N_("a curved railway"),
    "HT": N_("a highway T-junction"),
    "RT": N_("a railway T-junction"),
    "OV": N_("an overpass"),
    "SS": N_("a straight station"),
    "SC": N_("a curved station"),
    "x1": N_("a station with three highways and a railway"),
    "x2": N_("a station with a highway and three railways"),
    "x3": N_("a highway crossing"),
    "x4": N_("a railway crossing"),
    "x5": N_("a station with two highways and two railways side by side"),
    "x6": N_("a station with two highways and two railways opposite each other"),
    "LC": N_("a lava corner"),
    "LS": N_("a straight lava flow"),
    "LT": N_("lava on three sides"),
    "LR": N_("lava beside a straight railway"),
    "LH": N_("lava beside a straight highway"),
    "V": N_("a volcano"),
    CRATER: N_("a crater"),
}
# What an underground square holds, as drawn (§11.3).
UNDER_PIECES = {
    "SIo": N_("a straight subway with a station"),
    "SLo": N_("a curved subway with a station"),
    "STo": N_("a subway T-junction with a station"),
    "SI": N_("a straight subway"),
    "SL": N_("a curved subway"),
    "ST": N_("a subway T-junction"),
    "PI": N_("a straight pipe"),
    "PL": N_("a curved pipe"),
    "PT": N_("a pipe T-junction"),
    "PX": N_("a pipe crossing"),
    "II": N_("a pipe crossing a subway"),
    "LL": N_("a curved subway beside a curved pipe"),
    "LLo": N_("a curved subway with a station beside a curved pipe"),
    "PTs": N_("a pipe T-junction and a subway stub with a station"),
    "STc": N_("a subway T-junction and a capped pipe stub"),
}
# The same pieces without their article, in lists and beside the dice faces.
SURFACE_FACES = {
    "HS": N_("straight highway"),
    "RS": N_("straight railway"),
    "HC": N_("curved highway"),
    "RC": N_("curved railway"),
    "HT": N_("highway T-junction"),
    "RT": N_("railway T-junction"),
    "OV": N_("overpass"),
    "SS": N_("straight station"),
    "SC": N_("curved station"),
    "x1": N_("station with three highways and a railway"),
    "x2": N_("station with a highway and three railways"),
    "x3": N_("highway crossing"),
    "x4": N_("railway crossing"),
    "x5": N_("station with two highways and two railways side by side"),
    "x6": N_("station with two highways and two railways opposite each other"),
    "LC": N_("lava corner"),
    "LS": N_("straight lava flow"),
    "LT": N_("lava on three sides"),
    "LR": N_("lava beside a straight railway"),
    "LH": N_("lava beside a straight highway"),
    "V": N_("volcano"),
    CRATER: N_("crater"),
}
UNDER_FACES = {
    "SIo": N_("straight subway with a station"),
    "SLo": N_("curved subway with a station"),
    "STo": N_("subway T-junction with a station"),
    "SI": N_("straight subway"),
    "SL": N_("curved subway"),
    "ST": N_("subway T-junction"),
    "PI": N_("straight pipe"),
    "PL": N_("curved pipe"),
    "PT": N_("pipe T-junction"),
    "PX": N_("pipe crossing"),
    "II": N_("pipe crossing a subway"),
    "LL": N_("curved subway beside a curved pipe"),
    "LLo": N_("curved subway with a station beside a curved pipe"),
    "PTs": N_("pipe T-junction and a subway stub with a station"),
    "STc": N_("subway T-junction and a capped pipe stub"),
}
# The meteor's way and how far it flies, as {direction} and {distance} in the log.
DIRECTION_WORDS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
DISTANCE = Nn_("{count} square", "{count} squares")

# --- the log ----------------------------------------------------------------------------
# In the log, {name} is a player's name, {square} a square such as D4, and {piece},
# {old} and {d1}…{d4} a piece with its article, e.g. "a curved highway".
ROLLED = {  # by the kind of round (§7.2, §11.5, §11.10)
    # TRANSLATORS: {d1}…{d4} are pieces with their article, e.g. "a curved highway".
    "plain": N_("Round {round} of {rounds}: the dice show {d1}, {d2}, {d3} and {d4}."),
    "surface": N_(
        "Round {round} of {rounds}, on the surface: the dice show {d1}, {d2}, {d3} and {d4}."
    ),
    "underground": N_(
        "Round {round} of {rounds}, underground: the underground dice show "
        "{d1}, {d2}, {d3} and {d4}."
    ),
}
LAVA_ROLLED = N_("The lava dice show {l1} and {l2}.")
# TRANSLATORS: {direction} is north, east, south or west; {distance} e.g. "2 squares".
METEOR_ROLLED = N_("The meteor will fly {direction} {distance}.")
METEOR_ROLLED_ANY = N_("The meteor will fly {distance}, each player choosing its direction.")
# TRANSLATORS: {name} is a player; {piece} a piece with its article, e.g. "a curved
# highway"; {square} a square such as D4.
DREW = N_("{name} drew {piece} on {square}.")
DREW_SPECIAL = N_("{name} drew a special route on {square}: {piece}.")
DREW_VOLCANO = N_("{name} drew a new volcano on {square}.")
ERASED_FOR_LAVA = N_(
    "{name} had no room for lava: erased the drawing on {square} ({old}) and drew {piece} there."
)
ERASED_CRATER = N_("{name} erased the crater on {square} and drew {piece} there.")
ERASED_CRATER_SPECIAL = N_(
    "{name} erased the crater on {square} and drew a special route there: {piece}."
)
# TRANSLATORS: {direction} is north, east, south or west; {distance} e.g. "2 squares".
STRUCK = N_(
    "{name} let the meteor strike: it flew {direction} {distance} and left a crater on {square}."
)
# TRANSLATORS: {direction} is north, east, south or west; {distance} e.g. "2 squares".
STRUCK_CHOSEN = N_(
    "{name} sent the meteor {direction}: it flew {distance} and left a crater on {square}."
)
DESTROYED = N_("The crater destroyed the drawing there ({old}).")
IGNORED = N_("{name} crossed off a special route ({piece}) to ignore the meteor this round.")
# By the doublings left afterwards (§11.6): none, or {count}.
DOUBLED_LAST = N_(
    "{name} doubled a die: {piece} may be drawn twice this round (no doublings left)."
)
DOUBLED = Nn_(
    "{name} doubled a die: {piece} may be drawn twice this round ({count} doubling left).",
    "{name} doubled a die: {piece} may be drawn twice this round ({count} doublings left).",
)
HUB_DRAWN = N_("The station is a hub.")
HUB_MADE = N_("The subway station under {square} is now a hub.")
PIPE_BURST = N_("The pipe under {square} bursts.")
TOOK_BACK_DRAWING = N_("{name} took back the drawing on {square} ({piece}).")
TOOK_BACK_VOLCANO = N_("{name} took back the new volcano on {square}.")
TOOK_BACK_ERASE = N_("{name} took back the drawing on {square}: {old} is there again.")
TOOK_BACK_STRIKE = N_("{name} took back the meteor strike on {square}.")
TOOK_BACK_IGNORE = N_("{name} took back crossing off a special route ({piece}).")
TOOK_BACK_DOUBLE = N_("{name} took back doubling {piece}.")
ENDED = N_("{name} ended round {round}.")
ENDED_UNDRAWN = Nn_(
    "{name} ended round {round}; {count} die could not be drawn.",
    "{name} ended round {round}; {count} dice could not be drawn.",
)
LAST_ROUND = N_("This is the last round.")
GAME_OVER = N_("That was the last round: the game is over.")

# --- score cards ------------------------------------------------------------------------
# Rows whose value is text are detail: the numbers beside them are already in the rows
# that add up to the total.
ROW_NETWORKS = N_("Networks (exits in each)")
ROW_NETWORK_POINTS = N_("Connected exits")
ROW_LONGEST_HIGHWAY = N_("Longest highway")
ROW_LONGEST_RAILWAY = N_("Longest railway")
ROW_CENTRE = N_("Centre squares")
ROW_CLOSED_LAKES = N_("Closed lava lakes (5 each)")
ROW_LARGEST_LAKE = N_("Largest lava lake")
ROW_CRATERS = N_("Route sides facing a crater (2 each)")
ROW_ERRORS = N_("Errors")
ROW_OPEN_LAVA = N_("Open lava sides (among the errors)")
UNDER_ROWS = {  # the underground card (§14.3): on its own, and nested in the surface card
    False: {
        "networks": N_("Networks (size of each)"),
        "network_points": N_("Connected exits and hubs"),
        "longest_pipe_points": N_("Longest pipe (2 per square)"),
        "longest_subway": N_("Longest subway"),
        "centre": N_("Centre squares"),
        "open_ends": N_("Open ends"),
    },
    True: {
        "networks": N_("Underground networks (size of each)"),
        "network_points": N_("Underground: connected exits and hubs"),
        "longest_pipe_points": N_("Underground: longest pipe (2 per square)"),
        "longest_subway": N_("Underground: longest subway"),
        "centre": N_("Underground: centre squares"),
        "open_ends": N_("Underground: open ends"),
        "burst_pipes": N_("Underground: burst pipes (2 each)"),
        "points": N_("Underground board"),
    },
}
# TRANSLATORS: a network in the list of the underground networks' sizes, e.g.
# "subway of 5, pipe of 3"; {size} counts its exits (and a subway's hubs).
UNDER_NETWORK = {"subway": N_("subway of {size}"), "pipe": N_("pipe of {size}")}
LIST_JOIN = ", "
# TRANSLATORS: no networks at all, on the score card.
NO_NETWORKS = N_("none")
ROW_TOTAL = N_("Total")

# --- the hand ---------------------------------------------------------------------------
GROUP_DICE = N_("Dice")
GROUP_SPECIAL = N_("Special routes")
GROUP_LAVA_DICE = N_("Lava dice")
GROUP_UNDER_DICE = N_("Underground dice")
GROUP_VOLCANO = N_("Volcano")
VOLCANO_PIECE = "volcano"
# A piece's name on its button in the hand (the picture shows what it draws).
PIECE_LABELS = {
    "d1": N_("Route die 1"),
    "d2": N_("Route die 2"),
    "d3": N_("Route die 3"),
    "d4": N_("Station die"),
    "x1": N_("Station with three highways and a railway"),
    "x2": N_("Station with a highway and three railways"),
    "x3": N_("Highway crossing"),
    "x4": N_("Railway crossing"),
    "x5": N_("Station with two highways and two railways side by side"),
    "x6": N_("Station with two highways and two railways opposite each other"),
    "l1": N_("Lava die 1"),
    "l2": N_("Lava die 2"),
    "u1": N_("Underground die A"),
    "u2": N_("Underground die B"),
    "u3": N_("Underground die C"),
    "u4": N_("Underground die D"),
    "u5": N_("Doubled underground die"),
    VOLCANO_PIECE: N_("New volcano"),
}
# The row of the hand and whether the piece is scarce (asked about before it is spent).
GROUPS: dict[str, tuple[str, bool]] = {
    **dict.fromkeys(DICE, (GROUP_DICE, False)),
    **dict.fromkeys(SPECIAL_ROUTES, (GROUP_SPECIAL, True)),
    **dict.fromkeys(LAVA_DICE, (GROUP_LAVA_DICE, False)),
    **dict.fromkeys(UNDER_SOURCES, (GROUP_UNDER_DICE, False)),
    VOLCANO_PIECE: (GROUP_VOLCANO, True),
}

# --- buttons ----------------------------------------------------------------------------
END_BUTTON = N_("End round {round}")
END_LABEL = N_("End the round")
IGNORE_GROUP = N_("Cross off a special route to ignore the meteor")
# TRANSLATORS: {piece} is a piece with its article, e.g. "a curved pipe".
DOUBLE_BUTTON = N_("Draw {piece} twice")
WHY_METEOR = N_(
    "The meteor comes first: click the square where its arrow lands, or cross off a special route."
)

# --- plays on the board, as a Confirm line or a choice names them -------------------------
# {square} is a square such as D4, {piece} a piece with its article, e.g. "a curved
# highway", and {direction} north, east, south or west.
STRIKE = N_("Let the meteor strike {square}")
STRIKE_TOWARDS = N_("Send the meteor {direction} to strike {square}")
STRIKE_UNAIMED = N_("Let the meteor strike")
STRIKE_TOWARDS_UNAIMED = N_("Send the meteor {direction}")
DRAW_ON = N_("Draw {piece} on {square}")
ERASE_FOR_LAVA_ON = N_("Erase {square} for lava and draw {piece} there")
ERASE_CRATER_ON = N_("Erase the crater on {square} and draw {piece} there")
VOLCANO_ON = N_("Draw a new volcano on {square}")

# --- the two boards of the Underground expansion (§11.5) ----------------------------------
LAYER_NAMES = (N_("Surface"), N_("Underground"))
# TRANSLATORS: {layer} is "Surface" or "Underground", the board drawn on this round.
LAYER_NOW = N_("{layer} — this round")
WHY_DICE = Nn_("{count} die still to draw.", "{count} dice still to draw.")
WHY_LAVA = N_("At least one lava die must be drawn this round.")
WHY_LAVA_ROOM = N_("No lava die fits: draw a new volcano or erase a route next to lava first.")
WHY_ORDER = N_("A die can still be drawn if you take back and draw in another order.")

# --- prompts ----------------------------------------------------------------------------
# {head} in the prompts is one of these.
HEAD = {
    "plain": N_("Round {round} of {rounds}"),
    "underground": N_("Round {round} of {rounds}, underground"),
}
PROMPT_METEOR = N_(
    "{head}: the meteor strikes first. Click the square where its arrow lands, or cross "
    "off a special route to ignore it."
)
PROMPT_METEOR_ANY = N_(
    "{head}: the meteor strikes first. Choose its direction: click the square where one "
    "of its arrows lands, or cross off a special route to ignore it."
)
PROMPT_DICE = Nn_("{head}: {count} die to draw.", "{head}: {count} dice to draw.")
PROMPT_DICE_AND_LAVA = Nn_(
    "{head}: {count} die to draw, and at least one lava die.",
    "{head}: {count} dice to draw, and at least one lava die.",
)
PROMPT_UNDER_DICE = Nn_(
    "{head}: {count} underground die to draw on the underground board.",
    "{head}: {count} underground dice to draw on the underground board.",
)
PROMPT_LAVA = N_("{head}: draw at least one lava die.")
PROMPT_LAVA_ROOM = N_(
    "{head}: no lava die fits. Draw a new volcano, or erase a route next to lava to make room."
)
PROMPT_ORDER = N_("{head}: a die can still be drawn. Take back and draw in another order.")
PROMPT_DONE = N_("{head}: all dice drawn. End the round.")
PROMPT_DONE_SPECIAL = N_("{head}: all dice drawn. End the round or draw a special route.")
PROMPT_STUCK = N_("{head}: no die left fits anywhere. End the round.")
PROMPT_STUCK_SPECIAL = N_(
    "{head}: no die left fits anywhere. End the round or draw a special route."
)

_UNDER_FACE_OF_TOKEN = {t: code for code in UNDER_CANONICAL for t in under_orientations(code)}


def _surface_piece(token: str) -> str:
    return _(SURFACE_PIECES[CRATER if token == CRATER else FACE_OF_TOKEN[token]])


def _under_piece_words(token: str) -> str:
    """The face an underground square shows; the hub and burst marks are the rules' doing."""
    return _(UNDER_PIECES[_UNDER_FACE_OF_TOKEN[under_piece(token).drawn()]])


def distance_words(squares: int) -> str:
    return _n(*DISTANCE, squares).format(count=squares)


def _piece_of(source: str, token: str) -> str:
    return _under_piece_words(token) if source in UNDER_SOURCES else _surface_piece(token)


# --- the log ----------------------------------------------------------------------------
def describe_event(
    game: RailroadInk,
    before: RailroadInkState,
    event: Event,
    names: Sequence[str],
    viewer: int | None,
) -> str | None:
    """One log line: a roll opening a round, or what a seat drew, erased, took back or
    ended. Railroad Ink keeps no secrets (every board and roll is public), so `viewer`
    changes nothing."""
    if event.player is None:
        return _describe_roll(game, before, event.text)
    action = game.parse_action(event.text)
    after = before.clone()
    assert isinstance(after, type(before))
    after.apply_unchecked(event.player, action)
    name = names[event.player]
    told = [_describe_action(before, after, event.player, action, name)]
    told += _below_and_above(before, after, event.player, action)
    if after.is_terminal():
        told.append(_(GAME_OVER))
    return " ".join(told)


def _describe_roll(game: RailroadInk, before: RailroadInkState, text: str) -> str:
    """The new round, its kind and what every die shows (§13.4)."""
    outcome = game.parse_outcome(text)
    number = before.round + 1
    numbers = {"round": number, "rounds": game.rounds}
    if isinstance(outcome, UnderRoll):
        faces = [_(UNDER_PIECES[outcome.face(die)]) for die in UNDER_DICE]
        kind = "plain" if game.standalone else "underground"
    else:
        assert isinstance(outcome, Roll)
        faces = [_(SURFACE_PIECES[outcome.face(die)]) for die in DICE]
        kind = "surface" if game.underground else "plain"
    rolled = _(ROLLED[kind])
    told = [rolled.format(d1=faces[0], d2=faces[1], d3=faces[2], d4=faces[3], **numbers)]
    if game.lava and isinstance(outcome, Roll):
        lava = [_(SURFACE_PIECES[outcome.face(die)]) for die in LAVA_DICE]
        told.append(_(LAVA_ROLLED).format(l1=lava[0], l2=lava[1]))
    if game.meteor and isinstance(outcome, Roll):
        told.append(_meteor_roll(outcome))
    if number == game.rounds:
        told.append(_(LAST_ROUND))
    return " ".join(told)


def _meteor_roll(roll: Roll) -> str:
    distance = distance_words(roll.distance)
    direction = roll.direction[1]
    if direction == "A":  # the four-way face: each player chooses (§10.2)
        return _(METEOR_ROLLED_ANY).format(distance=distance)
    return _(METEOR_ROLLED).format(direction=_(DIRECTION_WORDS[direction]), distance=distance)


def _describe_action(
    before: RailroadInkState,
    after: RailroadInkState,
    player: int,
    action: Action,
    name: str,
) -> str:
    if isinstance(action, Place):
        return _describe_place(action, name)
    if isinstance(action, Volcano):
        return _(DREW_VOLCANO).format(name=name, square=cell_name(action.cell))
    if isinstance(action, Erase):
        return _describe_erase(before, player, action, name)
    if isinstance(action, Strike):
        return _describe_strike(before, after, player, action, name)
    if isinstance(action, Ignore):
        return _(IGNORED).format(name=name, piece=_(SURFACE_PIECES[action.special]))
    if isinstance(action, Double):
        left = DOUBLINGS_PER_GAME - after.seats[player].doublings
        doubled = _(DOUBLED_LAST) if not left else _n(*DOUBLED, left)
        return doubled.format(name=name, piece=_doubled(before, action), count=left)
    if isinstance(action, Undo):
        return _describe_undo(before, before.seats[player].actions[-1], name)
    assert isinstance(action, End)
    left = len(_dice_left(before, player))
    if not left:
        return _(ENDED).format(name=name, round=before.round)
    return _n(*ENDED_UNDRAWN, left).format(name=name, round=before.round, count=left)


def _describe_place(action: Place, name: str) -> str:
    square = cell_name(action.cell)
    if action.source in SPECIAL_ROUTES:
        piece = _(SURFACE_PIECES[action.source])
        return _(DREW_SPECIAL).format(name=name, square=square, piece=piece)
    piece = _piece_of(action.source, action.token)
    return _(DREW).format(name=name, square=square, piece=piece)


def _describe_erase(before: RailroadInkState, player: int, action: Erase, name: str) -> str:
    """Lava taking a route's square (§9.6), or a route drawn over a crater (§10.5)."""
    square = cell_name(action.cell)
    piece = _surface_piece(action.token)
    if action.for_lava:
        old = before.seats[player].board[action.cell]
        assert old is not None
        return _(ERASED_FOR_LAVA).format(
            name=name, square=square, old=_surface_piece(old), piece=piece
        )
    template = ERASED_CRATER_SPECIAL if action.source in SPECIAL_ROUTES else ERASED_CRATER
    return _(template).format(name=name, square=square, piece=piece)


def _describe_strike(
    before: RailroadInkState, after: RailroadInkState, player: int, action: Strike, name: str
) -> str:
    """Where the meteor came down on this board (§10.3) and what it destroyed there."""
    cell = after.seats[player].impact
    assert cell is not None
    roll = before.surface_roll
    template = STRUCK_CHOSEN if roll.direction == "MA" else STRUCK
    told = [
        _(template).format(
            name=name,
            direction=_(DIRECTION_WORDS[action.direction]),
            distance=distance_words(roll.distance),
            square=cell_name(cell),
        )
    ]
    old = before.seats[player].board[cell]
    if old is not None:
        told.append(_(DESTROYED).format(old=_surface_piece(old)))
    return " ".join(told)


def _doubled(state: RailroadInkState, action: Double) -> str:
    assert isinstance(state.roll, UnderRoll)
    return _(UNDER_PIECES[state.roll.face(action.die)])


def _describe_undo(before: RailroadInkState, step: Step, name: str) -> str:
    """What the seat's last action of the round was, now taken back (§7.6)."""
    action = step.action
    if isinstance(action, Place):
        piece = _piece_of(action.source, action.token)
        return _(TOOK_BACK_DRAWING).format(name=name, square=cell_name(action.cell), piece=piece)
    if isinstance(action, Volcano):
        return _(TOOK_BACK_VOLCANO).format(name=name, square=cell_name(action.cell))
    if isinstance(action, Erase):
        assert step.before is not None
        old = _surface_piece(step.before)
        return _(TOOK_BACK_ERASE).format(name=name, square=cell_name(action.cell), old=old)
    if isinstance(action, Strike):
        assert step.cell is not None
        return _(TOOK_BACK_STRIKE).format(name=name, square=cell_name(step.cell))
    if isinstance(action, Ignore):
        return _(TOOK_BACK_IGNORE).format(name=name, piece=_(SURFACE_PIECES[action.special]))
    return _(TOOK_BACK_DOUBLE).format(name=name, piece=_doubled(before, action))


def _below_and_above(
    before: RailroadInkState, after: RailroadInkState, player: int, action: Action
) -> list[str]:
    """What a drawing did to the other board (§11.7) or to itself (§11.10): a station
    that is a hub, a station above that makes one, a pipe that bursts."""
    if not isinstance(action, Place | Erase) or not after.game.has_underground:
        return []
    square = cell_name(action.cell)
    below = after.seats[player].under[action.cell]
    if action.source in UNDER_SOURCES:
        return [_(HUB_DRAWN)] if below is not None and under_piece(below).hub else []
    was = before.seats[player].under[action.cell]
    if was is None or below is None or was == below:
        return []
    told = []
    if under_piece(below).hub and not under_piece(was).hub:
        told.append(_(HUB_MADE).format(square=square))
    if under_piece(below).burst and not under_piece(was).burst:
        told.append(_(PIPE_BURST).format(square=square))
    return told


# --- score cards ------------------------------------------------------------------------
def score_rows(card: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """A board's card (§14) as rows: the points of each part, the expansions' own, the
    errors negative, the total last. The rows with numbers add up to the total; rows
    with text are detail (network sizes, open lava sides, the underground subtotal)."""
    if "longest_pipe" in card:  # the standalone game: the underground card alone
        return [*_under_rows(card, nested=False), (_(ROW_TOTAL), card["total"])]
    expansion = card["expansion"]
    rows: list[tuple[str, Any]] = [
        (ROW_NETWORKS, _sizes([n["exits"] for n in card["networks"]])),
        (ROW_NETWORK_POINTS, card["network_points"]),
        (ROW_LONGEST_HIGHWAY, card["longest_highway"]),
        (ROW_LONGEST_RAILWAY, card["longest_railway"]),
        (ROW_CENTRE, card["centre"]),
    ]
    if "lava" in expansion:
        lava = expansion["lava"]
        rows += [
            (ROW_CLOSED_LAKES, lava["closed_lake_points"]),
            (ROW_LARGEST_LAKE, lava["largest_lake"]),
        ]
    if "meteor" in expansion:
        rows.append((ROW_CRATERS, expansion["meteor"]["points"]))
    rows.append((ROW_ERRORS, -card["errors"]))
    if "lava" in expansion:
        rows.append((ROW_OPEN_LAVA, str(expansion["lava"]["open_lava_sides"])))
    rows = [(_(label), value) for label, value in rows]
    if "underground" in expansion:
        rows += _under_rows(expansion["underground"], nested=True)
    return [*rows, (_(ROW_TOTAL), card["total"])]


def _sizes(sizes: list[int]) -> str:
    return LIST_JOIN.join(map(str, sizes)) or _(NO_NETWORKS)


def _under_rows(card: Mapping[str, Any], *, nested: bool) -> list[tuple[str, Any]]:
    """The underground card (§14.3); nested in the surface card it is labelled as the
    underground board's, with its burst pipes (never any in the standalone game)."""
    labels = {key: _(label) for key, label in UNDER_ROWS[nested].items()}
    kinds = {kind: _(template) for kind, template in UNDER_NETWORK.items()}
    networks = LIST_JOIN.join(kinds[n["kind"]].format(size=n["size"]) for n in card["networks"])
    rows: list[tuple[str, Any]] = [
        (labels["networks"], networks or _(NO_NETWORKS)),
        (labels["network_points"], card["network_points"]),
        (labels["longest_pipe_points"], card["longest_pipe_points"]),
        (labels["longest_subway"], card["longest_subway"]),
        (labels["centre"], card["centre"]),
        (labels["open_ends"], -card["open_ends"]),
    ]
    if nested:
        rows += [
            (labels["burst_pipes"], -2 * card["burst_pipes"]),
            (labels["points"], str(card["points"])),
        ]
    return rows


# --- the hand ---------------------------------------------------------------------------
def piece_group(piece: str) -> tuple[str, bool]:
    """The dice of a round are drawn freely; special routes (three a game, §7.4) and
    volcanoes (four open lava sides each, §9.5) are spent only when asked for."""
    name, scarce = GROUPS.get(piece, ("", False))
    return (_(name) if name else "", scarce)


def piece_label(piece: str) -> str:
    return _(PIECE_LABELS[piece]) if piece in PIECE_LABELS else piece


# --- buttons and prompts ----------------------------------------------------------------
def controls(game: RailroadInk, state: RailroadInkState, player: int) -> list[Control]:
    """The meteor's choices (§10.3), doubling a die (§11.6), and End round, shown
    greyed out with the reason while the rules hold it back (§7.5, §9.6)."""
    if player not in state.to_act():
        return []
    legal = state.legal_actions(player)
    buttons: dict[str, Control] = {}
    for action in legal:
        button = _button(state, action)
        if button is not None:  # doubling two dice of one face is the same button
            buttons.setdefault(button.label, button)
    why_not = _why_not_end(game, state, player, legal)
    end = _(END_BUTTON).format(round=state.round)
    return [
        *buttons.values(),
        Control(str(End()), end, enabled=why_not is None, why_not=why_not or ""),
    ]


def _button(state: RailroadInkState, action: Action) -> Control | None:
    """A button for a play that aims at no square: the special routes that may be
    crossed off for the meteor, folded under one button with their pictures (a strike
    is played on the board, where its arrow lands), and doubling a die."""
    if isinstance(action, Ignore):
        special = action.special
        picture = render_drawing(orientation_tokens(special)[0])
        group = _(IGNORE_GROUP)
        return Control(str(action), piece_label(special), group=group, picture=picture)
    if isinstance(action, Double):
        return Control(str(action), _(DOUBLE_BUTTON).format(piece=_doubled(state, action)))
    return None


def choice_label(action: Action) -> str:
    """A play on the board in words, for the Confirm line or a choice between plays
    aimed at one square: where the meteor strikes (and the way the player sends it),
    or what is drawn where."""
    if isinstance(action, Strike):
        return _strike_label(action)
    if isinstance(action, Volcano):
        return _(VOLCANO_ON).format(square=cell_name(action.cell))
    if isinstance(action, Erase):
        template = ERASE_FOR_LAVA_ON if action.for_lava else ERASE_CRATER_ON
        piece = _surface_piece(action.token)
        return _(template).format(square=cell_name(action.cell), piece=piece)
    if isinstance(action, Place):
        piece = _piece_of(action.source, action.token)
        return _(DRAW_ON).format(piece=piece, square=cell_name(action.cell))
    if isinstance(action, End):
        return _(END_LABEL)
    return str(action)


def _strike_label(action: Strike) -> str:
    direction = _(DIRECTION_WORDS[action.direction])
    if action.lands is None:  # told by its notation alone: no square known
        if action.chosen:
            return _(STRIKE_TOWARDS_UNAIMED).format(direction=direction)
        return _(STRIKE_UNAIMED)
    square = cell_name(action.lands)
    if action.chosen:
        return _(STRIKE_TOWARDS).format(direction=direction, square=square)
    return _(STRIKE).format(square=square)


def layer_names(active: int | None) -> tuple[str, str]:
    """The two boards' names above them (§11.5), the one drawn on this round
    (`active`: 0 the surface, 1 the underground) said to be so."""
    surface, underground = (_(name) for name in LAYER_NAMES)
    if active == 0:
        surface = _(LAYER_NOW).format(layer=surface)
    elif active == 1:
        underground = _(LAYER_NOW).format(layer=underground)
    return surface, underground


def _why_not_end(
    game: RailroadInk, state: RailroadInkState, player: int, legal: list[Action]
) -> str | None:
    """Why `end` is refused now, in words, or None when it is allowed."""
    if not state.seats[player].resolved:
        return _(WHY_METEOR)
    if not _end_refused(state, player):
        return None
    left = _dice_left(state, player)
    if _dice_fit(legal, left):
        return _n(*WHY_DICE, len(left)).format(count=len(left))
    lava = _lava_owed(game, state, player, legal)
    if lava is not None:
        why = WHY_LAVA if lava == "die" else WHY_LAVA_ROOM
        return _(why)
    return _(WHY_ORDER)  # no die fits now, but another order of drawing fits more (§7.5)


def _end_refused(state: RailroadInkState, player: int) -> bool:
    try:
        state.check(player, End())
    except IllegalActionError:
        return True
    return False


def _dice_left(state: RailroadInkState, player: int) -> list[str]:
    """This round's dice the seat has not drawn: the route dice, or the underground
    dice with the doubled one (§11.6)."""
    seat = state.seats[player]
    if state.layer == "underground":
        sources = [*UNDER_DICE, *([DOUBLE_DIE] if seat.doubled else [])]
    else:
        sources = list(DICE)
    return [source for source in sources if not seat.used(source)]


def _dice_fit(legal: list[Action], left: list[str]) -> bool:
    """Whether one of the dice left fits on an empty square now (craters do not
    count, §10.5)."""
    return any(isinstance(a, Place) and a.source in left for a in legal)


def _lava_owed(
    game: RailroadInk, state: RailroadInkState, player: int, legal: list[Action]
) -> str | None:
    """What the lava obligation asks for now (§9.6, O10): a lava die ("die"), room for
    one ("room"), or nothing (None)."""
    if not game.lava or len(state.unused_lava_dice(player)) < len(LAVA_DICE):
        return None
    if any(isinstance(a, Place) and a.source in LAVA_DICE for a in legal):
        return "die"
    if any(isinstance(a, Volcano) or (isinstance(a, Erase) and a.for_lava) for a in legal):
        return "room"
    return None


def prompt(game: RailroadInk, state: RailroadInkState, player: int) -> str:
    """What is left of the seat's round: the meteor, the dice to draw, the lava owed,
    taking back to draw in another order, or ending the round."""
    if player not in state.to_act():
        return ""
    underground = state.layer == "underground" and not game.standalone
    kind = "underground" if underground else "plain"
    head = _(HEAD[kind]).format(round=state.round, rounds=game.rounds)
    if not state.seats[player].resolved:
        choose = state.surface_roll.direction == "MA"
        return _(PROMPT_METEOR_ANY if choose else PROMPT_METEOR).format(head=head)
    legal = state.legal_actions(player)
    left = _dice_left(state, player)
    lava = _lava_owed(game, state, player, legal)
    if _dice_fit(legal, left):
        forms = PROMPT_UNDER_DICE if underground else PROMPT_DICE
        if lava is not None:
            forms = PROMPT_DICE_AND_LAVA
        return _n(*forms, len(left)).format(head=head, count=len(left))
    if lava is not None:
        owed = PROMPT_LAVA if lava == "die" else PROMPT_LAVA_ROOM
        return _(owed).format(head=head)
    if _end_refused(state, player):
        return _(PROMPT_ORDER).format(head=head)
    special = any(isinstance(a, Place | Erase) and a.source in SPECIAL_ROUTES for a in legal)
    if left:
        return _(PROMPT_STUCK_SPECIAL if special else PROMPT_STUCK).format(head=head)
    return _(PROMPT_DONE_SPECIAL if special else PROMPT_DONE).format(head=head)


# --- beside the board --------------------------------------------------------------------
ROUND_LINE = N_("Round {round} of {rounds}")
SPECIALS_NONE = N_("Special routes: none drawn yet ({total} in the game, one a round).")
# TRANSLATORS: {names} lists special routes, e.g. "highway crossing, railway crossing".
SPECIALS_SOME = N_("Special routes drawn: {names} ({used} of {total}).")
DOUBLINGS_LINE = N_("Doublings used: {used} of {total}.")


def status_lines(game: RailroadInk, state: RailroadInkState, player: int | None) -> list[str]:
    """The round for everyone; for a seat, the special routes it has drawn and, with the
    underground, its doublings (the dice and the meteor are in the hand and the prompt)."""
    if player is None:
        return [_(ROUND_LINE).format(round=state.round, rounds=game.rounds)]
    seat = state.seats[player]
    total = SPECIALS_PER_GAME
    if seat.specials_used:
        names = LIST_JOIN.join(_(SURFACE_FACES[x]) for x in seat.specials_used)
        used = len(seat.specials_used)
        lines = [_(SPECIALS_SOME).format(names=names, used=used, total=total)]
    else:
        lines = [_(SPECIALS_NONE).format(total=total)]
    if game.has_underground:
        lines.append(_(DOUBLINGS_LINE).format(used=seat.doublings, total=DOUBLINGS_PER_GAME))
    return lines


# --- what a seat may look up beside the board --------------------------------------------
REFERENCE_DICE = N_("Dice faces")
REFERENCE_SPECIALS = N_("Special routes")
# A die's face: once on the die, or on several of its six faces (§3, §9.2, §10.2, §11.3).
# TRANSLATORS: {die} is a die's name, e.g. "Route die"; {face} a face without its
# article, e.g. "curved highway".
FACE_ONCE = N_("{die}: {face}")
# TRANSLATORS: {die} is a die's name, e.g. "Route die"; {face} a face without its
# article, e.g. "curved highway"; {count} how many of the die's six faces show it.
FACE_SEVERAL = Nn_("{die}: {face} ({count} face)", "{die}: {face} ({count} faces)")
DIE_NAMES = {
    "route": N_("Route die"),
    "station": N_("Station die"),
    "lava": N_("Lava die"),
    "direction": N_("Direction die"),
    "distance": N_("Distance die"),
    "u1": N_("Underground die A"),
    "u2": N_("Underground die B"),
    "u3": N_("Underground die C"),
    "u4": N_("Underground die D"),
}
METEOR_FACES = {
    "MN": N_("north"),
    "ME": N_("east"),
    "MS": N_("south"),
    "MW": N_("west"),
    "MA": N_("each player chooses"),
}
# TRANSLATORS: {piece} is a special route's name, e.g. "Highway crossing".
SPECIAL_USED = N_("{piece}: already used")


def reference(game: RailroadInk, state: RailroadInkState, player: int | None) -> list[Reference]:
    """The faces of every die of the game's options, and the six special routes with
    the ones the seat has used struck through (every board is public, §7.2)."""
    faces = _dice_faces(game)
    if game.standalone:  # no surface board: no route dice, no special routes (§11.10)
        return [Reference(_(REFERENCE_DICE), faces)]
    used = () if player is None else tuple(state.seats[player].specials_used)
    specials = Reference(_(REFERENCE_SPECIALS), _specials(used))
    return [Reference(_(REFERENCE_DICE), faces), specials]


def _dice_faces(game: RailroadInk) -> tuple[Picture, ...]:
    """Route and station dice (not in the standalone game), then each expansion's."""
    faces: list[Picture] = []
    if not game.standalone:
        faces += [_surface_face("route", code, 1) for code in ROUTE_FACES]
        faces += [_surface_face("station", code, 2) for code in STATION_FACES]
    if game.lava:
        faces += [_surface_face("lava", code, LAVA_FACE_ODDS[code][0]) for code in LAVA_FACES]
    if game.meteor:
        for code in DIRECTION_FACES:
            picture = render_meteor_die(code)
            face = _(METEOR_FACES[code])
            faces.append(_face("direction", picture, face, DIRECTION_ODDS[code]))
        for code in DISTANCE_FACES:
            picture = render_meteor_die(code)
            face = distance_words(int(code[1]))
            faces.append(_face("distance", picture, face, DISTANCE_ODDS[code]))
    if game.has_underground:
        for die, odds in zip(UNDER_DICE, DICE_FACES, strict=True):
            for code, count in odds.items():
                picture = render_drawing(UNDER_CANONICAL[code], underground=True)
                faces.append(_face(die, picture, _(UNDER_FACES[code]), count))
    return tuple(faces)


def die_name(die: str) -> str:
    """A die (route, station, lava, direction, distance, u1–u4) in the reader's language."""
    return _(DIE_NAMES[die])


def _face(die: str, svg: str, face: str, count: int) -> Picture:
    """A die's face (`face` in the reader's language) with how many faces show it."""
    name = die_name(die)
    template = _(FACE_ONCE) if count == 1 else _n(*FACE_SEVERAL, count)
    return Picture(svg, template.format(die=name, face=face, count=count))


def _surface_face(die: str, code: str, count: int) -> Picture:
    return _face(die, render_drawing(CANONICAL[code]), _(SURFACE_FACES[code]), count)


def _specials(used: tuple[str, ...]) -> tuple[Picture, ...]:
    """The six special routes (§5), struck through once used (drawn, or crossed off
    to ignore the meteor)."""
    pictures = []
    for special in SPECIAL_ROUTES:
        svg = render_drawing(CANONICAL[special])
        label = _(PIECE_LABELS[special])
        if special in used:
            pictures.append(Picture(used_up(svg), _(SPECIAL_USED).format(piece=label)))
        else:
            pictures.append(Picture(svg, label))
    return tuple(pictures)


# --- what an assistant room asks when the dice are thrown at a real table --------------
# The title above the dice, by the kind of round (as `ROLLED`).
PICKER_TITLES = {
    "plain": N_("Round {round} of {rounds}: what do the dice show?"),
    "surface": N_("Round {round} of {rounds}, on the surface: what do the dice show?"),
    "underground": N_("Round {round} of {rounds}, underground: what do the underground dice show?"),
}
# One die of several alike, as the person at the table counts them.
# TRANSLATORS: {number} is 1, 2 or 3.
ROUTE_DIE_NUMBERED = N_("Route die {number}")
# TRANSLATORS: {number} is 1 or 2.
LAVA_DIE_NUMBERED = N_("Lava die {number}")


# --- a line of help for each score row -----------------------------------------------------
HELP_NETWORKS = N_(
    "How many exits each of your networks joins. A network joining a single exit scores nothing."
)
HELP_NETWORK_POINTS = N_(
    "Each network scores by the exits it joins: 4 points for 2 exits, 4 more for each "
    "further exit, and 45 for all 12."
)
HELP_LONGEST_HIGHWAY = N_(
    "1 point for each square of your longest unbroken highway. Stations and overpasses "
    "do not break it."
)
HELP_LONGEST_RAILWAY = N_(
    "1 point for each square of your longest unbroken railway. Stations and overpasses "
    "do not break it."
)
HELP_CENTRE = N_("1 point for each of the nine shaded centre squares with a route drawn in it.")
HELP_CENTRE_EXPANSIONS = N_(
    "1 point for each of the nine shaded centre squares with a route drawn in it. "
    "Squares of lava alone and craters do not count."
)
HELP_ERRORS = N_(
    "1 point off for each end of a route that leads nowhere: into an empty square or "
    "against a blank side. Ends on the edge of the board cost nothing."
)
HELP_ERRORS_LAVA = N_(
    "1 point off for each end of a route that leads nowhere and for each open lava side. "
    "Ends on the edge of the board cost nothing."
)
HELP_CLOSED_LAKES = N_(
    "5 points for each lava lake that is closed: all its lava sides meet other lava or "
    "the edge of the board."
)
HELP_LARGEST_LAKE = N_("1 point for each square of your largest lava lake, closed or not.")
HELP_OPEN_LAVA = N_(
    "Lava sides facing an empty square or a blank side. Each is 1 point off, already "
    "counted in the errors."
)
HELP_CRATERS = N_(
    "2 points for each end of a route that faces a crater. Such an end is not an error."
)
HELP_UNDER = {
    False: {
        "networks": N_(
            "The size of each network: a pipe network counts its exits, a subway network "
            "its exits and its hubs."
        ),
        "network_points": N_(
            "Each network scores by its size: 4 points for 2, 4 more for each one more, "
            "and 45 for 12 or more."
        ),
        "longest_pipe_points": N_("2 points for each square of your longest unbroken pipe."),
        "longest_subway": N_("1 point for each square of your longest unbroken subway line."),
        "centre": N_(
            "1 point for each of the nine shaded centre squares with anything drawn in it."
        ),
        "open_ends": N_(
            "1 point off for each end of a subway line or pipe that leads nowhere. Ends on "
            "the edge of the board cost nothing."
        ),
    },
    True: {
        "networks": N_(
            "The size of each underground network: a pipe network counts its exits, a "
            "subway network its exits and its hubs."
        ),
        "network_points": N_(
            "Each underground network scores by its size: 4 points for 2, 4 more for each "
            "one more, and 45 for 12 or more."
        ),
        "longest_pipe_points": N_(
            "2 points for each square of your longest unbroken pipe on the underground board."
        ),
        "longest_subway": N_(
            "1 point for each square of your longest unbroken subway line on the underground board."
        ),
        "centre": N_(
            "1 point for each of the nine centre squares of the underground board with "
            "anything drawn in it."
        ),
        "open_ends": N_(
            "1 point off for each end of a subway line or pipe that leads nowhere. Ends on "
            "the edge of the board cost nothing."
        ),
        "burst_pipes": N_(
            "2 points off for each pipe that burst when a station was drawn above it."
        ),
        "points": N_(
            "The underground board's score: the underground rows above, already counted "
            "in the total."
        ),
    },
}
HELP_TOTAL = N_("Your score. On equal scores the player with fewer errors wins.")
HELP_TOTAL_LAYERS = N_(
    "Your score, both boards together. On equal scores the player with fewer errors on "
    "both boards wins."
)


def score_help(game: RailroadInk) -> dict[str, str]:
    """A line for each row `score_rows` shows for the game's options."""
    if game.standalone:
        under = UNDER_ROWS[False]
        lines = {under[key]: HELP_UNDER[False][key] for key in under}
        return _all({**lines, ROW_TOTAL: HELP_TOTAL})
    lines = {
        ROW_NETWORKS: HELP_NETWORKS,
        ROW_NETWORK_POINTS: HELP_NETWORK_POINTS,
        ROW_LONGEST_HIGHWAY: HELP_LONGEST_HIGHWAY,
        ROW_LONGEST_RAILWAY: HELP_LONGEST_RAILWAY,
        ROW_CENTRE: HELP_CENTRE_EXPANSIONS if game.lava or game.meteor else HELP_CENTRE,
        ROW_ERRORS: HELP_ERRORS_LAVA if game.lava else HELP_ERRORS,
    }
    if game.lava:
        lines |= {
            ROW_CLOSED_LAKES: HELP_CLOSED_LAKES,
            ROW_LARGEST_LAKE: HELP_LARGEST_LAKE,
            ROW_OPEN_LAVA: HELP_OPEN_LAVA,
        }
    if game.meteor:
        lines[ROW_CRATERS] = HELP_CRATERS
    if game.underground:
        under = UNDER_ROWS[True]
        lines |= {under[key]: HELP_UNDER[True][key] for key in under}
    lines[ROW_TOTAL] = HELP_TOTAL_LAYERS if game.underground else HELP_TOTAL
    return _all(lines)


def _all(lines: Mapping[str, str]) -> dict[str, str]:
    """Each row's label and its line of help, in the reader's language."""
    return {_(row): _(help_line) for row, help_line in lines.items()}


# --- a first game's guide (solo) -----------------------------------------------------------
GUIDE = (
    (
        "hand",
        N_(
            "These are this round's dice. The one outlined is in your hand: "
            "R turns it, M mirrors it."
        ),
    ),
    (
        "board",
        N_(
            "The glowing squares are where it fits. Click one to draw it there; "
            "click it again to try another way."
        ),
    ),
    (
        "controls",
        N_(
            "Draw every die, then end the round here. A special route (at most one a round, "
            "three a game) may be drawn too."
        ),
    ),
    (
        "scores",
        N_(
            "Your score so far. At the end each network is coloured on your board and every "
            "open end counts as an error."
        ),
    ),
)


def guide() -> list[tuple[str, str]]:
    """The steps of a first game's guide, each beside the part of the page it explains."""
    return [(place, _(step)) for place, step in GUIDE]
