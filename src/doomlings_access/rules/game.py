"""The game: state, the pending decision, ``legal_actions()`` and ``apply()``.

The rules themselves are written as one generator (:mod:`.flow`) that yields a
:class:`~.decisions.Decision` whenever a player must choose and receives the answer. The game
runs it until the next decision. A game is fully described by its :class:`~.options.Setup`
(which may start from a described :class:`~.position.Position`) and its list of actions:
:meth:`Game.replay` rebuilds it exactly, which is how games are saved and loaded.

The state is in a few typed parts, each with one owner in the rules (:mod:`.state`): the seats,
the table, the round and the ending; the card index (:class:`~.hooks.CardIndex`) says what the
rules look up about the cards; the recorder (:mod:`.recorder`) keeps the events.

A running generator cannot be copied, so the game may keep a *checkpoint*: a copy of its typed
state at the start of the latest turn or round, where the rules can be resumed from the state
alone. :meth:`Game.clone` resumes there and answers the few questions asked since, instead of
replaying the whole game.

Cards are loaded at the edge (``doomlings_access.cards.load_cards``) and handed in: the
rules read no file and no environment.

>>> from doomlings_access.cards import load_cards
>>> from doomlings_access.rules import Game, Setup
>>> game = Game(load_cards(), Setup(("Ana", "Ben"), seed=1))
>>> game.pending.player in (0, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from doomlings_access.cards import CardSet, TraitDef
from doomlings_access.cards.model import CatastropheDef, Piece
from doomlings_access.kernel.chance import GameRandom
from doomlings_access.rules.decisions import Choice, Decision, Value
from doomlings_access.rules.errors import GameOverError, IllegalActionError
from doomlings_access.rules.events import Event
from doomlings_access.rules.flow import play_on, set_up
from doomlings_access.rules.hooks import CardIndex, index_cards
from doomlings_access.rules.options import MAX_PLAYERS, Options
from doomlings_access.rules import placing
from doomlings_access.rules.setup import Setup
from doomlings_access.rules.recorder import Recorder, Silent, StopTelling
from doomlings_access.rules.state import CLOCKWISE, Ending, Phase, RoundState, Seat, Table

if TYPE_CHECKING:
    from doomlings_access.rules.scoring import Score
    from doomlings_access.rules.view import Knowledge, PlayerView

Flow = Generator[Decision, Value, Any]
SAVE_VERSION = 1


class Checkpoint:
    """The typed state at a point where the rules can resume from the state alone."""

    __slots__ = ("actions", "seats", "table", "round", "ending", "rng", "log")

    def __init__(self, g: Game) -> None:
        self.actions = len(g.actions)
        self.seats = [s.copy() for s in g.seats]
        self.table = g.table.copy()
        self.round = g.round.copy()
        self.ending = g.ending.copy()
        self.rng: tuple[Any, ...] = g.rng.getstate()
        self.log = len(g.rec.log)


class Game:
    """One game of Doomlings. Drive it with :meth:`legal_actions` and :meth:`apply`."""

    __slots__ = (
        "cards", "setup", "defs", "index", "rng", "seats", "table", "round", "ending", "actions",
        "pending", "rec", "send", "checkpoint", "keeps_checkpoints",
    )

    def __init__(
        self,
        cards: CardSet,
        setup: Setup,
        *,
        record: bool = True,
        checkpoints: bool | None = None,
        _resume: Checkpoint | None = None,
        _defs: Sequence[TraitDef] | None = None,
        _until: int | None = None,
    ) -> None:
        if cards.edition != setup.options.edition:
            raise ValueError(
                f"the cards are the {cards.edition} printing but the game is {setup.options.edition}"
            )
        if not 2 <= len(setup.players) <= MAX_PLAYERS and setup.position is None:
            raise ValueError("Doomlings is for 2 to 6 players")
        self.cards = cards
        self.setup = setup
        source = _defs if _defs is not None else cards.trait_instances
        self.defs: list[TraitDef] = list(source)
        """The trait of each card: one id per physical trait card, in card-data order (a
        described position may add copies: a tally of two decks)."""
        self.index: CardIndex = index_cards(source)
        """What the rules look up about the cards (:class:`~.hooks.CardIndex`)."""
        self.rng: random.Random = GameRandom(setup.seed) if _resume is None else GameRandom.from_state(_resume.rng)
        self.seats = [Seat(name) for name in setup.players]
        self.table = Table()
        self.round = RoundState()
        self.ending = Ending(points=[0] * self.n, tie_break=[0] * self.n)
        self.actions: list[Choice] = []
        self.pending: Decision | None = None
        self.rec: Silent = Recorder(_until) if record or _until is not None else Silent()
        """Keeps the events (:class:`~.recorder.Recorder`), or only the cause under way
        (:class:`~.recorder.Silent`: computer players' look-ahead)."""
        self.send: Callable[[Value], Decision] | None = None
        """Answers the flow of the rules (a generator) and runs it to its next question."""
        self.checkpoint: Checkpoint | None = None
        self.keeps_checkpoints = record if checkpoints is None else checkpoints
        """Whether a copy of the state is kept at each turn and round start: a game that records
        its events does (its views tell how the rules came to a question from there, for
        computer players to sample, and clones resume there); one played out in a player's
        head does not."""
        try:
            if _resume is not None:
                self._restore(_resume)
            elif setup.position is not None:
                placing.place(self, setup.position)
            else:
                set_up(self)
            self._start(play_on(self))
        except StopTelling:
            self.pending = None

    # --- what the setup says -----------------------------------------------------------------

    @property
    def options(self) -> Options:
        return self.setup.options

    @property
    def n(self) -> int:
        return len(self.seats)

    @property
    def record(self) -> bool:
        """Whether the game keeps its events."""
        return self.rec.recording

    @property
    def random_picks_asked(self) -> bool:
        """Random picks (and cards drawn for points) are asked as CHANCE decisions: the scorer
        gives what happened at a real table."""
        position = self.setup.position
        return position is not None and position.random_picks == "ask"

    @property
    def tie_break_draws(self) -> bool:
        position = self.setup.position
        return position is None or position.tie_break_draws

    @property
    def play_scope(self) -> str:
        """How much the flow plays: the whole ``game``, or (a described position) a ``round``
        or a ``turn``."""
        position = self.setup.position
        return "game" if position is None else position.play

    def reindex(self) -> None:
        """Index the cards again after :attr:`defs` changed (a position that adds copies)."""
        self.index = index_cards(self.defs)

    # --- driving the game ------------------------------------------------------------------

    def _start(self, flow: Flow) -> None:
        try:
            self.pending = next(flow)
        except StopIteration:
            self._over()
        else:
            self.send = flow.send

    def _over(self) -> None:
        self.pending = None
        self.round.phase = Phase.OVER

    @property
    def is_over(self) -> bool:
        return self.pending is None

    @property
    def current_player(self) -> int | None:
        """The seat that must answer next (not always the active player), or None when over."""
        return None if self.pending is None else self.pending.player

    def legal_actions(self) -> list[Choice]:
        """Every legal action now: one per option of the pending decision."""
        d = self.pending
        if d is None:
            return []
        return [Choice(d.player, v) for v in d.options]

    def apply(self, action: Choice) -> Sequence[Event]:
        """Answer the pending decision; returns the events that followed, in order.

        Raises :class:`IllegalActionError` (and changes nothing) for an answer that is not legal.
        """
        d = self.pending
        if d is None:
            raise GameOverError("the game is over")
        player, value = action
        # (the question's player and options read by position: a named tuple's field read by
        # name is a descriptor's call, and look-ahead players answer millions)
        asked, options = d[0], d[3]
        if player is not asked and (type(player) is not int or player != asked):
            raise IllegalActionError(
                f"it is {self.seats[asked].name}'s decision, not seat {player!r}'s"
            )
        if value not in options or not (type(value) is int or isinstance(value, str)):  # (True is no seat)
            raise IllegalActionError(f"{value!r} is not an option")
        self.actions.append(action)
        rec = self.rec
        rec.asked.append(d)
        log = rec.log
        mark = len(log)
        try:
            self.pending = self.send(value)  # type: ignore[misc]  # a game with a question has a flow
        except StopIteration:
            self._over()
        except StopTelling:
            self.pending = None  # stopped where the listener is (as_told): no question now
        return log[mark:] if len(log) > mark else NO_EVENTS

    # --- events --------------------------------------------------------------------------------

    @property
    def log(self) -> list[Event]:
        """Every event so far, in order (empty in a game that records none)."""
        return self.rec.log

    def seat_log(self, seat: int | None) -> list[Event]:
        """The event log as ``seat`` saw it: others' private cards become counts.

        ``None`` is an onlooker, who sees only what is public."""
        rec = self.rec
        return rec.seat_log(seat) if isinstance(rec, Recorder) else []

    def seen_log(self, seat: int | None) -> list[Event]:
        """:meth:`seat_log`, by the name the prompt loop every game shares reads it
        (:class:`~doomlings_access.telling.loop.Engine`)."""
        return self.seat_log(seat)

    def knowledge_of(self, seat: int, until: int | None = None) -> Knowledge:
        """What ``seat`` knows of the cards it cannot see now (or when the log held ``until``
        events), from its events."""
        rec = self.rec
        if not isinstance(rec, Recorder):
            raise ValueError("a game that records no events knows nothing of what was seen")
        return rec.knowledge(seat, until)

    def view(self, seat: int) -> PlayerView:
        """Exactly what ``seat`` may know now (see :class:`~.view.PlayerView`)."""
        from doomlings_access.rules.view import view_of

        return view_of(self, seat)

    # --- checkpoints, clones, replay, save ---------------------------------------------------

    def mark_checkpoint(self) -> None:
        """Called by the flow where it can resume from the state alone (a turn or round start),
        in a game that keeps checkpoints."""
        self.checkpoint = Checkpoint(self)

    def _restore(self, cp: Checkpoint) -> None:
        self.seats = [s.copy() for s in cp.seats]
        self.table = cp.table.copy()
        self.round = cp.round.copy()
        self.ending = cp.ending.copy()

    def resume_from(self, cp: Checkpoint, actions: Iterable[Choice], *, record: bool = False) -> Game:
        """A new game standing where this one stood at ``cp`` after answering ``actions``."""
        g = Game(self.cards, self.setup, record=record, _resume=cp, _defs=self.defs)
        g.actions = self.actions[: cp.actions]
        for action in actions:
            g.apply(action)
        return g

    def clone(self, *, record: bool = True) -> Game:
        """An identical, independent game (from the latest checkpoint, else a full replay)."""
        cp = self.checkpoint
        if cp is None:
            return Game.replay(self.cards, self.setup, self.actions, record=record)
        g = self.resume_from(cp, self.actions[cp.actions :], record=False)
        rec = self.rec
        if record and isinstance(rec, Recorder):
            copied = rec.copy()
            copied.take_over(g.rec, rec._causes, rec._parents)
            g.rec = copied
        g.keeps_checkpoints = self.keeps_checkpoints
        g.checkpoint = cp
        return g

    @classmethod
    def as_told(cls, game: Game, events: int) -> Game:
        """``game`` as it stood when its log held ``events`` events, for reading only.

        The rules run on to the next question at once, so a game is often ahead of what its
        listener has heard (a pause before more is told, a forced play waiting for Enter);
        what they review there must be the table they have heard of, not the one to come.
        Replayed from the start (about a millisecond) and stopped there, mid-flow: it has no
        question and cannot be played on."""
        if events >= len(game.log):
            return game
        g = cls(game.cards, game.setup, _until=events)
        for action in game.actions:
            if g.pending is None:
                break
            g.apply(action)
        return g

    @classmethod
    def replay(
        cls, cards: CardSet, setup: Setup, actions: Iterable[Choice], *, record: bool = True
    ) -> Game:
        """Rebuild a game from its setup and actions (identical to the original)."""
        game = cls(cards, setup, record=record)
        for action in actions:
            game.apply(action)
        return game

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready description: setup, actions (which rebuild it) and a snapshot of the state."""
        return {
            "version": SAVE_VERSION,
            "setup": self.setup.to_json(),
            "actions": [a.to_json() for a in self.actions],
            "state": self.snapshot(),
        }

    @classmethod
    def from_json(cls, cards: CardSet, data: dict[str, Any]) -> Game:
        """Rebuild a game saved by :meth:`to_json`; checks the snapshot matches the replay."""
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"save version {data.get('version')!r} is not {SAVE_VERSION}")
        game = cls.replay(cards, Setup.from_json(data["setup"]), map(Choice.from_json, data["actions"]))
        if "state" in data and data["state"] != game.snapshot():
            raise ValueError("the saved state does not match its replayed actions")
        return game

    def snapshot(self) -> dict[str, Any]:
        """Every part of the state, as plain JSON values."""
        r, t, e = self.round, self.table, self.ending
        return {
            "phase": r.phase,
            "round": r.number,
            "era": self.era,
            "first_player": r.first_player,
            "active": r.active,
            "age": r.age.id if r.age else None,
            "revealed": list(t.revealed),
            "catastrophes": list(t.catastrophes),
            "age_deck": list(t.age_deck),
            "deck": list(t.deck),
            "discard": list(t.discard),
            "in_play": list(t.in_play),
            "players": [p.to_json() for p in self.seats],
            "denial_spent": sorted(t.denial_spent),
            "recolour": {str(k): list(v) for k, v in sorted(e.recolour.items())},
            "named_colour": {str(k): v for k, v in sorted(e.named_colour.items())},
            "worlds_end_catastrophe": e.catastrophe,
            "worlds_end_points": list(e.points),
            "scores": [s.to_json() for s in e.scores],
            "winners": list(e.winners),
            "pending": self.pending.to_json() if self.pending else None,
            "rng": _rng_state(self.rng),
        }

    # --- small queries used everywhere ------------------------------------------------------

    @property
    def era(self) -> int:
        return min(len(self.table.catastrophes) + 1, 3)

    @property
    def phase(self) -> Phase:
        return self.round.phase

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ending.winners

    @property
    def scores(self) -> list[Score]:
        return self.ending.scores

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def card(self, card_id: int) -> TraitDef:
        return self.defs[card_id]

    def catastrophe(self, cat_id: str) -> CatastropheDef:
        return self.cards.catastrophes[cat_id]

    def seats_from(self, start: int) -> list[int]:
        """Seats in clockwise order starting at ``start``."""
        return CLOCKWISE[len(self.seats)][start][:]

    def opponents(self, seat: int) -> list[int]:
        """The other seats, in order from ``seat``'s left."""
        return CLOCKWISE[len(self.seats)][seat][1:]

    def owner_of(self, card_id: int) -> int | None:
        """Whose trait pile holds the card, if any."""
        for seat, p in enumerate(self.seats):
            if card_id in p.pile:
                return seat
        return None

    def round_rules(self, hook: str) -> list[Piece]:
        """The round's rule pieces that plug into ``hook`` (see :mod:`.hooks`)."""
        return self.round.rules.pieces(hook)


NO_EVENTS: tuple[Event, ...] = ()
"""What :meth:`Game.apply` returns when nothing was told (one shared empty tuple, not a new
list: look-ahead players answer millions)."""


def _rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]
