"""Random games: cards conserved, every card in one place, what each seat may see, the end reached.

``DOOMCROP_GAMES`` sets how many random games (default small: the suite stays quick).
"""

from __future__ import annotations

import os
import random
from collections import Counter

from crop_kit import play_randomly
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doomlings_access.doomcrop import Adjacency, Choice, Game, KingOrder, Options, Setup
from doomlings_access.doomcrop.cards import deck
from doomlings_access.doomcrop.random_player import choose

GAMES = int(os.environ.get("DOOMCROP_GAMES", "20"))


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    n = draw(st.integers(2, 6))
    decks = draw(st.integers(max(1, (10 * n) // 52 + 1), 3))
    options = Options(
        decks=decks,
        jokers=draw(st.integers(0, 2 * decks)),
        epic_techniques=draw(st.booleans()),
        hearts_adjacency=draw(st.sampled_from(list(Adjacency))),
        hearts_helper_stays_up=draw(st.booleans()),
        king_order=draw(st.sampled_from(list(KingOrder))),
        ranked_faces=draw(st.booleans()),
    )
    return Setup(tuple(f"P{i}" for i in range(n)), draw(st.integers(0, 2**32)), options)


def check(g: Game) -> None:
    """Every card in exactly one place; each seat sees exactly what it may."""
    s = g.state
    assert Counter(s.cards()) == Counter(deck(s.options.decks, s.options.jokers))
    for seat in range(s.n):
        v = g.view(seat)
        for owner, grid in enumerate(s.grids):
            for i, slot in enumerate(grid):
                seen = v.grids[owner][i]
                if slot is None:
                    assert seen is None
                    continue
                assert seen is not None and seen.up == slot.up
                if not slot.up:
                    assert owner in slot.known, "a seat always knows its own face-down cards"
                if slot.up or seat in slot.known:
                    assert seen.card == slot.card, "a face-up card's identity is known to all"
                else:
                    assert seen.card is None, "a face-down card of another is only face down"
        assert v.hand == tuple(s.hands[seat])
        assert sorted(v.unseen() + v.identified()) == sorted(deck(s.options.decks, s.options.jokers))
    d = g.pending
    if d is not None:
        assert d.options and len(set(d.options)) == len(d.options)


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_random_games_keep_every_card_and_end(setup: Setup) -> None:
    g = Game(setup)
    rng = random.Random(setup.seed)
    steps = 0
    while g.pending is not None:
        check(g)
        g.apply(choose(g.view(g.pending.player), rng))
        steps += 1
        assert steps < 20000
    check(g)
    out = g.outcome
    assert out is not None and out.winners
    assert out.counts == tuple(sum(c.counts for c in pile) for pile in g.state.discards)
    assert all(not any(grid) for grid in g.state.grids) and not g.state.draw
    for e in g.log:
        assert e.parent is None or e.parent < e.seq, "cause before effect"
    assert all(e.cause is not None for e in g.log[1:])


@settings(max_examples=GAMES, deadline=None)
@given(setups(), st.integers(0, 10**6))
def test_a_bad_answer_changes_nothing(setup: Setup, seed: int) -> None:
    g = Game(setup)
    rng = random.Random(seed)
    for _ in range(rng.randrange(60)):
        if g.pending is None:
            break
        g.apply(choose(g.view(g.pending.player), rng))
    before = g.snapshot(), len(g.log), list(g.actions)
    d = g.pending
    bad: list[Choice] = [Choice(0, "not an option"), Choice(0, 999), Choice(0, True), Choice(-1, 0)]  # type: ignore[list-item]
    if d is not None:
        bad += [Choice((d.player + 1) % setup_n(setup), d.options[0]), Choice(d.player, "7x")]
    for action in bad:
        if d is not None and action.player == d.player and action.value in d.options and type(action.value) is not bool:
            continue
        try:
            g.apply(action)
        except ValueError:
            pass
        else:
            raise AssertionError(f"{action} was taken")
        assert (g.snapshot(), len(g.log), list(g.actions)) == before


def setup_n(setup: Setup) -> int:
    return len(setup.players)


def test_a_default_game_plays_to_the_end_quickly() -> None:
    g = Game(Setup(("Ana", "Ben"), 11))
    assert play_randomly(g, random.Random(11)) > 20
    assert g.is_over and sum(len(d) for d in g.state.discards) == 52
