"""The room directory of one process (the default): ``/health`` lists the rooms held here,
``/where`` says a room is here (or nowhere), and ``doomlings serve`` takes ``--redis`` and
``--lease``. The shared directory's side is tested on a real Redis (test_ledger.py,
test_failover.py)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from programs import DOOMLINGS, isolated_env
from starlette.testclient import TestClient

from doomlings_access.cli import _parser
from doomlings_access.online.rooms import Rooms, Timing
from doomlings_access.online.server import Server


def test_health_and_where_tell_the_rooms_of_one_process() -> None:
    rooms = Rooms(Timing(grace=0.2), seed=1)
    with TestClient(Server(rooms).app()) as client:
        assert client.get("/health").json() == {"node": "here", "directory": "memory", "rooms": {}}
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "create", "name": "Ana"}))
            code = json.loads(ws.receive_text())["code"]
            health = client.get("/health")
            assert health.status_code == 200 and health.headers["content-security-policy"]
            assert health.json()["rooms"] == {code: {"owner": True}}
            assert client.get("/where", params={"code": code.lower()}).json() == {
                "code": code, "here": True, "node": "here", "address": None}
            assert client.get("/where", params={"code": "ZZZZZZ"}).json()["here"] is False
            assert client.get("/where", params={"code": "no such"}).json()["code"] is None


def test_serve_takes_a_redis_and_a_lease() -> None:
    args = _parser().parse_args(["serve", "--redis", "redis://127.0.0.1:6399/0", "--lease", "1.5"])
    assert (args.redis, args.lease) == ("redis://127.0.0.1:6399/0", 1.5)
    args = _parser().parse_args(["serve"])
    assert (args.redis, args.lease) == (None, 3.0)


def test_serve_with_a_redis_it_cannot_reach_says_so_in_one_line(tmp_path: Path) -> None:
    for given, said in (("redis://:secret@127.0.0.1:1/0", "cannot use the Redis given with --redis"),
                        ("127.0.0.1:6379", "a Redis address begins with redis://")):
        done = subprocess.run([*DOOMLINGS, "serve", "--port", "0", "--redis", given], capture_output=True, text=True,
                              env=isolated_env(tmp_path), timeout=30)
        assert done.returncode in (1, 2) and done.stdout == "", done
        assert len(done.stderr.splitlines()) == 1 and said in done.stderr and "secret" not in done.stderr
