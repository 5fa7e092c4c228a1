"""Lines as the game prints them: at most 80 characters, broken at spaces, no indentation.

Kept apart from the output machinery so quick commands (``doomlings card``) can use it.
"""

from __future__ import annotations

import textwrap

WIDTH = 80
PAUSE = 12
"""Lines a listener holds: when more would come between two questions, the game first waits
for Enter (the ``pause`` setting; 0 never waits)."""
MAX_PAUSE = 99


def wrap(text: str) -> list[str]:
    """Lines of at most 80 characters, broken at spaces; no indentation. A single word longer
    than a line (a long file name) is kept whole, so it can still be copied."""
    if len(text) <= WIDTH:
        return [text]
    return textwrap.wrap(text, WIDTH, break_long_words=False, break_on_hyphens=False) or [text]
