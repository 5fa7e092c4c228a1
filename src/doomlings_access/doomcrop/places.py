"""The grids: places, their names, and which cards oppose, align with and neighbour each other.

Every seat has a 3-by-3 grid. Rows are counted from the owner's side of the Line of
Opposition (``FRONT`` next to it, then ``MIDDLE``, then ``BACK``); columns left to right as
the owner sits. So a place has one name for every listener: "Ben's front left" is the same
card whoever speaks.

A place on the table is one whole number, ``seat * 9 + spot``, where the spot is
``row * 3 + column`` (0 is front left, 8 is back right). Decisions offer places so.

"Each card is the mirror of its opposite": across any axis of opposition, the card opposing
``(row, column)`` is the other grid's ``(row, 2 - column)``; your front left faces Ben's front
right and your front middle faces Ben's front middle. Across a side axis (three players or
more) the grids sit side by side, front rows toward the table's middle: your left column is
nearest your left neighbour's right column, your right column farthest, as their left column
is, so the same mirror holds and every card faces one card in each neighbour's grid
(``docs/doomcrop-rulings.md``, ruling 25).

>>> spot_name(3), spot_name(4), opposite(0)
('middle left', 'centre', 2)
>>> [spot_name(s) for s in aligned(Axis.FRONT, 0)]
['front right', 'middle right', 'back right']
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

SPOTS = 9
"""Places in a grid."""


class Row(IntEnum):
    FRONT = 0
    MIDDLE = 1
    BACK = 2


class Column(IntEnum):
    LEFT = 0
    MIDDLE = 1
    RIGHT = 2


class Axis(StrEnum):
    """A line of opposition, named from one seat: the one its front row faces (two players;
    with an even number from four, the player across the table), or the one on its left or
    right side (three players or more)."""

    FRONT = "front"
    LEFT = "left"
    RIGHT = "right"


def place(seat: int, spot: int) -> int:
    return seat * SPOTS + spot


def seat_of(where: int) -> int:
    return where // SPOTS


def spot_of(where: int) -> int:
    return where % SPOTS


def spot(row: Row, column: Column) -> int:
    return row * 3 + column


def row_of(s: int) -> Row:
    return Row(s // 3)


def column_of(s: int) -> Column:
    return Column(s % 3)


_ROW_WORDS = ("front", "middle", "back")
_COLUMN_WORDS = ("left", "middle", "right")
CENTRE = 4


def spot_name(s: int) -> str:
    """``front left`` ... ``back right``; the middle of the middle row is ``centre``."""
    if s == CENTRE:
        return "centre"
    return f"{_ROW_WORDS[s // 3]} {_COLUMN_WORDS[s % 3]}"


SPOT_NAMES = tuple(spot_name(s) for s in range(SPOTS))
_BY_NAME = {name: s for s, name in enumerate(SPOT_NAMES)} | {"middle middle": CENTRE}


def spot_by_name(text: str) -> int | None:
    """The spot a name gives (``front left``; ``middle middle`` is the centre), or None."""
    return _BY_NAME.get(" ".join(text.lower().split()))


def opposite(s: int) -> int:
    """The spot opposing ``s`` in the grid across any axis: the mirror image."""
    return s - s % 3 + (2 - s % 3)


def aligned(axis: Axis, s: int) -> tuple[int, ...]:
    """The spots of the grid across ``axis`` "directly aligned" with ``s``, the opposing
    card first, then the others from the nearest to the line out.

    Across the front, directly aligned means in the same line running through the Line of
    Opposition: the column facing it. Across a side axis the grids sit side by side, so the
    line runs along the row."""
    facing = opposite(s)
    if axis is Axis.FRONT:
        line = (facing % 3, facing % 3 + 3, facing % 3 + 6)  # front to back
    else:
        row = s - s % 3
        # Across my left side the other grid's right column is nearest; across my right, its left.
        line = (row + 2, row + 1, row) if axis is Axis.LEFT else (row, row + 1, row + 2)
    return (facing, *[x for x in line if x != facing])


def adjacent(s: int, diagonal: bool = False) -> tuple[int, ...]:
    """Spots next to ``s``: sharing a side, or with ``diagonal`` also a corner."""
    r, c = divmod(s, 3)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                continue
            rr, cc = r + dr, c + dc
            if 0 <= rr < 3 and 0 <= cc < 3:
                out.append(rr * 3 + cc)
    return tuple(out)


SQUARES = ((0, 1, 3, 4), (1, 2, 4, 5), (3, 4, 6, 7), (4, 5, 7, 8))
"""The four 2-by-2 squares of a grid (Epic Techniques)."""


def axes(n: int, seat: int) -> tuple[tuple[Axis, int], ...]:
    """The opponents ``seat`` may attack, each with the axis between them.

    Two players face each other. "With odd numbers of players, players may only attack the
    opponents directly to their left and right. With even numbers of players greater than 4,
    players may also attack the opponent directly opposite them"; with four, "you also have the
    original top row axis". The player on one's left is the next seat (seats go clockwise)."""
    if n == 2:
        return ((Axis.FRONT, 1 - seat),)
    sides = ((Axis.LEFT, (seat + 1) % n), (Axis.RIGHT, (seat - 1) % n))
    if n % 2 == 0:
        return (sides[0], (Axis.FRONT, (seat + n // 2) % n), sides[1])
    return sides


def axis_between(n: int, seat: int, other: int) -> Axis | None:
    """The axis across which ``seat`` faces ``other``, if they face each other."""
    for axis, who in axes(n, seat):
        if who == other:
            return axis
    return None
