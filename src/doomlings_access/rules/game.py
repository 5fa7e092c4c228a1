"""The game: state, the pending decision, ``legal_actions()`` and ``apply()``.

The rules themselves are written as one generator (:mod:`.flow`) that yields a
:class:`~.decisions.Decision` whenever a player must choose and receives the answer. The game
runs it until the next decision. A game is fully described by its :class:`~.options.Setup`
and its list of actions: :meth:`Game.replay` rebuilds it exactly, which is how games are
cloned, saved and loaded (a running generator cannot be copied).

>>> from doomlings_access.rules import Game, Setup
>>> game = Game(Setup(("Ana", "Ben"), seed=1))
>>> game.pending.player in (0, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any, Iterable

from doomlings_access.cards import CardSet, TraitDef, load_cards
from doomlings_access.cards.model import AgeDef, CatastropheDef, Piece
from doomlings_access.rules.decisions import Choice, Decision, Value
from doomlings_access.rules.errors import GameOverError, IllegalActionError
from doomlings_access.rules.events import Event
from doomlings_access.rules.options import Options, Setup
from doomlings_access.rules.state import PlayerState

Flow = Generator[Decision, Value, Any]
SAVE_VERSION = 1


class Game:
    """One game of Doomlings. Drive it with :meth:`legal_actions` and :meth:`apply`."""

    def __init__(self, setup: Setup, *, start: bool = True) -> None:
        self.setup = setup
        self.options: Options = setup.options
        self.cards: CardSet = load_cards(setup.options.edition)
        self.rng = random.Random(setup.seed)
        self.n = len(setup.players)
        self.players = [PlayerState(name) for name in setup.players]
        # Card instances: one id per physical trait card.
        self.defs: list[TraitDef] = [
            trait for trait in self.cards.traits.values() for _ in range(trait.copies)
        ]
        self.deck: list[int] = []  # top of the deck is the end of the list
        self.discard: list[int] = []  # top of the discard pile is the end
        self.in_play: list[int] = []  # a trait being played while its cost is paid
        self.age_deck: list[str] = []  # top is the end
        self.revealed: list[str] = []  # ages and catastrophes, in the order revealed
        self.catastrophes: list[str] = []
        self.round = 0
        self.first_player = 0
        self.active: int | None = None
        self.age: AgeDef | None = None
        self.rules: dict[str, Piece] = {}
        self.last_played_colours: tuple[str, ...] = ()
        self.denial_spent: set[int] = set()
        self.protected: set[int] = set()  # players the current catastrophe does nothing to
        self.recolour: dict[int, tuple[str, ...]] = {}
        self.named_colour: dict[int, str] = {}
        self.worlds_end_catastrophe: str | None = None
        self.colourless_as: tuple[int, bool, frozenset[int]] | None = None
        """AI Takeover at World's End: (face value, dominants excepted, seats it affects)."""
        self.worlds_end_points = [0] * self.n
        self.tie_break = [0] * self.n
        self.tie_breakers: list[int] = []
        self.phase = "setup"
        self.winners: tuple[int, ...] = ()
        self.scores: list[tuple[int, int, int, int]] = []
        self.tie_break_draws = True
        """Whether tied leaders draw a trait to break the tie (the scorer sets it from its input)."""
        self.resolving: list[int] = []  # traits whose actions are resolving (no endless loops)
        self.responders = frozenset(
            i
            for i, d in enumerate(self.defs)
            if any(
                p.effect in ("cancel_action", "steal_played_trait", "into_opponent_pile")
                for p in d.out_of_turn
            )
        )
        self.chance_from_outside = False
        """Scorer mode: random picks become CHANCE decisions answered from outside."""

        self.actions: list[Choice] = []
        self.log: list[Event] = []
        self.pending: Decision | None = None
        self._flow: Flow | None = None
        if start:
            if self.n < 2:
                raise ValueError("Doomlings is for 2 to 6 players")
            from doomlings_access.rules.flow import run_game

            self._start(run_game(self))

    # --- driving the game ------------------------------------------------------------------

    def _start(self, flow: Flow) -> list[Event]:
        self._flow = flow
        mark = len(self.log)
        self._run(None)
        return self.log[mark:]

    def _run(self, value: Value | None) -> None:
        assert self._flow is not None
        try:
            self.pending = self._flow.send(value)  # type: ignore[arg-type]
        except StopIteration:
            self.pending = None
            self.phase = "over"

    @property
    def is_over(self) -> bool:
        return self.pending is None and self.phase == "over"

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

    def apply(self, action: Choice) -> list[Event]:
        """Answer the pending decision; returns the events that followed, in order.

        Raises :class:`IllegalActionError` (and changes nothing) for an answer that is not legal.
        """
        d = self.pending
        if d is None:
            raise GameOverError("the game is over")
        if type(action.player) is not int or action.player != d.player:
            raise IllegalActionError(
                f"it is {self.players[d.player].name}'s decision, not seat {action.player!r}'s"
            )
        if type(action.value) not in (int, str) or action.value not in d.options:
            raise IllegalActionError(f"{action.value!r} is not an option")
        mark = len(self.log)
        self.actions.append(action)
        self._run(action.value)
        return self.log[mark:]

    def emit(self, event: Event) -> None:
        self.log.append(event)

    # --- replay, clone, save --------------------------------------------------------------

    @classmethod
    def replay(cls, setup: Setup, actions: Iterable[Choice]) -> Game:
        """Rebuild a game from its setup and actions (identical to the original)."""
        game = cls(setup)
        for action in actions:
            game.apply(action)
        return game

    def clone(self) -> Game:
        return Game.replay(self.setup, self.actions)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready description: setup, actions (which rebuild it) and a snapshot of the state."""
        return {
            "version": SAVE_VERSION,
            "setup": self.setup.to_json(),
            "actions": [a.to_json() for a in self.actions],
            "state": self.snapshot(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        """Rebuild a game saved by :meth:`to_json`; checks the snapshot matches the replay."""
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"save version {data.get('version')!r} is not {SAVE_VERSION}")
        game = cls.replay(Setup.from_json(data["setup"]), map(Choice.from_json, data["actions"]))
        if "state" in data and data["state"] != game.snapshot():
            raise ValueError("the saved state does not match its replayed actions")
        return game

    def snapshot(self) -> dict[str, Any]:
        """Every part of the state, as plain JSON values (card ids as card names)."""
        return {
            "phase": self.phase,
            "round": self.round,
            "era": self.era,
            "first_player": self.first_player,
            "active": self.active,
            "age": self.age.id if self.age else None,
            "revealed": list(self.revealed),
            "catastrophes": list(self.catastrophes),
            "age_deck": list(self.age_deck),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "in_play": list(self.in_play),
            "players": [p.to_json() for p in self.players],
            "denial_spent": sorted(self.denial_spent),
            "recolour": {str(k): list(v) for k, v in sorted(self.recolour.items())},
            "named_colour": {str(k): v for k, v in sorted(self.named_colour.items())},
            "worlds_end_catastrophe": self.worlds_end_catastrophe,
            "worlds_end_points": list(self.worlds_end_points),
            "scores": [list(s) for s in self.scores],
            "winners": list(self.winners),
            "pending": self.pending.to_json() if self.pending else None,
            "rng": _rng_state(self.rng),
        }

    # --- small queries used everywhere ------------------------------------------------------

    @property
    def era(self) -> int:
        return min(len(self.catastrophes) + 1, 3)

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def card(self, card_id: int) -> TraitDef:
        return self.defs[card_id]

    def catastrophe(self, cat_id: str) -> CatastropheDef:
        return self.cards.catastrophes[cat_id]

    def seats_from(self, start: int) -> list[int]:
        """Seats in clockwise order starting at ``start``."""
        return [(start + i) % self.n for i in range(self.n)]

    def opponents(self, seat: int) -> list[int]:
        """The other seats, in order from ``seat``'s left."""
        return [(seat + i) % self.n for i in range(1, self.n)]

    def owner_of(self, card_id: int) -> int | None:
        """Whose trait pile holds the card, if any."""
        for seat, p in enumerate(self.players):
            if card_id in p.pile:
                return seat
        return None

    def where_is(self, card_id: int) -> str:
        for seat, p in enumerate(self.players):
            if card_id in p.hand:
                return f"hand:{seat}"
            if card_id in p.pile:
                return f"pile:{seat}"
        if card_id in self.deck:
            return "deck"
        if card_id in self.discard:
            return "discard"
        return "nowhere"


def _rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]
