"""Score an end state described in a JSON file, with the same World's End and scoring code
the game uses (``doomlings score FILE``).

The file gives each player's traits (and hand and gene pool where cards need them), the
catastrophes in order, and the answers to the choices the cards ask. A choice with one
possible answer, or whose answer changes nobody's score, is taken without being asked; a
missing choice that matters is an error naming the card and what it needs.

The file is hostile until checked: it is read within bounds (a regular file of at most
:data:`MAX_FILE_BYTES`, nesting and digit caps), holds at most :data:`MAX_CARDS` cards, and any
answer of the wrong kind, or a table the rules cannot settle, is an error naming the field.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doomlings_access.cards import CardDataError, CardSet, load_cards
from doomlings_access.cards.lookup import UnknownCardError, find_name
from doomlings_access.rules import Choice, Game, Options, Position, Setup
from doomlings_access.rules import decisions as dk
from doomlings_access.rules.decisions import Decision, Value
from doomlings_access.rules import events as ev
from doomlings_access.rules.events import WorldsEndPoints
from doomlings_access.rules.hooks import in_pile
from doomlings_access.rules.position import GENE_POOL_RANGE
from doomlings_access.safety.files import FileRefused, load_named_json
from doomlings_access import __version__
from doomlings_access.safety.text import (
    NameRefused,
    check_name,
    check_names,
    clean,
    name_key,
    plain_hyphens,
    player_named,
    shown,
)

MAX_REPEATS_CHECK = 200
"""The gene pools a table may give (normally 1 to 8; catastrophes and traits move them)."""
MAX_FILE_BYTES = 1024 * 1024
"""Largest score file read (a full table takes about 2 kB)."""
MAX_CARDS = 300
"""Most cards (traits and hands of every player) a table may hold: one deck has 116 traits,
so this allows two decks and a sloppy tally, while keeping scoring quick (the rules' scoring
takes time that grows faster than the number of traits)."""
RULES_FAILURES = (RuntimeError, ValueError, KeyError, IndexError, TypeError, AssertionError)
"""What the rules raise for a table no real game reaches (one player giving a trait away)."""


class ScoreFileError(ValueError):
    """The score file is wrong: the message names the file and the field."""

    missing: MissingChoice | None = None

    def __init__(self, message: str) -> None:
        super().__init__(clean(message, 600))  # it quotes the file: never raw control characters


@dataclass
class MissingChoice:
    """A choice the file must give: whose, for which card, and the possible answers."""

    player: int
    card: str
    """Name of the card that asks (the key in the player's ``choices``)."""
    reason: str
    answers: list[str]
    removed: list[Removal] = field(default_factory=list)
    """The traits that had left their piles when the question arose, in the order they went:
    one who asks the questions one at a time tells them first, as a question may offer fewer
    answers because of them (a colour named by Hyper-Intelligence is gone from Faith's)."""


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
        return f"{self.player} discards one of {_or(list(self.among))} (the scores are the same whichever)."


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
            out.append(f"Tie: {_and(self.winners)}.")
        return out


def _or(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class _Table:
    """The parsed file: who holds what, and every answer given."""

    def __init__(self, data: Any, file: str, edition: str | None = None) -> None:
        self.file = file
        if not isinstance(data, dict):
            raise self.error(None, "expected a JSON object")
        unknown = set(data) - {"catastrophes", "players", "edition", "tie_break", "first_player", "options", "program"}
        program = data.get("program")
        if program is not None and (not isinstance(program, str) or not program or len(program) > 40):
            raise self.error("program", "the version the file is for, as text, like \"0.1.0\"")
        if unknown and program is not None and program != __version__:
            # a field of the version the file is for, not a typo: said so, with who can score it
            raise self.error(
                min(unknown), f"is not a field of a score file of this version ({__version__}); "
                f"the file is for version {shown(program, 40)}, which can score it",
            )
        if unknown:
            raise self.error(min(unknown), "unknown field")
        named = data.get("edition")
        if named is not None and named not in ("retail", "first"):
            raise self.error("edition", 'must be "retail" or "first"')
        if named is not None and edition is not None and named != edition:
            raise self.error("edition", f"the file says {named} but --edition {edition} was given")
        edition = named or edition or "retail"
        self.options = self._options(data.get("options", {}), edition)
        self._found: dict[tuple[str, int], str] = {}  # name look-ups (by table), each found once
        self.protection_read: set[tuple[int, str]] = set()
        """Choices read before the game is played: (seat, card id) of a protecting trait."""
        self.cards = cards = load_cards(edition)
        self.trait_names = {t.name: t.id for t in cards.traits.values()}
        self.cat_names = {c.name: c.id for c in cards.catastrophes.values()}
        self.card_names = {**self.trait_names, **self.cat_names}
        self.labelled: dict[str, list[str]] = {}  # a label, lower case -> the names it fits
        for label, name in [(t.label, t.name) for t in cards.traits.values()] + [
            (c.label, c.name) for c in cards.catastrophes.values()
        ]:
            self.labelled.setdefault(label.lower(), []).append(name)
        self.heroes = {  # trait -> the age that plays it past the dominant limit (the only third)
            str(piece["trait"]): age.name for age in cards.ages.values() for piece in age.reveal
            if piece.effect == "play_trait_at_once" and piece.get("trait") in cards.traits
        }
        cats = data.get("catastrophes", [])
        if not isinstance(cats, list) or len(cats) > 3:
            raise self.error("catastrophes", "a list of at most 3 catastrophe names")
        self.catastrophes = [
            self.cat_names[self.name_of(c, self.cat_names, f"catastrophes[{i}]", "catastrophe")]
            for i, c in enumerate(cats)
        ]
        if len(set(self.catastrophes)) != len(self.catastrophes):
            raise self.error("catastrophes", "a catastrophe is listed twice")
        players = data.get("players")
        if not isinstance(players, list) or not 1 <= len(players) <= 6:
            raise self.error("players", "a list of 1 to 6 players")
        held = sum(_cards_held(p) for p in players)
        if held > MAX_CARDS:
            raise self.error("players", f"{held} cards on the table; at most {MAX_CARDS} can be scored")
        self.players: list[dict[str, Any]] = []
        for i, p in enumerate(players):
            self.players.append(self._player(p, f"players[{i}]"))
        try:  # José, however its accent is typed, is one name; no one at a table is "You"
            names = check_names([p["name"] for p in self.players], (), cards.player_names_taken, humans=())
        except NameRefused as exc:
            raise self.error(f"players[{exc.seat}].name", str(exc)) from None
        keys = [name_key(n) for n in names]  # a name as typed anywhere in the file: "ana" is Ana
        first = data.get("first_player")
        if first is None:
            self.first_player = 0
        elif isinstance(first, str) and name_key(first) in keys:
            self.first_player = keys.index(name_key(first))
        elif isinstance(first, str):
            raise self.error("first_player", f"no player is named {shown(first, 40)} (World's End starts there)")
        else:
            raise self.error("first_player", "the name of the first player (World's End starts there)")
        tie = data.get("tie_break")
        self.tie_break: dict[str, str | int] | None = None
        if tie is not None:
            if not isinstance(tie, dict):
                raise self.error("tie_break", "an object from player name to the trait drawn")
            self.tie_break = {}
            for k, v in tie.items():
                if name_key(k) not in keys:
                    raise self.error(f"tie_break.{shown(str(k), 40)}", "no player has this name")
                name = names[keys.index(name_key(k))]
                if name in self.tie_break:
                    raise self.error(f"tie_break.{shown(str(k), 40)}", f"{name}'s draw is given twice")
                drawn = v if _is_int(v) else self.trait_names[self.name_of(v, self.trait_names, f"tie_break.{k}")]
                self.tie_break[name] = drawn

    def _options(self, data: Any, edition: str) -> Options:
        """House rules that change scoring (``gene_pool_leader_bonus``) or World's End. Others
        are refused, not ignored: ``colourless_counts_as_colour`` rules only swaps, which
        World's End has none of, and a score it could not change seemed to have applied it."""
        if not isinstance(data, dict):
            raise self.error("options", "an object of house rules")
        allowed = {"gene_pool_leader_bonus", "discard_unmet_requirement"}
        for key, value in data.items():
            if key not in allowed:
                raise self.error(f"options.{str(key)[:40]}", f"not a house rule for scoring ({', '.join(sorted(allowed))})")
            if not isinstance(value, bool):
                raise self.error(f"options.{key}", "true or false")
        return Options(edition=edition, **data)

    def error(self, field: str | None, why: str) -> ScoreFileError:
        return ScoreFileError(f"{self.file}: {field}: {why}" if field else f"{self.file}: {why}")

    def name_of(self, typed: Any, names: dict[str, str], field: str, what: str = "trait") -> str:
        if not isinstance(typed, str):
            raise self.error(field, f"expected a {what} name")
        if len(typed) > 100:
            raise self.error(field, f"no {what} has a name that long")
        key = (typed, id(names))
        fits = [n for n in self.labelled.get(" ".join(plain_hyphens(typed).split()).lower(), []) if n in names]
        if key not in self._found and len(fits) == 1:  # a label from the braille deck: db17
            self._found[key] = fits[0]
        if key not in self._found and len(fits) > 1:
            raise self.error(field, f"{typed} is the label of {len(fits)} {what}s ({_or(fits)}): give its name")
        if key not in self._found:
            try:
                self._found[key] = find_name(typed, list(names), what)
            except UnknownCardError as exc:
                raise self.error(field, exc.in_a_file()) from None
        return self._found[key]

    def _player(self, p: Any, field: str) -> dict[str, Any]:
        if not isinstance(p, dict):
            raise self.error(field, "expected an object")
        unknown = set(p) - {"name", "traits", "hand", "gene_pool", "choices"}
        if unknown:
            raise self.error(f"{field}.{min(unknown)}", "unknown field")
        name = p.get("name")
        if not isinstance(name, str):
            raise self.error(f"{field}.name", "a player needs a name")
        try:  # the game's names: no number, no card's name, nothing invisible (no command
            # words: a score file is read at no prompt)
            out: dict[str, Any] = {"name": check_name(name, cards=self.cards.player_names_taken)}
        except NameRefused as exc:
            raise self.error(f"{field}.name", str(exc)) from None
        for zone in ("traits", "hand"):
            cards = p.get(zone, [])
            if not isinstance(cards, list):
                raise self.error(f"{field}.{zone}", "expected a list of trait names")
            out[zone] = [
                self.trait_names[self.name_of(c, self.trait_names, f"{field}.{zone}[{i}]")]
                for i, c in enumerate(cards)
            ]
        dominants = [t for t in out["traits"] if self.cards.traits[t].dominant]
        if len(dominants) > 2 + any(t in self.heroes for t in dominants):
            only = "; ".join(f"{self.cards.traits[t].name}, when {age} plays it" for t, age in self.heroes.items())
            raise self.error(
                f"{field}.traits", f"{len(dominants)} dominant traits; a pile holds at most two (a third only: {only})"
            )
        pool = p.get("gene_pool", 5)
        low, high = GENE_POOL_RANGE
        if not isinstance(pool, int) or isinstance(pool, bool) or not low <= pool <= high:
            raise self.error(f"{field}.gene_pool", f"a whole number from {GENE_POOL_RANGE[0]} to {GENE_POOL_RANGE[1]} (normally 1 to 8)")
        out["gene_pool"] = pool
        choices = p.get("choices", {})
        if not isinstance(choices, dict):
            raise self.error(f"{field}.choices", "expected an object from card name to answer")
        out["choices"] = {}
        for key, answer in choices.items():
            card = self.name_of(key, self.card_names, f"{field}.choices", "card")
            out["choices"][self.card_names[card]] = answer
        return out

    def extra_copies(self) -> list[str]:
        """:func:`extra_copies` of the table's piles and hands."""
        return extra_copies(self.cards, Counter(t for p in self.players for zone in ("traits", "hand") for t in p[zone]))

    def position(self, protected: tuple[int, ...] = ()) -> Position:
        """The table as a position at World's End; random picks are asked (they happened)."""
        return Position(
            hands=tuple(tuple(p["hand"]) for p in self.players),
            piles=tuple(tuple(p["traits"]) for p in self.players),
            gene_pools=tuple(p["gene_pool"] for p in self.players),
            revealed=tuple(self.catastrophes),
            age_deck=(),
            first_player=self.first_player,
            start="worlds_end",
            rest_of_deck="in_order",
            random_picks="ask",
            tie_break_draws=self.tie_break is not None,
            protected=protected,
        )

    def build(self, protected: tuple[int, ...] = ()) -> Game:
        """A game standing at World's End with this table, ready for the answers."""
        names = tuple(p["name"] for p in self.players)
        return Game(self.cards, Setup(names, 0, self.options, position=self.position(protected)))

    def protection(self) -> tuple[list[int], list[int]]:
        """Seats a trait may protect from the final catastrophe: (answered yes, not answered).

        The file answers under the protecting trait's name ("yes" or "no")."""
        if not self.catastrophes:
            return [], []
        g = self.build()
        final = g.catastrophe(self.catastrophes[-1])
        yes: list[int] = []
        unknown: list[int] = []
        for seat in range(g.n):
            for card, piece, protects in in_pile(g, seat, "catastrophe_protection"):
                if not protects(g, seat, card, piece, final):
                    continue
                name = g.defs[card].name
                given = self.players[seat]["choices"].get(g.defs[card].id)
                if isinstance(given, list) and len(given) == 1:
                    given = given[0]
                where = f"{self.players[seat]['name']}: choices.{name}"
                self.protection_read.add((seat, g.defs[card].id))
                if given is None:
                    unknown.append(seat)
                elif yes_or_no(given, name, self.error(where, NEEDS["denial_protects"])):
                    yes.append(seat)
                break
        return yes, unknown


class _Answers:
    """Turns the file's answers into the engine's options, for one game.

    A card's answer may be a list: the card's questions, in the order it asks them, take its
    answers in turn (Eloquence plays Morality; Morality asks which trait to give, then to whom).
    """

    def __init__(self, table: _Table) -> None:
        self.table = table
        self.asked: Counter[tuple[int, str | None]] = Counter()

    def answer(self, g: Game, d: Decision) -> Value | None:
        """The option the file's answer names, or None when the file does not say."""
        p = self.table.players[d.player]
        if d.source == "tie_break":
            if self.table.tie_break is None or p["name"] not in self.table.tie_break:
                return None
            return self._drawn(g, d, self.table.tie_break[p["name"]], "tie_break")
        if d.kind == dk.RESPOND and d.reason in ("respond", "respond_to_action"):
            return self._response(g, d, p)
        key = (d.player, d.source)
        index = self.asked[key]
        self.asked[key] += 1
        if d.source not in p["choices"]:
            return None
        given = p["choices"][d.source]
        where = f"{p['name']}: choices.{self._card_name(g, d.source)}"
        if isinstance(given, list):
            if index >= len(given):
                return None
            where += f"[{index}]"
            given = given[index]
        if d.kind == dk.COLOUR:
            if isinstance(given, dict):  # a recolouring: {"from": colour, "to": colour}
                side = "from" if d.reason == "recolour_from" else "to"
                if set(given) - {"from", "to"} or side not in given:
                    raise self.table.error(where, NEEDS["recolour_from"])
                given = given[side]
            if given is False or (isinstance(given, str) and given.strip().lower() in ("none", "no")):
                given = "no"
            if not isinstance(given, str):  # (null, a number, a list: never read as "none")
                need = NEEDS.get(d.reason, "a colour") if d.reason.startswith("recolour") else "a colour"
                raise self.table.error(where, f"{need}, not {shown(json.dumps(given), 40)}")
            colour = given.strip().lower().replace("colorless", "colourless")
            if colour not in d.options:
                possible = _or(["none" if o == "no" else str(o) for o in d.options])
                raise self.table.error(where, f"{given!r} is not a possible answer here (it could be {possible})")
            return colour
        if d.kind == dk.CATASTROPHE:
            name = self.table.name_of(given, self.table.cat_names, where, "catastrophe")
            cat = self.table.cat_names[name]
            if cat not in d.options:
                raise self.table.error(where, f"{name} was not revealed this game")
            return cat
        if d.kind == dk.PLAYER:
            named = player_named(given, [q["name"] for q in self.table.players]) if isinstance(given, str) else None
            if named is None:  # (matched as the file's other names are: "zoe" is Zoë)
                raise self.table.error(where, "the name of a player")
            seat = named
            if seat not in d.options:
                possible = _or([self.table.players[o]["name"] for o in d.options if isinstance(o, int)])
                raise self.table.error(where, f"{given} is not a possible answer here (it could be {possible})")
            return seat
        if d.kind in (dk.YES_NO, dk.RESPOND):
            need = NEEDS.get(d.reason, "yes or no")
            yes = yes_or_no(given, self._card_name(g, d.source), self.table.error(where, need))
            if d.kind == dk.YES_NO:
                return "yes" if yes else "no"
            return next(o for o in d.options if o != "pass") if yes else "pass"
        if given in (None, "none", "no", False) and "no" in d.options:
            return "no"
        if d.reason in ("worlds_end_draw", "card_drawn"):
            return self._drawn(g, d, given, where)
        trait = self.table.trait_names[self.table.name_of(given, self.table.trait_names, where)]
        return self._card_option(g, d, trait, where)

    def check_all_used(self) -> list[str]:
        """A card's list of answers longer than its questions is a slip: the rest was dropped
        without a word ("Morality": ["Adorable", "Ben", "Cy"] gave away Adorable to Ben). A
        choice for a card nobody holds is one too; a choice for a card held that asked nothing
        (Eloquence with no trait it may play) changes nothing, and the notes returned say so."""
        notes = []
        held = {card for p in self.table.players for zone in ("traits", "hand") for card in p[zone]}
        for seat, p in enumerate(self.table.players):
            for card, given in p["choices"].items():
                asked = self.asked[(seat, card)]
                if not asked and (seat, card) not in self.table.protection_read:
                    name = self._card_name_of(card)
                    where = f"{p['name']}: choices.{name}"
                    if card in self.table.cards.traits and card not in held:
                        raise self.table.error(where, f"no player holds {name}, so it asks nothing")
                    if card in self.table.cards.catastrophes and card not in self.table.catastrophes:
                        raise self.table.error(where, f"{name} is not one of this game's catastrophes")
                    notes.append(f"Note: {where} is not used: {name} asked {p['name']} nothing.")
                if isinstance(given, list) and len(given) > 1 and asked < len(given):
                    name = self._card_name_of(card)
                    raise self.table.error(
                        f"{p['name']}: choices.{name}",
                        f"gives {len(given)} answers, but {name} asked {asked} {'question' if asked == 1 else 'questions'}",
                    )
        return notes

    def _card_name_of(self, card: str) -> str:
        cards = self.table.cards
        return cards.traits[card].name if card in cards.traits else cards.catastrophes[card].name

    def _response(self, g: Game, d: Decision, p: dict[str, Any]) -> Value | None:
        """A trait played out of turn is answered under its own name ("Parasitic": "yes")."""
        said: Value | None = None
        for option in d.options:
            if not isinstance(option, int):
                continue
            card = g.defs[option].id
            key = (d.player, card)
            index = self.asked[key]
            self.asked[key] += 1
            given = p["choices"].get(card)
            where = f"{p['name']}: choices.{g.defs[option].name}"
            if isinstance(given, list):
                where += f"[{index}]"
                given = given[index] if index < len(given) else None
            if given is None:
                continue
            said = "pass"
            if yes_or_no(given, g.defs[option].name, self.table.error(where, NEEDS["respond"])):
                return option
        return said

    def _drawn(self, g: Game, d: Decision, given: Any, where: str) -> Value:
        """A card drawn for its face value, given by name or by the face value itself."""
        if _is_int(given):
            cards = [o for o in d.options if isinstance(o, int)]
            for option in cards:
                if g.defs[option].face_value == given:
                    return option
            cap = _draw_cap(g) if d.reason == "worlds_end_draw" else None
            if cap is not None and given >= cap:  # any card at the cap or above scores the cap
                for option in cards:
                    if g.defs[option].face_value >= cap:
                        return option
            raise self.table.error(where, f"no trait left in the deck has face value {given}")
        if not isinstance(given, str):
            raise self.table.error(where, "expected a trait name or a whole number (its face value)")
        if given not in self.table.trait_names.values():
            given = self.table.trait_names[self.table.name_of(given, self.table.trait_names, where)]
        return self._card_option(g, d, given, where)

    def _card_option(self, g: Game, d: Decision, trait_id: str, where: str) -> Value:
        for option in d.options:
            if isinstance(option, int) and g.defs[option].id == trait_id:
                return option
        name = g.cards.traits[trait_id].name
        possible = list(dict.fromkeys(_answer_name(g, d, o) for o in d.options))
        if d.kind == dk.CHANCE:  # a card drawn: any card out of play, too many to list
            why = f"no {name} was left to draw: it is on the table, or drawn already"
        else:
            why = f"it could be {_or(possible)}" if len(possible) <= 8 else f"{len(possible)} answers are possible"
        raise self.table.error(where, f"{name} is not a possible answer here ({why})")

    @staticmethod
    def _card_name(g: Game, card_id: str | None) -> str:
        return g.cards.by_id(card_id).name if card_id else "the game"


def _cards_held(player: Any) -> int:
    """How many cards a player's entry lists (counted before any is looked up)."""
    if not isinstance(player, dict):
        return 0
    zones = (player.get("traits"), player.get("hand"))
    return sum(len(zone) for zone in zones if isinstance(zone, list))


def _draw_cap(g: Game) -> int | None:
    """The most points a World's End draw can give (where the catastrophe caps it)."""
    chosen = g.ending.catastrophe or (g.table.catastrophes[-1] if g.table.catastrophes else None)
    if chosen is None:
        return None
    for piece in g.catastrophe(chosen).worlds_end:
        if piece.effect == "draw_add_face":
            cap = piece.get("cap")
            return cap if isinstance(cap, int) else None
    return None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def extra_copies(cards: CardSet, held: Counter[str]) -> list[str]:
    """Notes on the traits (by id) a table holds more often than one deck does: scored as
    given (two decks may be mixed), but said, since a slip would otherwise change a score
    unheard (Tiny typed by name in one pile and by label in another)."""
    notes = []
    for card, n in held.items():
        copies = cards.traits[card].copies
        if n > copies:
            deck = "one card" if copies == 1 else f"{copies} cards"
            notes.append(f"Note: {cards.traits[card].name} is {deck} in the deck, and this table has it {n} times.")
    return notes


YES_WORDS = ("yes", "y", "true", "play", "played", "protects")
NO_WORDS = ("no", "n", "false", "none", "pass")


def yes_or_no(given: Any, card_name: str, error: ScoreFileError) -> bool:
    """A yes-or-no answer ("Denial": "yes"; the card's own name means it was played); anything
    else raises ``error`` (a stray "maybe" or 1 was read as no, and scored)."""
    if isinstance(given, bool):
        return given
    if isinstance(given, str):
        word = given.strip().lower()
        if word in YES_WORDS or word == card_name.lower():
            return True
        if word in NO_WORDS:
            return False
    raise error


def _answer_name(g: Game, d: Decision, option: Value) -> str:
    """How an option is written in a score file's choices."""
    if d.kind == dk.CATASTROPHE:
        return g.catastrophe(str(option)).name
    if d.kind in (dk.YES_NO, dk.RESPOND):
        return "no" if option in ("no", "pass") else "yes"
    if isinstance(option, int):
        return g.defs[option].name
    return "none" if option == "no" else str(option)


def _distinct(g: Game, d: Decision) -> list[Value]:
    """Options that differ in meaning (two copies of one trait are the same answer)."""
    seen: dict[Any, Value] = {}
    for option in d.options:
        key = g.defs[option].id if isinstance(option, int) and d.kind != dk.PLAYER else option
        seen.setdefault(key, option)
    return list(seen.values())


def _finish(table: _Table, protected: tuple[int, ...], actions: list[Choice]) -> Game:
    """Replay ``actions``, then play on answering from the file or with the first option."""
    g = table.build(protected)
    answers = _Answers(table)
    for action in actions:
        d = g.pending
        assert d is not None
        answers.answer(g, d)  # keeps count of each card's questions
        g.apply(action)
    steps = 0
    while not g.is_over and steps < MAX_REPEATS_CHECK:
        d = g.pending
        assert d is not None
        value = answers.answer(g, d)
        g.apply(Choice(d.player, value if value is not None else _distinct(g, d)[0]))
        steps += 1
    return g


NEEDS = {
    "recolour_from": 'the colours to change, as {"from": colour, "to": colour}, or "none"',
    "recolour_to": 'the colours to change, as {"from": colour, "to": colour}',
    "name_colour": "the colour named",
    "choose_worlds_end": "the catastrophe chosen",
    "eloquence_play": "the trait played from the hand, or none",
    "play_sneaky": "yes or no: was it played",
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


def score_table(data: Any, file: str = "score file", edition: str | None = None) -> ScoreResult:
    """Score a parsed score file; raises :class:`ScoreFileError` on any problem. ``edition``
    (typed on the command line) holds where the file names none."""
    table = _Table(data, file, edition)
    try:
        return _score(table)
    except (ScoreFileError, CardDataError):
        raise
    except RULES_FAILURES as exc:  # a failure of the rules on this table is the file's error
        raise table.error(None, f"the rules cannot score this table ({exc})") from None


def _score(table: _Table) -> ScoreResult:
    """Play the table's World's End, answering from the file; a missing answer that changes
    a score is an error naming the card."""
    answers = _Answers(table)
    yes, unknown = table.protection()
    protected = tuple(yes)
    if unknown:
        outcomes = {
            (tuple(end.scores), end.winners)
            for end in (
                _finish(table, tuple(sorted({*yes, *chosen})), [])
                for chosen in ((), tuple(unknown))
            )
        }
        if len(outcomes) > 1:
            seat = unknown[0]
            who = table.players[seat]["name"]
            g = table.build()
            card = next(g.defs[c].name for c, _, _ in in_pile(g, seat, "catastrophe_protection"))
            error = table.error(
                f"players[{seat}].choices",
                f"{who} needs a choice for {card}: {NEEDS['denial_protects']}",
            )
            error.missing = MissingChoice(seat, card, "denial_protects", ["no", "yes"])
            raise error
    g = table.build(protected)
    alike: dict[tuple[int, str], tuple[str, ...]] = {}  # (seat, trait) -> the traits it could be
    while not g.is_over:
        d = g.pending
        assert d is not None
        value = answers.answer(g, d)
        if value is None:
            options = _distinct(g, d)
            if len(options) > 1 and d.kind == dk.TRAIT:
                names = tuple(g.defs[int(o)].name for o in options)
                alike[(d.player, names[0])] = names
            if len(options) > 1:
                outcomes = set()
                for option in options:
                    end = _finish(table, protected, [*g.actions, Choice(d.player, option)])
                    outcomes.add((tuple(end.scores), end.winners))
                if len(outcomes) > 1:
                    who = table.players[d.player]["name"]
                    if d.source == "tie_break":
                        raise table.error("tie_break", f"{who} needs the trait drawn to break the tie")
                    card = _Answers._card_name(g, d.source)
                    if d.kind == dk.RESPOND and d.reason in ("respond", "respond_to_action"):
                        card = " or ".join(g.defs[o].name for o in d.options if isinstance(o, int))
                    need = NEEDS.get(d.reason, "an answer")
                    error = table.error(
                        f"players[{d.player}].choices", f"{who} needs a choice for {card}: {need}"
                    )
                    error.missing = MissingChoice(
                        d.player, card, d.reason, [_answer_name(g, d, o) for o in options],
                        _removed(table, g, alike),
                    )
                    raise error
            value = options[0]
        g.apply(Choice(d.player, value))
    unused = answers.check_all_used()
    e = g.ending
    scores = [
        PlayerScore(
            table.players[seat]["name"],
            *e.scores[seat],
            tie_break=(
                e.tie_break[seat]
                if table.tie_break and table.players[seat]["name"] in table.tie_break
                and seat in e.tie_breakers
                else None
            ),
        )
        for seat in range(g.n)
    ]
    chosen = e.catastrophe or (g.table.catastrophes[-1] if g.table.catastrophes else None)
    return ScoreResult(
        scores,
        [table.players[s]["name"] for s in e.winners],
        g.catastrophe(chosen).name if chosen else None,
        _removed(table, g, alike),
        table.extra_copies() + unused + _drawn_again(table, g),
    )


def _drawn_again(table: _Table, g: Game) -> list[str]:
    """Notes on a card drawn for points at World's End more often than the deck, less the
    table, holds it (Gills drawn by both players for Deus Ex Machina): scored as given, since
    the deck may have run out and been reshuffled between the draws, but said."""
    drawn: dict[str, list[str]] = {}
    for e in g.log:
        if isinstance(e, WorldsEndPoints) and e.card is not None:
            drawn.setdefault(g.defs[e.card].id, []).append(table.players[e.player]["name"])
    held = Counter(t for p in table.players for zone in ("traits", "hand") for t in p[zone])
    notes = []
    for card, who in drawn.items():
        trait = table.cards.traits[card]
        if len(who) > 1 and held[card] + len(who) > trait.copies:
            notes.append(
                f"Note: {trait.name} is drawn at World's End by {_and(who)}, more often than the deck "
                "holds it; scored as given (possible only if the deck ran out and was reshuffled between them)."
            )
    return notes


def _removed(table: _Table, g: Game, alike: dict[tuple[int, str], tuple[str, ...]]) -> list[Removal]:
    """Traits in a pile before World's End and not in it now, in the order they went, each with
    its cause; ``alike``: choices the file left open because every answer scores the same."""
    leaving = [e for e in g.log if _trait_left(e) is not None]
    found: list[tuple[int, Removal]] = []
    for seat, player in enumerate(table.players):
        left = [g.defs[c].id for c in g.seats[seat].pile]
        for trait_id in player["traits"]:
            if trait_id in left:
                left.remove(trait_id)
                continue
            name = g.cards.traits[trait_id].name
            event = _leaving_event(g, leaving, seat, trait_id)
            cause = _cause_name(table, g, event.cause if event else None)
            removal = Removal(player["name"], name, alike.get((seat, name), ()), cause)
            found.append((event.seq if event else len(g.log), removal))
    return [removal for _, removal in sorted(found, key=lambda pair: pair[0])]


def _trait_left(e: ev.Event) -> tuple[int, int] | None:
    """The seat and the card, when a trait left a pile in this event (discarded, given or
    taken, back to a hand)."""
    if isinstance(e, (ev.TraitDiscarded, ev.TraitToHand)):
        return e.player, e.card
    if isinstance(e, ev.TraitMoved):
        return e.from_player, e.card
    return None


def _leaving_event(g: Game, leaving: list[ev.Event], seat: int, trait_id: str) -> ev.Event | None:
    """The last event still unclaimed in which ``seat`` lost a copy of the trait (a trait that
    came back and went again went the last time); claimed, so a second copy finds its own."""
    for i in range(len(leaving) - 1, -1, -1):
        left = _trait_left(leaving[i])
        if left is not None and left[0] == seat and g.defs[left[1]].id == trait_id:
            return leaving.pop(i)
    return None


def _cause_name(table: _Table, g: Game, cause: ev.Cause | None) -> str:
    """"Ana's Hyper-Intelligence" for a player's trait, the catastrophe's name for a
    catastrophe, "" for a step of the rules."""
    if cause is None:
        return ""
    if cause.kind == ev.TRAIT and cause.seat is not None:
        return f"{table.players[cause.seat]['name']}'s {g.cards.by_id(cause.id).name}"
    if cause.kind == ev.CATASTROPHE:
        return g.catastrophe(cause.id).name
    return ""


def score_file(path: str, edition: str | None = None) -> ScoreResult:
    """Read (within bounds: a FIFO or a link to a device is refused, never waited on) and
    score a score file."""
    shown = str(path)
    try:
        data = load_named_json(Path(path), MAX_FILE_BYTES)
    except FileRefused as exc:
        raise ScoreFileError(f"{shown}: {exc.why}") from None
    return score_table(data, shown, edition)
