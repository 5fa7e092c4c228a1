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

At a table that waits for it (told :meth:`Search.turn_begins`), the questions of one of its
turns share one budget: each may take :data:`TURN_SHARE` of the time left in the turn, so the
first thinks longest (Doomlings' hard level is asked one question in 61% of its own turns, two
or more in 32%: 338 turns of 10 games of 4), and a turn of three questions takes no longer
than a turn of one. How long a listener waits then tells nothing of how many questions the
rules asked it, which can depend on what it holds.
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


TURN_SHARE = 2 / 3
"""The part of the time left in its turn that one question may take: a turn's later questions
(what an action asks, a second trait to play) keep some, and a turn of one question takes most."""


@dataclass(frozen=True)
class Budget:
    """How long the search may think about one decision (about all of a turn together, where
    a table waits for its turns: :meth:`Search.turn_begins`): at most ``seconds`` of wall time
    and at most ``iterations`` sampled games a decision, whichever comes first. When the count,
    not the clock, ends the search, the same seed gives the same answers (set ``seconds`` high
    for reproducible tournaments and tests)."""

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
        self.turn_ends: float | None = None
        """When the turn a table waits for must be thought out (a :func:`time.perf_counter`
        reading), or None: no table waits, each decision has the budget's time."""

    def turn_begins(self, seconds: float) -> None:
        """A turn of its own has begun, and the table tells it ``seconds`` from now: the
        questions asked of it in this turn share those seconds (:data:`TURN_SHARE`)."""
        self.turn_ends = time.perf_counter() + seconds

    def choose(self, view: V, decision: Decision) -> Value:
        options = decision.options
        if view.active != self.seat:
            self.turn_ends = None  # its turn is over (asked by another's play): no turn's clock runs
        if len(options) == 1:
            return options[0]
        rng = decision_rng("search", self.seed, view, decision)
        if self.family.left_to_chance(decision):
            return rng.choice(options)
        now = time.perf_counter()
        deadline = now + self.budget.seconds
        if self.turn_ends is not None and view.active == self.seat:  # a question of the turn waited for
            deadline = min(deadline, now + (self.turn_ends - now) * TURN_SHARE)
            if deadline <= now:  # its turn's time is spent (a person answered in between)
                return self.family.rule_of_thumb(view, decision, self.seed)
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
