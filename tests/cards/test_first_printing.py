"""First (Kickstarter) printing variants, ``Options(edition="first")``, against the retail default.

Card facts: shared/cards/base-game.md section 0 ("Two printings exist and they differ"), the
"Variants" column of the trait tables (Brave, Camouflage, Fortunate, Saudade, Automimicry,
Telekinetic, Tentacles, Regenerative Tissue) and section 3 (Nuclear Winter, AI Takeover, Deus Ex
Machina, Overpopulation). Scoring follows the rulebook, "Scoring": World's End points, face
values, then bonuses.
"""

from __future__ import annotations

import pytest
from builders import QUIET_DECK, Table, table, why

from doomlings_access.rules import Options
from doomlings_access.rules.events import (
    ActionResolving,
    CardsPassed,
    CardsRevealed,
    Discarded,
    Drew,
    GenePoolChanged,
    GenePoolChangeIgnored,
    NothingToDo,
    PlayFailed,
    ScoreTallied,
    Stabilized,
    TraitDiscarded,
    TraitMoved,
    TraitPlayed,
    WorldsEndPoints,
)

FIRST = Options(edition="first")
RETAIL = Options()
ISOLATED_FIRST = Options(edition="first", catastrophe_ends_round=True)
ISOLATED_RETAIL = Options(catastrophe_ends_round=True)
DECK = QUIET_DECK


def name(t: Table, card: int) -> str:
    return t.g.defs[card].name


def played(t: Table) -> list[tuple[int, str, str]]:
    return [(e.player, name(t, e.card), e.source) for e in t.events(TraitPlayed)]


def tallies(t: Table) -> list[tuple[int, int, int, int]]:
    return [(e.worlds_end, e.face_value, e.bonus, e.total) for e in t.events(ScoreTallied)]


def scored(options: Options, pile: list[str], hand: list[str]) -> tuple[int, int, int, int]:
    """Ana's score with ``pile`` and ``hand`` at World's End. The final catastrophe, The Four
    Horsemen, finds no trait of face 4 or more in these piles, so it changes nothing."""
    t = table(
        run="worlds_end",
        catastrophes=["solar_flare", "super_volcano", "the_four_horsemen"],
        piles={"Ana": pile},
        hands={"Ana": hand},
        options=options,
    )
    assert t.pending is None
    return tallies(t)[0]


# --- scoring variants: Brave, Camouflage, Fortunate, Saudade, Automimicry's face ------------------


@pytest.mark.parametrize(
    "pile, hand, retail, first",
    [
        # Brave: retail face 1, +2 per dominant card in hand; first face 2, no bonus.
        (["Brave"], ["Tiny", "Denial", "Gills"], (0, 1, 4, 5), (0, 2, 0, 2)),
        # Camouflage: retail face 1, first face 2; +1 per card in hand in both.
        (["Camouflage"], ["Gills", "Spiny"], (0, 1, 2, 3), (0, 2, 2, 4)),
        # Fortunate: retail X (+1 per card in hand); first face 1, +2 with more green than any colour.
        (["Fortunate", "Bark", "Gills"], ["Spiny", "Fear"], (0, 3, 2, 5), (0, 4, 2, 6)),
        (["Fortunate", "Gills", "Spiny"], ["Fear"], (0, 2, 1, 3), (0, 3, 0, 3)),
        (["Fortunate", "Gills"], [], (0, 1, 0, 1), (0, 2, 0, 2)),  # a tie is not "more"
        # Saudade: retail face 1, +1 per colour in hand (colourless is not one); first face 2, no effect.
        (["Saudade"], ["Gills", "Bark", "Fear"], (0, 1, 2, 3), (0, 2, 0, 2)),
        # Automimicry: retail face -1, first face 0.
        (["Automimicry", "Gills"], [], (0, 0, 0, 0), (0, 1, 0, 1)),
    ],
)
def test_scoring_differs_by_printing(
    pile: list[str], hand: list[str], retail: tuple[int, ...], first: tuple[int, ...]
) -> None:
    """Card facts, Variants column: face values and drop-of-life bonuses of the two printings."""
    assert scored(RETAIL, pile, hand) == retail
    assert scored(FIRST, pile, hand) == first


@pytest.mark.parametrize("options, extra", [(RETAIL, ["Fangs"]), (FIRST, ["Fangs", "Saudade"])])
def test_first_saudade_is_effectless_for_high_tides(options: Options, extra: list[str]) -> None:
    """First-printing Saudade has no effect, so High Tides (after an effectless trait, another
    effectless one) offers it; retail Saudade has a drop-of-life bonus."""
    t = table(
        hands={"Ana": ["Quick", "Saudade", "Fangs"]}, deck=DECK, age="high_tides", options=options
    )
    t.answer("Quick")
    assert sorted(t.option_names()) == sorted(["no", *extra])
    t.answer(extra[-1])
    assert t.pile("Ana") == sorted(["Quick", extra[-1]])
    assert [name(t, e.card) for e in t.events(TraitPlayed)] == ["Quick", extra[-1]]


# --- Brave (first): trade looks, each takes one card ------------------------------------------------


def test_first_brave_looks_at_hands_and_each_takes_a_card() -> None:
    """First-printing Brave, action: you and an opponent look at each other's hands, and each
    takes 1 card."""
    t = table(
        hands={"Ana": ["Brave", "Quick", "Fangs"], "Ben": ["Gills", "Spiny"]},
        deck=DECK,
        options=FIRST,
    )
    t.answer("Brave")
    shown = [(e.owner, sorted(t.names(e.cards)), e.visible_to) for e in t.events(CardsRevealed)]
    assert shown == [
        (1, ["Gills", "Spiny"], frozenset({0, 1})),
        (0, ["Fangs", "Quick"], frozenset({0, 1})),
    ]
    assert t.pending.player == 0 and sorted(t.option_names()) == ["Gills", "Spiny"]
    t.answer("Gills")
    assert t.pending.player == 1 and sorted(t.option_names()) == ["Fangs", "Quick"]
    t.answer("Fangs")
    assert t.pending is None
    assert t.pile("Ana") == ["Brave"]
    assert t.hand("Ben") == ["Fangs", "Spiny"]
    assert t.hand("Ana") == sorted(["Quick", "Gills", *DECK[:3]])  # then stabilized to 5
    assert [(e.giver, e.receiver, t.names(e.cards)) for e in t.events(CardsPassed)] == [
        (1, 0, ["Gills"]),
        (0, 1, ["Fangs"]),
    ]
    assert [name(t, e.card) for e in t.events(ActionResolving)] == ["Brave"]


def test_first_brave_with_an_empty_opponent_hand_only_gives() -> None:
    t = table(hands={"Ana": ["Brave", "Quick", "Fangs"], "Ben": []}, deck=DECK, options=FIRST)
    t.answer("Brave")
    assert t.pending.player == 1 and sorted(t.option_names()) == ["Fangs", "Quick"]
    t.answer("Quick")
    assert t.hand("Ben") == ["Quick"]
    assert [(e.giver, e.receiver, t.names(e.cards)) for e in t.events(CardsPassed)] == [
        (0, 1, ["Quick"])
    ]


def test_retail_brave_has_no_action() -> None:
    t = table(hands={"Ana": ["Brave", "Quick"], "Ben": ["Gills"]}, deck=DECK, options=RETAIL)
    t.answer("Brave")
    assert t.pending is None
    assert not t.events(ActionResolving) and not t.events(CardsPassed)
    assert t.hand("Ben") == ["Gills"]


# --- Automimicry (first): an action, not an out-of-turn trait --------------------------------------


def test_first_automimicry_plays_from_discard_without_action_then_discards_two() -> None:
    """First-printing Automimicry, action: play a card from the discard pile ignoring its action,
    then discard 2 cards from your hand."""
    t = table(
        hands={"Ana": ["Automimicry", "Quick", "Fangs", "Gills"]},
        discard=["Introspective", "Bark"],
        deck=DECK,
        options=FIRST,
    )
    t.answer("Automimicry")
    assert t.pending.reason == "play_from_discard"
    assert sorted(t.option_names()) == ["Bark", "Introspective"]
    t.answer("Introspective")
    assert t.pending.reason == "keep"  # 2 of 3 go: asked which one stays
    t.answer("Gills")
    assert t.pending is None
    assert t.pile("Ana") == ["Automimicry", "Introspective"]
    assert played(t) == [(0, "Automimicry", "hand"), (0, "Introspective", "discard")]
    assert [name(t, e.card) for e in t.events(ActionResolving)] == [
        "Automimicry"
    ]  # not Introspective
    assert [(e.player, sorted(t.names(e.cards)), why(e)) for e in t.events(Discarded)] == [
        (0, ["Fangs", "Quick"], "automimicry")
    ]
    assert t.hand("Ana") == sorted(["Gills", *DECK[:4]])
    assert sorted(t.discard) == ["Bark", "Fangs", "Quick"]


def test_first_automimicry_with_an_empty_discard_pile_still_discards_two() -> None:
    t = table(hands={"Ana": ["Automimicry", "Quick", "Fangs"]}, deck=DECK, options=FIRST)
    t.answer("Automimicry")
    assert t.pending is None
    assert t.pile("Ana") == ["Automimicry"]
    assert [(why(e), e.reason) for e in t.events(NothingToDo)] == [
        ("automimicry", "discard_empty")
    ]
    assert [sorted(t.names(e.cards)) for e in t.events(Discarded)] == [["Fangs", "Quick"]]


@pytest.mark.parametrize("options, offered", [(RETAIL, True), (FIRST, False)])
def test_automimicry_cancels_out_of_turn_only_in_retail(options: Options, offered: bool) -> None:
    """Retail Automimicry is played out of turn to cancel an action; the first printing's is not."""
    t = table(hands={"Ana": ["Introspective"], "Ben": ["Automimicry"]}, deck=DECK, options=options)
    if offered:
        assert t.pending.player == 1 and t.pending.reason == "respond"
        assert t.option_names() == ["pass", "Automimicry"]
        t.answer("pass")
    assert t.pending is None
    assert t.hand("Ben") == ["Automimicry"]
    assert [name(t, e.card) for e in t.events(ActionResolving)] == ["Introspective"]
    assert next(why(e) for e in t.events(Drew)) == "introspective"


# --- Telekinetic and Tentacles (first): swaps between any two piles ---------------------------------


def test_first_telekinetic_swaps_two_same_colour_traits_between_any_piles() -> None:
    """First-printing Telekinetic: swap 2 traits of the SAME colour between any two trait piles."""
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Telekinetic"]},
        piles={"Ana": ["Gills"], "Ben": ["Quick"], "Cy": ["Fangs"]},
        deck=DECK,
        options=FIRST,
    )
    assert t.pending.reason == "swap_first"
    assert sorted(t.option_names()) == ["Fangs", "Quick"]  # Gills and Telekinetic have no partner
    t.answer("Quick")
    assert t.pending is None  # Fangs is Quick's only partner
    assert (t.pile("Ana"), t.pile("Ben"), t.pile("Cy")) == (
        ["Gills", "Telekinetic"],
        ["Fangs"],
        ["Quick"],
    )
    moves = [(name(t, e.card), e.from_player, e.to_player, e.how) for e in t.events(TraitMoved)]
    assert moves == [("Quick", 1, 2, "swap"), ("Fangs", 2, 1, "swap")]


def test_first_telekinetic_without_a_same_colour_pair_does_nothing() -> None:
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Telekinetic"]},
        piles={"Ana": ["Gills"], "Ben": ["Quick", "Apex Predator"], "Cy": ["Bark"]},
        deck=DECK,
        options=FIRST,
    )
    assert t.pending is None
    assert [(why(e), e.reason) for e in t.events(NothingToDo)] == [("telekinetic", "no_target")]
    assert not t.events(TraitMoved)
    assert t.pile("Ben") == ["Apex Predator", "Quick"]


def test_retail_telekinetic_trades_own_trait_for_a_different_colour() -> None:
    """Retail Telekinetic: trade one of your traits for an opponent's of a different colour."""
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Telekinetic"]},
        piles={"Ana": ["Gills"], "Ben": ["Quick"], "Cy": ["Fangs"]},
        deck=DECK,
        options=RETAIL,
    )
    assert t.pending.reason == "swap_give"
    assert sorted(t.option_names()) == ["Gills", "Telekinetic"]
    t.answer("Gills")
    assert sorted(t.option_names()) == ["Fangs", "Quick"]
    t.answer("Quick")
    assert (t.pile("Ana"), t.pile("Ben"), t.pile("Cy")) == (
        ["Quick", "Telekinetic"],
        ["Gills"],
        ["Fangs"],
    )


def test_first_tentacles_swaps_two_different_colour_traits_between_any_piles() -> None:
    """First-printing Tentacles: swap 2 traits of DIFFERENT colours between any two trait piles."""
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Tentacles"]},
        piles={"Ben": ["Quick"], "Cy": ["Gills"]},
        deck=DECK,
        options=FIRST,
    )
    assert t.pending.reason == "swap_first"
    assert sorted(t.option_names()) == ["Gills", "Quick", "Tentacles"]
    t.answer("Quick")
    assert sorted(t.option_names()) == ["Gills", "Tentacles"]  # both blue, Quick is red
    t.answer("Gills")
    assert t.pending is None
    assert (t.pile("Ana"), t.pile("Ben"), t.pile("Cy")) == (["Tentacles"], ["Gills"], ["Quick"])
    moves = [(name(t, e.card), e.from_player, e.to_player) for e in t.events(TraitMoved)]
    assert moves == [("Quick", 1, 2), ("Gills", 2, 1)]


def test_first_tentacles_colourless_traits_have_no_colour_to_differ() -> None:
    """Rulebook: colourless "cannot be considered for color designated effects": a colourless
    trait is of no colour, so it is never "of a different colour" (only Tentacles itself,
    blue, can be paired; with nothing coloured to differ from, there is no swap)."""
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Tentacles"]},
        piles={"Ana": ["Fear"], "Ben": ["Flatulence"], "Cy": []},
        deck=DECK,
        options=FIRST,
    )
    assert t.pending is None
    assert (t.pile("Ana"), t.pile("Ben")) == (["Fear", "Tentacles"], ["Flatulence"])


def test_first_tentacles_two_colourless_traits_are_not_different_by_house_rule() -> None:
    """House rule ``colourless_counts_as_colour``: two colourless traits are not of different
    colours, but a colourless one differs from a coloured one."""
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Tentacles"]},
        piles={"Ana": ["Fear"], "Ben": ["Flatulence"], "Cy": []},
        deck=DECK,
        options=Options(edition="first", colourless_counts_as_colour=True),
    )
    # Only pairs with blue Tentacles itself remain: Fear-? (same pile) no; Flatulence-Tentacles yes.
    assert sorted(t.option_names()) == ["Flatulence", "Tentacles"]
    t.answer("Flatulence")
    assert t.pending is None
    assert (t.pile("Ana"), t.pile("Ben")) == (["Fear", "Flatulence"], ["Tentacles"])


def test_retail_tentacles_trades_own_trait_for_a_same_colour_one() -> None:
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Tentacles"]},
        piles={"Ana": ["Quick"], "Ben": ["Fangs"], "Cy": ["Gills"]},
        deck=DECK,
        options=RETAIL,
    )
    assert sorted(t.option_names()) == ["Quick", "Tentacles"]
    t.answer("Quick")
    assert t.pending is None  # Fangs is the only red one
    assert (t.pile("Ana"), t.pile("Ben"), t.pile("Cy")) == (
        ["Fangs", "Tentacles"],
        ["Quick"],
        ["Gills"],
    )


# --- Regenerative Tissue (first): the deck's top card replaces a discarded trait ---------------------


@pytest.mark.parametrize("options, source", [(ISOLATED_FIRST, "deck"), (ISOLATED_RETAIL, "hand")])
def test_regenerative_tissue_replaces_a_discarded_trait(options: Options, source: str) -> None:
    """Regenerative Tissue: after discarding a trait from your pile, retail draws a card and plays
    it (no action); first printing plays the top card of the deck (no action)."""
    t = table(
        piles={"Ana": ["Regenerative Tissue", "Quick"]},
        deck=["Introspective", *DECK],
        run="catastrophe",
        catastrophe="the_four_horsemen",
        options=options,
    )
    assert t.pending.player == 0 and sorted(t.option_names()) == ["Quick", "Regenerative Tissue"]
    t.answer("Quick")
    assert t.pending is None
    assert t.pile("Ana") == ["Introspective", "Regenerative Tissue"]
    assert t.hand("Ana") == []
    assert [(e.player, name(t, e.card)) for e in t.events(TraitDiscarded)] == [(0, "Quick")]
    assert played(t) == [(0, "Introspective", source)]
    assert not t.events(ActionResolving)
    draws = [(e.player, t.names(e.cards), why(e)) for e in t.events(Drew)]
    assert draws == ([] if source == "deck" else [(0, ["Introspective"], "regenerative_tissue")])


@pytest.mark.parametrize("options", [ISOLATED_FIRST, ISOLATED_RETAIL])
def test_regenerative_tissue_cannot_play_a_trait_whose_requirement_is_unmet(
    options: Options,
) -> None:
    """Rulebook, REQUIREMENTS: a trait from the deck must meet its requirement; rules notes: not
    played, it stays on the deck (first) or in the hand (retail)."""
    t = table(
        piles={"Ana": ["Regenerative Tissue", "Quick"]},
        deck=["Heroic", *DECK],
        run="catastrophe",
        catastrophe="the_four_horsemen",
        options=options,
    )
    t.answer("Quick")
    assert t.pile("Ana") == ["Regenerative Tissue"]
    failed = [(e.player, name(t, e.card), e.reason, e.discarded) for e in t.events(PlayFailed)]
    assert failed == [(0, "Heroic", "requirement", False)]
    assert not t.events(TraitPlayed)
    if options.edition == "first":
        assert t.deck[-1] == "Heroic" and t.hand("Ana") == []
    else:
        assert t.hand("Ana") == ["Heroic"]


# --- catastrophes of the first printing ---------------------------------------------------------------


def test_first_nuclear_winter_minus_two_and_only_stabilize() -> None:
    """First-printing Nuclear Winter: gene pool -2, and just stabilize (no discard). A -2 at gene
    pool 2 would dip below 1: ignored (rulebook, Gene pool)."""
    t = table(
        hands={"Ana": ["Quick"], "Ben": []},
        gene_pools={"Ben": 2},
        deck=DECK,
        run="catastrophe",
        catastrophe="nuclear_winter",
        options=ISOLATED_FIRST,
    )
    assert t.pending is None
    assert [(e.player, e.old, e.new) for e in t.events(GenePoolChanged)] == [(0, 5, 3)]
    assert [(e.player, e.delta) for e in t.events(GenePoolChangeIgnored)] == [(1, -2)]
    assert (t.gene_pool("Ana"), t.gene_pool("Ben")) == (3, 2)
    assert [(e.player, e.drew, e.hand) for e in t.events(Stabilized)] == [(1, 2, 2), (0, 2, 3)]
    assert t.hand("Ben") == sorted(DECK[0:2]) and t.hand("Ana") == sorted(["Quick", *DECK[2:4]])
    assert not t.events(Discarded)


def test_retail_nuclear_winter_for_contrast_discards_after_stabilizing() -> None:
    t = table(
        hands={"Ana": ["Quick"], "Ben": []},
        deck=DECK,
        run="catastrophe",
        catastrophe="nuclear_winter",
        options=ISOLATED_RETAIL,
    )
    assert t.pending is not None and t.pending.reason == "discard"
    assert (t.gene_pool("Ana"), t.gene_pool("Ben")) == (4, 4)


@pytest.mark.parametrize("options, denial_face", [(RETAIL, 4), (FIRST, 2)])
def test_ai_takeover_dominant_exception_only_in_retail(options: Options, denial_face: int) -> None:
    """AI Takeover World's End: colourless traits count 2 and lose their effects; the first
    printing has no exception for dominants."""
    t = table(
        run="worlds_end",
        catastrophes=["ice_age", "solar_flare", "ai_takeover"],
        piles={"Ana": ["Denial", "Mindful", "Confusion", "Quick"], "Ben": ["Gills"]},
        options=options,
    )
    assert tallies(t)[0] == (0, denial_face + 2 + 2 + 2, 0, denial_face + 6)


@pytest.mark.parametrize("options, points", [(RETAIL, 5), (FIRST, 17)])
def test_deus_ex_machina_cap_only_in_retail(options: Options, points: int) -> None:
    """Deus Ex Machina World's End: draw a card and add its face value; retail caps it at 5."""
    t = table(
        run="worlds_end",
        catastrophes=["ice_age", "solar_flare", "deus_ex_machina"],
        piles={"Ana": ["Gills"], "Ben": ["Spiny"]},
        deck=["Tiny", "Quick"],
        options=options,
    )
    assert [(e.player, e.points) for e in t.events(WorldsEndPoints)] == [(0, points), (1, 2)]
    assert tallies(t)[0] == (points, 1, 0, points + 1)
    assert t.discard[:2] == ["Tiny", "Quick"]


@pytest.mark.parametrize("options, points", [(RETAIL, 4), (FIRST, 5)])
def test_overpopulation_fewest_traits_bonus_by_printing(options: Options, points: int) -> None:
    """Overpopulation World's End: the player(s) with the fewest traits score 4 (retail) or 5 (first)."""
    t = table(
        run="worlds_end",
        catastrophes=["ice_age", "solar_flare", "overpopulation"],
        piles={"Ana": ["Gills"], "Ben": ["Spiny", "Bark"]},
        options=options,
    )
    assert [(e.player, e.points, why(e)) for e in t.events(WorldsEndPoints)] == [
        (0, points, "overpopulation")
    ]
    assert tallies(t) == [(points, 1, 0, points + 1), (0, 3, 0, 3)]
