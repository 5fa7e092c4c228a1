"""``doomlings learn``: the lessons played at the game's own prompt.

A lesson is a game set up from its position (:mod:`.lessons`) and played by the one prompt
loop (:class:`.session.Session`): the same announcer, pace (a pause for Enter after a dozen
lines), speech and braille labels as a game. What the lesson adds is said in the same
voice, before the question it explains: the explanation, what to do, then the question.
An answer the step does not expect gets the step's hint, and the same question; ``hint``
says it again, ``skip`` lets the lesson do the step, ``quit`` leaves (the lesson is kept, and
``doomlings learn`` comes back to it). In the last lesson's free play, ``tip`` gives advice.

Every claim a lesson makes of what the engine then does (``then``, ``outcome``) is checked
as it is played; a claim the engine does not bear out is kept in
:attr:`LessonSession.disagreements` (the tests play every lesson and require none).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from doomlings_access.ai.heuristic import HeuristicAgent
from doomlings_access.ai.levels import make_agent
from doomlings_access.positions import names_of
from doomlings_access.progress import Progress, load_progress, save_progress, set_unusable_aside
from doomlings_access.rules import Choice, Game
from doomlings_access.rules.decisions import Decision, Kind
from doomlings_access.rules.scoring import score_of
from doomlings_access.rules.view import PlayerView
from doomlings_access.safety.files import FileRefused, reason
from doomlings_access.safety.text import shown
from doomlings_access.telling.console import Console, clean_typed
from doomlings_access.ui.lessons import Lesson, Step, Words
from doomlings_access.telling.output import Output
from doomlings_access.ui.questions import Option, Question
from doomlings_access.ui.session import Prefs, Session, as_command, question_for
from doomlings_access.ui.words import Said

LESSON_WORDS = {
    "hint": "hint: what to do now",
    "skip": "skip: the lesson does this step for you",
    "tip": "tip: advice for this question (in the short game)",
}
"""What a learner may type in a lesson besides the game's answers and commands."""


@dataclass
class Played:
    """How a lesson went."""

    finished: bool
    """Played to its end (else left, or input ended)."""
    wrong: int = 0
    """Answers that were not what the step asked (each got the hint)."""
    skipped: int = 0
    input_ended: bool = False


class LessonSession(Session):
    """One lesson at the prompt: the learner at the first seat, computer players at the others."""

    playing = "lesson"

    def __init__(
        self, lesson: Lesson, console: Console, output: Output, prefs: Prefs | None = None,
        change_speech: Callable[[str], str] | None = None,
    ) -> None:
        game = Game(lesson.cards, lesson.setup)
        seed = lesson.setup.seed
        agents = {seat: make_agent(lesson.level, seed, seat) for seat in range(1, game.n)}
        super().__init__(
            game, [0], agents, console, output, prefs, change_speech,
            on_action=self.check_claims, levels={seat: lesson.level for seat in agents},
        )
        self.lesson = lesson
        self.step_at = 0
        """The step under way (all done: free play, or the position played out)."""
        self.claims_due: Step | None = None
        self.disagreements: list[str] = []
        self.commands_typed: list[str] = []
        self.looked_up: list[str] = []
        self.left = False
        self.played = Played(False)
        self.asking: Question | None = None
        """The learner's question being asked."""

    # --- the lesson -------------------------------------------------------------------------
    def play(self) -> Played:
        """Tell the lesson's introduction, play it, tell its end."""
        self.teach(self.lesson.intro)
        self.run()
        if self.left:
            return self.played
        unfinished = self.lesson.steps[self.step_at :]
        for step in unfinished:  # the play ended before a step could be asked: the lesson's fault
            self.disagreements.append(f"{self.lesson.file}: {step.field}: the play ended before this step was asked")
        self.disagreements.extend(self.check(self.lesson.outcome, "lesson.outcome"))
        self.teach(self.lesson.end)
        self.played.finished = True
        return self.played

    def teach(self, words: tuple[Words, ...] | Words) -> None:
        """Lesson words, as the game says its own: paced, labels as the reader wants them.
        They are not the game's news: ``log`` and ``repeat`` say the game's, as in a game
        (the lesson that teaches repeat had it repeat its own instruction)."""
        for w in (words,) if isinstance(words, Words) else words:
            self.say_in_stretches(w.said(self.lesson.cards, self.style), remember=False)

    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.step_at] if self.step_at < len(steps) else None

    # --- asking -----------------------------------------------------------------------------
    def ask(self, d: Decision) -> Choice:
        """The learner's question: each step due here explained, the question, what to do; an
        answer checked against the step (a wrong one gets the hint, and the question again)."""
        self.questions_asked += 1
        q = self.asking = question_for(self.view(d.player), d, self.style, self.announcer)
        shown = False
        while True:
            step = self.step()
            if step is None:  # the steps here were commands; the question is answered freely
                return self.answer_freely(q, shown)
            if step.options is not None:
                self.check_options(q, step)
            offered = self.check_answer_offered(q, step)
            self.teach(step.explain)
            self.teach(step.do)
            if not offered:  # (a teacher's lesson gone wrong: the learner is not kept there)
                wanted = step.expect.answer
                self.out.info(f"This step waits for {wanted}, which is not among the choices: any answer goes on.")
            if not shown:  # (after what to do: nothing parts the options from the prompt)
                self.show(q)
                shown = True
            choice = self.until_done(q, step)
            self.step_at += 1
            if choice is not None:
                self.claims_due = step
                return choice
            if step.then:
                self.disagreements.extend(self.check(step.then, f"{step.field}.then"))

    def check_options(self, q: Question, step: Step) -> None:
        """The question offers what the lesson says it does (by name, in any order)."""
        offered = sorted(o.text.split(",")[0].strip().casefold() for o in q.options)
        if offered != sorted(name.casefold() for name in step.options or ()):
            has = [o.text.split(",")[0].strip() for o in q.options]
            self.disagreements.append(
                f"{self.lesson.file}: {step.field}.options: the lesson says {list(step.options or ())!r}, "
                f"the question offers {has!r}"
            )

    def check_answer_offered(self, q: Question, step: Step) -> bool:
        """Whether the answer the step waits for is an option of its question. Found only
        once the step was skipped, a lesson whose answer is never offered left ``learn
        --check`` saying "did not end" with no field, and a learner at a question whose every
        answer was wrong: now the field is named, and any answer is taken."""
        e = step.expect
        if not answer_missing(q, step):
            return True
        found = f"{self.lesson.file}: {step.field}.expect: no option of the question is {e.answer!r}"
        if found not in self.disagreements:
            self.disagreements.append(found)
        return False

    def answer_freely(self, q: Question, shown: bool) -> Choice:
        if not shown:
            self.show(q)
        while True:
            line = self.read(q)
            if self.lesson_word(q, None, line):
                continue
            answer = self.interpret(q, line)
            if answer is not None:
                return answer

    def until_done(self, q: Question, step: Step) -> Choice | None:
        """Read until the step is done: the answer it expects (returned), or the command it
        asks for (None)."""
        while True:
            line = self.read(q)
            if clean_typed(line).lower() == "skip":
                self.played.skipped += 1
                self.teach(step.skip)
                return self.do_for_them(q, step)
            if self.lesson_word(q, step, line):
                continue
            before = len(self.commands_typed), len(self.looked_up)
            answer = self.interpret(q, line)
            if answer is not None:
                if self.expected(q, step, answer):
                    return answer
                self.played.wrong += 1
                self.teach(step.hint)
                continue
            if self.command_done(step, *before):
                return None

    def lesson_word(self, q: Question, step: Step | None, line: str) -> bool:
        """``hint`` and ``tip``, answered here (True), or nothing of the lesson's (False)."""
        word = clean_typed(line).lower()
        if word == "hint":
            self.teach(step.hint if step is not None else tip_for(self.lesson, q))
            return True
        if word in ("tip", "tips"):
            self.tip(q)
            return True
        return False

    def tip(self, q: Question) -> None:
        """Advice for the question: the lesson's words for its kind, and what the normal
        computer player would choose from the learner's view."""
        self.teach(tip_for(self.lesson, q))
        d = q.decision
        value = HeuristicAgent(self.lesson.setup.seed, d.player).choose(self.view(d.player), d)
        chosen = [(n, o) for n, o in enumerate(q.options, 1) if o.value == value]
        if chosen:  # (the option as it is shown and spoken: its label in words)
            n, o = chosen[0]
            would = f"The normal computer player would choose {n}, "
            self.out.say(Said(f"{would}{o.text}.", f"{would}{o.speech}."), remember=False)

    def expected(self, q: Question, step: Step, answer: Choice) -> bool:
        if step.expect.any or answer_missing(q, step):
            return True
        if step.expect.answer is None:
            return False  # a command was asked for
        return any(o.value == answer.value and named(o, step.expect.answer) for o in q.options)

    def command_done(self, step: Step, commands: int, looked_up: int) -> bool:
        wanted = step.expect.command
        if wanted is None:
            return False
        if wanted == "card" and step.expect.card is not None:
            return step.expect.card in self.looked_up[looked_up:]
        return wanted in self.commands_typed[commands:]

    def do_for_them(self, q: Question, step: Step) -> Choice | None:
        """A skipped step, done as the learner was asked to do it."""
        e = step.expect
        if e.command is not None:
            self.command(e.command, e.card or "", q)
            return None
        fits = [o for o in q.options if e.any or (e.answer is not None and named(o, e.answer))]
        if not fits:  # (said by check_answer_offered)
            fits = list(q.options)
        return Choice(q.decision.player, fits[0].value)

    def command(self, command: str, arg: str, q: object | None, heard: Any = None) -> None:
        self.commands_typed.append(command)
        super().command(command, arg, q, heard)

    def card_described(self, name: str) -> None:
        self.looked_up.append(name)

    def help(self, q: Question | None, goes_on: str = "") -> None:
        super().help(q, goes_on)
        if q is not None:
            self.out.info("In a lesson:")
            self.out.lines(list(LESSON_WORDS.values()))

    # --- after each action, and at the end --------------------------------------------------
    def check_claims(self, game: Game, holder: int | None = None, heard: int | None = None) -> None:
        """A step's claims, checked as soon as its answer is played."""
        step, self.claims_due = self.claims_due, None
        if step is not None and step.then:
            self.disagreements.extend(self.check(step.then, f"{step.field}.then"))

    def check(self, claims: dict[str, Any], field: str) -> list[str]:
        """Where the engine disagrees with what the lesson says it does."""
        return disagreements(self.game, claims, f"{self.lesson.file}: {field}")

    def end_blocks(self, view: PlayerView) -> list[list[Said]]:
        if not view.scores:  # a lesson that ends before the world does has no final scores
            return []
        return super().end_blocks(view)

    def say_how_to_go_on(self) -> None:
        self.left = True
        self.played.input_ended = self.console_ended
        self.out.info("You left the lesson. It is kept: doomlings learn, or Learn to play in the menu, comes back to it.")


def typed_answer(step: Step) -> str:
    """What a learner types to do ``step`` as it asks: the answer's name, the command (a
    look-up with its card), or 1 where any answer will do."""
    e = step.expect
    if e.answer is not None:
        return e.answer
    if e.command == "card":
        return f"card {e.card}"
    return e.command or "1"


class _AsAsked:
    """A console that answers every question of a lesson as its steps ask (1 in free play)
    and presses Enter at every pause, writing nothing: :func:`check_lesson`'s learner."""

    def __init__(self) -> None:
        self.session: LessonSession | None = None
        self.lines = 0

    def write(self, line: str) -> None:
        pass

    def read(self, prompt: str, words: object = ()) -> str:
        self.lines += 1
        if self.lines > 20_000:
            raise EOFError  # (a lesson that never ends is reported, not waited on)
        step = self.session.step() if self.session is not None else None
        if not prompt.startswith("Choose "):
            return ""
        return typed_answer(step) if step is not None else "1"


def check_lesson(lesson: Lesson) -> list[str]:
    """Play ``lesson`` through the prompt loop as its steps ask, and say where the engine does
    not do what the lesson says (each naming the file and the field; none: it plays as
    written). For a teacher writing a lesson, and for the tests of the course."""
    console = _AsAsked()
    session = LessonSession(lesson, console, Output(console.write))
    console.session = session
    played = session.play()
    if not played.finished:  # (what was found on the way says why)
        return [*session.disagreements, f"{lesson.file}: the lesson did not end when played as its steps ask"]
    return session.disagreements


def named(option: Option, answer: str) -> bool:
    """Whether ``option`` is the one a step's ``answer`` names: its name as shown (before the
    label), or one of the words it answers to."""
    key = answer.casefold()
    return option.text.split(",")[0].strip().casefold() == key or key in option.words


def tip_for(lesson: Lesson, q: Question) -> Words:
    """The lesson's tip for a question of this kind (free play)."""
    d = q.decision
    kind = "play" if d.kind == Kind.PLAY else "respond" if d.kind == Kind.RESPOND else "choose"
    tip = lesson.tips.get(kind) or lesson.tips.get("other")
    return tip or Words("Type help to hear what this question wants; any answer is fine here.")


def answer_missing(q: Question, step: Step) -> bool:
    """The step waits for an answer its question does not offer (a lesson gone wrong)."""
    e = step.expect
    return not e.any and e.answer is not None and not any(named(o, e.answer) for o in q.options)


def disagreements(game: Game, claims: dict[str, Any], where: str) -> list[str]:
    """Each claim of ``claims`` (a lesson's ``then`` or ``outcome``) the game does not bear out."""
    state = names_of(game.setup, game.cards, game.snapshot(), game.defs)
    names = list(game.setup.players)
    found: list[str] = []

    def differs(field: str, said: Any, has: Any) -> None:
        found.append(f"{where}.{field}: the lesson says {said!r}, the game has {has!r}")

    for key, wanted in claims.items():
        if key == "players":
            for name, facts in wanted.items():
                seat = names.index(name)
                for fact, said in facts.items():
                    has = _player_fact(game, state, seat, fact)
                    if fact in ("traits", "hand"):
                        if sorted(n.casefold() for n in said) != sorted(n.casefold() for n in has):
                            differs(f"players.{name}.{fact}", said, has)
                    elif has != said:
                        differs(f"players.{name}.{fact}", said, has)
        elif key == "winners":
            has = [game.name(s) for s in game.winners]
            if sorted(has) != sorted(wanted):
                differs(key, wanted, has)
        elif key == "age":
            age = game.round.age
            has = age.name if age is not None else None
            if has != wanted:
                differs(key, wanted, has)
        elif key == "catastrophes":
            if state["catastrophes"] != wanted:
                differs(key, wanted, state["catastrophes"])
        elif key == "played_out":
            if game.is_over != wanted:
                differs(key, wanted, game.is_over)
    return found


def _player_fact(game: Game, state: dict[str, Any], seat: int, fact: str) -> Any:
    player = state["players"][seat]
    if fact == "score":
        if game.scores:
            return game.scores[seat].total
        return score_of(game.view(seat).tableau(hand_sizes=True), seat).total
    if fact == "hand_size":
        return len(player["hand"])
    return player[fact]


# --- the course --------------------------------------------------------------------------


def course_listing(course: list[Lesson], progress: Progress) -> list[str]:
    """``learn --list``: each lesson numbered, with whether it is finished, and where the
    learner comes back to."""
    lines = []
    for n, lesson in enumerate(course, 1):
        marks = [m for m, on in (("finished", n in progress.finished), ("you are here", n == progress.lesson)) if on]
        lines.append(f"{n}. {lesson.title}" + (f" ({', '.join(marks)})" if marks else "") + ".")
    return lines


class Course:
    """The lessons in order from one of them, the progress kept after each step of the way."""

    def __init__(
        self, course: list[Lesson], console: Console, out: Output, prefs: Prefs,
        change_speech: Callable[[str], str] | None = None, keep_progress: bool = True,
    ) -> None:
        """``keep_progress`` false: a lesson of a teacher's file, played from no progress and
        leaving the course's as it is."""
        self.course, self.console, self.out, self.prefs = course, console, out, prefs
        self.change_speech = change_speech
        self.keep_progress = keep_progress
        self.progress, problems = load_progress() if keep_progress else (Progress(), [])
        for problem in problems:
            out.info(problem.line)
        self.unusable = any(problem.field is None for problem in problems)
        """The progress file could not be used at all: it is set aside before it is written over."""
        self.unsaved = False
        self.results: list[Played] = []
        self.current: LessonSession | None = None
        """The lesson being played."""

    def keep(self) -> None:
        """Save the progress; a failure is said once, and the lessons go on."""
        if not self.keep_progress:
            return
        if self.unusable:
            self.unusable = False
            kept = set_unusable_aside()
            if kept is not None:
                self.out.info(f"The progress file that could not be used was kept as {shown(kept.name, 100)}.")
        try:
            save_progress(self.progress)
        except (OSError, FileRefused) as exc:
            if not self.unsaved:
                self.out.info(f"Your progress cannot be kept ({shown(reason(exc), 80)}); the lessons go on.")
            self.unsaved = True

    def run(self, start: int | None = None) -> int:
        """From lesson ``start`` (by default where the learner left off) to the end of the
        course, or until the learner leaves; the exit status."""
        total = len(self.course)
        n = start or self.progress.lesson
        if n > total:
            self.out.info(f"You have finished all {total} lessons; here is the first again. doomlings learn --list lists them.")
            n = 1
        while True:
            lesson = self.course[n - 1]
            self.progress.lesson = n
            self.keep()
            self.out.info(f"Lesson {n} of {total}: {lesson.title}.")
            self.current = LessonSession(lesson, self.console, self.out, self.prefs, self.change_speech)
            played = self.current.play()
            self.results.append(played)
            if not played.finished:
                if played.input_ended:
                    raise EOFError
                return 0
            if n not in self.progress.finished:
                self.progress.finished.append(n)
            self.progress.lesson = n + 1
            self.keep()
            if n == total:
                self.out.info("That was the last lesson: you have finished the course.")
                return 0
            if not self.go_on(n + 1):
                return 0
            n += 1

    def go_on(self, n: int) -> bool:
        """Between two lessons: Enter goes on, quit stops (the next lesson is kept)."""
        title = self.course[n - 1].title
        stopped = f"Stopped. Lesson {n} is kept for next time: doomlings learn comes back to it."
        while True:
            try:
                line = self.console.read(f"Press Enter for lesson {n}, {title}; q stops here: ")
            except KeyboardInterrupt:  # Ctrl-C: as q
                self.out.info("")
                self.out.info(stopped)
                return False
            self.out.answered()
            word = clean_typed(line).lower()
            if not word:
                return True
            command, _ = as_command(word)
            if command == "quit" or word in ("stop", "back"):
                self.out.info(stopped)
                return False
            if command == "help":
                self.out.info(f"Press Enter for lesson {n}; type q to stop, and come back to it later.")
                continue
            self.out.info("Press Enter to go on, or type q to stop.")


__all__ = ["Course", "LessonSession", "Played", "check_lesson", "course_listing", "disagreements", "typed_answer"]
