"""How well a seat stands in a game not yet over, learned from games played: a linear model of
what the game's end will bring it, read from its view alone.

The hard level plays each answer on only until its own next turn is over; the score then is
not the score at the end. What a seat's view says of the rest of the game (the cards in its
hand, its gene pool against its opponents', the rounds still to come) is weighed here by
weights fitted to games of the normal level against itself (``make train``, which runs
``python -m doomlings_access.training``), shipped as a data file (:data:`WEIGHTS_FILE`) and
checked when it is loaded. Every feature is a figure the seat may know: its own hand, every
trait pile, gene pools, hand sizes, the age deck's size.

The quantity fitted is the one the search ranks finished games by (:func:`final_worth`): the
seat's final score less the best opponent's, and a bonus for a win.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from doomlings_access.rules.scoring import score_of
from doomlings_access.rules.view import PlayerView

WIN_WORTH = 5.0
"""Points a won game is worth beyond its margin: the search plays to win, not to lose by less
(2 and 10 did worse in tournaments than 5: ``docs/ai.md``)."""

FEATURES = (
    "bias",
    "lead_over_best",
    "lead_over_best_by_rounds",
    "lead_over_mean",
    "gene_pool",
    "gene_pool_over_mean",
    "rounds_left",
    "gene_pool_by_rounds",
    "opponents_gene_pool_by_rounds",
    "best_opponent_gene_pool_by_rounds",
    "hand_size",
    "hand_faces",
    "hand_faces_by_rounds",
    "hand_actions",
    "hand_dominants",
    "traits_over_mean",
    "traits_over_most",
    "catastrophes_to_come",
)
"""The figures a position is read by, in the order of the weights file. A lead counts for
more as the rounds run out (``lead_over_best_by_rounds``), a gene pool for as many turns as
are left (``..._by_rounds``), a hand for the points and actions it holds."""

WEIGHTS_FILE = "value_weights.json"
"""The fitted weights, beside this module."""


def features(view: PlayerView) -> list[float]:
    """The figures of :data:`FEATURES` for the view's seat, in order (a game not over).

    Rounds left are the cards still in the age deck (one is revealed each round)."""
    me = view.seat
    others = view.opponents(me)
    table = view.tableau()
    mine = score_of(table, me).total
    theirs = [score_of(table, s).total for s in others]
    pools = view.gene_pools
    their_pool = sum(pools[s] for s in others) / len(others)
    rounds = float(view.cards_to_come)
    hand = [view.card(c) for c in view.hand]
    hand_faces = float(sum(card.face_value for card in hand))
    their_traits = [len(view.piles[s]) for s in others]
    lead = float(mine - max(theirs))
    return [
        1.0,
        lead,
        lead * rounds,
        mine - sum(theirs) / len(theirs),
        float(pools[me]),
        pools[me] - their_pool,
        rounds,
        pools[me] * rounds,
        their_pool * rounds,
        max(pools[s] for s in others) * rounds,
        float(len(hand)),
        hand_faces,
        hand_faces * rounds,
        float(sum(1 for card in hand if card.action)),
        float(sum(1 for card in hand if card.dominant)),
        len(view.piles[me]) - sum(their_traits) / len(others),
        float(len(view.piles[me]) - max(their_traits)),
        float(view.catastrophes_to_come),
    ]


def final_worth(view: PlayerView) -> float:
    """What a finished game is worth to the view's seat: its score less the best opponent's,
    and :data:`WIN_WORTH` for a win (shared by the seats that tie for it)."""
    me = view.seat
    totals = [score.total for score in view.scores]
    best = max(t for seat, t in enumerate(totals) if seat != me)
    won = WIN_WORTH / len(view.winners) if me in view.winners else 0.0
    return totals[me] - best + won


@dataclass(frozen=True)
class Model:
    """Weights for :data:`FEATURES`, fitted to games played (see the module's text)."""

    weights: tuple[float, ...]

    def worth(self, view: PlayerView) -> float:
        """The expected :func:`final_worth` of the view's seat; the real one once the game is over."""
        if view.winners:
            return final_worth(view)
        return sum(w * x for w, x in zip(self.weights, features(view)))

    def to_json(self, about: dict[str, Any]) -> str:
        """The weights file's text: each feature's weight by name, and how they were fitted."""
        return json.dumps({"features": dict(zip(FEATURES, self.weights)), "fitted": about}, indent=2) + "\n"


def parse(text: str, source: str) -> Model:
    """The model in a weights file's ``text``; a ``ValueError`` naming ``source`` and the field
    when the file is not JSON, misses a feature, names one unknown, or gives a weight that is
    not a finite number."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{source}: not JSON ({e.msg}, line {e.lineno})") from None
    if not isinstance(data, dict) or not isinstance(data.get("features"), dict):
        raise ValueError(f"{source}: field 'features' must be an object of weights by feature name")
    given = data["features"]
    for name in given:
        if name not in FEATURES:
            raise ValueError(f"{source}: field 'features.{name}' is no feature of this version")
    weights = []
    for name in FEATURES:
        if name not in given:
            raise ValueError(f"{source}: field 'features.{name}' is missing")
        w = given[name]
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w):
            raise ValueError(f"{source}: field 'features.{name}' must be a finite number, not {w!r}")
        weights.append(float(w))
    return Model(tuple(weights))


@cache
def shipped() -> Model:
    """The model fitted by ``make train`` and shipped with the game (checked when loaded)."""
    path = resources.files(__package__).joinpath(WEIGHTS_FILE)
    return parse(path.read_text(encoding="utf-8"), f"{__package__}/{WEIGHTS_FILE}")
