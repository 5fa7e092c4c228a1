"""The prompt loop any game of the studio is played through: news, a question, an answer.

The loop drives a game through the kernel's protocol (:class:`Engine`: the question pending,
answers applied, each seat's view and the events as each seat saw them); computer seats answer
through their agents, people at the prompt. What a person is told comes from the game's words
(:class:`GameWords`), made from that person's view and the events as their seat saw them: the
loop never reads the game to tell anything. Everything else is the same for every game:

- a new game's first message names the computer players and their levels (whom a person
  faces, at one keyboard as at an online table); a resumed game's history says it too;
- the pace: news a story at a time, and when more than the ``pause`` setting's lines would
  come between two prompts, "Press Enter for more." first (never after fewer than
  :data:`FEWEST` lines; a story that does not fit is parted between two sentences);
- answers by number, by a word an option answers to, or by its first letters; a wrong one gets
  one line and the same question again;
- review and settings commands at every prompt and pause (the game's own, then log, repeat,
  verbosity, speech, options, help, quit), none of which changes the game;
- a computer player thinking longer than half a second is said to be thinking, once a turn,
  and its turn is told that thinking time after the notice, whatever it held (its questions
  of the turn share it);
- people sharing the keyboard each hear the game from their own seat, after a hand-over;
- ``on_action`` after every answer (the autosave), and quitting says how to go on;
- ``card NAME`` picks one of several that fit (:meth:`~.Prompting.look_up`).

Both games are played by this loop (Doomcrop with :class:`PromptLoop` itself, Doomlings with
its :class:`~doomlings_access.ui.session.Session`). What one game tells otherwise is a hook
of the loop's, answered by that game's subclass in its own package, never a copy of the loop:
a chance the person keeps for later (:meth:`PromptLoop.kept_for_later`), a play the engine
made for a person, which waits for their Enter (:meth:`PromptLoop.played_for`), news held back
where the hand-over says it (:meth:`PromptLoop.before_hand_over`), the end all hear by name
(:meth:`PromptLoop.end_heard_by_name`), what is said before a story (a computer's thinking,
:meth:`PromptLoop.before_story`) and at a hand-over (:meth:`PromptLoop.said_at_hand_over`),
the save (:meth:`PromptLoop.autosave`), and review at a pause as far as it was heard
(:meth:`~.Prompting.command_at_pause`).
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
from doomlings_access.telling.words import Said, introduced
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

    me: int | None
    """The listener's seat (None: an onlooker, or all at a shared keyboard by name)."""
    verbosity: str
    labels: str
    """How cards are labelled to the listener ("text", "braille"); a change is told from then on."""

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
        paced: bool = True,
    ) -> None:
        """``on_action`` is called with who has the keyboard after every answer and hand-over
        (to save the game); ``resume_command`` gives the command that goes on with a saved
        game, said after quitting; ``saved_through`` how many answers the save holds (None:
        it could not be written); ``reflex`` gives a seat's normal computer player, which
        answers at once a question asked only of a seat holding something for it
        (:meth:`answered_at_once`, :meth:`answered_for`; without it, such questions are asked
        as any other); ``paced``: a thinking computer's turn is told its thinking time after
        its notice (:meth:`~.Prompting.wait_out_thinking`; False only where what is told is
        compared, not when)."""
        self.paced = paced
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
        self.confirmed: set[int] = set()
        """The plays made for a person (their events) that person has heard, and pressed Enter."""
        self.heard: int | None = None
        """While telling: how many events the listener has heard (a pause knows where they are)."""
        self.announcer: Teller = self.teller(self.me)
        """The teller of the person at the keyboard (the one person's; at a shared keyboard,
        its holder's; at the end all hear by name, everyone's)."""
        self.histories: dict[int | None, list[Said]] = {self.me: self.out.history}
        self.thinking_said: set[tuple[int, int]] = set()
        """The turns (seat, how many turns had begun) whose computer was said to be thinking."""
        self.turns_begun = 0
        self.active: int | None = None
        self.asked_at = -1
        """Where in the log (as an onlooker sees it) a person was last asked."""
        self.count_turns()  # (a game set up at a turn's start: that turn has begun, once)
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
        self.autosave()
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

    # --- telling ------------------------------------------------------------------------------
    def announce(self, until: int | None = None, after: int = 0) -> None:
        """Tell the listener what happened since they last heard, from their seat, up to event
        ``until`` (None: all of it), with room for ``after`` lines (a question's title) after
        the last message. People sharing the keyboard before anyone has it hear nothing yet
        (:meth:`nobody_listening`). Where the game has an end all hear by name
        (:meth:`end_heard_by_name`), the person at the keyboard hears what came before it from
        their seat, then everyone the rest."""
        if len(self.humans) > 1 and self.holder is None:
            self.nobody_listening()
            return
        if len(self.humans) > 1 and self.game.is_over and self.announcer.me is not None:
            end = self.end_heard_by_name()
            if end is not None:
                if self.told.get(self.announcer.me, 0) < end:
                    self.announce_from_seat(end)
                start = self.told.get(self.announcer.me, 0)
                self.told[None] = start
                self.announcer = self.everyone_teller(start)
        self.announce_from_seat(until, after)

    def announce_from_seat(self, until: int | None = None, after: int = 0) -> None:
        """:meth:`announce`, from the seat of the person at the keyboard. A play the engine
        made for a person (:meth:`played_for`: Doomlings' one playable trait) waits for that
        person's Enter, and at a shared keyboard for their hand-over: the person leaving hears
        nothing from that play on (the engine has played it already, and gone on)."""
        key = self.announcer.me
        log = self.game.seen_log(key)
        end = len(log) if until is None else until
        start = i = self.told.get(key, 0)
        while i < end:
            owner = self.played_for(log[i])
            if owner is not None and owner in self.humans and i not in self.confirmed:
                if len(self.humans) > 1 and owner != self.holder and self.told.get(owner, 0) > i:
                    self.confirmed.add(i)  # its owner heard it, and pressed Enter, before the game was saved
                    i += 1
                    continue
                if len(self.humans) > 1 and owner != self.holder:
                    # the rest is told after the play's owner has pressed Enter (their turn's
                    # start just before it too: "Pass to Ana." says it)
                    upto = i - 1 if i > start and self.turn_of(log[i - 1]) == owner else i
                    self.tell(start, upto)
                    self.told[key] = upto
                    self.hand_over(owner, until=upto)
                    return
                self.tell(start, i)
                self.tell(i, i + 1)
                self.told[key] = start = i + 1
                self.confirmed.add(i)
                if self.prefs.only_choice == "ask":
                    self.pause("Press Enter to play it. ", "to play it")
            i += 1
        self.tell(start, end, after)
        self.told[key] = end

    def tell(self, start: int, end: int, after: int = 0) -> None:
        """Tell the listener's log's events ``start`` to ``end``, a message at a time, the last
        with room for ``after`` lines after it (the question it leads to, which is not parted
        from its news); a pause between two messages knows how far the listener has heard
        (:attr:`heard`)."""
        if start >= end:
            return  # nothing new (and no view to make)
        self.heard = start
        first = start == 0 and bool(self.levels)
        me = self.announcer.me
        log = self.game.seen_log(me)
        stories = self.announcer.stories(log[start:end], self.telling_view(me))
        told = start
        for k, (said, upto) in enumerate(stories):
            if first:  # the new game: who the computers are, and how strong
                said, first = introduced(said, self.names, self.levels), False
            self.before_story(log[told : start + upto])
            self.say_in_stretches(said, after=after if k == len(stories) - 1 else 0)
            self.heard = told = start + upto
        self.heard = None

    # --- hooks of the telling a game's loop may answer otherwise ------------------------------
    def nobody_listening(self) -> None:
        """News came before anyone of the people sharing the keyboard has it: kept for the
        first hand-over (a game may hand the keyboard over here)."""

    def end_heard_by_name(self) -> int | None:
        """Where in the log the end of a game begins that people sharing the keyboard hear
        together, every player by name (None: it is told from the seat of whoever has it)."""
        return None

    def everyone_teller(self, start: int) -> Teller:
        """The teller of the end all hear by name, the log's first ``start`` events heard."""
        return self.words.teller(None, self.names, self.prefs.verbosity, self.prefs.labels)

    def played_for(self, event: object) -> int | None:
        """The seat of a person the engine played ``event`` for (their only choice), to wait
        for their Enter; None: no such play (a game whose engine plays nobody's turn)."""
        return None

    def turn_of(self, event: object) -> int | None:
        """The seat whose turn ``event`` begins (None: it begins none)."""
        return None

    def telling_view(self, me: int | None) -> Any:
        """The listener's view, for a game whose teller reads it (None: its events suffice)."""
        return None

    def before_story(self, events: Sequence[object]) -> None:
        """Before a story of ``events`` is told (a game may say first that a computer thinks):
        the thinking time of the computer last said to be thinking is waited out
        (:meth:`~.Prompting.wait_out_thinking`), so its turn is told that time after its
        notice, whatever it held."""
        self.wait_out_thinking()

    def first_listener(self, asked: int) -> int:
        """Whom the keyboard goes to first, when ``asked`` is the first person asked."""
        return asked

    def said_at_hand_over(self, seat: int, d: Decision | None) -> str | None:
        """What a person hears once the keyboard is theirs and their news told, before the
        question ``d`` (None: nothing; Doomlings: their hand in a line)."""
        return None

    # --- computer players -------------------------------------------------------------------
    def computer_answer(self, d: Decision) -> Value:
        """A computer seat's answer. A person waiting for one that thinks long (the hard
        level) hears "Ben is thinking." once at the start of each of its turns (and once while
        it sets up), whatever the time it takes: a notice at other moments, or after a time,
        would tell what it holds (an answer out of turn is asked only of a seat holding a card
        for it, and thinking longer tells of more to weigh)."""
        view = self.game.view(d.player)
        if self.humans and self.thinks(d.player):
            self.notice_thinking(d.player, view.active)
        return self.thought_answer(self.agents[d.player], view, d)

    def thinks(self, seat: int) -> bool:
        """Whether ``seat`` is a computer that searches: its turn is waited out, whatever its
        budget, and said to be thinking when that budget is long enough (:meth:`thinks_long`)."""
        agent = self.agents.get(seat)
        return agent is not None and agent.thinks

    def thinks_long(self, seat: int) -> bool:
        """Whether ``seat``'s computer player may think long enough to be waited for
        (:func:`~doomlings_access.telling.prompting.thinks_long`)."""
        agent = self.agents.get(seat)
        return agent is not None and thinks_long(agent)

    def asked_for_what_is_held(self, d: Decision) -> bool:
        return self.words.asked_for_what_is_held(d)

    def answers_quickly(self) -> bool:
        return self.reflex is not None

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
        if self.thinks_long(seat):
            self.say_thinking(seat)
        else:  # (a time too short to be worth the notice: waited out all the same, unsaid)
            self.thinking_begins(self.agents[seat])

    def say_thinking(self, seat: int) -> None:
        """"Ben is thinking.", and the thinking time of his turn begins
        (:meth:`~.Prompting.thinking_begins`): the one notice of every game. When it is said
        is each game's: Doomcrop's here, before its computer's first answer of a turn (and
        while it sets up), after the news of its turn's start; Doomlings' at the start of the
        turn found in the events, before it (:meth:`before_story`), whether it asks anything."""
        self.out.info(f"{self.names[seat]} is thinking.")
        self.thinking_begins(self.agents[seat])

    # --- asking a person ----------------------------------------------------------------------
    def ask(self, d: Decision) -> Choice:
        self.hand_over(d.player, d)
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

    # --- people sharing the keyboard ----------------------------------------------------------
    def hand_over(self, seat: int, d: Decision | None = None, until: int | None = None) -> None:
        """People sharing the keyboard: before a question (``d``), the keyboard goes to its
        person (:meth:`pass_keyboard`), who hears what happened since they last had it, from
        their own seat; the person leaving first hears what they have not heard, up to event
        ``until``. The news may hold another person's play made for them
        (:meth:`played_for`), which takes the keyboard to them first; it comes back to
        ``seat`` only for a question: a play of ``seat``'s own, once heard, needs them no more."""
        if len(self.humans) < 2 or self.holder == seat:
            return
        if self.holder is None and self.first_listener(seat) != seat:
            self.hand_over(self.first_listener(seat))  # the first hand-over: to whom all expect
        if until is None:
            until = self.before_hand_over(d)
        while self.holder != seat:
            if self.holder is not None:
                self.announce_from_seat(until)  # what the person leaving has not heard yet, from their seat
            until = None
            if self.holder == seat:
                return  # a play made for them, told on the way, handed them the keyboard
            self.pass_keyboard(seat)
            # what happened since this person last had the keyboard: the news first
            self.announce(self.before_hand_over(self.game.pending))
            if self.holder != seat and d is None:
                return  # gone on to another person's play made for them: nothing is asked of seat
        pending = self.game.pending
        if d is None and (pending is None or pending.player != seat):
            return  # the game has gone on, past seat's play, to another person's question
        said = self.said_at_hand_over(seat, d or pending)  # (d None: the first hand-over, before the question)
        if said is not None:
            self.out.info(said)

    def pass_keyboard(self, seat: int) -> None:
        """"Pass to Ben." and the keyboard is Ben's (:meth:`~.Prompting.take_keyboard`), then
        the save (a game left now tells him his news when resumed), and his teller."""
        self.take_keyboard(seat)
        self.autosave()
        self.announcer = self.teller(seat)

    def autosave(self) -> None:
        """The save, with who has the keyboard (``on_action``)."""
        if self.on_action is not None:
            self.on_action(self.holder)

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
        for teller in [*self.tellers.values(), self.announcer]:  # (the end all hear by name's too)
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
        if told and self.levels:  # as the new game's first message was told
            told[0] = introduced(told[0], self.names, self.levels)
        self.out.history.extend(told)
        for seat in [me, *self.humans]:
            self.told[seat] = len(self.game.seen_log(seat))
        view = self.game.view(me if me is not None else self.humans[0] if self.humans else 0)
        self.out.info(f"{self.words.title} resumed: {whose_game(self.names, self.humans)}.")
        if me is not None:
            self.out.info(self.words.where_we_are(view))
            self.recap = told[-3:]  # told when the game runs (:meth:`~.Prompting.tell_recap`): it may pause for Enter
