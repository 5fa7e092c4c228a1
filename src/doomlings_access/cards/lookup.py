"""Find cards by name as a person types it: exact, unique prefix, or close misspelling.

This module knows card names and labels as plain text only. A label typed in braille (Unicode
braille, or BRF ASCII with its indicators) is turned into plain text by the caller's
``read_label`` function (``doomlings_access.braille.labels.read_typed_label``), so the card
layer imports nothing else of the package.
"""

from __future__ import annotations

import re
import unicodedata

from collections.abc import Callable, Sequence

from doomlings_access.safety.text import plain_hyphens

TYPE_CHECKING = False  # typing itself is not imported: look-ups start quickly
if TYPE_CHECKING:
    from typing import Any

MAX_SUGGESTIONS = 5
CLOSE_ENOUGH = 0.6
"""How alike (0 to 1, difflib's ratio) a misspelling and a name must be to be suggested."""
SAME_LETTERS = 0.9
"""The score of a name with exactly the typed letters in another order (``Tyni``, ``Tiny``)."""

LabelReader = Callable[[str], "str | None"]


class UnknownCardError(ValueError):
    """No card has this name, or (``several``) more than one begins with it; the message
    offers the closest names, numbered from 1, to be picked by number at a prompt."""

    def __init__(self, typed: str, suggestions: Sequence[str], what: str = "card", beginning: Sequence[str] = ()) -> None:
        # Quoted as typed (whoever prints it shows control characters as "?"; a repr showed
        # them as escapes, "\x1b[2J", unlike every other quoted text).
        self.shown = typed if len(typed) <= 40 else typed[:37] + "..."
        self.typed, self.suggestions, self.what = typed, list(suggestions), what
        self.beginning = list(beginning)
        """Every name that begins with what was typed, when more than one does."""
        self.several = bool(self.beginning)
        hint = f" Did you mean: {numbered(suggestions)}?" if suggestions else ""
        super().__init__(f"{self.problem()}.{hint}")

    def problem(self) -> str:
        if self.several:
            return f"more than one {self.what} begins with '{self.shown}'"
        return f"no {self.what} named '{self.shown}'"

    def in_a_file(self) -> str:
        """The same, for a file, where no number can be typed: the names in words."""
        hint = f"; did you mean {join_or(self.suggestions)}?" if self.suggestions else ""
        return f"{self.problem()}{hint}"


def join_or(names: Sequence[str]) -> str:
    """``Kidney, Tiny or Spiny``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def numbered(names: Sequence[str]) -> str:
    """``1. Tiny, 2. Tiny Little Melons``: a choice read out in one line."""
    return ", ".join(f"{n}. {name}" for n, name in enumerate(names, 1))


def normalise(name: str) -> str:
    """Lower case, straight apostrophes, single spaces; hyphens and spaces alike; no accents
    (a listener types "tiny" or "tíny" for what they heard); British spelling as American
    ("Pack Behaviour", as other Doomlings tools and players write it)."""
    text = plain_hyphens(name.strip().lower()).replace("\u2019", "'").replace("-", " ").replace("_", " ")
    if not text.isascii():
        text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return " ".join(text.split()).replace("iour", "ior").replace("colour", "color")


_ARTWORK = re.compile(r"\s*\([^()]*\)$")
"""A bracketed word after a name, as other tools tell the copies of one trait apart."""


def _without_the(name: str) -> str:
    return name.removeprefix("the ")


def _likeness(typed: str, name: str) -> float:
    """How alike a typed word and a name are: difflib's ratio, or :data:`SAME_LETTERS` for
    the same letters in another order (two letters swapped, as fast typing does)."""
    import difflib  # only for a miss: keeps look-ups quick

    letters = typed.replace(" ", "")
    if len(letters) > 2 and sorted(letters) == sorted(name.replace(" ", "")):
        return SAME_LETTERS
    return max(
        difflib.SequenceMatcher(None, typed, name).ratio(),
        difflib.SequenceMatcher(None, typed, _without_the(name)).ratio(),
    )


LONGEST = 60
"""Longer than any card's name: a longer word is compared with none (difflib's cost grows
with its square: 200,000 typed characters took 13 seconds)."""


def suggestions(typed: str, names: Sequence[str]) -> list[str]:
    """The names a misspelt ``typed`` may mean, closest first (at most five)."""
    wanted = normalise(typed)
    if not wanted or len(wanted) > LONGEST:
        return []
    scored = [(_likeness(wanted, normalise(n)), n) for n in names]
    close = sorted((s for s in scored if s[0] >= CLOSE_ENOUGH), key=lambda s: -s[0])
    return [name for _, name in close[:MAX_SUGGESTIONS]]


def find_name(typed: str, names: Sequence[str], what: str = "card") -> str:
    """The one name in ``names`` that ``typed`` means, or :class:`UnknownCardError`."""
    wanted = normalise(typed)
    by_norm = {normalise(n): n for n in names}
    if wanted in by_norm:
        return by_norm[wanted]
    bare = {_without_the(k): n for k, n in by_norm.items()}
    if _without_the(wanted) in bare:  # "Big One" for The Big One
        return bare[_without_the(wanted)]
    named = _ARTWORK.sub("", wanted)  # "Swarm (Fur)": a copy named by its artwork
    if named != wanted and _without_the(named) in bare:
        return bare[_without_the(named)]
    prefixed = [n for k, n in by_norm.items() if k.startswith(wanted)] if wanted else []
    if len(prefixed) == 1:
        return prefixed[0]
    offered = prefixed[:MAX_SUGGESTIONS] if prefixed else suggestions(typed, names)
    raise UnknownCardError(typed, offered, what, beginning=prefixed)


def _labels_of(typed: str, read_label: LabelReader | None) -> list[str]:
    """The labels ``typed`` may be: as typed, and as ``read_label`` reads it (braille, BRF);
    then each without its spaces, as a braille user may type a trait's label cell by cell
    (``c x`` for cX, ``db 17``): no trait's label has a space, and no name is so short."""
    out = [" ".join(plain_hyphens(typed).split()).lower()]
    if read_label is not None:
        read = read_label(typed)
        if read and read.lower() not in out:
            out.append(read.lower())
    for label in list(out):
        joined = label.replace(" ", "")
        if joined not in out:
            out.append(joined)
    return out


def find_cards(
    typed: str, cards: Sequence[Any], read_label: LabelReader | None = None,
    read_braille: LabelReader | None = None,
) -> list[Any]:
    """Every card ``typed`` may mean: by label (as typed, or as ``read_label`` reads it),
    name, prefix, or a close misspelling; when none fits, as ``read_braille`` reads it
    (contracted braille typed: ``⠞⠔⠽`` is Tiny). Raises :class:`UnknownCardError` with
    suggestions when none fits. Cards need only ``name`` and ``label``."""
    text = typed.strip()
    labels = _labels_of(text, read_label)
    for label in labels:
        by_label = [c for c in cards if c.label.lower() == label]
        if by_label:
            return by_label
    for label in labels:  # the start of a catastrophe's label, as of a name: "c mega"
        if label.startswith("c ") and len(label) > 2:
            started = [c for c in cards if " " in c.label and c.label.lower().startswith(label)]
            if started:
                return started
    try:
        name = find_name(text, [c.name for c in cards])
    except UnknownCardError as exc:
        if exc.several:  # every card whose name begins so fits: "self" is three traits
            return [c for n in exc.beginning for c in cards if c.name == n]
        read = read_braille(text) if read_braille is not None else None
        if read:
            try:
                return find_cards(read, cards, read_label)
            except UnknownCardError:
                pass
        raise
    return [c for c in cards if c.name == name]
