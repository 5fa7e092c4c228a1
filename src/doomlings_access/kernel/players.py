"""What a game gives its computer players, so that one search serves every game.

A computer player answers the same decisions as a person, from its seat's view only:
``player.choose(view, decision) -> answer`` (:class:`Agent`). The players that think ahead
(the normal and hard levels) do it in games dealt from that view, played on by rules of thumb;
all of that is the same for every game (``doomlings_access.players``) but four things, which
each game gives in one :class:`Family` object:

- :meth:`Family.sample`: a complete game consistent with a view, standing at its question;
- :meth:`Family.rule_of_thumb`: the quick answer every seat gives inside those games;
- :meth:`Family.starts_turn`: how a game played on knows a seat's turn has ended (a question
  asked only at the heart of a turn, now asked of another seat);
- :meth:`Family.standing`: how well a seat stands in a view, the figure answers are ranked by.

and, for games whose rules leave some picks to chance, :meth:`Family.left_to_chance`.

A family reads views and the games it samples, never the game being played: two games that
differ only in cards a seat cannot see give it equal views, and so equal answers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from doomlings_access.kernel.decisions import Choice, Decision, Value


class SeatView(Protocol):
    """What the game-agnostic players read of any game's view of one seat."""

    @property
    def seat(self) -> int: ...

    @property
    def active(self) -> int | None:
        """Whose turn it is (None before the first turn)."""

    @property
    def log(self) -> Sequence[object]:
        """The events as the seat knows them (their number fixes a decision's randomness)."""


V = TypeVar("V", bound=SeatView)
V_co = TypeVar("V_co", bound=SeatView, covariant=True)
V_contra = TypeVar("V_contra", bound=SeatView, contravariant=True)


class Playable(Protocol[V_co]):
    """A game as its computer players are played through it: the question pending, answers
    applied, each seat's view. A game dealt from a view, played on in a player's head, is one;
    so is a tournament's game."""

    @property
    def pending(self) -> Decision | None: ...

    def apply(self, action: Choice) -> object: ...

    def view(self, seat: int) -> V_co: ...


class Family(Protocol[V]):
    """One game as its computer players see it (see the module's text)."""

    def sample(self, view: V, rng: random.Random) -> Playable[V]:
        """A complete game consistent with ``view``, at the seat's own decision; its hidden
        cards and its future chance drawn from ``rng``. A ``ValueError`` if it cannot be done
        (the players then answer by rule of thumb)."""

    def rule_of_thumb(self, view: V, decision: Decision, seed: int) -> Value:
        """One of ``decision``'s options, chosen quickly from ``view`` alone."""

    def starts_turn(self, decision: Decision) -> bool:
        """Whether ``decision`` is asked only of the seat whose turn it is, at its turn's heart:
        asked of another seat, the turn before is over."""

    def standing(self, view: V) -> float:
        """How well the view's seat stands: higher is better, comparable between answers."""

    def left_to_chance(self, decision: Decision) -> bool:
        """Whether ``decision`` is a pick the rules leave to chance, answered at random."""


class Agent(Protocol[V_contra]):
    """A computer player: picks one option of ``decision`` from what ``view`` shows."""

    thinks: bool
    """Whether a decision may take long enough that a person waiting should first hear what
    has happened so far, and, at the start of each of its turns, that the player is thinking."""

    def choose(self, view: V_contra, decision: Decision) -> Value: ...


def thinking_time(agent: Agent[Any] | None) -> float:
    """How long ``agent`` may think: the seconds of its budget, a public setting (0 for a level
    that does not search, which has none); at a table that waits for it, the time of its whole
    turn (:func:`turn_begins`). What the table waits for and whether "is thinking" is said
    rest on this, never on the time a decision took."""
    return float(getattr(getattr(agent, "budget", None), "seconds", 0.0))


@runtime_checkable
class Timed(Protocol):
    """A computer player that can be told how long its turn has, all questions of it together."""

    def turn_begins(self, seconds: float) -> None:
        """Its turn has begun: every question the rules ask it in this turn is to be thought
        out within ``seconds`` from now, together."""


SPARE = 0.1
"""The part of a turn's thinking time a computer player leaves unused: the rules' own moves
and its last quick answers are done before the table tells the turn, not after."""


def turn_begins(agent: Agent[Any] | None) -> float:
    """The turn of ``agent``, a computer player that thinks, has begun: the seconds after which
    the table tells it, whatever it held (its :func:`thinking_time`). A :class:`Timed` player
    is told to think out the whole turn well within them.

    Each question it searched had its own budget, so a turn of two questions was told a
    budget later than a turn of one, and whether a later question is asked at all may depend
    on the cards it holds (the rules take an answer of one option without asking): how long
    a listener waited told them what it held. One budget for the whole turn, and the table
    waiting that budget, tell nothing."""
    seconds = thinking_time(agent)
    if isinstance(agent, Timed):
        agent.turn_begins(seconds * (1 - SPARE))
    return seconds
