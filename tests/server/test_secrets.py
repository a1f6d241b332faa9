"""Secrets under the WebSocket protocol: whole games of every game and option set, played
by two people (three in one Metromania game) and watched by a spectator through the real
protocol of an app served on loopback, and every message each of them receives inspected.

A message may carry only what its reader may know. Rather than guess every field a
secret could hide in, each view a reader's messages add up to is compared with the view
the server builds in another world its reader cannot tell from this one: the other
seats' hands, drawn tile, shares, numbers and markers swapped for others still unseen,
the state rebuilt from its events on another seed (an order of the pile or deck kept in
the state would differ there), and the room given another seed and chance (a future
draw would differ there). Whatever differs is a leak. The game's own view is also read
field by field where a secret would show. The log is checked event by event the same
way, a private draw also against the other outcomes its reader could not tell from it.
The seats' tokens and the practice seed are searched for in the raw text of every
message.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

import linecraft
from linecraft.core.game import Event, Game, Outcome, State
from linecraft.core.i18n import language
from linecraft.core.rng import derive_seed
from linecraft.games.metro.actions import Central, Place
from linecraft.games.metro.actions import Outcome as MetroOutcome
from linecraft.games.metro.rules import MetroState
from linecraft.games.metro.tables import parse_share, share_text
from linecraft.games.metromania.markers import Deal
from linecraft.games.metromania.notation import Extend
from linecraft.games.metromania.rules import MetromaniaState
from linecraft.server.app import create_app
from linecraft.server.drill import free_port, request
from linecraft.server.limits import Limits
from linecraft.server.rooms import Room, Rooms
from linecraft.server.store import Status, Store

SEED = 6_917_529_027_641_081_343  # a practice seed no message may mention (< 2**63)
TWIN_SEED = 977  # the seed the rebuilt state starts from (every room's starts from 0)
WAIT = 120.0  # seconds a reader waits for a message (a loaded machine is slow) before failing
MOST_ACTIONS = 3000  # a random game longer than this is stuck
NAMES = ("Ann", "Bob", "Cleo")
SKIPPED = ("log", "version")  # the log is checked event by event; versions differ
ALIKE_TRIED = 200  # outcomes of a draw seen in parts tried for ones alike to a reader
PLAIN_EVERY = 4  # where nothing is hidden from a reader, every 4th view is compared
LONG_NUMBER = re.compile(r"\d{12,}")  # where a seed would show (they have 18 or 19 digits)


Case = tuple[str, dict[str, Any], int]  # game, options, players


def cases() -> list[Case]:
    """Every game's conformance option sets, each for two players (a set differing only
    in its player count is played once); and Metromania for three, since two players'
    hands tell each other's (a 2-player deal is known from either seat's markers)."""
    found: dict[str, Case] = {}
    for info in linecraft.games():
        for options in info.conformance_options:
            chosen = {
                k: list(v) if isinstance(v, tuple) else v
                for k, v in options.items()
                if k != "players"
            }
            key = json.dumps([info.name, chosen], sort_keys=True)
            found.setdefault(key, (info.name, chosen, 2))
    return [*found.values(), ("metromania", {}, 3)]


CASES = cases()


def case_id(case: Case) -> str:
    """`railroad-ink(expansions=lava+meteor,players=2)`."""
    game, options, players = case
    told = [
        f"{k}={'+'.join(map(str, v)) if isinstance(v, list) else v}" for k, v in options.items()
    ]
    return f"{game}({','.join([*sorted(told), f'players={players}'])})"


# --- alternative worlds: what a reader cannot tell apart --------------------------------
@dataclass(frozen=True)
class Keep:
    """What an event uses, which an alternative world leaves where it is so the event
    still applies there: tiles, shares and numbers (Metro), markers' letters (Metromania)."""

    codes: frozenset[str] = frozenset()
    shares: frozenset[tuple[str, int]] = frozenset()
    numbers: frozenset[int] = frozenset()
    letters: frozenset[str] = frozenset()


NOTHING = Keep()


def swap_secrets(state: State, viewer: int | None, keep: Keep, rng: random.Random) -> int:
    """Swap, in place, what `viewer` may not see for other things it cannot tell apart
    from them; the number of things swapped (0: the game hides nothing from `viewer` now)."""
    if state.is_terminal():
        return 0  # the end reveals every hand and share
    if isinstance(state, MetroState):
        return _swap_metro(state, viewer, keep, rng)
    if isinstance(state, MetromaniaState):
        return _swap_metromania(state, viewer, keep)
    return 0  # London and Railroad Ink keep nothing secret in the state


def _swap_metro(state: MetroState, viewer: int | None, keep: Keep, rng: random.Random) -> int:
    """Another seat's hand tiles and drawn tile for tiles still in the pile; its hidden
    shares, and the shares it returned under a stack, for companies still unseen in that
    stack; its number tokens for numbers still in the pile."""
    swapped = 0
    for seat in range(state.rules.num_players):
        if seat == viewer:
            continue
        hand = state.hands[seat]
        for i, code in enumerate(hand):
            if (other := _pile_tile(state, code, keep, rng)) is not None:
                hand[i] = other
                swapped += 1
        if state.drawn is not None and state.turn == seat:
            other = _pile_tile(state, state.drawn, keep, rng)
            if other is not None:
                state.drawn = other
                swapped += 1
        for i, (company, percentage) in enumerate(state.shares[seat]):
            if (company, percentage) in state.revealed:
                continue
            if (other_company := _unseen(state, company, percentage, keep, rng)) is not None:
                state.shares[seat][i] = (other_company, percentage)
                swapped += 1
        for percentage, stack in state.stacks.items():
            for i, (company, by) in enumerate(stack.returned):
                if by != seat:
                    continue
                if (other_company := _unseen(state, company, percentage, keep, rng)) is not None:
                    stack.returned[i] = (other_company, by)
                    swapped += 1
        numbers = state.numbers[seat]
        for i, number in enumerate(numbers):
            spare = sorted(state.number_pile - keep.numbers)
            if number in keep.numbers or not spare:
                continue
            numbers[i] = rng.choice(spare)
            state.number_pile.discard(numbers[i])
            state.number_pile.add(number)
            swapped += 1
    return swapped


def _pile_tile(state: MetroState, code: str, keep: Keep, rng: random.Random) -> str | None:
    """Put `code` back in the pile and take another tile from it (None: none to take)."""
    spare = sorted(c for c, n in state.pile.items() if n and c != code and c not in keep.codes)
    if code in keep.codes or not spare:
        return None
    other = rng.choice(spare)
    state.pile[other] -= 1
    state.pile[code] += 1
    return other


def _unseen(
    state: MetroState, company: str, percentage: int, keep: Keep, rng: random.Random
) -> str | None:
    """Put a share under its stack's unseen shares and take another company from them."""
    unseen = state.stacks[percentage].unseen
    spare = sorted(c for c in unseen if (c, percentage) not in keep.shares)
    if (company, percentage) in keep.shares or not spare:
        return None
    other = rng.choice(spare)
    unseen.discard(other)
    unseen.add(company)
    return other


def _swap_metromania(state: MetromaniaState, viewer: int | None, keep: Keep) -> int:
    """Hand the other seats' unplaced markers round among their companies, each type
    among the companies holding that type, so every company still shows the same face
    down types."""
    city = state.city
    if city is None or state.rules.letters_public:
        return 0
    mode = state.rules.mode
    hidden = [c for c in range(mode.companies) if mode.seat_of(c) != viewer]
    moved: dict[str, str] = {}
    for kind in "HWF":
        held = sorted(
            (company, code)
            for company in hidden
            for code in city.hands[company]
            if code[1] == kind and code[0] not in keep.letters
        )
        if len({company for company, _code in held}) < 2:
            continue
        codes = [code for _company, code in held]
        moved |= dict(zip(codes, codes[-1:] + codes[:-1], strict=True))
    if not moved:
        return 0
    for held_by in (city, *state.snapshots):
        for company in hidden:
            held_by.hands[company] = [moved.get(code, code) for code in held_by.hands[company]]
    if state.deal is not None:
        hands = [
            tuple(moved.get(code, code) for code in hand) if company in hidden else hand
            for company, hand in enumerate(state.deal.hands)
        ]
        state.deal = Deal(tuple(hands))
    return len(moved)


def kept_by(game: Game, before: State, event: Event) -> Keep:
    """What `event` uses that must stay where it is for it to apply in another world."""
    if isinstance(before, MetroState):
        if event.player is None:
            outcome = game.parse_outcome(event.text)
            assert isinstance(outcome, MetroOutcome)
            if outcome.kind in ("tile", "drawn"):
                return Keep(codes=frozenset({outcome.value}))
            if (share := parse_share(outcome.value)) is not None:
                return Keep(shares=frozenset({share}))
            if outcome.kind == "number":
                return Keep(numbers=frozenset({int(outcome.value)}))
            return NOTHING
        action = game.parse_action(event.text)
        if isinstance(action, Place) and action.code is not None:
            return Keep(codes=frozenset({action.code}))
        if isinstance(action, Central) and action.share is not None:
            return Keep(shares=frozenset({action.share}))
    if isinstance(before, MetromaniaState) and event.player is not None:
        step = game.parse_action(event.text)
        if isinstance(step, Extend) and step.letter is not None:
            return Keep(letters=frozenset({step.letter}))
    return NOTHING


def hidden_fields(state: State, seen: dict[str, Any], viewer: int | None) -> list[str]:
    """Where the game's own view (`view` of a message) would show another seat's secret
    and does: the fields named."""
    found = []
    if isinstance(state, MetroState) and not state.is_terminal():
        revealed = {share_text(*s) for s in state.revealed}
        for seat, entry in enumerate(seen["seats"]):
            if seat == viewer:
                continue
            for key in ("hand", "drawn", "numbers"):
                if entry[key] is not None:
                    found.append(f"view.seats[{seat}].{key} = {entry[key]!r}")
            if not set(entry["shares"]) <= revealed:
                found.append(f"view.seats[{seat}].shares = {entry['shares']!r}")
    if isinstance(state, MetromaniaState) and state.city is not None:
        public = state.rules.letters_public or state.is_terminal()
        for company, entry in enumerate(seen.get("companies", [])):
            shown = [c for c in entry["hand"] if not c.startswith("?")]
            if entry["seat"] != viewer and not public and shown:
                found.append(f"view.companies[{company}].hand = {entry['hand']!r}")
    return found


# --- the served app ----------------------------------------------------------------------
@dataclass
class Served:
    base: str  # http://127.0.0.1:port
    rooms: Rooms
    shadow_store: Store  # empty: the shadow rooms read no notices from it
    idle: ThreadPoolExecutor  # the shadow rooms' bot workers, never given work


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The app served by uvicorn on a loopback port, in this process, so the test reaches
    each room's state while it plays over real sockets."""
    folder: Path = tmp_path_factory.mktemp("secrets")
    # the seats play as fast as the machine goes
    # spectators told at once: the test reads every socket after every action
    app = create_app(
        folder / "rooms.db", limits=Limits(actions_per_second=10_000), spectator_delay=0
    )
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the app did not start"
        time.sleep(0.01)
    shadow_store, idle = Store(folder / "shadow.db"), ThreadPoolExecutor(1)
    try:
        yield Served(f"http://127.0.0.1:{port}", app.state.rooms, shadow_store, idle)
    finally:
        server.should_exit = True
        thread.join(WAIT)
        shadow_store.close()
        idle.shutdown()


# --- one game played through the protocol -------------------------------------------------
@dataclass
class Held:
    """What the server held at one version of the room."""

    state: State
    status: Status


@dataclass
class Reader:
    """One WebSocket (seat None: the spectator): the view its messages add up to, and
    the state rebuilt on another seed from the same events."""

    seat: int | None
    socket: ClientConnection
    twin: State
    view: dict[str, Any] = field(default_factory=dict)
    messages: int = 0
    plain: int = 0  # views with nothing hidden from this reader

    def receive(self) -> tuple[str, dict[str, Any], bool]:
        """The next message, its text, and whether it changed the view."""
        raw = self.socket.recv(timeout=WAIT)
        assert isinstance(raw, str)
        message = json.loads(raw)
        assert "error" not in message, f"seat {self.seat} was told {message['error']!r}"
        self.messages += 1
        before = self.view
        self.view = added_up(self.view, message)
        return raw, message, self.view != before


def added_up(view: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    """A view with a message applied, as the client does: a whole view, or a delta
    (changed parts; of the boards only those redrawn; the log lines told since)."""
    if "delta" not in message:
        return {k: v for k, v in message.items() if k != "accepted"}
    delta = message["delta"]
    after = view | {k: v for k, v in delta.items() if k not in ("boards", "log_more")}
    after["boards"] = view["boards"] | delta.get("boards", {})
    after["log"] = view["log"] + delta.get("log_more", [])
    return after


class Shadow:
    """A room that is never played: given a state, it tells the view the server builds
    from it for a reader, whose table shows the same people present."""

    version = 10**9  # above any real room's: every view is built anew

    def __init__(self, served: Served, room: Room, seed: int | None) -> None:
        self.room = Room(
            replace(room.row, seed=seed),
            [replace(s) for s in room.seats],
            served.shadow_store,
            served.idle,  # never used: nothing wakes a shadow room
            threading.Event(),
        )
        self.connected: set[int] = set()

    def view(self, reader: Reader, state: State, status: Status) -> dict[str, Any]:
        room = self.room
        for entry in reader.view["seats"]:  # who is here, as the reader was told
            seat = entry["seat"]
            if entry["away"] and seat in self.connected:
                room.disconnect(seat)
                self.connected.discard(seat)
            elif not entry["away"] and seat not in self.connected:
                room.connect(seat)
                self.connected.add(seat)
        Shadow.version += 1
        room.state, room.status, room.version = state, status, Shadow.version
        with language("en"):
            built = room.view(reader.seat)
        sent: dict[str, Any] = json.loads(json.dumps(built))  # as sent: tuples become lists
        return sent

    def differs(self, reader: Reader, state: State, status: Status) -> dict[str, Any]:
        """The parts of the reader's view that differ from the view built from `state`:
        what is built here, by key."""
        built = self.view(reader, state, status)
        keys = (set(built) | set(reader.view)) - set(SKIPPED)
        return {k: built.get(k) for k in sorted(keys) if built.get(k) != reader.view.get(k)}


@dataclass
class Table:
    """A room played by people over WebSockets, watched by a spectator, and what the
    checks found."""

    room: Room
    tokens: list[str]
    seed: int | None
    readers: list[Reader]
    held: dict[int, Held]
    rng: random.Random
    same: Shadow  # the room again: what the server sends for a given state
    elsewhere: Shadow  # the room with another seed and chance
    leaks: list[str] = field(default_factory=list)
    compared: int = 0  # views compared with the view in another world
    swapped: int = 0  # of those, where the other world holds other secrets
    actions: int = 0
    _forbidden: set[str] | None = None

    def leak(self, text: str) -> None:
        if text not in self.leaks:
            self.leaks.append(text)

    # --- playing ------------------------------------------------------------------------
    def settle(self) -> None:
        """Read every socket until each shows the room's latest version, and chance (drawn
        in the background) has left someone to act or the game is over."""
        deadline = time.monotonic() + WAIT
        while True:
            target = self.room.version
            for reader in self.readers:
                while reader.view.get("version", -1) < target:
                    self.take(reader)
            seated = [r for r in self.readers if r.seat is not None]
            done = any(r.view["legal"] for r in seated) or self.readers[0].view["terminal"]
            if self.room.version == target and done:
                return
            assert time.monotonic() < deadline, "the room stopped moving"
            time.sleep(0.005)

    def play(self) -> None:
        """Random legal actions, each from the seat's own view, to the end."""
        while True:
            self.settle()
            if self.readers[0].view["terminal"]:
                return
            acting = [r for r in self.readers if r.seat is not None and r.view["legal"]]
            reader = self.rng.choice(acting)
            legal = [a for a in reader.view["legal"] if a != "undo"] or reader.view["legal"]
            reader.socket.send(json.dumps({"action": self.rng.choice(legal)}))
            self.actions += 1
            assert self.actions < MOST_ACTIONS, "the game does not end"
            while "accepted" not in self.take(reader):
                pass

    def take(self, reader: Reader) -> dict[str, Any]:
        raw, message, changed = reader.receive()
        self.check_text(reader, raw)
        if changed:
            self.check_view(reader)
        return message

    # --- what a message may carry ---------------------------------------------------------
    def forbidden(self) -> set[str]:
        """Numbers no message may contain: the seed, and the seeds the room derives from
        it (for each chance event and each bot)."""
        if self._forbidden is None:
            self._forbidden = set()
            if self.seed is not None:
                self._forbidden.add(str(self.seed))
                self._forbidden |= {str(derive_seed(self.seed, n)) for n in range(-8, 4000)}
        return self._forbidden

    def check_text(self, reader: Reader, raw: str) -> None:
        """No other seat's token (the spectator: none at all), and no seed."""
        for seat, token in enumerate(self.tokens):
            if seat != reader.seat and token in raw:
                self.leak(f"{who(reader.seat)} was sent seat {seat}'s token")
        for digits in set(LONG_NUMBER.findall(raw)):
            if any(seed in digits for seed in self.forbidden()):
                self.leak(f"{who(reader.seat)} was sent the seed or one derived from it")

    def check_view(self, reader: Reader) -> None:
        """The view as it stands after a message, against the server's state at its
        version: the game's own view hides what it should, and the whole view is the
        same in a world with other secrets and another seed (where nothing is hidden
        from the reader, only every few views: that world differs in the seed alone)."""
        view, seat = reader.view, reader.seat
        held = self.held[view["version"]]
        for found in hidden_fields(held.state, view["view"], seat):
            self.leak(f"{who(seat)}, version {view['version']}: {found}")
        reader.twin.replay_events(held.state.history[len(reader.twin.history) :])
        other = reader.twin.clone()
        swapped = swap_secrets(other, seat, NOTHING, self.rng)
        reader.plain += not swapped
        if not swapped and reader.plain % PLAIN_EVERY and not view["terminal"]:
            return
        self.compared += 1
        self.swapped += bool(swapped)
        differs = self.elsewhere.differs(reader, other, held.status)
        for key, built in differs.items():
            path, sent, there = first_difference(view.get(key), built, key)
            self.leak(
                f"{who(seat)}, version {view['version']}: {path} {self.cause(reader, key)}: "
                f"sent {sent!r}, in the other world {there!r}"
            )

    def cause(self, reader: Reader, key: str) -> str:
        """What changes that part of the view: the other seats' secrets, the room's seed
        or chance, or the state's own seed."""
        held = self.held[reader.view["version"]]
        if key in self.same.differs(reader, held.state, held.status):
            pytest.fail(f"{who(reader.seat)}: {key!r} is not the server's view at its version")
        if key in self.elsewhere.differs(reader, held.state, held.status):
            return "depends on the room's seed or chance"
        swapped = held.state.clone()
        swap_secrets(swapped, reader.seat, NOTHING, self.rng)
        if key in self.same.differs(reader, swapped, held.status):
            return "depends on the other seats' secrets"
        return "depends on the state's own seed (an order kept in the state?)"

    # --- the log ---------------------------------------------------------------------------
    def check_log(self) -> None:
        """Each event told to each reader: the same whatever the other seats hold, a
        private draw the same whatever was drawn; and each reader was sent exactly that."""
        game = self.room.game
        history = self.room.state.history
        state = game.new_state(0)
        viewers = [r.seat for r in self.readers]
        expected: dict[int | None, list[dict[str, Any]]] = {v: [] for v in viewers}
        with language("en"):
            for n, event in enumerate(history):
                for viewer in viewers:
                    line = game.describe_event(state, event, NAMES, viewer)
                    if line is not None:
                        expected[viewer].append({"n": n, "seat": event.player, "text": line})
                    self.check_line(state, event, viewer, line)
                state.replay_events([event])
        for reader in self.readers:
            got = [{k: line[k] for k in ("n", "seat", "text")} for line in reader.view["log"]]
            first = got[0]["n"] if got else 0
            assert got == [line for line in expected[reader.seat] if line["n"] >= first], (
                f"{who(reader.seat)} was sent another log than the one told to it"
            )

    def check_line(self, before: State, event: Event, viewer: int | None, line: str | None) -> None:
        game = self.room.game
        other = before.clone()
        swapped = swap_secrets(other, viewer, kept_by(game, before, event), self.rng)
        if swapped and game.describe_event(other, event, NAMES, viewer) != line:
            self.leak(
                f"{who(viewer)}: the log line for event {event.text!r} depends on the "
                f"other seats' secrets (sent: {line!r})"
            )
        seen_by = before.chance_viewers() if event.player is None else None
        if seen_by is None or seen_by == (viewer,):
            return  # a public draw, or one only this reader sees
        others = [o for o, _p in before.chance_outcomes() if str(o) != event.text]
        if viewer in seen_by:  # seen in parts: the outcomes that look alike to this reader
            others = alike(before, event, others, viewer)
        for outcome in others[:: max(1, len(others) // 2)][:2]:
            if game.describe_event(before, Event(None, str(outcome)), NAMES, viewer) != line:
                self.leak(
                    f"{who(viewer)}: the log line for the draw {event.text!r} tells what "
                    f"only others saw (sent: {line!r})"
                )


def alike(before: State, event: Event, others: list[Outcome], viewer: int) -> list[Outcome]:
    """The other outcomes of a draw seen in parts that leave the reader's own view as the
    real one does (Metromania's deal: the reader's companies get the same hands)."""
    real = before.game.parse_outcome(event.text)
    if isinstance(before, MetromaniaState) and isinstance(real, Deal):
        mode = before.rules.mode
        own = [c for c in range(mode.companies) if mode.seat_of(c) == viewer]
        deals = [o for o in others if isinstance(o, Deal)]
        return [o for o in deals if all(real.hands[c] == o.hands[c] for c in own)]
    after = before.clone()
    after.apply_chance(real)
    found = []
    for other in others[:ALIKE_TRIED]:
        elsewhere = before.clone()
        elsewhere.apply_chance(other)
        if elsewhere.view(viewer) == after.view(viewer):
            found.append(other)
    return found


def first_difference(sent: Any, other: Any, path: str) -> tuple[str, str, str]:
    """Where two JSON values first differ: the path there, and each side around it."""
    if isinstance(sent, dict) and isinstance(other, dict):
        for key in sorted(set(sent) | set(other), key=str):
            if sent.get(key) != other.get(key):
                return first_difference(sent.get(key), other.get(key), f"{path}.{key}")
    if isinstance(sent, list) and isinstance(other, list) and len(sent) == len(other):
        for i, (a, b) in enumerate(zip(sent, other, strict=True)):
            if a != b:
                return first_difference(a, b, f"{path}[{i}]")
    if isinstance(sent, str) and isinstance(other, str):
        pairs = enumerate(zip(sent, other, strict=False))
        at = next((i for i, (a, b) in pairs if a != b), min(len(sent), len(other)))
        return path, sent[max(0, at - 60) : at + 60], other[max(0, at - 60) : at + 60]
    return path, json.dumps(sent)[:160], json.dumps(other)[:160]


def who(seat: int | None) -> str:
    return "the spectator" if seat is None else f"seat {seat}"


def sit_down(served: Served, case: Case, seed: int | None, sockets: ExitStack) -> Table:
    """A room for Ann and the others, who take the open seats once the room is watched
    (so every version a reader sees is held), and a socket for each and a spectator."""
    game, options, players = case
    body: dict[str, Any] = {"game": game, "options": options}
    body["seats"] = [{"name": NAMES[0]}] + [{"open": True}] * (players - 1)
    if seed is not None:
        body |= {"seed": seed, "practice": True}
    status, made = request("POST", served.base, "/api/rooms", body)
    assert status == 200, made
    room = served.rooms.get(made["room"])
    held: dict[int, Held] = {}

    def note() -> None:  # called with the room's lock held, by whichever thread changed it
        held[room.version] = Held(room.state.clone(), room.status)

    room.watch(note)
    links = [made["seats"][0]["link"]]
    for name in NAMES[1:players]:
        status, joined = request("POST", served.base, f"/api/rooms/{room.id}/join", {"name": name})
        assert status == 200, joined
        links.append(joined["link"])
    tokens = [link.split("token=")[1] for link in links]
    readers = [reader_of(served, room, seat, tokens[seat], sockets) for seat in range(players)]
    readers.append(reader_of(served, room, None, None, sockets))
    same, elsewhere = Shadow(served, room, room.row.seed), Shadow(served, room, TWIN_SEED)
    return Table(room, tokens, seed, readers, held, random.Random(seed or 0), same, elsewhere)


def reader_of(
    served: Served, room: Room, seat: int | None, token: str | None, sockets: ExitStack
) -> Reader:
    url = served.base.replace("http", "ws", 1) + f"/ws/{room.id}"
    socket = connect(url + (f"?token={token}" if token else ""), max_size=None)
    return Reader(seat, sockets.enter_context(socket), room.game.new_state(TWIN_SEED))


def play_and_check(served: Served, case: Case, seed: int | None) -> Table:
    with ExitStack() as sockets:
        table = sit_down(served, case, seed, sockets)
        table.play()
        table.check_log()
    return table


def hides_something(game: Game) -> bool:
    """Whether the game with these options keeps something from some seat in play."""
    if game.name == "metro":
        return True  # hands at least
    if game.name == "metromania":
        return not getattr(game, "letters_public", True)
    return False


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_no_message_tells_a_seat_what_it_may_not_know(served: Served, case: Case) -> None:
    """A practice room (a known seed) played to the end: every message to each seat and
    to the spectator carries only what that reader may know."""
    table = play_and_check(served, case, SEED - CASES.index(case))
    assert table.readers[0].view["terminal"]
    assert not table.leaks, "\n".join(table.leaks[:20])
    assert all(r.messages >= table.actions for r in table.readers)  # one per change at least
    assert table.compared > 0
    if hides_something(table.room.game):  # other worlds held other secrets: a leak would show
        assert table.swapped > 0


def test_a_live_room_keeps_its_secrets_too(served: Served) -> None:
    """A live room (no seed at all, chance from the system) with Metro's companies,
    central cars and number tokens: no token of another seat, no secret."""
    table = play_and_check(served, ("metro", {"modules": [1, 2, 4]}, 2), None)
    assert table.room.row.seed is None
    assert not table.leaks, "\n".join(table.leaks[:20])
    assert table.swapped > 0
