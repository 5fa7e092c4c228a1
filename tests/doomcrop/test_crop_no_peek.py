"""No computer player of Doomcrop peeks: what it decides is the same in two games that differ
only in cards its seat cannot see (as tests/rules/test_views.py shows for Doomlings).

Pairs are made at a decision of a game played a while by random answers: the game as it stood,
and its twin with every card the seat could not identify (other seats' face-down cards and
hands, their discards not yet shown, the Draw pile, cards left out) dealt afresh among those
places. Both are played on, each seat by its own level; while the seat has been told the same
in both, its views are equal, and every level, hard with a fixed number of sampled games, gives
the same answer in both.
"""

from __future__ import annotations

import random

import pytest

from doomlings_access.doomcrop import Choice, Game, Options, Setup
from doomlings_access.doomcrop.random_player import choose
from doomlings_access.doomcrop.sampling import unseen_dealt_afresh
from doomlings_access.doomcrop_ai.levels import LEVELS, make_agent
from doomlings_access.players.search import Budget

PAIRS = [(seed, 2 + seed % 3) for seed in range(120)]
"""Seeds and numbers of players (2 to 4: 3 and 4 play with two decks)."""


def pair(seed: int, players: int) -> tuple[Game, Game, int] | None:
    """A game played up to a random decision, its twin for the seat, and the seat."""
    rng = random.Random(seed)
    setup = Setup(tuple(f"P{i}" for i in range(players)), seed, Options(decks=(players + 1) // 2))
    game = Game(setup)
    for _ in range(rng.randrange(0, 90)):
        if game.pending is None:
            return None
        game.apply(choose(game.view(game.pending.player), rng))
    if game.pending is None:
        return None
    seat = game.pending.player if rng.random() < 0.8 else rng.randrange(players)
    return game.copy(record=True), unseen_dealt_afresh(game, seat, rng), seat


@pytest.mark.parametrize("chunk", range(6))
def test_every_level_answers_alike_in_games_that_differ_only_in_unseen_cards(chunk: int) -> None:
    compared = differing = 0
    for seed, players in PAIRS[chunk::6]:
        made = pair(seed, players)
        if made is None:
            continue
        a, b, seat = made
        differing += a.snapshot() != b.snapshot()
        rng = random.Random(seed)
        levels = [rng.choice(list(LEVELS)) for _ in range(players)]
        for step in range(40):
            da, db = a.pending, b.pending
            if da is None or db is None or da != db:
                break
            va, vb = a.view(seat), b.view(seat)
            if va.log != vb.log:  # the seat has been told something different: the pair parts
                break
            assert va == vb, (seed, step)
            if da.player == seat:
                for level in LEVELS:
                    if level == "hard" and (len(da.options) < 2 or step % 3):
                        continue
                    agent = make_agent(level, seed, seat, Budget(seconds=60, iterations=6))
                    assert agent.choose(va, da) == agent.choose(vb, db), (seed, step, level)
                    compared += 1
            agent = make_agent(levels[da.player], seed, da.player, Budget(seconds=60, iterations=4))
            a.apply(Choice(da.player, agent.choose(a.view(da.player), da)))
            b.apply(Choice(db.player, agent.choose(b.view(db.player), db)))
    assert differing >= 12, differing
    assert compared > 40, compared


def test_a_player_that_peeked_would_be_caught() -> None:
    """The pairs do differ where a peeking player would look: an answer made from the hidden
    cards (here, the place of the opponent's highest face-down card) differs in some pair."""
    caught = 0
    for seed, players in PAIRS[:40]:
        made = pair(seed, players)
        if made is None:
            continue
        a, b, seat = made
        caught += peek(a, seat) != peek(b, seat)
    assert caught >= 5


def peek(game: Game, seat: int) -> int:
    """What a player that looked would see: the place of the highest card hidden from ``seat``."""
    hidden = [
        (slot.card.rank, owner * 9 + s)
        for owner, grid in enumerate(game.state.grids) if owner != seat
        for s, slot in enumerate(grid) if slot is not None and not slot.up and seat not in slot.known
    ]
    return max(hidden)[1] if hidden else -1
