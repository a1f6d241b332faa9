"""What a seat may look up beside the board: the tiles not yet seen, and with module 1
the share cards. Built only from public facts and the seat's own secrets (§16): the
tiles in another hand and the shares in another hand or a stack count as unseen."""

from __future__ import annotations

from collections import Counter

from linecraft.core.game import Picture, Reference
from linecraft.core.i18n import _
from linecraft.games.metro import words
from linecraft.games.metro.board import CENTRAL_SQUARES
from linecraft.games.metro.rules import MetroState
from linecraft.games.metro.svg import render_share, render_tile
from linecraft.games.metro.tables import COMPANIES, PERCENTAGES
from linecraft.games.metro.tiles import COPIES, DESIGN_COPIES, design

# The designs in the order How to play shows them (words.SHAPES), each with its turns.
_DESIGNS = tuple(words.SHAPES)


def _known_to(state: MetroState, player: int | None) -> list[str]:
    """The printed codes `player` has seen off the board: its hand and the tile it drew."""
    if player is None:
        return []
    seen = list(state.hands[player])
    if state.drawn is not None and state.turn == player:
        seen.append(state.drawn)
    return seen


def tiles_left(state: MetroState, player: int | None) -> Reference:
    """Each tile (each design, when tiles may be turned): how many are neither on the
    board nor in the seat's own hand."""
    placed = [code for sq, code in enumerate(state.board) if code and sq not in CENTRAL_SQUARES]
    seen = [*placed, *_known_to(state, player)]
    if state.rules.free_rotation:
        gone = Counter(design(code) for code in seen)
        kinds = [(code, DESIGN_COPIES[code]) for code in _DESIGNS]
    else:
        gone = Counter(seen)
        kinds = sorted(COPIES.items(), key=lambda item: (_DESIGNS.index(design(item[0])), item[0]))
    items = tuple(
        Picture(render_tile(code), words.tiles_left_caption(copies - gone[code], copies))
        for code, copies in kinds
    )
    return Reference(_(words.TILES_LEFT_TITLE), items)


def share_cards(state: MetroState, player: int | None) -> Reference:
    """All 32 shares (module 1), each as far as `player` knows where it is: its own,
    face up by its stack, revealed for a central car, or face down somewhere."""
    own = set(state.shares[player]) if player is not None else set()
    items = []
    for company in COMPANIES:
        for percentage in PERCENTAGES:
            share = (company, percentage)
            if share in own:
                where = "yours"
            elif state.open_share.get(percentage) == company:
                where = "open"
            elif share in state.revealed:
                where = "revealed"
            else:
                where = "hidden"
            caption = words.share_card_caption(company, percentage, where)
            items.append(Picture(render_share(company, percentage), caption))
    return Reference(_(words.SHARE_CARDS_TITLE), tuple(items))
