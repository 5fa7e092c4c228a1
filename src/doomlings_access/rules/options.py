"""Game setup and the named house-rule options (``shared/rules/CONFLICTS.md``).

The rulebook is the default. Each option switches one point to the digital spec's reading,
or enables the three uncertain ages, or the first printing of the cards.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


class SetupError(ValueError):
    """A setup the rules refuse. ``field`` names the part at fault (``options.edition``), so
    that a save's error names ``setup.options.edition``, not the whole setup."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"{field}: {why}")
        self.field, self.why = field, why


@dataclass(frozen=True)
class Options:
    """House rules and edition; the defaults are the rulebook and the retail printing."""

    edition: str = "retail"
    """``retail`` (second printing) or ``first`` (Kickstarter printing)."""
    long_age_deck: bool = False
    """Digital spec: every age is dealt into the three piles (a long game)."""
    empty_hand_draw: int = 3
    """Cards drawn when a turn starts with an empty hand (digital spec: 5)."""
    catastrophe_ends_round: bool = False
    """Digital spec: no turns are taken in a catastrophe's round."""
    gene_pool_leader_bonus: bool = False
    """Digital spec: +3 to the single player with the highest gene pool at the end."""
    discard_unmet_requirement: bool = False
    """Digital spec: a trait arriving from the deck or discard pile that fails its requirement is discarded."""
    ignore_restricted_cost: bool = False
    """Digital spec: a trait whose cost is restricted may still be played, skipping the cost."""
    all_28_ages: bool = False
    """Deal from all 28 ages, including the three whose presence in the retail box is uncertain."""
    colourless_counts_as_colour: bool = False
    """House rule: for "a trait of a different colour" (Telekinetic; first-printing Tentacles) a
    colourless trait counts as a colour of its own. The rulebook: colourless is not a colour."""
    one_card_to_a_lone_neighbour: bool = False
    """House rule: with two players, a catastrophe that gives a card to each neighbour (left and
    right) gives one card, not one for each side, to the one opponent."""

    def __post_init__(self) -> None:
        if self.edition not in ("retail", "first"):
            raise SetupError("options.edition", "must be retail or first")
        if not 1 <= self.empty_hand_draw <= 8:
            raise SetupError("options.empty_hand_draw", "must be from 1 to 8")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Options:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise SetupError(f"options.{min(unknown)[:40]}", "unknown option")
        return cls(**data)

    def differences(self) -> list[str]:
        """Names of the options that differ from the rulebook defaults, for announcing at start."""
        default = Options()
        return [f.name for f in fields(self) if getattr(self, f.name) != getattr(default, f.name)]


MAX_PLAYERS = 6
