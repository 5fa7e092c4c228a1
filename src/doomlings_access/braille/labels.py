"""Deck labels (``dr4``, ``c-2``, ``gX``, ``c ice age``) as the braille stickers show them.

The braille edition writes numbers in Nemeth code: digits are the "dropped" lower-cell digits
(1 is dots 2, 2 is dots 2 3, ...), a minus sign is dots 3 6, letters are the usual letters and
the ``X`` of a variable value is a capital X: the capital indicator, dot 6, then x (a plain x
is a small x in Nemeth, and the cards and the rulebook say X). North American ASCII braille
(BRF) maps ``0-9`` to exactly these lower cells, ``-`` to dots 3 6, ``,`` to dot 6 and ``#``
to the numeric indicator, so a label's BRF is the label in upper case with a ``,`` before its
X (``DR4``, ``C-2``, ``B,X``).

This module has its own 64-character BRF table and needs no liblouis at run time; the tests
check the table and every label against liblouis (``en-us-brf.dis``).

Whether the deck puts a numeric indicator (dots 3 4 5 6) before the value after the colour
letter (``dr#4``) is not yet confirmed against a physical card, so it is a setting:
``numeric_indicator``, default :data:`DEFAULT_NUMERIC_INDICATOR` (no indicator; Nemeth does not
need one after a letter).
"""

from __future__ import annotations

import re

from doomlings_access.safety.text import plain_hyphens

DEFAULT_NUMERIC_INDICATOR = False
"""The project's choice for the open question: no numeric indicator after the colour letter."""

BRAILLE_BASE = 0x2800
NUMERIC_INDICATOR_BRF = "#"
CAPITAL_BRF = ","
"""The capital indicator, dot 6, in BRF: before the X of a variable value."""
NUMERIC_INDICATOR_CELL = "\u283c"  # ⠼ dots 3456
CAPITAL_SIGN_CELL = "\u2820"  # ⠠ dot 6 (UEB capital sign; never on the deck's labels)
GRADE1_CELL = "\u2830"  # ⠰ dots 5 6 (grade 1 indicator a UEB keyboard user may type)
DOT5_CELL = "\u2810"  # ⠐ dot 5: with ⠤ after it, the UEB minus sign
MINUS_CELL = "\u2824"  # ⠤ dots 3 6

# North American ASCII braille: character -> dot numbers.
_BRF_DOTS: dict[str, str] = {
    " ": "",
    "!": "2346",
    '"': "5",
    "#": "3456",
    "$": "1246",
    "%": "146",
    "&": "12346",
    "'": "3",
    "(": "12356",
    ")": "23456",
    "*": "16",
    "+": "346",
    ",": "6",
    "-": "36",
    ".": "46",
    "/": "34",
    "0": "356",
    "1": "2",
    "2": "23",
    "3": "25",
    "4": "256",
    "5": "26",
    "6": "235",
    "7": "2356",
    "8": "236",
    "9": "35",
    ":": "156",
    ";": "56",
    "<": "126",
    "=": "123456",
    ">": "345",
    "?": "1456",
    "@": "4",
    "A": "1",
    "B": "12",
    "C": "14",
    "D": "145",
    "E": "15",
    "F": "124",
    "G": "1245",
    "H": "125",
    "I": "24",
    "J": "245",
    "K": "13",
    "L": "123",
    "M": "134",
    "N": "1345",
    "O": "135",
    "P": "1234",
    "Q": "12345",
    "R": "1235",
    "S": "234",
    "T": "2345",
    "U": "136",
    "V": "1236",
    "W": "2456",
    "X": "1346",
    "Y": "13456",
    "Z": "1356",
    "[": "246",
    "\\": "1256",
    "]": "12456",
    "^": "45",
    "_": "456",
}


def _cell(dots: str) -> str:
    bits = 0
    for dot in dots:
        bits |= 1 << (int(dot) - 1)
    return chr(BRAILLE_BASE + bits)


BRF_TO_CELL: dict[str, str] = {ch: _cell(dots) for ch, dots in _BRF_DOTS.items()}
"""Each of the 64 BRF characters (upper-case letters) to its Unicode braille cell."""
CELL_TO_BRF: dict[str, str] = {cell: ch for ch, cell in BRF_TO_CELL.items()}

NEMETH_DIGITS: dict[str, str] = {d: BRF_TO_CELL[d] for d in "1234567890"}
"""Nemeth dropped digits: 1 ⠂ 2 ⠆ 3 ⠒ 4 ⠲ 5 ⠢ 6 ⠖ 7 ⠶ 8 ⠦ 9 ⠔ 0 ⠴."""

DIGIT_DOTS: dict[str, str] = {d: " ".join(_BRF_DOTS[d]) for d in "1234567890"}
"""Dot numbers of each Nemeth digit, spaced for reading aloud: ``"4" -> "2 5 6"``."""

# UEB / literary digits (upper cell, after a numeric indicator): a-j.
_UPPER_DIGITS = {BRF_TO_CELL[letter]: digit for letter, digit in zip("ABCDEFGHIJ", "1234567890")}


class LabelError(ValueError):
    """A label holds a character that has no braille cell in the deck's code."""


def label_to_brf(label: str, numeric_indicator: bool = DEFAULT_NUMERIC_INDICATOR) -> str:
    """The label in North American ASCII braille, as an embosser prints it: ``dr4 -> DR4``.

    With ``numeric_indicator`` a ``#`` goes before the first digit (``dr4 -> DR#4``,
    ``c-2 -> C-#2``). Raises :class:`LabelError` for a character with no BRF cell.
    """
    out: list[str] = []
    indicated = not numeric_indicator
    for ch in label:
        up = ch.upper()
        if up not in BRF_TO_CELL:
            raise LabelError(f"no braille cell for {ch!r} in label {label!r}")
        if up.isdigit() and not indicated:
            out.append(NUMERIC_INDICATOR_BRF)
            indicated = True
        if ch == "X":  # the capital X of a variable value: the capital indicator first
            out.append(CAPITAL_BRF)
        out.append(up)
    return "".join(out)


def brf_to_unicode(brf: str) -> str:
    """BRF text to Unicode braille with this module's table (lower-case letters accepted)."""
    try:
        return "".join(BRF_TO_CELL[ch.upper()] for ch in brf)
    except KeyError as exc:
        raise LabelError(f"not a BRF character: {exc.args[0]!r}") from None


def unicode_to_brf(text: str) -> str:
    """Unicode braille (6-dot; dots 7 and 8 are dropped) to BRF. Other characters are kept."""
    out = []
    for ch in text:
        if is_braille_char(ch):
            ch = CELL_TO_BRF[chr(BRAILLE_BASE + ((ord(ch) - BRAILLE_BASE) & 0x3F))]
        out.append(ch)
    return "".join(out)


def label_to_unicode(label: str, numeric_indicator: bool = DEFAULT_NUMERIC_INDICATOR) -> str:
    """The label in Unicode braille as on the stickers: ``dr4 -> ⠙⠗⠲``, ``bX -> ⠃⠠⠭``,
    ``c-2 -> ⠉⠤⠆``, ``c ice age -> ⠉⠀⠊⠉⠑⠀⠁⠛⠑``; with ``numeric_indicator``: ``dr4 -> ⠙⠗⠼⠲``."""
    return brf_to_unicode(label_to_brf(label, numeric_indicator))


def is_braille_char(ch: str) -> bool:
    return len(ch) == 1 and BRAILLE_BASE <= ord(ch) <= BRAILLE_BASE + 0xFF


def is_braille(text: str) -> bool:
    """True when the text holds at least one Unicode braille cell (blank cells excepted)."""
    return any(is_braille_char(ch) and ch != "\u2800" for ch in text)


def unicode_to_label(text: str) -> str:
    """A label typed on a braille keyboard (Unicode braille) back to the deck label's spelling.

    Accepts Nemeth dropped digits with or without a numeric indicator (``⠙⠗⠲``, ``⠙⠗⠼⠲``),
    and also literary/UEB digits after a numeric indicator (``⠙⠗⠼⠙`` is ``dr4``) and the UEB
    minus ``⠐⠤``. Capital signs, grade 1 indicators and dots 7 and 8 are ignored; the blank
    cell ``⠀`` is a space. Characters that are
    not braille are kept, lower-cased. The X of a variable-value trait comes back upper case
    (``⠛⠭ -> gX``) so the result matches the card data; everything else is lower case.
    """
    out: list[str] = []
    upper_digits = False  # inside a number written with upper-cell (UEB) digits
    for i, ch in enumerate(text):
        if not is_braille_char(ch):
            out.append(" " if ch.isspace() else ch.lower())
            upper_digits = False
            continue
        cell = chr(BRAILLE_BASE + ((ord(ch) - BRAILLE_BASE) & 0x3F))
        if cell == NUMERIC_INDICATOR_CELL:
            upper_digits = True
            continue
        if cell in (CAPITAL_SIGN_CELL, GRADE1_CELL):
            continue
        if cell == DOT5_CELL and text[i + 1 : i + 2] == MINUS_CELL:
            continue
        if upper_digits and cell in _UPPER_DIGITS:
            out.append(_UPPER_DIGITS[cell])
            continue
        upper_digits = False
        out.append(CELL_TO_BRF[cell].lower())
    label = "".join(out).strip()
    if _is_variable_trait(label):
        label = label[:-1] + "X"
    return label


def _is_variable_trait(label: str) -> bool:
    """``gx`` or ``dgx``: a variable-value trait, whose X the card data writes in capital."""
    body = label.removeprefix("d")
    return len(body) == 2 and body[0] in "bcgpry" and body[1] == "x"


def brf_to_label(brf: str) -> str:
    """A label typed in BRF (``DR4``, ``DR#4``, ``c-2``) back to the deck label's spelling."""
    return unicode_to_label(brf_to_unicode(brf))


# Indicators a transcriber puts around a label (and a reader may copy from a sheet), as cells:
# Nemeth switch indicators (opening, terminator, single word) and UEB grade 1 indicators
# (passage, terminator, word, symbol). Longest first, so ⠰⠰⠰ is not read as ⠰⠰ then ⠰.
NEMETH_OPEN_CELLS = "\u2838\u2829"  # ⠸⠩ dots 456 146, BRF _%
NEMETH_CLOSE_CELLS = "\u2838\u2831"  # ⠸⠱ dots 456 156, BRF _:
NEMETH_WORD_CELLS = "\u2838\u2806"  # ⠸⠆ dots 456 23, BRF _2
GRADE1_PASSAGE_CELLS = GRADE1_CELL * 3  # ⠰⠰⠰ BRF ;;;
GRADE1_END_CELLS = GRADE1_CELL + "\u2804"  # ⠰⠄ dots 56 3, BRF ;'
GRADE1_WORD_CELLS = GRADE1_CELL * 2  # ⠰⠰ BRF ;;
_INDICATORS = (
    NEMETH_OPEN_CELLS,
    NEMETH_CLOSE_CELLS,
    NEMETH_WORD_CELLS,
    GRADE1_PASSAGE_CELLS,
    GRADE1_END_CELLS,
    GRADE1_WORD_CELLS,
)
SENTENCE_ENDS = ".,;!?"
"""Punctuation typed after a label as after a word; no label ends with it."""
MAX_TYPED = 80
"""Longer input is not a label: it is not read as braille at all."""


def _without_indicators(cells: str) -> str:
    """Cells with switch and grade 1 indicators dropped; a lone ⠰ (grade 1 symbol) is
    dropped by :func:`unicode_to_label` itself."""
    for indicator in _INDICATORS:
        cells = cells.replace(indicator, "\u2800")
    words = "".join("\u2800" if ch.isspace() else ch for ch in cells).split("\u2800")
    return "\u2800".join(word for word in words if word)


TRAIT_LABEL = r"d?[bcgpry]{1,2}(?:-?[0-9]+|x)"
"""A trait's label: d for dominant, colour letters, a value or X. Such a label is Nemeth code;
any other label (a catastrophe's ``c ice age``) is words in uncontracted braille."""


def is_trait_label(label: str) -> bool:
    return re.fullmatch(TRAIT_LABEL, label, re.IGNORECASE) is not None
NEMETH_OPEN_BRF, NEMETH_CLOSE_BRF = "_%", "_:"
GRADE1_PASSAGE_BRF, GRADE1_END_BRF, GRADE1_WORD_BRF = ";;;", ";'", ";;"


def transcribed_brf(label: str, numeric_indicator: bool = DEFAULT_NUMERIC_INDICATOR) -> str:
    """A label in BRF as a transcriber writes it inside contracted UEB text, so that it reads
    back as the label and not as contractions.

    A trait label is Nemeth code between the opening Nemeth code indicator and the Nemeth code
    terminator, each set off by a space: ``_% DR4 _:``. A catastrophe label is uncontracted
    (grade 1): a grade 1 passage for three words or more (``;;;C ICE AGE;'``), else a grade 1
    word indicator before each word (``;;C ;;RETROVIRUS``).
    """
    brf = label_to_brf(label, numeric_indicator)
    if is_trait_label(label):
        return f"{NEMETH_OPEN_BRF} {brf} {NEMETH_CLOSE_BRF}"
    words = brf.split()
    if len(words) >= 3:
        return f"{GRADE1_PASSAGE_BRF}{' '.join(words)}{GRADE1_END_BRF}"
    return " ".join(GRADE1_WORD_BRF + word for word in words)


def read_typed_label(typed: str) -> str | None:
    """The deck label a braille user typed, in any of the ways they may type it; else None.

    Accepts Unicode braille (Nemeth or UEB digits, with or without a numeric indicator) and
    BRF ASCII in any case (``DR4``, ``dr#4``, ``DR#D``, ``C"-#B``), with or without the
    indicators a transcriber writes around a label (``_% DR4 _:``, ``;;;C ICE AGE;'``).
    Text that is neither (a name with letters outside BRF, say) gives None. The result is
    spelt as the card data spells labels, to be compared without regard to case.
    """
    text = plain_hyphens(typed.strip())
    if not text or len(text) > MAX_TYPED:
        return None
    if not is_braille(text):
        # a full stop or comma typed after a label ends a sentence ("dc4." found nothing)
        text = text.rstrip(SENTENCE_ENDS).rstrip() or text
        if any(ch != " " and ch.upper() not in BRF_TO_CELL for ch in text):
            return None
        text = brf_to_unicode(text)
    elif any(not is_braille_char(ch) and not ch.isspace() for ch in text):
        return None  # braille mixed with print: not a label
    label = unicode_to_label(_without_indicators(text))
    return " ".join(label.split()) or None
