"""liblouis, reachable from the project's virtual environment.

liblouis is not on PyPI (the name ``louis`` there is an unrelated package). Its Python binding
comes with the system: on Debian and Ubuntu the ``python3-louis`` package installs
``/usr/lib/python3/dist-packages/louis`` (pure ctypes over ``liblouis.so.20``). This module
first tries a plain ``import louis``; failing that, it imports the system package through a
temporary directory holding a symlink to just that package (so the rest of dist-packages stays
out of the virtual environment). Set ``DOOMLINGS_LOUIS_DIR`` to a folder that holds the
``louis`` package to use another copy (for example a Homebrew build).

liblouis is loaded on first use, never at import time, so importing this module is cheap.
"""

from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType

UEB_CONTRACTED = "en-ueb-g2.ctb"
UEB_UNCONTRACTED = "en-ueb-g1.ctb"
BRF_DISPLAY = "en-us-brf.dis"
DOTS_TABLES = [BRF_DISPLAY, "braille-patterns.cti"]

INSTALL_HINT = (
    "liblouis is not installed. On Debian or Ubuntu: "
    "sudo apt-get install liblouis20 liblouis-data python3-louis"
)
ENV_DIR = "DOOMLINGS_LOUIS_DIR"
SYSTEM_DIRS: tuple[str, ...] = (
    "/usr/lib/python3/dist-packages",
    "/usr/local/lib/python3/dist-packages",
    "/usr/lib/python3/site-packages",
)


class LiblouisMissing(RuntimeError):
    """liblouis, its tables or its binding cannot be found; the message says what to install."""

    def __init__(self, message: str = INSTALL_HINT) -> None:
        super().__init__(message)


_module: ModuleType | None = None
_failure: LiblouisMissing | None = None


def _is_liblouis(mod: ModuleType) -> bool:
    names = ("translateString", "backTranslateString", "charToDots")
    return all(hasattr(mod, name) for name in names)


def _import_via_shim() -> ModuleType:
    """Import the system ``louis`` package alone (see ``doomlings_access.system_packages``)."""
    from doomlings_access import system_packages

    extra = [os.environ[ENV_DIR]] if os.environ.get(ENV_DIR) else []
    saved = system_packages.SYSTEM_DIRS
    system_packages.SYSTEM_DIRS = tuple(SYSTEM_DIRS)  # this module's list, which tests narrow
    try:
        return system_packages.import_system_package("louis", extra)
    except (ImportError, OSError) as exc:  # OSError: liblouis.so.20 itself is missing
        raise LiblouisMissing() from exc
    finally:
        system_packages.SYSTEM_DIRS = saved


def _import() -> ModuleType:
    try:
        mod = importlib.import_module("louis")
    except ImportError:
        return _import_via_shim()
    except OSError as exc:  # the binding is there but liblouis.so is not
        raise LiblouisMissing() from exc
    if _is_liblouis(mod):
        return mod
    sys.modules.pop("louis", None)  # an unrelated module named louis
    return _import_via_shim()


def load() -> ModuleType:
    """The liblouis binding (the ``louis`` module), loaded once. Raises :class:`LiblouisMissing`."""
    global _module, _failure
    if _module is not None:
        return _module
    if _failure is not None:
        raise _failure
    try:
        mod = _import()
        try:
            mod.checkTable([BRF_DISPLAY, UEB_CONTRACTED])
        except Exception as exc:  # liblouis-data missing: the tables cannot be found
            raise LiblouisMissing(
                f"{INSTALL_HINT} (the braille tables {BRF_DISPLAY} and {UEB_CONTRACTED} "
                f"were not found: {exc})"
            ) from exc
    except LiblouisMissing as exc:
        _failure = exc
        raise
    _module = mod
    return mod


def available() -> bool:
    """True when liblouis, its tables and its Python binding can be used."""
    try:
        load()
    except LiblouisMissing:
        return False
    return True


def version() -> str:
    return str(load().version())


def translate(text: str, table: str = UEB_CONTRACTED, display: str = BRF_DISPLAY) -> str:
    """Text to braille: by default contracted UEB in BRF (North American ASCII braille)."""
    return str(load().translateString([display, table], text))


def back_translate(brf: str, table: str = UEB_CONTRACTED, display: str = BRF_DISPLAY) -> str:
    """Braille (by default BRF, contracted UEB) back to print text."""
    return str(load().backTranslateString([display, table], brf))


def brf_to_dots(brf: str) -> str:
    """BRF to Unicode braille as liblouis's own ``en-us-brf.dis`` table defines it."""
    dots = load().charToDots(DOTS_TABLES, brf)
    return "".join(chr(0x2800 + (ord(c) & 0xFF)) for c in dots)
