"""The way of telling any game of the studio: what every game's prompt loop shares.

A message said (:class:`~.words.Said`: the printed line and the spoken sentence), the
questions a person answers (:mod:`.questions`) and the one reader of what they type
(:mod:`.answers`: the local prompt's and the online terminal client's), and the prompt loop
that drives a game through the kernel's protocol (:mod:`.loop`): news told from a seat's view,
a paced stretch of lines between two prompts, review commands, verbosity, speech, saving after
every answer. A game plugs in by giving its words (:class:`~.loop.GameWords`): events to
sentences, its questions, its card labels and how they are typed
(:class:`~.answers.AnswerWords`), its review commands. Nothing here imports a game.
"""
