"""The closed vocabulary of effect pieces that card data may use, with their parameters.

Card behaviour is data: each card lists pieces from this vocabulary, the loader rejects any
piece, slot or parameter not declared here, and the rules engine registers one implementation
per piece (``doomlings_access.rules.effects``). Documented for card authors in
``card_data/SCHEMA.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from doomlings_access.cards.model import COLOURS, REAL_COLOURS


@dataclass(frozen=True)
class Param:
    """One parameter of a piece: its type, whether it is required, and allowed values."""

    type: type
    required: bool = True
    choices: tuple[Any, ...] | None = None


def _p(t: type, required: bool = True, choices: tuple[Any, ...] | None = None) -> Param:
    return Param(t, required, choices)


COLOUR = _p(str, choices=COLOURS)
OPT_COLOUR = _p(str, required=False, choices=COLOURS)
COUNT = _p(int)

# slot name -> piece id -> parameters
VOCABULARY: Mapping[str, Mapping[str, Mapping[str, Param]]] = {
    "requires": {
        "min_colour_traits": {"colour": COLOUR, "count": COUNT},
        "give_positive_trait": {},
        "discard_colour_trait": {"colour": COLOUR},
    },
    "action": {
        "draw": {"count": COUNT},
        "discard_from_hand": {"count": COUNT},
        "give_from_hand": {"count": COUNT},
        "take_random_from_hand": {"count": COUNT},
        "each_opponent_discards_random": {"count": COUNT},
        "each_opponent_discards_trait": {"colour": OPT_COLOUR},
        "swap_hands": {},
        "steal_trait": {
            "colour": OPT_COLOUR,
            "face": _p(int, required=False),
            "resolve_action": _p(bool, required=False),
        },
        "trade_self_for_trait": {},
        "swap_traits": {"colour_rule": _p(str, choices=("same", "different"))},
        "swap_any_piles": {"colour_rule": _p(str, choices=("same", "different"))},
        "give_trait": {},
        "return_trait_to_hand": {},
        "discard_own_trait": {
            "colour": OPT_COLOUR,
            "min_face": _p(int, required=False),
            "random": _p(bool, required=False),
        },
        "mutual_trait_discard": {},
        "move_self_to_opponent": {},
        "play_another": {},
        "play_from_discard": {
            "which": _p(str, choices=("top", "choose")),
            "with_action": _p(bool),
        },
        "draw_then_play": {"count": COUNT, "colour": OPT_COLOUR, "optional": _p(bool)},
        "resolve_pile_action": {"whose": _p(str, choices=("own", "opponent"))},
        "look_at_next_age": {},
        "may_discard_hand_and_stabilize": {},
        "each_opponent_shows_take_and_play": {},
        "look_at_random_take_and_play": {"count": COUNT},
        "name_colour_all_discard": {},
        "trade_looks_take_one": {},
    },
    "on_play": {
        "skip_to_next_catastrophe": {},
        "into_opponent_pile": {},
    },
    "persistent": {
        "gene_pool": {"delta": _p(int), "who": _p(str, choices=("self", "all"))},
        "returns_when_discarded": {},
        "extra_draw_at_turn_start": {"count": COUNT},
        "ignore_next_catastrophe": {"except_catastrophe": _p(str, required=False)},
        "return_to_hand_on_green_play": {},
        "replace_discarded_trait": {"source": _p(str, choices=("draw", "deck_top"))},
    },
    "out_of_turn": {
        "cancel_action": {},
        "steal_played_trait": {},
        "at_any_time": {},
        "after_stabilizing": {},
        "at_worlds_end": {},
    },
    "worlds_end": {
        "recolour_traits": {},
        "choose_worlds_end_catastrophe": {},
        "play_from_hand": {"with_action": _p(bool)},
        "name_colour_opponents_discard_random": {},
        "name_colour": {},
    },
    "bonus": {
        "per_trait": {
            "points": COUNT,
            "colour": OPT_COLOUR,
            "face": _p(int, required=False),
            "negative_face": _p(bool, required=False),
            "same_name": _p(bool, required=False),
        },
        "per_same_name_in_all_piles": {"points": COUNT},
        "per_card_in_hand": {
            "points": COUNT,
            "dominant": _p(bool, required=False),
            "has_effect": _p(bool, required=False),
        },
        "distinct_colours": {"where": _p(str, choices=("hand", "pile")), "points": COUNT},
        "gene_pool_size": {},
        "fewest_colour": {"points": COUNT},
        "colour_pairs": {"points": COUNT},
        "opponents_colour_pairs": {"colour": _p(str, choices=REAL_COLOURS), "points": COUNT},
        "most_traits": {"points": COUNT},
        "most_of_colour": {"colour": _p(str, choices=REAL_COLOURS), "points": COUNT},
        "per_named_colour_trait": {"points": COUNT},
        "opponents_per_named_colour_trait": {"points": COUNT},
    },
    "round": {
        "colour_locked": {"colour": COLOUR},
        "max_face": {"value": COUNT},
        "no_repeat_colour": {},
        "ignore_actions": {},
        "protect_piles": {},
        "hand_size": {"value": COUNT},
        "reverse_order": {},
        "may_skip_stabilize": {},
        "may_discard_before_stabilize": {"max": COUNT},
        "may_redraw_instead_of_stabilize": {"count": COUNT},
        "extra_play_if": {"kind": _p(str, choices=("colourless", "effectless"))},
        "plays_per_turn": {"count": COUNT},
        "repeat_previous_age": {},
        "play_top_of_deck_instead": {},
        "look_at_next_age": {},
        "draw_after_stabilize": {"count": COUNT},
        "may_discard_dominants_then_stabilize": {},
    },
    "reveal": {
        "set_gene_pool": {"value": COUNT},
        "play_trait_at_once": {"trait": _p(str)},
        "random_discard_or_steal": {"stealer": _p(str)},
        "each_draws": {"count": COUNT},
        "each_discards_random": {"count": COUNT},
        "each_draws_keeps": {"draw": COUNT, "keep": COUNT},
        "each_draws_then_discards": {"draw": COUNT, "discard": COUNT},
    },
    "catastrophic": {
        "discard_down_to": {"count": COUNT},
        "stabilize": {},
        "discard_random": {"count": COUNT},
        "discard_hand": {},
        "discard_per_colour_trait": {"colour": COLOUR},
        "pass_hand": {"direction": _p(str, choices=("left", "right"))},
        "discard_from_hand": {"count": COUNT},
        "draw_per_colour_present": {},
        "discard_half_hand": {},
        "give_to_neighbours": {},
        "discard_own_trait": {
            "colour": OPT_COLOUR,
            "min_face": _p(int, required=False),
            "random": _p(bool, required=False),
        },
    },
    "catastrophe_worlds_end": {
        "colourless_count_as": {"face": COUNT, "except_dominants": _p(bool)},
        "draw_add_face": {"cap": _p(int, required=False)},
        "discard_own_trait": {
            "colour": OPT_COLOUR,
            "min_face": _p(int, required=False),
            "random": _p(bool, required=False),
        },
        "most_traits_points": {"points": COUNT},
        "fewest_traits_points": {"points": COUNT},
        "per_colour_trait_points": {"colour": COLOUR, "points": COUNT},
        "missing_colour_points": {"points": COUNT},
    },
}

TRAIT_SLOTS = ("requires", "action", "on_play", "persistent", "out_of_turn", "worlds_end", "bonus")
AGE_SLOTS = ("round", "reveal")
CATASTROPHE_SLOTS = {"catastrophic": "catastrophic", "worlds_end": "catastrophe_worlds_end"}
"""Field name in a catastrophe table -> vocabulary slot."""


HOOKS: Mapping[tuple[str, str], str] = {
    ("persistent", "gene_pool"): "pile_gene_pool",
    ("persistent", "returns_when_discarded"): "discarded_from_pile",
    ("persistent", "extra_draw_at_turn_start"): "trait_turn_start",
    ("persistent", "ignore_next_catastrophe"): "catastrophe_protection",
    ("persistent", "return_to_hand_on_green_play"): "after_green_played",
    ("persistent", "replace_discarded_trait"): "after_trait_discarded",
    ("out_of_turn", "cancel_action"): "response",
    ("out_of_turn", "steal_played_trait"): "response",
    ("out_of_turn", "at_any_time"): "response",
    ("on_play", "into_opponent_pile"): "destination",
    ("out_of_turn", "after_stabilizing"): "after_stabilizing",
    ("out_of_turn", "at_worlds_end"): "at_worlds_end",
    ("round", "colour_locked"): "age_forbids",
    ("round", "max_face"): "age_forbids",
    ("round", "no_repeat_colour"): "age_forbids",
    ("round", "ignore_actions"): "actions_ignored",
    ("round", "protect_piles"): "piles_protected",
    ("round", "hand_size"): "hand_size",
    ("round", "reverse_order"): "turn_order",
    ("round", "may_skip_stabilize"): "instead_of_stabilize",
    ("round", "may_discard_before_stabilize"): "before_stabilize",
    ("round", "may_redraw_instead_of_stabilize"): "instead_of_stabilize",
    ("round", "extra_play_if"): "after_turn_play",
    ("round", "plays_per_turn"): "plays_per_turn",
    ("round", "repeat_previous_age"): "repeat_previous_age",
    ("round", "play_top_of_deck_instead"): "turn_play",
    ("round", "look_at_next_age"): "round_turn_start",
    ("round", "draw_after_stabilize"): "after_stabilize",
    ("round", "may_discard_dominants_then_stabilize"): "before_turn_play",
}
"""The hook point each rule-changing piece plugs into (slots persistent, out_of_turn, round,
and the on-play pieces that decide where a trait goes).

The rules ask a hook point by its name and never test a piece's id; see
``doomlings_access.rules.registry``."""

HOOK_SLOTS = ("on_play", "persistent", "out_of_turn", "round")
CARD_REFERENCES: Mapping[tuple[str, str], tuple[str, str]] = {
    ("reveal", "play_trait_at_once"): ("trait", "trait"),
    ("reveal", "random_discard_or_steal"): ("stealer", "trait"),
    ("persistent", "ignore_next_catastrophe"): ("except_catastrophe", "catastrophe"),
}
"""Parameters that name another card: (parameter, kind of card), checked when cards load."""


def hook_of(slot: str, piece_id: str) -> str | None:
    return HOOKS.get((slot, piece_id))


def all_piece_ids() -> set[tuple[str, str]]:
    """Every (slot, piece id) pair of the vocabulary."""
    return {(slot, pid) for slot, table in VOCABULARY.items() for pid in table}
