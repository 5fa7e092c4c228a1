"""The README's scoring example is run, so the documentation cannot drift from the scorer."""

from __future__ import annotations

import json
import re
from pathlib import Path

from doomlings_access.scorer import score_table

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_scoring_example_prints_what_the_scorer_says() -> None:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Scoring a table", 1)[1]
    blocks = re.findall(r"((?:\n    [^\n]*)+)", section)
    example = json.loads("\n".join(line[4:] for line in blocks[0].splitlines() if line.strip()))
    printed = [line[4:] for line in blocks[1].splitlines() if line.strip()]
    assert score_table(example, "README example").lines() == printed
