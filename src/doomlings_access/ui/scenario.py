"""``doomlings scenario FILE``: set up a position file, play given answers, tell what happened.

It stops at the next question (and says what is asked, and of whom), or with ``to_end`` plays
on with seeded random answers to the winner. Answers are written as at the prompt: an option's
number, or a name, label or keyword.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from doomlings_access.cards import load_cards
from doomlings_access.positions import names_of, read_position
from doomlings_access.rules import Choice, Game
from doomlings_access.safety.files import FileRefused, load_named_json
from doomlings_access.safety.text import clean
from doomlings_access.telling.scenario import pick
from doomlings_access.ui.announcer import Announcer
from doomlings_access.ui.answers import ANSWERS
from doomlings_access.ui.heard import listener_view
from doomlings_access.ui.questions import Question, build_question
from doomlings_access.ui.words import Style
from doomlings_access.lines import print_wrapped

MAX_FILE = 1_000_000


class ScenarioError(ValueError):
    """A scenario that cannot be played as given; the message names the file and field."""

    def __init__(self, message: str) -> None:
        super().__init__(clean(message, 600))  # it quotes the file: never raw control characters


@dataclass
class Outcome:
    game: Game
    lines: list[str] = field(default_factory=list)
    question: Question | None = None
    """The question waiting, as its player reads it; None when it is another player's and
    the outcome is told as one player sees it (its options may be private)."""


def load(path: str, edition: str | None = None) -> Game:
    """The game a position file describes. The file is read within bounds: a regular file
    (a FIFO or a device is refused, never waited on) of at most :data:`MAX_FILE` bytes, with
    nesting and digit caps. ``edition``: the one typed, for a file that names none."""
    try:
        data = load_named_json(Path(path), MAX_FILE)
    except FileRefused as exc:
        raise ScenarioError(f"{path}: {exc.why}") from None
    from doomlings_access.ui.session import reserved_words

    setup = read_position(data, path, edition, reserved_words())  # answers are read as at the prompt
    try:
        return Game(load_cards(setup.options.edition), setup)
    except ValueError as exc:  # a position the rules refuse (PositionError names the field)
        raise ScenarioError(f"{path}: {exc}") from None
    except (TypeError, KeyError, IndexError, RuntimeError, AssertionError) as exc:
        # a position no check foresaw: still the file's fault, said in a line, not a traceback
        raise ScenarioError(f"{path}: the rules cannot set up this position ({type(exc).__name__}: {exc})") from None


def play(
    game: Game,
    answers: list[str],
    *,
    to_end: bool = False,
    seed: int = 1,
    seat: int | None = None,
    style: Style | None = None,
    verbosity: str = "verbose",
) -> Outcome:
    """Play ``answers`` (then, with ``to_end``, seeded random answers) and tell it for ``seat``
    (``None``: an onlooker, who sees only what is public), verbose unless asked otherwise:
    checking a ruling wants every card's effect read."""
    style = style or Style()
    for i, typed in enumerate(answers):
        d = game.pending
        if d is None:
            played_out = "the game is over" if game.winners else f"the position's {game.play_scope} is played out"
            raise ScenarioError(f"answers[{i}]: {typed[:40]!r} is one answer too many: {played_out}")
        q = build_question(game.view(d.player), d, style)
        choice = pick(q, typed, ANSWERS)  # (a label typed in braille too)
        if choice is None:
            options = ", ".join(f"{n}. {o.text}" for n, o in enumerate(q.options, 1))
            raise ScenarioError(
                f"answers[{i}]: {typed[:40]!r} is not an option of {game.name(d.player)}'s "
                f"question ({q.title.text} {options})"
            )
        game.apply(choice)
    rng = random.Random(seed)
    while to_end and game.pending is not None:
        d = game.pending
        game.apply(Choice(d.player, d.options[rng.randrange(len(d.options))]))
    table = listener_view(game, seat)
    out = Outcome(game, [said.text for said in Announcer(seat, verbosity, style).render_all(table, table.log)])
    d = game.pending
    if d is not None and (seat is None or seat == d.player):
        out.question = build_question(game.view(d.player), d, style)
    return out


def report(out: Outcome, stream: TextIO, as_json: bool) -> None:
    """Print what happened, then the question waiting (or the result), or all of it as JSON."""
    g = out.game
    q = out.question
    if as_json:
        data: dict[str, Any] = {
            "announcements": out.lines,
            "events": [e.to_json() for e in g.log],
            "state": names_of(g.setup, g.cards, g.snapshot(), g.defs, g.ending.tie_break),
            "pending": None,
            "winners": [g.name(s) for s in g.winners],
        }
        if q is None and g.pending is not None:
            data["pending"] = {"player": g.name(g.pending.player)}
        if q is not None:
            data["pending"] = {
                "player": g.name(q.decision.player),
                "question": q.title.text,
                "reason": q.decision.reason,
                "options": [o.text for o in q.options],
            }
        stream.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return
    def say(line: str) -> None:  # as the game prints
        print_wrapped(stream, clean(line))

    for line in out.lines:
        say(line)
    if q is not None:
        say(f"Waiting for {g.name(q.decision.player)}: {q.title.text}")
        for n, o in enumerate(q.options, 1):
            say(f"{n}. {o.text}")
    elif g.pending is not None:  # another player's question, told as one seat sees it
        say(f"Waiting for {g.name(g.pending.player)}.")
    elif not g.winners:
        say("The position is played out.")
