"""What Doomcrop says aloud is words: "7 of Clubs", never "7C" nor braille cells, whatever the
labels setting prints, and the speech path's label reading (made for Doomlings' deck labels)
leaves it as it is; a real speech engine says it."""

from __future__ import annotations

import random
import re
import shutil
import subprocess

import pytest

from doomlings_access.doomcrop import Choice, Game, Setup
from doomlings_access.doomcrop_ui.announcer import Announcer
from doomlings_access.doomcrop_ui.game import COMMANDS, DoomcropWords
from doomlings_access.speech.labels import speakable

SHORT = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b|\bJK\b")


def spoken_in_a_game(seed: int, labels: str) -> list[str]:
    game, rng, words = Game(Setup(("Ana", "Ben"), seed)), random.Random(seed), DoomcropWords()
    said: list[str] = []
    while game.pending is not None:
        d = game.pending
        view = game.view(d.player)
        said += [s.speech for s in words.question(view, d, labels).lines()]
        if rng.random() < 0.2:
            said += [s.speech for c in COMMANDS for s in words.review(view, c, "", labels)]
            said += [s.speech for a in ("7c", "xyz", "front left", "ben centre") for s in words.review(view, "card", a, labels)]
        game.apply(Choice(d.player, d.options[rng.randrange(len(d.options))]))
    said += [s.speech for s in Announcer(0, ("Ana", "Ben"), "verbose", labels).render_all(game.seen_log(0))]
    said += [s.speech for s in words.the_end(game.view(0), labels)]
    return said


@pytest.mark.parametrize("labels", ["text", "braille"])
def test_speech_names_cards_in_words(labels: str) -> None:
    for seed in (1, 2, 3):
        for text in spoken_in_a_game(seed, labels):
            assert not SHORT.search(text), text
            assert not any("\u2800" <= ch <= "\u28ff" for ch in text), text
            assert speakable(text) == text, text


def test_a_real_speech_engine_says_the_suit() -> None:
    espeak = shutil.which("espeak-ng") or shutil.which("espeak")
    if espeak is None:
        pytest.skip("needs espeak-ng")
    line = next(t for t in spoken_in_a_game(2, "braille") if "of Clubs attacks" in t)
    heard = subprocess.run([espeak, "-q", "-x", line], capture_output=True, text=True, check=True).stdout
    assert "kl'Vbz" in heard, heard  # "Clubs", as a word
