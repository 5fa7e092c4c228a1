"""Fitting the hard level's reading of a position (:mod:`doomlings_access.ai.value`) to games
the normal level plays against itself: ``make train`` (``python -m doomlings_access.training``).

Every seat's view is read at the start of every turn (where the hard level's games played on
stop), and paired with what the game's end brought that seat (:func:`~.ai.value.final_worth`);
the weights are the least-squares fit (numpy's), checked on the games left out of the fit.
The games are seeded, so the same command gives the same weights file.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from doomlings_access import rules
from doomlings_access.ai.levels import make_agent
from doomlings_access.ai.value import FEATURES, WEIGHTS_FILE, Model, features, final_worth
from doomlings_access.cards import load_cards
from doomlings_access.kernel.decisions import Choice
from doomlings_access.rules.decisions import Kind

HELD_OUT = 5
"""One game in this many is left out of the fit, to check it on."""


def positions(seed: int, players: int = 4, level: str = "normal") -> tuple[list[list[float]], list[float]]:
    """One game seeded ``seed`` played by ``level`` at every seat: each seat's features at the
    start of every turn, and the final worth to that seat, row by row."""
    g = rules.Game(load_cards("retail"), rules.Setup(tuple(f"P{s + 1}" for s in range(players)), seed))
    agents = [make_agent(level, seed, seat) for seat in range(players)]
    seen: list[list[list[float]]] = [[] for _ in range(players)]
    turn = None
    while (d := g.pending) is not None:
        if d.kind == Kind.PLAY and d.player != turn:
            turn = d.player
            for seat in range(players):
                seen[seat].append(features(g.view(seat)))
        g.apply(Choice(d.player, agents[d.player].choose(g.view(d.player), d)))
    rows, targets = [], []
    for seat in range(players):
        worth = final_worth(g.view(seat))
        rows.extend(seen[seat])
        targets.extend([worth] * len(seen[seat]))
    return rows, targets


def fit(games: int, seed: int, jobs: int = 2) -> tuple[Model, dict[str, float | int | str]]:
    """The model fitted to ``games`` seeded from ``seed`` (every :data:`HELD_OUT`-th left out
    to check it on), and what the fit did."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        played = list(pool.map(positions, range(seed, seed + games), chunksize=4))
    fitted = [p for i, p in enumerate(played) if i % HELD_OUT]
    left_out = [p for i, p in enumerate(played) if not i % HELD_OUT]

    def stack(part: list[tuple[list[list[float]], list[float]]]) -> tuple[np.ndarray, np.ndarray]:
        return (
            np.array([row for rows, _ in part for row in rows], dtype=float),
            np.array([t for _, targets in part for t in targets], dtype=float),
        )

    x, y = stack(fitted)
    weights = np.linalg.lstsq(x, y, rcond=None)[0]
    hx, hy = stack(left_out)
    error = hy - hx @ weights
    about: dict[str, float | int | str] = {
        "by": f"python -m doomlings_access.training --games {games} --seed {seed}",
        "games": games,
        "positions": int(len(y)),
        "held_out_positions": int(len(hy)),
        "held_out_r2": round(float(1 - error.var() / hy.var()), 4),
        "held_out_rms_error": round(float(np.sqrt((error**2).mean())), 3),
    }
    return Model(tuple(round(float(w), 6) for w in weights)), about


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fit the hard level's reading of a position to games played.")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=100000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "ai" / WEIGHTS_FILE)
    args = parser.parse_args(argv)
    model, about = fit(args.games, args.seed, args.jobs)
    args.out.write_text(model.to_json(about), encoding="utf-8")
    print(f"{len(FEATURES)} weights fitted to {about['positions']} positions written to {args.out}.")
    print(f"Held-out positions: {about['held_out_positions']}, R² {about['held_out_r2']}, "
          f"RMS error {about['held_out_rms_error']} points.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
