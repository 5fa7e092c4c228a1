"""Information-set search (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012) with the
rules of thumb as a prior: an experiment of issue 39 against the determinized search
(:mod:`.search`), measured in ``docs/ai.md``.

Each iteration deals one game afresh from the seat's view (the family's ``sample``: a new
determinization each time, so no deal is searched as if it were the truth), then walks down
one tree shared by every deal: at each question with a real choice, asked of any seat, the
answers this deal offers are the ones available; an answer not yet tried there is tried (the
rules of thumb's first), else the one with the best upper confidence bound, counted against
how often it was available rather than how often its parent was visited (a card in one deal's
hand is not in the next), with a bias toward the rules of thumb's own answer that fades as the
answer is tried (progressive bias). One new answer is added per iteration; from there every
seat answers by the rules of thumb until the seat's next turn is over, as in the determinized
search (:class:`~.playout.Horizon`), and every answer on the way is credited with how well the
seat that gave it stands (the family's ``standing`` of that seat's view). It answers with the
answer tried most often at the root.

Its randomness comes from the decision (:func:`~.chance.decision_rng`), so with a fixed number
of iterations its answers are reproducible, and it reads only games dealt from the view.
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

EXPLORATION = 0.7
"""The weight of the root's upper confidence bound's exploration term, in units of the spread
of the outcomes seen so far (a standing is in points or cards, whose spread differs by game)."""
PRIOR_SHARE = 0.5
"""The prior's weight on the rules of thumb's answer below the root (the rest shared alike)."""
PRIOR_EXPLORATION = 1.5
"""The weight of the exploration term below the root (prior-weighted, as in PUCT), in the same units."""


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
        rng = decision_rng("information-set search", self.seed, view, decision)
        if self.family.left_to_chance(decision):
            return rng.choice(options)
        deadline = time.perf_counter() + self.budget.seconds
        iterations = self.budget.iterations or 1_000_000_000
        root = Node()
        spread = Spread()
        done = 0
        try:
            while done < iterations and (done == 0 or time.perf_counter() < deadline):
                game = self.family.sample(view, random.Random(rng.getrandbits(64)))
                self.iterate(view, decision, game, root, spread, deadline)
                done += 1
        except OutOfTime:  # the time is up inside an iteration: the iterations finished count
            pass
        except ValueError:  # a view that cannot be sampled
            done = 0
        tried = [(node.visits, node.total / node.visits, choice.value)
                 for choice, node in root.children.items() if node.visits]
        if not done or not tried:
            return self.family.rule_of_thumb(view, decision, self.seed)
        return max(tried, key=lambda t: (t[0], t[1]))[2]

    def iterate(
        self, view: V, decision: Decision, game: Playable[V], root: Node, spread: Spread, deadline: float,
    ) -> None:
        """One iteration in the dealt ``game``: down the tree, one answer added, played on by
        the rules of thumb, and what it brought credited to every answer on the way."""
        horizon = Horizon(self.family, view, decision, True)
        node, path, expanded = root, list[tuple[Choice, Node]](), False
        while not expanded and (d := game.pending) is not None:
            if time.perf_counter() > deadline:
                raise OutOfTime
            if path and horizon.reached(d):  # (the first question is the decision itself)
                break
            if len(d.options) == 1 or self.family.left_to_chance(d):
                value = d.options[0] if len(d.options) == 1 else self.family.rule_of_thumb(
                    game.view(d.player), d, self.seed)
                game.apply(Choice(d.player, value))
                continue
            choice, expanded = self.select(node, game, d, spread, not path)
            node = node.children[choice]
            path.append((choice, node))
            game.apply(choice)
        play_on(self.family, game, horizon, self.seed, deadline)
        worth: dict[int, float] = {}
        for choice, answered in path:
            if choice.player not in worth:
                worth[choice.player] = self.family.standing(game.view(choice.player))
            answered.visits += 1
            answered.total += worth[choice.player]
        spread.add(worth[decision.player])

    def select(
        self, node: Node, game: Playable[V], d: Decision, spread: Spread, at_root: bool,
    ) -> tuple[Choice, bool]:
        """The answer tried at ``node`` for question ``d`` of this deal, and whether it is new
        to the tree (the iteration then plays on by the rules of thumb).

        At the root every answer is tried once, then the upper confidence bound picks. Below
        it, where a tried answer is rare and its outcome one deal's luck, an answer is tried
        only when the rules of thumb's answer is not clearly better (a prior: half the weight
        on its answer, the rest shared; an untried answer counted at its tried siblings' mean):
        trying every answer there first had every seat answer at random in most games played on."""
        available = [Choice(d.player, o) for o in d.options]
        for c in available:
            node.children.setdefault(c, Node()).available += 1
        scale = spread.width()
        children = [node.children[c] for c in available]
        if at_root:
            untried = [c for c, child in zip(available, children) if not child.visits]
            if untried:  # (the rules of thumb's answer first: one iteration answers as they do)
                thumb = Choice(d.player, self.family.rule_of_thumb(game.view(d.player), d, self.seed))
                return (thumb if thumb in untried else untried[0]), True
            return max(available, key=lambda c: (
                node.children[c].total / node.children[c].visits
                + EXPLORATION * scale * math.sqrt(math.log(node.children[c].available) / node.children[c].visits)
            )), False
        prior = Choice(d.player, self.family.rule_of_thumb(game.view(d.player), d, self.seed))
        visited = [child for child in children if child.visits]
        if not visited:
            return prior, True
        first_play = sum(child.total for child in visited) / sum(child.visits for child in visited)
        others = (1 - PRIOR_SHARE) / (len(available) - 1)

        def puct(c: Choice) -> float:
            child = node.children[c]
            q = child.total / child.visits if child.visits else first_play
            p = PRIOR_SHARE if c == prior else others
            return q + PRIOR_EXPLORATION * scale * p * math.sqrt(child.available) / (1 + child.visits)

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
