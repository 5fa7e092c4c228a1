"""Every game the program plays, in one table: what the commands, the menus, saves, doctor and
the tournament need of a game, found by its name instead of a branch for each game.

A row names the game as ``--game`` and a save's ``game`` field do, and gives its title, how
``play`` checks its options and starts a new game of it at the prompt, how a seeded game of it
is started and what its computer levels are and how its end is counted (its
:class:`~doomlings_access.tournament.Contest`), its save record, where a loaded game of it
stands, how a saved game of it is played on at the prompt and told again as a transcript, and what online play needs of it (its
table: :class:`~doomlings_access.online.kinds.TableKind`, given by each game's telling:
:mod:`doomlings_access.ui.table`, :mod:`doomlings_access.doomcrop_ui.table`). A third game is a
row here (and its own packages), not a branch in each command. Online play, above it, reaches a
game only through it.

>>> sorted(GAMES)
['doomcrop', 'doomlings']
>>> of_save_record(CropSaved).title
'Doomcrop'
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from doomlings_access import tournament
from doomlings_access.lazy_rows import LazyRows
from doomlings_access.saves import CropSaved, Saved, crop_stands, game_stands
from doomlings_access.telling.console import Console
from doomlings_access.telling.output import Output
from doomlings_access.players.search import Budget
from doomlings_access.telling.prompting import Prefs
from doomlings_access.telling.words import Said

if TYPE_CHECKING:
    from doomlings_access.online.kinds import TableKind

SpeechSwitch = Callable[[str], str]
Start = Callable[[Console, Output, Prefs, SpeechSwitch], int]


@dataclass(frozen=True)
class GameKind:
    """One game, as everything that starts, saves, checks or compares games knows it."""

    name: str
    """What ``--game`` takes, and a save's ``game`` field ("doomcrop")."""
    title: str
    """The game's name in a sentence ("Doomcrop")."""
    contest: tournament.Contest
    """A seeded game for these players' names (the engine), its computer levels, its end's totals."""
    record: type[Any]
    """Its saves' record, as :func:`~doomlings_access.saves.read_any_save` gives it."""
    stands: Callable[[Any], str]
    """Where a loaded game of it stands ("round 3, era 2, Arid Lands"; "Doomcrop, turn 12")."""
    resume: Callable[[Any, Console, Output, Prefs, SpeechSwitch], int]
    """A saved game (its record) played on at the prompt, saved after every answer."""
    new_game: Callable[[argparse.Namespace, Budget], Start]
    """``play``'s options for a new game of it checked (ValueError: the one-line reason), with
    the hard level's budget; and what plays that game at the prompt."""
    transcript: Callable[[Any, int | None, argparse.Namespace], Sequence[Said]]
    """Every announcement of a saved game (its record) as a seat heard it (None: as all did),
    for ``doomlings transcript`` (its ``--labels`` and ``--verbosity``)."""
    table: TableKind
    """The game at an online table: its engine from the seats and the host's rules, its
    computer players, each person's telling, its questions and review commands."""


RECORDS: dict[str, type[Any]] = {"doomlings": Saved, "doomcrop": CropSaved}
"""Each game's save record, by its name: a loaded save finds its game without making every row."""


def _doomlings() -> GameKind:
    from doomlings_access import doomlings_app
    from doomlings_access.ui.table import DOOMLINGS

    return GameKind(
        "doomlings", "Doomlings", tournament.GAMES["doomlings"], RECORDS["doomlings"], game_stands,
        doomlings_app.resume_saved, doomlings_app.from_args, doomlings_app.transcript, DOOMLINGS,
    )


def _doomcrop() -> GameKind:
    from doomlings_access import doomcrop_app
    from doomlings_access.doomcrop_ui.table import DOOMCROP

    return GameKind(
        "doomcrop", "Doomcrop", tournament.GAMES["doomcrop"], RECORDS["doomcrop"], crop_stands,
        doomcrop_app.resume_saved, doomcrop_app.from_args, doomcrop_app.transcript, DOOMCROP,
    )


GAMES: Mapping[str, GameKind] = LazyRows({"doomlings": _doomlings, "doomcrop": _doomcrop})
"""Every game, by its name; a game's row (and its modules) made the first time it is wanted."""

def _table_of(name: str) -> Callable[[], TableKind]:
    return lambda: GAMES[name].table


TABLES: Mapping[str, TableKind] = LazyRows({name: _table_of(name) for name in GAMES})
"""Every game at an online table, by its name."""
DEFAULT = "doomlings"
"""A room's game when its host names none."""


def of_save_record(kind: type[Any]) -> GameKind:
    """The game whose saves are read as ``kind``."""
    return GAMES[next(name for name, record in RECORDS.items() if record is kind)]


def of_save(saved: Saved | CropSaved) -> GameKind:
    """The game a loaded save is a game of."""
    return of_save_record(type(saved))
