"""Positions anyone can set up: where every card is, and where in the game play starts.

A :class:`Position` names cards by id (``"tiny"``, ``"ice_age"``); the engine gives each
the first free card of that trait. It is the one public way to start a game anywhere but at
the deal: rules tests, the scorer, teachers' scenarios and bug reports all use it, through
``Setup(players, seed, options, position=...)``.

>>> from doomlings_access.cards import load_cards
>>> from doomlings_access.rules import Game, Setup
>>> pos = Position(hands=(("tiny", "kidney"), ("quick",)), revealed=("the_birth_of_life",),
...                age="the_birth_of_life")
>>> game = Game(load_cards(), Setup(("Ana", "Ben"), 1, position=pos))
>>> game.pending.reason == "play_trait"
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from doomlings_access.rules.options import MAX_PLAYERS

STARTS = ("turn", "round", "worlds_end")
PLAYS = ("game", "round", "turn")
REST_OF_DECK = ("shuffled", "in_order", "out")
RANDOM_PICKS = ("seeded", "ask")

MAX_CARDS = 200
"""More cards than any table holds (two decks' worth): a longer list is refused, in a position
file or inside a save (where a list of 100,000 cards made resuming hang)."""
MAX_ID = 80
"""Longer than any card id."""

GENE_POOL_RANGE = (0, 12)
"""The gene pools a described position may give (play keeps them to 1 to 8; a tally may be off)."""


class PositionError(ValueError):
    """A position that cannot be set up; the message names the field."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"{field}: {why}")
        self.field, self.why = field, why

    @property
    def setup_field(self) -> str:
        """The field as a setup names it: ``position.hands[1]`` (a save's ``setup.position``)."""
        return self.field if self.field == "position" else f"position.{self.field}"


@dataclass(frozen=True)
class Position:
    """A described position. Seats are given in seat order; cards by their ids."""

    hands: tuple[tuple[str, ...], ...] = ()
    piles: tuple[tuple[str, ...], ...] = ()
    gene_pools: tuple[int, ...] = ()
    """One per seat (5 when not given)."""
    deck: tuple[str, ...] = ()
    """The top of the trait deck, top card first; every trait placed nowhere else follows."""
    rest_of_deck: str = "shuffled"
    """``shuffled`` with the game's seed, ``in_order`` (card-data order, last card on top), or
    ``out``: the deck is exactly ``deck`` and the other traits are left out of the game."""
    discard: tuple[str, ...] = ()
    """The discard pile, bottom first (the last is on top)."""
    revealed: tuple[str, ...] = ()
    """Ages and catastrophes revealed so far, in order (the round's own card included)."""
    catastrophes: tuple[str, ...] | None = None
    """Catastrophes so far, in order; by default those in ``revealed``."""
    age: str | None = None
    """The age whose round is under way, when play starts at a turn (its rules apply)."""
    age_deck: tuple[str, ...] | None = None
    """The ages and catastrophes to come, top first; by default dealt from the unrevealed ones."""
    first_player: int = 0
    start: str = "turn"
    """``turn`` (a turn of the round under way), ``round`` (reveal the next card) or ``worlds_end``."""
    turn: int | None = None
    """Whose turn starts (``start="turn"``); by default the round's first turn."""
    play: str = "game"
    """How much is played: the whole ``game``, the ``round``, or one ``turn``."""
    denial_spent: tuple[str, ...] = ()
    """Traits whose one-time catastrophe protection has been used."""
    protected: tuple[int, ...] = ()
    """Seats the catastrophe under way (or the final one, at World's End) does nothing to."""
    random_picks: str = "seeded"
    """``seeded``, or ``ask``: random picks and cards drawn for points are asked (the scorer)."""
    tie_break_draws: bool = True
    """Whether tied leaders draw a trait to break the tie."""

    def __post_init__(self) -> None:
        for name, allowed in (
            ("start", STARTS),
            ("play", PLAYS),
            ("rest_of_deck", REST_OF_DECK),
            ("random_picks", RANDOM_PICKS),
        ):
            if getattr(self, name) not in allowed:
                raise PositionError(name, f"must be one of {', '.join(allowed)}")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        default = Position()
        for f in fields(self):
            value = getattr(self, f.name)
            if value == getattr(default, f.name):
                continue
            if isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            out[f.name] = value
        return out

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """Read a position written by :meth:`to_json` (errors name the field)."""
        if not isinstance(data, dict):
            raise PositionError("position", "expected an object")
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise PositionError(str(key)[:40], "unknown field")
            values[key] = _field(key, value)
        return cls(**values)


_NESTED = {"hands", "piles"}
_TEXTS = {"deck", "discard", "revealed", "catastrophes", "age_deck", "denial_spent"}
_INTS = {"gene_pools", "protected"}


def _field(key: str, value: Any) -> Any:
    if key in _NESTED:
        if not isinstance(value, list) or len(value) > MAX_PLAYERS or not all(
            isinstance(v, list) and _card_ids(v) for v in value
        ):
            raise PositionError(
                key, f"expected a list (one per seat) of lists of at most {MAX_CARDS} card ids"
            )
        return tuple(tuple(v) for v in value)
    if key in _TEXTS:
        if value is None and key in ("catastrophes", "age_deck"):
            return None
        if not isinstance(value, list) or not _card_ids(value):
            raise PositionError(key, f"expected a list of at most {MAX_CARDS} card ids")
        return tuple(value)
    if key in _INTS:
        if not isinstance(value, list) or len(value) > MAX_PLAYERS or not all(_is_int(v) for v in value):
            raise PositionError(key, f"expected a list of at most {MAX_PLAYERS} whole numbers")
        low, high = GENE_POOL_RANGE if key == "gene_pools" else (0, 5)
        for i, v in enumerate(value):
            if not low <= v <= high:
                raise PositionError(f"{key}[{i}]", f"must be {low} to {high}")
        return tuple(value)
    if key in ("first_player", "turn"):
        if value is None and key == "turn":
            return None
        if not _is_int(value):
            raise PositionError(key, "expected a seat number")
        return value
    if key == "tie_break_draws":
        if not isinstance(value, bool):
            raise PositionError(key, "expected true or false")
        return value
    if key == "age":
        if value is not None and not isinstance(value, str):
            raise PositionError(key, "expected an age id")
        return value
    if not isinstance(value, str):
        raise PositionError(key, "expected text")
    return value


def _card_ids(value: list[Any]) -> bool:
    """Whether ``value`` could be a list of card ids (not too many, none too long)."""
    return len(value) <= MAX_CARDS and all(isinstance(c, str) and len(c) <= MAX_ID for c in value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
