"""Saved games: atomic versioned JSON, exact round trips, listing, broken files, transcripts.

Issue 6: a save is written atomically (temporary file, flush, fsync, rename) and holds the
setup and the actions; loading replays them. A truncated, corrupted or hand-edited save, or
one from a future version, gets a clear message naming the file and what is wrong, is moved
aside (never overwritten or deleted) and the other saves still load. Finished games are kept
as records, not offered for resuming. ``doomlings transcript`` writes every announcement.

Every test keeps its saves and settings under ``tmp_path`` (DOOMLINGS_DATA_DIR and
DOOMLINGS_CONFIG_DIR), never in the user's folders.
"""

from __future__ import annotations

import json
import os
import shutil
import re
import shlex
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from programs import DOOMLINGS, in_process, isolated_env

from builders import agent_move, new_game
from doomlings_access import saves
from doomlings_access.rules import Game, Setup
from doomlings_access.saves import FORMAT, SaveFileError, Seats, game_stands, list_saves, read_save, write_save

NAMES = ("Ana", "Otto", "Pia", "Quin", "Rex", "Sol")
TIMEOUT = 30




def cli(root: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``doomlings ARGS`` with piped input, called in this process (what is tested here is what
    the command does with saves, not the process: that is tests/saves/test_kill_resume.py's)."""
    return in_process(args, env=isolated_env(root), stdin=stdin)


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder for this test's saves and settings, also used by in-process calls."""
    monkeypatch.setenv("DOOMLINGS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DOOMLINGS_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


def folder_of(root: Path) -> Path:
    return root / "data" / "saves"


def seats_for(players: int) -> Seats:
    return Seats([0], {s: "normal" for s in range(1, players)})


def played(players: int, seed: int, actions: int | None = None) -> Game:
    """A game with one person (answering the first option) and computer seats; ``actions``
    stops it after that many actions, otherwise it is played to the end."""
    from doomlings_access.doomlings_app import agents_for

    seats = seats_for(players)
    game = new_game(Setup(NAMES[:players], seed))
    agents = agents_for(game, seats)
    while not game.is_over and (actions is None or len(game.actions) < actions):
        d = game.pending
        assert d is not None
        game.apply(agent_move(game, agents) if d.player in agents else game.legal_actions()[0])
    return game


# --- writing -------------------------------------------------------------------------------


def test_write_save_is_atomic_and_the_file_is_valid_json(root: Path) -> None:
    folder = folder_of(root)
    path = folder / "game.json"
    game = played(3, 11, actions=20)
    write_save(path, game, seats_for(3))
    write_save(path, game, seats_for(3))  # over an existing save, too
    assert sorted(p.name for p in folder.iterdir()) == ["game.json"], "a temporary file was left behind"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT
    assert data["setup"] == game.setup.to_json()
    assert data["actions"] == [a.to_json() for a in game.actions]
    assert data["seats"] == {"humans": [0], "levels": {"1": "normal", "2": "normal"}}


class Died(BaseException):
    """The process dying in the middle of a write."""


def test_a_write_that_dies_before_the_rename_leaves_the_old_save_whole(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = folder_of(root) / "game.json"
    old = played(4, 12, actions=10)
    write_save(path, old, seats_for(4))
    before = path.read_bytes()

    def die(*args: Any, **kwargs: Any) -> None:
        raise Died

    with monkeypatch.context() as m:
        m.setattr(saves.os, "replace", die)
        with pytest.raises(Died):
            write_save(path, played(4, 12, actions=30), seats_for(4))
    assert path.read_bytes() == before
    assert read_save(path).game.actions == old.actions
    found, problems = list_saves(folder_of(root))  # the leftover temporary file is no save
    assert [f.path.name for f in found] == ["game.json"] and problems == []
    newer = played(4, 12, actions=30)
    write_save(path, newer, seats_for(4))
    assert read_save(path).game.actions == newer.actions
    assert sorted(p.name for p in folder_of(root).iterdir()) == ["game.json"]


def test_typical_save_size(root: Path) -> None:
    """Report: the size of a finished 4-player game's save (setup and actions only)."""
    sizes = {}
    for players in (2, 4, 6):
        game = played(players, 40 + players)
        assert game.is_over
        path = folder_of(root) / f"finished{players}.json"
        write_save(path, game, seats_for(players))
        sizes[players] = (path.stat().st_size, len(game.actions))
    size, actions = sizes[4]
    print(f"\ntypical save: a finished 4-player game is {size} bytes ({actions} actions); "
          + ", ".join(f"{p} players {s} bytes" for p, (s, _) in sizes.items()))
    assert size < 16_000, "a save should be a few kilobytes"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_round_trip_gives_an_equal_game(root: Path, players: int) -> None:
    for actions in (0, 7, None):
        game = played(players, 60 + players, actions)
        path = folder_of(root) / f"g{players}-{actions}.json"
        write_save(path, game, seats_for(players), created=1234.5)
        saved = read_save(path)
        assert saved.game.snapshot() == game.snapshot()
        assert saved.game.actions == game.actions
        assert saved.game.setup == game.setup
        assert saved.game.is_over == game.is_over
        assert saved.seats == seats_for(players)
        assert saved.created == 1234.5
        assert saved.updated >= saved.created


# --- listing -------------------------------------------------------------------------------


def test_list_saves_newest_first_with_players_round_era_and_finished(root: Path) -> None:
    folder = folder_of(root)
    games = {
        "oldest.json": played(2, 71, actions=15),
        "finished.json": played(3, 72),
        "newest.json": played(5, 73, actions=90),
    }
    for name, game in games.items():  # written in this order: each one newer
        write_save(folder / name, game, seats_for(game.n))
        time.sleep(0.01)
    (folder / "game-20240101-120000.json").write_bytes(b'{"format": 1, "setup": {"pla')
    (folder / "my-notes.json").write_bytes(b'{"not": "a save"}')  # the player's: not a problem
    found, problems = list_saves(folder)
    assert [f.path.name for f in found] == ["newest.json", "finished.json", "oldest.json"]
    assert len(problems) == 1 and problems[0].name == "game-20240101-120000.json"
    for item in found:
        game = games[item.path.name]
        assert item.players == list(game.setup.players)
        assert (item.round, item.era, item.over) == (game.round.number, game.era, game.is_over)
    lines = {item.path.name: item.line(n) for n, item in enumerate(found, 1)}
    assert "finished" in lines["finished.json"]
    for name in ("oldest.json", "newest.json"):
        g = games[name]
        assert game_stands(g) in lines[name] and "finished" not in lines[name]
        assert ", ".join(g.setup.players) in lines[name]

    listed = cli(root, "resume", "--list")
    assert listed.returncode == 0, listed.stderr
    out = listed.stdout.splitlines()
    assert max(len(line) for line in out) <= 80, "resume --list wraps at 80 characters"
    entries: list[str] = []
    for line in out:  # an entry starts with its number; wrapped lines continue it
        if re.match(r"^\d+\. ", line) or not entries:
            entries.append(line)
        else:
            entries[-1] += " " + line
    numbered = [entry for entry in entries if re.match(r"^\d+\. ", entry)]
    assert [line.rsplit(" ", 1)[-1] for line in numbered] == ["newest.json", "finished.json", "oldest.json"]
    assert "finished" in numbered[1]
    assert any("game-20240101-120000.json" in line for line in out)
    assert not any("my-notes" in line for line in out)


# --- broken files ----------------------------------------------------------------------------


def good_save(folder: Path, name: str = "good.json", seed: int = 81, actions: int = 25) -> Path:
    path = folder / name
    write_save(path, played(3, seed, actions), seats_for(3))
    return path


def edit(change: Callable[[dict[str, Any]], None]) -> Callable[[bytes], bytes]:
    def apply(raw: bytes) -> bytes:
        data = json.loads(raw)
        change(data)
        return json.dumps(data).encode()

    return apply


def you_with_no_person(data: dict[str, Any]) -> None:
    """The one person playing alone, called You, taken from the seats."""
    data["setup"]["players"][0] = "You"
    data["seats"]["humans"] = []


def illegal_action(data: dict[str, Any]) -> None:
    """actions[3] changed to a value that is not one of the options of that decision."""
    from doomlings_access.rules import Choice

    game = new_game(Setup.from_json(data["setup"]))
    for a in data["actions"][:3]:
        game.apply(Choice.from_json(a))
    assert game.pending is not None
    options = game.pending.options
    value = next(v for v in (9999, "Not A Card", -1) if v not in options)
    data["actions"][3] = [data["actions"][3][0], value]


def wrong_player(data: dict[str, Any]) -> None:
    player, value = data["actions"][3]
    data["actions"][3] = [(player + 1) % 3, value]



# name, how to break a good save, the field named (None: the whole file), words of the problem
CASES = [
    ("truncated", lambda raw: raw[: len(raw) // 2], None, "truncated"),
    ("empty", lambda raw: b"", None, "is empty"),
    ("not-utf8", lambda raw: raw[:40] + b"\xff\xfe\x80\x81" + raw[44:], None, "corrupted"),
    ("not-json", lambda raw: raw.replace(b":", b"=", 1), None, "not valid JSON"),
    ("not-an-object", lambda raw: b"[1, 2, 3]", None, "not a saved game"),
    ("illegal-action", edit(illegal_action), "actions[3]", "not a legal move"),
    ("action-by-wrong-seat", edit(wrong_player), "actions[3]", "not a legal move"),
    ("action-not-a-pair", edit(lambda d: d["actions"].__setitem__(3, "play Tiny")), "actions[3]", "not a legal move"),
    ("missing-actions", edit(lambda d: d.pop("actions")), "actions", "missing"),
    ("missing-setup", edit(lambda d: d.pop("setup")), "setup", "missing"),
    ("missing-format", edit(lambda d: d.pop("format")), "format", "missing"),
    ("missing-seats", edit(lambda d: d.pop("seats")), "seats", "missing"),
    ("actions-wrong-type", edit(lambda d: d.__setitem__("actions", "many")), "actions", "wrong type"),
    ("unknown-option", edit(lambda d: d["setup"]["options"].__setitem__("double_points", True)),
     "setup.options.double_points", "unknown option"),
    # (each of these four was only "setup: is not a valid game setup (...)")
    ("empty-hand-draw-huge", edit(lambda d: d["setup"]["options"].__setitem__("empty_hand_draw", 10**9)),
     "setup.options.empty_hand_draw", "must be from 1 to 8"),
    ("edition-a-path", edit(lambda d: d["setup"]["options"].__setitem__("edition", "../../etc")),
     "setup.options.edition", "must be retail or first"),
    ("unknown-setup-field", edit(lambda d: d["setup"].__setitem__("zzz", 1)), "setup.zzz", "not a field of a game setup"),
    ("options-not-an-object", edit(lambda d: d["setup"].__setitem__("options", [])), "setup.options", "must be an object"),
    # (the name was blamed: "You" is the game's name for the one person, whom the seats lost)
    ("you-with-no-person", edit(you_with_no_person), "seats.humans", "must be [0]"),
    ("nine-players", edit(lambda d: d["setup"].__setitem__("players", ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"])),
     "setup.players", "2 to 6 players"),
    ("one-player", edit(lambda d: d["setup"].__setitem__("players", ["Solo"])), "setup", "2 to 6 players"),
    ("seed-not-a-number", edit(lambda d: d["setup"].__setitem__("seed", "lucky")), "setup.seed", "must be a whole number"),
    ("seat-that-does-not-exist", edit(lambda d: d["seats"].__setitem__("humans", [7])), "seats", "does not exist"),
    ("unknown-level", edit(lambda d: d["seats"].__setitem__("levels", {"1": "grandmaster"})), "seats", "does not exist"),
    ("position-gene-pool-huge", edit(lambda d: d["setup"].__setitem__("position", {"gene_pools": [10**39]})),
     "setup.position.gene_pools[0]", "must be 0 to 12"),
    ("position-protects-no-seat", edit(lambda d: d["setup"].__setitem__("position", {"protected": [4]})),
     "setup.position.protected[0]", "no seat 4 among 3 players"),
    ("position-hand-of-100000-cards",
     edit(lambda d: d["setup"].__setitem__("position", {"hands": [["tiny"] * 100_000, [], []]})),
     "setup.position.hands", "expected a list (one per seat) of lists of at most 200 card ids"),
    ("position-card-id-huge", edit(lambda d: d["setup"].__setitem__("position", {"deck": ["x" * 10_000]})),
     "setup.position.deck", "expected a list of at most 200 card ids"),
    ("format-too-old", edit(lambda d: d.__setitem__("format", 0)), "format", "too old"),
    pytest.param("players-not-names", edit(lambda d: d["setup"].__setitem__("players", [1, 2, 3])),
                 "setup.players", "must be a list of names", id="players-not-names"),
]
CASE_IDS = [c[0] if isinstance(c, tuple) else c.id for c in CASES]


@pytest.mark.parametrize(("name", "breaks", "field", "words"), CASES, ids=CASE_IDS)
def test_a_broken_save_gives_an_error_naming_the_file_and_the_problem(
    root: Path, name: str, breaks: Callable[[bytes], bytes], field: str | None, words: str
) -> None:
    path = folder_of(root) / f"{name}.json"
    good = good_save(folder_of(root), f"{name}.json")
    path.write_bytes(breaks(good.read_bytes()))
    before = path.read_bytes()
    with pytest.raises(SaveFileError) as caught:
        read_save(path)
    message = str(caught.value)
    assert str(path) in message
    assert caught.value.path == path
    assert caught.value.field == field
    if field:
        assert f"{path}: {field}: " in message
    assert words.lower() in message.lower()
    assert "\n" not in message
    assert path.read_bytes() == before, "reading must not change the file"


def message_paragraph(out: str, start: str, stop: str) -> str:
    """The message from the line starting ``start`` up to the line starting ``stop``, as one
    line (output is wrapped at 80 columns for braille displays)."""
    lines = out.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith(start))
    j = next(j for j in range(i + 1, len(lines) + 1) if j == len(lines) or lines[j].startswith(stop))
    return " ".join(lines[i:j])


@pytest.mark.parametrize(("name", "breaks", "field", "words"), CASES, ids=CASE_IDS)
def test_resuming_a_broken_save_says_why_and_moves_it_aside(
    root: Path, name: str, breaks: Callable[[bytes], bytes], field: str | None, words: str
) -> None:
    folder = folder_of(root)
    other = good_save(folder, "other.json", seed=82)
    other_bytes = other.read_bytes()
    path = good_save(folder, "game-20240102-120000.json")  # only saves named so are set aside
    path.write_bytes(breaks(path.read_bytes()))
    broken = path.read_bytes()

    done = cli(root, "resume", str(path), "--plain", "--speech", "off")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    said = message_paragraph(done.stdout, "Cannot load", "The file was kept as")
    assert str(path) in said and words.lower() in said.lower(), said
    if field:
        assert f": {field}: " in said
    # Moved aside, byte for byte; never overwritten or deleted.
    assert not path.exists()
    aside = list(folder.glob(f"{path.name}.broken-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == broken
    assert f"kept as {aside[0].name}" in " ".join(done.stdout.split())
    assert sorted(p.name for p in folder.iterdir()) == sorted(["other.json", aside[0].name])
    # The other save is untouched and still loads.
    assert other.read_bytes() == other_bytes
    assert read_save(other).game.actions == played(3, 82, 25).actions
    again = cli(root, "resume", "--plain", "--speech", "off")
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[0].startswith("Game resumed: "), again.stdout[:300]
    assert again.stdout.splitlines()[1].startswith("Round "), again.stdout[:300]
    assert "You left the game." in again.stdout


@pytest.mark.parametrize(("name", "breaks", "field", "words"), CASES, ids=CASE_IDS)
def test_resume_with_no_argument_skips_a_broken_newest_save(
    root: Path, name: str, breaks: Callable[[bytes], bytes], field: str | None, words: str
) -> None:
    folder = folder_of(root)
    good = good_save(folder, "game-20240101-120000.json", seed=83)
    time.sleep(0.01)
    path = good_save(folder, "game-20240102-120000.json")  # the newest save, then broken
    path.write_bytes(breaks(path.read_bytes()))
    broken = path.read_bytes()

    done = cli(root, "resume", "--plain", "--speech", "off")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert path.name in done.stdout, "the broken file is named"
    assert any(line.startswith("Round ") for line in done.stdout.splitlines())
    assert "You left the game." in done.stdout
    resumed = read_save(good).game
    assert resumed.actions[:25] == played(3, 83, 25).actions
    # Resuming only added the computer moves that came before the person's question.
    assert all(a.player != 0 for a in resumed.actions[25:])
    # The broken bytes are still in the folder, under the same or an aside name.
    kept = [p for p in folder.iterdir() if p.name.startswith(path.name)]
    assert len(kept) == 1 and kept[0].read_bytes() == broken


def test_a_game_saved_in_a_catastrophes_round_is_listed_with_the_catastrophe(root: Path) -> None:
    folder = folder_of(root)
    game = new_game(Setup(NAMES[:2], 5))
    while game.round.kind != "catastrophe" or game.pending is None or game.pending.kind != "play":
        d = game.pending
        assert d is not None
        game.apply(game.legal_actions()[0])
    write_save(folder / "cat.json", game, seats_for(2))
    (listed,), _ = list_saves(folder)
    name = game.catastrophe(game.table.catastrophes[-1]).name
    # As the game says it: a catastrophe's round ends an era and starts none ("era 2" was wrong).
    assert f"round {game.round.number}, catastrophe {len(game.table.catastrophes)} of 3, {name};" in listed.line(1)


def test_resume_list_survives_a_save_whose_players_are_not_names(root: Path) -> None:
    folder = folder_of(root)
    good_save(folder, "good.json")
    path = good_save(folder, "numbers.json")
    path.write_bytes(edit(lambda d: d["setup"].__setitem__("players", [1, 2, 3]))(path.read_bytes()))
    done = cli(root, "resume", "--list")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-300:]
    assert "good.json" in done.stdout


def test_a_newer_format_is_refused_with_a_reason_and_kept(root: Path) -> None:
    """A save from a newer version is not broken: it stays where it is, under its own name,
    for the updated program to list and resume (set aside, it was listed no more, and then
    tidied away)."""
    path = good_save(folder_of(root), "future.json")
    path.write_bytes(edit(lambda d: d.update(format=99, program="7.0", new_thing={"x": 1}))(path.read_bytes()))
    before = path.read_bytes()
    with pytest.raises(SaveFileError, match=r"format: was made by a newer version of the program \(format 99, written "
                       r"by version 7.0\); doomlings 7.0 or later can resume it: update to load it"):
        read_save(path)
    for chosen in ([], ["future.json"]):  # met in the listing, or named
        done = cli(root, "resume", *chosen, "--plain", "--speech", "off")
        said = " ".join(done.stdout.split())
        assert "update to load it" in said and "The file future.json is left as it is." in said, said
        assert "Traceback" not in done.stdout + done.stderr
    assert sorted(p.name for p in folder_of(root).iterdir()) == ["future.json"]
    assert path.read_bytes() == before


def test_a_broken_save_is_kept_a_month_from_when_it_was_set_aside(root: Path) -> None:
    """Broken saves set aside are tidied a month later; the month counts from the setting
    aside, not from the game's last play (a rename keeps the file's time, and a game last
    played 40 days ago went at the next start, seconds after "The file was kept as")."""
    folder = folder_of(root)
    path = good_save(folder, "game-20240101-120000.json")
    path.write_bytes(path.read_bytes()[:40])
    long_ago = time.time() - 40 * 24 * 3600
    os.utime(path, (long_ago, long_ago))
    done = cli(root, "resume", path.name, "--plain", "--speech", "off")
    assert f"The file was kept as {path.name}.broken-" in " ".join(done.stdout.split()), done.stdout
    again = cli(root, "resume", "--plain", "--speech", "off")  # tidies the saves folder first
    assert again.returncode == 0, again.stdout + again.stderr
    assert [p.name for p in folder.iterdir() if p.name.startswith(f"{path.name}.broken-")], "kept"


# --- finished games ---------------------------------------------------------------------------


def test_a_finished_game_is_kept_as_a_record_not_resumed(root: Path) -> None:
    folder = folder_of(root)
    finished = folder / "done.json"
    write_save(finished, played(4, 91), seats_for(4))
    before = finished.read_bytes()

    only = cli(root, "resume", "--plain", "--speech", "off")
    assert only.returncode == 0, only.stderr
    assert "No unfinished game to resume." in only.stdout
    named = cli(root, "resume", str(finished), "--plain", "--speech", "off")
    assert named.returncode == 0, named.stderr
    assert "done.json is a finished game; it is kept as a record." in " ".join(named.stdout.split())
    assert "Choose 1 to" not in named.stdout
    listed = cli(root, "resume", "--list")
    line = next(line for line in listed.stdout.splitlines() if "done.json" in line)
    assert "finished" in line
    assert finished.read_bytes() == before

    # With an unfinished game beside it (older), resume picks the unfinished one.
    write_save(folder / "going.json", played(4, 92, 30), seats_for(4), created=1.0)
    data = json.loads((folder / "going.json").read_text())
    data["updated"] = 2.0  # older than the finished game
    (folder / "going.json").write_text(json.dumps(data))
    picked = cli(root, "resume", "--plain", "--speech", "off")
    assert picked.returncode == 0, picked.stderr
    assert picked.stdout.splitlines()[1].startswith("Round ")
    assert finished.read_bytes() == before


# --- transcripts ------------------------------------------------------------------------------


def sentences_in_order(part: str, whole: str) -> list[str]:
    """The sentences of ``part`` not found in ``whole`` in the same order (whitespace aside:
    a pause may fall between two sentences of one paragraph, so lines break elsewhere)."""
    text, at, missing = " ".join(whole.split()), 0, []
    for sentence in re.split(r"(?<=[.:?])\s+", " ".join(part.split())):
        found = text.find(sentence, at)
        if found < 0:
            missing.append(sentence)
        else:
            at = found + len(sentence)
    return missing


def test_transcript_latest_writes_every_announcement(root: Path) -> None:
    game = cli(root, "play", "--plain", "--players", "4", "--humans", "1", "--seed", "42",
               "--speech", "off", "--level", "normal,normal,easy", stdin="1\n" * 500)
    assert game.returncode == 0, game.stderr
    assert "Game over." in game.stdout
    # Who the computer players are, and how strong, is said with the new game (and kept).
    assert "Computer players: Otto and Pia play at normal; Quin at easy." in " ".join(game.stdout.split())
    out = root / "transcript.txt"
    done = cli(root, "transcript", "--latest", "--out", str(out))
    assert done.returncode == 0, done.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    assert f"Wrote {len(lines)} lines to {out}." in done.stdout
    assert "minutes of speech at 175 words a minute." in done.stdout
    in_game = "\n".join(line for line in game.stdout.splitlines() if not line.startswith("Press Enter for more."))
    assert len(lines) > 50
    missing = sentences_in_order("\n".join(lines), in_game)
    assert not missing, f"transcript sentences never shown in the game, or out of its order: {missing[:5]}"
    for needed in ("New game: You, Otto, Pia and Quin. You go first.", "Game over."):
        assert any(needed in line for line in lines), needed
    to_screen = cli(root, "transcript", "--latest")
    assert to_screen.stdout.splitlines()[:-1] == lines
    named = cli(root, "transcript", str(next(folder_of(root).glob("*.json"))))
    assert named.stdout.splitlines()[:-1] == lines


def test_the_log_command_and_the_transcript_read_the_same_history(root: Path) -> None:
    answers = "1\n" * 6 + "log 100000\n"  # (easy computer players: their answers do not follow the normal level's tuning)
    game = cli(root, "play", "--plain", "--players", "3", "--humans", "1", "--seed", "7",
               "--speech", "off", "--level", "easy", stdin=answers)
    assert game.returncode == 0, game.stderr
    shown = game.stdout.split("log 100000\n", 1)[1]
    logged = shown[: shown.rindex("Choose 1 to")].splitlines()
    done = cli(root, "transcript", "--latest")
    assert done.returncode == 0, done.stderr
    *text, length = done.stdout.splitlines()
    assert text == logged
    assert re.fullmatch(r"\d+ messages, \d+ words: \d+\.\d minutes of speech at 175 words a minute\.", length)


def test_transcript_of_a_broken_save_says_why(root: Path) -> None:
    path = good_save(folder_of(root), "cut.json")
    path.write_bytes(path.read_bytes()[:30])
    done = cli(root, "transcript", str(path))
    assert done.returncode == 2
    assert str(path) in done.stderr and "truncated" in done.stderr
    assert "Traceback" not in done.stderr


def test_quitting_says_how_to_go_on_and_resuming_says_where_the_game_stands(root: Path) -> None:
    """Leaving names the command that resumes this very game, with the settings it was
    played with (plain lines, terse, no speech); that command works and says whose game it
    is, where it stands, and the last three announcements."""
    game = cli(root, "play", "--plain", "--players", "3", "--humans", "1", "--names", "Ana",
               "--seed", "7", "--speech", "off", "--verbosity", "terse", stdin="1\n1\n")
    assert game.returncode == 0, game.stderr
    lines = game.stdout.splitlines()
    at = lines.index("You left the game. It is saved; to go on, type:")
    command = lines[at + 1].split()
    assert command[:2] == ["doomlings", "resume"] and command[3:] == ["--plain", "--verbosity", "terse", "--speech", "off"]
    back = cli(root, *command[1:], stdin="")
    assert back.returncode == 0, back.stderr
    told = back.stdout.splitlines()
    assert told[0] == "Game resumed: Ana against Otto and Pia."
    assert re.fullmatch(r"Round \d+, (era \d|catastrophe \d of 3), .+\. Your turn\.", told[1])
    assert re.fullmatch(r"The last \d+ announcements:", told[2])


@pytest.mark.parametrize("blocker", ["folder", "dangling link"])
def test_a_save_whose_lock_is_blocked_is_not_resumed_unlocked(root: Path, blocker: str) -> None:
    """A folder or a link where the save's lock file goes: the game cannot be locked, so it is
    not resumed (unlocked, two games could play it at once and one's moves be lost); one line
    says why, and nothing is touched."""
    path = good_save(folder_of(root), "held.json")
    lock = path.with_name(path.name + ".lock")
    if blocker == "folder":
        lock.mkdir()
    else:
        lock.symlink_to(root / "nowhere")
    before = path.read_bytes()
    done = cli(root, "resume", "held.json", "--plain", "--speech", "off", stdin="1\n" * 5)
    assert done.returncode == 2, done.stdout
    kind = "a folder" if blocker == "folder" else "a link"
    assert f"held.json cannot be locked: held.json.lock is {kind}, not a lock file." in done.stdout
    assert "Game resumed" not in done.stdout and "Traceback" not in done.stdout + done.stderr
    assert path.read_bytes() == before and (lock.is_dir() or lock.is_symlink())


def test_a_save_whose_lock_file_this_game_may_not_open_is_not_resumed(root: Path) -> None:
    """A lock file left unreadable (by another user, or ``sudo``): the save was played
    unlocked, and two games at once lost one's moves. As root, the permission is enforced by
    dropping the capabilities that override it (setpriv)."""
    path = good_save(folder_of(root), "held.json")
    lock = path.with_name(path.name + ".lock")
    lock.write_text("1\n")
    lock.chmod(0)
    before = path.read_bytes()
    wrap: list[str] = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("root without setpriv cannot be refused a file")
        wrap = [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner", "--"]
    done = subprocess.run(
        [*wrap, *DOOMLINGS, "resume", "held.json", "--plain", "--speech", "off"], check=False, input="1\n" * 5,
        capture_output=True, text=True, env=isolated_env(root), timeout=TIMEOUT,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "held.json cannot be locked: held.json.lock is a lock file this game may not open." in " ".join(done.stdout.split())
    assert "Game resumed" not in done.stdout and "Traceback" not in done.stdout + done.stderr
    assert path.read_bytes() == before


def test_quitting_a_save_from_another_folder_gives_a_command_that_finds_it(root: Path) -> None:
    """A save outside the saves folder, with a name a shell would misread: the command given
    at quitting names its whole path, quoted, and typed back it resumes that very game."""
    odd = root / "downloads" / "my game $(echo INJECTED); x.json"
    odd.parent.mkdir()
    good_save(odd.parent, odd.name)
    done = cli(root, "resume", str(odd), "--plain", "--speech", "off", stdin="q\ny\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    command = shlex.split(lines[lines.index("You left the game. It is saved; to go on, type:") + 1])
    assert command[:3] == ["doomlings", "resume", str(odd.resolve())], command
    back = cli(root, *command[1:], "--plain", stdin="")
    assert back.returncode == 0 and back.stdout.startswith("Game resumed: "), back.stdout + back.stderr
    assert "INJECTED" not in back.stdout.replace(str(odd.resolve()), "")


@pytest.mark.parametrize("off", ["wrong", "missing"])
def test_a_save_whose_summary_is_off_is_still_listed_and_resumed(root: Path, off: str) -> None:
    """The summary only serves the listing: a wrong one ("round": "x") or none at all no
    longer hides a game that loads (it was "cannot be read" in the list, and resume found no
    game)."""
    path = good_save(folder_of(root), "odd-summary.json")
    data = json.loads(path.read_bytes())
    if off == "wrong":
        data["summary"]["round"] = "x"
    else:
        del data["summary"]
    path.write_text(json.dumps(data), encoding="utf-8")
    listed = cli(root, "resume", "--list", "--plain")
    assert "odd-summary.json" in listed.stdout and "where it stands is not known" in listed.stdout, listed.stdout
    assert "cannot be read as a saved game" not in listed.stdout
    back = cli(root, "resume", "--plain", "--speech", "off", stdin="")
    assert back.returncode == 0 and back.stdout.startswith("Game resumed: "), back.stdout + back.stderr


def test_resume_says_when_the_edition_typed_is_not_the_games(root: Path) -> None:
    """A game keeps the printing it began with; --edition typed at resume was dropped without
    a word."""
    first = cli(root, "play", "--plain", "--players", "2", "--seed", "3", "--edition", "first",
                "--speech", "off", stdin="q\ny\n")
    assert first.returncode == 0, first.stderr
    back = cli(root, "resume", "--plain", "--edition", "retail", "--speech", "off", stdin="q\ny\n")
    assert back.returncode == 0, back.stderr
    flat = " ".join(back.stdout.split())
    assert "This game is played with the first printing; --edition retail is for new games." in flat
    again = cli(root, "resume", "--plain", "--speech", "off", stdin="q\ny\n")
    assert "--edition" not in again.stdout


def test_resuming_a_game_left_at_a_pause_tells_all_that_was_not_heard(root: Path) -> None:
    """Quit at "Press Enter for more.": the news not yet told was lost (the resume read the
    last three announcements). It tells everything since the last question."""
    game = cli(root, "play", "--plain", "--players", "6", "--seed", "3", "--speech", "off", stdin="\n1\nq\ny\n")
    assert game.returncode == 0 and "Press Enter for more. q" in game.stdout, game.stdout[-800:]
    whole = cli(root, "transcript", "--latest").stdout.splitlines()[:-1]
    untold = [line for line in whole if line not in game.stdout.splitlines()]
    assert untold, "the pause left nothing untold: the test would not see a loss"
    back = cli(root, "resume", "--plain", "--speech", "off", stdin="\n" * 10)
    resumed = " ".join(back.stdout.split())
    for line in untold:
        assert " ".join(line.split()) in resumed, (line, resumed[:1500])
    # told as news is, a few lines at a time (it came as one burst of thirteen lines)
    recap = back.stdout.split("The last ", 1)[1].split("Choose 1 to")[0]
    assert recap.count("Press Enter for more.") >= 2, recap


def test_repeat_at_a_pause_of_the_resumed_recap_says_what_was_just_heard(root: Path) -> None:
    """At a pause among a resumed game's last announcements, `repeat` said the game's last
    announcement, not yet told again: the history is put back as the recap is told."""
    cli(root, "play", "--plain", "--players", "6", "--seed", "3", "--speech", "off", stdin="\n1\nq\ny\n")
    back = cli(root, "resume", "--plain", "--speech", "off", stdin="\nrepeat\nq\ny\n")
    recap = back.stdout.split("The last ", 1)[1]
    heard, after = recap.split("Press Enter for more. repeat\n", 1)
    assert after.splitlines()[0] in heard.splitlines()[1:], (heard, after[:300])


def test_repeat_after_resuming_says_the_games_last_announcement(root: Path) -> None:
    """`repeat` right after resuming said the "where it stands" line, not the last announcement."""
    game = cli(root, "play", "--plain", "--players", "3", "--seed", "7", "--speech", "off", stdin="1\nq\ny\n")
    assert game.returncode == 0, game.stderr
    back = cli(root, "resume", "--plain", "--speech", "off", "--pause", "0", stdin="repeat\nq\ny\n")
    lines = back.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.endswith(" repeat"))
    where = lines[1]
    assert where.startswith("Round ") and where.endswith("Your turn.")
    said = lines[at + 1]
    assert said != where and said in lines[3:at], (said, lines[: at + 2])


# --- resume N: a game by its number in resume --list -------------------------------------------


def two_listed(root: Path) -> Path:
    """Two saves, older.json listed second; the folder."""
    folder = folder_of(root)
    good_save(folder, "older.json", seed=84)
    time.sleep(0.01)
    good_save(folder, "newer.json", seed=85)
    listed = cli(root, "resume", "--list").stdout.split("\n2. ")
    assert "newer.json" in listed[0] and "older.json" in listed[1]
    return folder


def test_resume_takes_a_games_number_in_the_list(root: Path) -> None:
    two_listed(root)
    done = cli(root, "resume", "2", "--plain", "--speech", "off", stdin="q\ny\n")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "doomlings resume older.json" in done.stdout


def test_a_save_named_like_a_number_is_resumed_as_named(root: Path) -> None:
    folder = two_listed(root)
    good_save(folder, "2", seed=84)  # (not listed: not a .json name)
    done = cli(root, "resume", "2", "--plain", "--speech", "off", stdin="q\ny\n")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "doomlings resume 2 " in done.stdout


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["3"], "doomlings: no saved game 3: resume --list numbers 2 saved games."),
        (["0"], "doomlings: no saved game 0: resume --list numbers 2 saved games."),
        (["1", "--list"], "doomlings: resume --list takes no save; leave out 1."),
    ],
)
def test_a_number_beyond_the_list_or_a_save_with_list_is_one_line(root: Path, args: list[str], said: str) -> None:
    folder = two_listed(root)
    before = sorted(p.name for p in folder.iterdir())
    done = cli(root, "resume", *args, "--plain", "--speech", "off")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", said + "\n")
    assert sorted(p.name for p in folder.iterdir()) == before


def test_the_resume_command_keeps_settings_that_differ_from_the_settings_file(root: Path) -> None:
    """Options equal to the built-in defaults were left out of the command, so typing it
    resumed with the settings file's terse braille instead of the normal text played."""
    (root / "config").mkdir(parents=True, exist_ok=True)
    (root / "config" / "settings.toml").write_text('verbosity = "terse"\nlabels = "braille"\npause = 0\n')
    done = cli(root, "play", "--plain", "--players", "2", "--seed", "3", "--labels", "text",
               "--verbosity", "normal", "--speech", "off", stdin="q\ny\n")
    assert done.returncode == 0, done.stderr
    command = done.stdout.splitlines()[-1]
    assert command.startswith("doomlings resume "), command
    words = shlex.split(command)
    assert words[words.index("--labels") + 1] == "text" and words[words.index("--verbosity") + 1] == "normal"
    assert "--pause" not in words  # the file's own pause, which resume starts with anyway


@pytest.mark.parametrize("holder", [None, 1, 2, "1", True, -1])
def test_who_holds_the_keyboard_is_saved_and_checked(tmp_path: Path, holder: object) -> None:
    """Hot seat: the person holding the keyboard is kept with the save (a game left at a
    hand-over tells the next person their news when resumed); anything but a person's seat
    is the save's fault, named by its field."""
    path = tmp_path / "hot.json"
    write_save(path, new_game(Setup(("Ana", "Ben", "Cy"), 5)), Seats([0, 1], {2: "normal"}, 1))
    data = json.loads(path.read_text())
    assert data["seats"]["holder"] == 1
    if holder is None:
        del data["seats"]["holder"]
    else:
        data["seats"]["holder"] = holder
    path.write_text(json.dumps(data))
    if holder in (None, 1) and holder is not True:
        assert read_save(path).seats.holder == holder
    else:
        with pytest.raises(SaveFileError, match="seats.holder"):
            read_save(path)


FORCED = "\n" + "1\n\n" * 25
"""Seed 7, Ana and Ben at one keyboard, pausing after 12 lines: the answers end at Ben's "Press
Enter to play it." (Sticky Secretions, the one trait he can play; found by trying answers until
a forced play of Ben's was the last thing asked). No computer player: the game does not change
when a computer level's play is tuned."""


def test_a_hot_seat_game_left_at_a_forced_play_resumes_and_goes_on(root: Path) -> None:
    """Resumed, it handed the keyboard between Ana and Ben for ever (Ben's forced play, heard
    before the save, waited for his Enter again), and Ana's news was lost."""
    left = cli(root, "play", "--plain", "--players", "2", "--humans", "2", "--names", "Ana,Ben",
               "--seed", "7", "--speech", "off", "--pause", "12", stdin=FORCED)
    assert "Press Enter to play it." in left.stdout.splitlines()[-3], left.stdout[-300:]
    save = next((root / "data" / "saves").glob("*.json"))
    seats = json.loads(save.read_text())["seats"]
    assert seats["holder"] == 1 and isinstance(seats["heard"], int)
    back = cli(root, "resume", save.name, "--plain", "--speech", "off", stdin="\n" * 40)
    assert back.returncode == 0, back.stderr
    assert back.stdout.count("Pass to ") <= 2, back.stdout[:1500]
    ana = back.stdout[back.stdout.index("Pass to Ana.") : back.stdout.index("Your turn")]
    assert "Ben plays Sticky Secretions, p-1." in ana, ana  # her news, heard at her hand-over
    assert "The last " not in back.stdout  # (not also read out before it to everyone)


def test_a_hot_seat_game_left_before_its_first_hand_over_deals_the_first_person_in(root: Path) -> None:
    """Left at the first "Pass to Ana.", the resumed game took Ana as having heard the deal:
    she never heard her own cards dealt."""
    cli(root, "play", "--plain", "--players", "4", "--humans", "3", "--names", "Ana,Ben,Cy",
        "--seed", "3", "--speech", "off", stdin="")
    save = next((root / "data" / "saves").glob("*.json"))
    back = cli(root, "resume", save.name, "--plain", "--speech", "off", stdin="\n")
    ana = back.stdout[back.stdout.index("Pass to Ana.") :]
    assert "You go first. You are dealt " in ana, back.stdout[:800]


@pytest.mark.parametrize("end", ['"over":fal', '"round":1', '"era":2.', '"age":nu'])
def test_a_save_cut_short_inside_a_word_or_a_number_is_called_truncated(tmp_path: Path, end: str) -> None:
    """A save cut off inside ``false`` was "not valid JSON", not cut short: the error points
    where the word began, two characters from the end (the fields a save gained in issue 34
    moved its middle there)."""
    path = tmp_path / "game.json"
    path.write_text('{"format":1,"summary":{' + end)
    with pytest.raises(SaveFileError, match=r"is cut short \(truncated\)"):
        read_save(path)


def test_a_save_cut_short_inside_a_string_is_called_truncated(tmp_path: Path) -> None:
    """The parser reports a string still open at the end where the string began, far from
    the end: such a cut was called "not valid JSON" instead of cut short."""
    from doomlings_access.safety.files import FileRefused, parse_json

    with pytest.raises(FileRefused, match="cut short"):
        parse_json(b'{"format": 1, "setup": {"players": ["Ana", "Be', tmp_path / "game.json")
