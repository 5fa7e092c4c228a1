"""Setting a game up at a described :class:`~.position.Position`: the named cards dealt where it
says, then the round and where play starts (the one public way to start a game anywhere but
at the deal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_access.rules.events import CauseKind
from doomlings_access.rules.flow import remaining_age_deck, set_round_age, turn_order
from doomlings_access.rules.position import Position, PositionError
from doomlings_access.rules.state import CATASTROPHES, Phase

if TYPE_CHECKING:
    from doomlings_access.rules.game import Game


def place(g: Game, pos: Position) -> None:
    """Set up ``g`` at ``pos``: deal the named cards, then the round and the progress."""
    n = g.n
    cards = g.cards
    for name, seq in (("hands", pos.hands), ("piles", pos.piles), ("gene_pools", pos.gene_pools)):
        if len(seq) > n:
            raise PositionError(name, f"gives {len(seq)} seats for {n} players")
    free: dict[str, list[int]] = {}
    for i, d in enumerate(g.defs):
        free.setdefault(d.id, []).append(i)

    def take(trait: str, where: str) -> int:
        if trait not in cards.traits:
            raise PositionError(where, f"no trait has the id {trait!r}")
        ids = free.get(trait)
        if ids:
            return ids.pop(0)
        # More copies than one deck holds (a tally of two decks): a new card.
        g.defs.append(cards.traits[trait])
        return len(g.defs) - 1

    for seat, hand in enumerate(pos.hands):
        g.seats[seat].hand = [take(c, f"hands[{seat}]") for c in hand]
    for seat, pile in enumerate(pos.piles):
        g.seats[seat].pile = [take(c, f"piles[{seat}]") for c in pile]
    for seat, pool in enumerate(pos.gene_pools):
        g.seats[seat].gene_pool = pool
    g.table.discard = [take(c, "discard") for c in pos.discard]
    top = [take(c, "deck") for c in pos.deck]
    rest = sorted(c for ids in free.values() for c in ids)
    if pos.rest_of_deck == "out":
        g.table.box = rest
        rest = []
    elif pos.rest_of_deck == "shuffled":
        g.rng.shuffle(rest)
    g.table.deck = rest + top[::-1]
    g.reindex()

    for i, card in enumerate(pos.revealed):
        if card not in cards.ages and card not in cards.catastrophes:
            raise PositionError(f"revealed[{i}]", f"no age or catastrophe has the id {card!r}")
    g.table.revealed = list(pos.revealed)
    cats = pos.catastrophes
    if cats is None:
        cats = tuple(c for c in pos.revealed if c in cards.catastrophes)
    for i, cat in enumerate(cats):
        if cat not in cards.catastrophes:
            raise PositionError(f"catastrophes[{i}]", f"no catastrophe has the id {cat!r}")
    if len(cats) > CATASTROPHES:
        raise PositionError("catastrophes", f"at most {CATASTROPHES}")
    g.table.catastrophes = list(cats)
    g.table.age_deck = _age_deck(g, pos)
    for trait in pos.denial_spent:
        g.table.denial_spent.update(c for p in g.seats for c in p.pile if g.defs[c].id == trait)

    for i, seat in enumerate(pos.protected):
        if not 0 <= seat < n:
            raise PositionError(f"protected[{i}]", f"no seat {seat} among {n} players")
    for name, where in (("first_player", pos.first_player), ("turn", pos.turn)):
        if where is not None and not 0 <= where < n:
            raise PositionError(name, f"no seat {where} among {n} players")
    r = g.round
    r.first_player = pos.first_player
    r.number = len(pos.revealed)
    r.protected = set(pos.protected)
    if pos.start == "worlds_end":
        r.phase = Phase.WORLDS_END
    elif pos.start == "round":
        r.phase = Phase.NEXT_ROUND
    else:
        if pos.age is not None:
            if pos.age not in cards.ages:
                raise PositionError("age", f"no age has the id {pos.age!r}")
            if pos.age not in g.table.revealed:
                g.table.revealed.append(pos.age)
            set_round_age(g, cards.ages[pos.age])
        elif g.table.catastrophes and g.table.revealed[-1:] == g.table.catastrophes[-1:]:
            r.kind = CauseKind.CATASTROPHE
        r.phase = Phase.TURNS
        r.turn_index = turn_order(g).index(pos.turn) if pos.turn is not None else 0


def _age_deck(g: Game, pos: Position) -> list[str]:
    """The age deck (top at the end of the list): as given, or dealt from the unrevealed cards.

    A round to start after the third catastrophe is refused (the world has ended), and so
    is a round (or a turn) to play alone from an empty deck (it has no card to reveal), and
    a whole game from a deck short of the catastrophes still to come: the world ends only
    with the third catastrophe (a deck that ran out used to end it early)."""
    cards = g.cards
    if pos.age_deck is None:
        deck = remaining_age_deck(g)
    else:
        for i, card in enumerate(pos.age_deck):
            if card not in cards.ages and card not in cards.catastrophes:
                raise PositionError(f"age_deck[{i}]", f"no age or catastrophe has the id {card!r}")
        deck = list(pos.age_deck)
    if pos.start == "round" and len(g.table.catastrophes) == CATASTROPHES:
        raise PositionError("start", "round, but the last catastrophe is revealed: start at worlds_end")
    if pos.start == "round" and pos.play != "game" and not deck:
        raise PositionError("age_deck", "is empty, and the round to play starts by revealing its top card")
    to_come = CATASTROPHES - len(g.table.catastrophes)
    held = sum(card in cards.catastrophes for card in deck)
    if pos.play == "game" and held < to_come and pos.start != "worlds_end":
        raise PositionError(
            "age_deck", f"holds {held} of the {to_come} catastrophes still to come; the world ends only with the third"
        )
    return list(reversed(deck))
