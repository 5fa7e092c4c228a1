"""Determinized search, the hard level of every game, from its seat's view only.

For each decision with more than one answer it repeats, within its :class:`Budget`: deal a
game from the view (the game's :meth:`~doomlings_access.kernel.players.Family.sample`: every
card the seat cannot see dealt afresh, consistently with all it has seen), try every answer in
that same sampled game, and play each on by the game's rules of thumb, every seat alike, until
the seat's next turn is over (:func:`~.playout.play_out`); then value where it stands (the
family's ``standing``). It answers with the best mean over the sampled games.

Trying every answer in the same sampled game (common random numbers) compares answers, not
luck; playing on through the seat's own next turn lets the opponents' replies count and what
the answer leaves the seat to play next. Why these choices, and what was tried and did worse,
with the figures of each tournament: ``docs/ai.md``.

Its randomness comes from the decision (:func:`~.chance.decision_rng`), so with a fixed number
of iterations its answers are reproducible, and they never depend on cards it cannot see.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Generic

from doomlings_access.kernel.decisions import Decision, Value
from doomlings_access.kernel.players import Family, V
from doomlings_access.players.chance import decision_rng
from doomlings_access.players.playout import OutOfTime, play_out


@dataclass(frozen=True)
class Budget:
    """How long the search may think about one decision: at most ``seconds`` of wall time and
    at most ``iterations`` sampled games, whichever comes first. When the count, not the
    clock, ends the search, the same seed gives the same answers (set ``seconds`` high for
    reproducible tournaments)."""

    seconds: float = 1.0
    iterations: int | None = 1000

    def __post_init__(self) -> None:
        if not 0 < self.seconds <= 600:
            raise ValueError("the thinking time must be more than 0 and at most 600 seconds")
        if self.iterations is not None and not 1 <= self.iterations <= 1_000_000:
            raise ValueError("the iterations must be 1 to 1000000")


class Search(Generic[V]):
    """Searches each decision of ``family``'s game over sampled games within its budget."""

    thinks = True

    def __init__(self, family: Family[V], seed: int, seat: int, budget: Budget | None = None) -> None:
        self.family = family
        self.seed, self.seat = seed, seat
        self.budget = budget or Budget()

    def choose(self, view: V, decision: Decision) -> Value:
        options = decision.options
        if len(options) == 1:
            return options[0]
        rng = decision_rng("search", self.seed, view, decision)
        if self.family.left_to_chance(decision):
            return rng.choice(options)
        deadline = time.perf_counter() + self.budget.seconds
        worlds = (self.budget.iterations or 1_000_000_000) // len(options)
        totals = [0.0] * len(options)
        tried = 0
        try:
            while tried < worlds and (tried == 0 or time.perf_counter() < deadline):
                world = rng.getrandbits(64)  # every answer meets the same dealt cards and luck
                found = [  # (a sampled game the clock cut short counts for no answer)
                    self.family.standing(play_out(
                        self.family, view, decision, answer, random.Random(world), self.seed, True, deadline,
                    ))
                    for answer in options
                ]
                totals = [total + value for total, value in zip(totals, found)]
                tried += 1
        except OutOfTime:  # the time is up inside a sampled game: the games played out count
            pass
        except ValueError:  # a view that cannot be sampled
            tried = 0
        if not tried:  # not even one sampled game per answer: fall back on the rules of thumb
            return self.family.rule_of_thumb(view, decision, self.seed)
        return options[max(range(len(options)), key=totals.__getitem__)]
