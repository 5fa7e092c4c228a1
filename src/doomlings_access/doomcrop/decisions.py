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

from doomlings_access.kernel.decisions import Choice, Decision, GameOverError, IllegalActionError, Value

__all__ = ["Choice", "Decision", "GameOverError", "IllegalActionError", "Kind", "Reason", "Value", "Word"]


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
