"""Game setup and the named house-rule options (``shared/rules/CONFLICTS.md``).

The rulebook is the default. Each option switches one point to the digital spec's reading,
or enables the three uncertain ages, or the first printing of the cards.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from doomlings_access.rules.position import Position


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


@dataclass(frozen=True)
class Setup:
    """Everything that, with the list of actions, fully describes a game.

    With a ``position``, the game starts from that described position instead of a new deal.
    """

    players: tuple[str, ...]
    seed: int
    options: Options = field(default_factory=Options)
    position: Position | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.players, tuple) or not all(
            isinstance(name, str) and name.strip() for name in self.players
        ):
            raise SetupError("players", "must be a list of names")
        if not 1 <= len(self.players) <= MAX_PLAYERS:
            raise SetupError("players", "Doomlings is for 2 to 6 players")
        if len(set(self.players)) != len(self.players):
            raise SetupError("players", "player names must differ")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": list(self.players),
            "seed": self.seed,
            "options": self.options.to_json(),
        }
        if self.position is not None:
            out["position"] = self.position.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        """The setup a save holds; :class:`SetupError` names the field at fault (KeyError for
        one missing)."""
        unknown = set(data) - {"players", "seed", "options", "position"}
        if unknown:
            raise SetupError(min(unknown)[:40], "is not a field of a game setup")
        players = data["players"]
        if not isinstance(players, list):
            raise SetupError("players", "must be a list of names")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SetupError("seed", "must be a whole number")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise SetupError("options", "must be an object")
        position = None
        if data.get("position") is not None:
            from doomlings_access.rules.position import Position, PositionError

            try:
                position = Position.from_json(data["position"])
            except PositionError as exc:
                raise SetupError(exc.setup_field, exc.why) from None
        return cls(tuple(players), seed, Options.from_json(options), position)
