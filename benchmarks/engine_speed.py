"""Benchmark: random 4-player games per second on one core, and what cloning costs.

Prints figures; asserts nothing. Run with ``make bench``. The first line of output is always
``retail: N random 4-player games per second`` (other tools read it).
"""

from __future__ import annotations

import random
import time

from doomlings_access.cards import load_cards
from doomlings_access.rules import Game, Options, Setup


def games_per_second(games: int, edition: str) -> tuple[float, float]:
    cards = load_cards(edition)
    start = time.perf_counter()
    actions = 0
    for seed in range(games):
        game = Game(cards, Setup(("A", "B", "C", "D"), seed, Options(edition=edition)))
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
    seconds = time.perf_counter() - start
    return games / seconds, actions / games


def finished_games(games: int) -> list[Game]:
    cards = load_cards()
    out = []
    for seed in range(games):
        game = Game(cards, Setup(("A", "B", "C", "D"), seed))
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        out.append(game)
    return out


def replay_cost(games: int) -> float:
    """Milliseconds to rebuild a finished 4-player game from its actions (loading a save)."""
    finished = finished_games(games)
    start = time.perf_counter()
    for game in finished:
        Game.replay(game.cards, game.setup, game.actions)
    return (time.perf_counter() - start) / games * 1000


def mid_game(games: int) -> list[Game]:
    """4-player games stopped half-way (by actions), at a decision."""
    cards = load_cards()
    out = []
    for seed in range(games):
        game = Game(cards, Setup(("A", "B", "C", "D"), seed), checkpoints=True)
        rng = random.Random(seed)
        while len(game.actions) < 40 and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        out.append(game)
    return out


def clone_and_sample_cost(games: int, repeats: int) -> tuple[float, float]:
    """Milliseconds to clone a mid-game position, and to sample it from a seat's view."""
    positions = mid_game(games)
    start = time.perf_counter()
    for game in positions:
        for _ in range(repeats):
            game.clone(record=False)
    clone = (time.perf_counter() - start) / (games * repeats) * 1000
    views = [g.view(g.pending.player) for g in positions if g.pending is not None]
    rng = random.Random(1)
    start = time.perf_counter()
    for view in views:
        for _ in range(repeats):
            view.sample(rng)
    sample = (time.perf_counter() - start) / (len(views) * repeats) * 1000
    return clone, sample


if __name__ == "__main__":
    for edition in ("retail", "first"):
        rate, per_game = games_per_second(1000, edition)
        print(f"{edition}: {rate:.0f} random 4-player games per second, {per_game:.0f} actions per game")
    print(f"replay of a finished 4-player game: {replay_cost(200):.2f} ms")
    clone, sample = clone_and_sample_cost(100, 20)
    print(f"clone of a mid-game 4-player position: {clone:.3f} ms")
    print(f"sample of a mid-game 4-player position from a seat's view: {sample:.3f} ms")
