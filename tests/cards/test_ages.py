"""Every age card (the 28 ages and The Birth of Life): round rules and reveal effects.

Rulebook, "AGES": "All players follow the age effect BEFORE turns are taken. Age effects last
1 round only." Card facts: shared/cards/base-game.md section 2 (ages); choices where the texts
are silent: docs/rules-notes.md, "Ages".

Round rules are checked with ``table(age=..., run="turn"|"turns")``; reveal effects with
``run="age"`` (the age is revealed, then the round's turns are played).
"""

from __future__ import annotations

import pytest
from builders import QUIET_DECK, Table, gene_changes, table, why

from doomlings_access.cards import load_cards
from doomlings_access.rules.events import (
    ActionCancelled,
    ActionIgnored,
    ActionResolving,
    AgeRevealed,
    CardsPassed,
    Discarded,
    Drew,
    GenePoolChanged,
    NextAgeSeen,
    NothingToDo,
    PlayFailed,
    Stabilized,
    StabilizeSkipped,
    ThirdDominantDiscarded,
    TraitDiscarded,
    TraitMoved,
    TraitPlayed,
    TurnSkipped,
    TurnStarted,
)

# Effectless traits of each colour (so no action gets in the way).
ONE_OF_EACH = {
    "blue": "Gills",
    "red": "Quick",
    "purple": "Big Ears",
    "green": "Bark",
    "colourless": "Fear",
}
TWO_OF_EACH = {
    "blue": ["Gills", "Spiny"],
    "red": ["Quick", "Fangs"],
    "purple": ["Big Ears", "Nocturnal"],
    "green": ["Bark", "Leaves"],
    "colourless": ["Fear", "Flatulence"],
}
# Traits without actions, used in no hand below, for a known deck top.
DECK = QUIET_DECK
COLOUR_LOCKS = [
    ("arid_lands", "blue"),
    ("eclipse", "red"),
    ("lunar_retreat", "purple"),
    ("tectonic_shift", "green"),
    ("tropical_lands", "colourless"),
]


def name(t: Table, card: int) -> str:
    return t.g.defs[card].name


def played(t: Table) -> list[tuple[int, str, str]]:
    """(player, trait, source) of every trait played, in order."""
    return [(e.player, name(t, e.card), e.source) for e in t.events(TraitPlayed)]


def discards(t: Table) -> list[tuple[int, list[str], bool, str | None]]:
    return [(e.player, sorted(t.names(e.cards)), e.random, why(e)) for e in t.events(Discarded)]


def index_of(t: Table, event: object) -> int:
    return next(i for i, e in enumerate(t.events()) if e is event)


# --- colour locks: Arid Lands, Eclipse, Lunar Retreat, Tectonic Shift, Tropical Lands ----------


@pytest.mark.parametrize("age, colour", COLOUR_LOCKS)
def test_colour_lock_leaves_the_locked_colour_out_of_the_play_options(
    age: str, colour: str
) -> None:
    """Arid Lands, Eclipse, Lunar Retreat, Tectonic Shift, Tropical Lands: traits of the colour
    cannot be played this round (card facts, "Colour-lock ages")."""
    hand = list(ONE_OF_EACH.values())
    t = table(hands={"Ana": hand}, deck=DECK, age=age)
    allowed = sorted(n for c, n in ONE_OF_EACH.items() if c != colour)
    assert sorted(t.option_names()) == allowed
    t.answer(allowed[0])
    assert t.pile("Ana") == [allowed[0]]
    rest = [n for n in hand if n != allowed[0]]
    assert t.hand("Ana") == sorted(rest + DECK[:1])  # stabilized to 5: drew one
    assert ONE_OF_EACH[colour] in t.hand("Ana")
    assert played(t) == [(0, allowed[0], "hand")]
    assert not t.events(PlayFailed)
    assert [(e.player, e.drew, e.hand) for e in t.events(Stabilized)] == [(0, 1, 5)]
    assert t.pending is None


@pytest.mark.parametrize("age, colour", COLOUR_LOCKS)
def test_colour_lock_with_only_locked_cards_skips_the_turn(age: str, colour: str) -> None:
    """Rulebook: "If you hold cards but can't play any, skip your turn" and do not stabilize."""
    hand = TWO_OF_EACH[colour]
    t = table(hands={"Ana": hand}, deck=DECK, age=age)
    assert t.pending.reason == "cannot_play"
    assert t.option_names() == ["skip", "redraw"]
    t.answer("skip")
    assert t.hand("Ana") == sorted(hand)
    assert t.pile("Ana") == []
    assert [(e.player, e.reason) for e in t.events(TurnSkipped)] == [(0, "no_playable")]
    assert not t.events(TraitPlayed) and not t.events(Stabilized) and not t.events(Discarded)
    assert t.pending is None


@pytest.mark.parametrize("age, colour", COLOUR_LOCKS)
def test_colour_lock_with_only_locked_cards_may_redraw_three(age: str, colour: str) -> None:
    """Rulebook: "You may, if you choose, discard your entire hand and draw 3 cards"; no stabilizing."""
    hand = TWO_OF_EACH[colour]
    t = table(hands={"Ana": hand}, deck=DECK, age=age)
    t.answer("redraw")
    assert t.hand("Ana") == sorted(DECK[:3])
    assert sorted(t.discard) == sorted(hand)
    assert t.pile("Ana") == []
    assert [(e.player, sorted(t.names(e.cards))) for e in t.events(Discarded)] == [
        (0, sorted(hand))
    ]
    assert [(e.player, e.reason) for e in t.events(TurnSkipped)] == [(0, "redraw")]
    assert not t.events(TraitPlayed) and not t.events(Stabilized)


def test_age_effects_last_one_round_only() -> None:
    """Rulebook: "Age effects last 1 round only": after Arid Lands, blue may be played again."""
    t = table(
        hands={"Ana": ["Gills", "Quick"], "Ben": ["Spiny", "Fangs"]},
        deck=DECK,
        age="arid_lands",
        run="age",
        age_deck=["coastal_formations", "ice_age", "grey_goo", "the_big_one"],
        play="game",
    )
    # Arid Lands: each had a single playable (non-blue) card, so its round needed no answer.
    assert [e.age for e in t.events(AgeRevealed)] == ["arid_lands", "coastal_formations"]
    assert t.pile("Ana") == ["Quick"] and t.pile("Ben") == ["Fangs"]
    assert t.pending.player == 0
    assert "Gills" in t.option_names()
    t.answer("Gills")
    assert t.pile("Ana") == ["Gills", "Quick"]


# --- Glacial Drift ---------------------------------------------------------------------------


def test_glacial_drift_allows_face_three_or_less_and_x_traits() -> None:
    """Glacial Drift: only traits of face value 3 or less; rules notes: X is 0, so allowed."""
    t = table(
        hands={"Ana": ["Blubber", "Tiny", "Antlers", "Kidney", "Confusion"]},
        deck=["Quick"],
        age="glacial_drift",
    )
    assert sorted(t.option_names()) == ["Antlers", "Confusion", "Kidney"]
    t.answer("Kidney")
    assert t.pile("Ana") == ["Kidney"]
    assert t.hand("Ana") == ["Antlers", "Blubber", "Confusion", "Quick", "Tiny"]
    assert played(t) == [(0, "Kidney", "hand")]


def test_glacial_drift_with_only_high_faces_skips_the_turn() -> None:
    """Glacial Drift with only face 4+ cards: the player cannot play and may skip or redraw."""
    t = table(hands={"Ana": ["Blubber", "Tiny"]}, age="glacial_drift")
    assert t.option_names() == ["skip", "redraw"]
    t.answer("skip")
    assert t.hand("Ana") == ["Blubber", "Tiny"]
    assert [e.reason for e in t.events(TurnSkipped)] == ["no_playable"]


# --- Natural Harmony --------------------------------------------------------------------------


def test_natural_harmony_forbids_the_colour_just_played() -> None:
    """Natural Harmony: a trait may not share a colour with the trait played just before it."""
    t = table(
        hands={"Ana": ["Quick"], "Ben": ["Fangs", "Gills", "Fear"]},
        deck=DECK,
        age="natural_harmony",
        run="turns",
    )
    assert t.pile("Ana") == ["Quick"]  # Ana's only card, played at once
    assert t.pending.player == 1
    assert sorted(t.option_names()) == ["Fear", "Gills"]
    t.answer("Gills")
    assert t.pile("Ben") == ["Gills"]
    assert "Fangs" in t.hand("Ben")
    assert played(t) == [(0, "Quick", "hand"), (1, "Gills", "hand")]
    assert t.pending is None


def test_natural_harmony_colourless_never_conflicts() -> None:
    """Rules notes: Natural Harmony compares colours; colourless never conflicts."""
    t = table(
        hands={"Ana": ["Fear"], "Ben": ["Flatulence", "Quick"]},
        deck=DECK,
        age="natural_harmony",
        run="turns",
    )
    assert t.pending.player == 1
    assert sorted(t.option_names()) == ["Flatulence", "Quick"]
    t.answer("Flatulence")
    assert played(t) == [(0, "Fear", "hand"), (1, "Flatulence", "hand")]


def test_natural_harmony_with_only_that_colour_skips_the_turn() -> None:
    """Natural Harmony: holding only the colour just played, the player cannot play."""
    t = table(
        hands={"Ana": ["Quick"], "Ben": ["Fangs", "Antlers"]},
        deck=DECK,
        age="natural_harmony",
        run="turns",
    )
    assert t.pending.player == 1 and t.option_names() == ["skip", "redraw"]
    t.answer("skip")
    assert t.pile("Ben") == [] and t.hand("Ben") == ["Antlers", "Fangs"]
    assert [(e.player, e.reason) for e in t.events(TurnSkipped)] == [(1, "no_playable")]


# --- Age of Peace -----------------------------------------------------------------------------


def test_age_of_peace_ignores_the_action() -> None:
    """Age of Peace: all actions are ignored this round (Introspective draws nothing)."""
    t = table(hands={"Ana": ["Introspective", "Quick"]}, deck=DECK, age="age_of_peace")
    t.answer("Introspective")
    assert t.pile("Ana") == ["Introspective"]
    assert t.hand("Ana") == sorted(["Quick", *DECK[:4]])  # stabilized only
    ignored = t.events(ActionIgnored)
    assert [(e.player, name(t, e.card), e.reason) for e in ignored] == [(0, "Introspective", "age")]
    assert not t.events(ActionResolving)
    assert [why(e) for e in t.events(Drew)] == ["stabilize"]


@pytest.mark.parametrize("age", ["age_of_peace", "sea_kingdoms"])
def test_ignored_action_cannot_be_cancelled_out_of_turn(age: str) -> None:
    """Chromatophores is played when someone's action is about to resolve (card data,
    cancel_action). Under Age of Peace / Sea Kingdoms no action resolves, so Ben is not offered
    an out-of-turn play (rulebook: out-of-turn traits are played "as instructed")."""
    _ignored_action_with_ben_holding(age, ["Chromatophores"])


def _ignored_action_with_ben_holding(age: str, ben: list[str]) -> None:
    t = table(hands={"Ana": ["Introspective", "Quick", "Fangs"], "Ben": ben}, deck=DECK, age=age)
    t.answer("Introspective")
    if age == "sea_kingdoms":  # the second play of the turn
        assert t.pending is not None and t.pending.player == 0
        t.answer("Quick")
    assert t.pending is None
    assert t.hand("Ben") == ben and t.pile("Ben") == []
    assert [name(t, e.card) for e in t.events(ActionIgnored)] == ["Introspective"]
    assert not t.events(ActionCancelled)


@pytest.mark.parametrize("age", ["age_of_peace", "sea_kingdoms"])
def test_ignored_action_with_nobody_to_respond(age: str) -> None:
    """The same round without Chromatophores: the action is ignored, nothing else happens."""
    _ignored_action_with_ben_holding(age, ["Gills"])


# --- Age of Wonder ----------------------------------------------------------------------------


def test_age_of_wonder_stabilizes_to_four_by_drawing() -> None:
    """Age of Wonder: finish the turn with 4 cards, not the gene pool (7 here)."""
    t = table(
        hands={"Ana": ["Quick", "Fangs", "Gills"]},
        deck=DECK,
        gene_pools={"Ana": 7},
        age="age_of_wonder",
    )
    t.answer("Quick")
    assert t.hand("Ana") == sorted(["Fangs", "Gills", *DECK[:2]])
    assert t.gene_pool("Ana") == 7
    assert [(e.drew, e.discarded, e.hand) for e in t.events(Stabilized)] == [(2, 0, 4)]


def test_age_of_wonder_stabilizes_to_four_by_discarding() -> None:
    """Age of Wonder with gene pool 2: the hand is brought down to 4, not 2."""
    hand = ["Quick", "Fangs", "Gills", "Spiny", "Bark", "Leaves", "Fear"]
    t = table(hands={"Ana": hand}, gene_pools={"Ana": 2}, age="age_of_wonder")
    t.answer("Quick")
    assert t.pending.reason == "discard_to_stabilize"
    t.answer_all("Fangs", "Gills")
    assert t.hand("Ana") == sorted(["Spiny", "Bark", "Leaves", "Fear"])
    assert sorted(t.discard) == ["Fangs", "Gills"]
    assert t.gene_pool("Ana") == 2
    assert [(e.drew, e.discarded, e.hand) for e in t.events(Stabilized)] == [(0, 2, 4)]


# --- The Messiah ------------------------------------------------------------------------------


@pytest.mark.parametrize("first, order", [("Ana", [2, 1, 0]), ("Ben", [0, 2, 1])])
def test_the_messiah_reverses_the_turn_order(first: str, order: list[int]) -> None:
    """The Messiah: turns go the other way, from the player before the first player
    (rules notes: the one who would have gone last)."""
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Quick"], "Ben": ["Fangs"], "Cy": ["Gills"]},
        first=first,
        age="the_messiah",
        run="turns",
    )
    assert t.pending is None
    assert [e.player for e in t.events(TurnStarted)] == order
    assert [(p, c) for p, c, _ in played(t)] == [(s, ["Quick", "Fangs", "Gills"][s]) for s in order]
    assert (t.pile("Ana"), t.pile("Ben"), t.pile("Cy")) == (["Quick"], ["Fangs"], ["Gills"])


# --- Prosperity -------------------------------------------------------------------------------


def test_prosperity_may_skip_stabilizing() -> None:
    """Prosperity: at the end of your turn you may choose not to stabilize."""
    t = table(hands={"Ana": ["Quick"]}, deck=DECK, age="prosperity")
    assert t.pending.reason == "may_skip_stabilize"
    assert t.option_names() == ["stabilize", "skip"]
    t.answer("skip")
    assert t.hand("Ana") == [] and t.pile("Ana") == ["Quick"]
    assert [(e.player, e.reason) for e in t.events(StabilizeSkipped)] == [(0, "chose_not_to")]
    assert not t.events(Stabilized) and not t.events(Drew)


def test_prosperity_may_still_stabilize() -> None:
    """Prosperity: choosing to stabilize draws up to the gene pool as usual."""
    t = table(hands={"Ana": ["Quick"]}, deck=DECK, age="prosperity")
    t.answer("stabilize")
    assert t.hand("Ana") == sorted(DECK[:5])
    assert [(e.drew, e.hand) for e in t.events(Stabilized)] == [(5, 5)]
    assert not t.events(StabilizeSkipped)


# --- Enlightenment ----------------------------------------------------------------------------


def test_enlightenment_discards_up_to_two_before_stabilizing() -> None:
    """Enlightenment: before stabilizing you may discard up to 2 cards from your hand."""
    t = table(hands={"Ana": ["Quick", "Fangs", "Gills", "Spiny"]}, deck=DECK, age="enlightenment")
    t.answer("Quick")
    assert t.pending.reason == "may_discard"
    assert sorted(t.option_names()) == ["Fangs", "Gills", "Spiny", "done"]
    t.answer("Fangs")
    assert sorted(t.option_names()) == ["Gills", "Spiny", "done"]
    t.answer("Gills")  # the second and last one: no third question
    assert t.pending is None
    assert t.hand("Ana") == sorted(["Spiny", *DECK[:4]])
    assert discards(t) == [(0, ["Fangs", "Gills"], False, "enlightenment")]
    assert [(e.drew, e.hand) for e in t.events(Stabilized)] == [(4, 5)]
    ev = t.events()
    assert index_of(t, t.events(Discarded)[0]) < index_of(t, t.events(Stabilized)[0]) < len(ev)


def test_enlightenment_may_discard_nothing() -> None:
    """Enlightenment is optional: "done" at once discards nothing."""
    t = table(hands={"Ana": ["Quick", "Fangs"]}, deck=DECK, age="enlightenment")
    t.answer("Quick")
    t.answer("done")
    assert t.hand("Ana") == sorted(["Fangs", *DECK[:4]])
    assert not t.events(Discarded)
    assert [e.drew for e in t.events(Stabilized)] == [4]


# --- Age of Nietzsche -------------------------------------------------------------------------


def test_age_of_nietzsche_may_redraw_three_instead_of_stabilizing() -> None:
    """Age of Nietzsche: instead of stabilizing you may throw away your hand and draw 3."""
    t = table(hands={"Ana": ["Quick", "Fangs", "Gills"]}, deck=DECK, age="age_of_nietzsche")
    t.answer("Quick")
    assert t.option_names() == ["stabilize", "redraw"]
    t.answer("redraw")
    assert t.hand("Ana") == sorted(DECK[:3])
    assert sorted(t.discard) == ["Fangs", "Gills"]
    assert discards(t) == [(0, ["Fangs", "Gills"], False, "age_of_nietzsche")]
    assert [(e.player, e.reason) for e in t.events(StabilizeSkipped)] == [(0, "redraw")]
    assert not t.events(Stabilized)


def test_age_of_nietzsche_is_named_before_the_stabilizing_it_replaces() -> None:
    """"Ana does not stabilize. Age of Nietzsche: Ana discards ..." said the effect before its
    cause: the skipped stabilize is the age's doing, and says so first."""
    from doomlings_access.ui.announcer import Announcer

    t = table(hands={"Ana": ["Quick", "Fangs", "Gills"]}, deck=DECK, age="age_of_nietzsche")
    t.answer("Quick")
    t.answer("redraw")
    v = t.g.view(1)
    told = " ".join(said.text for said in Announcer(1, "normal").render_all(v, v.log))
    assert "Age of Nietzsche: Ana does not stabilize. Ana discards Fangs and Gills." in told, told


def test_age_of_nietzsche_may_stabilize_as_usual() -> None:
    t = table(hands={"Ana": ["Quick", "Fangs", "Gills"]}, deck=DECK, age="age_of_nietzsche")
    t.answer("Quick")
    t.answer("stabilize")
    assert t.hand("Ana") == sorted(["Fangs", "Gills", *DECK[:3]])
    assert [e.drew for e in t.events(Stabilized)] == [3]
    assert not t.events(Discarded)


# --- Galactic Drift and High Tides ------------------------------------------------------------


def test_galactic_drift_offers_one_more_colourless_trait() -> None:
    """Galactic Drift: after playing a colourless trait you may play another colourless trait."""
    t = table(
        hands={"Ana": ["Fear", "Flatulence", "Confusion", "Quick"]}, deck=DECK, age="galactic_drift"
    )
    t.answer("Fear")
    assert t.pending.reason == "extra_play"
    assert sorted(t.option_names()) == ["Confusion", "Flatulence", "no"]
    t.answer("Flatulence")
    assert t.pending is None  # one extra play only
    assert t.pile("Ana") == ["Fear", "Flatulence"]
    assert t.hand("Ana") == sorted(["Confusion", "Quick", *DECK[:3]])
    assert played(t) == [(0, "Fear", "hand"), (0, "Flatulence", "hand")]


def test_galactic_drift_no_extra_play_after_a_coloured_trait() -> None:
    t = table(hands={"Ana": ["Quick", "Fear", "Flatulence"]}, deck=DECK, age="galactic_drift")
    t.answer("Quick")
    assert t.pending is None
    assert t.pile("Ana") == ["Quick"]
    assert played(t) == [(0, "Quick", "hand")]


def test_galactic_drift_extra_play_may_be_declined() -> None:
    t = table(hands={"Ana": ["Fear", "Flatulence"]}, deck=DECK, age="galactic_drift")
    t.answer("Fear")
    t.answer("no")
    assert t.pile("Ana") == ["Fear"]
    assert "Flatulence" in t.hand("Ana")
    assert len(t.events(TraitPlayed)) == 1


def test_high_tides_offers_one_more_effectless_trait() -> None:
    """High Tides: after playing an effectless trait you may play another effectless trait
    (Introspective has an action and Just a gene pool effect: neither is effectless)."""
    t = table(
        hands={"Ana": ["Quick", "Fangs", "Introspective", "Just"]}, deck=DECK, age="high_tides"
    )
    t.answer("Quick")
    assert t.pending.reason == "extra_play"
    assert sorted(t.option_names()) == ["Fangs", "no"]
    t.answer("Fangs")
    assert t.pile("Ana") == ["Fangs", "Quick"]
    assert t.hand("Ana") == sorted(["Introspective", "Just", *DECK[:3]])
    assert played(t) == [(0, "Quick", "hand"), (0, "Fangs", "hand")]


def test_high_tides_no_extra_play_after_a_trait_with_an_effect() -> None:
    t = table(hands={"Ana": ["Just", "Quick", "Fangs"]}, deck=DECK, age="high_tides")
    t.answer("Just")
    assert t.pending is None
    assert t.pile("Ana") == ["Just"]
    assert t.gene_pool("Ana") == 6


# --- Sea Kingdoms -----------------------------------------------------------------------------


def test_sea_kingdoms_plays_two_traits_and_ignores_actions() -> None:
    """Sea Kingdoms: play 2 traits this turn; their actions are ignored."""
    t = table(hands={"Ana": ["Introspective", "Quick", "Fangs"]}, deck=DECK, age="sea_kingdoms")
    assert (t.pending.step, t.pending.of) == (1, 2)
    t.answer("Introspective")
    assert (t.pending.step, t.pending.of) == (2, 2)
    assert sorted(t.option_names()) == ["Fangs", "Quick"]
    t.answer("Quick")
    assert t.pile("Ana") == ["Introspective", "Quick"]
    assert t.hand("Ana") == sorted(["Fangs", *DECK[:4]])
    assert [name(t, e.card) for e in t.events(ActionIgnored)] == ["Introspective"]
    assert not t.events(ActionResolving)
    assert played(t) == [(0, "Introspective", "hand"), (0, "Quick", "hand")]


def test_sea_kingdoms_with_one_card_plays_one() -> None:
    t = table(hands={"Ana": ["Quick"]}, deck=DECK, age="sea_kingdoms")
    assert t.pending is None
    assert t.pile("Ana") == ["Quick"]
    assert t.hand("Ana") == sorted(DECK[:5])
    assert len(t.events(Stabilized)) == 1


# --- Temporal Sands ---------------------------------------------------------------------------


def test_temporal_sands_repeats_the_previous_round_rule() -> None:
    """Temporal Sands: the previous age's effect applies again (Eclipse: no red)."""
    t = table(
        hands={"Ana": ["Quick", "Gills", "Fear"], "Ben": ["Fangs", "Spiny"]},
        deck=DECK,
        revealed=["the_birth_of_life", "eclipse"],
        age="temporal_sands",
        run="age",
    )
    assert [(e.age, e.repeats) for e in t.events(AgeRevealed)] == [("temporal_sands", "eclipse")]
    assert sorted(t.option_names()) == ["Fear", "Gills"]
    t.answer("Gills")
    assert t.pile("Ana") == ["Gills"]
    assert t.pile("Ben") == ["Spiny"]  # Fangs is red: Spiny was Ben's only play
    assert "Fangs" in t.hand("Ben")


def test_temporal_sands_repeats_a_reveal_effect() -> None:
    """Temporal Sands after Flourish: everyone draws 2 again."""
    t = table(
        hands={"Ana": ["Quick"], "Ben": ["Fangs"]},
        deck=DECK,
        revealed=["the_birth_of_life", "flourish"],
        age="temporal_sands",
        run="age",
    )
    assert [(e.age, e.repeats) for e in t.events(AgeRevealed)] == [("temporal_sands", "flourish")]
    first_turn = index_of(t, t.events(TurnStarted)[0])
    reveal_draws = [e for e in t.events(Drew) if index_of(t, e) < first_turn]
    assert [(e.player, t.names(e.cards)) for e in reveal_draws] == [(0, DECK[0:2]), (1, DECK[2:4])]
    assert t.hand("Ana") == sorted(["Quick", *DECK[:2]])  # Ana now chooses her play
    assert t.pending.player == 0


def test_temporal_sands_skips_a_catastrophe() -> None:
    """Card facts: Temporal Sands repeats the previous age, not a catastrophe's effect."""
    t = table(
        hands={"Ana": ["Gills", "Quick", "Fear"]},
        deck=DECK,
        revealed=["the_birth_of_life", "arid_lands", "ice_age"],
        catastrophes=["ice_age"],
        age="temporal_sands",
        run="age",
    )
    assert [e.repeats for e in t.events(AgeRevealed)] == ["arid_lands"]
    assert sorted(t.option_names()) == ["Fear", "Quick"]


def test_temporal_sands_after_only_the_birth_of_life_repeats_nothing() -> None:
    """Rules notes: The Birth of Life is skipped over; with no earlier age nothing is repeated."""
    t = table(
        hands={"Ana": ["Gills", "Quick"]},
        gene_pools={"Ana": 3, "Ben": 3},
        revealed=["the_birth_of_life"],
        age="temporal_sands",
        run="age",
    )
    assert [e.repeats for e in t.events(AgeRevealed)] == [None]
    assert sorted(t.option_names()) == ["Gills", "Quick"]
    assert not gene_changes(t)
    assert t.gene_pool("Ana") == 3


# --- Atmospheric Thickening -------------------------------------------------------------------


def test_atmospheric_thickening_plays_the_deck_top_without_action_or_stabilizing() -> None:
    """Atmospheric Thickening: instead of a normal turn, play the top card of the trait deck,
    ignore its action, do not stabilize."""
    t = table(hands={"Ana": ["Quick"]}, deck=["Introspective", *DECK], age="atmospheric_thickening")
    assert t.pending is None
    assert t.pile("Ana") == ["Introspective"]
    assert t.hand("Ana") == ["Quick"]
    assert t.deck[-1] == DECK[0]
    assert played(t) == [(0, "Introspective", "deck")]
    assert not t.events(ActionResolving) and not t.events(Drew)
    assert not t.events(Stabilized)


def test_atmospheric_thickening_discards_a_top_card_whose_requirement_is_unmet() -> None:
    """Atmospheric Thickening: if the top card's requirement can't be met, discard it."""
    t = table(hands={"Ana": ["Quick"]}, deck=["Heroic", *DECK], age="atmospheric_thickening")
    assert t.pile("Ana") == []
    assert t.discard == ["Heroic"]
    assert t.hand("Ana") == ["Quick"]
    failed = t.events(PlayFailed)
    assert [(e.player, name(t, e.card), e.reason, e.discarded) for e in failed] == [
        (0, "Heroic", "requirement", True)
    ]
    assert not t.events(TraitPlayed) and not t.events(Stabilized)


def test_atmospheric_thickening_discards_a_third_dominant() -> None:
    """Rulebook, 3RD DOMINANT: a third dominant arriving by chance (top of the deck) is discarded."""
    t = table(
        piles={"Ana": ["Tiny", "Denial"]},
        hands={"Ana": ["Quick"]},
        deck=["Echolocation"],
        age="atmospheric_thickening",
    )
    assert t.pile("Ana") == ["Denial", "Tiny"]
    assert t.discard == ["Echolocation"]
    assert [(e.player, name(t, e.card)) for e in t.events(ThirdDominantDiscarded)] == [
        (0, "Echolocation")
    ]
    assert not t.events(TraitPlayed)


# --- Awakening --------------------------------------------------------------------------------


def test_awakening_each_player_privately_sees_the_next_age_before_their_turn() -> None:
    """Awakening: look at the next age before taking your turn (rules notes: each player,
    at the start of their turn); only that player sees it."""
    t = table(
        hands={"Ana": ["Quick"], "Ben": ["Fangs"]},
        deck=DECK,
        age="awakening",
        run="age",
        age_deck=["eclipse", "ice_age"],
    )
    assert t.pending is None
    seen = t.events(NextAgeSeen)
    assert [(e.player, e.age, e.visible_to) for e in seen] == [
        (0, "eclipse", frozenset({0})),
        (1, "eclipse", frozenset({1})),
    ]
    assert not seen[0].visible(1) and seen[0].visible(0)
    assert not seen[1].visible(0)
    starts = t.events(TurnStarted)
    plays = t.events(TraitPlayed)
    for i in range(2):
        assert index_of(t, starts[i]) < index_of(t, seen[i]) < index_of(t, plays[i])
    assert t.g.table.age_deck[-1] == "eclipse"  # still the next age
    assert (t.pile("Ana"), t.pile("Ben")) == (["Quick"], ["Fangs"])


# --- Coastal Formations -----------------------------------------------------------------------


def test_coastal_formations_draws_one_after_stabilizing() -> None:
    """Coastal Formations: draw 1 card after you stabilize."""
    t = table(hands={"Ana": ["Quick"]}, deck=DECK, age="coastal_formations")
    assert t.hand("Ana") == sorted(DECK[:6])
    draws = [(why(e), t.names(e.cards)) for e in t.events(Drew)]
    assert draws == [("stabilize", DECK[:5]), ("coastal_formations", DECK[5:6])]
    assert index_of(t, t.events(Stabilized)[0]) < index_of(t, t.events(Drew)[1])


def test_coastal_formations_no_draw_when_the_turn_is_skipped() -> None:
    """Coastal Formations draws after stabilizing; a skipped turn does not stabilize (rulebook),
    so nothing is drawn (Echolocation would be a third dominant)."""
    t = table(
        hands={"Ana": ["Echolocation"]},
        piles={"Ana": ["Tiny", "Denial"]},
        deck=DECK,
        age="coastal_formations",
    )
    assert t.option_names() == ["skip", "redraw"]
    t.answer("skip")
    assert t.hand("Ana") == ["Echolocation"]
    assert not t.events(Drew) and not t.events(Stabilized)


# --- Alien Terraform --------------------------------------------------------------------------


def test_alien_terraform_discards_dominants_then_stabilizes_at_once() -> None:
    """Alien Terraform: you may discard dominant cards from your hand; if you do, stabilize at
    once (rules notes: at the start of the turn, then play as usual)."""
    t = table(hands={"Ana": ["Tiny", "Denial", "Quick"]}, deck=DECK, age="alien_terraform")
    assert t.pending.reason == "discard_dominant"
    assert sorted(t.option_names()) == ["Denial", "Tiny", "done"]
    t.answer("Tiny")
    assert sorted(t.option_names()) == ["Denial", "done"]
    t.answer("done")
    assert discards(t) == [(0, ["Tiny"], False, "alien_terraform")]
    assert t.hand("Ana") == sorted(["Denial", "Quick", *DECK[:3]])  # stabilized to 5
    assert t.pending.reason == "play_trait"
    t.answer("Quick")
    assert t.pile("Ana") == ["Quick"]
    assert t.hand("Ana") == sorted(["Denial", *DECK[:4]])
    assert [e.drew for e in t.events(Stabilized)] == [3, 1]
    assert index_of(t, t.events(Stabilized)[0]) < index_of(t, t.events(TraitPlayed)[0])


def test_alien_terraform_without_dominants_asks_nothing() -> None:
    t = table(hands={"Ana": ["Quick"]}, deck=DECK, age="alien_terraform")
    assert t.pending is None
    assert t.pile("Ana") == ["Quick"]
    assert not t.events(Discarded)
    assert len(t.events(Stabilized)) == 1


def test_alien_terraform_declined_does_not_stabilize_early() -> None:
    t = table(hands={"Ana": ["Tiny", "Quick"]}, deck=DECK, age="alien_terraform")
    t.answer("done")
    assert t.pending.reason == "play_trait"
    assert not t.events(Stabilized) and not t.events(Discarded)
    assert t.hand("Ana") == ["Quick", "Tiny"]


# --- Reforestation ----------------------------------------------------------------------------

PROTECTED = [
    # (trait played, Ana's pile, Ben's pile)
    ("Selfish", [], ["Quick"]),
    ("Tiny Little Melons", [], ["Bark"]),
    ("Directly Register", [], ["Fangs"]),
    ("Vampirism", [], ["Quick"]),
    ("Poisonous", [], ["Quick"]),
    ("Tentacles", ["Gills"], ["Spiny"]),
    ("Telekinetic", ["Gills"], ["Quick"]),
    ("Territorial", [], ["Quick"]),
    ("Reckless", ["Gills"], ["Quick"]),
]


@pytest.mark.parametrize("trait, mine, theirs", PROTECTED)
def test_reforestation_steals_swaps_and_pile_discards_do_nothing(
    trait: str, mine: list[str], theirs: list[str]
) -> None:
    """Reforestation: traits in piles cannot be swapped, stolen or discarded this round; the
    action does nothing and the trait stays played (rulebook, RESTRICTIONS)."""
    t = table(
        hands={"Ana": [trait]}, piles={"Ana": mine, "Ben": theirs}, deck=DECK, age="reforestation"
    )
    assert t.pending is None
    assert t.pile("Ana") == sorted([*mine, trait])
    assert t.pile("Ben") == sorted(theirs)
    assert [e.reason for e in t.events(NothingToDo)] == ["piles_protected"]
    assert not t.events(TraitMoved) and not t.events(TraitDiscarded)
    assert [name(t, e.card) for e in t.events(ActionResolving)] == [trait]


def test_reforestation_voracious_plays_another_but_discards_no_trait() -> None:
    t = table(
        hands={"Ana": ["Voracious", "Quick"]},
        piles={"Ana": ["Gills"]},
        deck=DECK,
        age="reforestation",
    )
    t.answer("Voracious")
    assert t.pending is None
    assert t.pile("Ana") == ["Gills", "Quick", "Voracious"]
    assert [e.reason for e in t.events(NothingToDo)] == ["piles_protected"]
    assert not t.events(TraitDiscarded)


def test_reforestation_does_not_stop_giving_a_trait() -> None:
    """Rules notes: giving a trait away is not protected by Reforestation (Scutes)."""
    t = table(hands={"Ana": ["Scutes"]}, piles={"Ana": ["Gills"]}, deck=DECK, age="reforestation")
    assert sorted(t.option_names()) == ["Gills", "Scutes"]
    t.answer("Gills")
    assert t.pile("Ana") == ["Scutes"] and t.pile("Ben") == ["Gills"]
    assert [(name(t, e.card), e.from_player, e.to_player, e.how) for e in t.events(TraitMoved)] == [
        ("Gills", 0, 1, "give")
    ]


@pytest.mark.parametrize("age, playable", [("reforestation", False), (None, True)])
def test_reforestation_forbids_retractable_claws(age: str | None, playable: bool) -> None:
    """Rulebook, RESTRICTIONS: a trait whose cost ("to play you must discard") is restricted
    cannot be played. Without Reforestation it can."""
    t = table(
        hands={"Ana": ["Retractable Claws", "Fangs", "Gills"]},
        piles={"Ana": ["Quick"]},
        deck=DECK,
        age=age,
    )
    expected = ["Fangs", "Gills"] + (["Retractable Claws"] if playable else [])
    assert sorted(t.option_names()) == expected
    t.answer("Fangs")
    assert t.pile("Ana") == ["Fangs", "Quick"]
    assert "Retractable Claws" in t.hand("Ana")


def test_reforestation_with_only_retractable_claws_skips_the_turn() -> None:
    t = table(hands={"Ana": ["Retractable Claws"]}, piles={"Ana": ["Quick"]}, age="reforestation")
    assert t.option_names() == ["skip", "redraw"]
    t.answer("skip")
    assert t.pile("Ana") == ["Quick"] and t.hand("Ana") == ["Retractable Claws"]
    assert [e.reason for e in t.events(TurnSkipped)] == ["no_playable"]


def test_reforestation_parasitic_cannot_steal() -> None:
    """Parasitic steals the played trait: under Reforestation it is not offered."""
    t = table(hands={"Ana": ["Quick"], "Ben": ["Parasitic"]}, deck=DECK, age="reforestation")
    assert t.pending is None
    assert t.pile("Ana") == ["Quick"] and t.pile("Ben") == []
    assert t.hand("Ben") == ["Parasitic"]
    assert not t.events(TraitMoved)


# --- Birth of a Hero --------------------------------------------------------------------------


def test_birth_of_a_hero_plays_heroic_without_requirement_as_third_dominant() -> None:
    """Rulebook, BIRTH OF A HERO: play Heroic immediately without restriction; if it would be
    your 3rd dominant trait you may keep it."""
    t = table(
        hands={"Ana": ["Heroic", "Quick"], "Ben": ["Fangs"]},
        piles={"Ana": ["Tiny", "Denial"]},
        deck=DECK,
        age="birth_of_a_hero",
        run="age",
    )
    assert t.pending is None
    assert t.pile("Ana") == ["Denial", "Heroic", "Quick", "Tiny"]
    assert sum(t.g.defs[c].dominant for c in t.g.seats[0].pile) == 3
    assert played(t) == [(0, "Heroic", "hand"), (0, "Quick", "hand"), (1, "Fangs", "hand")]
    heroic = t.events(TraitPlayed)[0]
    assert index_of(t, heroic) < index_of(t, t.events(TurnStarted)[0])  # before turns
    assert not t.events(ThirdDominantDiscarded) and not t.events(PlayFailed)


def test_birth_of_a_hero_for_a_later_seat() -> None:
    t = table(
        hands={"Ana": ["Quick"], "Ben": ["Heroic", "Fangs"]},
        deck=DECK,
        age="birth_of_a_hero",
        run="age",
    )
    assert played(t)[0] == (1, "Heroic", "hand")
    assert t.pile("Ben") == ["Fangs", "Heroic"]


def test_birth_of_a_hero_without_heroic_does_nothing() -> None:
    t = table(
        hands={"Ana": ["Quick"], "Ben": ["Fangs"]}, deck=DECK, age="birth_of_a_hero", run="age"
    )
    assert played(t) == [(0, "Quick", "hand"), (1, "Fangs", "hand")]
    assert index_of(t, t.events(TurnStarted)[0]) < index_of(t, t.events(TraitPlayed)[0])


# --- Age of Dracula ---------------------------------------------------------------------------


def test_age_of_dracula_everyone_discards_a_random_card() -> None:
    """Age of Dracula: each player discards 1 random card from hand (empty hand: nothing)."""
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Quick", "Fangs", "Gills"], "Ben": ["Spiny"], "Cy": []},
        deck=DECK,
        age="age_of_dracula",
        run="age",
    )
    # Reveal done; Ana now chooses her play.
    assert t.pending.player == 0 and t.pending.reason == "play_trait"
    d = discards(t)
    assert [(p, len(c), r, cause) for p, c, r, cause in d] == [
        (0, 1, True, "age_of_dracula"),
        (1, 1, True, "age_of_dracula"),
    ]
    assert d[1][1] == ["Spiny"]
    lost = d[0][1][0]
    assert lost in ("Quick", "Fangs", "Gills")
    assert t.hand("Ana") == sorted({"Quick", "Fangs", "Gills"} - {lost})
    assert t.hand("Ben") == [] and t.hand("Cy") == []
    assert sorted(t.discard) == sorted([lost, "Spiny"])


def test_age_of_dracula_vampirism_takes_a_random_card_instead() -> None:
    """Age of Dracula: a player with Vampirism in their pile instead takes a random card from an
    opponent's hand."""
    t = table(
        hands={"Ana": ["Quick"], "Ben": ["Fangs", "Gills"]},
        piles={"Ana": ["Vampirism"]},
        deck=DECK,
        age="age_of_dracula",
        run="age",
    )
    assert t.pending.player == 0 and t.pending.reason == "play_trait"
    passed = t.events(CardsPassed)
    assert len(passed) == 1
    e = passed[0]
    taken = name(t, e.cards[0])
    assert (e.giver, e.receiver, len(e.cards), e.visible_to, why(e)) == (
        1,
        0,
        1,
        frozenset({0, 1}),
        "age_of_dracula",
    )
    other = ({"Fangs", "Gills"} - {taken}).pop()
    assert t.hand("Ana") == sorted(["Quick", taken])
    assert discards(t) == [(1, [other], True, "age_of_dracula")]  # Ana discards nothing
    assert t.hand("Ben") == []


def test_age_of_dracula_vampirism_chooses_the_opponent() -> None:
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Quick"], "Ben": ["Fangs"], "Cy": ["Gills"]},
        piles={"Ana": ["Vampirism"]},
        deck=DECK,
        age="age_of_dracula",
        run="age",
    )
    assert t.pending.reason == "take_random_from"
    assert sorted(t.option_names()) == ["Ben", "Cy"]
    t.answer("Cy")
    # Ana took Gills; Ben discards Fangs; Cy, now empty-handed, discards nothing.
    assert t.hand("Ana") == ["Gills", "Quick"]
    assert [(e.giver, e.receiver, t.names(e.cards)) for e in t.events(CardsPassed)] == [
        (2, 0, ["Gills"])
    ]
    assert discards(t) == [(1, ["Fangs"], True, "age_of_dracula")]


def test_age_of_dracula_vampirism_with_no_cards_to_take() -> None:
    """No opponent holds a card: the Vampirism player takes nothing and discards nothing."""
    t = table(
        hands={"Ana": ["Quick", "Fangs"], "Ben": []},
        piles={"Ana": ["Vampirism"]},
        deck=DECK,
        age="age_of_dracula",
        run="age",
    )
    assert t.pending.player == 0 and t.pending.reason == "play_trait"
    assert t.hand("Ana") == ["Fangs", "Quick"]
    assert not t.events(CardsPassed) and not t.events(Discarded)


# --- Age of Reason ----------------------------------------------------------------------------


def test_age_of_reason_draw_three_keep_one() -> None:
    """Age of Reason: draw 3, keep 1, discard the other 2."""
    t = table(
        hands={"Ana": ["Fear"], "Ben": ["Confusion"]}, deck=DECK, age="age_of_reason", run="age"
    )
    assert t.pending.player == 0 and t.pending.reason == "keep"
    assert sorted(t.option_names()) == sorted(DECK[0:3])
    t.answer(DECK[1])
    assert t.pending.player == 1 and sorted(t.option_names()) == sorted(DECK[3:6])
    t.answer(DECK[5])
    assert t.hand("Ana") == sorted(["Fear", DECK[1]])
    assert t.hand("Ben") == sorted(["Confusion", DECK[5]])
    assert t.pending.player == 0 and t.pending.reason == "play_trait"
    assert discards(t) == [
        (0, sorted([DECK[0], DECK[2]]), False, "age_of_reason"),
        (1, sorted([DECK[3], DECK[4]]), False, "age_of_reason"),
    ]
    assert [(e.player, t.names(e.cards), why(e)) for e in t.events(Drew)] == [
        (0, DECK[0:3], "age_of_reason"),
        (1, DECK[3:6], "age_of_reason"),
    ]


# --- Comet Showers ----------------------------------------------------------------------------


def test_comet_showers_everyone_discards_one_random_card() -> None:
    """Comet Showers: discard 1 random card from your hand; then turns (Ana, now empty-handed,
    draws 3 and skips: rulebook, "If your hand is empty, draw 3 cards and skip your turn")."""
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Quick"], "Ben": ["Fangs", "Gills"], "Cy": []},
        deck=DECK,
        age="comet_showers",
        run="age",
    )
    assert t.pending is None
    d = discards(t)
    assert [(p, len(c), r, cause) for p, c, r, cause in d] == [
        (0, 1, True, "comet_showers"),
        (1, 1, True, "comet_showers"),
    ]
    assert d[0][1] == ["Quick"]
    kept = ({"Fangs", "Gills"} - set(d[1][1])).pop()
    assert index_of(t, t.events(Discarded)[1]) < index_of(t, t.events(TurnStarted)[0])
    assert [(e.player, e.reason) for e in t.events(TurnSkipped)] == [
        (0, "empty_hand"),
        (2, "empty_hand"),
    ]
    assert t.hand("Ana") == sorted(DECK[0:3])
    assert t.pile("Ben") == [kept]
    assert t.hand("Cy") == sorted(DECK[8:11])


# --- Flourish ---------------------------------------------------------------------------------


def test_flourish_everyone_draws_two() -> None:
    """Flourish: draw 2 cards, in turn order from the first player."""
    t = table(hands={"Ana": ["Quick"], "Ben": ["Fangs"]}, deck=DECK, age="flourish", run="age")
    assert t.pending.player == 0 and t.pending.reason == "play_trait"
    assert t.hand("Ana") == sorted(["Quick", *DECK[0:2]])
    assert t.hand("Ben") == sorted(["Fangs", *DECK[2:4]])
    assert [(e.player, t.names(e.cards), e.visible_to, why(e)) for e in t.events(Drew)] == [
        (0, DECK[0:2], frozenset({0}), "flourish"),
        (1, DECK[2:4], frozenset({1}), "flourish"),
    ]


# --- Northern Winds ---------------------------------------------------------------------------


def test_northern_winds_draw_one_then_discard_one() -> None:
    """Northern Winds: draw 1 card, then discard 1 card from your hand."""
    t = table(
        hands={"Ana": ["Fear", "Flatulence"], "Ben": ["Confusion", "Big Ears"]},
        deck=DECK,
        age="northern_winds",
        run="age",
    )
    assert t.pending.player == 0 and t.pending.reason == "discard"
    assert sorted(t.option_names()) == sorted(["Fear", "Flatulence", DECK[0]])
    t.answer("Fear")
    assert t.pending.player == 1
    assert sorted(t.option_names()) == sorted(["Confusion", "Big Ears", DECK[1]])
    t.answer(DECK[1])
    assert t.hand("Ana") == sorted(["Flatulence", DECK[0]])
    assert t.hand("Ben") == ["Big Ears", "Confusion"]
    assert discards(t) == [
        (0, ["Fear"], False, "northern_winds"),
        (1, [DECK[1]], False, "northern_winds"),
    ]
    assert [(e.player, t.names(e.cards)) for e in t.events(Drew)] == [
        (0, DECK[0:1]),
        (1, DECK[1:2]),
    ]
    assert t.pending.reason == "play_trait"


# --- The Birth of Life ------------------------------------------------------------------------


def test_the_birth_of_life_sets_every_gene_pool_to_five() -> None:
    """Rulebook: the Birth of Life "simply sets the game": gene pools at 5, then one trait per
    turn and stabilize."""
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Quick"], "Ben": ["Fangs"], "Cy": ["Gills"]},
        gene_pools={"Ana": 3, "Ben": 8},
        deck=DECK,
        age="the_birth_of_life",
        run="age",
    )
    assert t.pending is None
    assert [t.gene_pool(p) for p in ("Ana", "Ben", "Cy")] == [5, 5, 5]
    changes = t.events(GenePoolChanged)
    assert [(e.player, e.old, e.new, why(e)) for e in changes] == [
        (0, 3, 5, "the_birth_of_life"),
        (1, 8, 5, "the_birth_of_life"),
    ]
    assert index_of(t, changes[-1]) < index_of(t, t.events(TurnStarted)[0])
    assert [e.hand for e in t.events(Stabilized)] == [5, 5, 5]
    assert (t.pile("Ana"), t.pile("Ben"), t.pile("Cy")) == (["Quick"], ["Fangs"], ["Gills"])


# --- coverage -----------------------------------------------------------------------------------

COVERED = {
    "the_birth_of_life",
    "birth_of_a_hero",
    "age_of_peace",
    "age_of_dracula",
    "age_of_nietzsche",
    "age_of_reason",
    "age_of_wonder",
    "alien_terraform",
    "arid_lands",
    "atmospheric_thickening",
    "awakening",
    "coastal_formations",
    "comet_showers",
    "eclipse",
    "enlightenment",
    "flourish",
    "galactic_drift",
    "glacial_drift",
    "high_tides",
    "lunar_retreat",
    "natural_harmony",
    "northern_winds",
    "prosperity",
    "reforestation",
    "sea_kingdoms",
    "tectonic_shift",
    "temporal_sands",
    "the_messiah",
    "tropical_lands",
}


def test_every_age_has_tests_here() -> None:
    """28 ages and The Birth of Life (card facts, section 2)."""
    assert set(load_cards("retail").ages) == COVERED
    assert len(COVERED) == 29
