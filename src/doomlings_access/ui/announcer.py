"""Turn engine events into short, subject-first messages, printed and spoken.

One phrase per event type (a test fails when an event type has none). Each phrase is written
once and rendered twice: for print (deck labels, or braille) and for speech (labels as words).
Cards a listener may not know are told only as counts.

An :class:`Announcer` serves one listener: it is fed that listener's view of the table
(:class:`~doomlings_access.rules.view.PlayerView`, or an onlooker's) and the events as that
seat saw them, and reads nothing else: never the game. What a seat is told is made from what
it may know, so the same words can be made on another computer from the view sent there.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from doomlings_access.rules import events as ev
from doomlings_access.rules.state import CATASTROPHES
from doomlings_access.rules.view import OnlookerView
from doomlings_access.ui import review
from doomlings_access.ui.words import Said, Style, card_speech, card_text, house_rules, join, play_failed, plural, why_not_played

TERSE, NORMAL, VERBOSE = "terse", "normal", "verbose"
VERBOSITIES = (TERSE, NORMAL, VERBOSE)

CAUSES = {
    "stabilize": "",
    "deal": "",
    "empty_hand": "",
    "redraw": "",
    "tie_break": "",
}

NOTHING_REASONS = {
    "empty_hand": "the hand is empty",
    "no_target": "there is nothing to take or target",
    "not_in_pile": "it is not in the trait pile of the one using it",
    "nothing_playable": "no trait can be played",
    "none_drawn_playable": "none of the cards drawn can be played",
    "piles_protected": "trait piles are protected this round",
    "discard_empty": "the discard pile is empty",
    "cannot_play_top_discard": "the top of the discard pile cannot be played",
    "cannot_play_taken": "the card taken cannot be played now",
    "colours_kept": "no colour is changed",
}


class Voice:
    """Renders names for one listener, from their view of the ``table``: ``me`` is told "you"
    and sees their own cards."""

    def __init__(self, table: OnlookerView, me: int | None, style: Style, speech: bool, horizon: int = 0) -> None:
        self.table, self.me, self.style, self.speech = table, me, style, speech
        self.horizon = horizon
        """How far the events being told reach in the log: a phrase may look ahead to what
        follows an event only this far (what is told later must not change what is told now,
        or the story told live and told again from the log would differ)."""

    def card(self, card: int) -> str:
        d = self.table.card(card)
        return card_speech(d) if self.speech else card_text(d, self.style)

    def name(self, card: int) -> str:
        return self.table.card(card).name

    def names(self, cards: tuple[int, ...] | list[int]) -> str:
        return join([self.name(c) for c in cards])

    def who(self, seat: int) -> str:
        return "You" if seat == self.me else self.table.name(seat)

    def whom(self, seat: int) -> str:
        return "you" if seat == self.me else self.table.name(seat)

    def whose(self, seat: int) -> str:
        return "your" if seat == self.me else f"{self.table.name(seat)}'s"

    def theirs(self, seat: int) -> str:
        """The possessive standing alone: "yours", "Ben's" (never "your" at a sentence end)."""
        return "yours" if seat == self.me else f"{self.table.name(seat)}'s"

    def Whose(self, seat: int) -> str:
        w = self.whose(seat)
        return w[0].upper() + w[1:]

    def s(self, seat: int, verb: str, third: str | None = None) -> str:
        """Verb agreement: "You draw" / "Ben draws"."""
        if seat == self.me:
            return verb
        return third or (verb + "es" if verb.endswith(("sh", "ch", "s")) else verb + "s")

    def sees(self, event: ev.Event) -> bool:
        return event.visible(self.me)

    def source(self, card_id: str | None) -> str:
        if not card_id:
            return ""
        try:
            return self.table.cards.by_id(card_id).name
        except KeyError:
            return card_id.replace("_", " ")

    def cause(self, event: ev.Event) -> str:
        """The name of the card (trait, age or catastrophe) that caused ``event``; "" for a rule."""
        c = event.cause
        if c is None or c.kind == ev.RULE:
            return ""
        return self.source(c.id)


Phrase = Callable[[Any, Voice], str | None]
"""Renders one event type (its first argument is that type) for a listener."""
PHRASES: dict[type[ev.Event], Phrase] = {}
QUIET_AT: dict[type[ev.Event], str] = {}
"""Event types that are not announced below the given verbosity."""


def phrase(kind: type[ev.Event], quiet_below: str | None = None) -> Callable[[Phrase], Phrase]:
    def register(fn: Phrase) -> Phrase:
        PHRASES[kind] = fn
        if quiet_below:
            QUIET_AT[kind] = quiet_below
        return fn

    return register


@phrase(ev.GameStarted)
def _started(e: ev.GameStarted, v: Voice) -> str:
    names = join(list(e.players))
    text = f"New game: {names}. {v.who(e.first_player)} {v.s(e.first_player, 'go', 'goes')} first."
    if e.options:
        text += f" {house_rules(v.table.options)}"
    return text


@phrase(ev.AgeRevealed)
def _age(e: ev.AgeRevealed, v: Voice) -> str:
    age = v.table.cards.ages[e.age]
    text = f"{review.age_round(e.round, e.era)}: {age.name}. {age.text}"
    if e.repeats:
        text += f" It repeats {v.source(e.repeats)}."
    return text + review.where_in_era(e)


@phrase(ev.AgeIgnored)
def _age_ignored(e: ev.AgeIgnored, v: Voice) -> str:
    because = v.cause(e)
    return f"{v.source(e.age)} is skipped" + (f" because of {because}." if because else ".")


@phrase(ev.CatastropheRevealed)
def _catastrophe(e: ev.CatastropheRevealed, v: Voice) -> str:
    c = v.table.cards.catastrophes[e.catastrophe]
    pool = f"Gene pool {c.gene_pool:+d}." if c.gene_pool else "Gene pools unchanged."  # not "plus zero"
    return f"{review.catastrophe_round(e.round, e.number)}: {c.name}. {pool} {c.catastrophic_text}"


@phrase(ev.FirstPlayerMoved)
def _first(e: ev.FirstPlayerMoved, v: Voice) -> str:
    return f"First player is now {v.whom(e.player)}."


@phrase(ev.CatastropheIgnored)
def _denied(e: ev.CatastropheIgnored, v: Voice) -> str:
    what = f"{v.source(e.catastrophe)}'s World's End" if e.worlds_end else v.source(e.catastrophe)
    return f"{v.name(e.card)} protects {v.whom(e.player)} from {what}."


@phrase(ev.TurnStarted)
def _turn(e: ev.TurnStarted, v: Voice) -> str:
    return "Your turn." if e.player == v.me else f"{v.table.name(e.player)}'s turn."


@phrase(ev.OnlyPlayable)
def _only(e: ev.OnlyPlayable, v: Voice) -> str | None:
    if not v.sees(e) or e.player != v.me:
        return None
    why = [f"{v.name(c)}, {play_failed(r) or 'not now'}" for c, r in e.unplayable]
    text = f"Only {v.card(e.card)} can be played"
    return text + (f"; not {'; not '.join(why)}." if why else ".")


@phrase(ev.TurnSkipped)
def _skipped(e: ev.TurnSkipped, v: Voice) -> str:
    why = {
        "empty_hand": "had no cards, so the turn is skipped",
        "no_playable": "cannot play a trait, so the turn is skipped",
        "redraw": "cannot play: discards the hand, draws 3, and skips the turn",
    }[e.reason]
    if e.reason == "redraw":
        return f"{v.who(e.player)} {why}."
    return f"{v.who(e.player)} {why}."


@phrase(ev.RoundSkipped)
def _round_skipped(e: ev.RoundSkipped, v: Voice) -> str:
    return f"{v.name(e.card)}: the rest of the round is skipped, up to the next catastrophe."


@phrase(ev.Drew)
def _drew(e: ev.Drew, v: Voice) -> str:
    dealt = e.cause is not None and e.cause.id == "deal"
    verb = "are dealt" if dealt and e.player == v.me else v.s(e.player, "draw")
    if dealt and e.player != v.me:
        verb = "is dealt"
    if e.cause is not None and e.cause.id == "stabilize":  # the cause, as a discard says it
        verb = f"{v.s(e.player, 'stabilize')} by drawing"
    if v.sees(e) and e.cards:
        return f"{v.who(e.player)} {verb} {v.names(e.cards)}."
    return f"{v.who(e.player)} {verb} {plural(e.size, 'card')}."


@phrase(ev.NothingToDraw)
def _nothing_to_draw(e: ev.NothingToDraw, v: Voice) -> str:
    verb = "are" if e.player == v.me else "is"
    return f"The deck and the discard pile are empty: {v.who(e.player)} {verb} {plural(e.short, 'card')} short."


@phrase(ev.DeckReshuffled)
def _reshuffled(e: ev.DeckReshuffled, v: Voice) -> str:
    return f"The deck ran out: the discard pile is shuffled into a new deck of {plural(e.cards, 'card')}."


@phrase(ev.Discarded)
def _discarded(e: ev.Discarded, v: Voice) -> str:
    how = " at random" if e.random else ""
    return f"{v.who(e.player)} {v.s(e.player, 'discard')} {v.names(e.cards)}{how}."


@phrase(ev.CardsPassed)
def _passed(e: ev.CardsPassed, v: Voice) -> str:
    what = v.names(e.cards) if v.sees(e) and e.cards else plural(e.size, "card")
    how = " at random" if e.random else ""
    if e.taken:
        return f"{v.who(e.receiver)} {v.s(e.receiver, 'take')} {what}{how} from {v.whom(e.giver)}."
    return f"{v.who(e.giver)} {v.s(e.giver, 'give')} {what}{how} to {v.whom(e.receiver)}."


@phrase(ev.HandsSwapped)
def _swapped(e: ev.HandsSwapped, v: Voice) -> str:
    said = f"{v.who(e.player)} and {v.whom(e.other)} swap hands"
    if v.me in (e.player, e.other) and v.sees(e):  # your new hand: what you gave, what you got
        gave, got = (e.to_other, e.to_player) if v.me == e.player else (e.to_player, e.to_other)
        return f"{said}: you give {v.names(gave) if gave else 'nothing'} and get {v.names(got) if got else 'nothing'}."
    return f"{said}."


@phrase(ev.CardsRevealed)
def _revealed(e: ev.CardsRevealed, v: Voice) -> str:
    how = ", picked at random" if e.random else ""
    if v.sees(e) and e.cards:
        return f"{v.who(e.owner)} {v.s(e.owner, 'show')} {v.names(e.cards)}{how}."
    return f"{v.who(e.owner)} {v.s(e.owner, 'show')} {plural(e.size, 'card')}{how}."


@phrase(ev.NextAgeSeen)
def _next_age(e: ev.NextAgeSeen, v: Voice) -> str:
    if v.sees(e):
        return f"{v.who(e.player)} {v.s(e.player, 'see')} the next age, {v.source(e.age) or 'none left'}."
    return f"{v.who(e.player)} {v.s(e.player, 'look')} at the next age."


@phrase(ev.TraitPlayed)
def _played(e: ev.TraitPlayed, v: Voice) -> str:
    parts = [f"{v.who(e.player)} {v.s(e.player, 'play')} {v.card(e.card)}"]  # (the label ends with a comma)
    if e.owner != e.player:
        parts.append(f"into {v.whose(e.owner)} pile")
    if e.source == "discard":
        parts.append("from the discard pile")
    elif e.source == "deck":
        parts.append("from the top of the deck")
    if e.out_of_turn:
        parts.append("out of turn")
    if e.action_skipped:  # else its text, read next, is heard as done
        parts.append("without its action")
    return ", ".join(parts) + "."


@phrase(ev.ThirdDominantDiscarded)
def _third(e: ev.ThirdDominantDiscarded, v: Voice) -> str:
    fate = "it stays in the discard pile" if e.source == "discard" else "it is discarded"
    return f"{v.name(e.card)} would be {v.whose(e.player)} third dominant, so {fate}."


@phrase(ev.PlayFailed)
def _failed(e: ev.PlayFailed, v: Voice) -> str:
    where = (
        " and is discarded" if e.discarded
        else f"; it stays in {v.whose(e.player)} hand" if e.in_hand
        else "; it stays on top of the deck"
    )
    return f"{v.name(e.card)} cannot be played: {play_failed(e.reason, v.whose(e.player))}{where}."


@phrase(ev.ActionResolving, quiet_below=VERBOSE)
def _resolving(e: ev.ActionResolving, v: Voice) -> str | None:
    if e.for_card is not None:
        return f"{v.name(e.for_card)}: {v.whom(e.player)} {v.s(e.player, 'use')} the action of {v.name(e.card)}."
    return None  # a trait's own action, just played: verbose read its text with the play


@phrase(ev.ActionIgnored)
def _ignored(e: ev.ActionIgnored, v: Voice) -> str:
    return f"The action of {v.name(e.card)} is ignored this round."


@phrase(ev.ActionCancelled)
def _cancelled(e: ev.ActionCancelled, v: Voice) -> str:
    """Whose action is cancelled, and through which trait: "Quin's Chromatophores cancels the
    action of Costly Signaling that your Inventive was using: Inventive stays in your pile,
    with nothing done, and your turn ends." (it named only Pia's card, never the listener's
    Inventive, nor what became of it)."""
    log = v.table.log
    opened = log[e.parent] if e.parent is not None and 0 <= e.parent < len(log) else None
    by = f"{v.Whose(e.by_player)} {v.name(e.by_card)} cancels the action of"
    if isinstance(opened, ev.ActionResolving) and opened.card != e.card:  # used through another trait
        user, through = opened.player, v.name(opened.card)
        text = (
            f"{by} {v.name(e.card)} that {v.whose(user)} {through} was using: {through} stays in "
            f"{v.whose(user)} pile, with nothing done"
        )
    elif isinstance(opened, ev.TraitPlayed) and opened.card == e.card:
        user = opened.player
        text = f"{by} {v.whose(opened.owner)} {v.name(e.card)}"
    else:
        return f"{by} {v.name(e.card)}."
    after = log[e.seq + 1] if e.seq + 1 < min(len(log), v.horizon) else None
    ends = (
        isinstance(after, (ev.Drew, ev.Discarded, ev.Stabilized, ev.StabilizeSkipped))
        and getattr(after, "player", None) == user and after.cause is not None and after.cause.id == "stabilize"
    )
    return text + (f", and {v.whose(user)} turn ends." if ends else ".")


@phrase(ev.TraitDiscarded)
def _trait_discarded(e: ev.TraitDiscarded, v: Voice) -> str:
    how = " at random" if e.random else ""
    if e.by is not None:  # chosen by another player: named, as the one who acts
        return f"{v.who(e.by)} {v.s(e.by, 'discard')} {v.name(e.card)} from {v.whose(e.player)} trait pile."
    return f"{v.name(e.card)} is discarded{how} from {v.whose(e.player)} trait pile."


@phrase(ev.TraitReturned)
def _returned(e: ev.TraitReturned, v: Voice) -> str:
    how = " at random" if e.random else ""
    return f"{v.name(e.card)} is discarded{how} from {v.whose(e.player)} trait pile and comes straight back."


@phrase(ev.TraitMoved)
def _moved(e: ev.TraitMoved, v: Voice) -> str:
    card = v.name(e.card)
    if e.how == "steal":
        return f"{v.who(e.to_player)} {v.s(e.to_player, 'steal')} {card} from {v.whose(e.from_player)} pile."
    if e.how == "give":
        return f"{v.who(e.from_player)} {v.s(e.from_player, 'give')} {card} to {v.whom(e.to_player)}."
    return f"{card} goes from {v.whose(e.from_player)} pile to {v.theirs(e.to_player)}."


@phrase(ev.TraitToHand)
def _to_hand(e: ev.TraitToHand, v: Voice) -> str:
    return f"{v.name(e.card)} goes back to {v.whose(e.player)} hand."


@phrase(ev.NothingToDo)
def _nothing(e: ev.NothingToDo, v: Voice) -> str:
    return nothing_done(e, [e.player], v)


def nothing_done(e: ev.NothingToDo, seats: list[int], v: Voice, partial: bool = False) -> str:
    """"Vampirism does nothing for you: there is nothing to take or target." Said of targets
    (another player's trait, an age or a catastrophe found nothing of theirs), "does nothing
    for Otto" sounded like a gain missed: "Territorial: Otto has nothing it acts on". When
    another part of the action was carried out (``partial``), only the part is said to fail:
    "Photosynthesis: none of the cards drawn can be played"."""
    cause = e.cause
    aimed = cause is not None and (cause.kind != "trait" or cause.seat not in (None, *seats))
    if e.reason == "cost_not_paid" and len(seats) == 1:  # a house rule: why no trait went
        p = seats[0]
        return (
            f"{v.cause(e)}: {v.who(p)} {v.s(p, 'discard')} no trait for its cost, since no trait "
            "may leave a pile this round; the house rule lets it be played all the same."
        )
    if e.reason == "cannot_play_taken" and len(seats) == 1:  # it did take a card: not "nothing"
        p = seats[0]
        return f"{v.cause(e)}: {_lower_you(f'{v.who(p)} cannot')} play the card taken now; it stays in {v.whose(p)} hand."
    if e.reason == "kept_hand" and len(seats) == 1:  # Memory: the hand may be thrown away
        p = seats[0]
        hand = "your hand" if p == v.me else "the hand"
        keeps = _lower_you(f"{v.who(p)} {v.s(p, 'keep')}")
        return f"{v.cause(e)}: {keeps} {hand}."
    if e.reason == "nothing_to_discard":  # one half of a two-sided discard (Reckless) finds none
        has = "have" if len(seats) > 1 or seats[0] == v.me else "has"
        return f"{v.cause(e)}: {join([v.whom(s) for s in seats])} {has} no trait that may be discarded."
    if e.reason == "no_target" and aimed:  # a target (of a trait, an age, a catastrophe) spared
        return f"{v.cause(e)}: {join([v.whom(s) for s in seats])} {'have' if len(seats) > 1 or seats[0] == v.me else 'has'} nothing it acts on."
    why = NOTHING_REASONS.get(e.reason, e.reason.replace("_", " "))
    if e.reason == "not_in_pile" and len(seats) == 1:  # left it, or used by another (Inventive)
        why = f"it is not in {v.whose(seats[0])} trait pile"
    if e.unplayable and len(seats) == 1:  # each trait that could not be played, and why
        reasons = why_not_played([(v.name(c), r) for c, r in e.unplayable], v.whose(seats[0]))
        why += f"; {reasons}" if reasons else ""
    if partial:
        return f"{v.cause(e)}: {why}."
    return f"{v.cause(e)} does nothing for {join([v.whom(s) for s in seats])}: {why}."


@phrase(ev.GenePoolChanged)
def _gene_pool(e: ev.GenePoolChanged, v: Voice) -> str:
    return f"{v.Whose(e.player)} gene pool goes from {e.old} to {e.new}."


@phrase(ev.GenePoolChangeIgnored, quiet_below=NORMAL)
def _gene_pool_ignored(e: ev.GenePoolChangeIgnored, v: Voice) -> str:
    bound = "above 8" if e.delta > 0 else "below 1"
    return f"{v.Whose(e.player)} gene pool cannot go {bound}; {v.cause(e)} changes nothing."


@phrase(ev.Stabilized, quiet_below=NORMAL)
def _stabilized(e: ev.Stabilized, v: Voice) -> str:
    return f"{v.who(e.player)} {v.s(e.player, 'stabilize')} with {plural(e.hand, 'card')}."


@phrase(ev.StabilizeSkipped)
def _no_stabilize(e: ev.StabilizeSkipped, v: Voice) -> str:
    return f"{v.who(e.player)} {v.s(e.player, 'do', 'does')} not stabilize."


@phrase(ev.ColourNamed)
def _colour(e: ev.ColourNamed, v: Voice) -> str:
    named = _lower_you(f"{v.who(e.player)} {v.s(e.player, 'name')} {e.colour}.")
    return f"{v.name(e.card)}: {named}"  # the card, the cause, first


@phrase(ev.WorldsEndStarted)
def _worlds_end(e: ev.WorldsEndStarted, v: Voice) -> str:
    if not e.catastrophe:
        return "The world ends."
    c = v.table.cards.catastrophes[e.catastrophe]
    text = f"The world ends: first each player's World's End traits, from the first player, then {c.name}'s"
    if any(isinstance(x, ev.CatastropheRevealed) and x.catastrophe == e.catastrophe for x in v.table.log):
        return text + "."  # its text was read with the catastrophe, a few lines before
    return f"{text}: {c.worlds_end_text}"  # a position set up at World's End


@phrase(ev.WorldsEndCatastropheChosen)
def _prepper(e: ev.WorldsEndCatastropheChosen, v: Voice) -> str:
    chosen = v.table.cards.catastrophes[e.catastrophe]
    final = v.table.catastrophes[-1] if v.table.catastrophes else None
    # the text read is the chosen one's: it follows its name, not the one set aside
    if final and final != e.catastrophe:
        return (
            f"{v.who(e.player)} {v.s(e.player, 'set')} aside {v.table.cards.catastrophes[final].name}'s World's End "
            f"for {chosen.name}'s, which reads: {chosen.worlds_end_text}"
        )
    return f"{v.who(e.player)} {v.s(e.player, 'choose')} the World's End of {chosen.name}, which reads: {chosen.worlds_end_text}"


@phrase(ev.TraitsRecoloured)
def _recoloured(e: ev.TraitsRecoloured, v: Voice) -> str:
    return f"{v.Whose(e.player)} {e.from_colour} traits become {e.to_colour}: {v.names(e.cards)}."


@phrase(ev.WorldsEndPoints)
def _we_points(e: ev.WorldsEndPoints, v: Voice) -> str:
    if e.card is not None:  # a card drawn for its face value: which one, so it can be checked
        return f"{v.cause(e)}: {_drew_for_points(e, v)}."
    return f"World's End points from {v.cause(e)}: {v.whom(e.player)} {e.points:+d}."  # the cause first, as for several


def _drew_for_points(e: ev.WorldsEndPoints, v: Voice) -> str:
    """``Ana draws Kidney, rX, for +0``."""
    assert e.card is not None
    return f"{v.who(e.player)} {v.s(e.player, 'draw')} {v.card(e.card)}, for {e.points:+d}"


@phrase(ev.ScoreTallied)
def _score(e: ev.ScoreTallied, v: Voice) -> str:
    who = v.table.name(e.player) if e.player != v.me else "You"
    return (
        f"{who}: {plural(e.total, 'point')}. World's End {e.worlds_end}, "
        f"face value {e.face_value}, bonus {e.bonus}."
    )


@phrase(ev.TieBreakDraw)
def _tie(e: ev.TieBreakDraw, v: Voice) -> str:
    return f"Tie-break: {v.who(e.player)} {v.s(e.player, 'draw')} {v.card(e.card)}, for {e.total}."


@phrase(ev.GameOver)
def _over(e: ev.GameOver, v: Voice) -> str:
    totals = v.table.scores
    best = totals[e.winners[0]].total if e.winners else 0
    # Rulebook: the card drawn to break a tie adds its face value to the final score.
    drawn = {t.player: t.total for t in v.table.log if isinstance(t, ev.TieBreakDraw)}
    points = plural(best, "point")
    if e.winners and e.winners[0] in drawn:
        points = f"{plural(drawn[e.winners[0]], 'point')}, {best} before the tie-break draw"
    if len(e.winners) == 1:
        w = e.winners[0]
        return f"{v.who(w)} {v.s(w, 'win')} with {points}. Game over."
    return f"{join([v.who(w) for w in e.winners])} share the win with {points}. Game over."


class Announcer:
    """Renders events for one listener at a verbosity, in print and speech forms.

    ``me`` is the listener's seat (None: an onlooker, or people sharing the keyboard who all
    hear the end by name). Each call is given the listener's view of the table now and events
    as their seat saw them (:attr:`~doomlings_access.rules.view.OnlookerView.log`); between
    calls the announcer keeps only what the listener has heard (the stories under way, the
    traits whose text was read) and the view it was last given."""

    def __init__(
        self, me: int | None, verbosity: str = NORMAL, style: Style | None = None,
        scores_itemised: bool = False,
    ) -> None:
        self.me = me
        self.verbosity = verbosity
        self.style = style or Style()
        self.scores_itemised = scores_itemised
        """The final scores are read card by card after the game (to a person at the
        keyboard): the engine's totals are not told before them as well."""
        self._roots: dict[int, int] = {}  # event to the root of its story (kept across calls)
        self._explained: set[str] = set()  # traits whose effect has been read in this game
        self.table: OnlookerView
        """The listener's view of the table, as last given (what the events are told against)."""
        self.horizon = 0
        """Where in the log the events being told end (:attr:`Voice.horizon`)."""

    def _voice(self, speech: bool) -> Voice:
        return Voice(self.table, self.me, self.style, speech, self.horizon)

    def render(self, table: OnlookerView, event: ev.Event) -> Said | None:
        """One event alone, as the listener with the view ``table`` hears it (None: not told)."""
        self.table = table
        self.horizon = event.seq + 1
        return self._render(event)

    def _render(self, event: ev.Event) -> Said | None:
        event = event.seen_by(self.me)  # another's secret cards are never read out, by any phrase
        if self.scores_itemised and isinstance(event, ev.ScoreTallied):
            return None
        quiet = QUIET_AT.get(type(event))
        if isinstance(event, ev.ActionResolving) and event.for_card is not None:
            quiet = None  # the action a trait copies is always named: it is the cause of what follows
        if quiet and VERBOSITIES.index(self.verbosity) < VERBOSITIES.index(quiet):
            return None
        if self.verbosity == TERSE and isinstance(event, ev.Drew) and event.player != self.me:
            if event.cause is None or event.cause.kind == "rule":
                return None  # terse drops the rules' own draws (stabilizing), not a card's: a
                # card drawn by Echolocation seemed to come from nowhere
        fn = PHRASES[type(event)]
        text = fn(event, self._voice(speech=False))
        speech = fn(event, self._voice(speech=True))
        if text is None or speech is None:
            return None
        if isinstance(event, ev.CatastropheRevealed) and (
            event.number == CATASTROPHES or self.verbosity == VERBOSE
        ):  # only the last catastrophe's World's End is carried out: verbose reads every one
            extra = f" World's End: {self.table.cards.catastrophes[event.catastrophe].worlds_end_text}"
            text, speech = text + extra, speech + extra
        if isinstance(event, ev.TraitPlayed) and self._explains(event.card, event.player):
            d = self.table.card(event.card)
            extra = f" {d.name} reads: {d.text}"
            text, speech = text + extra, speech + extra
        elif isinstance(event, ev.TraitPlayed) and self._nothing_follows(event):
            text, speech = text[:-1] + ", no action.", speech[:-1] + ", no action."
        return Said(text, speech)

    def _nothing_follows(self, e: ev.TraitPlayed) -> bool:
        """Whether a trait is played with no action and nothing it does follows its play (Fear,
        Blubber): said so, or silence was heard as an effect missed (a listener looked up a
        card seven times a game). A trait whose text is read, or played without its action
        (said), or that does something as it enters (a gene pool, a pile) needs no word."""
        d = self.table.card(e.card)
        if d.action or e.action_skipped:
            return False
        inside = {e.seq}
        for later in self.table.log[e.seq + 1 : self.horizon]:
            if later.parent not in inside:
                break
            inside.add(later.seq)
            if later.cause is not None and later.cause.id == d.id:
                return False
        return True

    def _explains(self, card: int, player: int) -> bool:
        """Whether a trait's effect is read after its play: every time when verbose; at
        normal, the first time another player plays it in the game (the listener knows the
        cards they play; a trait with no effect is not read)."""
        d = self.table.card(card)
        if self.verbosity == VERBOSE:
            return True
        if player == self.me or d.id in self._explained:
            return False
        self._explained.add(d.id)
        return self.verbosity == NORMAL and d.has_effect

    def read_at_last_play(self, table: OnlookerView, card: int) -> bool:
        """Whether this listener heard ``card``'s text read when it was last played (worked out
        from the log of their view ``table`` alone, as :meth:`_explains` decides, so a resumed
        game agrees)."""
        plays = [e for e in table.log if isinstance(e, ev.TraitPlayed)]
        last = next((e for e in reversed(plays) if e.card == card), None)
        d = table.card(card)
        if last is None or self.verbosity == TERSE:
            return False
        if self.verbosity == VERBOSE:
            return True
        if last.player == self.me or not d.has_effect:
            return False
        first = next(e for e in plays if e.player != self.me and table.card(e.card).id == d.id)
        return first is last

    def already_told(self, table: OnlookerView, events: Collection[ev.Event]) -> None:
        """The listener, whose view is ``table``, heard ``events`` before (a resumed game): a
        trait whose effect was read then is not read again as if it were new."""
        for e in events:
            if isinstance(e, ev.TraitPlayed) and e.player != self.me:
                self._explained.add(table.card(e.card).id)

    def render_all(self, table: OnlookerView, events: Sequence[ev.Event]) -> list[Said]:
        """The events as a listener hears them, told against their view ``table``: one message
        per story (a turn, a round's card, a catastrophe), its sentences in order, each effect
        after its cause and named by it when the cause is not the card just told; same-kind
        events of one cause merged."""
        return [said for said, _ in self.render_stories(table, events)]

    def render_stories(self, table: OnlookerView, events: Sequence[ev.Event]) -> list[tuple[Said, int]]:
        """:meth:`render_all`, each message with how many of ``events`` it has told by its
        end (a pause between two messages knows where the listener is)."""
        self.table = table
        events = [e.seen_by(self.me) for e in events]  # as this listener's seat sees them
        self.horizon = events[-1].seq + 1 if events else 0
        out: list[tuple[Said, int]] = []
        story: list[Said] = []
        root: int | None = None
        told: str = ""  # the card whose effects the story is telling
        named = ""  # the card the last sentence began with ("Clever: you take ...")
        skipping = ""  # the card that skipped the rest of the round in this story
        i = 0
        while i < len(events):
            e = events[i]
            here = self._root_of(e)
            # The ages a skip passes over come later, but are told in the skip's story.
            passed_over = isinstance(e, ev.AgeIgnored) and skipping and self._cause_name(e) == skipping
            if (here != root and not passed_over) or isinstance(e, STANDS_ALONE):
                out.extend((said, i) for said in _paragraph(story))
                story, root, told, named, skipping = [], here, "", "", ""
            said, i = self._merged(events, i)
            if said is None:
                continue
            if isinstance(e, ev.RoundSkipped):
                skipping = self._cause_name(e)
            if passed_over:  # "High Tides is skipped too.", the skip just told
                said = Said(said.text.replace(f" because of {skipping}.", " too."), said.speech.replace(f" because of {skipping}.", " too."))
            cause = self._cause_name(e)
            if isinstance(e, ev.TraitPlayed) and cause and cause not in (named, self._card_told(e)):
                # a play another card allowed (an age's extra play, Eloquence at World's End,
                # Propagation just played) names it: "High Tides: Quin plays Gills, b1." (it
                # seemed a second turn play, above all where the card's text is not read)
                if not said.text.startswith(cause):
                    said = Said(_after_cause(cause, said.text), _after_cause(cause, said.speech))
            if isinstance(e, ev.TraitPlayed) and self.verbosity == TERSE and e.player != self.me:
                told = ""  # another's card, whose text terse never reads: its effects name it
            elif isinstance(e, NAMES_ITS_CARD):
                told = self._card_told(e) or told
            elif cause and cause != told and not isinstance(e, NAMES_ITS_CAUSE):
                if not said.text.startswith(cause):
                    said = Said(_after_cause(cause, said.text), _after_cause(cause, said.speech))
                told = cause
            elif cause:
                if cause == named and isinstance(e, (ev.PlayFailed, ev.NothingToDo)):  # the last sentence began with it
                    said = Said(_cause_dropped(cause, said.text), _cause_dropped(cause, said.speech))
                told = cause
            named = cause if cause and said.text.startswith(f"{cause}:") else ""
            story.append(said)
        out.extend((said, len(events)) for said in _paragraph(story))
        return out

    def _root_of(self, e: ev.Event) -> int:
        """The story an event belongs to: the root of its chain of parents."""
        parent = e.parent
        if parent is None:
            root = e.seq
        else:
            known = self._roots.get(parent)
            if known is None:  # told before this announcer was made (a resumed game)
                known, log = parent, self.table.log
                while 0 <= known < len(log):
                    up = log[known].parent
                    if up is None:
                        break
                    known = up
            root = known
        self._roots[e.seq] = root
        return root

    def _cause_name(self, e: ev.Event) -> str:
        return self._voice(speech=False).cause(e)

    def _card_told(self, e: ev.Event) -> str:
        if isinstance(e, ev.TraitPlayed):
            return self.table.card(e.card).name
        if isinstance(e, ev.AgeRevealed):
            return self.table.cards.ages[e.age].name
        if isinstance(e, ev.CatastropheRevealed):
            return self.table.cards.catastrophes[e.catastrophe].name
        return ""

    def _gene_pools_net(self, run: list[ev.GenePoolChanged], v: Voice) -> Said:
        """"Fecundity and Dreamer: your gene pool stays at 6 and Pia's gene pool stays at 6.":
        each player's gene pool from before the first change to after the last, once, after
        the traits that changed them (so the story names no cause again)."""
        causes = list(dict.fromkeys(self._cause_name(e) or "A trait" for e in run))
        before: dict[int, int] = {}
        after: dict[int, int] = {}
        for e in run:
            before.setdefault(e.player, e.old)
            after[e.player] = e.new
        parts = [
            f"{v.whose(p)} gene pool stays at {after[p]}" if before[p] == after[p]
            else f"{v.whose(p)} gene pool goes from {before[p]} to {after[p]}"
            for p in before
        ]
        text = f"{join(causes)}: {join(parts)}."
        return Said(text, text)

    def _merged(self, events: list[ev.Event], i: int) -> tuple[Said | None, int]:
        """The sentence for ``events[i]``, merged with the same-kind events after it; and
        where the next sentence starts."""
        e = events[i]
        v = self._voice(speech=False)
        nxt = events[i + 1] if i + 1 < len(events) else None
        if isinstance(e, ev.TurnStarted):
            if self.verbosity != VERBOSE and (e.player == self.me or (nxt is not None and nxt.parent == e.seq)):
                return None, i + 1  # the question, or the next sentence, names the player
            if e.player == self.me and nxt is None:
                return None, i + 1  # "Your turn: play a trait." follows (twice "Your turn.", and
                # `repeat` said only that)
        said = self._render(e)  # once: merging below only asks whether it is told
        if isinstance(e, (ev.Drew, ev.Discarded)) and said is not None:
            pairs, end = _stabilize_pairs(events, i, skip_unchanged=self.verbosity != VERBOSE)
            if len(pairs) > 1 and all(self._render(x) is not None for pair in pairs for x in pair):
                return self._each_stabilized(pairs), end
        if isinstance(e, ev.Drew) and said is not None:
            swaps = _draws_then_discards(events, i)
            if swaps and all(self._render(x) is not None for pair in swaps for x in pair):
                return self._each_drew_and_discarded(swaps), i + 2 * len(swaps)
            run = _run(events, i, ev.Drew, lambda d: self._render(d) is not None)
            if len(run) > 1:  # one cause's draws, one sentence: "Quin draws 4 cards; you draw A and B."
                return self._drew_in_turn(run, v), i + len(run)
            if isinstance(nxt, ev.Stabilized) and _stabilizes(e, nxt) and self._render(nxt) is not None:
                assert said is not None
                keep = f", {nxt.hand} in hand."
                return Said(said.text[:-1] + keep, said.speech[:-1] + keep), i + 2
            before = events[i - 1] if i else None
            if isinstance(before, ev.Stabilized) and before.player == e.player:
                # a draw right after stabilizing (Coastal Formations) says the hand it makes:
                # "Pia draws 3 cards, 6 in hand" just before was out of date at once
                held = f", {before.hand + e.size} in hand."
                return Said(said.text[:-1] + held, said.speech[:-1] + held), i + 1
        if isinstance(e, (ev.TraitDiscarded, ev.NothingToDo)) and said is not None:
            mixed = _discards_or_nothing(events, i)
            if mixed:
                return self._discarded_or_nothing(mixed), i + len(mixed)
        if isinstance(e, (ev.Discarded, ev.CardsPassed, ev.TraitDiscarded, ev.CardsRevealed)) and said is not None:
            run = _run(  # two neighbours may be one player: passes are told however many
                events, i, type(e), lambda x: getattr(x, "random", False) == getattr(e, "random", False),
                one_each=not isinstance(e, ev.CardsPassed),
            )
            if len(run) > 1 and isinstance(e, ev.TraitDiscarded):
                return self._traits_discarded(run), i + len(run)
            if len(run) > 2 and isinstance(e, ev.CardsPassed) and any(p.receiver == self.me for p in run):
                return self._passed_round(run), i + len(run)
            if len(run) > 1:  # one cause's discards, passes or shows, one sentence: "Otto discards A; you discard B."
                told = [t for t in map(self._render, run) if t is not None]
                return Said(_joined([t.text for t in told]), _joined([t.speech for t in told])), i + len(run)
        if isinstance(e, ev.Discarded) and isinstance(nxt, ev.Stabilized) and _stabilizes(e, nxt):
            if said is not None:  # (terse too: the discard is told, and stabilizing is its cause)
                text, speech = (
                    f"{w.who(e.player)} {w.s(e.player, 'stabilize')} by discarding {w.names(e.cards)}, "
                    f"{plural(nxt.hand, 'card')} left."
                    for w in (v, self._voice(speech=True))
                )
                return Said(text, speech), i + 2
        if (
            isinstance(e, ev.Stabilized) and not e.drew and not e.discarded and self.verbosity != VERBOSE
        ):
            return None, i + 1  # nothing changed: the hand's size is in ``table``
        if isinstance(e, ev.GenePoolChanged) and said is not None:
            moved = _gene_pools_moved(events, i)
            if moved:  # traits that change gene pools swapped or moved: one sentence, net
                return self._gene_pools_net(moved, v), i + len(moved)
            run = _run(events, i, ev.GenePoolChanged, lambda g: True)
            if len(run) > 1:
                pools = join([f"{v.whom(g.player)} {g.old} to {g.new}" for g in run])
                text = f"{GENE_POOLS}{pools}."
                if len({(g.old, g.new) for g in run}) == 1 and len({g.player for g in run}) == self.table.n:
                    text = f"Every gene pool goes from {e.old} to {e.new}."
                return Said(text, text), i + len(run)
        if isinstance(e, ev.NothingToDo):
            run = _run(events, i, ev.NothingToDo, lambda n: n.reason == e.reason)
            if len(run) > 1:
                text = nothing_done(e, [n.player for n in run], v)
                return Said(text, text), i + len(run)
            if said is not None and _did_something_else(events, e):
                text = nothing_done(e, [e.player], v, partial=True)
                return Said(text, text), i + 1
        if (
            isinstance(e, ev.TraitMoved) and e.how in SWAPS and isinstance(nxt, ev.TraitMoved) and nxt.how == e.how
            and (nxt.from_player, nxt.to_player) == (e.to_player, e.from_player) and nxt.parent == e.parent
        ):  # a swap or a trade, one sentence: "Sneaky from your pile and Clever from Otto's swap places."
            text, speech = (
                f"{w.name(e.card)} from {w.whose(e.from_player)} pile and {w.name(nxt.card)} from "
                f"{w.theirs(nxt.from_player)} swap places."
                for w in (v, self._voice(speech=True))
            )
            return Said(text, speech), i + 2
        if isinstance(e, ev.WorldsEndPoints) and said is not None:
            run = _run(events, i, ev.WorldsEndPoints, lambda w: True)
            if len(run) > 1 and all(w.card is not None for w in run):
                return self._drawn_for_points(run), i + len(run)
            if len(run) > 1:
                points = join([f"{v.whom(w.player)} {w.points:+d}" for w in run])
                text = f"World's End points from {v.cause(e)}: {points}."
                return Said(text, text), i + len(run)
        if isinstance(e, ev.TieBreakDraw) and said is not None:
            run = _run(events, i, ev.TieBreakDraw, lambda t: True)
            return self._tie_break(run), i + len(run)
        if isinstance(e, ev.AgeIgnored):
            run = _run(events, i, ev.AgeIgnored, lambda a: True)
            if len(run) > 1:
                because = v.cause(e)
                ages = join([v.source(a.age) for a in run])
                text = f"{ages} are skipped" + (f" because of {because}." if because else ".")
                return Said(text, text), i + len(run)
        return said, i + 1

    def _drawn_for_points(self, run: list[ev.WorldsEndPoints]) -> Said:
        """Cards drawn for their face value, one sentence: "World's End points from Deus Ex
        Machina: Ana draws Kidney, rX, for +0; you draw Bark, b2, for +2."."""
        said = []
        for voice in (self._voice(speech=False), self._voice(speech=True)):
            draws = "; ".join(_lower_you(_drew_for_points(w, voice)) for w in run)
            said.append(f"World's End points from {voice.cause(run[0])}: {draws}.")
        return Said(said[0], said[1])

    def _tie_break(self, run: list[ev.TieBreakDraw]) -> Said:
        """The tie-break draws in one sentence that first says who tied, and on what: "Tie-break
        for Otto and Pia, tied on 26 points: Otto draws Brave, r1, for 27; Pia draws Late, c1,
        for 27."."""
        totals = [s.total for s in self.table.scores]
        best = max(totals)
        tied = [seat for seat in self.table.seats_from(self.table.first_player) if totals[seat] == best]
        said = []
        for voice in (self._voice(speech=False), self._voice(speech=True)):
            draws = [_lower_you((PHRASES[ev.TieBreakDraw](t, voice) or "").removeprefix("Tie-break: ")[:-1]) for t in run]
            said.append(f"Tie-break for {join([voice.whom(s) for s in tied])}, tied on {plural(best, 'point')}: {'; '.join(draws)}.")
        return Said(said[0], said[1])

    def _passed_round(self, run: list[ev.CardsPassed]) -> Said:
        """Cards passed round the table (The Big One), what the listener gets first, then
        the rest briefly: "You get Spiny from Otto and Migratory from Quin; every player gives
        1 card to each neighbour." (one sentence of eight parts read the listener's own
        choices back to them before what they received.) When not every player gave one card
        to each neighbour, the other passes follow as counts, the listener's own by name."""
        n = self.table.n
        given = {(p.giver, p.receiver): p.size for p in run}
        regular = n > 2 and len(given) == len(run) == 2 * n and all(
            given.get((s, (s + step) % n)) == 1 for s in range(n) for step in (1, -1)
        )
        said = []
        for voice in (self._voice(speech=False), self._voice(speech=True)):
            got = [p for p in run if p.receiver == self.me]
            cards = [voice.names(p.cards) if voice.sees(p) and p.cards else plural(p.size, "card") for p in got]
            parts = [f"You get {join([f'{c} from {voice.whom(p.giver)}' for c, p in zip(cards, got)])}"]
            if regular:
                parts.append("every player gives 1 card to each neighbour")
            else:
                mine = [p for p in run if p.giver == self.me and p.receiver != self.me]
                if mine:
                    gifts = [f"{voice.names(p.cards) if p.cards else plural(p.size, 'card')} to {voice.whom(p.receiver)}" for p in mine]
                    parts.append(f"you give {join(gifts)}")
                for p in run:
                    if p.receiver != self.me and p.giver != self.me:
                        parts.append(_lower_you((PHRASES[ev.CardsPassed](p, voice) or "")[:-1]))
            said.append("; ".join(parts) + ".")
        return Said(said[0], said[1])

    def _traits_discarded(self, run: list[ev.TraitDiscarded]) -> Said:
        """One cause's trait-pile discards, the first told whole and the rest by card and pile:
        "Antlers is discarded at random from Quin's trait pile; Swarm from Rae's; Spiny from
        yours."."""
        text, speech = (
            "; ".join(
                [(PHRASES[ev.TraitDiscarded](run[0], w) or "")[:-1]]
                + [_another_discard(t, w) for t in run[1:]]
            ) + "."
            for w in (self._voice(speech=False), self._voice(speech=True))
        )
        return Said(text, speech)

    def _discarded_or_nothing(self, run: list[ev.TraitDiscarded | ev.NothingToDo]) -> Said:
        """One cause that takes a trait from some players' piles and finds nothing to take
        from others, in one sentence that names it first: "Territorial: Fire Skin is discarded
        from Quin's trait pile; Pia and Rae have nothing it acts on."."""
        discards = [e for e in run if isinstance(e, ev.TraitDiscarded)]
        nothing = [e for e in run if isinstance(e, ev.NothingToDo)]
        taken = self._traits_discarded(discards) if len(discards) > 1 else self._render(discards[0])
        assert taken is not None
        why = NOTHING_REASONS.get(nothing[0].reason, nothing[0].reason.replace("_", " "))
        texts = []
        for told, speech in ((taken.text, False), (taken.speech, True)):
            voice = self._voice(speech)
            seats = [n.player for n in nothing]
            whom = join([voice.whom(p) for p in seats])
            have = "have" if len(seats) > 1 or seats[0] == self.me else "has"
            if nothing[0].reason == "no_target":  # the others are targets spared, not losers of a gain
                rest = f"{_lower_you(whom)} {have} nothing it acts on"
            elif nothing[0].reason == "nothing_to_discard":
                rest = f"{_lower_you(whom)} {have} no trait that may be discarded"
            else:
                rest = f"it does nothing for {whom}: {why}"
            texts.append(f"{voice.cause(nothing[0])}: {_lower_you(told[:-1])}; {rest}.")
        return Said(texts[0], texts[1])

    def _each_drew(self, run: list[ev.Drew]) -> Said:
        v = self._voice(speech=False)
        names = join([v.whom(d.player) for d in run])
        dealt = run[0].cause is not None and run[0].cause.id == "deal"
        verb = "are each dealt" if dealt else "each draw"
        text = f"{names[0].upper()}{names[1:]} {verb} {plural(run[0].size, 'card')}."
        return Said(text, text)

    def _drew_in_turn(self, run: list[ev.Drew], v: Voice) -> Said:
        """One cause's draws, in turn order, as one sentence: the cards the listener sees named,
        players next to each other who drew as many unseen cards together ("Quin draws 4
        cards; you draw Teeth and Fins; Otto and Pia each draw 4 cards.")."""
        clauses: list[Said] = []
        k = 0
        while k < len(run):
            same: list[ev.Drew] = []
            for d in run[k:]:
                if (v.sees(d) and d.cards) or d.size != run[k].size:
                    break
                same.append(d)
            if len(same) > 1:
                clauses.append(self._each_drew(same))
                k += len(same)
                continue
            told = self._render(run[k])
            assert told is not None
            clauses.append(told)
            k += 1
        return Said(_joined([c.text for c in clauses]), _joined([c.speech for c in clauses]))

    def _each_drew_and_discarded(self, pairs: list[tuple[ev.Drew, ev.Discarded]]) -> Said:
        """Players who draw and then discard for one cause (an age), one clause each, in one
        sentence: "Otto draws 1 card and discards Nocturnal; Pia draws 1 card and discards
        Kidney."."""
        texts: list[str] = []
        speeches: list[str] = []
        for drew, discarded in pairs:
            for out, speech in ((texts, False), (speeches, True)):
                voice = self._voice(speech)
                took = PHRASES[ev.Drew](drew, voice) or ""
                gave = PHRASES[ev.Discarded](discarded, voice) or ""
                subject = f"{voice.who(discarded.player)} "
                out.append(f"{took[:-1]} and {gave.removeprefix(subject)}")
        return Said(_joined(texts), _joined(speeches))

    def _each_stabilized(self, pairs: list[tuple[ev.Drew | ev.Discarded, ev.Stabilized]]) -> Said:
        """Several players' stabilizes under one cause as one sentence, in turn order: "Pia and
        Quin each stabilize by drawing 5 cards, 5 in hand; you stabilize by drawing Bad and
        Gills, 5 in hand; Rae stabilizes by
        discarding Kidney, 4 cards left; Sol by discarding Fangs, 4 cards left." (players who
        drew as many unseen cards and hold as many told together)."""
        said = []
        for voice in (self._voice(speech=False), self._voice(speech=True)):
            groups: dict[object, list[tuple[ev.Drew | ev.Discarded, ev.Stabilized]]] = {}
            for took, done in pairs:
                if isinstance(took, ev.Drew) and not (voice.sees(took) and took.cards):
                    groups.setdefault((took.size, done.hand), []).append((took, done))
                else:
                    groups.setdefault(took.seq, []).append((took, done))
            parts = []
            discarding = False  # the clause before was a stabilize by discarding
            for group in groups.values():
                took, done = group[0]
                if isinstance(took, ev.Discarded):
                    verb = "by discarding" if discarding else f"{voice.s(took.player, 'stabilize')} by discarding"
                    parts.append(_lower_you(f"{voice.who(took.player)} {verb} {voice.names(took.cards)}, {plural(done.hand, 'card')} left"))
                    discarding = True
                    continue
                discarding = False
                if len(group) > 1:
                    who = f"{join([voice.who(d.player) for d, _ in group])} each stabilize by drawing"
                else:
                    who = f"{voice.who(took.player)} {voice.s(took.player, 'stabilize')} by drawing"
                what = voice.names(took.cards) if voice.sees(took) and took.cards else plural(took.size, "card")
                parts.append(_lower_you(f"{who} {what}, {done.hand} in hand"))
            text = "; ".join(parts) + "."
            said.append(text[0].upper() + text[1:])
        return Said(said[0], said[1])


SWAPS = ("swap", "trade")
"""Two traits that change piles with each other: told as one sentence."""
STANDS_ALONE = (ev.ScoreTallied, ev.TieBreakDraw, ev.GameOver)
"""Events told as messages of their own: a list of scores is read one player at a time."""
NAMES_ITS_CARD = (ev.TraitPlayed, ev.AgeRevealed, ev.CatastropheRevealed)
"""Events whose sentence names the card whose effects follow."""
NAMES_ITS_CAUSE = (
    ev.NothingToDo, ev.WorldsEndPoints, ev.GenePoolChangeIgnored, ev.AgeIgnored,
    ev.CatastropheIgnored, ev.RoundSkipped, ev.ActionResolving, ev.ActionCancelled,
    ev.ActionIgnored, ev.ColourNamed, ev.ThirdDominantDiscarded, ev.PlayFailed,
)
"""Events whose sentence already names its cause."""


def _run(
    events: list[ev.Event], i: int, kind: type[ev.Event] | tuple[type[ev.Event], ...],
    fits: Callable[[Any], bool], one_each: bool = True,
) -> list[Any]:
    """Events of ``kind`` (or of the kinds) from ``i`` on with the same cause and parent, one
    per player (or any number each, without ``one_each``)."""
    first = events[i]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    run: list[Any] = []
    seen: set[int | str | None] = set()
    for e in events[i:]:
        player = getattr(e, "player", getattr(e, "owner", getattr(e, "age", None)))
        if type(e) not in kinds or e.cause != first.cause or e.parent != first.parent:
            break
        if not fits(e) or (one_each and player in seen):
            break
        seen.add(player)
        run.append(e)
    return run


def _gene_pools_moved(events: list[ev.Event], i: int) -> list[ev.GenePoolChanged]:
    """Gene pool changes in a row from one parent but more than one cause: traits that change
    gene pools swapped or moved between piles (Telekinetic swapping Fecundity and Dreamer
    made four sentences whose sum was nothing). Empty when there is no such run."""
    first = events[i]
    run: list[ev.GenePoolChanged] = []
    for e in events[i:]:
        if not isinstance(e, ev.GenePoolChanged) or e.parent != first.parent:
            break
        run.append(e)
    return run if len(run) > 1 and len({e.cause for e in run}) > 1 else []


def _did_something_else(events: list[ev.Event], e: ev.NothingToDo) -> bool:
    """Whether the action ``e`` found nothing to do in did something else (Venomous moves
    itself though no trait could be played; Photosynthesis drew its cards)."""
    opened = next((x for x in events if x.seq == e.parent), None)
    return isinstance(opened, ev.ActionResolving) and any(
        x.parent == e.parent and not isinstance(x, ev.NothingToDo) for x in events
    )


def _another_discard(e: ev.TraitDiscarded, v: Voice) -> str:
    """A discard after the first of the same cause, told short: "Swarm from Rae's", or by its
    chooser when that is another player: "you discard Voracious from Otto's"."""
    if e.by is None:
        return f"{v.name(e.card)} from {v.theirs(e.player)}"
    return f"{v.whom(e.by)} {v.s(e.by, 'discard')} {v.name(e.card)} from {v.theirs(e.player)}"


def _discards_or_nothing(events: list[ev.Event], i: int) -> list[ev.TraitDiscarded | ev.NothingToDo]:
    """From ``i`` on: one cause's trait-pile discards (all at random or none) mixed with the
    players it found nothing to take from (for one reason), one event per player; empty unless
    both kinds are there (one kind alone is merged by :func:`_run`)."""
    run: list[ev.TraitDiscarded | ev.NothingToDo] = _run(events, i, (ev.TraitDiscarded, ev.NothingToDo), lambda e: True)
    discards = [e for e in run if isinstance(e, ev.TraitDiscarded)]
    reasons = {e.reason for e in run if isinstance(e, ev.NothingToDo)}
    if not discards or not reasons or len(reasons) > 1 or len({e.random for e in discards}) > 1:
        return []
    return run


def _draws_then_discards(events: list[ev.Event], i: int) -> list[tuple[ev.Drew, ev.Discarded]]:
    """From ``i`` on: each player's draw followed by their discard for the same cause (an age
    that has everyone draw and then discard), one per player."""
    first = events[i]
    pairs: list[tuple[ev.Drew, ev.Discarded]] = []
    seen: set[int] = set()
    while i + 1 < len(events):
        drew, discarded = events[i], events[i + 1]
        if not (isinstance(drew, ev.Drew) and isinstance(discarded, ev.Discarded)):
            break
        if drew.player != discarded.player or drew.player in seen:
            break
        if {drew.cause, discarded.cause} != {first.cause} or {drew.parent, discarded.parent} != {first.parent}:
            break
        seen.add(drew.player)
        pairs.append((drew, discarded))
        i += 2
    return pairs


def _stabilize_pairs(
    events: list[ev.Event], i: int, skip_unchanged: bool
) -> tuple[list[tuple[ev.Drew | ev.Discarded, ev.Stabilized]], int]:
    """From ``i`` on: draws or discards each followed by the stabilize it belongs to, under one
    parent (a catastrophe that has every player stabilize), one per player; and where they end.
    With ``skip_unchanged``, the stabilizes of players whose hand did not change (not told)
    between them are passed over."""
    first = events[i]
    pairs: list[tuple[ev.Drew | ev.Discarded, ev.Stabilized]] = []
    seen: set[int] = set()
    end = i
    while i + 1 < len(events):
        took, done = events[i], events[i + 1]
        if skip_unchanged and isinstance(took, ev.Stabilized) and not took.drew and not took.discarded:
            if took.parent != first.parent:
                break
            i += 1
            continue
        if not (isinstance(took, (ev.Drew, ev.Discarded)) and isinstance(done, ev.Stabilized) and _stabilizes(took, done)):
            break
        if took.parent != first.parent or took.player in seen:
            break
        seen.add(took.player)
        pairs.append((took, done))
        i += 2
        end = i
    return pairs, end


def _stabilizes(e: ev.Drew | ev.Discarded, nxt: ev.Stabilized) -> bool:
    """Whether ``e`` is the draw or discard of the stabilize that ``nxt`` reports."""
    return nxt.player == e.player and e.cause is not None and e.cause.id == "stabilize"


def _joined(sentences: list[str]) -> str:
    """Sentences of one kind as one: "Otto discards A. You discard B." reads "Otto discards A;
    you discard B."."""
    return "; ".join(s[:-1] if k == 0 else _lower_you(s[:-1]) for k, s in enumerate(sentences)) + "."


GENE_POOLS = "Gene pools: "
"""How several players' gene pool changes of one cause begin ("Gene pools: Ben 4 to 5, ...")."""


def _after_cause(cause: str, text: str) -> str:
    """``text`` told after the name of its cause: "Echolocation: you draw Fins.", but
    "Overpopulation changes the gene pools: Quin 4 to 5, ..." (not two colons in a row)."""
    if text.startswith(GENE_POOLS):
        return f"{cause} changes the gene pools: {text.removeprefix(GENE_POOLS)}"
    return f"{cause}: {_lower_you(text)}"


def _cause_dropped(cause: str, text: str) -> str:
    """"Nosy: you cannot play the card taken now." after "Nosy: you take Heroic from Otto."
    reads "You cannot play the card taken now.": its cause was just named."""
    rest = text.removeprefix(f"{cause}: ")
    return text if rest == text else rest[:1].upper() + rest[1:]


def _lower_you(text: str) -> str:
    """"You draw" after a cause's name reads "Echolocation: you draw"."""
    if text.startswith(("You ", "Your ")):
        return "y" + text[1:]
    return text


def _paragraph(story: list[Said]) -> list[Said]:
    """A story's sentences as one message."""
    if not story:
        return []
    return [Said(" ".join(s.text for s in story), " ".join(s.speech for s in story), tuple(story))]
