"""Questions and answers: every game asks a :class:`Decision` and takes a :class:`Choice`.

Each game names its own kinds and reasons (an enum of strings each, the keys of its wording)
and its own words (keywords offered beside cards, places or seats); the shape of a question is
the same for all, so the prompt loop, computer players, saves and the server handle any game's.
Answers of several parts are asked one small question at a time, so every list of options is
small and easy to read aloud.

>>> Choice.from_json([1, "pass"])
Choice(player=1, value='pass')
"""

from __future__ import annotations

from typing import Any, NamedTuple

Value = int | str
"""An option: a card, seat or place (int), or a colour, a card's code or a keyword (str)."""


class Decision(NamedTuple):
    """A question waiting for one player's answer (an immutable value)."""

    player: int
    kind: str
    """What the options are (a game's ``Kind``)."""
    reason: str
    """Why it is asked (a game's ``Reason``: the key of its wording)."""
    options: tuple[Value, ...]
    source: str | None = None
    """The card whose effect asks, if one does."""
    step: int = 1
    of: int = 1
    """For answers of several parts: this is part ``step`` of (at most) ``of``."""
    about: tuple[Value, ...] = ()
    """Context: a target player, the cards being chosen among, the place being filled."""

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": str(self.kind),
            "reason": str(self.reason),
            "options": [_plain(o) for o in self.options],
            "source": self.source,
            "step": self.step,
            "of": self.of,
            "about": [_plain(a) for a in self.about],
        }


def _plain(value: Value) -> Value:
    """A keyword as a plain string (a game's keywords are enum members)."""
    return str(value) if isinstance(value, str) else value


new_tuple = tuple.__new__
"""``new_tuple(Decision, (player, kind, reason, options, source, step, of, about))`` makes the
:class:`Decision` of those eight fields, as ``Decision(...)`` does, at about a third of the
cost: a named tuple's constructor is Python called from C, and a game asks a question at
nearly every action."""


class Choice(NamedTuple):
    """The one action: ``player`` answers the pending decision with ``value``."""

    player: int
    value: Value

    def to_json(self) -> list[Value]:
        return [self.player, _plain(self.value)]

    @classmethod
    def from_json(cls, data: Any) -> Choice:
        if (
            not isinstance(data, list)
            or len(data) != 2
            or not isinstance(data[0], int)
            or isinstance(data[0], bool)
            or not isinstance(data[1], (int, str))
            or isinstance(data[1], bool)
        ):
            raise ValueError(f"an action is [player, value], not {str(data)[:60]!r}")
        return cls(data[0], data[1])


class IllegalActionError(ValueError):
    """The answer is not one of the pending decision's options; nothing changed."""


class GameOverError(IllegalActionError):
    """An answer given after the game ended."""
