"""Trait action pieces: what happens when a trait's action resolves.

Each function carries out one piece of ``card_data`` for player ``seat``; ``card`` is the trait
whose action it is. Where the piece cannot be carried out (no target, an empty hand, a
restricted part) it does nothing and says so, and the trait stays played (rulebook, Actions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from doomlings_access.cards.model import REAL_COLOURS, Piece
from doomlings_access.rules.decisions import Kind, Reason, Word
from doomlings_access.rules.events import (
    Cause,
    CardsRevealed,
    ColourNamed,
    NextAgeSeen,
    NothingToDo,
    OnlyPlayable,
    RoundSkipped,
    TraitMoved,
)
from doomlings_access.rules.piles import (
    any_removable,
    colours_of,
    count_colour,
    discard_trait,
    enter_pile,
    leave_pile,
    move_trait,
    piles_protected,
    removable,
    return_to_hand,
    trait_cause,
)
from doomlings_access.rules.play import (
    Restriction,
    play_restriction,
    play_trait,
    playable_in_hand,
    resolve_action,
    unplayable,
)
from doomlings_access.rules.primitives import (
    ask,
    choose_and_discard,
    choose_cards,
    discard_cards,
    discard_random,
    draw,
    pass_cards,
    pick_random,
    random_from_opponent_hand,
    stabilize,
    swap_hands,
)
from doomlings_access.rules.registry import implements, implements_second
from doomlings_access.rules.state import Phase

if TYPE_CHECKING:
    from doomlings_access.rules.game import Flow, Game


class SkipToCatastrophe(Exception):
    """Raised by the turn when a trait played in it ended the round (see
    :func:`skip_to_next_catastrophe`); carries its cause."""

    def __init__(self, cause: Cause) -> None:
        super().__init__(cause.id)
        self.cause = cause


def _nothing(g: Game, seat: int, card: int | None, reason: str) -> None:
    g.rec.emit(NothingToDo, seat, reason)


def _none_playable(g: Game, seat: int, reason: str, candidates: list[int], private: bool) -> None:
    """No trait could be played: told with each candidate's reason (an age that locks a
    colour, a requirement), for the player alone when the candidates are ``private``."""
    g.rec.emit(lambda: NothingToDo(
        seat, reason, tuple((c, play_restriction(g, seat, c) or "") for c in candidates),
        frozenset((seat,)) if private else None,
    ))


def _source(g: Game, card: int) -> str:
    return g.defs[card].id


def _opponent_traits(g: Game, seat: int, test=None) -> list[int]:  # type: ignore[no-untyped-def]
    return [c for opp in g.opponents(seat) for c in removable(g, opp, test)]


def _real_colours(g: Game, card: int) -> tuple[str, ...]:
    """A trait's colours now, colourless left out (a World's End effect may recolour it)."""
    recoloured = g.ending.recolour.get(card)
    if recoloured is None:
        return g.defs[card].real_colours
    return tuple(c for c in recoloured if c != "colourless")


def _colour_rule(g: Game, rule: str, cards: Iterable[int]) -> Callable[[int, int], bool]:
    """The test of ``rule`` between two of ``cards``: ``same``, the two share a colour;
    ``different``, both have colours and share none.

    Colourless is not a colour (rulebook), so a colourless trait is of no colour at all; the
    house rule ``colourless_counts_as_colour`` makes it a colour of its own instead. Each
    card's colours are found once (a swap tests every pair of traits)."""
    colours = {c: frozenset(_real_colours(g, c)) for c in cards}
    if rule == "same":
        return lambda a, b: not colours[a].isdisjoint(colours[b])
    if g.options.colourless_counts_as_colour:
        colourless = {c for c in colours if g.defs[c].colourless}
        return lambda a, b: colours[a].isdisjoint(colours[b]) and not (a in colourless and b in colourless)
    return lambda a, b: bool(colours[a]) and bool(colours[b]) and colours[a].isdisjoint(colours[b])


# --- hands ---------------------------------------------------------------------------------


@implements("action", "draw")
def draw_cards(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    draw(g, seat, piece["count"])
    return
    yield


@implements("action", "discard_from_hand")
def discard_from_hand(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    if not g.seats[seat].hand:
        return _nothing(g, seat, card, "empty_hand")
    yield from choose_and_discard(g, seat, piece["count"], _source(g, card), "discard")


@implements("action", "give_from_hand")
def give_from_hand(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    hand = g.seats[seat].hand
    if not hand:
        return _nothing(g, seat, card, "empty_hand")
    reason = Reason.GIVE_A_CARD_TO if piece["count"] == 1 else Reason.GIVE_CARDS_TO
    target = yield from ask(g, seat, Kind.PLAYER, reason, g.opponents(seat), src)
    cards = yield from choose_cards(g, seat, piece["count"], hand, "give", src, about=(target,))
    pass_cards(g, seat, target, cards)


@implements("action", "take_random_from_hand")
def take_random_from_hand(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    found = yield from random_from_opponent_hand(g, seat, piece["count"], src, Reason.TAKE_RANDOM_FROM, Reason.RANDOM_TAKE)
    if found is None:
        return _nothing(g, seat, card, "no_target")
    victim, taken = found
    pass_cards(g, victim, seat, taken, taken=True, random=True)


@implements("action", "each_opponent_discards_random")
def each_opponent_discards_random(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    for opp in g.opponents(seat):
        yield from discard_random(g, opp, piece["count"], _source(g, card))


@implements("action", "swap_hands")
def swap_hands_with(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    other = yield from ask(g, seat, Kind.PLAYER, Reason.SWAP_HANDS_WITH, g.opponents(seat), _source(g, card))
    swap_hands(g, seat, int(other))


@implements("action", "name_colour_all_discard")
def name_colour_all_discard(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    colour = yield from ask(g, seat, Kind.COLOUR, Reason.NAME_COLOUR_DISCARD, REAL_COLOURS, src)
    g.rec.emit(ColourNamed, seat, str(colour), card)
    for p in g.seats_from(seat):
        hand = g.seats[p].hand
        discard_cards(g, p, [c for c in hand if colour in g.defs[c].colours])


def _take_and_play(g: Game, seat: int, giver: int, picked: int, public: bool) -> Flow:
    """Take a shown card into the hand, then play it at once if allowed (action included).
    The others learn which card was taken only if it was shown to all (``public``) or when
    it is played: one that cannot be played stays a secret of the two hands."""
    pass_cards(g, giver, seat, [picked], public=public, taken=True)
    if play_restriction(g, seat, picked) is None:
        yield from play_trait(g, seat, picked, "hand", True)
    else:
        g.rec.emit(NothingToDo, seat, "cannot_play_taken")


@implements("action", "each_opponent_shows_take_and_play")
def each_opponent_shows_take_and_play(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    shown: dict[int, int] = {}
    for opp in g.opponents(seat):
        hand = g.seats[opp].hand
        if hand:
            c = yield from ask(g, opp, Kind.CARD, Reason.SHOW_CARD, hand, src, about=(seat,))
            shown[c] = opp
            g.rec.emit(CardsRevealed, opp, (c,), None)
    if not shown:
        return _nothing(g, seat, card, "no_target")
    picked = yield from ask(g, seat, Kind.CARD, Reason.TAKE_AND_PLAY, list(shown), src)
    yield from _take_and_play(g, seat, shown[picked], picked, True)


@implements("action", "look_at_random_take_and_play")
def look_at_random_take_and_play(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    found = yield from random_from_opponent_hand(g, seat, piece["count"], src, Reason.LOOK_AT_HAND_OF, Reason.RANDOM_LOOK)
    if found is None:
        return _nothing(g, seat, card, "no_target")
    victim, seen = found
    g.rec.emit(CardsRevealed, victim, tuple(seen), frozenset((seat, victim)), True)
    picked = yield from ask(g, seat, Kind.CARD, Reason.TAKE_AND_PLAY, seen, src)
    yield from _take_and_play(g, seat, victim, picked, False)


@implements("action", "trade_looks_take_one")
def trade_looks_take_one(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    other = yield from ask(g, seat, Kind.PLAYER, Reason.TRADE_LOOKS_WITH, g.opponents(seat), src)
    mine, theirs = list(g.seats[seat].hand), list(g.seats[other].hand)
    g.rec.emit(CardsRevealed, other, tuple(theirs), frozenset((seat, other)))
    g.rec.emit(CardsRevealed, seat, tuple(mine), frozenset((seat, other)))
    take = (yield from ask(g, seat, Kind.CARD, Reason.TAKE_CARD, theirs, src)) if theirs else None
    give = (yield from ask(g, other, Kind.CARD, Reason.TAKE_CARD, mine, src)) if mine else None
    if take is not None:
        pass_cards(g, other, seat, [take], taken=True)
    if give is not None:
        pass_cards(g, seat, other, [give], taken=True)


@implements("action", "may_discard_hand_and_stabilize")
def may_discard_hand_and_stabilize(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    answer = yield from ask(g, seat, Kind.YES_NO, Reason.DISCARD_HAND_AND_STABILIZE, (Word.NO, Word.YES), src)
    if answer == Word.YES:
        discard_cards(g, seat, list(g.seats[seat].hand))
        yield from stabilize(g, seat)
    else:  # (said, or a listener cannot tell a kept hand from a throw not told)
        _nothing(g, seat, card, "kept_hand")


@implements("action", "look_at_next_age")
def look_at_next_age(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    top = g.table.age_deck[-1] if g.table.age_deck else None
    g.rec.emit(NextAgeSeen, seat, top, frozenset((seat,)))
    return
    yield


# --- trait piles ----------------------------------------------------------------------------


@implements("action", "steal_trait")
def steal_trait(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    if piles_protected(g):
        return _nothing(g, seat, card, "piles_protected")
    face = piece.get("face")
    test = trait_test(g, piece.get("colour"), None if face is None else lambda c: g.defs[c].face == face)
    options = _opponent_traits(g, seat, test)
    if not options:
        return _nothing(g, seat, card, "no_target")
    target = yield from ask(g, seat, Kind.TRAIT, Reason.STEAL, options, src)
    owner = g.owner_of(target)
    assert owner is not None
    move_trait(g, target, owner, seat, "steal")
    if piece.get("resolve_action") and g.defs[target].action:
        yield from resolve_action(g, seat, target, g.defs[target].action, for_card=card)


@implements("action", "trade_self_for_trait")
def trade_self_for_trait(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    if card not in g.seats[seat].pile or piles_protected(g):
        return _nothing(g, seat, card, "piles_protected" if piles_protected(g) else "not_in_pile")
    options = _opponent_traits(g, seat)
    if not options:
        return _nothing(g, seat, card, "no_target")
    target = yield from ask(g, seat, Kind.TRAIT, Reason.TRADE_FOR, options, src)
    owner = g.owner_of(target)
    assert owner is not None
    move_trait(g, card, seat, owner, "trade")
    move_trait(g, target, owner, seat, "trade")


def _swap(g: Game, a: int, b: int) -> None:
    owner_a, owner_b = g.owner_of(a), g.owner_of(b)
    assert owner_a is not None and owner_b is not None
    g.rec.emit(TraitMoved, a, owner_a, owner_b, "swap")
    g.rec.emit(TraitMoved, b, owner_b, owner_a, "swap")
    leave_pile(g, owner_a, a)
    leave_pile(g, owner_b, b)
    enter_pile(g, owner_b, a)
    enter_pile(g, owner_a, b)


def _fits_any(fits: Callable[[int, int], bool], mine: int, theirs: list[int]) -> bool:
    """Whether ``mine`` may be swapped for one of ``theirs`` (a loop: no generator made for
    each of one's own traits)."""
    for t in theirs:
        if fits(mine, t):
            return True
    return False


@implements("action", "swap_traits")
def swap_traits(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src, rule = _source(g, card), piece["colour_rule"]
    if piles_protected(g):
        return _nothing(g, seat, card, "piles_protected")
    theirs = _opponent_traits(g, seat)
    mine = removable(g, seat)
    fits = _colour_rule(g, rule, [*mine, *theirs])
    mine = [m for m in mine if _fits_any(fits, m, theirs)]
    if not mine:
        return _nothing(g, seat, card, "no_target")
    own = yield from ask(g, seat, Kind.TRAIT, Reason.SWAP_GIVE, mine, src)
    options = [t for t in theirs if fits(own, t)]
    other = yield from ask(g, seat, Kind.TRAIT, Reason.SWAP_TAKE, options, src, about=(own,))
    _swap(g, own, other)


@implements("action", "swap_any_piles")
def swap_any_piles(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src, rule = _source(g, card), piece["colour_rule"]
    if piles_protected(g):
        return _nothing(g, seat, card, "piles_protected")
    owners = {c: p for p in g.seats_from(seat) for c in removable(g, p)}
    every = list(owners)
    fits = _colour_rule(g, rule, every)

    def partners(a: int) -> list[int]:
        owner = owners[a]
        return [b for b in every if owners[b] != owner and fits(a, b)]

    firsts = [a for a in every if partners(a)]
    if not firsts:
        return _nothing(g, seat, card, "no_target")
    a = yield from ask(g, seat, Kind.TRAIT, Reason.SWAP_FIRST, firsts, src)
    b = yield from ask(g, seat, Kind.TRAIT, Reason.SWAP_SECOND, partners(a), src, about=(a,))
    _swap(g, a, b)


@implements("action", "give_trait")
def give_trait(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    options = removable(g, seat)
    if not options:
        return _nothing(g, seat, card, "no_target")
    trait = yield from ask(g, seat, Kind.TRAIT, Reason.GIVE_TRAIT, options, src)
    target = yield from ask(g, seat, Kind.PLAYER, Reason.GIVE_TRAIT_TO, g.opponents(seat), src, about=(trait,))
    move_trait(g, trait, seat, target, "give")


@implements("action", "return_trait_to_hand")
def return_trait_to_hand(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    options = _opponent_traits(g, seat)
    if not options:
        return _nothing(g, seat, card, "no_target")
    trait = yield from ask(g, seat, Kind.TRAIT, Reason.RETURN_TO_HAND, options, src)
    owner = g.owner_of(trait)
    assert owner is not None
    return_to_hand(g, owner, trait)


def trait_test(g: Game, colour: str | None, other: Callable[[int], bool] | None) -> Callable[[int], bool] | None:
    """Which traits an effect may act on: of ``colour`` (as printed, by flags tested in C,
    while nothing is recoloured) and passing ``other``; None when any trait will do."""
    if colour is None:
        return other
    if other is None and not g.ending.recolour:
        flags: Sequence[bool] = g.index.of_colour[colour]
        return flags.__getitem__

    def fits(c: int) -> bool:
        return colour in colours_of(g, c) and (other is None or other(c))

    return fits


@implements("action", "discard_own_trait")
def discard_own_trait(g: Game, seat: int, card: int | None, piece: Piece, source: str = "") -> Flow:
    """Discard one of your own traits (chosen, or at random); also catastrophes use it."""
    src = _source(g, card) if card is not None else source
    if piles_protected(g):
        g.rec.emit(NothingToDo, seat, "piles_protected")
        return
    params = piece.params  # (every catastrophe that takes a trait asks each seat)
    min_face = params.get("min_face")
    test = trait_test(g, params.get("colour"), None if min_face is None else lambda c: g.defs[c].face_value >= min_face)
    options = removable(g, seat, test)
    if not options:
        g.rec.emit(NothingToDo, seat, "no_target")
        return
    if params.get("random"):
        picked = yield from pick_random(g, seat, options, 1, src, Reason.RANDOM_TRAIT_DISCARD)
        yield from discard_trait(g, seat, picked[0], random=True)
    else:
        trait = yield from ask(g, seat, Kind.TRAIT, Reason.DISCARD_TRAIT, options, src)
        yield from discard_trait(g, seat, trait)


@implements("action", "each_opponent_discards_trait")
def each_opponent_discards_trait(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    for opp in g.opponents(seat):
        yield from discard_own_trait(g, opp, None, piece, _source(g, card))


@implements("action", "mutual_trait_discard")
def mutual_trait_discard(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    if piles_protected(g):
        return _nothing(g, seat, card, "piles_protected")
    other = yield from ask(g, seat, Kind.PLAYER, Reason.MUTUAL_DISCARD_WITH, g.opponents(seat), src)
    theirs = removable(g, other, lambda c: c != card)  # never this Reckless, wherever it is (Inventive)
    mine = removable(g, seat, lambda c: c != card)
    first = (yield from ask(g, seat, Kind.TRAIT, Reason.DISCARD_THEIR_TRAIT, theirs, src, about=(other,))) if theirs else None
    second = (yield from ask(g, other, Kind.TRAIT, Reason.DISCARD_THEIR_TRAIT, mine, src, about=(seat,))) if mine else None
    for spared, pile in ((other, theirs), (seat, mine)):  # a half that finds nothing is told
        if not pile:
            _nothing(g, spared, card, "nothing_to_discard")
    if first is not None:
        yield from discard_trait(g, other, first, by=seat)
    if second is not None and second in g.seats[seat].pile:
        yield from discard_trait(g, seat, second, by=other)


@implements("action", "move_self_to_opponent")
def move_self_to_opponent(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    if card not in g.seats[seat].pile or g.defs[card].dominant:
        return _nothing(g, seat, card, "not_in_pile")
    target = yield from ask(g, seat, Kind.PLAYER, Reason.MOVE_TO, g.opponents(seat), _source(g, card))
    move_trait(g, card, seat, target, "move")


# --- playing more traits -------------------------------------------------------------------


@implements("action", "play_another")
def play_another(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    options = playable_in_hand(g, seat)
    if not options:
        return _none_playable(g, seat, "nothing_playable", list(g.seats[seat].hand), True)
    if len(options) == 1:  # played without a question: its player hears why
        g.rec.emit(lambda: OnlyPlayable(seat, options[0], unplayable(g, seat, options[0]), frozenset((seat,))))
    pick = yield from ask(g, seat, Kind.PLAY, Reason.PLAY_ANOTHER, options, _source(g, card))
    yield from play_trait(g, seat, pick, "hand", True)


@implements("action", "play_from_discard")
def play_from_discard(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    if not g.table.discard:
        return _nothing(g, seat, card, "discard_empty")
    if piece["which"] == "top":
        top = g.table.discard[-1]
        if play_restriction(g, seat, top, deliberate=False) is not None:
            return _none_playable(g, seat, "cannot_play_top_discard", [top], False)
        yield from play_trait(g, seat, top, "discard", piece["with_action"])
        return
    options = playable_in_hand(g, seat, reversed(g.table.discard))
    if not options:
        return _none_playable(g, seat, "nothing_playable", list(reversed(g.table.discard)), False)
    pick = yield from ask(g, seat, Kind.CARD, Reason.PLAY_FROM_DISCARD, options, src)
    yield from play_trait(g, seat, pick, "discard", piece["with_action"])


@implements("action", "draw_then_play")
def draw_then_play(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    drawn = draw(g, seat, piece["count"])
    colour = piece.get("colour")
    options = [
        c
        for c in drawn
        if (colour is None or colour in g.defs[c].colours) and play_restriction(g, seat, c) is None
    ]
    if not options:
        fitting = [c for c in drawn if colour is None or colour in g.defs[c].colours]
        return _none_playable(g, seat, "none_drawn_playable", fitting, True)
    if piece["optional"]:
        pick = yield from ask(g, seat, Kind.PLAY, Reason.MAY_PLAY_DRAWN, [Word.NO, *options], src)
        if pick == Word.NO:
            return
    else:
        pick = yield from ask(g, seat, Kind.PLAY, Reason.PLAY_DRAWN, options, src)
    yield from play_trait(g, seat, int(pick), "hand", True)


@implements("action", "resolve_pile_action")
def resolve_pile_action(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    src = _source(g, card)
    seats = [seat] if piece["whose"] == "own" else g.opponents(seat)
    defs, resolving = g.defs, g.round.resolving  # (looked up once, not for every trait of the piles)
    options = [c for p in seats for c in g.seats[p].pile if defs[c].action and c != card and c not in resolving]
    if not options:
        return _nothing(g, seat, card, "no_target")
    target = yield from ask(g, seat, Kind.TRAIT, Reason.RESOLVE_ACTION_OF, options, src)
    yield from resolve_action(g, seat, target, g.defs[target].action, for_card=card)


# --- on play --------------------------------------------------------------------------------


@implements("on_play", "skip_to_next_catastrophe")
def skip_to_next_catastrophe(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    """Optimistic Nihilism: the rest of the round and every age before a catastrophe are skipped.

    What it was played within is finished first (another trait's action, the cost of the
    trait being played: "all remaining turns are skipped", not the effects under way); then
    the turn ends without stabilizing (:func:`~.flow.end_turn_if_skipped`)."""
    if g.round.phase != Phase.TURNS:
        return
    g.rec.emit(RoundSkipped, seat, card)
    g.round.skipping = trait_cause(g, card, seat)
    return
    yield


# --- requirements and costs -------------------------------------------------------------------


@implements("requires", "min_colour_traits")
def _min_colour_traits(g: Game, seat: int, card: int, piece: Piece) -> str | None:
    params = piece.params  # (checked every turn: the piece's own look-up is a call more)
    return Restriction.REQUIREMENT if count_colour(g, seat, params["colour"]) < params["count"] else None


@implements("requires", "give_positive_trait")
def _can_give_positive(g: Game, seat: int, card: int, piece: Piece) -> str | None:
    return None if any_removable(g, seat, "positive") else Restriction.REQUIREMENT


@implements_second("requires", "give_positive_trait")
def _give_positive(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    source = g.defs[card].id
    options = removable(g, seat, lambda c: g.defs[c].face_value > 0)
    trait = yield from ask(g, seat, Kind.TRAIT, Reason.GIVE_TRAIT, options, source)
    target = yield from ask(g, seat, Kind.PLAYER, Reason.GIVE_TRAIT_TO, g.opponents(seat), source)
    move_trait(g, trait, seat, target, "give")


@implements("requires", "discard_colour_trait")
def _can_discard_colour(g: Game, seat: int, card: int, piece: Piece) -> str | None:
    colour = piece["colour"]
    if not any_removable(g, seat, colour):
        return Restriction.REQUIREMENT
    if piles_protected(g) and not g.options.ignore_restricted_cost:
        return Restriction.RESTRICTED_COST
    return None


@implements_second("requires", "discard_colour_trait")
def _discard_colour(g: Game, seat: int, card: int, piece: Piece) -> Flow:
    if piles_protected(g):  # only reachable with the ignore_restricted_cost house rule
        g.rec.emit(NothingToDo, seat, "cost_not_paid")
        return
    colour = piece["colour"]
    options = removable(g, seat, lambda c: colour in g.defs[c].colours)
    trait = yield from ask(g, seat, Kind.TRAIT, Reason.DISCARD_TRAIT, options, g.defs[card].id)
    yield from discard_trait(g, seat, trait)
