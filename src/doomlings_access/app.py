"""Wiring for the game as a player meets it: the main menu, new-game questions, ``play``.

Nothing here knows the rules: it builds a game, seats people and computer players, picks the
console and the speech mode, and hands everything to the prompt loop.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any

from doomlings_access.arguments import HOUSE_RULES, LEVELS
from doomlings_access.lines import columns
from doomlings_access.safety.text import (
    MAX_DIGITS,
    NameRefused,
    check_names,
    clean,
    shown,
    whole_number,
)
from doomlings_access.telling.console import Console, SpokenPrompts, make_console
from doomlings_access.telling.output import Output
from doomlings_access.telling.words import PEOPLE_NAMES
from doomlings_access.ui.words import Said

if TYPE_CHECKING:
    from pathlib import Path

    from doomlings_access.saves import SaveFileError
    from doomlings_access.ai.search import Budget
    from doomlings_access.doomlings_app import GameChoices
    from doomlings_access.ui.asking import Asker
    from doomlings_access.ui.session import Prefs
    from doomlings_access.telling.words import Said as SharedSaid

    SpeechSwitch = Callable[[str], str]
    Body = Callable[[Console, Output, Prefs, "Speech"], int]


def _budget(seconds: float = 1.0, iterations: int | None = 1000) -> Budget:
    from doomlings_access.ai.search import Budget

    return Budget(seconds, iterations)


def thinking_budget(args: argparse.Namespace) -> Budget:
    """The hard level's budget from ``--think`` and ``--iterations``; ValueError when out of range."""
    seconds, iterations = getattr(args, "think", 1.0), getattr(args, "iterations", 1000)
    if not (seconds == seconds and 0 < seconds <= 600):  # NaN fails the first test
        raise ValueError("--think must be more than 0 and at most 600 seconds")
    if iterations is not None and not 1 <= iterations <= 1_000_000:
        raise ValueError("--iterations must be 1 to 1000000")
    return _budget(seconds, iterations)


def resume(args: argparse.Namespace) -> int:
    """``doomlings resume [SAVE] [--list]``."""
    from doomlings_access.saves import list_saves

    if args.list and args.save is not None:
        print(f"doomlings: resume --list takes no save; leave out {shown(args.save, 40)}.", file=sys.stderr)
        return 2
    if args.list:
        from doomlings_access.lines import print_wrapped

        found, problems = list_saves()
        lines = [f"{shown(broken.name)} cannot be read as a saved game: {_why_not_a_save(broken)}." for broken in problems]
        if not found:
            lines.append("No saved games.")
        lines.extend(item.line(n) for n, item in enumerate(found, 1))
        for line in lines:
            print_wrapped(sys.stdout, clean(line))
        return 0
    chosen = args.save
    if chosen is not None and _by_number(chosen):
        found = list_saves()[0]
        number = int(chosen)
        if not 1 <= number <= len(found):
            games = (
                "there are no saved games" if not found
                else f"resume --list numbers {'one saved game' if len(found) == 1 else f'{len(found)} saved games'}"
            )
            print(f"doomlings: no saved game {number}: {games}.", file=sys.stderr)
            return 2
        chosen = str(found[number - 1].path)
    typed = args.edition if "edition" in args.typed else None
    return _with_output(args, lambda console, out, prefs, speech: _resume(chosen, console, out, prefs, speech, typed))


def _by_number(chosen: str) -> bool:
    """Whether ``resume CHOSEN`` means the game of that number in ``resume --list``: a
    number, with no file of that name here or in the saves folder (a file wins)."""
    from pathlib import Path

    from doomlings_access.saves import saves_dir

    if not (chosen.isascii() and chosen.isdigit() and len(chosen) <= MAX_DIGITS):
        return False
    return not os.path.lexists(Path(chosen)) and not os.path.lexists(saves_dir() / chosen)


def _resume(
    chosen: str | None, console: Console, out: Output, prefs: Prefs, speech: Speech, edition: str | None = None
) -> int:
    """Resume ``chosen`` (a path, or a name in the saves folder), else the newest unfinished
    game. The save is locked while it is played; a save in use elsewhere is refused."""
    from pathlib import Path

    from doomlings_access.cards import CardDataError
    from doomlings_access.safety.lock import SaveInUse
    from doomlings_access.games import of_save
    from doomlings_access.saves import (
        SaveFileError,
        Saved,
        list_saves,
        lock_save,
        read_any_save,
        saves_dir,
        tidy_saves,
    )
    from doomlings_access.ui.session import reserved_words

    tidy_saves()
    candidates: list[Path]
    if chosen:
        path = Path(chosen)
        if not os.path.lexists(path):
            path = saves_dir() / chosen
        candidates = [path]
    else:
        found, problems = list_saves()
        for broken in problems:
            _set_aside(broken, out)
        candidates = [item.path for item in found if not item.over]
        if not candidates:
            out.info("No unfinished game to resume.")
            return 0
    for path in candidates:
        if not os.path.isfile(path):  # nothing to lock or load: say why, touch nothing
            _report(SaveFileError(path, None, _missing_or_odd(path), at_fault=False), out)
            if chosen:
                return 2
            continue
        try:
            lock = lock_save(path)
        except SaveInUse as exc:
            out.info(str(exc))
            if chosen:
                return 2
            continue  # the newest is being played elsewhere: the next unfinished one
        try:
            try:
                saved = read_any_save(path, reserved_words())
            except SaveFileError as exc:
                _report(exc, out)
                if chosen:
                    return 2
                continue
            except CardDataError as exc:
                out.info(f"The cards cannot be loaded, so no game can be: {exc}. No save was changed.")
                return 2
            if saved.game.is_over:
                out.info(f"{shown(path.name)} is a finished game; it is kept as a record.")
                return 0
            if isinstance(saved, Saved) and edition is not None and edition != saved.game.options.edition:
                # a game keeps the printing it began with
                out.info(f"This game is played with the {PRINTINGS[saved.game.options.edition]}; --edition {edition} is for new games.")
            return of_save(saved).resume(saved, console, out, prefs, speech.switch)
        finally:
            if lock is not None:
                lock.release()
    out.info("No saved game could be loaded.")
    return 2


PRINTINGS = {"retail": "retail printing", "first": "first printing"}


def _why_not_a_save(path: Path) -> str:
    """What is wrong with a file ``resume --list`` cannot list ("format: is missing")."""
    from doomlings_access.cards import CardDataError
    from doomlings_access.saves import SaveFileError, read_save

    try:
        read_save(path)
    except SaveFileError as exc:
        return shown(f"{exc.field}: {exc.why}" if exc.field else exc.why, 120)
    except CardDataError:
        return "not checked, since the card data is broken"
    return "its summary is not one the game writes"


def _missing_or_odd(path: Path) -> str:
    if not os.path.lexists(path):
        return "does not exist"
    if os.path.isdir(path):
        return "is a folder, not a saved game"
    return "is not a regular file"


def _keep_broken_settings(out: Output) -> None:
    """Before new settings are written over a file that could not be read or parsed at all
    (nothing of it was used, so the menu could not offer what it held): keep it beside, as
    doctor would. A file with some bad fields is written over instead: the menu offered
    every good one, and the bad ones are named as they are dropped."""
    from doomlings_access.safety.tidy import set_aside
    from doomlings_access.settings import config_path, is_own_settings_file

    path = config_path()
    if not is_own_settings_file(path):
        return
    try:
        kept = set_aside(path)
    except OSError:
        return
    out.info(f"The settings file that could not be used was kept as {shown(kept.name, 100)}.")


def _set_aside(path: Path, out: Output) -> None:
    """Say what is wrong with a save, and keep it under another name (never delete it)."""
    from doomlings_access.cards import CardDataError
    from doomlings_access.saves import SaveFileError, read_save
    from doomlings_access.ui.session import reserved_words

    try:
        read_save(path, reserved_words())
    except SaveFileError as exc:
        _report(exc, out)
    except CardDataError:
        pass  # the cards' fault, said when a game is loaded; the save is left alone


def _report(exc: SaveFileError, out: Output) -> None:
    """Say what is wrong; move the file aside only when it is at fault and the game wrote it
    in its own saves folder. A folder that refuses the rename blocks nothing."""
    from doomlings_access.safety.files import FileRefused, reason
    from doomlings_access.safety.lock import holder
    from doomlings_access.saves import may_set_aside, move_aside

    out.info(f"Cannot load {exc}.")
    path = exc.path
    in_use = holder(path) not in (None, os.getpid())  # another game plays it
    if not os.path.lexists(path):
        return  # nothing there to leave or move ("The file -1 is left as it is" of no file)
    if not exc.at_fault or not may_set_aside(path) or in_use:
        out.info(f"The file {shown(path.name)} is left as it is.")
        return
    try:
        aside = move_aside(path)
    except (OSError, FileRefused) as err:
        out.info(f"It could not be moved aside ({shown(reason(err), 80)}); it is left as it is.")
        return
    out.info(f"The file was kept as {shown(aside.name)}.")


def transcript(args: argparse.Namespace) -> int:
    """``doomlings transcript SAVE|--latest [--out FILE]``: every announcement, as plain text."""
    from pathlib import Path

    from doomlings_access.saves import SaveFileError, list_saves, read_any_save, saves_dir

    if args.latest and args.save:
        print("doomlings: name a save or use --latest, not both", file=sys.stderr)
        return 2
    if args.latest:
        found, _ = list_saves()
        if not found:
            print("doomlings: no saved games", file=sys.stderr)
            return 2
        path = found[0].path
    elif args.save:
        path = Path(args.save)
        if not path.exists():
            path = saves_dir() / args.save
    else:
        print("doomlings: name a save, or use --latest", file=sys.stderr)
        return 2
    try:
        saved_any = read_any_save(path)
    except SaveFileError as exc:
        print(f"doomlings: {exc}", file=sys.stderr)
        return 2
    from doomlings_access.games import of_save

    me = saved_any.seats.humans[0] if len(saved_any.seats.humans) == 1 else None
    return _print_transcript(args, path, of_save(saved_any).transcript(saved_any, me, args))


def _print_transcript(args: argparse.Namespace, path: Path, said: Sequence[Said | SharedSaid]) -> int:
    """Write a transcript's messages to ``--out`` or the screen, and how long they take to say."""
    from pathlib import Path

    from doomlings_access.lines import WIDTH, wrap

    width = WIDTH if args.out else columns(sys.stdout)
    lines = [line for s in said for line in wrap(clean(s.text), width)]
    text = "\n".join(lines) + "\n"
    if args.out:
        problem = _write_transcript(Path(args.out), path, text)
        if problem:
            print(f"doomlings: {problem}", file=sys.stderr)
            return 2
        print(f"Wrote {len(lines)} lines to {shown(args.out, 300)}.")
    else:
        sys.stdout.write(text)
    print(length_of_speech([s.speech for s in said]))
    return 0


WORDS_PER_MINUTE = 175


def length_of_speech(messages: list[str]) -> str:
    """How long a game is to listen to: its messages, their words, and minutes of speech."""
    words = sum(len(m.split()) for m in messages)
    minutes = words / WORDS_PER_MINUTE
    return (
        f"{len(messages)} messages, {words} words: {minutes:.1f} minutes of speech "
        f"at {WORDS_PER_MINUTE} words a minute."
    )


def _write_transcript(out: Path, source: Path, text: str) -> str | None:
    """Write the transcript to ``out``; the reason it was not written, or None (see
    :func:`refused_target`)."""
    from doomlings_access.safety.files import FileRefused, write_atomic

    refused = refused_target(out, source)
    if refused is not None:
        return refused
    try:
        write_atomic(out, text.encode("utf-8"))
    except FileRefused as exc:
        return f"cannot write {exc}"
    except OSError as exc:
        return f"cannot write {shown(str(out), 300)}: {exc.strerror or exc}"
    return None


def refused_target(out: Path, source: Path | None = None) -> str | None:
    """Why a file the player names for output (a transcript, a speech check's WAV) may not be
    written there, or None: never into the game's own folders (saves, settings, cache), never
    over a saved game (``source`` or any other, however its JSON is laid out) or the settings
    file, never over a read-only file. (Links and devices are refused when it is written.)"""
    import stat

    from doomlings_access.cards.loader import cache_folder
    from doomlings_access.saves import saves_dir
    from doomlings_access.settings import config_path

    shown_out = shown(str(out), 300)
    try:
        folder = out.parent.resolve()
        own = {saves_dir().resolve(), saves_dir().parent.resolve(), config_path().parent.resolve()}
        cache = cache_folder()
        if cache is not None:
            own.add(cache.resolve())
    except (OSError, RuntimeError):
        folder, own = None, set()
    if folder in own:
        return f"cannot write {shown_out}: that is the game's own folder; choose another place"
    try:
        st = os.lstat(out)
    except OSError:
        st = None
    if st is not None and stat.S_ISREG(st.st_mode):
        if (source is not None and os.path.samefile(out, source)) or _is_a_save(out):
            return f"cannot write {shown_out}: it is a saved game, and it is not overwritten"
        if not st.st_mode & stat.S_IWUSR:
            return f"cannot write {shown_out}: the file is read-only, and it is not overwritten"
    return None


SAVE_START = re.compile(rb'\A(?:\xef\xbb\xbf)?\s*\{\s*"format"\s*:')
"""How a saved game's file begins, whatever its layout (a reader may have pretty-printed it)."""


def _is_a_save(path: Path) -> bool:
    """Whether ``path`` holds a saved game, whole or cut short: an object with a format field
    first, or anywhere among an object's fields with the game's setup and actions."""
    from doomlings_access.safety.files import FileRefused, read_bounded

    try:
        raw = read_bounded(path, 1 << 24)
    except (OSError, FileRefused):
        return False
    if SAVE_START.match(raw):
        return True
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and "format" in data and ("setup" in data or "actions" in data)


def configure_speech_labels() -> None:
    """Tell speech how labels look in braille and which catastrophe labels exist: the speech
    layer knows neither the braille tables nor the cards (the arrows point that way)."""
    from doomlings_access.braille.labels import unicode_to_label
    from doomlings_access.cards import CardDataError, load_cards
    from doomlings_access.speech.labels import configure

    try:
        labels = [c.label for e in ("retail", "first") for c in load_cards(e).catastrophes.values()]
    except CardDataError:  # the game says so where it loads the cards; speech goes on
        labels = []
    configure(unicode_to_label, labels)


SETTLE_SECONDS = 1.0
"""How long a prompt waits, once, for a new speech engine to show it works or fails."""


class Speech:
    """The current speaker, switchable at the prompt; its notices (a fallback to text, say)
    are printed once, through ``notify``."""

    def __init__(self, mode: str, rate: int | None, voice: str | None) -> None:
        self.rate, self.voice = rate, voice
        self.speaker: Any = None  # a doomlings_access.speech.Speaker, imported only when used
        self.notify: Callable[[str], None] = print
        self.mode = mode

    def switch(self, mode: str) -> str:
        self.close()
        self.mode = mode
        if mode in ("screen-reader", "off"):
            self.speaker = None
            return f"Speech is now {mode}."
        from doomlings_access.speech import make_speaker

        configure_speech_labels()
        self.speaker = make_speaker(mode, rate=self.rate, voice=self.voice or None)
        notices = self.speaker.take_notices()
        return " ".join(notices) if notices else f"Speech is now {mode}."

    def speak(self, text: str, interrupt: bool = False, braille: str | None = None) -> None:
        if self.speaker is not None:
            self.speaker.speak(text, interrupt=interrupt, braille=braille)
            self.tell_notices()

    def prompt(self, text: str, interrupt: bool = False) -> None:
        """A question's prompt ("Choose 1 to 4"), spoken like any line; then a short wait for
        a new engine to show it works, so "Speech is off" comes before the player answers."""
        if self.speaker is not None:
            self.speaker.speak(text, interrupt=interrupt)
            self.speaker.settle(SETTLE_SECONDS)
            self.tell_notices()

    def tell_notices(self, ending: bool = False) -> None:
        """Print what the speaker has to say (speech fell back to text); at the ``ending``, no
        game goes on in text."""
        if self.speaker is not None:
            from doomlings_access.speech.backends import GOES_ON_IN_TEXT

            for notice in self.speaker.take_notices():
                self.notify(notice.removesuffix(f" {GOES_ON_IN_TEXT}") if ending else notice)

    def close(self, flush: bool = False) -> None:
        """Stop speech. With ``flush`` (a normal exit), what is queued is spoken first, for at
        most a few seconds: the final scores and the winner are heard."""
        if self.speaker is not None:
            from doomlings_access.speech.backends import EXIT_FLUSH_CAP

            self.speaker.close(EXIT_FLUSH_CAP if flush else 0.0)
            self.tell_notices(ending=True)  # a failure found as the last lines were spoken is still said
            self.speaker = None


def play(args: argparse.Namespace) -> int:
    """``doomlings play`` (``--game doomcrop``: a game of Doomcrop): the game's own options
    checked by its row of the games' table, then the game at the prompt."""
    from doomlings_access.cards import CardDataError
    from doomlings_access.games import GAMES

    try:
        start = GAMES[args.game].new_game(args, thinking_budget(args))
    except CardDataError:  # (card names are checked against): the cards' fault, said as such
        raise
    except ValueError as exc:
        print(f"doomlings: {exc}", file=sys.stderr)
        return 2
    return _with_output(args, lambda console, out, prefs, speech: start(console, out, prefs, speech.switch))


def _new_doomcrop(ask: Asker, console: Console, out: Output, prefs: Prefs, speech: Speech) -> None:
    """The main menu's new game of Doomcrop: how many players and people, their names and the
    computers' level; one deck for two players, one for each two beyond."""
    from doomlings_access import doomcrop_app
    from doomlings_access.games import GAMES

    reserved = GAMES["doomcrop"].table.reserved
    players = ask.number("How many players, 2 to 6?", 2, 2, 6, "People and computer players together.")
    humans = ask.number(
        f"How many of them are people, 1 to {players}?", 1, 1, players,
        "The people at this keyboard; the other players are the computer's.",
    )
    names = _names_asked(ask, humans, reserved, (), "grid")
    level = _level_asked(ask, players, humans, LEVEL_HELP)
    chosen = doomcrop_app.choices(players, humans, names, [level], None, None, 0, False, _budget(), reserved)
    doomcrop_app.run_new(chosen, console, out, prefs, doomcrop_app.kept_prefs(), speech.switch)


LEVEL_HELP = "Easy plays at random, normal by rules of thumb, hard searches ahead and thinks longer."
"""What the computer levels are, at the menu's question (both games)."""


def _names_asked(
    ask: Asker, humans: int, reserved: frozenset[str], taken: Collection[str], command: str
) -> list[str]:
    """The people's names, asked one by one at the menu (both games); a name refused is said
    and asked again. ``command``: a command of the game, named in the help as one a name may
    not be."""
    names: list[str] = []
    for i in range(humans):
        default = "You" if humans == 1 else PEOPLE_NAMES[i]
        while True:
            typed = ask.text(
                f"Name of person {i + 1}?", default,
                f"A name of at most 30 characters, not a number nor a command like {command}; Enter for {default}.",
            )
            try:
                names = check_names([*names, typed], reserved, taken, range(humans))
            except NameRefused as exc:
                ask.out.info(f"That name cannot be used: {exc}.")
                continue
            break
    return names


def _level_asked(ask: Asker, players: int, humans: int, help_text: str) -> str:
    """The computer players' level, asked at the menu when there are any (else normal)."""
    if humans >= players:
        return "normal"
    pick = ask.choice(
        "Computer level, " + ", ".join(f"{i} {lv}" for i, lv in enumerate(LEVELS, 1)) + "? [normal]: ",
        LEVELS, LEVELS.index("normal"), help_text,
    )
    return LEVELS[pick]


def _with_output(args: argparse.Namespace, body: Body) -> int:
    from doomlings_access.settings import load_settings
    from doomlings_access.ui.session import Prefs

    _exit_on_signals()
    settings, problems = load_settings()
    mode = args.speech or settings.speech
    prefs = Prefs(
        verbosity=args.verbosity or settings.verbosity, labels=args.labels or settings.labels, speech=mode,
        pause=settings.pause if args.pause is None else args.pause, plain=bool(args.plain),
        only_choice=args.only_choice or settings.only_choice, any_time=args.any_time or settings.any_time,
    )
    speech = Speech(mode, settings.rate, settings.voice)
    console = make_console(args.plain)
    out = Output(console.write, speech, lambda: columns(sys.stdout))
    console = SpokenPrompts(console, out)
    speech.notify = lambda text: out.say(Said(text, text), remember=False, speak=False)
    for problem in problems:
        out.info(problem.line)
    started = speech.switch(mode)
    if mode not in ("screen-reader", "off") and started != f"Speech is now {mode}.":
        out.info(started)
    try:
        result = body(console, out, prefs, speech)
    except BaseException:  # Ctrl-C, a signal, an error: silence at once
        speech.close()
        raise
    speech.close(flush=True)
    return int(result)


def _exit_on_signals() -> None:
    """SIGTERM and SIGHUP (terminal closed) end the game at once: it is saved after every action.
    Ctrl-C asks before quitting even when the game was started with SIGINT ignored (a shell
    ignores it in what it starts in the background, and the children inherit that)."""

    def leave(signum: int, frame: object) -> None:
        raise SystemExit(0)

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)

    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), leave)


def companion(args: argparse.Namespace) -> int:
    """``doomlings companion``."""
    from doomlings_access.ui.companion import Companion

    def body(console: Console, out: Output, prefs: Prefs, speech: Speech) -> int:
        try:
            return Companion(console, out, args.edition, prefs.labels).run()
        except EOFError:
            out.info(INPUT_ENDED)
            return 0

    return _with_output(args, body)


INPUT_ENDED = "Input ended. Goodbye."
"""Said when input ends (Ctrl-D, or a script's answers run out) at a menu or a question it
opens: the program leaves, and a listener hears that it did."""
MENU_ITEMS = (
    "New game", "Resume a saved game", "Companion for the braille deck", "Rules and help", "Settings",
    "Learn to play", "Doomcrop: a new game with ordinary playing cards", "Quit",
)


def learn(args: argparse.Namespace) -> int:
    """``doomlings learn [N|FILE] [--list] [--check]``: the lessons, from where the learner
    left off or from lesson N, or a teacher's lesson file; ``--list`` lists them, ``--check``
    plays each (or the file) as its steps ask and says where the engine does not do what it
    says."""
    from pathlib import Path

    from doomlings_access.lines import print_wrapped
    from doomlings_access.progress import load_progress
    from doomlings_access.ui.lessons import Lesson, LessonFileError, load_course, read_lesson
    from doomlings_access.ui.tutor import check_lesson, course_listing

    if args.list and (args.lesson is not None or args.check):
        print("doomlings: learn --list takes no lesson and no --check.", file=sys.stderr)
        return 2
    named_file = args.lesson is not None and args.lesson.endswith(".json")
    try:
        course = [read_lesson(Path(args.lesson), args.lesson)] if named_file else load_course()
    except LessonFileError as exc:
        print(f"doomlings: {exc}", file=sys.stderr)
        return 2
    if args.list:
        progress, problems = load_progress()
        for line in [*(problem.line for problem in problems), *course_listing(course, progress)]:
            print_wrapped(sys.stdout, clean(line))
        return 0
    start = None
    if args.lesson is not None and not named_file:
        start = whole_number(args.lesson, 1, len(course))
        if start is None:
            print(f"doomlings: no lesson {shown(args.lesson, 20)}: the lessons are 1 to {len(course)} (learn --list).", file=sys.stderr)
            return 2
    if args.check:
        checked: list[Lesson] = course if start is None else [course[start - 1]]
        faults = [fault for lesson in checked for fault in check_lesson(lesson)]
        for line in faults or [f"{plural_lessons(len(checked))} as written: the engine does what they say."]:
            print_wrapped(sys.stdout, clean(line))
        return 1 if faults else 0

    def body(console: Console, out: Output, prefs: Prefs, speech: Speech) -> int:
        try:
            if named_file:  # a teacher's lesson: the course's progress is left as it is
                from doomlings_access.ui.tutor import Course

                return Course(course, console, out, prefs, speech.switch, keep_progress=False).run(1)
            return _learn(console, out, prefs, speech, start)
        except EOFError:
            out.info(INPUT_ENDED)
            return 0
        except KeyboardInterrupt:
            out.info("")
            out.info("Stopped. doomlings learn comes back where you left off.")
            return 0

    return _with_output(args, body)


def plural_lessons(n: int) -> str:
    """"The lesson plays" or "All 11 lessons play"."""
    return "The lesson plays" if n == 1 else f"All {n} lessons play"


def _learn(console: Console, out: Output, prefs: Prefs, speech: Speech, start: int | None) -> int:
    """The course at the prompt (from the menu, or ``doomlings learn``): a lesson file at
    fault is said in its line, naming the file and the field, and nothing is played."""
    from doomlings_access.ui.lessons import LessonFileError, load_course
    from doomlings_access.ui.tutor import Course

    try:
        course = load_course()
    except LessonFileError as exc:
        out.info(f"The lessons cannot be loaded: {exc}.")
        return 2
    return Course(course, console, out, prefs, speech.switch).run(start)


def menu(args: argparse.Namespace) -> int:
    """``doomlings`` with no command: the main menu (``--edition`` typed before it is the new
    game's and the companion's)."""
    return _with_output(args, lambda console, out, prefs, speech: _menu_loop(console, out, prefs, speech, args.edition))


def _menu_loop(console: Console, out: Output, prefs: Prefs, speech: Speech, edition: str = "retail") -> int:
    """The main menu until Quit or the end of input. ``back`` or Ctrl-C at a question it opens
    comes back here and says so (what was typed there is dropped, as asked); Ctrl-C at the
    menu itself leaves. A bad line gets one line, then the prompt: the menu is read again
    only when something it opened ends."""
    from doomlings_access.ui.asking import Asker, BackToMenu

    ask = Asker(console, out)
    n = len(MENU_ITEMS)
    listed = ", ".join(f"{i} {item}" for i, item in enumerate(MENU_ITEMS, 1))
    help_text = (
        f"The main menu: {listed}. Type a number or the first letters of a choice. "
        "At the questions that follow, type back or press Ctrl-C to return here."
    )
    try:
        while True:
            out.info("Doomlings main menu.")
            out.lines([f"{i}. {item}" for i, item in enumerate(MENU_ITEMS, 1)])
            try:
                pick = ask.choice(f"Choose 1 to {n}, or ? for help: ", MENU_ITEMS, None, help_text, back=False)
            except KeyboardInterrupt:
                out.info("")  # the prompt's line, left where ^C was pressed, ends
                pick = n - 1
            if pick == n - 1:
                out.info("Goodbye.")
                return 0
            try:
                _menu_item(pick, ask, console, out, prefs, speech, edition)
            except (BackToMenu, KeyboardInterrupt):
                out.info("Back to the main menu.")
    except EOFError:
        out.info(INPUT_ENDED)
        return 0


def _menu_item(
    pick: int, ask: Asker, console: Console, out: Output, prefs: Prefs, speech: Speech, edition: str
) -> None:
    if pick == 0:
        from doomlings_access.doomlings_app import run_game

        choices = _new_game_questions(ask, edition)
        run_game(choices, console, out, prefs, speech.switch)
    elif pick == 1:
        _resume_menu(ask, console, out, prefs, speech)
    elif pick == 2:
        from doomlings_access.ui.companion import Companion

        Companion(console, out, edition, prefs.labels).run()
    elif pick == 3:
        _rules_and_help(ask, prefs)
    elif pick == 4:
        _settings_menu(ask, out, prefs, speech)
    elif pick == 5:
        _learn(console, out, prefs, speech, None)
    else:
        _new_doomcrop(ask, console, out, prefs, speech)


HOW_TO_ANSWER = [
    "Help, at a game's questions:",
    "Each question is a numbered list: type a number, the first letters of an answer, or a card's label.",
    'A label is typed as on a braille keyboard: "db17" in any case, BRF like "DB#17", or Unicode braille.',
    "? or help at any question says what it wants, and lists these commands.",
]


def _rules_and_help(ask: Asker, prefs: Prefs) -> None:
    """The rules by topic, then how a game's questions are answered and its commands: some
    seventy lines, more than a listener holds, so they come as a game's news does, at most
    :attr:`Prefs.pause` lines before "Press Enter for more." (a topic never cut in two), and
    back leaves them."""
    from doomlings_access.lines import rows
    from doomlings_access.ui.rules_text import TOPICS, topic
    from doomlings_access.ui.session import COMMANDS, MORE

    first, *commands = COMMANDS.values()
    blocks = [  # (a command a line: a list longer than the pause is cut where it must be)
        *(topic(name) for name in TOPICS),
        HOW_TO_ANSWER,
        ["Commands at every prompt of a game:", first],
        *([line] for line in commands),
    ]
    out = ask.out
    for block in blocks:
        size = sum(rows(line) for line in block)
        if prefs.pause and out.since_prompt and out.since_prompt + size > prefs.pause:
            ask.read(MORE, ["Press Enter to hear more of the rules and help."])
        out.lines(block)


def _resume_menu(ask: Asker, console: Console, out: Output, prefs: Prefs, speech: Speech) -> None:
    from doomlings_access.saves import list_saves

    found, problems = list_saves()
    for broken in problems:
        _set_aside(broken, out)
    unfinished = [n for n, item in enumerate(found, 1) if not item.over]
    if not unfinished:
        out.info("No unfinished game to resume.")
        return
    out.info("Saved games, newest first:")  # numbered as resume --list numbers them
    for n, item in enumerate(found, 1):
        out.info(item.line(n))
    while True:
        n = ask.number(
            f"Resume which game, 1 to {len(found)}?", unfinished[0], 1, len(found),
            "The game's number in the list, as doomlings resume N takes it; Enter takes the newest unfinished one.",
        )
        if not found[n - 1].over:
            break
        out.info(f"Game {n} is finished; it is kept as a record. Choose an unfinished one.")
    _resume(str(found[n - 1].path), console, out, prefs, speech)


def _new_game_questions(ask: Asker, edition: str = "retail") -> GameChoices:
    players = ask.number("How many players, 2 to 6?", 3, 2, 6, "People and computer players together.")
    humans = ask.number(
        f"How many of them are people, 1 to {players}?", 1, 1, players,
        "The people at this keyboard; the other players are the computer's.",
    )
    from doomlings_access.cards import load_cards
    from doomlings_access.doomlings_app import GameChoices
    from doomlings_access.ui.session import reserved_words

    taken = load_cards(edition).player_names_taken
    names = _names_asked(ask, humans, reserved_words(), taken, "hand")
    level = _level_asked(
        ask, players, humans, f"{LEVEL_HELP} Type a number, the first letters of a level, or press Enter for normal."
    )
    edition, house = _house_rules_question(ask, edition)
    return GameChoices(players, humans, names, [level], edition=edition, house_rules=house)


def _house_rules_question(ask: Asker, edition: str) -> tuple[str, list[str]]:
    """The printing and the house rules of a new game (CONFLICTS.md): Enter keeps the rulebook
    (and the edition typed), ``?`` lists them numbered, numbers separated by commas choose."""
    from doomlings_access.ui.words import HOUSE_RULES as SAID

    flags = list(HOUSE_RULES)
    items = [SAID["edition"], *(SAID[HOUSE_RULES[f]].format(empty_hand_draw=5) for f in flags)]
    default = "the first printing" if edition == "first" else "none"
    keeps = "Enter keeps the first printing, none is the rulebook alone" if edition == "first" else "Enter for none"
    listing = [
        f"House rules: type their numbers or first words, like 2, 4 or all 28; {keeps}.",
        *(f"{n}. {item}" for n, item in enumerate(items, 1)),
    ]
    while True:
        line = ask.read(f"House rules, by number, or ? for the list? [{default}]: ", listing) or default
        if line.lower() == default:
            return edition, []
        if line.lower() == "none":  # (after --edition first: the retail printing, no house rule)
            ask.out.info("Chosen: the rulebook, no house rule.")
            return "retail", []
        if line.lower() == "list":
            ask.out.lines(listing)
            continue
        picks = [p for p in re.split(r"[,;]|\s+(?=\d)", line) if p.strip()]  # "2, 4", "2 4"
        numbers = [whole_number(p.strip(), 1, len(items)) or _one_named(p, items) for p in picks]
        if picks and None not in numbers:
            chosen = sorted({n for n in numbers if n is not None})
            ask.out.info(f"Chosen: {'; '.join(items[n - 1] for n in chosen)}.")
            if edition == "first" and 1 not in chosen:  # (it was dropped without a word)
                ask.out.info(f"The retail printing is played: {items[0]}, typed with --edition, is not among them.")
            return ("first" if 1 in chosen else "retail"), [flags[n - 2] for n in chosen if n > 1]
        ask.out.info(f"Not a choice: {shown(line, 20)}. Type numbers from 1 to {len(items)}, ? for the list, or Enter.")


def _one_named(typed: str, items: list[str]) -> int | None:
    """The number of the one house rule whose words ``typed`` begins ("all 28", "colour"), or None."""
    from doomlings_access.ui.asking import fitting

    found = fitting(typed, items)
    return found[0] + 1 if len(found) == 1 else None


SETTING_HELP = {
    "speech": "Speech: screen-reader lets your screen reader read the game; direct also sends "
    "each line to it; tts speaks with the game's own voice; off says nothing.",
    "verbosity": "Verbosity: terse never reads a trait's effect, normal reads it the first time "
    "it is played, verbose every time.",
    "labels": "Labels: text shows a card's label in letters, like db17; braille in braille cells.",
    "only_choice": "When one trait alone can be played: ask says why and waits for Enter; "
    "play says why and plays it at once.",
    "any_time": "A trait you may play at any time: own offers it after each trait you play; "
    "every after every trait anyone plays, which can be several questions a round.",
}


def _settings_menu(ask: Asker, out: Output, prefs: Prefs, speech: Speech) -> None:
    """The eight settings, each offered as it is in force now (the settings file, and the
    options typed for this session), so that Enter keeps it; then they hold for this session
    and are saved for the next. ``back`` at any of them changes nothing. Over a file with
    bad fields the choices are written (its good fields were offered, so they stay) and the
    bad ones are named as dropped; a file that could not be used at all is kept beside."""
    from doomlings_access.lines import MAX_PAUSE
    from doomlings_access.settings import (
        ANY_TIME,
        LABELS,
        MAX_RATE,
        MIN_RATE,
        ONLY_CHOICE,
        SPEECH_MODES,
        VERBOSITY,
        Settings,
        load_settings,
        save_settings,
    )

    new = Settings(
        speech=_setting(ask, "Speech, ", SPEECH_MODES, prefs.speech, SETTING_HELP["speech"]),
        verbosity=_setting(ask, "Verbosity, ", VERBOSITY, prefs.verbosity, SETTING_HELP["verbosity"]),
        labels=_setting(ask, "Labels, ", LABELS, prefs.labels, SETTING_HELP["labels"]),
        rate=ask.number(
            f"Speech rate, {MIN_RATE} to {MAX_RATE} words a minute?", speech.rate or Settings().rate, MIN_RATE, MAX_RATE,
            "How fast the game's own voice (tts) speaks.",
        ),
        voice=_voice_question(ask, speech.voice or ""),
        only_choice=_setting(
            ask, "When one trait alone can be played, ", ONLY_CHOICE, prefs.only_choice, SETTING_HELP["only_choice"]
        ),
        any_time=_setting(
            ask, "Traits playable any time, offered after ", ANY_TIME, prefs.any_time, SETTING_HELP["any_time"],
            " trait played",
        ),
        pause=ask.number(
            f"Pause for Enter after how many lines, 0 to {MAX_PAUSE}?", prefs.pause, 0, MAX_PAUSE,
            "When more lines than this would come between two questions, the game waits for "
            "Enter first, never after fewer than five (a dozen, the default, are about fifty "
            "seconds of speech, the most a listener holds); 0 never waits.",
        ),
    )
    prefs.speech, prefs.verbosity, prefs.labels = new.speech, new.verbosity, new.labels
    prefs.only_choice, prefs.any_time, prefs.pause = new.only_choice, new.any_time, new.pause
    voice_changed = (new.rate, new.voice or None) != (speech.rate or Settings().rate, speech.voice or None)
    speech.rate, speech.voice = new.rate, new.voice
    if new.speech != speech.mode:
        out.info(speech.switch(new.speech))
    elif voice_changed and new.speech in ("tts", "direct"):  # the engine starts again with them
        restarted = speech.switch(new.speech)
        out.info(f"Speech is {new.speech}, with the new rate and voice." if restarted.startswith("Speech is now") else restarted)
    # (otherwise speech is as it was: saying "Speech is now off." when only the pause changed
    # told of a change nobody made)
    from doomlings_access.safety.files import FileRefused, reason

    problems = load_settings()[1]
    if any(problem.field is None for problem in problems):  # none of it could be used: kept
        _keep_broken_settings(out)
    try:
        path = save_settings(new)
    except (OSError, FileRefused) as exc:
        out.info(f"Settings could not be saved ({shown(reason(exc), 80)}); they hold until you quit.")
        return
    out.info(f"Settings saved to {shown(str(path), 300)}.")
    dropped = [problem.field for problem in problems if problem.field is not None and not problem.kept]
    if dropped:
        out.info(f"The file's {_listed_words(dropped)} could not be used, so {_they(dropped)} not kept.")


def _listed_words(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: the fields named as a sentence says them."""
    shown_words = [shown(word, 40) for word in words]
    return shown_words[0] if len(words) == 1 else f"{', '.join(shown_words[:-1])} and {shown_words[-1]}"


def _they(words: list[str]) -> str:
    return "it is" if len(words) == 1 else "they are"


def _setting(
    ask: Asker, question: str, allowed: tuple[str, ...], current: str, help_text: str, tail: str = ""
) -> str:
    """One setting of a few named values, numbered in the prompt (``question``, the values,
    ``tail``), ``current`` offered for Enter."""
    listed = ", ".join(f"{i} {value}" for i, value in enumerate(allowed, 1))
    pick = ask.choice(
        f"{question}{listed}{tail}? [{current}]: ", allowed, allowed.index(current),
        f"{help_text} Type a number, the first letters of a choice, or press Enter to keep {current}.",
    )
    return allowed[pick]


def _voice_question(ask: Asker, current: str) -> str:
    """The voice of the game's own speech: Enter keeps the one in use, ``default`` clears it
    (the engine's own); what cannot be a voice's name is refused in one line."""
    from doomlings_access.settings import voice_problem

    if current:
        prompt = f"Voice name; Enter keeps {shown(current, 40)}, default for the engine's own: "
        keep = f"press Enter to keep {shown(current, 40)}, or type default for the engine's own voice"
    else:
        prompt = "Voice name, or Enter for the engine's own: "
        keep = "or press Enter for the engine's own voice"
    help_text = f"The voice the game's own speech (tts) uses: type its name, like en-us or Alex, {keep}."
    while True:
        voice = ask.read(prompt, [help_text])
        if not voice:
            return current
        if voice.casefold() == "default":
            return ""
        problem = voice_problem(voice)
        if problem is None:
            return voice
        ask.out.info(f"{problem} Type another, or ? for help.")
