"""The "normal" computer player: a few sensible rules per kind of question.

It looks only at what its seat may know (its hand, every trait pile, gene pools, counts);
it never reads other hands or the deck order. Every answer is legal by construction: it
ranks the options of the pending decision.
"""

from __future__ import annotations

import random
from collections import Counter

from doomlings_access.cards.model import REAL_COLOURS
from doomlings_access.rules import Choice, Game
from doomlings_access.rules import decisions as dk
from doomlings_access.rules.decisions import Decision, Value
from doomlings_access.rules.scoring import score

HARMFUL_TARGETS = {
    "take_random_from", "look_at_hand_of", "reckless_with", "self_awareness_target",
    "move_to", "trade_looks_with",
}
KEEP_REASONS = {"keep", "take_and_play", "take_card", "play_drawn", "play_from_discard"}


class HeuristicAgent:
    """Plays for points now, hurts the leader, keeps its best cards."""

    def __init__(self, seed: int, seat: int) -> None:
        self.seed, self.seat = seed, seat
        self.rng = random.Random()

    def choose(self, game: Game) -> Choice:
        d = game.pending
        assert d is not None
        # Fresh for each decision, so a resumed game repeats the same choices.
        self.rng = random.Random(f"heuristic:{self.seed}:{self.seat}:{len(game.actions)}")
        return Choice(d.player, self.pick(game, d))

    # --- helpers ----------------------------------------------------------------------
    def total(self, g: Game, seat: int) -> int:
        return score(g, seat)[3]

    def gain(self, g: Game, seat: int, card: int) -> float:
        """Points ``card`` would add to ``seat``'s pile now, plus a little for effects."""
        pile = g.players[seat].pile
        before = self.total(g, seat)
        pile.append(card)
        try:
            after = self.total(g, seat)
        finally:
            pile.pop()
        d = g.defs[card]
        extra = 1.0 if d.action else 0.0
        extra += sum(p["delta"] for p in d.persistent if p.effect == "gene_pool" and p["who"] == "self")
        return after - before + extra

    def leader(self, g: Game, seat: int, options: list[int]) -> int:
        return max(options, key=lambda s: (self.total(g, s), -((s - seat) % g.n)))

    # --- decisions --------------------------------------------------------------------
    def pick(self, g: Game, d: Decision) -> Value:
        me = d.player
        opts = list(d.options)
        cards = [o for o in opts if isinstance(o, int)]
        words = [o for o in opts if isinstance(o, str)]
        if d.kind == dk.CHANCE:
            return self.rng.choice(opts)
        if d.kind == dk.PLAY:
            best = max(cards, key=lambda c: self.gain(g, me, c))
            if words and self.gain(g, me, best) <= 0:
                return words[0]
            return best
        if d.kind == dk.RESPOND:
            return self.respond(g, d, cards)
        if d.kind == dk.CARD:
            value = lambda c: g.defs[c].face_value + (1 if g.defs[c].action else 0)  # noqa: E731
            if d.reason in KEEP_REASONS:
                return max(cards, key=value)
            if words and d.reason in ("may_discard", "discard_dominant"):
                return words[0]
            return min(cards, key=value)
        if d.kind == dk.TRAIT:
            face = lambda c: g.defs[c].face_value  # noqa: E731
            own = [c for c in cards if c in g.players[me].pile]
            if d.reason in ("discard_trait", "give_trait", "swap_give", "swap_first") and own:
                return min(own, key=face)
            others = [c for c in cards if c not in g.players[me].pile] or cards
            return max(others, key=lambda c: (face(c), self.total(g, g.owner_of(c) or 0)))
        if d.kind == dk.PLAYER:
            seats = [int(o) for o in cards]
            if d.reason in HARMFUL_TARGETS or d.reason == "swap_hands_with":
                if d.reason == "swap_hands_with":
                    return max(seats, key=lambda s: len(g.players[s].hand))
                return self.leader(g, me, seats)
            return min(seats, key=lambda s: self.total(g, s))
        if d.kind == dk.COLOUR:
            return self.colour(g, d, me, words)
        if d.kind == dk.CATASTROPHE:
            return opts[0]
        if d.kind == dk.OPTION:
            if "redraw" in opts and d.reason == "cannot_play":
                return "redraw"
            if d.reason == "may_skip_stabilize":
                target = g.players[me].gene_pool
                return "stabilize" if len(g.players[me].hand) <= target else "skip"
            return opts[0]
        if d.kind == dk.YES_NO:
            return "no"
        return opts[0]

    def respond(self, g: Game, d: Decision, cards: list[int]) -> Value:
        if not cards:
            return "pass"
        card = cards[0]
        effect = g.defs[card].out_of_turn[0].effect if g.defs[card].out_of_turn else ""
        if effect in ("cancel_action", "into_opponent_pile", "at_worlds_end", "after_stabilizing"):
            return card
        if effect == "steal_played_trait" and d.about:
            played = int(d.about[1])
            return card if g.defs[played].face_value > 1 else "pass"
        return "pass"

    def colour(self, g: Game, d: Decision, me: int, options: list[str]) -> Value:
        if d.reason == "recolour_from":
            return "no"
        mine: Counter[str] = Counter(c for t in g.players[me].pile for c in g.defs[t].colours)
        theirs: Counter[str] = Counter(
            c for o in g.opponents(me) for t in g.players[o].pile for c in g.defs[t].colours
        )
        usable = [o for o in options if o in REAL_COLOURS] or options
        if d.source == "sentience" or d.reason == "recolour_to":
            return max(usable, key=lambda c: mine[c])
        if d.reason == "name_colour_discard":
            in_hand = Counter(c for t in g.players[me].hand for c in g.defs[t].colours)
            return min(usable, key=lambda c: in_hand[c])
        return max(usable, key=lambda c: theirs[c] - mine[c])
