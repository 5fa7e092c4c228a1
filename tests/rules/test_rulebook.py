"""The rulebook, one rule at a time, on the real engine.

Every test names the passage of ``shared/rules/doomlings-rulebook-braille-edition.txt`` (the
default rules), ``shared/rules/CONFLICTS.md`` (the house-rule options) or
``docs/rules-notes.md`` that it checks. Expected values come from those texts.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from builders import agent_move, gene_changes, ignored_changes, new_game, table, why

from doomlings_access.ai.random_agent import RandomAgent
from doomlings_access.rules import Game, Options, Setup
from doomlings_access.rules.events import (
    ActionCancelled,
    ActionResolving,
    AgeRevealed,
    CatastropheRevealed,
    ColourNamed,
    DeckReshuffled,
    Discarded,
    Drew,
    Event,
    FirstPlayerMoved,
    GameOver,
    GameStarted,
    GenePoolChanged,
    PlayFailed,
    ScoreTallied,
    Stabilized,
    ThirdDominantDiscarded,
    TieBreakDraw,
    TraitDiscarded,
    TraitMoved,
    TraitPlayed,
    TurnSkipped,
    TurnStarted,
    WorldsEndPoints,
    WorldsEndStarted,
)
from doomlings_access.rules.scoring import Score

UNCERTAIN_AGES = {"atmospheric_thickening", "sea_kingdoms", "temporal_sands"}
SEEDS = range(40)


# --- helpers ---------------------------------------------------------------------------------


def full_age_deck(g: Game) -> list[str]:
    """The whole age deck as dealt, top first (revealed cards, then the rest)."""
    return list(g.table.revealed) + list(reversed(g.table.age_deck))


def card_name(t, card: int) -> str:  # type: ignore[no-untyped-def]
    return t.g.defs[card].name


def index_of(t, kind: type[Event], pred=lambda e: True) -> int:  # type: ignore[no-untyped-def]
    """Position in the log of the first event of ``kind`` that satisfies ``pred``."""
    for i, e in enumerate(t.g.log):
        if isinstance(e, kind) and pred(e):
            return i
    raise AssertionError(f"no {kind.__name__} event found")


def play_whole_game(setup: Setup) -> Game:
    g = new_game(setup)
    agents = [RandomAgent(setup.seed, seat) for seat in range(g.n)]
    while not g.is_over:
        assert g.pending is not None
        g.apply(agent_move(g, agents))
    return g


def all_trait_names_except(t_defs, used: list[str]) -> list[str]:  # type: ignore[no-untyped-def]
    """Every physical trait card (by id) not in ``used``: to fill the discard pile."""
    from collections import Counter

    left = Counter(d.id for d in t_defs)
    for name in used:
        left[name.lower().replace("-", "_").replace(" ", "_").replace("'", "")] -= 1
    return [cid for cid, n in sorted(left.items()) for _ in range(n)]


# --- setting up: the age deck ---------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_age_deck_is_birth_of_life_then_three_eras_of_three_ages_and_a_catastrophe(seed: int) -> None:
    """Rulebook, setup 1-4: separate Birth of Life and the 15 catastrophes from the 25 ages;
    deal 3 piles of 3 ages, set the rest aside; 1 random catastrophe into each pile; shuffle
    each pile; stack them; Birth of Life on top (13 cards)."""
    g = new_game(Setup(("Ana", "Ben", "Cid"), seed))
    deck = full_age_deck(g)
    assert len(deck) == 13
    assert deck[0] == "the_birth_of_life"
    assert g.table.revealed == ["the_birth_of_life"]  # flipped first, "which simply sets the game"
    cats = g.cards.catastrophes
    ages = g.cards.ages
    for era in range(3):
        pile = deck[1 + 4 * era : 5 + 4 * era]
        assert sum(1 for c in pile if c in cats) == 1, pile
        assert sum(1 for c in pile if c in ages) == 3, pile
    assert len(set(deck)) == 13
    assert not any(ages[c].birth_of_life for c in deck[1:] if c in ages)
    assert all(ages[c].in_deck for c in deck[1:] if c in ages)
    assert not UNCERTAIN_AGES & set(deck)


def test_age_deck_differs_between_seeds_and_repeats_with_the_same_seed() -> None:
    """Rulebook, setup 2-3: the ages and catastrophes are shuffled (seeded, so repeatable)."""
    decks = {tuple(full_age_deck(new_game(Setup(("Ana", "Ben"), s)))) for s in SEEDS}
    assert len(decks) > 30
    again = full_age_deck(new_game(Setup(("Ana", "Ben"), 5)))
    assert again == full_age_deck(new_game(Setup(("Ana", "Ben"), 5)))


def test_the_three_uncertain_ages_are_never_dealt_by_default() -> None:
    """CONFLICTS.md / cards README 2: the rulebook's 25 ages; Atmospheric Thickening, Sea
    Kingdoms and Temporal Sands are out of the dealt age deck unless all 28 ages are on."""
    seen: set[str] = set()
    for seed in range(150):
        seen |= set(full_age_deck(new_game(Setup(("Ana", "Ben"), seed))))
    assert not UNCERTAIN_AGES & seen
    assert len(seen - set(new_game(Setup(("Ana", "Ben"), 0)).cards.catastrophes)) > 20


def test_all_28_ages_option_deals_from_the_uncertain_ages_too() -> None:
    """README (house rules): the "all 28 ages" option deals from every age, still 3 x 3 + 3."""
    seen: set[str] = set()
    for seed in range(150):
        g = new_game(Setup(("Ana", "Ben"), seed, Options(all_28_ages=True)))
        deck = full_age_deck(g)
        assert len(deck) == 13
        assert deck[0] == "the_birth_of_life"
        assert sum(1 for c in deck if c in g.cards.catastrophes) == 3
        seen |= set(deck)
    assert UNCERTAIN_AGES <= seen


def _three_piles_each_with_one_catastrophe(deck: list[str], cats) -> bool:  # type: ignore[no-untyped-def]
    body = deck[1:]
    n = len(body)
    for a in range(1, n):
        for b in range(a + 1, n):
            piles = [body[:a], body[a:b], body[b:]]
            if all(8 <= len(p) <= 10 for p in piles) and all(
                sum(1 for c in p if c in cats) == 1 for p in piles
            ):
                return True
    return False


@pytest.mark.parametrize("seed", range(10))
def test_long_age_deck_option_deals_every_age_into_three_piles(seed: int) -> None:
    """CONFLICTS.md, age deck size (digital spec option): all 25 ages split into 3 piles of
    about 8, 1 catastrophe each, Birth of Life on top."""
    g = new_game(Setup(("Ana", "Ben"), seed, Options(long_age_deck=True)))
    deck = full_age_deck(g)
    cats = g.cards.catastrophes
    in_deck = {a.id for a in g.cards.ages.values() if a.in_deck}
    assert len(in_deck) == 25
    assert deck[0] == "the_birth_of_life"
    assert len(deck) == 1 + 25 + 3
    assert {c for c in deck if c not in cats} - {"the_birth_of_life"} == in_deck
    assert _three_piles_each_with_one_catastrophe(deck, cats)
    # "3 roughly equal piles ... ~8-9 Ages + 1 Catastrophe" (digital spec): 9, 8 and 8 ages,
    # the larger first (the last pile held 7 when the first two took 9 each)
    assert [sum(1 for c in pile if c in cats) for pile in piles_of(deck, [10, 9, 9])] == [1, 1, 1]


@pytest.mark.parametrize("seed", range(5))
def test_long_age_deck_with_all_28_ages_deals_all_28(seed: int) -> None:
    """CONFLICTS.md + README: both options together deal the 28 ages (Birth of Life aside),
    in piles of 10, 9 and 9 ages, each with its catastrophe."""
    g = new_game(Setup(("Ana", "Ben"), seed, Options(long_age_deck=True, all_28_ages=True)))
    deck = full_age_deck(g)
    assert len(deck) == 1 + 28 + 3
    assert UNCERTAIN_AGES <= set(deck)
    cats = g.cards.catastrophes
    assert [sum(1 for c in pile if c in cats) for pile in piles_of(deck, [11, 10, 10])] == [1, 1, 1]


def test_long_age_deck_piles_are_as_equal_as_they_can_be() -> None:
    """The digital spec's "3 roughly equal piles": 25 ages are 9, 8 and 8; 28 are 10, 9 and 9
    (the piles took the rounded-up third each, leaving the last 7 or 8); the rulebook's 3 each."""
    from doomlings_access.rules.flow import pile_sizes

    g = new_game(Setup(("Ana", "Ben"), 1, Options(long_age_deck=True)))
    assert [pile_sizes(g, n) for n in (25, 28, 27, 26)] == [[9, 8, 8], [10, 9, 9], [9, 9, 9], [9, 9, 8]]
    assert pile_sizes(new_game(Setup(("Ana", "Ben"), 1)), 25) == [3, 3, 3]


def piles_of(deck: list[str], sizes: list[int]) -> list[list[str]]:
    """The age deck after Birth of Life, cut into piles of these sizes (catastrophe included)."""
    assert sum(sizes) == len(deck) - 1
    body, out = deck[1:], []
    for size in sizes:
        out.append(body[:size])
        body = body[size:]
    return out


# --- setting up: the deal --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_five_traits_dealt_to_each_player_and_gene_pools_start_at_five(players: int) -> None:
    """Rulebook, setup 5-6: gene pool card with the 5 up; deal 5 traits to each player; the
    rest is the trait deck. "1st player is left of the dealer" (seat 1, rules-notes)."""
    names = tuple(f"P{i}" for i in range(players))
    g = new_game(Setup(names, 11))
    assert [len(p.hand) for p in g.seats] == [5] * players
    assert [p.gene_pool for p in g.seats] == [5] * players
    assert all(p.pile == [] for p in g.seats)
    assert len(g.table.deck) == 116 - 5 * players
    assert g.table.discard == []
    deals = [e for e in g.log if isinstance(e, Drew) and why(e) == "deal"]
    assert [(e.player, len(e.cards)) for e in deals] == [(s, 5) for s in range(players)]
    assert [e.visible_to for e in deals] == [frozenset((s,)) for s in range(players)]
    started = [e for e in g.log if isinstance(e, GameStarted)]
    assert started == [GameStarted(names, 0, ())]
    assert g.round.first_player == 0
    # the first decision is the first player's
    assert g.pending is not None and g.pending.player == 0


# --- rounds: first player, ages ----------------------------------------------------------


@pytest.mark.parametrize(
    "players,first,moved_to",
    [(("Ana", "Ben"), "Ana", "Ben"), (("Ana", "Ben", "Cid"), "Cid", "Ana"), (("Ana", "Ben", "Cid"), "Ana", "Ben")],
)
def test_first_player_moves_one_left_when_a_catastrophe_is_revealed(players, first, moved_to) -> None:  # type: ignore[no-untyped-def]
    """Rulebook, "When a catastrophe is drawn: 1st player position moves 1 person to the
    left" (left is the next seat, rules-notes); the catastrophe round's turns start there."""
    hands = {p: [c] for p, c in zip(players, ["Bark", "Deep Roots", "Appealing"])}
    t = table(players, hands=hands, run="catastrophe", catastrophe="deus_ex_machina", first=first)
    assert t.g.round.first_player == t.seat(moved_to)
    assert t.events(FirstPlayerMoved) == [FirstPlayerMoved(t.seat(moved_to))]
    assert index_of(t, CatastropheRevealed) < index_of(t, FirstPlayerMoved)
    t.finish()  # play the rest of the catastrophe's round
    order = [e.player for e in t.events(TurnStarted)]
    start = t.seat(moved_to)
    assert order == [(start + i) % len(players) for i in range(len(players))]


def test_first_player_moves_left_at_each_of_the_three_catastrophes_of_a_game() -> None:
    """Rulebook, "When a catastrophe is drawn": the marker moves at every catastrophe, and
    the third ends the world ("No more turns are taken")."""
    for seed in range(6):
        g = play_whole_game(Setup(("Ana", "Ben", "Cid"), seed))
        moves = [e.player for e in g.log if isinstance(e, FirstPlayerMoved)]
        assert moves == [1, 2, 0]
        cats = [i for i, e in enumerate(g.log) if isinstance(e, CatastropheRevealed)]
        assert len(cats) == 3
        for i in cats:
            assert isinstance(g.log[i + 1], FirstPlayerMoved)
        after_final = g.log[cats[-1] :]
        assert not any(isinstance(e, TurnStarted) for e in after_final)
        assert sum(isinstance(e, WorldsEndStarted) for e in after_final) == 1
        assert isinstance(g.log[-1], GameOver)


def test_age_effect_is_followed_by_every_player_before_turns() -> None:
    """Rulebook, "AGES: All players follow the age effect BEFORE turns are taken" (in turn
    order from the first player, rules-notes). Flourish: everyone draws two cards."""
    t = table(
        hands={"Ana": ["Bark"], "Ben": ["Quick"]},
        deck=["Fangs", "Gills", "Spiny", "Leaves"],
        run="age",
        age="flourish",
        first="Ben",
    )
    draws = [e for e in t.events(Drew) if why(e) == "flourish"]
    assert [(e.player, t.names(e.cards)) for e in draws] == [
        (1, ["Fangs", "Gills"]),
        (0, ["Spiny", "Leaves"]),
    ]
    first_turn = index_of(t, TurnStarted)
    assert index_of(t, AgeRevealed) < t.g.log.index(draws[0]) < t.g.log.index(draws[1]) < first_turn
    assert t.events(TurnStarted) == [TurnStarted(1)]
    assert t.pending.player == 1 and t.pending.reason == "play_trait"
    assert t.hand("Ana") == ["Bark", "Leaves", "Spiny"]
    assert t.hand("Ben") == ["Fangs", "Gills", "Quick"]


# --- a turn: play, effect, stabilize --------------------------------------------------------


def test_must_play_a_trait_when_able_no_pass_option() -> None:
    """Rulebook, "If you are able, you MUST play a trait": the play question has no pass."""
    t = table(hands={"Ana": ["Bark", "Quick", "Fangs"]})
    assert t.pending.reason == "play_trait"
    assert sorted(t.option_names()) == ["Bark", "Fangs", "Quick"]


def test_play_one_trait_then_stabilize_by_drawing_up_to_the_gene_pool() -> None:
    """Rulebook, turn 1-3: play 1 trait from your hand; then STABILIZE: "Your gene pool is 5
    but you hold 4 cards, draw 1"."""
    t = table(hands={"Ana": ["Bark", "Quick", "Fangs"]}, deck=["Gills", "Spiny", "Leaves"])
    t.answer("Bark")
    assert t.pile("Ana") == ["Bark"]
    assert t.hand("Ana") == sorted(["Fangs", "Gills", "Quick", "Spiny", "Leaves"])
    played = t.events(TraitPlayed)
    assert [(e.player, card_name(t, e.card), e.source, e.out_of_turn) for e in played] == [
        (0, "Bark", "hand", False)
    ]
    assert [(e.player, t.names(e.cards), why(e)) for e in t.events(Drew)] == [
        (0, ["Gills", "Spiny", "Leaves"], "stabilize")
    ]
    assert t.events(Stabilized) == [Stabilized(0, 3, 0, 5)]
    assert index_of(t, TraitPlayed) < index_of(t, Stabilized)
    assert isinstance(t.g.log[-1], Stabilized)
    assert t.pending is None


def test_stabilize_discards_down_to_the_gene_pool_with_the_players_choice() -> None:
    """Rulebook, STABILIZE: "Your gene pool is 4, but you hold 6 cards, discard 1"; the player
    chooses which cards (one question per card)."""
    t = table(
        hands={"Ana": ["Bark", "Quick", "Fangs", "Gills", "Spiny", "Leaves"]},
        gene_pools={"Ana": 3},
    )
    t.answer("Bark")
    assert t.pending.reason == "discard_to_stabilize"
    assert sorted(t.option_names()) == ["Fangs", "Gills", "Leaves", "Quick", "Spiny"]
    t.answer("Quick")
    assert sorted(t.option_names()) == ["Fangs", "Gills", "Leaves", "Spiny"]
    t.answer("Spiny")
    assert t.pending is None
    assert t.hand("Ana") == ["Fangs", "Gills", "Leaves"]
    assert t.discard == ["Quick", "Spiny"]
    assert [(e.player, t.names(e.cards)) for e in t.events(Discarded)] == [(0, ["Quick", "Spiny"])]
    assert t.events(Stabilized) == [Stabilized(0, 0, 2, 3)]
    assert t.events(Drew) == []


def test_stable_hand_neither_draws_nor_discards() -> None:
    """Rulebook, STABILIZE: "Your gene pool is 5, and you hold 5 cards. Do nothing."""
    t = table(hands={"Ana": ["Bark", "Quick", "Fangs", "Gills", "Spiny", "Leaves"]})
    t.answer("Bark")
    assert t.events(Stabilized) == [Stabilized(0, 0, 0, 5)]
    assert t.events(Drew) == [] and t.events(Discarded) == []


def test_gene_pool_change_from_a_trait_does_not_draw_or_discard_until_stabilizing() -> None:
    """Rulebook, NOTE: "If your gene pool changes, it doesn't mean you draw or discard. Only
    draw or discard when you stabilize." Super Spreader: -1 to every gene pool; Ben, not
    stabilizing on Ana's turn, keeps 5 cards with a gene pool of 4."""
    t = table(
        hands={"Ana": ["Super Spreader", "Quick", "Fangs", "Gills", "Spiny"], "Ben": ["Bark", "Leaves", "Antlers", "Blubber", "Deep Roots"]},
    )
    t.answer("Super Spreader")
    assert (t.gene_pool("Ana"), t.gene_pool("Ben")) == (4, 4)
    assert [(e.player, e.old, e.new) for e in t.events(GenePoolChanged)] == [(0, 5, 4), (1, 5, 4)]
    assert len(t.hand("Ben")) == 5
    assert not any(e.player == 1 for e in t.events(Drew) + t.events(Discarded) + t.events(Stabilized))
    assert t.events(Stabilized) == [Stabilized(0, 0, 0, 4)]


def test_catastrophe_gene_pool_change_does_not_draw_or_discard_before_turns() -> None:
    """Rulebook, catastrophe a: adjust the gene pool cards before turns "(remember, players do
    not draw or discard until they must STABILIZE!)". Ice Age -1, nobody has a red trait."""
    five = ["Bark", "Leaves", "Antlers", "Blubber", "Gills"]
    t = table(
        hands={"Ana": five, "Ben": ["Fangs", "Spiny", "Appealing", "Deep Roots", "Quick"]},
        run="catastrophe",
        catastrophe="ice_age",
    )
    assert (t.gene_pool("Ana"), t.gene_pool("Ben")) == (4, 4)
    first_turn = index_of(t, TurnStarted)
    changes = [i for i, e in enumerate(t.g.log) if isinstance(e, GenePoolChanged)]
    assert len(changes) == 2 and max(changes) < first_turn
    assert not any(isinstance(e, (Drew, Discarded)) for e in t.g.log[:first_turn])
    # the new first player (Ben) is asked to play while Ana still holds 5 cards
    assert t.pending.player == 1 and t.pending.reason == "play_trait"
    assert len(t.hand("Ana")) == 5


# --- skipped turns --------------------------------------------------------------------------


def test_empty_hand_draws_three_and_skips_without_stabilizing() -> None:
    """Rulebook, "If your hand is empty, draw 3 cards and skip your turn! ... In either case,
    do not stabilize this turn!"."""
    t = table(hands={"Ana": []}, deck=["Bark", "Quick", "Fangs", "Gills", "Spiny"])
    assert t.pending is None
    assert [(e.player, t.names(e.cards), why(e)) for e in t.events(Drew)] == [
        (0, ["Bark", "Quick", "Fangs"], "empty_hand")
    ]
    assert t.events(TurnSkipped) == [TurnSkipped(0, "empty_hand")]
    assert t.events(Stabilized) == [] and t.events(TraitPlayed) == []
    assert t.hand("Ana") == ["Bark", "Fangs", "Quick"]
    assert t.pile("Ana") == []


def test_empty_hand_draw_five_option() -> None:
    """CONFLICTS.md, empty hand (digital spec option, empty_hand_draw=5): draw 5, skip, no
    stabilizing."""
    t = table(
        hands={"Ana": []},
        deck=["Bark", "Quick", "Fangs", "Gills", "Spiny", "Leaves"],
        gene_pools={"Ana": 3},
        options=Options(empty_hand_draw=5),
    )
    assert t.hand("Ana") == sorted(["Bark", "Quick", "Fangs", "Gills", "Spiny"])
    assert t.events(TurnSkipped) == [TurnSkipped(0, "empty_hand")]
    assert t.events(Stabilized) == []


def test_cannot_play_may_skip_without_stabilizing() -> None:
    """Rulebook, "If you hold cards but can't play any, skip your turn ... do not stabilize":
    Heroic needs 3 green traits, Delicious a colourless trait."""
    t = table(hands={"Ana": ["Heroic", "Delicious"]})
    assert t.pending.reason == "cannot_play"
    assert t.option_names() == ["skip", "redraw"]
    t.answer("skip")
    assert t.pending is None
    assert t.hand("Ana") == ["Delicious", "Heroic"]
    assert t.events(TurnSkipped) == [TurnSkipped(0, "no_playable")]
    assert t.events(Stabilized) == [] and t.events(Drew) == [] and t.events(TraitPlayed) == []


def test_cannot_play_may_discard_hand_and_draw_three_without_stabilizing() -> None:
    """Rulebook, "You may, if you choose, discard your entire hand and draw 3 cards. In either
    case, do not stabilize this turn!" (the gene pool is 5, the hand stays at 3)."""
    t = table(hands={"Ana": ["Heroic", "Delicious"]}, deck=["Bark", "Quick", "Fangs", "Gills"])
    t.answer("redraw")
    assert t.pending is None
    assert sorted(t.discard) == ["Delicious", "Heroic"]
    assert t.hand("Ana") == ["Bark", "Fangs", "Quick"]
    assert [(e.player, sorted(t.names(e.cards))) for e in t.events(Discarded)] == [(0, ["Delicious", "Heroic"])]
    assert [(t.names(e.cards), why(e)) for e in t.events(Drew)] == [(["Bark", "Quick", "Fangs"], "cannot_play")]
    assert t.events(TurnSkipped) == [TurnSkipped(0, "redraw")]
    assert t.events(Stabilized) == []


def test_age_restriction_that_blocks_every_card_is_a_cannot_play_turn() -> None:
    """Rulebook, "If you hold cards but can't play any" applies to age restrictions too:
    Arid Lands forbids blue traits."""
    t = table(hands={"Ana": ["Gills", "Spiny"]}, age="arid_lands")
    assert t.pending.reason == "cannot_play"
    t.answer("skip")
    assert t.hand("Ana") == ["Gills", "Spiny"]
    assert t.events(TurnSkipped) == [TurnSkipped(0, "no_playable")]


# --- gene pool bounds ---------------------------------------------------------------------


def test_gene_pool_gain_past_eight_is_ignored() -> None:
    """Rulebook, Gene pool: "If an effect would have you exceed a Gene Pool of 8 ... ignore
    the effect." Warm Blood (+2) at 7."""
    t = table(hands={"Ana": ["Warm Blood", "Bark"]}, gene_pools={"Ana": 7})
    t.answer("Warm Blood")
    assert t.gene_pool("Ana") == 7
    assert ignored_changes(t) == [(0, 2, "warm_blood")]
    assert gene_changes(t) == []
    assert t.events(Stabilized)[-1].hand == 7


def test_gene_pool_loss_below_one_is_ignored() -> None:
    """Rulebook, Gene pool: "... or dip below a Gene Pool of 1, ignore the effect." Brute
    Strength (-1) at 1."""
    t = table(hands={"Ana": ["Brute Strength", "Bark", "Quick"]}, gene_pools={"Ana": 1})
    t.answer("Brute Strength")
    assert t.gene_pool("Ana") == 1
    assert ignored_changes(t) == [(0, -1, "brute_strength")]
    assert gene_changes(t) == []


def test_gene_pool_inside_bounds_changes_when_the_trait_enters() -> None:
    """Rulebook, Gene pool: "Effects with +/- Gene Pool effects apply when they enter your
    trait pile." Warm Blood (+2) at 5 makes 7, and stabilizing draws to 7."""
    t = table(hands={"Ana": ["Warm Blood", "Bark"]})
    t.answer("Warm Blood")
    assert gene_changes(t) == [(0, 5, 7, "warm_blood", False)]
    assert len(t.hand("Ana")) == 7


def test_trait_leaving_the_pile_always_reverses_its_change_up_to_nine() -> None:
    """Rulebook, Gene pool: "when a trait leaves your Gene Pool, ALWAYS adjust your Gene
    Pool" (past the bounds too: CONFLICTS.md). Ben's Selfish steals Ana's Brute Strength
    (-1) while Ana is at 8: Ana goes to 9; Ben takes its -1."""
    t = table(
        hands={"Ben": ["Selfish", "Bark", "Quick", "Fangs", "Gills", "Spiny"]},
        piles={"Ana": ["Brute Strength"]},
        gene_pools={"Ana": 8},
        turn="Ben",
    )
    t.answer("Selfish")
    assert t.pile("Ana") == [] and t.pile("Ben") == ["Brute Strength", "Selfish"]
    assert t.gene_pool("Ana") == 9
    assert t.gene_pool("Ben") == 4
    assert gene_changes(t) == [
        (0, 8, 9, "brute_strength", True),
        (1, 5, 4, "brute_strength", False),
    ]


def test_trait_leaving_the_pile_always_reverses_its_change_down_to_zero() -> None:
    """Rulebook, Gene pool: "ALWAYS adjust your Gene Pool ... The event of the trait leaving
    causes the change." Ben's Vampirism steals Ana's Saliva (+1) while Ana is at 1: 0."""
    t = table(
        hands={"Ben": ["Vampirism", "Bark", "Quick", "Fangs", "Gills", "Spiny"]},
        piles={"Ana": ["Saliva"]},
        gene_pools={"Ana": 1},
        turn="Ben",
    )
    t.answer("Vampirism")
    assert t.gene_pool("Ana") == 0
    assert t.gene_pool("Ben") == 6
    assert (0, 1, 0, "saliva", True) in gene_changes(t)


def test_reversal_applies_even_when_the_gain_was_ignored_at_the_maximum() -> None:
    """Rulebook, Gene pool: "ALWAYS adjust your Gene Pool, even if you have enough effects to
    reach the maximum". Warm Blood entered at 8 (ignored); stolen, Ana drops to 6."""
    t = table(
        hands={"Ben": ["Vampirism", "Bark", "Quick", "Fangs", "Gills", "Spiny"]},
        piles={"Ana": ["Warm Blood"]},
        gene_pools={"Ana": 8},
        turn="Ben",
    )
    t.answer("Vampirism")
    assert t.gene_pool("Ana") == 6
    assert (0, 8, 6, "warm_blood", True) in gene_changes(t)


# --- dominants -------------------------------------------------------------------------------


def test_a_third_dominant_cannot_be_played_from_the_hand() -> None:
    """Rulebook, Dominant traits: "You can ONLY play 2, so choose wisely!"."""
    t = table(hands={"Ana": ["Echolocation", "Bark", "Quick"]}, piles={"Ana": ["Tiny", "Immunity"]})
    assert t.pending.reason == "play_trait"
    assert sorted(t.option_names()) == ["Bark", "Quick"]


def test_only_dominants_in_hand_with_two_played_is_a_cannot_play_turn() -> None:
    """Rulebook, Dominant traits (limit 2) with "If you hold cards but can't play any, skip"."""
    t = table(hands={"Ana": ["Echolocation"]}, piles={"Ana": ["Tiny", "Immunity"]})
    assert t.pending.reason == "cannot_play"
    t.answer("skip")
    assert t.pile("Ana") == ["Immunity", "Tiny"]
    assert t.events(TurnSkipped) == [TurnSkipped(0, "no_playable")]


def test_second_dominant_may_still_be_played() -> None:
    """Rulebook, Dominant traits: two dominants are allowed."""
    t = table(hands={"Ana": ["Echolocation", "Bark"]}, piles={"Ana": ["Tiny"]})
    assert sorted(t.option_names()) == ["Bark", "Echolocation"]
    t.answer("Echolocation")
    assert t.pile("Ana") == ["Echolocation", "Tiny"]


def test_third_dominant_arriving_by_chance_from_the_deck_top_is_discarded() -> None:
    """Rulebook, 3RD DOMINANT: "receive a 3rd dominant trait by random chance (i.e. playing a
    trait from the top of the deck) ... instead of playing the 3rd dominant, discard it. You
    may not redraw to replace it." Atmospheric Thickening plays the deck's top card."""
    t = table(
        hands={"Ana": ["Bark"]},
        piles={"Ana": ["Tiny", "Immunity"]},
        deck=["Echolocation", "Quick", "Fangs"],
        age="atmospheric_thickening",
    )
    assert t.pending is None
    assert t.pile("Ana") == ["Immunity", "Tiny"]
    assert t.discard == ["Echolocation"]
    [event] = t.events(ThirdDominantDiscarded)
    assert (event.player, card_name(t, event.card)) == (0, "Echolocation")
    assert t.events(TraitPlayed) == []
    # no replacement: the next card stays on the deck and the hand is untouched
    assert t.deck[-1] == "Quick"
    assert t.hand("Ana") == ["Bark"]


def test_birth_of_a_hero_is_the_only_way_to_a_third_dominant() -> None:
    """Rulebook, BIRTH OF A HERO: play Heroic immediately, without restriction; "If it would
    be your 3rd dominant trait, you may keep it"."""
    t = table(
        hands={"Ana": ["Heroic", "Bark", "Fangs"], "Ben": ["Quick"]},
        piles={"Ana": ["Tiny", "Immunity"]},
        run="age",
        age="birth_of_a_hero",
    )
    assert t.pending.player == 0 and t.pending.reason == "play_trait"
    assert t.pile("Ana") == ["Heroic", "Immunity", "Tiny"]
    assert t.hand("Ana") == ["Bark", "Fangs"]
    played = t.events(TraitPlayed)
    assert card_name(t, played[0].card) == "Heroic"
    assert index_of(t, TraitPlayed) < index_of(t, TurnStarted)
    assert t.events(ThirdDominantDiscarded) == []


def test_dominant_traits_cannot_be_stolen() -> None:
    """Rulebook, Dominant traits: "Once played, they cannot be swapped, stolen, discarded,
    returned or removed from your trait pile for any reason." Vampirism may steal any trait:
    only Bark is offered, Tiny stays."""
    t = table(
        hands={"Ben": ["Vampirism", "Quick", "Fangs", "Gills", "Spiny", "Leaves"]},
        piles={"Ana": ["Tiny", "Bark"]},
        turn="Ben",
    )
    t.answer("Vampirism")
    assert t.pile("Ana") == ["Tiny"]
    assert t.pile("Ben") == ["Bark", "Vampirism"]
    assert [(card_name(t, e.card), e.how) for e in t.events(TraitMoved)] == [("Bark", "steal")]


# --- actions only from the hand; out of turn ------------------------------------------------


def test_trait_played_from_the_discard_pile_by_trunk_has_no_action() -> None:
    """Rulebook, Actions: "do not play actions on traits that are ... played directly from the
    discard pile ... unless told to do so." Trunk plays the top card (Introspective)."""
    t = table(hands={"Ana": ["Trunk"]}, discard=["Bark", "Introspective"], deck=["Quick", "Fangs", "Gills", "Spiny", "Leaves"])
    assert t.pending is None
    assert t.pile("Ana") == ["Introspective", "Trunk"]
    assert t.discard == ["Bark"]
    assert [(card_name(t, e.card), e.source) for e in t.events(TraitPlayed)] == [
        ("Trunk", "hand"),
        ("Introspective", "discard"),
    ]
    assert [card_name(t, e.card) for e in t.events(ActionResolving)] == ["Trunk"]
    assert [why(e) for e in t.events(Drew)] == ["stabilize"]
    assert t.hand("Ana") == sorted(["Quick", "Fangs", "Gills", "Spiny", "Leaves"])


def test_stolen_trait_does_not_act() -> None:
    """Rulebook, Actions: "do not play actions on traits that are stolen or swapped". Ben's
    Selfish steals Ana's Bad; Bad's action (opponents discard 2 at random) does not happen."""
    t = table(
        hands={"Ben": ["Selfish", "Quick", "Fangs", "Gills", "Spiny", "Leaves"], "Ana": ["Bark", "Blubber", "Antlers"]},
        piles={"Ana": ["Bad"]},
        turn="Ben",
    )
    t.answer("Selfish")
    assert t.pile("Ben") == ["Bad", "Selfish"]
    assert t.hand("Ana") == ["Antlers", "Bark", "Blubber"]
    assert [card_name(t, e.card) for e in t.events(ActionResolving)] == ["Selfish"]
    assert [(card_name(t, e.card), e.from_player, e.to_player, e.how) for e in t.events(TraitMoved)] == [
        ("Bad", 0, 1, "steal")
    ]
    assert t.events(Discarded) == []


def test_trait_from_the_deck_top_does_not_act() -> None:
    """Rulebook, Actions: no action for a trait played from "the community deck"
    (Atmospheric Thickening plays Introspective from the top of the deck)."""
    t = table(hands={"Ana": ["Bark"]}, deck=["Introspective", "Quick"], age="atmospheric_thickening")
    assert t.pile("Ana") == ["Introspective"]
    assert [(card_name(t, e.card), e.source) for e in t.events(TraitPlayed)] == [("Introspective", "deck")]
    assert t.events(ActionResolving) == []
    assert t.hand("Ana") == ["Bark"]


def test_out_of_turn_response_is_not_a_turn_and_does_not_stabilize() -> None:
    """Rulebook, Out of turn: "If the trait is played as instructed, it does not count as your
    turn! Do not stabilize until the end of your turn!" Ben cancels Introspective with
    Chromatophores and keeps 2 cards though his gene pool is 5."""
    t = table(
        hands={"Ana": ["Introspective", "Tiny"], "Ben": ["Chromatophores", "Bark", "Quick"]},
        deck=["Fangs", "Gills", "Spiny", "Leaves", "Antlers"],
    )
    t.answer("Introspective")
    assert t.pending.player == 1 and t.pending.reason == "respond"
    assert t.option_names() == ["pass", "Chromatophores"]
    t.answer("Chromatophores")
    assert t.pending is None
    assert t.pile("Ben") == ["Chromatophores"]
    assert t.hand("Ben") == ["Bark", "Quick"]
    ben_plays = [e for e in t.events(TraitPlayed) if e.player == 1]
    assert [(card_name(t, e.card), e.out_of_turn) for e in ben_plays] == [("Chromatophores", True)]
    [cancel] = t.events(ActionCancelled)
    assert (card_name(t, cancel.card), cancel.by_player, card_name(t, cancel.by_card)) == (
        "Introspective",
        1,
        "Chromatophores",
    )
    assert t.events(TurnStarted) == [TurnStarted(0)]
    assert [e.player for e in t.events(Stabilized)] == [0]
    # Ana's action was cancelled: she draws only to stabilize (4 cards, not 4 + 4)
    assert [(e.player, why(e), len(e.cards)) for e in t.events(Drew)] == [(0, "stabilize", 4)]


def test_late_played_after_stabilizing_does_not_stabilize_again() -> None:
    """Rulebook, Out of turn: "Do not stabilize until the end of your turn!"; Late is played
    right after its owner stabilizes (rules-notes), so the hand stays one short."""
    t = table(hands={"Ana": ["Bark", "Late"]}, deck=["Quick", "Fangs", "Gills", "Spiny", "Leaves"])
    t.answer("Bark")
    assert t.pending.reason == "play_after_stabilizing"
    assert len(t.hand("Ana")) == 5
    t.answer("Late")
    assert t.pending is None
    assert t.pile("Ana") == ["Bark", "Late"]
    assert t.hand("Ana") == sorted(["Quick", "Fangs", "Gills", "Spiny"])
    assert [(card_name(t, e.card), e.out_of_turn) for e in t.events(TraitPlayed)] == [
        ("Bark", False),
        ("Late", True),
    ]
    assert len(t.events(Stabilized)) == 1
    assert index_of(t, Stabilized) < index_of(t, TraitPlayed, lambda e: e.out_of_turn)


# --- the trait deck and discard pile --------------------------------------------------------


def test_discard_pile_is_reshuffled_only_when_the_deck_runs_out() -> None:
    """Rulebook, "Discard face up. Only reshuffle the discard pile if traits deplete." The deck
    holds 2 cards, everything else is discarded; stabilizing draws 5."""
    from doomlings_access.cards import load_cards

    defs = [d for d in load_cards("retail").traits.values() for _ in range(d.copies)]
    used = ["Bark", "Fangs", "Gills"]
    t = table(hands={"Ana": ["Bark"]}, deck=["Fangs", "Gills"], discard=all_trait_names_except(defs, used))
    events = t.g.log
    [reshuffle] = t.events(DeckReshuffled)
    assert reshuffle.cards == 116 - 1 - 2  # Bark is in the pile, 2 cards came off the deck
    [drew] = t.events(Drew)
    assert t.names(drew.cards)[:2] == ["Fangs", "Gills"]
    assert len(drew.cards) == 5
    assert events.index(reshuffle) < events.index(drew)
    assert t.discard == []
    assert len(t.deck) == 116 - 1 - 5
    assert t.events(Stabilized) == [Stabilized(0, 5, 0, 5)]


def test_discard_pile_is_not_reshuffled_while_the_deck_has_cards() -> None:
    """Rulebook, "Only reshuffle the discard pile if traits deplete": a big discard pile stays."""
    t = table(hands={"Ana": ["Bark"]}, discard=["Quick", "Fangs", "Gills"])
    assert t.events(DeckReshuffled) == []
    assert t.discard == ["Quick", "Fangs", "Gills"]
    assert len(t.hand("Ana")) == 5


# --- World's End and scoring ----------------------------------------------------------------


def test_worlds_end_trait_effects_in_turn_order_from_the_first_player_then_the_catastrophe() -> None:
    """Rulebook, World's End: check traits for World's End symbols and resolve them (in turn
    order from the first player, rules-notes), then "RESOLVE the World's End effect of the
    final catastrophe", then tally. Mass Extinction: discard one of your green traits."""
    t = table(
        ("Ana", "Ben", "Cid"),
        piles={"Ana": ["Sentience", "Bark", "Leaves"], "Ben": ["Viral"], "Cid": ["Prepper", "Quick"]},
        catastrophes=["ice_age", "grey_goo", "mass_extinction"],
        run="worlds_end",
        first="Ben",
    )
    asked = []
    answers = {"name_colour": "red", "choose_worlds_end": "mass_extinction", "discard_trait": "Leaves"}
    while t.pending is not None:
        asked.append((t.g.name(t.pending.player), t.pending.reason))
        t.answer(answers[t.pending.reason])
    assert asked == [
        ("Ben", "name_colour"),
        ("Cid", "choose_worlds_end"),
        ("Ana", "name_colour"),
        ("Ana", "discard_trait"),
    ]
    assert [(e.player, e.colour) for e in t.events(ColourNamed)] == [(1, "red"), (0, "red")]
    [gone] = t.events(TraitDiscarded)
    assert (gone.player, card_name(t, gone.card)) == (0, "Leaves")
    log = t.g.log
    assert max(log.index(e) for e in t.events(ColourNamed)) < log.index(gone)
    assert log.index(gone) < index_of(t, ScoreTallied)
    assert t.pile("Ana") == ["Bark", "Sentience"]
    assert isinstance(log[-1], GameOver)


def test_score_is_worlds_end_points_plus_face_values_plus_bonuses() -> None:
    """Rulebook, Scoring: 1 the final catastrophe's World's End points, 2 face values (a
    variable X counts 0), 3 bonuses. Ice Age: -1 per red trait. Ana: Heat Vision (r-1, +1 per
    red trait), Quick (r2), Bark (g2), Altruistic (cX, worth the gene pool, 6)."""
    t = table(
        piles={"Ana": ["Heat Vision", "Quick", "Bark", "Altruistic"], "Ben": ["Blubber", "Gills"]},
        gene_pools={"Ana": 6},
        catastrophes=["super_volcano", "grey_goo", "ice_age"],
        run="worlds_end",
    )
    assert t.pending is None
    assert t.events(WorldsEndPoints) == [WorldsEndPoints(0, -2)]
    assert [replace(e, items=()) for e in t.events(ScoreTallied)] == [
        ScoreTallied(0, -2, 3, 2 + 6, 9),
        ScoreTallied(1, 0, 5, 0, 5),
    ]
    items = [[(card_name(t, c), p) for c, p in e.items] for e in t.events(ScoreTallied)]
    assert items == [[("Heat Vision", 2), ("Altruistic", 6)], []]
    assert t.g.scores == [Score(-2, 3, 8, 9), Score(0, 5, 0, 5)]
    assert t.events(GameOver) == [GameOver((0,))]
    assert t.events(TieBreakDraw) == []


def test_tie_is_broken_by_drawing_a_trait_and_adding_only_its_face_value() -> None:
    """Rulebook, TIES: "Draw a trait from the top of the deck, and apply only the face value to
    your final score!" Ben (first player) draws Altruistic (X: face 0, its bonus would be 5),
    Ana draws Fangs (1): Ana wins."""
    t = table(
        piles={"Ana": ["Bark"], "Ben": ["Deep Roots"]},
        catastrophes=["super_volcano"],
        deck=["Altruistic", "Fangs"],
        first="Ben",
        run="worlds_end",
    )
    assert [e.total for e in t.events(ScoreTallied)] == [2, 2]
    draws = [(e.player, card_name(t, e.card), e.total) for e in t.events(TieBreakDraw)]
    assert draws == [(1, "Altruistic", 2), (0, "Fangs", 3)]
    assert t.events(GameOver) == [GameOver((0,))]
    assert t.g.winners == (0,)
    assert sorted(t.discard) == ["Altruistic", "Fangs"]
    assert t.pile("Ana") == ["Bark"] and t.pile("Ben") == ["Deep Roots"]


def test_tie_still_tied_after_the_draw_is_shared() -> None:
    """Rulebook, TIES, with rules-notes: "if still tied, they share the win"."""
    t = table(
        piles={"Ana": ["Bark"], "Ben": ["Deep Roots"], "Cid": ["Fangs"]},
        players=("Ana", "Ben", "Cid"),
        catastrophes=["super_volcano"],
        deck=["Gills", "Spiny"],
        run="worlds_end",
    )
    assert [(e.player, card_name(t, e.card)) for e in t.events(TieBreakDraw)] == [(0, "Gills"), (1, "Spiny")]
    assert t.events(GameOver) == [GameOver((0, 1))]


# --- house-rule options (CONFLICTS.md) --------------------------------------------------------


def _catastrophe_table(**options: bool):  # type: ignore[no-untyped-def]
    return table(
        hands={"Ana": ["Bark"], "Ben": ["Quick"]},
        run="catastrophe",
        catastrophe="ice_age",
        options=Options(**options),
    )


def test_catastrophe_round_has_turns_by_default() -> None:
    """Rulebook / CONFLICTS.md, catastrophe rounds: gene pool, catastrophic effect, "then turns
    are taken as in any round", from the new first player."""
    t = _catastrophe_table()
    assert [e.player for e in t.events(TurnStarted)] == [1, 0]
    assert index_of(t, GenePoolChanged) < index_of(t, TurnStarted)


def test_catastrophe_ends_round_option_takes_no_turns() -> None:
    """CONFLICTS.md, catastrophe rounds (digital spec option): "the round ends at once, no
    turns" (the gene pool change still happens)."""
    t = _catastrophe_table(catastrophe_ends_round=True)
    assert t.pending is None
    assert t.events(TurnStarted) == [] and t.events(TraitPlayed) == []
    assert (t.gene_pool("Ana"), t.gene_pool("Ben")) == (4, 4)
    assert t.events(FirstPlayerMoved) == [FirstPlayerMoved(1)]


@pytest.mark.parametrize(
    "pools,bonus",
    [({"Ana": 7, "Ben": 5}, [3, 0]), ({"Ana": 6, "Ben": 6}, [0, 0]), ({"Ana": 4, "Ben": 8}, [0, 3])],
)
def test_gene_pool_leader_bonus_option(pools, bonus) -> None:  # type: ignore[no-untyped-def]
    """CONFLICTS.md, gene pool leader bonus (digital spec option): "+3 to the single player
    with the highest gene pool at the end" (none on a tie)."""
    t = table(
        piles={"Ana": ["Bark"], "Ben": ["Quick"]},
        gene_pools=pools,
        catastrophes=["super_volcano"],
        run="worlds_end",
        options=Options(gene_pool_leader_bonus=True),
    )
    assert [e.bonus for e in t.events(ScoreTallied)] == bonus
    assert [e.total for e in t.events(ScoreTallied)] == [2 + bonus[0], 2 + bonus[1]]


def test_no_gene_pool_leader_bonus_by_default() -> None:
    """CONFLICTS.md, gene pool leader bonus: none by the rulebook."""
    t = table(
        piles={"Ana": ["Bark"], "Ben": ["Quick"]},
        gene_pools={"Ana": 8, "Ben": 2},
        catastrophes=["super_volcano"],
        run="worlds_end",
    )
    assert [e.bonus for e in t.events(ScoreTallied)] == [0, 0]


def _regenerative_table(options: Options):  # type: ignore[no-untyped-def]
    """Ben's Territorial makes Ana discard Quick; her first-printing Regenerative Tissue plays
    the deck's top card, Delicious, whose requirement (a colourless trait) she does not meet."""
    return table(
        hands={"Ben": ["Territorial", "Bark", "Fangs", "Gills", "Spiny", "Leaves"]},
        piles={"Ana": ["Regenerative Tissue", "Quick"]},
        deck=["Delicious", "Antlers"],
        turn="Ben",
        options=options,
    )


def test_trait_from_the_deck_top_failing_its_requirement_stays_on_the_deck() -> None:
    """Rulebook, REQUIREMENTS: "you must fulfill the requirement to play from your hand, the
    top of the deck, or the discard pile" (it is then simply not played, rules-notes)."""
    t = _regenerative_table(Options(edition="first"))
    t.answer("Territorial")
    assert t.pile("Ana") == ["Regenerative Tissue"]
    assert "Quick" in t.discard and "Delicious" not in t.discard
    assert t.deck[-1] == "Delicious"
    [failed] = t.events(PlayFailed)
    assert (failed.player, card_name(t, failed.card), failed.reason, failed.discarded) == (
        0,
        "Delicious",
        "requirement",
        False,
    )


def test_discard_unmet_requirement_option_leaves_a_trait_an_age_forbids_on_top() -> None:
    """CONFLICTS.md: the option discards a trait arriving at random that "fails the
    requirement"; one an age forbids (Tectonic Shift locks green) stays on top of the deck as
    the rulebook has it (the option discarded it too)."""
    from doomlings_access.ui.scenario import load, play

    path = Path(__file__).resolve().parents[1] / "positions" / "a_forbidden_trait_from_the_deck_stays_on_top.json"
    data = json.loads(path.read_text())
    for option in (False, True):
        data["options"] = {"discard_unmet_requirement": option}
        with tempfile.TemporaryDirectory() as folder:
            changed = Path(folder) / "position.json"
            changed.write_text(json.dumps(data))
            g = play(load(str(changed)), ["Quick"]).game
        [failed] = [e for e in g.log if isinstance(e, PlayFailed)]
        assert (g.defs[failed.card].name, failed.reason, failed.discarded) == ("Bark", "colour_locked", False)
        assert "Bark" in [g.defs[c].name for c in g.seats[0].hand]  # still on top, so drawn at stabilizing


def test_discard_unmet_requirement_option_discards_it() -> None:
    """CONFLICTS.md, requirement on a trait arriving from the deck (digital spec option):
    "discard it immediately" when it fails the requirement."""
    t = _regenerative_table(Options(edition="first", discard_unmet_requirement=True))
    t.answer("Territorial")
    assert t.pile("Ana") == ["Regenerative Tissue"]
    assert t.discard[-1] == "Delicious"
    assert t.deck[-1] == "Antlers"
    [failed] = t.events(PlayFailed)
    assert (card_name(t, failed.card), failed.reason, failed.discarded) == ("Delicious", "requirement", True)


def test_trait_with_a_restricted_cost_cannot_be_played() -> None:
    """Rulebook, RESTRICTIONS: "If a trait requires you to discard, (To play you must...) you
    cannot play the trait." Reforestation protects piles; Retractable Claws' cost is
    discarding a red trait."""
    t = table(
        hands={"Ana": ["Retractable Claws", "Bark", "Gills"]},
        piles={"Ana": ["Quick"]},
        age="reforestation",
    )
    assert sorted(t.option_names()) == ["Bark", "Gills"]


def test_ignore_restricted_cost_option_plays_it_without_the_cost() -> None:
    """CONFLICTS.md, restricted cost (digital spec option): "play it and ignore the restricted
    part"."""
    t = table(
        hands={"Ana": ["Retractable Claws", "Bark", "Gills"]},
        piles={"Ana": ["Quick"]},
        age="reforestation",
        options=Options(ignore_restricted_cost=True),
    )
    assert sorted(t.option_names()) == ["Bark", "Gills", "Retractable Claws"]
    t.answer("Retractable Claws")
    assert t.pile("Ana") == ["Quick", "Retractable Claws"]
    assert t.events(TraitDiscarded) == []
    assert "Quick" not in t.discard


def test_retractable_claws_cost_is_paid_without_the_restriction() -> None:
    """Rulebook, REQUIREMENTS (a cost "To play you must..."): without a restricting age the
    red trait is discarded before Retractable Claws enters the pile (rules-notes)."""
    t = table(hands={"Ana": ["Retractable Claws", "Bark"]}, piles={"Ana": ["Quick"]})
    t.answer("Retractable Claws")
    assert t.pile("Ana") == ["Retractable Claws"]
    assert t.discard == ["Quick"]
    # The cost is paid as part of playing it (nested under the play), before it enters the pile.
    assert t.g.log[index_of(t, TraitDiscarded)].parent == index_of(t, TraitPlayed)


def test_catastrophe_gene_pool_loss_below_one_is_ignored() -> None:
    """Rulebook, Gene pool: "If an effect would have you ... dip below a Gene Pool of 1, ignore
    the effect" (catastrophes included). Ice Age -1: Ana at 1 stays 1, Ben goes 5 to 4."""
    t = table(
        hands={"Ana": ["Bark"], "Ben": ["Quick"]},
        gene_pools={"Ana": 1},
        run="catastrophe",
        catastrophe="ice_age",
    )
    assert (t.gene_pool("Ana"), t.gene_pool("Ben")) == (1, 4)
    assert ignored_changes(t) == [(0, -1, "ice_age")]
    assert [(e.player, e.old, e.new) for e in t.events(GenePoolChanged)] == [(1, 5, 4)]


COLOUR_LOCKS = {
    "arid_lands": "blue",
    "eclipse": "red",
    "lunar_retreat": "purple",
    "tectonic_shift": "green",
    "tropical_lands": "colourless",
}


def test_age_effects_last_one_round_only() -> None:
    """Rulebook, "AGES: ... Age effects last 1 round only." In whole games, no trait of a
    locked colour is played in the round of its colour-lock age, and such traits are played
    again in the very next round."""
    locked_rounds = 0
    played_next_round: set[str] = set()
    for seed in range(60):
        g = play_whole_game(Setup(("Ana", "Ben", "Cid", "Dan"), seed))
        lock = None
        previous_lock = None
        for e in g.log:
            if isinstance(e, (AgeRevealed, CatastropheRevealed)):
                previous_lock, lock = lock, None
                if isinstance(e, AgeRevealed) and e.age in COLOUR_LOCKS:
                    lock = e.age
                    locked_rounds += 1
            elif isinstance(e, TraitPlayed):
                colours = g.defs[e.card].colours
                if lock is not None:
                    assert COLOUR_LOCKS[lock] not in colours, (seed, lock, g.defs[e.card].name)
                if previous_lock is not None and COLOUR_LOCKS[previous_lock] in colours:
                    played_next_round.add(previous_lock)
    assert locked_rounds >= 10
    assert len(played_next_round) >= 3


def test_catastrophe_gene_pool_change_comes_before_its_catastrophic_effect() -> None:
    """Rulebook, "When a catastrophe is flipped: All players permanently apply the Gene pool
    effect. Then, all players follow the secondary effect." Nuclear Winter (-1, stabilize,
    then discard 1): the stabilize already uses the new gene pool of 4, in turn order from
    the new first player (Ben)."""
    t = table(
        hands={"Ana": ["Bark", "Leaves", "Antlers", "Blubber", "Gills"], "Ben": ["Fangs", "Spiny", "Appealing", "Deep Roots", "Quick"]},
        run="catastrophe",
        catastrophe="nuclear_winter",
    )
    asked = []
    answers = iter(["Quick", "Bark", "Fangs", "Leaves"])
    while t.pending is not None and t.pending.reason != "play_trait":
        asked.append((t.g.name(t.pending.player), t.pending.reason))
        t.answer(next(answers))
    assert asked == [
        ("Ben", "discard_to_stabilize"),
        ("Ana", "discard_to_stabilize"),
        ("Ben", "discard"),
        ("Ana", "discard"),
    ]
    assert [e for e in t.events(Stabilized)] == [Stabilized(1, 0, 1, 4), Stabilized(0, 0, 1, 4)]
    assert index_of(t, GenePoolChanged, lambda e: e.player == 0) < index_of(t, Stabilized)
    assert t.hand("Ana") == ["Antlers", "Blubber", "Gills"]
    assert t.hand("Ben") == ["Appealing", "Deep Roots", "Spiny"]
    assert t.pending.player == 1 and t.pending.reason == "play_trait"
