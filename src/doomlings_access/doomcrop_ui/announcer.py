"""Doomcrop's events as one seat hears them: a sentence each, cause first, a message a story.

A story is what one event began (a turn, the deal, the end): its events follow in the order
they happened, each cause before its effect, so a combat is told as it is fought: "Your 7 of
Clubs attacks Ben's back left, face down: the 4 of Hearts. Ben adds the face-down 5 of Hearts
at their back middle, making 9. Ben captures your 7 of Clubs." Every sentence is made twice from the
same words, for print (short labels, "7C", or braille) and for speech ("7 of Clubs").

Events are told as the listener's seat saw them (:meth:`~doomlings_access.doomcrop.Event.seen_by`):
a card the seat may not see is "a face-down card", never named.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard, TypeVar

from doomlings_access.doomcrop import events as ev
from doomlings_access.doomcrop.cards import Card, Rank
from doomlings_access.doomcrop.events import CauseKind, Step
from doomlings_access.doomcrop.places import SPOTS, spot_name, spot_of
from doomlings_access.doomcrop_ui import labels
from doomlings_access.doomcrop_ui.places import place_name, whose
from doomlings_access.telling.words import NORMAL, TERSE, VERBOSE, VERBOSITIES, Said, capital, join, plural, story

E = TypeVar("E", bound=ev.Event)


@dataclass(frozen=True)
class Voice:
    """How one listener's sentences name things, in print or in speech."""

    me: int | None
    names: tuple[str, ...]
    speech: bool
    labels: str
    terse: bool = False

    def card(self, card: Card | None) -> str:
        if card is None:
            return "a face-down card"
        return labels.spoken(card) if self.speech else labels.text(card, self.labels)

    def the(self, card: Card | None) -> str:
        """"the 7 of Clubs" (or "a face-down card")."""
        return self.card(card) if card is None else f"the {self.card(card)}"

    def who(self, seat: int) -> str:
        return "you" if seat == self.me else self.names[seat]

    def Who(self, seat: int) -> str:
        return capital(self.who(seat))

    def whose(self, seat: int, subject: int | None = None) -> str:
        return whose(seat, self.me, self.names, subject)

    def Whose(self, seat: int) -> str:
        return capital(self.whose(seat))

    def place(self, where: int, subject: int | None = None) -> str:
        return place_name(where, self.me, self.names, subject)

    def verb(self, seat: int, plain: str, third: str | None = None) -> str:
        """"You capture", "Ben captures"."""
        return f"{self.Who(seat)} {plain if seat == self.me else (third or plain + 's')}"

    def owned(self, seat: int, card: Card | None, subject: int | None = None) -> str:
        """"your 7 of Clubs", "Ben's 4 of Hearts"."""
        return f"{self.whose(seat, subject)} {self.card(card)}"


ROW_BREAK = "\n"
"""Parts a phrase into a sentence and the rows of a table after it (a grid laid), each told as
a message of its own so that each is a line of its own."""

Phrase = Callable[[Any, Voice], str | None]
PHRASES: dict[type[ev.Event], Phrase] = {}
QUIET_AT: dict[type[ev.Event], str] = {}
"""Events told only at this verbosity or above."""


def phrase(kind: type[E], quiet_below: str | None = None) -> Callable[[Callable[[E, Voice], str | None]], Callable[[E, Voice], str | None]]:
    def register(fn: Callable[[E, Voice], str | None]) -> Callable[[E, Voice], str | None]:
        PHRASES[kind] = fn
        if quiet_below:
            QUIET_AT[kind] = quiet_below
        return fn

    return register


OPTION_WORDS = {
    "decks": "more than one deck",
    "jokers": "Jokers",
    "epic_techniques": "Epic Techniques",
    "hearts_adjacency": "a Heart beside a Heart diagonally too",
    "hearts_helper_stays_up": "a Heart added to a defence turns face down again",
    "king_order": "a King's cards attack from front left to back right",
    "ranked_faces": "Faces ranked Jack, Queen, King, Ace for who goes first",
}
"""The optional rules and readings a game differs by, in a phrase (``docs/doomcrop-rulings.md``)."""


def options_said(names: Sequence[str]) -> str:
    """"Options: Jokers, Epic Techniques." for the options named (those that differ from the
    standard game), or "" for the standard game."""
    said = [OPTION_WORDS[name] for name in names if name in OPTION_WORDS]
    return f"Options: {', '.join(said)}." if said else ""


# --- setting up ------------------------------------------------------------------------------


@phrase(ev.GameStarted)
def _started(e: ev.GameStarted, v: Voice) -> str:
    people = [v.who(s) for s in range(len(e.players))]
    if v.me is not None:
        others = [p for s, p in enumerate(people) if s != v.me]
        line = f"Doomcrop: you against {join(others)}."
    else:
        line = f"Doomcrop: {join(people)}."
    return f"{line} {options_said(e.options)}" if e.options else line


@phrase(ev.Dealt)
def _dealt(e: ev.Dealt, v: Voice) -> str | None:
    if e.count == 0:  # drawing to build again, the Draw pile already empty (ruling 8)
        return f"{v.verb(e.seat, 'are', 'is')} dealt no cards: the Draw pile is empty."
    if e.cards is None:
        return None if v.terse else f"{v.verb(e.seat, 'are', 'is')} dealt {plural(e.count, 'card')}."
    return f"{v.verb(e.seat, 'are', 'is')} dealt {plural(e.count, 'card')}: {join([v.card(c) for c in e.cards])}."


@phrase(ev.DiscardChosen, quiet_below=NORMAL)
def _discard_chosen(e: ev.DiscardChosen, v: Voice) -> str:
    if e.card is None:
        return f"{v.verb(e.seat, 'set')} a card aside for {v.whose(e.seat, e.seat)} Discard pile."
    return f"{v.verb(e.seat, 'set')} the {v.card(e.card)} aside for {v.whose(e.seat, e.seat)} Discard pile."


@phrase(ev.GridBuilt, quiet_below=NORMAL)
def _grid_built(e: ev.GridBuilt, v: Voice) -> str:
    if e.cards is None:
        return f"{v.verb(e.seat, 'lay')} {v.whose(e.seat, e.seat)} grid face down."
    if all(c is None for c in e.cards):  # dealt no cards: nine empty places said once
        return f"{v.Whose(e.seat)} grid stays empty."
    cards = (*e.cards, *[None] * (SPOTS - len(e.cards)))  # a grid dealt short (a Joker's 3) ends empty
    # A row a line (ROW_BREAK), each short enough for a 40-cell braille display: the grid as
    # one sentence ("front 10H, QD, 6H; middle ...") ran to 85 characters.
    rows = [
        f"{row}: {', '.join('empty' if c is None else v.card(c) for c in cards[i * 3 : i * 3 + 3])}"
        for i, row in enumerate(("front", "middle", "back"))
    ]
    return ROW_BREAK.join([f"{v.verb(e.seat, 'lay')} {v.whose(e.seat, e.seat)} grid face down:", *rows])


@phrase(ev.DiscardsRevealed)
def _discards(e: ev.DiscardsRevealed, v: Voice) -> str:
    shown = [f"{v.who(s)}, the {v.card(c)}" for s, c in enumerate(e.cards)]
    return f"First discards: {join(shown)}."


@phrase(ev.FirstPlayer)
def _first(e: ev.FirstPlayer, v: Voice) -> str:
    if e.tied:
        goes = "you go" if e.seat == v.me else f"{v.who(e.seat)} goes"  # (mid-sentence: "you", not "You")
        return f"A coin decides between {join([v.who(s) for s in e.tied])}: {goes} first."
    return f"{v.verb(e.seat, 'go', 'goes')} first, with the lowest discard."


# --- turns ----------------------------------------------------------------------------------


@phrase(ev.TurnStarted)
def _turn(e: ev.TurnStarted, v: Voice) -> str:
    return f"{v.Whose(e.seat)} turn."


@phrase(ev.AllFaceUp)
def _all_up(e: ev.AllFaceUp, v: Voice) -> str:
    return f"Every card in {v.whose(e.seat)} grid is face up: every player captures their grid and builds a new one."


@phrase(ev.GridCaptured)
def _grid_captured(e: ev.GridCaptured, v: Voice) -> str:
    if e.cause is not None and e.cause.step is Step.END:
        return f"{v.verb(e.seat, 'capture')} what is left of {v.whose(e.seat, e.seat)} grid: {join([v.card(c) for c in e.cards])}."
    return f"{v.verb(e.seat, 'capture')} {v.whose(e.seat, e.seat)} own grid: {join([v.card(c) for c in e.cards])}."


@phrase(ev.Flipped)
def _flipped(e: ev.Flipped, v: Voice) -> str:
    cause = e.cause
    if cause is not None and cause.card is not None and cause.place != e.place:  # a King's power
        return f"{v.Whose(e.seat)} {v.card(cause.card)} flips {v.place(e.place, e.seat)}: the {v.card(e.card)}."
    return f"{v.verb(e.seat, 'flip')} {v.place(e.place, e.seat)}: the {v.card(e.card)}."


@phrase(ev.Attacked)
def _attacked(e: ev.Attacked, v: Voice) -> str:
    attacker = f"{v.Whose(e.seat)} {v.card(e.card)}"
    if e.card.rank is Rank.KING:
        attacker += ", as a 7,"
    target = v.place(e.target)
    if e.defending is not None:
        return f"{attacker} attacks {target}: the {v.card(e.defending)}."
    return f"{attacker} attacks {target}, face down:"  # (the card turned up completes it)


@phrase(ev.Revealed)
def _revealed(e: ev.Revealed, v: Voice) -> str:
    return f"{capital(v.place(e.place))} turns face up: the {v.card(e.card)}."


@phrase(ev.HeartAdded)
def _heart_added(e: ev.HeartAdded, v: Voice) -> str:
    # "making 9": a bare "9" after a place was heard as part of the place, not as the total.
    return f"{v.verb(e.seat, 'add')} the face-down {v.card(e.card)} at {v.place(e.place, e.seat)}, making {e.total}."


@phrase(ev.NoHeartAdded, quiet_below=VERBOSE)
def _no_heart(e: ev.NoHeartAdded, v: Voice) -> str | None:
    # Never to the defender, at any verbosity: they answered "no Heart" themselves, or had no
    # face-down Heart beside it and were never asked ("You add no Heart" then told of a choice
    # never offered). The others hear it whenever face-down cards lay beside the defender.
    if e.seat == v.me:
        return None
    return f"{v.verb(e.seat, 'add')} no Heart."


@phrase(ev.Captured)
def _captured(e: ev.Captured, v: Voice) -> str:
    if e.place is None:
        return f"{v.verb(e.by, 'capture')} the top card of the Draw pile: the {v.card(e.card)}."
    owner = e.place // SPOTS
    cause = e.cause
    if owner == e.by and cause is not None and cause.kind is CauseKind.RULE and cause.step is Step.SPADES:
        return f"{v.verb(e.by, 'sacrifice')} {v.owned(owner, e.card, e.by)} from {v.place(e.place, e.by)}."
    if owner == e.by and cause is not None and cause.card == e.card and (cause.place == e.place or e.card.rank is Rank.JACK):
        # A Face captured after its power, where it is now (a Jack may have swapped itself).
        return f"{v.Whose(owner)} {v.card(e.card)} goes to {v.whose(owner, owner)} Discard pile."
    if cause is not None and cause.card is not None and cause.card.rank is Rank.ACE and cause.seat == e.by:
        return f"{v.Whose(e.by)} {v.card(cause.card)} captures {v.place(e.place, e.by)}: the {v.card(e.card)}."
    if owner == e.by:
        return f"{v.verb(e.by, 'capture')} {v.owned(owner, e.card, e.by)} from {v.place(e.place, e.by)}."
    return f"{v.verb(e.by, 'capture')} {v.owned(owner, e.card)}."


@phrase(ev.Tied)
def _tied(e: ev.Tied, v: Voice) -> str:
    return f"A tie at {e.value}: both stay face up."


@phrase(ev.Held)
def _held(e: ev.Held, v: Voice) -> str:
    return f"Nothing is captured: {v.place(e.defender)} holds."


@phrase(ev.NoTarget)
def _no_target(e: ev.NoTarget, v: Voice) -> str:
    return f"{capital(v.place(e.place))} has nothing to attack."


@phrase(ev.Replaced, quiet_below=NORMAL)
def _replaced(e: ev.Replaced, v: Voice) -> str:
    if e.card is None:
        return f"{capital(v.place(e.place))} gets a new face-down card."
    return f"{capital(v.place(e.place))} gets a new face-down card: the {v.card(e.card)}."


@phrase(ev.NotReplaced)
def _not_replaced(e: ev.NotReplaced, v: Voice) -> str:
    return f"{capital(v.place(e.place))} stays empty."


@phrase(ev.Swapped)
def _swapped(e: ev.Swapped, v: Voice) -> str:
    """Both places, and each card as the listener may know it: "Ben swaps the 7C at their
    front left with a face-down card at their back right." A card face down is "the
    face-down 7C" to a seat that knows it (its owner always), else "a face-down card"."""
    return f"{v.verb(e.seat, 'swap')} {_moved(e.first_card, e.first_sees, v)} at {v.place(e.first, e.seat)} " \
        f"with {_moved(e.second_card, e.second_sees, v)} at {v.place(e.second, e.seat)}."


def _moved(card: Card | None, sees: frozenset[int] | None, v: Voice) -> str:
    if card is None:
        return "a face-down card"
    return f"the {v.card(card)}" if sees is None else f"the face-down {v.card(card)}"


@phrase(ev.TurnedDown)
def _turned_down(e: ev.TurnedDown, v: Voice) -> str:
    cause = e.cause
    if cause is not None and cause.card is not None and cause.card.rank is Rank.QUEEN and cause.seat is not None:
        # Cause first: the Queen turns the card, as a King's card attacks.
        return f"{v.Whose(cause.seat)} {v.card(cause.card)} turns {v.place(e.place, cause.seat)} face down: the {v.card(e.card)}."
    return f"{v.verb(e.seat, 'turn')} {v.place(e.place, e.seat)} face down: the {v.card(e.card)}."


@phrase(ev.PowerUnused)
def _unused(e: ev.PowerUnused, v: Voice) -> str:
    cause = e.cause
    face = f"{v.Whose(e.seat)} {v.card(cause.card) if cause is not None and cause.card is not None else 'card'}"
    queen = cause is not None and cause.card is not None and cause.card.rank is Rank.QUEEN
    if queen:
        return f"{face} turns no card face down." if e.could else f"{face} has no other face-up card to turn face down."
    return f"{face} swaps no cards." if e.could else f"{face} has no other card to swap with."


@phrase(ev.Fought)
def _fought(e: ev.Fought, v: Voice) -> str:
    return f"{capital(v.place(e.first))}, the {v.card(e.first_card)}, fights {v.place(e.second)}, the {v.card(e.second_card)}."


@phrase(ev.DrawPileEmpty)
def _draw_empty(e: ev.DrawPileEmpty, v: Voice) -> str:
    # Told in the order it happens (ruling 22): the Faces go first, then every card left fights,
    # those already face up too. Each Face is then "captured from" its place: "You capture your
    # KC left at your front left" was heard as two places, a left and a front left.
    return (
        "The Draw pile is empty: the game ends. Each player captures the Faces still in their grid; "
        "then every card left turns face up and fights its opposing card."
    )


@phrase(ev.GameOver)
def _over(e: ev.GameOver, v: Voice) -> str:
    counts = join([f"{v.who(s)} {n}" for s, n in enumerate(e.counts)])
    if len(e.winners) == 1:
        end = f"{v.verb(e.winners[0], 'win')}."
    else:
        end = f"A tie: {join([v.who(s) for s in e.winners])} share the win."
    return f"Game over. Cards captured, a Diamond number as two: {counts}. {end}"


# --- optional rules -------------------------------------------------------------------------


DIE_MEANS = {
    3: "every player captures their grid and deals a new one",
    4: "every Face card on the board acts, face-up ones too",
    5: "every grid is shuffled and dealt again face down",
}
"""What a Joker's roll means, for the rolls whose events would not say it (1 and 2 are told
as the grids or Discard piles moving round, 6 as the Draw pile played face up)."""


@phrase(ev.DieRolled)
def _die(e: ev.DieRolled, v: Voice) -> str:
    means = DIE_MEANS.get(e.value)
    return f"{v.verb(e.seat, 'roll')} the die for the Joker: {e.value}{', so ' + means if means else ''}."


@phrase(ev.GridsPassed)
def _passed(e: ev.GridsPassed, v: Voice) -> str:
    what = "Discard piles" if e.discards else "grids"
    moved = [f"{v.who(s)} now {'have' if s == v.me else 'has'} {v.whose(src)} {what[:-1]}" for s, src in enumerate(e.came_from) if s != src]
    return f"The {what} move round: {join(moved)}."


@phrase(ev.GridShuffled)
def _shuffled(e: ev.GridShuffled, v: Voice) -> str:
    return f"{v.Whose(e.seat)} grid is shuffled face down."


@phrase(ev.TopCardShown)
def _top(e: ev.TopCardShown, v: Voice) -> str:
    return f"The top card of the Draw pile: the {v.card(e.card)}."


@phrase(ev.FaceUpDrawPile)
def _face_up_draw(e: ev.FaceUpDrawPile, v: Voice) -> str:
    return "From now on the Draw pile is played with its top card face up."


@phrase(ev.EpicTechnique)
def _epic(e: ev.EpicTechnique, v: Voice) -> str:
    return f"{v.verb(e.seat, 'use')} the Epic Technique of {e.suit}."


# --- stories -------------------------------------------------------------------------------


class Announcer:
    """Tells Doomcrop's events to one listener (``me``; None: an onlooker) at a verbosity."""

    def __init__(self, me: int | None, names: Sequence[str], verbosity: str = NORMAL, labels: str = labels.TEXT) -> None:
        self.me = me
        self.names = tuple(names)
        self.verbosity = verbosity
        self.labels = labels

    def _voices(self) -> tuple[Voice, Voice]:
        terse = self.verbosity == TERSE
        return (Voice(self.me, self.names, False, self.labels, terse), Voice(self.me, self.names, True, self.labels, terse))

    def sentence(self, event: ev.Event) -> Said | None:
        """One event alone as the listener hears it (None: not told at this verbosity)."""
        seen = event.seen_by(self.me)
        if seen is None:
            return None
        quiet = QUIET_AT.get(type(seen))
        if quiet and VERBOSITIES.index(self.verbosity) < VERBOSITIES.index(quiet):
            if not self._own(seen):
                return None
        fn = PHRASES[type(seen)]
        in_print, aloud = self._voices()
        text, speech = fn(seen, in_print), fn(seen, aloud)
        if text is None or speech is None:
            return None
        return Said(capital(text), capital(speech))

    def _own(self, e: ev.Event) -> bool:
        """An event about the listener's own cards is told even when terse (a phrase may still
        keep quiet: a Heart not added is never told to its defender)."""
        return getattr(e, "seat", None) == self.me and self.me is not None

    def stories(self, events: Sequence[ev.Event], view: object = None) -> list[tuple[Said, int]]:
        """The events as messages, one a story (what one event with no parent began), each
        with how many of ``events`` it has told by its end (``view``: the listener's, which
        Doomcrop's telling needs not: its events name every card they tell). An attack on a
        face-down card is one sentence with the card turned up ("... attacks Ben's back left,
        face down: the 4 of Hearts.")."""
        out: list[tuple[Said, int]] = []
        told: list[Said] = []
        times: list[int] = []  # how many times running each was said: told once, counted
        ending = False  # the end's flips, fights and captures are one story, the result another
        i = 0
        while i < len(events):
            e = events[i]
            at_end = e.cause is not None and e.cause.step is Step.END
            if told and (isinstance(e, ev.GameOver) or e.parent is None and not (ending and at_end)):
                out.append((story([_counted(t, n) for t, n in zip(told, times)]), i))
                told, times = [], []
            ending = at_end
            said = self.sentence(e)
            if said is not None and _face_kept_at_end(e):
                faces = [f for f in _run_of(events, i, e.by, _face_kept_at_end) if isinstance(f, ev.Captured)]
                i += len(faces) - 1
                said = self._faces_kept(faces)
            elif said is not None and _turned_up_at_end(e):
                turned = [r for r in _run_of(events, i, e.seat, _turned_up_at_end) if isinstance(r, ev.Revealed)]
                i += len(turned) - 1
                said = self._turned_up(turned) if len(turned) > 1 else said
            nxt = events[i + 1] if i + 1 < len(events) else None
            if (
                said is not None and isinstance(e, ev.Attacked) and e.defending is None
                and isinstance(nxt, ev.Revealed) and nxt.place == e.target
            ):
                card_text, card_speech = (v.the(nxt.card) for v in self._voices())
                said = Said(f"{said.text} {card_text}.", f"{said.speech} {card_speech}.")
                i += 1
            rows: list[Said] = []
            if said is not None and ROW_BREAK in said.text:
                texts, speeches = said.text.split(ROW_BREAK), said.speech.split(ROW_BREAK)
                said, rows = Said(texts[0], speeches[0]), [Said(t, s) for t, s in zip(texts[1:], speeches[1:])]
            if said is not None and told and told[-1] == said:
                times[-1] += 1
            elif said is not None:
                told.append(said)
                times.append(1)
            i += 1
            if rows:  # the rows of a table: each a message, after the story so far
                out.append((story([_counted(t, n) for t, n in zip(told, times)]), i))
                out.extend((row, i) for row in rows)
                told, times = [], []
        if told:
            out.append((story([_counted(t, n) for t, n in zip(told, times)]), len(events)))
        return out

    def _faces_kept(self, faces: list[ev.Captured]) -> Said:
        """The Faces one player captures from their own grid as the game ends, in one sentence:
        told one by one, with their places, they were up to nine sentences a player about
        places that no longer matter ("You capture your AD from your front middle. You ...")."""
        by = faces[0].by
        said: list[str] = []
        for v in self._voices():
            cards = [v.card(f.card) for f in faces]
            what = f"the Face still in {v.whose(by, by)} grid: the {cards[0]}" if len(cards) == 1 else (
                f"the Faces still in {v.whose(by, by)} grid: {join(cards)}")
            said.append(capital(f"{v.verb(by, 'capture')} {what}."))
        return Said(said[0], said[1])

    def _turned_up(self, turned: list[ev.Revealed]) -> Said:
        """One player's cards left turned face up as the game ends, in one sentence with each
        place: one sentence a card was up to nine a player."""
        seat = turned[0].seat
        said: list[str] = []
        for v in self._voices():
            cards = join([f"{spot_name(spot_of(r.place))} {v.card(r.card)}" for r in turned])
            said.append(f"{v.Whose(seat)} cards left turn face up: {cards}.")
        return Said(said[0], said[1])

    def render_all(self, events: Sequence[ev.Event]) -> list[Said]:
        return [said for said, _ in self.stories(events)]


def _run_of(events: Sequence[ev.Event], i: int, seat: int, kind: Callable[[ev.Event], bool]) -> list[ev.Event]:
    """``events[i]`` and the events right after it of the same ``kind`` about the same ``seat``
    (a player's Faces taken at the end, or their cards turned up then): told as one sentence."""
    run = [events[i]]
    while i + len(run) < len(events) and kind(nxt := events[i + len(run)]) and _seat_of(nxt) == seat:
        run.append(nxt)
    return run


def _seat_of(e: ev.Event) -> int | None:
    return e.by if isinstance(e, ev.Captured) else getattr(e, "seat", None)


def _face_kept_at_end(e: ev.Event) -> TypeGuard[ev.Captured]:
    """A Face its owner captures from their own grid as the game ends (ruling 22's first step)."""
    return (
        isinstance(e, ev.Captured) and e.place is not None and e.place // SPOTS == e.by
        and e.cause is not None and e.cause.step is Step.END
    )


def _turned_up_at_end(e: ev.Event) -> TypeGuard[ev.Revealed]:
    """A card left in a grid turned face up as the game ends, to fight (ruling 22)."""
    return isinstance(e, ev.Revealed) and e.cause is not None and e.cause.step is Step.END


TIMES = {1: "", 2: ", twice", 3: ", three times"}


def _counted(said: Said, times: int) -> Said:
    """A sentence said ``times`` running, told once: "Ben swaps their front left and front
    middle, three times." (a Jack's same swap thrice; a change of mind twice)."""
    if times == 1:
        return said
    word = TIMES.get(times, f", {times} times")
    return Said(f"{said.text[:-1]}{word}.", f"{said.speech[:-1]}{word}.")


__all__ = ["Announcer", "PHRASES", "QUIET_AT", "Voice", "options_said"]
