"""Rooms past one machine, with real processes: three ``doomlings serve --redis`` on loopback
share a real Redis; a game is in progress on one of them (one person connected to it, the
other to another server, carried there through Redis); the holder is killed (SIGKILL); another
server takes the room over within a few seconds, both people come back with their keys, and
the game (Doomlings, and Doomcrop: the same test, the room's game its parameter) ends exactly
as its seed and the answers played make it: each answer the room took is
the move written at its place, everyone heard each thing once (no number twice, none missing),
and its end as they heard it is the game's. A paused holder (SIGSTOP) whose lease ran out, woken
after another server took the room, writes nothing more. A server stopped with SIGTERM hands
its room to another first."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis.asyncio as aioredis
from cluster_kit import Seat, ServerProcess, replayed, start_server, until

from doomlings_access.online.ledger import log_key, owner_key
from doomlings_access.online.replay import digest, read

LEASE = 1.0


@pytest.fixture
def servers(redis_url: str, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    started: list[ServerProcess] = []
    try:
        for i in range(3):
            started.append(start_server(redis_url, tmp_path / f"server{i}", lease=LEASE))
        yield started
    finally:
        for server in started:
            server.stop()


async def a_game_in_progress(
    servers: list[ServerProcess], answers: int, game: str = "doomlings",
) -> tuple[Seat, Seat, list[asyncio.Task[None]]]:
    """Ana opens a room of ``game`` on the first server; Ben joins through the second; a
    computer player joins; the game goes on until each has answered ``answers`` questions."""
    first, second, third = (s.address for s in servers)
    ana, ben = Seat("Ana", [first, second, third], 1), Seat("Ben", [second, third], 2)
    tasks = [asyncio.create_task(ana.run({"type": "create", "name": "Ana", "game": game}))]
    await until(lambda: ana.code is not None, 10, "Ana's room")
    tasks.append(asyncio.create_task(ben.run({"type": "join", "code": ana.code, "name": "Ben"})))
    await until(lambda: any(m["type"] == "table" and len(m["seats"]) == 2 for m in ana.received), 10, "Ben at the table")
    await ana.send({"type": "add_computer", "level": "normal"})
    await until(lambda: any(m["type"] == "table" and len(m["seats"]) == 3 for m in ana.received), 10, "a computer")
    await ana.send({"type": "start"})
    await until(lambda: len(ana.answered) >= answers and len(ben.answered) >= answers, 30, "answers")
    return ana, ben, tasks


@pytest.mark.parametrize("game", ["doomlings", "doomcrop"])
def test_the_holder_killed_another_takes_the_room_over_and_the_game_ends_as_played(
    servers: list[ServerProcess], redis_url: str, game: str,
) -> None:
    async def main() -> None:
        r = aioredis.from_url(redis_url, decode_responses=True)
        ana, ben, tasks = await a_game_in_progress(servers, 4, game)
        assert ana.code is not None
        code = ana.code
        holder = await r.get(owner_key(code))
        assert holder is not None and holder.startswith(servers[0].node + "/")
        assert servers[1].health()["relayed"] == 1, "Ben reaches the room through the second server"
        assert servers[0].health()["rooms"][code]["owner"]

        servers[0].signal(signal.SIGKILL)
        killed = time.monotonic()
        while (owner := await r.get(owner_key(code))) is None or owner == holder:
            assert time.monotonic() - killed < 10, "nobody took the room over"
            await asyncio.sleep(0.01)
        taken = time.monotonic() - killed
        await until(lambda: len(ana.resumed_at) and len(ben.resumed_at), 10, "both back")
        back = max(ana.resumed_at[0], ben.resumed_at[0]) - killed
        print(f"\nfailover of a room of {game}: the room was taken over {taken:.2f} s after its holder was killed "
              f"(lease {LEASE:g} s); both people were back in {back:.2f} s")
        assert owner.endswith("/2"), "one change of holder: epoch 2"
        await until(lambda: ana.over and ben.over, 90, "the game's end")
        await asyncio.gather(*tasks)

        batches = [json.loads(f["batch"]) for _, f in await r.xrange(log_key(code))]
        w = read(batches)
        assert w.table is not None and w.table["game"] == game
        played, told = replayed(w, {0: ana, 1: ben})
        assert played.is_over, "the game written is the game played to its end"
        for seat, person in ((0, ana), (1, ben)):
            heard = [person.heard[seq] for seq in sorted(person.heard)]
            assert heard == told[seat], f"{person.name} heard each thing once, none missing, the end too"
            fresh = [m["seq"] for m in person.received if not m.get("replayed") and m["type"] != "error"]
            assert len(fresh) == len(set(fresh)), "no message number twice"
        assert ana.answered and ben.answered
        new_node = owner.split("/")[0]
        new_holder = next(s for s in servers if s.node == new_node)
        room = new_holder.health()["rooms"][code]
        assert room["owner"] and room["epoch"] == 2 and room["phase"] == "over"
        assert room["moves"] == len(played.actions)
        assert room["game"] == digest(played), "the survivor's game is the game the seed and moves make"
        await r.aclose()

    asyncio.run(main())


def test_a_paused_holder_whose_lease_ran_out_never_writes_again(servers: list[ServerProcess], redis_url: str) -> None:
    async def main() -> None:
        r = aioredis.from_url(redis_url, decode_responses=True)
        ana, ben, tasks = await a_game_in_progress(servers, 3)
        assert ana.code is not None
        code = ana.code
        paused = servers[0]
        paused.signal(signal.SIGSTOP)
        try:
            stopped = time.monotonic()
            # Ben's server sees the lease run out and sends Ben back; he takes the room over there
            await until(lambda: len(ben.resumed_at) > 0, 15, "Ben back")
            print(f"\nsplit brain: a paused holder's room was taken over in {ben.resumed_at[0] - stopped:.2f} s")
            assert (await r.get(owner_key(code)) or "").endswith("/2")
            # Ana still holds her connection to the paused server: what she says there waits in it
            await ana.send({"type": "chat", "text": "said to the paused server"})
            while not any(f["epoch"] == "2" for _, f in await r.xrange(log_key(code))):
                assert time.monotonic() - stopped < 15, "the new holder writes"
                await asyncio.sleep(0.01)
            before = await r.xlen(log_key(code))
        finally:
            paused.signal(signal.SIGCONT)
        await until(lambda: code not in paused.health()["rooms"], 10, "the woken server lets the room go")
        await asyncio.sleep(LEASE)
        entries = await r.xrange(log_key(code))
        epochs = [int(f["epoch"]) for _, f in entries]
        first_new = epochs.index(2)
        assert all(e == 2 for e in epochs[first_new:]), "nothing written under the old epoch once the room moved"
        assert len(entries) >= before
        assert not any("said to the paused server" in m.get("text", "") for m in ben.received)
        health = paused.health()
        assert health["rooms_lost"] == 1
        print(f"the woken server: {health['refused_writes']} write(s) refused, {health['rooms_lost']} room let go")
        await until(lambda: ana.over and ben.over, 90, "the game's end")
        await asyncio.gather(*tasks)
        await r.aclose()

    asyncio.run(main())


def test_sigterm_hands_the_rooms_over_before_the_server_exits(servers: list[ServerProcess], redis_url: str) -> None:
    async def main() -> None:
        r = aioredis.from_url(redis_url, decode_responses=True)
        ana, ben, tasks = await a_game_in_progress(servers, 2)
        assert ana.code is not None
        code = ana.code
        servers[0].signal(signal.SIGTERM)
        asked = time.monotonic()
        assert servers[0].process.wait(10) == 0
        owner = await r.get(owner_key(code))
        while owner is None or owner.startswith(servers[0].node):
            assert time.monotonic() - asked < 10, "the room was not taken"
            await asyncio.sleep(0.01)
            owner = await r.get(owner_key(code))
        print(f"\nSIGTERM: the room was held by another server {time.monotonic() - asked:.2f} s after")
        await until(lambda: ana.over and ben.over, 90, "the game's end")
        await asyncio.gather(*tasks)
        played, _ = replayed(read([json.loads(f["batch"]) for _, f in await r.xrange(log_key(code))]), {0: ana, 1: ben})
        assert played.is_over
        await r.aclose()

    asyncio.run(main())


def test_people_carried_by_a_process_that_died_are_away_at_the_holder(
    servers: list[ServerProcess], redis_url: str,
) -> None:
    async def main() -> None:
        ana, ben, tasks = await a_game_in_progress(servers, 2)
        ben.servers = ben.servers[:1]  # Ben knows only the server carrying him
        servers[1].signal(signal.SIGKILL)
        killed = time.monotonic()
        await until(lambda: any(m["type"] == "say" and m["text"] == "Ben is away." for m in ana.received), 10,
                    "the holder hears that Ben is away")
        print(f"\nthe holder knew Ben was away {time.monotonic() - killed:.2f} s after the server carrying him died")
        tables = [m for m in ana.received if m["type"] == "table"]
        assert tables[-1]["seats"][1]["status"] == "away"
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
