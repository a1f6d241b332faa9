"""The web platform: a FastAPI app with the lobby API, room pages, and a WebSocket per
seat. One process; rooms live in an SQLite file (`Store`) and, once asked for, in memory.

Nothing that can take long runs on the event loop: rooms are loaded, views built and
actions carried out in worker threads, and bots move in a pool of their own."""

from __future__ import annotations

import asyncio
import functools
import html
import json
import logging
import random
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

import linecraft
from linecraft.bots import BOTS, make_bot
from linecraft.core.errors import LinecraftError
from linecraft.core.game import State
from linecraft.core.i18n import (
    LANGUAGES,
    N_,
    _,
    client_messages,
    current,
    language,
    negotiate,
)
from linecraft.server import daily
from linecraft.server.helppages import help_page
from linecraft.server.pages import LANGUAGE_COOKIE, problem_page, safe_back
from linecraft.server.replays import step_view
from linecraft.server.rooms import (
    ABSENT_AFTER,
    CLOSE_IDLE_AFTER,
    Room,
    RoomError,
    Rooms,
    RoomSetAside,
    SaveError,
    options_of,
    room_title,
)
from linecraft.server.store import Store

log = logging.getLogger(__name__)


class SeatRequest(BaseModel):
    name: str = Field("", max_length=40)
    bot: str | None = None
    open: bool = False  # anyone may take this seat from the lobby


class RoomRequest(BaseModel):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest]
    # chance follows a chosen seed only in a practice room, and every seat is told
    practice: bool = False
    seed: int | None = Field(None, ge=0, lt=2**63)
    assistant: bool = False
    clock: int | None = Field(None, ge=10, le=24 * 3600)  # seconds per turn; None: no clock


class ActRequest(BaseModel):
    token: str
    action: str


class TakeOverRequest(BaseModel):
    """Someone seated at the table (their own link's token) hands an absent player's
    seat to a bot."""

    token: str
    seat: int
    bot: str = "greedy"


class TokenRequest(BaseModel):
    token: str


class ReplayRequest(BaseModel):
    record: dict[str, Any]
    step: int = Field(0, ge=0)


class HeldSeat(BaseModel):
    room: str = Field(max_length=40)
    token: str = Field(max_length=80)


class SeatsRequest(BaseModel):
    seats: list[HeldSeat]


class JoinRequest(BaseModel):
    name: str = Field("", max_length=40)


# What the browser may load: the client ships in the package, nothing from elsewhere.
CLIENT_FILES = (
    "style.css",
    "lobby.js",
    "replay.js",
    "room.js",
    "seats.js",
    "i18n.js",
    "icon.svg",
    "icon-turn.svg",
    "vendor/preact-htm.mjs",
)
MEDIA_TYPES = {".css": "text/css", ".svg": "image/svg+xml"}


def _page(name: str) -> str:
    folder = resources.files("linecraft.server").joinpath("static")
    for part in name.split("/"):
        folder = folder.joinpath(part)
    return folder.read_text()


# the words the client's HTML pages show before their script has run
PAGE_WORDS = (N_("Connecting…"), N_("Linecraft replay"))


def _document(name: str) -> str:
    """One of the client's HTML pages, in the reader's language."""
    text = _page(name).replace('<html lang="en">', f'<html lang="{current()}">', 1)
    for words in PAGE_WORDS:
        text = text.replace(f">{words}<", f">{html.escape(_(words))}<")
    return text


def spoken(connection: HTTPConnection) -> str:
    """The reader's language: the one they chose (the `lang` cookie), else the one
    their browser prefers among ours."""
    chosen = connection.cookies.get(LANGUAGE_COOKIE)
    if chosen in LANGUAGES:
        return str(chosen)
    return negotiate(connection.headers.get("accept-language"))


class SpeakTheReadersLanguage:
    """Every request and connection runs in its reader's language (a context variable
    worker threads inherit), so errors, pages and views all come in it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with language(spoken(HTTPConnection(scope))):
            await self.app(scope, receive, send)


def create_app(
    db_path: str | Path,
    *,
    absent_after: float = ABSENT_AFTER,
    close_idle_after: float = CLOSE_IDLE_AFTER,
) -> FastAPI:
    """The app; a seat counts as absent after `absent_after` seconds without a
    connection, and a running room nobody moves in is closed after `close_idle_after`."""
    store = Store(db_path)
    rooms = Rooms(store, absent_after=absent_after, close_idle_after=close_idle_after)

    async def housekeeping() -> None:
        while True:
            await asyncio.sleep(min(2.0, absent_after / 4))
            try:
                await asyncio.to_thread(rooms.tick)
            except Exception:
                log.exception("housekeeping failed; trying again")

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        keeper = asyncio.create_task(housekeeping())
        yield
        keeper.cancel()
        await asyncio.to_thread(rooms.close)
        store.close()

    app = FastAPI(title="Linecraft", lifespan=lifespan)
    app.add_middleware(SpeakTheReadersLanguage)
    app.state.rooms = rooms

    @app.exception_handler(StarletteHTTPException)
    async def friendly(request: Request, exc: StarletteHTTPException) -> Response:
        """A page a person opened (not the API) that cannot be shown: the reason in
        words and the way back to the lobby."""
        if request.url.path.startswith(("/api/", "/ws/", "/static/")):
            return await http_exception_handler(request, exc)
        unknown = exc.status_code == 404 and exc.detail == "Not Found"  # no route at all
        reason = _("There is no such page.") if unknown else str(exc.detail)
        return HTMLResponse(problem_page(reason, current()), status_code=exc.status_code)

    def room_or_404(room_id: str) -> Room:
        try:
            return rooms.get(room_id)
        except RoomSetAside as exc:
            raise HTTPException(
                409, _("this room has been set aside: {reason}").format(reason=exc)
            ) from None
        except RoomError as exc:
            raise HTTPException(404, str(exc)) from None

    def seat_of(room: Room, token: str | None) -> int | None:
        if not token:
            return None
        seat = room.seat_of(token)
        if seat is None:
            raise HTTPException(403, _("this link does not belong to a seat of the room"))
        return seat

    @app.get("/", response_class=HTMLResponse)
    def lobby() -> str:
        return _document("lobby.html")

    @app.get("/language")
    def choose_language(request: Request, lang: str, back: str = "") -> RedirectResponse:
        """The pages' language form: remember the choice, go back where the reader was."""
        if lang not in LANGUAGES:
            raise HTTPException(400, _("there is no language {code!r}").format(code=lang))
        referer = request.headers.get("referer", "")
        path = back or (referer.split(request.headers.get("host", ""), 1)[-1] if referer else "")
        answer = RedirectResponse(safe_back(path), status_code=303)
        answer.set_cookie(LANGUAGE_COOKIE, lang, max_age=365 * 86400, samesite="lax")
        return answer

    @app.get("/api/messages")
    def messages() -> dict[str, Any]:
        """The client's words in the reader's language, and the languages offered."""
        return {
            "language": current(),
            "languages": LANGUAGES,
            "messages": client_messages(current()),
        }

    @app.get("/room/{room_id}", response_class=HTMLResponse)
    def room_page(room_id: str, token: str | None = None) -> HTMLResponse:
        room = room_or_404(room_id)
        if token and room.seat_of(token) is None:
            raise HTTPException(
                403,
                _(
                    "This link does not belong to a seat of this room: ask the player who "
                    "set up the table for your own link, or watch the game without one."
                ),
            )
        return HTMLResponse(_document("room.html"))

    @app.get("/static/{name:path}")
    def static(name: str) -> HTMLResponse:
        if name not in CLIENT_FILES:
            raise HTTPException(404, _("no such file"))
        kind = MEDIA_TYPES.get(Path(name).suffix, "application/javascript")
        return HTMLResponse(_page(name), media_type=kind, headers={"Cache-Control": "no-cache"})

    @app.get("/api/games")
    def games() -> dict[str, Any]:
        """Each game as the lobby shows it: its card and its options in words."""
        return {
            "games": [
                {
                    "name": info.name,
                    "title": info.title,
                    "blurb": _(info.blurb),
                    "players": list(info.players),
                    "minutes": _(info.minutes),
                    "picture": f"/api/games/{info.name}/picture.svg",
                    "options": [
                        {
                            "name": o.name,
                            "default": o.default,
                            "allowed": _(o.allowed),
                            "doc": o.doc,
                            "choices": list(o.choices),
                            "many": o.many,
                            "label": _(o.label)
                            if o.label
                            else o.name.replace("_", " ").capitalize(),
                            "help": _(o.help),
                            "choice_words": [_(w) for w in o.choice_words]
                            or [str(c).replace("-", " ").capitalize() for c in o.choices],
                            "ordered": o.ordered,
                        }
                        for o in info.options
                        if not o.hidden
                    ],
                }
                for info in linecraft.games()
            ],
            "bots": sorted(BOTS),
        }

    @app.get("/api/games/{name}/picture.svg")
    async def game_picture(name: str) -> HTMLResponse:
        """A finished board of the game, drawn by its own renderer, for its card."""
        try:
            svg = await asyncio.to_thread(picture, name, current())
        except ValueError as exc:
            raise HTTPException(404, str(exc)) from None
        return HTMLResponse(
            svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"}
        )

    @app.post("/api/rooms")
    def create_room(request: RoomRequest) -> dict[str, Any]:
        try:
            if request.seed is not None and not request.practice:
                raise RoomError(
                    _(
                        "a seed can be chosen only for a practice room (practice: true), "
                        "which every seat sees marked as such"
                    )
                )
            seed = request.seed
            if request.practice and seed is None:
                seed = secrets.randbits(63)
            room = rooms.create(
                request.game,
                request.options,
                [s.model_dump() for s in request.seats],
                practice_seed=seed,
                assistant=request.assistant,
                clock=request.clock,
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
                    "open": not s.name and not s.bot,
                    "link": None if s.bot or not s.name else f"/room/{room.id}?token={s.token}",
                }
                for s in room.seats
            ],
            "spectator": f"/room/{room.id}",
        }

    @app.post("/api/rooms/{room_id}/rematch")
    def rematch(room_id: str, request: TokenRequest) -> dict[str, Any]:
        """Start (or find) the next game at this table; the answer is the caller's seat."""
        room = room_or_404(room_id)
        seat = seat_of(room, request.token)
        assert seat is not None
        try:
            new = rooms.rematch(room)
        except RoomError as exc:
            raise HTTPException(409, str(exc)) from None
        return {"room": new.id, "link": f"/room/{new.id}?token={new.seats[seat].token}"}

    @app.get("/api/rooms/{room_id}/rematch")
    def rematch_seat(room_id: str, token: str) -> dict[str, Any]:
        """Your seat in the rematch someone at your table started."""
        room = room_or_404(room_id)
        seat = seat_of(room, token)
        assert seat is not None
        if room.rematch is None:
            raise HTTPException(404, _("nobody has started a rematch yet"))
        new = room_or_404(room.rematch)
        return {"room": new.id, "link": f"/room/{new.id}?token={new.seats[seat].token}"}

    @app.post("/api/seats")
    def my_seats(request: SeatsRequest) -> dict[str, Any]:
        """The games of the seats a browser remembers: where each stands for that seat."""
        found = []
        for held in request.seats[:50]:
            try:
                room = rooms.get(held.room)
            except RoomError:
                continue
            seat = room.seat_of(held.token)
            if seat is None:
                continue
            try:
                view = room.view(seat)
            except Exception:  # one room that cannot be drawn hides no other
                log.exception("room %s: no view for the lobby", room.id)
                continue
            found.append(
                {
                    "room": room.id,
                    "title": room_title(room.game),
                    "created": room.created,
                    "link": f"/room/{room.id}?token={held.token}",
                    "status": "finished" if view["terminal"] else room.status,
                    "your_turn": bool(view["legal"]),
                    "names": [s.name for s in room.seats],
                    "rematch": room.rematch,
                }
            )
        return {"seats": found}

    @app.get("/api/daily")
    def daily_board() -> dict[str, Any]:
        """Today's challenges and their results, best first."""
        day = daily.today()
        return {
            "day": day,
            "challenges": [
                {
                    "key": c.key,
                    "title": _(c.title),
                    "results": [
                        {"name": name, "score": score, "replay": f"/replay/{room}"}
                        for name, score, room in store.daily_results(day, c.key)[:20]
                    ],
                }
                for c in daily.CHALLENGES
            ],
        }

    @app.post("/api/daily/{key}")
    def play_daily(key: str, request: JoinRequest) -> dict[str, Any]:
        """A room with today's dice or cards for one player."""
        challenge = daily.BY_KEY.get(key)
        if challenge is None:
            raise HTTPException(404, _("there is no daily challenge {key!r}").format(key=key))
        day = daily.today()
        secret = store.setting("daily secret", daily.new_secret)
        room = rooms.create(
            challenge.game,
            challenge.options,
            [{"name": request.name.strip() or "Player"}],
            daily=(f"{day} {key}", daily.seed(secret, day, key)),
        )
        return {"room": room.id, "link": f"/room/{room.id}?token={room.seats[0].token}"}

    @app.post("/api/rooms/{room_id}/join")
    def join(room_id: str, request: JoinRequest) -> dict[str, Any]:
        """Take an open seat of a room listed in the lobby."""
        room = room_or_404(room_id)
        try:
            seat = room.join(request.name)
        except RoomError as exc:
            raise HTTPException(409, str(exc)) from None
        return {"seat": seat.seat, "name": seat.name, "link": f"/room/{room.id}?token={seat.token}"}

    @app.get("/api/rooms")
    def list_rooms() -> dict[str, Any]:
        return {
            "rooms": [
                {
                    "room": r.id,
                    "game": r.game,
                    "title": room_title(linecraft.load(r.game, **options_of(r.options))),
                    "created": r.created,
                    "touched": r.touched,
                    "seats": [{"name": name, "bot": bot} for name, bot in r.seats],
                    "open_seats": sum(1 for name, bot in r.seats if not name and not bot),
                    "spectator": f"/room/{r.id}",
                }
                for r in rooms.summaries()
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
            accepted = room.act(seat, request.action)
        except LinecraftError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        except SaveError as exc:
            return JSONResponse({"error": str(exc)}, status_code=503)
        return JSONResponse(room.view(seat) | {"accepted": accepted})

    @app.post("/api/rooms/{room_id}/takeover")
    def take_over(room_id: str, request: TakeOverRequest) -> dict[str, Any]:
        """A seated player hands an absent player's seat to a bot."""
        room = room_or_404(room_id)
        by = seat_of(room, request.token)
        if by is None:
            raise HTTPException(403, _("only a seat of the room can hand a seat to a bot"))
        if not 0 <= request.seat < len(room.seats):
            raise HTTPException(400, _("there is no seat {seat}").format(seat=request.seat))
        try:
            room.take_over(by, request.seat, request.bot)
        except RoomError as exc:
            raise HTTPException(409, str(exc)) from None
        return room.view(by)

    @app.post("/api/rooms/{room_id}/takeback")
    def take_back(room_id: str, request: TokenRequest) -> dict[str, Any]:
        """A person takes back, with their own link, the seat a bot played for them."""
        room = room_or_404(room_id)
        seat = seat_of(room, request.token)
        assert seat is not None
        try:
            room.take_back(seat)
        except RoomError as exc:
            raise HTTPException(409, str(exc)) from None
        return room.view(seat)

    @app.get("/replay/{room_id}", response_class=HTMLResponse)
    def replay_page(room_id: str) -> str:
        room = room_or_404(room_id)
        if not room.is_terminal():
            raise HTTPException(409, _("This game is not over yet: it can be replayed at its end."))
        return _document("replay.html")

    @app.get("/api/rooms/{room_id}/replay")
    def replay_step(room_id: str, step: int = 0) -> dict[str, Any]:
        room = room_or_404(room_id)
        if not room.is_terminal():
            raise HTTPException(409, _("a game can be replayed once it is over"))
        return room.replay_at(step)

    @app.get("/help/{name}", response_class=HTMLResponse)
    async def how_to_play(name: str) -> HTMLResponse:
        """How to play a game: one screen for the game and one per expansion or module."""
        try:
            return HTMLResponse(await asyncio.to_thread(help_page, name, current()))
        except ValueError:
            reason = _("There is no game called {name!r}.").format(name=name)
            return HTMLResponse(problem_page(reason, current()), 404)

    @app.get("/replay", response_class=HTMLResponse)
    def replay_file_page() -> str:
        """The replay viewer for a record file the person opens in the browser."""
        return _document("replay.html")

    @app.post("/api/replay")
    def replay_file(request: ReplayRequest) -> dict[str, Any]:
        """A step of a record sent by the browser (nothing is stored)."""
        try:
            return step_view(request.record, request.step)
        except (LinecraftError, ValueError, KeyError, TypeError) as exc:
            raise HTTPException(
                400, _("this file cannot be replayed: {reason}").format(reason=exc)
            ) from None

    @app.get("/api/rooms/{room_id}/record")
    def record(room_id: str) -> JSONResponse:
        try:
            record = rooms.record(room_id)
        except RoomError:
            record = None
            room_or_404(room_id)  # the reason: no such room, or set aside
        if record is None:
            raise HTTPException(409, _("the game is not over yet"))
        return JSONResponse(
            record, headers={"Content-Disposition": f'attachment; filename="{room_id}.json"'}
        )

    @app.websocket("/ws/{room_id}")
    async def play(socket: WebSocket, room_id: str, token: str | None = None) -> None:
        """A seat's (or a spectator's) live view: sent whole at once, then after every
        change as `{"delta": …}`, the parts of the view that changed (only the boards
        that changed among the boards); an accepted action is answered, once committed,
        by such a message with `accepted` set."""
        await socket.accept()
        try:
            room = await asyncio.to_thread(rooms.get, room_id)
        except RoomError as exc:
            reason = (
                _("this room has been set aside: {reason}").format(reason=exc)
                if isinstance(exc, RoomSetAside)
                else str(exc)
            )
            await socket.send_json({"error": reason})
            await socket.close()
            return
        seat = room.seat_of(token) if token else None
        if token and seat is None:
            await socket.send_json({"error": _("this link does not belong to a seat of the room")})
            await socket.close()
            return
        loop = asyncio.get_running_loop()
        changed = asyncio.Event()
        sending = asyncio.Lock()
        last: dict[str, Any] | None = None

        def notice() -> None:  # called from whichever thread changed the room
            with suppress(RuntimeError):  # a closed loop: the server has stopped
                loop.call_soon_threadsafe(changed.set)

        async def send_view(accepted: str | None = None) -> None:
            nonlocal last
            async with sending:
                view = await asyncio.to_thread(room.view, seat)
                if last is not None and accepted is None and view["version"] <= last["version"]:
                    return
                message = view if last is None else {"delta": _delta(last, view)}
                last = view
                await socket.send_json(
                    message if accepted is None else message | {"accepted": accepted}
                )

        async def push() -> None:
            while True:
                await changed.wait()
                changed.clear()
                await send_view()

        stop_watching = room.watch(notice)
        if seat is not None:
            room.connect(seat)
        await send_view()
        pusher = asyncio.create_task(push())
        try:
            while True:
                try:
                    message = json.loads(await socket.receive_text())
                    action = str(message["action"])
                except (ValueError, TypeError, KeyError):
                    await socket.send_json({"error": _('send {"action": "…"} as JSON')})
                    continue
                if seat is None:
                    await socket.send_json({"error": _("spectators only watch")})
                    continue
                try:
                    accepted = await asyncio.to_thread(room.act, seat, action)
                except (LinecraftError, SaveError) as exc:
                    await socket.send_json({"error": str(exc)})
                    continue
                await send_view(accepted)
        except WebSocketDisconnect:
            pass
        finally:
            stop_watching()
            pusher.cancel()
            if seat is not None:
                room.disconnect(seat)

    return app


@functools.cache
def picture(name: str, code: str) -> str:
    """The end of one game the greedy bot plays alone at every seat, drawn for the first
    seat, its words in language `code`."""
    state = _played_out(name)
    with language(code):
        return state.game.render_state(state, 0)


@functools.cache
def _played_out(name: str) -> State:
    """That game, played once whatever the language (always the same: fixed seeds)."""
    game = linecraft.load(name)
    state, bot, chance = game.new_state(3), make_bot("greedy", 1), random.Random(5)
    while not state.is_terminal():
        if state.is_chance():
            state.advance(chance)
        else:
            player = state.to_act()[0]
            state.apply(player, bot.choose(state, player))
    return state


def _delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The parts of a view that changed; of the boards, only those drawn differently;
    of the log, only the lines told since (`log_more`)."""
    changed = {k: v for k, v in after.items() if k not in ("boards", "log") and before.get(k) != v}
    boards = {k: svg for k, svg in after["boards"].items() if before["boards"].get(k) != svg}
    told = before["log"][-1]["n"] if before["log"] else -1
    more = [line for line in after["log"] if line["n"] > told]
    return changed | ({"boards": boards} if boards else {}) | ({"log_more": more} if more else {})
