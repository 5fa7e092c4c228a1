"""Position files: read, checked, and refused with the file and the field named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from crop_kit import player
from hypothesis import given, settings
from hypothesis import strategies as st

from doomlings_access.doomcrop import Game, PositionError, Reason, read_position
from doomlings_access.doomcrop.options import SetupError

HERE = Path(__file__).parent / "positions"
ANA = player("Ana", "7C QH 2S / 4D 9S KH / 3C 5H^ AD", discard=["6D"])
BEN = player("Ben", "4H 10C 8S / 2D 5D JS / 6C 7S 9H*", discard=["QS"])


def good(**more: Any) -> dict[str, Any]:
    return {"players": [dict(ANA), dict(BEN)], "draw_pile": ["3S", "KD"], **more}


def test_the_example_file_sets_up_its_table() -> None:
    path = HERE / "example.json"
    g = Game(read_position(path.read_text(), path.name))
    assert g.pending.reason is Reason.FLIP and g.pending.player == 0
    assert g.view(1).slot(9 + 8).card.code == "9H"  # known to all, though face down
    assert g.view(0).slot(9 + 8).card.code == "9H" and g.view(0).slot(9).card is None
    assert [c.code for c in reversed(g.state.draw[-2:])] == ["3S", "KD"]
    assert len(g.state.cards()) == 52


def test_a_position_round_trips_through_a_save() -> None:
    setup = read_position(json.dumps(good()), "t.json")
    g = Game(setup)
    again = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert again.snapshot() == g.snapshot()


HOSTILE: list[tuple[Any, str]] = [
    ("[1, 2", "file: is not JSON"),
    ("[" * 100000 + "]" * 100000, "file:"),
    ("x" * 300000, "file: is longer"),
    ([], "file: must hold one JSON object"),
    ({}, "players: must be a list"),
    ({"players": [{"name": "Ana"}]}, "players: must be a list of 2 to 6"),
    ({"players": [{"name": f"P{i}"} for i in range(7)]}, "players: must be a list of 2 to 6"),
    (good(game="doomlings"), "game: must be doomcrop"),
    (good(seed=True), "seed: must be a whole number"),
    (good(seed=2**80), "seed: must be a whole number"),
    (good(seed="1"), "seed: must be a whole number"),
    (good(options={"decks": 9}), "options.decks: must be from 1 to 4"),
    (good(options={"decks": True}), "options.decks: must be a whole number"),
    (good(options={"jokers": 3}), "options.jokers"),
    (good(options={"hearts_adjacency": "diagonal"}), "options.hearts_adjacency: must be one of"),
    (good(options={"king_order": 3}), "options.king_order"),
    (good(options={"bogus": 1}), "options.bogus: unknown option"),
    (good(options=[]), "options: must be an object"),
    (good(turn="Zed"), "turn: no player is named 'Zed'"),
    (good(turn=5), "turn: must name a player"),
    (good(turn=True), "turn: must name a player"),
    (good(start="middle"), "start: must be one of"),
    (good(rest_of_deck=None), "rest_of_deck: must be one of"),
    (good(top_face_up="yes"), "top_face_up: must be true or false"),
    (good(draw_pile=["7C"]), "draw_pile: more 7C than 1 deck hold"),
    (good(draw_pile="7C"), "draw_pile: must be a list"),
    (good(draw_pile=["2C"] * 300), "draw_pile: must be a list of at most"),
    (good(draw_pile=[7]), r"draw_pile\[0\]: '7' is not a card"),
    (good(draw_pile=["1C"]), r"draw_pile\[0\]: '1C' is not a card"),
    (good(extra=1), "extra: is not a field of a position"),
    ({"players": [{"name": "Ana", "front": ["7C", "QH"]}, BEN]}, r"players\[0\]\.front: must be a list of three"),
    ({"players": [{"name": "Ana", "front": ["7C", "QX", "2S"]}, BEN]}, r"players\[0\]\.front\[1\]: 'QX' is not a card"),
    ({"players": [{"name": "Ana", "front": ["7C", {"a": 1}, "2S"]}, BEN]}, r"players\[0\]\.front\[1\]"),
    ({"players": [{**ANA, "face_up": ["front lft"]}, BEN]}, r"players\[0\]\.face_up\[0\]: 'front lft' is not a place"),
    ({"players": [{**ANA, "face_up": "front left"}, BEN]}, r"players\[0\]\.face_up: must be a list"),
    ({"players": [{**ANA, "face_up": [None]}, BEN]}, r"players\[0\]\.face_up\[0\]"),
    ({"players": [{"name": "Ana", "front": [None, "2C", "3C"], "face_up": ["front left"]}, BEN]}, r"players\[0\]\.face_up\[0\]: the front left is empty"),
    ({"players": [{"name": "Ana"}, {"name": "Ben"}]}, r"players\[0\]\.front: the front left is empty while the Draw pile holds cards"),
    ({**good(), "players": [ANA, {**BEN, "back": ["6C", None, "9H"]}]}, r"players\[1\]\.back: the back middle is empty while"),
    ({"players": [{**ANA, "known_to_all": ["back middle"]}, BEN]}, r"players\[0\]\.known_to_all: the back middle is face up"),
    ({"players": [{**ANA, "colour": "red"}, BEN]}, r"players\[0\]\.colour: is not a field of a player"),
    ({"players": [{**ANA, "name": ""}, BEN]}, r"players\[0\]\.name"),
    ({"players": [{**ANA, "name": "x" * 41}, BEN]}, r"players\[0\]\.name"),
    ({"players": [ANA, {**BEN, "name": "Ana"}]}, r"players\[1\]\.name: 'Ana' is already a player"),
    ({"players": [ANA, "Ben"]}, r"players\[1\]\.name"),
    ({"players": [ANA, {**BEN, "hand": ["2C"]}]}, r"players\[1\]\.hand: is only for start setup"),
    ({"players": [ANA, BEN], "start": "setup"}, r"players\[0\]: at start setup, each player holds 10 cards"),
    ({"players": [ANA, {**BEN, "front": ["7C", "10C", "8S"]}]}, r"players\[1\]\.grid: more 7C than 1 deck hold"),
]


@pytest.mark.parametrize(("data", "message"), HOSTILE, ids=[str(i) for i in range(len(HOSTILE))])
def test_a_hostile_position_names_the_file_and_the_field(data: Any, message: str) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(PositionError, match=f"^table\\.json: {message}"):
        read_position(text, "table.json")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=8)
    | st.sampled_from(["7C", "10H", "JK", "front left", "Ana", "turn", "setup", "out"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["players", "name", "front", "middle", "back", "face_up", "known_to_all", "discard",
                         "hand", "draw_pile", "turn", "start", "seed", "options", "decks", "rest_of_deck"]),
        inner, max_size=5),
    max_leaves=25,
)


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_any_json_is_read_or_refused_with_a_position_error(data: Any) -> None:
    try:
        setup = read_position(json.dumps(data), "fuzz.json")
    except PositionError as exc:
        assert str(exc).startswith("fuzz.json: ")
        return
    Game(setup)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_a_good_table_mutated_is_read_or_refused_with_a_position_error(data: st.DataObject) -> None:
    base = good()
    players = base["players"]
    seat = data.draw(st.integers(0, 1))
    key = data.draw(st.sampled_from(["front", "middle", "back", "face_up", "known_to_all", "discard", "name"]))
    players[seat] = {**players[seat], key: data.draw(JSON)}
    try:
        setup = read_position(json.dumps(base), "fuzz.json")
    except PositionError as exc:
        assert str(exc).startswith("fuzz.json: ")
        return
    except SetupError:
        raise AssertionError("a setup error must reach the caller as a position error") from None
    Game(setup)
