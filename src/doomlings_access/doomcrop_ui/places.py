"""Grid places by names that are the same for every listener.

Rows are counted from the owner's side of the Line of Opposition (front, middle, back) and
columns left to right as the owner sits (:mod:`doomlings_access.doomcrop.places`), so "Ben's
front middle" is the same card whoever speaks, and "your front middle" faces it (with three
players or more, your front left faces both neighbours' front rights). To its owner
a place is "your ..."; in a sentence whose subject owns it, "their ..." ("Ben flips their
front left"); to everybody else "Ben's ...".

>>> names = ("Ana", "Ben")
>>> place_name(10, 0, names), place_name(1, 0, names), place_name(10, 1, names, subject=0)
("Ben's front middle", 'your front middle', 'your front middle')
>>> place_name(15, 0, names, subject=1), place_words(15, 0, names)
('their back left', ("ben's back left", 'ben back left'))
"""

from __future__ import annotations

from collections.abc import Sequence

from doomlings_access.doomcrop.places import seat_of, spot_name, spot_of


def whose(seat: int, listener: int | None, names: Sequence[str], subject: int | None = None) -> str:
    """"your", "their" (the sentence's subject's own) or "Ben's"."""
    if seat == listener:
        return "your"
    if seat == subject:
        return "their"
    return f"{names[seat]}'s"


def place_name(where: int, listener: int | None, names: Sequence[str], subject: int | None = None) -> str:
    """A place as ``listener`` hears it named (see the module's text)."""
    return f"{whose(seat_of(where), listener, names, subject)} {spot_name(spot_of(where))}"


def place_words(where: int, listener: int | None, names: Sequence[str]) -> tuple[str, ...]:
    """What a listener may type for a place (lower case): its name alone for one's own grid,
    or with its owner's name ("ben back left", "ben's back left")."""
    spot = spot_name(spot_of(where))
    seat = seat_of(where)
    if seat == listener:
        return (spot, f"your {spot}", f"my {spot}")
    name = names[seat].lower()
    return (f"{name}'s {spot}", f"{name} {spot}")
