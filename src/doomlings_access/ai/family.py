"""Doomlings as its computer players see it: the :class:`~doomlings_access.kernel.players.Family`
through which the game-agnostic look-ahead and search (``doomlings_access.players``) play it.

A game is dealt from a view by :func:`doomlings_access.rules.sampling.sample`; inside it every
seat answers by the rules of thumb (:class:`~.picker.Picker`); a turn ends when another seat is
asked which card to play; a seat stands at what the end of the game is expected to bring it,
its final score less the best opponent's and a bonus for a win, as read from its view by the
weights fitted to games played (:func:`~.value.shipped`). A pick the rules leave to chance is
made at random.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from doomlings_access.ai.picker import Picker
from doomlings_access.ai.value import shipped
from doomlings_access.rules.decisions import Decision, Kind, Value
from doomlings_access.rules.sampling import sample
from doomlings_access.rules.view import PlayerView

if TYPE_CHECKING:  # (a sampled game is only handed on: the players never import the game)
    from doomlings_access.rules.game import Game

GENE_POOL_WORTH = 0.5
"""Points a card more in the gene pool is worth to the normal level when comparing the
positions answers leave: tuned by tournaments against three easy players (0.5 and 1.0 do
equally well; 0 worse)."""


class Doomlings:
    """The family of Doomlings' computer players (one instance, :data:`DOOMLINGS`)."""

    def sample(self, view: PlayerView, rng: random.Random) -> Game:
        return sample(view, rng)

    def rule_of_thumb(self, view: PlayerView, decision: Decision, seed: int) -> Value:
        return Picker(view, decision, seed).pick()

    def starts_turn(self, decision: Decision) -> bool:
        return decision.kind == Kind.PLAY

    def standing(self, view: PlayerView) -> float:
        return shipped().worth(view)

    def left_to_chance(self, decision: Decision) -> bool:
        return decision.kind == Kind.CHANCE


DOOMLINGS = Doomlings()
