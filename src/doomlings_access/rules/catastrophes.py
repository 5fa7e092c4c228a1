"""Catastrophes: the permanent gene pool change, the catastrophic effect, protection from it.

Each catastrophic piece is applied to the affected players (those no trait protects), in turn
order from the first player. Passing and giving happen together: everyone chooses from the
hand they hold, then the cards move.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

from doomlings_access.cards.pieces import Hook
from doomlings_access.cards.model import CatastropheDef, Piece
from doomlings_access.rules.decisions import Kind, Reason
from doomlings_access.rules.effects import discard_own_trait
from doomlings_access.rules.events import CATASTROPHE, CatastropheIgnored, card_cause
from doomlings_access.rules.hooks import in_pile
from doomlings_access.rules.piles import count_colour, real_colours_in_pile, trait_cause
from doomlings_access.rules.primitives import (
    ask,
    change_gene_pool,
    choose_and_discard,
    discard_cards,
    discard_random,
    draw,
    pass_cards,
    pass_whole_hands,
    stabilize,
)
from doomlings_access.rules.registry import code, implements

if TYPE_CHECKING:
    from doomlings_access.rules.game import Flow, Game


def denial_protects(g: Game, cat: CatastropheDef) -> set[int]:
    """Players a trait protects from this catastrophe (using the protection up)."""
    protected: set[int] = set()
    protectors = g.index.hooked.get(Hook.CATASTROPHE_PROTECTION)
    if protectors is None:  # (no such trait among the cards)
        return protected
    for seat in g.seats_from(g.round.first_player):
        if protectors.isdisjoint(g.seats[seat].pile):
            continue
        for card, piece, protects in in_pile(g, seat, Hook.CATASTROPHE_PROTECTION):
            if card not in g.table.denial_spent and protects(g, seat, card, piece, cat):
                g.table.denial_spent.add(card)
                protected.add(seat)
                g.rec.emit(CatastropheIgnored, seat, cat.id, card, cause=trait_cause(g, card, seat))
    return protected


def protection_at_worlds_end(g: Game, seat: int, cat: CatastropheDef) -> int | None:
    """For a seat the final catastrophe left alone: the trait that did, if it keeps them out
    of ``cat``'s World's End effect too (a Prepper may have chosen an earlier catastrophe's):
    Denial does nothing against The Four Horsemen, its World's End effect included."""
    for card, piece, protects in in_pile(g, seat, Hook.CATASTROPHE_PROTECTION):
        if protects(g, seat, card, piece, cat):
            return card
    return None


def apply_catastrophe(g: Game, cat: CatastropheDef) -> Flow:
    """Gene pool change, then the catastrophic effect, for every player it affects."""
    seats = [s for s in g.seats_from(g.round.first_player) if s not in g.round.protected]
    if cat.gene_pool:  # (no change is no call for each seat)
        step = card_cause(CATASTROPHE, cat.id, step="gene_pool")
        for seat in seats:
            change_gene_pool(g, seat, cat.gene_pool, step)
    with g.rec.effect(card_cause(CATASTROPHE, cat.id, step="catastrophic")):
        for piece in cat.catastrophic:
            yield from code("catastrophic", piece.effect)(g, piece, seats)


PerSeat = Callable[["Game", int, Piece, str], "Flow"]


def _each(slot: str, piece_id: str) -> Callable[[PerSeat], PerSeat]:
    """Register a per-player effect as one applied to each affected seat in turn order; the
    card that asks each seat is the catastrophe under way."""

    def register(fn: PerSeat) -> PerSeat:
        def run(g: Game, piece: Piece, seats: list[int]) -> Flow:
            cause = g.rec.cause
            source = cause.id if cause is not None else ""
            for seat in seats:
                yield from fn(g, seat, piece, source)

        run.__name__ = fn.__name__
        run.__doc__ = fn.__doc__
        implements(slot, piece_id)(run)
        return fn

    return register


@_each("catastrophic", "discard_down_to")
def discard_down_to(g: Game, seat: int, piece: Piece, source: str) -> Flow:
    excess = len(g.seats[seat].hand) - piece["count"]
    return choose_and_discard(g, seat, excess, source, Reason.DISCARD)


@_each("catastrophic", "stabilize")
def stabilize_now(g: Game, seat: int, piece: Piece, source: str) -> Flow:
    return stabilize(g, seat)


@_each("catastrophic", "discard_random")
def discard_random_cards(g: Game, seat: int, piece: Piece, source: str) -> Flow:
    return discard_random(g, seat, piece["count"], source)


@_each("catastrophic", "discard_hand")
def discard_hand(g: Game, seat: int, piece: Piece, source: str) -> Flow:
    discard_cards(g, seat, list(g.seats[seat].hand))
    return
    yield


@_each("catastrophic", "discard_per_colour_trait")
def discard_per_colour_trait(g: Game, seat: int, piece: Piece, source: str) -> Flow:
    count = count_colour(g, seat, piece["colour"])
    return choose_and_discard(g, seat, count, source, Reason.DISCARD)


@_each("catastrophic", "discard_from_hand")
def discard_from_hand(g: Game, seat: int, piece: Piece, source: str) -> Flow:
    return choose_and_discard(g, seat, piece["count"], source, Reason.DISCARD)


@_each("catastrophic", "draw_per_colour_present")
def draw_per_colour_present(g: Game, seat: int, piece: Piece, source: str) -> Flow:
    draw(g, seat, len(real_colours_in_pile(g, seat)))
    return
    yield


@_each("catastrophic", "discard_half_hand")
def discard_half_hand(g: Game, seat: int, piece: Piece, source: str) -> Flow:
    count = math.ceil(len(g.seats[seat].hand) / 2)
    return choose_and_discard(g, seat, count, source, Reason.DISCARD)


@_each("catastrophic", "discard_own_trait")
def discard_a_trait(g: Game, seat: int, piece: Piece, source: str) -> Flow:
    return discard_own_trait(g, seat, None, piece, source)


@implements("catastrophic", "pass_hand")
def pass_hand(g: Game, piece: Piece, seats: list[int]) -> Flow:
    """Every affected player passes their whole hand to the neighbour on that side."""
    pass_whole_hands(g, seats, -1 if piece["direction"] == "right" else 1)
    return
    yield


@implements("catastrophic", "give_to_neighbours")
def give_to_neighbours(g: Game, piece: Piece, seats: list[int]) -> Flow:
    """Every affected player gives one card to each neighbour, left and right.

    With two players the one opponent is the neighbour on both sides and gets two cards (one,
    with the house rule ``one_card_to_a_lone_neighbour``)."""
    cause = g.rec.cause
    source = cause.id if cause is not None else None
    gifts: list[tuple[int, int, int]] = []
    for seat in seats:
        neighbours = [(seat + 1) % g.n, (seat - 1) % g.n]
        if g.options.one_card_to_a_lone_neighbour:
            neighbours = list(dict.fromkeys(neighbours))
        pool = list(g.seats[seat].hand)
        if len(pool) == 1 and len(neighbours) == 2:  # one card for two neighbours: the giver says which
            receiver = yield from ask(g, seat, Kind.PLAYER, Reason.GIVE_LAST_CARD_TO, neighbours, source)
            neighbours = [int(receiver)]
        for receiver in neighbours:
            if not pool:
                break
            card = yield from ask(g, seat, Kind.CARD, Reason.GIVE_CARD_TO, pool, source, about=(receiver,))
            pool.remove(card)
            gifts.append((seat, receiver, card))
    for giver, receiver, card in gifts:
        pass_cards(g, giver, receiver, [card])
