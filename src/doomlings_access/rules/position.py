"""Positions anyone can set up: where every card is, and where in the game play starts.

A :class:`Position` names cards by id (``"tiny"``, ``"ice_age"``); the engine gives each
the first free card of that trait. It is the one public way to start a game anywhere but at
the deal: rules tests, the scorer, teachers' scenarios and bug reports all use it, through
``Setup(players, seed, options, position=...)``.

>>> from doomlings_access.cards import load_cards
>>> from doomlings_access.rules import Game, Setup
>>> pos = Position(hands=(("tiny", "kidney"), ("quick",)), revealed=("the_birth_of_life",),
...                age="the_birth_of_life")
>>> game = Game(load_cards(), Setup(("Ana", "Ben"), 1, position=pos))
>>> game.pending.reason
'play_trait'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from doomlings_access.rules.options import MAX_PLAYERS
from doomlings_access.rules.events import CauseKind
from doomlings_access.rules.state import CATASTROPHES, Phase

if TYPE_CHECKING:
    from doomlings_access.rules.game import Game

STARTS = ("turn", "round", "worlds_end")
PLAYS = ("game", "round", "turn")
REST_OF_DECK = ("shuffled", "in_order", "out")
RANDOM_PICKS = ("seeded", "ask")

MAX_CARDS = 200
"""More cards than any table holds (two decks' worth): a longer list is refused, in a position
file or inside a save (where a list of 100,000 cards made resuming hang)."""
MAX_ID = 80
"""Longer than any card id."""

GENE_POOL_RANGE = (0, 12)
"""The gene pools a described position may give (play keeps them to 1 to 8; a tally may be off)."""


class PositionError(ValueError):
    """A position that cannot be set up; the message names the field."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"{field}: {why}")
        self.field, self.why = field, why

    @property
    def setup_field(self) -> str:
        """The field as a setup names it: ``position.hands[1]`` (a save's ``setup.position``)."""
        return self.field if self.field == "position" else f"position.{self.field}"


@dataclass(frozen=True)
class Position:
    """A described position. Seats are given in seat order; cards by their ids."""

    hands: tuple[tuple[str, ...], ...] = ()
    piles: tuple[tuple[str, ...], ...] = ()
    gene_pools: tuple[int, ...] = ()
    """One per seat (5 when not given)."""
    deck: tuple[str, ...] = ()
    """The top of the trait deck, top card first; every trait placed nowhere else follows."""
    rest_of_deck: str = "shuffled"
    """``shuffled`` with the game's seed, ``in_order`` (card-data order, last card on top), or
    ``out``: the deck is exactly ``deck`` and the other traits are left out of the game."""
    discard: tuple[str, ...] = ()
    """The discard pile, bottom first (the last is on top)."""
    revealed: tuple[str, ...] = ()
    """Ages and catastrophes revealed so far, in order (the round's own card included)."""
    catastrophes: tuple[str, ...] | None = None
    """Catastrophes so far, in order; by default those in ``revealed``."""
    age: str | None = None
    """The age whose round is under way, when play starts at a turn (its rules apply)."""
    age_deck: tuple[str, ...] | None = None
    """The ages and catastrophes to come, top first; by default dealt from the unrevealed ones."""
    first_player: int = 0
    start: str = "turn"
    """``turn`` (a turn of the round under way), ``round`` (reveal the next card) or ``worlds_end``."""
    turn: int | None = None
    """Whose turn starts (``start="turn"``); by default the round's first turn."""
    play: str = "game"
    """How much is played: the whole ``game``, the ``round``, or one ``turn``."""
    denial_spent: tuple[str, ...] = ()
    """Traits whose one-time catastrophe protection has been used."""
    protected: tuple[int, ...] = ()
    """Seats the catastrophe under way (or the final one, at World's End) does nothing to."""
    random_picks: str = "seeded"
    """``seeded``, or ``ask``: random picks and cards drawn for points are asked (the scorer)."""
    tie_break_draws: bool = True
    """Whether tied leaders draw a trait to break the tie."""

    def __post_init__(self) -> None:
        for name, allowed in (
            ("start", STARTS),
            ("play", PLAYS),
            ("rest_of_deck", REST_OF_DECK),
            ("random_picks", RANDOM_PICKS),
        ):
            if getattr(self, name) not in allowed:
                raise PositionError(name, f"must be one of {', '.join(allowed)}")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        default = Position()
        for f in fields(self):
            value = getattr(self, f.name)
            if value == getattr(default, f.name):
                continue
            if isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            out[f.name] = value
        return out

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """Read a position written by :meth:`to_json` (errors name the field)."""
        if not isinstance(data, dict):
            raise PositionError("position", "expected an object")
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise PositionError(str(key)[:40], "unknown field")
            values[key] = _field(key, value)
        return cls(**values)


_NESTED = {"hands", "piles"}
_TEXTS = {"deck", "discard", "revealed", "catastrophes", "age_deck", "denial_spent"}
_INTS = {"gene_pools", "protected"}


def _field(key: str, value: Any) -> Any:
    if key in _NESTED:
        if not isinstance(value, list) or len(value) > MAX_PLAYERS or not all(
            isinstance(v, list) and _card_ids(v) for v in value
        ):
            raise PositionError(
                key, f"expected a list (one per seat) of lists of at most {MAX_CARDS} card ids"
            )
        return tuple(tuple(v) for v in value)
    if key in _TEXTS:
        if value is None and key in ("catastrophes", "age_deck"):
            return None
        if not isinstance(value, list) or not _card_ids(value):
            raise PositionError(key, f"expected a list of at most {MAX_CARDS} card ids")
        return tuple(value)
    if key in _INTS:
        if not isinstance(value, list) or len(value) > MAX_PLAYERS or not all(_is_int(v) for v in value):
            raise PositionError(key, f"expected a list of at most {MAX_PLAYERS} whole numbers")
        low, high = GENE_POOL_RANGE if key == "gene_pools" else (0, 5)
        for i, v in enumerate(value):
            if not low <= v <= high:
                raise PositionError(f"{key}[{i}]", f"must be {low} to {high}")
        return tuple(value)
    if key in ("first_player", "turn"):
        if value is None and key == "turn":
            return None
        if not _is_int(value):
            raise PositionError(key, "expected a seat number")
        return value
    if key == "tie_break_draws":
        if not isinstance(value, bool):
            raise PositionError(key, "expected true or false")
        return value
    if key == "age":
        if value is not None and not isinstance(value, str):
            raise PositionError(key, "expected an age id")
        return value
    if not isinstance(value, str):
        raise PositionError(key, "expected text")
    return value


def _card_ids(value: list[Any]) -> bool:
    """Whether ``value`` could be a list of card ids (not too many, none too long)."""
    return len(value) <= MAX_CARDS and all(isinstance(c, str) and len(c) <= MAX_ID for c in value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def place(g: Game, pos: Position) -> None:
    """Set up ``g`` at ``pos``: deal the named cards, then the round and the progress."""
    n = g.n
    cards = g.cards
    for name, seq in (("hands", pos.hands), ("piles", pos.piles), ("gene_pools", pos.gene_pools)):
        if len(seq) > n:
            raise PositionError(name, f"gives {len(seq)} seats for {n} players")
    free: dict[str, list[int]] = {}
    for i, d in enumerate(g.defs):
        free.setdefault(d.id, []).append(i)

    def take(trait: str, where: str) -> int:
        if trait not in cards.traits:
            raise PositionError(where, f"no trait has the id {trait!r}")
        ids = free.get(trait)
        if ids:
            return ids.pop(0)
        # More copies than one deck holds (a tally of two decks): a new card.
        g.defs.append(cards.traits[trait])
        return len(g.defs) - 1

    for seat, hand in enumerate(pos.hands):
        g.seats[seat].hand = [take(c, f"hands[{seat}]") for c in hand]
    for seat, pile in enumerate(pos.piles):
        g.seats[seat].pile = [take(c, f"piles[{seat}]") for c in pile]
    for seat, pool in enumerate(pos.gene_pools):
        g.seats[seat].gene_pool = pool
    g.table.discard = [take(c, "discard") for c in pos.discard]
    top = [take(c, "deck") for c in pos.deck]
    rest = sorted(c for ids in free.values() for c in ids)
    if pos.rest_of_deck == "out":
        g.table.box = rest
        rest = []
    elif pos.rest_of_deck == "shuffled":
        g.rng.shuffle(rest)
    g.table.deck = rest + top[::-1]
    g.reindex()

    for i, card in enumerate(pos.revealed):
        if card not in cards.ages and card not in cards.catastrophes:
            raise PositionError(f"revealed[{i}]", f"no age or catastrophe has the id {card!r}")
    g.table.revealed = list(pos.revealed)
    cats = pos.catastrophes
    if cats is None:
        cats = tuple(c for c in pos.revealed if c in cards.catastrophes)
    for i, cat in enumerate(cats):
        if cat not in cards.catastrophes:
            raise PositionError(f"catastrophes[{i}]", f"no catastrophe has the id {cat!r}")
    if len(cats) > CATASTROPHES:
        raise PositionError("catastrophes", f"at most {CATASTROPHES}")
    g.table.catastrophes = list(cats)
    g.table.age_deck = _age_deck(g, pos)
    for trait in pos.denial_spent:
        g.table.denial_spent.update(c for p in g.seats for c in p.pile if g.defs[c].id == trait)

    for i, seat in enumerate(pos.protected):
        if not 0 <= seat < n:
            raise PositionError(f"protected[{i}]", f"no seat {seat} among {n} players")
    for name, where in (("first_player", pos.first_player), ("turn", pos.turn)):
        if where is not None and not 0 <= where < n:
            raise PositionError(name, f"no seat {where} among {n} players")
    r = g.round
    r.first_player = pos.first_player
    r.number = len(pos.revealed)
    r.protected = set(pos.protected)
    if pos.start == "worlds_end":
        r.phase = Phase.WORLDS_END
    elif pos.start == "round":
        r.phase = Phase.NEXT_ROUND
    else:
        from doomlings_access.rules.flow import set_round_age, turn_order

        if pos.age is not None:
            if pos.age not in cards.ages:
                raise PositionError("age", f"no age has the id {pos.age!r}")
            if pos.age not in g.table.revealed:
                g.table.revealed.append(pos.age)
            set_round_age(g, cards.ages[pos.age])
        elif g.table.catastrophes and g.table.revealed[-1:] == g.table.catastrophes[-1:]:
            r.kind = CauseKind.CATASTROPHE
        r.phase = Phase.TURNS
        r.turn_index = turn_order(g).index(pos.turn) if pos.turn is not None else 0


def _age_deck(g: Game, pos: Position) -> list[str]:
    """The age deck (top at the end of the list): as given, or dealt from the unrevealed cards.

    A round to start after the third catastrophe is refused (the world has ended), and so
    is a round (or a turn) to play alone from an empty deck (it has no card to reveal), and
    a whole game from a deck short of the catastrophes still to come: the world ends only
    with the third catastrophe (a deck that ran out used to end it early)."""
    cards = g.cards
    if pos.age_deck is None:
        from doomlings_access.rules.flow import remaining_age_deck

        deck = remaining_age_deck(g)
    else:
        for i, card in enumerate(pos.age_deck):
            if card not in cards.ages and card not in cards.catastrophes:
                raise PositionError(f"age_deck[{i}]", f"no age or catastrophe has the id {card!r}")
        deck = list(pos.age_deck)
    if pos.start == "round" and len(g.table.catastrophes) == CATASTROPHES:
        raise PositionError("start", "round, but the last catastrophe is revealed: start at worlds_end")
    if pos.start == "round" and pos.play != "game" and not deck:
        raise PositionError("age_deck", "is empty, and the round to play starts by revealing its top card")
    to_come = CATASTROPHES - len(g.table.catastrophes)
    held = sum(card in cards.catastrophes for card in deck)
    if pos.play == "game" and held < to_come and pos.start != "worlds_end":
        raise PositionError(
            "age_deck", f"holds {held} of the {to_come} catastrophes still to come; the world ends only with the third"
        )
    return list(reversed(deck))
