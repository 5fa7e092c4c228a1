"""The terminal client: ``doomlings join HOST CODE --name Ana`` and ``doomlings host``.

It is the local game's prompt loop with the table on a server: the same questions (numbers,
names, labels in braille or BRF, first letters, read by :func:`~doomlings_access.telling.answers.read_answer`
as the room's game reads them, found in the games' registry),
the same review commands (answered by the server from the seat's view), the same settings,
speech modes and braille labels, and ``log`` and ``repeat`` over the history kept here. What
the server says arrives while nothing is asked too (others' turns, chat): it is printed as it
comes, and the prompt printed again after it. Lines are read plainly (no line editor): a
line editor redraws its prompt around each message, which a screen reader reads again.

The network runs in a thread of its own (:class:`Remote`); a lost connection is tried again
for a minute, coming back to the seat with its key. The key is kept in the data folder, so
that the same ``doomlings join`` typed again after the program was closed comes back to the
seat too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from doomlings_access.online import protocol
from doomlings_access.online.commands import HOST_COMMANDS, ONLINE_COMMANDS, online_command
from doomlings_access.online.server import DEFAULT_PORT
from doomlings_access.kernel.decisions import Decision
from doomlings_access.safety.text import clean, name_key, players_named
from doomlings_access.telling.console import Console, PlainConsole, SpokenPrompts, clean_typed, is_number, not_an_answer, shorten, yes_or_no
from doomlings_access.telling.output import Output
from doomlings_access.games import TABLES
from doomlings_access.telling.answers import PLAIN, AnswerWords, HeldBack, read_answer
from doomlings_access.telling.prompting import (
    SHARED_ALIASES, SHARED_COMMANDS, Prefs, letter_is_a_command, named_command, typed_aloud,
)
from doomlings_access.telling.questions import Option, Question
from doomlings_access.telling.words import VERBOSITIES, Said, choose_from

log = logging.getLogger(__name__)

RETRY_SECONDS = 60.0
"""How long a lost connection is tried again before the client gives up."""
REPLY_SECONDS = 10.0
"""How long a review waits for the server's answer."""
FATAL = frozenset(("no_room", "room_locked", "room_full", "bad_name"))
"""Refusals at the door: nothing to try again."""
ASKING = "Choose"
"""How a question's prompt begins ("Choose 1 to 4, or ? for help: "), as at a local game."""


def websocket_url(server: str) -> str:
    """``ws://HOST:PORT/ws`` for ``HOST``, ``HOST:PORT`` or an ``http(s)://`` address.

    >>> websocket_url("127.0.0.1:9000"), websocket_url("example.org")
    ('ws://127.0.0.1:9000/ws', 'ws://example.org:8765/ws')
    >>> websocket_url("https://example.org/")
    'wss://example.org/ws'
    """
    text = server.strip().rstrip("/")
    for web, ws in (("https://", "wss://"), ("http://", "ws://")):
        if text.startswith(web):
            return ws + text[len(web) :] + "/ws"
    if text.startswith(("ws://", "wss://")):
        return text if text.endswith("/ws") else text + "/ws"
    host = text.rsplit("]", 1)[-1] if text.startswith("[") else text
    return f"ws://{text}/ws" if ":" in host else f"ws://{text}:{DEFAULT_PORT}/ws"


class SeatKeys:
    """The seat keys this user holds, by server, room and name, in a file only they may read:
    ``doomlings join`` typed again comes back to the seat."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @staticmethod
    def key(server: str, code: str, name: str) -> str:
        return f"{websocket_url(server)} {code.upper()} {name_key(name)}"

    def read(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(data, dict) else {}

    def get(self, server: str, code: str, name: str) -> str | None:
        return self.read().get(self.key(server, code, name))

    def put(self, server: str, code: str, name: str, token: str | None) -> None:
        keys = self.read()
        keys.pop(self.key(server, code, name), None)
        if token:
            keys[self.key(server, code, name)] = token
        keys = dict(list(keys.items())[-50:])
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(keys, fh)
        except OSError as exc:  # the seat is kept while the program runs; said once
            log.warning("the seat key cannot be kept: %s", exc)


def seat_keys() -> SeatKeys:
    from doomlings_access.saves import saves_dir

    return SeatKeys(saves_dir().parent / "online" / "seats.json")


@dataclass
class Asked:
    """The question waiting for this player, as the server sent it."""

    id: str
    question: Question
    held: list[HeldBack]
    details: list[str]
    answered: bool = False


def question_from(m: dict[str, Any], seat: int) -> Asked:
    """A question message as the local game's :class:`Question`: each option's value is its id."""
    ids = tuple(o["id"] for o in m["options"])
    d = Decision(seat, m["kind"], m["reason"], ids)
    options = tuple(Option(o["id"], o["text"], o["speech"], tuple(w.lower() for w in o["words"])) for o in m["options"])
    held = [(h["name"], h["label"], h["why"]) for h in m["held"]]
    return Asked(m["id"], Question(d, Said(m["title"], m["speech"]), options), held, list(m["details"]))


class Screen:
    """Where the client prints: a message arriving while a prompt waits starts a new line;
    after it, the prompt is printed again when it has changed (a question came) or is a
    question's (a question still waits); the waiting prompt after every message of others'
    turns was read aloud after each. A changed prompt is also ``spoken`` (self-voiced, a
    question's "Choose 1 to 4, or ? for help" is heard as at a local game: printed again
    only, it was never said, as the question comes while another prompt waits)."""

    def __init__(
        self, console: Console, prompt_now: Callable[[], str], stdout: Any = None,
        spoken: Callable[[str], None] = lambda prompt: None,
    ) -> None:
        self.console = console
        self.prompt_now = prompt_now
        self.stdout = stdout or sys.stdout
        self.spoken = spoken
        self.lock = threading.RLock()
        self.reading = False
        self.broken = False
        self.shown = ""

    def read(self, prompt: str | None = None) -> str:
        """A line typed at ``prompt`` (None: the client's prompt as it is now, taken, printed
        and spoken with the lock held: taken before, a question that came just then was
        followed by the stale prompt, "Type a command", printed and spoken, and its own never
        said; printed after, the same when the question came between)."""
        console: Any = self.console
        apart = isinstance(console, PlainConsole) or isinstance(console, SpokenPrompts) and console.shows_prompts()
        with self.lock:
            prompt = self.prompt_now() if prompt is None else prompt
            self.reading, self.broken, self.shown = True, False, prompt
            if apart:
                console.show(prompt)
        try:
            return str(console.read_shown(prompt)) if apart else self.console.read(prompt, [])
        finally:
            with self.lock:
                self.reading = False

    def write(self, line: str) -> None:
        with self.lock:
            if self.reading and not self.broken:
                self.stdout.write("\n")
                self.broken = True
            self.console.write(line)

    @contextlib.contextmanager
    def news(self) -> Iterator[None]:
        with self.lock:
            yield
            prompt = self.prompt_now()
            if self.reading and self.broken and (prompt != self.shown or prompt.startswith(ASKING)):
                if prompt != self.shown:
                    self.spoken(prompt)
                self.stdout.write(clean(prompt))
                self.stdout.flush()
                self.broken, self.shown = False, prompt


class Remote:
    """The connection to the server, in a thread with its own event loop: it says hello (as
    :meth:`Client.hello` says), hands each message to :meth:`Client.received`, and when the
    connection is lost comes back for :data:`RETRY_SECONDS`."""

    def __init__(self, url: str, client: Client) -> None:
        self.url = url
        self.client = client
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.run, daemon=True, name="doomlings-online")
        self.outbox: asyncio.Queue[str] | None = None
        self.ws: Any = None
        self.stopping = False

    def start(self) -> None:
        self.thread.start()

    def send(self, message: dict[str, Any]) -> None:
        text = protocol.encode(message, protocol.TO_SERVER)
        self.loop.call_soon_threadsafe(self._put, text)

    def _put(self, text: str) -> None:
        if self.outbox is not None:
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.put_nowait(text)

    def stop(self, wait: float = 2.0) -> None:
        """Close the connection (what is queued is sent first) and end the thread."""
        self.stopping = True

        def close() -> None:
            if self.outbox is not None:
                with contextlib.suppress(asyncio.QueueFull):
                    self.outbox.put_nowait("")

        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(close)
            self.thread.join(wait)

    def run(self) -> None:
        """The thread's work (its coroutine made here, when it starts: one made with the thread
        was never run, and Python warned of it, by a client that never connected)."""
        self.loop.run_until_complete(self.main())

    async def main(self) -> None:
        from websockets.asyncio.client import connect

        self.outbox = asyncio.Queue(200)
        lost_at: float | None = None
        while not self.stopping:
            try:
                async with connect(self.url, max_size=2**20, open_timeout=10, close_timeout=2) as ws:
                    self.ws = ws
                    hello = self.client.hello()
                    await ws.send(protocol.encode(hello, protocol.TO_SERVER))
                    lost_at = None
                    sender = asyncio.create_task(self.send_loop(ws))
                    try:
                        async for text in ws:
                            try:
                                message = protocol.read_message(text, protocol.TO_CLIENT) if len(text) <= 2**20 else None
                            except protocol.ProtocolError as exc:
                                log.warning("a message from the server was refused: %s", exc)
                                continue
                            if message is not None:
                                self.client.received(message)
                    finally:
                        sender.cancel()
            except Exception as exc:  # noqa: BLE001  (refused, lost, or never reached: tried again)
                log.info("connection: %s", exc)
            if self.stopping or self.client.ended:
                break
            if self.client.again_now:
                self.client.again_now = False
                continue
            now = time.monotonic()
            if lost_at is None:
                lost_at = now
                self.client.lost()
            elif now - lost_at > RETRY_SECONDS:
                self.client.gone()
                break
            await asyncio.sleep(1.0)

    async def send_loop(self, ws: Any) -> None:
        assert self.outbox is not None
        while True:
            text = await self.outbox.get()
            if not text:
                await ws.close()
                return
            await ws.send(text)


class Client:
    """One person at an online table, at the terminal."""

    def __init__(
        self, console: Console, out: Output, prefs: Prefs, change_speech: Callable[[str], str] | None,
        server: str, name: str | None, code: str | None = None, keys: SeatKeys | None = None,
        game: str | None = None,
    ) -> None:
        self.out = out
        self.wanted = game
        """The game of a room this client opens (None: the server's default)."""
        self.game: dict[str, Any] | None = None
        """The room's game as the server described it: its review commands and its rules."""
        self.answers: AnswerWords = PLAIN
        """How the room's game reads a typed answer (its labels in braille, a misspelt name, a
        card held back), as its local prompt does: found in the games' registry by its name."""
        self.prefs = prefs
        self.change_speech = change_speech
        self.server = server
        self.name = name or ""
        self.code = code
        self.keys = keys
        self.token: str | None = None
        self.screen = Screen(console, self.prompt, spoken=out.prompt)
        out.write, out.guard = self.screen.write, self.screen.lock
        self.remote = Remote(websocket_url(server), self)
        self.ready = threading.Event()
        self.replies: list[dict[str, Any]] = []
        self.replied = threading.Condition()
        self.chats: list[Said] = []
        self.last_seq = 0
        self.asked: Asked | None = None
        self.seat: int | None = None
        self.host = False
        self.role = "player"
        self.table: dict[str, Any] | None = None
        self.ended = False
        """Nothing more comes: the server said goodbye, refused, or cannot be reached."""
        self.again_now = False
        self.failed: str | None = None
        self.finished = False

    # --- the network's side (called in its thread) -----------------------------------------
    def hello(self) -> dict[str, Any]:
        settings = {"labels": self.prefs.labels, "verbosity": self.prefs.verbosity}
        if self.token and self.code:
            return {"type": "resume", "code": self.code, "token": self.token, "last_seq": self.last_seq}
        if self.code:
            return {"type": "join", "code": self.code, "name": self.name, **settings}
        game = {"game": self.wanted} if self.wanted else {}
        return {"type": "create", "name": self.name, **settings, **game}

    def lost(self) -> None:
        with self.screen.news():
            if self.ready.is_set():
                self.out.info("The connection to the server is lost; trying again.")

    def gone(self) -> None:
        with self.screen.news():
            self.ended = True
            self.failed = "The server cannot be reached."
            if self.ready.is_set():
                self.out.info(f"{self.failed} {self.come_back_line()} Press Enter to leave.")
            self.ready.set()

    def received(self, m: dict[str, Any]) -> None:
        with self.screen.news():
            handler = getattr(self, f"on_{m['type']}")
            handler(m)

    def fresh(self, m: dict[str, Any]) -> bool:
        """Whether a told or chat message is new here (a reconnect may send again what was
        heard: each is kept once)."""
        if m["seq"] <= self.last_seq:
            return False
        self.last_seq = m["seq"]
        return True

    def on_welcome(self, m: dict[str, Any]) -> None:
        self.game_is(m["game"])
        self.code, self.seat, self.host, self.role, self.name = m["code"], m["seat"], m["host"], m["role"], m["name"]
        if m["token"]:
            self.token = m["token"]
            if self.keys is not None:
                self.keys.put(self.server, m["code"], m["name"], m["token"])
        if not m["resumed"]:
            if self.host:
                self.out.info(f"Room {m['code']} is open for {m['game']['title']}, and you are its host. Friends join with this command:")
                self.out.say(Said(self.join_command("NAME"), typed_aloud(self.join_command("NAME"))), remember=False, whole=True)
                self.out.info("Type add normal for a computer player, start to begin, or ? for help.")
            elif self.role == "watcher":
                self.out.info(f"You are watching in room {m['code']}, as {self.name}.")
            else:
                self.out.info(f"You joined room {m['code']} as {self.name}, for {m['game']['title']}. The host starts the game.")
        self.ready.set()

    def on_say(self, m: dict[str, Any]) -> None:
        said = Said(m["text"], m["speech"])
        if m["channel"] == "notice":
            self.out.say(said, remember=False)
        elif self.fresh(m):
            if m["replayed"]:
                self.out.history.append(said)  # into the history, unspoken
            else:
                self.out.say(said)

    def on_chat(self, m: dict[str, Any]) -> None:
        if not self.fresh(m):
            return
        said = Said(m["text"], m["speech"])
        self.chats.append(said)
        if not m["replayed"]:
            self.out.say(said, remember=False)

    def on_question(self, m: dict[str, Any]) -> None:
        if self.asked is not None and self.asked.id == m["id"]:
            self.asked.answered = False  # sent again (back after a lost connection): asked again
        self.asked = question_from(m, self.seat or 0)
        for said in self.asked.question.lines():
            self.out.say(said, remember=False)

    def on_settled(self, m: dict[str, Any]) -> None:
        if self.asked is not None and self.asked.id == m["id"]:
            if m["by"] == "computer" and not self.asked.answered:
                self.out.info("The computer answered that question for you.")
            self.asked = None

    def game_is(self, game: dict[str, Any]) -> None:
        """The room's game, as the server describes it (its reviews and rules), and how it
        reads a typed answer: its part of the one reader, found in the games' registry by its
        name (a game this program does not know: what every question takes)."""
        self.game = game
        kind = TABLES.get(game["name"])
        self.answers = kind.answers if kind is not None else PLAIN

    def on_game_chosen(self, m: dict[str, Any]) -> None:
        self.game_is(m["game"])  # (its reviews, rules and answers from now on; the room says the change)

    def on_table(self, m: dict[str, Any]) -> None:
        before = self.table["phase"] if self.table else "lobby"
        self.table = m
        me = next((s for s in m["seats"] if s["name"] == self.name), None)
        if me is not None:
            self.seat = me["seat"]
            self.host = me["host"]
        if m["phase"] == "over" and before != "over":
            self.asked = None
            self.out.info("The game is over. Chat or review if you like; press Enter to leave.")

    def on_review(self, m: dict[str, Any]) -> None:
        with self.replied:
            self.replies.append(m)
            self.replied.notify_all()

    def on_error(self, m: dict[str, Any]) -> None:
        if m["code"] == "bad_key" and self.token:
            self.token = None  # a key of an old seat: join by name instead
            if self.keys is not None and self.code:
                self.keys.put(self.server, self.code, self.name, None)
            self.again_now = True
            return
        if m["code"] in FATAL and not self.ready.is_set():
            self.ended = True
            self.failed = m["text"]
            self.ready.set()
            return
        if self.asked is not None and m["code"] in ("bad_answer", "not_now", "too_fast"):
            self.asked.answered = False  # the answer was not taken: the question is asked again
        self.out.info(m["text"])

    def on_bye(self, m: dict[str, Any]) -> None:
        self.ended = True
        self.out.info(f"{m['text']} Press Enter to leave.")

    # --- the person's side (the main thread) ---------------------------------------------
    def run(self) -> int:
        """Connect, then read and answer until the person leaves; the exit status."""
        while not self.name.strip():
            try:
                self.name = clean_typed(self.screen.read("Your name at the table: "))
            except (EOFError, KeyboardInterrupt):
                return 1
        if self.keys is not None and self.code:
            self.token = self.keys.get(self.server, self.code, self.name)
        self.remote.start()
        if not self.ready.wait(30.0) or (self.failed and not self.code):
            self.out.info(self.failed or "The server did not answer.")
            self.remote.stop()
            return 1
        if self.failed:
            self.out.info(self.failed)
            self.remote.stop()
            return 1
        try:
            while not self.finished:
                try:
                    raw = self.screen.read()
                except KeyboardInterrupt:
                    self.out.info("")
                    if self.confirm("Leave the table for now? Type y to leave, n to stay: "):
                        self.say_goodbye()
                    continue
                except EOFError:
                    self.say_goodbye()
                    break
                self.out.answered()
                self.typed(raw)
        finally:
            self.remote.stop()
        return 0

    def prompt(self) -> str:
        asked = self.asked
        if asked is not None and not asked.answered:
            return f"{ASKING} 1 to {len(asked.question.options)}, or ? for help: "
        if self.ended:
            return "Press Enter to leave: "
        phase = self.table["phase"] if self.table else "lobby"
        if phase == "lobby":
            return "Lobby: type a command, or ? for help: "
        if phase == "over":
            return "Game over: chat, review, or press Enter to leave: "
        return "Type a command, or ? for help: "

    def typed(self, raw: str) -> None:
        line = clean_typed(raw)
        command, arg = online_command(line)
        if command is not None:
            self.online(command, arg)
            return
        asked = self.asked
        if asked is not None and not asked.answered:
            reply = read_answer(asked.question, raw, self.answers, self.as_command, asked.held)
            if reply.value is not None:
                asked.answered = True
                self.remote.send({"type": "answer", "question": asked.id, "option": str(reply.value)})
            elif reply.command is not None:
                said = letter_is_a_command(asked.question, line.lower(), reply.command)
                if said:  # (before the command's answer, as at the local prompt)
                    self.out.info(said)
                self.command(reply.command, reply.arg)
            else:
                self.out.info(reply.said)
            return
        if not line:
            if self.ended or (self.table is not None and self.table["phase"] == "over"):
                self.say_goodbye(quietly=True)
            elif asked is not None:
                self.out.info("Your answer is on its way.")
            else:
                self.out.info("Nothing is asked of you now. Type ? for the commands, or chat and a message.")
            return
        command, arg = self.as_command(line)
        if command is None:
            self.out.info(f"Not a command: {shorten(line)}. Type ? for the commands.")
            return
        self.command(command, arg)

    def as_command(self, line: str) -> tuple[str | None, str]:
        """The command a typed line names: a review of the room's game (which the server
        answers) or one every game has, by its name or its short word; and the rest as typed."""
        aliases = {**(self.game["aliases"] if self.game is not None else {}), **SHARED_ALIASES}
        return named_command(line, [*self.reviews(), *SHARED_COMMANDS], aliases)

    def reviews(self) -> list[str]:
        """The review commands of the room's game, which the server answers."""
        return [c["name"] for c in self.game["commands"]] if self.game is not None else []

    def command(self, command: str, arg: str) -> None:
        """A local game's command: the reviews are answered by the server from this seat's
        view; log, repeat and the settings here."""
        if command in self.reviews():
            self.review(command, arg)
        elif command in ("log", "repeat"):
            history = self.out.history
            if command == "repeat":
                past = history[-1:]
            elif arg and not is_number(arg):
                self.out.info("Log needs a number from 1, like log 5.")
                return
            else:
                past = history[-(int(arg) if arg and int(arg) > 0 else 10) :]
            if not past:
                self.out.info("Nothing has been announced yet.")
            for said in past:
                self.out.say(said, remember=False)
        elif command == "verbosity":
            level = arg.lower()
            if level in VERBOSITIES:
                self.prefs.verbosity = level
                self.remote.send({"type": "settings", "verbosity": level})
            else:
                self.out.info(f"Verbosity is {self.prefs.verbosity}. Choose terse, normal or verbose.")
        elif command == "speech":
            mode = arg.lower()
            if mode in ("screen-reader", "direct", "tts", "off") and self.change_speech is not None:
                self.prefs.speech = mode
                self.out.info(self.change_speech(mode) or f"Speech is now {mode}.")
            else:
                self.out.info(f"Speech is {self.prefs.speech}. Choose screen-reader, direct, tts or off.")
        elif command == "options":
            if self.asked is not None and not self.asked.answered:
                for said in self.asked.question.lines():
                    self.out.say(said, remember=False)
            else:
                self.out.info("Nothing to choose now.")
        elif command == "help":
            self.help()
        elif command == "quit":
            if self.confirm("Leave the table for now? Type y to leave, n to stay: "):
                self.say_goodbye()

    def review(self, topic: str, arg: str, pick: int | None = None) -> None:
        """Ask the server for a review, and show its lines; a card look-up that fits several
        cards asks which (Enter goes back)."""
        message: dict[str, Any] = {"type": "review", "topic": topic, "arg": arg[:100]}
        if pick is not None:
            message["pick"] = pick
        with self.replied:
            self.replies.clear()
            self.remote.send(message)
            self.replied.wait_for(lambda: bool(self.replies) or self.ended, REPLY_SECONDS)
            reply = self.replies.pop(0) if self.replies else None
        if reply is None:
            self.out.info("The server did not answer.")
            return
        self.out.lines(reply["lines"])
        if reply["choices"] and pick is None:
            line = clean_typed(self.screen.read(f"Which card? {choose_from(reply['choices'])}, or Enter to go back: "))
            if is_number(line) and 1 <= int(line) <= reply["choices"]:
                self.review(topic, arg, int(line))
            elif line:
                self.out.info(f"{shorten(line)} is not one of them.")

    def online(self, command: str, arg: str) -> None:
        if command == "chat":
            if arg:
                self.remote.send({"type": "chat", "text": arg[:500]})
            else:
                self.out.info("Type chat and what to say, like chat good luck.")
        elif command == "chats":
            count = int(arg) if is_number(arg) and int(arg) > 0 else 10
            for said in self.chats[-count:] or [Said("No chat yet.", "No chat yet.")]:
                self.out.say(said, remember=False)
        elif command == "who":
            self.out.info(self.table["said"] if self.table else "Nobody yet.")
        elif command == "leave":
            if self.confirm("Give up your seat for good? A computer player takes it. Type y or n: "):
                self.remote.send({"type": "leave"})
                self.out.info("You left the room.")
                self.finished = True
        elif not self.host:
            self.out.info("Only the host can do that.")
        elif command == "add":
            level = arg.lower() or "normal"
            if level in ("easy", "normal", "hard"):
                self.remote.send({"type": "add_computer", "level": level})
            else:
                self.out.info("Add which level? Type add easy, add normal or add hard.")
        elif command == "remove":
            seats = self.table["seats"] if self.table else []
            hits = players_named(arg, [s["name"] for s in seats]) if arg else []
            if len(hits) == 1:
                self.remote.send({"type": "remove", "seat": seats[hits[0]]["seat"]})
            else:
                self.out.info("Remove whom? Type remove and a player's name.")
        elif command == "house":
            self.house(arg)
        elif command == "game":
            self.choose_game(arg)
        elif command == "lock":
            self.remote.send({"type": "lock", "locked": arg.lower() not in ("off", "no")})
        elif command == "start":
            self.remote.send({"type": "start"})

    def choose_game(self, arg: str) -> None:
        """``game NAME``: the table plays another game (the server knows which it has, and
        says so if the name is none of them); ``game`` alone: which game it plays."""
        name = re.sub(r"[^a-z0-9-]", "", arg.lower())[:20]
        if name:
            self.remote.send({"type": "choose_game", "game": name})
            return
        title = self.game["title"] if self.game is not None else "no game yet"
        self.out.info(f"This table plays {title}. Type game and another game's name to play it instead.")

    def house(self, arg: str) -> None:
        words = arg.lower().split()
        offered = [r["name"] for r in self.game["rules"]] if self.game is not None else []
        if len(words) == 2 and words[1] in ("on", "off") and words[0] in offered:
            self.remote.send({"type": "house_rule", "rule": words[0], "on": words[1] == "on"})
            return
        chosen = self.table["house_rules"] if self.table else []
        self.out.info("House rules, each typed as house RULE on or off:")
        self.out.lines([f"{rule}, {'on' if rule in chosen else 'off'}" for rule in offered])

    def help(self) -> None:
        asked = self.asked
        if asked is not None and not asked.answered:
            for said in self.answers.how_to_answer(asked.question):
                self.out.info(said)
            self.out.lines(asked.details)
        else:
            self.out.info("Nothing is asked of you now: the game tells you when it is your turn.")
        self.out.info("Commands:")
        own = [c["help"] for c in self.game["commands"]] if self.game is not None else []
        self.out.lines(own + list(SHARED_COMMANDS.values()) + list(ONLINE_COMMANDS.values()))
        if self.host:
            self.out.info("The host's commands:")
            self.out.lines(list(HOST_COMMANDS.values()))

    def confirm(self, prompt: str) -> bool:
        while True:
            try:
                line = self.screen.read(prompt)
            except (EOFError, KeyboardInterrupt):
                return True
            answer = yes_or_no(line, default=False)
            if answer is not None:
                return answer
            self.out.info(not_an_answer(line))

    def join_command(self, name: str) -> str:
        return f"doomlings join {self.server} {self.code} --name {name}"

    def come_back_line(self) -> str:
        return f"To come back, type: {self.join_command(self.name)}"

    def say_goodbye(self, quietly: bool = False) -> None:
        """Leave for now: the seat is kept (a computer plays it while away), and the command
        that comes back to it is said."""
        self.finished = True
        if quietly or self.code is None:
            return
        playing = self.table is not None and self.table["phase"] == "playing" and self.role == "player"
        self.out.info("You left the table; a computer player plays for you until you come back." if playing else "You left the room.")
        if playing or (self.table is not None and self.table["phase"] == "lobby"):
            command = self.join_command(self.name)
            self.out.info("To come back, type:")
            self.out.say(Said(command, typed_aloud(command)), remember=False, whole=True)


def join(args: Any) -> int:
    """``doomlings join HOST CODE --name Ana``."""
    from doomlings_access.app import _with_output
    from doomlings_access.online.keys import read_code

    code = read_code(args.code)
    if code is None:
        print(f"doomlings: {shorten(clean(args.code))} is not a room code: six letters and digits, like KQ7PXD.", file=sys.stderr)
        return 2
    args.plain = True

    def body(console: Console, out: Output, prefs: Prefs, speech: Any) -> int:
        return Client(console, out, prefs, speech.switch, args.server, args.name, code, seat_keys()).run()

    return _with_output(args, body)


def host(args: Any) -> int:
    """``doomlings host``: open a room (on a server started here, unless ``--server`` names one)."""
    from doomlings_access.app import _with_output

    args.plain = True
    stop: Callable[[], None] = lambda: None  # noqa: E731
    server = args.server
    if server is None:
        try:
            server, stop = start_server(args.host, args.port)
        except OSError as exc:
            print(f"doomlings: cannot listen on {args.host} port {args.port}: {exc.strerror or exc}.", file=sys.stderr)
            return 1

    def body(console: Console, out: Output, prefs: Prefs, speech: Any) -> int:
        if args.server is None:
            out.info(f"A server runs here at http://{server}/ while this program runs; a browser can play there too.")
        return Client(console, out, prefs, speech.switch, server, args.name, None, seat_keys(),
                      getattr(args, "game", None)).run()

    try:
        return _with_output(args, body)
    finally:
        stop()


def start_server(host: str, port: int) -> tuple[str, Callable[[], None]]:
    """A server in a thread of this process; the address friends type, and how to stop it."""
    import socket

    from doomlings_access.online.rooms import Rooms
    from doomlings_access.online.server import Server, bind, uvicorn_server

    sock = bind(host, port)
    real = sock.getsockname()[1]
    server = uvicorn_server(Server(Rooms()).app())
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True, name="doomlings-server")
    thread.start()
    for _ in range(100):
        if server.started:
            break
        time.sleep(0.05)
    shown = socket.gethostname() if host in ("0.0.0.0", "::") else f"[{host}]" if ":" in host else host

    def stop() -> None:
        server.should_exit = True
        thread.join(5.0)

    return f"{shown}:{real}", stop
