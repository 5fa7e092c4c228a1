"""Connections carried between server processes through Redis pub/sub: a client may reach
any process; one that does not hold the client's room carries its messages to the holder's
inbox channel (``node:NODE:in``) and the holder's messages back on a channel of the
connection's own (``link:ID``). The holder sees such a person as on a :class:`RemoteLink`.

Pub/sub delivers at most once: a message lost on the way is found again when the client
comes back (``resume`` replays what it missed). A carrying process that dies never says its
people left: the holder sees its key expire and marks them away.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from redis.exceptions import RedisError

from doomlings_access.online.directory import Elsewhere, Feed, Host
from doomlings_access.online.rooms import Link, Person

log = logging.getLogger(__name__)

Adopt = Callable[[str], Awaitable[object]]
"""What the directory does when another process, stopping, asks it to take a room over."""


class RemoteLink:
    """A person connected to another process (``via``), as a room's :class:`~.rooms.Link`:
    each message is published, in order, on the channel that process listens to for them."""

    def __init__(self, lid: str, via: str, carrier: Carrier) -> None:
        self.lid = lid
        self.via = via
        self.carrier = carrier
        self.closing: str | None = None
        self.person: Person | None = None

    def send(self, message: dict[str, Any]) -> bool:
        if self.closing is None:
            return self.carrier.publish(f"link:{self.lid}", {"m": message})
        return True

    def close(self, reason: str) -> None:
        if self.closing is None:
            self.closing = reason
            self.carrier.publish(f"link:{self.lid}", {"close": reason})
            self.carrier.remote.pop(self.lid, None)


@dataclass(eq=False)
class Relay:
    """A connection here whose room another process holds."""

    code: str
    owner: str
    link: Link
    pubsub: Any
    reader: asyncio.Task[None] | None = None


class Carrier:
    """This process's side of carried connections: its inbox, the people carried here from
    other processes (:attr:`remote`), and the connections here carried to other processes
    (:attr:`relays`)."""

    def __init__(self, redis: Any, node: str, host: Host, adopt: Adopt) -> None:
        self.redis = redis
        self.node = node
        self.host = host
        self.adopt = adopt
        self.relays: dict[str, Relay] = {}
        self.remote: dict[str, RemoteLink] = {}
        self.outbox: asyncio.Queue[tuple[str, str] | None] = asyncio.Queue()
        self.tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        self.inbox = self.redis.pubsub()
        await subscribed(self.inbox, f"node:{self.node}:in")
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self.publishing(), name="publish"),
                      loop.create_task(self.listening(), name="node inbox")]

    async def stop(self) -> None:
        """The connections carried from here are sent to connect again; what is queued is
        published."""
        for relay in list(self.relays.values()):
            self.end_relay(relay, "The server is stopping; connect again.")
        self.outbox.put_nowait(None)
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(self.tasks[0], 2.0)
        for task in self.tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await self.inbox.aclose()

    async def check(self, owners: Callable[[list[str]], Awaitable[list[str | None]]]) -> None:
        """People carried here by a process that is gone are away; a connection carried from
        here whose room changed hands (``owners``: each room's lease now) is sent back."""
        await self.relayers_alive()
        relays = list(self.relays.values())
        if relays:
            for relay, owner in zip(relays, await owners([relay.code for relay in relays])):
                if owner != relay.owner:
                    self.end_relay(relay, "The room moved to another server; connecting again.")

    async def relayers_alive(self) -> None:
        """A process that carried people here and is gone (killed) never says they left: they
        are away from now on (a computer covers their seat after the grace period)."""
        vias = sorted({link.via for link in self.remote.values()})
        if not vias:
            return
        alive = dict(zip(vias, await self.redis.mget([f"node:{via}" for via in vias])))
        for lid, link in list(self.remote.items()):
            if alive.get(link.via) is None:
                del self.remote[lid]
                link.closing = "gone"
                if link.person is not None:
                    self.host.gone(link.person, link)

    def publish(self, channel: str, payload: dict[str, Any]) -> bool:
        if self.outbox.qsize() > 20_000:
            return False
        self.outbox.put_nowait((channel, json.dumps(payload, ensure_ascii=False, separators=(",", ":"))))
        return True

    async def publishing(self) -> None:
        """Publish in the order given (one task: the order of a person's messages is kept),
        what is waiting at once in one round trip."""
        going = True
        while going and (item := await self.outbox.get()) is not None:
            items = [item]
            while not self.outbox.empty():
                more = self.outbox.get_nowait()
                if more is None:
                    going = False
                    break
                items.append(more)
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, payload in items:
                        pipe.publish(channel, payload)
                    await pipe.execute()
            except RedisError as exc:
                log.warning("Redis: cannot publish: %s", exc)

    async def listening(self) -> None:
        """This process's inbox: connections relayed here, and rooms to take over."""
        async for m in self.inbox.listen():
            if m["type"] != "message":
                continue
            try:
                await self.heard(json.loads(m["data"]))
            except Exception:
                log.exception("a relayed message could not be taken")

    async def heard(self, data: dict[str, Any]) -> None:
        if "adopt" in data:
            await self.adopt(str(data["adopt"]))
            return
        lid = str(data["link"])
        known = self.remote.get(lid)
        if "gone" in data:
            self.remote.pop(lid, None)
            if known is not None and known.person is not None:
                self.host.gone(known.person, known)
        elif known is None:
            link = self.remote[lid] = RemoteLink(lid, str(data.get("from", "")), self)
            link.person = await self.host.greet(str(data["text"]), link)
        elif known.person is not None:
            self.host.hear(known.person, known, str(data["text"]))

    async def relay(self, where: Elsewhere, first: str, link: Link) -> Feed:
        lid = secrets.token_hex(8)
        pubsub = self.redis.pubsub()
        await subscribed(pubsub, f"link:{lid}")
        relay = Relay(where.code, where.owner, link, pubsub)
        self.relays[lid] = relay
        relay.reader = asyncio.get_running_loop().create_task(self.carrying_back(lid, relay))
        inbox = f"node:{where.node}:in"
        await self.redis.publish(inbox, json.dumps({"link": lid, "from": self.node, "text": first}))

        async def feed(text: str | None) -> None:
            if lid not in self.relays:
                return
            if text is None:
                self.relays.pop(lid, None)
                await self.redis.publish(inbox, json.dumps({"link": lid, "gone": True}))
                await self.drop_relay(relay)
            else:
                await self.redis.publish(inbox, json.dumps({"link": lid, "text": text}))

        return feed

    async def carrying_back(self, lid: str, relay: Relay) -> None:
        async for m in relay.pubsub.listen():
            if m["type"] != "message":
                continue
            data = json.loads(m["data"])
            if "m" in data:
                if not relay.link.send(data["m"]):
                    self.end_relay(relay, "The connection could not keep up; join again to go on.")
            else:
                self.end_relay(relay, str(data.get("close", "closed")))
                return

    def end_relay(self, relay: Relay, why: str) -> None:
        """The client is told to go (it comes back with its key), and the holder that it is
        gone."""
        for lid, r in list(self.relays.items()):
            if r is relay:
                del self.relays[lid]
                self.publish(f"node:{relay.owner.split('/')[0]}:in", {"link": lid, "gone": True})
        relay.link.close(why)
        asyncio.get_running_loop().create_task(self.drop_relay(relay))

    async def drop_relay(self, relay: Relay) -> None:
        if relay.reader is not None and relay.reader is not asyncio.current_task():
            relay.reader.cancel()
        with contextlib.suppress(Exception):
            await relay.pubsub.aclose()


async def subscribed(pubsub: Any, channel: str) -> None:
    """Subscribe, and wait until Redis says so (a message published before is lost)."""
    await pubsub.subscribe(channel)
    while True:
        m = await pubsub.get_message(timeout=1.0)
        if m is not None and m["type"] == "subscribe":
            return
