"""How cards, players and lists are named in text and in speech.

Printed text keeps the deck's labels (``db17``), or shows them in Unicode braille; spoken text
expands them into words ("dominant blue 17"), since a synthesizer reads ``dr4`` as "doctor 4".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from doomlings_access.cards.model import TraitDef
from doomlings_access.rules.options import Options
from doomlings_access.telling.prompting import typed_aloud as typed_aloud
from doomlings_access.telling.words import Said as Said
from doomlings_access.telling.words import choose_from as choose_from
from doomlings_access.telling.words import join as join
from doomlings_access.telling.words import plural as plural


def why_not_played(reasons: Sequence[tuple[str, str]], whose: str = "your") -> str:
    """"Antlers and Fangs, their colour is locked this round; Quick, its requirement is not
    met": the traits that may not be played, one clause a reason (the engine's reasons, as
    :data:`PLAY_FAILED`; others are left out). ``whose``: the player's pile, as said to the
    listener ("your", "Otto's")."""
    groups: dict[str, list[str]] = {}
    for name, reason in reasons:
        if reason in PLAY_FAILED:
            groups.setdefault(reason, []).append(name)
    return "; ".join(
        f"{names[0]}, {play_failed(r, whose)}" if len(names) == 1
        else f"{join(names)}, {PLAY_FAILED_MANY[r].format(whose=whose)}"
        for r, names in groups.items()
    )


def play_failed(reason: str, whose: str = "your") -> str:
    """Why one trait may not be played now, in words (the engine's ``reason`` as it is, when
    :data:`PLAY_FAILED` has no words for it); ``whose`` pile, when the reason is the pile's."""
    return PLAY_FAILED.get(reason, reason.replace("_", " ")).format(whose=whose)


PLAY_FAILED = {
    "colour_locked": "its colour is locked this round",
    "face_too_high": "its face value is too high this round",
    "same_colour": "it has the colour of the trait played before",
    "dominant_limit": "{whose} pile already holds two dominants",
    "requirement": "its requirement is not met",
    "restricted_cost": "its cost is restricted this round",
}
"""Why a trait may not be played now, by the engine's reason (``{whose}``: the player's pile,
as :func:`play_failed` says it)."""
PLAY_FAILED_MANY = {
    "colour_locked": "their colour is locked this round",
    "face_too_high": "their face values are too high this round",
    "same_colour": "they have the colour of the trait played before",
    "dominant_limit": "{whose} pile already holds two dominants",
    "requirement": "their requirements are not met",
    "restricted_cost": "their cost is restricted this round",
}
"""The same, said of several traits at once."""

COLOUR_NAMES = {"colourless": "colourless", "blue": "blue", "green": "green", "purple": "purple", "red": "red"}


def label_words(t: TraitDef) -> str:
    """``dominant blue 17``, ``colourless minus 2``, ``green X``."""
    value = "X" if t.face is None else (f"minus {-t.face}" if t.face < 0 else str(t.face))
    colours = " and ".join(COLOUR_NAMES[c] for c in t.colours)
    return f"{'dominant ' if t.dominant else ''}{colours} {value}"


class Labelled(Protocol):
    @property
    def label(self) -> str: ...


@dataclass(frozen=True)
class Style:
    """How labels are printed: ``text`` (db17) or ``braille`` (Unicode braille, Nemeth digits)."""

    labels: str = "text"

    def label(self, card: Labelled) -> str:
        """A card's label as this reader wants it (a trait's or a catastrophe's)."""
        return self.show(card.label)

    def show(self, label: str) -> str:
        if self.labels == "braille":
            from doomlings_access.braille.labels import LabelError, label_to_unicode

            try:
                return label_to_unicode(label)
            except LabelError:  # a character with no braille cell: shown as it is
                return label
        return label


def card_text(t: TraitDef, style: Style) -> str:
    return f"{t.name}, {style.label(t)}"


def card_speech(t: TraitDef) -> str:
    return f"{t.name}, {label_words(t)}"


HOUSE_RULES = {
    "edition": "the first printing of the cards",
    "long_age_deck": "every age dealt into the three piles",
    "empty_hand_draw": "an empty hand draws {empty_hand_draw}",
    "catastrophe_ends_round": "no turns in a catastrophe's round",
    "gene_pool_leader_bonus": "3 points at the end to the one player with the largest gene pool",
    "discard_unmet_requirement": "a trait arriving at random that fails its requirement is discarded",
    "ignore_restricted_cost": "a trait whose cost is restricted may be played without paying it",
    "all_28_ages": "all 28 ages dealt from",
    "colourless_counts_as_colour": "colourless counts as a colour of its own for a different colour",
    "one_card_to_a_lone_neighbour": "with two players, a card to each neighbour is one card",
}
"""What each option changes, in a phrase (rules/options.py; CONFLICTS.md)."""


def house_rules(options: Options, lead: str = "House rules") -> str:
    """"House rules: an empty hand draws 5; no turns in a catastrophe's round.", or ""."""
    said = [HOUSE_RULES[name].format(**options.to_json()) for name in options.differences() if name in HOUSE_RULES]
    return f"{lead}: {'; '.join(said)}." if said else ""


COMPUTER_NAMES = ["Otto", "Pia", "Quin", "Rex", "Sol", "Tam"]
"""The computer players' names, at a local game as at an online table."""
