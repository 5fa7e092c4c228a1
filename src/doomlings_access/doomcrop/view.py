"""What one seat may know: :class:`View`, a value with no way back to the game.

A view holds every grid as the seat may see it (face-up cards, its own face-down cards, and
face-down cards everybody saw turned down; any other face-down card is only "face down"), the
Discard piles, the Draw pile's size (and its top card, when it is played face up), the seat's
own hand while setting up, whose turn it is, the work under way as far as it is public, the
seat's own pending decision, and the log as the seat may know it. Two games that differ only
in cards the seat cannot identify give equal views.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from doomlings_access.doomcrop.cards import Card, deck
from doomlings_access.doomcrop.decisions import Decision
from doomlings_access.doomcrop.events import Event
from doomlings_access.doomcrop.options import Options
from doomlings_access.doomcrop.places import SPOTS
from doomlings_access.doomcrop.state import Frame, Outcome, State

if TYPE_CHECKING:
    from doomlings_access.doomcrop.setup import Setup


@dataclass(frozen=True, slots=True)
class SlotView:
    """A grid place as one seat sees it."""

    up: bool
    card: Card | None
    """None: face down, and this seat cannot know which card it is."""
    known: frozenset[int]
    """Who knows the card while it is face down (public: everybody saw who looked)."""


@dataclass(frozen=True)
class View:
    """Exactly what one seat may know, and nothing else."""

    seat: int
    names: tuple[str, ...]
    options: Options
    grids: tuple[tuple[SlotView | None, ...], ...]
    hand: tuple[Card, ...]
    """The seat's own cards not yet laid in its grid (setting up, building again)."""
    hand_sizes: tuple[int, ...]
    set_aside: tuple[bool, ...]
    """Which seats have chosen a first discard not yet shown."""
    own_set_aside: Card | None
    discards: tuple[tuple[Card, ...], ...]
    draw_size: int
    box_size: int
    """Cards left out of the game (unknown which)."""
    draw_top: Card | None
    """The top card of the Draw pile, when it is played face up (a Joker's roll)."""
    top_face_up: bool
    active: int | None
    stack: tuple[Frame, ...]
    """The work under way, as far as this seat may know it (for sampling)."""
    waiting_for: int | None
    """Whose answer the game waits for."""
    pending: Decision | None
    """The decision waiting, when it is this seat's."""
    outcome: Outcome | None
    log: tuple[Event, ...]

    @property
    def n(self) -> int:
        return len(self.names)

    def slot(self, where: int) -> SlotView | None:
        return self.grids[where // SPOTS][where % SPOTS]

    def identified(self) -> list[Card]:
        """Every card this seat can identify where it now lies."""
        out = [s.card for grid in self.grids for s in grid if s is not None and s.card is not None]
        out.extend(self.hand)
        for pile in self.discards:
            out.extend(pile)
        if self.own_set_aside is not None:
            out.append(self.own_set_aside)
        if self.draw_top is not None:
            out.append(self.draw_top)
        return out

    def unseen(self) -> list[Card]:
        """The cards this seat cannot identify, worked out from public facts only: the game's
        cards less those it can. In a fixed order (so it tells nothing of where they are)."""
        left = Counter(deck(self.options.decks, self.options.jokers))
        left.subtract(self.identified())
        return sorted(left.elements())


def view_of(st: State, seat: int, setup: Setup, log: tuple[Event, ...], pending: Decision | None) -> View:
    """``seat``'s view of the game whose state is ``st``."""
    grids = tuple(
        tuple(
            None if slot is None else SlotView(
                slot.up, slot.card if slot.up or seat in slot.known else None, frozenset() if slot.up else slot.known,
            )
            for slot in grid
        )
        for grid in st.grids
    )
    top = st.draw[-1] if st.top_face_up and st.draw else None
    return View(
        seat=seat,
        names=setup.players,
        options=st.options,
        grids=grids,
        hand=tuple(st.hands[seat]),
        hand_sizes=tuple(len(h) for h in st.hands),
        set_aside=tuple(c is not None for c in st.set_aside),
        own_set_aside=st.set_aside[seat],
        discards=tuple(tuple(d) for d in st.discards),
        draw_size=len(st.draw),
        box_size=len(st.box),
        draw_top=top,
        top_face_up=st.top_face_up,
        active=st.active,
        stack=tuple(copy.copy(f.public(seat)) for f in st.stack),
        waiting_for=None if pending is None else pending.player,
        pending=pending if pending is not None and pending.player == seat else None,
        outcome=st.outcome,
        log=log,
    )

