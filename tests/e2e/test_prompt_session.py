"""The prompt_toolkit session the game reads lines with, fed through a pipe."""

from __future__ import annotations

import re
import time
from io import StringIO

import pytest
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output import DummyOutput

from doomlings_access.telling.console import quiet_prompt_session


@pytest.mark.parametrize("pasted", ["\x1b[31m", "\x1b[0m", "\x1b[1;31m", "\x1b[<0;1;1M"])
def test_a_pasted_colour_sequence_is_ignored_not_a_traceback(pasted: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Pasted coloured text sends "ESC [ 31 m", which prompt_toolkit reads as a mouse report;
    its handler raised and printed "Unhandled exception in event loop". The line typed after
    it is read as if the sequence were not there."""
    with create_pipe_input() as keys:
        keys.send_text(f"{pasted}1\r")
        line = quiet_prompt_session(input=keys, output=DummyOutput()).prompt("Choose 1 to 5: ")
    assert line == "1"
    captured = capsys.readouterr()
    assert "Unhandled exception" not in captured.out + captured.err


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("sel\t", "selective memory"),  # the one word that fits
        ("s\t", "s"),  # scores, speech, swarm: they share nothing more, and nothing is listed
        ("sw\t", "swarm"),
        ("sc\t\t\t", "scores"),  # Tab again adds nothing
        ("zz\t", "zz"),
    ],
)
def test_tab_completes_inline_only_and_never_lists(typed: str, read: str) -> None:
    """Tab on an answer several words fit printed them all, then the prompt again, at every
    Tab (prompt_toolkit's readline style): a screen reader read the list and the prompt each
    time. Tab now completes what it can, inline, and prints nothing else."""
    from io import StringIO

    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.output.vt100 import Vt100_Output

    words = WordCompleter(["scores", "speech", "swarm", "selective memory", "sentience"], ignore_case=True, sentence=True)
    screen = StringIO()
    output = Vt100_Output(screen, lambda: Size(rows=24, columns=80), term="xterm")
    with create_pipe_input() as keys:
        keys.send_text(typed + "\r")
        line = quiet_prompt_session(input=keys, output=output).prompt("Choose: ", completer=words)
    assert line == read
    shown = screen.getvalue()
    assert "speech" not in shown or read.startswith("speech"), shown
    assert shown.count("Choose: ") == 1, shown  # drawn once: not again on Enter


def enter_once_drawn(keys: PipeInput, screen: StringIO, answer: str) -> None:
    """Press Enter once `answer` is on `screen`, as a person does once they hear it typed:
    waiting for the drawing, not a fixed time, holds on a loaded machine too."""
    deadline = time.monotonic() + 10
    while not drawn_text(screen.getvalue()).endswith(answer) and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.05)  # the cursor's own sequences come just after the last key is drawn
    keys.send_text("\r")


def test_enter_leaves_the_answered_line_as_it_is() -> None:
    """On Enter prompt_toolkit erased the line and drew the question and answer again: a screen
    reader reading what is printed read them twice. Once the answer is on screen as typed,
    only a new line follows it; an answer moved back into (the cursor not at its end), or
    pasted with its Enter before it was drawn, is drawn as prompt_toolkit draws it."""
    import threading

    from prompt_toolkit.output.vt100 import Vt100_Output

    for typed, enter_later, drawn in (("1", True, 1), ("12\x1b[D", True, 2), ("1", False, 2)):
        screen = StringIO()
        output = Vt100_Output(screen, lambda: Size(rows=24, columns=80), term="xterm")
        with create_pipe_input() as keys:
            if enter_later:  # as a person types: the answer is drawn, then Enter comes
                keys.send_text(typed)
                later = threading.Thread(target=enter_once_drawn, args=(keys, screen, typed.split("\x1b")[0]))
                later.start()
            else:  # pasted, Enter and all
                keys.send_text(typed + "\r")
            line = quiet_prompt_session(input=keys, output=output).prompt("Choose 1 to 5: ")
            if enter_later:
                later.join()
        assert line == typed.split("\x1b")[0]
        assert screen.getvalue().count("Choose 1 to 5:") == drawn, (typed, screen.getvalue())


def drawn_text(screen: str) -> str:
    """What a terminal shows of `screen`, its control sequences and characters left out.

    >>> drawn_text("\x1b[?25lmem\x1b[0mory\x1b[?12l\x08")
    'memory'
    """
    return re.sub(r"\x1b\[[0-9;?<]*[A-Za-z]|[\x00-\x09\x0b-\x1f]", "", screen)


def test_enter_leaves_an_answer_over_two_rows_as_it_is() -> None:
    """At 40 columns (a large font) most answers take two rows, and Enter erased them and drew
    the question and answer again: the answered line is left as it is there too."""
    import threading
    import time
    from io import StringIO

    from prompt_toolkit.output.vt100 import Vt100_Output

    screen = StringIO()
    output = Vt100_Output(screen, lambda: Size(rows=24, columns=20), term="xterm")
    before_enter: list[int] = []
    with create_pipe_input() as keys:
        def person() -> None:
            for ch in "selective memory":  # a key at a time, as typed: drawn as it comes
                keys.send_text(ch)
                time.sleep(0.03)
            deadline = time.monotonic() + 10
            while not drawn_text(screen.getvalue()).endswith("memory") and time.monotonic() < deadline:
                time.sleep(0.01)  # Enter only once the whole answer is on screen, however loaded
            before_enter.append(screen.getvalue().count("Choose 1 to 5:"))
            keys.send_text("\r")

        typing = threading.Thread(target=person)
        typing.start()
        line = quiet_prompt_session(input=keys, output=output).prompt("Choose 1 to 5: ")
        typing.join()
    assert line == "selective memory"
    assert screen.getvalue().count("Choose 1 to 5:") == before_enter[0], screen.getvalue()[-300:]


def test_tab_completes_a_card_s_name_as_it_is_shown() -> None:
    """Tab turned "Sel" into "selective memory": the words offered were the options' lower-case
    keys. The session offers each name as the question shows it, so the line reads back as
    the card's name."""
    import io

    from builders import new_game

    from doomlings_access.rules import Setup
    from doomlings_access.telling.console import PlainConsole
    from doomlings_access.telling.output import Output
    from doomlings_access.ui.session import Prefs, Session, question_for

    g = new_game(Setup(("Ana", "Ben"), 42))
    d = g.pending
    assert d is not None
    console = PlainConsole(io.StringIO(""), io.StringIO())
    session = Session(g, [0], {}, console, Output(console.write), Prefs())
    q = question_for(g.view(d.player), d, session.style, session.announcer)
    names = [o.text.split(",")[0] for o in q.options]
    words = session.completions(q)
    assert all(name in words for name in names) and not any(name.lower() in words for name in names if name != name.lower())
    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.output import DummyOutput

    unique = [n for n in names if sum(w.lower().startswith(n[:3].lower()) for w in set(words)) == 1]
    assert unique, words
    name = unique[0]
    with create_pipe_input() as keys:
        keys.send_text(name[:3].lower() + "\t\r")
        line = quiet_prompt_session(input=keys, output=DummyOutput()).prompt(
            "Choose: ", completer=WordCompleter(sorted(set(words)), ignore_case=True, sentence=True)
        )
    assert line == name
