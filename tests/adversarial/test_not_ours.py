"""Files that are not the game's own are never renamed, removed or written into: a player's
``notes.json`` beside the saves, a folder of theirs the saves or cache folder links to, a
``photos-20240101-3.json`` in the cache. Only names the game writes, in real folders of the
game's own, are ever set aside or tidied.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from kit import GAME, Home
from test_leftovers import DAY, aged


@pytest.fixture
def home(tmp_path: Path) -> Home:
    return Home(tmp_path, in_process=True)


def old_file(path: Path, text: str = "{}") -> Path:
    """A file last changed 40 days ago: past any age at which the game tidies its own."""
    path.write_text(text)
    return aged(path, 40 * DAY)


def contents(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def linked_saves(home: Home, tmp_path: Path) -> Path:
    """The saves folder made a link to a folder of the player's, which holds their notes, a
    file named as a broken save and an old file named as one set aside 40 days ago."""
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "notes.json").write_text('{"my": "notes"}')
    (victim / "game-20240101-120000.json").write_text('{"my": "table"}')
    old_file(victim / "game-20230101-120000.json.broken-20230101-120000")
    home.saves.rmdir()
    home.saves.symlink_to(victim)
    return victim


@pytest.mark.parametrize("command", [["resume", *GAME], ["play", *GAME, "--seed", "3"], ["doctor", "--yes"]])
def test_nothing_in_a_folder_the_saves_folder_links_to_is_renamed_or_removed(
    home: Home, tmp_path: Path, command: list[str]
) -> None:
    victim = linked_saves(home, tmp_path)
    before = contents(victim)
    done = home.run(*command, stdin="q\ny\n").clean()
    assert done.returncode in (0, 1), done.both
    after = {name: digest for name, digest in contents(victim).items() if name in before}
    assert after == before, done.both
    assert "notes.json" not in done.out or "notes.json is not a saved game; it is left alone" in done.flat()


def test_a_file_of_the_players_in_the_saves_folder_is_not_a_broken_save(home: Home) -> None:
    """my-score-table.json beside the saves: never renamed, never listed as a save that
    cannot be read, and never removed, nor is an old file of the player's named as if set
    aside."""
    table = home.saves / "my-score-table.json"
    table.write_text('{"Ana": 41}')
    old_file(home.saves / "notes.json.broken-20230101-120000", "mine")
    before = contents(home.saves)
    listed = home.run("resume", "--list").clean()
    assert "my-score-table" not in listed.out
    resumed = home.run("resume", *GAME, stdin="q\ny\n").clean()
    assert "my-score-table" not in resumed.out and "No unfinished game" in resumed.out
    doctor = home.run("doctor", "--yes").clean()
    assert "my-score-table.json is not a saved game; it is left alone" in doctor.flat()
    assert doctor.returncode == 0, doctor.out
    assert contents(home.saves) == before


def test_a_save_named_by_the_game_in_its_own_folder_is_still_set_aside(home: Home) -> None:
    broken = home.saves / "game-20240102-120000.json"
    broken.write_text('{"my": "table"}')
    done = home.run("resume", *GAME, stdin="q\ny\n").clean()
    assert "format: missing" in done.flat() and not broken.exists()
    assert [p.name.startswith("game-20240102-120000.json.broken-") for p in home.saves.iterdir()] == [True]


def cache_link(home: Home, tmp_path: Path) -> Path:
    """The card cache folder made a link to a folder of the player's, holding a photo list
    named like an old cache entry and an old entry-like name of the game's."""
    victim = tmp_path / "victim-cache"
    victim.mkdir()
    old_file(victim / "photos-20240101-3.json")
    old_file(victim / "traits-00000000-1.v1.json")
    (home.cache / "doomlings-access").symlink_to(victim)
    return victim


def test_a_linked_cache_folder_is_neither_written_into_nor_tidied(home: Home, tmp_path: Path) -> None:
    victim = cache_link(home, tmp_path)
    before = contents(victim)
    assert home.run("card", "Tiny").clean().returncode == 0
    assert home.run("play", *GAME, "--seed", "3", stdin="q\ny\n").clean().returncode == 0
    doctor = home.run("doctor", "--yes").clean()
    assert "is a link; the cards are read from the card data." in doctor.flat()
    assert "removed" not in doctor.out and doctor.returncode == 0
    assert contents(victim) == before


def test_only_names_the_game_writes_are_cleared_from_its_cache(home: Home) -> None:
    assert home.run("card", "Tiny").clean().returncode == 0
    folder = home.cache / "doomlings-access"
    photos = folder / "photos-20240101-3.json"
    photos.write_text("{}")
    dotted = folder / ".holiday.json.0123456789abcdef.tmp"
    dotted.write_text("{}")
    doctor = home.run("doctor", "--yes").clean()
    assert "photos-20240101-3.json" not in doctor.out and "Card cache: removed 4 files." in doctor.out
    assert photos.read_text() == "{}" and dotted.read_text() == "{}"
