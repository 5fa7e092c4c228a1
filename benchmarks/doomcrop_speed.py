"""Benchmark: random 2-player Doomcrop games per second on one core.

Prints figures; asserts nothing. Games are played by random answers to the pending decision,
first with events off (as players that think ahead play), then with events on and each answer
chosen by the random player from the seat's view, then the cost of a view and of a sample.
"""

from __future__ import annotations

import argparse
import random
import time

from doomlings_access.doomcrop import Choice, Game, Setup, sample
from doomlings_access.doomcrop.random_player import choose


def bare(games: int) -> tuple[float, int]:
    start, answers = time.perf_counter(), 0
    for seed in range(games):
        g = Game(Setup(("A", "B"), seed), record=False)
        rng = random.Random(seed)
        while (d := g.pending) is not None:
            g.apply(Choice(d.player, d.options[rng.randrange(len(d.options))]))
            answers += 1
    return time.perf_counter() - start, answers


def viewed(games: int) -> float:
    start = time.perf_counter()
    for seed in range(games):
        g = Game(Setup(("A", "B"), seed))
        rng = random.Random(seed)
        while g.pending is not None:
            g.apply(choose(g.view(g.pending.player), rng))
    return time.perf_counter() - start


def samples(count: int) -> tuple[float, float]:
    g = Game(Setup(("A", "B"), 1))
    rng = random.Random(1)
    while g.pending is not None and len(g.actions) < 60:
        g.apply(choose(g.view(g.pending.player), rng))
    seat = g.pending.player if g.pending else 0
    start = time.perf_counter()
    for _ in range(count):
        view = g.view(seat)
    view_cost = (time.perf_counter() - start) / count
    start = time.perf_counter()
    for i in range(count):
        sample(view, random.Random(i))
    return view_cost, (time.perf_counter() - start) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    seconds, answers = bare(args.games)
    print(f"doomcrop: {args.games / seconds:.0f} random 2-player games per second (events off; {answers / args.games:.0f} answers a game)")
    seconds = viewed(args.games // 4)
    print(f"doomcrop: {args.games / 4 / seconds:.0f} random 2-player games per second (events on, each answer from a view)")
    view_cost, sample_cost = samples(2000)
    print(f"doomcrop: a view {view_cost * 1e6:.0f} us, a sample {sample_cost * 1e6:.0f} us")


if __name__ == "__main__":
    main()
