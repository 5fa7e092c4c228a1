"""The real prompt loop with Doomcrop's words, run on text streams in plain mode (as the
Doomlings golden transcripts are), a person answering from a script."""

from __future__ import annotations

import io

from doomlings_access.doomcrop import Game, Setup
from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ai.levels import make_agent
from doomlings_access.doomcrop_ui.game import DoomcropWords
from doomlings_access.players.search import Budget
from doomlings_access.telling.loop import Prefs, PromptLoop
from doomlings_access.telling.console import PlainConsole
from doomlings_access.telling.output import Output


def played(game: Game, answers: str, people: tuple[int, ...] = (0,), level: str = "normal",
           prefs: Prefs | None = None, budget: Budget | None = None, paced: bool = False) -> str:
    """The transcript of ``game`` played through the prompt loop: ``people`` answer from
    ``answers`` (a line each, typed as at the keyboard), the other seats at ``level``
    (thinking within ``budget``; its turns waited for only when ``paced``: what is told is
    compared here, not when, and the tests that repeat a search's answers give it a minute)."""
    stdin, stdout = io.StringIO(answers), io.StringIO()
    console = PlainConsole(stdin, stdout)
    seed = game.setup.seed
    agents = {s: make_agent(level, seed, s, budget) for s in range(len(game.setup.players)) if s not in people}
    PromptLoop[View](
        game, DoomcropWords(), list(people), agents, console, Output(console.write), prefs or Prefs(),
        levels={s: level for s in agents},  # (as the game is played: doomcrop_app)
        reflex=lambda seat: make_agent("normal", seed, seat),
        paced=paced,
    ).run()
    return stdout.getvalue()


def new(seed: int, names: tuple[str, ...] = ("Ana", "Ben")) -> Game:
    return Game(Setup(names, seed))
