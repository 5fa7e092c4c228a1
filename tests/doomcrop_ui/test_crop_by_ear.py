"""Doomcrop played by ear: what a blind player heard in whole games and found unclear, each
heard again here from the position that showed it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "doomcrop"))
from crop_kit import answer, place, table  # noqa: E402

from doomlings_access.doomcrop import Reason, Word  # noqa: E402
from doomlings_access.doomcrop import events as ev  # noqa: E402
from doomlings_access.doomcrop.cards import Card  # noqa: E402
from doomlings_access.braille import louis  # noqa: E402
from doomlings_access.doomcrop_ui import labels, review  # noqa: E402
from doomlings_access.doomcrop_ui.announcer import Announcer  # noqa: E402
from doomlings_access.doomcrop_ui.questions import build_question  # noqa: E402

NAMES = ("Ana", "Ben")


def heard(game: object, seat: int, verbosity: str = "normal") -> str:
    log = game.seen_log(seat)  # type: ignore[attr-defined]
    return " ".join(said.text for said, _ in Announcer(seat, NAMES, verbosity).stories(log))


def test_the_end_is_told_in_the_order_it_happens() -> None:
    """Heard: "The Draw pile is empty: the game ends. Face-down cards are flipped and fight;
    Faces left are captured by their owners." and then the Faces captured first, and cards
    already face up fighting too. The sentence now says it in that order."""
    # Ana's 7C takes Ben's 2D; its replacement is the last card of the Draw pile.
    g = table("QD 3D 7C / 5D 6D 7D / 8D 9D 10D", "2D 3S 4S / 5S 6S 7S / 8S 9S 10S", draw="KC")
    answer(g, place(0, "front right"), place(1, "front left"))
    told = heard(g, 0)
    empty = told.index("The Draw pile is empty")
    sentence = told[empty:told.index(".", told.index(";", empty)) + 1]
    assert sentence.index("Faces") < sentence.index("face up") and "every card left" in sentence, sentence
    assert told.index("You capture the Face still in your grid: the QD.") > empty  # and so it happens: the Face first


def test_a_defender_with_no_heart_to_add_is_not_told_it_added_none() -> None:
    """Heard by the defender, never asked: "Ben's 2C attacks your front left: the 10H. You add
    no Heart." Its own seat knows already (it answered, or had nothing to add)."""
    # Ana's 9C (front right) attacks Ben's face-down 8H (front left): beside it only Spades.
    g = table("2S 3S 9C / 4S 5S 6S / 7S 8S 10S", "8H 2D 3D / 4D 5D 6D / 7D 9D 10D", draw="KC QC JC")
    answer(g, place(0, "front right"), place(1, "front left"))
    assert "add no Heart" not in heard(g, 1)
    assert "add no Heart" not in heard(g, 1, "verbose")  # heard again at verbose, playing by ear
    assert "Ben adds no Heart." in heard(g, 0, "verbose")  # the others, at verbose, as before


def test_a_ten_says_it_captures_a_face_of_its_suit() -> None:
    """The 10's description lost the line every other Number has."""
    assert "It captures a Face card only of its own suit." in review.describe("10h")
    assert "Only a 2, or Hearts adding up past 10, capture a 10." in review.describe("10h")


def test_a_player_dealt_nothing_hears_so_once() -> None:
    """Heard after every grid was face up with five cards left to draw: "You are dealt 0 cards:
    nothing." then "You lay your grid face down: front empty, empty, empty; middle empty, ...". """
    g = table("2D^ 3D^ 4D^ / 5D^ 6D^ 7D^ / 8D^ 9D^ 10D^", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H", draw="2C 3C 4C 5C 6C")
    told = heard(g, 1)
    assert "You are dealt no cards: the Draw pile is empty." in told and "Your grid stays empty." in told
    assert "empty, empty" not in told and "0 cards" not in told
    assert "Ben is dealt no cards: the Draw pile is empty." in heard(g, 0)


def test_the_hearts_question_names_the_defending_card() -> None:
    """Heard: "9H at Ben's middle left attacks your middle right. Add a face-down Heart beside it
    to its value? 1. centre, 4H, face down: 6": the 6 is the 2H defending and the 4H, but the
    2H was not said."""
    g = table("2S 3S 7C / 4S 5S 6S / 8S 9S 10S", "2D 3D 4D / 5D 6D 7D / 4H 5H 8D", draw="KC QC JC")
    answer(g, place(0, "front right"), place(1, "back left"))
    d = g.pending
    assert d is not None and d.reason is Reason.HEARTS
    q = build_question(g.view(1), d)
    assert q.title.text.startswith("7C at Ana's front right attacks your back left, the 4H.")
    assert q.title.speech.startswith("7 of Clubs at Ana's front right attacks your back left, the 4 of Hearts.")


def test_the_flip_question_does_not_say_your_turn_again() -> None:
    """Heard at every turn: "Your turn." and at once "Your turn: flip which card?"."""
    g = table("2S 3S 7C / 4S 5S 6S / 8S 9S 10S", "2D 3D 4D / 5D 6D 7D / 4H 5H 8D", draw="KC QC JC")
    d = g.pending
    assert d is not None and d.reason is Reason.FLIP
    assert heard(g, 0).endswith("Your turn.")
    assert build_question(g.view(0), d).title.text == "Flip which card?"


def test_the_joker_says_its_die_table_and_a_roll_says_what_it_means() -> None:
    """Heard: "Flipped or captured, a die is rolled and its table obeyed" (the table never said),
    and "Ben rolls the die for the Joker: 3." then both grids captured, with no word why."""
    told = review.describe("joker")
    assert [line[:6] for line in told if line.startswith("Die ")] == [f"Die {n}:" for n in range(1, 7)]
    assert all(len(line) <= 80 for line in told[2:])  # a line an outcome, two 40-cell rows at most
    rolled = ev.DieRolled(1, 3)
    said = Announcer(0, NAMES).sentence(rolled)
    assert said is not None and said.text == "Ben rolls the die for the Joker: 3, so every player captures their grid and deals a new one."
    six = Announcer(0, NAMES).sentence(ev.DieRolled(1, 6))
    assert six is not None and six.text == "Ben rolls the die for the Joker: 6."  # its own sentence follows


def test_the_same_swap_three_times_running_is_said_once_and_counted() -> None:
    """Heard at every Jack of the computer: "Ben swaps their front left and front middle. Ben
    swaps their front left and front middle. Ben swaps their front left and front middle." """
    g = table("2S 3S 9C / 4S 5S 6S / 7S 8S 10S", "JD 2D 3D / 4D 5D 6D / 7D 9D 10D", draw="KC QC JC", turn=1)
    front_middle, centre = place(1, "front middle"), place(1, "centre")
    answer(g, place(1, "front left"), *[front_middle, centre] * 3)
    told = heard(g, 0)
    swap = "Ben swaps a face-down card at their front middle with a face-down card at their centre"
    assert f"{swap}, three times." in told
    assert told.count("swaps") == 1
    two = table("2S 3S 9C / 4S 5S 6S / 7S 8S 10S", "JD 2D 3D / 4D 5D 6D / 7D 9D 10D", draw="KC QC JC", turn=1)
    answer(two, place(1, "front left"), *[front_middle, centre] * 2, Word.STOP)
    assert f"{swap}, twice." in heard(two, 0)


def test_a_power_s_question_names_its_card_in_braille_when_cards_are_printed_so() -> None:
    """Heard with braille labels: "You flip your front right: the ⠚⠉." then "JC: swap 1 of 3"."""
    if not louis.available():
        pytest.skip("needs liblouis")
    g = table("2S 3S JC / 4S 5S 6S / 7S 8S 10S", "2D 3D 4D / 5D 6D 7D / 4H 5H 8D", draw="KC QC JD")
    answer(g, place(0, "front right"))
    d = g.pending
    assert d is not None and d.reason is Reason.JACK_FIRST
    q = build_question(g.view(0), d, labels.BRAILLE)
    assert q.title.text.startswith("⠚⠉: swap 1 of 3.") and q.title.speech.startswith("Jack of Clubs: swap 1 of 3.")


def test_a_coin_s_winner_is_you_in_lower_case_mid_sentence() -> None:
    """Heard: "A coin decides between you and Ben: You go first." """
    said = Announcer(0, NAMES).sentence(ev.FirstPlayer(0, (0, 1)))
    assert said is not None and said.text == "A coin decides between you and Ben: you go first."
    ben = Announcer(0, NAMES).sentence(ev.FirstPlayer(1, (0, 1)))
    assert ben is not None and ben.text == "A coin decides between you and Ben: Ben goes first."


def test_a_grid_dealt_short_is_told_place_by_place() -> None:
    """Heard after a Joker's 3 with four cards left to deal: "You lay your grid face down: front
    2C, 3C, 4C; middle 5C; back ." """
    cards = tuple(Card.parse(c) for c in ("2C", "3C", "4C", "5C"))
    told = [said.text for said, _ in Announcer(0, NAMES).stories([ev.GridBuilt(0, cards)])]
    assert told == ["You lay your grid face down:", "front: 2C, 3C, 4C", "middle: 5C, empty, empty", "back: empty, empty, empty"]


def test_a_draw_is_told_before_what_it_leaves_on_the_draw_pile() -> None:
    """Heard in a game of three, every grid face up at a turn's start with the Draw pile played
    face up: "The top card of the Draw pile: the AS. Ben is dealt 9 cards." (the top card that
    Ben's draw left, told before the draw), and "The Draw pile is empty: the game ends. ... You
    are dealt 1 card: QS. Ben lays their grid face down." (the end told before the last deal
    and the grids laid). Now the deal, the top card it leaves, the grids laid, then the end."""
    draw = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC"
    g = table("2D^ 3D^ 4D^ / 5D^ 6D^ 7D^ / 8D^ 9D^ 10D^", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H", draw=draw, top_face_up=True)
    told = heard(g, 0)
    order = ["You are dealt 9 cards: 2C", "The top card of the Draw pile: the JC.", "Ben is dealt 1 card.",
             "You lay your grid face down:", "Ben lays their grid face down.", "The Draw pile is empty: the game ends."]
    at = [told.index(part) for part in order]
    assert at == sorted(at), told
    kinds = [type(e).__name__ for e in g.log if isinstance(e, (ev.Dealt, ev.TopCardShown, ev.GridBuilt, ev.DrawPileEmpty))]
    assert kinds[-6:] == ["Dealt", "TopCardShown", "Dealt", "GridBuilt", "GridBuilt", "DrawPileEmpty"]


def test_the_faces_taken_at_the_end_are_one_sentence_a_player_without_places() -> None:
    """Heard: "You capture your KC left at your front left.": two places, a left and a front
    left; then "from" the one place, but one sentence a Face, up to nine a player, about
    places that no longer matter. Now one sentence for each player's Faces, and one for the
    cards each player has left turned face up."""
    g = table("QD 3D 7C / 5D 6D 7D / 8D 9D 10D", "2D 3S 4S / 5S 6S 7S / 8S 9S 10S", draw="KC")
    answer(g, place(0, "front right"), place(1, "front left"))
    told = heard(g, 0)
    assert "You capture the Face still in your grid: the QD." in told
    assert " left at " not in told
    g = table("QD JD 7C / KD 6D 7D / 8D 9D 10D", "2D 3S QS / 5S KS 7S / 8S 9S JS", draw="KC")
    answer(g, place(0, "front right"), place(1, "front left"))
    told = heard(g, 0)
    assert "You capture the Faces still in your grid: QD, JD and KD." in told
    assert "Ben captures the Faces still in their grid: KC, QS, KS and JS." in told  # (KC: drawn for his front left)
    assert "Your cards left turn face up: centre 6D, middle right 7D, back left 8D, back middle 9D and back right 10D." in told
