"""Running the real ``doomlings`` command from tests, never touching the user's folders."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def doomlings_command() -> list[str]:
    """The installed ``doomlings`` beside this Python, else on PATH, else ``python -m``."""
    script = Path(sys.executable).parent / "doomlings"
    if script.exists():
        return [str(script)]
    found = shutil.which("doomlings")
    return [found] if found else [sys.executable, "-m", "doomlings_access"]


DOOMLINGS = doomlings_command()


def isolated_env(root: Path) -> dict[str, str]:
    """This environment, with saves and settings under ``root`` and plain mode not forced."""
    env = dict(os.environ)
    env["DOOMLINGS_DATA_DIR"] = str(root / "data")
    env["DOOMLINGS_CONFIG_DIR"] = str(root / "config")
    env.pop("DOOMLINGS_PLAIN", None)
    return env
