"""The companion's walk-throughs as golden transcripts (issue 14).

Each walk-through is the real ``doomlings companion`` with its answers piped in (plain mode,
which echoes each answer after its prompt, so the transcript reads as a dialogue), its
settings and data in a temporary folder. The whole output must equal the golden file in
tests/golden/. To accept a deliberate change: python tests/companion/test_walkthroughs.py --update

Besides the exact text, each test states what the walk-through is there to show, so a golden
file cannot quietly accept a regression.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from programs import in_process

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
SCORE_LINE = re.compile(r"^(\w+): -?\d+ points?\. World's End -?\d+, face value -?\d+, bonus -?\d+\.$")

# The table tracker, three catastrophes (the world ends with The Big One); then World's End.
# Ana holds Prepper and chooses Ice Age's World's End instead; Ben's Hyper-Intelligence names
# red, and Cy must discard a red trait at random (the companion asks which one went).
PREPPER_AND_HYPER_INTELLIGENCE = [
    "4", "Ana, Ben, Cy",
    "catastrophe ice age", "catastrophe retrovirus", "catastrophe the big one",
    "2", "",  # World's End: the same players, Enter
    "prepper, tiny",
    "hyper, kidney x2",
    "camouflage, quick,", "fire skin", "",  # a trailing comma: more on the next line, and Enter ends it
    "quick, tiny",  # Cy's hand, for Camouflage
    "1",  # Prepper: Ice Age
    "4",  # Hyper-Intelligence: red
    "1",  # the red trait Cy discarded at random
    "5",
]

# Score the table; back at Cy's pile asks first (n: go on), back again (y) keeps Ana's and
# Ben's piles; scoring again takes them with "same as before".
BACK_KEEPS_PILES = [
    "3", "Ana, Ben, Cy",
    "tiny, quick",
    "kidney x3",
    "back", "\x1b[A", "n",  # at Cy's pile: asked first (an arrow key is no answer), and going on
    "leaves",
    "back", "y",  # at the final catastrophe: asked again, and back to the menu
    "3", "maybe", "",  # Same players? asked again after a line that is no answer
    "same as before", "same",
    "leaves, c-2",
    "",  # no final catastrophe
    "5",
]

# Look-ups as a braille user types them: BRF with numeric indicator, UEB digits, the sheet's
# indicators, Unicode braille; a misspelling picked by number; labels shown in braille.
LOOK_UPS = [
    "1", "DB#17", "dr#d", "2", "_% C-2 _:", ";;;C ICE AGE;'", "⠛⠭", "1", "Tyni", "1", "", "5",
]

# Three players scored from the menu in few keystrokes: several traits on a line, counts,
# prefixes and labels. Enter ends a pile; Ben's second Enter takes the gene pool offered for
# Altruistic; 4 answers Sentience's colour.
QUICK_TABLE = [
    "3", "Ana, Ben, Cy",
    "sentience, quick, tiny",
    "altr, kidney x2",
    "pers, c-2",
    "ice age",
    "",  # Ben's gene pool: the 5 offered
    "4",  # Sentience names red
]


# A pile ends when the person says so (issue 33): after a line ending in a comma, "r-1"
# adds to Mia's pile (it closed it, and the next card went to Leo); "same as before" on a pile
# begun keeps what was typed (it replaced it); Enter ends the pile. Leo's hand likewise.
PILE_ENDS_WHEN_SAID = [
    "3", "Mia, Leo",
    "kidney, fangs,",
    "r-1", "1",  # (two traits are r-1: the first, Warm Blood)
    "",
    "brave, tiny",
    "", "",  # no final catastrophe; Leo's hand empty
    "3", "",  # scoring again, the same players
    "quick,", "same as before",  # on a pile begun: what was typed is kept
    "",
    "same as before",
    "", "",
    "5",
]

# The tracker moves the first player to Ben with the third catastrophe (Overpopulation's
# gene pool +1 on the way: Denial's protection is undone with down); then Score the table.
# Ben's Faith resolves before Ana's Hyper-Intelligence: red becomes green, so naming red
# takes nothing. Faith offers only the colours Ben has.
FIRST_PLAYER_FIRST = [
    "4", "Ana, Ben",
    "catastrophe ice age", "catastrophe overpopulation", "catastrophe super volcano",
    "3", "y",  # (the third catastrophe ends the tracker: back at the menu)
    "Hyper-Intelligence, Quick",
    "Faith, Antlers, Gills",
    "3",  # Ben's Faith: red (none, blue, red)
    "2",  # becomes green (blue, green, purple)
    "4",  # Hyper-Intelligence names red
    "5",
]

# World's End with The Four Horsemen: Ana's choice changes her score (Sticky Secretions counts
# purple traits), so it is asked, after the catastrophe's text; Ben's three traits of face
# four score alike whichever goes, so none is named as the one discarded.
FOUR_HORSEMEN = [
    "2", "the four horsemen", "Ana, Ben",
    "retractable claws, adorable, sticky secretions",
    "brute strength, delicious, blubber",
    "2",  # Ana discards Adorable
    "5",
]


def run_companion(tmp_path: Path, answers: list[str], *options: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOOMLINGS_")}
    env.update(
        HOME=str(tmp_path), LANG="C.UTF-8", LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8",
        DOOMLINGS_DATA_DIR=str(tmp_path / "data"), DOOMLINGS_CONFIG_DIR=str(tmp_path / "config"),
    )
    done = in_process([*options, "companion"], env=env, stdin="\n".join(answers) + "\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


def golden(name: str, text: str) -> None:
    path = GOLDEN / f"companion_{name}.txt"
    assert text == path.read_text(encoding="utf-8"), f"differs from {path.name}"


def lines(text: str) -> list[str]:
    return text.splitlines()


def test_worlds_end_uses_the_catastrophe_prepper_chose_and_tells_the_removal(tmp_path):
    text = run_companion(tmp_path, PREPPER_AND_HYPER_INTELLIGENCE)
    golden("prepper_hyper_intelligence", text)
    flat = " ".join(text.split())
    assert "Then everyone: The Big One" not in flat
    assert "Then everyone: Ice Age, chosen instead of The Big One." in flat
    assert flat.index("Ana's Prepper: the catastrophe chosen?") < flat.index("Then everyone")
    removal = re.search(r"Ben's Hyper-Intelligence: Cy discards (Quick|Fire Skin)\.", flat)
    assert removal, "the Hyper-Intelligence removal is told"
    assert flat.index("Ben's Hyper-Intelligence: the colour named?") < removal.start()
    assert removal.start() < flat.index("Then everyone"), "cause before effect"
    assert "Cy's hand: Quick, r2; Tiny, db17." in flat, "the cards typed for a hand are echoed"
    assert sum(bool(SCORE_LINE.match(line)) for line in lines(text)) == 3


def test_back_asks_first_and_keeps_the_piles_entered(tmp_path):
    text = run_companion(tmp_path, BACK_KEEPS_PILES)
    golden("back_keeps_piles", text)
    flat = " ".join(text.split())
    asked = "Back to the menu? Ana's and Ben's piles are kept: type same as before to use them."
    assert flat.count(asked) == 1
    assert "Ana's, Ben's and Cy's piles are kept" in flat  # the second back
    assert "Going on." in flat and "Back to the companion menu." in flat
    # an arrow key (plain mode reads its escape sequence) was "no", without a word
    assert "Not an answer: ?[A. Type y or n. Type y to go back, n to go on: n Going on." in flat
    assert "Not an answer: maybe. Type y or n. Players: Ana, Ben and Cy. Same players?" in flat
    assert "Ana, same as before: 2 traits, Tiny and Quick." in flat
    assert "Ben, same as before: 3 traits, Kidney x3." in flat
    assert "Cy, 2 traits: Leaves, g1; Confusion, c-2." in flat
    assert sum(bool(SCORE_LINE.match(line)) for line in lines(text)) == 3


def test_look_up_every_form_a_braille_user_types_with_braille_labels(tmp_path):
    text = run_companion(tmp_path, LOOK_UPS, "--labels", "braille")
    golden("look_ups_braille", text)
    assert "Tiny, label ⠙⠃⠂⠶." in text
    assert "2 cards fit dr#d:" in text and "Apex Predator, label ⠙⠗⠲." in text
    assert "Confusion, label ⠉⠤⠆." in text
    assert "Ice Age, catastrophe, label ⠉⠀⠊⠉⠑⠀⠁⠛⠑." in text
    assert "No card named 'Tyni'. Did you mean: 1. Tiny?" in text
    assert text.count("Tiny, label ⠙⠃⠂⠶.") == 2


def test_scoring_three_players_takes_at_most_25_keystrokes_a_player(tmp_path):
    text = run_companion(tmp_path, [*QUICK_TABLE, "5"])
    keystrokes = sum(len(a) + 1 for a in QUICK_TABLE)  # each answer and its Enter
    print(f"\nscoring a three-player table: {keystrokes} keystrokes, {keystrokes / 3:.1f} a player")
    assert keystrokes <= 75, keystrokes
    golden("quick_table", text)
    scores = [line for line in lines(text) if SCORE_LINE.match(line)]
    assert [line.split(":")[0] for line in scores] == ["Ana", "Ben", "Cy"], "every total read back"
    assert re.search(r"^Winner: \w+\.$", text, re.MULTILINE)


def test_the_catastrophes_text_comes_before_its_question_and_a_choice_that_scores_alike_is_not_guessed(tmp_path):
    text = run_companion(tmp_path, FOUR_HORSEMEN)
    golden("four_horsemen", text)
    flat = " ".join(text.split())
    assert flat.index("Then everyone: The Four Horsemen.") < flat.index("The Four Horsemen, Ana: the trait discarded?")
    assert flat.count("Then everyone") == 1
    assert "The Four Horsemen: Ana discards Adorable." in flat
    assert ("The Four Horsemen: Ben discards one of Brute Strength, Delicious or Blubber "
            "(the scores are the same whichever).") in flat
    assert "Ana: 5 points." in flat and "Ben: 8 points." in flat


def test_a_pile_ends_only_when_the_person_says_so_and_nothing_typed_is_lost(tmp_path):
    text = run_companion(tmp_path, PILE_ENDS_WHEN_SAID)
    golden("pile_ends_when_said", text)
    flat = " ".join(text.split())
    assert "Mia: Kidney, rX; Fangs, r1. Enter when done. Mia, more traits, or Enter: r-1" in flat
    assert "Mia: Warm Blood, r-1. Enter when done. Mia, more traits, or Enter: Mia: 3 traits, Kidney, " \
        "Fangs and Warm Blood. Leo's traits: brave, tiny" in flat
    assert ("Mia, more traits, or Enter: same as before Mia's pile is begun (Quick) and kept: same as before "
            "is for an empty pile. Type more, undo to remove the last, or Enter when done.") in flat
    assert "Mia: 1 trait, Quick. Leo's traits: same as before Leo, same as before: 2 traits, Brave and Tiny." in flat
    assert sum(bool(SCORE_LINE.match(line)) for line in lines(text)) == 4


CASES = {
    "pile_ends_when_said": (PILE_ENDS_WHEN_SAID, ()),
    "prepper_hyper_intelligence": (PREPPER_AND_HYPER_INTELLIGENCE, ()),
    "back_keeps_piles": (BACK_KEEPS_PILES, ()),
    "look_ups_braille": (LOOK_UPS, ("--labels", "braille")),
    "quick_table": ([*QUICK_TABLE, "5"], ()),
    "four_horsemen": (FOUR_HORSEMEN, ()),
}

if __name__ == "__main__":
    import tempfile

    if "--update" not in sys.argv:
        pytest.main([__file__])
    else:
        for name, (answers, options) in CASES.items():
            with tempfile.TemporaryDirectory() as folder:
                out = run_companion(Path(folder), answers, *options)
            (GOLDEN / f"companion_{name}.txt").write_text(out, encoding="utf-8")
            print(f"wrote companion_{name}.txt")


def test_hostile_answers_get_one_line_and_the_same_question(tmp_path):
    answers = [
        "3", "Ana, \x1b[31mBen\x1b[0m, " + "C" * 30, "Ana, Ben",
        ", ".join(["tiny"] * 60),  # too many on one line
        "kidney x99, quick x0",  # counts out of range
        "zzzzqq",  # nothing close: no suggestion
        "tiny, altruistic",
        "kidney",
        "",  # no final catastrophe
        "abc", "99", "4",  # Ana's gene pool, for Altruistic
        "5",
    ]
    text = run_companion(tmp_path, answers)
    assert "Traceback" not in text and "\x1b" not in text
    assert "is longer than 20 characters" in text
    assert "That line names 60 cards; at most 40 a line." in text
    assert "kidney: a count from 1 to 20, please." in text
    assert "quick: a count from 1 to 20, please." in text
    assert "No card named 'zzzzqq'." in text
    assert "Not a gene pool: abc. Type a number from 0 to 12." in text
    assert "Not a gene pool: 99." in text
    assert sum(bool(SCORE_LINE.match(line)) for line in lines(text)) == 2


def test_score_the_table_resolves_worlds_end_from_the_first_player(tmp_path):
    """World's End traits resolve in turn order from the first player (digital spec, and
    CONFLICTS.md): here Ben, as the tracker moved it, so Faith turns Ben's red trait green
    before Ana's Hyper-Intelligence names red, and Ben keeps Antlers."""
    text = run_companion(tmp_path, FIRST_PLAYER_FIRST)
    flat = " ".join(text.split())
    assert "First player is now Ben." in flat
    assert "Gene pools +1: Ana 5 and Ben 5. If Denial protects a player whose gene pool changed, type down" in flat
    assert "Gene pools -1: Ana 4 and Ben 4. If Denial protects a player whose gene pool changed, type up" in flat
    assert flat.index("Ben's Faith: recolour which colour?") < flat.index("Ana's Hyper-Intelligence: the colour named?")
    faith = flat[flat.index("Ben's Faith: recolour which colour?"):]
    assert faith.startswith("Ben's Faith: recolour which colour? 1. none 2. blue 3. red Choose"), faith[:120]
    assert "discards Antlers" not in flat
    scores = {m.group(1): line for line in lines(text) if (m := SCORE_LINE.match(line))}
    assert sorted(scores) == ["Ana", "Ben"] and scores["Ben"].startswith("Ben: 7 points"), scores


def test_help_names_kinds_and_bounds(tmp_path):
    """? and help at companion questions say what each wants (and are never a name); names a
    prompt would take for a word are refused; Enter leaves "N cards fit" with none; the
    tracker keeps gene pools within 1 to 8 and names an age typed as a catastrophe (and
    the other way), and a card the table holds more often than the deck has is pointed out."""
    text = run_companion(tmp_path, [
        "?", "1", "c mega", "c m", "", "",  # look up: a catastrophe label's start; none of two
        "4", "?", "h, 1", "Ana, Tiny", "Ana, You", "Ana, Ben", "?",
        "age", "age c super volcano", "catastrophe flourish",
        *["up ana"] * 4, *["down ben"] * 5, "back",
        "3", "", "tiny, db17", "fortunate", "", "", "5",
    ])
    flat = " ".join(text.split())
    assert "Choose 1 to 5, or ? for help: ? Type a number from 1 to 5, or the first letters of a choice." in flat
    assert "Mega Tsunami, catastrophe, label c mega tsunami." in flat
    assert "2 cards fit c m: 1. Mass Extinction, c mass extinction 2. Mega Tsunami, c mega tsunami" in flat
    assert "Type 1 to 6 names in seat order" in flat and "Players: ?" not in flat
    assert 'Not a name: "h" is also a command at the prompt' in flat
    # the game's one check of names: a card's name and "You" too (both were taken here)
    assert 'Not a name: "Tiny" is the name or label of a card; choose another name.' in flat
    assert 'Not a name: "You" is how the game speaks to the person playing alone' in flat
    assert "Tracker: ? up NAME or down NAME: change a gene pool by one." in flat
    assert "Name the age: age NAME." in flat
    assert "Super Volcano is a catastrophe, not an age: type catastrophe Super Volcano." in flat
    assert "Flourish is an age, not a catastrophe: type age Flourish." in flat
    assert "Ana's gene pool is now 8. Tracker: up ana Ana's gene pool stays 8: it never goes above 8." in flat
    assert "Ben's gene pool is now 1. Tracker: down ben Ben's gene pool stays 1: it never goes below 1." in flat
    assert "Note: Tiny is one card in the deck, and this table has it 2 times." in flat


def test_a_card_drawn_is_answered_with_what_is_printed_on_it_and_the_deck_is_not_read_out(tmp_path):
    """Deus Ex Machina's "the card drawn?" read out 105 options and refused "Tiny" (it begins
    Tiny Little Melons too) and every label: a braille deck owner types what the card says."""
    text = run_companion(tmp_path, [
        "2", "Deus Ex Machina", "Ana, Ben, Cy", "quick", "fangs", "antlers",
        "Tiny",  # Ana: the whole name
        "r-1",  # Ben: a label two cards share: both offered by number
        "list",  # the whole deck, on request
        "zzz",  # nothing fits
        "Heat Vision",  # Ben: the name
        "\u2803\u2832",  # Cy: b4 in Unicode braille, as on the card (Blubber)
    ])
    flat = " ".join(lines(text))
    asks = [line for line in lines(text) if re.fullmatch(r"Deus Ex Machina, \w+: the card drawn\?", line)]
    assert len(asks) == 3
    assert text.index("Then everyone: Deus Ex Machina.") < text.index(asks[0]), "its text before its question"
    assert text.count("cards can be the answer: type its name or its label") >= 3
    asked = text[text.index("the card drawn?") : text.index("Now the scores")]
    listed = re.findall(r"^\d+\. ", asked, re.MULTILINE)
    assert 100 <= len(listed) <= 105, "the deck is read out once, when asked for"
    assert re.search(r"2 choices fit r-1: \d+\. Warm Blood, r-1; \d+\. Heat Vision, r-1\. Type the number\.", flat)
    assert "Not a choice: zzz." in text
    assert re.search(r"Ana: \d+ points\. World's End 5,", text), text[-800:]
    assert re.search(r"Ben: \d+ points\. World's End -1,", text), text[-800:]
    assert re.search(r"Cy: \d+ points\. World's End 4,", text), text[-800:]


def test_a_tie_is_broken_by_the_cards_the_tied_players_draw(tmp_path):
    """The rulebook breaks a tie with a trait drawn by each tied player, its face value only;
    the companion said "Tie: Ana and Ben." and stopped."""
    text = run_companion(tmp_path, [
        "2", "Ice Age", "Ana, Ben, Cara", "adorable", "blubber", "quick", "fangs", "fire skin",
        "3", "y", "adorable", "blubber", "quick", "", "",  # Score the table: a tie left standing
    ])
    flat = " ".join(lines(text))
    assert "Tie: Ana and Ben. To break the tie, each tied player draws a trait" in flat
    assert "Tie-break: Ana draws Fangs, 5; Ben draws Fire Skin, 7. Winner: Ben." in flat
    assert "The tie stands." in flat


def test_a_pile_too_long_to_score_is_refused_at_its_line(tmp_path):
    """Forty lines of "kidney x20" were each taken, and the table was refused only at the end,
    after every question."""
    text = run_companion(tmp_path, ["3", "Ana, Ben", "kidney x20, kidney x20, kidney x20", "quick", "fangs", ""])
    assert "A pile holds at most 50 traits; that line was not added." in text
    assert "Ana, 1 trait: Quick, r2." in text and "Ana: 2 points." in text


def test_a_discard_is_told_when_it_happens_before_the_next_question(tmp_path):
    """Ana's Hyper-Intelligence names blue and Ben loses Gills: blue is gone from Faith's
    colours, so the loss is told before Faith's question, not after every question."""
    text = run_companion(tmp_path, [
        "2", "ice age", "Ana, Ben", "hyper-intelligence, quick", "faith, sticky secretions, antlers, gills",
        "1",  # Hyper-Intelligence names blue
        "1",  # Faith: none
        "5",
    ])
    flat = " ".join(text.split())
    told = "Ana's Hyper-Intelligence: Ben discards Gills."
    assert flat.count(told) == 1
    assert flat.index("the colour named? 1. blue") < flat.index(told) < flat.index("Ben's Faith: recolour which colour?")
    assert "Ben's Faith: recolour which colour? 1. none 2. purple 3. red" in flat


def test_the_tracker_words_the_round_as_the_game_announces_it(tmp_path):
    """The status after a catastrophe said "Round 2, era 2" where the game says "Round 2,
    catastrophe 1 of 3": the next era starts with the next round's age."""
    text = run_companion(tmp_path, [
        "4", "Ana, Ben", "status", "age flourish", "catastrophe ice age", "status",
        "age flourish", "status", "back", "5",
    ])
    flat = " ".join(text.split())
    assert "No round yet. First player: Ana." in flat
    assert "Round 2, catastrophe 1 of 3: Ice Age. First player is now Ben." in flat
    assert "Tracker: status Round 2, catastrophe 1 of 3. First player: Ben." in flat
    assert "Round 3, era 2: Flourish." in flat
    assert "Tracker: status Round 3, era 2. First player: Ben." in flat
    assert "era 2. First player: Ben. Catastrophes: 1" in flat and "Round 2, era 2" not in flat


def test_numbered_questions_say_help_as_the_game_does_and_a_pick_list_takes_a_new_label(tmp_path):
    """The menu said "Choose 1 to 5:" where the game says "or ? for help"; Enter there was
    "Not a choice: nothing."; in "3 cards fit c x" a new label was "Not a choice"; a card
    answered by its label was taken without saying which."""
    text = run_companion(tmp_path, [
        "", "1", "c x", "db 17",  # the pick-list: a new label is looked up
        "", "2", "deus ex machina", "Ana", "quick", "b4",  # a card drawn, by its label
        "5",
    ])
    flat = " ".join(text.split())
    assert "Choose 1 to 5, or ? for help: Nothing typed. Choose 1 to 5, or ? for help." in flat
    assert "3 cards fit c x: 1. Boredom, cX 2. Gratitude, cX 3. Altruistic, cX" in flat
    assert "Choose 1 to 3, Enter for none, or ? for help: db 17 Tiny, label db17." in flat
    assert "Not a choice" not in flat
    assert "or ? for help: b4 Blubber, b4." in flat


def test_help_at_typed_questions_says_what_they_take_and_enter_is_said_not_looked_up(tmp_path):
    """? at "Name the final catastrophe:", a pile or "revealed before" said only "type the
    answer, then Enter."; Enter was "No card named ''."; a catastrophe taken from the start
    of its name was not named; the final catastrophe given as one revealed before it was
    asked again in silence."""
    text = run_companion(tmp_path, [
        "2", "?", "", "mega",  # the final catastrophe: help, Enter, a start of a name
        "Ana, Ben", "?", "prepper, tiny", "kidney,", "?", "",  # Ana's and Ben's piles
        "?", "mega tsunami", "ice", "solar",  # the two revealed before it, for Prepper
        "1", "5",
    ])
    flat = " ".join(text.split())
    helps = re.findall(r"\? Type a catastrophe: its name, the start of it, or its label as printed(.*?) Type back", flat)
    assert len(helps) == 2
    assert "It can be AI Takeover," in helps[0] and "Mega Tsunami" in helps[0]
    assert "Mega Tsunami" not in helps[1], "the final one cannot be one revealed before it"
    assert "Name the final catastrophe: Nothing typed. Type the catastrophe's name or label" in flat
    assert "No card named ''" not in flat
    assert "mega Mega Tsunami, c mega tsunami. Mega Tsunami's World's End:" in flat
    assert "Ana's traits: ? Type Ana's traits on one line: each card's name" in flat
    assert "separated by commas; x2 after a card held twice" in flat
    assert "Ben, more traits, or Enter: ? Type more of Ben's traits as before, or Enter" in flat
    assert "Mega Tsunami is the final catastrophe: name one revealed before it." in flat
    assert "ice Ice Age, c ice age." in flat and "solar Solar Flare, c solar flare." in flat


def test_help_before_leaving_the_piles_is_help_not_an_answer(tmp_path):
    """? at "Type y to go back, n to go on" was taken as n, with no word of what y and n do."""
    text = run_companion(tmp_path, ["3", "Ana, Ben", "tiny", "back", "?", "n", "quick", "", "5"])
    flat = " ".join(text.split())
    assert "n to go on: ? y goes back to the companion menu, keeping the piles; n goes on" in flat
    assert flat.count("Going on.") == 1 and "Ben, 1 trait: Quick" in flat


def test_quit_and_exit_go_back_as_back_does_and_leave_at_the_menu(tmp_path: Path) -> None:
    """Heard: "Not a choice: quit." at the companion's menu, and a card named "quit" looked up:
    a player who leaves a game with quit types it here too. At a question it goes back to the
    menu; at the menu it leaves, as back does."""
    text = run_companion(tmp_path, ["1", "quit", "exit"])
    assert "Not a choice" not in text and "No card" not in text, text
    assert text.index("Back to the companion menu.") < text.index("Leaving the companion."), text
