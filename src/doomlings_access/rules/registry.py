"""One registry of effect pieces: which code carries out each piece a card may use.

The card vocabulary (:data:`doomlings_access.cards.pieces.VOCABULARY`) declares every piece:
its slot, its parameters and, for pieces that change a rule rather than do something once,
the *hook point* it plugs into. This module declares each slot's signature once, in
:data:`SLOTS`, and holds the one implementation of each piece in :data:`REGISTRY`.

The rules never test a piece's name. Where a rule can be changed by a card, the rules call a
hook point by its name (``hand_size``, ``turn_order``, ``catastrophe_protection``...) and
every piece in force that declares that hook answers. A new card is mostly data: it uses
pieces that exist, or adds one piece here and one line to the vocabulary.

>>> ("action", "draw") in REGISTRY or not REGISTRY  # filled when the rules are imported
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from doomlings_access.cards import CardSet
from doomlings_access.cards.describe import pieces_of
from doomlings_access.cards.model import AnyCard
from doomlings_access.cards.pieces import VOCABULARY, hook_of

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class SlotSpec:
    """A kind of piece: where it is written on a card and how its code is called."""

    signature: str
    why: str


SLOTS: dict[str, SlotSpec] = {
    "requires": SlotSpec(
        "check(g, seat, card, piece) -> reason | None; pay(g, seat, card, piece) -> Flow",
        "a requirement to meet, or a cost to pay, before the trait enters the pile",
    ),
    "action": SlotSpec("(g, seat, card, piece) -> Flow", "done once, when played from the hand"),
    "on_play": SlotSpec("(g, seat, card, piece) -> Flow", "done whenever the trait is played"),
    "persistent": SlotSpec("a hook point of HOOKS", "a rule that holds while the trait is in a pile"),
    "out_of_turn": SlotSpec("a hook point of HOOKS", "when the trait may be played outside a turn"),
    "worlds_end": SlotSpec("(g, seat, card, piece) -> Flow", "done by the trait's owner at World's End"),
    "bonus": SlotSpec("(tableau, seat, card, piece) -> int", "drop-of-life points at scoring"),
    "round": SlotSpec("a hook point of HOOKS", "a rule of an age that holds for its round"),
    "reveal": SlotSpec("(g, piece) -> Flow", "done by every player when an age is revealed"),
    "catastrophic": SlotSpec("(g, piece, seats) -> Flow", "a catastrophe's effect on the seats it affects"),
    "catastrophe_worlds_end": SlotSpec(
        "(g, piece, seats) -> Flow", "the final catastrophe's World's End effect"
    ),
}

HOOKS: dict[str, str] = {
    # trait piles (slot "persistent")
    "pile_gene_pool": "(g, seat, card, piece, sign) -> None: a gene pool change on entering (+1) or leaving (-1)",
    "trait_turn_start": "(g, seat, card, piece) -> Flow: at the start of the owner's turn",
    "discarded_from_pile": "(g, seat, card, piece) -> bool: True when the trait stays in its pile",
    "after_trait_discarded": "(g, seat, card, piece) -> Flow: after a trait of the pile is discarded",
    "after_green_played": "(g, seat, card, piece, played) -> Flow: after its owner plays a green trait",
    "catastrophe_protection": "(g, seat, card, piece, catastrophe) -> bool: True when it protects",
    # where a trait goes (slot "on_play")
    "destination": "(g, seat, card, piece) -> Flow[seat]: whose pile the trait goes into",
    # out-of-turn plays (slot "out_of_turn")
    "response": "fits(g, responder, card, piece, player, played, action_open) -> bool and "
    "respond(g, responder, card, piece, player, played) -> Flow[cancels the action?]",
    "after_stabilizing": "offered to its owner right after they stabilize",
    "at_worlds_end": "offered to its owner at World's End",
    # the round's rules (slot "round")
    "age_forbids": "(g, piece, card) -> reason | None: why a trait cannot be played this round",
    "actions_ignored": "flag: actions are ignored this round",
    "piles_protected": "flag: traits in piles cannot be swapped, stolen or discarded",
    "hand_size": "(g, piece, seat) -> int: the hand size to stabilize to",
    "turn_order": "(g, piece, order) -> order",
    "round_turn_start": "(g, piece, seat) -> Flow: at the start of every turn, first",
    "before_turn_play": "(g, piece, seat) -> Flow: at the start of every turn, after the traits'",
    "turn_play": "(g, piece, seat) -> Flow: what a turn does instead of playing from the hand",
    "plays_per_turn": "(g, piece) -> int",
    "after_turn_play": "(g, piece, seat, played) -> Flow: after each trait a turn plays",
    "before_stabilize": "(g, piece, seat) -> Flow",
    "instead_of_stabilize": "(g, piece, seat) -> Flow[True when the player still stabilizes]",
    "after_stabilize": "(g, piece, seat) -> Flow",
    "repeat_previous_age": "flag: the last age's rules and reveal effects apply again",
}

REGISTRY: dict[tuple[str, str], Callable[..., Any]] = {}
"""(slot, piece id) -> the function that carries the piece out (for a hook, its answer)."""

EXTRA: dict[tuple[str, str], Callable[..., Any]] = {}
"""Second functions of two-part pieces: the cost of a requirement, the reply of a response."""


def implements(slot: str, *piece_ids: str) -> Callable[[F], F]:
    """Register ``fn`` as the code of the given pieces of ``slot`` (each exactly once)."""

    def register(fn: F) -> F:
        for piece_id in piece_ids:
            key = (slot, piece_id)
            if key not in _declared():
                raise RuntimeError(f"{key} is not in the card vocabulary")
            if key in REGISTRY:
                raise RuntimeError(f"{key} registered twice")
            REGISTRY[key] = fn
        return fn

    return register


def implements_second(slot: str, *piece_ids: str) -> Callable[[F], F]:
    """Register the second part of a two-part piece (a requirement's cost, a response's reply)."""

    def register(fn: F) -> F:
        for piece_id in piece_ids:
            EXTRA[(slot, piece_id)] = fn
        return fn

    return register


def _declared() -> set[tuple[str, str]]:
    return {(slot, pid) for slot, table in VOCABULARY.items() for pid in table}


def code(slot: str, piece_id: str) -> Callable[..., Any]:
    return REGISTRY[(slot, piece_id)]


def hook(slot: str, piece_id: str) -> str | None:
    """The hook point a piece plugs into, as the vocabulary declares it."""
    return hook_of(slot, piece_id)


def unimplemented(cards: CardSet) -> list[tuple[AnyCard, list[str]]]:
    """Cards using a piece that no code carries out (``doomlings cards --check``)."""
    out = []
    for card in cards.all_cards():
        gaps = [f"{slot} {pid}" for slot, pid in pieces_of(card) if (slot, pid) not in REGISTRY]
        if gaps:
            out.append((card, gaps))
    return out


def missing() -> list[tuple[str, str]]:
    """Pieces of the vocabulary with no registered code (empty when the rules are complete)."""
    return sorted(_declared() - set(REGISTRY))
