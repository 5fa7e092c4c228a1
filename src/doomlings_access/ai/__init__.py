"""Computer players. They answer the same decisions as people, from their seat's view only:
``agent.choose(view, decision) -> answer``. No agent ever receives a game."""

from __future__ import annotations

from typing import Protocol

from doomlings_access.rules.decisions import Decision, Value
from doomlings_access.rules.view import PlayerView


class Agent(Protocol):
    """A computer player: picks one option of ``decision`` from what ``view`` shows."""

    thinks: bool
    """Whether a decision may take long enough that a person waiting should first hear what
    has happened so far (and then, past half a second, that the player is thinking)."""

    def choose(self, view: PlayerView, decision: Decision) -> Value: ...
