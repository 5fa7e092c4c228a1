"""``doomlings doctor``: the saves, settings, lessons' progress and card cache this machine uses, each checked,
with an offer to set broken files aside or clear the cache.

Every line says the subject first, then its state. Fixes are offered one at a time and only
for our own files in our own folders (never through a link): a broken save the game wrote
(moved aside, never deleted), a settings file that cannot be read at all (moved aside; the
defaults are used) or one with bad fields (written again with its good ones), the card cache
(cleared; it is rebuilt), old leftovers (temporary files of killed writes, stale locks,
broken saves older than 30 days). ``--yes`` applies every fix, ``--no`` only reports; otherwise each is
asked on standard input, and the end of input means no.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from doomlings_access.lines import print_wrapped
from doomlings_access.safety.text import clean

if TYPE_CHECKING:
    from doomlings_access.settings import Settings

Answer = Callable[[str], bool]


class _Asker:
    """Answers to the offers: all yes, all no, or read from standard input."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.ended = False

    def __call__(self, question: str) -> bool:
        if self.mode in ("yes", "no"):
            say(f"{question} {self.mode}")
            return self.mode == "yes"
        if self.ended:
            return False
        from doomlings_access.telling.console import PlainConsole, not_an_answer, yes_or_no

        console = PlainConsole()
        while True:
            try:
                line = console.read(clean(f"{question} Type y or n [n]: "))
            except (EOFError, KeyboardInterrupt):
                say("End of input: nothing more is changed.")
                self.ended = True
                return False
            answer = yes_or_no(line, default=False)
            if answer is not None:
                return answer
            say(not_an_answer(line))


def say(line: str) -> None:
    """Print a line of the report, broken at spaces within 80 columns as the game's are."""
    print_wrapped(sys.stdout, clean(line))


def doctor(mode: str = "ask") -> int:
    """Check everything; returns 0 when all is well (or was fixed), 1 when problems remain."""
    ask = _Asker(mode)
    _cache(ask)  # first: loading the cards rebuilds a corrupt entry, so look before that
    problems = _cards() + _settings(ask) + _progress(ask) + _saves(ask)
    say("All is well." if not problems else f"Problems left: {problems}.")
    return 0 if not problems else 1


def _cards() -> int:
    from doomlings_access.cards import CardDataError, load_cards
    from doomlings_access.cards.loader import data_dir

    say(f"Card data: {data_dir()}")
    try:
        for edition in ("retail", "first"):
            load_cards(edition)
    except CardDataError as exc:
        say(f"Card data: broken: {exc}. Reinstall the game to repair it.")
        return 1
    say("Card data: every card loads.")
    return 0


def _cache(ask: Answer) -> None:
    """The cache heals itself (a bad entry is ignored and rebuilt), so it is reported and
    offered for clearing, but never left as a problem."""
    from doomlings_access.cards.index_names import INDEX_NAME
    from doomlings_access.cards.loader import (
        cache_files,
        cache_location,
        check_cache_file,
        clear_cache,
    )
    from doomlings_access.safety.folders import folder_problem

    folder = cache_location()
    if folder is None:
        say("Card cache: none (no home folder); the cards are read from the card data.")
        return
    not_ours = folder_problem(folder)
    if not_ours:  # never written into nor tidied: it may be anyone's folder
        say(f"Card cache: not used, since {folder} {not_ours}; the cards are read from the card data.")
        return
    files = cache_files()
    size = sum(_size(p) for p in files)
    say(f"Card cache: {folder}, {len(files)} files, {size:,} bytes.")
    for path in files:
        index = INDEX_NAME.fullmatch(path.name) is not None  # the look-up index of ``card``
        if path.name.endswith(".tmp") or (".v" not in path.name and not index):
            say(f"Card cache: {path.name}: a leftover or an entry of an earlier version.")
            continue
        why = check_cache_file(path)
        if why:
            say(f"Card cache: {path.name} {why}; it is ignored and rebuilt when needed.")
    if files and ask(f"Clear the card cache ({len(files)} files)? It is rebuilt when needed."):
        removed = clear_cache()
        say(f"Card cache: removed {len(removed)} files.")


def _settings(ask: Answer) -> int:
    """A file with bad fields is offered for writing again with its good fields (the game
    uses those anyway), never set aside: that would cost the good ones. Only a file that
    cannot be used at all is offered for setting aside."""
    from doomlings_access.settings import config_path, is_own_settings_file, load_settings

    path = config_path()
    if not os.path.lexists(path):
        say(f"Settings: {path} is not written yet; the defaults are used.")
        return 0
    settings, problems = load_settings(path)
    if not problems:
        say(f"Settings: {path} is fine: speech {settings.speech}, rate {settings.rate}, "
            f"verbosity {settings.verbosity}, labels {settings.labels}.")
        return 0
    for problem in problems:
        say(f"Settings: {problem.line}")
    if all(problem.kept for problem in problems):  # another version's settings, kept: nothing to fix
        return 0
    if any(problem.field is None for problem in problems):
        return _offer_aside(path, ask, "so the defaults are used", True, is_own_settings_file(path))
    return _offer_rewrite(path, settings, ask)


def _progress(ask: Answer) -> int:
    """The lessons' progress file (``doomlings learn``), checked as the settings file is: bad
    fields offered for writing again with the good ones, a file that cannot be used at all
    offered for setting aside."""
    from doomlings_access.progress import load_progress, progress_path, save_progress
    from doomlings_access.safety.files import FileRefused, reason
    from doomlings_access.settings import is_own_settings_file

    path = progress_path()
    if not os.path.lexists(path):
        say(f"Lessons: {path} is not written yet; the course starts at lesson 1.")
        return 0
    progress, problems = load_progress(path)
    if not problems:
        say(f"Lessons: {path} is fine: lesson {progress.lesson} next, {len(progress.finished)} finished.")
        return 0
    for problem in problems:
        say(f"Lessons: {problem.line}")
    if all(problem.kept for problem in problems):  # another version's fields, kept: nothing to fix
        return 0
    if any(problem.field is None for problem in problems):
        return _offer_aside(path, ask, "so the course starts at lesson 1", True, is_own_settings_file(path))
    if not ask(f"Write {path.name} again, keeping its good fields?"):
        return 1
    try:
        save_progress(progress, path)
    except (OSError, FileRefused) as exc:
        say(f"Lessons: {path.name} could not be written: {reason(exc)}.")
        return 1
    say(f"Lessons: {path.name} was written again.")
    return 0


def _offer_rewrite(path: Path, settings: Settings, ask: Answer) -> int:
    """Offer to write the settings file again with only its good fields; 0 if it was."""
    from doomlings_access.safety.files import FileRefused, reason
    from doomlings_access.settings import save_settings

    if not ask(f"Write {path.name} again, keeping its good fields and the defaults for the rest?"):
        return 1
    try:
        save_settings(settings, path)
    except (OSError, FileRefused) as exc:
        say(f"Settings: {path.name} could not be written: {reason(exc)}.")
        return 1
    say(f"Settings: {path.name} was written again.")
    return 0


def _saves(ask: Answer) -> int:
    from doomlings_access.cards import CardDataError
    from doomlings_access.games import of_save
    from doomlings_access.safety.lock import holder
    from doomlings_access.safety.folders import folder_problem
    from doomlings_access.saves import (
        SAVE_NAME,
        SaveFileError,
        leftovers,
        may_set_aside,
        read_any_save,
        saves_dir,
        tidy_saves,
    )
    from doomlings_access.ui.session import reserved_words

    folder = saves_dir()
    if not os.path.lexists(folder):
        say(f"Saves: {folder} does not exist yet; no game was saved.")
        return 0
    if not folder.is_dir():  # a file, a FIFO, a dangling link: every game ends "could not be saved"
        kind = "a link to nothing" if os.path.islink(folder) else "not a folder"
        say(f"Saves: {folder} is {kind}, so no game can be saved; move it away and the game makes the folder.")
        return 1
    names = sorted(n for n in _names(folder) if n.endswith(".json"))
    say(f"Saves: {folder}, {len(names)} saved {'game' if len(names) == 1 else 'games'}.")
    not_ours = folder_problem(folder)
    if not_ours:
        say(f"Saves: the folder {not_ours}, so the game moves and removes nothing in it.")
    problems = 0
    for name in names:
        path = folder / name
        pid = holder(path)
        if pid is not None:
            say(f"Save {name}: in use by a running game (process {pid}).")
            continue
        try:
            saved = read_any_save(path, reserved_words())
        except CardDataError:
            say(f"Save {name}: not checked, since the card data is broken.")
            continue
        except SaveFileError as exc:
            if not SAVE_NAME.fullmatch(name):  # the player's own file, not a save gone wrong
                say(f"Save folder: {name} is not a saved game; it is left alone.")
                continue
            say(f"Save {name}: {'broken' if exc.at_fault else 'cannot be loaded here'}: {exc}.")
            ours = may_set_aside(path, folder)
            problems += _offer_aside(path, ask, "so the other games load without it", exc.at_fault, ours)
            continue
        state = "finished" if saved.game.is_over else of_save(saved).stands(saved.game)
        say(f"Save {name}: fine: {', '.join(saved.game.setup.players)}; {state}.")
    extra = leftovers(folder)
    for kind, paths in extra.items():
        for path in paths:
            if not os.path.isfile(path) or os.path.islink(path):  # a link, a FIFO, a folder
                say(f"Save folder: {path.name} stands where a {kind} file goes but is not one; it is left alone.")
                problems += 1
                continue
            say(f"Save folder: {path.name} is a {kind} file, {_age(path)} old.")
    if any(extra.values()) and not not_ours and ask(
        "Remove the leftovers nobody uses (temporary files over an hour old, stale locks, "
        "broken saves over 30 days old)?"
    ):
        removed = tidy_saves(folder)
        say(f"Save folder: removed {len(removed)} leftover files.")
    return problems


def _offer_aside(path: Path, ask: Answer, why: str, at_fault: bool, ours: bool) -> int:
    """Offer to move a broken file aside; 0 if it was, 1 if the problem stays. ``ours``:
    the caller found it a file the game wrote, in a folder of the game's own."""
    from doomlings_access.safety.tidy import set_aside

    if not at_fault:  # unreadable, or from a newer version: nothing wrong with its content
        say(f"{path.name} is left alone: it is not broken, and may load once that is put right.")
        return 1
    if not ours:
        say(f"{path.name} is not a file the game wrote there; it is left alone.")
        return 1
    if not ask(f"Move {path.name} aside, {why}?"):
        return 1
    try:
        target = set_aside(path)
    except OSError as exc:
        say(f"{path.name} could not be moved aside: {exc.strerror or exc}.")
        return 1
    say(f"{path.name} was kept as {target.name}.")
    return 0


def _names(folder: Path) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError as exc:
        print(clean(f"Saves: {folder} cannot be read: {exc.strerror or exc}."), file=sys.stderr)
        return []


def _size(path: Path) -> int:
    try:
        return os.lstat(path).st_size
    except OSError:
        return 0


def _age(path: Path) -> str:
    try:
        seconds = max(0.0, time.time() - os.lstat(path).st_mtime)
    except OSError:
        return "an unknown time"
    if seconds < 3600:
        n, unit = int(seconds // 60), "minute"
    elif seconds < 86400:
        n, unit = int(seconds // 3600), "hour"
    else:
        n, unit = int(seconds // 86400), "day"
    return f"{n} {unit}" if n == 1 else f"{n} {unit}s"
