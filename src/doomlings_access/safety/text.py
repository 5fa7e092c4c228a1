"""The one sanitiser for text from outside, name checks, and numbers parsed within bounds.

A terminal obeys control characters: ESC starts sequences that set the window title, write
the clipboard (OSC 52) or clear the screen, a newline starts a line that looks like a real
announcement, bidirectional overrides reorder what a sighted helper reads. A speech engine
may read them out as noise. So anything that did not come from the program itself (a name,
a line from a file, a typed answer) goes through :func:`clean` before it is printed, spoken
or logged: each such character is shown as ``?`` and the length is capped.
"""

from __future__ import annotations

import re
import unicodedata

TYPE_CHECKING = False  # neither typing nor logging is imported: ``doomlings card`` starts quickly
if TYPE_CHECKING:
    from collections.abc import Collection, Sequence
    from logging import LogRecord

MAX_TEXT = 4000
"""Longest message printed or spoken at once (speech engines are given at most this much)."""
MAX_SHOWN = 200
"""Longest piece of outside text quoted back in a message (a typed line, a file's field)."""
MAX_NAME = 30
"""Longest player name."""
MAX_DIGITS = 9
"""Most digits a typed number may have: every number the game asks for is far smaller, and
Python refuses to convert more than 4,300 digits at all."""

_UNSAFE = re.compile(
    "["
    "\x00-\x1f\x7f-\x9f"  # C0 controls (ESC, newline, bell...), DEL and C1 controls (CSI, OSC)
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional marks, embeddings, overrides
    "\u2028\u2029"  # line and paragraph separators
    "\ud800-\udfff"  # lone surrogates (undecodable bytes): cannot be printed or spoken
    "]"
)


def clean(text: str, limit: int = MAX_TEXT) -> str:
    """``text`` safe to print, speak or log: every control character, bidirectional override,
    line separator and lone surrogate shown as ``?`` (a tab as a space), at most ``limit``
    characters (longer text ends with ``...``)."""
    if len(text) > limit:
        text = text[: max(limit - 3, 0)] + "..."
    return _UNSAFE.sub(lambda m: " " if m.group() == "\t" else "?", text)


def shown(text: str, limit: int = MAX_SHOWN) -> str:
    """Outside text quoted in a message: cleaned and short."""
    return clean(text, limit)


def has_unsafe(text: str) -> bool:
    """True if ``text`` holds anything :func:`clean` would change (other than its length)."""
    return _UNSAFE.search(text) is not None


class CleanLogRecords:
    """Logged messages quote what speech engines and libraries printed: clean them too.

    (A log filter only needs this ``filter`` method; it is not a ``logging.Filter`` so that
    this module, which every command uses, does not import logging.)"""

    def filter(self, record: LogRecord) -> bool:
        record.msg = clean(record.getMessage())
        record.args = None
        return True


BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters that print as nothing (Hangul fillers) and the blank braille cell."""


def tidy_name(name: str) -> str:
    """One form of each letter (a composed é and an e with an accent added are one name) and
    single spaces: "Ana  Bel" could never be typed back as it was shown."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def name_key(name: str) -> str:
    """What two names are compared by: ``José`` however its accent was typed, ``Straße``
    and ``STRASSE``, and ``Zoë`` and ``Zoe`` are the same name (a screen reader says them
    alike, and a listener types what they heard)."""
    folded = unicodedata.normalize("NFKD", tidy_name(name).casefold())
    return unicodedata.normalize("NFC", "".join(ch for ch in folded if not unicodedata.combining(ch)))


def players_named(typed: str, names: Sequence[str]) -> list[int]:
    """The places in ``names`` of the player ``typed`` means: the name itself (without its
    accents or case: "zoe" is Zoë), else every name it begins."""
    keys, wanted = [name_key(n) for n in names], name_key(typed)
    return [i for i, n in enumerate(keys) if n == wanted] or [i for i, n in enumerate(keys) if n.startswith(wanted)]


class NameRefused(ValueError):
    """A player name that cannot be used; the message says why in one line."""


def check_name(name: str, reserved: Collection[str] = (), limit: int = MAX_NAME) -> str:
    """The name, trimmed, or :class:`NameRefused` saying why not.

    Refused: empty names, names with control or invisible characters, names longer than
    ``limit``, names that are numbers (a number chooses an option) and names in ``reserved``
    (the words the prompt answers to, like ``h`` or ``quit``), compared in lower case.
    """
    raw = name.strip()
    if not raw:
        raise NameRefused("a name cannot be empty")
    if has_unsafe(raw) or not raw.isprintable():  # before spaces are tidied: a newline is no space
        raise NameRefused(f'"{shown(raw, 40)}" has control or invisible characters; use letters')
    trimmed = tidy_name(raw)
    quoted = f'"{shown(trimmed, 40)}"'
    if len(trimmed) > limit:
        raise NameRefused(f"{quoted} is longer than {limit} characters")
    if trimmed.replace(" ", "").isnumeric():
        raise NameRefused(f"{quoted} is a number, and numbers choose options; use a word")
    if trimmed.lower() in reserved:
        raise NameRefused(f"{quoted} is also a command at the prompt; choose another name")
    if not any(ch.isalnum() and ch not in BLANK_LOOKING for ch in trimmed):
        raise NameRefused(f"{quoted} has no letter or digit that can be seen; use letters")
    if "," in trimmed:
        raise NameRefused(f"{quoted} has a comma, which separates names; leave it out")
    return trimmed


YOU = frozenset(("you", "your", "yours"))
"""Names only the one person playing alone may have (the game's default for them): told to
anyone else, "You plays" would name the wrong player."""


def you_name_problem(names: Sequence[str], humans: Collection[int]) -> tuple[int, str] | None:
    """The first seat named like "You" that is not the one person of a game played alone,
    and why; None when there is none."""
    for seat, name in enumerate(names):
        if name.strip().lower() in YOU and not (len(humans) == 1 and seat in humans):
            return seat, f'"{shown(name.strip(), 40)}" is how the game speaks to the person playing alone; choose another name'
    return None


def whole_number(text: str, low: int, high: int) -> int | None:
    """The number typed (plain ASCII digits, at most :data:`MAX_DIGITS`) if it lies from
    ``low`` to ``high``; None otherwise, so the caller says so and asks again."""
    typed = text.strip()
    if not (typed.isascii() and typed.isdigit()) or len(typed) > MAX_DIGITS:
        return None
    value = int(typed)
    return value if low <= value <= high else None
