"""The terminal client reads a typed answer as the room's game's local prompt does, with the one
reader every game shares (telling.answers) and the game's part of it from the games' registry:
in a Doomlings room a card's label typed in BRF answers and a misspelt name gets "Did you mean";
in a Doomcrop room the help says Doomcrop's ways to answer (it said Doomlings' "one letter alone
is a command"), and Doomlings' own review letters ("h" for hand) are no command there.

A real room (in process) sends the welcome and the first question; a real client, not
connected, is given them as its network thread would, and is typed at."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest
from online_kit import Player, until

from doomlings_access.braille.labels import is_trait_label, label_to_brf
from doomlings_access.online.client import Client
from doomlings_access.online.rooms import Rooms, Timing
from doomlings_access.telling.console import PlainConsole
from doomlings_access.telling.output import Output
from doomlings_access.telling.prompting import Prefs

FAST = Timing(grace=30.0, actions=(1000.0, 1000))


def first_question(game: str, seed: int, then: str | None = None) -> list[dict[str, Any]]:
    """The welcome and the first question a room of ``game`` sends Ana (a computer at the other
    seat), as the server would pass them on (``then``: the game the host chooses in the lobby,
    and the change said between them)."""

    async def main() -> list[dict[str, Any]]:
        ana = Player(Rooms(FAST, seed=seed), seed)
        ana.answering = False
        ana.person, _ = ana.rooms.open("Ana", ana.link, game=game)
        ana.send({"type": "add_computer", "level": "easy"})
        if then is not None:
            ana.send({"type": "choose_game", "game": then})
        ana.send({"type": "start"})
        await until(lambda: ana.link.last_question() is not None)
        question = ana.link.last_question()
        assert question is not None
        ana.room.close()
        return [*ana.link.of("welcome"), *ana.link.of("game_chosen"), question]

    return asyncio.run(main())


def client_asked(messages: list[dict[str, Any]]) -> tuple[Client, io.StringIO]:
    stdout = io.StringIO()
    console = PlainConsole(io.StringIO(""), stdout)
    client = Client(console, Output(console.write), Prefs(), None, "127.0.0.1:1", "Ana")
    for m in messages:
        client.received(m)
    return client, stdout


def test_a_doomlings_label_typed_in_brf_answers_and_a_misspelt_name_is_guessed() -> None:
    for seed in range(1, 30):
        messages = first_question("doomlings", seed)
        question = messages[-1]
        cards = [o for o in question["options"] if any(is_trait_label(w) for w in o["words"])]
        if cards:
            break
    else:
        raise AssertionError("no seed asked Ana first for a trait")
    card = cards[0]
    name = card["text"].split(",")[0]
    label = next(w for w in card["words"] if is_trait_label(w))
    client, stdout = client_asked(messages)
    typo = name[1] + name[0] + name[2:]  # two letters swapped, as fast typing does
    client.typed(typo)
    assert f"Not a choice: {typo}. Did you mean" in stdout.getvalue(), stdout.getvalue()[-400:]
    assert client.asked is not None and not client.asked.answered
    client.typed("?")
    assert "A label reads as the braille cards do" in stdout.getvalue()
    client.typed(label_to_brf(label))
    assert client.asked.answered, (label, stdout.getvalue()[-400:])


@pytest.mark.parametrize("opened", ["doomcrop", "doomlings"])
def test_a_doomcrop_room_is_helped_in_doomcrops_words_and_knows_no_doomlings_command(opened: str) -> None:
    """Opened for Doomcrop, or for Doomlings and changed to Doomcrop in the lobby."""
    client, stdout = client_asked(first_question(opened, 2, then=None if opened == "doomcrop" else "doomcrop"))
    client.typed("?")
    helped = stdout.getvalue()
    assert "a place like front left or Ben back right" in helped, helped[-600:]
    assert "one letter alone is a command" not in helped
    assert client.as_command("h") == (None, "") and client.as_command("g") == ("grid", "")
    assert client.as_command("hand") == (None, "") and client.as_command("r") == ("repeat", "")
