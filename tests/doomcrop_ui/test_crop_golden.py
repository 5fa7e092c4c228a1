"""A whole game of Doomcrop through the real prompt loop in plain mode, its transcript golden:
a person answering 1 at every prompt against the normal computer player, in a game that holds
a combat, a Hearts defence, a King, an Ace and the end (seed 8; each moment is found by its
shape, not by its cards, so a change in the computer player's choices needs only a new seed).

To accept a deliberate change of wording, after reading the diff:
PYTHONPATH=tests/doomcrop_ui python tests/doomcrop_ui/test_crop_golden.py --update
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from crop_loop_kit import new, played

GOLDEN = Path(__file__).parent.parent / "golden" / "doomcrop_seed8.txt"
MOMENTS = {
    "combat": r"Your (\w+) attacks Ben's [a-z ]+?(?:, face down)?: the (\w+)\. You capture Ben's \2\.",
    "a Hearts defence": r"Your (\w+) attacks Ben's [a-z ]+?(?:, face down)?: the \w+H\. Ben adds the face-down \w+H at their [a-z ]+?, making \d+\. Ben captures your \1\.",
    "a King": r"You flip your [a-z ]+?: the (K[SHDC])\. \1: which card attacks next\?.*?Your \1 flips your [a-z ]+?: the \w+\.",
    "an Ace": r"You flip your [a-z ]+?: the (A[SHDC])\. \1: capture which card\?.*?Your \1 captures .*?Your \1 goes to your Discard pile\.",
    "the end": r"The Draw pile is empty: the game ends\..*?Game over\. Cards captured, a Diamond number as two: you \d+ and Ben \d+\. (?:Ben wins|You win|[^.]*tie[^.]*)\.",
}


def transcript() -> str:
    game = new(8)
    text = played(game, "1\n" * 2000)
    assert game.is_over
    return text


def test_a_whole_game_through_the_prompt_loop_tells_each_moment() -> None:
    text = transcript()
    flat = re.sub(r"\s+", " ", text)
    for moment, shows in MOMENTS.items():
        assert re.search(shows, flat), moment
    assert all(len(line) <= 80 for line in text.splitlines())
    assert text == GOLDEN.read_text(encoding="utf-8")


if __name__ == "__main__" and "--update" in sys.argv:
    GOLDEN.write_text(transcript(), encoding="utf-8")
