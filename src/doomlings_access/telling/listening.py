"""One listener at a table somewhere else (an online seat, someone watching): a game's events
told to them from their seat by the game's own words (:class:`~.loop.GameWords`), as the
prompt loop tells the person at the keyboard, for any game that gives its words to the loop
(both games' online tables: one listener, no copy per game).

What is kept between calls is what a listener needs for the next: how many events of their
seat's log they have heard, and their teller (which remembers what it has told: Doomlings'
the traits whose text was read, so it is kept when the labels change).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from doomlings_access.kernel.decisions import Decision
from doomlings_access.telling.loop import Engine, GameWords, Teller
from doomlings_access.telling.questions import Question
from doomlings_access.telling.words import Said, introduced


TurnOf = Callable[[object], "int | None"]
"""The seat whose turn an event begins (None: it begins none), as a game says it."""


def before_turn(events: Sequence[object], begun: int, turn: int | None, turn_of: TurnOf) -> tuple[int, int]:
    """How many of ``events`` (not yet told, after ``begun`` turns had begun) come before the
    start of turn ``turn`` (counted from 1 over the game; None: all of them), and how many
    turns had begun by then: a table holds a thinking computer's turn back this way, its
    whole story told later in one piece, wherever the engine stopped to ask it.

    >>> starts = lambda e: e if isinstance(e, int) else None
    >>> before_turn(["a", 0, "b", 1, "c"], 4, 6, starts), before_turn(["a", 0], 4, None, starts)
    ((3, 5), (2, 5))
    """
    for i, event in enumerate(events):
        if turn_of(event) is not None:
            if turn is not None and begun + 1 >= turn:
                return i, begun
            begun += 1
    return len(events), begun


def no_turns(event: object) -> int | None:
    """A game whose telling needs no turns told apart (its tables hold nothing back)."""
    return None


Seen = Callable[[Any, "int | None"], Any]
"""The view a listener is told from, made from the game and their seat (None: someone
watching), for a game whose teller reads it (Doomlings': who holds what, the traits in play);
a game whose events name all they tell gives None (:func:`events_suffice`)."""


def events_suffice(game: object, seat: int | None) -> None:
    """A game whose telling needs no view: its events tell all (Doomcrop's). Someone watching
    hears where such a game stands by its name alone."""
    return None


class WordsListener:
    """One person's telling of a game from ``seat`` (None: someone watching, told what every
    seat may know), at their verbosity and with their labels; ``turn_of`` tells the turns
    apart (a thinking computer's turn held back), ``seen`` gives the view they are told from."""

    def __init__(self, words: GameWords[Any], seat: int | None, verbosity: str = "normal", labels: str = "text",
                 turn_of: TurnOf = no_turns, seen: Seen = events_suffice) -> None:
        self.words = words
        self.turn_of = turn_of
        self.seen = seen
        self.seat = seat
        self.verbosity = verbosity
        self.labels = labels
        self.teller: Teller | None = None
        self.told = 0
        """How many events of the seat's log have been told."""
        self.turns_told = 0
        """How many turns had begun in what has been told."""
        self.ended = False

    def settings(self, verbosity: str | None = None, labels: str | None = None) -> None:
        if verbosity is not None:
            self.verbosity = verbosity
            if self.teller is not None:
                self.teller.verbosity = verbosity
        if labels is not None:
            self.labels = labels
            if self.teller is not None:
                self.teller.labels = labels  # told from now on with the new labels, what it heard kept

    def news(self, game: Engine[Any], levels: Mapping[int, str], turn: int | None = None) -> list[Said]:
        """What happened since this person last heard, a message a story; the first names the
        computer players and their levels; at the end, what a seat hears of it. ``turn``: only
        what came before that turn began (:func:`before_turn`)."""
        log = game.seen_log(self.seat)
        out: list[Said] = []
        count, self.turns_told = before_turn(log[self.told :], self.turns_told, turn, self.turn_of)
        end = self.told + count
        if self.told < end:
            names = game.view(0).names
            if self.teller is None:
                self.teller = self.words.teller(self.seat, names, self.verbosity, self.labels)
            out = [said for said, _ in self.teller.stories(log[self.told : end], self.seen(game, self.seat))]
            if self.told == 0 and out and levels:
                out[0] = introduced(out[0], names, levels)
            self.told = end
        if game.is_over and not self.ended and end == len(log):
            self.ended = True
            if self.seat is not None:
                out.extend(self.words.the_end(game.view(self.seat), self.labels))
        return out

    def question(self, game: Engine[Any], d: Decision) -> Question:
        return self.words.question(game.view(d.player), d, self.labels)

    def where(self, game: Engine[Any]) -> str:
        """Where the game stands, in a sentence, for someone coming back (or starting to watch)."""
        if self.seat is not None:
            return self.words.where_we_are(game.view(self.seat))
        watched = self.seen(game, None)
        return f"A game of {self.words.title}." if watched is None else self.words.where_we_are(watched)
