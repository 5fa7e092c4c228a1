"""Removing our own old leftovers: temporary files of killed writes, old broken saves, stale
cache entries.

Only in a folder the caller owns, only names that match the caller's pattern, only regular
files (a link is never followed nor removed) owned by the user running the game, and only
when older than the caller's age, so a file another running game is writing is never touched.
"""

from __future__ import annotations

import os
import re
import stat
import time
from pathlib import Path

HOUR = 3600.0
DAY = 24 * HOUR


def old_files(folder: Path, pattern: re.Pattern[str], older_than: float) -> list[Path]:
    """Our own regular files directly in ``folder`` whose names match ``pattern`` and that
    were last changed more than ``older_than`` seconds ago."""
    found: list[Path] = []
    now = time.time()
    getuid = getattr(os, "getuid", None)
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return found
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode) or (getuid is not None and st.st_uid != getuid()):
            continue
        if now - st.st_mtime > older_than:
            found.append(Path(entry.path))
    return found


def remove_old(folder: Path, pattern: re.Pattern[str], older_than: float) -> list[Path]:
    """Remove what :func:`old_files` finds; returns what was removed."""
    removed = []
    for path in old_files(folder, pattern, older_than):
        try:
            os.unlink(path)
        except OSError:
            continue
        removed.append(path)
    return removed


def set_aside(path: Path) -> Path:
    """Rename a broken file of ours to ``<name>.broken-<date>-<time>`` beside it, never over
    another file, so it is kept (for a look, or for a bug report) and no longer in the way.
    The caller checks that the file is ours; raises OSError when the rename fails."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 2
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
        n += 1
    os.rename(path, target)
    # Old leftovers go by their time of change, and a rename keeps it: the time a broken file
    # is kept counts from now, or a game last played long ago would go at the next start.
    os.utime(target, follow_symlinks=False)
    return target
