"""Ordinary playing cards as Doomcrop reads them: ranks, suits, codes and what a deck holds.

A card is its rank and suit and nothing more: two Sevens of Clubs from two decks are the same
card, so nothing in a game ever needs to tell them apart. Its short code (``7C``, ``10H``,
``QS``, ``JK`` for a Joker) is how positions, saves and short text write it.

>>> Card.parse("10h")
Card(rank=<Rank.TEN: 10>, suit=<Suit.HEARTS: 'H'>)
>>> Card.parse("QS").spoken, Card.parse("7c").code
('Queen of Spades', '7C')
>>> len(deck(decks=1, jokers=2))
54
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import NamedTuple


class Rank(IntEnum):
    """A card's rank; a Number's value is its rank (2 to 10)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15


class Suit(StrEnum):
    """A suit, by the letter short text uses; a Joker has none."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NONE = ""


SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
NUMBER_RANKS = tuple(Rank(v) for v in range(2, 11))
FACE_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
"""The Ace is a Face card: the rules list it among "Face Card Abilities", and a Face "must
remain on the board until it is captured by a capable Number or an Ace"."""

_RANK_CODES = {**{r: str(int(r)) for r in NUMBER_RANKS}, Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}
_RANK_WORDS = {**{r: str(int(r)) for r in NUMBER_RANKS}, Rank.JACK: "Jack", Rank.QUEEN: "Queen", Rank.KING: "King", Rank.ACE: "Ace"}
_SUIT_WORDS = {Suit.CLUBS: "Clubs", Suit.DIAMONDS: "Diamonds", Suit.HEARTS: "Hearts", Suit.SPADES: "Spades"}
JOKER_CODE = "JK"


class CardError(ValueError):
    """Text that names no card."""


class Card(NamedTuple):
    """One playing card. Ordered by rank, then suit (the order a deck is listed in)."""

    rank: Rank
    suit: Suit

    @property
    def is_number(self) -> bool:
        """2 to 10: the rank-and-file that fight."""
        return self.rank <= 10

    @property
    def is_face(self) -> bool:
        """Jack, Queen, King, Ace or Joker: flipped for a power, not for combat."""
        return self.rank > 10

    @property
    def counts(self) -> int:
        """How many cards it counts as in a Discard pile: "remember to count Diamond numbers as
        two cards" (Face cards count one: "Suit abilities do not apply to Face cards")."""
        return 2 if self.suit is Suit.DIAMONDS and self.rank <= 10 else 1

    @property
    def code(self) -> str:
        """Short text: ``7C``, ``10H``, ``QS``, ``JK``."""
        if self.rank is Rank.JOKER:
            return JOKER_CODE
        return _RANK_CODES[self.rank] + self.suit.value

    @property
    def spoken(self) -> str:
        """As said aloud: ``7 of Clubs``, ``Queen of Spades``, ``Joker``."""
        if self.rank is Rank.JOKER:
            return "Joker"
        return f"{_RANK_WORDS[self.rank]} of {_SUIT_WORDS[self.suit]}"

    def suit_number(self, suit: Suit) -> bool:
        """Whether this is a Number of ``suit`` (suit abilities belong to Numbers only)."""
        return self.suit is suit and self.rank <= 10

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from its code (any case; ``T`` for ten) or ``Joker``."""
        if not isinstance(text, str) or not 1 < len(text) <= 5:
            raise CardError(f"{str(text)[:12]!r} is not a card (write 7C, 10H, QS, AD or JK)")
        word = text.strip().upper()
        if word in (JOKER_CODE, "JOKER"):
            return JOKER
        card = _BY_CODE.get(word.replace("T", "10", 1) if word.startswith("T") else word)
        if card is None:
            raise CardError(f"{text[:12]!r} is not a card (write 7C, 10H, QS, AD or JK)")
        return card


JOKER = Card(Rank.JOKER, Suit.NONE)
STANDARD = tuple(Card(rank, suit) for suit in SUITS for rank in (*NUMBER_RANKS, *FACE_RANKS))
"""One deck without Jokers, in a fixed order."""
_BY_CODE = {card.code: card for card in STANDARD}


def deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """Every card of a game: ``decks`` standard decks and ``jokers`` Jokers, in a fixed order."""
    return [card for _ in range(decks) for card in STANDARD] + [JOKER] * jokers


def discard_value(card: Card, ranked_faces: bool) -> tuple[int, int]:
    """How a discarded card ranks for who goes first (lower goes first).

    "Face cards have a higher value than all Numbers, and Diamond Numbers are more valuable
    than equal Numbers that are non-Diamonds." Faces are all one value unless ``ranked_faces``
    (Jack, Queen, King, Ace, then Joker)."""
    if card.is_number:
        return (int(card.rank), 1 if card.suit is Suit.DIAMONDS else 0)
    return (int(card.rank) if ranked_faces else 11, 0)
