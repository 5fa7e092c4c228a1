"""What a score file can say about World's End: the first player, cards drawn by Regenerative
Tissue, several answers of one card, out-of-turn plays; a missing answer that matters is an
error naming the card."""

from __future__ import annotations

from typing import Any

import pytest

from doomlings_access.scorer import ScoreFileError, score_table


def totals(data: dict[str, Any]) -> dict[str, int]:
    return {p.name: p.total for p in score_table(data).players}


def test_the_first_player_starts_worlds_end() -> None:
    """World's End goes in turn order from the first player. Ana's Hyper-Intelligence names red:
    with Ana first it removes Ben's Fangs; with Ben first his Faith has already turned it blue."""
    cats = ["Ice Age", "Retrovirus", "Overpopulation"]

    def table(first: str, faith: Any) -> dict[str, Any]:
        return {
            "catastrophes": cats,
            "first_player": first,
            "players": [
                {"name": "Ana", "traits": ["Hyper-Intelligence"], "choices": {"Hyper-Intelligence": "red"}},
                {"name": "Ben", "traits": ["Faith", "Fangs", "Gills"],
                 "choices": {"Faith": faith, "Hyper-Intelligence": ["Fangs"]}},
            ],
        }

    assert totals(table("Ana", "none"))["Ben"] == 4 + 1  # Fangs removed: Faith 4, Gills 1
    assert totals(table("Ben", {"from": "red", "to": "blue"}))["Ben"] == 4 + 1 + 1  # kept, blue


def test_regenerative_tissue_at_worlds_end_takes_the_card_drawn() -> None:
    base = {
        "catastrophes": ["Ice Age", "Retrovirus", "Overpopulation"],
        "players": [
            {"name": "Ana", "traits": ["Regenerative Tissue", "Fangs"],
             "choices": {"Hyper-Intelligence": ["Fangs"], "Regenerative Tissue": ["Sentience"],
                         "Sentience": ["blue"]}},
            {"name": "Ben", "traits": ["Hyper-Intelligence"], "choices": {"Hyper-Intelligence": ["red"]}},
        ],
    }
    result = score_table(base)
    ana = result.players[0]
    assert (ana.face_value, ana.bonus) == (0 + 2, 1)  # Regenerative Tissue 0, Sentience 2, +1 blue


def test_a_missing_card_drawn_that_matters_names_the_card() -> None:
    data = {
        "catastrophes": ["Ice Age", "Retrovirus", "Overpopulation"],
        "players": [
            {"name": "Ana", "traits": ["Regenerative Tissue", "Fangs"],
             "choices": {"Hyper-Intelligence": ["Fangs"]}},
            {"name": "Ben", "traits": ["Hyper-Intelligence"], "choices": {"Hyper-Intelligence": ["red"]}},
        ],
    }
    with pytest.raises(ScoreFileError) as caught:
        score_table(data)
    assert "Ana needs a choice for Regenerative Tissue: the card drawn" in str(caught.value)


def test_one_card_may_answer_several_questions_in_order() -> None:
    """Eloquence plays Morality; Morality then asks which trait to give, and to whom."""
    data = {
        "catastrophes": ["Ice Age", "Retrovirus", "Overpopulation"],
        "players": [
            {"name": "Ana", "traits": ["Eloquence", "Fangs", "Gills"], "hand": ["Morality"],
             "choices": {"Eloquence": "Morality", "Morality": ["Fangs", "Cy"]}},
            {"name": "Ben", "traits": ["Quick"]},
            {"name": "Cy", "traits": ["Spiny"]},
        ],
    }
    result = score_table(data)
    ana, ben, cy = result.players
    assert ana.face_value == 1 + 1 + 5  # Eloquence, Gills, Morality
    assert cy.face_value == 1 + 1  # Spiny and the Fangs given


def test_a_response_at_worlds_end_is_answered_under_its_own_name() -> None:
    data = {
        "catastrophes": ["Ice Age", "Retrovirus", "Overpopulation"],
        "players": [
            {"name": "Ana", "traits": ["Eloquence"], "hand": ["Fangs"], "choices": {"Eloquence": "Fangs"}},
            {"name": "Ben", "traits": ["Quick"], "hand": ["Parasitic"], "choices": {"Parasitic": "yes"}},
        ],
    }
    ana, ben = score_table(data).players
    assert ana.face_value == 1 and ben.face_value == 2 - 2 + 1  # Quick, Parasitic, Fangs


def test_a_first_player_who_is_not_playing_is_an_error() -> None:
    with pytest.raises(ScoreFileError, match="first_player"):
        score_table({"players": [{"name": "Ana"}], "first_player": "Zed"})


def test_a_missing_choice_carries_the_discards_made_before_it_with_their_cause() -> None:
    """Asked one question at a time, the companion told Hyper-Intelligence's discard only after
    Faith's question, whose colours it had already changed: the question must bring what went
    before it, and who made it go."""
    data = {
        "catastrophes": ["Ice Age"],
        "players": [
            {"name": "Ana", "traits": ["Hyper-Intelligence", "Quick"], "choices": {"Hyper-Intelligence": "blue"}},
            {"name": "Ben", "traits": ["Faith", "Sticky Secretions", "Antlers", "Gills"]},
        ],
    }
    with pytest.raises(ScoreFileError) as caught:
        score_table(data)
    missing = caught.value.missing
    assert missing is not None and missing.card == "Faith"
    assert "blue" not in missing.answers
    assert [(r.cause, r.sentence()) for r in missing.removed] == [("Ana's Hyper-Intelligence", "Ben discards Gills.")]


def test_removals_are_in_the_order_they_happened_each_with_its_cause() -> None:
    """Traits read seat by seat put Ana's catastrophe discard before Ben's loss to her
    Hyper-Intelligence, which came first."""
    data = {
        "catastrophes": ["The Four Horsemen"],
        "players": [
            {"name": "Ana", "traits": ["Hyper-Intelligence", "Retractable Claws", "Adorable", "Sticky Secretions"],
             "choices": {"Hyper-Intelligence": "blue", "The Four Horsemen": "Adorable"}},
            {"name": "Ben", "traits": ["Quick", "Gills"]},
        ],
    }
    removed = [(r.cause, r.sentence()) for r in score_table(data).removed]
    assert removed[0] == ("Ana's Hyper-Intelligence", "Ben discards Gills.")
    assert ("The Four Horsemen", "Ana discards Adorable.") in removed[1:]
