"""Traits entering and leaving trait piles, and the traits that react to it.

Dominant traits never leave a pile; callers only offer non-dominant traits, and
:func:`removable` is the one place that decides what may leave.
"""

from __future__ import annotations

from itertools import filterfalse
from typing import TYPE_CHECKING, Callable

from doomlings_access.cards.pieces import Hook
from doomlings_access.rules.events import TRAIT, Cause, TraitDiscarded, TraitMoved, TraitReturned, TraitToHand
from doomlings_access.rules.hooks import MOVABLE, card_set, in_pile, of_card
from doomlings_access.rules.primitives import from_pile, to_discard, to_hand, to_pile

if TYPE_CHECKING:
    from doomlings_access.rules.game import Flow, Game


def trait_cause(g: Game, card: int, seat: int | None) -> Cause:
    """A trait as the cause of what follows (``seat``: whose trait it is, or who played it)."""
    causes = g.index.trait_causes
    key = (card, seat)
    cause = causes.get(key)
    if cause is None:
        cause = causes[key] = Cause(TRAIT, g.defs[card].id, seat, card)
    return cause


def colours_of(g: Game, card: int) -> tuple[str, ...]:
    """A trait's colours now (a World's End effect may have recoloured it)."""
    return g.ending.recolour.get(card) or g.defs[card].colours


def count_colour(g: Game, seat: int, colour: str) -> int:
    recolour = g.ending.recolour
    if not recolour:
        members = g.index.card_sets.get(colour) or card_set(g, colour)
        return len(members.intersection(g.seats[seat].pile))
    defs = g.defs
    return sum(1 for c in g.seats[seat].pile if colour in (recolour.get(c) or defs[c].colours))


def real_colours_in_pile(g: Game, seat: int) -> set[str]:
    if not g.ending.recolour:  # (the printed colours, colourless left out, found once per card)
        defs = g.defs
        return {col for c in g.seats[seat].pile for col in defs[c].real_colours}
    return {col for c in g.seats[seat].pile for col in colours_of(g, c) if col != "colourless"}


def piles_protected(g: Game) -> bool:
    """Whether the round's rules protect traits in piles from swaps, steals and discards."""
    return bool(g.round.rules.piles_protected)


def removable(g: Game, seat: int, test: Callable[[int], bool] | None = None) -> list[int]:
    """Traits of ``seat``'s pile that may leave it (never a dominant), optionally filtered.
    (Filtered in C, without a comprehension: effects ask it of pile after pile.)"""
    movable = filterfalse(g.index.dominants.__contains__, g.seats[seat].pile)
    return list(movable if test is None else filter(test, movable))


def any_removable(g: Game, seat: int, kind: str) -> bool:
    """Whether ``seat``'s pile holds a trait of ``kind`` (a colour, or ``positive``: see
    :func:`.hooks.card_set`) that may leave it (not dominant). A requirement that asks for
    one is checked every turn: one set test, in C."""
    key = MOVABLE + kind
    movable = g.index.card_sets.get(key) or card_set(g, key)
    return not movable.isdisjoint(g.seats[seat].pile)


def enter_pile(g: Game, seat: int, card: int) -> None:
    """Put a trait into a pile; its gene pool change applies (ignored past 1..8)."""
    to_pile(g, seat, card)
    if card in g.index.gene_pool_traits:
        for piece, fn in of_card(g, card, Hook.PILE_GENE_POOL):
            fn(g, seat, card, piece, 1)


def leave_pile(g: Game, seat: int, card: int) -> None:
    """Take a trait out of a pile; its gene pool change is always reversed, even past 1..8."""
    from_pile(g, seat, card)
    if card in g.index.gene_pool_traits:
        for piece, fn in of_card(g, card, Hook.PILE_GENE_POOL):
            fn(g, seat, card, piece, -1)


def move_trait(g: Game, card: int, from_seat: int, to_seat: int, how: str) -> None:
    """Steal, give, swap or trade: the trait goes from one pile to another.

    The move is told first; the gene pool changes it brings nest under it."""
    with g.rec.effect(g.rec.cause, TraitMoved, card, from_seat, to_seat, how):
        leave_pile(g, from_seat, card)
        enter_pile(g, to_seat, card)


def return_to_hand(g: Game, seat: int, card: int) -> None:
    """A trait goes back to its owner's hand."""
    with g.rec.effect(g.rec.cause, TraitToHand, seat, card):
        leave_pile(g, seat, card)
        to_hand(g, seat, card)


def discard_trait(g: Game, seat: int, card: int, random: bool = False, by: int | None = None) -> Flow:
    """Discard a trait from a pile (chosen ``by`` another player, if not by its owner).

    A trait may come straight back instead (hook ``discarded_from_pile``); once it is
    discarded, a trait of the pile, or the discarded one, may replace it (hook
    ``after_trait_discarded``).
    """
    index = g.index
    hooks = index.hooks[card]
    for piece, stays in hooks.get(Hook.DISCARDED_FROM_PILE, ()):
        if stays(g, seat, card, piece):
            with g.rec.effect(trait_cause(g, card, seat), TraitReturned, seat, card, random):
                leave_pile(g, seat, card)
                enter_pile(g, seat, card)
            return
    with g.rec.effect(g.rec.cause, TraitDiscarded, seat, card, random, by):
        leave_pile(g, seat, card)
        to_discard(g, card)
        reactors = index.replacers
        if card not in reactors and reactors.isdisjoint(g.seats[seat].pile):
            return  # (most discards: nothing may replace it, and no list is made to say so)
        replacing = in_pile(g, seat, Hook.AFTER_TRAIT_DISCARDED)
        replacing += [(card, piece, fn) for piece, fn in hooks.get(Hook.AFTER_TRAIT_DISCARDED, ())]
        if replacing:
            by, piece, fn = replacing[0]
            with g.rec.effect(trait_cause(g, by, seat)):
                yield from fn(g, seat, by, piece)
