"""Settings remembered between games, in a TOML file in the user's config folder.

A broken settings file never stops the game: the message names the file and the field, and
the defaults are used. The file is read within bounds (a FIFO or a link to a device is refused,
not waited on) and written atomically, with every string escaped so any voice name, emoji
included, reads back as it was written.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

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


@dataclass
class Settings:
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
    if has_unsafe(voice) or not voice.isprintable():
        return "A voice name cannot hold control or invisible characters."
    if len(voice) > MAX_VOICE:
        return f"A voice name has at most {MAX_VOICE} characters."
    if voice.startswith("-"):
        return "A voice name cannot begin with a hyphen."
    if voice and not any(ch.isalpha() for ch in voice):  # a slip (a number typed), not a voice ("": none)
        return "A voice name has letters, like en-us or Alex."
    return None


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a one-line problem report (or None)."""
    path = path or config_path()
    where = shown(str(path), 300)
    try:
        data = load_toml(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return Settings(), None
    except FileRefused as exc:
        return Settings(), f"Settings file {exc}; using defaults."
    settings = Settings()
    allowed = {"speech": SPEECH_MODES, "verbosity": VERBOSITY, "labels": LABELS, "only_choice": ONLY_CHOICE, "any_time": ANY_TIME}
    for key, value in data.items():
        if key not in {f.name for f in fields(Settings)}:
            return Settings(), f"Settings file {where}: unknown field {shown(key, 40)!r}; using defaults."
        if key in allowed and value not in allowed[key]:
            return Settings(), f"Settings file {where}: {key} must be one of {', '.join(allowed[key])}; using defaults."
        if key == "rate" and (
            not isinstance(value, int) or isinstance(value, bool) or not MIN_RATE <= value <= MAX_RATE
        ):
            return Settings(), f"Settings file {where}: rate must be a number from {MIN_RATE} to {MAX_RATE}; using defaults."
        if key == "pause" and (
            not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_PAUSE
        ):
            return Settings(), f"Settings file {where}: pause must be a number from 0 to {MAX_PAUSE}; using defaults."
        if key == "voice" and (not isinstance(value, str) or voice_problem(value)):
            return Settings(), f"Settings file {where}: voice must be a short line of text; using defaults."
        setattr(settings, key, value)
    return settings, None


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
    """Write the settings atomically; raises OSError or FileRefused when they cannot be."""
    path = path or config_path()
    lines = []
    for key, value in asdict(settings).items():
        lines.append(f"{key} = {value}" if isinstance(value, int) else f"{key} = {toml_string(value)}")
    write_atomic(path, ("\n".join(lines) + "\n").encode("utf-8"), make_folder=True)
    return path
