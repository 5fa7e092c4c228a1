"""The course as a learner meets it: lessons in order, leaving and coming back to the same
lesson, the progress kept like the settings (and a broken progress file never stopping a
lesson), ``learn --list`` and ``learn N``, the main menu's "Learn to play", and lesson files
that cannot be used named with the file and the field."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from learner import Learner
from programs import DOOMLINGS, in_process, isolated_env
from doomlings_access.progress import Progress, load_progress, progress_path, save_progress
from doomlings_access.ui.lessons import LessonFileError, lesson_files, lesson_from, load_course, read_lesson
from doomlings_access.ui.session import Prefs
from doomlings_access.ui.tutor import Course

FILES = lesson_files()
PLAIN = ["--plain", "--speech", "off"]


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOOMLINGS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("DOOMLINGS_DATA_DIR", str(tmp_path / "data"))


def course(mode: str = "right") -> tuple[Course, Learner]:
    learner = Learner(mode, limit=20000)
    c = Course(load_course(), learner, learner.out, Prefs())
    learner.playing = c
    return c, learner


def test_the_whole_course_through_the_real_loop() -> None:
    c, learner = course()
    assert c.run() == 0
    assert len(c.results) == len(FILES) and all(p.finished for p in c.results)
    assert load_progress()[0] == Progress(len(FILES) + 1, list(range(1, len(FILES) + 1)))
    assert "you have finished the course" in learner.text()


def test_leaving_a_lesson_keeps_it_and_learn_comes_back_to_it() -> None:
    c, learner = course()
    answers = iter(["", "", "quit", "y"])  # lesson 1 as asked, Enter for lesson 2, then quit in it
    plain = learner.answer

    def leave_in_lesson_two(prompt: str) -> str:
        if c.current is not None and c.current.lesson.file.endswith(FILES[1].name):
            return next(answers) if prompt.startswith(("Choose", "Quit")) else ""
        return plain(prompt)

    learner.answer = leave_in_lesson_two  # type: ignore[method-assign]
    assert c.run() == 0
    assert "You left the lesson. It is kept" in learner.text()
    assert load_progress()[0] == Progress(2, [1])
    again, learner = course()
    again.run()
    assert learner.text().startswith(f"Lesson 2 of {len(FILES)}: Stabilizing.")


def test_stopping_between_lessons_keeps_the_next() -> None:
    c, learner = course()
    plain = learner.answer
    learner.answer = lambda prompt: "q" if prompt.startswith("Press Enter for lesson") else plain(prompt)  # type: ignore[method-assign]
    c.run(3)
    assert "Stopped. Lesson 4 is kept for next time" in learner.text()
    assert load_progress()[0] == Progress(4, [3])


def test_end_of_input_in_a_lesson_keeps_it() -> None:
    c, learner = course()
    learner.limit = 1
    with pytest.raises(EOFError):  # (the caller says "Input ended. Goodbye.")
        c.run(5)
    assert "You left the lesson. It is kept" in learner.text()
    assert load_progress()[0] == Progress(5, [])


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ('lesson = "two"\n', "lesson: must be a lesson's number; using 1."),
        ("lesson = 0\n", "lesson: must be a lesson's number; using 1."),
        ("lesson = 3\nfinished = [1, true]\n", "finished: must be a list of lessons' numbers; using none."),
        ("lesson = 3\ncolour = 1\n", "colour: is not a field of this version"),
        ("lesson = [\n", "starting from lesson 1"),
        ("\x00\xff", "starting from lesson 1"),
    ],
)
def test_a_broken_progress_file_is_named_and_never_stops_a_lesson(content: str, said: str) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content.encode("utf-8", "surrogateescape") if "\x00" not in content else b"\x00\xff")
    progress, problems = load_progress()
    assert len(problems) == 1 and said in problems[0].line and "learning.toml" in problems[0].line
    c, learner = course()
    learner.limit = 60
    try:
        c.run()
    except EOFError:
        pass
    said_first = " ".join(learner.text().split())
    assert said_first.startswith(problems[0].line), said_first[:300]
    assert f"Lesson {3 if 'lesson = 3' in content else 1} of" in said_first
    unusable = problems[0].field is None  # kept beside before it is written over, as settings are
    kept = sorted(p.name for p in path.parent.glob("learning.toml.broken-*"))
    assert len(kept) == unusable and ("was kept as learning.toml.broken-" in said_first) == unusable
    assert [p for p in load_progress()[1] if not p.kept] == []  # written again, good
    assert ("colour = 1" in path.read_text("utf-8")) is ("colour" in content)  # (a field it does not know is kept)


def test_a_newer_versions_progress_is_named_and_kept_when_the_progress_is_written(tmp_path: Path) -> None:
    """Issue 34's rule for the settings and score files, for the lessons' progress: a field of
    a newer version was called "not a field of it; it is not used", and dropped the next time
    the progress was written, so a learner who went back to an older version lost it."""
    from doomlings_access import __version__

    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_text('program = "9.0.0"\nlesson = 3\nfinished = [1, 2]\nstars = {"1" = 3, "2" = 1}\n', "utf-8")
    progress, problems = load_progress()
    assert progress == Progress(3, [1, 2])
    assert [p.line for p in problems] == [
        f"Progress file {path}: stars: is not a field of this version ({__version__}); it is kept in the file as it "
        "is, for version 9.0.0, which wrote it."
    ]
    c, learner = course()
    plain = learner.answer
    learner.answer = lambda prompt: "q" if prompt.startswith("Press Enter for lesson") else plain(prompt)  # type: ignore[method-assign]
    c.run()
    assert " ".join(learner.text().split()).startswith(problems[0].line)
    assert load_progress()[0] == Progress(4, [1, 2, 3])  # lesson 3 taken, and kept
    import tomllib

    written = tomllib.loads(path.read_text("utf-8"))
    assert written["program"] == __version__ and written["stars"] == {"1": 3, "2": 1}
    report = run(tmp_path, "", "doctor", "--yes")
    assert "stars: is not a field of this version" in " ".join(report.stdout.split())
    assert "learning.toml was written again" not in report.stdout  # nothing to fix
    assert tomllib.loads(path.read_text("utf-8"))["stars"] == {"1": 3, "2": 1}


def test_a_progress_file_that_is_a_fifo_is_refused_not_waited_on() -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    progress, problems = load_progress()
    assert progress == Progress() and len(problems) == 1 and "starting from lesson 1" in problems[0].line


def test_progress_that_cannot_be_written_is_said_once_and_the_lessons_go_on(tmp_path: Path) -> None:
    (tmp_path / "config").write_text("a file where the folder should be")
    c, learner = course()
    plain = learner.answer
    learner.answer = lambda prompt: "q" if prompt.startswith("Press Enter for lesson") else plain(prompt)  # type: ignore[method-assign]
    c.run(1)
    assert learner.text().count("Your progress cannot be kept") == 1
    assert c.results[0].finished


def test_progress_is_written_as_it_is_read() -> None:
    save_progress(Progress(4, [3, 1, 2, 2]))
    assert load_progress() == (Progress(4, [1, 2, 3]), [])


def test_doctor_checks_the_progress_file(tmp_path: Path) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_text('lesson = "x"\nfinished = [2]\n')
    report = run(tmp_path, "", "doctor", "--yes").stdout
    assert "Lessons: Progress file" in report and "lesson: must be a lesson's number" in report
    assert "Lessons: learning.toml was written again." in report
    assert load_progress() == (Progress(1, [2]), [])
    path.write_text("lesson = [")
    report = run(tmp_path, "", "doctor", "--yes").stdout
    assert "learning.toml was kept as learning.toml.broken-" in " ".join(report.split())
    assert "is not written yet; the course starts at lesson 1" in run(tmp_path, "", "doctor", "--no").stdout


# --- lesson files that cannot be used ---------------------------------------------------------


def broken(change: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FILES[0].read_text("utf-8"))
    change(data)
    return data


BROKEN = {
    "players[0].hand[1]: no trait named 'Fecundty'": lambda d: d["players"][0]["hand"].__setitem__(1, "Fecundty"),
    "lesson: an object": lambda d: d.pop("lesson"),
    "lesson.title: a short line of text": lambda d: d["lesson"].pop("title"),
    "lesson.colour: unknown field": lambda d: d["lesson"].__setitem__("colour", 1),
    "lesson.steps[0].expect: give one of answer, command or any": lambda d: d["lesson"]["steps"][0]["expect"].update(any=True),
    "lesson.steps[0].expect.command: one of the game's commands": lambda d: d["lesson"]["steps"][0].__setitem__("expect", {"command": "dance"}),
    "lesson.steps[0].hint: missing": lambda d: d["lesson"]["steps"][0].pop("hint"),
    "lesson.steps[0].explain[0]: no trait named 'Fecundty'": lambda d: d["lesson"]["steps"][0].__setitem__("explain", "[Fecundty] grows."),
    "lesson.steps[0].then.players.Zed: no player named 'Zed'": lambda d: d["lesson"]["steps"][0]["then"]["players"].__setitem__("Zed", {}),
    "lesson.steps[0].then.players.You.gene_pool: a whole number": lambda d: d["lesson"]["steps"][0]["then"]["players"]["You"].__setitem__("gene_pool", "6"),
    "lesson.steps[0].then.players.You.traits[0]: no trait named": lambda d: d["lesson"]["steps"][0]["then"]["players"]["You"].__setitem__("traits", ["Fecund1ty x"]),
    "lesson.level: one of easy, normal": lambda d: d["lesson"].__setitem__("level", "hard"),
    "lesson.outcome.winners: a list of player names": lambda d: d["lesson"].__setitem__("outcome", {"winners": "You"}),
    "players[1].name: ": lambda d: d["players"][1].__setitem__("name", "You"),
}


@pytest.mark.parametrize("expected", list(BROKEN))
def test_a_bad_lesson_file_names_the_file_and_the_field(expected: str) -> None:
    with pytest.raises(LessonFileError) as caught:
        lesson_from(broken(BROKEN[expected]), "tutorial/01-a-trait-and-the-gene-pool.json")
    assert str(caught.value).startswith(f"tutorial/01-a-trait-and-the-gene-pool.json: {expected}"), str(caught.value)


def test_a_lesson_file_that_is_no_json_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "01-x.json"
    path.write_text('{"players": [', "utf-8")
    with pytest.raises(LessonFileError) as caught:
        read_lesson(path)
    assert str(caught.value).startswith("tutorial/01-x.json: ")


def test_every_shipped_lesson_loads() -> None:
    assert [lesson.file for lesson in load_course()] == [f"tutorial/{p.name}" for p in FILES]


# --- the command and the menu -------------------------------------------------------------------


def run(tmp_path: Path, stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``doomlings ARGS`` with piped answers, called in this process (a terminal: below)."""
    return in_process(args, env=isolated_env(tmp_path), stdin=stdin)


def test_learn_list_and_learn_n(tmp_path: Path) -> None:
    listed = run(tmp_path, "", "learn", "--list")
    assert listed.returncode == 0 and listed.stdout.splitlines()[0] == (
        "1. Playing a trait, and the gene pool (you are here)."
    )
    assert len(listed.stdout.splitlines()) == len(FILES)
    done = run(tmp_path, "2\nq\n", "learn", "1", *PLAIN)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Lesson 1 of {len(FILES)}: Playing a trait")
    assert "Stopped. Lesson 2 is kept for next time" in done.stdout
    assert run(tmp_path, "", "learn", "--list").stdout.splitlines()[:2] == [
        "1. Playing a trait, and the gene pool (finished).", "2. Stabilizing (you are here).",
    ]
    for wrong in ("0", "99", "two"):
        refused = run(tmp_path, "", "learn", wrong, *PLAIN)
        assert refused.returncode == 2 and f"no lesson {wrong}: the lessons are 1 to {len(FILES)}" in refused.stderr


def test_learn_to_play_from_the_main_menu_and_end_of_input(tmp_path: Path) -> None:
    done = run(tmp_path, "6\n2\n", *PLAIN)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "6. Learn to play" in done.stdout
    assert f"Lesson 1 of {len(FILES)}: Playing a trait, and the gene pool." in done.stdout
    assert done.stdout.endswith("Input ended. Goodbye.\n")


def test_learn_check_plays_each_lesson_as_written_and_names_a_claim_at_fault(tmp_path: Path) -> None:
    done = run(tmp_path, "", "learn", "--check")
    assert done.returncode == 0 and done.stdout == f"All {len(FILES)} lessons play as written: the engine does what they say.\n"
    mine = tmp_path / "mine.json"
    data = json.loads(FILES[0].read_text("utf-8"))
    data["lesson"]["steps"][0]["then"]["players"]["You"]["hand_size"] = 5
    mine.write_text(json.dumps(data), "utf-8")
    done = run(tmp_path, "", "learn", str(mine), "--check")
    assert done.returncode == 1
    assert " ".join(done.stdout.split()) == (
        f"{mine}: lesson.steps[0].then.players.You.hand_size: the lesson says 5, the game has 6"
    )


def test_learn_check_names_the_step_whose_answer_its_question_does_not_offer(tmp_path: Path) -> None:
    """A teacher's lesson waiting for an answer its question never offers: the check said only
    "the lesson did not end", naming no field."""
    mine = tmp_path / "mine.json"
    data = json.loads(FILES[0].read_text("utf-8"))
    data["lesson"]["steps"][0]["expect"]["answer"] = "Gills"  # in no hand: the play never offers it
    mine.write_text(json.dumps(data), "utf-8")
    done = run(tmp_path, "", "learn", str(mine), "--check")
    assert done.returncode == 1
    assert f"{mine}: lesson.steps[0].expect: no option of the question is 'Gills'" in " ".join(done.stdout.split())


def test_a_teachers_lesson_file_is_played_and_the_course_progress_left_alone(tmp_path: Path) -> None:
    mine = tmp_path / "mine.json"
    mine.write_text(FILES[1].read_text("utf-8"), "utf-8")
    done = run(tmp_path, "1\n1\n", "learn", str(mine), *PLAIN)
    assert done.returncode == 0 and "Lesson 1 of 1: Stabilizing." in done.stdout
    assert "That was the last lesson" in done.stdout
    assert not progress_path().exists()
    mine.write_text('{"players": []}', "utf-8")
    refused = run(tmp_path, "", "learn", str(mine), *PLAIN)
    assert refused.returncode == 2 and refused.stderr == f"doomlings: {mine}: lesson: an object: the lesson's title, steps and words\n"


class Pty:
    """``doomlings learn`` in a pseudo-terminal, where Ctrl-C is a key."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        import pexpect

        env = isolated_env(tmp_path)
        env.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        self.child = pexpect.spawn(
            DOOMLINGS[0], [*DOOMLINGS[1:], "learn", *args, *PLAIN], env=env, dimensions=(24, 80),
            encoding="utf-8", codec_errors="replace", timeout=30, cwd=str(tmp_path),
        )

    def finish(self) -> tuple[int, str]:
        import pexpect

        self.child.expect(pexpect.EOF)
        last = self.child.before
        self.child.close()
        return self.child.exitstatus, last


def test_ctrl_c_at_a_lesson_asks_and_keeps_the_lesson(tmp_path: Path) -> None:
    pty = Pty(tmp_path, "4")
    pty.child.expect_exact("Choose 1 to 4, or ? for help: ")
    pty.child.sendintr()
    pty.child.expect_exact("Quit the lesson? Type y to quit, n to go on: ")
    pty.child.sendline("y")
    status, last = pty.finish()
    assert status == 0 and "You left the lesson. It is kept" in " ".join(last.split())
    assert load_progress()[0] == Progress(4, [])


def test_ctrl_c_between_two_lessons_stops_and_keeps_the_next(tmp_path: Path) -> None:
    pty = Pty(tmp_path, "1")
    pty.child.expect_exact("Choose 1 to 5, or ? for help: ")
    pty.child.sendline("2")
    pty.child.expect_exact("Press Enter for lesson 2, Stabilizing; q stops here: ")
    pty.child.sendintr()
    status, last = pty.finish()
    assert status == 0 and "Stopped. Lesson 2 is kept for next time" in " ".join(last.split())
    assert load_progress()[0] == Progress(2, [1])


def test_the_whole_course_through_the_real_command(tmp_path: Path) -> None:
    """``doomlings learn`` itself, its answers piped in: each step's answer as the lesson asks
    (``--pause 0``: no pause takes a line meant for a question), Enter between two lessons,
    1 at every question of the short game."""
    from doomlings_access.ui.tutor import typed_answer

    lines: list[str] = []
    for path in FILES[:-1]:
        lines += [typed_answer(step) for step in read_lesson(path).steps] + [""]
    lines += [typed_answer(step) for step in read_lesson(FILES[-1]).steps] + ["1"] * 200
    done = run(tmp_path, "\n".join(lines) + "\n", "learn", "--pause", "0", *PLAIN)
    assert done.returncode == 0 and not done.stderr, done.stderr
    said = " ".join(done.stdout.split())
    assert "Not a choice" not in said and "You left the lesson" not in said
    assert said.count("Lesson ") >= len(FILES) and "you have finished the course" in said
    assert load_progress()[0] == Progress(len(FILES) + 1, list(range(1, len(FILES) + 1)))
