"""Face card powers, written from the rules as positions."""

from __future__ import annotations

from crop_kit import answer, card_at, discard, of_type, place, table, up

from doomlings_access.doomcrop import Reason, Word
from doomlings_access.doomcrop import events as ev

BEN = "2S 3S 4S / 5S 6S 7S / 8S 9S 10S"


def test_the_jack_swaps_up_to_three_times_then_is_captured() -> None:
    """"When you flip a Jack, you may swap the places of your own cards, one-for-one, three times.
    You may make fewer swaps, swap the same two cards up to three times, and/or swap the Jack. You
    may not turn any cards face-up or facedown during this process." "After you resolve a Face
    card's ability, capture the Face card." """
    g = table("JD 3D^ 4D / 5D 6D 7D / 8D 9D 10D", BEN, draw="KC QC AC")
    answer(g, place(0, "front left"))
    d = g.pending
    assert d.reason is Reason.JACK_FIRST and (d.step, d.of) == (1, 3) and Word.STOP in d.options
    answer(g, place(0, "front middle"), place(0, "back right"))  # 3D (face up) <-> 10D
    assert card_at(g, 8) == "3D" and up(g, 8) and not up(g, 1)
    answer(g, place(0, "front left"), place(0, "centre"))  # the Jack itself
    answer(g, place(0, "front left"), place(0, "centre"))  # the same two again
    assert g.pending.player == 1  # three swaps: done
    assert discard(g, 0) == ["JD"] and card_at(g, 0) == "KC"  # captured where it stood
    assert card_at(g, 4) == "6D"
    assert len(of_type(g.log, ev.Swapped)) == 3


def test_the_jack_may_stop_at_once() -> None:
    """"You may make fewer swaps." """
    g = table("JD 3D 4D / 5D 6D 7D / 8D 9D 10D", BEN, draw="KC QC")
    answer(g, place(0, "front left"), Word.STOP)
    assert discard(g, 0) == ["JD"] and g.pending.player == 1


def test_the_queen_turns_up_to_three_cards_face_down() -> None:
    """"When you flip a Queen, turn up to three of your cards facedown." Everybody saw which."""
    g = table("QD 3D^ 4D^ / 5D^ 6D^ 7D / 8D 9D 10D", BEN, draw="KC QC")
    answer(g, place(0, "front left"))
    assert g.pending.reason is Reason.QUEEN and g.pending.options == (1, 2, 3, 4, Word.STOP)
    answer(g, 1, 2, 3)
    assert not any(up(g, p) for p in (1, 2, 3)) and up(g, 4)
    assert discard(g, 0) == ["QD"] and g.pending.player == 1
    assert g.view(1).slot(2).card.code == "4D"  # Ben saw it go down


def test_a_face_turned_down_by_a_queen_acts_when_flipped_again() -> None:
    """"it may not use its special ability (unless it is turned facedown again by a Queen)." """
    g = table("QD 3D 4D / 5D JD^ 7D / 8D 9D 10D", BEN, draw="KC QC AC AH")
    answer(g, place(0, "front left"), place(0, "centre"))  # nothing else face up: done
    answer(g, place(1, "front left"))  # Ben: 2S against Ana's front right 4D
    answer(g, place(0, "centre"))
    assert g.pending.reason is Reason.JACK_FIRST


def test_the_king_flips_every_face_down_number_and_attacks_as_a_seven() -> None:
    """"When you flip a King, flip each of your facedown Number cards face-up, one-by-one, and
    resolve Numerological Combat with their Opposing cards accordingly. ... The King also attacks
    when activating this ability. Consider the King a 7 if it's opposed to a Number. ... Your number
    cards that were previously face-up do not attack." """
    g = table("KD 9D^ 4D / 5D QD 7D / 8D 9H 10D", "2S 3S 4S / 5S 6S 7S / 8S 9S 10S",
              draw="2C 3C 4C 5C 6C 7C 8C 9C")
    answer(g, place(0, "front left"))
    d = g.pending
    assert d.reason is Reason.KING
    # The face-down Numbers and the King; not the face-up 9D, not the face-down Queen.
    assert d.options == (0, 2, 3, 5, 6, 7, 8)
    answer(g, place(0, "front left"))  # the King, a 7, against Ben's front right 4S
    assert "4S" in discard(g, 0)
    for _ in range(6):
        answer(g, g.pending.options[0])
    assert g.pending.player == 1
    attacks = of_type(g.log, ev.Attacked)
    assert [a.place for a in attacks] == [0, 2, 3, 5, 6, 7, 8] and attacks[0].value == 7
    assert not up(g, place(0, "centre"))  # the Queen stays face down
    assert "KD" in discard(g, 0)


def test_a_king_loses_as_a_seven_and_captures_no_face() -> None:
    """"Consider the King a 7 if it's opposed to a Number. A King cannot capture another Face card
    this way." A higher Number's player captures the King (ruling 19)."""
    g = table("KD 3D^ 4D^ / 5D^ 6D^ 7D^ / 8D^ 9D^ 10D^", "2S 3S 9S / 5S 6S 7S / 8S 9C 10S", draw="2C 3C 4C")
    answer(g, place(0, "front left"))
    assert discard(g, 1) == ["KD"] and g.pending.player == 1
    g = table("KD 3D^ 4D^ / 5D^ 6D^ 7D^ / 8D^ 9D^ 10D^", "2S 3S QS / 5S 6S 7S / 8S 9C 10S", draw="2C 3C 4C")
    answer(g, place(0, "front left"))
    assert of_type(g.log, ev.Held) and up(g, place(1, "front right")) and discard(g, 0) == ["KD"]


def test_clubs_flipped_by_a_king_may_choose_their_target() -> None:
    """"Clubs numbers may use their ability." """
    g = table("KD 3D^ 4D^ / 5D^ 6D^ 7C / 8D^ 9D^ 10D^", BEN, draw="2C 3C 4C")
    answer(g, place(0, "front left"), place(0, "middle right"))
    assert g.pending.reason is Reason.TARGET and len(g.pending.options) == 3


def test_king_order_option_is_front_left_to_back_right() -> None:
    """Ruling 19's other reading (``king_order: reading``): no question, reading order, the King
    when its own place comes."""
    g = table("4D 3D KD / 5D 6D 7D / 8D 9D 10D", BEN, draw="2C 3C 4C 5C 6C 7C 8C 9C 10C JC", options={"king_order": "reading"})
    answer(g, place(0, "front right"))
    assert g.pending.player == 1
    assert [a.place for a in of_type(g.log, ev.Attacked)] == [0, 1, 2, 3, 4, 5, 6, 7, 8]


def test_the_ace_captures_any_card_or_the_top_of_the_draw_pile() -> None:
    """"When you flip an Ace, instantly capture any face-up or facedown card on the board, or the
    top card of the Draw pile." Then the Ace is captured."""
    g = table("AD 3D 4D / 5D 6D 7D / 8D 9D 10D", BEN, draw="KC QC JC")
    answer(g, place(0, "front left"))
    d = g.pending
    assert d.reason is Reason.ACE and 0 not in d.options and len(d.options) == 18
    assert d.options[-1] is Word.DRAW_PILE and place(0, "centre") in d.options  # one's own too
    answer(g, place(1, "back right"))  # face down: 10S
    assert discard(g, 0) == ["10S", "AD"] and card_at(g, place(1, "back right")) == "KC"
    g = table("AD 3D 4D / 5D 6D 7D / 8D 9D 10D", BEN, draw="KC QC JC")
    answer(g, place(0, "front left"), Word.DRAW_PILE)
    assert discard(g, 0) == ["KC", "AD"] and card_at(g, 0) == "QC"


def test_a_king_beaten_in_its_own_attack_still_asks_as_the_king() -> None:
    """A King beaten in its own attack is replaced before its Numbers attack; the question that
    follows is still the King's (its source names the King, not the card now in its place)."""
    g = table("KD 3D 4D / 5D^ 6D^ 7D^ / 8D^ 9D^ 10D^", "2S 3S 9S / 5S 6S 7S / 8S 9C 10S", draw="2C 3C 4C")
    answer(g, place(0, "front left"))
    assert g.pending.reason is Reason.KING and g.pending.source == "KD"
    answer(g, place(0, "front left"))  # the King, a 7, against Ben's 9S: Ben captures it
    assert discard(g, 1) == ["KD"] and card_at(g, place(0, "front left")) == "2C"
    assert g.pending.reason is Reason.KING and g.pending.source == "KD"
