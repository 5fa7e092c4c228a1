"""Doomlings' questions: what their options are (:class:`Kind`), why each is asked
(:class:`Reason`), the words offered beside cards and seats (:class:`Word`), and which answers
other seats cannot see.

Every question the rules or a card ask a player is a :class:`Decision` in the game state;
whoever drives the game (a person at the prompt, a computer player, a test, the scorer)
answers it with a :class:`Choice` naming one of its options. Both are the kernel's, the same
for every game. Multi-card choices are asked one card at a time, so every option list is small
and easy to read aloud.
"""

from __future__ import annotations

from enum import StrEnum

from doomlings_access.kernel.decisions import Choice, Decision, Value, new_tuple

__all__ = [
    "PRIVATE_ANSWERS", "SILENT", "Choice", "Decision", "Kind", "Reason", "Value", "Word", "answer_is_private",
    "is_silent", "new_tuple",
]


class Kind(StrEnum):
    """What a decision's options are."""

    PLAY = "play"
    """Card ids in the hand (or elsewhere) to play; maybe a word (no)."""
    CARD = "card"
    """Card ids (in a hand or a set of cards shown or drawn)."""
    TRAIT = "trait"
    """Card ids in trait piles."""
    PLAYER = "player"
    """Seats."""
    COLOUR = "colour"
    """Colour names."""
    YES_NO = "yes_no"
    """yes / no."""
    OPTION = "option"
    """Words, such as skip / redraw."""
    RESPOND = "respond"
    """Card ids of traits played out of turn, or pass."""
    CATASTROPHE = "catastrophe"
    """Catastrophe ids."""
    CHANCE = "chance"
    """A random pick supplied from outside (the scorer: what happened at a real table)."""


class Reason(StrEnum):
    """Why a decision is asked: the key of its wording, and of how a computer player weighs it.

    Named for what is asked, never for the card that asks it (a card's name is its source)."""

    PLAY_TRAIT = "play_trait"
    """A turn's play: which trait of the hand."""
    CANNOT_PLAY = "cannot_play"
    """No trait can be played: skip the turn, or discard the hand and draw three."""
    RESPOND = "respond"
    """A trait was just played: play one out of turn in answer, or pass."""
    RESPOND_TO_ACTION = "respond_to_action"
    """An action is about to resolve through another trait: play one in answer, or pass."""
    PLAY_AFTER_STABILIZING = "play_after_stabilizing"
    """A trait that may be played once its owner has stabilized."""
    PLAY_AT_WORLDS_END = "play_at_worlds_end"
    """A trait that may be played from the hand at World's End."""
    WORLDS_END_PLAY = "worlds_end_play"
    """A World's End effect lets its owner play one more trait from the hand, or none."""
    PLAY_ANOTHER = "play_another"
    PLAY_DRAWN = "play_drawn"
    MAY_PLAY_DRAWN = "may_play_drawn"
    PLAY_FROM_DISCARD = "play_from_discard"
    EXTRA_PLAY = "extra_play"
    """The round lets a trait of a kind be followed by another of that kind."""
    TAKE_AND_PLAY = "take_and_play"
    """Which of the cards shown to take, and play if it can be played."""
    TAKE_CARD = "take_card"
    DISCARD = "discard"
    DISCARD_TO_STABILIZE = "discard_to_stabilize"
    KEEP = "keep"
    """Fewer questions than choosing what goes: which cards stay."""
    KEEP_TO_STABILIZE = "keep_to_stabilize"
    MAY_DISCARD = "may_discard"
    DISCARD_DOMINANT = "discard_dominant"
    DISCARD_HAND_AND_STABILIZE = "discard_hand_and_stabilize"
    GIVE = "give"
    GIVE_A_CARD_TO = "give_a_card_to"
    GIVE_CARDS_TO = "give_cards_to"
    GIVE_CARD_TO = "give_card_to"
    GIVE_LAST_CARD_TO = "give_last_card_to"
    SHOW_CARD = "show_card"
    TAKE_RANDOM_FROM = "take_random_from"
    LOOK_AT_HAND_OF = "look_at_hand_of"
    TRADE_LOOKS_WITH = "trade_looks_with"
    SWAP_HANDS_WITH = "swap_hands_with"
    MUTUAL_DISCARD_WITH = "mutual_discard_with"
    """The opponent who, with the player, discards a trait of the other's pile."""
    DISCARD_THEIR_TRAIT = "discard_their_trait"
    DISCARD_TRAIT = "discard_trait"
    STEAL = "steal"
    TRADE_FOR = "trade_for"
    SWAP_GIVE = "swap_give"
    SWAP_TAKE = "swap_take"
    SWAP_FIRST = "swap_first"
    SWAP_SECOND = "swap_second"
    GIVE_TRAIT = "give_trait"
    GIVE_TRAIT_TO = "give_trait_to"
    RETURN_TO_HAND = "return_to_hand"
    MOVE_TO = "move_to"
    INTO_WHOSE_PILE = "into_whose_pile"
    RESOLVE_ACTION_OF = "resolve_action_of"
    NAME_COLOUR = "name_colour"
    NAME_COLOUR_DISCARD = "name_colour_discard"
    RECOLOUR_FROM = "recolour_from"
    RECOLOUR_TO = "recolour_to"
    CHOOSE_WORLDS_END = "choose_worlds_end"
    MAY_SKIP_STABILIZE = "may_skip_stabilize"
    MAY_REDRAW = "may_redraw"
    # Random picks, asked only where the game asks them (the scorer: what happened at a table).
    RANDOM_TAKE = "random_take"
    RANDOM_LOOK = "random_look"
    RANDOM_DISCARD = "random_discard"
    RANDOM_TRAIT_DISCARD = "random_trait_discard"
    CARD_DRAWN = "card_drawn"
    WORLDS_END_DRAW = "worlds_end_draw"
    TIE_BREAK_DRAW = "tie_break_draw"


class Word(StrEnum):
    """The options of a decision that are words, not cards, seats or colours."""

    PASS = "pass"
    NO = "no"
    YES = "yes"
    DONE = "done"
    SKIP = "skip"
    REDRAW = "redraw"
    STABILIZE = "stabilize"


PRIVATE_ANSWERS = frozenset({
    Reason.KEEP, Reason.KEEP_TO_STABILIZE, Reason.GIVE, Reason.GIVE_CARD_TO, Reason.TAKE_CARD,
    Reason.TAKE_AND_PLAY,
})
"""Reasons whose answer (a card of a hand) only the player asked, and the one it goes to, see."""
SILENT = frozenset({Word.PASS, Word.NO, Word.DONE})
"""Answers that change nothing anyone sees: to a question asked only of a player holding a
card that fits, another seat cannot tell whether it was asked at all."""


def answer_is_private(reason: str) -> bool:
    """Whether the card a player chooses for ``reason`` is seen only by them (and its receiver)."""
    return reason in PRIVATE_ANSWERS


def is_silent(reason: str, value: Value) -> bool:
    """Whether answering ``value`` leaves nothing another seat could notice."""
    return value in SILENT
