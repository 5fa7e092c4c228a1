"""The "normal" computer player: rules of thumb, checked one turn ahead.

It reads only its seat's view: its hand, every trait pile, gene pools, counts. For a
decision with a real choice it deals one game consistent with the view (the cards it cannot
see dealt afresh), tries each answer in it, plays on by its rules of thumb to the end of the
turn and keeps the answer that leaves it furthest ahead. The rules of thumb alone
(:class:`Picker`) answer inside those look-aheads, and whenever a view cannot be sampled.
Every answer is legal by construction: it ranks the options of the pending decision.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import replace

from doomlings_access.cards.model import REAL_COLOURS
from doomlings_access.cards.pieces import Use, any_use, uses_of
from doomlings_access.rules.decisions import Kind
from doomlings_access.rules.decisions import Choice, Decision, Value
from doomlings_access.rules.scoring import Tableau, score_of
from doomlings_access.rules.sampling import sample
from doomlings_access.rules.view import PlayerView
from doomlings_access.ai.random_agent import decision_rng

HARMFUL_TARGETS = {
    "take_random_from", "look_at_hand_of", "mutual_discard_with", "into_whose_pile",
    "move_to", "trade_looks_with",
}
KEEP_REASONS = {"keep", "keep_to_stabilize", "take_and_play", "take_card", "play_drawn", "play_from_discard"}
OWN_LOSSES = ("discard_trait", "give_trait", "swap_give", "swap_first")


LOOKS_AHEAD = (Kind.PLAY, Kind.RESPOND, Kind.CARD, Kind.TRAIT, Kind.PLAYER, Kind.COLOUR, Kind.OPTION)
"""The kinds of decision weighed in a sampled game (a chance pick is not the player's)."""
GENE_POOL_WORTH = 0.5
"""Points a card more in the gene pool is worth when comparing the positions answers leave:
tuned by tournaments against three easy players (0.5 and 1.0 do equally well; 0 worse)."""


class HeuristicAgent:
    """Plays for points now, hurts the leader, keeps its best cards, one turn ahead."""

    thinks = False

    def __init__(self, seed: int, seat: int) -> None:
        self.seed, self.seat = seed, seat

    def choose(self, view: PlayerView, decision: Decision) -> Value:
        if decision.kind not in LOOKS_AHEAD or len(decision.options) < 2:
            return Picker(view, decision, self.seed).pick()
        rng = decision_rng("look ahead", self.seed, view, decision)
        try:
            results = [outlook(view, decision, answer, rng, self.seed) for answer in decision.options]
        except ValueError:  # a view made without its game's history cannot be sampled
            return Picker(view, decision, self.seed).pick()
        return decision.options[max(range(len(results)), key=results.__getitem__)]


def outlook(
    view: PlayerView,
    decision: Decision,
    answer: Value,
    rng: random.Random,
    seed: int,
) -> float:
    """Answer ``answer`` in a game sampled from ``view`` and play on by rules of thumb, every
    seat alike, until this turn is over; then the seat's score less its opponents' mean, plus
    a little for its gene pool."""
    me = decision.player
    after = played_on(view, decision, answer, rng, seed, through_my_next_turn=False)
    if after.winners:  # the game ended
        totals = [score.total for score in after.scores]
        return totals[me] - (sum(totals) - totals[me]) / (len(totals) - 1)
    table = after.tableau()
    others = [score_of(table, s).total for s in after.opponents(me)]
    return score_of(table, me).total - sum(others) / len(others) + GENE_POOL_WORTH * after.gene_pools[me]


class OutOfTime(Exception):
    """The thinking time ran out inside a sampled game (:func:`played_on`'s ``deadline``)."""


def played_on(
    view: PlayerView, decision: Decision, answer: Value, rng: random.Random, seed: int, through_my_next_turn: bool,
    deadline: float | None = None,
) -> PlayerView:
    """The seat's view of a game sampled from ``view`` in which ``answer`` was given, played
    on by rules of thumb (every seat alike) until this turn is over, or with
    ``through_my_next_turn`` until the seat's next turn is over (so that the opponents' replies
    count, and what the seat kept in hand for its next play), or to the end of the game.

    With a ``deadline`` (a :func:`time.perf_counter` reading) the clock is read before every
    move of the sampled game, and :class:`OutOfTime` raised once it has passed: read only
    between sampled games, one long sampled game (the first always ran to its end) took the
    hard player 47.8 s of a 0.1 s budget, and 40.7 ms of 10 ms at the 99th percentile."""
    me = decision.player
    turn = view.active if view.active is not None else me
    mine_again = False
    g = sample(view, rng)
    g.apply(Choice(me, answer))
    while (d := g.pending) is not None:
        if deadline is not None and time.perf_counter() > deadline:
            raise OutOfTime
        if d.kind == Kind.PLAY and d.player != turn:
            if not through_my_next_turn or mine_again:
                break
            mine_again = d.player == me
            turn = d.player
        g.apply(Choice(d.player, d.options[0] if len(d.options) == 1 else Picker(g.view(d.player), d, seed).pick()))
    return g.view(me)


class Picker:
    """One decision, answered from one view."""

    def __init__(self, view: PlayerView, d: Decision, seed: int) -> None:
        self.v, self.d, self.seed = view, d, seed
        self.table = view.tableau()

    def total(self, seat: int, table: Tableau | None = None) -> int:
        return score_of(table or self.table, seat).total

    def face(self, card: int) -> int:
        return self.v.card(card).face_value

    def gain(self, seat: int, card: int) -> float:
        """Points ``card`` would add to ``seat``'s pile now, plus a little for effects."""
        with_card = self.table.with_trait(seat, card)
        d = self.v.card(card)
        extra = 1.0 if d.action else 0.0
        extra += sum(
            int(p["delta"]) for p in d.persistent
            if Use.GENE_POOL_WHILE_IN_PILE in uses_of("persistent", p) and p["who"] == "self"
        )
        return self.total(seat, with_card) - self.total(seat) + extra

    def leader(self, seat: int, options: list[int]) -> int:
        return max(options, key=lambda s: (self.total(s), -((s - seat) % self.v.n)))

    def pick(self) -> Value:
        v, d = self.v, self.d
        me = d.player
        opts = list(d.options)
        cards = [o for o in opts if isinstance(o, int)]
        words = [o for o in opts if isinstance(o, str)]
        if d.kind == Kind.CHANCE:
            return decision_rng("heuristic", self.seed, v, d).choice(opts)
        if d.kind == Kind.PLAY:
            best = max(cards, key=lambda c: self.gain(me, c))
            if words and self.gain(me, best) <= 0:
                return words[0]
            return best
        if d.kind == Kind.RESPOND:
            return self.respond(cards)
        if d.kind == Kind.CARD:
            def value(c: int) -> int:
                return self.face(c) + (1 if v.card(c).action else 0)

            if d.reason in KEEP_REASONS:
                return max(cards, key=value)
            if words and d.reason in ("may_discard", "discard_dominant"):
                return words[0]
            return min(cards, key=value)
        if d.kind == Kind.TRAIT:
            own = [c for c in cards if c in v.piles[me]]
            if d.reason in OWN_LOSSES and own:
                return min(own, key=self.face)
            others = [c for c in cards if c not in v.piles[me]] or cards
            return max(others, key=lambda c: (self.face(c), self.total(v.owner_of(c) or 0)))
        if d.kind == Kind.PLAYER:
            seats = [int(o) for o in cards]
            if d.reason == "swap_hands_with":
                return max(seats, key=lambda s: v.hand_sizes[s])
            if d.reason in HARMFUL_TARGETS:
                return self.leader(me, seats)
            return min(seats, key=self.total)
        if d.kind == Kind.COLOUR:
            return self.colour(words)
        if d.kind == Kind.OPTION:
            if "redraw" in opts and d.reason == "cannot_play":
                return "redraw"
            if d.reason == "may_skip_stabilize":
                return "stabilize" if len(v.hand) <= v.gene_pools[me] else "skip"
            return opts[0]
        return opts[0]

    def respond(self, cards: list[int]) -> Value:
        v, d = self.v, self.d
        if not cards:
            return "pass"
        card = cards[0]
        if any_use("out_of_turn", v.card(card).out_of_turn, Use.STEALS_THE_TRAIT_PLAYED) and d.about:
            return card if self.face(int(d.about[1])) > 1 else "pass"
        return card

    def colour(self, options: list[str]) -> Value:
        v, d = self.v, self.d
        me = d.player
        if d.reason == "recolour_from":
            return "no"
        usable = [o for o in options if o in REAL_COLOURS] or options
        if d.reason == "name_colour":
            asking = [c for c in v.piles[me] if v.card(c).id == d.source]
            if asking:
                return max(usable, key=lambda col: self.named_outcome(asking[0], col))
        mine: Counter[str] = Counter(c for t in v.piles[me] for c in v.card(t).colours)
        theirs: Counter[str] = Counter(
            c for o in v.opponents(me) for t in v.piles[o] for c in v.card(t).colours
        )
        if d.reason == "recolour_to":
            return max(usable, key=lambda c: mine[c])
        if d.reason == "name_colour_discard":
            in_hand = Counter(c for t in v.hand for c in v.card(t).colours)
            return min(usable, key=lambda c: in_hand[c])
        return max(usable, key=lambda c: theirs[c] - mine[c])

    def named_outcome(self, card: int, colour: str) -> int:
        """My score minus the best opponent's, were ``colour`` named for ``card``."""
        named = dict(self.table.named_colour)
        named[card] = colour
        table = replace(self.table, named_colour=named)
        me = self.d.player
        return self.total(me, table) - max(self.total(o, table) for o in self.v.opponents(me))
