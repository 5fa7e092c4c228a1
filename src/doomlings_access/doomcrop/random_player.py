"""A tiny random player for tests: it reads only a view and picks one of its options.

>>> from doomlings_access.doomcrop import Game, Setup
>>> import random
>>> game = Game(Setup(("Ana", "Ben"), seed=3))
>>> choose(game.view(game.pending.player), random.Random(1)).player
0
"""

from __future__ import annotations

import random

from doomlings_access.doomcrop.decisions import Choice
from doomlings_access.doomcrop.view import View


def choose(view: View, rng: random.Random) -> Choice:
    """Any of the options of the seat's pending decision, at random."""
    decision = view.pending
    if decision is None:
        raise ValueError("this seat has no decision to make")
    return Choice(view.seat, decision.options[rng.randrange(len(decision.options))])
