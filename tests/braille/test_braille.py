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
        ("bX", "⠃⠭", "BX"),
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
    assert L.label_to_unicode("gX", numeric_indicator=True) == "⠛⠭"
    assert L.label_to_brf("dr4", numeric_indicator=True) == "DR#4"


@pytest.mark.parametrize("numeric_indicator", [False, True])
def test_every_label_round_trips(numeric_indicator: bool) -> None:
    for label in _all_labels():
        cells = L.label_to_unicode(label, numeric_indicator)
        assert L.unicode_to_label(cells) == label
        assert L.brf_to_label(L.label_to_brf(label, numeric_indicator)) == label


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


def test_labels_in_brf_are_nemeth_cells() -> None:
    pages = _pages((COMMITTED / "card_list.brf").read_bytes().decode("ascii"))
    lines = [line for page in pages for line in page]
    for t in load_cards("retail").traits.values():
        assert any(line.startswith(L.label_to_brf(t.label) + " ,") for line in lines), t.label
    body = " ".join(line.strip() for line in lines)
    for c in load_cards("retail").catastrophes.values():
        assert L.label_to_brf(c.label) in body, c.label
    assert "DR4 " in body and "DR#4" not in body


def test_numeric_indicator_reaches_the_brf(liblouis: None) -> None:
    files = R.render_reference(numeric_indicator=True)
    body = files["card_list.brf"].decode("ascii")
    assert "DB#17 ," in body and "\r\nDB17 " not in body
    readme = _norm(files["README.txt"].decode("utf-8"))
    assert "these files use the numeric indicator" in readme


def _body(path: Path) -> str:
    """A BRF file's text lines joined by single spaces, without page numbers."""
    pages = _pages(path.read_bytes().decode("ascii"))
    return " ".join(" ".join(line.strip() for line in page[:-1] if line.strip()) for page in pages)


def test_brf_back_translates_to_the_source_text(liblouis: None) -> None:
    checked = 0
    for doc in R.documents():
        if not doc.brf:
            continue
        body = _body(COMMITTED / f"{doc.stem}.brf")
        for block in doc.blocks:
            if not isinstance(block, R.Entry):
                continue
            for paragraph in block.paragraphs:
                if not all(isinstance(seg, str) for seg in paragraph):
                    continue  # labels are Nemeth cells, not UEB
                brf = R.paragraph_brf(paragraph)
                assert brf in body, (doc.stem, brf)
                back = louis.back_translate(brf)
                assert _norm(back) == _norm(R.paragraph_text(paragraph)), (doc.stem, back)
                checked += 1
    assert checked > 300


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
