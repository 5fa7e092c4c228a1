"""The server: one process serves the web page and the WebSocket that every client talks
through (Starlette on uvicorn), and carries messages between a connection and its room.

What it guards: a WebSocket opened from a page of another site is refused (``Origin``); a
message is at most :data:`~.protocol.MAX_FRAME` bytes and must be as the schema says; each
connection has a bounded queue of messages to send (a connection that cannot keep up is
closed, and its person may come back for what they missed); the room limits how fast a
person may act and chat. The page is served with a strict Content-Security-Policy: its own
script and style only, nothing inline, no other site.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
import socket
import sys
from collections.abc import AsyncIterator, Collection
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from doomlings_access.games import DEFAULT, TABLES
from doomlings_access.online import protocol
from doomlings_access.online.directory import Directory, Feed
from doomlings_access.online.rooms import Link, Person, Refused, Rooms, Timing, described

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
QUEUE = 2500
"""Messages waiting to be sent to one connection, at most (a whole game's history fits)."""
HELLO_SECONDS = 30.0
"""How long a new connection may take to say which room it is for."""
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
}
PAGES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}


class SocketLink:
    """A WebSocket as a room's :class:`~.rooms.Link`: messages (checked by the room) are
    encoded when queued, and sent in order by one task; a full queue refuses the message."""

    def __init__(self, ws: WebSocket, size: int = QUEUE) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(size)
        self.closing: str | None = None

    def send(self, message: dict[str, Any]) -> bool:
        if self.closing is not None:
            return True  # going: nothing more is sent
        try:
            self.queue.put_nowait(json.dumps(message, ensure_ascii=False, separators=(",", ":")))
        except asyncio.QueueFull:
            return False
        return True

    def close(self, reason: str) -> None:
        if self.closing is not None:
            return
        self.closing = reason
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
            return
        # full: what is queued is dropped, and the connection closed at once
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)

    async def run(self) -> None:
        """Send what is queued, in order, until the link is closed or the socket fails."""
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.ws.send_text(text)
            await self.ws.close(code=1000, reason=(self.closing or "")[:100])
        except Exception:  # the peer went away: the receiving side ends the connection
            self.closing = self.closing or "lost"


def same_origin(ws: WebSocket, allowed: Collection[str]) -> bool:
    """Whether a WebSocket may be opened: no ``Origin`` (not a browser: the terminal client),
    the page's own origin, or one the server was told to allow. A page of another site
    cannot open one in a visitor's name."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    host = ws.headers.get("host", "")
    return parts.scheme in ("http", "https") and parts.netloc != "" and parts.netloc == host


async def _receive(ws: WebSocket) -> str:
    """The next message's text; WebSocketDisconnect when the connection ends."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        if len(data) > protocol.MAX_FRAME:
            return "x" * (protocol.MAX_FRAME + 1)
        text = data.decode("utf-8", "replace")
    return str(text)


class Server:
    """The web application: its rooms, the page and the WebSocket; ``directory`` says where
    a room is (this process alone, or several sharing a Redis: :mod:`.directory`)."""

    def __init__(
        self, rooms: Rooms | None = None, origins: Collection[str] = (), directory: Directory | None = None,
        address: str = "",
    ) -> None:
        self.rooms = rooms or Rooms()
        self.origins = frozenset(origins)
        self.directory = directory or Directory()
        self.address = address
        self.loop: asyncio.AbstractEventLoop | None = None
        """The event loop the rooms run in, while serving (another thread reaches them
        through it)."""

    def app(self) -> Starlette:
        routes: list[BaseRoute] = [Route(path, self.page) for path in PAGES]
        routes.append(Route("/protocol.json", self.schema))
        routes.append(Route("/favicon.ico", lambda request: Response(status_code=204)))
        routes.append(Route("/health", self.health))
        routes.append(Route("/where", self.where))
        routes.append(Route("/games", self.games))
        routes.append(WebSocketRoute("/ws", self.socket))
        return Starlette(routes=routes, middleware=[Middleware(SecurityHeaders)], lifespan=self.lifespan)

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """The rooms close with the server (their games' tasks end); with a shared
        directory, they are first handed to another process."""
        self.loop = asyncio.get_running_loop()
        await self.directory.start(self.rooms, self, self.address)
        yield
        await self.directory.stop(hand_over=True)
        self.rooms.close()

    async def health(self, request: Request) -> Response:
        """The rooms here and each one's lease (for an operator or a balancer)."""
        return JSONResponse(self.directory.health())

    async def games(self, request: Request) -> Response:
        """Each game a room may play, the default first, as a welcome describes it (the page
        offers them when a room is opened, with their rules)."""
        return JSONResponse([described(kind) for kind in TABLES.values()])

    async def where(self, request: Request) -> Response:
        """Which process holds the room ``?code=``, and its address (a balancer may send a
        client there; any process also carries it there)."""
        return JSONResponse(await self.directory.where(request.query_params.get("code", "")))

    async def page(self, request: Request) -> Response:
        name, media = PAGES[request.url.path]
        body = resources.files(__package__).joinpath("web", name).read_bytes()
        return Response(body, media_type=media)

    async def schema(self, request: Request) -> Response:
        return Response(protocol.schema_text(), media_type="application/json")

    async def socket(self, ws: WebSocket) -> None:
        if not same_origin(ws, self.origins):
            await ws.close(code=1008)  # before accepting: the handshake is refused (403)
            return
        await ws.accept()
        link = SocketLink(ws)
        sender = asyncio.create_task(link.run())
        person: Person | Feed | None = None
        try:
            person = await asyncio.wait_for(self.hello(ws, link), HELLO_SECONDS)
            while person is not None and link.closing is None:
                text = await _receive(ws)
                if isinstance(person, Person):
                    self.hear(person, link, text)
                else:
                    await person(text)
        except (WebSocketDisconnect, asyncio.TimeoutError):
            pass
        finally:
            if isinstance(person, Person):
                person.room.dropped(person, link)
            elif person is not None:
                with contextlib.suppress(Exception):
                    await person(None)
            link.close("closed")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, 5.0)
            sender.cancel()

    async def hello(self, ws: WebSocket, link: SocketLink) -> Person | Feed | None:
        """The first message names the room: open one, join one by code, or come back to a
        seat with its key (a room another process holds: the messages are carried there).
        Refused, the connection is told why and closed."""
        while link.closing is None:
            text = await _receive(ws)
            person = await self.first(text, link, here_only=False)
            if person is not None:
                return person
        return None

    async def greet(self, text: str, link: Link) -> Person | None:
        """The first message of a connection another process carries here."""
        person = await self.first(text, link, here_only=True)
        return person if isinstance(person, Person) else None

    async def first(self, text: str, link: Link, here_only: bool) -> Person | Feed | None:
        """One first message: who its sender is here (a :class:`~.rooms.Person`), or what
        carries their messages to the process holding their room, or None (refused: told
        why; the link is closed when it cannot go on)."""
        try:
            m = protocol.read_message(text, protocol.TO_SERVER)
            settings = {"labels": m.get("labels", "text"), "verbosity": m.get("verbosity", "normal")}
            if m["type"] in ("join", "resume") and not here_only:
                where = await self.directory.place(m["code"])
                if where is not None:
                    return await self.directory.relay(where, text, link)
            if m["type"] == "create":
                game = m.get("game", DEFAULT)
                person, _ = self.rooms.open(m["name"], link, code=await self.directory.new_code(), game=game, **settings)
            elif m["type"] == "join":
                person, _ = self.rooms.join(m["code"], m["name"], link, **settings)
            elif m["type"] == "resume":
                person, _ = self.rooms.resume(m["code"], m["token"], m["last_seq"], link)
            else:
                raise Refused("not_now", "First open a room, join one by its code, or come back to your seat.")
            return person
        except protocol.ProtocolError as exc:
            self.refuse(link, None, exc, text)
        except Refused as exc:
            link.send(checked({"type": "error", "seq": 1, "code": exc.code, "text": str(exc)}))
            if exc.code in ("bad_key", "no_room", "room_locked", "room_full"):
                link.close(str(exc))
        return None

    def hear(self, person: Person, link: Link, text: str) -> None:
        """A message from ``person`` after the first: to their room, or refused."""
        try:
            message = protocol.read_message(text, protocol.TO_SERVER)
        except protocol.ProtocolError as exc:
            self.refuse(link, person, exc, text)
            return
        person.room.receive(person, message)

    def gone(self, person: Person, link: Link) -> None:
        person.room.dropped(person, link)

    def refuse(self, link: Link, person: Person | None, exc: protocol.ProtocolError, text: str) -> None:
        """A message that cannot be read: said to the sender; one too big ends the connection."""
        big = len(text) > protocol.MAX_FRAME
        code, said = "too_big" if big else "bad_message", f"A message the server cannot read: {exc}"
        if person is not None:
            person.room.error(person, code, said)
        else:
            link.send(checked({"type": "error", "seq": 1, "code": code, "text": said}))
        if big:
            link.close("too big")


def checked(message: dict[str, Any]) -> dict[str, Any]:
    """A message the server sends outside any room, checked as a room checks its own."""
    protocol.check(message, protocol.TO_CLIENT)
    return message


class SecurityHeaders:
    """Adds the security headers (:data:`HEADERS`) to every page."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(k.encode(), v.encode()) for k, v in HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket (port 0: any free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.setblocking(False)
    return sock


def uvicorn_server(app: Starlette) -> Any:
    import uvicorn

    config = uvicorn.Config(
        app, ws_max_size=protocol.MAX_FRAME, log_level="warning", lifespan="on", ws="websockets-sansio",
        ws_ping_interval=20.0, ws_ping_timeout=20.0, timeout_graceful_shutdown=5,
    )
    return uvicorn.Server(config)


def serve(
    host: str, port: int, timing: Timing | None = None, origins: Collection[str] = (), redis: str | None = None,
    lease: float = 3.0,
) -> int:
    """``doomlings serve``: serve until stopped (Ctrl-C, or SIGTERM: with ``redis``, the rooms
    here are first handed to another process sharing it)."""
    directory = Directory()
    if redis is not None:
        from doomlings_access.online.ledger import RedisDirectory

        directory = RedisDirectory(redis, lease)
        why = directory.unreachable()
        if why is not None:  # (the address is not repeated: it may hold a password)
            print(f"doomlings: cannot use the Redis given with --redis: {why}", file=sys.stderr)
            return 1
    try:
        sock = bind(host, port)
    except OSError as exc:
        print(f"doomlings: cannot listen on {host} port {port}: {exc.strerror or exc}.", file=sys.stderr)
        return 1
    real = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    print(f"Serving Doomlings online at http://{shown}:{real}/", flush=True)
    print(f"Join from a terminal with: doomlings join {shown}:{real} CODE --name NAME", flush=True)
    if redis is not None:
        print(f"Sharing rooms through Redis as {directory.node}.", flush=True)
    server = uvicorn_server(Server(Rooms(timing), origins, directory, f"{shown}:{real}").app())
    # uvicorn stops gracefully on SIGTERM (its lifespan's end hands the rooms over), then
    # raises the signal again for the handler it found: this one, so that the stop is clean.
    previous = signal.signal(signal.SIGTERM, lambda number, frame: None)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
    print("The server has stopped.", flush=True)
    return 0
