"""The one sanitiser for text from outside, name checks, and numbers parsed within bounds.

A terminal obeys control characters: ESC starts sequences that set the window title, write
the clipboard (OSC 52) or clear the screen, a newline starts a line that looks like a real
announcement, bidirectional overrides reorder what a sighted helper reads. A speech engine
may read them out as noise, or not at all: "Ana" with a zero-width space, a soft hyphen or a
byte-order mark inside is read as "Ana". So anything that did not come from the program
itself (a name, a line from a file, a typed answer) goes through :func:`clean` before it is
printed, spoken or logged: each such character is shown as ``?`` and the length is capped.
"""

from __future__ import annotations

import re
import unicodedata

TYPE_CHECKING = False  # neither typing nor logging is imported: ``doomlings card`` starts quickly
if TYPE_CHECKING:
    from collections.abc import Collection, Sequence
    from logging import LogRecord
    from typing import Any

MAX_TEXT = 4000
"""Longest message printed or spoken at once (speech engines are given at most this much)."""
MAX_SHOWN = 200
"""Longest piece of outside text quoted back in a message (a typed line, a file's field)."""
MAX_NAME = 30
"""Longest player name."""
MAX_MARKS = 3
"""Most accents one letter of a name may carry: Vietnamese stacks two (ệ); fifteen on one
letter are a screen reader's noise, not a name."""
MAX_DIGITS = 9
"""Most digits a typed number may have: every number the game asks for is far smaller, and
Python refuses to convert more than 4,300 digits at all."""

_INVISIBLE_PRINTABLE = re.compile(
    "["
    "\u034f"  # combining grapheme joiner
    "\u115f\u1160\u3164\uffa0"  # Hangul fillers: letters that print as nothing
    "\u17b4\u17b5"  # Khmer inherent vowels, never shown
    "\u180b-\u180f"  # Mongolian variation selectors
    "\ufe00-\ufe0f\U000e0100-\U000e01ef"  # variation selectors
    "]"
)
"""Invisible characters Python counts as printable (Unicode's default-ignorable marks and
letters): :func:`clean` shows them as ``?`` as it does controls and format characters."""


def _visible(ch: str) -> str:
    """What :func:`clean` prints for a character Python does not count as printable: a space
    for a tab or another script's space, ``?`` for the rest (controls, format characters such
    as zero-width spaces and joiners, soft hyphens, byte-order marks, bidirectional marks,
    line separators, lone surrogates, private-use and unassigned code points)."""
    return " " if ch == "\t" or unicodedata.category(ch) == "Zs" else "?"


def clean(text: str, limit: int = MAX_TEXT) -> str:
    """``text`` safe to print, speak or log: every control, format or otherwise invisible
    character shown as ``?`` (a tab as a space), at most ``limit`` characters (longer text
    ends with ``...``). A listener hears a "question mark" where a sighted reader would see
    nothing: "A?na" says why a name that sounds like "Ana" was refused."""
    if len(text) > limit:
        text = text[: max(limit - 3, 0)] + "..."
    if not text.isprintable():  # (the quick test: most text is printable throughout)
        text = "".join(ch if ch.isprintable() else _visible(ch) for ch in text)
    return _INVISIBLE_PRINTABLE.sub("?", text)


_DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2212\ufe63\uff0d", "-"))


def plain_hyphens(text: str) -> str:
    """``text`` with every dash and minus sign as ``-``: a braille keyboard's back-translation
    types c−2 (a minus sign) and an editor c–2 (an en dash) for the label c-2."""
    return text.translate(_DASHES)


def shown(text: str, limit: int = MAX_SHOWN) -> str:
    """Outside text quoted in a message: cleaned and short."""
    return clean(text, limit)


def has_unsafe(text: str) -> bool:
    """True if ``text`` holds anything :func:`clean` would change (other than its length)."""
    return not text.isprintable() or _INVISIBLE_PRINTABLE.search(text) is not None


class CleanLogRecords:
    """Logged messages quote what speech engines and libraries printed: clean them too.

    (A log filter only needs this ``filter`` method; it is not a ``logging.Filter`` so that
    this module, which every command uses, does not import logging.)"""

    def filter(self, record: LogRecord) -> bool:
        record.msg = clean(record.getMessage())
        record.args = None
        return True


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


def player_named(typed: str, names: Sequence[str]) -> int | None:
    """The place in ``names`` of the one player ``typed`` names whole, compared by
    :func:`name_key`, or None: the one way a name written in a file or an option (a position's
    ``turn``, ``scenario --as``, a score file's answers) is matched, so that "zoe", "ZOE" and
    a decomposed "Zoë" all find Zoë wherever they are typed."""
    wanted = name_key(typed)
    return next((i for i, name in enumerate(names) if name_key(name) == wanted), None)


_SPOOF: list[object] = []  # ICU's spoof checker, made on first use (importing ICU takes a while)
_WRITTEN, _FOLDED = "\x00w", "\x00f"
"""What begins each kind of :func:`alike_keys` key: a control character, which no name (so no
:func:`name_key`) holds, so the keys can share a set with names' keys."""


def _skeleton(text: str) -> str:
    """Unicode's confusable skeleton of ``text`` (UTS #39), from ICU's spoof checker."""
    if not _SPOOF:
        import icu  # type: ignore[import-untyped]

        _SPOOF.append(icu.SpoofChecker())
    checker: Any = _SPOOF[0]
    return str(checker.getSkeleton(0, text))


def alike_keys(name: str) -> frozenset[str]:
    """What two names are told apart by to the eye: two names look alike when they share a
    key. The keys are Unicode's confusable skeletons (UTS #39, from ICU's spoof checker) of
    the name as written, and of it as :func:`name_key` gives it (in one case, accents left
    out). "Аna" written with a Cyrillic А and "Ana" share a skeleton, as "Веn" and "Ben", and
    "0tto", "оtto" and "Otto" do: a braille display shows them alike, and a screen reader may
    read them alike or spell one out letter by letter, so two seats so named cannot be told
    apart. Both keys are needed: a capital В looks like B where the small в does not, and the
    skeleton maps some small letters to capitals (0 to O), hence the case folded again."""
    return frozenset((_WRITTEN + _skeleton(tidy_name(name)), _FOLDED + _skeleton(name_key(name)).casefold()))


def _most_marks(text: str) -> int:
    """The most accents (combining marks) stacked on one letter of ``text``."""
    most = run = 0
    for ch in unicodedata.normalize("NFD", text):
        run = run + 1 if unicodedata.combining(ch) else 0
        most = max(most, run)
    return most


class NameRefused(ValueError):
    """A player name that cannot be used; the message says why in one line. ``seat``: which
    name of :func:`check_names`'s list it is (from 0), for the caller's field
    (``players[1].name``, ``name 2``)."""

    def __init__(self, why: str, seat: int = 0) -> None:
        super().__init__(why)
        self.seat = seat


def check_name(
    name: str, reserved: Collection[str] = (), limit: int = MAX_NAME, cards: Collection[str] = (), alike: bool = True
) -> str:
    """The name, trimmed, or :class:`NameRefused` saying why not.

    Refused: empty names, names with control or invisible characters or with more than
    :data:`MAX_MARKS` accents on a letter, names longer than ``limit``, names that are
    numbers (heard as a count, or typed, a choice), names in ``reserved`` (the words the
    prompt answers to, like ``h`` or ``quit``), compared in lower case, and names in
    ``cards`` (the cards' names and labels as :func:`name_key` gives them: "Tiny plays Tiny,
    db17" cannot be followed by ear, and "p Tiny" would mean two things).
    """
    raw = name.strip()
    if not raw:
        raise NameRefused("a name cannot be empty")
    if has_unsafe(raw):  # before spaces are tidied: a newline is no space
        raise NameRefused(f'"{shown(raw, 40)}" has control or invisible characters; use letters')
    if _most_marks(raw) > MAX_MARKS:
        raise NameRefused(f"a name has at most {MAX_MARKS} accents on a letter; more are read as noise")
    trimmed = tidy_name(raw)
    quoted = f'"{shown(trimmed, 40)}"'
    if len(trimmed) > limit:
        raise NameRefused(f"{quoted} is longer than {limit} characters")
    if trimmed.replace(" ", "").isnumeric():
        raise NameRefused(f"{quoted} is a number, heard as a count or a choice, not a name; use a word")
    if trimmed.lower() in reserved:
        raise NameRefused(f"{quoted} is also a command at the prompt; choose another name")
    if name_key(trimmed) in cards:
        raise NameRefused(f"{quoted} is the name or label of a card; choose another name")
    if cards and alike and any(key in cards for key in alike_keys(trimmed)):
        raise NameRefused(f"{quoted} looks like the name or label of a card; choose another name")
    if not any(ch.isalnum() for ch in trimmed):  # a blank braille cell is not a letter
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


def check_names(
    names: Sequence[str],
    reserved: Collection[str] = (),
    cards: Collection[str] = (),
    humans: Collection[int] | None = (),
    limit: int = MAX_NAME,
    alike: bool = True,
) -> list[str]:
    """A game's player names, each tidied, or :class:`NameRefused` for the first that cannot
    be used, with its ``seat``: the one check of ``--names``, the new-game questions, saves,
    position and score files. Beyond :func:`check_name`, two names a listener cannot tell
    apart (Zoë and Zoe) are refused, and "You" for anyone but the one person of ``humans``
    playing alone (``humans`` None: not known yet, the caller checks it later), and two names
    that look alike (:func:`alike_keys`: "Аna" in Cyrillic beside "Ana"), unless ``alike`` is
    false (a save: its game is under way, and a check added since it began cannot end it)."""
    tidied: list[str] = []
    heard: dict[str, str] = {}
    seen: dict[str, str] = {}
    for seat, name in enumerate(names):
        try:
            tidy = check_name(name, reserved, limit, cards, alike)
        except NameRefused as exc:
            raise NameRefused(str(exc), seat) from None
        same = heard.get(name_key(tidy))
        if same is not None:
            raise NameRefused(f'"{shown(tidy, 40)}" sounds the same as "{shown(same, 40)}"; give each player another name', seat)
        looks = alike_keys(tidy) if alike else frozenset[str]()
        other = next((seen[key] for key in looks if key in seen), None)
        if other is not None:
            raise NameRefused(
                f'"{shown(tidy, 40)}" looks like "{shown(other, 40)}" (letters of another alphabet or '
                "digits that look the same); give each player another name", seat,
            )
        heard[name_key(tidy)] = tidy
        seen.update(dict.fromkeys(looks, tidy))
        tidied.append(tidy)
    you = you_name_problem(tidied, humans) if humans is not None else None
    if you is not None:
        raise NameRefused(you[1], you[0])
    return tidied


def whole_number(text: str, low: int, high: int) -> int | None:
    """The number typed (plain ASCII digits, at most :data:`MAX_DIGITS`) if it lies from
    ``low`` to ``high``; None otherwise, so the caller says so and asks again."""
    typed = text.strip()
    if not (typed.isascii() and typed.isdigit()) or len(typed) > MAX_DIGITS:
        return None
    value = int(typed)
    return value if low <= value <= high else None
