"""The `Game` of Metromania: options, positions, the scorer report, drawing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from linecraft.core.errors import PositionError
from linecraft.core.game import (
    Action,
    ChancePicker,
    Control,
    Effort,
    Event,
    Game,
    Outcome,
    Reference,
    State,
)
from linecraft.core.i18n import N_, _
from linecraft.games.metromania import notation, picker, words
from linecraft.games.metromania.geometry import gate_text, space_text, vertex_text
from linecraft.games.metromania.markers import Deal, Mode
from linecraft.games.metromania.position import (
    Position,
    format_position,
    parse_position,
    position_of_state,
    position_problems,
)
from linecraft.games.metromania.rules import MetromaniaState
from linecraft.games.metromania.scoring import format_report, score_city
from linecraft.games.metromania.svg import marker_picture, render_city
from linecraft.games.metromania.terminal import state_text


class Metromania(Game):
    """Metromania for 2–4 players (2: two companies each, or six destinations), with
    open destinations, strict municipality and the alternating gate pattern."""

    name = "metromania"
    has_undo = True
    interactive = True  # one shared board: every placement changes the others' lines
    # No chance after the deal: a plan is played on to the end of the game with the
    # other companies' letters drawn afresh, each world once (benchmarks/bots.py).
    search_efforts = MappingProxyType(
        {
            "normal": Effort(beam=4, horizon=0),
            "expert": Effort(beam=6, leaves=16, samples=1, rounds=5, horizon=1),
        }
    )
    public_scores = False  # the tests name who still holds which marker
    num_distinct_actions = notation.NUM_DISTINCT_ACTIONS
    action_help = (
        "L1:G3.2>-2,-3   L1:-2,-3>-1,-3@U-2,-3   L1:0,0>0,-1@D-1,-1=F   "
        "L1:5,-3>G5.1+4,-3   L2:*2,0   pass   undo"
    )
    origin_help = words.TEXT["origin_help"]  # marked in `words`; the platform translates it
    # TRANSLATORS: what to type when chance is due: keep the notation in brackets as it is
    chance_help = N_("the layout (layout 1.0 2.0 …) or the deal (deal 0=… 1=…)")

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.num_players = int(options["players"])
        self.mode = Mode(self.num_players, str(options["two_player_mode"]))
        self.strict = bool(options["strict_municipality"])
        self.letters_public = bool(options["open_destinations"]) or self.strict
        self.gates = str(options["gates"])
        default = 3 if self.mode.companies == 2 and self.num_players == 2 else 5
        self.end_lines = int(options["end_lines"] or default)
        if not 1 <= self.end_lines <= self.mode.lines:
            # TRANSLATORS: end_lines is the option's code; {lines} the number of lines in play
            raise ValueError(
                _("end_lines must lie between 1 and {lines}").format(lines=self.mode.lines)
            )

    def action_target(self, action: Action) -> str | None:
        """Where a step is played: the gate of a start or finish, the space a tunnel is
        dug in, the vertex of a station."""
        if isinstance(action, notation.Start | notation.Finish):
            return gate_text(action.gate)
        if isinstance(action, notation.Extend):
            return space_text(action.space)
        if isinstance(action, notation.Station):
            return vertex_text(action.vertex)
        return None

    def action_origin(self, action: Action) -> str | None:
        """What tells apart the steps aimed at one space or gate, clicked on the board: the
        corner the tunnel leads to; for a finish, the vertex of its bonus station, or the
        gate itself for none."""
        if isinstance(action, notation.Start):
            return vertex_text(action.vertex)
        if isinstance(action, notation.Extend):
            return vertex_text(action.to)
        if isinstance(action, notation.Finish):
            return vertex_text(action.bonus) if action.bonus else gate_text(action.gate)
        return None

    def choice_label(self, action: Action) -> tuple[str, str | None]:
        """A step in words; a destination placed comes with the marker's picture."""
        picture = None
        if isinstance(action, notation.Extend) and action.letter is not None:
            picture = marker_picture(action)
        return words.choice_words(action), picture

    def piece_label(self, piece: str) -> str:
        return words.piece_label(piece)

    def action_pick(self, action: Action) -> tuple[str, str | None] | None:
        """The line a step builds on."""
        if isinstance(
            action, notation.Start | notation.Extend | notation.Finish | notation.Station
        ):
            return notation.line_text(action.line), None
        return None

    def new_state(self, seed: int) -> MetromaniaState:
        return MetromaniaState(self, seed)

    def parse_action(self, text: str) -> Action:
        return notation.parse_step(text)

    def parse_outcome(self, text: str) -> Outcome:
        return notation.parse_outcome(text)

    def action_from_id(self, action_id: int) -> Action:
        return notation.step_from_id(action_id)

    # --- positions --------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        return parse_position(text)

    def format_position(self, position: Position) -> str:
        return format_position(position)

    def state_from_position(self, position: Position, seed: int = 0) -> MetromaniaState:
        """A game that goes on from a position, at the start of `to_move`'s turn."""
        state = self.new_state(seed)
        state.city = position.city.copy()
        state.deal = Deal(tuple(tuple(h) for h in state.city.hands))
        state.phase = position.phase
        state.final_left = list(position.final_left)
        if position.phase != "over" and position.to_move is not None:
            state._start_turn(position.to_move)
        return state

    def position_of(self, state: State, player: int) -> Position:
        assert isinstance(state, MetromaniaState)
        return position_of_state(state)

    def positions_of(self, state: State) -> dict[str, Any]:
        return {"city": self.position_of(state, 0)}

    def check_position(self, position: Position) -> list[str]:
        return position_problems(position)

    def score_position(self, position: Position) -> dict[str, Any]:
        problems = position_problems(position)
        if problems:
            raise PositionError(
                _("invalid position: {problems}").format(problems="; ".join(problems)), problems
            )
        return score_city(position.city, position.mode)

    def format_score(self, result: Mapping[str, Any]) -> str:
        return format_report(dict(result))

    def explain_score(self, position: Position) -> list[str]:
        report = score_city(position.city, position.mode)
        out = []
        for c in report["companies"]:
            out.append(
                f"company {c['company']} (seat {c['seat']}): {c['station_points']} station points "
                f"{c['adjustment']} → {c['line_points']}, tests {c['test_points']}, "
                f"penalties {c['penalties']}: total {c['total']}"
            )
        for t in report["tests"]:
            minutes = f"{t['minutes']} min, {t['fastest_trips']} fastest" if t["minutes"] else ""
            causes = ", ".join(f"{x['cause']} ({x['marker'] or 'route'})" for x in t["causes"])
            out.append(f"{t['day']} {t['pair']}: {t['status']} {minutes} {causes}".rstrip())
        return out

    # --- drawing ----------------------------------------------------------------------
    def render_position(
        self, position: Position, *, overlay: bool = False, title: str | None = None
    ) -> str:
        lines = self.explain_score(position) if overlay else None
        return render_city(position.city, notes=lines, title=title)

    def render_state(
        self, state: State, player: int, *, overlay: bool = False, title: str | None = None
    ) -> str:
        assert isinstance(state, MetromaniaState)
        if state.city is None:
            return render_city(None, title=title)
        notes = None
        if overlay or state.is_terminal():
            notes = words.trip_notes(score_city(state.city, self.mode))
        return render_city(state.city, notes=notes, title=title)

    def render_text(self, state: State, player: int | None) -> str:
        assert isinstance(state, MetromaniaState)
        return state_text(state, player)

    def status_lines(self, state: State, player: int | None) -> list[str]:
        assert isinstance(state, MetromaniaState)
        return words.status_lines(state, player)

    def describe_event(
        self, before: State, event: Event, names: Sequence[str], viewer: int | None
    ) -> str | None:
        assert isinstance(before, MetromaniaState)
        return words.describe_event(self, before, event, names, viewer)

    def score_rows(self, card: Mapping[str, Any]) -> list[tuple[str, Any]]:
        return words.score_rows(card)

    def score_help(self) -> dict[str, str]:
        return words.score_help(self.mode)

    def reference(self, state: State, player: int | None) -> list[Reference]:
        """The trips and the destinations they join, and the viewer's own markers."""
        assert isinstance(state, MetromaniaState)
        return words.reference(state, player)

    def chance_picker(self, state: State, names: Sequence[str]) -> ChancePicker | None:
        """The layout as six places of districts, the deal as each company's markers."""
        assert isinstance(state, MetromaniaState)
        return picker.chance_picker(state, names)

    def may_undo(self, state: State, player: int) -> bool:
        """Only a step of this turn can be taken back."""
        assert isinstance(state, MetromaniaState)
        return player in state.to_act() and bool(state.taken)

    def controls(self, state: State, player: int) -> list[Control]:
        assert isinstance(state, MetromaniaState)
        return words.controls(self, state, player)

    def prompt(self, state: State, player: int) -> str:
        assert isinstance(state, MetromaniaState)
        return words.prompt(self, state, player)
