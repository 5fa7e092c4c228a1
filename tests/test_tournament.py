"""Tournaments between computer levels: rotation, shared ties, the figures, the command."""

from __future__ import annotations

import json
import re

import pytest
from test_cli import no_traceback, run

from doomlings_access import tournament as t
from doomlings_access.players.search import Budget


def test_seats_rotate_so_every_level_sits_everywhere() -> None:
    levels = ["normal", "easy", "easy", "easy"]
    seen = [t.seat_levels(levels, g) for g in range(8)]
    assert seen[0] == ("normal", "easy", "easy", "easy")
    assert seen[1] == ("easy", "easy", "easy", "normal")
    for seat in range(4):
        assert sum(s[seat] == "normal" for s in seen) == 2


def test_a_tie_shares_the_win_and_margins_count_against_the_best_other() -> None:
    results = [
        t.GameResult(("normal", "easy", "easy"), (20, 20, 5), (0, 1), ((0.001,), (0.002,), ())),
        t.GameResult(("easy", "normal", "easy"), (30, 10, 12), (0,), ((), (0.003,), ())),
    ]
    f = t.tally(results)
    assert f["normal"].wins == pytest.approx(0.5)
    assert f["easy"].wins == pytest.approx(1.5)
    assert f["normal"].margins == [0, -20]
    assert f["easy"].games == 4
    figures = f["normal"].to_json()
    assert figures["win_rate"] == pytest.approx(0.25)
    low, high = figures["win_rate_95"]
    assert 0 <= low < 0.25 < high <= 1
    assert figures["decisions"] == 2


def test_the_wilson_interval_narrows_with_more_games() -> None:
    small = t.wilson(6, 10)
    large = t.wilson(600, 1000)
    assert small[0] < large[0] < 0.6 < large[1] < small[1]
    assert t.wilson(0, 0) == (0.0, 0.0)


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    one = t.run(12, ["normal", "easy", "easy"], 5, jobs=1)
    two = t.run(12, ["normal", "easy", "easy"], 5, jobs=2)
    assert [(r.levels, r.totals, r.winners) for r in one] == [(r.levels, r.totals, r.winners) for r in two]


def test_the_command_prints_a_line_per_level_and_progress_on_standard_error() -> None:
    done = run("tournament", "--games", "20", "--seats", "normal,easy,easy,easy", "--seed", "3")
    no_traceback(done)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0] == "20 games of 4 players, seats normal, easy, easy, easy rotated, seed 3."
    assert [line.split(":")[0] for line in lines[1:]] == ["normal"] * 3 + ["easy"] * 3
    assert re.fullmatch(r"normal: wins \d+\.\d% \(95% interval \d+\.\d to \d+\.\d\) over 20 seats\.", lines[1])
    assert re.fullmatch(r"normal: mean score \d+\.\d, margin [+-]\d+\.\d\.", lines[2])
    assert re.fullmatch(r"normal: decisions [\d.]+ ms mean, [\d.]+ ms 99th percentile\.", lines[3])
    assert max(len(line) for line in lines) <= 80
    assert "\r" not in done.stderr
    assert done.stderr.splitlines()[-1] == "Tournament: 20 of 20 games played."


def test_the_command_gives_json() -> None:
    done = run("tournament", "--games", "6", "--seats", "easy,normal", "--json", "--jobs", "2")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 6 and data["players"] == 2 and data["seats"] == ["easy", "normal"]
    for figures in data["levels"].values():
        assert set(figures) == {"seats", "win_rate", "win_rate_95", "mean_score", "mean_margin",
                                "decisions", "decision_ms_mean", "decision_ms_p99"}
    assert sum(f["win_rate"] * f["seats"] for f in data["levels"].values()) == pytest.approx(6)


@pytest.mark.parametrize("args, says", [
    (["--seats", "normal,wizard"], "unknown level 'wizard'"),
    (["--seats", "normal,easy", "--players", "3"], "names 2 levels for 3 players"),
    (["--seats", "easy"], "--seats names 1 level: give one per seat, 2 to 6 seats"),  # (not "--players")
    (["--seats", ",".join(["easy"] * 7)], "--seats names 7 levels: give one per seat"),
    (["--seats", "easy,easy", "--players", "7"], "--players must be 2 to 6, not 7"),
    (["--games", "0"], "--games must be 1 to 1000000, not 0"),
    (["--jobs", "0"], "--jobs must be 1 to 64, not 0"),
    (["--seed", "9" * 19], "argument --seed: too large a seed: "),
    (["--seed", "9" * 30], "argument --seed: too large a seed: "),
    (["--seed", "-5"], "argument --seed: a seed is a whole number from 0, not '-5'"),  # (it replayed seed 5's deals)
    (["--seats", "normal,\x1b[31measy"], "unknown level"),
    (["--think", "0"], "--think must be more than 0 and at most 600 seconds"),
    (["--think", "nan"], "argument --think: not a number of seconds such as 0.5: 'nan'"),
    (["--think", "inf"], "argument --think: not a number of seconds"),
    (["--think", "1e2"], "argument --think: not a number of seconds"),
    (["--think", "601"], "--think must be more than 0"),
    (["--iterations", "0"], "--iterations must be 1 to 1000000"),
    (["--iterations", "x"], "argument --iterations: not a whole number in digits 0 to 9: 'x'. For help: doomlings tournament --help"),
])
def test_bad_arguments_get_one_line(args: list[str], says: str) -> None:
    done = run("tournament", *args)
    no_traceback(done)
    assert done.returncode == 2
    assert says in done.stderr
    assert "\x1b" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("args", [["--think", "-1"], ["--iterations", "2000000"], ["--think", "soon"]])
def test_play_refuses_a_bad_thinking_budget_in_one_line(args: list[str]) -> None:
    done = run("play", "--plain", *args)
    no_traceback(done)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "--" in done.stderr


def test_the_game_and_the_tournament_know_the_same_levels() -> None:
    from doomlings_access.ai.levels import LEVELS
    from doomlings_access.arguments import LEVELS as ASKED
    from doomlings_access.doomcrop_ai.levels import LEVELS as DOOMCROP

    assert tuple(LEVELS) == ASKED == tuple(DOOMCROP)


def test_hard_thinks_within_its_budget_and_says_so() -> None:
    done = run("tournament", "--games", "2", "--seats", "hard,easy", "--think", "0.05",
               "--iterations", "20", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["think"] == 0.05 and data["iterations"] == 20
    assert data["levels"]["hard"]["decisions"] > 0
    text = run("tournament", "--games", "1", "--seats", "hard,easy", "--think", "0.05", "--iterations", "20")
    assert "hard thinks up to 0.05 seconds or 20 sampled games a decision." in text.stdout


# --- Doomcrop: the same loop, the same figures -----------------------------------------------


def test_a_doomcrop_tournament_prints_the_same_figures() -> None:
    done = run("tournament", "--game", "doomcrop", "--games", "8", "--seats", "normal,easy", "--seed", "3")
    no_traceback(done)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == [
        "8 Doomcrop games of 2 players, seats normal, easy rotated, seed 3.",
        "1 deck; scores are cards counted, Diamond numbers as two.",
    ]
    assert [line.split(":")[0] for line in lines[2:]] == ["normal"] * 3 + ["easy"] * 3
    assert re.fullmatch(r"normal: wins \d+\.\d% \(95% interval \d+\.\d to \d+\.\d\) over 8 seats\.", lines[2])
    assert max(len(line) for line in lines) <= 80


@pytest.mark.parametrize("players, decks", [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_doomcrop_games_of_two_to_six_players_are_played_with_enough_decks(players: int, decks: int) -> None:
    levels = ["normal", "hard", "easy", "easy", "easy", "easy"][:players]
    results = t.run(2, levels, 9, budget=Budget(seconds=600, iterations=4), game="doomcrop")
    assert t.doomcrop_decks(players) == decks
    for r in results:
        assert len(r.totals) == players and r.winners
        # every card ends in a Discard pile, a deck's nine Diamond numbers counting two
        assert sum(r.totals) == (52 + 9) * decks


def test_doomcrop_results_do_not_depend_on_the_number_of_processes() -> None:
    one = t.run(6, ["normal", "easy"], 5, jobs=1, game="doomcrop")
    two = t.run(6, ["normal", "easy"], 5, jobs=2, game="doomcrop")
    assert [(r.levels, r.totals, r.winners) for r in one] == [(r.levels, r.totals, r.winners) for r in two]


def test_the_json_names_the_game() -> None:
    done = run("tournament", "--game", "doomcrop", "--games", "2", "--seats", "easy,easy,easy", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["game"] == "doomcrop" and data["players"] == 3
    assert sum(f["win_rate"] * f["seats"] for f in data["levels"].values()) == pytest.approx(2)


def test_an_unknown_game_gets_one_line() -> None:
    done = run("tournament", "--game", "chess")
    no_traceback(done)
    assert done.returncode == 2
    assert "--game" in done.stderr and len(done.stderr.strip().splitlines()) == 1
