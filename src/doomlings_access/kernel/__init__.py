"""The kernel: what every game of the studio shares, and what the rest of the program may
assume of a game.

A game is a pure engine (its state, the question pending, ``apply(Choice) -> events``, a
view per seat, seeded chance, no I/O) in a package of its own: Doomlings (``cards`` and
``rules``), Doomcrop (``doomcrop``). The kernel holds the types every engine speaks in (a
:class:`~.decisions.Decision` asked, a :class:`~.decisions.Choice` answering it, the errors of
a wrong answer, the game's seeded chance), and what the game-agnostic computer players ask of
a game (:mod:`.players`: a family per game). Games import the kernel, never each other; the
kernel imports no game.
"""
