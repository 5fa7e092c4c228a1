"""Figures, not assertions: how much of the program both games share, and how much each has
alone, in lines of Python (blank lines and comment lines left out, docstrings counted, as cloc
counts them).

Each package or module of ``src/doomlings_access`` is put on one side by what it serves:
Doomlings alone (its cards, rules, computer players, telling, its app, scorer, simulations,
braille deck labels, position files, and its kind for online play), Doomcrop alone (its engine,
computer players, telling, its kind for online play, and app), or both (the kernel, the
players' search, the prompt loop and its telling, safety, speech, settings, lines, online
play), or both with parts for one game each (the commands, the menus, saves, the tournament,
doctor, the games' registry): those are counted apart, as "mixed".

    python benchmarks/shared_code.py
"""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "doomlings_access"

DOOMLINGS = {"cards", "rules", "ai", "ui", "scorer", "simulate.py", "positions.py", "braille", "doomlings_app.py"}
DOOMCROP = {"doomcrop", "doomcrop_ai", "doomcrop_ui", "doomcrop_app.py"}
MIXED = {"app.py", "cli.py", "saves.py", "tournament.py", "doctor.py", "games.py"}
"""Modules that serve both games, with parts for one game each."""


def code_lines(path: Path) -> int:
    """Lines holding code (docstrings included): not blank, not only a comment."""
    text = path.read_text(encoding="utf-8")
    comment_only: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT and text.splitlines()[token.start[0] - 1].strip().startswith("#"):
            comment_only.add(token.start[0])
    return sum(1 for n, line in enumerate(text.splitlines(), 1) if line.strip() and n not in comment_only)


def side(path: Path) -> str:
    top = path.relative_to(SRC).parts[0]
    if top in MIXED:
        return "mixed"
    if top in DOOMLINGS:
        return "Doomlings alone"
    if top in DOOMCROP:
        return "Doomcrop alone"
    return "both games"


def main() -> None:
    totals: dict[str, int] = {"both games": 0, "mixed": 0, "Doomlings alone": 0, "Doomcrop alone": 0}
    parts: dict[str, dict[str, int]] = {key: {} for key in totals}
    for path in sorted(SRC.rglob("*.py")):
        lines = code_lines(path)
        where = side(path)
        totals[where] += lines
        top = path.relative_to(SRC).parts[0]
        parts[where][top] = parts[where].get(top, 0) + lines
    whole = sum(totals.values())
    print(f"Lines of Python code in src/doomlings_access: {whole}")
    for where, count in totals.items():
        listed = ", ".join(f"{name.removesuffix('.py')} {n}" for name, n in sorted(parts[where].items(), key=lambda kv: -kv[1]))
        print(f"  {where}: {count} ({100 * count / whole:.0f}%): {listed}")
    crop = totals["Doomcrop alone"]
    print(f"Doomcrop, a second game: {crop} lines of its own on {totals['both games']} shared "
          f"({100 * crop / (crop + totals['both games']):.0f}% of what it runs on is its own).")


if __name__ == "__main__":
    main()
