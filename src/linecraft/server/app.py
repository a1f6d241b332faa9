"""The web platform: a FastAPI app with the lobby API, room pages, and a WebSocket per
seat. One process; rooms live in an SQLite file (`Store`) and, once asked for, in memory.

Nothing that can take long runs on the event loop: rooms are loaded, views built and
actions carried out in worker threads, and bots move in a pool of their own.

Whatever a client sends, it is answered: a request the server will not meet gets a 4xx
with the reason, a WebSocket message that is not an action gets `{"error": …}`, in the
reader's language; what one client may send, and how fast, is in `limits.Limits`."""

from __future__ import annotations

import asyncio
import contextvars
import functools
import html
import json
import logging
import math
import random
import secrets
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import asynccontextmanager, suppress
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import AfterValidator, BaseModel, Field
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import linecraft
from linecraft.bots import BOTS, LEVELS, make_bot
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
from linecraft.server.analyses import AnalyserBusy, Analyses
from linecraft.server.broadcast import SPECTATOR_DELAY, Audiences, Messages, update
from linecraft.server.helppages import help_page
from linecraft.server.limits import (
    Buckets,
    Counter,
    Limits,
    json_refusal,
    retry_after,
    seats_refusal,
    text_refusal,
)
from linecraft.server.offload import Offload
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
J = TypeVar("J")
R = TypeVar("R")


def _readable(text: str) -> str:
    """Text a page, a file and the log can all hold (see `text_refusal`)."""
    refusal = text_refusal(text)
    if refusal:
        raise ValueError(refusal)
    return text


def _plain_json(value: J) -> J:
    refusal = json_refusal(value)
    if refusal:
        raise ValueError(refusal)
    return value


# what the API reads: short words with nothing that hides or reorders the text around
Words = Annotated[str, Field(max_length=40), AfterValidator(_readable)]
Token = Annotated[str, Field(max_length=80), AfterValidator(_readable)]
Json = Annotated[dict[str, Any], AfterValidator(_plain_json)]


class SeatRequest(BaseModel):
    name: Words = ""
    bot: Words | None = None
    open: bool = False  # anyone may take this seat from the lobby


class RoomRequest(BaseModel):
    game: Words
    options: Json = Field(default_factory=dict)
    seats: list[SeatRequest]
    # chance follows a chosen seed only in a practice room, and every seat is told
    practice: bool = False
    seed: int | None = Field(None, ge=0, lt=2**63)
    assistant: bool = False
    clock: int | None = Field(None, ge=10, le=24 * 3600)  # seconds per turn; None: no clock
    listed: bool = True  # shown in the lobby's list of tables (False: reached by link only)


class ActRequest(BaseModel):
    token: Token
    action: Annotated[str, AfterValidator(_readable)]  # its length: `Limits.action_chars`


class TakeOverRequest(BaseModel):
    """Someone seated at the table (their own link's token) hands an absent player's
    seat to a bot."""

    token: Token
    seat: int
    bot: Words = "greedy"


class TokenRequest(BaseModel):
    token: Token


class ReplayRequest(BaseModel):
    record: Json
    step: int = Field(0, ge=0)


class AnalysisRequest(BaseModel):
    record: Json
    seat: int = Field(0, ge=0)


class HeldSeat(BaseModel):
    room: Words
    token: Token


class SeatsRequest(BaseModel):
    seats: list[HeldSeat]


class JoinRequest(BaseModel):
    name: Words = ""


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


class BodyTooLarge(StarletteHTTPException):
    """413: a request body past the limit, said in the reader's words."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, _("the request is larger than {count} bytes").format(count=limit))


class LimitBodySize:
    """HTTP request bodies of at most `limit` bytes: a larger declared length is answered
    413 before a byte is read, and a body that grows past it as it arrives (sent in
    chunks, its length not declared) is cut short with 413 too.

    (Starlette's own body limit answers a declared length with a plain English line
    that no handler can put in the reader's words.)"""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "").strip()
        if (
            declared.isascii()
            and declared.isdigit()
            and (len(declared) > 18 or int(declared) > self.limit)
        ):
            await self.refuse(scope, receive, send)
            return
        received, started = 0, False

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if started:
                raise
            await self.refuse(scope, receive, send)

    async def refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = BodyTooLarge(self.limit)
        answer = JSONResponse({"detail": refusal.detail}, 413, headers={"Connection": "close"})
        await answer(scope, receive, send)


def _where_and_what(error: Mapping[str, Any]) -> dict[str, Any]:
    """A validation error as the client reads it: its kind, where, and what is wrong
    (text no JSON answer can hold, such as a lone surrogate, written as an escape)."""

    def printable(part: Any) -> Any:
        return part.encode(errors="backslashreplace").decode() if isinstance(part, str) else part

    where = [printable(part)[:100] if isinstance(part, str) else part for part in error["loc"]]
    return {"type": error["type"], "loc": where, "msg": printable(str(error["msg"]))}


def _shortened(reason: str, most: int = 500) -> str:
    """A reason that quotes what was sent, cut short in the middle where that was huge
    (its end still says what is wrong)."""
    half = most // 2
    return reason if len(reason) <= most else f"{reason[:half]} … {reason[-half:]}"


def address(connection: HTTPConnection) -> str:
    """The client's address (behind a proxy, the one the proxy forwards: uvicorn reads
    X-Forwarded-For from the proxies it trusts)."""
    return connection.client.host if connection.client else "unknown"


class FrameRefused(Exception):
    """A WebSocket message that is not an action; `close`: too large to read at all."""

    def __init__(self, reason: str, *, close: bool = False) -> None:
        super().__init__(reason)
        self.close = close


def read_action(message: Mapping[str, Any], limits: Limits) -> str:
    """The action a WebSocket message carries, `{"action": "…"}` as JSON text;
    `FrameRefused` says what is wrong with anything else."""
    text, data = message.get("text"), message.get("bytes")
    size = len(data or b"") if text is None else len(text.encode(errors="surrogatepass"))
    if size > limits.frame_bytes:
        raise FrameRefused(
            _("the message is larger than {count} bytes").format(count=limits.frame_bytes),
            close=True,
        )
    if text is None:
        raise FrameRefused(_('send text, not binary: {"action": "…"} as JSON'))
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        raise FrameRefused(_('send {"action": "…"} as JSON')) from None
    if not isinstance(parsed, dict) or "action" not in parsed:
        raise FrameRefused(_('send {"action": "…"} as JSON'))
    unknown = sorted(str(k) for k in parsed if k != "action")
    if unknown:
        raise FrameRefused(
            _('unknown fields {fields}: only "action" is read').format(
                fields=", ".join(repr(k) for k in unknown)[:200]
            )
        )
    action = parsed["action"]
    if not isinstance(action, str):
        raise FrameRefused(_("the action must be text"))
    refusal = action_refusal(action, limits)
    if refusal:
        raise FrameRefused(refusal)
    return action


def action_refusal(action: str, limits: Limits) -> str | None:
    """Why an action's text is not even read by the game (None: it is)."""
    if len(action) > limits.action_chars:
        return _("an action is at most {count} characters").format(count=limits.action_chars)
    return text_refusal(action)


class ActionFailed(LinecraftError):
    """An action the game failed on in a way its rules do not foresee (a bug, logged);
    refused like an illegal one, and the room is as it was."""


def carry_out(room: Room, seat: int, action: str) -> str:
    """`Room.act`, where every failure is a refusal with a reason: whatever raises while
    an action is applied, the room puts its state back (`Room._change`)."""
    try:
        return room.act(seat, action)
    except (LinecraftError, SaveError):
        raise
    except Exception:
        log.exception("room %s: the game failed on the action %r", room.id, action)
        raise ActionFailed(_("the game could not carry out this action")) from None


def carry_out_and_look(room: Room, seat: int, action: str) -> str:
    """`carry_out`, then the seat's new view built at once in the same thread: the
    answer to a move does not queue behind the views of other rooms' changes."""
    accepted = carry_out(room, seat, action)
    room.view(seat)
    return accepted


def record_refusal(record: dict[str, Any], limits: Limits) -> str | None:
    """Why a record file is not even replayed (None: it is): it must name a game, and
    hold no more seats than a room of that game may have."""
    game, options = record.get("game"), record.get("options") or {}
    if not isinstance(game, str) or not isinstance(options, dict):
        return _("this is not a game record")
    players = options.get("players")
    if isinstance(players, int) and not isinstance(players, bool):
        return seats_refusal(limits, game, players)
    return None


def find_seat(room: Room, token: str) -> int | None:
    """The seat whose link carries `token` (tokens are ASCII: any other text is none's,
    and is never compared, which `secrets.compare_digest` refuses to do)."""
    return room.seat_of(token) if token.isascii() else None


def _close_reason(reason: str) -> str:
    """A close frame's reason: at most 123 bytes of UTF-8."""
    return reason.encode()[:123].decode(errors="ignore")


def create_app(
    db_path: str | Path,
    *,
    absent_after: float = ABSENT_AFTER,
    close_idle_after: float = CLOSE_IDLE_AFTER,
    limits: Limits | None = None,
    processes: int = 0,
    spectator_delay: float = SPECTATOR_DELAY,
) -> FastAPI:
    """The app; a seat counts as absent after `absent_after` seconds without a
    connection, and a running room nobody moves in is closed after `close_idle_after`.
    `limits`: what one client may send and how fast (`Limits()`: the defaults).
    `processes`: worker processes for bots and drawings (0: in the server's threads);
    `spectator_delay`: seconds before spectators are told of a change (`Audiences`)."""
    limits = limits or Limits()
    store = Store(db_path)
    offload = Offload(processes)
    rooms = Rooms(
        store,
        absent_after=absent_after,
        close_idle_after=close_idle_after,
        offload=offload,
    )
    analyses = Analyses(offload)
    new_rooms = Buckets(limits.rooms_per_hour / 3600, limits.rooms_per_hour)
    seat_actions = Buckets(limits.actions_per_second, 2 * limits.actions_per_second)
    sockets = Counter(limits.sockets_per_address)
    sent = Messages()
    audiences = Audiences(spectator_delay)
    # Moves and views in pools of their own: a move never queues behind views being
    # built for a busy room's sockets (nor behind the lobby's work). Views are built
    # one at a time: threads share one interpreter lock, and eight of them building at
    # once made every move wait its turn for it (p95 82 ms against 32 ms with one, at
    # 50 busy rooms); the seat that moved has its view built in the move's own thread.
    acting = ThreadPoolExecutor(16, thread_name_prefix="linecraft-act")
    viewing = ThreadPoolExecutor(1, thread_name_prefix="linecraft-view")

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
        acting.shutdown()
        viewing.shutdown()
        store.close()

    app = FastAPI(title="Linecraft", lifespan=lifespan)
    app.add_middleware(LimitBodySize, limit=limits.body_bytes)
    app.add_middleware(SpeakTheReadersLanguage)  # the outermost: every answer in its words
    app.state.rooms = rooms
    app.state.limits = limits

    @app.exception_handler(StarletteHTTPException)
    async def friendly(request: Request, exc: StarletteHTTPException) -> Response:
        """A page a person opened (not the API) that cannot be shown: the reason in
        words and the way back to the lobby."""
        if request.url.path.startswith(("/api/", "/ws/", "/static/")):
            return await http_exception_handler(request, exc)
        unknown = exc.status_code == 404 and exc.detail == "Not Found"  # no route at all
        reason = _("There is no such page.") if unknown else str(exc.detail)
        return HTMLResponse(problem_page(reason, current()), status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def unreadable(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A request whose fields are wrong: where and what, never the input itself
        (it may be huge, or text no answer can hold)."""
        return JSONResponse({"detail": [_where_and_what(e) for e in exc.errors()]}, 422)

    def room_or_404(room_id: str) -> Room:
        if len(room_id) > 40:  # no room has such a name: not worth a look in the store
            raise HTTPException(
                404, _("There is no room {room!r}: check the link.").format(room=room_id[:40] + "…")
            )
        try:
            return rooms.get(room_id)
        except RoomSetAside as exc:
            raise HTTPException(
                409, _("this room has been set aside: {reason}").format(reason=exc)
            ) from None
        except RoomError as exc:
            raise HTTPException(404, str(exc)) from None

    def seat_of(room: Room, token: str | None) -> int | None:
        """The seat of a link's token; no token: a spectator; a wrong one: 403."""
        return seated(room, token) if token else None

    def seated(room: Room, token: str | None) -> int:
        """The seat of a token where only a seat may ask (403 without one)."""
        if not token:
            raise HTTPException(403, _("this needs the token of your seat's link"))
        seat = find_seat(room, token)
        if seat is None:
            raise HTTPException(403, _("this link does not belong to a seat of the room"))
        return seat

    def new_room(request: Request) -> str:
        """Count a room the client creates (429 past its rooms an hour); the key to
        give the count back with when nothing was created."""
        key = address(request)
        wait = new_rooms.take(key)
        if wait:
            raise HTTPException(
                429,
                _(
                    "too many new rooms from your address: at most {count} an hour; "
                    "try again in {minutes} min"
                ).format(count=limits.rooms_per_hour, minutes=math.ceil(wait / 60)),
                headers={"Retry-After": retry_after(wait)},
            )
        return key

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
        if token and find_seat(room, token) is None:
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
                    "players": list(limits.seat_range(info.name)),  # as this host allows
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
            "levels": [{"level": level, "bot": bot} for level, bot in LEVELS.items()],
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
    def create_room(request: RoomRequest, http: Request) -> dict[str, Any]:
        refusal = seats_refusal(limits, request.game, len(request.seats))
        if refusal:
            raise HTTPException(400, refusal)
        if request.assistant and (request.seats[0].bot or request.seats[0].open):
            raise HTTPException(
                400,
                _(
                    "in an assistant room the first seat is the person at the real table, "
                    "who shows what chance gave: it cannot be a bot or an open seat"
                ),
            )
        client = new_room(http)
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
                listed=request.listed,
            )
        except RoomError as exc:
            new_rooms.give_back(client)
            raise HTTPException(400, _shortened(str(exc))) from None
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
        seat = seated(room, request.token)
        try:
            new = rooms.rematch(room)
        except RoomError as exc:
            raise HTTPException(409, str(exc)) from None
        return {"room": new.id, "link": f"/room/{new.id}?token={new.seats[seat].token}"}

    @app.get("/api/rooms/{room_id}/rematch")
    def rematch_seat(room_id: str, token: str) -> dict[str, Any]:
        """Your seat in the rematch someone at your table started."""
        room = room_or_404(room_id)
        seat = seated(room, token)
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
            seat = find_seat(room, held.token)
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
    def play_daily(key: str, request: JoinRequest, http: Request) -> dict[str, Any]:
        """A room with today's dice or cards for one player."""
        challenge = daily.BY_KEY.get(key)
        if challenge is None:
            raise HTTPException(404, _("there is no daily challenge {key!r}").format(key=key[:40]))
        new_room(http)
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
    def act(room_id: str, request: ActRequest, http: Request) -> JSONResponse:
        room = room_or_404(room_id)
        seat = seated(room, request.token)
        wait = seat_actions.take((address(http), room.id, seat))
        if wait:
            return JSONResponse(
                {"error": too_fast()}, status_code=429, headers={"Retry-After": retry_after(wait)}
            )
        refusal = action_refusal(request.action, limits)
        if refusal:
            return JSONResponse({"error": refusal}, status_code=400)
        try:
            accepted = carry_out(room, seat, request.action)
        except LinecraftError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        except SaveError as exc:
            return JSONResponse({"error": str(exc)}, status_code=503)
        return JSONResponse(room.view(seat) | {"accepted": accepted})

    def too_fast() -> str:
        return _("too many actions: at most {count} a second; wait a moment").format(
            count=f"{limits.actions_per_second:g}"
        )

    @app.post("/api/rooms/{room_id}/takeover")
    def take_over(room_id: str, request: TakeOverRequest) -> dict[str, Any]:
        """A seated player hands an absent player's seat to a bot."""
        room = room_or_404(room_id)
        by = find_seat(room, request.token) if request.token else None
        if by is None:
            raise HTTPException(403, _("only a seat of the room can hand a seat to a bot"))
        if not 0 <= request.seat < len(room.seats):
            raise HTTPException(400, _("there is no seat {seat}").format(seat=request.seat))
        if room.assistant and request.seat == 0:
            raise HTTPException(
                409,
                _(
                    "in an assistant room the first seat shows what chance gave: "
                    "it never goes to a bot"
                ),
            )
        try:
            room.take_over(by, request.seat, request.bot)
        except RoomError as exc:
            raise HTTPException(409, str(exc)) from None
        return room.view(by)

    @app.post("/api/rooms/{room_id}/takeback")
    def take_back(room_id: str, request: TokenRequest) -> dict[str, Any]:
        """A person takes back, with their own link, the seat a bot played for them."""
        room = room_or_404(room_id)
        seat = seated(room, request.token)
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
        """A step of a record sent by the browser (nothing is stored). Whatever the file
        holds, the answer is the step or the reason it cannot be shown."""
        refusal = record_refusal(request.record, limits)
        if refusal is None:
            try:
                return step_view(request.record, request.step)
            except Exception as exc:  # a file can hold anything: no reading of it is a crash
                log.info("a record file was not replayed: %r", exc)
                refusal = str(exc)
        raise HTTPException(
            400, _("this file cannot be replayed: {reason}").format(reason=_shortened(refusal))
        )

    def analysis(record: dict[str, Any], seat: int) -> dict[str, Any]:
        try:
            return analyses.of(record, seat)
        except AnalyserBusy as exc:
            raise HTTPException(503, str(exc)) from None
        except (LinecraftError, ValueError) as exc:
            raise HTTPException(
                400, _("this game cannot be analysed: {reason}").format(reason=_shortened(str(exc)))
            ) from None

    @app.get("/api/rooms/{room_id}/analysis")
    async def room_analysis(room_id: str, seat: int = Query(0, ge=0)) -> dict[str, Any]:
        """The expert's reading of one seat's moves in a finished game (`bots.analysis`)."""
        room = room_or_404(room_id)
        if not room.is_terminal():
            raise HTTPException(409, _("a game can be analysed once it is over"))
        return await asyncio.to_thread(analysis, room.record(), seat)

    @app.post("/api/replay/analysis")
    async def file_analysis(request: AnalysisRequest) -> dict[str, Any]:
        """The same for a record file the person opened in the replay viewer."""
        refusal = record_refusal(request.record, limits)
        if refusal is not None:
            raise HTTPException(
                400, _("this game cannot be analysed: {reason}").format(reason=refusal)
            )
        return await asyncio.to_thread(analysis, request.record, request.seat)

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
        by such a message with `accepted` set. Anything else a client sends is answered
        `{"error": …}` with the reason, and the connection stays open (a message too
        large to read closes it, code 1009)."""
        client = address(socket)
        await socket.accept()
        if not sockets.open(client):
            reason = _("too many connections from your address: at most {count} at once").format(
                count=limits.sockets_per_address
            )
            await socket.send_json({"error": reason})
            await socket.close(code=1013, reason=_close_reason(reason))  # try again later
            return
        try:
            await watch_and_play(socket, room_id, token)
        finally:
            sockets.close(client)

    async def watch_and_play(socket: WebSocket, room_id: str, token: str | None) -> None:
        if len(room_id) > 40:
            room_id = room_id[:40] + "…"  # no room has such a name; the reason says so
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
        seat = find_seat(room, token) if token else None
        if token and seat is None:
            await socket.send_json({"error": _("this link does not belong to a seat of the room")})
            await socket.close()
            return
        changed = asyncio.Event()
        sending = asyncio.Lock()
        last: dict[str, Any] | None = None

        async def send_view(accepted: str | None = None) -> None:
            nonlocal last
            # most sockets of a room find their view built by the first one to ask; it is
            # built outside the lock, so that an answer to a move never waits on a view
            # of an earlier change still being built
            view = room.ready_view(seat)
            if view is None:
                view = await in_pool(viewing, room.view, seat)
            async with sending:
                if last is not None and view["version"] <= last["version"]:
                    if accepted is None:
                        return
                    view = last  # a newer view went out meanwhile: the answer carries no more
                if accepted is None:
                    text = sent.text(room.id, seat, last, view)
                else:
                    text = json.dumps(update(last, view) | {"accepted": accepted})
                last = view
                await socket.send_text(text)

        async def push() -> None:
            with suppress(WebSocketDisconnect, RuntimeError):  # the client has gone
                while True:
                    await changed.wait()
                    changed.clear()
                    await send_view()

        stop_watching = audiences.join(room, changed, seated=seat is not None)
        if seat is not None:
            room.connect(seat)
        pusher = asyncio.create_task(push())
        frames = Buckets(limits.actions_per_second, 2 * limits.actions_per_second)
        try:
            await send_view()
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if frames.take(None):
                    await socket.send_json({"error": too_fast()})
                    continue
                try:
                    action = read_action(message, limits)
                except FrameRefused as exc:
                    await socket.send_json({"error": str(exc)})
                    if exc.close:
                        await socket.close(code=1009, reason=_close_reason(str(exc)))
                        break
                    continue
                if seat is None:
                    await socket.send_json({"error": _("spectators only watch")})
                    continue
                try:
                    accepted = await in_pool(acting, carry_out_and_look, room, seat, action)
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


async def in_pool(pool: Executor, work: Callable[..., R], *args: Any) -> R:
    """`work(*args)` in `pool`, in the caller's context (the reader's language)."""
    context = contextvars.copy_context()
    return await asyncio.get_running_loop().run_in_executor(
        pool, functools.partial(context.run, work, *args)
    )
