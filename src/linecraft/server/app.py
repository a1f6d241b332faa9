"""The web platform: a FastAPI app with the lobby API, room pages, and a WebSocket per
seat. One process; rooms live in memory and in an SQLite file (`Store`)."""

from __future__ import annotations

import asyncio
import json
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, Field

import linecraft
from linecraft.bots import BOTS
from linecraft.core.errors import LinecraftError
from linecraft.server.rooms import Room, RoomError, Rooms
from linecraft.server.store import Store


class SeatRequest(BaseModel):
    name: str = Field("", max_length=40)
    bot: str | None = None


class RoomRequest(BaseModel):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest]
    seed: int | None = None
    assistant: bool = False


class ActRequest(BaseModel):
    token: str
    action: str


class TakeOverRequest(BaseModel):
    """Someone seated at the table (their own link's token) hands a seat to a bot."""

    token: str
    seat: int
    bot: str = "greedy"


def _page(name: str) -> str:
    return resources.files("linecraft.server").joinpath("static").joinpath(name).read_text()


def create_app(db_path: str | Path) -> FastAPI:
    store = Store(db_path)
    rooms = Rooms(store)
    app = FastAPI(title="Linecraft")
    app.state.rooms = rooms

    def room_or_404(room_id: str) -> Room:
        try:
            return rooms.get(room_id)
        except RoomError as exc:
            raise HTTPException(404, str(exc)) from None

    def seat_of(room: Room, token: str | None) -> int | None:
        if not token:
            return None
        seat = room.seat_of(token)
        if seat is None:
            raise HTTPException(403, "this link does not belong to a seat of the room")
        return seat

    @app.get("/", response_class=HTMLResponse)
    def lobby() -> str:
        return _page("lobby.html")

    @app.get("/room/{room_id}", response_class=HTMLResponse)
    def room_page(room_id: str) -> str:
        room_or_404(room_id)
        return _page("room.html")

    @app.get("/static/{name}")
    def static(name: str) -> HTMLResponse:
        if name not in ("app.js", "style.css", "lobby.js", "replay.js"):
            raise HTTPException(404, "no such file")
        kind = "text/css" if name.endswith(".css") else "application/javascript"
        return HTMLResponse(_page(name), media_type=kind)

    @app.get("/api/games")
    def games() -> dict[str, Any]:
        return {
            "games": [
                {
                    "name": info.name,
                    "title": info.title,
                    "options": [
                        {
                            "name": o.name,
                            "default": o.default,
                            "allowed": o.allowed,
                            "doc": o.doc,
                            "choices": list(o.choices),
                            "many": o.many,
                        }
                        for o in info.options
                    ],
                }
                for info in linecraft.games()
            ],
            "bots": sorted(BOTS),
        }

    @app.post("/api/rooms")
    def create_room(request: RoomRequest) -> dict[str, Any]:
        try:
            room = rooms.create(
                request.game,
                request.options,
                [s.model_dump() for s in request.seats],
                request.seed,
                request.assistant,
            )
        except RoomError as exc:
            raise HTTPException(400, str(exc)) from None
        return {
            "room": room.id,
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "bot": s.bot,
                    "link": None if s.bot else f"/room/{room.id}?token={s.token}",
                }
                for s in room.seats
            ],
            "spectator": f"/room/{room.id}",
        }

    @app.get("/api/rooms")
    def list_rooms() -> dict[str, Any]:
        return {
            "rooms": [
                {
                    "room": r.id,
                    "game": r.game.name,
                    "terminal": r.state.is_terminal(),
                    "seats": [{"name": s.name, "bot": s.bot} for s in r.seats],
                    "spectator": f"/room/{r.id}",
                }
                for r in rooms.all()
            ]
        }

    @app.get("/api/rooms/{room_id}/view")
    def view(room_id: str, token: str | None = None) -> dict[str, Any]:
        room = room_or_404(room_id)
        return room.view(seat_of(room, token))

    @app.post("/api/rooms/{room_id}/act")
    def act(room_id: str, request: ActRequest) -> JSONResponse:
        room = room_or_404(room_id)
        seat = seat_of(room, request.token)
        assert seat is not None
        try:
            room.act(seat, request.action)
        except LinecraftError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        return JSONResponse(room.view(seat))

    @app.post("/api/rooms/{room_id}/takeover")
    def take_over(room_id: str, request: TakeOverRequest) -> dict[str, Any]:
        room = room_or_404(room_id)
        if seat_of(room, request.token) is None:
            raise HTTPException(403, "only a seat of the room can hand a seat to a bot")
        if not 0 <= request.seat < len(room.seats):
            raise HTTPException(400, f"no seat {request.seat}")
        try:
            room.take_over(request.seat, request.bot)
        except RoomError as exc:
            raise HTTPException(400, str(exc)) from None
        return room.view(None)

    @app.get("/replay/{room_id}", response_class=HTMLResponse)
    def replay_page(room_id: str) -> str:
        room_or_404(room_id)
        return _page("replay.html")

    @app.get("/api/rooms/{room_id}/replay")
    def replay_step(room_id: str, step: int = 0) -> dict[str, Any]:
        room = room_or_404(room_id)
        if not room.state.is_terminal():
            raise HTTPException(409, "a game can be replayed once it is over")
        return room.replay_at(step)

    @app.get("/api/rooms/{room_id}/record")
    def record(room_id: str) -> JSONResponse:
        room = room_or_404(room_id)
        if not room.state.is_terminal():
            raise HTTPException(409, "the game is not over yet")
        return JSONResponse(
            room.record(),
            headers={"Content-Disposition": f'attachment; filename="{room.id}.json"'},
        )

    @app.websocket("/ws/{room_id}")
    async def play(socket: WebSocket, room_id: str, token: str | None = None) -> None:
        await socket.accept()
        try:
            room = rooms.get(room_id)
            seat = room.seat_of(token) if token else None
        except RoomError as exc:
            await socket.send_json({"error": str(exc)})
            await socket.close()
            return
        if token and seat is None:
            await socket.send_json({"error": "this link does not belong to a seat of the room"})
            await socket.close()
            return
        await socket.send_json(room.view(seat))
        sent = room.version
        sending = asyncio.Lock()

        async def send_latest() -> None:
            """Send the seat's view once per change, whoever notices it first."""
            nonlocal sent
            async with sending:
                if room.version != sent:
                    sent = room.version
                    await socket.send_json(room.view(seat))

        async def push() -> None:
            while True:
                await asyncio.sleep(0.25)
                await send_latest()

        pusher = asyncio.create_task(push())
        try:
            while True:
                message = json.loads(await socket.receive_text())
                if seat is None:
                    await socket.send_json({"error": "spectators only watch"})
                    continue
                try:
                    await asyncio.to_thread(room.act, seat, str(message.get("action", "")))
                except LinecraftError as exc:
                    await socket.send_json({"error": str(exc)})
                    continue
                await send_latest()
        except WebSocketDisconnect:
            pass
        finally:
            pusher.cancel()

    return app
