"""What ``direct`` speech needs on each system, and exactly what is missing when it fails.

On Linux, accessible_output2 speaks through Speech Dispatcher with its Python client
``speechd``. That client is not on PyPI: it comes with the system (Debian and Ubuntu
``python3-speechd``), so it is imported through a one-package path shim
(:mod:`doomlings_access.system_packages`). The client starts the ``speech-dispatcher`` daemon
itself; the daemon needs a voice module (``speech-dispatcher-espeak-ng``) and a sound device.
"""

from __future__ import annotations

import importlib
import os
import platform
import shutil
from pathlib import Path
from types import ModuleType

DEBIAN_PACKAGES = "python3-speechd speech-dispatcher speech-dispatcher-espeak-ng"
INSTALL = f"sudo apt-get install {DEBIAN_PACKAGES}"
MODULE_DIRS = ("/usr/lib/speech-dispatcher-modules", "/usr/lib/x86_64-linux-gnu/speech-dispatcher-modules",
               "/usr/local/lib/speech-dispatcher-modules")
VOICE_MODULES = ("sd_espeak-ng", "sd_espeak", "sd_festival", "sd_pico", "sd_rhvoice", "sd_voxin")


def speechd_module() -> ModuleType | None:
    """Speech Dispatcher's Python client, from the venv or else from the system; or None."""
    try:
        return importlib.import_module("speechd")
    except ImportError:
        pass
    from doomlings_access.system_packages import import_system_package

    try:
        return import_system_package("speechd")
    except (ImportError, OSError):
        return None


def prepare() -> None:
    """Make ``import speechd`` work for accessible_output2 (Linux only; no-op elsewhere)."""
    if platform.system() == "Linux":
        speechd_module()


def _voice_modules() -> list[str]:
    found = []
    for folder in MODULE_DIRS:
        if os.path.isdir(folder):
            found += [m for m in VOICE_MODULES if (Path(folder) / m).exists()]
    return found


def missing() -> str:
    """Why no direct output is active, as one clause naming what to install or start."""
    system = platform.system()
    if system == "Windows":
        return (
            "no screen reader is running (start NVDA or JAWS), and SAPI 5 speech could not be "
            "used"
        )
    if system == "Darwin":
        return "accessible_output2 cannot reach VoiceOver on this Mac"
    if system != "Linux":
        return f"accessible_output2 has no speech output for {system}"
    speechd = speechd_module()
    if speechd is None:
        return (
            "direct speech needs Speech Dispatcher's Python module, which is not installed "
            f"(on Debian or Ubuntu: {INSTALL})"
        )
    if shutil.which("speech-dispatcher") is None:
        return f"direct speech needs the speech-dispatcher program, which is not installed ({INSTALL})"
    if not _voice_modules():
        return (
            "Speech Dispatcher has no voice module to speak with "
            "(install speech-dispatcher-espeak-ng)"
        )
    try:
        client = speechd.SSIPClient("doomlings-check")
    except Exception as exc:  # noqa: BLE001 - the client's own errors name the cause
        reason = " ".join(str(exc).split())[:160]
        return f"Speech Dispatcher did not start ({reason}); check its log in ~/.cache/speech-dispatcher"
    client.close()
    return "Speech Dispatcher answered but accessible_output2 did not use it"
