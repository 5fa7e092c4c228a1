"""Doomcrop: the engine of a game for two to six players with ordinary playing cards.

A pure package (no I/O, the standard library only, nothing else of ``doomlings_access``):
a :class:`Game` made from a :class:`Setup` asks :class:`Decision` questions, takes
:class:`Choice` answers through :meth:`Game.apply`, and tells typed events with their cause
and audience. :meth:`Game.view` gives what one seat may know; :func:`sample` deals a complete
game from a view for players that think ahead. The rules are in
``/work/shared/rules/doomcrop-rules.txt``; the rulings on its open sentences in
``docs/doomcrop-rulings.md``.
"""

from doomlings_access.doomcrop.cards import Card, Rank, Suit
from doomlings_access.doomcrop.decisions import (
    Choice, Decision, GameOverError, IllegalActionError, Kind, Reason, Value, Word,
)
from doomlings_access.doomcrop.events import Cause, Event
from doomlings_access.doomcrop.game import Game, SaveError
from doomlings_access.doomcrop.options import Adjacency, KingOrder, Options, SetupError
from doomlings_access.doomcrop.setup import Setup, read_position
from doomlings_access.doomcrop.position import Position, PositionError
from doomlings_access.doomcrop.revision import RULES_REVISION
from doomlings_access.doomcrop.sampling import sample
from doomlings_access.doomcrop.state import Outcome
from doomlings_access.doomcrop.view import SlotView, View

__all__ = [
    "Adjacency", "Card", "Cause", "Choice", "Decision", "Event", "Game", "GameOverError",
    "IllegalActionError", "Kind", "KingOrder", "Options", "Outcome", "Position", "PositionError",
    "RULES_REVISION", "Rank", "Reason", "SaveError", "Setup", "SetupError", "SlotView", "Suit", "Value", "View", "Word",
    "read_position", "sample",
]
