"""Plain-language descriptions of cards, for listings, look-ups and the check of behaviour."""

from __future__ import annotations

from typing import Any

from doomlings_access.cards.model import AgeDef, AnyCard, CatastropheDef, TraitDef
from doomlings_access.cards.pieces import CATASTROPHE_SLOTS, TRAIT_SLOTS

KIND_WORDS = {
    "effectless": "effectless",
    "action": "action",
    "on_play": "when played",
    "persistent": "persistent",
    "gene_pool": "gene pool",
    "requirement": "requirement",
    "worlds_end": "World's End",
    "drop_of_life": "bonus",
    "out_of_turn": "out of turn",
}


def colour_words(colours: tuple[str, ...]) -> str:
    return " and ".join(colours)


def trait_line(t: TraitDef) -> str:
    """``Tiny, db17: dominant blue 17, bonus. Lose a point for each trait in your pile.``"""
    dominant = "dominant " if t.dominant else ""
    kinds = ", ".join(KIND_WORDS[k] for k in sorted(t.kinds, key=list(KIND_WORDS).index))
    return f"{t.name}, {t.label}: {dominant}{colour_words(t.colours)} {t.face_text}, {kinds}. {t.text}"


def card_summary(card: AnyCard) -> dict[str, Any]:
    """A JSON-ready summary with a one-line description under ``line``."""
    out: dict[str, Any] = {"id": card.id, "name": card.name, "kind": card.kind, "label": card.label}
    if isinstance(card, TraitDef):
        out.update(
            colours=list(card.colours),
            face=card.face_text,
            dominant=card.dominant,
            copies=card.copies,
            kinds=sorted(card.kinds),
            text=card.text,
            line=trait_line(card),
        )
    elif isinstance(card, CatastropheDef):
        out.update(
            gene_pool=card.gene_pool,
            catastrophic=card.catastrophic_text,
            worlds_end=card.worlds_end_text,
            line=(
                f"{card.name}, catastrophe, label {card.label}: gene pool {card.gene_pool:+d}. "
                f"{card.catastrophic_text} World's End: {card.worlds_end_text}"
            ),
        )
    else:
        assert isinstance(card, AgeDef)
        out.update(text=card.text, in_deck=card.in_deck, line=f"{card.name}, age: {card.text}")
    return out


def pieces_of(card: AnyCard) -> list[tuple[str, str]]:
    """Every (vocabulary slot, piece id) the card uses."""
    if isinstance(card, TraitDef):
        return [(slot, p.effect) for slot in TRAIT_SLOTS for p in getattr(card, slot)]
    if isinstance(card, CatastropheDef):
        return [(slot, p.effect) for field, slot in CATASTROPHE_SLOTS.items() for p in getattr(card, field)]
    return [(slot, p.effect) for slot in ("round", "reveal") for p in getattr(card, slot)]


def full_description(card: AnyCard, label: str | None = None) -> list[str]:
    """Every fact about a card, a short line each, for the look-up and the companion.

    ``label`` is the label as the reader wants it shown (Unicode braille, say); by default
    the card's own text label.
    """
    label = card.label if label is None else label
    if isinstance(card, TraitDef):
        kinds = ", ".join(KIND_WORDS[k] for k in sorted(card.kinds, key=list(KIND_WORDS).index))
        value = "variable, X" if card.face is None else str(card.face)
        return [
            f"{card.name}, label {label}.",
            f"Colour: {colour_words(card.colours)}. Face value: {value}.",
            f"{'Dominant' if card.dominant else 'Not dominant'}. Kind of effect: {kinds}.",
            f"Effect: {card.text}",
        ]
    if isinstance(card, CatastropheDef):
        return [
            f"{card.name}, catastrophe, label {label}.",
            f"Gene pool effect: {card.gene_pool:+d} for every player, for good.",
            f"Catastrophic effect: {card.catastrophic_text}",
            f"World's End effect: {card.worlds_end_text}",
        ]
    assert isinstance(card, AgeDef)
    lasts = "It sets up the game." if card.birth_of_life else (
        "It happens once, when the age is revealed." if card.reveal and not card.round
        else "It lasts for this round only."
    )
    out = [f"{card.name}, age.", f"Effect: {card.text}", lasts]
    if not card.in_deck and not card.birth_of_life:
        out.append("It is not dealt in the age deck unless all 28 ages are (the house rule --all-28-ages).")
    return out
