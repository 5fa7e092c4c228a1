"""A person's chance to play out of turn, online, tells the others nothing (issue 33: "their
timing"): the rules ask it only of a seat holding a card for it, and the room sent the question
and waited for the answer, so the others at the table heard the game stop only when that person
held such a card. Out of their turn it is now answered for them at once, as the normal computer
player would from their seat (as at one keyboard), and they are told what was done with their
next news. Two real rooms, in process, whose games differ only in Ben's hand (Ana cannot see
it): Ben is sent no question in Ana's turn in either, and Ana's turn goes on without him."""

from __future__ import annotations

import asyncio
from typing import Any

from online_kit import Player, until

from doomlings_access.cards import load_cards
from doomlings_access.online.rooms import Phase, Rooms, Timing
from doomlings_access.positions import read_position
from doomlings_access.rules import Game

STEAL = "Parasitic"
"""Ben's card that answers Ana's play ("When an opponent plays a trait, play this to cancel its
action and steal that trait"): a chance the rules offer him only while he holds it."""


Asked = list[tuple[int | None, str, list[str]]]


def played(ben_holds: list[str]) -> tuple[Asked, list[str], list[str]]:
    """Ana and Ben, two people, play a round, Ben holding ``ben_holds``: the questions Ben was
    sent (whose turn it was then, why each was asked, and what Ana had been told by then),
    what Ben was told (the game's news, then the notices), and the texts of the questions Ana
    was sent."""

    async def main() -> tuple[Asked, list[str], list[str]]:
        rooms = Rooms(Timing(grace=30.0, actions=(1000.0, 1000)), seed=1)
        ana, ben = Player(rooms, 3), Player(rooms, 4)
        ana.person, code = rooms.open("Ana", ana.link)
        room = ana.room
        ben.person, _ = rooms.join(room.code, "Ben", ben.link)
        asked: Asked = []
        answer = ben.link.then
        assert answer is not None

        def noted(link: Any, message: dict[str, Any]) -> None:
            if message["type"] == "question" and room.game is not None:
                asked.append((room.game.view(1).active, message["reason"], ana.link.texts()))
            answer(link, message)

        ben.link.then = noted
        setup = read_position({
            "players": [{"name": "Ana", "hand": ["Bark", "Quick"]}, {"name": "Ben", "hand": ben_holds}],
            "revealed": ["The Birth of Life"], "age": "The Birth of Life",
            "deck": ["Leaves", "Antlers", "Fire Skin", "Blubber", "Migratory", "Nocturnal", "Spiny", "Scutes"],
            "rest_of_deck": "in_order", "play": "round",
        })

        def begin(seed: int) -> None:  # the room's game, set up by the position
            room.levels = {}
            room.game = Game(load_cards(), setup)
            room.agents = {}
            room.seed = seed

        room.begin = begin  # type: ignore[method-assign]
        ana.send({"type": "start"})
        await until(lambda: room.phase == Phase.OVER, 30)
        room.close()
        return asked, ben.link.texts() + ben.link.texts("notice"), [m["title"] for m in ana.link.of("question")]

    return asyncio.run(main())


def test_a_person_s_chance_out_of_turn_stops_nobody_whatever_they_hold() -> None:
    """Before, Ben holding Parasitic was sent "Play a trait out of turn?" after Ana's play, in
    her turn, and Ana's game waited for his answer; Ben holding Fear was sent nothing. Now
    neither is sent a question before his own turn, Ana is asked the same, and the chance
    taken for Ben is told to him."""
    holding, told_holding, ana_holding = played([STEAL, "Gills"])
    plain, told_plain, ana_plain = played(["Fear", "Gills"])
    assert all(active == 1 for active, _, _ in holding + plain), (holding, plain)
    assert ana_holding == ana_plain
    done = [text for text in told_holding if text.startswith("While it was not your turn, ")]
    stolen = any(f"You play {STEAL}" in text for text in told_holding)
    assert done == ([f"While it was not your turn, {STEAL} was played out of turn for you, as the normal computer player "
                     "would have."] if stolen else []), told_holding
    assert not any(text.startswith("While it was not your turn") for text in told_plain)


def test_a_person_asked_in_their_own_turn_for_what_they_hold_is_waited_for_unheard() -> None:
    """In his own turn Ben is asked as ever whether to play Late after stabilizing (a question
    put only to a holder of Late). Before, the room first told everyone the news ("Ben plays
    Gills ... Ben stabilizes ..."), then waited for Ben: Ana heard his turn stop after he
    stabilized, only when he held Late. Now only Ben hears the news before that question;
    Ana hears his turn when it is over, as when he holds no Late."""
    holding, _, _ = played(["Gills", "Late"])
    plain, _, _ = played(["Gills", "Fear"])
    late = [told for active, reason, told in holding if reason == "play_after_stabilizing"]
    assert len(late) == 1 and not [reason for _, reason, _ in plain if reason == "play_after_stabilizing"], (holding, plain)
    assert not any("Ben plays" in text or "Ben stabilizes" in text for text in late[0]), late[0]
