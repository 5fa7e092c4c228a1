"""Doomcrop's computer players. Like Doomlings' (``ai``), they answer from their seat's view
only (``agent.choose(view, decision) -> answer``) and never receive a game.

The levels (:mod:`.levels`): easy, any game's random player; normal, a card player's rules of
thumb (:mod:`.picker`) checked one turn ahead in a game dealt from the view (:mod:`.normal`);
hard, the game-agnostic search. What Doomcrop gives that shared machinery
(``doomlings_access.players``) is its family (:mod:`.family`).
"""

from __future__ import annotations

from doomlings_access.doomcrop.view import View
from doomlings_access.kernel.players import Agent as AnyAgent

Agent = AnyAgent[View]
"""A computer player of Doomcrop."""
