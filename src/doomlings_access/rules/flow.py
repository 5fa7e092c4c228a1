"""The order of play, as the rulebook sets it out, written as one generator.

Setup; then rounds: the first player reveals the next age card; every player follows the age
effect before turns; turns go clockwise from the first player (play, follow effects,
stabilize). A catastrophe moves the first player one seat to the left, changes every gene pool
for good, and has its catastrophic effect before the round's turns. The third catastrophe ends
the world: World's End, then scoring.

The flow can start again from the state alone at the start of any turn or round
(:func:`play_on`): that is how described positions are played and games are cloned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_access.cards.pieces import Hook
from doomlings_access.rules.decisions import Kind, Reason, Word
from doomlings_access.rules.catastrophes import apply_catastrophe, denial_protects
from doomlings_access.rules.effects import SkipToCatastrophe
from doomlings_access.rules.events import (
    AGE,
    CATASTROPHE,
    AgeIgnored,
    AgeRevealed,
    Cause,
    card_cause,
    rule_cause,
    CatastropheRevealed,
    FirstPlayerMoved,
    GameStarted,
    OnlyPlayable,
    TurnSkipped,
    TurnStarted,
)
from doomlings_access.rules.hooks import in_pile, index_round
from doomlings_access.rules.play import (
    offer_own_out_of_turn,
    play_trait,
    playable_in_hand,
    unplayable,
)
from doomlings_access.rules.options import MAX_PLAYERS, Options
from doomlings_access.rules.primitives import (
    ask,
    discard_cards,
    draw,
    lay_out_decks,
    question,
    reveal_top_age,
    stabilize,
)
from doomlings_access.rules.registry import REGISTRY
from doomlings_access.rules.state import CATASTROPHES, NO_RULES, Phase, RoundRules
from doomlings_access.rules.worlds_end import worlds_end_and_scoring

if TYPE_CHECKING:
    from doomlings_access.cards import CardSet
    from doomlings_access.cards.model import AgeDef, Piece
    from doomlings_access.rules.game import Flow, Game

PLAY, PLAY_TRAIT = Kind.PLAY, Reason.PLAY_TRAIT
TURNS, NEXT_ROUND, AGE_PHASE, CATASTROPHE_PHASE = Phase.TURNS, Phase.NEXT_ROUND, Phase.AGE, Phase.CATASTROPHE
"""The members a round and its turns name, read once (as :mod:`.events` binds ``AGE`` and the
other causes): in Python 3.11 an enum member read through its class (``Phase.TURNS``) is a slow
read, since ``EnumType`` defines ``__getattr__`` and every attribute of an enum class then goes
through a Python-level hook; a random game reads these over a hundred times."""

STARTING_HAND = 5
AGES_PER_PILE = 3
REDRAW = 3
"""Cards drawn by a player who cannot play and discards their hand."""


def build_age_deck(g: Game) -> list[str]:
    """Rulebook: 3 piles of 3 shuffled ages, 1 catastrophe shuffled into each, Birth of Life on top.

    Returns the deck top first. With ``long_age_deck`` every age is dealt into the 3 piles.
    """
    rng = g.rng
    ages = deck_ages(g)
    rng.shuffle(ages)
    sizes = pile_sizes(g, len(ages))
    piles = [ages[sum(sizes[:i]) : sum(sizes[: i + 1])] for i in range(3)]
    catastrophes = list(g.cards.catastrophes)
    rng.shuffle(catastrophes)
    deck = [g.cards.birth_of_life.id]
    for pile, cat in zip(piles, catastrophes):
        pile = [*pile, cat]
        rng.shuffle(pile)
        deck.extend(pile)
    return deck


def pile_sizes(g: Game, ages: int) -> list[int]:
    """Ages in each of the three piles: three each (rulebook), or with ``long_age_deck`` every
    age in three piles as equal as they can be, the larger first (the digital rules: "3
    roughly equal piles", so 9, 8 and 8 of 25 ages, never 9, 9 and 7)."""
    if not g.options.long_age_deck:
        return [AGES_PER_PILE] * 3
    return [ages // 3 + (i < ages % 3) for i in range(3)]


def deck_ages(g: Game) -> list[str]:
    """The ages (Birth of Life aside) the age deck is dealt from, in card-data order (a new
    list: the deal shuffles it)."""
    return deck_ages_of(g.cards, g.options)


def deck_ages_of(cards: CardSet, options: Options) -> list[str]:
    """The ages (Birth of Life aside) an age deck of ``cards`` is dealt from under ``options``."""
    every = options.all_28_ages
    key = (id(cards), every)
    known = _DECK_AGES.get(key)
    if known is None or known[0] is not cards:
        known = (cards, tuple(a.id for a in cards.ages.values() if not a.birth_of_life and (a.in_deck or every)))
        if len(_DECK_AGES) < 64:
            _DECK_AGES[key] = known
    return list(known[1])


_DECK_AGES: dict[tuple[int, bool], tuple[CardSet, tuple[str, ...]]] = {}
"""The ages of :func:`deck_ages`, worked out once per card set (every game deals them)."""


def remaining_age_deck(g: Game) -> list[str]:
    """For a described position: the cards still to come, dealt as the rulebook deals them.

    The pile of the current era keeps what it has not shown yet (ages and its catastrophe),
    and each later era gets a pile of its own; with nothing revealed yet, The Birth of Life
    is on top (a position's first round was a catastrophe's). Returns the deck top first.
    """
    rng = g.rng
    revealed = set(g.table.revealed)
    every = deck_ages(g)
    ages = [a for a in every if a not in revealed]
    rng.shuffle(ages)
    cats = [c for c in g.cards.catastrophes if c not in revealed]
    rng.shuffle(cats)
    to_come = 3 - len(g.table.catastrophes)
    sizes = pile_sizes(g, len(every))
    since = 0
    for card in reversed(g.table.revealed):
        if card in g.cards.catastrophes:
            break
        if not g.cards.ages[card].birth_of_life:
            since += 1
    deck: list[str] = []
    for era in range(to_come):
        size = sizes[len(g.table.catastrophes) + era]
        take = max(size - since, 0) if era == 0 else size
        pile = [*ages[:take], cats[era]]
        del ages[:take]
        rng.shuffle(pile)
        deck.extend(pile)
    if not g.table.revealed:
        deck.insert(0, g.cards.birth_of_life.id)
    return deck


def age_piles(g: Game) -> list[int]:
    """How many cards each pile still to come holds, the current era's first (each pile its
    ages and a catastrophe, dealt as :func:`build_age_deck` deals them). The sizes are public;
    only the order within the age deck is hidden."""
    piles = [size + 1 for size in pile_sizes(g, len(deck_ages(g)))]
    later = piles[3 - max(3 - len(g.table.catastrophes) - 1, 0) :]
    return [max(len(g.table.age_deck) - sum(later), 0), *later]


def era_left(g: Game) -> int:
    """Cards still to come in the current era's pile, its catastrophe among them."""
    return age_piles(g)[0]


DEAL = Cause.rule("deal")


def set_up(g: Game) -> None:
    """Shuffle and deal: the age deck, the trait deck, five traits each, gene pools at 5.
    The game is then played on from there (:func:`play_on`)."""
    lay_out_decks(g, build_age_deck(g))
    g.round.first_player = 0
    with g.rec.effect(DEAL, lambda: GameStarted(tuple(p.name for p in g.seats), 0, tuple(g.options.differences()))):
        for seat in range(g.n):
            draw(g, seat, STARTING_HAND)
    g.round.phase = Phase.NEXT_ROUND


def play_on(g: Game) -> Flow:
    """Play from where the game stands: the rest of a round's turns, the rounds still to come,
    then World's End and scoring. A described position may ask for one turn or one round only."""
    r = g.round
    scope = g.play_scope
    if r.phase == Phase.WORLDS_END:
        yield from worlds_end_and_scoring(g)
        return
    if r.phase == Phase.TURNS:
        yield from _turns_in_scope(g, scope)
        if scope != "game":
            return
    elif scope != "game":  # a round (or a turn of it) that is still to be revealed
        if (yield from reveal_next(g)) == TURNS_FOLLOW:
            yield from _turns_in_scope(g, scope)
        return
    while g.table.age_deck:  # each round: reveal, then the turns (if any)
        then = yield from reveal_next(g)
        if then == WORLD_ENDS:
            break
        if then == TURNS_FOLLOW:
            end_round(g, (yield from take_turns(g)))
    yield from worlds_end_and_scoring(g)


def _turns_in_scope(g: Game, scope: str) -> Flow:
    """The round's turns from where they stand: all of them, or one (``scope`` "turn")."""
    if scope != "turn":
        end_round(g, (yield from take_turns(g)))
        return
    skipped = yield from take_turns(g, one=True)
    if skipped is not None:
        end_round(g, skipped)


TURNS_FOLLOW, NO_TURNS, WORLD_ENDS = "turns_follow", "no_turns", "world_ends"
"""What follows a reveal: the round's turns, nothing (an age ignored, or a catastrophe that
ends its round), or World's End (the third catastrophe)."""


def reveal_next(g: Game) -> Flow:
    """Reveal the top of the age deck and apply it. Returns what follows (:data:`TURNS_FOLLOW`,
    :data:`NO_TURNS` or :data:`WORLD_ENDS`); the turns are taken by the caller, so that a
    turn's questions pass through as few generators as can be."""
    if g.keeps_checkpoints:
        g.mark_checkpoint()
    top = reveal_top_age(g)
    r = g.round
    if top in g.cards.catastrophes:
        r.skipping = None
        return (yield from reveal_catastrophe(g, top))
    if r.skipping is not None:
        g.rec.emit(AgeIgnored, top, cause=r.skipping)
        return NO_TURNS
    yield from reveal_age(g, g.cards.ages[top])
    return TURNS_FOLLOW


def repeated_age(g: Game, age: AgeDef) -> AgeDef | None:
    """The age whose effects ``age`` repeats (Temporal Sands, the hook ``repeat_previous_age``):
    the latest revealed before it that is not a catastrophe, The Birth of Life (which only sets
    up the game) or another repeating age. None for an age that repeats nothing."""
    if not _repeats(age):
        return None
    for earlier in reversed(g.table.revealed[:-1]):
        prev = g.cards.ages.get(earlier)
        if prev is not None and not prev.birth_of_life and not _repeats(prev):
            return prev
    return None


def age_effects(age: AgeDef, repeated: AgeDef | None) -> tuple[list[Piece], list[Piece]]:
    """The round rules and reveal effects of ``age``, with those of the age it repeats (where
    both have a piece of one kind, the age's own wins)."""
    rules = [p for p in age.round if not _repeats_piece(p)]
    reveal = list(age.reveal)
    if repeated is not None:
        have = {p.effect for p in rules}
        rules.extend(p for p in repeated.round if p.effect not in have)
        reveal.extend(repeated.reveal)
    return rules, reveal


_REPEATS: dict[int, tuple[AgeDef, bool]] = {}
_ROUNDS: dict[tuple[int, int], tuple[AgeDef, AgeDef | None, RoundRules, tuple[Piece, ...]]] = {}


def _repeats(age: AgeDef) -> bool:
    """Whether ``age`` repeats the previous age (worked out once per age)."""
    known = _REPEATS.get(id(age))
    if known is None or known[0] is not age:
        known = _REPEATS[id(age)] = (age, any(_repeats_piece(p) for p in age.round))
    return known[1]


def _repeats_piece(piece: Piece) -> bool:
    from doomlings_access.cards.pieces import hook_of

    return hook_of("round", piece.effect) == Hook.REPEAT_PREVIOUS_AGE


def set_round_age(g: Game, age: AgeDef) -> tuple[tuple[Piece, ...], AgeDef | None]:
    """Make ``age`` the age of the round: its rules hold. Returns its reveal effects.

    The indexed rules of an age (with the age it repeats) are built once and shared: games only
    read them."""
    repeated = repeated_age(g, age)
    key = (id(age), id(repeated))
    known = _ROUNDS.get(key)
    if known is None or known[0] is not age or known[1] is not repeated:
        rules, reveal = age_effects(age, repeated)
        known = (age, repeated, index_round(rules), tuple(reveal))
        if len(_ROUNDS) < 4096:
            _ROUNDS[key] = known
    r = g.round
    r.age = age
    r.kind = AGE
    r.rules = known[2]
    return known[3], repeated


def reveal_age(g: Game, age: AgeDef) -> Flow:
    """Reveal an age and apply it; its turns follow."""
    r = g.round
    r.number += 1
    reveal, repeated = set_round_age(g, age)
    r.last_played_colours = ()
    r.phase = AGE_PHASE
    cause = card_cause(AGE, age.id)
    with g.rec.effect(cause, lambda: AgeRevealed(age.id, r.number, g.era, repeated.id if repeated else None, era_left(g))):
        for piece in reveal:
            yield from REGISTRY[("reveal", piece.effect)](g, piece)
    r.turn_index = 0


def reveal_catastrophe(g: Game, cat_id: str) -> Flow:
    """A catastrophe: first player moves left, gene pools, catastrophic effect; then its turns
    (the option ``catastrophe_ends_round``: none), or World's End for the third. Returns which.
    """
    cat = g.catastrophe(cat_id)
    r = g.round
    r.number += 1
    r.age = None
    r.kind = CATASTROPHE
    r.rules = NO_RULES
    r.last_played_colours = ()
    r.phase = CATASTROPHE_PHASE
    r.first_player = (r.first_player + 1) % g.n
    with g.rec.effect(card_cause(CATASTROPHE, cat_id), CatastropheRevealed, cat_id, len(g.table.catastrophes), r.number):
        g.rec.emit(FirstPlayerMoved, r.first_player)
        r.protected = denial_protects(g, cat)
        yield from apply_catastrophe(g, cat)
    if len(g.table.catastrophes) == CATASTROPHES:
        return WORLD_ENDS
    r.turn_index = 0
    if g.options.catastrophe_ends_round:
        end_round(g)
        return NO_TURNS
    return TURNS_FOLLOW


def end_round(g: Game, skipped: Cause | None = None) -> None:
    """The round is over (its turns taken, or cut short by ``skipped``): a catastrophe's
    protection ends; a skip carries on to later ages."""
    r = g.round
    if r.kind == CATASTROPHE:
        r.protected = set()
    if skipped is not None:
        r.skipping = skipped  # in an age's round or a catastrophe's alike
    r.phase = NEXT_ROUND


def turn_order(g: Game) -> list[int]:
    """Clockwise from the first player, unless the round's rules change it."""
    order = g.seats_from(g.round.first_player)
    for piece, fn in g.round.rules.turn_order:
        order = fn(g, piece, order)
    return order


def take_turns(g: Game, one: bool = False) -> Flow:
    """The round's turns from the next one due (``one``: that turn alone, for a described
    position played a turn at a time); returns the cause if the round was cut short."""
    r = g.round
    r.phase = TURNS
    order = turn_order(g)
    last = min(r.turn_index + 1, len(order)) if one else len(order)
    rules = r.rules  # (set when the round's card is revealed: the same for all its turns)
    try:
        while r.turn_index < last:
            if g.keeps_checkpoints:
                g.mark_checkpoint()
            seat = order[r.turn_index]
            r.turn_index += 1
            r.active = seat
            with g.rec.effect(_TURN[seat], TurnStarted, seat):
                yield from take_turn(g, seat, rules)
    except SkipToCatastrophe as skip:
        return skip.cause
    finally:
        r.active = None
    return None


def take_turn(g: Game, seat: int, rules: RoundRules) -> Flow:
    """One turn (rulebook, "Taking a turn"): what the round and the traits do at its start, play
    a trait (or what the round says instead), follow its effects, stabilize; then a trait its
    owner may play once stabilized (Late). A hand may be swapped during a turn: it is read
    from the seat each time."""
    me = g.seats[seat]
    if rules.round_turn_start or rules.before_turn_play or not g.index.turn_starters.isdisjoint(me.pile):
        yield from start_of_turn(g, seat)
        end_turn_if_skipped(g)
    if rules.turn_play:
        for piece, fn in rules.turn_play:
            yield from fn(g, piece, seat)
            end_turn_if_skipped(g)
        return  # the turn is over
    if not me.hand:
        with g.rec.effect(rule_cause("empty_hand", seat), TurnSkipped, seat, "empty_hand"):
            draw(g, seat, g.options.empty_hand_draw)
        return  # the turn is over
    plays = 1
    for piece, fn in rules.plays_per_turn:
        plays = fn(g, piece)
    for step in range(1, plays + 1):
        options = playable_in_hand(g, seat)
        if not options:
            if step == 1:
                yield from cannot_play(g, seat)
                return  # the turn is over
            break
        if len(options) == 1:  # the one card that can be played: no question, but its player hears why
            card = options[0]
            g.rec.emit(_only_playable, g, seat, card)
        else:
            card = int((yield question(seat, PLAY, PLAY_TRAIT, options, None, step, plays)))
        yield from play_trait(g, seat, card, "hand", True)
        end_turn_if_skipped(g)
        for piece, fn in rules.after_turn_play:
            yield from fn(g, piece, seat, card)
            end_turn_if_skipped(g)
    # The end of the turn: the round's rules before stabilizing, stabilizing (or its
    # alternative), after it; then a trait its owner may play once stabilized (Late).
    if me.hand:
        for piece, fn in rules.before_stabilize:
            yield from fn(g, piece, seat)
    stabilizes = True
    for piece, fn in rules.instead_of_stabilize:
        stabilizes = yield from fn(g, piece, seat)
    if stabilizes:
        yield from stabilize(g, seat)
    for piece, fn in rules.after_stabilize:
        yield from fn(g, piece, seat)
    if stabilizes and not g.index.late.isdisjoint(me.hand):
        yield from offer_own_out_of_turn(g, seat, Hook.AFTER_STABILIZING, Reason.PLAY_AFTER_STABILIZING)
        end_turn_if_skipped(g)


def _only_playable(g: Game, seat: int, card: int) -> OnlyPlayable:
    """The turn plays the one card that can be played; its player hears why the others cannot."""
    return OnlyPlayable(seat, card, unplayable(g, seat, card), frozenset((seat,)))


def cannot_play(g: Game, seat: int) -> Flow:
    """No trait of the hand can be played: the turn is skipped, or the hand discarded for
    three new cards (rulebook, "Can't play a trait?")."""
    pick = yield from ask(g, seat, Kind.OPTION, Reason.CANNOT_PLAY, (Word.SKIP, Word.REDRAW))
    reason = "redraw" if pick == Word.REDRAW else "no_playable"
    with g.rec.effect(rule_cause("cannot_play", seat), TurnSkipped, seat, reason):
        if pick == Word.REDRAW:
            discard_cards(g, seat, list(g.seats[seat].hand))
            draw(g, seat, REDRAW)


def end_turn_if_skipped(g: Game) -> None:
    """A trait played in this turn (Optimistic Nihilism) skipped the rest of the round: now
    that what it was played within is over, the turn ends, and nobody stabilizes."""
    skipping = g.round.skipping
    if skipping is not None:
        raise SkipToCatastrophe(skipping)


def start_of_turn(g: Game, seat: int) -> Flow:
    """Before the play: the round's first rules, the traits' (an extra draw), the round's others."""
    rules = g.round.rules
    for piece, fn in rules.round_turn_start:
        yield from fn(g, piece, seat)
    for card, piece, fn in in_pile(g, seat, Hook.TRAIT_TURN_START):
        yield from fn(g, seat, card, piece)
    for piece, fn in rules.before_turn_play:
        yield from fn(g, piece, seat)


_TURN = [rule_cause("turn", seat) for seat in range(MAX_PLAYERS)]


