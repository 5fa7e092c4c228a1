"""Doomcrop as its computer players see it: the :class:`~doomlings_access.kernel.players.Family`
through which the game-agnostic look-ahead and search (``doomlings_access.players``) play it.

A game is dealt from a view by :func:`doomlings_access.doomcrop.sampling.sample`; inside it
every seat answers by the rules of thumb (:class:`~.picker.Picker`); a turn ends when another
seat is asked which card to flip; a seat stands at its count less the best opponent's
(:func:`standing`). Nothing in Doomcrop is left to a player's chance (a Joker's die is the
game's own).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from doomlings_access.doomcrop.decisions import Decision, Reason, Value
from doomlings_access.doomcrop.sampling import sample
from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ai.picker import Picker

if TYPE_CHECKING:  # (a sampled game is only handed on: the players never import the game)
    from doomlings_access.doomcrop.game import Game

GRID_WORTH = 0.5
"""What a card still in a seat's grid is worth against one in its Discard pile: "If you have
any cards left, you capture them" at the end, but a card in the grid may yet be captured."""
WIN_WORTH = 5.0
"""Cards a won game is worth beyond its margin, when a sampled game ends."""


def standing(view: View) -> float:
    """How well the view's seat stands: its count less the best opponent's (Diamond numbers as
    two), each with a share for the cards still in their grid (a card the seat cannot identify
    reckoned as the average unseen card), and a bonus for a game won."""
    me = view.seat
    if view.outcome is not None:
        counts = view.outcome.counts
        best = max(c for seat, c in enumerate(counts) if seat != me)
        return counts[me] - best + (WIN_WORTH if me in view.outcome.winners else 0.0)
    unseen = view.unseen()
    average = sum(c.counts for c in unseen) / len(unseen) if unseen else 1.0
    worth = [
        sum(c.counts for c in pile)
        + GRID_WORTH * sum(average if s.card is None else s.card.counts for s in grid if s is not None)
        for pile, grid in zip(view.discards, view.grids)
    ]
    return worth[me] - max(w for seat, w in enumerate(worth) if seat != me)


class Doomcrop:
    """The family of Doomcrop's computer players (one instance, :data:`DOOMCROP`)."""

    def sample(self, view: View, rng: random.Random) -> Game:
        return sample(view, rng)

    def rule_of_thumb(self, view: View, decision: Decision, seed: int) -> Value:
        return Picker(view, decision, seed).pick()

    def starts_turn(self, decision: Decision) -> bool:
        return decision.reason == Reason.FLIP

    def standing(self, view: View) -> float:
        return standing(view)

    def left_to_chance(self, decision: Decision) -> bool:
        return False


DOOMCROP = Doomcrop()
