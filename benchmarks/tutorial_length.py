"""Benchmark: how long the course of ``doomlings learn`` is to listen to, and its keys.

Prints figures; asserts nothing. A learner (``tests/learner.py``) takes the whole course
through the real prompt loop at the default settings (normal verbosity, the default pause),
answering each step as it asks, Enter at every pause and between two lessons, and 1 at every
question of the short game. Every message and prompt spoken is counted in words (as spoken:
labels in words), and minutes of speech at 175 words a minute; every line typed is a key
press for each character and its Enter. ``--wrong-first`` answers each step wrong first.
Run from the checkout: ``.venv/bin/python benchmarks/tutorial_length.py``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from learner import Learner  # noqa: E402

from doomlings_access.ui.lessons import load_course  # noqa: E402
from doomlings_access.ui.session import Prefs  # noqa: E402
from doomlings_access.ui.tutor import Course  # noqa: E402

WORDS_PER_MINUTE = 175


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wrong-first", action="store_true", help="answer each step wrong first")
    mode = "wrong_first" if parser.parse_args().wrong_first else "right"
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DOOMLINGS_CONFIG_DIR"] = folder  # the progress file goes there, not to yours
        lessons = load_course()
        print(f"{len(lessons)} lessons; a learner answering {'wrong first' if mode != 'right' else 'as asked'}:")
        total_words = total_keys = 0
        for n, lesson in enumerate(lessons, 1):
            learner = Learner(mode, limit=20000)
            course = Course([lesson], learner, learner.out, Prefs())
            learner.playing = course
            course.run()
            words, keys = learner.heard.words(), learner.keys
            total_words += words
            total_keys += keys
            print(
                f"  {n:2}. {lesson.title}: {words} words, {words / WORDS_PER_MINUTE:.1f} minutes, "
                f"{keys} keys ({learner.lines} lines typed)"
            )
        print(f"The lessons one by one: {total_words} words, {total_keys} keys.")
        learner = Learner(mode, limit=20000)  # the course in one go, with the prompts between lessons
        course = Course(lessons, learner, learner.out, Prefs())
        learner.playing = course
        course.run(1)
        words = learner.heard.words()
    print(
        f"The course in one go: {len(lessons)} lessons, {words} words, {words / WORDS_PER_MINUTE:.1f} minutes "
        f"of speech at {WORDS_PER_MINUTE} words a minute, {learner.keys} keys ({learner.lines} lines typed)."
    )


if __name__ == "__main__":
    main()
