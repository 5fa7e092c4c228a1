"""What a game keeps of what happens: its events, each nested under the effect that caused it.

The rules tell what happens in one way whether or not anyone will read it::

    with g.rec.effect(cause, TraitPlayed, seat, card, ...):  # an effect, opened by its event
        g.rec.emit(Drew, seat, cards, ...)                    # nests under it, takes its cause

A game that people follow has a :class:`Recorder`: it builds every event, numbers it, names its
parent and its cause, and keeps the log. A game a computer player plays out in its head has a
:class:`Silent` one, which builds no event at all and only keeps the cause under way (a
question names the card that asks it). The rules never ask which they have: that is what keeps
one implementation of every rule.

The rules read ``g.rec`` where they use it, never keeping it across a question: a clone is
played up to its question silently and then given a recorder (:meth:`Game.clone`).

An event is built by the recorder from its class (or any function) and its arguments, so a
silent game pays for a call and nothing more. Where building the arguments is the costly part
(why each card of a hand cannot be played), the rules pass a function of no arguments that
builds the whole event: ``g.rec.emit(lambda: OnlyPlayable(...))``.

>>> from doomlings_access.rules.events import Cause, TurnStarted, Drew
>>> rec = Recorder()
>>> with rec.effect(Cause.rule("turn", 0), TurnStarted, 0):
...     rec.emit(Drew, 0, (3, 4), None)
>>> [(type(e).__name__, e.seq, e.parent) for e in rec.log]
[('TurnStarted', 0, None), ('Drew', 1, 0)]
>>> rec.log[1].cause.id  # what nests under an effect takes its cause
'turn'
>>> quiet = Silent()
>>> with quiet.effect(Cause.rule("turn", 0), TurnStarted, 0):
...     quiet.cause.id
'turn'
>>> quiet.log
[]
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, Callable, MutableSequence

from doomlings_access.rules.decisions import Decision
from doomlings_access.rules.events import Cause, Event

if TYPE_CHECKING:
    from doomlings_access.rules.view import Knowledge


class StopTelling(Exception):
    """Raised inside the rules once the log holds the events a listener has heard (a recorder
    made with ``until``): the game stands where they are."""


class Silent:
    """Keeps only the cause under way: no event is built (a game played out in a player's head).

    Its methods are the whole cost of telling in a game nobody follows, paid at every effect
    and event of millions of look-ahead games: each takes its arguments as given (no keyword
    dictionary is made), and the causes under way are a plain list of causes."""

    __slots__ = ("_causes",)

    recording = False
    """Whether events are kept (for a caller outside the rules: the rules never ask)."""
    asked: MutableSequence[Decision] = deque(maxlen=0)
    """The questions answered, one per action (none kept: a deque of no length drops them)."""
    log: list[Event] = []
    """No event, ever (one shared empty list: nothing is ever added to it)."""

    def __init__(self) -> None:
        self._causes: list[Cause | None] = []
        """The cause of each effect under way, the innermost last."""

    def emit(self, kind: Callable[..., Event], *args: Any, cause: Cause | None = None) -> None:
        """Nothing: a silent game tells nobody."""

    def effect(self, cause: Cause | None, kind: Callable[..., Event] | None = None, *args: Any) -> Silent:
        """Start an effect of ``cause``; use with ``with``."""
        self._causes.append(cause)
        return self

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self._causes.pop()

    @property
    def cause(self) -> Cause | None:
        """The cause of the effect under way."""
        causes = self._causes
        return causes[-1] if causes else None


class Recorder(Silent):
    """Builds, numbers and keeps every event, each under its parent and with its cause."""

    __slots__ = ("log", "asked", "_parents", "_until", "_seat_logs", "_knowledge", "_earlier")

    recording = True

    def __init__(self, until: int | None = None) -> None:
        super().__init__()
        self._parents: list[int | None] = []
        """The event that opened each effect under way (its ``seq``): the ``i``-th is the
        parent of what the ``i``-th cause causes. An effect closes by its cause alone (the
        silent recorder's ``__exit__``), so entries past the causes are left over from effects
        closed since, and dropped when the next opens."""
        self.log: list[Event] = []
        self.asked: list[Decision] = []
        """The question each action answered, in order (what a seat's view tells of them)."""
        self._earlier: dict[tuple[int, int], Knowledge] = {}
        self._until = until
        """Stop the rules (:class:`StopTelling`) once the log holds this many events."""
        self._seat_logs: dict[int, list[Event]] = {}
        self._knowledge: dict[int, Knowledge] = {}

    def emit(self, kind: Callable[..., Event], *args: Any, cause: Cause | None = None) -> None:
        """Record the event ``kind(*args)``, nested under the effect under way and caused by
        it unless ``cause`` is given (or the event names its own)."""
        event = kind(*args)
        if cause is not None:
            event.cause = cause
        self._keep(event)

    def effect(self, cause: Cause | None, kind: Callable[..., Event] | None = None, *args: Any) -> Recorder:
        """Start an effect of ``cause``, opened by the event ``kind(*args)`` if one is given:
        what follows nests under that event and takes ``cause``. Without an event, what follows
        keeps the current parent."""
        depth = len(self._causes)
        parents = self._parents
        del parents[depth:]  # (the parents of effects closed since: see _parents)
        if kind is None:
            parents.append(parents[-1] if depth else None)
        else:
            seq = len(self.log)
            self._keep(kind(*args))  # (nested under the effect that opens this one)
            parents.append(seq)
        self._causes.append(cause)
        return self

    def _keep(self, event: Event) -> None:
        log = self.log
        event.seq = len(log)
        depth = len(self._causes)
        if depth:
            event.parent = self._parents[depth - 1]
            if event.cause is None:
                event.cause = self._causes[-1]
        log.append(event)
        if self._until is not None and len(log) >= self._until:
            raise StopTelling

    def take_over(self, silent: Silent, causes: list[Cause | None], parents: list[int | None]) -> None:
        """Tell what follows in a game played silently up to here (a clone): the effects under
        way were opened on ``silent``, and their with-blocks close them there, so this recorder
        keeps that very list of causes, holding ``causes`` and ``parents`` (the original's)."""
        shared = silent._causes
        shared[:] = causes
        self._causes = shared
        self._parents = parents[: len(causes)]

    def seat_log(self, seat: int | None) -> list[Event]:
        """The log as ``seat`` saw it: others' private cards become counts (``None``: an
        onlooker, who sees only what is public). Kept up to date as it is read."""
        key = -1 if seat is None else seat
        seen = self._seat_logs.setdefault(key, [])
        log = self.log
        if len(seen) < len(log):
            seen.extend(e.seen_by(seat) for e in log[len(seen) :])
        return seen

    def knowledge(self, seat: int, until: int | None = None) -> Knowledge:
        """What ``seat`` knows of the cards it cannot see now (or when the log held ``until``
        events), from its events."""
        from doomlings_access.rules.view import Knowledge, update

        if until is not None and until < len(self.log):
            key = (seat, until)
            earlier = self._earlier.get(key)
            if earlier is None:
                if len(self._earlier) > 64:
                    self._earlier.clear()
                earlier = self._earlier[key] = Knowledge()
                update(earlier, self.log, seat, until)
            return earlier
        k = self._knowledge.get(seat)
        if k is None:
            k = self._knowledge[seat] = Knowledge()
        update(k, self.log, seat)
        return k

    def copy(self) -> Recorder:
        """An independent recorder with the same log (a clone of a recorded game)."""
        other = Recorder()
        other.log = list(self.log)
        other.asked = list(self.asked)
        other._seat_logs = {seat: list(seen) for seat, seen in self._seat_logs.items()}
        other._knowledge = {seat: k.copy() for seat, k in self._knowledge.items()}
        return other
