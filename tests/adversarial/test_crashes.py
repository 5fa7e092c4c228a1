"""Issue 12, crashes: undecodable input, end of input, huge numbers, deep nesting, odd
timestamps, unwritable folders, odd scorer answers, odd output paths and wrong-typed options
all get one clear line (then the same question again), never a traceback.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from doomlings_access import __version__
from doomlings_access.lines import PAUSE
from kit import GAME, Home, device, edited, good_save
from programs import DOOMLINGS

HUGE = "9" * 5000  # beyond Python's 4,300-digit conversion limit


@pytest.fixture
def home(tmp_path: Path) -> Home:
    """Commands run in this process, but where the process is part of what is tested: how
    Python set up its streams, a deep file read on a fresh stack, a file that could hang."""
    return Home(tmp_path, in_process=True)


# --- undecodable and ending input ----------------------------------------------------------------

BAD_BYTES = b"\xff\xfe\xc3\x28\xa0\xa1\xed\xa0\x80"


@pytest.mark.parametrize("where", ["menu", "game", "companion", "settings", "names", "doctor"])
def test_invalid_utf8_on_standard_input_is_not_a_crash(home: Home, where: str) -> None:
    script = {
        "menu": ([], BAD_BYTES + b"\n8\n"),
        "game": (["play", "--seed", "4"], BAD_BYTES + b"\nq\ny\n"),
        "companion": (["companion"], b"1\n" + BAD_BYTES + b"\n\n5\n"),
        "settings": ([], b"5\n" + BAD_BYTES + b"\noff\nnormal\ntext\n" + BAD_BYTES + b"\n200\nen\n\n\n\n8\n"),
        "names": ([], b"1\n2\n1\n" + BAD_BYTES + b"\nAna\nnormal\nq\ny\n8\n"),
        "doctor": (["doctor"], BAD_BYTES + b"\n"),
    }
    args, stdin = script[where]
    strict = home.env(PYTHONIOENCODING="utf-8:strict")  # as under a UTF-8 locale like en_US.UTF-8
    done = home.run(*args, *([] if where == "doctor" else GAME), stdin=stdin, env=strict, process=True).clean()
    assert done.returncode in (0, 1), done.both


def test_invalid_utf8_in_names_is_refused(home: Home) -> None:
    done = home.run("play", *GAME, "--names", os.fsdecode(b"Ana,B\xffn")).clean()
    assert done.returncode == 2 and "--names" in done.err


MENU_PATHS = {
    "resume-which": "2\n",
    "new-players": "1\n",
    "new-humans": "1\n3\n",
    "new-name": "1\n3\n1\n",
    "new-level": "1\n3\n1\nAna\n",
    "settings-speech": "5\n",
    "settings-rate": "5\noff\nnormal\ntext\n",
    "settings-voice": "5\noff\nnormal\ntext\n200\n",
    "companion-players": "3\n3\n",
    "companion-traits": "3\n3\nAna\n",
    "learn": "6\n",
    "learn-next": "6\n2\n",
}


@pytest.mark.parametrize("path", list(MENU_PATHS))
def test_end_of_input_at_any_menu_question_leaves_saying_so(home: Home, path: str) -> None:
    good_save(home.saves)
    good_save(home.saves, "game-20240102-120000.json", seed=7)
    done = home.run(*GAME, stdin=MENU_PATHS[path]).clean()
    assert done.returncode == 0, done.both
    assert done.out.endswith("Input ended. Goodbye.\n")


# --- huge numbers anywhere -------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["menu", "players", "humans", "rate", "resume-which", "game", "log",
                                   "companion-menu", "companion-gene-pool", "companion-choose"])
def test_a_number_of_5000_digits_is_one_line_and_the_same_question(home: Home, where: str) -> None:
    good_save(home.saves)
    script = {
        "menu": ([], f"{HUGE}\n8\n"),
        "players": ([], f"1\n{HUGE}\n2\n1\nAna\nnormal\nq\ny\n8\n"),
        "humans": ([], f"1\n2\n{HUGE}\n1\nAna\nnormal\nq\ny\n8\n"),
        "rate": ([], f"5\noff\nnormal\ntext\n{HUGE}\n200\nen\n\n\n\n8\n"),
        "resume-which": ([], f"2\n{HUGE}\n1\nq\ny\n8\n"),
        "game": (["play", "--seed", "4"], f"{HUGE}\nq\ny\n"),
        "log": (["play", "--seed", "4"], f"log {HUGE}\nq\ny\n"),
        "companion-menu": (["companion"], f"{HUGE}\n5\n"),
        "companion-gene-pool": (["companion"], f"3\nAna\nAltruistic\ndone\n\n{HUGE}\n4\n5\n"),
        "companion-choose": (["companion"], f"1\nde\n{HUGE}\n1\n\n5\n"),
    }
    args, stdin = script[where]
    done = home.run(*args, *GAME, stdin=stdin).clean()
    assert done.returncode == 0, done.both
    assert HUGE not in done.out, "a long line is shown shortened"


SAVE_FIELDS = {
    "seed": lambda d: d["setup"].__setitem__("seed", "HUGE_NUMBER"),
    "format": lambda d: d.__setitem__("format", "HUGE_NUMBER"),
    "round": lambda d: d["summary"].__setitem__("round", "HUGE_NUMBER"),
    "action-value": lambda d: d["actions"].__setitem__(2, [0, "HUGE_NUMBER"]),
    "action-player": lambda d: d["actions"].__setitem__(2, ["HUGE_NUMBER", 1]),
    "created": lambda d: d.__setitem__("created", "HUGE_NUMBER"),
    "human-seat": lambda d: d["seats"].__setitem__("humans", ["HUGE_NUMBER"]),
}


@pytest.mark.parametrize("field", list(SAVE_FIELDS))
def test_a_save_with_a_5000_digit_number_is_a_clear_error(home: Home, field: str) -> None:
    path = good_save(home.saves)
    data = json.loads(path.read_bytes())
    SAVE_FIELDS[field](data)
    path.write_text(json.dumps(data).replace('"HUGE_NUMBER"', HUGE))
    good = good_save(home.saves, "game-20240105-120000.json", seed=8)
    listed = home.run("resume", "--list").clean()
    assert listed.returncode == 0 and good.name in listed.out
    done = home.run("resume", str(path), *GAME).clean()
    assert done.returncode == 2 and "more than 40 digits" in done.flat()
    assert home.run("resume", *GAME, stdin="q\ny\n").clean().returncode == 0


@pytest.mark.parametrize("where", ["gene_pool", "tie_break", "choice", "catastrophes"])
def test_a_score_file_with_a_5000_digit_number_is_a_clear_error(home: Home, tmp_path: Path, where: str) -> None:
    player = {"name": "Ana", "traits": ["Tiny"], "gene_pool": 5}
    table: dict[str, object] = {"players": [player, {"name": "Ben", "traits": ["Tiny"]}]}
    if where == "gene_pool":
        player["gene_pool"] = "GENE"
    elif where == "tie_break":
        table["tie_break"] = {"Ana": "GENE"}
    elif where == "choice":
        player["choices"] = {"Tiny": "GENE"}
    else:
        table["catastrophes"] = ["GENE"]
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table).replace('"GENE"', HUGE))
    done = home.run("score", str(path)).clean()
    assert done.returncode == 2 and len(done.err.splitlines()) == 1 and "digits" in done.err


def test_a_settings_file_with_a_5000_digit_rate_uses_the_defaults(home: Home) -> None:
    home.settings.write_text(f"rate = {HUGE}\n")
    done = home.run(*GAME, stdin="8\n").clean()
    assert done.returncode == 0 and "using defaults" in done.flat()



@pytest.mark.parametrize(("text", "said"), [
    ("pause = 1e400\n", "pause: has a number too large to use"),
    ("[voice]\nrate = nan\n", "voice.rate: has nan, which is not a number"),
    (f"pause = 3\nrate = {HUGE}\n", "rate: has a number with more than 40 digits"),
])
def test_a_settings_file_refused_for_a_number_names_its_field(home: Home, text: str, said: str) -> None:
    home.settings.write_text(text)
    done = home.run(*GAME, stdin="8\n").clean()
    assert done.returncode == 0 and f"{said}; using defaults." in done.flat()

# --- deep nesting ----------------------------------------------------------------------------------

DEEP_JSON = "[" * 100_000 + "]" * 100_000
DEEP_TOML = "x = " + "[" * 100_000 + "]" * 100_000 + "\n"
DEEP_INLINE = "x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n"
DEEP_DOTTED = "." .join(["a"] * 20_000) + " = 1\n"


@pytest.mark.parametrize("text", [DEEP_JSON, '{"setup": ' + DEEP_JSON + "}", '{"format": 1, "actions": [' + "[" * 5000 + "]" * 5000 + "]}"],
                         ids=["array", "in-setup", "in-actions"])
def test_a_deeply_nested_save_is_a_clear_error_and_the_others_still_load(home: Home, text: str) -> None:
    (home.saves / "game-20240109-120000.json").write_text(text)
    good = good_save(home.saves)
    listed = home.run("resume", "--list", process=True).clean()
    assert listed.returncode == 0 and good.name in listed.out
    done = home.run("resume", *GAME, stdin="q\ny\n", process=True).clean()
    assert done.returncode == 0 and "nested more than" in done.flat()


@pytest.mark.parametrize("text", [DEEP_JSON, '{"players": ' + DEEP_JSON + "}", '{"players": [{"name": "A", "choices": ' + "{\"a\": " * 3000 + "1" + "}" * 3000 + "}]}"],
                         ids=["array", "players", "choices"])
def test_a_deeply_nested_score_file_is_a_clear_error(home: Home, tmp_path: Path, text: str) -> None:
    path = tmp_path / "t.json"
    path.write_text(text)
    done = home.run("score", str(path), process=True).clean()
    assert done.returncode == 2 and "nested more than" in done.err


@pytest.mark.parametrize("text", [DEEP_TOML, DEEP_INLINE, DEEP_DOTTED], ids=["array", "inline-table", "dotted-keys"])
def test_a_deeply_nested_settings_file_breaks_no_command(home: Home, text: str) -> None:
    home.settings.write_text(text)
    for args, stdin in (([*GAME], "8\n"), (["play", *GAME, "--seed", "2"], "q\ny\n"),
                        (["companion", *GAME], "5\n"), (["resume", *GAME], ""), (["doctor", "--no"], "")):
        done = home.run(*args, stdin=stdin, process=True).clean()
        assert done.returncode in (0, 1), (args, done.both)
    assert "using defaults" in home.run(*GAME, stdin="8\n").flat()


# --- odd timestamps --------------------------------------------------------------------------------


@pytest.mark.parametrize("updated", ["1e300", "-1e300", "1e308", "-5", '"yesterday"', "null", "true", "[1]", "253402300800"])
def test_an_odd_updated_time_in_one_save_breaks_no_listing(home: Home, updated: str) -> None:
    odd = good_save(home.saves, "game-20240101-120000.json")
    raw = json.loads(odd.read_bytes())
    odd.write_text(json.dumps(raw).replace(f'"updated": {json.dumps(raw["updated"])}', f'"updated": {updated}'))
    good = good_save(home.saves, "game-20240102-120000.json", seed=9)
    done = home.run("resume", "--list").clean()
    assert done.returncode == 0 and odd.name in done.out and good.name in done.out, done.both
    menu = home.run(*GAME, stdin="2\n\nq\ny\n8\n").clean()
    assert menu.returncode == 0


def test_a_timestamp_beyond_infinity_is_refused_not_a_crash(home: Home) -> None:
    path = good_save(home.saves)
    path.write_text(path.read_text().replace('"updated":', '"updated":1e999,"x":', 1))
    done = home.run("resume", "--list").clean()
    assert done.returncode == 0 and path.name in done.out  # listed among the unreadable


# --- a folder that cannot be written ---------------------------------------------------------------


@contextmanager
def unwritable(folder: Path) -> Iterator[None]:
    """The folder cannot be written: by its permissions, or (root ignores those) by the
    file system's immutable flag."""
    if os.geteuid() != 0:
        os.chmod(folder, 0o555)
        try:
            yield
        finally:
            os.chmod(folder, 0o755)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(folder)], capture_output=True, check=False).returncode:
        pytest.skip("as root, a folder is made unwritable with chattr +i, which this file system refuses")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(folder)], check=False)


def test_a_broken_save_in_an_unwritable_folder_blocks_no_good_game(home: Home) -> None:
    good = good_save(home.saves, "game-20240101-120000.json")
    broken = home.saves / "game-20240102-120000.json"
    broken.write_text('{"format": 1, "setup": {')
    with unwritable(home.saves):
        done = home.run("resume", *GAME, stdin="1\n1\nq\ny\n").clean()
        listed = home.run("resume", "--list").clean()
        doctor = home.run("doctor", "--yes").clean()
        fresh = home.run("play", *GAME, "--seed", "3", stdin="1\n1\nq\ny\n").clean()
    assert done.returncode == 0, done.both
    assert "could not be moved aside" in done.flat()
    assert any(line.startswith("Round ") for line in done.out.splitlines()), "the good game is played"
    assert done.out.count("cannot be saved") == 1, "one warning, not one per action"
    assert good.name in listed.out and broken.name in listed.out
    assert doctor.returncode == 1 and "could not be moved aside" in doctor.flat()
    assert fresh.returncode == 0 and fresh.out.count("cannot be saved") == 1
    assert sorted(p.name for p in home.saves.iterdir()) == [good.name, broken.name]


# --- odd scorer answers ----------------------------------------------------------------------------

DEUS = {"catastrophes": ["Ice Age", "Retrovirus", "Deus Ex Machina"],
        "players": [{"name": "Ana", "traits": ["Tiny"], "choices": {"Deus Ex Machina": "ANSWER"}},
                    {"name": "Ben", "traits": ["Quick"]}]}


@pytest.mark.parametrize("answer", ["3.5", "true", "false", "[1, 2]", "{}", '{"from": "red"}', "null", "-1",
                                    "99999999999", '"5"', '""', '"\\u001b[2J"', "1e308"])
def test_deus_ex_machina_given_an_odd_answer_is_a_clear_error(home: Home, tmp_path: Path, answer: str) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(DEUS).replace('"ANSWER"', answer))
    done = home.run("score", str(path)).clean()
    assert done.returncode in (0, 2), done.both
    if done.returncode == 2:
        assert len(done.err.splitlines()) == 1 and "t.json" in done.err


@pytest.mark.parametrize("table", [
    {"catastrophes": ["Ice Age"], "players": [{"name": "A", "traits": ["Eloquence"], "hand": ["Morality"],
                                               "choices": {"Eloquence": "Morality"}}]},
    {"catastrophes": ["Ice Age"], "players": [{"name": "A", "traits": ["Eloquence"], "hand": ["Morality", "Tiny"]}]},
    {"players": [{"name": "A", "traits": ["Morality"]}]},
], ids=["eloquence-plays-morality", "eloquence-undecided", "morality-alone"])
def test_a_single_player_table_the_rules_cannot_settle_is_a_clear_error(home: Home, tmp_path: Path, table: dict[str, object]) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table))
    done = home.run("score", str(path)).clean()
    assert done.returncode in (0, 2), done.both
    if done.returncode == 2:
        assert len(done.err.splitlines()) == 1


# --- odd output paths --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["missing-folder", "device", "fifo", "folder", "link", "file-as-folder"])
def test_transcript_out_to_an_odd_place_is_one_line(home: Home, tmp_path: Path, kind: str) -> None:
    save = good_save(home.saves)
    target = {
        "missing-folder": tmp_path / "no" / "such" / "t.txt",
        "device": tmp_path / "null-device",
        "fifo": tmp_path / "fifo",
        "folder": tmp_path,
        "link": tmp_path / "link.txt",
        "file-as-folder": tmp_path / "plain.txt" / "t.txt",
    }[kind]
    if kind == "fifo":
        os.mkfifo(target)
    if kind == "device":
        device(tmp_path)
    if kind == "link":
        target.symlink_to(tmp_path / "elsewhere.txt")
    (tmp_path / "plain.txt").write_text("x")
    done = home.run("transcript", str(save), "--out", str(target), timeout=20, process=True).clean()
    assert done.returncode == 2 and done.err.startswith("doomlings: cannot write"), done.both
    assert len(done.err.splitlines()) == 1
    assert not (tmp_path / "elsewhere.txt").exists()


@pytest.mark.parametrize("kind", ["file", "device", "fifo"])
def test_braille_ref_folder_that_is_not_a_folder_is_one_line(home: Home, tmp_path: Path, kind: str) -> None:
    target = {"file": tmp_path / "f.txt", "device": tmp_path / "null-device", "fifo": tmp_path / "fifo"}[kind]
    if kind == "device":
        device(tmp_path)
    if kind == "file":
        target.write_text("x")
    if kind == "fifo":
        os.mkfifo(target)
    for args in (["braille-ref", "--folder", str(target)], ["braille-ref", "--check", "--folder", str(target)]):
        done = home.run(*args, timeout=20, process=True).clean()
        assert done.returncode == 2 and "not a folder" in done.err


# --- wrong-typed options in a save ------------------------------------------------------------------

OPTIONS = {
    "empty_hand_draw": [3.5, "5", True, None, [5]],
    "long_age_deck": ["yes", 1, None],
    "edition": [5, None],
    "all_28_ages": [0, "false"],
}


@pytest.mark.parametrize(("option", "value"), [(o, v) for o, vs in OPTIONS.items() for v in vs])
def test_a_save_with_a_wrong_typed_option_is_refused_before_play(home: Home, option: str, value: object) -> None:
    path = good_save(home.saves)
    edited(path, lambda d: d["setup"]["options"].__setitem__(option, value))
    done = home.run("resume", str(path), *GAME, stdin="1\n" * 30).clean()
    assert done.returncode == 2, done.both
    assert f"setup.options.{option}" in done.flat() or "setup:" in done.flat()
    assert "Choose 1 to" not in done.out


def test_simulate_and_play_reject_a_seed_too_large(home: Home) -> None:
    done = home.run("play", *GAME, "--seed", HUGE[:100]).clean()
    assert done.returncode == 2 and "--seed" in done.err


@pytest.mark.parametrize("where", ["game", "menu"])
def test_a_pasted_line_of_two_megabytes_is_one_answer_too_long(home: Home, where: str) -> None:
    line = "x" * 2_000_000
    args, stdin = (["play", "--seed", "3"], f"\n{line}\n1\nq\ny\n") if where == "game" else ([], f"{line}\n8\n")
    done = home.run(*args, *GAME, stdin=stdin).clean()
    assert done.returncode == 0
    assert len(done.out) < 100_000, "the echo and the message are short"
    assert ("That is too long." in done.out) if where == "game" else ("Not a choice: xxxx" in done.out)


def test_the_settings_menu_keeps_a_settings_file_it_could_not_use(home: Home) -> None:
    """A file that cannot be parsed at all is kept beside before the menu writes its own:
    nothing of it could be offered."""
    original = 'only_choice = "play"\npause = 5\nany_time = [[[\n'
    home.settings.write_text(original)
    done = home.run(*GAME, stdin="5\n" + "\n" * 8 + "8\n").clean()
    assert done.returncode == 0, done.both
    kept = [p for p in home.settings.parent.iterdir() if p.name.startswith("settings.toml.broken-")]
    assert len(kept) == 1 and kept[0].read_text() == original
    assert f"kept as {kept[0].name}" in done.flat()
    assert "rate = 175" in home.settings.read_text()


SOME_BAD = 'speech = "off"\nrate = 300\nvoice = "en-us"\nlabels = "braille"\npause = 100\ncolour = 3\n'
"""Four good settings and two bad fields: a pause out of range and a field that is none."""


def test_one_bad_settings_field_costs_only_itself(home: Home) -> None:
    """pause = 100 gave the defaults for everything, braille labels among them."""
    home.settings.write_text(SOME_BAD)
    done = home.run("play", *GAME, "--seed", "3", stdin="\n\nq\ny\n").clean()  # Enter: past the deal
    flat = done.flat()
    assert f"{home.settings}: pause: must be a number from 0 to 99; using the default, {PAUSE}, for it." in flat
    assert f"{home.settings}: colour: is not a setting of this version ({__version__}); it is kept in the file as it is." in flat
    assert "using defaults" not in flat
    assert re.search("[\u2800-\u28ff]", done.out), "the labels are shown in braille, as the file says"
    assert home.settings.read_text() == SOME_BAD, "only reading it changes nothing"


def test_the_settings_menu_keeps_the_good_fields_and_names_the_bad_ones(home: Home) -> None:
    home.settings.write_text(SOME_BAD)
    done = home.run(*GAME, stdin="5\n" + "\n" * 8 + "8\n").clean()
    assert done.returncode == 0, done.both
    assert not [p for p in home.settings.parent.iterdir() if ".broken-" in p.name], "not set aside"
    written = home.settings.read_text()
    for line in ('speech = "off"', "rate = 300", 'voice = "en-us"', 'labels = "braille"', f"pause = {PAUSE}"):
        assert line in written.splitlines(), written
    assert "The file's pause could not be used, so it is not kept." in done.flat()
    assert "colour = 3" in written.splitlines(), "a field of another version is kept (issue 34)"


def test_doctor_writes_the_good_settings_fields_again_instead_of_setting_the_file_aside(home: Home) -> None:
    home.settings.write_text(SOME_BAD)
    assert home.run("doctor", "--no").clean().returncode == 1
    assert home.settings.read_text() == SOME_BAD
    done = home.run("doctor", "--yes").clean()
    assert "settings.toml was written again." in done.out
    assert not [p for p in home.settings.parent.iterdir() if ".broken-" in p.name]
    assert 'labels = "braille"' in home.settings.read_text()
    assert home.run("doctor", "--no").clean().returncode == 0




# --- output that cannot be written, closed standard streams (issue 34) ----------------------------

FULL = ["transcript --latest", "resume --list", "doctor --no", "doctor", "play --plain --speech off --seed 4"]


def saves_as_they_are(home: Home) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(home.saves.iterdir())}


@pytest.mark.parametrize("command", FULL)
def test_output_to_a_full_disk_is_one_line_and_a_failure_and_the_saves_are_kept(home: Home, command: str) -> None:
    """``transcript --latest > /dev/full`` ended in "OSError: [Errno 28] No space left on
    device" and a traceback; so did resume --list, doctor and play. Now: one line on standard
    error, a non-zero status, and every save as it was (a game started is saved and resumes)."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    good_save(home.saves)
    before = saves_as_they_are(home)
    with open("/dev/full", "wb") as full:
        done = subprocess.run(DOOMLINGS + command.split(), stdin=subprocess.DEVNULL, stdout=full,
                              stderr=subprocess.PIPE, env=home.env(), timeout=60, check=False)
    err = done.stderr.decode()
    assert done.returncode == 74, err
    assert err == "doomlings: the output cannot be written: No space left on device.\n", err
    after = saves_as_they_are(home)
    assert {name: after[name] for name in before} == before
    from doomlings_access.saves import read_save

    for name in after:  # the new game's save (play) is whole and loads
        read_save(home.saves / name)
    if command.startswith("play"):
        assert len(after) == len(before) + 1


def closed(stream: str) -> list[str]:
    """The real command run with standard input (``<&-``) or output (``>&-``) closed."""
    return ["sh", "-c", f'exec "$@" {stream}&-', "sh", *DOOMLINGS]


@pytest.mark.parametrize("command", ["play", "resume", "", "companion"])
def test_a_closed_standard_input_is_one_line_before_anything_is_touched(home: Home, command: str) -> None:
    """``play <&-`` ended in "AttributeError: 'NoneType' object has no attribute 'readline'"
    (and the first file opened could have become the input). A command that reads answers
    now says in one line that none can be typed; no save is made or changed."""
    good_save(home.saves)
    before = saves_as_they_are(home)
    done = home.run(*command.split(), *GAME, prefix=closed("<")).clean()
    assert done.returncode == 2, done.both
    assert done.err == ("doomlings: standard input is closed, so no answer can be typed: play at a terminal, "
                        "or give the answers with < FILE\n"), done.err
    assert saves_as_they_are(home) == before


def test_commands_that_read_no_answer_run_with_standard_input_closed(home: Home) -> None:
    good_save(home.saves)
    for command in (["resume", "--list"], ["transcript", "--latest"], ["doctor"], ["card", "Tiny"]):
        done = home.run(*command, prefix=closed("<")).clean()
        assert done.returncode == 0 and done.out, (command, done.both)


@pytest.mark.parametrize("command", ["resume --list", "card Tiny", "play --plain --speech off --seed 4"])
def test_a_closed_standard_output_is_said_on_standard_error(home: Home, command: str) -> None:
    """With standard output closed nothing was shown and the status said all was well (print
    writes nowhere when there is no output)."""
    done = home.run(*command.split(), stdin="q\ny\n", prefix=closed(">")).clean()
    assert done.returncode == 74 and done.err == "doomlings: standard output is closed, so nothing could be shown.\n"
    assert not home.files()


# --- settings and score files of other versions (issue 34) ------------------------------------------

NEWER_SETTINGS = (
    'program = "9.0.0"\nspeech = "off"\nlabels = "braille"\ncolour_scheme = "dark"\nbeeps = [1, 2.5, true]\n'
    '\n[keys]\nhelp = "F1"\n'
)
"""A settings file of a newer version: settings this one knows, and three it does not (text, a
list of several kinds, a table)."""


def test_a_newer_versions_settings_are_named_and_kept_when_the_settings_are_saved(home: Home) -> None:
    """The settings menu wrote the file again without the fields it did not know: a player
    who went back to an older version lost the newer one's settings. Now each is named as a
    setting of another version and written back as it was; the ones this version knows are used."""
    home.settings.write_text(NEWER_SETTINGS)
    done = home.run(*GAME, stdin="5\n" + "\n" * 8 + "8\n").clean()
    flat = done.flat()
    for key in ("colour_scheme", "beeps", "keys"):
        assert (f"{home.settings}: {key}: is not a setting of this version ({__version__}); it is kept in the "
                "file as it is, for version 9.0.0, which wrote it.") in flat, flat
    assert "could not be used" not in flat
    import tomllib

    written = tomllib.loads(home.settings.read_text())
    assert written["program"] == __version__ and written["labels"] == "braille" and written["speech"] == "off"
    assert written["colour_scheme"] == "dark" and written["beeps"] == [1, 2.5, True] and written["keys"] == {"help": "F1"}
    assert home.run("doctor", "--no").clean().returncode == 0  # nothing to fix in another version's settings


def test_an_older_versions_settings_file_says_which_settings_it_lacks(home: Home) -> None:
    """A file an older version wrote, without this version's later settings: they take their
    defaults, and the player is told which, once the settings are saved no more."""
    home.settings.write_text('program = "0.0.9"\nspeech = "off"\nlabels = "braille"\nverbosity = "terse"\nrate = 200\nvoice = ""\n')
    done = home.run("play", *GAME, "--seed", "3", stdin="\n\nq\ny\n").clean()
    assert (f"Settings file {home.settings} was written by version 0.0.9: any_time, only_choice, pause are not "
            "in it, so the defaults of this version are used until the settings are saved.") in done.flat()
    assert re.search("[\u2800-\u28ff]", done.out), "its own settings are used"
    home.run(*GAME, stdin="5\n" + "\n" * 8 + "8\n").clean()
    assert "was written by version" not in home.run("play", *GAME, "--seed", "3", stdin="\n\nq\ny\n").clean().out


def test_a_score_file_for_another_version_names_the_field_and_the_version(home: Home, tmp_path: Path) -> None:
    """A score file with a field of a newer version was refused as "unknown field", as a typo
    is: now the file may say which version it is for, and the field is named as that version's."""
    table = {"program": "9.0.0", "players": [{"name": "Ana", "traits": ["Tiny"]}, {"name": "Ben", "traits": ["Fangs"]}],
             "catastrophes": ["Ice Age", "Grey Goo", "Mass Extinction"]}
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table))
    assert home.run("score", str(path)).clean().returncode == 0  # a field it knows: scored as before
    table["sudden_death"] = True
    path.write_text(json.dumps(table))
    done = home.run("score", str(path)).clean()
    assert done.returncode == 2
    assert done.err == (f"doomlings: {path}: sudden_death: is not a field of a score file of this version ({__version__}); "
                        "the file is for version 9.0.0, which can score it\n"), done.err
    table["program"] = 12
    path.write_text(json.dumps(table))
    assert "program: the version the file is for, as text" in home.run("score", str(path)).clean().err
