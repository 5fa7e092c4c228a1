"""Two people at one keyboard playing Doomcrop through the prompt loop: each hears the game from
their own seat after a hand-over, and nothing of the other's face-down cards reaches them."""

from __future__ import annotations

import io
import re

from crop_loop_kit import new, played

from doomlings_access.doomcrop import events as ev
from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ui.game import DoomcropWords
from doomlings_access.players.search import Budget
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
    assert re.search(r"You lay your grid face down: [^.]+\.$", before[0])  # setting up, after Ana
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
