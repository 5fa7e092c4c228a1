"""The files a set of card data is: their names, how large one may be, and the fingerprint that
names the set (a save says which set it was played under: ``cards/shipped.py``)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from doomlings_access.safety.files import read_bounded

CARD_FILES = ("traits.toml", "ages.toml", "catastrophes.toml")
"""The files a set of card data is (``SCHEMA.md`` beside them describes, and is no part of it)."""
MAX_CARD_FILE = 8 * 1024 * 1024
"""Largest card file read (the three are about 100 kB together)."""


def fingerprint(folder: Path) -> str:
    """The fingerprint of the card data in ``folder``: the SHA-256 of its files' names and
    contents (line ends as ``\\n``, so a checkout on Windows has the same), in 16 hex digits.
    Raises OSError or FileRefused when a file cannot be read (a FIFO is refused, not waited on)."""
    digest = hashlib.sha256()
    for name in CARD_FILES:
        data = read_bounded(folder / name, MAX_CARD_FILE).replace(b"\r\n", b"\n")
        digest.update(f"{name}\n{len(data)}\n".encode())
        digest.update(data)
    return digest.hexdigest()[:16]
