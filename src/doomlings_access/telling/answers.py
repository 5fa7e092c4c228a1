"""Reading what a person types at a question: one reader for every game, at every prompt that
asks one (the local prompt loop, a lesson, the online terminal client).

A line is, in this order: a number; a word an option answers to, whole (any case, accents
aside; a card's label typed another way too, as the game reads it); a command (the game's
review commands and those every game has); the first letters of an option's word (three or
more letters loosely, accents and hyphens aside). Anything else gets one line that says why
(a card held back, with the game's reason; the names a misspelling may mean) and the same
question again. What differs between games comes from the game's :class:`AnswerWords`: how a
label typed in braille reads, which names a misspelling is close to, why a card held is not
offered, and the help's ways to answer; never from importing a game.

>>> from doomlings_access.kernel.decisions import Decision
>>> from doomlings_access.telling.words import Said
>>> q = Question(Decision(0, "place", "flip", (0, 2)), Said("Flip which card?", "Flip which card?"),
...              (Option(0, "front left, 7C", "front left, 7 of Clubs", ("front left", "7c")),
...               Option(2, "front right, QS", "front right, Queen of Spades", ("front right", "qs"))))
>>> commands = lambda line: ("grid", "") if line == "g" else (None, "")
>>> [read_answer(q, typed, PLAIN, commands) for typed in ("2", "QS", "g", "front r")]
[Reply(value=2, command=None, arg='', said=''), Reply(value=2, command=None, arg='', said=''), \
Reply(value=None, command='grid', arg='', said=''), Reply(value=2, command=None, arg='', said='')]
>>> read_answer(q, "front", PLAIN, commands).said
'front fits 2 choices: 1. front left, 7C; 2. front right, QS. Type its number.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from doomlings_access.kernel.decisions import Value
from doomlings_access.safety.text import name_key
from doomlings_access.telling.console import clean_typed, is_number, nothing_typed, shorten
from doomlings_access.telling.questions import Option, Question

MAX_INPUT = 200
"""The longest line read as an answer (a paste is refused in one line, not searched)."""

HeldBack = tuple[str, str, str]
"""A card of the asker's hand a question does not offer: its name, its label, and the
engine's reason it may not be played now (as an online question sends it too)."""

Commands = Callable[[str], tuple[str | None, str]]
"""The command a typed line names, and the rest as typed (:meth:`.Prompting.as_command`)."""


class AnswerWords(Protocol):
    """What a game adds to the one reader of answers (see the module's text)."""

    def typed_label(self, typed: str) -> str | None:
        """A card's label typed another way than its options spell it (Doomlings: in braille
        or BRF), spelt as they spell it; None when ``typed`` is no label."""

    def meant(self, typed: str, names: Sequence[str]) -> list[str]:
        """The ``names`` a misspelt ``typed`` may mean, closest first (none: no guess)."""

    def held_back(self, held: Sequence[HeldBack], typed: str) -> str:
        """Why the cards ``held`` back that ``typed`` names are not offered ("Not playable
        now: Antlers, its colour is locked this round."), or ""."""

    def how_to_answer(self, q: Question) -> list[str]:
        """The help of question ``q``: what it asks, and the ways to answer that its options
        take."""


@dataclass(frozen=True)
class PlainAnswers:
    """A game whose answers take only what every question takes (no labels typed in braille,
    no guesses at a misspelling, no card held back); ``ways``: what a question takes besides a
    number, said by its help ("a place like front left")."""

    ways: str = "the first letters of an answer"

    def typed_label(self, typed: str) -> str | None:
        return None

    def meant(self, typed: str, names: Sequence[str]) -> list[str]:
        return []

    def held_back(self, held: Sequence[HeldBack], typed: str) -> str:
        return ""

    def how_to_answer(self, q: Question) -> list[str]:
        return [f"{q.title.text} Type a number from 1 to {len(q.options)}, or {self.ways}."]


PLAIN = PlainAnswers()


@dataclass(frozen=True)
class Reply:
    """What a line typed at a question is: an option chosen (``value``), a command to carry
    out (``command`` and its ``arg``), or neither, with the one line that says why (``said``);
    then the same question is asked again."""

    value: Value | None = None
    command: str | None = None
    arg: str = ""
    said: str = ""


def read_answer(
    q: Question, raw: str, answers: AnswerWords, as_command: Commands, held: Sequence[HeldBack] = (),
) -> Reply:
    """The answer ``raw`` gives to question ``q`` (see the module's text); ``held``: the cards
    of the asker's hand ``q`` does not offer, with why."""
    line = clean_typed(raw)
    n = len(q.options)
    again = f"Choose 1 to {n}, or ? for help."
    if not line:
        return Reply(said=f"{nothing_typed(raw)} {again}")
    if len(raw) > MAX_INPUT:
        return Reply(said=f"That is too long. {again}")
    low = line.lower()
    if is_number(low):
        index = int(low)
        if 1 <= index <= n:
            return Reply(q.options[index - 1].value)
        return Reply(said=f"Not a choice: {shorten(line)}. Choose 1 to {n}.")
    exact = q.named_exactly(line, answers.typed_label(line))
    if exact:
        return the_one(line, exact, q.options)
    command, arg = as_command(line)
    if command is not None:
        return Reply(command=command, arg=arg)
    begun = q.beginning(line)
    key = loose(line)  # "self rep" and "adorablé" begin Self-Replicating and Adorable
    if not begun and len(key) >= 3:  # (a letter or two, loosely, is no name's beginning)
        begun = [o for o in q.options if any(loose(w).startswith(key) for w in o.words)]
    if begun:
        return the_one(line, begun, q.options)
    why = answers.held_back(held, line) if held else ""
    if why:
        return Reply(said=f"{why} {again}")
    names = [o.text.split(",")[0] for o in q.options]  # (an option's text: its name, then its label)
    close = answers.meant(line, names)
    if close:
        meant = " or ".join(f"{i}, {name}" for i, name in enumerate(names, 1) if name in close)
        return Reply(said=f"Not a choice: {shorten(line)}. Did you mean {meant}? Type its number.")
    return Reply(said=f"Not a choice: {shorten(line)}. {again}")


def the_one(line: str, fits: Sequence[Option], options: Sequence[Option]) -> Reply:
    """The answer when what was typed fits one option, or copies alike (two Kidneys in hand:
    the same words, whichever is played); when it fits different ones (Fangs and Brave are
    both r1) none is guessed: they are named with their numbers."""
    if len({o.text for o in fits}) == 1 or len({o.value for o in fits}) == 1:
        return Reply(fits[0].value)
    named = "; ".join(f"{list(options).index(o) + 1}. {o.text}" for o in fits)
    return Reply(said=f"{shorten(line)} fits {len(fits)} choices: {named}. Type its number.")


def loose(typed: str) -> str:
    """A typed answer as it is matched loosely: no accents, no case, a hyphen as a space.

    >>> loose("Self-Rép")
    'self rep'
    """
    return name_key(typed).replace("-", " ")


def begins(name: str, key: str) -> bool:
    """Whether a loosely typed ``key`` (:func:`loose`) is ``name`` or, at three letters or
    more, begins it."""
    name = loose(name)
    return name == key or (len(key) >= 3 and name.startswith(key))
