"""Reading a line from the player: plain text, or a one-line prompt_toolkit prompt.

Plain mode writes the prompt and reads a line with no escape sequences at all; it is chosen
by itself when input is not a terminal or TERM is dumb. The prompt_toolkit mode has history
and Tab completion only: no toolbars, pop-ups, suggestions, mouse or cursor-position requests.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TextIO

from doomlings_access.safety.text import MAX_DIGITS, MAX_SHOWN, clean


def printable(text: str) -> str:
    """Lines to print, as one piece of text: each cleaned (never a control character or an
    escape sequence), each ended by a new line. A message wrapped into rows goes to the
    terminal in one write, so a screen reader gets it whole (row by row it spoke each row by
    itself, the sentences broken at the wrap)."""
    return "".join(clean(row) + "\n" for row in text.split("\n"))


class Console(Protocol):
    def read(self, prompt: str, words: Sequence[str] = ()) -> str:
        """Read one line; raises EOFError at end of input, KeyboardInterrupt on Ctrl-C."""

    def write(self, line: str) -> None: ...


MAX_LINE = 8192
"""Longest line read as one answer: a longer one is cut here and its rest skipped, so a huge
paste costs no more memory than this (and is answered as too long)."""


class PlainConsole:
    """Prompt text and a line read from standard input, nothing else."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout

    def write(self, line: str) -> None:
        self.stdout.write(printable(line))
        self.stdout.flush()

    def read(self, prompt: str, words: Sequence[str] = ()) -> str:
        self.show(prompt)
        return self.read_shown(prompt)

    def show(self, prompt: str) -> None:
        """Print ``prompt``, to be followed by :meth:`read_shown`: a caller printing news from
        another thread shows its prompt under its own lock, so that no news comes between the
        prompt chosen and the prompt shown (a stale prompt was left last on the screen and in
        the ear)."""
        self.stdout.write(clean(prompt))
        self.stdout.flush()

    def read_shown(self, prompt: str) -> str:
        """A line at ``prompt``, already shown (:meth:`show`; shown again after Ctrl-Z and fg)."""
        with _asked_again_after_fg(lambda: self._ask_again(prompt), self.stdin):
            line = self.stdin.readline(MAX_LINE + 1)
        if not line:
            self.stdout.write("\n")
            raise EOFError
        if len(line) > MAX_LINE and not line.endswith("\n"):
            self._skip_rest_of_line()  # one answer (too long), however much was pasted
            line = line[:MAX_LINE]
        answer = line.rstrip("\r\n")
        if not self.stdin.isatty():  # echo piped answers so the transcript reads as a dialogue
            self.stdout.write(clean(answer, MAX_SHOWN) + "\n")  # never an escape sequence
        return answer

    def _ask_again(self, prompt: str) -> None:
        """The prompt once more, after the game was suspended (Ctrl-Z) and brought back (fg):
        the shell's lines came after it, and a listener must hear what is asked."""
        self.stdout.write(clean(prompt))
        self.stdout.flush()

    def _skip_rest_of_line(self) -> None:
        while True:
            more = self.stdin.readline(MAX_LINE)
            if not more or more.endswith("\n"):
                return


@contextlib.contextmanager
def _asked_again_after_fg(again: Callable[[], None], stdin: TextIO) -> Iterator[None]:
    """While a line is read from a terminal, ``again`` is called when the game goes on after
    being suspended (SIGCONT: ``fg`` after Ctrl-Z). The terminal stops the game at Ctrl-Z by
    itself, and dropped what was typed of the answer; the question was not asked again, so
    after ``fg`` the player faced a shell's lines and a silent cursor. (Only in the main
    thread, where signals are handled, and only at a terminal.)"""
    sigcont = getattr(signal, "SIGCONT", None)
    try:
        at_terminal = stdin.isatty()
    except (AttributeError, ValueError, OSError):
        at_terminal = False
    if sigcont is None or not at_terminal or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(sigcont, lambda signum, frame: again())
    try:
        yield
    finally:
        signal.signal(sigcont, previous)


IMPORT_WAIT = 10.0
"""Seconds the first question waits for prompt_toolkit before the game reads plain lines."""


class ToolkitConsole:
    """A quiet single-line prompt_toolkit prompt with history and Tab completion.

    prompt_toolkit takes longer to import than the whole game takes to start, so it is imported
    in the background while the game sets up; the first question waits for it, so every
    question, the first included, is the same kind of prompt. Tab completes inline, as
    readline does: no pop-up menu, nothing completed while typing.
    """

    def __init__(self) -> None:
        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        self.session: Any = None
        self.sessions: dict[object, Any] = {}
        """A prompt for each person at the keyboard, each with its own history (the Up arrow):
        one for the whole program recalled what the person before had typed ("card
        Symbiosis", a card in her hand)."""
        self.listener: object = None
        self.plain = PlainConsole()
        self.failed: BaseException | None = None
        self.loader = threading.Thread(target=self._import, name="prompt-toolkit-import", daemon=True)
        self.loader.start()
        atexit.register(self.loader.join, 2.0)

    def _import(self) -> None:
        try:
            import prompt_toolkit.completion
            import prompt_toolkit.history  # noqa: F401
        except Exception as exc:  # noqa: BLE001  (then every question is read as a plain line)
            self.failed = exc

    def _session(self) -> Any:
        if self.listener not in self.sessions and self.failed is None:
            self.loader.join(IMPORT_WAIT)
            if self.loader.is_alive():  # give up once: every later question is plain too
                self.failed = TimeoutError("prompt_toolkit did not load in time")
            if self.failed is not None:
                return None
            self.sessions[self.listener] = quiet_prompt_session()
        self.session = self.sessions.get(self.listener)
        return self.session

    def listening(self, person: object) -> None:
        """The keyboard is ``person``'s now: what they type, and the Up arrow, are theirs."""
        self.listener = person

    def write(self, line: str) -> None:
        sys.stdout.write(printable(line))
        sys.stdout.flush()

    def can_clear(self) -> bool:
        """Whether :meth:`clear` would clear anything: only a terminal's screen can be."""
        return sys.stdout.isatty()

    def clear(self) -> bool:
        """Clear the screen and its scrollback (a hand-over at one keyboard)."""
        if not self.can_clear():
            return False
        # Home and clear the screen first, then the scrollback: terminals that keep what a
        # clear wipes (tmux, many others) put it into the scrollback, which ED 3 then empties
        # (the order of ncurses' own ``clear``).
        sys.stdout.write("\x1b[H\x1b[2J\x1b[3J")
        sys.stdout.flush()
        return True

    def read(self, prompt: str, words: Sequence[str] = ()) -> str:
        session = self._session()
        if session is None:
            return self.plain.read(prompt, words)
        from prompt_toolkit.completion import WordCompleter

        completer = WordCompleter(sorted(set(words)), ignore_case=True, sentence=True)
        return str(session.prompt(clean(prompt), completer=completer))


class PromptVoice(Protocol):
    def prompt(self, text: str) -> None: ...


class SpokenPrompts:
    """A console whose prompts are also spoken: a self-voiced player hears what is asked
    ("Choose 1 to 4, or ? for help") at every question of the game, the menus and the
    companion, not only the lines printed before it."""

    def __init__(self, console: Console, voice: PromptVoice) -> None:
        self.console, self.voice = console, voice

    def write(self, line: str) -> None:
        self.console.write(line)

    def read(self, prompt: str, words: Sequence[str] = ()) -> str:
        self.voice.prompt(prompt)
        return self.console.read(prompt, words)

    def shows_prompts(self) -> bool:
        """Whether the console below shows a prompt apart from reading (:meth:`PlainConsole.show`)."""
        return isinstance(self.console, PlainConsole)

    def show(self, prompt: str) -> None:
        assert isinstance(self.console, PlainConsole)
        self.voice.prompt(prompt)
        self.console.show(prompt)

    def read_shown(self, prompt: str) -> str:
        assert isinstance(self.console, PlainConsole)
        return self.console.read_shown(prompt)

    def can_clear(self) -> bool:
        can_clear = getattr(self.console, "can_clear", None)
        return bool(callable(can_clear) and can_clear())

    def listening(self, person: object) -> None:
        listening = getattr(self.console, "listening", None)
        if callable(listening):
            listening(person)

    def clear(self) -> bool:
        clear = getattr(self.console, "clear", None)
        return bool(callable(clear) and clear())


def wants_plain(forced: bool = False) -> bool:
    """Plain mode when asked, when input or output is not a terminal, or TERM is dumb."""
    term = os.environ.get("TERM", "")
    return (
        forced
        or not sys.stdin.isatty()
        or not sys.stdout.isatty()
        or term in ("", "dumb")
        or os.environ.get("DOOMLINGS_PLAIN") == "1"
    )


def make_console(plain: bool) -> Console:
    if wants_plain(plain):
        return PlainConsole()
    return ToolkitConsole()


def quiet_prompt_session(**streams: Any) -> Any:
    """The prompt_toolkit session of :class:`LinePrompt` (``streams``: an input and output
    for tests). A pasted colour sequence (``ESC [ 31 m``) looks to prompt_toolkit like a
    mouse report, whose handler raises and prints a traceback, even with the mouse off: such
    reports are ignored."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys
    from prompt_toolkit.shortcuts import CompleteStyle

    keys = KeyBindings()

    @keys.add(Keys.Vt100MouseEvent)
    def _ignore(event: Any) -> None:
        """(The prompt's own bindings come last, so this one wins over the mouse handler.)"""

    @keys.add(Keys.ControlI)
    def _complete_inline(event: Any) -> None:
        """Tab completes inline only: the one word that fits, or as much as all that fit
        share. A list of candidates, printed with the prompt again under it at every Tab (as
        prompt_toolkit's readline style does), is read aloud again each time; ``?`` lists
        the answers instead."""
        from prompt_toolkit.completion import CompleteEvent, get_common_complete_suffix

        buffer = event.current_buffer
        if buffer.completer is None:
            return
        found = list(buffer.completer.get_completions(buffer.document, CompleteEvent(completion_requested=True)))
        if len(found) == 1:
            buffer.apply_completion(found[0])
        elif found:
            buffer.insert_text(get_common_complete_suffix(buffer.document, found))

    session: Any = PromptSession(
        history=InMemoryHistory(),
        complete_style=CompleteStyle.READLINE_LIKE,
        complete_while_typing=False,
        enable_history_search=False,
        mouse_support=False,
        key_bindings=keys,
        enable_suspend=True,  # Ctrl-Z suspends, as in any program at a terminal (it typed ^Z)
        **streams,
    )
    _leave_the_answer_as_typed(session.app.renderer)
    _stay_still_when_resized(session)
    return session


def _stay_still_when_resized(session: Any) -> None:
    """When the window is resized during a question, prompt_toolkit erases the prompt's line
    and draws the question and the partial answer again: a screen reader reads them a second
    time. While the line on screen fits on one row before and after (a terminal does not
    rewrap such a line), it is left as it is and only the new size is noted, so the next key
    is drawn as one character; a longer line is drawn again as prompt_toolkit draws it."""
    from doomlings_access.lines import columns_of

    app = session.app
    renderer = app.renderer
    redraw = app._on_resize

    def on_resize() -> None:
        size = renderer.output.get_size()
        last = getattr(renderer, "_last_size", None)
        message = session.message
        drawn = columns_of(message) + columns_of(app.current_buffer.text) + 1 if isinstance(message, str) else None
        if (
            last is not None and drawn is not None and getattr(renderer, "_last_screen", None) is not None
            and drawn < min(last.columns, size.columns)
        ):
            renderer._last_size = size
            return
        redraw()

    app._on_resize = on_resize


def _leave_the_answer_as_typed(renderer: Any) -> None:
    """On Enter prompt_toolkit erases the prompt's line and draws it again, answer and all (its
    last drawing "as done"): a screen reader that reads what a terminal prints, not what
    changed, reads the question and the answer a second time. When the line on screen is
    already the answered line (drawn with this very text, the cursor at its end, on one row or
    more: at 40 columns most answers take two), the cursor only goes to the next line.
    Anything else (an answer typed or pasted faster than it was drawn, the cursor moved back,
    a prompt_toolkit without the parts relied on) is drawn as prompt_toolkit draws it."""
    draw = renderer.render
    drawn: list[str | None] = [None]  # the answer as the line on screen shows it

    def render(app: Any, layout: Any, is_done: bool = False) -> None:
        buffer = app.current_buffer
        screen = getattr(renderer, "_last_screen", None)
        as_shown = (
            is_done and screen is not None
            and drawn[0] == buffer.text and buffer.cursor_position == len(buffer.text)
        )
        if not as_shown:
            drawn[0] = None if is_done else buffer.text
            draw(app, layout, is_done)
            return
        drawn[0] = None
        output = renderer.output
        output.write_raw("\r\n")
        output.enable_autowrap()
        output.reset_attributes()
        output.show_cursor()
        output.flush()
        renderer.reset()

    renderer.render = render


def clean_typed(raw: str) -> str:
    """Drop control characters and whole escape sequences (arrows, function keys, pastes);
    keep letters of any language."""
    out = []
    i, n = 0, len(raw)
    while i < n:
        ch = raw[i]
        if ch == "\x1b":
            i += 1
            if i < n and raw[i] == "[":  # CSI: parameters, then one final byte @ to ~
                i += 1
                while i < n and not "@" <= raw[i] <= "~":
                    i += 1
                i += 1
            elif i < n and raw[i] in "O]PX^_":  # SS3 key, or a string sequence
                kind = raw[i]
                i += 1
                if kind == "O":
                    i += 1
                else:
                    while i < n and raw[i] not in "\x07\x1b":
                        i += 1
                    i += 1
            else:
                i += 1
            continue
        if ch.isprintable():
            out.append(ch)
        i += 1
    return " ".join("".join(out).split())


def nothing_typed(raw: str) -> str:
    """What to say of a line with nothing to read in it: an arrow or function key (an escape
    sequence) was typed, not nothing."""
    if raw.strip():
        return "Not a choice: a key that types no letter."
    return "Nothing typed."


def yes_or_no(raw: str, default: bool) -> bool | None:
    """A line typed at a yes-or-no question: True for y or yes, False for n or no, ``default``
    for Enter, and None for anything else, which is asked again. An arrow key, Ctrl-D or a
    zero-width space alone is not Enter: the player typed something, and is told what."""
    if not raw.strip(" \t\r\n"):
        return default
    answer = clean_typed(raw).lower()
    if answer in ("y", "yes"):
        return True
    if answer in ("n", "no"):
        return False
    return None


def not_an_answer(raw: str) -> str:
    """The one line every yes-or-no question says to a line it does not take: the line as
    typed, its control and invisible characters shown as "?" (so a listener hears them)."""
    return f"Not an answer: {clean(raw.strip(' '), 20)}. Type y or n."


def is_number(text: str) -> bool:
    """Plain digits 0-9 only (not superscripts, circled or other scripts' digits), and few
    enough that converting them is instant (Python refuses more than 4,300 digits)."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS


def shorten(text: str, limit: int = 20) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
