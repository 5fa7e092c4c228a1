"""The state of a game, in four typed parts, each with one owner in the rules.

- :class:`Seat`: one player's hand, trait pile and gene pool (changed by the primitives).
- :class:`Table`: the trait deck, the discard pile, the age deck and what has been revealed.
- :class:`RoundState`: the round under way: its age and rules, whose turn, the first player.
- :class:`Ending`: World's End and scoring: recolourings, named colours, points, winners.

Every part copies itself cheaply, so a position can be kept and a game resumed from it
(:meth:`doomlings_access.rules.game.Game.clone`) without replaying the whole game. Code
outside ``rules/`` reads these parts and never assigns to them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Callable

from doomlings_access.cards.model import AgeDef, Piece
from doomlings_access.rules.events import Cause, CauseKind
from doomlings_access.rules.options import MAX_PLAYERS

if TYPE_CHECKING:
    from doomlings_access.rules.scoring import Score

Hooked = tuple[tuple[Piece, Callable[..., Any]], ...]

GENE_POOL_START = 5
CATASTROPHES = 3
"""Catastrophes in a game: the world ends in the round of the third."""


CLOCKWISE: tuple[list[list[int]], ...] = tuple(
    [[(start + i) % n for i in range(n)] for start in range(n)] for n in range(MAX_PLAYERS + 1)
)
"""For ``n`` seats, the seats clockwise from each: ``CLOCKWISE[3][1] == [1, 2, 0]`` (shared by
every game: read, never changed)."""


@dataclass(slots=True)
class Seat:
    """One player: name, hand, trait pile and gene pool (card ids are instance ids)."""

    name: str
    hand: list[int] = field(default_factory=list)
    pile: list[int] = field(default_factory=list)
    gene_pool: int = GENE_POOL_START

    def copy(self) -> Seat:
        return Seat(self.name, self.hand[:], self.pile[:], self.gene_pool)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "hand": list(self.hand),
            "pile": list(self.pile),
            "gene_pool": self.gene_pool,
        }


@dataclass(slots=True)
class Table:
    """Cards that belong to no seat: decks, the discard pile, what has been revealed."""

    deck: list[int] = field(default_factory=list)
    """The trait deck; its top is the end of the list."""
    discard: list[int] = field(default_factory=list)
    """The discard pile, face up; its top is the end of the list."""
    in_play: list[int] = field(default_factory=list)
    """A trait being played while its cost is paid (between zones)."""
    age_deck: list[str] = field(default_factory=list)
    """Ages and catastrophes still to come; the top is the end of the list."""
    revealed: list[str] = field(default_factory=list)
    """Ages and catastrophes, in the order revealed."""
    catastrophes: list[str] = field(default_factory=list)
    denial_spent: set[int] = field(default_factory=set)
    """Traits whose one-time catastrophe protection has been used."""
    box: list[int] = field(default_factory=list)
    """Traits left out of this game (a described position may leave them out of the deck)."""

    def copy(self) -> Table:
        return Table(
            self.deck[:],
            self.discard[:],
            self.in_play[:],
            self.age_deck[:],
            self.revealed[:],
            self.catastrophes[:],
            set(self.denial_spent),
            self.box,
        )


class Phase(StrEnum):
    """Where a game stands, in the order a round goes."""

    SETUP = "setup"
    NEXT_ROUND = "next_round"
    """Play goes on by revealing the top of the age deck."""
    AGE = "age"
    """An age has been revealed and is applied (its turns follow)."""
    CATASTROPHE = "catastrophe"
    """A catastrophe has been revealed and is applied."""
    TURNS = "turns"
    WORLDS_END = "worlds_end"
    SCORING = "scoring"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class RoundRules:
    """The rules the round's age sets (and those of the age it repeats), by hook point: each
    the pieces in force with their code. Built once per age and shared by every game that
    reveals it; read as attributes, so a hook point's name is checked where it is written."""

    age_forbids: Hooked = ()
    actions_ignored: Hooked = ()
    piles_protected: Hooked = ()
    hand_size: Hooked = ()
    turn_order: Hooked = ()
    round_turn_start: Hooked = ()
    before_turn_play: Hooked = ()
    turn_play: Hooked = ()
    plays_per_turn: Hooked = ()
    after_turn_play: Hooked = ()
    before_stabilize: Hooked = ()
    instead_of_stabilize: Hooked = ()
    after_stabilize: Hooked = ()
    repeat_previous_age: Hooked = ()

    def pieces(self, hook: str) -> list[Piece]:
        """The pieces in force at ``hook`` (a :class:`~doomlings_access.cards.pieces.Hook` of the round)."""
        hooked: Hooked = getattr(self, hook)
        return [piece for piece, _ in hooked]


NO_RULES = RoundRules()
"""A round whose card sets no rule (a catastrophe's)."""


@dataclass(slots=True)
class RoundState:
    """The round under way, and where the game stands within it."""

    number: int = 0
    phase: Phase = Phase.SETUP
    kind: CauseKind | None = None
    """What was revealed to start this round: an age or a catastrophe."""
    first_player: int = 0
    active: int | None = None
    age: AgeDef | None = None
    rules: RoundRules = NO_RULES
    """The round's rules in force (the age's, and those of the age it repeats)."""
    last_played_colours: tuple[str, ...] = ()
    protected: set[int] = field(default_factory=set)
    """Seats the current catastrophe does nothing to (Denial)."""
    turn_index: int = 0
    """How many turns of this round have started (where a resumed round goes on)."""
    skipping: Cause | None = None
    """While set, ages are skipped until the next catastrophe (its cause: the trait played)."""
    resolving: list[int] = field(default_factory=list)
    """Traits whose actions are resolving (no endless loops)."""

    def copy(self) -> RoundState:
        return RoundState(
            self.number,
            self.phase,
            self.kind,
            self.first_player,
            self.active,
            self.age,
            self.rules,
            self.last_played_colours,
            set(self.protected),
            self.turn_index,
            self.skipping,
            self.resolving[:],
        )


@dataclass(slots=True)
class Ending:
    """World's End and scoring."""

    catastrophe: str | None = None
    """The catastrophe whose World's End effect is used, when a player chose it (Prepper)."""
    recolour: dict[int, tuple[str, ...]] = field(default_factory=dict)
    named_colour: dict[int, str] = field(default_factory=dict)
    colourless_as: tuple[int, bool, frozenset[int]] | None = None
    """A World's End rule: (face value of colourless traits, dominants excepted, seats affected)."""
    points: list[int] = field(default_factory=list)
    """World's End points per seat."""
    tie_break: list[int] = field(default_factory=list)
    tie_breakers: list[int] = field(default_factory=list)
    scores: list[Score] = field(default_factory=list)
    winners: tuple[int, ...] = ()

    def copy(self) -> Ending:
        return Ending(
            self.catastrophe,
            dict(self.recolour),
            dict(self.named_colour),
            self.colourless_as,
            self.points[:],
            self.tie_break[:],
            self.tie_breakers[:],
            self.scores[:],
            self.winners,
        )
