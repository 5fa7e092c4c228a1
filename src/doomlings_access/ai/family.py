"""Doomlings as its computer players see it: the :class:`~doomlings_access.kernel.players.Family`
through which the game-agnostic look-ahead and search (``doomlings_access.players``) play it.

A game is dealt from a view by :func:`doomlings_access.rules.sampling.sample`; inside it every
seat answers by the rules of thumb (:class:`~.picker.Picker`); a turn ends when another seat is
asked which card to play; a seat stands at its score less the best opponent's
(:func:`standing`). A pick the rules leave to chance is made at random.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from doomlings_access.ai.picker import Picker
from doomlings_access.rules.decisions import Decision, Kind, Value
from doomlings_access.rules.sampling import sample
from doomlings_access.rules.scoring import score_of
from doomlings_access.rules.view import PlayerView

if TYPE_CHECKING:  # (a sampled game is only handed on: the players never import the game)
    from doomlings_access.rules.game import Game

GENE_POOL_WORTH = 0.5
"""Points a card more in the gene pool is worth when comparing the positions answers leave:
tuned by tournaments against three easy players (0.5 and 1.0 do equally well; 0 worse)."""
WIN_WORTH = 5.0
"""Points a won game is worth beyond its margin, when a sampled game ends: the search plays to
win, not to lose by less."""


def standing(view: PlayerView) -> float:
    """How well the view's seat stands: its score less the best opponent's (the one it must
    beat), a little for its gene pool, and, when the game is over, a bonus for a win."""
    me = view.seat
    if view.winners:  # the game ended
        totals = [score.total for score in view.scores]
        best = max(t for seat, t in enumerate(totals) if seat != me)
        return totals[me] - best + (WIN_WORTH if me in view.winners else 0.0)
    table = view.tableau()
    best = max(score_of(table, seat).total for seat in view.opponents(me))
    return score_of(table, me).total - best + GENE_POOL_WORTH * view.gene_pools[me]


class Doomlings:
    """The family of Doomlings' computer players (one instance, :data:`DOOMLINGS`)."""

    def sample(self, view: PlayerView, rng: random.Random) -> Game:
        return sample(view, rng)

    def rule_of_thumb(self, view: PlayerView, decision: Decision, seed: int) -> Value:
        return Picker(view, decision, seed).pick()

    def starts_turn(self, decision: Decision) -> bool:
        return decision.kind == Kind.PLAY

    def standing(self, view: PlayerView) -> float:
        return standing(view)

    def left_to_chance(self, decision: Decision) -> bool:
        return decision.kind == Kind.CHANCE


DOOMLINGS = Doomlings()
