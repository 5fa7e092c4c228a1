"""The hard level's search: legal, reproducible answers within its budget, and its fallback."""

from __future__ import annotations

import pytest
from builders import new_game, replay

from doomlings_access.ai.picker import Picker
from doomlings_access.ai.random_agent import RandomAgent
from doomlings_access.ai.search import Budget, SearchAgent
from doomlings_access.rules import Choice, Game, Setup


def positions(seed: int, every: int = 7) -> list[Game]:
    """Every ``every``-th position with a real choice of one seeded 4-player game."""
    g = new_game(Setup(("Ana", "Ben", "Cy", "Dee"), seed), checkpoints=True)
    found = []
    while g.pending is not None:
        d = g.pending
        if len(d.options) > 1 and len(g.actions) % every == 0:
            found.append(replay(g.setup, g.actions))
        g.apply(Choice(d.player, RandomAgent(seed, d.player).choose(g.view(d.player), d)))
    return found


@pytest.mark.parametrize("seed", [3, 11])
def test_answers_are_legal_and_the_same_for_the_same_seed(seed: int) -> None:
    budget = Budget(seconds=600, iterations=12)  # the count, not the clock, ends each search
    for g in positions(seed):
        d = g.pending
        assert d is not None
        first = SearchAgent(seed, d.player, budget).choose(g.view(d.player), d)
        again = SearchAgent(seed, d.player, budget).choose(g.view(d.player), d)
        assert first in d.options
        assert first == again


def test_with_no_time_to_try_every_answer_it_follows_the_rules_of_thumb() -> None:
    budget = Budget(seconds=600, iterations=1)
    checked = 0
    for g in positions(5, every=3):
        d = g.pending
        assert d is not None
        if d.kind == "chance" or len(d.options) < 2:
            continue
        view = g.view(d.player)
        assert SearchAgent(5, d.player, budget).choose(view, d) == Picker(view, d, 5).pick()
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("seconds, iterations", [(0, 10), (-1, 10), (601, 10), (1, 0), (1, 2_000_000)])
def test_a_budget_out_of_range_is_refused(seconds: float, iterations: int) -> None:
    with pytest.raises(ValueError):
        Budget(seconds, iterations)


# --- the clock, read inside a sampled game (issue 34) ---------------------------------------------


def test_a_sampled_game_stops_at_the_deadline_not_at_its_end() -> None:
    """The hard player read its clock only between sampled games: one long sampled game took
    47.8 s of a 0.1 s budget. The play-out itself now stops once the deadline has passed."""
    import random
    import time

    from doomlings_access.ai.family import DOOMLINGS
    from doomlings_access.players.playout import OutOfTime, play_out

    g = positions(3)[0]
    d = g.pending
    assert d is not None
    view = g.view(d.player)
    play_out(DOOMLINGS, view, d, d.options[0], random.Random(1), 3, True)  # with time to spare: played out
    with pytest.raises(OutOfTime):
        play_out(DOOMLINGS, view, d, d.options[0], random.Random(1), 3, True, deadline=time.perf_counter())


def test_a_decision_whose_time_runs_out_in_its_first_sampled_game_follows_the_rules_of_thumb() -> None:
    """The first sampled game always ran to its end, whatever the budget: with the time up
    before any sampled game is played out, the answer is the rules of thumb's, not that of a
    search that overran its time (in the positions checked, the two differ at least once)."""
    differ = 0
    for g in positions(7, every=2):
        d = g.pending
        assert d is not None
        if d.kind == "chance" or len(d.options) < 2:
            continue
        view = g.view(d.player)
        rules_of_thumb = Picker(view, d, 7).pick()
        one_world = SearchAgent(7, d.player, Budget(seconds=600, iterations=len(d.options))).choose(view, d)
        differ += one_world != rules_of_thumb
        assert SearchAgent(7, d.player, Budget(seconds=1e-9, iterations=None)).choose(view, d) == rules_of_thumb
    assert differ > 0
