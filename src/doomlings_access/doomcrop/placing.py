"""Setting a Doomcrop game up at a described :class:`~.position.Position`."""

from __future__ import annotations

from doomlings_access.doomcrop.events import Cause, Step
from doomlings_access.doomcrop.position import Position, RestOfDeck, Start, check
from doomlings_access.doomcrop.rules.flow import start_setup
from doomlings_access.doomcrop.state import Slot, State, Turn


def place(st: State, pos: Position) -> None:
    """Set ``st`` up at ``pos``."""
    left = check(pos, st.options, st.n)
    everyone = frozenset(range(st.n))
    for s, seat in enumerate(pos.seats):
        st.grids[s] = [
            None if card is None else Slot(card, i in seat.face_up, everyone if i in seat.known_to_all else frozenset((s,)))
            for i, card in enumerate(seat.grid)
        ]
        st.discards[s] = list(seat.discard)
        st.hands[s] = list(seat.hand)
    rest = sorted(left.elements())
    if pos.rest_of_deck is RestOfDeck.SHUFFLED:
        st.rng.shuffle(rest)
    elif pos.rest_of_deck is RestOfDeck.OUT:
        st.box = rest
        rest = []
    st.draw = rest + list(reversed(pos.draw_pile))
    st.top_face_up = pos.top_face_up
    if pos.start is Start.SETUP:
        start_setup(st)
        return
    st.active = pos.turn
    st.stack.append(Turn(pos.turn, 1, sacrificed=pos.sacrificed, cause=Cause.of_rule(Step.TURN, pos.turn)))
