"""The `Game` of Next Station: London: options, the sheet as its position, drawing."""

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
    ScoreCard,
    State,
)
from linecraft.core.i18n import N_, _
from linecraft.games.next_station_london import actions as notation
from linecraft.games.next_station_london import words
from linecraft.games.next_station_london.chance import chance_picker
from linecraft.games.next_station_london.deck import PowerDraw, parse_outcome
from linecraft.games.next_station_london.london import COLOURS, LONDON
from linecraft.games.next_station_london.rules import NextStationLondonState
from linecraft.games.next_station_london.scoring import explain, score_sheet
from linecraft.games.next_station_london.sheet import (
    Sheet,
    format_sheet,
    parse_sheet,
    sheet_problems,
)
from linecraft.games.next_station_london.svg import render_sheet
from linecraft.games.next_station_london.terminal import state_text

MAX_TABLE_PLAYERS = 4


class NextStationLondon(Game):
    """Next Station: London for 1–4 players (more with `more_players`, §12), with the
    shared objectives (`objectives`) and pencil powers (`powers`) modules.

    `solo` (default: exactly when there is one player) adds the module deduction and
    the rating band to the score card; without `order`, the solo colour order is drawn.
    """

    name = "next-station-london"
    has_undo = False
    # A turn is one section and a card is flipped before each: the expert plays six
    # cards on, each with the greedy reply (benchmarks/bots.py).
    search_efforts = MappingProxyType(
        {
            "normal": Effort(leaves=5, samples=4, rounds=1, horizon=2),
            "expert": Effort(leaves=8, samples=16, rounds=3, horizon=6),
        }
    )
    simultaneous = True
    num_distinct_actions = notation.NUM_DISTINCT_ACTIONS
    action_help = "3,2-4,3   pass   joker 3,2-0,2   double 3,2-5,0 3,2-0,2   pass circle 3,2"
    origin_help = N_("Both ends of the line reach this station: click the end to draw from.")
    # TRANSLATORS: what to type when a card is flipped at the table; under-joker is the
    # card's code, to be typed as it is
    chance_help = N_("the card you flipped (e.g. under-joker) or the setup draw shown")

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.num_players = int(options["players"])
        if self.num_players > MAX_TABLE_PLAYERS and not options["more_players"]:
            raise ValueError(
                # TRANSLATORS: more_players=true is an option's code, typed as it is
                _(
                    "the game is for 1–{most} players; "
                    "more share one deck with more_players=true (§12)"
                ).format(most=MAX_TABLE_PLAYERS)
            )
        solo = options["solo"]
        self.solo: bool = self.num_players == 1 if solo is None else bool(solo)
        if self.solo and self.num_players != 1:
            raise ValueError(_("the solo variant is for exactly one player"))
        objectives, powers, order = options["objectives"], options["powers"], options["order"]
        self.module_a = objectives is not False
        self.objectives: tuple[str, ...] | None = (
            objectives if isinstance(objectives, tuple) else None
        )
        self.module_b = powers is not False
        self.powers = PowerDraw(powers) if isinstance(powers, tuple) else None
        self.order: tuple[str, ...] | None = order or (None if self.solo else COLOURS)

    def action_target(self, action: Action) -> str | None:
        """The station a move ends at (its last section's new station)."""
        sections = getattr(action, "sections", ())
        return LONDON.stations[sections[-1][1]].name if sections else None

    def action_origin(self, action: Action) -> str | None:
        """The station a move starts from: the end of the line (or, with the switch, the
        station it branches from) that a section is drawn from."""
        sections = getattr(action, "sections", ())
        return LONDON.stations[sections[0][0]].name if sections else None

    def action_pick(self, action: Action) -> tuple[str, str | None] | None:
        """A pencil power is picked like a piece before its station is clicked, so a
        plain click never spends one."""
        power = getattr(action, "power", None)
        return (power, None) if power and getattr(action, "sections", ()) else None

    def choice_label(self, action: Action) -> tuple[str, str | None]:
        """Plays that end at one station (with or without the circle, or a double's
        two ways there) told apart in words."""
        return words.choice_label(action), None

    def asks_first(self, action: Action) -> bool:
        """A section cannot be taken back, so Confirm says in words what it draws."""
        return bool(getattr(action, "sections", ()))

    def piece_group(self, piece: str) -> tuple[str, bool]:
        return (_(words.POWER_GROUP), True)

    def piece_label(self, piece: str) -> str:
        return words.power_label(piece)

    def new_state(self, seed: int) -> NextStationLondonState:
        return NextStationLondonState(self, seed)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def parse_outcome(self, text: str) -> Outcome:
        return parse_outcome(text)

    def chance_picker(self, state: State, names: Sequence[str]) -> ChancePicker:
        """The card flipped or the setup draw, picked from pictures at a real table."""
        assert isinstance(state, NextStationLondonState)
        return chance_picker(state)

    def action_from_id(self, action_id: int) -> Action:
        return notation.action_from_id(action_id)

    # --- positions: the sheet --------------------------------------------------------
    def parse_position(self, text: str) -> Sheet:
        return parse_sheet(text)

    def format_position(self, position: Sheet) -> str:
        return format_sheet(position)

    def position_of(self, state: State, player: int) -> Sheet:
        assert isinstance(state, NextStationLondonState)
        sheet = state.sheets[player]
        name = LONDON.stations
        return Sheet(
            lines={
                colour: [(name[a].point, name[b].point) for a, b in sections]
                for colour, sections in sheet.lines.items()
            },
            objectives=state.objectives or (),
            circle=None if sheet.circle is None else (sheet.circle[0], name[sheet.circle[1]].point),
        )

    def check_position(self, position: Sheet) -> list[str]:
        return sheet_problems(position)

    def score_position(self, position: Sheet) -> ScoreCard:
        """The scorer of §15; an invalid sheet raises `PositionError` with every problem."""
        problems = sheet_problems(position)
        if problems:
            # TRANSLATORS: {problems} lists what is wrong with the sheet, separated by ";"
            message = _("invalid sheet: {problems}").format(problems="; ".join(problems))
            raise PositionError(message, problems)
        return ScoreCard(score_sheet(position, powers=self.module_b).card(solo=self.solo))

    def explain_score(self, position: Sheet) -> list[str]:
        problems = sheet_problems(position)
        if problems:
            return [f"invalid: {problem}" for problem in problems]
        return explain(score_sheet(position, powers=self.module_b), solo=self.solo)

    # --- drawing ----------------------------------------------------------------------
    def render_position(
        self, position: Sheet, *, overlay: bool = False, title: str | None = None
    ) -> str:
        problems = sheet_problems(position)
        score = None if problems else score_sheet(position, powers=self.module_b)
        return render_sheet(position, score=score, overlay=overlay, title=title, solo=self.solo)

    def render_state(
        self, state: State, player: int, *, overlay: bool = False, title: str | None = None
    ) -> str:
        assert isinstance(state, NextStationLondonState)
        return render_sheet(
            self.position_of(state, player),
            score=state.sheet_score(player),
            overlay=overlay,
            title=title,
            solo=self.solo,
        )

    def render_text(self, state: State, player: int | None) -> str:
        assert isinstance(state, NextStationLondonState)
        return state_text(state, player)

    def status_lines(self, state: State, player: int | None) -> list[str]:
        return words.status_lines(state, player)

    def describe_event(
        self, before: State, event: Event, names: Sequence[str], viewer: int | None
    ) -> str | None:
        return words.describe_event(self, before, event, names, viewer)

    def score_rows(self, card: Mapping[str, Any]) -> list[tuple[str, Any]]:
        return words.score_rows(card, objectives=self.module_a)

    def score_help(self) -> dict[str, str]:
        return words.score_help()

    def reference(self, state: State, player: int | None) -> list[Reference]:
        return words.reference(state, player)

    def controls(self, state: State, player: int) -> list[Control]:
        return words.controls(self, state, player)

    def prompt(self, state: State, player: int) -> str:
        return words.prompt(self, state, player)
