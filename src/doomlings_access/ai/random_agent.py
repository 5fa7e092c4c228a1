"""The easiest computer player: a random legal answer, from its own seeded generator. It is
the same for every game (:mod:`doomlings_access.players.chance`): it reads only its seat's
view, and draws its randomness afresh for each decision from the game seed, its seat and where
the game stands as the seat sees it (so it never moves the game's deck, and a game resumed
from a save makes the same choices it would have made).
"""

from doomlings_access.players.chance import RandomAgent, decision_rng

__all__ = ["RandomAgent", "decision_rng"]
