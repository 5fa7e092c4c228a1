"""The lessons of ``doomlings learn``, read from the ``tutorial/`` folder and checked on load.

A lesson is a position file (``docs/positions.md``) with one more field, ``lesson``: what to
explain, what the learner is asked to do at each of their questions, what counts as done, a
hint after a wrong try, what happens on a skip, and what the engine must have done after it
(``then``, ``outcome``). A teacher writes one as they write a position; the format is in
``docs/tutorial.md``. The first seat is the learner (who may be called "You"), the others
computer players. Every error names the file and the field, as a position file's do:
``tutorial/01-a-trait.json: lesson.steps[0].expect: give one of answer, command or any``.

Card names live in the lesson files only: a card is named in an explanation as ``[Tiny]``
(said as the game names it, with its label: "Tiny, db17", spoken "dominant blue 17", in
braille cells when labels are braille) or ``[label Tiny]`` (its label alone).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from doomlings_access.cards import CardSet, load_cards
from doomlings_access.cards.lookup import UnknownCardError, find_name
from doomlings_access.positions import PositionFileError, read_position
from doomlings_access.rules import Game, Setup
from doomlings_access.safety.files import FileRefused, load_named_json
from doomlings_access.ui.words import Said, Style, card_speech, card_text, label_words

MAX_LESSON_FILE = 200_000
LESSON_FIELDS = {"title", "intro", "steps", "end", "outcome", "free_play", "tips", "level"}
STEP_FIELDS = {"explain", "do", "expect", "hint", "skip", "then", "options"}
EXPECT_FIELDS = {"answer", "command", "card", "any"}
PLAYER_CLAIMS = {"gene_pool", "traits", "hand", "hand_size", "score"}
CLAIMS = {"players", "winners", "age", "catastrophes", "played_out"}
TIP_KINDS = {"play", "respond", "choose", "other"}
"""What free play's tips are kept for: a question to play a trait, one to play out of turn,
one that chooses (a card, a player, a colour), and any other."""
LEVELS = ("easy", "normal")
CARD = re.compile(r"\[(label )?([^\[\]]+)\]")
"""A card named in a lesson's words: ``[Tiny]`` or ``[label Tiny]``."""


class LessonFileError(PositionFileError):
    """A lesson that cannot be used; the message names the file and the field."""


@dataclass(frozen=True)
class Words:
    """Words of a lesson, with the cards they name (``[Tiny]``) resolved to trait ids."""

    text: str

    def said(self, cards: CardSet, style: Style) -> Said:
        """As the game says it: a card with its label, in letters or braille as the reader
        wants, and in words for speech (a synthesizer read "dr4" as "doctor 4")."""

        def shown(m: re.Match[str], spoken: bool) -> str:
            card = cards.traits[_id(cards, m.group(2))]
            if m.group(1):
                return label_words(card) if spoken else style.label(card)
            return card_speech(card) if spoken else card_text(card, style)

        return Said(CARD.sub(lambda m: shown(m, False), self.text), CARD.sub(lambda m: shown(m, True), self.text))


def _id(cards: CardSet, name: str) -> str:
    by_name = {t.name.casefold(): t.id for t in cards.traits.values()}
    return by_name[name.strip().casefold()]


@dataclass(frozen=True)
class Expect:
    """What counts as done: the option ``answer`` names chosen at the question (a card's
    name, or an answer's words such as Pass), the review ``command`` typed (for ``card``, a
    look-up that finds the trait ``card``), or ``any`` answer."""

    answer: str | None = None
    command: str | None = None
    card: str | None = None
    any: bool = False


@dataclass(frozen=True)
class Step:
    """One thing the learner is asked to do at one of their questions."""

    explain: tuple[Words, ...]
    """Said first, before the question it leads to."""
    do: Words
    """What to do, said after the question's options."""
    expect: Expect
    hint: Words
    """Said after a wrong try."""
    skip: Words
    """Said when the learner skips: the lesson then does the step for them."""
    then: dict[str, Any]
    """What the engine has done once the step's answer is played (see :data:`CLAIMS`)."""
    options: tuple[str, ...] | None
    """What the question the step is asked at offers, by name as its options read ("Pass",
    "Bark"), when the lesson says so ("Eclipse: your red cards are not offered")."""
    field: str
    """Where it is in its file (``lesson.steps[2]``), to name it in a check's failure."""


@dataclass(frozen=True)
class Lesson:
    file: str
    title: str
    intro: tuple[Words, ...]
    steps: tuple[Step, ...]
    end: tuple[Words, ...]
    outcome: dict[str, Any]
    """What the engine has done when the lesson's play is over."""
    free_play: bool
    """After the steps, the learner plays on as they like to the end of the position's play
    (the last lesson: a short game), with ``tips`` on request."""
    tips: dict[str, Words]
    level: str
    """The computer players' level."""
    setup: Setup
    cards: CardSet


def tutorial_folder() -> Path:
    """The lessons: inside the installed package, else the source checkout's ``tutorial/``."""
    packaged = Path(__file__).resolve().parents[1] / "tutorial"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "tutorial"


def lesson_files(folder: Path | None = None) -> list[Path]:
    """The lesson files, in the order they are taught (their names begin with a number)."""
    folder = folder or tutorial_folder()
    return sorted(p for p in folder.glob("*.json") if p.is_file())


def load_course(folder: Path | None = None) -> list[Lesson]:
    """Every lesson, checked (raises :class:`LessonFileError` for the first at fault)."""
    files = lesson_files(folder)
    if not files:
        raise LessonFileError(str(folder or tutorial_folder()), None, "holds no lesson (*.json)")
    return [read_lesson(path) for path in files]


def read_lesson(path: Path, shown_as: str | None = None) -> Lesson:
    """The lesson in ``path`` (shown in errors as ``shown_as``, by default ``tutorial/NAME``)."""
    file = shown_as or f"tutorial/{path.name}"
    try:
        data = load_named_json(path, MAX_LESSON_FILE)
    except FileRefused as exc:
        raise LessonFileError(file, None, exc.why) from None
    return lesson_from(data, file)


def lesson_from(data: Any, file: str) -> Lesson:
    """A lesson from its file's JSON: the position checked as any position file is, then the script."""
    from doomlings_access.ui.session import reserved_words

    if not isinstance(data, dict):
        raise LessonFileError(file, None, "expected a JSON object")
    script = data.get("lesson")
    if not isinstance(script, dict):
        raise LessonFileError(file, "lesson", "an object: the lesson's title, steps and words")
    position = {key: value for key, value in data.items() if key != "lesson"}
    try:
        setup = read_position(position, file, None, reserved_words(), humans=(0,))
    except PositionFileError as exc:
        raise LessonFileError(exc.file, exc.field, exc.why) from None
    cards = load_cards(setup.options.edition)
    try:
        Game(cards, setup)
    except ValueError as exc:  # a position the rules refuse (PositionError names the field)
        raise LessonFileError(file, None, str(exc)) from None
    return _Script(file, cards, setup).lesson(script)


class _Script:
    """Reads the ``lesson`` field, naming the field of every fault."""

    def __init__(self, file: str, cards: CardSet, setup: Setup) -> None:
        self.file, self.cards, self.setup = file, cards, setup

    def fail(self, field: str, why: str) -> LessonFileError:
        return LessonFileError(self.file, field, why)

    def lesson(self, data: dict[str, Any]) -> Lesson:
        for key in data:
            if key not in LESSON_FIELDS:
                raise self.fail(f"lesson.{str(key)[:40]}", "unknown field")
        title = data.get("title")
        if not isinstance(title, str) or not title.strip() or len(title) > 80:
            raise self.fail("lesson.title", "a short line of text")
        steps = data.get("steps", [])
        if not isinstance(steps, list):
            raise self.fail("lesson.steps", "a list of steps")
        free = data.get("free_play", False)
        if not isinstance(free, bool):
            raise self.fail("lesson.free_play", "true or false")
        if not steps and not free:
            raise self.fail("lesson.steps", "at least one step (or free_play)")
        level = data.get("level", "easy")
        if level not in LEVELS:
            raise self.fail("lesson.level", f"one of {', '.join(LEVELS)}")
        tips = data.get("tips", {})
        if not isinstance(tips, dict):
            raise self.fail("lesson.tips", "an object of tips by question")
        for key in tips:
            if key not in TIP_KINDS:
                raise self.fail(f"lesson.tips.{str(key)[:40]}", f"one of {', '.join(sorted(TIP_KINDS))}")
        return Lesson(
            file=self.file,
            title=title.strip(),
            intro=self.lines(data.get("intro", []), "lesson.intro"),
            steps=tuple(self.step(s, f"lesson.steps[{i}]") for i, s in enumerate(steps)),
            end=self.lines(data.get("end", []), "lesson.end"),
            outcome=self.claims(data.get("outcome", {}), "lesson.outcome"),
            free_play=free,
            tips={key: self.words(value, f"lesson.tips.{key}") for key, value in tips.items()},
            level=str(level),
            setup=self.setup,
            cards=self.cards,
        )

    def words(self, value: Any, field: str) -> Words:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(field, "a sentence")
        if len(value) > 400:
            raise self.fail(field, "at most 400 characters: an explanation is short")
        for m in CARD.finditer(value):
            self.trait(m.group(2), field)
        return Words(value.strip())

    def lines(self, value: Any, field: str) -> tuple[Words, ...]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise self.fail(field, "a sentence, or a list of them")
        return tuple(self.words(v, f"{field}[{i}]") for i, v in enumerate(value))

    def trait(self, name: Any, field: str) -> str:
        """A trait named in the lesson, by its whole name (any case)."""
        names = [t.name for t in self.cards.traits.values()]
        if not isinstance(name, str):
            raise self.fail(field, "a trait's name")
        try:
            found = find_name(name.strip(), names, "trait")
        except UnknownCardError as exc:
            raise self.fail(field, exc.in_a_file()) from None
        if found.casefold() != name.strip().casefold():
            raise self.fail(field, f"write the trait's whole name, {found}")
        return found

    def step(self, data: Any, field: str) -> Step:
        from doomlings_access.ui.session import COMMANDS

        if not isinstance(data, dict):
            raise self.fail(field, "a step: what to explain, do and expect")
        for key in data:
            if key not in STEP_FIELDS:
                raise self.fail(f"{field}.{str(key)[:40]}", "unknown field")
        expect = data.get("expect")
        if not isinstance(expect, dict) or not expect:
            raise self.fail(f"{field}.expect", "an object: answer, command or any")
        for key in expect:
            if key not in EXPECT_FIELDS:
                raise self.fail(f"{field}.expect.{str(key)[:40]}", "unknown field")
        kinds = [key for key in ("answer", "command", "any") if key in expect]
        if len(kinds) != 1:
            raise self.fail(f"{field}.expect", "give one of answer, command or any")
        answer = expect.get("answer")
        if answer is not None and (not isinstance(answer, str) or not answer.strip()):
            raise self.fail(f"{field}.expect.answer", "the answer's name, as its option reads")
        command = expect.get("command")
        if command is not None and command not in COMMANDS:
            raise self.fail(f"{field}.expect.command", f"one of the game's commands: {', '.join(COMMANDS)}")
        card = expect.get("card")
        if card is not None:
            if command != "card":
                raise self.fail(f"{field}.expect.card", 'only with "command": "card"')
            card = self.trait(card, f"{field}.expect.card")
        if "any" in expect and expect["any"] is not True:
            raise self.fail(f"{field}.expect.any", "true")
        for required in ("do", "hint"):
            if required not in data:
                raise self.fail(f"{field}.{required}", "missing")
        options = data.get("options")
        if options is not None and (
            not isinstance(options, list) or not options or not all(isinstance(o, str) and o.strip() for o in options)
        ):
            raise self.fail(f"{field}.options", "a list of the question's options, by name")
        return Step(
            explain=self.lines(data.get("explain", []), f"{field}.explain"),
            do=self.words(data.get("do"), f"{field}.do"),
            expect=Expect(answer.strip() if answer else None, command, card, "any" in expect),
            hint=self.words(data.get("hint"), f"{field}.hint"),
            skip=self.words(data.get("skip", "Done for you."), f"{field}.skip"),
            then=self.claims(data.get("then", {}), f"{field}.then"),
            options=tuple(o.strip() for o in options) if options is not None else None,
            field=field,
        )

    def claims(self, data: Any, field: str) -> dict[str, Any]:
        """What the engine must show (checked by :func:`.tutor.check_lesson`), its card names
        checked now: a lesson can claim only what a game can hold."""
        if not isinstance(data, dict):
            raise self.fail(field, "an object of what the game then shows")
        names = list(self.setup.players)
        for key, value in data.items():
            where = f"{field}.{str(key)[:40]}"
            if key not in CLAIMS:
                raise self.fail(where, f"unknown field; one of {', '.join(sorted(CLAIMS))}")
            if key == "players":
                if not isinstance(value, dict):
                    raise self.fail(where, "an object by player name")
                for name, facts in value.items():
                    here = f"{where}.{str(name)[:40]}"
                    if name not in names:
                        raise self.fail(here, f"no player named {str(name)[:40]!r}")
                    if not isinstance(facts, dict):
                        raise self.fail(here, "an object of what that player has")
                    for fact, wanted in facts.items():
                        self.player_claim(fact, wanted, f"{here}.{str(fact)[:40]}")
            elif key == "winners":
                if not isinstance(value, list) or any(v not in names for v in value):
                    raise self.fail(where, "a list of player names")
            elif key == "age":
                ages = [a.name for a in self.cards.ages.values()]
                if value is not None and value not in ages:
                    raise self.fail(where, "an age's whole name, or null")
            elif key == "catastrophes":
                known = [c.name for c in self.cards.catastrophes.values()]
                if not isinstance(value, list) or any(v not in known for v in value):
                    raise self.fail(where, "a list of catastrophes' whole names")
            elif not isinstance(value, bool):
                raise self.fail(where, "true or false")
        return data

    def player_claim(self, fact: str, wanted: Any, field: str) -> None:
        if fact not in PLAYER_CLAIMS:
            raise self.fail(field, f"unknown field; one of {', '.join(sorted(PLAYER_CLAIMS))}")
        if fact in ("traits", "hand"):
            if not isinstance(wanted, list):
                raise self.fail(field, "a list of traits' names")
            for i, name in enumerate(wanted):
                self.trait(name, f"{field}[{i}]")
        elif not isinstance(wanted, int) or isinstance(wanted, bool):
            raise self.fail(field, "a whole number")
