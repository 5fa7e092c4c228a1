"""Every colourless (22) and purple (24) trait of the base game, retail printing.

Each card is played from the hand during a turn on the real engine (or, for out-of-turn and
World's End traits, at the moment the card names), and the state and the events are checked
after its effect. Expected values come from the rulebook
(shared/rules/doomlings-rulebook-braille-edition.txt), the card facts
(shared/cards/base-game.md) and docs/rules-notes.md.
"""

from __future__ import annotations

import pytest
from builders import Table, gene_changes, nothings, table, why

from doomlings_access.cards import load_cards
from doomlings_access.rules import Options
from doomlings_access.rules.events import (
    ActionCancelled,
    ActionResolving,
    AgeIgnored,
    AgeRevealed,
    CardsPassed,
    CardsRevealed,
    CatastropheIgnored,
    CatastropheRevealed,
    ColourNamed,
    DeckReshuffled,
    Discarded,
    Drew,
    GenePoolChanged,
    GenePoolChangeIgnored,
    NextAgeSeen,
    NothingToDo,
    RoundSkipped,
    ScoreTallied,
    Stabilized,
    TraitDiscarded,
    TraitMoved,
    TraitPlayed,
    TraitsRecoloured,
    TraitToHand,
    TurnSkipped,
    TurnStarted,
    WorldsEndCatastropheChosen,
    WorldsEndPoints,
    WorldsEndStarted,
)

# Effectless cards placed on top of the deck so that every draw is known (none is used below
# in a hand or a pile). Top first.
FILL = ["Antlers", "Fire Skin", "Blubber", "Migratory", "Appealing", "Deep Roots", "Woody Stems", "Leaves"]
# Three revealed catastrophes; the final one (Retrovirus: -1 per green trait) does nothing to
# piles without green traits.
NEUTRAL_END = ["super_volcano", "ice_age", "retrovirus"]


# --- helpers -----------------------------------------------------------------------------------


def cid(t: Table, name: str) -> int:
    """The instance id of a one-copy trait."""
    found = [i for i, d in enumerate(t.g.defs) if d.name == name]
    assert len(found) == 1, name
    return found[0]


def ids(t: Table, *names: str) -> tuple[int, ...]:
    return tuple(cid(t, n) for n in names)


def score(t: Table, player: str) -> tuple[int, int, int, int]:
    """(worlds_end, face_value, bonus, total) from the one ScoreTallied event of ``player``."""
    mine = [e for e in t.events(ScoreTallied) if e.player == t.seat(player)]
    assert len(mine) == 1
    e = mine[0]
    assert e.total == e.worlds_end + e.face_value + e.bonus
    return e.worlds_end, e.face_value, e.bonus, e.total


def index(t: Table, event: object) -> int:
    return t.g.log.index(event)


def gp_events(t: Table) -> list[tuple[int, int, int, str, bool]]:
    return [(e.player, e.old, e.new, why(e), e.reversal) for e in t.events(GenePoolChanged)]


def stabilized(t: Table, player: str) -> list[Stabilized]:
    return [e for e in t.events(Stabilized) if e.player == t.seat(player)]


# --- every trait is counted at its printed face value --------------------------------------------

# Printed face values (card facts, base-game.md; X counts 0) and the bonus each scores alone in a
# pile with an empty hand and a gene pool of 5.
FACES = {
    "Denial": (4, 0), "Optimistic Nihilism": (4, 0), "Faith": (4, 0), "Morality": (5, 0),
    "Delicious": (4, 0), "Flatulence": (3, 0), "Just": (2, 0), "Doting": (2, 0),
    "Prepper": (2, 0), "Mitochondrion": (1, 0), "Introspective": (1, 0), "Saudade": (1, 0),
    "Eloquence": (1, 0), "Fear": (1, 0), "Late": (1, 0), "The Third Eye": (0, 0),
    "Mindful": (0, 1), "Boredom": (0, 0), "Gratitude": (0, 0), "Altruistic": (0, 5),
    "Self-Awareness": (-1, 0), "Confusion": (-2, 0),
    "Viral": (2, 0), "Vampirism": (3, 0), "Camouflage": (1, 0), "Nocturnal": (3, 0),
    "Adorable": (4, 0), "Fine Motor Skills": (2, 0), "Memory": (2, 0), "Poisonous": (2, 0),
    "Sneaky": (2, 0), "Super Spreader": (2, 0), "Inventive": (1, 0), "Directly Register": (1, 0),
    "Teeth": (1, 0), "Telekinetic": (1, 0), "Selfish": (1, 0), "Clever": (1, 0),
    "Big Ears": (1, 0), "Impatience": (1, 0), "Nosy": (1, 0), "Dreamer": (1, 0),
    "Persuasive": (1, 0), "Sticky Secretions": (-1, 1), "Venomous": (-2, 0), "Parasitic": (-2, 0),
}


def test_the_table_lists_every_colourless_and_purple_trait() -> None:
    """Card facts: 22 colourless and 24 purple distinct traits, one copy each."""
    traits = load_cards("retail").traits.values()
    wanted = {d.name for d in traits if d.colours in (("colourless",), ("purple",))}
    assert len([d for d in traits if d.colours == ("colourless",)]) == 22
    assert len([d for d in traits if d.colours == ("purple",)]) == 24
    assert wanted == set(FACES)


@pytest.mark.parametrize("card", sorted(FACES))
def test_trait_alone_in_pile_scores_its_face_value(card: str) -> None:
    """Rulebook, Scoring step 2: count up the face value of your traits (X is always zero)."""
    t = table(piles={"Ana": [card]}, run="worlds_end", catastrophes=NEUTRAL_END)
    t.finish()  # Prepper and Viral ask a question; any answer scores nothing here
    face, bonus = FACES[card]
    assert score(t, "Ana") == (0, face, bonus, face + bonus)
    assert score(t, "Ben") == (0, 0, 0, 0)
    assert t.pile("Ana") == [card]


# --- effectless traits ---------------------------------------------------------------------------

EFFECTLESS = ["Flatulence", "Fear", "Confusion", "Nocturnal", "Adorable", "Fine Motor Skills", "Big Ears"]


@pytest.mark.parametrize("card", EFFECTLESS)
def test_effectless_trait_is_played_then_player_stabilizes(card: str) -> None:
    """Rulebook, Turn: play 1 trait, follow its effect if any, stabilize (draw up to the gene pool)."""
    t = table(hands={"Ana": [card, "Fangs"]}, deck=FILL)
    assert sorted(t.option_names()) == sorted([card, "Fangs"])
    t.answer(card)
    assert t.pile("Ana") == [card]
    assert t.hand("Ana") == sorted(["Fangs", *FILL[:4]])
    assert t.events(TraitPlayed) == [TraitPlayed(0, cid(t, card), 0, "hand", False)]
    assert t.events(ActionResolving) == [] and t.events(NothingToDo) == []
    assert gene_changes(t) == [] and t.gene_pool("Ana") == 5
    assert t.events(Stabilized) == [Stabilized(0, 4, 0, 5)]
    assert t.pending is None


# --- gene pool traits: Just, Mitochondrion, Teeth, Dreamer, Camouflage, Super Spreader ----------

PLUS_ONE = ["Just", "Mitochondrion", "Teeth", "Dreamer", "Camouflage"]


@pytest.mark.parametrize("card", PLUS_ONE)
def test_gene_pool_trait_entering_pile_raises_gene_pool_before_stabilizing(card: str) -> None:
    """Rulebook, Gene pool: +/- effects apply when the trait enters your pile; you stabilize to it."""
    t = table(hands={"Ana": [card, "Fangs"]}, deck=FILL)
    t.answer(card)
    tid = t.g.defs[cid(t, card)].id
    assert t.gene_pool("Ana") == 6 and t.gene_pool("Ben") == 5
    assert gp_events(t) == [(0, 5, 6, tid, False)]
    assert t.events(Stabilized) == [Stabilized(0, 5, 0, 6)]
    assert t.hand("Ana") == sorted(["Fangs", *FILL[:5]])
    assert index(t, TraitPlayed(0, cid(t, card), 0, "hand", False)) < index(t, Stabilized(0, 5, 0, 6))


@pytest.mark.parametrize("card", PLUS_ONE)
def test_gene_pool_trait_past_eight_is_ignored(card: str) -> None:
    """Rulebook, Gene pool: an effect that would exceed a gene pool of 8 is ignored."""
    t = table(hands={"Ana": [card]}, gene_pools={"Ana": 8}, deck=FILL)
    tid = t.g.defs[cid(t, card)].id
    assert t.gene_pool("Ana") == 8
    assert gene_changes(t) == []
    assert [(e.player, e.delta, why(e)) for e in t.events(GenePoolChangeIgnored)] == [(0, 1, tid)]
    assert t.events(Stabilized) == [Stabilized(0, 8, 0, 8)]


@pytest.mark.parametrize("card", ["Mitochondrion", "Teeth", "Dreamer"])
def test_gene_pool_trait_leaving_pile_reverses_its_change(card: str) -> None:
    """Rulebook, Gene pool: if the trait leaves your pile, adjust your gene pool (Directly Register
    steals it, so it also enters the thief's pile)."""
    t = table(
        piles={"Ana": [card]}, gene_pools={"Ana": 6}, hands={"Ben": ["Directly Register"]},
        turn="Ben", deck=FILL,
    )
    tid = t.g.defs[cid(t, card)].id
    assert t.pile("Ana") == [] and t.pile("Ben") == sorted(["Directly Register", card])
    assert TraitMoved(cid(t, card), 0, 1, "steal") in t.events()
    assert gp_events(t) == [(0, 6, 5, tid, True), (1, 5, 6, tid, False)]
    assert t.gene_pool("Ana") == 5 and t.gene_pool("Ben") == 6
    assert stabilized(t, "Ben") == [Stabilized(1, 6, 0, 6)]


def test_just_leaves_when_traded_away_by_poisonous() -> None:
    """Rulebook, Gene pool: the change is reversed when the trait leaves (Poisonous trades for Just)."""
    t = table(piles={"Ana": ["Just"]}, gene_pools={"Ana": 6}, hands={"Ben": ["Poisonous"]}, turn="Ben", deck=FILL)
    assert t.pile("Ana") == ["Poisonous"] and t.pile("Ben") == ["Just"]
    assert gp_events(t) == [(0, 6, 5, "just", True), (1, 5, 6, "just", False)]
    assert stabilized(t, "Ben") == [Stabilized(1, 6, 0, 6)]


def test_super_spreader_lowers_every_gene_pool() -> None:
    """Super Spreader: every player's gene pool, yours too, is one smaller (applied on entering)."""
    t = table(hands={"Ana": ["Super Spreader", "Fangs"]}, deck=FILL)
    t.answer("Super Spreader")
    assert t.gene_pool("Ana") == 4 and t.gene_pool("Ben") == 4
    assert gp_events(t) == [(0, 5, 4, "super_spreader", False), (1, 5, 4, "super_spreader", False)]
    assert t.events(Stabilized) == [Stabilized(0, 3, 0, 4)]
    assert t.hand("Ben") == []  # never draw or discard because a gene pool changed


def test_super_spreader_is_ignored_for_a_gene_pool_at_one() -> None:
    """Rulebook, Gene pool: a loss that would dip below 1 is ignored (for that player only)."""
    t = table(hands={"Ana": ["Super Spreader"]}, gene_pools={"Ben": 1}, deck=FILL)
    assert t.gene_pool("Ana") == 4 and t.gene_pool("Ben") == 1
    assert [(e.player, e.delta, why(e)) for e in t.events(GenePoolChangeIgnored)] == [(1, -1, "super_spreader")]


def test_super_spreader_leaving_raises_every_gene_pool_back() -> None:
    """Rulebook, Gene pool: when the trait leaves the pile, always adjust (Costly Signaling returns it)."""
    t = table(
        piles={"Ana": ["Super Spreader"]}, gene_pools={"Ana": 4, "Ben": 4},
        hands={"Ben": ["Costly Signaling"]}, turn="Ben", deck=FILL,
    )
    ss = cid(t, "Super Spreader")
    assert TraitToHand(0, ss) in t.events()
    assert t.hand("Ana") == ["Super Spreader"] and t.pile("Ana") == []
    assert gp_events(t) == [(0, 4, 5, "super_spreader", True), (1, 4, 5, "super_spreader", True)]
    assert (1, "costly_signaling", "nothing_playable") in nothings(t)
    assert stabilized(t, "Ben") == [Stabilized(1, 5, 0, 5)]


def test_camouflage_cannot_be_stolen_and_keeps_its_gene_pool() -> None:
    """Rulebook, Dominant: once played a dominant cannot be stolen (Vampirism finds no target)."""
    t = table(piles={"Ana": ["Camouflage"]}, gene_pools={"Ana": 6}, hands={"Ben": ["Vampirism"]}, turn="Ben", deck=FILL)
    assert t.pile("Ana") == ["Camouflage"] and t.gene_pool("Ana") == 6
    assert t.events(TraitMoved) == [] and gene_changes(t) == []
    assert (1, "vampirism", "no_target") in nothings(t)


# --- colourless actions and requirements --------------------------------------------------------


def test_doting_gives_a_chosen_card_to_the_opponent() -> None:
    """Doting: give a card from your hand to an opponent (only the two players see which)."""
    t = table(hands={"Ana": ["Doting", "Fangs", "Quick"], "Ben": ["Spiny"]}, deck=FILL)
    t.answer("Doting")
    assert sorted(t.option_names()) == ["Fangs", "Quick"]
    t.answer("Fangs")
    assert t.hand("Ben") == ["Fangs", "Spiny"]
    assert t.hand("Ana") == sorted(["Quick", *FILL[:4]])
    assert t.events(CardsPassed) == [CardsPassed(0, 1, (cid(t, "Fangs"),), frozenset({0, 1}), taken=False)]
    assert t.events(Stabilized) == [Stabilized(0, 4, 0, 5)]


def test_doting_with_an_empty_hand_gives_nothing() -> None:
    """Rulebook, Restrictions: an effect that cannot be done is ignored; the trait stays played."""
    t = table(hands={"Ana": ["Doting"], "Ben": ["Spiny"]}, deck=FILL)
    assert t.pile("Ana") == ["Doting"]
    assert t.events(CardsPassed) == []
    assert (0, "doting", "empty_hand") in nothings(t)
    assert t.hand("Ben") == ["Spiny"]
    assert t.events(Stabilized) == [Stabilized(0, 5, 0, 5)]


def test_introspective_draws_four_from_the_deck_without_touching_the_discard() -> None:
    """Introspective: draw four cards. Rulebook: only reshuffle the discard pile if the traits deplete."""
    t = table(hands={"Ana": ["Introspective"]}, deck=FILL, discard=["Fangs"])
    drawn = [e for e in t.events(Drew) if why(e) == "introspective"]
    assert drawn == [Drew(0, ids(t, *FILL[:4]), frozenset({0}))]
    assert t.events(DeckReshuffled) == []
    assert t.discard == ["Fangs"]
    assert t.hand("Ana") == sorted(FILL[:5])
    assert t.events(Stabilized) == [Stabilized(0, 1, 0, 5)]


def test_introspective_at_the_end_of_the_deck_reshuffles_the_discard_only_then() -> None:
    """Rulebook, Discard: only reshuffle the discard pile when the trait deck runs out."""
    every = [d.name for d in load_cards("retail").traits.values() for _ in range(d.copies)]
    rest = list(every)
    for used in ("Introspective", "Fangs", "Quick"):
        rest.remove(used)
    t = table(hands={"Ana": ["Introspective"]}, deck=["Fangs", "Quick"], discard=rest)
    drew = [e for e in t.events(Drew) if why(e) == "introspective"]
    assert len(drew) == 1 and len(drew[0].cards) == 4
    assert drew[0].cards[:2] == ids(t, "Fangs", "Quick")  # the deck's last two come first
    assert t.events(DeckReshuffled) == [DeckReshuffled(len(rest))]
    assert index(t, DeckReshuffled(len(rest))) < index(t, drew[0])
    assert t.discard == []
    assert len(t.hand("Ana")) == 5 and len(t.deck) == len(rest) - 3
    assert t.events(Stabilized) == [Stabilized(0, 1, 0, 5)]


def test_introspective_draws_what_is_left_when_deck_and_discard_run_out() -> None:
    """Rulebook, Discard: with the deck empty and nothing to reshuffle, no more cards can be drawn."""
    every = [d.name for d in load_cards("retail").traits.values() for _ in range(d.copies)]
    rest = list(every)
    for used in ("Introspective", "Fangs", "Quick"):
        rest.remove(used)
    t = table(hands={"Ana": ["Introspective"]}, piles={"Ben": rest}, deck=["Fangs", "Quick"])
    assert t.events(Drew) == [Drew(0, ids(t, "Fangs", "Quick"), frozenset({0}))]
    assert t.events(DeckReshuffled) == []
    assert t.deck == [] and t.discard == []
    assert t.hand("Ana") == ["Fangs", "Quick"]
    assert t.events(Stabilized) == [Stabilized(0, 0, 0, 2)]


def test_morality_cost_gives_a_positive_trait_before_it_enters() -> None:
    """Morality: to play it, give an opponent one of your traits worth more than zero
    (rules-notes: the cost is paid before the trait enters the pile)."""
    t = table(hands={"Ana": ["Morality"]}, piles={"Ana": ["Fangs", "Quick", "Confusion"]}, deck=FILL)
    assert sorted(t.option_names()) == ["Fangs", "Quick"]  # Confusion (-2) is not worth more than zero
    assert "Morality" not in t.pile("Ana") and "Morality" not in t.hand("Ana")  # being played
    t.answer("Quick")
    assert t.pile("Ana") == ["Confusion", "Fangs", "Morality"]
    assert t.pile("Ben") == ["Quick"]
    moved = TraitMoved(cid(t, "Quick"), 0, 1, "give")
    assert t.events(TraitMoved) == [moved]
    played = t.events(TraitPlayed)[0]
    assert played.card == cid(t, "Morality")
    assert t.events(TraitMoved)[0].parent == played.seq  # the cost is part of playing it


def test_morality_cost_can_give_away_a_gene_pool_trait() -> None:
    """Rulebook, Gene pool: the given Teeth leaves Ana's pile (-1) and enters Ben's (+1)."""
    t = table(hands={"Ana": ["Morality"]}, piles={"Ana": ["Teeth"]}, gene_pools={"Ana": 6}, deck=FILL)
    assert t.pile("Ana") == ["Morality"] and t.pile("Ben") == ["Teeth"]
    assert gp_events(t) == [(0, 6, 5, "teeth", True), (1, 5, 6, "teeth", False)]
    assert t.events(Stabilized) == [Stabilized(0, 5, 0, 5)]


def test_morality_cost_is_allowed_during_reforestation() -> None:
    """rules-notes: giving a trait away is not protected by Reforestation, so Morality may be played."""
    t = table(hands={"Ana": ["Morality"]}, piles={"Ana": ["Fangs"]}, age="reforestation", deck=FILL)
    assert t.pile("Ana") == ["Morality"] and t.pile("Ben") == ["Fangs"]
    assert t.events(TraitMoved) == [TraitMoved(cid(t, "Fangs"), 0, 1, "give")]


def test_morality_cannot_be_played_without_a_positive_non_dominant_trait() -> None:
    """Rulebook, Requirements and Dominant: X counts 0, and a dominant never leaves a pile,
    so Morality cannot be played; with nothing playable the turn is skipped, no stabilizing."""
    t = table(hands={"Ana": ["Morality"]}, piles={"Ana": ["Confusion", "Kidney", "Tiny"]}, deck=FILL)
    assert t.option_names() == ["skip", "redraw"]
    t.answer("skip")
    assert t.hand("Ana") == ["Morality"]
    assert t.events(TurnSkipped) == [TurnSkipped(0, "no_playable")]
    assert t.events(TraitPlayed) == [] and t.events(Stabilized) == []


def test_delicious_needs_a_colourless_trait_already_in_the_pile() -> None:
    """Delicious: you can play this only if you already have a colourless trait."""
    t = table(hands={"Ana": ["Delicious", "Quick"]}, piles={"Ana": ["Fear"]}, deck=FILL)
    assert sorted(t.option_names()) == ["Delicious", "Quick"]
    t.answer("Delicious")
    assert t.pile("Ana") == ["Delicious", "Fear"]
    assert t.events(TraitPlayed) == [TraitPlayed(0, cid(t, "Delicious"), 0, "hand", False)]


def test_delicious_requirement_unmet_leaves_it_in_hand() -> None:
    """Rulebook, Requirements: you must fulfil the requirement to play it from your hand."""
    t = table(hands={"Ana": ["Delicious", "Quick"]}, piles={"Ana": ["Fangs"]}, deck=FILL)
    # only Quick is playable, so it is played without a question
    assert t.pile("Ana") == ["Fangs", "Quick"]
    assert "Delicious" in t.hand("Ana")
    assert t.events(TraitPlayed) == [TraitPlayed(0, cid(t, "Quick"), 0, "hand", False)]


def test_the_third_eye_shows_next_age_only_to_its_player_then_plays_another() -> None:
    """The Third Eye: see the next age card, then play one more trait (with its effects)."""
    t = table(hands={"Ana": ["The Third Eye", "Fangs", "Quick"]}, age_deck=["eclipse", "ice_age"], deck=FILL)
    t.answer("The Third Eye")
    seen = t.events(NextAgeSeen)
    assert seen == [NextAgeSeen(0, "eclipse", frozenset({0}))]
    assert seen[0].visible(0) and not seen[0].visible(1) and not seen[0].visible(None)
    assert sorted(t.option_names()) == ["Fangs", "Quick"]
    t.answer("Fangs")
    assert t.pile("Ana") == ["Fangs", "The Third Eye"]
    assert [e.card for e in t.events(TraitPlayed)] == list(ids(t, "The Third Eye", "Fangs"))
    assert t.g.table.age_deck == ["ice_age", "eclipse"]  # nothing moved: it was only seen
    assert t.events(Stabilized) == [Stabilized(0, 4, 0, 5)]


def test_the_third_eye_with_nothing_else_playable_and_no_age_left() -> None:
    """Rulebook, Restrictions: the parts that cannot be done are ignored."""
    t = table(hands={"Ana": ["The Third Eye"]}, deck=FILL)
    assert t.events(NextAgeSeen) == [NextAgeSeen(0, None, frozenset({0}))]
    assert (0, "the_third_eye", "nothing_playable") in nothings(t)
    assert t.pile("Ana") == ["The Third Eye"]


# --- out of turn: Late, Self-Awareness, Parasitic, Sneaky -----------------------------------------


def test_late_is_played_right_after_stabilizing_without_restabilizing() -> None:
    """Late: you may play this from your hand right after you stabilize. Rulebook: an out-of-turn
    play is not a turn (no second stabilizing)."""
    t = table(hands={"Ana": ["Fangs", "Late"]}, deck=FILL)
    t.answer("Fangs")
    assert t.option_names() == ["pass", "Late"]
    t.answer("Late")
    assert t.pile("Ana") == ["Fangs", "Late"]
    assert t.hand("Ana") == sorted(FILL[:4])
    late = TraitPlayed(0, cid(t, "Late"), 0, "hand", True)
    assert t.events(TraitPlayed)[-1] == late
    assert t.events(Stabilized) == [Stabilized(0, 4, 0, 5)]
    assert index(t, Stabilized(0, 4, 0, 5)) < index(t, late)
    assert t.pending is None


def test_late_may_stay_in_the_hand() -> None:
    """Late: "you may" play it; passing keeps it."""
    t = table(hands={"Ana": ["Fangs", "Late"]}, deck=FILL)
    t.answer("Fangs")
    t.answer("pass")
    assert t.pile("Ana") == ["Fangs"] and "Late" in t.hand("Ana")


def test_late_is_not_offered_when_an_age_forbids_colourless() -> None:
    """Tropical Lands: colourless traits cannot be played, so Late is not offered."""
    t = table(hands={"Ana": ["Fangs", "Late"]}, age="tropical_lands", deck=FILL)
    assert t.pending is None
    assert t.pile("Ana") == ["Fangs"] and "Late" in t.hand("Ana")


def test_self_awareness_goes_into_a_chosen_opponent_pile_out_of_turn() -> None:
    """Self-Awareness: at any time, play it from your hand into an opponent's pile; it is not
    the player's turn, so they do not stabilize (rulebook, out-of-turn traits)."""
    t = table(players=("Ana", "Ben", "Cat"), hands={"Ana": ["Fangs"], "Ben": ["Self-Awareness", "Spiny"]}, deck=FILL)
    assert t.pending.player == 1 and t.option_names() == ["pass", "Self-Awareness"]
    t.answer("Self-Awareness")
    assert sorted(t.option_names()) == ["Ana", "Cat"]
    t.answer("Cat")
    assert t.pile("Cat") == ["Self-Awareness"] and t.pile("Ben") == []
    assert TraitPlayed(1, cid(t, "Self-Awareness"), 2, "hand", True) in t.events()
    assert t.hand("Ben") == ["Spiny"]
    assert stabilized(t, "Ben") == [] and stabilized(t, "Ana") == [Stabilized(0, 5, 0, 5)]
    assert t.pile("Ana") == ["Fangs"]


def test_self_awareness_lowers_the_receiver_score() -> None:
    """Self-Awareness in Ana's pile counts its face value (-1) for Ana."""
    t = table(piles={"Ana": ["Fangs", "Self-Awareness"]}, run="worlds_end", catastrophes=NEUTRAL_END)
    assert score(t, "Ana") == (0, 0, 0, 0)


def test_parasitic_cancels_the_action_and_steals_the_played_trait() -> None:
    """Parasitic: when an opponent plays a trait, play this to cancel its action and steal it."""
    t = table(hands={"Ana": ["Introspective"], "Ben": ["Parasitic", "Spiny"]}, deck=FILL)
    assert t.pending.player == 1 and t.option_names() == ["pass", "Parasitic"]
    t.answer("Parasitic")
    intro, para = ids(t, "Introspective", "Parasitic")
    assert t.pile("Ana") == [] and t.pile("Ben") == ["Introspective", "Parasitic"]
    assert ActionCancelled(intro, 1, para) in t.events()
    assert TraitMoved(intro, 0, 1, "steal") in t.events()
    assert TraitPlayed(1, para, 1, "hand", True) in t.events()
    assert [e for e in t.events(ActionResolving)] == []
    assert [e for e in t.events(Drew) if why(e) == "introspective"] == []
    assert t.hand("Ben") == ["Spiny"] and stabilized(t, "Ben") == []
    assert t.events(Stabilized) == [Stabilized(0, 5, 0, 5)]


def test_parasitic_stealing_a_gene_pool_trait_moves_its_change() -> None:
    """Rulebook, Gene pool: Teeth raises Ana's gene pool on entering; stolen, it is reversed for
    Ana and applied to Ben; Ana then stabilizes to 5."""
    t = table(hands={"Ana": ["Teeth"], "Ben": ["Parasitic"]}, deck=FILL)
    t.answer("Parasitic")
    assert gp_events(t) == [(0, 5, 6, "teeth", False), (0, 6, 5, "teeth", True), (1, 5, 6, "teeth", False)]
    assert t.pile("Ben") == ["Parasitic", "Teeth"]
    assert t.events(Stabilized) == [Stabilized(0, 5, 0, 5)]


def test_parasitic_passed_lets_the_action_resolve() -> None:
    """Parasitic is optional; passing leaves the action to resolve."""
    t = table(hands={"Ana": ["Introspective"], "Ben": ["Parasitic"]}, deck=FILL)
    t.answer("pass")
    assert t.pile("Ana") == ["Introspective"] and t.hand("Ben") == ["Parasitic"]
    assert [why(e) for e in t.events(Drew)] == ["introspective", "stabilize"]


def test_parasitic_is_not_offered_during_lunar_retreat() -> None:
    """Lunar Retreat: purple traits cannot be played, so Parasitic cannot answer."""
    t = table(hands={"Ana": ["Introspective"], "Ben": ["Parasitic"]}, age="lunar_retreat", deck=FILL)
    assert t.pending is None
    assert t.pile("Ana") == ["Introspective"] and t.hand("Ben") == ["Parasitic"]
    assert [why(e) for e in t.events(Drew)] == ["introspective", "stabilize"]


def test_parasitic_is_not_offered_for_a_dominant() -> None:
    """Rulebook, Dominant: a dominant cannot be stolen, so Parasitic cannot answer it."""
    t = table(hands={"Ana": ["Tiny"], "Ben": ["Parasitic"]}, deck=FILL)
    assert t.pending is None
    assert t.pile("Ana") == ["Tiny"] and t.hand("Ben") == ["Parasitic"]
    assert t.events(ActionCancelled) == [] and t.events(TraitMoved) == []


def test_sneaky_is_played_at_worlds_end_and_scores() -> None:
    """Sneaky: you may play this from your hand at World's End."""
    t = table(hands={"Ana": ["Sneaky", "Fangs"]}, piles={"Ana": ["Quick"]}, run="worlds_end", catastrophes=NEUTRAL_END)
    assert t.option_names() == ["pass", "Sneaky"]
    t.answer("Sneaky")
    played = TraitPlayed(0, cid(t, "Sneaky"), 0, "hand", True)
    assert t.events(TraitPlayed) == [played]
    assert index(t, WorldsEndStarted("retrovirus")) < index(t, played) < index(t, t.events(ScoreTallied)[0])
    assert t.pile("Ana") == ["Quick", "Sneaky"] and t.hand("Ana") == ["Fangs"]
    assert score(t, "Ana") == (0, 4, 0, 4)


def test_sneaky_kept_in_hand_scores_nothing() -> None:
    t = table(hands={"Ana": ["Sneaky"]}, piles={"Ana": ["Quick"]}, run="worlds_end", catastrophes=NEUTRAL_END)
    t.answer("pass")
    assert t.hand("Ana") == ["Sneaky"] and score(t, "Ana") == (0, 2, 0, 2)


# --- Denial and Optimistic Nihilism ----------------------------------------------------------------


def test_denial_ignores_the_next_catastrophe() -> None:
    """Denial: the next catastrophe does nothing to you (no gene pool change, no catastrophic effect)."""
    t = table(
        piles={"Ana": ["Denial", "Stone Skin"], "Ben": ["Quick"]},
        hands={"Ana": ["Spiny", "Gills"], "Ben": ["Bark", "Woody Stems"]},
        run="catastrophe", catastrophe="ice_age", catastrophes=["grey_goo", "super_volcano"],
    )
    assert t.pending.player == 1  # Ben discards a card for his red trait
    t.answer("Bark")
    assert t.events(CatastropheIgnored) == [CatastropheIgnored(0, "ice_age", cid(t, "Denial"))]
    assert t.gene_pool("Ana") == 5 and t.gene_pool("Ben") == 4
    assert t.hand("Ana") == ["Gills", "Spiny"] and t.hand("Ben") == ["Woody Stems"]
    assert [e.player for e in t.events(Discarded)] == [1]
    assert gp_events(t) == [(1, 5, 4, "ice_age", False)]


def test_denial_does_not_stop_the_four_horsemen_and_waits_for_the_next() -> None:
    """Denial: unless it is The Four Horsemen (rules-notes: Denial then protects from the next one)."""
    t = table(
        piles={"Ana": ["Denial", "Stone Skin"], "Ben": ["Quick"]},
        run="catastrophe", catastrophe="the_four_horsemen", catastrophes=["grey_goo"],
        age_deck=["super_volcano"], play="game",
        options=Options(catastrophe_ends_round=True),
    )
    horsemen = t.events(CatastropheRevealed)[0]
    assert horsemen.catastrophe == "the_four_horsemen"
    assert TraitDiscarded(0, cid(t, "Stone Skin"), False) in t.events()
    assert t.pile("Ana") == ["Denial"]  # the dominant Denial itself never leaves
    denial = cid(t, "Denial")  # Super Volcano is the final catastrophe: its World's End is spared too
    assert t.events(CatastropheIgnored) == [
        CatastropheIgnored(0, "super_volcano", denial), CatastropheIgnored(0, "super_volcano", denial, True)]
    assert t.gene_pool("Ana") == 4 and t.gene_pool("Ben") == 3


def test_denial_is_spent_after_one_catastrophe() -> None:
    """Denial works on the next catastrophe only; the one after affects its owner."""
    t = table(
        piles={"Ana": ["Denial"]}, run="catastrophe", catastrophe="ice_age", catastrophes=["grey_goo"],
        age_deck=["super_volcano"], play="game",
        options=Options(catastrophe_ends_round=True),
    )
    ignored = t.events(CatastropheIgnored)
    assert [e.catastrophe for e in ignored] == ["ice_age"]
    assert t.gene_pool("Ana") == 4 and t.gene_pool("Ben") == 3


def test_denial_on_the_final_catastrophe_skips_its_worlds_end_effect() -> None:
    """rules-notes: if Denial ignores the final catastrophe, its World's End effect spares its owner."""
    t = table(
        piles={"Ana": ["Denial", "Stone Skin"], "Ben": ["Quick"]},
        run="catastrophe", catastrophe="ice_age", catastrophes=["grey_goo", "super_volcano"],
        play="game",
    )
    assert [(e.player, e.points) for e in t.events(WorldsEndPoints)] == [(1, -1)]
    assert score(t, "Ana") == (0, 6, 0, 6)
    assert score(t, "Ben") == (-1, 2, 0, 1)


def test_optimistic_nihilism_skips_the_rest_of_the_round() -> None:
    """Optimistic Nihilism: when played, all remaining turns are skipped and nobody stabilizes."""
    t = table(hands={"Ana": ["Optimistic Nihilism"], "Ben": ["Fangs"]}, run="turns", age_deck=["arid_lands", "ice_age"], deck=FILL)
    on = cid(t, "Optimistic Nihilism")
    assert t.events(RoundSkipped) == [RoundSkipped(0, on)]
    assert t.events(TurnStarted) == [TurnStarted(0)]
    assert t.events(Stabilized) == []
    assert t.pile("Ana") == ["Optimistic Nihilism"] and t.hand("Ben") == ["Fangs"]
    assert t.pending is None


def test_optimistic_nihilism_ignores_ages_until_the_next_catastrophe() -> None:
    """Optimistic Nihilism: ages revealed on the way are ignored, straight to the next catastrophe."""
    t = table(
        hands={"Ana": ["Swarm"], "Ben": ["Optimistic Nihilism"]},
        revealed=["the_birth_of_life"],
        age="the_birth_of_life",
        run="turns",
        age_deck=["arid_lands", "eclipse", "ice_age", "flourish", "grey_goo", "the_big_one"],
        play="game",
        deck=FILL,
    )
    on = cid(t, "Optimistic Nihilism")
    log = t.events()
    assert RoundSkipped(1, on) in log
    after_skip = log[log.index(RoundSkipped(1, on)):]
    assert not any(isinstance(e, Stabilized) for e in after_skip)
    ignored = [e for e in log if isinstance(e, AgeIgnored)]
    assert [e.age for e in ignored] == ["arid_lands", "eclipse"]
    assert all(e.cause is not None and e.cause.id == "optimistic_nihilism" for e in ignored)
    assert not any(isinstance(e, AgeRevealed) for e in log)
    revealed = [e for e in log if isinstance(e, CatastropheRevealed)]
    assert [e.catastrophe for e in revealed] == ["ice_age"]
    assert log.index(ignored[-1]) < log.index(revealed[0])
    assert t.g.table.catastrophes == ["ice_age"] and t.g.table.age_deck == ["the_big_one", "grey_goo", "flourish"]


# --- World's End traits ---------------------------------------------------------------------------


def test_faith_recolours_one_colour_before_the_catastrophe_and_bonuses() -> None:
    """Faith: at World's End you may turn all your traits of one colour into another; the new
    colours count for the catastrophe (Ice Age: -1 per red trait) and for bonuses (Gratitude)."""
    t = table(
        piles={"Ana": ["Faith", "Stone Skin", "Quick", "Spiny", "Gratitude"], "Ben": ["Fangs"]},
        run="worlds_end", catastrophes=["super_volcano", "retrovirus", "ice_age"],
    )
    assert t.option_names() == ["no", "blue", "red"]  # colourless is not a colour
    t.answer("red")
    assert t.option_names() == ["blue", "green", "purple"]
    t.answer("blue")
    assert t.events(TraitsRecoloured) == [TraitsRecoloured(0, "red", "blue", ids(t, "Stone Skin", "Quick"))]
    assert t.events(WorldsEndPoints) == [WorldsEndPoints(1, -1)]
    assert score(t, "Ana") == (0, 4 + 2 + 2 + 1 + 0, 1, 10)
    assert score(t, "Ben") == (-1, 1, 0, 0)


def test_faith_may_change_nothing() -> None:
    """The choice not to recolour is an event too, so the other players hear it was made."""
    t = table(piles={"Ana": ["Faith", "Stone Skin", "Spiny", "Gratitude"]}, run="worlds_end", catastrophes=["super_volcano", "retrovirus", "ice_age"])
    t.answer("no")
    assert t.events(TraitsRecoloured) == []
    assert (0, "faith", "colours_kept") in nothings(t)
    assert score(t, "Ana") == (-1, 7, 2, 8)


def test_prepper_chooses_which_catastrophe_ends_the_world_for_everyone() -> None:
    """Prepper: at World's End, choose which revealed catastrophe's World's End effect is used."""
    t = table(
        piles={"Ana": ["Prepper", "Fangs"], "Ben": ["Spiny", "Gills", "Quick"]},
        run="worlds_end", catastrophes=["ice_age", "super_volcano", "grey_goo"],
    )
    assert t.option_names() == ["ice_age", "super_volcano", "grey_goo"]
    t.answer("ice_age")
    assert t.events(WorldsEndCatastropheChosen) == [WorldsEndCatastropheChosen(0, "ice_age")]
    assert t.events(WorldsEndPoints) == [WorldsEndPoints(0, -1), WorldsEndPoints(1, -1)]
    assert score(t, "Ana") == (-1, 3, 0, 2)
    assert score(t, "Ben") == (-1, 4, 0, 3)  # Grey Goo would have cost Ben 5


def test_eloquence_plays_one_more_trait_without_its_action() -> None:
    """Eloquence: at World's End you may play one more trait from your hand, without its action."""
    t = table(hands={"Ana": ["Introspective", "Fangs"]}, piles={"Ana": ["Eloquence"]}, run="worlds_end", catastrophes=NEUTRAL_END)
    assert t.option_names() == ["no", "Introspective", "Fangs"]
    t.answer("Introspective")
    assert t.events(TraitPlayed) == [TraitPlayed(0, cid(t, "Introspective"), 0, "hand", True, action_skipped=True)]
    assert t.events(ActionResolving) == [] and t.events(Drew) == []
    assert t.pile("Ana") == ["Eloquence", "Introspective"] and t.hand("Ana") == ["Fangs"]
    assert score(t, "Ana") == (0, 2, 0, 2)


def test_eloquence_played_prepper_has_its_worlds_end_effect_too() -> None:
    """rules-notes: traits played at World's End have their own World's End effects resolved."""
    t = table(hands={"Ana": ["Prepper"]}, piles={"Ana": ["Eloquence", "Fangs"]}, run="worlds_end", catastrophes=["ice_age", "super_volcano", "retrovirus"])
    t.answer("Prepper")
    t.answer("ice_age")
    assert t.events(WorldsEndCatastropheChosen) == [WorldsEndCatastropheChosen(0, "ice_age")]
    assert score(t, "Ana") == (-1, 4, 0, 3)


def test_eloquence_cannot_play_a_third_dominant() -> None:
    """Rulebook, Dominant: you can only play 2 dominants."""
    t = table(hands={"Ana": ["Faith"]}, piles={"Ana": ["Eloquence", "Denial", "Camouflage"]}, run="worlds_end", catastrophes=NEUTRAL_END)
    assert t.events(TraitPlayed) == [] and t.hand("Ana") == ["Faith"]
    assert score(t, "Ana") == (0, 6, 1, 7)  # Camouflage: +1 per card in hand


def test_viral_costs_each_opponent_a_point_per_trait_of_the_named_colour() -> None:
    """Viral: at World's End name a colour; each opponent loses one point per trait of it."""
    t = table(
        players=("Ana", "Ben", "Cat"),
        piles={"Ana": ["Viral", "Stone Skin"], "Ben": ["Fangs", "Quick", "Spiny"], "Cat": ["Antlers"]},
        run="worlds_end", catastrophes=NEUTRAL_END,
    )
    assert t.option_names() == ["blue", "green", "purple", "red"]
    t.answer("red")
    assert t.events(ColourNamed) == [ColourNamed(0, "red", cid(t, "Viral"))]
    assert score(t, "Ana") == (0, 4, 0, 4)  # never its owner
    assert score(t, "Ben") == (0, 4, -2, 2)
    assert score(t, "Cat") == (0, 3, -1, 2)


BONUS_CASES = [
    # (pile, hand, gene pool, face value, bonus): Drop of life bonuses tallied after face values.
    pytest.param(["Mindful", "Fear", "Confusion", "Stone Skin"], [], 5, 1, 3, id="mindful"),
    pytest.param(["Saudade"], ["Stone Skin", "Quick", "Spiny", "Fear", "Bark"], 5, 1, 3, id="saudade"),
    pytest.param(["Saudade"], [], 5, 1, 0, id="saudade-empty-hand"),
    pytest.param(["Boredom"], ["Introspective", "Stone Skin", "Late", "Fear", "Camouflage"], 5, 0, 3, id="boredom"),
    pytest.param(["Gratitude", "Stone Skin", "Quick", "Spiny", "Fear", "Big Ears"], [], 5, 7, 3, id="gratitude"),
    pytest.param(["Altruistic"], [], 7, 0, 7, id="altruistic"),
    pytest.param(["Sticky Secretions", "Big Ears", "Nocturnal", "Stone Skin"], [], 5, 5, 3, id="sticky-secretions"),
    pytest.param(["Camouflage"], ["Stone Skin", "Fear", "Spiny"], 5, 1, 3, id="camouflage"),
]


@pytest.mark.parametrize("pile,hand,pool,face,bonus", BONUS_CASES)
def test_drop_of_life_bonus_is_scored(pile: list[str], hand: list[str], pool: int, face: int, bonus: int) -> None:
    """Rulebook, Scoring: World's End points, then face values, then bonuses and modifiers.
    Colourless is not a colour (Saudade, Gratitude); X counts zero (Boredom, Gratitude, Altruistic)."""
    t = table(piles={"Ana": pile}, hands={"Ana": hand}, gene_pools={"Ana": pool}, run="worlds_end", catastrophes=NEUTRAL_END)
    assert t.pending is None
    assert score(t, "Ana") == (0, face, bonus, face + bonus)


def test_ai_takeover_makes_colourless_traits_worth_two_and_ignores_their_bonuses() -> None:
    """AI Takeover (retail) World's End: colourless traits, except dominants, are worth two and
    their effects are ignored (rules-notes: counted in face value). Denial keeps its 4."""
    t = table(
        piles={"Ana": ["Mindful", "Confusion", "Altruistic", "Denial"], "Ben": ["Sticky Secretions", "Big Ears"]},
        run="worlds_end", catastrophes=["super_volcano", "ice_age", "ai_takeover"],
    )
    assert score(t, "Ana") == (0, 2 + 2 + 2 + 4, 0, 10)
    assert score(t, "Ben") == (0, 0, 2, 2)  # purple Sticky Secretions is untouched


# --- purple actions -------------------------------------------------------------------------------


def test_vampirism_steals_a_trait_and_resolves_its_action_for_the_thief() -> None:
    """Vampirism: steal a trait from an opponent and carry out its action (Introspective draws 4)."""
    t = table(hands={"Ana": ["Vampirism"]}, piles={"Ben": ["Introspective", "Tiny"]}, deck=FILL)
    vamp, intro = ids(t, "Vampirism", "Introspective")
    assert t.pile("Ana") == ["Introspective", "Vampirism"] and t.pile("Ben") == ["Tiny"]
    assert t.events(TraitMoved) == [TraitMoved(intro, 1, 0, "steal")]
    assert t.events(ActionResolving) == [ActionResolving(0, vamp), ActionResolving(0, intro, vamp)]
    assert [e for e in t.events(Drew) if why(e) == "introspective"] == [
        Drew(0, ids(t, *FILL[:4]), frozenset({0}))
    ]
    assert t.hand("Ana") == sorted(FILL[:5]) and t.hand("Ben") == []


def test_vampirism_cannot_choose_a_dominant() -> None:
    """Rulebook, Dominant: a dominant cannot be stolen."""
    t = table(hands={"Ana": ["Vampirism"]}, piles={"Ben": ["Tiny", "Fangs", "Quick"]}, deck=FILL)
    assert sorted(t.option_names()) == ["Fangs", "Quick"]
    t.answer("Quick")
    assert t.pile("Ben") == ["Fangs", "Tiny"] and t.pile("Ana") == ["Quick", "Vampirism"]
    assert t.events(ActionResolving) == [ActionResolving(0, cid(t, "Vampirism"))]  # Quick has no action


def test_memory_may_discard_the_hand_then_stabilize() -> None:
    """Memory: you may throw away your whole hand, then stabilize."""
    t = table(hands={"Ana": ["Memory", "Fangs", "Quick"]}, deck=FILL)
    t.answer("Memory")
    assert t.option_names() == ["no", "yes"]
    t.answer("yes")
    assert t.events(Discarded) == [Discarded(0, ids(t, "Fangs", "Quick"), False)]
    assert t.discard == ["Fangs", "Quick"]
    assert t.hand("Ana") == sorted(FILL[:5])
    assert t.events(Stabilized) == [Stabilized(0, 5, 0, 5), Stabilized(0, 0, 0, 5)]
    # Memory caused the stabilizing: the draws are the stabilize step's, nested under Memory.
    drew = t.events(Drew)
    assert [why(e) for e in drew] == ["stabilize"]
    parent = t.g.log[drew[0].parent]
    assert isinstance(parent, ActionResolving) and parent.card == cid(t, "Memory")


def test_memory_declined_keeps_the_hand() -> None:
    t = table(hands={"Ana": ["Memory", "Fangs", "Quick"]}, deck=FILL)
    t.answer("Memory")
    t.answer("no")
    assert t.events(Discarded) == []
    assert t.hand("Ana") == sorted(["Fangs", "Quick", *FILL[:3]])
    assert t.events(Stabilized) == [Stabilized(0, 3, 0, 5)]
    # said: a listener could not tell a kept hand from a throw not told
    from doomlings_access.ui.announcer import Announcer

    v = t.g.view(1)
    told = " ".join(said.text for said in Announcer(1, "normal").render_all(v, v.log))
    assert "Memory: Ana keeps the hand." in told, told
    v = t.g.view(0)
    told = " ".join(said.text for said in Announcer(0, "normal").render_all(v, v.log))
    assert "Memory: you keep your hand." in told, told


def test_poisonous_trades_itself_for_an_opponent_trait() -> None:
    """Poisonous: trade this trait for one of an opponent's traits (never a dominant)."""
    t = table(hands={"Ana": ["Poisonous"]}, piles={"Ben": ["Fangs", "Quick", "Tiny"]}, deck=FILL)
    assert sorted(t.option_names()) == ["Fangs", "Quick"]
    t.answer("Quick")
    pois, quick = ids(t, "Poisonous", "Quick")
    assert t.pile("Ana") == ["Quick"] and t.pile("Ben") == ["Fangs", "Poisonous", "Tiny"]
    assert t.events(TraitMoved) == [TraitMoved(pois, 0, 1, "trade"), TraitMoved(quick, 1, 0, "trade")]


@pytest.mark.parametrize("ben_pile", [[], ["Tiny"]], ids=["empty", "only-dominant"])
def test_poisonous_without_a_target_stays(ben_pile: list[str]) -> None:
    t = table(hands={"Ana": ["Poisonous"]}, piles={"Ben": ben_pile}, deck=FILL)
    assert t.pile("Ana") == ["Poisonous"] and t.events(TraitMoved) == []
    assert (0, "poisonous", "no_target") in nothings(t)


def test_poisonous_trade_is_refused_during_reforestation() -> None:
    """Reforestation: traits in piles cannot be swapped (a trade is a swap); the trait stays played."""
    t = table(hands={"Ana": ["Poisonous"]}, piles={"Ben": ["Fangs"]}, age="reforestation", deck=FILL)
    assert (0, "poisonous", "piles_protected") in nothings(t)
    assert t.pile("Ana") == ["Poisonous"] and t.pile("Ben") == ["Fangs"]


def test_inventive_resolves_an_opponent_trait_action_for_you() -> None:
    """Inventive: carry out the action of a trait in an opponent's pile; the trait stays there."""
    t = table(hands={"Ana": ["Inventive"]}, piles={"Ben": ["Introspective", "Fangs"]}, deck=FILL)
    inv, intro = ids(t, "Inventive", "Introspective")
    assert ActionResolving(0, intro, inv) in t.events()
    assert [e for e in t.events(Drew) if why(e) == "introspective"] == [
        Drew(0, ids(t, *FILL[:4]), frozenset({0}))
    ]
    assert t.pile("Ben") == ["Fangs", "Introspective"] and t.pile("Ana") == ["Inventive"]
    assert t.hand("Ben") == []


def test_inventive_finds_no_action_to_copy() -> None:
    t = table(hands={"Ana": ["Inventive"]}, piles={"Ben": ["Fangs", "Tiny"]}, deck=FILL)
    assert (0, "inventive", "no_target") in nothings(t)
    assert t.events(ActionResolving) == [ActionResolving(0, cid(t, "Inventive"))]


def test_inventive_copying_poisonous_does_nothing() -> None:
    """rules-notes: pieces acting on "this trait" do nothing when it is not in the resolver's pile."""
    t = table(hands={"Ana": ["Inventive"]}, piles={"Ana": ["Fangs"], "Ben": ["Poisonous", "Quick"]}, deck=FILL)
    assert (0, "poisonous", "not_in_pile") in nothings(t)
    assert t.events(TraitMoved) == []
    assert t.pile("Ben") == ["Poisonous", "Quick"]


def test_directly_register_steals_only_a_face_one_trait() -> None:
    """Directly Register: steal an opponent's trait with a face value of one (not X, not 2, not a
    dominant such as Camouflage)."""
    t = table(hands={"Ana": ["Directly Register"]}, piles={"Ben": ["Fangs", "Spiny", "Quick", "Kidney", "Camouflage"]}, deck=FILL)
    assert sorted(t.option_names()) == ["Fangs", "Spiny"]
    t.answer("Spiny")
    assert t.events(TraitMoved) == [TraitMoved(cid(t, "Spiny"), 1, 0, "steal")]
    assert t.pile("Ana") == ["Directly Register", "Spiny"]


@pytest.mark.parametrize("ben_pile", [["Quick", "Kidney"], ["Camouflage", "Quick"]], ids=["no-face-one", "dominant-face-one"])
def test_directly_register_without_a_target(ben_pile: list[str]) -> None:
    t = table(hands={"Ana": ["Directly Register"]}, piles={"Ben": ben_pile}, deck=FILL)
    assert (0, "directly_register", "no_target") in nothings(t)
    assert t.pile("Ben") == sorted(ben_pile) and t.events(TraitMoved) == []


def test_telekinetic_swaps_for_a_trait_of_a_different_colour() -> None:
    """Telekinetic (retail): swap one of your traits for an opponent's trait of a different colour."""
    t = table(hands={"Ana": ["Telekinetic"]}, piles={"Ana": ["Fangs"], "Ben": ["Quick", "Bark", "Gills"]}, deck=FILL)
    assert sorted(t.option_names()) == ["Fangs", "Telekinetic"]
    t.answer("Fangs")
    assert sorted(t.option_names()) == ["Bark", "Gills"]  # Quick is red too
    t.answer("Bark")
    fangs, bark = ids(t, "Fangs", "Bark")
    assert t.events(TraitMoved) == [TraitMoved(fangs, 0, 1, "swap"), TraitMoved(bark, 1, 0, "swap")]
    assert t.pile("Ana") == ["Bark", "Telekinetic"] and t.pile("Ben") == ["Fangs", "Gills", "Quick"]


def test_telekinetic_cannot_trade_a_colourless_trait() -> None:
    """Rulebook: colourless "cannot be considered for color designated effects", so a colourless
    trait is of no colour and never "of a different colour": Telekinetic has nothing to trade."""
    t = table(hands={"Ana": ["Telekinetic"]}, piles={"Ana": ["Fear"], "Ben": ["Confusion", "Quick", "Spiny"]}, deck=FILL)
    # Fear (colourless) cannot be given; purple Telekinetic itself is the only trait to trade,
    # and never for colourless Confusion.
    assert t.pending.reason == "swap_take" and sorted(t.option_names()) == ["Quick", "Spiny"]
    t.answer("Quick")
    assert t.pile("Ana") == ["Fear", "Quick"] and t.pile("Ben") == ["Confusion", "Spiny", "Telekinetic"]


def test_telekinetic_two_colourless_traits_are_not_different_by_house_rule() -> None:
    """House rule ``colourless_counts_as_colour``: two colourless traits are not of different
    colours, but a colourless one differs from a coloured one."""
    t = table(
        hands={"Ana": ["Telekinetic"]}, piles={"Ana": ["Fear"], "Ben": ["Confusion", "Quick", "Spiny"]},
        deck=FILL, options=Options(colourless_counts_as_colour=True),
    )
    t.answer("Fear")
    assert sorted(t.option_names()) == ["Quick", "Spiny"]
    t.answer("Quick")
    assert t.pile("Ben") == ["Confusion", "Fear", "Spiny"]


def test_telekinetic_cannot_take_a_dominant() -> None:
    t = table(hands={"Ana": ["Telekinetic"]}, piles={"Ana": ["Fangs"], "Ben": ["Tiny"]}, deck=FILL)
    assert (0, "telekinetic", "no_target") in nothings(t)
    assert t.events(TraitMoved) == []


def test_selfish_takes_a_red_non_dominant_trait() -> None:
    """Selfish: take a red trait from an opponent's pile into yours (Apex Predator is dominant)."""
    t = table(hands={"Ana": ["Selfish"]}, piles={"Ben": ["Fangs", "Quick", "Spiny", "Apex Predator"]}, deck=FILL)
    assert sorted(t.option_names()) == ["Fangs", "Quick"]
    t.answer("Quick")
    assert t.events(TraitMoved) == [TraitMoved(cid(t, "Quick"), 1, 0, "steal")]
    assert t.pile("Ana") == ["Quick", "Selfish"]


def test_selfish_without_a_red_trait() -> None:
    t = table(hands={"Ana": ["Selfish"]}, piles={"Ben": ["Spiny", "Apex Predator"]}, deck=FILL)
    assert (0, "selfish", "no_target") in nothings(t)
    assert t.pile("Ben") == ["Apex Predator", "Spiny"]


def test_clever_takes_a_shown_card_and_plays_it_with_its_action() -> None:
    """Clever: each opponent shows a card; take one and play it (rules-notes: from the hand, so
    its action happens)."""
    t = table(
        players=("Ana", "Ben", "Cat"),
        hands={"Ana": ["Clever"], "Ben": ["Introspective", "Stone Skin"], "Cat": ["Spiny"]},
        deck=FILL,
    )
    assert t.pending.player == 1 and sorted(t.option_names()) == ["Introspective", "Stone Skin"]
    t.answer("Introspective")
    assert t.pending.player == 0 and sorted(t.option_names()) == ["Introspective", "Spiny"]
    t.answer("Introspective")
    intro = cid(t, "Introspective")
    assert t.events(CardsRevealed) == [
        CardsRevealed(1, (intro,), None),
        CardsRevealed(2, (cid(t, "Spiny"),), None),
    ]
    assert t.events(CardsPassed) == [CardsPassed(1, 0, (intro,), None, taken=True)]
    assert t.pile("Ana") == ["Clever", "Introspective"]
    assert ActionResolving(0, intro) in t.events()
    assert t.hand("Ben") == ["Stone Skin"] and t.hand("Cat") == ["Spiny"]
    assert t.hand("Ana") == sorted(FILL[:5])


def test_clever_taken_card_that_cannot_be_played_stays_in_hand() -> None:
    """Rulebook, Requirements: Delicious needs a colourless trait; Ana keeps it in her hand."""
    t = table(hands={"Ana": ["Clever"], "Ben": ["Delicious"]}, deck=FILL)
    assert (0, "clever", "cannot_play_taken") in nothings(t)
    assert t.pile("Ana") == ["Clever"] and t.hand("Ben") == []
    assert t.hand("Ana") == sorted(["Delicious", *FILL[:4]])
    # It did take a card: told so, not as "Clever does nothing for Ana".
    from doomlings_access.ui.announcer import Announcer

    v = t.g.view(1)
    told = [said.text for e in v.log if (said := Announcer(1).render(v, e)) is not None]
    assert "Clever: Ana cannot play the card taken now; it stays in Ana's hand." in told
    assert not any("does nothing" in line for line in told)
    v = t.g.view(0)
    mine = [said.text for e in v.log if (said := Announcer(0).render(v, e)) is not None]
    assert "Clever: you cannot play the card taken now; it stays in your hand." in mine  # not "You"


def test_clever_when_opponents_have_empty_hands() -> None:
    t = table(hands={"Ana": ["Clever"]}, deck=FILL)
    assert (0, "clever", "no_target") in nothings(t)
    assert t.events(CardsRevealed) == [] and t.pile("Ana") == ["Clever"]


def test_impatience_takes_two_random_cards() -> None:
    """Impatience: take two random cards from an opponent's hand."""
    ben = ["Stone Skin", "Quick", "Spiny"]
    t = table(hands={"Ana": ["Impatience"], "Ben": ben}, deck=FILL)
    passed = t.events(CardsPassed)
    assert len(passed) == 1
    e = passed[0]
    assert (e.giver, e.receiver, e.visible_to, why(e), e.taken) == (1, 0, frozenset({0, 1}), "impatience", True)
    taken = t.names(e.cards)
    assert len(taken) == 2 and set(taken) <= set(ben)
    assert t.hand("Ben") == sorted(set(ben) - set(taken))
    assert t.hand("Ana") == sorted([*taken, *FILL[:3]])


def test_impatience_skips_an_opponent_with_an_empty_hand() -> None:
    t = table(players=("Ana", "Ben", "Cat"), hands={"Ana": ["Impatience"], "Cat": ["Spiny"]}, deck=FILL)
    assert t.events(CardsPassed) == [CardsPassed(2, 0, (cid(t, "Spiny"),), frozenset({0, 2}), taken=True, random=True)]
    assert t.hand("Cat") == []


def test_impatience_when_every_opponent_hand_is_empty() -> None:
    t = table(hands={"Ana": ["Impatience"]}, deck=FILL)
    assert (0, "impatience", "no_target") in nothings(t)
    assert t.events(CardsPassed) == []


def test_nosy_sees_two_random_cards_takes_one_and_plays_it() -> None:
    """Nosy: see two random cards from an opponent's hand, then take one and play it. Only the
    two hands see which card moves (the others learn it when it is played)."""
    t = table(hands={"Ana": ["Nosy"], "Ben": ["Introspective", "Stone Skin"]}, deck=FILL)
    shown = t.events(CardsRevealed)
    assert len(shown) == 1
    assert (shown[0].owner, shown[0].visible_to, why(shown[0])) == (1, frozenset({0, 1}), "nosy")
    assert sorted(t.names(shown[0].cards)) == ["Introspective", "Stone Skin"]
    assert sorted(t.option_names()) == ["Introspective", "Stone Skin"]
    t.answer("Introspective")
    intro = cid(t, "Introspective")
    assert CardsPassed(1, 0, (intro,), frozenset({0, 1}), taken=True) in t.events()
    assert t.pile("Ana") == ["Introspective", "Nosy"] and t.hand("Ben") == ["Stone Skin"]
    assert ActionResolving(0, intro) in t.events()


def test_nosy_with_an_empty_opponent_hand() -> None:
    t = table(hands={"Ana": ["Nosy"]}, deck=FILL)
    assert (0, "nosy", "no_target") in nothings(t)


def test_persuasive_discards_the_named_colour_from_every_hand_but_not_colourless() -> None:
    """Persuasive: name a colour; every player, you too, discards their cards of that colour.
    Colourless is not a colour (rulebook), so it cannot be named and is never discarded."""
    t = table(hands={"Ana": ["Persuasive", "Stone Skin", "Fear", "Big Ears"], "Ben": ["Quick", "Spiny", "Confusion"]}, deck=FILL)
    t.answer("Persuasive")
    assert t.option_names() == ["blue", "green", "purple", "red"]
    t.answer("red")
    assert t.events(ColourNamed) == [ColourNamed(0, "red", cid(t, "Persuasive"))]
    assert t.events(Discarded) == [
        Discarded(0, (cid(t, "Stone Skin"),), False),
        Discarded(1, (cid(t, "Quick"),), False),
    ]
    assert t.hand("Ben") == ["Confusion", "Spiny"]
    assert t.hand("Ana") == sorted(["Big Ears", "Fear", *FILL[:3]])


def test_venomous_plays_another_then_moves_to_an_opponent() -> None:
    """Venomous: play another trait, then this one moves into an opponent's pile."""
    t = table(hands={"Ana": ["Venomous", "Stone Skin", "Quick"]}, deck=FILL)
    t.answer("Venomous")
    assert sorted(t.option_names()) == ["Quick", "Stone Skin"]
    t.answer("Stone Skin")
    ven = cid(t, "Venomous")
    assert t.pile("Ana") == ["Stone Skin"] and t.pile("Ben") == ["Venomous"]
    assert t.events(TraitMoved) == [TraitMoved(ven, 0, 1, "move")]
    assert index(t, TraitPlayed(0, cid(t, "Stone Skin"), 0, "hand", False)) < index(t, TraitMoved(ven, 0, 1, "move"))
    assert t.events(Stabilized) == [Stabilized(0, 4, 0, 5)]


def test_venomous_still_moves_during_reforestation() -> None:
    """rules-notes: Reforestation does not protect against moving Venomous."""
    t = table(hands={"Ana": ["Venomous"]}, age="reforestation", deck=FILL)
    assert t.pile("Ana") == [] and t.pile("Ben") == ["Venomous"]
    assert t.events(TraitMoved) == [TraitMoved(cid(t, "Venomous"), 0, 1, "move")]


def test_venomous_moves_even_with_nothing_else_to_play() -> None:
    t = table(players=("Ana", "Ben", "Cat"), hands={"Ana": ["Venomous"]}, deck=FILL)
    assert (0, "venomous", "nothing_playable") in nothings(t)
    assert sorted(t.option_names()) == ["Ben", "Cat"]
    t.answer("Cat")
    assert t.pile("Ana") == [] and t.pile("Cat") == ["Venomous"]
