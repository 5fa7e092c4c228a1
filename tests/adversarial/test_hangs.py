"""Issue 12, hangs: a FIFO or a link to ``/dev/zero`` where a save, the settings, a score or
position file or a braille reference sheet should be is refused at once (never opened and
waited on, never read for ever), and the scorer refuses a table too large to score quickly.

Each command runs with a deadline far above its normal time: going past it is the hang.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from kit import GAME, Home, good_save

from doomlings_access.braille import louis
from doomlings_access.cards import load_cards
from doomlings_access.scorer import MAX_CARDS

DEADLINE = 30.0


@pytest.fixture
def home(tmp_path: Path) -> Home:
    return Home(tmp_path)


def plant(path: Path, kind: str) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "dev-urandom":
        path.symlink_to("/dev/urandom")
    elif kind == "huge":  # a sparse file far larger than any save
        with path.open("wb") as fh:
            fh.truncate(2 * 1024**3)


KINDS = ["fifo", "dev-zero", "huge"]  # a link to /dev/urandom is the same class as /dev/zero


@pytest.mark.parametrize("kind", KINDS)
def test_a_special_file_in_the_saves_folder_hangs_nothing(home: Home, kind: str) -> None:
    plant(home.saves / "game-20240109-120000.json", kind)
    good = good_save(home.saves)
    for args, stdin in ((["resume", "--list"], ""), (["resume", *GAME], "q\ny\n"), ([*GAME], "2\n1\nq\ny\n8\n"),
                        (["transcript", "--latest"], ""), (["doctor", "--yes"], "")):
        done = home.run(*args, stdin=stdin, timeout=DEADLINE).clean()
        assert done.returncode in (0, 1), (args, done.both)
    assert good.name in home.run("resume", "--list", timeout=DEADLINE).out
    kept = [p for p in home.saves.iterdir() if p.name.startswith("game-20240109-120000.json")]
    assert len(kept) == 1, "kept, under its name or (a regular file of ours, at fault) set aside"
    assert kind == "huge" or kept[0].name == "game-20240109-120000.json", "not ours to move"


@pytest.mark.parametrize("kind", KINDS)
def test_a_special_settings_file_hangs_nothing(home: Home, kind: str) -> None:
    plant(home.settings, kind)
    for args, stdin in (([*GAME], "8\n"), (["play", *GAME, "--seed", "2"], "q\ny\n"), (["companion", *GAME], "5\n"),
                        (["doctor", "--no"], "")):
        done = home.run(*args, stdin=stdin, timeout=DEADLINE).clean()
        assert done.returncode in (0, 1), (args, done.both)
        if args[0] != "doctor":
            assert "using defaults" in done.flat()


@pytest.mark.parametrize("kind", KINDS)
def test_a_special_score_file_hangs_nothing(home: Home, tmp_path: Path, kind: str) -> None:
    path = tmp_path / "table.json"
    plant(path, kind)
    done = home.run("score", str(path), timeout=DEADLINE).clean()
    assert done.returncode == 2 and len(done.err.splitlines()) == 1
    assert ("not a regular file" in done.err) or ("too large" in done.err)


@pytest.mark.parametrize("kind", KINDS)
def test_a_special_position_file_hangs_nothing(home: Home, tmp_path: Path, kind: str) -> None:
    path = tmp_path / "position.json"
    plant(path, kind)
    done = home.run("scenario", str(path), timeout=DEADLINE).clean()
    assert done.returncode == 2 and len(done.err.splitlines()) == 1, done.both
    assert ("not a regular file" in done.err) or ("too large" in done.err)


@pytest.fixture
def liblouis() -> None:
    if not louis.available():
        pytest.skip(f"needs liblouis: {louis.INSTALL_HINT}")


@pytest.mark.parametrize("kind", KINDS)
def test_a_special_card_list_hangs_no_braille_reference_check(
    liblouis: None, home: Home, tmp_path: Path, kind: str
) -> None:
    folder = tmp_path / "braille_ref"
    folder.mkdir()
    plant(folder / "card_list.brf", kind)
    done = home.run("braille-ref", "--check", "--folder", str(folder), timeout=DEADLINE).clean()
    assert done.returncode == 2 and len(done.err.splitlines()) == 1, done.both
    assert "Stale or missing: " in done.out and "card_list.brf" in done.out
    assert "card_list.brf" in done.err
    assert ("not a regular file" in done.err) or ("too large" in done.err)


@pytest.mark.parametrize("kind", ["fifo", "link"])
def test_a_special_file_in_place_of_a_braille_sheet_is_never_written_through(
    liblouis: None, home: Home, tmp_path: Path, kind: str
) -> None:
    folder = tmp_path / "braille_ref"
    folder.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    sheet = folder / "card_list.brf"
    if kind == "fifo":
        os.mkfifo(sheet)
    else:
        sheet.symlink_to(victim)
    done = home.run("braille-ref", "--folder", str(folder), timeout=DEADLINE).clean()
    assert done.returncode == 2 and len(done.err.splitlines()) == 1, done.both
    assert "card_list.brf" in done.err and "not overwritten" in done.err
    assert victim.read_text() == "keep me"
    assert os.path.islink(sheet) if kind == "link" else not sheet.is_file()
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".tmp")], "no leftovers"
    # nothing is written when one place is refused (it wrote 4 of the 7 files: a mixed set)
    assert [p.name for p in folder.iterdir()] == [sheet.name], sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_a_special_file_in_the_card_cache_hangs_nothing(home: Home, kind: str) -> None:
    assert home.run("card", "Tiny").returncode == 0
    for entry in (home.cache / "doomlings-access").glob("*.json"):
        entry.unlink()
        if kind == "folder":
            entry.mkdir()
        else:
            plant(entry, kind)
    done = home.run("card", "Tiny", timeout=DEADLINE).clean()
    assert done.returncode == 0 and "Tiny" in done.out


def table(traits: int) -> dict[str, object]:
    names = [t.name for t in load_cards().traits.values()]
    return {"players": [{"name": f"P{i}", "traits": [names[(i * 7 + k) % len(names)] for k in range(traits // 4)]}
                        for i in range(4)]}


def test_a_table_of_20000_traits_is_refused_at_once_with_the_cap(home: Home, tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps(table(20_000)))
    started = time.monotonic()
    done = home.run("score", str(path), timeout=DEADLINE).clean()
    took = time.monotonic() - started
    print(f"\nscorer: 20,000 traits refused in {took:.2f} s (command start included)")
    assert done.returncode == 2 and f"at most {MAX_CARDS}" in done.err and len(done.err.splitlines()) == 1


def test_a_score_file_over_the_size_cap_is_refused_unread(home: Home, tmp_path: Path) -> None:
    path = tmp_path / "padded.json"
    path.write_text('{"players": [{"name": "A", "traits": ["Tiny"]}]}' + " " * (2 * 1024 * 1024))
    done = home.run("score", str(path), timeout=DEADLINE).clean()
    assert done.returncode == 2 and "too large" in done.err


UNTERMINATED = '"\\' * 8 + "x"
"""Quotes each escaped by the next: one string that never ends. The check for nesting skipped
strings with a pattern that, failing at the end, rescanned from every later quote: a save of
such text at its 4 MB cap took about a day, a score file at its 1 MB cap over an hour."""


def test_an_unterminated_string_is_skipped_in_one_pass() -> None:
    from doomlings_access.safety.files import _JSON_STRING, _TOML_SKIP

    for pattern in (_JSON_STRING, _TOML_SKIP):
        match = pattern.match(UNTERMINATED)
        assert match is not None and match.end() == len(UNTERMINATED), pattern.pattern


def test_a_save_and_a_score_file_of_endless_quotes_at_their_caps_hang_nothing(home: Home, tmp_path: Path) -> None:
    from doomlings_access.saves import MAX_SAVE_BYTES
    from doomlings_access.scorer import MAX_FILE_BYTES

    (home.saves / "game-20240109-120000.json").write_text('"\\' * (MAX_SAVE_BYTES // 2 - 1))
    good = good_save(home.saves)
    listed = home.run("resume", "--list", timeout=DEADLINE).clean()
    assert good.name in listed.out
    table = tmp_path / "table.json"
    table.write_text('"\\' * (MAX_FILE_BYTES // 2 - 1))
    done = home.run("score", str(table), timeout=DEADLINE).clean()
    assert done.returncode == 2 and "not valid JSON" in done.err
    home.settings.write_text('voice = "' + '\\"' * (32 * 1024 - 8))
    done = home.run("play", *GAME, "--seed", "2", stdin="q\ny\n", timeout=DEADLINE).clean()
    assert done.returncode in (0, 1) and "settings" in done.flat()
