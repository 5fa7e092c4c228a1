"""Where messages go: printed as plain lines (at most 80 characters, see
:mod:`doomlings_access.lines`), kept in history, and spoken.

Messages carry names and text from outside (player names, typed words, file contents), so
everything printed or spoken here goes through the one sanitiser first.
"""

from __future__ import annotations

import contextlib
import re

from collections.abc import Callable
from typing import ContextManager, Protocol

from doomlings_access.lines import WIDTH, rows, wrap
from doomlings_access.safety.text import clean
from doomlings_access.telling.words import Said

__all__ = ["WIDTH", "Output", "Voice", "wrap"]


LONE_QUESTION_MARK = re.compile(r"(?<![\w?!.])\?(?=[\s,:;.)]|$)")
"""A ``?`` that is a key to type ("or ? for help"), not the end of a question: speech engines
say nothing for it, so the listener never heard which key gives help."""


def spoken(text: str) -> str:
    """``text`` as it is spoken: a key named by a lone ``?`` is said as "question mark"."""
    return LONE_QUESTION_MARK.sub("question mark", text)


class Voice(Protocol):
    """Where spoken lines go (``doomlings_access.app.Speech``)."""

    def speak(self, text: str, interrupt: bool = False, braille: str | None = None) -> None: ...

    def prompt(self, text: str, interrupt: bool = False) -> None: ...


class Output:
    """Prints, remembers and speaks every message, through one door."""

    def __init__(
        self, write: Callable[[str], None], speaker: Voice | None = None, width: Callable[[], int] = lambda: WIDTH
    ) -> None:
        """``width``: where to break printed lines, asked for each message."""
        self.write = write
        self.speaker = speaker
        self.width = width
        self.history: list[Said] = []
        self.guard: ContextManager[object] = contextlib.nullcontext()
        """Held while a message is told: the online client tells news from its network's
        thread and answers from the person's, and a key typed just as news came in must not
        lose its cutting off of speech (``fresh``), so the client shares its screen's lock."""
        self.fresh = False
        self.since_prompt = 0
        """Rows told since the last prompt (:func:`doomlings_access.lines.rows`, the
        measure of the ``pause`` setting): every prompt, of a question, a pause or a menu, ends a stretch."""

    def say(
        self, said: Said, remember: bool = True, interrupt: bool = False, speak: bool = True, whole: bool = False
    ) -> None:
        """``whole``: one line however long (a command to type again, never cut in two)."""
        with self.guard:
            self._say(said, remember, interrupt, speak, whole)

    def _say(self, said: Said, remember: bool, interrupt: bool, speak: bool, whole: bool) -> None:
        text = clean(said.text)
        # One write for the whole message: a screen reader reading what arrives spoke each
        # printed row by itself, the sentences broken at the 80-column wrap.
        self.write("\n".join(wrap(text, None if whole else self.width())))
        self.since_prompt += rows(text)
        if remember:
            self.history.append(said)
        if self.speaker is not None and speak:
            interrupt = interrupt or self.fresh
            self.fresh = False
            # Words for speech, the printed line (labels kept) for a braille display.
            self.speaker.speak(spoken(clean(said.speech)), interrupt=interrupt, braille=clean(said.text))

    def prompt(self, text: str) -> None:
        """Speak a prompt the console is about to print (the console prints it, not this)."""
        with self.guard:
            self.since_prompt = 0
            if self.speaker is not None and text.strip():
                interrupt, self.fresh = self.fresh, False
                self.speaker.prompt(spoken(clean(text.strip())), interrupt=interrupt)

    def answered(self) -> None:
        """The player typed something: the next message cuts off whatever is being said."""
        with self.guard:
            self.fresh = True
            self.since_prompt = 0

    def info(self, text: str, remember: bool = False, whole: bool = False) -> None:
        """A line that is not a game event (review, help): printed and spoken, not in history."""
        self.say(Said(text, text), remember=remember, whole=whole)

    def lines(self, lines: list[str]) -> None:
        """Lines printed and spoken one by one: each is a unit (an item, or whole sentences)."""
        for line in lines:
            self.info(line)
