"""Views: exactly what one seat may know. Twins that differ only in cards a seat cannot see give it
equal views and equal samples; a sample stands at the seat's decision and plays on."""

from __future__ import annotations

import dataclasses
import random

import pytest
from crop_kit import answer, of_type, place, play_randomly, table

from doomlings_access.doomcrop import Game, Options, Setup, View, sample
from doomlings_access.doomcrop import events as ev
from doomlings_access.doomcrop.random_player import choose
from doomlings_access.doomcrop.sampling import hidden_from, unseen_dealt_afresh
from doomlings_access.doomcrop.state import State

SETUPS = [
    Setup(("Ana", "Ben"), 21),
    Setup(("Ana", "Ben", "Cy", "Di"), 22, Options(decks=1, jokers=2, epic_techniques=True)),
    Setup(("A", "B", "C", "D", "E"), 23, Options(decks=2, jokers=1)),
]


def seat_decisions(setup: Setup, seed: int):  # type: ignore[no-untyped-def]
    """Each decision of a random game, with the game (the caller must not keep it)."""
    g = Game(setup)
    rng = random.Random(seed)
    while g.pending is not None:
        yield g
        g.apply(choose(g.view(g.pending.player), rng))


@pytest.mark.parametrize("setup", SETUPS, ids=["two", "four", "five"])
def test_twins_give_equal_views_and_equal_samples(setup: Setup) -> None:
    rng = random.Random(1)
    differed = 0
    for i, g in enumerate(seat_decisions(setup, 2)):
        if i % 3:
            continue
        seat = g.pending.player
        twin = unseen_dealt_afresh(g, seat, rng)
        differed += twin.snapshot() != g.snapshot()
        assert twin.pending == g.pending
        view = g.view(seat)
        assert twin.view(seat) == view
        a, b = sample(view, random.Random(i)), sample(twin.view(seat), random.Random(i))
        assert a.snapshot() == b.snapshot()
        # and a player that reads only the view answers the same
        assert choose(view, random.Random(i)) == choose(twin.view(seat), random.Random(i))
    assert differed > 10


@pytest.mark.parametrize("setup", SETUPS, ids=["two", "four", "five"])
def test_a_sample_stands_at_the_seats_decision_and_plays_to_the_end(setup: Setup) -> None:
    for i, g in enumerate(seat_decisions(setup, 3)):
        if i % 7:
            continue
        seat = g.pending.player
        view = g.view(seat)
        s = sample(view, random.Random(i))
        assert s.pending == g.pending
        mine = s.view(seat)
        for f in dataclasses.fields(View):
            if f.name != "log":
                assert getattr(mine, f.name) == getattr(view, f.name), f.name
        # what the seat cannot identify was dealt from the cards it has not seen
        assert sorted(c for c in s.state.cards()) == sorted(g.state.cards())
        play_randomly(s, random.Random(i))


def test_a_view_holds_no_way_back_to_the_game() -> None:
    g = next(seat_decisions(SETUPS[0], 1))
    view = g.view(0)

    def walk(value: object, depth: int = 0) -> None:
        assert not isinstance(value, (Game, State)), "a view refers to the game"
        assert not isinstance(value, random.Random), "a view holds the game's chance"
        if depth > 6:
            return
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name), depth + 1)
        elif isinstance(value, (tuple, list, frozenset)):
            for item in value:
                walk(item, depth + 1)

    walk(view)


def test_others_face_down_cards_are_only_face_down_in_the_log() -> None:
    """A seat always knows its own face-down cards; an opponent's are "face down" to others:
    "Ben's front right is replaced" names the card to Ben only."""
    g = table("7D 2D 3D / 4D 5D 6D / 8D 9D 10D", "2S 3S 4S / 5S 6S 7S / 8S 9S 10S", draw="KC QC")
    answer(g, place(0, "front left"))
    replaced = [e for e in g.view(0).log if isinstance(e, ev.Replaced)]
    assert replaced and replaced[0].card is None
    assert [e for e in g.view(1).log if isinstance(e, ev.Replaced)][0].card.code == "KC"
    # The attack is told to all, cause first.
    attack = of_type(g.view(0).log, ev.Attacked)[0]
    captured = of_type(g.view(0).log, ev.Captured)[0]
    assert captured.parent == attack.seq and captured.cause.card.code == "7D"


def test_the_deal_is_private_and_the_discards_are_shown_together() -> None:
    g = Game(Setup(("Ana", "Ben"), 4))
    dealt = of_type(g.view(0).log, ev.Dealt)
    assert dealt[0].cards is not None and dealt[1].cards is None and dealt[1].count == 10
    assert g.view(1).pending is None and g.view(1).waiting_for == 0
    assert len(hidden_from(g.state, 0)) == 42  # Ben's ten and the Draw pile's 32


def test_sampling_needs_the_seats_own_decision() -> None:
    g = Game(Setup(("Ana", "Ben"), 4))
    with pytest.raises(ValueError):
        sample(g.view(1), random.Random(1))


def test_an_event_tells_each_seat_what_it_may_know() -> None:
    """The audience: ``knows`` (who may know it happened) and ``sees`` (who may see its cards)."""
    from doomlings_access.doomcrop.cards import Card

    private = ev.Replaced(1, 9, Card.parse("KC"), sees=frozenset({1}))
    assert private.seen_by(1) is private and private.seen_by(0).card is None and private.seen_by(None).card is None
    secret = ev.DieRolled(0, 4, knows=frozenset({0}))
    assert secret.seen_by(0) is secret and secret.seen_by(1) is None and secret.seen_by(None) is None
    public = ev.Flipped(0, 0, Card.parse("7C"))
    assert public.seen_by(1) is public


def test_a_copy_plays_on_as_the_game_does() -> None:
    g = next(seat_decisions(SETUPS[1], 9))
    rng = random.Random(2)
    for _ in range(40):
        g.apply(choose(g.view(g.pending.player), rng))
    twin = g.copy(record=True)
    assert twin.snapshot() == g.snapshot() and twin.pending == g.pending
    play_randomly(twin, random.Random(3))
    play_randomly(g, random.Random(3))
    assert twin.outcome == g.outcome and [e.to_json() for e in twin.log] == [e.to_json() for e in g.log]
