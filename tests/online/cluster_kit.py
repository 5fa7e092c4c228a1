"""Real server processes sharing a real Redis, and people at them over real WebSockets: what
the failover tests share.

A :class:`Seat` is a person's client: it answers each question with a seeded choice, and when
its connection ends it connects again, to the next server it knows, with its seat key and the
number of the last thing it heard (``resume``), as the terminal client does with one server.
Everything it received is kept, and each answer the room acknowledged (``settled`` by you)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import signal
import subprocess
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from programs import DOOMLINGS, isolated_env
from websockets.asyncio.client import connect

from doomlings_access.games import TABLES
from doomlings_access.kernel.decisions import Choice
from doomlings_access.online.kinds import Table
from doomlings_access.online.narration import in_parts, option_id
from doomlings_access.online.replay import Written
from doomlings_access.players.search import Budget


@dataclass
class ServerProcess:
    process: subprocess.Popen[str]
    address: str
    node: str

    def health(self) -> dict[str, Any]:
        with urllib.request.urlopen(f"http://{self.address}/health", timeout=5) as reply:
            data: dict[str, Any] = json.loads(reply.read())
            return data

    def signal(self, sig: signal.Signals) -> None:
        self.process.send_signal(sig)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)


def start_server(redis: str, home: Path, lease: float = 1.0, grace: float = 30.0) -> ServerProcess:
    """``doomlings serve --redis`` on a free loopback port."""
    process = subprocess.Popen(
        [*DOOMLINGS, "serve", "--port", "0", "--redis", redis, "--lease", str(lease), "--grace", str(grace)],
        stdout=subprocess.PIPE, text=True, env=isolated_env(home))
    assert process.stdout is not None
    lines = [process.stdout.readline() for _ in range(3)]
    port = re.search(r"127\.0\.0\.1:(\d+)/", lines[0])
    node = re.search(r"Redis as (\S+)\.", lines[2])
    assert port and node, lines
    return ServerProcess(process, f"127.0.0.1:{port.group(1)}", node.group(1))


@dataclass
class Seat:
    """A person's client, knowing ``servers`` (it begins with the first)."""

    name: str
    servers: list[str]
    seed: int
    rng: random.Random = field(init=False)
    received: list[dict[str, Any]] = field(default_factory=list)
    heard: dict[int, str] = field(default_factory=dict)
    """The game's words, by their numbers (a number heard again must carry the same words)."""
    answered: dict[str, str] = field(default_factory=dict)
    """Each question the room took this person's answer to, and the option."""
    asked: dict[str, str] = field(default_factory=dict)
    code: str | None = None
    token: str | None = None
    last_seq: int = 0
    connections: int = 0
    resumed_at: list[float] = field(default_factory=list)
    over: bool = False
    ws: Any = None
    answering: bool = True

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    async def run(self, hello: dict[str, Any]) -> None:
        turn = 0
        while not self.over:
            address = self.servers[turn % len(self.servers)]
            turn += 1
            if self.token is not None:
                hello = {"type": "resume", "code": self.code, "token": self.token, "last_seq": self.last_seq}
            try:
                async with connect(f"ws://{address}/ws", open_timeout=3, close_timeout=1) as ws:
                    self.ws = ws
                    self.connections += 1
                    await ws.send(json.dumps(hello))
                    async for text in ws:
                        await self.take(json.loads(text))
                        if self.over:
                            return
            except (OSError, asyncio.TimeoutError, Exception) as exc:  # refused, reset, closed
                if isinstance(exc, AssertionError):
                    raise
            self.ws = None
            await asyncio.sleep(0.05)

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(message))

    async def take(self, m: dict[str, Any]) -> None:
        self.received.append(m)
        kind = m["type"]
        if kind == "welcome":
            self.code, self.token = m["code"], m["token"]
            if m["resumed"]:
                self.resumed_at.append(time.monotonic())
        elif kind == "say" and m["channel"] == "game" or kind == "chat":
            if kind == "say":
                assert self.heard.setdefault(m["seq"], m["text"]) == m["text"], "a number heard again says the same"
            self.last_seq = max(self.last_seq, m["seq"])
        elif kind == "question" and self.answering:
            option = self.rng.choice(m["options"])["id"]
            self.asked[m["id"]] = option
            await asyncio.sleep(0.01)
            with contextlib.suppress(Exception):
                await self.send({"type": "answer", "question": m["id"], "option": option})
        elif kind == "settled" and m["by"] == "you" and m["id"] in self.asked:
            self.answered[m["id"]] = self.asked[m["id"]]
        elif kind == "error" and m["code"] == "too_fast":
            await asyncio.sleep(0.2)
            for qid, option in list(self.asked.items())[-1:]:
                with contextlib.suppress(Exception):
                    await self.send({"type": "answer", "question": qid, "option": option})
        elif kind == "table" and m["phase"] == "over":
            self.over = True


async def until(condition: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out: {what}"
        await asyncio.sleep(0.02)


def replayed(w: Written, seats: dict[int, Seat]) -> tuple[Table, dict[int, list[str]]]:
    """The game again from what was written (its seed and moves, in a game of its own, of the
    game the room wrote it plays), each acknowledged answer checked against the move written
    at its place, and what each person is told when told at the moments written."""
    assert w.table is not None
    kind = TABLES[w.table["game"]]
    names = [w.table["people"][str(e["person"])]["name"] if "person" in e else e["computer"]
             for e in w.table["lineup"]]
    levels = {seat: e["level"] for seat, e in enumerate(w.table["lineup"]) if "computer" in e}
    game, _ = kind.begin(names, levels, w.table["seed"], w.table["house_rules"], Budget())
    pid_of = {w.table["people"][str(e["person"])]["seat"]: e["person"] for e in w.table["lineup"] if "person" in e}
    people = w.table["people"]
    listeners = {pid_of[seat]: kind.listener(seat, people[str(pid_of[seat])]["verbosity"], people[str(pid_of[seat])]["labels"])
                 for seat in seats}
    told: dict[int, list[str]] = {seat: [] for seat in seats}
    seat_of = {pid: seat for seat, pid in pid_of.items()}
    applied = 0

    def apply_to(n: int) -> None:
        nonlocal applied
        while applied < n:
            move = Choice.from_json(w.moves[applied])
            d = game.pending
            assert d is not None and d.player == move.player
            qid = f"q{applied}"
            seat = seats.get(move.player)
            if seat is not None and qid in seat.answered:
                assert option_id(d, move.value) == seat.answered[qid], f"{seat.name}'s answer to {qid} is the move played"
            game.apply(move)
            applied += 1

    for pid, n in w.tells:
        apply_to(n)
        if pid in listeners:
            told[seat_of[pid]] += [part.text for said in listeners[pid].news(game, levels) for part in in_parts(said)]
    apply_to(len(w.moves))
    assert all(listener.ended for listener in listeners.values()) == game.is_over, "the end told, once it came"
    return game, told
