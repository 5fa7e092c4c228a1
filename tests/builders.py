"""Build exact game positions for rules tests, and answer decisions by card name.

``table(...)`` deals named cards to named places, then runs one piece of the real flow (a
turn, a round, a catastrophe, or World's End) of the real engine. Answers go through
``Game.apply`` like any player's; nothing is mocked.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from doomlings_access.rules import Choice, Game, Options, Setup
from doomlings_access.rules.ages import age_effects
from doomlings_access.rules.decisions import Value
from doomlings_access.rules.events import Event
from doomlings_access.rules.flow import catastrophe_round, take_turn, take_turns
from doomlings_access.rules.game import Flow
from doomlings_access.rules.worlds_end import worlds_end_and_scoring


QUIET_DECK = [
    "Swarm",
    "Migratory",
    "Woody Stems",
    "Adorable",
    "Stone Skin",
    "Fire Skin",
    "Appealing",
    "Deep Roots",
    "Blubber",
    "Fine Motor Skills",
    "Kidney",
]
"""Traits without actions, for a known top of the deck that nothing reacts to."""


def trait_id(name: str) -> str:
    return name.lower().replace("-", "_").replace(" ", "_").replace("'", "")


class Table:
    """A game at a chosen position, with helpers to inspect it and answer by name."""

    def __init__(self, game: Game) -> None:
        self.g = game

    # --- looking -----------------------------------------------------------------------
    def seat(self, name: str) -> int:
        return [p.name for p in self.g.players].index(name)

    def names(self, cards: Iterable[int]) -> list[str]:
        return [self.g.defs[c].name for c in cards]

    def hand(self, player: str) -> list[str]:
        return sorted(self.names(self.g.players[self.seat(player)].hand))

    def pile(self, player: str) -> list[str]:
        return sorted(self.names(self.g.players[self.seat(player)].pile))

    def gene_pool(self, player: str) -> int:
        return self.g.players[self.seat(player)].gene_pool

    @property
    def discard(self) -> list[str]:
        return self.names(self.g.discard)

    @property
    def deck(self) -> list[str]:
        return self.names(self.g.deck)

    def events(self, kind: type[Event] | None = None) -> list[Event]:
        return [e for e in self.g.log if kind is None or isinstance(e, kind)]

    @property
    def pending(self):  # type: ignore[no-untyped-def]
        return self.g.pending

    def option_names(self) -> list[str]:
        d = self.g.pending
        assert d is not None, "no decision is pending"
        return [self._describe(v) for v in d.options]

    def _describe(self, v: Value) -> str:
        d = self.g.pending
        assert d is not None
        if isinstance(v, int) and d.kind != "player":
            return self.g.defs[v].name
        if isinstance(v, int):
            return self.g.players[v].name
        return v

    # --- answering ---------------------------------------------------------------------
    def answer(self, what: str | int) -> list[Event]:
        """Answer the pending decision by card name, player name, colour or keyword."""
        d = self.g.pending
        assert d is not None, "no decision is pending"
        for v in d.options:
            if v == what or self._describe(v) == what:
                return self.g.apply(Choice(d.player, v))
        raise AssertionError(f"{what!r} is not an option of {d.reason}: {self.option_names()}")

    def answer_all(self, *answers: str | int) -> None:
        for a in answers:
            self.answer(a)

    def finish(self) -> None:
        """Answer every remaining decision with its first option."""
        while self.g.pending is not None:
            d = self.g.pending
            self.g.apply(Choice(d.player, d.options[0]))


def table(
    players: Sequence[str] = ("Ana", "Ben"),
    *,
    hands: dict[str, list[str]] | None = None,
    piles: dict[str, list[str]] | None = None,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    gene_pools: dict[str, int] | None = None,
    age: str | None = None,
    revealed: list[str] | None = None,
    age_deck: list[str] | None = None,
    catastrophes: list[str] | None = None,
    run: str = "turn",
    turn: str | None = None,
    catastrophe: str | None = None,
    first: str | None = None,
    options: Options | None = None,
    seed: int = 7,
) -> Table:
    """Build a position and start part of the real flow.

    ``deck`` is listed top first; cards not placed anywhere go under it in a fixed order.
    ``run``: ``turn`` (one turn of ``turn``, default the first player), ``turns`` (every
    turn of the round), ``age`` (reveal ``age`` then its turns), ``catastrophe`` (reveal
    ``catastrophe`` as the next one), or ``worlds_end``.
    """
    g = Game(Setup(tuple(players), seed, options or Options()), start=False)
    t = Table(g)
    free: dict[str, list[int]] = {}
    for i, d in enumerate(g.defs):
        free.setdefault(d.id, []).append(i)

    def take(name: str) -> int:
        ids = free.get(trait_id(name))
        assert ids, f"no free copy of {name!r}"
        return ids.pop(0)

    for player, cards in (hands or {}).items():
        g.players[t.seat(player)].hand = [take(c) for c in cards]
    for player, cards in (piles or {}).items():
        g.players[t.seat(player)].pile = [take(c) for c in cards]
    g.discard = [take(c) for c in (discard or [])]
    top = [take(c) for c in (deck or [])]
    rest = sorted(c for ids in free.values() for c in ids)
    g.deck = rest + list(reversed(top))
    for player, value in (gene_pools or {}).items():
        g.players[t.seat(player)].gene_pool = value
    g.first_player = t.seat(first) if first else 0
    g.revealed = list(revealed or [])
    g.catastrophes = list(catastrophes or [])
    g.age_deck = list(reversed(age_deck or []))
    g.round = len(g.revealed)
    flow: Flow
    if run == "turn":
        flow = _one_turn(g, age, t.seat(turn) if turn else g.first_player)
    elif run == "turns":
        flow = _turns(g, age)
    elif run == "age":
        assert age, "run='age' needs an age"
        g.age_deck.append(age)
        flow = _next_card(g)
    elif run == "catastrophe":
        assert catastrophe, "run='catastrophe' needs a catastrophe"
        flow = _catastrophe(g, catastrophe)
    elif run == "worlds_end":
        flow = worlds_end_and_scoring(g)
    else:
        raise ValueError(run)
    g._start(flow)
    return t


def _set_age(g: Game, age: str | None) -> None:
    if age:
        g.revealed.append(age)
        g.age = g.cards.ages[age]
        g.rules, _, _ = age_effects(g, g.age)


def _one_turn(g: Game, age: str | None, seat: int) -> Flow:
    _set_age(g, age)
    g.phase = "turns"
    yield from take_turn(g, seat)


def _turns(g: Game, age: str | None) -> Flow:
    _set_age(g, age)
    yield from take_turns(g)


def _next_card(g: Game) -> Flow:
    from doomlings_access.rules.flow import age_round

    top = g.age_deck.pop()
    g.revealed.append(top)
    yield from age_round(g, g.cards.ages[top])


def _catastrophe(g: Game, cat: str) -> Flow:
    g.revealed.append(cat)
    yield from catastrophe_round(g, cat)

