"""Rooms: a table of people and computer players, from the lobby to the end of the game.

Nothing here knows the network. A person is reached through a :class:`Link` (the server's
WebSocket connection, a test's list), which takes a message or says it cannot take more; the
room calls it from the event loop and never waits on it. So the same rooms run in unit tests,
in the server's in-process tests and in a real server.

The life of a room: the host opens it and gets a code; people join by code with a name (the
host adds computer players, chooses house rules, may lock the room or remove someone); the
host starts the game, and anyone joining later watches. The room drives its game (the one its
host chose, Doomlings or Doomcrop, reached only through its kind: :mod:`.kinds`):
a computer seat answers through its agent (the hard level thinks in a thread, so the room
stays responsive), a person through the question sent to them. A computer that thinks is said
to be thinking at the start of each of its turns, and its turn is told its thinking time after
that, whatever it held, all its questions of the turn sharing that time (:meth:`Room.tell`).
A question the rules ask a person only for what they hold (a chance to play out of turn) is
answered for them out of their turn, as the normal computer player would, as at one keyboard:
the table waiting for them only then told the others what they held. Of the two fair readings,
a window for everyone at every such moment (a question to every person after every trait
played, or a timed pause) and this one, this costs no key and no wait
(:meth:`Room.answered_for`; the figures in ``docs/online.md``). Each person is told what
happened from their seat's view (the game's listener), and every message to them is numbered
and kept, so that a person who drops and comes back with their seat's key gets what they
missed into their history, unspoken, then one spoken summary and the question waiting. While
they are away (after a grace period) a computer player plays their seat; it is theirs again
as soon as they are back.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from doomlings_access.games import DEFAULT, TABLES
from doomlings_access.kernel.decisions import Choice, Decision, Value
from doomlings_access.kernel.players import Agent, turn_begins
from doomlings_access.online import protocol
from doomlings_access.online.commands import WORDS
from doomlings_access.online.keys import RateLimit, key_fits, new_code, new_key, read_code
from doomlings_access.online.kinds import TableKind, Listener, Table
from doomlings_access.online.narration import away_summary, in_parts, option_id, question_id
from doomlings_access.players.search import Budget
from doomlings_access.safety.text import YOU, NameRefused, alike_keys, check_names, clean, name_key
from doomlings_access.telling.questions import Question
from doomlings_access.telling.words import Said, join

log = logging.getLogger(__name__)

MAX_WATCHERS = 20
MAX_HISTORY = 2000
"""Messages kept per person for a reconnect (a whole game is a few hundred)."""
MAX_CHAT = 300


class Link(Protocol):
    """Whatever carries messages to one person (a WebSocket connection, a test's list)."""

    def send(self, message: dict[str, Any]) -> bool:
        """Queue ``message``; False when the link cannot take more (it is then dropped)."""

    def close(self, reason: str) -> None:
        """End the connection (after what is queued)."""


class Phase(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"


class Role(StrEnum):
    PLAYER = "player"
    WATCHER = "watcher"


@dataclass(frozen=True)
class Timing:
    """How long the room waits: ``grace`` seconds before a computer plays for someone away,
    ``idle`` before a room nobody is connected to is closed. (A thinking computer's turn is
    waited for as long as its thinking budget, the rooms' :class:`~.search.Budget`.)"""

    grace: float = 15.0
    idle: float = 600.0
    actions: tuple[float, int] = (10.0, 30)
    """How fast a person may answer, review and change settings: messages a second on
    average, and at once."""
    chats: tuple[float, int] = (1.0, 5)
    """How fast a person may chat."""


def described(kind: TableKind) -> dict[str, Any]:
    """A game as a client needs it, knowing no game: its name, its review commands and their
    short words, and the host's choices of rules."""
    return {"name": kind.name, "title": kind.title, "max_players": kind.max_players,
            "commands": [{"name": c, "help": h} for c, h in kind.commands.items()],
            "aliases": dict(kind.aliases),
            "rules": [{"name": r, "help": h} for r, h in kind.rules.items()]}


class Refused(Exception):
    """A request the room turns down: ``code`` for programs, the message for people."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


@dataclass(eq=False)
class Person:
    """Someone in a room: a player (with a seat once the game starts) or a watcher."""

    name: str
    key: bytes
    role: Role
    room: Room
    link: Link | None = None
    labels: str = "text"
    verbosity: str = "normal"
    any_time: str = "own"
    seat: int | None = None
    listener: Listener | None = None
    seq: int = 0
    history: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=MAX_HISTORY))
    away_since: float | None = None
    away_seq: int = 0
    covered_moves: int = 0
    actions: RateLimit = field(init=False)
    chats: RateLimit = field(init=False)
    refused: int = 0

    def __post_init__(self) -> None:
        self.actions = RateLimit(*self.room.timing.actions)
        self.chats = RateLimit(*self.room.timing.chats)

    @property
    def online(self) -> bool:
        return self.link is not None

    @property
    def host(self) -> bool:
        return self.room.host is self


@dataclass(eq=False)
class Computer:
    name: str
    level: str


Entry = Person | Computer


@dataclass
class OpenQuestion:
    id: str
    question: Question
    values: dict[str, Value]
    """The question's options by their stable ids."""
    message: dict[str, Any]
    given: Value | None = None
    """The person's answer, once given (the driver takes it when it looks next)."""


COVERED = object()
"""What :meth:`Room.ask` returns when woken with no answer (someone away long enough, or
back): the driver looks again at who answers."""


class Room:
    """One table. Every method runs in the event loop; none waits on a link."""

    def __init__(self, code: str, rooms: Rooms, game: str = DEFAULT) -> None:
        self.code = code
        self.rooms = rooms
        self.kind: TableKind = TABLES[game]
        """The game this table plays, chosen by its host as the room opens (or in the lobby)."""
        self.timing = rooms.timing
        self.host: Person | None = None
        self.lineup: list[Entry] = []
        """The players, people first in the order they came, then the computers: the game's
        seats, in that order."""
        self.watchers: list[Person] = []
        self.house_rules: list[str] = []
        self.phase = Phase.LOBBY
        self.locked = False
        self.game: Table | None = None
        self.seed: int | None = None
        self.levels: dict[int, str] = {}
        self.agents: dict[int, Agent[Any]] = {}
        self.covering: dict[int, Agent[Any]] = {}
        self.reflexes: dict[int, Agent[Any]] = {}
        self.answered_unasked: dict[int, list[Said]] = {}
        """What was answered for each person's seat out of their turn, not yet told them."""
        self.open: dict[int, OpenQuestion] = {}
        self.waiting: tuple[int, asyncio.Future[Any]] | None = None
        self.driver: asyncio.Task[None] | None = None
        self.turns: list[int] = []
        """Whose turns have begun, in order (read from the game's log as it grows)."""
        self.read = 0
        """How much of the game's log :attr:`turns` was read from."""
        self.turns_noticed = 0
        """How many turns have begun that need no more notice (their computer was said to be
        thinking, or it thinks not)."""
        self.thought_until: float | None = None
        """When the turn of the computer last said to be thinking may be told (the loop's clock)."""
        self.holding: int | None = None
        """The turn held back from everyone now (its computer is thinking): someone coming to
        watch hears the game up to it, as everyone else has."""
        self.closing: asyncio.TimerHandle | None = None
        self.closed = False

    # --- who is here ----------------------------------------------------------------------
    @property
    def people(self) -> list[Person]:
        return [e for e in self.lineup if isinstance(e, Person)] + self.watchers

    @property
    def players(self) -> list[Person]:
        return [e for e in self.lineup if isinstance(e, Person)]

    def anyone_online(self) -> bool:
        return any(p.online for p in self.people)

    def names(self) -> list[str]:
        return [e.name for e in self.lineup] + [w.name for w in self.watchers]

    def check_name(self, typed: str) -> str:
        """A new person's name, tidied; :class:`Refused` when it cannot be used here (as a
        local game's names: no control or invisible characters, no command word, no card's
        name, none that sounds or looks like someone's already here)."""
        names = self.names()
        reserved = self.kind.reserved | YOU | WORDS
        try:
            return check_names([*names, typed], reserved, self.kind.names_taken, None)[-1]
        except NameRefused as exc:
            raise Refused("bad_name", f"That name cannot be used: {exc}.") from None

    # --- sending --------------------------------------------------------------------------
    def send(self, person: Person, message: dict[str, Any], history: bool = False, via: Link | None = None) -> None:
        """Number ``message`` in ``person``'s stream, keep it when it is part of their
        history (told, or chat), and hand it to their link if they are connected (or to
        ``via``, a connection that is no longer theirs: the one being replaced). A message
        the schema refuses is never sent and uses no number; a link that cannot take more is
        dropped (its person may come back and get what they missed)."""
        message["seq"] = person.seq + 1
        try:
            protocol.check(message, protocol.TO_CLIENT)
        except protocol.ProtocolError as exc:  # (its number is not used: the stream has no gap)
            log.error("refused to send %s: %s", message.get("type"), exc)
            return
        person.seq += 1
        if history:
            person.history.append(message)
        self.rooms.outlet.carry(self, person, person.link if via is None else via, message, history)

    def hand(self, person: Person, link: Link | None, message: dict[str, Any]) -> None:
        """Give ``message`` to ``link`` (the outlet calls this, at once or once the message
        is kept elsewhere); a link that cannot take more is dropped."""
        if link is not None and not link.send(message):
            link.close("The connection could not keep up; join again to go on.")
            self.dropped(person, link)

    def say(self, person: Person, said: Said, channel: str = "game", urgent: bool = False, replayed: bool = False) -> None:
        """Tell ``person`` ``said`` (a story too long for one message, in parts of whole
        sentences: the schema would refuse it whole, and nobody would hear it)."""
        for part in in_parts(said):
            message = {"type": "say", "text": part.text, "speech": part.speech, "channel": channel,
                       "urgent": urgent, "replayed": replayed}
            self.send(person, message, history=channel == "game")

    def notice(self, text: str, *, to: list[Person] | None = None, but: Person | None = None) -> None:
        """A line about the room (someone joined, is away, is thinking): said, not kept."""
        for person in self.people if to is None else to:
            if person is not but:
                self.say(person, Said(text, text), channel="notice")

    def error(self, person: Person, code: str, text: str) -> None:
        self.send(person, {"type": "error", "code": code, "text": text})

    def table_message(self) -> dict[str, Any]:
        seats = []
        for i, e in enumerate(self.lineup):
            if isinstance(e, Computer):
                seats.append({"seat": i, "name": e.name, "who": "computer", "status": "computer",
                              "host": False, "level": e.level})
            else:
                status = "online" if e.online else "covered" if i in self.covering else "away"
                seats.append({"seat": i, "name": e.name, "who": "person", "status": status,
                              "host": e.host, "level": None})
        return {"type": "table", "code": self.code, "game": self.kind.name, "phase": self.phase, "locked": self.locked,
                "seats": seats, "watchers": [w.name for w in self.watchers],
                "house_rules": list(self.house_rules), "said": self.who_is_here()}

    def who_is_here(self) -> str:
        """"At the table: Ana, host; Ben, away; Otto, computer at normal. Watching: Zoe.\""""
        parts = []
        for i, e in enumerate(self.lineup):
            if isinstance(e, Computer):
                parts.append(f"{e.name}, computer at {e.level}")
                continue
            words = [e.name]
            if e.host:
                words.append("host")
            if not e.online:
                words.append("away, the computer plays for them" if i in self.covering else "away")
            parts.append(", ".join(words))
        said = f"At the table: {'; '.join(parts) or 'nobody'}."
        if self.watchers:
            said += " Watching: " + join([w.name + ("" if w.online else ", away") for w in self.watchers]) + "."
        if self.locked:
            said += " The room is locked."
        return said

    def broadcast_table(self) -> None:
        for person in self.people:
            self.send(person, self.table_message())

    # --- arriving and leaving -------------------------------------------------------------
    def admit(self, name: str, link: Link, labels: str, verbosity: str) -> tuple[Person, str]:
        """A new person by name: a player in the lobby while there is a seat, else a watcher."""
        if self.locked:
            raise Refused("room_locked", "This room is locked: nobody new may join.")
        name = self.check_name(name)
        plays = self.phase == Phase.LOBBY and len(self.lineup) < self.kind.max_players
        if not plays and len(self.watchers) >= MAX_WATCHERS:
            raise Refused("room_full", "This room is full.")
        token, key = new_key()
        person = Person(name, key, Role.PLAYER if plays else Role.WATCHER, self, link, labels, verbosity)
        if plays:
            people = len(self.players)
            self.lineup.insert(people, person)  # people first, then the computers
        else:
            self.watchers.append(person)
        if self.host is None:
            self.host = person
        self.cancel_closing()
        self.welcome(person, token, resumed=False)
        if person.role is Role.WATCHER and self.game is not None:
            person.listener = self.kind.listener(None, verbosity, labels)
            for said in person.listener.news(self.game, self.levels, self.holding):  # the game so far, unspoken
                self.say(person, said, replayed=True)
            self.say(person, Said.alike(f"You are watching. {person.listener.where(self.game)}"), channel="notice")
        arrived = "joins the table" if plays else "is watching"
        self.notice(f"{name} {arrived}.", but=person)
        self.broadcast_table()
        return person, token

    def welcome(self, person: Person, token: str, resumed: bool) -> None:
        self.send(person, {"type": "welcome", "code": self.code, "name": person.name, "seat": person.seat,
                           "role": person.role, "host": person.host, "token": token, "resumed": resumed,
                           "labels": person.labels, "verbosity": person.verbosity, "game": self.game_said()})

    def game_said(self) -> dict[str, Any]:
        return described(self.kind)

    def resume(self, person: Person, link: Link, last_seq: int) -> str:
        """``person`` is back on a new ``link`` (with their key): the old connection, if still
        open, is replaced; what they missed goes into their history unspoken, then one spoken
        summary, who is here, and their question if one waits."""
        old = person.link
        if old is not None:  # (its end, reported later, is no absence: see dropped)
            person.link = None
            self.send(person, {"type": "bye", "text": "You joined from another connection."}, via=old)
            old.close("replaced")
        token, person.key = new_key()
        person.link = link
        self.cancel_closing()
        self.welcome(person, token, resumed=True)
        missed = 0
        since = max(last_seq, person.away_seq)  # (a client started again has heard nothing: all is sent)
        for message in list(person.history):
            if message["seq"] > last_seq:
                missed += message["type"] == "say" and message["seq"] > since
                self.rooms.outlet.copy(self, person, link, {**message, "replayed": True})
        was_away = person.away_since is not None
        person.away_since = None
        seat = person.seat
        covered = person.covered_moves
        person.covered_moves = 0
        if seat is not None:
            self.covering.pop(seat, None)
        if self.game is not None and person.listener is not None:
            self.say(person, away_summary(person.listener, self.game, missed, covered), channel="notice", urgent=True)
        else:
            self.say(person, Said.alike(f"You are back in room {self.code}. {self.who_is_here()}"), channel="notice")
        self.send(person, self.table_message())
        if seat is not None and seat in self.open:
            self.send(person, self.open[seat].message)
        if was_away:
            self.notice(f"{person.name} is back.", but=person)
            self.broadcast_table()
        self.nudge()
        return token

    def dropped(self, person: Person, link: Link) -> None:
        """``person``'s connection ended (closed, lost, or too slow)."""
        if person.link is not link:
            return  # an old connection, already replaced
        person.link = None
        person.away_since = time.monotonic()
        person.away_seq = person.seq
        if person not in self.people:
            return
        self.notice(f"{person.name} is away.", but=person)
        self.broadcast_table()
        if self.phase == Phase.PLAYING and person.seat is not None:
            asyncio.get_running_loop().call_later(self.timing.grace, self.nudge)
        if person.host:
            asyncio.get_running_loop().call_later(self.timing.grace, self.hand_host_on, person, person.away_since)
        if not self.anyone_online():
            self.close_later()

    def leave(self, person: Person, why: str = "") -> None:
        """``person`` leaves for good (or the host removed them): in the lobby their place
        goes; in a game a computer player takes their seat to the end."""
        link = person.link
        if link is not None:
            self.send(person, {"type": "bye", "text": why or "You left the room."})
            person.link = None
            link.close("left")
        if person in self.watchers:
            self.watchers.remove(person)
            self.notice(f"{person.name} stopped watching.")
        elif self.phase == Phase.LOBBY:
            self.lineup.remove(person)
            self.notice(f"{person.name} left the table.")
        else:
            seat = self.lineup.index(person)
            self.lineup[seat] = Computer(person.name, "normal")
            self.levels[seat] = "normal"
            self.agents[seat] = self.kind.agent("normal", self._seed(), seat, self.rooms.budget)
            self.covering.pop(seat, None)
            self.notice(f"{person.name} left; a computer player at normal plays {person.name}'s seat to the end.")
        if self.host is person:
            self.host = next((p for p in self.people if p.role is Role.PLAYER), None) or next(iter(self.people), None)
            if self.host is not None:
                self.notice(f"{self.host.name} is now the host.")
        self.broadcast_table()
        self.nudge()
        if not self.people:
            self.close()
        elif not self.anyone_online():
            self.close_later()

    def hand_host_on(self, person: Person, since: float | None) -> None:
        """A host away past the grace period: the first player online hosts instead (a
        lobby whose host never came back could not be started). ``since`` names the absence
        the timer was set for: a host who came back and dropped again keeps hosting until
        this new absence, too, has lasted the grace period."""
        if self.host is not person or person.online or person.away_since != since or self.closed:
            return
        new = next((p for p in self.players if p.online), None) or next((p for p in self.watchers if p.online), None)
        if new is not None:
            self.host = new
            self.notice(f"{person.name} is away; {new.name} is now the host.")
            self.broadcast_table()

    # --- closing --------------------------------------------------------------------------
    def close_later(self) -> None:
        self.cancel_closing()
        self.closing = asyncio.get_running_loop().call_later(self.timing.idle, self.close)

    def cancel_closing(self) -> None:
        if self.closing is not None:
            self.closing.cancel()
            self.closing = None

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.cancel_closing()
        if self.driver is not None:
            self.driver.cancel()
        for person in self.people:
            if person.link is not None:
                person.link.close("The room is closed.")
                person.link = None
        self.rooms.forget(self)

    # --- what a person sends ----------------------------------------------------------------
    def receive(self, person: Person, message: dict[str, Any]) -> None:
        """A checked message from ``person`` (the transport has parsed and checked it)."""
        kind = message["type"]
        limit = person.chats if kind == "chat" else person.actions
        if not limit.allow():
            person.refused += 1
            self.error(person, "too_fast", "Too many messages at once: wait a moment.")
            if person.refused > 50 and person.link is not None:
                link = person.link
                link.close("Too many messages.")
                self.dropped(person, link)
            return
        person.refused = 0
        handler: Callable[[Person, dict[str, Any]], None] | None = {
            "answer": self.answer, "chat": self.chat, "review": self.review, "settings": self.settings,
            "add_computer": self.add_computer, "remove": self.remove, "house_rule": self.house_rule,
            "choose_game": self.choose_game,
            "start": self.start, "lock": self.lock, "leave": lambda p, m: self.leave(p),
        }.get(kind)
        if handler is None:
            self.error(person, "not_now", "You are in a room already.")
            return
        handler(person, message)

    def answer(self, person: Person, message: dict[str, Any]) -> None:
        """An answer: only an option of the person's own open question is taken."""
        seat = person.seat
        asked = self.open.get(seat) if seat is not None else None
        if person.role is not Role.PLAYER or asked is None:
            self.error(person, "not_now", "Nothing is asked of you now.")
            return
        if message["question"] != asked.id or message["option"] not in asked.values:
            self.error(person, "bad_answer", "That is not a choice of the question asked.")
            return
        if asked.given is not None:
            self.error(person, "not_now", "Your answer is in already.")
            return
        asked.given = asked.values[message["option"]]
        self.nudge()

    def chat(self, person: Person, message: dict[str, Any]) -> None:
        """Chat goes to everyone in the room, always as "Chat, Ana: ..." (someone watching:
        "Chat, Zoe, watching: ..."), in its own history, never in the game's voice."""
        text = clean(" ".join(message["text"].split()), MAX_CHAT)
        if not text:
            self.error(person, "bad_message", "Type something to say.")
            return
        watching = person.role is Role.WATCHER
        said = f"Chat, {person.name}{', watching' if watching else ''}: {text}"
        for other in self.people:
            self.send(other, {"type": "chat", "text": said, "speech": said, "from": person.name,
                              "watching": watching, "replayed": False}, history=True)

    def review(self, person: Person, message: dict[str, Any]) -> None:
        topic, arg, pick = message["topic"], message.get("arg", "").strip(), message.get("pick")
        choices = 0
        if topic == "who":
            lines = [self.who_is_here()]
        elif topic in ("log", "repeat"):
            told = [m["text"] for m in person.history if m["type"] == "say"]
            count = 1 if topic == "repeat" else (int(arg) if arg.isdigit() and 0 < len(arg) < 5 else 10)
            lines = told[-count:] if told else ["Nothing has been announced yet."]
        elif topic not in self.kind.commands:
            lines = [f"{self.kind.title} has no review {topic}. Its reviews: {', '.join(self.kind.commands)}."]
        else:
            lines, choices = self.kind.review(self.game, person.seat, topic, arg, person.labels, pick, self.house_rules)
        self.send(person, {"type": "review", "topic": topic, "lines": lines, "choices": choices})

    def settings(self, person: Person, message: dict[str, Any]) -> None:
        person.labels = message.get("labels", person.labels)
        person.verbosity = message.get("verbosity", person.verbosity)
        person.any_time = message.get("any_time", person.any_time)
        if person.listener is not None:
            person.listener.settings(person.verbosity, person.labels)
        told = "" if self.kind.any_time is None else f", {self.kind.any_time} {person.any_time}"
        said = f"Verbosity {person.verbosity}, labels {person.labels}{told}."
        self.say(person, Said(said, said), channel="notice")

    # --- the host's controls ---------------------------------------------------------------
    def hosting(self, person: Person, lobby: bool = True) -> bool:
        if not person.host:
            self.error(person, "not_allowed", "Only the host can do that.")
            return False
        if lobby and self.phase != Phase.LOBBY:
            self.error(person, "not_now", "That can be done only before the game starts.")
            return False
        return True

    def add_computer(self, person: Person, message: dict[str, Any]) -> None:
        if not self.hosting(person):
            return
        if len(self.lineup) >= self.kind.max_players:
            self.error(person, "room_full", f"The table has {self.kind.max_players} players already.")
            return
        taken = {name_key(n) for n in self.names()}.union(*(alike_keys(n) for n in self.names()))
        name = next(n for n in [*self.kind.computer_names, *(f"Bot {i}" for i in range(1, 30))]
                    if name_key(n) not in taken and not alike_keys(n) & taken)
        self.lineup.append(Computer(name, message["level"]))
        self.notice(f"{name}, a computer player at {message['level']}, joins the table.")
        self.broadcast_table()

    def remove(self, person: Person, message: dict[str, Any]) -> None:
        if not self.hosting(person, lobby=False):
            return
        seat = message["seat"]
        if not 0 <= seat < len(self.lineup) or self.lineup[seat] is person:
            self.error(person, "not_allowed", "There is no one else at that seat.")
            return
        entry = self.lineup[seat]
        if isinstance(entry, Computer):
            if self.phase != Phase.LOBBY:
                self.error(person, "not_now", "A computer player stays until the end of the game.")
                return
            del self.lineup[seat]
            self.notice(f"{entry.name} leaves the table.")
            self.broadcast_table()
            return
        self.leave(entry, "The host removed you from the room.")

    def house_rule(self, person: Person, message: dict[str, Any]) -> None:
        if not self.hosting(person):
            return
        rule, on = message["rule"], message["on"]
        if rule not in self.kind.rules:
            self.error(person, "bad_message", f"{self.kind.title} has no rule {rule}. Its rules: {', '.join(self.kind.rules)}.")
            return
        if on and rule not in self.house_rules:
            self.house_rules.append(rule)
        elif not on and rule in self.house_rules:
            self.house_rules.remove(rule)
        said = f"House rule {rule.replace('-', ' ')}: {'on' if on else 'off'}."
        self.notice(said)
        self.broadcast_table()

    def choose_game(self, person: Person, message: dict[str, Any]) -> None:
        """The host plays another game at this table, before the start: everyone here is
        told, and each client learns the new game's reviews and rules. The house rules go
        (they were the other game's); refused while the table has more players than the new
        game seats, or a name here is one the new game cannot give (a word it answers to)."""
        if not self.hosting(person):
            return
        name = message["game"]
        kind = TABLES.get(name)
        if kind is None:
            self.error(person, "bad_message", f"No game {name}: the games are {join(list(TABLES))}.")
            return
        if kind is self.kind:
            self.error(person, "not_now", f"This table plays {kind.title} already.")
            return
        if len(self.lineup) > kind.max_players:
            self.error(person, "room_full", f"{kind.title} is for at most {kind.max_players} players: "
                                            "remove someone first.")
            return
        try:
            check_names(self.names(), kind.reserved | YOU | WORDS, kind.names_taken, None)
        except NameRefused as exc:
            self.error(person, "bad_name", f"{kind.title} cannot be played with these names: {exc}.")
            return
        self.kind = kind
        self.house_rules.clear()
        for other in self.people:
            self.send(other, {"type": "game_chosen", "game": self.game_said()})
        self.notice(f"{person.name} chose {kind.title}: this table plays {kind.title} now.")
        self.broadcast_table()

    def lock(self, person: Person, message: dict[str, Any]) -> None:
        if not self.hosting(person, lobby=False):
            return
        self.locked = message["locked"]
        self.notice("The room is locked: nobody new may join." if self.locked else "The room is open to join again.")
        self.broadcast_table()

    def start(self, person: Person, message: dict[str, Any]) -> None:
        if not self.hosting(person):
            return
        if len(self.lineup) < 2:
            self.error(person, "not_now",
                       f"A game needs 2 to {self.kind.max_players} players: add a computer player, or wait for a friend.")
            return
        self.begin(self._seed())
        for seat, p in enumerate(self.players):
            p.seat = seat
            p.listener = self.kind.listener(seat, p.verbosity, p.labels)
        for w in self.watchers:
            w.listener = self.kind.listener(None, w.verbosity, w.labels)
        self.phase = Phase.PLAYING
        self.broadcast_table()
        self.play()

    def begin(self, seed: int) -> None:
        """The game of this table with ``seed``: its seats are the lineup (a room taken over
        from another server begins the same game again, then replays its moves)."""
        self.levels = {seat: e.level for seat, e in enumerate(self.lineup) if isinstance(e, Computer)}
        names = [e.name for e in self.lineup]
        self.game, self.agents = self.kind.begin(names, self.levels, seed, list(self.house_rules), self.rooms.budget)
        self.seed = seed

    def play(self) -> None:
        """Drive the game from where it is to its end, in a task of its own."""
        self.driver = asyncio.get_running_loop().create_task(self.drive(), name=f"room {self.code}")

    def _seed(self) -> int:
        return next(self.rooms.seeds)

    # --- the game ---------------------------------------------------------------------------
    def nudge(self) -> None:
        """Something changed (someone away long enough, or back): the driver looks again."""
        if self.waiting is not None and not self.waiting[1].done():
            self.waiting[1].set_result(COVERED)

    def computer_for(self, seat: int) -> Agent[Any] | None:
        """Who answers for ``seat`` now, when not its person: its computer player, or the one
        covering for its person while they are away (once the grace period is over, and only
        while someone in the room is connected: a table everyone has left waits)."""
        agent = self.agents.get(seat)
        if agent is not None:
            return agent
        person = self.lineup[seat]
        assert isinstance(person, Person)
        away = person.away_since
        if person.online or away is None or time.monotonic() - away < self.timing.grace or not self.anyone_online():
            return None
        if seat not in self.covering:
            assert self.seed is not None
            self.covering[seat] = self.kind.agent("normal", self.seed, seat, self.rooms.budget)
            self.notice(f"{person.name} is away; a computer player plays for {person.name} until they are back.")
            self.broadcast_table()
        return self.covering[seat]

    async def drive(self) -> None:
        """Play the game to its end: ask each decision of its computer or its person."""
        game = self.game
        assert game is not None
        try:
            await self.tell(held=True)  # (the first turn may be a thinking computer's)
            while not game.is_over:
                d = game.pending
                assert d is not None
                agent = self.computer_for(d.player)
                value: Any
                if agent is not None and agent.thinks and (not self.kind.asked_openly(game, d) or self.out_of_turn(d)):
                    agent = self.reflex(d.player)  # asked for what it holds, or in another's turn: at once
                if agent is not None:
                    value = await self.think(agent, d) if agent.thinks else agent.choose(game.view(d.player), d)
                    if d.player in self.covering:
                        person = self.lineup[d.player]
                        assert isinstance(person, Person)
                        person.covered_moves += 1
                else:
                    person = self.lineup[d.player]
                    assert isinstance(person, Person)
                    if self.kind.passes_unasked(game, d, person.any_time):
                        value = "pass"
                    elif self.answered_for(person, d):
                        value = self.answer_for(person, d)
                    else:
                        await self.tell(only=person if self.kind.asked_for_what_is_held(d) else None)
                        value = await self.ask(person, d)
                        if value is COVERED:
                            continue
                game.apply(Choice(d.player, value))
                self.settle(d.player, "computer" if agent is not None else "you")
                await self.tell(held=True)  # a thinking computer's turn begun: said at once
                await asyncio.sleep(0)  # the other rooms, and this room's messages, in turn
            await self.tell()
            self.phase = Phase.OVER
            self.broadcast_table()
        except asyncio.CancelledError:
            raise
        except Exception:  # a fault in the rules or the narration: said, never silent
            log.exception("room %s stopped", self.code)
            self.phase = Phase.OVER
            self.notice("The game stopped: the server met an error. Sorry.")
            self.broadcast_table()

    async def tell(self, held: bool = False, only: Person | None = None) -> None:
        """Tell everyone what happened since they last heard, each from their own view, up to
        each turn a thinking computer began: there "Otto is thinking." (to all but Otto's
        seat), and what follows only once its thinking time since has passed. ``held``: what
        follows the last such turn is kept for later (the turn is still being played).

        Every turn of such a computer is said and waited for alike, whatever it held: the
        engine plays a turn of one playable trait by itself, and the room heard it at once
        with no notice, while a turn with a choice came with "Otto is thinking." half a second
        in and took the search's time; so whether and when the notice came, and when the turn,
        told the table what Otto held. Its turn is told whole once it is played, or when a
        person is asked something first, wherever the engine stopped to ask Otto.

        The questions of Otto's turn share that one thinking time
        (:func:`~doomlings_access.kernel.players.turn_begins`): each had its own, so a turn of
        three questions came three budgets after the notice and one of one question after one
        (measured: 3.0 s against 1.0 s at a 1 s budget), and whether a later question is asked
        at all may depend on what Otto holds (the rules take an answer of one option without
        asking). Nothing of his turn is told before its time is up, after a person's answer
        in the middle of it either.

        ``only``: the news so far is told to that person alone, who is about to be asked
        something the rules ask only for what they hold (:meth:`answered_for`); the others
        hear it with what follows, so they hear no pause where the question came."""
        while (turn := self.turn_to_notice()) is not None:
            await self.thought()
            self.tell_news(turn)
            self.turns_noticed = turn
            seat = self.turns[turn - 1]
            self.notice(f"{self.lineup[seat].name} is thinking.", to=[p for p in self.people if p.seat != seat])
            self.thought_until = asyncio.get_running_loop().time() + turn_begins(self.computer(seat))
            self.holding = turn
        if not held:
            await self.thought()
            self.tell_news(None, only)
            self.turns_noticed = len(self.turns)
            self.holding = None

    def tell_news(self, turn: int | None, only: Person | None = None) -> None:
        """Tell everyone (or ``only`` one person) what happened since they last heard
        (``turn``: before it began); with all of it, first what was answered for them (as at
        one keyboard, where it is said as the keyboard comes back, before the news), as a
        notice: the game's messages are its listener's news alone, which a room taken over
        by another server tells again from the moves written (the news says the play too,
        "You play Parasitic, out of turn", and is kept)."""
        game = self.game
        assert game is not None
        for person in self.people if only is None else [only]:
            if person.listener is not None:
                if turn is None and person.seat is not None:
                    for done in self.answered_unasked.pop(person.seat, []):
                        text, speech = (f"While it was not your turn, {clause}, as the normal computer player would have."
                                        for clause in (done.text, done.speech))
                        self.say(person, Said(text, speech), channel="notice")
                for said in person.listener.news(game, self.levels, turn):
                    self.say(person, said)

    def answered_for(self, person: Person, d: Decision) -> bool:
        """Whether the question ``d`` of ``person``'s seat is answered for them, at once, as the
        normal computer player would from their seat (:meth:`answer_for`): one the rules ask
        only of a seat holding a card for it (a chance to play out of turn, Late's, Sneaky's,
        Doomcrop's Hearts defence), out of their turn, while anyone else is in the room.

        Asked, the table waited for them, and only when they held such a card: the others
        heard from the pause what was in their hand (at one keyboard this is answered for
        them for the same reason, :meth:`~doomlings_access.telling.prompting.Prompting.answered_for`).
        A window for everyone at every such moment, whatever anyone holds, would keep the
        choice with the person, at a price the issue asks to keep low: a question to every
        person after every trait played (45 in a game of 4, where a person answers about 20 now), or a timed
        pause each time, which a person hearing the question read out may not finish in (the
        choice between the two readings, with the figures: ``docs/online.md``). In their own
        turn a person is asked as ever (the table waits for them then anyway), and only they
        hear the news before such a question (:meth:`tell`)."""
        if not self.kind.asked_for_what_is_held(d) or self.whose_turn(d) == d.player:
            return False
        return any(other is not person for other in self.people)

    def answer_for(self, person: Person, d: Decision) -> Value:
        """The normal computer player's answer to ``d`` for ``person``'s seat, from its view;
        what it did is told to them with their next news (:meth:`tell_news`)."""
        game = self.game
        assert game is not None and person.seat is not None
        view = game.view(d.player)
        value = self.reflex(d.player).choose(view, d)
        done = self.kind.answered_for_you(view, d, value, person.labels)
        if done:  # (spoken with the labels as text: braille cells are never spoken)
            spoken = self.kind.answered_for_you(view, d, value, "text")
            self.answered_unasked.setdefault(person.seat, []).append(Said(done, spoken))
        return value

    def out_of_turn(self, d: Decision) -> bool:
        """``d`` is asked in another seat's turn (for another's play, or a catastrophe's): a
        computer that thinks answers it at once, as the normal player, because the rules take a
        question of one answer without asking, so whether it is asked can depend on its hand,
        and only its own turn has a thinking time the table waits out whatever it holds."""
        return self.whose_turn(d) not in (None, d.player)

    def whose_turn(self, d: Decision) -> int | None:
        """Whose turn it is as ``d`` is asked (every seat's view says it; None: nobody's, as at
        World's End or while the players set up)."""
        assert self.game is not None
        turn: int | None = self.game.view(d.player).active
        return turn

    def reflex(self, seat: int) -> Agent[Any]:
        """What answers at once, as the normal computer player, a question asked only for what
        a seat holds, of a computer that thinks (or of a person out of their turn:
        :meth:`answered_for`). A chance to play out of turn: a computer's search
        took up to its budget while the table waited, so the pause after a play told the
        others that it held such a card, whatever it then did (as the local game does)."""
        if seat not in self.reflexes:
            assert self.seed is not None
            self.reflexes[seat] = self.kind.agent("normal", self.seed, seat, self.rooms.budget)
        return self.reflexes[seat]

    def computer(self, seat: int) -> Agent[Any] | None:
        """The computer playing ``seat`` now: its own, or the one covering for its person."""
        return self.agents.get(seat) or self.covering.get(seat)

    def turn_to_notice(self) -> int | None:
        """The first turn begun, after those noticed, of a computer that thinks (counted from
        1 over the game), read from the game's log: any that searches, however short its
        budget (the local game says so only of a budget over half a second, which it then
        waits out; here a shorter search would be heard as a shorter pause)."""
        game = self.game
        assert game is not None
        log = game.log
        for event in log[self.read :]:
            seat = self.kind.turn_of(event)
            if seat is not None:
                self.turns.append(seat)
        self.read = len(log)
        for turn in range(self.turns_noticed + 1, len(self.turns) + 1):
            agent = self.computer(self.turns[turn - 1])
            if agent is not None and agent.thinks:
                return turn
        return None

    def all_noticed(self) -> None:
        """A game replayed by a server taking the room over: the turns begun are past notice
        (their notices were said by the server before; a turn held back is told at once)."""
        self.turn_to_notice()
        self.turns_noticed = len(self.turns)

    async def thought(self) -> None:
        """Wait until the computer last said to be thinking has had its thinking time (the
        time stays set: what is told of its turn later, after a person's answer, comes no
        sooner either)."""
        until = self.thought_until
        loop = asyncio.get_running_loop()
        while until is not None and (left := until - loop.time()) > 0:
            await asyncio.sleep(left)

    async def think(self, agent: Agent[Any], d: Decision) -> Value:
        """A computer player that thinks (the hard level) thinks in a thread, so the room
        stays responsive; nothing is told first (:meth:`tell` said so at its turn's start)."""
        game = self.game
        assert game is not None
        view = game.view(d.player)
        return await asyncio.get_running_loop().run_in_executor(None, agent.choose, view, d)

    async def ask(self, person: Person, d: Decision) -> Any:
        """Send ``person`` the question (once) and wait for their answer, or for a nudge
        (then :data:`COVERED`: the driver looks again at who answers)."""
        game = self.game
        assert game is not None and person.listener is not None
        seat = d.player
        qid = question_id(game)
        if seat not in self.open or self.open[seat].id != qid:
            q = person.listener.question(game, d)
            values = {option_id(d, o.value): o.value for o in q.options}
            held, details = self.kind.notes(game.view(seat), d)
            message = {
                "type": "question", "id": qid, "title": q.title.text, "speech": q.title.speech,
                "kind": d.kind, "reason": d.reason,
                "options": [{"id": option_id(d, o.value), "text": o.text, "speech": o.speech, "words": list(o.words)}
                            for o in q.options],
                "held": held,
                "details": details,
            }
            self.open[seat] = OpenQuestion(qid, q, values, message)
            self.send(person, message)
        asked = self.open[seat]
        if asked.given is None:
            future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            self.waiting = (seat, future)
            try:
                await future
            finally:
                self.waiting = None
        return asked.given if asked.given is not None else COVERED

    def settle(self, seat: int, by: str) -> None:
        asked = self.open.pop(seat, None)
        if asked is None:
            return
        person = self.lineup[seat]
        if isinstance(person, Person):
            self.send(person, {"type": "settled", "id": asked.id, "by": by})


class Outlet(Protocol):
    """Where a room's messages go on their way to people: straight to their links (one
    process: :class:`Direct`), or first into a log kept outside the process, so that another
    server can take the room over with nothing lost (:mod:`.ledger`)."""

    def carry(self, room: Room, person: Person, link: Link | None, message: dict[str, Any], history: bool) -> None:
        """A numbered message for ``person`` (``history``: kept for a reconnect); the outlet
        hands it on with :meth:`Room.hand`, in the order given."""

    def copy(self, room: Room, person: Person, link: Link, message: dict[str, Any]) -> None:
        """A message sent again (a reconnect's replay): handed on in order, never kept again."""

    def closed(self, room: Room) -> None:
        """``room`` is closed for good."""


class Direct:
    """The outlet of one process: every message goes straight to its link."""

    def carry(self, room: Room, person: Person, link: Link | None, message: dict[str, Any], history: bool) -> None:
        room.hand(person, link, message)

    def copy(self, room: Room, person: Person, link: Link, message: dict[str, Any]) -> None:
        room.hand(person, link, message)

    def closed(self, room: Room) -> None:
        pass


class Rooms:
    """Every room of a server, by code."""

    def __init__(
        self, timing: Timing | None = None, seed: int | None = None, budget: Budget | None = None,
        max_rooms: int = 1000, outlet: Outlet | None = None,
    ) -> None:
        self.timing = timing or Timing()
        self.outlet: Outlet = outlet or Direct()
        self.rooms: dict[str, Room] = {}
        self.max_rooms = max_rooms
        self.budget = budget or Budget()
        source = random.Random(seed) if seed is not None else random.SystemRandom()
        self.seeds: Iterator[int] = iter(lambda: source.randrange(1, 10**9), None)

    def open(
        self, name: str, link: Link, labels: str = "text", verbosity: str = "normal", code: str | None = None,
        game: str = DEFAULT,
    ) -> tuple[Person, str]:
        """A new room of ``game``, its host ``name`` (``code``: one the caller made sure no
        server uses)."""
        if game not in TABLES:
            raise Refused("bad_message", f"No game {game[:20]}: the games are {join(list(TABLES))}.")
        if len(self.rooms) >= self.max_rooms:
            raise Refused("room_full", "The server has no room for another table now.")
        room = Room(code or new_code(self.rooms), self, game)
        self.rooms[room.code] = room
        try:
            return room.admit(name, link, labels, verbosity)
        except Refused:
            del self.rooms[room.code]
            raise

    def find(self, typed: str) -> Room:
        code = read_code(typed)
        room = self.rooms.get(code) if code is not None else None
        if room is None:
            raise Refused("no_room", "No room has that code.")
        return room

    def join(self, code: str, name: str, link: Link, labels: str = "text", verbosity: str = "normal") -> tuple[Person, str]:
        return self.find(code).admit(name, link, labels, verbosity)

    def resume(self, code: str, token: str, last_seq: int, link: Link) -> tuple[Person, str]:
        room = self.find(code)
        person = next((p for p in room.people if key_fits(token, p.key)), None)
        if person is None:
            raise Refused("bad_key", "That key opens no seat in this room.")
        return person, room.resume(person, link, last_seq)

    def forget(self, room: Room) -> None:
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
            self.outlet.closed(room)

    def close(self) -> None:
        for room in list(self.rooms.values()):
            room.close()
