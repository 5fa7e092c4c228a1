"""Computer players of any game: the parts that are the same whichever game is played.

A game plugs in through its :class:`~doomlings_access.kernel.players.Family` (how to deal a
game from a view, its rules of thumb, where a turn ends, how a seat stands). Here are the
randomness a player draws for one decision (:mod:`.chance`), the random player, the games
played on from a view (:mod:`.playout`) and the determinized search (:mod:`.search`). Each
game's own players (``ai`` for Doomlings, ``doomcrop_ai`` for Doomcrop) build their levels
from these; nothing here imports a game.
"""
