"""Position files: a game set up by hand, in card names, for teachers, rules lawyers and bug
reports (``doomlings scenario FILE``). The format is documented in ``docs/positions.md``.

A position file is JSON. It names the players with what each holds, the ages and catastrophes
so far, where play starts and how much is played; cards are written as on the card (any case,
a unique beginning, or a close misspelling is suggested back). Every error names the file and
the field, for example ``table.json: players[1].hand[2]: no trait named 'Tyni'. Did you mean
Tiny?``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, fields
from typing import Any, Mapping

from doomlings_access.cards.pieces import Use, uses_of
from doomlings_access.cards import CardSet, load_cards
from doomlings_access.cards.lookup import UnknownCardError, find_name
from doomlings_access.rules import Options, Position, Setup
from doomlings_access.rules.position import GENE_POOL_RANGE, MAX_CARDS, PLAYS, REST_OF_DECK, STARTS
from doomlings_access.safety.text import NameRefused, check_names, clean, player_named

TOP_FIELDS = {
    "edition", "seed", "options", "players", "first_player", "revealed", "age", "age_deck",
    "deck", "rest_of_deck", "discard", "start", "turn", "play", "denial_spent", "protected", "decks",
}
MAX_DECKS = 4
"""Decks a position may tally at one table (``"decks": 2``, say, for a tally of two decks at
one table; a rules test may keep a spare copy more); one by default."""
PLAYER_FIELDS = {"name", "hand", "traits", "gene_pool"}


class PositionFileError(ValueError):
    """A position file that cannot be set up; the message names the file and the field."""

    def __init__(self, file: str, field: str | None, why: str) -> None:
        # it quotes the file: never raw control characters, whoever prints it
        super().__init__(clean(f"{file}: {field}: {why}" if field else f"{file}: {why}", 600))
        self.file, self.field, self.why = file, field, why


class _Reader:
    def __init__(self, file: str, cards: CardSet) -> None:
        self.file, self.cards = file, cards
        self.traits = {t.name: t.id for t in cards.traits.values()}
        self.ages = {a.name: a.id for a in cards.ages.values()}
        self.catastrophes = {c.name: c.id for c in cards.catastrophes.values()}
        self.heroes = {  # traits an age plays at once past the dominant limit: the only third
            str(piece["trait"]) for age in cards.ages.values() for piece in age.reveal
            if Use.PLAYS_A_NAMED_TRAIT_AT_ONCE in uses_of("reveal", piece)
        }

    def fail(self, field: str | None, why: str) -> PositionFileError:
        return PositionFileError(self.file, field, why)

    def card(self, typed: Any, table: Mapping[str, str], field: str, what: str) -> str:
        if not isinstance(typed, str) or not typed.strip():
            raise self.fail(field, f"expected a {what} name")
        if typed in table.values():  # an id is accepted too
            return typed
        try:
            return table[find_name(typed, list(table), what)]
        except UnknownCardError as exc:
            raise self.fail(field, exc.in_a_file()) from None

    def cards_list(self, data: Any, field: str, table: Mapping[str, str], what: str) -> tuple[str, ...]:
        if data is None:
            return ()
        if not isinstance(data, list):
            raise self.fail(field, f"expected a list of {what} names")
        if len(data) > MAX_CARDS:
            raise self.fail(field, f"more than {MAX_CARDS} cards")
        return tuple(self.card(c, table, f"{field}[{i}]", what) for i, c in enumerate(data))

    def round_cards(self, data: Any, field: str) -> tuple[str, ...]:
        both = {**self.ages, **self.catastrophes}
        return self.cards_list(data, field, both, "age or catastrophe")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_position(
    data: Any,
    file: str = "position",
    edition: str | None = None,
    reserved: Collection[str] = (),
    humans: Collection[int] = (),
) -> Setup:
    """The game a position file describes (raises :class:`PositionFileError`). ``edition``:
    the one typed on the command line, used when the file names none (a file that names
    another is refused, as a score file is). ``reserved``: the words answers are read as,
    which no player may be named. ``humans``: the seat of the one person playing, who may
    be called "You" as in a new game (a lesson's learner); no one else may."""
    if not isinstance(data, dict):
        raise PositionFileError(file, None, "expected a JSON object")
    for key in data:
        if key not in TOP_FIELDS:
            raise PositionFileError(file, str(key)[:40], "unknown field")
    named = data.get("edition")
    if named is not None and named not in ("retail", "first"):
        raise PositionFileError(file, "edition", 'must be "retail" or "first"')
    if named is not None and edition is not None and named != edition:
        raise PositionFileError(file, "edition", f"the file says {named} but --edition {edition} was given")
    edition = named or edition or "retail"
    options = _options(data.get("options", {}), edition, file)
    r = _Reader(file, load_cards(edition))
    seed = data.get("seed", 1)
    if not _whole(seed) or not 0 <= seed < 2**63:
        raise r.fail("seed", "a whole number from 0")

    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 6:
        raise r.fail("players", "a list of 2 to 6 players")
    names: list[str] = []
    hands: list[tuple[str, ...]] = []
    piles: list[tuple[str, ...]] = []
    pools: list[int] = []
    for i, p in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise r.fail(where, "expected an object with a name")
        for key in p:
            if key not in PLAYER_FIELDS:
                raise r.fail(f"{where}.{str(key)[:40]}", "unknown field")
        name = p.get("name")
        if not isinstance(name, str):
            raise r.fail(f"{where}.name", "a player's name")
        names.append(name)
        hands.append(r.cards_list(p.get("hand"), f"{where}.hand", r.traits, "trait"))
        piles.append(r.cards_list(p.get("traits"), f"{where}.traits", r.traits, "trait"))
        dominants = [t for t in piles[-1] if r.cards.traits[t].dominant]
        if len(dominants) > 2 + any(t in r.heroes for t in dominants):
            raise r.fail(
                f"{where}.traits",
                f"{len(dominants)} dominant traits; a pile holds at most two (a third only when an age plays it at once)",
            )
        pool = p.get("gene_pool", 5)
        if not _whole(pool) or not GENE_POOL_RANGE[0] <= pool <= GENE_POOL_RANGE[1]:
            raise r.fail(f"{where}.gene_pool", f"a whole number from {GENE_POOL_RANGE[0]} to {GENE_POOL_RANGE[1]} (normally 1 to 8)")
        pools.append(pool)
    try:  # as a game's names: the answers played are read as at the prompt, no one is "You"
        names = check_names(names, reserved, r.cards.player_names_taken, humans=humans)
    except NameRefused as exc:
        raise r.fail(f"players[{exc.seat}].name", str(exc)) from None

    def seat(field: str, default: int | None) -> int | None:
        value = data.get(field)
        if value is None:
            return default
        if not isinstance(value, str):
            raise r.fail(field, "a player's name")
        found = player_named(value, names)
        if found is None:
            raise r.fail(field, f"no player named {value[:40]!r}")
        return found

    def choice(field: str, allowed: tuple[str, ...], default: str) -> str:
        value = data.get(field, default)
        if value not in allowed:
            raise r.fail(field, f"one of {', '.join(allowed)}")
        return str(value)

    revealed = r.round_cards(data.get("revealed"), "revealed")
    age = data.get("age")
    age_id = r.card(age, r.ages, "age", "age") if age is not None else None
    age_deck = data.get("age_deck")
    protected_names = data.get("protected", [])
    if not isinstance(protected_names, list):
        raise r.fail("protected", "a list of player names")
    protected = []
    for i, name in enumerate(protected_names):
        if not isinstance(name, str):
            raise r.fail(f"protected[{i}]", "a player's name")
        named = player_named(name, names)
        if named is None:
            raise r.fail(f"protected[{i}]", f"no player named {name[:40]!r}")
        protected.append(named)
    first = seat("first_player", 0)
    assert first is not None
    position = Position(
        hands=tuple(hands),
        piles=tuple(piles),
        gene_pools=tuple(pools),
        deck=r.cards_list(data.get("deck"), "deck", r.traits, "trait"),
        rest_of_deck=choice("rest_of_deck", REST_OF_DECK, "shuffled"),
        discard=r.cards_list(data.get("discard"), "discard", r.traits, "trait"),
        revealed=revealed,
        age=age_id,
        age_deck=None if age_deck is None else r.round_cards(age_deck, "age_deck"),
        first_player=first,
        start=choice("start", STARTS, "turn"),
        turn=seat("turn", None),
        play=choice("play", PLAYS, "game"),
        denial_spent=r.cards_list(data.get("denial_spent"), "denial_spent", r.traits, "trait"),
        protected=tuple(protected),
    )
    if age_id is not None and position.start != "turn":
        raise r.fail("age", 'an age in play needs "start": "turn"')
    decks = data.get("decks", 1)
    if not _whole(decks) or not 1 <= decks <= MAX_DECKS:
        raise r.fail("decks", f"how many decks the table tallies, 1 to {MAX_DECKS}")
    extra = too_many(position, r.cards, decks)
    if extra is not None:
        raise r.fail(_file_field(extra), extra.why(decks))
    return Setup(tuple(names), seed, options, position)


def _file_field(extra: TooMany) -> str:
    """Where a position file has the card one too many (``players[1].hand[3]``)."""
    if extra.place in ("hand", "pile"):
        return f"players[{extra.seat}].{'hand' if extra.place == 'hand' else 'traits'}[{extra.index}]"
    return f"{extra.place}[{extra.index}]"


@dataclass(frozen=True)
class TooMany:
    """A card a position names more often than the decks at its table hold it: a position no
    game reaches (six 200-card hands made resuming a save take 58 s to its first question)."""

    place: str
    """``hand``, ``pile``, ``deck``, ``discard``, ``revealed`` or ``age_deck``."""
    seat: int | None
    """The seat of a hand or a pile."""
    index: int
    """Where in that list the card one too many is."""
    name: str
    held: int
    """How many copies the decks hold."""

    def why(self, decks: int) -> str:
        tables = "one deck holds" if decks == 1 else f"{decks} decks hold"
        copies = "it once" if self.held == 1 else f"{self.held} of it"
        more = ' (a position that tallies two decks at one table says "decks": 2)' if decks == 1 else ""
        return f"{self.name} once more than the game has: {tables} {copies}{more}"


def too_many(position: Position, cards: CardSet, decks: int = 1) -> TooMany | None:
    """The first card ``position`` names more often than ``decks`` decks hold it, among the
    traits in hands, piles, the deck and the discard pile, and the ages and catastrophes
    revealed or still to come; None when there is none. (Ids no card has are left to the
    rules, which name them.) The one check of position files and of saves."""
    counts: dict[str, int] = {}
    places: list[tuple[str, int | None, tuple[str, ...]]] = [
        *(("hand", seat, hand) for seat, hand in enumerate(position.hands)),
        *(("pile", seat, pile) for seat, pile in enumerate(position.piles)),
        ("deck", None, position.deck),
        ("discard", None, position.discard),
        ("revealed", None, position.revealed),
        ("age_deck", None, position.age_deck or ()),
    ]
    for place, seat, ids in places:
        for index, card in enumerate(ids):
            counts[card] = counts.get(card, 0) + 1
            trait = cards.traits.get(card)
            other = cards.ages.get(card) or cards.catastrophes.get(card)
            held = decks * (trait.copies if trait is not None else 1)
            if (trait is not None or other is not None) and counts[card] > held:
                return TooMany(place, seat, index, cards.by_id(card).name, held)
    return None


def _options(data: Any, edition: str, file: str) -> Options:
    if not isinstance(data, dict):
        raise PositionFileError(file, "options", "an object of house rules")
    known = {f.name: f.type for f in fields(Options)}
    values: dict[str, Any] = {"edition": edition}
    for key, value in data.items():
        if key not in known or key == "edition":
            raise PositionFileError(file, f"options.{str(key)[:40]}", "no such house rule")
        if key == "empty_hand_draw":
            if not _whole(value) or not 1 <= value <= 8:
                raise PositionFileError(file, f"options.{key}", "a whole number from 1 to 8")
        elif not isinstance(value, bool):
            raise PositionFileError(file, f"options.{key}", "true or false")
        values[key] = value
    return Options(**values)


def names_of(
    setup: Setup, cards: CardSet, state: dict[str, Any], defs: list[Any], tie_break: Sequence[int] = ()
) -> dict[str, Any]:
    """A game's state (:meth:`Game.snapshot`) with card ids written as card names, its decks
    in the order of a position file: ``deck`` and ``age_deck`` top first, ``discard``
    bottom first (the engine keeps a deck's top at the end of its list). ``scores`` are the
    tally, before a tie-break draw; with ``tie_break`` (the face value each seat drew to
    break a tie, 0 for none) the state also gives it and ``final_scores``, each total with
    its draw added, as the rulebook adds it to the final score: a reader of the scores
    alone took a tied leader for the winner's equal."""
    def name(card: int) -> str:
        return str(defs[card].name)

    out = dict(state)
    out["players"] = [
        {
            "name": p["name"],
            "hand": [name(c) for c in p["hand"]],
            "traits": [name(c) for c in p["pile"]],
            "gene_pool": p["gene_pool"],
        }
        for p in state["players"]
    ]
    for key in ("deck", "discard", "in_play"):
        out[key] = [name(c) for c in state[key]]
    for key in ("revealed", "catastrophes", "age_deck"):
        out[key] = [cards.by_id(c).name for c in state[key]]
    out["deck"].reverse()
    out["age_deck"].reverse()
    out.pop("rng", None)
    if tie_break:
        out["tie_break"] = list(tie_break)
        out["final_scores"] = [score[3] + drawn for score, drawn in zip(state["scores"], tie_break)]
    return out
