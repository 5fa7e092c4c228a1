"""Doomlings as a player meets it: a game played at the prompt with its session, saved after
every answer and at every hand-over, and resumed from its save (``doomlings play``, the main
menu's new game, ``doomlings resume``). Doomcrop's is :mod:`doomlings_access.doomcrop_app`;
:mod:`doomlings_access.games` names both.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from doomlings_access.ai import Agent
from doomlings_access.ai.levels import make_agent
from doomlings_access.ai.search import Budget
from doomlings_access.rules import Game
from doomlings_access.saves import Autosave, Saved, Seats, resume_name, write_save
from doomlings_access.settings import load_settings
from doomlings_access.telling.console import Console
from doomlings_access.telling.output import Output
from doomlings_access.telling.prompting import Prefs as SharedPrefs
from doomlings_access.ui.session import Prefs, Session

SpeechSwitch = Callable[[str], str]


def agents_for(game: Game, seats: Seats, budget: Budget | None = None) -> dict[int, Agent]:
    """The computer players at their levels (a seat with no level plays at normal)."""
    seed = game.setup.seed
    computers = [seat for seat in range(game.n) if seat not in seats.humans]
    return {seat: make_agent(seats.levels.get(seat, "normal"), seed, seat, budget) for seat in computers}


def play_saved(
    game: Game,
    seats: Seats,
    path: Path,
    created: float | None,
    console: Console,
    output: Output,
    prefs: Prefs,
    change_speech: SpeechSwitch,
    resumed: bool,
    budget: Budget | None = None,
) -> int:
    """Play with an autosave after every action (and one before the first question)."""
    started = created or time.time()
    keeper = Autosave(path, output.info, len(game.actions) if resumed else None)

    def autosave(g: Game, holder: int | None = None, heard: int | None = None) -> None:
        keeper.write(lambda: write_save(path, g, replace(seats, holder=holder, heard=heard), started), len(g.actions))

    autosave(game, *((seats.holder, seats.heard) if resumed else (None, None)))  # (kept until the keyboard moves)
    agents = agents_for(game, seats, budget)
    kept = load_settings()[0]  # what `doomlings resume` starts with: the resume command says the rest
    as_kept = Prefs(
        verbosity=kept.verbosity, labels=kept.labels, speech=kept.speech, pause=kept.pause,
        only_choice=kept.only_choice, any_time=kept.any_time,
    )
    session = Session(game, seats.humans, agents, console, output, prefs,
                      change_speech, on_action=autosave, resumed=resumed, saved_as=resume_name(path),
                      saved_through=lambda: keeper.saved,
                      levels={seat: seats.levels.get(seat, "normal") for seat in agents},
                      resume_defaults=as_kept, keyboard=(seats.holder, seats.heard) if resumed else (None, None))
    return session.run()


def resume_saved(saved: Saved, console: Console, out: Output, prefs: SharedPrefs, switch: SpeechSwitch) -> int:
    """A saved game of Doomlings played on from where it was left (:data:`.games.GAMES`)."""
    assert isinstance(prefs, Prefs)
    return play_saved(saved.game, saved.seats, saved.path, saved.created, console, out, prefs, switch, True)
