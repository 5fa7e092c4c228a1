"""Every catastrophe (all 15): the round it starts, its catastrophic effect, its World's End effect.

Rulebook, "When a catastrophe is drawn": the 1st player position moves 1 person to the left;
catastrophes affect ALL gene pools (permanently, bound 1..8: "If an effect would have you exceed
a Gene Pool of 8 or dip below a Gene Pool of 1, ignore the effect"); all players follow the
catastrophic effect before turns are taken; the 3rd catastrophe ends the world and no more turns
are taken. Card facts: shared/cards/base-game.md section 3; choices: docs/rules-notes.md,
"Catastrophes and Denial" and "World's End and scoring".

Most catastrophic-effect tests run with ``Options(catastrophe_ends_round=True)`` so that the
flow stops right after the effect and the state it leaves can be read (the effect code is the
same; only the turns that follow are left out). The rulebook's turns after a catastrophe are
checked on their own below.
"""

from __future__ import annotations

import pytest
from builders import QUIET_DECK, Table, gene_changes, table, why

from doomlings_access.rules import Options
from doomlings_access.rules.events import (
    CardsPassed,
    CatastropheIgnored,
    CatastropheRevealed,
    Discarded,
    Drew,
    FirstPlayerMoved,
    GameOver,
    GenePoolChanged,
    GenePoolChangeIgnored,
    NothingToDo,
    ScoreTallied,
    Stabilized,
    TraitDiscarded,
    TurnSkipped,
    TurnStarted,
    WorldsEndPoints,
    WorldsEndStarted,
)

ISOLATED = Options(catastrophe_ends_round=True)
ALL = [
    "ai_takeover",
    "deus_ex_machina",
    "glacial_meltdown",
    "grey_goo",
    "ice_age",
    "mass_extinction",
    "mega_tsunami",
    "nuclear_winter",
    "overpopulation",
    "pulse_event",
    "retrovirus",
    "solar_flare",
    "super_volcano",
    "the_big_one",
    "the_four_horsemen",
]
# Gene pool change of each catastrophe (card facts, section 3).
GENE_POOL = {cat: -1 for cat in ALL} | {"deus_ex_machina": 0, "grey_goo": 0, "overpopulation": 1}
DECK = QUIET_DECK


def name(t: Table, card: int) -> str:
    return t.g.defs[card].name


def discards(t: Table) -> list[tuple[int, list[str], bool, str | None]]:
    return [(e.player, sorted(t.names(e.cards)), e.random, why(e)) for e in t.events(Discarded)]


def earlier(cat: str, count: int) -> list[str]:
    return [c for c in ALL if c != cat][:count]


def hit(cat: str, players=("Ana", "Ben"), **kw) -> Table:  # type: ignore[no-untyped-def]
    """A first catastrophe, stopped right after its catastrophic effect."""
    return table(
        players, run="catastrophe", catastrophe=cat, options=kw.pop("options", ISOLATED), **kw
    )


def at_worlds_end(cat: str, players=("Ana", "Ben"), **kw) -> Table:  # type: ignore[no-untyped-def]
    """World's End with ``cat`` as the final (third) catastrophe."""
    return table(players, run="worlds_end", catastrophes=[*earlier(cat, 2), cat], **kw)


def tallies(t: Table) -> list[tuple[int, int, int, int]]:
    return [(e.worlds_end, e.face_value, e.bonus, e.total) for e in t.events(ScoreTallied)]


def points(t: Table) -> list[tuple[int, int, str]]:
    return [(e.player, e.points, why(e)) for e in t.events(WorldsEndPoints)]


# --- the catastrophe round: first player, gene pools, turns -------------------------------------


@pytest.mark.parametrize("cat", ALL)
def test_catastrophe_moves_first_player_and_changes_every_gene_pool(cat: str) -> None:
    """First player moves one seat left; every gene pool changes for good, within 1..8 (a change
    that would pass a bound is ignored), in turn order from the new first player."""
    delta = GENE_POOL[cat]
    t = hit(cat, ("Ana", "Ben", "Cy"), gene_pools={"Ana": 5, "Ben": 1, "Cy": 8}, deck=DECK)
    t.finish()  # Nuclear Winter asks for a discard
    assert [(e.catastrophe, e.number) for e in t.events(CatastropheRevealed)] == [(cat, 1)]
    assert [e.player for e in t.events(FirstPlayerMoved)] == [1]
    assert t.g.round.first_player == 1
    pools = [e for e in t.events() if isinstance(e, (GenePoolChanged, GenePoolChangeIgnored))]
    summary = [
        (type(e).__name__, e.player, getattr(e, "old", None), getattr(e, "new", None), why(e))
        for e in pools
    ]
    if delta == -1:
        assert summary == [
            ("GenePoolChangeIgnored", 1, None, None, cat),
            ("GenePoolChanged", 2, 8, 7, cat),
            ("GenePoolChanged", 0, 5, 4, cat),
        ]
        assert [t.gene_pool(p) for p in ("Ana", "Ben", "Cy")] == [4, 1, 7]
    elif delta == 1:
        assert summary == [
            ("GenePoolChanged", 1, 1, 2, cat),
            ("GenePoolChangeIgnored", 2, None, None, cat),
            ("GenePoolChanged", 0, 5, 6, cat),
        ]
        assert [t.gene_pool(p) for p in ("Ana", "Ben", "Cy")] == [6, 2, 8]
    else:
        assert summary == []
        assert [t.gene_pool(p) for p in ("Ana", "Ben", "Cy")] == [5, 1, 8]
    ignored = t.events(GenePoolChangeIgnored)
    assert all(e.delta == delta for e in ignored)
    assert not t.events(TurnStarted)


@pytest.mark.parametrize("first, new_first, order", [("Ana", 1, [1, 2, 0]), ("Cy", 0, [0, 1, 2])])
def test_first_catastrophe_round_has_turns_from_the_new_first_player(
    first: str, new_first: int, order: list[int]
) -> None:
    """Rulebook: catastrophic effects happen "before turns are taken"; rules notes: in a
    catastrophe's round turns start from the new first player."""
    t = table(
        ("Ana", "Ben", "Cy"), first=first, deck=DECK, run="catastrophe", catastrophe="ice_age"
    )
    assert t.pending is None
    assert [e.player for e in t.events(FirstPlayerMoved)] == [new_first]
    assert [e.player for e in t.events(TurnStarted)] == order
    # Empty hands: each draws 3 and skips (rulebook, "If your hand is empty").
    assert [(e.player, e.reason) for e in t.events(TurnSkipped)] == [
        (s, "empty_hand") for s in order
    ]
    log = t.events()
    last_pool = max(i for i, e in enumerate(log) if isinstance(e, GenePoolChanged))
    first_turn = next(i for i, e in enumerate(log) if isinstance(e, TurnStarted))
    assert last_pool < first_turn
    assert [t.gene_pool(p) for p in ("Ana", "Ben", "Cy")] == [4, 4, 4]
    assert t.hand(t.g.seats[order[0]].name) == sorted(DECK[0:3])


def test_second_catastrophe_is_numbered_two() -> None:
    t = hit("solar_flare", catastrophes=["ice_age"], revealed=["the_birth_of_life", "ice_age"])
    assert [(e.catastrophe, e.number) for e in t.events(CatastropheRevealed)] == [
        ("solar_flare", 2)
    ]
    assert t.g.table.catastrophes == ["ice_age", "solar_flare"]


def test_third_catastrophe_ends_the_world_without_turns() -> None:
    """Rulebook: when the final catastrophe is drawn no more turns are taken; play its gene pool
    and catastrophic effects, then World's End, then tally the scores."""
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Quick"], "Ben": ["Fangs"], "Cy": []},
        piles={"Ana": ["Gills"], "Ben": ["Spiny", "Migratory"], "Cy": ["Bark"]},
        catastrophes=["ice_age", "solar_flare"],
        run="catastrophe",
        catastrophe="super_volcano",
        play="game",
    )
    assert t.pending is None
    assert [(e.catastrophe, e.number) for e in t.events(CatastropheRevealed)] == [
        ("super_volcano", 3)
    ]
    assert not t.events(TurnStarted)
    # Catastrophic effect (1 discard per blue trait), then World's End (-1 per blue trait).
    assert discards(t) == [
        (1, ["Fangs"], False, "super_volcano"),
        (0, ["Quick"], False, "super_volcano"),
    ]
    assert [e.catastrophe for e in t.events(WorldsEndStarted)] == ["super_volcano"]
    assert sorted(points(t)) == [(0, -1, "super_volcano"), (1, -2, "super_volcano")]
    assert tallies(t) == [(-1, 1, 0, 0), (-2, 3, 0, 1), (0, 2, 0, 2)]
    log = t.events()
    assert log.index(t.events(WorldsEndStarted)[0]) > log.index(t.events(Discarded)[-1])
    assert t.events(GameOver)


# --- Denial -------------------------------------------------------------------------------------


def test_denial_protects_its_owner_and_is_spent() -> None:
    """Denial: the next catastrophe does nothing to you (rules notes: no gene pool change, no
    catastrophic effect). A second catastrophe then hits as usual."""
    t = hit(
        "solar_flare",
        hands={
            "Ana": ["Quick", "Fangs", "Gills", "Spiny"],
            "Ben": ["Bark", "Leaves", "Fear", "Flatulence"],
        },
        piles={"Ana": ["Denial"]},
    )
    assert t.pending.player == 1  # only Ben discards
    t.answer_all("Bark", "Leaves")
    assert t.pending is None
    denial = t.g.seats[0].pile[0]
    assert [(e.player, e.catastrophe, e.card) for e in t.events(CatastropheIgnored)] == [
        (0, "solar_flare", denial)
    ]
    assert t.gene_pool("Ana") == 5 and t.gene_pool("Ben") == 4
    assert t.hand("Ana") == ["Fangs", "Gills", "Quick", "Spiny"]
    assert t.hand("Ben") == ["Fear", "Flatulence"]
    assert [e.player for e in t.events(GenePoolChanged)] == [1]
    assert [p for p, *_ in discards(t)] == [1]
    assert t.g.table.denial_spent == {denial}
    # The second catastrophe, from that position: Denial is spent, Ana is hit.
    t = hit(
        "glacial_meltdown",
        hands={"Ana": ["Fangs", "Gills", "Quick", "Spiny"], "Ben": ["Fear", "Flatulence"]},
        piles={"Ana": ["Denial"]},
        gene_pools={"Ana": 5, "Ben": 4},
        catastrophes=["solar_flare"],
        denial_spent=["Denial"],
        first="Ben",
    )
    assert t.pending is None
    assert not t.events(CatastropheIgnored)
    assert t.gene_pool("Ana") == 4 and t.gene_pool("Ben") == 3
    assert len(t.hand("Ana")) == 2 and t.hand("Ben") == []
    assert [(p, len(c), r) for p, c, r, _ in discards(t)] == [(0, 2, True), (1, 2, True)]
    assert t.pile("Ana") == ["Denial"]  # Denial keeps its points


def test_the_four_horsemen_is_not_stopped_by_denial() -> None:
    """Card facts: Denial does not work against The Four Horsemen; rules notes: Denial then
    still protects from the next other catastrophe."""
    t = hit("the_four_horsemen", piles={"Ana": ["Denial", "Quick"], "Ben": ["Fangs"]})
    assert t.pending is None
    assert not t.events(CatastropheIgnored)
    assert t.pile("Ana") == ["Denial"] and t.pile("Ben") == []
    assert sorted((e.player, name(t, e.card)) for e in t.events(TraitDiscarded)) == [
        (0, "Quick"),
        (1, "Fangs"),
    ]
    assert t.gene_pool("Ana") == 4
    assert not t.g.table.denial_spent
    # The next catastrophe, from that position: Denial protects Ana.
    t = hit(
        "solar_flare",
        piles={"Ana": ["Denial"]},
        gene_pools={"Ana": 4, "Ben": 4},
        catastrophes=["the_four_horsemen"],
        first="Ben",
    )
    assert [(e.player, e.catastrophe) for e in t.events(CatastropheIgnored)] == [(0, "solar_flare")]
    assert t.gene_pool("Ana") == 4 and t.gene_pool("Ben") == 3


def test_denial_on_the_final_catastrophe_spares_its_world_s_end_effect() -> None:
    """Rules notes: if the protected catastrophe is the final one, no World's End effect either."""
    t = table(
        hands={"Ana": ["Quick", "Fangs"], "Ben": ["Bark"]},
        piles={"Ana": ["Denial", "Gills", "Spiny"], "Ben": ["Migratory"]},
        catastrophes=["ice_age", "solar_flare"],
        run="catastrophe",
        catastrophe="super_volcano",
        play="game",
    )
    assert [(e.player, e.catastrophe, e.worlds_end) for e in t.events(CatastropheIgnored)] == [
        (0, "super_volcano", False), (0, "super_volcano", True)  # at its reveal, and at World's End
    ]
    assert t.hand("Ana") == ["Fangs", "Quick"] and t.hand("Ben") == []
    assert t.gene_pool("Ana") == 5 and t.gene_pool("Ben") == 4
    assert points(t) == [(1, -1, "super_volcano")]
    assert tallies(t) == [(0, 6, 0, 6), (-1, 2, 0, 1)]


def test_denial_on_a_final_ai_takeover_keeps_its_owner_colourless_traits_as_printed() -> None:
    """Rules notes, Denial: if the protected catastrophe is the final one, its World's End effect
    does nothing to Denial's owner; AI Takeover's face 2 and ignored effects apply to others."""
    t = table(
        piles={"Ana": ["Denial", "Confusion", "Mindful"], "Ben": ["Fear", "Quick"]},
        catastrophes=["ice_age", "solar_flare"],
        run="catastrophe",
        catastrophe="ai_takeover",
        play="game",
    )
    assert [(e.player, e.catastrophe, e.worlds_end) for e in t.events(CatastropheIgnored)] == [
        (0, "ai_takeover", False), (0, "ai_takeover", True)]
    # Ana: Denial 4, Confusion -2, Mindful 0; Mindful +1 per colourless trait (3).
    # Ben: Fear counts 2 (colourless), Quick 2.
    assert tallies(t) == [(0, 2, 3, 5), (0, 4, 0, 4)]


# --- catastrophic effects -----------------------------------------------------------------------


def test_ai_takeover_discard_down_to_one_card() -> None:
    """AI Takeover: discard down to 1 card in hand, each player in turn order from the new first
    player (Ben)."""
    t = hit(
        "ai_takeover",
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Quick", "Fangs", "Gills"], "Ben": ["Spiny", "Bark"], "Cy": ["Fear"]},
    )
    assert t.pending.player == 1 and sorted(t.option_names()) == ["Bark", "Spiny"]
    t.answer("Bark")
    assert t.pending.player == 0 and t.pending.reason == "keep"
    t.answer("Fangs")
    assert t.pending is None
    assert (t.hand("Ana"), t.hand("Ben"), t.hand("Cy")) == (["Fangs"], ["Spiny"], ["Fear"])
    assert discards(t) == [
        (1, ["Bark"], False, "ai_takeover"),
        (0, ["Gills", "Quick"], False, "ai_takeover"),
    ]


def test_deus_ex_machina_stabilize() -> None:
    """Deus Ex Machina: stabilize, nothing else; no gene pool change. Ben (first) goes first."""
    t = hit(
        "deus_ex_machina",
        hands={
            "Ana": ["Quick"],
            "Ben": ["Fangs", "Gills", "Spiny", "Bark", "Leaves", "Fear", "Flatulence"],
        },
        deck=DECK,
    )
    assert t.pending.player == 1 and t.pending.reason == "discard_to_stabilize"
    assert not t.events(Drew)
    t.answer_all("Fear", "Flatulence")
    assert t.pending is None
    assert t.hand("Ben") == ["Bark", "Fangs", "Gills", "Leaves", "Spiny"]
    assert t.hand("Ana") == sorted(["Quick", *DECK[:4]])
    assert [(e.player, e.drew, e.discarded, e.hand) for e in t.events(Stabilized)] == [
        (1, 0, 2, 5),
        (0, 4, 0, 5),
    ]
    assert not gene_changes(t)


def test_glacial_meltdown_discards_two_random_cards() -> None:
    """Glacial Meltdown: discard 2 random cards (all, if fewer)."""
    t = hit("glacial_meltdown", hands={"Ana": ["Quick", "Fangs", "Gills"], "Ben": ["Spiny"]})
    assert t.pending is None
    d = discards(t)
    assert [(p, len(c), r, cause) for p, c, r, cause in d] == [
        (1, 1, True, "glacial_meltdown"),
        (0, 2, True, "glacial_meltdown"),
    ]
    assert t.hand("Ben") == []
    assert len(t.hand("Ana")) == 1
    assert sorted(t.hand("Ana") + d[1][1]) == ["Fangs", "Gills", "Quick"]


def test_grey_goo_discards_the_hand_then_stabilizes() -> None:
    """Grey Goo: discard your hand, then stabilize; no gene pool change."""
    t = hit(
        "grey_goo",
        hands={"Ana": ["Quick", "Fangs"], "Ben": ["Gills"]},
        gene_pools={"Ben": 3},
        deck=DECK,
    )
    assert t.pending is None
    assert discards(t) == [
        (1, ["Gills"], False, "grey_goo"),
        (0, ["Fangs", "Quick"], False, "grey_goo"),
    ]
    assert t.hand("Ben") == sorted(DECK[0:3])
    assert t.hand("Ana") == sorted(DECK[3:8])
    assert (t.gene_pool("Ana"), t.gene_pool("Ben")) == (5, 3)
    assert [(e.player, e.drew) for e in t.events(Stabilized)] == [(1, 3), (0, 5)]


PER_COLOUR = [
    # catastrophe, two traits of the colour and one of another for Ana, Ben's one trait of the
    # colour, Cy's trait of another colour
    ("ice_age", ["Quick", "Fangs"], "Blubber", "Antlers", "Spiny"),
    ("mass_extinction", ["Fear", "Flatulence"], "Blubber", "Confusion", "Fire Skin"),
    ("pulse_event", ["Big Ears", "Nocturnal"], "Blubber", "Adorable", "Fire Skin"),
    ("retrovirus", ["Bark", "Leaves"], "Blubber", "Appealing", "Fire Skin"),
    ("super_volcano", ["Gills", "Spiny"], "Appealing", "Migratory", "Fire Skin"),
]


@pytest.mark.parametrize("cat, two, other, one, cys", PER_COLOUR)
def test_discard_one_card_per_trait_of_the_colour(
    cat: str, two: list[str], other: str, one: str, cys: str
) -> None:
    """Ice Age (red), Mass Extinction (colourless), Pulse Event (purple), Retrovirus (green),
    Super Volcano (blue): discard 1 card from hand per trait of the colour in your pile."""
    t = hit(
        cat,
        ("Ana", "Ben", "Cy"),
        piles={"Ana": [*two, other], "Ben": [one], "Cy": [cys]},
        hands={
            "Ana": ["Stone Skin", "Deep Roots", "Woody Stems"],
            "Ben": ["Fine Motor Skills", "Kidney"],
            "Cy": ["Swarm"],
        },
    )
    # Ben (the new first player) discards 1 of 2.
    assert t.pending.player == 1 and t.pending.reason == "discard"
    t.answer("Kidney")
    # Ana discards 2 of 3: she is asked which one to keep.
    assert t.pending.player == 0 and t.pending.reason == "keep"
    t.answer("Deep Roots")
    assert t.pending is None
    assert t.hand("Ana") == ["Deep Roots"]
    assert t.hand("Ben") == ["Fine Motor Skills"]
    assert t.hand("Cy") == ["Swarm"]  # no trait of the colour
    assert discards(t) == [
        (1, ["Kidney"], False, cat),
        (0, ["Stone Skin", "Woody Stems"], False, cat),
    ]
    assert (t.pile("Ana"), t.pile("Ben")) == (sorted([*two, other]), [one])


def test_mega_tsunami_passes_every_hand_to_the_right() -> None:
    """Mega Tsunami: pass your whole hand to the player on your right (rules notes: the
    previous seat; all hands move at once)."""
    t = hit(
        "mega_tsunami",
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Quick"], "Ben": ["Fangs", "Gills"], "Cy": []},
    )
    assert t.pending is None
    assert (t.hand("Ana"), t.hand("Ben"), t.hand("Cy")) == (["Fangs", "Gills"], [], ["Quick"])
    passed = [
        (e.giver, e.receiver, sorted(t.names(e.cards)), e.visible_to, why(e))
        for e in t.events(CardsPassed)
    ]
    assert passed == [
        (1, 0, ["Fangs", "Gills"], frozenset({0, 1}), "mega_tsunami"),
        (0, 2, ["Quick"], frozenset({0, 2}), "mega_tsunami"),
    ]


def test_nuclear_winter_stabilize_then_discard_one() -> None:
    """Nuclear Winter (retail): gene pool -1; stabilize, then discard 1 card from your hand."""
    t = hit("nuclear_winter", hands={"Ana": ["Quick"], "Ben": []}, deck=DECK)
    assert [(e.player, e.drew, e.hand) for e in t.events(Stabilized)] == [(1, 4, 4), (0, 3, 4)]
    assert t.pending.player == 1 and sorted(t.option_names()) == sorted(DECK[0:4])
    t.answer(DECK[0])
    assert t.pending.player == 0 and sorted(t.option_names()) == sorted(["Quick", *DECK[4:7]])
    t.answer("Quick")
    assert t.pending is None
    assert t.hand("Ben") == sorted(DECK[1:4]) and t.hand("Ana") == sorted(DECK[4:7])
    assert discards(t) == [
        (1, [DECK[0]], False, "nuclear_winter"),
        (0, ["Quick"], False, "nuclear_winter"),
    ]
    assert (t.gene_pool("Ana"), t.gene_pool("Ben")) == (4, 4)


def test_overpopulation_draws_one_per_colour_in_the_pile() -> None:
    """Overpopulation: gene pool +1; draw 1 card per colour among your traits (colourless is not
    a colour)."""
    t = hit(
        "overpopulation",
        ("Ana", "Ben", "Cy"),
        piles={
            "Ana": ["Quick", "Fangs", "Gills", "Fear"],
            "Ben": ["Bark", "Big Ears", "Spiny", "Antlers"],
            "Cy": ["Confusion"],
        },
        deck=DECK,
    )
    assert t.pending is None
    assert [(e.player, t.names(e.cards), why(e)) for e in t.events(Drew)] == [
        (1, DECK[0:4], "overpopulation"),
        (0, DECK[4:6], "overpopulation"),
    ]
    assert (
        t.hand("Ben") == sorted(DECK[0:4])
        and t.hand("Ana") == sorted(DECK[4:6])
        and t.hand("Cy") == []
    )
    assert [t.gene_pool(p) for p in ("Ana", "Ben", "Cy")] == [6, 6, 6]


def test_solar_flare_discards_half_the_hand_rounded_up() -> None:
    """Solar Flare: discard half your hand, rounded up (rules notes); asked which to keep when
    more are discarded than kept."""
    t = hit(
        "solar_flare",
        ("Ana", "Ben", "Cy"),
        hands={
            "Ana": ["Quick", "Fangs", "Gills", "Spiny", "Bark"],
            "Ben": ["Leaves", "Fear"],
            "Cy": ["Flatulence"],
        },
    )
    assert t.pending.player == 1 and t.pending.reason == "discard"
    t.answer("Fear")
    assert t.pending.player == 0 and t.pending.reason == "keep"
    t.answer_all("Gills", "Bark")
    assert t.pending is None
    assert (t.hand("Ana"), t.hand("Ben"), t.hand("Cy")) == (["Bark", "Gills"], ["Leaves"], [])
    assert discards(t) == [
        (1, ["Fear"], False, "solar_flare"),
        (2, ["Flatulence"], False, "solar_flare"),
        (0, ["Fangs", "Quick", "Spiny"], False, "solar_flare"),
    ]


def test_the_big_one_gives_a_card_to_each_neighbour() -> None:
    """The Big One: give 1 card to each neighbour; rules notes: each picks from the hand they
    hold, then the cards move."""
    t = hit(
        "the_big_one",
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Quick", "Fangs"], "Ben": ["Gills", "Spiny"], "Cy": ["Bark", "Leaves"]},
    )
    assert t.pending.player == 1 and t.pending.about == (2,)  # Ben to his left, Cy
    assert sorted(t.option_names()) == ["Gills", "Spiny"]
    t.answer("Gills")  # Spiny goes to Ana
    assert t.pending.player == 2 and t.pending.about == (0,)
    t.answer("Bark")  # Leaves goes to Ben
    assert t.pending.player == 0 and t.pending.about == (1,)
    assert sorted(t.option_names()) == ["Fangs", "Quick"]  # not yet holding the gifts
    t.answer("Quick")  # Fangs goes to Cy
    assert t.pending is None
    assert (t.hand("Ana"), t.hand("Ben"), t.hand("Cy")) == (
        ["Bark", "Spiny"],
        ["Leaves", "Quick"],
        ["Fangs", "Gills"],
    )
    gifts = [(e.giver, e.receiver, t.names(e.cards), e.visible_to) for e in t.events(CardsPassed)]
    assert gifts == [
        (1, 2, ["Gills"], frozenset({1, 2})),
        (1, 0, ["Spiny"], frozenset({0, 1})),
        (2, 0, ["Bark"], frozenset({0, 2})),
        (2, 1, ["Leaves"], frozenset({1, 2})),
        (0, 1, ["Quick"], frozenset({0, 1})),
        (0, 2, ["Fangs"], frozenset({0, 2})),
    ]


def test_the_big_one_with_two_players_gives_a_card_for_each_side() -> None:
    """The Big One: "give 1 card to each neighbour (left and right)"; with two players the one
    opponent is the neighbour on both sides, so each gives two cards (rules notes)."""
    t = hit("the_big_one", hands={"Ana": ["Quick", "Fangs", "Bark"], "Ben": ["Gills", "Spiny", "Fear"]})
    t.answer_all("Gills", "Spiny")
    assert t.pending.player == 0
    t.answer_all("Fangs", "Quick")
    assert t.pending is None
    assert (t.hand("Ana"), t.hand("Ben")) == (["Bark", "Gills", "Spiny"], ["Fangs", "Fear", "Quick"])
    assert len(t.events(CardsPassed)) == 4


def test_the_big_one_with_two_players_gives_one_card_by_house_rule() -> None:
    """House rule ``one_card_to_a_lone_neighbour``: one card goes to the one neighbour."""
    t = hit(
        "the_big_one", hands={"Ana": ["Quick", "Fangs"], "Ben": ["Gills", "Spiny"]},
        options=Options(catastrophe_ends_round=True, one_card_to_a_lone_neighbour=True),
    )
    t.answer("Gills")
    assert t.pending.player == 0 and sorted(t.option_names()) == ["Fangs", "Quick"]
    t.answer("Fangs")
    assert t.pending is None
    assert (t.hand("Ana"), t.hand("Ben")) == (["Gills", "Quick"], ["Fangs", "Spiny"])
    assert len(t.events(CardsPassed)) == 2


def test_the_four_horsemen_discards_a_trait_never_a_dominant() -> None:
    """The Four Horsemen: discard 1 of your traits; a dominant never leaves a pile."""
    t = hit(
        "the_four_horsemen",
        ("Ana", "Ben", "Cy"),
        piles={"Ana": ["Quick", "Tiny"], "Ben": ["Gills", "Spiny"], "Cy": ["Apex Predator"]},
    )
    assert t.pending.player == 1 and t.pending.reason == "discard_trait"
    assert sorted(t.option_names()) == ["Gills", "Spiny"]
    t.answer("Spiny")
    assert t.pending is None
    assert (t.pile("Ana"), t.pile("Ben"), t.pile("Cy")) == (["Tiny"], ["Gills"], ["Apex Predator"])
    assert [(e.player, name(t, e.card)) for e in t.events(TraitDiscarded)] == [
        (1, "Spiny"),
        (0, "Quick"),
    ]
    assert [(e.player, why(e), e.reason) for e in t.events(NothingToDo)] == [
        (2, "the_four_horsemen", "no_target")
    ]
    assert sorted(t.discard) == ["Quick", "Spiny"]


# --- World's End effects --------------------------------------------------------------------------


def test_ai_takeover_worlds_end_colourless_face_two_except_dominants() -> None:
    """AI Takeover (retail): colourless traits, except dominants, count face 2 and their effects
    are ignored (Mindful's and Boredom's bonuses); Denial (dominant) keeps face 4."""
    t = at_worlds_end(
        "ai_takeover",
        piles={"Ana": ["Confusion", "Mindful", "Boredom", "Denial", "Quick"], "Ben": ["Gills"]},
        hands={"Ana": ["Introspective"]},
    )
    assert t.pending is None
    assert tallies(t) == [(0, 2 + 2 + 2 + 4 + 2, 0, 12), (0, 1, 0, 1)]
    assert t.g.winners == (0,)


def test_ai_takeover_worlds_end_leaves_coloured_bonuses_alone() -> None:
    t = at_worlds_end("ai_takeover", piles={"Ana": ["Sticky Secretions", "Big Ears", "Fear"]})
    # Sticky Secretions -1 +2 purple; Big Ears 1; Fear colourless 1 -> 2.
    assert tallies(t)[0] == (0, -1 + 1 + 2, 2, 4)


@pytest.mark.parametrize(
    "top, ana_points, ben_points",
    [(["Tiny", "Quick"], 5, 2), (["Blubber", "Fire Skin"], 4, 3), (["Confusion", "Kidney"], -2, 0)],
)
def test_deus_ex_machina_worlds_end_draws_a_face_value_capped_at_five(
    top: list[str], ana_points: int, ben_points: int
) -> None:
    """Deus Ex Machina (retail): each player draws a card, adds its face value (at most 5; X is
    0), then discards it."""
    t = at_worlds_end(
        "deus_ex_machina", piles={"Ana": ["Gills"], "Ben": ["Spiny", "Migratory"]}, deck=top
    )
    assert t.pending is None
    # Every draw is told, with the card drawn, even when it scores nothing.
    assert points(t) == [(0, ana_points, "deus_ex_machina"), (1, ben_points, "deus_ex_machina")]
    assert [t.g.defs[e.card].name for e in t.events(WorldsEndPoints)] == top
    assert tallies(t)[:2] == [
        (ana_points, 1, 0, ana_points + 1),
        (ben_points, 3, 0, ben_points + 3),
    ]
    assert t.discard[:2] == top
    assert len(t.deck) == len(t.g.defs) - 3 - 2  # both drawn cards left the deck


@pytest.mark.parametrize(
    "cat, colour_traits, other",
    [
        ("glacial_meltdown", ["Gills", "Spiny"], "Quick"),
        ("mega_tsunami", ["Quick", "Fangs"], "Gills"),
    ],
)
def test_random_colour_trait_discarded_at_worlds_end(
    cat: str, colour_traits: list[str], other: str
) -> None:
    """Glacial Meltdown (blue) and Mega Tsunami (red): discard a random trait of the colour; a
    dominant of the colour cannot be discarded."""
    dominant = "Tiny" if cat == "glacial_meltdown" else "Apex Predator"
    t = at_worlds_end(cat, piles={"Ana": [*colour_traits, other], "Ben": [dominant]})
    assert t.pending is None
    gone = t.events(TraitDiscarded)
    assert [(e.player, e.random) for e in gone] == [(0, True)]
    lost = name(t, gone[0].card)
    assert lost in colour_traits
    assert t.pile("Ana") == sorted([c for c in colour_traits if c != lost] + [other])
    assert t.pile("Ben") == [dominant]
    assert [(e.player, why(e), e.reason) for e in t.events(NothingToDo)] == [
        (1, cat, "no_target")
    ]
    faces = {"Gills": 1, "Spiny": 1, "Quick": 2, "Fangs": 1}
    assert tallies(t)[0][1] == sum(faces[c] for c in t.pile("Ana"))


def test_grey_goo_worlds_end_minus_five_to_every_player_with_most_traits() -> None:
    """Grey Goo: -5 to the player(s) with the most traits; rules notes: every tied player."""
    t = at_worlds_end(
        "grey_goo",
        ("Ana", "Ben", "Cy"),
        piles={
            "Ana": ["Quick", "Fangs", "Gills"],
            "Ben": ["Spiny", "Bark", "Leaves"],
            "Cy": ["Fear", "Antlers"],
        },
    )
    assert points(t) == [(0, -5, "grey_goo"), (1, -5, "grey_goo")]
    assert tallies(t) == [(-5, 4, 0, -1), (-5, 4, 0, -1), (0, 4, 0, 4)]
    assert t.g.winners == (2,)


@pytest.mark.parametrize(
    "cat, two, other",
    [
        ("ice_age", ["Quick", "Fangs"], "Gills"),
        ("retrovirus", ["Bark", "Leaves"], "Gills"),
        ("solar_flare", ["Big Ears", "Nocturnal"], "Gills"),
        ("super_volcano", ["Gills", "Spiny"], "Quick"),
    ],
)
def test_minus_one_per_trait_of_the_colour_at_worlds_end(
    cat: str, two: list[str], other: str
) -> None:
    """Ice Age (red), Retrovirus (green), Solar Flare (purple), Super Volcano (blue): -1 per
    trait of the colour in your pile."""
    t = at_worlds_end(cat, piles={"Ana": [*two, other], "Ben": ["Fear"]})
    assert points(t) == [(0, -2, cat)]
    faces = {
        "Quick": 2,
        "Fangs": 1,
        "Gills": 1,
        "Bark": 2,
        "Leaves": 1,
        "Big Ears": 1,
        "Nocturnal": 3,
        "Spiny": 1,
    }
    face = sum(faces[c] for c in [*two, other])
    assert tallies(t)[0] == (-2, face, 0, face - 2)
    assert tallies(t)[1] == (0, 1, 0, 1)


@pytest.mark.parametrize(
    "cat, two, one, other",
    [
        ("mass_extinction", ["Bark", "Leaves"], "Appealing", "Quick"),
        ("nuclear_winter", ["Fear", "Confusion"], "Flatulence", "Quick"),
        ("pulse_event", ["Big Ears", "Nocturnal"], "Adorable", "Quick"),
    ],
)
def test_discard_a_chosen_trait_of_the_colour_at_worlds_end(
    cat: str, two: list[str], one: str, other: str
) -> None:
    """Mass Extinction (green), Nuclear Winter (colourless), Pulse Event (purple): discard one of
    your traits of the colour, of your choice; none of it: nothing happens."""
    t = at_worlds_end(
        cat, ("Ana", "Ben", "Cy"), piles={"Ana": [*two, other], "Ben": [one], "Cy": ["Gills"]}
    )
    assert t.pending.player == 0 and t.pending.reason == "discard_trait"
    assert sorted(t.option_names()) == sorted(two)
    t.answer(two[1])
    assert t.pending is None
    assert [(e.player, name(t, e.card)) for e in t.events(TraitDiscarded)] == [
        (0, two[1]),
        (1, one),
    ]
    assert (t.pile("Ana"), t.pile("Ben"), t.pile("Cy")) == (sorted([two[0], other]), [], ["Gills"])
    assert [(e.player, e.reason) for e in t.events(NothingToDo)] == [(2, "no_target")]
    assert tallies(t)[1][:3] == (0, 0, 0)


def test_nuclear_winter_worlds_end_cannot_take_a_colourless_dominant() -> None:
    t = at_worlds_end("nuclear_winter", piles={"Ana": ["Denial", "Quick"]})
    assert t.pending is None
    assert t.pile("Ana") == ["Denial", "Quick"]
    assert not t.events(TraitDiscarded)
    assert [(e.player, e.reason) for e in t.events(NothingToDo)] == [
        (0, "no_target"),
        (1, "no_target"),
    ]


def test_overpopulation_worlds_end_plus_four_to_every_player_with_fewest_traits() -> None:
    """Overpopulation (retail): +4 to the player(s) with the fewest traits."""
    t = at_worlds_end(
        "overpopulation",
        ("Ana", "Ben", "Cy"),
        piles={"Ana": ["Quick"], "Ben": ["Gills"], "Cy": ["Bark", "Leaves", "Fear"]},
    )
    assert points(t) == [(0, 4, "overpopulation"), (1, 4, "overpopulation")]
    assert tallies(t) == [(4, 2, 0, 6), (4, 1, 0, 5), (0, 4, 0, 4)]


def test_the_big_one_worlds_end_minus_two_per_missing_colour() -> None:
    """The Big One: -2 per colour of the four absent from your pile; colourless does not count."""
    t = at_worlds_end(
        "the_big_one",
        ("Ana", "Ben", "Cy"),
        piles={
            "Ana": ["Quick", "Gills", "Fear"],
            "Ben": [],
            "Cy": ["Fangs", "Spiny", "Bark", "Big Ears"],
        },
    )
    assert points(t) == [(0, -4, "the_big_one"), (1, -8, "the_big_one")]
    assert tallies(t) == [(-4, 4, 0, 0), (-8, 0, 0, -8), (0, 5, 0, 5)]


def test_the_four_horsemen_worlds_end_discards_a_trait_of_face_four_or_more() -> None:
    """The Four Horsemen: discard one of your traits with face value 4 or more (never a
    dominant); a gene pool trait leaving reverses its change."""
    t = at_worlds_end(
        "the_four_horsemen",
        ("Ana", "Ben", "Cy"),
        piles={
            "Ana": ["Blubber", "Adorable", "Quick"],
            "Ben": ["Tiny", "Fangs"],
            "Cy": ["Brute Strength"],
        },
        gene_pools={"Cy": 4},
    )
    assert t.pending.player == 0 and sorted(t.option_names()) == ["Adorable", "Blubber"]
    t.answer("Adorable")
    assert t.pending is None
    assert (t.pile("Ana"), t.pile("Ben"), t.pile("Cy")) == (
        ["Blubber", "Quick"],
        ["Fangs", "Tiny"],
        [],
    )
    assert [(e.player, name(t, e.card)) for e in t.events(TraitDiscarded)] == [
        (0, "Adorable"),
        (2, "Brute Strength"),
    ]
    assert [(e.player, e.reason) for e in t.events(NothingToDo)] == [(1, "no_target")]
    assert t.gene_pool("Cy") == 5
    assert [(e.player, e.old, e.new, e.reversal) for e in t.events(GenePoolChanged)] == [
        (2, 4, 5, True)
    ]
    assert tallies(t) == [(0, 6, 0, 6), (0, 18, -2, 16), (0, 0, 0, 0)]
