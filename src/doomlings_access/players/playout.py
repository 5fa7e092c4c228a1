"""Games played on in a player's head: dealt from its view, an answer given, then every seat
answering by the game's rules of thumb until a turn is over.

The normal levels try each answer so, one turn ahead (:func:`one_turn_ahead`); the hard levels
try every answer in the same dealt games, through the seat's own next turn
(:mod:`.search`). Nothing here knows which game is played: its :class:`Family` says how to
deal, answer and see a turn end.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from doomlings_access.kernel.decisions import Choice, Decision, Value
from doomlings_access.kernel.players import Family, V
from doomlings_access.players.chance import decision_rng


class OutOfTime(Exception):
    """The thinking time ran out inside a game played on (:func:`play_out`'s ``deadline``)."""


def play_out(
    family: Family[V], view: V, decision: Decision, answer: Value, rng: random.Random, seed: int,
    through_my_next_turn: bool, deadline: float | None = None,
) -> V:
    """The seat's view of a game sampled from ``view`` in which ``answer`` was given, played
    on by rules of thumb (every seat alike) until this turn is over, or with
    ``through_my_next_turn`` until the seat's next turn is over (so that the opponents' replies
    count, and what the seat kept for its next turn), or to the end of the game.

    With a ``deadline`` (a :func:`time.perf_counter` reading) the clock is read before every
    move of the sampled game, and :class:`OutOfTime` raised once it has passed: read only
    between sampled games, one long sampled game (the first always ran to its end) took
    Doomlings' hard player 47.8 s of a 0.1 s budget, and 40.7 ms of 10 ms at the 99th percentile."""
    me = decision.player
    turn = view.active if view.active is not None else me
    mine_again = False
    g = family.sample(view, rng)
    g.apply(Choice(me, answer))
    while (d := g.pending) is not None:
        if deadline is not None and time.perf_counter() > deadline:
            raise OutOfTime
        if family.starts_turn(d) and d.player != turn:
            if not through_my_next_turn or mine_again:
                break
            mine_again = d.player == me
            turn = d.player
        g.apply(Choice(
            d.player, d.options[0] if len(d.options) == 1 else family.rule_of_thumb(g.view(d.player), d, seed),
        ))
    return g.view(me)


def one_turn_ahead(
    family: Family[V], view: V, decision: Decision, seed: int, worth: Callable[[V], float],
) -> Value:
    """The normal levels' answer: each option given in one game sampled from ``view`` (the
    same deal and the same luck for every option) and played on to the end of this turn; the
    one whose outcome is ``worth`` most. By rule of thumb when the view cannot be sampled.

    One deal for all the options compares the options, not the deals: with a fresh deal for
    each, Doomlings' normal level won 69.1% (67.0 to 71.1) of 2,000 games against three easy
    players (seed 1), with one deal 73.7% (71.7 to 75.6); Doomcrop's normal against easy, 1,000
    games, 88.0% and 89.2%."""
    rng = decision_rng("look ahead", seed, view, decision)
    world = rng.getrandbits(64)
    try:
        results = [
            worth(play_out(family, view, decision, answer, random.Random(world), seed, False))
            for answer in decision.options
        ]
    except ValueError:  # a view made without its game's history cannot be sampled
        return family.rule_of_thumb(view, decision, seed)
    return decision.options[max(range(len(results)), key=results.__getitem__)]
