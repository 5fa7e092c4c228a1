"""Which reading of a list of moves Doomcrop's rules give, as a number every save records.

A save is the seed and the moves, replayed. When a change of the rules makes a recorded list
of moves mean another game (a question asked that was not, an answer taken differently),
this number goes up: a save of another revision that no longer replays is then said to be
that version's, and kept for it, never blamed (as Doomlings' ``rules.revision``). The kept
save of ``tests/saves/fixtures`` shows whether a change does that.
"""

RULES_REVISION = 1
