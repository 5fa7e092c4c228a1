"""The scorer says what the game said: for seeded games played to the end, the table at World's
End and every answer the game recorded, written as a score file, score exactly as the game did.

``make test`` plays 150 games (every table size, both editions); ``make fuzz`` 3,000 (``DOOMLINGS_SCORER_GAMES``).
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from typing import Any

import pytest

from doomlings_access.ai.random_agent import RandomAgent
from doomlings_access.cards import load_cards
from doomlings_access.rules import Choice, Game, Options, Setup
from doomlings_access.rules.decisions import Kind
from doomlings_access.rules import events as ev
from doomlings_access.rules.state import Phase
from doomlings_access.scorer import score_table

GAMES = int(os.environ.get("DOOMLINGS_SCORER_GAMES", "150"))


def finished(seed: int, players: int, edition: str) -> Game:
    # (not "P1": a score file refuses a player named like a card, and p1 is Clever's label)
    setup = Setup(tuple(f"Player {i}" for i in range(players)), seed, Options(edition=edition))
    g = Game(load_cards(edition), setup, checkpoints=True)
    agents = [RandomAgent(seed, s) for s in range(players)]
    while not g.is_over:
        d = g.pending
        assert d is not None
        g.apply(Choice(d.player, agents[d.player].choose(g.view(d.player), d)))
    return g


def score_file_of(g: Game) -> dict[str, Any]:
    """The game's table at World's End and every answer given there, as a score file."""
    cp = g.checkpoint
    assert cp is not None and cp.round.phase == Phase.WORLDS_END
    defs = g.defs
    name = lambda c: defs[c].name  # noqa: E731
    answers: dict[int, dict[str, list[Any]]] = defaultdict(lambda: defaultdict(list))

    def say(seat: int, card_id: str | None, value: Any) -> None:
        answers[seat][g.cards.by_id(card_id).name if card_id else ""].append(value)

    # Replay World's End from its checkpoint, noting each decision where the log stood, then
    # merge the random picks (told by events) in the order they happened.
    w = g.resume_from(cp, [], record=True)
    timeline: list[tuple[int, int, Any]] = []
    for action in g.actions[cp.actions :]:
        d = w.pending
        assert d is not None
        timeline.append((len(w.log), 0, (d, action.value)))
        w.apply(action)
    for e in w.log:
        timeline.append((e.seq, 1, e))
    tie: dict[str, str] = {}
    drawn: set[int] = set()
    for _, kind, item in sorted(timeline, key=lambda x: (x[0], x[1])):
        if kind == 0:
            d, value = item
            if d.kind == Kind.RESPOND and d.reason in ("respond", "respond_to_action"):
                for option in d.options:
                    if isinstance(option, int):
                        say(d.player, defs[option].id, "yes" if option == value else "no")
            elif d.kind == Kind.PLAYER:
                say(d.player, d.source, g.name(int(value)))
            elif d.kind == Kind.CATASTROPHE:
                say(d.player, d.source, g.catastrophe(str(value)).name)
            elif isinstance(value, int):
                say(d.player, d.source, name(value))
            else:
                say(d.player, d.source, value)
            continue
        e = item
        cause = e.cause.id if e.cause is not None else None
        if isinstance(e, (ev.TraitDiscarded, ev.TraitReturned)) and e.random:
            say(e.player, cause, name(e.card))
        elif isinstance(e, ev.WorldsEndPoints) and e.card is not None:
            say(e.player, cause, name(e.card))
        elif isinstance(e, ev.Drew) and e.cause is not None and e.cause.kind == ev.TRAIT:
            say(e.player, cause, name(e.cards[0]))
            drawn.add(e.cards[0])
        elif (
            isinstance(e, (ev.TraitPlayed, ev.PlayFailed, ev.ThirdDominantDiscarded))
            and getattr(e, "source", "deck") == "deck"
        ):
            if e.cause is not None and e.cause.kind == ev.TRAIT and e.cause.card != e.card:
                if e.card not in drawn:  # a card drawn first was told by its draw
                    say(e.player, cause, name(e.card))
        elif isinstance(e, ev.TieBreakDraw):
            tie[g.name(e.player)] = name(e.card)
    players = []
    final = g.catastrophe(cp.table.catastrophes[-1]) if cp.table.catastrophes else None
    for seat, p in enumerate(cp.seats):
        choices: dict[str, Any] = {k: v for k, v in answers[seat].items() if k}
        if final is not None:  # a protection from the final catastrophe: was it used?
            for card in p.pile:
                for piece, _ in g.index.hooks[card].get("catastrophe_protection", ()):
                    if piece.get("except_catastrophe") != final.id:
                        choices[name(card)] = "yes" if seat in cp.round.protected else "no"
        players.append({
            "name": p.name,
            "traits": [name(c) for c in p.pile],
            "hand": [name(c) for c in p.hand],
            "gene_pool": p.gene_pool,
            "choices": choices,
        })
    data: dict[str, Any] = {
        "edition": g.options.edition,
        "catastrophes": [g.catastrophe(c).name for c in cp.table.catastrophes],
        "players": players,
        "first_player": g.name(cp.round.first_player),
    }
    if tie:
        data["tie_break"] = tie
    return data


CASES = [(seed, 2 + seed % 5, ("retail", "first")[seed % 2]) for seed in range(GAMES)]


@pytest.mark.parametrize("chunk", range(10))
def test_the_end_state_scores_exactly_as_the_game_did(chunk: int) -> None:
    differ = []
    for seed, players, edition in CASES[chunk::10]:
        g = finished(seed, players, edition)
        data = score_file_of(g)
        result = score_table(json.loads(json.dumps(data)), f"game {seed}")
        got = [(p.worlds_end, p.face_value, p.bonus, p.total) for p in result.players]
        want = [tuple(s) for s in g.ending.scores]
        if got != want or result.winners != [g.name(s) for s in g.ending.winners]:
            differ.append((seed, players, edition, got, want, result.winners))
    assert not differ, differ[:3]
