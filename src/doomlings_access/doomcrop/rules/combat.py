"""Numerological Combat: a card attacks, the target is revealed, Hearts may defend, and the
higher number captures the lower.

"Flip a Number card face-up to attack its Opposing card. If its Opposing card is facedown,
flip it face-up as well." With more than two players a card has an opposing card across each
axis it may attack along, and its player chooses; a Clubs number may attack "any card it is
directly aligned with, instead of its Opposing card".
"""

from __future__ import annotations

from enum import Enum

from doomlings_access.doomcrop import events as ev
from doomlings_access.doomcrop.cards import Card, Rank, Suit
from doomlings_access.doomcrop.events import Cause, Step
from doomlings_access.doomcrop.decisions import Decision, Kind, Reason, Value, Word
from doomlings_access.doomcrop.places import SPOTS, aligned, axes, opposite
from doomlings_access.doomcrop.state import Attack, Slot, Stage, State
from doomlings_access.doomcrop.rules.table import emit, everyone, helpers, put, slot_at, take, turn_up


class Result(Enum):
    ATTACKER = "attacker"
    """The attacker captures the defender."""
    DEFENDER = "defender"
    """The defender's player captures the attacker."""
    TIE = "tie"
    HOLD = "hold"
    """Nothing is captured: a Face the attacker may not capture."""


def fight(attacker: Card, value: int, defender: Card, total: int) -> Result:
    """The result of ``attacker`` (worth ``value``: a King is a 7) attacking ``defender``
    (worth ``total`` with any Hearts added).

    Faces: "Face cards can only be captured by any Number 2, or any Number whose suit matches
    the Face card"; "Unlike other Face cards, the Joker can be captured by any Number card";
    "A King cannot capture another Face card this way." Numbers: the higher captures the lower,
    equal numbers both stay; "it [the 2] is the only Number that can capture a Number 10", so
    a 2 and a 10 fight to the 2 whichever attacks, and otherwise nothing worth 10 or less takes
    a 10, but Hearts whose "combined value exceeds 10" do.

    >>> from doomlings_access.doomcrop.cards import Card as C
    >>> fight(C.parse("2S"), 2, C.parse("10H"), 15).name, fight(C.parse("7C"), 7, C.parse("QC"), 0).name
    ('ATTACKER', 'ATTACKER')
    """
    if defender.is_face:
        if attacker.is_face:  # a King as a 7
            return Result.HOLD
        if defender.rank is Rank.JOKER or attacker.rank is Rank.TWO or attacker.suit is defender.suit:
            return Result.ATTACKER
        return Result.HOLD
    if attacker.is_number and {attacker.rank, defender.rank} == {Rank.TWO, Rank.TEN}:
        return Result.ATTACKER if attacker.rank is Rank.TWO else Result.DEFENDER
    if value > total:
        return Result.ATTACKER
    if value < total:
        return Result.DEFENDER
    return Result.TIE


def targets(st: State, where: int) -> tuple[int, ...]:
    """The places the card at ``where`` may attack: its opposing card across each axis, or
    for a Clubs number every card directly aligned with it (where a card lies)."""
    slot = slot_at(st, where)
    assert slot is not None
    return tuple(p for p in reach(st.n, where, slot.card) if slot_at(st, p) is not None)


def reach(players: int, where: int, card: Card) -> tuple[int, ...]:
    """The places ``card`` at ``where`` may attack if a card lies there, in the order its
    player is offered them (players that read only a view ask this too).

    >>> from doomlings_access.doomcrop.cards import Card as C
    >>> reach(2, 0, C.parse("7H")), reach(2, 0, C.parse("7C"))
    ((11,), (11, 14, 17))
    """
    seat, s = divmod(where, SPOTS)
    clubs = card.suit_number(Suit.CLUBS)
    return tuple(
        other * SPOTS + t for axis, other in axes(players, seat) for t in (aligned(axis, s) if clubs else (opposite(s),))
    )


def hearts_helpers(st: State, defender: int) -> tuple[int, ...]:
    """The defender's face-down Hearts numbers beside a defending Hearts (its player knows them)."""
    return tuple(h for h in helpers(st, defender) if (slot := slot_at(st, h)) is not None and slot.card.suit_number(Suit.HEARTS))


def attack_step(st: State, a: Attack) -> Decision | None:
    slot = slot_at(st, a.place)
    seat = a.place // SPOTS
    if a.stage is Stage.CHOOSE:
        if slot is None:  # (the attacker is gone: nothing left to do)
            st.stack.pop()
            return None
        options = targets(st, a.place)
        if len(options) > 1:
            return Decision(seat, Kind.PLACE, Reason.TARGET, options, slot.card.code, about=(a.place,))
        if not options:
            emit(st, ev.NoTarget(seat, a.place))
            st.stack.pop()
            return None
        a.target, a.stage = options[0], Stage.STRIKE
        return None
    assert slot is not None and a.target is not None
    target = slot_at(st, a.target)
    if a.stage is Stage.STRIKE:
        assert target is not None
        emit(st, ev.Attacked(seat, a.place, slot.card, a.value, a.target, target.card if target.up else None), opening=True)
        if not target.up:
            emit(st, ev.Revealed(a.target // SPOTS, a.target, turn_up(st, a.target)))
        a.stage = Stage.HEARTS if target.card.suit_number(Suit.HEARTS) and helpers(st, a.target) else Stage.RESOLVE
        return None
    if a.stage is Stage.HEARTS:
        options = hearts_helpers(st, a.target)
        if not options:
            emit(st, ev.NoHeartAdded(a.target // SPOTS, a.target, cause=_hearts(a.target)))
            a.stage = Stage.RESOLVE
            return None
        return Decision(
            a.target // SPOTS, Kind.PLACE, Reason.HEARTS, (*options, Word.NO), slot.card.code,
            about=(a.target, a.place),
        )
    assert target is not None
    if a.stage is Stage.RESOLVE:
        a.stage = Stage.AFTER
        total = target.card.rank + (0 if a.helper is None else _value(st, a.helper))
        result = fight(slot.card, a.value, target.card, total)
        if result is Result.ATTACKER:
            take(st, seat, a.target)
        elif result is Result.DEFENDER:
            take(st, a.target // SPOTS, a.place)
        elif result is Result.TIE:
            emit(st, ev.Tied(a.place, a.target, a.value))
        else:
            emit(st, ev.Held(a.place, a.target))
        return None
    # AFTER: a Hearts helper turned face down again, where the option says so.
    if a.helper is not None and not st.options.hearts_helper_stays_up:
        helper = slot_at(st, a.helper)
        if helper is not None and helper.up:
            put(st, a.helper, Slot(helper.card, False, everyone(st)))
            emit(st, ev.TurnedDown(a.helper // SPOTS, a.helper, helper.card))
    st.stack.pop()
    return None


def _hearts(defender: int) -> Cause:
    return Cause.of_rule(Step.HEARTS, defender // SPOTS)


def _value(st: State, where: int) -> int:
    slot = slot_at(st, where)
    return 0 if slot is None else int(slot.card.rank)


def attack_answer(st: State, a: Attack, value: Value) -> None:
    if a.stage is Stage.CHOOSE:
        assert isinstance(value, int)
        a.target, a.stage = value, Stage.STRIKE
        return
    # The Hearts defence.
    assert a.target is not None
    if value == Word.NO:
        emit(st, ev.NoHeartAdded(a.target // SPOTS, a.target, cause=_hearts(a.target)))
    else:
        assert isinstance(value, int)
        card = turn_up(st, value)
        target = slot_at(st, a.target)
        assert target is not None
        a.helper = value
        total = int(target.card.rank) + int(card.rank)
        emit(st, ev.HeartAdded(value // SPOTS, value, card, a.target, total, cause=_hearts(a.target)))
    a.stage = Stage.RESOLVE
