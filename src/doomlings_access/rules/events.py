"""Typed events: everything that happens in a game, in order, for the announcer and the log.

Every event is public, but cards inside it may be private: ``visible_to`` names the seats that
may know the card identities (``None``: everybody). The announcer tells other players only
counts ("Ben draws 2 cards."), so hidden hands stay hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

Cards = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, (tuple, frozenset)):
                value = sorted(value) if isinstance(value, frozenset) else list(value)
            out[f.name] = value
        return out

    def visible(self, viewer: int | None) -> bool:
        """May ``viewer`` (a seat, or ``None`` for an onlooker) see the cards in this event?"""
        seen = getattr(self, "visible_to", None)
        return seen is None or (viewer is not None and viewer in seen)


# --- game and round flow --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    players: tuple[str, ...]
    first_player: int
    options: tuple[str, ...]
    """Options that differ from the rulebook defaults."""


@dataclass(frozen=True, slots=True)
class AgeRevealed(Event):
    age: str
    round: int
    era: int
    repeats: str | None = None
    """For Temporal Sands: the earlier age whose effect applies again."""


@dataclass(frozen=True, slots=True)
class AgeIgnored(Event):
    age: str
    cause: str


@dataclass(frozen=True, slots=True)
class CatastropheRevealed(Event):
    catastrophe: str
    number: int
    round: int


@dataclass(frozen=True, slots=True)
class FirstPlayerMoved(Event):
    player: int


@dataclass(frozen=True, slots=True)
class CatastropheIgnored(Event):
    player: int
    catastrophe: str
    cause: int
    """The card (Denial) that protects the player."""


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    player: int


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    player: int
    reason: str
    """``empty_hand``, ``no_playable`` or ``redraw`` (discarded the hand and drew)."""


@dataclass(frozen=True, slots=True)
class RoundSkipped(Event):
    """Optimistic Nihilism: the rest of the round is skipped."""

    player: int
    card: int


# --- cards moving ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Drew(Event):
    player: int
    cards: Cards
    visible_to: frozenset[int] | None
    cause: str | None = None


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    cards: int


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """Cards discarded from a hand, face up (so public)."""

    player: int
    cards: Cards
    random: bool = False
    cause: str | None = None


@dataclass(frozen=True, slots=True)
class CardsPassed(Event):
    """Cards moved from one hand to another (gifts, random takes, passes)."""

    giver: int
    receiver: int
    cards: Cards
    visible_to: frozenset[int] | None
    cause: str | None = None
    taken: bool = False
    """The receiver took them (Impatience, Nosy) rather than the giver giving them."""


@dataclass(frozen=True, slots=True)
class HandsSwapped(Event):
    player: int
    other: int


@dataclass(frozen=True, slots=True)
class CardsRevealed(Event):
    """Cards shown to some players (Nosy, Clever, first-printing Brave)."""

    owner: int
    cards: Cards
    visible_to: frozenset[int] | None
    cause: str | None = None


@dataclass(frozen=True, slots=True)
class NextAgeSeen(Event):
    player: int
    age: str | None
    visible_to: frozenset[int] | None


@dataclass(frozen=True, slots=True)
class TraitPlayed(Event):
    player: int
    card: int
    owner: int
    """Whose trait pile it went to (Self-Awareness goes to an opponent's)."""
    source: str
    """``hand``, ``discard``, ``deck`` or ``drawn``."""
    out_of_turn: bool = False


@dataclass(frozen=True, slots=True)
class ThirdDominantDiscarded(Event):
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class PlayFailed(Event):
    """A card that had to be played could not be (restriction or requirement)."""

    player: int
    card: int
    reason: str
    discarded: bool


@dataclass(frozen=True, slots=True)
class ActionResolving(Event):
    player: int
    card: int
    for_card: int | None = None
    """When another trait's action is resolved (Inventive, Painted Shell, Vampirism)."""


@dataclass(frozen=True, slots=True)
class ActionIgnored(Event):
    player: int
    card: int
    reason: str


@dataclass(frozen=True, slots=True)
class ActionCancelled(Event):
    card: int
    by_player: int
    by_card: int


@dataclass(frozen=True, slots=True)
class TraitDiscarded(Event):
    """A trait left a trait pile for the discard pile."""

    player: int
    card: int
    random: bool = False


@dataclass(frozen=True, slots=True)
class TraitReturned(Event):
    """Endurance came straight back to its pile."""

    player: int
    card: int


@dataclass(frozen=True, slots=True)
class TraitMoved(Event):
    card: int
    from_player: int
    to_player: int
    how: str
    """``steal``, ``give``, ``swap``, ``trade`` or ``move``."""


@dataclass(frozen=True, slots=True)
class TraitToHand(Event):
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class NothingToDo(Event):
    """An effect could not be carried out (no target, empty hand, restricted)."""

    player: int
    source: str
    reason: str


# --- gene pool and stabilizing -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GenePoolChanged(Event):
    player: int
    old: int
    new: int
    cause: str
    reversal: bool = False
    """A trait left its pile and its change was reversed (may pass the bounds)."""


@dataclass(frozen=True, slots=True)
class GenePoolChangeIgnored(Event):
    player: int
    delta: int
    cause: str


@dataclass(frozen=True, slots=True)
class Stabilized(Event):
    player: int
    drew: int
    discarded: int
    hand: int


@dataclass(frozen=True, slots=True)
class StabilizeSkipped(Event):
    player: int
    reason: str


@dataclass(frozen=True, slots=True)
class ColourNamed(Event):
    player: int
    colour: str
    card: int


# --- World's End and scoring ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WorldsEndStarted(Event):
    catastrophe: str


@dataclass(frozen=True, slots=True)
class WorldsEndCatastropheChosen(Event):
    player: int
    catastrophe: str


@dataclass(frozen=True, slots=True)
class TraitsRecoloured(Event):
    player: int
    from_colour: str
    to_colour: str
    cards: Cards


@dataclass(frozen=True, slots=True)
class WorldsEndPoints(Event):
    player: int
    points: int
    cause: str


@dataclass(frozen=True, slots=True)
class ScoreTallied(Event):
    player: int
    worlds_end: int
    face_value: int
    bonus: int
    total: int


@dataclass(frozen=True, slots=True)
class TieBreakDraw(Event):
    player: int
    card: int
    total: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winners: tuple[int, ...]


def all_event_types() -> list[type[Event]]:
    """Every concrete event type, for the test that each has a phrase."""
    return [cls for cls in Event.__subclasses__()]
