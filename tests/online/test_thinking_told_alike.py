"""A thinking computer at an online table is told alike whatever it holds (issue 33: "their
timing"): two real rooms, in process, whose games differ only in hard Otto's hand (one where
the engine plays his one playable trait for him, one where he chooses between two), tell Ana
the same messages in the same order, "Otto is thinking." at the start of his turn in both, and
his turn no sooner than his thinking budget after it, by the room's clock."""

from __future__ import annotations

import asyncio
from typing import Any

from online_kit import Player, until

from doomlings_access.cards import load_cards
from doomlings_access.online.rooms import Phase, Rooms, Timing
from doomlings_access.players.search import Budget
from doomlings_access.positions import read_position
from doomlings_access.rules import Game

THINK = 0.6
"""Hard Otto's thinking budget (his search, of two sampled games, is done long before it)."""
NOTICE = "Otto is thinking."


def timed(ana: Player, questions: bool = False) -> list[tuple[float, str, str]]:
    """What ``ana``'s link is sent from now on (kind, channel or "question", text), each with the
    room's clock when it was sent: what is said, and the questions too when ``questions``
    (their options' texts). She answers as before."""
    heard: list[tuple[float, str, str]] = []
    answer = ana.link.then
    assert answer is not None
    loop = asyncio.get_running_loop()

    def kept(link: Any, message: dict[str, Any]) -> None:
        if message["type"] == "say":
            heard.append((loop.time(), message["channel"], message["text"]))
        elif message["type"] == "question" and questions:
            heard.append((loop.time(), "question", " / ".join(o["text"] for o in message["options"])))
        answer(link, message)

    ana.link.then = kept
    return heard


def heard_by_ana(otto_holds: list[str], budget: Budget | None = None) -> tuple[list[tuple[float, str, str]], int]:
    """Ana plays her turn, then hard Otto his, holding ``otto_holds`` (nothing else differs),
    thinking within ``budget`` (by default :data:`THINK` and 2 sampled games, done long before
    its time): what Ana's link was sent once the game began (kind, channel or question, text),
    each with the room's clock when it was sent; and how many questions Otto answered."""

    async def main(budget: Budget) -> tuple[list[tuple[float, str, str]], int]:
        rooms = Rooms(Timing(grace=30.0, actions=(1000.0, 1000)), seed=1, budget=budget)
        ana = Player(rooms, 3)
        heard = timed(ana, questions=True)
        ana.person, _ = rooms.open("Ana", ana.link)
        room = ana.room
        ana.send({"type": "add_computer", "level": "hard"})
        setup = read_position({
            "players": [{"name": "Ana", "hand": ["Bark", "Quick"]}, {"name": "Otto", "hand": otto_holds}],
            "revealed": ["The Birth of Life"], "age": "The Birth of Life",
            "deck": ["Leaves", "Antlers", "Fire Skin", "Blubber", "Migratory", "Nocturnal", "Spiny", "Scutes"],
            "rest_of_deck": "in_order", "play": "round",
        })

        def begin(seed: int) -> None:  # the room's game, set up by the position (its seats, its level)
            room.levels = {1: "hard"}
            room.game = Game(load_cards(), setup)
            room.agents = {1: room.kind.agent("hard", seed, 1, budget)}
            room.seed = seed

        room.begin = begin  # type: ignore[method-assign]
        heard.clear()
        ana.send({"type": "start"})
        await until(lambda: room.phase == Phase.OVER, 30)
        room.close()
        assert room.game is not None
        return heard, sum(choice.player == 1 for choice in room.game.actions)

    return asyncio.run(main(budget or Budget(seconds=THINK, iterations=2)))


def test_a_hard_computer_s_turn_is_told_alike_and_after_its_budget_whatever_it_holds() -> None:
    """Before, a turn the engine played alone for Otto (one playable trait) came at once with
    no notice, and one with a choice came with "Otto is thinking." after half a second (only
    when his search took longer), then his play: whether, and when, Ana heard the notice told
    her whether Otto had a choice. (Lower bounds only: a loaded machine makes it later.)"""
    alone, asked_alone = heard_by_ana(["Fear", "Delicious"])  # Delicious cannot be played: the engine plays Fear
    chose, asked_chose = heard_by_ana(["Fear", "Gills"])  # a question, his search done at once (2 games)
    assert asked_alone == 0 < asked_chose, (asked_alone, asked_chose)
    assert [said for _, *said in alone] == [said for _, *said in chose], "the same messages, in order"
    texts = [text for _, _, text in alone]
    assert texts.count(NOTICE) == 1, texts
    for heard in (alone, chose):
        at = next(i for i, (_, _, text) in enumerate(heard) if text == NOTICE)
        (noticed, _, _), (told, channel, news) = heard[at], heard[at + 1]
        assert channel == "game" and "Otto plays " in news, heard[at : at + 2]
        assert told - noticed >= THINK, (told - noticed, THINK)


def waited(heard: list[tuple[float, str, str]]) -> float:
    """How long after "Otto is thinking." the next message came, his play."""
    at = next(i for i, (_, _, text) in enumerate(heard) if text == NOTICE)
    (noticed, _, _), (told, channel, news) = heard[at], heard[at + 1]
    assert channel == "game" and "Otto plays " in news, heard[at : at + 2]
    return told - noticed


TURN = 1.0
"""Otto's thinking time in the test of a turn of several questions: his search plays sampled
games until its clock stops it, as at a real table."""


def test_a_hard_computer_s_turn_of_three_questions_is_told_as_soon_as_a_turn_of_one() -> None:
    """Each question Otto was asked had his whole budget, and the room waited out one budget
    a turn: a turn of three questions was told three budgets after "Otto is thinking.", a turn
    of one after one (3.0 s against 1.0 s, measured), and how many questions the rules ask
    him can depend on what he holds (none is asked of one answer). Ana's link now gets his
    turn one budget after the notice in both games: the questions of his turn share it.
    (Before, the first came no sooner than three budgets; the bound leaves room for a loaded
    machine.) The hands are the local test's: Voracious, Venomous and The Third Eye each play
    another trait, whatever he plays first; of Fear, Gills and Delicious only one is played."""
    many, asked_many = heard_by_ana(["Voracious", "Venomous", "The Third Eye"], Budget(seconds=TURN, iterations=None))
    one, asked_one = heard_by_ana(["Fear", "Gills", "Delicious"], Budget(seconds=TURN, iterations=None))
    assert (asked_many, asked_one) == (3, 1)
    for heard in (many, one):
        assert [text for _, _, text in heard].count(NOTICE) == 1, heard
        assert TURN * 0.95 <= waited(heard) < TURN * 2, (waited(many), waited(one))


def test_each_turn_of_a_hard_doomcrop_computer_is_said_at_its_start_and_waited_for() -> None:
    """The same through Doomcrop's table (the rooms know no game): every turn the hard
    computer began gets its notice, and what follows it comes no sooner than its budget."""
    budget = Budget(seconds=0.3, iterations=2)

    async def main() -> None:
        rooms = Rooms(Timing(grace=30.0, actions=(1000.0, 1000)), seed=4, budget=budget)
        ana = Player(rooms, 5)
        heard = timed(ana)
        ana.person, _ = rooms.open("Ana", ana.link, game="doomcrop")
        room = ana.room
        ana.send({"type": "add_computer", "level": "hard"})
        ana.send({"type": "start"})
        thinking = "Ben is thinking."

        def noticed() -> list[int]:
            return [i for i, (_, _, text) in enumerate(heard) if text == thinking]

        await until(lambda: len(noticed()) >= 3 and heard[-1][2] != thinking and room.holding is None, 60)
        room.close()
        for at in noticed():
            (said, _, _), (after, channel, _) = heard[at], heard[at + 1]
            assert channel == "game" and after - said >= budget.seconds, heard[at : at + 2]
        assert len(noticed()) == room.turns[: room.turns_noticed].count(1), (noticed(), room.turns)

    asyncio.run(main())


def test_a_hard_computer_answers_a_chance_out_of_turn_at_once() -> None:
    """Otto, hard, is asked whether to play Parasitic when Ana plays a trait, a question asked
    only because he holds it. His search took up to his whole budget there while Ana waited,
    so the pause after her play told her he held such a card: he answers it at once now, as
    the normal level (his budget here is 30 s; 10 s is far more than the normal level takes)."""

    async def main() -> tuple[float, list[str]]:
        budget = Budget(seconds=30.0, iterations=10**6)
        rooms = Rooms(Timing(grace=30.0, actions=(1000.0, 1000)), seed=1, budget=budget)
        ana = Player(rooms, 3)
        ana.person, _ = rooms.open("Ana", ana.link)
        room = ana.room
        ana.send({"type": "add_computer", "level": "hard"})
        setup = read_position({
            "players": [{"name": "Ana", "hand": ["Bark", "Quick"]}, {"name": "Otto", "hand": ["Parasitic", "Gills"]}],
            "revealed": ["The Birth of Life"], "age": "The Birth of Life",
            "deck": ["Leaves", "Antlers", "Fire Skin", "Blubber", "Migratory", "Nocturnal", "Spiny", "Scutes"],
            "rest_of_deck": "in_order", "play": "round",
        })
        asked: list[str] = []

        def begin(seed: int) -> None:
            room.levels = {1: "hard"}
            room.game = Game(load_cards(), setup)
            hard = room.kind.agent("hard", seed, 1, budget)
            choose = hard.choose

            def noted(view: Any, d: Any) -> Any:  # (the hard agent itself, its questions noted)
                asked.append(str(d.kind))
                return choose(view, d)

            hard.choose = noted  # type: ignore[method-assign]
            room.agents = {1: hard}
            room.seed = seed

        room.begin = begin  # type: ignore[method-assign]
        loop = asyncio.get_running_loop()
        ana.send({"type": "start"})
        await until(lambda: ana.answers >= 1, 10)
        played = loop.time()
        game = room.game
        assert game is not None
        await until(lambda: any(choice.player == 1 for choice in game.actions), 20)
        answered = loop.time() - played
        room.close()
        return answered, asked

    answered, asked = asyncio.run(main())
    assert asked == [], f"the hard search answered {asked}"
    assert answered < 10, answered


def test_a_thinking_computer_thinks_only_in_its_own_turn(monkeypatch: Any) -> None:
    """Questions of another's turn (a card to give up for another's play, a catastrophe's
    discards) went to the hard level's search, which took up to its budget while the table
    waited; the rules take a question of one answer without asking, so whether the table
    stopped there told what the computer held. Now they are answered at once, as the normal
    player would: the search thinks only in its own turn (or while it sets up)."""
    from doomlings_access.online.rooms import Room

    thought: list[tuple[int | None, int]] = []
    think = Room.think

    async def recorded(room: Room, agent: Any, d: Any) -> Any:
        assert room.game is not None
        thought.append((room.game.view(d.player).active, d.player))
        return await think(room, agent, d)

    monkeypatch.setattr(Room, "think", recorded)

    async def main() -> None:
        rooms = Rooms(Timing(grace=30.0, actions=(1000.0, 1000)), seed=2, budget=Budget(seconds=0.05, iterations=2))
        ana = Player(rooms, 5)
        ana.person, _ = rooms.open("Ana", ana.link)
        room = ana.room
        for _ in range(3):
            ana.send({"type": "add_computer", "level": "hard"})
        ana.send({"type": "start"})
        await until(lambda: room.phase == Phase.OVER, 120)
        room.close()

    asyncio.run(main())
    assert len(thought) > 30, len(thought)
    assert [(active, seat) for active, seat in thought if active not in (None, seat)] == []
