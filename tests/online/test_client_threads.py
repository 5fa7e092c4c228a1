"""The terminal client tells news from its network's thread and takes keys in the person's:
what either tells goes through one lock, so a key typed just as news comes in never loses its
cutting off of speech half-way through a message being told."""

from __future__ import annotations

import io
import threading

from doomlings_access.online.client import Client
from doomlings_access.telling.console import PlainConsole
from doomlings_access.telling.output import Output
from doomlings_access.telling.prompting import Prefs


def test_a_key_typed_while_news_is_told_waits_for_the_news_to_end() -> None:
    console = PlainConsole(io.StringIO(""), io.StringIO())
    out = Output(console.write)
    client = Client(console, out, Prefs(), None, "127.0.0.1:1", "Ana")
    typed, said = threading.Event(), threading.Event()

    def person() -> None:
        out.answered()
        typed.set()
        out.info("Not a command: x. Type ? for the commands.")
        said.set()

    with client.screen.news():  # (the network's thread, telling a message)
        key = threading.Thread(target=person)
        key.start()
        assert not typed.wait(0.3), "the key was taken in the middle of the news"
        out.info("Pia plays Blubber.")
    key.join(5)
    assert typed.is_set() and said.is_set()
    assert console.stdout.getvalue().splitlines()[-2:] == ["Pia plays Blubber.", "Not a command: x. Type ? for the commands."]
