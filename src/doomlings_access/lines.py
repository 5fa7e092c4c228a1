"""Lines as the game prints them: one line per message, broken at spaces only on a terminal.

A screen reader speaks a message whole however it is printed, and a braille display pans along
a line; what breaking lines is for is the screen. On a terminal, a line longer than the window
is broken at spaces to the window's width, read afresh for every line, so a large-font window
of forty columns gets whole words on every row rather than rows of eighty cut in two. To a
file or a pipe (a transcript, a test, a screen reader's log) each message stays one line: a
sentence is never split across lines, and the lines between two questions are the messages
told. How much a listener is told at once (:data:`PAUSE`) is counted in :func:`rows`, the
same on every screen.

Kept apart from the output machinery so quick commands (``doomlings card``) can use it.
"""

from __future__ import annotations

import os
import textwrap

from typing import TextIO

WIDTH = 80
"""The width of a standard terminal: how much a row holds when amounts of text are counted."""
MIN_WIDTH = 20
"""Narrower than this a terminal reports nonsense (or is no terminal): lines are not broken."""
PAUSE = 12
"""Lines a listener holds (rows of :data:`WIDTH`): when more would come between two questions,
the game first waits for Enter (the ``pause`` setting; 0 never waits)."""
MAX_PAUSE = 99


def wrap(text: str, width: int | None = None) -> list[str]:
    """``text`` as printed lines: broken at spaces to at most ``width`` characters, or whole
    when ``width`` is None; no indentation. A single word longer than a line (a long file
    name) is kept whole, so it can still be copied."""
    if width is None or len(text) <= width:
        return [text]
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [text]


def rows(text: str) -> int:
    """How many rows of a standard terminal ``text`` fills: the measure of how much is told."""
    return len(wrap(text, WIDTH))


def columns(stream: TextIO) -> int | None:
    """Where to break lines printed to ``stream``: the window's width when it is a terminal,
    else None (never broken). Asked afresh for each line, so a resized window is followed."""
    try:
        if not stream.isatty():
            return None
        width = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):  # closed, replaced, or no file at all
        return None
    return width if width >= MIN_WIDTH else None


def print_wrapped(stream: TextIO, text: str) -> None:
    """Print ``text`` (already cleaned) to ``stream`` as :func:`wrap` breaks it for there."""
    stream.write("\n".join(wrap(text, columns(stream))) + "\n")
