"""What each of Doomcrop's questions is for, said by ``help`` at that question (the prompt loop
every game shares asks each game for its question's help, after the ways to answer it).

A person new to the game hears at the question what the rules let them do there, in the rules'
own terms; the title says what is asked, this says why and what follows from it.
"""

from __future__ import annotations

from doomlings_access.doomcrop.decisions import Decision, Reason, Word

HELP: dict[Reason, str] = {
    Reason.DISCARD: (
        "The card you choose starts your Discard pile, face up, and never comes back into play; "
        "the lowest discard goes first (a face above every number, a Diamond above an equal number)."
    ),
    Reason.ARRANGE: (
        "Your grid has three rows of three, front nearest the line of opposition; each card "
        "fights the card facing it in the opposing grid. You always know your own face-down cards."
    ),
    Reason.FLIP: (
        "A number you flip attacks the card facing it; a face card you flip uses its power, "
        "then is captured. Higher number captures, lower is captured, a tie leaves both face up."
    ),
    Reason.SACRIFICE: (
        "Once a turn, before you flip, you may capture one of your own Spades numbers, face up "
        "or face down; a new card from the Draw pile takes its place."
    ),
    Reason.TARGET: (
        "A Clubs number may attack any card it is directly aligned with instead of the card "
        "facing it."
    ),
    Reason.HEARTS: (
        "A face-down Heart beside a Heart attacked may be flipped to add its value to the "
        "defence; above 10 together, they capture even an attacking 10."
    ),
    Reason.JACK_FIRST: (
        "A Jack swaps your own cards, one for one, up to three times; the Jack may be swapped "
        "too, and no card is turned over."
    ),
    Reason.JACK_SECOND: "The second card of this swap: the two change places, as they lie.",
    Reason.QUEEN: "A Queen turns up to three of your cards face down.",
    Reason.KING: (
        "A King flips each of your face-down numbers, one by one, and each attacks; the King "
        "attacks too, as a 7 against a number. Numbers already face up do not attack."
    ),
    Reason.ACE: "An Ace captures any card on the table, face up or face down, or the top card of the Draw pile.",
    Reason.EPIC: (
        "An Epic Technique needs four cards of its suit in a square of your grid, face up or "
        "face down; it is used before you flip."
    ),
}
"""Each question's help, by the step of the rules that asks it."""

STOPPING = "You may stop early: choose the option that stops."


def question_help(d: Decision) -> list[str]:
    """The help of question ``d``: what the rules let its player do there, and that they may
    stop where the rules allow fewer."""
    lines = [HELP[Reason(d.reason)]]
    if Word.STOP in d.options:
        lines.append(STOPPING)
    return lines
