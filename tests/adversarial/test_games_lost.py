"""Issue 12, games lost: nothing a broken cache, broken card data, a stray path, two games at
once or one wrong answer does may cost a player a saved game, a tally or their settings.

Everything runs the real command in a subprocess on real files in the test's own folders.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import time
import tomllib
from pathlib import Path

import pytest
from kit import GAME, Home, card_data_override, good_save

from doomlings_access.cards.loader import data_dir
from doomlings_access.saves import read_save


@pytest.fixture
def home(tmp_path: Path) -> Home:
    return Home(tmp_path, in_process=True)


def resumed(done_out: str) -> bool:
    return any(line.startswith("Round ") for line in done_out.splitlines())


# --- the card cache and the card data are never the save's fault --------------------------------


def _garbage(path: Path) -> None:
    path.write_bytes(os.urandom(3000))


def _valid_json_junk(path: Path) -> None:
    path.write_text('{"trait": [{"id": "junk"}]}')


def _header_junk(path: Path) -> None:  # a plausible header whose checksum does not match
    head, _, body = path.read_bytes().partition(b"\n")
    path.write_bytes(head + b"\n" + body.replace(b'"tiny"', b'"tinx"'))


def _forged(path: Path) -> None:  # edited with its checksum made to match: a million copies
    head, _, body = path.read_bytes().partition(b"\n")
    doc = json.loads(body)
    for table in doc["trait"]:
        table["copies"] = 1_000_000
        table["name"] = "\x1b[2J" + table["name"]
    body = json.dumps(doc).encode()
    header = {**json.loads(head), "sha256": hashlib.sha256(body).hexdigest()}
    path.write_bytes(json.dumps(header).encode() + b"\n" + body)


def _deep(path: Path) -> None:
    path.write_text("[" * 200_000 + "]" * 200_000)


def _truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:500])


def _fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def _dev_zero(path: Path) -> None:
    path.unlink()
    path.symlink_to("/dev/zero")


def _folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


CACHE_FAULTS = [_garbage, _valid_json_junk, _header_junk, _forged, _deep, _truncated, _fifo, _dev_zero, _folder]


@pytest.mark.parametrize("fault", CACHE_FAULTS, ids=[f.__name__.strip("_") for f in CACHE_FAULTS])
def test_a_corrupt_card_cache_is_rebuilt_and_never_blamed_on_saves_or_traits(home: Home, fault) -> None:  # type: ignore[no-untyped-def]
    save = good_save(home.saves)
    before = read_save(save).game.actions
    assert home.run("cards", "--kind", "trait").returncode == 0  # builds the cache
    entries = sorted((home.cache / "doomlings-access").glob("traits-*.json"))
    assert entries, "no cache entry was written"
    for entry in entries:
        fault(entry)
    done = home.run("resume", *GAME, stdin="q\ny\n").clean()
    assert done.returncode == 0 and resumed(done.out), done.both
    assert "traits.toml" not in done.both and "Cannot load" not in done.out
    assert home.files() == [save.name] and read_save(save).game.actions[: len(before)] == before
    assert home.run("card", "Tiny").clean().returncode == 0
    if fault not in (_fifo, _dev_zero, _folder):  # a name taken by something else is left alone
        assert any(
            p.is_file() and not p.is_symlink() for p in (home.cache / "doomlings-access").glob("traits-*.json")
        )


def test_a_forged_cache_entry_that_fails_only_the_checks_across_files_is_not_blamed_on_the_cards(home: Home) -> None:
    """An ages entry with a matching checksum and no Birth of Life passes its own file's
    checks; the check across the files failed on it and said "card_data/ages.toml:
    birth_of_life: exactly one age needs it" (reinstall the game!): read the card files first."""
    assert home.run("cards", "--kind", "age").returncode == 0  # builds the cache
    entries = sorted((home.cache / "doomlings-access").glob("ages-*.json"))
    assert entries, "no cache entry was written"
    for entry in entries:
        head, _, body = entry.read_bytes().partition(b"\n")
        doc = json.loads(body)
        for table in doc["age"]:
            table.pop("birth_of_life", None)
        body = json.dumps(doc).encode()
        header = {**json.loads(head), "sha256": hashlib.sha256(body).hexdigest()}
        entry.write_bytes(json.dumps(header).encode() + b"\n" + body)
    done = home.run("card", "The Birth of Life").clean()
    assert done.returncode == 0 and "It sets up the game." in done.out, done.both
    assert "ages.toml" not in done.both


def broken_card_data(tmp: Path, how: str) -> Path:
    folder = tmp / "card_data"
    shutil.copytree(data_dir(), folder)
    traits = folder / "traits.toml"
    if how == "folder-missing":
        shutil.rmtree(folder)
    elif how == "traits-missing":
        traits.unlink()
    elif how == "traits-garbage":
        traits.write_bytes(b"\xff\xfe [[[ not toml")
    elif how == "traits-fifo":
        traits.unlink()
        os.mkfifo(traits)
    elif how == "traits-deep":
        traits.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    elif how == "traits-huge-number":
        traits.write_text("x = " + "9" * 5000 + "\n")
    elif how == "trait-field-wrong":
        traits.write_text(traits.read_text().replace('name = "Tiny"', "name = 17", 1))
    return folder


CARD_FAULTS = ["folder-missing", "traits-missing", "traits-garbage", "traits-fifo", "traits-deep",
               "traits-huge-number", "trait-field-wrong"]


@pytest.mark.parametrize("how", CARD_FAULTS)
def test_broken_card_data_is_reported_as_such_and_no_save_is_touched(home: Home, tmp_path: Path, how: str) -> None:
    saves = [good_save(home.saves, f"game-2024010{i}-120000.json", seed=i) for i in range(1, 4)]
    before = {p.name: p.read_bytes() for p in saves}
    prefix = card_data_override(broken_card_data(tmp_path, how))
    for args in (["resume", *GAME], ["resume", str(saves[0]), *GAME], ["play", *GAME]):
        done = home.run(*args, stdin="q\ny\n", prefix=prefix).clean()
        assert done.returncode == 2, done.both
        assert "card data" in done.both.lower() or "cards cannot be loaded" in done.both, done.both
        assert "card_data" in done.both
        assert "Cannot load" not in done.both and ".broken" not in done.both
        assert {p.name: p.read_bytes() for p in home.saves.glob("*.json")} == before
        assert home.files() == sorted(before)
    listed = home.run("resume", "--list", prefix=prefix).clean()
    assert listed.returncode == 0 and all(name in listed.out for name in before)


# --- resume PATH renames nothing outside the saves folder, nothing the game did not write -------


def test_resume_of_a_broken_file_outside_the_saves_folder_leaves_it_where_it_is(home: Home, tmp_path: Path) -> None:
    outside = tmp_path / "mine"
    outside.mkdir()
    broken = outside / "notes.json"
    broken.write_text('{"format": 1, "this is": "my own file"')
    other = outside / "plain.txt"
    other.write_text("hello")
    for target in (broken, other, outside, tmp_path / "missing.json"):
        done = home.run("resume", str(target), *GAME).clean()
        assert done.returncode == 2, done.both
        assert sorted(p.name for p in outside.iterdir()) == ["notes.json", "plain.txt"]
    assert broken.read_text() == '{"format": 1, "this is": "my own file"'


@pytest.mark.parametrize("kind", ["fifo", "dev-null", "link-to-broken", "folder", "link-to-folder"])
def test_resume_of_odd_entries_in_the_saves_folder_renames_nothing(home: Home, tmp_path: Path, kind: str) -> None:
    outside = tmp_path / "elsewhere.json"
    outside.write_text("{ not json")
    entry = home.saves / "odd.json"
    if kind == "fifo":
        os.mkfifo(entry)
    elif kind == "dev-null":
        entry.symlink_to("/dev/null")
    elif kind == "link-to-broken":
        entry.symlink_to(outside)
    elif kind == "folder":
        entry.mkdir()
    else:
        entry.symlink_to(tmp_path)
    good = good_save(home.saves)
    for args in (["resume", str(entry), *GAME], ["resume", "odd.json", *GAME]):
        done = home.run(*args).clean()
        assert done.returncode == 2, done.both
    done = home.run("resume", *GAME, stdin="q\ny\n").clean()
    assert done.returncode == 0 and resumed(done.out)
    assert home.files() == sorted(["odd.json", good.name])
    assert outside.read_text() == "{ not json"


@pytest.mark.skipif(os.geteuid() != 0, reason="making a file another user's needs root")
def test_a_broken_save_of_another_user_is_left_alone(home: Home) -> None:
    path = good_save(home.saves, "theirs.json")
    path.write_text("{ broken")
    os.chown(path, 65534, 65534)
    done = home.run("resume", str(path), *GAME).clean()
    assert done.returncode == 2 and "left as it is" in done.flat()
    assert home.files() == ["theirs.json"]


# --- unique names, one game per save ---------------------------------------------------------------


def test_six_games_started_at_once_keep_six_saves(home: Home) -> None:
    children = [home.start("play", *GAME, "--seed", str(100 + i)) for i in range(6)]
    for child in children:  # each game writes its save before its first question
        child.communicate(b"1\n", timeout=60)
        assert child.returncode == 0
    saves = sorted(home.saves.glob("*.json"))
    assert len(saves) == 6, home.files()
    seeds = sorted(read_save(p).game.setup.seed for p in saves)
    assert seeds == list(range(100, 106))
    assert not list(home.saves.glob("*.lock")), "a finished game leaves no lock behind"


PROMPTS = (b"? for help: ", b"Press Enter for more. ")
"""A question, or a pause before more is told: either way the game waits for its player."""


def wait_for_prompt(child: subprocess.Popen[bytes]) -> str:
    """Read the child's output until its first prompt (with a deadline)."""
    assert child.stdout is not None
    os.set_blocking(child.stdout.fileno(), False)
    seen = b""
    deadline = time.monotonic() + 60
    while not any(p in seen for p in PROMPTS) and time.monotonic() < deadline:
        chunk = child.stdout.read()
        if chunk:
            seen += chunk
        else:
            time.sleep(0.05)
    assert any(p in seen for p in PROMPTS), seen.decode(errors="replace")
    return seen.decode()


@pytest.mark.parametrize("how", ["by-path", "newest", "by-name"])
def test_a_save_in_play_is_refused_to_a_second_game(home: Home, how: str) -> None:
    save = good_save(home.saves)
    first = home.start("resume", *GAME)
    try:
        wait_for_prompt(first)
        before = save.read_bytes()
        args = {"by-path": [str(save)], "newest": [], "by-name": [save.name]}[how]
        second = home.run("resume", *args, *GAME, stdin="1\n1\n").clean()
        assert second.returncode == 2, second.both
        assert "open in another game" in second.flat() and f"process {first.pid}" in second.flat()
        assert save.read_bytes() == before, "the second game wrote nothing"
    finally:
        first.communicate(b"q\ny\n", timeout=60)
    assert first.returncode == 0
    again = home.run("resume", *GAME, stdin="q\ny\n").clean()
    assert again.returncode == 0 and resumed(again.out), "the save is free again"
    assert home.files() == [save.name]


def test_resume_with_no_name_goes_on_to_the_next_game_when_the_newest_is_in_play(home: Home) -> None:
    good_save(home.saves, "older.json", seed=91)
    time.sleep(0.01)
    newest = good_save(home.saves, "newest.json")
    first = home.start("resume", str(newest), *GAME)
    try:
        wait_for_prompt(first)
        second = home.run("resume", *GAME, stdin="q\ny\n").clean()
        assert "newest.json is open in another game" in second.flat(), second.both
        assert second.returncode == 0 and resumed(second.out), second.both
        assert "doomlings resume older.json" in second.flat(), "the older game was resumed"
    finally:
        first.communicate(b"q\ny\n", timeout=60)


def test_a_lock_left_by_a_killed_game_is_stale_and_taken_over(home: Home) -> None:
    save = good_save(home.saves)
    first = home.start("resume", *GAME)
    wait_for_prompt(first)
    assert (home.saves / f"{save.name}.lock").read_text().strip() == str(first.pid)
    first.send_signal(signal.SIGKILL)
    first.communicate(timeout=60)
    assert (home.saves / f"{save.name}.lock").exists(), "SIGKILL leaves the lock file"
    done = home.run("resume", *GAME, stdin="q\ny\n").clean()
    assert done.returncode == 0 and resumed(done.out)
    (home.saves / f"{save.name}.lock").write_text("999999\n")  # a dead process, no lock held
    done = home.run("resume", str(save), *GAME, stdin="q\ny\n").clean()
    assert done.returncode == 0 and resumed(done.out)
    assert home.files() == [save.name]


# --- the companion's guided scoring keeps what was typed -----------------------------------------

SCORE_TABLE = "3\nAna, Ben\nAltruistic, Tiny\nQuick\n\n"  # piles on one line each, no final


@pytest.mark.parametrize("bad", ["99", "13", "-1", "9" * 5000, "4.5", "four", "٤", "0x4", "+4"])
def test_an_out_of_range_gene_pool_is_asked_again_and_the_traits_are_kept(home: Home, bad: str) -> None:
    done = home.run("companion", *GAME, stdin=SCORE_TABLE + bad + "\n4\n").clean()
    assert done.returncode == 0, done.both
    assert "Not a gene pool: " in done.out and "Type a number from 0 to 12." in done.out
    assert done.out.count("Ana's gene pool [5]: ") == 2, "the same question again"
    # Tiny 17, Altruistic: World's End and face; the tally with gene pool 4 went through.
    assert "Ana: " in done.out and "face value 17" in done.out and "Winner: Ana." in done.out


# --- settings survive any voice name ------------------------------------------------------------

SETTINGS_MENU = "5\ntts\nnormal\ntext\n200\n{voice}\n\n\n\n8\n"


@pytest.mark.parametrize("voice", ["Zoé 😀", "👩🏽‍🚀 astro", 'say "hi" \\ there', "日本語", "en-us+f3"])
def test_any_printable_voice_name_reads_back_as_written(home: Home, voice: str) -> None:
    done = home.run(*GAME, stdin=SETTINGS_MENU.format(voice=voice)).clean()
    assert done.returncode == 0, done.both
    if "\u200d" in voice:  # a joined emoji holds an invisible joiner: refused, asked again
        assert "cannot hold control or invisible characters" in done.out
        return
    data = tomllib.loads(home.settings.read_text(encoding="utf-8"))
    assert data["voice"] == voice and data["rate"] == 200
    again = home.run(*GAME, stdin="8\n").clean()
    assert "unreadable" not in again.both and "using defaults" not in again.both


@pytest.mark.parametrize("voice", ["a\x1b]0;x\x07", "tab\there", "-w /tmp/x", "v" * 101, "\u202eright", "1" * 23])
def test_a_voice_name_that_cannot_be_used_is_asked_again(home: Home, voice: str) -> None:
    done = home.run(*GAME, stdin=SETTINGS_MENU.format(voice=voice).replace("\n\n\n\n8\n", "\nen\n\n\n\n8\n")).clean()
    assert done.returncode == 0, done.both
    assert done.out.count("Voice name, or Enter for the engine's own: ") == 2
    assert tomllib.loads(home.settings.read_text(encoding="utf-8"))["voice"] == "en"


# --- transcript --out never overwrites a save -----------------------------------------------------


@pytest.mark.parametrize("writer", ["transcript --out", "speech-check --wav"])
def test_transcript_out_onto_a_save_is_refused(home: Home, tmp_path: Path, writer: str) -> None:
    """Nothing the player names for output is written over a saved game, the settings or into
    the game's folders: a transcript, or a speech check's WAV (which overwrote a save)."""
    save = good_save(home.saves)
    other = good_save(home.saves, "game-20240202-120000.json", seed=9)
    copy = tmp_path / "copy.json"
    copy.write_bytes(other.read_bytes())
    # The same save as a reader may leave it: pretty-printed, or with a byte-order mark (both
    # still load, and were overwritten), or cut short; and a file its owner made read-only.
    pretty = tmp_path / "pretty.json"
    pretty.write_text(json.dumps(json.loads(other.read_bytes()), indent=2))
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + other.read_bytes())
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(json.loads(other.read_bytes()), indent=4)[:200])
    kept = tmp_path / "kept.txt"
    kept.write_text("mine")
    kept.chmod(0o444)
    before = {p: p.read_bytes() for p in (save, other, copy, pretty, marked, cut, kept)}
    places = (save, other, copy, pretty, marked, cut, kept, home.saves / "new.txt", home.settings,
              home.cache / "doomlings-access" / "t.txt", home.saves.parent / "t.txt")
    (home.cache / "doomlings-access").mkdir()
    command, option = writer.split()
    for out in places:
        args = [command, str(save), option, str(out)] if command == "transcript" else [command, option, str(out)]
        done = home.run(*args).clean()
        assert done.returncode == 2, (out, done.both)
        assert "cannot write" in done.err
    assert {p: p.read_bytes() for p in before} == before
    assert not (home.saves / "new.txt").exists() and not home.settings.exists()
    assert not (home.cache / "doomlings-access" / "t.txt").exists()
    if command != "transcript":
        return
    fine = home.run("transcript", str(save), "--out", str(tmp_path / "t.txt")).clean()
    assert fine.returncode == 0 and (tmp_path / "t.txt").read_text().startswith("New game")
    assert json.loads(save.read_bytes())["format"] == 1
