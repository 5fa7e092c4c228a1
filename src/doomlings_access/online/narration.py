"""What one person at an online table is told, beyond what the game's own telling says (each
person's telling is the game's :class:`~.kinds.Listener`, made on the server from that
person's view and the events as their seat saw them): the ids a question and its options go
by, and the one message a person coming back hears.
"""

from __future__ import annotations

import re

from doomlings_access.kernel.decisions import Decision, Value
from doomlings_access.online.kinds import Listener, Table
from doomlings_access.telling.words import Said


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

