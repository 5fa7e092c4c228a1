"""The prompt loop: announce what happened, ask the pending question, read and check the answer.

The loop drives the one rules engine: computer seats answer through their agents, people
through the prompt. Review commands work at every prompt and never change the game; a wrong
answer gets one line and the same question again.

The session holds the game to drive it (it applies answers, asks computer players with their
views, keeps how far each person has heard); everything it tells a person is made from that
person's view and the events as their seat saw them (:meth:`Session.view`,
:meth:`Session.seen_from`), never from the game itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from doomlings_access.ai import Agent
from doomlings_access.kernel.players import thinking_time
from doomlings_access.cards.describe import full_description
from doomlings_access.lines import rows
from doomlings_access.rules import Choice, Game
from doomlings_access.rules.decisions import Kind
from doomlings_access.rules import events as ev
from doomlings_access.rules.decisions import Decision, Value
from doomlings_access.rules.view import OnlookerView, PlayerView
from doomlings_access.safety.text import name_key, players_named
from doomlings_access.ui import review
from doomlings_access.telling.answers import HeldBack
from doomlings_access.telling.console import Console, clean_typed, is_number, shorten
from doomlings_access.telling.output import Output
from doomlings_access.telling.prompting import (
    MORE, Prompting, QuitGame, letter_is_a_command, named_command, resume_words, thinks_long, whose_game,
)
from doomlings_access.telling.prompting import Prefs as SharedPrefs
from doomlings_access.telling.words import introduced
from doomlings_access.ui.announcer import Announcer
from doomlings_access.ui.answers import ANSWERS, cards_held_back, what_it_reads
from doomlings_access.ui.heard import heard_until, listener_view, told_since_asked, view_as_heard
from doomlings_access.ui.questions import Question, asked_for_a_card_held, build_question, passes_unasked
from doomlings_access.ui.rules_text import rules
from doomlings_access.ui.words import Said, Style, choose_from, house_rules, join

COMMANDS = {
    "hand": "hand, h: your hand",
    "pile": "pile NAME, p: a player's trait pile (yours without a name)",
    "table": "table, t: each player's gene pool, hand size and traits, from the first player",
    "scores": "scores, s: the scores now",
    "age": "age, a: the age, the era and the catastrophes so far",
    "genes": "genes, g: every gene pool",
    "deck": "deck, d: deck and discard pile counts, and the top discard",
    "log": "log N, l: the last N announcements (default 10)",
    "repeat": "repeat, r: say the last announcement again",
    "card": "card NAME, c: describe any card, by name or label",
    "rules": "rules TOPIC: the rules on a topic",
    "verbosity": "verbosity LEVEL, v: terse, normal or verbose",
    "speech": "speech MODE: screen-reader, direct, tts or off",
    "options": "options, o: list the choices again",
    "help": "help, ?: what this question wants, and the commands",
    "quit": "quit, q: leave the game (asks first)",
}
ALIASES = {
    "h": "hand", "p": "pile", "t": "table", "s": "scores", "a": "age", "g": "genes",
    "d": "deck", "l": "log", "r": "repeat", "c": "card", "v": "verbosity", "o": "options",
    "?": "help", "q": "quit", "score": "scores", "gene": "genes", "traits": "pile",
}



PRIVATE_COMMANDS = {
    "hand": "each hand is told to its person",
    "scores": "the scores, which count a hand, are told to each person",
}
"""Commands that read a person's own cards: refused before anyone has the keyboard."""
EXTRA_RESERVED = ("y", "n", "yes", "no", "back", "b", "me", "my", "mine", "done", "undo", "list")
"""Words other questions answer to (quit? y or n; the companion's back, done, undo, list)."""


def reserved_words() -> frozenset[str]:
    """Words a player name may not be: typing the name would answer as a command instead."""
    from doomlings_access.ui.questions import KEYWORDS

    return frozenset([*COMMANDS, *ALIASES, *KEYWORDS, *EXTRA_RESERVED])


@dataclass
class Prefs(SharedPrefs):
    """Every game's settings, and one of Doomlings' own."""

    any_time: str = "own"
    """``own``: a trait one may play at any time is offered after one's own plays only; the
    chances after others' plays are passed unasked (a holder was otherwise asked after every
    trait played, up to five times a round). ``every``: asked at each chance."""


def question_for(view: PlayerView, d: Decision, style: Style, announcer: Announcer) -> Question:
    """The question for decision ``d`` as its listener, whose view is ``view``, hears it: a
    trait just played whose text the announcer read with its play is not read again in the
    question."""
    read = d.reason == "respond" and len(d.about) == 2 and announcer.read_at_last_play(view, int(d.about[1]))
    return build_question(view, d, style, read)


STORY_STARTS = (ev.TurnStarted, ev.AgeRevealed, ev.CatastropheRevealed, ev.WorldsEndStarted)
"""Events that begin a story: what follows them, to the next, is told as one message."""


class Session(Prompting):
    """One game at the prompt: people at ``humans`` seats, computer ``agents`` at the others."""

    answers = ANSWERS

    def __init__(
        self,
        game: Game,
        humans: list[int],
        agents: dict[int, Agent],
        console: Console,
        output: Output,
        prefs: Prefs | None = None,
        change_speech: object | None = None,
        on_action: Callable[[Game, int | None, int | None], None] | None = None,
        resumed: bool = False,
        saved_as: str | None = None,
        saved_through: Callable[[], int | None] | None = None,
        levels: dict[int, str] | None = None,
        resume_defaults: Prefs | None = None,
        keyboard: tuple[int | None, int | None] = (None, None),
        paced: bool = True,
    ) -> None:
        """``on_action`` is called with the game, who has the keyboard and how many events they
        have heard (hot seat) after every action, at every hand-over and on quitting (to save
        them); ``keyboard``: the same, as a resumed game was saved (None: not known).
        ``paced``: a thinking computer's turn waits out its thinking time
        (:meth:`wait_out_thinking`); False only where what is told is compared, not when (the
        tests that give the search a minute and a few sampled games, to repeat its answers)."""
        self.game = game
        self.paced = paced
        self.resume_defaults = resume_defaults or Prefs()
        """The settings ``doomlings resume`` starts with (the settings file's): the resume
        command names every setting of this game that differs from them."""
        self.levels = levels or {}
        """The computer seats' levels, said with the new game (nobody could tell which seats
        were computers, or how strong)."""
        self.prefs: Prefs
        super().__init__(
            console, output, prefs or Prefs(), humans, COMMANDS, ALIASES,
            change_speech if callable(change_speech) else None,
        )
        if saved_as is not None:  # the save's name, to say how to go on after quitting
            self.resumed_by = lambda now: resume_words(saved_as, now, self.resume_defaults)
        # How many actions the save on disk holds (None: none was ever written), so that
        # quitting never says "saved" of a game a full disk kept from being saved.
        self.saved_through = saved_through
        self.agents = agents
        self.style = Style(self.prefs.labels)
        self.views: dict[int | None, tuple[int, OnlookerView]] = {}
        """Each listener's view, with how many actions the game had when it was made."""
        self.names = self.view(0).names
        """The players' names, by seat (public, and the same all game)."""
        self.announcer = Announcer(self.me, self.prefs.verbosity, self.style, scores_itemised=bool(humans))
        self.saved_keyboard = keyboard
        """Who had the keyboard, and how far they had heard, as the game was saved: kept as it
        was until this session's first hand-over (left at "Pass to Ben.", it is still so)."""
        # Hot seat: each person hears the game from their own seat and keeps their own
        # history (log, repeat); ``told`` is how many events each has been told.
        self.announcers = {self.me: self.announcer}
        self.histories = {self.me: self.out.history}
        self.told: dict[int | None, int] = {}
        self.confirmed: set[int] = set()  # forced plays (their events) their owner has heard
        self.heard: int | None = None  # while telling: how many events the listener has heard
        self.thinking_said: set[int] = set()
        """The turns (their events) whose computer was said to be thinking."""
        self.thought_until: float | None = None
        """When the turn of the computer last said to be thinking may be told."""
        self.questions_asked = 0
        self.on_action = on_action
        self.resumed_at = len(game.log) if resumed else 0  # events told before this session
        if resumed:
            # The history (for log and repeat) is the whole game so far, told again silently.
            told, asked = told_since_asked(
                game, humans, self.me, self.prefs.verbosity, self.style, self.prefs.any_time, self.levels
            )
            self.out.history.extend(told)
            self.told = {seat: len(game.log) for seat in [self.me, *humans]}
            if len(humans) > 1:
                # Each person at the keyboard hears, at their next hand-over, what happened
                # since they last had it before the game was saved, and reviews the game
                # (log, repeat) as heard from their own seat.
                for seat, heard in heard_until(game, humans, self.prefs.any_time, *keyboard).items():
                    self.told[seat] = heard
                for seat in humans:
                    self.histories[seat] = told_since_asked(
                        game, humans, seat, self.prefs.verbosity, self.style, self.prefs.any_time, self.levels,
                        until=self.told[seat],
                    )[0]
            listening = self.seen_from(self.me)
            self.announcer.already_told(listening, listening.log)
            house = house_rules(listening.options)  # heard at the start, perhaps days ago
            self.out.info(f"Game resumed: {whose_game(self.names, self.humans)}." + (f" {house}" if house else ""))
            where = self.where_we_are()
            self.out.info(where)  # (repeat says the game's last announcement)
            # Everything since the last question (a game left at "Press Enter for more." had
            # news not yet heard), and at least the last three announcements.
            last = told[min(asked, max(len(told) - 3, 0)) :]
            d = game.pending
            if len(humans) > 1 and d is not None and self.told.get(d.player, len(game.log)) < len(game.log):
                last = []  # hot seat: the person asked next hears their own news at the hand-over
            # "Ana's turn.", just said with where the game stands, is not said again (it came twice)
            last = [said for said in last if not where.endswith(f" {said.text}")]
            self.recap = last  # told when the game runs (:meth:`~.Prompting.tell_recap`): it may pause for Enter

    # --- the loop -----------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end, or until the player quits or input ends; returns the exit code."""
        try:
            self.tell_recap()
            self.announce(after=self.title_rows(self.game.pending))
            answered = -1  # where in the log a person last answered
            while not self.game.is_over:
                d = self.game.pending
                assert d is not None
                if d.player in self.agents and self.answered_at_once(d):
                    self.game.apply(Choice(d.player, self.quick_answer(d)))
                elif d.player in self.agents:
                    if self.humans and self.thinks_long(d.player):
                        self.before_thinking(d.player, answered)
                    self.game.apply(Choice(d.player, self.thought_answer(self.agents[d.player], self.view(d.player), d)))
                elif self.passes_unasked(d):
                    self.game.apply(Choice(d.player, "pass"))
                elif self.answered_for(d):
                    self.game.apply(Choice(d.player, self.quick_answer(d)))
                else:
                    choice = self.ask(d)
                    answered = len(self.game.log)
                    self.game.apply(choice)
                if self.on_action is not None:
                    self.on_action(self.game, *self.keyboard())
                nxt = self.game.pending
                if nxt is None or not self.humans or (nxt.player not in self.agents and not self.not_asked(nxt)):
                    # Computer moves (and chances passed unasked) are told together before a
                    # person's question, so the effects of one turn are heard as one message.
                    self.announce(self.before_hand_over(nxt), after=self.title_rows(nxt))
            seat = self.me if self.me is not None else self.holder
            if seat is not None:  # the scores card by card, for the people at the keyboard
                self.tell_the_end(review.score_blocks(self.view(seat), self.style, you=self.me is not None))
        except QuitGame:
            if self.on_action is not None and len(self.humans) > 1:  # how far the holder has heard, exactly
                self.on_action(self.game, *self.keyboard())
            if len(self.humans) > 1:  # the last hand stays on no screen, above how to go on
                clear = getattr(self.console, "clear", None)
                if callable(clear):
                    clear()
            self.say_how_to_go_on()
        return 0

    def keyboard(self) -> tuple[int | None, int | None]:
        """Hot seat: who has the keyboard and how many of the log's events they have heard (at a
        pause, what was told before it), to be saved; (None, None) for one person or none."""
        if len(self.humans) < 2:
            return None, None
        if self.holder is None:  # left before this session's first hand-over
            if self.saved_keyboard[0] is not None:  # as it was saved: nobody has heard more since
                return self.saved_keyboard
            d = self.game.pending  # the one asked has heard what they were told (a new game: nothing)
            return (d.player, self.told.get(d.player, 0)) if d is not None and d.player in self.humans else (None, None)
        told = self.told.get(self.holder)
        heard = self.heard if self.heard is not None and self.announcer.me == self.holder else told
        return self.holder, heard

    def tell_the_end(self, blocks: list[list[str]]) -> None:
        """The final scores, itemised, a player at a time (:meth:`~.Prompting.tell_together`)."""
        self.tell_together([[Said.alike(line) for line in block] for block in blocks])

    def answers_given(self) -> int:
        return len(self.game.actions)

    def story_began(self) -> int:
        """Where the story under way (a turn, an age's or a catastrophe's reveal, World's End)
        began in the log, or where the listener last heard, if later: a thinking computer's
        part in it is told with the rest of it, in one message, not a piece before each
        decision it thinks about."""
        log = self.game.seat_log(self.announcer.me)
        heard = self.told.get(self.announcer.me, 0)
        for i in range(len(log) - 1, heard - 1, -1):
            if isinstance(log[i], STORY_STARTS):
                return i
        return heard

    def thinks_long(self, seat: int) -> bool:
        """Whether ``seat``'s computer player may think long enough to be waited for
        (:func:`~doomlings_access.telling.prompting.thinks_long`)."""
        agent = self.agents.get(seat)
        return agent is not None and thinks_long(agent)

    def before_thinking(self, seat: int, answered: int) -> None:
        """Before a thinking computer's decision at the start of its own turn: what came before
        its turn is heard, then "Otto is thinking." (:meth:`notice_thinking`). At no other
        decision is anything told first: whether a computer is asked out of turn, or has a
        choice to think about at all, depends on the cards it holds, and the notice, or news
        cut short before it, told the others so ("Pia is thinking." out of turn said Pia held
        a trait to play then). Its turn is told whole once it has played it."""
        if len(self.humans) > 1 and self.holder is None:
            return  # nobody is told anything yet: the notice comes with the first person's news
        log = self.game.seat_log(self.announcer.me)
        began = self.story_began()
        opened = log[began] if began < len(log) else None
        if isinstance(opened, ev.TurnStarted) and opened.player == seat and opened.seq not in self.thinking_said:
            self.announce(None if began <= answered else began)
            self.notice_thinking(opened)

    def notice_thinking(self, turn: ev.TurnStarted) -> None:
        """"Otto is thinking.", once at the start of each turn of a computer that thinks long,
        told whether or not it then has anything to think about (a turn of one playable trait
        has not): so it tells nothing of its hand."""
        self.thinking_said.add(turn.seq)
        text = f"{self.names[turn.player]} is thinking."
        self.make_room(text)
        self.out.info(text)
        if self.paced:
            self.thought_until = time.monotonic() + thinking_time(self.agents[turn.player])

    def wait_out_thinking(self) -> None:
        """Before the turn of a computer said to be thinking is told, its thinking time since
        the notice is waited out. Its turn came at once when the engine had played its one
        playable trait (no question to think about) and a thinking time later when it had a
        choice, so when it came said which (0 ms against a median of 1,036 ms, measured); a
        search done early (its sampled games all played) said as much. Not closed here: a
        later question of the same turn takes its thinking time, or none when the engine
        skips it for having one answer, which may depend on the cards the computer holds."""
        until, self.thought_until = self.thought_until, None
        left = 0.0 if until is None else until - time.monotonic()
        if left <= 0:
            return
        try:
            time.sleep(left)
        except KeyboardInterrupt:  # Ctrl-C while a computer thinks: as at a question
            self.out.info("")
            if self.confirm_quit():
                raise QuitGame() from None

    def where_we_are(self) -> str:
        """"Round 7, era 2, Tectonic Shift. Your turn." for a resumed game."""
        return where_we_are(self.seen_from(self.me), self.me)

    def announce(self, until: int | None = None, after: int = 0) -> None:
        """Tell the person at the keyboard what happened since they last heard, from their
        seat, up to event ``until`` (default: all), with room for ``after`` lines (a question's
        title) after the last message; the one playable trait of a person's hand
        waits for that person's Enter, and in a hot seat for their hand-over: the person
        leaving hears nothing from that play on (the engine has played it already, and gone on)."""
        if len(self.humans) > 1 and self.holder is None:
            self.hand_over(self.first_listener())  # (which tells them the news)
            return
        if len(self.humans) > 1 and self.game.is_over and self.announcer.me is not None:
            # The person at the keyboard hears all before the end from their seat, then all hear
            # the end by name, from the catastrophe's World's End effect (or the scoring): the
            # switch was wherever the game happened to be over when told, earlier or later as
            # the last questions fell, by the cards.
            end = next((e.seq for e in self.game.log if ends_the_game(e)), len(self.game.log))
            if self.told.get(self.announcer.me, 0) < end:
                self.announce_from_seat(end)
            self.tell_the_end_to_everyone()
        self.announce_from_seat(until, after)

    def announce_from_seat(self, until: int | None = None, after: int = 0) -> None:
        """:meth:`announce`, from the seat of the person at the keyboard."""
        key = self.announcer.me
        log = self.game.seat_log(key)
        end = len(log) if until is None else until
        start = i = self.told.get(key, 0)
        while i < end:
            e = log[i]
            if isinstance(e, ev.OnlyPlayable) and e.player in self.humans and i not in self.confirmed:
                if len(self.humans) > 1 and e.player != self.holder and self.told.get(e.player, 0) > i:
                    self.confirmed.add(i)  # its owner heard it, and pressed Enter, before the game was saved
                    i += 1
                    continue
                if len(self.humans) > 1 and e.player != self.holder:
                    # the rest is told after the play's owner has pressed Enter ("Ana's turn."
                    # just before it too: "Pass to Ana." says it)
                    turn = log[i - 1] if i > start else None
                    upto = i - 1 if isinstance(turn, ev.TurnStarted) and turn.player == e.player else i
                    self.tell(start, upto)
                    self.told[key] = upto
                    self.hand_over(e.player, until=upto)
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

    def before_hand_over(self, d: Decision | None) -> int | None:
        """Hot seat: how far the person at the keyboard is told before the keyboard goes to
        whoever ``d`` asks: "Ana's turn." as the last news is not told them, as "Pass to Ana."
        says it (a pause could come with nothing after it but that and the hand-over). None:
        all of it."""
        if len(self.humans) < 2 or self.holder is None or d is None or d.player in (self.holder, *self.agents):
            return None
        log = self.game.seat_log(self.holder)
        last = log[-1] if log else None
        if isinstance(last, ev.TurnStarted) and last.player == d.player:
            return len(log) - 1
        return None

    def first_listener(self) -> int:
        """Hot seat: who has the keyboard first: whoever had it when the game was saved, else
        the first person named. It went to the first person asked, and who that is depends on
        what the others hold (a turn of one playable trait asks nothing), or on a card not yet
        told (a catastrophe that moves the first player)."""
        if self.saved_keyboard[0] is not None and self.saved_keyboard[0] in self.humans:
            return self.saved_keyboard[0]
        d = self.game.pending
        if self.resumed_at and d is not None and d.player in self.humans and not self.not_asked(d):
            return d.player  # (a save from before the keyboard was saved: whose question waits)
        return self.humans[0]

    def tell_the_end_to_everyone(self) -> None:
        """Hot seat: the world has ended and everyone at the keyboard hears the rest by name
        (it was told as "you" to whoever last had it: "World's End points: Ana -3 and you -2")."""
        start = self.told.get(self.announcer.me, 0)
        shared = Announcer(None, self.announcer.verbosity, self.style, scores_itemised=True)
        everyone = self.seen_from(None)
        shared.already_told(everyone, everyone.log[:start])
        self.told[None] = start
        self.announcer = shared

    def tell(self, start: int, end: int, after: int = 0) -> None:
        """Tell the log's events ``start`` to ``end``, a message at a time, the last with room
        for ``after`` lines after it (the question it leads to, which is not parted from its
        news); a pause between two messages knows how far the listener has heard
        (:attr:`heard`)."""
        if start >= end:
            return  # nothing new (and no view to make: it is made from the whole game)
        self.heard = start
        first = start == 0 and bool(self.levels)
        table = self.seen_from(self.announcer.me)
        stories = self.announcer.render_stories(table, table.log[start:end])
        told = start
        for k, (said, upto) in enumerate(stories):
            if first:  # the new game: who the computers are, and how strong
                said, first = introduced(said, table.names, self.levels), False
            for e in table.log[told : start + upto]:  # a thinking computer's turn: its notice first
                if isinstance(e, ev.TurnStarted) and self.thinks_long(e.player) and e.seq not in self.thinking_said:
                    self.notice_thinking(e)
            self.wait_out_thinking()
            self.say_in_stretches(said, after=after if k == len(stories) - 1 else 0)
            self.heard = told = start + upto
        self.heard = None

    def title_rows(self, d: Decision | None) -> int:
        """The rows of the question ``d`` before its options, when it is asked next of the
        person at the keyboard (after a hand-over it comes with the next person's news)."""
        if d is None or d.player not in self.humans or self.not_asked(d):
            return 0
        if len(self.humans) > 1 and self.holder != d.player:
            return 0
        return rows(question_for(self.view(d.player), d, self.style, self.announcer).title.text)

    def command_at_pause(self, command: str, arg: str) -> None:
        """Review commands at a pause read the game as heard so far (:meth:`as_heard`)."""
        self.command(command, arg, None, self.as_heard())

    def as_heard(self) -> OnlookerView:
        """The view of the person at the keyboard, of the game as far as they have heard it:
        the rules run on to the next question at once, and at a pause (or a forced play waiting
        for Enter) what is reviewed must not be what is still to be told. People sharing the
        keyboard before anyone has it (a resumed game's first pause): what all may see."""
        heard = self.heard if self.heard is not None else self.told.get(self.announcer.me, len(self.game.log))
        return view_as_heard(self.game, heard, None if self.nobody_at_keyboard() else self.viewer(None))

    def nobody_at_keyboard(self) -> bool:
        """People share the keyboard, and nobody has it yet: nothing private may be shown."""
        return len(self.humans) > 1 and self.holder is None

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now: what is told to its person, and what its computer
        player decides from."""
        view = self.seen_from(seat)
        assert isinstance(view, PlayerView)
        return view

    def seen_from(self, me: int | None) -> OnlookerView:
        """The view a listener is told from: their seat's, or an onlooker's for ``None``
        (people sharing the keyboard hearing the end by name, or nobody at it). Made once a
        listener between two actions (the game changes only by an action): the news, the
        question after it and the commands typed there read the same view."""
        made = self.views.get(me)
        if made is None or made[0] != len(self.game.actions):
            made = self.views[me] = (len(self.game.actions), listener_view(self.game, me))
        return made[1]

    # --- asking a person ----------------------------------------------------------------
    def passes_unasked(self, d: Decision) -> bool:
        """A chance the person keeps for later (:attr:`Prefs.any_time`): passed, not asked."""
        return passes_unasked(self.game.card, d, self.prefs.any_time)

    def not_asked(self, d: Decision) -> bool:
        """Whether a person's decision ``d`` is answered without asking them."""
        return self.passes_unasked(d) or self.answered_for(d)

    def asked_for_what_is_held(self, d: Decision) -> bool:
        """A chance to play out of turn (or Late's, or Sneaky's): the rules ask it only of a
        player holding a trait for it (:func:`asked_for_a_card_held`), so a person's while
        another has the keyboard is played for them (:meth:`~.Prompting.answered_for`), and a
        thinking computer's at once (:meth:`~.Prompting.answered_at_once`)."""
        return asked_for_a_card_held(d)

    def reflex_agent(self, seat: int) -> Agent:
        from doomlings_access.ai.heuristic import HeuristicAgent

        return HeuristicAgent(0, seat)

    def seat_view(self, seat: int) -> PlayerView:
        return self.view(seat)

    def answered_for_you(self, view: PlayerView, d: Decision, answer: Value) -> str:
        """The trait played out of turn for a person (their view names it), or nothing."""
        return view.card(answer).name if isinstance(answer, int) else ""

    def done_for_you(self, clauses: list[str]) -> str:
        """"Antlers and Fangs were played out of turn for you"."""
        return f"{join(clauses)} {'was' if len(clauses) == 1 else 'were'} played out of turn for you"

    def ask(self, d: Decision) -> Choice:
        self.questions_asked += 1
        self.hand_over(d.player, d)
        return self.answer_to(question_for(self.view(d.player), d, self.style, self.announcer))

    def hand_over(self, seat: int, d: Decision | None = None, until: int | None = None) -> None:
        """Hot seat: before private information is shown, the keyboard goes to its player, who
        hears what happened since they last had it, then their hand (unless the question ``d``
        is a play, whose options are the hand). The person leaving first hears what they have
        not heard, up to event ``until``. The news may hold another person's forced play,
        which takes the keyboard to them first; it comes back to ``seat`` only for a question
        (``d``): a forced play of ``seat``'s own, once heard, needs them no more."""
        if len(self.humans) < 2 or self.holder == seat:
            return
        if self.holder is None and self.first_listener() != seat:
            self.hand_over(self.first_listener())  # the first hand-over: to whom all expect
        if until is None:
            until = self.before_hand_over(d)
        while self.holder != seat:
            if self.holder is not None:
                self.announce_from_seat(until)  # what the person leaving has not heard yet, from their seat
            until = None
            if self.holder == seat:
                return  # a forced play of theirs, told on the way, handed them the keyboard
            self.pass_keyboard(seat)
            # what happened since this person last had the keyboard: the news first
            self.announce(self.before_hand_over(self.game.pending))
            if self.holder != seat and d is None:
                return  # gone on to another person's forced play: nothing more is asked of seat
        pending = self.game.pending
        if d is None and (pending is None or pending.player != seat):
            return  # the game has gone on, past seat's forced play, to another person's question
        d = d or pending  # (the first hand-over, made before the question it leads to is asked)
        v = self.view(seat)
        if d is None or (d.kind != Kind.PLAY and sorted(map(str, d.options)) != sorted(map(str, v.hand))):
            # (a question whose options are the whole hand, as stabilizing's discard, reads it)
            self.out.info(review.hand_in_a_line(v, self.style, f"{v.name(seat)}, your"))

    def pass_keyboard(self, seat: int) -> None:
        """"Pass to Ben." and the keyboard is Ben's (:meth:`~.Prompting.take_keyboard`, the
        hand-over every game shares), then the save, and his announcer."""
        self.take_keyboard(seat)
        if self.on_action is not None:  # saved: a game left now tells seat their news when resumed
            self.on_action(self.game, *self.keyboard())
        if seat not in self.announcers:
            self.announcers[seat] = Announcer(seat, self.announcer.verbosity, self.style, scores_itemised=True)
            mine = self.view(seat)
            self.announcers[seat].already_told(mine, mine.log[: self.told.get(seat, self.resumed_at)])
        self.announcer = self.announcers[seat]

    # --- understanding an answer -----------------------------------------------------------
    def interpret(self, q: Question, raw: str, held: Sequence[HeldBack] | None = None) -> Choice | None:
        """The one reader of answers (:meth:`~.Prompting.interpret`), told of the cards of the
        asker's hand a play question does not offer: typed by name or label, they are "Not
        playable now: Antlers, its colour is locked this round." (it was only "Not a choice",
        the reason a trip through the log away)."""
        if held is None:
            held = cards_held_back(self.view(q.decision.player), q.decision)
        return super().interpret(q, raw, held)

    # --- commands ----------------------------------------------------------------------
    def command(self, command: str, arg: str, q: Question | None, heard: OnlookerView | None = None) -> None:
        """A review or settings command, typed at question ``q`` or at a pause (``None``,
        reading ``heard``: the view of the game as heard so far). Before anyone has the
        keyboard of people sharing it, what is private to one of them is not shown (a resumed
        game's first pause printed the first person's hand to whoever was looking)."""
        me = self.viewer(q)
        seen = heard or self.view(me)
        if not isinstance(seen, PlayerView):
            if command in PRIVATE_COMMANDS:
                self.out.info(f"Nobody has the keyboard yet: {PRIVATE_COMMANDS[command]} after the hand-over.")
                return
            self.public_command(command, arg, q, seen)
            return
        v = seen
        if command == "hand":
            if arg:  # "hand Ben": another's hand is theirs to know; say whose this one is
                self.out.info("Only your own hand can be read: other hands are secret.")
            self.out.lines(review.hand(v, self.style))
        elif command == "pile":
            seat = self.seat_named(arg) if arg else me
            if seat is not None:
                self.out.lines(review.pile(v, seat, self.style))
        elif command == "table":
            self.out.lines(review.table(v, self.style))
        elif command == "scores":
            self.out.lines(review.scores(v, self.style))
        elif command == "age":
            self.out.lines(review.age(v))
        elif command == "genes":
            self.out.lines(review.gene_pools(v))
        elif command == "deck":
            self.out.lines(review.deck(v, self.style))
        elif command == "card":
            self.describe_card(arg, q, v)
        elif command == "rules":
            self.out.lines(rules(arg or None, v.options))
        else:
            self.shared_command(command, arg, q)

    def public_command(self, command: str, arg: str, q: Question | None, v: OnlookerView) -> None:
        """A review command read from what all at the table may see."""
        if command == "pile":
            seat = self.seat_named(arg) if arg else None
            if seat is not None:
                self.out.lines(review.pile(v, seat, self.style))
            elif not arg:
                self.out.info(f"Whose pile? Players: {', '.join(self.names)}.")
        elif command == "table":
            self.out.lines(review.table(v, self.style))
        elif command == "age":
            self.out.lines(review.age(v))
        elif command == "genes":
            self.out.lines(review.gene_pools(v))
        elif command == "deck":
            self.out.lines(review.deck(v, self.style))
        elif command == "card":
            self.describe_card(arg, q, v)
        elif command == "rules":
            self.out.lines(rules(arg or None, v.options))
        else:  # (the settings, log, repeat, help and quit: nobody's secret, no seat's view read)
            self.shared_command(command, arg, q)

    def describe_card(self, typed: str, q: Question | None, v: OnlookerView) -> None:
        """``card NAME``: every fact about a card; when several fit, or the name is misspelt,
        they are numbered and the player picks one (Enter goes back to the question). A
        command typed there is carried out as at the question; another card looked up."""
        if not typed:
            self.out.info("Type card and a name, like card Tiny.")
            return
        asked = ""  # the name whose cards were last offered, offered again after a name found nothing
        for _ in range(5):  # a few names typed in a row at "Which card?", then back
            found, listing = review.cards_fitting(v.cards, typed, self.style)
            self.out.lines(listing)
            if not found and asked:
                typed, asked = asked, ""
                continue
            if len(found) > 1 or (listing and found):
                asked = typed
                pick = choose_from(len(found))
                line = clean_typed(self.read_raw(f"Which card? {pick}, or Enter to go back: "))
                command, arg = self.as_command(line)
                if command == "help":
                    self.out.info(f"{pick}, type another card's name, or press Enter to go back.")
                    continue
                if command not in (None, "card"):  # by its name or its letter: "p zoe"
                    self.command(command, arg, q, v)
                    return
                if is_number(line) and 1 <= int(line) <= len(found):
                    found = [found[int(line) - 1]]
                elif line.strip() and not is_number(line):  # a name typed instead ("c tiny" too): looked up
                    typed = (arg if command == "card" else "") or line.strip()
                    continue
                elif line.strip():  # a number not among them: asked again
                    self.out.info(f"{shorten(line.strip())} is not one of them.")
                    continue
                else:
                    self.out.info(("Back to the question. " if q else "") + self.again(q))
                    return
            if found:
                self.out.lines(full_description(found[0], self.style.label(found[0])))
                self.card_described(found[0].name)
            return

    def card_described(self, name: str) -> None:
        """Called with the card ``card NAME`` has just described: a lesson that asks for a
        look-up knows it was done (:class:`.tutor.LessonSession`); a game has nothing to do."""

    def seat_named(self, typed: str) -> int | None:
        if name_key(typed) in ("me", "my", "mine", "you"):
            return self.me if self.me is not None else self.holder
        hits = players_named(typed, list(self.names))  # "p Zoe" is Zoë's pile
        if len(hits) == 1:
            return hits[0]
        self.out.info(f"No single player named {shorten(typed)}. Players: {', '.join(self.names)}.")
        return None

    def verbosity_changed(self, verbosity: str) -> None:
        self.announcer.verbosity = verbosity

    def question_help(self, q: Question) -> list[str]:
        """At "Play a trait out of turn?", what each trait offered would do."""
        return what_it_reads(self.view(q.decision.player), q.decision)


def where_we_are(v: OnlookerView, me: int | None) -> str:
    """"Round 7, era 2, Tectonic Shift. Your turn.": where a game stands, told from the view
    ``v`` to the listener at seat ``me`` (a resumed game, a person back at an online table)."""
    place = review.age_round(v.round, v.era)
    if v.age is not None:
        place += f", {v.age.name}"
    elif v.catastrophes and v.phase not in ("worlds_end", "scoring"):  # (as it was announced)
        cats = v.catastrophes
        place = f"{review.catastrophe_round(v.round, len(cats))}, {v.cards.catastrophes[cats[-1]].name}"
    if v.phase in ("worlds_end", "scoring"):
        return f"{place}. The world is ending."
    if v.active is None:
        return f"{place}."
    turn = "Your turn." if v.active == me else f"{v.name(v.active)}'s turn."
    return f"{place}. {turn}"


def ends_the_game(e: ev.Event) -> bool:
    """Whether ``e`` is the first kind of event of the end all hear together: the final
    catastrophe's World's End effect, or the scoring."""
    cause = e.cause
    at_worlds_end = cause is not None and cause.kind == ev.CauseKind.CATASTROPHE and cause.step == "worlds_end"
    return at_worlds_end or isinstance(e, ev.ScoreTallied)


def as_command(line: str) -> tuple[str | None, str]:
    """The command of Doomlings' prompt a typed line names (:func:`~.prompting.named_command`)."""
    return named_command(line, COMMANDS, ALIASES)


__all__ = ["MORE", "Prefs", "QuitGame", "Session", "letter_is_a_command", "where_we_are"]
