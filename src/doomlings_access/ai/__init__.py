"""Doomlings' computer players. They answer the same decisions as people, from their seat's view
only: ``agent.choose(view, decision) -> answer``. No agent ever receives a game.

The levels (:mod:`.levels`): easy, any game's random player (:mod:`.random_agent`); normal,
rules of thumb (:mod:`.picker`) checked one turn ahead (:mod:`.heuristic`); hard, the
game-agnostic search (:mod:`.search`). What they share with every game's players is in
``doomlings_access.players``; what is Doomlings' own reaches it through :mod:`.family`.
"""

from __future__ import annotations

from doomlings_access.kernel.players import Agent as AnyAgent
from doomlings_access.rules.view import PlayerView

Agent = AnyAgent[PlayerView]
"""A computer player of Doomlings."""
