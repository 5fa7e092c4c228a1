"""Settings remembered between games, in a TOML file in the user's config folder.

A broken settings file never stops the game: the message names the file and the field, and
the defaults are used.
"""

from __future__ import annotations

import json
import os
import tomllib
from dataclasses import asdict, dataclass, fields
from pathlib import Path

SPEECH_MODES = ("screen-reader", "direct", "tts", "off")
VERBOSITY = ("terse", "normal", "verbose")
LABELS = ("text", "braille")


@dataclass
class Settings:
    speech: str = "screen-reader"
    rate: int = 175
    voice: str = ""
    verbosity: str = "normal"
    labels: str = "text"


def config_path() -> Path:
    folder = os.environ.get("DOOMLINGS_CONFIG_DIR")
    if folder:
        return Path(folder) / "settings.toml"
    from platformdirs import user_config_dir

    return Path(user_config_dir("doomlings-access")) / "settings.toml"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a one-line problem report (or None)."""
    path = path or config_path()
    if not path.exists():
        return Settings(), None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return Settings(), f"Settings file {path} is unreadable ({exc}); using defaults."
    settings = Settings()
    allowed = {"speech": SPEECH_MODES, "verbosity": VERBOSITY, "labels": LABELS}
    for key, value in data.items():
        if key not in {f.name for f in fields(Settings)}:
            return Settings(), f"Settings file {path}: unknown field {key!r}; using defaults."
        if key in allowed and value not in allowed[key]:
            return Settings(), f"Settings file {path}: {key} must be one of {', '.join(allowed[key])}; using defaults."
        if key == "rate" and (not isinstance(value, int) or not 80 <= value <= 450):
            return Settings(), f"Settings file {path}: rate must be a number from 80 to 450; using defaults."
        if key == "voice" and not isinstance(value, str):
            return Settings(), f"Settings file {path}: voice must be text; using defaults."
        setattr(settings, key, value)
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    path = path or config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for key, value in asdict(settings).items():
        lines.append(f"{key} = {value}" if isinstance(value, int) else f"{key} = {json.dumps(value)}")
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path
