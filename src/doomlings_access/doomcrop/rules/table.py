"""What the rules do to the table: record events, capture, replace, draw, look at grids.

Every capture goes through :func:`take`: "If you capture a card, put it in your Discard pile
face-up and immediately replace it with a facedown card from the top of the Draw pile." The
replacement that empties the Draw pile sets :attr:`~..state.State.ending`, and the machine
ends the game before anything else happens ("When the Draw pile runs out, immediately...").
A step makes at most one capture before it hands back to the machine, so nothing follows it.
"""

from __future__ import annotations

from doomlings_access.doomcrop import events as ev
from doomlings_access.doomcrop.cards import Card, Rank, Suit
from doomlings_access.doomcrop.events import Cause, Event
from doomlings_access.doomcrop.places import SPOTS, adjacent
from doomlings_access.doomcrop.state import Frame, JokerRoll, Slot, State
from doomlings_access.doomcrop.options import Adjacency


def emit(st: State, event: Event, *, opening: bool = False) -> None:
    """Record ``event`` under the work under way (its parent and, unless it names one, its
    cause); with ``opening``, what that work does next nests under this event."""
    log = st.log
    if log is None:
        return
    if st.stack:
        top = st.stack[-1]
        event.parent = top.parent
        if event.cause is None:
            event.cause = top.cause
        if opening:
            top.parent = len(log)
    event.seq = len(log)
    log.append(event)


def push(st: State, frame: Frame, cause: Cause | None = None) -> None:
    """Start new work on top of what is under way; its events nest under the current parent."""
    if st.stack:
        top = st.stack[-1]
        frame.parent = top.parent
        frame.cause = cause if cause is not None else top.cause
    else:
        frame.cause = cause
    st.stack.append(frame)


def everyone(st: State) -> frozenset[int]:
    return frozenset(range(st.n))


def slot_at(st: State, where: int) -> Slot | None:
    return st.grids[where // SPOTS][where % SPOTS]


def put(st: State, where: int, slot: Slot | None) -> None:
    st.grids[where // SPOTS][where % SPOTS] = slot


def turn_up(st: State, where: int) -> Card:
    slot = slot_at(st, where)
    assert slot is not None
    put(st, where, Slot(slot.card, True, slot.known))
    return slot.card


def take(st: State, by: int, where: int, *, roll: bool = True) -> Card:
    """``by`` captures the card at ``where``, which is replaced at once from the Draw pile.

    A Joker captured makes its captor roll (Playing with Jokers) unless ``roll`` is False (a
    Joker captured at the end of its own roll)."""
    slot = slot_at(st, where)
    assert slot is not None, "nothing to capture"
    put(st, where, None)
    st.discards[by].append(slot.card)
    emit(st, ev.Captured(by, slot.card, where))
    replace(st, where)
    if roll and slot.card.rank is Rank.JOKER and not st.ending:
        push(st, JokerRoll(by))
    return slot.card


def take_top(st: State, by: int) -> Card:
    """``by`` captures the top card of the Draw pile (an Ace)."""
    card = st.draw.pop()
    st.discards[by].append(card)
    emit(st, ev.Captured(by, card, None))
    after_draw(st)
    if card.rank is Rank.JOKER and not st.ending:
        push(st, JokerRoll(by))
    return card


def capture_quietly(st: State, by: int, where: int) -> Card:
    """A capture with no replacement (the end of the game, a whole grid captured)."""
    slot = slot_at(st, where)
    assert slot is not None
    put(st, where, None)
    st.discards[by].append(slot.card)
    return slot.card


def replace(st: State, where: int) -> None:
    """Fill an empty place face down from the top of the Draw pile."""
    seat = where // SPOTS
    if not st.draw:
        emit(st, ev.NotReplaced(seat, where))
        return
    card = st.draw.pop()
    known = everyone(st) if st.top_face_up else frozenset((seat,))
    put(st, where, Slot(card, False, known))
    emit(st, ev.Replaced(seat, where, card, sees=known))
    after_draw(st)


def draw(st: State, seat: int, count: int) -> list[Card]:
    """Up to ``count`` cards from the top of the Draw pile (fewer if it runs out). The caller
    tells what was drawn, then calls :func:`after_draw`: the Draw pile's new top card (or its
    running out) comes after the cards it follows, not before them."""
    cards: list[Card] = []
    while st.draw and len(cards) < count:
        cards.append(st.draw.pop())
    return cards


def after_draw(st: State) -> None:
    """What the Draw pile shows after a draw: its new top card when it is played face up, or,
    the first time it is found empty, the end beginning."""
    if not st.draw:
        if not st.ending:
            st.ending = True
            emit(st, ev.DrawPileEmpty())
    elif st.top_face_up:
        emit(st, ev.TopCardShown(st.draw[-1]))


def helpers(st: State, defender: int) -> tuple[int, ...]:
    """The face-down places adjacent to ``defender`` in its grid."""
    seat, s = divmod(defender, SPOTS)
    grid = st.grids[seat]
    diagonal = st.options.hearts_adjacency is Adjacency.AROUND
    return tuple(
        seat * SPOTS + a for a in adjacent(s, diagonal)
        if (slot := grid[a]) is not None and not slot.up
    )


def own_places(st: State, seat: int) -> list[int]:
    return [seat * SPOTS + s for s, slot in enumerate(st.grids[seat]) if slot is not None]


def is_suit_number(st: State, where: int, suit: Suit) -> bool:
    slot = slot_at(st, where)
    return slot is not None and slot.card.suit_number(suit)
