"""The optional rules' powers: Jokers and their die, and Epic Techniques.

"When you flip a Joker face-up, or when you capture a Joker, roll a 6-sided die and obey the
table below." Epic Techniques: "Activate these techniques before you flip a card on your turn.
The cards do not need to be face-up to activate these techniques."
"""

from __future__ import annotations

from doomlings_access.doomcrop import events as ev
from doomlings_access.doomcrop.cards import Rank, Suit
from doomlings_access.doomcrop.decisions import Decision, Kind, Reason, Value, Word
from doomlings_access.doomcrop.events import Cause, Step
from doomlings_access.doomcrop.places import SPOTS, SQUARES, axes, opposite
from doomlings_access.doomcrop.state import ActivateAll, Attack, Epic, JokerRoll, Slot, Stage, State, Turn
from doomlings_access.doomcrop.rules import faces
from doomlings_access.doomcrop.rules.table import (
    after_draw, capture_quietly, draw, emit, everyone, own_places, push, put, slot_at, take, turn_up,
)

DIE = 6


# --- Jokers ----------------------------------------------------------------------------------------


def joker_step(st: State, j: JokerRoll) -> None:
    if j.stage is Stage.DONE:
        # A Joker flipped is captured by its player after its roll, wherever the roll put it.
        slot = None if j.place is None else slot_at(st, j.place)
        if j.place is not None and slot is not None and slot.card.rank is Rank.JOKER:
            take(st, j.seat, j.place, roll=False)
        st.stack.pop()
        return
    j.stage = Stage.DONE
    roll = st.rng.randint(1, DIE)
    emit(st, ev.DieRolled(j.seat, roll), opening=True)
    n = st.n
    order = [(j.seat + i) % n for i in range(n)]
    if roll in (1, 3, 4, 5):
        _end_work_under_way(st)
    if roll == 1:  # "Players swap sides of the board."
        came_from = tuple((s - 1) % n for s in range(n))
        old = st.grids
        st.grids = [
            [None if slot is None else Slot(slot.card, slot.up, slot.known | {s}) for slot in old[came_from[s]]]
            for s in range(n)
        ]
        emit(st, ev.GridsPassed(came_from))
    elif roll == 2:  # "Players swap Discard piles."
        came_from = tuple((s - 1) % n for s in range(n))
        st.discards = [st.discards[came_from[s]] for s in range(n)]
        emit(st, ev.GridsPassed(came_from, discards=True))
    elif roll == 3:  # "Each player captures all of their own cards and deals a new 3-by-3 square."
        for seat in order:
            cards = tuple(capture_quietly(st, seat, p) for p in own_places(st, seat))
            if cards:
                emit(st, ev.GridCaptured(seat, cards))
        for seat in order:
            known = everyone(st) if st.top_face_up else frozenset((seat,))
            drawn = draw(st, seat, SPOTS)
            st.grids[seat] = [Slot(c, False, known) for c in drawn] + [None] * (SPOTS - len(drawn))
            emit(st, ev.GridBuilt(seat, tuple(drawn), sees=known))
            if st.draw:
                after_draw(st)
        if not st.draw:
            after_draw(st)  # (the end, told once every grid is dealt)
    elif roll == 4:  # "All face cards are activated, including face-up ones."
        todo = tuple(
            p for seat in order for p in own_places(st, seat)
            if (slot := slot_at(st, p)) is not None and slot.card.is_face and slot.card.rank is not Rank.JOKER
        )
        push(st, ActivateAll(todo))
    elif roll == 5:  # "Each player shuffles their own cards together and deals their 3-by-3 square randomly, facedown."
        for seat in order:
            mine = [slot.card for slot in st.grids[seat] if slot is not None]
            st.rng.shuffle(mine)
            st.grids[seat] = [Slot(c, False, frozenset((seat,))) for c in mine] + [None] * (SPOTS - len(mine))
            emit(st, ev.GridShuffled(seat, tuple(mine), sees=frozenset((seat,))))
    else:  # "For the rest of the game, play with the top card of the Draw pile face-up."
        st.top_face_up = True
        emit(st, ev.FaceUpDrawPile())
        if st.draw:
            emit(st, ev.TopCardShown(st.draw[-1]))
    j.place = _joker_after(st, j, roll)


def _end_work_under_way(st: State) -> None:
    """A roll that moves, rebuilds or activates cards ends every power and attack under way
    (their places no longer hold their cards); the turn goes on to its end."""
    stack = st.stack
    keep = 0
    for i, frame in enumerate(stack):
        if isinstance(frame, Turn):
            keep = i + 1
    del stack[keep:-1]


def _joker_after(st: State, j: JokerRoll, roll: int) -> int | None:
    """Where the flipped Joker is after its roll (None: it is captured already, or was none)."""
    if j.place is None or roll == 3:
        return None
    seat, s = divmod(j.place, SPOTS)
    if roll == 1:
        return ((seat + 1) % st.n) * SPOTS + s
    if roll == 5:
        grid = st.grids[seat]
        return next((seat * SPOTS + i for i, slot in enumerate(grid) if slot is not None and slot.card.rank is Rank.JOKER), None)
    return j.place


def activate_all_step(st: State, a: ActivateAll) -> None:
    while a.todo:
        where, a.todo = a.todo[0], a.todo[1:]
        slot = slot_at(st, where)
        if slot is None or not slot.card.is_face or slot.card.rank is Rank.JOKER:
            continue
        if not slot.up:
            emit(st, ev.Flipped(where // SPOTS, where, turn_up(st, where)))
        faces.activate(st, where)
        return
    st.stack.pop()


# --- Epic Techniques ------------------------------------------------------------------------------


EPIC_WORDS = {Word.EPIC_HEARTS: Suit.HEARTS, Word.EPIC_DIAMONDS: Suit.DIAMONDS, Word.EPIC_SPADES: Suit.SPADES, Word.EPIC_CLUBS: Suit.CLUBS}


def squares_of(st: State, seat: int, suit: Suit) -> tuple[int, ...]:
    """The places of ``seat``'s cards in squares of four Numbers of ``suit``."""
    grid = st.grids[seat]
    out: set[int] = set()
    for square in SQUARES:
        if all((slot := grid[s]) is not None and slot.card.suit_number(suit) for s in square):
            out.update(seat * SPOTS + s for s in square)
    return tuple(sorted(out))


def epic_words(st: State, seat: int, used: tuple[str, ...]) -> list[Word]:
    return [w for w, suit in EPIC_WORDS.items() if w not in used and squares_of(st, seat, suit)]


def start_epic(st: State, seat: int, word: str) -> None:
    suit = EPIC_WORDS[Word(word)]
    places = squares_of(st, seat, suit)
    if suit is Suit.DIAMONDS:
        places = tuple(
            other * SPOTS + opposite(p % SPOTS) for p in places for _, other in axes(st.n, seat)
        )
    emit(st, ev.EpicTechnique(seat, suit.value), opening=True)
    push(st, Epic(seat, suit.value, places), Cause.of_rule(Step.EPIC, seat))


def epic_options(st: State, e: Epic) -> tuple[int, ...]:
    """ "turn any amount of them facedown" (Hearts, face up ones), "flip any amount of their
    Opposing cards face-up" (Diamonds, face down ones), "capture any amount of them" (Spades),
    "flip any amount of them face-up, and attack" (Clubs, face down ones)."""
    suit = Suit(e.suit)
    out = []
    for p in e.places:
        slot = slot_at(st, p)
        if slot is None:
            continue
        if suit is Suit.HEARTS and slot.up or suit in (Suit.DIAMONDS, Suit.CLUBS) and not slot.up or suit is Suit.SPADES:
            out.append(p)
    return tuple(out)


def epic_step(st: State, e: Epic) -> Decision | None:
    options = epic_options(st, e)
    if not options:
        st.stack.pop()
        return None
    return Decision(e.seat, Kind.PLACE, Reason.EPIC, (*options, Word.STOP), None, about=(e.suit,))


def epic_answer(st: State, e: Epic, value: Value) -> None:
    if value == Word.STOP:
        st.stack.pop()
        return
    assert isinstance(value, int)
    e.places = tuple(p for p in e.places if p != value)
    suit = Suit(e.suit)
    slot = slot_at(st, value)
    assert slot is not None
    if suit is Suit.HEARTS:
        put(st, value, Slot(slot.card, False, everyone(st)))
        emit(st, ev.TurnedDown(e.seat, value, slot.card))
    elif suit is Suit.DIAMONDS:  # "No other abilities are activated."
        emit(st, ev.Revealed(value // SPOTS, value, turn_up(st, value)))
    elif suit is Suit.SPADES:
        take(st, e.seat, value)
    else:
        card = turn_up(st, value)
        emit(st, ev.Flipped(e.seat, value, card))
        push(st, Attack(value, int(card.rank)), Cause.of_card(e.seat, card, value))
