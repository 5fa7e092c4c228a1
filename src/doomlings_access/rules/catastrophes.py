"""Catastrophes: the permanent gene pool change, the catastrophic effect, Denial.

Each catastrophic piece is applied to the affected players (those Denial does not protect),
in turn order from the first player. Passing and giving happen together: everyone chooses
from the hand they hold, then the cards move.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from doomlings_access.cards.model import CatastropheDef, Piece
from doomlings_access.rules import decisions as dk
from doomlings_access.rules.effects import discard_own_trait
from doomlings_access.rules.events import CatastropheIgnored, CardsPassed
from doomlings_access.rules.piles import count_colour, real_colours_in_pile
from doomlings_access.rules.primitives import (
    ask,
    change_gene_pool,
    choose_and_discard,
    discard_cards,
    discard_random,
    draw,
    stabilize,
)
from doomlings_access.rules.registry import handles

if TYPE_CHECKING:
    from doomlings_access.rules.game import Flow, Game


@handles("persistent", "ignore_next_catastrophe")
def denial_protects(g: Game, cat: CatastropheDef) -> set[int]:
    """Players whose unspent Denial makes this catastrophe do nothing to them (spending it)."""
    protected = set()
    for seat in g.seats_from(g.first_player):
        for card in g.players[seat].pile:
            for piece in g.defs[card].persistent:
                if piece.effect != "ignore_next_catastrophe" or card in g.denial_spent:
                    continue
                if piece.get("except_catastrophe") == cat.id:
                    continue
                g.denial_spent.add(card)
                protected.add(seat)
                g.emit(CatastropheIgnored(seat, cat.id, card))
    return protected


def apply_catastrophe(g: Game, cat: CatastropheDef) -> Flow:
    """Gene pool change, then the catastrophic effect, for every player it affects."""
    seats = [s for s in g.seats_from(g.first_player) if s not in g.protected]
    for seat in seats:
        change_gene_pool(g, seat, cat.gene_pool, cat.id)
    for piece in cat.catastrophic:
        yield from CATASTROPHIC[piece.effect](g, piece, seats, cat.id)


def _each(fn):  # type: ignore[no-untyped-def]
    """Make a per-player effect into one applied to each affected seat in order."""

    def run(g: Game, piece: Piece, seats: list[int], cause: str) -> Flow:
        for seat in seats:
            yield from fn(g, seat, piece, cause)

    run.__name__ = fn.__name__
    run.__doc__ = fn.__doc__
    return run


@_each
def discard_down_to(g: Game, seat: int, piece: Piece, cause: str) -> Flow:
    excess = len(g.players[seat].hand) - piece["count"]
    yield from choose_and_discard(g, seat, excess, cause, "discard")


@_each
def stabilize_now(g: Game, seat: int, piece: Piece, cause: str) -> Flow:
    yield from stabilize(g, seat, cause)


@_each
def discard_random_cards(g: Game, seat: int, piece: Piece, cause: str) -> Flow:
    yield from discard_random(g, seat, piece["count"], cause)


@_each
def discard_hand(g: Game, seat: int, piece: Piece, cause: str) -> Flow:
    discard_cards(g, seat, list(g.players[seat].hand), cause=cause)
    return
    yield


@_each
def discard_per_colour_trait(g: Game, seat: int, piece: Piece, cause: str) -> Flow:
    count = count_colour(g, seat, piece["colour"])
    yield from choose_and_discard(g, seat, count, cause, "discard")


@_each
def discard_from_hand(g: Game, seat: int, piece: Piece, cause: str) -> Flow:
    yield from choose_and_discard(g, seat, piece["count"], cause, "discard")


@_each
def draw_per_colour_present(g: Game, seat: int, piece: Piece, cause: str) -> Flow:
    draw(g, seat, len(real_colours_in_pile(g, seat)), cause)
    return
    yield


@_each
def discard_half_hand(g: Game, seat: int, piece: Piece, cause: str) -> Flow:
    count = math.ceil(len(g.players[seat].hand) / 2)
    yield from choose_and_discard(g, seat, count, cause, "discard")


@_each
def discard_a_trait(g: Game, seat: int, piece: Piece, cause: str) -> Flow:
    yield from discard_own_trait(g, seat, None, piece, cause)


def pass_hand(g: Game, piece: Piece, seats: list[int], cause: str) -> Flow:
    """Every affected player passes their whole hand to the neighbour on that side."""
    step = -1 if piece["direction"] == "right" else 1
    hands = {seat: g.players[seat].hand for seat in seats}
    for seat in seats:
        g.players[seat].hand = []
    for seat, cards in hands.items():
        receiver = (seat + step) % g.n
        g.players[receiver].hand.extend(cards)
        if cards:
            g.emit(CardsPassed(seat, receiver, tuple(cards), frozenset((seat, receiver)), cause))
    return
    yield


def give_to_neighbours(g: Game, piece: Piece, seats: list[int], cause: str) -> Flow:
    """Every affected player gives one card to each neighbour (one, with two players)."""
    gifts: list[tuple[int, int, int]] = []
    for seat in seats:
        neighbours = list(dict.fromkeys([(seat + 1) % g.n, (seat - 1) % g.n]))
        pool = list(g.players[seat].hand)
        for receiver in neighbours:
            if not pool:
                break
            card = yield from ask(g, seat, dk.CARD, "give_card_to", pool, cause, about=(receiver,))
            pool.remove(card)
            gifts.append((seat, receiver, card))
    for giver, receiver, card in gifts:
        g.players[giver].hand.remove(card)
        g.players[receiver].hand.append(card)
        g.emit(CardsPassed(giver, receiver, (card,), frozenset((giver, receiver)), cause))


CATASTROPHIC = {
    "discard_down_to": discard_down_to,
    "stabilize": stabilize_now,
    "discard_random": discard_random_cards,
    "discard_hand": discard_hand,
    "discard_per_colour_trait": discard_per_colour_trait,
    "pass_hand": pass_hand,
    "discard_from_hand": discard_from_hand,
    "draw_per_colour_present": draw_per_colour_present,
    "discard_half_hand": discard_half_hand,
    "give_to_neighbours": give_to_neighbours,
    "discard_own_trait": discard_a_trait,
}
for _piece_id, _fn in CATASTROPHIC.items():
    handles("catastrophic", _piece_id)(_fn)
