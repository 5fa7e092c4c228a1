"""``doomlings scenario FILE`` for a Doomcrop position file (``"game": "doomcrop"``): set the
table up, play the answers given (written as at the prompt: a number, a place, a card, a
keyword), tell what happened as one seat (or an onlooker) heard it, then the question waiting.
The answers are read as the prompt reads them (:func:`doomlings_access.telling.scenario.pick`).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, TextIO

from doomlings_access.doomcrop import Choice, Game, PositionError, read_position
from doomlings_access.doomcrop_ui.announcer import Announcer
from doomlings_access.doomcrop_ui.questions import build_question
from doomlings_access.lines import print_wrapped
from doomlings_access.safety.text import clean
from doomlings_access.telling.questions import Question
from doomlings_access.telling.scenario import pick




class ScenarioError(ValueError):
    def __init__(self, message: str) -> None:
        super().__init__(clean(message, 600))


@dataclass
class Outcome:
    game: Game
    lines: list[str] = field(default_factory=list)
    question: Question | None = None


def load(data: Any, path: str) -> Game:
    """The game a Doomcrop position (``data``, the file's parsed JSON) sets up."""
    try:
        return Game(read_position(json.dumps(data), path))
    except PositionError as exc:
        raise ScenarioError(str(exc)) from None


def play(game: Game, answers: list[str], *, to_end: bool = False, seed: int = 1, seat: int | None = None,
         labels: str = "text", verbosity: str = "verbose") -> Outcome:
    names = game.setup.players
    for i, typed in enumerate(answers):
        d = game.pending
        if d is None:
            raise ScenarioError(f"answers[{i}]: {typed[:40]!r} is one answer too many: the game is over")
        q = build_question(game.view(d.player), d, labels)
        choice = pick(q, typed)
        if choice is None:
            options = ", ".join(f"{n}. {o.text}" for n, o in enumerate(q.options, 1))
            raise ScenarioError(f"answers[{i}]: {typed[:40]!r} is not an option of {names[d.player]}'s question ({q.title.text} {options})")
        game.apply(choice)
    rng = random.Random(seed)
    while to_end and game.pending is not None:
        d = game.pending
        game.apply(Choice(d.player, d.options[rng.randrange(len(d.options))]))
    out = Outcome(game, [said.text for said in Announcer(seat, names, verbosity, labels).render_all(game.seen_log(seat))])
    d = game.pending
    if d is not None and (seat is None or seat == d.player):
        out.question = build_question(game.view(d.player), d, labels)
    return out


def report(out: Outcome, stream: TextIO, as_json: bool) -> None:
    g, q = out.game, out.question
    names = g.setup.players
    if as_json:
        data: dict[str, Any] = {"announcements": out.lines, "events": [e.to_json() for e in g.log], "pending": None}
        if q is not None:
            data["pending"] = {"player": names[q.decision.player], "question": q.title.text,
                               "reason": str(q.decision.reason), "options": [o.text for o in q.options]}
        elif g.pending is not None:
            data["pending"] = {"player": names[g.pending.player]}
        stream.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return
    for line in out.lines:
        print_wrapped(stream, clean(line))
    if q is not None:
        print_wrapped(stream, clean(f"Waiting for {names[q.decision.player]}: {q.title.text}"))
        for n, o in enumerate(q.options, 1):
            print_wrapped(stream, clean(f"{n}. {o.text}"))
    elif g.pending is not None:
        print_wrapped(stream, clean(f"Waiting for {names[g.pending.player]}."))
