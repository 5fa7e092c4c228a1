"""A saved game outlives the release that wrote it (issue 34).

A save was replayed against whatever card data was installed: after a release that changed
the cards its moves were no longer legal, the save was blamed, set aside, hidden from the
listing and deleted a month later. Now a save names the program, the card data and the rules
it was played under; every card data set shipped is kept, and a save is replayed under its
own; one that still cannot be replayed is another version's, kept where it is, listed with
the version that wrote it, and the message names the version that can resume it. Four saves
of this release are kept here forever, and every later release must resume them to the same
position.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from programs import in_process, isolated_env
from saved_position import crop_position, position

from doomlings_access import __version__
from doomlings_access.cards import load_cards
from doomlings_access.cards.loader import data_dir
from doomlings_access.cards.card_files import CARD_FILES, fingerprint
from doomlings_access.cards.shipped import FIRST_SHIPPED, SHIPPED, current, kept_folder
from doomlings_access.rules import Choice, Game
from doomlings_access.rules.revision import RULES_REVISION
from doomlings_access.saves import CropSaved, OtherVersionsSave, SaveFileError, list_saves, read_any_save, read_save

FIXTURES = Path(__file__).resolve().parent / "fixtures"
KEPT = json.loads((FIXTURES / "positions.json").read_text("utf-8"))
TIMEOUT = 60


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOOMLINGS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DOOMLINGS_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "data" / "saves").mkdir(parents=True)
    return tmp_path


def saves_of(root: Path) -> Path:
    return root / "data" / "saves"


def run(root: Path, *args: str, stdin: str = "q\ny\n", program: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    """``doomlings ARGS`` called in this process, or ``program`` (another card set) started."""
    if program is None:
        return in_process(args, env=isolated_env(root), stdin=stdin)
    return subprocess.run(program + list(args), input=stdin, capture_output=True, text=True,
                          env=isolated_env(root), timeout=TIMEOUT, check=False)


def kept_copy(root: Path, name: str, as_name: str = "game-20260101-120000.json") -> Path:
    path = saves_of(root) / as_name
    shutil.copyfile(FIXTURES / f"{name}.json", path)
    return path


# --- the card data shipped -------------------------------------------------------------------------


def test_the_card_data_of_this_release_and_of_every_earlier_one_is_kept() -> None:
    """A release that changes the card data keeps the set it replaces: this fails until the
    current set is kept too (``python -m doomlings_access.cards.shipped``)."""
    assert kept_folder(current()) is not None, "keep the card data: python -m doomlings_access.cards.shipped"
    assert kept_folder(FIRST_SHIPPED) is not None  # what a save of 0.1.0 without a fingerprint was played under
    for folder in (data_dir() / SHIPPED).iterdir():  # each kept set is whole and unchanged
        assert folder.name == fingerprint(folder), f"{folder} was changed after it was shipped"
        assert sorted(p.name for p in folder.iterdir()) == sorted(CARD_FILES)


def test_a_save_names_the_version_the_card_data_and_the_rules_it_was_played_under(root: Path) -> None:
    path = kept_copy(root, "mid_game")
    saved = read_save(path)
    from doomlings_access.saves import write_save

    write_save(path, saved.game, saved.seats)
    data = json.loads(path.read_text("utf-8"))
    assert (data["program"], data["cards"], data["rules"]) == (__version__, current(), RULES_REVISION)


# --- the saves of this release, kept forever ----------------------------------------------------------


@pytest.mark.parametrize("name", sorted(KEPT))
def test_a_kept_save_of_this_release_resumes_to_the_same_position(name: str) -> None:
    saved = read_save(FIXTURES / f"{name}.json")
    assert position(saved.game) == KEPT[name]["position"]
    assert saved.seats.to_json() == KEPT[name]["seats"]


@pytest.mark.parametrize("name", sorted(KEPT))
def test_a_save_written_before_fingerprints_resumes_to_the_same_position(name: str, tmp_path: Path) -> None:
    """The saves on players' disks today name no card data and no rules: they were played
    under the first set shipped and the first revision."""
    data = json.loads((FIXTURES / f"{name}.json").read_text("utf-8"))
    del data["cards"], data["rules"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), "utf-8")
    assert position(read_save(path).game) == KEPT[name]["position"]


@pytest.mark.parametrize("name", sorted(KEPT))
def test_the_real_command_resumes_each_kept_save(root: Path, name: str) -> None:
    """The kept saves are resumed by ``doomlings resume`` itself, as a player would: the game
    goes on where it stood (the hot seat's hand-over too), and quitting keeps the save."""
    path = kept_copy(root, name)
    done = run(root, "resume", path.name, "--plain", "--speech", "off", stdin="q\ny\n" * 30)
    assert done.returncode == 0, done.stdout[-800:] + done.stderr
    said = " ".join(done.stdout.split())
    assert said.startswith("Game resumed: "), said[:300]
    assert "Cannot load" not in said and "Traceback" not in done.stderr
    assert read_save(path).game.actions[: KEPT[name]["position"]["actions"]] == read_save(FIXTURES / f"{name}.json").game.actions


# --- an upgrade that changes the card data ----------------------------------------------------------


def new_release(tmp_path: Path) -> Path:
    """The card data of a release after this one: one more copy of the first trait (an
    erratum), the sets shipped kept beside it, as a release keeps them."""
    folder = tmp_path / "card_data"
    shutil.copytree(data_dir(), folder)
    traits = (folder / "traits.toml").read_text("utf-8")
    first = traits.index("copies = ")
    end = traits.index("\n", first)
    copies = int(traits[first + len("copies = "):end])
    (folder / "traits.toml").write_text(f"{traits[:first]}copies = {copies % 9 + 1}{traits[end:]}", "utf-8")
    return folder


def with_cards(folder: Path) -> list[str]:
    """The real command, with its card data read from ``folder`` (as a new release installs it)."""
    code = (
        "import sys; from pathlib import Path; import doomlings_access.cards.loader as loader; "
        f"loader.data_dir = lambda: Path({str(folder)!r}); "
        "from doomlings_access.cli import main; raise SystemExit(main(sys.argv[1:]))"
    )
    return [sys.executable, "-c", code]


def test_an_upgrade_that_changes_the_card_data_resumes_a_save_under_its_own_cards(root: Path, tmp_path: Path) -> None:
    """Replayed under the new card data, the save's moves are not legal (it was set aside as
    broken and deleted a month later); replayed under the data it names, it is the same game."""
    folder = new_release(tmp_path)
    assert fingerprint(folder) != current()
    path = kept_copy(root, "mid_game")
    saved = read_save(path)
    with pytest.raises((ValueError, KeyError, IndexError)):  # what the upgrade did to it
        Game.replay(load_cards("retail", str(folder)), saved.game.setup, saved.game.actions)
    done = run(root, "resume", "--plain", "--speech", "off", program=with_cards(folder))
    assert done.returncode == 0, done.stdout[-800:] + done.stderr
    assert " ".join(done.stdout.split()).startswith("Game resumed: You against Otto, Pia and Quin."), done.stdout
    assert sorted(p.name for p in saves_of(root).iterdir()) == [path.name]  # nothing set aside
    data = json.loads(path.read_text("utf-8"))
    assert data["cards"] == current()  # still its own cards, the next time too
    listed = run(root, "resume", "--list", program=with_cards(folder)).stdout
    assert "written by version" not in listed and path.name in listed


def test_the_kept_saves_resume_to_the_same_position_after_the_card_data_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = new_release(tmp_path)
    import doomlings_access.cards.loader as loader

    monkeypatch.setattr(loader, "data_dir", lambda: folder)
    for name in KEPT:
        assert position(read_save(FIXTURES / f"{name}.json").game) == KEPT[name]["position"], name


# --- a save this version cannot replay -----------------------------------------------------------------


def others(path: Path, **fields: Any) -> bytes:
    """The save as another version wrote it: its fields, and a seed that its moves do not fit
    here (as a change of the rules would leave it)."""
    data = json.loads(path.read_text("utf-8"))
    data.update(fields)
    data["setup"]["seed"] += 1
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    return raw


@pytest.mark.parametrize("written", [
    {"program": "9.9.9", "cards": "ffffffffffffffff"},  # a newer version's cards
    {"program": "9.9.9", "rules": 2},  # a newer version's rules
    {"program": "0.0.9"},  # an older version (its cards and rules the same: a change of the engine)
], ids=["cards", "rules", "older"])
def test_a_save_another_version_wrote_is_never_set_aside_and_names_the_version_that_can_resume_it(
    root: Path, written: dict[str, Any]
) -> None:
    path = kept_copy(root, "first_printing")
    raw = others(path, **written)
    with pytest.raises(OtherVersionsSave) as caught:
        read_save(path)
    assert not caught.value.at_fault and caught.value.program == written["program"]
    assert f"written by version {written['program']}" in str(caught.value)
    assert f"doomlings {written['program']} can resume it" in str(caught.value)
    for command in (["resume"], ["resume", path.name], ["transcript", path.name]):
        done = run(root, *command, "--plain", "--speech", "off")
        said = " ".join((done.stdout + done.stderr).split())
        assert f"doomlings {written['program']} can resume it" in said, said
        assert "Traceback" not in said and "kept as" not in said
        assert sorted(p.name for p in saves_of(root).iterdir()) == [path.name] and path.read_bytes() == raw
    listing = run(root, "resume", "--list")
    assert "Ana, Otto, Pia: round 10, era 3" in listing.stdout
    line = next(line for line in " ".join(listing.stdout.split()).split(". game-") if "written by" in line)
    assert f"written by version {written['program']}" in line
    assert [item.written_by for item in list_saves(saves_of(root))[0]] == [written["program"]]


def test_a_save_this_very_version_wrote_that_does_not_replay_is_still_its_own_fault(root: Path) -> None:
    """Only a save of this version, under the cards and rules it is replayed with, is blamed
    for not replaying (a hand-edited one): it is set aside, as before."""
    path = kept_copy(root, "first_printing")
    others(path)
    with pytest.raises(SaveFileError) as caught:
        read_save(path)
    assert caught.value.at_fault and not isinstance(caught.value, OtherVersionsSave)
    assert caught.value.field is not None and caught.value.field.startswith(("actions[", "setup"))


def test_moves_a_save_names_are_replayed_under_its_cards_in_a_game_that_plays_on(root: Path) -> None:
    """A game resumed under kept card data plays on under it: its next moves are legal there."""
    saved = read_save(FIXTURES / "house_rules.json")
    game = saved.game
    assert game.cards.fingerprint == json.loads((FIXTURES / "house_rules.json").read_text())["cards"]
    for _ in range(5):
        if game.pending is None:
            break
        game.apply(Choice(game.pending.player, game.pending.options[0]))


# --- a save no game reaches ----------------------------------------------------------------------------


@pytest.mark.parametrize("where, field", [
    (lambda p: p.update(hands=[["quick"] * 200] * 6), "setup.position.hands[0][1]"),
    (lambda p: p.update(deck=["tiny", "tiny"]), "setup.position.deck[1]"),
    (lambda p: p.update(age_deck=["ice_age"] * 3), "setup.position.age_deck[1]"),
], ids=["six-200-card-hands", "two-tinys", "one-age-thrice"])
def test_a_save_whose_position_no_game_reaches_is_refused(root: Path, where: Any, field: str) -> None:
    """A save whose position gave six players 200-card hands was accepted, and took 58 s to
    reach its first question: a card named more often than the deck holds it is refused, with
    the field, at once."""
    path = kept_copy(root, "mid_game")
    data = json.loads(path.read_text("utf-8"))
    data["setup"]["players"] = data["setup"]["players"] + ["Rex", "Sol"]
    position: dict[str, Any] = {"revealed": ["the_birth_of_life"], "age": "the_birth_of_life"}
    where(position)
    data["setup"]["position"] = position
    data["actions"] = []
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(SaveFileError) as caught:
        read_save(path)
    assert caught.value.field == field and "once more than the game has" in caught.value.why


# --- Doomcrop's saves, kept forever too ---------------------------------------------------------------

CROP_KEPT = json.loads((FIXTURES / "crop_positions.json").read_text("utf-8"))


@pytest.mark.parametrize("name", sorted(CROP_KEPT))
def test_a_kept_doomcrop_save_of_this_release_resumes_to_the_same_position(name: str) -> None:
    saved = read_any_save(FIXTURES / f"{name}.json")
    assert isinstance(saved, CropSaved)
    assert crop_position(saved.game) == CROP_KEPT[name]["position"]
    assert saved.seats.to_json() == CROP_KEPT[name]["seats"]


@pytest.mark.parametrize("name", sorted(CROP_KEPT))
def test_the_real_command_resumes_each_kept_doomcrop_save(root: Path, name: str) -> None:
    path = kept_copy(root, name)
    done = run(root, "resume", path.name, "--plain", "--speech", "off", stdin="q\ny\n" * 30)
    assert done.returncode == 0, done.stdout[-800:] + done.stderr
    said = " ".join(done.stdout.split())
    assert "Doomcrop" in said and "Cannot load" not in said and "Traceback" not in done.stderr, said[:400]
    assert read_any_save(path).game.actions[: CROP_KEPT[name]["position"]["actions"]] == \
        read_any_save(FIXTURES / f"{name}.json").game.actions


@pytest.mark.parametrize("written", [
    {"program": "9.9.9", "rules": 2},  # a newer version's rules
    {"program": "0.0.9"},  # an older version (the same rules: a change of the engine)
    {"program": "0.0.9", "rules": None},  # written before a save of Doomcrop named its rules
], ids=["rules", "older", "unnamed"])
def test_a_doomcrop_save_another_version_wrote_is_never_set_aside(root: Path, written: dict[str, Any]) -> None:
    """A save of Doomcrop that does not replay was blamed and set aside whoever wrote it: it is
    kept, as a save of Doomlings is, and names the version that can resume it."""
    path = kept_copy(root, "doomcrop_mid_game")
    raw = others(path, **written)
    if written.get("rules", 0) is None:
        data = json.loads(raw)
        del data["rules"]
        raw = json.dumps(data).encode()
        path.write_bytes(raw)
    with pytest.raises(OtherVersionsSave) as caught:
        read_any_save(path)
    assert not caught.value.at_fault and f"doomlings {written['program']} can resume it" in str(caught.value)
    for command in (["resume"], ["resume", path.name]):
        done = run(root, *command, "--plain", "--speech", "off")
        said = " ".join((done.stdout + done.stderr).split())
        assert f"doomlings {written['program']} can resume it" in said, said
        assert "Traceback" not in said and "kept as" not in said
        assert sorted(p.name for p in saves_of(root).iterdir()) == [path.name] and path.read_bytes() == raw


def test_a_doomcrop_save_in_a_newer_format_is_kept_for_the_newer_version(root: Path) -> None:
    path = kept_copy(root, "doomcrop_mid_game")
    data = json.loads(path.read_text("utf-8"))
    data.update(format=2, program="9.9.9")
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(OtherVersionsSave) as caught:
        read_any_save(path)
    assert not caught.value.at_fault and caught.value.program == "9.9.9"


def test_a_doomcrop_save_this_very_version_wrote_that_does_not_replay_is_its_own_fault(root: Path) -> None:
    path = kept_copy(root, "doomcrop_mid_game")
    others(path)
    with pytest.raises(SaveFileError) as caught:
        read_any_save(path)
    assert caught.value.at_fault and not isinstance(caught.value, OtherVersionsSave)
