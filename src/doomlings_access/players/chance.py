"""A player's randomness for one decision, and the easiest player, who answers at random.

Randomness is drawn fresh for each decision from the game seed, the seat and where the game
stands as the seat sees it: it never moves the game's own chance, a game resumed from a save
makes the same choices it would have made, and it never depends on cards the seat cannot see.
"""

from __future__ import annotations

import random

from doomlings_access.kernel.decisions import Decision, Value
from doomlings_access.kernel.players import SeatView


def decision_rng(salt: str, seed: int, view: SeatView, decision: Decision) -> random.Random:
    """A generator for one decision, fixed by what the seat can see (never by hidden cards).

    >>> from doomlings_access.kernel.decisions import Decision
    >>> class Seen:
    ...     seat, active, log = 1, 1, ()
    >>> d = Decision(1, "card", "discard", (3, 4, 5))
    >>> decision_rng("x", 7, Seen(), d).random() == decision_rng("x", 7, Seen(), d).random()
    True
    """
    key = (salt, seed, view.seat, len(view.log), decision.reason, decision.step, decision.options)
    return random.Random(repr(key))


class RandomAgent:
    """Answers every decision with a uniformly random legal choice (any game's easy level)."""

    thinks = False

    def __init__(self, seed: int, seat: int) -> None:
        self.seed, self.seat = seed, seat

    def choose(self, view: SeatView, decision: Decision) -> Value:
        return decision_rng("random", self.seed, view, decision).choice(decision.options)
