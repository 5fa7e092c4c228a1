"""Where messages go: printed as plain lines (wrapped at 80), kept in history, and spoken.

Messages carry names and text from outside (player names, typed words, file contents), so
everything printed or spoken here goes through the one sanitiser first.
"""

from __future__ import annotations

import textwrap
from typing import Callable

from doomlings_access.safety.text import clean
from doomlings_access.ui.words import Said

WIDTH = 80


class Output:
    """Prints, remembers and speaks every message, through one door."""

    def __init__(self, write: Callable[[str], None], speaker: object | None = None) -> None:
        self.write = write
        self.speaker = speaker
        self.history: list[Said] = []
        self.fresh = False

    def say(self, said: Said, remember: bool = True, interrupt: bool = False, speak: bool = True) -> None:
        for line in wrap(clean(said.text)):
            self.write(line)
        if remember:
            self.history.append(said)
        if self.speaker is not None and speak:
            interrupt = interrupt or self.fresh
            self.fresh = False
            self.speaker.speak(clean(said.speech), interrupt=interrupt)  # type: ignore[attr-defined]

    def answered(self) -> None:
        """The player typed something: the next message cuts off whatever is being said."""
        self.fresh = True

    def info(self, text: str, remember: bool = False) -> None:
        """A line that is not a game event (review, help): printed and spoken, not in history."""
        self.say(Said(text, text), remember=remember)

    def lines(self, lines: list[str]) -> None:
        for line in lines:
            self.info(line)


def wrap(text: str) -> list[str]:
    """Lines of at most 80 characters, broken at spaces; no indentation."""
    if len(text) <= WIDTH:
        return [text]
    return textwrap.wrap(text, WIDTH, break_long_words=False, break_on_hyphens=False) or [text]
