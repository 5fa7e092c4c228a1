"""Every card data set the game has shipped, kept by its fingerprint, so that an old save is
replayed under the cards it was played with.

A save holds the seed and the moves, not the cards: replayed against card data changed since
(an erratum, a second printing, an expansion), its moves stop being legal, and a game kept for
weeks was lost at an upgrade. So each save names the :func:`fingerprint` of the card data it
was played under, and ``card_data/shipped/<fingerprint>/`` keeps a copy of each set ever
released: the current one among them (a test fails until a changed set is kept, by
``python -m doomlings_access.cards.shipped``). A set is kept whole and never changed; the
fingerprint of its folder is checked before it is used, so a kept set edited by hand is not
taken for the one a save names.
"""

from __future__ import annotations

import functools
import re
import shutil
from pathlib import Path

from doomlings_access.cards import loader
from doomlings_access.cards.card_files import CARD_FILES, fingerprint
from doomlings_access.safety.files import FileRefused

SHIPPED = "shipped"
"""The folder of ``card_data`` that keeps every set shipped, one folder a fingerprint."""
FINGERPRINT = re.compile(r"[0-9a-f]{16}")
FIRST_SHIPPED = "0c8f260776ce26d3"
"""The card data of version 0.1.0, whose saves name none (they were written before
fingerprints): a save without one was played under this set."""


@functools.cache
def _fingerprint_of(folder: str) -> str:
    return fingerprint(Path(folder))


def current() -> str:
    """The fingerprint of the card data this program plays with; "" when it cannot be read
    (loading the cards says what is wrong with them, and blames no save)."""
    try:
        return _fingerprint_of(str(loader.data_dir()))
    except (OSError, FileRefused):
        return ""


def kept_folder(wanted: str) -> Path | None:
    """The folder of the shipped set with fingerprint ``wanted``, or None when this program
    does not have it (a save of a newer version, or a kept set that no longer matches)."""
    if not FINGERPRINT.fullmatch(wanted):
        return None
    folder = loader.data_dir() / SHIPPED / wanted
    try:
        return folder if _fingerprint_of(str(folder)) == wanted else None
    except (OSError, FileRefused):
        return None


def cards_folder(wanted: str) -> str | None:
    """What :func:`~doomlings_access.cards.load_cards` takes as ``folder`` for the set
    ``wanted``: None for the current set (the cards as installed, loaded once for everything),
    the kept copy of another, or raises LookupError when this program does not have it."""
    if wanted == current():
        return None
    folder = kept_folder(wanted)
    if folder is None:
        raise LookupError(wanted)
    return str(folder)


def keep_current() -> Path:
    """Keep the current card data among the sets shipped (before a release that changes it);
    its folder. A set already kept is left as it is."""
    source = loader.data_dir()
    wanted = fingerprint(source)
    folder = source / SHIPPED / wanted
    if kept_folder(wanted) is None:
        folder.mkdir(parents=True, exist_ok=True)
        for name in CARD_FILES:
            shutil.copyfile(source / name, folder / name)
        _fingerprint_of.cache_clear()
    return folder


if __name__ == "__main__":
    print(f"Kept the current card data in {keep_current()}.")
