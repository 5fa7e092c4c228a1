"""The information-set search: legal, reproducible answers within its budget, the determinized
search's answers with one round, and trees that grow below each answer."""

from __future__ import annotations

import random

import pytest
from test_search import positions

from doomlings_access.ai.family import DOOMLINGS
from doomlings_access.ai.search import SearchAgent
from doomlings_access.kernel.decisions import Choice
from doomlings_access.players.ismcts import InformationSetSearch, Node, Spread
from doomlings_access.players.search import Budget
from doomlings_access.rules.view import PlayerView


def searcher(seed: int, seat: int, budget: Budget) -> InformationSetSearch[PlayerView]:
    return InformationSetSearch[PlayerView](DOOMLINGS, seed, seat, budget)


@pytest.mark.parametrize("seed", [3, 11])
def test_answers_are_legal_and_the_same_for_the_same_seed(seed: int) -> None:
    budget = Budget(seconds=600, iterations=12)  # the count, not the clock, ends each search
    for g in positions(seed):
        d = g.pending
        assert d is not None
        first = searcher(seed, d.player, budget).choose(g.view(d.player), d)
        assert first in d.options
        assert first == searcher(seed, d.player, budget).choose(g.view(d.player), d)


def test_one_round_answers_as_the_determinized_search_and_more_rounds_otherwise() -> None:
    """Every tree's first game is played by the rules of thumb, so one round is the
    determinized search; with no time it falls back as that search does; with 300 games a
    decision the trees change some answers (5 of 43 decisions of seeds 5 and 6; none at 20)."""
    checked = differ = 0
    for g in positions(5, every=3):
        d = g.pending
        assert d is not None
        if d.kind == "chance" or len(d.options) < 2:
            continue
        view = g.view(d.player)
        one_round = Budget(seconds=600, iterations=len(d.options))
        assert searcher(5, d.player, one_round).choose(view, d) == SearchAgent(5, d.player, one_round).choose(view, d)
        no_time = Budget(seconds=1e-9, iterations=None)
        assert searcher(5, d.player, no_time).choose(view, d) == SearchAgent(5, d.player, no_time).choose(view, d)
        checked += 1
        if not differ:
            many = Budget(seconds=600, iterations=300)
            differ += searcher(5, d.player, many).choose(view, d) != SearchAgent(5, d.player, many).choose(view, d)
    assert checked > 5 and differ, (checked, differ)


def test_a_tree_counts_every_game_played_and_grows_past_the_answer() -> None:
    g = next(g for g in positions(3) if g.pending is not None and len(g.pending.options) > 1)
    d = g.pending
    assert d is not None
    view = g.view(d.player)
    search = searcher(3, d.player, Budget(seconds=600, iterations=40))
    tree, spread = Node(), Spread()
    answer = Choice(d.player, d.options[0])
    for world in range(25):
        search.iterate(view, d, answer, tree, random.Random(world), spread, float("inf"))
    assert spread.n == 25
    first = list(tree.children.values())
    assert first and sum(n.visits for n in first) <= 25
    assert all(n.visits <= n.available for n in first)
    assert any(n.children for n in first), "a later question was searched past"
    assert any(sum(1 for n in node.children.values() if n.visits) > 1 for node in walk(tree)), \
        "somewhere an answer other than the rules of thumb's was tried"


def walk(node: Node) -> list[Node]:
    return [node] + [below for child in node.children.values() for below in walk(child)]


