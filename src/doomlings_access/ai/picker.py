"""Doomlings' rules of thumb: one decision answered from one view, at once.

The normal level answers by them where looking ahead is not worth it, and every seat answers
by them inside the games the normal and hard levels play on in their heads
(:mod:`doomlings_access.players.playout`). Plays for points now, hurts the leader, keeps its
best cards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from doomlings_access.cards.model import REAL_COLOURS
from doomlings_access.cards.pieces import Use, any_use, uses_of
from doomlings_access.players.chance import decision_rng
from doomlings_access.rules.decisions import Decision, Kind, Value
from doomlings_access.rules.scoring import Tableau, score_of
from doomlings_access.rules.view import PlayerView

HARMFUL_TARGETS = {
    "take_random_from", "look_at_hand_of", "mutual_discard_with", "into_whose_pile",
    "move_to", "trade_looks_with",
}
KEEP_REASONS = {"keep", "keep_to_stabilize", "take_and_play", "take_card", "play_drawn", "play_from_discard"}
OWN_LOSSES = ("discard_trait", "give_trait", "swap_give", "swap_first")


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
