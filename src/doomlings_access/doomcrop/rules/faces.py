"""Face card powers: "Flip a Face card face-up to activate its special ability. After you
resolve a Face card's ability, capture the Face card."

Each power is a frame of the machine; its last step captures the Face card where it then is
(a Jack may have moved itself), unless it is gone already (a King captured in its own attack).
"""

from __future__ import annotations

from doomlings_access.doomcrop import events as ev
from doomlings_access.doomcrop.cards import Rank
from doomlings_access.doomcrop.decisions import Decision, Kind, Reason, Value, Word
from doomlings_access.doomcrop.events import Cause
from doomlings_access.doomcrop.options import KingOrder
from doomlings_access.doomcrop.places import SPOTS
from doomlings_access.doomcrop.state import Ace, Attack, Frame, Jack, JokerRoll, King, Queen, Slot, Stage, State
from doomlings_access.doomcrop.rules.table import emit, everyone, own_places, push, put, slot_at, take, take_top, turn_up

SWAPS = 3
TURNED = 3
KING_VALUE = 7
""""Consider the King a 7 if it's opposed to a Number.\""""


def activate(st: State, where: int) -> None:
    """Start the power of the face-up Face card at ``where``."""
    slot = slot_at(st, where)
    assert slot is not None and slot.up and slot.card.is_face
    seat = where // SPOTS
    cause = Cause.of_card(seat, slot.card, where)
    rank = slot.card.rank
    frame: Frame
    if rank is Rank.JACK:
        frame = Jack(where)
    elif rank is Rank.QUEEN:
        frame = Queen(where)
    elif rank is Rank.KING:
        frame = King(where, tuple(p for p in own_places(st, seat) if not _up(st, p)))
    elif rank is Rank.ACE:
        frame = Ace(where)
    else:
        frame = JokerRoll(seat, where)
    push(st, frame, cause)


def _up(st: State, where: int) -> bool:
    slot = slot_at(st, where)
    return slot is not None and slot.up


def finish(st: State, where: int, rank: Rank) -> None:
    """Capture the Face card whose power is resolved, if it is still there, face up."""
    slot = slot_at(st, where)
    if slot is not None and slot.up and slot.card.rank is rank:
        take(st, where // SPOTS, where, roll=False)  # (a Joker's own roll is done: no second)
    st.stack.pop()


# --- the Jack ---------------------------------------------------------------------------------


def jack_step(st: State, j: Jack) -> Decision | None:
    """ "you may swap the places of your own cards, one-for-one, three times. You may make fewer
    swaps, swap the same two cards up to three times, and/or swap the Jack." """
    seat = j.place // SPOTS
    code = _code(st, j)
    if j.stage is Stage.DONE or j.swaps >= SWAPS:
        if j.swaps == 0:
            emit(st, ev.PowerUnused(seat, len(own_places(st, seat)) >= 2))
        finish(st, j.place, Rank.JACK)
        return None
    places = own_places(st, seat)
    if j.stage is Stage.SECOND:
        assert j.first is not None
        others = tuple(p for p in places if p != j.first)
        return Decision(seat, Kind.PLACE, Reason.JACK_SECOND, others, code, j.swaps + 1, SWAPS, (j.first,))
    if len(places) < 2:
        j.stage = Stage.DONE
        return None
    return Decision(seat, Kind.PLACE, Reason.JACK_FIRST, (*places, Word.STOP), code, j.swaps + 1, SWAPS)


def jack_answer(st: State, j: Jack, value: Value) -> None:
    if value == Word.STOP:
        j.stage = Stage.DONE
        return
    assert isinstance(value, int)
    if j.stage is not Stage.SECOND:
        j.first, j.stage = value, Stage.SECOND
        return
    first = j.first
    assert first is not None
    a, b = slot_at(st, first), slot_at(st, value)
    assert a is not None and b is not None
    put(st, first, b)
    put(st, value, a)
    j.swaps += 1
    if j.place in (first, value):
        j.place = value if j.place == first else first
    j.first, j.stage = None, Stage.CHOOSE
    emit(st, ev.Swapped(first // SPOTS, first, value, a.card, b.card, _audience(a), _audience(b)))


def _audience(slot: Slot) -> frozenset[int] | None:
    """Who may see which card ``slot`` holds: all when it is face up, else those who know it."""
    return None if slot.up else slot.known


# --- the Queen --------------------------------------------------------------------------------


def queen_step(st: State, q: Queen) -> Decision | None:
    """ "turn up to three of your cards facedown" (not the Queen itself: it is captured next)."""
    seat = q.place // SPOTS
    options = tuple(p for p in own_places(st, seat) if p != q.place and _up(st, p))
    if q.stage is Stage.DONE or q.turned >= TURNED or not options:
        if q.turned == 0:
            emit(st, ev.PowerUnused(seat, bool(options)))
        finish(st, q.place, Rank.QUEEN)
        return None
    return Decision(seat, Kind.PLACE, Reason.QUEEN, (*options, Word.STOP), _code(st, q), q.turned + 1, TURNED)


def _code(st: State, frame: Jack | Queen | King | Ace) -> str | None:
    """The Face card whose power asks (a decision's ``source``): the card flipped, as the
    frame's cause names it. Not the card now at its place: a King beaten in its own attack is
    replaced there before its Numbers attack, and the question must not name the newcomer."""
    if frame.cause is not None and frame.cause.card is not None:
        return frame.cause.card.code
    slot = slot_at(st, frame.place)
    return None if slot is None else slot.card.code


def queen_answer(st: State, q: Queen, value: Value) -> None:
    if value == Word.STOP:
        q.stage = Stage.DONE
        return
    assert isinstance(value, int)
    slot = slot_at(st, value)
    assert slot is not None
    put(st, value, Slot(slot.card, False, everyone(st)))  # everybody saw which card went down
    q.turned += 1
    emit(st, ev.TurnedDown(value // SPOTS, value, slot.card))


# --- the King ---------------------------------------------------------------------------------


def king_candidates(st: State, k: King) -> tuple[int, ...]:
    """What may attack next: the face-down Numbers among the places face down when the King
    was flipped, and the King itself until it has attacked."""
    out = [p for p in k.todo if (s := slot_at(st, p)) is not None and not s.up and s.card.is_number]
    king = slot_at(st, k.place)
    if not k.king_done and king is not None and king.up and king.card.rank is Rank.KING:
        out.append(k.place)
    return tuple(sorted(out))


def king_step(st: State, k: King) -> Decision | None:
    """ "flip each of your facedown Number cards face-up, one-by-one, and resolve Numerological
    Combat with their Opposing cards accordingly ... The King also attacks." """
    seat = k.place // SPOTS
    options = king_candidates(st, k)
    if not options:
        finish(st, k.place, Rank.KING)
        return None
    if len(options) > 1 and st.options.king_order is KingOrder.CHOSEN:
        return Decision(seat, Kind.PLACE, Reason.KING, options, _code(st, k))
    king_answer(st, k, options[0])
    return None


def king_answer(st: State, k: King, value: Value) -> None:
    assert isinstance(value, int)
    k.todo = tuple(p for p in k.todo if p != value)  # (a card beaten there is replaced face down)
    if value == k.place:
        k.king_done = True
        push(st, Attack(value, KING_VALUE))
        return
    card = turn_up(st, value)
    emit(st, ev.Flipped(value // SPOTS, value, card))
    push(st, Attack(value, int(card.rank)))


# --- the Ace ----------------------------------------------------------------------------------


def ace_step(st: State, a: Ace) -> Decision | None:
    """ "instantly capture any face-up or facedown card on the board, or the top card of the
    Draw pile." Any card but the Ace itself, one's own among them."""
    if a.stage is Stage.DONE:
        finish(st, a.place, Rank.ACE)
        return None
    options: list[Value] = [p for seat in range(st.n) for p in own_places(st, seat) if p != a.place]
    if st.draw:
        options.append(Word.DRAW_PILE)
    if not options:
        a.stage = Stage.DONE
        return None
    return Decision(a.place // SPOTS, Kind.PLACE, Reason.ACE, tuple(options), _code(st, a))


def ace_answer(st: State, a: Ace, value: Value) -> None:
    a.stage = Stage.DONE
    seat = a.place // SPOTS
    if value == Word.DRAW_PILE:
        take_top(st, seat)
    else:
        assert isinstance(value, int)
        take(st, seat, value)
