"""How far a learner has come in ``doomlings learn``, kept beside the settings.

The file is kept with the same care as the settings file (:mod:`.settings`): read within
bounds (a FIFO or a link to a device is refused, never waited on), each field checked on its
own (a bad one is named in a line and its default used, the good one kept), written
atomically. A broken file never stops a lesson: at worst the course starts from lesson 1.
As the settings file, it says which version wrote it, and a field this version does not know
(a newer version's) is named and written back as it was: a learner who went back to an older
version and on again lost what the newer one kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from doomlings_access import __version__
from doomlings_access.safety.files import FileRefused, load_toml, write_atomic
from doomlings_access.safety.text import shown
from doomlings_access.settings import PROGRAM, config_path, others_fields, toml_string, written_by

MAX_PROGRESS_BYTES = 16 * 1024
MAX_LESSONS = 99


@dataclass
class Progress:
    lesson: int = 1
    """The lesson to come back to (begun, or next), from 1."""
    finished: list[int] = field(default_factory=list)
    """The lessons played to their end, each once, in order."""


class ProgressProblem(NamedTuple):
    """One thing wrong with the progress file, as the learner is told it."""

    field: str | None
    """The field at fault, or None when the file as a whole could not be used (it is set
    aside before it is written over: :func:`set_unusable_aside`)."""
    line: str
    kept: bool = False
    """A word, not a fault: a field of another version, kept in the file as it is."""


def progress_path() -> Path:
    """``learning.toml`` in the settings' folder (``DOOMLINGS_CONFIG_DIR`` in tests)."""
    return config_path().parent / "learning.toml"


def _lesson_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_LESSONS


def load_progress(path: Path | None = None) -> tuple[Progress, list[ProgressProblem]]:
    """The progress kept, and a line for each thing wrong with its file (naming the file and
    the field). No file: a learner who has not begun."""
    path = path or progress_path()
    try:
        data = load_toml(path, MAX_PROGRESS_BYTES)
    except FileNotFoundError:
        return Progress(), []
    except FileRefused as exc:
        return Progress(), [ProgressProblem(None, f"Progress file {exc}; starting from lesson 1.")]
    where = shown(str(path), 300)
    progress, problems = Progress(), []
    program = written_by(data)
    if program is False:
        problems.append(ProgressProblem(PROGRAM, f"Progress file {where}: {PROGRAM}: is not a version of the program; it is ignored."))
        program = None
    by = f", for version {shown(str(program), 20)}, which wrote it" if program not in (None, __version__) else ""
    for key, value in data.items():
        if key == PROGRAM:
            continue
        if key == "lesson":
            if _lesson_number(value):
                progress.lesson = int(value)
            else:
                problems.append(ProgressProblem(key, f"Progress file {where}: lesson: must be a lesson's number; using 1."))
        elif key == "finished":
            if isinstance(value, list) and all(_lesson_number(v) for v in value):
                progress.finished = sorted(set(value))
            else:
                problems.append(ProgressProblem(
                    key, f"Progress file {where}: finished: must be a list of lessons' numbers; using none."
                ))
        else:  # a newer version's field (or a slip): unused, never dropped
            problems.append(ProgressProblem(
                str(key), f"Progress file {where}: {shown(str(key), 40)}: is not a field of this version ({__version__}); "
                f"it is kept in the file as it is{by}.", kept=True,
            ))
    return progress, problems


def set_unusable_aside(path: Path | None = None) -> Path | None:
    """Before progress is written over a file none of which could be used: keep that file
    beside, as ``doomlings doctor`` would (only a file of ours, in a folder of ours); where it
    went, or None when it was left alone."""
    from doomlings_access.safety.tidy import set_aside
    from doomlings_access.settings import is_own_settings_file

    path = path or progress_path()
    if not is_own_settings_file(path):
        return None
    try:
        return set_aside(path)
    except OSError:
        return None


def save_progress(progress: Progress, path: Path | None = None) -> Path:
    """Write the progress atomically, with the version that wrote it and, after it, the
    fields of the file this version does not know, as they were; raises OSError or
    FileRefused when it cannot be."""
    path = path or progress_path()
    finished = ", ".join(str(n) for n in sorted(set(progress.finished)))
    text = f"{PROGRAM} = {toml_string(__version__)}\nlesson = {progress.lesson}\nfinished = [{finished}]\n"
    text += others_fields(path, {"lesson", "finished"}, MAX_PROGRESS_BYTES)
    write_atomic(path, text.encode("utf-8"), make_folder=True)
    return path
