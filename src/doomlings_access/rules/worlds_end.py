"""World's End: each player's World's End traits in turn order, then the catastrophe's effect,
then scoring and the tie-break draw (rulebook, "World's End" and "Scoring")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_access.cards.pieces import Hook
from doomlings_access.cards.model import REAL_COLOURS, Piece
from doomlings_access.rules.decisions import Kind, Reason, Word
from doomlings_access.rules.catastrophes import protection_at_worlds_end
from doomlings_access.rules.effects import discard_own_trait, trait_test
from doomlings_access.rules.events import (
    CATASTROPHE,
    CatastropheIgnored,
    Cause,
    card_cause,
    ColourNamed,
    GameOver,
    NothingToDo,
    ScoreTallied,
    TieBreakDraw,
    TraitsRecoloured,
    WorldsEndCatastropheChosen,
    WorldsEndPoints,
    WorldsEndStarted,
)
from doomlings_access.rules.piles import (
    colours_of,
    count_colour,
    discard_trait,
    real_colours_in_pile,
    removable,
    trait_cause,
)
from doomlings_access.rules.play import offer_own_out_of_turn, play_restriction, play_trait
from doomlings_access.rules.primitives import ask, pick_random, set_aside, take_back, to_discard, top_card
from doomlings_access.rules.registry import code, implements
from doomlings_access.rules.scoring import Score, Tableau, bonus_items, score_of, tableau_of
from doomlings_access.rules.state import Phase

if TYPE_CHECKING:
    from doomlings_access.rules.game import Flow, Game

WORLDS_END_STEP = Cause.rule("worlds_end")
SCORING_STEP = Cause.rule("scoring")
TIE_BREAK = Cause.rule("tie_break")


def worlds_end_and_scoring(g: Game) -> Flow:
    """Everything after the final catastrophe's gene pool and catastrophic effects."""
    r = g.round
    r.phase = Phase.WORLDS_END
    r.active = None
    if g.keeps_checkpoints:
        g.mark_checkpoint()
    final = g.table.catastrophes[-1] if g.table.catastrophes else None
    with g.rec.effect(WORLDS_END_STEP, WorldsEndStarted, final or ""):
        done: set[int] = set()
        for seat in g.seats_from(r.first_player):
            p = g.seats[seat]
            if not g.index.at_worlds_end.isdisjoint(p.hand):
                yield from offer_own_out_of_turn(g, seat, Hook.AT_WORLDS_END, Reason.PLAY_AT_WORLDS_END)
            if not g.index.worlds_end.isdisjoint(p.pile):
                yield from _resolve_traits(g, seat, done)
        # A trait that arrived during World's End in a pile already done (played through
        # another trait's effect) resolves its own World's End effect too.
        while _left_to_resolve(g, done):
            for seat in g.seats_from(r.first_player):
                yield from _resolve_traits(g, seat, done)
        chosen = g.ending.catastrophe or final
        if chosen is not None:
            cat = g.catastrophe(chosen)
            spared = {s: protection_at_worlds_end(g, s, cat) for s in r.protected}
            seats = [s for s in g.seats_from(r.first_player) if spared.get(s) is None]
            with g.rec.effect(card_cause(CATASTROPHE, cat.id, step="worlds_end")):
                for seat in g.seats_from(r.first_player):  # spared: said, or it sounds like nothing to lose
                    card = spared.get(seat)
                    if card is not None and cat.worlds_end:
                        g.rec.emit(CatastropheIgnored, seat, cat.id, card, True, cause=trait_cause(g, card, seat))
                for piece in cat.worlds_end:
                    yield from code("catastrophe_worlds_end", piece.effect)(g, piece, seats)
        yield from final_scores(g)


def _left_to_resolve(g: Game, done: set[int]) -> bool:
    """Whether a pile holds a trait whose World's End effect has not resolved (not in ``done``)."""
    left = g.index.worlds_end.difference(done)
    for p in g.seats:
        if not left.isdisjoint(p.pile):
            return True
    return False


def _resolve_traits(g: Game, seat: int, done: set[int]) -> Flow:
    """Resolve the World's End effects of ``seat``'s traits, in pile order, each once."""
    while True:
        pile = g.seats[seat].pile
        # (what is left found by set operations, in C: most piles hold one such trait)
        left = g.index.worlds_end.intersection(pile).difference(done)
        if not left:
            return
        card = next(iter(left)) if len(left) == 1 else next(c for c in pile if c in left)
        done.add(card)
        with g.rec.effect(trait_cause(g, card, seat)):
            for piece in g.defs[card].worlds_end:
                yield from code("worlds_end", piece.effect)(g, seat, card, piece)


# --- trait World's End effects ----------------------------------------------------------


@implements("worlds_end", "recolour_traits")
def _recolour(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = g.defs[card].id
    present = [c for c in REAL_COLOURS if c in real_colours_in_pile(g, seat)]
    if not present:
        return
    source = yield from ask(g, seat, Kind.COLOUR, Reason.RECOLOUR_FROM, [Word.NO, *present], src)
    if source == Word.NO:  # told, so that the others know the choice was made
        g.rec.emit(NothingToDo, seat, "colours_kept")
        return
    target = yield from ask(
        g, seat, Kind.COLOUR, Reason.RECOLOUR_TO, [c for c in REAL_COLOURS if c != source], src, about=(source,)
    )
    changed = []
    for c in g.seats[seat].pile:
        colours = colours_of(g, c)
        if source in colours:
            g.ending.recolour[c] = tuple(dict.fromkeys(target if x == source else x for x in colours))
            changed.append(c)
    g.rec.emit(TraitsRecoloured, seat, str(source), str(target), tuple(changed))


@implements("worlds_end", "choose_worlds_end_catastrophe")
def _choose_catastrophe(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    if not g.table.catastrophes:
        return
    pick = yield from ask(
        g, seat, Kind.CATASTROPHE, Reason.CHOOSE_WORLDS_END, list(g.table.catastrophes), g.defs[card].id
    )
    g.ending.catastrophe = str(pick)
    g.rec.emit(WorldsEndCatastropheChosen, seat, str(pick))


@implements("worlds_end", "play_from_hand")
def _play_from_hand(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    options = [c for c in g.seats[seat].hand if play_restriction(g, seat, c) is None]
    if not options:
        return
    pick = yield from ask(g, seat, Kind.PLAY, Reason.WORLDS_END_PLAY, [Word.NO, *options], g.defs[card].id)
    if pick != Word.NO:
        yield from play_trait(g, seat, int(pick), "hand", piece["with_action"], out_of_turn=True)


def _name_colour(g: Game, seat: int, card: int) -> Flow:
    colour = yield from ask(g, seat, Kind.COLOUR, Reason.NAME_COLOUR, REAL_COLOURS, g.defs[card].id)
    g.ending.named_colour[card] = str(colour)
    g.rec.emit(ColourNamed, seat, str(colour), card)
    return str(colour)


@implements("worlds_end", "name_colour")
def _name_colour_piece(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    yield from _name_colour(g, seat, card)


@implements("worlds_end", "name_colour_opponents_discard_random")
def _name_colour_discard(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    colour = yield from _name_colour(g, seat, card)
    for opp in g.opponents(seat):
        options = removable(g, opp, trait_test(g, colour, None))
        if options:
            picked = yield from pick_random(g, opp, options, 1, g.defs[card].id, Reason.RANDOM_TRAIT_DISCARD)
            yield from discard_trait(g, opp, picked[0], random=True)


# --- catastrophe World's End effects -----------------------------------------------------


def _draw_for_points(g: Game, seat: int, source: str, reason: str) -> Flow:
    """The top card of the deck, drawn only for its face value (a World's End draw, tie-breaks)."""
    return (yield from top_card(g, seat, source, reason))


def _points(g: Game, seat: int, points: int, card: int | None = None) -> None:
    if points or card is not None:
        g.ending.points[seat] += points
        g.rec.emit(WorldsEndPoints, seat, points, card)


def _source(g: Game) -> str:
    cause = g.rec.cause
    return cause.id if cause is not None else ""


@implements("catastrophe_worlds_end", "colourless_count_as")
def _colourless_count_as(g: Game, piece: Piece, seats: list[int]) -> Flow:
    """Colourless traits count as ``face`` and lose their effects, in the affected piles."""
    g.ending.colourless_as = (piece["face"], piece["except_dominants"], frozenset(seats))
    return
    yield


@implements("catastrophe_worlds_end", "draw_add_face")
def _draw_add_face(g: Game, piece: Piece, seats: list[int]) -> Flow:
    cap = piece.get("cap")
    source = _source(g)
    for seat in seats:
        card = yield from _draw_for_points(g, seat, source, Reason.WORLDS_END_DRAW)
        if card is None:
            continue
        value = g.defs[card].face_value
        if cap is not None:
            value = min(value, cap)
        to_discard(g, card)
        _points(g, seat, value, card)


@implements("catastrophe_worlds_end", "discard_own_trait")
def _discard_own_trait(g: Game, piece: Piece, seats: list[int]) -> Flow:
    source = _source(g)
    for seat in seats:
        yield from discard_own_trait(g, seat, None, piece, source)


def _by_pile_size(g: Game, piece: Piece, seats: list[int], best: int) -> None:
    for seat in seats:
        if len(g.seats[seat].pile) == best:
            _points(g, seat, piece["points"])


@implements("catastrophe_worlds_end", "most_traits_points")
def _most_traits(g: Game, piece: Piece, seats: list[int]) -> Flow:
    _by_pile_size(g, piece, seats, max(len(p.pile) for p in g.seats))
    return
    yield


@implements("catastrophe_worlds_end", "fewest_traits_points")
def _fewest_traits(g: Game, piece: Piece, seats: list[int]) -> Flow:
    _by_pile_size(g, piece, seats, min(len(p.pile) for p in g.seats))
    return
    yield


@implements("catastrophe_worlds_end", "per_colour_trait_points")
def _per_colour(g: Game, piece: Piece, seats: list[int]) -> Flow:
    for seat in seats:
        _points(g, seat, piece["points"] * count_colour(g, seat, piece["colour"]))
    return
    yield


@implements("catastrophe_worlds_end", "missing_colour_points")
def _missing_colours(g: Game, piece: Piece, seats: list[int]) -> Flow:
    for seat in seats:
        missing = len(REAL_COLOURS) - len(real_colours_in_pile(g, seat))
        _points(g, seat, piece["points"] * missing)
    return
    yield


# --- scores and the winner ----------------------------------------------------------------


def final_scores(g: Game) -> Flow:
    """Tally every score; tied leaders each draw a trait and add only its face value."""
    g.round.phase = Phase.SCORING
    e = g.ending
    with g.rec.effect(SCORING_STEP):
        table = tableau_of(g)
        e.scores = [score_of(table, seat) for seat in range(g.n)]
        for seat, score in enumerate(e.scores):
            g.rec.emit(_tallied, table, seat, score)
    totals = [s.total for s in e.scores]
    best = max(totals)
    winners = [seat for seat in g.seats_from(g.round.first_player) if totals[seat] == best]
    if len(winners) > 1 and g.tie_break_draws:
        with g.rec.effect(TIE_BREAK):
            aside = g.table.in_play  # the cards drawn stay out until all have drawn: a deck that
            start = len(aside)  # ran out would reshuffle one player's card for the next to draw
            try:
                for seat in winners:
                    card = yield from _draw_for_points(g, seat, "tie_break", Reason.TIE_BREAK_DRAW)
                    if card is None:
                        continue
                    e.tie_break[seat] = g.defs[card].face_value
                    e.tie_breakers.append(seat)
                    set_aside(g, card)
                    g.rec.emit(TieBreakDraw, seat, card, totals[seat] + e.tie_break[seat])
            finally:
                for card in aside[start:]:
                    take_back(g, card)
                    to_discard(g, card)
        top = max(totals[s] + e.tie_break[s] for s in winners)
        winners = [s for s in winners if totals[s] + e.tie_break[s] == top]
    e.winners = tuple(sorted(winners))
    g.round.phase = Phase.OVER
    g.rec.emit(GameOver, e.winners, cause=SCORING_STEP)


def _tallied(table: Tableau, seat: int, score: Score) -> ScoreTallied:
    """A seat's score as told: its parts, and its bonuses card by card."""
    items = tuple((-1 if c is None else c, p) for c, p in bonus_items(table, seat))
    return ScoreTallied(seat, score.worlds_end, score.face, score.bonus, score.total, items)
