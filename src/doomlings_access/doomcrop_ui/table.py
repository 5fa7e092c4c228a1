"""Doomcrop at an online table: what online play asks of a game (its
:class:`~doomlings_access.online.kinds.TableKind`), made of what Doomcrop gives the prompt loop
every game shares: its words (:class:`~.game.DoomcropWords`), its engine and its players.

The host's rules are Doomcrop's optional rules and readings, as ``play --game doomcrop`` takes
them, each on or off; the decks are one for two players and one more for each two, as there.
Nothing here knows a room or the network.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from doomlings_access.doomcrop import Game, Options, Setup
from doomlings_access.doomcrop.decisions import Decision, Reason, Value
from doomlings_access.doomcrop.events import TurnStarted
from doomlings_access.doomcrop.options import MAX_PLAYERS, Adjacency, KingOrder, decks_for
from doomlings_access.doomcrop.view import SlotView, View
from doomlings_access.doomcrop_ai import Agent
from doomlings_access.doomcrop_ai.levels import make_agent
from doomlings_access.doomcrop_ui.game import ANSWERS, COMMANDS, RESERVED, DoomcropWords, ALIASES
from doomlings_access.doomcrop_ui import review
from doomlings_access.doomcrop_ui.review import describe
from doomlings_access.players.search import Budget
from doomlings_access.telling.listening import WordsListener

COMPUTER_NAMES = ["Ben", "Cy", "Dee", "Eli", "Fay", "Gus"]
"""The computer players' names, at a local game as at an online table."""
RULES: dict[str, tuple[str, dict[str, Any]]] = {
    "jokers": ("Playing with Jokers: two a deck", {}),
    "epic-techniques": ("the Epic Techniques", {"epic_techniques": True}),
    "hearts-around": ("a Heart beside a defending Heart may share a corner, not only a side",
                      {"hearts_adjacency": Adjacency.AROUND}),
    "hearts-helper-turns-down": ("a Heart that helped turns face down again after the combat",
                                 {"hearts_helper_stays_up": False}),
    "king-in-reading-order": ("a King's cards attack front left to back right, not as chosen",
                              {"king_order": KingOrder.READING}),
    "ranked-faces": ("for who goes first, discarded Faces rank Jack, Queen, King, Ace, Joker",
                     {"ranked_faces": True}),
}
"""The host's choices: each optional rule or reading (docs/doomcrop-rulings.md), with what it
sets of :class:`~doomlings_access.doomcrop.Options`."""


def options(players: int, chosen: Sequence[str]) -> Options:
    """The rules of a table of ``players`` with the host's ``chosen`` rules."""
    decks = decks_for(players)
    values: dict[str, Any] = {"decks": decks}
    for rule in chosen:
        values.update(RULES[rule][1])
    if "jokers" in chosen:
        values["jokers"] = 2 * decks
    return Options(**values)


class DoomcropTable:
    """Doomcrop as online play knows it (:class:`~doomlings_access.online.kinds.TableKind`)."""

    name = "doomcrop"
    title = "Doomcrop"
    max_players = MAX_PLAYERS
    computer_names = COMPUTER_NAMES
    rules = {rule: line for rule, (line, _) in RULES.items()}
    commands = COMMANDS
    aliases = ALIASES
    reserved = RESERVED
    names_taken = frozenset[str]()
    any_time = None
    words = DoomcropWords()
    answers = ANSWERS

    def begin(self, names: Sequence[str], levels: Mapping[int, str], seed: int, rules: Sequence[str],
              budget: Budget) -> tuple[Game, dict[int, Agent]]:
        game = Game(Setup(tuple(names), seed, options(len(names), rules)))
        return game, {seat: make_agent(level, seed, seat, budget) for seat, level in levels.items()}

    def agent(self, level: str, seed: int, seat: int, budget: Budget) -> Agent:
        return make_agent(level, seed, seat, budget)

    def listener(self, seat: int | None, verbosity: str, labels: str) -> WordsListener:
        return WordsListener(self.words, seat, verbosity, labels, turn_of)

    def turn_of(self, event: object) -> int | None:
        return turn_of(event)

    def passes_unasked(self, game: Game, d: Decision, any_time: str) -> bool:
        return False  # (Doomcrop asks nothing that waiting would keep: no any-time setting)

    def asked_openly(self, game: Game, d: Decision) -> bool:
        """The Hearts question is asked only of a defender with a face-down Heart beside the
        card attacked: "Ben is thinking" then would tell the others where a Heart lies."""
        return d.reason != Reason.HEARTS

    def asked_for_what_is_held(self, d: Decision) -> bool:
        return self.words.asked_for_what_is_held(d)

    def answered_for_you(self, view: View, d: Decision, value: Value, labels: str) -> str:
        return self.words.answered_for_you(view, d, value, labels)

    def notes(self, view: View, d: Decision) -> tuple[list[dict[str, str]], list[str]]:
        return [], []

    def review(self, game: Game | None, seat: int | None, topic: str, arg: str, labels: str, pick: int | None,
               chosen: Sequence[str]) -> tuple[list[str], int]:
        if game is None:
            if topic == "card" and arg:  # (a card by its name needs no game)
                return describe(arg), 0
            return ["The game has not started yet."], 0
        if seat is None:
            return watching(game, topic, arg, labels), 0
        return [said.text for said in self.words.review(game.view(seat), topic, arg, labels)], 0


def turn_of(event: object) -> int | None:
    """The seat whose turn ``event`` begins (None: it begins none)."""
    return event.seat if isinstance(event, TurnStarted) else None


def onlooker(game: Game) -> View:
    """What someone watching may know: what every seat may (face-up cards, the Discard piles,
    the Draw pile's size, who looked at which face-down card), seated nowhere: any seat's view
    with that seat's own knowledge taken out."""
    seen = game.view(0)
    grids = tuple(
        tuple(slot if slot is None or slot.up else SlotView(False, None, slot.known) for slot in grid)
        for grid in seen.grids
    )
    return replace(seen, seat=-1, grids=grids, hand=(), own_set_aside=None, stack=(), pending=None,
                   log=tuple(game.seen_log(None)))


def watching(game: Game, topic: str, arg: str, labels: str) -> list[str]:
    """A review for someone watching, from :func:`onlooker`: every grid in seat order, a
    player's grid or place by their name (someone watching has none of their own)."""
    view = onlooker(game)
    if topic == "grids":
        return [said.text for seat in range(view.n) for said in review.grid(view, seat, labels)]
    if topic == "grid" and (not arg.strip() or (review.seat_named(view, arg) or 0) < 0):
        return [f"Type grid and a player's name, like grid {view.names[0]}."]
    if topic == "card" and (where := review.place_typed(view, arg)) is not None and where < 0:
        return [f"Type card and a player's place, like card {view.names[0]} front left, or a card, like card 7C."]
    return [said.text for said in DOOMCROP.words.review(view, topic, arg, labels)]


DOOMCROP = DoomcropTable()
