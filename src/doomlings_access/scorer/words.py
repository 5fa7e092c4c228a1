"""A tally's outcome in words, by name: the lines ``doomlings score`` prints and the
companion reads back ("Ana: 14 points. World's End -4, face value 17, bonus 1.")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Container, Sequence

from doomlings_access.cards import CardSet
from doomlings_access.cards.lookup import join_or
from doomlings_access.rules.decisions import Kind
from doomlings_access.scorer.tally import Left, Outcome, Question

NEEDS = {
    "recolour_from": 'the colours to change, as {"from": colour, "to": colour}, or "none"',
    "recolour_to": 'the colours to change, as {"from": colour, "to": colour}',
    "name_colour": "the colour named",
    "choose_worlds_end": "the catastrophe chosen",
    "worlds_end_play": "the trait played from the hand, or none",
    "play_at_worlds_end": "yes or no: was it played",
    "denial_protects": "yes or no: does Denial protect from the final catastrophe",
    "random_trait_discard": "the trait removed",
    "worlds_end_draw": "the card drawn",
    "card_drawn": "the card drawn (or played from the top of the deck)",
    "give_trait": "the trait given",
    "give_trait_to": "the player it was given to",
    "into_whose_pile": "the player whose pile it went into",
    "respond": "yes or no: was it played out of turn",
    "respond_to_action": "yes or no: was it played out of turn",
    "discard_trait": "the trait discarded",
}
"""What each question wants, by its reason, as a score file's error and the companion say it."""


@dataclass
class PlayerScore:
    name: str
    worlds_end: int
    face_value: int
    bonus: int
    total: int
    tie_break: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "worlds_end": self.worlds_end,
            "face_value": self.face_value,
            "bonus": self.bonus,
            "total": self.total,
        }
        if self.tie_break is not None:
            out["tie_break"] = self.tie_break
        return out

    def sentence(self) -> str:
        points = "point" if abs(self.total) == 1 else "points"
        text = (
            f"{self.name}: {self.total} {points}. World's End {self.worlds_end}, "
            f"face value {self.face_value}, bonus {self.bonus}."
        )
        if self.tie_break is not None:
            text += f" Tie-break draw {self.tie_break}."
        return text


@dataclass
class Removal:
    """A trait that left a player's pile at World's End (Hyper-Intelligence, a catastrophe)."""

    player: str
    trait: str
    among: tuple[str, ...] = ()
    """When the player had a choice that leaves every score the same (the table did not say
    which trait went): all the traits it could have been, ``trait`` among them."""
    cause: str = ""
    """What made it go, as said before the sentence: "Ana's Hyper-Intelligence", "The Four
    Horsemen"; "" when the rules' log names no card."""

    def sentence(self) -> str:
        """"Ana discards Fangs.", or "Ana discards one of Fangs or Heroic (the scores are the
        same whichever)." when the file did not say and it makes no difference."""
        if len(self.among) < 2:
            return f"{self.player} discards {self.trait}."
        return f"{self.player} discards one of {join_or(self.among)} (the scores are the same whichever)."


@dataclass
class ScoreResult:
    players: list[PlayerScore]
    winners: list[str]
    worlds_end: str | None = None
    """The catastrophe whose World's End effect applied (Prepper may choose another)."""
    removed: list[Removal] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """What is odd but scored as given (a card more often than one deck holds it)."""

    def to_json(self) -> dict[str, Any]:
        return {"players": [p.to_json() for p in self.players], "winners": self.winners}

    def lines(self) -> list[str]:
        out = [p.sentence() for p in self.players]
        if len(self.winners) == 1:
            out.append(f"Winner: {self.winners[0]}.")
        else:
            out.append(f"Tie: {and_(self.winners)}.")
        return out


@dataclass
class MissingChoice:
    """A choice a score file must give: whose, for which card, and the possible answers."""

    player: int
    card: str
    """Name of the card that asks (the key in the player's ``choices``)."""
    reason: str
    answers: list[str]
    removed: list[Removal] = field(default_factory=list)
    """The traits that had left their piles when the question arose, in the order they went:
    one who asks the questions one at a time tells them first, as a question may offer fewer
    answers because of them (a colour named by Hyper-Intelligence is gone from Faith's)."""


def result_of(outcome: Outcome, cards: CardSet, tie_breaks: Container[int] = ()) -> ScoreResult:
    """The outcome by name; the tie-break draws of the seats in ``tie_breaks`` are said."""
    names = [p.name for p in outcome.players]
    players = [
        PlayerScore(
            p.name, p.score.worlds_end, p.score.face, p.score.bonus, p.score.total,
            p.tie_break.points if p.tie_break is not None and seat in tie_breaks else None,
        )
        for seat, p in enumerate(outcome.players)
    ]
    chosen = cards.catastrophes[outcome.worlds_end].name if outcome.worlds_end else None
    removed = [removal_of(left, names, cards) for left in outcome.removed]
    return ScoreResult(players, [names[s] for s in outcome.winners], chosen, removed)


def removal_of(left: Left, names: Sequence[str], cards: CardSet) -> Removal:
    """A trait gone, by name: "Ana's Hyper-Intelligence: Ben discards Gills."."""
    cause = ""
    if left.by is not None and left.by_player is not None:
        cause = f"{names[left.by_player]}'s {cards.by_id(left.by).name}"
    elif left.by is not None:
        cause = cards.catastrophes[left.by].name
    among = tuple(cards.traits[t].name for t in left.among)
    return Removal(names[left.player], cards.traits[left.trait].name, among, cause)


def asking_card(q: Question, cards: CardSet) -> str:
    """The name of the card a question is for: the traits a player may play out of turn
    ("Parasitic", answered under its own name), or the card that asks."""
    if q.kind == Kind.RESPOND and q.reason in ("respond", "respond_to_action"):
        return " or ".join(cards.traits[str(o.id)].name for o in q.options if o.id in cards.traits)
    return cards.by_id(q.card).name if q.card else "the game"


def and_(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
