"""A whole game of Doomcrop through the real prompt loop in plain mode, its transcript golden:
a person answering 1 at every prompt against the normal computer player, in a game that holds
a combat, a Hearts defence, a King, an Ace and the end (seed 2).

To accept a deliberate change of wording, after reading the diff:
PYTHONPATH=tests/doomcrop_ui python tests/doomcrop_ui/test_crop_golden.py --update
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from crop_loop_kit import new, played

GOLDEN = Path(__file__).parent.parent / "golden" / "doomcrop_seed2.txt"
MOMENTS = {
    "combat": r"Your 8D attacks Ben's front left, face down: the 7C\. You capture Ben's 7C\.",
    "a Hearts defence": r"Your 10D attacks Ben's front right: the 7H\. Ben adds the face-down 5H at their front middle: 12\. Ben captures your 10D\.",
    "a King": r"You flip your front left: the KS\. KS: which card attacks next\?.*?Your KS flips your back middle: the 8H\. Your 8H attacks Ben's back middle, face down: the JS\.",
    "an Ace": r"You flip your middle left: the AH\. AH: capture which card\?.*?Your AH captures your front left: the JD\..*?Your AH goes to your Discard pile\.",
    "the end": r"The Draw pile is empty: the game ends\..*?Game over\. Cards captured, a Diamond number as two: you \d+ and Ben \d+\. Ben wins\. Your Discard pile: \d+ cards, counting \d+:",
}


def transcript() -> str:
    game = new(2)
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
