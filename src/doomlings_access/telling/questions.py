"""A question as a person hears it: a title, then numbered options, each with the words it
answers to. Every game's questions take this shape, so one prompt loop reads any game's answers
(a number, a word an option answers to, or the first letters of one).

>>> from doomlings_access.kernel.decisions import Decision
>>> q = Question(Decision(0, "place", "flip", (0, 2)), Said("Flip which card?", "Flip which card?"),
...              (Option(0, "front left, 7C", "front left, 7 of Clubs", ("front left", "7c")),
...               Option(2, "front right, QS", "front right, Queen of Spades", ("front right", "qs"))))
>>> [o.value for o in q.named_exactly("QS")], [o.value for o in q.beginning("front")]
([2], [0, 2])
>>> [s.text for s in q.lines()]
['Flip which card?', '1. front left, 7C', '2. front right, QS']
"""

from __future__ import annotations

from dataclasses import dataclass

from doomlings_access.kernel.decisions import Decision, Value
from doomlings_access.safety.text import name_key, plain_hyphens
from doomlings_access.telling.words import Said


@dataclass(frozen=True)
class Option:
    value: Value
    text: str
    speech: str
    words: tuple[str, ...]
    """Lower-case words this option answers to (a card, a place, a player's name, a keyword)."""


@dataclass(frozen=True)
class Question:
    decision: Decision
    title: Said
    options: tuple[Option, ...]

    def named_exactly(self, typed: str, label: str | None = None) -> list[Option]:
        """The options one of whose words is ``typed`` (any case, spaces as one, any hyphen
        as ``-``) or ``label``, the same card's label as the game read it from what was typed
        (in braille, say: :meth:`.answers.AnswerWords.typed_label`); else those one of whose
        words is ``typed`` as names are matched everywhere (accents aside: "zoe", or "Zoë"
        typed decomposed)."""
        for form in (" ".join(plain_hyphens(typed).lower().split()), label.lower() if label else None):
            exact = [o for o in self.options if form and form in o.words]
            if exact:
                return exact
        key = name_key(typed)
        return [o for o in self.options if key and any(name_key(w) == key for w in o.words)]

    def beginning(self, typed: str) -> list[Option]:
        """The options one of whose words begins with ``typed``."""
        low = " ".join(typed.lower().split())
        return [o for o in self.options if low and any(w.startswith(low) for w in o.words)]

    def lines(self) -> list[Said]:
        out = [self.title]
        for i, o in enumerate(self.options, 1):
            out.append(Said(f"{i}. {o.text}", f"{i}, {o.speech}"))
        return out
