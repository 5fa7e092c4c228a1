"""Tournaments between computer levels, of either game: seeded games with the seats rotated, and
the figures that tell what a level is worth (win rate with its 95% interval, scores, margins,
thinking time).

Game ``g`` is seeded ``seed + g`` and the list of levels is rotated by ``g`` mod the number of
players, so every level sits in every seat equally often. A game won by k players in a tie
gives each of them 1/k of a win. Results do not depend on how many processes play them.

The loop is the same for every game; a game is entered by a :class:`Contest` (how to start a
seeded game, its levels, and its final scores): Doomlings' scores are points, Doomcrop's the
cards counted (Diamond numbers as two).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from doomlings_access import rules
from doomlings_access.cards import load_cards
from doomlings_access.kernel.decisions import Choice
from doomlings_access.lazy_rows import LazyRows
from doomlings_access.kernel.players import Agent, Playable
from doomlings_access.players.search import Budget

if TYPE_CHECKING:
    from doomlings_access import doomcrop


@dataclass(frozen=True)
class Contest:
    """What a tournament needs of one game."""

    noun: str
    """What one of its games is called in the figures' first line ("20 games", "20 Doomcrop games")."""
    start: Callable[[tuple[str, ...], int, str], Any]
    """A new game for these player names and this seed (and Doomlings' edition)."""
    levels: Mapping[str, Callable[[int, int, Budget], Agent[Any]]]
    """Each computer level's agent for (game seed, seat, thinking budget)."""
    end: Callable[[Any], tuple[tuple[int, ...], tuple[int, ...]]]
    """A finished game's totals, seat by seat, and its winners."""
    note: Callable[[int], str | None] = lambda players: None
    """What the figures should say of the games for this many players, if anything."""


def _doomlings(names: tuple[str, ...], seed: int, edition: str) -> rules.Game:
    return rules.Game(load_cards(edition), rules.Setup(names, seed, rules.Options(edition=edition)))


def _doomlings_end(game: rules.Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(score.total for score in game.ending.scores), tuple(game.winners)


def doomcrop_decks(players: int) -> int:
    """Decks shuffled together for a Doomcrop tournament: one for two players, as the standard
    game, and more for more ("it is recommended to use multiple decks"), one for each two."""
    return (players + 1) // 2


def _doomcrop(names: tuple[str, ...], seed: int, edition: str) -> doomcrop.Game:
    from doomlings_access import doomcrop

    return doomcrop.Game(doomcrop.Setup(names, seed, doomcrop.Options(decks=doomcrop_decks(len(names)))))


def _doomcrop_end(game: doomcrop.Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    assert game.outcome is not None
    return game.outcome.counts, game.outcome.winners


def _doomcrop_note(players: int) -> str:
    decks = doomcrop_decks(players)
    return f"{decks} deck{'' if decks == 1 else 's'}; scores are cards counted, Diamond numbers as two."


def _doomlings_contest() -> Contest:
    from doomlings_access.ai.levels import LEVELS as DOOMLINGS_LEVELS

    return Contest("game", _doomlings, DOOMLINGS_LEVELS, _doomlings_end)


def _doomcrop_contest() -> Contest:
    from doomlings_access.doomcrop_ai.levels import LEVELS as DOOMCROP_LEVELS

    return Contest("Doomcrop game", _doomcrop, DOOMCROP_LEVELS, _doomcrop_end, _doomcrop_note)


GAMES: Mapping[str, Contest] = LazyRows({
    "doomlings": _doomlings_contest,
    "doomcrop": _doomcrop_contest,
})
"""Every game a tournament can play, by the name ``--game`` takes (a game's players imported
only for a game of it: :mod:`~doomlings_access.lazy_rows`)."""


@dataclass
class GameResult:
    """One game: the level at each seat, the totals, the winners, each seat's decision times."""

    levels: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    times: tuple[tuple[float, ...], ...]


def seat_levels(levels: list[str], game: int) -> tuple[str, ...]:
    """The levels of game ``game``'s seats: the list rotated by the game's number."""
    shift = game % len(levels)
    return tuple(levels[shift:] + levels[:shift])


def play_one(args: tuple[str, int, tuple[str, ...], str, Budget]) -> GameResult:
    """Play game seeded ``seed`` of ``name`` with ``levels`` at its seats (in a worker process too)."""
    name, seed, levels, edition, budget = args
    contest = GAMES[name]
    agents = [contest.levels[level](seed, seat, budget) for seat, level in enumerate(levels)]
    game: Playable[Any] = contest.start(tuple(f"P{seat + 1}" for seat in range(len(levels))), seed, edition)
    times: list[list[float]] = [[] for _ in levels]
    while (d := game.pending) is not None:
        start = time.perf_counter()
        answer = agents[d.player].choose(game.view(d.player), d)
        times[d.player].append(time.perf_counter() - start)
        game.apply(Choice(d.player, answer))
    totals, winners = contest.end(game)
    return GameResult(levels, totals, winners, tuple(tuple(t) for t in times))


@dataclass
class LevelFigures:
    """What one level did over a tournament."""

    games: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        ordered = sorted(self.times)
        p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)] if ordered else 0.0
        return {
            "seats": self.games,
            "win_rate": self.wins / self.games if self.games else 0.0,
            "win_rate_95": [low, high],
            "mean_score": statistics.mean(self.scores) if self.scores else 0.0,
            "mean_margin": statistics.mean(self.margins) if self.margins else 0.0,
            "decisions": len(ordered),
            "decision_ms_mean": 1000 * statistics.mean(ordered) if ordered else 0.0,
            "decision_ms_p99": 1000 * p99,
        }


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (sound near 0 and 1, unlike the normal one)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def tally(results: list[GameResult]) -> dict[str, LevelFigures]:
    """Each level's figures, seat by seat over every game (ties shared)."""
    figures: dict[str, LevelFigures] = {}
    for r in results:
        for seat, level in enumerate(r.levels):
            f = figures.setdefault(level, LevelFigures())
            f.games += 1
            if seat in r.winners:
                f.wins += 1 / len(r.winners)
            f.scores.append(r.totals[seat])
            f.margins.append(r.totals[seat] - max(t for s, t in enumerate(r.totals) if s != seat))
            f.times.extend(r.times[seat])
    return figures


def run(
    games: int,
    levels: list[str],
    seed: int,
    jobs: int = 1,
    edition: str = "retail",
    progress: Callable[[int], None] | None = None,
    budget: Budget | None = None,
    game: str = "doomlings",
) -> list[GameResult]:
    """Play the tournament's games of ``game``, in order, with ``jobs`` processes; searching
    levels think within ``budget`` per decision."""
    work = [(game, seed + g, seat_levels(levels, g), edition, budget or Budget()) for g in range(games)]
    if jobs <= 1:
        results = []
        for done, item in enumerate(work, 1):
            results.append(play_one(item))
            if progress:
                progress(done)
        return results
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = []
        for done, result in enumerate(pool.map(play_one, work, chunksize=1 if "hard" in levels else 8), 1):
            results.append(result)
            if progress:
                progress(done)
        return results
