"""Two people at one keyboard: each hears the game from their own seat, and nothing private to
one is printed while the other has the keyboard (issue: heard and understood)."""

from __future__ import annotations

import io
import re

from builders import new_game

from doomlings_access.ai.heuristic import HeuristicAgent
from doomlings_access.rules import Game, Setup
from doomlings_access.rules import events as ev
from doomlings_access.ui.console import PlainConsole
from doomlings_access.ui.output import Output
from doomlings_access.ui.session import Prefs, Session

PASS = re.compile(r"^Pass to (\w+)\. Press Enter when \1 is ready\.$")


def hot_seat(seed: int, answers: str) -> tuple[str, Game]:
    g = new_game(Setup(("Ana", "Ben", "Otto"), seed))
    stdin, stdout = io.StringIO(answers), io.StringIO()
    console = PlainConsole(stdin, stdout)
    Session(g, [0, 1], {2: HeuristicAgent(seed, 2)}, console, Output(console.write), Prefs()).run()
    return stdout.getvalue(), g


def segments(text: str) -> list[tuple[str, str]]:
    """(whose keyboard, what was printed while they had it)."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        m = PASS.match(line)
        if m:
            out.append((m.group(1), []))
        elif out:
            out[-1][1].append(line)
    return [(who, " ".join(lines)) for who, lines in out]


def test_each_person_hears_only_their_own_cards_and_their_log() -> None:
    for seed in range(6):
        text, g = hot_seat(seed, ("1\n" * 5 + "log 40\n") * 400)
        assert g.is_over
        seat_of = {"Ana": 0, "Ben": 1}
        drawn = {0: set(), 1: set()}  # names of cards each person drew (private to them)
        for e in g.log:
            if isinstance(e, ev.Drew) and e.player in drawn:
                drawn[e.player] |= {g.defs[c].name for c in e.cards}
        parts = segments(text)
        assert {who for who, _ in parts} == {"Ana", "Ben"}
        assert "Plain mode cannot clear the screen" in text
        for who, said in parts:
            seat = seat_of[who]
            other = next(n for n in seat_of if n != who)
            said = re.sub(r"\s+", " ", said)
            # Your draws are yours; the other person's draws are counts.
            for listed in re.findall(r"You (?:draw|are dealt) ([^,.]+(?:, [^,.]+)*(?: and [^,.]+)?)[,.]", said):
                for name in re.split(r", | and ", listed):
                    if not re.fullmatch(r"\d+ (cards?|in hand)", name):
                        assert name in drawn[seat], (seed, who, name)
            assert not re.search(rf"\b{other} (?:draws|is dealt) (?!\d+ cards?\b)", said), (seed, who)
            assert "\nYou's" not in said and f"{other}, your hand" not in said
