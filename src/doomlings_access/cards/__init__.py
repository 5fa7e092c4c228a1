"""Card definitions: the data model, the effect-piece vocabulary and the validating loader."""

from doomlings_access.cards.loader import CardDataError, load_cards
from doomlings_access.cards.model import (
    COLOURS,
    REAL_COLOURS,
    AgeDef,
    CardSet,
    CatastropheDef,
    Piece,
    TraitDef,
)

__all__ = [
    "COLOURS",
    "REAL_COLOURS",
    "AgeDef",
    "CardDataError",
    "CardSet",
    "CatastropheDef",
    "Piece",
    "TraitDef",
    "load_cards",
]
