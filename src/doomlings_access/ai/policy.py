"""A learned rule of thumb for which card to play: each card of a play question scored by a
linear model of what it is and what it would do now, fitted to what the hard level's own
search found each card worth (expert iteration: the search's answers, distilled into a rule
quick enough to answer inside the games the search plays on).

The rules of thumb (:class:`~.picker.Picker`) play the card that adds most points now; inside
the search every seat answers so. Where a card's effects, colours or a bonus at the end make
another card better, the search finds it at a decision it looks at but not in the games it
plays on. Here a card is read by its points now, its face value, whether it is dominant, the
pieces it declares (actions, effects on play, bonuses, World's End effects, gene pool changes)
and how its colours match its player's pile, several of them again times the rounds left;
``no`` (playing nothing, where a question allows it) is read by a figure of its own. The
weights are fitted by ``make train-policy`` (``python -m doomlings_access.policy_training``),
shipped as a data file (:data:`WEIGHTS_FILE`) and checked when it is loaded. Every figure is
one the seat may know: its hand, every trait pile, the age deck's size.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from doomlings_access.ai.value import read_weights
from doomlings_access.cards.pieces import Use, uses_of
from doomlings_access.rules.decisions import Decision, Value
from doomlings_access.rules.scoring import Tableau, score_of
from doomlings_access.rules.view import PlayerView

FEATURES = (
    "points_now",
    "points_now_by_rounds",
    "face",
    "face_by_rounds",
    "dominant",
    "dominant_by_rounds",
    "actions",
    "actions_by_rounds",
    "on_play",
    "persistent",
    "bonus",
    "bonus_by_rounds",
    "worlds_end",
    "out_of_turn",
    "requires",
    "gene_pool_mine",
    "gene_pool_theirs",
    "colour_match",
    "colourless",
    "no_card",
    "no_card_by_rounds",
)
"""The figures an answer to a play question is read by, in the order of the weights file."""

WEIGHTS_FILE = "policy_weights.json"
"""The fitted weights, beside this module."""


def answer_features(view: PlayerView, table: Tableau, me: int, option: Value) -> list[float]:
    """The figures of :data:`FEATURES` for playing ``option`` (a card, or a word: no card),
    for seat ``me`` whose view is ``view`` and ``table`` its tableau."""
    rounds = float(view.cards_to_come)
    if not isinstance(option, int):
        return [0.0] * (len(FEATURES) - 2) + [1.0, rounds]
    card = view.card(option)
    points = float(score_of(table.with_trait(me, option), me).total - score_of(table, me).total)
    mine = theirs = 0
    for piece in card.persistent:
        if Use.GENE_POOL_WHILE_IN_PILE in uses_of("persistent", piece):
            if piece["who"] == "self":
                mine += int(piece["delta"])
            else:
                theirs += int(piece["delta"])
    colours = set(card.real_colours)
    match = sum(1 for t in view.piles[me] if colours & set(view.card(t).real_colours))
    face, dominant, actions, bonus = float(card.face_value), float(card.dominant), len(card.action), len(card.bonus)
    return [
        points, points * rounds, face, face * rounds, dominant, dominant * rounds,
        float(actions), actions * rounds, float(len(card.on_play)), float(len(card.persistent)),
        float(bonus), bonus * rounds, float(len(card.worlds_end)), float(len(card.out_of_turn)),
        float(len(card.requires)), float(mine), float(theirs), float(match), float(card.colourless), 0.0, 0.0,
    ]


@dataclass(frozen=True)
class Policy:
    """Weights for :data:`FEATURES`, fitted to the search's worths (see the module's text)."""

    weights: tuple[float, ...]

    def score(self, view: PlayerView, table: Tableau, me: int, option: Value) -> float:
        return sum(w * x for w, x in zip(self.weights, answer_features(view, table, me, option)))

    def pick(self, view: PlayerView, decision: Decision) -> Value:
        """The best scored option of a play question (the first of equals)."""
        table, me = view.tableau(), decision.player
        scores = [self.score(view, table, me, option) for option in decision.options]
        return decision.options[max(range(len(scores)), key=scores.__getitem__)]

    def to_json(self, about: dict[str, Any]) -> str:
        """The weights file's text: each feature's weight by name, and how they were fitted."""
        return json.dumps({"features": dict(zip(FEATURES, self.weights)), "fitted": about}, indent=2) + "\n"


def parse(text: str, source: str) -> Policy:
    """The policy in a weights file's ``text``; a ``ValueError`` naming ``source`` and the
    field when the file is not JSON, misses a feature, names one unknown, or gives a weight
    that is not a finite number (:func:`~.value.read_weights`)."""
    return Policy(read_weights(text, source, FEATURES))


@cache
def shipped() -> Policy:
    """The policy fitted by ``make train-policy`` and shipped with the game (checked when loaded)."""
    path = resources.files(__package__).joinpath(WEIGHTS_FILE)
    return parse(path.read_text(encoding="utf-8"), f"{__package__}/{WEIGHTS_FILE}")
