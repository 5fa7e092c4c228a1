"""Braille: deck labels in Nemeth cells, liblouis from the venv, and the braille_ref/ files.

Tests that need liblouis run against the real library (Debian liblouis20, liblouis-data,
python3-louis). They are skipped only when it is missing, with a reason starting
"needs liblouis"; CI installs it and fails on such skips.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doomlings_access.braille import labels as L
from doomlings_access.braille import louis
from doomlings_access.braille import reference as R
from doomlings_access.braille.reading import check_readback, read_brf
from doomlings_access.cards import load_cards

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "braille_ref"
BOX_DRAWING = re.compile("[\u2500-\u257f]")


@pytest.fixture
def liblouis() -> None:
    if not louis.available():
        pytest.skip(f"needs liblouis: {louis.INSTALL_HINT}")


def _all_labels() -> list[str]:
    found: set[str] = set()
    for edition in ("retail", "first"):
        cards = load_cards(edition)
        found.update(t.label for t in cards.traits.values())
        found.update(c.label for c in cards.catastrophes.values())
    return sorted(found)


def _trait_labels() -> list[str]:
    return sorted({t.label for e in ("retail", "first") for t in load_cards(e).traits.values()})


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'")).strip().lower()


# --- labels, without liblouis -------------------------------------------------------------


@pytest.mark.parametrize(
    "label, cells, brf",
    [
        ("dr4", "⠙⠗⠲", "DR4"),
        ("bX", "⠃⠠⠭", "B,X"),  # a capital X: dot 6 first (a plain x is a small x in Nemeth)
        ("c-2", "⠉⠤⠆", "C-2"),
        ("g10", "⠛⠂⠴", "G10"),
        ("db17", "⠙⠃⠂⠶", "DB17"),
        ("p3", "⠏⠒", "P3"),
        ("y5", "⠽⠢", "Y5"),
        ("r6", "⠗⠖", "R6"),
        ("c8", "⠉⠦", "C8"),
        ("g9", "⠛⠔", "G9"),
        ("c ice age", "⠉⠀⠊⠉⠑⠀⠁⠛⠑", "C ICE AGE"),
    ],
)
def test_label_cells_and_brf(label: str, cells: str, brf: str) -> None:
    assert L.label_to_unicode(label) == cells
    assert L.label_to_brf(label) == brf
    assert L.unicode_to_label(cells) == label.replace("bx", "bX")
    assert L.brf_to_label(brf) == label


def test_nemeth_digits() -> None:
    assert "".join(L.NEMETH_DIGITS[d] for d in "1234567890") == "⠂⠆⠒⠲⠢⠖⠶⠦⠔⠴"


def test_numeric_indicator_setting() -> None:
    assert L.DEFAULT_NUMERIC_INDICATOR is False
    assert L.label_to_unicode("dr4", numeric_indicator=True) == "⠙⠗⠼⠲"
    assert L.label_to_unicode("db17", numeric_indicator=True) == "⠙⠃⠼⠂⠶"
    assert L.label_to_unicode("c-2", numeric_indicator=True) == "⠉⠤⠼⠆"
    assert L.label_to_unicode("gX", numeric_indicator=True) == "⠛⠠⠭"
    assert L.label_to_brf("dr4", numeric_indicator=True) == "DR#4"


@pytest.mark.parametrize("numeric_indicator", [False, True])
def test_every_label_round_trips(numeric_indicator: bool) -> None:
    for label in _all_labels():
        cells = L.label_to_unicode(label, numeric_indicator)
        assert L.unicode_to_label(cells) == label
        assert L.brf_to_label(L.label_to_brf(label, numeric_indicator)) == label


def test_a_label_typed_with_a_full_stop_or_comma_is_found() -> None:
    """Every label of both printings, typed as the end of a sentence ("dc4.") or in a list
    ("dc4,"), in print, BRF and with the transcriber's indicators: 107 of 107 were not found."""
    from doomlings_access.cards.lookup import find_cards

    cards = [c for edition in ("retail", "first") for c in load_cards(edition).all_cards() if c.kind != "age"]
    checked = 0
    for card in cards:
        for form in (card.label, L.label_to_brf(card.label), L.transcribed_brf(card.label)):
            for mark in (".", ",", "!", "?", ";"):
                assert L.read_typed_label(form + mark).lower() == card.label.lower(), (form, mark)
                found = find_cards(form + mark, cards, L.read_typed_label)
                assert card.label in {c.label for c in found}, (form, mark)
                checked += 1
    assert checked > 1000


def test_braille_keyboard_input() -> None:
    assert L.unicode_to_label("⠙⠗⠼⠲") == "dr4"  # Nemeth with numeric indicator
    assert L.unicode_to_label("⠙⠗⠼⠙") == "dr4"  # UEB digit after the numeric indicator
    assert L.unicode_to_label("⠉⠐⠤⠼⠃") == "c-2"  # UEB minus
    assert L.unicode_to_label("⠰⠉⠤⠼⠃") == "c-2"  # grade 1 indicator
    assert L.unicode_to_label("⠙⠃⠼⠁⠛") == "db17"
    assert L.unicode_to_label("⠠⠛⠠⠭") == "gX"  # capital signs ignored
    assert L.unicode_to_label("⡙⠗⠲") == "dr4"  # dot 7 ignored
    assert L.unicode_to_label(" ⠉ ⠊⠉⠑⠀⠁⠛⠑ ") == "c ice age"
    assert L.is_braille("⠙⠗⠲") and not L.is_braille("dr4") and not L.is_braille("⠀")


def test_label_error() -> None:
    with pytest.raises(L.LabelError):
        L.label_to_brf("dr4é")


def test_missing_liblouis_gives_the_install_hint() -> None:
    code = (
        "import sys; sys.modules['louis'] = None\n"
        "from doomlings_access.braille import louis as L\n"
        "L.SYSTEM_DIRS = ()\n"
        "assert not L.available()\n"
        "try:\n"
        "    L.translate('x')\n"
        "except L.LiblouisMissing as exc:\n"
        "    print(exc)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != louis.ENV_DIR}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == (
        "liblouis is not installed. On Debian or Ubuntu: "
        "sudo apt-get install liblouis20 liblouis-data python3-louis"
    )


# --- labels against liblouis --------------------------------------------------------------


def test_brf_table_agrees_with_liblouis(liblouis: None) -> None:
    for ch, cell in L.BRF_TO_CELL.items():
        assert louis.brf_to_dots(ch) == cell, ch


@pytest.mark.parametrize("numeric_indicator", [False, True])
def test_every_trait_label_agrees_with_liblouis(liblouis: None, numeric_indicator: bool) -> None:
    labels = _trait_labels()
    assert len(labels) > 40
    for label in labels:
        brf = L.label_to_brf(label, numeric_indicator)
        assert L.label_to_unicode(label, numeric_indicator) == louis.brf_to_dots(brf), label
    for label in _all_labels():
        assert L.label_to_unicode(label) == louis.brf_to_dots(L.label_to_brf(label)), label


def test_liblouis_from_the_venv_without_dist_packages(liblouis: None) -> None:
    code = (
        "import sys\n"
        "from doomlings_access.braille import louis as L\n"
        "print(L.translate('Dominant red 4'))\n"
        "print(any('dist-packages' in p for p in sys.path))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", louis.ENV_DIR)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.split("\n")[:2] == [",DOM9ANT R$ #D", "False"]


def test_translate_and_back(liblouis: None) -> None:
    assert louis.translate("Dominant red 4") == ",DOM9ANT R$ #D"
    assert louis.back_translate(",DOM9ANT R$ #D") == "Dominant red 4"
    assert louis.brf_to_dots("DR4") == "⠙⠗⠲"


# --- the reference files ------------------------------------------------------------------


def _brf_files(folder: Path) -> list[Path]:
    files = sorted(folder.glob("*.brf"))
    assert [f.name for f in files] == ["card_list.brf", "label_key.brf", "worlds_end.brf"]
    return files


def _pages(data: str) -> list[list[str]]:
    assert data.endswith("\f")
    return [page.split("\r\n") for page in data.split("\f")[:-1]]


def _page_number(n: int) -> str:
    return "#" + "".join("JABCDEFGHI"[int(d)] for d in str(n))


def test_brf_files_keep_to_40_cells_and_25_lines() -> None:
    for path in _brf_files(COMMITTED):
        data = path.read_bytes().decode("ascii")
        pages = _pages(data)
        assert len(pages) >= 2, path.name
        for n, page in enumerate(pages, start=1):
            assert len(page) == R.LINES == 25, (path.name, n)
            for line in page:
                assert len(line) <= R.CELLS == 40, (path.name, n, line)
                assert all(ch.upper() in L.BRF_TO_CELL for ch in line), (path.name, line)
            assert page[-1] == " " * (40 - len(_page_number(n))) + _page_number(n)
            assert page[0].strip(), (path.name, n, "blank first line")


def test_text_files_are_plain_and_short() -> None:
    names = sorted(p.name for p in COMMITTED.glob("*.txt"))
    assert names == ["README.txt", "card_list.txt", "label_key.txt", "worlds_end.txt"]
    for name in names:
        text = (COMMITTED / name).read_text("utf-8")
        assert text.endswith("\n") and "\r" not in text and "\t" not in text
        for line in text.splitlines():
            assert len(line) <= 40, (name, line)
            assert not line.startswith(" ") and "  " not in line and line == line.rstrip()
            assert not BOX_DRAWING.search(line) and "|" not in line


def test_reference_contents() -> None:
    retail, first = load_cards("retail"), load_cards("first")
    sheet = (COMMITTED / "worlds_end.txt").read_text("utf-8")
    for c in retail.catastrophes.values():
        assert f"World's End: {c.worlds_end_text}"[:30] in sheet.replace("\n", " ")
    changed = [
        c for c in retail.catastrophes.values()
        if c.worlds_end_text != first.catastrophes[c.id].worlds_end_text
        or c.gene_pool != first.catastrophes[c.id].gene_pool
    ]
    assert len(changed) == 4
    tail = sheet.split("The first printing (Kickstarter)")[1]
    assert sorted(c.name for c in changed) == sorted(
        c.name for c in retail.catastrophes.values() if c.name in tail
    )
    card_list = (COMMITTED / "card_list.txt").read_text("utf-8").splitlines()
    for t in retail.traits.values():
        assert f"{t.label} {t.name}" in card_list, t.name
    key = (COMMITTED / "label_key.txt").read_text("utf-8")
    assert "dr4 (⠙⠗⠲)" not in key and "db17 (⠙⠃⠂⠶)" in key and "⠙⠗⠼⠲" in key
    readme = _norm((COMMITTED / "README.txt").read_text("utf-8"))
    assert "these files use no numeric indicator after the colour letter" in readme


def test_labels_in_brf_are_nemeth_cells_between_switch_indicators() -> None:
    pages = _pages((COMMITTED / "card_list.brf").read_bytes().decode("ascii"))
    lines = [line for page in pages for line in page]
    for t in load_cards("retail").traits.values():
        marked = f"_% {L.label_to_brf(t.label)} _: ,"
        assert any(line.startswith(marked) for line in lines), t.label
    body = " ".join(line.strip() for line in lines)
    for c in load_cards("retail").catastrophes.values():
        assert L.transcribed_brf(c.label) in body, c.label
    assert ";;;C ICE AGE;'" in body and ";;C ;;RETROVIRUS" in body
    assert "_% DR4 _:" in body and "DR#4" not in body
    assert " DR4 " not in body.replace("_% DR4 _:", ""), "a label without its indicators"


def test_every_sheet_with_labels_opens_with_a_transcribers_note() -> None:
    for name in ("card_list.brf", "label_key.brf", "worlds_end.brf"):
        first_page = _pages((COMMITTED / name).read_bytes().decode("ascii"))[0]
        text = " ".join(line.strip() for line in first_page)
        assert R.TN_OPEN + ",TRANSCRIB]'S NOTE3" in text, name
        assert R.TN_CLOSE in text, name
        # The note comes before the first label it explains.
        labels = [text.find(mark) for mark in ("_% ", ";;") if mark in text]
        assert not labels or text.index(R.TN_CLOSE) < min(labels), name
    for name in ("card_list.txt", "label_key.txt", "worlds_end.txt"):
        assert "Transcriber" not in (COMMITTED / name).read_text("utf-8"), "text files: no note"


def test_numeric_indicator_reaches_the_brf(liblouis: None) -> None:
    files = R.render_reference(numeric_indicator=True)
    body = files["card_list.brf"].decode("ascii")
    assert "_% DB#17 _: ," in body and "\r\n_% DB17 _: " not in body
    readme = _norm(files["README.txt"].decode("utf-8"))
    assert "these files use the numeric indicator" in readme


def _body(path: Path) -> str:
    """A BRF file's text lines joined by single spaces, without page numbers."""
    pages = _pages(path.read_bytes().decode("ascii"))
    return " ".join(" ".join(line.strip() for line in page[:-1] if line.strip()) for page in pages)


def test_brf_back_translates_to_the_source_text(liblouis: None) -> None:
    """Every paragraph of every sheet, labels included, reads back with real liblouis."""
    checked = with_labels = 0
    for doc in R.documents():
        if not doc.brf:
            continue
        body = _body(COMMITTED / f"{doc.stem}.brf")
        for block in doc.blocks:
            if not isinstance(block, (R.Entry, R.Note)):
                continue
            for paragraph in block.paragraphs:
                brf = R.paragraph_brf(paragraph)
                assert brf in body, (doc.stem, brf)
                back = read_brf(brf)
                assert _norm(back) == _norm(R.paragraph_reading(paragraph)), (doc.stem, back)
                if all(isinstance(seg, str) for seg in paragraph):  # liblouis alone, as before
                    assert _norm(louis.back_translate(brf)) == _norm(back)
                else:
                    with_labels += 1
                checked += 1
    assert checked > 600 and with_labels > 250


def test_labels_alone_do_not_survive_plain_liblouis(liblouis: None) -> None:
    """Why the indicators: without them a reader (or liblouis) reads contractions."""
    assert louis.back_translate("C ICE AGE") == "can ice age"
    assert louis.back_translate("DR4") != "dr4"
    assert read_brf(L.transcribed_brf("c ice age")) == "c ice age"
    assert read_brf(L.transcribed_brf("dr4")) == "dr4"


def test_every_card_reads_back_with_name_and_label(liblouis: None) -> None:
    """Issue 14: back-translating the card list with real liblouis gives every card's name
    and label back, in its entry and in the index by label (the figure: run with -s)."""
    for edition in ("retail", "first"):
        files = R.render_reference(edition)
        cards = load_cards(edition).all_cards()
        result = check_readback(files["card_list.brf"].decode("ascii"), cards)
        print(f"\n{edition}: {result.line()}")
        assert result.checked == 151
        assert result.failed == []
    committed = (COMMITTED / "card_list.brf").read_bytes().decode("ascii")
    assert check_readback(committed, load_cards("retail").all_cards()).failed == []
    for name in ("worlds_end.brf", "label_key.brf"):
        read = read_brf((COMMITTED / name).read_bytes().decode("ascii")).lower()
        for c in load_cards("retail").catastrophes.values():
            assert f"{c.name}, label {c.label}".lower() in read or name == "label_key.brf"
        assert "c ice age" in read


def test_index_by_label_gives_the_page_each_card_is_on(liblouis: None) -> None:
    cards = load_cards("retail")
    pages = _pages((COMMITTED / "card_list.brf").read_bytes().decode("ascii"))
    text = (COMMITTED / "card_list.txt").read_text("utf-8").replace("\n", " ")
    index = text[text.index("Index by label") :]
    for t in cards.traits.values():
        match = re.search(re.escape(f"{t.label}: {t.name}, page ") + r"(\d+)", index)
        assert match, t.name
        page = pages[int(match.group(1)) - 1]
        brf_name = louis.translate(t.name)
        assert any(line.startswith(f"_% {L.label_to_brf(t.label)} _: {brf_name}")
                   for line in page), (t.name, match.group(1))
    for c in cards.catastrophes.values():
        assert f"{c.label}: {c.name}, page " in index


def test_committed_reference_is_current(liblouis: None) -> None:
    assert R.check_reference(COMMITTED) == []


def test_check_finds_stale_and_missing_files(liblouis: None, tmp_path: Path) -> None:
    copy = tmp_path / "braille_ref"
    shutil.copytree(COMMITTED, copy)
    assert R.check_reference(copy) == []
    with open(copy / "card_list.brf", "ab") as f:
        f.write(b"X\f")
    (copy / "worlds_end.txt").unlink()
    assert sorted(R.check_reference(copy)) == ["card_list.brf", "worlds_end.txt"]


def test_check_finds_files_stale_against_changed_card_data(liblouis: None, tmp_path: Path) -> None:
    cards = tmp_path / "card_data"
    shutil.copytree(ROOT / "card_data", cards)
    path = cards / "catastrophes.toml"
    text = path.read_text("utf-8")
    assert "Lose one point for each red trait you have." in text
    path.write_text(text.replace("Lose one point for each red", "Lose two points for each red"))
    stale = R.check_reference(COMMITTED, cards_folder=str(cards))
    assert sorted(stale) == ["card_list.brf", "card_list.txt", "worlds_end.brf", "worlds_end.txt"]


def test_write_reference_writes_every_file(liblouis: None, tmp_path: Path) -> None:
    written = R.write_reference(tmp_path / "out")
    assert sorted(p.name for p in written) == sorted(p.name for p in COMMITTED.iterdir())
    for path in written:
        assert path.read_bytes() == (COMMITTED / path.name).read_bytes(), path.name
    assert R.check_reference(tmp_path / "out") == []


@pytest.mark.parametrize(("typed", "meant"), [
    ("\u2830\u2809\u2800\u282e\u2800\u2803\u280a\u281b\u2800\u2810\u2815", "The Big One"),  # c the big one, contracted
    (';C ! BIG "O', "The Big One"),  # the same in BRF
    (";C MASS EXT9C;N", "Mass Extinction"),
    ("\u281e\u2814\u283d", "Tiny"),  # t-in-y: "in" is one cell in grade 2
])
def test_a_card_typed_in_contracted_braille_is_found(liblouis: None, typed: str, meant: str) -> None:
    """Most braille readers type contracted (UEB grade 2): "⠞⠔⠽" for Tiny was no card, and the
    companion's help promised labels "in braille or BRF too". What nothing else finds is read
    back by liblouis and looked up again."""
    from doomlings_access.braille.labels import read_typed_label
    from doomlings_access.braille.reading import read_typed_braille
    from doomlings_access.cards.lookup import find_cards

    every = load_cards("retail").all_cards()
    assert [c.name for c in find_cards(typed, every, read_typed_label, read_typed_braille)] == [meant]
    assert read_typed_braille("tinny") is None  # print is never read as braille


def test_sheets_with_the_numeric_indicator_are_written_checked_and_read_back(
    liblouis: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The sheets called the numeric indicator "a setting", but nothing could set it: an owner
    whose stickers read dr#4 could not have sheets that match. braille-ref --numeric-indicator
    writes them, --check checks them, and every card reads back (liblouis gave "dr#4")."""
    from doomlings_access.cli import main

    folder = tmp_path / "ref"
    assert main(["braille-ref", "--folder", str(folder), "--numeric-indicator"]) == 0
    assert "DR#4" in (folder / "card_list.brf").read_text(encoding="ascii")
    capsys.readouterr()
    assert main(["braille-ref", "--check", "--folder", str(folder), "--numeric-indicator"]) == 0
    assert "151 of 151 cards read back" in capsys.readouterr().out
    assert main(["braille-ref", "--check", "--folder", str(folder)]) == 1  # not the default's
    assert "Stale or missing" in capsys.readouterr().out


# --- issue 33: what a braille reader found wrong in the sheets -----------------------------------


def test_the_x_of_a_variable_value_is_a_capital_in_every_sheet(liblouis: None) -> None:
    """``_% GX _:`` is a small x in Nemeth: 14 labels of the card list and the key's example
    had it. Every X now follows the capital indicator, and reads back as X."""
    card_list = (COMMITTED / "card_list.brf").read_text(encoding="ascii")
    key = (COMMITTED / "label_key.brf").read_text(encoding="ascii")
    for sheet in (card_list, key):
        assert not re.search(r"_% D?[A-Z]X _:", sheet), re.findall(r"_% D?[A-Z]X _:", sheet)
    variable = [t for t in load_cards("retail").traits.values() if t.face is None]
    assert len(re.findall(r"_% D?[A-Z],X _:", card_list)) == 2 * len(variable)  # entry and index
    assert "_% G,X _:" in key
    assert read_brf("_% G,X _:") == "gX"


def test_the_label_key_shows_a_digit_standing_alone_after_the_numeric_indicator(liblouis: None) -> None:
    """The key showed the digits with no numeric indicator, and a page later said a number
    standing alone needs one: each digit is shown as it is written alone."""
    key = (COMMITTED / "label_key.brf").read_text(encoding="ascii")
    text = (COMMITTED / "label_key.txt").read_text(encoding="utf-8")
    for digit in "1234567890":
        assert f"_% #{digit} _:" in key, digit
        assert f"alone {L.label_to_unicode('#' + digit)}" in text, digit


def test_transcribers_notes_are_in_7_5_margins(liblouis: None) -> None:
    """BANA: a transcriber's note begins in cell 7, its runover lines in cell 5 (they began in
    cell 1, runovers in cell 3, like an entry)."""
    for name in ("card_list.brf", "label_key.brf", "worlds_end.brf"):
        lines = re.split(r"\r?\n|\f", (COMMITTED / name).read_text(encoding="ascii"))
        start = next(i for i, line in enumerate(lines) if "@.<" in line)
        end = next(i for i, line in enumerate(lines) if "@.>" in line)
        note = lines[start : end + 1]
        assert note[0].startswith(" " * 6 + "@.<"), (name, note[0])
        for line in note:
            indent = len(line) - len(line.lstrip(" "))
            assert indent in (4, 6), (name, line)
        assert sum(line.startswith(" " * 6) for line in note) == (1 if name == "worlds_end.brf" else 2), name


def test_the_worlds_end_sheet_has_no_nemeth_and_says_nothing_of_it(liblouis: None) -> None:
    """It holds only catastrophe labels (uncontracted words): it carried the note on Nemeth
    code, with no Nemeth in it."""
    sheet = (COMMITTED / "worlds_end.brf").read_text(encoding="ascii")
    assert "_%" not in sheet and ",NEME?" not in sheet
    assert "Nemeth" not in read_brf(sheet)
    assert "grade 1 passage indicator" in read_brf(sheet)


def test_no_index_entry_leaves_its_page_number_alone_on_a_line(liblouis: None) -> None:
    """Six entries of the index by label left the page number alone on the next line: "page"
    and its number stay together, in the BRF and in the text file."""
    brf = re.split(r"\r?\n|\f", (COMMITTED / "card_list.brf").read_text(encoding="ascii"))
    index = brf[next(i for i, line in enumerate(brf) if ",9DEX BY LABEL" in line):]
    runovers = [line for line in index if line.startswith("  ") and not line.startswith(" " * 10)]
    assert runovers and not [line for line in runovers if re.fullmatch(r" +#[A-J]+", line)]
    assert not [line for line in index if line.endswith(" PAGE")]
    assert sum(line.lstrip().startswith("PAGE #") for line in runovers) >= 6  # they moved down whole
    text = (COMMITTED / "card_list.txt").read_text(encoding="utf-8").splitlines()
    assert not [line for line in text if re.fullmatch(r"\d+", line) or line.endswith(" page")]
