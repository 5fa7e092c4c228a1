"""The "hard" computer player: determinized Monte Carlo search, from its seat's view only.

For each decision with more than one answer it repeats, within its budget: deal every card
the seat cannot see afresh (:meth:`PlayerView.sample`, consistent with all the seat has seen),
pick an answer by UCB1 over the answers' results so far, and play that sampled game to its
end with a fast greedy policy. It answers with the answer tried most often. This is flat
"determinized UCB" search (Cowling, Powley and Whitehouse 2012 compare it with ISMCTS); flat
search over many determinizations suits a game whose hidden information is mostly the deck.

Its randomness comes from the decision (:func:`decision_rng`), so with a fixed number of
iterations its answers are reproducible, and they never depend on cards it cannot see.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from doomlings_access.ai.heuristic import Picker
from doomlings_access.ai.random_agent import decision_rng
from doomlings_access.rules import decisions as dk
from doomlings_access.rules.decisions import Choice, Decision, Value
from doomlings_access.rules.view import PlayerView

EXPLORATION = 0.7
"""UCB1's exploration constant, for rewards between 0 and 1."""
MARGIN_WEIGHT = 0.2
"""The share of a playout's reward given by the margin over the best opponent (the rest is the
win): it tells apart answers that win, or lose, equally often."""
MARGIN_SCALE = 8.0
"""Points of margin that move the margin's part of the reward most of its way."""
GREEDY = 0.85
"""How often the playout policy plays its highest card rather than a random legal answer."""


@dataclass(frozen=True)
class Budget:
    """How long the search may think about one decision: at most ``seconds`` of wall time and
    at most ``iterations`` sampled games, whichever comes first. The default takes about half a
    second on a 2020s laptop core; when the count, not the clock, ends the search, the same seed
    gives the same answers (set ``seconds`` high for reproducible tournaments)."""

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
        if decision.kind == dk.CHANCE:
            return decision_rng("search", self.seed, view, decision).choice(options)
        rng = decision_rng("search", self.seed, view, decision)
        visits = [0] * len(options)
        totals = [0.0] * len(options)
        deadline = time.perf_counter() + self.budget.seconds
        limit = self.budget.iterations or 1_000_000_000
        done = 0
        while done < limit and (done < len(options) or time.perf_counter() < deadline):
            pick = _ucb(visits, totals, done) if done >= len(options) else done
            totals[pick] += _simulate(view, decision, options[pick], rng)
            visits[pick] += 1
            done += 1
        if done < len(options):  # no time even to try each answer once: fall back on the rules
            return Picker(view, decision, self.seed).pick()
        return options[max(range(len(options)), key=lambda i: (visits[i], totals[i]))]


def _ucb(visits: list[int], totals: list[float], done: int) -> int:
    log_n = math.log(done)
    return max(
        range(len(visits)),
        key=lambda i: totals[i] / visits[i] + EXPLORATION * math.sqrt(log_n / visits[i]),
    )


def _simulate(view: PlayerView, decision: Decision, answer: Value, rng: random.Random) -> float:
    """One sampled game: answer ``answer`` in it, play it out, and score the seat's result."""
    g = view.sample(rng)
    me = decision.player
    g.apply(Choice(me, answer))
    defs = g.defs
    randrange = rng.randrange
    random_ = rng.random
    while g.pending is not None:
        d = g.pending
        opts = d.options
        if len(opts) == 1:
            g.apply(Choice(d.player, opts[0]))
            continue
        if d.kind == dk.PLAY and random_() < GREEDY:
            best: Value = opts[randrange(len(opts))]
            top = -99
            for o in opts:
                if type(o) is int and defs[o].face_value > top:
                    best, top = o, defs[o].face_value
            g.apply(Choice(d.player, best))
        else:
            g.apply(Choice(d.player, opts[randrange(len(opts))]))
    totals = [s[3] for s in g.ending.scores]
    winners = g.ending.winners
    mine = totals[me]
    best_other = max(t for s, t in enumerate(totals) if s != me)
    win = 1.0 / len(winners) if me in winners else 0.0
    margin = 1.0 / (1.0 + math.exp(-(mine - best_other) / MARGIN_SCALE))
    return (1.0 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT * margin
