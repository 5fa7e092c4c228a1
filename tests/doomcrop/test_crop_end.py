"""The end of the game, written from the rules as positions."""

from __future__ import annotations

from crop_kit import answer, discard, of_type, place, table

from doomlings_access.doomcrop import Reason
from doomlings_access.doomcrop import events as ev


def test_the_end_comes_when_the_draw_pile_runs_out() -> None:
    """"When the Draw pile runs out, immediately capture all of your own Face cards, both face-up
    and facedown. Then flip any remaining cards face-up and resolve all Numerological Combats,
    including between cards that were already face-up. If you have any cards left, you capture
    them." """
    g = table("7D 3D^ QS / 5D 6D 7C / 8D 9D JH", "2S 3S 4S^ / 5S 6S 7S / 8S 9S 10S", draw="KC")
    answer(g, place(0, "front left"))  # 7D takes Ben's front right 4S; KC replaces it: empty
    assert g.is_over
    # Own faces first, from the player whose turn it was: Ana's QS and JH, then Ben's new KC.
    captured = of_type(g.log, ev.Captured)
    assert [(c.by, c.card.code) for c in captured[1:4]] == [(0, "QS"), (0, "JH"), (1, "KC")]
    fights = of_type(g.log, ev.Fought)
    # Every opposing pair of Numbers fights once, the face-up 3D among them; the 7D faces the
    # place the King left, empty: it fights nobody.
    pairs = [(f.first_card.code, f.second_card.code) for f in fights]
    assert pairs == [("3D", "3S"), ("5D", "7S"), ("6D", "6S"), ("7C", "5S"), ("8D", "10S"), ("9D", "9S")]
    assert "5S" in discard(g, 0)  # 7C against 5S (no Clubs reach at the end)
    assert sum(len(discard(g, s)) for s in (0, 1)) == 19  # both grids and the last card drawn
    assert not any(s is not None for grid in g.state.grids for s in grid)


def test_counts_and_winners() -> None:
    """"Count out the amount of cards in your Discard pile. Card values do not matter, but remember
    to count Diamond numbers as two cards. Whosoever has captured the most cards, wins!" """
    g = table("2C 3C 4C / 5C 6C 7C / 8C 9C 10C", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H", draw="")
    # Every pair ties: each keeps its own nine.
    assert g.outcome.counts == (9, 9) and g.outcome.winners == (0, 1)
    g = table("2C 3C 4C / 5C 6C 7C / 8C 9C 10C", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H", draw="", discards=["2D", ""])
    assert g.outcome.counts == (11, 9) and g.outcome.winners == (0,)
    assert of_type(g.log, ev.GameOver)[0].winners == (0,)


def test_the_end_stops_a_king_in_the_middle_of_its_attacks() -> None:
    """Ruling 21: "immediately": the King's attacks still to come are not made."""
    g = table("KD 3D 4D / 5D 6D 7D / 8D 9D 10D", "2S 3S 4S / 5S 6S 7S / 8S 9S 10S", draw="2C")
    answer(g, place(0, "front left"), place(0, "front left"))  # the King, a 7, takes Ben's 4S: the last card replaces it
    assert g.is_over and len(of_type(g.log, ev.Attacked)) == 1
    assert "KD" in discard(g, 0)


def test_a_turn_never_starts_without_a_draw_pile() -> None:
    """Ruling 21: a position with an empty Draw pile ends at once."""
    g = table("2C 3C 4C / 5C 6C 7C / 8C 9C 10C", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H", draw="")
    assert g.is_over and g.pending is None and g.legal_actions() == []


def test_the_game_continues_while_cards_remain() -> None:
    """The Draw pile does not run out while it holds a card."""
    g = table("7D 3D 4D / 5D 6D 7C / 8D 9D JH", "2S 3S 4S / 5S 6S 7S / 8S 9S 10S", draw="KC QC")
    answer(g, place(0, "front left"))
    assert not g.is_over and g.pending.reason is Reason.FLIP
