"""The "normal" computer player: rules of thumb, checked one turn ahead.

It reads only its seat's view: its hand, every trait pile, gene pools, counts. For a
decision with a real choice it deals one game consistent with the view (the cards it cannot
see dealt afresh), tries each answer in it, plays on by its rules of thumb to the end of the
turn and keeps the answer that leaves it furthest ahead (:func:`outlook`). The rules of thumb
alone (:class:`~.picker.Picker`) answer inside those look-aheads, and whenever a view cannot
be sampled. Every answer is legal by construction: it ranks the options of the pending decision.
"""

from __future__ import annotations

from doomlings_access.ai.family import DOOMLINGS, GENE_POOL_WORTH
from doomlings_access.ai.picker import Picker
from doomlings_access.players.playout import one_turn_ahead
from doomlings_access.rules.decisions import Decision, Kind, Value
from doomlings_access.rules.scoring import score_of
from doomlings_access.rules.view import PlayerView

LOOKS_AHEAD = (Kind.PLAY, Kind.RESPOND, Kind.CARD, Kind.TRAIT, Kind.PLAYER, Kind.COLOUR, Kind.OPTION)
"""The kinds of decision weighed in a sampled game (a chance pick is not the player's)."""


class HeuristicAgent:
    """Plays for points now, hurts the leader, keeps its best cards, one turn ahead."""

    thinks = False

    def __init__(self, seed: int, seat: int) -> None:
        self.seed, self.seat = seed, seat

    def choose(self, view: PlayerView, decision: Decision) -> Value:
        if decision.kind not in LOOKS_AHEAD or len(decision.options) < 2:
            return Picker(view, decision, self.seed).pick()
        return one_turn_ahead(DOOMLINGS, view, decision, self.seed, outlook)


def outlook(after: PlayerView) -> float:
    """Where a turn played on leaves the seat: its score less its opponents' mean, plus a
    little for its gene pool (at the game's end, the final scores)."""
    me = after.seat
    if after.winners:  # the game ended
        totals = [score.total for score in after.scores]
        return totals[me] - (sum(totals) - totals[me]) / (len(totals) - 1)
    table = after.tableau()
    others = [score_of(table, s).total for s in after.opponents(me)]
    return score_of(table, me).total - sum(others) / len(others) + GENE_POOL_WORTH * after.gene_pools[me]
