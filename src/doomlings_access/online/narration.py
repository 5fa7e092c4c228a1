"""What one person at an online table is told, beyond what the game's own telling says (each
person's telling is the game's :class:`~.kinds.Listener`, made on the server from that
person's view and the events as their seat saw them): the ids a question and its options go
by, the one message a person coming back hears, and a long story told in parts that each
fit a message.
"""

from __future__ import annotations

import re

from doomlings_access.kernel.decisions import Decision, Value
from doomlings_access.online.kinds import Listener, Table
from doomlings_access.telling.words import Said, story

LINE = 4000
"""The most characters a told message's text, or its speech, may have (the schema's ``line``:
a message longer is refused, and nobody would hear it)."""


def option_id(d: Decision, value: Value) -> str:
    """The stable id of an option: the same whenever the question is sent again; a word's
    letters other than small letters, digits and ``_`` are written as their code, so two
    words never share an id ("7C" and "7c" are two).

    >>> d = Decision(0, "player", "steal", (1, 2))
    >>> option_id(d, 2), option_id(d._replace(kind="card"), 17), option_id(d, "pass")
    ('seat-2', 'card-17', 'word-pass')
    >>> option_id(d._replace(kind="place"), 4), option_id(d, "10H"), option_id(d, "as_dealt")
    ('place-4', 'word-10-48', 'word-as_dealt')
    """
    if isinstance(value, int):
        return f"{_PREFIX.get(str(d.kind), 'card')}-{value}"
    return "word-" + re.sub(r"[^a-z0-9_]", lambda m: f"-{ord(m.group()):x}", str(value))


_PREFIX = {"player": "seat", "place": "place"}
"""What an option that is a number names, by the decision's kind (else a card)."""


def question_id(game: Table) -> str:
    """The id of the question waiting: unique in the game, the same when sent again."""
    return f"q{len(game.actions)}"


def away_summary(listener: Listener, game: Table, missed: int, covered: int) -> Said:
    """The one message a person coming back hears: how much went into their history while
    they were away, whether the computer played for them, and where the game stands."""
    parts = ["You are back."]
    if missed:
        parts.append(f"While you were away, {missed} {'message' if missed == 1 else 'messages'} went into your history: type log to hear them.")
    if covered:
        parts.append(f"The computer played {covered} {'move' if covered == 1 else 'moves'} for you.")
    if game.is_over:
        parts.append("The game is over.")
    else:
        parts.append(listener.where(game))
    text = " ".join(parts)
    return Said(text, text)



def in_parts(said: Said, limit: int = LINE) -> list[Said]:
    """``said`` as messages whose text and speech each fit ``limit`` characters: a story too
    long for one (the end of a Doomcrop game of six: every face-down card captured, one by
    one) in parts of whole sentences, in order. A single sentence longer than ``limit`` (none
    is told today) is cut between words, its text and its speech each into as few parts as
    fit; the shorter gets empty parts at its end.

    >>> s = story([Said.alike("One two."), Said.alike("Three four."), Said.alike("Five.")])
    >>> [p.text for p in in_parts(s, 20)]
    ['One two. Three four.', 'Five.']
    >>> [(p.text, p.speech) for p in in_parts(Said("aa bb cc", "a a b b c c"), 6)]
    [('aa bb', 'a a b'), ('cc', 'b c c')]
    """
    if len(said.text) <= limit and len(said.speech) <= limit:
        return [said]
    if not said.sentences:
        texts, speeches = _cut(said.text, limit), _cut(said.speech, limit)
        count = max(len(texts), len(speeches))
        texts += [""] * (count - len(texts))
        speeches += [""] * (count - len(speeches))
        return [Said(t, sp) for t, sp in zip(texts, speeches, strict=True)]
    parts: list[Said] = []
    group: list[Said] = []
    for sentence in said.sentences:
        for piece in in_parts(sentence, limit):
            longer = [*group, piece]
            if group and max(len(" ".join(s.text for s in longer)), len(" ".join(s.speech for s in longer))) > limit:
                parts.append(story(group))
                longer = [piece]
            group = longer
    parts.append(story(group))
    return parts


def _cut(text: str, limit: int) -> list[str]:
    """``text`` in parts of at most ``limit`` characters, cut between words (a word longer
    than ``limit``, inside it)."""
    parts: list[str] = []
    line = ""
    for word in text.split():
        while len(word) > limit:
            if line:
                parts.append(line)
                line = ""
            parts.append(word[:limit])
            word = word[limit:]
        if line and len(line) + 1 + len(word) > limit:
            parts.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    parts.append(line)
    return parts
