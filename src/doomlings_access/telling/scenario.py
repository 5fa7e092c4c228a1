"""Answers written as at the prompt, read against a question: what ``doomlings scenario`` plays
for any game's position file.

>>> from doomlings_access.kernel.decisions import Decision
>>> from doomlings_access.telling.questions import Option, Question
>>> from doomlings_access.telling.words import Said
>>> q = Question(Decision(0, "place", "flip", (0, 2)), Said("Flip?", "Flip?"),
...              (Option(0, "front left", "front left", ("front left",)), Option(2, "front right", "front right", ("front right",))))
>>> pick(q, "2"), pick(q, "Front Left"), pick(q, "front")
(Choice(player=0, value=2), Choice(player=0, value=0), None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from doomlings_access.kernel.decisions import Choice, Decision, Value
from doomlings_access.telling.answers import PLAIN, AnswerWords


class Offered(Protocol):
    @property
    def value(self) -> Value: ...

    @property
    def words(self) -> tuple[str, ...]: ...


class Asked(Protocol):
    """A question as any game builds it (its decision, its options, the options a word names)."""

    @property
    def decision(self) -> Decision: ...

    @property
    def options(self) -> Sequence[Offered]: ...

    def named_exactly(self, typed: str, label: str | None = None) -> Sequence[Offered]: ...


def pick(q: Asked, typed: str, answers: AnswerWords = PLAIN) -> Choice | None:
    """The option ``typed`` names: its number, or a word of it (whole, a card's label as the
    game's ``answers`` read it, or a unique beginning)."""
    text = " ".join(typed.split()).lower()
    if text.isascii() and text.isdigit():
        index = int(text)
        if 1 <= index <= len(q.options):
            return Choice(q.decision.player, q.options[index - 1].value)
        return None
    exact = q.named_exactly(text, answers.typed_label(typed))
    if exact:
        return Choice(q.decision.player, exact[0].value)
    begun = {o.value: o for o in q.options if any(w.startswith(text) for w in o.words)}
    if len(begun) == 1:
        return Choice(q.decision.player, next(iter(begun.values())).value)
    return None
