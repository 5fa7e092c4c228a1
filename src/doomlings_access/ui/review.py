"""Review commands: what a player may look at, at any prompt, without changing the game."""

from __future__ import annotations

from doomlings_access.cards.describe import full_description
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


def describe_card(g: Game, typed: str) -> list[str]:
    """Every fact about a card, found by name, prefix, misspelling or label (typed or braille)."""
    try:
        found = find_cards(typed, g.cards.all_cards())
    except UnknownCardError as exc:
        return [str(exc)[0].upper() + str(exc)[1:]]
    if len(found) > 1:
        return [f"{len(found)} cards fit {typed}: {join([f'{c.name}, {c.label}' for c in found])}."]  # type: ignore[attr-defined]
    return full_description(found[0])  # type: ignore[arg-type]
