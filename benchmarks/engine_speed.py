"""Benchmark: random 4-player games per second on one core, and what cloning and sampling cost.

Prints figures; asserts nothing. Run with ``make bench``. The first line of output is always
``retail: N random 4-player games per second`` (other tools read it): games played by a random
driver with events off, as computer players think ahead, counted in processor time (on a shared
machine wall time says little). With ``--vs PATH`` (another checkout of this project, such as
the commit before a change) the same games are played there too, in turns with this one, and
the speed ratio is printed (the machine's speed drifts; a ratio measured in one run holds).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

WORKLOAD = """
import inspect, random, time
from doomlings_access.rules import Choice, Game, Setup, Options
if "cards" in inspect.signature(Game).parameters:  # cards are loaded at the edge
    from doomlings_access.cards import load_cards
    cards = load_cards(EDITION)
    def new(seed):
        return Game(cards, Setup(("A", "B", "C", "D"), seed, Options(edition=EDITION)), record=RECORD)
else:  # an engine from before: it loads its cards itself and always records
    def new(seed):
        return Game(Setup(("A", "B", "C", "D"), seed, Options(edition=EDITION)))
new(0)
start = time.process_time()  # (processor time: the machine may be shared, and wall time then says little)
actions = 0
for seed in range(GAMES):
    game = new(seed)
    rng = random.Random(seed)
    while game.pending is not None:
        d = game.pending
        game.apply(Choice(d.player, d.options[rng.randrange(len(d.options))]))
        actions += 1
print(GAMES / (time.process_time() - start), actions / GAMES)
"""


def games_per_second(src: Path, games: int, edition: str, record: bool) -> tuple[float, float]:
    """Random 4-player games per second with the engine under ``src`` (in its own process)."""
    code = WORKLOAD.replace("EDITION", repr(edition)).replace("RECORD", repr(record))
    code = code.replace("GAMES", str(games))
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0]), float(out[1])


def replay_cost(games: int) -> float:
    """Milliseconds to rebuild a finished 4-player game from its actions (loading a save)."""
    from doomlings_access.cards import load_cards
    from doomlings_access.rules import Game, Setup

    cards = load_cards()
    finished = []
    for seed in range(games):
        game = Game(cards, Setup(("A", "B", "C", "D"), seed))
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        finished.append(game)
    start = time.perf_counter()
    for game in finished:
        Game.replay(game.cards, game.setup, game.actions)
    return (time.perf_counter() - start) / games * 1000


def clone_and_sample_cost(games: int, repeats: int) -> tuple[float, float, float]:
    """Milliseconds to clone a mid-game 4-player position (40 actions in), and to sample it
    from the view of the seat that decides there; and the share of samples refused (a view no
    deal tried came back to: the player then falls back on its rules of thumb, having paid
    for the tries, which are counted in the time)."""
    from doomlings_access.cards import load_cards
    from doomlings_access.rules import Game, Setup

    cards = load_cards()
    positions = []
    for seed in range(games):
        game = Game(cards, Setup(("A", "B", "C", "D"), seed), checkpoints=True)
        rng = random.Random(seed)
        while len(game.actions) < 40 and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        if game.pending is not None:
            positions.append(game)
    start = time.perf_counter()
    for game in positions:
        for _ in range(repeats):
            game.clone(record=False)
    clone = (time.perf_counter() - start) / (len(positions) * repeats) * 1000
    from doomlings_access.rules.sampling import SampleFailed, sample

    views = [g.view(g.pending.player) for g in positions if g.pending is not None]
    rng = random.Random(1)
    refused = 0
    start = time.perf_counter()
    for view in views:
        for _ in range(repeats):
            try:
                sample(view, rng)
            except SampleFailed:
                refused += 1
    cost = (time.perf_counter() - start) / (len(views) * repeats) * 1000
    return clone, cost, refused / (len(views) * repeats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--vs", type=Path, default=None, help="another checkout to compare with")
    parser.add_argument("--rounds", type=int, default=5, help="turns taken each, with --vs")
    args = parser.parse_args()
    here = Path(__file__).resolve().parents[1] / "src"
    rate, per_game = games_per_second(here, args.games, "retail", False)
    print(f"retail: {rate:.0f} random 4-player games per second (events off), {per_game:.0f} actions per game")
    rate, _ = games_per_second(here, args.games, "retail", True)
    print(f"retail, every event recorded: {rate:.0f} games per second")
    rate, per_game = games_per_second(here, args.games, "first", False)
    print(f"first: {rate:.0f} random 4-player games per second (events off), {per_game:.0f} actions per game")
    print(f"replay of a finished 4-player game: {replay_cost(200):.2f} ms")
    clone, sample, refused = clone_and_sample_cost(100, 20)
    print(f"clone of a mid-game 4-player position: {clone:.3f} ms")
    print(
        f"sample of a mid-game 4-player position from a seat's view: {sample:.3f} ms "
        f"({refused:.1%} of samples refused)"
    )
    if args.vs is not None:
        other = args.vs.resolve() / "src"
        ratios = []
        for _ in range(args.rounds):
            mine, _ = games_per_second(here, args.games, "retail", False)
            theirs, _ = games_per_second(other, args.games, "retail", False)
            ratios.append(mine / theirs)
        print(
            f"speed against {args.vs}: {statistics.median(ratios):.2f} times as many games per "
            f"second (median of {args.rounds} turns each, {min(ratios):.2f} to {max(ratios):.2f})"
        )


if __name__ == "__main__":
    main()
