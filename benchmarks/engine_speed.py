"""Benchmark: random 4-player games per second on one core (target: at least 200).

Prints figures; asserts nothing. Run with ``make bench``.
"""

from __future__ import annotations

import random
import time

from doomlings_access.rules import Game, Options, Setup


def games_per_second(games: int, edition: str) -> tuple[float, float]:
    start = time.perf_counter()
    actions = 0
    for seed in range(games):
        game = Game(Setup(("A", "B", "C", "D"), seed, Options(edition=edition)))
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
    seconds = time.perf_counter() - start
    return games / seconds, actions / games


def replay_cost(games: int) -> float:
    """Milliseconds to rebuild a finished 4-player game from its actions (clone and load)."""
    finished = []
    for seed in range(games):
        game = Game(Setup(("A", "B", "C", "D"), seed))
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        finished.append(game)
    start = time.perf_counter()
    for game in finished:
        Game.replay(game.setup, game.actions)
    return (time.perf_counter() - start) / games * 1000


if __name__ == "__main__":
    for edition in ("retail", "first"):
        rate, per_game = games_per_second(1000, edition)
        print(f"{edition}: {rate:.0f} random 4-player games per second, {per_game:.0f} actions per game")
    print(f"replay of a finished 4-player game: {replay_cost(200):.2f} ms")
