"""The rules engine: pure game state, legal actions, ``apply(action) -> events``; no I/O.

Everything that plays Doomlings (the prompt loop, computer players, the companion, the
scorer, the tests) drives a :class:`Game` through the same door. Cards are loaded at the
edge and handed in; a :class:`Position` starts a game anywhere; :meth:`Game.view` gives what
one seat may know.
"""

from doomlings_access.rules import (  # noqa: F401  (importing registers every effect piece)
    ages,
    catastrophes,
    effects,
    flow,
    persistent,
    scoring,
    worlds_end,
)
from doomlings_access.rules.decisions import Choice, Decision
from doomlings_access.rules.errors import GameOverError, IllegalActionError
from doomlings_access.rules.events import Cause, Event
from doomlings_access.rules.game import Game
from doomlings_access.rules.options import Options, SetupError
from doomlings_access.rules.setup import Setup
from doomlings_access.rules.position import Position, PositionError
from doomlings_access.rules.registry import missing as _missing
from doomlings_access.rules.view import PlayerView

if _missing():
    raise RuntimeError(f"effect pieces with no code: {_missing()}")

__all__ = [
    "Cause",
    "Choice",
    "Decision",
    "Event",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "Options",
    "PlayerView",
    "Position",
    "PositionError",
    "Setup",
    "SetupError",
]
