"""Playing a trait: restrictions, requirements and costs, responses out of turn, actions.

Rules from the rulebook that live here, once, for every way a trait is played:
- a trait whose requirement is not met, or that an age forbids, cannot be played;
- only two dominants (a third arriving by chance is discarded; an age may make an exception);
- an action happens only when the trait is played from the hand, unless a card says so;
- after a trait is played, players who hold an out-of-turn trait that fits may respond,
  in seat order from the active player's left; a response is not a turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Iterable

from doomlings_access.cards.model import Piece
from doomlings_access.rules.decisions import Kind, Reason, Word
from doomlings_access.rules.events import (
    ActionCancelled,
    ActionIgnored,
    ActionResolving,
    RULE,
    PlayFailed,
    ThirdDominantDiscarded,
    TraitPlayed,
    rule_cause,
)
from doomlings_access.cards.pieces import Hook, hook_of
from doomlings_access.rules.hooks import in_pile, of_card
from doomlings_access.rules.piles import enter_pile, trait_cause
from doomlings_access.rules.primitives import (
    back_on_deck,
    draw_one,
    from_discard,
    from_hand,
    question,
    set_aside,
    take_back,
    to_discard,
    to_pile,
    top_card,
)
from doomlings_access.rules.registry import SECOND, REGISTRY, code
from doomlings_access.rules.state import CLOCKWISE

if TYPE_CHECKING:
    from doomlings_access.rules.game import Flow, Game

class Restriction(StrEnum):
    """Why a trait cannot be played now (the key of its wording)."""

    COLOUR_LOCKED = "colour_locked"
    """The round's age forbids its colour."""
    FACE_TOO_HIGH = "face_too_high"
    SAME_COLOUR = "same_colour"
    """The round's age forbids the colour of the trait played just before."""
    DOMINANT_LIMIT = "dominant_limit"
    REQUIREMENT = "requirement"
    RESTRICTED_COST = "restricted_cost"
    """Its cost is to discard a trait from the pile, and the age protects piles."""


def dominant_count(g: Game, seat: int) -> int:
    return len(g.index.dominants.intersection(g.seats[seat].pile))


def age_restriction(g: Game, card: int) -> str | None:
    """Why the round's rules forbid playing this trait, if they do."""
    for piece, fn in g.round.rules.age_forbids:
        reason: str | None = fn(g, piece, card)
        if reason:
            return reason
    return None


def requirement_unmet(g: Game, seat: int, card: int) -> str | None:
    """Why ``seat`` cannot meet the trait's requirement or pay its cost, if so."""
    for piece, check in g.index.checks[card]:
        reason: str | None = check(g, seat, card, piece)
        if reason:
            return reason
    return None


def play_restriction(g: Game, seat: int, card: int, deliberate: bool = True) -> str | None:
    """Why ``seat`` may not play ``card`` now, or None if they may.

    ``deliberate`` is False for a trait that arrives by chance (top of the deck): a third
    dominant is then not refused here but discarded on arrival.
    """
    if g.round.rules.age_forbids:
        reason = age_restriction(g, card)
        if reason:
            return reason
    d = g.defs[card]
    if deliberate and d.dominant and dominant_count(g, seat) >= 2:
        return Restriction.DOMINANT_LIMIT
    if d.requires:
        return requirement_unmet(g, seat, card)
    return None


def playable_in_hand(g: Game, seat: int, cards: Iterable[int] | None = None) -> list[int]:
    """The cards of ``seat``'s hand (or ``cards``) that ``seat`` may play now: the test of
    :func:`play_restriction`, with the dominant count taken once (asked at every turn)."""
    forbids = g.round.rules.age_forbids or None
    if cards is not None:
        hand = cards
    else:
        hand = g.seats[seat].hand
        if (  # (most hands: no requirement to test, and no dominant or room for one)
            forbids is None
            and g.index.requiring.isdisjoint(hand)
            and (g.index.dominants.isdisjoint(hand) or len(g.index.dominants.intersection(g.seats[seat].pile)) < 2)
        ):
            return list(hand)
    only = forbids[0] if forbids is not None and len(forbids) == 1 else None  # (most ages: one rule)
    free = g.index.unconditional
    defs = g.defs
    full = None  # whether the pile already holds two dominants (counted when first needed)
    out = []
    for c in hand:
        if forbids is not None and (only[1](g, only[0], c) if only is not None else age_restriction(g, c)):
            continue
        if free[c]:
            out.append(c)
            continue
        d = defs[c]
        if d.dominant:
            if full is None:  # (dominant_count, without its call)
                full = len(g.index.dominants.intersection(g.seats[seat].pile)) >= 2
            if full:
                continue
        if d.requires and requirement_unmet(g, seat, c):
            continue
        out.append(c)
    return out


def unplayable(g: Game, seat: int, playable: int) -> tuple[tuple[int, str], ...]:
    """The other cards of ``seat``'s hand, each with the reason it may not be played now."""
    return tuple(
        (c, play_restriction(g, seat, c) or "") for c in g.seats[seat].hand if c != playable
    )


def pay_costs(g: Game, seat: int, card: int) -> Flow:
    """Pay the trait's costs (requirements with a second part: give or discard a trait)."""
    for piece in g.defs[card].requires:
        pay = SECOND.get(("requires", piece.effect))
        if pay is not None:
            yield from pay(g, seat, card, piece)


def actions_ignored(g: Game) -> bool:
    return bool(g.round.rules.actions_ignored)


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
    caller has taken it). ``hero``: the requirement and the dominant limit are ignored.
    Returns True when the trait was played.
    """
    d = g.defs[card]
    if source == "hand":
        from_hand(g, seat, card)
    elif source == "discard":
        from_discard(g, card)
    if owner is None:
        owner = seat
        if card in g.index.destined:
            for piece, where in of_card(g, card, Hook.DESTINATION):
                set_aside(g, card)  # between zones while its destination is chosen
                owner = yield from where(g, seat, card, piece)
                take_back(g, card)
    if d.dominant and not hero and dominant_count(g, owner) >= 2:
        to_discard(g, card)  # a third dominant by chance is discarded
        g.rec.emit(ThirdDominantDiscarded, owner, card, source)
        return False
    cause = g.index.trait_causes.get((card, seat)) or trait_cause(g, card, seat)
    with g.rec.effect(cause, TraitPlayed, seat, card, owner, source, out_of_turn, bool(d.action) and not with_action):
        if d.requires and not hero:
            set_aside(g, card)  # between zones while its cost is paid
            yield from pay_costs(g, seat, card)
            take_back(g, card)
        if card in g.index.gene_pool_traits:
            enter_pile(g, owner, card)
        else:  # (no gene pool to change)
            to_pile(g, owner, card)
        r = g.round
        r.last_played_colours = d.real_colours
        ignored = bool(r.rules.actions_ignored)
        cancelled = False
        if someone_may_respond(g):
            acts = with_action and bool(d.action) and not ignored
            cancelled = yield from response_window(g, Window(seat, card, acts))
        for piece in d.on_play:
            if hook_of("on_play", piece.effect) is None:
                yield from code("on_play", piece.effect)(g, seat, card, piece)
        if source == "hand" and "green" in d.colours and not g.index.green_reactors.isdisjoint(g.seats[seat].pile):
            for other, piece, fn in in_pile(g, seat, Hook.AFTER_GREEN_PLAYED):
                if other != card:
                    yield from fn(g, seat, other, piece, card)
        if with_action and d.action and not cancelled:
            if ignored:
                g.rec.emit(ActionIgnored, seat, card, "age")
            else:
                yield from resolve_action(g, seat, card, d.action)
    return True


def resolve_action(g: Game, seat: int, card: int, pieces: tuple[Piece, ...], for_card: int | None = None) -> Flow:
    """Carry out an action's pieces for ``seat``; ``card`` is the trait whose action it is.

    ``for_card``: the trait whose effect lets ``seat`` use another trait's action. Such an
    action was not just played, so the other players may first cancel it (a trait just played
    had its own window)."""
    if for_card is not None and someone_may_respond(g):
        cancelled = yield from response_window(g, Window(seat, card, True, ACTION))
        if cancelled:
            return
    resolving = g.round.resolving
    cause = g.index.trait_causes.get((card, seat)) or trait_cause(g, card, seat)
    with g.rec.effect(cause, ActionResolving, seat, card, for_card):
        resolving.append(card)
        try:
            for piece in pieces:
                yield from REGISTRY[("action", piece.effect)](g, seat, card, piece)
        finally:
            resolving.pop()


PLAYED, ACTION = "played", "action"
"""Kinds of response window: a trait was just played, or an action is about to resolve."""

RESPONSE, PASS = Hook.RESPONSE, Word.PASS
"""Read at every play a hand could answer, bound once (as :mod:`.flow` binds the members a turn
names: an enum member read through its class is slow in Python 3.11)."""


@dataclass(slots=True)
class Window:
    """A response window: whose trait, which one, and whether its action may still be cancelled."""

    player: int
    played: int
    action_open: bool
    kind: str = PLAYED
    cancelled: bool = False

    def cancel(self, g: Game, by_player: int, by_card: int) -> None:
        """Cancel the trait's action (once)."""
        if self.action_open and not self.cancelled:
            self.cancelled = True
            g.rec.emit(ActionCancelled, self.played, by_player, by_card)


def _responses(g: Game, responder: int, window: Window) -> list[int]:
    """Out-of-turn traits ``responder`` may play now."""
    out = []
    responders = g.index.responders
    hooks = g.index.hooks
    for c in g.seats[responder].hand:
        if c not in responders:
            continue
        for piece, fits in hooks[c][RESPONSE]:  # (a responder: it has the hook)
            if fits(g, responder, c, piece, window) and play_restriction(g, responder, c) is None:
                out.append(c)
                break
    return out


def someone_may_respond(g: Game) -> bool:
    """Whether any hand holds a trait that may be played in answer (one set test a hand: every
    play asks, and most often none does)."""
    responders = g.index.responders
    if responders:
        for p in g.seats:
            if not responders.isdisjoint(p.hand):
                return True
    return False


def response_window(g: Game, window: Window) -> Flow:
    """Offer out-of-turn plays to the other players, from the left of the one whose trait it
    is, then to that player (a trait played "at any time" may follow one's own play).

    Every trait played opens one, whoever plays it and however (out-of-turn plays and World's
    End plays included); so does an action resolved through another trait. Returns True when
    the trait's action was cancelled.
    """
    player = window.player
    seats = g.seats
    n = len(g.seats)
    responders = g.index.responders
    for responder in CLOCKWISE[n][(player + 1) % n]:  # the opponents from the player's left, then the player
        if responders.isdisjoint(seats[responder].hand):
            continue
        options = _responses(g, responder, window)
        if not options:
            continue
        reason = Reason.RESPOND if window.kind == PLAYED else Reason.RESPOND_TO_ACTION
        pick = yield question(
            responder, Kind.RESPOND, reason, (PASS, *options), g.defs[window.played].id,
            about=(player, window.played),
        )
        if pick == PASS:
            continue
        piece, _ = of_card(g, int(pick), RESPONSE)[0]
        with g.rec.effect(rule_cause("out_of_turn", responder)):  # the responder's own play, not the trait's effect
            yield from SECOND[("out_of_turn", piece.effect)](g, responder, int(pick), piece, window)
    return window.cancelled


def offer_own_out_of_turn(g: Game, seat: int, hook: str, reason: str) -> Flow:
    """Offer ``seat`` to play, from the hand, each trait that may be played at this moment
    (hook ``after_stabilizing`` or ``at_worlds_end``); playing it is not a turn."""
    hand = g.seats[seat].hand
    cards = g.index.hooked.get(hook)
    if cards is None or cards.isdisjoint(hand):
        return
    for card in list(hand):
        for piece, play in of_card(g, card, hook):
            if card in hand and play_restriction(g, seat, card) is None:
                pick = yield question(seat, Kind.RESPOND, reason, (Word.PASS, card), g.defs[card].id)
                if pick != Word.PASS:
                    yield from play(g, seat, card, piece)
            break


def play_from_deck_top(g: Game, seat: int, discard_if_unplayable: bool) -> Flow:
    """Play the top card of the trait deck, ignoring its action (it arrives by chance)."""
    card = yield from top_card(g, seat, _asking(g), Reason.CARD_DRAWN)
    if card is None:
        return False
    reason = play_restriction(g, seat, card, deliberate=False)
    if reason is not None:
        # The house rule is for a requirement not met; a trait an age forbids stays on top.
        if discard_if_unplayable or (g.options.discard_unmet_requirement and reason == Restriction.REQUIREMENT):
            to_discard(g, card)
            g.rec.emit(PlayFailed, seat, card, reason, True)
        else:
            back_on_deck(g, card)  # rulebook: it is simply not played; it stays on top
            g.rec.emit(PlayFailed, seat, card, reason, False)
        return False
    return (yield from play_trait(g, seat, card, "deck", False))


def draw_and_play(g: Game, seat: int) -> Flow:
    """Draw a card and play it if allowed (no action); otherwise it stays in the hand."""
    card = yield from draw_one(g, seat, _asking(g))
    if card is None:
        return
    reason = play_restriction(g, seat, card)
    if reason is None:
        yield from play_trait(g, seat, card, "hand", False)
    else:
        g.rec.emit(PlayFailed, seat, card, reason, False, True)


def _asking(g: Game) -> str | None:
    """The card whose effect is under way (the ``source`` of a question it asks)."""
    cause = g.rec.cause
    return None if cause is None or cause.kind == RULE else cause.id
