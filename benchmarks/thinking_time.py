"""Benchmark: how long the hard player takes for a decision against the budget it is given.

Prints figures; asserts nothing. Run with ``make bench``. The hard player plays every seat of a
few seeded games at a small budget (``--think`` in milliseconds, no cap on sampled games), and
the mean, 99th percentile and longest decision are printed beside the budget: the clock is
read inside each sampled game (issue 34: read only between them, the 99th percentile was
40.7 ms at a 10 ms budget). A decision may pass its budget by one move of a sampled game and
the time to deal one.
"""

from __future__ import annotations

import argparse
import statistics
import time

from doomlings_access.ai.search import Budget, SearchAgent
from doomlings_access.cards import load_cards
from doomlings_access.rules import Choice, Game, Setup


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--think", type=float, default=10.0, help="the budget in milliseconds (default 10)")
    parser.add_argument("--games", type=int, default=3, help="6-player games to play (default 3)")
    args = parser.parse_args()
    budget = Budget(seconds=args.think / 1000, iterations=None)
    cards = load_cards()
    times: list[float] = []
    for seed in range(1, args.games + 1):
        game = Game(cards, Setup(("A", "B", "C", "D", "E", "F"), seed), checkpoints=True)
        agents = [SearchAgent(seed, seat, budget) for seat in range(game.n)]
        while game.pending is not None:
            d = game.pending
            start = time.perf_counter()
            answer = agents[d.player].choose(game.view(d.player), d)
            if len(d.options) > 1 and d.kind != "chance":
                times.append((time.perf_counter() - start) * 1000)
            game.apply(Choice(d.player, answer))
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"hard at a {args.think:g} ms budget: {len(times)} decisions, mean {statistics.mean(times):.1f} ms, "
          f"99th percentile {p99:.1f} ms, longest {times[-1]:.1f} ms.")


if __name__ == "__main__":
    main()
