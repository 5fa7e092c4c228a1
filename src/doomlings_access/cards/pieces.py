"""The closed vocabulary of effect pieces that card data may use, with their parameters.

Card behaviour is data: each card lists pieces from this vocabulary, the loader rejects any
piece, slot or parameter not declared here, and the rules engine registers one implementation
per piece (``doomlings_access.rules.effects``). Documented for card authors in
``card_data/SCHEMA.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from doomlings_access.cards.model import COLOURS, REAL_COLOURS, Piece


class Hook(StrEnum):
    """Where a card in play, or the round's age, changes a rule: the rules ask a hook point by
    this name and every piece in force that plugs into it answers (:mod:`doomlings_access.rules.hooks`).
    What each answers, and how it is called, is in ``doomlings_access.rules.registry``."""

    # trait piles (slot persistent)
    PILE_GENE_POOL = "pile_gene_pool"
    TRAIT_TURN_START = "trait_turn_start"
    DISCARDED_FROM_PILE = "discarded_from_pile"
    AFTER_TRAIT_DISCARDED = "after_trait_discarded"
    AFTER_GREEN_PLAYED = "after_green_played"
    CATASTROPHE_PROTECTION = "catastrophe_protection"
    # where a trait goes (slot on_play)
    DESTINATION = "destination"
    # out-of-turn plays (slot out_of_turn)
    RESPONSE = "response"
    AFTER_STABILIZING = "after_stabilizing"
    AT_WORLDS_END = "at_worlds_end"
    # the round's rules (slot round)
    AGE_FORBIDS = "age_forbids"
    ACTIONS_IGNORED = "actions_ignored"
    PILES_PROTECTED = "piles_protected"
    HAND_SIZE = "hand_size"
    TURN_ORDER = "turn_order"
    ROUND_TURN_START = "round_turn_start"
    BEFORE_TURN_PLAY = "before_turn_play"
    TURN_PLAY = "turn_play"
    PLAYS_PER_TURN = "plays_per_turn"
    AFTER_TURN_PLAY = "after_turn_play"
    BEFORE_STABILIZE = "before_stabilize"
    INSTEAD_OF_STABILIZE = "instead_of_stabilize"
    AFTER_STABILIZE = "after_stabilize"
    REPEAT_PREVIOUS_AGE = "repeat_previous_age"


class Use(StrEnum):
    """What a piece does that code outside the rules weighs: computer players value a trait by
    these, the companion asks what a table needs by them. A piece declares its uses; a new piece
    that does one of these things declares it, and is weighed with no change elsewhere."""

    GENE_POOL_WHILE_IN_PILE = "gene_pool_while_in_pile"
    """Changes a gene pool while the trait is in a pile (parameters ``delta``, ``who``)."""
    STEALS_THE_TRAIT_PLAYED = "steals_the_trait_played"
    CANCELS_AN_ACTION = "cancels_an_action"
    PLAYED_AT_ANY_TIME = "played_at_any_time"
    PLAYED_AT_WORLDS_END = "played_at_worlds_end"
    PLAYS_FROM_THE_HAND_AT_WORLDS_END = "plays_from_the_hand_at_worlds_end"
    CHOOSES_THE_WORLDS_END = "chooses_the_worlds_end"
    SCORES_THE_HAND = "scores_the_hand"
    """A bonus that counts cards of the owner's hand at the end."""
    SCORES_THE_GENE_POOL = "scores_the_gene_pool"
    PLAYS_A_NAMED_TRAIT_AT_ONCE = "plays_a_named_trait_at_once"
    """An age that has whoever holds a trait play it at once, past the dominant limit."""
    DRAWS_FOR_POINTS = "draws_for_points"
    """A World's End effect that draws a card and scores its face value."""


@dataclass(frozen=True)
class Param:
    """One parameter of a piece: its type, whether it is required, and allowed values."""

    type: type
    required: bool = True
    choices: tuple[Any, ...] | None = None


def _p(t: type, required: bool = True, choices: tuple[Any, ...] | None = None) -> Param:
    return Param(t, required, choices)


@dataclass(frozen=True)
class PieceSpec:
    """A piece of the vocabulary: its parameters, the hook point it plugs into if it changes a
    rule rather than does something once, and what it does that others weigh."""

    params: Mapping[str, Param]
    hook: Hook | None = None
    uses: frozenset[Use] = frozenset()
    uses_when: Mapping[Use, tuple[str, Any]] = field(default_factory=lambda: MappingProxyType({}))
    """Uses that depend on a parameter: the use holds when the parameter has that value."""


COLOUR = _p(str, choices=COLOURS)
OPT_COLOUR = _p(str, required=False, choices=COLOURS)
COUNT = _p(int)

# slot name -> piece id -> parameters
VOCABULARY: Mapping[str, Mapping[str, PieceSpec]] = {
    "requires": {
        "min_colour_traits": PieceSpec({"colour": COLOUR, "count": COUNT}),
        "give_positive_trait": PieceSpec({}),
        "discard_colour_trait": PieceSpec({"colour": COLOUR}),
    },
    "action": {
        "draw": PieceSpec({"count": COUNT}),
        "discard_from_hand": PieceSpec({"count": COUNT}),
        "give_from_hand": PieceSpec({"count": COUNT}),
        "take_random_from_hand": PieceSpec({"count": COUNT}),
        "each_opponent_discards_random": PieceSpec({"count": COUNT}),
        "each_opponent_discards_trait": PieceSpec({"colour": OPT_COLOUR}),
        "swap_hands": PieceSpec({}),
        "steal_trait": PieceSpec({
            "colour": OPT_COLOUR,
            "face": _p(int, required=False),
            "resolve_action": _p(bool, required=False),
        }),
        "trade_self_for_trait": PieceSpec({}),
        "swap_traits": PieceSpec({"colour_rule": _p(str, choices=("same", "different"))}),
        "swap_any_piles": PieceSpec({"colour_rule": _p(str, choices=("same", "different"))}),
        "give_trait": PieceSpec({}),
        "return_trait_to_hand": PieceSpec({}),
        "discard_own_trait": PieceSpec({
            "colour": OPT_COLOUR,
            "min_face": _p(int, required=False),
            "random": _p(bool, required=False),
        }),
        "mutual_trait_discard": PieceSpec({}),
        "move_self_to_opponent": PieceSpec({}),
        "play_another": PieceSpec({}),
        "play_from_discard": PieceSpec({
            "which": _p(str, choices=("top", "choose")),
            "with_action": _p(bool),
        }),
        "draw_then_play": PieceSpec({"count": COUNT, "colour": OPT_COLOUR, "optional": _p(bool)}),
        "resolve_pile_action": PieceSpec({"whose": _p(str, choices=("own", "opponent"))}),
        "look_at_next_age": PieceSpec({}),
        "may_discard_hand_and_stabilize": PieceSpec({}),
        "each_opponent_shows_take_and_play": PieceSpec({}),
        "look_at_random_take_and_play": PieceSpec({"count": COUNT}),
        "name_colour_all_discard": PieceSpec({}),
        "trade_looks_take_one": PieceSpec({}),
    },
    "on_play": {
        "skip_to_next_catastrophe": PieceSpec({}),
        "into_opponent_pile": PieceSpec({}, hook=Hook.DESTINATION),
    },
    "persistent": {
        "gene_pool": PieceSpec({"delta": _p(int), "who": _p(str, choices=("self", "all"))}, hook=Hook.PILE_GENE_POOL, uses=frozenset({Use.GENE_POOL_WHILE_IN_PILE})),
        "returns_when_discarded": PieceSpec({}, hook=Hook.DISCARDED_FROM_PILE),
        "extra_draw_at_turn_start": PieceSpec({"count": COUNT}, hook=Hook.TRAIT_TURN_START),
        "ignore_next_catastrophe": PieceSpec({"except_catastrophe": _p(str, required=False)}, hook=Hook.CATASTROPHE_PROTECTION),
        "return_to_hand_on_green_play": PieceSpec({}, hook=Hook.AFTER_GREEN_PLAYED),
        "replace_discarded_trait": PieceSpec({"source": _p(str, choices=("draw", "deck_top"))}, hook=Hook.AFTER_TRAIT_DISCARDED),
    },
    "out_of_turn": {
        "cancel_action": PieceSpec({}, hook=Hook.RESPONSE, uses=frozenset({Use.CANCELS_AN_ACTION})),
        "steal_played_trait": PieceSpec({}, hook=Hook.RESPONSE, uses=frozenset({Use.STEALS_THE_TRAIT_PLAYED})),
        "at_any_time": PieceSpec({}, hook=Hook.RESPONSE, uses=frozenset({Use.PLAYED_AT_ANY_TIME})),
        "after_stabilizing": PieceSpec({}, hook=Hook.AFTER_STABILIZING),
        "at_worlds_end": PieceSpec({}, hook=Hook.AT_WORLDS_END, uses=frozenset({Use.PLAYED_AT_WORLDS_END})),
    },
    "worlds_end": {
        "recolour_traits": PieceSpec({}),
        "choose_worlds_end_catastrophe": PieceSpec({}, uses=frozenset({Use.CHOOSES_THE_WORLDS_END})),
        "play_from_hand": PieceSpec({"with_action": _p(bool)}, uses=frozenset({Use.PLAYS_FROM_THE_HAND_AT_WORLDS_END})),
        "name_colour_opponents_discard_random": PieceSpec({}),
        "name_colour": PieceSpec({}),
    },
    "bonus": {
        "per_trait": PieceSpec({
            "points": COUNT,
            "colour": OPT_COLOUR,
            "face": _p(int, required=False),
            "negative_face": _p(bool, required=False),
            "same_name": _p(bool, required=False),
        }),
        "per_same_name_in_all_piles": PieceSpec({"points": COUNT}),
        "per_card_in_hand": PieceSpec({
            "points": COUNT,
            "dominant": _p(bool, required=False),
            "has_effect": _p(bool, required=False),
        }, uses=frozenset({Use.SCORES_THE_HAND})),
        "distinct_colours": PieceSpec(
            {"where": _p(str, choices=("hand", "pile")), "points": COUNT},
            uses_when=MappingProxyType({Use.SCORES_THE_HAND: ("where", "hand")}),
        ),
        "gene_pool_size": PieceSpec({}, uses=frozenset({Use.SCORES_THE_GENE_POOL})),
        "fewest_colour": PieceSpec({"points": COUNT}),
        "colour_pairs": PieceSpec({"points": COUNT}),
        "opponents_colour_pairs": PieceSpec({"colour": _p(str, choices=REAL_COLOURS), "points": COUNT}),
        "most_traits": PieceSpec({"points": COUNT}),
        "most_of_colour": PieceSpec({"colour": _p(str, choices=REAL_COLOURS), "points": COUNT}),
        "per_named_colour_trait": PieceSpec({"points": COUNT}),
        "opponents_per_named_colour_trait": PieceSpec({"points": COUNT}),
    },
    "round": {
        "colour_locked": PieceSpec({"colour": COLOUR}, hook=Hook.AGE_FORBIDS),
        "max_face": PieceSpec({"value": COUNT}, hook=Hook.AGE_FORBIDS),
        "no_repeat_colour": PieceSpec({}, hook=Hook.AGE_FORBIDS),
        "ignore_actions": PieceSpec({}, hook=Hook.ACTIONS_IGNORED),
        "protect_piles": PieceSpec({}, hook=Hook.PILES_PROTECTED),
        "hand_size": PieceSpec({"value": COUNT}, hook=Hook.HAND_SIZE),
        "reverse_order": PieceSpec({}, hook=Hook.TURN_ORDER),
        "may_skip_stabilize": PieceSpec({}, hook=Hook.INSTEAD_OF_STABILIZE),
        "may_discard_before_stabilize": PieceSpec({"max": COUNT}, hook=Hook.BEFORE_STABILIZE),
        "may_redraw_instead_of_stabilize": PieceSpec({"count": COUNT}, hook=Hook.INSTEAD_OF_STABILIZE),
        "extra_play_if": PieceSpec({"kind": _p(str, choices=("colourless", "effectless"))}, hook=Hook.AFTER_TURN_PLAY),
        "plays_per_turn": PieceSpec({"count": COUNT}, hook=Hook.PLAYS_PER_TURN),
        "repeat_previous_age": PieceSpec({}, hook=Hook.REPEAT_PREVIOUS_AGE),
        "play_top_of_deck_instead": PieceSpec({}, hook=Hook.TURN_PLAY),
        "look_at_next_age": PieceSpec({}, hook=Hook.ROUND_TURN_START),
        "draw_after_stabilize": PieceSpec({"count": COUNT}, hook=Hook.AFTER_STABILIZE),
        "may_discard_dominants_then_stabilize": PieceSpec({}, hook=Hook.BEFORE_TURN_PLAY),
    },
    "reveal": {
        "set_gene_pool": PieceSpec({"value": COUNT}),
        "play_trait_at_once": PieceSpec({"trait": _p(str)}, uses=frozenset({Use.PLAYS_A_NAMED_TRAIT_AT_ONCE})),
        "random_discard_or_steal": PieceSpec({"stealer": _p(str)}),
        "each_draws": PieceSpec({"count": COUNT}),
        "each_discards_random": PieceSpec({"count": COUNT}),
        "each_draws_keeps": PieceSpec({"draw": COUNT, "keep": COUNT}),
        "each_draws_then_discards": PieceSpec({"draw": COUNT, "discard": COUNT}),
    },
    "catastrophic": {
        "discard_down_to": PieceSpec({"count": COUNT}),
        "stabilize": PieceSpec({}),
        "discard_random": PieceSpec({"count": COUNT}),
        "discard_hand": PieceSpec({}),
        "discard_per_colour_trait": PieceSpec({"colour": COLOUR}),
        "pass_hand": PieceSpec({"direction": _p(str, choices=("left", "right"))}),
        "discard_from_hand": PieceSpec({"count": COUNT}),
        "draw_per_colour_present": PieceSpec({}),
        "discard_half_hand": PieceSpec({}),
        "give_to_neighbours": PieceSpec({}),
        "discard_own_trait": PieceSpec({
            "colour": OPT_COLOUR,
            "min_face": _p(int, required=False),
            "random": _p(bool, required=False),
        }),
    },
    "catastrophe_worlds_end": {
        "colourless_count_as": PieceSpec({"face": COUNT, "except_dominants": _p(bool)}),
        "draw_add_face": PieceSpec({"cap": _p(int, required=False)}, uses=frozenset({Use.DRAWS_FOR_POINTS})),
        "discard_own_trait": PieceSpec({
            "colour": OPT_COLOUR,
            "min_face": _p(int, required=False),
            "random": _p(bool, required=False),
        }),
        "most_traits_points": PieceSpec({"points": COUNT}),
        "fewest_traits_points": PieceSpec({"points": COUNT}),
        "per_colour_trait_points": PieceSpec({"colour": COLOUR, "points": COUNT}),
        "missing_colour_points": PieceSpec({"points": COUNT}),
    },
}

TRAIT_SLOTS = ("requires", "action", "on_play", "persistent", "out_of_turn", "worlds_end", "bonus")
AGE_SLOTS = ("round", "reveal")
CATASTROPHE_SLOTS = {"catastrophic": "catastrophic", "worlds_end": "catastrophe_worlds_end"}
"""Field name in a catastrophe table -> vocabulary slot."""


HOOK_SLOTS = ("on_play", "persistent", "out_of_turn", "round")
CARD_REFERENCES: Mapping[tuple[str, str], tuple[str, str]] = {
    ("reveal", "play_trait_at_once"): ("trait", "trait"),
    ("reveal", "random_discard_or_steal"): ("stealer", "trait"),
    ("persistent", "ignore_next_catastrophe"): ("except_catastrophe", "catastrophe"),
}
"""Parameters that name another card: (parameter, kind of card), checked when cards load."""


def hook_of(slot: str, piece_id: str) -> Hook | None:
    """The hook point a piece plugs into, as the vocabulary declares it (None: it does something
    once, where its slot says)."""
    return VOCABULARY[slot][piece_id].hook


def uses_of(slot: str, piece: Piece) -> frozenset[Use]:
    """What a piece of a card does that players and helpers outside the rules may weigh: its
    declared uses, and those its parameters bring."""
    spec = VOCABULARY[slot][piece.effect]
    if not spec.uses_when:
        return spec.uses
    return spec.uses | {use for use, (name, value) in spec.uses_when.items() if piece.get(name) == value}


def any_use(slot: str, pieces: Iterable[Piece], use: Use) -> bool:
    """Whether one of a card's pieces of ``slot`` has ``use``."""
    return any(use in uses_of(slot, p) for p in pieces)


def all_piece_ids() -> set[tuple[str, str]]:
    """Every (slot, piece id) pair of the vocabulary."""
    return {(slot, pid) for slot, table in VOCABULARY.items() for pid in table}
