"""Which code carries out each effect piece of the card vocabulary.

Every piece a card may use (``cards.pieces.VOCABULARY``) is registered here by the function
that implements it: an effect run when the card asks for it, or the rule check that consults
it (a colour lock is consulted by the play check, Endurance by the discard primitive).
``doomlings cards --check`` lists every card using a piece that nothing registered.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

HANDLERS: dict[tuple[str, str], Callable[..., Any]] = {}


def handles(slot: str, *piece_ids: str) -> Callable[[F], F]:
    """Register ``fn`` as the implementation of the given pieces of ``slot``."""

    def register(fn: F) -> F:
        for piece_id in piece_ids:
            key = (slot, piece_id)
            if key in HANDLERS:
                raise RuntimeError(f"{key} registered twice")
            HANDLERS[key] = fn
        return fn

    return register


def handler(slot: str, piece_id: str) -> Callable[..., Any]:
    return HANDLERS[(slot, piece_id)]
