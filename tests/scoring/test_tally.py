"""The scorer's API for programs (``doomlings_access.scorer.Tally``), issue 32: cards by id in,
a choice that changes a score out as data (whose, which card, the answers as ids with their
names), answered into the same engine game, which goes on from there to the outcome.

The numbers are the rulebook's, worked out as in test_scorer_cases.py (Ice Age: -1 for each
red trait; Sticky Secretions +1 for each purple trait; Deus Ex Machina adds the face value
of a card drawn, at most 5).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from doomlings_access.cards import load_cards
from doomlings_access.rules import placing, position
from doomlings_access.rules.scoring import Score
from doomlings_access.scorer import (
    Left,
    NotAnOption,
    Option,
    Outcome,
    PlayerCards,
    Question,
    ScoreFileError,
    TableCards,
    TableError,
    Tally,
    TieBreak,
    WorldsEndPoints,
    score_table,
)

CARDS = load_cards()


@pytest.fixture
def placed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[position.Position]]:
    """Every position the engine sets a game up at (a table set up at World's End)."""
    seen: list[position.Position] = []
    place = placing.place

    def counting(g, pos):  # type: ignore[no-untyped-def]
        seen.append(pos)
        return place(g, pos)

    monkeypatch.setattr(placing, "place", counting)
    yield seen


def table(*players: PlayerCards, catastrophes: tuple[str, ...] = ("ice_age",), **kw: object) -> TableCards:
    return TableCards(players, catastrophes, **kw)  # type: ignore[arg-type]


def question(step: Question | Outcome) -> Question:
    assert isinstance(step, Question), step
    return step


def outcome(step: Question | Outcome) -> Outcome:
    assert isinstance(step, Outcome), step
    return step


def test_a_question_comes_back_as_data_and_its_answer_goes_on_in_the_same_game(placed: list[object]) -> None:
    """Ana's Hyper-Intelligence names a colour; blue takes Ben's Gills, so Faith's question
    that follows offers Ben only the colours left (no blue), and says what went before it."""
    tally = Tally(CARDS, table(
        PlayerCards("Ana", ("hyper_intelligence", "quick")),
        PlayerCards("Ben", ("faith", "sticky_secretions", "antlers", "gills")),
    ))
    first = question(tally.next())
    assert (first.player, first.card, first.kind, first.reason) == (0, "hyper_intelligence", "colour", "name_colour")
    assert first.options == tuple(Option(c, c) for c in ("blue", "green", "purple", "red"))
    assert first.removed == ()
    assert tally.next() is first, "the same question until it is answered"
    tally.answer("blue")

    faith = question(tally.next())
    assert (faith.player, faith.card, faith.reason) == (1, "faith", "recolour_from")
    assert faith.options == (Option("no", "none"), Option("purple", "purple"), Option("red", "red"))
    assert faith.removed == (Left(1, "gills", by="hyper_intelligence", by_player=0),)
    tally.answer("no")

    end = outcome(tally.next())
    ana, ben = end.players
    assert ana.score == Score(-2, 6, 0, 4)  # Hyper-Intelligence 4 and Quick 2, both red
    assert ben.score == Score(-1, 6, 1, 6)  # Faith 4, Sticky Secretions 1, Antlers 1 (red)
    assert ben.bonuses == (("sticky_secretions", 1),)
    assert ben.worlds_end == (WorldsEndPoints(1, -1, "ice_age"),)
    assert (end.winners, end.tied, end.worlds_end, end.tie_open) == ((1,), (1,), "ice_age", False)
    assert tally.next() is end
    assert len(placed) == 1, "the table is set up once: an answer goes on in the same game"


def test_an_answer_that_is_not_an_option_is_refused_and_changes_nothing() -> None:
    tally = Tally(CARDS, table(PlayerCards("Ana", ("sentience", "quick")), PlayerCards("Ben", ("fangs",))))
    asked = question(tally.next())
    with pytest.raises(NotAnOption, match="'orange'|orange is not a possible answer here"):
        tally.answer("orange")
    assert tally.next() is asked
    tally.answer("red")
    assert outcome(tally.next()).players[0].score == Score(-2, 4, 2, 4)  # Sentience: +1 a red trait


def test_a_choice_that_scores_alike_is_not_asked_and_the_trait_is_any_of_those_alike(placed: list[object]) -> None:
    """The Four Horsemen: Ana's choice changes her score (Sticky Secretions counts purple), so
    it is asked; Ben's three traits of face four score alike, so it is not."""
    tally = Tally(CARDS, table(
        PlayerCards("Ana", ("retractable_claws", "adorable", "sticky_secretions")),
        PlayerCards("Ben", ("brute_strength", "delicious", "blubber")),
        catastrophes=("the_four_horsemen",),
    ))
    asked = question(tally.next())
    assert (asked.player, asked.card, asked.kind) == (0, "the_four_horsemen", "trait")
    assert [o.id for o in asked.options] == ["retractable_claws", "adorable"]
    tally.answer("adorable")
    end = outcome(tally.next())
    assert [p.score.total for p in end.players] == [5, 8]
    assert end.removed == (
        Left(0, "adorable", by="the_four_horsemen"),
        Left(1, "brute_strength", ("brute_strength", "delicious", "blubber"), by="the_four_horsemen"),
    )
    assert len(placed) == 1


def test_cards_drawn_are_asked_by_id_and_scored_card_by_card() -> None:
    tally = Tally(CARDS, table(
        PlayerCards("Ana", ("quick",)), PlayerCards("Ben", ("fangs",)), catastrophes=("deus_ex_machina",)
    ))
    draw = question(tally.next())
    assert (draw.player, draw.card, draw.kind, draw.reason) == (0, "deus_ex_machina", "chance", "worlds_end_draw")
    assert Option("tiny", "Tiny") in draw.options and Option("quick", "Quick") not in draw.options
    tally.answer("tiny")
    assert question(tally.next()).player == 1, "then Ben's draw"
    tally.answer("heat_vision")
    ana, ben = outcome(tally.next()).players
    assert ana.worlds_end == (WorldsEndPoints(0, 5, "deus_ex_machina", "tiny"),)  # 17, at most 5
    assert ben.worlds_end == (WorldsEndPoints(1, -1, "deus_ex_machina", "heat_vision"),)


def test_a_recolouring_takes_the_colour_it_becomes_ahead() -> None:
    """Faith asks the colour to change, then what it becomes: both given at once."""
    tally = Tally(CARDS, table(
        PlayerCards("Ben", ("faith", "antlers", "gills")), PlayerCards("Ana", ("hyper_intelligence", "quick")),
    ))
    asked = question(tally.next())
    assert asked.reason == "recolour_from"
    tally.answer("red", then=("green",))
    named = question(tally.next())
    assert named.card == "hyper_intelligence"
    tally.answer("red")
    end = outcome(tally.next())
    assert end.removed == (), "Antlers turned green before red was named"
    assert end.players[0].score.worlds_end == 0


def test_whether_denial_protected_is_asked_before_world_s_end_when_it_matters(placed: list[object]) -> None:
    """Ice Age's World's End costs Ana 2 for her red traits unless Denial protected her. The
    protection is part of the set-up (the catastrophe happened): the table is set up with and
    without it, to tell whether it matters, and the game for the answer goes on."""
    tally = Tally(CARDS, table(PlayerCards("Ana", ("denial", "quick", "fangs")), PlayerCards("Ben", ("blubber",))))
    asked = question(tally.next())
    assert (asked.player, asked.card, asked.reason) == (0, "denial", "denial_protects")
    assert asked.options == (Option("no", "no"), Option("yes", "yes"))
    tally.answer("yes")
    assert outcome(tally.next()).players[0].score == Score(0, 7, 0, 7)
    assert len(placed) == 2


def test_a_tie_stands_until_it_is_broken_with_the_draws_in_the_same_game(placed: list[object]) -> None:
    tally = Tally(CARDS, table(PlayerCards("Ana", ("adorable",)), PlayerCards("Ben", ("blubber",)), catastrophes=()))
    tie = outcome(tally.next())
    assert (tie.winners, tie.tied, tie.tie_open) == ((0, 1), (0, 1), True)
    tally.break_tie({0: "adorable", 1: "fire_skin"})
    with pytest.raises(NotAnOption, match="no Adorable was left to draw: it is on the table, or drawn already"):
        tally.next()
    tally = Tally(CARDS, table(PlayerCards("Ana", ("adorable",)), PlayerCards("Ben", ("blubber",)), catastrophes=()))
    outcome(tally.next())
    tally.break_tie({0: "fangs", 1: "fire_skin"})
    broken = outcome(tally.next())
    assert (broken.winners, broken.tied, broken.tie_open) == ((1,), (0, 1), False)
    assert [p.tie_break for p in broken.players] == [TieBreak("fangs", 1), TieBreak("fire_skin", 3)]
    assert len(placed) == 2, "one game for each tally, the tie-break included"
    with pytest.raises(ValueError, match="no tie"):
        tally.break_tie()


def test_a_table_the_rules_cannot_set_up_is_refused_naming_the_field() -> None:
    with pytest.raises(TableError) as caught:
        Tally(CARDS, table(PlayerCards("Ana", ("tiny", "apex_predator", "sentience")), PlayerCards("Ben")))
    assert caught.value.field == "players[0].traits"
    assert str(caught.value).startswith("players[0].traits: 3 dominant traits; a pile holds at most two")
    with pytest.raises(TableError, match=r"players\[1\].hand\[0\]: no trait has the id 'tinny'"):
        Tally(CARDS, table(PlayerCards("Ana"), PlayerCards("Ben", hand=("tinny",))))
    with pytest.raises(TableError, match="catastrophes: a catastrophe is listed twice"):
        Tally(CARDS, table(PlayerCards("Ana"), catastrophes=("ice_age", "ice_age")))


def test_the_score_file_and_the_tally_score_a_table_alike() -> None:
    """The file is the tally with names read once: the same table, answered the same way,
    scores the same."""
    by_file = score_table({
        "catastrophes": ["Ice Age", "Retrovirus", "The Big One"],
        "players": [
            {"name": "Ana", "traits": ["Prepper", "Tiny"], "choices": {"Prepper": "Ice Age"}},
            {"name": "Ben", "traits": ["Hyper-Intelligence", "Kidney", "Kidney"], "choices": {"Hyper-Intelligence": "red"}},
            {"name": "Cy", "traits": ["Camouflage", "Quick", "Fire Skin"], "hand": ["Quick", "Tiny"],
             "choices": {"Hyper-Intelligence": "Quick"}},
        ],
    })
    tally = Tally(CARDS, table(
        PlayerCards("Ana", ("prepper", "tiny")),
        PlayerCards("Ben", ("hyper_intelligence", "kidney", "kidney")),
        PlayerCards("Cy", ("camouflage", "quick", "fire_skin"), ("quick", "tiny")),
        catastrophes=("ice_age", "retrovirus", "the_big_one"),
    ))
    for answer in ("ice_age", "red", "quick"):
        question(tally.next())
        tally.answer(answer)
    end = outcome(tally.next())
    assert [tuple(p.score) for p in end.players] == [
        (p.worlds_end, p.face_value, p.bonus, p.total) for p in by_file.players
    ]
    assert [by_file.players[s].name for s in end.winners] == by_file.winners


def test_a_missing_choice_is_named_even_where_a_later_answer_fits_only_the_table_s_way() -> None:
    """Ana's colour is missing; Ben's answer (Gills went) fits only blue. Trying red, the
    scorer found Gills impossible and blamed Ben's answer, which was right; the choice missing
    is Ana's (a way on which an answer given is impossible is not the table's way)."""
    with pytest.raises(ScoreFileError) as caught:
        score_table({"catastrophes": ["Ice Age"], "players": [
            {"name": "Ana", "traits": ["Hyper-Intelligence"]},
            {"name": "Ben", "traits": ["Fangs", "Gills", "Antlers"], "choices": {"Hyper-Intelligence": "Gills"}},
        ]})
    assert str(caught.value) == "score file: players[0].choices: Ana needs a choice for Hyper-Intelligence: the colour named"
    assert caught.value.missing is not None and caught.value.missing.card == "Hyper-Intelligence"
