"""Card definitions: the data model, the effect-piece vocabulary and the validating loader.

The names below are imported on first use (PEP 562), so that a quick look-up through
``doomlings_access.cards.index`` starts without building the data model.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # typing itself is not imported: look-ups start quickly
if TYPE_CHECKING:
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

_WHERE = {
    "CardDataError": "loader",
    "load_cards": "loader",
    "COLOURS": "model",
    "REAL_COLOURS": "model",
    "AgeDef": "model",
    "CardSet": "model",
    "CatastropheDef": "model",
    "Piece": "model",
    "TraitDef": "model",
}

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


def __getattr__(name: str) -> object:
    if name in _WHERE:
        value = getattr(import_module(f"doomlings_access.cards.{_WHERE[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'doomlings_access.cards' has no attribute {name!r}")
