"""Typed events: everything that happens in a game of Doomcrop, cause before effect.

Each event has its place in the log (``seq``), its ``parent`` (the event that began the effect
it belongs to: an attack, a Face card flipped, a turn) and its ``cause`` (the card or the step
of the rules that produced it), so the order "Your 7 of Clubs attacks Ben's back left: his 4 of
Hearts. Ben adds his face-down 5 of Hearts: 9. Ben captures your 7." can always be told.

Its audience: ``knows`` names the seats that may know it happened (None: all of them) and
``sees`` the seats that may see the cards in it (None: all). A seat always sees its own
face-down cards; to the others they are only "face down". :meth:`Event.seen_by` gives the event
as one seat may know it: its private cards become None, and an event the seat may not know of
becomes None itself.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any, ClassVar, NamedTuple

from doomlings_access.doomcrop.cards import Card


class CauseKind(StrEnum):
    CARD = "card"
    """A card's attack or power."""
    RULE = "rule"
    """A step of the rules."""


class Step(StrEnum):
    """The steps of the rules that cause events."""

    DEAL = "deal"
    FIRST_PLAYER = "first_player"
    TURN = "turn"
    SPADES = "spades"
    ALL_FACE_UP = "all_face_up"
    END = "end"
    JOKER = "joker"
    EPIC = "epic"
    HEARTS = "hearts"


class Cause(NamedTuple):
    """What produced an event: a card (its seat, place and face, all public) or a rule step."""

    kind: CauseKind
    step: Step | None = None
    seat: int | None = None
    card: Card | None = None
    place: int | None = None

    @classmethod
    def of_card(cls, seat: int, card: Card, place: int | None) -> Cause:
        return cls(CauseKind.CARD, None, seat, card, place)

    @classmethod
    def of_rule(cls, step: Step, seat: int | None = None) -> Cause:
        return cls(CauseKind.RULE, step, seat)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": str(self.kind)}
        if self.step is not None:
            out["step"] = str(self.step)
        if self.seat is not None:
            out["seat"] = self.seat
        if self.card is not None:
            out["card"] = self.card.code
        if self.place is not None:
            out["place"] = self.place
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Cause:
        step = data.get("step")
        card = data.get("card")
        return cls(
            CauseKind(data["kind"]), None if step is None else Step(step), data.get("seat"),
            None if card is None else Card.parse(card), data.get("place"),
        )


Seats = frozenset[int] | None


@dataclass(slots=True, kw_only=True)
class Event:
    """Base of every event."""

    seq: int = -1
    parent: int | None = None
    cause: Cause | None = None
    knows: Seats = None
    """Who may know it happened (None: everybody)."""
    sees: Seats = None
    """Who may see its private cards (None: everybody)."""
    PRIVATE: ClassVar[tuple[str, ...]] = ()
    """The fields that hold cards only ``sees`` may see."""

    def seen_by(self, seat: int | None) -> Event | None:
        """This event as ``seat`` (None: an onlooker) may know it; None if it may not at all."""
        if self.knows is not None and (seat is None or seat not in self.knows):
            return None
        if self.sees is None or not self.PRIVATE or (seat is not None and seat in self.sees):
            return self
        hidden: dict[str, Any] = {name: None for name in self.PRIVATE}
        return replace(self, **hidden)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Cause):
        return value.to_json()
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


# --- setting up ----------------------------------------------------------------------------


@dataclass(slots=True)
class GameStarted(Event):
    players: tuple[str, ...]
    options: tuple[str, ...]
    """The options that differ from the standard game."""


@dataclass(slots=True)
class Dealt(Event):
    """Cards dealt (or drawn to build a grid again) into a player's hand."""

    seat: int
    cards: tuple[Card, ...] | None
    count: int
    PRIVATE = ("cards",)


@dataclass(slots=True)
class DiscardChosen(Event):
    """A player set a card aside to start the Discard pile (shown when all have chosen)."""

    seat: int
    card: Card | None
    PRIVATE = ("card",)


@dataclass(slots=True)
class GridBuilt(Event):
    """A player laid a grid face down: the cards by spot, front left first (None: empty)."""

    seat: int
    cards: tuple[Card | None, ...] | None
    PRIVATE = ("cards",)


@dataclass(slots=True)
class DiscardsRevealed(Event):
    cards: tuple[Card, ...]
    """Each seat's first discard."""


@dataclass(slots=True)
class FirstPlayer(Event):
    seat: int
    tied: tuple[int, ...] = ()
    """The seats whose discards tied lowest, when a coin decided among them."""


# --- turns ---------------------------------------------------------------------------------


@dataclass(slots=True)
class TurnStarted(Event):
    seat: int
    number: int


@dataclass(slots=True)
class AllFaceUp(Event):
    """A player began a turn with every card face up: all build their grids again."""

    seat: int


@dataclass(slots=True)
class GridCaptured(Event):
    """A player captured every card of their own grid (face up into their Discard pile)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(slots=True)
class Flipped(Event):
    """A player flipped one of their cards face up on purpose (a turn's flip, a King's)."""

    seat: int
    place: int
    card: Card


@dataclass(slots=True)
class Attacked(Event):
    """A card attacks the card at ``target`` (with ``value``: a King counts as 7).

    ``defending`` is the attacked card when it was already face up (everybody sees it), so the
    attack can be told with what it meets; a face-down one is turned up next (:class:`Revealed`)."""

    seat: int
    place: int
    card: Card
    value: int
    target: int
    defending: Card | None = None


@dataclass(slots=True)
class Revealed(Event):
    """A face-down card turned face up because it was attacked (or by an Epic Technique)."""

    seat: int
    place: int
    card: Card


@dataclass(slots=True)
class HeartAdded(Event):
    """A face-down Hearts flipped to add its value to the defending Hearts beside it."""

    seat: int
    place: int
    card: Card
    defender: int
    total: int


@dataclass(slots=True)
class NoHeartAdded(Event):
    """A defending Hearts had face-down cards beside it and none was added."""

    seat: int
    defender: int


@dataclass(slots=True)
class Captured(Event):
    """``by`` captured ``card`` from ``place`` (None: the top of the Draw pile)."""

    by: int
    card: Card
    place: int | None


@dataclass(slots=True)
class Tied(Event):
    """Equal numbers: both cards stay face up."""

    attacker: int
    defender: int
    value: int


@dataclass(slots=True)
class Held(Event):
    """The attacked card stays: a Face the attacker may not capture, or a 10."""

    attacker: int
    defender: int


@dataclass(slots=True)
class NoTarget(Event):
    """A card had nothing to attack (an empty place opposite)."""

    seat: int
    place: int


@dataclass(slots=True)
class Replaced(Event):
    """A face-down card from the Draw pile filled an empty place (seen by those who know it)."""

    seat: int
    place: int
    card: Card | None
    PRIVATE = ("card",)


@dataclass(slots=True)
class NotReplaced(Event):
    seat: int
    place: int


@dataclass(slots=True)
class Swapped(Event):
    """A Jack's swap: ``first_card`` left ``first`` for ``second``, ``second_card`` the other
    way. Each card is seen by its own audience (``first_sees``, ``second_sees``; None: all, a
    face-up card): a face-down card only by those who know it, its owner always, so one swap
    may name one card to a seat and hide the other."""

    seat: int
    first: int
    second: int
    first_card: Card | None = None
    second_card: Card | None = None
    first_sees: Seats = None
    second_sees: Seats = None

    def seen_by(self, seat: int | None) -> Event | None:
        hidden: dict[str, Any] = {}
        for name, sees in (("first_card", self.first_sees), ("second_card", self.second_sees)):
            if sees is not None and (seat is None or seat not in sees):
                hidden[name] = None
        return replace(self, **hidden) if hidden else self


@dataclass(slots=True)
class TurnedDown(Event):
    """A face-up card turned face down (everybody saw which): by a Queen (its cause names
    it), an Epic Technique of Hearts, or a Hearts helper turned back after a defence."""

    seat: int
    place: int
    card: Card


@dataclass(slots=True)
class PowerUnused(Event):
    """A Jack or a Queen (the event's cause) resolved without doing anything: ``could`` says
    whether its player had something to do and chose not to (no swap, no card turned), or
    had nothing it could act on (no other face-up card for a Queen, no second card for a
    Jack). Told so a listener hears why the Face went straight to its Discard pile."""

    seat: int
    could: bool


@dataclass(slots=True)
class Fought(Event):
    """At the end, two opposing numbers, both face up, fight (neither attacks)."""

    first: int
    first_card: Card
    second: int
    second_card: Card


@dataclass(slots=True)
class DrawPileEmpty(Event):
    pass


@dataclass(slots=True)
class GameOver(Event):
    counts: tuple[int, ...]
    """Each seat's Discard pile counted, Diamond numbers as two."""
    winners: tuple[int, ...]


# --- optional rules ------------------------------------------------------------------------


@dataclass(slots=True)
class DieRolled(Event):
    seat: int
    value: int


@dataclass(slots=True)
class GridsPassed(Event):
    """Grids (or Discard piles) moved round: seat ``i`` now has what ``came_from[i]`` had."""

    came_from: tuple[int, ...]
    discards: bool = False


@dataclass(slots=True)
class GridShuffled(Event):
    seat: int
    cards: tuple[Card | None, ...] | None
    PRIVATE = ("cards",)


@dataclass(slots=True)
class TopCardShown(Event):
    card: Card


@dataclass(slots=True)
class FaceUpDrawPile(Event):
    """For the rest of the game the Draw pile is played with its top card face up."""


@dataclass(slots=True)
class EpicTechnique(Event):
    seat: int
    suit: str


def event_types() -> list[type[Event]]:
    """Every concrete event type (for tests that each is told). A dataclass with slots is a
    new class made from the one written, which stays among ``Event``'s subclasses until it is
    collected: only the classes this module names are the event types."""
    here = globals()
    return [cls for cls in Event.__subclasses__() if here.get(cls.__name__) is cls]
