"""Doomcrop's one question asked only for what a seat holds: the Hearts defence, asked only of
a seat with a face-down Heart beside its Heart attacked. People sharing the keyboard are not
handed it out of their turn (the shared prompt loop answers it for them as the normal computer
player would, :meth:`~doomlings_access.telling.loop.PromptLoop.answered_for`); this says what
was answered, at their next hand-over.
"""

from __future__ import annotations

from doomlings_access.doomcrop.decisions import Decision, Reason, Value
from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ui import labels
from doomlings_access.doomcrop_ui.places import place_name


def asked_for_what_is_held(d: Decision) -> bool:
    """Whether ``d`` is the Hearts defence (the rules ask no seat without a Heart for it)."""
    return d.reason == Reason.HEARTS


def answered_for_you(view: View, d: Decision, value: Value, labels_as: str = labels.TEXT) -> str:
    """The Hearts defence answered for ``view``'s seat, told from that view before the answer:
    "you added your face-down 5H to the defence of your front middle", or that no Heart was."""
    if d.reason != Reason.HEARTS or not d.about:
        return ""
    defended = place_name(int(d.about[0]), view.seat, view.names)
    if not isinstance(value, int):
        return f"you added no Heart to the defence of {defended}"
    slot = view.slot(value)
    card = "" if slot is None or slot.card is None else f" {labels.text(slot.card, labels_as)}"
    return f"you added your face-down{card} at {place_name(value, view.seat, view.names)} to the defence of {defended}"
