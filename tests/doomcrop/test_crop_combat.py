"""Numerological Combat, written from the rules as positions (tests/doomcrop/crop_kit.py)."""

from __future__ import annotations

from crop_kit import answer, card_at, discard, of_type, place, table, up

from doomlings_access.doomcrop import Reason, Word
from doomlings_access.doomcrop import events as ev

ANA = "7D 2D 3D / 4D 5D 6D / 8D 9D 10D"
BEN = "2S 3S 4S / 5S 6S 7S / 8S 9S 10S"


def test_each_card_opposes_its_mirror() -> None:
    """"To oppose each other, the two cards must be equally close to the Line of Opposition ...
    and they must be directly aligned with each other. Each card is the mirror of its opposite."
    Ana's front left faces Ben's front right; her back middle faces his back middle."""
    g = table(ANA, BEN, draw="KC QC")
    events = answer(g, place(0, "front left"))
    attack = of_type(events, ev.Attacked)[0]
    assert attack.target == place(1, "front right")
    g = table(ANA, BEN, draw="KC QC")
    attack = of_type(answer(g, place(0, "back middle")), ev.Attacked)[0]
    assert attack.target == place(1, "back middle")


def test_the_higher_number_captures_and_the_place_is_refilled_face_down() -> None:
    """"you have the higher Number, you capture the Opposing card!" and "If you capture a card,
    put it in your Discard pile face-up and immediately replace it with a facedown card from the
    top of the Draw pile." """
    g = table(ANA, BEN, draw="KC QC")
    answer(g, place(0, "front left"))  # 7D against Ben's 4S
    assert discard(g, 0) == ["4S"]
    target = place(1, "front right")
    assert card_at(g, target) == "KC" and not up(g, target)
    assert up(g, place(0, "front left"))
    # Its owner knows the new card; Ana sees only a face-down card.
    assert g.view(1).slot(target).card.code == "KC"
    assert g.view(0).slot(target).card is None
    assert g.pending.player == 1 and g.pending.reason is Reason.FLIP


def test_the_lower_number_is_captured_by_the_opponent() -> None:
    """"you have the lower Number, the opponent captures your card." """
    g = table(ANA, BEN, draw="KC QC")
    answer(g, place(0, "front right"))  # 3D against his front left, 2S: Ana captures
    assert discard(g, 0) == ["2S"]
    g = table(ANA, BEN, draw="KC QC")
    answer(g, place(0, "front middle"))  # 2D against his front middle 3S
    assert discard(g, 1) == ["2D"] and card_at(g, place(0, "front middle")) == "KC"


def test_a_face_down_opposing_card_is_flipped_and_equal_numbers_both_stay() -> None:
    """"If its Opposing card is facedown, flip it face-up as well." "the numbers are tied, both
    cards remain face-up on the board." """
    g = table(ANA, "2S 3S 4S / 6S 5S 7S / 8S 9S 10S", draw="KC QC")
    events = answer(g, place(0, "centre"))  # 5D against 5S
    assert of_type(events, ev.Revealed)[0].card.code == "5S"
    assert of_type(events, ev.Tied)
    assert up(g, place(0, "centre")) and up(g, place(1, "centre"))
    assert discard(g, 0) == discard(g, 1) == []


def test_only_a_two_captures_a_ten() -> None:
    """"The Number 2 has another unique trait: it is the only Number that can capture a Number 10."
    A 2 attacking a 10 captures it; a 10 attacking a 2 is captured by the 2's player; a 9
    attacking a 10 is captured."""
    g = table("2D 3D 4D / 5D 6D 7D / 8D 9D 10D", "2S 3S 4S / 5S 6S 7S / 10H 9S 10S", draw="KC QC")
    answer(g, place(0, "back right"))  # 10D faces Ben's back left, 10H: a tie
    assert of_type(g.log, ev.Tied)
    g = table("2D 3D 4D / 5D 6D 7D / 8D 9D 10D", "2S 3S 4S / 5S 6S 7S / 8S 9S 10S", draw="KC QC")
    answer(g, place(0, "back right"))  # 10D against 8S
    assert discard(g, 0) == ["8S"]
    g = table("2D 3D 4D / 5D 6D 7D / 8D 9D 10D", "2S 3S 4S / 5S 6S 7S / 10S 9S 8S", draw="KC QC")
    answer(g, place(0, "back right"))  # 10D against 10S
    assert of_type(g.log, ev.Tied)
    g = table("2D 3D 4D / 5D 6D 7D / 8D 10D 9D", "2S 3S 4S / 5S 6S 7S / 10S 9S 8S", draw="KC QC")
    answer(g, place(0, "back middle"))  # 10D against 9S: the 10 captures
    assert discard(g, 0) == ["9S"]
    g = table("2D 3D 4D / 5D 6D 7D / 8D 9D 10D", "2S 3S 4S / 5S 6S 7S / 10S 9S 8S", draw="KC QC")
    answer(g, place(0, "back middle"))  # 9D against 9S: tie
    g = table("10D 3D 4D / 5D 6D 7D / 8D 9D 2D", "2S 3S 4S / 5S 6S 7S / 10S 9S 8S", draw="KC QC")
    answer(g, place(0, "back right"))  # 2D against 10S
    assert discard(g, 0) == ["10S"]
    g = table("4D 3D 10D / 5D 6D 7D / 8D 9D 2D", "2S 3S 4S / 5S 6S 7S / 10S 9S 8S", draw="KC QC")
    answer(g, place(0, "front right"))  # 10D against Ben's 2S: the 2's player captures it
    assert discard(g, 1) == ["10D"]
    g = table("4D 3D 9D / 5D 6D 7D / 8D 10D 2D", "10S 3S 4S / 5S 6S 7S / 2S 9S 8S", draw="KC QC")
    answer(g, place(0, "front right"))  # 9D against Ben's 10S: Ben captures the 9
    assert discard(g, 1) == ["9D"]


def test_a_face_is_captured_only_by_a_two_or_a_number_of_its_suit() -> None:
    """"Face cards can only be captured by any Number 2, or any Number whose suit matches the Face
    card. A Face that is attacked by any other Number must remain on the board." And "If the
    Opposing card is revealed to be a Face card, it may not use its special ability." """
    ben = "2S 3S QD / 5S 6S 7S / 8S 9S 10S"
    g = table("7D 2H 3H / 4H 5H 6H / 8H 9H 10H", ben, draw="KC QC")
    answer(g, place(0, "front left"))  # 7D against QD: same suit
    assert discard(g, 0) == ["QD"]
    g = table("7C 2H 3H / 4H 5H 6H / 8H 9H 10H", ben.replace("2S", "JC"), draw="KC QC")
    answer(g, place(0, "front left"))
    assert g.pending.reason is Reason.TARGET  # (a Clubs may choose)
    answer(g, place(1, "front right"))  # 7C against QD: it stays
    assert of_type(g.log, ev.Held) and discard(g, 0) == [] and discard(g, 1) == []
    assert up(g, place(1, "front right")) and g.pending.player == 1
    # The revealed Queen never acts: Ben's turn asks only for his face-down cards.
    assert place(1, "front right") not in g.pending.options
    g = table("2H 7D 3H / 4H 5H 6H / 8H 9H 10H", "2S 3S QD / 5S 6S 7S / 8S 9S 10S", draw="KC QC")
    answer(g, place(0, "front left"))  # a 2 of another suit captures a Face
    assert discard(g, 0) == ["QD"]


def test_a_clubs_number_may_attack_any_card_directly_aligned_with_it() -> None:
    """"When a Clubs card attacks, you may choose to attack any card it is directly aligned with,
    instead of its Opposing card." Ruling 11: the line through the Line of Opposition, the
    opposing card first; never one's own."""
    g = table("7C 2D 3D / 4D 5D 6D / 8D 9D 10D", BEN, draw="KC QC")
    answer(g, place(0, "front left"))
    d = g.pending
    assert d.reason is Reason.TARGET and d.about == (place(0, "front left"),)
    assert d.options == (place(1, "front right"), place(1, "middle right"), place(1, "back right"))
    answer(g, place(1, "middle right"))  # 7C against 7S: tie
    assert of_type(g.log, ev.Tied)
    g = table("7C 2D 3D / 4D 5D 6D / 8D 9D 10D", BEN, draw="KC QC")
    answer(g, place(0, "front left"), place(1, "back right"))  # 7C against 10S: Ben captures
    assert discard(g, 1) == ["7C"]


def test_a_number_that_is_not_clubs_has_no_choice_of_target() -> None:
    """"Most Number cards may only attack their Opposing card." """
    g = table(ANA, BEN, draw="KC QC")
    answer(g, place(0, "front left"))
    assert g.pending.player == 1 and g.pending.reason is Reason.FLIP


def test_hearts_add_a_face_down_neighbour_and_beat_a_ten() -> None:
    """"When one of your Hearts cards is attacked, if there is a facedown Hearts card adjacent to
    it, you may flip that Hearts face-up and add its value to that of the defending Hearts card.
    If their combined value exceeds 10, an attacking Number 10 may be captured." """
    g = table("2D 3D 10D / 4D 5D 6D / 7D 8D 9D", "8H 3S 4S / 5H 6S 7S / 8S 9S 10S", draw="KC QC")
    answer(g, place(0, "front right"))  # 10D attacks Ben's front left, 8H; 5H is below it
    d = g.pending
    assert d.player == 1 and d.reason is Reason.HEARTS
    assert d.options == (place(1, "middle left"), Word.NO) and d.about == (place(1, "front left"), place(0, "front right"))
    events = answer(g, place(1, "middle left"))
    added = of_type(events, ev.HeartAdded)[0]
    assert added.total == 13 and added.card.code == "5H"
    assert discard(g, 1) == ["10D"]
    assert up(g, place(1, "middle left"))  # ruling 15: the helper stays face up
    assert [type(e).__name__ for e in events][:3] == ["HeartAdded", "Captured", "Replaced"]


def test_hearts_declined_or_too_small_lose_as_numbers_do() -> None:
    """"you may flip that Hearts": the defender may decline; a combined value still lower than
    the attacker loses, and only the defending card is captured."""
    g = table("2D 3D 9D / 4D 5D 6D / 7D 8D 10D", "4H 3S 4S / 2H 6S 7S / 8S 9S 10S", draw="KC QC")
    answer(g, place(0, "front right"), Word.NO)  # 9D against 4H
    assert discard(g, 0) == ["4H"] and not up(g, place(1, "middle left"))
    g = table("2D 3D 9D / 4D 5D 6D / 7D 8D 10D", "4H 3S 4S / 2H 6S 7S / 8S 9S 10S", draw="KC QC")
    answer(g, place(0, "front right"), place(1, "middle left"))  # 4 + 2 = 6 < 9
    assert discard(g, 0) == ["4H"] and up(g, place(1, "middle left"))


def test_hearts_adjacent_means_sharing_a_side_unless_the_option_says_around() -> None:
    """Ruling 15: "adjacent" is sharing a side by default; ``hearts_adjacency: around`` adds the
    corners. A Hearts diagonal from the defender helps only then."""
    grids = ("2D 3D 9D / 4D 5D 6D / 7D 8D 10D", "4H 3S 4S / 5S 2H 7S / 8S 9S 10S")
    g = table(*grids, draw="KC QC")
    events = answer(g, place(0, "front right"))
    assert of_type(events, ev.NoHeartAdded) and discard(g, 0) == ["4H"]
    g = table(*grids, draw="KC QC", options={"hearts_adjacency": "around"})
    answer(g, place(0, "front right"))
    assert g.pending.reason is Reason.HEARTS and g.pending.options == (place(1, "centre"), Word.NO)


def test_the_helper_turns_down_again_with_the_option() -> None:
    """Ruling 15's other reading, ``hearts_helper_stays_up: false``: the helper turns face down
    after the combat, and everybody knows it."""
    g = table("2D 3D 10D / 4D 5D 6D / 7D 8D 9D", "8H 3S 4S / 5H 6S 7S / 8S 9S 10S", draw="KC QC",
              options={"hearts_helper_stays_up": False})
    answer(g, place(0, "front right"), place(1, "middle left"))
    helper = place(1, "middle left")
    assert not up(g, helper) and g.view(0).slot(helper).card.code == "5H"


def test_only_hearts_numbers_help_and_others_hear_the_same_either_way() -> None:
    """"Suit abilities do not apply to Face cards": a face-down Queen of Hearts does not help. Ben
    is not asked, and Ana is told "no Heart added" exactly as when Ben declines."""
    g = table("2D 3D 9D / 4D 5D 6D / 7D 8D 10D", "4H 3S 4S / QH 6S 7S / 8S 9S 10S", draw="KC QC")
    events = answer(g, place(0, "front right"))
    assert g.pending.player == 1 and g.pending.reason is Reason.FLIP
    told = [e.seen_by(0) for e in events]
    g2 = table("2D 3D 9D / 4D 5D 6D / 7D 8D 10D", "4H 3S 4S / 5H 6S 7S / 8S 9S 10S", draw="KC QC")
    events2 = answer(g2, place(0, "front right"), Word.NO)
    assert [type(e) for e in told] == [type(e) for e in (e.seen_by(0) for e in events2)]
