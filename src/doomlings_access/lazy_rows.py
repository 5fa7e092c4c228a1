"""A table of games whose rows are made when first asked for.

Each game brings its engine, its players and its telling: importing them all to start one
game cost a Doomlings game's start about a tenth of a second of processor time for Doomcrop's
modules it never used (a third of the start), and the tests start the program about 1,300
times. A row is made once, by a function that imports that game's modules, the first time
its name is looked up; the names are known without making any row.

>>> made = []
>>> rows = LazyRows({"a": lambda: made.append("a") or 1, "b": lambda: 2})
>>> sorted(rows), "a" in rows, made
(['a', 'b'], True, [])
>>> rows["a"], rows["a"], made, rows.get("c")
(1, 1, ['a'], None)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

T = TypeVar("T")


class LazyRows(Mapping[str, T]):
    """A read-only mapping of names to rows, each made by its function on first use."""

    def __init__(self, makers: Mapping[str, Callable[[], T]]) -> None:
        self._makers = dict(makers)
        self._made: dict[str, T] = {}

    def __getitem__(self, name: str) -> T:
        row = self._made.get(name)
        if row is None:
            row = self._made[name] = self._makers[name]()
        return row

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)

    def __contains__(self, name: object) -> bool:
        return name in self._makers
