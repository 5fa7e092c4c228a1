"""Doomlings at the prompt loop every game shares (:class:`~doomlings_access.telling.loop.PromptLoop`).

The loop, its pace, its commands and the hand-over between people sharing the keyboard are the
same as Doomcrop's; Doomlings' words are :class:`~doomlings_access.ui.game.DoomlingsWords`. What
this session adds are the loop's hooks Doomlings needs: a trait the engine plays for a person
(their one playable) waits for their Enter, and for their hand-over at a shared keyboard; a
chance to play at any time is kept for the person's own plays (:attr:`Prefs.any_time`); "Ana's
turn." is not told just before "Pass to Ana." says it; review at a pause reads the game as far as
it was heard; who has the keyboard, and how far they heard, goes into the save; and ``card
NAME`` is a short dialogue when several cards fit.

The session holds the game to drive it (it applies answers, asks computer players with their
views, keeps how far each person has heard); everything it tells a person is made from that
person's view and the events as their seat saw them (:meth:`Session.view`,
:meth:`Session.seen_from`), never from the game itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from dataclasses import dataclass

from doomlings_access.ai import Agent
from doomlings_access.cards.describe import full_description
from doomlings_access.rules import Choice, Game
from doomlings_access.rules import events as ev
from doomlings_access.rules.decisions import Decision, Value
from doomlings_access.rules.view import OnlookerView, PlayerView
from doomlings_access.safety.text import name_key, players_named
from doomlings_access.ui import review
from doomlings_access.telling.answers import HeldBack
from doomlings_access.telling.console import Console, shorten
from doomlings_access.telling.loop import PromptLoop
from doomlings_access.telling.output import Output
from doomlings_access.telling.prompting import (
    MORE, SHARED_COMMANDS, QuitGame, letter_is_a_command, named_command, resume_words, whose_game,
)
from doomlings_access.telling.prompting import Prefs as SharedPrefs
from doomlings_access.ui.announcer import Announcer
from doomlings_access.ui.answers import cards_held_back
from doomlings_access.ui.game import ALIASES, COMMANDS, PRIVATE_COMMANDS, DoomlingsTeller, DoomlingsWords, where_we_are
from doomlings_access.ui.heard import heard_until, listener_view, told_since_asked, view_as_heard
from doomlings_access.ui.questions import Question, passes_unasked
from doomlings_access.ui.words import Said, Style, house_rules, join

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
    """The question for decision ``d`` as its listener, whose view is ``view``, hears it
    (:meth:`.DoomlingsWords.question`, at the listener's verbosity)."""
    return DoomlingsWords(lambda: announcer.verbosity).question(view, d, style.labels)


STORY_STARTS = (ev.TurnStarted, ev.AgeRevealed, ev.CatastropheRevealed, ev.WorldsEndStarted)
"""Events that begin a story: what follows them, to the next, is told as one message."""


class Session(PromptLoop[PlayerView]):
    """One game of Doomlings at the prompt: people at ``humans`` seats, computer ``agents`` at
    the others."""

    game: Game
    words: DoomlingsWords
    prefs: Prefs
    announcer: DoomlingsTeller

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
        from doomlings_access.ai.heuristic import HeuristicAgent

        self.views: dict[int | None, tuple[int, OnlookerView]] = {}
        """Each listener's view, with how many actions the game had when it was made."""
        self.game = game
        self.resumed_at = len(game.log) if resumed else 0  # events told before this session
        prefs = prefs or Prefs()
        super().__init__(
            game, DoomlingsWords(lambda: self.prefs.verbosity, itemised=bool(humans)), humans, agents, console,
            output, prefs, change_speech=change_speech if callable(change_speech) else None,
            saved_through=saved_through, levels=levels, reflex=lambda seat: HeuristicAgent(0, seat), paced=paced,
        )
        self.resume_defaults = resume_defaults or Prefs()
        """The settings ``doomlings resume`` starts with (the settings file's): the resume
        command names every setting of this game that differs from them."""
        if saved_as is not None:  # the save's name, to say how to go on after quitting
            self.resumed_by = lambda now: resume_words(saved_as, now, self.resume_defaults)
        self.saving = on_action
        self.style = Style(self.prefs.labels)
        self.saved_keyboard = keyboard
        """Who had the keyboard, and how far they had heard, as the game was saved: kept as it
        was until this session's first hand-over (left at "Pass to Ben.", it is still so)."""
        self.turns_noticed: set[int] = set()
        """The turns (their events) whose computer was said to be thinking."""
        self.questions_asked = 0
        if resumed:
            self.resume(keyboard)

    def teller(self, me: int | None) -> DoomlingsTeller:
        """A listener's teller, made once: a person's made at their first hand-over of a
        resumed game knows the traits whose text they heard read before it was saved."""
        new = me not in self.tellers
        made = super().teller(me)
        assert isinstance(made, DoomlingsTeller)
        if new and me is not None and me != self.me:
            mine = self.view(me)
            made.already_told(mine, mine.log[: self.told.get(me, self.resumed_at)])
        return made

    # --- the telling's hooks ----------------------------------------------------------------
    def nobody_listening(self) -> None:
        """News before anyone has the keyboard: it goes to the first person at once, who hears it."""
        self.hand_over(self.first_listener())

    def end_heard_by_name(self) -> int:
        """Everyone at the keyboard hears the end by name from the final catastrophe's World's
        End effect (or the scoring): the switch was wherever the game happened to be over when
        told, earlier or later as the last questions fell, by the cards (it was told as "you"
        to whoever last had it: "World's End points: Ana -3 and you -2")."""
        return next((e.seq for e in self.game.log if ends_the_game(e)), len(self.game.log))

    def everyone_teller(self, start: int) -> DoomlingsTeller:
        shared = self.words.teller(None, self.names, self.prefs.verbosity, self.prefs.labels)
        everyone = self.seen_from(None)
        shared.already_told(everyone, everyone.log[:start])
        return shared

    def played_for(self, event: object) -> int | None:
        """A person's one playable trait, played by the engine: it waits for their Enter."""
        return event.player if isinstance(event, ev.OnlyPlayable) else None

    def turn_of(self, event: object) -> int | None:
        return event.player if isinstance(event, ev.TurnStarted) else None

    def telling_view(self, me: int | None) -> OnlookerView:
        return self.seen_from(me)

    def before_story(self, events: Sequence[object]) -> None:
        """A thinking computer's turn: its notice first, then its thinking time waited out."""
        for e in events:
            if isinstance(e, ev.TurnStarted) and self.thinks(e.player) and e.seq not in self.turns_noticed:
                self.notice_turn(e)
        self.wait_out_thinking()

    def said_at_hand_over(self, seat: int, d: Decision | None) -> str | None:
        """The person's hand in a line (unless the question ``d`` is a play, whose options are
        the hand, or one whose options are the whole hand, as stabilizing's discard)."""
        return self.words.hand_in_a_line(self.view(seat), d, self.prefs.labels)

    def resume(self, keyboard: tuple[int | None, int | None]) -> None:
        """A resumed game: its history (for log and repeat) is the whole game so far, told
        again silently; the person hears where it stands, and once it runs its last few
        announcements."""
        game, humans = self.game, self.humans
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
        where = self.words.where_we_are(listening)
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

    # --- the loop's hooks -----------------------------------------------------------------
    def computer_answer(self, d: Decision) -> Value:
        """A computer seat's answer: a computer that thinks long is said to be thinking once,
        at the start of its own turn (:meth:`before_thinking`)."""
        view = self.view(d.player)  # (made before "is thinking.": a Ctrl-C after it is the search's)
        if self.humans and self.thinks(d.player):
            self.before_thinking(d.player, self.asked_at)
        return self.thought_answer(self.agents[d.player], view, d)

    def kept_for_later(self, d: Decision) -> Value | None:
        """A chance the person keeps for later (:meth:`passes_unasked`): passed, not asked."""
        return "pass" if self.passes_unasked(d) else None

    def after_action(self) -> None:
        """The autosave (:meth:`autosave`); Doomlings counts no turns (:meth:`before_thinking`
        finds the turn in the events)."""
        self.autosave()

    def autosave(self) -> None:
        """The save, with who has the keyboard and how far they have heard (:meth:`keyboard`)."""
        if self.saving is not None:
            self.saving(self.game, *self.keyboard())

    def end_blocks(self, view: PlayerView) -> list[list[Said]]:
        """The scores card by card, for the people at the keyboard (by name when they share it)."""
        return self.words.end_blocks(view, self.prefs.labels, you=self.me is not None)

    def leaving(self) -> None:
        """People sharing the keyboard: the save knows exactly how far the holder has heard,
        and the last hand stays on no screen, above how to go on."""
        if len(self.humans) < 2:
            return
        self.autosave()
        clear = getattr(self.console, "clear", None)
        if callable(clear):
            clear()

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

    def before_thinking(self, seat: int, answered: int) -> None:
        """Before a thinking computer's decision at the start of its own turn: what came before
        its turn is heard, then "Otto is thinking." (:meth:`notice_turn`). At no other
        decision is anything told first: whether a computer is asked out of turn, or has a
        choice to think about at all, depends on the cards it holds, and the notice, or news
        cut short before it, told the others so ("Pia is thinking." out of turn said Pia held
        a trait to play then). Its turn is told whole once it has played it."""
        if len(self.humans) > 1 and self.holder is None:
            return  # nobody is told anything yet: the notice comes with the first person's news
        log = self.game.seat_log(self.announcer.me)
        began = self.story_began()
        opened = log[began] if began < len(log) else None
        if isinstance(opened, ev.TurnStarted) and opened.player == seat and opened.seq not in self.turns_noticed:
            self.announce(None if began <= answered else began)
            self.notice_turn(opened)

    def notice_turn(self, turn: ev.TurnStarted) -> None:
        """"Otto is thinking.", once at the start of each turn of a computer that thinks long,
        told whether or not it then has anything to think about (a turn of one playable trait
        has not): so it tells nothing of its hand. One whose thinking time is too short to be
        worth a notice has its turn waited out all the same, unsaid: its turn came at once or
        after its search, and which told whether it had a choice."""
        self.turns_noticed.add(turn.seq)
        if not self.thinks_long(turn.player):
            self.thinking_begins(self.agents[turn.player])
            return
        self.make_room(f"{self.names[turn.player]} is thinking.")
        self.say_thinking(turn.player)

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

    def first_listener(self, asked: int | None = None) -> int:
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

    def seat_view(self, seat: int) -> PlayerView:
        return self.view(seat)

    def done_for_you(self, clauses: list[str]) -> str:
        """"Antlers and Fangs were played out of turn for you"."""
        return f"{join(clauses)} {'was' if len(clauses) == 1 else 'were'} played out of turn for you"

    def ask(self, d: Decision) -> Choice:
        self.questions_asked += 1
        self.hand_over(d.player, d)
        return self.answer_to(self.words.question(self.view(d.player), d, self.prefs.labels))

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
    def command(self, command: str, arg: str, q: object | None, heard: OnlookerView | None = None) -> None:
        """A review or settings command, typed at question ``q`` or at a pause (``None``,
        reading ``heard``: the view of the game as heard so far), read by Doomlings' words
        from the view it may read. Before anyone has the keyboard of people sharing it, what
        is private to one of them is not shown (a resumed game's first pause printed the first
        person's hand to whoever was looking): what all at the table may see is read then."""
        asked = q if isinstance(q, Question) else None
        me = self.viewer(asked)
        seen = heard or self.view(me)
        private = isinstance(seen, PlayerView)
        if not private and command in PRIVATE_COMMANDS:
            self.out.info(f"Nobody has the keyboard yet: {PRIVATE_COMMANDS[command]} after the hand-over.")
        elif command == "pile":
            seat = self.seat_named(arg) if arg else me if private else None
            if seat is not None:
                self.say_lines(self.words.pile(seen, seat, self.prefs.labels))
            elif not arg:
                self.out.info(f"Whose pile? Players: {', '.join(self.names)}.")
        elif command == "card":
            self.describe_card(arg, asked, seen)
        elif command in self.words.commands and command not in SHARED_COMMANDS:
            self.say_lines(self.words.review(seen, command, arg, self.prefs.labels))
        else:  # (the settings, log, repeat, help and quit: nobody's secret, no seat's view read)
            self.shared_command(command, arg, asked)

    def say_lines(self, lines: list[Said]) -> None:
        for said in lines:
            self.out.say(said, remember=False)

    def describe_card(self, typed: str, q: Question | None, v: OnlookerView) -> None:
        """``card NAME``: every fact about a card, the loop's look-up dialogue
        (:meth:`~.Prompting.look_up`) among the cards of the view ``v`` that fit the name (a
        command typed at "Which card?" reads ``v`` too)."""
        if not typed:
            self.out.info("Type card and a name, like card Tiny.")
            return

        def tell(card: Any) -> None:
            self.out.lines(full_description(card, self.style.label(card)))
            self.card_described(card.name)

        self.look_up(typed, q, lambda name: review.cards_fitting(v.cards, name, self.style), tell,
                     lambda command, arg: self.command(command, arg, q, v))

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


def ends_the_game(e: ev.Event) -> bool:
    """Whether ``e`` is the first kind of event of the end all hear together: the final
    catastrophe's World's End effect, or the scoring."""
    cause = e.cause
    at_worlds_end = cause is not None and cause.kind == ev.CauseKind.CATASTROPHE and cause.step == "worlds_end"
    return at_worlds_end or isinstance(e, ev.ScoreTallied)


def as_command(line: str) -> tuple[str | None, str]:
    """The command of Doomlings' prompt a typed line names (:func:`~.prompting.named_command`)."""
    return named_command(line, COMMANDS, ALIASES)


__all__ = ["ALIASES", "COMMANDS", "MORE", "Prefs", "QuitGame", "Session", "letter_is_a_command", "where_we_are"]
