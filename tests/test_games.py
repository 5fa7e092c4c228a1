"""The table of games (doomlings_access.games): every game ``--game`` names has its row, and a
save of each is found, described and played on through its row, not through a branch per game."""

from __future__ import annotations

import io
from pathlib import Path

from doomlings_access import doomcrop
from doomlings_access.arguments import GAMES as NAMED
from doomlings_access.doomcrop_ai.levels import make_agent
from doomlings_access.games import GAMES, of_save
from doomlings_access.kernel.decisions import Choice
from doomlings_access.saves import Seats, read_any_save, write_crop_save, write_save
from doomlings_access.telling.console import PlainConsole
from doomlings_access.telling.output import Output
from doomlings_access.tournament import GAMES as CONTESTS
from doomlings_access.ui.session import Prefs
from builders import new_game
from doomlings_access.rules import Setup


def test_every_game_the_commands_name_has_one_row() -> None:
    assert tuple(GAMES) == NAMED
    assert set(CONTESTS) == set(GAMES)
    assert all(kind.name == name and kind.contest is CONTESTS[name] for name, kind in GAMES.items())


def _crop_save(path: Path, moves: int) -> None:
    game = doomcrop.Game(doomcrop.Setup(("Ana", "Ben"), 3))
    agents = [make_agent("normal", 3, seat) for seat in (0, 1)]
    for _ in range(moves):
        d = game.pending
        assert d is not None
        game.apply(Choice(d.player, agents[d.player].choose(game.view(d.player), d)))
    write_crop_save(path, game, Seats([0], {1: "normal"}))


def test_a_save_of_each_game_is_read_described_and_played_on_through_its_row(tmp_path: Path) -> None:
    crop_path, ours_path = tmp_path / "crop.json", tmp_path / "ours.json"
    _crop_save(crop_path, 40)
    write_save(ours_path, new_game(Setup(("Ana", "Otto"), 5)), Seats([0], {1: "normal"}))
    crop, ours = read_any_save(crop_path), read_any_save(ours_path)
    assert of_save(crop) is GAMES["doomcrop"] and of_save(ours) is GAMES["doomlings"]
    assert of_save(crop).stands(crop.game).startswith("Doomcrop, turn ")
    assert of_save(ours).stands(ours.game).startswith("round 1, era 1")
    for saved, heard in ((crop, "Doomcrop resumed: Ana against Ben."), (ours, "Game resumed: Ana against Otto")):
        console = PlainConsole(io.StringIO(""), io.StringIO())  # no answers: it quits at the first question
        before = len(saved.game.actions)
        assert of_save(saved).resume(saved, console, Output(console.write), Prefs(), lambda mode: "") == 0
        text = console.stdout.getvalue()
        assert heard in text and "It is saved; to go on, type:" in text, text
        assert len(read_any_save(saved.path).game.actions) == before  # saved as it was: nothing played


def test_a_game_is_started_without_the_other_games_modules() -> None:
    """Each row imports its game when first wanted: a Doomlings game is started without
    Doomcrop's engine, players and telling (they were a third of its start's processor time),
    and a Doomcrop game without Doomlings' players and prompt (the saves still read both)."""
    import subprocess
    import sys

    look = (
        "import sys; from doomlings_access import app; from doomlings_access.games import GAMES, TABLES; "
        "GAMES[{name!r}].new_game; TABLES[{name!r}]; print(' '.join(sorted(sys.modules)))"
    )
    loaded = {
        name: subprocess.run([sys.executable, "-c", look.format(name=name)], capture_output=True, text=True, check=True).stdout.split()
        for name in GAMES
    }
    assert "doomlings_access.ui.session" in loaded["doomlings"]
    assert not [m for m in loaded["doomlings"] if m.startswith("doomlings_access.doomcrop")]
    assert "doomlings_access.doomcrop_ui.game" in loaded["doomcrop"]
    assert not [m for m in loaded["doomcrop"] if m.startswith(("doomlings_access.ai", "doomlings_access.ui.session"))]
