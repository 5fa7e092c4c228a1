"""What the people at a game heard, worked out again from the game: where they were asked, how
far each person sharing the keyboard had heard when it was saved, and the announcements as
they heard them (a resumed game's history for ``log`` and ``repeat``, a save's transcript).

Finding where people were asked replays the game (the questions are not kept in a save), so
this module holds the game. What it tells is not made here: the announcer makes it from each
listener's view and the events as their seat saw them (:mod:`.announcer`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace

from doomlings_access.rules import events as ev
from doomlings_access.rules.game import Game
from doomlings_access.rules.view import OnlookerView, PlayerView, onlooker_view
from doomlings_access.ui import review
from doomlings_access.telling.words import introduced
from doomlings_access.ui.announcer import NORMAL, Announcer
from doomlings_access.ui.questions import asked_for_a_card_held, passes_unasked
from doomlings_access.ui.words import Said, Style


def listener_view(game: Game, me: int | None) -> OnlookerView:
    """The view a listener is told from: their seat's, or with no seat (``None``: people
    sharing the keyboard, or nobody at it) an onlooker's."""
    return game.view(me) if me is not None else onlooker_view(game)


def view_as_heard(game: Game, heard: int, seat: int | None) -> OnlookerView:
    """``seat``'s view of the game as far as its listener has heard it (``heard`` events): the
    rules run on to the next question at once, and at a pause what is reviewed must not be
    what is still to be told. The rules stopped right after the last event heard may hold a
    trait whose play was told between the hand and the pile (its cost or destination being
    settled): it is shown in its pile, as heard ("pile quin" left out Late, just heard played
    out of turn, while "table" counted Quin's hand without it)."""
    view = listener_view(Game.as_told(game, heard), seat)
    placed = {c for pile in view.piles for c in pile} | set(view.discard)
    if isinstance(view, PlayerView):
        placed |= set(view.hand)
    piles = [list(pile) for pile in view.piles]
    in_play = list(view.in_play)
    mentioned: set[int] = set()  # cards some later event tells of (played, then moved on)
    for e in reversed(view.log):
        card = getattr(e, "card", None)
        if isinstance(e, ev.TraitPlayed) and card not in placed and card not in mentioned:
            piles[e.owner].append(e.card)
            placed.add(e.card)
            if e.card in in_play:
                in_play.remove(e.card)
        if isinstance(card, int):
            mentioned.add(card)
    if piles == [list(pile) for pile in view.piles]:
        return view
    return replace(view, piles=tuple(tuple(pile) for pile in piles), in_play=tuple(in_play))


def asked_when(game: Game, humans: Collection[int], any_time: str = "own") -> list[tuple[int, int, str]]:
    """Where the game's people were asked or had a trait played for them: (seat, the log's
    length then, ``asked`` or ``forced``), in order. The game is replayed quietly (a chance
    passed unasked, by the ``any_time`` setting, asks nothing; nor, for people sharing the
    keyboard, an out-of-turn chance of one who did not have it, played for them); with no
    people, every seat."""
    twin = Game(game.cards, game.setup)
    found: list[tuple[int, int, str]] = []
    shared = len(humans) > 1
    holder = min(humans) if shared else None  # (the first to have the keyboard: the first named)
    for action in game.actions:
        d = twin.pending
        if d is not None and (d.player in humans or not humans):
            if humans and passes_unasked(twin.card, d, any_time):
                pass
            elif shared and asked_for_a_card_held(d) and d.player != holder:
                pass  # played for them, without a hand-over
            else:
                found.append((d.player, len(twin.log), "asked"))
                holder = d.player  # (forced plays told on the way pass the keyboard, back to the one asked)
        twin.apply(action)
    found.extend((e.player, e.seq, "forced") for e in game.log if isinstance(e, ev.OnlyPlayable) and e.player in humans)
    return sorted(found, key=lambda item: item[1])


def heard_until(
    game: Game, humans: Collection[int], any_time: str = "own", keyboard: int | None = None,
    keyboard_heard: int | None = None,
) -> dict[int, int]:
    """How far each person sharing the keyboard had heard the game when it was saved: a
    person hears the news at their hand-over and what follows, until the keyboard goes to
    another (whose question or forced play it is); the last to hold it heard everything.
    ``keyboard``: who held it when the game was saved (None: not known, and taken to be the
    person whose question waits; a game left at "Pass to Ana." was not yet Ana's), and
    ``keyboard_heard`` how many events they had heard (a game left at "Press Enter for more.")."""
    turns = asked_when(game, humans, any_time)
    d = game.pending  # the question waiting when the game was saved: its person may have heard it all
    asked = d.player if d is not None and d.player in humans and not passes_unasked(game.card, d, any_time) else None
    if asked is not None and keyboard in (None, asked):
        turns.append((asked, len(game.log), "asked"))
    if keyboard is not None and keyboard in humans and keyboard != asked:
        turns.append((keyboard, len(game.log), "held"))
    heard = {seat: 0 for seat in humans}
    for i, (seat, _, _) in enumerate(turns):
        later = next((at for other, at, _ in turns[i + 1 :] if other != seat), len(game.log))
        heard[seat] = later
    if keyboard in heard and keyboard_heard is not None:
        heard[keyboard] = min(heard[keyboard], keyboard_heard)
    return heard


def told_since_asked(
    game: Game,
    humans: Collection[int],
    me: int | None,
    verbosity: str = NORMAL,
    style: Style | None = None,
    any_time: str = "own",
    levels: Mapping[int, str] | None = None,
    until: int | None = None,
) -> tuple[list[Said], int]:
    """The game's announcements as its people heard them: a person hears what happened since
    their last question just before the next one, so a story cut by a question is two
    messages. The game is replayed (quietly) to find where its people were asked (a chance
    passed unasked, by the ``any_time`` setting, cuts nothing). A person (``me``), or people
    sharing the keyboard, heard a finished game's scores card by card, not its totals before
    them; and with the new game, the computer seats' ``levels`` (:func:`.introduced`).
    ``until``: only the events before it (what one person had heard). Told from ``me``'s
    view (an onlooker's for people sharing the keyboard, or none at it).
    Returns the messages, and where those since the people's last question begin."""
    limit = len(game.log) if until is None else until
    ends = [at + (kind == "forced") for _, at, kind in asked_when(game, humans, any_time) if at < limit]
    itemised = me is not None or len(humans) > 1
    announcer = Announcer(me, verbosity, style, scores_itemised=itemised)
    table = listener_view(game, me)
    out: list[Said] = []
    start = 0
    asked = 0  # where the messages since the people's last question begin
    for end in [*ends, limit]:
        asked = len(out)  # (the last time round: the news since the last question)
        out.extend(announcer.render_all(table, table.log[start:end]))
        start = max(start, end)
    if itemised and game.is_over and limit == len(game.log):  # every pile is open: any view tells it
        seat = me if me is not None else min(humans)
        out.extend(Said(line, line) for line in review.scores(game.view(seat), style or Style(), you=me is not None))
    if out and levels:
        out[0] = introduced(out[0], table.names, levels)
    return out, asked
