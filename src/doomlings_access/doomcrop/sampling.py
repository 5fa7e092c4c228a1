"""Games consistent with a view, for players that think ahead; and twins, for tests.

:func:`sample` deals every card a seat cannot identify afresh, from public facts only (the
game's cards less those the seat can identify), onto the places it cannot see, and stands the
game at the same decision: the work under way is plain data in the view. Equal views and
equal generators give equal samples.

:func:`unseen_dealt_afresh` makes the twin of a game that differs only in what one seat cannot
see, to show that nothing the seat is told depends on it.
"""

from __future__ import annotations

import copy
import random

from doomlings_access.doomcrop.cards import Card
from doomlings_access.doomcrop.game import Game
from doomlings_access.doomcrop.setup import Setup
from doomlings_access.doomcrop.state import Slot, State
from doomlings_access.doomcrop.view import View


def sample(view: View, rng: random.Random) -> Game:
    """A complete game consistent with ``view``, standing at the seat's own decision.

    Its future chance is drawn from ``rng`` too. It records no events and has no answers to
    replay."""
    if view.pending is None:
        raise ValueError("a view is sampled at its own seat's decision")
    pool = view.unseen()
    random.Random(rng.getrandbits(64)).shuffle(pool)
    grids: list[list[Slot | None]] = []
    for grid in view.grids:
        row: list[Slot | None] = []
        for s in grid:
            if s is None:
                row.append(None)
            else:
                row.append(Slot(s.card if s.card is not None else pool.pop(), s.up, s.known))
        grids.append(row)
    hands = [list(view.hand) if seat == view.seat else [pool.pop() for _ in range(size)] for seat, size in enumerate(view.hand_sizes)]
    set_aside: list[Card | None] = [
        view.own_set_aside if seat == view.seat else (pool.pop() if chosen else None)
        for seat, chosen in enumerate(view.set_aside)
    ]
    below = view.draw_size - (1 if view.draw_top is not None else 0)
    draw = [pool.pop() for _ in range(below)] + ([view.draw_top] if view.draw_top is not None else [])
    assert len(pool) == view.box_size, "every card the seat cannot identify has a place"
    st = State(
        view.options, view.n, grids, hands, set_aside, [list(d) for d in view.discards], draw,
        random.Random(rng.getrandbits(64)), view.top_face_up, view.active, False,
        [copy.copy(f) for f in view.stack], None, None, pool,
    )
    return Game.from_state(Setup(view.names, 0, view.options), st)


def hidden_from(st: State, seat: int) -> list[tuple[str, int, int]]:
    """Where the cards lie that ``seat`` cannot identify, in a fixed order: (zone, owner, index)."""
    out: list[tuple[str, int, int]] = []
    for owner, grid in enumerate(st.grids):
        for s, slot in enumerate(grid):
            if slot is not None and not slot.up and seat not in slot.known:
                out.append(("grid", owner, s))
    for owner, hand in enumerate(st.hands):
        if owner != seat:
            out.extend(("hand", owner, i) for i in range(len(hand)))
    for owner, card in enumerate(st.set_aside):
        if owner != seat and card is not None:
            out.append(("set_aside", owner, 0))
    hidden_draw = len(st.draw) - (1 if st.top_face_up and st.draw else 0)
    out.extend(("draw", -1, i) for i in range(hidden_draw))
    out.extend(("box", -1, i) for i in range(len(st.box)))
    return out


def unseen_dealt_afresh(game: Game, seat: int, rng: random.Random) -> Game:
    """A twin of ``game`` (with its log) whose cards hidden from ``seat`` are shuffled among
    the places hidden from it: a game that differs from it only in what ``seat`` cannot see."""
    st = game.state.copy(log=True)
    where = hidden_from(st, seat)
    cards = [_card_at(st, w) for w in where]
    rng.shuffle(cards)
    for w, card in zip(where, cards):
        _put(st, w, card)
    twin = Game.from_state(game.setup, st)
    twin.actions = list(game.actions)
    return twin


def _card_at(st: State, w: tuple[str, int, int]) -> Card:
    zone, owner, i = w
    if zone == "grid":
        slot = st.grids[owner][i]
        assert slot is not None
        return slot.card
    if zone == "hand":
        return st.hands[owner][i]
    if zone == "set_aside":
        card = st.set_aside[owner]
        assert card is not None
        return card
    return st.draw[i] if zone == "draw" else st.box[i]


def _put(st: State, w: tuple[str, int, int], card: Card) -> None:
    zone, owner, i = w
    if zone == "grid":
        slot = st.grids[owner][i]
        assert slot is not None
        st.grids[owner][i] = Slot(card, slot.up, slot.known)
    elif zone == "hand":
        st.hands[owner][i] = card
    elif zone == "set_aside":
        st.set_aside[owner] = card
    elif zone == "draw":
        st.draw[i] = card
    else:
        st.box[i] = card

