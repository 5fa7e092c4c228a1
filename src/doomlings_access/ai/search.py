"""The "hard" computer player of Doomlings: the game-agnostic determinized search
(:mod:`doomlings_access.players.search`) playing Doomlings through its family
(:mod:`.family`: games dealt by :func:`doomlings_access.rules.sampling.sample`, the normal
level's rules of thumb inside them, and where each answer leaves the seat read by the weights
fitted to games played, :mod:`.value`). What was tried and did worse: ``docs/ai.md``.
"""

from __future__ import annotations

from doomlings_access.ai.family import DOOMLINGS
from doomlings_access.ai.picker import Picker
from doomlings_access.ai.policy import shipped as shipped_policy
from doomlings_access.players.search import Budget, Search
from doomlings_access.rules.decisions import Decision, Kind, Value
from doomlings_access.rules.view import PlayerView

__all__ = ["Budget", "SearchAgent"]


class SearchAgent(Search[PlayerView]):
    """Searches each decision over games sampled from the seat's view within its :class:`Budget`."""

    def __init__(self, seed: int, seat: int, budget: Budget | None = None) -> None:
        super().__init__(DOOMLINGS, seed, seat, budget)

    def choose(self, view: PlayerView, decision: Decision) -> Value:
        """A play question of more than :data:`KEPT` cards is searched over the rules of
        thumb's card and the cards the learned rule (:mod:`.policy`) scores best, :data:`KEPT`
        in all, so that each is tried in more sampled games within the same budget."""
        options = decision.options
        if decision.kind == Kind.PLAY and len(options) > KEPT:
            table, me = view.tableau(), decision.player
            policy = shipped_policy()
            keep = [options.index(Picker(view, decision, self.seed).pick())]
            for i in sorted(range(len(options)), key=lambda i: -policy.score(view, table, me, options[i])):
                if len(keep) == KEPT:
                    break
                if i not in keep:
                    keep.append(i)
            decision = decision._replace(options=tuple(o for i, o in enumerate(options) if i in keep))
        return super().choose(view, decision)


KEPT = 3
"""The answers of a play question searched at most."""
