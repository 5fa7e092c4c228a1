"""A real Redis for the tests: Debian's ``redis-server`` on a free loopback port, with
persistence off (nothing is written to disk), stopped by its process id. Without the program
a test is skipped with "needs redis-server" (CI installs it and fails on that skip)."""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from doomlings_access.online.ledger import RedisDirectory, owner_key


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    """A Redis of its own, stopped at the end: its ``redis://`` address."""
    program = shutil.which("redis-server")
    if program is None:
        pytest.skip("needs redis-server (Debian's redis-server package)")
    folder.mkdir(parents=True, exist_ok=True)
    for _ in range(5):
        port = free_port()
        process = subprocess.Popen(
            [program, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(folder), "--daemonize", "no", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 5
        while process.poll() is None and not answers(port) and time.monotonic() < deadline:
            time.sleep(0.01)
        if process.poll() is None and answers(port):
            break
        process.kill()
        process.wait()
    else:
        raise AssertionError("redis-server did not start")
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.kill()  # by its process id
        process.wait(5)


async def lease_runs_out(directory: RedisDirectory, code: str, lease: float) -> None:
    """Wait until the holder's lease on ``code`` has run out in Redis: its last renewal may
    still have been on its way when the holder stopped, and a busy Redis sets it late."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10 * lease
    await asyncio.sleep(lease)
    while await directory.redis.exists(owner_key(code)):
        assert loop.time() < deadline, "the lease never ran out"
        await asyncio.sleep(0.02)


async def holder_stops(directory: RedisDirectory, code: str) -> None:
    """The process holding ``code`` stops as if killed, once what it has said is written:
    no lease of its is renewed again (its room's game, if any, is stopped by the caller)."""
    await directory.finish_writing(directory.books[code])
    for task in directory.tasks:
        task.cancel()
