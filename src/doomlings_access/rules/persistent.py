"""Traits that change rules while they are in a pile, and traits played out of turn.

Each function here answers a hook point (``doomlings_access.rules.registry.HOOKS``) for one
piece of the card vocabulary; the rules call the hook point, never the piece by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_access.cards.model import CatastropheDef, Piece
from doomlings_access.rules.decisions import Kind, Reason, Word
from doomlings_access.rules.piles import move_trait, piles_protected, return_to_hand, trait_cause
from doomlings_access.rules.play import (
    PLAYED,
    Window,
    draw_and_play,
    play_from_deck_top,
    play_trait,
)
from doomlings_access.rules.primitives import ask, change_gene_pool, draw
from doomlings_access.rules.registry import implements, implements_second

if TYPE_CHECKING:
    from doomlings_access.rules.game import Flow, Game


# --- in a trait pile ---------------------------------------------------------------------------


@implements("persistent", "gene_pool")
def _gene_pool(g: Game, seat: int, card: int, piece: Piece, sign: int) -> None:
    """A gene pool change while the trait is in a pile; always reversed when it leaves."""
    cause = trait_cause(g, card, seat)
    params = piece.params
    delta = sign * params["delta"]
    for target in range(g.n) if params["who"] == "all" else (seat,):
        change_gene_pool(g, target, delta, cause, forced=sign < 0)


@implements("persistent", "extra_draw_at_turn_start")
def _extra_draw(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    with g.rec.effect(trait_cause(g, card, seat)):
        draw(g, seat, piece["count"])
    return
    yield


@implements("persistent", "returns_when_discarded")
def _returns(g: Game, seat: int, card: int, piece: Piece) -> bool:
    return True


@implements("persistent", "replace_discarded_trait")
def _replace_discarded(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    """After a trait of the pile is discarded: draw a card and play it, or play the deck's top."""
    if piece["source"] == "deck_top":
        yield from play_from_deck_top(g, seat, False)
    else:
        yield from draw_and_play(g, seat)


@implements("persistent", "return_to_hand_on_green_play")
def _back_to_hand(g: Game, seat: int, card: int, piece: Piece, played: int) -> Flow:
    answer = yield from ask(g, seat, Kind.YES_NO, Reason.RETURN_TO_HAND, (Word.NO, Word.YES), g.defs[card].id)
    if answer == Word.YES:
        with g.rec.effect(trait_cause(g, card, seat)):
            return_to_hand(g, seat, card)


@implements("persistent", "ignore_next_catastrophe")
def _protects(g: Game, seat: int, card: int, piece: Piece, cat: CatastropheDef) -> bool:
    """Whether the protection covers ``cat`` (whether it is still unused is the caller's)."""
    return bool(piece.get("except_catastrophe") != cat.id)


# --- out of turn -------------------------------------------------------------------------------


@implements("out_of_turn", "cancel_action")
def _fits_cancel(g: Game, responder: int, card: int, piece: Piece, window: Window) -> bool:
    """At any moment, an action about to resolve may be cancelled (by another player)."""
    return responder != window.player and window.action_open and not window.cancelled


@implements_second("out_of_turn", "cancel_action")
def _cancel(g: Game, responder: int, card: int, piece: Piece, window: Window) -> Flow:
    yield from play_trait(g, responder, card, "hand", False, out_of_turn=True)
    window.cancel(g, responder, card)


@implements("out_of_turn", "steal_played_trait")
def _fits_steal(g: Game, responder: int, card: int, piece: Piece, window: Window) -> bool:
    """When an opponent plays a trait (never a dominant: dominants cannot be stolen)."""
    played = window.played
    return (
        window.kind == PLAYED
        and responder != window.player
        and played in g.seats[window.player].pile
        and not g.defs[played].dominant
        and not piles_protected(g)
    )


@implements_second("out_of_turn", "steal_played_trait")
def _steal_played(g: Game, responder: int, card: int, piece: Piece, window: Window) -> Flow:
    yield from play_trait(g, responder, card, "hand", False, out_of_turn=True)
    window.cancel(g, responder, card)
    if window.played in g.seats[window.player].pile:
        with g.rec.effect(trait_cause(g, card, responder)):
            move_trait(g, window.played, window.player, responder, "steal")


@implements("out_of_turn", "at_any_time")
def _fits_any_time(g: Game, responder: int, card: int, piece: Piece, window: Window) -> bool:
    """At any time: offered whenever a trait has just been played, one's own included."""
    return window.kind == PLAYED


@implements_second("out_of_turn", "at_any_time")
def _play_any_time(g: Game, responder: int, card: int, piece: Piece, window: Window) -> Flow:
    yield from play_trait(g, responder, card, "hand", False, out_of_turn=True)


@implements("on_play", "into_opponent_pile")
def _into_opponent_pile(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    """Wherever it is played from, the trait goes into an opponent's pile of its player's choice."""
    target = yield from ask(g, seat, Kind.PLAYER, Reason.INTO_WHOSE_PILE, g.opponents(seat), g.defs[card].id)
    return int(target)


@implements("out_of_turn", "after_stabilizing")
def _play_after_stabilizing(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    """Offered right after its owner stabilizes; played with its action."""
    yield from play_trait(g, seat, card, "hand", True, out_of_turn=True)


@implements("out_of_turn", "at_worlds_end")
def _play_at_worlds_end(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    """Offered at World's End; played without its action."""
    yield from play_trait(g, seat, card, "hand", False, out_of_turn=True)
