"""The setup of a game: who plays, its seed, its options and, for a described table, its
position. With the list of answers it fully describes a game (a save holds the two)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from doomlings_access.rules.options import MAX_PLAYERS, Options, SetupError
from doomlings_access.rules.position import Position, PositionError


@dataclass(frozen=True)
class Setup:
    """Everything that, with the list of actions, fully describes a game.

    With a ``position``, the game starts from that described position instead of a new deal.
    """

    players: tuple[str, ...]
    seed: int
    options: Options = field(default_factory=Options)
    position: Position | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.players, tuple) or not all(
            isinstance(name, str) and name.strip() for name in self.players
        ):
            raise SetupError("players", "must be a list of names")
        if not 1 <= len(self.players) <= MAX_PLAYERS:
            raise SetupError("players", "Doomlings is for 2 to 6 players")
        if len(set(self.players)) != len(self.players):
            raise SetupError("players", "player names must differ")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": list(self.players),
            "seed": self.seed,
            "options": self.options.to_json(),
        }
        if self.position is not None:
            out["position"] = self.position.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        """The setup a save holds; :class:`SetupError` names the field at fault (KeyError for
        one missing)."""
        unknown = set(data) - {"players", "seed", "options", "position"}
        if unknown:
            raise SetupError(min(unknown)[:40], "is not a field of a game setup")
        players = data["players"]
        if not isinstance(players, list):
            raise SetupError("players", "must be a list of names")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SetupError("seed", "must be a whole number")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise SetupError("options", "must be an object")
        position = None
        if data.get("position") is not None:
            try:
                position = Position.from_json(data["position"])
            except PositionError as exc:
                raise SetupError(exc.setup_field, exc.why) from None
        return cls(tuple(players), seed, Options.from_json(options), position)
