"""Doomcrop positions: a table anyone can set up, for rulings, tests and bug reports.

The same family as Doomlings' position files (``docs/positions.md``): one JSON object, cards
as written on them (``7C``, ``10H``, ``QS``, ``JK``), players by name in seat order, every
error naming the file and the field. The format is in ``docs/doomcrop-positions.md``.

"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from doomlings_access.doomcrop.cards import Card, CardError, deck
from doomlings_access.doomcrop.options import HAND, MAX_PLAYERS, MIN_PLAYERS, Options
from doomlings_access.doomcrop.places import SPOTS, spot_by_name, spot_name


MAX_TEXT = 200_000
"""A position file longer than this is refused before it is read."""
MAX_CARDS = 4 * 54
"""No list of cards is longer than four decks with their Jokers."""
ROWS = ("front", "middle", "back")


class Start(StrEnum):
    TURN = "turn"
    """The start of the turn of the player ``turn`` names."""
    SETUP = "setup"
    """Each player holds ten cards and chooses the one to discard, then arranges the rest."""


class RestOfDeck(StrEnum):
    SHUFFLED = "shuffled"
    """Shuffled (by the seed) under the cards ``draw_pile`` gives."""
    IN_ORDER = "in_order"
    OUT = "out"
    """Left out of the game: the Draw pile is exactly ``draw_pile``."""


class PositionError(ValueError):
    """A position that cannot be set up: ``field`` names the part (``players[1].front[2]``),
    ``file`` the file when it came from one."""

    def __init__(self, field: str, why: str, file: str | None = None) -> None:
        super().__init__(f"{file + ': ' if file else ''}{field}: {why}")
        self.field, self.why, self.file = field, why, file


@dataclass(frozen=True)
class SeatPosition:
    grid: tuple[Card | None, ...] = (None,) * SPOTS
    """By spot, front left first; None is an empty place."""
    face_up: tuple[int, ...] = ()
    """Spots whose card is face up."""
    known_to_all: tuple[int, ...] = ()
    """Face-down spots whose card everybody knows (turned down by a Queen)."""
    discard: tuple[Card, ...] = ()
    """The Discard pile, first card first."""
    hand: tuple[Card, ...] = ()
    """At ``start: setup``, the ten cards dealt."""


@dataclass(frozen=True)
class Position:
    seats: tuple[SeatPosition, ...]
    draw_pile: tuple[Card, ...] = ()
    """The top of the Draw pile, top card first."""
    rest_of_deck: RestOfDeck = RestOfDeck.SHUFFLED
    top_face_up: bool = False
    turn: int = 0
    start: Start = Start.TURN
    sacrificed: bool = False
    """The player whose turn it is has already sacrificed a Spades card this turn."""
    names: tuple[str, ...] = field(default=(), compare=False)

    def to_json(self) -> dict[str, Any]:
        players = []
        for seat in self.seats:
            p: dict[str, Any] = {
                row: [None if c is None else c.code for c in seat.grid[i * 3 : i * 3 + 3]] for i, row in enumerate(ROWS)
            }
            for key in ("face_up", "known_to_all"):
                p[key] = [spot_name(s) for s in getattr(seat, key)]
            p["discard"] = [c.code for c in seat.discard]
            p["hand"] = [c.code for c in seat.hand]
            players.append(p)
        return {
            "players": players, "draw_pile": [c.code for c in self.draw_pile],
            "rest_of_deck": str(self.rest_of_deck), "top_face_up": self.top_face_up, "turn": self.turn,
            "start": str(self.start), "sacrificed": self.sacrificed,
        }

    @classmethod
    def from_json(cls, data: Any, names: tuple[str, ...] = ()) -> Position:
        """The board part of a position (players' names may be given by ``names``; ``turn``
        is a name or a seat number). Errors name the field."""
        if not isinstance(data, dict):
            raise PositionError("position", "must be an object")
        unknown = set(data) - {"players", "draw_pile", "rest_of_deck", "top_face_up", "turn", "start", "sacrificed"}
        if unknown:
            raise PositionError(str(min(unknown, key=str))[:40], "is not a field of a position")
        players = data.get("players")
        if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise PositionError("players", f"must be a list of {MIN_PLAYERS} to {MAX_PLAYERS} players")
        seats = tuple(_seat(p, f"players[{i}]") for i, p in enumerate(players))
        start = _choice(data, "start", Start, Start.TURN)
        turn = data.get("turn", 0)
        if isinstance(turn, str) and turn in names:
            turn = names.index(turn)
        if not whole(turn) or not 0 <= turn < len(seats):
            raise PositionError("turn", "must name a player")
        for key in ("top_face_up", "sacrificed"):
            if not isinstance(data.get(key, False), bool):
                raise PositionError(key, "must be true or false")
        return cls(
            seats, _cards(data.get("draw_pile", []), "draw_pile"),
            _choice(data, "rest_of_deck", RestOfDeck, RestOfDeck.SHUFFLED), data.get("top_face_up", False),
            turn, start, data.get("sacrificed", False), names,
        )


def _seat(data: Any, where: str) -> SeatPosition:
    if not isinstance(data, dict):
        raise PositionError(where, "must be an object")
    unknown = set(data) - {"name", *ROWS, "face_up", "known_to_all", "discard", "hand"}
    if unknown:
        raise PositionError(f"{where}.{str(min(unknown, key=str))[:40]}", "is not a field of a player")
    grid: list[Card | None] = []
    for row in ROWS:
        cells = data.get(row, [None, None, None])
        if not isinstance(cells, list) or len(cells) != 3:
            raise PositionError(f"{where}.{row}", "must be a list of three cards (null for an empty place)")
        for i, cell in enumerate(cells):
            grid.append(None if cell is None or cell == "-" else _card(cell, f"{where}.{row}[{i}]"))
    spots = {}
    for key in ("face_up", "known_to_all"):
        names = data.get(key, [])
        if not isinstance(names, list) or len(names) > SPOTS:
            raise PositionError(f"{where}.{key}", "must be a list of place names (front left ... back right)")
        found = []
        for i, name in enumerate(names):
            s = spot_by_name(name) if isinstance(name, str) and len(name) < 20 else None
            if s is None:
                raise PositionError(f"{where}.{key}[{i}]", f"{str(name)[:20]!r} is not a place (front left ... back right)")
            if grid[s] is None:
                raise PositionError(f"{where}.{key}[{i}]", f"the {spot_name(s)} is empty")
            found.append(s)
        spots[key] = tuple(sorted(set(found)))
    both = set(spots["face_up"]) & set(spots["known_to_all"])
    if both:
        raise PositionError(f"{where}.known_to_all", f"the {spot_name(min(both))} is face up")
    return SeatPosition(
        tuple(grid), spots["face_up"], spots["known_to_all"], _cards(data.get("discard", []), f"{where}.discard"),
        _cards(data.get("hand", []), f"{where}.hand"),
    )


def _card(value: Any, where: str) -> Card:
    try:
        return Card.parse(value)
    except CardError as exc:
        raise PositionError(where, str(exc)) from None


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or len(value) > MAX_CARDS:
        raise PositionError(where, f"must be a list of at most {MAX_CARDS} cards")
    return tuple(_card(v, f"{where}[{i}]") for i, v in enumerate(value))


def _choice(data: dict[str, Any], key: str, kind: type[StrEnum], default: Any) -> Any:
    value = data.get(key, default)
    if not isinstance(value, str) or value not in set(kind):
        raise PositionError(key, f"must be one of {', '.join(kind)}")
    return kind(value)


def whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check(pos: Position, options: Options, n: int | None = None) -> Counter[Card]:
    """Refuse a position the cards cannot make; the cards it leaves over."""
    if n is not None and len(pos.seats) != n:
        raise PositionError("players", f"gives {len(pos.seats)} players for a game of {n}")
    left = Counter(deck(options.decks, options.jokers))
    for i, seat in enumerate(pos.seats):
        where = f"players[{i}]"
        if pos.start is Start.SETUP:
            if len(seat.hand) != HAND or any(c is not None for c in seat.grid) or seat.discard:
                raise PositionError(where, f"at start setup, each player holds {HAND} cards and nothing else")
        elif seat.hand:
            raise PositionError(f"{where}.hand", "is only for start setup")
        for field_name, cards in (("grid", [c for c in seat.grid if c is not None]), ("discard", seat.discard), ("hand", seat.hand)):
            _use(left, cards, f"{where}.{field_name}", options)
    _use(left, pos.draw_pile, "draw_pile", options)
    if pos.start is Start.TURN and (pos.draw_pile or (pos.rest_of_deck is not RestOfDeck.OUT and sum(left.values()))):
        # The rules fill a place at once from the Draw pile: a hole is only left once it is empty.
        for i, seat in enumerate(pos.seats):
            if None in seat.grid:
                s = seat.grid.index(None)
                raise PositionError(f"players[{i}].{ROWS[s // 3]}", f"the {spot_name(s)} is empty while the Draw pile holds cards")
    return left


def _use(left: Counter[Card], cards: Any, where: str, options: Options) -> None:
    for card in cards:
        left[card] -= 1
        if left[card] < 0:
            holds = f"{options.decks} deck{'s' if options.decks > 1 else ''}" + (f" and {options.jokers} Jokers" if options.jokers else "")
            raise PositionError(where, f"more {card.code} than {holds} hold")
