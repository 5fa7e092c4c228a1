"""The one listener of online play, for both games (``telling.listening.WordsListener``): what it
tells from each game's words, without a room or the network. Doomlings' is told from the
listener's view (who holds what), Doomcrop's from its events alone; a seat and someone watching
hear the end each as the local game tells it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from doomlings_access.doomcrop_ui.table import DOOMCROP
from doomlings_access.kernel.decisions import Choice
from doomlings_access.online.kinds import TableKind
from doomlings_access.players.search import Budget
from doomlings_access.rules.view import onlooker_view
from doomlings_access.telling.words import Said
from doomlings_access.ui.game import where_we_are
from doomlings_access.ui.table import DOOMLINGS

FAST = Budget(seconds=60, iterations=2)


class Played:
    """A game of three easy computer seats, played on as far as asked."""

    def __init__(self, kind: TableKind, seed: int) -> None:
        self.game, self.agents = kind.begin(("Ana", "Ben", "Cy"), {0: "easy", 1: "easy", 2: "easy"}, seed, [], FAST)

    def on(self, upto: int | None = None) -> Any:
        """The game played to its end (or to ``upto`` answers)."""
        game = self.game
        while not game.is_over and (upto is None or len(game.actions) < upto):
            d = game.pending
            game.apply(Choice(d.player, self.agents[d.player].choose(game.view(d.player), d)))
        return game


def played(kind: TableKind, seed: int, upto: int | None = None) -> Any:
    return Played(kind, seed).on(upto)


def test_a_seat_hears_the_scores_card_by_card_and_someone_watching_the_totals() -> None:
    """At a Doomlings table a seat hears the scores read card by card at the end, as at one
    keyboard, and not the engine's totals before them too; someone watching has no score
    blocks read, and hears the totals."""
    game = played(DOOMLINGS, 3)
    seat, watcher = DOOMLINGS.listener(0, "normal", "text"), DOOMLINGS.listener(None, "normal", "text")
    heard, watched = [s.text for s in seat.news(game, {})], [s.text for s in watcher.news(game, {})]
    totals = re.compile(r"^(You|Ana|Ben|Cy): -?\d+ points?\. World's End")
    assert seat.ended and watcher.ended
    assert not any(totals.match(line) for line in heard)
    assert sum(bool(totals.match(line)) for line in watched) == 3
    assert len(heard) > len([line for line in watched if not totals.match(line)])


def test_where_a_game_stands_for_a_seat_and_for_someone_watching() -> None:
    """Someone coming back, or starting to watch: a Doomlings table says the round from what
    all may see, a Doomcrop table its name (its telling reads no view)."""
    game = played(DOOMLINGS, 4, upto=30)
    assert DOOMLINGS.listener(None, "normal", "text").where(game) == where_we_are(onlooker_view(game), None)
    assert DOOMLINGS.listener(None, "normal", "text").where(game).startswith("Round ")
    assert DOOMLINGS.listener(1, "normal", "text").where(game) == where_we_are(game.view(1), 1)
    crop = played(DOOMCROP, 4, upto=30)
    assert DOOMCROP.listener(None, "normal", "text").where(crop) == "A game of Doomcrop."


@pytest.mark.parametrize(("kind", "seed"), [(DOOMLINGS, 8), (DOOMCROP, 5)], ids=["doomlings", "doomcrop"])
def test_labels_changed_in_the_middle_tell_the_rest_as_if_heard_in_them_all_along(kind: TableKind, seed: int) -> None:
    """A person who turns braille labels on halfway hears the rest of the game as one who had
    them from the start: what their teller remembers of what it told is kept, only the labels
    change. (Doomlings, seed 8: a new teller read Kidney's text again at Ben's second Kidney,
    "Kidney reads: Worth one point for each Kidney in your own pile.", heard at his first.)"""
    table = Played(kind, seed)
    game = table.on(40)
    switched, braille = kind.listener(0, "normal", "text"), kind.listener(0, "normal", "braille")
    switched.news(game, {})
    braille.news(game, {})
    switched.settings(labels="braille")
    table.on()
    rest: list[Said] = switched.news(game, {})
    assert rest and rest == braille.news(game, {})
    assert rest != kind.listener(0, "normal", "text").news(game, {})[-len(rest) :]
