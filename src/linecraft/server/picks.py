"""The pieces a seat may pick before clicking the board (dice, tiles in hand, lines),
each drawing it may be placed as, and where Rotate and Mirror lead from each drawing.

Rotate and Mirror only ever lead to drawings that can be placed somewhere now: a turn
that lands on a drawing with no legal spot keeps rotating, as a player turns a die in
their head until it fits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from linecraft.core.game import Action, Game, Turn

NO_FORM = ""  # the JSON key of a piece's only drawing
TURNS: tuple[Turn, ...] = ("rotate", "mirror")


def pick_panel(game: Game, actions: Sequence[Action]) -> dict[str, Any]:
    """`picks` (action text → [piece, form]), `pieces` (piece → form → its picture and
    the forms Rotate and Mirror lead to, or null where they do nothing), `groups` (piece
    → [its row of the hand in words, whether it is scarce, its name in words]) and
    `turns` (the turns the game allows these pieces at all, so a client offers only
    those buttons)."""
    picks: dict[str, list[str]] = {}
    forms: dict[str, list[str]] = {}
    for action in actions:
        pick = game.action_pick(action)
        if pick is None:
            continue
        piece, form = pick[0], pick[1] or NO_FORM
        picks[str(action)] = [piece, form]
        if form not in forms.setdefault(piece, []):
            forms[piece].append(form)
    pieces = {
        piece: {
            form: {
                "svg": game.render_pick(piece, form or None),
                "rotate": _turned(game, form, "rotate", drawn),
                "mirror": _turned(game, form, "mirror", drawn),
            }
            for form in drawn
        }
        for piece, drawn in forms.items()
    }
    turns = [
        turn
        for turn in TURNS
        if any(game.turn_form(f, turn) is not None for drawn in forms.values() for f in drawn if f)
    ]
    groups = {piece: [*game.piece_group(piece), game.piece_label(piece)] for piece in forms}
    return {"picks": picks, "pieces": pieces, "groups": groups, "turns": turns}


def _turned(game: Game, form: str, turn: Turn, placeable: Sequence[str]) -> str | None:
    """The first placeable drawing after `turn`, rotating on from there (4 quarter
    turns at most); None when the turn reaches no other placeable drawing."""
    if form == NO_FORM:
        return None
    candidate = game.turn_form(form, turn)
    for _ in range(4):
        if candidate is None:
            return None
        if candidate in placeable:
            return candidate if candidate != form else None
        candidate = game.turn_form(candidate, "rotate")
    return None
