"""The order of play, as the rulebook sets it out, written as one generator.

Setup; then rounds: the first player reveals the next age card; every player follows the age
effect before turns; turns go clockwise from the first player (play, follow effects,
stabilize). A catastrophe moves the first player one seat to the left, changes every gene pool
for good, and has its catastrophic effect before the round's turns. The third catastrophe ends
the world: World's End, then scoring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_access.rules import decisions as dk
from doomlings_access.rules.ages import age_effects
from doomlings_access.rules.catastrophes import apply_catastrophe, denial_protects
from doomlings_access.rules.effects import SkipToCatastrophe
from doomlings_access.rules.events import (
    AgeIgnored,
    AgeRevealed,
    CatastropheRevealed,
    FirstPlayerMoved,
    GameStarted,
    NextAgeSeen,
    StabilizeSkipped,
    TurnSkipped,
    TurnStarted,
)
from doomlings_access.rules.play import (
    offer_own_out_of_turn,
    play_from_deck_top,
    play_trait,
    playable_in_hand,
)
from doomlings_access.rules.primitives import (
    ask,
    discard_cards,
    draw,
    stabilize,
)
from doomlings_access.rules.registry import HANDLERS, handles
from doomlings_access.rules.worlds_end import worlds_end_and_scoring

if TYPE_CHECKING:
    from doomlings_access.cards.model import AgeDef
    from doomlings_access.rules.game import Flow, Game

STARTING_HAND = 5


def build_age_deck(g: Game) -> list[str]:
    """Rulebook: 3 piles of 3 shuffled ages, 1 catastrophe shuffled into each, Birth of Life on top.

    Returns the deck top first. With ``long_age_deck`` every age is dealt into the 3 piles.
    """
    rng = g.rng
    ages = [
        a.id
        for a in g.cards.ages.values()
        if not a.birth_of_life and (a.in_deck or g.options.all_28_ages)
    ]
    rng.shuffle(ages)
    if g.options.long_age_deck:
        size = -(-len(ages) // 3)
        piles = [ages[i * size : (i + 1) * size] for i in range(3)]
    else:
        piles = [ages[i * 3 : i * 3 + 3] for i in range(3)]
    catastrophes = list(g.cards.catastrophes)
    rng.shuffle(catastrophes)
    deck = [g.cards.birth_of_life.id]
    for pile, cat in zip(piles, catastrophes):
        pile = [*pile, cat]
        rng.shuffle(pile)
        deck.extend(pile)
    return deck


def set_up(g: Game) -> None:
    """Shuffle and deal: the age deck, the trait deck, five traits each, gene pools at 5."""
    g.age_deck = list(reversed(build_age_deck(g)))
    g.deck = list(range(len(g.defs)))
    g.rng.shuffle(g.deck)
    g.first_player = 0
    g.emit(GameStarted(tuple(p.name for p in g.players), 0, tuple(g.options.differences())))
    for seat in range(g.n):
        draw(g, seat, STARTING_HAND, "deal")


def run_game(g: Game) -> Flow:
    """The whole game, from dealing to the winner."""
    set_up(g)
    skipping = False
    while g.age_deck:
        top = g.age_deck.pop()
        g.revealed.append(top)
        if top in g.cards.catastrophes:
            skipping = False
            final = yield from catastrophe_round(g, top)
            if final:
                break
        elif skipping:
            g.emit(AgeIgnored(top, "optimistic_nihilism"))
        else:
            skipping = yield from age_round(g, g.cards.ages[top])
    yield from worlds_end_and_scoring(g)


def age_round(g: Game, age: AgeDef) -> Flow:
    """Reveal an age, apply it, take the turns. Returns True if Optimistic Nihilism ended it."""
    g.round += 1
    g.age = age
    g.rules, reveal, repeated = age_effects(g, age)
    g.last_played_colours = ()
    g.phase = "age"
    g.emit(AgeRevealed(age.id, g.round, g.era, repeated.id if repeated else None))
    for piece in reveal:
        yield from HANDLERS[("reveal", piece.effect)](g, piece, age.id)
    return (yield from take_turns(g))


def catastrophe_round(g: Game, cat_id: str) -> Flow:
    """A catastrophe: first player moves left, gene pools, catastrophic effect, then turns.

    Returns True for the third catastrophe, which ends the world.
    """
    cat = g.catastrophe(cat_id)
    g.round += 1
    g.catastrophes.append(cat_id)
    g.age = None
    g.rules = {}
    g.last_played_colours = ()
    g.phase = "catastrophe"
    g.first_player = (g.first_player + 1) % g.n
    g.emit(CatastropheRevealed(cat_id, len(g.catastrophes), g.round))
    g.emit(FirstPlayerMoved(g.first_player))
    g.protected = denial_protects(g, cat)
    yield from apply_catastrophe(g, cat)
    if len(g.catastrophes) == 3:
        return True
    if not g.options.catastrophe_ends_round:
        yield from take_turns(g)
    g.protected = set()
    return False


@handles("round", "reverse_order")
def turn_order(g: Game) -> list[int]:
    order = g.seats_from(g.first_player)
    if "reverse_order" in g.rules:
        order.reverse()
    return order


def take_turns(g: Game) -> Flow:
    """Every player's turn; True if Optimistic Nihilism cut the round short."""
    g.phase = "turns"
    try:
        for seat in turn_order(g):
            yield from take_turn(g, seat)
    except SkipToCatastrophe:
        return True
    finally:
        g.active = None
    return False


@handles("persistent", "extra_draw_at_turn_start")
def start_of_turn(g: Game, seat: int) -> Flow:
    """Before the play: Awakening's look ahead, Echolocation's draw, Alien Terraform's discards."""
    if "look_at_next_age" in g.rules:
        top = g.age_deck[-1] if g.age_deck else None
        g.emit(NextAgeSeen(seat, top, frozenset((seat,))))
    for card in list(g.players[seat].pile):
        for piece in g.defs[card].persistent:
            if piece.effect == "extra_draw_at_turn_start":
                draw(g, seat, piece["count"], g.defs[card].id)
    if "may_discard_dominants_then_stabilize" in g.rules:
        yield from _alien_terraform(g, seat)


handles("round", "look_at_next_age")(start_of_turn)


@handles("round", "may_discard_dominants_then_stabilize")
def _alien_terraform(g: Game, seat: int) -> Flow:
    cause = g.age.id if g.age else None
    discarded = []
    while True:
        dominants = [c for c in g.players[seat].hand if g.defs[c].dominant and c not in discarded]
        if not dominants:
            break
        pick = yield from ask(g, seat, dk.CARD, "discard_dominant", ["done", *dominants], cause)
        if pick == "done":
            break
        discarded.append(int(pick))
    if discarded:
        discard_cards(g, seat, discarded, cause=cause)
        yield from stabilize(g, seat, cause)


@handles("round", "play_top_of_deck_instead", "plays_per_turn", "extra_play_if")
def take_turn(g: Game, seat: int) -> Flow:
    """One turn: play a trait (or the age's alternative), follow its effects, stabilize."""
    g.active = seat
    g.emit(TurnStarted(seat))
    yield from start_of_turn(g, seat)
    rules = g.rules
    if "play_top_of_deck_instead" in rules:
        yield from play_from_deck_top(g, seat, rules["play_top_of_deck_instead"].effect, True)
        return
    hand = g.players[seat].hand
    if not hand:
        draw(g, seat, g.options.empty_hand_draw, "empty_hand")
        g.emit(TurnSkipped(seat, "empty_hand"))
        return
    if not playable_in_hand(g, seat):
        pick = yield from ask(g, seat, dk.OPTION, "cannot_play", ("skip", "redraw"))
        if pick == "redraw":
            discard_cards(g, seat, list(hand))
            draw(g, seat, 3, "redraw")
        g.emit(TurnSkipped(seat, "redraw" if pick == "redraw" else "no_playable"))
        return
    plays = rules["plays_per_turn"]["count"] if "plays_per_turn" in rules else 1
    for step in range(1, plays + 1):
        options = playable_in_hand(g, seat)
        if not options:
            break
        card = yield from ask(g, seat, dk.PLAY, "play_trait", options, None, step, plays)
        yield from play_trait(g, seat, int(card), "hand", True)
        extra = rules.get("extra_play_if")
        if extra is not None:
            yield from _extra_play(g, seat, int(card), extra["kind"])
    yield from end_of_turn(g, seat)


def _fits_kind(g: Game, card: int, kind: str) -> bool:
    d = g.defs[card]
    return d.colourless if kind == "colourless" else not d.has_effect


def _extra_play(g: Game, seat: int, played: int, kind: str) -> Flow:
    """Galactic Drift and High Tides: after a trait of the kind, you may play another."""
    if not _fits_kind(g, played, kind):
        return
    options = [c for c in playable_in_hand(g, seat) if _fits_kind(g, c, kind)]
    if not options:
        return
    pick = yield from ask(g, seat, dk.PLAY, "extra_play", ["no", *options], g.age.id if g.age else None)
    if pick != "no":
        yield from play_trait(g, seat, int(pick), "hand", True)


@handles(
    "round",
    "may_discard_before_stabilize",
    "may_skip_stabilize",
    "may_redraw_instead_of_stabilize",
    "draw_after_stabilize",
)
def end_of_turn(g: Game, seat: int) -> Flow:
    """Enlightenment, Prosperity, Age of Nietzsche, stabilizing, Coastal Formations, Late."""
    rules = g.rules
    cause = g.age.id if g.age else None
    hand = g.players[seat].hand
    enlighten = rules.get("may_discard_before_stabilize")
    if enlighten is not None and hand:
        extra = yield from _may_discard_up_to(g, seat, enlighten["max"], cause)
        discard_cards(g, seat, extra, cause=cause)
    how = "stabilize"
    if "may_skip_stabilize" in rules:
        how = yield from ask(g, seat, dk.OPTION, "may_skip_stabilize", ("stabilize", "skip"), cause)
    elif "may_redraw_instead_of_stabilize" in rules:
        how = yield from ask(g, seat, dk.OPTION, "may_redraw", ("stabilize", "redraw"), cause)
    if how == "stabilize":
        yield from stabilize(g, seat)
    elif how == "redraw":
        discard_cards(g, seat, list(hand), cause=cause)
        draw(g, seat, rules["may_redraw_instead_of_stabilize"]["count"], cause)
        g.emit(StabilizeSkipped(seat, "redraw"))
    else:
        g.emit(StabilizeSkipped(seat, "chose_not_to"))
    after = rules.get("draw_after_stabilize")
    if after is not None:
        draw(g, seat, after["count"], cause)
    if how == "stabilize":  # Late comes after stabilizing, so not when a player did not
        yield from _late(g, seat)


def _may_discard_up_to(g: Game, seat: int, most: int, cause: str | None) -> Flow:
    chosen: list[int] = []
    for step in range(1, most + 1):
        pool = [c for c in g.players[seat].hand if c not in chosen]
        if not pool:
            break
        pick = yield from ask(g, seat, dk.CARD, "may_discard", ["done", *pool], cause, step, most)
        if pick == "done":
            break
        chosen.append(int(pick))
    return chosen


@handles("out_of_turn", "after_stabilizing")
def _late(g: Game, seat: int) -> Flow:
    """Late: may be played from the hand once its owner has stabilized; it is not a turn."""
    yield from offer_own_out_of_turn(g, seat, "after_stabilizing", "play_late", True)
