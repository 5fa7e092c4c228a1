"""What one seat may know: :class:`PlayerView`, built from the game and holding nothing more.

A view holds the seat's own hand, every trait pile, gene pools, hand sizes, deck and discard
counts, the public discard pile, the ages and catastrophes so far and the sizes of the piles
still to come, the pending decision when it is the seat's, the event log as the seat saw it,
and how the rules came to the question under way (:class:`History`). It never holds the game,
a card of another hand or of the deck, or the order of the age deck: a card the seat cannot
identify appears in it only as an *alias*, a negative number that stands for "the card that
lay there when the turn began", the same whichever card it really is. Two games that differ
only in what the seat cannot see give equal views.

Computer players receive views, never games, and think ahead in games dealt from a view by
:func:`doomlings_access.rules.sampling.sample`, from what is in the view alone. People are told
what happens from their view too (the interface's announcer never reads the game); an
onlooker's view (:class:`OnlookerView`, the public part of every seat's) tells what everyone
may hear.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from doomlings_access.cards.model import AgeDef, CardSet, TraitDef
from doomlings_access.rules import events as ev
from doomlings_access.rules.decisions import Decision, Kind, Value, answer_is_private, is_silent
from doomlings_access.rules.options import Options
from doomlings_access.rules.position import Position
from doomlings_access.rules.scoring import Score, Tableau
from doomlings_access.rules.state import Ending, RoundState

if TYPE_CHECKING:
    from doomlings_access.rules.game import Checkpoint, Game

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


def update(k: Knowledge, log: list[ev.Event], seat: int | None, until: int | None = None) -> None:
    """Take the events of ``log`` that ``seat`` has not yet read into account (up to ``until``;
    ``seat`` None: an onlooker, who sees only what is public)."""
    end = len(log) if until is None else until
    i = k.read
    while i < end:
        e = log[i]
        if isinstance(e, ev.CardsPassed) and e.whole_hand:
            batch = [e]
            while i + 1 < end:
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


def _in_hand(k: Knowledge, cards: tuple[int, ...], holder: int, seat: int | None) -> None:
    for c in cards:
        k.seen.add(c)
        if holder == seat:
            k.where.pop(c, None)
        else:
            k.where[c] = frozenset((holder,))


def _learn(k: Knowledge, e: ev.Event, seat: int | None) -> None:
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


def _hands_passed(k: Knowledge, batch: list[ev.CardsPassed], seat: int | None) -> None:
    """Whole hands passed at once: what was known in each giver's hand is now the receiver's."""
    moves = {e.giver: e.receiver for e in batch}
    for c, holders in list(k.where.items()):
        k.where[c] = frozenset(moves.get(h, h) for h in holders)
    for e in batch:
        if e.visible(seat):
            _in_hand(k, e.cards, e.receiver, seat)


# --- what the seat knows of how the rules came to the question under way ------------------------


@dataclass(frozen=True)
class Start:
    """The table when the rules last stood where they can go on from the state alone (the
    start of a turn, of a round, or of World's End), as the seat saw it.

    A card the seat could not identify there is an alias (a negative number): other hands
    hold aliases in seat order, then the deck from its top down, each a card of its own."""

    hands: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]
    gene_pools: tuple[int, ...]
    deck: tuple[int, ...]
    """Top last, as the table keeps it: aliases, and the cards the seat knew lay on top."""
    discard: tuple[int, ...]
    in_play: tuple[int, ...]
    box: tuple[int, ...]
    """Cards left out of the game (a described position may leave them out)."""
    denial_spent: frozenset[int]
    revealed: tuple[str, ...]
    catastrophes: tuple[str, ...]
    round: RoundState
    ending: Ending
    known: tuple[tuple[int, frozenset[int]], ...]
    """Cards the seat knew to be in another hand there, with the seats whose hand may hold each."""


@dataclass(frozen=True)
class Step:
    """An answer given since :class:`Start`, as the seat may know it: ``value`` is a card the
    seat can name, an alias, another answer (a player, a colour, a word), or ``None`` where the
    seat knows that the question was asked but not the answer."""

    player: int
    reason: str
    value: Value | None


@dataclass(frozen=True)
class History:
    """How the rules came to the question under way, as the seat knows it: where they last
    stood at a point they can go on from, and the answers given since."""

    start: Start
    steps: tuple[Step, ...]
    named: Mapping[int, int]
    """Aliases whose card the seat has seen since: alias -> the card."""
    log_start: int
    """Where the start is in the seat's log (what it has seen since begins there)."""


# --- the view ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OnlookerView:
    """What everyone at the table may know, and the events as the view's holder saw them.

    A seat's :class:`PlayerView` is this and what the seat knows besides (its hand, the cards it
    knows of in other hands, its question). Alone, it is an onlooker's view
    (:func:`onlooker_view`): what is told when nobody's secrets may be told, as to people
    sharing one keyboard at the end of a game, or to someone watching computer players."""

    names: tuple[str, ...]
    options: Options
    piles: tuple[tuple[int, ...], ...]
    gene_pools: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard: tuple[int, ...]
    in_play: tuple[int, ...]
    revealed: tuple[str, ...]
    catastrophes: tuple[str, ...]
    age_piles: tuple[int, ...]
    """How many cards each pile of the age deck still to come holds, the current era's first
    (each an era's ages and its catastrophe: the sizes are public, the order hidden)."""
    round: int
    phase: str
    first_player: int
    active: int | None
    age: AgeDef | None
    protected: frozenset[int]
    faces: Mapping[int, TraitDef]
    """The trait of every card the holder can see or has seen."""
    recolour: Mapping[int, tuple[str, ...]]
    named_colour: Mapping[int, str]
    colourless_as: tuple[int, bool, frozenset[int]] | None
    worlds_end_catastrophe: str | None
    worlds_end_points: tuple[int, ...]
    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    log: tuple[ev.Event, ...]
    """The events as the holder saw them (others' private cards as counts)."""
    table_rules: Position
    """How a described position is played (how much of the game, whether random picks are
    asked, whether tied leaders draw): the defaults for a game dealt as the rulebook deals it."""
    cards: CardSet = field(compare=False, repr=False)
    """The card data (public: every card of the game, not where each is)."""

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def cards_to_come(self) -> int:
        """Age and catastrophe cards still in the age deck."""
        return sum(self.age_piles)

    @property
    def era(self) -> int:
        return min(len(self.catastrophes) + 1, 3)

    @property
    def catastrophes_to_come(self) -> int:
        return 3 - len(self.catastrophes)

    def card(self, card: int) -> TraitDef:
        """The trait of a card the holder can see or has seen."""
        return self.faces[card]

    def name(self, seat: int) -> str:
        return self.names[seat]

    def seats_from(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(self.n)]

    def owner_of(self, card: int) -> int | None:
        for seat, pile in enumerate(self.piles):
            if card in pile:
                return seat
        return None


@dataclass(frozen=True)
class PlayerView(OnlookerView):
    """Exactly what one seat may know. Equal for games that differ only in what it cannot see."""

    seat: int
    hand: tuple[int, ...]
    next_age: str | None
    """The card the seat has seen on top of the age deck (a look at the next age), if any."""
    known: Mapping[int, frozenset[int]]
    """Cards in other hands this seat knows of, and whose hand may hold each."""
    pending: Decision | None
    """The decision waiting, when it is this seat's."""
    why_not: Mapping[int, str]
    """When the decision waiting is the seat's and plays a trait: why each card it might have
    played may not be played now, in the rules' words (:func:`~.play.play_restriction`): the
    cards of its hand not offered, of the cards it just drew, of the open discard pile, or a
    card offered to take and play that could not then be played. Empty otherwise, and in a
    game that records no events."""
    history: History | None = field(repr=False)
    """How the rules came here, for sampling; None in a game that records no events (a game
    played out in a player's head: its views are read by rules of thumb, not sampled)."""

    def opponents(self, seat: int | None = None) -> list[int]:
        me = self.seat if seat is None else seat
        return [(me + i) % self.n for i in range(1, self.n)]

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


def view_of(g: Game, seat: int) -> PlayerView:
    """Build ``seat``'s view of ``g`` (see :meth:`Game.view`)."""
    recording = g.record
    k = g.knowledge_of(seat) if recording else Knowledge()
    me = g.seats[seat]
    visible = _in_sight(g)
    visible.update(me.hand)
    exact = {c for c, w in k.where.items() if len(w) == 1}
    exact.update(k.deck_top)
    faces_ids = visible | k.seen | exact
    pending = g.pending if g.pending is not None and g.pending.player == seat else None
    if pending is not None and pending.kind != "player":
        # The seat is asked about these cards, so it sees them (a shown hand, cards drawn).
        faces_ids.update(o for o in pending.options if isinstance(o, int))
    return PlayerView(
        **_table(g, faces_ids, tuple(g.seat_log(seat)) if recording else ()),
        seat=seat,
        hand=tuple(me.hand),
        next_age=k.next_age,
        known=dict(k.where),
        pending=pending,
        why_not=_why_not(g, pending) if recording and pending is not None else NO_REASONS,
        history=history_of(g, seat, k) if recording else None,
    )


def onlooker_view(g: Game) -> OnlookerView:
    """What an onlooker knows of ``g``, a game that records its events: the public table, the
    cards that were ever shown to everyone, and the events as everyone saw them."""
    k = Knowledge()
    update(k, g.log, None)
    return OnlookerView(**_table(g, _in_sight(g) | k.seen, tuple(g.seat_log(None))))


def _in_sight(g: Game) -> set[int]:
    """The cards everyone can see now: every trait pile, the discard pile, the cards in play."""
    t = g.table
    visible: set[int] = set(t.discard)
    for p in g.seats:
        visible.update(p.pile)
    visible.update(t.in_play)
    return visible


def _table(g: Game, faces_ids: set[int], log: tuple[ev.Event, ...]) -> dict[str, Any]:
    """The fields of an :class:`OnlookerView` of ``g``: the public table, with the faces of
    ``faces_ids`` and the events ``log`` as the holder saw them."""
    from doomlings_access.rules.flow import age_piles

    t, r, e = g.table, g.round, g.ending
    defs = g.defs
    return dict(
        names=tuple(p.name for p in g.seats),
        options=g.options,
        piles=tuple(tuple(p.pile) for p in g.seats),
        gene_pools=tuple(p.gene_pool for p in g.seats),
        hand_sizes=tuple(len(p.hand) for p in g.seats),
        deck_size=len(t.deck),
        discard=tuple(t.discard),
        in_play=tuple(t.in_play),
        revealed=tuple(t.revealed),
        catastrophes=tuple(t.catastrophes),
        age_piles=tuple(age_piles(g)),
        round=r.number,
        phase=r.phase,
        first_player=r.first_player,
        active=r.active,
        age=r.age,
        protected=frozenset(r.protected),
        faces={c: defs[c] for c in faces_ids},
        recolour=dict(e.recolour),
        named_colour=dict(e.named_colour),
        colourless_as=e.colourless_as,
        worlds_end_catastrophe=e.catastrophe,
        worlds_end_points=tuple(e.points),
        scores=tuple(e.scores),
        winners=e.winners,
        log=log,
        table_rules=_table_rules(g.setup.position),
        cards=g.cards,
    )


NO_REASONS: Mapping[int, str] = {}
"""No card held back (one shared empty mapping: look-ahead games build views by the million)."""
DRAWN_TO_PLAY = ("play_drawn", "may_play_drawn")
"""Questions to play one of the cards just drawn (Cold Blood): those that may not be played
are named with the reason, as a turn's play question names the hand's."""


def _why_not(g: Game, d: Decision) -> Mapping[int, str]:
    """For :attr:`PlayerView.why_not`: why the cards of a play question's hand that are not
    offered may not be played now (or of the cards just drawn to play one of, or of the open
    discard pile), or why a card offered to take and play could not be played. It reads the
    asker's own hand, draw or the cards shown to them, and the open table."""
    from doomlings_access.rules.play import play_restriction, unplayable

    if d.reason in DRAWN_TO_PLAY:  # the asker's own draw: they know those cards
        drawn = next(e.cards for e in reversed(g.log) if isinstance(e, ev.Drew) and e.player == d.player)
        return {c: r for c in drawn if c not in d.options and (r := play_restriction(g, d.player, c))}
    if d.kind == Kind.PLAY or d.reason == "cannot_play":
        return {c: r for c, r in unplayable(g, d.player, -1) if r}
    if d.reason == "take_and_play":
        return {int(c): r for c in d.options if (r := play_restriction(g, d.player, int(c)))}
    if d.reason == "play_from_discard":  # the open discard pile
        return {c: r for c in g.table.discard if c not in d.options and (r := play_restriction(g, d.player, c))}
    return NO_REASONS


def _table_rules(position: Position | None) -> Position:
    """How a game is played, as its described position says (no card of the position: how much
    is played, random picks, tie-break draws)."""
    if position is None:
        return NO_POSITION
    return Position(play=position.play, random_picks=position.random_picks, tie_break_draws=position.tie_break_draws)


NO_POSITION = Position()


def history_of(g: Game, seat: int, now: Knowledge) -> History | None:
    """How the rules came to the question under way, as ``seat`` knows it; None where the game
    cannot tell it (no point to go on from kept, or the deck reshuffled since: where the cards
    it cannot see went is then past telling)."""
    cp = g.checkpoint
    if cp is None or g.pending is None:
        return None
    log = g.log
    since = log[cp.log :]
    if any(isinstance(e, ev.DeckReshuffled) for e in since):
        return None
    then = g.knowledge_of(seat, until=cp.log)
    start, alias_of = _start(g, cp, seat, then)
    seen_since = Knowledge()
    seen_since.read = cp.log
    update(seen_since, log, seat)
    named = {alias: card for card, alias in alias_of.items() if card in seen_since.seen}
    visible_now = set(g.seats[seat].hand)
    for p in g.seats:
        visible_now.update(p.pile)
    visible_now.update(g.table.discard)
    visible_now.update(g.table.in_play)
    public_now = visible_now - set(g.seats[seat].hand)
    steps = []
    for d, action in zip(g.rec.asked[cp.actions :], g.actions[cp.actions :]):
        value: Value | None = action.value
        if d.player != seat and value is not None:
            if isinstance(value, int) and d.kind != "player":
                if answer_is_private(d.reason) and not (seat in d.about[:1] and value in now.seen) and value not in public_now:
                    value = None  # (unless the card went where all see it: taken, then played)
                elif value not in visible_now and value not in now.seen:
                    value = alias_of.get(value)  # a card the seat knows was given: it is an alias
            elif is_silent(d.reason, value):
                continue  # an answer that shows nothing: the seat does not know it was asked
        steps.append(Step(d.player, d.reason, value))
    return History(start, tuple(steps), named, cp.log)


def _start(g: Game, cp: Checkpoint, seat: int, then: Knowledge) -> tuple[Start, dict[int, int]]:
    """The table at ``cp`` as ``seat`` saw it, and the alias of each card it could not identify."""
    alias_of: dict[int, int] = {}

    def hide(card: int) -> int:
        alias = -1 - len(alias_of)
        alias_of[card] = alias
        return alias

    hands = []
    for s, p in enumerate(cp.seats):
        hands.append(tuple(p.hand) if s == seat else tuple(hide(c) for c in p.hand))
    top = set(then.deck_top)
    deck = [c if c in top else 0 for c in cp.table.deck]  # (placeholders first: aliases go top down)
    for i in range(len(deck) - 1, -1, -1):
        if cp.table.deck[i] not in top:
            deck[i] = hide(cp.table.deck[i])
    known = tuple(
        (c, w) for c, w in sorted(then.where.items()) if c in alias_of and DECK not in w
    )
    t = cp.table
    start = Start(
        hands=tuple(hands),
        piles=tuple(tuple(p.pile) for p in cp.seats),
        gene_pools=tuple(p.gene_pool for p in cp.seats),
        deck=tuple(deck),
        discard=tuple(t.discard),
        in_play=tuple(t.in_play),
        box=tuple(t.box),
        denial_spent=frozenset(t.denial_spent),
        revealed=tuple(t.revealed),
        catastrophes=tuple(t.catastrophes),
        round=cp.round.copy(),
        ending=cp.ending.copy(),
        known=known,
    )
    return start, alias_of
