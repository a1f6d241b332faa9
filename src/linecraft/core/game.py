"""The game contract: an immutable `Game` and a mutable, cloneable `State`.

Modelled on OpenSpiel's Game/State split. Chance is explicit; several players may
act at once (the roll-and-write games). `apply` validates and leaves the state
untouched when it refuses; `apply_unchecked` is the fast path for bots.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal, NamedTuple, Protocol, runtime_checkable

from linecraft.core.errors import IllegalActionError, NotYourTurnError
from linecraft.core.i18n import _
from linecraft.core.rng import copy_rng, make_rng

#: The most outcomes the default chance picker lists in one question.
CHANCE_LIST_MAX = 40


@runtime_checkable
class Action(Protocol):
    """A small immutable value with one canonical text form (`str`) and a dense id."""

    @property
    def id(self) -> int: ...


Turn = Literal["rotate", "mirror"]


@runtime_checkable
class Outcome(Protocol):
    """A chance outcome (a roll, a card) with a canonical text form (`str`)."""


class ScoreCard(Mapping[str, Any]):
    """One player's score: a JSON-ready breakdown by category, always with a `total`."""

    def __init__(self, fields: Mapping[str, Any]) -> None:
        if "total" not in fields:
            raise ValueError("a score card needs a 'total'")
        self._fields = dict(fields)

    @property
    def total(self) -> int:
        return int(self._fields["total"])

    def __getitem__(self, key: str) -> Any:
        return self._fields[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    def __repr__(self) -> str:
        return f"ScoreCard({self._fields!r})"


@dataclass(frozen=True, slots=True)
class Control:
    """A button of the game's own beside the board: the action it plays, its label, and
    whether it may be pressed now (`why_not` says why not, in words)."""

    action: str
    label: str
    enabled: bool = True
    why_not: str = ""
    group: str = ""  # buttons of one group fold under one button of this name
    picture: str | None = None  # a small SVG shown beside the label


@dataclass(frozen=True, slots=True)
class Picture:
    """A small drawing with its words: a die face, a card, a tile, an example board."""

    svg: str | None
    caption: str


@dataclass(frozen=True, slots=True)
class HelpSection:
    """One part of a How to play page: a heading, paragraphs, and pictures."""

    title: str
    paragraphs: tuple[str, ...]
    pictures: tuple[Picture, ...] = ()


@dataclass(frozen=True, slots=True)
class HelpPage:
    """One screen of help: the base game, or one expansion or module (`key`)."""

    key: str
    title: str
    sections: tuple[HelpSection, ...]


@dataclass(frozen=True, slots=True)
class Reference:
    """What a seat may look up beside the board: the dice faces, the cards left, the
    tiles left — a title and its pictures."""

    title: str
    items: tuple[Picture, ...]


@dataclass(frozen=True, slots=True)
class ChanceChoice:
    """One thing an assistant may say chance showed: a die's face, a card, a tile."""

    code: str  # how the outcome's notation writes it
    picture: Picture  # what it looks like, and its words
    # The physical things it uses up (a district, a marker, a colour), separated by
    # spaces: choices sharing a token are chosen at most once across a picker's
    # questions; "" uses up nothing.
    token: str = ""


@dataclass(frozen=True, slots=True)
class ChanceQuestion:
    """One part of a chance outcome: one die, the card flipped, one company's hand."""

    title: str
    choices: tuple[ChanceChoice, ...]
    count: int = 1  # how many choices it takes (a hand of markers), in any order
    code: str = ""  # written before its choices in the notation ("0=", "purple=")
    joiner: str = ","  # between its choices when it takes several


@dataclass(frozen=True, slots=True)
class ChancePicker:
    """What an assistant room asks the person at a real table when chance is due: the
    outcome is put together from pictures instead of typed in notation. The outcome's
    text is the prefix, then each question's part, separated by spaces."""

    title: str
    questions: tuple[ChanceQuestion, ...]
    prefix: str = ""

    def outcome(self, picks: Sequence[Sequence[str]]) -> str:
        """The outcome text for the choices' codes, question by question.

        >>> die = ChanceQuestion("die", (ChanceChoice("HS", Picture(None, "straight")),))
        >>> ChancePicker("roll", (die, die), "roll").outcome([["HS"], ["HS"]])
        'roll HS HS'
        """
        parts = [
            question.code + question.joiner.join(codes)
            for question, codes in zip(self.questions, picks, strict=True)
        ]
        return " ".join([self.prefix, *parts] if self.prefix else parts)


@dataclass(frozen=True, slots=True)
class Effort:
    """How hard the search bot (`linecraft.bots.search`) thinks: a game sets one per
    level, shaped to its turns and its chance."""

    beam: int = 6  # partial plans of the seat's own turn kept at each action
    leaves: int = 6  # best plans judged past the next chance event
    samples: int = 4  # chance outcomes each plan meets per round of judging
    rounds: int = 3  # rounds of judging; the worse half of the plans goes after each
    horizon: int = 1  # chance events looked past (0: the plan's heuristic alone)
    reply_beam: int = 1  # width of the plans of later turns (1: greedy)
    # The other seats' moves in playouts: 0, the greedy bot's; else drawn at random, a
    # move `temper` points worse e times less likely (a judge's many plausible games).
    temper: float = 0.0


class Event(NamedTuple):
    """One step of a game's history: a player's action, or a chance outcome (player None).
    A named tuple: every action of every game makes one, and a tuple is made fastest."""

    player: int | None
    text: str

    def to_json(self) -> dict[str, Any]:
        if self.player is None:
            return {"chance": self.text}
        return {"player": self.player, "action": self.text}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        if not isinstance(data, Mapping):  # a record file can hold anything
            raise ValueError(
                "an event is an object: {'chance': TEXT} or {'player': N, 'action': TEXT}"
            )
        if "chance" in data:
            return cls(None, str(data["chance"]))
        return cls(int(data["player"]), str(data["action"]))


class Game(ABC):
    """Static, immutable description of one game with its options."""

    name: str
    num_players: int
    num_distinct_actions: int
    # Whether the rules let a player take back an action (`State.undo`).
    has_undo: bool = False
    # Whether all seats play at once (the roll-and-write games) rather than in turn.
    simultaneous: bool = False
    # Whether score cards during play reveal nothing secret (else: shown only at the end).
    public_scores: bool = True
    # Examples of the action notation, and what a chance outcome is, for help texts.
    action_help: str = ""
    #: What to do when several plays aim at one spot and start from different ones.
    origin_help: str = "Several plays fit here: click the marked spot you mean."
    chance_help: str = "the chance outcome"
    # Whether another seat's moves change one's score (a shared board), so a bot weighs
    # its lead rather than its own score alone.
    interactive: bool = False
    # The search bot's effort at each level (`linecraft.bots.search`): "normal" plans
    # the turn, "expert" looks past chance too. Games shape them to their turns.
    search_efforts: Mapping[str, Effort] = MappingProxyType(
        {"normal": Effort(beam=4, horizon=0), "expert": Effort()}
    )

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options: Mapping[str, Any] = dict(options)

    @abstractmethod
    def new_state(self, seed: int) -> State:
        """The position before the first event, with its own seeded generator."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action named by `text`; `ActionSyntaxError` when it names none."""

    @abstractmethod
    def parse_outcome(self, text: str) -> Outcome:
        """The chance outcome named by `text`; `ActionSyntaxError` when it names none."""

    @abstractmethod
    def action_from_id(self, action_id: int) -> Action:
        """The action with this dense id (inverse of `action.id`)."""

    # --- positions: the game's plain-text position format (a board, a sheet) ---------
    @abstractmethod
    def parse_position(self, text: str) -> Any:
        """Read the position format; `PositionError` names the line and the problem."""

    @abstractmethod
    def format_position(self, position: Any) -> str:
        """Canonical text of a position (round-trips with `parse_position`)."""

    @abstractmethod
    def position_of(self, state: State, player: int) -> Any:
        """The position of one player's seat in a state."""

    @abstractmethod
    def check_position(self, position: Any) -> list[str]:
        """Why the position could not arise in legal play with these options (empty: valid)."""

    @abstractmethod
    def score_position(self, position: Any) -> Mapping[str, Any]:
        """The scorer's output for a position on its own (a score card, or the game's
        own records); `PositionError` when the game scores only valid positions."""

    def format_score(self, result: Mapping[str, Any]) -> str:
        """The scorer's output as text: `name: value` lines unless the rules say otherwise."""
        lines = []
        for key, value in result.items():
            text = json.dumps(value) if isinstance(value, list | dict) else value
            lines.append(f"{key}: {text}")
        return "\n".join(lines) + "\n"

    def action_target(self, action: Action) -> str | None:
        """The board spot an action is played on (a square, a station), for clients that
        place by clicking; its drawings mark such spots with `data-target`."""
        return None

    def action_pick(self, action: Action) -> tuple[str, str | None] | None:
        """What a placing action picks before its spot is clicked (a die, a tile in hand,
        a line) and the drawing it is placed as (an orientation; None when it has one),
        so a client can offer the piece, turn it, then show where it goes."""
        return None

    def action_origin(self, action: Action) -> str | None:
        """The spot an action starts from, where that tells it apart from others aimed at
        the same spot (the end of a line a section is drawn from), so a client asks on
        the board which one is meant."""
        return None

    def choice_label(self, action: Action) -> tuple[str, str | None]:
        """An action in words, with a small SVG picture or None, for the buttons a client
        shows when several plays aim at one spot with the same piece."""
        return str(action), None

    def asks_first(self, action: Action) -> bool:
        """Whether a client shows this action on the board and waits for Confirm even
        where the game has take-backs (a meteor strike lands where the arrows point)."""
        return False

    def may_undo(self, state: State, player: int) -> bool:
        """Whether `player` has something to take back now (an Undo button shows)."""
        return self.has_undo and player in state.to_act()

    def search_effort(self, level: str) -> Effort:
        """The search bot's effort at a level; `ValueError` names the levels."""
        try:
            return self.search_efforts[level]
        except KeyError:
            levels = ", ".join(self.search_efforts)
            raise ValueError(f"unknown search level {level!r} (levels: {levels})") from None

    def piece_label(self, piece: str) -> str:
        """A picked piece's name in words, for its button."""
        return piece

    def piece_group(self, piece: str) -> tuple[str, bool]:
        """The row of the hand a piece sits in, in words ("Dice", "Special routes"), and
        whether it is scarce: a client never picks a scarce piece by itself and asks
        before spending it."""
        return ("", False)

    def turn_form(self, form: str, turn: Turn) -> str | None:
        """A drawing after a quarter turn clockwise (`rotate`) or its mirror image
        (`mirror`); None where the rules allow no such turn."""
        return None

    def render_pick(self, piece: str, form: str | None) -> str | None:
        """A small SVG of a picked piece in that drawing; None: clients show its name."""
        return None

    def positions_of(self, state: State) -> dict[str, Any]:
        """The positions a finished record is scored by: one per seat, unless the game
        has one shared table."""
        return {f"player {p}": self.position_of(state, p) for p in range(self.num_players)}

    @abstractmethod
    def explain_score(self, position: Any) -> list[str]:
        """The score breakdown in words: what scores where, and every error."""

    @abstractmethod
    def render_position(
        self, position: Any, *, overlay: bool = False, title: str | None = None
    ) -> str:
        """An SVG drawing of the position; `overlay` adds the scoring overlay."""

    @abstractmethod
    def render_state(
        self, state: State, player: int, *, overlay: bool = False, title: str | None = None
    ) -> str:
        """An SVG drawing of one seat's position in a game, with what only a game knows
        (the round each square was drawn in)."""

    def status_lines(self, state: State, player: int | None) -> list[str]:
        """What a seat reads beside the drawings (the round, the roll or card, its hand
        and markers, never another seat's secrets), as rich markup lines; a client
        that draws the boards itself shows these next to them."""
        return []

    # --- words: what a client tells players, in the game's own words -------------------
    def describe_event(
        self, before: State, event: Event, names: Sequence[str], viewer: int | None
    ) -> str | None:
        """One line of the game log: `event` as applied to `before`, told as `viewer`
        (None: a spectator) may know it, with seats called by `names`. None leaves the
        event out. The default names the action; a private draw (`chance_viewers`) is
        told only to those who see it."""
        if event.player is not None:
            return f"{names[event.player]}: {event.text}"
        seen_by = before.chance_viewers()
        return event.text if seen_by is None or viewer in seen_by else None

    def score_rows(self, card: Mapping[str, Any]) -> list[tuple[str, Any]]:
        """A score card as a player reads it: (row in words, value) with every penalty
        negative, the total last. The default lists the plain fields by name."""
        rows = [(k, v) for k, v in card.items() if k != "total" and isinstance(v, int | str)]
        return [*rows, ("Total", card["total"])]

    def controls(self, state: State, player: int) -> list[Control]:
        """The buttons beside the board for actions that pick no piece and aim at no spot
        (end the round, pass, draw), in words; a control may be shown disabled, with the
        reason, until the rules allow it. The default: each such legal action by name."""
        return [
            Control(str(a), str(a))
            for a in state.legal_actions(player)
            if self.action_pick(a) is None and self.action_target(a) is None and str(a) != "undo"
        ]

    def reference(self, state: State, player: int | None) -> list[Reference]:
        """What a seat may look up now (never another seat's secrets)."""
        return []

    def guide(self) -> list[tuple[str, str]]:
        """A first game's guide: steps of (part of the room, what to do there), the parts
        being "hand", "board", "controls" and "scores"; empty: no guide."""
        return []

    def score_help(self) -> dict[str, str]:
        """A line explaining each score row, by the row's words (`score_rows`)."""
        return {}

    def prompt(self, state: State, player: int) -> str:
        """One line telling a seat that is to act what is left to do now."""
        return ""

    def chance_picker(self, state: State, names: Sequence[str]) -> ChancePicker | None:
        """The pending chance event as questions with pictures, for an assistant room
        (`names`: the seats' names, for whose draw it is).
        The default: one question listing every outcome in notation, when they are few
        enough to read (None: the outcome is only typed)."""
        outcomes = [str(outcome) for outcome, _odds in state.chance_outcomes()]
        if len(outcomes) > CHANCE_LIST_MAX:
            return None
        choices = tuple(ChanceChoice(text, Picture(None, text)) for text in outcomes)
        return ChancePicker(_(self.chance_help), (ChanceQuestion(_(self.chance_help), choices),))

    @abstractmethod
    def render_text(self, state: State, player: int | None) -> str:
        """What a terminal shows of a state to a seat (None: every seat), as rich markup."""

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<Game {self.name} {opts}>"


class State(ABC):
    """A mutable game position. Subclasses implement the underscored hooks."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self._seed = seed
        self._rng = make_rng(seed)
        # Clones share the generator until one of them samples: that one copies it first
        # (copying costs more than the rest of a clone, and views and searches never sample).
        self._rng_shared = False
        self.history: list[Event] = []

    # --- whose move -------------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Players who may act now; empty at chance events and when the game is over."""

    @abstractmethod
    def is_chance(self) -> bool:
        """True when the next event is a chance outcome (a roll, a draw)."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    def stalled(self) -> bool:
        """Whether play has come back to a position it left, nothing changed since:
        every seat passed in turn. Seats that keep choosing as they did would go round
        for ever, so a search's playout stops there. No game but Metromania can."""
        return False

    def foreseen(self, player: int) -> bool:
        """Whether `player` sees all there is and no chance lies ahead: every world a
        search draws for the seat (`determinised`) is this position, and play from it
        goes one way, so one sample of a plan says all that more samples would."""
        return False

    # --- actions ----------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of `player` now, in a fixed order (empty when none)."""

    @abstractmethod
    def check(self, player: int, action: Action) -> None:
        """Raise `IllegalActionError` with the reason when `action` is illegal now."""

    @abstractmethod
    def _do(self, player: int, action: Action) -> None:
        """Carry out an action already known to be legal."""

    def apply(self, player: int, action: Action | str) -> Action:
        """Validate and carry out an action (or its text); returns the parsed action.

        On any error the state is exactly as it was.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if player not in self.to_act():
            raise NotYourTurnError(self._not_your_turn(player))
        self.check(player, action)
        self.apply_unchecked(player, action)
        return action

    def apply_unchecked(self, player: int, action: Action) -> None:
        """Carry out a legal action without validating it (for bots and search)."""
        self._do(player, action)
        self.history.append(Event(player, str(action)))

    def undo(self, player: int) -> None:
        """Take back `player`'s last action where the rules allow it."""
        if not self.game.has_undo:
            raise IllegalActionError(
                _("{game}: the rules allow no take-backs").format(game=self.game.name)
            )
        self.apply(player, self.game.parse_action("undo"))

    def _not_your_turn(self, player: int) -> str:
        if self.is_terminal():
            return "the game is over"
        if self.is_chance():
            return "waiting for a chance event"
        if not 0 <= player < self.game.num_players:
            return _("there is no player {player}").format(player=player)
        return _("player {player} may not act now (to act: {to_act})").format(
            player=player, to_act=list(self.to_act())
        )

    # --- chance -----------------------------------------------------------------------
    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Outcome, float]]:
        """Every outcome of the pending chance event with its probability."""

    def chance_viewers(self) -> tuple[int, ...] | None:
        """The seats that see the pending chance outcome (a private draw), or None when
        everyone does."""
        return None

    @abstractmethod
    def _sample_outcome(self, rng: random.Random) -> Outcome: ...

    @abstractmethod
    def _do_chance(self, outcome: Outcome) -> None: ...

    def apply_chance(self, outcome: Outcome | str) -> Outcome:
        """Resolve the pending chance event with a given outcome (or its text)."""
        if isinstance(outcome, str):
            outcome = self.game.parse_outcome(outcome)
        if not self.is_chance():
            raise NotYourTurnError(_("no chance event is pending"))
        self._do_chance(outcome)
        self.history.append(Event(None, str(outcome)))
        return outcome

    def advance(self, rng: random.Random | None = None) -> Outcome:
        """Resolve the pending chance event by sampling the state's own seeded generator,
        or `rng` (the web platform's live rooms pass the operating system's generator,
        so nobody can predict a roll from the rolls seen so far)."""
        if not self.is_chance():
            raise NotYourTurnError(_("no chance event is pending"))
        return self.apply_chance(self._sample_outcome(rng or self._own_rng()))

    def _own_rng(self) -> random.Random:
        """The state's generator, copied first if clones share it: every sharer copies
        before it samples, so the shared one never moves and each continues alike."""
        if self._rng_shared:
            self._rng, self._rng_shared = copy_rng(self._rng), False
        return self._rng

    # --- results ----------------------------------------------------------------------
    @abstractmethod
    def scores(self) -> dict[int, ScoreCard]:
        """Every player's score card for the position as it stands."""

    def heuristic(self, player: int) -> float:
        """How good the position looks for `player` (higher is better), for one-ply bots.

        Games override this with their own judgement of unfinished positions.
        """
        return float(self.scores()[player].total)

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning players after the game's tie-break rules (several when shared)."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """A JSON-ready observation for a seat (None: a spectator), with secrets removed."""

    # --- copying ----------------------------------------------------------------------
    @abstractmethod
    def _copy_into(self, other: State) -> None:
        """Copy the game-specific fields into a fresh instance."""

    def clone(self) -> State:
        """An independent copy; its generator continues the same sequence."""
        other = self._position()
        other.history = list(self.history)
        return other

    def _position(self, *, throwaway: bool = False) -> State:
        """A copy without the history: what a search tries a move on. A `throwaway` copy
        is dropped before this state moves on, so this state keeps its generator as its
        own (the copy still copies it before it would ever sample)."""
        other = self._blank()
        other.game = self.game
        other._seed = self._seed
        other._rng = self._rng
        other._rng_shared = True
        if not throwaway:
            self._rng_shared = True
        other.history = []
        self._copy_into(other)
        return other

    def determinised(self, player: int, rng: random.Random) -> State:
        """A copy, without history, in which everything `player`'s view hides is drawn
        afresh from `rng`, consistent with what that seat has seen: the position a
        searching bot may look at. It is a function of `view(player)` and `rng` alone,
        so nothing hidden leaks into a bot's choice. Games whose only secret is the
        future (which a search draws with its own generator) keep this plain copy;
        games with hidden hands or goals override it."""
        return self._position()

    # --- batches for search and learning ----------------------------------------------
    def child_values(self, player: int) -> list[tuple[Action, float]]:
        """Each legal action of `player` with how good the position after it looks to
        them (`heuristic`), in `legal_actions` order: a one-ply search's whole batch in
        one call. The children are thrown away, so they are made without a history."""
        values = []
        for action in self.legal_actions(player):
            value = self.quick_value(player, action)
            if value is None:
                child = self._position(throwaway=True)
                child._do(player, action)
                value = child.heuristic(player)
            values.append((action, value))
        return values

    def quick_value(self, player: int, action: Action) -> float | None:
        """`heuristic(player)` after the legal `action`, found without making the position
        after it, where the game can: a search judges every action and keeps few of the
        positions. Only for an action after which `player` is still to act; None: make
        the position and ask it."""
        return None

    def child(self, player: int, action: Action) -> State:
        """The position after a legal `action`, on a copy without history (a search's
        node; this state is unchanged)."""
        other = self._position()
        other._do(player, action)
        return other

    def chance_child(self, outcome: Outcome) -> State:
        """The position after a chance outcome, on a copy without history."""
        other = self._position()
        other._do_chance(outcome)
        return other

    def _blank(self) -> State:
        """An instance of this class with nothing set up, for `clone` to fill in. A state
        class compiled with mypyc (see linecraft.compiled) can only be made by its
        constructor, so it overrides this with a constructor call that sets up nothing."""
        cls = type(self)
        return cls.__new__(cls)

    @property
    def seed(self) -> int:
        """The seed this game started from (never part of a view)."""
        return self._seed

    def replay_events(self, events: Sequence[Event]) -> None:
        """Apply recorded events in order, validating every action."""
        for event in events:
            if event.player is None:
                self.apply_chance(event.text)
            else:
                self.apply(event.player, event.text)
