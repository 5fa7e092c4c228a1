"""The ``doomlings`` command: its listings and reports called in this process (the command's
whole code path from its arguments to its exit status, output piped), and started as a real
program (``python -m doomlings_access`` at a terminal, the installed command) where the
process is what is tested."""

from __future__ import annotations

import json
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """``doomlings ARGS`` with no input, called in this process."""
    from programs import in_process

    return in_process(args, env=os.environ)


def no_traceback(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stdout, proc.stdout


# --- cards ---------------------------------------------------------------------------------


def test_cards_json_lists_every_card_with_id_name_kind_label() -> None:
    proc = run("cards", "--json")
    assert proc.returncode == 0, proc.stderr
    no_traceback(proc)
    cards = json.loads(proc.stdout)
    assert isinstance(cards, list) and len(cards) == 151
    for card in cards:
        assert isinstance(card, dict)
        assert {"id", "name", "kind", "label"} <= set(card), card
        assert all(isinstance(card[k], str) and card[k] for k in ("id", "name", "kind", "label"))
    kinds = [c["kind"] for c in cards]
    assert (kinds.count("trait"), kinds.count("age"), kinds.count("catastrophe")) == (107, 29, 15)
    assert len({c["id"] for c in cards}) == 151
    tiny = next(c for c in cards if c["id"] == "tiny")
    assert (tiny["name"], tiny["kind"], tiny["label"]) == ("Tiny", "trait", "db17")


def test_cards_kind_catastrophe_lists_only_the_15_catastrophes() -> None:
    proc = run("cards", "--kind", "catastrophe", "--json")
    assert proc.returncode == 0, proc.stderr
    cards = json.loads(proc.stdout)
    assert len(cards) == 15
    assert {c["kind"] for c in cards} == {"catastrophe"}
    assert all(c["label"].startswith("c") for c in cards)
    assert "ice_age" in {c["id"] for c in cards}


def test_cards_kind_catastrophe_as_text_is_one_paragraph_per_card() -> None:
    proc = run("cards", "--kind", "catastrophe")
    assert proc.returncode == 0, proc.stderr
    no_traceback(proc)
    paragraphs = proc.stdout.strip().split("\n\n")
    assert len(paragraphs) == 15
    assert any(p.startswith("Ice Age") for p in paragraphs)
    assert all("catastrophe" in p for p in paragraphs)
    # each with its label as the braille deck's sticker has it (it was left out)
    assert all(re.match(r"[^,]+, catastrophe, label c [a-z ]+:", " ".join(p.split())) for p in paragraphs), paragraphs


@pytest.mark.parametrize("args", [("cards",), ("cards", "--labels", "braille"), ("card", "Tiny")])
def test_listings_wrap_at_80_characters(args: tuple[str, ...]) -> None:
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert all(line == line.strip() for line in lines), "no indentation, no trailing spaces"
    # Nothing was lost in the wrapping: the words are the cards' words.
    if args[0] == "cards":
        paragraphs = [" ".join(p.split("\n")) for p in proc.stdout.strip().split("\n\n")]
        assert len(paragraphs) == 151
        assert sum(len(p) > 80 for p in paragraphs) > 100, "the long lines were wrapped"


@pytest.mark.parametrize("args", [
    ("tournament", "--games", "2", "--seats", "easy,normal", "--jobs", "1"),
    ("doctor", "--no"),
    ("speech-check", "--speech", "tts", "--voice", "zz"),  # refused by espeak-ng, or none at all
    ("cards", "--check"),
])
def test_every_command_s_report_keeps_to_80_characters(tmp_path: Path, args: tuple[str, ...]) -> None:
    """What a command prints is read on the same 40-cell display as the game: a tournament's
    table and a speech engine's refusal were single lines of 130 characters."""
    from programs import DOOMLINGS, isolated_env

    env = {**isolated_env(tmp_path), "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    proc = subprocess.run([*DOOMLINGS, *args], capture_output=True, text=True, env=env, timeout=300,
                          stdin=subprocess.DEVNULL, check=False)
    no_traceback(proc)
    lines = proc.stdout.splitlines()
    long = [line for line in lines if len(line) > 80 and " " in line]  # a long path stays whole
    assert lines and not long, proc.stdout
    assert ".." not in proc.stdout and "The game goes on" not in proc.stdout, proc.stdout


@pytest.mark.parametrize("columns", [40, 60])
def test_listings_on_a_terminal_are_broken_at_spaces_to_its_width(tmp_path: Path, columns: int) -> None:
    """On a terminal narrower than 80 columns a long line is broken at spaces to the window's
    width (a large-font window of 40 columns gets whole words on every row), and nothing is
    lost."""
    import pexpect

    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(PYTHONPATH=str(SRC), TERM="xterm-256color", LANG="C.UTF-8", HOME=str(tmp_path))
    child = pexpect.spawn(sys.executable, ["-m", "doomlings_access", "cards", "--kind", "catastrophe"], env=env,
                          dimensions=(24, columns), encoding="utf-8", timeout=60)
    child.expect(pexpect.EOF)
    text = (child.before or "").replace("\r\n", "\n")
    lines = text.strip().splitlines()
    assert max(len(line) for line in lines) <= columns
    assert max(len(line) for line in lines) > columns - 10, "the width was used"
    piped = run("cards", "--kind", "catastrophe").stdout
    assert " ".join(text.split()) == " ".join(piped.split()), "nothing lost, words whole"
    assert len(lines) > len(piped.strip().splitlines())


def test_cards_with_braille_labels() -> None:
    proc = run("--labels", "braille", "cards", "--kind", "trait")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Denial, ⠙⠉⠲: ")
    assert "Tiny, ⠙⠃⠂⠶: dominant blue 17" in proc.stdout


@pytest.mark.parametrize("edition", ["retail", "first"])
def test_cards_check_says_every_card_is_implemented(edition: str) -> None:
    proc = run("cards", "--check", "--edition", edition)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    no_traceback(proc)
    assert "All 151 cards are implemented." in proc.stdout
    assert "not implemented" not in proc.stdout


# --- simulate -------------------------------------------------------------------------------


def test_simulate_json_reports_games_actions_and_no_violations() -> None:
    proc = run("simulate", "--games", "20", "--players", "4", "--seed", "3", "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    no_traceback(proc)
    report = json.loads(proc.stdout)
    assert report["games"] == 20
    assert isinstance(report["actions"], int) and report["actions"] > 20
    assert report["violations"] == 0
    assert isinstance(report["games_per_second"], (int, float)) and report["games_per_second"] > 0


def test_simulate_is_reproducible_from_its_seed() -> None:
    first = json.loads(run("simulate", "--games", "5", "--seed", "11", "--json").stdout)
    second = json.loads(run("simulate", "--games", "5", "--seed", "11", "--json").stdout)
    assert first["actions"] == second["actions"]
    assert first["violations"] == second["violations"] == 0


def test_simulate_first_printing_with_replay_check() -> None:
    proc = run("simulate", "--games", "6", "--edition", "first", "--replay-check", "--long-age-deck", "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads(proc.stdout)
    assert report["games"] == 6 and report["violations"] == 0


def test_simulate_plain_text_summary() -> None:
    proc = run("simulate", "--games", "3", "--seed", "2")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("3 games, ")
    assert "0 violations" in proc.stdout


# --- bad arguments ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "--players", "9"),
        ("simulate", "--players", "1"),
        ("simulate", "--games", "0"),
        ("simulate", "--games", "-3"),
        ("simulate", "--games", "abc"),
        ("simulate", "--edition", "deluxe"),
        ("frobnicate",),
        ("cards", "--kind", "dragon"),
        ("cards", "--no-such-flag"),
        ("simulate", "--games", "\u0663"),  # ARABIC-INDIC DIGIT THREE: int() takes it, we don't
        ("simulate", "--seed", "1_000"),
        ("play", "--plain", "--players", "\u0663"),
        ("play", "--plain", "--seed", " 7"),
        ("play", "--plain", "--think", "\u0661"),
        ("tournament", "--jobs", "\uff12"),  # FULLWIDTH DIGIT TWO
        ("scenario", "x.toml", "--seed", "+\u0661"),
        ("speech-check", "--rate", "\u0661\u0660\u0660"),
        ("speech-check", "--rate", "9999"),
        ("speech-check", "--voice", "\x1b]0;PWNED\x07en"),  # (the engine was handed these)
        ("speech-check", "--voice=-w/tmp/x.wav"),
        ("speech-check", "--voice", "e" * 101),  # (5,000 characters went to the engine)
        ("speech-check", "--voice", "en\u200b"),
        ("play", "\x1b]0;PWNED\x07\x1b[2J"),  # an escape sequence quoted back would retitle the window
        ("play", "--names", "Ana", "--level", "\x1b[31mhard\nx"),
        ("play", "--plain", "--level", "easy,normal,hard,hard,hard"),  # 5 levels for 2 computer seats
        ("simulate", "--games", "99999999999"),  # (it started, silent, for days)
        ("transcript", "game.json", "--latest"),  # (the save named was ignored)
        ("play", "--plain", "--players", "4", "--level", "easy,normal"),  # (the third was filled in)
        # a negative seed dealt the games of its positive twin (Python drops the sign)
        ("play", "--plain", "--seed", "-12"),
        ("simulate", "--seed", "-12"),
        ("tournament", "--games", "2", "--seed", "-1"),
        ("scenario", "x.json", "--seed", "-3"),
    ],
    ids=lambda a: " ".join(a).encode("unicode_escape").decode(),
)
def test_bad_arguments_exit_2_with_one_clear_message_and_no_traceback(args: tuple[str, ...]) -> None:
    proc = run(*args)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    no_traceback(proc)
    assert proc.stderr.strip(), "the error is explained on standard error"
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and proc.stderr.endswith("\n")  # one line
    assert not any(ord(ch) < 32 or ord(ch) == 127 for ch in proc.stderr[:-1]), repr(proc.stderr)


def test_every_seed_option_takes_the_one_seed_type_that_refuses_a_sign() -> None:
    """Issue 34: wherever a seed is taken it is the same kind of number, so no command can
    again take ``-12`` for ``12``."""
    import argparse

    from doomlings_access.arguments import seed_number
    from doomlings_access.cli import _parser

    def seeds(parser: argparse.ArgumentParser) -> list[argparse.Action]:
        found = [a for a in parser._actions if a.dest == "seed"]
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    found += seeds(sub)
        return found

    from doomlings_access.training import parser as training

    taken = seeds(_parser())
    assert len(taken) >= 4  # play, simulate, tournament, scenario
    taken += seeds(training())  # make train: a negative seed fitted to its positive twins' games
    assert all(action.type is seed_number for action in taken)
    with pytest.raises(argparse.ArgumentTypeError, match="from 0"):
        seed_number("-12")
    assert seed_number("12") == 12


def test_help_exits_0() -> None:
    proc = run("simulate", "--help")
    assert proc.returncode == 0
    no_traceback(proc)
    assert "--games" in proc.stdout


def test_a_card_name_with_control_characters_is_quoted_with_question_marks() -> None:
    """README: typed text is shown with control characters as "?" (it was a repr: '\\x1b[2J')."""
    proc = run("card", "\x1b[2J")
    assert proc.returncode == 2 and "no card named '?[2J'" in proc.stderr, proc.stderr


def test_braille_labels_from_the_option_or_the_settings_file_are_honoured_by_card_cards_and_transcript(
    tmp_path: Path,
) -> None:
    """``transcript --labels braille`` and ``labels = "braille"`` in the settings file were
    ignored by ``transcript``, ``card`` and ``cards``: they printed text labels."""
    from programs import in_process, isolated_env

    env = isolated_env(tmp_path)

    def run(*args: str, stdin: str = "") -> str:
        done = in_process(args, env=env, stdin=stdin)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    run("play", "--plain", "--speech", "off", "--seed", "3", "--players", "2", "--pause", "0", stdin="1\n" * 6 + "q\ny\n")
    tiny = "\u2819\u2803\u2802\u2836"  # db17 in Unicode braille
    for labels in ("text", "typed", "file"):
        (tmp_path / "config").mkdir(exist_ok=True)
        (tmp_path / "config" / "settings.toml").write_text('labels = "braille"\n' if labels == "file" else "")
        option = ["--labels", "braille"] if labels == "typed" else []
        card = run("card", "tiny", *option)
        cards = run("cards", "--kind", "trait", *option)
        told = run("transcript", "--latest", *option)
        braille = labels != "text"
        assert (f"Tiny, label {tiny}." in card) is braille and ("Tiny, label db17." in card) is not braille, card
        assert (f"Tiny, {tiny}:" in cards) is braille, cards[:300]
        shown = re.findall(r"\bplays? [A-Z][\w' -]*, (\S+?)[,.]", told)
        assert shown and all(("\u2800" <= label[0] <= "\u28ff") is braille for label in shown), (labels, shown[:5])
