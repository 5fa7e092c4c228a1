"""Lines as the game prints them: at most 80 columns, broken at spaces, no indentation.

Eighty characters is what a standard terminal, a braille display's panning and a transcript
read in an editor all hold; a terminal narrower than that (a large-font window of forty
columns) gets its lines broken at spaces to its own width, read afresh for every line, so
every row holds whole words rather than a row of eighty cut in two by the terminal. How much
a listener is told at once (:data:`PAUSE`) is counted in :func:`rows` of 80, the same on every
screen.

Kept apart from the output machinery so quick commands (``doomlings card``) can use it.
"""

from __future__ import annotations

import os
from typing import TextIO

WIDTH = 80
"""The longest line printed, and how much a row holds when amounts of text are counted."""
MIN_WIDTH = 20
"""Narrower than this a terminal reports nonsense (or does not know its size): 80 is used."""
HOLD = 12
"""The most lines a listener holds between two prompts: about fifty seconds of speech, or a
two dozen pans of a 40-cell display."""
PAUSE = HOLD
"""Lines told at once (rows of :data:`WIDTH`): when more would come between two prompts, the
game first waits for Enter (the ``pause`` setting; 0 never waits). At 5, a pause fell at the
end of whatever message came next, a line or two after the last prompt, and a game cost 23
Enters that were no answers (3.8 keys a turn); at :data:`HOLD` a turn costs two."""
FEWEST = 5
"""A pause never comes after fewer lines than this since the last prompt (or the ``pause``
setting, if lower): a message that does not fit is parted at a sentence where the lines run
out, not kept whole behind an Enter that follows a line or two of news."""
MAX_PAUSE = 99


def columns_of(text: str) -> int:
    """How many columns of a terminal ``text`` takes: a Chinese or Japanese character takes
    two, an accent added to a letter none (wcwidth, Unicode's East Asian Width). Counted in
    characters, a line of Chinese names took up to 109 columns under the 80-column rule."""
    if text.isascii():  # (the quick path: nearly every line the game prints)
        return len(text)
    from wcwidth import wcswidth

    found = wcswidth(text)
    return found if found >= 0 else len(text)  # (-1: a control character, which clean() shows as ?)


def wrap(text: str, width: int | None = WIDTH) -> list[str]:
    """``text`` as printed lines: broken at spaces to at most ``width`` columns
    (:func:`columns_of`), or whole when ``width`` is None (a command to type again); no
    indentation. A single word longer than a line (a long file name) is kept whole, so it can
    still be copied."""
    if width is None or columns_of(text) <= width:
        return [text]
    if text.isascii():
        import textwrap  # (here, not at the top: most lines fit, and a quick command need not load it)

        return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [text]
    lines: list[str] = []
    line = ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if line and columns_of(joined) > width:
            lines.append(line)
            line = word
        else:
            line = joined
    return [*lines, line] if line else lines or [text]


def rows(text: str) -> int:
    """How many rows of a standard terminal ``text`` fills: the measure of how much is told."""
    return len(wrap(text, WIDTH))


def columns(stream: TextIO) -> int:
    """Where to break lines printed to ``stream``: at 80, or at a narrower terminal's width.
    Asked afresh for each line, so a resized window is followed."""
    try:
        if not stream.isatty():
            return WIDTH
        width = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):  # closed, replaced, or no file at all
        return WIDTH
    return width if MIN_WIDTH <= width < WIDTH else WIDTH


def print_wrapped(stream: TextIO, text: str) -> None:
    """Print ``text`` (already cleaned) to ``stream`` as :func:`wrap` breaks it for there."""
    stream.write("\n".join(wrap(text, columns(stream))) + "\n")
