"""Find cards by name as a person types it: exact, unique prefix, or close misspelling."""

from __future__ import annotations

from typing import Sequence


class UnknownCardError(ValueError):
    """No card has this name; the message suggests the closest names."""

    def __init__(self, typed: str, suggestions: Sequence[str], what: str = "card") -> None:
        hint = f" Did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"no {what} named {typed!r}.{hint}")
        self.typed, self.suggestions = typed, list(suggestions)


def normalise(name: str) -> str:
    """Lower case, straight apostrophes, single spaces; hyphens and spaces alike."""
    text = name.strip().lower().replace("\u2019", "'").replace("-", " ").replace("_", " ")
    return " ".join(text.split())


def _without_the(name: str) -> str:
    return name[4:] if name.startswith("the ") else name


def find_name(typed: str, names: Sequence[str], what: str = "card") -> str:
    """The one name in ``names`` that ``typed`` means, or :class:`UnknownCardError`."""
    wanted = normalise(typed)
    by_norm = {normalise(n): n for n in names}
    if wanted in by_norm:
        return by_norm[wanted]
    bare = {_without_the(k): n for k, n in by_norm.items()}
    if _without_the(wanted) in bare:  # "Big One" for The Big One
        return bare[_without_the(wanted)]
    prefixed = [n for k, n in by_norm.items() if k.startswith(wanted)] if wanted else []
    if len(prefixed) == 1:
        return prefixed[0]
    import difflib  # only for a miss: keeps look-ups quick

    close = difflib.get_close_matches(wanted, list(by_norm), n=3, cutoff=0.6)
    suggestions = prefixed[:5] if prefixed else [by_norm[c] for c in close]
    raise UnknownCardError(typed, suggestions, what)


def _braille_to_label(text: str) -> str | None:
    if not any("\u2800" <= ch <= "\u28ff" for ch in text):
        return None
    try:
        from doomlings_access.braille.labels import unicode_to_label
    except ImportError:
        return None
    try:
        return unicode_to_label(text.strip())
    except (ValueError, KeyError):
        return None


def find_cards(typed: str, cards: Sequence[object]) -> list[object]:
    """Every card ``typed`` may mean: by label (typed, or Unicode braille), name, prefix, or
    a close misspelling. Raises :class:`UnknownCardError` with suggestions when none fits."""
    text = typed.strip()
    label = _braille_to_label(text) or text
    by_label = [c for c in cards if getattr(c, "label", "").lower() == label.lower()]
    if by_label:
        return by_label
    names = [c.name for c in cards]  # type: ignore[attr-defined]
    name = find_name(text, names)
    return [c for c in cards if c.name == name]  # type: ignore[attr-defined]
