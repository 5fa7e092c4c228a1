"""Scoring, pure: World's End points, face values and drop-of-life bonuses.

Rulebook order: (1) points the final catastrophe's World's End effect gives or takes,
(2) face values (a variable X counts 0), (3) bonuses and modifiers. Colour counts use the
colours after Faith; colourless is never a colour.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Callable

from doomlings_access.cards.model import REAL_COLOURS, Piece
from doomlings_access.rules.piles import colours_of
from doomlings_access.rules.registry import handles

if TYPE_CHECKING:
    from doomlings_access.rules.game import Game


def _taken_over(g: Game, seat: int, card: int) -> int | None:
    """AI Takeover's face value for this colourless trait of ``seat``'s pile, if it applies.

    It applies to the players the catastrophe affects (not those Denial protects), to
    colourless traits, and in the retail printing not to dominants."""
    rule = g.colourless_as
    if rule is None or seat not in rule[2]:
        return None
    d = g.defs[card]
    if not d.colourless or (rule[1] and d.dominant):
        return None
    return rule[0]


def face_value(g: Game, seat: int, card: int) -> int:
    """Face value at the end: printed value (X is 0), or AI Takeover's value for colourless traits."""
    taken = _taken_over(g, seat, card)
    return g.defs[card].face_value if taken is None else taken


def effects_ignored(g: Game, seat: int, card: int) -> bool:
    """AI Takeover at World's End: colourless traits' effects are ignored (retail: not dominants)."""
    return _taken_over(g, seat, card) is not None


def colour_counts(g: Game, seat: int) -> Counter[str]:
    counts: Counter[str] = Counter()
    for card in g.players[seat].pile:
        for colour in colours_of(g, card):
            counts[colour] += 1
    return counts


Bonus = Callable[["Game", int, int, Piece], int]
BONUSES: dict[str, Bonus] = {}


def bonus(piece_id: str) -> Callable[[Bonus], Bonus]:
    def register(fn: Bonus) -> Bonus:
        BONUSES[piece_id] = fn
        return handles("bonus", piece_id)(fn)

    return register


@bonus("per_trait")
def _per_trait(g: Game, seat: int, card: int, piece: Piece) -> int:
    colour, face = piece.get("colour"), piece.get("face")
    negative, same = piece.get("negative_face"), piece.get("same_name")
    defs = g.defs
    count = 0
    for c in g.players[seat].pile:
        if colour is not None and colour not in colours_of(g, c):
            continue
        if face is not None and (defs[c].face is None or face_value(g, seat, c) != face):
            continue
        if negative and face_value(g, seat, c) >= 0:
            continue
        if same and defs[c].id != defs[card].id:
            continue
        count += 1
    return count * piece["points"]


@bonus("per_same_name_in_all_piles")
def _per_same_name_in_all_piles(g: Game, seat: int, card: int, piece: Piece) -> int:
    name = g.defs[card].id
    return piece["points"] * sum(
        1 for p in g.players for c in p.pile if g.defs[c].id == name
    )


@bonus("per_card_in_hand")
def _per_card_in_hand(g: Game, seat: int, card: int, piece: Piece) -> int:
    dominant, has_effect = piece.get("dominant"), piece.get("has_effect")
    count = sum(
        1
        for c in g.players[seat].hand
        if (dominant is None or g.defs[c].dominant == dominant)
        and (has_effect is None or g.defs[c].has_effect == has_effect)
    )
    return count * piece["points"]


@bonus("distinct_colours")
def _distinct_colours(g: Game, seat: int, card: int, piece: Piece) -> int:
    if piece["where"] == "hand":
        found = {c for h in g.players[seat].hand for c in g.defs[h].colours}
    else:
        found = set(colour_counts(g, seat))
    return piece["points"] * len(found & set(REAL_COLOURS))


@bonus("gene_pool_size")
def _gene_pool_size(g: Game, seat: int, card: int, piece: Piece) -> int:
    return g.players[seat].gene_pool


@bonus("fewest_colour")
def _fewest_colour(g: Game, seat: int, card: int, piece: Piece) -> int:
    counts = colour_counts(g, seat)
    present = [counts[c] for c in REAL_COLOURS if counts[c]]
    return piece["points"] * min(present) if len(present) >= 2 else 0


@bonus("colour_pairs")
def _colour_pairs(g: Game, seat: int, card: int, piece: Piece) -> int:
    counts = colour_counts(g, seat)
    return piece["points"] * sum(counts[c] // 2 for c in REAL_COLOURS)


@bonus("opponents_colour_pairs")
def _opponents_colour_pairs(g: Game, seat: int, card: int, piece: Piece) -> int:
    colour = piece["colour"]
    return piece["points"] * sum(colour_counts(g, o)[colour] // 2 for o in g.opponents(seat))


@bonus("most_traits")
def _most_traits(g: Game, seat: int, card: int, piece: Piece) -> int:
    mine = len(g.players[seat].pile)
    return piece["points"] if all(mine > len(g.players[o].pile) for o in g.opponents(seat)) else 0


@bonus("most_of_colour")
def _most_of_colour(g: Game, seat: int, card: int, piece: Piece) -> int:
    counts = colour_counts(g, seat)
    mine = counts[piece["colour"]]
    others = [counts[c] for c in REAL_COLOURS if c != piece["colour"]]
    return piece["points"] if all(mine > n for n in others) else 0


@bonus("per_named_colour_trait")
def _per_named_colour_trait(g: Game, seat: int, card: int, piece: Piece) -> int:
    colour = g.named_colour.get(card)
    return piece["points"] * colour_counts(g, seat)[colour] if colour else 0


@bonus("opponents_per_named_colour_trait")
def _opponents_per_named_colour_trait(g: Game, seat: int, card: int, piece: Piece) -> int:
    """Viral: scored by each opponent, so it counts nothing for its owner (see :func:`bonus_of`)."""
    return 0


def _viral_penalty(g: Game, seat: int) -> int:
    """Points Viral in other players' piles takes from ``seat``."""
    total = 0
    for other in g.opponents(seat):
        for card in g.players[other].pile:
            if effects_ignored(g, other, card):
                continue
            for piece in g.defs[card].bonus:
                if piece.effect == "opponents_per_named_colour_trait":
                    colour = g.named_colour.get(card)
                    if colour:
                        total += piece["points"] * colour_counts(g, seat)[colour]
    return total


def bonus_of(g: Game, seat: int) -> int:
    """All drop-of-life bonuses and modifiers for ``seat``."""
    total = 0
    for card in g.players[seat].pile:
        if effects_ignored(g, seat, card):
            continue
        for piece in g.defs[card].bonus:
            total += BONUSES[piece.effect](g, seat, card, piece)
    total += _viral_penalty(g, seat)
    if g.options.gene_pool_leader_bonus:
        pools = [p.gene_pool for p in g.players]
        best = max(pools)
        if pools.count(best) == 1 and pools[seat] == best:
            total += 3
    return total


def score(g: Game, seat: int) -> tuple[int, int, int, int]:
    """(World's End points, face value, bonus, total) for ``seat``."""
    worlds_end = g.worlds_end_points[seat]
    faces = sum(face_value(g, seat, c) for c in g.players[seat].pile)
    extra = bonus_of(g, seat)
    return worlds_end, faces, extra, worlds_end + faces + extra
