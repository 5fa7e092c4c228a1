"""Golden transcripts of what was heard wrong (issue 33, "what was heard wrong"): each a
position played through the real prompt loop (plain text streams), a person typing at the
keyboard and computer players answering as scripted, its transcript kept in
``tests/golden/heard``; each must show the moment it is about.

To accept a deliberate change of wording, after reading the diff:
PYTHONPATH=tests python tests/ui/test_heard_right.py --update
"""

from __future__ import annotations

import io
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from doomlings_access.cards import load_cards
from doomlings_access.positions import read_position
from doomlings_access.rules import Game
from doomlings_access.rules.decisions import Decision, Value
from doomlings_access.rules.view import PlayerView
from doomlings_access.telling.console import PlainConsole
from doomlings_access.telling.output import Output
from doomlings_access.ui.session import Prefs, Session

CASES = Path(__file__).parent.parent / "golden" / "heard"


class Scripted:
    """A computer seat answering as told: each answer by the name of an option (a card, a
    player, a word), then the first option (pass) once the script runs out."""

    thinks = False

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)

    def choose(self, view: PlayerView, d: Decision) -> Value:
        if self.answers:
            wanted = self.answers.pop(0).lower()
            for value in d.options:
                named = view.name(value) if d.kind == "player" and isinstance(value, int) else (
                    view.card(value).name if isinstance(value, int) else str(value)
                )
                if named.lower() == wanted:
                    return value
            raise AssertionError(f"{wanted!r} is not an option of {d.reason}: {d.options}")
        return d.options[0]


@dataclass(frozen=True)
class Case:
    position: dict[str, Any]
    people: tuple[str, ...]
    typed: str
    """What the people type, a line each (then Enter at every prompt until the end)."""
    shows: str
    """A pattern the transcript (spaces squeezed) must hold: the moment the case is about."""
    computers: dict[str, list[str]] = field(default_factory=dict)
    prefs: Prefs = field(default_factory=Prefs)
    left_after: str | None = None
    """What the people type before they quit, when the transcript is of the game resumed."""


def transcript(case: Case) -> str:
    setup = read_position(case.position)
    game = Game(load_cards(setup.options.edition), setup)
    names = [p["name"] for p in case.position["players"]]
    humans = [names.index(n) for n in case.people]
    agents: dict[int, Any] = {s: Scripted(case.computers.get(n, [])) for s, n in enumerate(names) if s not in humans}
    if case.left_after is not None:  # played until the people quit; the transcript is its resumption
        first = PlainConsole(io.StringIO(case.left_after), io.StringIO())
        Session(game, humans, agents, first, Output(first.write), case.prefs).run()
    stdin, stdout = io.StringIO(case.typed + "\n" * 200), io.StringIO()
    console = PlainConsole(stdin, stdout)
    Session(game, humans, agents, console, Output(console.write), case.prefs, resumed=case.left_after is not None).run()
    return stdout.getvalue()


CASES_HEARD: dict[str, Case] = {
    # My Inventive was using Pia's Costly Signaling: Quin's Chromatophores cancels it. The
    # sentence named only Pia's card, not my Inventive, nor that it stays in my pile.
    "cancelled_use_of_another_action": Case(
        position={
            "players": [
                {"name": "Ana", "hand": ["Inventive", "Bark"]},
                {"name": "Otto", "hand": ["Gills"]},
                {"name": "Pia", "traits": ["Costly Signaling"], "hand": ["Spiny"]},
                {"name": "Quin", "hand": ["Chromatophores", "Fangs"]},
            ],
            "revealed": ["The Birth of Life"], "age": "The Birth of Life",
            "deck": ["Leaves", "Quick", "Antlers", "Fire Skin", "Blubber", "Migratory", "Nocturnal"],
            "rest_of_deck": "in_order", "play": "turn",
        },
        people=("Ana",),
        typed="1\n1\n",
        computers={"Quin": ["pass", "Chromatophores"]},
        shows=r"Quin's Chromatophores cancels the action of Costly Signaling that your Inventive was using",
    ),
    # Otto plays Fear: nothing follows it, and nothing said so (silence or a missed effect?).
    "a_trait_with_no_action": Case(
        position={
            "players": [
                {"name": "Ana", "hand": ["Bark", "Quick"]},
                {"name": "Otto", "hand": ["Fear"]},
            ],
            "revealed": ["The Birth of Life"], "age": "The Birth of Life", "turn": "Otto",
            "deck": ["Leaves", "Antlers", "Fire Skin", "Blubber", "Migratory", "Nocturnal"],
            "rest_of_deck": "in_order", "play": "round",
        },
        people=("Ana",),
        typed="1\n",
        shows=r"Otto plays Fear, c1, no action\. Otto stabilizes by drawing",
    ),
    # The Big One: what I received first, then the rest briefly (it was one sentence of eight
    # parts that read my own choices back to me).
    "the_big_one_passing": Case(
        position={
            "players": [
                {"name": "Ana", "hand": ["Quick", "Fangs", "Bark"]},
                {"name": "Otto", "hand": ["Gills", "Spiny", "Leaves"]},
                {"name": "Pia", "hand": ["Antlers", "Fire Skin", "Blubber"]},
                {"name": "Quin", "hand": ["Migratory", "Nocturnal", "Tiny"]},
            ],
            "revealed": ["The Birth of Life", "Arid Lands"], "age_deck": ["The Big One"],
            "options": {"catastrophe_ends_round": True},
            "start": "round", "play": "round",
        },
        people=("Ana",),
        typed="1\n1\n",
        shows=r"The Big One: you get [A-Z][a-z]+ from Otto and [A-Z][a-z ]+ from Quin; every player gives 1 card to each neighbour\.",
    ),
    # ``table`` lists every pile's traits, as its help says (it gave counts: seeing the table
    # took a ``pile`` a player, some thirty lines).
    "table_lists_traits": Case(
        position={
            "players": [
                {"name": "Ana", "hand": ["Bark", "Quick"], "traits": ["Tiny", "Kidney"]},
                {"name": "Otto", "hand": ["Fear"], "traits": ["Fangs"]},
                {"name": "Pia", "hand": ["Gills"]},
            ],
            "revealed": ["The Birth of Life"], "age": "The Birth of Life",
            "rest_of_deck": "in_order", "play": "turn",
        },
        people=("Ana",),
        typed="table\n1\n",
        shows=r"You: gene pool 5, 2 cards in hand, first player; 2 traits: Tiny, db17; Kidney, rX\. "
        r"Otto: gene pool 5, 1 card in hand; 1 trait: Fangs, r1\. Pia: gene pool 5, 1 card in hand; no traits\.",
    ),
    # Right after "Quin plays Late, c1, out of turn." a pause: ``pile quin`` left Late out
    # while ``table`` counted Quin's hand without it (the rules, stopped there, held it between
    # hand and pile). Both read the table as heard.
    "review_at_a_pause_is_one_moment": Case(
        position={
            "players": [
                {"name": "Ana", "hand": ["Bark", "Quick"]},
                {"name": "Otto", "hand": ["Gills"]},
                {"name": "Pia", "hand": ["Spiny"]},
                {"name": "Quin", "hand": ["Fangs", "Late"], "traits": ["Reckless"]},
            ],
            "revealed": ["The Birth of Life"], "age": "The Birth of Life", "turn": "Otto",
            "age_deck": ["Arid Lands", "Tropical Lands"],
            "deck": ["Leaves", "Antlers", "Fire Skin", "Blubber", "Migratory", "Nocturnal", "Woody Stems",
                     "Adorable", "Stone Skin", "Appealing", "Deep Roots", "Swarm", "Kidney"],
            "rest_of_deck": "in_order", "play": "round",
        },
        people=("Ana",),
        typed="pile quin\ntable\n\n",
        computers={"Quin": ["Fangs", "Late"]},
        prefs=Prefs(pause=5),
        shows=r"Quin plays Late, c1, out of turn\. Late reads: [^.]+\. Press Enter for more\. pile quin Quin's trait "
        r"pile, 3 traits: Reckless, r3 Fangs, r1 Late, c1 Press Enter for more\. table .*Quin: gene pool 5, "
        r"4 cards in hand; 3 traits: Reckless, r3; Fangs, r1; Late, c1\.",
    ),
    # After every ``s`` at a question offering Saliva: "s is the scores command; to choose
    # Saliva, type 2." came after the scores, every time. Once, and first.
    "a_letter_that_begins_a_choice": Case(
        position={
            "players": [
                {"name": "Ana", "hand": ["Bark", "Saliva"]},
                {"name": "Otto", "hand": ["Fear"]},
            ],
            "revealed": ["The Birth of Life"], "age": "The Birth of Life",
            "rest_of_deck": "in_order", "play": "turn",
        },
        people=("Ana",),
        typed="s\ns\n1\n",
        shows=r"Choose 1 to 2, or \? for help: s s is the scores command; to choose Saliva, type 2\. "
        r"Scores if the world ended now[^?]*Choose 1 to 2, or \? for help: s Scores if",
    ),
    # ``age`` in a catastrophe's round said nothing of the ages to come.
    "age_says_the_ages_to_come": Case(
        position={
            "players": [
                {"name": "Ana", "hand": ["Quick", "Fangs", "Bark"]},
                {"name": "Otto", "hand": ["Gills", "Spiny", "Leaves"]},
            ],
            "revealed": ["The Birth of Life", "Arid Lands", "Tectonic Shift", "High Tides"],
            "age_deck": ["Mass Extinction", "Glacial Drift", "Galactic Drift", "Age of Wonder", "Pulse Event",
                         "Age of Peace", "Coastal Formations", "Comet Showers", "Ice Age"],
            "start": "round", "play": "round",
        },
        people=("Ana",),
        typed="age\n1\n",
        shows=r"age Round \d+, catastrophe 1 of 3: Mass Extinction\. At most \d+ more ages before catastrophe 2 of 3\.",
    ),
    # ``?`` at a question of cards says what a label's letters and numbers mean.
    "help_explains_the_label_code": Case(
        position={
            "players": [{"name": "Ana", "hand": ["Tiny", "Confusion"]}, {"name": "Otto", "hand": ["Fear"]}],
            "revealed": ["The Birth of Life"], "age": "The Birth of Life",
            "rest_of_deck": "in_order", "play": "turn",
        },
        people=("Ana",),
        typed="?\n1\n",
        shows=r"A label reads as the braille cards do: d for dominant, then the colour's letter \(b blue, "
        r"g green, p purple, r red, c colourless\), then the face value, X where it varies",
    ),
    # A hot-seat game resumed said "Ben's turn." twice before the first hand-over: once with
    # where the game stands, once more as the last announcement.
    "a_resumed_hot_seat_game_says_whose_turn_once": Case(
        position={
            "players": [
                {"name": "Ana", "hand": ["Bark", "Quick"]},
                {"name": "Ben", "hand": ["Fangs", "Gills"]},
                {"name": "Otto", "hand": ["Fear"]},
            ],
            "revealed": ["The Birth of Life"], "age": "The Birth of Life",
            "deck": ["Leaves", "Antlers", "Fire Skin", "Blubber", "Migratory", "Nocturnal", "Spiny", "Scutes"],
            "rest_of_deck": "in_order", "play": "round",
        },
        people=("Ana", "Ben"),
        left_after="\n1\nquit\ny\n",
        typed="\n1\n",
        shows=r"^Game resumed: Ana and Ben at the keyboard, Otto at the computer\. Round 1, era 1, The Birth "
        r"of Life\. Ben's turn\.((?!Ben's turn\.).)*Pass to Ben\.",
    ),
}


@pytest.mark.parametrize("name", CASES_HEARD)
def test_heard_right(name: str) -> None:
    case = CASES_HEARD[name]
    text = transcript(case)
    assert re.search(case.shows, " ".join(text.split())), text
    assert text == (CASES / f"{name}.txt").read_text(encoding="utf-8")


if __name__ == "__main__" and "--update" in sys.argv:
    for name, case in CASES_HEARD.items():
        (CASES / f"{name}.txt").write_text(transcript(case), encoding="utf-8")
