"""Ctrl-Z and a resized window during a question, at real terminals (issue 34).

In the prompt_toolkit mode Ctrl-Z typed ``^Z`` into the answer instead of suspending the game;
in plain mode the game was suspended by the terminal, but after ``fg`` the question was not
asked again. Resizing the window during a question printed the prompt and the partial answer
again, so a screen reader read them twice. The game runs under an interactive bash (job
control: a program started from a test, with no shell, cannot be suspended by Ctrl-Z) in a
pexpect pseudo-terminal; nothing is mocked.
"""

from __future__ import annotations

import shlex
import time
from pathlib import Path

import pexpect
import pytest
from test_terminal import GAME_ARGS, PROMPT, STEP_TIMEOUT, child_env, game_command, to_question

pytestmark = pytest.mark.alone


def in_a_shell(tmp_path: Path, plain: bool) -> pexpect.spawn:
    """An interactive bash in a 24x80 pseudo-terminal, the game started from it."""
    env = child_env(tmp_path, PS1="shell$ ", PROMPT_TOOLKIT_NO_CPR="1")
    shell = pexpect.spawn("bash", ["--norc", "--noprofile", "-i"], env=env, dimensions=(24, 80),
                          encoding="utf-8", codec_errors="replace", timeout=STEP_TIMEOUT, cwd=str(tmp_path))
    shell.delaybeforesend = 0.05
    shell.expect_exact("shell$ ")
    command = [*game_command(), *GAME_ARGS, *(["--plain"] if plain else [])]
    shell.sendline(shlex.join(command))
    return shell


@pytest.mark.parametrize("plain", [True, False], ids=["plain", "prompt-toolkit"])
def test_ctrl_z_suspends_the_game_and_fg_asks_the_question_again(tmp_path: Path, plain: bool) -> None:
    shell = in_a_shell(tmp_path, plain)
    to_question(shell, PROMPT if plain else "Choose 1 to")
    shell.sendcontrol("z")
    shell.expect("Stopped")  # suspended: the shell has the terminal
    shell.expect_exact("shell$ ")
    shell.sendline("fg")
    shell.expect(PROMPT if plain else "Choose 1 to")  # the question, asked again
    shell.sendline("q")
    shell.expect_exact("Quit the game? Type y to quit, n to go on:")
    shell.sendline("y")
    shell.expect_exact("You left the game.")
    shell.expect_exact("shell$ ")
    shell.sendline("exit")
    shell.expect(pexpect.EOF)
    assert "^Z" not in (shell.before or "")


def test_a_resized_window_does_not_print_the_question_and_the_partial_answer_again(tmp_path: Path) -> None:
    shell = in_a_shell(tmp_path, plain=False)
    to_question(shell, "Choose 1 to")
    shell.send("q")  # half an answer (quit), not yet sent
    shell.expect_exact("q")
    time.sleep(0.5)
    for rows, columns in ((24, 100), (30, 60), (24, 80)):
        shell.setwinsize(rows, columns)
        time.sleep(0.7)  # (prompt_toolkit also polls the size every half second)
        shell.expect(pexpect.TIMEOUT, timeout=0.3)
        drawn = shell.before or ""
        assert "Choose 1 to" not in drawn and "q" not in drawn, repr(drawn)
    shell.send("\r")  # the answer typed before the resizes is the one taken
    shell.expect_exact("Quit the game? Type y to quit, n to go on:")
    shell.sendline("y")
    shell.expect_exact("You left the game.")
    shell.sendline("exit")
    shell.expect(pexpect.EOF)
