"""Every computer level by name, the one registry the game, tournaments and tests share."""

from __future__ import annotations

from collections.abc import Callable

from doomlings_access.ai import Agent
from doomlings_access.ai.heuristic import HeuristicAgent
from doomlings_access.ai.random_agent import RandomAgent
from doomlings_access.ai.search import Budget, SearchAgent

LEVELS: dict[str, Callable[[int, int, Budget], Agent]] = {
    "easy": lambda seed, seat, budget: RandomAgent(seed, seat),
    "normal": lambda seed, seat, budget: HeuristicAgent(seed, seat),
    "hard": SearchAgent,
}
"""A factory of each level's agent for (game seed, seat, thinking budget); only ``hard``
thinks, so only it reads the budget."""


def make_agent(level: str, seed: int, seat: int, budget: Budget | None = None) -> Agent:
    """The agent of ``level`` for ``seat`` of the game seeded ``seed``."""
    return LEVELS[level](seed, seat, budget or Budget())
