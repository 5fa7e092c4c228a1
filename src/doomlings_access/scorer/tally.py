"""Score a real table, for programs: cards by id in, each question that matters out as data,
and the result at the end.

A :class:`Tally` sets the table up at World's End in one engine game (each player's traits,
and hand and gene pool where cards need them; the catastrophes in the order revealed) and
plays World's End and scoring in it. Random picks are asked, since they happened at the table
(which trait went, which card was drawn). A choice with one possible answer, or whose answer
changes nobody's score, is taken without asking (its first answer; a trait that went is said
to be any of those alike). A choice that changes a score comes back from :meth:`Tally.next`
as a :class:`Question`: whose, which card asks, and the possible answers as ids with their
names. The caller answers (:meth:`Tally.answer`) and the same game goes on from there. Only
the look-ahead that tells whether a choice matters plays on, in clones of the game as it
stands (one per answer, until two score differently), never the table set up again. The one
exception comes before World's End: whether a trait (Denial) kept its player out of the
final catastrophe is part of the set-up, so when that is in question the table is set up
with and without the protection, and the game for the answer is kept.

A tie is broken as the rulebook breaks it, with a trait each tied player draws: when the
table gives those draws from the start (``tie_break``), they are answered like any choice;
otherwise the tally ends with the tie, which :meth:`Tally.break_tie` can then break.

>>> from doomlings_access.cards import load_cards
>>> table = TableCards(
...     (PlayerCards("Ana", ("sentience", "quick")), PlayerCards("Ben", ("fangs",))), ("ice_age",)
... )
>>> tally = Tally(load_cards(), table)
>>> question = tally.next()
>>> question.player, question.card, str(question.reason), [o.id for o in question.options]
(0, 'sentience', 'name_colour', ['blue', 'green', 'purple', 'red'])
>>> tally.answer("red")
>>> outcome = tally.next()
>>> [(p.name, p.score.total, p.bonuses) for p in outcome.players], outcome.winners
([('Ana', 4, (('sentience', 2),)), ('Ben', 0, ())], (0,))
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Protocol, Sequence

from doomlings_access.cards.pieces import Use, uses_of
from doomlings_access.cards.pieces import Hook
from doomlings_access.cards import CardSet
from doomlings_access.cards.lookup import join_or
from doomlings_access.rules import Choice, Game, Options, Position, Setup
from doomlings_access.rules.decisions import Kind
from doomlings_access.rules import events as ev
from doomlings_access.rules.decisions import Decision, Value
from doomlings_access.rules.hooks import in_pile
from doomlings_access.rules.options import MAX_PLAYERS
from doomlings_access.rules.position import GENE_POOL_RANGE
from doomlings_access.rules.scoring import Score

Id = str | int
"""An answer: a trait's or a catastrophe's id, a colour, or a word ("yes", "no", "pass"); a
seat for a player."""

MAX_CARDS = 300
"""Most cards (traits and hands of every player) a table may hold: one deck has 116 traits,
so this allows two decks and a sloppy tally, while keeping scoring quick (the rules' scoring
takes time that grows faster than the number of traits)."""
MAX_STEPS = 200
"""Questions a look-ahead answers at most before it stops (World's End asks a few dozen)."""
PROTECTS = "denial_protects"
"""The reason of the question whether a trait protected its player from the final
catastrophe (asked before World's End: its catastrophic effect happened already)."""
TIE_BREAK = "tie_break"
"""The card a tie-break draw is asked for: none, the rules' tie-break."""
GENE_POOL_WHY = (
    f"a whole number from {GENE_POOL_RANGE[0]} to {GENE_POOL_RANGE[1]} (normally 1 to 8)"
)
"""What a gene pool must be (the game keeps them to 1 to 8; a tally may be off)."""


@dataclass(frozen=True)
class PlayerCards:
    """One player's cards at World's End, by id."""

    name: str
    traits: tuple[str, ...] = ()
    """The trait pile, in the order played (World's End effects resolve in pile order)."""
    hand: tuple[str, ...] = ()
    gene_pool: int = 5
    """After the final catastrophe's gene pool change."""


@dataclass(frozen=True)
class TableCards:
    """A table at World's End: the players in seat order and the catastrophes revealed."""

    players: tuple[PlayerCards, ...]
    catastrophes: tuple[str, ...] = ()
    """In the order revealed: the last is the final catastrophe."""
    first_player: int = 0
    """The seat World's End starts with (effects resolve in turn order from it)."""
    options: Options = field(default_factory=Options)
    tie_break: bool = False
    """Whether the tied leaders' draws are part of the table from the start (a score file
    that names them); otherwise a tie stands until :meth:`Tally.break_tie`."""


@dataclass(frozen=True)
class Option:
    """One possible answer."""

    id: Id
    name: str
    """How it is said: a card's name, a colour, a player's name; "yes" and "no"; "none" for
    no change (no colour, no trait played)."""


@dataclass(frozen=True)
class Left:
    """A trait that left a player's pile at World's End (discarded, given, taken)."""

    player: int
    trait: str
    among: tuple[str, ...] = ()
    """When which trait went changes no score and was not asked: every trait it could have
    been, ``trait`` (the one the rules took) among them."""
    by: str | None = None
    """The card that made it go: a trait (of ``by_player``) or a catastrophe; None for a step
    of the rules."""
    by_player: int | None = None


@dataclass(frozen=True)
class Question:
    """A choice the rules need and the table did not give, which changes a score."""

    player: int
    """Whose choice it is (the player who lost a trait at random: whose trait went)."""
    card: str | None
    """The id of the card that asks (a trait or a catastrophe), :data:`TIE_BREAK` for a
    tie-break draw."""
    kind: str
    """What the answers are (:mod:`doomlings_access.rules.decisions`: colour, trait, chance...)."""
    reason: str
    """Why it is asked (``name_colour``, ``recolour_from``, ``worlds_end_draw``, ...)."""
    options: tuple[Option, ...]
    removed: tuple[Left, ...] = ()
    """The traits gone from their piles so far, in the order they went: one asking a person
    tells them first, as the answers may be fewer because of them."""

    @property
    def tie_break(self) -> bool:
        return self.card == TIE_BREAK


@dataclass(frozen=True)
class WorldsEndPoints:
    """Points World's End gave or took from a player."""

    player: int
    points: int
    card: str | None
    """The card whose World's End effect gave them (the catastrophe), or None."""
    drawn: str | None = None
    """The trait drawn for its face value, when the points come from one."""


@dataclass(frozen=True)
class TieBreak:
    """A tied leader's draw: the trait drawn and the face value it added."""

    trait: str
    points: int


@dataclass(frozen=True)
class PlayerResult:
    """A player's score, with its parts card by card."""

    name: str
    score: Score
    bonuses: tuple[tuple[str | None, int], ...]
    """The bonus card by card: (trait id, points); None for the largest gene pool's bonus."""
    worlds_end: tuple[WorldsEndPoints, ...]
    """The World's End points card by card."""
    tie_break: TieBreak | None = None


@dataclass(frozen=True)
class Outcome:
    """The end of a tally."""

    players: tuple[PlayerResult, ...]
    winners: tuple[int, ...]
    tied: tuple[int, ...]
    """The leaders before any tie-break draw: more than one is a tie."""
    worlds_end: str | None
    """The catastrophe whose World's End effect applied (a Prepper may choose another)."""
    removed: tuple[Left, ...]
    worlds_end_points: tuple[WorldsEndPoints, ...]
    """Every player's World's End points, in the order they were given."""
    tie_open: bool = False
    """A tie that :meth:`Tally.break_tie` can still break (the draws are not taken yet)."""


class TableError(ValueError):
    """A table the rules cannot set up; ``field`` names the part, as a score file names it."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"{field}: {why}")
        self.field, self.why = field, why


class NotAnOption(ValueError):
    """An answer that is not one of the question's (a card that was not left to draw)."""

    def __init__(self, question: Question, answer: Id, why: str) -> None:
        super().__init__(why)
        self.question, self.answer = question, answer


class Given(Protocol):
    """Answers given ahead (a score file's): one is asked for every question the rules ask,
    the look-ahead's too, and gives an option's id, or None when it does not say. It raises
    a ValueError when the answer it has is not possible here: on the way a look-ahead takes,
    that shows the table did not go that way (the choice that led there is asked)."""

    def answer(self, question: Question) -> Id | None: ...

    def copy(self) -> Given:
        """An independent copy, for a look-ahead (answers may be counted as they are used)."""


@dataclass
class _Waiting:
    question: Question
    decision: Decision | None
    """The engine's question it stands for; None for the question of a protection."""


@dataclass
class _Protection:
    """Who a trait protects from the final catastrophe: said yes, and not said yet (seat and
    the trait's id) in seat order."""

    yes: list[int]
    unknown: list[tuple[int, str]]


@dataclass
class _Ahead:
    """Answers the caller gave ahead: a card's next questions to a player, the draws that
    break a tie; and the given answers (a copy for each look-ahead)."""

    given: Given | None
    queued: dict[tuple[int, str | None], list[Id]] = field(default_factory=dict)
    draws: dict[int, Id] = field(default_factory=dict)

    def copy(self) -> _Ahead:
        given = self.given.copy() if self.given is not None else None
        return _Ahead(given, {k: list(v) for k, v in self.queued.items()}, self.draws)

    def answer(self, q: Question) -> Id | None:
        if q.tie_break and q.player in self.draws:
            return self.draws[q.player]
        queued = self.queued.get((q.player, q.card))
        if queued:
            return queued.pop(0)
        return self.given.answer(q) if self.given is not None else None


class Tally:
    """World's End and scoring of one table, asking what it needs (see the module's text).

    Drive it with :meth:`next` (a :class:`Question` or the :class:`Outcome`) and
    :meth:`answer`. Raises :class:`TableError` for a table the rules cannot set up."""

    def __init__(self, cards: CardSet, table: TableCards, given: Given | None = None) -> None:
        check_table(cards, table)
        self.cards, self.table = cards, table
        self._ahead = _Ahead(given)
        self._breaking = table.tie_break
        self._built: dict[tuple[int, ...], Game] = {}
        """Games standing at World's End, by the seats protected (one, unless a protection
        is in question)."""
        self._protection: _Protection | None = None
        self._game: Game | None = None
        self._waiting: _Waiting | None = None
        self._alike: dict[tuple[int, str], tuple[str, ...]] = {}
        """(seat, trait taken) -> every trait it could have been: choices not asked."""
        self._outcome: Outcome | None = None

    # --- driving -------------------------------------------------------------------------------

    def next(self) -> Question | Outcome:
        """Play on until a choice that matters (its :class:`Question`) or the end; the same
        question again until it is answered. Raises :class:`NotAnOption` when an answer given
        ahead is not possible here."""
        if self._waiting is not None:
            return self._waiting.question
        if self._outcome is not None:
            return self._outcome
        asked = self._settle_protection()
        if asked is not None:
            self._waiting = _Waiting(asked, None)
            return asked
        g = self._game
        assert g is not None
        while (d := g.pending) is not None:
            if self._stops(d):
                break
            q = self._question(g, d)
            value = self._given(q, self._ahead)
            if value is None:
                if len(q.options) > 1 and self._matters(g, q):
                    q = replace(q, removed=self._removed(g))
                    self._waiting = _Waiting(q, d)
                    return q
                if len(q.options) > 1 and d.kind == Kind.TRAIT:
                    self._alike[(d.player, str(q.options[0].id))] = tuple(str(o.id) for o in q.options)
                value = q.options[0].id
            self._apply(g, d, value)
        self._outcome = self._result(g)
        return self._outcome

    def answer(self, answer: Id, then: Sequence[Id] = ()) -> None:
        """Answer the question :meth:`next` returned with one of its options' ids; ``then``
        answers the same card's next questions to the same player, in order (a recolouring:
        the colour changed, then the colour it becomes). Raises :class:`NotAnOption`, and
        changes nothing, for an answer not among its options."""
        waiting = self._waiting
        if waiting is None:
            raise ValueError("no question is waiting for an answer")
        q = waiting.question
        option = self._option(q, answer)
        self._waiting = None
        if then:
            self._ahead.queued[(q.player, q.card)] = list(then)
        if waiting.decision is None:  # whether a trait protected its player
            assert self._protection is not None
            self._protection.unknown.pop(0)
            if option.id == "yes":
                self._protection.yes.append(q.player)
            return
        assert self._game is not None
        self._apply(self._game, waiting.decision, option.id)

    def break_tie(self, draws: Mapping[int, Id] | None = None) -> None:
        """Go on past a tie that stands (:attr:`Outcome.tie_open`) to the tie-break draws:
        ``draws`` gives the trait (its id) each tied seat drew; one not given is asked if it
        matters. The next :meth:`next` gives the outcome with the draws."""
        if self._outcome is None or not self._outcome.tie_open:
            raise ValueError("no tie is waiting to be broken")
        self._breaking = True
        self._ahead.draws = dict(draws or {})
        self._outcome = None

    # --- the game -----------------------------------------------------------------------------

    def _build(self, protected: tuple[int, ...]) -> Game:
        """The table standing at World's End, with ``protected`` seats spared by the final
        catastrophe (built once for each such set)."""
        g = self._built.get(protected)
        if g is None:
            t = self.table
            position = Position(
                hands=tuple(p.hand for p in t.players),
                piles=tuple(p.traits for p in t.players),
                gene_pools=tuple(p.gene_pool for p in t.players),
                revealed=t.catastrophes,
                age_deck=(),
                first_player=t.first_player,
                start="worlds_end",
                rest_of_deck="in_order",
                random_picks="ask",
                protected=protected,
            )
            names = tuple(p.name for p in t.players)
            g = self._built[protected] = Game(self.cards, Setup(names, 0, t.options, position=position))
        return g

    def _settle_protection(self) -> Question | None:
        """Which players a trait protected from the final catastrophe (its catastrophic effect
        happened, its World's End effect is to come): asked, for each one it may have, only
        when it changes a score. Then the game to play World's End in is known."""
        if self._game is not None:
            return None
        if self._protection is None:
            self._protection = _Protection([], [])
            probe = self._build(())
            for seat, card in _protecting(probe, self.table.catastrophes):
                q = Question(seat, card, Kind.YES_NO, PROTECTS, (Option("no", "no"), Option("yes", "yes")))
                given = self._given(q, self._ahead)
                if given is None:
                    self._protection.unknown.append((seat, card))
                elif given == "yes":
                    self._protection.yes.append(seat)
        yes, unknown = self._protection.yes, self._protection.unknown
        if unknown:
            spared = tuple(sorted(yes))
            every = tuple(sorted({*yes, *(seat for seat, _ in unknown)}))
            if self._end(self._build(spared)) != self._end(self._build(every)):
                seat, card = unknown[0]
                return Question(seat, card, Kind.YES_NO, PROTECTS, (Option("no", "no"), Option("yes", "yes")))
            unknown.clear()  # (as none, since it is all the same)
        self._game = self._build(tuple(sorted(yes)))
        self._built.clear()
        return None

    def _stops(self, d: Decision) -> bool:
        """A tie-break draw, when the draws are not part of this tally (yet): the tie stands."""
        return d.source == TIE_BREAK and not self._breaking

    def _matters(self, g: Game, q: Question) -> bool:
        """Whether two answers to ``q`` end with different scores or winners."""
        seen: set[tuple[Any, ...]] = set()
        for option in q.options:
            seen.add(self._end(g, option.id))
            if len(seen) > 1:
                return True
        return False

    def _end(self, g: Game, answer: Id | None = None) -> tuple[Any, ...]:
        """The scores and winners ``g`` ends with (after ``answer`` to its question), played
        on in a copy, every choice not given taking its first answer; or why an answer given
        is not possible that way (then the table did not go that way: the choice that took
        it matters, whatever the scores)."""
        h = g.clone(record=False)
        ahead = self._ahead.copy()
        steps = 0
        if answer is not None:
            d = h.pending
            assert d is not None
            self._apply(h, d, answer)
        while (d := h.pending) is not None and steps < MAX_STEPS and not self._stops(d):
            q = self._question(h, d)
            try:
                value = self._given(q, ahead)
            except ValueError as exc:  # (NotAnOption, or the given answers' own error)
                return ("not possible", str(exc))
            self._apply(h, d, q.options[0].id if value is None else value)
            steps += 1
        scores = tuple(h.ending.scores)
        stood = h.pending is not None and self._stops(h.pending)
        return scores, _leaders(scores) if stood else h.ending.winners

    def _given(self, q: Question, ahead: _Ahead) -> Id | None:
        """The answer given ahead to ``q``, checked to be one of its options."""
        given = ahead.answer(q)
        return None if given is None else self._option(q, given).id

    def _option(self, q: Question, answer: Id) -> Option:
        for option in q.options:
            if option.id == answer:
                return option
        raise NotAnOption(q, answer, not_an_option(self.cards, q, answer))

    def _apply(self, g: Game, d: Decision, answer: Id) -> None:
        g.apply(Choice(d.player, _value(g, d, answer)))

    def _question(self, g: Game, d: Decision) -> Question:
        """``d`` as data: its distinct answers (two copies of a trait are one answer)."""
        options: dict[Id, Option] = {}
        cards = [v for v in d.options if isinstance(v, int)] if d.kind != Kind.PLAYER else []
        for v in d.options:
            if isinstance(v, int) and d.kind != Kind.PLAYER:
                trait = g.defs[v]
                name = "yes" if d.kind == Kind.RESPOND and len(cards) == 1 else trait.name
                options.setdefault(trait.id, Option(trait.id, name))
            else:
                options.setdefault(v, Option(v, self._option_name(d, v)))
        return Question(d.player, d.source, d.kind, d.reason, tuple(options.values()))

    def _option_name(self, d: Decision, v: Value) -> str:
        if d.kind == Kind.PLAYER and isinstance(v, int):
            return self.table.players[v].name
        if d.kind == Kind.CATASTROPHE:
            return self.cards.catastrophes[str(v)].name
        if d.kind in (Kind.YES_NO, Kind.RESPOND):
            return "no" if v in ("no", "pass") else "yes"
        return "none" if v == "no" else str(v)

    # --- the outcome --------------------------------------------------------------------------

    def _result(self, g: Game) -> Outcome:
        e = g.ending
        scores = tuple(e.scores)
        tied = _leaders(scores)
        stood = g.pending is not None
        bonuses: dict[int, tuple[tuple[str | None, int], ...]] = {}
        points: list[WorldsEndPoints] = []
        draws: dict[int, TieBreak] = {}
        for event in g.log:
            if isinstance(event, ev.ScoreTallied):
                bonuses[event.player] = tuple((None if c < 0 else g.defs[c].id, p) for c, p in event.items)
            elif isinstance(event, ev.WorldsEndPoints):
                drawn = g.defs[event.card].id if event.card is not None else None
                by = event.cause.id if event.cause is not None else None
                points.append(WorldsEndPoints(event.player, event.points, by, drawn))
            elif isinstance(event, ev.TieBreakDraw):
                draws[event.player] = TieBreak(g.defs[event.card].id, e.tie_break[event.player])
        players = tuple(
            PlayerResult(
                p.name, scores[seat], bonuses.get(seat, ()),
                tuple(w for w in points if w.player == seat), draws.get(seat),
            )
            for seat, p in enumerate(self.table.players)
        )
        chosen = e.catastrophe or (g.table.catastrophes[-1] if g.table.catastrophes else None)
        winners = tied if stood else e.winners
        return Outcome(players, winners, tied, chosen, self._removed(g), tuple(points), stood and len(tied) > 1)

    def _removed(self, g: Game) -> tuple[Left, ...]:
        """Traits in a pile before World's End and not in it now, in the order they went,
        each with its cause."""
        leaving = [e for e in g.log if _trait_left(e) is not None]
        found: list[tuple[int, Left]] = []
        for seat, player in enumerate(self.table.players):
            left = [g.defs[c].id for c in g.seats[seat].pile]
            for trait in player.traits:
                if trait in left:
                    left.remove(trait)
                    continue
                event = _leaving_event(g, leaving, seat, trait)
                cause = event.cause if event is not None else None
                by: str | None = None
                by_player: int | None = None
                if cause is not None and cause.kind == ev.TRAIT and cause.seat is not None:
                    by, by_player = cause.id, cause.seat
                elif cause is not None and cause.kind == ev.CATASTROPHE:
                    by = cause.id
                removal = Left(seat, trait, self._alike.get((seat, trait), ()), by, by_player)
                found.append((event.seq if event is not None else len(g.log), removal))
        return tuple(removal for _, removal in sorted(found, key=lambda pair: pair[0]))


def check_table(cards: CardSet, table: TableCards) -> None:
    """Raise :class:`TableError` for a table the rules cannot set up or score, naming the
    field as a score file names it (``players[1].traits``)."""
    cats = table.catastrophes
    if len(cats) > 3:
        raise TableError("catastrophes", "a list of at most 3 catastrophe names")
    for i, cat in enumerate(cats):
        if cat not in cards.catastrophes:
            raise TableError(f"catastrophes[{i}]", f"no catastrophe has the id {cat!r}")
    if len(set(cats)) != len(cats):
        raise TableError("catastrophes", "a catastrophe is listed twice")
    if not 1 <= len(table.players) <= MAX_PLAYERS:
        raise TableError("players", f"a list of 1 to {MAX_PLAYERS} players")
    held = sum(len(p.traits) + len(p.hand) for p in table.players)
    if held > MAX_CARDS:
        raise TableError("players", f"{held} cards on the table; at most {MAX_CARDS} can be scored")
    low, high = GENE_POOL_RANGE
    for seat, p in enumerate(table.players):
        for zone in ("traits", "hand"):
            for i, trait in enumerate(getattr(p, zone)):
                if trait not in cards.traits:
                    raise TableError(f"players[{seat}].{zone}[{i}]", f"no trait has the id {trait!r}")
        why = too_many_dominants(cards, p.traits)
        if why is not None:
            raise TableError(f"players[{seat}].traits", why)
        if not low <= p.gene_pool <= high:
            raise TableError(f"players[{seat}].gene_pool", GENE_POOL_WHY)
    if not 0 <= table.first_player < len(table.players):
        raise TableError("first_player", f"no seat {table.first_player} at the table")


def not_an_option(cards: CardSet, q: Question, answer: Id) -> str:
    """Why ``answer`` is not an answer to ``q``: "Gills is not a possible answer here (no
    Gills was left to draw: it is on the table, or drawn already)"."""
    possible = list(dict.fromkeys(o.name for o in q.options))
    trait = cards.traits.get(answer) if isinstance(answer, str) else None
    shown = trait.name if trait is not None else str(answer)
    if q.kind == Kind.CHANCE and trait is not None:  # a card drawn: too many to list
        why = f"no {shown} was left to draw: it is on the table, or drawn already"
    else:
        why = f"it could be {join_or(possible)}" if len(possible) <= 8 else f"{len(possible)} answers are possible"
    return f"{shown} is not a possible answer here ({why})"


def too_many_dominants(cards: CardSet, traits: Sequence[str]) -> str | None:
    """Why a pile holds more dominant traits than the rules allow (two; a third only when an
    age plays it past the limit: Birth of a Hero plays Heroic), or None."""
    heroes = {  # trait -> the age that plays it past the dominant limit
        str(piece["trait"]): age.name for age in cards.ages.values() for piece in age.reveal
        if Use.PLAYS_A_NAMED_TRAIT_AT_ONCE in uses_of("reveal", piece) and piece.get("trait") in cards.traits
    }
    dominants = [t for t in traits if cards.traits[t].dominant]
    if len(dominants) <= 2 + any(t in heroes for t in dominants):
        return None
    only = "; ".join(f"{cards.traits[t].name}, when {age} plays it" for t, age in heroes.items())
    return f"{len(dominants)} dominant traits; a pile holds at most two (a third only: {only})"


def _protecting(g: Game, catastrophes: Sequence[str]) -> list[tuple[int, str]]:
    """(seat, trait id) of each player holding a trait that may protect them from the final
    catastrophe (the first such trait of their pile), in seat order."""
    if not catastrophes:
        return []
    final = g.catastrophe(catastrophes[-1])
    found = []
    for seat in range(g.n):
        for card, piece, protects in in_pile(g, seat, Hook.CATASTROPHE_PROTECTION):
            if protects(g, seat, card, piece, final):
                found.append((seat, g.defs[card].id))
                break
    return found


def _value(g: Game, d: Decision, answer: Id) -> Value:
    """The engine's option an answer means: the first card of a trait, or the answer itself."""
    if isinstance(answer, str) and d.kind != Kind.PLAYER:
        for v in d.options:
            if isinstance(v, int) and g.defs[v].id == answer:
                return v
    return answer


def _leaders(scores: Sequence[Score]) -> tuple[int, ...]:
    """The seats with the best total, in seat order."""
    if not scores:
        return ()
    best = max(s.total for s in scores)
    return tuple(seat for seat, s in enumerate(scores) if s.total == best)


def _trait_left(e: ev.Event) -> tuple[int, int] | None:
    """The seat and the card, when a trait left a pile in this event (discarded, given or
    taken, back to a hand)."""
    if isinstance(e, (ev.TraitDiscarded, ev.TraitToHand)):
        return e.player, e.card
    if isinstance(e, ev.TraitMoved):
        return e.from_player, e.card
    return None


def _leaving_event(g: Game, leaving: list[ev.Event], seat: int, trait: str) -> ev.Event | None:
    """The last event still unclaimed in which ``seat`` lost a copy of the trait (a trait that
    came back and went again went the last time); claimed, so a second copy finds its own."""
    for i in range(len(leaving) - 1, -1, -1):
        left = _trait_left(leaving[i])
        if left is not None and left[0] == seat and g.defs[left[1]].id == trait:
            return leaving.pop(i)
    return None
