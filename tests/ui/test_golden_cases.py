"""Golden transcripts of the moments a listener must follow: a steal with its gene-pool change,
a random discard, a copied action, the only playable trait, a tie broken at the end, and
out-of-turn responses at one keyboard. Whole games through the real prompt loop
(plain mode, answering 1 at every prompt); each transcript must show its moment.

To accept a deliberate change of wording, after reading the diff:
PYTHONPATH=tests python tests/ui/test_golden_cases.py --update
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from builders import RulesOfThumb, new_game

from doomlings_access.rules import Setup
from doomlings_access.telling.console import PlainConsole
from doomlings_access.telling.output import Output
from doomlings_access.ui.session import Prefs, Session

CASES = Path(__file__).parent.parent / "golden" / "cases"
NAMES = ("Ana", "Ben", "Otto", "Pia")

# name: (seed, players, people, what the transcript must show)
MOMENTS = {
    "steal_with_gene_pool_change": (7, 4, 1, r"Ben steals Brute Strength from Pia's pile\. Brute Strength: Pia's gene pool goes from 3 to 4 and Ben's gene pool goes from 4 to 3\."),
    "random_discard": (1, 4, 1, r"Bad: Pia discards [^.;]+ at random[;.]"),
    "copied_action": (1, 4, 1, r"Painted Shell: Ben uses the action of Iridescent Scales\. Iridescent Scales: Ben draws 3 cards\."),
    "only_playable": (11, 4, 1, r"Only Kidney, rX can be played\. Press Enter to play it\. 1 You play Kidney, rX, no action\."),
    "tie_and_tie_break": (3, 4, 1, r"Tie-break for \w+ and \w+, tied on (\d+) points: [^.]+\..*?Placings: 1 [^;]+ \1, \d+ with the tie-break draw; "),
    "hot_seat_response": (
        1, 3, 2,
        r"Pass to (Ana|Ben)\. Press Enter when \1 is ready\. 1 While others had the keyboard, [\w -]+ "
        r"was played out of turn for you, as the normal computer player would have\.",
    ),
}
PREFS = {"hot_seat_response": Prefs(any_time="every")}
"""The out-of-turn chances at one keyboard: asked of the person who has it, played for one who
has not (a hand-over for it told the others what they held), and told at their hand-over."""


def transcript(seed: int, players: int, people: int, prefs: Prefs) -> str:
    g = new_game(Setup(NAMES[:players], seed))
    stdin, stdout = io.StringIO("1\n" * 3000), io.StringIO()
    console = PlainConsole(stdin, stdout)
    agents = {s: RulesOfThumb(seed, s) for s in range(people, players)}
    Session(g, list(range(people)), agents, console, Output(console.write), prefs).run()
    assert g.is_over
    return stdout.getvalue()


@pytest.mark.parametrize("name", MOMENTS)
def test_a_golden_moment(name: str) -> None:
    seed, players, people, shows = MOMENTS[name]
    text = transcript(seed, players, people, PREFS.get(name, Prefs()))
    assert re.search(shows, re.sub(r"\s+", " ", text)), name
    assert text == (CASES / f"{name}.txt").read_text(encoding="utf-8")


if __name__ == "__main__" and "--update" in sys.argv:
    for name, (seed, players, people, _) in MOMENTS.items():
        (CASES / f"{name}.txt").write_text(transcript(seed, players, people, PREFS.get(name, Prefs())), encoding="utf-8")
