"""JSON game records: headers, the events in order, the final score cards; and replay."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from linecraft.core.errors import LinecraftError, RecordError
from linecraft.core.game import Event, State
from linecraft.core.registry import load_game

RECORD_FORMAT = 1


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def make_record(
    state: State,
    *,
    players: Sequence[str] | None = None,
    start: str | None = None,
    end: str | None = None,
) -> dict[str, Any]:
    """The record of everything that happened in `state` so far."""
    game = state.game
    names = list(players) if players else [f"player {p}" for p in range(game.num_players)]
    result: dict[str, Any] | None = None
    if state.is_terminal():
        result = {"winners": state.winners()}
    return {
        "format": RECORD_FORMAT,
        "game": game.name,
        "options": _jsonable(game.options),
        "players": names,
        "seed": state.seed,
        "start": start,
        "end": end if end is not None else (now_iso() if state.is_terminal() else None),
        "result": result,
        "events": [event.to_json() for event in state.history],
        "scores": {str(p): dict(card) for p, card in state.scores().items()},
    }


def _jsonable(options: Mapping[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}


def parse_record(text: str, name: str) -> dict[str, Any]:
    """The record in `text`, read from the file `name` (named in the errors)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{name}: not JSON (line {exc.lineno}: {exc.msg})") from None
    if not isinstance(data, dict) or "game" not in data or "events" not in data:
        raise RecordError(f"{name}: not a game record (needs 'game' and 'events')")
    if not isinstance(data["events"], list):
        raise RecordError(f"{name}: 'events' is not a list of events")
    return data


def initial_state(record: Mapping[str, Any]) -> State:
    """The record's game at its start; `RecordError` says what in its game, options or
    seed cannot start one."""
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(f"the record's options are not an object: {options!r}")
    seed = record.get("seed") or 0  # a live room's record has no seed
    if not isinstance(seed, int):
        raise RecordError(f"the record's seed is not a whole number: {seed!r}")
    try:
        game = load_game(
            str(record["game"]),
            **{k: tuple(v) if isinstance(v, list) else v for k, v in options.items()},
        )
    except ValueError as exc:  # an unknown game, or an option it does not have
        raise RecordError(f"the record's game cannot be set up: {exc}") from None
    return game.new_state(seed)


def positions(record: Mapping[str, Any]) -> Iterator[tuple[int, Event, State]]:
    """Replay step by step: (event number from 1, event, state after it).

    Raises `RecordError` naming the event that fails; the yielded state is live
    (clone it to keep a position).
    """
    state = initial_state(record)
    for number, raw in enumerate(record["events"], start=1):
        try:
            event = Event.from_json(raw)
            state.replay_events([event])
        except (LinecraftError, KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"event {number} {raw!r}: {exc}") from None
        yield number, event, state


def replay(record: Mapping[str, Any]) -> State:
    """Rebuild the final position of a record exactly, checking its stored score cards."""
    state = initial_state(record)
    for _, _, replayed in positions(record):
        state = replayed
    stored = record.get("scores")
    if stored is not None:
        actual = {str(p): dict(card) for p, card in state.scores().items()}
        if _normalise(actual) != _normalise(stored):
            raise RecordError("the replayed scores differ from the scores stored in the record")
    return state


def _normalise(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True))
