"""Rooms past one machine: several server processes share a Redis, each room is held by one
process at a time, and everything a room does is written there before anyone hears of it.

The keys of a room with code ``CODE``:

- ``room:CODE:owner``: who holds the room, ``NODE/EPOCH``, set with ``SET NX PX`` (a lease of
  :attr:`RedisDirectory.lease` seconds) and renewed by a script that renews it only for its
  holder. A process that stops renewing (killed, paused, cut off) loses the room when the
  lease runs out, and another process may take it.
- ``room:CODE:epoch``: a number that grows each time the room changes hands. Every write is a
  script that checks the owner and the epoch first, so a process that lost its lease (paused
  while another took over, then woken) can never write again: its writes are refused, and it
  lets the room go.
- ``room:CODE:log``: a stream (``XADD``) of batches: the table and each person's settings and
  key hash, the game's seed, every move applied, each person's history and the number of their
  last message. A batch is written before its messages are handed on, so an answer is
  acknowledged (``settled``) only once it is written, and no one has heard anything that is
  not. A process taking the room over reads it back and replays it (:mod:`.replay`).

And of a process ``NODE``: ``node:NODE`` (its address, with a lease of its own) and the
channel ``node:NODE:in`` (:mod:`.carrier`): a client may reach any process; one that does
not hold the client's room carries its messages to the holder, and closes the client's
connection when the holder changes, so that the client comes back (with its seat key) and is
carried to the new holder, or the room is taken over where it arrives.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import time
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from doomlings_access.online.carrier import Carrier
from doomlings_access.online.directory import Directory, Elsewhere, Feed, Host
from doomlings_access.online.keys import new_code, read_code
from doomlings_access.online.replay import digest, read, rebuild, table
from doomlings_access.online.rooms import Link, Person, Phase, Room, Rooms

log = logging.getLogger(__name__)

CLAIM = """
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 0 end
local fresh = redis.call('EXISTS', KEYS[2]) == 0
if (ARGV[3] == '1') ~= fresh then redis.call('DEL', KEYS[1]) return -1 end
local epoch = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('SET', KEYS[1], ARGV[1] .. '/' .. epoch, 'PX', ARGV[2])
return epoch
"""
"""Take a room (KEYS: owner, epoch; ARGV: node, lease ms, 1 for a new room, how long its keys
are kept unused): the new epoch, 0 when another process holds it, -1 when it is not new (or,
taking over, does not exist)."""

RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

WRITE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] or redis.call('GET', KEYS[2]) ~= ARGV[2] then return false end
local id = redis.call('XADD', KEYS[3], '*', 'epoch', ARGV[2], 'node', ARGV[3], 'batch', ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
if ARGV[6] == '1' then redis.call('DEL', KEYS[1]) end
return id
"""
"""Write a batch (KEYS: owner, epoch, log; ARGV: owner's value, epoch, node, batch, how long
the room's keys are kept unused, 1 when the room is closed): refused (nil) unless the lease
and epoch are the writer's. A closed room is let go at once."""

KEPT_MS = 24 * 3600 * 1000
"""A room's keys go a day after its last write (a room closed, or abandoned by every process)."""


def owner_key(code: str) -> str:
    return f"room:{code}:owner"


def epoch_key(code: str) -> str:
    return f"room:{code}:epoch"


def log_key(code: str) -> str:
    return f"room:{code}:log"


@dataclass(eq=False)
class Book:
    """A room this process holds: its lease, and what is still to be written of it."""

    room: Room
    epoch: int
    token: str
    ids: dict[Person, int] = field(default_factory=dict)
    pending: list[tuple[Person, Link | None, dict[str, Any]]] = field(default_factory=list)
    said: list[list[Any]] = field(default_factory=list)
    seqs: dict[int, int] = field(default_factory=dict)
    tells: list[list[int]] = field(default_factory=list)
    told: dict[int, tuple[int, bool]] = field(default_factory=dict)
    batches: int = 0
    """The number of the next batch (numbers go on across holders)."""
    moves_written: int = 0
    table_written: dict[str, Any] | None = None
    renewed: float = field(default_factory=time.monotonic)
    writer: asyncio.Task[None] | None = None
    gone: bool = False
    """Lost or handed over: nothing more is written."""

    def due(self) -> bool:
        """Whether something is still to be written (messages, or moves that said nothing)."""
        game = self.room.game
        return not self.gone and (bool(self.pending) or (game is not None and len(game.actions) > self.moves_written))

    def pid(self, person: Person) -> int:
        if person not in self.ids:
            self.ids[person] = max(self.ids.values(), default=-1) + 1
        return self.ids[person]


class RedisDirectory(Directory):
    """Rooms shared by the processes of one Redis (``doomlings serve --redis``)."""

    def __init__(self, url: str, lease: float = 3.0) -> None:
        self.url = url
        self.lease = lease
        self.node = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.books: dict[str, Book] = {}
        self.claims: dict[str, tuple[int, str]] = {}
        self.adopting: dict[str, asyncio.Lock] = {}
        self.taken_over: dict[str, float] = {}
        self.refused = 0
        self.lost = 0
        self.tasks: list[asyncio.Task[None]] = []
        self.stopping = False

    def unreachable(self) -> str | None:
        """Why the Redis cannot be used (one line), or None: asked once, before serving."""

        async def ping() -> None:
            client = aioredis.from_url(self.url, socket_connect_timeout=5, socket_timeout=5)
            try:
                await client.ping()
            finally:
                await client.aclose()

        try:
            asyncio.run(ping())
        except (RedisError, OSError, ValueError) as exc:
            return str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
        return None

    @property
    def lease_ms(self) -> int:
        return max(1, int(self.lease * 1000))

    # --- starting and stopping ------------------------------------------------------------------
    async def start(self, rooms: Rooms, host: Host, address: str) -> None:
        self.rooms = rooms
        rooms.outlet = self
        self.host = host
        self.address = address
        self.redis: Any = aioredis.from_url(self.url, decode_responses=True)
        self.claim = self.redis.register_script(CLAIM)
        self.renew = self.redis.register_script(RENEW)
        self.release = self.redis.register_script(RELEASE)
        self.write = self.redis.register_script(WRITE)
        await self.redis.ping()
        await self.beat()
        self.carrier = Carrier(self.redis, self.node, host, self.adopt_asked)
        await self.carrier.start()
        self.tasks = [asyncio.get_running_loop().create_task(self.ticking(), name="leases")]

    async def stop(self, hand_over: bool = True) -> None:
        """Stop; with ``hand_over``, write what is pending of each room, let it go, and ask
        another live process to take it (its people are sent to come back, and are carried
        to the new holder)."""
        self.stopping = True
        if hand_over:
            others = [n for n in await self.nodes() if n != self.node]
            for i, book in enumerate(list(self.books.values())):
                await self.finish_writing(book)
                if book.gone:
                    continue
                book.gone = True
                await self.release(keys=[owner_key(book.room.code)], args=[book.token])
                if others:
                    await self.redis.publish(f"node:{others[i % len(others)]}:in",
                                             json.dumps({"adopt": book.room.code}))
                self.let_go(book, "The server is stopping; your room moves to another server.")
        await self.carrier.stop()
        for task in self.tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await self.redis.delete(f"node:{self.node}")
        await self.redis.aclose()

    async def beat(self) -> None:
        await self.redis.set(f"node:{self.node}", self.address, px=self.lease_ms * 2)

    async def nodes(self) -> list[str]:
        return sorted([key.split(":", 1)[1] async for key in self.redis.scan_iter(match="node:*", count=100)
                       if key.count(":") == 1])

    # --- the leases -------------------------------------------------------------------------
    async def ticking(self) -> None:
        """Every third of a lease: renew this process's leases and its own key; a room whose
        lease was lost is let go; a relay whose room changed hands sends its client back."""
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                await self.tick()
            except RedisError as exc:
                log.warning("Redis: %s", exc)
                for book in list(self.books.values()):
                    if time.monotonic() - book.renewed > self.lease:
                        self.lose(book)
            except Exception:  # never the end of renewing: every room here would be lost
                log.exception("renewing the leases")

    async def tick(self) -> None:
        await self.beat()
        books = list(self.books.values())
        if books:
            asked = time.monotonic()  # (a lease renewed runs from when it was asked, at the latest)
            async with self.redis.pipeline(transaction=False) as pipe:
                for book in books:
                    await self.renew(keys=[owner_key(book.room.code)], args=[book.token, self.lease_ms], client=pipe)
                results = await pipe.execute()
            for book, ok in zip(books, results):
                if ok:
                    book.renewed = asked
                else:
                    self.lose(book)
        await self.carrier.check(lambda codes: self.redis.mget([owner_key(code) for code in codes]))

    def lose(self, book: Book) -> None:
        """The lease is lost: not another word is written; the room's people are sent to come
        back (to whoever holds it now)."""
        if not book.gone:
            log.warning("room %s: lease lost (epoch %d)", book.room.code, book.epoch)
            self.lost += 1
            book.gone = True
            self.let_go(book, "The room moved to another server; connecting again.")

    def let_go(self, book: Book, why: str) -> None:
        room = book.room
        book.pending.clear()
        self.books.pop(room.code, None)
        room.closed = True
        room.cancel_closing()
        if room.driver is not None:
            room.driver.cancel()
        for person in room.people:
            if person.link is not None:
                person.link.close(why)
                person.link = None
        if self.rooms.rooms.get(room.code) is room:
            del self.rooms.rooms[room.code]

    # --- new rooms and rooms taken over -----------------------------------------------------
    async def new_code(self) -> str:
        while True:
            code = new_code(self.rooms.rooms)
            epoch = await self.claim(keys=[owner_key(code), epoch_key(code)], args=[self.node, self.lease_ms, 1, KEPT_MS])
            if epoch > 0:
                self.claims[code] = (epoch, f"{self.node}/{epoch}")
                return code

    async def place(self, typed: str) -> Elsewhere | None:
        code = read_code(typed)
        if code is None:
            return None
        for _ in range(3):
            if code in self.books:
                return None
            owner = await self.redis.get(owner_key(code))
            if owner is None:
                async with self.adopting.setdefault(code, asyncio.Lock()):
                    if code not in self.books and not await self.adopt(code):
                        if not await self.redis.exists(owner_key(code)):
                            return None  # no such room (the rooms say so)
                continue
            node = owner.split("/")[0]
            if node == self.node:
                return None
            address = await self.redis.get(f"node:{node}")
            return Elsewhere(code, node, address or "", owner)
        return None

    async def adopt_asked(self, code: str) -> None:
        """Another process, stopping, asks this one to take room ``code`` over."""
        async with self.adopting.setdefault(code, asyncio.Lock()):
            if code not in self.books:
                await self.adopt(code)

    async def relay(self, where: Elsewhere, first: str, link: Link) -> Feed:
        return await self.carrier.relay(where, first, link)

    async def adopt(self, code: str) -> bool:
        """Take over room ``code`` whose holder is gone: claim it (a new epoch), read what was
        written of it, and replay it. False when another process was quicker, or no such room
        is written."""
        began = time.monotonic()
        epoch = await self.claim(keys=[owner_key(code), epoch_key(code)], args=[self.node, self.lease_ms, 0, KEPT_MS])
        if epoch <= 0:
            return False
        token = f"{self.node}/{epoch}"
        entries = await self.redis.xrange(log_key(code))
        try:
            written = read(json.loads(fields["batch"]) for _, fields in entries)
            room, people = rebuild(code, self.rooms, written)
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("room %s cannot be taken over: %s", code, exc)
            await self.release(keys=[owner_key(code)], args=[token])
            return False
        book = Book(room, epoch, token, ids={p: pid for pid, p in people.items()}, batches=written.last + 1)
        book.moves_written = len(room.game.actions) if room.game is not None else 0
        book.table_written = table(room, book.pid)
        for pid, p in people.items():
            if p.listener is not None:
                book.told[pid] = (p.listener.told, p.listener.ended)
        self.books[code] = book
        loop = asyncio.get_running_loop()
        if room.phase == Phase.PLAYING:
            room.play()
            loop.call_later(self.rooms.timing.grace, room.nudge)
        if room.host is not None:  # (everyone is away until they come back, the host too)
            loop.call_later(self.rooms.timing.grace, room.hand_host_on, room.host, room.host.away_since)
        room.close_later()
        self.taken_over[code] = time.monotonic() - began
        log.warning("room %s taken over (epoch %d, %d moves replayed)", code, epoch, book.moves_written)
        return True

    # --- the outlet: written, then handed on --------------------------------------------------
    def book(self, room: Room) -> Book | None:
        book = self.books.get(room.code)
        if book is None and room.code in self.claims and self.rooms.rooms.get(room.code) is room:
            epoch, token = self.claims.pop(room.code)
            book = self.books[room.code] = Book(room, epoch, token)
        return book if book is not None and book.room is room else None

    def carry(self, room: Room, person: Person, link: Link | None, message: dict[str, Any], history: bool) -> None:
        book = self.book(room)
        if book is None and self.rooms.rooms.get(room.code) is room:
            log.error("room %s is not written anywhere (opened without a code from the directory)", room.code)
            room.hand(person, link, message)
            return
        if book is None or book.gone:
            return  # a room let go: nothing more is said from here
        pid = book.pid(person)
        if history:
            book.said.append([pid, message])
        book.seqs[pid] = person.seq
        if message["type"] == "bye":  # to a connection closed right after: it goes first,
            room.hand(person, link, message)  # or not at all (nothing in it is kept)
            return
        listener = person.listener
        if listener is not None and book.told.get(pid) != (listener.told, listener.ended):
            book.told[pid] = (listener.told, listener.ended)
            book.tells.append([pid, len(room.game.actions) if room.game is not None else 0, listener.turns_told])
        self.later(book, person, link, message)

    def copy(self, room: Room, person: Person, link: Link, message: dict[str, Any]) -> None:
        book = self.book(room)
        if book is not None and not book.gone:
            self.later(book, person, link, message)

    def later(self, book: Book, person: Person, link: Link | None, message: dict[str, Any]) -> None:
        book.pending.append((person, link, message))
        if book.writer is None or book.writer.done():
            book.writer = asyncio.get_running_loop().create_task(self.writing(book), name=f"write {book.room.code}")

    def closed(self, room: Room) -> None:
        book = self.books.get(room.code)
        if book is not None and book.room is room and not book.gone:
            asyncio.get_running_loop().create_task(self.writing(book, closing=True))

    async def finish_writing(self, book: Book) -> None:
        if book.writer is not None:
            with contextlib.suppress(Exception):
                await book.writer
        if book.due():
            await self.writing(book)

    async def writing(self, book: Book, closing: bool = False) -> None:
        """Write what is pending of ``book``'s room, then hand its messages on; until nothing
        is pending (handing on may say more)."""
        if closing and book.writer is not None and not book.writer.done():
            with contextlib.suppress(Exception):
                await book.writer
        while (book.due() or closing) and not book.gone:
            batch, items = self.batch(book)
            if closing:
                batch["closed"] = True
            code = book.room.code
            args: list[str | int] = [book.token, book.epoch, self.node, json.dumps(batch, separators=(",", ":")),
                                     KEPT_MS, int(closing)]
            while True:  # the same batch until it is written (what is said meanwhile waits for the next)
                try:
                    written = await self.write(keys=[owner_key(code), epoch_key(code), log_key(code)], args=args)
                    break
                except RedisError as exc:
                    log.warning("room %s: cannot write: %s", code, exc)
                    await asyncio.sleep(0.1)
                    if time.monotonic() - book.renewed > self.lease:
                        self.lose(book)
                        return
            if written is None:
                self.refused += 1
                self.lose(book)
                return
            if closing:
                book.gone = True
                self.books.pop(book.room.code, None)
                return
            for person, link, message in items:
                book.room.hand(person, link, message)

    def batch(self, book: Book) -> tuple[dict[str, Any], list[tuple[Person, Link | None, dict[str, Any]]]]:
        room = book.room
        items, book.pending = book.pending, []
        batch: dict[str, Any] = {"n": book.batches}
        book.batches += 1
        t = table(room, book.pid)
        if t != book.table_written:
            batch["table"] = book.table_written = t
        if room.game is not None and len(room.game.actions) > book.moves_written:
            batch["from"] = book.moves_written
            batch["moves"] = [a.to_json() for a in room.game.actions[book.moves_written:]]
            book.moves_written = len(room.game.actions)
        if book.said:
            batch["said"], book.said = book.said, []
        if book.seqs:
            batch["seqs"], book.seqs = {str(k): v for k, v in book.seqs.items()}, {}
        if book.tells:
            batch["tells"], book.tells = book.tells, []
        return batch, items

    # --- what is reported -------------------------------------------------------------------
    def health(self) -> dict[str, Any]:
        now = time.monotonic()
        rooms = {}
        for code, room in self.rooms.rooms.items():
            book = self.books.get(code)
            rooms[code] = {
                "owner": book is not None and not book.gone, "epoch": book.epoch if book else None,
                "renewed_seconds_ago": round(now - book.renewed, 3) if book else None,
                "phase": str(room.phase), "moves": len(room.game.actions) if room.game is not None else 0,
                "game": digest(room.game) if room.game is not None else None,
                "online": sum(p.online for p in room.people),
                "taken_over_seconds": round(self.taken_over[code], 3) if code in self.taken_over else None,
            }
        return {"node": self.node, "directory": "redis", "address": self.address, "lease_seconds": self.lease,
                "rooms": rooms, "relayed": len(self.carrier.relays), "remote_people": len(self.carrier.remote),
                "refused_writes": self.refused, "rooms_lost": self.lost, "stopping": self.stopping}

    async def where(self, typed: str) -> dict[str, Any]:
        code = read_code(typed)
        if code is None:
            return {"code": None, "here": False, "node": None, "address": None}
        owner = await self.redis.get(owner_key(code))
        node = owner.split("/")[0] if owner else None
        address = await self.redis.get(f"node:{node}") if node else None
        return {"code": code, "here": node == self.node, "node": node, "address": address}
