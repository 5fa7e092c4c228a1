"""Doomcrop's rules of thumb: one decision answered from one view, at once, as a card player
would reason at the table.

Every card ends the game in somebody's Discard pile (a card left in a grid is its owner's at
the end), so a capture is worth the card's count to its captor, and an opponent's card taken
is worth about twice one's own. A card the seat cannot identify is reckoned as the average of
the cards it has not seen. So:

- attack where the expected capture is best (a Clubs number, or a King, aims too);
- flip an Ace for the best card on the board, a King when its face-down numbers gain together;
- sacrifice a Spades number that is face up (already spent, and a target), or weak;
- defend a Heart with a face-down Heart only when that turns the fight;
- turn one's best face-up numbers face down with a Queen, so that they attack again;
- discard the card that counts most and fights least; lay Hearts together, beside each other.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, cached_property

from doomlings_access.doomcrop.cards import Card, Rank, Suit
from doomlings_access.doomcrop.decisions import Decision, Reason, Value, Word
from doomlings_access.doomcrop.places import SPOTS
from doomlings_access.doomcrop.rules.combat import Result, fight, reach
from doomlings_access.doomcrop.rules.faces import KING_VALUE
from doomlings_access.doomcrop.view import View

OPPONENTS_CARD = 2.0
"""What capturing an opponent's card is worth against one's own, per card counted: one's own
would have counted for one at the end anyway."""
HELPER_SHOWN = 0.2
"""The cost of turning a Hearts helper face up (its opponent then knows it)."""
SACRIFICE_BELOW = 0.5
"""A face-down Spades number whose attack is expected to gain less than this is sacrificed."""


def grid_worth(card: Card) -> float:
    """How much a card does for its player in the grid (not in the Discard pile): the powers
    of the Faces, the 2 that captures Faces and 10s, then numbers by rank."""
    if card.rank is Rank.ACE:
        return 3.0
    if card.rank is Rank.KING:
        return 2.0
    if card.is_face:
        return 1.0
    if card.rank is Rank.TWO:
        return 1.5
    return card.rank / 6


@cache
def clash(attacker: Card, value: int, defender: Card) -> float:
    """What ``attacker`` (worth ``value``) attacking ``defender`` is worth to the attacker's
    player: the defender's count, twice, if it is captured; the attacker's, lost, if not."""
    result = fight(attacker, value, defender, int(defender.rank))
    if result is Result.ATTACKER:
        return OPPONENTS_CARD * defender.counts
    if result is Result.DEFENDER:
        return -OPPONENTS_CARD * attacker.counts
    return 0.0


class Picker:
    """One decision, answered from one view."""

    def __init__(self, view: View, decision: Decision, seed: int) -> None:
        self.v, self.d, self.seed = view, decision, seed
        self.me = decision.player
        self.against_unseen: dict[tuple[Card, int], float] = {}

    @cached_property
    def unseen(self) -> Counter[Card]:
        return Counter(self.v.unseen())

    @cached_property
    def hidden(self) -> int:
        return sum(self.unseen.values())

    # --- what the seat knows of a place ------------------------------------------------------

    def card_at(self, where: int) -> Card | None:
        slot = self.v.slot(where)
        return None if slot is None else slot.card

    def mine(self, where: int) -> bool:
        return where // SPOTS == self.me

    @cached_property
    def average(self) -> float:
        """How many an unseen card counts, on average."""
        if not self.hidden:
            return 1.0
        return sum(n * card.counts for card, n in self.unseen.items()) / self.hidden

    def taken(self, where: int) -> float:
        """What capturing the card at ``where`` is worth to the seat."""
        card = self.card_at(where)
        counts = card.counts if card is not None else self.average
        return counts if self.mine(where) else OPPONENTS_CARD * counts

    # --- combat -----------------------------------------------------------------------------

    def strike(self, attacker: Card, value: int, target: int) -> float:
        """The expected worth to the seat of ``attacker`` (worth ``value``) attacking ``target``."""
        known = self.card_at(target)
        if known is not None:
            return clash(attacker, value, known)
        key = (attacker, value)
        if key not in self.against_unseen:
            hidden = self.hidden
            self.against_unseen[key] = 0.0 if not hidden else sum(
                n * clash(attacker, value, card) for card, n in self.unseen.items()
            ) / hidden
        return self.against_unseen[key]

    def best_strike(self, where: int, attacker: Card, value: int) -> float:
        """The attack's worth at its best target (the player chooses among several)."""
        aims = [p for p in reach(self.v.n, where, attacker) if self.v.slot(p) is not None]
        return max((self.strike(attacker, value, p) for p in aims), default=0.0)

    # --- the decisions ----------------------------------------------------------------------

    def pick(self) -> Value:
        d = self.d
        handlers = {
            Reason.DISCARD: self.discard, Reason.ARRANGE: self.arrange, Reason.FLIP: self.flip,
            Reason.SACRIFICE: self.sacrifice, Reason.TARGET: self.target, Reason.HEARTS: self.hearts,
            Reason.QUEEN: self.queen, Reason.KING: self.king, Reason.ACE: self.ace,
        }
        handler = handlers.get(Reason(d.reason))
        if handler is None:  # a Jack's swaps, an Epic Technique: the first choice (stop, where offered)
            return Word.STOP if Word.STOP in d.options else d.options[0]
        return handler()

    def discard(self) -> Value:
        cards = [Card.parse(str(o)) for o in self.d.options]
        best = max(cards, key=lambda c: c.counts - grid_worth(c))
        return best.code

    def arrange(self) -> Value:
        hearts = [Card.parse(str(o)) for o in self.d.options if o != Word.AS_DEALT]
        hearts = [c for c in hearts if c.suit_number(Suit.HEARTS)]
        if hearts:  # laid first, they lie in neighbouring places (front left, front middle, ...)
            return max(hearts).code
        return Word.AS_DEALT

    def flip_worth(self, where: int) -> float:
        card = self.card_at(where)
        assert card is not None, "the seat knows its own cards"
        if card.is_number:
            return self.best_strike(where, card, int(card.rank))
        worth = 1.0  # a Face is captured by its player once its power is resolved
        if card.rank is Rank.ACE:
            aims = [p for p in self.places() if p != where]
            worth += max([self.taken(p) for p in aims] + [self.average])
        elif card.rank is Rank.KING:
            worth += self.best_strike(where, card, KING_VALUE)
            for p in self.own_places():
                other = self.card_at(p)
                slot = self.v.slot(p)
                if other is not None and other.is_number and slot is not None and not slot.up:
                    worth += self.best_strike(p, other, int(other.rank))
        elif card.rank is Rank.QUEEN:
            worth += 0.3 * min(3, len(self.face_up_numbers()))
        return worth

    def flip(self) -> Value:
        places = [o for o in self.d.options if isinstance(o, int)]
        if Word.SACRIFICE in self.d.options and self.spade_to_sacrifice() is not None:
            return Word.SACRIFICE
        return max(places, key=self.flip_worth)

    def spade_to_sacrifice(self) -> int | None:
        """A face-up Spades number (spent, and a target), else a face-down one that would gain
        little by attacking; the lowest first."""
        spades = [p for p in self.own_places() if (c := self.card_at(p)) is not None and c.suit_number(Suit.SPADES)]
        up = [p for p in spades if (s := self.v.slot(p)) is not None and s.up]
        weak = [p for p in spades if p not in up and self.flip_worth(p) < SACRIFICE_BELOW]
        for group in (up, weak):
            if group:
                return min(group, key=lambda p: self.rank_at(p))
        return None

    def sacrifice(self) -> Value:
        chosen = self.spade_to_sacrifice()
        if chosen is not None and chosen in self.d.options:
            return chosen
        return min((o for o in self.d.options if isinstance(o, int)), key=self.rank_at)

    def target(self) -> Value:
        attacker_at = int(self.d.about[0])
        attacker = self.card_at(attacker_at)
        assert attacker is not None, "an attacking card is face up"
        value = KING_VALUE if attacker.rank is Rank.KING else int(attacker.rank)
        return max((int(o) for o in self.d.options), key=lambda p: self.strike(attacker, value, p))

    def hearts(self) -> Value:
        defender_at, attacker_at = int(self.d.about[0]), int(self.d.about[1])
        defender, attacker = self.card_at(defender_at), self.card_at(attacker_at)
        assert defender is not None and attacker is not None
        value = KING_VALUE if attacker.rank is Rank.KING else int(attacker.rank)

        def worth(helper: Value) -> float:
            extra = 0 if helper == Word.NO else self.rank_at(int(helper))
            result = fight(attacker, value, defender, int(defender.rank) + extra)
            shown = 0.0 if helper == Word.NO else HELPER_SHOWN
            if result is Result.DEFENDER:
                return OPPONENTS_CARD * attacker.counts - shown
            if result is Result.ATTACKER:
                return -OPPONENTS_CARD * defender.counts - shown
            return -shown

        return max(self.d.options, key=worth)  # (no first, so a Heart turns up only to gain)

    def queen(self) -> Value:
        numbers = [o for o in self.d.options if isinstance(o, int) and (c := self.card_at(o)) is not None and c.is_number]
        if not numbers:
            return Word.STOP
        return max(numbers, key=self.rank_at)

    def king(self) -> Value:
        def worth(where: Value) -> float:
            card = self.card_at(int(where))
            assert card is not None
            return self.best_strike(int(where), card, KING_VALUE if card.rank is Rank.KING else int(card.rank))

        return max(self.d.options, key=worth)

    def ace(self) -> Value:
        def worth(option: Value) -> float:
            return self.average if option == Word.DRAW_PILE else self.taken(int(option))

        return max(self.d.options, key=worth)

    # --- the seat's grid ----------------------------------------------------------------------

    def places(self) -> list[int]:
        return [seat * SPOTS + s for seat, grid in enumerate(self.v.grids) for s, slot in enumerate(grid) if slot is not None]

    def own_places(self) -> list[int]:
        return [p for p in self.places() if self.mine(p)]

    def face_up_numbers(self) -> list[int]:
        return [
            p for p in self.own_places()
            if (s := self.v.slot(p)) is not None and s.up and s.card is not None and s.card.is_number
        ]

    def rank_at(self, where: int) -> int:
        card = self.card_at(where)
        return 0 if card is None else int(card.rank)
