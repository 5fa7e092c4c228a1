"""Doomcrop's review commands, read from one seat's view: a grid, every grid, the Discard
piles, the Draw pile, and any card (by its name, or by the place it lies in).

Every line of a list fits a 40-cell braille display (:data:`CELLS`), so a reader never pans
across one row: a grid is told a place a line under its owner's heading ("Ben's grid:", then
"front left: face down", front row first, each row left to right as its owner sits); a Discard
pile its count, then its cards a few to a line. A row of a grid as one line ("Front: left 2S
face down, middle 3S face down, right 7C face down.") took 57 to 67 cells. The listener's own
face-down cards are named (they know them); another's are "face down".

>>> from doomlings_access.doomcrop import Game, Setup
>>> view = Game(Setup(("Ana", "Ben"), seed=1)).view(0)
>>> [said.text for said in draw_pile(view)]
['Draw pile: 32 cards.']
>>> [said.text for said in list_rows(["4D", "10H", "QS", "AC", "9S", "8S", "JH"], ["4 of Diamonds"] * 7)]
['4D, 10H, QS, AC, 9S, 8S, JH.']
>>> describe("10h")[0]
'10 of Hearts, a Number of Hearts.'
"""

from __future__ import annotations

from collections.abc import Sequence

from doomlings_access.doomcrop.cards import Card, CardError, Rank, Suit
from doomlings_access.doomcrop.places import SPOTS, axes, opposite, spot_by_name, spot_name
from doomlings_access.doomcrop.view import SlotView, View
from doomlings_access.doomcrop_ui import labels
from doomlings_access.doomcrop_ui.places import place_name, whose
from doomlings_access.lines import columns_of
from doomlings_access.safety.text import players_named
from doomlings_access.telling.words import Said, capital, plural

CELLS = 40
"""The widest line of a list: a 40-cell braille display, the common size, shows it whole."""


def _slot_words(slot: SlotView | None, labels_as: str, speech: bool) -> str:
    if slot is None:
        return "empty"
    if slot.card is None:
        return "face down"
    card = labels.spoken(slot.card) if speech else labels.text(slot.card, labels_as)
    return card if slot.up else f"{card} face down"


def grid(view: View, seat: int, labels_as: str = labels.TEXT) -> list[Said]:
    """``seat``'s grid as the viewer may know it: a heading, then a place a line, front left to
    back right ("front left: 7C face down")."""
    owner = capital(whose(seat, view.seat, view.names))
    out = [Said.alike(f"{owner} grid:")]
    for spot, slot in enumerate(view.grids[seat]):
        name = spot_name(spot)
        out.append(Said(f"{name}: {_slot_words(slot, labels_as, False)}", f"{name}: {_slot_words(slot, labels_as, True)}"))
    return out


def grids(view: View, labels_as: str = labels.TEXT) -> list[Said]:
    """Every grid, the viewer's first, then the others in seat order."""
    seats = [view.seat, *[s for s in range(view.n) if s != view.seat]]
    return [line for s in seats for line in grid(view, s, labels_as)]


def list_rows(texts: Sequence[str], speeches: Sequence[str], width: int = CELLS) -> list[Said]:
    """Items (cards) a few to a line, each line at most ``width`` cells, the last ending with a
    full stop; each line's speech says the same items in words."""
    out: list[Said] = []
    row: list[int] = []
    for i, item in enumerate(texts):
        if row and columns_of(", ".join([*(texts[j] for j in row), item]) + ",") > width:
            out.append(_row(texts, speeches, row, ","))
            row = []
        row.append(i)
    if row:
        out.append(_row(texts, speeches, row, "."))
    return out


def _row(texts: Sequence[str], speeches: Sequence[str], row: list[int], end: str) -> Said:
    return Said(", ".join(texts[j] for j in row) + end, ", ".join(speeches[j] for j in row) + end)


def discards(view: View, labels_as: str = labels.TEXT) -> list[Said]:
    """Each Discard pile: how many cards, what it counts when a Diamond number makes it more
    (one counts as two), then its cards a few to a line."""
    out = []
    for seat, pile in enumerate(view.discards):
        counted = sum(c.counts for c in pile)
        owner = capital(whose(seat, view.seat, view.names))
        out.append(Said.alike(f"{owner} Discard pile: {plural(len(pile), 'card')}."))
        if counted != len(pile):
            out.append(Said.alike(f"It counts {counted}, a Diamond number as two."))
        out.extend(list_rows([labels.text(c, labels_as) for c in pile], [labels.spoken(c) for c in pile]))
    return out


def draw_pile(view: View, labels_as: str = labels.TEXT) -> list[Said]:
    out = [Said.alike(f"Draw pile: {plural(view.draw_size, 'card')}.")]
    top = view.draw_top
    if top is not None:
        out.append(Said(f"Its top card, face up: {labels.text(top, labels_as)}.", f"Its top card, face up: {labels.spoken(top)}."))
    return out


SEAT_WORDS = ("me", "my", "mine", "your")
"""Words that name the listener's own seat ("grid mine"), besides "you" (one person's name)."""


def seat_named(view: View, typed: str) -> int | None:
    """The seat ``typed`` names ("me", "Ben", "ben's"), or None."""
    key = typed.strip().lower().removesuffix("'s")
    if key in ("", "you", *SEAT_WORDS):
        return view.seat
    hits = players_named(key, list(view.names))
    return hits[0] if len(hits) == 1 else None


def place_typed(view: View, typed: str) -> int | None:
    """The place ``typed`` names: "front left" (one's own), "ben back left", "ben's centre"."""
    words = typed.strip().lower().split()
    for cut in range(len(words)):
        spot = spot_by_name(" ".join(words[cut:]))
        if spot is None:
            continue
        seat = seat_named(view, " ".join(words[:cut]))
        return None if seat is None else seat * SPOTS + spot
    return None


RANK_POWERS = {
    Rank.JACK: "Flipped, it swaps the places of its owner's cards, one for one, up to three times.",
    Rank.QUEEN: "Flipped, it turns up to three of its owner's face-up cards face down.",
    Rank.KING: (
        "Flipped, each of its owner's face-down Numbers is flipped and attacks, one by one; "
        "the King attacks too, as a 7, and cannot capture a Face."
    ),
    Rank.ACE: "Flipped, it captures any card on the board, or the top card of the Draw pile.",
    Rank.JOKER: "Flipped or captured, a die is rolled and its table obeyed; any Number captures it.",
}
JOKER_DIE = (
    "Die 1: players swap sides of the board.",
    "Die 2: players swap Discard piles.",
    "Die 3: each player captures their grid and deals a new one.",
    "Die 4: every Face card acts, face-up ones too.",
    "Die 5: each grid is shuffled and dealt again face down.",
    "Die 6: the Draw pile's top card is face up to the end.",
)
"""The Joker's table, which its description would otherwise only name."""
SUIT_POWERS = {
    Suit.CLUBS: "Clubs: it may attack any card directly aligned with it, not only its opposing card.",
    Suit.DIAMONDS: "Diamonds: in a Discard pile at the end it counts as two cards.",
    Suit.HEARTS: "Hearts: attacked, its owner may flip a face-down Heart beside it and add its value.",
    Suit.SPADES: "Spades: once a turn, before flipping, its owner may capture it (a sacrifice).",
}


def describe(typed: str) -> list[str]:
    """What a card does, by its short text or name ("7c", "7 of clubs", "queen of spades")."""
    card = card_named(typed)
    if card is None:
        return [f"No card {typed.strip()[:20]}: type a card's short text or name, like 7 of Clubs, or a place like front left."]
    kind = "a Number" if card.is_number else "a Face card"
    head = f"{card.spoken}, {kind}" + (f" of {card.spoken.split(' of ')[-1]}." if card.suit is not Suit.NONE and card.is_number else ".")
    if card.is_number:
        lines = [head, "Flipped, it attacks its opposing card: the higher number captures the lower; equal numbers both stay face up."]
        if card.rank is Rank.TWO:
            lines.append("A 2 captures any Face card, and is the only Number that captures a 10.")
        else:
            if card.rank is Rank.TEN:
                lines.append("Only a 2, or Hearts adding up past 10, capture a 10.")
            lines.append("It captures a Face card only of its own suit.")
        lines.append(SUIT_POWERS[card.suit])
        return lines
    lines = [head, RANK_POWERS[card.rank]]
    if card.rank is Rank.JOKER:
        lines.extend(JOKER_DIE)
    else:
        lines.append(
            "After its power its owner captures it. Attacked, it is captured only by a 2, a Number of its suit, or an Ace."
        )
    return lines


def card_named(typed: str) -> Card | None:
    """A card by its short text ("7c", "10h", "joker") or its name ("7 of clubs")."""
    words = typed.strip().lower()
    try:
        return Card.parse(words.replace(" ", ""))
    except CardError:
        pass
    names = {"jack": "J", "queen": "Q", "king": "K", "ace": "A"}
    rank, _, suit = words.partition(" of ")
    if not suit:
        return None
    code = names.get(rank.strip(), rank.strip()) + suit.strip()[:1]
    try:
        return Card.parse(code)
    except CardError:
        return None


def card_at(view: View, where: int, labels_as: str = labels.TEXT) -> list[Said]:
    """What lies at a place, as the viewer may know it, the places it faces (one across each
    axis of opposition: with three players or more, one in each neighbour's grid), and what its
    card does."""
    name = capital(place_name(where, view.seat, view.names))
    slot = view.slot(where)
    text, speech = _slot_words(slot, labels_as, False), _slot_words(slot, labels_as, True)
    out = [Said(f"{name}: {text}.", f"{name}: {speech}.")]
    seat = where // SPOTS
    for _, other in axes(view.n, seat):
        out.append(Said.alike(f"It faces {place_name(other * SPOTS + opposite(where % SPOTS), view.seat, view.names)}."))
    if slot is not None and slot.card is not None:
        out.extend(Said(line, line) for line in describe(slot.card.code)[1:])
    return out
