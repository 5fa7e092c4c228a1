"""Typed events: everything that happens in a game, in order, for the announcer and the log.

Every event names its cause (:class:`Cause`: the trait, age, catastrophe or rule step that
produced it, and the seat that played it) and its parent: the event that started the effect
it belongs to. Events an effect produces come after, and nest under, the event that started
it, so a reader can rebuild "Quin plays Vampirism; because of it, Kidney moves to Quin's
pile; because of that, your gene pool goes from 5 to 4". Root events (a game starting, a
round's card revealed, a turn starting, the world ending) have no parent.

Cards inside an event may be private: ``visible_to`` names the seats that may know them
(``None``: everybody). :meth:`Event.seen_by` gives the event as one seat sees it, with others'
private cards told only as a count.

Events are values: the log is append-only and nothing changes an event once it is emitted.
They are not frozen dataclasses only because building frozen ones costs a sixth of a
simulated game (measured); nothing in the package assigns to an event's fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, NamedTuple

Cards = tuple[int, ...]

class CauseKind(StrEnum):
    """What produced an event (and what a round was revealed by: an age or a catastrophe)."""

    TRAIT = "trait"
    AGE = "age"
    CATASTROPHE = "catastrophe"
    RULE = "rule"
    """A step of the rules: the deal, a turn, stabilizing, World's End, scoring..."""


TRAIT, AGE, CATASTROPHE, RULE = CauseKind.TRAIT, CauseKind.AGE, CauseKind.CATASTROPHE, CauseKind.RULE


class Cause(NamedTuple):
    """What produced an event: a trait, an age, a catastrophe or a step of the rules."""

    kind: CauseKind
    id: str
    """The card's id, or the rule step: ``deal``, ``turn``, ``stabilize``, ``empty_hand``,
    ``cannot_play``, ``reshuffle``, ``worlds_end``, ``scoring``, ``tie_break``."""
    seat: int | None = None
    """The seat that played the trait, or whose step it is."""
    card: int | None = None
    """For a trait: the card instance."""
    step: str | None = None
    """For a catastrophe: ``gene_pool``, ``catastrophic`` or ``worlds_end``."""

    @classmethod
    def rule(cls, step: str, seat: int | None = None) -> Cause:
        return cls(RULE, step, seat)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "id": self.id}
        for name in ("seat", "card", "step"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out


_RULE_CAUSES: dict[tuple[str, int | None], Cause] = {}


def rule_cause(step: str, seat: int | None = None) -> Cause:
    """The cause for a step of the rules (shared: a cause is an immutable value)."""
    key = (step, seat)
    cause = _RULE_CAUSES.get(key)
    if cause is None:
        cause = _RULE_CAUSES[key] = Cause(RULE, step, seat)
    return cause


_CARD_CAUSES: dict[tuple[str, str, int | None, str | None], Cause] = {}


def card_cause(kind: CauseKind, card_id: str, seat: int | None = None, step: str | None = None) -> Cause:
    """The cause for an age or a catastrophe (``step``: its part), shared like
    :func:`rule_cause`: every round names one, and a named tuple is slow to build."""
    key = (kind, card_id, seat, step)
    cause = _CARD_CAUSES.get(key)
    if cause is None:
        cause = Cause(kind, card_id, seat, None, step)
        if len(_CARD_CAUSES) < 4096:
            _CARD_CAUSES[key] = cause
    return cause


@dataclass(slots=True, kw_only=True)
class Event:
    """Base of every event: its place in the log, its parent and its cause.

    ``seq``, ``parent`` and ``cause`` are given by :meth:`Game.emit` from the effect under way.
    Two events are equal when they tell the same happening (these three are not compared).
    """

    seq: int = field(default=-1, compare=False)
    parent: int | None = field(default=None, compare=False)
    cause: Cause | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Cause):
                value = value.to_json()
            elif isinstance(value, frozenset):
                value = sorted(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out

    def visible(self, viewer: int | None) -> bool:
        """May ``viewer`` (a seat, or ``None`` for an onlooker) see the cards in this event?"""
        seen = getattr(self, "visible_to", None)
        return seen is None or (viewer is not None and viewer in seen)

    def seen_by(self, viewer: int | None) -> Event:
        """This event as ``viewer`` sees it: private cards of others become a count."""
        if self.visible(viewer):
            return self
        return self._redacted()

    def _redacted(self) -> Event:
        return self


# --- game and round flow --------------------------------------------------------------------


@dataclass(slots=True)
class GameStarted(Event):
    players: tuple[str, ...]
    first_player: int
    options: tuple[str, ...]
    """Options that differ from the rulebook defaults."""


@dataclass(slots=True)
class AgeRevealed(Event):
    age: str
    round: int
    era: int
    repeats: str | None = None
    """For Temporal Sands: the earlier age whose effect applies again."""
    era_left: int = 0
    """Cards still to come in this era's pile, its catastrophe among them (public: the piles'
    sizes are known, only their order is hidden)."""


@dataclass(slots=True)
class AgeIgnored(Event):
    """An age is skipped (its cause names why: Optimistic Nihilism)."""

    age: str


@dataclass(slots=True)
class CatastropheRevealed(Event):
    catastrophe: str
    number: int
    round: int


@dataclass(slots=True)
class FirstPlayerMoved(Event):
    player: int


@dataclass(slots=True)
class CatastropheIgnored(Event):
    player: int
    catastrophe: str
    card: int
    """The trait (Denial) that protects the player."""
    worlds_end: bool = False
    """From the World's End effect (the protection told again when it is carried out)."""


@dataclass(slots=True)
class TurnStarted(Event):
    player: int


@dataclass(slots=True)
class OnlyPlayable(Event):
    """One trait of the hand may be played: the turn plays it without a question. Says why the
    others may not (the reasons of :func:`~.play.play_restriction`), for the player only."""

    player: int
    card: int
    unplayable: tuple[tuple[int, str], ...]
    visible_to: frozenset[int] | None

    def _redacted(self) -> Event:
        return replace(self, unplayable=())


@dataclass(slots=True)
class TurnSkipped(Event):
    player: int
    reason: str
    """``empty_hand``, ``no_playable`` or ``redraw`` (discarded the hand and drew)."""


@dataclass(slots=True)
class RoundSkipped(Event):
    """Optimistic Nihilism: the rest of the round is skipped."""

    player: int
    card: int


# --- cards moving ---------------------------------------------------------------------------


@dataclass(slots=True)
class Drew(Event):
    player: int
    cards: Cards
    """The cards, or ``()`` when they are hidden from the reader (see ``count``)."""
    visible_to: frozenset[int] | None
    count: int = 0
    """How many cards, kept when the cards themselves are hidden."""

    @property
    def size(self) -> int:
        return len(self.cards) or self.count

    def _redacted(self) -> Event:
        return replace(self, cards=(), count=self.size)  # (a redacted event redacted again keeps its count)


@dataclass(slots=True)
class DeckReshuffled(Event):
    cards: int


@dataclass(slots=True)
class NothingToDraw(Event):
    """A draw came up short: the deck and the discard pile are both empty."""

    player: int
    short: int
    """How many cards fewer than asked for were drawn."""


@dataclass(slots=True)
class Discarded(Event):
    """Cards discarded from a hand, face up (so public)."""

    player: int
    cards: Cards
    random: bool = False


@dataclass(slots=True)
class CardsPassed(Event):
    """Cards moved from one hand to another (gifts, random takes, passes)."""

    giver: int
    receiver: int
    cards: Cards
    visible_to: frozenset[int] | None
    taken: bool = False
    """The receiver took them (Impatience, Nosy) rather than the giver giving them."""
    random: bool = False
    """The cards were picked at random."""
    whole_hand: bool = False
    """The giver's whole hand moved (so every card known to be in it is now the receiver's)."""
    count: int = 0

    @property
    def size(self) -> int:
        return len(self.cards) or self.count

    def _redacted(self) -> Event:
        return replace(self, cards=(), count=self.size)  # (a redacted event redacted again keeps its count)


@dataclass(slots=True)
class HandsSwapped(Event):
    """Two players swap hands: each learns the hand the other now holds (their own old one)."""

    player: int
    other: int
    to_other: Cards = ()
    """The cards that went from ``player`` to ``other``."""
    to_player: Cards = ()
    visible_to: frozenset[int] | None = None

    def _redacted(self) -> Event:
        return replace(self, to_other=(), to_player=())


@dataclass(slots=True)
class CardsRevealed(Event):
    """Cards shown to some players (Nosy, Clever, first-printing Brave)."""

    owner: int
    cards: Cards
    visible_to: frozenset[int] | None
    random: bool = False
    """The cards shown were picked at random."""
    count: int = 0

    @property
    def size(self) -> int:
        return len(self.cards) or self.count

    def _redacted(self) -> Event:
        return replace(self, cards=(), count=self.size)  # (a redacted event redacted again keeps its count)


@dataclass(slots=True)
class NextAgeSeen(Event):
    player: int
    age: str | None
    visible_to: frozenset[int] | None

    def _redacted(self) -> Event:
        return replace(self, age=None)


@dataclass(slots=True)
class TraitPlayed(Event):
    player: int
    card: int
    owner: int
    """Whose trait pile it went to (Self-Awareness goes to an opponent's)."""
    source: str
    """``hand``, ``discard``, ``deck`` or ``drawn``."""
    out_of_turn: bool = False
    action_skipped: bool = False
    """It has an action, not carried out: played this way (from the deck, or the discard pile
    by Trunk), an action is not taken."""


@dataclass(slots=True)
class ThirdDominantDiscarded(Event):
    player: int
    card: int
    source: str = ""
    """Where it came from: from the discard pile (Trunk) it stays there."""


@dataclass(slots=True)
class PlayFailed(Event):
    """A card that had to be played could not be (restriction or requirement): it is
    discarded, stays on top of the deck, or (``in_hand``, drawn into it) stays in the hand."""

    player: int
    card: int
    reason: str
    discarded: bool
    in_hand: bool = False


@dataclass(slots=True)
class ActionResolving(Event):
    player: int
    card: int
    for_card: int | None = None
    """When another trait's action is resolved (Inventive, Painted Shell, Vampirism)."""


@dataclass(slots=True)
class ActionIgnored(Event):
    player: int
    card: int
    reason: str


@dataclass(slots=True)
class ActionCancelled(Event):
    card: int
    by_player: int
    by_card: int


@dataclass(slots=True)
class TraitDiscarded(Event):
    """A trait left a trait pile for the discard pile."""

    player: int
    card: int
    random: bool = False
    by: int | None = None
    """Who chose it, when not its owner (Reckless: each discards from the other's pile)."""


@dataclass(slots=True)
class TraitReturned(Event):
    """A trait discarded from a pile came straight back to it."""

    player: int
    card: int
    random: bool = False
    """It had been picked at random (so its parent's cause picked it)."""


@dataclass(slots=True)
class TraitMoved(Event):
    card: int
    from_player: int
    to_player: int
    how: str
    """``steal``, ``give``, ``swap``, ``trade`` or ``move``."""


@dataclass(slots=True)
class TraitToHand(Event):
    player: int
    card: int


@dataclass(slots=True)
class NothingToDo(Event):
    """An effect could not be carried out (no target, empty hand, restricted). When no trait
    could be played, ``unplayable`` holds each candidate with the reason it may not be (the
    reasons of :func:`~.play.play_restriction`), for ``visible_to`` (cards of a hand or just
    drawn are the player's secret; the discard pile's are everyone's)."""

    player: int
    reason: str
    unplayable: tuple[tuple[int, str], ...] = ()
    visible_to: frozenset[int] | None = None

    def _redacted(self) -> Event:
        return replace(self, unplayable=())


# --- gene pool and stabilizing -------------------------------------------------------------


@dataclass(slots=True)
class GenePoolChanged(Event):
    player: int
    old: int
    new: int
    reversal: bool = False
    """A trait left its pile and its change was reversed (may pass the bounds)."""


@dataclass(slots=True)
class GenePoolChangeIgnored(Event):
    player: int
    delta: int


@dataclass(slots=True)
class Stabilized(Event):
    player: int
    drew: int
    discarded: int
    hand: int


@dataclass(slots=True)
class StabilizeSkipped(Event):
    player: int
    reason: str


@dataclass(slots=True)
class ColourNamed(Event):
    player: int
    colour: str
    card: int


# --- World's End and scoring ---------------------------------------------------------------


@dataclass(slots=True)
class WorldsEndStarted(Event):
    catastrophe: str


@dataclass(slots=True)
class WorldsEndCatastropheChosen(Event):
    player: int
    catastrophe: str


@dataclass(slots=True)
class TraitsRecoloured(Event):
    player: int
    from_colour: str
    to_colour: str
    cards: Cards


@dataclass(slots=True)
class WorldsEndPoints(Event):
    player: int
    points: int
    card: int | None = None
    """The card drawn for its face value, when the points come from one."""


@dataclass(slots=True)
class ScoreTallied(Event):
    player: int
    worlds_end: int
    face_value: int
    bonus: int
    total: int
    items: tuple[tuple[int, int], ...] = ()
    """The bonus card by card: (card, points), card -1 for the largest gene pool's bonus."""


@dataclass(slots=True)
class TieBreakDraw(Event):
    player: int
    card: int
    total: int


@dataclass(slots=True)
class GameOver(Event):
    winners: tuple[int, ...]


def all_event_types() -> list[type[Event]]:
    """Every concrete event type, for the test that each has a phrase."""
    return [cls for cls in Event.__subclasses__()]
