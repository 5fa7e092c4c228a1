"""The questions of the main menu and of what it opens (a new game's questions, the list of
saved games, the settings, the rules): every one takes a number, the first letters of a
choice or its whole word, and ``?`` or ``help``, which says what it wants. A bad line gets
one line, then the same prompt. ``back`` or Ctrl-C returns to the main menu (the companion's
own questions do the same for its menu); end of input is left to the caller, which leaves
the program saying so.
"""

from __future__ import annotations

from collections.abc import Sequence

from doomlings_access.safety.text import shown, whole_number
from doomlings_access.telling.console import Console, clean_typed, nothing_typed
from doomlings_access.telling.output import Output

HELP_WORDS = ("?", "help")
GO_BACK = "Type back, or press Ctrl-C, to return to the main menu."


class BackToMenu(Exception):
    """The player asked for the main menu (``back`` or Ctrl-C at one of its questions)."""


def fitting(typed: str, choices: Sequence[str]) -> list[int]:
    """The choices ``typed`` may mean, by index: the one it names whole; else those it begins
    (in any case); else those with a later word it begins (``h`` for Rules and help)."""
    low = " ".join(typed.replace("-", " ").split()).casefold()  # "screen reader", as it is heard
    if not low:
        return []
    names = [c.replace("-", " ").casefold() for c in choices]
    for fits in (
        lambda n: n == low,
        lambda n: n.startswith(low),
        lambda n: any(word.startswith(low) for word in n.split()[1:]),
    ):
        found = [i for i, name in enumerate(names) if fits(name)]
        if found:
            return found
    return []


class Asker:
    """One way of asking for the main menu and all it opens."""

    def __init__(self, console: Console, out: Output) -> None:
        self.console, self.out = console, out

    def read(self, prompt: str, help_lines: Sequence[str], back: bool = True) -> str:
        """A line, stripped. ``?`` or ``help`` says ``help_lines`` and asks again; with
        ``back``, typing back or pressing Ctrl-C raises :class:`BackToMenu` (without it, as at
        the main menu itself, Ctrl-C is the caller's)."""
        while True:
            try:
                line = self.console.read(prompt).strip()
            except KeyboardInterrupt:
                if not back:
                    raise
                self.out.info("")  # the line of the prompt, left where ^C was pressed, ends
                raise BackToMenu() from None
            if back and line.casefold() == "back":
                raise BackToMenu()
            if line.casefold() not in HELP_WORDS:
                return line
            self.out.lines(list(help_lines))
            if back:
                self.out.info(GO_BACK)

    def text(self, question: str, default: str, help_text: str) -> str:
        """A line of text; Enter takes ``default``."""
        return self.read(f"{question} [{default}]: ", [help_text]) or default

    def choice(
        self,
        prompt: str,
        choices: Sequence[str],
        default: int | None,
        help_text: str,
        back: bool = True,
    ) -> int:
        """The index of the choice given by its number, the first letters of it or its whole
        name; Enter takes ``default`` (with none, Enter is said to be nothing). A line that fits
        several choices names them, and guesses none."""
        n = len(choices)
        again = f"Choose 1 to {n}, or ? for help."
        while True:
            line = self.read(prompt, [help_text], back)
            if not line and default is not None:
                return default
            if not line:
                self.out.info(f"Nothing typed. {again}")
                continue
            number = whole_number(line, 1, n)
            if number is not None:
                return number - 1
            fits = fitting(line, choices)
            if len(fits) == 1:
                return fits[0]
            if fits:
                named = "; ".join(f"{i + 1}. {choices[i]}" for i in fits)
                self.out.info(f"{shown(line, 20)} fits {len(fits)} choices: {named}. Type its number.")
                continue
            if not clean_typed(line):  # an arrow or a function key: no letter typed
                self.out.info(f"{nothing_typed(line)} {again}")
                continue
            self.out.info(f"Not a choice: {shown(line, 20)}. {again}")

    def number(self, question: str, default: int, low: int, high: int, help_text: str = "") -> int:
        """A whole number from ``low`` to ``high``; Enter takes ``default``."""
        ways = f"Type a number from {low} to {high}, or press Enter for {default}."
        while True:
            raw = self.read(f"{question} [{default}]: ", [f"{help_text} {ways}".strip()])
            if not raw:
                return default
            value = whole_number(raw, low, high)
            if value is not None:
                return value
            self.out.info(f"Not a choice: {shown(raw, 20)}. Type a number from {low} to {high}, or ? for help.")
