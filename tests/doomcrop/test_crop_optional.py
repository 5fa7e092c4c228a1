"""The optional rules: more decks, three to six players, Jokers and Epic Techniques."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from crop_kit import answer, card_at, discard, of_type, place, table, up

from doomlings_access.doomcrop import Game, PositionError, Reason, Word
from doomlings_access.doomcrop import events as ev

ANA = "7D 2D 3D / 4D 5D 6D / 8D 9D 10D"
BEN = "2S 3S 4S / 5S 6S 7S / 8S 9S 10S"
CY = "2H 3H 4H / 5H 6H 7H / 8H 9H 10H"
DI = "2C 3C 4C / 5C 6C 7C / 8C 9C 10C"


# --- more decks and more players ------------------------------------------------------------


def test_several_decks_hold_several_copies() -> None:
    """"Players may shuffle multiple decks together to form the Draw pile." """
    with pytest.raises(PositionError, match="more 7D than 1 deck hold"):
        table(ANA, BEN, draw="7D")
    g = table(ANA, BEN, draw="7D KC", options={"decks": 2})
    assert Counter(c.code for c in g.state.cards())["7D"] == 2


def test_three_players_attack_left_and_right() -> None:
    """"With 3 players, you have an axis on both sides of your grid." "With odd numbers of players,
    players may only attack the opponents directly to their left and right." The player on one's
    left is the next seat; each card mirrors its opposite across every axis (ruling 25)."""
    g = table(ANA, BEN, CY, draw="KC QC JC")
    answer(g, place(0, "front left"))
    assert g.pending.reason is Reason.TARGET
    assert g.pending.options == (place(1, "front right"), place(2, "front right"))


def test_four_players_also_attack_across_the_table() -> None:
    """"With 4 players, you also have the original top row axis." """
    g = table(ANA, BEN, CY, DI, draw="KC QC JC")
    answer(g, place(0, "front left"))
    assert g.pending.options == (place(1, "front right"), place(2, "front right"), place(3, "front right"))


def test_five_players_attack_only_their_neighbours() -> None:
    """"With odd numbers of players, players may only attack the opponents directly to their left
    and right." """
    g = table(ANA, BEN, CY, DI, "2D 3D 4D / 5D 6D 7D / 8D 9D 10D", draw="KC", turn=1, options={"decks": 2})
    answer(g, place(1, "centre"))
    assert g.pending.options == (place(2, "centre"), place(0, "centre"))


def test_a_clubs_number_across_a_side_axis_reaches_along_the_row() -> None:
    """"any card it is directly aligned with": across a side axis the line runs along the row."""
    g = table("7C 2D 3D / 4D 5D 6D / 8D 9D 10D", BEN, CY, draw="KC QC JC")
    answer(g, place(0, "front left"))
    left = (place(1, "front right"), place(1, "front middle"), place(1, "front left"))
    right = (place(2, "front right"), place(2, "front left"), place(2, "front middle"))
    assert g.pending.options == left + right


def test_six_players_with_two_decks_play_to_the_end() -> None:
    """"With more than 2 players, it is recommended to use multiple decks" (six need two)."""
    from crop_kit import play_randomly

    from doomlings_access.doomcrop import Options, Setup

    g = Game(Setup(("A", "B", "C", "D", "E", "F"), 3, Options(decks=2)))
    play_randomly(g, random.Random(3))
    assert g.outcome is not None and sum(len(d) for d in g.state.discards) == 104


# --- Jokers -----------------------------------------------------------------------------------


def seed_rolling(*rolls: int) -> int:
    """A seed whose first die rolls are ``rolls`` (a position with no shuffle rolls first)."""
    for seed in range(1, 5000):
        rng = random.Random(seed)
        if all(rng.randint(1, 6) == r for r in rolls):
            return seed
    raise AssertionError("no seed")


def joker_table(roll: int, ana: str = "JK 2D 3D / 4D 5D 6D / 8D 9D 10D", ben: str = BEN,
                draw: str = "KC QC JC 2H 3H 4H 5H 6H 7H 8H 9H 10H AH AC AS", discards: list[str] | None = None) -> Game:
    return table(ana, ben, draw=draw, options={"jokers": 2}, seed=seed_rolling(roll), discards=discards)


def test_a_flipped_joker_rolls_and_is_captured_after() -> None:
    """"When you flip a Joker face-up, or when you capture a Joker, roll a 6-sided die and obey the
    table below." "After you resolve a Face card's ability, capture the Face card." """
    g = joker_table(2, discards=["5C", "6C"])
    answer(g, place(0, "front left"))
    rolled = of_type(g.log, ev.DieRolled)
    assert [r.value for r in rolled] == [2] and rolled[0].seat == 0
    # 2: "Players swap Discard piles." Then Ana captures her Joker.
    assert discard(g, 0) == ["6C", "JK"] and discard(g, 1) == ["5C"]
    assert card_at(g, 0) == "KC" and g.pending.player == 1


def test_any_number_captures_a_joker_and_its_captor_rolls() -> None:
    """"Unlike other Face cards, the Joker can be captured by any Number card." """
    g = joker_table(6, ana="7D 2D 3D / 4D 5D 6D / 8D 9D 10D", ben="2S 3S JK / 5S 6S 7S / 8S 9S 10S")
    answer(g, place(0, "front left"))
    assert discard(g, 0) == ["JK"] and of_type(g.log, ev.DieRolled)[0].seat == 0
    # 6: "For the rest of the game, play with the top card of the Draw pile face-up."
    assert g.view(1).draw_top is not None and g.view(1).draw_top.code == g.state.draw[-1].code


def test_a_king_does_not_capture_a_joker() -> None:
    """"A King cannot capture another Face card this way": a Joker is a Face."""
    g = joker_table(1, ana="KD 2D^ 3D^ / 4D^ 5D^ 6D^ / 8D^ 9D^ 10D^", ben="2S 3S JK^ / 5S 6S 7S / 8S 9S 10S")
    answer(g, place(0, "front left"))
    assert of_type(g.log, ev.Held) and not of_type(g.log, ev.DieRolled)


def test_joker_one_swaps_sides_of_the_board() -> None:
    """"1. Players swap sides of the board." The new owner may look at what they receive."""
    g = joker_table(1)
    answer(g, place(0, "front left"))
    assert card_at(g, place(0, "back right")) == "10S" and card_at(g, place(1, "back right")) == "10D"
    assert g.view(0).slot(place(0, "centre")).card.code == "6S"
    # The Joker went with Ana's old grid; Ana captures it there after its roll.
    assert discard(g, 0) == ["JK"] and card_at(g, place(1, "front left")) == "KC"


def test_joker_three_rebuilds_every_grid_from_the_draw_pile() -> None:
    """"3. Each player captures all of their own cards and deals a new 3-by-3 square." """
    g = joker_table(3, draw="KC QC JC 2H 3H 4H 5H 6H 7H 8H 9H 10H AH AC AS 2C 3C 4C 5C 6C")
    answer(g, place(0, "front left"))
    assert len(discard(g, 0)) == 9 and "JK" in discard(g, 0) and len(discard(g, 1)) == 9
    assert not any(up(g, p) for p in range(18))
    assert [card_at(g, p) for p in range(9)] == "KC QC JC 2H 3H 4H 5H 6H 7H".split()


def test_joker_four_activates_every_face() -> None:
    """"4. All face cards are activated, including face-up ones." (Jokers aside: ruling 26.)"""
    g = joker_table(4, ben="2S^ 3S 4S / 5S QS 7S / 8S 9S 10S")
    answer(g, place(0, "front left"))
    assert g.pending.player == 1 and g.pending.reason is Reason.QUEEN
    assert up(g, place(1, "centre")) and g.pending.options == (place(1, "front left"), Word.STOP)
    answer(g, Word.STOP)
    assert discard(g, 1) == ["QS"] and discard(g, 0) == ["JK"]
    assert g.pending.player == 1 and g.pending.reason is Reason.FLIP


def test_joker_five_shuffles_each_grid_face_down() -> None:
    """"5. Each player shuffles their own cards together and deals their 3-by-3 square randomly,
    facedown." """
    g = joker_table(5, ana="JK 2D^ 3D^ / 4D 5D 6D / 8D 9D 10D")
    answer(g, place(0, "front left"))
    assert not any(up(g, p) for p in range(18))
    assert Counter(card_at(g, p) for p in range(9, 18)) == Counter(BEN.replace("/", " ").split())
    assert "JK" in discard(g, 0)  # found where the shuffle put it, and captured


# --- Epic Techniques ------------------------------------------------------------------------------


def epic(ana: str, ben: str = BEN, draw: str = "KC QC JC AC AH") -> Game:
    return table(ana, ben, draw=draw, options={"epic_techniques": True})


def test_no_epic_techniques_without_the_option() -> None:
    """Epic Techniques are optional: "If you want to add Epic Tech to your game"."""
    g = table("2H 3H 7D / 4H 5H 6D / 8D 9D 10D", BEN, draw="KC")
    assert not any(isinstance(o, str) for o in g.pending.options)


def test_epic_hearts_turns_any_of_them_face_down() -> None:
    """"If your grid contains 4 Hearts cards in a square, you may turn any amount of them facedown." """
    g = epic("2H^ 3H^ 7D / 4H 5H^ 6D / 8D 9D 10D")
    assert Word.EPIC_HEARTS in g.pending.options
    answer(g, Word.EPIC_HEARTS)
    assert g.pending.reason is Reason.EPIC and g.pending.options == (0, 1, 4, Word.STOP)
    answer(g, 0, Word.STOP)
    assert not up(g, 0) and up(g, 1) and g.view(1).slot(0).card.code == "2H"
    assert g.pending.reason is Reason.FLIP and Word.EPIC_HEARTS not in g.pending.options  # once a turn


def test_epic_diamonds_flips_opposing_cards_without_combat() -> None:
    """"If your grid contains 4 Diamonds cards in a square, you may flip any amount of their
    Opposing cards face-up. No other abilities are activated." """
    g = epic("2D 3D 7H / 4D 5D 6H / 8H 9H 10H", ben="2S 3S QS / 5S 6S 7S / 8S 9S 10S")
    answer(g, Word.EPIC_DIAMONDS)
    assert g.pending.options == (place(1, "front right"), place(1, "front middle"), place(1, "middle right"), place(1, "centre"), Word.STOP)
    answer(g, place(1, "front right"), Word.STOP)
    assert up(g, place(1, "front right")) and not of_type(g.log, ev.Attacked)
    assert g.pending.player == 0 and g.pending.reason is Reason.FLIP


def test_epic_spades_captures_any_of_them() -> None:
    """"If your grid contains 4 Spades cards in a square, you may capture any amount of them." """
    g = epic("2S 3S 7D / 4S 5S 6D / 8D 9D 10D", ben=CY)
    answer(g, Word.EPIC_SPADES, 0, 1, Word.STOP)
    assert discard(g, 0) == ["2S", "3S"] and card_at(g, 0) == "KC" and card_at(g, 1) == "QC"


def test_epic_clubs_flips_and_attacks() -> None:
    """"If your grid contains 4 Clubs cards in a square, you may flip any amount of them face-up,
    and attack any cards they could normally attack." """
    g = epic("7C 8C 2D / 9C 10C 3D / 4D 5D 6D")
    answer(g, Word.EPIC_CLUBS, 0)
    assert g.pending.reason is Reason.TARGET  # a Clubs chooses among aligned cards
    answer(g, g.pending.options[0])
    assert up(g, 0) and of_type(g.log, ev.Attacked)
    assert g.pending.reason is Reason.EPIC


def test_a_turn_with_nothing_left_to_flip_ends() -> None:
    """Ruling 7: after an Epic Technique of Clubs flipped every face-down card, nothing is left to
    flip ("choose a card in your grid to flip face-up") and the turn ends."""
    g = epic("7C 8C 2D^ / 9C 10C 3D^ / 4D^ 5D^ 6D^", ben="2S^ 8S^ 7S^ / 3S^ 10S^ 9S^ / 4S^ 5S^ 6S^",
             draw="KC QC JC AC AH KH QH JH 2H 3H 4H 5H 6H 7H 8H 9H 10H 2C 3C")
    answer(g, Word.EPIC_CLUBS)
    for where in (0, 1, 3, 4):  # each ties its opposing card
        answer(g, where)
        answer(g, g.pending.options[0])
    assert len(of_type(g.log, ev.Tied)) == 4
    # Ben begins his turn with every card face up: all grids are built again, his first.
    assert g.pending.player == 1 and g.pending.reason is Reason.ARRANGE


# --- three players: every card faces one card across each side (ruling 25) -----------------

THREE = ("2D 3D 4D / 5D 6D 7D / 8D 9D 10D", "2S 3S 4S / 5S 6S 7S / 8S 9S 10S", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H")


@pytest.mark.parametrize("spot", range(9))
def test_with_three_players_each_card_faces_its_mirror_in_both_neighbours_grids(spot: int) -> None:
    """"With 3 players, you have an axis on both sides of your grid." "To oppose each other, the
    two cards must be equally close to the Line of Opposition ... and they must be directly
    aligned ... Each card is the mirror of its opposite." Your left column is nearest your left
    neighbour's right column, your right column farthest from it, as their left column is: so
    (row, column) faces (row, 2 - column) across each side, and opposition goes both ways."""
    from doomlings_access.doomcrop.places import opposite

    mirror = opposite(spot)
    assert mirror == spot - spot % 3 + 2 - spot % 3
    g = table(*THREE, draw="KC QC JC")
    answer(g, spot)  # Ana's card attacks: Ben (left) or Cy (right), each the mirror place
    assert g.pending.reason is Reason.TARGET
    assert g.pending.options == (9 + mirror, 18 + mirror)
    g = table(*THREE, draw="KC QC JC", turn=1)
    answer(g, 9 + mirror)  # Ben's card there faces Cy (his left) and Ana (his right): her card at spot
    assert g.pending.options == (18 + spot, spot)


def test_with_three_players_the_end_fights_each_opposing_pair_once() -> None:
    """"Then flip any remaining cards face-up and resolve all Numerological Combats": Ana's front
    left fights both cards that face it, Ben's front right (across her left side) then Cy's
    (across her right), and Ben's and Cy's front rights, which face the Faces their owners have
    taken, fight nothing else."""
    faces = "{} JC QC / KC AC JD / QD KD AD"
    g = table(
        faces.format("9D"), "JS QS 4S / KS AS JH / QH KH AH", "JS QS 8H / KS AS JH / QH KH AH".replace("JS", "JC", 1),
        draw="", options={"decks": 2},
    )
    fought = [(e.first, e.second) for e in of_type(g.log, ev.Fought)]
    assert fought == [(0, 9 + 2), (0, 18 + 2)]
    assert discard(g, 0)[-3:] == ["4S", "8H", "9D"]
    assert g.outcome is not None and g.outcome.counts == (12, 8, 8)
