"""Hook points: where a card in play or the round's age changes a rule.

Each rule-changing piece declares, in the card vocabulary, the hook point it plugs into
(``cards.pieces.HOOKS``). The rules ask a hook point by name and get the pieces in force that
plug into it, with the code registered for them, never testing a card's or a piece's name.

Traits are indexed once per game (:func:`index_traits`); the round's rules are indexed when an
age is revealed (:func:`index_round`).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from doomlings_access.cards.model import Piece, TraitDef
from doomlings_access.cards.pieces import HOOK_SLOTS, hook_of
from doomlings_access.rules.registry import REGISTRY
from doomlings_access.rules.state import Hooked

if TYPE_CHECKING:
    from doomlings_access.rules.game import Game

NONE: Mapping[str, Hooked] = MappingProxyType({})


def _index(slot: str, pieces: Iterable[Piece], into: dict[str, list[tuple[Piece, Callable[..., Any]]]]) -> None:
    for piece in pieces:
        name = hook_of(slot, piece.effect)
        if name is not None:
            into.setdefault(name, []).append((piece, REGISTRY[(slot, piece.effect)]))


def hooks_of_trait(d: TraitDef) -> Mapping[str, Hooked]:
    """A trait's hook points: its persistent and out-of-turn pieces, by hook name."""
    found: dict[str, list[tuple[Piece, Callable[..., Any]]]] = {}
    for slot in HOOK_SLOTS:
        if slot != "round":
            _index(slot, getattr(d, slot), found)
    if not found:
        return NONE
    return MappingProxyType({k: tuple(v) for k, v in found.items()})


def index_traits(defs: list[TraitDef]) -> list[Mapping[str, Hooked]]:
    """Per card instance, its hook points (shared between copies of one trait)."""
    by_def: dict[int, Mapping[str, Hooked]] = {}
    out = []
    for d in defs:
        key = id(d)
        if key not in by_def:
            by_def[key] = hooks_of_trait(d)
        out.append(by_def[key])
    return out


def index_round(pieces: Iterable[Piece]) -> dict[str, Hooked]:
    """The round's rule pieces, by hook name."""
    found: dict[str, list[tuple[Piece, Callable[..., Any]]]] = {}
    _index("round", pieces, found)
    return {k: tuple(v) for k, v in found.items()}


def round_pieces(g: Game, hook: str) -> list[Piece]:
    return [piece for piece, _ in g.round.rules.get(hook, ())]


def in_pile(g: Game, seat: int, hook: str) -> list[tuple[int, Piece, Callable[..., Any]]]:
    """Every (card, piece, code) of ``seat``'s trait pile that plugs into ``hook``."""
    hooks = g.hooks
    return [(c, piece, fn) for c in g.seats[seat].pile for piece, fn in hooks[c].get(hook, ())]


def of_card(g: Game, card: int, hook: str) -> Hooked:
    return g.hooks[card].get(hook, ())
