"""The companion for the braille deck, driven end to end through a real pseudo-terminal.

Issue 5, "How it is shown": the companion's look-up, World's End, score and tracker flows
driven end to end through a pseudo-terminal. ``doomlings companion --plain`` runs in a child
process on a 24x80 pty (pexpect, TERM=xterm-256color), its settings and data in a temporary
folder. Every answer is typed only after its prompt has been seen. Totals are checked against
``doomlings score`` run on the equivalent score file.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from doomlings_access.cards import load_cards

STEP_TIMEOUT = 10
MENU = "Choose 1 to 5, or ? for help: "
LOOK_UP = "Card name or label, or Enter to go back: "
PLAYERS = "Players' names, in seat order, separated by commas: "
TRACKER = "Tracker: "
FINAL_OR_NONE = "Final catastrophe, or Enter for none: "
MORE = "{}, more traits, or Enter: "
SCORE_LINE = re.compile(
    r"^(?P<name>[^:\n]+): (?P<total>-?\d+) points?\. "
    r"World's End (?P<we>-?\d+), face value (?P<face>-?\d+), bonus (?P<bonus>-?\d+)\.$",
    re.MULTILINE,
)
RESULT_LINE = re.compile(r"^(?:Winner: .+|Tie: .+)\.$", re.MULTILINE)
NUMBERED = re.compile(r"^(\d+)\. (.+)$", re.MULTILINE)
CARDS = load_cards("retail")


def command() -> list[str]:
    script = Path(sys.executable).with_name("doomlings")
    return [str(script)] if script.exists() else [sys.executable, "-m", "doomlings_access"]


def child_env(tmp_path: Path) -> dict[str, str]:
    env = {
        k: v for k, v in os.environ.items()
        if not k.startswith("DOOMLINGS_") and k not in ("TMUX", "NO_COLOR", "COLUMNS", "LINES")
    }
    env.update(
        TERM="xterm-256color",
        LANG="C.UTF-8",
        LC_ALL="C.UTF-8",
        HOME=str(tmp_path),
        DOOMLINGS_DATA_DIR=str(tmp_path / "data"),
        DOOMLINGS_CONFIG_DIR=str(tmp_path / "config"),
        PYTHONDONTWRITEBYTECODE="1",
    )
    return env


def flat(text: str) -> str:
    """Output with its line wrapping undone, for looking up whole sentences."""
    return " ".join(text.split())


def lines_of(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


class Session:
    """One ``doomlings companion --plain`` in a fresh 24x80 pseudo-terminal."""

    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path
        cmd = command()
        self.log = io.StringIO()
        self.child = pexpect.spawn(
            cmd[0], [*cmd[1:], "companion", "--plain"], env=child_env(tmp_path),
            dimensions=(24, 80), encoding="utf-8", codec_errors="replace",
            timeout=STEP_TIMEOUT, cwd=str(tmp_path),
        )
        self.child.logfile_read = self.log
        self.child.delaybeforesend = 0.02
        self.sent = ""

    def send(self, line: str) -> None:
        self.sent = line
        self.child.sendline(line)

    def _before(self) -> str:
        """What came before the match, without the terminal's echo of the last answer."""
        text = lines_of(self.child.before)
        return text.removeprefix(self.sent + "\n")

    def wait(self, prompt: str) -> str:
        """Wait for the prompt; what was written before it (wrapping kept, echo dropped)."""
        self.child.expect_exact(prompt)
        return self._before()

    def wait_choice(self) -> tuple[int, str]:
        """Wait for a numbered question's prompt; how many options, and the listing."""
        self.child.expect(r"Choose 1 to (\d+)(?:, Enter for none)?, or \? for help: ")
        return int(self.child.match.group(1)), self._before()

    def answer(self, prompt: str, line: str) -> str:
        """Wait for ``prompt``, then type ``line``. Returns the text written before the prompt."""
        before = self.wait(prompt)
        self.send(line)
        return before

    def first_of(self, *prompts: str) -> tuple[int, str]:
        """Which of ``prompts`` comes first, and the text before it."""
        which = self.child.expect_exact(list(prompts))
        return which, self._before()

    def leave(self) -> int:
        """Choose 5 (Back) at the menu; the exit status."""
        self.answer(MENU, "5")
        return self.finish()

    def finish(self) -> int:
        self.child.expect(pexpect.EOF, timeout=STEP_TIMEOUT)
        self.child.close()
        assert self.child.signalstatus is None, f"killed by signal {self.child.signalstatus}"
        return self.child.exitstatus

    @property
    def text(self) -> str:
        return lines_of(self.log.getvalue())

    def check_clean(self) -> None:
        raw = self.log.getvalue()
        assert "Traceback" not in raw, raw[-3000:]
        assert "\x1b" not in raw, f"plain mode wrote {raw.count(chr(27))} escape characters"
        long = [line for line in self.text.split("\n") if len(line) > 80]
        assert not long, f"lines over 80 columns: {long!r}"

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


@pytest.fixture
def session(tmp_path: Path):  # type: ignore[no-untyped-def]
    s = Session(tmp_path)
    yield s
    s.close()


def pick(listing: str, wanted: str) -> str:
    """The number of ``wanted`` in a numbered list (the answer to type)."""
    for number, option in NUMBERED.findall(listing):
        if option.strip() == wanted or option.split(",")[0].strip() == wanted:
            return number
    raise AssertionError(f"{wanted!r} not offered in:\n{listing}")


def score_with_cli(tmp_path: Path, data: dict) -> list[str]:  # type: ignore[type-arg]
    """``doomlings score`` on a score file: its output lines."""
    path = tmp_path / f"score-{len(list(tmp_path.glob('score-*.json')))}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run(
        [*command(), "score", str(path)], env=child_env(tmp_path), cwd=tmp_path,
        capture_output=True, text=True, timeout=STEP_TIMEOUT * 2, check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()


def read_back(text: str) -> list[str]:
    """The score lines and the winner (or tie) line the companion read back."""
    scores = [m.group(0) for m in SCORE_LINE.finditer(text)]
    result = RESULT_LINE.findall(text)
    assert scores, f"no score lines in:\n{text}"
    assert len(result) == 1, f"expected one winner or tie line in:\n{text}"
    for m in SCORE_LINE.finditer(text):
        assert int(m["total"]) == int(m["we"]) + int(m["face"]) + int(m["bonus"]), m.group(0)
    return scores + result


# --- (a) look-up ------------------------------------------------------------------------------
def description(card_id: str) -> str:
    from doomlings_access.cards.describe import full_description

    return flat(" ".join(full_description(CARDS.by_id(card_id))))


def test_look_up_name_shared_label_braille_and_misspelling(session: Session) -> None:
    s = session
    intro = s.answer(MENU, "1")
    assert "Companion menu." in intro
    for n, item in enumerate(
        ["Look up a card", "World's End and scoring", "Score the table", "Table tracker", "Back"], 1
    ):
        assert f"{n}. {item}" in intro

    s.answer(LOOK_UP, "Tiny")
    shown = s.answer(LOOK_UP, "g1")
    assert flat(shown) == description("tiny")
    assert "Tiny, label db17. Colour: blue. Face value: 17. Dominant." in flat(shown)

    g1 = [c.name for c in CARDS.all_cards() if c.label == "g1"]
    count, listing = s.wait_choice()
    assert count == len(g1)
    assert f"{len(g1)} cards fit g1:" in listing
    assert NUMBERED.findall(listing) == [(str(n), f"{name}, g1") for n, name in enumerate(g1, 1)]
    s.send(pick(listing, "Leaves"))

    shown = s.answer(LOOK_UP, "⠙⠃⠂⠶")  # Tiny's label db17 in Unicode braille, Nemeth digits
    assert flat(shown) == description("leaves")
    shown = s.answer(LOOK_UP, "⠉⠀⠊⠉⠑⠀⠁⠛⠑")  # c ice age
    assert flat(shown) == description("tiny")
    shown = s.answer(LOOK_UP, "Tiyn")
    assert flat(shown) == description("ice_age")
    # A misspelling: numbered suggestions, and typing 1 takes the first.
    shown = s.answer("Choose 1 to 2, Enter for none, or ? for help: ", "1")
    assert flat(shown) == "No card named 'Tiyn'. Did you mean: 1. Tiny, 2. Doting?"
    shown = s.answer(LOOK_UP, "Ice Aeg")
    assert flat(shown) == description("tiny")
    shown = s.answer("Type 1 for it, Enter for none, or ? for help: ", "")
    assert flat(shown) == "No card named 'Ice Aeg'. Did you mean: 1. Ice Age?"
    shown = s.answer(LOOK_UP, "flourish")
    assert shown == ""  # Enter: no card
    shown = s.answer(LOOK_UP, "")
    assert flat(shown) == description("flourish")
    assert "It happens once, when the age is revealed." in shown

    assert s.leave() == 0
    s.check_clean()


# --- (b) the table tracker ----------------------------------------------------------------------
def run_tracker(s: Session) -> None:
    """Three players, an age, three catastrophes with gene pool changes in between."""
    s.answer(MENU, "4")
    s.answer(PLAYERS, "Ana, Ben, Cy")
    shown = flat(s.answer(TRACKER, "help"))
    assert "Players: Ana, Ben and Cy. First player: Ana." in shown
    assert "Commands: up NAME, down NAME, age NAME, catastrophe NAME, status, help, back." in shown

    shown = flat(s.answer(TRACKER, "age flourish"))
    assert "up NAME or down NAME" in shown and "catastrophe NAME" in shown
    shown = flat(s.answer(TRACKER, "catastrophe ice age"))
    assert shown.startswith("Round 1, era 1: Flourish.")

    shown = flat(s.answer(TRACKER, "up Ana"))
    assert "Round 2, catastrophe 1 of 3: Ice Age. First player is now Ben." in shown
    assert "Gene pools -1: Ana 4, Ben 4 and Cy 4." in shown
    assert CARDS.catastrophes["ice_age"].catastrophic_text in shown

    shown = flat(s.answer(TRACKER, "down cy"))
    assert shown == "Ana's gene pool is now 5."
    shown = flat(s.answer(TRACKER, "status"))
    assert shown == "Cy's gene pool is now 3."
    shown = flat(s.answer(TRACKER, "dance"))
    assert shown == (
        "Round 2, catastrophe 1 of 3. First player: Ben. Catastrophes: 1 of 3 so far, Ice Age. "
        "Gene pools: Ana 5, Ben 4 and Cy 3."
    )
    shown = flat(s.answer(TRACKER, "catastrophe retrovirus"))
    assert shown.startswith("Not a command: dance.")

    shown = flat(s.answer(TRACKER, "status"))
    assert "Round 3, catastrophe 2 of 3: Retrovirus. First player is now Cy." in shown
    assert "Gene pools -1: Ana 4, Ben 3 and Cy 2." in shown
    shown = flat(s.answer(TRACKER, "c the big one"))
    assert "Round 3, catastrophe 2 of 3. First player: Cy." in shown
    assert "Catastrophes: 2 of 3 so far, Ice Age and Retrovirus." in shown

    shown = flat(s.wait(MENU))
    assert "Round 4, catastrophe 3 of 3: The Big One. First player is now Ana." in shown
    assert "Gene pools -1: Ana 3, Ben 2 and Cy 1." in shown
    assert "the world ends" in shown
    assert "Companion menu." in shown


def test_table_tracker(session: Session) -> None:
    run_tracker(session)
    session.send("5")
    assert session.finish() == 0
    session.check_clean()


# --- (c) World's End and scoring after the tracker ---------------------------------------------
def test_worlds_end_and_scoring_after_the_tracker(session: Session, tmp_path: Path) -> None:
    s = session
    run_tracker(s)
    s.send("2")
    told = flat(s.answer("Same players? [y]: ", ""))  # asked as Score the table asks it
    assert "Name the final catastrophe" not in told, "the tracker already knows the final one"
    big_one = CARDS.catastrophes["the_big_one"]
    assert f"The Big One's World's End: {big_one.worlds_end_text}" in told

    # Ana: Sentience and Quick (chosen among the r2 cards) on one line, Kidney undone, list,
    # Tiny in braille.
    shown = flat(s.answer("Ana's traits: ", "Sentience, r2,"))  # a comma: more to come
    assert "World's End, in turn order from the first player:" in shown
    count, listing = s.wait_choice()
    assert f"{count} cards fit r2:" in listing
    s.send(pick(listing, "Quick"))
    shown = flat(s.answer(MORE.format("Ana"), "kidney,"))
    assert shown == "Ana: Sentience, dr2; Quick, r2. Enter when done."
    assert flat(s.answer(MORE.format("Ana"), "undo")) == "Ana: Kidney, rX. Enter when done."
    assert flat(s.answer(MORE.format("Ana"), "list")) == "Removed Kidney."
    shown = flat(s.answer(MORE.format("Ana"), "⠙⠃⠂⠶"))  # the last line of the pile
    assert shown == "Ana: 2 traits, Sentience and Quick."
    shown = flat(s.answer(MORE.format("Ana"), ""))  # Enter ends it (a line never did once more was asked)
    assert shown == "Ana: Tiny, db17. Enter when done."

    shown = flat(s.answer("Ben's traits: ", "Altruistic, Kidney, rX"))
    assert shown == "Ana: 3 traits, Sentience, Quick and Tiny."
    shown = flat(s.answer("Cy's traits: ", "Persuasive, c-2"))
    assert shown == "Ben, 3 traits: Altruistic, cX; Kidney, rX; Kidney, rX."

    # Altruistic counts the gene pool: the tracker's value is offered.
    s.answer("Ben's gene pool [2]: ", "")
    count, listing = s.wait_choice()
    assert count == 4
    assert "Ana's Sentience: the colour named?" in flat(listing)
    assert [o for _, o in NUMBERED.findall(listing)] == ["blue", "green", "purple", "red"]
    s.send(pick(listing, "red"))
    tally = s.wait(MENU)

    text = flat(s.text)
    order = [
        text.index("Ana: 3 traits, Sentience, Quick and Tiny."),
        text.index("Ben, 3 traits: Altruistic, cX; Kidney, rX; Kidney, rX."),
        text.index("Cy, 2 traits: Persuasive, p1; Confusion, c-2."),
        text.index(f"Ana resolves Sentience: {CARDS.traits['sentience'].text}"),
        text.index("Ben has no World's End traits."),
        text.index("Cy has no World's End traits."),
        text.index("Ana's Sentience: the colour named?"),
        text.index(f"Then everyone: The Big One. {big_one.worlds_end_text}"),
        text.index("Now the scores."),
    ]
    assert order == sorted(order), "World's End not in turn order from the first player"

    said = read_back(tally)
    expected = score_with_cli(tmp_path, {
        "catastrophes": ["Ice Age", "Retrovirus", "The Big One"],
        "players": [
            {
                "name": "Ana",
                "traits": ["Sentience", "Quick", "Tiny"],
                "choices": {"Sentience": "red"},
            },
            {"name": "Ben", "traits": ["Altruistic", "Kidney", "Kidney"], "gene_pool": 2},
            {"name": "Cy", "traits": ["Persuasive", "Confusion"]},
        ],
    })
    assert said == expected
    # By hand: Ana 2+2+17 face, Tiny -3 and Sentience +2 (two red), The Big One -4 (no green,
    # no purple). Ben: two Kidneys 2 each, Altruistic 2, The Big One -6. Cy: 1-2, -6.
    assert said == [
        "Ana: 16 points. World's End -4, face value 21, bonus -1.",
        "Ben: 0 points. World's End -6, face value 0, bonus 6.",
        "Cy: -7 points. World's End -6, face value -1, bonus 0.",
        "Winner: Ana.",
    ]
    s.send("5")
    assert s.finish() == 0
    s.check_clean()


# --- (d) Score the table, without the tracker ---------------------------------------------------
def test_score_the_table_asks_for_the_hand_only_when_a_card_needs_it(
    session: Session, tmp_path: Path
) -> None:
    s = session
    s.answer(MENU, "3")
    s.answer(PLAYERS, "Dee, Eve")
    s.answer("Dee's traits: ", "Camouflage, Quick")
    s.answer("Eve's traits: ", "Tiny, Kidney")
    s.answer(FINAL_OR_NONE, "ice agee")
    shown = flat(s.answer("Type 1 for it, Enter for none, or ? for help: ", "1"))
    assert shown == "No card named 'ice agee'. Did you mean: 1. Ice Age?"
    s.answer("Dee's hand, the cards in it on one line, or Enter for none: ", "Quick, Tiny")
    which, tally = s.first_of(MENU, "Eve's hand")
    assert "Dee's hand: Quick, r2; Tiny, db17." in flat(tally), "a hand typed is echoed"
    assert which == 0, "Eve holds no card that counts the hand, yet was asked for it"
    said = read_back(tally)
    assert said == score_with_cli(tmp_path, {
        "catastrophes": ["Ice Age"],
        "players": [
            {"name": "Dee", "traits": ["Camouflage", "Quick"], "hand": ["Quick", "Tiny"]},
            {"name": "Eve", "traits": ["Tiny", "Kidney"]},
        ],
    })
    # Dee: face 1+2, Camouflage +2 (two cards in hand), Ice Age -1 (Quick is red).
    assert said[0] == "Dee: 4 points. World's End -1, face value 3, bonus 2."

    # Again with the same players, a pile without hand cards and no catastrophe: no hand asked.
    s.send("3")
    s.answer("Players: Dee and Eve. Same players? [y]: ", "")
    s.answer("Dee's traits: ", "Quick,")
    s.answer(MORE.format("Dee"), "done")
    s.answer("Eve's traits: ", "Leaves")
    s.answer(FINAL_OR_NONE, "")
    which, tally = s.first_of(MENU, "hand, card", "gene pool [")
    assert which == 0, "asked for a hand or a gene pool no card needs"
    said = read_back(tally)
    assert said == score_with_cli(tmp_path, {
        "players": [{"name": "Dee", "traits": ["Quick"]}, {"name": "Eve", "traits": ["Leaves"]}],
    })
    assert said == [
        "Dee: 2 points. World's End 0, face value 2, bonus 0.",
        "Eve: 1 point. World's End 0, face value 1, bonus 0.",
        "Winner: Dee.",
    ]
    s.send("5")
    assert s.finish() == 0
    s.check_clean()


def test_world_end_without_the_tracker_asks_the_final_catastrophe(session: Session) -> None:
    s = session
    s.answer(MENU, "2")
    s.answer("Name the final catastrophe: ", "Ice Aeg")
    shown = flat(s.answer("Type 1 for it, Enter for none, or ? for help: ", "1"))
    assert shown == "No card named 'Ice Aeg'. Did you mean: 1. Ice Age?"
    shown = flat(s.answer(PLAYERS, "Ana"))
    assert shown == f"Ice Age's World's End: {CARDS.catastrophes['ice_age'].worlds_end_text}"
    s.answer("Ana's traits: ", "Quick")
    said = read_back(s.wait(MENU))
    # Quick is red: face 2, Ice Age -1.
    assert said == ["Ana: 1 point. World's End -1, face value 2, bonus 0.", "Winner: Ana."]
    s.send("5")
    assert s.finish() == 0
    s.check_clean()


# --- leaving ------------------------------------------------------------------------------------
def test_end_of_input_at_the_menu_quits_cleanly(session: Session) -> None:
    session.wait(MENU)
    session.child.sendeof()
    assert session.finish() == 0
    session.check_clean()


def test_end_of_input_inside_a_flow_quits_cleanly(session: Session) -> None:
    session.answer(MENU, "1")
    session.wait(LOOK_UP)
    session.child.sendeof()
    status = session.finish()
    assert "Traceback" not in session.log.getvalue()
    assert status == 0


def test_back_at_any_question_returns_to_the_menu(session: Session) -> None:
    s = session
    s.answer(MENU, "3")
    s.answer(PLAYERS, "back")
    which, _ = s.first_of(MENU, "trait 1: ")
    assert which == 0, "back was taken as a player's name"
    s.send("3")
    s.answer(PLAYERS, "Ana")
    s.answer("Ana's traits: ", "back")
    which, _ = s.first_of(MENU, "Ana's traits: ")
    assert which == 0, "back was looked up as a trait"
    s.send("2")
    s.answer("Name the final catastrophe: ", "back")
    which, _ = s.first_of(MENU, "Name the final catastrophe: ")
    assert which == 0, "back was looked up as a catastrophe"
    s.send("5")  # the menu's prompt was already read by first_of
    assert s.finish() == 0


def test_the_tracker_refuses_a_fourth_catastrophe(session: Session) -> None:
    s = session
    s.answer(MENU, "4")
    s.answer(PLAYERS, "Ana, Ben")
    s.answer(TRACKER, "catastrophe ice age")
    s.answer(TRACKER, "catastrophe retrovirus")
    s.answer(TRACKER, "catastrophe solar flare")
    s.answer(MENU, "4")
    s.answer("Same players? [y]: ", "")
    s.answer(TRACKER, "catastrophe super volcano")
    which, shown = s.first_of(TRACKER, MENU)
    assert "Catastrophe 4 of 3" not in flat(shown)
    if which == 0:
        s.send("back")
        s.wait(MENU)
    s.send("2")
    which, shown = s.first_of("Name the final catastrophe: ", "Same players? [y]: ")
    assert which == 1, "World's End forgot that Solar Flare ended the world"
    assert "Solar Flare's World's End" in flat(shown)
    s.send("")
    which, _ = s.first_of("Name the final catastrophe: ", "Ben's traits: ")  # first player moved 3 times
    assert which == 1
