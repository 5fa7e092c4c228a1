"""A playing card as it is heard, read and felt.

Speech says it whole ("7 of Clubs"); short text writes it as positions and saves do ("7C");
braille writes it as braille playing cards are marked, the rank and the suit's letter in
uncontracted braille, lower case: the number sign and the digits, then (a letter from a to j
would read as a digit) the grade 1 indicator before the suit, ``⠼⠛⠰⠉`` for the 7 of Clubs,
``⠟⠎`` for the Queen of Spades. liblouis's uncontracted English braille table makes the cells;
without liblouis the short text is shown.

>>> from doomlings_access.doomcrop.cards import Card
>>> text(Card.parse("7C")), spoken(Card.parse("7C")), text(Card.parse("QS"), TEXT)
('7C', '7 of Clubs', 'QS')
"""

from __future__ import annotations

from functools import cache

from doomlings_access.doomcrop.cards import Card

TEXT, BRAILLE = "text", "braille"
"""How labels are printed (the ``labels`` setting every game shares)."""


def spoken(card: Card) -> str:
    """As said aloud: ``7 of Clubs``, ``Queen of Spades``, ``Joker``."""
    return card.spoken


def text(card: Card, labels: str = TEXT) -> str:
    """As printed: ``7C``, or its braille cells when ``labels`` is ``braille``."""
    return braille(card) if labels == BRAILLE else card.code


@cache
def braille(card: Card) -> str:
    """Uncontracted rank and suit letter in Unicode braille, as the cards are marked (the
    short text when liblouis is missing)."""
    from doomlings_access.braille import louis

    try:
        return louis.brf_to_dots(louis.translate(card.code.lower(), louis.UEB_UNCONTRACTED))
    except louis.LiblouisMissing:
        return card.code
