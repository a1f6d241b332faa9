"""What the server tests do again and again: practice rooms, seat tokens, and waiting for
the bots, which move in the background."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient


def create(client: TestClient, game: str, options: dict[str, Any], seats: list[dict[str, Any]],
           seed: int = 1) -> dict[str, Any]:  # fmt: skip
    """A practice room (the seed makes its chance repeatable)."""
    response = client.post(
        "/api/rooms",
        json={"game": game, "options": options, "seats": seats, "seed": seed, "practice": True},
    )
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def wait_for(
    client: TestClient, room: str, ready: Callable[[dict[str, Any]], bool], token: str = ""
) -> dict[str, Any]:
    """The room's view once `ready` holds (bots move in the background); bounded."""
    deadline = time.monotonic() + 120
    while True:
        params = {"token": token} if token else {}
        view: dict[str, Any] = client.get(f"/api/rooms/{room}/view", params=params).json()
        if ready(view):
            return view
        assert time.monotonic() < deadline, f"the room never got there: {view['seats']}"
        time.sleep(0.02)


def bots_done(view: dict[str, Any]) -> bool:
    return view["terminal"] or not any(
        s["bot"] and s["status"] == "thinking" for s in view["seats"]
    )


def over(view: dict[str, Any]) -> bool:
    return bool(view["terminal"])


def token_of(result: dict[str, Any], seat: int) -> str:
    return str(result["seats"][seat]["link"].split("token=")[1])
