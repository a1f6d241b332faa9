"""Rooms: a game in progress, its seats (people with secret links, or bots), and what
each seat is sent. The server is authoritative: it holds the state, validates every
action, persists it, lets bots and chance move, and sends each seat its own view."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

import linecraft
from linecraft.bots import BOTS, Bot, make_bot
from linecraft.core.errors import LinecraftError
from linecraft.core.game import Game, State
from linecraft.core.records import make_record, now_iso
from linecraft.server.picks import pick_panel
from linecraft.server.store import RoomRow, SeatRow, Store

SHARED_BOARD_GAMES = ("metro", "metromania")


class RoomError(Exception):
    """A request about rooms that cannot be met (unknown room, bad seat list…)."""


@dataclass
class Seat:
    seat: int
    name: str
    bot: str | None
    token: str


class Room:
    """One game and its seats; every change goes through `act` or `take_over`."""

    def __init__(self, row: RoomRow, seats: list[Seat], store: Store) -> None:
        self.id = row.id
        self.created = row.created
        self.assistant = row.assistant
        self.game: Game = linecraft.load(row.game, **_options(row.options))
        self.options = row.options
        self.state: State = self.game.new_state(row.seed)
        self.seats = seats
        self._store = store
        self._saved = 0
        self._bots: dict[int, Bot] = {}
        self._lock = threading.RLock()
        self.version = 0  # bumps on every change, so clients know to refresh
        for seat in seats:
            if seat.bot:
                self._bots[seat.seat] = make_bot(seat.bot, row.seed + seat.seat)

    # --- changes -------------------------------------------------------------------------
    def replay(self, events: Sequence[Any]) -> None:
        """Rebuild the state from stored events (a restarted server)."""
        self.state.replay_events(events)
        self._saved = len(self.state.history)

    def act(self, seat: int, text: str) -> Any:
        """Validate and carry out a seat's action (in an assistant room, seat 0 also types
        the dice or cards thrown), persist it, then let bots and chance go on;
        `LinecraftError` with the reason leaves everything as it was."""
        with self._lock:
            if self.assistant and self.state.is_chance() and seat == 0:
                done: Any = self.state.apply_chance(text)
            else:
                done = self.state.apply(seat, text)
            self._persist()
            self.settle()
            return done

    def take_over(self, seat: int, bot: str) -> None:
        """A bot takes an abandoned seat."""
        if bot not in BOTS:
            raise RoomError(f"unknown bot {bot!r} (bots: {', '.join(sorted(BOTS))})")
        with self._lock:
            self.seats[seat].bot = bot
            self._bots[seat] = make_bot(bot, self.state.seed + seat)
            self._store.set_bot(self.id, seat, bot)
            self.version += 1  # every seat sees who holds the seat now
            self.settle()

    def settle(self) -> None:
        """Let chance and bots move until a person must act or the game is over."""
        with self._lock:
            while not self.state.is_terminal():
                if self.state.is_chance():
                    if self.assistant:
                        break  # seat 0 types what was thrown
                    self.state.advance()
                    continue
                waiting = [p for p in self.state.to_act() if p in self._bots]
                if not waiting:
                    break
                player = waiting[0]
                self.state.apply_unchecked(player, self._bots[player].choose(self.state, player))
            self._persist()

    def _persist(self) -> None:
        history = self.state.history
        try:
            for number in range(self._saved, len(history)):
                self._store.add_event(self.id, number, history[number])
        except Exception:
            self._store.remove_events_from(self.id, self._saved)
            raise
        if len(history) != self._saved:
            self.version += 1
        self._saved = len(history)

    # --- what seats see ------------------------------------------------------------------
    def seat_of(self, token: str) -> int | None:
        return next((s.seat for s in self.seats if s.token == token), None)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything a seat (None: a spectator) is sent: its view, the drawings, its
        legal actions, who is still to act, and the score cards at the end."""
        with self._lock:
            state, game = self.state, self.game
            boards = self.boards(state, seat if seat is not None else 0)
            to_act = state.to_act()
            actions = state.legal_actions(seat) if seat in to_act else []
            legal = [str(a) for a in actions]
            targets = {str(a): t for a in actions if (t := game.action_target(a)) is not None}
            panel = pick_panel(game, actions)
            return {
                "room": self.id,
                "game": game.name,
                "version": self.version,
                "you": seat,
                "seats": [
                    {
                        "seat": s.seat,
                        "name": s.name,
                        "bot": s.bot,
                        "status": _status(game, s.seat in to_act),
                    }
                    for s in self.seats
                ],
                "to_act": list(to_act),
                "status": [Text.from_markup(line).plain for line in game.status_lines(state, seat)],
                "view": state.view(seat),
                "boards": boards,
                "legal": legal,
                "targets": targets,
                "picks": panel["picks"],
                "pieces": panel["pieces"],
                "turns": panel["turns"],
                "undo": game.has_undo and seat in to_act,
                "terminal": state.is_terminal(),
                "scores": {str(p): dict(c) for p, c in state.scores().items()}
                if state.is_terminal() or game.public_scores
                else None,
                "winners": state.winners() if state.is_terminal() else None,
                "help": game.action_help,
                "chance": self._chance_prompt() if seat == 0 else None,
            }

    def _chance_prompt(self) -> dict[str, Any] | None:
        """Assistant rooms: what seat 0 is asked to type when chance is due."""
        if not (self.assistant and self.state.is_chance()):
            return None
        outcomes = [str(o) for o, _ in self.state.chance_outcomes()]
        return {
            "prompt": self.game.chance_help,
            "outcomes": outcomes if len(outcomes) <= 30 else [],
        }

    def boards(self, state: State, shown: int) -> dict[str, str]:
        if self.game.name in SHARED_BOARD_GAMES:
            return {"table": self.game.render_state(state, shown)}
        return {str(s.seat): self.game.render_state(state, s.seat) for s in self.seats}

    def replay_at(self, step: int) -> dict[str, Any]:
        """A finished game as it stood after `step` events (0: before the first)."""
        with self._lock:
            history = self.state.history
            step = max(0, min(step, len(history)))
            state = self.game.new_state(self.state.seed)
            state.replay_events(history[:step])
            return {
                "room": self.id,
                "game": self.game.name,
                "step": step,
                "steps": len(history),
                "event": history[step - 1].to_json() if step else None,
                "seats": [{"seat": s.seat, "name": s.name} for s in self.seats],
                "boards": self.boards(state, 0),
            }

    def record(self) -> dict[str, Any]:
        with self._lock:
            names = [s.name for s in self.seats]
            return make_record(self.state, players=names, start=self.created)


def _status(game: Game, acting: bool) -> str:
    """Simultaneous games show who is still drawing; turn-based ones whose turn it is."""
    if game.simultaneous:
        return "thinking" if acting else "done"
    return "to act" if acting else "waiting"


def _options(options: Mapping[str, Any]) -> dict[str, Any]:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in options.items()}


class Rooms:
    """Every room of the server, kept in memory and on disk."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._rooms: dict[str, Room] = {}
        for row, seats, events in store.rooms():
            room = Room(row, [Seat(s.seat, s.name, s.bot, s.token) for s in seats], store)
            room.replay(events)
            room.settle()
            self._rooms[row.id] = room

    def create(
        self,
        game: str,
        options: Mapping[str, Any],
        seats: list[dict[str, Any]],
        seed: int | None,
        assistant: bool = False,
    ) -> Room:
        """A new room; `seats` are `{"name": …, "bot": None or a bot name}`."""
        try:
            loaded = linecraft.load(game, **_options({**options, **_players(game, seats)}))
        except ValueError as exc:
            raise RoomError(str(exc)) from None
        if len(seats) != loaded.num_players:
            raise RoomError(f"{game} with these options has {loaded.num_players} seats")
        for seat in seats:
            if seat.get("bot") and seat["bot"] not in BOTS:
                raise RoomError(f"unknown bot {seat['bot']!r} (bots: {', '.join(sorted(BOTS))})")
        room_id = secrets.token_urlsafe(6)
        row = RoomRow(
            room_id,
            game,
            dict(loaded.options)
            | {k: list(v) for k, v in loaded.options.items() if isinstance(v, tuple)},
            seed if seed is not None else secrets.randbelow(2**31),
            now_iso(),
            assistant,
        )
        rows = [
            SeatRow(
                i,
                str(s.get("name") or f"seat {i}"),
                s.get("bot") or None,
                secrets.token_urlsafe(12),
            )
            for i, s in enumerate(seats)
        ]
        self._store.add_room(row, rows)
        room = Room(row, [Seat(r.seat, r.name, r.bot, r.token) for r in rows], self._store)
        room.settle()
        self._rooms[room_id] = room
        return room

    def get(self, room_id: str) -> Room:
        try:
            return self._rooms[room_id]
        except KeyError:
            raise RoomError(f"no room {room_id!r}") from None

    def all(self) -> list[Room]:
        return list(self._rooms.values())


def _players(game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """The seat count as the game's `players` option, where it has one."""
    names = {option.name for option in linecraft.game_info(game).options}
    return {"players": len(seats)} if "players" in names else {}


__all__ = ["LinecraftError", "Room", "RoomError", "Rooms", "Seat"]
