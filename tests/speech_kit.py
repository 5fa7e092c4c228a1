"""Real speech recorded: the game's tts engine pointed (``DOOMLINGS_ESPEAK``, the game's own
way to name its engine) at a small script that hands each utterance to the real espeak-ng,
writing a WAV file and the utterance's text instead of playing it. Used by the local game's
speech tests and the online client's."""

from __future__ import annotations

import shutil
import wave
from pathlib import Path

import pexpect
import pytest


def espeak_to_wav(tmp_path: Path, *also: str) -> tuple[str, Path]:
    """The script to name as the engine, and the folder its recordings go to (the test is
    skipped without espeak-ng, or a program of ``also`` it needs)."""
    espeak = shutil.which("espeak-ng")
    if espeak is None or any(shutil.which(program) is None for program in also):
        pytest.skip(f"needs {' and '.join(('espeak-ng', *also))}")
    folder = tmp_path / "speech"
    folder.mkdir()
    script = tmp_path / "espeak-to-wav"
    script.write_text(
        "#!/bin/sh\n"
        f'n="{folder}/$(date +%s%N)"\n'
        'cat > "$n.part"\n'
        f'"{espeak}" "$@" -w "$n.wav" -f "$n.part"\n'
        'mv "$n.part" "$n.txt"\n'
    )
    script.chmod(0o755)
    return str(script), folder


def said_aloud(folder: Path) -> list[tuple[str, Path]]:
    """Every finished utterance, in order: its text and its WAV file."""
    return [(t.read_text("utf-8"), t.with_suffix(".wav")) for t in sorted(folder.glob("*.txt"))]


def seconds(wav: Path) -> float:
    """How long a recorded utterance lasts."""
    with wave.open(str(wav), "rb") as w:
        return w.getnframes() / w.getframerate()


def leave(child: pexpect.spawn, typed: str, asked: str) -> None:
    """Leave the program at a real terminal as a player does: ``typed`` (quit), y at the
    question ``asked`` ("Type y to quit, n to go on: "), and wait for it to end."""
    child.sendline(typed)
    child.expect_exact(asked)
    child.sendline("y")
    child.expect(pexpect.EOF)
