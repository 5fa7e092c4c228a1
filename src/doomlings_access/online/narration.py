"""What one person at an online table is told: the words a local game says, made on the server
from that person's view and the events as their seat saw them.

A :class:`Listener` is one person's announcer, as the local prompt loop has one for the person
at the keyboard: it remembers how far they have heard and which traits' texts they have heard
read, at their own verbosity and with their own labels. Someone watching is told from an
onlooker's view (:func:`~doomlings_access.rules.view.onlooker_view`): what everyone may know.
Questions and the review commands are made from the same view, by the local game's code.
"""

from __future__ import annotations

from collections.abc import Mapping

from doomlings_access.cards import CardSet
from doomlings_access.cards.describe import full_description
from doomlings_access.rules.decisions import Decision, Kind, Value, is_silent
from doomlings_access.rules.game import Game
from doomlings_access.rules.view import OnlookerView, PlayerView
from doomlings_access.safety.text import players_named
from doomlings_access.ui import review
from doomlings_access.ui.announcer import Announcer, introduced
from doomlings_access.ui.heard import listener_view
from doomlings_access.ui.questions import Question
from doomlings_access.ui.rules_text import rules
from doomlings_access.ui.session import question_for, where_we_are
from doomlings_access.ui.words import Said, Style


class Listener:
    """One person's narration: ``seat`` None for someone watching."""

    def __init__(self, seat: int | None, verbosity: str = "normal", labels: str = "text") -> None:
        self.seat = seat
        self.style = Style(labels)
        self.announcer = Announcer(seat, verbosity, self.style, scores_itemised=seat is not None)
        self.told = 0
        """How many events of the seat's log have been told."""
        self.ended = False

    @property
    def verbosity(self) -> str:
        return self.announcer.verbosity

    def settings(self, verbosity: str | None = None, labels: str | None = None) -> None:
        if verbosity is not None:
            self.announcer.verbosity = verbosity
        if labels is not None:
            self.style = self.announcer.style = Style(labels)

    def view(self, game: Game) -> OnlookerView:
        return listener_view(game, self.seat)

    def news(self, game: Game, levels: Mapping[int, str]) -> list[Said]:
        """What happened since this person last heard, one message per story; a new game's
        first message names the computer players and their levels; at the end, a seat hears
        the scores card by card, as at a local game."""
        v = self.view(game)
        out: list[Said] = []
        if self.told < len(v.log):
            out = [said for said, _ in self.announcer.render_stories(v, v.log[self.told :])]
            if self.told == 0 and out and levels:
                out[0] = introduced(out[0], v.names, levels)
            self.told = len(v.log)
        if game.is_over and not self.ended:
            self.ended = True
            if isinstance(v, PlayerView):
                out.extend(Said(line, line) for block in review.score_blocks(v, self.style) for line in block)
        return out

    def question(self, game: Game, d: Decision) -> Question:
        """The question for decision ``d``, which is this seat's, as the local game asks it."""
        v = game.view(d.player)
        return question_for(v, d, self.style, self.announcer)

    def where(self, game: Game) -> str:
        """"Round 7, era 2, Tectonic Shift. Your turn.\""""
        return where_we_are(self.view(game), self.seat)


def option_id(d: Decision, value: Value) -> str:
    """The stable id of an option: the same whenever the question is sent again.

    >>> from doomlings_access.rules.decisions import Reason
    >>> d = Decision(0, Kind.PLAYER, Reason.STEAL, (1, 2))
    >>> option_id(d, 2), option_id(d._replace(kind=Kind.CARD), 17), option_id(d, "pass")
    ('seat-2', 'card-17', 'word-pass')
    """
    if isinstance(value, int):
        return f"seat-{value}" if d.kind == Kind.PLAYER else f"card-{value}"
    return f"word-{value}"


def question_id(game: Game) -> str:
    """The id of the question waiting: unique in the game, the same when sent again."""
    return f"q{len(game.actions)}"


def asked_openly(d: Decision) -> bool:
    """Whether other seats may know that ``d`` is asked: a question one of whose answers shows
    nothing (pass, no, done) may be asked only of a player holding a card that fits, and
    telling the others "Ben is thinking" would tell them what is in Ben's hand."""
    return not any(is_silent(d.reason, value) for value in d.options)


TOPICS_FOR_WATCHERS = ("pile", "table", "age", "genes", "deck", "card", "rules")


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


def away_summary(listener: Listener, game: Game, missed: int, covered: int) -> Said:
    """The one message a person coming back hears: how much went into their history while
    they were away, whether the computer played for them, and where the game stands."""
    parts = ["You are back."]
    if missed:
        parts.append(f"While you were away, {missed} {'message' if missed == 1 else 'messages'} went into your history: type log to hear them.")
    if covered:
        parts.append(f"The computer played {covered} {'move' if covered == 1 else 'moves'} for you.")
    if game.is_over:
        parts.append("The game is over.")
    else:
        parts.append(listener.where(game))
    text = " ".join(parts)
    return Said(text, text)

