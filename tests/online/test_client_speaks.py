"""The terminal client speaks what its room tells it, as the local game does (issue 35).

Every other online test runs the client with ``--speech off``. Here ``doomlings host`` runs
self-voiced (``--speech tts``) in a pseudo-terminal, against a real server on 127.0.0.1 in this
process whose outlet keeps every message it hands to each person. The client's engine is
pointed (DOOMLINGS_ESPEAK, the game's own way to name it) at a script that hands each utterance
to the real espeak-ng, writing a WAV file instead of playing it, as tests/speech/test_tts_game.py
records the local game. Each answer is typed only once everything sent so far was heard, as a
listener would. Then: the room's news, questions and options were spoken in the order sent,
with their speech (the words, never the braille labels printed), each one a WAV file of real
speech of about its length; chat was spoken as chat and kept apart from the game's history.
"""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from typing import Any

import pexpect
import pytest
from programs import DOOMLINGS, isolated_env
from speech_kit import espeak_to_wav, leave, said_aloud, seconds

from doomlings_access.app import configure_speech_labels
from doomlings_access.online.rooms import Direct, Person, Room, Rooms, Timing
from doomlings_access.online.server import Server, bind, uvicorn_server
from doomlings_access.safety.text import clean
from doomlings_access.speech.labels import speakable
from doomlings_access.telling.output import spoken

# Speech timed at a real terminal: `make test` runs these by themselves, after the rest.
pytestmark = pytest.mark.alone

QUESTION = r"Choose 1 to \d+, or \? for help: "
BRAILLE = re.compile("[\u2800-\u28ff]")


class Heard(Direct):
    """The real outlet of one process, keeping every message it hands to each person."""

    def __init__(self) -> None:
        self.sent: dict[str, list[dict[str, Any]]] = {}
        self.lock = threading.Lock()

    def carry(self, room: Room, person: Person, link: Any, message: dict[str, Any], history: bool) -> None:
        with self.lock:
            self.sent.setdefault(person.name, []).append(dict(message))
        super().carry(room, person, link, message, history)

    def to(self, name: str) -> list[dict[str, Any]]:
        with self.lock:
            return list(self.sent.get(name, []))


class Served:
    """A real server (uvicorn) on a free port of 127.0.0.1, in a thread of this process."""

    def __init__(self) -> None:
        self.heard = Heard()
        self.server = Server(Rooms(Timing(grace=30.0, idle=60.0), seed=35, outlet=self.heard))
        sock = bind("127.0.0.1", 0)
        self.address = f"127.0.0.1:{sock.getsockname()[1]}"
        self.uvicorn = uvicorn_server(self.server.app())
        self.thread = threading.Thread(target=self.uvicorn.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.uvicorn.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.03)

    def stop(self) -> None:
        self.uvicorn.should_exit = True
        self.thread.join(10)


@pytest.fixture
def served() -> Any:
    served = Served()
    yield served
    served.stop()


@pytest.fixture
def recorder(tmp_path: Path) -> tuple[str, Path]:
    return espeak_to_wav(tmp_path)


def as_spoken(speech: str) -> str:
    """A message's ``speech`` as the client hands it to the engine (the one sanitiser, a lone
    ``?`` said as a word, labels said in words)."""
    return speakable(spoken(clean(speech)))


def to_be_heard(messages: list[dict[str, Any]]) -> list[str]:
    """What a listener hears of the room's messages, in order: news and notices (not what a
    reconnect put into the history unspoken), chat, each question's title and its options."""
    heard: list[str] = []
    for m in messages:
        if m["type"] in ("say", "chat") and not m["replayed"]:
            heard.append(as_spoken(m["speech"]))
        elif m["type"] == "question":
            heard.append(as_spoken(m["speech"]))
            heard.extend(as_spoken(f"{i}, {o['speech']}") for i, o in enumerate(m["options"], 1))
    return heard


def in_order(wanted: list[str], texts: list[str]) -> int:
    """How many of ``wanted`` were heard, in order, among ``texts`` (the client says lines of
    its own between them: prompts, help)."""
    found = 0
    for text in texts:
        if found < len(wanted) and text == wanted[found]:
            found += 1
    return found


def host(served: Served, home: Path, engine: str, *options: str) -> pexpect.spawn:
    """``doomlings host`` at a pseudo-terminal, its tts engine the recording one."""
    env = isolated_env(home)
    env.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", DOOMLINGS_ESPEAK=engine)
    args = ["host", "--server", served.address, "--name", "Ana", *options]
    return pexpect.spawn(DOOMLINGS[0], [*DOOMLINGS[1:], *args], env=env, encoding="utf-8",
                         codec_errors="replace", timeout=20, dimensions=(24, 80))


def heard_all(served: Served, folder: Path, since: int = 0, seconds: float = 20.0, then: str | None = None) -> list[str]:
    """Wait until everything the room sent Ana (from her ``since``-th message) was spoken,
    and ``then`` after it (a prompt: typed before it is spoken, an answer cuts it off, as a
    listener's key does); what was spoken."""
    deadline = time.monotonic() + seconds
    while True:
        wanted = to_be_heard(served.heard.to("Ana")[since:]) + ([then] if then else [])
        texts = [text for text, _ in said_aloud(folder)]
        found = in_order(wanted, texts)
        if found == len(wanted):
            return texts
        assert time.monotonic() < deadline, f"not heard: {wanted[found]!r}\nheard: {texts[-12:]}"
        time.sleep(0.05)


def test_a_self_voiced_client_speaks_the_rooms_news_and_questions_in_order(
    tmp_path: Path, served: Served, recorder: tuple[str, Path]
) -> None:
    configure_speech_labels()  # (as the client does: labels in its speech are said in words)
    engine, folder = recorder
    child = host(served, tmp_path / "ana", engine, "--speech", "tts", "--labels", "braille")

    def heard_all_() -> list[str]:
        return heard_all(served, folder)

    shown = ""
    try:
        child.expect_exact("Type add normal for a computer player")
        heard_all_()  # (what is typed cuts speech off: a listener hears each line first)
        child.sendline("add normal")
        child.expect_exact("joins the table.")
        heard_all_()
        child.sendline("start")
        answers = 0
        while answers < 8:
            child.expect(QUESTION)
            shown += child.before
            asked = [m for m in served.heard.to("Ana") if m["type"] == "question"]
            assert len(asked) == answers + 1, "answered before the next question came"
            heard_all(served, folder, then=f"Choose 1 to {len(asked[-1]['options'])}, or question mark for help:")
            if answers == 4:  # chat while a question waits
                child.sendline("chat good luck")
                child.expect_exact("Chat, Ana: good luck")
                child.expect(QUESTION)  # (the question's prompt again, after the chat)
                heard_all_()
            child.sendline("1")
            answers += 1
        child.expect(QUESTION)
        heard_all_()
        child.sendline("log 100")  # the game's history: the chat is not in it
        child.expect(r"(Choose 1 to \d+|Type a command), or \? for help: ")
        shown += child.before
        history = child.before
        leave(child, "quit", "Type y to leave, n to stay: ")
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    messages = served.heard.to("Ana")
    wanted = to_be_heard(messages)
    said = said_aloud(folder)
    texts = [text for text, _ in said]
    assert in_order(wanted, texts) == len(wanted)
    # News of the game and questions, not only lines about the room.
    news = [m for m in messages if m["type"] == "say" and m["channel"] == "game"]
    questions = [m for m in messages if m["type"] == "question"]
    assert len(news) >= 5 and len(questions) >= 8, (len(news), len(questions))
    # Each question ends with its prompt said, as at a local game ("Choose 1 to 4, or question
    # mark for help"), though it came while the client waited at another prompt.
    at = 0
    for q in questions:
        count = len(q["options"])
        at = texts.index(as_spoken(f"{count}, {q['options'][-1]['speech']}"), at)
        following = texts[at + 1 : at + 4]
        assert f"Choose 1 to {count}, or question mark for help:" in following, (q["speech"], following)
    # The speech, never the printed text: with braille labels, what Ana reads has braille
    # cells, what she hears has none.
    printed = [m["text"] for m in news] + [o["text"] for q in questions for o in q["options"]]
    printed_braille = [text for text in printed if BRAILLE.search(text)]
    assert printed_braille, "no braille label was printed: nothing here tells speech from text"
    assert BRAILLE.search(shown), "the printed lines have the braille labels"
    assert not any(BRAILLE.search(text) for text in texts), [t for t in texts if BRAILLE.search(t)]
    # Chat is spoken as chat, and is not part of the game's history.
    chats = [m for m in messages if m["type"] == "chat"]
    assert [m["speech"] for m in chats] == ["Chat, Ana: good luck"]
    assert "Chat, Ana: good luck" in texts
    assert "good luck" not in history, history
    # Real speech: each utterance is a WAV file of about its text's length.
    for text, wav in said:
        assert wav.stat().st_size > 44, text
        assert 0.02 * len(text) < seconds(wav) < 0.2 * len(text) + 0.5, (text, seconds(wav))


def test_speech_turned_on_at_the_online_prompt_speaks_what_comes_next(
    tmp_path: Path, served: Served, recorder: tuple[str, Path]
) -> None:
    """``speech tts`` typed at the table (started with speech off) turns speech on, as at a
    local game's prompt: nothing was spoken before, the news and questions after are."""
    configure_speech_labels()
    engine, folder = recorder
    child = host(served, tmp_path / "ana", engine, "--speech", "off")
    try:
        child.expect_exact("Type add normal for a computer player")
        child.sendline("add normal")
        child.expect_exact("joins the table.")
        assert said_aloud(folder) == []  # speech off: nothing spoken
        child.sendline("speech tts")
        child.expect_exact("Speech is now tts.")
        since = len(served.heard.to("Ana"))
        heard_all(served, folder, since)
        child.sendline("start")
        for answers in range(3):
            child.expect(QUESTION)
            assert len([m for m in served.heard.to("Ana") if m["type"] == "question"]) == answers + 1
            heard_all(served, folder, since)
            child.sendline("1")
        child.expect(QUESTION)
        texts = heard_all(served, folder, since)
        leave(child, "quit", "Type y to leave, n to stay: ")
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    messages = served.heard.to("Ana")[since:]
    assert sum(m["type"] == "question" for m in messages) == 4
    assert in_order(to_be_heard(messages), texts) == len(to_be_heard(messages)) >= 10
    assert "Speech is now tts." in texts
