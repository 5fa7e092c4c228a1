"""What Doomcrop's prompt loop now does with the code Doomlings' session uses (telling.prompting),
and so as Doomlings does: a resumed game's recap at the pace news is told (it came as one burst
of a dozen lines, past the ``pause`` setting, before the first prompt), help at a pause, and the
end told whole when input ends at one of its pauses.
"""

from __future__ import annotations

import io

from crop_loop_kit import new, played

from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ai.levels import make_agent
from doomlings_access.doomcrop_ui.game import DoomcropWords
from doomlings_access.telling.console import PlainConsole
from doomlings_access.telling.loop import Prefs, PromptLoop
from doomlings_access.telling.output import Output
from doomlings_access.telling.prompting import MORE


def resumed_then(typed: str) -> list[str]:
    """The lines printed when a game of 12 answers (then input ended, as a person quitting
    leaves it) is resumed and ``typed`` is typed."""
    game = new(3)
    played(game, "1\n" * 12)
    stdin, stdout = io.StringIO(typed), io.StringIO()
    console = PlainConsole(stdin, stdout)
    PromptLoop[View](
        game, DoomcropWords(), [0], {1: make_agent("normal", 3, 1)}, console, Output(console.write),
        Prefs(pause=6, verbosity="verbose"), resumed=True,
    ).run()
    return stdout.getvalue().splitlines()


def test_the_recap_of_a_resumed_game_waits_for_enter_where_the_lines_run_out() -> None:
    lines = resumed_then("repeat\n\n1\n")
    heading = lines.index("The last 3 announcements:")
    paused = next(i for i, line in enumerate(lines) if line.startswith(MORE.strip()))
    assert heading < paused < next(i for i, line in enumerate(lines) if line.startswith("Choose 1 to")), lines[:30]
    assert paused <= 6, lines[: paused + 1]  # (the resumed line and where the game stands count too)
    # repeat at that pause says the last message told (the game's last is not heard again yet)
    told = lines[heading + 1 : paused]
    assert lines[paused] == MORE + "repeat" and lines[paused + 1 : paused + 1 + len(told)] == told, lines[: paused + 8]


def test_help_at_a_pause_says_what_enter_does_in_the_words_both_games_use() -> None:
    """? at "Press Enter for more." (one help for every game's prompt, Prompting.help)."""
    lines = resumed_then("?\n\n1\n")
    paused = lines.index(MORE + "?")
    assert lines[paused + 1 : paused + 3] == [
        "More is to be told: press Enter to hear it, or type a command first.", "Commands:",
    ], lines[paused : paused + 4]


def test_input_ending_at_a_pause_of_the_end_still_prints_the_discard_piles() -> None:
    """The game is over and saved when the Discard piles are told: input that ends at a pause
    among them (a script's answers run out) printed nothing more, and the rest of the piles
    were lost (one end for both games, Prompting.tell_together, as Doomlings' scores are)."""
    full = played(new(8), "1\n" * 3000, prefs=Prefs(pause=3))
    over = full.index("Game over.")
    assert full.count(MORE, over) >= 2, full[over:]  # (the piles are parted by pauses)
    reads = full[:over].count("Choose 1 to") + full[:over].count(MORE)
    cut = played(new(8), "1\n" * (reads + 1), prefs=Prefs(pause=3))  # (and Enter at the end's first pause)
    ended = cut.index(MORE + "\n", cut.index("Game over."))  # input ended at the end's second pause
    last_lines = [line for line in full.splitlines() if not line.startswith(MORE)][-3:]
    assert cut.splitlines()[-3:] == last_lines and cut.index(last_lines[0]) > ended, cut[-600:]
