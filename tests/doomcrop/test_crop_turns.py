"""Setting up, who goes first, and the parts of a turn, written from the rules as positions."""

from __future__ import annotations

from collections import Counter

import pytest
from crop_kit import NAMES, answer, card_at, discard, of_type, place, setup_of, table, up

from doomlings_access.doomcrop import Game, Kind, Options, Reason, Setup, Word
from doomlings_access.doomcrop import events as ev

HANDS = ("2C 3C 4C 5C 6C 7C 8C 9C 10C JC", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH")


def dealt(*hands: str, seed: int = 1, **options: object) -> Game:
    players = [{"name": NAMES[i], "hand": h.split()} for i, h in enumerate(hands)]
    return Game(setup_of({"players": players, "start": "setup", "seed": seed, "options": options}))


def test_ten_cards_are_dealt_and_a_person_chooses_the_tenth() -> None:
    """"Shuffle the deck and deal 10 cards to each player, facedown." "Take the 10th card and start
    your Discard pile, face-up." The player chooses which card; it is shown when all have chosen."""
    g = Game(Setup(("Ana", "Ben"), seed=5))
    assert [len(h) for h in g.state.hands] == [10, 10] and len(g.state.draw) == 32
    d = g.pending
    assert d.kind is Kind.CARD and d.reason is Reason.DISCARD and len(d.options) == 10
    chosen = d.options[3]
    events = answer(g, chosen)
    assert of_type(events, ev.DiscardChosen)[0].seen_by(1).card is None  # secret until all chose
    assert g.view(1).discards == ((), ()) and g.view(0).own_set_aside.code == chosen
    answer(g, Word.AS_DEALT)
    answer(g, g.pending.options[0], Word.AS_DEALT)
    assert discard(g, 0) == [chosen] and len(discard(g, 1)) == 1


def test_the_grid_is_arranged_place_by_place() -> None:
    """"Look at your cards arrange 9 of them into a 3-by-3 grid." Asked front left first; the
    ninth card goes to the back right unasked, every card face down."""
    g = dealt(*HANDS)
    answer(g, "JC")
    order = ["10C", "9C", "8C", "7C", "6C", "5C", "4C", "3C"]
    for step, code in enumerate(order, start=1):
        assert g.pending.reason is Reason.ARRANGE and g.pending.step == step
        assert g.pending.about == (step - 1,)
        answer(g, code)
    assert [card_at(g, p) for p in range(9)] == [*order, "2C"]
    assert not any(up(g, p) for p in range(9))
    assert g.pending.player == 1


def test_lowest_discard_goes_first() -> None:
    """"Whichever player discarded the card with the lowest value goes first." """
    g = dealt(*HANDS)
    answer(g, "5C", Word.AS_DEALT, "4H", Word.AS_DEALT)
    assert g.state.active == 1 and of_type(g.log, ev.FirstPlayer)[0].tied == ()


def test_face_cards_are_higher_than_every_number() -> None:
    """"For this, Face cards have a higher value than all Numbers." """
    g = dealt(*HANDS)
    answer(g, "JC", Word.AS_DEALT, "10H", Word.AS_DEALT)
    assert g.state.active == 1


def test_a_diamond_number_is_higher_than_an_equal_number() -> None:
    """"Diamond Numbers are more valuable than equal Numbers that are non-Diamonds." """
    g = dealt("2D 3C 4C 5C 6C 7C 8C 9C 10C JC", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH")
    answer(g, "2D", Word.AS_DEALT, "2H", Word.AS_DEALT)
    assert g.state.active == 1


@pytest.mark.parametrize(("discards", "ranked"), [(("5C", "5H"), False), (("JC", "KH"), False)])
def test_a_tie_is_a_coin_flip(discards: tuple[str, str], ranked: bool) -> None:
    """"In the case of a tie, flip a coin." The coin is the seed's: both players win it for some
    seed. Faces tie among themselves (ruling 6)."""
    firsts = set()
    for seed in range(12):
        g = dealt("5C JC 2C 3C 4C 6C 7C 8C 9C 10C", "5H KH 2H 3H 4H 6H 7H 8H 9H 10H", seed=seed, ranked_faces=ranked)
        answer(g, discards[0], Word.AS_DEALT, discards[1], Word.AS_DEALT)
        assert of_type(g.log, ev.FirstPlayer)[0].tied == (0, 1)
        firsts.add(g.state.active)
    assert firsts == {0, 1}


def test_ranked_faces_option_ranks_jack_below_king() -> None:
    """Ruling 6's other reading (``ranked_faces``): Jack, Queen, King, Ace, Joker."""
    g = dealt("5C JC 2C 3C 4C 6C 7C 8C 9C 10C", "5H KH 2H 3H 4H 6H 7H 8H 9H 10H", ranked_faces=True)
    answer(g, "JC", Word.AS_DEALT, "KH", Word.AS_DEALT)
    assert g.state.active == 0


def test_a_turn_flips_one_face_down_card() -> None:
    """"On your turn, choose a card in your grid to flip face-up." Only face-down cards are offered."""
    g = table("2D^ 3D 4D / 5D 6D^ 7D / 8D 9D 10D", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H", draw="KC QC")
    assert g.pending.reason is Reason.FLIP
    assert g.pending.options == (1, 2, 3, 5, 6, 7, 8)


def test_a_spades_number_may_be_sacrificed_once_before_the_flip() -> None:
    """"Once per turn, before you flip a card, you may capture any one Spades card in your grid,
    face-up or facedown." It goes to one's own Discard pile and is replaced."""
    g = table("2S^ 3D 4D / 5S 6D 7D / 8D 9D KS", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H", draw="KC QC")
    assert Word.SACRIFICE in g.pending.options
    answer(g, Word.SACRIFICE)
    assert g.pending.reason is Reason.SACRIFICE
    assert g.pending.options == (place(0, "front left"), place(0, "middle left"), Word.BACK)  # not the King
    answer(g, place(0, "front left"))
    assert discard(g, 0) == ["2S"] and card_at(g, 0) == "KC" and not up(g, 0)
    assert g.pending.reason is Reason.FLIP and Word.SACRIFICE not in g.pending.options
    assert 0 in g.pending.options  # the new card, face down, may be flipped
    answer(g, place(0, "front middle"))
    assert g.pending.player == 1


def test_going_back_from_a_sacrifice_tells_the_table_nothing() -> None:
    """The sacrifice is offered only to a player with a Spades number in their grid, so going
    back from it must tell the others nothing: "Ana goes back without a sacrifice", told to
    all, told Ben that Ana held a Spade, face down perhaps (computer players did it four times
    in twelve games). Going back declines the sacrifice for the turn (so a player answering
    from its view alone is not asked the same question in the same view again); only Ana's own
    view shows it, and Ben's view is the one of a game where Ana holds no Spade at all."""
    spade = table("2D 3D 4D / 5S 6D 7D / 8D 9D KD", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H", draw="KC QC")
    plain = table("2D 3D 4D / 5C 6D 7D / 8D 9D KD", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H", draw="KC QC")
    before = spade.view(1)
    answer(spade, Word.SACRIFICE, Word.BACK)
    assert spade.pending.reason is Reason.FLIP and Word.SACRIFICE not in spade.pending.options
    assert spade.view(1) == before  # Ben knows nothing more, the question to Ana aside
    assert (spade.view(1).log, spade.view(1).stack) == (plain.view(1).log, plain.view(1).stack)
    assert spade.view(0).stack != plain.view(0).stack  # Ana knows she went back
    for g in (spade, plain):
        answer(g, place(0, "front left"))
    a, b = spade.view(1), plain.view(1)
    assert (a.log, a.grids, a.stack, a.pending) == (b.log, b.grids, b.stack, b.pending)


def test_all_face_up_at_the_start_of_a_turn_builds_every_grid_again() -> None:
    """"In the unlikely event that either player begins their turn with all of their own cards
    face-up, both players immediately capture all of their own cards, draw 9 cards from the Draw
    pile, and build their grid again facedown." """
    draw = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2S 3S 4S 5S 6S 7S 8S"
    g = table("2D^ 3D^ 4D^ / 5D^ 6D^ 7D^ / 8D^ 9D^ 10D^", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H", draw=draw)
    assert of_type(g.log, ev.AllFaceUp)
    assert Counter(discard(g, 0)) == Counter("2D 3D 4D 5D 6D 7D 8D 9D 10D".split())
    assert len(discard(g, 1)) == 9
    assert g.pending.reason is Reason.ARRANGE and g.pending.player == 0
    assert [c.code for c in g.state.hands[0]] == draw.split()[:9]
    answer(g, Word.AS_DEALT, Word.AS_DEALT)
    assert g.pending.reason is Reason.FLIP and g.pending.player == 0
    assert not any(up(g, p) for p in range(18))


def test_diamond_numbers_count_two_and_faces_one() -> None:
    """"remember to count Diamond numbers as two cards"; "Suit abilities do not apply to Face
    cards": a Diamond Face counts one."""
    g = table("2C 3C 4C / 5C 6C 7C / 8C 9C 10C", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H",
              discards=["5D KD", "QH"], draw="")
    assert g.is_over
    assert discard(g, 0)[:2] == ["5D", "KD"]
    counts = g.outcome.counts
    # Ana: 5D (2) + KD (1) + her own leftovers; Ben: QH + his.
    assert counts[0] - len(discard(g, 0)) == 1 and counts[1] == len(discard(g, 1))


def test_options_refuse_a_game_without_a_draw_pile() -> None:
    """Playing with 3+ Players: "it is recommended to use multiple decks": six players need two
    (ten cards each and a Draw pile)."""
    with pytest.raises(ValueError, match="add a deck"):
        Setup(NAMES, 1)
    assert Game(Setup(NAMES, 1, Options(decks=2))).pending.reason is Reason.DISCARD
