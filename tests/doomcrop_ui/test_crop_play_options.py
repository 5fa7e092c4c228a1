"""``doomlings play --game doomcrop``'s options: Doomcrop's optional rules and readings, checked
with one line for a bad one, as ``play``'s others are."""

from __future__ import annotations

import pytest

from doomlings_access import doomcrop_app
from doomlings_access.arguments import fill_defaults
from doomlings_access.cli import _parser, main
from doomlings_access.doomcrop import Adjacency, KingOrder
from doomlings_access.players.search import Budget


def chosen(*argv: str) -> doomcrop_app.CropChoices:
    args = fill_defaults(_parser().parse_args(["play", "--game", "doomcrop", *argv]))
    return doomcrop_app.choices(
        args.players, args.humans, args.names.split(",") if args.names else [], args.level.split(","), args.seed,
        args.decks, args.jokers, args.epic_techniques, Budget(), frozenset(),
        {name: read(args) for name, read in doomcrop_app.READINGS.items()},
    )


def test_the_standard_game_by_default_and_each_option_when_asked() -> None:
    plain = chosen()
    assert (plain.players, plain.options.decks, plain.options.differences()) == (2, 1, ())
    four = chosen("--players", "4", "--jokers", "3", "--epic-techniques", "--hearts-adjacency", "around",
                  "--hearts-helper-turns-down", "--king-order", "reading", "--ranked-faces")
    o = four.options
    assert (o.decks, o.jokers, o.epic_techniques, o.hearts_adjacency, o.hearts_helper_stays_up, o.king_order,
            o.ranked_faces) == (2, 3, True, Adjacency.AROUND, False, KingOrder.READING, True)


@pytest.mark.parametrize(("argv", "said"), [
    (["--players", "7"], "--players must be 2 to 6"),
    (["--jokers", "3"], "--jokers must be from 0 to two for each deck"),
    (["--decks", "9"], "--decks must be from 1 to 4"),
    (["--humans", "3"], "--humans must be 0 to 2"),
])
def test_a_bad_option_is_one_line(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "doomcrop", *argv]) == 2
    assert capsys.readouterr().err == f"doomlings: {said}\n"


@pytest.mark.parametrize("name", ["Grid", "mine", "g"])
def test_a_name_that_would_answer_as_doomcrops_own_command_or_seat_word_is_refused(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --game doomcrop`` checked names against Doomlings' commands ("hand" refused,
    "grid" let through, and typed it showed a grid instead of naming the person): now Doomcrop's
    own, from its row of the games' table, as its online rooms and its menu do."""
    assert main(["play", "--game", "doomcrop", "--humans", "2", "--names", f"Ana,{name}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("doomlings: --names: name 2:") and err.count("\n") == 1, err


def test_a_name_only_doomlings_keeps_for_its_commands_is_a_doomcrop_players_name() -> None:
    from doomlings_access.games import GAMES

    args = fill_defaults(_parser().parse_args(["play", "--game", "doomcrop", "--humans", "2", "--names", "Ana,Hand"]))
    assert callable(GAMES["doomcrop"].new_game(args, Budget()))  # (a name refused raises ValueError)
    assert {"hand", "grid", "mine"} & GAMES["doomcrop"].table.reserved == {"grid", "mine"}
    assert "hand" in GAMES["doomlings"].table.reserved
