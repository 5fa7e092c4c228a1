"""Playing a trait: restrictions, requirements and costs, responses out of turn, actions.

Rules from the rulebook that live here, once, for every way a trait is played:
- a trait whose requirement is not met, or that an age forbids, cannot be played;
- only two dominants (a third arriving by chance is discarded; Birth of a Hero excepted);
- an action happens only when the trait is played from the hand, unless a card says so;
- after a trait is played, players who hold an out-of-turn trait that fits may respond,
  in seat order from the active player's left; a response is not a turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_access.cards.model import Piece
from doomlings_access.rules import decisions as dk
from doomlings_access.rules.events import (
    ActionCancelled,
    ActionIgnored,
    ActionResolving,
    PlayFailed,
    ThirdDominantDiscarded,
    TraitPlayed,
)
from doomlings_access.rules.piles import (
    count_colour,
    discard_trait,
    enter_pile,
    move_trait,
    piles_protected,
    removable,
    return_to_hand,
)
from doomlings_access.rules.primitives import ask, draw, take_top_of_deck
from doomlings_access.rules.registry import HANDLERS, handles

if TYPE_CHECKING:
    from doomlings_access.rules.game import Flow, Game

# Reasons a trait cannot be played (message keys for the announcer).
COLOUR_LOCKED = "colour_locked"
FACE_TOO_HIGH = "face_too_high"
SAME_COLOUR = "same_colour"
DOMINANT_LIMIT = "dominant_limit"
REQUIREMENT = "requirement"
RESTRICTED_COST = "restricted_cost"


def dominant_count(g: Game, seat: int) -> int:
    defs = g.defs
    return sum(1 for c in g.players[seat].pile if defs[c].dominant)


@handles("round", "colour_locked", "max_face", "no_repeat_colour")
def age_restriction(g: Game, card: int) -> str | None:
    """Why the current age forbids playing this trait, if it does."""
    rules = g.rules
    if not rules:
        return None
    d = g.defs[card]
    lock = rules.get("colour_locked")
    if lock is not None and lock["colour"] in d.colours:
        return COLOUR_LOCKED
    cap = rules.get("max_face")
    if cap is not None and d.face_value > cap["value"]:
        return FACE_TOO_HIGH
    if "no_repeat_colour" in rules and g.last_played_colours:
        if any(c in g.last_played_colours for c in d.real_colours):
            return SAME_COLOUR
    return None


@handles("requires", "min_colour_traits", "give_positive_trait", "discard_colour_trait")
def requirement_unmet(g: Game, seat: int, card: int) -> str | None:
    """Why ``seat`` cannot meet the trait's requirement or pay its cost, if so."""
    for piece in g.defs[card].requires:
        effect = piece.effect
        if effect == "min_colour_traits":
            if count_colour(g, seat, piece["colour"]) < piece["count"]:
                return REQUIREMENT
        elif effect == "give_positive_trait":
            if not removable(g, seat, lambda c: g.defs[c].face_value > 0):
                return REQUIREMENT
        elif effect == "discard_colour_trait":
            colour = piece["colour"]
            if not removable(g, seat, lambda c: colour in g.defs[c].colours):
                return REQUIREMENT
            if piles_protected(g) and not g.options.ignore_restricted_cost:
                return RESTRICTED_COST
    return None


def play_restriction(g: Game, seat: int, card: int, deliberate: bool = True) -> str | None:
    """Why ``seat`` may not play ``card`` now, or None if they may.

    ``deliberate`` is False for a trait that arrives by chance (top of the deck): a third
    dominant is then not refused here but discarded on arrival.
    """
    reason = age_restriction(g, card)
    if reason:
        return reason
    if deliberate and g.defs[card].dominant and dominant_count(g, seat) >= 2:
        return DOMINANT_LIMIT
    if g.defs[card].requires:
        return requirement_unmet(g, seat, card)
    return None


def playable_in_hand(g: Game, seat: int) -> list[int]:
    return [c for c in g.players[seat].hand if play_restriction(g, seat, c) is None]


def pay_costs(g: Game, seat: int, card: int) -> Flow:
    """Pay the trait's cost (Morality gives a trait away, Retractable Claws discards one)."""
    source = g.defs[card].id
    for piece in g.defs[card].requires:
        if piece.effect == "give_positive_trait":
            options = removable(g, seat, lambda c: g.defs[c].face_value > 0)
            trait = yield from ask(g, seat, dk.TRAIT, "give_trait", options, source)
            target = yield from ask(g, seat, dk.PLAYER, "give_trait_to", g.opponents(seat), source)
            move_trait(g, trait, seat, target, "give")
        elif piece.effect == "discard_colour_trait":
            if piles_protected(g):
                continue  # only reachable with the ignore_restricted_cost house rule
            colour = piece["colour"]
            options = removable(g, seat, lambda c: colour in g.defs[c].colours)
            trait = yield from ask(g, seat, dk.TRAIT, "discard_trait", options, source)
            yield from discard_trait(g, seat, trait)


def play_trait(
    g: Game,
    seat: int,
    card: int,
    source: str,
    with_action: bool,
    owner: int | None = None,
    out_of_turn: bool = False,
    hero: bool = False,
) -> Flow:
    """Play ``card`` (already checked as playable) from ``source`` into a trait pile.

    ``source`` is ``hand`` or ``discard`` (the card is taken from there) or ``deck`` (the
    caller has taken it). Returns True when the trait was played.
    """
    owner = seat if owner is None else owner
    d = g.defs[card]
    if source == "hand":
        g.players[seat].hand.remove(card)
    elif source == "discard":
        g.discard.remove(card)
    if d.dominant and not hero and dominant_count(g, owner) >= 2:
        g.discard.append(card)  # a third dominant by chance is discarded
        g.emit(ThirdDominantDiscarded(owner, card))
        return False
    if d.requires and not hero:
        g.in_play.append(card)  # between zones while its cost is paid
        yield from pay_costs(g, seat, card)
        g.in_play.remove(card)
    g.emit(TraitPlayed(seat, card, owner, source, out_of_turn))
    enter_pile(g, owner, card)
    g.last_played_colours = d.real_colours
    cancelled = False
    acts = with_action and bool(d.action) and "ignore_actions" not in g.rules
    if not out_of_turn and g.phase == "turns":
        cancelled = yield from response_window(g, seat, card, acts)
    for piece in d.on_play:
        yield from HANDLERS[("on_play", piece.effect)](g, seat, card, piece)
    if source == "hand" and "green" in d.colours:
        yield from _self_replicating(g, seat, card)
    if with_action and d.action and not cancelled:
        if "ignore_actions" in g.rules:
            g.emit(ActionIgnored(seat, card, "age"))
        else:
            g.emit(ActionResolving(seat, card))
            yield from resolve_action(g, seat, card, d.action)
    return True


handles("round", "ignore_actions")(play_trait)


def resolve_action(g: Game, seat: int, card: int, pieces: tuple[Piece, ...]) -> Flow:
    """Carry out an action's pieces for ``seat``; ``card`` is the trait whose action it is."""
    g.resolving.append(card)
    try:
        for piece in pieces:
            yield from HANDLERS[("action", piece.effect)](g, seat, card, piece)
    finally:
        g.resolving.pop()


def _responses(g: Game, responder: int, player: int, card: int, action_open: bool) -> list[int]:
    """Out-of-turn traits ``responder`` may play now, after ``player`` played ``card``."""
    out = []
    defs = g.defs
    for c in g.players[responder].hand:
        for piece in defs[c].out_of_turn:
            effect = piece.effect
            if effect == "cancel_action":
                fits = action_open
            elif effect == "steal_played_trait":
                fits = (
                    card in g.players[player].pile
                    and not defs[card].dominant
                    and not piles_protected(g)
                )
            else:
                fits = effect == "into_opponent_pile"
            if fits and play_restriction(g, responder, c) is None:
                out.append(c)
                break
    return out


@handles("out_of_turn", "cancel_action", "steal_played_trait", "into_opponent_pile")
def response_window(g: Game, player: int, card: int, action_open: bool) -> Flow:
    """Offer out-of-turn plays to each other player, from the active player's left.

    Returns True when the played trait's action was cancelled (Chromatophores, Automimicry,
    Parasitic). Out-of-turn plays do not open a window of their own.
    """
    cancelled = False
    for responder in g.opponents(player):
        hand = g.players[responder].hand
        if not any(c in g.responders for c in hand):
            continue
        options = _responses(g, responder, player, card, action_open and not cancelled)
        if not options:
            continue
        pick = yield from ask(
            g, responder, dk.RESPOND, "respond", ["pass", *options], g.defs[card].id,
            about=(player, card),
        )
        if pick == "pass":
            continue
        effect = g.defs[pick].out_of_turn[0].effect
        if effect == "into_opponent_pile":
            target = yield from ask(
                g, responder, dk.PLAYER, "self_awareness_target", g.opponents(responder),
                g.defs[pick].id,
            )
            yield from play_trait(g, responder, pick, "hand", False, owner=target, out_of_turn=True)
            continue
        yield from play_trait(g, responder, pick, "hand", False, out_of_turn=True)
        if action_open and not cancelled:
            cancelled = True
            g.emit(ActionCancelled(card, responder, pick))
        if effect == "steal_played_trait" and card in g.players[player].pile:
            move_trait(g, card, player, responder, "steal")
    return cancelled


@handles("persistent", "return_to_hand_on_green_play")
def _self_replicating(g: Game, seat: int, played: int) -> Flow:
    """Self-Replicating: after playing another green trait from the hand, it may come back."""
    for c in list(g.players[seat].pile):
        if c == played:
            continue
        if any(p.effect == "return_to_hand_on_green_play" for p in g.defs[c].persistent):
            answer = yield from ask(g, seat, dk.YES_NO, "return_to_hand", ("no", "yes"), g.defs[c].id)
            if answer == "yes":
                return_to_hand(g, seat, c)


def offer_own_out_of_turn(g: Game, seat: int, effect: str, reason: str, with_action: bool) -> Flow:
    """Offer ``seat`` to play, from the hand, each trait whose out-of-turn piece is ``effect``
    (Late after stabilizing, Sneaky at World's End); playing it is not a turn."""
    for card in list(g.players[seat].hand):
        if any(p.effect == effect for p in g.defs[card].out_of_turn):
            if card in g.players[seat].hand and play_restriction(g, seat, card) is None:
                pick = yield from ask(g, seat, dk.RESPOND, reason, ("pass", card), g.defs[card].id)
                if pick != "pass":
                    yield from play_trait(g, seat, card, "hand", with_action, out_of_turn=True)


def play_from_deck_top(g: Game, seat: int, cause: str, discard_if_unplayable: bool) -> Flow:
    """Play the top card of the trait deck, ignoring its action (it arrives by chance)."""
    card = take_top_of_deck(g)
    if card is None:
        return False
    reason = play_restriction(g, seat, card, deliberate=False)
    if reason is not None:
        if discard_if_unplayable or g.options.discard_unmet_requirement or reason != REQUIREMENT:
            g.discard.append(card)
            g.emit(PlayFailed(seat, card, reason, True))
        else:
            g.deck.append(card)  # rulebook: it is simply not played
            g.emit(PlayFailed(seat, card, reason, False))
        return False
    return (yield from play_trait(g, seat, card, "deck", False))


def replace_discarded(g: Game, seat: int, source: str) -> Flow:
    """Regenerative Tissue: draw a card and play it if allowed, or play the deck's top card."""
    if source == "deck_top":
        yield from play_from_deck_top(g, seat, "regenerative_tissue", False)
        return
    drawn = draw(g, seat, 1, "regenerative_tissue")
    if drawn and play_restriction(g, seat, drawn[0]) is None:
        yield from play_trait(g, seat, drawn[0], "hand", False)
    elif drawn:
        g.emit(PlayFailed(seat, drawn[0], play_restriction(g, seat, drawn[0]) or "", False))
