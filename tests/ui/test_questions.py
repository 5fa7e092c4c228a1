"""Every question's title says who or what asks, in words a listener can follow."""

from __future__ import annotations

import random
import re

from builders import new_game

from doomlings_access.rules import Choice, Setup
from doomlings_access.ui.questions import build_question
from doomlings_access.ui.words import Style


def test_no_title_of_any_question_is_left_with_a_blank_or_a_stand_in_for_its_asker() -> None:
    """Forty random games, 2 to 6 players, every decision: a question that no card asks (a
    stabilize) begins with its own words ("Stabilize: choose a card to keep"), never with a
    stand-in ("Choose: choose ...") or an empty name (": choose", "  ")."""
    reasons: set[str] = set()
    for seed in range(40):
        g = new_game(Setup(tuple(f"P{i}" for i in range(2 + seed % 5)), seed))
        rng = random.Random(seed)
        while (d := g.pending) is not None:
            title = build_question(g.view(d.player), d, Style()).title.text
            assert not re.match(r"(Choose: |: |\s)", title), (seed, d.reason, title)
            assert "  " not in title and " ." not in title and " ?" not in title, (seed, d.reason, title)
            assert title[0].isupper(), (seed, d.reason, title)
            reasons.add(d.reason)
            g.apply(Choice(d.player, d.options[rng.randrange(len(d.options))]))
    assert {"keep_to_stabilize", "discard_to_stabilize", "play_trait"} <= reasons, sorted(reasons)


def test_pass_is_also_no_none_and_skip() -> None:
    """At "Play a trait out of turn?" a listener answers no: it was "Not a choice: no"."""
    found = 0
    for seed in range(40):
        g = new_game(Setup(("Ana", "Ben", "Cy"), seed))
        rng = random.Random(seed)
        while (d := g.pending) is not None:
            if "pass" in d.options:
                q = build_question(g.view(d.player), d, Style())
                for word in ("no", "none", "skip", "pass", "Pass"):
                    assert [o.value for o in q.named_exactly(word)] == ["pass"], (seed, word)
                found += 1
            g.apply(Choice(d.player, d.options[rng.randrange(len(d.options))]))
    assert found > 10, found


def test_yes_plays_the_one_trait_offered_out_of_turn() -> None:
    """"Play a trait out of turn?" reads as yes or no: "y" and "yes" were not a choice. With
    one trait to play they play it; with several they name none (the number or name is
    needed)."""
    one = several = 0
    for seed in range(60):
        g = new_game(Setup(("Ana", "Ben", "Cy"), seed))
        rng = random.Random(seed)
        while (d := g.pending) is not None:
            if "pass" in d.options and d.kind == "respond":
                q = build_question(g.view(d.player), d, Style())
                cards = [o for o in d.options if isinstance(o, int)]
                for word in ("y", "yes", "Yes"):
                    assert [o.value for o in q.named_exactly(word)] == (cards if len(cards) == 1 else []), (seed, word)
                one, several = one + (len(cards) == 1), several + (len(cards) > 1)
            g.apply(Choice(d.player, d.options[rng.randrange(len(d.options))]))
    assert one > 10, one
