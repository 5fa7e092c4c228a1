"""Issue 12, injection: no text from outside reaches the terminal, the speech engine or a file
it was not meant for.

Names from ``--names``, the menu, a save and a score file, typed lines, and file contents go
through one sanitiser; names that are commands or numbers are refused; a planted link is
never written through; a device is never renamed over. Real command, real files, real links.
"""

from __future__ import annotations

import json
import os
import stat
import unicodedata
from pathlib import Path

import pytest
from kit import COLLIDING_NAMES, GAME, HOSTILE_NAMES, UNSAFE, Home, device, edited, good_save

from doomlings_access.safety.text import clean, shown


@pytest.fixture
def home(tmp_path: Path) -> Home:
    return Home(tmp_path, in_process=True)


NAME_IDS = list(HOSTILE_NAMES)
ARGV_IDS = [k for k in NAME_IDS if "\x00" not in HOSTILE_NAMES[k]]  # argv cannot hold NUL


@pytest.mark.parametrize("kind", ARGV_IDS)
def test_hostile_names_on_the_command_line_are_refused_without_echoing_them(home: Home, kind: str) -> None:
    done = home.run("play", *GAME, "--names", f"Ana,{HOSTILE_NAMES[kind]}").clean()
    assert done.returncode == 2 and done.err.startswith("doomlings: --names: ")
    assert "control or invisible characters" in done.err and not home.files()


@pytest.mark.parametrize("name", COLLIDING_NAMES)
def test_names_that_are_commands_or_numbers_are_refused(home: Home, name: str) -> None:
    done = home.run("play", *GAME, "--names", name).clean()
    assert done.returncode == 2, done.both
    assert "command" in done.err or "number" in done.err
    assert not home.files()


@pytest.mark.parametrize(("names", "why"), [
    ("Jose\u0301,Jos\u00e9", 'name 2: "Jos\u00e9" sounds the same as "Jos\u00e9"'),  # its accent typed two ways
    ("Stra\u00dfe,STRASSE", "sounds the same as"),  # the same name in capitals
    ("Zo\u00eb,Zoe", "sounds the same as"),  # a screen reader says them alike
    (",Ben", "name 1: a name cannot be empty"),  # (Ben was given the first seat)
    ("Ana,,Ben", "name 2: a name cannot be empty"),
    ("Tiny", "name or label of a card"),  # "Tiny plays Tiny, db17"
    ("DB17", "name or label of a card"),
    ("Ana,\u3164", '"?" has control or invisible characters'),  # a Hangul filler prints as nothing
    ("Ana,\u2800", "no letter or digit that can be seen"),  # the blank braille cell
    ("A" + "\u0301" * 15 + "na", "at most 3 accents on a letter"),  # (was taken: noise when read)
    # Issue 34: names that look alike (Unicode's confusable skeletons, UTS #39)
    ("Ana,\u0410na", 'name 2: "\u0410na" looks like "Ana"'),  # a Cyrillic A
    ("Otto,0tto", 'name 2: "0tto" looks like "Otto"'),  # a zero for the O
    ("T\u0456ny", "looks like the name or label of a card"),  # a Cyrillic i in Tiny
], ids=[
    "accent-two-ways", "sharp-s", "accent-or-none", "empty-first", "empty-between", "card-name", "card-label",
    "hangul-filler", "blank-braille-cell", "stacked-accents", "cyrillic-a", "zero-for-o", "card-look-alike",
])
def test_names_that_cannot_be_told_apart_or_seen_are_refused(home: Home, names: str, why: str) -> None:
    done = home.run("play", *GAME, "--names", names).clean()
    assert done.returncode == 2 and why in done.err, done.both
    assert not home.files()


def test_no_computer_is_named_like_a_person_who_looks_the_same() -> None:
    """Issue 34: a person named "Оtto" (a Cyrillic О) sat beside the computer's Otto: the
    computers' names skip any that looks like a person's, as they skip one that sounds like it."""
    from doomlings_access.doomlings_app import GameChoices, build_game

    for person, computer in [("\u041etto", "Otto"), ("0tto", "Otto"), ("OTTO", "Otto"), ("P\u0456a", "Pia")]:
        game, _ = build_game(GameChoices(players=6, humans=1, names=[person], seed=1))
        names = [game.name(seat) for seat in range(game.n)]
        assert names[0] == person and computer not in names, names
        assert all(not alike(person) & alike(name) for name in names[1:]), names


def alike(name: str) -> frozenset[str]:
    from doomlings_access.safety.text import alike_keys

    return alike_keys(name)


def test_names_differing_only_in_letters_that_look_alike_are_one_name_to_the_checks() -> None:
    """The skeletons come from ICU's spoof checker, not a table of our own: letters of three
    alphabets, digits and mathematical letters that look like Latin ones all meet; names that
    only sound alike to a listener are not merged by it (Ana and Anna stay two names)."""
    for one, other in [("\u0410na", "Ana"), ("\u0391na", "Ana"), ("\U0001d400na", "Ana"), ("\u0412en", "Ben"),
                       ("\u043etto", "Otto"), ("0tto", "Otto")]:
        assert alike(one) & alike(other), (one, other)
    assert not alike("Ana") & alike("Anna") and not alike("Eli") & alike("Ell")


def test_a_name_with_two_accents_on_a_letter_is_a_name(home: Home) -> None:
    """Vietnamese stacks two accents on a vowel: the cap on accents leaves such names alone."""
    done = home.run("play", *GAME, "--names", "Vi\u1ec7t", stdin="q\ny\n").clean()
    assert done.returncode == 0 and "Vi\u1ec7t" in done.out, done.both


def test_a_name_is_kept_with_single_spaces_and_one_form_of_each_letter(home: Home) -> None:
    """"Ana  Bel" was shown with two spaces and could never be typed back to `pile`."""
    done = home.run("play", *GAME, "--names", "Ana  Bel", stdin="pile ana bel\nq\ny\n").clean()
    assert "New game: Ana Bel," in done.out and "No single player" not in done.out, done.both


def test_a_player_is_found_by_their_name_typed_without_its_accents(home: Home) -> None:
    """With a player named Zoë, `p Zoe` said "No single player named Zoe"."""
    done = home.run("play", *GAME, "--names", "Zo\u00eb", stdin="p zoe\nq\ny\n").clean()
    assert "Your trait pile" in done.out and "No single player" not in done.out, done.both


def test_the_menu_asks_again_for_a_hostile_or_colliding_name(home: Home) -> None:
    bad = [HOSTILE_NAMES["title"], "h", "7", "x" * 31, "Ben, Cy", ""]
    answers = "1\n2\n1\n" + "".join(f"{b}\n" for b in bad[:-1]) + "Zoé\nnormal\n\nq\ny\n8\n"
    done = home.run(*GAME, stdin=answers).clean()
    assert done.returncode == 0, done.both
    assert done.out.count("Name of person 1? [You]: ") == 6
    assert done.out.count("That name cannot be used:") == 5
    assert "has a comma, which separates names" in done.out
    assert "New game: Zoé" in done.out
    # The menu's lines end at its last prompt: the game does not pause before saying anything.
    assert "[none]: \nNew game: Zoé" in done.out, done.out


def test_the_menu_chooses_the_edition_and_house_rules_of_a_new_game(home: Home) -> None:
    """CONFLICTS.md: each option is a named house rule a player can choose; from the menu too
    (it asked none, and ``doomlings --edition first`` was ignored there). A wrong answer gets
    one line and the question again; the save keeps what was chosen."""
    answers = "1\n2\n1\nAna\neasy\n?\n0, 12\n3, 4\nq\ny\n8\n"
    done = home.run(*GAME, "--edition", "first", stdin=answers).clean()
    assert done.returncode == 0, done.both
    assert "House rules, by number, or ? for the list? [the first printing]: " in done.out
    assert "3. an empty hand draws 5" in done.out
    assert "Not a choice: 0, 12. Type numbers from 1 to 10, ? for the list, or Enter." in done.out
    assert "Chosen: an empty hand draws 5; no turns in a catastrophe's round." in done.out
    [save] = home.files()
    options = json.loads((home.saves / save).read_text())["setup"]["options"]
    assert (options["edition"], options["empty_hand_draw"], options["catastrophe_ends_round"]) == ("retail", 5, True)
    kept = home.run(*GAME, "--edition", "first", stdin="1\n2\n1\nAna\neasy\n\nq\ny\n8\n").clean()
    assert "House rules: the first printing of the cards." in " ".join(kept.out.split())


@pytest.mark.parametrize("kind", NAME_IDS)
def test_hostile_names_in_a_save_never_reach_the_terminal(home: Home, tmp_path: Path, kind: str) -> None:
    path = good_save(home.saves)
    name = HOSTILE_NAMES[kind]
    edited(path, lambda d: (d["setup"].__setitem__("players", ["Ana", name, "Pia"]),
                            d["summary"].__setitem__("winners", [name])))
    listed = home.run("resume", "--list").clean()
    assert listed.returncode == 0 and path.name in listed.out
    done = home.run("resume", *GAME).clean()
    assert "setup.players[1]" in done.out and "control or invisible characters" in done.flat()
    assert not path.exists(), "a save the game wrote, at fault: moved aside"
    aside = next(home.saves.glob(f"{path.name}.broken-*"))
    transcript = home.run("transcript", str(aside)).clean()
    assert transcript.returncode == 2


@pytest.mark.parametrize(("names", "said"), [
    (["Jose\u0301", "Ana", "Pia"], "is not written as the game writes names"),  # decomposed
    (["Jos\u00e9", "Jose\u0301", "Pia"], "sounds the same as"),
    (["Ana", "Stra\u00dfe", "STRASSE"], "sounds the same as"),
    (["Ana", "Tiny", "Pia"], "is the name or label of a card"),  # (--names refused it; a save did not)
    (["Ana", "Ot  to", "Pia"], "is not written as the game writes names"),
])
def test_a_save_whose_names_a_new_game_would_refuse_is_not_played(home: Home, names: list[str], said: str) -> None:
    """"Game resumed: José against José": the checks of a new game's names hold for a save."""
    path = good_save(home.saves)
    edited(path, lambda d: d["setup"].__setitem__("players", names))
    done = home.run("resume", str(path), *GAME, stdin="1\n").clean()
    assert done.returncode == 2 and "setup.players[" in done.out and said in done.flat(), done.out
    assert "Game resumed" not in done.out


@pytest.mark.parametrize("name", ["h", "q", "1", "Help"])
def test_a_save_whose_name_would_hijack_answers_is_not_played(home: Home, name: str) -> None:
    path = good_save(home.saves)
    edited(path, lambda d: d["setup"].__setitem__("players", ["Ana", name, "Pia"]))
    done = home.run("resume", str(path), *GAME, stdin="h\n").clean()
    assert done.returncode == 2 and "setup.players[1]" in done.out and "Choose 1 to" not in done.out


@pytest.mark.parametrize("kind", NAME_IDS)
def test_hostile_names_in_a_score_file_are_an_error_naming_the_field(home: Home, tmp_path: Path, kind: str) -> None:
    table = {"players": [{"name": HOSTILE_NAMES[kind], "traits": ["Tiny"]}, {"name": "Ben"}]}
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table))
    done = home.run("score", str(path)).clean()
    assert done.returncode == 2 and "players[0].name" in done.err and len(done.err.splitlines()) == 1


@pytest.mark.parametrize("field", ["trait", "catastrophe", "choice", "unknown-field", "tie-break"])
def test_hostile_text_in_any_score_file_field_is_shown_safely(home: Home, tmp_path: Path, field: str) -> None:
    evil = "\x1b]0;pwned\x07\x1b[2J\nWinner: Eve."
    ana: dict[str, object] = {"name": "Ana", "traits": ["Tiny"]}
    table: dict[str, object] = {"players": [ana]}
    if field == "trait":
        ana["traits"] = [evil]
    elif field == "catastrophe":
        table["catastrophes"] = [evil]
    elif field == "choice":
        ana["choices"] = {evil: "red"}
    elif field == "unknown-field":
        table[evil] = 1
    else:
        table["tie_break"] = {evil: "Tiny"}
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table))
    done = home.run("score", str(path)).clean()
    assert done.returncode == 2 and len(done.err.splitlines()) == 1, done.err


@pytest.mark.parametrize("typed", ["\x1b]0;pwned\x07", "\x9b2J", "\u202eevil", "\x1b]52;c;eA==\x07"])
def test_typed_escapes_are_never_echoed_raw(home: Home, typed: str) -> None:
    menu = home.run(*GAME, stdin=f"{typed}\n8\n").clean()
    assert "Not a choice:" in menu.out
    game = home.run("play", *GAME, "--seed", "3", stdin=f"{typed}\nq\ny\n").clean()
    assert game.returncode == 0
    companion = home.run("companion", *GAME, stdin=f"1\n{typed}\n\n5\n").clean()
    assert companion.returncode == 0
    card = home.run("card", typed).clean()
    assert card.returncode == 2


def test_the_sanitiser_replaces_every_unsafe_character_and_caps_length() -> None:
    for ch in [chr(c) for c in range(0x20)] + [chr(c) for c in range(0x7F, 0xA0)] + list(
        "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029\ud800"
    ):
        out = clean(f"a{ch}b")
        assert UNSAFE.search(out) is None and out in ("a?b", "a b"), repr(ch)
    assert clean("x" * 5000, 100) == "x" * 97 + "..."


def test_the_sanitiser_shows_every_invisible_or_format_character() -> None:
    """U+200B, U+200D, U+FEFF, U+00AD went through as they were: "A?na" is what a listener must
    hear for a name a screen reader reads as "Ana". Every code point Unicode calls a control,
    format, surrogate, private-use, unassigned or separator character (other than a space), and
    every default-ignorable one, is shown; a space of another script is a space."""
    hidden = [
        chr(c) for c in range(0x110000)
        if unicodedata.category(chr(c)) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") and chr(c) != "\t"
    ]
    hidden += [ch for ch in map(chr, range(0x110000)) if UNSAFE.match(ch) and ch not in "\t\n"]
    out = clean("".join(hidden), len(hidden))
    assert set(out) == {"?"} and len(out) == len(hidden)
    assert clean("a\u00a0b\u3000c\u2003d") == "a b c d"
    assert clean("A\u200bna") == "A?na" and shown("\ufeffOt\u00adto") == "?Ot?to"
    assert clean("Zoé 日本 ⠙⠃ 😀") == "Zoé 日本 ⠙⠃ 😀"


# --- links and devices are never written through or renamed over --------------------------------


def test_a_planted_temporary_link_is_never_followed(home: Home, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    save = good_save(home.saves)
    for name in (f"{save.name}.tmp", f".{save.name}.tmp", "settings.tmp"):
        (home.saves / name).symlink_to(victim)
    (home.config / "settings.toml.tmp").symlink_to(victim)
    (home.config / "settings.tmp").symlink_to(victim)
    done = home.run("resume", *GAME, stdin="1\n1\n1\nq\ny\n").clean()
    assert done.returncode == 0
    home.run(*GAME, stdin="5\ntts\nnormal\ntext\n200\nen\n\n\n\n8\n").clean()
    assert victim.read_text() == "precious"
    assert (home.saves / f"{save.name}.tmp").is_symlink()
    assert home.settings.is_file() and not home.settings.is_symlink()


def test_a_save_that_is_a_link_is_not_written_through(home: Home, tmp_path: Path) -> None:
    real = good_save(tmp_path, "real.json")
    before = real.read_bytes()
    link = home.saves / "game-20240101-120000.json"
    link.symlink_to(real)
    done = home.run("resume", str(link), *GAME, stdin="1\n1\n1\nq\ny\n").clean()
    assert done.returncode == 0
    assert done.out.count("cannot be saved") == 1, "one warning, not one per action"
    assert real.read_bytes() == before and link.is_symlink()


@pytest.mark.parametrize("target", ["device", "fifo", "link", "folder"])
def test_speech_check_never_renames_over_a_device_or_special_file(home: Home, tmp_path: Path, target: str) -> None:
    path = tmp_path / "out.wav"
    if target == "fifo":
        os.mkfifo(path)
    elif target == "link":
        path.symlink_to(tmp_path / "elsewhere.wav")
    elif target == "folder":
        path.mkdir()
    else:
        path = device(tmp_path)
    mode = os.lstat(path).st_mode
    done = home.run("speech-check", "--wav", str(path)).clean()
    assert done.returncode == 2 and "not a regular file" in done.err
    assert os.lstat(path).st_mode == mode
    if target == "device":
        assert stat.S_ISCHR(os.lstat(path).st_mode)
    assert not list(tmp_path.glob(".speech-*"))


def test_settings_that_are_a_link_are_read_but_never_written_through(home: Home, tmp_path: Path) -> None:
    real = tmp_path / "dotfiles.toml"
    real.write_text('speech = "off"\nrate = 300\n')
    home.settings.symlink_to(real)
    done = home.run(*GAME, stdin="5\ntts\nnormal\ntext\n200\nen\n\n\n\n8\n").clean()
    assert "Settings could not be saved" in done.flat()
    assert real.read_text() == 'speech = "off"\nrate = 300\n' and home.settings.is_symlink()


@pytest.mark.parametrize("kind", NAME_IDS)
def test_names_reach_the_speech_engine_cleaned(tmp_path: Path, kind: str) -> None:
    """The real output door and the real tts speaker, with an engine that writes down what
    it is given to say."""
    from doomlings_access.speech import make_speaker
    from doomlings_access.telling.output import Output
    from doomlings_access.ui.words import Said

    heard = tmp_path / "heard.txt"
    engine = tmp_path / "engine"
    engine.write_text(f"#!/bin/sh\ncat >> {heard}\necho >> {heard}\n")
    engine.chmod(0o755)
    speaker = make_speaker("tts", espeak=str(engine))
    printed: list[str] = []
    try:
        name = HOSTILE_NAMES[kind]
        Output(printed.append, speaker).say(Said(f"{name} plays Tiny.", f"{name} plays Tiny."))
        assert speaker.wait_idle(10.0)
    finally:
        speaker.close()
    text = heard.read_text(encoding="utf-8", errors="replace").rstrip("\n")
    assert "plays Tiny" in text and UNSAFE.search(text) is None and "\n" not in text, repr(text)
    assert len(printed) == 1 and UNSAFE.search(printed[0]) is None


def test_what_a_speech_engine_prints_is_logged_cleaned(caplog: pytest.LogCaptureFixture) -> None:
    import logging

    from doomlings_access.speech import backends

    with caplog.at_level(logging.INFO, logger=backends.LOG.name):
        backends.LOG.info("%s printed: %s", "espeak-ng", "\x1b]0;pwned\x07\x1b[2J\nfake line")
    (record,) = caplog.records
    assert record.getMessage() == "espeak-ng printed: ?]0;pwned??[2J?fake line"


@pytest.mark.parametrize("names", ["Ana,You", "You,YOUR", "Ana,yours"])
def test_only_the_person_playing_alone_may_be_called_you(home: Home, names: str) -> None:
    """"You" is how the game speaks to the one person playing alone: another seat of that name
    would be told as "You plays" (issue 11). The person alone may still be called You."""
    done = home.run("play", *GAME, "--names", names).clean()
    assert done.returncode == 2 and "how the game speaks to the person playing alone" in done.err, done.both
    assert not home.files()
    alone = home.run("play", *GAME, "--names", "You", stdin="q\ny\n").clean()
    assert alone.returncode == 0 and "New game: You, " in alone.out, alone.both


def test_a_save_that_would_call_another_seat_you_is_refused(home: Home) -> None:
    path = good_save(home.saves)
    edited(path, lambda d: d["setup"].__setitem__("players", ["Ana", "You", "Pia"]))
    done = home.run("resume", path.name, *GAME).clean()
    assert "setup.players[1]" in done.out and "Game resumed" not in done.out, done.both
