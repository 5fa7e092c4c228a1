"""Turn deck labels into words for speech.

Printed text keeps the deck's labels (``dr4``); a speech engine reads ``dr4`` as "doctor
four", so spoken text says what a label means:

- a trait label, in any case, with a possessive or punctuation around it: ``dr4's`` is
  "dominant red 4's"; a negative value is said as a word, ``c-2`` is "colourless minus 2",
  never left to a screen reader's punctuation level;
- a catastrophe label, ``c ice age``: "catastrophe ice age" (after the word "label", as it
  is written: "label c ice age");
- a label shown in Unicode braille (``⠙⠗⠲``) is said like the label it shows;
- a label quoted as text, the example in an instruction (``a label like "db17"``), is what
  to type, so it is spelt out: "d b 1 7", ``c-2`` "c minus 2".

Speech knows neither the braille tables nor the card data (it sits below both): the program
tells it, once, how to read braille cells and which catastrophe labels exist
(:func:`configure`, called by ``doomlings_access.app``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable

COLOUR_WORDS = {
    "b": "blue",
    "g": "green",
    "p": "purple",
    "r": "red",
    "y": "yellow",
    "c": "colourless",
}

# A trait label: optional d (dominant), one or two colour letters, then a value or X.
LABEL_RE = re.compile(r"^(d?)([bgprcy]{1,2})(-?[0-9]+|x)$", re.IGNORECASE)
_TRAIT_IN_TEXT = re.compile(
    r"(?<![\w\-])(d?[bgprcy]{1,2}(?:-?[0-9]+|x))(?=(?:['\u2019]s)?(?![\w\-]))", re.IGNORECASE
)
_QUOTED = re.compile(r"([\"'`\u2018\u201c])(d?[bgprcy]{1,2}(?:-?[0-9]+|x))([\"'`\u2019\u201d])",
                     re.IGNORECASE)
_BRAILLE_RUN = re.compile("[\u2801-\u28ff][\u2800-\u28ff]*")
_SPELLING = {"-": "minus", "#": "number sign"}
"""The signs of a label spelt out: its hyphen is a minus sign (c-2 is "c minus 2", typed with
the minus key; "c dash 2" named a key no label has)."""


def label_words(label: str) -> str | None:
    """``dr4`` -> ``dominant red 4``; None when ``label`` is not a trait label."""
    match = LABEL_RE.match(label)
    if match is None:
        return None
    dominant, colours, value = match.groups()
    if value in ("X", "x"):
        value_words = "X"
    elif value.startswith("-"):
        value_words = "minus " + value[1:]
    else:
        value_words = value
    words = [" and ".join(COLOUR_WORDS[c] for c in colours.lower()), value_words]
    if dominant:
        words.insert(0, "dominant")
    return " ".join(words)


def spelt(label: str) -> str:
    """A label letter by letter, as it is typed: ``db17`` -> ``d b 1 7``."""
    return " ".join(_SPELLING.get(ch, ch) for ch in label)


_known: dict[str, object] = {"braille": None, "catastrophes": ()}


def configure(
    read_braille: Callable[[str], str] | None, catastrophe_labels: Iterable[str]
) -> None:
    """How to read a label shown in Unicode braille, and the catastrophe labels to expand."""
    _known["braille"] = read_braille
    _known["catastrophes"] = tuple(sorted(set(catastrophe_labels), key=len, reverse=True))
    _catastrophe_re.cache_clear()


def catastrophe_labels() -> tuple[str, ...]:
    """The catastrophe labels (``c ice age``) speech expands, longest first."""
    labels = _known["catastrophes"]
    return labels if isinstance(labels, tuple) else ()


@functools.cache
def _catastrophe_re() -> re.Pattern[str] | None:
    labels = catastrophe_labels()
    if not labels:
        return None
    names = "|".join(re.escape(label[2:]) for label in labels if label.startswith("c "))
    return re.compile(rf"(?<![\w\-])(label )?c ({names})(?![\w\-])", re.IGNORECASE)


def _catastrophe(match: re.Match[str]) -> str:
    """``c ice age`` is "catastrophe ice age"; named as a label ("Ice Age, catastrophe, label
    c ice age") it is read as the sticker shows it: "catastrophe" was said twice."""
    if match.group(1):
        return match.group(0)
    return f"catastrophe {match.group(2)}"


def _from_braille(match: re.Match[str]) -> str:
    read = _known["braille"]
    if not callable(read):
        return match.group(0)
    cells = match.group(0).rstrip("\u2800")
    label = str(read(cells))
    if LABEL_RE.match(label) or label.lower() in catastrophe_labels():
        return label + match.group(0)[len(cells) :].replace("\u2800", " ")
    return match.group(0)


def _trait(match: re.Match[str]) -> str:
    return label_words(match.group(1)) or match.group(1)


def speakable(text: str) -> str:
    """Say every deck label in ``text`` as words (see the module's description).

    ``"Ben plays dr4."`` -> ``"Ben plays dominant red 4."``; ``c-2`` -> ``colourless minus 2``;
    ``gX`` -> ``green X``; ``c ice age`` -> ``catastrophe ice age``; ``"db17"`` ->
    ``"d b 1 7"``. Other words are unchanged.
    """
    if any("\u2801" <= ch <= "\u28ff" for ch in text):
        text = _BRAILLE_RUN.sub(_from_braille, text)
    text = _QUOTED.sub(lambda m: f"{m.group(1)}{spelt(m.group(2))}{m.group(3)}", text)
    catastrophe = _catastrophe_re() if re.search(r"\bc ", text, re.IGNORECASE) else None
    if catastrophe is not None:
        text = catastrophe.sub(_catastrophe, text)
    return _TRAIT_IN_TEXT.sub(_trait, text)
