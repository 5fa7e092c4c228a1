"""The ``only_choice`` setting in Doomcrop, as in Doomlings: with ``play`` a question of one
answer is said with its answer and not asked; with ``ask`` (the default) it is asked."""

from __future__ import annotations

import re

from crop_loop_kit import new, played

from doomlings_access.telling.loop import Prefs, resume_words


def test_play_says_a_question_of_one_answer_with_it_and_asks_nothing() -> None:
    """Seed 58, answered 1 at every question: twice a turn's flip has one card to flip (no
    Spade to sacrifice either)."""
    game = new(58)
    text = played(game, "1\n" * 800, prefs=Prefs(only_choice="play"))
    assert game.is_over
    assert "Choose 1 to 1," not in text
    told = re.findall(r"\? Only one choice: ([^.]+)\.", " ".join(text.split()))
    assert len(told) == 2 and all(not t.startswith("sacrifice") for t in told), told
    again = new(58)
    asked = played(again, "1\n" * 800)
    assert asked.count("Choose 1 to 1,") == 2  # the default asks them
    assert again.actions == game.actions  # the same game either way: the one answer is the answer


def test_the_resume_command_keeps_the_setting() -> None:
    command = resume_words("game-1.json", Prefs(only_choice="play"), Prefs())
    assert command == "doomlings resume game-1.json --only-choice play"
    assert resume_words("game-1.json", Prefs(), Prefs()) == "doomlings resume game-1.json"
