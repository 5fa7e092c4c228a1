"""Scoring, pure: World's End points, face values and drop-of-life bonuses.

Rulebook order: (1) points the final catastrophe's World's End effect gives or takes,
(2) face values (a variable X counts 0), (3) bonuses and modifiers. Colour counts use the
colours after any recolouring; colourless is never a colour.

Scores are computed over a :class:`Tableau`: the piles, the hands that are known, the gene
pools and the World's End marks. A game gives one of everything; a seat's view gives its own
hand only, so a computer player can weigh a play without touching the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Mapping, Sequence

from doomlings_access.cards.model import COLOURS, REAL_COLOURS, Piece, TraitDef
from doomlings_access.cards.pieces import Use, uses_of
from doomlings_access.rules.registry import SECOND, REGISTRY, code, implements, implements_second

if TYPE_CHECKING:
    from doomlings_access.rules.game import Game


@dataclass(frozen=True, slots=True)
class Score:
    """A seat's score, in the rulebook's order: the points World's End gave or took, the face
    value of its traits, its bonuses and modifiers, and their total.

    Its bonuses card by card are :func:`bonus_items` (the game tells them in its
    :class:`~.events.ScoreTallied` event); its World's End points card by card are the game's
    :class:`~.events.WorldsEndPoints` events. Saved as the list it always was, and unpacked in
    the same order (it is read by name, never by position: no ``score[3]``):

    >>> score = Score(-2, 9, 3, 10)
    >>> score.total, score.to_json(), tuple(score)
    (10, [-2, 9, 3, 10], (-2, 9, 3, 10))
    """

    worlds_end: int
    face: int
    bonus: int
    total: int

    def to_json(self) -> list[int]:
        return [self.worlds_end, self.face, self.bonus, self.total]

    def __iter__(self) -> Iterator[int]:
        return iter((self.worlds_end, self.face, self.bonus, self.total))


@dataclass(frozen=True)
class Tableau:
    """What scoring reads: piles, known hands, gene pools and the World's End marks."""

    defs: Sequence[TraitDef] | Mapping[int, TraitDef]
    piles: Sequence[Sequence[int]]
    hands: Sequence[Sequence[int] | None]
    """Each seat's hand, or None where it is not known (its hand bonuses then count 0)."""
    gene_pools: Sequence[int]
    worlds_end_points: Sequence[int] = ()
    recolour: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    named_colour: Mapping[int, str] = field(default_factory=dict)
    colourless_as: tuple[int, bool, frozenset[int]] | None = None
    leader_bonus: bool = False
    hand_sizes: Sequence[int] = ()
    """How many cards each hand holds (public), for a bonus that counts the cards of a hand
    not known; empty where such bonuses count 0 (the computer players' quick estimates)."""
    _colour_counts: dict[int, dict[str, int]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """Colour counts per seat, worked out once per tableau."""
    _second_parts: list[tuple[int, int, Piece, Callable[..., int]]] | None = field(
        default=None, init=False, compare=False, repr=False
    )
    """Bonus pieces with a part for the owner's opponents, found once per tableau."""
    _names: list[str] | None = field(default=None, init=False, compare=False, repr=False)
    """The name of every trait in all the piles, listed once per tableau."""

    @property
    def n(self) -> int:
        return len(self.piles)

    def opponents(self, seat: int) -> list[int]:
        n = self.n
        return [(seat + i) % n for i in range(1, n)]

    def colours_of(self, card: int) -> tuple[str, ...]:
        return self.recolour.get(card) or self.defs[card].colours

    def with_trait(self, seat: int, card: int) -> Tableau:
        """This tableau with ``card`` added to ``seat``'s pile (to weigh a play)."""
        piles = [list(p) for p in self.piles]
        piles[seat].append(card)
        return replace(self, piles=piles)


def tableau_of(g: Game) -> Tableau:
    """The whole game as scoring sees it."""
    e = g.ending
    return Tableau(
        g.defs,
        [p.pile for p in g.seats],
        [p.hand for p in g.seats],
        [p.gene_pool for p in g.seats],
        e.points,
        e.recolour,
        e.named_colour,
        e.colourless_as,
        g.options.gene_pool_leader_bonus,
    )


def _taken_over(t: Tableau, seat: int, card: int) -> int | None:
    """The World's End face value of this colourless trait of ``seat``'s pile, if a rule sets one.

    It applies to the players the catastrophe affects, to colourless traits, and where the
    rule says so not to dominants."""
    rule = t.colourless_as
    if rule is None or seat not in rule[2]:
        return None
    d = t.defs[card]
    if not d.colourless or (rule[1] and d.dominant):
        return None
    return rule[0]


def face_value(t: Tableau, seat: int, card: int) -> int:
    """Face value at the end: printed value (X is 0), unless a World's End rule sets it."""
    taken = _taken_over(t, seat, card) if t.colourless_as is not None else None
    return t.defs[card].face_value if taken is None else taken


def effects_ignored(t: Tableau, seat: int, card: int) -> bool:
    """A World's End rule may make colourless traits lose their effects."""
    return t.colourless_as is not None and _taken_over(t, seat, card) is not None


def colour_counts(t: Tableau, seat: int) -> dict[str, int]:
    """How many traits of each colour ``seat``'s pile holds (a dual trait counts for both),
    for every colour, colourless included (a count may be 0). Counted into a plain dict: a
    Counter's constructor is Python, and every game's scoring counts every pile."""
    counts = t._colour_counts.get(seat)
    if counts is None:
        pile = t.piles[seat]
        if t.recolour:
            colours: Iterable[tuple[str, ...]] = map(t.colours_of, pile)
        else:
            colours = map(_COLOURS, map(t.defs.__getitem__, pile))
        counts = t._colour_counts[seat] = dict.fromkeys(COLOURS, 0)
        for colour in chain.from_iterable(colours):
            counts[colour] += 1
    return counts


_COLOURS = attrgetter("colours")
_FACE_VALUE = attrgetter("face_value")
_ID = attrgetter("id")


@implements("bonus", "per_trait")
def _per_trait(t: Tableau, seat: int, card: int, piece: Piece) -> int:
    params = piece.params
    colour, face = params.get("colour"), params.get("face")
    negative, same = params.get("negative_face"), params.get("same_name")
    if colour is not None and face is None and not negative and not same:
        return int(colour_counts(t, seat)[colour] * piece["points"])
    defs = t.defs
    count = 0
    for c in t.piles[seat]:
        if colour is not None and colour not in t.colours_of(c):
            continue
        if face is not None and (defs[c].face is None or face_value(t, seat, c) != face):
            continue
        if negative and face_value(t, seat, c) >= 0:
            continue
        if same and defs[c].id != defs[card].id:
            continue
        count += 1
    return int(count * piece["points"])


@implements("bonus", "per_same_name_in_all_piles")
def _per_same_name_in_all_piles(t: Tableau, seat: int, card: int, piece: Piece) -> int:
    names = t._names
    if names is None:
        names = list(map(_ID, map(t.defs.__getitem__, chain.from_iterable(t.piles))))
        object.__setattr__(t, "_names", names)
    return int(piece["points"]) * names.count(t.defs[card].id)


@implements("bonus", "per_card_in_hand")
def _per_card_in_hand(t: Tableau, seat: int, card: int, piece: Piece) -> int:
    hand = t.hands[seat]
    if hand is None:  # only a count of all its cards is known
        return int(t.hand_sizes[seat] * piece["points"]) if t.hand_sizes and _counts_whole_hand(piece) else 0
    dominant, has_effect = piece.get("dominant"), piece.get("has_effect")
    count = sum(
        1
        for c in hand
        if (dominant is None or t.defs[c].dominant == dominant)
        and (has_effect is None or t.defs[c].has_effect == has_effect)
    )
    return int(count * piece["points"])


@implements("bonus", "distinct_colours")
def _distinct_colours(t: Tableau, seat: int, card: int, piece: Piece) -> int:
    if piece["where"] == "hand":
        hand = t.hands[seat]
        if hand is None:
            return 0
        found = {c for h in hand for c in t.defs[h].colours}
    else:
        found = {c for c, n in colour_counts(t, seat).items() if n}
    return int(piece["points"]) * len(found & set(REAL_COLOURS))


@implements("bonus", "gene_pool_size")
def _gene_pool_size(t: Tableau, seat: int, card: int, piece: Piece) -> int:
    return int(t.gene_pools[seat])


@implements("bonus", "fewest_colour")
def _fewest_colour(t: Tableau, seat: int, card: int, piece: Piece) -> int:
    counts = colour_counts(t, seat)
    present = [counts[c] for c in REAL_COLOURS if counts[c]]
    return int(piece["points"]) * min(present) if len(present) >= 2 else 0


@implements("bonus", "colour_pairs")
def _colour_pairs(t: Tableau, seat: int, card: int, piece: Piece) -> int:
    counts = colour_counts(t, seat)
    return int(piece["points"]) * sum(counts[c] // 2 for c in REAL_COLOURS)


@implements("bonus", "opponents_colour_pairs")
def _opponents_colour_pairs(t: Tableau, seat: int, card: int, piece: Piece) -> int:
    colour = piece["colour"]
    return int(piece["points"]) * sum(colour_counts(t, o)[colour] // 2 for o in t.opponents(seat))


@implements("bonus", "most_traits")
def _most_traits(t: Tableau, seat: int, card: int, piece: Piece) -> int:
    mine = len(t.piles[seat])
    return int(piece["points"]) if all(mine > len(t.piles[o]) for o in t.opponents(seat)) else 0


@implements("bonus", "most_of_colour")
def _most_of_colour(t: Tableau, seat: int, card: int, piece: Piece) -> int:
    counts = colour_counts(t, seat)
    mine = counts[piece["colour"]]
    others = [counts[c] for c in REAL_COLOURS if c != piece["colour"]]
    return int(piece["points"]) if all(mine > n for n in others) else 0


@implements("bonus", "per_named_colour_trait")
def _per_named_colour_trait(t: Tableau, seat: int, card: int, piece: Piece) -> int:
    colour = t.named_colour.get(card)
    return int(piece["points"]) * colour_counts(t, seat)[colour] if colour else 0


@implements("bonus", "opponents_per_named_colour_trait")
def _named_colour_for_owner(t: Tableau, seat: int, card: int, piece: Piece) -> int:
    """Scored by each opponent (see :func:`_named_colour_for_opponent`): nothing for its owner."""
    return 0


@implements_second("bonus", "opponents_per_named_colour_trait")
def _named_colour_for_opponent(t: Tableau, owner: int, card: int, piece: Piece, seat: int) -> int:
    colour = t.named_colour.get(card)
    return int(piece["points"]) * colour_counts(t, seat)[colour] if colour else 0


def _scored_by_opponents(t: Tableau, seat: int) -> int:
    """Points that bonuses in other players' piles give (or take from) ``seat``: the second
    part of a bonus piece, when it has one."""
    total = 0
    for owner, card, piece, for_opponent in _second_parts(t):  # (most games: none in play)
        if owner != seat:
            total += for_opponent(t, owner, card, piece, seat)
    return total


def _second_parts(t: Tableau) -> list[tuple[int, int, Piece, Callable[..., int]]]:
    """Every bonus piece in play with a part for the owner's opponents (found once per tableau):
    (owner, card, piece, its second part)."""
    found = t._second_parts
    if found is None:
        found = []
        defs = t.defs
        for owner, pile in enumerate(t.piles):
            for card in pile:
                for piece in defs[card].bonus:
                    for_opponent = SECOND.get(("bonus", piece.effect))
                    if for_opponent is not None and not effects_ignored(t, owner, card):
                        found.append((owner, card, piece, for_opponent))
        object.__setattr__(t, "_second_parts", found)
    return found


def bonus_of(t: Tableau, seat: int) -> int:
    """All drop-of-life bonuses and modifiers for ``seat``."""
    total = 0
    defs = t.defs
    ruled = t.colourless_as is not None
    for card in t.piles[seat]:
        bonuses = defs[card].bonus
        if not bonuses or (ruled and effects_ignored(t, seat, card)):
            continue
        for piece in bonuses:
            total += REGISTRY[("bonus", piece.effect)](t, seat, card, piece)
    total += _scored_by_opponents(t, seat)
    if t.leader_bonus:
        pools = list(t.gene_pools)
        best = max(pools)
        if pools.count(best) == 1 and pools[seat] == best:
            total += 3
    return total



def bonus_items(t: Tableau, seat: int) -> list[tuple[int | None, int]]:
    """``seat``'s bonus card by card, as (card, points), the points not zero: its own traits'
    bonuses, then other players' traits that give or take points, then the leader's bonus
    (card None). The same sum as :func:`bonus_of`, which stays the quick one for play."""
    items: list[tuple[int | None, int]] = []
    defs = t.defs
    for card in t.piles[seat]:
        if not defs[card].bonus or effects_ignored(t, seat, card):
            continue
        points = sum(code("bonus", piece.effect)(t, seat, card, piece) for piece in defs[card].bonus)
        if points:
            items.append((card, points))
    for owner, card, piece, for_opponent in _second_parts(t):
        if owner != seat:
            points = for_opponent(t, owner, card, piece, seat)
            if points:
                items.append((card, points))
    if t.leader_bonus:
        pools = list(t.gene_pools)
        best = max(pools)
        if pools.count(best) == 1 and pools[seat] == best:
            items.append((None, 3))
    return items


def score_of(t: Tableau, seat: int) -> Score:
    """``seat``'s :class:`Score`."""
    worlds_end = t.worlds_end_points[seat] if t.worlds_end_points else 0
    if t.colourless_as is None:
        faces = sum(map(_FACE_VALUE, map(t.defs.__getitem__, t.piles[seat])))
    else:
        faces = sum(face_value(t, seat, c) for c in t.piles[seat])
    extra = bonus_of(t, seat)
    return Score(worlds_end, faces, extra, worlds_end + faces + extra)


def score(g: Game, seat: int) -> Score:
    """The :class:`Score` of ``seat`` of a game."""
    return score_of(tableau_of(g), seat)


def reads_hidden_hand(t: Tableau, seat: int) -> list[int]:
    """``seat``'s traits whose bonus depends on which cards are in a hand not known here (it
    counts 0 until the end, when every hand is shown)."""
    if t.hands[seat] is not None:
        return []
    return [
        card
        for card in t.piles[seat]
        if any(
            Use.SCORES_THE_HAND in uses_of("bonus", p) and not (_counts_whole_hand(p) and t.hand_sizes)
            for p in t.defs[card].bonus
        )
    ]


def _counts_whole_hand(piece: Piece) -> bool:
    """A bonus per card in the hand that counts every card, whatever it is: the hand's size
    (public) is enough to score it."""
    return piece.effect == "per_card_in_hand" and piece.get("dominant") is None and piece.get("has_effect") is None
