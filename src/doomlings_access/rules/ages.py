"""Ages: the round's rules (consulted where they apply) and the effects on being revealed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_access.cards.model import AgeDef, Piece
from doomlings_access.rules.play import play_trait
from doomlings_access.rules.primitives import (
    choose_and_discard,
    choose_cards,
    discard_cards,
    discard_random,
    draw,
    pass_cards,
    random_from_opponent_hand,
    set_gene_pool,
)
from doomlings_access.rules.registry import handles

if TYPE_CHECKING:
    from doomlings_access.rules.game import Flow, Game


@handles("round", "repeat_previous_age")
def age_effects(g: Game, age: AgeDef) -> tuple[dict[str, Piece], list[Piece], AgeDef | None]:
    """The round rules and reveal effects of ``age``.

    Temporal Sands adds those of the previous age (never a catastrophe's; The Birth of Life,
    which only sets up the game, and another Temporal Sands are skipped over).
    """
    rules = {p.effect: p for p in age.round}
    reveal = list(age.reveal)
    repeated = None
    if "repeat_previous_age" in rules:
        del rules["repeat_previous_age"]
        for earlier in reversed(g.revealed[:-1]):
            prev = g.cards.ages.get(earlier)
            if prev is None or prev.birth_of_life:
                continue
            if any(p.effect == "repeat_previous_age" for p in prev.round):
                continue
            repeated = prev
            break
        if repeated is not None:
            for p in repeated.round:
                rules.setdefault(p.effect, p)
            reveal.extend(repeated.reveal)
    return rules, reveal, repeated


@handles("reveal", "set_gene_pool")
def _set_gene_pool(g: Game, piece: Piece, cause: str) -> Flow:
    for seat in g.seats_from(g.first_player):
        set_gene_pool(g, seat, piece["value"], cause)
    return
    yield


@handles("reveal", "play_heroic")
def _play_heroic(g: Game, piece: Piece, cause: str) -> Flow:
    """Birth of a Hero: Heroic is played at once, ignoring its requirement and the dominant limit."""
    for seat in g.seats_from(g.first_player):
        for card in list(g.players[seat].hand):
            if g.defs[card].id == "heroic":
                yield from play_trait(g, seat, card, "hand", True, hero=True)


@handles("reveal", "random_discard_or_vampire_steal")
def _dracula(g: Game, piece: Piece, cause: str) -> Flow:
    for seat in g.seats_from(g.first_player):
        vampire = any(g.defs[c].id == "vampirism" for c in g.players[seat].pile)
        if vampire:
            found = yield from random_from_opponent_hand(g, seat, 1, cause, "take_random_from", "random_take")
            if found is not None:
                victim, taken = found
                pass_cards(g, victim, seat, taken, cause, taken=True)
        else:
            yield from discard_random(g, seat, 1, cause)


@handles("reveal", "each_draws")
def _each_draws(g: Game, piece: Piece, cause: str) -> Flow:
    for seat in g.seats_from(g.first_player):
        draw(g, seat, piece["count"], cause)
    return
    yield


@handles("reveal", "each_discards_random")
def _each_discards_random(g: Game, piece: Piece, cause: str) -> Flow:
    for seat in g.seats_from(g.first_player):
        yield from discard_random(g, seat, piece["count"], cause)


@handles("reveal", "each_draws_keeps")
def _each_draws_keeps(g: Game, piece: Piece, cause: str) -> Flow:
    for seat in g.seats_from(g.first_player):
        drawn = draw(g, seat, piece["draw"], cause)
        kept = yield from choose_cards(g, seat, piece["keep"], drawn, "keep", cause)
        discard_cards(g, seat, [c for c in drawn if c not in kept], cause=cause)


@handles("reveal", "each_draws_then_discards")
def _each_draws_then_discards(g: Game, piece: Piece, cause: str) -> Flow:
    for seat in g.seats_from(g.first_player):
        draw(g, seat, piece["draw"], cause)
        yield from choose_and_discard(g, seat, piece["discard"], cause, "discard")

