"""The announcer: a phrase for every event, hidden cards stay hidden, text rules, golden transcript."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from builders import new_game
from doomlings_access.rules import Game, Setup
from doomlings_access.rules import events as ev
from doomlings_access.ui.announcer import PHRASES, Announcer

GOLDEN = Path(__file__).parent.parent / "golden"


def event_types() -> list[type[ev.Event]]:
    return [
        obj
        for obj in vars(ev).values()
        if isinstance(obj, type) and issubclass(obj, ev.Event) and obj is not ev.Event
    ]


@pytest.mark.parametrize("kind", event_types(), ids=lambda k: k.__name__)
def test_every_event_type_has_a_phrase(kind: type[ev.Event]) -> None:
    assert kind in PHRASES, f"{kind.__name__} has no phrase in ui/announcer.py"


def played(seed: int, players: int = 3) -> Game:
    g = new_game(Setup(tuple(f"P{i}" for i in range(players)), seed))
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_other_players_draws_are_counts_not_names() -> None:
    g = played(11)
    a, v = Announcer(me=0), g.view(0)
    for event in g.log:  # (the game's own events: the announcer keeps hidden cards hidden all the same)
        if isinstance(event, ev.Drew) and event.player != 0:
            said = a.render(v, event)
            assert said is not None
            for card in event.cards:
                assert g.defs[card].name not in said.text
            assert re.search(r"\d+ cards?\.$", said.text)


def test_own_draws_are_named() -> None:
    g = played(11)
    a, v = Announcer(me=0), g.view(0)
    mine = next(e for e in v.log if isinstance(e, ev.Drew) and e.player == 0)
    said = a.render(v, mine)
    assert said is not None and g.defs[mine.cards[0]].name in said.text


@pytest.mark.parametrize("seed", range(5))
def test_messages_keep_the_text_rules(seed: int) -> None:
    g = played(seed, 2 + seed % 5)
    v = g.view(0)
    for said in Announcer(me=0, verbosity="verbose").render_all(v, v.log):
        for text in (said.text, said.speech):
            assert "\x1b" not in text and "\r" not in text
            assert not re.search(r"[\u2500-\u259f]", text), text
            assert "  " not in text, text
            assert text == text.strip()


def test_speech_expands_labels_and_text_keeps_them() -> None:
    g = played(3)
    a, v = Announcer(me=0), g.view(0)
    plays = [e for e in v.log if isinstance(e, ev.TraitPlayed)]
    said = a.render(v, plays[0])
    card = g.defs[plays[0].card]
    assert said is not None
    assert card.label in said.text
    assert card.label not in said.speech.split()


def transcript(seed: int) -> str:
    g = played(seed, 3)
    v = g.view(0)
    return "\n".join(s.text for s in Announcer(me=0).render_all(v, v.log)) + "\n"


def test_golden_transcript() -> None:
    """A seeded game with scripted (seeded random) answers gives exactly the expected text.

    To accept a deliberate change of wording: python tests/ui/test_announcer.py --update
    """
    expected = (GOLDEN / "seed42_3players.txt").read_text(encoding="utf-8")
    assert transcript(42) == expected


if __name__ == "__main__":
    import sys

    if "--update" in sys.argv:
        (GOLDEN / "seed42_3players.txt").write_text(transcript(42), encoding="utf-8")


@pytest.mark.parametrize("how", ["swap", "trade", "move"])
def test_a_trait_moving_to_your_pile_ends_with_yours(how: str) -> None:
    """"Poisonous goes from Quin's pile to yours." -- never "to your."."""
    g = new_game(Setup(("Ana", "Quin", "Ben"), 3))
    v = g.view(0)
    card = v.hand[0]  # (a card the listener can name)
    a = Announcer(me=0)
    to_me = a.render(v, ev.TraitMoved(card=card, from_player=1, to_player=0, how=how))
    assert to_me is not None
    assert to_me.text == f"{g.defs[card].name} goes from Quin's pile to yours."
    from_me = a.render(v, ev.TraitMoved(card=card, from_player=0, to_player=2, how=how))
    assert from_me is not None
    assert from_me.text == f"{g.defs[card].name} goes from your pile to Ben's."


def test_a_trait_that_comes_straight_back_is_said_to_be_discarded_first() -> None:
    """Endurance paid as a cost or discarded by Voracious: "comes straight back" alone was
    heard as a trait coming back that never left."""
    g = new_game(Setup(("Ana", "Quin"), 3))
    card = g.seats[0].hand[0]
    name = g.defs[card].name
    said = Announcer(me=0).render(g.view(0), ev.TraitReturned(0, card))
    assert said is not None and said.text == f"{name} is discarded from your trait pile and comes straight back."
    said = Announcer(me=0).render(g.view(0), ev.TraitReturned(1, card, random=True))
    assert said is not None and said.text == f"{name} is discarded at random from Quin's trait pile and comes straight back."
