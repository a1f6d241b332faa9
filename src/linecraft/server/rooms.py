"""Rooms: a game in progress, its seats (people with secret links, or bots), and what
each seat is sent. The server is authoritative: it holds the state, validates every
action, stores it, lets bots and chance move, and sends each seat its own view.

Threads: a room's lock guards its state and is held only briefly, by worker threads
(never on the event loop). A person's action is applied, followed by the chance it
releases, and committed in one transaction before it is acknowledged; bots think in
the background on a copy of the state, outside the lock, and their moves are checked
and committed like anyone's. Rooms are loaded from the store when first asked for, so
start-up never replays the games stored so far.
"""

from __future__ import annotations

import copy
import json
import logging
import secrets
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from functools import cache, lru_cache, partial
from typing import Any, TypeVar, cast

from rich.text import Text

import linecraft
from linecraft.bots import BOTS, LEVELS, Bot, make_bot
from linecraft.core.errors import LinecraftError
from linecraft.core.game import Action, Control, Event, Game, Reference, State
from linecraft.core.i18n import N_, _, _n, current
from linecraft.core.records import make_record, now_iso
from linecraft.core.registry import Option
from linecraft.server.chance import Chance
from linecraft.server.daily import BY_KEY, summary
from linecraft.server.gamelog import GameLog, recent_moves
from linecraft.server.offload import Offload
from linecraft.server.picks import pick_panel
from linecraft.server.replays import SHARED_BOARD_GAMES, step_view
from linecraft.server.store import RoomRow, RoomSummary, SeatRow, Store, StoreError

LOG_LINES = 200  # the log a view carries; older lines stay in the record
log = logging.getLogger("linecraft.server")
T = TypeVar("T")


class RoomError(Exception):
    """A request about rooms that cannot be met (unknown room, bad seat list…)."""


class RoomSetAside(RoomError):
    """A stored room whose log no longer replays: kept apart, never loaded again."""


class NotPlayingError(RoomError, LinecraftError):
    """An action from a seat that cannot play now: the room is closed or waits for
    players, or a bot plays the seat while its person is away."""


class SaveError(RoomError):
    """A change that could not be committed; the room is as it was before it."""


@dataclass
class Seat:
    seat: int
    name: str
    bot: str | None
    token: str
    stand_in: bool = False  # the bot plays for the seat's person while they are away
    handed_by: str | None = None


# what the table is told besides the game's events
HANDED = N_("{by} handed {name}'s seat to a bot while {name} was away.")
TOOK_BACK = N_("{name} is back and took the seat back from the bot.")
CLOCK_RAN_OUT = N_("{name}'s clock ran out: a bot played the turn.")

ABSENT_AFTER = 60.0  # seconds without a connection before a seat may be handed to a bot
CLOSE_IDLE_AFTER = 24 * 3600.0  # seconds without a move before a running room is closed


class Room:
    """One game and its seats; every change goes through `act` or `take_over`."""

    def __init__(
        self,
        row: RoomRow,
        seats: list[Seat],
        store: Store,
        workers: Executor,
        closed: threading.Event,
        absent_after: float = ABSENT_AFTER,
        offload: Offload | None = None,
    ) -> None:
        self.id = row.id
        self.created = row.created
        self.assistant = row.assistant
        self.status = row.status  # running, finished or closed
        self.row = row
        self.rematch = row.rematch  # the room of the next game at this table
        self.absent_after = absent_after
        # open connections per seat, and since when a seat has had none (never
        # connected since the server started counts from then)
        self._connections: dict[int, int] = {}
        self._away_since = {s.seat: time.monotonic() for s in seats}
        self._absent: set[int] = set()
        self.clock = row.clock
        self._turn_since: dict[int, float] = {}  # when each seat to act began its turn
        self._notices: list[tuple[int, str]] = store.notices(row.id)
        self.game: Game = linecraft.load(row.game, **options_of(row.options))
        self.options = row.options
        self.daily = row.daily  # "date challenge" of a daily challenge room
        self.chance = Chance(row.seed if row.practice or row.daily else None)
        # the state's own generator is never drawn from: `chance` is
        self.state: State = self.game.new_state(0)
        self.seats = seats
        self._store = store
        self._workers = workers
        self._offload = offload or Offload()
        self._closed = closed
        self._saved = 0  # events committed so far
        self._bots: dict[int, Bot] = {}
        self._lock = threading.RLock()
        self._moving = False  # a worker is letting bots and chance move
        self._watchers: set[Callable[[], None]] = set()
        # the latest view of each seat and drawing of the boards, made once per change
        # however many connections watch
        # (both per language: views and drawings are in their reader's words)
        self._views: dict[tuple[int | None, str], dict[str, Any]] = {}
        self._shared: dict[str, tuple[int, Any]] = {}  # see `_once_per_change`
        self.version = 0  # bumps on every change, so clients know to refresh
        self._logs: dict[str, GameLog] = {}  # the game log told in each language read
        for seat in seats:
            if seat.bot:
                self._bots[seat.seat] = make_bot(seat.bot, self.chance.bot_seed(seat.seat))

    # --- changes -------------------------------------------------------------------------
    def replay(self, events: list[Event]) -> None:
        """Rebuild the state from its stored events (checking every action again)."""
        for number, event in enumerate(events):
            try:
                self.state.replay_events([event])
            except Exception as exc:
                raise RoomSetAside(
                    f"room {self.id}: stored event {number} ({event.text!r}) no longer "
                    f"replays: {exc}"
                ) from exc
        self._saved = len(self.state.history)

    def act(self, seat: int, text: str) -> str:
        """Validate and carry out a seat's action (in an assistant room, seat 0 also types
        the dice or cards thrown) with the chance it releases, commit it, and wake the
        bots; returns the action's canonical text. `LinecraftError` with the reason, or
        `SaveError`, leaves everything as it was."""
        with self._lock:
            if self.status == "closed":
                raise NotPlayingError(_("this room was closed: nobody had played in it for long"))
            if self.open_seats():
                raise NotPlayingError(self._waiting_for_players())
            if self.seats[seat].bot:
                raise NotPlayingError(
                    _("a bot plays your seat while you were away: take your seat back first")
                )
            if self.assistant and self.state.is_chance() and seat == 0:
                done: Any = self._change(lambda: self.state.apply_chance(text))
            else:
                done = self._change(lambda: self.state.apply(seat, text))
        self.wake()
        return str(done)

    def take_over(self, by: int, seat: int, bot: str) -> None:
        """Seat `by` hands seat `seat`, whose person has been away for `absent_after`
        seconds, to a bot, which plays for them until they take the seat back."""
        if bot not in BOTS:
            raise RoomError(_unknown_bot(bot))
        with self._lock:
            held, name = self.seats[seat], self.seats[seat].name
            if seat == by:
                raise RoomError(_("you hold this seat: play it, or simply leave"))
            if held.bot:
                raise RoomError(_("{name}'s seat is already played by a bot").format(name=name))
            if self.state.is_terminal() or self.status != "running":
                raise RoomError(_("the game is over"))
            away = self._away_for(seat)
            if away is None:
                raise RoomError(
                    _("{name} is here: only an absent player's seat goes to a bot").format(
                        name=name
                    )
                )
            if away < self.absent_after:
                raise RoomError(
                    _(
                        "{name} has been away {away} s: a seat goes to a bot only after "
                        "{after} s away"
                    ).format(name=name, away=f"{away:.0f}", after=f"{self.absent_after:.0f}")
                )
            handed_by = self.seats[by].name
            self._store.set_bot(self.id, seat, bot, stand_in=True, handed_by=handed_by)
            held.bot, held.stand_in, held.handed_by = bot, True, handed_by
            self._bots[seat] = make_bot(bot, self.chance.bot_seed(seat))
            self._notice(HANDED, by=handed_by, name=name)
        self.wake()

    def open_seats(self) -> list[int]:
        """Seats nobody has taken yet: the game waits until they are taken."""
        return [s.seat for s in self.seats if not s.name and not s.bot]

    def _waiting_for_players(self) -> str:
        count = len(self.open_seats())
        return _n(
            "waiting for 1 more player to join", "waiting for {count} more players to join", count
        ).format(count=count)

    def join(self, name: str) -> Seat:
        """A person takes the first open seat under `name`; the game starts once every
        seat is taken."""
        name = name.strip() or "Guest"
        with self._lock:
            name = _distinct([*(s.name for s in self.seats if s.name), name])[-1]
            for seat in self.open_seats():
                if self._store.claim_seat(self.id, seat, name):
                    self.seats[seat].name = name
                    self._logs = {}  # a new name: the log is told anew
                    self._changed()
                    break
            else:
                raise RoomError(_("this table has no open seat left"))
        self.wake()
        return replace(self.seats[seat])

    def take_back(self, seat: int) -> None:
        """A person takes back their seat from the bot that played it while they were
        away; the bot stops at once (a move it is thinking of is thrown away)."""
        with self._lock:
            held = self.seats[seat]
            if not held.stand_in:
                raise RoomError(_("no bot plays this seat for you"))
            self._store.set_bot(self.id, seat, None)
            held.bot, held.stand_in, held.handed_by = None, False, None
            self._bots.pop(seat, None)
            self._notice(TOOK_BACK, name=held.name)

    # --- presence --------------------------------------------------------------------
    def connect(self, seat: int) -> None:
        with self._lock:
            self._connections[seat] = self._connections.get(seat, 0) + 1
            self._away_since.pop(seat, None)
            self._absent.discard(seat)
            self._changed()

    def disconnect(self, seat: int) -> None:
        with self._lock:
            self._connections[seat] -= 1
            if not self._connections[seat]:
                self._away_since[seat] = time.monotonic()
                self._changed()

    def _away_for(self, seat: int) -> float | None:
        since = self._away_since.get(seat)
        return None if since is None else time.monotonic() - since

    def _notice(self, template: str, **names: str) -> None:
        """Tell the table something besides the game's events (kept with the room, as
        its template and names, so each reader reads it in their language)."""
        text = json.dumps({"notice": template, "names": names})
        self._store.add_notice(self.id, len(self.state.history), text)
        self._notices.append((len(self.state.history), text))
        self._changed()

    def tick(self) -> None:
        """Notice seats that have just become absent, so every seat sees it, and let a
        bot play the turn of a person whose clock has run out."""
        self._run_clocks()
        with self._lock:
            absent = {
                s.seat
                for s in self.seats
                if not s.bot and (away := self._away_for(s.seat)) is not None
                if away >= self.absent_after
            }
            if absent != self._absent:
                self._absent = absent
                self._changed()

    def wake(self) -> None:
        """Let chance and bots move in the background if they have something to do."""
        with self._lock:
            if self._moving or self._closed.is_set() or self.open_seats():
                return
            if not (self._chance_due() or self._bot_to_act() is not None):
                return
            self._moving = True
        try:
            self._workers.submit(self._move)
        except RuntimeError:  # the server is shutting down
            with self._lock:
                self._moving = False

    def _move(self) -> None:
        """The worker: chance, then each bot in turn, until a person must act."""
        try:
            while not self._closed.is_set():
                with self._lock:
                    if self._chance_due():
                        self._change(lambda: None)
                    player = self._bot_to_act()
                    if player is None:
                        self._moving = False
                        return
                    bot, snapshot = self._bots[player], self.state.clone()
                # outside the lock, and in a worker process: others go on
                action, thought = self._offload.choose(bot, snapshot, player)
                with self._lock:
                    if self._bots.get(player) is bot and player in self.state.to_act():
                        self._bots[player] = thought
                        try:
                            self._change(partial(self.state.apply, player, action))
                        except LinecraftError:
                            continue  # a person moved meanwhile: think again
        except Exception:
            log.exception("room %s: bots stopped", self.id)
        finally:
            with self._lock:
                self._moving = False

    def _run_clocks(self) -> None:
        """With a turn clock, each person has `clock` seconds from the moment they are
        to act; when it runs out, the greedy bot plays their whole turn, and the log
        says so."""
        if self.clock is None:
            return
        with self._lock:
            if self.status != "running" or self.open_seats() or self.state.is_terminal():
                return
            now = time.monotonic()
            to_act = set(self.state.to_act())
            self._turn_since = {p: self._turn_since.get(p, now) for p in to_act}
            late = [
                p
                for p, since in self._turn_since.items()
                if now - since >= self.clock and not self.seats[p].bot
            ]
        for player in late:
            self._play_turn_for(player)

    def _play_turn_for(self, player: int) -> None:
        bot = make_bot("greedy", self.chance.bot_seed(player))
        with self._lock:
            name = self.seats[player].name
            self._notice(CLOCK_RAN_OUT, name=name)
            for _turn in range(200):  # a turn is a bounded number of actions
                if player not in self.state.to_act() or self.state.is_terminal():
                    break
                action = bot.choose(self.state.clone(), player)
                self._change(partial(self.state.apply, player, action))
            self._turn_since.pop(player, None)
        self.wake()

    def _chance_due(self) -> bool:
        return not self.assistant and self.state.is_chance() and not self.state.is_terminal()

    def _bot_to_act(self) -> int | None:
        return next((p for p in self.state.to_act() if p in self._bots), None)

    def _change(self, change: Callable[[], T]) -> T:
        """Carry out a change and the chance it releases, and commit; on any failure the
        state is put back exactly as it was."""
        before = self.state.clone()
        try:
            result = change()
            while self._chance_due():
                self.state.advance(self.chance.generator(len(self.state.history)))
            self._commit()
        except BaseException:
            self.state = before
            raise
        return result

    def _commit(self) -> None:
        history = self.state.history
        if len(history) == self._saved:
            return
        record = self._record() if self.state.is_terminal() else None
        try:
            self._store.append(self.id, self._saved, history[self._saved :], record, now_iso())
        except (StoreError, sqlite3.Error) as exc:
            log.error("room %s: events from %d not saved: %s", self.id, self._saved, exc)
            raise SaveError(
                _("the move could not be saved ({reason}); nothing changed").format(reason=exc)
            ) from exc
        self._saved = len(history)
        if record is not None:
            self.status = "finished"
            if self.daily:
                day, challenge = self.daily.split(" ")
                score = int(self.state.scores()[0].total)
                self._store.add_daily_result(day, challenge, self.seats[0].name, score, self.id)
        self._changed()

    def _changed(self) -> None:
        self.version += 1
        for watcher in list(self._watchers):
            watcher()

    def watch(self, watcher: Callable[[], None]) -> Callable[[], None]:
        """Call `watcher` (from any thread) after every change; returns the way to stop."""
        self._watchers.add(watcher)
        return lambda: self._watchers.discard(watcher)

    # --- what seats see ------------------------------------------------------------------
    def seat_of(self, token: str) -> int | None:
        given = token.encode()  # bytes: any text compares, none raises
        return next(
            (s.seat for s in self.seats if secrets.compare_digest(s.token.encode(), given)), None
        )

    def ready_view(self, seat: int | None) -> dict[str, Any] | None:
        """The seat's view when it is already built for the latest change, else None;
        takes no lock, so the event loop may ask without waiting on a change being
        committed (a dictionary read and an integer are read whole)."""
        cached = self._views.get((seat, current()))
        return cached if cached is not None and cached["version"] == self.version else None

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything a seat (None: a spectator) is sent: its view, the drawings, its
        legal actions, who is still to act, and the score cards at the end. Built once
        per change and seat, from a copy, so the room's lock is held only for the moment
        of copying. Treat it as read-only: connections share it."""
        with self._lock:
            key = (seat, current())
            cached = self._views.get(key)
            if cached is not None and cached["version"] == self.version:
                return cached
            state, version = _asks_once(self.state.clone()), self.version
            seats = [replace(s) for s in self.seats]
            away = {s.seat for s in seats if s.seat in self._away_since}
            absent = set(self._absent)
        view = self._build_view(state, version, seats, seat, away, absent)
        with self._lock:
            latest = self._views.get(key)
            if latest is None or latest["version"] <= version:
                self._views[key] = view
        return view

    def _build_view(
        self,
        state: State,
        version: int,
        seats: list[Seat],
        seat: int | None,
        away: set[int],
        absent: set[int],
    ) -> dict[str, Any]:
        game = self.game
        boards = self._drawn_boards(state, version, seat if seat is not None else 0)
        open_seats = sum(1 for s in seats if not s.name and not s.bot)
        playing = self.status == "running" and not open_seats
        to_act = state.to_act() if playing else ()
        actions = state.legal_actions(seat) if seat in to_act and not seats[seat].bot else []
        legal = [str(a) for a in actions]
        targets = {str(a): t for a in actions if (t := game.action_target(a)) is not None}
        origins = {str(a): o for a in actions if (o := game.action_origin(a)) is not None}
        panel = pick_panel(game, actions)
        acting = seat is not None and seat in to_act
        picking = playing and self.assistant and state.is_chance()
        public = state.is_terminal() or game.public_scores  # else secret until the end
        cards = self._once_per_change("cards", version, state.scores) if public else None
        return {
            "room": self.id,
            "game": game.name,
            "title": room_title(game),
            "version": version,
            "practice": self.row.practice,
            "daily": self._daily_result(state) if self.daily else None,
            "you": seat,
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "bot": s.bot,
                    # in an assistant room, seat 0 tells what chance showed: its turn
                    "status": _status(
                        game, s.seat in to_act or (picking and s.seat == 0), bool(s.bot)
                    ),
                    "stand_in": s.stand_in,  # a bot plays for the person while away
                    "handed_by": s.handed_by,
                    "away": not s.bot and s.seat in away,
                    "absent": s.seat in absent,  # away long enough to hand to a bot
                }
                for s in seats
            ],
            "to_act": list(to_act),
            "status": [_plain(line) for line in game.status_lines(state, seat)],
            "view": state.view(seat),
            "boards": boards,
            "legal": legal,
            "targets": targets,
            "origins": origins,
            "picks": panel["picks"],
            "pieces": panel["pieces"],
            "groups": panel["groups"],
            "turns": panel["turns"],
            "undo": seat is not None and acting and game.may_undo(state, seat),
            "take_backs": game.has_undo,
            "choice_labels": _choice_labels(game, actions),
            "ask": [str(a) for a in actions if game.asks_first(a)],
            "origin_help": _(game.origin_help),
            "confirm": not game.has_undo,  # no take-backs: a placement is confirmed first
            "controls": [_as_json(c) for c in game.controls(state, seat)]
            if seat is not None and acting
            else [],
            "prompt": game.prompt(state, seat) if seat is not None and acting else "",
            "reference": [_as_json(r) for r in game.reference(state, seat)],
            "score_help": game.score_help(),
            "guide": game.guide() if len(seats) == 1 and seat is not None else [],
            "log": self._told(state, seat)[-LOG_LINES:],
            "recent": self._once_per_change(
                "recent", version, partial(recent_moves, game, state.history)
            ),
            "terminal": state.is_terminal(),
            "closed": self.status == "closed",
            "rematch": self.rematch,
            "open_seats": open_seats,  # the game starts once these are taken
            "scores": {str(p): dict(c) for p, c in cards.items()} if cards else None,
            "score_rows": {str(p): game.score_rows(c) for p, c in cards.items()} if cards else None,
            "winners": state.winners() if state.is_terminal() else None,
            "help": _(game.action_help),
            "chance": self._chance_prompt(state) if seat == 0 else None,
        }

    def _daily_result(self, state: State) -> dict[str, Any]:
        """The day and challenge; at the end, the seat's rank on the day's board and the
        line to share."""
        day, challenge = str(self.daily).split(" ")
        title = _(BY_KEY[challenge].title)
        result: dict[str, Any] = {"day": day, "title": title}
        if state.is_terminal():
            board = self._store.daily_results(day, challenge)
            rank = next((i for i, r in enumerate(board, 1) if r[2] == self.id), len(board))
            score = int(state.scores()[0].total)
            result |= {
                "rank": rank,
                "players": len(board),
                "share": summary(day, title, score, rank, len(board)),
            }
        return result

    def _told(self, state: State, seat: int | None) -> list[dict[str, Any]]:
        """The game log with the table's notices in place: the k-th notice given after
        event n - 1 is line n - 1 + k/1000, between that event and the next, so lines
        keep their numbers and later lines have higher ones."""
        code = current()
        with self._lock:
            log = self._logs.get(code)
            if log is None:
                log = self._logs[code] = GameLog(self.game, [s.name for s in self.seats], code)
        lines = log.lines(state.history, seat, LOG_LINES)
        notices, given = [], Counter[int]()
        for after, text in list(self._notices):
            given[after] += 1
            if after <= len(state.history):
                n = round(after - 1 + given[after] / 1000, 3)
                notices.append({"n": n, "seat": None, "text": told(text), "notice": True})
        return sorted([*lines, *notices], key=lambda line: float(line["n"]))

    def _once_per_change(self, part: str, version: int, work: Callable[[], T]) -> T:
        """A part of every seat's view worked out once per change (`version`) by the
        first view that needs it: the score cards, the last moves' spots, the boards."""
        with self._lock:
            known = self._shared.get(part)
        if known is not None and known[0] == version:
            return cast(T, known[1])
        made = work()
        with self._lock:
            if part not in self._shared or self._shared[part][0] < version:
                self._shared[part] = (version, made)
        return made

    def _chance_prompt(self, state: State) -> dict[str, Any] | None:
        """Assistant rooms: what seat 0 is asked when chance is due — pictures to pick
        from, or (when the game has none for it) the outcome to type."""
        if not (self.assistant and state.is_chance()):
            return None
        picker = self.game.chance_picker(state, [s.name for s in self.seats])
        return {
            "prompt": _(self.game.chance_help),
            "picker": None if picker is None else asdict(picker),
        }

    def _drawn_boards(self, state: State, version: int, shown: int) -> dict[str, str]:
        """The boards at `version`, drawn once for every seat that is shown them alike
        (in each language)."""
        drawn_for = shown if self.game.name in SHARED_BOARD_GAMES else "all"
        return self._once_per_change(
            f"boards {drawn_for} {current()}",
            version,
            partial(self._offload.boards, _unasked(state), shown),
        )

    def replay_at(self, step: int) -> dict[str, Any]:
        """A finished game as it stood after `step` events (0: before the first)."""
        return step_view(self.record(), step, room_title(self.game)) | {"room": self.id}

    def is_terminal(self) -> bool:
        with self._lock:
            return self.state.is_terminal()

    def close(self) -> bool:
        """Close the room (nobody has played for long): no more moves; its log and the
        record of the game so far are kept. False when it was not running."""
        with self._lock:
            if self.status != "running" or not self._store.close_room(self.id, self._record()):
                return False
            self.status = "closed"
            self._bots.clear()
            self._changed()
            return True

    def record(self) -> dict[str, Any]:
        with self._lock:
            return self._record()

    def _record(self) -> dict[str, Any]:
        """The game's record; a live room's carries no seed (there is none)."""
        names = [s.name for s in self.seats]
        record = make_record(self.state, players=names, start=self.created)
        if not self.row.practice:  # live and daily rooms never tell their seed
            record["seed"] = None
        return record


def _asks_once(state: State) -> State:
    """A view's own copy of the state, whose legal actions are worked out once per seat:
    building a view asks for them several times (the moves, the buttons, the prompt),
    and the copy never changes."""
    worked_out = cache(state.legal_actions)
    # shadows the method on this copy only; each caller gets a list of its own
    setattr(state, "legal_actions", lambda player: list(worked_out(player)))  # noqa: B010
    return state


@lru_cache(maxsize=4096)
def _plain(markup: str) -> str:
    """A status line's words without their markup (the same lines recur all game)."""
    return Text.from_markup(markup).plain


@lru_cache(maxsize=4096)
def _as_json(part: Control | Reference) -> dict[str, Any]:
    """A button or a reference panel as sent; the same ones recur from view to view,
    and turning their pictures into dictionaries again each time cost more than the rest
    of a view. Shared: treat as read-only, like the views."""
    return asdict(part)


def _unasked(state: State) -> State:
    """A view's copy without its memo of legal actions (`_asks_once`), so that it can
    be sent to another process; shallow: nothing is changed through it."""
    plain = copy.copy(state)
    vars(plain).pop("legal_actions", None)
    return plain


def room_title(game: Game) -> str:
    """The game's name with the expansions, modules or variant chosen, in words."""
    info = linecraft.game_info(game.name)
    chosen: list[str] = []
    for option in info.options:
        value = game.options.get(option.name)
        if option.hidden or value == option.default or value in (None, False):
            continue
        if option.many:
            chosen += [_choice_word(option, v).split(":")[0] for v in value]
        elif value is True:
            chosen.append(_(option.label) or option.name.replace("_", " ").capitalize())
        elif option.choices and not option.ordered and value in option.choices:
            word = _choice_word(option, value)
            chosen.append(
                _("{option}: {choice}").format(option=_(option.label), choice=word)
                if option.label
                else word
            )
    return f"{info.title} — {', '.join(chosen)}" if chosen else info.title


def _choice_word(option: Option, value: Any) -> str:
    if option.choice_words and value in option.choices:
        return _(option.choice_words[option.choices.index(value)])
    return str(value).replace("-", " ").capitalize()


def _unknown_bot(bot: str) -> str:
    return _("there is no bot {bot!r} (bots: {bots})").format(bot=bot, bots=", ".join(sorted(BOTS)))


def told(notice: str) -> str:
    """A stored notice in the reader's language (one stored before notices kept their
    template reads as it was written)."""
    try:
        kept = json.loads(notice)
        template, names = kept["notice"], kept["names"]
        return _(template).format(**names)
    except (ValueError, TypeError, KeyError):
        return notice


def _status(game: Game, acting: bool, bot: bool) -> str:
    """Simultaneous games show who is still drawing; turn-based ones whose turn it is;
    a bot that is to act is thinking in either."""
    if acting and bot:
        return "thinking"
    if game.simultaneous:
        return "drawing" if acting else "done"
    return "to act" if acting else "waiting"


def options_of(options: Mapping[str, Any]) -> dict[str, Any]:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in options.items()}


class Rooms:
    """Every room of the server: in memory once asked for, always on disk. `offload`:
    where bots think and boards are drawn (by default in the calling thread)."""

    def __init__(
        self,
        store: Store,
        *,
        bot_threads: int = 4,
        absent_after: float = ABSENT_AFTER,
        close_idle_after: float = CLOSE_IDLE_AFTER,
        offload: Offload | None = None,
    ) -> None:
        self._store = store
        self._offload = offload or Offload()
        self.absent_after = absent_after
        self.close_idle_after = close_idle_after
        self._rooms: dict[str, Room] = {}
        self._lock = threading.Lock()
        self._loading: dict[str, threading.Lock] = {}
        self._closed = threading.Event()
        self._workers = ThreadPoolExecutor(bot_threads, thread_name_prefix="linecraft-bots")

    def close(self) -> None:
        """Stop the bots after their current move (the server is shutting down)."""
        self._closed.set()
        self._workers.shutdown(wait=True, cancel_futures=True)
        self._offload.shutdown()

    def create(
        self,
        game: str,
        options: Mapping[str, Any],
        seats: list[dict[str, Any]],
        *,
        practice_seed: int | None = None,
        assistant: bool = False,
        clock: int | None = None,
        daily: tuple[str, int] | None = None,
        listed: bool = True,
    ) -> Room:
        """A new room; `seats` are `{"name": …, "bot": None or a bot name, "open": a seat
        anyone may take from the lobby}`. With a `practice_seed` chance follows that seed;
        otherwise nobody can predict it. `clock`: seconds a person has for each turn.
        `listed`: shown in the lobby's tables (else reached by its links only)."""
        try:
            loaded = linecraft.load(game, **options_of({**options, **_players(game, seats)}))
        except ValueError as exc:
            raise RoomError(str(exc)) from None
        if len(seats) != loaded.num_players:
            raise RoomError(
                _("{game} with these options has {count} seats").format(
                    game=linecraft.game_info(game).title, count=loaded.num_players
                )
            )
        for seat in seats:
            if seat.get("bot") and seat["bot"] not in BOTS:
                raise RoomError(_unknown_bot(seat["bot"]))
        row = RoomRow(
            secrets.token_urlsafe(6),
            game,
            dict(loaded.options)
            | {k: list(v) for k, v in loaded.options.items() if isinstance(v, tuple)},
            practice_seed if daily is None else daily[1],
            now_iso(),
            assistant,
            practice_seed is not None,
            clock=clock,
            daily=daily[0] if daily else None,
            listed=listed,
        )
        names = _distinct([_seat_name(s, i) for i, s in enumerate(seats)])
        rows = [
            SeatRow(i, name, s.get("bot") or None, secrets.token_urlsafe(12))
            for i, (name, s) in enumerate(zip(names, seats, strict=True))
        ]
        self._store.add_room(row, rows)
        room = self._room(row, rows)
        with self._lock:
            self._rooms[row.id] = room
        room.wake()
        return room

    def _room(self, row: RoomRow, seats: list[SeatRow]) -> Room:
        people = [Seat(s.seat, s.name, s.bot, s.token, s.stand_in, s.handed_by) for s in seats]
        return Room(
            row,
            people,
            self._store,
            self._workers,
            self._closed,
            self.absent_after,
            self._offload,
        )

    def get(self, room_id: str) -> Room:
        """The room, loaded from the store on first use. `RoomSetAside` names the stored
        event that no longer replays; that room alone is affected."""
        room = self._rooms.get(room_id)
        if room is not None:
            return room
        with self._lock:
            loading = self._loading.setdefault(room_id, threading.Lock())
        with loading:
            room = self._rooms.get(room_id)
            if room is None:
                try:
                    room = self._load(room_id)
                    self._rooms[room_id] = room
                finally:
                    with self._lock:
                        self._loading.pop(room_id, None)
        room.wake()  # a restarted server: bots and chance go on where they stood
        return room

    def _load(self, room_id: str) -> Room:
        loaded = self._store.load(room_id)
        if loaded is None:
            raise RoomError(_("There is no room {room!r}: check the link.").format(room=room_id))
        row, seats, events = loaded
        if row.status == "set-aside":
            raise RoomSetAside(row.problem or f"room {room_id} was set aside")
        try:
            room = self._room(row, seats)
            room.replay(events)
        except Exception as exc:
            problem = str(exc) if isinstance(exc, RoomSetAside) else f"room {room_id}: {exc}"
            log.error("%s; the room is set aside", problem)
            self._store.set_aside(room_id, problem)
            raise RoomSetAside(problem) from None
        return room

    def tick(self) -> None:
        """Housekeeping, every few seconds: seats that became absent are shown so, and
        rooms idle for `close_idle_after` seconds are closed."""
        for room in list(self._rooms.values()):
            room.tick()
        before = datetime.fromtimestamp(time.time() - self.close_idle_after, UTC)
        for room_id in self._store.idle_rooms(before.isoformat(timespec="seconds")):
            try:
                self.get(room_id).close()
            except RoomError as exc:
                log.warning("idle room %s not closed: %s", room_id, exc)

    def rematch(self, room: Room) -> Room:
        """The next game at a finished room's table: the same game, options and seats
        (a bot that stood in for a person gives the seat back), new chance. Asked twice,
        the same rematch."""
        with room._lock:
            if room.rematch is not None:
                return self.get(room.rematch)
            if room.status == "running":
                raise RoomError(_("a rematch can be started once the game is over"))
            seats = [{"name": s.name, "bot": None if s.stand_in else s.bot} for s in room.seats]
            practice = secrets.randbits(63) if room.row.practice else None
            options = {k: v for k, v in room.options.items() if k != "players"}
            new = self.create(
                room.game.name,
                options,
                seats,
                practice_seed=practice,
                assistant=room.assistant,
                clock=room.clock,
                listed=room.row.listed,  # a private table plays again in private
            )
            self._store.set_rematch(room.id, new.id)
            room.rematch = new.id
            room._changed()  # everyone at the table is invited
            return new

    def summaries(self, limit: int = 100) -> list[RoomSummary]:
        return self._store.summaries(limit)

    def record(self, room_id: str) -> dict[str, Any] | None:
        """A finished game's record, read from the store (None: not over yet)."""
        stored = self._store.record(room_id)
        if stored is not None:
            return stored
        room = self.get(room_id)  # a room finished before records were kept
        return room.record() if room.is_terminal() else None

    def loaded(self) -> int:
        """How many rooms are in memory (the rest stay on disk until asked for)."""
        return len(self._rooms)


def _seat_name(seat: Mapping[str, Any], index: int) -> str:
    """A seat's name: an open seat has none until someone takes it; a bot is named after
    its level (or itself, outside the levels); a person left unnamed is numbered from 1."""
    if seat.get("open") and not seat.get("bot"):
        return ""
    name = str(seat.get("name") or "").strip()
    if name:
        return name
    if not seat.get("bot"):
        return f"Player {index + 1}"
    level = {bot: level for level, bot in LEVELS.items()}.get(seat["bot"], seat["bot"])
    return f"{level.capitalize()} bot {index + 1}"


def _distinct(names: list[str]) -> list[str]:
    """Names as given, a number added to a repeated one ("Bot", "Bot 2"), so that the
    log and the score table never leave a reader guessing who is meant."""
    seen: set[str] = set()
    out = []
    for name in names:
        unique, n = name, 1
        while unique and unique in seen:
            n += 1
            unique = f"{name} {n}"
        seen.add(unique)
        out.append(unique)
    return out


def _players(game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """The seat count as the game's `players` option, where it has one."""
    names = {option.name for option in linecraft.game_info(game).options}
    return {"players": len(seats)} if "players" in names else {}


def _choice_labels(game: Game, actions: Sequence[Action]) -> dict[str, list[Any]]:
    """Words and a picture for each play that shares its spot and piece with another, so
    a client asks which is meant with buttons, never with notation, and for each play it
    confirms first (`asks_first`), to say what Confirm will do."""
    shared: dict[tuple[str, Any], list[Action]] = {}
    for action in actions:
        target = game.action_target(action)
        if target is not None:
            shared.setdefault((target, game.action_pick(action)), []).append(action)
    told = [a for group in shared.values() if len(group) > 1 for a in group]
    told += [a for a in actions if game.asks_first(a)]
    return {str(a): list(game.choice_label(a)) for a in told}


__all__ = ["LinecraftError", "Room", "RoomError", "RoomSetAside", "Rooms", "SaveError", "Seat"]
