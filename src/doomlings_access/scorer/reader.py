"""Score an end state described in a JSON file (``doomlings score FILE``): the file's names
are read once, as card ids, and a :class:`~.tally.Tally` plays World's End and scoring with
the same code the game uses, taking its answers from the file.

The file gives each player's traits (and hand and gene pool where cards need them), the
catastrophes in order, and the answers to the choices the cards ask. A choice with one
possible answer, or whose answer changes nobody's score, is taken without being asked; a
missing choice that matters (the tally's question) is an error naming the card and what it
needs.

The file is hostile until checked: it is read within bounds (a regular file of at most
:data:`MAX_FILE_BYTES`, nesting and digit caps), holds at most :data:`MAX_CARDS` cards, and any
answer of the wrong kind, or a table the rules cannot settle, is an error naming the field.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from doomlings_access.cards.pieces import Use, uses_of
from doomlings_access.cards import CardDataError, CardSet, load_cards
from doomlings_access.cards.lookup import UnknownCardError, find_name, join_or
from doomlings_access.rules import Options
from doomlings_access.rules.decisions import Kind
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
from doomlings_access.scorer.tally import (
    GENE_POOL_WHY,
    MAX_CARDS,
    PROTECTS,
    Id,
    Outcome,
    PlayerCards,
    Question,
    TableCards,
    TableError,
    Tally,
    not_an_option,
    too_many_dominants,
)
from doomlings_access.scorer.words import NEEDS, MissingChoice, ScoreResult, and_, asking_card, removal_of, result_of

MAX_FILE_BYTES = 1024 * 1024
"""Largest score file read (a full table takes about 2 kB)."""
RULES_FAILURES = (RuntimeError, ValueError, KeyError, IndexError, TypeError, AssertionError)
"""What the rules raise for a table no real game reaches (one player giving a trait away)."""


class ScoreFileError(ValueError):
    """The score file is wrong: the message names the file and the field."""

    missing: MissingChoice | None = None

    def __init__(self, message: str) -> None:
        super().__init__(clean(message, 600))  # it quotes the file: never raw control characters


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
        self.cards = cards = load_cards(edition)
        self.trait_names = {t.name: t.id for t in cards.traits.values()}
        self.cat_names = {c.name: c.id for c in cards.catastrophes.values()}
        self.card_names = {**self.trait_names, **self.cat_names}
        self.labelled: dict[str, list[str]] = {}  # a label, lower case -> the names it fits
        for label, name in [(t.label, t.name) for t in cards.traits.values()] + [
            (c.label, c.name) for c in cards.catastrophes.values()
        ]:
            self.labelled.setdefault(label.lower(), []).append(name)
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
            raise self.error(field, f"{typed} is the label of {len(fits)} {what}s ({join_or(fits)}): give its name")
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
        dominants = too_many_dominants(self.cards, out["traits"])
        if dominants is not None:
            raise self.error(f"{field}.traits", dominants)
        pool = p.get("gene_pool", 5)
        low, high = GENE_POOL_RANGE
        if not isinstance(pool, int) or isinstance(pool, bool) or not low <= pool <= high:
            raise self.error(f"{field}.gene_pool", GENE_POOL_WHY)
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

    def cards_at_the_table(self) -> TableCards:
        """The table by card ids, as the rules take it."""
        return TableCards(
            tuple(PlayerCards(p["name"], tuple(p["traits"]), tuple(p["hand"]), p["gene_pool"]) for p in self.players),
            tuple(self.catastrophes),
            self.first_player,
            self.options,
            tie_break=self.tie_break is not None,
        )


class _Answers:
    """Turns the file's answers into the answers of the tally's questions (:class:`Given`).

    A card's answer may be a list: the card's questions, in the order it asks them, take its
    answers in turn (Eloquence plays Morality; Morality asks which trait to give, then to whom).
    """

    def __init__(self, table: _Table) -> None:
        self.table = table
        self.asked: Counter[tuple[int, str | None]] = Counter()
        self.protection_read: set[tuple[int, str]] = set()
        """Protections read before World's End: (seat, card id) of a protecting trait."""

    def copy(self) -> _Answers:
        other = _Answers(self.table)
        other.asked = Counter(self.asked)
        other.protection_read = set(self.protection_read)
        return other

    def answer(self, q: Question) -> Id | None:
        """The id of the option the file's answer names, or None when the file does not say."""
        p = self.table.players[q.player]
        if q.reason == PROTECTS:  # answered under the protecting trait's name ("yes" or "no")
            return self._protection(q, p)
        if q.tie_break:
            if self.table.tie_break is None or p["name"] not in self.table.tie_break:
                return None
            return self._drawn(q, self.table.tie_break[p["name"]], "tie_break")
        if q.kind == Kind.RESPOND and q.reason in ("respond", "respond_to_action"):
            return self._response(q, p)
        key = (q.player, q.card)
        index = self.asked[key]
        self.asked[key] += 1
        if q.card not in p["choices"]:
            return None
        given = p["choices"][q.card]
        where = f"{p['name']}: choices.{self._card_name(q.card)}"
        if isinstance(given, list):
            if index >= len(given):
                return None
            where += f"[{index}]"
            given = given[index]
        ids = [o.id for o in q.options]
        if q.kind == Kind.COLOUR:
            if isinstance(given, dict):  # a recolouring: {"from": colour, "to": colour}
                side = "from" if q.reason == "recolour_from" else "to"
                if set(given) - {"from", "to"} or side not in given:
                    raise self.table.error(where, NEEDS["recolour_from"])
                given = given[side]
            if given is False or (isinstance(given, str) and given.strip().lower() in ("none", "no")):
                given = "no"
            if not isinstance(given, str):  # (null, a number, a list: never read as "none")
                need = NEEDS.get(q.reason, "a colour") if q.reason.startswith("recolour") else "a colour"
                raise self.table.error(where, f"{need}, not {shown(json.dumps(given), 40)}")
            colour = given.strip().lower().replace("colorless", "colourless")
            if colour not in ids:
                possible = join_or(["none" if o == "no" else str(o) for o in ids])
                raise self.table.error(where, f"{given!r} is not a possible answer here (it could be {possible})")
            return colour
        if q.kind == Kind.CATASTROPHE:
            name = self.table.name_of(given, self.table.cat_names, where, "catastrophe")
            cat = self.table.cat_names[name]
            if cat not in ids:
                raise self.table.error(where, f"{name} was not revealed this game")
            return cat
        if q.kind == Kind.PLAYER:
            named = player_named(given, [player["name"] for player in self.table.players]) if isinstance(given, str) else None
            if named is None:  # (matched as the file's other names are: "zoe" is Zoë)
                raise self.table.error(where, "the name of a player")
            seat = named
            if seat not in ids:
                possible = join_or([self.table.players[o]["name"] for o in ids if isinstance(o, int)])
                raise self.table.error(where, f"{given} is not a possible answer here (it could be {possible})")
            return seat
        if q.kind in (Kind.YES_NO, Kind.RESPOND):
            need = NEEDS.get(q.reason, "yes or no")
            yes = yes_or_no(given, self._card_name(q.card), self.table.error(where, need))
            if q.kind == Kind.YES_NO:
                return "yes" if yes else "no"
            return next(o for o in ids if o != "pass") if yes else "pass"
        if given in (None, "none", "no", False) and "no" in ids:
            return "no"
        if q.reason in ("worlds_end_draw", "card_drawn"):
            return self._drawn(q, given, where)
        trait = self.table.trait_names[self.table.name_of(given, self.table.trait_names, where)]
        return self._card_option(q, trait, where)

    def _protection(self, q: Question, p: dict[str, Any]) -> Id | None:
        assert q.card is not None
        name = self._card_name(q.card)
        given = p["choices"].get(q.card)
        if isinstance(given, list) and len(given) == 1:
            given = given[0]
        self.protection_read.add((q.player, q.card))
        if given is None:
            return None
        where = f"{p['name']}: choices.{name}"
        return "yes" if yes_or_no(given, name, self.table.error(where, NEEDS[PROTECTS])) else "no"

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
                if not asked and (seat, card) not in self.protection_read:
                    name = self._card_name(card)
                    where = f"{p['name']}: choices.{name}"
                    if card in self.table.cards.traits and card not in held:
                        raise self.table.error(where, f"no player holds {name}, so it asks nothing")
                    if card in self.table.cards.catastrophes and card not in self.table.catastrophes:
                        raise self.table.error(where, f"{name} is not one of this game's catastrophes")
                    notes.append(f"Note: {where} is not used: {name} asked {p['name']} nothing.")
                if isinstance(given, list) and len(given) > 1 and asked < len(given):
                    name = self._card_name(card)
                    raise self.table.error(
                        f"{p['name']}: choices.{name}",
                        f"gives {len(given)} answers, but {name} asked {asked} {'question' if asked == 1 else 'questions'}",
                    )
        return notes

    def _card_name(self, card: str | None) -> str:
        return self.table.cards.by_id(card).name if card else "the game"

    def _response(self, q: Question, p: dict[str, Any]) -> Id | None:
        """A trait played out of turn is answered under its own name ("Parasitic": "yes")."""
        said: Id | None = None
        for option in q.options:
            card = option.id
            if not isinstance(card, str) or card not in self.table.cards.traits:
                continue
            key = (q.player, card)
            index = self.asked[key]
            self.asked[key] += 1
            given = p["choices"].get(card)
            name = self._card_name(card)
            where = f"{p['name']}: choices.{name}"
            if isinstance(given, list):
                where += f"[{index}]"
                given = given[index] if index < len(given) else None
            if given is None:
                continue
            said = "pass"
            if yes_or_no(given, name, self.table.error(where, NEEDS["respond"])):
                return card
        return said

    def _drawn(self, q: Question, given: Any, where: str) -> Id:
        """A card drawn for its face value, given by name or by the face value itself."""
        traits = self.table.cards.traits
        if _is_int(given):
            cards = [str(o.id) for o in q.options if o.id in traits]
            for card in cards:
                if traits[card].face_value == given:
                    return card
            cap = _draw_cap(self.table.cards, q.card) if q.reason == "worlds_end_draw" else None
            if cap is not None and given >= cap:  # any card at the cap or above scores the cap
                for card in cards:
                    if traits[card].face_value >= cap:
                        return card
            raise self.table.error(where, f"no trait left in the deck has face value {given}")
        if not isinstance(given, str):
            raise self.table.error(where, "expected a trait name or a whole number (its face value)")
        if given not in self.table.trait_names.values():
            given = self.table.trait_names[self.table.name_of(given, self.table.trait_names, where)]
        return self._card_option(q, given, where)

    def _card_option(self, q: Question, trait: str, where: str) -> Id:
        if any(o.id == trait for o in q.options):
            return trait
        raise self.table.error(where, not_an_option(self.table.cards, q, trait))


def _cards_held(player: Any) -> int:
    """How many cards a player's entry lists (counted before any is looked up)."""
    if not isinstance(player, dict):
        return 0
    zones = (player.get("traits"), player.get("hand"))
    return sum(len(zone) for zone in zones if isinstance(zone, list))


def _draw_cap(cards: CardSet, catastrophe: str | None) -> int | None:
    """The most points the catastrophe's World's End draw can give (where it caps it)."""
    cat = cards.catastrophes.get(catastrophe) if catastrophe is not None else None
    if cat is None:
        return None
    for piece in cat.worlds_end:
        if Use.DRAWS_FOR_POINTS in uses_of("catastrophe_worlds_end", piece):
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


def score_table(data: Any, file: str = "score file", edition: str | None = None) -> ScoreResult:
    """Score a parsed score file; raises :class:`ScoreFileError` on any problem. ``edition``
    (typed on the command line) holds where the file names none."""
    table = _Table(data, file, edition)
    try:
        return _score(table)
    except (ScoreFileError, CardDataError):
        raise
    except TableError as exc:
        raise table.error(exc.field, exc.why) from None
    except RULES_FAILURES as exc:  # a failure of the rules on this table is the file's error
        raise table.error(None, f"the rules cannot score this table ({exc})") from None


def _score(table: _Table) -> ScoreResult:
    """Play the table's World's End through a :class:`Tally`, answering from the file; a
    missing answer that changes a score is an error naming the card."""
    answers = _Answers(table)
    tally = Tally(table.cards, table.cards_at_the_table(), answers)
    step = tally.next()
    if isinstance(step, Question):
        raise _missing(table, step)
    unused = answers.check_all_used()
    told = {seat for seat, p in enumerate(table.players) if table.tie_break and p["name"] in table.tie_break}
    result = result_of(step, table.cards, told)
    result.notes = table.extra_copies() + unused + _drawn_again(table, step)
    return result


def _missing(table: _Table, q: Question) -> ScoreFileError:
    """The error for a choice the file must give: the card and what it needs."""
    who = table.players[q.player]["name"]
    if q.tie_break:
        return table.error("tie_break", f"{who} needs the trait drawn to break the tie")
    card = asking_card(q, table.cards)
    error = table.error(f"players[{q.player}].choices", f"{who} needs a choice for {card}: {NEEDS.get(q.reason, 'an answer')}")
    names = [p["name"] for p in table.players]
    error.missing = MissingChoice(
        q.player, card, q.reason, [o.name for o in q.options], [removal_of(r, names, table.cards) for r in q.removed]
    )
    return error


def _drawn_again(table: _Table, outcome: Outcome) -> list[str]:
    """Notes on a card drawn for points at World's End more often than the deck, less the
    table, holds it (Gills drawn by both players for Deus Ex Machina): scored as given, since
    the deck may have run out and been reshuffled between the draws, but said."""
    drawn: dict[str, list[str]] = {}
    for points in outcome.worlds_end_points:
        if points.drawn is not None:
            drawn.setdefault(points.drawn, []).append(table.players[points.player]["name"])
    held = Counter(t for p in table.players for zone in ("traits", "hand") for t in p[zone])
    notes = []
    for card, who in drawn.items():
        trait = table.cards.traits[card]
        if len(who) > 1 and held[card] + len(who) > trait.copies:
            notes.append(
                f"Note: {trait.name} is drawn at World's End by {and_(who)}, more often than the deck "
                "holds it; scored as given (possible only if the deck ran out and was reshuffled between them)."
            )
    return notes


def score_file(path: str, edition: str | None = None) -> ScoreResult:
    """Read (within bounds: a FIFO or a link to a device is refused, never waited on) and
    score a score file."""
    shown = str(path)
    try:
        data = load_named_json(Path(path), MAX_FILE_BYTES)
    except FileRefused as exc:
        raise ScoreFileError(f"{shown}: {exc.why}") from None
    return score_table(data, shown, edition)
