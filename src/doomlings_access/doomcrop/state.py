"""The whole state of a game as plain data, so that a game can be rebuilt at any decision.

The rules are an explicit machine: :attr:`State.stack` holds the work still to do, the
innermost last (a turn, an attack within it, a Hearts defence within that). Each frame is a
small dataclass of public facts (whose, which place, which stage, how many swaps made); the
rules (:mod:`.rules.flow`) look at the top frame, do what it says until a player must answer,
and ask. Nothing is held in a paused function, so a copy of the state stands at the same
decision, and a state dealt afresh from what one seat knows (:mod:`.sampling`) is a game.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar, NamedTuple

from doomlings_access.doomcrop.cards import Card
from doomlings_access.doomcrop.events import Cause, Event
from doomlings_access.doomcrop.options import Options
from doomlings_access.doomcrop.places import SPOTS


class Slot(NamedTuple):
    """A card in a grid place: face up or down, and who knows it while it is face down (its
    owner always; everybody, for a card they saw turned face down)."""

    card: Card
    up: bool
    known: frozenset[int]


class Outcome(NamedTuple):
    """The end: each seat's Discard pile counted (Diamond numbers as two), and the winners
    (all those tied for the most)."""

    counts: tuple[int, ...]
    winners: tuple[int, ...]


# --- frames: the work still to do ------------------------------------------------------------


class Stage(StrEnum):
    START = "start"
    CHOOSE = "choose"
    STRIKE = "strike"
    HEARTS = "hearts"
    RESOLVE = "resolve"
    AFTER = "after"
    SECOND = "second"
    DONE = "done"


@dataclass(slots=True)
class Frame:
    """Work under way. ``parent`` is the event its events nest under; ``cause`` what they are
    caused by (both set when it is pushed, ``parent`` moved to its own opening event)."""

    parent: int | None = field(default=None, kw_only=True)
    cause: Cause | None = field(default=None, kw_only=True)
    NAME: ClassVar[str] = ""

    def public(self, seat: int) -> Frame:
        """The frame as ``seat`` may know it (choices half made by another player hidden)."""
        return self


@dataclass(slots=True)
class Arrange(Frame):
    """A player lays their hand into their grid, front left to back right (first choosing the
    tenth card to discard, at the deal)."""

    seat: int
    discard: bool
    placed: int = 0
    NAME = "arrange"


@dataclass(slots=True)
class Reveal(Frame):
    """All discards shown; the lowest goes first."""

    NAME = "reveal"


@dataclass(slots=True)
class Turn(Frame):
    seat: int
    number: int
    stage: Stage = Stage.START
    sacrificed: bool = False
    epics: tuple[str, ...] = ()
    """Epic Techniques used this turn (each once)."""
    declined: bool = False
    """The player went back from the Spades sacrifice: it is not offered again this turn.
    Known to that player alone (the sacrifice is offered only to a player holding a Spades
    number, so a declined one tells of a Spade)."""
    NAME = "turn"

    def public(self, seat: int) -> Frame:
        if seat == self.seat or not self.declined:
            return self
        return Turn(
            self.seat, self.number, self.stage, self.sacrificed, self.epics, False, parent=self.parent, cause=self.cause,
        )


@dataclass(slots=True)
class Sacrifice(Frame):
    seat: int
    NAME = "sacrifice"


@dataclass(slots=True)
class Redeal(Frame):
    """Every player captures their own grid, draws nine and builds it again."""

    seat: int
    NAME = "redeal"


@dataclass(slots=True)
class Attack(Frame):
    """A card at ``place`` attacks (``value``: its number, or 7 for a King)."""

    place: int
    value: int
    stage: Stage = Stage.CHOOSE
    target: int | None = None
    helper: int | None = None
    """The place of the Hearts added to the defence, if one was."""
    NAME = "attack"


@dataclass(slots=True)
class Jack(Frame):
    place: int
    swaps: int = 0
    first: int | None = None
    stage: Stage = Stage.CHOOSE
    NAME = "jack"

    def public(self, seat: int) -> Frame:
        if seat == self.place // SPOTS or self.first is None:
            return self
        return Jack(self.place, self.swaps, None, Stage.CHOOSE, parent=self.parent, cause=self.cause)


@dataclass(slots=True)
class Queen(Frame):
    place: int
    turned: int = 0
    stage: Stage = Stage.CHOOSE
    NAME = "queen"


@dataclass(slots=True)
class King(Frame):
    place: int
    todo: tuple[int, ...]
    """The places that were face down when the King was flipped (its Numbers attack)."""
    king_done: bool = False
    NAME = "king"


@dataclass(slots=True)
class Ace(Frame):
    place: int
    stage: Stage = Stage.CHOOSE
    NAME = "ace"


@dataclass(slots=True)
class JokerRoll(Frame):
    """A die rolled for a Joker flipped (``place``: it is captured after) or captured."""

    seat: int
    place: int | None = None
    stage: Stage = Stage.START
    NAME = "joker"


@dataclass(slots=True)
class ActivateAll(Frame):
    """Die 4: every Face card on the board (but Jokers) activates, place by place."""

    todo: tuple[int, ...]
    NAME = "activate_all"


@dataclass(slots=True)
class Epic(Frame):
    """An Epic Technique under way: ``places`` are the cards of its squares (or, for Diamonds,
    the cards opposing them) still to choose from, known only to its player."""

    seat: int
    suit: str
    places: tuple[int, ...]
    NAME = "epic"

    def public(self, seat: int) -> Frame:
        if seat == self.seat:
            return self
        return Epic(self.seat, self.suit, (), parent=self.parent, cause=self.cause)


@dataclass(slots=True)
class End(Frame):
    NAME = "end"


FRAMES: dict[str, type[Frame]] = {
    cls.NAME: cls
    for cls in (Arrange, Reveal, Turn, Sacrifice, Redeal, Attack, Jack, Queen, King, Ace, JokerRoll, ActivateAll, Epic, End)
}


def frame_to_json(frame: Frame) -> dict[str, Any]:
    out: dict[str, Any] = {"frame": frame.NAME}
    for f in fields(frame):
        value = getattr(frame, f.name)
        if isinstance(value, Cause):
            value = value.to_json()
        elif isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, StrEnum):
            value = str(value)
        out[f.name] = value
    return out


def frame_from_json(data: dict[str, Any]) -> Frame:
    cls = FRAMES[data["frame"]]
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        value = data[f.name]
        kind = str(f.type)
        if value is None:
            pass
        elif "Cause" in kind:
            value = Cause.from_json(value)
        elif "tuple" in kind:
            value = tuple(value)
        elif "Stage" in kind:
            value = Stage(value)
        values[f.name] = value
    return cls(**values)


# --- the state --------------------------------------------------------------------------------


@dataclass(slots=True)
class State:
    """Where every card is, whose turn it is, the work left to do and the source of chance."""

    options: Options
    n: int
    grids: list[list[Slot | None]]
    """Per seat, nine places (see :mod:`.places`); None is an empty place."""
    hands: list[list[Card]]
    """Cards dealt or drawn and not yet laid in a grid (setting up, building again)."""
    set_aside: list[Card | None]
    """Each seat's chosen tenth card until all are shown."""
    discards: list[list[Card]]
    """Each seat's Discard pile, face up, the first card first."""
    draw: list[Card]
    """The Draw pile, its top card last."""
    rng: random.Random
    top_face_up: bool = False
    active: int | None = None
    ending: bool = False
    stack: list[Frame] = field(default_factory=list)
    outcome: Outcome | None = None
    log: list[Event] | None = None
    """The events so far (None when the game records none: a look-ahead copy)."""
    box: list[Card] = field(default_factory=list)
    """Cards left out of the game (a described position's ``rest_of_deck: out``)."""

    @classmethod
    def empty(cls, options: Options, n: int, rng: random.Random) -> State:
        return cls(
            options, n, [[None] * SPOTS for _ in range(n)], [[] for _ in range(n)], [None] * n,
            [[] for _ in range(n)], [], rng,
        )

    def copy(self, *, log: bool = False) -> State:
        """An independent copy (its own chance; the log only when asked)."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return State(
            self.options, self.n, [list(g) for g in self.grids], [list(h) for h in self.hands],
            list(self.set_aside), [list(d) for d in self.discards], list(self.draw), rng,
            self.top_face_up, self.active, self.ending, [copy.copy(f) for f in self.stack],
            self.outcome, list(self.log) if log and self.log is not None else None, list(self.box),
        )

    def to_json(self) -> dict[str, Any]:
        """Every part of the state (not the log) as plain JSON values."""
        version, internal, gauss = self.rng.getstate()
        return {
            "options": self.options.to_json(),
            "players": self.n,
            "grids": [[_slot_json(s) for s in grid] for grid in self.grids],
            "hands": [[c.code for c in hand] for hand in self.hands],
            "set_aside": [None if c is None else c.code for c in self.set_aside],
            "discards": [[c.code for c in d] for d in self.discards],
            "draw": [c.code for c in self.draw],
            "top_face_up": self.top_face_up,
            "active": self.active,
            "ending": self.ending,
            "stack": [frame_to_json(f) for f in self.stack],
            "outcome": None if self.outcome is None else [list(self.outcome.counts), list(self.outcome.winners)],
            "rng": [version, list(internal), gauss],
            "box": [c.code for c in self.box],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        """The state :meth:`to_json` wrote (trusted: a save checks it against its replay)."""
        rng = random.Random()
        version, internal, gauss = data["rng"]
        rng.setstate((version, tuple(internal), gauss))
        outcome = data["outcome"]
        return cls(
            Options.from_json(data["options"]), data["players"],
            [[_slot_from(s) for s in grid] for grid in data["grids"]],
            [[Card.parse(c) for c in hand] for hand in data["hands"]],
            [None if c is None else Card.parse(c) for c in data["set_aside"]],
            [[Card.parse(c) for c in d] for d in data["discards"]],
            [Card.parse(c) for c in data["draw"]], rng, data["top_face_up"], data["active"],
            data["ending"], [frame_from_json(f) for f in data["stack"]],
            None if outcome is None else Outcome(tuple(outcome[0]), tuple(outcome[1])), None,
            [Card.parse(c) for c in data["box"]],
        )

    def cards(self) -> list[Card]:
        """Every card in the game, wherever it is (for checking none is lost or doubled)."""
        out = [s.card for grid in self.grids for s in grid if s is not None]
        for pile in (*self.hands, *self.discards, self.draw, self.box):
            out.extend(pile)
        out.extend(c for c in self.set_aside if c is not None)
        return out


def _slot_json(slot: Slot | None) -> list[Any] | None:
    if slot is None:
        return None
    return [slot.card.code, slot.up, sorted(slot.known)]


def _slot_from(data: list[Any] | None) -> Slot | None:
    if data is None:
        return None
    return Slot(Card.parse(data[0]), data[1], frozenset(data[2]))
