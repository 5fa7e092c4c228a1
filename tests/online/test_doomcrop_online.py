"""Doomcrop online, through the same rooms, narration, replay and server as Doomlings: a room
opened for Doomcrop on a real server (127.0.0.1, WebSocket), a friend joining by code and a
computer seat, played to the end, with one person dropping and coming back to their seat and
what they missed; nothing named to a seat of another seat's face-down cards (nor of the cards
in another's hand) to players or to someone watching, who reviews the grids too, over eight
seeded games, with every optional rule; and a Doomcrop room taken over from Redis by another
process, the same game."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import random
import re
from typing import Any

import pytest
from online_kit import Kept, Player, ana_hosts_ben_joins, until
from redis_kit import holder_stops, lease_runs_out

from doomlings_access.doomcrop import Game
from doomlings_access.doomcrop.cards import Card
from doomlings_access.online import protocol
from doomlings_access.online.rooms import Phase, Room, Rooms, Timing

FAST = Timing(grace=30.0, actions=(1000.0, 1000))
GAMES = int(os.environ.get("DOOMCROP_ONLINE_GAMES", "8"))
"""Seeded games of the no-peek check (``make fuzz`` plays 300)."""


def test_a_doomcrop_room_over_a_real_server_with_a_friend_a_computer_and_a_reconnect() -> None:
    from websockets.asyncio.client import connect

    from doomlings_access.online.client import start_server

    address, stop = start_server("127.0.0.1", 0)
    url = f"ws://{address}/ws"

    async def main() -> None:
        rng = random.Random(5)
        ana = await connect(url)
        await ana.send(json.dumps({"type": "create", "name": "Ana", "game": "doomcrop"}))
        seen: dict[str, list[dict[str, Any]]] = {"ana": [], "ben": []}

        async def next_of(ws: Any, who: str, kind: str) -> dict[str, Any]:
            while True:
                m = json.loads(await asyncio.wait_for(ws.recv(), 20))
                protocol.check(m, protocol.TO_CLIENT)
                seen[who].append(m)
                if m["type"] == kind:
                    return m

        welcome = await next_of(ana, "ana", "welcome")
        assert welcome["game"]["name"] == "doomcrop" and "grid" in [c["name"] for c in welcome["game"]["commands"]]
        ben = await connect(url)
        await ben.send(json.dumps({"type": "join", "code": welcome["code"].lower(), "name": "Ben"}))
        ben_welcome = await next_of(ben, "ben", "welcome")
        assert ben_welcome["game"]["title"] == "Doomcrop"
        await ana.send(json.dumps({"type": "house_rule", "rule": "catastrophe-ends-round", "on": True}))
        refused = await next_of(ana, "ana", "error")
        assert refused["code"] == "bad_message" and "jokers" in refused["text"]  # Doomcrop's rules, not Doomlings'
        await ana.send(json.dumps({"type": "house_rule", "rule": "jokers", "on": True}))
        await ana.send(json.dumps({"type": "add_computer", "level": "easy"}))
        await ana.send(json.dumps({"type": "start"}))

        async def play(ws: Any, who: str, until_moves: int | None) -> int:
            """Answer every question; stop after ``until_moves`` answers, or at the end."""
            answered, last = 0, None
            while True:
                m = json.loads(await asyncio.wait_for(ws.recv(), 30))
                protocol.check(m, protocol.TO_CLIENT)
                seen[who].append(m)
                if m["type"] == "error" and m.get("code") == "too_fast" and last is not None:
                    await asyncio.sleep(0.5)  # (a bot answers faster than the room allows a person)
                    await ws.send(last)
                if m["type"] == "question":
                    option = rng.choice(m["options"])["id"]
                    last = json.dumps({"type": "answer", "question": m["id"], "option": option})
                    await ws.send(last)
                    answered += 1
                    if answered == 3:
                        await ws.send(json.dumps({"type": "review", "topic": "grids"}))
                    if until_moves is not None and answered >= until_moves:
                        return answered
                elif m["type"] == "table" and m["phase"] == "over":
                    return answered

        ben_first = asyncio.create_task(play(ben, "ben", 4))
        ana_task = asyncio.create_task(play(ana, "ana", None))
        await ben_first
        await ben.close()  # Ben's connection is lost
        await asyncio.sleep(0.3)
        heard = max(m["seq"] for m in seen["ben"] if "seq" in m)
        ben = await connect(url)
        await ben.send(json.dumps({"type": "resume", "code": welcome["code"], "token": ben_welcome["token"], "last_seq": heard}))
        back = await next_of(ben, "ben", "welcome")
        assert back["resumed"] and back["seat"] == 1 and back["game"]["name"] == "doomcrop"
        await play(ben, "ben", None)
        await ana_task
        await ana.close()
        await ben.close()

        for who in ("ana", "ben"):
            told = [m["text"] for m in seen[who] if m["type"] == "say" and m["channel"] == "game"]
            assert any("Ana" in t or "You" in t for t in told)
            reviews = [m for m in seen[who] if m["type"] == "review" and m["topic"] == "grids"]
            assert reviews and reviews[0]["lines"][0] == "Your grid:"
            over = next(i for i, t in enumerate(told) if "Game over." in t)
            assert any("Discard pile" in t for t in told[over:]), "the end counts the Discard piles"
        summary = [m["text"] for m in seen["ben"] if m["type"] == "say" and m["text"].startswith("You are back.")]
        assert summary, "Ben is told he is back, and where the game stands"
        missed = [m for m in seen["ben"] if m.get("replayed")]
        assert len({m["seq"] for m in missed}) == len(missed), "what was missed is sent once"

    try:
        asyncio.run(main())
    finally:
        stop()


def _hidden(game: Game, seat: int | None, seen: set[str]) -> set[str]:
    """Every way of naming a card ``seat`` (None: someone watching) does not know where it
    lies (another seat's face-down card or hand, a first discard not yet shown), less any card
    it has known (a second copy with several decks, or a card known before it was hidden)."""
    st = game.state
    view = game.view(seat) if seat is not None else None
    known = ({c.code for c in view.identified()} if view is not None else set()) | seen
    unseen: list[Any] = []
    for other, grid in enumerate(st.grids):
        for spot, slot in enumerate(grid):
            if other == seat or slot is None or slot.up:
                continue
            if view is None or view.grids[other][spot].card is None:
                unseen.append(slot.card)
    unseen += [c for other, hand in enumerate(st.hands) if other != seat for c in hand]
    unseen += [c for other, c in enumerate(st.set_aside) if other != seat and c is not None]
    return {w for c in unseen if c.code not in known for w in (c.code, c.spoken)}


def _cards_in(event: object) -> list[Card]:
    """The cards an event names, as the seat it was addressed to was told it."""
    found: list[Card] = []
    for field in dataclasses.fields(event):  # type: ignore[arg-type]
        value = getattr(event, field.name)
        is_many = isinstance(value, (tuple, list, frozenset, set)) and not isinstance(value, Card)  # (a named tuple)
        values = value if is_many else (value,)
        found += [v for v in values if isinstance(v, Card)]
    return found


def _public(game: Game) -> set[str]:
    """The cards everyone may know where they lie now."""
    st = game.state
    up = {slot.card.code for grid in st.grids for slot in grid if slot is not None and slot.up}
    top = {st.draw[-1].code} if st.top_face_up and st.draw else set()
    return up | {c.code for pile in st.discards for c in pile} | top


EXAMPLES = re.compile(r"like (card )?(7 of Clubs|7C|7 C)\b")
"""The help's own example of a card to type, which names no card of the game."""


def _words(m: dict[str, Any]) -> list[str]:
    return [EXAMPLES.sub("like EXAMPLE", text) for text in _said(m)]


def _said(m: dict[str, Any]) -> list[str]:
    if m["type"] in ("say", "chat"):
        return [m["text"], m["speech"]]
    if m["type"] == "question":
        return [m["title"], m["speech"], *(t for o in m["options"] for t in (o["text"], o["speech"], *o["words"]))]
    if m["type"] == "review":
        return list(m["lines"])
    return []


@pytest.mark.parametrize("seed", range(GAMES))
def test_no_message_names_a_face_down_card_of_another_seat(seed: int) -> None:
    async def main() -> None:
        rooms = Rooms(FAST, seed=seed)
        ana, ben = Player(rooms, seed * 2 + 1), Player(rooms, seed * 2 + 2)
        room: Room | None = None
        leaks: list[str] = []
        checked = [0]

        ever: dict[int | None, set[str]] = {0: set(), 1: set(), 2: set(), None: set()}
        """The cards each seat has known where they lay at some moment (a story told after
        several moves names a card as it was then, face up, that is face down again now)."""

        twin: list[Game] = []
        shown: dict[int | None, int] = dict.fromkeys(ever, 0)

        def follow(game: Game) -> None:
            """A twin of the room's game, its answers applied one by one: what each seat knew
            after each."""
            if not twin:
                twin.append(Game(game.setup))
            for action in game.actions[len(twin[0].actions) :]:
                before = list(twin[0].state.draw)
                twin[0].apply(action)
                after = twin[0].state.draw
                if twin[0].state.top_face_up:  # (each card that came to the top was shown there)
                    ever[None].update(c.code for c in before[max(len(after) - 1, 0) :])
                for seat in range(twin[0].view(0).n):
                    ever[seat].update(c.code for c in twin[0].view(seat).identified())
                ever[None].update(_public(twin[0]))
                for seat in ever:  # a card shown and hidden again within one move (a Hearts helper)
                    told = twin[0].seen_log(seat)
                    ever[seat].update(c.code for e in told[shown[seat]:] for c in _cards_in(e))
                    shown[seat] = len(told)

        grids_asked: list[bool] = []

        def watch(player: Player) -> None:
            keep = player.link.then

            def then(link: Kept, m: dict[str, Any]) -> None:
                person = player.person
                if room is not None and room.game is not None and person is not None:
                    game = room.game
                    assert isinstance(game, Game)
                    follow(game)
                    seen = ever[person.seat]
                    for word in _hidden(game, person.seat, seen):
                        for text in _words(m):
                            checked[0] += 1
                            if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text):
                                leaks.append(f"{person.name} told {word!r}: {text}")
                if keep is not None:
                    keep(link, m)
                watcher = person is not None and person.seat is None
                if watcher and m["type"] == "say" and "'s turn." in m["text"] and not grids_asked:
                    grids_asked.append(True)
                    asyncio.get_running_loop().call_soon(player.send, {"type": "review", "topic": "grids"})
                asks = m["type"] == "question" or (watcher and m["type"] == "say")
                if asks and player.rng.random() < 0.2:
                    topic = player.rng.choice(("grid", "grids", "discards", "draw", "card"))
                    arg = player.rng.choice(("", "ben front left", "ana back middle", "cy middle right", "ben", "front left"))
                    asyncio.get_running_loop().call_soon(player.send, {"type": "review", "topic": topic, "arg": arg})

            player.link.then = then

        watch(ana)
        watch(ben)
        ana.person, _ = rooms.open("Ana", ana.link, game="doomcrop")
        room = ana.room
        ben.person, _ = rooms.join(room.code, "Ben", ben.link)
        if seed % 2:  # three seats (two decks), with Jokers
            ana.send({"type": "add_computer", "level": "easy"})
            ana.send({"type": "house_rule", "rule": "jokers", "on": True})
        if seed % 3 == 2:
            for rule in ("epic-techniques", "hearts-around", "hearts-helper-turns-down"):
                ana.send({"type": "house_rule", "rule": rule, "on": True})
        ana.send({"type": "start"})
        zoe = Player(rooms, seed)  # someone watching, from the start
        watch(zoe)
        zoe.person, _ = rooms.join(room.code, "Zoe", zoe.link)
        await until(lambda: room is not None and room.phase == Phase.OVER, 60)
        assert room.game is not None and room.game.is_over
        assert any(m["topic"] == "grids" and "face down" in " ".join(m["lines"]) for m in zoe.link.of("review"))
        assert checked[0] > 100, "the check looked at what was said"
        assert not leaks, leaks[:3]
        room.close()

    asyncio.run(main())


def test_a_doomcrop_room_taken_over_from_redis_is_the_same_game(redis_url: str) -> None:

    from doomlings_access.online.ledger import RedisDirectory
    from doomlings_access.online.replay import digest
    from doomlings_access.online.server import Server

    async def main() -> None:
        a_rooms, b_rooms = Rooms(FAST, seed=3), Rooms(FAST, seed=4)
        a, b = RedisDirectory(redis_url, lease=1.0), RedisDirectory(redis_url, lease=1.0)
        await a.start(a_rooms, Server(a_rooms, directory=a), "127.0.0.1:1")
        await b.start(b_rooms, Server(b_rooms, directory=b), "127.0.0.1:2")
        ana, ben = Player(a_rooms, 11), Player(a_rooms, 12)
        ana.person, _ = a_rooms.open("Ana", ana.link, code=await a.new_code(), game="doomcrop")
        code = ana.room.code
        ben.person, _ = a_rooms.join(code, "Ben", ben.link)
        ana.send({"type": "house_rule", "rule": "epic-techniques", "on": True})
        ana.send({"type": "add_computer", "level": "normal"})
        ana.send({"type": "start"})
        await until(lambda: ana.answers >= 6 and ben.answers >= 6)
        room = ana.room
        ana.answering = ben.answering = False
        assert room.driver is not None
        room.driver.cancel()
        await holder_stops(a, code)
        await lease_runs_out(b, code, 1.0)
        assert await b.place(code) is None, "taken over by b"
        again = b_rooms.rooms[code]
        assert again.kind.name == "doomcrop" and again.house_rules == ["epic-techniques"]
        assert again.game is not None and room.game is not None
        assert digest(again.game) == digest(room.game)
        for before, after in zip(room.people, again.people):
            assert list(after.history) == list(before.history)
            assert before.listener is not None and after.listener is not None
            assert (after.listener.told, after.listener.ended) == (before.listener.told, before.listener.ended)
        for player in (ana, ben):
            assert player.person is not None
            welcome = player.link.of("welcome")[-1]
            heard = max(m["seq"] for m in player.link.messages)
            player.rooms, player.answering = b_rooms, True
            player.person, _ = b_rooms.resume(code, welcome["token"], heard, player.link)
        await until(lambda: again.phase == Phase.OVER, 60)
        assert again.game.is_over
        for player in (ana, ben):
            fresh = [m["seq"] for m in player.link.messages if not m.get("replayed")]
            assert fresh == sorted(set(fresh)), "no message number is used twice"
        again.close()
        await a.stop(hand_over=False)
        await b.stop(hand_over=False)

    asyncio.run(main())


def test_a_room_names_its_game_and_refuses_what_its_game_does_not_have() -> None:
    from doomlings_access.online.rooms import Refused

    async def main() -> None:
        rooms = Rooms(FAST, seed=1)
        with pytest.raises(Refused, match="No game chess: the games are doomlings and doomcrop"):
            rooms.open("Ana", Kept(), game="chess")
        ana = Player(rooms, 1)
        ana.person, _ = rooms.open("Ana", ana.link, game="doomcrop")
        assert ana.link.of("table")[-1]["game"] == "doomcrop"
        ana.send({"type": "review", "topic": "hand"})
        ana.send({"type": "review", "topic": "card", "arg": "qs"})
        hand, card = ana.link.of("review")
        assert hand["lines"] == ["Doomcrop has no review hand. Its reviews: grid, grids, discards, draw, card."]
        assert card["lines"][0] == "Queen of Spades, a Face card."
        ana.send({"type": "add_computer", "level": "hard"})
        assert ana.room.lineup[-1].name == "Ben", "Doomcrop's computer players, by its names"
        ana.room.close()

    asyncio.run(main())


def test_nobody_hears_a_doomcrop_seat_thinking_at_a_question_that_tells_where_a_heart_lies() -> None:
    from doomlings_access.doomcrop.decisions import Decision, Kind, Reason, Word
    from doomlings_access.games import TABLES

    doomcrop = TABLES["doomcrop"]
    hearts = Decision(1, Kind.PLACE, Reason.HEARTS, (10, Word.NO), "7C", about=(13, 4))
    flip = Decision(1, Kind.PLACE, Reason.FLIP, (9, 10, 11))
    assert not doomcrop.asked_openly(None, hearts)
    assert doomcrop.asked_openly(None, flip)


def test_the_host_changes_the_tables_game_in_the_lobby_and_everyone_learns_its_reviews() -> None:
    async def main() -> None:
        rooms = Rooms(FAST, seed=5)
        ana, ben, _ = ana_hosts_ben_joins(rooms)
        room = ana.room
        ana.send({"type": "house_rule", "rule": "catastrophe-ends-round", "on": True})
        ben.send({"type": "choose_game", "game": "doomcrop"})
        assert ben.link.of("error")[-1]["code"] == "not_allowed" and room.kind.name == "doomlings"
        ana.send({"type": "choose_game", "game": "chess"})
        assert ana.link.of("error")[-1]["text"] == "No game chess: the games are doomlings and doomcrop."
        ana.send({"type": "choose_game", "game": "doomlings"})
        assert ana.link.of("error")[-1]["text"] == "This table plays Doomlings already."

        ana.send({"type": "choose_game", "game": "doomcrop"})
        assert room.kind.name == "doomcrop" and room.house_rules == [], "the other game's house rules go"
        for player in (ana, ben):
            chosen = player.link.of("game_chosen")[-1]["game"]
            assert chosen["title"] == "Doomcrop" and "grid" in [c["name"] for c in chosen["commands"]]
            assert "Ana chose Doomcrop: this table plays Doomcrop now." in player.link.texts("notice")
            assert player.link.of("table")[-1]["game"] == "doomcrop"
        ben.send({"type": "review", "topic": "card", "arg": "qs"})
        assert ben.link.of("review")[-1]["lines"][0] == "Queen of Spades, a Face card."
        ana.send({"type": "house_rule", "rule": "jokers", "on": True})
        assert room.house_rules == ["jokers"], "the new game's rules are the host's to choose"

        top = Player(rooms, 3)  # a name Doomlings gives, and Doomcrop cannot: a word it answers to
        ana.send({"type": "choose_game", "game": "doomlings"})
        top.person, _ = rooms.join(room.code, "Top", top.link)
        ana.send({"type": "choose_game", "game": "doomcrop"})
        assert ana.link.of("error")[-1]["code"] == "bad_name" and room.kind.name == "doomlings"
        top.send({"type": "leave"})
        ana.send({"type": "choose_game", "game": "doomcrop"})
        assert room.kind.name == "doomcrop"

        ana.send({"type": "start"})
        await until(lambda: room.phase == Phase.OVER, 60)
        assert room.game is not None and type(room.game).__module__.startswith("doomlings_access.doomcrop")
        ana.send({"type": "choose_game", "game": "doomlings"})
        assert ana.link.of("error")[-1]["code"] == "not_now", "only before the start"
        room.close()

    asyncio.run(main())
