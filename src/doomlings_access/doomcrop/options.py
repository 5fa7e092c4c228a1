"""Doomcrop's setup and its options: the optional rules, and the readings of open sentences.

Each reading option is one point where the text bears two fair readings
(``docs/doomcrop-rulings.md``); its default is the plainer one. The optional rules (more decks,
Jokers, Epic Techniques) are off by default, as "The standard 2-player Doomcrop game uses one
deck of playing cards with the Jokers removed."
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any


MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_DECKS = 4
HAND = 10
"""Cards dealt to each player: nine for the grid, the tenth discarded."""


def decks_for(players: int) -> int:
    """One deck for two players, as the standard game; one for each two beyond ("it is
    recommended to use multiple decks").

    >>> [decks_for(n) for n in range(2, 7)]
    [1, 2, 2, 3, 3]
    """
    return (players + 1) // 2


class SetupError(ValueError):
    """A setup the rules refuse; ``field`` names the part at fault (``options.decks``)."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"{field}: {why}")
        self.field, self.why = field, why


class Adjacency(StrEnum):
    """Which places are "adjacent" for the Hearts defence."""

    SIDES = "sides"
    """Sharing a side (up, down, left, right): the default."""
    AROUND = "around"
    """Sharing a side or a corner."""


class KingOrder(StrEnum):
    """The order of a King's attacks."""

    CHOSEN = "chosen"
    """Its player chooses which card flips next, the King's own attack among them: the default
    ("flip each of your facedown Number cards face-up, one-by-one")."""
    READING = "reading"
    """Front left to back right, the King attacking when its own place comes."""


_ENUMS: dict[str, type[StrEnum]] = {"hearts_adjacency": Adjacency, "king_order": KingOrder}


@dataclass(frozen=True)
class Options:
    """Optional rules and readings; the defaults are the standard game and the plainer readings."""

    decks: int = 1
    """Standard decks shuffled together into the Draw pile (Playing with Multiple Decks)."""
    jokers: int = 0
    """Jokers added (Playing with Jokers): up to two a deck."""
    epic_techniques: bool = False
    hearts_adjacency: Adjacency = Adjacency.SIDES
    hearts_helper_stays_up: bool = True
    """The Hearts card flipped to help stays face up, as flipped (the other reading: it turns
    face down again after the combat)."""
    king_order: KingOrder = KingOrder.CHOSEN
    ranked_faces: bool = False
    """For who goes first, discarded Faces rank Jack, Queen, King, Ace, Joker (the plainer
    reading: the rules rank Faces above Numbers and not among themselves, so they tie)."""

    def __post_init__(self) -> None:
        for name in ("decks", "jokers"):
            if not _whole(getattr(self, name)):
                raise SetupError(f"options.{name}", "must be a whole number")
        for name in ("epic_techniques", "hearts_helper_stays_up", "ranked_faces"):
            if not isinstance(getattr(self, name), bool):
                raise SetupError(f"options.{name}", "must be true or false")
        if not 1 <= self.decks <= MAX_DECKS:
            raise SetupError("options.decks", f"must be from 1 to {MAX_DECKS}")
        if not 0 <= self.jokers <= 2 * self.decks:
            raise SetupError("options.jokers", "must be from 0 to two for each deck")
        for name, kind in _ENUMS.items():
            if not isinstance(getattr(self, name), kind):
                raise SetupError(f"options.{name}", f"must be one of {', '.join(kind)}")

    @property
    def cards(self) -> int:
        return 52 * self.decks + self.jokers

    def to_json(self) -> dict[str, Any]:
        return {k: (str(v) if isinstance(v, StrEnum) else v) for k, v in asdict(self).items()}

    @classmethod
    def from_json(cls, data: Any) -> Options:
        if not isinstance(data, dict):
            raise SetupError("options", "must be an object")
        known = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise SetupError(f"options.{str(key)[:40]}", "unknown option")
            kind = _ENUMS.get(key)
            if kind is not None:
                if value not in set(kind):
                    raise SetupError(f"options.{key}", f"must be one of {', '.join(kind)}")
                value = kind(value)
            values[key] = value
        return cls(**values)

    def differences(self) -> tuple[str, ...]:
        """The options that differ from the standard game, for saying at the start."""
        default = Options()
        return tuple(f.name for f in fields(self) if getattr(self, f.name) != getattr(default, f.name))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
