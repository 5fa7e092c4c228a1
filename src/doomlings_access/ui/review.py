"""Review commands: what a player may look at, at any prompt, without changing the game.

Each reads the view of the seat being served (:class:`~doomlings_access.rules.PlayerView`),
never the game: a review can show only what that seat may know.
"""

from __future__ import annotations

from typing import Any

from doomlings_access.braille.labels import read_typed_label
from doomlings_access.braille.reading import read_typed_braille
from doomlings_access.cards import CardSet
from doomlings_access.cards.lookup import UnknownCardError, find_cards
from doomlings_access.rules import events as ev
from doomlings_access.rules.scoring import Score, bonus_items, effects_ignored, face_value, reads_hidden_hand, score_of
from doomlings_access.rules.state import CATASTROPHES
from doomlings_access.rules.view import OnlookerView, PlayerView
from doomlings_access.ui.words import Style, card_text, join, plural


def _who(v: OnlookerView, seat: int, me: int | None) -> str:
    return "You" if seat == me else v.name(seat)


def _seat(v: OnlookerView) -> int | None:
    """The view's seat, told as "you"; none for what all at the table may see."""
    return v.seat if isinstance(v, PlayerView) else None


def hand(v: PlayerView, style: Style, who: str = "Your") -> list[str]:
    cards = v.hand
    if not cards:
        return [f"{who} hand is empty."]
    # Not numbered: typed at a question, the numbers were heard as the question's own, and
    # "2" after "2. Morality" played the question's second option.
    return [f"{who} hand, {plural(len(cards), 'card')}:"] + [card_text(v.card(c), style) for c in cards]


def hand_in_a_line(v: PlayerView, style: Style, who: str) -> str:
    """The hand as one sentence, told with the news of a hand-over before a question: a line
    a card took as many rows as the rest of the news, and a pause came between the hand and
    the question it is there for."""
    first, *cards = hand(v, style, who)
    return f"{first} {'; '.join(cards)}." if cards else first


def pile(v: OnlookerView, seat: int, style: Style) -> list[str]:
    whose = "Your" if seat == _seat(v) else f"{v.name(seat)}'s"
    cards = v.piles[seat]
    if not cards:
        return [f"{whose} trait pile is empty."]
    return [f"{whose} trait pile, {plural(len(cards), 'trait')}:"] + [
        card_text(v.card(c), style) for c in cards
    ]


def table(v: OnlookerView, style: Style | None = None) -> list[str]:
    """Each player from the first, a line each: gene pool, hand size, then the traits of their
    pile by name and label ("Otto: gene pool 5, 4 cards in hand, first player; 2 traits: Tiny,
    db17; Kidney, rX."). It gave only how many traits: seeing the table took a ``pile`` for
    every player, some thirty lines."""
    style = style or Style()
    out = []
    for seat in v.seats_from(v.first_player):
        first = ", first player" if seat == v.first_player else ""
        pile = v.piles[seat]
        traits = f"{plural(len(pile), 'trait')}: {'; '.join(card_text(v.card(c), style) for c in pile)}" if pile else "no traits"
        out.append(
            f"{_who(v, seat, _seat(v))}: gene pool {v.gene_pools[seat]}, "
            f"{plural(v.hand_sizes[seat], 'card')} in hand{first}; {traits}."
        )
    return out


def scores(v: PlayerView, style: Style | None = None, you: bool = True) -> list[str]:
    """The lines of :func:`score_blocks`."""
    return [line for block in score_blocks(v, style, you) for line in block]


def score_blocks(v: PlayerView, style: Style | None = None, you: bool = True) -> list[list[str]]:
    """Each player's score itemised, best first, a block of lines per player (the heading in
    the first: a block of its own was paused after, parted from what it heads): the traits'
    face value, each bonus by the card that gives it, each World's End effect by its card;
    then the placings. At the end, each player's final trait pile too. The view's seat is
    "you", or with ``you`` false (for people sharing a keyboard, who all hear the end) called
    by name like everyone. During the game, a bonus counting another hand's cards counts them
    (their number is public); one that reads which cards they are is named as not counted."""
    me = v.seat if you else None
    t = v.tableau(hand_sizes=True)
    final = bool(v.scores)
    parts = list(v.scores) if final else [score_of(t, seat) for seat in range(v.n)]
    worlds_end: dict[int, list[str]] = {}
    for e in v.log:
        if isinstance(e, ev.WorldsEndPoints) and e.points:
            cause = _named(v, e.cause.id) if e.cause is not None else "World's End"
            worlds_end.setdefault(e.player, []).append(f"{cause} {e.points:+d}")
    tallied = {e.player: e.items for e in v.log if isinstance(e, ev.ScoreTallied)}
    ending = _worlds_end_catastrophe(v)
    tie_break = {e.player: e.total for e in v.log if isinstance(e, ev.TieBreakDraw)}
    order = sorted(range(v.n), key=lambda seat: (-parts[seat].total, -tie_break.get(seat, 0), seat))
    out: list[list[str]] = []
    heading = [_scores_heading(v, final)]
    for seat in order:
        score = parts[seat]
        we, face, bonus, total = score.worlds_end, score.face, score.bonus, score.total
        printed = sum(t.defs[c].face_value for c in v.piles[seat])
        items = [f"face value {printed} from {plural(len(v.piles[seat]), 'trait')}"]
        taken = [c for c in v.piles[seat] if effects_ignored(t, seat, c)]
        if taken:  # a World's End that sets colourless traits' worth: said, or the sum is wrong
            worth = face_value(t, seat, taken[0])
            names = join([v.card(c).name for c in taken])
            each = "is worth" if len(taken) == 1 else "are worth"
            items.append(f"{ending}: {names} {each} {worth} with no effect, {face - printed:+d}")
        given = tallied[seat] if final and seat in tallied else bonus_items(t, seat)
        bonuses = [f"{'largest gene pool' if c is None or c < 0 else v.card(c).name} {p:+d}" for c, p in given]
        if bonuses:
            items.append(f"bonuses {join(bonuses)}")
        elif bonus:
            items.append(f"bonuses {bonus:+d}")
        if we:
            items.append(f"World's End {join(worlds_end.get(seat, [f'{we:+d}']))}")
        hidden = [] if final else reads_hidden_hand(t, seat)
        if hidden:
            items.append(f"not counted until the end: {join([v.card(c).name for c in hidden])}, from the hidden hand")
        block = [*heading, f"{_who(v, seat, me)}: {plural(total, 'point')}; {'; '.join(items)}."]
        heading = []
        if final and style is not None and v.piles[seat]:
            traits = "; ".join(_as_scored(v, c, style) for c in v.piles[seat])
            block.append(f"{_whose(v, seat, me)} traits: {traits}.")
        out.append(block)
    if t.leader_bonus:  # the house rule, said even when it pays nobody (else: a bug, or a tie?)
        pools = list(v.gene_pools)
        best = max(pools)
        tied = [seat for seat in range(v.n) if pools[seat] == best]
        if len(tied) > 1:
            names = join(["you" if s == me else v.name(s) for s in tied])
            out[-1].append(f"Largest gene pool: {names} tie on {best}, so nobody gets its 3 points.")
    out.append(["Placings: " + "; ".join(_placings(v, me, parts, order, tie_break)) + "."])
    return out


def _scores_heading(v: PlayerView, final: bool) -> str:
    """What the scores are: final, or during World's End with the effects carried out so far
    (Viral's points were counted under a heading that said "before World's End effects")."""
    if final:
        return "Final scores:"
    if any(isinstance(e, ev.WorldsEndStarted) for e in v.log):
        return "Scores so far, with the World's End effects carried out until now:"
    return "Scores if the world ended now, before World's End effects:"


def _worlds_end_catastrophe(v: PlayerView) -> str:
    """The name of the catastrophe whose World's End was carried out: the last one revealed,
    or the one a trait chose instead."""
    chosen = [e.catastrophe for e in v.log if isinstance(e, ev.WorldsEndCatastropheChosen)]
    started = [e.catastrophe for e in v.log if isinstance(e, ev.WorldsEndStarted) and e.catastrophe]
    found = chosen or started
    return _named(v, found[-1]) if found else "World's End"


def _as_scored(v: PlayerView, card: int, style: Style) -> str:
    """A trait as it was scored: its label, and the colour Faith gave it ("Selfish, p1, now
    red"), as the label keeps the printed colour."""
    text = card_text(v.card(card), style)
    colours = v.recolour.get(card)
    return f"{text}, now {join(list(colours))}" if colours else text


def _named(v: PlayerView, card_id: str) -> str:
    try:
        return v.cards.by_id(card_id).name
    except KeyError:
        return card_id.replace("_", " ")


def _whose(v: PlayerView, seat: int, me: int | None) -> str:
    return "Your" if seat == me else f"{v.name(seat)}'s"


def _placings(
    v: PlayerView, me: int | None, parts: list[Score], order: list[int], tie_break: dict[int, int]
) -> list[str]:
    """"1 Pia 25; 2 you and Otto, tied, 20": players on the same total share a place, unless
    the tie-break draw parted them ("1 you 27, 32 with the tie-break draw"). ("1 you, Otto and
    Pia 0" was heard as you first and the others on 0.)"""
    out: list[str] = []
    place = 1
    i = 0
    while i < len(order):
        first = order[i]
        same = [s for s in order[i:] if parts[s].total == parts[first].total and tie_break.get(s) == tie_break.get(first)]
        names = join(["you" if s == me else v.name(s) for s in same])
        drawn = f", {tie_break[first]} with the tie-break draw" if first in tie_break else ""
        tied = ", tied," if len(same) > 1 else ""
        out.append(f"{place} {names}{tied} {parts[first].total}{drawn}")
        place += len(same)
        i += len(same)
    return out


def where_in_era(e: ev.AgeRevealed) -> str:
    """How far the next catastrophe may be: its era's pile holds it among the cards left."""
    if e.era_left <= 0 or e.era > 3:
        return ""
    if e.era_left == 1:
        return f" Next: catastrophe {e.era} of 3."
    return f" At most {plural(e.era_left - 1, 'age')} before catastrophe {e.era} of 3."


def age(v: OnlookerView) -> list[str]:
    """The round's age (or catastrophe) as it was announced, how many ages may still come
    before the next catastrophe, and the catastrophes so far (the ``age`` command: the header
    said it, and a player reviewing asks it again). In a catastrophe's round it said nothing
    of the ages to come."""
    if v.age is not None:
        out = [f"{age_round(v.round, v.era)}: {v.age.name}. {v.age.text}"]
    elif v.catastrophes:
        c = v.cards.catastrophes[v.catastrophes[-1]]
        out = [f"{catastrophe_round(v.round, len(v.catastrophes))}: {c.name}."]  # (as it was announced)
    else:
        out = ["The game has not started a round yet."]
    out.append(ages_to_come(v))
    out.append(catastrophes_so_far([v.cards.catastrophes[c].name for c in v.catastrophes]))
    return out


def ages_to_come(v: OnlookerView) -> str:
    """"At most 3 more ages before catastrophe 2 of 3.": the pile of the era under way holds
    its ages and its catastrophe, in an order nobody knows."""
    coming = len(v.catastrophes) + 1
    if coming > CATASTROPHES or not v.age_piles:
        return f"All {CATASTROPHES} catastrophes are out: the world ends after this round."
    ages = v.age_piles[0] - 1
    if ages <= 0:
        return f"Catastrophe {coming} of {CATASTROPHES} comes next."
    return f"At most {plural(ages, 'more age')} before catastrophe {coming} of {CATASTROPHES}."


def age_round(number: int, era: int) -> str:
    """"Round 3, era 2": a round that revealed an age, in the words of the game's
    announcement, so that every place that says where a game is says it alike."""
    return f"Round {number}, era {era}"


def catastrophe_round(number: int, revealed: int) -> str:
    """"Round 2, catastrophe 1 of 3": a round that revealed a catastrophe. It ends its era
    and does not start the next: that starts with the next round's age."""
    return f"Round {number}, catastrophe {revealed} of {CATASTROPHES}"


def catastrophes_so_far(names: list[str]) -> str:
    """"Catastrophes: 2 of 3 so far, Ice Age and Retrovirus." ("Ice Age, of 3" read as a
    fault when heard)."""
    if not names:
        return f"Catastrophes: none of {CATASTROPHES} so far."
    return f"Catastrophes: {len(names)} of {CATASTROPHES} so far, {join(names)}."


def gene_pools(v: OnlookerView) -> list[str]:
    parts = [f"{'you' if s == _seat(v) else v.name(s)} {v.gene_pools[s]}" for s in range(v.n)]
    return [f"Gene pools: {join(parts)}."]


def deck(v: OnlookerView, style: Style) -> list[str]:
    top = f", top: {card_text(v.card(v.discard[-1]), style)}" if v.discard else ""
    return [
        f"Deck: {plural(v.deck_size, 'card')}. Discard pile: {plural(len(v.discard), 'card')}{top}."
    ]


def cards_fitting(cards: CardSet, typed: str, style: Style) -> tuple[list[Any], list[str]]:
    """The cards ``typed`` may mean (by name, prefix, misspelling, or label in any form a
    braille user types it), and the lines to show when the player must pick one by number
    (none when exactly one card fits)."""
    every = cards.all_cards()
    try:
        found = find_cards(typed, every, read_typed_label, read_typed_braille)
    except UnknownCardError as exc:
        message = str(exc)[0].upper() + str(exc)[1:]
        return [c for n in exc.suggestions for c in every if c.name == n], [message]
    if len(found) == 1:
        return found, []
    numbered = [f"{n}. {c.name}, {style.label(c)}" for n, c in enumerate(found, 1)]
    return found, [f"{len(found)} cards fit {typed}:", *numbered]
