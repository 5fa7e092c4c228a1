"""Benchmark: how the time to score a table grows with its number of traits (issue 12).

Prints figures; asserts nothing. Run with ``.venv/bin/python benchmarks/scorer_size.py``.

Tables of 4 players holding ``n`` traits in all, cycling through every trait that scores
without asking anything (effectless ones and those whose bonus counts the pile), so the
figure is the scoring itself, not the search for missing choices.
Up to the cap (``scorer.MAX_CARDS``) the table is scored; above it, ``doomlings score``
refuses the file at once, and the time to refuse 20,000 traits is printed as well.
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from doomlings_access.cards import load_cards
from doomlings_access.scorer import MAX_CARDS, ScoreFileError, score_file, score_table


def asks_nothing() -> list[str]:
    """Every trait, less those that ask something of a full table (found by trying)."""
    names = sorted(t.name for t in load_cards().traits.values())
    while True:
        PLAIN[:] = names
        try:
            score_table(table(MAX_CARDS))
        except ScoreFileError as exc:
            asked = exc.missing.card if exc.missing else None
            if asked not in names:
                raise
            names.remove(asked)
            continue
        return names


PLAIN: list[str] = []


def table(traits: int) -> dict[str, object]:
    names = [PLAIN[k % len(PLAIN)] for k in range(traits)]
    return {"players": [{"name": f"P{i}", "traits": names[i::4]} for i in range(4)]}


def seconds(path: Path, traits: int) -> tuple[float, str]:
    path.write_text(json.dumps(table(traits)))
    start = time.perf_counter()
    try:
        score_file(str(path))
        outcome = "scored"
    except ScoreFileError as exc:
        outcome = f"refused: {str(exc).split(': ', 2)[-1]}"
    return time.perf_counter() - start, outcome


def main() -> None:
    PLAIN[:] = asks_nothing()
    print(f"{len(PLAIN)} traits score without asking anything")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "table.json"
        seconds(path, 8)  # warm up: cards loaded, caches filled
        for traits in (50, 100, 200, MAX_CARDS, 1000, 2000, 20_000):
            took, outcome = seconds(path, traits)
            print(f"{traits:>6} traits: {took * 1000:8.1f} ms  {outcome}")


if __name__ == "__main__":
    main()
