"""Doomcrop's lists fit a 40-cell braille display: a reader never pans across one row.

Every line of the review commands (grid, grids, discards, draw, card) that is a row of a list,
every numbered option of a question, and every row of a table in the narration (a grid laid)
is at most 40 cells, in print and in braille labels, in many positions of random games of two
to four players (the names the app gives: three letters at most). Prose is left to wrap as
prose does: a card's description, a question's title, a story of events.
"""

from __future__ import annotations

import random

import pytest

from doomlings_access.braille import louis
from doomlings_access.doomcrop import Game, Options, Setup
from doomlings_access.doomcrop.places import SPOTS
from doomlings_access.doomcrop.random_player import choose
from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ui import review
from doomlings_access.doomcrop_ui.announcer import Announcer
from doomlings_access.doomcrop_ui.game import DoomcropWords
from doomlings_access.lines import columns_of
from doomlings_access.telling.words import Said

CELLS = 40
NAMES = ("You", "Ben", "Cy", "Dee")
WORDS = DoomcropWords()


def list_rows(view: View, labels: str) -> list[str]:
    """Every review line that is a row of a list, and every option of the seat's question."""
    rows: list[Said] = []
    for command in ("grids", "discards", "draw"):
        rows += WORDS.review(view, command, "", labels)
    for seat in range(view.n):
        rows += WORDS.review(view, "grid", view.names[seat], labels)
        for spot in range(SPOTS):
            lines = review.card_at(view, seat * SPOTS + spot, labels)
            slot = view.slot(seat * SPOTS + spot)
            prose = len(review.describe(slot.card.code)) - 1 if slot is not None and slot.card is not None else 0
            rows += lines[: len(lines) - prose]  # what lies there and what it faces; not what the card does
    if view.pending is not None:
        rows += WORDS.question(view, view.pending, labels).lines()[1:]  # (the title is a sentence)
    return [said.text for said in rows]


def narration_rows(view: View, labels: str) -> list[str]:
    """The rows of the tables told in the narration: messages that are not sentences."""
    told = [said.text for said, _ in Announcer(view.seat, view.names, "verbose", labels).stories(view.log)]
    return [text for text in told if not text.endswith((".", "?", "!", ":"))]


@pytest.mark.parametrize("chunk", range(3))
def test_every_list_row_fits_a_40_cell_display(chunk: int) -> None:
    braille = louis.available()
    checked = tables = 0
    for seed in range(chunk, 45, 3):
        rng = random.Random(seed)
        players = 2 + seed % 3
        options = Options(decks=(players + 1) // 2, jokers=2 if seed % 4 == 0 else 0, epic_techniques=seed % 5 == 0)
        game = Game(Setup(NAMES[:players], seed, options))
        for _ in range(rng.randrange(20, 160)):
            if game.pending is None:
                break
            if rng.random() < 0.15 or game.pending.player == 0:
                labels = "braille" if braille and rng.random() < 0.5 else "text"
                view = game.view(game.pending.player)
                for row in list_rows(view, labels):
                    assert columns_of(row) <= CELLS, (seed, row)
                    checked += 1
                for row in narration_rows(view, labels):
                    assert columns_of(row) <= CELLS, (seed, row)
                    tables += 1
            game.apply(choose(game.view(game.pending.player), rng))
    assert checked > 5000, checked
    assert tables > 30, tables


def test_a_grid_is_a_place_a_line_under_its_owner() -> None:
    view = Game(Setup(("Ana", "Ben"), 1)).view(1)
    lines = [said.text for said in review.grid(view, 0)]
    assert lines == ["Ana's grid:", *[f"{name}: empty" for name in (
        "front left", "front middle", "front right", "middle left", "centre", "middle right",
        "back left", "back middle", "back right")]]
