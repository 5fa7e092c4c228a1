"""Options work wherever they are typed: before the command as after it (issue 14).

Each case runs the real ``doomlings`` in a fresh pseudo-terminal (pexpect, 24x80,
TERM=xterm-256color), with its settings and saves in a temporary folder, and checks the
effect of the option, not the parsed value: escape sequences for ``--plain``, braille cells
for ``--labels braille``, speech reaching the engine for ``--speech tts``. Each "before"
case has an "omitted" twin that shows the check can fail.
"""

from __future__ import annotations

import io
import re
import stat
import subprocess
import time
from pathlib import Path

import pexpect
import pytest
from test_terminal import child_env, game_command

# Every key is sent once the prompt it answers is on the screen (prompt_toolkit draws its
# first prompt only when it has loaded and holds the terminal) or, with speech, once the engine
# was asked to say it: nothing is timed, so these run on both cores with the rest.

STEP_TIMEOUT = 15
# Prompts without their trailing space: prompt_toolkit draws that space as cursor moves.
MENU = "Choose 1 to 5, or ? for help:"
LOOK_UP = "Card name or label, or Enter to go back:"
QUESTION = "or ? for help: "
BRAILLE = range(0x2801, 0x2840)


def spawn(tmp_path: Path, args: list[str], **env: str) -> tuple[pexpect.spawn, io.StringIO]:
    command = game_command()
    log = io.StringIO()
    child = pexpect.spawn(
        command[0], command[1:] + args, env=child_env(tmp_path, **env), dimensions=(24, 80),
        encoding="utf-8", codec_errors="replace", timeout=STEP_TIMEOUT, cwd=str(tmp_path),
    )
    child.logfile_read = log
    child.delaybeforesend = 0.05
    return child, log


def finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF, timeout=STEP_TIMEOUT)
    child.close()
    return child.exitstatus


def companion_escapes(tmp_path: Path, args: list[str]) -> int:
    """Escape characters written while looking up one card in the companion."""
    child, log = spawn(tmp_path, args)
    try:
        child.expect_exact(MENU)
        child.sendline("1")
        child.expect_exact(LOOK_UP)
        child.sendline("Tiny")
        child.expect_exact(LOOK_UP)
        child.sendline("")
        child.expect_exact(MENU)
        child.sendline("5")
        assert finish(child) == 0
    finally:
        if child.isalive():
            child.terminate(force=True)
    text = log.getvalue()
    assert "Tiny, label db17." in text and "Traceback" not in text
    return text.count("\x1b")


@pytest.mark.parametrize(
    "args", [["--plain", "companion"], ["companion", "--plain"]], ids=["before", "after"]
)
def test_plain_before_or_after_the_command(tmp_path: Path, args: list[str]) -> None:
    assert companion_escapes(tmp_path, args) == 0


def test_without_plain_the_prompt_uses_escapes(tmp_path: Path) -> None:
    """The twin: the check above can fail (prompt_toolkit draws its prompt with escapes)."""
    assert companion_escapes(tmp_path, ["companion"]) > 0


def first_question(
    tmp_path: Path, args: list[str], said: Path | None = None, **env: str
) -> str:
    """Everything written up to the first question of a seeded game, then quit. With
    ``said``, the answer waits until the engine was asked to say the prompt (typing cuts
    speech off, as it should)."""
    child, log = spawn(tmp_path, args, **env)
    try:
        while child.expect_exact([QUESTION, "Press Enter for more. "]) == 1:
            child.sendline("")  # the opening is longer than a pause
        if said is not None:
            deadline = time.monotonic() + STEP_TIMEOUT
            while time.monotonic() < deadline and "Choose 1 to" not in _read(said):
                time.sleep(0.05)
        quit_game(child)
    finally:
        if child.isalive():
            child.terminate(force=True)
    return log.getvalue()


def quit_game(child: pexpect.spawn) -> None:
    """At a prompt: quit, confirm, and check the game ended cleanly."""
    child.sendline("q")
    child.expect_exact("Type y to quit, n to go on: ")
    child.sendline("y")
    assert finish(child) == 0


PLAY = ["--players", "2", "--seed", "7", "--plain"]


@pytest.mark.parametrize(
    ("before", "after"),
    [(["--labels", "braille"], []), ([], ["--labels", "braille"]), ([], [])],
    ids=["before", "after", "omitted"],
)
def test_labels_braille_before_or_after_play(
    tmp_path: Path, before: list[str], after: list[str]
) -> None:
    text = first_question(tmp_path, [*before, "play", *PLAY, "--speech", "off", *after])
    cells = sum(ord(ch) in BRAILLE for ch in text)
    if before or after:
        assert cells >= 5, text  # the hand and the choices show labels as cells
    else:
        assert cells == 0, text


def recording_engine(tmp_path: Path) -> tuple[str, Path]:
    """A speech engine that writes down what it is asked to say (the game's tts path)."""
    said = tmp_path / "said.txt"
    engine = tmp_path / "record-tts"
    engine.write_text(f'#!/bin/sh\ncat >> "{said}"\necho >> "{said}"\n')
    engine.chmod(engine.stat().st_mode | stat.S_IXUSR)
    return str(engine), said


@pytest.mark.parametrize(
    "args",
    [
        ["--speech", "tts", "play", *PLAY],
        ["play", *PLAY, "--speech", "tts"],
        ["play", *PLAY],
    ],
    ids=["before", "after", "omitted"],
)
def test_speech_tts_before_or_after_play(tmp_path: Path, args: list[str]) -> None:
    engine, said = recording_engine(tmp_path)
    first_question(tmp_path, args, said if "tts" in args else None, DOOMLINGS_ESPEAK=engine)
    if "tts" in args:
        spoken = _read(said)
        assert "Choose 1 to 5, or question mark for help:" in spoken, spoken  # (a lone "?" is not spoken)
        last = spoken.rstrip().splitlines()
        assert last[-2] == "You left the game. It is saved; to go on, type:", "the last words were spoken"
        assert last[-1].startswith("doomlings, resume, game dash 2 0 "), "the save's name, spelt"
        assert last[-1].endswith(" dash dash speech, tts. Or run doomlings and choose Resume a saved game.")
    else:
        assert not said.exists(), "speech was on although no option asked for it"


def _read(path: Path) -> str:
    return path.read_text("utf-8") if path.exists() else ""


@pytest.mark.parametrize(
    "args",
    [["--labels", "braille", "card", "Tiny"], ["card", "Tiny", "--labels", "braille"]],
    ids=["before", "after"],
)
def test_labels_braille_for_the_card_command(tmp_path: Path, args: list[str]) -> None:
    child, log = spawn(tmp_path, args)
    assert finish(child) == 0
    assert "Tiny, label ⠙⠃⠂⠶." in log.getvalue()


@pytest.mark.parametrize(
    ("before", "after"),
    [(["--pause", "2"], []), ([], ["--pause", "2"]), ([], [])],
    ids=["before", "after", "omitted"],
)
def test_pause_before_or_after_play(tmp_path: Path, before: list[str], after: list[str]) -> None:
    """With ``--pause 2`` the opening (five lines) waits for Enter before the first question;
    ``quit`` works at that pause as at a question. Omitted: the default, 5, does not."""
    child, log = spawn(tmp_path, [*before, "play", *PLAY, "--speech", "off", *after])
    try:
        first = child.expect_exact(["Press Enter for more. ", QUESTION])
        quit_game(child)
    finally:
        if child.isalive():
            child.terminate(force=True)
    assert "Traceback" not in log.getvalue()
    assert first == (0 if before or after else 1), log.getvalue()


ANY_TIME_OFFER = re.compile(r"^(?:Otto|Pia) played [^\n]+ Play a trait out of turn\?\n1\. Pass\n2\. Self-Awareness", re.MULTILINE)
"""Self-Awareness (played at any time) offered after another player's play."""


@pytest.mark.parametrize(
    ("before", "after"),
    [(["--any-time", "every"], []), ([], ["--any-time", "every"]), ([], [])],
    ids=["before", "after", "omitted"],
)
def test_any_time_before_or_after_play(tmp_path: Path, before: list[str], after: list[str]) -> None:
    """Seed 1, three players, the person answering 1 to everything with standard input a pipe:
    the person holds Self-Awareness; with ``--any-time every`` it is offered after other
    players' plays; omitted (``own``), never there."""
    done = subprocess.run(
        [*game_command(), *before, "play", "--players", "3", "--seed", "1", "--plain", "--speech", "off", *after],
        input="1\n" * 600, capture_output=True, text=True, env=child_env(tmp_path), cwd=str(tmp_path),
        timeout=120, check=False,
    )
    assert done.returncode == 0 and "Traceback" not in done.stdout + done.stderr, done.stderr[-500:]
    assert "You win" in done.stdout or "wins" in done.stdout, done.stdout[-500:]
    offers = len(ANY_TIME_OFFER.findall(done.stdout))
    assert (offers >= 3) if before or after else offers == 0, offers
