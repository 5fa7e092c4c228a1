"""The mutable parts of a game that belong to one player."""

from __future__ import annotations

from typing import Any


class PlayerState:
    """One seat: name, hand, trait pile and gene pool (card ids are instance ids)."""

    __slots__ = ("name", "hand", "pile", "gene_pool")

    def __init__(self, name: str, gene_pool: int = 5) -> None:
        self.name = name
        self.hand: list[int] = []
        self.pile: list[int] = []
        self.gene_pool = gene_pool

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "hand": list(self.hand),
            "pile": list(self.pile),
            "gene_pool": self.gene_pool,
        }
