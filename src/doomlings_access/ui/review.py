"""Review commands: what a player may look at, at any prompt, without changing the game.

Each reads the view of the seat being served (:class:`~doomlings_access.rules.PlayerView`),
never the game: a review can show only what that seat may know.
"""

from __future__ import annotations

from typing import Any

from doomlings_access.braille.labels import read_typed_label
from doomlings_access.cards import CardSet
from doomlings_access.cards.lookup import UnknownCardError, find_cards
from doomlings_access.rules.scoring import score_of
from doomlings_access.rules.view import PlayerView
from doomlings_access.ui.words import Style, card_text, join, plural


def _who(v: PlayerView, seat: int) -> str:
    return "You" if seat == v.seat else v.name(seat)


def hand(v: PlayerView, style: Style, who: str = "Your") -> list[str]:
    cards = v.hand
    if not cards:
        return [f"{who} hand is empty."]
    return [f"{who} hand, {plural(len(cards), 'card')}:"] + [
        f"{i}. {card_text(v.card(c), style)}" for i, c in enumerate(cards, 1)
    ]


def pile(v: PlayerView, seat: int, style: Style) -> list[str]:
    whose = "Your" if seat == v.seat else f"{v.name(seat)}'s"
    cards = v.piles[seat]
    if not cards:
        return [f"{whose} trait pile is empty."]
    return [f"{whose} trait pile, {plural(len(cards), 'trait')}:"] + [
        card_text(v.card(c), style) for c in cards
    ]


def table(v: PlayerView) -> list[str]:
    out = []
    for seat in v.seats_from(v.first_player):
        first = ", first player" if seat == v.first_player else ""
        out.append(
            f"{_who(v, seat)}: {plural(len(v.piles[seat]), 'trait')}, gene pool {v.gene_pools[seat]}, "
            f"{plural(v.hand_sizes[seat], 'card')} in hand{first}."
        )
    return out


def scores(v: PlayerView) -> list[str]:
    if v.scores:
        parts = list(v.scores)
        head = "Final scores:"
    else:
        t = v.tableau()
        parts = [score_of(t, seat) for seat in range(v.n)]
        head = "Scores if the world ended now, before World's End effects:"
    out = [head]
    for seat, (we, face, bonus, total) in enumerate(parts):
        out.append(
            f"{_who(v, seat)}: {plural(total, 'point')}. World's End {we}, face value {face}, bonus {bonus}."
        )
    return out


def age(v: PlayerView) -> list[str]:
    if v.age is not None:
        out = [f"Round {v.round}, era {v.era}: {v.age.name}. {v.age.text}"]
    elif v.catastrophes:
        c = v.cards.catastrophes[v.catastrophes[-1]]
        out = [f"Round {v.round}, era {v.era}: catastrophe {c.name}."]
    else:
        out = ["The game has not started a round yet."]
    cats = [v.cards.catastrophes[c].name for c in v.catastrophes]
    out.append(f"Catastrophes so far: {join(cats) if cats else 'none'}, of 3.")
    return out


def gene_pools(v: PlayerView) -> list[str]:
    parts = [f"{'you' if s == v.seat else v.name(s)} {v.gene_pools[s]}" for s in range(v.n)]
    return [f"Gene pools: {join(parts)}."]


def deck(v: PlayerView, style: Style) -> list[str]:
    top = f", top: {card_text(v.card(v.discard[-1]), style)}" if v.discard else ""
    return [
        f"Deck: {plural(v.deck_size, 'card')}. Discard pile: {plural(len(v.discard), 'card')}{top}."
    ]


def cards_fitting(cards: CardSet, typed: str, style: Style) -> tuple[list[Any], list[str]]:
    """The cards ``typed`` may mean (by name, prefix, misspelling, or label in any form a
    braille user types it), and the lines to show when the player must pick one by number
    (none when exactly one card fits)."""
    every = cards.all_cards()
    try:
        found = find_cards(typed, every, read_typed_label)
    except UnknownCardError as exc:
        message = str(exc)[0].upper() + str(exc)[1:]
        return [c for n in exc.suggestions for c in every if c.name == n], [message]
    if len(found) == 1:
        return found, []
    numbered = [f"{n}. {c.name}, {style.label(c)}" for n, c in enumerate(found, 1)]
    return found, [f"{len(found)} cards fit {typed}:", *numbered]
