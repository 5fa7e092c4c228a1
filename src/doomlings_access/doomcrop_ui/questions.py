"""Doomcrop's questions as the seat asked hears them, made from its view alone.

Places are offered by their names from the asker's seat ("front left", "Ben's back right"),
each with the card there as the asker may know it: their own cards always (face down too),
another's only face up. Keywords get words of their own ("the rest as dealt", "no Heart").
An option answers to its number, its place's name (with its owner's name for another's grid),
its card's short text ("7c") and name ("7 of clubs"), and its keyword's words.
"""

from __future__ import annotations

from doomlings_access.doomcrop.cards import Card
from doomlings_access.doomcrop.decisions import Decision, Reason, Value, Word
from doomlings_access.doomcrop.places import SPOTS, spot_name
from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ui import labels
from doomlings_access.doomcrop_ui.places import place_name, place_words
from doomlings_access.telling.questions import Option, Question
from doomlings_access.telling.words import Said, capital, plural

KEYWORDS: dict[Word, tuple[str, tuple[str, ...]]] = {
    Word.AS_DEALT: ("the rest as dealt", ("rest", "as dealt", "dealt")),
    Word.STOP: ("stop here", ("stop", "done", "none")),
    Word.NO: ("no Heart", ("no", "none")),
    Word.BACK: ("back: no sacrifice this turn", ("back", "no")),
    Word.SACRIFICE: ("sacrifice a Spade first", ("sacrifice", "spade")),
    Word.DRAW_PILE: ("the top card of the Draw pile", ("draw pile", "draw", "top")),
    Word.EPIC_HEARTS: ("Epic Technique of Hearts", ("epic hearts",)),
    Word.EPIC_DIAMONDS: ("Epic Technique of Diamonds", ("epic diamonds",)),
    Word.EPIC_SPADES: ("Epic Technique of Spades", ("epic spades",)),
    Word.EPIC_CLUBS: ("Epic Technique of Clubs", ("epic clubs",)),
}
"""Each keyword's words in the question and what it answers to."""

STOPS = {
    Reason.JACK_FIRST: "no more swaps",
    Reason.QUEEN: "no more cards face down",
    Reason.EPIC: "no more cards",
}
"""What stopping means, where it is asked."""


def build_question(view: View, d: Decision, labels_as: str = labels.TEXT) -> Question:
    """The question for decision ``d`` as its seat, whose view is ``view``, hears it."""
    options = tuple(_option(view, d, value, labels_as) for value in d.options)
    title = _title(view, d, labels_as)
    return Question(d, Said(title[0], title[1]), options)


def _card_words(card: Card) -> tuple[str, ...]:
    return (card.code.lower(), card.spoken.lower())


def _option(view: View, d: Decision, value: Value, labels_as: str) -> Option:
    if isinstance(value, Word):
        text, words = KEYWORDS[value]
        if value is Word.STOP and d.reason in STOPS:
            text = STOPS[Reason(d.reason)]
        return Option(value, text, text, (value.value.replace("_", " "), *words))
    if isinstance(value, str):  # a card of one's hand, by its code
        card = Card.parse(value)
        return Option(value, labels.text(card, labels_as), labels.spoken(card), _card_words(card))
    return _place_option(view, d, value, labels_as)


def _place_option(view: View, d: Decision, where: int, labels_as: str) -> Option:
    name = place_name(where, view.seat, view.names)
    own = [o for o in d.options if isinstance(o, int)]
    if all(o // SPOTS == view.seat for o in own):
        name = spot_name(where % SPOTS)  # only one's own grid is offered: the place alone
    slot = view.slot(where)
    words = place_words(where, view.seat, view.names)
    if slot is None:
        return Option(where, f"{name}, empty", f"{name}, empty", words)
    if slot.card is None:
        return Option(where, f"{name}, face down", f"{name}, face down", words)
    # Where every option is face down (a turn's flip, a King's next card), that goes unsaid.
    state = ", face up" if slot.up else ("" if d.reason in (Reason.FLIP, Reason.KING) else ", face down")
    text = f"{name}, {labels.text(slot.card, labels_as)}{state}"
    speech = f"{name}, {labels.spoken(slot.card)}{state}"
    if d.reason is Reason.HEARTS and len(d.about) == 2:
        defender = view.slot(int(d.about[0]))
        if defender is not None and defender.card is not None:
            total = int(defender.card.rank) + int(slot.card.rank)
            text, speech = f"{text}: {total}", f"{speech}: {total}"
    return Option(where, text, speech, (*words, *_card_words(slot.card)))


def _source(d: Decision, labels_as: str = labels.TEXT) -> tuple[str, str]:
    """The card whose power asks, in print and speech ("JC", or its braille cells, as every
    other card printed; "Jack of Clubs")."""
    if not d.source:
        return "", ""
    card = Card.parse(d.source)
    return labels.text(card, labels_as), labels.spoken(card)


def _title(view: View, d: Decision, labels_as: str = labels.TEXT) -> tuple[str, str]:
    """The question's title in print and in speech."""
    reason = Reason(d.reason)
    src_text, src_speech = _source(d, labels_as)
    me, names = view.seat, view.names

    def both(template: str) -> tuple[str, str]:
        return capital(template.format(src=src_text)), capital(template.format(src=src_speech))

    if reason is Reason.DISCARD:
        return both(f"Which of your {plural(len(view.hand), 'card')} starts your Discard pile? The others make your grid.")
    if reason is Reason.ARRANGE:
        spot = spot_name(int(d.about[0]) % SPOTS) if d.about else ""
        return both(f"Your grid, place {d.step} of {d.of}: {spot}. Which card goes there?")
    if reason is Reason.FLIP:
        return both("Flip which card?")  # ("Your turn." was just said)
    if reason is Reason.SACRIFICE:
        return both("Sacrifice which Spade? It goes to your Discard pile.")
    if reason is Reason.TARGET:
        where = place_name(int(d.about[0]), me, names) if d.about else ""
        return both(f"Your {{src}} at {where} attacks which card?")
    if reason is Reason.HEARTS:
        defender = place_name(int(d.about[0]), me, names)
        attacker = place_name(int(d.about[1]), me, names) if len(d.about) > 1 else "a card"
        # The defender named with its card, so each option's total (its value and the
        # helper's) is heard with both of its parts.
        slot = view.slot(int(d.about[0]))
        held = "" if slot is None or slot.card is None else ", the {held}"
        template = f"{{src}} at {attacker} attacks {defender}{held}. Add a face-down Heart beside it to its value?"
        card = slot.card if slot is not None else None
        return (
            capital(template.format(src=src_text, held=labels.text(card, labels_as) if card else "")),
            capital(template.format(src=src_speech, held=labels.spoken(card) if card else "")),
        )
    if reason is Reason.JACK_FIRST:
        return both(f"{{src}}: swap {d.step} of {d.of}. The first card to swap?")
    if reason is Reason.JACK_SECOND:
        first = place_name(int(d.about[0]), me, names) if d.about else ""
        return both(f"{{src}}: swap {first} with which card?")
    if reason is Reason.QUEEN:
        return both(f"{{src}}: turn which card face down, {d.step} of {d.of}?")
    if reason is Reason.KING:
        return both("{src}: which card attacks next?")
    if reason is Reason.ACE:
        return both("{src}: capture which card?")
    suit = str(d.about[0]) if d.about else ""
    return both(f"Epic Technique of {SUIT_NAMES.get(suit, suit)}: which card?")


SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
