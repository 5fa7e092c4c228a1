"""What Doomlings adds to the one reader of answers every game shares
(:mod:`doomlings_access.telling.answers`): a card's label typed in braille or BRF, a misspelt
trait's name, why a trait of the hand is not offered, and a question's help, which says what a
label means where an option is a card.

The local prompt and the online terminal client read Doomlings' answers with it alike (the
client finds it through the games' registry, by the room's game).
"""

from __future__ import annotations

from collections.abc import Sequence

from doomlings_access.braille.labels import is_trait_label, read_typed_label
from doomlings_access.cards.lookup import suggestions
from doomlings_access.rules.decisions import Decision, Kind
from doomlings_access.rules.view import PlayerView
from doomlings_access.telling.answers import HeldBack, begins, loose
from doomlings_access.telling.questions import Question
from doomlings_access.ui.words import why_not_played

LABEL_CODE = (
    "A label reads as the braille cards do: d for dominant, then the colour's letter (b blue, "
    "g green, p purple, r red, c colourless), then the face value, X where it varies "
    "(db17: dominant blue 17; c-2: colourless minus 2; rX: red X)."
)
"""The label code, told by help at a question whose options are cards."""


class DoomlingsAnswers:
    """Doomlings' part of reading an answer (:class:`~doomlings_access.telling.answers.AnswerWords`)."""

    def typed_label(self, typed: str) -> str | None:
        return read_typed_label(typed)

    def meant(self, typed: str, names: Sequence[str]) -> list[str]:
        return suggestions(typed, names)

    def held_back(self, held: Sequence[HeldBack], typed: str) -> str:
        return held_back_said(held, typed)

    def how_to_answer(self, q: Question) -> list[str]:
        return how_to_answer(q)


ANSWERS = DoomlingsAnswers()


def how_to_answer(q: Question) -> list[str]:
    """The help of a question: what it asks, and the ways to answer that its options take (a
    label only where an option is a card, and then what a label means: it was nowhere said)."""
    labels = any(is_trait_label(w) for o in q.options for w in o.words)
    ways = "the first letters of a name, or a label like \"db17\"" if labels else "the first letters of an answer"
    said = f"{q.title.text} Type a number from 1 to {len(q.options)}, or {ways} (one letter alone is a command)."
    return [said, LABEL_CODE] if labels else [said]


def cards_held_back(v: PlayerView, d: Decision) -> list[HeldBack]:
    """The cards of the asker's hand a play question ``d`` does not offer: name, label, and
    the engine's reason why each may not be played now (their view ``v`` says)."""
    if d.kind != Kind.PLAY:
        return []
    return [(v.card(c).name, v.card(c).label, v.why_not.get(c, "")) for c in v.hand if c not in d.options]


def held_back_said(held: Sequence[HeldBack], line: str) -> str:
    """"Not playable now: Antlers, its colour is locked this round." when ``line`` names, by
    name or label, cards ``held`` back (:func:`cards_held_back`); else nothing."""
    key, label = loose(line), line.lower()
    named = [h for h in held if begins(h[0], key)] or [h for h in held if h[1].lower() == label]
    said = why_not_played(list({name: reason for name, _, reason in named}.items()))
    return f"Not playable now: {said}." if said else ""


def what_it_reads(v: PlayerView, d: Decision) -> list[str]:
    """At "Play a trait out of turn?", what each trait offered would do (its help)."""
    if d.kind != Kind.RESPOND:
        return []
    return [f"{v.card(c).name} reads: {v.card(c).text}" for c in d.options if isinstance(c, int)]
