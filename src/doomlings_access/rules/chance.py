"""The game's source of chance: Python's Mersenne Twister, with its shuffle written out.

Shuffling is most of the cost of setting up a game (six shuffles, about 160 random numbers),
and look-ahead players set up many. The shuffle below draws exactly the numbers the standard
library's does, in the same order (Fisher-Yates from the end, each index by rejection
sampling on ``getrandbits``), so seeded games and saves are unchanged; a test checks the two
agree. It also keeps seeded games the same should a later Python shuffle differently.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any


class GameRandom(random.Random):
    """A seeded random source whose :meth:`shuffle` is quicker and the same as the library's."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        shuffle(self, x)

    @classmethod
    def from_state(cls, state: tuple[Any, ...]) -> GameRandom:
        """A generator standing at ``state`` (a checkpoint's), made without first seeding one
        only to overwrite it (a resumed copy of a game is made for every sampled game)."""
        rng = cls.__new__(cls)
        rng.setstate(state)
        return rng


def shuffle(rng: random.Random, x: MutableSequence[Any]) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` does (the same numbers drawn, in
    the same order), without its call layers: sampled games shuffle what a seat cannot see."""
    getrandbits = rng.getrandbits
    size = len(x)
    steps = _STEPS if size < len(_STEPS) else _steps(size + 1)
    for i, n, k in steps[size:1:-1]:  # place position i, choosing among the first n
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _steps(sizes: int) -> list[tuple[int, int, int]]:
    """For each n below ``sizes``: the position placed, n, and the bits drawn to choose below n."""
    return [(n - 1, n, n.bit_length()) for n in range(sizes)]


_STEPS = _steps(256)
"""The steps of the shuffles a game makes (its decks are smaller)."""
