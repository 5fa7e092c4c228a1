"""The room directory: which server process holds a room, and where a room is found.

A server asks its directory for a new room's code, and where the room of a ``join`` or a
``resume`` is: here, on another process (the directory then carries the connection's
messages there and back), or nowhere. Two directories do this:

- :class:`Directory` (the default): one process, every room in its memory; nothing to
  install, and a room ends with the process.
- :class:`~.ledger.RedisDirectory` (``doomlings serve --redis redis://...``): rooms spread over
  several processes that share a Redis; each room is held by one process through a lease,
  and written down before anyone hears of it, so another process takes it over with nothing
  lost when its holder is gone.

Nothing here knows the network.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from doomlings_access.online.keys import new_code, read_code
from doomlings_access.online.rooms import Link, Person, Rooms

Feed = Callable[[str | None], Awaitable[None]]
"""Where a relayed connection's messages go: each message's text, then None when it ends."""


class Host(Protocol):
    """What a server does with a connection another process carries here."""

    async def greet(self, text: str, link: Link) -> Person | None:
        """The first message (open, join or come back): who they are here, or None."""

    def hear(self, person: Person, link: Link, text: str) -> None:
        """A later message of ``person``'s."""

    def gone(self, person: Person, link: Link) -> None:
        """The connection ended."""


@dataclass(frozen=True)
class Elsewhere:
    """Room ``code``, held by another process: its id, the address it serves at, and the
    lease's value when this was asked (when it changes, the room changed hands)."""

    code: str
    node: str
    address: str
    owner: str


class Directory:
    """One process holds every room (the default): nothing is shared, nothing to install."""

    node = "here"

    async def start(self, rooms: Rooms, host: Host, address: str) -> None:
        """Begin serving ``rooms`` (``host``: how to take a connection relayed from another
        process; ``address``: where this process serves, told to other processes)."""
        self.rooms = rooms

    async def stop(self, hand_over: bool = True) -> None:
        """Stop (``hand_over``: give this process's rooms to another before it exits)."""

    async def new_code(self) -> str:
        """A code no room has."""
        return new_code(self.rooms.rooms)

    async def place(self, typed: str) -> Elsewhere | None:
        """Where the room with code ``typed`` is: None when it is here (or nowhere: the
        rooms say so), else the process that holds it. A room whose holder is gone is taken
        over here first."""
        return None

    async def relay(self, where: Elsewhere, first: str, link: Link) -> Feed:
        """Carry a connection to the process that holds its room: ``first`` is its first
        message; what comes back goes to ``link``. Returns what to call with each later
        message's text (None when the connection ends)."""
        raise NotImplementedError("one process has no other process to relay to")

    def health(self) -> dict[str, Any]:
        """What ``/health`` reports: the rooms here, and for each its lease."""
        return {"node": self.node, "directory": "memory", "rooms": {code: {"owner": True}
                                                                    for code in self.rooms.rooms}}

    async def where(self, typed: str) -> dict[str, Any]:
        """What ``/where`` reports of a room code (for a balancer that routes by code)."""
        code = read_code(typed)
        here = code is not None and code in self.rooms.rooms
        return {"code": code, "here": here, "node": self.node if here else None, "address": None}
