"""Fitting the hard level's learned rule of thumb for which card to play
(:mod:`doomlings_access.ai.policy`) to what its search finds each card worth: ``make
train-policy`` (``python -m doomlings_access.policy_training``).

Games of the normal level against itself are played; at every play question with a choice,
of every seat, the search (its games played on by the rules of thumb, a counted budget) says
what each answer is worth, and the weights are the least-squares fit of each answer's worth
less the question's mean worth to its figures less their mean (what ranks the answers of one
question, not what the position is worth). One game in five is left out and the fit checked on
it: how often the learned rule plays the search's best card, how often the rules of thumb do,
and what each gives up against it. The games and the search are seeded, so the same command
gives the same weights file.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

import numpy as np

from doomlings_access import rules
from doomlings_access.ai.family import DOOMLINGS
from doomlings_access.ai.levels import make_agent
from doomlings_access.ai.picker import Picker
from doomlings_access.ai.policy import FEATURES, WEIGHTS_FILE, Policy, answer_features
from doomlings_access.arguments import seed_number
from doomlings_access.cards import load_cards
from doomlings_access.kernel.decisions import Choice
from doomlings_access.players.search import Budget, Search
from doomlings_access.rules.decisions import Kind

HELD_OUT = 5
"""One game in this many is left out of the fit, to check it on."""

Question = tuple[list[list[float]], list[float], int]
"""One play question: each answer's figures, its worth to the search, the rules of thumb's answer."""


def questions(seed: int, iterations: int, players: int = 4) -> list[Question]:
    """One game seeded ``seed`` played by the normal level at every seat: every play question
    with a choice, read and valued by the search at ``iterations`` sampled games."""
    g = rules.Game(load_cards("retail"), rules.Setup(tuple(f"P{s + 1}" for s in range(players)), seed))
    agents = [make_agent("normal", seed, seat) for seat in range(players)]
    found: list[Question] = []
    while (d := g.pending) is not None:
        view = g.view(d.player)
        if d.kind == Kind.PLAY and len(d.options) > 1:
            worths = Search(DOOMLINGS, seed, d.player, Budget(600, iterations)).worths(view, d)
            if worths is not None:
                table = view.tableau()
                rows = [answer_features(view, table, d.player, option) for option in d.options]
                found.append((rows, worths, d.options.index(Picker(view, d, seed).pick())))
        g.apply(Choice(d.player, agents[d.player].choose(view, d)))
    return found


def centred(part: list[Question]) -> tuple[np.ndarray, np.ndarray]:
    """Every answer's figures and worth, less their question's means."""
    xs, ys = [], []
    for rows, worths, _ in part:
        x, y = np.array(rows, dtype=float), np.array(worths, dtype=float)
        xs.append(x - x.mean(axis=0))
        ys.append(y - y.mean())
    return np.vstack(xs), np.concatenate(ys)


def check(policy: Policy, part: list[Question]) -> dict[str, float]:
    """How often the policy and the rules of thumb give the search's best answer, and the
    worth each gives up against it on average (points)."""
    w = np.array(policy.weights)
    hits = rule_hits = 0
    lost = rule_lost = 0.0
    for rows, worths, rule in part:
        best = max(worths)
        chosen = int(np.argmax(np.array(rows) @ w))
        hits += worths[chosen] == best
        rule_hits += worths[rule] == best
        lost += best - worths[chosen]
        rule_lost += best - worths[rule]
    n = max(len(part), 1)
    return {
        "held_out_best_answer": round(hits / n, 4), "rules_of_thumb_best_answer": round(rule_hits / n, 4),
        "held_out_points_given_up": round(lost / n, 3), "rules_of_thumb_points_given_up": round(rule_lost / n, 3),
    }


def fit(games: int, seed: int, iterations: int, jobs: int = 2) -> tuple[Policy, dict[str, float | int | str]]:
    """The policy fitted to ``games`` seeded from ``seed``, the search at ``iterations``
    sampled games a question (every :data:`HELD_OUT`-th game left out to check it on)."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        played = list(pool.map(partial(questions, iterations=iterations), range(seed, seed + games)))
    fitted = [q for i, game in enumerate(played) if i % HELD_OUT for q in game]
    left_out = [q for i, game in enumerate(played) if not i % HELD_OUT for q in game]
    x, y = centred(fitted)
    weights = np.linalg.lstsq(x, y, rcond=None)[0]
    policy = Policy(tuple(round(float(w), 6) for w in weights))
    about: dict[str, float | int | str] = {
        "by": f"python -m doomlings_access.policy_training --games {games} --seed {seed} --iterations {iterations}",
        "games": games,
        "questions": len(fitted),
        "held_out_questions": len(left_out),
        **check(policy, left_out),
    }
    return policy, about


def parser() -> argparse.ArgumentParser:
    """The command's options (its seed is every command's, :func:`~.arguments.seed_number`)."""
    p = argparse.ArgumentParser(description="Fit the hard level's rule for which card to play to its search.")
    p.add_argument("--games", type=int, default=150)
    p.add_argument("--seed", type=seed_number, default=200000)
    p.add_argument("--iterations", type=int, default=200)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", type=Path, default=Path(__file__).parent / "ai" / WEIGHTS_FILE)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    policy, about = fit(args.games, args.seed, args.iterations, args.jobs)
    args.out.write_text(policy.to_json(about), encoding="utf-8")
    print(f"{len(FEATURES)} weights fitted to {about['questions']} play questions written to {args.out}.")
    print(f"Held out: {about['held_out_questions']} questions; the search's best card played "
          f"{about['held_out_best_answer']:.1%} (rules of thumb {about['rules_of_thumb_best_answer']:.1%}), "
          f"{about['held_out_points_given_up']} points given up (rules of thumb "
          f"{about['rules_of_thumb_points_given_up']}).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
