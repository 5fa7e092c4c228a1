"""The companion's tally goes down the layers once and comes back once (issue 32).

It used to climb back up six times: card ids became names, a score-file dict was built, the
scorer parsed the names back to ids, a missing choice came back as an exception, and the
companion asked and scored the whole table again from scratch, up to 40 times (the three
draws of Deus Ex Machina set the table up at World's End 320 times). Now it drives the
scorer's Tally with card ids: World's End is set up once for a table, each question comes
back as data and its answer goes on in the same game.

The walk-throughs run here in-process, with the real console and output, so that the engine's
games can be counted: the transcript must still equal its golden file.
"""

from __future__ import annotations

import io
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import test_walkthroughs as walk  # noqa: E402

from doomlings_access.rules import game, placing  # noqa: E402
from doomlings_access.scorer import reader, tally  # noqa: E402
from doomlings_access.ui.companion import Companion  # noqa: E402
from doomlings_access.telling.console import PlainConsole  # noqa: E402
from doomlings_access.telling.output import Output  # noqa: E402

DEUS_EX_MACHINA = [  # three cards drawn for points, each asked (the first a card's whole name)
    "2", "Deus Ex Machina", "Ana, Ben, Cy", "quick", "fangs", "antlers", "Tiny", "Heat Vision", "Gills", "5",
]
A_TIE_BROKEN = [  # a tie, broken by the cards drawn: the same tally goes on to the draws
    "3", "Ana, Ben, Cara", "adorable", "blubber", "quick", "", "fangs", "fire skin", "5",
]
CASES = {
    **{name: answers for name, (answers, _) in walk.CASES.items() if name != "look_ups_braille"},
    "first_player_first": walk.FIRST_PLAYER_FIRST,
    "deus_ex_machina": DEUS_EX_MACHINA,
    "a_tie_broken": A_TIE_BROKEN,
}
SCORINGS = {"back_keeps_piles": 1, "pile_ends_when_said": 2}
"""How often a walk-through scores a table (the rest: once each)."""


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often the engine sets a table up, builds a game (a clone for a look-ahead too),
    a tally starts, and the score-file layer is used."""
    counts: Counter[str] = Counter()

    def count(module: Any, name: str, key: str) -> None:
        original = getattr(module, name)

        def counting(*args: Any, **kwargs: Any) -> Any:
            counts[key] += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(module, name, counting)

    count(placing, "place", "set up at World's End")
    count(reader, "_Table", "score files")  # (any score file read: the table it makes)
    init = game.Game.__init__

    def building(self: game.Game, *args: Any, **kwargs: Any) -> None:
        counts["games"] += 1
        init(self, *args, **kwargs)

    monkeypatch.setattr(game.Game, "__init__", building)
    start = tally.Tally.__init__

    def starting(self: tally.Tally, *args: Any, **kwargs: Any) -> None:
        counts["tallies"] += 1
        start(self, *args, **kwargs)

    monkeypatch.setattr(tally.Tally, "__init__", starting)
    return counts


def run(answers: list[str]) -> str:
    out = io.StringIO()
    console = PlainConsole(io.StringIO("\n".join(answers) + "\n"), out)
    Companion(console, Output(console.write)).run()
    return out.getvalue()


@pytest.mark.parametrize("name", list(CASES))
def test_the_companion_sets_world_s_end_up_once_per_table(name: str, counted: Counter[str]) -> None:
    text = run(CASES[name])
    golden = walk.GOLDEN / f"companion_{name}.txt"
    if golden.exists():
        assert text == golden.read_text(encoding="utf-8"), f"differs from {golden.name}"
    scorings = SCORINGS.get(name, 1)
    set_up = counted["set up at World's End"]
    print(f"\n{name}: {counted['games']} engine games ({set_up} set up, the rest look-ahead clones)")
    assert counted["tallies"] == scorings, text
    assert set_up == scorings, "World's End is set up once per table"
    assert counted["score files"] == 0, "no score file is made and read back"


def test_three_draws_are_three_questions_of_one_game(counted: Counter[str]) -> None:
    """The draws of Deus Ex Machina: each of some hundred cards could come, and every answer
    used to be tried by setting the table up again (320 games); a look-ahead now stops at the
    second answer that scores differently."""
    text = run(DEUS_EX_MACHINA)
    assert text.count("the card drawn?") == 3
    assert "Ana: 7 points. World's End 5," in text and "Cy: 4 points. World's End 1," in text
    assert counted["set up at World's End"] == 1
    # the game, and for each question clones until two answers score differently (most
    # cards drawn score the same: Deus Ex Machina adds at most 5)
    assert counted["games"] < 30, counted


def test_a_tie_is_broken_in_the_same_game(counted: Counter[str]) -> None:
    text = run(A_TIE_BROKEN)
    assert "Tie: Ana and Ben." in text
    assert "Tie-break: Ana draws Fangs, 5; Ben draws Fire Skin, 7." in text
    assert "Winner: Ben." in text
    assert counted["set up at World's End"] == 1, "the draws go on from the scores, not a new tally"
