"""Hook points: where a card in play or the round's age changes a rule.

Each rule-changing piece declares, in the card vocabulary, the hook point it plugs into
(``cards.pieces.HOOKS``). The rules ask a hook point by name and get the pieces in force that
plug into it, with the code registered for them, never testing a card's or a piece's name.

Traits are indexed once per set of cards (:func:`index_cards`); the round's rules are indexed
when an age is revealed (:func:`index_round`).
"""

from __future__ import annotations

from itertools import compress
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from doomlings_access.cards.model import COLOURS, Piece, TraitDef
from doomlings_access.cards.pieces import Hook, HOOK_SLOTS, hook_of
from doomlings_access.rules.events import Cause
from doomlings_access.rules.registry import REGISTRY
from doomlings_access.rules.state import Hooked, RoundRules

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


class TraitFacts(NamedTuple):
    """What the rules look up about one trait definition (the same for all its copies)."""

    hooks: Mapping[str, Hooked]
    unconditional: bool
    dominant: bool
    worlds_end: bool
    of_colour: tuple[bool, ...]
    """Whether it is of each of :data:`COLOURS`, as printed."""
    positive: bool
    """Whether its face value is above 0."""
    checks: Hooked
    """Its requirements, each with the code that checks it."""
    quiet: bool
    """Whether playing it from the hand in a turn does no more than put it in a pile: no
    requirement, action or effect on play, no choice of pile, no gene pool change. (A dominant
    may be quiet: a turn offers it only when the pile has room for it, so the limit that
    :func:`.play.play_trait` tests again cannot refuse it there.)"""


_FACTS: dict[int, TraitFacts] = {}
"""The facts of each trait definition, by identity (a lookup in C for a whole deck)."""
_KEPT: list[TraitDef] = []
"""Every definition in :data:`_FACTS`, kept alive so that no other object can take its id."""


def facts_of(d: TraitDef) -> TraitFacts:
    facts = _FACTS.get(id(d))
    if facts is None:
        hooks = hooks_of_trait(d)
        facts = TraitFacts(
            hooks,
            not d.dominant and not d.requires,
            d.dominant,
            bool(d.worlds_end),
            tuple(colour in d.colours for colour in COLOURS),
            d.face_value > 0,
            tuple((piece, REGISTRY[("requires", piece.effect)]) for piece in d.requires),
            not (d.requires or d.action or d.on_play)
            and Hook.DESTINATION not in hooks
            and Hook.PILE_GENE_POOL not in hooks,
        )
        _KEPT.append(d)
        _FACTS[id(d)] = facts
    return facts


class CardIndex:
    """What the rules look up about a game's card instances: per card, the facts of its trait,
    and for each hook point the cards that plug into it (most checks are one set test, in C).

    Shared by every game of the same cards, and read only, but for two caches filled as they
    are asked (:attr:`card_sets`, :attr:`trait_causes`), which depend on the cards alone."""

    __slots__ = (
        "hooks", "hooked", "unconditional", "worlds_end", "of_colour", "dominants", "positive",
        "card_sets", "checks", "trait_causes", "requiring", "quiet", "responders", "late",
        "turn_starters", "destined", "gene_pool_traits", "green_reactors", "protectors",
        "at_worlds_end", "replacers",
    )

    def __init__(self, facts: Sequence[TraitFacts]) -> None:
        hooks, unconditional, dominant, ends, colours, positive, checks, quiet = zip(*facts) if facts else ((),) * 8
        found: dict[str, set[int]] = {}
        for card, by_hook in enumerate(hooks):
            for name in by_hook:
                found.setdefault(name, set()).add(card)
        ids = range(len(facts))
        self.hooks: Sequence[Mapping[str, Hooked]] = hooks
        """Per card, its pieces by hook point."""
        self.hooked: dict[str, frozenset[int]] = {name: frozenset(cards) for name, cards in found.items()}
        """Per hook point, the cards that plug into it."""
        self.unconditional: Sequence[bool] = unconditional
        """Per card, whether only an age can stop it from being played (no requirement, not
        dominant)."""
        self.worlds_end = frozenset(compress(ids, ends))
        """The cards with a World's End effect of their own."""
        self.of_colour: dict[str, Sequence[bool]] = (
            dict(zip(COLOURS, zip(*colours))) if facts else {c: () for c in COLOURS}
        )
        """Per colour (colourless included), per card: whether the card is of it as printed."""
        self.dominants = frozenset(compress(ids, dominant))
        """The dominant cards: a pile's are counted by one intersection, in C."""
        self.positive: Sequence[bool] = positive
        """Per card, whether its face value is above 0."""
        self.card_sets: dict[str, frozenset[int]] = {}
        """Sets of cards made when first asked (see :func:`card_set`)."""
        self.checks: Sequence[Hooked] = checks
        """Per card, its requirements with the code that checks each (no lookup per check)."""
        self.trait_causes: dict[tuple[int, int | None], Cause] = {}
        """Causes made for traits, filled as they are needed (a cause depends only on the cards)."""
        self.requiring = frozenset(compress(ids, checks))
        """The cards with a requirement: a hand without them, and without dominants or with
        room for one, is playable as it is, found by set tests."""
        self.quiet = frozenset(compress(ids, quiet))
        """The cards whose play does no more than put them in a pile (:attr:`TraitFacts.quiet`)."""
        none: frozenset[int] = frozenset()
        self.responders = self.hooked.get(Hook.RESPONSE, none)
        """Cards that may be played in answer to another player's trait."""
        self.late = self.hooked.get(Hook.AFTER_STABILIZING, none)
        """Cards that may be played once their owner has stabilized."""
        self.at_worlds_end = self.hooked.get(Hook.AT_WORLDS_END, none)
        """Cards that may be played from the hand at World's End."""
        self.turn_starters = self.hooked.get(Hook.TRAIT_TURN_START, none)
        """Cards that do something at the start of their owner's turn."""
        self.destined = self.hooked.get(Hook.DESTINATION, none)
        """Cards whose player chooses whose pile they go to."""
        self.gene_pool_traits = self.hooked.get(Hook.PILE_GENE_POOL, none)
        """Cards that change their owner's gene pool while in a pile."""
        self.green_reactors = self.hooked.get(Hook.AFTER_GREEN_PLAYED, none)
        """Cards that may act when their owner plays a green trait."""
        self.protectors = self.hooked.get(Hook.CATASTROPHE_PROTECTION, none)
        """Cards that keep their owner out of a catastrophe."""
        self.replacers = self.hooked.get(Hook.AFTER_TRAIT_DISCARDED, none)
        """Cards that may replace a trait discarded from their pile."""


_BY_DEFS: dict[tuple[int, ...], tuple[list[TraitDef], CardIndex]] = {}
_BY_TUPLE: dict[int, tuple[tuple[TraitDef, ...], CardIndex]] = {}
"""Indexes of card sets' own tuples of instances, by identity (no key of every card to build
and hash for each new game)."""


def index_cards(defs: Sequence[TraitDef]) -> CardIndex:
    """The :class:`CardIndex` of ``defs``, kept and given to every game of the same cards (a
    card set's own tuple is found by identity, with no key of every card to build)."""
    if type(defs) is tuple:
        same = _BY_TUPLE.get(id(defs))
        if same is not None and same[0] is defs:
            return same[1]
    key = tuple(map(id, defs))
    known = _BY_DEFS.get(key)
    if known is not None:
        if type(defs) is tuple and len(_BY_TUPLE) < 64:
            _BY_TUPLE[id(defs)] = (defs, known[1])
        return known[1]
    try:
        facts = list(map(_FACTS.__getitem__, map(id, defs)))
    except KeyError:  # a definition met for the first time
        facts = list(map(facts_of, defs))
    index = CardIndex(facts)
    if len(_BY_DEFS) < 64:
        _BY_DEFS[key] = (list(defs), index)
    return index


MOVABLE = "movable "
"""Prefix of :func:`card_set`'s keys for the cards of a kind that are not dominant."""


def card_set(g: Game, key: str) -> frozenset[int]:
    """The cards of a kind, as a set to test a pile against in C: ``key`` is a colour (the
    cards of it as printed) or ``positive`` (face value above 0), and with :data:`MOVABLE`
    before it the cards of that kind that are not dominant (that may leave a pile). Made
    once per card index, when first asked."""
    sets = g.index.card_sets
    found = sets.get(key)
    if found is None:
        kind = key.removeprefix(MOVABLE)
        flags = g.index.positive if kind == "positive" else g.index.of_colour[kind]
        found = frozenset(compress(range(len(flags)), flags))
        if kind != key:
            found -= g.index.dominants
        sets[key] = found
    return found


def index_round(pieces: Iterable[Piece]) -> RoundRules:
    """The round's rules: its pieces by hook point, each with its code."""
    found: dict[str, list[tuple[Piece, Callable[..., Any]]]] = {}
    _index("round", pieces, found)
    return RoundRules(**{str(hook): tuple(v) for hook, v in found.items()})


def in_pile(g: Game, seat: int, hook: str) -> list[tuple[int, Piece, Callable[..., Any]]]:
    """Every (card, piece, code) of ``seat``'s trait pile that plugs into ``hook``."""
    pile = g.seats[seat].pile
    cards = g.index.hooked.get(hook)
    if cards is None or cards.isdisjoint(pile):
        return []
    hooks = g.index.hooks
    return [(c, piece, fn) for c in pile if c in cards for piece, fn in hooks[c][hook]]


def of_card(g: Game, card: int, hook: str) -> Hooked:
    return g.index.hooks[card].get(hook, ())
