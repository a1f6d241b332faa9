"""Bad input, generated. Every HTTP operation of the app's own OpenAPI schema is fuzzed
with schemathesis (requests that follow the schema and requests that break it), and the
actions and WebSocket messages of seated players with Hypothesis: malformed JSON, wrong
types, unknown rooms, missing and wrong tokens, out-of-turn and replayed actions, huge
numbers, strange text. Each is answered with a 4xx or a WebSocket error that says why,
never a 500 or a closed socket; the rooms' games are as they were unless an action was
accepted; and the server plays on afterwards.

`LINECRAFT_FUZZ_EXAMPLES=2000 pytest tests/server/test_fuzz.py` fuzzes for longer."""

from __future__ import annotations

import json
import logging
import os
import re
import sqlite3
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode

from linecraft.server.app import create_app
from linecraft.server.limits import Limits
from tests.server.helpers import create, token_of, wait_for

EXAMPLES = int(os.environ.get("LINECRAFT_FUZZ_EXAMPLES", "100"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
# fuzzing is many requests from one address: only the limits under test stay tight
GENEROUS = Limits(rooms_per_hour=10**6, actions_per_second=10**6, sockets_per_address=10**6)
TABLES = {  # people only: nothing moves unless a fuzzed request moves it
    "railroad-ink": [{"name": "Ann"}],
    "metro": [{"name": "Ann"}, {"name": "Ben"}],
    "next-station-london": [{"name": "Ann"}],
    "metromania": [{"name": "Ann"}, {"name": "Ben"}],
}
GAME_FAILED = "room %s: the game failed on the action %r"  # logged by `carry_out`
SCHEMA = schemathesis.openapi.from_dict(create_app(":memory:").openapi())
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]


class Errors(logging.Handler):
    """Every error the server logs while it is fuzzed (none is expected)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class Table:
    room: str
    tokens: list[str]
    game: str


@dataclass
class Fuzzed:
    client: TestClient
    db: Path
    tables: list[Table]
    errors: Errors
    moved: set[str] = field(default_factory=set)  # rooms where an action was accepted

    def games(self) -> dict[str, Any]:
        """What fuzzing must not change: each room's stored log, seats and status."""
        with sqlite3.connect(self.db) as conn:
            return {
                t.room: (
                    conn.execute(
                        "SELECT number, text FROM events WHERE room = ? ORDER BY number", (t.room,)
                    ).fetchall(),
                    conn.execute(
                        "SELECT seat, name, bot FROM seats WHERE room = ? ORDER BY seat", (t.room,)
                    ).fetchall(),
                    conn.execute("SELECT status FROM rooms WHERE id = ?", (t.room,)).fetchall(),
                )
                for t in self.tables
            }


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fuzzed]:
    db = tmp_path_factory.mktemp("fuzz") / "rooms.db"
    errors = Errors()
    logging.getLogger().addHandler(errors)
    try:
        app = create_app(db, limits=GENEROUS)
        with TestClient(app, raise_server_exceptions=False) as client:
            tables = []
            for game, seats in TABLES.items():
                made = create(client, game, {}, seats)
                wait_for(client, made["room"], lambda v: bool(v["to_act"]))  # chance dealt
                tokens = [token_of(made, s) for s in range(len(seats))]
                tables.append(Table(made["room"], tokens, game))
            yield Fuzzed(client, db, tables, errors)
    finally:
        logging.getLogger().removeHandler(errors)


@pytest.fixture
def unchanged(fuzzed: Fuzzed) -> Iterator[None]:
    """The rooms' games after the test are those before it, but for accepted actions;
    no error was logged; and the server still plays."""
    before = fuzzed.games()
    fuzzed.errors.records.clear()
    fuzzed.moved.clear()
    yield
    after = fuzzed.games()
    for table in fuzzed.tables:
        if table.room not in fuzzed.moved:
            assert after[table.room] == before[table.room], table.game
    # a game that fails on a text in a way its rules do not foresee is a bug of that
    # game's parser: the server refuses the action with a reason and logs the bug, which
    # is told here; any other error logged is the server's own, and fails the test
    for record in fuzzed.errors.records:
        if record.msg != GAME_FAILED:
            raise AssertionError(f"logged while fuzzing: {record.getMessage()}")
        warnings.warn(f"a game bug, refused with a reason: {record.getMessage()}", stacklevel=1)
    assert fuzzed.client.get("/api/games").status_code == 200


def reason_of(response: Any) -> str:
    """The reason a refused request is given, as its reader sees it."""
    if response.headers.get("content-type", "").startswith("text/html"):
        return str(response.text)
    body = response.json()
    detail = body.get("detail") or body.get("error")
    return detail if isinstance(detail, str) else json.dumps(detail)


def answered(response: Any) -> None:
    """A 2xx or 3xx, or a 4xx with its reason; never a 5xx."""
    assert response.status_code < 500, response.text[:500]
    if response.status_code >= 400:
        assert reason_of(response).strip(), response.text[:500]


# --- every HTTP operation, from the OpenAPI schema -------------------------------------------
def send(client: TestClient, case: Any) -> Any:
    """A schemathesis case sent through the test client (httpx: `content`, not `data`)."""
    request = case.as_transport_kwargs(base_url="http://testserver")
    for unused in ("timeout", "cookies", "verify", "allow_redirects"):
        request.pop(unused, None)
    if "data" in request:
        request["content"] = request.pop("data")
    try:
        return client.request(**request, follow_redirects=False)
    finally:
        # A fuzzed request may set a cookie (the language chooser sets `lang`); kept by
        # the shared client, it would change how the server answers later tests.
        client.cookies.clear()


def cases(operation: Any, tables: list[Table]) -> st.SearchStrategy[Any]:
    """Requests that follow the schema and requests that break it, at random and at the
    fuzzed rooms themselves."""
    variants = [operation.as_strategy(GenerationMode.POSITIVE)]
    if operation.path_parameters or operation.query or operation.body:
        variants.append(operation.as_strategy(GenerationMode.NEGATIVE))
    if any(p.name == "room_id" for p in operation.path_parameters):
        for table in tables:
            at = {"room_id": table.room}
            variants.append(operation.as_strategy(GenerationMode.POSITIVE, path_parameters=at))
    return st.one_of(variants)


@pytest.mark.usefixtures("unchanged")
@pytest.mark.parametrize("operation", OPERATIONS, ids=[o.label for o in OPERATIONS])
def test_every_operation_answers_bad_requests_with_a_reason(fuzzed: Fuzzed, operation: Any) -> None:
    @FUZZ
    @given(case=cases(operation, fuzzed.tables))
    def request(case: Any) -> None:
        answered(send(fuzzed.client, case))

    try:
        request()
    except Unsatisfiable:  # an operation with nothing to get wrong
        pytest.skip("no request to generate")


# --- actions of seated players, over HTTP ----------------------------------------------------
def mutated(action: str) -> st.SearchStrategy[str]:
    """A legal action with a part changed: a number made huge, negative or foreign, a
    letter changed, something cut off or added."""
    numbers = st.one_of(
        st.integers(-(10**30), 10**30).map(str),
        st.sampled_from([20, 190, 4301, 5000]).map(lambda n: "9" * n),  # Python reads 4300
        st.sampled_from(["-0", "1e5", "0x1", "١", "½", "NaN", "", " "]),
    )
    runs = list(re.finditer(r"\d+", action))

    def put(number: str, which: int) -> str:  # in place of one of the action's numbers
        run = runs[which % len(runs)]
        return action[: run.start()] + number + action[run.end() :]

    return st.one_of(
        st.builds(put, numbers, st.integers(0, 9)) if runs else st.nothing(),
        st.text(max_size=8).map(lambda t: action + t),
        st.text(max_size=8).map(lambda t: t + action),
        st.integers(0, max(0, len(action) - 1)).map(lambda i: action[:i]),
        st.just(action.upper()),
        st.just(f"{action} {action}"),
    )


def actions(legal: list[str]) -> st.SearchStrategy[str]:
    """What a seated player might send instead of one of the `legal` actions."""
    strange = st.sampled_from(["\ud800", "\udfff", "\x00", "\u202e", "\n", "\t", "\ufeff"])
    return st.one_of(
        st.sampled_from(legal).flatmap(mutated) if legal else st.nothing(),
        st.text(max_size=40),
        st.lists(st.one_of(st.text(max_size=3), strange), max_size=6).map("".join),
        st.sampled_from(["undo", "end", "pass", "roll HS HC RT SC", "d1 A1 H.H."]),
    )


def legal_of(fuzzed: Fuzzed, table: Table, seat: int) -> list[str]:
    view = fuzzed.client.get(
        f"/api/rooms/{table.room}/view", params={"token": table.tokens[seat]}
    ).json()
    return list(view["legal"])


@pytest.mark.usefixtures("unchanged")
@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_seated_players_bad_actions_are_refused_and_change_nothing(
    fuzzed: Fuzzed, game: str
) -> None:
    table = next(t for t in fuzzed.tables if t.game == game)
    legal = legal_of(fuzzed, table, 0) + legal_of(fuzzed, table, len(table.tokens) - 1)

    @FUZZ
    @given(seat=st.sampled_from(range(len(table.tokens))), action=actions(legal))
    def act(seat: int, action: str) -> None:
        before = fuzzed.games()[table.room]
        body = json.dumps({"token": table.tokens[seat], "action": action})  # \ud800 escaped
        answer = fuzzed.client.post(
            f"/api/rooms/{table.room}/act",
            content=body,
            headers={"content-type": "application/json"},
        )
        answered(answer)
        if answer.status_code == 200:  # a legal action after all: the game moves on
            fuzzed.moved.add(table.room)
        else:
            assert fuzzed.games()[table.room] == before, action

    act()


# --- WebSocket messages ----------------------------------------------------------------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


def frames(legal: list[str]) -> st.SearchStrategy[tuple[str, str | bytes]]:
    """WebSocket messages: binary, text that is not JSON, JSON that is not an object,
    objects with the wrong fields or types, deep nesting, huge numbers, and actions that
    are not legal."""
    text = st.one_of(
        st.text(max_size=30),
        JSON.map(json.dumps),
        JSON.map(lambda v: json.dumps({"action": v})),
        st.dictionaries(st.text(max_size=8), JSON, min_size=1, max_size=3).map(
            lambda extra: json.dumps({"action": "pass", **extra})
        ),
        actions(legal).map(lambda a: json.dumps({"action": a})),
        st.integers(1, 20_000).map(lambda n: "[" * n + "]" * n),
        st.integers(4000, 6000).map(lambda n: '{"action": ' + "9" * n + "}"),
        st.sampled_from(['{"action": NaN}', '{"action": Infinity}', '{"action": "\\ud800"}']),
        st.sampled_from(["\ud800", '{"action": "\udfff"}']),  # text no real socket carries
    )
    return st.one_of(
        text.map(lambda t: ("text", t)), st.binary(max_size=30).map(lambda b: ("bytes", b))
    )


def reply(socket: Any) -> dict[str, Any]:
    """The answer to a message: an error, or the view once an action is accepted (the
    change itself may be pushed first)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if "error" in message or "accepted" in message:
            return message


@pytest.mark.usefixtures("unchanged")
@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_bad_websocket_message_is_answered_and_the_socket_stays_open(
    fuzzed: Fuzzed, game: str
) -> None:
    table = next(t for t in fuzzed.tables if t.game == game)
    path = f"/ws/{table.room}?token={table.tokens[0]}"
    with (
        fuzzed.client.websocket_connect(path) as socket,
        fuzzed.client.websocket_connect(f"/ws/{table.room}") as watcher,
    ):
        legal = socket.receive_json()["legal"]
        watcher.receive_json()

        @FUZZ
        @given(frame=frames(legal))
        def send(frame: tuple[str, str | bytes]) -> None:
            data = frame[1]
            before = fuzzed.games()[table.room]
            if isinstance(data, bytes):
                socket.send_bytes(data)
            else:
                socket.send_text(data)
            answer = reply(socket)
            if "accepted" in answer:
                fuzzed.moved.add(table.room)
            else:
                assert answer["error"].strip() and fuzzed.games()[table.room] == before, data

        send()
        watcher.send_text(json.dumps({"action": "pass"}))  # a spectator's action is refused
        assert reply(watcher) == {"error": "spectators only watch"}
        socket.send_text(json.dumps({"action": "no such action"}))
        assert "error" in reply(socket)  # still open, still answering


@pytest.mark.usefixtures("unchanged")
def test_the_server_plays_on_after_fuzzing(fuzzed: Fuzzed) -> None:
    for table in fuzzed.tables:
        legal = legal_of(fuzzed, table, 0) or legal_of(fuzzed, table, 1)
        seat = 0 if legal_of(fuzzed, table, 0) else 1
        answer = fuzzed.client.post(
            f"/api/rooms/{table.room}/act", json={"token": table.tokens[seat], "action": legal[0]}
        )
        assert answer.status_code == 200, (table.game, answer.text)
        fuzzed.moved.add(table.room)
