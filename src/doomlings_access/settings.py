"""Settings remembered between games, in a TOML file in the user's config folder.

A broken settings file never stops the game. Each field is checked on its own: a bad one is
named in a line of its own, with the default used for it, and every good one is kept. Only a
file that cannot be read or parsed at all gives the defaults for everything. The file is
read within bounds (a FIFO or a link to a device is refused, not waited on) and written
atomically, with every string escaped so any voice name, emoji included, reads back as it
was written.
"""

# (No ``from __future__ import annotations`` here: the named tuples' field types would then be
# strings, which ``typing.NamedTuple`` compiles one by one as the module loads: 0.7 ms of the
# module's 1.1 ms, measured, and ``doomlings card`` loads it to read the labels setting.)

import os
from pathlib import Path
from typing import Any, NamedTuple

from doomlings_access import __version__
from doomlings_access.lines import MAX_PAUSE, PAUSE
from doomlings_access.safety.files import FileRefused, is_own_regular_file, load_toml, write_atomic
from doomlings_access.safety.folders import is_own_folder
from doomlings_access.safety.text import has_unsafe, shown

SPEECH_MODES = ("screen-reader", "direct", "tts", "off")
VERBOSITY = ("terse", "normal", "verbose")
LABELS = ("text", "braille")
ONLY_CHOICE = ("ask", "play")
"""A question with one answer: wait for Enter, or play it at once (after saying why)."""
ANY_TIME = ("own", "every")
"""When a trait that may be played at any time is offered: after one's own plays only, or
after every trait played (the rules' every chance; several questions a round)."""
MIN_RATE, MAX_RATE = 80, 450
"""The speech rates (words a minute) the self-voiced mode takes, in the file and in speech-check."""
MAX_SETTINGS_BYTES = 64 * 1024
MAX_VOICE = 100


class Settings(NamedTuple):
    """What the settings file holds (a value: loading makes a new one, nothing changes one).
    A named tuple, not a dataclass, so that ``doomlings card`` reads the labels setting
    without importing ``dataclasses`` and ``inspect`` (9% of its start, measured)."""

    speech: str = "screen-reader"
    rate: int = 175
    voice: str = ""
    verbosity: str = "normal"
    labels: str = "text"
    only_choice: str = "ask"
    any_time: str = "own"
    pause: int = PAUSE


def config_path() -> Path:
    folder = os.environ.get("DOOMLINGS_CONFIG_DIR")
    if folder:
        return Path(folder) / "settings.toml"
    from platformdirs import user_config_dir

    return Path(user_config_dir("doomlings-access")) / "settings.toml"


def is_own_settings_file(path: Path) -> bool:
    """Whether the game may set the settings file aside: a regular file of ours (not a
    link) in a real folder of ours, never one reached through a link to someone's folder."""
    return is_own_folder(path.parent) and is_own_regular_file(path)


def voice_problem(voice: str) -> str | None:
    """Why ``voice`` cannot be a voice name (one sentence), or None."""
    if has_unsafe(voice):
        return "A voice name cannot hold control or invisible characters."
    if len(voice) > MAX_VOICE:
        return f"A voice name has at most {MAX_VOICE} characters."
    if voice.startswith("-"):
        return "A voice name cannot begin with a hyphen."
    if voice and not any(ch.isalpha() for ch in voice):  # a slip (a number typed), not a voice ("": none)
        return "A voice name has letters, like en-us or Alex."
    return None


class SettingsProblem(NamedTuple):
    """One thing wrong with the settings file, as the player is told it."""

    field: str | None
    """The field at fault, or None when the file as a whole could not be used."""
    line: str
    """The one line said, naming the file and the field."""
    kept: bool = False
    """A word, not a fault: a field of another version (kept in the file as it is), or a file
    of another version that lacks this version's settings (their defaults are used). Nothing
    of the file is dropped for it."""


PROGRAM = "program"
"""The field naming the version that wrote the file (settings of a newer version are kept in
it, and a file of another version is told apart from a hand-written one)."""


_CHOICES = {"speech": SPEECH_MODES, "verbosity": VERBOSITY, "labels": LABELS, "only_choice": ONLY_CHOICE, "any_time": ANY_TIME}
_NUMBERS = {"rate": (MIN_RATE, MAX_RATE), "pause": (0, MAX_PAUSE)}


def _wanted(key: str, value: Any) -> str | None:
    """What a setting must be, when ``value`` is not that (None when it may be used)."""
    if key in _CHOICES:
        return None if value in _CHOICES[key] else f"must be one of {', '.join(_CHOICES[key])}"
    if key in _NUMBERS:
        low, high = _NUMBERS[key]
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return None
        return f"must be a number from {low} to {high}"
    if not isinstance(value, str) or voice_problem(value):  # the voice: the only text setting
        return "must be a short line of text"
    return None


def _field_problem(key: str, value: Any) -> str | None:
    """Why one setting of the file cannot be used, and what is used instead, or None."""
    wanted = _wanted(key, value)
    if wanted is None:
        return None
    default = getattr(Settings(), key)
    shown_default = default if default != "" else "the engine's own"
    return f"{wanted}; using the default, {shown_default}, for it."


def written_by(data: dict[str, Any]) -> str | None | bool:
    """The version a file of ours says wrote it (its :data:`PROGRAM` field): None when it says
    none (a file of 0.1.0, or written by hand), False when the field is no version."""
    program = data.get(PROGRAM)
    if program is not None and (not isinstance(program, str) or not program or len(program) > 40 or has_unsafe(program)):
        return False
    return program


def load_settings(path: Path | None = None) -> tuple[Settings, list[SettingsProblem]]:
    """The saved settings and what is wrong with the file, a line for each field at fault.

    One bad field costs only itself: ``pause = 100`` beside ``labels = "braille"`` gave the
    defaults for everything, and the player lost braille labels for a pause out of range."""
    path = path or config_path()
    try:
        data = load_toml(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return Settings(), []
    except FileRefused as exc:
        return Settings(), [SettingsProblem(None, f"Settings file {exc}; using defaults.")]
    where = shown(str(path), 300)
    chosen: dict[str, Any] = {}
    problems = []
    program = written_by(data)
    if program is False:
        problems.append(SettingsProblem(PROGRAM, f"Settings file {where}: {PROGRAM}: is not a version of the program; it is ignored."))
        program = None
    known = set(Settings._fields)
    other = program is not None and program != __version__
    by = f", for version {shown(str(program), 20)}, which wrote it" if other else ""
    for key, value in data.items():
        if key == PROGRAM:
            continue
        if key not in known:  # a newer version's setting (or a slip): unused, never dropped
            problems.append(SettingsProblem(
                key, f"Settings file {where}: {shown(key, 40)}: is not a setting of this version ({__version__}); "
                f"it is kept in the file as it is{by}.", kept=True,
            ))
            continue
        why = _field_problem(key, value)
        if why is None:
            chosen[key] = value
        else:
            problems.append(SettingsProblem(key, f"Settings file {where}: {shown(key, 40)}: {why}"))
    missing = [name for name in sorted(known) if name not in data]
    if other and missing:  # an older (or other) version's file: said, not guessed from a hand-written one
        problems.append(SettingsProblem(
            PROGRAM, f"Settings file {where} was written by version {shown(str(program), 20)}: "
            f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not in it, so the "
            f"default{'' if len(missing) == 1 else 's'} of this version {'is' if len(missing) == 1 else 'are'} used "
            "until the settings are saved.", kept=True,
        ))
    return Settings(**chosen), problems


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped, everything
    else (accents, braille, emoji) written as itself in UTF-8."""
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings atomically, with the version that wrote them; the fields of the file
    this version does not know (a newer version's settings) are written back as they were,
    after this version's. Raises OSError or FileRefused when they cannot be written."""
    path = path or config_path()
    lines = [f"{PROGRAM} = {toml_string(__version__)}"]
    for key, value in settings._asdict().items():
        lines.append(f"{key} = {value}" if isinstance(value, int) else f"{key} = {toml_string(value)}")
    text = "\n".join(lines) + "\n"
    text += others_fields(path, set(Settings._fields), MAX_SETTINGS_BYTES)
    write_atomic(path, text.encode("utf-8"), make_folder=True)
    return path


def others_fields(path: Path, known: set[str], limit: int) -> str:
    """The fields of the TOML file at ``path`` that this version does not know (a newer
    version's, or a slip), as TOML to write after this version's own, so that writing the
    file again loses none of them (nothing when there is no file, or it cannot be read as
    TOML: that file is not written over unseen). The settings' and the lessons' progress."""
    try:
        data = load_toml(path, limit)
    except (OSError, FileRefused):
        return ""
    ours = known | {PROGRAM}
    others = {key: value for key, value in data.items() if key not in ours}
    if not others:
        return ""
    import tomli_w

    return tomli_w.dumps(others)  # (any TOML value: its tables follow this version's keys)


def labels_setting(typed: str | None) -> str:
    """How labels are shown by a command: as typed (``--labels``), else as the settings file
    says (``labels = "braille"`` was ignored by ``card``, ``cards`` and ``transcript``, as
    ``--labels`` was by ``transcript``). A file that cannot be read gives the default, as it
    does for a game, which tells its problems."""
    return typed or load_settings()[0].labels
