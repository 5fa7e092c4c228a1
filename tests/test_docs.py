"""Every example in ``docs/`` runs as written (issue 34: the example of ``docs/positions.md``
was refused, "age_deck: holds 1 of the 3 catastrophes still to come").

Each JSON block is a position file and is played by the real ``scenario`` command; each
command line shown is parsed by the real parser and run on that file; each error shown is the
error the program gives for the one change of the example it names, word for word. An example
added to the docs without a way to run it here fails this test until one is given.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from doomlings_access.cli import main

DOCS = Path(__file__).resolve().parents[1] / "docs"
POSITIONS = (DOCS / "positions.md").read_text("utf-8")


def json_blocks(text: str) -> list[str]:
    return re.findall(r"```json\n(.*?)```", text, re.DOTALL)


def test_every_page_of_the_docs_is_looked_at_here() -> None:
    """A new page with examples is run here too: its examples are found by this test file."""
    pages = sorted(p.name for p in DOCS.glob("*.md"))
    assert pages == [
        "ai.md", "doomcrop-positions.md", "doomcrop-rulings.md", "online.md", "positions.md", "rules-notes.md",
        "speed.md", "tutorial.md",
    ], pages
    for page in ("ai.md", "doomcrop-rulings.md", "online.md", "rules-notes.md", "speed.md"):  # (pages without examples)
        notes = (DOCS / page).read_text("utf-8")
        assert not json_blocks(notes) and not re.search(r"^    doomlings ", notes, re.MULTILINE), page


@pytest.fixture
def example(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The page's example position, saved as the ``table.json`` its errors name."""
    [block] = json_blocks(POSITIONS)
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "table.json"
    path.write_text(block, "utf-8")
    return path


def test_the_example_position_is_accepted_and_plays_to_a_question(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scenario", example.name]) == 0, capsys.readouterr().err
    lines = capsys.readouterr().out.splitlines()
    said = " ".join(" ".join(lines).split())
    assert said.startswith("Ben's turn. Ben plays Fangs"), said  # as the page says it goes
    assert "Round 3, catastrophe 1 of 3: Ice Age." in said
    assert lines[-3:] == ["Waiting for Ana: Ice Age: choose a card to discard.", "1. Tiny, db17", "2. Kidney, rX"]


SAMPLES = {"FILE": "table.json", "S": "3", "NAME": "Ben"}


def test_the_command_line_shown_runs_on_the_example(example: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The synopsis, with every option: its answers are played from the example's first
    question (Ana discards Kidney, Ben plays Bark), then the game to its end, as Ben sees it."""
    [synopsis] = re.findall(r"^    (doomlings scenario .*)$", POSITIONS, re.MULTILINE)
    words = [SAMPLES.get(w.strip("[]"), w.strip("[]")) for w in shlex.split(synopsis)[1:]]
    assert words[:2] == ["scenario", "table.json"] and {"--answers", "--to-end", "--as", "--json"} <= set(words)
    assert main(words) == 0, capsys.readouterr().err
    out = json.loads(capsys.readouterr().out)
    assert out["winners"] and out["pending"] is None
    assert "Ana discards Kidney." in " ".join(out["announcements"]) and "You play Bark" in " ".join(out["announcements"])


ERRORS: dict[str, tuple[Callable[[dict[str, Any]], None], list[str]]] = {
    "players[1].hand[2]": (lambda d: d["players"][1].__setitem__("hand", ["Fangs", "Kidney", "Tinny"]), []),
    "turn": (lambda d: d.__setitem__("turn", "Zed"), []),
    "answers[0]": (lambda d: None, ["--answers", "Quick"]),
}
"""For each error the page shows (by the field it names): the change of the example, and the
options given, that make it."""


def test_every_error_shown_is_the_error_given(example: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shown = re.findall(r"^    (doomlings: table\.json: .*)$", POSITIONS, re.MULTILINE)
    assert len(shown) >= 3
    for line in shown:
        field = line.split(": ")[2]
        change, options = ERRORS[field]  # (a KeyError: an error shown that no test makes)
        data = json.loads(example.read_text("utf-8"))
        change(data)
        bad = example.with_name("bad") / "table.json"
        bad.parent.mkdir(exist_ok=True)
        bad.write_text(json.dumps(data), "utf-8")
        import os

        os.chdir(bad.parent)
        try:
            assert main(["scenario", "table.json", *options]) == 2
        finally:
            os.chdir(example.parent)
        assert capsys.readouterr().err == line + "\n"


def test_the_scores_of_a_tied_game_say_what_the_tie_break_draw_added(tmp_path: Path) -> None:
    """Issue 34: ``state.scores`` left out the tie-break draw the rulebook adds to the final
    score. The scores stay the tally (as documented); ``tie_break`` and ``final_scores`` give
    the draw and the final score, and the winner has the highest final score."""
    import io

    from doomlings_access.rules import Game, Setup
    from doomlings_access.cards import load_cards
    from doomlings_access.rules.position import Position
    from doomlings_access.ui.scenario import Outcome, report

    assert "before any\ntie-break draw" in POSITIONS and "`final_scores`" in POSITIONS
    position = Position(piles=(("tiny",), ("tiny",)), revealed=("the_birth_of_life",), start="worlds_end",
                        catastrophes=("ice_age", "grey_goo", "mass_extinction"), deck=("bark", "fangs"))
    game = Game(load_cards(), Setup(("Ana", "Ben"), 1, position=position))
    while game.pending is not None:
        game.apply(game.legal_actions()[0])
    out = io.StringIO()
    report(Outcome(game, []), out, as_json=True)
    state = json.loads(out.getvalue())["state"]
    totals = [score[3] for score in state["scores"]]
    assert totals[0] == totals[1], state["scores"]  # a tie, broken by the draw
    assert any(state["tie_break"]) and state["final_scores"] == [t + d for t, d in zip(totals, state["tie_break"])]
    winner = ["Ana", "Ben"][max(range(2), key=state["final_scores"].__getitem__)]
    assert json.loads(out.getvalue())["winners"] == [winner]


CROP = (DOCS / "doomcrop-positions.md").read_text("utf-8")
CROP_ERRORS: dict[str, Callable[[dict[str, Any]], None]] = {
    "players[1].front[2]": lambda d: d["players"][1]["front"].__setitem__(2, "QX"),
    "players[0].face_up[0]": lambda d: d["players"][0].__setitem__("face_up", ["front lft"]),
    "draw_pile": lambda d: d.__setitem__("draw_pile", ["7C"]),
    "turn": lambda d: d.__setitem__("turn", "Zed"),
}
"""For each Doomcrop error the page shows (by the field it names): the change of its example
that makes it."""


def test_the_doomcrop_example_position_is_set_up_and_asks_its_first_question() -> None:
    from doomlings_access.doomcrop import Game, read_position

    [block] = json_blocks(CROP)
    setup = read_position(block, "two.json")
    game = Game(setup)
    assert setup.players == ("Ana", "Ben")
    assert game.pending is not None and game.pending.player == 0 and game.pending.reason == "flip"


def test_every_doomcrop_error_shown_is_the_error_given() -> None:
    from doomlings_access.doomcrop import PositionError, read_position

    shown = re.findall(r"^    (two\.json: .*)$", CROP, re.MULTILINE)
    assert len(shown) == len(CROP_ERRORS)
    [block] = json_blocks(CROP)
    for line in shown:
        data = json.loads(block)
        CROP_ERRORS[line.split(": ")[1]](data)  # (a KeyError: an error shown that no test makes)
        with pytest.raises(PositionError) as refused:
            read_position(json.dumps(data), "two.json")
        assert str(refused.value) == line


TUTORIAL = (DOCS / "tutorial.md").read_text("utf-8")
LESSON_ERRORS: dict[str, Callable[[dict[str, Any]], None]] = {
    "players[0].hand[0]": lambda d: d["players"][0]["hand"].__setitem__(0, "Fecundty"),
    "lesson.steps[0].hint": lambda d: d["lesson"]["steps"][0].pop("hint"),
    "lesson.steps[0].explain[0]": lambda d: d["lesson"]["steps"][0].__setitem__("explain", "[Fecundty] grows."),
    "lesson.steps[0].then.players.Zed": lambda d: d["lesson"]["steps"][0]["then"]["players"].__setitem__("Zed", {}),
}
"""For each error the lessons page shows (by the field it names): the change of its example
that makes it."""


def test_the_example_lesson_plays_as_written() -> None:
    """The page's lesson, played through the prompt loop as its step asks: it ends, and the
    engine does what it says; and the command lines shown parse."""
    from doomlings_access.ui.lessons import lesson_from
    from doomlings_access.ui.tutor import check_lesson

    [block] = json_blocks(TUTORIAL)
    lesson = lesson_from(json.loads(block), "tutorial/12-mine.json")
    assert lesson.title == "Growing the gene pool" and check_lesson(lesson) == []
    [synopsis] = re.findall(r"^    (doomlings learn .*)$", TUTORIAL, re.MULTILINE)
    assert synopsis == "doomlings learn [N|FILE] [--list] [--check]"


def test_every_lesson_error_shown_is_the_error_given() -> None:
    from doomlings_access.ui.lessons import LessonFileError, lesson_from

    shown = re.findall(r"^    (tutorial/12-mine\.json: .*)$", TUTORIAL, re.MULTILINE)
    assert len(shown) == len(LESSON_ERRORS)
    [block] = json_blocks(TUTORIAL)
    for line in shown:
        data = json.loads(block)
        LESSON_ERRORS[line.split(": ")[1]](data)  # (a KeyError: an error shown that no test makes)
        with pytest.raises(LessonFileError) as refused:
            lesson_from(data, "tutorial/12-mine.json")
        assert str(refused.value) == line


def test_the_doomcrop_scenario_shown_prints_what_the_page_shows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    [block] = json_blocks(CROP)
    (tmp_path / "two.json").write_text(block, "utf-8")
    monkeypatch.chdir(tmp_path)
    [command] = re.findall(r"^    (doomlings scenario .*)$", CROP, re.MULTILINE)
    [shown] = re.findall(r"```text\n(.*?)```", CROP, re.DOTALL)
    assert main(shlex.split(command)[1:]) == 0
    assert capsys.readouterr().out == shown
