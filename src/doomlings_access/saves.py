"""Saved games: small, exact, and never lost.

A save holds the setup (players, seed, options), who plays each seat, and the list of actions;
loading replays them, so a save is a few kilobytes and the game comes back exactly. Every
write goes to a temporary file that is flushed and synced, then renamed over the old save,
so a kill at any moment leaves either the old save or the new one, never half of one.
A broken save is moved aside (never overwritten or deleted) with a message naming the file
and what is wrong.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doomlings_access import __version__
from doomlings_access.cards import load_cards
from doomlings_access.rules import Choice, Game, Setup

FORMAT = 1
"""Version of the save format. Older formats are migrated or refused; newer ones are refused."""


class SaveFileError(ValueError):
    """A save cannot be used: the message names the file and what is wrong."""

    def __init__(self, path: Path, field: str | None, why: str) -> None:
        where = f"{path}: {field}" if field else str(path)
        super().__init__(f"{where}: {why}")
        self.path, self.field, self.why = path, field, why


def saves_dir() -> Path:
    folder = os.environ.get("DOOMLINGS_DATA_DIR")
    if folder:
        return Path(folder) / "saves"
    from platformdirs import user_data_dir

    return Path(user_data_dir("doomlings-access")) / "saves"


@dataclass
class Seats:
    """Who plays each seat: people, and the level of each computer seat."""

    humans: list[int]
    levels: dict[int, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"humans": self.humans, "levels": {str(k): v for k, v in self.levels.items()}}


@dataclass
class Saved:
    path: Path
    game: Game
    seats: Seats
    created: float
    updated: float


def new_save_path(folder: Path | None = None) -> Path:
    folder = folder or saves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"game-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"game-{stamp}-{n}.json"
        n += 1
    return path


def summary(game: Game) -> dict[str, Any]:
    return {
        "round": game.round.number,
        "era": game.era,
        "age": game.round.age.name if game.round.age else None,
        "catastrophes": [game.catastrophe(c).name for c in game.table.catastrophes],
        "over": game.is_over,
        "winners": [game.name(s) for s in game.winners],
    }


def write_save(path: Path, game: Game, seats: Seats, created: float | None = None) -> None:
    """Write the save atomically: temporary file, flush, fsync, rename, fsync the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    now = time.time()
    data = {
        "format": FORMAT,
        "program": __version__,
        "created": created or now,
        "updated": now,
        "setup": game.setup.to_json(),
        "seats": seats.to_json(),
        "actions": [a.to_json() for a in game.actions],
        "summary": summary(game),
    }
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh, separators=(",", ":"))
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    try:
        fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], path: Path) -> Any:
    if key not in data:
        raise SaveFileError(path, key, "missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveFileError(path, key, "has the wrong type")
    return value


def read_save(path: Path) -> Saved:
    """Load and replay a save; raises :class:`SaveFileError` naming the problem."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveFileError(path, None, f"cannot be read ({exc.strerror or exc})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveFileError(path, None, "is not text (corrupted)") from None
    except json.JSONDecodeError as exc:
        why = "is cut short (truncated)" if exc.pos >= len(raw.rstrip()) - 1 else "is not valid JSON"
        raise SaveFileError(path, None, f"{why}: line {exc.lineno}, column {exc.colno}") from None
    if not isinstance(data, dict):
        raise SaveFileError(path, None, "is not a saved game")
    version = _need(data, "format", int, path)
    if version > FORMAT:
        raise SaveFileError(path, "format", f"was made by a newer version of the program (format {version}); update to load it")
    if version < 1:
        raise SaveFileError(path, "format", f"format {version} is too old to migrate")
    unknown = set(data) - {"format", "program", "created", "updated", "setup", "seats", "actions", "summary"}
    if unknown:
        raise SaveFileError(path, sorted(unknown)[0], "is not a field of a saved game")
    try:
        setup = Setup.from_json(_need(data, "setup", dict, path))
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveFileError(path, "setup", f"is not a valid game setup ({exc})") from None
    seats_raw = _need(data, "seats", dict, path)
    try:
        humans = [int(h) for h in seats_raw.get("humans", [])]
        levels = {int(k): str(v) for k, v in seats_raw.get("levels", {}).items()}
    except (TypeError, ValueError, AttributeError):
        raise SaveFileError(path, "seats", "is not a list of seats") from None
    if any(not 0 <= h < len(setup.players) for h in humans) or any(v not in ("easy", "normal") for v in levels.values()):
        raise SaveFileError(path, "seats", "names a seat or level that does not exist")
    actions = _need(data, "actions", list, path)
    cards = load_cards(setup.options.edition)  # a fault in the card data is not the save's
    try:
        game = Game(cards, setup)
    except (ValueError, KeyError) as exc:
        raise SaveFileError(path, "setup", str(exc)) from None
    for i, raw_action in enumerate(actions):
        try:
            game.apply(Choice.from_json(raw_action))
        except ValueError as exc:
            raise SaveFileError(path, f"actions[{i}]", f"is not a legal move there ({exc})") from None
    created, updated = (
        float(value) if isinstance(value := data.get(key), (int, float)) else 0.0
        for key in ("created", "updated")
    )
    return Saved(path, game, Seats(humans, levels), created, updated)


def move_aside(path: Path) -> Path:
    """Keep a broken save under a new name, so it is never overwritten or deleted."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
        n += 1
    os.replace(path, target)
    return target


@dataclass
class Listed:
    path: Path
    players: list[str]
    round: int
    era: int
    age: str | None
    over: bool
    updated: float

    def line(self, n: int) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.updated))
        where = f"round {self.round}, era {self.era}" + (f", {self.age}" if self.age else "")
        state = "finished" if self.over else where
        return f"{n}. {', '.join(self.players)}: {state}; last played {when}. {self.path.name}"


def list_saves(folder: Path | None = None) -> tuple[list[Listed], list[Path]]:
    """Saved games, newest first, and the files that could not be read as saves."""
    folder = folder or saves_dir()
    found: list[Listed] = []
    problems: list[Path] = []
    if not folder.is_dir():
        return found, problems
    for path in folder.glob("*.json"):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            s = data["summary"]
            players = data["setup"]["players"]
            if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
                raise TypeError("players")
            found.append(
                Listed(path, players, int(s["round"]), int(s["era"]),
                       s.get("age"), bool(s["over"]), float(data.get("updated", 0)))
            )
        except (OSError, ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
            problems.append(path)
    found.sort(key=lambda item: item.updated, reverse=True)
    return found, problems
