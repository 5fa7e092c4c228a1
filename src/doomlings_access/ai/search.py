"""The "hard" computer player of Doomlings: the game-agnostic determinized search
(:mod:`doomlings_access.players.search`) playing Doomlings through its family
(:mod:`.family`: games dealt by :func:`doomlings_access.rules.sampling.sample`, the normal
level's rules of thumb inside them, and where each answer leaves the seat read by the weights
fitted to games played, :mod:`.value`). What was tried and did worse: ``docs/ai.md``.
"""

from __future__ import annotations

from doomlings_access.ai.family import DOOMLINGS
from doomlings_access.players.search import Budget, Search
from doomlings_access.rules.view import PlayerView

__all__ = ["Budget", "SearchAgent"]


class SearchAgent(Search[PlayerView]):
    """Searches each decision over games sampled from the seat's view within its :class:`Budget`."""

    def __init__(self, seed: int, seat: int, budget: Budget | None = None) -> None:
        super().__init__(DOOMLINGS, seed, seat, budget)
