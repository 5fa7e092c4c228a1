"""The setup of a Doomcrop game (who plays, the seed of its chance, the options, and for a
described table its position), and reading a position file into one.

>>> setup = read_position('''{"players": [
...   {"name": "Ana", "front": ["7C", "2H", "3H"], "middle": ["4H", "5H", "6H"], "back": ["7H", "8H", "9H"]},
...   {"name": "Ben", "front": ["2S", "3S", "4S"], "middle": ["5S", "6S", "7S"], "back": ["8S", "9S", "10S"]}]}''',
...   "two.json")
>>> setup.players, setup.position.seats[0].grid[0].code
(('Ana', 'Ben'), '7C')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from doomlings_access.doomcrop.options import HAND, MAX_PLAYERS, MIN_PLAYERS, Options, SetupError
from doomlings_access.doomcrop.position import MAX_TEXT, Position, PositionError, check, whole


@dataclass(frozen=True)
class Setup:
    """Everything that, with the answers given, describes a game: who plays, the seed of its
    chance, the options, and (for a described position) where it starts."""

    players: tuple[str, ...]
    seed: int
    options: Options = field(default_factory=Options)
    position: Position | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.players, tuple) or not all(
            isinstance(p, str) and p.strip() and len(p) <= 40 for p in self.players
        ):
            raise SetupError("players", "must be a list of names of at most 40 characters")
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            raise SetupError("players", f"Doomcrop is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if len(set(self.players)) != len(self.players):
            raise SetupError("players", "player names must differ")
        if not whole(self.seed):
            raise SetupError("seed", "must be a whole number")
        if self.options.cards <= HAND * len(self.players):
            raise SetupError(
                "options.decks",
                f"{self.options.cards} cards cannot deal {HAND} to each of {len(self.players)} players "
                "and leave a Draw pile: add a deck",
            )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"players": list(self.players), "seed": self.seed, "options": self.options.to_json()}
        if self.position is not None:
            out["position"] = self.position.to_json()
        return out

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        if not isinstance(data, dict):
            raise SetupError("setup", "must be an object")
        unknown = set(data) - {"players", "seed", "options", "position"}
        if unknown:
            raise SetupError(str(min(unknown))[:40], "is not a field of a game setup")
        for key in ("players", "seed"):
            if key not in data:
                raise SetupError(key, "is missing")
        players = data["players"]
        if not isinstance(players, list) or len(players) > MAX_PLAYERS:
            raise SetupError("players", f"must be a list of {MIN_PLAYERS} to {MAX_PLAYERS} names")
        position = None
        if data.get("position") is not None:
            try:
                position = Position.from_json(data["position"], tuple(players))
            except PositionError as exc:
                raise SetupError(f"position.{exc.field}", exc.why) from None
        return cls(tuple(players), data["seed"], Options.from_json(data.get("options", {})), position)


def read_position(text: str, file: str) -> Setup:
    """The setup a position file describes; a :class:`PositionError` names ``file`` and the field."""
    try:
        return _read(text)
    except PositionError as exc:
        raise PositionError(exc.field, exc.why, file) from None
    except SetupError as exc:
        raise PositionError(exc.field, exc.why, file) from None


def _read(text: str) -> Setup:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise PositionError("file", f"is longer than {MAX_TEXT} characters")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError("file", f"is not JSON (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise PositionError("file", "nests too deep") from None
    if not isinstance(data, dict):
        raise PositionError("file", "must hold one JSON object")
    data = dict(data)
    game = data.pop("game", "doomcrop")
    if game != "doomcrop":
        raise PositionError("game", "must be doomcrop")
    seed = data.pop("seed", 1)
    if not whole(seed) or not -(2**63) <= seed < 2**63:
        raise PositionError("seed", "must be a whole number")
    options = Options.from_json(data.pop("options", {}))
    players = data.get("players")
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise PositionError("players", f"must be a list of {MIN_PLAYERS} to {MAX_PLAYERS} players")
    names = []
    for i, p in enumerate(players):
        name = p.get("name") if isinstance(p, dict) else None
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            raise PositionError(f"players[{i}].name", "must be a name of 1 to 40 characters")
        if name in names:
            raise PositionError(f"players[{i}].name", f"{name!r} is already a player")
        names.append(name)
    turn = data.get("turn")
    if isinstance(turn, str) and turn not in names:
        raise PositionError("turn", f"no player is named {turn[:40]!r}")
    position = Position.from_json(data, tuple(names))
    check(position, options)
    return Setup(tuple(names), seed, options, position)
