"""Saves, replays, and games rebuilt from their state at any decision."""

from __future__ import annotations

import json
import random

import pytest
from crop_kit import play_randomly, table

from doomlings_access.doomcrop import Game, Options, SaveError, Setup
from doomlings_access.doomcrop.random_player import choose

SETUPS = [
    Setup(("Ana", "Ben"), 7),
    Setup(("Ana", "Ben", "Cy"), 8, Options(jokers=2, epic_techniques=True)),
    Setup(("A", "B", "C", "D", "E", "F"), 9, Options(decks=2, jokers=4, epic_techniques=True)),
]


def partway(setup: Setup, answers: int, seed: int = 0) -> Game:
    g = Game(setup)
    rng = random.Random(seed)
    while g.pending is not None and len(g.actions) < answers:
        g.apply(choose(g.view(g.pending.player), rng))
    return g


def events_json(g: Game) -> list[dict[str, object]]:
    return [e.to_json() for e in g.log]


@pytest.mark.parametrize("setup", SETUPS, ids=["two", "three", "six"])
def test_a_save_loads_to_the_same_game(setup: Setup) -> None:
    g = partway(setup, 60)
    text = json.dumps(g.to_json())
    loaded = Game.from_json(json.loads(text))
    assert loaded.snapshot() == g.snapshot() and loaded.pending == g.pending
    assert events_json(loaded) == events_json(g)
    play_randomly(g, random.Random(1))
    play_randomly(loaded, random.Random(1))
    assert loaded.outcome == g.outcome and loaded.snapshot() == g.snapshot()


def test_a_finished_game_replays_exactly() -> None:
    g = partway(SETUPS[1], 10**6)
    again = Game.replay(g.setup, g.actions)
    assert again.is_over and again.snapshot() == g.snapshot() and events_json(again) == events_json(g)


def test_a_position_game_saves_with_its_position() -> None:
    g = table("7D 2D 3D / 4D 5D 6D / 8D 9D 10D", "2S 3S 4S / 5S 6S 7S / 8S 9S 10S", draw="KC QC", rest="shuffled")
    g.apply(g.legal_actions()[0])
    loaded = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert loaded.snapshot() == g.snapshot()


@pytest.mark.parametrize("setup", SETUPS, ids=["two", "three", "six"])
def test_a_game_rebuilt_from_its_state_at_any_decision_plays_on_the_same(setup: Setup) -> None:
    """The rules are a machine over plain data: a copy of the state (or its JSON) at any decision
    stands at the same decision and, given the same answers, does exactly what the game does."""
    g = partway(setup, 0)
    rng = random.Random(5)
    while g.pending is not None:
        if rng.random() < 0.3:
            from doomlings_access.doomcrop.state import State

            state = State.from_json(json.loads(json.dumps(g.snapshot())))
            state.log = list(g.log)
            copy = Game.from_state(g.setup, state)
            assert copy.pending == g.pending and copy.snapshot() == g.snapshot()
            for _ in range(rng.randrange(1, 12)):
                if g.pending is None:
                    break
                action = choose(g.view(g.pending.player), rng)
                assert [e.to_json() for e in copy.apply(action)] == [e.to_json() for e in g.apply(action)]
                assert copy.snapshot() == g.snapshot()
        else:
            g.apply(choose(g.view(g.pending.player), rng))


def test_a_tampered_save_names_the_field() -> None:
    g = partway(SETUPS[0], 30)
    data = g.to_json()
    data["state"]["draw"] = data["state"]["draw"][::-1]
    with pytest.raises(SaveError, match=r"^state\.draw: does not match"):
        Game.from_json(data)
    data = g.to_json()
    data["actions"][25] = [0, "stop"]
    with pytest.raises(SaveError, match=r"^actions\[25\]"):
        Game.from_json(data)
    data = g.to_json()
    data["setup"]["options"]["decks"] = 9
    with pytest.raises(SaveError, match=r"^setup\.options\.decks"):
        Game.from_json(data)
    for bad, field in (([], "save"), ({**g.to_json(), "version": 2}, "version"), ({**g.to_json(), "game": "doomlings"}, "game"),
                       ({**g.to_json(), "actions": [[0, True]]}, r"actions\[0\]")):
        with pytest.raises(SaveError, match=f"^{field}"):
            Game.from_json(bad)
