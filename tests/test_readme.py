"""The README's commands work as written after ``make play`` (issue 14).

Every command the README shows is parsed by the real command-line parser (an option the
program does not know fails here), the place it says the command lives is where the Makefile
puts it, the commands it gives in full are run, and every make target it names exists.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from doomlings_access.arguments import fill_defaults
from doomlings_access.cli import _command_in, _parser

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text("utf-8")
MAKEFILE = (ROOT / "Makefile").read_text("utf-8")


def readme_commands() -> list[str]:
    """Every ``doomlings ...`` command in the README: code blocks and code spans."""
    found = re.findall(r"^    ((?:\.venv/bin/)?doomlings\b[^\n]*)$", README, re.MULTILINE)
    spans = re.findall(r"`((?:\.venv/bin/)?doomlings(?: [^`]*)?)`", " ".join(README.split()))
    return list(dict.fromkeys(found + spans))


COMMANDS = readme_commands()


def test_the_readme_says_where_the_command_lives() -> None:
    venv = re.search(r"^VENV := (\S+)$", MAKEFILE, re.MULTILINE)
    assert venv and venv.group(1) == ".venv"
    assert "`.venv/bin/doomlings`" in README and ". .venv/bin/activate" in README
    assert any(c.startswith(".venv/bin/doomlings ") for c in COMMANDS)
    assert Path(sys.executable).parent.name == "bin"  # the tests run in such a venv too


SAMPLES = {"NAME": "Tiny", "FILE": "x.json", "SAVE": "x.json", "MODE": "tts", "N": "3",
           "P": "2", "S": "1", "E": "retail", "J": "1", "SECONDS": "0.5"}


def as_typed(command: str) -> list[str]:
    """The command's words with placeholders filled in: ``[--json]`` taken, ``a|b`` as a."""
    words = []
    for word in shlex.split(command)[1:]:
        word = word.strip("[]").split("|")[0]
        words.append(SAMPLES.get(word, word))
    return words


@pytest.mark.parametrize("command", COMMANDS)
def test_every_readme_command_parses(command: str) -> None:
    words = as_typed(command)
    try:
        args = fill_defaults(_parser(_command_in(words)).parse_args(words))
    except SystemExit as exc:
        raise AssertionError(f"the README's command does not parse: {command}") from exc
    assert args.command == _command_in(words)


def test_readme_commands_given_in_full_run() -> None:
    script = Path(sys.executable).with_name("doomlings")
    for command in [c for c in COMMANDS if c.startswith(".venv/bin/doomlings card")]:
        words = shlex.split(command)[1:]
        done = subprocess.run([str(script), *words], capture_output=True, text=True,
                              timeout=60, check=False)
        assert done.returncode == 0, (command, done.stderr)
        assert done.stdout.startswith("Tiny, label db17."), command


def test_every_make_target_named_exists() -> None:
    named = set(re.findall(r"`make (\w+)`", " ".join(README.split())))
    assert {"play", "test", "setup", "bench", "fuzz"} <= named
    for target in named:
        assert re.search(rf"^{target}:", MAKEFILE, re.MULTILINE), target
