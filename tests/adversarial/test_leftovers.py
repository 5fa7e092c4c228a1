"""Issue 12, leftovers: no speech engine outlives a killed game, our own old temporary,
broken, lock and cache files are tidied (and nothing else is), and a full disk gives one
warning, not a flood.
"""

from __future__ import annotations

import os
import resource
import signal
import time
from pathlib import Path

import pytest
from kit import GAME, Home, alive

HOUR = 3600
DAY = 86400


@pytest.fixture
def home(tmp_path: Path) -> Home:
    return Home(tmp_path, in_process=True)


# --- the speech engine ends with the game -------------------------------------------------------


def group_members(pgid: int) -> list[int]:
    """Live (not zombie) processes of a process group, from /proc."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                out.append(int(entry.name))
    return out


def wait(condition, timeout: float) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process groups from /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM, signal.SIGHUP], ids=["KILL", "TERM", "HUP"])
def test_no_speech_engine_outlives_a_killed_game(home: Home, tmp_path: Path, sig: int) -> None:
    pids = tmp_path / "engine-pids"
    engine = tmp_path / "slow-engine"
    engine.write_text(f"#!/bin/sh\necho $$ >> {pids}\nsleep 1000\n")  # a child of its own, too
    engine.chmod(0o755)
    env = home.env(DOOMLINGS_ESPEAK=str(engine))
    game = home.start("play", "--plain", "--speech", "tts", "--seed", "5", env=env)
    try:
        assert wait(lambda: pids.exists() and pids.read_text().strip() != "", 30), "the engine never started"
        pgid = int(pids.read_text().split()[0])
        assert wait(lambda: len(group_members(pgid)) == 2, 10), "engine and its child are running"
        game.send_signal(sig)
        game.communicate(timeout=30)
    finally:
        if game.poll() is None:
            game.kill()
            game.communicate()
    left = [] if wait(lambda: not group_members(pgid), 10) else group_members(pgid)
    for pid in left:  # the test's own fake engine: never leave it behind, even on failure
        os.kill(pid, signal.SIGKILL)
    assert not left, f"left running: {left}"
    assert not alive(pgid)


# --- our own old files are tidied, nothing else ----------------------------------------------------


def aged(path: Path, seconds: float) -> Path:
    then = time.time() - seconds
    os.utime(path, (then, then), follow_symlinks=False)
    return path


def test_old_temporary_broken_and_lock_files_are_tidied_and_nothing_else(home: Home, tmp_path: Path) -> None:
    s = home.saves
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    old_tmp = s / ".game-20240101-120000.json.0123456789abcdef.tmp"
    old_tmp.write_text("{")
    legacy_tmp = s / "game-20240101-120000.json.tmp"
    legacy_tmp.write_text("{")
    old_broken = s / "game-20230101-120000.json.broken-20230101-120000"
    old_broken.write_text("{")
    stale_lock = s / "game-20230101-120000.json.lock"
    stale_lock.write_text("999999\n")
    removed = [aged(p, 2 * HOUR) for p in (old_tmp, legacy_tmp)] + [aged(old_broken, 40 * DAY), stale_lock]
    fresh_tmp = s / ".game-20240102-120000.json.fedcba9876543210.tmp"
    fresh_tmp.write_text("{")
    young_broken = s / "game-20240101-120000.json.broken-20240101-120000"
    young_broken.write_text("{")
    aged(young_broken, DAY)
    link = s / ".evil.json.0123456789abcdef.tmp"
    link.symlink_to(victim)
    aged(link, 2 * HOUR)
    notes = s / "notes.txt"
    notes.write_text("mine")
    aged(notes, 40 * DAY)
    sub = s / "old"
    sub.mkdir()
    inner = sub / ".x.json.0123456789abcdef.tmp"
    inner.write_text("{")
    aged(inner, 2 * HOUR)
    kept = [fresh_tmp, young_broken, link, notes, sub, inner]
    done = home.run("play", *GAME, "--seed", "3", stdin="q\ny\n").clean()
    assert done.returncode == 0
    assert not any(os.path.lexists(p) for p in removed), [p.name for p in removed if os.path.lexists(p)]
    assert all(os.path.lexists(p) for p in kept), [p.name for p in kept if not os.path.lexists(p)]
    assert victim.read_text() == "keep me"


def test_old_cache_entries_are_tidied_when_the_cache_is_rebuilt(home: Home) -> None:
    assert home.run("card", "Tiny").returncode == 0
    folder = home.cache / "doomlings-access"
    current = sorted(folder.glob("*.json"))  # the parse cache of each card file, and the index
    index = [p for p in current if p.name.startswith("index-")]
    assert len(index) == 1 and len(current) == 4, [p.name for p in current]
    old = [folder / n for n in ("traits-00000000-1.v1.json", "ages-11111111-2.json", "index-retail-00000000.json")]
    for path in old:
        path.write_text("{}")
        aged(path, 40 * DAY)
    young = folder / "traits-22222222-3.v1.json"
    young.write_text("{}")
    foreign = folder / "my-notes.json"
    foreign.write_text("{}")
    aged(foreign, 40 * DAY)
    current[0].write_text("corrupt")  # forces a rebuild, which tidies
    index[0].write_text("corrupt")  # so the look-up builds its index again, loading the cards
    assert home.run("card", "Tiny").clean().returncode == 0
    assert not any(p.exists() for p in old)
    assert young.exists() and foreign.exists()
    assert all(p.exists() for p in current)


# --- a full disk: one warning ----------------------------------------------------------------------


def small_files() -> None:
    """Any file written grows past 300 bytes only with an error (EFBIG), as a full disk would
    refuse it; Python ignores SIGXFSZ, so the write fails instead of killing the game."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300))


def test_a_disk_that_refuses_writes_gives_one_warning_and_the_game_goes_on(home: Home) -> None:
    done = home.run("play", *GAME, "--seed", "6", stdin="1\n" * 40 + "q\ny\n", preexec_fn=small_files).clean()
    assert done.returncode == 0, done.both
    warnings = [line for line in done.out.splitlines() if "cannot be saved" in line]
    assert len(warnings) == 1, warnings
    assert "Game over." in done.out, "the game went on to its end"
    assert not [p for p in home.saves.iterdir() if p.name.endswith(".tmp")], "no half-written leftovers"


@pytest.mark.parametrize("blocker", ["file", "proc"])
def test_a_game_that_cannot_be_saved_names_the_folder_and_warns_before_quitting(
    home: Home, tmp_path: Path, blocker: str
) -> None:
    """The warning said "(is not a folder)" of no folder, and a player heard the game was
    lost only after quitting it: the question to quit says so first, and n goes on."""
    if blocker == "file":
        home.saves.rmdir()
        home.saves.write_text("not a folder")
        env, folder = home.env(), str(home.saves)
    else:
        env, folder = home.env(DOOMLINGS_DATA_DIR="/proc/self"), "/proc/self/saves"
    done = home.run("play", *GAME, "--seed", "3", stdin="q\nn\nq\ny\n", env=env).clean()
    assert done.returncode == 0, done.both
    assert f"Warning: the game cannot be saved: {folder} " in done.flat()
    assert all(len(line) <= 80 or " " not in line for line in done.out.splitlines()), "a long path is kept whole"
    lines = done.out.splitlines()
    asked = [i for i, line in enumerate(lines) if "Quit the game?" in line]
    assert len(asked) == 2 and all(lines[i - 1] == "This game could not be saved: quitting loses it." for i in asked)
    assert "Going on." in done.out


def test_a_saved_game_is_quit_without_a_warning(home: Home) -> None:
    done = home.run("play", *GAME, "--seed", "3", stdin="q\ny\n").clean()
    assert "quitting loses" not in done.out and "It is saved" in done.flat()
