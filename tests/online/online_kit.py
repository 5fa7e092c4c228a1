"""What the online tests share: a link that keeps what a room sends (the room's side of a
connection, with no network), and people at a room who answer its questions as a player at
the keyboard would (a seeded choice among the options sent)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from doomlings_access.online import protocol
from doomlings_access.online.rooms import Person, Room, Rooms


class Kept:
    """A link that keeps every message (the room checked it against the schema before
    sending: see conftest.py), and calls ``then`` after each."""

    def __init__(self, then: Callable[[Kept, dict[str, Any]], None] | None = None, size: int = 10_000) -> None:
        self.messages: list[dict[str, Any]] = []
        self.closed: str | None = None
        self.then = then
        self.size = size

    def send(self, message: dict[str, Any]) -> bool:
        if self.closed is not None:
            return True
        if len(self.messages) >= self.size:
            return False
        self.messages.append(dict(message))
        if self.then is not None:
            self.then(self, message)
        return True

    def close(self, reason: str) -> None:
        self.closed = reason

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == kind]

    def texts(self, channel: str = "game") -> list[str]:
        return [m["text"] for m in self.messages if m["type"] == "say" and m["channel"] == channel]

    def last_question(self) -> dict[str, Any] | None:
        """The question waiting (sent and not settled since)."""
        open_: dict[str, Any] | None = None
        for m in self.messages:
            if m["type"] == "question":
                open_ = m
            elif m["type"] == "settled" and open_ is not None and m["id"] == open_["id"]:
                open_ = None
        return open_


class Player:
    """A person at a room who answers each question sent (a seeded choice, a moment later,
    as from a keyboard), through the room as the server would pass the answer on."""

    def __init__(self, rooms: Rooms, seed: int) -> None:
        self.rooms = rooms
        self.rng = random.Random(seed)
        self.link = Kept(self.on_message)
        self.person: Person | None = None
        self.answers = 0
        self.answering = True
        self.last = ("", "")

    @property
    def room(self) -> Room:
        assert self.person is not None
        return self.person.room

    def on_message(self, link: Kept, message: dict[str, Any]) -> None:
        if message["type"] == "question" and self.answering:
            option = self.rng.choice(message["options"])["id"]
            self.last = (message["id"], option)
            asyncio.get_running_loop().call_soon(self.answer, message["id"], option)
        elif message["type"] == "error" and message["code"] == "too_fast" and self.answering:
            # faster than a person: the room's limit refused the answer; it is sent again
            asyncio.get_running_loop().call_later(0.2, self.answer, *self.last)

    def answer(self, question: str, option: str) -> None:
        if self.person is not None and self.person.link is self.link:
            self.answers += 1
            self.room.receive(self.person, {"type": "answer", "question": question, "option": option})

    def send(self, message: dict[str, Any]) -> None:
        assert self.person is not None
        self.room.receive(self.person, protocol.read_message(protocol.encode(message, protocol.TO_SERVER), protocol.TO_SERVER))


async def until(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    """Let the room run until ``condition`` holds (a failure after ``seconds``)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.005)


def ana_hosts_ben_joins(rooms: Rooms) -> tuple[Player, Player, str]:
    """Ana opens a room (seed 1) and Ben joins it (seed 2): the two, and Ben's seat key."""
    ana, ben = Player(rooms, 1), Player(rooms, 2)
    ana.person, _ = rooms.open("Ana", ana.link)
    ben.person, ben_token = rooms.join(ana.room.code, "Ben", ben.link)
    return ana, ben, ben_token
