"""What an assistant room asks the person at a real table when Metro's chance is due:
the draw put together from pictures instead of typed. Every draw is one thing (a tile,
a central piece, a share, a number token), so each picker has one question listing
exactly what may be drawn now (`chance_outcomes`), drawn as the hand and the
reference draw it."""

from __future__ import annotations

from collections.abc import Sequence

from linecraft.core.game import ChanceChoice, ChancePicker, ChanceQuestion, Picture
from linecraft.core.game import Outcome as CoreOutcome
from linecraft.games.metro import words
from linecraft.games.metro.actions import Outcome
from linecraft.games.metro.rules import MetroState
from linecraft.games.metro.svg import render_number, render_share, render_tile
from linecraft.games.metro.tables import COMPANIES, LETTER, parse_share
from linecraft.games.metro.tiles import design

# Tiles in the order How to play and the reference show them: by design, then as printed.
_DESIGNS = tuple(words.SHAPES)
_LETTERS = "".join(LETTER[company] for company in COMPANIES)


def chance_picker(state: MetroState, names: Sequence[str]) -> ChancePicker:
    """The next draw as one question; the outcome text is the kind's word and the code."""
    kind, _seat, detail = state.pending[0]
    outcomes = [outcome for outcome, _odds in state.chance_outcomes()]
    choices = [_choice(state, outcome) for outcome in outcomes]
    if kind in ("tile", "drawn"):
        choices.sort(key=lambda choice: (_DESIGNS.index(design(choice.code)), choice.code))
    elif kind in ("share", "open"):  # in the companies' order, as the reference shows them
        choices.sort(key=lambda choice: _LETTERS.index(choice.code[0]))
    question = ChanceQuestion(words.pick_question(kind, detail), tuple(choices))
    prefix = "tile" if kind == "drawn" else kind  # as `parse_outcome` reads a draw
    return ChancePicker(words.pick_title(state, names), (question,), prefix)


def _choice(state: MetroState, outcome: CoreOutcome) -> ChanceChoice:
    """One thing that may be drawn, as it looks, with words under it."""
    assert isinstance(outcome, Outcome)
    code = outcome.value
    if outcome.kind == "tile":
        picture = Picture(render_tile(code), words.tile_in_pile_caption(state.pile[code]))
    elif outcome.kind == "centre":
        picture = Picture(render_tile(code), words.central_piece_caption(code))
    elif outcome.kind == "number":
        picture = Picture(render_number(int(code)), words.number_token_caption(int(code)))
    else:
        share = parse_share(code)
        assert share is not None
        picture = Picture(render_share(*share), words.share_label(*share))
    return ChanceChoice(code, picture)
