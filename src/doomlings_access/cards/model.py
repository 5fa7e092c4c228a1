"""Immutable card definitions, shared by every game (games keep their own card instances)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

REAL_COLOURS: tuple[str, ...] = ("blue", "green", "purple", "red")
"""The four colours. Colourless is not a colour for any colour-counting effect (rulebook)."""

COLOURS: tuple[str, ...] = REAL_COLOURS + ("colourless",)
COLOUR_LETTERS: Mapping[str, str] = MappingProxyType(
    {"blue": "b", "green": "g", "purple": "p", "red": "r", "colourless": "c"}
)


@dataclass(frozen=True, slots=True)
class Piece:
    """One named effect piece with its parameters, as written in ``card_data``."""

    effect: str
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def get(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)

    def __getitem__(self, name: str) -> Any:
        return self.params[name]


Pieces = tuple[Piece, ...]


@dataclass(frozen=True, slots=True)
class TraitDef:
    """A trait card as printed (one definition per distinct trait; ``copies`` in the deck)."""

    id: str
    name: str
    colours: tuple[str, ...]
    face: int | None
    """Printed face value; ``None`` for a variable (X) value."""
    dominant: bool
    copies: int
    label: str
    kinds: frozenset[str]
    text: str
    requires: Pieces = ()
    action: Pieces = ()
    on_play: Pieces = ()
    persistent: Pieces = ()
    out_of_turn: Pieces = ()
    worlds_end: Pieces = ()
    bonus: Pieces = ()
    face_value: int = field(init=False, compare=False, repr=False)
    """Face value as the rules count it: a variable (X) value is 0."""
    colourless: bool = field(init=False, compare=False, repr=False)
    real_colours: tuple[str, ...] = field(init=False, compare=False, repr=False)
    """Its colours, colourless left out (colourless is not a colour)."""
    has_effect: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # Worked out once: the rules ask these of every card, many times a turn.
        object.__setattr__(self, "face_value", 0 if self.face is None else self.face)
        object.__setattr__(self, "colourless", "colourless" in self.colours)
        object.__setattr__(
            self, "real_colours", tuple(c for c in self.colours if c != "colourless")
        )
        object.__setattr__(self, "has_effect", "effectless" not in self.kinds)

    @property
    def face_text(self) -> str:
        return "X" if self.face is None else str(self.face)

    @property
    def kind(self) -> str:
        return "trait"


@dataclass(frozen=True, slots=True)
class AgeDef:
    """An age card, or The Birth of Life."""

    id: str
    name: str
    label: str
    text: str
    in_deck: bool
    birth_of_life: bool = False
    round: Pieces = ()
    reveal: Pieces = ()

    @property
    def kind(self) -> str:
        return "age"


@dataclass(frozen=True, slots=True)
class CatastropheDef:
    """A catastrophe card: gene pool change, catastrophic effect and World's End effect."""

    id: str
    name: str
    label: str
    gene_pool: int
    catastrophic_text: str
    worlds_end_text: str
    catastrophic: Pieces = ()
    worlds_end: Pieces = ()

    @property
    def kind(self) -> str:
        return "catastrophe"


AnyCard = TraitDef | AgeDef | CatastropheDef


@dataclass(frozen=True)
class CardSet:
    """Every card of one edition, looked up by id."""

    edition: str
    traits: Mapping[str, TraitDef]
    ages: Mapping[str, AgeDef]
    catastrophes: Mapping[str, CatastropheDef]
    fingerprint: str = ""
    """The fingerprint of the card data the set was loaded from (``cards.shipped``), which a
    save names so that it is replayed under these very cards; "" for a set made in code."""

    def all_cards(self) -> list[AnyCard]:
        return [*self.traits.values(), *self.ages.values(), *self.catastrophes.values()]

    def by_id(self, card_id: str) -> AnyCard:
        for table in (self.traits, self.ages, self.catastrophes):
            if card_id in table:
                return table[card_id]
        raise KeyError(card_id)

    @functools.cached_property
    def trait_instances(self) -> tuple[TraitDef, ...]:
        """One entry per physical trait card, in card-data order: a card's number in a game."""
        return tuple(trait for trait in self.traits.values() for _ in range(trait.copies))

    @functools.cached_property
    def player_names_taken(self) -> frozenset[str]:
        """Every card's name and label, compared as player names are (as heard, and as seen:
        the look-alike keys): no player may be named like a card ("Tiny plays Tiny, db17"
        cannot be followed by ear, nor "Tіny" with a Cyrillic і told from the card by eye)."""
        from doomlings_access.safety.text import alike_keys, name_key

        texts = [text for card in self.all_cards() for text in (card.name, card.label)]
        return frozenset(name_key(text) for text in texts).union(*(alike_keys(text) for text in texts))

    @functools.cached_property
    def birth_of_life(self) -> AgeDef:
        """The age that starts every game (found once: each game's deal asks)."""
        return next(a for a in self.ages.values() if a.birth_of_life)
