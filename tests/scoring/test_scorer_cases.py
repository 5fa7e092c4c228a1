"""Hand-worked score files for ``doomlings_access.scorer.score_table``.

Every expected number is worked out by hand from the card facts
(shared/cards/base-game.md, retail printing) and docs/rules-notes.md ("World's End and
scoring"), with the arithmetic in a comment. Scores are (World's End, face value, bonus,
total), the rulebook's scoring order ("If the final catastrophe's World's End effect gives or
takes away points, count those now. 2 Count up the face value of your traits. 3 Finally,
tally up any bonuses or modifiers").

Where a position fits the test builder (one copy of each card, no hidden random pick), the
same position is also run through the real World's End flow with ``builders.table`` and its
events are checked: the colour named, the trait discarded, the World's End points, and the
``ScoreTallied`` events, which must carry the same hand-worked numbers.
"""

from __future__ import annotations

from typing import Any

import pytest
from builders import Table, table, why

from doomlings_access.rules.events import (
    ColourNamed,
    Drew,
    GameOver,
    GenePoolChanged,
    ScoreTallied,
    TieBreakDraw,
    TraitDiscarded,
    TraitPlayed,
    TraitsRecoloured,
    WorldsEndCatastropheChosen,
    WorldsEndPoints,
    WorldsEndStarted,
)
from doomlings_access.scorer import ScoreFileError, ScoreResult, score_table

Score = tuple[int, int, int, int]  # World's End, face value, bonus, total


# --- helpers ----------------------------------------------------------------------------------


def P(
    name: str,
    traits: list[str],
    hand: list[str] | None = None,
    gene_pool: int | None = None,
    choices: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One player of a score file."""
    p: dict[str, Any] = {"name": name, "traits": traits}
    if hand is not None:
        p["hand"] = hand
    if gene_pool is not None:
        p["gene_pool"] = gene_pool
    if choices is not None:
        p["choices"] = choices
    return p


def score(players: list[dict[str, Any]], catastrophes: list[str] | None = None, **extra: Any) -> ScoreResult:
    data: dict[str, Any] = {"players": players, "catastrophes": catastrophes or [], **extra}
    return score_table(data)


def scores(result: ScoreResult) -> dict[str, Score]:
    return {p.name: (p.worlds_end, p.face_value, p.bonus, p.total) for p in result.players}


def engine(
    piles: dict[str, list[str]],
    catastrophes: list[str] | None = None,
    answers: tuple[str, ...] = (),
    **kw: Any,
) -> Table:
    """The same position at World's End in the real engine (builder), answered in order."""
    players = kw.pop("players", tuple(piles))
    cats = catastrophes or []
    t = table(players, piles=piles, catastrophes=cats, revealed=cats, run="worlds_end", **kw)
    t.answer_all(*answers)
    assert t.pending is None
    return t


def tallied(t: Table) -> dict[str, Score]:
    return {
        t.g.seats[e.player].name: (e.worlds_end, e.face_value, e.bonus, e.total)
        for e in t.events(ScoreTallied)
    }


def winners(t: Table) -> list[str]:
    (over,) = t.events(GameOver)
    return [t.g.seats[s].name for s in over.winners]


def cat_id(name: str) -> str:
    return name.lower().replace(" ", "_")


# --- 1. drop-of-life bonuses ------------------------------------------------------------------
# Each case: players of the score file, catastrophes, expected scores, expected winners.
# The builder runs the same position (hands, piles and gene pools) and, for Sentience and
# Viral, answers the colour given in the choices.

BONUS_CASES: list[Any] = [
    pytest.param(
        [P("Ana", ["Saudade"], hand=["Quick", "Stone Skin", "Blubber", "Flatulence"])],
        # face 1; hand colours red, blue = +2 (two reds count once, colourless is no colour)
        {"Ana": (0, 1, 2, 3)},
        id="saudade_colours_in_hand",
    ),
    pytest.param(
        [P("Ana", ["Mindful", "Flatulence", "Fear", "Quick"])],
        # face 0+3+1+2 = 6; colourless traits Mindful, Flatulence, Fear = +3
        {"Ana": (0, 6, 3, 9)},
        id="mindful_colourless_in_pile",
    ),
    pytest.param(
        [P("Ana", ["Boredom"], hand=["Introspective", "Bad", "Tiny", "Flatulence", "Quick"])],
        # face X = 0; cards with an effect in hand: Introspective, Bad, Tiny = +3 (Flatulence, Quick effectless)
        {"Ana": (0, 0, 3, 3)},
        id="boredom_effect_cards_in_hand",
    ),
    pytest.param(
        [P("Ana", ["Gratitude", "Quick", "Stone Skin", "Blubber", "Adorable", "Flatulence"])],
        # face 0+2+2+4+4+3 = 15; colours red, blue, purple = +3 (colourless not a colour)
        {"Ana": (0, 15, 3, 18)},
        id="gratitude_colours_in_pile",
    ),
    pytest.param(
        [P("Ana", ["Altruistic", "Quick"], gene_pool=7)],
        # face 0+2 = 2; gene pool 7 = +7
        {"Ana": (0, 2, 7, 9)},
        id="altruistic_gene_pool",
    ),
    pytest.param(
        [P("Ana", ["Camouflage"], hand=["Quick", "Fear", "Tiny"])],
        # face 1; 3 cards in hand = +3
        {"Ana": (0, 1, 3, 4)},
        id="camouflage_cards_in_hand",
    ),
    pytest.param(
        [P("Ana", ["Sticky Secretions", "Adorable", "Nocturnal", "Quick"])],
        # face -1+4+3+2 = 8; purple: Sticky Secretions, Adorable, Nocturnal = +3
        {"Ana": (0, 8, 3, 11)},
        id="sticky_secretions_purple",
    ),
    pytest.param(
        [P("Ana", ["Symbiosis", "Bark", "Leaves", "Quick", "Stone Skin", "Blubber"])],
        # face 3+2+1+2+2+4 = 14; green 3, red 2, blue 1: fewest is blue, 2 x 1 = +2
        {"Ana": (0, 14, 2, 16)},
        id="symbiosis_fewest_colour",
    ),
    pytest.param(
        [P("Ana", ["Symbiosis", "Bark", "Flatulence"])],
        # face 3+2+3 = 8; only green (colourless is no colour): one colour = +0
        {"Ana": (0, 8, 0, 8)},
        id="symbiosis_one_colour_is_zero",
    ),
    pytest.param(
        [P("Ana", ["Pack Behavior", "Bark", "Leaves", "Quick", "Stone Skin", "Fangs", "Blubber", "Flatulence", "Fear"])],
        # face 3+2+1+2+2+1+4+3+1 = 19; green 3 -> 1 pair, red 3 -> 1, blue 1 -> 0, colourless not a colour = +2
        {"Ana": (0, 19, 2, 21)},
        id="pack_behavior_pairs_per_colour",
    ),
    pytest.param(
        [P("Ana", ["Pollination", "Leaves", "Fangs", "Fear", "Quick"])],
        # face 1+1+1+1+2 = 6; face-1 traits Pollination, Leaves, Fangs, Fear = +4
        {"Ana": (0, 6, 4, 10)},
        id="pollination_face_one_traits",
    ),
    pytest.param(
        [
            P("Ana", ["Branches", "Bark"]),
            P("Ben", ["Appealing", "Leaves", "Woody Stems"]),
            P("Cy", ["Deep Roots", "Fecundity", "Trunk"]),
        ],
        # Ana face 0+2 = 2; Ben 3 greens -> 1 pair, Cy 3 greens -> 1 pair = +2 (not 6//2; own Bark not counted)
        # Ben face 3+1+1 = 5; Cy face 2+1+1 = 4
        {"Ana": (0, 2, 2, 4), "Ben": (0, 5, 0, 5), "Cy": (0, 4, 0, 4)},
        id="branches_pairs_per_opponent",
    ),
    pytest.param(
        [P("Ana", ["Random Fertilization", "Quick"], gene_pool=3)],
        # face 0+2 = 2; gene pool 3 = +3
        {"Ana": (0, 2, 3, 5)},
        id="random_fertilization_gene_pool",
    ),
    pytest.param(
        [P("Ana", ["Swarm"]), P("Ben", ["Swarm", "Swarm"]), P("Cy", ["Swarm", "Quick"])],
        # 4 Swarms in all piles: each Swarm +4; Ana 4, Ben 2x4 = 8, Cy face 2 + 4 = 6
        {"Ana": (0, 0, 4, 4), "Ben": (0, 0, 8, 8), "Cy": (0, 2, 4, 6)},
        id="swarm_counts_all_piles",
    ),
    pytest.param(
        [P("Ana", ["Fortunate"], hand=["Quick", "Tiny", "Fear", "Bark"])],
        # face X = 0; 4 cards in hand = +4 (an empty hand gives +0: see the Immunity case)
        {"Ana": (0, 0, 4, 4)},
        id="fortunate_cards_in_hand",
    ),
    pytest.param(
        [P("Ana", ["Overgrowth", "Bark", "Leaves", "Quick"])],
        # face -1+2+1+2 = 4; green Overgrowth, Bark, Leaves = +3
        {"Ana": (0, 4, 3, 7)},
        id="overgrowth_green",
    ),
    pytest.param(
        [P("Ana", ["Apex Predator", "Quick", "Stone Skin"]), P("Ben", ["Adorable", "Bark"]), P("Cy", ["Blubber"])],
        # Ana 3 traits > 2 and 1: face 4+2+2 = 8, +4; Ben 4+2 = 6; Cy 4
        {"Ana": (0, 8, 4, 12), "Ben": (0, 6, 0, 6), "Cy": (0, 4, 0, 4)},
        id="apex_predator_most_traits",
    ),
    pytest.param(
        [P("Ana", ["Apex Predator", "Quick"]), P("Ben", ["Adorable", "Fine Motor Skills"])],
        # 2 traits each: a tie gives +0; Ana 4+2 = 6, Ben 4+2 = 6 -> both win (no tie_break given)
        {"Ana": (0, 6, 0, 6), "Ben": (0, 6, 0, 6)},
        id="apex_predator_tie_is_zero",
    ),
    pytest.param(
        [P("Ana", ["Sentience", "Quick", "Blubber", "Migratory", "Gills"], choices={"Sentience": "blue"})],
        # face 2+2+4+2+1 = 11; named blue: Blubber, Migratory, Gills = +3 (red would give +2)
        {"Ana": (0, 11, 3, 14)},
        id="sentience_named_colour",
    ),
    pytest.param(
        [P("Ana", ["Brave"], hand=["Tiny", "Denial", "Quick"])],
        # face 1; dominants in hand Tiny, Denial: 2 x 2 = +4
        {"Ana": (0, 1, 4, 5)},
        id="brave_dominants_in_hand",
    ),
    pytest.param(
        [P("Ana", ["Kidney", "Kidney"]), P("Ben", ["Kidney"])],
        # Kidney counts own pile only: Ana 2 x 2 = +4, Ben 1 x 1 = +1
        {"Ana": (0, 0, 4, 4), "Ben": (0, 0, 1, 1)},
        id="kidney_own_pile_only",
    ),
    pytest.param(
        [P("Ana", ["Heat Vision", "Quick", "Fangs", "Blubber"])],
        # face -1+2+1+4 = 6; red Heat Vision, Quick, Fangs = +3
        {"Ana": (0, 6, 3, 9)},
        id="heat_vision_red",
    ),
    pytest.param(
        [P("Ana", ["Immunity", "Confusion", "Venomous", "Quick", "Fortunate"])],
        # face 4-2-2+2+0 = 2; negative faces Confusion, Venomous: 2 x 2 = +4 (X counts 0, not negative; Fortunate, empty hand, +0)
        {"Ana": (0, 2, 4, 6)},
        id="immunity_negative_traits",
    ),
    pytest.param(
        [P("Ana", ["Tiny", "Quick"])],
        # face 17+2 = 19; -1 per trait including Tiny = -2
        {"Ana": (0, 19, -2, 17)},
        id="tiny_minus_per_trait",
    ),
    pytest.param(
        [P("Ana", ["Egg Clusters", "Gills", "Spiny", "Quick"])],
        # face -1+1+1+2 = 3; blue Egg Clusters, Gills, Spiny = +3
        {"Ana": (0, 3, 3, 6)},
        id="egg_clusters_blue",
    ),
    pytest.param(
        [
            P("Ana", ["Viral", "Quick"], choices={"Viral": "red"}),
            P("Ben", ["Stone Skin", "Antlers", "Adorable"]),
            P("Cy", ["Fangs", "Blubber"]),
        ],
        # Viral names red: Ana's own Quick costs nothing, face 2+2 = 4
        # Ben face 2+3+4 = 9, 2 reds = -2 in Ben's bonus; Cy face 1+4 = 5, 1 red = -1
        {"Ana": (0, 4, 0, 4), "Ben": (0, 9, -2, 7), "Cy": (0, 5, -1, 4)},
        id="viral_penalty_in_each_opponents_bonus",
    ),
]


def _best(expected: dict[str, Score]) -> list[str]:
    top = max(s[3] for s in expected.values())
    return [n for n, s in expected.items() if s[3] == top]


@pytest.mark.parametrize(("players", "expected"), BONUS_CASES)
def test_drop_of_life_bonus_scores(players: list[dict[str, Any]], expected: dict[str, Score]) -> None:
    """Rulebook "Scoring", step 3: bonuses tallied separately from face values (an X is 0)."""
    result = score(players)
    assert scores(result) == expected
    assert result.winners == _best(expected)


@pytest.mark.parametrize(("players", "expected"), BONUS_CASES)
def test_drop_of_life_bonus_events_in_the_engine(players: list[dict[str, Any]], expected: dict[str, Score]) -> None:
    """The same positions at the engine's World's End: ScoreTallied carries the same numbers."""
    names = tuple(p["name"] for p in players)
    piles = {p["name"]: p["traits"] for p in players}
    hands = {p["name"]: p["hand"] for p in players if "hand" in p}
    pools = {p["name"]: p["gene_pool"] for p in players if "gene_pool" in p}
    answers = tuple(a for p in players for a in p.get("choices", {}).values())
    t = engine(piles, players=names, hands=hands, gene_pools=pools, answers=answers)
    assert tallied(t) == expected
    best = _best(expected)
    if len(best) == 1:
        assert winners(t) == best and t.events(TieBreakDraw) == []
    else:  # a real game breaks the tie: each tied player draws a trait, face value only
        draws = {names[e.player]: e.total for e in t.events(TieBreakDraw)}
        assert sorted(draws) == sorted(best)
        for e in t.events(TieBreakDraw):
            assert e.total == expected[names[e.player]][3] + t.g.defs[e.card].face_value
        assert winners(t) == [n for n in names if n in draws and draws[n] == max(draws.values())]
    named = t.events(ColourNamed)
    assert [(e.colour, t.names([e.card])) for e in named] == [(a, [k]) for p in players for k, a in p.get("choices", {}).items()]
    # scoring does not move cards
    assert t.pile(names[0]) == sorted(players[0]["traits"])


# --- 2. trait World's End effects ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("faith", "expected"),
    [
        # red -> green: Ice Age finds 0 reds = 0; face 4+2+2-1 = 7; Overgrowth sees green Quick, Stone Skin, Overgrowth = +3
        ({"from": "red", "to": "green"}, (0, 7, 3, 10)),
        # no recolour: Ice Age 2 reds = -2; face 7; Overgrowth only itself = +1
        ("none", (-2, 7, 1, 6)),
    ],
    ids=["red_to_green", "none"],
)
def test_faith_recolour_counts_for_bonuses_and_the_catastrophe(faith: Any, expected: Score) -> None:
    """rules-notes "World's End and scoring": Faith's new colours count for every bonus and
    for the catastrophe's World's End effect."""
    result = score([P("Ana", ["Faith", "Quick", "Stone Skin", "Overgrowth"], choices={"Faith": faith})], ["Ice Age"])
    assert scores(result) == {"Ana": expected}


@pytest.mark.parametrize("faith", [{}, None, [{}], {"x": 1}, {"to": "blue"}, {"from": "red"}, 5, ["red"]])
def test_faith_given_a_wrong_shape_is_an_error_never_none(faith: Any) -> None:
    """A malformed answer ({}, null, a missing "from") was read as "no recolour" and scored."""
    with pytest.raises(ScoreFileError, match=r"choices.*Faith"):
        score([P("Ana", ["Faith", "Quick", "Stone Skin", "Overgrowth"], choices={"Faith": faith})], ["Ice Age"])


def test_faith_recolour_events_in_the_engine() -> None:
    """Faith at World's End in the engine: TraitsRecoloured names Quick and Stone Skin; no Ice Age points."""
    t = engine({"Ana": ["Faith", "Quick", "Stone Skin", "Overgrowth"]}, ["ice_age"], ("red", "green"), players=("Ana", "Ben"))
    (recolour,) = t.events(TraitsRecoloured)
    assert (recolour.player, recolour.from_colour, recolour.to_colour) == (0, "red", "green")
    assert sorted(t.names(recolour.cards)) == ["Quick", "Stone Skin"]
    assert t.events(WorldsEndPoints) == []
    assert tallied(t)["Ana"] == (0, 7, 3, 10)


@pytest.mark.parametrize(
    ("prepper", "ana", "ben"),
    [
        # Ice Age: Ana 2 reds = -2, face 2+2+2 = 6 -> 4; Ben face 2
        ("Ice Age", (-2, 6, 0, 4), (0, 2, 0, 2)),
        # Overpopulation: Ben fewest traits (1 < 3) +4 -> 6; Ana 6
        ("Overpopulation", (0, 6, 0, 6), (4, 2, 0, 6)),
        # Grey Goo (the final one anyway): Ana most traits -5 -> 1; Ben 2
        ("Grey Goo", (-5, 6, 0, 1), (0, 2, 0, 2)),
    ],
)
def test_prepper_picks_which_catastrophe_ends_the_world(prepper: str, ana: Score, ben: Score) -> None:
    """Prepper (card facts): pick which of the three revealed catastrophes provides the World's
    End effect for everyone."""
    result = score(
        [P("Ana", ["Prepper", "Quick", "Stone Skin"], choices={"Prepper": prepper}), P("Ben", ["Fine Motor Skills"])],
        ["Ice Age", "Overpopulation", "Grey Goo"],
    )
    assert scores(result) == {"Ana": ana, "Ben": ben}


def test_prepper_events_in_the_engine() -> None:
    """Prepper chooses Ice Age although Grey Goo is the final catastrophe."""
    t = engine(
        {"Ana": ["Prepper", "Quick", "Stone Skin"], "Ben": ["Fine Motor Skills"]},
        ["ice_age", "overpopulation", "grey_goo"],
        ("ice_age",),
    )
    assert [(e.player, e.catastrophe) for e in t.events(WorldsEndCatastropheChosen)] == [(0, "ice_age")]
    assert [(e.player, e.points, why(e)) for e in t.events(WorldsEndPoints)] == [(0, -2, "ice_age")]
    assert tallied(t) == {"Ana": (-2, 6, 0, 4), "Ben": (0, 2, 0, 2)}


@pytest.mark.parametrize(
    ("played", "expected"),
    [
        # Sentience played (its World's End effect resolves too), names blue: face 1+4+1+2 = 8, blue Blubber, Gills = +2
        ("Sentience", (0, 8, 2, 10)),
        # Fine Motor Skills played: face 1+4+1+2 = 8, no bonus
        ("Fine Motor Skills", (0, 8, 0, 8)),
        # nothing played: face 1+4+1 = 6
        ("none", (0, 6, 0, 6)),
    ],
)
def test_eloquence_plays_a_trait_from_hand(played: str, expected: Score) -> None:
    """Eloquence (card facts): at World's End you may play one more trait from hand; rules-notes:
    traits played at World's End have their own World's End effects resolved too."""
    result = score(
        [
            P(
                "Ana",
                ["Eloquence", "Blubber", "Gills"],
                hand=["Sentience", "Fine Motor Skills"],
                choices={"Eloquence": played, "Sentience": "blue"},
            )
        ]
    )
    assert scores(result) == {"Ana": expected}


def test_eloquence_play_ignores_the_action_in_the_engine() -> None:
    """Eloquence plays Introspective without its action: no cards drawn."""
    t = engine({"Ana": ["Eloquence"]}, answers=("Introspective",), players=("Ana", "Ben"), hands={"Ana": ["Introspective"]})
    (played,) = t.events(TraitPlayed)
    assert t.names([played.card]) == ["Introspective"] and played.player == 0
    assert t.events(Drew) == []
    assert t.pile("Ana") == ["Eloquence", "Introspective"] and t.hand("Ana") == []
    assert tallied(t)["Ana"] == (0, 2, 0, 2)  # face 1+1


def test_eloquence_cannot_play_a_trait_whose_requirement_fails() -> None:
    """Heroic needs 3 green traits in the pile: Eloquence has nothing to play, no choice needed."""
    result = score([P("Ana", ["Eloquence", "Bark"], hand=["Heroic"])])
    assert scores(result) == {"Ana": (0, 3, 0, 3)}  # face 1+2
    t = engine({"Ana": ["Eloquence", "Bark"]}, players=("Ana", "Ben"), hands={"Ana": ["Heroic"]})
    assert t.events(TraitPlayed) == [] and t.hand("Ana") == ["Heroic"]


@pytest.mark.parametrize(
    ("answer", "expected"),
    [("yes", (0, 4, 0, 4)), ("no", (0, 2, 0, 2))],  # yes: Quick 2 + Sneaky 2; no: Quick 2
)
def test_sneaky_played_from_hand_at_worlds_end(answer: str, expected: Score) -> None:
    """Sneaky (card facts): at World's End you may play Sneaky from your hand."""
    result = score([P("Ana", ["Quick"], hand=["Sneaky"], choices={"Sneaky": answer})])
    assert scores(result) == {"Ana": expected}


def test_sneaky_events_in_the_engine() -> None:
    t = engine({"Ana": ["Quick"]}, answers=("Sneaky",), players=("Ana", "Ben"), hands={"Ana": ["Sneaky"]})
    (played,) = t.events(TraitPlayed)
    assert t.names([played.card]) == ["Sneaky"] and played.out_of_turn
    assert t.pile("Ana") == ["Quick", "Sneaky"]
    assert tallied(t)["Ana"] == (0, 4, 0, 4)


def test_hyper_intelligence_removes_a_named_colour_trait_from_each_opponent() -> None:
    """Hyper-Intelligence (card facts): name a colour; each opponent discards one random trait of
    that colour. The random pick is given in the opponent's choices; a dominant never leaves."""
    result = score(
        [
            P("Ana", ["Hyper-Intelligence", "Stone Skin"], choices={"Hyper-Intelligence": "red"}),
            P("Ben", ["Quick", "Antlers", "Blubber"], choices={"Hyper-Intelligence": "Antlers"}),
            P("Cy", ["Apex Predator", "Fangs", "Adorable"]),
        ]
    )
    # Ana keeps her own red: 4+2 = 6; Ben loses Antlers: 2+4 = 6;
    # Cy loses Fangs (Apex Predator is dominant): 4+4 = 8, 2 traits ties Ana and Ben, so Apex +0
    assert scores(result) == {"Ana": (0, 6, 0, 6), "Ben": (0, 6, 0, 6), "Cy": (0, 8, 0, 8)}
    assert result.winners == ["Cy"]


def test_hyper_intelligence_events_in_the_engine() -> None:
    t = engine(
        {"Ana": ["Hyper-Intelligence", "Stone Skin"], "Ben": ["Antlers", "Blubber"], "Cy": ["Apex Predator", "Fangs", "Adorable"]},
        answers=("red",),
    )
    (named,) = t.events(ColourNamed)
    assert (named.player, named.colour, t.names([named.card])) == (0, "red", ["Hyper-Intelligence"])
    assert [(e.player, t.names([e.card])[0], e.random) for e in t.events(TraitDiscarded)] == [
        (1, "Antlers", True),
        (2, "Fangs", True),
    ]
    assert t.pile("Ana") == ["Hyper-Intelligence", "Stone Skin"] and t.pile("Cy") == ["Adorable", "Apex Predator"]
    assert tallied(t) == {"Ana": (0, 6, 0, 6), "Ben": (0, 4, 0, 4), "Cy": (0, 8, 0, 8)}


# --- 3. catastrophe World's End effects ---------------------------------------------------------
# (players, catastrophe, expected, engine piles or None, engine answers, extra engine kwargs,
#  expected (player, card) discards in the engine, expected World's End points in the engine)

CATASTROPHE_CASES: list[Any] = [
    pytest.param(
        [P("Ana", ["Faith", "Mindful", "Confusion", "Quick"])],
        "AI Takeover",
        # Faith dominant keeps 4; Mindful, Confusion count 2 each; Quick 2: face 10; Mindful's +3 ignored
        {"Ana": (0, 10, 0, 10)},
        id="ai_takeover_colourless_face_two_except_dominants",
    ),
    pytest.param(
        [P("Ana", ["Adorable"], choices={"Deus Ex Machina": "Tiny"}), P("Ben", ["Quick"], choices={"Deus Ex Machina": "Confusion"})],
        "Deus Ex Machina",
        # Ana draws Tiny 17, capped at +5: 5+4 = 9; Ben draws Confusion -2: -2+2 = 0
        {"Ana": (5, 4, 0, 9), "Ben": (-2, 2, 0, 0)},
        id="deus_ex_machina_draw_capped_at_five",
    ),
    pytest.param(
        [P("Ana", ["Blubber", "Gills", "Quick"], choices={"Glacial Meltdown": "Blubber"}), P("Ben", ["Tiny", "Spiny"])],
        "Glacial Meltdown",
        # Ana loses Blubber: 1+2 = 3; Ben loses Spiny (Tiny is dominant): 17, Tiny -1
        {"Ana": (0, 3, 0, 3), "Ben": (0, 17, -1, 16)},
        id="glacial_meltdown_random_blue",
    ),
    pytest.param(
        [P("Ana", ["Quick", "Fangs"]), P("Ben", ["Adorable", "Bark"]), P("Cy", ["Blubber"])],
        "Grey Goo",
        # Ana and Ben tie for most traits (2): -5 each; Ana 3-5 = -2, Ben 6-5 = 1, Cy 4
        {"Ana": (-5, 3, 0, -2), "Ben": (-5, 6, 0, 1), "Cy": (0, 4, 0, 4)},
        id="grey_goo_every_tied_player",
    ),
    pytest.param(
        [P("Ana", ["Quick", "Fangs", "Blubber"]), P("Ben", ["Adorable"])],
        "Ice Age",
        # Ana 2 reds = -2, face 2+1+4 = 7 -> 5; Ben no red: 4
        {"Ana": (-2, 7, 0, 5), "Ben": (0, 4, 0, 4)},
        id="ice_age_minus_per_red",
    ),
    pytest.param(
        [P("Ana", ["Bark", "Leaves", "Quick"], choices={"Mass Extinction": "Leaves"}), P("Ben", ["Symbiosis", "Blubber"])],
        "Mass Extinction",
        # Ana discards Leaves: 2+2 = 4; Ben keeps dominant Symbiosis: 3+4 = 7, green 1 blue 1 -> 2 x 1 = +2
        {"Ana": (0, 4, 0, 4), "Ben": (0, 7, 2, 9)},
        id="mass_extinction_discard_green",
    ),
    pytest.param(
        [P("Ana", ["Quick", "Antlers", "Blubber"], choices={"Mega Tsunami": "Antlers"}), P("Ben", ["Apex Predator", "Gills"])],
        "Mega Tsunami",
        # Ana loses Antlers: 2+4 = 6; Ben keeps dominant Apex Predator: 4+1 = 5, 2 traits = Ana's 2 -> +0
        {"Ana": (0, 6, 0, 6), "Ben": (0, 5, 0, 5)},
        id="mega_tsunami_random_red",
    ),
    pytest.param(
        [P("Ana", ["Flatulence", "Fear", "Quick"], choices={"Nuclear Winter": "Fear"}), P("Ben", ["Faith", "Adorable"])],
        "Nuclear Winter",
        # Ana discards Fear: 3+2 = 5; Ben keeps dominant Faith: 4+4 = 8
        {"Ana": (0, 5, 0, 5), "Ben": (0, 8, 0, 8)},
        id="nuclear_winter_discard_colourless",
    ),
    pytest.param(
        [P("Ana", ["Adorable"]), P("Ben", ["Fangs"]), P("Cy", ["Quick", "Blubber"])],
        "Overpopulation",
        # Ana and Ben tie for fewest (1): +4 each; Ana 4+4 = 8, Ben 4+1 = 5, Cy 2+4 = 6
        {"Ana": (4, 4, 0, 8), "Ben": (4, 1, 0, 5), "Cy": (0, 6, 0, 6)},
        id="overpopulation_fewest_traits",
    ),
    pytest.param(
        [P("Ana", ["Adorable", "Nocturnal", "Quick"], choices={"Pulse Event": "Nocturnal"}), P("Ben", ["Camouflage", "Big Ears"])],
        "Pulse Event",
        # Ana discards Nocturnal: 4+2 = 6; Ben keeps dominant Camouflage, loses Big Ears: 1, empty hand +0
        {"Ana": (0, 6, 0, 6), "Ben": (0, 1, 0, 1)},
        id="pulse_event_discard_purple",
    ),
    pytest.param(
        [P("Ana", ["Bark", "Leaves", "Quick"])],
        "Retrovirus",
        # 2 greens = -2; face 2+1+2 = 5 -> 3
        {"Ana": (-2, 5, 0, 3)},
        id="retrovirus_minus_per_green",
    ),
    pytest.param(
        [P("Ana", ["Adorable", "Nocturnal", "Quick"])],
        "Solar Flare",
        # 2 purples = -2; face 4+3+2 = 9 -> 7
        {"Ana": (-2, 9, 0, 7)},
        id="solar_flare_minus_per_purple",
    ),
    pytest.param(
        [P("Ana", ["Blubber", "Gills", "Quick"])],
        "Super Volcano",
        # 2 blues = -2; face 4+1+2 = 7 -> 5
        {"Ana": (-2, 7, 0, 5)},
        id="super_volcano_minus_per_blue",
    ),
    pytest.param(
        [P("Ana", ["Quick", "Blubber", "Flatulence"]), P("Ben", ["Stone Skin", "Gills", "Bark", "Adorable"]), P("Cy", [])],
        "The Big One",
        # Ana misses green, purple (colourless does not count) = -4, face 2+4+3 = 9 -> 5
        # Ben has all four = 0, face 2+1+2+4 = 9; Cy misses all four = -8
        {"Ana": (-4, 9, 0, 5), "Ben": (0, 9, 0, 9), "Cy": (-8, 0, 0, -8)},
        id="the_big_one_minus_two_per_missing_colour",
    ),
    pytest.param(
        [
            P("Ana", ["Retractable Claws", "Adorable", "Quick"], choices={"The Four Horsemen": "Adorable"}),
            P("Ben", ["Tiny", "Fangs"]),
            P("Cy", ["Denial", "Blubber"], choices={"Denial": "yes"}),
        ],
        "The Four Horsemen",
        # Ana discards Adorable (face >= 4): 5+2 = 7; Ben: Tiny is dominant, Fangs is 1: 17+1 = 18, Tiny -2 -> 16
        # Cy: Denial does not work against The Four Horsemen; Denial is dominant, Blubber (4) goes: 4
        {"Ana": (0, 7, 0, 7), "Ben": (0, 18, -2, 16), "Cy": (0, 4, 0, 4)},
        id="the_four_horsemen_face_four_or_more",
    ),
]


@pytest.mark.parametrize(("players", "catastrophe", "expected"), CATASTROPHE_CASES)
def test_catastrophe_worlds_end_scores(players: list[dict[str, Any]], catastrophe: str, expected: dict[str, Score]) -> None:
    """Rulebook: "RESOLVE the World's End effect of the final catastrophe", then score."""
    result = score(players, ["Retrovirus", catastrophe] if catastrophe != "Retrovirus" else ["Ice Age", catastrophe])
    assert scores(result) == expected
    assert result.winners == _best(expected)


# The engine runs of the same catastrophes, with one candidate where the pick is random
# (the builder's random pick is seeded, not answered).
ENGINE_CATASTROPHES: list[Any] = [
    pytest.param("ai_takeover", {"Ana": ["Faith", "Mindful", "Confusion", "Quick"]}, ("no",), {}, [], [],
                 {"Ana": (0, 10, 0, 10), "Ben": (0, 0, 0, 0)}, id="ai_takeover"),
    pytest.param("deus_ex_machina", {"Ana": ["Adorable"], "Ben": ["Quick"]}, (), {"deck": ["Tiny", "Confusion"]}, [],
                 [(0, 5), (1, -2)], {"Ana": (5, 4, 0, 9), "Ben": (-2, 2, 0, 0)}, id="deus_ex_machina"),
    pytest.param("glacial_meltdown", {"Ana": ["Blubber", "Quick"], "Ben": ["Tiny", "Spiny"]}, (), {},
                 [(0, "Blubber"), (1, "Spiny")], [], {"Ana": (0, 2, 0, 2), "Ben": (0, 17, -1, 16)}, id="glacial_meltdown"),
    pytest.param("grey_goo", {"Ana": ["Quick", "Fangs"], "Ben": ["Adorable", "Bark"], "Cy": ["Blubber"]}, (), {}, [],
                 [(0, -5), (1, -5)], {"Ana": (-5, 3, 0, -2), "Ben": (-5, 6, 0, 1), "Cy": (0, 4, 0, 4)}, id="grey_goo"),
    pytest.param("ice_age", {"Ana": ["Quick", "Fangs", "Blubber"], "Ben": ["Adorable"]}, (), {}, [],
                 [(0, -2)], {"Ana": (-2, 7, 0, 5), "Ben": (0, 4, 0, 4)}, id="ice_age"),
    pytest.param("mass_extinction", {"Ana": ["Bark", "Leaves", "Quick"], "Ben": ["Symbiosis", "Blubber"]}, ("Leaves",), {},
                 [(0, "Leaves")], [], {"Ana": (0, 4, 0, 4), "Ben": (0, 7, 2, 9)}, id="mass_extinction"),
    pytest.param("mega_tsunami", {"Ana": ["Antlers", "Blubber"], "Ben": ["Apex Predator", "Gills"]}, (), {},
                 [(0, "Antlers")], [], {"Ana": (0, 4, 0, 4), "Ben": (0, 5, 4, 9)}, id="mega_tsunami"),
    pytest.param("nuclear_winter", {"Ana": ["Flatulence", "Fear", "Quick"], "Ben": ["Faith", "Adorable"]}, ("no", "Fear"), {},
                 [(0, "Fear")], [], {"Ana": (0, 5, 0, 5), "Ben": (0, 8, 0, 8)}, id="nuclear_winter"),
    pytest.param("overpopulation", {"Ana": ["Adorable"], "Ben": ["Fangs"], "Cy": ["Quick", "Blubber"]}, (), {}, [],
                 [(0, 4), (1, 4)], {"Ana": (4, 4, 0, 8), "Ben": (4, 1, 0, 5), "Cy": (0, 6, 0, 6)}, id="overpopulation"),
    pytest.param("pulse_event", {"Ana": ["Adorable", "Nocturnal", "Quick"], "Ben": ["Camouflage", "Big Ears"]}, ("Nocturnal",), {},
                 [(0, "Nocturnal"), (1, "Big Ears")], [], {"Ana": (0, 6, 0, 6), "Ben": (0, 1, 0, 1)}, id="pulse_event"),
    pytest.param("retrovirus", {"Ana": ["Bark", "Leaves", "Quick"]}, (), {}, [], [(0, -2)],
                 {"Ana": (-2, 5, 0, 3), "Ben": (0, 0, 0, 0)}, id="retrovirus"),
    pytest.param("solar_flare", {"Ana": ["Adorable", "Nocturnal", "Quick"]}, (), {}, [], [(0, -2)],
                 {"Ana": (-2, 9, 0, 7), "Ben": (0, 0, 0, 0)}, id="solar_flare"),
    pytest.param("super_volcano", {"Ana": ["Blubber", "Gills", "Quick"]}, (), {}, [], [(0, -2)],
                 {"Ana": (-2, 7, 0, 5), "Ben": (0, 0, 0, 0)}, id="super_volcano"),
    pytest.param("the_big_one", {"Ana": ["Quick", "Blubber", "Flatulence"], "Ben": ["Stone Skin", "Gills", "Bark", "Adorable"], "Cy": []},
                 (), {}, [], [(0, -4), (2, -8)], {"Ana": (-4, 9, 0, 5), "Ben": (0, 9, 0, 9), "Cy": (-8, 0, 0, -8)}, id="the_big_one"),
    pytest.param("the_four_horsemen", {"Ana": ["Retractable Claws", "Adorable", "Quick"], "Ben": ["Tiny", "Fangs"], "Cy": ["Denial", "Blubber"]},
                 ("Adorable",), {}, [(0, "Adorable"), (2, "Blubber")], [],
                 {"Ana": (0, 7, 0, 7), "Ben": (0, 18, -2, 16), "Cy": (0, 4, 0, 4)}, id="the_four_horsemen"),
]


@pytest.mark.parametrize(("cat", "piles", "answers", "kw", "discards", "points", "expected"), ENGINE_CATASTROPHES)
def test_catastrophe_worlds_end_events_in_the_engine(
    cat: str,
    piles: dict[str, list[str]],
    answers: tuple[str, ...],
    kw: dict[str, Any],
    discards: list[tuple[int, str]],
    points: list[tuple[int, int]],
    expected: dict[str, Score],
) -> None:
    """The final catastrophe's World's End effect in the engine: discards, points, tallies.
    Players with an empty pile score 0 (two-player tables get an empty Ben)."""
    names = tuple(piles) if len(piles) > 1 else ("Ana", "Ben")
    t = engine(piles, ["retrovirus" if cat != "retrovirus" else "ice_age", cat], answers, players=names, **kw)
    assert [e.catastrophe for e in t.events(WorldsEndStarted)] == [cat]
    assert [(e.player, t.names([e.card])[0]) for e in t.events(TraitDiscarded)] == discards
    assert [(e.player, e.points) for e in t.events(WorldsEndPoints)] == points
    assert all(why(e) == cat for e in t.events(WorldsEndPoints))
    assert tallied(t) == expected


def test_ai_takeover_first_printing_counts_dominants_too() -> None:
    """AI Takeover, 1st printing (card facts): no dominant exception, so Faith counts 2 too."""
    result = score([P("Ana", ["Faith", "Mindful", "Confusion", "Quick"])], ["AI Takeover"], edition="first")
    assert scores(result) == {"Ana": (0, 8, 0, 8)}  # 2+2+2+2, Mindful's bonus ignored


def test_deus_ex_machina_first_printing_has_no_cap() -> None:
    """Deus Ex Machina, 1st printing (card facts): no +5 cap."""
    result = score([P("Ana", ["Adorable"], choices={"Deus Ex Machina": "Tiny"})], ["Deus Ex Machina"], edition="first")
    assert scores(result) == {"Ana": (17, 4, 0, 21)}  # Tiny 17 + Adorable 4


def test_deus_ex_machina_needs_the_drawn_card() -> None:
    """The drawn card changes the score, so the file must name it (README: a card drawn for
    Deus Ex Machina)."""
    with pytest.raises(ScoreFileError, match="Deus Ex Machina"):
        score([P("Ana", ["Adorable"])], ["Deus Ex Machina"])


# --- Denial -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "ana"),
    [("yes", (0, 7, 0, 7)), ("no", (-2, 7, 0, 5))],  # face 4+2+1 = 7; unprotected: 2 reds = -2
)
def test_denial_protects_from_the_final_catastrophe(answer: str, ana: Score) -> None:
    """rules-notes "Catastrophes and Denial": if the final catastrophe is the one Denial
    ignores, its World's End effect does nothing to Denial's owner; others are hit."""
    result = score(
        [P("Ana", ["Denial", "Quick", "Fangs"], choices={"Denial": answer}), P("Ben", ["Stone Skin"])], ["Ice Age"]
    )
    assert scores(result) == {"Ana": ana, "Ben": (-1, 2, 0, 1)}  # Ben 1 red = -1


@pytest.mark.parametrize(
    ("chosen", "ana"),
    [("The Four Horsemen", (0, 6, 0, 6)), ("Ice Age", (0, 10, 0, 10))],  # Blubber 4 discarded; Ana spared
)
def test_denial_against_the_final_catastrophe_does_not_spare_the_four_horsemen_prepper_chose(
    chosen: str, ana: Score
) -> None:
    """Denial "does not work against The Four Horsemen" (card facts): when Prepper makes The
    Four Horsemen's World's End effect the one used, Denial (spent on the final catastrophe)
    does not keep its owner out of it; another catastrophe Prepper chooses, it still does."""
    result = score(
        [P("Ana", ["Denial", "Blubber", "Quick"], choices={"Denial": "yes"}),
         P("Ben", ["Prepper", "Adorable"], choices={"Prepper": chosen})],
        ["The Four Horsemen", "Ice Age", "Grey Goo"],
    )
    assert scores(result)["Ana"] == ana


def test_denial_answer_is_required_when_it_matters() -> None:
    with pytest.raises(ScoreFileError, match="Denial"):
        score([P("Ana", ["Denial", "Quick", "Fangs"])], ["Ice Age"])


def test_denial_protects_from_ai_takeover() -> None:
    """rules-notes: Denial gives "no World's End effect" from the final catastrophe, so a
    protected player's colourless traits keep their faces and effects under AI Takeover."""
    result = score(
        [P("Ana", ["Denial", "Flatulence", "Mindful"], choices={"Denial": "yes"}), P("Ben", ["Fear"])], ["AI Takeover"]
    )
    # Ana protected: face 4+3+0 = 7, Mindful colourless Denial, Flatulence, Mindful = +3 -> 10
    # Ben: Fear counts 2
    assert scores(result) == {"Ana": (0, 7, 3, 10), "Ben": (0, 2, 0, 2)}


# --- gene pool traits leaving at World's End ----------------------------------------------------


def test_gene_pool_trait_discarded_at_worlds_end_lowers_altruistic() -> None:
    """rules-notes: a gene pool trait discarded at World's End reverses its change before
    scoring, so Altruistic sees the final gene pool."""
    result = score([P("Ana", ["Altruistic", "Just", "Quick"], gene_pool=6, choices={"Nuclear Winter": "Just"})], ["Nuclear Winter"])
    assert scores(result) == {"Ana": (0, 2, 5, 7)}  # Just goes: gene pool 6-1 = 5; face 0+2 = 2, +5
    t = engine({"Ana": ["Altruistic", "Just", "Quick"]}, ["ice_age", "nuclear_winter"], ("Just",),
               players=("Ana", "Ben"), gene_pools={"Ana": 6})
    assert [(e.player, t.names([e.card])[0]) for e in t.events(TraitDiscarded)] == [(0, "Just")]
    assert [(e.player, e.old, e.new, e.reversal) for e in t.events(GenePoolChanged)] == [(0, 6, 5, True)]
    assert t.gene_pool("Ana") == 5
    assert tallied(t)["Ana"] == (0, 2, 5, 7)


# --- 4. cross-tool cases --------------------------------------------------------------------------
# Totals from other Doomlings score tools; each re-worked by hand from the card facts.
# No catastrophe unless one is named: several totals (Kidney x3 -> 9, Sentience -> 9,
# Apex Predator -> 12, Viral -> B 6) hold only without Ice Age's -1 per red trait.

CROSS_TOOL: list[Any] = [
    pytest.param([P("A", ["Egg Clusters", "Blubber", "Migratory"])], [], {"A": 8},
                 id="egg_clusters"),  # face -1+4+2 = 5, 3 blue = +3
    pytest.param([P("A", ["Tiny", "Blubber", "Migratory"])], [], {"A": 20},
                 id="tiny"),  # face 17+4+2 = 23, 3 traits = -3
    pytest.param([P("A", ["Quick", "Stone Skin", "Heat Vision"])], ["Ice Age"], {"A": 3},
                 id="heat_vision_ice_age"),  # face 2+2-1 = 3, 3 red = +3, Ice Age -3
    pytest.param([P("A", ["Faith", "Quick", "Stone Skin"], choices={"Faith": {"from": "red", "to": "blue"}})], ["Ice Age"],
                 {"A": 8}, id="faith_ice_age"),  # face 4+2+2 = 8, no reds left: Ice Age 0
    pytest.param([P("A", ["Swarm", "Swarm"]), P("B", ["Swarm"])], [], {"A": 6, "B": 3},
                 id="swarm"),  # 3 Swarms in play: A 2x3, B 1x3
    pytest.param([P("A", ["Kidney", "Kidney", "Kidney"])], [], {"A": 9},
                 id="kidney"),  # 3 Kidneys, each worth 3
    pytest.param([P("A", ["Adorable"], choices={"Deus Ex Machina": "Tiny"})], ["Deus Ex Machina"], {"A": 9},
                 id="deus_ex_machina"),  # 4 + min(17, 5)
    pytest.param([P("A", ["Adorable"]), P("B", ["Quick", "Stone Skin", "Blubber"])], ["Overpopulation"], {"A": 8, "B": 8},
                 id="overpopulation"),  # A 4 + 4 (fewest); B 2+2+4
    pytest.param([P("A", ["Apex Predator", "Quick", "Stone Skin"]), P("B", ["Adorable"])], [], {"A": 12, "B": 4},
                 id="apex_predator"),  # 4+2+2 = 8, 3 > 1 traits +4
    pytest.param([P("A", ["Sentience", "Quick", "Stone Skin"], choices={"Sentience": "red"})], [], {"A": 9},
                 id="sentience"),  # face 2+2+2 = 6, 3 red +3
    pytest.param([P("A", ["Viral"], choices={"Viral": "purple"}), P("B", ["Adorable", "Fine Motor Skills", "Quick"])], [],
                 {"A": 2, "B": 6}, id="viral"),  # B 4+2+2 = 8, 2 purple -2; A face 2
    pytest.param([P("A", ["Quick"])], ["The Big One"], {"A": -4},
                 id="the_big_one"),  # 2 - 2 x 3 missing (blue, green, purple)
    pytest.param([P("A", ["Altruistic"], gene_pool=6)], [], {"A": 6}, id="altruistic"),  # gene pool 6
    pytest.param([P("A", ["Fortunate"], hand=["Quick", "Fear", "Bark"])], [], {"A": 3},
                 id="fortunate"),  # 3 cards in hand
    pytest.param([P("A", ["Boredom"], hand=["Introspective", "Tiny", "Denial", "Bad", "Flatulence"])], [], {"A": 4},
                 id="boredom"),  # 4 cards with an effect (Flatulence has none)
    pytest.param([P("A", ["Branches"]), P("B", ["Appealing", "Bark", "Woody Stems", "Leaves"])], [], {"A": 2, "B": 7},
                 id="branches"),  # A: 4 green in B = 2 pairs; B 3+2+1+1
    pytest.param([P("A", ["Flatulence", "Mindful"])], ["AI Takeover"], {"A": 4},
                 id="ai_takeover"),  # 2 + 2, Mindful's bonus ignored
    pytest.param([P("A", ["Adorable", "Quick"])], ["The Four Horsemen"], {"A": 2},
                 id="the_four_horsemen"),  # Adorable (4) discarded, Quick 2
]


@pytest.mark.parametrize(("players", "cats", "totals"), CROSS_TOOL)
def test_cross_tool_totals(players: list[dict[str, Any]], cats: list[str], totals: dict[str, int]) -> None:
    """Totals agreed with other score tools (card facts section 4), worked by hand."""
    result = score(players, cats)
    assert {p.name: p.total for p in result.players} == totals
    best = max(totals.values())
    assert result.winners == [n for n, v in totals.items() if v == best]


def test_cross_tool_splits() -> None:
    """Where the split is given: Egg Clusters face 5, bonus 3; Overpopulation A's World's End 4."""
    egg = scores(score([P("A", ["Egg Clusters", "Blubber", "Migratory"])]))
    assert egg == {"A": (0, 5, 3, 8)}
    over = score([P("A", ["Adorable"]), P("B", ["Quick", "Stone Skin", "Blubber"])], ["Overpopulation"])
    assert scores(over) == {"A": (4, 4, 0, 8), "B": (0, 8, 0, 8)}
    assert over.winners == ["A", "B"]  # no tie_break: both win
    heat = scores(score([P("A", ["Quick", "Stone Skin", "Heat Vision"])], ["Ice Age"]))
    assert heat == {"A": (-3, 3, 3, 3)}


def test_tie_break_draws_decide_the_winner() -> None:
    """Rulebook "TIES": each tied player draws a trait and adds only its face value."""
    result = score(
        [P("A", ["Adorable"]), P("B", ["Adorable"])],
        tie_break={"A": "Retractable Claws", "B": "Antlers"},  # A 4+5 = 9 beats B 4+3 = 7
    )
    assert scores(result) == {"A": (0, 4, 0, 4), "B": (0, 4, 0, 4)}  # the draw is not part of the score
    assert [p.tie_break for p in result.players] == [5, 3]
    assert result.winners == ["A"]


def test_tie_break_equal_draws_share_the_win() -> None:
    """rules-notes: if still tied after the draw, they share the win."""
    result = score([P("A", ["Adorable"]), P("B", ["Blubber"])], tie_break={"A": "Antlers", "B": "Fire Skin"})
    assert result.winners == ["A", "B"]  # 4+3 = 4+3


def test_tie_break_is_not_drawn_without_a_tie() -> None:
    result = score([P("A", ["Blubber"]), P("B", ["Quick"])], tie_break={"A": "Antlers", "B": "Fire Skin"})
    assert result.winners == ["A"] and [p.tie_break for p in result.players] == [None, None]


def test_a_drawn_card_may_be_given_by_its_face_value() -> None:
    """Deus Ex Machina and the tie-break draw: the file may give the face value drawn.

    A drew a 9 (no base trait has face 9, but the retail cap makes any card of 5 or more
    score 5): 4 + 5 = 9. B drew a 4: 4 + 4 = 8."""
    result = score_table(
        {
            "catastrophes": ["Deus Ex Machina"],
            "players": [
                {"name": "A", "traits": ["Adorable"], "choices": {"Deus Ex Machina": 9}},
                {"name": "B", "traits": ["Adorable"], "choices": {"Deus Ex Machina": 4}},
            ],
        }
    )
    assert [(p.worlds_end, p.total) for p in result.players] == [(5, 9), (4, 8)]
    tie = score_table(
        {"players": [{"name": "A", "traits": ["Adorable"]}, {"name": "B", "traits": ["Adorable"]}],
         "tie_break": {"A": 2, "B": 3}}
    )
    assert tie.winners == ["B"]


def test_catastrophe_names_without_the() -> None:
    """"Big One" means The Big One: Quick alone misses 3 colours, 2 - 6 = -4."""
    result = score_table({"catastrophes": ["Big One"], "players": [{"name": "A", "traits": ["Quick"]}]})
    assert result.players[0].total == -4


@pytest.mark.parametrize(("answer", "protected"), [
    ("yes", True), ("Yes", True), (" yes", True), ("y", True), (True, True), (["yes"], True), ("Denial", True),
    ("no", False), ("n", False), (False, False), ("none", False),
])
def test_a_yes_or_no_answer_is_read_in_its_usual_forms(answer: Any, protected: bool) -> None:
    """Denial (spiny is red: Ice Age takes a point unless Denial protects Ana)."""
    result = score([P("Ana", ["Denial", "Spiny"], choices={"Denial": answer}), P("Ben", ["Gills"])],
                   ["Ice Age", "Retrovirus", "Super Volcano"])
    assert scores(result)["Ana"][3] == (5 if protected else 4), scores(result)


@pytest.mark.parametrize("answer", ["maybe", 1, 0, ["yes", "no"], {"yes": True}, None])
def test_any_other_yes_or_no_answer_is_an_error_never_a_silent_no(answer: Any) -> None:
    """"maybe", 1 or ["yes"] was read as no, and a wrong score printed with no word."""
    players = [P("Ana", ["Denial", "Spiny"], choices={"Denial": answer}), P("Ben", ["Gills"])]
    with pytest.raises(ScoreFileError, match="Denial"):
        score(players, ["Ice Age", "Retrovirus", "Super Volcano"])


@pytest.mark.parametrize(("pile", "refused"), [
    (["Tiny", "Faith", "Denial"], True),
    (["Tiny", "Faith", "Denial", "Heroic"], True),
    (["Tiny", "Faith", "Heroic"], False),  # the one way to a third: Birth of a Hero plays Heroic
    (["Tiny", "Faith"], False),
])
def test_a_pile_past_the_dominant_limit_is_refused(pile: list[str], refused: bool) -> None:
    """Three or four dominants were scored without a word (the rulebook: only two, a third
    only by Birth of a Hero)."""
    if refused:
        with pytest.raises(ScoreFileError, match=r"players\[0\]\.traits: \d dominant traits; a pile holds at most two"):
            score([P("Ana", pile)])
    else:
        assert scores(score([P("Ana", pile)]))["Ana"]


def test_more_answers_than_a_card_asks_is_an_error_not_the_rest_dropped() -> None:
    """"Sentience": ["red", "blue"] scored as red, the blue dropped without a word."""
    with pytest.raises(ScoreFileError, match=r"choices\.Sentience: gives 2 answers, but Sentience asked 1 question"):
        score([P("Ana", ["Sentience", "Quick"], choices={"Sentience": ["red", "blue"]})], ["Ice Age"])
    assert score([P("Ana", ["Sentience", "Quick"], choices={"Sentience": ["red"]})], ["Ice Age"])


def test_names_in_first_player_and_tie_break_match_as_the_players_do() -> None:
    """"ana" beside "Ana" is one name for the duplicate check, but first_player "ana" and a
    tie_break keyed "ana" were refused, the first with no word of why."""
    players = [P("Ana", ["Adorable"]), P("Ben", ["Blubber"])]
    result = score(players, [], first_player="ana", tie_break={"ana": "Tiny", "BEN": "Fangs"})
    assert result.winners == ["Ana"]
    with pytest.raises(ScoreFileError, match="first_player: no player is named Zed"):
        score(players, [], first_player="Zed")


def test_a_house_rule_that_cannot_change_a_score_is_refused_not_ignored() -> None:
    """``colourless_counts_as_colour`` rules only swaps (Telekinetic, Tentacles), and World's
    End makes none: a score file naming it was scored as if without it, with no word."""
    with pytest.raises(ScoreFileError, match=r"options\.colourless_counts_as_colour: not a house rule for scoring"):
        score([P("Ana", ["Quick", "Fear", "Gratitude"])], ["The Big One"], options={"colourless_counts_as_colour": True})
    result = score([P("Ana", ["Quick"])], [], options={"gene_pool_leader_bonus": True})
    assert scores(result)["Ana"][1] == 2
