"""Load test of online play, on loopback only: a real server (``doomlings serve`` in its own
process, on a free port of 127.0.0.1) and many rooms of 4 (two people on WebSocket clients of
this process, two computer players at normal), played to their ends, for each game named by
``--game`` (every game the server plays, by default: Doomlings, then Doomcrop), each on servers
started for it, so that one game's figures owe nothing to the other's.

Prints figures; asserts nothing. Run with ``make load``. It is bounded and stops by itself:
``--rooms`` rooms play at once, ``--games`` games in all, and never longer than ``--limit``
seconds. The people answer each question after ``--think`` seconds (the first option), and each
answer's round trip is timed from sending it to the server's word that it was taken.

Figures: the answer round trip at the 50th and 99th percentile; the server's processor time
per game and per answer, and from it how many rooms one core carries at a person's pace (one
answer every ``--pace`` seconds in each room: a table has one person deciding at a time), and
at this run's pace; the server's memory per room (resident size with every room open, less
what it held before).

With ``--redis``, the same over two server processes sharing a Redis (Debian's
``redis-server``, started here on a free loopback port with persistence off, stopped at the
end): each room is opened on one process and its friend joins through the other, so that half
the messages are carried between processes by pub/sub, and every move and message is written
to the room's stream first. The processor time is the two servers' and Redis's together.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed


class Figures:
    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.refused = 0
        self.games = 0
        self.answers = 0
        self.reconnects = 0


class Person:
    """Someone at a room on a WebSocket: answers every question after ``think`` seconds (the
    first option) until the game's end. A connection closed before it (the room moved to
    another process: its lease ran out under this load) is opened again, on the next server,
    with the seat's key and the number of the last message heard, as the clients do."""

    def __init__(self, urls: list[str], figures: Figures, think: float, first: list[dict[str, str]] | None = None) -> None:
        self.urls, self.figures, self.think = urls, figures, think
        self.first = first or []
        """What to send once the room is open (the host's computer players)."""
        self.code: str | None = None
        self.token: str | None = None
        self.last_seq = 0
        self.sent: dict[str, float] = {}
        self.welcomed = asyncio.Event()
        self.started = False

    async def run(self, hello: dict[str, object], start_at: int = 0) -> bool:
        """Play until the end (True), or until no server takes the connection (False)."""
        for turn in range(20):
            url = self.urls[turn % len(self.urls)]
            if self.token is not None:
                hello = {"type": "resume", "code": self.code, "token": self.token, "last_seq": self.last_seq}
                self.figures.reconnects += 1
            try:
                async with connect(url, max_size=2**20) as ws:
                    await ws.send(json.dumps(hello))
                    async for text in ws:
                        if not await self.handled(ws, json.loads(text), start_at):
                            return True
            except (OSError, ConnectionClosed):
                pass
            await asyncio.sleep(0.1)
        return False

    async def handled(self, ws: ClientConnection, m: dict[str, object], start_at: int) -> bool:
        """What a person does with a message; False at the game's end."""
        kind = m["type"]
        if kind == "welcome":
            self.code, self.token = str(m["code"]), str(m["token"])
            if not self.welcomed.is_set():
                self.welcomed.set()
                for message in self.first:
                    await ws.send(json.dumps(message))
        elif kind in ("say", "chat"):
            self.last_seq = max(self.last_seq, int(str(m["seq"])))
        elif kind == "question":
            await asyncio.sleep(self.think)
            options = m["options"]
            assert isinstance(options, list)
            self.sent.setdefault(str(m["id"]), time.perf_counter())
            await ws.send(json.dumps({"type": "answer", "question": m["id"], "option": options[0]["id"]}))
        elif kind == "settled" and m["id"] in self.sent:
            self.figures.round_trips.append(time.perf_counter() - self.sent.pop(str(m["id"])))
            self.figures.answers += 1
        elif kind == "error" and m["code"] == "too_fast":
            self.figures.refused += 1
        elif kind == "table":
            seats = m["seats"]
            assert isinstance(seats, list)
            if start_at and not self.started and m["phase"] == "lobby" and len(seats) == start_at:
                self.started = True
                await ws.send(json.dumps({"type": "start"}))
            elif m["phase"] == "over":
                return False
        return True


def cpu_of(processes: list[psutil.Process]) -> float:
    return sum(t.user + t.system for t in (p.cpu_times() for p in processes))


def rss_of(processes: list[psutil.Process]) -> int:
    return sum(p.memory_info().rss for p in processes)


async def run(urls: list[str], game: str, rooms: int, games: int, think: float, limit: float,
              servers: list[psutil.Process]) -> dict[str, float]:
    for i in range(len(urls)):  # (warm: each server's first game loads what it needs)
        await room_with_computers(urls[i:] + urls[:i], game, -1, Figures(), 0.0)
    figures = Figures()
    before_rss = rss_of(servers)
    before_cpu = cpu_of(servers)
    start = time.perf_counter()
    peak_rss = before_rss
    pending: set[asyncio.Task[None]] = set()
    made = 0
    while (made < games or pending) and time.perf_counter() - start < limit:
        while made < games and len(pending) < rooms:
            turn = made % len(urls)
            pending.add(asyncio.create_task(room_with_computers(urls[turn:] + urls[:turn], game, made, figures, think)))
            made += 1
        done, pending = await asyncio.wait(pending, timeout=0.5, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            task.result()
        peak_rss = max(peak_rss, rss_of(servers))
    for task in pending:
        task.cancel()
    elapsed = time.perf_counter() - start
    cpu = cpu_of(servers) - before_cpu
    trips = sorted(figures.round_trips)
    return {
        "games": figures.games, "answers": figures.answers, "refused": figures.refused, "elapsed": elapsed,
        "cpu": cpu, "p50": trips[len(trips) // 2] if trips else float("nan"),
        "p99": trips[min(len(trips) - 1, int(len(trips) * 0.99))] if trips else float("nan"),
        "mean": statistics.fmean(trips) if trips else float("nan"),
        "rss_per_room": (peak_rss - before_rss) / rooms, "reconnects": figures.reconnects,
    }


async def room_with_computers(urls: list[str], game: str, n: int, figures: Figures, think: float) -> None:
    """A room of 4 playing ``game``: the host's connection opens it (on the first server) and
    adds two computer players, a friend joins (through the last server), and the host starts
    when all four seats are taken."""
    host = Person(urls, figures, think, first=[{"type": "add_computer", "level": "normal"}] * 2)
    friend = Person(urls[-1:] + urls[:-1], figures, think)
    hosting = asyncio.create_task(host.run({"type": "create", "name": f"Host{n}", "game": game}, start_at=4))
    await host.welcomed.wait()
    ended = await asyncio.gather(hosting, friend.run({"type": "join", "code": host.code, "name": f"Friend{n}"}))
    figures.games += all(ended)


def main() -> None:
    from doomlings_access.games import TABLES

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", choices=list(TABLES),
                        help="a game to load the server with (again for another; default: every game)")
    parser.add_argument("--rooms", type=int, default=40, help="rooms playing at once (default 40)")
    parser.add_argument("--games", type=int, default=120, help="games in all, of each game (default 120)")
    parser.add_argument("--think", type=float, default=0.1, help="seconds a person takes to answer (default 0.1)")
    parser.add_argument("--pace", type=float, default=5.0, help="a person's seconds per answer, for rooms per core (default 5)")
    parser.add_argument("--limit", type=float, default=180.0,
                        help="stop each game's run after this many seconds at most (default 180)")
    parser.add_argument("--redis", action="store_true",
                        help="two server processes sharing a Redis started here (Debian's redis-server)")
    args = parser.parse_args()
    if args.redis:
        print("over 2 server processes sharing a Redis (each room opened on one, its friend joined through the "
              "other; processor time and memory of both servers and Redis together):")
    for game in args.game or list(TABLES):
        f = measure(game, args)
        report(TABLES[game].title, f, args)


def measure(game: str, args: argparse.Namespace) -> dict[str, float]:
    """The figures of ``game``: its rooms on servers (and a Redis) started for it, stopped after."""
    doomlings = Path(sys.executable).with_name("doomlings")
    started: list[subprocess.Popen[str]] = []
    try:
        extra: list[str] = []
        watched: list[psutil.Process] = []
        if args.redis:
            redis, url = start_redis()
            started.append(redis)
            watched.append(psutil.Process(redis.pid))
            extra = ["--redis", url]
        urls = []
        for _ in range(2 if args.redis else 1):
            server = subprocess.Popen([str(doomlings), "serve", "--port", "0", "--grace", "60", *extra],
                                      stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONWARNINGS": "ignore"})
            started.append(server)
            assert server.stdout is not None
            found = re.search(r"127\.0\.0\.1:(\d+)/", server.stdout.readline())
            assert found, "the server did not say where it listens"
            urls.append(f"ws://127.0.0.1:{found.group(1)}/ws")
            watched.append(psutil.Process(server.pid))
        time.sleep(0.5)
        figures = asyncio.run(run(urls, game, args.rooms, args.games, args.think, args.limit, watched))
        figures["lost"] = sum(health(url).get("rooms_lost", 0) for url in urls)
        return figures
    finally:
        for process in reversed(started):
            process.terminate()
            process.wait(10)


def health(url: str) -> dict[str, int]:
    """A server's ``/health`` (``url``: its WebSocket's address)."""
    with urllib.request.urlopen(url.replace("ws://", "http://").replace("/ws", "/health"), timeout=10) as reply:
        data: dict[str, int] = json.loads(reply.read())
        return data


def report(title: str, f: dict[str, float], args: argparse.Namespace) -> None:
    per_answer = f["cpu"] / max(f["answers"], 1)
    busy = f["cpu"] / f["elapsed"]
    print(f"online load, {title}: {f['games']:.0f} games of 4 (2 people on WebSockets, 2 computers at normal) in "
          f"{f['elapsed']:.1f} s, {args.rooms} rooms at once, {f['answers']:.0f} answers, {f['refused']:.0f} refused as too fast")
    print(f"  answer round trip: p50 {f['p50'] * 1000:.1f} ms, p99 {f['p99'] * 1000:.1f} ms, mean {f['mean'] * 1000:.1f} ms")
    print(f"  server processor time: {f['cpu']:.2f} s, {f['cpu'] / max(f['games'], 1) * 1000:.0f} ms a game, "
          f"{per_answer * 1000:.2f} ms an answer (with the computers' moves and everyone's narration); "
          f"busy {busy * 100:.0f}% of one core")
    print(f"  rooms per core: {1 / (per_answer / args.pace):.0f} at a person's pace (an answer every {args.pace:g} s a room); "
          f"{args.rooms / max(busy, 1e-9):.0f} at this run's pace ({args.think:g} s to answer)")
    print(f"  memory per room: {f['rss_per_room'] / 1024:.0f} KiB (the server's resident size with {args.rooms} rooms open)")
    if args.redis:
        print(f"  rooms that changed process under this load: {f['lost']:.0f} leases ran out (the room taken over "
              f"by the other process); {f['reconnects']:.0f} connections opened again with their seat's key")


def start_redis() -> tuple[subprocess.Popen[str], str]:
    """Debian's redis-server on a free loopback port, persistence off."""
    program = shutil.which("redis-server")
    if program is None:
        sys.exit("online load --redis: needs redis-server (Debian's redis-server package)")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    redis = subprocess.Popen([program, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                              "--loglevel", "warning"], stdout=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            time.sleep(0.02)
    return redis, f"redis://127.0.0.1:{port}/0"


if __name__ == "__main__":
    main()
