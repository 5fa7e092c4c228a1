"""Benchmark: how long a game is to listen to, and how much comes between two questions.

Prints figures; asserts nothing. Seeds 1 to 20, four players, one person (seat 0) answering 1
at every prompt through the real prompt loop in plain mode, three normal computer players,
normal verbosity. For each game: messages and words told (as spoken) and minutes of speech at
175 words a minute; over all games, median and maximum of what comes between two questions:
messages (announcements, one per story: a turn, a round's card, a catastrophe), and the
printed lines they wrap into at 80 columns (non-empty lines that are not numbered options,
between lines that ask: "Choose", "Press Enter", "for help"), and how often the game paused
for Enter before telling more (``--pause``, the default unless given). Run from the checkout:
``.venv/bin/python benchmarks/listening.py``.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from builders import CountingConsole, new_game, printed_gaps  # noqa: E402

from doomlings_access.ai.heuristic import HeuristicAgent  # noqa: E402
from doomlings_access.rules import Setup  # noqa: E402
from doomlings_access.ui.session import MORE, Prefs, Session  # noqa: E402

WORDS_PER_MINUTE = 175


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pause", type=int, default=Prefs().pause, help="the pause setting (lines; 0 never)")
    prefs = Prefs(pause=parser.parse_args().pause)
    messages, words, gaps, told, pauses = [], [], [], [], []
    for seed in range(1, 21):
        game = new_game(Setup(("Ana", "Otto", "Pia", "Quin"), seed))
        stdin, stdout = io.StringIO("1\n" * 3000), io.StringIO()
        console = CountingConsole(stdin, stdout)
        out = console.out
        agents = {s: HeuristicAgent(seed, s) for s in (1, 2, 3)}
        Session(game, [0], agents, console, out, prefs).run()
        messages.append(len(out.history))
        words.append(sum(len(s.speech.split()) for s in out.history))
        marks = console.told_at
        told.extend(b - a for a, b in zip(marks, marks[1:], strict=False))
        gaps.extend(printed_gaps(stdout.getvalue()))
        pauses.append(stdout.getvalue().count(MORE))
    mean_words = statistics.mean(words)
    print(
        f"per game: {statistics.mean(messages):.1f} messages, {mean_words:.0f} words, "
        f"{mean_words / WORDS_PER_MINUTE:.1f} minutes of speech at {WORDS_PER_MINUTE} words a minute"
    )
    print(f"messages between two questions: median {statistics.median(told)}, max {max(told)}")
    print(f"printed lines between two prompts: median {statistics.median(gaps)}, max {max(gaps)} ({len(gaps)} gaps)")
    print(f"pauses before more is told (Enter to go on): {statistics.mean(pauses):.1f} a game, at most {max(pauses)}")


if __name__ == "__main__":
    main()
