"""Nothing told that a seat cannot see, online: over many seeded games (people, a computer
player and someone watching), every message the room sends a person is checked as it is sent,
against the game at that moment: it names no card of another seat's hand that this person
has not been shown (nor, to someone watching, any card of any hand not shown to everyone),
by name or by label, in print or in speech. The people answer at random and ask for reviews,
so questions, reviews and the table go through the same check as the narration."""

from __future__ import annotations

import asyncio
import os
import random
import re
from functools import cache
from typing import Any

from online_kit import Kept, Player, until

from doomlings_access.online.rooms import Phase, Room, Rooms, Timing
from doomlings_access.rules import Game
from doomlings_access.rules.view import onlooker_view
from doomlings_access.ui.words import Said

GAMES = int(os.environ.get("DOOMLINGS_ONLINE_GAMES", "8"))
"""Rooms played to their end: 8 in ``make test``, 300 in ``make fuzz``."""
TOPICS = ("hand", "table", "scores", "age", "genes", "deck", "pile", "log")


@cache
def pattern(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")


def words_of(message: dict[str, Any]) -> list[str]:
    """Everything in a message a person reads or hears."""
    kind = message["type"]
    if kind in ("say", "chat"):
        return [message["text"], message["speech"]]
    if kind == "question":
        return [message["title"], message["speech"], *message["details"],
                *(t for o in message["options"] for t in (o["text"], o["speech"], *o["words"])),
                *(h["name"] for h in message["held"])]
    if kind == "review":
        return list(message["lines"])
    if kind == "table":
        return [message["said"]]
    return []


def unseen(game: Game, seat: int | None) -> tuple[set[str], set[str]]:
    """Names and labels of cards in hands ``seat`` may not name (None: someone watching):
    those of cards it has never been shown, less any also on a card it knows (a second copy);
    and the names and labels it may."""
    seen = onlooker_view(game) if seat is None else game.view(seat)
    known = {c for c in seen.faces}
    named = {t for c in known for t in (seen.faces[c].name, seen.faces[c].label)}
    hidden: set[str] = set()
    for other, player in enumerate(game.seats):
        if other == seat:
            continue
        for c in player.hand:
            if c not in known:
                hidden.update((game.defs[c].name, game.defs[c].label))
    return hidden - named, named


def strip_known(text: str, hidden: set[str], named: set[str]) -> str:
    """``text`` without the names it may say that hold a hidden one ("Tiny Little Melons",
    seen, holds "Tiny", which is a card of its own)."""
    for name in sorted(named, key=len, reverse=True):
        if any(h in name for h in hidden if h != name):
            text = pattern(name).sub(" ", text)
    return text


class Watched:
    """Checks every message to one person as it is sent."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.room: Room | None = None
        self.seat: int | None = None
        self.checked = 0
        self.leaks: list[str] = []
        self.at: tuple[int | None, int, int] | None = None
        self.sets: tuple[set[str], set[str]] = (set(), set())

    def __call__(self, link: Kept, message: dict[str, Any]) -> None:
        room = self.room
        if room is None or room.game is None:
            return
        texts = words_of(message)
        if not texts:
            return
        at = (self.seat, len(room.game.log), len(room.game.actions))  # (the game changes only by an action)
        if at != self.at:
            self.at, self.sets = at, unseen(room.game, self.seat)
        hidden, named = self.sets
        for text in texts:
            self.checked += 1
            text = strip_known(text, hidden, named)
            for word in hidden:
                if pattern(word).search(text):
                    self.leaks.append(f"{self.name} (seat {self.seat}) told {word!r}: {text}")


class Curious(Player):
    """A player who, now and then, asks for a review before answering."""

    def __init__(self, rooms: Rooms, seed: int, watched: Watched) -> None:
        super().__init__(rooms, seed)
        previous = self.link.then
        assert previous is not None

        def both(link: Kept, message: dict[str, Any]) -> None:
            watched(link, message)
            previous(link, message)
            if message["type"] == "question" and self.rng.random() < 0.25:
                topic = self.rng.choice(TOPICS)
                arg = self.rng.choice(["Ana", "Ben", "Cy", "Otto"]) if topic == "pile" else ""
                asyncio.get_running_loop().call_soon(self.ask_review, topic, arg)

        self.link.then = both

    def ask_review(self, topic: str, arg: str) -> None:
        if self.person is not None and self.person.link is self.link:
            self.room.receive(self.person, {"type": "review", "topic": topic, "arg": arg})


async def one_game(seed: int) -> list[Watched]:
    rooms = Rooms(Timing(grace=5.0, idle=60.0, actions=(1000.0, 1000)), seed=seed)
    watched = {name: Watched(name) for name in ("Ana", "Ben", "Cy", "Zoe")}
    people = {name: Curious(rooms, seed * 10 + i, watched[name]) for i, name in enumerate(("Ana", "Ben", "Cy"))}
    ana = people["Ana"]
    ana.person, _ = rooms.open("Ana", ana.link)
    room = ana.room
    for name in ("Ben", "Cy"):
        people[name].person, _ = rooms.join(room.code, name, people[name].link)
    room.receive(ana.person, {"type": "add_computer", "level": "normal"})
    for w in watched.values():
        w.room = room
    room.receive(ana.person, {"type": "start"})
    for name, player in people.items():
        assert player.person is not None
        watched[name].seat = player.person.seat
    zoe = Kept(watched["Zoe"])
    rooms.join(room.code, "Zoe", zoe)  # watching from the second round's news on
    await until(lambda: room.phase == Phase.OVER, 60.0)
    room.close()
    return list(watched.values())


def test_no_message_names_a_card_of_another_hand_before_it_is_shown() -> None:
    rng = random.Random(35)
    leaks: list[str] = []
    checked = 0
    for _ in range(GAMES):
        for w in asyncio.run(one_game(rng.randrange(1, 10**6))):
            leaks.extend(w.leaks)
            checked += w.checked
    assert checked > GAMES * 400, checked  # (the check ran: hundreds of texts a game)
    assert not leaks, "\n".join(leaks[:10])


def test_the_check_finds_a_card_named_that_the_seat_cannot_see() -> None:
    """The check itself: a card of another hand, named to a seat, is found."""

    async def test() -> None:
        rooms = Rooms(Timing(grace=5.0), seed=3)
        watched = Watched("Ana")
        link = Kept(watched)
        ana, _ = rooms.open("Ana", link)
        room = ana.room
        room.receive(ana, {"type": "add_computer", "level": "easy"})
        watched.room = room
        room.receive(ana, {"type": "start"})
        watched.seat = ana.seat
        await until(lambda: link.last_question() is not None)
        game = room.game
        assert game is not None
        hidden, _ = unseen(game, 0)
        secret = next(game.defs[c].name for c in game.seats[1].hand if game.defs[c].name in hidden)
        assert not watched.leaks
        room.say(ana, Said(f"Otto holds {secret}.", "Otto holds a card."))
        assert watched.leaks == [f"Ana (seat 0) told {secret!r}: Otto holds {secret}."]
        room.close()

    asyncio.run(test())
