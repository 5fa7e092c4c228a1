"""Seeded self-play with invariant checks after every action: the engine's fuzz run.

Invariants (issue 2): every card in exactly one place; gene pools within 1..8 except when a
trait's change is reversed on leaving; at most 2 dominants per pile except through Birth of
a Hero; exactly one pending decision, with legal answers, until the game is over; every game
ends. Optionally, replaying the actions rebuilds the identical state.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from doomlings_access.ai.random_agent import RandomAgent
from doomlings_access.cards import CardSet, load_cards
from doomlings_access.rules import Choice, Game, Options, Setup
from doomlings_access.rules.ages import traits_played_at_once
from doomlings_access.rules.events import (
    AgeIgnored,
    AgeRevealed,
    CatastropheRevealed,
    GameStarted,
    GenePoolChanged,
    TurnStarted,
    WorldsEndStarted,
)

ROOTS = (GameStarted, AgeRevealed, AgeIgnored, CatastropheRevealed, TurnStarted, WorldsEndStarted)
"""Events that start something and have no cause of their own."""

MAX_ACTIONS = 5000
"""A game still running after this many actions counts as one that fails to end."""


@dataclass
class Violation:
    seed: int
    players: int
    action: int
    what: str

    def __str__(self) -> str:
        return f"seed {self.seed}, {self.players} players, action {self.action}: {self.what}"


@dataclass
class Report:
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    violations: list[Violation] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "actions": self.actions,
            "violations": len(self.violations),
            "games_per_second": round(self.games_per_second, 1),
            "seconds": round(self.seconds, 3),
            "first_violation": str(self.violations[0]) if self.violations else None,
        }


def check_invariants(g: Game, mark: int) -> str | None:
    """The first broken invariant, or None. ``mark``: index of the first new event in the log."""
    t = g.table
    seen: Counter[int] = Counter(t.deck)
    seen.update(t.discard)
    seen.update(t.in_play)
    seen.update(t.box)
    for p in g.seats:
        seen.update(p.hand)
        seen.update(p.pile)
    if len(seen) != len(g.defs) or any(n != 1 for n in seen.values()):
        lost = set(range(len(g.defs))) - set(seen)
        twice = [c for c, n in seen.items() if n > 1]
        return f"cards not in exactly one place (missing {sorted(lost)}, twice {twice})"
    for event in g.log[mark:]:
        if isinstance(event, GenePoolChanged) and not event.reversal and not 1 <= event.new <= 8:
            return f"gene pool of {g.name(event.player)} went to {event.new}"
        if not isinstance(event, ROOTS):
            if event.cause is None:
                return f"{type(event).__name__} (event {event.seq}) has no cause"
            if event.parent is None or event.parent >= event.seq:
                return f"{type(event).__name__} (event {event.seq}) does not follow its cause"
    heroes = traits_played_at_once(g.cards)
    for seat, p in enumerate(g.seats):
        dominants = sum(1 for c in p.pile if g.defs[c].dominant)
        hero = any(g.defs[c].id in heroes for c in p.pile)
        if dominants > (3 if hero else 2):
            return f"{g.name(seat)} has {dominants} dominant traits"
    if g.is_over:
        if g.pending is not None or not g.winners:
            return "game over without winners"
    elif g.pending is None or not g.legal_actions():
        return "game not over but nothing to decide"
    return None


def play_one(
    setup: Setup, replay_check: bool = False, cards: CardSet | None = None
) -> tuple[int, Violation | None]:
    """Play one seeded game with random agents; returns (actions, first violation).

    With ``replay_check``, replaying the actions and cloning from the latest checkpoint (at a
    few points on the way) must both give the identical state."""
    cards = cards or load_cards(setup.options.edition)
    g = Game(cards, setup, checkpoints=replay_check)
    agents = [RandomAgent(setup.seed, seat) for seat in range(g.n)]
    actions = 0
    n = len(setup.players)
    problem = check_invariants(g, 0)
    while problem is None and not g.is_over:
        if actions >= MAX_ACTIONS:
            problem = f"game did not end within {MAX_ACTIONS} actions"
            break
        mark = len(g.log)
        d = g.pending
        assert d is not None
        g.apply(Choice(d.player, agents[d.player].choose(g.view(d.player), d)))
        actions += 1
        problem = check_invariants(g, mark)
        if problem is None and replay_check and actions % 23 == 0:
            if g.clone().snapshot() != g.snapshot():
                problem = "a clone from the latest checkpoint differs from the game"
    if problem is None and replay_check:
        again = Game.replay(cards, setup, g.actions)
        if again.snapshot() != g.snapshot() or len(again.log) != len(g.log):
            problem = "replaying the actions gave a different state"
    return actions, (Violation(setup.seed, n, actions, problem) if problem else None)


def simulate(
    games: int,
    players: int | None,
    seed: int,
    options: Options | None = None,
    replay_check: bool = False,
    stop_at_first: bool = True,
) -> Report:
    """Play ``games`` games (player counts cycling 2..6 when ``players`` is None)."""
    report = Report()
    options = options or Options()
    cards = load_cards(options.edition)
    start = time.perf_counter()
    for i in range(games):
        count = players or 2 + i % 5
        setup = Setup(tuple(f"P{k + 1}" for k in range(count)), seed + i, options)
        actions, violation = play_one(setup, replay_check, cards)
        report.games += 1
        report.actions += actions
        if violation:
            report.violations.append(violation)
            if stop_at_first:
                break
    report.seconds = time.perf_counter() - start
    return report
