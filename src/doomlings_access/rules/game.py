"""The game: state, the pending decision, ``legal_actions()`` and ``apply()``.

The rules themselves are written as one generator (:mod:`.flow`) that yields a
:class:`~.decisions.Decision` whenever a player must choose and receives the answer. The game
runs it until the next decision. A game is fully described by its :class:`~.options.Setup`
(which may start from a described :class:`~.position.Position`) and its list of actions:
:meth:`Game.replay` rebuilds it exactly, which is how games are saved and loaded.

A running generator cannot be copied, so the game keeps a *checkpoint*: a copy of its typed
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
from typing import TYPE_CHECKING, Any, Callable, Iterable, ParamSpec, Sequence

from doomlings_access.cards import CardSet, TraitDef
from doomlings_access.cards.model import CatastropheDef, Piece
from doomlings_access.rules.chance import GameRandom
from doomlings_access.rules.decisions import Choice, Decision, Value
from doomlings_access.rules.errors import GameOverError, IllegalActionError
from doomlings_access.rules.events import Cause, Event
from doomlings_access.rules.options import MAX_PLAYERS, Options, Setup
from doomlings_access.rules.flow import play_on, set_up
from doomlings_access.rules.hooks import index_cards
from doomlings_access.rules.state import OVER, Ending, RoundState, Seat, Table

if TYPE_CHECKING:
    from doomlings_access.rules.view import Knowledge, PlayerView

Flow = Generator[Decision, Value, Any]
SAVE_VERSION = 1
P = ParamSpec("P")


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
        self.log = len(g.log)


class _Told(Exception):
    """Raised inside the rules where :meth:`Game.as_told` stops them."""


class Game:
    """One game of Doomlings. Drive it with :meth:`legal_actions` and :meth:`apply`."""

    __slots__ = (  # (every rule reads these: a slot is read quicker than a dict entry)
        "cards", "setup", "options", "n", "_clockwise", "rng", "record", "checkpoints", "defs",
        "seats", "table", "round", "ending", "random_picks_asked", "tie_break_draws", "actions",
        "log", "pending", "checkpoint", "play_scope", "_frames", "_send", "_knowledge",
        "_seat_logs", "_until", "hooks", "hooked", "unconditional", "quiet", "requiring",
        "worlds_end_cards", "of_colour", "trait_causes", "responders", "late", "turn_starters",
        "destined", "gene_pool_traits", "green_reactors", "responders_held", "dominants",
        "positive", "card_sets", "checks", "sampled", "faces_dealt_at", "replay_defs",
    )

    def __init__(
        self,
        cards: CardSet,
        setup: Setup,
        *,
        record: bool = True,
        checkpoints: bool = False,
        _resume: Checkpoint | None = None,
        _defs: list[TraitDef] | None = None,
        _until: int | None = None,
    ) -> None:
        if cards.edition != setup.options.edition:
            raise ValueError(
                f"the cards are the {cards.edition} printing but the game is {setup.options.edition}"
            )
        self.cards = cards
        self.setup = setup
        self.options: Options = setup.options
        self.n = n = len(setup.players)
        clockwise = _CLOCKWISE.get(n)
        if clockwise is None:
            clockwise = _CLOCKWISE[n] = [[(start + i) % n for i in range(n)] for start in range(n)]
        self._clockwise = clockwise
        if not 2 <= self.n <= MAX_PLAYERS and setup.position is None:
            raise ValueError("Doomlings is for 2 to 6 players")
        self.rng: random.Random = GameRandom(setup.seed) if _resume is None else GameRandom.from_state(_resume.rng)
        self.record = record
        """Whether events are kept (computer players' look-ahead turns it off)."""
        self.checkpoints = checkpoints
        """Whether a copy of the state is kept at each turn and round start, so that clones and
        sampled views are quick (computer players that think ahead ask for it)."""
        # Card instances: one id per physical trait card, in card-data order.
        source = _defs if _defs is not None else cards.trait_instances
        self.defs: list[TraitDef] = list(source)
        self.seats = [Seat(name) for name in setup.players]
        self.table = Table()
        self.round = RoundState()
        self.ending = Ending(points=[0] * self.n, tie_break=[0] * self.n)
        position = setup.position
        self.random_picks_asked = position is not None and position.random_picks == "ask"
        """Random picks (and cards drawn for points) are asked as CHANCE decisions: the scorer
        gives what happened at a real table."""
        self.tie_break_draws = position is None or position.tie_break_draws
        self.actions: list[Choice] = []
        self.log: list[Event] = []
        self.pending: Decision | None = None
        self.checkpoint: Checkpoint | None = None
        self.play_scope = "game"
        """How much the flow plays: the whole ``game``, or (a described position) a ``round``
        or a ``turn``."""
        self._frames: list[tuple[int | None, Cause | None]] = []
        self._send: Callable[[Value], Decision] | None = None
        """Answers the flow of the rules (a generator) and runs it to its next question."""
        self._knowledge: dict[int, Knowledge] = {}
        self._seat_logs: dict[int, list[Event]] = {}
        self._until = _until
        """Stop the rules once the log holds this many events (:meth:`as_told`)."""
        self._index_cards(of=source)
        self.sampled = False
        """Whether this game was sampled from a view (:meth:`PlayerView.sample`)."""
        self.faces_dealt_at: int | None = None
        """How many actions had been answered when the cards a seat cannot see were dealt
        afresh in a twin (``unseen_dealt_afresh``): later ones cannot be replayed with
        ``replay_defs``."""
        self.replay_defs = self.defs
        """The traits the recorded actions were answered with (``defs`` differ only in a copy
        whose unseen cards were dealt afresh: replaying must use these)."""
        try:
            if _resume is not None:
                self._restore(_resume)
            elif position is not None:
                from doomlings_access.rules.position import place

                place(self, position)
            else:
                set_up(self)
            self._start(play_on(self))
        except _Told:
            self.pending = None

    def _index_cards(self, shared: bool = True, of: Sequence[TraitDef] | None = None) -> None:
        """What the rules look up about the card instances (:class:`.hooks.CardIndex`), so
        rules need no name checks and most checks are one set test. ``shared``: see
        :func:`.hooks.index_cards`; ``of``: the sequence ``defs`` were copied from (a card
        set's own tuple is indexed once, looked up by identity)."""
        index = index_cards(self.defs if of is None else of, shared)
        self.hooks = index.hooks
        self.hooked = index.hooked
        self.unconditional = index.unconditional
        self.quiet = index.quiet
        self.requiring = index.requiring
        self.worlds_end_cards = index.worlds_end
        self.of_colour = index.of_colour
        self.dominants = index.dominants
        self.positive = index.positive
        self.card_sets = index.card_sets
        self.checks = index.checks
        self.trait_causes = index.trait_causes
        self.responders = self.hooked.get("response", frozenset())
        """Cards that may be played in answer to another player's trait."""
        self.responders_held: bool | None = None
        """Whether a hand holds one of :attr:`responders`: None when not known. Every play
        asks, and most often none does; False is kept until one comes into a hand (the rules
        that put cards into hands from elsewhere say so), True until the hands are looked at
        again."""
        self.late = self.hooked.get("after_stabilizing", frozenset())
        """Cards that may be played once their owner has stabilized."""
        self.turn_starters = self.hooked.get("trait_turn_start", frozenset())
        """Cards that do something at the start of their owner's turn."""
        self.destined = self.hooked.get("destination", frozenset())
        """Cards whose player chooses whose pile they go to."""
        self.gene_pool_traits = self.hooked.get("pile_gene_pool", frozenset())
        """Cards that change their owner's gene pool while in a pile."""
        self.green_reactors = self.hooked.get("after_green_played", frozenset())
        """Cards that may act when their owner plays a green trait."""

    # --- driving the game ------------------------------------------------------------------

    def _start(self, flow: Flow) -> None:
        try:
            self.pending = next(flow)
        except StopIteration:
            self._over()
        else:
            self._send = flow.send

    def _over(self) -> None:
        self.pending = None
        self.round.phase = OVER

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
        if value not in options or (type(value) is not int and type(value) is not str):
            raise IllegalActionError(f"{value!r} is not an option")
        self.actions.append(action)
        send = self._send  # (a slot read, then a call: no method look-up that always misses)
        if not self.record:  # (a look-ahead copy: no events, and nothing to count them by)
            try:
                self.pending = send(value)  # type: ignore[misc]  # a game with a question has a flow
            except StopIteration:
                self._over()
            return NO_EVENTS
        log = self.log
        mark = len(log)
        try:
            self.pending = send(value)  # type: ignore[misc]
        except StopIteration:
            self._over()
        except _Told:
            self.pending = None  # stopped where the listener is (as_told): no question now
        return log[mark:]

    # --- events and their causes ----------------------------------------------------------

    def emit(self, kind: Callable[P, Event], *args: P.args, **kwargs: P.kwargs) -> None:
        """Record an event of ``kind``, nested under the effect under way and named by its cause.

        Events are built only when the game records them (look-ahead copies do not)."""
        if not self.record:
            return
        event = kind(*args, **kwargs)
        log = self.log
        event.seq = len(log)
        frames = self._frames
        if frames:
            event.parent, cause = frames[-1]
            if event.cause is None:
                event.cause = cause
        log.append(event)
        if self._until is not None and len(log) >= self._until:
            raise _Told

    def open(
        self,
        cause: Cause | None,
        kind: Callable[P, Event] | None = None,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> int:
        """Start an effect: emit its opening event (if any); what follows nests under it.

        Returns a mark for :meth:`close`. With no event, what follows keeps the current parent
        but takes ``cause``."""
        frames = self._frames
        mark = len(frames)
        if not self.record:  # no event: every parent is None
            frames.append((None, cause))
        elif kind is None:
            frames.append((frames[-1][0] if frames else None, cause))
        else:
            event = kind(*args, **kwargs)
            log = self.log
            event.seq = seq = len(log)
            if frames:
                event.parent, inherited = frames[-1]
                if event.cause is None:
                    event.cause = inherited
            log.append(event)
            frames.append((seq, cause))
            if self._until is not None and len(log) >= self._until:
                raise _Told
        return mark

    def close(self, mark: int) -> None:
        del self._frames[mark:]

    @property
    def cause(self) -> Cause | None:
        """The cause of the effect under way."""
        return self._frames[-1][1] if self._frames else None

    def seat_log(self, seat: int | None) -> list[Event]:
        """The event log as ``seat`` saw it: others' private cards become counts.

        ``None`` is an onlooker, who sees only what is public. Kept up to date as it is read."""
        key = -1 if seat is None else seat
        seen = self._seat_logs.setdefault(key, [])
        if len(seen) < len(self.log):
            seen.extend(e.seen_by(seat) for e in self.log[len(seen) :])
        return seen

    def knowledge_of(self, seat: int) -> Knowledge:
        """What ``seat`` knows of the cards it cannot see now (from its events)."""
        from doomlings_access.rules.view import Knowledge, update

        k = self._knowledge.get(seat)
        if k is None:
            k = self._knowledge[seat] = Knowledge()
        update(k, self, seat)
        return k

    def view(self, seat: int) -> PlayerView:
        """Exactly what ``seat`` may know now (see :class:`~.view.PlayerView`)."""
        from doomlings_access.rules.view import view_of

        return view_of(self, seat)

    # --- checkpoints, clones, replay, save ---------------------------------------------------

    def mark_checkpoint(self) -> None:
        """Called by the flow where it can resume from the state alone (a turn or round start)."""
        if self.checkpoints:
            self.checkpoint = Checkpoint(self)

    def _restore(self, cp: Checkpoint) -> None:
        self.responders_held = None
        self.seats = [s.copy() for s in cp.seats]
        self.table = cp.table.copy()
        self.round = cp.round.copy()
        self.ending = cp.ending.copy()

    def resume_from(self, cp: Checkpoint, actions: Iterable[Choice], *, record: bool = False) -> Game:
        """A new game standing where this one stood at ``cp`` after answering ``actions``."""
        g = Game(
            self.cards, self.setup, record=record, checkpoints=False, _resume=cp, _defs=self.replay_defs
        )
        g.actions = self.actions[: cp.actions]
        for action in actions:
            g.apply(action)
        g._take_faces(self)
        return g

    def _take_faces(self, other: Game) -> None:
        """Give this copy the traits ``other`` has now (they differ from the replayed ones only
        when ``other``'s unseen cards were dealt afresh)."""
        self.sampled = other.sampled
        if other.defs is not other.replay_defs:
            self.faces_dealt_at = other.faces_dealt_at
            self.replay_defs = other.replay_defs
            self.defs = list(other.defs)
            self._index_cards()

    def clone(self, *, record: bool = True) -> Game:
        """An identical, independent game (from the latest checkpoint, else a full replay)."""
        cp = self.checkpoint
        if cp is None:
            g = Game.replay(self.cards, self.setup, self.actions, record=record)
            g._take_faces(self)
            return g
        g = self.resume_from(cp, self.actions[cp.actions :], record=False)
        if record:
            g.log = list(self.log)
            g.record = True
            g._knowledge = {seat: k.copy() for seat, k in self._knowledge.items()}
            g._seat_logs = {seat: list(seen) for seat, seen in self._seat_logs.items()}
        g.checkpoints = self.checkpoints
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
            "scores": [list(s) for s in e.scores],
            "winners": list(e.winners),
            "pending": self.pending.to_json() if self.pending else None,
            "rng": _rng_state(self.rng),
        }

    # --- small queries used everywhere ------------------------------------------------------

    @property
    def era(self) -> int:
        return min(len(self.table.catastrophes) + 1, 3)

    @property
    def phase(self) -> str:
        return self.round.phase

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ending.winners

    @property
    def scores(self) -> list[tuple[int, int, int, int]]:
        return self.ending.scores

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def card(self, card_id: int) -> TraitDef:
        return self.defs[card_id]

    def catastrophe(self, cat_id: str) -> CatastropheDef:
        return self.cards.catastrophes[cat_id]

    def seats_from(self, start: int) -> list[int]:
        """Seats in clockwise order starting at ``start``."""
        return self._clockwise[start][:]

    def opponents(self, seat: int) -> list[int]:
        """The other seats, in order from ``seat``'s left."""
        return self._clockwise[seat][1:]

    def owner_of(self, card_id: int) -> int | None:
        """Whose trait pile holds the card, if any."""
        for seat, p in enumerate(self.seats):
            if card_id in p.pile:
                return seat
        return None

    def round_rules(self, hook: str) -> list[Piece]:
        """The round's rule pieces that plug into ``hook`` (see :mod:`.hooks`)."""
        from doomlings_access.rules.hooks import round_pieces

        return round_pieces(self, hook)


_CLOCKWISE: dict[int, list[list[int]]] = {}
"""Per number of seats, the seats clockwise from each (shared: read, never changed)."""
NO_EVENTS: tuple[Event, ...] = ()
"""What :meth:`Game.apply` returns in a game that records no events (one shared empty tuple,
not a new list per action: look-ahead players answer millions)."""


def _rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]
