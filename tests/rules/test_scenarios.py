"""Rulings as position files (tests/positions/*.json), each played through ``doomlings scenario``.

One file per departure from the rulebook that was fixed, and per judgement call written down in
docs/rules-notes.md; the rulebook's words are quoted in each test.
"""

from __future__ import annotations

import re

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from doomlings_access.cli import main

POSITIONS = Path(__file__).resolve().parents[1] / "positions"


def scenario(capsys: pytest.CaptureFixture[str], name: str, *args: str) -> dict[str, Any]:
    """Run ``doomlings scenario tests/positions/NAME.json ARGS --json``; the parsed output."""
    code = main(["scenario", str(POSITIONS / f"{name}.json"), *args, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def events(data: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in data["events"] if e["type"] == kind]


def player(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in data["state"]["players"] if p["name"] == name)


# --- departures from the rulebook, fixed -------------------------------------------------------


def test_optimistic_nihilism_in_a_catastrophe_round_skips_to_the_next_catastrophe(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Card: "jump straight to the next catastrophe: all remaining turns are skipped, any ages
    drawn on the way are ignored". Played in a catastrophe's round, the ages after it are
    ignored up to the next catastrophe."""
    data = scenario(capsys, "optimistic_nihilism_in_a_catastrophe_round")
    ignored = events(data, "AgeIgnored")
    assert [e["age"] for e in ignored] == ["eclipse", "flourish"]
    assert all(e["cause"]["id"] == "optimistic_nihilism" for e in ignored)
    assert not [e for e in events(data, "AgeRevealed") if e["age"] in ("eclipse", "flourish")]
    assert [e["catastrophe"] for e in events(data, "CatastropheRevealed")] == ["super_volcano"]
    told = " ".join(data["announcements"])
    # The ages passed over are told with the skip that named its card.
    assert re.search(
        r"Optimistic Nihilism: the rest of the round is skipped[^.]*\. Eclipse and Flourish are skipped too\.", told
    ), told


def test_optimistic_nihilism_played_while_a_cost_is_paid_leaves_the_trait_in_its_pile(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Card: "all remaining turns are skipped ... nobody stabilizes". Retractable Claws' cost
    (discard a red trait) sets off Regenerative Tissue, which plays Optimistic Nihilism: the
    cost is paid, so Retractable Claws still enters the pile (it was lost between zones); then
    the turn ends unstabilized and Ben has no turn."""
    data = scenario(capsys, "optimistic_nihilism_played_within_a_cost", "--answers", "Retractable Claws")
    state = data["state"]
    assert state["in_play"] == [] and state["discard"] == ["Quick"]
    assert sorted(player(data, "Ana")["traits"]) == ["Optimistic Nihilism", "Regenerative Tissue", "Retractable Claws"]
    assert player(data, "Ana")["hand"] == ["Gills"]  # not stabilized
    assert player(data, "Ben")["hand"] == ["Bark"] and not events(data, "Stabilized")
    assert [e["player"] for e in events(data, "TurnStarted")] == [0]


def test_optimistic_nihilism_played_within_another_action_lets_that_action_finish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Card: "all remaining turns are skipped": turns, not the effect under way. Ana's
    Territorial makes each opponent discard a red trait; Ben's discard sets off Regenerative
    Tissue, which plays Optimistic Nihilism; Cy still discards, then the round ends."""
    data = scenario(capsys, "optimistic_nihilism_played_within_another_action", "--answers", "Territorial")
    assert player(data, "Cy")["traits"] == [] and data["state"]["discard"] == ["Quick", "Fangs"]
    kinds = [e["type"] for e in data["events"]]
    assert kinds.index("RoundSkipped") < len(kinds) - 1 and kinds[-1] == "TraitDiscarded"
    assert player(data, "Ana")["hand"] == ["Gills"] and not events(data, "Stabilized")
    told = " ".join(data["announcements"])
    assert re.search(r"the rest of the round is skipped[^.]*\. Territorial: Fangs is discarded from Cy's", told), told


def test_optimistic_nihilism_as_the_other_trait_of_voracious_still_discards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Voracious: play another trait, then discard one of yours. The other trait being
    Optimistic Nihilism, the discard still follows; then the turn ends, unstabilized."""
    data = scenario(capsys, "optimistic_nihilism_as_the_other_trait_of_voracious", "--answers", "Voracious,Quick")
    assert player(data, "Ana")["traits"] == ["Voracious", "Optimistic Nihilism"]
    assert player(data, "Ana")["hand"] == [] and data["state"]["discard"] == ["Quick"]
    assert not events(data, "Stabilized") and player(data, "Ben")["hand"] == ["Bark"]


def test_a_card_nosy_takes_but_cannot_play_stays_a_secret_of_the_two_hands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Nosy: its player alone sees two random cards of an opponent's hand, takes one and plays
    it. Heroic cannot be played, so it stays in Ana's hand: Ben (who gave it) and Ana know it;
    Cy is told only that a card was taken."""
    args = ("--answers", "Nosy,Heroic")
    cy = " ".join(scenario(capsys, "nosy_takes_a_card_it_cannot_play", *args, "--as", "Cy")["announcements"])
    assert "Ana takes 1 card from Ben" in cy and "Heroic" not in cy, cy
    ben = " ".join(scenario(capsys, "nosy_takes_a_card_it_cannot_play", *args, "--as", "Ben")["announcements"])
    assert "Ana takes Heroic from you" in ben, ben
    data = scenario(capsys, "nosy_takes_a_card_it_cannot_play", *args)
    assert "Heroic" in player(data, "Ana")["hand"]


def test_denial_keeps_its_owner_out_of_the_worlds_end_a_prepper_chose(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Ruling (rules-notes, Denial): protected from the final catastrophe (Super Volcano), Ana
    is also out of the World's End effect Ben's Prepper chose in its place (Ice Age: a point
    lost per red trait); Ben, with one red trait, loses one."""
    data = scenario(capsys, "denial_and_a_world_s_end_prepper_chose", "--answers", "Ice Age")
    assert data["state"]["worlds_end_catastrophe"] == "ice_age"
    assert data["state"]["worlds_end_points"] == [0, -1]


def test_grey_goo_counts_the_traits_of_a_player_denial_protects(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Ruling (rules-notes, Denial): "the player or players with the most traits lose five
    points" counts every pile; Ana, protected, has the most, so nobody loses (Ben's three
    traits are not the most)."""
    data = scenario(capsys, "grey_goo_counts_a_player_denial_protects")
    assert data["state"]["worlds_end_points"] == [0, 0, 0]
    assert "Denial protects Ana from Grey Goo." in " ".join(data["announcements"])


def test_a_card_to_take_and_play_that_could_not_be_played_says_so_when_offered(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Nosy: take one of the two cards seen and play it. Heroic's requirement is not met, so
    the question says so before Ana picks (taken, it would only stay in her hand)."""
    data = scenario(capsys, "nosy_shows_a_card_that_could_not_be_played", "--answers", "Nosy")
    assert data["pending"]["reason"] == "take_and_play"
    assert data["pending"]["options"] == [
        "Heroic, dg7, cannot be played now: its requirement is not met", "Propagation, g1",
    ]
    # Told as Cy sees it, Ana's question (Ben's cards) is only named: it waits for Ana.
    cy = scenario(capsys, "nosy_shows_a_card_that_could_not_be_played", "--answers", "Nosy", "--as", "Cy")
    assert cy["pending"] == {"player": "Ana"}
    assert "Heroic" not in " ".join(cy["announcements"])


def test_cold_blood_names_the_drawn_cards_an_age_keeps_from_being_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Cold Blood under Eclipse: of the three cards drawn, the two red ones may not be
    played; the question names them and why, as a turn's play question names the hand's
    (it offered Big Ears alone, silent about the other two; Quick, red, stays in the hand
    and is not one of the cards drawn)."""
    data = scenario(capsys, "cold_blood_names_the_drawn_cards_an_age_locks", "--as", "Ana")
    assert data["pending"]["reason"] == "may_play_drawn"
    assert data["pending"]["question"] == (
        "Cold Blood: you may play one of the cards you drew. Not playable now: Stone Skin and "
        "Bad, their colour is locked this round."
    )
    assert data["pending"]["options"] == ["Play none", "Big Ears, p1"]


def test_selective_memory_names_the_discards_it_cannot_play_one_sentence_a_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Selective Memory offers the discards that may be played; the others are named, grouped
    by reason (it offered 16 of 19 without a word about the 3 dominants left out)."""
    data = scenario(capsys, "selective_memory_names_the_discards_it_cannot_play", "--as", "Ana")
    assert data["pending"]["question"] == (
        "Selective Memory: choose a card to play from the discard pile. Not playable now: "
        "Immunity and Heroic, your pile already holds two dominants; Quick and Fangs, their colour is "
        "locked this round."
    )
    assert data["pending"]["options"] == ["Bark, g2", "Big Ears, p1"]


def test_self_awareness_played_on_its_owners_turn_goes_into_an_opponents_pile(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Card: "At any time you may play it from your hand into an opponent's trait pile": on one's
    own turn too."""
    data = scenario(capsys, "self_awareness_on_its_owners_turn", "--answers", "Self-Awareness,Cy")
    assert player(data, "Ana")["traits"] == []
    assert player(data, "Cy")["traits"] == ["Self-Awareness"]
    played = events(data, "TraitPlayed")
    assert [(e["player"], e["owner"]) for e in played] == [(0, 2)]


def test_a_trait_played_at_worlds_end_opens_a_response_window(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Parasitic: "When an opponent plays a trait, you may play Parasitic from your hand": also
    a trait played by Eloquence at World's End."""
    data = scenario(capsys, "a_trait_played_at_worlds_end_gets_responses")
    assert data["pending"]["reason"] == "worlds_end_play"
    data = scenario(capsys, "a_trait_played_at_worlds_end_gets_responses", "--answers", "Fangs")
    assert data["pending"]["player"] == "Ben" and data["pending"]["reason"] == "respond"
    data = scenario(
        capsys, "a_trait_played_at_worlds_end_gets_responses", "--answers", "Fangs,Parasitic"
    )
    assert player(data, "Ben")["traits"] == ["Quick", "Parasitic", "Fangs"]
    assert player(data, "Ana")["traits"] == ["Eloquence"]
    assert data["winners"]


def test_a_trait_played_at_worlds_end_by_regenerative_tissue_resolves_its_worlds_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Rulebook: "players check their traits for any World's End symbols ... Resolve these
    effects now!": Sentience, played by Regenerative Tissue after Hyper-Intelligence took Fangs,
    names its colour and scores."""
    data = scenario(
        capsys, "regenerative_tissue_at_worlds_end_resolves_the_new_trait", "--answers", "red,blue"
    )
    named = events(data, "ColourNamed")
    assert [(e["player"], e["colour"]) for e in named] == [(1, "red"), (0, "blue")]
    assert player(data, "Ana")["traits"] == ["Regenerative Tissue", "Sentience"]
    ana = next(e for e in events(data, "ScoreTallied") if e["player"] == 0)
    assert (ana["face_value"], ana["bonus"]) == (2, 1)  # Sentience: +1 per blue trait


def test_a_trait_from_the_deck_that_an_age_forbids_stays_on_top(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Rulebook: a trait that arrives by chance must meet its requirement "to play from ... the
    top of the deck"; only a third dominant is discarded. First-printing Regenerative Tissue
    plays the deck's top card; green Bark, locked by Tectonic Shift, is not played and stays."""
    data = scenario(capsys, "a_forbidden_trait_from_the_deck_stays_on_top", "--answers", "Quick")
    failed = events(data, "PlayFailed")
    assert [(e["reason"], e["discarded"]) for e in failed] == [("colour_locked", False)]
    assert "Bark" not in data["state"]["discard"]
    assert "Bark" in player(data, "Ana")["hand"]  # still on top, so drawn when Ana stabilized


# --- judgement calls (docs/rules-notes.md) ---------------------------------------------------


def test_telekinetic_never_trades_a_colourless_trait(capsys: pytest.CaptureFixture[str]) -> None:
    """Rulebook: colourless "cannot be considered for color designated effects": a colourless
    trait has no colour, so it is never "of a different colour"."""
    data = scenario(capsys, "telekinetic_and_colourless_traits")
    assert data["pending"]["reason"] == "swap_take"
    assert data["pending"]["options"] == ["Quick, r2, Ben's pile", "Spiny, b1, Ben's pile"]


def test_the_big_one_with_two_players_gives_a_card_for_each_side(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The Big One: "give 1 card from your hand to each neighbour (left and right)"; with two
    players the one opponent is on both sides and gets two cards."""
    data = scenario(capsys, "the_big_one_with_two_players", "--answers", "Gills,Spiny,Fangs,Quick")
    assert len(events(data, "CardsPassed")) == 4
    assert sorted(player(data, "Ana")["hand"]) == ["Bark", "Gills", "Spiny"]
    assert sorted(player(data, "Ben")["hand"]) == ["Fangs", "Fear", "Quick"]


def test_the_big_one_house_rule_gives_one_card(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads((POSITIONS / "the_big_one_with_two_players.json").read_text())
    data["options"]["one_card_to_a_lone_neighbour"] = True
    path = tmp_path / "one_card.json"
    path.write_text(json.dumps(data))
    assert main(["scenario", str(path), "--answers", "Gills,Fangs", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(events(out, "CardsPassed")) == 2 and out["pending"] is None


def test_denial_protects_from_passing_but_not_from_receiving(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Denial: "The next catastrophe does nothing to you": its owner passes nothing; the cards
    others pass still arrive, since passing is what the others do."""
    data = scenario(capsys, "denial_still_receives_passed_cards")
    assert sorted(player(data, "Ana")["hand"]) == ["Gills", "Quick", "Spiny"]
    assert player(data, "Ben")["hand"] == ["Bark"] and player(data, "Cy")["hand"] == []
    assert player(data, "Ana")["gene_pool"] == 5


def test_the_four_horsemen_does_not_use_up_denial(capsys: pytest.CaptureFixture[str]) -> None:
    """Denial "does not work against The Four Horsemen": the protection stays for the next
    catastrophe, here the final one, so Ana skips its gene pool and World's End effects."""
    data = scenario(capsys, "the_four_horsemen_leaves_denial_for_the_next", "--answers", "Fangs")
    ignored = events(data, "CatastropheIgnored")  # at its reveal, then at its World's End
    assert [(e["player"], e["catastrophe"], e["worlds_end"]) for e in ignored] == [
        (0, "super_volcano", False), (0, "super_volcano", True)]
    assert player(data, "Ana")["traits"] == ["Denial"]  # The Four Horsemen took Quick
    assert player(data, "Ana")["gene_pool"] == 4 and player(data, "Ben")["gene_pool"] == 3
    tallies = {e["player"]: e for e in events(data, "ScoreTallied")}
    assert tallies[0]["worlds_end"] == 0 and tallies[1]["worlds_end"] == -1


# --- the command itself ------------------------------------------------------------------------


def test_scenario_stops_at_the_next_question_and_says_whose(tmp_path: Path) -> None:
    """The real command: announcements, then the question waiting, as plain lines."""
    proc = subprocess.run(
        [sys.executable, "-m", "doomlings_access", "scenario",
         str(POSITIONS / "self_awareness_on_its_owners_turn.json"), "--answers", "1"],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "Ana's turn." in lines
    assert lines[-3:] == ["Waiting for Ana: Self-Awareness: into whose pile?", "1. Ben", "2. Cy"]


def test_one_turn_of_a_round_still_to_be_revealed_is_that_age_and_one_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``"start": "round", "play": "turn"`` played the whole game to its winner: one turn
    asked for is the round's age revealed, then the first player's turn, and no more."""
    data = json.loads((POSITIONS / "self_awareness_on_its_owners_turn.json").read_text())
    data.update(age=None, start="round", play="turn", age_deck=["Tectonic Shift", "Arid Lands", "Ice Age"],
                players=[{"name": "Ana", "hand": ["Fangs"]}, {"name": "Ben", "hand": ["Bark"]}])
    path = tmp_path / "one_turn.json"
    path.write_text(json.dumps(data))
    assert main(["scenario", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [e["age"] for e in events(out, "AgeRevealed")] == ["tectonic_shift"]
    assert [e["player"] for e in events(out, "TurnStarted")] == [0]
    assert out["pending"] is None and not out.get("winners")


def test_scenario_to_the_end_names_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    data = scenario(capsys, "the_four_horsemen_leaves_denial_for_the_next", "--to-end")
    assert data["pending"] is None and data["winners"]


@pytest.mark.parametrize(
    "change,field",
    [
        (lambda d: d["players"][0]["hand"].append("Tinny"), "players[0].hand[2]: no trait named 'Tinny'; did you mean Tiny"),
        (lambda d: d.__setitem__("turn", "Zed"), "turn: no player named 'Zed'"),
        (lambda d: d.__setitem__("colour", "red"), "colour: unknown field"),
        (lambda d: d["players"][1].__setitem__("gene_pool", "5"), "players[1].gene_pool:"),
        (lambda d: d.__setitem__("revealed", ["The Birth of Life", "Tiny"]), "revealed[1]: no age or catastrophe named 'Tiny'"),
        (lambda d: d.__setitem__("options", {"free_lunch": True}), "options.free_lunch: no such house rule"),
        (lambda d: d.__setitem__("players", d["players"][:1]), "players: a list of 2 to 6 players"),
        # (was "also a command": "You" is no command, but the game's word for the person alone)
        (lambda d: d["players"][1].__setitem__("name", "You"),
         "players[1].name: \"You\" is how the game speaks to the person playing alone"),
        (lambda d: d["players"][1].__setitem__("name", "Tiny"), "players[1].name: \"Tiny\" is the name or label of a card"),
        (lambda d: d["players"][1].__setitem__("name", "Ot\u200bto"), "players[1].name: \"Ot?to\" has control or invisible"),
        (lambda d: d["players"][1].__setitem__("name", "ANA"), "players[1].name: \"ANA\" sounds the same as \"Ana\""),
        # issue 34: a Cyrillic А looks like the Latin A (Unicode's confusable skeletons)
        (lambda d: d["players"][1].__setitem__("name", "\u0410na"), "players[1].name: \"\u0410na\" looks like \"Ana\""),
        (lambda d: d["players"][2].__setitem__("name", "hand"), "players[2].name: \"hand\" is also a command"),
        (lambda d: d["players"][0].__setitem__("name", "7"), "players[0].name: \"7\" is a number"),
        # a round with nothing to reveal, or after the world has ended (the first crashed)
        (lambda d: d.update(age_deck=[], start="round", play="round", age=None), "age_deck: is empty, and the round to play starts"),
        (lambda d: d.update(revealed=["The Birth of Life", "Ice Age", "Grey Goo", "Mass Extinction"], start="round", age=None),
         "start: round, but the last catastrophe is revealed"),
        # a whole game from a deck short of catastrophes ended the world early, at its last card
        (lambda d: d.update(age_deck=["Eclipse", "Ice Age", "Flourish"], play="game"),
         "age_deck: holds 1 of the 3 catastrophes still to come; the world ends only with the third"),
        (lambda d: d.update(age_deck=[], start="round", play="turn", age=None), "age_deck: is empty, and"),
    ],
)
def test_a_wrong_position_file_names_the_field(
    change: Any, field: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads((POSITIONS / "self_awareness_on_its_owners_turn.json").read_text())
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["scenario", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: {field}" in err and "Traceback" not in err


ZOE_TYPED = ["zoe", "ZOË", "Zoe\u0308", "Zo\u00eb"]
"""Zoë as a listener types her: without the accent, in capitals, with the accent as a mark of its
own (a decomposed ë, as some keyboards and braille input give it) and composed."""


@pytest.mark.parametrize("typed", ZOE_TYPED, ids=["plain", "capitals", "decomposed", "composed"])
def test_a_name_is_matched_one_way_in_the_file_in_as_and_in_the_answers(
    typed: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34: ``scenario --as zoe`` and a decomposed "Zoë" said "no player named", while
    the same file's ``"turn": "zoe"`` was taken. The file's names, ``--as`` and an answer
    naming a player are matched the one way (case and Unicode normalisation alike)."""
    data = json.loads((POSITIONS / "self_awareness_on_its_owners_turn.json").read_text())
    data["players"][1]["name"] = "Zo\u00eb"
    data["turn"] = typed
    path = tmp_path / "zoe.json"
    path.write_text(json.dumps(data))
    assert main(["scenario", str(path), "--as", typed, "--json"]) == 0, capsys.readouterr().err
    out = json.loads(capsys.readouterr().out)
    assert " ".join(out["announcements"]).startswith("Your turn. Only Fangs")  # hers, told as she sees it
    # Ana's turn: Self-Awareness goes into a pile named as typed
    data["turn"] = "Ana"
    path.write_text(json.dumps(data))
    assert main(["scenario", str(path), "--as", typed, "--answers", f"Self-Awareness,{typed}", "--json"]) == 0, capsys.readouterr().err
    out = json.loads(capsys.readouterr().out)
    zoe = next(p for p in out["state"]["players"] if p["name"] == "Zo\u00eb")
    assert "Self-Awareness" in zoe["traits"]


def test_edition_typed_for_a_position_file_that_names_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--edition first`` plays the first printing when the file names no edition (it was
    accepted and ignored: retail Brave was played); a file that names the other is refused."""
    data = json.loads((POSITIONS / "self_awareness_on_its_owners_turn.json").read_text())
    data["players"][0]["hand"] = ["Brave", "Quick"]
    path = tmp_path / "brave.json"
    path.write_text(json.dumps(data))
    for where in (["scenario", str(path), "--edition", "first"], ["--edition", "first", "scenario", str(path)]):
        assert main([*where, "--answers", "Brave"]) == 0
        assert "Ana plays Brave, r2. Brave reads: You and an opponent look at each other's hands" in " ".join(capsys.readouterr().out.split())
    data["edition"] = "retail"
    path.write_text(json.dumps(data))
    assert main(["scenario", str(path), "--edition", "first"]) == 2
    assert f"{path}: edition: the file says retail but --edition first was given" in capsys.readouterr().err


def test_an_answer_that_is_not_an_option_says_what_was_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = POSITIONS / "self_awareness_on_its_owners_turn.json"
    assert main(["scenario", str(path), "--answers", "Tiny"]) == 2
    err = capsys.readouterr().err
    assert "answers[0]: 'Tiny' is not an option of Ana's question (Your turn: play a trait." in err


def test_an_action_used_through_another_trait_may_be_cancelled(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Chromatophores: "play from your hand at any moment to cancel an action": also the action
    of Ben's Introspective that Ana's Inventive uses (after Ben let Inventive's own pass)."""
    data = scenario(capsys, "cancel_an_action_used_through_another_trait", "--answers", "pass")
    assert data["pending"]["reason"] == "respond_to_action"
    assert data["pending"]["question"].startswith("Ana is using the action of Introspective")
    data = scenario(
        capsys, "cancel_an_action_used_through_another_trait", "--answers", "pass,Chromatophores"
    )
    cancelled = events(data, "ActionCancelled")
    assert len(cancelled) == 1
    assert ("Ben's Chromatophores cancels the action of Introspective that Ana's Inventive was using: "
            "Inventive stays in Ana's pile, with nothing done, and Ana's turn ends.") in " ".join(data["announcements"])
    assert not [e for e in events(data, "Drew") if e["cause"]["id"] == "introspective"]


def test_the_big_one_with_one_card_asks_which_neighbour_gets_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One card for two neighbours: the giver chooses which (it went to the left unasked)."""
    data = scenario(capsys, "the_big_one_with_one_card_for_two_neighbours", "--answers", "Gills,Ana,Quick")
    assert len(events(data, "CardsPassed")) == 5
    assert sorted(player(data, "Ana")["hand"]) == ["Leaves", "Spiny"]
    assert sorted(player(data, "Ben")["hand"]) == ["Quick"] and player(data, "Cy")["hand"] == ["Gills", "Fangs"]
    data = scenario(capsys, "the_big_one_with_one_card_for_two_neighbours", "--answers", "Gills,Ben,Quick")
    assert "Leaves" in player(data, "Ben")["hand"] and "Leaves" not in player(data, "Ana")["hand"]


def test_a_hand_an_age_locks_says_why_nothing_can_be_played(capsys: pytest.CaptureFixture[str]) -> None:
    """"You cannot play any trait this turn." gave no reason (the play question gives one)."""
    path = POSITIONS / "a_hand_an_age_locks_says_why_nothing_can_be_played.json"
    assert main(["scenario", str(path), "--plain", "--as", "Ana"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "You cannot play any trait this turn. Not playable now: Gills and Spiny, their colour is locked this round." in out


def test_stabilizing_with_nothing_left_to_draw_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """"Ben stabilizes with 0 cards." left a listener to guess why his hand stayed empty."""
    path = POSITIONS / "stabilizing_with_nothing_left_to_draw.json"
    assert main(["scenario", str(path), "--plain"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Ana stabilizes by drawing 5 cards. The deck and the discard pile are empty: Ana is 3 cards short." in out
    assert "The deck and the discard pile are empty: Ben is 5 cards short. Ben stabilizes with 0 cards." in out


def test_a_restricted_cost_skipped_by_the_house_rule_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    """With ignore_restricted_cost, Retractable Claws was played under Reforestation and no red
    trait went, without a word: a listener expected one to be discarded."""
    path = POSITIONS / "a_restricted_cost_skipped_by_the_house_rule_is_said.json"
    assert main(["scenario", str(path), "--plain", "--answers", "Retractable Claws"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Retractable Claws: Ana discards no trait for its cost, since no trait may leave a pile this round" in out


def test_a_scenario_takes_answers_in_braille_shows_braille_labels_and_wraps_at_80(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`scenario --labels braille` printed text labels, refused answers typed in braille (the
    game's prompt takes them) and a catastrophe's label ("c grey goo"), and printed lines of
    170 characters."""
    path = tmp_path / "prepper.json"
    path.write_text(json.dumps({
        "players": [
            {"name": "Ana", "hand": ["Sneaky", "Kidney", "Tiny"], "traits": ["Prepper", "Quick"]},
            {"name": "Ben", "hand": ["Fangs"], "traits": ["Tiny", "Swarm"]},
        ],
        "revealed": ["The Birth of Life", "Ice Age", "Arid Lands", "Grey Goo", "Eclipse", "The Four Horsemen"],
        "start": "worlds_end",
        "decks": 2,  # (two Tinys)
    }))
    braille = ["scenario", str(path), "--plain", "--labels", "braille", "--as", "Ana"]
    assert main(braille) == 0
    asked = " ".join(capsys.readouterr().out.split())
    assert "2. Sneaky, \u280f\u2806" in asked and "p2" not in asked, asked
    assert main([*braille, "--answers", "\u280f\u2806,\u2809\u2800\u281b\u2817\u2811\u283d\u2800\u281b\u2815\u2815"]) == 0
    out = capsys.readouterr().out
    assert all(len(line) <= 80 for line in out.splitlines())
    flat = " ".join(out.split())
    assert "Prepper: you set aside The Four Horsemen's World's End for Grey Goo's" in flat, flat


def test_an_answer_past_the_positions_turn_says_so_and_names_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    """It said "the game is already over" when the position's one turn was played out."""
    path = POSITIONS / "self_awareness_on_its_owners_turn.json"
    assert json.loads(path.read_text()).get("play") == "turn"
    assert main(["scenario", str(path), "--answers", ",".join(["1"] * 12)]) == 2
    err = capsys.readouterr().err
    assert re.search(rf"{re.escape(str(path))}: answers\[\d+\]: '1' is one answer too many: the position's turn is played out", err), err


def test_scenario_honours_the_verbosity_typed_and_lists_decks_top_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--verbosity was accepted and ignored (always verbose); the JSON state listed the decks
    bottom first although a position file lists them top first."""
    path = POSITIONS / "self_awareness_on_its_owners_turn.json"
    told = {}
    for verbosity in ("terse", "verbose"):
        assert main(["scenario", str(path), "--answers", "1,1", "--verbosity", verbosity]) == 0
        told[verbosity] = capsys.readouterr().out
    assert "reads:" in told["verbose"] and "reads:" not in told["terse"]
    data = json.loads(path.read_text())
    data.update(deck=["Fangs", "Quick", "Blubber"], rest_of_deck="out", age_deck=["Eclipse", "Ice Age", "Flourish"],
                decks=2)  # (Ben holds the one Fangs of a deck)
    decks = tmp_path / "decks.json"
    decks.write_text(json.dumps(data))
    assert main(["scenario", str(decks), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)["state"]
    assert state["deck"] == ["Fangs", "Quick", "Blubber"]
    assert state["age_deck"] == ["Eclipse", "Ice Age", "Flourish"]


@pytest.mark.parametrize(
    ("position", "answer", "said", "private"),
    [
        ("an_age_that_locks_every_discard_is_named_as_the_reason", "Selective Memory",
         "Selective Memory does nothing for you: no trait can be played; Fangs and Antlers, their colour is locked this round.", False),
        ("an_age_that_locks_every_discard_is_named_as_the_reason", "Trunk",
         "Trunk does nothing for you: the top of the discard pile cannot be played; Fangs, its colour is locked this round.", False),
        ("an_age_that_locks_every_card_drawn_is_named_as_the_reason", "Cold Blood",
         "Cold Blood: none of the cards drawn can be played; Leaves, Bark and Deep Roots, their colour is locked this round.", True),
    ],
)
def test_a_trait_that_finds_nothing_playable_names_the_age_that_locks_the_cards(
    capsys: pytest.CaptureFixture[str], position: str, answer: str, said: str, private: bool
) -> None:
    """The audit heard "Trunk does nothing for you: the top of the discard pile cannot be
    played" under Eclipse, with no word of the age. The discard pile is public; cards drawn
    are their drawer's secret, so another player hears only that none could be played."""
    told = " ".join(scenario(capsys, position, "--as", "Ana", "--answers", answer)["announcements"])
    assert said in " ".join(told.split())
    others = " ".join(" ".join(scenario(capsys, position, "--as", "Ben", "--answers", answer)["announcements"]).split())
    assert said.split(";")[0] + "." in others if private else said.replace("for you", "for Ana") in others


def test_a_response_where_an_age_ignores_actions_says_the_action_is_ignored(capsys: pytest.CaptureFixture[str]) -> None:
    """In the Age of Peace the question read Bad's action out as if it would happen, inviting
    Ben to spend Parasitic against a discard that never comes."""
    data = scenario(capsys, "a_response_where_an_age_ignores_actions_says_so", "--answers", "Bad")
    assert data["pending"]["question"] == "Ana played Bad; its action is ignored this round. Play a trait out of turn?"


def test_a_tie_break_card_is_held_aside_until_every_tied_player_has_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    """With the deck run out, Ben's tie-break card went to the discard pile, was reshuffled
    into the deck and drawn again by Ana: one card cannot be drawn twice from the top."""
    data = scenario(capsys, "a_tie_break_card_is_not_reshuffled_for_the_next_to_draw")
    drawn = events(data, "TieBreakDraw")
    assert len(drawn) == len({e["card"] for e in drawn}) >= 1, drawn
    assert "Tiny" in data["state"]["discard"] and not data["state"]["in_play"]


def test_reckless_says_when_one_side_has_nothing_to_discard(capsys: pytest.CaptureFixture[str]) -> None:
    """Otto's pile holds only a dominant besides Reckless: Ben's half found nothing, and was
    silently skipped (a listener could not tell whether it happened)."""
    told = " ".join(" ".join(scenario(capsys, "reckless_says_when_one_side_has_nothing_to_discard", "--answers",
                                      "Reckless,1", "--as", "Ben")["announcements"]).split())
    assert "Reckless: Otto discards Fire Skin from your trait pile; Otto has no trait that may be discarded." in told


def test_reckless_used_by_inventive_never_offers_that_reckless(capsys: pytest.CaptureFixture[str]) -> None:
    """Ana's Inventive uses Reckless in Ben's pile: its own action offered Reckless itself
    ("never this one" held only for the player's own pile)."""
    data = scenario(capsys, "reckless_used_by_inventive_never_discards_itself", "--answers", "1")
    assert data["pending"]["options"] and all("Reckless" not in str(o) for o in data["pending"]["options"])
    data = scenario(capsys, "reckless_used_by_inventive_never_discards_itself", "--answers", "1,1")
    assert "Reckless" in player(data, "Ben")["traits"]


@pytest.mark.parametrize(
    ("name", "answers", "said", "not_said"),
    [
        ("venomous_with_no_other_trait_to_play", [], "Venomous: no trait can be played. Venomous goes from your pile",
         "Venomous does nothing"),
        ("photosynthesis_draws_nothing_playable", ["--answers", "1"], "Photosynthesis: none of the cards drawn",
         "Photosynthesis does nothing"),
        ("inventive_uses_poisonous_in_another_pile", ["--answers", "1"],
         "Poisonous does nothing for you: it is not in your trait pile.", "no longer"),
        ("trunk_finds_a_third_dominant_on_the_discard_pile", ["--answers", "1"],
         "Apex Predator would be your third dominant, so it stays in the discard pile.", "it is discarded"),
    ],
)
def test_an_action_that_fails_in_part_says_which_part(
    capsys: pytest.CaptureFixture[str], name: str, answers: list[str], said: str, not_said: str
) -> None:
    """A card was said to do nothing, then did its other part (Venomous moved, Photosynthesis
    drew); Poisonous used by Inventive 'is no longer in the pile' though it never left it; a
    card Trunk could not play 'is discarded' though it never left the discard pile."""
    told = " ".join(" ".join(scenario(capsys, name, *answers, "--as", "Ana", "--verbosity", "terse")["announcements"]).split())
    assert said in told and not_said not in told, told


def test_denial_is_named_again_when_the_worlds_end_it_spares_is_carried_out(capsys: pytest.CaptureFixture[str]) -> None:
    """At World's End the protected player heard nothing: no telling whether Denial spared
    them or they simply had nothing to lose."""
    told = " ".join(" ".join(scenario(capsys, "denial_and_a_world_s_end_prepper_chose", "--answers", "1",
                                      "--as", "Ana")["announcements"]).split())
    assert "Denial protects you from Ice Age's World's End." in told, told


def test_a_trait_played_by_another_is_named_with_it_at_every_verbosity(capsys: pytest.CaptureFixture[str]) -> None:
    """Terse never reads Propagation's text, and "Ana plays Propagation, g1. Ana plays Bark,
    g2." sounded like two plays in one turn: the second names the card that allowed it."""
    for verbosity in ("terse", "normal"):
        told = " ".join(" ".join(scenario(capsys, "propagation_plays_another_trait", "--answers", "1,1", "--as", "Ben",
                                          "--verbosity", verbosity)["announcements"]).split())
        assert "Propagation: Ana plays Bark, g2, no action." in told, (verbosity, told)


def test_a_position_with_three_dominants_needs_the_age_that_played_the_third(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Rulebook: "You can ONLY play 2 dominant traits"; Birth of a Hero "is THE ONLY WAY to have
    3" (it plays Heroic). A position file with three dominants, none of them Heroic, was played
    out (the scorer refused the same pile); the refusal names the file's own field."""
    path = tmp_path / "three.json"
    table = {"players": [{"name": "Ana", "traits": ["Tiny", "Denial", "Faith"]}, {"name": "Ben"}],
             "start": "worlds_end", "revealed": ["Ice Age"]}
    path.write_text(json.dumps(table), encoding="utf-8")
    assert main(["scenario", str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert "players[0].traits: 3 dominant traits; a pile holds at most two" in err, err
    table["players"][0]["traits"] = ["Tiny", "Denial", "Heroic"]  # Birth of a Hero played Heroic
    table["revealed"] = ["Birth of a Hero", "Ice Age"]
    path.write_text(json.dumps(table), encoding="utf-8")
    assert main(["scenario", str(path), "--json"]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("seed", [2, 3, 5])
def test_a_round_started_with_nothing_revealed_opens_with_the_birth_of_life(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seed: int
) -> None:
    """Rulebook: the age deck has The Birth of Life on top. A position starting a round with
    nothing revealed dealt its age deck without it: with seeds 2 and 3 its first round was a
    catastrophe's."""
    path = tmp_path / "first.json"
    table = {"players": [{"name": "Ana", "hand": ["Quick", "Gills", "Bark"]}, {"name": "Ben", "hand": ["Fangs", "Leaves"]}],
             "start": "round", "play": "round", "seed": seed}
    path.write_text(json.dumps(table), encoding="utf-8")
    assert main(["scenario", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["state"]["revealed"][0] == "The Birth of Life", data["state"]["revealed"]


def test_a_position_naming_more_cards_than_the_decks_hold_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34: positions no game can reach were accepted (six 200-card hands: a minute to
    the first question). A card named once more than the table's decks hold it is refused,
    at the place it is named once too often; a position that says it tallies two decks may
    name two of each."""
    data = json.loads((POSITIONS / "self_awareness_on_its_owners_turn.json").read_text())
    data["players"][1]["hand"] = ["Fangs", "Tiny"]  # Ana holds the one Tiny of a deck
    data["players"][0]["hand"] = ["Self-Awareness", "Tiny"]
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(data))
    assert main(["scenario", str(path)]) == 2
    assert (f"{path}: players[1].hand[1]: Tiny once more than the game has: one deck holds it once "
            '(a position that tallies two decks at one table says "decks": 2)') in capsys.readouterr().err
    data["decks"] = 2
    path.write_text(json.dumps(data))
    assert main(["scenario", str(path)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    data["decks"] = 1
    data["players"] = [{"name": name, "hand": ["Quick"] * 200} for name in ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")]
    path.write_text(json.dumps(data))
    assert main(["scenario", str(path)]) == 2
    assert f"{path}: players[0].hand[" in capsys.readouterr().err
    for decks in (0, 5, "2", True):
        data["decks"] = decks
        path.write_text(json.dumps(data))
        assert main(["scenario", str(path)]) == 2
        assert f"{path}: decks: how many decks the table tallies, 1 to 4" in capsys.readouterr().err
