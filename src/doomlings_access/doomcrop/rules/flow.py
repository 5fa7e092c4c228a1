"""The machine: run the top frame of the state until a player must answer, and take answers.

:func:`run` looks at the innermost work under way (the last frame of ``state.stack``) and
does its next step; a step either changes the state and hands back (None), or, changing
nothing, returns the :class:`Decision` its player must answer. :func:`answer` gives the
answer to the top frame. So a state taken at any decision, copied or dealt afresh, runs on.

Also here: the deal, who goes first, the turn ("On your turn, choose a card in your grid to
flip face-up"), the Spades sacrifice, building grids again when a player's cards are all face
up, and the end.
"""

from __future__ import annotations

from typing import Any, Callable

from doomlings_access.doomcrop import events as ev
from doomlings_access.doomcrop.cards import Card, Suit, discard_value
from doomlings_access.doomcrop.decisions import Decision, Kind, Reason, Value, Word
from doomlings_access.doomcrop.events import Cause, Step
from doomlings_access.doomcrop.options import HAND
from doomlings_access.doomcrop.places import SPOTS, axes, opposite
from doomlings_access.doomcrop.state import (
    Ace, ActivateAll, Arrange, Attack, End, Epic, Frame, Jack, JokerRoll, King, Outcome, Queen, Redeal, Reveal,
    Sacrifice, Slot, Stage, State, Turn,
)
from doomlings_access.doomcrop.rules import combat, faces, optional
from doomlings_access.doomcrop.rules.table import (
    after_draw, capture_quietly, draw, emit, is_suit_number, own_places, push, slot_at, take, turn_up,
)

GRID = SPOTS


def run(st: State) -> Decision | None:
    """Play on to the next decision (None: the game is over)."""
    stack = st.stack
    while True:
        if st.ending and st.outcome is None and not (len(stack) == 1 and type(stack[0]) is End):
            # "When the Draw pile runs out, immediately": whatever was under way stops.
            stack.clear()
            push(st, End(), Cause.of_rule(Step.END))
        if not stack:
            return None
        frame = stack[-1]
        decision = STEPS[type(frame)](st, frame)
        if decision is not None:
            return decision


def answer(st: State, value: Value) -> None:
    """Give ``value`` (one of the pending decision's options) to the work that asked."""
    frame = st.stack[-1]
    ANSWERS[type(frame)](st, frame, value)


def deal(st: State, first_to_deal: int = 0) -> None:
    """A new game: "Shuffle the deck and deal 10 cards to each player, facedown." Then each
    player in turn chooses the tenth card and arranges nine (the seats in order), and the
    discards are shown."""
    st.rng.shuffle(st.draw)
    for _ in range(HAND):
        for seat in range(st.n):
            st.hands[seat].append(st.draw.pop())
    for seat in range(st.n):
        emit(st, ev.Dealt(seat, tuple(st.hands[seat]), HAND, sees=frozenset((seat,)), cause=_DEAL))
    start_setup(st)


def start_setup(st: State) -> None:
    """The frames of the setting up: arrange each hand (seat 0 first), then show the discards."""
    st.stack.append(Reveal(cause=_DEAL))
    for seat in reversed(range(st.n)):
        st.stack.append(Arrange(seat, True, cause=_DEAL))


_DEAL = Cause.of_rule(Step.DEAL)


# --- setting up ---------------------------------------------------------------------------------


def arrange_step(st: State, a: Arrange) -> Decision | None:
    hand = st.hands[a.seat]
    if a.discard:
        return Decision(a.seat, Kind.CARD, Reason.DISCARD, _codes(hand))
    if len(hand) == 1 or (hand and a.placed >= GRID - 1):
        _lay(st, a, hand[:1])
        return None
    if not hand or a.placed >= GRID:
        emit(st, ev.GridBuilt(a.seat, tuple(s.card if s else None for s in st.grids[a.seat]), sees=frozenset((a.seat,))))
        st.stack.pop()
        return None
    return Decision(
        a.seat, Kind.CARD, Reason.ARRANGE, (*_codes(hand), Word.AS_DEALT), None, a.placed + 1, GRID,
        (a.seat * SPOTS + a.placed,),
    )


def _codes(hand: list[Card]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(c.code for c in hand))


def _lay(st: State, a: Arrange, cards: list[Card]) -> None:
    """Lay ``cards`` face down in the next places (reading order), out of the hand."""
    hand = st.hands[a.seat]
    for card in cards:
        hand.remove(card)
        st.grids[a.seat][a.placed] = Slot(card, False, frozenset((a.seat,)))
        a.placed += 1


def arrange_answer(st: State, a: Arrange, value: Value) -> None:
    hand = st.hands[a.seat]
    if a.discard:
        card = Card.parse(str(value))
        hand.remove(card)
        st.set_aside[a.seat] = card
        a.discard = False
        emit(st, ev.DiscardChosen(a.seat, card, sees=frozenset((a.seat,))))
    elif value == Word.AS_DEALT:
        _lay(st, a, list(hand[: GRID - a.placed]))
    else:
        _lay(st, a, [Card.parse(str(value))])


def reveal_step(st: State, r: Reveal) -> None:
    """ "Whichever player discarded the card with the lowest value goes first. ... In the case
    of a tie, flip a coin." """
    shown = []
    for seat in range(st.n):
        card = st.set_aside[seat]
        assert card is not None
        st.discards[seat].append(card)
        st.set_aside[seat] = None
        shown.append(card)
    emit(st, ev.DiscardsRevealed(tuple(shown)))
    ranked = st.options.ranked_faces
    low = min(discard_value(c, ranked) for c in shown)
    lowest = tuple(s for s, c in enumerate(shown) if discard_value(c, ranked) == low)
    first = lowest[0] if len(lowest) == 1 else st.rng.choice(lowest)
    emit(st, ev.FirstPlayer(first, lowest if len(lowest) > 1 else (), cause=Cause.of_rule(Step.FIRST_PLAYER)))
    st.stack.pop()
    start_turn(st, first, 1)


def start_turn(st: State, seat: int, number: int) -> None:
    st.active = seat
    st.stack.append(Turn(seat, number, cause=Cause.of_rule(Step.TURN, seat)))


# --- a turn ----------------------------------------------------------------------------------------


def turn_step(st: State, t: Turn) -> Decision | None:
    seat = t.seat
    if t.stage is Stage.START:
        t.stage = Stage.CHOOSE
        t.parent = None
        emit(st, ev.TurnStarted(seat, t.number), opening=True)
        if not st.draw:
            st.ending = True
            return None
        grid = [s for s in st.grids[seat] if s is not None]
        if grid and all(s.up for s in grid):
            # "In the unlikely event that either player begins their turn with all of their own
            # cards face-up, both players immediately capture all of their own cards, draw 9
            # cards from the Draw pile, and build their grid again facedown."
            emit(st, ev.AllFaceUp(seat))
            push(st, Redeal(seat), Cause.of_rule(Step.ALL_FACE_UP, seat))
        return None
    if t.stage is Stage.CHOOSE:
        options: list[Value] = [p for p in own_places(st, seat) if not _up(st, p)]
        if not options:  # nothing left to flip (an Epic Technique of Clubs flipped the rest)
            t.stage = Stage.DONE
            return None
        if not (t.sacrificed or t.declined) and any(is_suit_number(st, p, Suit.SPADES) for p in own_places(st, seat)):
            options.append(Word.SACRIFICE)
        if st.options.epic_techniques:
            options.extend(optional.epic_words(st, seat, t.epics))
        return Decision(seat, Kind.PLACE, Reason.FLIP, tuple(options))
    st.stack.pop()
    start_turn(st, (seat + 1) % st.n, t.number + 1)
    return None


def _up(st: State, where: int) -> bool:
    slot = slot_at(st, where)
    return slot is not None and slot.up


def turn_answer(st: State, t: Turn, value: Value) -> None:
    if value == Word.SACRIFICE:
        push(st, Sacrifice(t.seat), Cause.of_rule(Step.SPADES, t.seat))
        return
    if isinstance(value, str):
        t.epics = (*t.epics, value)
        optional.start_epic(st, t.seat, value)
        return
    t.stage = Stage.DONE
    card = turn_up(st, value)
    emit(st, ev.Flipped(t.seat, value, card), opening=True)
    if card.is_number:
        push(st, Attack(value, int(card.rank)), Cause.of_card(t.seat, card, value))
    else:
        faces.activate(st, value)


def sacrifice_step(st: State, s: Sacrifice) -> Decision:
    """ "Once per turn, before you flip a card, you may capture any one Spades card in your
    grid, face-up or facedown." """
    spades = tuple(p for p in own_places(st, s.seat) if is_suit_number(st, p, Suit.SPADES))
    return Decision(s.seat, Kind.PLACE, Reason.SACRIFICE, (*spades, Word.BACK))


def sacrifice_answer(st: State, s: Sacrifice, value: Value) -> None:
    """A Spade captured, or (``back``) none: going back is the once-a-turn choice made, so the
    sacrifice is not offered again this turn. Nothing is told, and only the player's own view
    shows it (:attr:`Turn.declined`): a change of mind told to the table ("Ana goes back
    without a sacrifice") told it Ana holds a Spades number, face down perhaps. And the
    turn's question, asked again without the sacrifice, is not the one asked before, so a
    player answering from its view alone cannot go back and forth without end."""
    st.stack.pop()
    turn = st.stack[-1]
    assert isinstance(turn, Turn)
    if value == Word.BACK:
        turn.declined = True
        return
    assert isinstance(value, int)
    turn.sacrificed = True
    st.stack.append(s)  # (the capture is told as the sacrifice's)
    take(st, s.seat, value)
    st.stack.pop()


# --- building the grids again ----------------------------------------------------------------------


def redeal_step(st: State, r: Redeal) -> None:
    order = [(r.seat + i) % st.n for i in range(st.n)]
    for seat in order:
        capture_grid(st, seat)
    for seat in order:
        cards = draw(st, seat, GRID)
        st.hands[seat] = cards
        emit(st, ev.Dealt(seat, tuple(cards), len(cards), sees=frozenset((seat,))))
        if st.draw:
            after_draw(st)  # (its new top card, when it is played face up)
    st.stack.pop()
    if not st.draw:
        # The Draw pile ran out while drawing: what was drawn is laid as drawn, then the end,
        # told in that order (the end told before the deal was done confused the listener).
        for seat in order:
            a = Arrange(seat, False)
            _lay(st, a, list(st.hands[seat]))
            emit(st, ev.GridBuilt(seat, tuple(s.card if s else None for s in st.grids[seat]), sees=frozenset((seat,))))
        after_draw(st)
        return
    for seat in reversed(order):
        push(st, Arrange(seat, False))


def capture_grid(st: State, seat: int) -> None:
    """``seat`` captures every card of their own grid (no replacements)."""
    cards = tuple(capture_quietly(st, seat, p) for p in own_places(st, seat))
    if cards:
        emit(st, ev.GridCaptured(seat, cards))


# --- the end -------------------------------------------------------------------------------------


def end_step(st: State, e: End) -> None:
    """ "When the Draw pile runs out, immediately capture all of your own Face cards, both
    face-up and facedown. Then flip any remaining cards face-up and resolve all Numerological
    Combats, including between cards that were already face-up. If you have any cards left,
    you capture them." Then the count, "Diamond numbers as two cards"."""
    n = st.n
    start = st.active if st.active is not None else 0
    order = [(start + i) % n for i in range(n)]
    for seat in order:
        for p in own_places(st, seat):
            slot = slot_at(st, p)
            if slot is not None and slot.card.is_face:
                card = capture_quietly(st, seat, p)
                emit(st, ev.Captured(seat, card, p))
    for seat in order:
        for p in own_places(st, seat):
            if not _up(st, p):
                emit(st, ev.Revealed(seat, p, turn_up(st, p)))
    done: set[tuple[int, int]] = set()
    for seat in order:
        for _, other in axes(n, seat):
            for s in range(SPOTS):
                a, b = seat * SPOTS + s, other * SPOTS + opposite(s)
                if (b, a) in done:
                    continue
                done.add((a, b))
                _final_combat(st, a, b)
    for seat in order:
        capture_grid(st, seat)
    counts = tuple(sum(c.counts for c in pile) for pile in st.discards)
    best = max(counts)
    winners = tuple(s for s in range(n) if counts[s] == best)
    st.outcome = Outcome(counts, winners)
    emit(st, ev.GameOver(counts, winners))
    st.stack.clear()


def _final_combat(st: State, a: int, b: int) -> None:
    """Two opposing numbers fight once; the higher captures the lower (no replacement)."""
    first, second = slot_at(st, a), slot_at(st, b)
    if first is None or second is None or first.card.is_face or second.card.is_face:
        return
    result = combat.fight(first.card, int(first.card.rank), second.card, int(second.card.rank))
    emit(st, ev.Fought(a, first.card, b, second.card))
    if result is combat.Result.ATTACKER:
        emit(st, ev.Captured(a // SPOTS, capture_quietly(st, a // SPOTS, b), b))
    elif result is combat.Result.DEFENDER:
        emit(st, ev.Captured(b // SPOTS, capture_quietly(st, b // SPOTS, a), a))
    else:
        emit(st, ev.Tied(a, b, int(first.card.rank)))


Step_ = Callable[[State, Any], Decision | None]
Answer = Callable[[State, Any, Value], None]

STEPS: dict[type[Frame], Step_] = {
    Arrange: arrange_step, Reveal: reveal_step, Turn: turn_step, Sacrifice: sacrifice_step,
    Redeal: redeal_step, Attack: combat.attack_step, Jack: faces.jack_step, Queen: faces.queen_step,
    King: faces.king_step, Ace: faces.ace_step, JokerRoll: optional.joker_step,
    ActivateAll: optional.activate_all_step, Epic: optional.epic_step, End: end_step,
}
ANSWERS: dict[type[Frame], Answer] = {
    Arrange: arrange_answer, Turn: turn_answer, Sacrifice: sacrifice_answer, Attack: combat.attack_answer,
    Jack: faces.jack_answer, Queen: faces.queen_answer, King: faces.king_answer, Ace: faces.ace_answer,
    Epic: optional.epic_answer,
}
