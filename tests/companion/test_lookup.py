"""The card look-up: every card by name, prefix, label and Unicode braille label; misspellings.

Issue 5, "How it is shown": the look-up finds every card by name, by label and by its
Unicode braille label; a misspelling gets suggestions, not an error trace. Also the one-shot
``doomlings card NAME``: what it prints, how it fails, and that it stays light (no prompt or
speech libraries imported).
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest
from programs import in_process

from doomlings_access.braille.labels import (
    brf_to_unicode,
    label_to_brf,
    label_to_unicode,
    read_typed_label,
    transcribed_brf,
    unicode_to_label,
)
from doomlings_access.cards import AgeDef, CatastropheDef, TraitDef, load_cards
from doomlings_access.cards.describe import full_description
from doomlings_access.cards.lookup import UnknownCardError, find_cards, find_name, normalise

CARDS = load_cards("retail")
ALL = CARDS.all_cards()
TRAITS = list(CARDS.traits.values())
IDS = [f"{c.kind}-{c.id}" for c in ALL]
HEAVY_MODULES = ("prompt_toolkit", "pyttsx3", "accessible_output2")
TIMEOUT = 20


def test_the_retail_deck_is_all_there() -> None:
    assert len(CARDS.traits) > 100
    assert len(CARDS.catastrophes) == 15
    assert len(CARDS.ages) > 20
    names = [normalise(c.name) for c in ALL]
    assert len(set(names)) == len(names), "two cards share a name: the look-up cannot tell them"


# --- every card, every way of naming it --------------------------------------------------------
@pytest.mark.parametrize("card", ALL, ids=IDS)
def test_found_by_exact_name(card) -> None:  # type: ignore[no-untyped-def]
    assert find_cards(card.name, ALL) == [card]
    assert find_name(card.name, [c.name for c in ALL]) == card.name


@pytest.mark.parametrize("card", ALL, ids=IDS)
def test_found_by_lower_case_name(card) -> None:  # type: ignore[no-untyped-def]
    assert find_cards(card.name.lower(), ALL) == [card]
    assert find_cards(f"  {card.name.upper()} ", ALL) == [card]


def shortest_unique_prefix(card) -> str | None:  # type: ignore[no-untyped-def]
    """The shortest prefix (as typed) that starts this card's name and no other card's name,
    and is not itself some card's label (labels are matched first)."""
    labels = {c.label.lower() for c in ALL}
    for k in range(1, len(card.name)):
        typed = card.name[:k]
        if typed != typed.rstrip() or typed.endswith("-"):
            continue
        wanted = normalise(typed)
        fits = [c for c in ALL if normalise(c.name).startswith(wanted)]
        if fits == [card] and wanted not in labels:
            return typed
    return None


PREFIXED = [(c, shortest_unique_prefix(c)) for c in ALL]


@pytest.mark.parametrize(
    ("card", "typed"),
    [(c, typed) for c, typed in PREFIXED if typed],
    ids=[i for i, (_, typed) in zip(IDS, PREFIXED) if typed],
)
def test_found_by_a_unique_prefix(card, typed: str) -> None:  # type: ignore[no-untyped-def]
    assert find_cards(typed, ALL) == [card], typed
    assert find_cards(typed.lower(), ALL) == [card], typed.lower()


def test_most_cards_have_a_unique_prefix() -> None:
    without = [c.name for c, typed in PREFIXED if typed is None]
    # Tiny starts Tiny Little Melons; a short name like Bad shares every shorter prefix.
    assert "Tiny" in without
    assert len(without) <= len(ALL) // 20, without
    for name in without:
        assert [c.name for c in find_cards(name, ALL)] == [name]


@pytest.mark.parametrize("card", ALL, ids=IDS)
def test_found_by_label(card) -> None:  # type: ignore[no-untyped-def]
    found = find_cards(card.label, ALL)
    assert card in found
    sharing = [c for c in ALL if c.label.lower() == card.label.lower()]
    assert found == sharing
    if len(sharing) == 1:
        assert found == [card]
    # Upper case as a BRF keyboard user might type it.
    assert card in find_cards(card.label.upper(), ALL)


def test_a_shared_label_lists_every_card_with_it() -> None:
    found = find_cards("g1", ALL)
    assert len(found) > 1
    assert all(isinstance(c, TraitDef) and c.label == "g1" for c in found)
    names = {c.name for c in found}
    assert {"Pollination", "Leaves", "Tiny Little Melons"} <= names
    assert find_cards("db17", ALL) == [CARDS.traits["tiny"]]
    assert [c.name for c in find_cards("c-2", ALL)] == ["Confusion"]


@pytest.mark.parametrize("card", TRAITS, ids=[f"trait-{t.id}" for t in TRAITS])
def test_trait_found_by_unicode_braille_label(card: TraitDef) -> None:
    braille = label_to_unicode(card.label)
    assert all("\u2800" <= ch <= "\u28ff" for ch in braille), braille
    assert unicode_to_label(braille) == card.label
    found = find_cards(braille, ALL, read_typed_label)
    assert card in found
    assert all(c.label == card.label for c in found)
    # With a numeric indicator before the value, as some braille keyboards type it.
    typed = label_to_unicode(card.label, numeric_indicator=True)
    assert card in find_cards(typed, ALL, read_typed_label)


def test_without_a_label_reader_braille_is_only_a_name() -> None:
    """The card layer knows no braille: the reader comes from the braille module."""
    with pytest.raises(UnknownCardError):
        find_cards("⠙⠃⠂⠶", ALL)


CATASTROPHES = list(CARDS.catastrophes.values())


@pytest.mark.parametrize("card", CATASTROPHES, ids=[f"catastrophe-{c.id}" for c in CATASTROPHES])
def test_catastrophe_found_by_unicode_braille_label(card: CatastropheDef) -> None:
    assert find_cards(label_to_unicode(card.label), ALL, read_typed_label) == [card]


def test_tiny_in_braille() -> None:
    assert label_to_unicode("db17") == "⠙⠃⠂⠶"
    assert find_cards("⠙⠃⠂⠶", ALL, read_typed_label) == [CARDS.traits["tiny"]]


# --- every form a braille user may type, for every card -----------------------------------------
def _ueb_digits(brf: str) -> str:
    """BRF with UEB (literary) digits: a numeric indicator, then letters a to j."""
    out, number = "", False
    for ch in brf:
        if ch.isdigit():
            out += ("" if number else "#") + "JABCDEFGHI"[int(ch)]
            number = True
        else:
            out += '"-' if ch == "-" else ch  # UEB's minus sign is dots 5, 3 6
            number = False
    return out


def typed_forms(card) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Every way of typing a card that the look-up accepts, by name of the form."""
    label = card.label
    brf, brf_ni = label_to_brf(label), label_to_brf(label, numeric_indicator=True)
    forms = {
        "name": card.name,
        "name, lower case": card.name.lower(),
        "label as printed": label,
        "label, upper case": label.upper(),
        "label, lower case": label.lower(),
        "label, capitalised": label.capitalize(),
        "Unicode braille": label_to_unicode(label),
        "Unicode braille, numeric indicator": label_to_unicode(label, numeric_indicator=True),
        "Unicode braille, UEB digits": brf_to_unicode(_ueb_digits(brf)),
        "BRF": brf,
        "BRF, numeric indicator": brf_ni,
        "BRF, numeric indicator, lower case": brf_ni.lower(),
        "BRF, UEB digits": _ueb_digits(brf),
        "BRF as on the sheets": transcribed_brf(label),
        "BRF as on the sheets, lower case": transcribed_brf(label).lower(),
        "Unicode braille as on the sheets": brf_to_unicode(transcribed_brf(label)),
    }
    return forms


def test_every_card_in_every_typed_form() -> None:
    """Issue 14: labels as a braille user types them, for all 151 cards; the figure is
    printed (run with -s)."""
    accepted = tried = 0
    refused = []
    for card in ALL:
        seen = set()
        for form, typed in typed_forms(card).items():
            if typed in seen:
                continue  # e.g. an age's label is its name: counted once
            seen.add(typed)
            tried += 1
            try:
                found = find_cards(typed, ALL, read_typed_label)
            except UnknownCardError:
                found = []
            if card in found and all(c.label == card.label or c.name == card.name for c in found):
                accepted += 1
            else:
                refused.append((card.name, form, typed))
    print(f"\nlook-up forms accepted: {accepted} of {tried} ({len(ALL)} cards)")
    assert len(ALL) == 151
    assert not refused, refused[:10]
    assert tried > 151 * 10


# --- misspellings -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Tiyn", "Tiny"),
        ("Tyni", "Tiny"),
        ("Ice Aeg", "Ice Age"),
        ("Persuasvie", "Persuasive"),
        ("kidny", "Kidney"),
        ("Sentince", "Sentience"),
        ("big oen", "The Big One"),
    ],
)
def test_misspelling_gives_suggestions(typed: str, meant: str) -> None:
    with pytest.raises(UnknownCardError) as caught:
        find_cards(typed, ALL)
    error = caught.value
    assert error.typed == typed
    assert error.suggestions[0] == meant
    assert 1 <= len(error.suggestions) <= 5
    assert f"Did you mean: 1. {meant}" in str(error)
    with pytest.raises(UnknownCardError):
        find_name(typed, [c.name for c in ALL])


def test_a_cut_short_name_is_a_prefix_not_a_misspelling() -> None:
    # "Persuasiv" starts only Persuasive: it is found, not refused with a suggestion.
    assert [c.name for c in find_cards("Persuasiv", ALL)] == ["Persuasive"]


def test_an_ambiguous_prefix_fits_every_card_it_starts_and_is_not_called_unknown() -> None:
    found = [c.name for c in find_cards("Age of", ALL)]
    assert len(found) == 5 and all(name.startswith("Age of") for name in found)
    assert [c.name for c in find_cards("self", ALL)] == ["Self-Awareness", "Selfish", "Self-Replicating"]
    with pytest.raises(UnknownCardError) as caught:  # where one name is needed (a file)
        find_name("self", [c.name for c in ALL])
    assert caught.value.suggestions == ["Self-Awareness", "Selfish", "Self-Replicating"]
    assert str(caught.value).startswith("more than one card begins with 'self'.")
    assert caught.value.in_a_file() == (
        "more than one card begins with 'self'; did you mean Self-Awareness, Selfish or Self-Replicating?"
    )


def test_a_very_long_word_is_compared_with_no_name() -> None:
    with pytest.raises(UnknownCardError) as caught:
        find_cards("qz" * 450_000, ALL)  # difflib would take a minute
    assert caught.value.suggestions == []


def test_nothing_close_gives_no_suggestion_and_a_clear_message() -> None:
    with pytest.raises(UnknownCardError) as caught:
        find_cards("zzzzqqq", ALL)
    assert caught.value.suggestions == []
    assert str(caught.value) == "no card named 'zzzzqqq'."


# --- doomlings card NAME ------------------------------------------------------------------------
def card_command() -> list[str]:
    script = Path(sys.executable).with_name("doomlings")
    return [str(script)] if script.exists() else [sys.executable, "-m", "doomlings_access"]


def child_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOOMLINGS_")}
    env.update(
        DOOMLINGS_DATA_DIR=str(tmp_path / "data"),
        DOOMLINGS_CONFIG_DIR=str(tmp_path / "config"),
        LANG="C.UTF-8",
        LC_ALL="C.UTF-8",
        PYTHONIOENCODING="utf-8",
    )
    return env


def run_card(tmp_path: Path, *words: str) -> subprocess.CompletedProcess[str]:
    """``doomlings card WORDS``, called in this process (its start and what it imports are
    tested below with a real ``python -m doomlings_access``)."""
    return in_process(["card", *words], env=child_env(tmp_path), cwd=tmp_path)


TINY = [
    "Tiny, label db17.",
    "Colour: blue. Face value: 17.",
    "Dominant. Kind of effect: bonus.",
    "Effect: Lose one point for each trait you have, this one included.",
]


def test_card_command_misspelling_is_one_line_on_stderr(tmp_path: Path) -> None:
    done = run_card(tmp_path, "Tyni")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "Tyni" in lines[0]
    assert re.search(r"Did you mean: 1\. Tiny\b", lines[0]), lines[0]


@pytest.mark.parametrize(
    "typed", ["db17", "DB17", "DB#17", "db#17", "DB#AG", "_% DB17 _:", "⠙⠃⠂⠶", "⠙⠃⠼⠁⠛", "Tiny", "tiny"]
)
def test_card_command_tiny(tmp_path: Path, typed: str) -> None:
    done = run_card(tmp_path, typed)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.splitlines() == TINY


def test_card_command_a_label_with_a_minus(tmp_path: Path) -> None:
    done = run_card(tmp_path, "c-2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Confusion, label c-2.",
        "Colour: colourless. Face value: -2.",
        "Not dominant. Kind of effect: effectless.",
        "Effect: No effect.",
    ]


def test_card_command_a_variable_value(tmp_path: Path) -> None:
    done = run_card(tmp_path, "Kidney")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Kidney, label rX."
    assert lines[1] == "Colour: red. Face value: variable, X."
    assert lines[2].startswith("Not dominant.")


def test_card_command_a_shared_label_lists_the_cards_numbered(tmp_path: Path) -> None:
    done = run_card(tmp_path, "g1")
    assert done.returncode == 0, done.stderr
    expected = [c.name for c in ALL if c.label == "g1"]
    lines = done.stdout.splitlines()
    assert lines[0] == f"{len(expected)} cards fit g1:"
    assert len(expected) > 1
    assert lines[1:] == [f"{n}. {name}, g1" for n, name in enumerate(expected, 1)]


def test_card_command_a_catastrophe(tmp_path: Path) -> None:
    done = run_card(tmp_path, "ice", "age")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Ice Age, catastrophe, label c ice age.",
        "Gene pool effect: -1 for every player, for good.",
        "Catastrophic effect: Discard one card from your hand for each red trait you",
        "have.",  # wrapped at 80 characters
        "World's End effect: Lose one point for each red trait you have.",
    ]


@pytest.mark.parametrize(
    ("typed", "lasts"),
    [
        ("flourish", "It happens once, when the age is revealed."),
        ("Age of Peace", "It lasts for this round only."),
        ("The Birth of Life", "It sets up the game."),
        ("Temporal Sands", "It lasts for this round only. It is not dealt in the age deck unless all 28 ages are (the house rule --all-28-ages)."),
    ],
)
def test_card_command_an_age(tmp_path: Path, typed: str, lasts: str) -> None:
    done = run_card(tmp_path, typed)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    card = find_cards(typed, ALL)[0]
    assert isinstance(card, AgeDef)
    assert " ".join(lines) == " ".join([f"{card.name}, age.", f"Effect: {card.text}", lasts])
    assert all(len(line) <= 80 for line in lines)
    assert " ".join(lines).endswith(full_description(card)[-1])


def test_card_command_does_not_import_prompt_or_speech_libraries(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "doomlings_access", "card", "Tiny"],
        env=child_env(tmp_path), cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == TINY
    imported = set()
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and line.count("|") == 2:
            imported.add(line.rsplit("|", 1)[1].strip().split(".")[0])
    assert "doomlings_access" in imported, "no -X importtime output to check"
    heavy = sorted(imported & set(HEAVY_MODULES))
    assert not heavy, f"doomlings card imports {heavy}"

    times = []
    for _ in range(5):
        start = time.perf_counter()
        again = run_card(tmp_path, "Tiny")
        times.append(time.perf_counter() - start)
        assert again.returncode == 0
    print(
        "\ndoomlings card Tiny, wall time over 5 runs: "
        f"median {statistics.median(times) * 1000:.0f} ms, "
        f"min {min(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"
    )


def test_card_command_at_a_terminal_picks_a_suggestion_by_number(tmp_path: Path) -> None:
    import pexpect

    cmd = card_command()
    env = {**child_env(tmp_path), "TERM": "xterm-256color"}
    child = pexpect.spawn(cmd[0], [*cmd[1:], "card", "Tyni"], env=env, encoding="utf-8",
                          dimensions=(24, 80), timeout=TIMEOUT)
    child.expect_exact("No card named 'Tyni'. Did you mean: 1. Tiny?")
    child.expect_exact("Type 1 for it, or Enter for none: ")
    child.sendline("1")
    child.expect_exact("Tiny, label db17.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    child = pexpect.spawn(cmd[0], [*cmd[1:], "card", "dr#4"], env=env, encoding="utf-8",
                          dimensions=(24, 80), timeout=TIMEOUT)
    child.expect_exact("2 cards fit dr#4:")
    child.expect_exact("Choose 1 to 2, or Enter for none: ")
    child.sendline("2")
    child.expect_exact("Apex Predator, label dr4.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_card_with_a_name_several_cards_begin_with_lists_them_as_a_label_would() -> None:
    # It said "no card named 'self'" (exit 2) of three cards that exist; a label two cards
    # share listed them (exit 0): the same now, by name.
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        done = run_card(Path(tmp), "self")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:4] == [
        "3 cards fit self:", "1. Self-Awareness, c-1", "2. Selfish, p1", "3. Self-Replicating, g0",
    ]


@pytest.mark.parametrize(("typed", "meant"), [
    ("Pack Behaviour", "Pack Behavior"),
    ("pack-behaviour", "Pack Behavior"),
    ("Swarm (Fur)", "Swarm"),
    ("swarm (stripes)", "Swarm"),
    ("Four Horsemen", "The Four Horsemen"),
])
def test_a_name_as_other_doomlings_tools_write_it_is_found(typed: str, meant: str) -> None:
    """Score files copied from other tools spell "Behaviour" the British way and tell the five
    Swarms apart by their artwork in brackets; each is one card, not an unknown name."""
    assert find_name(typed, [c.name for c in ALL]) == meant
    assert [c.name for c in find_cards(typed, ALL)] == [meant]


@pytest.mark.parametrize(("typed", "label"), [("c x", "cX"), ("C X", "cX"), ("db 17", "db17"), ("r -1", "r-1"), ("d b 17", "db17")])
def test_a_trait_label_typed_with_spaces_is_found(typed: str, label: str) -> None:
    """A braille user types a label cell by cell, as it reads on the card: "c x" was no card."""
    sharing = [c for c in ALL if c.label == label]
    assert find_cards(typed, ALL, read_typed_label) == sharing


@pytest.mark.parametrize("dash", ["\u2212", "\u2013", "\u2010", "\u2011", "\u2014", "\uff0d"])
def test_a_negative_label_typed_with_a_minus_sign_or_a_dash_is_found(dash: str) -> None:
    """A braille keyboard's back-translation (liblouis UEB, as NVDA, Orca and BRLTTY use) types
    c−2 with a minus sign, and an editor makes c–2 with an en dash: neither found Confusion."""
    assert [c.name for c in find_cards(f"c{dash}2", ALL)] == ["Confusion"]
    assert find_name(f"Hyper{dash}Intelligence", [c.name for c in ALL]) == "Hyper-Intelligence"
    assert read_typed_label(f"C{dash}#B") == "c-2"
