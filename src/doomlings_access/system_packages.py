"""Import a pure-Python package that comes with the system's Python, from our venv.

Some bindings are not on PyPI and come only as distribution packages: liblouis's ``louis``
(Debian ``python3-louis``) and Speech Dispatcher's ``speechd`` (Debian ``python3-speechd``,
which accessible_output2 needs on Linux). A virtual environment does not see the system's
``dist-packages``, and adding all of it (``--system-site-packages``) would let every Debian
module shadow the project's own dependencies. So the one package is imported through a
temporary folder that holds only a symbolic link to it; the folder is removed again at once.
"""

from __future__ import annotations

import importlib
import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

SYSTEM_DIRS: tuple[str, ...] = (
    "/usr/lib/python3/dist-packages",
    "/usr/local/lib/python3/dist-packages",
    "/usr/lib/python3/site-packages",
)
"""Where Debian, Ubuntu and a few other systems put their Python packages."""


def find_system_package(name: str, extra: Sequence[str] = ()) -> Path | None:
    """The folder of the system's package ``name`` (``extra`` folders are searched first)."""
    for folder in [*extra, *SYSTEM_DIRS]:
        package = Path(folder) / name
        if (package / "__init__.py").is_file():
            return package
    return None


def import_system_package(name: str, extra: Sequence[str] = ()) -> ModuleType:
    """Import the system's package ``name`` (and every submodule its ``__init__`` imports).

    Raises ImportError when it is not installed, and OSError when it is but a shared library
    it loads is not. No bytecode is written into the system's folder.
    """
    package = find_system_package(name, extra)
    if package is None:
        raise ImportError(f"no system package {name!r} in {', '.join([*extra, *SYSTEM_DIRS])}")
    shim = tempfile.mkdtemp(prefix=f"doomlings-{name}-")
    saved_bytecode = sys.dont_write_bytecode
    try:
        os.symlink(package, os.path.join(shim, name), target_is_directory=True)
        sys.path.insert(0, shim)
        sys.dont_write_bytecode = True
        importlib.invalidate_caches()
        sys.modules.pop(name, None)
        return importlib.import_module(name)
    except BaseException:
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            sys.modules.pop(module, None)
        raise
    finally:
        sys.dont_write_bytecode = saved_bytecode
        if shim in sys.path:
            sys.path.remove(shim)
        shutil.rmtree(shim, ignore_errors=True)  # removes the link, never its target
