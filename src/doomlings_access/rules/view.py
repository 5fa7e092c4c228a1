"""What one seat may know: :class:`PlayerView`, and games sampled consistently with it.

A view holds the seat's own hand, every trait pile, gene pools, hand sizes, deck and discard
counts, the public discard pile, the ages and catastrophes so far, the pending decision when it
is the seat's, and the event log as the seat saw it. Two games that differ only in what the
seat cannot see (other hands, the order of the deck) give equal views.

Computer players receive views, never games. :meth:`PlayerView.sample` gives them a complete
game to think ahead with: every card the seat cannot see is dealt afresh at random, keeping
what the seat knows (a card it passed, a card it was shown) where it knows it to be.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Mapping

from doomlings_access.cards.model import AgeDef, TraitDef
from doomlings_access.rules import events as ev
from doomlings_access.rules.chance import GameRandom, shuffle
from doomlings_access.rules.decisions import Choice, Decision
from doomlings_access.rules.options import Options
from doomlings_access.rules.scoring import Tableau

if TYPE_CHECKING:
    from doomlings_access.cards import CardSet
    from doomlings_access.rules.game import Checkpoint, Game
    from doomlings_access.rules.options import Setup

DECK = -1
"""Where a card known to lie on the trait deck is (in :attr:`Knowledge.where`)."""


@dataclass
class Knowledge:
    """What one seat knows of cards it cannot see now, kept up to date from its events."""

    seen: set[int] = field(default_factory=set)
    """Every card the seat has seen (it can name them in its log)."""
    where: dict[int, frozenset[int]] = field(default_factory=dict)
    """Cards in other hands the seat knows of: the seats whose hand may hold each (one seat
    when known exactly; ``{DECK}`` for a card known to lie on top of the deck)."""
    deck_top: list[int] = field(default_factory=list)
    """Cards known to lie on top of the deck, the top one last."""
    next_age: str | None = None
    """The age or catastrophe the seat has seen on top of the age deck, until it is revealed."""
    read: int = 0
    """How many events of the log have been taken into account."""

    def copy(self) -> Knowledge:
        return Knowledge(set(self.seen), dict(self.where), list(self.deck_top), self.next_age, self.read)


def update(k: Knowledge, g: Game, seat: int) -> None:
    """Take the events ``seat`` has not yet read into account."""
    log = g.log
    i = k.read
    while i < len(log):
        e = log[i]
        if isinstance(e, ev.CardsPassed) and e.whole_hand:
            batch = [e]
            while i + 1 < len(log):
                nxt = log[i + 1]
                if not (isinstance(nxt, ev.CardsPassed) and nxt.whole_hand and nxt.parent == e.parent):
                    break
                batch.append(nxt)
                i += 1
            _hands_passed(k, batch, seat)
        else:
            _learn(k, e, seat)
        i += 1
    k.read = i


def _public(k: Knowledge, cards: tuple[int, ...] | list[int]) -> None:
    for c in cards:
        k.seen.add(c)
        k.where.pop(c, None)
        if c in k.deck_top:
            k.deck_top.remove(c)


def _in_hand(k: Knowledge, cards: tuple[int, ...], holder: int, seat: int) -> None:
    for c in cards:
        k.seen.add(c)
        if holder == seat:
            k.where.pop(c, None)
        else:
            k.where[c] = frozenset((holder,))


def _learn(k: Knowledge, e: ev.Event, seat: int) -> None:
    if isinstance(e, ev.Drew):
        if e.visible(seat):
            _in_hand(k, e.cards, e.player, seat)
        drawn = e.size
        if k.deck_top:
            taken = k.deck_top[-drawn:]
            del k.deck_top[-drawn:]
            _in_hand(k, tuple(taken), e.player, seat)
    elif isinstance(e, ev.CardsPassed):
        if e.visible(seat):
            _in_hand(k, e.cards, e.receiver, seat)
        else:
            for c, holders in list(k.where.items()):
                if e.giver in holders:
                    k.where[c] = holders | {e.receiver}
    elif isinstance(e, ev.CardsRevealed):
        if e.visible(seat):
            _in_hand(k, e.cards, e.owner, seat)
    elif isinstance(e, ev.HandsSwapped):
        if e.visible(seat):
            _in_hand(k, e.to_other, e.other, seat)
            _in_hand(k, e.to_player, e.player, seat)
        else:
            a, b = e.player, e.other
            for c, holders in list(k.where.items()):
                k.where[c] = frozenset(b if h == a else a if h == b else h for h in holders)
    elif isinstance(e, (ev.Discarded, ev.TraitsRecoloured)):
        _public(k, e.cards)
    elif isinstance(e, ev.TraitToHand):
        _public(k, (e.card,))
        _in_hand(k, (e.card,), e.player, seat)
    elif isinstance(e, ev.PlayFailed):
        _public(k, (e.card,))
        if e.in_hand:
            _in_hand(k, (e.card,), e.player, seat)
        elif not e.discarded:
            k.deck_top.append(e.card)
    elif isinstance(e, ev.DeckReshuffled):
        k.deck_top.clear()
    elif isinstance(e, ev.NextAgeSeen):
        if e.visible(seat):
            k.next_age = e.age
    elif isinstance(e, (ev.AgeRevealed, ev.AgeIgnored, ev.CatastropheRevealed)):
        k.next_age = None
    else:
        card = getattr(e, "card", None)
        if isinstance(card, int) and not isinstance(e, (ev.ColourNamed,)):
            _public(k, (card,))


def _hands_passed(k: Knowledge, batch: list[ev.CardsPassed], seat: int) -> None:
    """Whole hands passed at once: what was known in each giver's hand is now the receiver's."""
    moves = {e.giver: e.receiver for e in batch}
    for c, holders in list(k.where.items()):
        k.where[c] = frozenset(moves.get(h, h) for h in holders)
    for e in batch:
        if e.visible(seat):
            _in_hand(k, e.cards, e.receiver, seat)


@dataclass(frozen=True)
class PlayerView:
    """Exactly what one seat may know. Equal for games that differ only in what it cannot see."""

    seat: int
    names: tuple[str, ...]
    options: Options
    hand: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    gene_pools: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard: tuple[int, ...]
    in_play: tuple[int, ...]
    revealed: tuple[str, ...]
    catastrophes: tuple[str, ...]
    cards_to_come: int
    """Age and catastrophe cards still in the age deck."""
    round: int
    phase: str
    first_player: int
    active: int | None
    age: AgeDef | None
    protected: frozenset[int]
    known: Mapping[int, frozenset[int]]
    """Cards in other hands this seat knows of, and whose hand may hold each."""
    faces: Mapping[int, TraitDef]
    """The trait of every card this seat can see or has seen."""
    recolour: Mapping[int, tuple[str, ...]]
    named_colour: Mapping[int, str]
    colourless_as: tuple[int, bool, frozenset[int]] | None
    worlds_end_catastrophe: str | None
    worlds_end_points: tuple[int, ...]
    scores: tuple[tuple[int, int, int, int], ...]
    winners: tuple[int, ...]
    pending: Decision | None
    """The decision waiting, when it is this seat's."""
    log: tuple[ev.Event, ...]
    cards: CardSet = field(compare=False, repr=False)
    _sampler: _Sampler | None = field(default=None, compare=False, repr=False)

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def era(self) -> int:
        return min(len(self.catastrophes) + 1, 3)

    @property
    def catastrophes_to_come(self) -> int:
        return 3 - len(self.catastrophes)

    def card(self, card: int) -> TraitDef:
        """The trait of a card this seat can see or has seen."""
        return self.faces[card]

    def name(self, seat: int) -> str:
        return self.names[seat]

    def opponents(self, seat: int | None = None) -> list[int]:
        me = self.seat if seat is None else seat
        return [(me + i) % self.n for i in range(1, self.n)]

    def seats_from(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(self.n)]

    def owner_of(self, card: int) -> int | None:
        for seat, pile in enumerate(self.piles):
            if card in pile:
                return seat
        return None

    def tableau(self, hand_sizes: bool = False) -> Tableau:
        """The table as this seat can score it (other hands unknown; with ``hand_sizes``, a
        bonus that counts all the cards of another hand counts them)."""
        hands: list[tuple[int, ...] | None] = [None] * self.n
        hands[self.seat] = self.hand
        return Tableau(
            self.faces,
            self.piles,
            hands,
            self.gene_pools,
            self.worlds_end_points,
            self.recolour,
            self.named_colour,
            self.colourless_as,
            self.options.gene_pool_leader_bonus,
            self.hand_sizes if hand_sizes else (),
        )

    def sample(self, rng: random.Random) -> Game:
        """A complete game consistent with this view, for thinking ahead.

        Every card the seat cannot see (other hands, the deck) is dealt afresh from those same
        cards, keeping each card the seat knows of in the hands that may hold it; the game's
        future randomness is drawn from ``rng``. It records no events."""
        if self._sampler is None:
            raise ValueError("this view cannot be sampled")
        return self._sampler.sample(rng)


class _Sampler:
    """Rebuilds the position behind a view and deals what the seat cannot see afresh.

    A paused rules generator cannot be rebuilt from public facts alone, so the sampler keeps
    the engine's own way back to this position (the latest checkpoint and the answers since);
    it uses it only for where cards lie, and gives every card the seat cannot see a new identity.
    """

    __slots__ = (
        "ages", "cards", "checkpoint", "constrained", "defs", "faces", "hidden", "next_age", "replay_defs",
        "setup", "tape",
    )

    def __init__(
        self,
        cards: CardSet,
        setup: Setup,
        checkpoint: Checkpoint | None,
        tape: tuple[Choice, ...],
        replay_defs: list[TraitDef],
        defs: tuple[TraitDef, ...],
        hidden: tuple[int, ...],
        constrained: tuple[tuple[int, tuple[int, ...]], ...],
        next_age: str | None,
    ) -> None:
        self.cards, self.setup, self.checkpoint, self.tape = cards, setup, checkpoint, tape
        self.replay_defs, self.defs = replay_defs, defs
        self.hidden, self.constrained, self.next_age = hidden, constrained, next_age
        self.faces: _Deal | None = None
        self.ages: _AgeDeal | None = None
        """Worked out at the first sample (a view that is never sampled costs nothing more)."""

    def sample(self, rng: random.Random) -> Game:
        from doomlings_access.rules.game import Game

        cp = self.checkpoint
        if cp is None:  # no checkpoint kept: replay from the deal
            g = Game.replay(self.cards, self.setup, self.tape, record=False)
        else:
            g = Game(
                self.cards, self.setup, record=False, checkpoints=False,
                _resume=cp, _defs=self.replay_defs,
            )
            for action in self.tape:
                g.apply(action)
        defs = list(self.defs)
        if self.hidden:
            if self.faces is None:
                self.faces = _Deal(defs, self.hidden, self.constrained)
            self.faces.onto(defs, rng)
        g.defs = defs
        g._index_cards(shared=False)
        if self.ages is None:
            self.ages = _AgeDeal(g, self.next_age)
        if self.ages.piles:
            g.table.age_deck = self.ages.deal(rng)
        g.rng = GameRandom(rng.getrandbits(64))
        g.sampled = True
        return g


class _AgeDeal:
    """How the age deck is dealt afresh: each pile still to come keeps its size and its
    catastrophe count, the unrevealed ages and catastrophes are shuffled among them, and an age
    the seat has seen on top (a look at the next age) stays there. Worked out once per view:
    every sample of it stands at the same place."""

    __slots__ = ("ages", "cats", "piles", "pinned")

    def __init__(self, g: Game, seen_on_top: str | None) -> None:
        from doomlings_access.rules.flow import age_piles

        top_first = g.table.age_deck[::-1]
        sizes = age_piles(g)
        self.piles: list[tuple[int, int]] = []
        """Per pile, top first: how many catastrophes and ages it is dealt (none: the deck is
        left as it is, a described position with a deck of its own making)."""
        self.pinned: str | None = None
        self.ages: list[str] = []
        self.cats: list[str] = []
        if len(top_first) < 2 or sum(sizes) != len(top_first):
            return
        if seen_on_top is not None and seen_on_top == top_first[0]:
            self.pinned = seen_on_top
        catastrophes = g.cards.catastrophes
        self.ages = sorted(c for c in top_first if c not in catastrophes and c != self.pinned)
        self.cats = sorted(c for c in top_first if c in catastrophes and c != self.pinned)
        start = 0
        for i, size in enumerate(sizes):
            pile = top_first[start : start + size]
            start += size
            n_cats = sum(1 for c in pile if c in catastrophes and c != self.pinned)
            n_ages = len(pile) - n_cats - (1 if i == 0 and self.pinned is not None else 0)
            self.piles.append((n_cats, n_ages))

    def deal(self, rng: random.Random) -> list[str]:
        """A new age deck (its top last, as the table keeps it)."""
        ages, cats = list(self.ages), list(self.cats)
        shuffle(rng, ages)
        shuffle(rng, cats)
        deck: list[str] = []
        for i, (n_cats, n_ages) in enumerate(self.piles):
            new = [*cats[:n_cats], *ages[:n_ages]]
            del cats[:n_cats], ages[:n_ages]
            shuffle(rng, new)
            if i == 0 and self.pinned is not None:
                new.insert(0, self.pinned)
            deck.extend(new)
        return deck[::-1]


class _Deal:
    """Gives hidden cards new identities: a random permutation of their traits, where each
    trait the seat knows of lands on a card among those allowed for it.

    The traits are put in a fixed order first, so the result depends only on what the seat
    may know and on the generator, never on where the hidden cards really are. That order is
    worked out once; each deal then costs one shuffle."""

    __slots__ = ("constrained", "hidden", "original", "rest")

    def __init__(
        self,
        defs: list[TraitDef],
        hidden: tuple[int, ...],
        constrained: tuple[tuple[int, tuple[int, ...]], ...],
    ) -> None:
        self.hidden, self.constrained = hidden, constrained
        self.original = {c: defs[c] for c in hidden}
        known = {card for card, _ in constrained}
        self.rest = sorted((self.original[c] for c in hidden if c not in known), key=attrgetter("id"))

    def onto(self, defs: list[TraitDef], rng: random.Random) -> None:
        """Deal into ``defs`` (which hold the traits the deal was worked out from)."""
        slots = list(self.hidden)
        for card, allowed in self.constrained:
            free = [c for c in allowed if c in slots]
            slot = rng.choice(free) if free else card
            slots.remove(slot)
            defs[slot] = self.original[card]
        rest = list(self.rest)
        shuffle(rng, rest)
        for slot, face in zip(slots, rest):
            defs[slot] = face


def unseen_dealt_afresh(g: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``g`` that differs only in what ``seat`` cannot see, and never saw.

    Every card in another hand or the deck that ``seat`` has never seen gets another trait,
    from the same cards, at random. The copy keeps the log; ``seat``'s view of it equals its
    view of ``g``, and a player who reads only views must decide the same in both. This is how
    the tests check that nothing peeks."""
    k = g.knowledge_of(seat)
    unseen = tuple(c for c in _hidden_zones(g, seat) if c not in k.seen and c not in k.where)
    twin = g.clone(record=True)
    if unseen:
        defs = list(twin.defs)
        _Deal(defs, unseen, ()).onto(defs, rng)
        twin.defs = defs
        twin._index_cards(shared=False)
        twin.faces_dealt_at = len(twin.actions)
    return twin


def view_of(g: Game, seat: int) -> PlayerView:
    """Build ``seat``'s view of ``g`` (see :meth:`Game.view`)."""
    k = g.knowledge_of(seat)
    t, r, e = g.table, g.round, g.ending
    me = g.seats[seat]
    visible: set[int] = set(me.hand)
    for p in g.seats:
        visible.update(p.pile)
    visible.update(t.discard)
    visible.update(t.in_play)
    known = {c: w for c, w in k.where.items()}
    exact = {c for c, w in known.items() if len(w) == 1}
    exact.update(k.deck_top)
    faces_ids = visible | k.seen | exact
    pending = g.pending if g.pending is not None and g.pending.player == seat else None
    if pending is not None and pending.kind != "player":
        # The seat is asked about these cards, so it sees them (a shown hand, cards drawn).
        faces_ids.update(o for o in pending.options if isinstance(o, int))
    faces = {c: g.defs[c] for c in faces_ids}
    # Cards the seat is being shown now keep their faces (they may lie in another hand).
    shown = {o for o in pending.options if isinstance(o, int)} if pending is not None and pending.kind != "player" else set()
    hidden_ids = [c for c in _hidden_zones(g, seat) if c not in exact and c not in shown]
    hand_of = {c: s for s, p in enumerate(g.seats) if s != seat for c in p.hand}
    constrained = tuple(
        (c, tuple(h for h in hidden_ids if hand_of.get(h) in w))
        for c, w in known.items()
        if len(w) > 1 and c in hand_of
    )
    cp = g.checkpoint
    tape = tuple(g.actions[cp.actions :]) if cp is not None else tuple(g.actions)
    # A sampled game (its actions start at a checkpoint it does not keep), or a twin answered
    # on since its unseen cards were dealt afresh (under faces a replay would not have): its
    # views cannot be sampled, and players thinking inside it use their rules of thumb.
    answered_since = g.faces_dealt_at is not None and len(g.actions) > g.faces_dealt_at
    sampler = None if answered_since or g.sampled else _Sampler(
        g.cards, g.setup, cp, tape, g.replay_defs, tuple(g.defs), tuple(hidden_ids), constrained,
        k.next_age,
    )
    return PlayerView(
        seat=seat,
        names=tuple(p.name for p in g.seats),
        options=g.options,
        hand=tuple(me.hand),
        piles=tuple(tuple(p.pile) for p in g.seats),
        gene_pools=tuple(p.gene_pool for p in g.seats),
        hand_sizes=tuple(len(p.hand) for p in g.seats),
        deck_size=len(t.deck),
        discard=tuple(t.discard),
        in_play=tuple(t.in_play),
        revealed=tuple(t.revealed),
        catastrophes=tuple(t.catastrophes),
        cards_to_come=len(t.age_deck),
        round=r.number,
        phase=r.phase,
        first_player=r.first_player,
        active=r.active,
        age=r.age,
        protected=frozenset(r.protected),
        known={c: w for c, w in known.items()},
        faces=faces,
        recolour=dict(e.recolour),
        named_colour=dict(e.named_colour),
        colourless_as=e.colourless_as,
        worlds_end_catastrophe=e.catastrophe,
        worlds_end_points=tuple(e.points),
        scores=tuple(e.scores),
        winners=e.winners,
        pending=pending,
        log=tuple(g.seat_log(seat)),
        cards=g.cards,
        _sampler=sampler,
    )


def _hidden_zones(g: Game, seat: int) -> list[int]:
    """The cards ``seat`` cannot see: other hands and the deck, in a fixed order."""
    out: list[int] = []
    for s, p in enumerate(g.seats):
        if s != seat:
            out.extend(p.hand)
    out.extend(g.table.deck)
    return out

