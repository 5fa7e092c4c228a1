"""The game: its state, the pending decision, ``legal_actions()`` and ``apply()``.

A game is its :class:`~.options.Setup` and the answers given (:attr:`Game.actions`):
:meth:`Game.replay` rebuilds it exactly, and a save holds both with a snapshot of the state,
checked on loading. Because the rules are an explicit machine over plain data
(:mod:`.state`), :meth:`Game.from_state` also stands a game at any decision from its state
alone: that is how sampled games (:mod:`.sampling`) and copies are made.

>>> game = Game(Setup(("Ana", "Ben"), seed=1))
>>> game.pending.reason, game.pending.player
(<Reason.DISCARD: 'discard'>, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from doomlings_access.doomcrop import events as ev
from doomlings_access.doomcrop.cards import deck
from doomlings_access.doomcrop.decisions import Choice, Decision, GameOverError, IllegalActionError
from doomlings_access.doomcrop.events import Event
from doomlings_access.doomcrop.options import SetupError
from doomlings_access.doomcrop.placing import place
from doomlings_access.doomcrop.setup import Setup
from doomlings_access.doomcrop.rules.flow import answer, deal, run
from doomlings_access.doomcrop.rules.table import emit
from doomlings_access.doomcrop.state import Outcome, State
from doomlings_access.doomcrop.view import View, view_of

SAVE_VERSION = 1
GAME = "doomcrop"
NO_EVENTS: tuple[Event, ...] = ()


class Game:
    """One game of Doomcrop. Drive it with :meth:`legal_actions` and :meth:`apply`."""

    __slots__ = ("setup", "state", "actions", "pending", "_seen")

    def __init__(self, setup: Setup, *, record: bool = True, _state: State | None = None) -> None:
        self.setup = setup
        self.actions: list[Choice] = []
        self._seen: dict[int | None, tuple[list[int], list[Event]]] = {}
        if _state is None:
            n = len(setup.players)
            st = State.empty(setup.options, n, random.Random(setup.seed))
            st.log = [] if record else None
            emit(st, ev.GameStarted(setup.players, setup.options.differences()))
            if setup.position is not None:

                place(st, setup.position)
            else:
                st.draw = deck(setup.options.decks, setup.options.jokers)
                deal(st)
            _state = st
        self.state = _state
        self.pending: Decision | None = run(_state)

    @classmethod
    def from_state(cls, setup: Setup, state: State) -> Game:
        """A game standing where ``state`` stands (at its decision). It has no answers of its
        own to replay, so it cannot be saved; it is for thinking ahead and for tests."""
        return cls(setup, _state=state)

    # --- playing ---------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.pending is None

    @property
    def outcome(self) -> Outcome | None:
        """Each seat's count (Diamond numbers as two) and the winners, once the game is over."""
        return self.state.outcome

    @property
    def log(self) -> list[Event]:
        return self.state.log if self.state.log is not None else []

    def legal_actions(self) -> list[Choice]:
        d = self.pending
        return [] if d is None else [Choice(d.player, v) for v in d.options]

    def apply(self, action: Choice) -> Sequence[Event]:
        """Answer the pending decision; the events that followed, in order.

        A bad answer raises :class:`IllegalActionError` and changes nothing."""
        d = self.pending
        if d is None:
            raise GameOverError("the game is over")
        player, value = action
        if type(player) is not int or player != d.player:
            raise IllegalActionError(f"it is seat {d.player}'s decision, not {player!r}'s")
        if type(value) is bool or value not in d.options:
            raise IllegalActionError(f"{str(value)[:20]!r} is not an option")
        self.actions.append(Choice(player, value))
        st = self.state
        mark = len(st.log) if st.log is not None else 0
        answer(st, value)
        self.pending = run(st)
        return NO_EVENTS if st.log is None else st.log[mark:]

    # --- what a seat may know ----------------------------------------------------------------

    def seen_log(self, seat: int | None) -> list[Event]:
        """The log as ``seat`` (None: an onlooker) may know it."""
        read, seen = self._seen.setdefault(seat, ([0], []))
        log = self.log
        for event in log[read[0] :]:
            told = event.seen_by(seat)
            if told is not None:
                seen.append(told)
        read[0] = len(log)
        return seen

    def view(self, seat: int) -> View:
        """Exactly what ``seat`` may know now."""
        return view_of(self.state, seat, self.setup, tuple(self.seen_log(seat)), self.pending)

    # --- copies, replays, saves --------------------------------------------------------------

    def copy(self, *, record: bool = False) -> Game:
        """An independent game at the same decision (with the log only when ``record``)."""
        g = Game(self.setup, _state=self.state.copy(log=record))
        g.actions = list(self.actions)
        return g

    @classmethod
    def replay(cls, setup: Setup, actions: Iterable[Choice], *, record: bool = True) -> Game:
        game = cls(setup, record=record)
        for action in actions:
            game.apply(action)
        return game

    def snapshot(self) -> dict[str, Any]:
        return self.state.to_json()

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME, "version": SAVE_VERSION, "setup": self.setup.to_json(),
            "actions": [a.to_json() for a in self.actions], "state": self.snapshot(),
        }

    @classmethod
    def from_json(cls, data: Any) -> Game:
        """A game saved by :meth:`to_json`: replayed from its setup and answers, and checked
        against its snapshot. A :class:`SaveError` names the field at fault."""
        if not isinstance(data, dict):
            raise SaveError("save", "must be an object")
        if data.get("game") != GAME:
            raise SaveError("game", f"must be {GAME!r}")
        if data.get("version") != SAVE_VERSION:
            raise SaveError("version", f"must be {SAVE_VERSION}")
        try:
            setup = Setup.from_json(data.get("setup"))
        except SetupError as exc:
            raise SaveError(f"setup.{exc.field}", exc.why) from None
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise SaveError("actions", "must be a list")
        game = cls(setup)
        for i, raw in enumerate(actions):
            try:
                game.apply(Choice.from_json(raw))
            except ValueError as exc:
                raise SaveError(f"actions[{i}]", str(exc)) from None
        state = data.get("state")
        if state is not None:
            mine = game.snapshot()
            if not isinstance(state, dict):
                raise SaveError("state", "must be an object")
            for key in sorted(set(mine) | set(state)):
                if state.get(key) != mine.get(key):
                    raise SaveError(f"state.{str(key)[:40]}", "does not match the game its answers replay")
        return game


class SaveError(ValueError):
    """A save that cannot be loaded; ``field`` names the part at fault."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"{field}: {why}")
        self.field, self.why = field, why
