"""The rules engine: pure game state, legal actions, ``apply(action) -> events``; no I/O.

Everything that plays Doomlings (the prompt loop, computer players, the companion, the
scorer, the tests) drives a :class:`Game` through the same door.
"""

from doomlings_access.rules import (  # noqa: F401  (import registers every effect piece)
    ages,
    catastrophes,
    effects,
    flow,
    scoring,
    worlds_end,
)
from doomlings_access.rules.decisions import Choice, Decision
from doomlings_access.rules.errors import GameOverError, IllegalActionError
from doomlings_access.rules.game import Game
from doomlings_access.rules.options import Options, Setup

__all__ = [
    "Choice",
    "Decision",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "Options",
    "Setup",
]
