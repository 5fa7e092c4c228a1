"""Every lesson of ``doomlings learn`` played through the real prompt loop, by a learner who
answers as asked, who answers wrong first, and who skips; and the engine bearing out every
claim a lesson makes of it."""

from __future__ import annotations

import copy
import re
import json
from pathlib import Path

import pytest

from learner import Learner, right_answer
from doomlings_access.ui.lessons import Lesson, lesson_files, lesson_from, read_lesson
from doomlings_access.ui.session import Prefs
from doomlings_access.ui.tutor import LessonSession, check_lesson

FILES = lesson_files()
NAMES = [path.name for path in FILES]


def play(lesson: Lesson, mode: str, prefs: Prefs | None = None) -> tuple[LessonSession, Learner]:
    learner = Learner(mode)
    session = LessonSession(lesson, learner, learner.out, prefs or Prefs())
    learner.playing = session
    session.play()
    return session, learner


def test_the_course_has_every_lesson_the_issue_names() -> None:
    titles = [read_lesson(path).title.lower() for path in FILES]
    for subject in ("trait", "stabiliz", "ages", "dominant", "catastrophe", "out of turn",
                    "drops of life", "world's end", "review", "braille", "game"):
        assert any(subject in title for title in titles), subject
    last = read_lesson(FILES[-1])
    assert last.free_play and last.tips and last.setup.position is not None
    assert last.setup.position.play == "game"  # the last lesson is a game, played to its end


@pytest.mark.parametrize("name", NAMES)
def test_a_lesson_played_as_asked_ends_with_the_engine_agreeing(name: str) -> None:
    lesson = read_lesson(Path(FILES[NAMES.index(name)]))
    session, learner = play(lesson, "right")
    text = learner.text()
    assert session.played.finished and not session.left, text[-2000:]
    assert session.disagreements == [], session.disagreements
    assert session.played.wrong == 0 and session.played.skipped == 0
    assert session.step_at == len(lesson.steps)
    assert "Not a choice" not in text, text
    if lesson.setup.position is not None and lesson.setup.position.play == "game":
        assert session.game.winners, "the game is played to its end"


@pytest.mark.parametrize("name", NAMES)
def test_wrong_answers_first_get_the_hint_and_the_lesson_still_ends(name: str) -> None:
    lesson = read_lesson(Path(FILES[NAMES.index(name)]))
    session, learner = play(lesson, "wrong_first")
    text = learner.text()
    assert session.played.finished, text[-2000:]
    assert session.disagreements == []
    assert session.played.wrong == learner.wrong_typed  # each wrong answer was counted, none applied
    for step in lesson.steps:  # the hint came: after a wrong try, or asked for with "hint"
        assert step.hint.said(lesson.cards, session.style).text in text, step.field
    assert learner.wrong_typed >= sum(not step.expect.any for step in lesson.steps)


@pytest.mark.parametrize("name", NAMES)
def test_skipping_every_step_does_it_as_asked(name: str) -> None:
    lesson = read_lesson(Path(FILES[NAMES.index(name)]))
    session, learner = play(lesson, "skip")
    assert session.played.finished and session.played.skipped == len(lesson.steps)
    assert session.disagreements == []  # the lesson did each step as the learner was asked to
    for step in lesson.steps:
        assert step.skip.said(lesson.cards, session.style).text in learner.text()


@pytest.mark.parametrize("name", NAMES)
def test_explanations_come_before_the_question_they_explain(name: str) -> None:
    """Each step's explanation and what to do are said before the prompt it is answered at,
    and after the answer to the step before."""
    lesson = read_lesson(Path(FILES[NAMES.index(name)]))
    session, learner = play(lesson, "right")
    text = learner.text()
    at = 0
    for step in lesson.steps:
        for words in (*step.explain, step.do):
            said = words.said(lesson.cards, session.style).text
            found = text.find(said[:60], at)
            assert found >= 0, (step.field, said)
            at = found
        typed = text.find(f"for help: {right_answer(step)}\n", at)
        assert typed > at, step.field
        at = typed


def test_lessons_are_told_as_the_game_tells_them_in_braille_and_speech() -> None:
    """A card named in a lesson is shown with its label as the reader wants it (braille cells
    with labels = braille) and spoken in words (a synthesizer read "db17" as letters)."""
    lesson = read_lesson(FILES[NAMES.index("10-braille-labels.json")])
    session, learner = play(lesson, "right", Prefs(labels="braille"))
    text = learner.text()
    assert "⠙⠃" in text and "db17" not in text  # Tiny's label, in braille cells
    spoken = " ".join(learner.heard.spoken)
    assert "dominant blue 17" in spoken and "db17" not in spoken
    assert session.played.finished


@pytest.mark.parametrize("name", NAMES)
def test_every_lesson_agrees_with_the_engine(name: str) -> None:
    """Played as its steps ask, each lesson's answers are options of the engine's questions,
    its claims (then, outcome) are what the engine shows, and it ends: no lesson teaches a
    rule the engine does not play. Each lesson claims something of the engine."""
    lesson = read_lesson(FILES[NAMES.index(name)])
    assert check_lesson(lesson) == []
    assert lesson.outcome or any(step.then for step in lesson.steps) or lesson.free_play


def test_a_claim_the_engine_does_not_bear_out_is_found() -> None:
    """The check can fail: a lesson that says the gene pool grows to 7 where the engine makes
    it 6 is named with the file and the field."""
    path = FILES[0]
    data = json.loads(path.read_text("utf-8"))
    wrong = copy.deepcopy(data)
    wrong["lesson"]["steps"][0]["then"]["players"]["You"]["gene_pool"] = 7
    session, _ = play(lesson_from(wrong, "tutorial/x.json"), "right")
    found = ["tutorial/x.json: lesson.steps[0].then.players.You.gene_pool: the lesson says 7, the game has 6"]
    assert session.disagreements == found
    assert check_lesson(lesson_from(wrong, "tutorial/x.json")) == found


def test_a_question_that_offers_other_than_the_lesson_says_is_found() -> None:
    """The ages lesson says Eclipse keeps the red cards from being offered: a lesson saying
    Fangs is offered too is refused by the engine's question."""
    data = json.loads(FILES[NAMES.index("03-ages.json")].read_text("utf-8"))
    assert data["lesson"]["steps"][1]["options"] == ["Bark", "Spiny"]
    data["lesson"]["steps"][1]["options"] = ["Bark", "Spiny", "Fangs"]
    assert check_lesson(lesson_from(data, "tutorial/x.json")) == [
        "tutorial/x.json: lesson.steps[1].options: the lesson says ['Bark', 'Spiny', 'Fangs'], "
        "the question offers ['Bark', 'Spiny']"
    ]


def test_an_answer_the_question_does_not_offer_is_found() -> None:
    data = json.loads(FILES[0].read_text("utf-8"))
    data["lesson"]["steps"][0]["expect"]["answer"] = "Gills"  # in no hand: the play never offers it
    session, _ = play(lesson_from(data, "tutorial/x.json"), "skip")
    assert any("lesson.steps[0].expect: no option of the question is 'Gills'" in d for d in session.disagreements)
    # A learner at that step is told so, and not kept there: the first answer typed goes on.
    session, learner = play(lesson_from(data, "tutorial/x.json"), "wrong_first")
    assert "This step waits for Gills, which is not among the choices: any answer goes on." in learner.text()
    assert session.played.finished and learner.wrong_typed >= 1 and session.played.wrong == learner.wrong_typed - 1


def test_tips_on_request_in_the_short_game() -> None:
    lesson = read_lesson(FILES[-1])
    learner = Learner("right")
    session = LessonSession(lesson, learner, learner.out, Prefs())
    learner.playing = session
    answers = iter(["1", "tip", "hint"])
    plain = learner.answer

    def with_tips(prompt: str) -> str:
        return next(answers, None) or plain(prompt) if prompt.startswith("Choose ") else ""

    learner.answer = with_tips  # type: ignore[method-assign]
    session.play()
    text = learner.text()
    assert "The normal computer player would choose " in text
    advice = [said for said in learner.heard.spoken if said.startswith("The normal computer player would choose ")]
    assert advice and not re.search(r"\b[bgprc]-?\d|\bd[bgprc]", advice[0]), advice  # its label in words
    assert text.count("A high face value scores most") + text.count("let go of what is worth least") >= 1
    assert session.played.finished and session.game.winners


def test_a_label_typed_answers_the_lesson_as_the_name_does() -> None:
    """The labels lesson asks for a look-up by label and a play by label: typed as on a
    braille keyboard (BRF too), they count as done."""
    lesson = read_lesson(FILES[NAMES.index("10-braille-labels.json")])
    learner = Learner("right")
    session = LessonSession(lesson, learner, learner.out, Prefs())
    learner.playing = session
    typed = iter(["card RX", "G#B"])
    learner.answer = lambda prompt: next(typed) if prompt.startswith("Choose ") else ""  # type: ignore[method-assign]
    session.play()
    assert session.played.finished and session.played.wrong == 0 and session.disagreements == []
    assert "Kidney, label rX." in learner.text()
    assert "You play Bark, g2" in learner.text()


def test_no_card_is_named_in_the_code_that_plays_lessons() -> None:
    """Card names live in the lesson files: the code's strings (documentation aside) name
    none. (The check finds one: a name planted in a string of the code is named.)"""
    import ast

    from doomlings_access.cards import load_cards

    names = {card.name.casefold() for card in load_cards().all_cards()}
    src = Path(__file__).resolve().parents[2] / "src" / "doomlings_access"
    for module in ("ui/lessons.py", "ui/tutor.py", "progress.py"):
        tree = ast.parse((src / module).read_text("utf-8"))
        docstrings = {  # (a string standing alone is documentation: a docstring, or an attribute's)
            id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        }
        assert not named_in(tree, names, docstrings), module
    planted = ast.parse('x = "Play Fecundity"')
    assert named_in(planted, names, set()) == [(1, ["fecundity"])]


def named_in(tree: object, names: set[str], docstrings: set[int]) -> list[tuple[int, list[str]]]:
    import ast

    found = []
    for node in ast.walk(tree):  # type: ignore[arg-type]
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            named = [n for n in names if re.search(rf"\b{re.escape(n)}\b", node.value.casefold())]
            if named:
                found.append((node.lineno, named))
    return found
