"""Pairs of games that differ only in cards one seat cannot see (issue 32, "a view that is a
wall"; issue 33, "nothing told that a seat cannot see").

A pair is made at a point the rules can go on from (a turn's or a round's start): the same
table twice, once as it stood, once with every card the seat could not identify there dealt
afresh among the places it could be (other hands, the trait deck), and the age deck dealt
afresh from every age and catastrophe not yet revealed. What the seat is told, and what a
computer in its seat decides, must be the same in both while its views are.
"""

from __future__ import annotations

import random

from doomlings_access.rules import Game
from doomlings_access.kernel.chance import shuffle
from doomlings_access.rules.flow import age_piles, deck_ages
from doomlings_access.rules.game import Checkpoint
from doomlings_access.rules.view import DECK


def twins(g: Game, seat: int, rng: random.Random) -> tuple[Game, Game]:
    """Two games resumed from ``g``'s latest checkpoint (a turn's or a round's start): one as it
    stood, one with every card ``seat`` could not identify there dealt afresh among the places
    it could be (another hand, the deck), and the age deck dealt afresh from every age and
    catastrophe not yet revealed, each pile its size and its one catastrophe."""
    cp = g.checkpoint
    assert cp is not None
    k = g.knowledge_of(seat, until=cp.log)
    other = Checkpoint.__new__(Checkpoint)
    other.actions, other.log, other.rng = cp.actions, 0, cp.rng
    other.seats = [s.copy() for s in cp.seats]
    other.table, other.round, other.ending = cp.table.copy(), cp.round.copy(), cp.ending.copy()
    pinned = set(k.deck_top) | {c for c, w in k.where.items() if DECK not in w}
    slots = [(s, i) for s, p in enumerate(other.seats) if s != seat for i in range(len(p.hand))]
    slots += [(-1, i) for i in range(len(other.table.deck))]
    cards = [other.seats[s].hand[i] if s >= 0 else other.table.deck[i] for s, i in slots]
    free = [(slot, c) for slot, c in zip(slots, cards) if c not in pinned]
    moving = [c for _, c in free]
    shuffle(rng, moving)
    for ((s, i), _), c in zip(free, moving):
        if s >= 0:
            other.seats[s].hand[i] = c
        else:
            other.table.deck[i] = c
    other.table.age_deck = _age_deck_dealt_afresh(g, cp, rng)
    same = Checkpoint.__new__(Checkpoint)
    same.actions, same.log, same.rng = cp.actions, 0, cp.rng
    same.seats = [s.copy() for s in cp.seats]
    same.table, same.round, same.ending = cp.table.copy(), cp.round.copy(), cp.ending.copy()
    return Game(g.cards, g.setup, _resume=same), Game(g.cards, g.setup, _resume=other)


def _age_deck_dealt_afresh(g: Game, cp: Checkpoint, rng: random.Random) -> list[str]:
    revealed = set(cp.table.revealed)
    ages = [a for a in deck_ages(g) if a not in revealed]
    cats = [c for c in g.cards.catastrophes if c not in revealed]
    shuffle(rng, ages)
    shuffle(rng, cats)
    real = g.table.age_deck  # (the sizes are public)
    saved, g.table.age_deck = real, list(cp.table.age_deck)
    sizes = age_piles(g)
    g.table.age_deck = saved
    top_first: list[str] = []
    if not cp.table.revealed:
        top_first.append(g.cards.birth_of_life.id)
        sizes[0] -= 1
    for size in sizes:
        pile = [*ages[: size - 1], *cats[:1]]
        del ages[: size - 1], cats[:1]
        shuffle(rng, pile)
        top_first.extend(pile)
    return top_first[::-1]


