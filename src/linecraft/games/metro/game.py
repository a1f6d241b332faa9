"""The `Game` of Metro: options, the table as its position, scorer records, drawing."""

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
    Turn,
)
from linecraft.core.i18n import N_, _
from linecraft.games.metro import actions as notation
from linecraft.games.metro import words
from linecraft.games.metro.board import square_name
from linecraft.games.metro.chance import chance_picker
from linecraft.games.metro.position import Table, format_position, parse_position, position_problems
from linecraft.games.metro.reference import share_cards, tiles_left
from linecraft.games.metro.rules import MetroState
from linecraft.games.metro.scoring import format_records, score_table
from linecraft.games.metro.svg import Window, render_share, render_table, render_tile
from linecraft.games.metro.tables import edge_owners, parse_share, share_text
from linecraft.games.metro.terminal import state_text
from linecraft.games.metro.tiles import rotate


class Metro(Game):
    """Metro for 2–6 players with the variants (free rotation, larger hands) and the
    four expansion modules (1 companies, 2 central stations, 3 central tracks,
    4 numbered stations; 2 and 3 exclude each other)."""

    name = "metro"
    has_undo = False
    interactive = True  # one shared board: every placement changes the others' lines
    # A turn is one placement and a tile is drawn after it: looking five draws ahead
    # (about two turns of each seat) is what beats the greedy bot (benchmarks/bots.py).
    search_efforts = MappingProxyType(
        {
            "normal": Effort(beam=4, leaves=4, samples=4, rounds=1, horizon=1),
            "expert": Effort(beam=6, leaves=10, samples=8, rounds=3, horizon=5),
        }
    )
    public_scores = False  # shares and number tokens are secret until the end
    num_distinct_actions = notation.NUM_DISTINCT_ACTIONS
    action_help = "place 07   place 30 cbaa   draw   exchange 20 open   central C2   pass"
    # Read by the platform, which translates it (what an assistant room asks to type).
    # TRANSLATORS: completes "Type … below and press Play."; keep the notation "tile cbaa".
    chance_help = N_("the tile you drew (e.g. tile cbaa) or the share, piece or number shown")

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.num_players = int(options["players"])
        self.hand_size = int(options["hand_size"])
        self.free_rotation = bool(options["free_rotation"])
        self.modules = frozenset(options["modules"])
        self.exchange_cooldown = bool(options["exchange_cooldown"])
        self.central_cars_open_only = bool(options["central_cars_open_only"])
        self.central_track_rotation = str(options["central_track_rotation"])
        self.central_tracks_no_adjacency = bool(options["central_tracks_no_adjacency"])
        self.numbers_per_player = int(options["numbers_per_player"])
        # Departure → colour of the car printed on the board (or a company's station).
        self.edge_cars = edge_owners(self.num_players, 1 in self.modules)
        if {2, 3} <= self.modules:
            raise ValueError(_("modules 2 and 3 cannot be combined (§15)"))
        if 4 in self.modules and self.numbers_per_player * self.num_players > 32:
            # TRANSLATORS: numbers_per_player is the option's name in the game's settings.
            most = _("numbers_per_player is at most {most} here")
            raise ValueError(most.format(most=32 // self.num_players))

    def action_target(self, action: Action) -> str | None:
        """A tile's square, or a central car's position (its eighth of the station)."""
        if isinstance(action, notation.Place):
            return square_name(action.square)
        if isinstance(action, notation.Central):
            return action.position
        return None

    def action_pick(self, action: Action) -> tuple[str, str | None] | None:
        """A tile of the hand (or the one drawn) and, with free rotation, its quarter
        turns; or the share a central car reveals (modules 1 and 2)."""
        if isinstance(action, notation.Central) and action.share is not None:
            return share_text(*action.share), None
        if not isinstance(action, notation.Place) or action.code is None:
            return None
        return action.code, None if action.rotation is None else str(action.rotation)

    def turn_form(self, form: str, turn: Turn) -> str | None:
        """Free rotation turns a tile a quarter at a time; tiles are never mirrored."""
        return str((int(form) + 1) % 4) if turn == "rotate" and self.free_rotation else None

    def render_pick(self, piece: str, form: str | None) -> str | None:
        share = parse_share(piece)
        if share is not None:
            return render_share(*share)
        return render_tile(rotate(piece, int(form or 0)))

    def piece_label(self, piece: str) -> str:
        share = parse_share(piece)
        return words.share_label(*share) if share else words.tile_label(piece)

    def piece_group(self, piece: str) -> tuple[str, bool]:
        """Shares sit in a row of their own, scarce: revealing one is never picked for
        the player and always asks first."""
        return (_(words.SHARES_ROW), True) if parse_share(piece) else ("", False)

    def choice_label(self, action: Action) -> tuple[str, str | None]:
        return words.choice_label(action)

    def asks_first(self, action: Action) -> bool:
        """Every placement waits for Confirm (no take-backs); asking first also gives
        the Confirm line its words."""
        return isinstance(action, notation.Place | notation.Central)

    def new_state(self, seed: int) -> MetroState:
        return MetroState(self, seed)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def parse_outcome(self, text: str) -> Outcome:
        return notation.parse_outcome(text)

    def chance_picker(self, state: State, names: Sequence[str]) -> ChancePicker:
        """The draw as pictures: the tiles still in the pile (with how many of each),
        the central pieces not yet laid, the shares in the stack, the numbers left."""
        assert isinstance(state, MetroState)
        return chance_picker(state, names)

    def action_from_id(self, action_id: int) -> Action:
        return notation.action_from_id(action_id)

    # --- positions: the whole table --------------------------------------------------
    def parse_position(self, text: str) -> Table:
        return parse_position(text)

    def format_position(self, position: Table) -> str:
        return format_position(position)

    def position_of(self, state: State, player: int) -> Table:
        """The table with every secret revealed (what the scorer reads at the end)."""
        assert isinstance(state, MetroState)
        return state.table()

    def positions_of(self, state: State) -> dict[str, Any]:
        return {"table": self.position_of(state, 0)}

    def check_position(self, position: Table) -> list[str]:
        return position_problems(position)

    def score_position(self, position: Table) -> dict[str, Any]:
        problems = position_problems(position)
        if problems:
            told = _("invalid position: {problems}").format(problems="; ".join(problems))
            raise PositionError(told, problems)
        return score_table(position)

    def format_score(self, result: Mapping[str, Any]) -> str:
        return format_records(dict(result))

    def explain_score(self, position: Table) -> list[str]:
        result = score_table(position)
        out = []
        for player in result["players"]:
            owned = [
                line
                for line in result["lines"]
                if line["owner"] == player["colour"] and line["status"] == "complete"
            ]
            doubled = sum(1 for line in owned if line["doubled"] == "yes")
            extras = [f"{k} {player[k]}" for k in ("shares", "bonus", "numbers") if player[k]]
            out.append(
                f"seat {player['seat']} ({player['colour']}): lines {player['lines']} "
                f"({len(owned)} complete, {doubled} doubled)"
                + "".join(f", {extra}" for extra in extras)
                + f"; total {player['total']}"
            )
        for company in result.get("companies", []):
            out.append(
                f"company {company['colour']}: profit {company['profit']}, value {company['value']}"
            )
        return out

    # --- drawing ----------------------------------------------------------------------
    def render_position(
        self,
        position: Table,
        *,
        overlay: bool = False,
        title: str | None = None,
        window: Window | None = None,
    ) -> str:
        """The table with its finished lines traced in their owners' colours; `overlay`
        adds each seat's points below; How to play shows a `window` of it."""
        scores = words.overlay_lines(score_table(position)) if overlay else None
        return render_table(position, scores=scores, title=title, window=window)

    def render_state(
        self, state: State, player: int, *, overlay: bool = False, title: str | None = None
    ) -> str:
        """The shared table. `overlay` also marks where the seat's tiles fit, which
        depends on its secret hand, so a drawing others see never carries it."""
        assert isinstance(state, MetroState)
        table = state.table(secrets=state.is_terminal())
        targets: set[int] = set()
        if overlay and player in state.to_act():
            for code in state.tiles_to_place(player):
                targets |= {p.square for p in state.placements(code)}
        shown = overlay or state.is_terminal()
        lines = words.overlay_lines(score_table(table)) if shown else None
        return render_table(table, scores=lines, highlight=frozenset(targets), title=title)

    def render_text(self, state: State, player: int | None) -> str:
        assert isinstance(state, MetroState)
        return state_text(state, player)

    def status_lines(self, state: State, player: int | None) -> list[str]:
        """In words for the browser; the terminal keeps the codes it types."""
        assert isinstance(state, MetroState)
        return words.status_lines(self, state, player)

    def describe_event(
        self, before: State, event: Event, names: Sequence[str], viewer: int | None
    ) -> str | None:
        assert isinstance(before, MetroState)
        return words.describe_event(self, before, event, names, viewer)

    def score_rows(self, card: Mapping[str, Any]) -> list[tuple[str, Any]]:
        return words.score_rows(self, card)

    def score_help(self) -> dict[str, str]:
        """Help for the rows this game's options produce (`score_rows`)."""
        return words.score_help(self)

    def reference(self, state: State, player: int | None) -> list[Reference]:
        """The tiles left (while any are), and with companies the share cards: what
        `player` may know."""
        assert isinstance(state, MetroState)
        found = [] if state.is_terminal() else [tiles_left(state, player)]
        if 1 in self.modules:
            found.append(share_cards(state, player))
        return found

    def controls(self, state: State, player: int) -> list[Control]:
        assert isinstance(state, MetroState)
        return words.controls(self, state, player)

    def prompt(self, state: State, player: int) -> str:
        assert isinstance(state, MetroState)
        return words.prompt(self, state, player)
