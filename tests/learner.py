"""A learner at the keyboard of ``doomlings learn``, for the tests and the course benchmark.

It reads the prompts the real prompt loop prints and answers them as a person following the
lesson would: at a question, what the step under way asks (its answer's name, its command),
or first something wrong (``wrong_first``), or ``skip``; Enter at a pause and between two
lessons; 1 at the questions of free play. Every line it types is a key press counted in
:attr:`Learner.keys` (its characters and the Enter).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from doomlings_access.ui.lessons import Step
from doomlings_access.telling.output import Output
from doomlings_access.ui.questions import Question
from doomlings_access.ui.tutor import Course, LessonSession, named, typed_answer


@dataclass
class Heard:
    """What a listener hears: every message and prompt spoken, with its words."""

    spoken: list[str] = field(default_factory=list)

    def speak(self, text: str, interrupt: bool = False, braille: str | None = None) -> None:
        self.spoken.append(text)

    def prompt(self, text: str, interrupt: bool = False) -> None:
        self.spoken.append(text)

    def words(self) -> int:
        return sum(len(text.split()) for text in self.spoken)


class Learner:
    """A console that answers as a learner does (``mode``: ``right``, ``wrong_first`` or
    ``skip``). ``session`` gives the lesson being played (a :class:`LessonSession`, or the
    :class:`Course` playing them)."""

    def __init__(self, mode: str = "right", limit: int = 5000) -> None:
        self.mode = mode
        self.stdout = io.StringIO()
        self.heard = Heard()
        self.out = Output(self.write, self.heard)
        self.keys = 0
        self.lines = 0
        self.limit = limit
        self.wrong_typed = 0
        self.tried: set[tuple[int, int]] = set()
        self.playing: LessonSession | Course | None = None

    def write(self, line: str) -> None:
        self.stdout.write(line + "\n")

    def text(self) -> str:
        return self.stdout.getvalue()

    def read(self, prompt: str, words: object = ()) -> str:
        self.lines += 1
        if self.lines > self.limit:
            raise EOFError  # (a loop that never ends fails the test, it does not hang it)
        self.out.prompt(prompt)
        answer = self.answer(prompt)
        self.stdout.write(prompt + answer + "\n")
        self.keys += len(answer) + 1
        return answer

    def session(self) -> LessonSession | None:
        if isinstance(self.playing, Course):
            return self.playing.current
        return self.playing

    def answer(self, prompt: str) -> str:
        if not prompt.startswith("Choose "):
            return ""  # a pause, or between two lessons: Enter
        s = self.session()
        assert s is not None and s.asking is not None
        step = s.step()
        if step is None:
            return "1"
        key = (id(s), s.step_at)
        if self.mode == "skip":
            return "skip"
        if self.mode == "wrong_first" and key not in self.tried:
            self.tried.add(key)
            wrong = wrong_answer(s.asking, step)
            if wrong is not None:
                self.wrong_typed += 1
                return wrong
            return "hint"
        return right_answer(step)


def right_answer(step: Step) -> str:
    """What the step asks for, typed as a learner would (the lesson's own reading of it)."""
    return typed_answer(step)


def wrong_answer(q: Question, step: Step) -> str | None:
    """An answer the step does not expect: another option's number, or any option when a
    command is asked for (None: every answer is right)."""
    e = step.expect
    if e.any:
        return None
    for n, option in enumerate(q.options, 1):
        if e.answer is None or not named(option, e.answer):
            return str(n)
    return None
