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
