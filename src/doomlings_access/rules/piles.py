"""Traits entering and leaving trait piles: gene pool traits, Endurance, Regenerative Tissue.

Dominant traits never leave a pile; callers only offer non-dominant traits, and
:func:`removable` is the one place that decides what may leave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from doomlings_access.rules.events import TraitDiscarded, TraitMoved, TraitReturned, TraitToHand
from doomlings_access.rules.primitives import change_gene_pool
from doomlings_access.rules.registry import handles

if TYPE_CHECKING:
    from doomlings_access.rules.game import Flow, Game


def colours_of(g: Game, card: int) -> tuple[str, ...]:
    """A trait's colours now (Faith may have recoloured it at World's End)."""
    return g.recolour.get(card) or g.defs[card].colours


def count_colour(g: Game, seat: int, colour: str) -> int:
    return sum(1 for c in g.players[seat].pile if colour in colours_of(g, c))


def real_colours_in_pile(g: Game, seat: int) -> set[str]:
    return {col for c in g.players[seat].pile for col in colours_of(g, c) if col != "colourless"}


def piles_protected(g: Game) -> bool:
    """Reforestation: traits in piles cannot be swapped, stolen or discarded this round."""
    return "protect_piles" in g.rules


handles("round", "protect_piles")(piles_protected)


def removable(g: Game, seat: int, test: Callable[[int], bool] | None = None) -> list[int]:
    """Traits of ``seat``'s pile that may leave it (never a dominant), optionally filtered."""
    defs = g.defs
    return [c for c in g.players[seat].pile if not defs[c].dominant and (test is None or test(c))]


@handles("persistent", "gene_pool")
def enter_pile(g: Game, seat: int, card: int) -> None:
    """Put a trait into a pile and apply its gene pool change (ignored past 1..8)."""
    g.players[seat].pile.append(card)
    for piece in g.defs[card].persistent:
        if piece.effect == "gene_pool":
            targets = range(g.n) if piece["who"] == "all" else (seat,)
            for target in targets:
                change_gene_pool(g, target, piece["delta"], g.defs[card].id)


def leave_pile(g: Game, seat: int, card: int) -> None:
    """Take a trait out of a pile; its gene pool change is always reversed, even past 1..8."""
    g.players[seat].pile.remove(card)
    for piece in g.defs[card].persistent:
        if piece.effect == "gene_pool":
            targets = range(g.n) if piece["who"] == "all" else (seat,)
            for target in targets:
                change_gene_pool(g, target, -piece["delta"], g.defs[card].id, forced=True)


def move_trait(g: Game, card: int, from_seat: int, to_seat: int, how: str) -> None:
    """Steal, give, swap or trade: the trait goes from one pile to another."""
    leave_pile(g, from_seat, card)
    enter_pile(g, to_seat, card)
    g.emit(TraitMoved(card, from_seat, to_seat, how))


def return_to_hand(g: Game, seat: int, card: int) -> None:
    """A trait goes back to its owner's hand."""
    leave_pile(g, seat, card)
    g.players[seat].hand.append(card)
    g.emit(TraitToHand(seat, card))


@handles("persistent", "returns_when_discarded", "replace_discarded_trait")
def discard_trait(g: Game, seat: int, card: int, random: bool = False) -> Flow:
    """Discard a trait from a pile.

    Endurance comes straight back. Regenerative Tissue (in the pile, or the trait discarded)
    then has its owner draw a card and play it (retail), or play the deck's top card (first).
    """
    defs = g.defs
    leave_pile(g, seat, card)
    effects = {p.effect: p for p in defs[card].persistent}
    if "returns_when_discarded" in effects:
        enter_pile(g, seat, card)
        g.emit(TraitReturned(seat, card))
        return
    g.discard.append(card)
    g.emit(TraitDiscarded(seat, card, random))
    tissue = [
        p
        for c in [*g.players[seat].pile, card]
        for p in defs[c].persistent
        if p.effect == "replace_discarded_trait"
    ]
    if tissue:
        from doomlings_access.rules.play import replace_discarded

        yield from replace_discarded(g, seat, tissue[0]["source"])
