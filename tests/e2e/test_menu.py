"""The main menu and the questions it opens, as a player meets them.

The real ``doomlings`` runs with its saves and settings in the test's own folder: piped
``--plain`` runs for what is typed, a pseudo-terminal (pexpect) for Ctrl-C and Ctrl-D.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pexpect
import pytest
from programs import DOOMLINGS, in_process, isolated_env

MENU = "Choose 1 to 8, or ? for help: "
BACK = "Back to the main menu."
ENDED = "Input ended. Goodbye."
PLAIN = ["--plain", "--speech", "off"]


def run(tmp_path: Path, stdin: str, *args: str) -> str:
    """Everything the program writes for ``stdin`` (piped, the command called in this
    process); it must end cleanly."""
    done = in_process([*args, *PLAIN], env=isolated_env(tmp_path), stdin=stdin)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stdout + done.stderr
    return done.stdout


def saved_game(tmp_path: Path) -> None:
    """One unfinished game in the saves folder: a game begun, then quit."""
    run(tmp_path, "q\ny\n", "play", "--seed", "3")


def after(out: str, prompt_and_answer: str) -> list[str]:
    """The lines written after the prompt answered with the line given (the echo of a piped
    answer ends the prompt's line)."""
    return out.split(prompt_and_answer + "\n", 1)[1].splitlines()


# Where each question the main menu opens is reached from, and its prompt.
SUB_QUESTIONS = {
    "players": ("1\n", "How many players, 2 to 6? [3]: "),
    "name": ("1\n3\n1\n", "Name of person 1? [You]: "),
    "level": ("1\n3\n1\nAna\n", "Computer level, 1 easy, 2 normal, 3 hard? [normal]: "),
    "house rules": ("1\n2\n2\n\n\n", "House rules, by number, or ? for the list? [none]: "),
    "resume list": ("2\n", "Resume which game, 1 to 1? [1]: "),
    "settings": ("5\n", "Speech, 1 screen-reader, 2 direct, 3 tts, 4 off? [off]: "),
}


@pytest.mark.parametrize("where", list(SUB_QUESTIONS))
def test_back_at_a_question_returns_to_the_main_menu(tmp_path: Path, where: str) -> None:
    saved_game(tmp_path)
    reach, prompt = SUB_QUESTIONS[where]
    out = run(tmp_path, reach + "back\n8\n")
    assert after(out, prompt + "back")[:2] == [BACK, "Doomlings main menu."]
    assert out.endswith(f"{MENU}8\nGoodbye.\n")


@pytest.mark.parametrize("where", list(SUB_QUESTIONS))
def test_end_of_input_at_a_question_says_goodbye(tmp_path: Path, where: str) -> None:
    saved_game(tmp_path)
    reach, prompt = SUB_QUESTIONS[where]
    out = run(tmp_path, reach)
    assert out.endswith(f"{prompt}\n{ENDED}\n")


class Pty:
    """``doomlings --plain`` in a pseudo-terminal, where Ctrl-C and Ctrl-D are keys."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        env = isolated_env(tmp_path)
        env.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        self.child = pexpect.spawn(
            DOOMLINGS[0], [*DOOMLINGS[1:], *args, *PLAIN], env=env, dimensions=(24, 80),
            encoding="utf-8", codec_errors="replace", timeout=15, cwd=str(tmp_path),
        )

    def answer(self, prompt: str, line: str) -> None:
        self.child.expect_exact(prompt)
        self.child.sendline(line)

    def finish(self) -> tuple[int, str]:
        """The exit status and the last words written."""
        self.child.expect(pexpect.EOF)
        last = self.child.before
        self.child.close()
        return self.child.exitstatus, last


@pytest.mark.parametrize("where", list(SUB_QUESTIONS))
def test_ctrl_c_at_a_question_returns_to_the_main_menu(tmp_path: Path, where: str) -> None:
    saved_game(tmp_path)
    reach, prompt = SUB_QUESTIONS[where]
    pty = Pty(tmp_path)
    pty.answer(MENU, reach.split("\n")[0])
    for line in reach.split("\n")[1:-1]:
        pty.child.expect_exact("]: ")
        pty.child.sendline(line)
    pty.child.expect_exact(prompt)
    pty.child.sendintr()
    pty.child.expect_exact(BACK)
    pty.answer(MENU, "8")
    status, last = pty.finish()
    assert status == 0 and "Goodbye." in last


@pytest.mark.parametrize("where", ["menu", "players", "settings"])
def test_ctrl_d_leaves_the_program_saying_so(tmp_path: Path, where: str) -> None:
    pty = Pty(tmp_path)
    if where != "menu":
        reach, prompt = SUB_QUESTIONS[where]
        pty.answer(MENU, reach.strip())
        pty.child.expect_exact(prompt)
    else:
        pty.child.expect_exact(MENU)
    pty.child.sendeof()
    status, last = pty.finish()
    assert status == 0 and ENDED in last


# --- numbers, first letters, whole words, ? -------------------------------------------------------

@pytest.mark.parametrize(
    ("typed", "reached"),
    [
        ("re", "No unfinished game to resume."), ("RESU", "No unfinished game to resume."),
        ("se", "Speech, 1 screen-reader"), ("co", "Companion for the braille deck. Type back"),
        ("ne", "How many players, 2 to 6?"), ("h", "Rules, goal:"), ("qu", "Goodbye."),
        ("Quit", "Goodbye."), ("2", "No unfinished game to resume."), ("le", "Lesson 1 of 11:"),
    ],
)
def test_the_main_menu_takes_first_letters_whole_words_and_numbers(tmp_path: Path, typed: str, reached: str) -> None:
    out = run(tmp_path, f"{typed}\n")
    assert after(out, MENU + typed)[0].startswith(reached)


def test_a_prefix_that_fits_two_choices_names_them(tmp_path: Path) -> None:
    out = run(tmp_path, "r\n8\n")
    assert after(out, MENU + "r") == [
        "r fits 2 choices: 2. Resume a saved game; 4. Rules and help. Type its number.", MENU + "8", "Goodbye."
    ]


@pytest.mark.parametrize("typed", ["?", "help", "HELP"])
def test_help_at_the_main_menu_says_what_it_wants(tmp_path: Path, typed: str) -> None:
    out = run(tmp_path, f"{typed}\n8\n")
    said = " ".join(after(out, MENU + typed)[:-2])
    assert said.startswith("The main menu: 1 New game, 2 Resume a saved game,")
    assert "first letters" in said and "back" in said


def test_a_bad_line_at_the_main_menu_is_one_line_then_the_prompt(tmp_path: Path) -> None:
    out = run(tmp_path, "Xyz\x1b[2J\n8\n")
    assert after(out, MENU + "Xyz?[2J") == [
        "Not a choice: Xyz?[2J. Choose 1 to 8, or ? for help.", MENU + "8", "Goodbye."
    ]
    assert out.count("Doomlings main menu.") == 1


LATER_SETTINGS = 5
"""The settings asked after speech, verbosity and labels (Enter keeps each)."""


@pytest.mark.parametrize(
    ("answers", "chosen"),
    [  # (not direct: a Speech Dispatcher that does not answer holds it for a minute or more)
        ("t\nTERSE\nb\n", ("tts", "terse", "braille")),
        ("1\n1\nBRAILLE\n", ("screen-reader", "terse", "braille")),
        ("Off\nv\nT\n", ("off", "verbose", "text")),
        ("S\nNormal\n2\n", ("screen-reader", "normal", "braille")),
    ],
)
def test_the_settings_take_numbers_first_letters_and_any_case(
    tmp_path: Path, answers: str, chosen: tuple[str, str, str]
) -> None:
    out = run(tmp_path, "5\n" + answers + "\n" * LATER_SETTINGS + "8\n")
    assert "Not a choice" not in out and "fits" not in out and "Nothing typed" not in out
    saved = tomllib.loads((tmp_path / "config" / "settings.toml").read_text("utf-8"))
    assert (saved["speech"], saved["verbosity"], saved["labels"]) == chosen


BRAILLE_CELL = re.compile("[\u2801-\u283f]")


def test_the_settings_offer_those_in_force_and_enter_keeps_them(tmp_path: Path) -> None:
    """Options typed for the session are what the settings offer, not the file's: Enter
    through them kept braille labels and speech off (it gave text labels and screen-reader)."""
    out = run(tmp_path, "5\n" + "\n" * 8 + "1\n2\n1\n\n\n\nq\ny\n8\n", "--labels", "braille", "--pause", "7")
    assert "Speech, 1 screen-reader, 2 direct, 3 tts, 4 off? [off]: \n" in out
    assert "Labels, 1 text, 2 braille? [braille]: \n" in out
    assert "Pause for Enter after how many lines, 0 to 99? [7]: \n" in out
    game = out.split("House rules")[1]
    assert BRAILLE_CELL.search(game.split("Choose 1 to")[0]), "the game's options show braille labels"
    saved = tomllib.loads((tmp_path / "config" / "settings.toml").read_text("utf-8"))
    assert (saved["speech"], saved["labels"], saved["pause"]) == ("off", "braille", 7)


def test_leaving_the_settings_tells_of_speech_only_when_speech_changed(tmp_path: Path) -> None:
    """Only the pause changed: nothing is said of speech (it said "Speech is now off.", a change
    nobody made); speech changed: it is said."""
    out = run(tmp_path, "5\n" + "\n" * 7 + "9\n8\n")
    assert "Speech is now" not in out, out[-400:]
    assert tomllib.loads((tmp_path / "config" / "settings.toml").read_text("utf-8"))["pause"] == 9
    out = run(tmp_path, "5\n1\n" + "\n" * 7 + "8\n")
    assert "Speech is now screen-reader." in out


def test_every_setting_is_asked_and_holds_for_the_session(tmp_path: Path) -> None:
    out = run(tmp_path, "5\n\n\n\n\n\nP\ne\n0\n1\n2\n1\n\n\n\nq\ny\n8\n")
    saved = tomllib.loads((tmp_path / "config" / "settings.toml").read_text("utf-8"))
    assert (saved["only_choice"], saved["any_time"], saved["pause"]) == ("play", "every", 0)
    resume = next(line for line in out.splitlines() if line.startswith("doomlings resume "))
    # The resume command names every setting of the game that differs from the settings file:
    # none here, so the game played with the settings just saved.
    assert not re.search(r"--(only-choice|any-time|pause)\b", resume), resume


def test_the_voice_question_says_enter_keeps_it_and_default_clears_it(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.toml").write_text('voice = "en-us"\n')
    settings = tomllib.loads
    prompt = "Voice name; Enter keeps en-us, default for the engine's own: "
    run(tmp_path, "5\n" + "\n" * 8 + "8\n")
    assert settings((tmp_path / "config" / "settings.toml").read_text("utf-8"))["voice"] == "en-us"
    out = run(tmp_path, "5\n\n\n\n\n" + "1" * 23 + "\nDefault\n\n\n\n8\n")
    assert after(out, prompt + "1" * 23)[:2] == [
        "A voice name has letters, like en-us or Alex. Type another, or ? for help.",
        prompt + "Default",
    ]
    assert settings((tmp_path / "config" / "settings.toml").read_text("utf-8"))["voice"] == ""
    assert "using defaults" not in run(tmp_path, "8\n"), "no voice is a voice setting"


@pytest.mark.parametrize("typed", ["h", "E", "1", "Hard", "3"])
def test_the_computer_level_takes_numbers_and_first_letters(tmp_path: Path, typed: str) -> None:
    level = {"h": "hard", "e": "easy", "1": "easy", "hard": "hard", "3": "hard"}[typed.lower()]
    out = run(tmp_path, f"1\n2\n1\nAna\n{typed}\n\nq\ny\n8\n")
    assert "Not a choice" not in out
    assert f"Computer players: Otto plays at {level}." in " ".join(out.split())


@pytest.mark.parametrize("where", ["players", "resume list"])
def test_a_question_mark_at_a_number_question_says_what_it_wants(tmp_path: Path, where: str) -> None:
    saved_game(tmp_path)
    reach, prompt = SUB_QUESTIONS[where]
    out = run(tmp_path, reach + "?\nback\n8\n")
    said = after(out, prompt + "?")
    assert not said[0].startswith("Not a choice")
    assert "Type a number from" in " ".join(said[:3])
    assert "Type back, or press Ctrl-C, to return to the main menu." in said


# --- the companion's menu --------------------------------------------------------------------------

COMPANION_MENU = "Choose 1 to 5, or ? for help: "


@pytest.mark.parametrize("typed", ["back", "b", "BACK", "5", "Back"])
def test_back_at_the_companion_menu_leaves_the_companion_saying_so(tmp_path: Path, typed: str) -> None:
    out = run(tmp_path, f"{typed}\n", "companion")
    assert after(out, COMPANION_MENU + typed) == ["Leaving the companion."]


def test_the_companion_opened_from_the_main_menu_goes_back_to_it(tmp_path: Path) -> None:
    out = run(tmp_path, "3\nb\n8\n")
    assert after(out, COMPANION_MENU + "b")[:2] == ["Leaving the companion.", "Doomlings main menu."]


def test_end_of_input_in_the_companion_says_goodbye(tmp_path: Path) -> None:
    assert run(tmp_path, "1\n", "companion").endswith(f"Card name or label, or Enter to go back: \n{ENDED}\n")


# --- rules and help ----------------------------------------------------------------------------

MORE = "Press Enter for more. "


def stretches(out: str) -> list[int]:
    """How many lines of the rules and help come between two prompts (a prompt's line ends
    with the answer echoed)."""
    counts, since = [], 0
    reading = out.split(MENU + "4\n", 1)[1].split("Doomlings main menu.")[0]
    for line in reading.splitlines() + [MENU]:
        if line.startswith((MORE, MENU)):
            counts.append(since)
            since = 0
        else:
            since += 1
    return counts


def test_rules_and_help_wait_for_enter_a_few_lines_at_a_time(tmp_path: Path) -> None:
    """A topic is never cut in two; shorter ones come together up to the pause setting."""
    from doomlings_access.lines import PAUSE
    from doomlings_access.ui.session import COMMANDS

    out = run(tmp_path, "4\n" + "\n" * 40 + "8\n")
    gaps = stretches(out)
    assert out.count(MORE) >= 5  # (some seventy lines, a dozen at a time)
    assert max(gaps) <= 12 and sorted(gaps)[len(gaps) // 2] <= PAUSE
    assert "Rules, World's End:" in out and "worlds end" not in out
    for command in COMMANDS.values():
        assert f"\n{command}\n" in out
    assert "? or help at any question says what it wants" in " ".join(out.split())
    assert 'A label is typed as on a braille keyboard: "db17"' in " ".join(out.split())


def test_rules_and_help_follow_the_pause_setting(tmp_path: Path) -> None:
    assert MORE not in run(tmp_path, "4\n8\n", "--pause", "0")
    # (a topic is never cut in two: the longest, the turn, has 6 lines with its heading)
    assert max(stretches(run(tmp_path, "4\n" + "\n" * 30 + "8\n", "--pause", "5"))) <= 6


def test_back_at_a_pause_of_the_rules_returns_to_the_main_menu(tmp_path: Path) -> None:
    out = run(tmp_path, "4\nback\n8\n")
    assert after(out, MORE + "back")[:2] == [BACK, "Doomlings main menu."]
    assert "Commands at every prompt" not in out


def test_the_rules_command_in_a_game_names_world_s_end_as_written(tmp_path: Path) -> None:
    out = run(tmp_path, "\nrules world\nq\ny\n", "play", "--seed", "3")  # Enter: past the deal
    assert after(out, "Choose 1 to 5, or ? for help: rules world")[0] == "Rules, World's End:"


def test_ctrl_c_at_the_companion_menu_leaves_the_companion(tmp_path: Path) -> None:
    pty = Pty(tmp_path, "companion")
    pty.child.expect_exact(COMPANION_MENU)
    pty.child.sendintr()
    status, last = pty.finish()
    assert status == 0 and "Leaving the companion." in last


def test_a_choice_is_taken_as_a_screen_reader_says_it() -> None:
    """"screen reader" is how "screen-reader" is heard: it was "Not a choice"."""
    from doomlings_access.ui.asking import fitting

    assert fitting("screen reader", ["screen-reader", "direct", "tts", "off"]) == [0]
    assert fitting("Screen  Reader", ["screen-reader", "direct", "tts", "off"]) == [0]


DROPPED = "The retail printing is played: the first printing of the cards, typed with --edition, is not among them."


@pytest.mark.parametrize(("typed", "chosen"), [
    ("all 28", f"Chosen: all 28 ages dealt from. {DROPPED}"),
    ("2 4", f"Chosen: every age dealt into the three piles; no turns in a catastrophe's round. {DROPPED}"),
    ("1, 3", "Chosen: the first printing of the cards; an empty hand draws 5. New game"),
    ("first, empty", "Chosen: the first printing of the cards; an empty hand draws 5. New game"),
    ("none", "Chosen: the rulebook, no house rule."),
])
def test_house_rules_take_words_and_spaces_and_say_when_the_printing_typed_is_dropped(
    tmp_path: Path, typed: str, chosen: str
) -> None:
    out = run(tmp_path, f"1\n2\n1\nAna\neasy\n{typed}\nq\ny\n8\n", "--edition", "first")
    assert "Not a choice" not in out
    assert chosen in " ".join(out.split()), out[-800:]


def test_the_menus_resume_list_numbers_games_as_resume_list_does(tmp_path: Path) -> None:
    """The menu left finished games out, so its 1 was resume --list's 2."""
    run(tmp_path, "1\n" * 400, "play", "--seed", "3", "--players", "2")  # a finished game
    saved_game(tmp_path)  # then an unfinished one, newest
    listed = [line for line in run(tmp_path, "", "resume", "--list").splitlines() if re.match(r"\d+\. ", line)]
    out = run(tmp_path, "2\n2\n\nq\ny\n8\n")
    assert "Game 2 is finished; it is kept as a record. Choose an unfinished one." in out
    assert [line for line in out.splitlines() if re.match(r"\d+\. ", line)][8:10] == listed
