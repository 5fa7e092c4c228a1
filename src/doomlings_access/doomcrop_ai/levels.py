"""Every computer level of Doomcrop by name, as for Doomlings (``ai.levels``): the same names,
the same factory shape (game seed, seat, thinking budget)."""

from __future__ import annotations

from collections.abc import Callable

from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ai import Agent
from doomlings_access.doomcrop_ai.family import DOOMCROP
from doomlings_access.doomcrop_ai.normal import NormalAgent
from doomlings_access.players.chance import RandomAgent
from doomlings_access.players.search import Budget, Search

LEVELS: dict[str, Callable[[int, int, Budget], Agent]] = {
    "easy": lambda seed, seat, budget: RandomAgent(seed, seat),
    "normal": lambda seed, seat, budget: NormalAgent(seed, seat),
    "hard": lambda seed, seat, budget: Search[View](DOOMCROP, seed, seat, budget),
}
"""A factory of each level's agent for (game seed, seat, thinking budget); only ``hard``
thinks, so only it reads the budget."""


def make_agent(level: str, seed: int, seat: int, budget: Budget | None = None) -> Agent:
    """The agent of ``level`` for ``seat`` of the Doomcrop game seeded ``seed``."""
    return LEVELS[level](seed, seat, budget or Budget())
