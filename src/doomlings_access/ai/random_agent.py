"""The easiest computer player: a random legal answer, from its own seeded generator.

Its randomness is its own (seeded from the game seed and its seat), so it never moves the
game's deck: the same game seed with other players gives the same shuffles.
"""

from __future__ import annotations

import random

from doomlings_access.rules import Choice, Game


class RandomAgent:
    """Answers every decision with a uniformly random legal choice."""

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = random.Random(f"{seed}:{seat}")

    def choose(self, game: Game) -> Choice:
        return self.rng.choice(game.legal_actions())
