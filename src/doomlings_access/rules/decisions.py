"""Pending decisions and the single kind of action that answers them.

Every question the rules or a card ask a player is a :class:`Decision` in the game state.
Whoever drives the game (a person at the prompt, a computer player, a test, the scorer)
answers it with a :class:`Choice` naming one of the decision's options. Multi-card choices are
asked one card at a time, so every option list is small and easy to read aloud.
"""

from __future__ import annotations

from typing import Any, NamedTuple

Value = int | str
"""An option: a card instance id or player seat (int), or a colour or keyword (str)."""

# Decision kinds: what the options are.
PLAY = "play"              # card ids in the hand (or elsewhere) to play; maybe keywords
CARD = "card"              # card ids (in a hand or a revealed set)
TRAIT = "trait"            # card ids in trait piles
PLAYER = "player"          # seats
COLOUR = "colour"          # colour names
YES_NO = "yes_no"          # "yes" / "no"
OPTION = "option"          # keywords, e.g. "skip" / "redraw"
RESPOND = "respond"        # card ids of out-of-turn traits, or "pass"
CATASTROPHE = "catastrophe"  # catastrophe ids
CHANCE = "chance"          # a random pick supplied from outside (scorer mode)

KINDS = (PLAY, CARD, TRAIT, PLAYER, COLOUR, YES_NO, OPTION, RESPOND, CATASTROPHE, CHANCE)


class Decision(NamedTuple):
    """A question waiting for one player's answer (an immutable value)."""

    player: int
    kind: str
    reason: str
    """Message key saying why it is asked, e.g. ``discard_to_stabilize``."""
    options: tuple[Value, ...]
    source: str | None = None
    """Id of the card (trait, age or catastrophe) whose effect asks."""
    step: int = 1
    of: int = 1
    """For multi-part answers: this is part ``step`` of ``of``."""
    about: tuple[Value, ...] = ()
    """Extra context (a target player, a named colour, cards being chosen among)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "reason": self.reason,
            "options": list(self.options),
            "source": self.source,
            "step": self.step,
            "of": self.of,
            "about": list(self.about),
        }


PRIVATE_ANSWERS = frozenset({"keep", "keep_to_stabilize", "give", "give_card_to", "take_card", "take_and_play"})
"""Reasons whose answer (a card of a hand) only the player asked, and the one it goes to, see."""
SILENT = frozenset({"pass", "no", "done"})
"""Answers that change nothing anyone sees: to a question asked only of a player holding a
card that fits, another seat cannot tell whether it was asked at all."""


def answer_is_private(reason: str) -> bool:
    """Whether the card a player chooses for ``reason`` is seen only by them (and its receiver)."""
    return reason in PRIVATE_ANSWERS


def is_silent(reason: str, value: Value) -> bool:
    """Whether answering ``value`` leaves nothing another seat could notice."""
    return value in SILENT


new_tuple = tuple.__new__
"""``new_tuple(Decision, (player, kind, reason, options, source, step, of, about))`` makes the
:class:`Decision` of those eight fields, as ``Decision(...)`` does, at about a third of the
cost: a named tuple's constructor is Python called from C, and the rules ask a question at
nearly every action."""


class Choice(NamedTuple):
    """The one action type: ``player`` answers the pending decision with ``value``."""

    player: int
    value: Value

    def to_json(self) -> list[Value]:
        return [self.player, self.value]

    @classmethod
    def from_json(cls, data: Any) -> Choice:
        if (
            not isinstance(data, list)
            or len(data) != 2
            or not isinstance(data[0], int)
            or not isinstance(data[1], (int, str))
        ):
            raise ValueError(f"an action is [player, value], not {data!r}")
        return cls(data[0], data[1])
