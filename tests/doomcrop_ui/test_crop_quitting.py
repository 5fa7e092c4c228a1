"""Quitting Doomcrop says what Doomlings says (one implementation, in the shared prompting):
whether the game is saved, the command that goes on, and, when the save is behind the game,
that its last moves are lost, before the question and after it."""

from __future__ import annotations

import io

from crop_loop_kit import new

from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ui.game import DoomcropWords
from doomlings_access.telling.console import PlainConsole
from doomlings_access.telling.loop import Prefs, PromptLoop, resume_words
from doomlings_access.telling.output import Output


def quit_after(answers: int, saved: int | None) -> str:
    game = new(8)
    console = PlainConsole(io.StringIO("1\n" * answers + "quit\ny\n"), io.StringIO())
    PromptLoop[View](
        game, DoomcropWords(), [0], {}, console, Output(console.write), Prefs(),
        resume_command=lambda now: resume_words("game-1.json", now, Prefs()), saved_through=lambda: saved,
    ).run()
    return " ".join(console.stdout.getvalue().split())


def test_a_save_behind_the_game_says_its_last_moves_are_lost() -> None:
    text = quit_after(12, 5)
    assert "The last moves could not be saved: quitting loses them. Quit the game?" in text
    assert text.endswith(
        "You left the game. Its last moves could not be saved. To go on from its last save, type: "
        "doomlings resume game-1.json"
    )


def test_a_save_that_holds_the_game_says_how_to_go_on_and_one_never_written_says_so() -> None:
    assert quit_after(12, 12).endswith("You left the game. It is saved; to go on, type: doomlings resume game-1.json")
    never = quit_after(12, None)
    assert "This game could not be saved: quitting loses it." in never
    assert never.endswith("You left the game. It could not be saved.")
