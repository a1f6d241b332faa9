"""A finished game step by step, for the replay viewer: a room's own record or a record
file a person opens in the browser, told with the game's words."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from linecraft.core.errors import RecordError
from linecraft.core.game import Event, State
from linecraft.core.i18n import _, current
from linecraft.core.records import initial_state
from linecraft.server.gamelog import GameLog

SHARED_BOARD_GAMES = ("metro", "metromania")  # one table for all seats, not a board each
MAX_EVENTS = 20_000  # a record file longer than any game is refused


def names_of(record: Mapping[str, Any], seats: int) -> list[str]:
    given = record.get("players") or []
    return [str(given[p]) if p < len(given) else f"Player {p + 1}" for p in range(seats)]


def boards(state: State, shown: int = 0) -> dict[str, str]:
    """Each seat's drawing (or the one shared table); at the end with the scoring
    overlay, so every player sees what scored where."""
    game = state.game
    overlay = state.is_terminal()
    if game.name in SHARED_BOARD_GAMES:
        return {"table": game.render_state(state, shown, overlay=overlay)}
    return {str(p): game.render_state(state, p, overlay=overlay) for p in range(game.num_players)}


def step_view(record: Mapping[str, Any], step: int, title: str = "") -> dict[str, Any]:
    """The game as it stood after `step` events (0: before the first): the drawings,
    the score table at that moment, and the whole log with the event just played."""
    events = _events(record)
    state = initial_state(record)
    game = state.game
    names = names_of(record, game.num_players)
    step = max(0, min(step, len(events)))
    try:
        state.replay_events(events[:step])
    except Exception as exc:
        raise RecordError(_("event {step}: {reason}").format(step=step, reason=exc)) from None
    cards = state.scores()
    return {
        "game": game.name,
        "title": title or game.name,
        "step": step,
        "steps": len(events),
        "seats": [{"seat": p, "name": n} for p, n in enumerate(names)],
        "boards": boards(state),
        "log": _log(
            json.dumps(record["events"]),
            game.name,
            json.dumps(record.get("options")),
            json.dumps(names),
            current(),
        ),
        "score_rows": {str(p): game.score_rows(c) for p, c in cards.items()},
        "terminal": state.is_terminal(),
        "winners": state.winners() if state.is_terminal() else None,
    }


def _events(record: Mapping[str, Any]) -> list[Event]:
    raw = record.get("events")
    if not isinstance(raw, list) or len(raw) > MAX_EVENTS:
        raise RecordError(
            _("a record holds a list of at most {count} events").format(count=MAX_EVENTS)
        )
    try:
        return [Event.from_json(e) for e in raw]
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(
            _("an event of the record is malformed: {reason}").format(reason=exc)
        ) from None


@functools.lru_cache(maxsize=32)
def _log(events: str, game: str, options: str, names: str, code: str) -> list[dict[str, Any]]:
    """The whole game told to a spectator in language `code` (cached: every step of a
    replay shows it)."""
    record = {"game": game, "options": json.loads(options) or {}, "events": json.loads(events)}
    state = initial_state(record)
    history = _events(record)
    log = GameLog(state.game, json.loads(names), code)
    return log.lines(history, None)
