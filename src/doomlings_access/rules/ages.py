"""Ages: the round's rules (each answers a hook point) and the effects on being revealed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_access.cards.model import Piece
from doomlings_access.rules.decisions import Kind, Reason, Word
from doomlings_access.rules.events import AGE, Cause, NextAgeSeen, StabilizeSkipped, card_cause
from doomlings_access.rules.play import (
    Restriction,
    play_from_deck_top,
    play_trait,
    playable_in_hand,
)
from doomlings_access.rules.primitives import (
    choose_and_discard,
    choose_cards,
    discard_cards,
    discard_random,
    draw,
    pass_cards,
    question,
    random_from_opponent_hand,
    set_gene_pool,
    stabilize,
)
from doomlings_access.rules.registry import code, implements

if TYPE_CHECKING:
    from doomlings_access.cards import CardSet
    from doomlings_access.rules.game import Flow, Game


def _age_id(g: Game) -> str | None:
    return g.round.age.id if g.round.age else None


def _age_cause(g: Game, seat: int | None = None) -> Cause:
    age = g.round.age
    return card_cause(AGE, age.id if age else "", seat)


# --- what may be played ------------------------------------------------------------------------


@implements("round", "colour_locked")
def _colour_locked(g: Game, piece: Piece, card: int) -> str | None:
    return Restriction.COLOUR_LOCKED if g.index.of_colour[piece.params["colour"]][card] else None  # (every card, every turn)


@implements("round", "max_face")
def _max_face(g: Game, piece: Piece, card: int) -> str | None:
    return Restriction.FACE_TOO_HIGH if g.defs[card].face_value > piece.params["value"] else None  # (every card, every turn)


@implements("round", "no_repeat_colour")
def _no_repeat_colour(g: Game, piece: Piece, card: int) -> str | None:
    last = g.round.last_played_colours
    if last:
        for colour in g.defs[card].real_colours:  # (a loop: no generator for every card, every turn)
            if colour in last:
                return Restriction.SAME_COLOUR
    return None


@implements("round", "ignore_actions", "protect_piles", "repeat_previous_age")
def _flag(g: Game, piece: Piece) -> bool:
    """A rule that holds by being in force; the rules ask whether its hook point is."""
    return True


@implements("round", "hand_size")
def _hand_size(g: Game, piece: Piece, seat: int) -> int:
    return int(piece["value"])


@implements("round", "reverse_order")
def _reverse_order(g: Game, piece: Piece, order: list[int]) -> list[int]:
    return order[::-1]


@implements("round", "plays_per_turn")
def _plays_per_turn(g: Game, piece: Piece) -> int:
    return int(piece["count"])


# --- the turn ----------------------------------------------------------------------------------


@implements("round", "look_at_next_age")
def _look_at_next_age(g: Game, piece: Piece, seat: int) -> Flow:
    top = g.table.age_deck[-1] if g.table.age_deck else None
    g.rec.emit(NextAgeSeen, seat, top, frozenset((seat,)), cause=_age_cause(g, seat))
    return
    yield


@implements("round", "may_discard_dominants_then_stabilize")
def _discard_dominants(g: Game, piece: Piece, seat: int) -> Flow:
    """A player may discard dominant cards from the hand; if they do, they stabilize at once."""
    source = _age_id(g)
    discarded: list[int] = []
    while True:
        dominants = [c for c in g.seats[seat].hand if g.defs[c].dominant and c not in discarded]
        if not dominants:
            break
        pick = yield question(seat, Kind.CARD, Reason.DISCARD_DOMINANT, (Word.DONE, *dominants), source)
        if pick == Word.DONE:
            break
        discarded.append(int(pick))
    if discarded:
        with g.rec.effect(_age_cause(g, seat)):
            discard_cards(g, seat, discarded)
            yield from stabilize(g, seat)


@implements("round", "play_top_of_deck_instead")
def _play_top_instead(g: Game, piece: Piece, seat: int) -> Flow:
    with g.rec.effect(_age_cause(g, seat)):
        yield from play_from_deck_top(g, seat, True)


def _fits_kind(g: Game, card: int, kind: str) -> bool:
    d = g.defs[card]
    return d.colourless if kind == "colourless" else not d.has_effect


@implements("round", "extra_play_if")
def _extra_play(g: Game, piece: Piece, seat: int, played: int) -> Flow:
    """After a trait of the kind, the player may play another of that kind."""
    kind = piece["kind"]
    if not _fits_kind(g, played, kind):
        return
    options = [c for c in playable_in_hand(g, seat) if _fits_kind(g, c, kind)]
    if not options:
        return
    pick = yield question(seat, Kind.PLAY, Reason.EXTRA_PLAY, (Word.NO, *options), _age_id(g))
    if pick != Word.NO:
        with g.rec.effect(_age_cause(g, seat)):
            yield from play_trait(g, seat, int(pick), "hand", True)


@implements("round", "may_discard_before_stabilize")
def _discard_before_stabilize(g: Game, piece: Piece, seat: int) -> Flow:
    source = _age_id(g)
    chosen: list[int] = []
    most = piece["max"]
    for step in range(1, most + 1):
        pool = [c for c in g.seats[seat].hand if c not in chosen]
        if not pool:
            break
        pick = yield question(seat, Kind.CARD, Reason.MAY_DISCARD, (Word.DONE, *pool), source, step, most)
        if pick == Word.DONE:
            break
        chosen.append(int(pick))
    if chosen:  # (nothing discarded: nothing to tell, and no effect to open)
        with g.rec.effect(_age_cause(g, seat)):
            discard_cards(g, seat, chosen)


@implements("round", "may_skip_stabilize")
def _may_skip(g: Game, piece: Piece, seat: int) -> Flow:
    how = yield question(seat, Kind.OPTION, Reason.MAY_SKIP_STABILIZE, (Word.STABILIZE, Word.SKIP), _age_id(g))
    if how == Word.STABILIZE:
        return True
    g.rec.emit(StabilizeSkipped, seat, "chose_not_to", cause=_age_cause(g, seat))
    return False


@implements("round", "may_redraw_instead_of_stabilize")
def _may_redraw(g: Game, piece: Piece, seat: int) -> Flow:
    how = yield question(seat, Kind.OPTION, Reason.MAY_REDRAW, (Word.STABILIZE, Word.REDRAW), _age_id(g))
    if how == Word.STABILIZE:
        return True
    cause = _age_cause(g, seat)
    with g.rec.effect(cause):
        g.rec.emit(StabilizeSkipped, seat, "redraw", cause=cause)  # "Age of Nietzsche: Ana does not stabilize."
        discard_cards(g, seat, list(g.seats[seat].hand))
        draw(g, seat, piece["count"])
    return False


@implements("round", "draw_after_stabilize")
def _draw_after(g: Game, piece: Piece, seat: int) -> Flow:
    with g.rec.effect(_age_cause(g, seat)):
        draw(g, seat, piece["count"])
    return
    yield


# --- revealed ---------------------------------------------------------------------------------


@implements("reveal", "set_gene_pool")
def _set_gene_pool(g: Game, piece: Piece) -> Flow:
    value = piece["value"]
    for seat in g.seats_from(g.round.first_player):
        set_gene_pool(g, seat, value)
    return
    yield


@implements("reveal", "play_trait_at_once")
def _play_at_once(g: Game, piece: Piece) -> Flow:
    """Whoever holds the trait plays it at once, ignoring its requirement and the dominant limit."""
    trait = piece["trait"]
    for seat in g.seats_from(g.round.first_player):
        for card in list(g.seats[seat].hand):
            if g.defs[card].id == trait:
                yield from play_trait(g, seat, card, "hand", True, hero=True)


@implements("reveal", "random_discard_or_steal")
def _random_discard_or_steal(g: Game, piece: Piece) -> Flow:
    """Everyone discards a random card, except a player with the ``stealer`` trait, who takes
    a random card from an opponent's hand."""
    source = _age_id(g)
    stealer = piece["stealer"]
    for seat in g.seats_from(g.round.first_player):
        if any(g.defs[c].id == stealer for c in g.seats[seat].pile):
            found = yield from random_from_opponent_hand(g, seat, 1, source, Reason.TAKE_RANDOM_FROM, Reason.RANDOM_TAKE)
            if found is not None:
                victim, taken = found
                pass_cards(g, victim, seat, taken, taken=True, random=True)
        else:
            yield from discard_random(g, seat, 1, source)


@implements("reveal", "each_draws")
def _each_draws(g: Game, piece: Piece) -> Flow:
    for seat in g.seats_from(g.round.first_player):
        draw(g, seat, piece["count"])
    return
    yield


@implements("reveal", "each_discards_random")
def _each_discards_random(g: Game, piece: Piece) -> Flow:
    for seat in g.seats_from(g.round.first_player):
        yield from discard_random(g, seat, piece["count"], _age_id(g))


@implements("reveal", "each_draws_keeps")
def _each_draws_keeps(g: Game, piece: Piece) -> Flow:
    source = _age_id(g)
    for seat in g.seats_from(g.round.first_player):
        drawn = draw(g, seat, piece["draw"])
        kept = yield from choose_cards(g, seat, piece[Reason.KEEP], drawn, Reason.KEEP, source)
        discard_cards(g, seat, [c for c in drawn if c not in kept])


@implements("reveal", "each_draws_then_discards")
def _each_draws_then_discards(g: Game, piece: Piece) -> Flow:
    source = _age_id(g)
    for seat in g.seats_from(g.round.first_player):
        draw(g, seat, piece["draw"])
        yield from choose_and_discard(g, seat, piece[Reason.DISCARD], source, Reason.DISCARD)


def traits_played_at_once(cards: CardSet) -> frozenset[str]:
    """Traits an age plays at once, ignoring the dominant limit (a pile may then hold three)."""
    return frozenset(
        p["trait"]
        for age in cards.ages.values()
        for p in age.reveal
        if code("reveal", p.effect) is _play_at_once
    )
