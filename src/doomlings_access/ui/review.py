"""Review commands: what a player may look at, at any prompt, without changing the game."""

from __future__ import annotations

from typing import Any

from doomlings_access.braille.labels import read_typed_label
from doomlings_access.cards.lookup import UnknownCardError, find_cards
from doomlings_access.rules.game import Game
from doomlings_access.rules.scoring import score
from doomlings_access.ui.words import Style, card_text, join, plural


def hand(g: Game, seat: int, style: Style, who: str = "Your") -> list[str]:
    cards = g.players[seat].hand
    if not cards:
        return [f"{who} hand is empty."]
    return [f"{who} hand, {plural(len(cards), 'card')}:"] + [
        f"{i}. {card_text(g.defs[c], style)}" for i, c in enumerate(cards, 1)
    ]


def pile(g: Game, seat: int, style: Style, me: int | None) -> list[str]:
    whose = "Your" if seat == me else f"{g.name(seat)}'s"
    cards = g.players[seat].pile
    if not cards:
        return [f"{whose} trait pile is empty."]
    return [f"{whose} trait pile, {plural(len(cards), 'trait')}:"] + [
        card_text(g.defs[c], style) for c in cards
    ]


def table(g: Game, me: int | None) -> list[str]:
    out = []
    for seat in g.seats_from(g.first_player):
        p = g.players[seat]
        who = "You" if seat == me else p.name
        first = ", first player" if seat == g.first_player else ""
        out.append(
            f"{who}: {plural(len(p.pile), 'trait')}, gene pool {p.gene_pool}, "
            f"{plural(len(p.hand), 'card')} in hand{first}."
        )
    return out


def scores(g: Game, me: int | None) -> list[str]:
    if g.scores:
        parts = g.scores
        head = "Final scores:"
    else:
        parts = [score(g, seat) for seat in range(g.n)]
        head = "Scores if the world ended now, before World's End effects:"
    out = [head]
    for seat, (we, face, bonus, total) in enumerate(parts):
        who = "You" if seat == me else g.name(seat)
        out.append(f"{who}: {plural(total, 'point')}. World's End {we}, face value {face}, bonus {bonus}.")
    return out


def age(g: Game) -> list[str]:
    if g.age is not None:
        out = [f"Round {g.round}, era {g.era}: {g.age.name}. {g.age.text}"]
    elif g.catastrophes:
        c = g.catastrophe(g.catastrophes[-1])
        out = [f"Round {g.round}, era {g.era}: catastrophe {c.name}."]
    else:
        out = ["The game has not started a round yet."]
    cats = [g.catastrophe(c).name for c in g.catastrophes]
    out.append(f"Catastrophes so far: {join(cats) if cats else 'none'}, of 3.")
    return out


def gene_pools(g: Game, me: int | None) -> list[str]:
    parts = [f"{'you' if s == me else g.name(s)} {g.players[s].gene_pool}" for s in range(g.n)]
    return [f"Gene pools: {join(parts)}."]


def deck(g: Game, style: Style) -> list[str]:
    top = f", top: {card_text(g.defs[g.discard[-1]], style)}" if g.discard else ""
    return [
        f"Deck: {plural(len(g.deck), 'card')}. Discard pile: {plural(len(g.discard), 'card')}{top}."
    ]


def cards_fitting(g: Game, typed: str, style: Style) -> tuple[list[Any], list[str]]:
    """The cards ``typed`` may mean (by name, prefix, misspelling, or label in any form a
    braille user types it), and the lines to show when the player must pick one by number
    (none when exactly one card fits)."""
    cards = g.cards.all_cards()
    try:
        found = find_cards(typed, cards, read_typed_label)
    except UnknownCardError as exc:
        message = str(exc)[0].upper() + str(exc)[1:]
        return [c for n in exc.suggestions for c in cards if c.name == n], [message]
    if len(found) == 1:
        return found, []
    numbered = [f"{n}. {c.name}, {style.label(c)}" for n, c in enumerate(found, 1)]
    return found, [f"{len(found)} cards fit {typed}:", *numbered]
