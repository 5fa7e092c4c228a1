"""Help at every Doomcrop question says what the question is for, as the rules have it (the
shared prompt loop asks the game; before, Doomcrop's help only repeated the title)."""

from __future__ import annotations

import re

from crop_loop_kit import new, played

from doomlings_access.doomcrop.decisions import Reason
from doomlings_access.doomcrop_ui.help import HELP, STOPPING

WAYS = "or the first letters of an answer. "


def helps_heard(seed: int) -> list[str]:
    """What followed the ways to answer at each ``?`` typed in a game of ``seed`` (lines
    rejoined: the terminal's width breaks them)."""
    game = new(seed)
    text = " ".join(played(game, "?\n1\n" * 800).split())
    assert game.is_over
    return [part[: part.index("Commands:")].strip() for part in text.split(WAYS)[1:]]


def test_help_at_every_question_says_what_it_is_for() -> None:
    heard = helps_heard(8)
    assert len(heard) > 20
    helps = set(HELP.values())
    for said in heard:
        assert said.removesuffix(f" {STOPPING}") in helps, said
    reasons = {reason for reason, line in HELP.items() if line in heard or f"{line} {STOPPING}" in heard}
    assert {Reason.DISCARD, Reason.ARRANGE, Reason.FLIP} <= reasons, reasons
    assert set(Reason) == set(HELP)  # every question the rules ask has its help


def test_a_question_that_may_stop_early_says_so() -> None:
    heard = helps_heard(8)
    stops = [said for said in heard if re.match(r"A (Jack|Queen) ", said)]
    assert stops, "seed 8 has no Jack or Queen of the person's"
    assert all(said.endswith(STOPPING) for said in stops)
    assert not any(said.endswith(STOPPING) for said in heard if said.startswith(HELP[Reason.FLIP]))


def test_a_letter_that_is_a_command_and_begins_a_choice_says_so_once() -> None:
    """"b" is the grids command and begins "back left": it shows the grids, and says once how
    to choose the places it begins (as Doomlings says of "p" for Pass), so that the listener
    knows why no card was flipped."""
    game = new(8)
    text = " ".join(played(game, "b\n1\n" * 800).split())
    assert game.is_over
    said = re.findall(r"b is the grids command; to choose (back [a-z ,]+?), type ([0-9, or]+)\.", text)
    assert len(said) == 1, said
    names, numbers = said[0]
    assert names.count("back") == len(re.findall(r"\d+", numbers))
