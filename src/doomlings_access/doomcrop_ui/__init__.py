"""Doomcrop heard and seen: its words for the game-agnostic prompt loop (:mod:`doomlings_access.telling`).

Everything here is made from one seat's :class:`~doomlings_access.doomcrop.View` and the events
as that seat saw them, never from the game: cards as "7 of Clubs" in speech, "7C" in short
text and uncontracted rank and suit letter in braille (:mod:`.labels`); grid places by names
that are the same for every listener (:mod:`.places`); every combat told cause first
(:mod:`.announcer`); the questions (:mod:`.questions`) and the review commands (:mod:`.review`).
"""
