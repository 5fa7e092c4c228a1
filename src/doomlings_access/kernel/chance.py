"""The game's source of chance: Python's Mersenne Twister, with its shuffle and sample written out.

Shuffling is most of the cost of setting up a game (six shuffles, about 160 random numbers),
and look-ahead players set up many. The shuffle below draws exactly the numbers the standard
library's does, in the same order (Fisher-Yates from the end, each index by rejection
sampling on ``getrandbits``), so seeded games and saves are unchanged; a test checks the two
agree. It also keeps seeded games the same should a later Python shuffle differently. Random
picks (a random discard, a card taken at random) draw through :func:`sample`, written out
the same way for the same reasons.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, MutableSequence, Sequence
from math import ceil, log
from typing import Any, TypeVar

T = TypeVar("T")


class GameRandom(random.Random):
    """A seeded random source whose :meth:`shuffle` is quicker and the same as the library's."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        shuffle(self, x)

    def sample(self, population: Sequence[T], k: int, *, counts: Iterable[int] | None = None) -> list[T]:
        """``k`` distinct items of the sequence ``population``, as the library picks them (see
        :func:`sample`); with ``counts``, the library's own."""
        if counts is not None:
            return super().sample(population, k, counts=counts)
        return sample(self, population, k)

    @classmethod
    def from_state(cls, state: tuple[Any, ...]) -> GameRandom:
        """A generator standing at ``state`` (a checkpoint's), made without first seeding one
        only to overwrite it (a clone resumed at a checkpoint makes one)."""
        rng = cls.__new__(cls)
        rng.setstate(state)
        return rng


def shuffle(rng: random.Random, x: MutableSequence[Any]) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` does (the same numbers drawn, in
    the same order), without its call layers: sampled games deal what a seat cannot see."""
    getrandbits = rng.getrandbits
    size = len(x)
    steps = _STEPS if size < len(_STEPS) else _steps(size + 1)
    for i, n, k in steps[size:1:-1]:  # place position i, choosing among the first n
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)`` exactly (the same numbers drawn, in the same order, and
    the same items picked), without its call layers: every random discard and random pick
    of a game draws here. Small populations are picked from a shrinking copy, large ones by
    rejecting repeats, both as the library does."""
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    getrandbits = rng.getrandbits
    setsize = 21  # the library's threshold between its two ways
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    result = []
    if n <= setsize:
        pool = list(population)
        for left in range(n, n - k, -1):  # choose below left, then fill the hole from the end
            bits = left.bit_length()
            j = getrandbits(bits)
            while j >= left:
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[left - 1]
    else:
        selected: set[int] = set()
        bits = n.bit_length()
        for _ in range(k):
            j = getrandbits(bits)
            while j >= n or j in selected:
                j = getrandbits(bits)
            selected.add(j)
            result.append(population[j])
    return result


def _steps(sizes: int) -> list[tuple[int, int, int]]:
    """For each n below ``sizes``: the position placed, n, and the bits drawn to choose below n."""
    return [(n - 1, n, n.bit_length()) for n in range(sizes)]


_STEPS = _steps(256)
"""The steps of the shuffles a game makes (its decks are smaller)."""
