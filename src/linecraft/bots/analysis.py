"""A finished game read back move by move: where a seat lost points, in words.

Every decision of the seat is set beside the expert's choice from the same position,
both judged alike by the search (`SearchBot.compare`): the points the seat may expect
after the move played and after the choice (its score a few turns on as the game's
heuristic reckons it, or, where seats interact, its lead). The biggest gaps are the
lessons of the game, where they stand clear of what the samples' luck could make.
The expert sees only what the seat saw then, so a move is never blamed for a card or
a roll nobody could know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from linecraft.bots.search import SearchBot
from linecraft.core.errors import LinecraftError, RecordError
from linecraft.core.game import Event, Game, State
from linecraft.core.i18n import _, _n
from linecraft.core.records import initial_state

#: A gap below this many points is too small to be a lesson, however sure.
NOTABLE = 1.0


@dataclass(frozen=True)
class Moment:
    """One decision of the seat: the move played and the expert's choice, in notation
    and in words, with what each is worth."""

    step: int  # the record's events before it: the replay's step that shows it
    when: str
    played: str
    played_words: str
    choice: str
    choice_words: str
    choice_picture: str | None  # a small SVG of the expert's choice, where the game has one
    played_value: float
    choice_value: float
    noise: float  # how big a gap the samples' luck alone could make (`Comparison.noise`)
    target: str | None  # the board spot of the expert's choice, to mark in a replay
    turned: bool  # the choice is the move played turned: the same piece on the same spot

    @property
    def loss(self) -> float:
        """What the move played gave away (never below zero: the choice is the search's
        best guess, and a move it judges better costs nothing)."""
        return max(0.0, self.choice_value - self.played_value)

    @property
    def notable(self) -> bool:
        """Whether the loss is a lesson: a point or more, and more than luck makes."""
        return self.loss >= NOTABLE and self.loss > self.noise

    def lesson(self, pictured: bool = True) -> str:
        """The moment in words: what the move cost, and what the expert would play.
        Where the choice is shown `pictured` (the replay viewer marks it on the board),
        its words may say "here"; elsewhere (the terminal) its notation says where."""
        if self.loss < NOTABLE:
            return _("{when}: {played}: as good as the expert's choice.").format(
                when=self.when, played=self.played_words
            )
        if not self.notable:
            return _("{when}: {played}: too close to the expert's choice to tell apart.").format(
                when=self.when, played=self.played_words
            )
        points = round(self.loss)
        cost = _n("about {points} point lost", "about {points} points lost", points)
        better = self.choice_words
        if self.turned and pictured:
            better = _("{choice}, turned as pictured").format(choice=better)
        elif self.turned:
            # TRANSLATORS: {notation} is the turned drawing in the game's notation, e.g. d3 F6 ..HH
            better = _("{choice}, turned as in {notation}").format(
                choice=better, notation=self.choice
            )
        elif not pictured:
            # TRANSLATORS: {notation} is the move in the game's notation, e.g. L1:G0.0>5,0
            better = _("{choice} ({notation})").format(choice=better, notation=self.choice)
        return _("{when}: {played}: {cost}. Better: {choice}.").format(
            when=self.when,
            played=self.played_words,
            cost=cost.format(points=points),
            choice=better,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "when": self.when,
            "played": self.played,
            "choice": self.choice,
            "played_value": round(self.played_value, 2),
            "choice_value": round(self.choice_value, 2),
            "loss": round(self.loss, 2),
            "noise": round(self.noise, 2),
            "notable": self.notable,
            "target": self.target,
            "picture": self.choice_picture,
            "lesson": self.lesson(),
        }


def analyse(
    game: Game,
    start: State,
    events: Sequence[Event],
    seat: int,
    *,
    names: Sequence[str] = (),
    seed: int = 0,
    budget: float = 1.0,
) -> list[Moment]:
    """Each decision of `seat` in a game replayed from `start`: its `Moment`, told with
    the seats' `names` (else "Player 1" …). The expert thinks with `budget` times its
    usual chance samples."""
    if not 0 <= seat < game.num_players:
        raise ValueError(
            _("there is no seat {seat} (seats 0 to {last})").format(
                seat=seat, last=game.num_players - 1
            )
        )
    expert = SearchBot(seed, level="expert", budget=budget)
    called = [
        names[p] if p < len(names) else _("Player {n}").format(n=p + 1)
        for p in range(game.num_players)
    ]
    state = start
    moments = []
    decisions = 0
    for step, event in enumerate(events):
        if event.player == seat:
            decisions += 1
            played = game.parse_action(event.text)
            compared = expert.compare(state, seat, played)
            words, picture = game.choice_label(compared.choice)
            target = game.action_target(compared.choice)
            moments.append(
                Moment(
                    step=step,
                    when=_when(state, seat, decisions),
                    played=event.text,
                    played_words=_words(state, event, called),
                    choice=str(compared.choice),
                    choice_words=words,
                    choice_picture=picture,
                    played_value=compared.played_value,
                    choice_value=compared.choice_value,
                    noise=compared.noise,
                    target=target,
                    # Words name a piece and a way, not always a spot: both must agree.
                    turned=game.choice_label(played)[0] == words
                    and game.action_target(played) == target,
                )
            )
        if event.player is None:
            state.apply_chance(event.text)
        else:
            state.apply(event.player, event.text)
    return moments


def analyse_record(
    record: Mapping[str, Any], seat: int, *, seed: int = 0, budget: float = 1.0
) -> list[Moment]:
    """`analyse` for a game record (`linecraft.core.records`); `RecordError` names the
    event that is not a move of the game."""
    try:
        events = [Event.from_json(raw) for raw in record["events"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(
            _("an event of the record is malformed: {reason}").format(reason=exc)
        ) from None
    start = initial_state(record)
    names = [str(name) for name in record.get("players") or []]
    try:
        return analyse(start.game, start, events, seat, names=names, seed=seed, budget=budget)
    except LinecraftError as exc:
        raise RecordError(
            _("the record is not a legal game: {reason}").format(reason=exc)
        ) from None


def biggest(moments: Sequence[Moment], count: int = 5) -> list[Moment]:
    """The moments that cost most, biggest first, leaving out the search's noise."""
    costly = [m for m in moments if m.notable]
    return sorted(costly, key=lambda m: -m.loss)[:count]


def _when(state: State, seat: int, decisions: int) -> str:
    """The moment's place in the game: its round where the game has rounds."""
    seen = state.view(seat)
    if isinstance(seen.get("round"), int):
        return _("Round {round}, move {move}").format(round=seen["round"], move=decisions)
    return _("Move {move}").format(move=decisions)


def _words(before: State, event: Event, names: Sequence[str]) -> str:
    """What a move does, as the game log tells it ("Ann drew …")."""
    told = before.game.describe_event(before, event, names, event.player) or event.text
    return told.strip().rstrip(".")


def report(moments: Sequence[Moment]) -> dict[str, Any]:
    """The analysis as JSON for a client: every moment, how many cost a point or more,
    and the steps of the biggest losses. (No sum of losses: each is an estimate, and
    their noise, never below zero, would add up to a loss that did not happen.)"""
    return {
        "decisions": len(moments),
        "costly": sum(1 for m in moments if m.notable),
        "moments": [m.to_json() for m in moments],
        "biggest": [m.step for m in biggest(moments)],
    }
