"""Doomcrop heard and seen: place names the same for every listener, each seat's own
face-down cards named to it alone, every combat told cause first, cards as "7 of Clubs" in
speech, "7C" in short text and uncontracted rank and suit letter in braille."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "doomcrop"))
from crop_kit import answer, place, table  # noqa: E402

from doomlings_access.braille import louis  # noqa: E402
from doomlings_access.doomcrop import Word  # noqa: E402
from doomlings_access.doomcrop import events as ev  # noqa: E402
from doomlings_access.doomcrop.cards import STANDARD, Card  # noqa: E402
from doomlings_access.doomcrop.places import SPOT_NAMES, SPOTS, opposite  # noqa: E402
from doomlings_access.doomcrop_ui import labels, review  # noqa: E402
from doomlings_access.doomcrop_ui.announcer import PHRASES, Announcer  # noqa: E402
from doomlings_access.doomcrop_ui.game import DoomcropWords  # noqa: E402
from doomlings_access.doomcrop_ui.places import place_name  # noqa: E402
from doomlings_access.doomcrop_ui.questions import build_question  # noqa: E402

NAMES = ("Ana", "Ben")
BEN = "2S 3S 4S / 5S 6S 7S / 8S 9S 10S"


def test_every_event_has_words() -> None:
    assert set(ev.event_types()) <= set(PHRASES), set(ev.event_types()) - set(PHRASES)


def test_facing_places_have_the_same_name_for_every_listener() -> None:
    """"your front middle" and "Ben's front middle" face each other, and each is named alike
    by both players (only the owner says "your")."""
    for spot in range(SPOTS):
        mine, facing = spot, SPOTS + opposite(spot)
        ana_says = place_name(mine, 0, NAMES), place_name(facing, 0, NAMES)
        ben_says = place_name(mine, 1, NAMES), place_name(facing, 1, NAMES)
        assert ana_says[0].replace("your", "Ana's") == ben_says[0]
        assert ben_says[1].replace("your", "Ben's") == ana_says[1]
    assert (place_name(1, 0, NAMES), place_name(SPOTS + opposite(1), 0, NAMES)) == ("your front middle", "Ben's front middle")


def test_cards_in_speech_in_short_text_and_in_braille() -> None:
    seven = Card.parse("7C")
    assert (labels.spoken(seven), labels.text(seven)) == ("7 of Clubs", "7C")
    if not louis.available():
        pytest.skip("needs liblouis")
    assert [labels.braille(Card.parse(c)) for c in ("7C", "10H", "QS", "AD")] == ["⠼⠛⠰⠉", "⠼⠁⠚⠰⠓", "⠟⠎", "⠁⠙"]
    marks = {labels.braille(card) for card in STANDARD}
    assert len(marks) == 52  # no two cards alike to the fingers
    for card in STANDARD:  # read back by liblouis, each is its rank and suit
        brf = louis.translate(card.code.lower(), louis.UEB_UNCONTRACTED)
        assert louis.back_translate(brf, louis.UEB_UNCONTRACTED).upper() == card.code


HEARTS_DEFENCE = (
    # Ana: her 7C at front right, opposite Ben's front left, aligned with his back left.
    "2S 3S 7C / 4S 5S 6S / 8S 9S 10S",
    # Ben: a face-down 4H at back left, a face-down 5H beside it at back middle.
    "2D 3D 4D / 5D 6D 7D / 4H 5H 8D",
)


def test_a_combat_is_told_cause_first_with_a_hearts_defence() -> None:
    g = table(*HEARTS_DEFENCE, draw="KC QC JC")
    answer(g, place(0, "front right"), place(1, "back left"), place(1, "back middle"))
    told = Announcer(0, NAMES).stories(g.seen_log(0))[-2][0]
    assert told.speech == (
        "Your turn. You flip your front right: the 7 of Clubs. Your 7 of Clubs attacks Ben's back left, "
        "face down: the 4 of Hearts. Ben adds the face-down 5 of Hearts at their back middle, making 9. "
        "Ben captures your 7 of Clubs. Your front right gets a new face-down card: the King of Clubs."
    )
    assert told.text == (
        "Your turn. You flip your front right: the 7C. Your 7C attacks Ben's back left, face down: the 4H. "
        "Ben adds the face-down 5H at their back middle, making 9. Ben captures your 7C. "
        "Your front right gets a new face-down card: the KC."
    )
    heard_by_ben = Announcer(1, NAMES).stories(g.seen_log(1))[-2][0].text
    assert "Ana's 7C attacks your back left, face down: the 4H. You add the face-down 5H at your back middle, making 9." in heard_by_ben
    assert heard_by_ben.endswith("Ana's front right gets a new face-down card.")  # (the KC is Ana's to know)


def test_the_hearts_question_names_the_total() -> None:
    g = table(*HEARTS_DEFENCE, draw="KC QC JC")
    answer(g, place(0, "front right"), place(1, "back left"))
    d = g.pending
    assert d is not None and d.player == 1
    q = build_question(g.view(1), d)
    assert q.title.speech == "7 of Clubs at Ana's front right attacks your back left, the 4 of Hearts. Add a face-down Heart beside it to its value?"
    assert [o.text for o in q.options] == ["back middle, 5H, face down: 9", "no Heart"]


def test_a_seat_knows_its_own_face_down_cards_and_only_sees_others_face_down() -> None:
    g = table(*HEARTS_DEFENCE, draw="KC QC JC")
    mine = [s.text for s in review.grid(g.view(0), 0)]
    theirs = [s.text for s in review.grid(g.view(0), 1)]
    assert mine[1:4] == ["front left: 2S face down", "front middle: 3S face down", "front right: 7C face down"]
    assert theirs[0] == "Ben's grid:"
    assert theirs[1:] == [f"{name}: face down" for name in SPOT_NAMES]
    answer(g, place(0, "front right"), place(1, "back left"), place(1, "back middle"))
    after = [s.speech for s in review.grid(g.view(0), 1)]
    assert after[7:] == ["back left: 4 of Hearts", "back middle: 5 of Hearts", "back right: face down"]  # face up now, to all


def test_review_commands_read_the_view() -> None:
    g = table(*HEARTS_DEFENCE, draw="KC QC JC", discards=["AS", "2H"])
    words = DoomcropWords()
    v = g.view(0)
    assert [s.text for s in words.review(v, "draw", "", "text")] == ["Draw pile: 3 cards."]
    assert [s.text for s in words.review(v, "discards", "", "text")] == [
        "Your Discard pile: 1 card.", "AS.", "Ben's Discard pile: 1 card.", "2H.",
    ]
    assert [s.text for s in words.review(v, "card", "ben front left", "text")][:2] == [
        "Ben's front left: face down.", "It faces your front right.",
    ]
    assert [s.text for s in words.review(v, "card", "front right", "text")][0] == "Your front right: 7C face down."
    assert [s.text for s in words.review(v, "card", "queen of spades", "text")][:2] == [
        "Queen of Spades, a Face card.",
        "Flipped, it turns up to three of its owner's face-up cards face down.",
    ]
    braille = [s.text for s in words.review(v, "grid", "", "braille")]
    if louis.available():
        assert braille[1:4] == ["front left: ⠼⠃⠎ face down", "front middle: ⠼⠉⠎ face down", "front right: ⠼⠛⠰⠉ face down"]
    assert len(words.review(v, "grids", "", "text")) == 20


def test_a_discard_pile_counts_diamonds_as_two_and_its_cards_a_few_to_a_line() -> None:
    g = table(*HEARTS_DEFENCE, draw="KC QC JC", discards=["9D 10D 2C 3C 4C 5C 6C 7H 9C 10C QD", ""])
    lines = [s.text for s in DoomcropWords().review(g.view(1), "discards", "", "text")]
    assert lines == [
        "Ana's Discard pile: 11 cards.", "It counts 13, a Diamond number as two.",
        "9D, 10D, 2C, 3C, 4C, 5C, 6C, 7H, 9C,", "10C, QD.", "Your Discard pile: 0 cards.",
    ]


def test_verbosity_terse_leaves_out_what_changes_nothing_for_the_listener() -> None:
    g = table(*HEARTS_DEFENCE, draw="KC QC JC")
    answer(g, place(1 - 1, "front right"), place(1, "back left"), place(1, "back middle"))
    log = g.seen_log(1)
    normal = Announcer(1, NAMES, "normal").stories(log)[-2][0].text
    terse = Announcer(1, NAMES, "terse").stories(log)[-2][0].text
    assert "Ana's front right gets a new face-down card." in normal  # another's refill
    assert "gets a new face-down card" not in terse and "You add the face-down 5H" in terse


def told_to(g: object, seat: int, since: int) -> str:
    """What ``seat`` heard of the events after the first ``since`` of the game's log."""
    log = [e for e in g.log[since:] if e.seen_by(seat) is not None]  # type: ignore[attr-defined]
    return " ".join(s.text for s, _ in Announcer(seat, NAMES).stories(log))


def test_a_jacks_swaps_name_the_cards_each_listener_may_know() -> None:
    """Each swap by both places; a card by name where the listener's view shows it (face up,
    or their own face down), else only "a face-down card". Ben's twin game, whose Ana has other
    face-down cards, is told to Ben in the same words."""
    ana = "JD 3D^ 4D / 5D 6D 7D / 8D 9D 10D"
    twin = "JD 3D^ 4D / 5D 6D 7D / 8D 9D 2C"  # only Ana's face-down back right differs
    heard = []
    for grid in (ana, twin):
        g = table(grid, BEN, draw="KC QC AC")
        since = len(g.log)
        answer(g, place(0, "front left"), place(0, "front middle"), place(0, "back right"),
               place(0, "front left"), place(0, "centre"), Word.STOP)
        heard.append(told_to(g, 1, since))
        if grid == ana:
            mine = told_to(g, 0, since)
            assert "You swap the 3D at your front middle with the face-down 10D at your back right." in mine
            assert "You swap the JD at your front left with the face-down 6D at your centre." in mine
            assert "Your JD goes to your Discard pile." in mine  # from where it was swapped to
    assert heard[0] == heard[1]
    assert "Ana swaps the 3D at their front middle with a face-down card at their back right." in heard[0]
    assert "Ana swaps the JD at their front left with a face-down card at their centre." in heard[0]


def test_a_card_everybody_saw_turned_down_is_named_to_all_when_a_jack_moves_it() -> None:
    g = table("JD 3D* 4D / 5D 6D 7D / 8D 9D 10D", BEN, draw="KC QC AC")
    since = len(g.log)
    answer(g, place(0, "front left"), place(0, "front middle"), place(0, "back left"), Word.STOP)
    assert "Ana swaps the face-down 3D at their front middle with a face-down card at their back left." in told_to(g, 1, since)


def test_a_queen_is_told_cause_first_and_when_it_does_nothing() -> None:
    """"When you flip a Queen, turn up to three of your cards facedown": each card turned told
    with the Queen first, whose place it is and which card; a Queen that turns nothing says so,
    and why, instead of going to the Discard pile unexplained."""
    g = table("QH 3D^ 4D^ / 5H 6D 7D^ / 8D 9D KH", BEN, draw="KC QC 2C 3C")
    since = len(g.log)
    answer(g, place(0, "front left"), place(0, "front middle"), place(0, "middle right"), Word.STOP)
    assert (
        "Ana flips their front left: the QH. Ana's QH turns their front middle face down: the 3D. "
        "Ana's QH turns their middle right face down: the 7D. Ana's QH goes to their Discard pile."
    ) in told_to(g, 1, since)
    assert "Your QH turns your front middle face down: the 3D." in told_to(g, 0, since)
    g = table("QH 3D^ 4D / 5H 6D 7D / 8D 9D KH", BEN, draw="KC QC 2C 3C")
    since = len(g.log)
    answer(g, place(0, "front left"), Word.STOP)
    assert "Ana flips their front left: the QH. Ana's QH turns no card face down. Ana's QH goes" in told_to(g, 1, since)
    g = table("QH 3D 4D / 5H 6D 7D / 8D 9D KH", BEN, draw="KC QC 2C 3C")
    since = len(g.log)
    answer(g, place(0, "front left"))
    assert "You flip your front left: the QH. Your QH has no other face-up card to turn face down. Your QH goes" in told_to(g, 0, since)


def test_a_jack_that_swaps_nothing_says_so() -> None:
    g = table("JD 3D 4D / 5D 6D 7D / 8D 9D 10D", BEN, draw="KC QC")
    since = len(g.log)
    answer(g, place(0, "front left"), Word.STOP)
    assert "Ana flips their front left: the JD. Ana's JD swaps no cards. Ana's JD goes to their Discard pile." in told_to(g, 1, since)


def test_with_three_players_a_place_is_said_to_face_a_place_in_each_neighbours_grid() -> None:
    """Ruling 25, in words: the card command names what a place faces across each side."""
    g = table("2D 3D 4D / 5D 6D 7D / 8D 9D 10D", BEN, "2H 3H 4H / 5H 6H 7H / 8H 9H 10H", draw="KC QC JC")
    names = ("Ana", "Ben", "Cy")
    words = DoomcropWords()
    assert [s.text for s in words.review(g.view(0), "card", "front left", "text")][1:3] == [
        "It faces Ben's front right.", "It faces Cy's front right.",
    ]
    assert [s.text for s in words.review(g.view(2), "card", "ben back left", "text")][:3] == [
        "Ben's back left: face down.", "It faces your back right.", "It faces Ana's back right.",
    ]
    assert place_name(9 + 2, 0, names) == "Ben's front right"
