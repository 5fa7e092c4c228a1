"""Doomcrop for the game-agnostic prompt loop: its words, questions and review commands.

:class:`DoomcropWords` is all the prompt loop (:mod:`doomlings_access.telling.loop`) needs of
Doomcrop; each part reads one seat's view, never the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from doomlings_access.doomcrop import events as ev
from doomlings_access.doomcrop.decisions import Decision, Value
from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ui import review
from doomlings_access.doomcrop_ui.review import SEAT_WORDS
from doomlings_access.doomcrop_ui.announcer import Announcer
from doomlings_access.doomcrop_ui import held
from doomlings_access.doomcrop_ui.help import question_help
from doomlings_access.doomcrop_ui.questions import KEYWORDS, build_question
from doomlings_access.telling.answers import PlainAnswers
from doomlings_access.telling.prompting import SHARED_ALIASES, SHARED_COMMANDS
from doomlings_access.telling.questions import Question
from doomlings_access.telling.words import Said

COMMANDS = {
    "grid": "grid NAME, g: a grid, a place a line, front row first (yours without a name)",
    "grids": "grids, b: both grids (every grid), yours first",
    "discards": "discards, d: each Discard pile: its cards, and what it counts",
    "draw": "draw, p: how many cards the Draw pile has",
    "card": "card NAME, c: what a card does (7C, queen of spades), or what lies at a place (ben front left)",
}
ALIASES = {"g": "grid", "b": "grids", "d": "discards", "p": "draw", "c": "card", "pile": "draw", "discard": "discards"}
RESERVED = frozenset([
    *COMMANDS, *ALIASES, *SHARED_COMMANDS, *SHARED_ALIASES, *(w for _, words in KEYWORDS.values() for w in words),
    *SEAT_WORDS, "y", "n", "yes",
])
"""Words a person's name may not be: typed, they answer as a command, a keyword, a seat ("grid
mine") or quit's question, not as the name (``play --names``, the menu, an online room)."""


ANSWERS = PlainAnswers("a place like front left or Ben back right, a card like 7c, or the first letters of an answer")
"""How Doomcrop's answers are read: a card's label is as its options spell it ("7c")."""


class DoomcropWords:
    """Doomcrop's words for the prompt loop (see :class:`~doomlings_access.telling.loop.GameWords`)."""

    title = "Doomcrop"
    commands = COMMANDS
    aliases = ALIASES
    answers = ANSWERS

    def teller(self, me: int | None, names: Sequence[str], verbosity: str, labels: str) -> Announcer:
        return Announcer(me, names, verbosity, labels)

    def question(self, view: View, decision: Decision, labels: str) -> Question:
        return build_question(view, decision, labels)

    def question_help(self, view: View, decision: Decision) -> list[str]:
        return question_help(decision)

    def asked_for_what_is_held(self, decision: Decision) -> bool:
        return held.asked_for_what_is_held(decision)

    def answered_for_you(self, view: View, decision: Decision, value: Value, labels: str) -> str:
        return held.answered_for_you(view, decision, value, labels)

    def review(self, view: View, command: str, arg: str, labels: str) -> list[Said]:
        if command == "grid":
            seat = review.seat_named(view, arg)
            if seat is None:
                return [_line(f"No single player named {arg[:20]}. Players: {', '.join(view.names)}.")]
            return review.grid(view, seat, labels)
        if command == "grids":
            return review.grids(view, labels)
        if command == "discards":
            return review.discards(view, labels)
        if command == "draw":
            return review.draw_pile(view, labels)
        # card
        if not arg:
            how = "Type card and a card or a place, like card {} or card Ben front left."
            return [Said(how.format("7C"), how.format("7 C"))]  # (a typing example is spelt aloud)
        where = review.place_typed(view, arg)
        if where is not None:
            return review.card_at(view, where, labels)
        return [_line(line) for line in review.describe(arg)]

    def where_we_are(self, view: View) -> str:
        turns = [e for e in view.log if isinstance(e, ev.TurnStarted)]
        if view.active is None or not turns:
            return "Setting up."
        whose = "Your turn." if view.active == view.seat else f"{view.names[view.active]}'s turn."
        return f"Turn {turns[-1].number}. {whose} Draw pile: {view.draw_size} cards."

    def the_end(self, view: View, labels: str) -> list[Said]:
        return review.discards(view, labels)


def _line(text: str) -> Said:
    return Said(text, text)
