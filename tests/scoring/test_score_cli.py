"""``doomlings score FILE [--json]`` (README "Scoring a table"), called in this process; the
options typed before or after the command go through a real ``python -m doomlings_access``.

Good files print one sentence per player, subject first, then the winner; bad files exit
with code 2 and one clear line on standard error, never a traceback (cli.py docstring).
Expected scores are worked by hand from the card facts (shared/cards/base-game.md).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from programs import in_process

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"


def run_score(tmp_path: Path, content: Any, *args: str, name: str = "table.json") -> subprocess.CompletedProcess[str]:
    """Write ``content`` (JSON data, or raw text if a str) to a file and score it."""
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return run_file(str(path), *args)


def run_file(path: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``doomlings score PATH ARGS``, called in this process (the options typed around the
    command are tested with the real ``python -m doomlings_access`` below)."""
    return in_process(["score", path, *args], env=os.environ)


# Ana: Ice Age, 3 reds (Quick, Antlers, Fire Skin) = -3
#      face 2+3+3+4+4+3+3+1 = 23; Ben's Viral names red: 3 reds = -3 in Ana's bonus -> 17
# Ben: Viral face 2, purple so Ice Age 0 -> 2
README_TABLE = {
    "catastrophes": ["Ice Age"],
    "players": [
        {"name": "Ana", "traits": ["Quick", "Antlers", "Fire Skin", "Blubber", "Adorable", "Appealing", "Flatulence", "Fear"]},
        {"name": "Ben", "traits": ["Viral"], "choices": {"Viral": "red"}},
    ],
}


def test_text_output_one_sentence_per_player_then_the_winner(tmp_path: Path) -> None:
    """README: "Output, one line per player, subject first, then the winner"."""
    done = run_score(tmp_path, README_TABLE)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == [
        "Ana: 17 points. World's End -3, face value 23, bonus -3.",
        "Ben: 2 points. World's End 0, face value 2, bonus 0.",
        "Winner: Ana.",
    ]


def test_text_output_names_a_tie(tmp_path: Path) -> None:
    """Without tie_break every tied player is a winner (README)."""
    data = {"players": [{"name": "Ana", "traits": ["Adorable"]}, {"name": "Ben", "traits": ["Blubber"]}]}
    done = run_score(tmp_path, data)  # 4 each
    assert done.returncode == 0
    assert done.stdout.splitlines() == [
        "Ana: 4 points. World's End 0, face value 4, bonus 0.",
        "Ben: 4 points. World's End 0, face value 4, bonus 0.",
        "Tie: Ana and Ben.",
    ]


def test_json_output_shape(tmp_path: Path) -> None:
    done = run_score(tmp_path, README_TABLE, "--json")
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == {
        "players": [
            {"name": "Ana", "worlds_end": -3, "face_value": 23, "bonus": -3, "total": 17},
            {"name": "Ben", "worlds_end": 0, "face_value": 2, "bonus": 0, "total": 2},
        ],
        "winners": ["Ana"],
    }


def test_json_output_of_the_readme_example(tmp_path: Path) -> None:
    """The README's own example file, worked by hand.

    Ana (Tiny, Kidney x2, gene pool 4): The Big One final, missing green and purple = -4;
    face 17; Tiny -3, each Kidney +2 -> bonus +1; total 14.
    Ben (Sentience red, Quick; Heroic in hand): has red only, missing 3 = -6; face 2+2 = 4;
    Sentience red 2 traits = +2; total 0.
    """
    data = {
        "catastrophes": ["Ice Age", "Retrovirus", "The Big One"],
        "players": [
            {"name": "Ana", "traits": ["Tiny", "Kidney", "Kidney"], "gene_pool": 4},
            {"name": "Ben", "traits": ["Sentience", "Quick"], "hand": ["Heroic"], "choices": {"Sentience": "red"}},
        ],
        "tie_break": {"Ana": "Adorable", "Ben": "Quick"},
    }
    done = run_score(tmp_path, data, "--json")
    assert done.returncode == 0
    assert json.loads(done.stdout) == {
        "players": [
            {"name": "Ana", "worlds_end": -4, "face_value": 17, "bonus": 1, "total": 14},
            {"name": "Ben", "worlds_end": -6, "face_value": 4, "bonus": 2, "total": 0},
        ],
        "winners": ["Ana"],
    }


def test_tie_break_in_text_output(tmp_path: Path) -> None:
    """Rulebook "TIES": the draws (Retractable Claws 5, Antlers 3) decide; A wins 4+5 over 4+3."""
    data = {
        "players": [{"name": "A", "traits": ["Adorable"]}, {"name": "B", "traits": ["Blubber"]}],
        "tie_break": {"A": "Retractable Claws", "B": "Antlers"},
    }
    done = run_score(tmp_path, data)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0].startswith("A: 4 points. World's End 0, face value 4, bonus 0.")
    assert lines[1].startswith("B: 4 points. World's End 0, face value 4, bonus 0.")
    assert lines[-1] == "Winner: A."


# --- bad input: exit code 2, one line on standard error ------------------------------------------

BAD: list[Any] = [
    pytest.param(
        {"players": [{"name": "Ana", "traits": ["Tiyn"]}]},
        ["Tiyn", "Tiny", "players[0].traits[0]"],
        id="misspelt_card_suggests_tiny",
    ),
    pytest.param(
        {"players": [{"name": "Ana", "traits": ["Quick"]}], "colour": "red"},
        ["colour", "unknown field"],
        id="unknown_top_level_field",
    ),
    pytest.param(
        {"players": [{"name": "Ana", "trait": ["Quick"]}]},
        ["players[0].trait", "unknown field"],
        id="unknown_player_field",
    ),
    pytest.param('{"players": [{"name": "Ana", "traits": ["Quick"]}', ["not valid JSON"], id="invalid_json"),
    pytest.param(
        {"players": [{"name": "Ana", "traits": ["Sentience", "Quick", "Blubber"]}]},
        ["Ana", "Sentience", "colour"],
        id="missing_sentience_colour",
    ),
    pytest.param(
        {"catastrophes": ["Ice Age"], "players": [{"name": "Ana", "traits": ["Faith", "Quick", "Blubber"]}]},
        ["Ana", "Faith", "colour"],
        id="missing_faith_recolour",
    ),
    pytest.param(
        {
            "players": [
                {"name": "Ana", "traits": ["Hyper-Intelligence"], "choices": {"Hyper-Intelligence": "red"}},
                {"name": "Ben", "traits": ["Quick", "Antlers"]},
            ]
        },
        ["Ben", "Hyper-Intelligence", "trait removed"],
        id="missing_trait_removed_in_opponents_choices",
    ),
    pytest.param(
        {"catastrophes": ["Deus Ex Machina"], "players": [{"name": "Ana", "traits": ["Adorable"]}]},
        ["Ana", "Deus Ex Machina", "card drawn"],
        id="missing_deus_ex_machina_draw",
    ),
    pytest.param(
        {
            "catastrophes": ["Ice Age", "Grey Goo"],
            "players": [{"name": "Ana", "traits": ["Prepper", "Quick"]}, {"name": "Ben", "traits": ["Adorable"]}],
        },
        ["Ana", "Prepper", "catastrophe"],
        id="missing_prepper_pick",
    ),
    pytest.param(
        {"players": [{"name": "Ana", "traits": ["Sentience", "Quick", "Blubber"], "choices": {"Sentience": "orange"}}]},
        ["Sentience", "orange"],
        id="sentience_answer_not_a_colour",
    ),
    pytest.param(
        {
            "players": [{"name": "A", "traits": ["Adorable"]}, {"name": "B", "traits": ["Blubber"]}],
            "tie_break": {"A": "Antlers"},
        },
        ["tie_break", "B"],
        id="tie_break_draw_missing_for_a_tied_player",
    ),
    pytest.param(
        {
            "players": [{"name": "A", "traits": ["Adorable"]}, {"name": "B", "traits": ["Blubber"]}],
            "tie_break": {"A": "Antlers", "Zed": "Tiny"},
        },
        ["tie_break.Zed", "no player has this name"],
        id="tie_break_of_a_player_not_at_the_table",
    ),
    pytest.param(
        {"players": [{"name": "Jose\u0301", "traits": ["Adorable"]}, {"name": "Jos\u00e9", "traits": ["Blubber"]}]},
        ["players[1].name", '"Jos\u00e9" sounds the same as "Jos\u00e9"'],
        id="one_name_with_its_accent_typed_two_ways",
    ),
    # A score file's names are checked as --names are (these were taken: "Winner: 1."), but for
    # the words the game's prompt answers to: a score file is read at no prompt.
    *[
        pytest.param(
            {"players": [{"name": "Ana", "traits": ["Adorable"]}, {"name": name, "traits": ["Blubber"]}]},
            ["players[1].name", why],
            id=f"name_{label}",
        )
        for label, name, why in [
            ("a_number", "1", "is a number"),
            ("a_card", "Tiny", "is the name or label of a card"),
            ("a_label", "db17", "is the name or label of a card"),
            ("you", "You", "how the game speaks to the person playing alone"),
            ("empty", " ", "a name cannot be empty"),
            ("zero_width_space", "Ot\u200bto", '"Ot?to" has control or invisible characters'),
            ("sounds_like_ana", "ANA", '"ANA" sounds the same as "Ana"'),
            ("stacked_accents", "O" + "\u0308" * 15, "at most 3 accents on a letter"),
        ]
    ],
]


@pytest.mark.parametrize(("content", "words"), BAD)
def test_bad_file_exits_2_with_one_line(tmp_path: Path, content: Any, words: list[str]) -> None:
    """cli.py: "Bad input never gives a traceback: one clear line on standard error and exit code 2"."""
    done = run_score(tmp_path, content)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0]
    assert "table.json" in lines[0]  # names the file


def test_missing_file_exits_2_with_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-table.json"
    done = run_file(str(missing))
    assert done.returncode == 2
    assert done.stdout == "" and "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert "no-such-table.json" in line and "cannot read" in line


# --- choices that change no score are not required ------------------------------------------------

NOT_NEEDED: list[Any] = [
    pytest.param(
        # one trait of each colour: any colour named gives +1; face 2+4+3+4 = 13 -> 14
        {"players": [{"name": "Ana", "traits": ["Sentience", "Blubber", "Appealing", "Adorable"]}]},
        "Ana: 14 points. World's End 0, face value 13, bonus 1.",
        id="sentience_every_colour_equal",
    ),
    pytest.param(
        # Ben holds only colourless traits: any colour Viral names costs 0; Ben 3+1 = 4, Ana 2
        {"players": [{"name": "Ana", "traits": ["Viral"]}, {"name": "Ben", "traits": ["Flatulence", "Fear"]}]},
        "Ben: 4 points. World's End 0, face value 4, bonus 0.",
        id="viral_against_colourless_only",
    ),
    pytest.param(
        # Blubber and Adorable are both face 4: either leaves 4+2 = 6
        {"catastrophes": ["The Four Horsemen"], "players": [{"name": "Ana", "traits": ["Blubber", "Adorable", "Quick"]}]},
        "Ana: 6 points. World's End 0, face value 6, bonus 0.",
        id="four_horsemen_equal_faces",
    ),
    pytest.param(
        # no bonus and no catastrophe cares about colours: recolouring changes nothing; 4+4 = 8
        {"players": [{"name": "Ana", "traits": ["Faith", "Adorable"]}]},
        "Ana: 8 points. World's End 0, face value 8, bonus 0.",
        id="faith_recolour_irrelevant",
    ),
]


@pytest.mark.parametrize(("content", "line"), NOT_NEEDED)
def test_choice_that_changes_no_score_is_not_required(tmp_path: Path, content: Any, line: str) -> None:
    """README: "A choice with one possible answer, or one that changes no score, need not be given"."""
    done = run_score(tmp_path, content)
    assert (done.returncode, done.stderr) == (0, "")
    assert line in done.stdout.splitlines()


# Deus Ex Machina's World's End: draw a card and score its face value, at most 5 in the
# retail edition, with no cap in the first printing (base-game.md). Ana draws Tiny (17):
# retail 2 + 5 = 7, first 2 + 17 = 19. Ben draws Adorable (4): 2 + 4 = 6 either way.
DEUS_EX_MACHINA = {
    "catastrophes": ["Ice Age", "Retrovirus", "Deus Ex Machina"],
    "players": [
        {"name": "Ana", "traits": ["Quick"], "choices": {"Deus Ex Machina": "Tiny"}},
        {"name": "Ben", "traits": ["Bark"], "choices": {"Deus Ex Machina": "Adorable"}},
    ],
}


@pytest.mark.parametrize(
    ("before", "after", "ana"),
    [(["--edition", "first"], [], 19), ([], ["--edition", "first"], 19), ([], [], 7), ([], ["--edition", "retail"], 7)],
    ids=["before", "after", "omitted", "retail"],
)
def test_edition_typed_before_or_after_score_is_used(tmp_path: Path, before: list[str], after: list[str], ana: int) -> None:
    path = tmp_path / "deus.json"
    path.write_text(json.dumps(DEUS_EX_MACHINA), encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), *filter(None, [env.get("PYTHONPATH")])])
    done = subprocess.run(
        [sys.executable, "-m", "doomlings_access", *before, "score", str(path), *after],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"Ana: {ana} points." in done.stdout and "Ben: 6 points." in done.stdout, done.stdout


def test_an_edition_typed_against_the_files_own_is_an_error_naming_the_field(tmp_path: Path) -> None:
    done = run_score(tmp_path, {**DEUS_EX_MACHINA, "edition": "retail"}, "--edition", "first")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == f"doomlings: {tmp_path / 'table.json'}: edition: the file says retail but --edition first was given"
    done = run_score(tmp_path, {**DEUS_EX_MACHINA, "edition": "first"})
    assert done.returncode == 0 and "Ana: 19 points." in done.stdout


@pytest.mark.parametrize("raw", [
    '{"players": [{"name": "Ana", "traits": ["Tiny"], "traits": ["Fear"]}], "catastrophes": []}',
    '{"players": [{"name": "Ana", "traits": ["Sentience"], "choices": {"Sentience": "red", "Sentience": "green"}}]}',
    '{"players": [], "players": [{"name": "Ana", "traits": ["Fear"]}]}',
])
def test_a_key_given_twice_is_refused_not_the_last_one_taken(tmp_path: Path, raw: str) -> None:
    """JSON lets a key repeat, and the last silently won: a second answer changed a score."""
    path = tmp_path / "table.json"
    path.write_text(raw)
    done = run_file(str(path))
    assert done.returncode == 2 and "twice in one object" in done.stderr and done.stdout == "", done


@pytest.mark.parametrize(("raw", "said"), [
    ('{"players": [{"name": "Ana", "traits": ["Tiny"], "gene_pool": 4e400}]}',
     "players[0].gene_pool: has a number too large to use"),
    ('{"players": [{"name": "Ana", "traits": ["Tiny"], "gene_pool": -Infinity}]}',
     "players[0].gene_pool: has -Infinity, which is not a number JSON allows"),
    ('{"players": [{"name": "Ana", "traits": ["Tiny", 1' + "0" * 60 + ']}]}',
     "players[0].traits[1]: has a number with more than 40 digits"),
    ('{"players": [{"name": "Ana", "traits": ["Tiny"], "choices": {"Viral": "red", "Viral": "blue"}}]}',
     "players[0].choices: has the key 'Viral' twice in one object"),
    ('[NaN, 1e999]', "[0]: has NaN, which is not a number JSON allows"),
])
def test_a_number_or_key_the_parser_refuses_is_named_by_its_field(tmp_path: Path, raw: str, said: str) -> None:
    """The parser's hooks cannot know where they are: a refusal that named no field left the
    player searching the whole file for the 1e400 (the first fault in reading order is named)."""
    path = tmp_path / "table.json"
    path.write_text(raw)
    done = run_file(str(path))
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr.strip() == f"doomlings: {path}: {said}"


def test_a_card_held_more_often_than_the_deck_has_it_is_noted_and_scored(tmp_path: Path) -> None:
    """Tiny in two piles was scored without a word (a slip changes the result unheard)."""
    done = run_score(tmp_path, {"players": [{"name": "Ana", "traits": ["Tiny"]}, {"name": "Ben", "traits": ["Tiny"]}]})
    assert done.returncode == 0 and "Tie: Ana and Ben." in done.stdout
    assert done.stderr.strip() == "Note: Tiny is one card in the deck, and this table has it 2 times."


ELOQUENCE_HEROIC = {
    "catastrophes": ["Pulse Event", "Super Volcano", "Retrovirus"],
    "players": [{"name": "A", "traits": ["Eloquence", "Bark"], "hand": ["Heroic"], "choices": {"Eloquence": "Heroic"}}],
}


def test_a_choice_that_asks_nothing_is_noted_and_one_for_a_card_nobody_holds_is_an_error(tmp_path: Path) -> None:
    """The audit's Eloquence named Heroic, which cannot be played without three green traits:
    scored without it, silently; and a choice for Viral, held by nobody, was dropped unheard."""
    done = run_score(tmp_path, ELOQUENCE_HEROIC)
    assert done.returncode == 0 and "A: 2 points." in done.stdout
    assert done.stderr.strip() == "Note: A: choices.Eloquence is not used: Eloquence asked A nothing."
    nobody = {"catastrophes": ["Ice Age"], "players": [{"name": "A", "traits": ["Quick"], "choices": {"Viral": "red"}}]}
    done = run_score(tmp_path, nobody)
    assert done.returncode == 2 and "choices.Viral: no player holds Viral" in done.stderr


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ({**ELOQUENCE_HEROIC, "players": [{**ELOQUENCE_HEROIC["players"][0], "hand": ["Heroic", "Fear"]}]},  # type: ignore[dict-item]
         "Heroic is not a possible answer here (it could be none or Fear)"),
        ({"catastrophes": ["Ice Age"], "players": [{"name": "A", "traits": ["Faith", "Quick"],
                                                   "choices": {"Faith": {"from": "green", "to": "blue"}}}]},
         "'green' is not a possible answer here (it could be none or red)"),
        ({"players": [{"name": "A", "traits": ["Quick"], "gene_pool": 13}]}, "a whole number from 0 to 12"),
        ({"catastrophes": ["Deus Ex Machina"], "players": [{"name": "A", "traits": ["Tiny"],
                                                           "choices": {"Deus Ex Machina": "Tiny"}}]},
         "no Tiny was left to draw"),
        ("", "is empty"),
    ],
)
def test_an_answer_refused_says_what_it_could_be(tmp_path: Path, table: Any, words: str) -> None:
    """'Heroic is not a possible answer here', "'green' is not one of no, red", 'a whole
    number (normally 1 to 8)' for 13, and 'cut short' for an empty file gave no way on."""
    done = run_score(tmp_path, table)
    assert done.returncode == 2 and words in done.stderr, done.stderr


def test_a_card_may_be_named_by_its_label_where_the_label_is_one_cards(tmp_path: Path) -> None:
    """A braille-deck owner copying labels into a score file met "no trait named 'db17'"."""
    by_label = run_score(tmp_path, {"catastrophes": ["Ice Age"], "players": [{"name": "A", "traits": ["db17", "Quick"]}]})
    by_name = run_score(tmp_path, {"catastrophes": ["Ice Age"], "players": [{"name": "A", "traits": ["Tiny", "Quick"]}]})
    assert by_label.returncode == 0 and by_label.stdout == by_name.stdout
    shared = run_score(tmp_path, {"catastrophes": ["Ice Age"], "players": [{"name": "A", "traits": ["r2"]}]})
    assert shared.returncode == 2 and "r2 is the label of 4 traits" in shared.stderr and "give its name" in shared.stderr


def test_one_card_drawn_twice_at_worlds_end_is_noted(tmp_path: Path) -> None:
    """Both players drew the deck's one Gills for Deus Ex Machina: scored without a word."""
    table = {"catastrophes": ["Pulse Event", "Retrovirus", "Deus Ex Machina"], "players": [
        {"name": "A", "traits": ["Quick"], "choices": {"Deus Ex Machina": "Gills"}},
        {"name": "B", "traits": ["Fangs"], "choices": {"Deus Ex Machina": "Gills"}}]}
    done = run_score(tmp_path, table)
    assert done.returncode == 0 and "Note: Gills is drawn at World's End by A and B" in done.stderr
