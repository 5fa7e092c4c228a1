"""The hard level's learned rule for which card to play: the shipped weights load and are
checked, a bad weights file is refused naming the file and the field, every answer is one the
question offers and is read from the seat's view, and the fit can be redone from seeded games
(``make train-policy``)."""

from __future__ import annotations

import json

import pytest
from builders import new_game

from doomlings_access.ai.policy import FEATURES, Policy, answer_features, parse, shipped
from doomlings_access.ai.random_agent import RandomAgent
from doomlings_access.rules import Choice, Setup
from doomlings_access.rules.decisions import Decision, Kind
from doomlings_access.rules.view import PlayerView


def play_questions(seed: int) -> list[tuple[PlayerView, Decision]]:
    """Every play question with a choice of a seeded 4-player game of random answers, with
    the asked seat's view."""
    g = new_game(Setup(("Ana", "Ben", "Cy", "Dee"), seed))
    found: list[tuple[PlayerView, Decision]] = []
    while (d := g.pending) is not None:
        view = g.view(d.player)
        if d.kind == Kind.PLAY and len(d.options) > 1:
            found.append((view, d))
        g.apply(Choice(d.player, RandomAgent(seed, d.player).choose(view, d)))
    return found


def test_the_shipped_weights_load_and_play_points_now_before_points_never() -> None:
    policy = shipped()
    assert len(policy.weights) == len(FEATURES)
    weight = dict(zip(FEATURES, policy.weights))
    # The search values a point scored now, with any rounds left to come (the weights are
    # fitted: this is what fitting to the search's worths must find, not a rule set by hand).
    for rounds in range(0, 12):
        assert weight["points_now"] + rounds * weight["points_now_by_rounds"] > 0


@pytest.mark.parametrize("seed", [3, 8])
def test_every_answer_is_one_offered_and_scored_from_the_view(seed: int) -> None:
    questions = play_questions(seed)
    assert len(questions) > 20
    counting = Policy(tuple(float(i) for i in range(len(FEATURES))))
    words = 0
    for view, d in questions:
        assert shipped().pick(view, d) in d.options
        table = view.tableau()
        for option in d.options:
            figures = answer_features(view, table, d.player, option)
            assert counting.score(view, table, d.player, option) == sum(
                i * x for i, x in enumerate(figures)
            )
            if not isinstance(option, int):
                words += 1
                assert figures[FEATURES.index("no_card")] == 1.0
            else:
                assert figures[FEATURES.index("face")] == view.card(option).face_value
    assert words > 0


def _file(**changes: object) -> str:
    weights: dict[str, object] = {name: 0.5 for name in FEATURES}
    weights.update(changes)
    return json.dumps({"features": weights, "fitted": {}})


@pytest.mark.parametrize("text, field", [
    ("{", "not JSON"),
    ("[]", "field 'features'"),
    (_file(face="1"), "field 'features.face' must be a finite number"),
    (_file(points_now=float("inf")), "field 'features.points_now' must be a finite number"),
    (_file(colour_of_the_sky=1.0), "field 'features.colour_of_the_sky' is no feature"),
    (json.dumps({"features": {name: 1.0 for name in FEATURES[1:]}}), "field 'features.points_now' is missing"),
])
def test_a_bad_weights_file_is_refused_naming_the_file_and_the_field(text: str, field: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse(text, "policy.json")
    assert str(refused.value).startswith("policy.json: ")
    assert field in str(refused.value)


def test_the_fit_is_made_again_from_seeded_games_and_reads_back() -> None:
    """What ``make train-policy`` runs, on two games at a small count of sampled games: the
    same seeds give the same weights, and the file written is one :func:`parse` accepts."""
    from doomlings_access.policy_training import fit

    policy, about = fit(2, 1, 20, jobs=1)
    again, _ = fit(2, 1, 20, jobs=1)
    assert policy == again
    assert about["questions"] > 10
    assert parse(policy.to_json(about), "fitted.json") == policy
