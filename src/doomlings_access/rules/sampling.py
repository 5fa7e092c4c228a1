"""Games dealt from a seat's view: what a computer player thinks ahead in.

:func:`sample` reads a :class:`~.view.PlayerView` and a random generator, and nothing else: no
game stands behind a view. It deals every card the seat cannot identify afresh, from the cards
it has not placed (a card it knows to be in a hand goes into one of the hands it may be in),
deals the age deck afresh from every age and catastrophe not yet revealed (each pile its size
and one catastrophe, the card the seat saw on top kept there), and then plays the rules on
from where they last stood at a point they can go on from (:class:`~.view.Start`) to the
question under way, answering as the seat knows the answers were given (:class:`~.view.Step`).

Where the seat does not know an answer, the sample chooses one that fits what the seat saw:
a question another player may have been asked silently (a response not made) is answered
silently, a card kept out of sight is one the seat cannot see now, and a card picked at random
that the seat saw go is the one picked again. A deal under which the rules do not come back to
the same question and the same table as the seat sees it is dealt again; after a few tries
the view is refused (:class:`SampleFailed`), and the player falls back on its rules of thumb.
So the sample is a function of the view and the generator alone, and a player's answer can
depend on no card it cannot see: not on another hand, the trait deck, or which ages and
catastrophes are still to come.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from doomlings_access.rules import events as ev
from doomlings_access.kernel.chance import GameRandom, shuffle
from doomlings_access.rules.decisions import SILENT, Choice, Decision, Kind, Value
from doomlings_access.rules.errors import IllegalActionError
from doomlings_access.rules.setup import Setup
from doomlings_access.rules.state import Seat, Table
from doomlings_access.rules.view import NO_POSITION, History, PlayerView, Step

if TYPE_CHECKING:
    from doomlings_access.rules.game import Game

TRIES = 6
"""Deals tried before a view is refused."""


class SampleFailed(ValueError):
    """The view cannot be sampled: it has no history (a game that records nothing, or a deck
    reshuffled since the turn began), or no deal tried came back to the same question."""


def sample(view: PlayerView, rng: random.Random) -> Game:
    """A complete game consistent with ``view``, standing at the same question, for thinking
    ahead. It records no events; its future randomness is drawn from ``rng``."""
    history = view.history
    if history is None:
        raise SampleFailed("this view cannot be sampled: the game keeps no history of it")
    for _ in range(TRIES):
        dealt = _dealt(view, history, rng)
        if dealt is None:
            continue
        g, card_of = dealt
        if _played_to_the_question(g, view, history, card_of, rng) and _agrees(g, view):
            g.rng = GameRandom(rng.getrandbits(64))
            return g
    raise SampleFailed("no deal came back to the question under way")


class _Picks(GameRandom):
    """The chance of a sample played on to the question: cards picked at random that the seat
    saw picked (a random discard, a card taken or looked at at random) are picked again, in
    the order they were."""

    def __init__(self, seed: int, seen_picked: list[int]) -> None:
        super().__init__(seed)
        self.seen_picked = seen_picked

    def sample(self, population: Sequence[Any], k: int, *, counts: Iterable[int] | None = None) -> list[Any]:
        if not self.seen_picked:
            return super().sample(population, k)
        inside = set(population)
        picked = [c for c in self.seen_picked if c in inside][:k]
        for c in picked:
            self.seen_picked.remove(c)
        rest = [c for c in population if c not in picked]
        picked.extend(super().sample(rest, k - len(picked)))
        return picked


def _dealt(view: PlayerView, history: History, rng: random.Random) -> tuple[Game, dict[int, int]] | None:
    """A game standing at the history's start, every alias given a card (and which)."""
    from doomlings_access.rules.game import Checkpoint, Game

    start = history.start
    instances = view.cards.trait_instances
    placed: set[int] = set(start.hands[view.seat])
    for pile in start.piles:
        placed.update(pile)
    placed.update(c for c in start.deck if c >= 0)
    placed.update(start.discard)
    placed.update(start.in_play)
    placed.update(start.box)
    free = [c for c in range(len(instances)) if c not in placed]
    aliases = [a for s, hand in enumerate(start.hands) if s != view.seat for a in hand]
    aliases.extend(a for a in start.deck if a < 0)
    if len(free) != len(aliases):
        return None  # (a table of more cards than the deck holds: not sampled)
    card_of: dict[int, int] = dict(history.named)
    taken = set(card_of.values())
    hand_of = {a: s for s, hand in enumerate(start.hands) for a in hand if a < 0}
    for card, seats in start.known:
        if card in taken:
            continue
        slots = [a for a in aliases if a not in card_of and hand_of.get(a) in seats]
        if not slots:
            return None
        card_of[slots[rng.randrange(len(slots))]] = card
        taken.add(card)
    rest = [c for c in free if c not in taken]
    shuffle(rng, rest)
    for a, card in zip((a for a in aliases if a not in card_of), rest):
        card_of[a] = card

    def real(cards: tuple[int, ...]) -> list[int]:
        return [card_of[c] if c < 0 else c for c in cards]

    cp = Checkpoint.__new__(Checkpoint)
    cp.actions = 0
    cp.log = 0
    cp.seats = [Seat(name, real(hand), list(pile), pool) for name, hand, pile, pool in zip(
        view.names, start.hands, start.piles, start.gene_pools
    )]
    cp.table = Table(
        real(start.deck), list(start.discard), list(start.in_play), _age_deck(view, history, rng),
        list(start.revealed), list(start.catastrophes), set(start.denial_spent), list(start.box),
    )
    cp.round = start.round.copy()
    cp.ending = start.ending.copy()
    cp.rng = GameRandom(0).getstate()
    g = Game(view.cards, _setup(view), record=False, _resume=cp)
    g.rng = _Picks(rng.getrandbits(64), _picked_at_random(view, history))
    return g, card_of


def _setup(view: PlayerView) -> Setup:
    """The setup of a sampled game: the view's players, options and table rules (no seed: a
    sample's chance is its own)."""
    rules = view.table_rules
    return Setup(view.names, 0, view.options, position=None if rules == NO_POSITION else rules)


def _age_deck(view: PlayerView, history: History, rng: random.Random) -> list[str]:
    """The age deck at the start, top last: the cards revealed since (public), then the card
    the seat saw on top, then every age and catastrophe not yet revealed dealt afresh, pile by
    pile, each pile its size and its one catastrophe."""
    from doomlings_access.rules.flow import deck_ages_of

    revealed = set(view.revealed)
    ages = [a for a in deck_ages_of(view.cards, view.options) if a not in revealed and a != view.next_age]
    cats = [c for c in view.cards.catastrophes if c not in revealed and c != view.next_age]
    shuffle(rng, ages)
    shuffle(rng, cats)
    top_first: list[str] = list(view.revealed[len(history.start.revealed) :])
    piles = list(view.age_piles)
    with_catastrophe = [1] * len(piles)
    if view.next_age is not None and piles and piles[0] > 0:
        top_first.append(view.next_age)
        piles[0] -= 1
        if view.next_age in view.cards.catastrophes:
            with_catastrophe[0] = 0  # (the pile's one catastrophe is the card seen)
    if len(piles) == view.catastrophes_to_come and all(size >= n for size, n in zip(piles, with_catastrophe)):
        for size, n in zip(piles, with_catastrophe):  # each pile its ages and one catastrophe
            pile = [*ages[: size - n], *cats[:n]]
            del ages[: size - n], cats[:n]
            shuffle(rng, pile)
            top_first.extend(pile)
    else:  # (a described position's deck of its own making: its catastrophes anywhere)
        to_come = view.catastrophes_to_come - (1 - with_catastrophe[0] if piles else 0)
        pile = [*ages[: max(sum(piles) - to_come, 0)], *cats[:to_come]]
        shuffle(rng, pile)
        top_first.extend(pile)
    return top_first[::-1]


def _picked_at_random(view: PlayerView, history: History) -> list[int]:
    """Cards the seat saw picked at random since the start (discarded, taken or shown), in
    the order they were picked."""
    picked: list[int] = []
    for e in view.log[history.log_start :]:
        if isinstance(e, (ev.Discarded, ev.CardsPassed, ev.CardsRevealed)) and e.random:
            picked.extend(e.cards)
        elif isinstance(e, ev.TraitDiscarded) and e.random:
            picked.append(e.card)
    return picked


def _played_to_the_question(
    g: Game, view: PlayerView, history: History, card_of: dict[int, int], rng: random.Random
) -> bool:
    """Play ``g`` on from the start to the question under way, as the history tells it."""
    seat, steps = view.seat, history.steps
    in_sight = _in_sight(view)
    i = 0
    for _ in range(len(steps) + 64):  # (each answer moves on: a bound, not a loop without end)
        q = g.pending
        if q is None:
            return False
        if i == len(steps) and q.player == seat:
            return True
        value: Value | None
        if i < len(steps) and (steps[i].player, steps[i].reason) == (q.player, q.reason):
            value = _answer(steps[i].value, q, card_of, in_sight, rng)
            i += 1
        elif q.player == seat:
            j = _next_own(steps, i, seat)
            if j is None or (steps[j].player, steps[j].reason) != (q.player, q.reason):
                return False
            i = j  # the answers of others before it were given where this deal asked nothing
            continue
        else:
            value = _unasked(q, in_sight, rng)
        if value is None or value not in q.options:
            return False
        try:
            g.apply(Choice(q.player, value))
        except IllegalActionError:
            return False
    return False


def _next_own(steps: tuple[Step, ...], i: int, seat: int) -> int | None:
    """Where the seat's own next answer is among ``steps`` (from ``i``), if it has one."""
    for j in range(i, len(steps)):
        if steps[j].player == seat:
            return j
    return None


def _in_sight(view: PlayerView) -> set[int]:
    """The cards the seat sees where they lie now."""
    seen = set(view.hand)
    for pile in view.piles:
        seen.update(pile)
    seen.update(view.discard)
    seen.update(view.in_play)
    return seen


def _answer(value: Value | None, q: Decision, card_of: dict[int, int], in_sight: set[int], rng: random.Random) -> Value:
    """The answer a step gave, in the sample's cards (an alias is the card dealt to it); where
    the seat does not know it, a card of the options that the seat cannot see now (a card kept
    or given stays out of sight)."""
    if value is None:
        hidden: list[Value] = [o for o in q.options if isinstance(o, int) and o not in in_sight]
        pool = hidden or list(q.options)
        return pool[rng.randrange(len(pool))]
    if isinstance(value, int) and value < 0 and q.kind != Kind.PLAYER:
        return card_of.get(value, value)
    return value


def _unasked(q: Decision, in_sight: set[int], rng: random.Random) -> Value:
    """An answer to a question the history does not tell of (asked where the real game asked
    nothing, or asked silently): the silent answer where there is one, else a card the seat
    sees where it went (a trait played), else any."""
    for o in q.options:
        if o in SILENT:
            return o
    seen: list[Value] = [o for o in q.options if isinstance(o, int) and o in in_sight]
    pool = seen or list(q.options)
    return pool[rng.randrange(len(pool))]


def _agrees(g: Game, view: PlayerView) -> bool:
    """Whether the sample stands at the view's question with the table the seat sees. The
    order of the seat's hand is its own to see: the sample's is put as the view has it (and
    the question's options with it)."""
    me = g.seats[view.seat]
    q, want = g.pending, view.pending
    if q is None or want is None or sorted(me.hand) != sorted(view.hand):
        return False
    if q != want:
        if q[:3] != want[:3] or q[4:] != want[4:] or sorted(map(str, q.options)) != sorted(map(str, want.options)):
            return False
        g.pending = want
    me.hand[:] = view.hand
    return (
        all(tuple(p.pile) == pile for p, pile in zip(g.seats, view.piles))
        and tuple(p.gene_pool for p in g.seats) == view.gene_pools
        and tuple(len(p.hand) for p in g.seats) == view.hand_sizes
        and len(g.table.deck) == view.deck_size
        and tuple(g.table.discard) == view.discard
        and tuple(g.table.in_play) == view.in_play
    )
