"""Doomlings at an online table: what online play asks of a game (its
:class:`~doomlings_access.online.kinds.TableKind`), given by Doomlings' own telling.

Each person is told by the listener every game's online table has
(:class:`~doomlings_access.telling.listening.WordsListener`), with Doomlings' words
(:class:`~doomlings_access.ui.game.DoomlingsWords`), as the local prompt loop tells the person at
the keyboard: it remembers how far they have heard and which traits' texts they have heard read,
at their own verbosity and with their own labels. Someone watching is told from an onlooker's
view (:func:`~doomlings_access.rules.view.onlooker_view`): what everyone may know. Questions and
the review commands are made from the same view, by the local game's code. Nothing here knows a
room or the network.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from doomlings_access.ai import Agent
from doomlings_access.ai.levels import make_agent
from doomlings_access.ai.search import Budget
from doomlings_access.arguments import HOUSE_RULES
from doomlings_access.cards import CardSet, load_cards
from doomlings_access.cards.describe import full_description
from doomlings_access.rules import Game, Options, Setup
from doomlings_access.rules import events as ev
from doomlings_access.rules.decisions import Decision, Value, is_silent
from doomlings_access.rules.options import MAX_PLAYERS
from doomlings_access.rules.view import OnlookerView, PlayerView
from doomlings_access.safety.text import players_named
from doomlings_access.telling.listening import WordsListener
from doomlings_access.ui import review
from doomlings_access.ui.heard import listener_view
from doomlings_access.ui.questions import asked_for_a_card_held, passes_unasked
from doomlings_access.ui.rules_text import rules
from doomlings_access.ui.session import ALIASES as SESSION_ALIASES
from doomlings_access.ui.answers import ANSWERS, cards_held_back, what_it_reads
from doomlings_access.ui.game import DoomlingsWords
from doomlings_access.ui.session import COMMANDS, reserved_words
from doomlings_access.ui.words import COMPUTER_NAMES, Style

EDITION = "retail"
TOPICS = {topic: COMMANDS[topic] for topic in ("hand", "pile", "table", "scores", "age", "genes", "deck", "card", "rules")}
"""The review commands a server answers from a seat's view, as at a local game (the others,
log, repeat and the settings, a client answers itself)."""
ALIASES = {short: command for short, command in SESSION_ALIASES.items() if command in TOPICS}
TOPICS_FOR_WATCHERS = ("pile", "table", "age", "genes", "deck", "card", "rules")


@cache
def _cards(edition: str) -> CardSet:
    return load_cards(edition)


def turn_of(event: object) -> int | None:
    """The seat whose turn ``event`` begins (None: it begins none)."""
    return event.player if isinstance(event, ev.TurnStarted) else None


def watcher_view(game: Game) -> PlayerView:
    """What someone watching may review: the onlooker's view, seated nowhere (no hand)."""
    seen = listener_view(game, None)
    fields = {name: getattr(seen, name) for name in OnlookerView.__dataclass_fields__}
    return PlayerView(
        **fields, seat=-1, hand=(), next_age=None, known={}, pending=None, why_not={}, history=None
    )


def card_lines(cards: CardSet, arg: str, style: Style, pick: int | None = None) -> tuple[list[str], int]:
    """``card NAME``: every fact about the card, or the cards that fit, numbered, and how many
    (a second request with ``pick`` shows that one)."""
    if not arg:
        return ["Type card and a name, like card Tiny."], 0
    found, listing = review.cards_fitting(cards, arg, style)
    if pick is not None and 1 <= pick <= len(found):
        found, listing = [found[pick - 1]], []
    if len(found) == 1 and not listing:
        return full_description(found[0], style.label(found[0])), 0
    return listing, len(found)


def review_lines(v: PlayerView, topic: str, arg: str, style: Style, pick: int | None = None) -> tuple[list[str], int]:
    """The lines a review command shows (as at a local game), and how many cards a ``card``
    look-up offers to pick from by number (0: none)."""
    if topic == "hand":
        return review.hand(v, style), 0
    if topic == "pile":
        seat = v.seat if not arg or arg.lower() in ("me", "my", "mine") else None
        if seat is None:
            hits = players_named(arg, list(v.names))
            if len(hits) != 1:
                return [f"No single player named {arg[:20]}. Players: {', '.join(v.names)}."], 0
            seat = hits[0]
        if seat < 0:
            return ["Type pile and a player's name, like pile Ana."], 0
        return review.pile(v, seat, style), 0
    if topic == "table":
        return review.table(v), 0
    if topic == "scores":
        return review.scores(v, style), 0
    if topic == "age":
        return review.age(v), 0
    if topic == "genes":
        return review.gene_pools(v), 0
    if topic == "deck":
        return review.deck(v, style), 0
    if topic == "rules":
        return rules(arg or None, v.options), 0
    if topic == "card":
        return card_lines(v.cards, arg, style, pick)
    raise ValueError(f"no review topic {topic!r}")


def options(house_rules: Sequence[str]) -> Options:
    """The rules of a table with the host's ``house_rules`` (as ``play``'s flags)."""
    values: dict[str, Any] = {HOUSE_RULES[f]: True for f in house_rules}
    if "empty_hand_draw" in values:
        values["empty_hand_draw"] = 5
    return Options(edition=EDITION, **values)


class DoomlingsTable:
    """Doomlings as online play knows it (:class:`~doomlings_access.online.kinds.TableKind`)."""

    name = "doomlings"
    title = "Doomlings"
    max_players = MAX_PLAYERS
    computer_names = COMPUTER_NAMES
    rules = {rule: f"house rule: {rule.replace('-', ' ')}" for rule in HOUSE_RULES}
    commands = TOPICS
    aliases = ALIASES
    any_time = "any-time traits offered"
    answers = ANSWERS

    @property
    def reserved(self) -> frozenset[str]:
        return reserved_words()

    @property
    def names_taken(self) -> frozenset[str]:
        return _cards(EDITION).player_names_taken

    def begin(self, names: Sequence[str], levels: Mapping[int, str], seed: int, rules: Sequence[str],
              budget: Budget) -> tuple[Game, dict[int, Agent]]:
        game = Game(_cards(EDITION), Setup(tuple(names), seed, options(rules)))
        return game, {seat: make_agent(level, seed, seat, budget) for seat, level in levels.items()}

    def agent(self, level: str, seed: int, seat: int, budget: Budget) -> Agent:
        return make_agent(level, seed, seat, budget)

    def listener(self, seat: int | None, verbosity: str, labels: str) -> WordsListener:
        """A person's telling, from their view (:func:`~.heard.listener_view`): a seat hears the
        scores card by card at the end, someone watching the engine's totals; a question does
        not read again a trait's text just read with its play at the person's verbosity."""
        words = DoomlingsWords(itemised=seat is not None)
        heard = WordsListener(words, seat, verbosity, labels, turn_of, listener_view)
        words.verbosity = lambda: heard.verbosity
        return heard

    def turn_of(self, event: object) -> int | None:
        return turn_of(event)

    def passes_unasked(self, game: Game, d: Decision, any_time: str) -> bool:
        return passes_unasked(game.card, d, any_time)

    def asked_openly(self, game: Game, d: Decision) -> bool:
        """A question one of whose answers shows nothing (pass, no, done) may be asked only of
        a player holding a card that fits, and telling the others "Ben is thinking" would
        tell them what is in Ben's hand."""
        return not any(is_silent(d.reason, value) for value in d.options)

    def asked_for_what_is_held(self, d: Decision) -> bool:
        return asked_for_a_card_held(d)

    def answered_for_you(self, view: PlayerView, d: Decision, value: Value, labels: str) -> str:
        """"Antlers was played out of turn for you" (as the local game says it at a hand-over)."""
        return f"{view.card(value).name} was played out of turn for you" if isinstance(value, int) else ""

    def notes(self, view: PlayerView, d: Decision) -> tuple[list[dict[str, str]], list[str]]:
        held = [{"name": n, "label": label, "why": why} for n, label, why in cards_held_back(view, d)]
        return held, what_it_reads(view, d)

    def review(self, game: Game | None, seat: int | None, topic: str, arg: str, labels: str, pick: int | None,
               chosen: Sequence[str]) -> tuple[list[str], int]:
        style = Style(labels)
        if topic == "card":
            return card_lines(_cards(EDITION), arg, style, pick)
        if topic == "rules" and game is None:
            return rules(arg or None, options(chosen)), 0
        if game is None:
            return ["The game has not started yet."], 0
        if seat is not None:
            return review_lines(game.view(seat), topic, arg, style, pick)
        if topic in TOPICS_FOR_WATCHERS:
            return review_lines(watcher_view(game), topic, arg, style, pick)
        return ["Someone watching has no hand; the scores are told at the end."], 0


DOOMLINGS = DoomlingsTable()
