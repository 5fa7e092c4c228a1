"""The prompt loop any game of the studio is played through: news, a question, an answer.

The loop drives a game through the kernel's protocol (:class:`Engine`: the question pending,
answers applied, each seat's view and the events as each seat saw them); computer seats answer
through their agents, people at the prompt. What a person is told comes from the game's words
(:class:`GameWords`), made from that person's view and the events as their seat saw them: the
loop never reads the game to tell anything. Everything else is the same for every game:

- the pace: news a story at a time, and when more than the ``pause`` setting's lines would
  come between two prompts, "Press Enter for more." first (never after fewer than
  :data:`FEWEST` lines; a story that does not fit is parted between two sentences);
- answers by number, by a word an option answers to, or by its first letters; a wrong one gets
  one line and the same question again;
- review and settings commands at every prompt and pause (the game's own, then log, repeat,
  verbosity, speech, options, help, quit), none of which changes the game;
- a computer player thinking longer than half a second is said to be thinking, once;
- people sharing the keyboard each hear the game from their own seat, after a hand-over;
- ``on_action`` after every answer (the autosave), and quitting says how to go on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from doomlings_access.kernel.decisions import Choice, Decision, Value
from doomlings_access.kernel.players import Agent, SeatView
from doomlings_access.lines import rows
from doomlings_access.telling.answers import AnswerWords
from doomlings_access.telling.prompting import (
    SHARED_ALIASES, SHARED_COMMANDS, Prefs, Prompting, QuitGame, resume_words, thinks_long, whose_game,
)
from doomlings_access.telling.questions import Question
from doomlings_access.telling.words import Said
from doomlings_access.telling.console import Console
from doomlings_access.telling.output import Output

__all__ = ["Engine", "GameWords", "Prefs", "PromptLoop", "QuitGame", "Teller", "resume_words"]

class TableView(SeatView, Protocol):
    """A seat's view as the loop reads it: the kernel's, with the players' names."""

    @property
    def names(self) -> tuple[str, ...]: ...


V = TypeVar("V", bound=TableView)
V_co = TypeVar("V_co", bound=TableView, covariant=True)
V_contra = TypeVar("V_contra", bound=TableView, contravariant=True)


class Playable(Protocol[V_co]):
    """A game as anything drives it: the question pending, the answers so far, an answer
    applied, a seat's view (both games' ``Game`` are one; an online room's game is one too)."""

    @property
    def pending(self) -> Decision | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def actions(self) -> list[Choice]: ...

    def apply(self, action: Choice) -> object: ...

    def view(self, seat: int) -> V_co: ...


class Engine(Playable[V_co], Protocol[V_co]):
    """A game as the prompt loop drives it: playable, with the log as a seat may know it."""

    def seen_log(self, seat: int | None) -> Sequence[object]:
        """The log as ``seat`` (None: an onlooker) may know it."""


class Teller(Protocol):
    """One listener's announcer: the game's events told as that listener hears them."""

    verbosity: str

    def stories(self, events: Sequence[Any], view: Any = None) -> list[tuple[Said, int]]:
        """The events as messages, each with how many of them it has told by its end
        (``view``: the listener's view now, for a game whose telling reads it)."""


class GameWords(Protocol[V_contra]):
    """What a game gives the prompt loop: its words, from a seat's view."""

    @property
    def title(self) -> str:
        """The game's name, as said when a game of it is resumed ("Doomcrop")."""

    @property
    def commands(self) -> Mapping[str, str]:
        """The game's review commands: name to the line of help ("grid NAME, g: a grid")."""

    @property
    def aliases(self) -> Mapping[str, str]: ...

    @property
    def answers(self) -> AnswerWords:
        """What the game adds to the one reader of answers (:mod:`.answers`): its labels, its
        help's ways to answer ("a place like front left")."""

    def teller(self, me: int | None, names: Sequence[str], verbosity: str, labels: str) -> Teller: ...

    def question(self, view: V_contra, decision: Decision, labels: str) -> Question: ...

    def question_help(self, view: V_contra, decision: Decision) -> list[str]:
        """What ``help`` says of the question ``decision`` after the ways to answer it: what it
        is for, as the rules have it (every game's questions have help)."""

    def asked_for_what_is_held(self, decision: Decision) -> bool:
        """Whether ``decision`` is asked of its seat only because of what that seat holds (the
        rules ask nobody else): such a question comes to people sharing the keyboard out of
        their turn, and asking it would tell the others so (:meth:`PromptLoop.answered_for`)."""

    def answered_for_you(self, view: V_contra, decision: Decision, value: Value, labels: str) -> str:
        """What was answered for a person while another had the keyboard, as a clause said to
        them at their next hand-over ("you added your face-down 5 of Hearts to the defence of
        your front middle"), read from their view before the answer; "": nothing to tell."""

    def review(self, view: V_contra, command: str, arg: str, labels: str) -> list[Said]:
        """A review command's lines read from ``view`` (its argument as typed)."""

    def where_we_are(self, view: V_contra) -> str:
        """Where a resumed game stands, in a sentence ("Turn 12. Your turn.")."""

    def the_end(self, view: V_contra, labels: str) -> list[Said]:
        """What a person hears once the game is over (the Discard piles counted)."""


class PromptLoop(Prompting, Generic[V]):
    """One game at the prompt: people at ``humans`` seats, computer ``agents`` at the others."""

    def __init__(
        self,
        game: Engine[V],
        words: GameWords[V],
        humans: list[int],
        agents: Mapping[int, Agent[V]],
        console: Console,
        output: Output,
        prefs: Prefs | None = None,
        *,
        change_speech: Callable[[str], str] | None = None,
        on_action: Callable[[int | None], None] | None = None,
        resumed: bool = False,
        resume_command: Callable[[Prefs], str] | None = None,
        saved_through: Callable[[], int | None] | None = None,
        levels: Mapping[int, str] | None = None,
        reflex: Callable[[int], Agent[V]] | None = None,
    ) -> None:
        """``on_action`` is called with who has the keyboard after every answer and hand-over
        (to save the game); ``resume_command`` gives the command that goes on with a saved
        game, said after quitting; ``saved_through`` how many answers the save holds (None:
        it could not be written); ``reflex`` gives a seat's normal computer player, which
        answers at once a question asked only of a seat holding something for it
        (:meth:`answered_at_once`, :meth:`answered_for`; without it, such questions are asked
        as any other)."""
        super().__init__(
            console, output, prefs or Prefs(), humans, {**words.commands, **SHARED_COMMANDS},
            {**words.aliases, **SHARED_ALIASES}, change_speech,
        )
        self.game = game
        self.words = words
        self.answers = words.answers
        self.agents = agents
        self.on_action = on_action
        self.resumed_by = resume_command
        self.saved_through = saved_through
        self.levels = dict(levels or {})
        self.reflex = reflex
        self.names = tuple(self.game.view(0).names)
        self.told: dict[int | None, int] = {}
        """How many events of their seat's log each listener has heard."""
        self.tellers: dict[int | None, Teller] = {}
        self.histories: dict[int | None, list[Said]] = {self.me: self.out.history}
        self.thinking_said: set[tuple[int, int]] = set()
        """The turns (seat, how many turns had begun) whose computer was said to be thinking."""
        self.turns_begun = 0
        self.active: int | None = None
        self.asked_at = -1
        """Where in the log (as an onlooker sees it) a person was last asked."""
        if resumed:
            self._resume()

    # --- the loop ---------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end, or until the player quits or input ends; returns the exit code.
        A game's loop changes what it must through the hooks below (:meth:`computer_answer`,
        :meth:`kept_for_later`, :meth:`ask`, :meth:`after_action`, :meth:`before_hand_over`,
        :meth:`tell_the_end`, :meth:`leaving`), never the loop itself."""
        try:
            self.tell_recap()
            self.announce(after=self.title_rows(self.game.pending))
            while not self.game.is_over:
                d = self.game.pending
                assert d is not None
                kept = None if d.player in self.agents else self.kept_for_later(d)
                if d.player in self.agents:
                    answer = self.quick_answer(d) if self.answered_at_once(d) else self.computer_answer(d)
                    self.game.apply(Choice(d.player, answer))
                elif kept is not None:
                    self.game.apply(Choice(d.player, kept))
                elif self.answered_for(d):
                    self.game.apply(Choice(d.player, self.quick_answer(d)))
                else:
                    choice = self.ask(d)
                    self.asked_at = len(self.game.seen_log(None))
                    self.game.apply(choice)
                self.after_action()
                nxt = self.game.pending
                if nxt is None or not self.humans or (nxt.player not in self.agents and not self.not_asked(nxt)):
                    # A computer's moves (and chances passed unasked) are told together, before
                    # a person's question, the question's title kept with the news before it
                    # when they fit together.
                    self.announce(self.before_hand_over(nxt), after=self.title_rows(nxt))
            self.tell_the_end()
        except QuitGame:
            self.leaving()
            self.say_how_to_go_on()
        return 0

    # --- the hooks a game's loop may answer otherwise -------------------------------------------
    def kept_for_later(self, d: Decision) -> Value | None:
        """The answer given, without asking, to a person's question they let pass by their
        settings (a chance kept for later: Doomlings' traits played at any time); None: asked."""
        return None

    def not_asked(self, d: Decision) -> bool:
        """Whether a person's question ``d`` is answered without asking them."""
        return self.kept_for_later(d) is not None or self.answered_for(d)

    def after_action(self) -> None:
        """After every answer: the autosave (``on_action``, with who has the keyboard), and
        whose turn it is counted."""
        if self.on_action is not None:
            self.on_action(self.holder)
        self.count_turns()

    def before_hand_over(self, d: Decision | None) -> int | None:
        """How far the person at the keyboard is told before the question ``d`` (None: all of
        it); a game may hold back what the hand-over to ``d``'s person says itself."""
        return None

    def tell_the_end(self) -> None:
        """The game is over: what was answered for people who had no hand-over since, then
        what the listener hears of the end (the game's words), paced by blocks."""
        for seat in list(self.answered_unasked):  # (the game ended before their hand-over)
            self.tell_answered_unasked(seat, self.names[seat])
        listener = self.listener()
        if listener is not None:
            self.tell_together(self.end_blocks(self.seat_view(listener)))

    def end_blocks(self, view: V) -> list[list[Said]]:
        """What the listener, whose view is ``view``, hears of the end, in blocks a pause may
        come between (:meth:`~.Prompting.tell_together`): the game's words, a message a block."""
        return [[said] for said in self.words.the_end(view, self.prefs.labels)]

    def leaving(self) -> None:
        """The person quits (or input ends): what a game does before saying how to go on."""

    def count_turns(self) -> None:
        """A turn begins when whose turn it is changes (public: every seat's view says it)."""
        active = self.game.view(0).active
        if active != self.active and active is not None:
            self.turns_begun += 1
        self.active = active

    def teller(self, me: int | None) -> Teller:
        made = self.tellers.get(me)
        if made is None:
            made = self.tellers[me] = self.words.teller(me, self.names, self.prefs.verbosity, self.prefs.labels)
        return made

    def title_rows(self, d: Decision | None) -> int:
        """The rows of the title of the question ``d``, when it is asked next of the person at
        the keyboard (after a hand-over it comes with that person's news, not this)."""
        if d is None or d.player not in self.humans or self.not_asked(d):
            return 0
        if len(self.humans) > 1 and self.holder != d.player:
            return 0
        return rows(self.words.question(self.seat_view(d.player), d, self.prefs.labels).title.text)

    def announce(self, until: int | None = None, after: int = 0) -> None:
        """Tell the listener what happened since they last heard, from their seat, a story at
        a time, up to event ``until`` (None: all of it; ``after``: the lines of the question
        that follows, kept with the last story when they fit). People sharing the keyboard
        before anyone has it hear nothing yet."""
        if len(self.humans) > 1 and self.holder is None:
            return
        me = self.listener()
        log = self.game.seen_log(me)
        end = len(log) if until is None else until
        start = self.told.get(me, 0)
        if start >= end:
            return
        stories = self.teller(me).stories(log[start:end])
        for i, (said, _) in enumerate(stories):
            self.say_in_stretches(said, after=after if i == len(stories) - 1 else 0)
        self.told[me] = end

    # --- computer players -------------------------------------------------------------------
    def computer_answer(self, d: Decision) -> Value:
        """A computer seat's answer. A person waiting for one that thinks long (the hard
        level) hears "Ben is thinking." once at the start of each of its turns (and once while
        it sets up), whatever the time it takes: a notice at other moments, or after a time,
        would tell what it holds (an answer out of turn is asked only of a seat holding a card
        for it, and thinking longer tells of more to weigh)."""
        agent = self.agents[d.player]
        view = self.game.view(d.player)
        if self.humans and thinks_long(agent):
            self.notice_thinking(d.player, view.active)
        return self.thought_answer(agent, view, d)

    def asked_for_what_is_held(self, d: Decision) -> bool:
        return self.reflex is not None and self.words.asked_for_what_is_held(d)

    def reflex_agent(self, seat: int) -> Agent[V]:
        assert self.reflex is not None
        return self.reflex(seat)

    def seat_view(self, seat: int) -> V:
        return self.game.view(seat)

    def answered_for_you(self, view: Any, d: Decision, answer: Value) -> str:
        return self.words.answered_for_you(view, d, answer, self.prefs.labels)

    def notice_thinking(self, seat: int, active: int | None) -> None:
        if active not in (None, seat):
            return  # not its turn: nothing is said
        turn = (seat, self.turns_begun if active is not None else -1)
        if turn in self.thinking_said:
            return
        self.thinking_said.add(turn)
        self.announce()  # what came before is heard first
        self.out.info(f"{self.names[seat]} is thinking.")

    # --- asking a person ----------------------------------------------------------------------
    def ask(self, d: Decision) -> Choice:
        self.hand_over(d.player)
        q = self.words.question(self.game.view(d.player), d, self.prefs.labels)
        if len(q.options) == 1 and self.prefs.only_choice == "play":
            return self.only_choice(q)
        return self.answer_to(q)

    def only_choice(self, q: Question) -> Choice:
        """A question of one answer, with the ``only_choice`` setting ``play``: said with its
        answer ("KD: which card attacks next? Only one choice: back right, 2S."), and answered
        without waiting (``ask``: asked as any other)."""
        option = q.options[0]
        said = Said(f"{q.title.text} Only one choice: {option.text}.", f"{q.title.speech} Only one choice: {option.speech}.")
        self.make_room(said.text)
        self.out.say(said, remember=False)
        return Choice(q.decision.player, option.value)

    def hand_over(self, seat: int) -> None:
        """People sharing the keyboard: before a question, the keyboard goes to its person
        (:meth:`~.Prompting.take_keyboard`, the hand-over every game shares), who then hears
        their news from their own seat."""
        if len(self.humans) < 2 or self.holder == seat:
            return
        leaving = self.holder
        if leaving is not None:
            self.announce()  # what the person leaving has not heard yet
        self.take_keyboard(seat)
        if self.on_action is not None:
            self.on_action(seat)
        self.announce()

    # --- commands -------------------------------------------------------------------------------
    def command(self, command: str, arg: str, q: object | None) -> None:
        """A review or settings command, typed at question ``q`` or at a pause (None)."""
        q = q if isinstance(q, Question) else None
        if command in self.words.commands and command not in SHARED_COMMANDS:
            view = self.game.view(self.viewer(q))
            for said in self.words.review(view, command, arg, self.prefs.labels):
                self.out.say(said, remember=False)
        else:
            self.shared_command(command, arg, q)

    def verbosity_changed(self, verbosity: str) -> None:
        for teller in self.tellers.values():
            teller.verbosity = verbosity

    def question_help(self, q: Question) -> list[str]:
        return self.words.question_help(self.game.view(q.decision.player), q.decision)

    def answers_given(self) -> int:
        return len(self.game.actions)

    # --- a resumed game -----------------------------------------------------------------------
    def _resume(self) -> None:
        """A resumed game: its history (log, repeat) is the game so far, told again silently,
        and the person hears where it stands, and once it runs its last few announcements."""
        me = self.me
        log = self.game.seen_log(me)
        told = [said for said, _ in self.words.teller(me, self.names, self.prefs.verbosity, self.prefs.labels).stories(log)]
        self.out.history.extend(told)
        for seat in [me, *self.humans]:
            self.told[seat] = len(self.game.seen_log(seat))
        view = self.game.view(me if me is not None else self.humans[0] if self.humans else 0)
        self.out.info(f"{self.words.title} resumed: {whose_game(self.names, self.humans)}.")
        if me is not None:
            self.out.info(self.words.where_we_are(view))
            self.recap = told[-3:]  # told when the game runs (:meth:`~.Prompting.tell_recap`): it may pause for Enter
