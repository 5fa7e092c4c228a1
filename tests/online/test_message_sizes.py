"""Every message a room sends is one a client accepts: read as the terminal client reads it
(at most :data:`~doomlings_access.online.protocol.MAX_TO_CLIENT` bytes, as the schema says),
and the room refused none (a message the schema refuses is never sent: a person would never
hear it; see conftest.py). Over whole games of every game at
its largest table (six seats: two people, one of them reading braille labels, four computer
players, and someone watching in braille), the people asking for every review of their game
as they play: the longest stories (the end of a Doomcrop game of six, every face-down card
captured) are told in pieces, each whole sentences, none lost."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from online_kit import Kept, Player, until

from doomlings_access.games import TABLES
from doomlings_access.online import protocol
from doomlings_access.online.rooms import Phase, Rooms, Timing

FAST = Timing(grace=30.0, thinking=0.01, actions=(1000.0, 1000))


def size(message: dict[str, object]) -> int:
    """Bytes of a message as the server sends it."""
    return len(json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode())


@pytest.mark.parametrize("game", sorted(TABLES))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_message_of_a_table_of_six_is_one_a_client_accepts(game: str, seed: int) -> None:
    kind = TABLES[game]

    async def main() -> None:
        rooms = Rooms(FAST, seed=seed)
        ana, ben = Player(rooms, seed), Player(rooms, seed + 100)
        ana.person, _ = rooms.open("Ana", ana.link, labels="braille", game=game)
        room = ana.room
        ben.person, _ = rooms.join(room.code, "Bea", ben.link)
        for _ in range(kind.max_players - 2):
            ana.send({"type": "add_computer", "level": "easy"})
        ana.send({"type": "start"})
        zoe = Kept()
        rooms.join(room.code, "Zoe", zoe, labels="braille")
        rng = random.Random(seed)
        while room.phase != Phase.OVER:
            for player in (ana, ben):
                topic = rng.choice([*kind.commands, "log", "repeat", "who"])
                player.send({"type": "review", "topic": topic})
            await asyncio.sleep(0.02)
        await until(lambda: room.phase == Phase.OVER, 120)
        for link in (ana.link, ben.link, zoe):
            for message in link.messages:
                protocol.read_message(json.dumps(message, ensure_ascii=False), protocol.TO_CLIENT)
        print(f"\n{game}, seed {seed}: the largest message {max(size(m) for m in ana.link.messages + zoe.messages)} bytes")
        told = " ".join(ana.link.texts())
        assert told.endswith(ana.link.texts()[-1]) and "Game over" in told
        room.close()

    asyncio.run(main())
