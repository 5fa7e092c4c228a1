"""Doomcrop's "normal" computer player: a card player's rules of thumb, checked one turn ahead.

For a decision of a turn with a real choice (which card to flip, a sacrifice, a target, a
Hearts defence, a Face's power) it deals one game consistent with its view for each answer
(:func:`~doomlings_access.players.playout.one_turn_ahead`), gives the answer there, plays on
by the rules of thumb to the end of the turn and keeps the answer that leaves it standing best.
Setting up (the discard, the grid) it answers by the rules of thumb alone: a turn ahead tells
nothing of where a card is best laid.
"""

from __future__ import annotations

from doomlings_access.doomcrop.decisions import Decision, Reason, Value
from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ai.family import DOOMCROP, standing
from doomlings_access.doomcrop_ai.picker import Picker
from doomlings_access.players.playout import one_turn_ahead

SETTING_UP = (Reason.DISCARD, Reason.ARRANGE)


class NormalAgent:
    """Rules of thumb, one turn ahead."""

    thinks = False

    def __init__(self, seed: int, seat: int) -> None:
        self.seed, self.seat = seed, seat

    def choose(self, view: View, decision: Decision) -> Value:
        if decision.reason in SETTING_UP or len(decision.options) < 2:
            return Picker(view, decision, self.seed).pick()
        return one_turn_ahead(DOOMCROP, view, decision, self.seed, standing)
