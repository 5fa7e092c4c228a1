"""Pending decisions, the one kind of action that answers them, and the error for a bad answer.

Every question the rules ask is a :class:`Decision`; whoever drives the game answers it with a
:class:`Choice` naming one of its options. An option is a place on the table (a whole number,
see :mod:`.places`), a card's code (``7C``, from one's own hand while setting up), or a
keyword (:class:`Word`). Answers of several parts (a Jack's three swaps, a Queen's three cards,
nine cards placed in a grid) are asked one small question at a time; where the rules allow
fewer, one option is a keyword that stops.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

Value = int | str
"""A place (int), a card code or a keyword (str)."""


class Kind(StrEnum):
    """What a decision's options are (keywords may be offered beside them)."""

    CARD = "card"
    """Codes of cards in the player's hand."""
    PLACE = "place"
    """Places on the table."""


class Reason(StrEnum):
    """Why a decision is asked: the step of the rules that asks it."""

    DISCARD = "discard"
    """Which of the ten cards dealt starts the Discard pile."""
    ARRANGE = "arrange"
    """Which card goes in the grid place named in ``about``."""
    FLIP = "flip"
    """The turn's card to flip (or, as keywords, a Spades sacrifice or an Epic Technique)."""
    SACRIFICE = "sacrifice"
    """Which Spades number to capture."""
    TARGET = "target"
    """Which card the attacking number in ``about`` attacks."""
    HEARTS = "hearts"
    """Whether to flip an adjacent face-down Hearts to add to the defender in ``about``."""
    JACK_FIRST = "jack_first"
    JACK_SECOND = "jack_second"
    QUEEN = "queen"
    KING = "king"
    """Which card the King flips (or attacks with) next."""
    ACE = "ace"
    EPIC = "epic"
    """A card for the Epic Technique whose suit is ``about``."""


class Word(StrEnum):
    """Keyword options."""

    AS_DEALT = "as_dealt"
    """Lay the rest of the hand in the grid's remaining places in the order dealt."""
    STOP = "stop"
    """Make no more of what the rules allow fewer of (swaps, cards turned, cards chosen)."""
    NO = "no"
    """Decline (the Hearts defence)."""
    BACK = "back"
    """Return to the turn's question without doing it (a Spades sacrifice not wanted)."""
    SACRIFICE = "sacrifice"
    DRAW_PILE = "draw_pile"
    """The Ace's other target: the top card of the Draw pile."""
    EPIC_HEARTS = "epic_hearts"
    EPIC_DIAMONDS = "epic_diamonds"
    EPIC_SPADES = "epic_spades"
    EPIC_CLUBS = "epic_clubs"


class Decision(NamedTuple):
    """A question waiting for one player's answer (a value: nothing changes it)."""

    player: int
    kind: Kind
    reason: Reason
    options: tuple[Value, ...]
    source: str | None = None
    """The code of the card whose power or attack asks (``KH``), if a card asks."""
    step: int = 1
    of: int = 1
    """For answers of several parts: this is part ``step`` of at most ``of``."""
    about: tuple[Value, ...] = ()
    """Context: the place being filled, the attacker and defender, the technique's suit."""

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player, "kind": str(self.kind), "reason": str(self.reason),
            "options": [_plain(o) for o in self.options], "source": self.source,
            "step": self.step, "of": self.of, "about": [_plain(a) for a in self.about],
        }


def _plain(value: Value) -> Value:
    return str(value) if isinstance(value, str) else value


class Choice(NamedTuple):
    """The one action: ``player`` answers the pending decision with ``value``."""

    player: int
    value: Value

    def to_json(self) -> list[Value]:
        return [self.player, _plain(self.value)]

    @classmethod
    def from_json(cls, data: Any) -> Choice:
        if (
            not isinstance(data, list) or len(data) != 2
            or not isinstance(data[0], int) or isinstance(data[0], bool)
            or not isinstance(data[1], (int, str)) or isinstance(data[1], bool)
            or (isinstance(data[1], str) and len(data[1]) > 20)
        ):
            raise ValueError(f"an action is [player, value], not {str(data)[:60]}")
        return cls(data[0], data[1])


class IllegalActionError(ValueError):
    """The answer is not one of the pending decision's options; nothing changed."""


class GameOverError(IllegalActionError):
    """An answer given after the game ended."""
