"""Every game that can be played at an online table, by name: the one place that knows both.

Online play (:mod:`doomlings_access.online`) reaches a game only through its entry here, a
:class:`~doomlings_access.online.kinds.GameKind` each game's telling gives (Doomlings':
:mod:`doomlings_access.ui.table`; Doomcrop's: :mod:`doomlings_access.doomcrop_ui.table`):
how to make its engine from the seats, a seed and the host's rules, its computer players by
level, each person's telling, its questions and its review commands. A game plugs in with one
line of :data:`GAMES`.

It sits beside online play, above both games (which never import each other, nor it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_access.doomcrop_ui.table import DOOMCROP
from doomlings_access.ui.table import DOOMLINGS

if TYPE_CHECKING:
    from doomlings_access.online.kinds import GameKind

GAMES: dict[str, GameKind] = {kind.name: kind for kind in (DOOMLINGS, DOOMCROP)}
DEFAULT = DOOMLINGS.name
"""A room's game when its host names none."""
