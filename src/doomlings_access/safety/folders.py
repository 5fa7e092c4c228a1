"""Whether a folder is the game's own: the only kind it renames, removes or caches files in.

A folder of ours is a real folder (not a link), owned by the user running the game. A link
in its place may lead anywhere (a player's photos, another user's files): whatever stands
there by the game's own names could be theirs, so the game never tidies, sets aside or
caches through it. This module imports only the standard library's ``os`` and ``stat``, so
that ``doomlings card`` can check its cache folder without slowing its start.
"""

from __future__ import annotations

import os
import stat


def folder_problem(folder: str | os.PathLike[str]) -> str | None:
    """Why ``folder`` is not a folder of ours, in a few words ("is a link"), or None when it
    is one or does not exist yet (the game makes it, as a real folder)."""
    try:
        st = os.lstat(folder)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot be looked at ({exc.strerror or exc})"
    if stat.S_ISLNK(st.st_mode):
        return "is a link"
    if not stat.S_ISDIR(st.st_mode):
        return "is not a folder"
    getuid = getattr(os, "getuid", None)
    if getuid is not None and st.st_uid != getuid():
        return "belongs to another user"
    return None


def is_own_folder(folder: str | os.PathLike[str]) -> bool:
    """An existing real folder (not a link) owned by the user running the game."""
    return os.path.isdir(folder) and folder_problem(folder) is None
