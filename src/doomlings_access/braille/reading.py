"""Read a BRF sheet back to print, as a braille reader does, with liblouis doing the braille.

liblouis translates contracted UEB back to print, but it does not know the code switches a
transcriber puts around Nemeth material, nor UEB's grade 1 passage terminator. This module
splits the sheet at those indicators, as a reader's eye does, and hands each passage to the
liblouis table for its code:

- contracted UEB text: ``en-ueb-g2.ctb``;
- grade 1 (uncontracted) passages and words: ``en-ueb-g1.ctb``;
- Nemeth passages (the card labels): ``en-us-comp6.ctb``. For what a label holds (letters, the
  dropped digits, the minus sign, the numeric indicator) Nemeth's cells are those of computer
  braille, so liblouis's computer braille table reads them exactly; no liblouis table reads
  Nemeth as a whole.

The tests and ``doomlings braille-ref --check`` use it to show that every card's name and
label survive reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from doomlings_access.braille import louis
from doomlings_access.braille.labels import (
    BRF_TO_CELL,
    GRADE1_END_BRF,
    GRADE1_PASSAGE_BRF,
    GRADE1_WORD_BRF,
    NEMETH_CLOSE_BRF,
    NEMETH_OPEN_BRF,
    is_braille,
    unicode_to_brf,
)

UEB = "ueb"
GRADE1 = "grade1"
NEMETH = "nemeth"
TABLES = {UEB: "en-ueb-g2.ctb", GRADE1: "en-ueb-g1.ctb", NEMETH: "en-us-comp6.ctb"}


def sheet_text(brf: str) -> str:
    """A BRF file's text on one line: pages joined, page-number lines dropped, lines joined
    with single spaces (runover indentation removed)."""
    pages = brf.replace("\r\n", "\n").split("\f")
    words: list[str] = []
    for page in pages:
        lines = page.split("\n")
        if len(lines) > 1:
            lines = lines[:-1]  # the last line of a page carries only its number
        for line in lines:
            words.extend(line.split())
    return " ".join(words)


def passages(text: str) -> list[tuple[str, str]]:
    """``(code, braille)`` runs of a BRF text, split at the transcriber's indicators."""
    out: list[tuple[str, str]] = []

    def add(code: str, word: str) -> None:
        if not word:
            return
        if out and out[-1][0] == code:
            out[-1] = (code, f"{out[-1][1]} {word}")
        else:
            out.append((code, word))

    code = UEB
    for word in text.split():
        if code == NEMETH:
            if word.startswith(NEMETH_CLOSE_BRF):
                code = UEB
                add(UEB, word[len(NEMETH_CLOSE_BRF) :])  # punctuation after the label
            else:
                add(NEMETH, word)
            continue
        if code == GRADE1:
            end = word.find(GRADE1_END_BRF)
            if end < 0:
                add(GRADE1, word)
            else:
                add(GRADE1, word[:end])
                add(UEB, word[end + len(GRADE1_END_BRF) :])
                code = UEB
            continue
        if word == NEMETH_OPEN_BRF:
            code = NEMETH
        elif word.startswith(GRADE1_PASSAGE_BRF):
            code = GRADE1
            rest = word[len(GRADE1_PASSAGE_BRF) :]
            end = rest.find(GRADE1_END_BRF)
            if end >= 0:  # a one-word passage
                add(GRADE1, rest[:end])
                add(UEB, rest[end + len(GRADE1_END_BRF) :])
                code = UEB
            else:
                add(GRADE1, rest)
        elif word.startswith(GRADE1_WORD_BRF):
            add(GRADE1, word[len(GRADE1_WORD_BRF) :])
        else:
            add(UEB, word)
    return out


def read_brf(brf: str) -> str:
    """The print a reader gets back from BRF text (a whole sheet or one paragraph)."""
    text = sheet_text(brf) if "\f" in brf else " ".join(brf.split())
    read = [_nemeth(run) if code == NEMETH else louis.back_translate(run, table=TABLES[code])
            for code, run in passages(text)]
    return _tidy(" ".join(read))


def _nemeth(run: str) -> str:
    """A Nemeth passage read back: computer braille's cells, but dot 6 before a letter is
    Nemeth's capital indicator (the X of a variable value), which computer braille reads as a
    comma. Computer braille reads a cell a character, so each capital goes back in its place."""
    capitals: list[int] = []
    plain: list[str] = []
    for i, ch in enumerate(run):
        if ch == "," and run[i + 1 : i + 2].isalpha():
            capitals.append(len(plain))
            continue
        plain.append(ch)
    read = louis.back_translate("".join(plain), table=TABLES[NEMETH])
    if len(read) != len(plain):
        return read
    return "".join(ch.upper() if i in capitals else ch for i, ch in enumerate(read))


def _tidy(text: str) -> str:
    """Single spaces; no space before punctuation that followed a label's terminator."""
    text = " ".join(text.split())
    for mark in ",.;:)":
        text = text.replace(f" {mark}", mark)
    return text


@dataclass(frozen=True)
class Readback:
    """Which cards read back from the sheets with their name and their label."""

    checked: int
    failed: list[str]

    @property
    def passed(self) -> int:
        return self.checked - len(self.failed)

    def line(self) -> str:
        return (
            f"{self.passed} of {self.checked} cards read back from card_list.brf "
            "with their name and label."
        )


def expected_readings(card: Any) -> list[str]:
    """What a reader must find in the card list for this card: its entry, and its line of
    the index by label (both name and label; an age's label is its name)."""
    if card.kind == "trait":
        return [f"{card.label} {card.name}", f"{card.label}: {card.name}, page"]
    if card.kind == "catastrophe":
        return [f"{card.name}, label {card.label}", f"{card.label}: {card.name}, page"]
    return [card.name, f"{card.name}, page"]


def check_readback(card_list_brf: str, cards: list[Any]) -> Readback:
    """Back-translate the card list with liblouis and look for every card in it. A numeric
    indicator before a label's value is no character of it (DR#4 is dr4; liblouis's Nemeth
    table gives it back as ``#``)."""
    read = re.sub(r"#(?=\d)", "", normalised(read_brf(card_list_brf)))
    failed = [
        card.name
        for card in cards
        if not all(normalised(want) in read for want in expected_readings(card))
    ]
    return Readback(len(cards), failed)


def normalised(text: str) -> str:
    """Case and curly apostrophes do not count."""
    return " ".join(text.replace("\u2019", "'").lower().split())


_PRINT_IN_NAMES = frozenset(" -'")
"""What a card's name holds besides letters: typed text with any other sign is braille (BRF)."""


def read_typed_braille(typed: str) -> str | None:
    """The print a braille user means by what they typed in contracted braille (UEB grade 2,
    as most readers type): Unicode braille cells, or BRF with braille's signs (``;C ! BIG "O``
    for c the big one); None for print, or when liblouis cannot be used. Only a look-up that
    found nothing else asks this (liblouis is slow to load)."""
    text = " ".join(typed.split())
    if is_braille(text):
        brf = unicode_to_brf(text)
    elif text and all(ch.upper() in BRF_TO_CELL for ch in text if ch != " ") and any(
        not ch.isalpha() and ch not in _PRINT_IN_NAMES for ch in text
    ):
        brf = text.upper()
    else:
        return None
    if not louis.available():
        return None
    read = normalised(read_brf(brf))
    return read if read and read != text.lower() else None
