"""Hook points: where a card in play or the round's age changes a rule.

Each rule-changing piece declares, in the card vocabulary, the hook point it plugs into
(``cards.pieces.HOOKS``). The rules ask a hook point by name and get the pieces in force that
plug into it, with the code registered for them, never testing a card's or a piece's name.

Traits are indexed once per game (:func:`index_traits`); the round's rules are indexed when an
age is revealed (:func:`index_round`).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, NamedTuple

from doomlings_access.cards.model import Piece, TraitDef
from doomlings_access.cards.pieces import HOOK_SLOTS, hook_of
from doomlings_access.rules.events import Cause
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


_BY_DEF: dict[int, tuple[TraitDef, Mapping[str, Hooked]]] = {}
"""Hook points of each trait definition (keyed by identity; the definition is kept alive)."""


def index_traits(defs: list[TraitDef]) -> list[Mapping[str, Hooked]]:
    """Per card instance, its hook points (shared between copies of one trait)."""
    out = []
    for d in defs:
        known = _BY_DEF.get(id(d))
        if known is None or known[0] is not d:
            known = _BY_DEF[id(d)] = (d, hooks_of_trait(d))
        out.append(known[1])
    return out


class CardIndex(NamedTuple):
    """What the rules look up about a game's card instances, worked out once per set of cards
    and shared between its games (none of it changes once made)."""

    hooks: list[Mapping[str, Hooked]]
    """Per card, its pieces by hook point."""
    hooked: dict[str, frozenset[int]]
    """Per hook point, the cards that plug into it (most checks are one set test)."""
    unconditional: list[bool]
    """Per card, whether only an age can stop it from being played (no requirement, not
    dominant)."""
    dominant: list[bool]
    """Per card, whether it is dominant (counted with ``sum(map(...))``, no Python loop)."""
    worlds_end: frozenset[int]
    """The cards with a World's End effect of their own."""
    trait_causes: dict[tuple[int, int | None], Cause]
    """Causes made for traits, filled as they are needed (a cause depends only on the cards)."""


_BY_DEFS: dict[tuple[int, ...], tuple[list[TraitDef], CardIndex]] = {}


def index_cards(defs: list[TraitDef]) -> CardIndex:
    """The :class:`CardIndex` of ``defs`` (kept for the usual decks)."""
    key = tuple(map(id, defs))
    known = _BY_DEFS.get(key)
    if known is not None:
        return known[1]
    hooks = index_traits(defs)
    found: dict[str, set[int]] = {}
    for card, by_hook in enumerate(hooks):
        for name in by_hook:
            found.setdefault(name, set()).add(card)
    index = CardIndex(
        hooks,
        {name: frozenset(cards) for name, cards in found.items()},
        [not d.dominant and not d.requires for d in defs],
        [d.dominant for d in defs],
        frozenset(card for card, d in enumerate(defs) if d.worlds_end),
        {},
    )
    if len(_BY_DEFS) < 64:  # the usual decks; sampled games relabel cards and are not kept
        _BY_DEFS[key] = (list(defs), index)
    return index


def index_round(pieces: Iterable[Piece]) -> dict[str, Hooked]:
    """The round's rule pieces, by hook name."""
    found: dict[str, list[tuple[Piece, Callable[..., Any]]]] = {}
    _index("round", pieces, found)
    return {k: tuple(v) for k, v in found.items()}


def round_pieces(g: Game, hook: str) -> list[Piece]:
    return [piece for piece, _ in g.round.rules.get(hook, ())]


def in_pile(g: Game, seat: int, hook: str) -> list[tuple[int, Piece, Callable[..., Any]]]:
    """Every (card, piece, code) of ``seat``'s trait pile that plugs into ``hook``."""
    pile = g.seats[seat].pile
    cards = g.hooked.get(hook)
    if cards is None or cards.isdisjoint(pile):
        return []
    hooks = g.hooks
    return [(c, piece, fn) for c in pile if c in cards for piece, fn in hooks[c][hook]]


def of_card(g: Game, card: int, hook: str) -> Hooked:
    return g.hooks[card].get(hook, ())
