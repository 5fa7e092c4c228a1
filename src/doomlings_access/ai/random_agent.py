"""The easiest computer player: a random legal answer, from its own seeded generator.

It reads only its seat's view. Its randomness is drawn fresh for each decision from the game
seed, its seat and where the game stands as the seat sees it (so it never moves the game's
deck, and a game resumed from a save makes the same choices it would have made).
"""

from __future__ import annotations

import random

from doomlings_access.rules.decisions import Decision, Value
from doomlings_access.rules.view import PlayerView


def decision_rng(salt: str, seed: int, view: PlayerView, decision: Decision) -> random.Random:
    """A generator for one decision, fixed by what the seat can see (never by hidden cards)."""
    key = (salt, seed, view.seat, len(view.log), decision.reason, decision.step, decision.options)
    return random.Random(repr(key))


class RandomAgent:
    """Answers every decision with a uniformly random legal choice."""

    thinks = False

    def __init__(self, seed: int, seat: int) -> None:
        self.seed, self.seat = seed, seat

    def choose(self, view: PlayerView, decision: Decision) -> Value:
        return decision_rng("random", self.seed, view, decision).choice(decision.options)
