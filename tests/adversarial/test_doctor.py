"""Issue 12, ``doomlings doctor``: lists the saves, settings and card cache in use, checks each,
and offers to set broken files aside or clear the cache; it works with ``--yes``, ``--no``,
answers on standard input, and the end of input (which means no).
"""

from __future__ import annotations

import re

import hashlib
from pathlib import Path

import pytest
from kit import GAME, Home, good_save
from test_games_lost import wait_for_prompt

from doomlings_access.cards.loader import check_cache_file


@pytest.fixture
def home(tmp_path: Path) -> Home:
    return Home(tmp_path, in_process=True)


def troubled(home: Home) -> dict[str, Path]:
    """A good save, a broken one, a stale lock, broken settings and a corrupt cache entry."""
    assert home.run("card", "Tiny").returncode == 0
    good = good_save(home.saves)
    broken = home.saves / "game-20240102-120000.json"
    broken.write_text('{"format": 1, "setup"')
    lock = home.saves / "game-20230101-120000.json.lock"
    lock.write_text("999999\n")
    home.settings.write_text("rate = [[[\n")
    entry = min((home.cache / "doomlings-access").glob("traits-*.json"))
    entry.write_bytes(entry.read_bytes()[:-40] + b"garbage")
    return {"good": good, "broken": broken, "lock": lock, "entry": entry}


def snapshot(home: Home) -> dict[str, str]:
    """The player's saves and settings (the card cache heals itself whenever cards load)."""
    return {
        str(p.relative_to(home.root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for folder in (home.saves, home.config) for p in sorted(folder.rglob("*")) if p.is_file()
    }


def test_doctor_on_a_fresh_machine_says_all_is_well(home: Home) -> None:
    done = home.run("doctor").clean()
    assert done.returncode == 0 and "All is well." in done.out
    for subject in ("Card data:", "Card cache:", "Settings:", "Saves:"):
        assert subject in done.out


def test_doctor_no_reports_every_problem_and_changes_nothing(home: Home) -> None:
    files = troubled(home)
    before = snapshot(home)
    done = home.run("doctor", "--no").clean()
    assert done.returncode == 1
    flat = done.flat()
    assert f"Save {files['good'].name}: fine" in flat
    assert re.search(rf"Save {re.escape(files['good'].name)}: fine: [^;]+; round \d+, (era \d|catastrophe \d of 3)(, [^.;]+)?\.", flat), flat
    assert f"Save {files['broken'].name}: broken" in flat and "truncated" in flat
    assert "Settings: Settings file" in flat and "not valid TOML" in flat
    assert f"{files['entry'].name} does not match its checksum" in flat
    assert f"{files['lock'].name} is a lock file" in flat
    assert snapshot(home) == before


@pytest.mark.parametrize("stdin", ["", "\n", "n\nn\nn\nn\nn\n", "\xff\n"], ids=["eof", "enter", "no", "undecodable"])
def test_doctor_answered_no_or_at_end_of_input_changes_nothing(home: Home, stdin: str) -> None:
    troubled(home)
    before = snapshot(home)
    done = home.run("doctor", stdin=stdin.encode("latin-1")).clean()
    assert done.returncode == 1
    assert snapshot(home) == before


@pytest.mark.parametrize("how", ["yes-flag", "typed"])
def test_doctor_fixes_what_it_offers_and_then_all_is_well(home: Home, how: str) -> None:
    files = troubled(home)
    if how == "yes-flag":
        done = home.run("doctor", "--yes").clean()
    else:
        done = home.run("doctor", stdin="Maybe\x1b[A\ny\nyes\nY\ny\ny\n").clean()
        assert "Not an answer: Maybe?[A. Type y or n." in done.out  # as typed (was "maybe?[a")
    assert done.returncode == 0, done.out
    assert not files["broken"].exists() and list(home.saves.glob(f"{files['broken'].name}.broken-*"))
    assert not files["lock"].exists() and files["good"].exists()
    assert list(home.config.glob("settings.toml.broken-*")) and not home.settings.exists()
    # the parse cache of the three card files and the look-up index of ``card``; the parse
    # cache is rebuilt whole when the cards load
    assert "Card cache: removed 4 files." in done.out
    assert all(check_cache_file(p) is None for p in (home.cache / "doomlings-access").iterdir())
    again = home.run("doctor", "--no").clean()
    assert again.returncode == 0 and "All is well." in again.out
    assert home.run("resume", *GAME, stdin="q\ny\n").clean().returncode == 0


def test_doctor_leaves_a_save_in_play_alone(home: Home) -> None:
    save = good_save(home.saves)
    game = home.start("resume", *GAME)
    try:
        wait_for_prompt(game)
        done = home.run("doctor", "--yes").clean()
        assert f"in use by a running game (process {game.pid})" in done.flat()
        assert save.exists() and (home.saves / f"{save.name}.lock").exists()
    finally:
        game.communicate(b"q\ny\n", timeout=60)


@pytest.mark.parametrize("blocker", ["file", "dangling link", "lock folder"])
def test_doctor_does_not_call_a_folder_no_game_can_save_in_all_well(home: Home, blocker: str) -> None:
    """A file or a link to nothing where the saves folder goes (every game ended "It could not
    be saved"), or a folder where a lock goes (resume refused): doctor said "All is well"."""
    if blocker == "lock folder":
        (home.saves / "game-20240101-120000.json.lock").mkdir()
    else:
        home.saves.rmdir()
        if blocker == "file":
            home.saves.write_text("")
        else:
            home.saves.symlink_to(home.root / "nowhere")
    done = home.run("doctor", "--no").clean()
    assert done.returncode == 1 and "All is well" not in done.out, done.out
    said = "stands where a lock file goes but is not one" if blocker == "lock folder" else "so no game can be saved"
    assert said in done.flat()


def test_doctor_does_not_call_a_save_from_a_newer_version_broken(home: Home) -> None:
    """It said "broken" and "not a file the game wrote there" of a save a newer version wrote."""
    import json

    path = good_save(home.saves)
    data = json.loads(path.read_text())
    data["format"] = 99
    path.write_text(json.dumps(data))
    done = home.run("doctor", "--yes").clean()
    flat = done.flat()
    assert f"Save {path.name}: cannot be loaded here: " in flat and "newer version" in flat
    assert f"{path.name} is left alone: it is not broken" in flat and "1 saved game." in flat
    assert path.exists(), "never moved aside"
