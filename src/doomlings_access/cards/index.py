"""A look-up index of every card (name, label, kind, description), kept in the user's cache.

``doomlings card NAME`` should start about as fast as Python itself. Building the validated
card set means importing the data model and checking every card, which takes longer than the
look-up. So the first look-up writes, next to the card-data parse cache, a small JSON index of
what a look-up shows; later look-ups read only that. The index is made from the validated
cards and is keyed by the size and time of the card data files and of the modules that write
it, so any change to either builds it again. A cache file that is missing, not a regular file,
too big, or not exactly the expected shape is ignored and written again: it can never change
what is shown.
"""

from __future__ import annotations

import json
import os
import stat
import zlib

from doomlings_access.cards.index_names import FORMAT, INDEX_NAME
from doomlings_access.safety.folders import folder_problem

TYPE_CHECKING = False  # typing itself is not imported: look-ups start quickly
if TYPE_CHECKING:
    from typing import Any

MAX_BYTES = 2_000_000
MAX_CARDS = 1000
MAX_LINES = 20
MAX_TEXT = 4000
LABEL_MARK = "\x00label\x00"
"""Where the label goes in a description line (it is shown as text or braille when read)."""
KEPT_DAYS = 30
DATA_FILES = ("traits.toml", "ages.toml", "catastrophes.toml")
CODE_FILES = ("index.py", "describe.py", "loader.py", "model.py", "pieces.py")


class Entry:
    """One card as the look-up sees it: enough for ``find_cards`` and the description."""

    __slots__ = ("kind", "label", "lines", "name")

    def __init__(self, name: str, label: str, kind: str, lines: list[str]) -> None:
        self.name, self.label, self.kind, self.lines = name, label, kind, lines

    def description(self, label: str | None = None) -> list[str]:
        """The card's description with its label shown as ``label`` (default: as text)."""
        shown = self.label if label is None else label
        return [line.replace(LABEL_MARK, shown) for line in self.lines]


def _here() -> str:
    return os.path.dirname(os.path.abspath(__file__))


def _data_dir() -> str:
    packaged = os.path.join(os.path.dirname(_here()), "card_data")
    if os.path.isdir(packaged):
        return packaged
    return os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(_here()))), "card_data")


def _cache_dir() -> str | None:
    """The card cache folder (as ``loader.cache_folder`` finds it, without importing the
    loader), or None: no home folder, or a link or anything not ours in its place."""
    base = os.environ.get("DOOMLINGS_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    if not base:
        home = os.path.expanduser("~")
        if not os.path.isdir(home):
            return None
        base = os.path.join(home, ".cache")
    folder = os.path.join(base, "doomlings-access")
    return folder if folder_problem(folder) is None else None


def _key(edition: str, data_dir: str) -> str:
    """What the index depends on: the card data files and the modules that write it."""
    parts = [f"{FORMAT}:{edition}"]
    for path in [os.path.join(data_dir, f) for f in DATA_FILES] + [
        os.path.join(_here(), f) for f in CODE_FILES
    ]:
        st = os.stat(path)
        parts.append(f"{os.path.abspath(path)}:{st.st_mtime_ns}:{st.st_size}")
    return f"{zlib.crc32(chr(10).join(parts).encode()):08x}"


def _read(path: str, key: str) -> list[Entry] | None:
    """The cached entries, or None for anything but a sound index with this key."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES:
            return None
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = json.loads(handle.read(MAX_BYTES + 1).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    finally:
        os.close(fd)
    return _entries(data, key)


def _entries(data: Any, key: str) -> list[Entry] | None:
    if not isinstance(data, dict) or data.get("key") != key or data.get("format") != FORMAT:
        return None
    cards = data.get("cards")
    if not isinstance(cards, list) or not 0 < len(cards) <= MAX_CARDS:
        return None
    out = []
    for card in cards:
        if not isinstance(card, list) or len(card) != 4:
            return None
        name, label, kind, lines = card
        texts = [name, label, kind, *(lines if isinstance(lines, list) else [None])]
        if not all(isinstance(t, str) and len(t) <= MAX_TEXT for t in texts):
            return None
        if not 0 < len(lines) <= MAX_LINES:
            return None
        out.append(Entry(name, label, kind, lines))
    return out


def _build(edition: str) -> list[Entry]:
    from doomlings_access.cards.describe import full_description
    from doomlings_access.cards.loader import load_cards

    cards = load_cards(edition).all_cards()
    marked = [full_description(card, LABEL_MARK) for card in cards]
    if any("\x00" in line.replace(LABEL_MARK, "") for lines in marked for line in lines):
        # A NUL in the card data itself: no place-holder is safe; labels stay as text.
        marked = [full_description(card) for card in cards]
    return [Entry(c.name, c.label, c.kind, lines) for c, lines in zip(cards, marked)]


def _write(path: str, key: str, entries: list[Entry]) -> None:
    """Store the index atomically, through an exclusive temporary file (a link, a FIFO or a
    device in its place is left alone, and the index is simply not kept); old indexes and
    leftovers are tidied at the same time. Only reached when the index is (re)built, which
    loads the whole card set anyway, so importing the file helpers here costs nothing."""
    from pathlib import Path

    from doomlings_access.safety.files import FileRefused, temp_names, write_atomic
    from doomlings_access.safety.tidy import DAY, HOUR, remove_old

    data = {
        "format": FORMAT,
        "key": key,
        "cards": [[e.name, e.label, e.kind, e.lines] for e in entries],
    }
    target = Path(path)
    try:
        raw = json.dumps(data, ensure_ascii=False).encode("utf-8")
        write_atomic(target, raw, make_folder=True, durable=False)
    except (OSError, FileRefused):
        return
    remove_old(target.parent, INDEX_NAME, KEPT_DAYS * DAY)
    remove_old(target.parent, temp_names(INDEX_NAME), HOUR)


def card_index(edition: str = "retail") -> list[Entry]:
    """Every card of ``edition`` for a look-up. Raises the loader's CardDataError (and
    ValueError for an unknown edition) exactly as ``load_cards`` does."""
    if edition not in ("retail", "first"):
        raise ValueError(f"unknown edition {edition!r}; use retail or first")
    folder = _cache_dir()
    try:
        key = _key(edition, _data_dir())
    except OSError:  # a card data file is missing: the loader says which
        return _build(edition)
    path = os.path.join(folder, f"index-{edition}-{key}.json") if folder else None
    if path is not None:
        cached = _read(path, key)
        if cached is not None:
            return cached
    entries = _build(edition)
    if path is not None:
        _write(path, key, entries)
    return entries
