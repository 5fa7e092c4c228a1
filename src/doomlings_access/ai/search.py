"""The "hard" computer player: determinized search, from its seat's view only.

For each decision with more than one answer it repeats, within its budget: deal every card
the seat cannot see afresh (:meth:`PlayerView.sample`, consistent with all the seat has seen),
try every answer in that same sampled game, and play each on by the rules of thumb of the
normal level, every seat alike, until the seat's next turn is over; then value where it stands
(:func:`standing`: its score less the best opponent's, a little for its gene pool, a bonus for
a game won). It answers with the best mean over the sampled games.

Playing on through the seat's own next turn, not just to its start, lets the opponents' replies
count and also what the answer leaves the seat to play next (a card kept, discarded or given
away): against three normal players at 100 sampled games a decision it won 39.8% (34.5 to
45.5; 300 games, seed 1), 36.8% (31.6 to 42.4; seed 1001) and 41.7% (36.2 to 47.3; seed 2001)
where stopping at the start of that turn won 36.0%, 34.2% and 34.8% on the same games: 39.4%
(36.3 to 42.7) against 35.0% over the 900 (mean margin over the best opponent -1.5, -2.2, -1.9
against -2.4, -3.1, -2.7). It costs about 14% more time a decision (0.74 s of processor time
against 0.65 s at the default budget, counted, not timed out). Playing on to the game's end
instead once the last catastrophe's pile is reached won 39.2% and 37.7% (seeds 1 and 1001) at
twice the time: no gain. At its default budget (300 games, seed 2, with the engine of that
time) it wins 46.8% (41.3 to 52.5), margin -1.2, decisions 792 ms mean and 1,014 ms at the 99th
percentile; stopping at the start of that turn it won 36.7% on the same seed. Over 1000 games
at 100 sampled games a decision (seed 1) it wins 37.8% (34.8 to 40.8), where stopping at the
start of that turn won 37.6% (34.7 to 40.6): at a tenth of the budget the gain is not shown.

Trying every answer in the same sampled game (common random numbers) compares answers, not
luck. The figures that follow were measured stopping at the start of the seat's next turn.
Against three normal players (300 games, 100 sampled games a decision, seed 1) the score
less the best opponent's with a win bonus won 38.3% where the score less the opponents' mean
won 36.2%; separate samples per answer, or upper-confidence search (UCB1) with playouts to the
game's end, won 30 to 33% (Cowling, Powley and Whitehouse 2012 compare such determinized
searches with ISMCTS). Looking two turns ahead (39.3%) doubled the cost for no clear gain, and
at the same cost (half the samples) won 37.2%; valuing cards in hand (35.3%), or the points of
the best card in hand (35.3%), or spending the samples on the better half of the answers round
by round (successive halving, 35.3%) did worse, and so did keeping the normal level's own answer
unless another answer stands a point better over the sampled games (31.7%). A gene pool's
card counts: valued at nothing it won 33.3%, at a point 38.3%, as at half a point; a won game
worth 2 or 10 points rather than 5 won 36.3% and 36.7%. Playing to the game's end once the
last catastrophe's pile is reached won 37.2% (31.9 to 42.8) against 36.0% on the same 300 games
(seed 1), at 1.4 times the mean time and twice the 99th percentile. Over 1000 games (seed 1) at
100 sampled games a decision it wins 37.6% (34.7 to 40.6); at its default budget, 300 games
(seed 2), 36.7% (31.4 to 42.3): more samples buy little; a better model of the game would. (A
300-game figure is good to about 5 points either way.)

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
