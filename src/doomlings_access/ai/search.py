"""The "hard" computer player: determinized search, from its seat's view only.

For each decision with more than one answer it repeats, within its budget: deal a game from
the view (:func:`doomlings_access.rules.sampling.sample`: every card the seat cannot see dealt
afresh, consistently with all it has seen), try every answer in that same sampled game, and play
each on by the rules of thumb of the normal level, every seat alike, until the seat's next turn
is over; then value where it stands (:func:`standing`: its score less the best opponent's, a
little for its gene pool, a bonus for a game won). It answers with the best mean over the
sampled games.

Trying every answer in the same sampled game (common random numbers) compares answers, not
luck; playing on through the seat's own next turn lets the opponents' replies count and what
the answer leaves the seat to play next. Why these choices, and what was tried and did worse,
with the figures of each tournament: ``docs/ai.md``.

Its randomness comes from the decision (:func:`decision_rng`), so with a fixed number of
iterations its answers are reproducible, and they never depend on cards it cannot see.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from doomlings_access.ai.heuristic import GENE_POOL_WORTH, OutOfTime, Picker, played_on
from doomlings_access.ai.random_agent import decision_rng
from doomlings_access.rules.decisions import Kind
from doomlings_access.rules.decisions import Decision, Value
from doomlings_access.rules.scoring import score_of
from doomlings_access.rules.view import PlayerView


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


class SearchAgent:
    """Searches each decision over sampled games within its :class:`Budget`."""

    thinks = True

    def __init__(self, seed: int, seat: int, budget: Budget | None = None) -> None:
        self.seed, self.seat = seed, seat
        self.budget = budget or Budget()

    def choose(self, view: PlayerView, decision: Decision) -> Value:
        options = decision.options
        if len(options) == 1:
            return options[0]
        rng = decision_rng("search", self.seed, view, decision)
        if decision.kind == Kind.CHANCE:
            return rng.choice(options)
        deadline = time.perf_counter() + self.budget.seconds
        worlds = (self.budget.iterations or 1_000_000_000) // len(options)
        totals = [0.0] * len(options)
        tried = 0
        try:
            while tried < worlds and (tried == 0 or time.perf_counter() < deadline):
                world = rng.getrandbits(64)  # every answer meets the same dealt cards and luck
                found = [  # (a sampled game the clock cut short counts for no answer)
                    standing(played_on(view, decision, answer, random.Random(world), self.seed, True, deadline))
                    for answer in options
                ]
                totals = [total + value for total, value in zip(totals, found)]
                tried += 1
        except OutOfTime:  # the time is up inside a sampled game: the games played out count
            pass
        except ValueError:  # a view made without its game's history cannot be sampled
            tried = 0
        if not tried:  # not even one sampled game per answer: fall back on the rules of thumb
            return Picker(view, decision, self.seed).pick()
        return options[max(range(len(options)), key=totals.__getitem__)]


WIN_WORTH = 5.0
"""Points a won game is worth beyond its margin, when a sampled game ends: the search plays to
win, not to lose by less."""


def standing(view: PlayerView) -> float:
    """How well the view's seat stands: its score less the best opponent's (the one it must
    beat), a little for its gene pool, and, when the game is over, a bonus for a win."""
    me = view.seat
    if view.winners:  # the game ended
        totals = [score.total for score in view.scores]
        best = max(t for seat, t in enumerate(totals) if seat != me)
        return totals[me] - best + (WIN_WORTH if me in view.winners else 0.0)
    table = view.tableau()
    best = max(score_of(table, seat).total for seat in view.opponents(me))
    return score_of(table, me).total - best + GENE_POOL_WORTH * view.gene_pools[me]
