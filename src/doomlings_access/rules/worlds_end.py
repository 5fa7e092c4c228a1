"""World's End: each player's World's End traits in turn order, then the catastrophe's effect,
then scoring and the tie-break draw (rulebook, "World's End" and "Scoring")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_access.cards.model import REAL_COLOURS, Piece
from doomlings_access.rules import decisions as dk
from doomlings_access.rules.effects import discard_own_trait
from doomlings_access.rules.events import (
    ColourNamed,
    GameOver,
    ScoreTallied,
    TieBreakDraw,
    TraitsRecoloured,
    WorldsEndCatastropheChosen,
    WorldsEndPoints,
    WorldsEndStarted,
)
from doomlings_access.rules.piles import colours_of, count_colour, discard_trait, real_colours_in_pile, removable
from doomlings_access.rules.play import offer_own_out_of_turn, play_restriction, play_trait
from doomlings_access.rules.primitives import ask, pick_random, take_top_of_deck
from doomlings_access.rules.registry import HANDLERS, handles
from doomlings_access.rules.scoring import score

if TYPE_CHECKING:
    from doomlings_access.rules.game import Flow, Game


def worlds_end_and_scoring(g: Game) -> Flow:
    """Everything after the final catastrophe's gene pool and catastrophic effects."""
    g.phase = "worlds_end"
    g.active = None
    final = g.catastrophes[-1] if g.catastrophes else None
    g.emit(WorldsEndStarted(final or ""))
    for seat in g.seats_from(g.first_player):
        yield from _sneaky(g, seat)
        done: set[int] = set()
        while True:
            todo = [c for c in g.players[seat].pile if c not in done and g.defs[c].worlds_end]
            if not todo:
                break
            card = todo[0]
            done.add(card)
            for piece in g.defs[card].worlds_end:
                yield from HANDLERS[("worlds_end", piece.effect)](g, seat, card, piece)
    chosen = g.worlds_end_catastrophe or final
    if chosen is not None:
        cat = g.catastrophe(chosen)
        seats = [s for s in g.seats_from(g.first_player) if s not in g.protected]
        for piece in cat.worlds_end:
            yield from HANDLERS[("catastrophe_worlds_end", piece.effect)](g, piece, seats, cat.id)
    yield from final_scores(g)


@handles("out_of_turn", "at_worlds_end")
def _sneaky(g: Game, seat: int) -> Flow:
    """Sneaky: may be played from the hand at World's End, without an action."""
    yield from offer_own_out_of_turn(g, seat, "at_worlds_end", "play_sneaky", False)


# --- trait World's End effects ----------------------------------------------------------


@handles("worlds_end", "recolour_traits")
def _faith(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = g.defs[card].id
    present = [c for c in REAL_COLOURS if c in real_colours_in_pile(g, seat)]
    if not present:
        return
    source = yield from ask(g, seat, dk.COLOUR, "recolour_from", ["no", *present], src)
    if source == "no":
        return
    target = yield from ask(
        g, seat, dk.COLOUR, "recolour_to", [c for c in REAL_COLOURS if c != source], src, about=(source,)
    )
    changed = []
    for c in g.players[seat].pile:
        colours = colours_of(g, c)
        if source in colours:
            g.recolour[c] = tuple(dict.fromkeys(target if x == source else x for x in colours))
            changed.append(c)
    g.emit(TraitsRecoloured(seat, str(source), str(target), tuple(changed)))


@handles("worlds_end", "choose_worlds_end_catastrophe")
def _prepper(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    if not g.catastrophes:
        return
    pick = yield from ask(g, seat, dk.CATASTROPHE, "choose_worlds_end", list(g.catastrophes), g.defs[card].id)
    g.worlds_end_catastrophe = str(pick)
    g.emit(WorldsEndCatastropheChosen(seat, str(pick)))


@handles("worlds_end", "play_from_hand")
def _eloquence(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    options = [c for c in g.players[seat].hand if play_restriction(g, seat, c) is None]
    if not options:
        return
    pick = yield from ask(g, seat, dk.PLAY, "eloquence_play", ["no", *options], g.defs[card].id)
    if pick != "no":
        yield from play_trait(g, seat, int(pick), "hand", piece["with_action"], out_of_turn=True)


def _name_colour(g: Game, seat: int, card: int) -> Flow:
    colour = yield from ask(g, seat, dk.COLOUR, "name_colour", REAL_COLOURS, g.defs[card].id)
    g.named_colour[card] = str(colour)
    g.emit(ColourNamed(seat, str(colour), card))
    return str(colour)


@handles("worlds_end", "name_colour")
def _name_colour_piece(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    yield from _name_colour(g, seat, card)


@handles("worlds_end", "name_colour_opponents_discard_random")
def _hyper_intelligence(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    colour = yield from _name_colour(g, seat, card)
    for opp in g.opponents(seat):
        options = removable(g, opp, lambda c: colour in colours_of(g, c))
        if options:
            picked = yield from pick_random(g, opp, options, 1, g.defs[card].id, "random_trait_discard")
            yield from discard_trait(g, opp, picked[0], random=True)


# --- catastrophe World's End effects -----------------------------------------------------


def _draw_for_points(g: Game, seat: int, cause: str, reason: str) -> Flow:
    """The top card of the deck, drawn only for its face value (Deus Ex Machina, tie-breaks).

    In scorer mode the card drawn at the real table is given from outside."""
    if not g.chance_from_outside:
        return take_top_of_deck(g)
    picked = yield from pick_random(g, seat, list(g.deck), 1, cause, reason)
    if not picked:
        return None
    g.deck.remove(picked[0])
    return picked[0]


def _points(g: Game, seat: int, points: int, cause: str) -> None:
    if points:
        g.worlds_end_points[seat] += points
        g.emit(WorldsEndPoints(seat, points, cause))


@handles("catastrophe_worlds_end", "colourless_count_as")
def _ai_takeover(g: Game, piece: Piece, seats: list[int], cause: str) -> Flow:
    """Colourless traits count as ``face`` and lose their effects, in the affected piles."""
    g.colourless_as = (piece["face"], piece["except_dominants"], frozenset(seats))
    return
    yield


@handles("catastrophe_worlds_end", "draw_add_face")
def _deus_ex_machina(g: Game, piece: Piece, seats: list[int], cause: str) -> Flow:
    cap = piece.get("cap")
    for seat in seats:
        card = yield from _draw_for_points(g, seat, cause, "worlds_end_draw")
        if card is None:
            continue
        value = g.defs[card].face_value
        if cap is not None:
            value = min(value, cap)
        g.discard.append(card)
        _points(g, seat, value, cause)


@handles("catastrophe_worlds_end", "discard_own_trait")
def _discard_own_trait(g: Game, piece: Piece, seats: list[int], cause: str) -> Flow:
    for seat in seats:
        yield from discard_own_trait(g, seat, None, piece, cause)


@handles("catastrophe_worlds_end", "most_traits_points", "fewest_traits_points")
def _most_or_fewest(g: Game, piece: Piece, seats: list[int], cause: str) -> Flow:
    sizes = [len(p.pile) for p in g.players]
    best = max(sizes) if piece.effect == "most_traits_points" else min(sizes)
    for seat in seats:
        if sizes[seat] == best:
            _points(g, seat, piece["points"], cause)
    return
    yield


@handles("catastrophe_worlds_end", "per_colour_trait_points")
def _per_colour(g: Game, piece: Piece, seats: list[int], cause: str) -> Flow:
    for seat in seats:
        _points(g, seat, piece["points"] * count_colour(g, seat, piece["colour"]), cause)
    return
    yield


@handles("catastrophe_worlds_end", "missing_colour_points")
def _missing_colours(g: Game, piece: Piece, seats: list[int], cause: str) -> Flow:
    for seat in seats:
        missing = len(REAL_COLOURS) - len(real_colours_in_pile(g, seat))
        _points(g, seat, piece["points"] * missing, cause)
    return
    yield


# --- scores and the winner ----------------------------------------------------------------


def final_scores(g: Game) -> Flow:
    """Tally every score; tied leaders each draw a trait and add only its face value."""
    g.phase = "scoring"
    g.scores = [score(g, seat) for seat in range(g.n)]
    for seat, (we, face, extra, total) in enumerate(g.scores):
        g.emit(ScoreTallied(seat, we, face, extra, total))
    totals = [s[3] for s in g.scores]
    best = max(totals)
    winners = [seat for seat in g.seats_from(g.first_player) if totals[seat] == best]
    if len(winners) > 1 and g.tie_break_draws:
        for seat in winners:
            card = yield from _draw_for_points(g, seat, "tie_break", "tie_break_draw")
            if card is None:
                continue
            g.tie_break[seat] = g.defs[card].face_value
            g.tie_breakers.append(seat)
            g.discard.append(card)
            g.emit(TieBreakDraw(seat, card, totals[seat] + g.tie_break[seat]))
        top = max(totals[s] + g.tie_break[s] for s in winners)
        winners = [s for s in winners if totals[s] + g.tie_break[s] == top]
    g.winners = tuple(sorted(winners))
    g.phase = "over"
    g.emit(GameOver(g.winners))
