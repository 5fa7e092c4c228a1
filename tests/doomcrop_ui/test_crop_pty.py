"""Doomcrop at a real pseudo-terminal: ``doomlings play --game doomcrop`` in plain mode, a
person playing a whole game against the computer; quit part-way, the saved game resumed with
``doomlings resume`` and played to its end; the main menu's Doomcrop choice."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pexpect

sys.path.insert(0, str(Path(__file__).parent.parent / "e2e"))
from test_terminal import child_env, finish, game_command  # noqa: E402

PROMPT = r"Choose 1 to \d+, or \? for help: "
MORE = r"Press Enter for more\. "
GAME = ["play", "--game", "doomcrop", "--seed", "5", "--level", "easy", "--speech", "off", "--plain"]


def spawn(home: Path, *args: str) -> pexpect.spawn:
    command = game_command()
    return pexpect.spawn(
        command[0], [*command[1:], *args], env=child_env(home), dimensions=(24, 80), encoding="utf-8",
        codec_errors="replace", timeout=30, cwd=str(home),
    )


def play_on(child: pexpect.spawn, answers: int | None = None) -> tuple[str, int]:
    """Answer 1 at every question (Enter at every pause) until the game ends, or until
    ``answers`` questions were answered; what was printed, and how many were answered."""
    shown, answered = "", 0
    while True:
        which = child.expect([PROMPT, MORE, r"Game over\."])
        shown += child.before + child.after
        if which == 2:
            while child.expect([MORE, pexpect.EOF]) == 0:  # the Discard piles counted, a pause apart
                shown += child.before
                child.sendline("")
            return shown + child.before, answered
        if which == 1:
            child.sendline("")
            continue
        if answers is not None and answered >= answers:
            return shown, answered
        child.sendline("1")
        answered += 1


def saves(home: Path) -> list[Path]:
    return sorted((home / "data" / "saves").glob("game-*.json"))


def test_a_whole_game_at_a_real_terminal(tmp_path: Path) -> None:
    child = spawn(tmp_path, *GAME)
    shown, answered = play_on(child)
    assert finish(child) == 0
    assert "Doomcrop: you against Ben." in shown and "Flip which card?" not in shown[:200]
    assert answered > 10 and "Game over." in shown and "Your Discard pile:" in shown
    (path,) = saves(tmp_path)
    data = json.loads(path.read_text())
    assert data["game"] == "doomcrop" and data["summary"]["over"] is True
    assert len(data["actions"]) >= answered  # every answer saved (and the computer's)


def test_quit_then_resume_plays_the_same_game_to_its_end(tmp_path: Path) -> None:
    (tmp_path / "whole").mkdir()
    whole = spawn(tmp_path / "whole", *GAME)
    alone, _ = play_on(whole)
    finish(whole)
    home = tmp_path / "parted"
    home.mkdir()
    child = spawn(home, *GAME)
    play_on(child, answers=14)
    child.sendline("q")
    child.expect(r"Quit the game\? Type y to quit, n to go on: ")
    child.sendline("y")
    child.expect(r"It is saved; to go on, type:\r\n(doomlings resume [^\r\n]+)")
    assert "--plain" in child.after
    assert finish(child) == 0
    (path,) = saves(home)
    assert json.loads(path.read_text())["summary"]["over"] is False
    again = spawn(home, "resume", "--speech", "off", "--plain")
    again.expect(r"Doomcrop resumed: You against Ben\.\r\n(Turn \d+\. Your turn\.)")
    rest, _ = play_on(again)
    assert finish(again) == 0
    ending = alone[alone.index("Game over.") :].split("Your Discard pile")[0]
    assert ending.split()[:12] == rest[rest.index("Game over.") :].split()[:12]  # the same game, the same end
    assert json.loads(path.read_text())["summary"]["over"] is True


def test_the_main_menu_starts_a_game_of_doomcrop(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--speech", "off", "--plain")
    child.expect(r"7\. Doomcrop: a new game with ordinary playing cards")
    child.expect(PROMPT)
    child.sendline("7")
    child.expect(r"How many players, 2 to 6\? \[2\]: ")
    child.sendline("")
    child.expect(r"How many of them are people, 1 to 2\? \[1\]: ")
    child.sendline("")
    child.expect(r"Name of person 1\? \[You\]: ")
    child.sendline("Ana")
    child.expect(r"Computer level, ")
    child.sendline("easy")
    child.expect("Doomcrop: you against Ben.")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(r"Quit the game\? ")
    child.sendline("y")
    child.expect(r"Doomlings main menu\.")
    child.expect(PROMPT)
    child.sendline("8")
    child.expect("Goodbye.")
    assert finish(child) == 0
