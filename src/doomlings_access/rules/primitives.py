"""The only code that moves cards or changes a gene pool (a test holds every other rules
module to it: ``tests/rules/test_properties.py``).

Effects, ages, catastrophes and the turn call these; none of them edits a hand, a pile, a deck
or a gene pool itself. Moves of many cards tell what happened themselves (a draw, a discard, a
pass); a single card between zones is told by the caller, which knows why (a trait played, a
card that could not be played). Functions that may need a player's answer are generators used
with ``yield from``. Events take their cause from the effect under way (:mod:`.recorder`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from doomlings_access.rules.decisions import Kind, Reason
from doomlings_access.rules.decisions import Decision, Value, new_tuple
from doomlings_access.rules.events import (
    RULE,
    Cause,
    CardsPassed,
    DeckReshuffled,
    NothingToDraw,
    Discarded,
    Drew,
    GenePoolChanged,
    GenePoolChangeIgnored,
    HandsSwapped,
    Stabilized,
    rule_cause,
)
from doomlings_access.rules.options import MAX_PLAYERS

if TYPE_CHECKING:
    from doomlings_access.rules.game import Flow, Game

GENE_POOL_MIN, GENE_POOL_MAX = 1, 8
RESHUFFLE = Cause.rule("reshuffle")


def ask(
    g: Game,
    player: int,
    kind: str,
    reason: str,
    options: Sequence[Value],
    source: str | None = None,
    step: int = 1,
    of: int = 1,
    about: tuple[Value, ...] = (),
) -> Flow:
    """Ask ``player`` to choose one of ``options``; a single option is taken without asking."""
    opts = tuple(options)
    if not opts:
        raise RuntimeError(f"no options for {reason}")
    if len(opts) == 1:
        return opts[0]
    return (yield new_tuple(Decision, (player, kind, reason, opts, source, step, of, about)))


def question(
    player: int,
    kind: str,
    reason: str,
    options: Sequence[Value],
    source: str | None = None,
    step: int = 1,
    of: int = 1,
    about: tuple[Value, ...] = (),
) -> Decision:
    """The question :func:`ask` puts, for a caller whose options are two or more by
    construction (a keyword such as ``pass`` besides a card, or two keywords): the caller
    yields it itself, and no generator is made for the question."""
    return new_tuple(Decision, (player, kind, reason, tuple(options), source, step, of, about))


def pick_random(
    g: Game, player: int, options: Sequence[int], count: int, source: str | None, reason: str
) -> Flow:
    """Pick ``count`` cards at random, from the game's seeded generator.

    When the game asks its random picks (the scorer: they happened at a real table), they are
    CHANCE decisions instead.
    """
    pool = list(options)
    count = min(count, len(pool))
    if not g.random_picks_asked:
        return g.rng.sample(pool, count)
    picked: list[int] = []
    for i in range(count):
        card = yield from ask(g, player, Kind.CHANCE, reason, pool, source, i + 1, count)
        pool.remove(card)
        picked.append(card)
    return picked


def random_from_opponent_hand(
    g: Game, seat: int, count: int, source: str | None, question: str, pick_reason: str
) -> Flow:
    """``seat`` chooses an opponent who holds cards; ``count`` of them are picked at random.

    Returns (opponent, cards), or None when no opponent holds a card.
    """
    victims = [o for o in g.opponents(seat) if g.seats[o].hand]
    if not victims:
        return None
    victim = yield from ask(g, seat, Kind.PLAYER, question, victims, source)
    cards = yield from pick_random(g, victim, g.seats[victim].hand, count, source, pick_reason)
    return victim, cards


def _reshuffle(g: Game) -> None:
    """The deck ran out: the discard pile becomes the new deck."""
    t = g.table
    t.deck = t.discard
    t.discard = []
    g.rng.shuffle(t.deck)
    g.rec.emit(DeckReshuffled, len(t.deck), cause=RESHUFFLE)


def draw(g: Game, seat: int, count: int, cause: Cause | None = None) -> list[int]:
    """Draw cards into a hand; the discard pile is reshuffled only when the deck runs out.

    ``cause``: why, when it is not the effect under way (a step of the rules)."""
    hand = g.seats[seat].hand
    t = g.table
    deck = t.deck
    if count <= len(deck):  # the usual case: the deck holds enough
        cut = len(deck) - count
        drawn = deck[cut:]
        drawn.reverse()  # popped one by one from the end, in that order
        del deck[cut:]
        hand.extend(drawn)
    else:
        drawn = []
        for _ in range(count):
            if not t.deck:
                if not t.discard:
                    break
                _reshuffle(g)
            card = t.deck.pop()
            hand.append(card)
            drawn.append(card)
    if drawn:
        g.rec.emit(_drew, seat, drawn, cause)
    if len(drawn) < count:  # (why a hand stays short: said, not left to guess)
        g.rec.emit(NothingToDraw, seat, count - len(drawn), cause=cause)
    return drawn


def _drew(seat: int, drawn: list[int], cause: Cause | None) -> Drew:
    """Cards drawn, seen only by their drawer."""
    return Drew(seat, tuple(drawn), frozenset((seat,)), cause=cause)


def take_top_of_deck(g: Game) -> int | None:
    """Take the top card of the deck (reshuffling the discard pile if needed)."""
    t = g.table
    if not t.deck and t.discard:
        _reshuffle(g)
    return t.deck.pop() if t.deck else None


def top_card(g: Game, seat: int, source: str | None, reason: str) -> Flow:
    """Take the top card of the deck. When the game asks its random picks (the scorer: what
    came off the deck at a real table), which card it was is a CHANCE decision of ``seat``."""
    if not g.random_picks_asked:
        return take_top_of_deck(g)
    # At a real table the deck may have run out and been reshuffled from the discard pile, so
    # any card out of play may be the one that came.
    t = g.table
    picked = yield from pick_random(g, seat, [*t.deck, *t.discard], 1, source, reason)
    if not picked:
        return None
    (t.deck if picked[0] in t.deck else t.discard).remove(picked[0])
    return picked[0]


def draw_one(g: Game, seat: int, source: str | None) -> Flow:
    """Draw one card (asked as a CHANCE decision when the game asks its random picks)."""
    if not g.random_picks_asked:
        drawn = draw(g, seat, 1)
        return drawn[0] if drawn else None
    card = yield from top_card(g, seat, source, Reason.CARD_DRAWN)
    if card is not None:
        g.seats[seat].hand.append(card)
        g.rec.emit(Drew, seat, (card,), frozenset((seat,)))
    return card


def discard_cards(g: Game, seat: int, cards: Iterable[int], random: bool = False) -> None:
    """Discard cards from a hand, face up."""
    hand = g.seats[seat].hand
    moved = tuple(cards)
    discard = g.table.discard
    for card in moved:
        hand.remove(card)
        discard.append(card)
    if moved:
        g.rec.emit(Discarded, seat, moved, random)


def choose_cards(
    g: Game,
    seat: int,
    count: int,
    candidates: Sequence[int],
    reason: str,
    source: str | None = None,
    kind: str = Kind.CARD,
    about: tuple[Value, ...] = (),
) -> Flow:
    """Ask for ``count`` of ``candidates``, one at a time (a small question each time)."""
    pool = list(candidates)
    if count >= len(pool):  # all of them: nothing to ask
        return pool
    chosen: list[int] = []
    for i in range(count):
        card = pool[0] if len(pool) == 1 else int(
            (yield new_tuple(Decision, (seat, kind, reason, tuple(pool), source, i + 1, count, about)))
        )
        pool.remove(card)
        chosen.append(card)
    return chosen


def choose_and_discard(g: Game, seat: int, count: int, source: str | None, reason: str) -> Flow:
    """The player discards ``count`` cards of their choice (all they have, if fewer).

    When more would be discarded than kept, the player chooses the cards to keep instead,
    which is fewer questions ("Choose a card to keep.").
    """
    hand = g.seats[seat].hand
    if count > len(hand):
        count = len(hand)
    if count <= 0:
        return
    keep = len(hand) - count
    if keep < count:
        why = Reason.KEEP_TO_STABILIZE if reason == Reason.DISCARD_TO_STABILIZE else Reason.KEEP
        kept = yield from choose_cards(g, seat, keep, hand, why, source)
        discard = [c for c in hand if c not in kept]
    elif count == 1:  # (choose_cards without its generator: one card of two or more, half the discards)
        discard = [int((yield new_tuple(Decision, (seat, Kind.CARD, reason, tuple(hand), source, 1, 1, ()))))]
    else:
        discard = yield from choose_cards(g, seat, count, hand, reason, source)
    discard_cards(g, seat, discard)


def discard_random(g: Game, seat: int, count: int, source: str | None) -> Flow:
    hand = g.seats[seat].hand
    if not hand or count <= 0:
        return
    picked = yield from pick_random(g, seat, hand, count, source, Reason.RANDOM_DISCARD)
    discard_cards(g, seat, picked, random=True)


def pass_cards(
    g: Game,
    giver: int,
    receiver: int,
    cards: Sequence[int],
    public: bool = False,
    taken: bool = False,
    random: bool = False,
) -> None:
    """Move cards from one hand to another; only the two players see which cards."""
    hand = g.seats[giver].hand
    into = g.seats[receiver].hand
    for card in cards:
        hand.remove(card)
        into.append(card)
    if cards:
        seen = None if public else frozenset((giver, receiver))
        g.rec.emit(CardsPassed, giver, receiver, tuple(cards), seen, taken, random)


# --- single cards between zones (the caller tells what happened) ---------------------------------


def from_hand(g: Game, seat: int, card: int) -> None:
    """Take a card out of a hand (to be played, or passed on)."""
    g.seats[seat].hand.remove(card)


def to_hand(g: Game, seat: int, card: int) -> None:
    g.seats[seat].hand.append(card)


def from_discard(g: Game, card: int) -> None:
    g.table.discard.remove(card)


def to_discard(g: Game, card: int) -> None:
    """Put a card on top of the discard pile, face up."""
    g.table.discard.append(card)


def to_pile(g: Game, seat: int, card: int) -> None:
    """Put a trait into a pile (its gene pool change is :func:`.piles.enter_pile`'s)."""
    g.seats[seat].pile.append(card)


def from_pile(g: Game, seat: int, card: int) -> None:
    g.seats[seat].pile.remove(card)


def set_aside(g: Game, card: int) -> None:
    """A card between zones: a trait whose cost or destination is being settled, or a card
    drawn to break a tie (kept out until all have drawn, so no reshuffle takes it back)."""
    g.table.in_play.append(card)


def take_back(g: Game, card: int) -> None:
    g.table.in_play.remove(card)


def back_on_deck(g: Game, card: int) -> None:
    """A card drawn from the top of the deck and not played goes back on top."""
    g.table.deck.append(card)


# --- whole hands ------------------------------------------------------------------------------


def swap_hands(g: Game, seat: int, other: int) -> None:
    """Two players exchange their hands; only they see which cards."""
    a, b = g.seats[seat], g.seats[other]
    a.hand, b.hand = b.hand, a.hand
    g.rec.emit(HandsSwapped, seat, other, tuple(b.hand), tuple(a.hand), frozenset((seat, other)))


def pass_whole_hands(g: Game, seats: Sequence[int], step: int) -> None:
    """Each of ``seats`` passes its whole hand at once to the seat ``step`` away (1: left)."""
    hands = {seat: g.seats[seat].hand for seat in seats}
    for seat in seats:
        g.seats[seat].hand = []
    n = len(g.seats)
    for seat, cards in hands.items():
        receiver = (seat + step) % n
        g.seats[receiver].hand.extend(cards)
        if cards:
            g.rec.emit(CardsPassed, seat, receiver, tuple(cards), frozenset((seat, receiver)), False, False, True)  # (a whole hand)


# --- the decks --------------------------------------------------------------------------------


def lay_out_decks(g: Game, age_deck: list[str]) -> None:
    """The deal's decks: the age deck as built (top first), the trait deck shuffled."""
    g.table.age_deck = list(reversed(age_deck))
    g.table.deck = list(range(len(g.defs)))
    g.rng.shuffle(g.table.deck)


def reveal_top_age(g: Game) -> str:
    """Turn over the top of the age deck: an age, or a catastrophe (counted as one)."""
    top = g.table.age_deck.pop()
    g.table.revealed.append(top)
    if top in g.cards.catastrophes:
        g.table.catastrophes.append(top)
    return top


def change_gene_pool(g: Game, seat: int, delta: int, cause: Cause, forced: bool = False) -> None:
    """Change a gene pool by ``delta``; a change past 1..8 is ignored unless ``forced``.

    ``forced`` is for a trait leaving a pile: its change is always reversed, even past the
    bounds (rulebook, "Gene pool").
    """
    if delta == 0:
        return
    p = g.seats[seat]
    new = p.gene_pool + delta
    if not forced and not GENE_POOL_MIN <= new <= GENE_POOL_MAX:
        g.rec.emit(GenePoolChangeIgnored, seat, delta, cause=cause)
        return
    old, p.gene_pool = p.gene_pool, new
    g.rec.emit(GenePoolChanged, seat, old, new, forced, cause=cause)


def set_gene_pool(g: Game, seat: int, value: int) -> None:
    p = g.seats[seat]
    if p.gene_pool != value:
        old, p.gene_pool = p.gene_pool, value
        g.rec.emit(GenePoolChanged, seat, old, value)


def hand_target(g: Game, seat: int) -> int:
    """How many cards a player holds after stabilizing: the gene pool, unless a rule says."""
    sized = g.round.rules.hand_size
    if sized:
        piece, fn = sized[0]
        return int(fn(g, piece, seat))
    pool = g.seats[seat].gene_pool
    return pool if pool > 0 else 0


def stabilize(g: Game, seat: int) -> Flow:
    """Draw or discard until the hand matches the gene pool (or the size the round sets)."""
    hand = g.seats[seat].hand
    short = hand_target(g, seat) - len(hand)
    step = STABILIZE_CAUSES[seat]
    if short >= 0:  # drawing, or stable: nothing to ask, so no effect to open (each event names its cause)
        g.rec.emit(Stabilized, seat, len(draw(g, seat, short, step)) if short else 0, 0, len(hand), cause=step)
        return
    source = _source_of(g)  # (the card that made the player stabilize, if one did)
    with g.rec.effect(step):
        yield from choose_and_discard(g, seat, -short, source, Reason.DISCARD_TO_STABILIZE)
        g.rec.emit(Stabilized, seat, 0, -short, len(hand))  # (read after the question: a clone swaps its recorder)


STABILIZE_CAUSES = [rule_cause("stabilize", seat) for seat in range(MAX_PLAYERS)]
"""The cause of each seat's stabilizing (looked up, not asked for, at every turn's end)."""


def _source_of(g: Game) -> str | None:
    """The card that asks, for a question's ``source``: the cause of the effect under way."""
    cause = g.rec.cause
    return None if cause is None or cause.kind == RULE else cause.id
