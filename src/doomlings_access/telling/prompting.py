"""What every game's prompt loop does the same way, whatever the game: the pace of what is
told, reading a line (Ctrl-C asks to quit, the end of input quits), quitting, and the commands
that are the same in every game (log, repeat, verbosity, speech), and the hand-over between
people sharing the keyboard.

The pace: a listener takes in a dozen lines at a time. When more than the ``pause`` setting's
lines would come between two prompts, "Press Enter for more." comes first, but never after
fewer than :data:`~doomlings_access.lines.FEWEST` lines (an Enter a line or two after the
last one is a key for nothing): a story that does not fit then is parted between two of its
sentences.
"""

from __future__ import annotations

import re
import shlex
import signal
import sys
import threading
import time
from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from doomlings_access.kernel.decisions import Choice, Decision, Value
from doomlings_access.kernel.players import Agent, thinking_time, turn_begins
from doomlings_access.lines import FEWEST, PAUSE, rows
from doomlings_access.safety.text import MAX_DIGITS
from doomlings_access.telling.questions import Question
from doomlings_access.telling.words import NORMAL, VERBOSITIES, Said, capital, choose_from, join, plural
from doomlings_access.telling.answers import PLAIN, AnswerWords, HeldBack, read_answer
from doomlings_access.telling.console import Console, clean_typed, is_number, not_an_answer, shorten, yes_or_no
from doomlings_access.telling.output import Output

MORE = "Press Enter for more. "
"""The prompt of a pause (:meth:`Prompting.pause`)."""
SPEECH_MODES = ("screen-reader", "direct", "tts", "off")
PLAIN_HAND_OVERS = (
    "Plain mode cannot clear the screen: at each hand-over, the lines above it were for the "
    "person before. Read from the hand-over down."
)
"""Said to people sharing the keyboard in plain mode once, before the first hand-over (after the
second person's Enter it came too late)."""

SHARED_COMMANDS = {
    "log": "log N, l: the last N announcements (default 10)",
    "repeat": "repeat, r: say the last announcement again",
    "verbosity": "verbosity LEVEL, v: terse, normal or verbose",
    "speech": "speech MODE: screen-reader, direct, tts or off",
    "options": "options, o: list the choices again",
    "help": "help, ?: what this question wants, and the commands",
    "quit": "quit, q: leave the game (asks first)",
}
"""The commands every game has, after its own review commands."""
SHARED_ALIASES = {"l": "log", "r": "repeat", "v": "verbosity", "o": "options", "?": "help", "q": "quit"}


@dataclass
class Prefs:
    """How a person wants to be told any game (the settings every game shares)."""

    verbosity: str = NORMAL
    labels: str = "text"
    speech: str = "screen-reader"
    pause: int = PAUSE
    """When more than this many lines would come between two prompts, wait for Enter first
    (0: never wait)."""
    plain: bool = False
    """``--plain`` was typed: plain line input, kept when the game is resumed."""
    only_choice: str = "ask"
    """``play``: what a person alone could answer is answered after saying so, without
    waiting for them (Doomlings: the one playable trait, played without waiting for Enter;
    Doomcrop: a question of one answer, not asked); ``ask``: they are asked."""


class QuitGame(Exception):
    """The player chose to leave."""


T = TypeVar("T")


class Prompting:
    """The game-agnostic half of a prompt loop (see the module's text). A game's loop gives it
    the console, the output, the settings, whether anyone is at the keyboard, and its commands;
    it answers :meth:`command` and :meth:`help` for what is typed at a pause."""

    playing = "game"
    """What the person leaves when they quit ("Quit the game?"; a lesson's is "lesson")."""
    answers: AnswerWords = PLAIN
    """What the game adds to the one reader of answers (:mod:`.answers`): its labels, its
    guesses at a misspelling, its reasons a card is held back, its help's ways to answer."""
    paced = True
    """A thinking computer's turn waits out its thinking time (:meth:`wait_out_thinking`);
    False only where what is told is compared, not when (the tests that give the search a
    minute and a few sampled games, to repeat its answers)."""

    def __init__(
        self, console: Console, output: Output, prefs: Prefs, humans: list[int],
        commands: Mapping[str, str], aliases: Mapping[str, str],
        change_speech: Callable[[str], str] | None = None,
    ) -> None:
        self.console = console
        self.out = output
        self.prefs = prefs
        self.humans = humans
        self.commands = dict(commands)
        self.aliases = dict(aliases)
        self.change_speech = change_speech
        self.console_ended = False
        """Standard input ended (a script's answers ran out)."""
        self.plain_warned = False
        """Whether the people sharing a keyboard in plain mode were told the screen stays."""
        self.letters_explained: set[str] = set()
        """The one-letter commands said to begin a choice too (:meth:`say_letter_is_a_command`)."""
        self.me = humans[0] if len(humans) == 1 else None
        """The one person at the table (None: none, or people sharing the keyboard)."""
        self.holder: int | None = None
        """Which person has the keyboard (people sharing it)."""
        self.names: Sequence[str] = ()
        """The players' names, by seat (a game's loop sets them)."""
        self.histories: dict[int | None, list[Said]] = {None: self.out.history}
        """Each listener's history (``log``, ``repeat``): people sharing the keyboard keep their
        own (a game's loop sets the one person's)."""
        self.agents: Mapping[int, Agent[Any]] = {}
        """The computer players, by seat (a game's loop sets its own)."""
        self.reflexes: dict[int, Agent[Any]] = {}
        """The normal computer players that answer at once a question asked for what a seat
        holds (:meth:`quick_answer`), by seat."""
        self.answered_unasked: dict[int, list[str]] = {}
        """People sharing the keyboard: what was answered for each while another had it, told
        at their next hand-over (:meth:`tell_answered_unasked`)."""
        self.thought_until: float | None = None
        """When the turn of the computer last said to be thinking may be told."""
        self.recap: list[Said] = []
        """A resumed game's last announcements, told when it runs (:meth:`tell_recap`)."""
        self.resumed_by: Callable[[Prefs], str] | None = None
        """The command that goes on with the saved game, from the settings played with (None:
        the game is not saved); said after quitting."""
        self.saved_through: Callable[[], int | None] | None = None
        """How many answers the save on disk holds (None: it could not be written; no
        function: every answer)."""

    # --- hooks a game's loop answers ------------------------------------------------------
    def command(self, command: str, arg: str, q: Any) -> None:
        """A command typed at a question ``q`` (the game's) or at a pause (None)."""
        raise NotImplementedError

    def help(self, q: Any, goes_on: str = "") -> None:
        """What the prompt waits for, then the commands: at a pause (``q`` None), what Enter
        does (``goes_on``); at a question, what it asks and the ways to answer that its
        options take (the game's :attr:`answers`), then what it is for (:meth:`question_help`)."""
        if not isinstance(q, Question):
            said = f"Press Enter {goes_on}" if goes_on else "More is to be told: press Enter to hear it"
            self.out.info(f"{said}, or type a command first.")
        else:
            for line in self.answers.how_to_answer(q):
                self.out.info(line)
            self.out.lines(self.question_help(q))
        self.list_commands()

    def question_help(self, q: Question) -> list[str]:
        """What ``help`` says of question ``q`` after the ways to answer it (the game's)."""
        return []

    def show(self, q: Question) -> None:
        """Question ``q`` and its options (its title kept with the news before it, a pause
        first when they do not fit)."""
        self.make_room(q.title.text)
        for said in q.lines():
            self.out.say(said, remember=False)

    @staticmethod
    def again(q: Any) -> str:
        """What the prompt waits for, to end a message that sends the player back to it."""
        return f"Choose 1 to {len(q.options)}, or ? for help." if q is not None else MORE.strip()

    def shared_command(self, command: str, arg: str, q: Any) -> bool:
        """The commands every game's prompt answers alike (log, repeat, verbosity, speech,
        help, options, quit), carried out; False for a command that is the game's own."""
        if command == "log":
            self.log(arg, self.again(q))
        elif command == "repeat":
            self.repeat()
        elif command == "verbosity":
            self.set_verbosity(arg.lower())
        elif command == "speech":
            self.set_speech(arg.lower())
        elif command == "help":
            self.help(q)
        elif command == "options" and q is not None:
            self.show(q)
        elif command == "options":
            self.out.info(f"Nothing to choose yet. {self.again(q)}")
        elif command == "quit":
            if self.confirm_quit():
                raise QuitGame()
            if q is not None:
                self.show(q)
        else:
            return False
        return True

    def command_at_pause(self, command: str, arg: str) -> None:
        """A command typed at a pause (a game may read the table there as far as it was heard)."""
        self.command(command, arg, None)

    def verbosity_changed(self, verbosity: str) -> None:
        """The listener chose another verbosity: the announcers follow."""

    # --- the save, and quitting ---------------------------------------------------------------
    def answers_given(self) -> int:
        """How many answers the game has had (a game's loop counts its game's)."""
        raise NotImplementedError

    def saved_state(self) -> tuple[int | None, int] | None:
        """How many answers the save on disk holds (None: it could not be written) and how many
        were given; None for a game that is not saved (a lesson, a scenario: no
        :attr:`resumed_by`)."""
        if self.resumed_by is None:
            return None
        saved = self.saved_through() if self.saved_through is not None else self.answers_given()
        return saved, self.answers_given()

    def resume_command(self) -> str:
        """The command that goes on with the saved game, with the settings it is played with
        now (:func:`resume_words`)."""
        assert self.resumed_by is not None
        return self.resumed_by(self.prefs)

    def unsaved_loss(self) -> str | None:
        """What quitting now would lose, in one sentence, or None when the save holds every
        move (or the game is not saved at all)."""
        state = self.saved_state()
        if state is None:
            return None
        saved, done = state
        if saved is None:
            return "This game could not be saved: quitting loses it."
        if saved < done:
            return "The last moves could not be saved: quitting loses them."
        return None

    def say_how_to_go_on(self) -> None:
        """After quitting: whether the game is saved, and the command that resumes it (from its
        last save, when its last moves could not be written)."""
        state = self.saved_state()
        saved, done = state or (None, 0)
        if saved is None:
            self.out.info("You left the game." + (" It could not be saved." if state else ""))
            return
        if saved < done:
            self.out.info("You left the game. Its last moves could not be saved.")
            self.out.info("To go on from its last save, type:")
        else:
            self.out.info("You left the game. It is saved; to go on, type:")
        command = self.resume_command()
        aloud = f"{typed_aloud(command)}. Or run doomlings and choose Resume a saved game."
        self.out.say(Said(command, aloud), whole=True)

    def tell_recap(self) -> None:
        """A resumed game's last announcements (:attr:`recap`), a few lines at a time as news
        is (they came as one burst of a dozen lines and more), the heading with the first. For
        one person they are the end of the history, put back as they are told: ``repeat`` at a
        pause among them said the game's last announcement, not yet heard again."""
        if not self.recap:
            return
        one = len(self.humans) == 1 and self.out.history[-len(self.recap) :] == self.recap
        if one:
            del self.out.history[-len(self.recap) :]
        heading = f"The last {plural(len(self.recap), 'announcement')}:"
        for i, said in enumerate(self.recap):
            if not i:
                self.make_room(heading, said.text)
                self.out.info(heading)
            self.say_in_stretches(said, remember=one)
        self.recap = []

    # --- pace -----------------------------------------------------------------------------
    def tell_together(self, blocks: Sequence[Sequence[Said]]) -> None:
        """The end of a game (the final scores, itemised, a player at a time; the Discard
        piles): with six players some thirty lines, so the game waits for Enter before a block
        as it does between two questions (:meth:`make_room`). The game is over and saved: when
        input ends at such a pause, the rest is printed (it was lost, the winner with it);
        quitting there stops. A last block of a line or two (the placings) is told with the
        block before it: a pause for a single line was one Enter for nothing."""
        if len(blocks) > 1 and sum(rows(said.text) for said in blocks[-1]) <= 2:
            blocks = [*blocks[:-2], [*blocks[-2], *blocks[-1]]]
        lines = [said for block in blocks for said in block]
        told = 0
        try:
            for block in blocks:
                self.make_room(*(said.text for said in block))
                for said in block:  # (a block too long for what is left, with too little told
                    self.make_room(said.text)  # to wait before it, is parted between two lines)
                    self.out.say(said, remember=False)
                    told += 1
        except QuitGame:
            if self.console_ended:
                for said in lines[told:]:
                    self.out.say(said, remember=False)

    def room(self) -> int | None:
        """How many more lines may come before the next prompt (None: no limit)."""
        limit = self.prefs.pause
        return limit - self.out.since_prompt if limit and self.humans else None

    def may_pause(self) -> bool:
        """Whether enough has been told since the last prompt for a pause to come now: never
        after fewer than :data:`~doomlings_access.lines.FEWEST` lines (an Enter a line or two
        after the last one)."""
        since = self.out.since_prompt
        return bool(since) and since >= min(FEWEST, self.prefs.pause)

    def make_room(self, *texts: str) -> None:
        """When ``texts`` (one message, or lines kept together) would take what came since the
        last prompt past the ``pause`` setting, wait for Enter first, if enough was told to
        wait after (:meth:`may_pause`); otherwise the caller parts what it tells."""
        room = self.room()
        if room is not None and sum(rows(t) for t in texts) > room and self.may_pause():
            self.pause()

    def say_in_stretches(self, said: Said, remember: bool = True, after: int = 0) -> None:
        """One message, a pause first when it does not fit what is left of the stretch (with
        room for ``after`` lines after it); when too little has been told yet to wait, it is
        parted at a sentence where the lines run out, and the rest follows the pause. The
        history (log, repeat) keeps it whole, as its first part is told."""
        parts = list(said.sentences) or [said]
        remembered = False
        while parts:
            room = self.room()
            if room is None or rows(_joined(parts).text) + after <= room:
                chunk, parts = parts, []
            elif self.may_pause():
                self.pause()
                continue
            else:
                fit = 0
                while fit < len(parts) and rows(_joined(parts[: fit + 1]).text) <= room:
                    fit += 1
                if after and fit == len(parts):
                    fit -= 1  # (the last sentence goes with what comes after, past the pause)
                fit = max(fit, 1)  # (one sentence longer than the room is said whole)
                chunk, parts = parts[:fit], parts[fit:]
            self.out.say(said if not remembered and not parts else _joined(chunk), remember=False)
            if not remembered:
                if remember:
                    self.out.history.append(said)
                remembered = True

    def pause(self, prompt: str = MORE, goes_on: str = "") -> None:
        """Wait for Enter before the game goes on (``goes_on``: what Enter does, for the help);
        commands work here as at a question, and anything else goes on."""
        while True:
            command, arg = self.as_command(clean_typed(self.read_raw(prompt, list(self.commands))))
            if command is None:
                return
            if command == "help":
                self.help(None, goes_on)
                continue
            self.command_at_pause(command, arg)

    # --- reading ------------------------------------------------------------------------------
    def as_command(self, line: str) -> tuple[str | None, str]:
        """The command a typed line names (:func:`named_command`)."""
        return named_command(line, self.commands, self.aliases)

    def read_raw(self, prompt: str, words: list[str] | None = None, waiting: str = "") -> str:
        """A line typed at ``prompt``; Ctrl-C asks to quit; the end of input quits.
        ``waiting``: what an empty prompt waits for, said again when the game goes on
        ("Going on." alone left a silent prompt)."""
        while True:
            try:
                line = self.console.read(prompt, words or [])
            except KeyboardInterrupt:
                self.out.info("")
                if self.confirm_quit(say_going_on=not waiting):
                    raise QuitGame() from None
                if waiting:
                    self.out.info(f"Going on. {waiting}")
                continue
            except EOFError:
                self.console_ended = True
                raise QuitGame() from None
            self.out.answered()
            return line

    def confirm_quit(self, say_going_on: bool = True) -> bool:
        """Quit on a clear yes (the game is saved); no, or Enter, goes on and says so (unless
        the caller says more); anything else (an arrow key, Ctrl-D) is not taken either way,
        and asked again. When the save is behind the game (a full disk, a saves folder that is
        a file), the question first says what quitting loses: afterwards is too late to go on."""
        loss = self.unsaved_loss()
        if loss:
            self.out.info(loss)
        while True:
            try:
                line = self.console.read(f"Quit the {self.playing}? Type y to quit, n to go on: ")
            except (EOFError, KeyboardInterrupt):
                return True
            answer = yes_or_no(line, default=False)
            if answer is None:
                self.out.info(not_an_answer(line))
                continue
            if not answer and say_going_on:
                self.out.info("Going on.")
            return answer

    # --- computer players ------------------------------------------------------------------------
    @staticmethod
    def think(agent: Agent[Any], view: Any, d: Decision) -> Value:
        """``agent.choose``, with Ctrl-C never lost. A KeyboardInterrupt raised while Python
        finalizes one of the search's many generators is printed and dropped by the interpreter
        ("Exception ignored in"), and the game went on as if no key was pressed: the handler
        also notes the key, and the interrupt is raised again once the answer is in."""
        if threading.current_thread() is not threading.main_thread():
            return agent.choose(view, d)
        pressed = False

        def on_ctrl_c(signum: int, frame: object) -> None:
            nonlocal pressed
            pressed = True
            raise KeyboardInterrupt

        def quietly(unraisable: sys.UnraisableHookArgs) -> None:
            if not issubclass(unraisable.exc_type, KeyboardInterrupt):
                hook(unraisable)

        hook = sys.unraisablehook
        previous = signal.signal(signal.SIGINT, on_ctrl_c)
        sys.unraisablehook = quietly
        try:
            answer = agent.choose(view, d)
        finally:
            signal.signal(signal.SIGINT, previous)
            sys.unraisablehook = hook
        if pressed:
            raise KeyboardInterrupt
        return answer

    def thinking_begins(self, agent: Agent[Any]) -> None:
        """A computer that thinks long was just said to be thinking at the start of its turn:
        its questions of the turn, together, are to be thought out within its thinking time
        (:func:`~doomlings_access.kernel.players.turn_begins`), and nothing of the turn is told
        before that time is up (:meth:`wait_out_thinking`)."""
        if self.paced:
            self.thought_until = time.monotonic() + turn_begins(agent)

    def wait_out_thinking(self) -> None:
        """Before any of the turn of a computer said to be thinking is told, its thinking time
        since the notice is waited out, for the whole turn. Its turn came at once when the
        rules had played its one playable card (no question to think about) and a thinking
        time later when it had a choice, so when it came said which (0 ms against a median of
        1,036 ms, measured in Doomlings); a search done early (its sampled games all played)
        said as much. And each question of a turn had its own thinking time, where the rules
        skip a question of one answer, which may depend on what the computer holds: a turn of
        three questions came three thinking times after its notice (measured, 3.0 s at 1 s),
        one of one question after one. The turn's questions now share one thinking time, and
        what is left of the turn after a person's answer comes no sooner than its end
        either. Doomcrop's game waited for nothing: its turns came as its searches ended."""
        until = self.thought_until
        left = 0.0 if until is None else until - time.monotonic()
        if left <= 0:
            return
        try:
            time.sleep(left)
        except KeyboardInterrupt:  # Ctrl-C while a computer thinks: as at a question
            self.out.info("")
            if self.confirm_quit():
                raise QuitGame() from None

    def thought_answer(self, agent: Agent[Any], view: Any, d: Decision) -> Value:
        """A computer player's answer to ``d`` from its ``view`` (:meth:`think`). Ctrl-C while it
        thinks is as at a question: quit? (with nobody at the keyboard, quit at once), and on no
        it thinks again (nothing was applied)."""
        while True:
            try:
                return self.think(agent, view, d)
            except KeyboardInterrupt:
                self.out.info("")
                if not self.humans or self.confirm_quit():
                    raise QuitGame() from None

    # --- answers --------------------------------------------------------------------------------
    def answer_to(self, q: Question) -> Choice:
        """Question ``q`` asked of the person at the keyboard until a line typed answers it
        (commands carried out, a wrong answer said in one line, and the same question again)."""
        self.show(q)
        while True:
            answer = self.interpret(q, self.read(q))
            if answer is not None:
                return answer

    def read(self, q: Question) -> str:
        """A line typed at question ``q``'s prompt."""
        return self.read_raw(f"Choose 1 to {len(q.options)}, or ? for help: ", self.completions(q))

    def completions(self, q: Question) -> list[str]:
        """What Tab completes at question ``q``: the commands, and each option's name as it is
        shown ("Selective Memory": its lower-case key made what was typed lower case) and its
        other words (a label)."""
        out = list(self.commands)
        for o in q.options:
            shown_name = o.text.split(",")[0]
            out.extend(shown_name if w == shown_name.lower() else w for w in o.words if w)
        return out

    def interpret(self, q: Question, raw: str, held: Sequence[HeldBack] = ()) -> Choice | None:
        """The choice a line typed at question ``q`` makes (:func:`~.answers.read_answer`, as
        the game's :attr:`answers` read it; ``held``: the asker's cards ``q`` does not offer,
        with why), or None after a command carried out or the one line that says why not."""
        reply = read_answer(q, raw, self.answers, self.as_command, held)
        if reply.command is not None:
            self.say_letter_is_a_command(q, clean_typed(raw).lower(), reply.command)
            self.command(reply.command, reply.arg, q)
            return None
        if reply.value is None:
            self.out.info(reply.said)
            return None
        return Choice(q.decision.player, reply.value)

    def say_letter_is_a_command(self, q: Question, letter: str, command: str) -> None:
        """A command's one-letter shortcut that also begins a choice is the command; so that
        the listener knows why their choice was not made, it is said (:func:`letter_is_a_command`),
        before the command's answer and once a game for each letter (after every ``s`` it came
        again, after the scores)."""
        said = letter_is_a_command(q, letter, command)
        if said and letter not in self.letters_explained:
            self.letters_explained.add(letter)
            self.out.info(said)

    # --- a look-up among several ----------------------------------------------------------------
    def look_up(
        self, typed: str, q: Any, find: Callable[[str], tuple[Sequence[T], list[str]]],
        tell: Callable[[T], None], carry_out: Callable[[str, str], None], command: str = "card",
    ) -> None:
        """``card NAME`` (``command``), any game's: what ``find`` finds for ``typed`` (the
        things, and the lines that list them), told by ``tell`` when one fits; when several
        fit, or the name is misspelt, they are numbered and the player picks one (Enter goes
        back to the question ``q``). Another command typed there is carried out as at the
        question (``carry_out``); another name looked up (a few in a row, then back)."""
        asked = ""  # the name whose things were last offered, offered again after a name found nothing
        for _ in range(5):
            found, listing = find(typed)
            self.out.lines(listing)
            if not found and asked:
                typed, asked = asked, ""
                continue
            if len(found) > 1 or (listing and found):
                asked = typed
                pick = choose_from(len(found))
                line = clean_typed(self.read_raw(f"Which {command}? {pick}, or Enter to go back: "))
                named, arg = self.as_command(line)
                if named == "help":
                    self.out.info(f"{pick}, type another {command}'s name, or press Enter to go back.")
                    continue
                if named not in (None, command):  # by its name or its letter: "p zoe"
                    carry_out(named, arg)
                    return
                if is_number(line) and 1 <= int(line) <= len(found):
                    found = [found[int(line) - 1]]
                elif line.strip() and not is_number(line):  # a name typed instead ("c tiny" too): looked up
                    typed = (arg if named == command else "") or line.strip()
                    continue
                elif line.strip():  # a number not among them: asked again
                    self.out.info(f"{shorten(line.strip())} is not one of them.")
                    continue
                else:
                    self.out.info(("Back to the question. " if q else "") + self.again(q))
                    return
            if found:
                tell(found[0])
            return

    # --- whose the telling is -------------------------------------------------------------------
    def listener(self) -> int | None:
        """Whose seat the news is told from: the one person, or the person at the keyboard."""
        return self.me if self.me is not None else self.holder

    def viewer(self, q: Question | None) -> int:
        """Whose view a command reads: the seat asked, or at a pause the person at the keyboard
        (before anyone has it, the first person's)."""
        if q is not None:
            return q.decision.player
        seat = self.listener()
        return seat if seat is not None else self.humans[0]

    # --- questions asked only of a seat holding something for them ----------------------------
    def asked_for_what_is_held(self, d: Decision) -> bool:
        """Whether ``d`` is asked of its seat only because of what that seat holds (the game
        says: Doomcrop's Hearts defence, Doomlings' traits played out of turn)."""
        return False

    def answers_quickly(self) -> bool:
        """Whether a quick answer can be given for a seat (:meth:`reflex_agent`): without one,
        every question is asked, or thought about, as any other."""
        return False

    def reflex_agent(self, seat: int) -> Agent[Any]:
        """The normal computer player of ``seat``, which answers such a question at once."""
        raise NotImplementedError

    def seat_view(self, seat: int) -> Any:
        """What ``seat`` may know now (what its person is told, what its computer decides from)."""
        raise NotImplementedError

    def answered_for_you(self, view: Any, d: Decision, answer: Value) -> str:
        """What was answered for a person while another had the keyboard, as a clause said to
        them at their next hand-over, read from their ``view`` before the answer ("" : nothing)."""
        return ""

    def done_for_you(self, clauses: list[str]) -> str:
        """What was answered for a person, from each answer's clause (:meth:`answered_for_you`),
        as said in "While others had the keyboard, ..."."""
        return join(clauses)

    def held_question(self, d: Decision) -> bool:
        """Whether ``d`` is asked only for what its seat holds, with people at the table (a
        computer alone with computers thinks as ever)."""
        return bool(self.humans) and self.answers_quickly() and self.asked_for_what_is_held(d)

    def answered_at_once(self, d: Decision) -> bool:
        """A computer that thinks answers a question asked only for what it holds at once,
        as the normal computer player (:meth:`quick_answer`): its search would take its whole
        budget there, and a person waiting would hear the game stop only when that computer
        held something for the moment, whatever it then did. The timing told what the words
        do not. So too any question of another's turn, with people at the table (a card to
        discard for another's play, or a catastrophe's): the rules take a question of one
        answer without asking, so whether it is asked at all can depend on its hand, and only
        its own turn has a thinking time the table waits out whatever it holds."""
        if not self.agents[d.player].thinks or not self.humans or not self.answers_quickly():
            return False
        turn = self.seat_view(d.player).active  # (whose turn it is: every view says it)
        return self.asked_for_what_is_held(d) or turn not in (None, d.player)

    def answered_for(self, d: Decision) -> bool:
        """People sharing the keyboard: a question asked only for what a person holds, while
        another has the keyboard, is answered for them as the normal computer player would
        from their seat, without handing them the keyboard: "Pass to Ben." in the middle of
        Ana's turn told Ana what Ben holds. The keyboard changes hands only where it would
        whatever anyone holds; the person hears what was answered for them at their next
        hand-over (:meth:`tell_answered_unasked`), and at the keyboard they are asked as ever."""
        return (
            len(self.humans) > 1 and d.player in self.humans and d.player != self.holder and self.held_question(d)
        )

    def quick_answer(self, d: Decision) -> Value:
        """The normal computer player's answer for ``d``'s seat, from its view (at once); for a
        person, what it did is kept to tell them at their next hand-over."""
        agent = self.reflexes.get(d.player)
        if agent is None:
            agent = self.reflexes[d.player] = self.reflex_agent(d.player)
        view = self.seat_view(d.player)
        answer = agent.choose(view, d)
        if d.player in self.humans:
            said = self.answered_for_you(view, d, answer)
            if said:
                self.answered_unasked.setdefault(d.player, []).append(said)
        return answer

    def tell_answered_unasked(self, seat: int, whose: str = "") -> None:
        """What was answered for ``seat``'s person while others had the keyboard, told to them
        (``whose``: their name first, when the game ended before their hand-over)."""
        done = self.answered_unasked.pop(seat, [])
        if done:
            said = f"while others had the keyboard, {self.done_for_you(done)}, as the normal computer player would have."
            self.out.info(f"{whose}: {said}" if whose else capital(said))

    # --- people sharing the keyboard ----------------------------------------------------------
    def pass_keyboard_to(self, name: str, leaving: str | None) -> None:
        """"Pass to Ben.": the hand-over between people at one keyboard, the same in every game.
        What was just told is read before the screen is cleared (the person leaving, ``leaving``
        by name, presses Enter first; nothing of theirs stays on the screen or its scrollback
        for the next to read); where the screen cannot be cleared, all are told once, before the
        first hand-over, to read from the hand-over down; then the next person's Enter
        (:meth:`take_keyboard` makes the keyboard theirs)."""
        can_clear = getattr(self.console, "can_clear", None)
        clears = callable(can_clear) and bool(can_clear())
        if clears and self.out.since_prompt:
            if leaving is not None:
                self.pause(f"{leaving}, press Enter to pass the keyboard. ", "to pass the keyboard")
            else:
                self.pause("Press Enter to go on. ", "to go on")
        clear = getattr(self.console, "clear", None)
        cleared = callable(clear) and clear()
        if not cleared and not self.plain_warned:  # said before the first hand-over, to all
            self.plain_warned = True  # (after the second person's Enter, it came too late)
            self.out.info(PLAIN_HAND_OVERS)
        self.out.info(f"Pass to {name}. Press Enter when {name} is ready.")
        self.wait_for(name)

    def wait_for(self, name: str) -> None:
        """The hand-over's Enter. A command typed there is the person leaving's, or the next's
        before the keyboard is theirs: it is not carried out (the next person's cards would
        show), except quit; anything else means the next person is ready."""
        while True:
            line = self.read_raw("", list(self.commands), f"Press Enter when {name} is ready.")
            command, _ = self.as_command(clean_typed(line))
            if command is None:
                return
            if command == "quit":
                if self.confirm_quit(say_going_on=False):
                    raise QuitGame()
                self.out.info(f"Going on. Press Enter when {name} is ready.")
                continue
            self.out.info(f"Commands work once {name} has the keyboard. Press Enter when {name} is ready.")

    def take_keyboard(self, seat: int) -> None:
        """The hand-over of the keyboard to ``seat``'s person, every game's: "Pass to Ben."
        (:meth:`pass_keyboard_to`), then the keyboard is theirs: the console keeps their own
        input history where it can, they hear what was answered for them while others had it
        (:meth:`tell_answered_unasked`), and ``log`` and ``repeat`` read their own history. The
        game's loop then saves who has it and tells them their news, from their seat."""
        leaving = self.holder
        self.pass_keyboard_to(self.names[seat], None if leaving is None else self.names[leaving])
        self.holder = seat
        listening = getattr(self.console, "listening", None)
        if callable(listening):
            listening(seat)
        self.tell_answered_unasked(seat)
        self.out.history = self.histories.setdefault(seat, [])

    # --- the commands every game has ------------------------------------------------------------
    def log(self, arg: str, again: str) -> None:
        """``log N``: the last N announcements (10 without a number; a huge number: all)."""
        if arg and not (is_number(arg) and int(arg) > 0):
            if not (arg.isascii() and arg.isdigit() and int(arg[: MAX_DIGITS + 1] or 0) > 0):
                self.out.info(f"Log needs a number from 1, like log 5. {again}")
                return
            arg = str(len(self.out.history))
        past = self.out.history[-(int(arg) if arg else 10) :]
        if not past:
            self.out.info("Nothing has been announced yet.")
        for said in past:
            self.out.say(said, remember=False)

    def repeat(self) -> None:
        if self.out.history:
            self.out.say(self.out.history[-1], remember=False)
        else:
            self.out.info("Nothing has been announced yet.")

    def set_verbosity(self, arg: str) -> None:
        if arg in VERBOSITIES:
            self.prefs.verbosity = arg
            self.verbosity_changed(arg)
            self.out.info(f"Verbosity is now {arg}.")
        else:
            refused = f"No verbosity {shorten(arg)}. " if arg else ""
            self.out.info(f"{refused}Verbosity is {self.prefs.verbosity}. Choose terse, normal or verbose.")

    def set_speech(self, arg: str) -> None:
        if arg in SPEECH_MODES and self.change_speech is not None:
            message = self.change_speech(arg)
            self.prefs.speech = arg
            self.out.info(message or f"Speech is now {arg}.")
        else:
            self.out.info(f"Speech is {self.prefs.speech}. Choose screen-reader, direct, tts or off.")

    def list_commands(self) -> None:
        self.out.info("Commands:")
        self.out.lines(list(self.commands.values()))


def named_command(line: str, commands: Container[str], aliases: Mapping[str, str]) -> tuple[str | None, str]:
    """The command a typed line names (its first word, or that word's alias) and the rest as
    typed (a name keeps its case); no command when the first word is none.

    >>> named_command("p Zoë", ["pile"], {"p": "pile"}), named_command("pass", ["pile"], {"p": "pile"})
    (('pile', 'Zoë'), (None, ''))
    """
    word, _, rest = line.strip().partition(" ")
    command = aliases.get(word.lower(), word.lower())
    return (command, rest.strip()) if command in commands else (None, "")


def letter_is_a_command(q: Question, letter: str, command: str) -> str:
    """A command's one-letter shortcut that also begins a choice (p for Pass, d for Done,
    r for Red; in Doomcrop b for back left) runs the command, which only tells; a choice
    played unasked could not be taken back. What is said so that the listener knows why their
    choice was not made (nothing for a longer word, or a letter that begins no choice)."""
    if len(letter) != 1:
        return ""
    begun = [i for i, o in enumerate(q.options, 1) if o.text.lower().startswith(letter)]
    if not begun:
        return ""
    names = join([q.options[i - 1].text.split(",")[0] for i in begun], "or")
    numbers = join([str(i) for i in begun], "or")
    return f"{letter} is the {command} command; to choose {names}, type {numbers}."


THINKING_NOTICE = 0.5
"""Seconds a computer player may think before a person waiting is told it is thinking."""


def thinks_long(agent: Agent[Any]) -> bool:
    """Whether a computer player may think long enough to be waited for: one that searches,
    with more than :data:`THINKING_NOTICE` seconds to do it (its budget, a public setting: the
    notice never depends on the time a decision took, which tells what it had to weigh)."""
    return agent.thinks and thinking_time(agent) > THINKING_NOTICE


def whose_game(names: Sequence[str], humans: Sequence[int]) -> str:
    """"Ana against Otto, Pia and Quin": the people first, then the computer players; people
    sharing the keyboard are no team ("Ana and Ben at the keyboard, Otto at the computer").

    >>> whose_game(("Ana", "Ben", "Otto"), [0, 1]), whose_game(("You", "Ben"), [0])
    ('Ana and Ben at the keyboard, Otto at the computer', 'You against Ben')
    """
    people = join([names[s] for s in humans]) or "computer players"
    others = [names[s] for s in range(len(names)) if s not in humans]
    if len(humans) > 1:
        return f"{people} at the keyboard, {join(others)} at the computer" if others else people
    return f"{people} against {join(others)}" if others else people


RESUMED_WITH = ("verbosity", "labels", "speech", "only_choice", "any_time", "pause")
"""The settings a resume command names, in this order, where a game was played with others than
``doomlings resume`` starts with (a setting only one game has, where that game's settings have it)."""


def resume_words(saved_as: str, prefs: Prefs, defaults: Prefs) -> str:
    """``doomlings resume NAME``, with the settings this game was played with where they
    differ from ``defaults`` (a save keeps the game, not how it was told).

    >>> resume_words("game 1.json", Prefs(verbosity="terse", plain=True), Prefs())
    "doomlings resume 'game 1.json' --plain --verbosity terse"
    """
    words = ["doomlings", "resume", shlex.quote(saved_as)]
    if prefs.plain:
        words.append("--plain")
    for name in RESUMED_WITH:
        value = getattr(prefs, name, None)
        if value is not None and value != getattr(defaults, name, None):
            words += [f"--{name.replace('_', '-')}", str(value)]
    return " ".join(words)


def _joined(parts: list[Said]) -> Said:
    """Sentences said as one piece."""
    return Said(" ".join(p.text for p in parts), " ".join(p.speech for p in parts))


_SIGNS = {"-": "dash", ".": "dot", "_": "underscore", "/": "slash", "'": "quote", "~": "tilde"}


def typed_aloud(command: str) -> str:
    """A command line as it is typed, for speech: words kept, every digit and sign named
    (``game-20261127.json --plain`` is "game dash 2 0 2 6 1 1 2 7 dot json, dash dash plain":
    a synthesizer read the save's name as one huge number).

    >>> typed_aloud("doomlings resume game-1.json")
    'doomlings, resume, game dash 1 dot json'
    """
    spoken = []
    for word in command.split():
        parts = re.findall(r"[^\W\d_]+|.", word)
        spoken.append(" ".join(_SIGNS.get(p, p) for p in parts))
    return ", ".join(spoken)
