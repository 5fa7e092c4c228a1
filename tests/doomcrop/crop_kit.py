"""Helpers for the Doomcrop tests: tables written compactly, played through the position format.

A grid is written as three rows, front first, each three cards left to right as its owner sits;
a card marked ``^`` is face up, ``*`` face down but known to everybody, ``-`` an empty place:
``"7C QH^ 2S / 4D 9S KH / 3C 5H AD"``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

from doomlings_access.doomcrop import Choice, Game, Setup, read_position
from doomlings_access.doomcrop.events import Event
from doomlings_access.doomcrop.places import SPOT_NAMES, spot_by_name
from doomlings_access.doomcrop.random_player import choose

NAMES = ("Ana", "Ben", "Cy", "Di", "Ed", "Flo")
FILLER = "2C 3C 4C / 5C 6C 7C / 8C 9C 10C"


def player(name: str, grid: str | None = None, **more: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, **more}
    if grid is None:
        return out
    rows = [r.split() for r in grid.split("/")]
    assert len(rows) == 3 and all(len(r) == 3 for r in rows), grid
    face_up, known = [], []
    for key, row in zip(("front", "middle", "back"), rows):
        cells: list[str | None] = []
        for i, cell in enumerate(row):
            name_ = SPOT_NAMES[("front", "middle", "back").index(key) * 3 + i]
            if cell == "-":
                cells.append(None)
                continue
            if cell.endswith("^"):
                face_up.append(name_)
            elif cell.endswith("*"):
                known.append(name_)
            cells.append(cell.rstrip("^*"))
        out[key] = cells
    if face_up:
        out["face_up"] = face_up
    if known:
        out["known_to_all"] = known
    return out


def table(*grids: str, draw: str = "", rest: str = "out", turn: int = 0, file: str = "test.json", **more: Any) -> Game:
    """A game at the start of seat ``turn``'s turn, grids given seat by seat (discards as
    ``discards=[...]``); the Draw pile is ``draw`` (top first) and, by default, nothing else."""
    discards = more.pop("discards", None)
    players = []
    for seat, grid in enumerate(grids):
        extra = {"discard": discards[seat].split()} if discards and discards[seat] else {}
        players.append(player(NAMES[seat], grid, **extra))
    data = {"players": players, "draw_pile": draw.split(), "rest_of_deck": rest, "turn": NAMES[turn], **more}
    return Game(read_position(json.dumps(data), file))


def setup_of(data: dict[str, Any], file: str = "test.json") -> Setup:
    return read_position(json.dumps(data), file)


def place(seat: int, name: str) -> int:
    spot = spot_by_name(name)
    assert spot is not None, name
    return seat * 9 + spot


def answer(game: Game, *values: Any) -> list[Event]:
    """Answer the pending decisions with ``values`` in turn (each must be an option)."""
    events: list[Event] = []
    for value in values:
        d = game.pending
        assert d is not None, f"no question for {value!r}"
        assert value in d.options, f"{value!r} not in {d.reason}: {d.options}"
        events.extend(game.apply(Choice(d.player, value)))
    return events


def card_at(game: Game, where: int) -> str | None:
    slot = game.state.grids[where // 9][where % 9]
    return None if slot is None else slot.card.code


def up(game: Game, where: int) -> bool:
    slot = game.state.grids[where // 9][where % 9]
    return slot is not None and slot.up


def discard(game: Game, seat: int) -> list[str]:
    return [c.code for c in game.state.discards[seat]]


def of_type(events: Iterable[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def play_randomly(game: Game, rng: random.Random, limit: int = 20000) -> int:
    """Random answers from each seat's view until the end; how many were given."""
    count = 0
    while game.pending is not None:
        game.apply(choose(game.view(game.pending.player), rng))
        count += 1
        assert count < limit, "the game did not end"
    return count
