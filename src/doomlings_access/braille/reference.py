"""The braille reference files in ``braille_ref/``, generated from ``card_data/``.

Three documents, each as plain text (``.txt``) and as embosser-ready BRF (``.brf``):

- ``worlds_end``: the World's End reference sheet (the effect the braille cards do not carry),
  with a section for the catastrophes that read differently in the other printing;
- ``label_key``: what the deck's braille labels mean, the Nemeth digits, and the numeric
  indicator setting;
- ``card_list``: every trait, age and catastrophe.

plus ``README.txt``. Documents are built once as blocks (headings and entries made of text and
label segments) and rendered twice:

- plain text: UTF-8, lines of at most :data:`CELLS` characters, no indentation, no tables, one
  card per short paragraph, blank lines between paragraphs;
- BRF: contracted UEB from liblouis (``en-ueb-g2.ctb`` in ``en-us-brf.dis``), wrapped at
  :data:`CELLS` cells, :data:`LINES` lines a page with the braille page number at the right of
  the last line, CR LF line ends and a form feed at the end of each page. Labels are not
  translated: they are their Nemeth cells (:func:`~doomlings_access.braille.labels.label_to_brf`).
  An entry starts at cell 1; its further paragraphs and runover lines start at cell 3.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from doomlings_access.braille import louis
from doomlings_access.braille.labels import (
    DEFAULT_NUMERIC_INDICATOR,
    DIGIT_DOTS,
    NEMETH_CLOSE_BRF,
    NEMETH_OPEN_BRF,
    brf_to_unicode,
    is_trait_label,
    label_to_brf,
    label_to_unicode,
    transcribed_brf,
)
from doomlings_access.cards.describe import KIND_WORDS
from doomlings_access.cards.loader import EDITIONS, load_cards
from doomlings_access.cards.model import (
    COLOURS,
    AgeDef,
    CardSet,
    CatastropheDef,
    TraitDef,
)
from doomlings_access.safety.files import FileRefused, check_target, read_bounded, write_atomic

MAX_SHEET_BYTES = 4 * 1024 * 1024
"""Largest reference file read back by a check (the card list is about 30 kB)."""

CELLS = 40
"""Cells per braille line, and characters per line of the plain text files."""
LINES = 25
"""Lines per braille page, the page-number line included."""
BODY_LINES = LINES - 1
RUNOVER = 2
"""Runover lines and an entry's later paragraphs start at cell 3."""
KEEP_TOGETHER = 8
"""An entry of at most this many braille lines is not split across pages."""

STEMS = ("worlds_end", "label_key", "card_list")
README = "README.txt"
EDITION_NAMES = {"retail": "retail printing", "first": "first printing (Kickstarter)"}


# --- the document model -------------------------------------------------------------------


@dataclass(frozen=True)
class Label:
    """A deck label: ``dr4`` in the text file, its Nemeth cells in the BRF file.

    ``show_cells`` also shows the Unicode braille in the text file: ``dr4 (⠙⠗⠲)``.
    """

    text: str
    show_cells: bool = False


@dataclass(frozen=True)
class Cells:
    """Braille cells given as BRF: shown as Unicode braille in the text file, as is in BRF."""

    brf: str


@dataclass(frozen=True)
class Dots:
    """Dot numbers: ``dots 2 5 6`` in the text file (read digit by digit), ``dots 256`` in BRF."""

    numbers: str


@dataclass(frozen=True)
class Together:
    """Words kept on one line, in both files: an index entry's "page 12" (the page number was
    left alone at the start of a runover line)."""

    text: str


Segment = str | Label | Cells | Dots | Together
Paragraph = tuple[Segment, ...]


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class Entry:
    """One card or one point: paragraphs read together (the first starts at cell 1).

    ``key`` (a card's id) lets the index by label give the braille page the entry starts on.
    """

    paragraphs: tuple[Paragraph, ...]
    key: str | None = None


@dataclass(frozen=True)
class Note:
    """A transcriber's note: in the BRF only, between the transcriber's note indicators."""

    paragraphs: tuple[Paragraph, ...]


Block = Heading | Entry | Note


@dataclass(frozen=True)
class Document:
    stem: str
    title: str
    blocks: tuple[Block, ...]
    brf: bool = True


def _entry(*paragraphs: str | Segment | Paragraph, key: str | None = None) -> Entry:
    out: list[Paragraph] = []
    for p in paragraphs:
        out.append(p if isinstance(p, tuple) else (p,))
    return Entry(tuple(out), key)


TN_OPEN, TN_CLOSE = "@.<", "@.>"
"""UEB transcriber's note indicators: dots 4, 4 6, 1 2 6 and dots 4, 4 6, 3 4 5."""


def _transcribers_note(nemeth: bool = True) -> Note:
    """What the indicators around labels mean: on the first page of every sheet with labels.
    A sheet with no trait label (the World's End sheet: catastrophes only) has no Nemeth, and
    its note says nothing of it (it carried the Nemeth note with no Nemeth on it)."""
    catastrophes: Paragraph = (
        ("Catastrophe labels are uncontracted. A label of three words or more follows "
        "the grade 1 passage indicator,"),
        Dots("56"),
        ",",
        Dots("56"),
        ",",
        Dots("56"),
        ", and ends with the grade 1 terminator,",
        Dots("56"),
        ",",
        Dots("3"),
        ". In a shorter label each word follows the grade 1 word indicator,",
        Dots("56"),
        ",",
        Dots("56"),
        ".",
    )
    if not nemeth:
        return Note(((f"Transcriber's note: {catastrophes[0]}", *catastrophes[1:]),))
    return Note(
        (
            (
                ("Transcriber's note: card labels are in Nemeth code, as on the deck. Each "
                "trait label, and each braille cell shown as an example, stands between the "
                "opening Nemeth code indicator,"),
                Dots("456"),
                ",",
                Dots("146"),
                ", and the Nemeth code terminator,",
                Dots("456"),
                ",",
                Dots("156"),
                ".",
            ),
            catastrophes,
        )
    )


# --- wording ------------------------------------------------------------------------------


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _colour_words(colours: tuple[str, ...]) -> str:
    return _sentence(" and ".join(colours))


def _gene_pool_change(change: int) -> str:
    if change == 0:
        return "unchanged"
    return f"{'plus' if change > 0 else 'minus'} {abs(change)}"


def _gene_pool_words(change: int) -> str:
    return f"Gene pool: {_gene_pool_change(change)}."


def _trait_entry(t: TraitDef) -> Entry:
    if t.face is None:
        value = "variable value X, which counts 0 as face value"
    else:
        value = f"face value {t.face}" if t.face >= 0 else f"face value minus {-t.face}"
    facts = f"{_colour_words(t.colours)}, {value}{', dominant' if t.dominant else ''}."
    if t.copies > 1:
        facts += f" {t.copies} copies."
    if t.has_effect:
        kinds = " and ".join(KIND_WORDS[k] for k in KIND_WORDS if k in t.kinds)
        effect = f"{_sentence(kinds)}: {t.text}"
    else:
        effect = t.text
    return _entry((Label(t.label), t.name), facts, effect, key=t.id)


def _age_entry(a: AgeDef) -> Entry:
    paragraphs: list[str] = [a.name]
    if a.birth_of_life:
        paragraphs.append("Starts the game, on top of the age pile.")
    elif not a.in_deck:
        paragraphs.append("Not in the default age deck.")
    paragraphs.append(a.text)
    return _entry(*paragraphs, key=a.id)


def _catastrophe_name(c: CatastropheDef) -> Paragraph:
    return (f"{c.name}, label", Label(c.label))


def _catastrophe_entry(c: CatastropheDef) -> Entry:
    return _entry(
        _catastrophe_name(c),
        _gene_pool_words(c.gene_pool),
        f"Catastrophic effect: {c.catastrophic_text}",
        f"World's End: {c.worlds_end_text}",
        key=c.id,
    )


def _other(edition: str) -> str:
    return next(e for e in EDITIONS if e != edition)


_Card = TypeVar("_Card", TraitDef, AgeDef, CatastropheDef)


def _by_name(cards: Iterable[_Card]) -> list[_Card]:
    return sorted(cards, key=lambda c: c.name.lower())


def _differs(a: object, b: object, fields: tuple[str, ...]) -> bool:
    return any(getattr(a, f) != getattr(b, f) for f in fields)


_TRAIT_FIELDS = ("name", "colours", "face", "dominant", "copies", "label", "kinds", "text")
_AGE_FIELDS = ("name", "text", "in_deck")
_CATASTROPHE_FIELDS = ("name", "label", "gene_pool", "catastrophic_text", "worlds_end_text")


# --- the documents ------------------------------------------------------------------------


def _worlds_end(cards: CardSet, other: CardSet) -> Document:
    printing, other_printing = EDITION_NAMES[cards.edition], EDITION_NAMES[other.edition]
    catastrophes = _by_name(cards.catastrophes.values())
    blocks: list[Block] = [
        _transcribers_note(nemeth=False),
        _entry(
            f"The {len(catastrophes)} catastrophes of the {printing}, in alphabetical order. "
            "The World's End effect is not on the braille cards. It counts only for the third "
            "catastrophe, which ends the world: first its gene pool and catastrophic effects, "
            "then each player's World's End traits, then this World's End effect."
        ),
        Heading("Catastrophes"),
    ]
    for c in catastrophes:
        blocks.append(
            _entry(
                _catastrophe_name(c),
                f"World's End: {c.worlds_end_text}",
                f"On the card: gene pool {_gene_pool_change(c.gene_pool)}. "
                f"Catastrophic effect: {c.catastrophic_text}",
            )
        )
    changed = [
        (c, other.catastrophes[c.id])
        for c in catastrophes
        if c.id in other.catastrophes
        and _differs(c, other.catastrophes[c.id], _CATASTROPHE_FIELDS)
    ]
    if changed:
        blocks.append(Heading(f"The {other_printing}"))
        blocks.append(
            _entry(
                f"In the {other_printing} these {len(changed)} catastrophes read differently. "
                "Only what differs is given here."
            )
        )
        for c, o in changed:
            paragraphs: list[str | Paragraph] = [_catastrophe_name(o)]
            if o.worlds_end_text != c.worlds_end_text:
                paragraphs.append(f"World's End: {o.worlds_end_text}")
            if o.gene_pool != c.gene_pool:
                paragraphs.append(_gene_pool_words(o.gene_pool))
            if o.catastrophic_text != c.catastrophic_text:
                paragraphs.append(f"Catastrophic effect: {o.catastrophic_text}")
            blocks.append(_entry(*paragraphs))
    return Document("worlds_end", "Doomlings World's End reference sheet", tuple(blocks))


def _numeric_indicator_choice(numeric_indicator: bool) -> str:
    if numeric_indicator:
        return (
            "These files use the numeric indicator: it is written before the value, after "
            "the colour letter."
        )
    return (
        "These files use no numeric indicator after the colour letter, as Nemeth needs none "
        "there. This is the project's default."
    )


def _label_key(numeric_indicator: bool) -> Document:
    def lab(text: str) -> Label:
        return Label(text, show_cells=True)

    example = label_to_brf("dr4", numeric_indicator=False)
    with_indicator = label_to_brf("dr4", numeric_indicator=True)
    blocks: list[Block] = [
        _transcribers_note(),
        _entry(
            "Each trait card carries a short braille label, read from left to right. "
            "Labels are in Nemeth code, as on the deck; all other text in these files is "
            "contracted UEB. In the embosser files each label stands between Nemeth code "
            "indicators, as the transcriber's note explains."
        ),
        Heading("Parts of a trait label"),
        _entry("d first: a dominant trait. A label without d is not dominant."),
        _entry(
            "Then the colour letter: b blue, g green, r red, y yellow, p purple, "
            "c colourless. Colourless is not a colour for any effect that counts colours."
        ),
        _entry(
            (
                "Then the value in Nemeth digits. A minus sign,",
                Dots("36"),
                ", comes before a negative value.",
            )
        ),
        _entry(
            ("X, a capital X (the capital indicator,", Dots("6"), ", then x): a variable value. "
             "It counts 0 as face value; the card's effect gives its points.")
        ),
        Heading("Examples"),
        _entry((lab("db17"), "dominant blue, value 17.")),
        _entry((lab("r5"), "red, value 5.")),
        _entry((lab("c-2"), "colourless, value minus 2.")),
        _entry((lab("gX"), "green, variable value.")),
        Heading("Other cards"),
        _entry(
            (
                "Catastrophe labels begin with c, then the name, for example",
                lab("c ice age"),
            ),
            "Do not confuse them with colourless traits: on a colourless trait the c is "
            "followed by a value or X.",
        ),
        _entry("Age cards carry their name on a braille sticker on the back."),
        _entry("Gene pool cards show plain numbers, without numeric indicators."),
        Heading("Nemeth digits"),
    ]
    blocks.append(
        _entry(
            "Each digit is a lower cell. Standing alone, as below, a number follows the numeric "
            "indicator; in a label, after the colour letter, it needs none."
        )
    )
    names = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "zero"]
    for digit, name in zip("1234567890", names):
        dots = DIGIT_DOTS[digit].replace(" ", "")
        blocks.append(_entry((f"{_sentence(name)}:", Dots(dots), ", alone", Cells(f"#{digit}"))))
    blocks.append(_entry(("Minus sign:", Dots("36"), ", cell", Cells("-"))))
    blocks.append(_entry(("Numeric indicator:", Dots("3456"), ", cell", Cells("#"))))
    blocks.append(_entry(("Capital indicator, before the X of a variable value:", Dots("6"), ", cell", Cells(","))))
    blocks.append(Heading("The numeric indicator"))
    blocks.append(
        _entry(
            "Nemeth puts the numeric indicator before a number at the start of a line or "
            "after a space, but not after a letter. So dominant red 4 may be written",
            (Cells(example), "or, with the numeric indicator,", Cells(with_indicator)),
            "We have not yet checked this against a physical card, so both are offered: "
            "doomlings braille-ref --numeric-indicator writes these files with it. "
            + _numeric_indicator_choice(numeric_indicator),
            "When you look up a card by its braille label, either way is understood.",
        )
    )
    return Document("label_key", "Doomlings braille label key", tuple(blocks))


def _card_list(cards: CardSet, other: CardSet) -> Document:
    printing, other_printing = EDITION_NAMES[cards.edition], EDITION_NAMES[other.edition]
    traits = list(cards.traits.values())
    blocks: list[Block] = [
        _transcribers_note(),
        _entry(
            f"The {printing}: {len(traits)} traits ({sum(t.copies for t in traits)} cards), "
            f"{len(cards.ages)} ages counting The Birth of Life, and "
            f"{len(cards.catastrophes)} catastrophes. Traits are listed by colour, then by "
            "name; each begins with its label. The last section is an index by label."
        ),
    ]
    for colour in COLOURS:
        group = _by_name(t for t in traits if t.colours[0] == colour)
        if group:
            blocks.append(Heading(f"{_sentence(colour)} traits"))
            blocks.extend(_trait_entry(t) for t in group)
    blocks.append(Heading("Ages"))
    blocks.append(_entry("Age cards carry their name on a braille sticker on the back."))
    ages = sorted(cards.ages.values(), key=lambda a: (not a.birth_of_life, a.name.lower()))
    blocks.extend(_age_entry(a) for a in ages)
    blocks.append(Heading("Catastrophes"))
    blocks.extend(_catastrophe_entry(c) for c in _by_name(cards.catastrophes.values()))

    changed: list[Entry] = []
    for t in _by_name(traits):
        o = other.traits.get(t.id)
        if o is not None and _differs(t, o, _TRAIT_FIELDS):
            changed.append(_unkeyed(_trait_entry(o)))
    for a in ages:
        age = other.ages.get(a.id)
        if age is not None and _differs(a, age, _AGE_FIELDS):
            changed.append(_unkeyed(_age_entry(age)))
    for c in _by_name(cards.catastrophes.values()):
        cat = other.catastrophes.get(c.id)
        if cat is not None and _differs(c, cat, _CATASTROPHE_FIELDS):
            changed.append(_unkeyed(_catastrophe_entry(cat)))
    if changed:
        blocks.append(Heading(f"The {other_printing}"))
        blocks.append(
            _entry(
                f"These {len(changed)} cards read differently in the {other_printing}. "
                "Each is given in full as in that printing."
            )
        )
        blocks.extend(changed)
    return Document("card_list", f"Doomlings card list, {printing}", tuple(blocks))


def _unkeyed(entry: Entry) -> Entry:
    return Entry(entry.paragraphs)


def _label_order(label: str) -> tuple[str, int, float, str]:
    """Traits by colour letter, plain before dominant, then by value (X last)."""
    dominant = label.startswith("d") and is_trait_label(label)
    rest = label[1:] if dominant else label
    colour = rest[:1]
    value = rest[1:]
    number = float("inf") if value.lower() == "x" else float(value)
    return (colour, int(dominant), number, label)


def _index(cards: CardSet, pages: dict[str, int]) -> list[Block]:
    """The index by label: label, name and braille page of every card of the list."""
    traits = sorted(cards.traits.values(), key=lambda t: (_label_order(t.label), t.name))
    blocks: list[Block] = [
        Heading("Index by label"),
        _entry(
            "Every card of this printing by its label: trait labels by colour letter, then "
            "value; then the catastrophes, whose labels begin with c and a space; then the "
            "ages, which carry their name. Page numbers are the braille pages of "
            "card_list.brf."
        ),
    ]
    blocks.extend(_entry((Label(t.label), f": {t.name},", Together(f"page {pages[t.id]}"))) for t in traits)
    blocks.extend(
        _entry((Label(c.label), f": {c.name},", Together(f"page {pages[c.id]}")))
        for c in _by_name(cards.catastrophes.values())
    )
    blocks.extend(_entry((f"{a.name},", Together(f"page {pages[a.id]}"))) for a in _by_name(cards.ages.values()))
    return blocks


def _readme(edition: str, numeric_indicator: bool) -> Document:
    blocks: list[Block] = [
        _entry(
            "These files are made from the card data by the command doomlings braille-ref. "
            "Do not edit them by hand. The command doomlings braille-ref --check reports any "
            "file that is missing or out of date."
        ),
        Heading("The files"),
        _entry(
            "worlds_end.txt and worlds_end.brf: the World's End reference sheet for all "
            "15 catastrophes, the effect that is not printed on the braille cards. Each "
            "catastrophe gives its World's End effect first, then what is on the card. A "
            "last section gives the catastrophes that read differently in the other printing."
        ),
        _entry(
            "label_key.txt and label_key.brf: what the braille labels on the cards mean, the "
            "Nemeth digits, and the numeric indicator setting."
        ),
        _entry(
            "card_list.txt and card_list.brf: every trait with its label, name, colour, value, "
            "whether it is dominant, and its effect; every age; every catastrophe. Then the "
            "cards that read differently in the other printing, and last an index by label "
            "that gives each card's name and braille page."
        ),
        _entry(f"All three are for the {EDITION_NAMES[edition]}."),
        Heading("Plain text"),
        _entry(
            "The .txt files are UTF-8 plain text for a braille display or a screen reader: "
            f"lines of at most {CELLS} characters, one card to a short paragraph, a blank line "
            "between paragraphs, no tables. The label key also shows labels in Unicode braille."
        ),
        Heading("BRF"),
        _entry(
            "The .brf files are ready to emboss: North American ASCII braille, contracted "
            "Unified English Braille made with liblouis (tables en-ueb-g2.ctb and "
            f"en-us-brf.dis). {CELLS} cells a line and {LINES} lines a page; the braille page "
            f"number is at the right of line {LINES}. Lines end in CR LF and each page ends "
            "with a form feed. An entry starts at cell 1; its further lines start at cell 3."
        ),
        _entry(
            (
                ("Card labels are not translated to UEB: they are written in the Nemeth cells "
                "of the deck's stickers, so dr4 is the cells d, r and the Nemeth 4,"),
                Dots("256"),
                (". As a transcriber marks them, each trait label stands between the opening "
                "Nemeth code indicator and the Nemeth code terminator, and each catastrophe "
                "label is in grade 1 (uncontracted) between grade 1 indicators, so a reader "
                "reads the label and not contractions (liblouis reads it back so too, a passage "
                "at a time with the table the indicators name, as braille-ref --check does). A "
                "transcriber's note on the first page of each sheet says so."),
            )
        ),
        _entry(
            "The files were made with liblouis 3.24 as in Debian 12. Another liblouis version "
            "may contract a few words differently; the check then reports the .brf files as "
            "out of date, and running doomlings braille-ref again brings them up to date."
        ),
        Heading("The numeric indicator"),
        _entry(
            (
                ("The rulebook of the braille edition says numbers are in Nemeth code, but not "
                "whether a numeric indicator,"),
                Dots("3456"),
                ", stands between the colour letter and the value: dr4 or dr#4. We have not "
                "yet checked a physical card. "
                + _numeric_indicator_choice(numeric_indicator)
                + " doomlings braille-ref --numeric-indicator writes them with it, and "
                "braille-ref --check --numeric-indicator checks such files; the look-up "
                "understands labels typed either way.",
            )
        ),
    ]
    return Document("README", "Braille reference files for the Doomlings braille deck",
                    tuple(blocks), brf=False)


def documents(
    edition: str = "retail",
    numeric_indicator: bool = DEFAULT_NUMERIC_INDICATOR,
    cards_folder: str | None = None,
) -> list[Document]:
    """Every document of ``braille_ref/``, README last."""
    cards = load_cards(edition, cards_folder)
    other = load_cards(_other(edition), cards_folder)
    card_list = _card_list(cards, other)
    pages = _layout(card_list, numeric_indicator)[1]  # the index is last: no page moves
    card_list = Document(
        card_list.stem, card_list.title, (*card_list.blocks, *_index(cards, pages))
    )
    return [
        _worlds_end(cards, other),
        _label_key(numeric_indicator),
        card_list,
        _readme(edition, numeric_indicator),
    ]


# --- plain text ---------------------------------------------------------------------------


_NO_BREAK = "\u00a0"  # keeps a label's words on one line of the text file while wrapping


def _join(parts: list[str]) -> str:
    """Join segments with a space, but none before a segment that starts with punctuation."""
    out = ""
    for part in parts:
        out += part if not out or part[:1] in ",.;:)" else " " + part
    return out


def paragraph_text(paragraph: Paragraph) -> str:
    """One paragraph as plain text: labels as typed (``dr4``), cells as Unicode braille."""
    return _join([_plain(seg) for seg in paragraph]).replace(_NO_BREAK, " ")


def paragraph_reading(paragraph: Paragraph) -> str:
    """What a reader gets back from a paragraph's BRF: labels and cells as print (``dr4``,
    ``dr#4``), dot numbers as written in braille (``dots 256``), text as it is."""
    parts = []
    for seg in paragraph:
        if isinstance(seg, Together):
            parts.append(seg.text)
        elif isinstance(seg, Label):
            parts.append(seg.text)
        elif isinstance(seg, Cells):
            parts.append(seg.brf.lower())
        elif isinstance(seg, Dots):
            parts.append(f"dots {seg.numbers}")
        else:
            parts.append(seg)
    return _join(parts)


def _plain(seg: Segment) -> str:
    if isinstance(seg, Together):
        return seg.text.replace(" ", _NO_BREAK)
    if isinstance(seg, Label):
        text = f"{seg.text} ({label_to_unicode(seg.text)})" if seg.show_cells else seg.text
        return text.replace(" ", _NO_BREAK)
    if isinstance(seg, Cells):
        return brf_to_unicode(seg.brf)
    if isinstance(seg, Dots):
        return "dots" + _NO_BREAK + _NO_BREAK.join(seg.numbers)
    return seg


def _wrap_text(text: str) -> list[str]:
    lines = textwrap.wrap(text, CELLS, break_long_words=True, break_on_hyphens=False)
    return [line.replace(_NO_BREAK, " ") for line in lines] or [""]


def render_text(doc: Document) -> str:
    lines = _wrap_text(doc.title)
    for block in doc.blocks:
        if isinstance(block, Note):
            continue  # about the braille indicators: the text file has none
        lines.append("")
        if isinstance(block, Heading):
            lines.extend(_wrap_text(block.text))
        else:
            for paragraph in block.paragraphs:
                lines.extend(_wrap_text(_join([_plain(seg) for seg in paragraph])))
    return "\n".join(lines) + "\n"


# --- BRF ----------------------------------------------------------------------------------


def _tokens(paragraph: Paragraph, numeric_indicator: bool) -> list[str]:
    """BRF words of a paragraph; a label stays one token (it may hold spaces).

    Consecutive text segments are translated together; labels and cells are inserted as
    their BRF between the translated runs of text.
    """
    tokens: list[str] = []
    text: list[str] = []
    after_label = False  # punctuation right after a label is written against its terminator

    def flush() -> None:
        nonlocal after_label
        if text:
            words = louis.translate(_join(text)).split()
            if after_label and words and text[0][:1] in ",.;:)":
                tokens[-1] += words.pop(0)
            tokens.extend(words)
            text.clear()
        after_label = False

    for seg in paragraph:
        if isinstance(seg, Label):
            flush()
            tokens.append(transcribed_brf(seg.text, numeric_indicator))
            after_label = True
        elif isinstance(seg, Cells):
            flush()
            tokens.append(f"{NEMETH_OPEN_BRF} {seg.brf} {NEMETH_CLOSE_BRF}")
            after_label = True
        elif isinstance(seg, Dots):
            text.append(f"dots {seg.numbers}")
        elif isinstance(seg, Together):
            flush()
            tokens.append(" ".join(louis.translate(seg.text).split()))
        else:
            text.append(seg)
    flush()
    return tokens


def paragraph_brf(paragraph: Paragraph, numeric_indicator: bool = DEFAULT_NUMERIC_INDICATOR) -> str:
    """One paragraph in BRF on a single line (text in contracted UEB, labels as Nemeth cells)."""
    return " ".join(_tokens(paragraph, numeric_indicator))


def _wrap_brf(tokens: list[str], first_indent: int, indent: int) -> list[str]:
    lines: list[str] = []
    line = " " * first_indent
    empty = True
    for token in tokens:
        pieces = token.split(" ") if len(token) > CELLS - indent else [token]
        for piece in pieces:
            while True:
                need = len(piece) + (0 if empty else 1)
                if len(line) + need <= CELLS:
                    line += piece if empty else " " + piece
                    empty = False
                    break
                if empty:  # longer than a whole line: split it hard
                    room = CELLS - len(line)
                    lines.append(line + piece[:room])
                    piece = piece[room:]
                else:
                    lines.append(line)
                line, empty = " " * indent, True
    if not empty:
        lines.append(line)
    return lines


def _centred(text: str) -> list[str]:
    wrapped = _wrap_brf(text.split(), 0, 0)
    return [" " * ((CELLS - len(line)) // 2) + line for line in wrapped]


def _page_number(n: int) -> str:
    number = louis.translate(str(n))
    return " " * (CELLS - len(number)) + number


NOTE_FIRST, NOTE_RUNOVER = 6, 4
"""A transcriber's note starts each paragraph in cell 7, its runover lines in cell 5 (BANA's
7-5 margins; it started in cell 1 like an entry)."""


def _note_lines(note: Note, numeric_indicator: bool) -> list[str]:
    """A transcriber's note: its first word after the opening indicator, its last before
    the closing one, as UEB writes them, in 7-5 margins."""
    out: list[str] = []
    last = len(note.paragraphs) - 1
    for i, paragraph in enumerate(note.paragraphs):
        tokens = _tokens(paragraph, numeric_indicator)
        if i == 0:
            tokens[0] = TN_OPEN + tokens[0]
        if i == last:
            tokens[-1] += TN_CLOSE
        out.extend(_wrap_brf(tokens, NOTE_FIRST, NOTE_RUNOVER))
    return out


def _layout(
    doc: Document, numeric_indicator: bool = DEFAULT_NUMERIC_INDICATOR
) -> tuple[list[list[str]], dict[str, int]]:
    """The document's braille pages (body lines only) and the page each keyed entry starts on."""
    pages: list[list[str]] = [[]]
    starts: dict[str, int] = {}

    def room() -> int:
        return BODY_LINES - len(pages[-1])

    def put(line: str) -> None:
        if room() == 0:
            pages.append([])
        if line or pages[-1]:  # no blank line at the top of a page
            pages[-1].append(line)

    def entry_lines(entry: Entry) -> list[str]:
        out: list[str] = []
        for i, paragraph in enumerate(entry.paragraphs):
            tokens = _tokens(paragraph, numeric_indicator)
            out.extend(_wrap_brf(tokens, 0 if i == 0 else RUNOVER, RUNOVER))
        return out

    def block_lines(block: Block) -> list[str]:
        if isinstance(block, Heading):
            return _centred(louis.translate(block.text))
        if isinstance(block, Note):
            return _note_lines(block, numeric_indicator)
        return entry_lines(block)

    for line in _centred(louis.translate(doc.title)):
        put(line)
    rendered = [block_lines(b) for b in doc.blocks]
    for i, (block, lines) in enumerate(zip(doc.blocks, rendered)):
        if isinstance(block, Heading):
            following = rendered[i + 1] if i + 1 < len(rendered) else []
            need = (1 if pages[-1] else 0) + len(lines) + 1 + min(2, len(following))
            if need > room():
                pages.append([])
            put("")
            for line in lines:
                put(line)
            put("")
        else:
            if len(lines) > room() and (len(lines) <= KEEP_TOGETHER or room() < 2):
                pages.append([])
            for n, line in enumerate(lines):
                put(line)
                if n == 0 and isinstance(block, Entry) and block.key is not None:
                    starts[block.key] = len(pages)
    if not pages[-1]:
        pages.pop()
    return pages, starts


def render_brf(doc: Document, numeric_indicator: bool = DEFAULT_NUMERIC_INDICATOR) -> str:
    """The document as BRF: :data:`CELLS` cells a line, :data:`LINES` lines a page."""
    out = []
    for n, page in enumerate(_layout(doc, numeric_indicator)[0], start=1):
        body = page + [""] * (BODY_LINES - len(page))
        out.append("\r\n".join(body + [_page_number(n)]) + "\f")
    return "".join(out)


# --- files --------------------------------------------------------------------------------


def render_reference(
    edition: str = "retail",
    numeric_indicator: bool = DEFAULT_NUMERIC_INDICATOR,
    cards_folder: str | None = None,
) -> dict[str, bytes]:
    """Every file of ``braille_ref/`` by name, rendered in memory. Needs liblouis."""
    louis.load()  # fail early with the install hint
    files: dict[str, bytes] = {}
    for doc in documents(edition, numeric_indicator, cards_folder):
        files[f"{doc.stem}.txt"] = render_text(doc).encode("utf-8")
        if doc.brf:
            files[f"{doc.stem}.brf"] = render_brf(doc, numeric_indicator).encode("ascii")
    return files


def write_reference(
    folder: Path,
    edition: str = "retail",
    numeric_indicator: bool = DEFAULT_NUMERIC_INDICATOR,
    cards_folder: str | None = None,
) -> list[Path]:
    """Write every file into ``folder`` (the ``braille_ref`` folder itself; created if need be).

    Returns the paths written. Raises :class:`~doomlings_access.braille.louis.LiblouisMissing`
    when liblouis is not installed, and :class:`~doomlings_access.safety.files.FileRefused`
    when a file's place is taken by a link, a FIFO or a device (never written through).
    """
    folder = Path(folder)
    files = render_reference(edition, numeric_indicator, cards_folder)
    for name in files:  # every place checked first: a refusal leaves the old set whole
        check_target(folder / name)
    written = []
    for name, data in files.items():
        path = folder / name
        write_atomic(path, data, make_folder=True, durable=False)
        written.append(path)
    return written


def _same(a: bytes, b: bytes) -> bool:
    """Equal content; a checkout that changed line ends (CR LF or LF) is not stale."""
    return a.replace(b"\r\n", b"\n") == b.replace(b"\r\n", b"\n")


def check_reference(
    folder: Path,
    edition: str = "retail",
    numeric_indicator: bool = DEFAULT_NUMERIC_INDICATOR,
    cards_folder: str | None = None,
) -> list[str]:
    """Names of the files in ``folder`` that are missing or stale (empty when all are current)."""
    folder = Path(folder)
    problems = []
    for name, data in render_reference(edition, numeric_indicator, cards_folder).items():
        try:  # within bounds: a FIFO, a device or a huge file is stale, never waited on
            current = read_bounded(folder / name, MAX_SHEET_BYTES)
        except (OSError, FileRefused):
            problems.append(name)
            continue
        if not _same(current, data):
            problems.append(name)
    return problems


def default_folder() -> Path:
    """``braille_ref`` of the source checkout when running from one, else of the current folder."""
    root = Path(__file__).resolve().parents[3]
    if (root / "pyproject.toml").is_file() and (root / "card_data").is_dir():
        return root / "braille_ref"
    return Path.cwd() / "braille_ref"
