"""Every effect piece of the vocabulary is exercised by a test of a card that uses it.

The per-card tests (tests/cards) are the tests of the pieces: this checks the chain, so a new
piece cannot arrive without a card test that plays it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from doomlings_access.cards import load_cards
from doomlings_access.cards.describe import pieces_of
from doomlings_access.cards.pieces import VOCABULARY

CARD_TESTS = "\n".join(p.read_text(encoding="utf-8") for p in (Path(__file__).parent.parent / "cards").glob("test_*.py"))


def cards_using(slot: str, piece: str) -> list[tuple[str, str]]:
    """(name, id) of every card, of either printing, that uses the piece."""
    out = set()
    for edition in ("retail", "first"):
        for card in load_cards(edition).all_cards():
            if (slot, piece) in pieces_of(card):
                out.add((card.name, card.id))
    return sorted(out)


def mentioned(name: str, card_id: str) -> bool:
    return f'"{name}"' in CARD_TESTS or f'"{card_id}"' in CARD_TESTS


@pytest.mark.parametrize(
    "slot,piece", [(slot, piece) for slot, table in VOCABULARY.items() for piece in table]
)
def test_piece_is_used_by_a_card_that_has_a_test(slot: str, piece: str) -> None:
    users = cards_using(slot, piece)
    assert users, f"{slot} {piece} is used by no card"
    assert any(mentioned(name, card_id) for name, card_id in users), (
        f"{slot} {piece}: none of {[name for name, _ in users]} appears in tests/cards"
    )
