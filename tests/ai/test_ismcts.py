"""The information-set search: legal, reproducible answers within its budget, its prior, and a
tree that grows past the decision's own answers."""

from __future__ import annotations

import pytest
from test_search import positions

from doomlings_access.ai.family import DOOMLINGS
from doomlings_access.ai.picker import Picker
from doomlings_access.players.ismcts import InformationSetSearch, Node
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


def test_its_first_iteration_tries_the_rules_of_thumb_answer_and_no_time_falls_back_on_it() -> None:
    """The prior is tried first, so one iteration answers as the rules of thumb do; with the
    time up before any iteration ends, the rules of thumb answer too. With more iterations the
    search answers otherwise somewhere (else it would be the rules of thumb at a higher cost)."""
    checked = differ = 0
    for g in positions(5, every=3):
        d = g.pending
        assert d is not None
        if d.kind == "chance" or len(d.options) < 2:
            continue
        view = g.view(d.player)
        thumb = Picker(view, d, 5).pick()
        assert searcher(5, d.player, Budget(seconds=600, iterations=1)).choose(view, d) == thumb
        assert searcher(5, d.player, Budget(seconds=1e-9, iterations=None)).choose(view, d) == thumb
        differ += searcher(5, d.player, Budget(seconds=600, iterations=30)).choose(view, d) != thumb
        checked += 1
    assert checked > 5 and differ > 0


class Watched(InformationSetSearch[PlayerView]):
    """The search, keeping the root of its last tree to be looked at."""

    def iterate(self, view, decision, game, root, spread, deadline):  # type: ignore[no-untyped-def]
        self.root: Node = root
        super().iterate(view, decision, game, root, spread, deadline)


def test_the_tree_counts_every_iteration_once_at_its_root_and_grows_below_it() -> None:
    g = next(g for g in positions(3) if g.pending is not None and 1 < len(g.pending.options) < 6)
    d = g.pending
    assert d is not None
    search = Watched(DOOMLINGS, 3, d.player, Budget(seconds=600, iterations=40))
    search.choose(g.view(d.player), d)
    children = search.root.children
    assert {c.value for c in children} == set(d.options)
    assert sum(n.visits for n in children.values()) == 40
    assert all(n.available == 40 for n in children.values()), "every answer is offered in every deal"
    assert any(n.children for n in children.values()), "some answer was searched past"
