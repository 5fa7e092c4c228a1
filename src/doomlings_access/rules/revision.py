"""Which reading of a list of moves the rules engine gives, as a number every save records.

A save is the seed and the moves, replayed; the card data it was played under is kept
(``cards.shipped``), but the engine's code cannot be. When a change of the rules makes a
recorded list of moves mean another game (a question asked that was not, an answer taken
differently), this number goes up: a save of another revision that no longer replays is then
said to be that version's, and kept for it, never blamed. The saved-game fixtures of
``tests/saves/fixtures`` show whether a change does that.
"""

RULES_REVISION = 1
