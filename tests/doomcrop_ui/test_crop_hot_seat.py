"""Two people at one keyboard playing Doomcrop through the prompt loop: each hears the game from
their own seat after a hand-over, and nothing of the other's face-down cards reaches them."""

from __future__ import annotations

import io
import re

from crop_loop_kit import new, played

from doomlings_access.doomcrop import Game
from doomlings_access.doomcrop import events as ev
from doomlings_access.doomcrop.decisions import Decision, Reason, Value
from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ai.family import DOOMCROP
from doomlings_access.doomcrop_ai.levels import make_agent
from doomlings_access.doomcrop_ui.game import DoomcropWords
from doomlings_access.players.search import Budget, Search
from doomlings_access.telling.console import PlainConsole
from doomlings_access.telling.loop import Prefs, PromptLoop
from doomlings_access.telling.output import Output


def test_each_person_hears_their_own_cards_only_after_their_hand_over() -> None:
    game = new(3)
    text = played(game, "1\n" * 600, people=(0, 1))
    assert game.is_over
    assert text.count("Plain mode cannot clear the screen") == 1  # said once, before the first hand-over
    parts = re.split(r"Pass to (Ana|Ben)\. Press Enter when \1 is ready\.\n", text)
    holders, segments = parts[1::2], parts[2::2]
    assert holders[:2] == ["Ana", "Ben"] and len(holders) > 10
    grids = {e.seat: e.cards for e in game.log if isinstance(e, ev.GridBuilt)}
    anas, bens = ({c.code for c in grids[s] if c is not None} for s in (0, 1))
    first_ana, first_ben = segments[0], segments[1]
    named = set(re.findall(r"\b(?:10|[2-9JQKA])[CDHS]\b", first_ben))
    assert not named & anas, named & anas  # Ben's first turn at the keyboard names none of Ana's grid
    assert bens <= named  # and his own grid is named to him
    assert anas <= set(re.findall(r"\b(?:10|[2-9JQKA])[CDHS]\b", first_ana))
    assert "Game over." in text


def test_a_thinking_computer_is_said_to_think_once_a_turn_of_its_own() -> None:
    """"Ben is thinking." at the start of each of Ben's turns (and once while he sets up),
    whatever the time it takes, and never at a Hearts defence he may be asked in another's
    turn: that question comes only to a seat holding a face-down Heart beside the card attacked."""
    game = new(2)
    text = played(game, "1\n" * 600, level="hard", budget=Budget(seconds=60, iterations=4))
    turns = sum(1 for e in game.seen_log(0) if isinstance(e, ev.TurnStarted) and e.seat == 1)
    assert text.count("Ben is thinking.") == turns + 1
    before = [part.rstrip() for part in " ".join(text.split()).split("Ben is thinking.")[:-1]]
    assert re.search(r"You lay your grid face down: front: [^.]+ back: \w+, \w+, \w+$", before[0])  # setting up, after Ana
    assert all(part.endswith("Ben's turn.") for part in before[1:]), before


class _Terminal(PlainConsole):
    """A terminal that clears, noting each clear and whose input history is in use."""

    def __init__(self, stdin: io.StringIO, stdout: io.StringIO) -> None:
        super().__init__(stdin, stdout)
        self.listeners: list[object] = []

    def can_clear(self) -> bool:
        return True

    def clear(self) -> bool:
        self.write("<cleared>")
        return True

    def listening(self, person: object) -> None:
        self.listeners.append(person)


def test_the_hand_over_is_doomlings_own_at_a_terminal_that_clears() -> None:
    """Doomcrop hands the keyboard over as Doomlings does (one implementation): the person
    leaving presses Enter before the screen is cleared, nothing is said of plain mode where the
    screen clears, and each person gets their own input history; in plain mode the leaving
    person's Enter is not asked for (no screen is cleared: it was a key for nothing)."""
    game = new(3)
    console = _Terminal(io.StringIO("1\n" * 600), io.StringIO())
    PromptLoop[View](game, DoomcropWords(), [0, 1], {}, console, Output(console.write), Prefs()).run()
    text = console.stdout.getvalue()
    assert game.is_over
    assert "Plain mode cannot clear" not in text
    hand_overs = text.count("Pass to ")
    assert hand_overs > 10 and text.count("<cleared>") == hand_overs
    # every hand-over after the first: the person leaving pressed Enter before the clear
    leaving = re.findall(r"(Ana|Ben), press Enter to pass the keyboard\. [^\n]*\n<cleared>\nPass to (Ana|Ben)\.", text)
    assert len(leaving) == hand_overs - 1 and all(a != b for a, b in leaving)
    assert console.listeners[:3] == [0, 1, 0] and len(console.listeners) == hand_overs
    plain = played(new(3), "1\n" * 600, people=(0, 1))
    assert "press Enter to pass the keyboard" not in plain and plain.count("Pass to ") > 10


def hearts_defences(game: Game) -> list[tuple[int, Value]]:
    """Each Hearts defence of a finished game: the seat asked and its answer (replayed)."""
    again, asked = Game(game.setup), []
    for action in game.actions:
        d = again.pending
        assert d is not None
        if d.reason == Reason.HEARTS:
            asked.append((d.player, action.value))
        again.apply(action)
    return asked


def test_a_hearts_defence_out_of_turn_is_answered_for_its_person_not_handed_to_them() -> None:
    """The Hearts defence is asked only of a seat with a face-down Heart beside its Heart
    attacked: "Pass to Ben." in the middle of Ana's turn told Ana that Ben held one. At one
    keyboard it is answered for Ben as the normal computer player would, and Ben hears so at
    his next hand-over (by name, with the end, when the game ends first); the keyboard changes hands only where a turn begins (or at setting up)."""
    seen = 0
    for seed in (2, 16, 18, 19):
        game = new(seed)
        text = " ".join(played(game, "1\n" * 800, people=(0, 1)).split())
        defences = hearts_defences(game)
        assert defences, seed
        seen += len(defences)
        assert "Add a face-down Heart beside it" not in text  # never asked of a person
        told = re.findall(r"[Ww]hile others had the keyboard, (.*?), as the normal computer player would have\.", text)
        clauses = sum(len(re.findall(r"you added (?:no Heart|your face-down \S+ at your [a-z ]+) to the defence", t)) for t in told)
        assert clauses == len(defences), (seed, told, defences)
        hand_overs = re.findall(r"(\S+ \S+) Pass to (Ana|Ben)\.", text)
        assert len(hand_overs) > 10
        for before, name in hand_overs[2:]:  # (the first two: each person setting up)
            assert before == f"{name}'s turn.", (seed, before)
    assert seen >= 5


def test_a_computer_that_thinks_answers_a_hearts_defence_at_once() -> None:
    """A hard computer player's search would take its whole budget at a Hearts defence, and a
    person would hear the game stop only when it held a face-down Heart: it answers there at
    once, as the normal level does."""

    class Noted(Search[View]):
        reasons: list[str] = []

        def choose(self, view: View, decision: Decision) -> Value:
            self.reasons.append(decision.reason)
            return super().choose(view, decision)

    found = False
    for seed in (2, 16, 19):
        game = new(seed)
        console = PlainConsole(io.StringIO("1\n" * 800), io.StringIO())
        agent = Noted(DOOMCROP, seed, 1, Budget(seconds=60, iterations=2))
        agent.reasons = []
        PromptLoop[View](
            game, DoomcropWords(), [0], {1: agent}, console, Output(console.write), Prefs(),
            reflex=lambda seat, seed=seed: make_agent("normal", seed, seat), paced=False,
        ).run()
        assert game.is_over and agent.reasons
        assert Reason.HEARTS not in agent.reasons
        found = found or any(seat == 1 for seat, _ in hearts_defences(game))
    assert found  # the computer had a Hearts defence to answer in one of them


def test_a_game_at_one_keyboard_resumed_says_who_is_at_it() -> None:
    """"Ana and Ben at the keyboard, Cy at the computer", as Doomlings says it (people sharing
    the keyboard are no team: "Ana and Ben against Cy" said they were)."""
    game = new(4, ("Ana", "Ben", "Cy"))
    played(game, "1\n" * 6, people=(0, 1))
    assert game.actions and not game.is_over
    console = PlainConsole(io.StringIO(""), io.StringIO())
    agents = {2: make_agent("normal", 4, 2)}
    PromptLoop[View](game, DoomcropWords(), [0, 1], agents, console, Output(console.write), Prefs(), resumed=True).run()
    assert console.stdout.getvalue().startswith("Doomcrop resumed: Ana and Ben at the keyboard, Cy at the computer.\n")


def test_a_hard_player_given_little_time_to_think_is_not_waited_for() -> None:
    """"Ben is thinking." only for a computer whose budget is more than half a second (a
    public setting, as in Doomlings): with a tenth of a second, nothing is said."""
    text = played(new(2), "1\n" * 600, level="hard", budget=Budget(seconds=0.1, iterations=2))
    assert "is thinking" not in text
