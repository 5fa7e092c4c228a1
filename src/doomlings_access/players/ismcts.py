"""The determinized search with an information-set tree below each answer (single-observer
ISMCTS, Cowling, Powley and Whitehouse 2012) and the rules of thumb as its prior: an experiment
of issue 39 against the determinized search (:mod:`.search`), measured in ``docs/ai.md``.

As the determinized search, it deals a game from the seat's view afresh for each round and
gives every answer in that same deal (common random numbers: answers compared, not deals), and
answers with the best mean. But where that search plays every answer on by the rules of thumb,
here each answer has a tree of what followed it, shared by every deal: at each later question
with a real choice, asked of any seat, the answers this deal offers are the ones available (a
card in one deal's hand is not in the next); an answer is chosen by its mean for the seat that
gave it and a prior-weighted exploration term counted against how often it was available
(PUCT), the prior leaning to the rules of thumb's own answer; one answer is added to the tree
per game played, and from there every seat answers by the rules of thumb until the seat's next
turn is over (:class:`~.playout.Horizon`). With one round per answer it answers exactly as the
determinized search: every tree's first game is played by the rules of thumb.

Its randomness comes from the decision (:func:`~.chance.decision_rng`, the determinized
search's own), so with a fixed number of iterations its answers are reproducible, and it reads
only games dealt from the view.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Generic

from doomlings_access.kernel.decisions import Choice, Decision, Value
from doomlings_access.kernel.players import Family, Playable, V
from doomlings_access.players.chance import decision_rng
from doomlings_access.players.playout import Horizon, OutOfTime, play_on
from doomlings_access.players.search import Budget

PRIOR_SHARE = 0.75
"""The prior's weight on the rules of thumb's answer (the rest shared alike by the others)."""
EXPLORATION = 1.5
"""The weight of the exploration term (prior-weighted, as in PUCT), in units of the spread of
the outcomes seen so far (a standing is in points or cards, whose spread differs by game)."""


@dataclass
class Node:
    """An answer in the tree: how often it was tried and available, and what it brought the
    seat that gave it; the answers that followed it, by who gave them and what they were."""

    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[Choice, Node] = field(default_factory=dict)


class InformationSetSearch(Generic[V]):
    """Searches each decision of ``family``'s game over one tree of answers, a fresh deal from
    the seat's view for every iteration, within its budget."""

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
        rounds = (self.budget.iterations or 1_000_000_000) // len(options)
        answers = [Choice(decision.player, o) for o in options]
        trees = [Node() for _ in options]
        spread = Spread()
        totals = [0.0] * len(options)
        done = 0
        try:
            while done < rounds and (done == 0 or time.perf_counter() < deadline):
                world = rng.getrandbits(64)  # every answer meets the same dealt cards and luck
                found = [  # (a round the clock cut short counts for no answer)
                    self.iterate(view, decision, answer, tree, random.Random(world), spread, deadline)
                    for answer, tree in zip(answers, trees)
                ]
                totals = [total + value for total, value in zip(totals, found)]
                done += 1
        except OutOfTime:  # the time is up inside a game played on: the rounds finished count
            pass
        except ValueError:  # a view that cannot be sampled
            done = 0
        if not done:  # not even one round: the rules of thumb answer
            return self.family.rule_of_thumb(view, decision, self.seed)
        return options[max(range(len(options)), key=totals.__getitem__)]

    def iterate(
        self, view: V, decision: Decision, answer: Choice, tree: Node, rng: random.Random, spread: Spread,
        deadline: float,
    ) -> float:
        """One game dealt from ``view`` by ``rng`` in which ``answer`` is given: down its
        ``tree``, one answer added, played on by the rules of thumb, what it brought credited
        to every answer on the way; what it brought the seat."""
        game = self.family.sample(view, rng)
        game.apply(answer)
        horizon = Horizon(self.family, view, decision, True)
        node, path, expanded = tree, list[tuple[Choice, Node]](), False
        while not expanded and (d := game.pending) is not None:
            if time.perf_counter() > deadline:
                raise OutOfTime
            if horizon.reached(d):
                break
            if len(d.options) == 1 or self.family.left_to_chance(d):
                value = d.options[0] if len(d.options) == 1 else self.family.rule_of_thumb(
                    game.view(d.player), d, self.seed)
                game.apply(Choice(d.player, value))
                continue
            choice, expanded = self.select(node, game, d, spread)
            node = node.children[choice]
            path.append((choice, node))
            game.apply(choice)
        play_on(self.family, game, horizon, self.seed, deadline)
        worth = {decision.player: self.family.standing(game.view(decision.player))}
        for choice, answered in path:
            if choice.player not in worth:
                worth[choice.player] = self.family.standing(game.view(choice.player))
            answered.visits += 1
            answered.total += worth[choice.player]
        spread.add(worth[decision.player])
        return worth[decision.player]

    def select(self, node: Node, game: Playable[V], d: Decision, spread: Spread) -> tuple[Choice, bool]:
        """The answer tried at ``node`` for question ``d`` of this deal, and whether it is new
        to the tree (the iteration then plays on by the rules of thumb).

        An answer is tried only when the rules of thumb's is not clearly better (a prior:
        :data:`PRIOR_SHARE` of the weight on its answer, the rest shared; an untried answer
        counted at its tried siblings' mean): trying every answer first, as UCB does, had every
        seat answer at random in most games played on."""
        available = [Choice(d.player, o) for o in d.options]
        for c in available:
            node.children.setdefault(c, Node()).available += 1
        prior = Choice(d.player, self.family.rule_of_thumb(game.view(d.player), d, self.seed))
        visited = [node.children[c] for c in available if node.children[c].visits]
        if not visited:
            return prior, True
        first_play = sum(child.total for child in visited) / sum(child.visits for child in visited)
        others = (1 - PRIOR_SHARE) / (len(available) - 1)
        scale = spread.width()

        def puct(c: Choice) -> float:
            child = node.children[c]
            q = child.total / child.visits if child.visits else first_play
            p = PRIOR_SHARE if c == prior else others
            return q + EXPLORATION * scale * p * math.sqrt(child.available) / (1 + child.visits)

        best = max(available, key=puct)
        return best, not node.children[best].visits


class Spread:
    """The standard deviation of the searching seat's outcomes so far (at least 1): the scale
    of the exploration and the prior, so that one constant serves points and counted cards."""

    def __init__(self) -> None:
        self.n, self.mean, self.m2 = 0, 0.0, 0.0

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    def width(self) -> float:
        return max(1.0, math.sqrt(self.m2 / self.n)) if self.n > 1 else 1.0
