"""Where a saved game stands, in card names (Doomcrop: card codes): what a later release must
resume a kept save to."""

from __future__ import annotations

from typing import Any

from doomlings_access.positions import names_of
from doomlings_access.doomcrop import Choice
from doomlings_access.doomcrop import Game as CropGame
from doomlings_access.rules import Game

KEPT = ("phase", "round", "era", "first_player", "active", "age", "revealed", "catastrophes", "age_deck",
        "deck", "discard", "players", "denial_spent", "scores", "winners")
"""The parts of the state that are the position (the engine's bookkeeping is not)."""


def position(game: Game) -> dict[str, Any]:
    """The game's position: every card where it lies by name, the round, whose question and
    what it offers (cards by name), and the actions it took to get there."""
    state = names_of(game.setup, game.cards, game.snapshot(), game.defs)
    out = {key: state[key] for key in KEPT}
    d = game.pending
    out["pending"] = None if d is None else {
        "player": game.name(d.player), "kind": d.kind, "reason": d.reason, "source": d.source,
        "options": [game.card(o).name if isinstance(o, int) and d.kind in ("play", "card", "trait", "respond") else o
                    for o in d.options],
    }
    out["actions"] = len(game.actions)
    return out


CROP_KEPT = ("players", "grids", "hands", "set_aside", "discards", "draw", "top_face_up", "active", "ending",
             "outcome", "box")
"""The parts of a game of Doomcrop's state that are its position (not its chance or its work
under way: the question asked says that)."""


def crop_position(game: CropGame) -> dict[str, Any]:
    """A game of Doomcrop's position: every card where it lies by its code, whose question and
    what it offers, and the actions it took to get there."""
    state = game.snapshot()
    out = {key: state[key] for key in CROP_KEPT}
    d = game.pending
    out["pending"] = None if d is None else {
        "player": game.setup.players[d.player], "kind": str(d.kind), "reason": str(d.reason), "source": d.source,
        "options": [Choice(d.player, o).to_json()[1] for o in d.options],  # (as a save writes an answer)
    }
    out["actions"] = len(game.actions)
    return out
