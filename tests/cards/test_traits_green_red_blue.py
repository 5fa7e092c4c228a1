"""Every green, red and blue trait of the base game (retail printing), on the real engine.

Each card is played from the hand during a turn (or scored at World's End for drop-of-life
bonuses) and both the resulting state and the events are checked. Expected values come from
the rulebook (``shared/rules/doomlings-rulebook-braille-edition.txt``), the card facts
(``shared/cards/base-game.md``) and ``docs/rules-notes.md``.

Seats: Ana 0, Ben 1, Cat 2, Dan 3. ``deck`` lists the top of the trait deck first.
"""

from __future__ import annotations

import pytest
from builders import Table, table, trait_id, why

from doomlings_access.cards import load_cards
from doomlings_access.rules.events import (
    ActionCancelled,
    ActionIgnored,
    ActionResolving,
    ColourNamed,
    DeckReshuffled,
    Discarded,
    Drew,
    GenePoolChanged,
    GenePoolChangeIgnored,
    HandsSwapped,
    NothingToDo,
    PlayFailed,
    ScoreTallied,
    Stabilized,
    TraitDiscarded,
    TraitMoved,
    TraitPlayed,
    TraitReturned,
    TraitToHand,
    TurnStarted,
    WorldsEndPoints,
)

ANA, BEN, CAT, DAN = 0, 1, 2, 3
CARDS = load_cards("retail")
# Effectless purple and colourless cards that no test below places anywhere else.
FILLER = ["Flatulence", "Fear", "Nocturnal", "Adorable", "Fine Motor Skills", "Big Ears", "Confusion", "Saudade"]


# --- helpers ---------------------------------------------------------------------------------


def nm(t: Table, card: int) -> str:
    return t.g.defs[card].name


def names(t: Table, cards) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    return tuple(nm(t, c) for c in cards)


def plays(t: Table) -> list[tuple]:
    """(player, card, owner, source, out_of_turn) of every trait played."""
    return [(e.player, nm(t, e.card), e.owner, e.source, e.out_of_turn) for e in t.events(TraitPlayed)]


def resolving(t: Table) -> list[tuple]:
    """(player, card, for_card) of every action that resolved."""
    return [
        (e.player, nm(t, e.card), None if e.for_card is None else nm(t, e.for_card))
        for e in t.events(ActionResolving)
    ]


def drew(t: Table, cause: str | None = None) -> list[tuple]:
    return [(e.player, names(t, e.cards)) for e in t.events(Drew) if cause is None or why(e) == cause]


def nothing(t: Table) -> list[tuple]:
    return [(e.player, why(e), e.reason) for e in t.events(NothingToDo)]


def trait_discards(t: Table) -> list[tuple]:
    return [(e.player, nm(t, e.card), e.random) for e in t.events(TraitDiscarded)]


def moved(t: Table) -> list[tuple]:
    return [(nm(t, e.card), e.from_player, e.to_player, e.how) for e in t.events(TraitMoved)]


def pools(t: Table) -> list[tuple]:
    return [(e.player, e.old, e.new, why(e), e.reversal) for e in t.events(GenePoolChanged)]


def ignored(t: Table) -> list[tuple]:
    return [(e.player, e.delta, why(e)) for e in t.events(GenePoolChangeIgnored)]


def stabilized(t: Table) -> list[tuple]:
    return [(e.player, e.drew, e.discarded, e.hand) for e in t.events(Stabilized)]


def index_of(t: Table, kind: type, test=lambda e: True) -> int:  # type: ignore[no-untyped-def]
    for i, e in enumerate(t.g.log):
        if isinstance(e, kind) and test(e):
            return i
    raise AssertionError(f"no {kind.__name__} event")


def scores(t: Table) -> dict[str, tuple[int, int, int, int]]:
    """Player name -> (World's End points, face value, bonus, total) from ScoreTallied; the
    events must match the scores kept in the game state."""
    tallied = {e.player: (e.worlds_end, e.face_value, e.bonus, e.total) for e in t.events(ScoreTallied)}
    assert tallied == {seat: tuple(s) for seat, s in enumerate(t.g.scores)}
    return {t.g.seats[seat].name: s for seat, s in tallied.items()}


# Final catastrophes whose World's End effect only touches one colour (discard one trait of it,
# or lose points per trait of it): harmless when nobody has a trait of that colour.
QUIET = [
    ("solar_flare", "purple"),
    ("pulse_event", "purple"),
    ("nuclear_winter", "colourless"),
    ("glacial_meltdown", "blue"),
    ("super_volcano", "blue"),
    ("mass_extinction", "green"),
    ("retrovirus", "green"),
    ("mega_tsunami", "red"),
    ("ice_age", "red"),
]


def quiet_catastrophes(piles: dict[str, list[str]]) -> list[str]:
    present = {col for cards in piles.values() for c in cards for col in CARDS.traits[trait_id(c)].colours}
    picked = [cat for cat, colour in QUIET if colour not in present][:3]
    assert len(picked) == 3
    return picked


def worlds_end(piles: dict[str, list[str]], players=("Ana", "Ben"), **kw) -> Table:  # type: ignore[no-untyped-def]
    """World's End and scoring, with three revealed catastrophes that affect nobody."""
    t = table(players, piles=piles, run="worlds_end", catastrophes=quiet_catastrophes(piles), **kw)
    return t


def assert_catastrophe_quiet(t: Table) -> None:
    assert t.events(WorldsEndPoints) == []


# =============================================================================================
# GREEN
# =============================================================================================

# --- Heroic: a requirement of three green traits -------------------------------------------


def test_heroic_cannot_be_played_with_two_green_traits() -> None:
    """Rulebook, Requirements: a requirement must be met to play the trait from the hand."""
    t = table(hands={"Ana": ["Heroic", "Quick"]}, piles={"Ana": ["Bark", "Leaves"]}, deck=FILLER)
    # Only Quick was playable, so it was played without a question.
    assert t.pending is None
    assert plays(t) == [(ANA, "Quick", ANA, "hand", False)]
    assert "Heroic" in t.hand("Ana")
    assert t.pile("Ana") == ["Bark", "Leaves", "Quick"]


def test_heroic_played_with_three_green_traits() -> None:
    """Heroic: playable once three or more green traits are already in the pile."""
    t = table(hands={"Ana": ["Heroic", "Quick"]}, piles={"Ana": ["Bark", "Leaves", "Woody Stems"]}, deck=FILLER)
    assert sorted(t.option_names()) == ["Heroic", "Quick"]
    t.answer("Heroic")
    assert t.pending is None
    assert plays(t) == [(ANA, "Heroic", ANA, "hand", False)]
    assert t.pile("Ana") == ["Bark", "Heroic", "Leaves", "Woody Stems"]
    assert resolving(t) == []
    assert t.hand("Ana") == sorted(["Quick", *FILLER[:4]])


# --- effectless traits -----------------------------------------------------------------------

EFFECTLESS = [
    ("Appealing", 3), ("Deep Roots", 2), ("Bark", 2), ("Leaves", 1), ("Woody Stems", 1),
    ("Antlers", 3), ("Fire Skin", 3), ("Stone Skin", 2), ("Quick", 2), ("Fangs", 1),
    ("Blubber", 4), ("Migratory", 2), ("Spiny", 1), ("Gills", 1),
]


@pytest.mark.parametrize("card", [c for c, _ in EFFECTLESS])
def test_effectless_trait_played_from_hand_does_nothing_more(card: str) -> None:
    """Rulebook, Turn: play a trait, follow its effect (none), stabilize."""
    deck = ["Kidney"] * 5
    t = table(hands={"Ana": [card]}, deck=deck)
    assert t.pending is None
    assert t.pile("Ana") == [card]
    assert plays(t) == [(ANA, card, ANA, "hand", False)]
    assert resolving(t) == [] and nothing(t) == []
    assert stabilized(t) == [(ANA, 5, 0, 5)]
    assert t.hand("Ana") == ["Kidney"] * 5


@pytest.mark.parametrize("card,face", EFFECTLESS)
def test_effectless_trait_scores_its_face_value(card: str, face: int) -> None:
    """Rulebook, Scoring step 2: count up the face value of your traits."""
    t = worlds_end({"Ana": [card]})
    assert scores(t)["Ana"] == (0, face, 0, face)
    assert scores(t)["Ben"] == (0, 0, 0, 0)
    assert_catastrophe_quiet(t)


# --- Symbiosis, Pack Behavior, Pollination, Branches, Swarm, Fortunate, Overgrowth ------------


@pytest.mark.parametrize(
    "pile,face,bonus",
    [
        (["Symbiosis", "Bark", "Leaves", "Quick"], 8, 2),  # green 3, red 1: fewest is 1
        (["Symbiosis", "Bark", "Quick", "Fangs"], 8, 4),  # green 2, red 2
        (["Symbiosis", "Bark", "Leaves"], 6, 0),  # one colour only: no bonus
    ],
)
def test_symbiosis_scores_two_per_trait_of_fewest_colour(pile: list[str], face: int, bonus: int) -> None:
    """Symbiosis: +2 per trait of the colour you have fewest of; rules-notes: needs 2 colours."""
    t = worlds_end({"Ana": pile})
    assert scores(t)["Ana"] == (0, face, bonus, face + bonus)


@pytest.mark.parametrize(
    "pile,face,bonus",
    [
        (["Pack Behavior", "Bark", "Leaves", "Quick", "Fangs", "Antlers"], 12, 2),  # 3 green, 3 red
        (["Pack Behavior", "Bark", "Leaves", "Woody Stems"], 7, 2),  # 4 green
        (["Pack Behavior", "Quick"], 5, 0),  # 1 green, 1 red
    ],
)
def test_pack_behavior_scores_pairs_of_same_colour(pile: list[str], face: int, bonus: int) -> None:
    """Pack Behavior: +1 per pair of same-coloured traits (per colour, rounded down)."""
    t = worlds_end({"Ana": pile})
    assert scores(t)["Ana"] == (0, face, bonus, face + bonus)


def test_pollination_counts_face_one_traits_itself_included() -> None:
    """Pollination: +1 per trait of face value 1, this one included (not 2, not -1)."""
    t = worlds_end({"Ana": ["Pollination", "Leaves", "Fangs", "Bark", "Warm Blood"]})
    assert scores(t)["Ana"] == (0, 4, 3, 7)


@pytest.mark.parametrize(
    "ben,cat,bonus",
    [
        (["Woody Stems", "Deep Roots", "Appealing"], ["Fecundity", "Quick"], 1),  # 3 -> 1, 1 -> 0
        (["Woody Stems", "Deep Roots"], ["Appealing", "Fecundity"], 2),  # 1 + 1
        (["Woody Stems", "Quick"], ["Appealing", "Fangs"], 0),  # one green each: no pair
    ],
)
def test_branches_counts_green_pairs_per_opponent(ben: list[str], cat: list[str], bonus: int) -> None:
    """Branches: +1 per pair of green traits in each opponent's pile; own greens do not count."""
    t = worlds_end({"Ana": ["Branches", "Bark", "Leaves"], "Ben": ben, "Cat": cat}, players=("Ana", "Ben", "Cat"))
    assert scores(t)["Ana"] == (0, 3, bonus, 3 + bonus)


def test_random_fertilization_is_worth_the_gene_pool() -> None:
    """Random Fertilization: worth your gene pool; X face counts 0."""
    t = worlds_end({"Ana": ["Random Fertilization"]}, gene_pools={"Ana": 7})
    assert scores(t)["Ana"] == (0, 0, 7, 7)


def test_swarm_counts_every_swarm_in_all_piles() -> None:
    """Swarm: worth one point for every Swarm in all trait piles."""
    t = worlds_end({"Ana": ["Swarm", "Swarm"], "Ben": ["Swarm"]})
    assert scores(t)["Ana"] == (0, 0, 6, 6)
    assert scores(t)["Ben"] == (0, 0, 3, 3)


def test_fortunate_counts_cards_in_hand() -> None:
    """Fortunate (retail): worth one point per card in your hand at the end."""
    t = worlds_end({"Ana": ["Fortunate"]}, hands={"Ana": ["Quick", "Fangs", "Tiny"], "Ben": ["Gills"]})
    assert scores(t)["Ana"] == (0, 0, 3, 3)


def test_overgrowth_counts_green_traits_itself_included() -> None:
    """Overgrowth: +1 per green trait, this one included."""
    t = worlds_end({"Ana": ["Overgrowth", "Bark", "Quick"]})
    assert scores(t)["Ana"] == (0, 3, 2, 5)


# --- Propagation -----------------------------------------------------------------------------


def test_propagation_plays_another_trait_with_its_action() -> None:
    """Propagation: play one more trait from the hand; its action happens (played from hand)."""
    t = table(hands={"Ana": ["Propagation", "Iridescent Scales", "Quick"]}, deck=FILLER)
    t.answer("Propagation")
    assert sorted(t.option_names()) == ["Iridescent Scales", "Quick"]
    t.answer("Iridescent Scales")
    assert t.pending is None
    assert plays(t) == [(ANA, "Propagation", ANA, "hand", False), (ANA, "Iridescent Scales", ANA, "hand", False)]
    assert resolving(t) == [(ANA, "Propagation", None), (ANA, "Iridescent Scales", None)]
    assert drew(t, "iridescent_scales") == [(ANA, tuple(FILLER[:3]))]
    assert t.pile("Ana") == ["Iridescent Scales", "Propagation"]
    assert t.hand("Ana") == sorted(["Quick", *FILLER[:4]])


def test_propagation_with_nothing_else_playable() -> None:
    """Rulebook, Actions: an effect that cannot be carried out is ignored; the trait stays."""
    t = table(hands={"Ana": ["Propagation", "Heroic"]}, deck=FILLER)
    assert t.pending is None
    assert plays(t) == [(ANA, "Propagation", ANA, "hand", False)]
    assert nothing(t) == [(ANA, "propagation", "nothing_playable")]
    assert t.pile("Ana") == ["Propagation"]
    assert "Heroic" in t.hand("Ana")


# --- Photosynthesis --------------------------------------------------------------------------


def test_photosynthesis_plays_the_drawn_green_trait() -> None:
    """Photosynthesis: draw 2; a green one is played at once (from the hand)."""
    t = table(hands={"Ana": ["Photosynthesis"]}, deck=["Bark", "Quick", *FILLER])
    assert t.pending is None
    assert drew(t, "photosynthesis") == [(ANA, ("Bark", "Quick"))]
    assert plays(t) == [(ANA, "Photosynthesis", ANA, "hand", False), (ANA, "Bark", ANA, "hand", False)]
    assert t.pile("Ana") == ["Bark", "Photosynthesis"]
    assert t.hand("Ana") == sorted(["Quick", *FILLER[:4]])


def test_photosynthesis_with_two_greens_chooses_one_and_resolves_its_action() -> None:
    """Rules-notes: a trait played 'at once' by Photosynthesis is played from the hand, action included."""
    t = table(hands={"Ana": ["Photosynthesis"]}, deck=["Bark", "Propagation", *FILLER])
    assert sorted(t.option_names()) == ["Bark", "Propagation"]
    t.answer("Propagation")
    # Propagation's action plays Bark, the only card in hand.
    assert t.pending is None
    assert [p[1] for p in plays(t)] == ["Photosynthesis", "Propagation", "Bark"]
    assert resolving(t) == [(ANA, "Photosynthesis", None), (ANA, "Propagation", None)]
    assert t.pile("Ana") == ["Bark", "Photosynthesis", "Propagation"]


def test_photosynthesis_when_neither_drawn_card_is_green() -> None:
    """Photosynthesis: with no green card drawn, both stay in the hand."""
    t = table(hands={"Ana": ["Photosynthesis"]}, deck=["Quick", "Gills", "Spiny", "Antlers", "Fire Skin"])
    assert t.pending is None
    assert drew(t, "photosynthesis") == [(ANA, ("Quick", "Gills"))]
    assert nothing(t) == [(ANA, "photosynthesis", "none_drawn_playable")]
    assert plays(t) == [(ANA, "Photosynthesis", ANA, "hand", False)]
    assert t.pile("Ana") == ["Photosynthesis"]
    assert t.hand("Ana") == sorted(["Quick", "Gills", "Spiny", "Antlers", "Fire Skin"])


def test_photosynthesis_drawn_green_blocked_by_natural_harmony() -> None:
    """Photosynthesis: '(unless an age forbids it)'; Natural Harmony forbids green after green."""
    t = table(hands={"Ana": ["Photosynthesis"]}, deck=["Bark", "Quick", *FILLER], age="natural_harmony")
    assert t.pending is None
    assert nothing(t) == [(ANA, "photosynthesis", "none_drawn_playable")]
    assert t.pile("Ana") == ["Photosynthesis"]
    assert {"Bark", "Quick"} <= set(t.hand("Ana"))


# --- Trunk -----------------------------------------------------------------------------------


def test_trunk_plays_top_of_discard_without_its_action() -> None:
    """Trunk; rulebook, Actions: a trait played from the discard pile has no action."""
    t = table(hands={"Ana": ["Trunk"]}, discard=["Quick", "Iridescent Scales"], deck=FILLER)
    assert t.pending is None
    assert plays(t) == [(ANA, "Trunk", ANA, "hand", False), (ANA, "Iridescent Scales", ANA, "discard", False)]
    assert resolving(t) == [(ANA, "Trunk", None)]
    assert drew(t, "iridescent_scales") == []
    assert t.pile("Ana") == ["Iridescent Scales", "Trunk"]
    assert t.discard == ["Quick"]


def test_trunk_top_discard_forbidden_by_age() -> None:
    """Arid Lands: blue traits cannot be played, so Trunk cannot play a blue top discard."""
    t = table(hands={"Ana": ["Trunk"]}, discard=["Quick", "Iridescent Scales"], deck=FILLER, age="arid_lands")
    assert t.pending is None
    assert nothing(t) == [(ANA, "trunk", "cannot_play_top_discard")]
    assert t.pile("Ana") == ["Trunk"]
    assert t.discard == ["Quick", "Iridescent Scales"]


def test_trunk_cannot_be_played_in_tectonic_shift() -> None:
    """Tectonic Shift: green traits cannot be played, Trunk included."""
    t = table(hands={"Ana": ["Trunk", "Quick"]}, discard=["Bark"], deck=FILLER, age="tectonic_shift")
    assert t.pending is None
    assert plays(t) == [(ANA, "Quick", ANA, "hand", False)]
    assert "Trunk" in t.hand("Ana")
    assert t.discard == ["Bark"]


def test_trunk_through_painted_shell_top_discard_restricted_by_tectonic_shift() -> None:
    """Painted Shell resolves Trunk's action in Tectonic Shift: the green top discard stays."""
    t = table(
        hands={"Ana": ["Painted Shell"]}, piles={"Ana": ["Trunk"]}, discard=["Bark"], deck=FILLER,
        age="tectonic_shift",
    )
    assert t.pending is None
    assert resolving(t) == [(ANA, "Painted Shell", None), (ANA, "Trunk", "Painted Shell")]
    assert nothing(t) == [(ANA, "trunk", "cannot_play_top_discard")]
    assert t.discard == ["Bark"]
    assert t.pile("Ana") == ["Painted Shell", "Trunk"]


def test_trunk_with_empty_discard_pile() -> None:
    t = table(hands={"Ana": ["Trunk"]}, deck=FILLER)
    assert t.pending is None
    assert nothing(t) == [(ANA, "trunk", "discard_empty")]
    assert t.pile("Ana") == ["Trunk"]


@pytest.mark.parametrize("greens,played", [(["Bark"], False), (["Bark", "Leaves"], True)])
def test_trunk_top_discard_requirement_must_be_met(greens: list[str], played: bool) -> None:
    """Rulebook, Requirements: met to play from the discard pile too (Trunk counts as green)."""
    t = table(hands={"Ana": ["Trunk"]}, piles={"Ana": greens}, discard=["Heroic"], deck=FILLER)
    assert t.pending is None
    assert ((ANA, "Heroic", ANA, "discard", False) in plays(t)) is played
    assert ("Heroic" in t.pile("Ana")) is played
    assert t.discard == ([] if played else ["Heroic"])
    if not played:
        assert nothing(t) == [(ANA, "trunk", "cannot_play_top_discard")]


# --- Tiny Little Melons ----------------------------------------------------------------------


def test_tiny_little_melons_steals_a_green_trait() -> None:
    """Tiny Little Melons: take a green trait from an opponent's pile into yours."""
    t = table(hands={"Ana": ["Tiny Little Melons"]}, piles={"Ben": ["Bark", "Quick", "Leaves"]}, deck=FILLER)
    assert sorted(t.option_names()) == ["Bark", "Leaves"]
    t.answer("Bark")
    assert t.pending is None
    assert moved(t) == [("Bark", BEN, ANA, "steal")]
    assert t.pile("Ana") == ["Bark", "Tiny Little Melons"]
    assert t.pile("Ben") == ["Leaves", "Quick"]


def test_tiny_little_melons_cannot_steal_a_dominant_green() -> None:
    """Rulebook, Dominant traits: never stolen. The only green is dominant: nothing happens."""
    t = table(hands={"Ana": ["Tiny Little Melons"]}, piles={"Ben": ["Symbiosis", "Quick"]}, deck=FILLER)
    assert t.pending is None
    assert nothing(t) == [(ANA, "tiny_little_melons", "no_target")]
    assert moved(t) == []
    assert t.pile("Ben") == ["Quick", "Symbiosis"]
    assert t.pile("Ana") == ["Tiny Little Melons"]


# --- Self-Replicating ------------------------------------------------------------------------


def test_self_replicating_plays_a_chosen_discard_without_its_action() -> None:
    """Self-Replicating: play any card from the discard pile, ignoring its action."""
    t = table(hands={"Ana": ["Self-Replicating"]}, discard=["Quick", "Iridescent Scales"], deck=FILLER)
    assert sorted(t.option_names()) == ["Iridescent Scales", "Quick"]
    t.answer("Iridescent Scales")
    assert t.pending is None
    assert plays(t)[1] == (ANA, "Iridescent Scales", ANA, "discard", False)
    assert resolving(t) == [(ANA, "Self-Replicating", None)]
    assert drew(t, "iridescent_scales") == []
    assert t.pile("Ana") == ["Iridescent Scales", "Self-Replicating"]
    assert t.discard == ["Quick"]


@pytest.mark.parametrize("answer", ["yes", "no"])
def test_self_replicating_may_return_when_another_green_is_played(answer: str) -> None:
    """Self-Replicating: playing another green trait from the hand lets it come back to the hand."""
    t = table(hands={"Ana": ["Bark", "Quick"]}, piles={"Ana": ["Self-Replicating"]}, deck=FILLER)
    t.answer("Bark")
    assert t.option_names() == ["no", "yes"]
    t.answer(answer)
    assert t.pending is None
    if answer == "yes":
        assert [(e.player, nm(t, e.card)) for e in t.events(TraitToHand)] == [(ANA, "Self-Replicating")]
        assert t.pile("Ana") == ["Bark"]
        assert "Self-Replicating" in t.hand("Ana")
    else:
        assert t.events(TraitToHand) == []
        assert t.pile("Ana") == ["Bark", "Self-Replicating"]


def test_self_replicating_not_offered_for_a_non_green_trait() -> None:
    t = table(hands={"Ana": ["Quick"]}, piles={"Ana": ["Self-Replicating"]}, deck=FILLER)
    assert t.pending is None
    assert t.pile("Ana") == ["Quick", "Self-Replicating"]
    assert t.events(TraitToHand) == []


def test_self_replicating_only_offered_for_green_played_from_the_hand() -> None:
    """Trunk (green, from the hand) offers it; Bark played from the discard pile does not."""
    t = table(hands={"Ana": ["Trunk"]}, piles={"Ana": ["Self-Replicating"]}, discard=["Bark"], deck=FILLER)
    assert t.option_names() == ["no", "yes"]
    t.answer("no")
    assert t.pending is None
    assert plays(t)[-1] == (ANA, "Bark", ANA, "discard", False)
    assert t.pile("Ana") == ["Bark", "Self-Replicating", "Trunk"]


# =============================================================================================
# GENE POOL TRAITS: Fecundity, Warm Blood, Brute Strength, Saliva
# =============================================================================================

GENE_POOL = [("Fecundity", 1), ("Warm Blood", 2), ("Brute Strength", -1), ("Saliva", 1)]


@pytest.mark.parametrize("card,delta", GENE_POOL)
def test_gene_pool_trait_entering_changes_the_gene_pool(card: str, delta: int) -> None:
    """Rulebook, Gene pool: +/- effects apply when the trait enters; stabilize to the new size."""
    t = table(hands={"Ana": [card]}, deck=["Kidney"] * 6 + FILLER)
    assert t.pending is None
    assert t.gene_pool("Ana") == 5 + delta
    assert pools(t) == [(ANA, 5, 5 + delta, trait_id(card), False)]
    assert stabilized(t) == [(ANA, 5 + delta, 0, 5 + delta)]
    assert len(t.hand("Ana")) == 5 + delta


@pytest.mark.parametrize("card,delta,start", [("Fecundity", 1, 8), ("Saliva", 1, 8), ("Warm Blood", 2, 7), ("Brute Strength", -1, 1)])
def test_gene_pool_change_past_the_bounds_is_ignored(card: str, delta: int, start: int) -> None:
    """Rulebook: if an effect would exceed 8 or dip below 1, ignore the effect (all of it)."""
    t = table(hands={"Ana": [card]}, gene_pools={"Ana": start}, deck=["Kidney"] * 6 + FILLER)
    assert t.pending is None
    assert t.gene_pool("Ana") == start
    assert pools(t) == []
    assert ignored(t) == [(ANA, delta, trait_id(card))]
    assert len(t.hand("Ana")) == start


def test_fecundity_leaving_is_always_reversed() -> None:
    """Rulebook: when a trait leaves, ALWAYS adjust the gene pool, even if its gain was ignored."""
    t = table(
        hands={"Ben": ["Tiny Little Melons"]}, piles={"Ana": ["Fecundity"]}, gene_pools={"Ana": 8},
        turn="Ben", deck=FILLER,
    )
    assert t.pending is None
    assert moved(t) == [("Fecundity", ANA, BEN, "steal")]
    assert pools(t) == [(ANA, 8, 7, "fecundity", True), (BEN, 5, 6, "fecundity", False)]
    assert (t.gene_pool("Ana"), t.gene_pool("Ben")) == (7, 6)
    assert len(t.hand("Ben")) == 6


@pytest.mark.parametrize("card,start,end", [("Warm Blood", 8, 6), ("Brute Strength", 1, 2)])
def test_red_gene_pool_trait_discarded_is_reversed(card: str, start: int, end: int) -> None:
    """Rulebook: the event of the trait leaving causes the change (Territorial makes Ana discard it)."""
    t = table(hands={"Ben": ["Territorial"]}, piles={"Ana": [card]}, gene_pools={"Ana": start}, turn="Ben", deck=FILLER)
    assert t.pending is None
    assert trait_discards(t) == [(ANA, card, False)]
    assert pools(t) == [(ANA, start, end, trait_id(card), True)]
    assert t.gene_pool("Ana") == end
    assert t.discard == [card]


def test_saliva_given_away_moves_its_gene_pool_change() -> None:
    """Scutes gives Saliva: Ana loses its +1; Ben at 8 ignores the gain."""
    t = table(hands={"Ana": ["Scutes"]}, piles={"Ana": ["Saliva"]}, gene_pools={"Ana": 6, "Ben": 8}, deck=FILLER)
    assert sorted(t.option_names()) == ["Saliva", "Scutes"]
    t.answer("Saliva")
    assert t.pending is None
    assert moved(t) == [("Saliva", ANA, BEN, "give")]
    assert pools(t) == [(ANA, 6, 5, "saliva", True)]
    assert ignored(t) == [(BEN, 1, "saliva")]
    assert (t.gene_pool("Ana"), t.gene_pool("Ben")) == (5, 8)
    assert t.pile("Ana") == ["Scutes"] and t.pile("Ben") == ["Saliva"]
    assert len(t.hand("Ana")) == 5


# =============================================================================================
# RED
# =============================================================================================


def test_hyper_intelligence_each_opponent_discards_random_trait_of_named_colour() -> None:
    """Hyper-Intelligence at World's End: name a colour; each opponent discards a random trait
    of it; dominants are safe; the owner's own traits are untouched."""
    piles = {
        "Ana": ["Hyper-Intelligence", "Bark", "Deep Roots"],
        "Ben": ["Leaves", "Woody Stems", "Antlers"],
        "Cat": ["Symbiosis", "Fangs"],
    }
    t = worlds_end(piles, players=("Ana", "Ben", "Cat"))
    assert t.option_names() == ["blue", "green", "purple", "red"]
    t.answer("green")
    assert t.pending is None
    assert [(e.player, e.colour, nm(t, e.card)) for e in t.events(ColourNamed)] == [(ANA, "green", "Hyper-Intelligence")]
    discards = trait_discards(t)
    assert len(discards) == 1
    player, card, random = discards[0]
    assert (player, random) == (BEN, True) and card in ("Leaves", "Woody Stems")
    assert t.pile("Ben") == sorted(["Antlers", {"Leaves": "Woody Stems", "Woody Stems": "Leaves"}[card]])
    assert t.pile("Cat") == ["Fangs", "Symbiosis"]
    assert t.pile("Ana") == ["Bark", "Deep Roots", "Hyper-Intelligence"]
    assert scores(t) == {"Ana": (0, 8, 0, 8), "Ben": (0, 4, 0, 4), "Cat": (0, 4, 2, 6)}


@pytest.mark.parametrize(
    "others,bonus",
    [
        ({"Ben": ["Bark", "Leaves"]}, 4),
        ({"Ben": ["Bark", "Leaves", "Antlers"]}, 0),  # a tie is not more
        ({"Ben": ["Bark", "Leaves"], "Cat": ["Gills", "Spiny", "Antlers"]}, 0),  # not more than Cat
    ],
)
def test_apex_predator_needs_strictly_more_traits(others: dict[str, list[str]], bonus: int) -> None:
    """Apex Predator: +4 if your pile has more traits than every opponent's (rules-notes: strictly)."""
    players = ("Ana", "Ben", "Cat") if "Cat" in others else ("Ana", "Ben")
    t = worlds_end({"Ana": ["Apex Predator", "Quick", "Fangs"], **others}, players=players)
    assert scores(t)["Ana"] == (0, 7, bonus, 7 + bonus)


@pytest.mark.parametrize("colour,bonus", [("red", 2), ("green", 1), ("blue", 0)])
def test_sentience_scores_the_colour_named_at_worlds_end(colour: str, bonus: int) -> None:
    """Sentience: at World's End name a colour; +1 per trait of it in your pile."""
    t = worlds_end({"Ana": ["Sentience", "Quick", "Bark"]})
    t.answer(colour)
    assert t.pending is None
    assert [(e.player, e.colour) for e in t.events(ColourNamed)] == [(ANA, colour)]
    assert scores(t)["Ana"] == (0, 6, bonus, 6 + bonus)


# --- Retractable Claws -----------------------------------------------------------------------


def test_retractable_claws_discards_a_red_trait_to_be_played() -> None:
    """Retractable Claws: to play it, discard one of your red traits (paid before it enters)."""
    t = table(hands={"Ana": ["Retractable Claws", "Gills"]}, piles={"Ana": ["Quick", "Fangs", "Bark"]}, deck=FILLER)
    t.answer("Retractable Claws")
    assert sorted(t.option_names()) == ["Fangs", "Quick"]
    assert "Retractable Claws" not in t.pile("Ana")  # being played: not in the pile yet
    t.answer("Quick")
    assert t.pending is None
    assert trait_discards(t) == [(ANA, "Quick", False)]
    # The cost is paid as part of playing it (nested under the play), before it enters the pile.
    assert t.g.log[index_of(t, TraitDiscarded)].parent == index_of(t, TraitPlayed)
    assert plays(t) == [(ANA, "Retractable Claws", ANA, "hand", False)]
    assert t.pile("Ana") == ["Bark", "Fangs", "Retractable Claws"]
    assert t.discard == ["Quick"]


def test_retractable_claws_cannot_be_played_without_a_red_trait() -> None:
    t = table(hands={"Ana": ["Retractable Claws", "Gills"]}, piles={"Ana": ["Bark"]}, deck=FILLER)
    assert t.pending is None
    assert plays(t) == [(ANA, "Gills", ANA, "hand", False)]
    assert "Retractable Claws" in t.hand("Ana")


def test_retractable_claws_cannot_be_played_when_discarding_traits_is_restricted() -> None:
    """Rulebook, Restrictions: if a trait requires you to discard and the age forbids it, you
    cannot play it (Reforestation protects piles from discards)."""
    t = table(hands={"Ana": ["Retractable Claws", "Gills"]}, piles={"Ana": ["Quick"]}, deck=FILLER, age="reforestation")
    assert t.pending is None
    assert plays(t) == [(ANA, "Gills", ANA, "hand", False)]
    assert t.pile("Ana") == ["Gills", "Quick"]


# --- Reckless --------------------------------------------------------------------------------


def test_reckless_each_discards_a_trait_from_the_others_pile() -> None:
    """Reckless: you discard a trait from an opponent's pile, they discard one from yours,
    never Reckless itself (rules-notes)."""
    t = table(hands={"Ana": ["Reckless"]}, piles={"Ana": ["Quick", "Fangs"], "Ben": ["Bark", "Antlers"]}, deck=FILLER)
    assert t.pending.player == ANA and sorted(t.option_names()) == ["Antlers", "Bark"]
    t.answer("Bark")
    assert t.pending.player == BEN and sorted(t.option_names()) == ["Fangs", "Quick"]
    t.answer("Fangs")
    assert t.pending is None
    assert sorted(trait_discards(t)) == [(ANA, "Fangs", False), (BEN, "Bark", False)]
    assert t.pile("Ana") == ["Quick", "Reckless"]
    assert t.pile("Ben") == ["Antlers"]
    assert sorted(t.discard) == ["Bark", "Fangs"]


def test_reckless_alone_in_its_pile_is_not_discarded() -> None:
    t = table(hands={"Ana": ["Reckless"]}, piles={"Ben": ["Bark", "Tiny"]}, deck=FILLER)
    assert t.pending is None
    assert trait_discards(t) == [(BEN, "Bark", False)]
    assert t.pile("Ana") == ["Reckless"]
    assert t.pile("Ben") == ["Tiny"]


# --- Voracious -------------------------------------------------------------------------------


def test_voracious_plays_another_then_discards_a_trait() -> None:
    """Voracious: play another trait, then discard one of your traits."""
    t = table(hands={"Ana": ["Voracious", "Quick", "Bark"]}, piles={"Ana": ["Fangs"]}, deck=FILLER)
    t.answer("Voracious")
    assert sorted(t.option_names()) == ["Bark", "Quick"]
    t.answer("Quick")
    assert sorted(t.option_names()) == ["Fangs", "Quick", "Voracious"]
    t.answer("Fangs")
    assert t.pending is None
    assert [p[1] for p in plays(t)] == ["Voracious", "Quick"]
    assert trait_discards(t) == [(ANA, "Fangs", False)]
    assert index_of(t, TraitPlayed, lambda e: nm(t, e.card) == "Quick") < index_of(t, TraitDiscarded)
    assert t.pile("Ana") == ["Quick", "Voracious"]
    assert t.discard == ["Fangs"]


def test_voracious_discarding_endurance_sends_it_straight_back() -> None:
    """Endurance: if it is discarded from your pile, it comes straight back."""
    t = table(hands={"Ana": ["Voracious", "Quick"]}, piles={"Ana": ["Endurance"]}, deck=FILLER)
    t.answer("Voracious")
    t.answer("Endurance")
    assert t.pending is None
    assert [(e.player, nm(t, e.card)) for e in t.events(TraitReturned)] == [(ANA, "Endurance")]
    assert trait_discards(t) == []
    assert t.pile("Ana") == ["Endurance", "Quick", "Voracious"]
    assert t.discard == []


# --- Hot Temper ------------------------------------------------------------------------------


def test_hot_temper_discards_two_cards() -> None:
    t = table(hands={"Ana": ["Hot Temper", "Quick", "Fangs", "Bark", "Leaves"]}, deck=FILLER)
    t.answer("Hot Temper")
    t.answer("Quick")
    t.answer("Fangs")
    assert t.pending is None
    assert [(e.player, sorted(names(t, e.cards)), why(e)) for e in t.events(Discarded)] == [
        (ANA, ["Fangs", "Quick"], "hot_temper")
    ]
    assert t.hand("Ana") == sorted(["Bark", "Leaves", *FILLER[:3]])


def test_hot_temper_with_one_card_discards_it() -> None:
    """Hot Temper with a single card left: that card is discarded (all there is)."""
    t = table(hands={"Ana": ["Hot Temper", "Quick"]}, deck=FILLER)
    t.answer("Hot Temper")
    assert t.pending is None
    assert [(e.player, names(t, e.cards)) for e in t.events(Discarded)] == [(ANA, ("Quick",))]
    assert t.discard == ["Quick"]
    assert stabilized(t) == [(ANA, 5, 0, 5)]


def test_hot_temper_with_an_empty_hand() -> None:
    t = table(hands={"Ana": ["Hot Temper"]}, deck=FILLER)
    assert t.pending is None
    assert nothing(t) == [(ANA, "hot_temper", "empty_hand")]
    assert t.events(Discarded) == []


# --- Brave, Kidney, Heat Vision --------------------------------------------------------------


def test_brave_scores_dominants_in_hand() -> None:
    """Brave (retail): +2 per dominant card in your hand at the end (pile dominants do not count)."""
    t = worlds_end({"Ana": ["Brave", "Echolocation"]}, hands={"Ana": ["Tiny", "Heroic", "Quick"]})
    assert scores(t)["Ana"] == (0, 5, 4, 9)


def test_kidney_counts_kidneys_in_own_pile_only() -> None:
    """Kidney: worth one point per Kidney in your own pile."""
    t = worlds_end({"Ana": ["Kidney", "Kidney", "Kidney"], "Ben": ["Kidney"]})
    assert scores(t)["Ana"] == (0, 0, 9, 9)
    assert scores(t)["Ben"] == (0, 0, 1, 1)


def test_heat_vision_counts_red_traits_itself_included() -> None:
    t = worlds_end({"Ana": ["Heat Vision", "Quick", "Bark"]})
    assert scores(t)["Ana"] == (0, 3, 2, 5)


# --- Endurance, Territorial, Bad -------------------------------------------------------------


def test_endurance_returns_when_an_opponent_makes_you_discard_it() -> None:
    t = table(hands={"Ben": ["Territorial"]}, piles={"Ana": ["Endurance", "Bark"]}, turn="Ben", deck=FILLER)
    assert t.pending is None
    assert [(e.player, nm(t, e.card)) for e in t.events(TraitReturned)] == [(ANA, "Endurance")]
    assert trait_discards(t) == []
    assert t.pile("Ana") == ["Bark", "Endurance"]
    assert t.discard == []


def test_territorial_each_opponent_discards_a_red_trait() -> None:
    """Territorial: each opponent discards one red trait of their choice; an opponent with no red
    trait (or only a dominant one) discards nothing."""
    t = table(
        ("Ana", "Ben", "Cat"),
        hands={"Ana": ["Territorial"]},
        piles={"Ben": ["Quick", "Fangs", "Bark"], "Cat": ["Apex Predator", "Leaves"]},
        deck=FILLER,
    )
    assert t.pending.player == BEN and sorted(t.option_names()) == ["Fangs", "Quick"]
    t.answer("Fangs")
    assert t.pending is None
    assert trait_discards(t) == [(BEN, "Fangs", False)]
    assert nothing(t) == [(CAT, "territorial", "no_target")]
    assert t.pile("Ben") == ["Bark", "Quick"]
    assert t.pile("Cat") == ["Apex Predator", "Leaves"]


def test_territorial_when_the_opponent_has_no_red_trait() -> None:
    t = table(hands={"Ana": ["Territorial"]}, piles={"Ben": ["Bark"]}, deck=FILLER)
    assert t.pending is None
    assert trait_discards(t) == []
    assert nothing(t) == [(BEN, "territorial", "no_target")]
    assert t.pile("Ben") == ["Bark"]


def test_bad_opponents_discard_two_random_cards() -> None:
    """Bad: each opponent discards two random cards; one holding 1 card loses it; 0 cards: nothing."""
    t = table(
        ("Ana", "Ben", "Cat", "Dan"),
        hands={"Ana": ["Bad"], "Ben": ["Quick"], "Cat": ["Bark", "Leaves", "Spiny"]},
        deck=FILLER,
    )
    assert t.pending is None
    events = [(e.player, names(t, e.cards), e.random, why(e)) for e in t.events(Discarded)]
    assert len(events) == 2
    assert events[0] == (BEN, ("Quick",), True, "bad")
    cat, cat_cards, random, cause = events[1]
    assert (cat, random, cause, len(cat_cards)) == (CAT, True, "bad", 2)
    assert set(cat_cards) < {"Bark", "Leaves", "Spiny"}
    assert t.hand("Ben") == [] and t.hand("Dan") == []
    assert len(t.hand("Cat")) == 1 and t.hand("Cat")[0] not in cat_cards


# =============================================================================================
# BLUE
# =============================================================================================


def test_immunity_counts_negative_face_traits_only() -> None:
    """Immunity: +2 per trait with a negative face value (X counts 0, not negative)."""
    t = worlds_end({"Ana": ["Immunity", "Warm Blood", "Automimicry", "Spiny", "Kidney"]})
    # face 4 - 1 - 1 + 1 + 0 = 3; bonus 2 * 2 (Immunity) + 1 (Kidney)
    assert scores(t)["Ana"] == (0, 3, 5, 8)


def test_tiny_loses_a_point_per_trait_itself_included() -> None:
    t = worlds_end({"Ana": ["Tiny", "Spiny", "Quick"]})
    assert scores(t)["Ana"] == (0, 20, -3, 17)


def test_egg_clusters_counts_blue_traits_itself_included() -> None:
    t = worlds_end({"Ana": ["Egg Clusters", "Spiny", "Gills", "Quick"]})
    assert scores(t)["Ana"] == (0, 3, 3, 6)


# --- Echolocation ----------------------------------------------------------------------------


def test_echolocation_draws_an_extra_card_at_the_start_of_its_owners_turn() -> None:
    """Echolocation: draw one extra card at the start of each of your turns (before playing)."""
    t = table(hands={"Ana": ["Quick", "Fangs"]}, piles={"Ana": ["Echolocation"]}, deck=FILLER)
    assert drew(t, "echolocation") == [(ANA, (FILLER[0],))]
    assert index_of(t, TurnStarted) < index_of(t, Drew) and t.pending.reason == "play_trait"
    assert sorted(t.option_names()) == sorted(["Fangs", FILLER[0], "Quick"])
    t.answer(FILLER[0])
    assert t.pending is None
    assert stabilized(t) == [(ANA, 3, 0, 5)]
    assert t.hand("Ana") == sorted(["Quick", "Fangs", *FILLER[1:4]])


def test_echolocation_does_not_draw_on_an_opponents_turn() -> None:
    t = table(hands={"Ben": ["Quick"]}, piles={"Ana": ["Echolocation"]}, turn="Ben", deck=FILLER)
    assert t.pending is None
    assert drew(t, "echolocation") == []
    assert t.hand("Ana") == []


# --- Scutes, Flight, Sweat -------------------------------------------------------------------


def test_scutes_cannot_give_a_dominant_trait() -> None:
    """Scutes: give one of your traits; a dominant cannot leave, so Scutes itself is given."""
    t = table(hands={"Ana": ["Scutes"]}, piles={"Ana": ["Tiny"]}, deck=FILLER)
    assert t.pending is None
    assert moved(t) == [("Scutes", ANA, BEN, "give")]
    assert t.pile("Ana") == ["Tiny"] and t.pile("Ben") == ["Scutes"]


def test_scutes_chooses_the_receiving_opponent() -> None:
    t = table(("Ana", "Ben", "Cat"), hands={"Ana": ["Scutes"]}, piles={"Ana": ["Quick"]}, deck=FILLER)
    t.answer("Quick")
    assert t.option_names() == ["Ben", "Cat"]
    t.answer("Cat")
    assert t.pending is None
    assert moved(t) == [("Quick", ANA, CAT, "give")]
    assert t.pile("Cat") == ["Quick"] and t.pile("Ana") == ["Scutes"]


def test_flight_with_an_empty_hand_swaps_for_the_opponents_hand() -> None:
    """Flight: swap your whole hand (now empty) with an opponent's."""
    t = table(hands={"Ana": ["Flight"], "Ben": ["Quick", "Fangs"]}, deck=FILLER)
    assert t.pending is None
    assert [(e.player, e.other) for e in t.events(HandsSwapped)] == [(ANA, BEN)]
    assert t.hand("Ben") == []
    assert t.hand("Ana") == sorted(["Quick", "Fangs", *FILLER[:3]])
    assert stabilized(t) == [(ANA, 3, 0, 5)]


def test_sweat_discards_one_card() -> None:
    t = table(hands={"Ana": ["Sweat", "Quick", "Fangs"]}, deck=FILLER)
    t.answer("Sweat")
    assert sorted(t.option_names()) == ["Fangs", "Quick"]
    t.answer("Quick")
    assert t.pending is None
    assert [(e.player, names(t, e.cards), why(e)) for e in t.events(Discarded)] == [(ANA, ("Quick",), "sweat")]
    assert t.discard == ["Quick"]


def test_sweat_with_an_empty_hand() -> None:
    t = table(hands={"Ana": ["Sweat"]}, deck=FILLER)
    assert t.pending is None
    assert nothing(t) == [(ANA, "sweat", "empty_hand")]
    assert t.pile("Ana") == ["Sweat"] and t.events(Discarded) == []


# --- Painted Shell ---------------------------------------------------------------------------


def test_painted_shell_resolves_an_own_traits_action() -> None:
    """Painted Shell: carry out the action of a trait already in your own pile."""
    t = table(hands={"Ana": ["Painted Shell"]}, piles={"Ana": ["Iridescent Scales", "Quick"]}, deck=FILLER)
    assert t.pending is None
    assert resolving(t) == [(ANA, "Painted Shell", None), (ANA, "Iridescent Scales", "Painted Shell")]
    assert drew(t, "iridescent_scales") == [(ANA, tuple(FILLER[:3]))]
    assert t.pile("Ana") == ["Iridescent Scales", "Painted Shell", "Quick"]


def test_painted_shell_chooses_among_own_actions() -> None:
    t = table(hands={"Ana": ["Painted Shell", "Quick"]}, piles={"Ana": ["Iridescent Scales", "Sweat"]}, deck=FILLER)
    t.answer("Painted Shell")
    assert sorted(t.option_names()) == ["Iridescent Scales", "Sweat"]
    t.answer("Sweat")
    assert t.pending is None
    assert [(e.player, names(t, e.cards), why(e)) for e in t.events(Discarded)] == [(ANA, ("Quick",), "sweat")]


def test_painted_shell_ignores_opponents_actions() -> None:
    t = table(hands={"Ana": ["Painted Shell"]}, piles={"Ana": ["Quick"], "Ben": ["Iridescent Scales"]}, deck=FILLER)
    assert t.pending is None
    assert nothing(t) == [(ANA, "painted_shell", "no_target")]
    assert drew(t, "iridescent_scales") == []


# --- Tentacles -------------------------------------------------------------------------------


def test_tentacles_swaps_traits_of_the_same_colour_only() -> None:
    """Tentacles (retail): swap one of your traits for an opponent's trait of the same colour."""
    t = table(
        hands={"Ana": ["Tentacles"]},
        piles={"Ana": ["Quick", "Bark"], "Ben": ["Fangs", "Antlers", "Leaves"]},
        deck=FILLER,
    )
    # Tentacles itself is blue and Ben has no blue trait, so it is not offered.
    assert sorted(t.option_names()) == ["Bark", "Quick"]
    t.answer("Quick")
    assert sorted(t.option_names()) == ["Antlers", "Fangs"]
    t.answer("Antlers")
    assert t.pending is None
    assert moved(t) == [("Quick", ANA, BEN, "swap"), ("Antlers", BEN, ANA, "swap")]
    assert t.pile("Ana") == ["Antlers", "Bark", "Tentacles"]
    assert t.pile("Ben") == ["Fangs", "Leaves", "Quick"]


def test_tentacles_without_a_same_colour_pair() -> None:
    t = table(hands={"Ana": ["Tentacles"]}, piles={"Ana": ["Quick"], "Ben": ["Bark"]}, deck=FILLER)
    assert t.pending is None
    assert nothing(t) == [(ANA, "tentacles", "no_target")]
    assert moved(t) == []
    assert t.pile("Ana") == ["Quick", "Tentacles"] and t.pile("Ben") == ["Bark"]


# --- Cold Blood, Iridescent Scales -----------------------------------------------------------


def test_cold_blood_may_decline_to_play() -> None:
    """Cold Blood: draw three; you MAY play one of them."""
    t = table(hands={"Ana": ["Cold Blood"]}, deck=["Quick", "Fangs", "Heroic", *FILLER])
    assert t.option_names() == ["no", "Quick", "Fangs"]  # Heroic's requirement is unmet
    t.answer("no")
    assert t.pending is None
    assert drew(t, "cold_blood") == [(ANA, ("Quick", "Fangs", "Heroic"))]
    assert plays(t) == [(ANA, "Cold Blood", ANA, "hand", False)]
    assert t.pile("Ana") == ["Cold Blood"]
    assert t.hand("Ana") == sorted(["Quick", "Fangs", "Heroic", *FILLER[:2]])


def test_cold_blood_plays_a_drawn_card_with_its_action() -> None:
    t = table(hands={"Ana": ["Cold Blood"]}, deck=["Iridescent Scales", "Quick", "Fangs", *FILLER])
    t.answer("Iridescent Scales")
    assert t.pending is None
    assert plays(t)[-1] == (ANA, "Iridescent Scales", ANA, "hand", False)
    assert drew(t, "iridescent_scales") == [(ANA, tuple(FILLER[:3]))]
    assert t.hand("Ana") == sorted(["Quick", "Fangs", *FILLER[:3]])
    assert stabilized(t) == [(ANA, 0, 0, 5)]


def test_iridescent_scales_draws_three() -> None:
    t = table(hands={"Ana": ["Iridescent Scales"]}, deck=["Quick", "Fangs", "Bark", *FILLER])
    assert t.pending is None
    assert drew(t, "iridescent_scales") == [(ANA, ("Quick", "Fangs", "Bark"))]
    assert stabilized(t) == [(ANA, 2, 0, 5)]


def test_iridescent_scales_reshuffles_the_discard_when_the_deck_runs_out() -> None:
    """Rulebook: reshuffle the discard pile only if the traits deplete (last card of the deck)."""
    t = table(
        hands={"Ana": ["Iridescent Scales", "Gills"]}, discard=["Fangs", "Bark"], deck=["Quick"],
        rest_of_deck="out",
    )
    t.answer("Iridescent Scales")
    assert t.pending is None
    assert [e.cards for e in t.events(DeckReshuffled)] == [2]
    (who, cards), = drew(t, "iridescent_scales")
    assert who == ANA and cards[0] == "Quick" and sorted(cards[1:]) == ["Bark", "Fangs"]
    assert t.deck == [] and t.discard == []
    assert stabilized(t) == [(ANA, 0, 0, 4)]


# --- Chromatophores and Automimicry: cancelling an opponent's action -------------------------


@pytest.mark.parametrize("canceller", ["Chromatophores", "Automimicry"])
def test_out_of_turn_cancel_of_an_opponents_action(canceller: str) -> None:
    """Rules-notes: Chromatophores and Automimicry cancel the action of a trait another player
    has just played; the trait stays played; the response is not a turn (no stabilizing)."""
    t = table(hands={"Ana": ["Iridescent Scales"], "Ben": [canceller, "Quick"]}, deck=FILLER)
    assert t.pending.player == BEN and t.option_names() == ["pass", canceller]
    t.answer(canceller)
    assert t.pending is None
    assert [(nm(t, e.card), e.by_player, nm(t, e.by_card)) for e in t.events(ActionCancelled)] == [
        ("Iridescent Scales", BEN, canceller)
    ]
    assert plays(t) == [(ANA, "Iridescent Scales", ANA, "hand", False), (BEN, canceller, BEN, "hand", True)]
    assert resolving(t) == [] and drew(t, "iridescent_scales") == []
    assert t.pile("Ana") == ["Iridescent Scales"]
    assert t.pile("Ben") == [canceller] and t.hand("Ben") == ["Quick"]
    assert stabilized(t) == [(ANA, 5, 0, 5)]


def test_passing_the_response_lets_the_action_resolve() -> None:
    t = table(hands={"Ana": ["Iridescent Scales"], "Ben": ["Chromatophores"]}, deck=FILLER)
    t.answer("pass")
    assert t.pending is None
    assert t.events(ActionCancelled) == []
    assert drew(t, "iridescent_scales") == [(ANA, tuple(FILLER[:3]))]
    assert t.hand("Ben") == ["Chromatophores"]


def test_cancel_not_offered_for_a_trait_without_an_action() -> None:
    t = table(hands={"Ana": ["Quick"], "Ben": ["Automimicry"]}, deck=FILLER)
    assert t.pending is None
    assert t.events(ActionCancelled) == []
    assert t.hand("Ben") == ["Automimicry"]


# --- Selective Memory ------------------------------------------------------------------------


def test_selective_memory_plays_a_discard_and_resolves_its_action() -> None:
    """Selective Memory: play any card from the discard pile and do carry out its action."""
    t = table(hands={"Ana": ["Selective Memory"]}, discard=["Quick", "Iridescent Scales"], deck=FILLER)
    assert sorted(t.option_names()) == ["Iridescent Scales", "Quick"]
    t.answer("Iridescent Scales")
    assert t.pending is None
    assert plays(t)[1] == (ANA, "Iridescent Scales", ANA, "discard", False)
    assert resolving(t) == [(ANA, "Selective Memory", None), (ANA, "Iridescent Scales", None)]
    assert drew(t, "iridescent_scales") == [(ANA, tuple(FILLER[:3]))]
    assert t.discard == ["Quick"]


def test_selective_memory_offers_only_playable_discards() -> None:
    t = table(hands={"Ana": ["Selective Memory"]}, discard=["Heroic", "Quick"], deck=FILLER)
    assert t.pending is None
    assert plays(t)[1] == (ANA, "Quick", ANA, "discard", False)
    assert t.discard == ["Heroic"]


def test_selective_memory_with_empty_discard() -> None:
    t = table(hands={"Ana": ["Selective Memory"]}, deck=FILLER)
    assert t.pending is None
    assert nothing(t) == [(ANA, "selective_memory", "discard_empty")]
    assert t.pile("Ana") == ["Selective Memory"] and resolving(t) == [(ANA, "Selective Memory", None)]


# --- Regenerative Tissue ---------------------------------------------------------------------


def test_regenerative_tissue_draws_and_plays_after_a_trait_is_discarded() -> None:
    """Regenerative Tissue (retail): after you discard a trait of your pile, draw a card and play
    it without its action."""
    t = table(hands={"Ana": ["Voracious", "Quick"]}, piles={"Ana": ["Regenerative Tissue", "Fangs"]}, deck=["Iridescent Scales", *FILLER])
    t.answer("Voracious")
    t.answer("Fangs")
    assert t.pending is None
    assert trait_discards(t) == [(ANA, "Fangs", False)]
    assert drew(t, "regenerative_tissue") == [(ANA, ("Iridescent Scales",))]
    assert plays(t)[-1] == (ANA, "Iridescent Scales", ANA, "hand", False)
    assert drew(t, "iridescent_scales") == []
    assert t.pile("Ana") == ["Iridescent Scales", "Quick", "Regenerative Tissue", "Voracious"]


def test_regenerative_tissue_unplayable_drawn_card_stays_in_hand() -> None:
    t = table(hands={"Ana": ["Voracious", "Quick"]}, piles={"Ana": ["Regenerative Tissue", "Fangs"]}, deck=["Heroic", *FILLER])
    t.answer("Voracious")
    t.answer("Fangs")
    assert t.pending is None
    assert drew(t, "regenerative_tissue") == [(ANA, ("Heroic",))]
    assert [(e.player, nm(t, e.card), e.reason, e.discarded) for e in t.events(PlayFailed)] == [
        (ANA, "Heroic", "requirement", False)
    ]
    assert "Heroic" in t.hand("Ana")
    assert t.pile("Ana") == ["Quick", "Regenerative Tissue", "Voracious"]


def test_regenerative_tissue_itself_discarded_on_an_opponents_turn() -> None:
    """Card facts (retail): each time you discard a trait from your pile, this one included."""
    t = table(
        hands={"Ben": ["Reckless"]}, piles={"Ana": ["Regenerative Tissue"], "Ben": ["Quick"]},
        turn="Ben", deck=["Spiny", *FILLER],
    )
    assert t.pending is None
    assert sorted(trait_discards(t)) == [(ANA, "Regenerative Tissue", False), (BEN, "Quick", False)]
    assert drew(t, "regenerative_tissue") == [(ANA, ("Spiny",))]
    assert (ANA, "Spiny", ANA, "hand", False) in plays(t)
    assert t.pile("Ana") == ["Spiny"]
    assert t.pile("Ben") == ["Reckless"]


# --- Costly Signaling ------------------------------------------------------------------------


def test_costly_signaling_returns_a_trait_then_plays_another() -> None:
    """Costly Signaling: an opponent's trait goes back to their hand (its gene pool change is
    reversed), then you play another trait."""
    t = table(
        hands={"Ana": ["Costly Signaling", "Quick"]}, piles={"Ben": ["Saliva", "Tiny"]},
        gene_pools={"Ben": 6}, deck=FILLER,
    )
    t.answer("Costly Signaling")
    assert t.pending is None
    assert [(e.player, nm(t, e.card)) for e in t.events(TraitToHand)] == [(BEN, "Saliva")]
    assert pools(t) == [(BEN, 6, 5, "saliva", True)]
    assert [p[1] for p in plays(t)] == ["Costly Signaling", "Quick"]
    assert index_of(t, TraitToHand) < index_of(t, TraitPlayed, lambda e: nm(t, e.card) == "Quick")
    assert t.pile("Ana") == ["Costly Signaling", "Quick"]
    assert t.pile("Ben") == ["Tiny"] and t.hand("Ben") == ["Saliva"]


def test_costly_signaling_with_only_a_dominant_still_plays_another() -> None:
    t = table(hands={"Ana": ["Costly Signaling", "Quick"]}, piles={"Ben": ["Tiny"]}, deck=FILLER)
    t.answer("Costly Signaling")
    assert t.pending is None
    assert nothing(t) == [(ANA, "costly_signaling", "no_target")]
    assert t.events(TraitToHand) == []
    assert t.pile("Ana") == ["Costly Signaling", "Quick"]
    assert t.pile("Ben") == ["Tiny"]


# --- more edges: response order, protecting oneself, arrivals and World's End reversals ------


def test_first_opponent_to_the_left_is_asked_first_and_only_one_cancel_happens() -> None:
    """Rules-notes: responses are asked in seat order from the active player's left; once the
    action is cancelled nobody else is offered a cancel."""
    t = table(
        ("Ana", "Ben", "Cat"),
        hands={"Ana": ["Iridescent Scales"], "Ben": ["Chromatophores"], "Cat": ["Automimicry"]},
        deck=FILLER,
    )
    assert t.pending.player == BEN
    t.answer("pass")
    assert t.pending.player == CAT and t.option_names() == ["pass", "Automimicry"]
    t.answer("Automimicry")
    assert t.pending is None
    assert [(nm(t, e.card), e.by_player) for e in t.events(ActionCancelled)] == [("Iridescent Scales", CAT)]
    assert t.hand("Ben") == ["Chromatophores"] and t.pile("Cat") == ["Automimicry"]


def test_cancel_after_the_first_responder_cancels_nobody_else_is_asked() -> None:
    t = table(
        ("Ana", "Ben", "Cat"),
        hands={"Ana": ["Iridescent Scales"], "Ben": ["Chromatophores"], "Cat": ["Automimicry"]},
        deck=FILLER,
    )
    t.answer("Chromatophores")
    assert t.pending is None
    assert [(nm(t, e.card), e.by_player) for e in t.events(ActionCancelled)] == [("Iridescent Scales", BEN)]
    assert t.hand("Cat") == ["Automimicry"]


def test_automimicry_cancels_bad_and_the_responder_keeps_their_cards() -> None:
    t = table(hands={"Ana": ["Bad"], "Ben": ["Automimicry", "Quick", "Fangs"]}, deck=FILLER)
    t.answer("Automimicry")
    assert t.pending is None
    assert len(t.events(ActionCancelled)) == 1
    assert t.events(Discarded) == []
    assert t.hand("Ben") == ["Fangs", "Quick"]
    assert t.pile("Ana") == ["Bad"]


def test_own_cancel_trait_is_not_offered_against_ones_own_action() -> None:
    t = table(hands={"Ana": ["Iridescent Scales", "Chromatophores"]}, deck=FILLER)
    t.answer("Iridescent Scales")
    assert t.pending is None
    assert t.events(ActionCancelled) == []
    assert drew(t, "iridescent_scales") == [(ANA, tuple(FILLER[:3]))]


@pytest.mark.parametrize("card", ["Chromatophores", "Automimicry"])
def test_cancel_trait_may_be_played_as_a_normal_turn(card: str) -> None:
    """Rulebook, Out of turn: these traits can still be played as a normal turn."""
    t = table(hands={"Ana": [card]}, deck=FILLER)
    assert t.pending is None
    assert plays(t) == [(ANA, card, ANA, "hand", False)]
    assert t.pile("Ana") == [card]
    assert stabilized(t) == [(ANA, 5, 0, 5)]


def test_trunk_playing_fecundity_from_the_discard_changes_the_gene_pool() -> None:
    """Rulebook, Gene pool: the change applies when the trait enters, however it is played."""
    t = table(hands={"Ana": ["Trunk"]}, discard=["Fecundity"], deck=FILLER)
    assert t.pending is None
    assert pools(t) == [(ANA, 5, 6, "fecundity", False)]
    assert t.pile("Ana") == ["Fecundity", "Trunk"]
    assert len(t.hand("Ana")) == 6


def test_hyper_intelligence_discard_reverses_gene_pool_before_scoring() -> None:
    """Rules-notes: a gene pool trait discarded at World's End reverses its change before
    scoring, so Altruistic (worth the gene pool) sees the final gene pool."""
    t = worlds_end(
        {"Ana": ["Hyper-Intelligence"], "Ben": ["Fecundity", "Altruistic", "Quick"]},
        gene_pools={"Ben": 6},
    )
    t.answer("green")
    assert t.pending is None
    assert trait_discards(t) == [(BEN, "Fecundity", True)]
    assert pools(t) == [(BEN, 6, 5, "fecundity", True)]
    assert scores(t)["Ben"] == (0, 2, 5, 7)
    assert scores(t)["Ana"] == (0, 4, 0, 4)


def test_no_cancel_offered_when_the_age_ignores_actions() -> None:
    """Age of Peace: all trait actions are ignored, so there is no action for Chromatophores to
    cancel; the opponent is not asked and keeps the card; the action is reported ignored."""
    t = table(hands={"Ana": ["Iridescent Scales"], "Ben": ["Chromatophores"]}, deck=FILLER, age="age_of_peace")
    assert t.pending is None
    assert t.events(ActionCancelled) == []
    assert [(e.player, nm(t, e.card), e.reason) for e in t.events(ActionIgnored)] == [(ANA, "Iridescent Scales", "age")]
    assert t.hand("Ben") == ["Chromatophores"]


# --- coverage ---------------------------------------------------------------------------------

COVERED = {
    "green": """symbiosis pack_behavior heroic appealing deep_roots bark pollination propagation leaves
        woody_stems photosynthesis fecundity trunk tiny_little_melons self_replicating branches
        random_fertilization swarm fortunate overgrowth""",
    "red": """hyper_intelligence apex_predator sentience retractable_claws brute_strength antlers fire_skin
        reckless stone_skin quick voracious hot_temper brave endurance territorial bad fangs kidney
        warm_blood heat_vision""",
    "blue": """immunity echolocation tiny blubber scutes flight migratory sweat saliva painted_shell spiny
        tentacles gills cold_blood iridescent_scales chromatophores selective_memory
        regenerative_tissue egg_clusters automimicry costly_signaling""",
}


@pytest.mark.parametrize("colour,count", [("green", 20), ("red", 20), ("blue", 21)])
def test_every_trait_of_the_colour_is_covered_here(colour: str, count: int) -> None:
    """Card facts: 20 green, 20 red and 21 blue distinct traits; each has tests in this file."""
    ids = {t.id for t in CARDS.traits.values() if colour in t.colours}
    assert len(ids) == count
    assert ids == set(COVERED[colour].split())
