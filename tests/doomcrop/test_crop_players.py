"""Doomcrop's computer players: legal, reproducible answers from a view, games played to the
end at every level, and the rules of thumb on positions written from the rules."""

from __future__ import annotations

import random

import pytest
from crop_kit import answer, place, table

from doomlings_access.doomcrop import Choice, Game, Options, Reason, Setup, Word
from doomlings_access.doomcrop_ai.family import DOOMCROP, GRID_WORTH, WIN_WORTH, standing
from doomlings_access.doomcrop_ai.levels import LEVELS, make_agent
from doomlings_access.doomcrop_ai.picker import Picker
from doomlings_access.players.search import Budget, Search

QUICK = Budget(seconds=600, iterations=8)  # the count, not the clock, ends each search


@pytest.mark.parametrize("players, decks, optional", [(2, 1, False), (3, 2, False), (4, 2, False), (2, 1, True), (3, 2, True)])
def test_every_level_plays_games_to_the_end_with_legal_answers(players: int, decks: int, optional: bool) -> None:
    """Seats of every level, answering from their views; the game ends and every card is counted
    (with the optional rules too: Jokers and Epic Techniques)."""
    levels = ["hard", "normal", "easy", "normal"][:players]
    options = Options(decks=decks, jokers=2 if optional else 0, epic_techniques=optional)
    setup = Setup(tuple(f"P{i}" for i in range(players)), 40 + players, options)
    game = Game(setup)
    agents = [make_agent(level, setup.seed, seat, QUICK) for seat, level in enumerate(levels)]
    answers = 0
    while (d := game.pending) is not None:
        value = agents[d.player].choose(game.view(d.player), d)
        assert value in d.options
        game.apply(Choice(d.player, value))
        answers += 1
        assert answers < 5000, "the game did not end"
    assert game.outcome is not None
    assert sum(len(pile) for pile in game.state.discards) + len(game.state.box) == options.cards


def decisions(seed: int) -> list[Game]:
    """Copies of a 2-player game at each decision with a real choice, played by normal seats."""
    game = Game(Setup(("Ana", "Ben"), seed))
    agents = [make_agent("normal", seed, seat) for seat in range(2)]
    found = []
    while (d := game.pending) is not None:
        if len(d.options) > 1:
            found.append(game.copy(record=True))
        game.apply(Choice(d.player, agents[d.player].choose(game.view(d.player), d)))
    return found


def test_answers_are_the_same_for_the_same_seed_and_view() -> None:
    for g in decisions(5)[::6]:
        d = g.pending
        assert d is not None
        view = g.view(d.player)
        for level in LEVELS:
            first = make_agent(level, 5, d.player, QUICK).choose(view, d)
            assert first == make_agent(level, 5, d.player, QUICK).choose(g.view(d.player), d), level


def test_with_no_time_to_try_every_answer_the_search_follows_the_rules_of_thumb() -> None:
    """(Not near the end: an answer that empties the Draw pile ends a sampled game at once,
    before its clock is read, and a game played out counts.)"""
    checked = 0
    for g in decisions(6)[::4]:
        d = g.pending
        assert d is not None
        view = g.view(d.player)
        if view.draw_size < 5:
            continue
        hurried = Search(DOOMCROP, 6, d.player, Budget(seconds=1e-9, iterations=None))
        assert hurried.choose(view, d) == Picker(view, d, 6).pick()
        checked += 1
    assert checked > 5


# --- where a seat stands --------------------------------------------------------------------


def test_a_seat_stands_at_its_count_less_the_best_opponents_with_a_share_for_its_grid() -> None:
    g = table(
        "2S 3S 4S / 5S 6S 7S / 8S 9S 10S", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H",
        draw="KC QC", discards=["3D 4C", "5C"],
    )
    # Ana: 3D counts two and 4C one, her nine Spades one each; Ben's face-down cards count as
    # the average card Ana has not seen.
    unseen = g.view(0).unseen()
    average = sum(c.counts for c in unseen) / len(unseen)
    assert standing(g.view(0)) == pytest.approx(3 + GRID_WORTH * 9 - (1 + GRID_WORTH * 9 * average))


def test_a_finished_game_stands_at_the_margin_plus_a_win() -> None:
    game = Game(Setup(("Ana", "Ben"), 3))
    rng = random.Random(3)
    while (d := game.pending) is not None:
        game.apply(Choice(d.player, d.options[rng.randrange(len(d.options))]))
    assert game.outcome is not None
    counts, winners = game.outcome
    for seat in range(2):
        bonus = WIN_WORTH if seat in winners else 0.0
        assert standing(game.view(seat)) == counts[seat] - counts[1 - seat] + bonus


# --- the rules of thumb ---------------------------------------------------------------------


def thumb(game: Game) -> object:
    d = game.pending
    assert d is not None
    return Picker(game.view(d.player), d, 1).pick()


def test_an_attack_goes_where_it_captures() -> None:
    """Ana's 9 at her front left faces Ben's face-up 4 (a capture); her 3 at her front right
    faces his face-up 8 (a loss). She flips the 9."""
    g = table("9C 3C 3H / 2D 4C 5C / 6C 7C 8C", "8D^ 9D 4S^ / 9H 8H 7H / 10S 10H 10D", draw="KC QC")
    assert thumb(g) == place(0, "front left")


def test_a_clubs_number_aims_at_the_best_aligned_card() -> None:
    """ "When a Clubs card attacks, you may choose to attack any card it is directly aligned
    with": Ana's 7C picks Ben's face-up 6D (two cards) over his 10S and 9C."""
    g = table("7C 2S 3S / 4S 5S 6S / 8S 9S 10C", "2D 3H 10S^ / 4H 5H 9C^ / 7H 8H 6D^", draw="KC QC")
    answer(g, place(0, "front left"))
    assert g.pending is not None and g.pending.reason is Reason.TARGET
    assert thumb(g) == place(1, "back right")


def test_an_ace_takes_the_opponents_best_card() -> None:
    g = table("AS 2S 3S / 4S 5S 6S / 7S 8S 9S", "2H 3H 4H / 5H 9D^ 7H / 8H 9H 10H", draw="KC QC")
    answer(g, place(0, "front left"))
    assert g.pending is not None and g.pending.reason is Reason.ACE
    assert thumb(g) == place(1, "centre")


def test_a_heart_defends_only_when_it_turns_the_fight() -> None:
    """Ben's 5H is attacked by Ana's 9: his face-down 6H beside it makes 11, and he captures
    her 9. Attacked by her 3, the 5 wins alone: he keeps his 6H hidden."""
    ben = "5H 6H 2C / 3C 4C 6C / 7C 8C 9C"
    g = table("3D 2S 9S / 4S 5S 6S / 7S 8S 10S", ben, draw="KC QC")
    answer(g, place(0, "front right"))  # the 9S faces Ben's front left, the 5H
    assert g.pending is not None and g.pending.reason is Reason.HEARTS
    assert thumb(g) == place(1, "front middle")
    g = table("2S 10S 3D / 4S 5S 6S / 7S 8S 9S", ben, draw="KC QC")
    answer(g, place(0, "front right"))  # the 3D
    assert g.pending is not None and g.pending.reason is Reason.HEARTS
    assert thumb(g) == Word.NO


def test_a_face_up_spades_number_is_sacrificed_before_the_flip() -> None:
    g = table("2S^ 9D 8D / 7D 6D 5D / 4D 3D 10D", "2H 3H 4H / 5H 6H 7H / 8H 9H 10H", draw="KC QC")
    assert thumb(g) == Word.SACRIFICE
    answer(g, Word.SACRIFICE)
    assert thumb(g) == place(0, "front left")


def test_the_tenth_card_counts_most_and_fights_least() -> None:
    """A low Diamond number counts two in the Discard pile and does little in the grid."""
    g = Game(Setup(("Ana", "Ben"), 8))
    d = g.pending
    assert d is not None and d.reason is Reason.DISCARD
    chosen = str(thumb(g))
    hand = g.view(0).hand
    assert chosen in d.options
    diamonds = [c for c in hand if c.suit.value == "D" and c.is_number]
    if diamonds:
        assert chosen == min(diamonds).code
