"""The easiest computer player: a random legal answer, from its own seeded generator.

Its randomness is its own, drawn fresh for each decision from the game seed, its seat and
the number of actions so far. So it never moves the game's deck, and a game resumed from a
save makes the same choices it would have made.
"""

from __future__ import annotations

import random

from doomlings_access.rules import Choice, Game


class RandomAgent:
    """Answers every decision with a uniformly random legal choice."""

    def __init__(self, seed: int, seat: int) -> None:
        self.seed, self.seat = seed, seat

    def choose(self, game: Game) -> Choice:
        rng = random.Random(f"{self.seed}:{self.seat}:{len(game.actions)}")
        return rng.choice(game.legal_actions())
