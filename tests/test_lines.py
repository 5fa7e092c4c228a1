"""Where printed lines are broken: at 80 characters, or at a narrower terminal's width."""

from __future__ import annotations

import fcntl
import io
import os
import struct
import termios
from pathlib import Path

import pytest

from doomlings_access.lines import columns, print_wrapped, rows, wrap

SENTENCE = "Quin plays Vampirism, dp3. Vampirism takes Kidney from your pile. " * 3


def terminal(width: int) -> tuple[io.TextIOWrapper, int]:
    """A real pseudo-terminal ``width`` columns wide: the stream the game would print to, and
    the other end, from which what was printed is read."""
    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, width, 0, 0))
    return open(follower, "w", encoding="utf-8", closefd=True), leader


@pytest.mark.parametrize(("width", "broken_at"), [(40, 40), (80, 80), (132, 80)])
def test_a_terminal_breaks_lines_at_spaces_to_its_width_up_to_80(width: int, broken_at: int) -> None:
    stream, leader = terminal(width)
    try:
        assert columns(stream) == broken_at
        print_wrapped(stream, SENTENCE.strip())
        stream.flush()
        printed = os.read(leader, 4096).decode().replace("\r\n", "\n").splitlines()
    finally:
        stream.close()
        os.close(leader)
    assert len(printed) > 1
    assert all(len(line) <= broken_at for line in printed)
    assert max(len(line) for line in printed) > broken_at - 15, "the width is used"
    assert " ".join(printed) == SENTENCE.strip(), "words whole, nothing lost"


def test_a_resized_window_is_followed() -> None:
    stream, leader = terminal(70)
    try:
        assert columns(stream) == 70
        fcntl.ioctl(stream.fileno(), termios.TIOCSWINSZ, struct.pack("HHHH", 24, 50, 0, 0))
        assert columns(stream) == 50
    finally:
        stream.close()
        os.close(leader)


def test_a_file_a_pipe_or_a_closed_stream_breaks_lines_at_80(tmp_path: Path) -> None:
    with (tmp_path / "transcript.txt").open("w", encoding="utf-8") as file:
        assert columns(file) == 80
        print_wrapped(file, SENTENCE.strip())
    written = (tmp_path / "transcript.txt").read_text(encoding="utf-8").splitlines()
    assert written == wrap(SENTENCE.strip(), 80) and len(written) == 3
    read, write = os.pipe()
    with open(write, "w", encoding="utf-8") as pipe:
        assert columns(pipe) == 80
    os.close(read)
    assert columns(io.StringIO()) == 80
    closed = open(os.devnull, "w", encoding="utf-8")
    closed.close()
    assert columns(closed) == 80


def test_a_terminal_too_narrow_to_be_true_is_not_followed() -> None:
    stream, leader = terminal(0)  # a terminal that does not know its size says 0
    try:
        assert columns(stream) == 80
    finally:
        stream.close()
        os.close(leader)


def test_how_much_is_told_is_counted_in_rows_of_80_whatever_the_screen() -> None:
    assert rows("short") == 1
    assert rows(SENTENCE.strip()) == len(wrap(SENTENCE.strip(), 80)) == 3
    assert wrap(SENTENCE.strip(), None) == [SENTENCE.strip()], "a command to type again stays whole"
    assert wrap("a" * 100, 40) == ["a" * 100], "a word longer than a line is kept whole"


# --- width in columns, not characters (issue 34) ---------------------------------------------------

WIDE = "\u8bf8\u845b\u4eae" * 5
"""A Chinese name of fifteen characters, thirty columns: each character takes two."""


def test_a_line_is_measured_in_columns_so_wide_characters_keep_the_80_column_rule() -> None:
    from wcwidth import wcswidth

    text = f"{WIDE} plays Tiny, db17. {WIDE} draws 3 cards. {WIDE} passes the turn to Otto."
    lines = wrap(text)
    assert len(lines) > 1 and all(wcswidth(line) <= 80 for line in lines), [wcswidth(line) for line in lines]
    assert " ".join(lines) == text
    assert rows(text) == len(lines)
    narrow = wrap(text, 40)
    assert narrow[:2] == [f"{WIDE} plays", "Tiny, db17."] and all(wcswidth(line) <= 40 for line in narrow), narrow


def test_a_game_with_a_chinese_name_prints_no_line_wider_than_80_columns(tmp_path: Path) -> None:
    """A game with wide characters in a name printed lines of up to 109 columns (89 in this
    one): the 80-column rule counted characters."""
    import subprocess

    from programs import DOOMLINGS, isolated_env
    from wcwidth import wcswidth

    done = subprocess.run(
        [*DOOMLINGS, "play", "--plain", "--speech", "off", "--pause", "0", "--seed", "5", "--players", "4",
         "--names", WIDE],
        input="1\n" * 400, capture_output=True, text=True, env=isolated_env(tmp_path), timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "Placings:" in done.stdout and len(lines) > 100
    assert max(wcswidth(line) for line in lines) <= 80


def test_a_message_of_several_rows_reaches_the_terminal_in_one_write() -> None:
    """A screen reader that reads what arrives spoke each row of a wrapped message by itself,
    the sentence broken at the 80-column wrap: the console writes the message's rows at once
    (and still never a control character in them)."""
    import io

    from doomlings_access.telling.console import PlainConsole
    from doomlings_access.telling.output import Output
    from doomlings_access.ui.words import Said

    class Counted(io.StringIO):
        writes: list[str] = []

        def write(self, text: str) -> int:
            self.writes.append(text)
            return super().write(text)

    stdout = Counted()
    console = PlainConsole(io.StringIO(), stdout)
    text = "Otto plays Camouflage, dp1. Camouflage reads: Your gene pool is one bigger, and at the end " \
        "you score one point per card in your hand. Otto's gene pool goes from 5 to 6.\x1b[31m"
    Output(console.write).say(Said(text, text))
    assert len(stdout.writes) == 1, stdout.writes
    rows = stdout.getvalue().splitlines()
    assert len(rows) == 3 and all(len(row) <= 80 for row in rows) and "\x1b" not in stdout.getvalue(), rows
