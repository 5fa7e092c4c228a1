"""Golden games: seeded games keep their winners, scores and final piles across refactors.

The games are driven by a seeded answer picker that belongs to no agent (option number
``Random(f"golden:{seed}:{action}")``), so they pin the rules and the order of each
question's options, not any computer player's taste.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from doomlings_access.cards import load_cards
from doomlings_access.rules import Choice, Game, Setup

GOLDEN = json.loads((Path(__file__).resolve().parents[1] / "golden" / "games.json").read_text())


def drive(setup: Setup) -> Game:
    g = Game(load_cards(setup.options.edition), setup)
    while not g.is_over:
        d = g.pending
        assert d is not None
        pick = random.Random(f"golden:{setup.seed}:{len(g.actions)}")
        g.apply(Choice(d.player, d.options[pick.randrange(len(d.options))]))
    return g


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda g: f"seed{g['setup']['seed']}")
def test_seeded_game_gives_the_recorded_result(golden: dict[str, Any]) -> None:
    g = drive(Setup.from_json(golden["setup"]))
    assert len(g.actions) == golden["actions"]
    assert list(g.winners) == golden["winners"]
    assert [list(s) for s in g.scores] == golden["scores"]
    assert [[g.defs[c].id for c in p.pile] for p in g.seats] == golden["piles"]
    assert [p.gene_pool for p in g.seats] == golden["gene_pools"]
