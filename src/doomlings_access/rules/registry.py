"""One registry of effect pieces: the code that carries out each piece a card may use.

The card vocabulary (:data:`doomlings_access.cards.pieces.VOCABULARY`) declares every piece:
its slot, its parameters, the hook point (:class:`~doomlings_access.cards.pieces.Hook`) it plugs
into if it changes a rule rather than does something once, and what it does that others weigh.
This module says how the code of each slot and of each hook point is called (:data:`CALLS`,
one signature each) and holds the one implementation of every piece in :data:`REGISTRY`, with
the second part of a two-part piece (the cost of a requirement, the reply of a response) in
:data:`SECOND`. Code registered for a piece the vocabulary does not declare, twice, or with a
number of parameters its signature does not take is refused when the rules are imported.

The rules never test a piece's name. Where a rule can be changed by a card, the rules call a
hook point (``Hook.HAND_SIZE``, ``Hook.TURN_ORDER``...) and every piece in force that plugs into
it answers. A new card is mostly data: it uses pieces that exist, or adds one piece here and one
entry to the vocabulary.

>>> ("action", "draw") in REGISTRY or not REGISTRY  # filled when the rules are imported
True
>>> CALLS[Hook.HAND_SIZE].parameters
('g', 'piece', 'seat')
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from doomlings_access.cards import CardSet
from doomlings_access.cards.describe import pieces_of
from doomlings_access.cards.model import AnyCard
from doomlings_access.cards.pieces import VOCABULARY, Hook, hook_of

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Call:
    """How a piece's code is called: its parameters, what it returns, and what for.

    ``then``: the second part's call, for a two-part piece."""

    parameters: tuple[str, ...]
    returns: str
    why: str
    then: Call | None = None


def _call(signature: str, returns: str, why: str, then: Call | None = None) -> Call:
    return Call(tuple(signature.split()), returns, why, then)


_PLAYER_CARD = "g seat card piece"
_FLOW = "Flow"

CALLS: dict[str | Hook, Call] = {
    # slots whose pieces do something once, where the slot says
    "requires": _call(
        _PLAYER_CARD, "a reason it cannot be played, or None",
        "a requirement to meet, or a cost to pay, before the trait enters the pile",
        then=_call(_PLAYER_CARD, _FLOW, "pay the cost"),
    ),
    "action": _call(_PLAYER_CARD, _FLOW, "done once, when played from the hand"),
    "on_play": _call(_PLAYER_CARD, _FLOW, "done whenever the trait is played"),
    "worlds_end": _call(_PLAYER_CARD, _FLOW, "done by the trait's owner at World's End"),
    "bonus": _call(
        "tableau seat card piece", "points", "drop-of-life points at scoring",
        then=_call("tableau seat card piece opponent", "points", "points the trait gives each opponent"),
    ),
    "reveal": _call("g piece", _FLOW, "done by every player when an age is revealed"),
    "catastrophic": _call("g piece seats", _FLOW, "a catastrophe's effect on the seats it affects"),
    "catastrophe_worlds_end": _call("g piece seats", _FLOW, "the final catastrophe's World's End effect"),
    # hook points of traits in piles (slot persistent)
    Hook.PILE_GENE_POOL: _call(_PLAYER_CARD + " sign", "None", "a gene pool change on entering (+1) or leaving (-1)"),
    Hook.TRAIT_TURN_START: _call(_PLAYER_CARD, _FLOW, "at the start of the owner's turn"),
    Hook.DISCARDED_FROM_PILE: _call(_PLAYER_CARD, "True when the trait stays in its pile", "on being discarded"),
    Hook.AFTER_TRAIT_DISCARDED: _call(_PLAYER_CARD, _FLOW, "after a trait of the pile is discarded"),
    Hook.AFTER_GREEN_PLAYED: _call(_PLAYER_CARD + " played", _FLOW, "after its owner plays a green trait"),
    Hook.CATASTROPHE_PROTECTION: _call(_PLAYER_CARD + " catastrophe", "True when it protects", "a catastrophe revealed"),
    # where a trait goes (slot on_play)
    Hook.DESTINATION: _call(_PLAYER_CARD, "Flow of the seat", "whose pile the trait goes into"),
    # out-of-turn plays (slot out_of_turn)
    Hook.RESPONSE: _call(
        "g responder card piece window", "True when it may answer", "whether it fits the play under way",
        then=_call("g responder card piece window", _FLOW, "play it in answer"),
    ),
    Hook.AFTER_STABILIZING: _call(_PLAYER_CARD, _FLOW, "played by its owner right after they stabilize"),
    Hook.AT_WORLDS_END: _call(_PLAYER_CARD, _FLOW, "played by its owner at World's End"),
    # the round's rules (slot round)
    Hook.AGE_FORBIDS: _call("g piece card", "a reason, or None", "why a trait cannot be played this round"),
    Hook.ACTIONS_IGNORED: _call("g piece", "True", "actions are ignored this round (in force is enough)"),
    Hook.PILES_PROTECTED: _call("g piece", "True", "traits in piles cannot be swapped, stolen or discarded"),
    Hook.REPEAT_PREVIOUS_AGE: _call("g piece", "True", "the last age's rules and reveal effects apply again"),
    Hook.HAND_SIZE: _call("g piece seat", "the hand size", "what stabilizing draws or discards to"),
    Hook.TURN_ORDER: _call("g piece order", "the order", "the order of the round's turns"),
    Hook.ROUND_TURN_START: _call("g piece seat", _FLOW, "at the start of every turn, first"),
    Hook.BEFORE_TURN_PLAY: _call("g piece seat", _FLOW, "at the start of every turn, after the traits'"),
    Hook.TURN_PLAY: _call("g piece seat", _FLOW, "what a turn does instead of playing from the hand"),
    Hook.PLAYS_PER_TURN: _call("g piece", "how many", "traits a turn plays"),
    Hook.AFTER_TURN_PLAY: _call("g piece seat played", _FLOW, "after each trait a turn plays"),
    Hook.BEFORE_STABILIZE: _call("g piece seat", _FLOW, "before a turn's stabilizing"),
    Hook.INSTEAD_OF_STABILIZE: _call("g piece seat", "Flow of True when the player still stabilizes", "in place of stabilizing"),
    Hook.AFTER_STABILIZE: _call("g piece seat", _FLOW, "after a turn's stabilizing"),
}
"""How the code of each slot (whose pieces do something once) and of each hook point is called."""

REGISTRY: dict[tuple[str, str], Callable[..., Any]] = {}
"""(slot, piece id) -> the function that carries the piece out (for a hook point, its answer)."""

SECOND: dict[tuple[str, str], Callable[..., Any]] = {}
"""Second parts of two-part pieces: the cost of a requirement, the reply of a response, the
points a bonus gives opponents."""


def call_of(slot: str, piece_id: str) -> Call:
    """How the code of a piece is called: its hook point's call, else its slot's."""
    if piece_id not in VOCABULARY.get(slot, {}):
        raise RuntimeError(f"{(slot, piece_id)} is not in the card vocabulary")
    point = hook_of(slot, piece_id)
    return CALLS[point if point is not None else slot]


def implements(slot: str, *piece_ids: str) -> Callable[[F], F]:
    """Register ``fn`` as the code of the given pieces of ``slot`` (each exactly once)."""

    def register(fn: F) -> F:
        for piece_id in piece_ids:
            key = (slot, piece_id)
            _check(key, fn, call_of(slot, piece_id), REGISTRY)
            REGISTRY[key] = fn
        return fn

    return register


def implements_second(slot: str, *piece_ids: str) -> Callable[[F], F]:
    """Register the second part of a two-part piece (a requirement's cost, a response's reply)."""

    def register(fn: F) -> F:
        for piece_id in piece_ids:
            key = (slot, piece_id)
            then = call_of(slot, piece_id).then
            if then is None:
                raise RuntimeError(f"{key} has no second part")
            _check(key, fn, then, SECOND)
            SECOND[key] = fn
        return fn

    return register


def _check(key: tuple[str, str], fn: Callable[..., Any], call: Call, into: dict[tuple[str, str], Any]) -> None:
    """Refuse code for a piece twice, or of the wrong shape (one the vocabulary does not declare
    has no call: :func:`call_of` refuses it)."""
    takes = [
        p for p in inspect.signature(fn).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
    ]
    if len(takes) != len(call.parameters):
        raise RuntimeError(
            f"{key}: {fn.__name__} takes {len(takes)} arguments; its call is ({', '.join(call.parameters)})"
        )
    if key in into:
        raise RuntimeError(f"{key} registered twice")


def code(slot: str, piece_id: str) -> Callable[..., Any]:
    return REGISTRY[(slot, piece_id)]


def unimplemented(cards: CardSet) -> list[tuple[AnyCard, list[str]]]:
    """Cards using a piece that no code carries out (``doomlings cards --check``)."""
    out = []
    for card in cards.all_cards():
        gaps = [f"{slot} {pid}" for slot, pid in pieces_of(card) if (slot, pid) not in REGISTRY]
        if gaps:
            out.append((card, gaps))
    return out


def missing() -> list[tuple[str, str]]:
    """Pieces of the vocabulary with no registered code, or with a second part and none."""
    declared = {(slot, pid) for slot, table in VOCABULARY.items() for pid in table}
    gaps = declared - set(REGISTRY)
    return sorted(gaps)
