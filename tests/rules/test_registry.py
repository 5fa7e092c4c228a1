"""One registry of effect pieces: every piece of the vocabulary has code, of the shape its slot
or hook point calls, and code for a piece that does not exist, or of the wrong shape, is refused
when it is registered (issue: one path through the rules, "one effect registry")."""

from __future__ import annotations

import inspect

import pytest

from doomlings_access.cards.pieces import VOCABULARY, Hook, Use, uses_of
from doomlings_access.cards.model import Piece
from doomlings_access.rules.registry import CALLS, REGISTRY, SECOND, call_of, implements, implements_second


def test_every_hook_point_and_slot_says_how_its_code_is_called() -> None:
    assert set(Hook) <= set(CALLS)
    hooked = {spec.hook for table in VOCABULARY.values() for spec in table.values() if spec.hook}
    assert hooked == set(Hook), "a hook point no piece plugs into is dead"


def test_every_piece_has_code_of_the_shape_its_call_takes() -> None:
    for slot, table in VOCABULARY.items():
        for piece_id in table:
            fn = REGISTRY[(slot, piece_id)]
            required = [
                p for p in inspect.signature(fn).parameters.values()
                if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            ]
            assert len(required) == len(call_of(slot, piece_id).parameters), (slot, piece_id)
    for slot, piece_id in SECOND:
        then = call_of(slot, piece_id).then
        assert then is not None, (slot, piece_id)


def test_code_for_an_unknown_piece_or_of_the_wrong_shape_is_refused() -> None:
    with pytest.raises(RuntimeError, match="not in the card vocabulary"):
        implements("action", "no_such_piece")(lambda g, seat, card, piece: None)
    with pytest.raises(RuntimeError, match="takes 3 arguments"):
        implements("action", "draw")(lambda g, seat, card: None)
    with pytest.raises(RuntimeError, match="registered twice"):
        implements("action", "draw")(lambda g, seat, card, piece: None)
    with pytest.raises(RuntimeError, match="no second part"):
        implements_second("action", "draw")(lambda g, seat, card, piece: None)


def test_a_piece_declares_what_it_does_and_its_parameters_can_add_to_it() -> None:
    """Players and the companion weigh pieces by their declared uses, never by their names."""
    assert Use.GENE_POOL_WHILE_IN_PILE in uses_of("persistent", Piece("gene_pool", {"delta": 1, "who": "self"}))
    assert Use.SCORES_THE_HAND in uses_of("bonus", Piece("distinct_colours", {"where": "hand", "points": 1}))
    assert Use.SCORES_THE_HAND not in uses_of("bonus", Piece("distinct_colours", {"where": "pile", "points": 1}))
