"""A room written down, and the same room built again from what was written: what another
server needs to take a room over when the one that held it is gone.

What is written (by :mod:`.ledger`, before anyone hears of it) is small and exact, as a save
is: the table (its game, who sits where, who is host, house rules, each person's settings, the hash of
each person's seat key, never the key), the game's seed, every move applied, each person's
history and the number of their last message, and the moments each person was told the news
(so that their narration, rebuilt, has told exactly what they heard). Building again is
replaying, as a save is resumed: the same seed, the same moves, the same game.

Nothing here knows where the writing is kept.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from doomlings_access.games import DEFAULT, TABLES
from doomlings_access.kernel.decisions import Choice
from doomlings_access.online.kinds import Table
from doomlings_access.online.rooms import MAX_HISTORY, Computer, Person, Phase, Role, Room, Rooms


def digest(game: Table) -> str:
    """A short fingerprint of a game's whole state: two processes, or a process and a replay
    of what it wrote, hold the same game when their fingerprints agree."""
    text = json.dumps(game.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def table(room: Room, pid: Callable[[Person], int]) -> dict[str, Any]:
    """The table of ``room`` as JSON (``pid``: each person's number, the same for the
    room's life, kept across servers)."""
    return {
        "game": room.kind.name,
        "phase": str(room.phase),
        "locked": room.locked,
        "house_rules": list(room.house_rules),
        "seed": room.seed,
        "host": pid(room.host) if room.host is not None else None,
        "lineup": [{"person": pid(e)} if isinstance(e, Person) else {"computer": e.name, "level": e.level}
                   for e in room.lineup],
        "watchers": [pid(w) for w in room.watchers],
        "people": {str(pid(p)): {"name": p.name, "key": p.key.hex(), "role": str(p.role), "labels": p.labels,
                                 "verbosity": p.verbosity, "any_time": p.any_time, "seat": p.seat}
                   for p in room.people},
    }


@dataclass
class Written:
    """Everything written of one room, read back in order (:meth:`add` for each batch)."""

    table: dict[str, Any] | None = None
    moves: list[dict[str, Any]] = field(default_factory=list)
    said: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    seqs: dict[int, int] = field(default_factory=dict)
    tells: list[tuple[int, int, int | None]] = field(default_factory=list)
    """(person, moves applied, turns begun in what they had been told) at each moment someone
    was told the news, in order (the turns: None when written by a server that held no turn
    back, which told all there was)."""
    closed: bool = False
    last: int = -1
    """The number of the last batch read (a batch written twice, when the reply to the first
    write was lost, is read once)."""

    def add(self, batch: dict[str, Any]) -> None:
        """One batch as :mod:`.ledger` writes it."""
        n = batch.get("n", self.last + 1)
        if n <= self.last:
            return
        self.last = n
        if batch.get("closed"):
            self.closed = True
        if "table" in batch:
            self.table = batch["table"]
        start = batch.get("from", len(self.moves))
        if start != len(self.moves):
            raise ValueError(f"moves from {start} follow {len(self.moves)} moves")
        self.moves.extend(batch.get("moves", []))
        for pid, message in batch.get("said", []):
            self.said.setdefault(int(pid), []).append(message)
        for pid, seq in batch.get("seqs", {}).items():
            self.seqs[int(pid)] = seq
        for pid, n, *turns in batch.get("tells", []):
            self.tells.append((int(pid), int(n), int(turns[0]) if turns else None))


def read(batches: Iterable[dict[str, Any]]) -> Written:
    written = Written()
    for batch in batches:
        written.add(batch)
    return written


def rebuild(code: str, rooms: Rooms, written: Written) -> tuple[Room, dict[int, Person]]:
    """The room ``code`` as written, in ``rooms`` (its game replayed move by move, its people
    away until they come back with their keys), and its people by number. ValueError when
    what is written does not make a room."""
    if written.table is None or written.closed:
        raise ValueError("no room is written there")
    t = written.table
    game = t.get("game", DEFAULT)  # (a room written before games had names: Doomlings)
    if game not in TABLES:
        raise ValueError(f"no game {str(game)[:20]!r} is served here")
    room = Room(code, rooms, game)
    people: dict[int, Person] = {}
    now = time.monotonic()
    for pid_text, p in t["people"].items():
        pid = int(pid_text)
        person = Person(p["name"], bytes.fromhex(p["key"]), Role(p["role"]), room, None, p["labels"], p["verbosity"])
        person.any_time, person.seat = p["any_time"], p["seat"]
        person.seq = person.away_seq = written.seqs.get(pid, 0)
        person.history = deque(written.said.get(pid, []), maxlen=MAX_HISTORY)
        person.away_since = now
        people[pid] = person
    room.lineup = [people[e["person"]] if "person" in e else Computer(e["computer"], e["level"]) for e in t["lineup"]]
    room.watchers = [people[w] for w in t["watchers"]]
    room.host = people.get(t["host"]) if t["host"] is not None else None
    room.house_rules, room.locked, room.phase = list(t["house_rules"]), t["locked"], Phase(t["phase"])
    if t["seed"] is not None:
        _replay(room, t["seed"], written, people)
    rooms.rooms[code] = room
    return room, people


def _replay(room: Room, seed: int, written: Written, people: dict[int, Person]) -> None:
    """The game begun again with its seed, each person's narration told at the moments it was
    told, every move applied in order."""
    room.begin(seed)
    game = room.game
    assert game is not None
    for person in people.values():
        person.listener = room.kind.listener(person.seat if person.role is Role.PLAYER else None, person.verbosity,
                                             person.labels)
    applied = 0
    for pid, moves, turns in written.tells:
        while applied < min(moves, len(written.moves)):
            game.apply(Choice.from_json(written.moves[applied]))
            applied += 1
        listener = people[pid].listener if pid in people else None
        if listener is not None:
            listener.news(game, room.levels, None if turns is None else turns + 1)  # told then: heard already
    for move in written.moves[applied:]:
        game.apply(Choice.from_json(move))
    room.all_noticed()
