"""Turn deck labels into words for speech.

Printed text keeps the deck's labels (``dr4``); a speech engine reads ``dr4`` as
"doctor four", so spoken text expands each whole label token into words.
"""

from __future__ import annotations

import re

COLOUR_WORDS = {
    "b": "blue",
    "g": "green",
    "p": "purple",
    "r": "red",
    "c": "colourless",
}

# A label: optional d (dominant), a colour letter, then a value or X.
LABEL_RE = re.compile(r"^(d?)([bgprc])(-?\d+|[Xx])$")

# Punctuation that may surround a label and is kept as it is.
_SPLIT_RE = re.compile(r"^([(\[{\"'\u2018\u201c]*)(.*?)([)\]}\"'\u2019\u201d.,;:!?]*)$", re.DOTALL)
_TOKEN_RE = re.compile(r"\S+")


def label_words(label: str) -> str | None:
    """``dr4`` -> ``dominant red 4``; None when ``label`` is not a deck label."""
    match = LABEL_RE.match(label)
    if match is None:
        return None
    dominant, colour, value = match.groups()
    if value in ("X", "x"):
        value_words = "X"
    elif value.startswith("-"):
        value_words = "minus " + value[1:]
    else:
        value_words = value
    words = [COLOUR_WORDS[colour], value_words]
    if dominant:
        words.insert(0, "dominant")
    return " ".join(words)


def _expand_token(match: re.Match[str]) -> str:
    token = match.group(0)
    split = _SPLIT_RE.match(token)
    if split is None:  # pragma: no cover - the pattern matches any string
        return token
    before, core, after = split.groups()
    words = label_words(core)
    if words is None:
        return token
    return f"{before}{words}{after}"


def speakable(text: str) -> str:
    """Expand every whole-token deck label in ``text`` into words.

    ``"Ben plays dr4."`` -> ``"Ben plays dominant red 4."``; ``c-2`` -> ``colourless minus 2``;
    ``gX`` -> ``green X``. Punctuation around a label is kept; other words are unchanged.
    """
    return _TOKEN_RE.sub(_expand_token, text)
