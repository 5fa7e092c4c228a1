"""Benchmark: how long a game is to listen to, and what it costs in keys.

Prints figures; asserts nothing. Seeds 1 to 20, four players, one person (seat 0) answering 1
at every prompt through the real prompt loop in plain mode, three normal computer players,
normal verbosity. Every key is counted: a key is a line read at a prompt (an answer to a
question, the Enter of a pause before more is told, the Enter that plays the only playable
trait), and the keys of a turn are those read while the game stood in its round (each round
holds one turn of the person; the final scores, read after the game, are counted apart).

For each game: messages and words told (as spoken), and minutes of speech at 175 words a
minute; answers and pauses; over all games, what comes between two prompts: messages
(announcements, one per story: a turn, a round's card, a catastrophe) and the printed lines
they wrap into at 80 columns (non-empty lines that are not numbered options, between lines
that ask: "Choose", "Press Enter", "for help"), and the pauses that came after fewer than
:data:`SHORT` lines of news. ``--pause`` sets the pause setting (the default unless given).
Run from the checkout: ``.venv/bin/python benchmarks/listening.py``.
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
from doomlings_access.ui.session import Prefs, Session  # noqa: E402

WORDS_PER_MINUTE = 175
SHORT = 5
"""A pause after fewer lines of news than this since the last prompt comes too soon."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pause", type=int, default=Prefs().pause, help="the pause setting (lines; 0 never)")
    prefs = Prefs(pause=parser.parse_args().pause)
    messages, words, gaps, told = [], [], [], []
    answers, pauses, short, per_turn, at_end = [], [], [], [], []
    for seed in range(1, 21):
        game = new_game(Setup(("Ana", "Otto", "Pia", "Quin"), seed))
        stdin, stdout = io.StringIO("1\n" * 3000), io.StringIO()
        console = CountingConsole(stdin, stdout, game)
        out = console.out
        agents = {s: HeuristicAgent(seed, s) for s in (1, 2, 3)}
        Session(game, [0], agents, console, out, prefs).run()
        messages.append(len(out.history))
        words.append(sum(len(s.speech.split()) for s in out.history))
        marks = console.told_at
        told.extend(b - a for a, b in zip(marks, marks[1:], strict=False))
        gaps.extend(printed_gaps(stdout.getvalue()))
        keys = console.keys
        answers.append(sum(k.kind == "answer" for k in keys))
        pauses.append(sum(k.kind == "pause" for k in keys))
        short.append(sum(k.kind == "pause" and k.since < SHORT for k in keys))
        rounds: dict[int, int] = {}
        for k in keys:
            if k.round is not None:
                rounds[k.round] = rounds.get(k.round, 0) + 1
        per_turn.extend(rounds.values())
        at_end.append(sum(k.round is None for k in keys))
    mean_words = statistics.mean(words)
    print(
        f"per game: {statistics.mean(messages):.1f} messages, {mean_words:.0f} words, "
        f"{mean_words / WORDS_PER_MINUTE:.1f} minutes of speech at {WORDS_PER_MINUTE} words a minute"
    )
    print(
        f"keys per turn: median {statistics.median(per_turn)}, mean {statistics.mean(per_turn):.2f}, "
        f"max {max(per_turn)} ({len(per_turn)} turns); {statistics.mean(at_end):.1f} a game at the final scores"
    )
    print(
        f"per game: {statistics.mean(answers):.1f} answers, {statistics.mean(pauses):.1f} pauses "
        f"(at most {max(pauses)}), {statistics.mean(short):.1f} of them after fewer than {SHORT} lines"
    )
    print(f"messages between two questions: median {statistics.median(told)}, max {max(told)}")
    print(f"printed lines between two prompts: median {statistics.median(gaps)}, max {max(gaps)} ({len(gaps)} gaps)")
    hot_seat(prefs)


class Terminal(CountingConsole):
    """A terminal whose screen can be cleared (a hand-over clears it, after the person
    leaving has read what was told them)."""

    def can_clear(self) -> bool:
        return True

    def clear(self) -> bool:
        return True


def hot_seat(prefs: Prefs) -> None:
    """Two people at one keyboard (Ana and Ben) and two normal computer players, seeds 1 to
    20, at a terminal that clears: the keys pressed a round (each person's turn, and the
    others'), and how many are answers, hand-overs (the person leaving, the one arriving) or
    pauses."""
    rounds_keys, kinds = [], {"answer": 0, "pause": 0, "other": 0}
    games = 0
    for seed in range(1, 21):
        game = new_game(Setup(("Ana", "Ben", "Otto", "Pia"), seed))
        console = Terminal(io.StringIO("1\n" * 5000), io.StringIO(), game)
        agents = {s: HeuristicAgent(seed, s) for s in (2, 3)}
        Session(game, [0, 1], agents, console, console.out, prefs).run()
        games += 1
        rounds: dict[int, int] = {}
        for k in console.keys:
            if k.round is not None:
                rounds[k.round] = rounds.get(k.round, 0) + 1
                kinds[k.kind] += 1
        rounds_keys.extend(rounds.values())
    per_round = len(rounds_keys)
    print(
        f"hot seat (2 people, 2 computers): keys a round median {statistics.median(rounds_keys)}, mean "
        f"{statistics.mean(rounds_keys):.2f}; a round: {kinds['answer'] / per_round:.2f} answers, "
        f"{kinds['pause'] / per_round:.2f} pauses, {kinds['other'] / per_round:.2f} hand-over and other Enters"
    )


if __name__ == "__main__":
    main()
